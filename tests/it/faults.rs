//! Faults while `vnfwiz onboard` writes: a full disk, a read-only folder, SIGINT and
//! SIGTERM mid-write, the source vanishing. Whatever happens, the output folder is left
//! exactly as it was, no temporary file stays behind, and the message says what happened.
//! Injected faults (`VNFWIZ_FAULT`, src/foundation/fault.rs) always run; a real full disk and a real
//! read-only folder need a tmpfs mount and are skipped, with a message, where mounting
//! is not allowed.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Far above the time a run takes: only a hang trips it.
const HANG_GUARD: Duration = Duration::from_secs(60);

/// The vFW heat set copied into `root/source`.
fn source(root: &Path) -> PathBuf {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/package/vfw-hot");
    let target = root.join("source");
    copy_tree(&fixture, &target);
    target
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for entry in std::fs::read_dir(from).expect("list").flatten() {
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(entry.file_name()));
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).expect("copy");
        }
    }
}

/// An output folder holding a previous run's files.
fn previous_output(root: &Path) -> PathBuf {
    let out = root.join("out");
    std::fs::create_dir(&out).expect("out");
    std::fs::write(out.join("base_vfw.yaml"), "previous template\n").expect("old file");
    std::fs::write(out.join("notes.txt"), "kept by the operator\n").expect("old file");
    out
}

/// Every entry under `dir` with its bytes (folders as `None`).
fn contents(dir: &Path) -> Vec<(PathBuf, Option<Vec<u8>>)> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path.clone());
                found.push((path, None));
            } else {
                found.push((path.clone(), Some(std::fs::read(&path).expect("read"))));
            }
        }
    }
    found.sort();
    found
}

/// Staging folders or partial files vnfwiz left in `dir`.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| name.contains(".vnfwiz-") || name.ends_with(".partial"))
                .collect()
        })
        .unwrap_or_default()
}

fn onboard_command(source: &Path, out: &Path, faults: &[(&str, &str)]) -> Command {
    onboard_with(source, out, &["--package", "none"], faults)
}

/// `vnfwiz onboard SOURCE --force --out OUT EXTRA…` with faults in its environment.
fn onboard_with(source: &Path, out: &Path, extra: &[&str], faults: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_vnfwiz"));
    command
        .args(["onboard", "--force", "--out"])
        .arg(out)
        .arg(source)
        // The sources are hand-written HOT sets about faults, not ONAP conformance.
        .args(["--profile", "seed"])
        .args(extra)
        .env("NO_COLOR", "1")
        .envs(faults.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs onboard to its end; returns the exit code and stdout + stderr.
fn onboard(source: &Path, out: &Path, faults: &[(&str, &str)]) -> (Option<i32>, String) {
    let child = onboard_command(source, out, faults)
        .spawn()
        .expect("start vnfwiz");
    finish(child)
}

fn finish(mut child: Child) -> (Option<i32>, String) {
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("vnfwiz onboard hung");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let output = child.wait_with_output().expect("output");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!text.contains("panicked"), "{text}");
    (output.status.code(), text)
}

/// Checks a failed write: exit 2, `says` and the promise in the message, the output folder
/// as it was (or still absent), nothing left beside it.
fn failed_cleanly(
    code: Option<i32>,
    text: &str,
    says: &str,
    out: &Path,
    before: &[(PathBuf, Option<Vec<u8>>)],
) {
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains(says), "`{says}` not said:\n{text}");
    assert!(
        text.contains("the output folder is as it was"),
        "the outcome is not said:\n{text}"
    );
    assert_eq!(contents(out), before, "the output folder changed");
    let parent = out.parent().expect("parent");
    assert_eq!(
        leftovers(parent),
        Vec::<String>::new(),
        "temporary files left"
    );
}

#[test]
fn an_injected_full_disk_leaves_the_output_as_it_was() {
    let root = tempfile::tempdir().expect("temp dir");
    let source = source(root.path());
    let out = previous_output(root.path());
    let before = contents(&out);
    let (code, text) = onboard(&source, &out, &[("VNFWIZ_FAULT", "enospc@write:3")]);
    failed_cleanly(code, &text, "No space left on device", &out, &before);
    // The file is named by its place in the output folder, not by a staging path.
    assert!(text.contains(&format!("{}/", out.display())), "{text}");
    let fresh = root.path().join("fresh");
    let (code, text) = onboard(&source, &fresh, &[("VNFWIZ_FAULT", "enospc@write:1")]);
    failed_cleanly(code, &text, "No space left on device", &fresh, &[]);
    assert!(!fresh.exists(), "a failed first run created the folder");
}

