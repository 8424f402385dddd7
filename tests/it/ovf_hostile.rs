//! Hostile descriptors and packages through the real binary: each ends with exit 1
//! (validate: a violation) or 2 (unreadable input) and a message naming the place, never a
//! panic, a hang or an expanded entity. OVAs whose entries climb out, are absolute, are
//! links, or that are truncated are refused whole, naming the archive and the entry, and
//! nothing outside the package is read (a named pipe there would hang) or written.

use crate::support::binary;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs vnfwiz without colour.
fn vnfwiz(args: &[&str]) -> Output {
    binary::vnfwiz(args, &[])
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("fixture written");
    path
}

const ENVELOPE_OPEN: &str = r#"<Envelope xmlns="http://schemas.dmtf.org/ovf/envelope/1" xmlns:ovf="http://schemas.dmtf.org/ovf/envelope/1">"#;

/// `inspect` refuses with exit 2 and `expected` in its one-line message; `validate` reports
/// `rule` with exit 1.
fn refused(text: &str, expected: &str, rule: &str) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(dir.path(), "hostile.ovf", text);
    let path = path.to_str().expect("utf-8 path");
    let out = vnfwiz(&["inspect", path]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "inspect: {stderr}");
    assert!(stderr.contains(expected), "inspect said: {stderr}");
    assert!(
        stderr.starts_with("vnfwiz: hostile.ovf:"),
        "inspect said: {stderr}"
    );
    assert!(out.stdout.is_empty(), "no partial output");
    let out = vnfwiz(&["validate", "--format", "json", path]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let rules: Vec<&str> = report["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .filter_map(|v| v["rule"].as_str())
        .collect();
    assert!(rules.contains(&rule), "validate found {rules:?}");
}

#[test]
fn an_external_entity_is_never_read() {
    let text = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE Envelope [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n{ENVELOPE_OPEN}\n  <VirtualSystem ovf:id=\"vm\"><Info>&xxe;</Info></VirtualSystem>\n</Envelope>\n"
    );
    refused(&text, "entity reference `&xxe;` is refused", "OVF-syntax");
    refused(&text, "hostile.ovf:4:", "OVF-doctype");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(dir.path(), "x.ovf", &text);
    let out = vnfwiz(&["validate", path.to_str().expect("utf-8")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("root:"), "the entity was expanded");
}

#[test]
fn an_entity_bomb_is_refused_without_expansion() {
    let mut text =
        String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n");
    for i in 1..10 {
        let previous = if i == 1 {
            "lol".to_owned()
        } else {
            format!("lol{}", i - 1)
        };
        text.push_str(&format!(
            " <!ENTITY lol{i} \"{}\">\n",
            format!("&{previous};").repeat(10)
        ));
    }
    text.push_str(&format!(
        "]>\n{ENVELOPE_OPEN}<VirtualSystem ovf:id=\"vm\"><Info>&lol9;</Info></VirtualSystem></Envelope>\n"
    ));
    refused(&text, "`&lol9;` is refused", "OVF-syntax");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(dir.path(), "bomb.ovf", &text);
    let out = vnfwiz(&[
        "validate",
        "--rules",
        "OVF-doctype",
        path.to_str().expect("utf-8"),
    ]);
    // The DOCTYPE is reported even though the reference stops the parse.
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("bomb.ovf:2:1"));
}

#[test]
fn two_hundred_thousand_nested_elements_stop_at_the_depth_limit() {
    let depth = 200_000;
    let text = format!(
        "{ENVELOPE_OPEN}{}{}</Envelope>",
        "<a>".repeat(depth),
        "</a>".repeat(depth)
    );
    refused(&text, "nest deeper than 128 levels", "OVF-xml-limit");
}

#[test]
fn a_truncated_document_names_the_open_element() {
    let text = format!(
        "{ENVELOPE_OPEN}\n  <References>\n    <File ovf:id=\"f\" ovf:href=\"disk.vmdk\"/>\n  </References>\n  <VirtualSystem ovf:id=\"vm\">\n    <Info>cut here"
    );
    refused(
        &text,
        "hostile.ovf:6:5: the document ends before `<Info>` (opened here) is closed; the file is truncated",
        "OVF-syntax",
    );
}

#[test]
fn a_non_ovf_root_is_refused() {
    let text = "<?xml version=\"1.0\"?>\n<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion></project>\n";
    refused(text, "not an OVF <Envelope>", "OVF-syntax");
    let text = "<Envelope xmlns=\"http://schemas.dmtf.org/ovf/envelope/3\"/>";
    refused(text, "no OVF version vnfwiz reads", "OVF-syntax");
}

#[test]
fn the_element_limit_and_the_file_limit_hold() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = format!(
        "{ENVELOPE_OPEN}<VirtualSystem ovf:id=\"vm\"><Info>x</Info><VirtualHardwareSection><Info>hw</Info>{}</VirtualHardwareSection></VirtualSystem></Envelope>",
        "<Item/>".repeat(100)
    );
    let path = write(dir.path(), "wide.ovf", &text);
    let path = path.to_str().expect("utf-8");
    let out = vnfwiz(&["--max-xml-elements", "50", "inspect", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than 50 elements"));
    assert_eq!(vnfwiz(&["inspect", path]).status.code(), Some(0));
    let out = vnfwiz(&["--max-file-size", "100", "inspect", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-file-size"));
}

/// One tar entry as written, hostile names, types and link targets included.
struct RawEntry<'a> {
    name: &'a str,
    kind: tar::EntryType,
    link: &'a str,
    data: &'a [u8],
}

fn file_entry<'a>(name: &'a str, data: &'a [u8]) -> RawEntry<'a> {
    RawEntry {
        name,
        kind: tar::EntryType::Regular,
        link: "",
        data,
    }
}

/// A ustar archive written byte by byte (the `tar` crate refuses to write such names).
fn raw_tar(entries: &[RawEntry<'_>]) -> Vec<u8> {
    let mut out = Vec::new();
    for entry in entries {
        let mut header = tar::Header::new_ustar();
        let old = header.as_old_mut();
        old.name[..entry.name.len()].copy_from_slice(entry.name.as_bytes());
        old.linkname[..entry.link.len()].copy_from_slice(entry.link.as_bytes());
        header.set_entry_type(entry.kind);
        header.set_size(entry.data.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(entry.data);
        out.resize(out.len().div_ceil(512) * 512, 0);
    }
    out.resize(out.len() + 1024, 0);
    out
}

const VFW_DESCRIPTOR: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Envelope xmlns="http://schemas.dmtf.org/ovf/envelope/1" xmlns:ovf="http://schemas.dmtf.org/ovf/envelope/1">
  <References>
    <File ovf:id="system" ovf:href="vfw-system.vmdk" ovf:size="4096"/>
  </References>
  <VirtualSystem ovf:id="vfw"><Info>Virtual firewall</Info></VirtualSystem>
</Envelope>
"#;

/// Runs the binary, killing it (and failing) if it has not finished after a generous
/// time: a hang means it opened something it must not (a named pipe outside the package).
fn run_guarded(args: &[&str]) -> Output {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start vnfwiz");
    let started = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("vnfwiz {args:?} hung: it opened something outside the package");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A package folder and, beside it, an `outside` folder holding a named pipe (opening it
/// blocks, so any read shows as a hang) and a secret file.
fn outside_world() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let root = tempfile::tempdir().expect("temp dir");
    let package = root.path().join("package");
    let outside = root.path().join("outside");
    std::fs::create_dir(&package).expect("package dir");
    std::fs::create_dir(&outside).expect("outside dir");
    let fifo = std::ffi::CString::new(
        outside
            .join("disk.fifo")
            .into_os_string()
            .into_encoded_bytes(),
    )
    .expect("path");
    // SAFETY: mkfifo only reads the NUL-terminated path given.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0, "mkfifo");
    std::fs::write(outside.join("secret.txt"), "TOP SECRET subscriber keys").expect("secret");
    (root, package, outside)
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn hostile_ova_entries_refuse_the_archive_and_nothing_outside_is_touched() {
    let (root, package, outside) = outside_world();
    let absolute = outside.join("absolute.vmdk");
    let absolute = absolute.to_str().expect("utf-8");
    let disk = [0x4bu8; 4096];
    let link = |kind, target: &'static str| RawEntry {
        name: "vfw-system.vmdk",
        kind,
        link: target,
        data: &[],
    };
    let cases: Vec<(&str, RawEntry<'_>, &str)> = vec![
        (
            "climbing",
            file_entry("../outside/escaped.vmdk", &disk),
            "climbs out of the archive with `..`",
        ),
        ("absolute", file_entry(absolute, &disk), "absolute"),
        (
            "symlink",
            link(tar::EntryType::Symlink, "../outside/disk.fifo"),
            "is a symbolic link",
        ),
        (
            "hardlink",
            link(tar::EntryType::Link, "../outside/secret.txt"),
            "is a hard link",
        ),
    ];
    for (what, hostile, reason) in cases {
        let entry_name = hostile.name.to_owned();
        let ova = package.join(format!("{what}.ova"));
        let bytes = raw_tar(&[file_entry("vfw.ovf", VFW_DESCRIPTOR.as_bytes()), hostile]);
        std::fs::write(&ova, bytes).expect("OVA");
        let ova = ova.to_str().expect("utf-8");
        for command in ["validate", "inspect"] {
            let out = run_guarded(&[command, ova]);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{what} {command}: {stderr}");
            assert!(
                stderr.starts_with(&format!("vnfwiz: {ova}: entry `{entry_name}` ")),
                "{what} {command}: {stderr}"
            );
            assert!(stderr.contains(reason), "{what} {command}: {stderr}");
            assert!(out.stdout.is_empty(), "{what} {command}: partial output");
            assert!(!stderr.contains("TOP SECRET"));
        }
    }
    assert_eq!(listing(&outside), ["disk.fifo", "secret.txt"]);
    assert_eq!(listing(root.path()), ["outside", "package"]);
}

#[test]
fn a_truncated_ova_names_the_archive_and_the_entry_it_ends_in() {
    let dir = tempfile::tempdir().expect("temp dir");
    let disk: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
    let whole = raw_tar(&[
        file_entry("vfw.ovf", VFW_DESCRIPTOR.as_bytes()),
        file_entry("vfw-system.vmdk", &disk),
    ]);
    let ova = dir.path().join("vfw.ova");
    std::fs::write(&ova, &whole[..100_000]).expect("OVA");
    let ova = ova.to_str().expect("utf-8");
    for command in ["validate", "inspect"] {
        let out = run_guarded(&[command, ova]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.starts_with(&format!("vnfwiz: {ova}: the archive is truncated at byte ")),
            "{command}: {stderr}"
        );
        assert!(stderr.contains("inside `vfw-system.vmdk`"), "{stderr}");
        assert!(out.stdout.is_empty());
    }
    assert_eq!(listing(dir.path()), ["vfw.ova"]);
}

#[test]
fn a_folder_package_never_follows_a_link_or_opens_a_pipe() {
    let (_root, package, outside) = outside_world();
    std::fs::write(package.join("vfw.ovf"), VFW_DESCRIPTOR).expect("descriptor");
    std::os::unix::fs::symlink(outside.join("disk.fifo"), package.join("vfw-system.vmdk"))
        .expect("link");
    // The manifest lists the linked disk and a pipe placed in the package itself.
    let fifo = std::ffi::CString::new(
        package
            .join("vfw-data.vmdk")
            .into_os_string()
            .into_encoded_bytes(),
    )
    .expect("path");
    // SAFETY: mkfifo only reads the NUL-terminated path given.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0, "mkfifo");
    std::fs::write(
        package.join("vfw.mf"),
        format!(
            "SHA256(vfw-system.vmdk)= {zero}\nSHA256(vfw-data.vmdk)= {zero}\n",
            zero = "0".repeat(64)
        ),
    )
    .expect("manifest");
    let descriptor = package.join("vfw.ovf");
    let out = run_guarded(&[
        "validate",
        "--format",
        "json",
        descriptor.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let missing: Vec<String> = report["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .filter(|v| v["rule"] == "OVF-missing-file")
        .map(|v| format!("{}:{}", v["file"], v["line"]).replace('"', ""))
        .collect();
    assert_eq!(missing, ["vfw.mf:2", "vfw.ovf:4"]);
}
