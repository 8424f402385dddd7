//! Hostile HOT inputs generated in the test: each run of the real binary must end with
//! exit 1 or 2 and a clear message naming the file, under a memory cap, without reading or
//! writing outside its input.

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Address-space cap for the child: a bomb that expands in memory fails instead of passing.
const MEMORY_CAP: u64 = 512 << 20;
/// A guard against hangs, far above the expected time (not a speed assertion).
const HANG_GUARD: Duration = Duration::from_secs(60);

fn vnfwiz(args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_vnfwiz"));
    command
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe and only touches the child before exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: MEMORY_CAP,
                rlim_max: MEMORY_CAP,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = command.spawn().expect("start vnfwiz");
    let started = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("vnfwiz {args:?} did not finish");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Runs `validate` on `path` and checks the outcome: exit 1 or 2, the file named, no panic.
fn refuses(path: &Path, names: &str) -> String {
    let output = vnfwiz(&["validate", path.to_str().unwrap()]);
    let code = output.status.code();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        matches!(code, Some(1) | Some(2)),
        "{}: exit {code:?}\n{text}",
        path.display()
    );
    assert!(!text.contains("panicked"), "{text}");
    assert!(
        text.contains(names),
        "message does not name `{names}`:\n{text}"
    );
    text
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn listing(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    out.sort();
    out
}

#[test]
fn alias_bomb_stops_at_the_budget() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from(
        "heat_template_version: 2016-10-14\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n",
    );
    for i in 1..12 {
        let refs = vec![format!("*l{}", i - 1); 9].join(", ");
        text.push_str(&format!("l{i}: &l{i} [{refs}]\n"));
    }
    let path = write(dir.path(), "bomb.yaml", text.as_bytes());
    let out = refuses(&path, "bomb.yaml");
    assert!(out.contains("alias"), "{out}");
}

#[test]
fn deep_brackets_stop_at_the_depth_limit() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "heat_template_version: 2016-10-14\nx: {}{}\n",
        "[".repeat(200_000),
        "]".repeat(200_000)
    );
    let path = write(dir.path(), "deep.yaml", text.as_bytes());
    let out = refuses(&path, "deep.yaml");
    assert!(out.contains("nesting deeper"), "{out}");
}

#[test]
fn binary_garbage_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let garbage: Vec<u8> = (0..64 * 1024u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let path = write(dir.path(), "garbage.yaml", &garbage);
    refuses(&path, "garbage.yaml");
}

#[test]
fn invalid_utf8_names_the_byte_offset() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "latin1.yaml",
        b"heat_template_version: 2016-10-14\ndescription: caf\xe9\n",
    );
    let out = refuses(&path, "latin1.yaml");
    assert!(out.contains("byte 50"), "{out}");
}

#[test]
fn truncated_quotes_and_tabs_are_syntax_errors_with_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "truncated.yaml",
        b"heat_template_version: 2016-10-14\ndescription: \"never closed\nresources: {}\n",
    );
    let out = refuses(&path, "truncated.yaml");
    assert!(out.contains("truncated.yaml:"), "{out}");
    let path = write(
        dir.path(),
        "tabs.yaml",
        b"heat_template_version: 2016-10-14\nresources:\n\tserver:\n\t\ttype: OS::Nova::Server\n",
    );
    refuses(&path, "tabs.yaml:");
}

fn zip_with(path: &Path, entries: &[(&str, &[u8])]) {
    let file = std::fs::File::create(path).unwrap();
    let mut zip = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in entries {
        zip.start_file(*name, options).unwrap();
        zip.write_all(data).unwrap();
    }
    zip.finish().unwrap();
}

#[test]
fn zip_entry_climbing_out_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let inner = dir.path().join("a/b");
    std::fs::create_dir_all(&inner).unwrap();
    let path = inner.join("slip.zip");
    zip_with(
        &path,
        &[
            (
                "base.yaml",
                b"heat_template_version: 2016-10-14\nresources: {}\n",
            ),
            ("../../x", b"owned"),
        ],
    );
    let before = listing(dir.path());
    let out = refuses(&path, "../../x");
    assert!(out.contains("refused"), "{out}");
    assert_eq!(listing(dir.path()), before);
    assert!(!dir.path().join("x").exists());
}

#[test]
fn zip_bomb_stops_at_the_file_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bomb.zip");
    let file = std::fs::File::create(&path).unwrap();
    let mut zip = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1))
        .large_file(true);
    zip.start_file("base.yaml", options).unwrap();
    zip.write_all(b"heat_template_version: 2016-10-14\ndescription: ")
        .unwrap();
    let zeros = vec![b'a'; 1 << 20];
    for _ in 0..1024 {
        zip.write_all(&zeros).unwrap();
    }
    zip.finish().unwrap();
    assert!(std::fs::metadata(&path).unwrap().len() < 16 << 20);
    let out = refuses(&path, "base.yaml");
    assert!(out.contains("limit"), "{out}");
}

#[test]
fn nested_template_cycle_is_a_violation() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "base_loop.yaml",
        b"heat_template_version: 2016-10-14\ndescription: loops\nresources:\n  a:\n    type: first.yaml\n",
    );
    write(
        dir.path(),
        "first.yaml",
        b"heat_template_version: 2016-10-14\ndescription: first\nresources:\n  b:\n    type: second.yaml\n",
    );
    write(
        dir.path(),
        "second.yaml",
        b"heat_template_version: 2016-10-14\ndescription: second\nresources:\n  c:\n    type: first.yaml\n",
    );
    let out = refuses(dir.path(), "second.yaml");
    assert!(out.contains("cycle") || out.contains("loop"), "{out}");
}

#[test]
fn get_file_outside_the_package_is_never_read() {
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "s3cr3t-token").unwrap();
    let package = dir.path().join("pkg");
    std::fs::create_dir(&package).unwrap();
    write(
        &package,
        "base_x.yaml",
        b"heat_template_version: 2016-10-14\ndescription: x\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      user_data: {get_file: /etc/passwd}\n      personality: {get_file: ../secret.txt}\n",
    );
    let out = refuses(&package, "base_x.yaml");
    assert!(out.contains("/etc/passwd"), "{out}");
    assert!(!out.contains("root:"), "{out}");
    assert!(!out.contains("s3cr3t-token"), "{out}");
}