#[test]
fn an_injected_read_only_file_system_leaves_the_output_as_it_was() {
    let root = tempfile::tempdir().expect("temp dir");
    let source = source(root.path());
    let out = previous_output(root.path());
    let before = contents(&out);
    let (code, text) = onboard(&source, &out, &[("VNFWIZ_FAULT", "erofs@write:1")]);
    failed_cleanly(code, &text, "Read-only file system", &out, &before);
}

/// A tmpfs mounted for one test and unmounted when dropped.
struct Mount(PathBuf);

impl Mount {
    /// Mounts a tmpfs with `options` at `at`, or says why the test is skipped.
    fn tmpfs(at: &Path, options: &str) -> Option<Mount> {
        std::fs::create_dir_all(at).expect("mount point");
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "tmpfs"])
            .arg(at)
            .stderr(Stdio::null())
            .status();
        match status {
            Ok(status) if status.success() => Some(Mount(at.to_path_buf())),
            _ => {
                eprintln!(
                    "skipped: cannot mount a tmpfs ({options}) here (needs root or CAP_SYS_ADMIN); the injected fault test covers this path"
                );
                None
            }
        }
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_real_full_disk_leaves_nothing_behind() {
    let root = tempfile::tempdir().expect("temp dir");
    let source = source(root.path());
    let disk = root.path().join("disk");
    // Four pages: the staging folder and a few files fill it.
    let Some(_mount) = Mount::tmpfs(&disk, "size=16k") else {
        return;
    };
    let out = disk.join("out");
    let (code, text) = onboard(&source, &out, &[]);
    failed_cleanly(code, &text, "No space left on device", &out, &[]);
    assert_eq!(contents(&disk), Vec::new(), "the disk is not as it was");
}

#[test]
fn a_real_read_only_folder_leaves_the_output_as_it_was() {
    let root = tempfile::tempdir().expect("temp dir");
    let source = source(root.path());
    let disk = root.path().join("disk");
    let Some(mount) = Mount::tmpfs(&disk, "size=1m") else {
        return;
    };
    let out = previous_output(&disk);
    let before = contents(&out);
    let remount = Command::new("mount")
        .args(["-o", "remount,ro"])
        .arg(&mount.0)
        .status();
    if !remount.is_ok_and(|s| s.success()) {
        eprintln!("skipped: cannot remount the tmpfs read-only here");
        return;
    }
    let (code, text) = onboard(&source, &out, &[]);
    failed_cleanly(code, &text, "Read-only file system", &out, &before);
}

/// A run stopped at a stall, with the stderr lines still to come.
struct Stalled {
    child: Child,
    stderr: mpsc::Receiver<String>,
}

impl Stalled {
    /// Waits for the end; returns the exit code and stdout + stderr.
    fn finish(self) -> (Option<i32>, String) {
        let (code, stdout) = finish(self.child);
        let stderr: Vec<String> = self.stderr.iter().collect();
        (code, format!("{stdout}{}", stderr.join("\n")))
    }
}

/// Starts onboard with a stall at `point`; returns once the stall has begun.
fn stalled_at(source: &Path, out: &Path, point: &str, resume: &Path) -> Stalled {
    stalled_with(source, out, &["--package", "none"], point, resume, &[])
}

/// [`stalled_at`] with other arguments and environment.
fn stalled_with(
    source: &Path,
    out: &Path,
    extra: &[&str],
    point: &str,
    resume: &Path,
    envs: &[(&str, &str)],
) -> Stalled {
    let fault = format!("stall@{point}");
    let mut child = onboard_with(
        source,
        out,
        extra,
        &[
            ("VNFWIZ_FAULT", fault.as_str()),
            ("VNFWIZ_FAULT_RESUME", resume.to_str().expect("utf-8")),
        ],
    )
    .envs(envs.iter().copied())
    .spawn()
    .expect("start vnfwiz");
    let stderr = child.stderr.take().expect("stderr");
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = sender.send(line);
        }
    });
    let wanted = format!("stalled at {point}");
    loop {
        match receiver.recv_timeout(HANG_GUARD) {
            Ok(line) if line.contains(&wanted) => break,
            Ok(_) => {}
            Err(_) => {
                let _ = child.kill();
                panic!("onboard never reached {point}");
            }
        }
    }
    Stalled {
        child,
        stderr: receiver,
    }
}

