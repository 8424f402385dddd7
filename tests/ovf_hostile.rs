//! Hostile descriptors through the real binary: each ends with exit 1 (validate: a
//! violation) or 2 (inspect: unreadable input) and a message naming the place, never a
//! panic, a hang or an expanded entity.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn vnfwiz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
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