#[test]
fn sigint_and_sigterm_mid_write_leave_the_output_as_it_was() {
    for (signal, name, status) in [
        (libc::SIGINT, "SIGINT", 130),
        (libc::SIGTERM, "SIGTERM", 143),
    ] {
        let root = tempfile::tempdir().expect("temp dir");
        let source = source(root.path());
        let out = previous_output(root.path());
        let before = contents(&out);
        let child = stalled_at(&source, &out, "write:2", &root.path().join("resume"));
        // Mid-write: the staging folder exists beside the output with a file in it.
        assert_eq!(
            leftovers(root.path()).len(),
            1,
            "no staging folder mid-write"
        );
        // SAFETY: kill only sends a signal to our own child.
        assert_eq!(
            unsafe { libc::kill(child.child.id() as libc::pid_t, signal) },
            0
        );
        let (code, text) = child.finish();
        assert_eq!(code, Some(status), "{name}: {text}");
        assert_eq!(contents(&out), before, "{name}: the output folder changed");
        assert_eq!(
            leftovers(root.path()),
            Vec::<String>::new(),
            "{name}: temporary files left"
        );
        assert!(
            text.contains(&format!("interrupted by {name}"))
                && text.contains("temporary files are removed"),
            "{name}: {text}"
        );
    }
}

#[test]
fn a_source_file_vanishing_before_it_is_read_is_named_and_nothing_is_written() {
    let root = tempfile::tempdir().expect("temp dir");
    let source = source(root.path());
    let out = root.path().join("out");
    let resume = root.path().join("resume");
    let child = stalled_at(&source, &out, "listed", &resume);
    std::fs::remove_file(source.join("fw_port.yaml")).expect("remove");
    std::fs::write(&resume, "").expect("resume");
    let (code, text) = child.finish();
    assert!(matches!(code, Some(1) | Some(2)), "{text}");
    assert!(text.contains("fw_port.yaml"), "{text}");
    assert!(!out.exists(), "something was written");
    assert_eq!(leftovers(root.path()), Vec::<String>::new());
}

#[test]
fn a_source_vanishing_while_writing_does_not_change_what_is_written() {
    let root = tempfile::tempdir().expect("temp dir");
    let source = source(root.path());
    let expected = std::fs::read(source.join("fw_port.yaml")).expect("read");
    let out = root.path().join("out");
    let resume = root.path().join("resume");
    let child = stalled_at(&source, &out, "write:2", &resume);
    std::fs::remove_dir_all(&source).expect("remove the source");
    std::fs::write(&resume, "").expect("resume");
    let (code, text) = child.finish();
    // The set was read whole and checked before writing began: it is written as checked.
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(
        std::fs::read(out.join("heat/fw_port.yaml")).expect("written"),
        expected
    );
    assert_eq!(leftovers(root.path()), Vec::<String>::new());
}

#[test]
fn a_source_file_swapped_for_a_link_after_listing_is_not_followed() {
    let root = tempfile::tempdir().expect("temp dir");
    let source = source(root.path());
    let outside = root.path().join("outside.yaml");
    std::fs::write(
        &outside,
        "heat_template_version: 2016-10-14\ndescription: OUTSIDE-FILE-READ\nresources: {}\n",
    )
    .expect("outside");
    let out = root.path().join("out");
    let resume = root.path().join("resume");
    let child = stalled_at(&source, &out, "listed", &resume);
    std::fs::remove_file(source.join("fw_port.yaml")).expect("remove");
    std::os::unix::fs::symlink(&outside, source.join("fw_port.yaml")).expect("link");
    std::fs::write(&resume, "").expect("resume");
    let (code, text) = child.finish();
    assert!(matches!(code, Some(1) | Some(2)), "{text}");
    assert!(text.contains("fw_port.yaml"), "{text}");
    assert!(!text.contains("OUTSIDE-FILE-READ"), "{text}");
    assert!(!out.exists(), "something was written");
}

#[test]
fn a_signal_while_packaging_a_csar_leaves_the_output_as_it_was() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/convert/vsbc");
    let root = tempfile::tempdir().expect("temp dir");
    let out = previous_output(root.path());
    let before = contents(&out);
    let answers = fixtures.join("answers.yaml");
    let stalled = stalled_with(
        &fixtures.join("vsbc.ovf"),
        &out,
        &[
            "--answers",
            answers.to_str().expect("utf-8"),
            "--set-env",
            "sbc.admin.password=SBC_ADMIN_PASSWORD",
            "--package",
            "both",
        ],
        "package",
        &root.path().join("resume"),
        &[("SBC_ADMIN_PASSWORD", "correct-horse-battery")],
    );
    assert_eq!(leftovers(root.path()).len(), 1, "no staging folder");
    // SAFETY: kill only sends a signal to our own child.
    assert_eq!(
        unsafe { libc::kill(stalled.child.id() as libc::pid_t, libc::SIGTERM) },
        0
    );
    let (code, text) = stalled.finish();
    assert_eq!(code, Some(143), "{text}");
    assert!(text.contains("interrupted by SIGTERM"), "{text}");
    assert_eq!(contents(&out), before, "the output folder changed");
    assert_eq!(
        leftovers(root.path()),
        Vec::<String>::new(),
        "temporary files left"
    );
}
