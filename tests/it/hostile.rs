//! Hostile inputs generated in the test, run through the real binary under guard
//! (`support/guarded.rs`): each ends with exit 1 or 2 and a message naming the file and
//! the place, never a panic; peak resident memory stays under 256 MiB; a hang is killed
//! and fails; no file outside the input is read and none anywhere is written (the test
//! snapshots the whole temporary tree and an empty `TMPDIR`). Valid but awkward inputs
//! (BOM, CRLF, tabs inside strings, non-ASCII names) pass. Times are printed, not asserted.

use crate::support::guarded;
use crate::support::snapshot::normalised;

use std::io::Write;
use std::path::{Path, PathBuf};

use guarded::{Outcome, PEAK_MEMORY_BOUND_KIB, run, snapshot};

/// Runs `args` with the tree under `root` snapshotted around the run; checks the bounds
/// every hostile run must keep and prints what was measured.
fn guarded_run(root: &Path, args: &[&str]) -> Outcome {
    let before = snapshot(root);
    let outcome = run(args, &[]);
    let after = snapshot(root);
    let touched: Vec<_> = before
        .keys()
        .chain(after.keys())
        .filter(|path| before.get(*path) != after.get(*path))
        .collect();
    assert!(touched.is_empty(), "vnfwiz {args:?} touched {touched:?}");
    assert!(
        outcome.peak_kib < PEAK_MEMORY_BOUND_KIB,
        "vnfwiz {args:?} peaked at {} KiB",
        outcome.peak_kib
    );
    assert!(!outcome.text.contains("panicked"), "{}", outcome.text);
    eprintln!(
        "measured: {:?}: exit {:?}, {:.2} s, {} KiB",
        args.last(),
        outcome.code,
        outcome.elapsed.as_secs_f64(),
        outcome.peak_kib
    );
    outcome
}

/// Runs `command` on `path`: exit 1 or 2, `names` (file and place) in the message.
fn refused_by(command: &str, path: &Path, names: &str) -> String {
    // The input's own folder (a package folder itself) is what must stay untouched.
    let root = if path.is_dir() {
        path
    } else {
        path.parent().expect("a parent folder")
    };
    let outcome = guarded_run(root, &[command, path.to_str().expect("utf-8 path")]);
    assert!(
        matches!(outcome.code, Some(1) | Some(2)),
        "{}: exit {:?}\n{}",
        path.display(),
        outcome.code,
        outcome.text
    );
    assert!(
        outcome.text.contains(names),
        "message does not name `{names}`:\n{}",
        outcome.text
    );
    normalised(&outcome.text, &[])
}

/// `validate` refuses `path` (see [`refused_by`]).
fn refuses(path: &Path, names: &str) -> String {
    refused_by("validate", path, names)
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
    insta::assert_snapshot!(refuses(&path, "bomb.yaml"));
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
    insta::assert_snapshot!(refuses(&path, "deep.yaml"));
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
    insta::assert_snapshot!(refuses(&path, "latin1.yaml"));
}

#[test]
fn truncated_quotes_and_tabs_are_syntax_errors_with_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "truncated.yaml",
        b"heat_template_version: 2016-10-14\ndescription: \"never closed\nresources: {}\n",
    );
    let mut out = refuses(&path, "truncated.yaml:");
    let path = write(
        dir.path(),
        "tabs.yaml",
        b"heat_template_version: 2016-10-14\nresources:\n\tserver:\n\t\ttype: OS::Nova::Server\n",
    );
    out += &refuses(&path, "tabs.yaml:");
    insta::assert_snapshot!(out);
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
    insta::assert_snapshot!(refuses(&path, "../../x"));
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
    insta::assert_snapshot!(refuses(&path, "base.yaml"));
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
    insta::assert_snapshot!(refuses(dir.path(), "second.yaml"));
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
    insta::assert_snapshot!(out);
    assert!(!out.contains("root:"), "{out}");
    assert!(!out.contains("s3cr3t-token"), "{out}");
}

#[test]
fn a_twenty_mib_line_stops_at_the_line_limit() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = b"heat_template_version: 2016-10-14\ndescription: ".to_vec();
    text.resize(text.len() + (20 << 20), b'x');
    text.push(b'\n');
    let path = write(dir.path(), "long_line.yaml", &text);
    insta::assert_snapshot!(refuses(&path, "long_line.yaml:2:1"));
}

#[test]
fn top_level_lists_are_reported_as_not_a_map() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "listed.yaml",
        b"- heat_template_version: 2016-10-14\n- resources: {}\n",
    );
    let mut out = refuses(&path, "listed.yaml:1:1");
    let set = dir.path().join("set");
    std::fs::create_dir(&set).unwrap();
    write(
        &set,
        "base_dns.yaml",
        b"heat_template_version: 2016-10-14\ndescription: vDNS\nparameters: {}\nresources: {}\n",
    );
    write(&set, "base_dns.env", b"- dns_image_name: bind-9.18\n");
    out += &refuses(&set, "base_dns.env:1:1");
    insta::assert_snapshot!(out);
}

#[test]
fn wrong_types_in_every_section_are_reported_at_each_section() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set");
    std::fs::create_dir(&set).unwrap();
    write(
        &set,
        "base_lb.yaml",
        b"heat_template_version: [2016-10-14]\ndescription: {text: vLB}\nparameter_groups: {lb: 1}\nparameters: [lb_image_name]\nresources: 42\noutputs: lb_ip\nconditions: [on]\n",
    );
    write(
        &set,
        "base_lb.env",
        b"parameters: [lb_image_name]\nparameter_defaults: 3\nresource_registry: [OS::LB]\nencrypted_param_names: secret\nevent_sinks: {a: 1}\nparameter_merge_strategies: 7\n",
    );
    insta::assert_snapshot!(refuses(&set, "base_lb.yaml"));
}

#[test]
fn nested_types_escaping_the_package_are_never_read() {
    let root = tempfile::tempdir().unwrap();
    let package = root.path().join("pkg");
    std::fs::create_dir(&package).unwrap();
    write(
        root.path(),
        "outside.yaml",
        b"heat_template_version: 2016-10-14\ndescription: OUTSIDE-TEMPLATE-READ\nresources: {}\n",
    );
    write(
        &package,
        "base_rtr.yaml",
        b"heat_template_version: 2016-10-14\ndescription: vRouter\nparameters: {}\nresources:\n  rtr_climb:\n    type: ../outside.yaml\n  rtr_absolute:\n    type: /etc/vnfwiz-absent.yaml\n",
    );
    let out = refuses(&package, "base_rtr.yaml:6:");
    insta::assert_snapshot!(out);
    assert!(!out.contains("OUTSIDE-TEMPLATE-READ"), "{out}");
}

#[test]
fn a_link_in_a_template_folder_is_never_followed() {
    let root = tempfile::tempdir().unwrap();
    let package = root.path().join("pkg");
    std::fs::create_dir(&package).unwrap();
    let secret = write(
        root.path(),
        "secret.yaml",
        b"heat_template_version: 2016-10-14\ndescription: LINKED-SECRET-READ\nresources: {}\n",
    );
    write(
        &package,
        "base_x.yaml",
        b"heat_template_version: 2016-10-14\ndescription: x\nparameters: {}\nresources:\n  n:\n    type: linked.yaml\n",
    );
    std::os::unix::fs::symlink(&secret, package.join("linked.yaml")).unwrap();
    let out = refuses(&package, "base_x.yaml:6:");
    assert!(!out.contains("LINKED-SECRET-READ"), "{out}");
}

/// A zip written entry by entry; `link` entries are symbolic links to their data.
fn zip_entries(path: &Path, entries: &[(&str, &[u8], bool)]) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    for (name, data, link) in entries {
        if *link {
            let target = std::str::from_utf8(data).unwrap();
            zip.add_symlink(*name, target, options).unwrap();
        } else {
            zip.start_file(*name, options).unwrap();
            zip.write_all(data).unwrap();
        }
    }
    zip.finish().unwrap();
}

const TEMPLATE: &[u8] = b"heat_template_version: 2016-10-14\ndescription: vFW\nresources: {}\n";

#[test]
fn zip_entries_absolute_or_linked_refuse_the_archive() {
    let dir = tempfile::tempdir().unwrap();
    let absolute = dir.path().join("absolute.zip");
    zip_entries(
        &absolute,
        &[
            ("base.yaml", TEMPLATE, false),
            ("/tmp/vnfwiz-owned.yaml", TEMPLATE, false),
        ],
    );
    let mut out = refuses(&absolute, "/tmp/vnfwiz-owned.yaml");
    let linked = dir.path().join("linked.zip");
    zip_entries(
        &linked,
        &[
            ("base.yaml", TEMPLATE, false),
            ("nested.yaml", b"/etc/passwd", true),
        ],
    );
    out += &refuses(&linked, "nested.yaml");
    insta::assert_snapshot!(out);
    assert!(!out.contains("root:"), "{out}");
}

#[test]
fn truncated_and_garbage_archives_are_refused_naming_the_archive() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.zip");
    zip_entries(&whole, &[("base.yaml", TEMPLATE, false)]);
    let bytes = std::fs::read(&whole).unwrap();
    let cut = write(dir.path(), "cut.zip", &bytes[..bytes.len() / 2]);
    refuses(&cut, "cut.zip");
    let garbage: Vec<u8> = (0..256 * 1024u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8)
        .collect();
    for name in ["garbage.zip", "garbage.csar", "garbage.ova", "garbage.ovf"] {
        let path = write(dir.path(), name, &garbage);
        refuses(&path, name);
    }
}

/// One tar header and data, the name and link written raw (the `tar` crate refuses to
/// write hostile names).
fn tar_entry(out: &mut Vec<u8>, name: &str, kind: tar::EntryType, link: &str, data: &[u8]) {
    let mut header = tar::Header::new_ustar();
    let old = header.as_old_mut();
    old.name[..name.len()].copy_from_slice(name.as_bytes());
    old.linkname[..link.len()].copy_from_slice(link.as_bytes());
    header.set_entry_type(kind);
    header.set_size(data.len() as u64);
    header.set_mode(0o644);
    header.set_cksum();
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    out.resize(out.len().div_ceil(512) * 512, 0);
}

const DESCRIPTOR: &[u8] = br#"<?xml version="1.0" encoding="UTF-8"?>
<Envelope xmlns="http://schemas.dmtf.org/ovf/envelope/1" xmlns:ovf="http://schemas.dmtf.org/ovf/envelope/1">
  <References><File ovf:id="disk" ovf:href="vsbc-disk1.vmdk"/></References>
  <VirtualSystem ovf:id="vsbc"><Info>Session border controller</Info></VirtualSystem>
</Envelope>
"#;

#[test]
fn hostile_tar_entries_and_truncation_refuse_the_ova() {
    use tar::EntryType;
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &str, EntryType, &str, &str); 4] = [
        (
            "climbing.ova",
            "../../vsbc-disk1.vmdk",
            EntryType::Regular,
            "",
            "climbs",
        ),
        (
            "absolute.ova",
            "/tmp/vsbc-disk1.vmdk",
            EntryType::Regular,
            "",
            "absolute",
        ),
        (
            "symlink.ova",
            "vsbc-disk1.vmdk",
            EntryType::Symlink,
            "/etc/shadow",
            "link",
        ),
        (
            "hardlink.ova",
            "vsbc-disk1.vmdk",
            EntryType::Link,
            "../../etc/shadow",
            "link",
        ),
    ];
    let mut shown = String::new();
    for (archive, entry, kind, link, reason) in cases {
        let mut bytes = Vec::new();
        tar_entry(&mut bytes, "vsbc.ovf", EntryType::Regular, "", DESCRIPTOR);
        tar_entry(&mut bytes, entry, kind, link, b"disk");
        bytes.resize(bytes.len() + 1024, 0);
        let path = write(dir.path(), archive, &bytes);
        let out = refuses(&path, archive);
        assert!(out.contains(reason), "{archive}: reason not given:\n{out}");
        shown += &out;
    }
    let mut bytes = Vec::new();
    tar_entry(&mut bytes, "vsbc.ovf", EntryType::Regular, "", DESCRIPTOR);
    tar_entry(
        &mut bytes,
        "vsbc-disk1.vmdk",
        EntryType::Regular,
        "",
        &[7; 4096],
    );
    let path = write(dir.path(), "truncated.ova", &bytes[..bytes.len() - 1000]);
    shown += &refuses(&path, "truncated.ova");
    insta::assert_snapshot!(shown);
}

const ENVELOPE_OPEN: &str = r#"<Envelope xmlns="http://schemas.dmtf.org/ovf/envelope/1" xmlns:ovf="http://schemas.dmtf.org/ovf/envelope/1">"#;

#[test]
fn xml_bombs_entities_doctypes_and_depth_stay_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let mut bomb = String::from(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE Envelope [\n <!ENTITY a \"aaaaaaaaaa\">\n",
    );
    let mut previous = "a".to_owned();
    for i in 0..12 {
        let name = format!("e{i}");
        bomb.push_str(&format!(
            " <!ENTITY {name} \"{}\">\n",
            format!("&{previous};").repeat(10)
        ));
        previous = name;
    }
    bomb.push_str(&format!("]>\n{ENVELOPE_OPEN}<VirtualSystem ovf:id=\"v\"><Info>&{previous};</Info></VirtualSystem></Envelope>\n"));
    let external = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE Envelope [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n{ENVELOPE_OPEN}<VirtualSystem ovf:id=\"v\"><Info>&x;</Info></VirtualSystem></Envelope>\n"
    );
    let doctype = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE Envelope SYSTEM \"http://127.0.0.1:9/ovf.dtd\">\n{ENVELOPE_OPEN}<VirtualSystem ovf:id=\"v\"><Info>x</Info></VirtualSystem></Envelope>\n"
    );
    let deep = format!(
        "{ENVELOPE_OPEN}\n{}{}</Envelope>\n",
        "<a>".repeat(200_000),
        "</a>".repeat(200_000)
    );
    let truncated = format!("{ENVELOPE_OPEN}\n<VirtualSystem ovf:id=\"v\">\n  <Info>cut");
    // `inspect` shows a package with a harmless DOCTYPE (only `validate` reports it).
    let cases = [
        ("bomb.ovf", bomb, "bomb.ovf:", true),
        ("external.ovf", external, "external.ovf:", true),
        ("doctype.ovf", doctype, "doctype.ovf:2:", false),
        ("deep.ovf", deep, "deep.ovf:2:", true),
        ("truncated.ovf", truncated, "truncated.ovf:", true),
    ];
    for (name, text, place, inspect_refuses) in cases {
        let path = write(dir.path(), name, text.as_bytes());
        let out = refuses(&path, place);
        assert!(!out.contains("root:"), "{out}");
        if inspect_refuses {
            let out = refused_by("inspect", &path, name);
            assert!(!out.contains("root:"), "{out}");
        }
    }
}

#[test]
fn valid_but_awkward_text_passes() {
    let root = tempfile::tempdir().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/package/vfw-hot");
    let package = root.path().join("vFW-Zürich-παράδειγμα");
    std::fs::create_dir_all(package.join("scripts")).unwrap();
    for name in [
        "base_vfw.yaml",
        "base_vfw.env",
        "base_vfw_volume.yaml",
        "base_vfw_volume.env",
        "fw_port.yaml",
        "scripts/day0.sh",
    ] {
        let text = std::fs::read_to_string(fixture.join(name)).unwrap();
        let text = match name {
            // A byte-order mark and CRLF line ends, as Windows editors save.
            "base_vfw.yaml" => format!("\u{feff}{}", text.replace('\n', "\r\n")),
            // Tabs inside a quoted string and a non-ASCII description.
            "fw_port.yaml" => text.replace(
                "description: One firewall port",
                "description: \"Port du pare-feu\tà l'intérieur\t— Zürich\"",
            ),
            "base_vfw.env" => text.replace("vfw-9.1", "\"vfw-9.1\tédition\""),
            _ => text,
        };
        write(&package, name, text.as_bytes());
    }
    // The seed profile: the HOT specification and the foundation's ONAP rules, which this
    // fixture was written to meet (the awkwardness is in the text, not the design).
    let outcome = guarded_run(
        root.path(),
        &["validate", "--profile", "seed", package.to_str().unwrap()],
    );
    assert_eq!(outcome.code, Some(0), "{}", outcome.text);
    assert!(
        outcome.text.contains("0 errors, 0 warnings"),
        "{}",
        outcome.text
    );
}

#[test]
fn many_long_wrong_names_stay_linear() {
    // Suggestions for 1 000 wrong 1 000-character names against 100 similar ones once cost
    // 10^11 steps (a hang); now long names are not compared and work is budgeted.
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from(
        "{\"heat_template_version\": \"2016-10-14\", \"description\": \"x\", \"parameters\": {",
    );
    let long = "x".repeat(1000);
    let params: Vec<String> = (0..100)
        .map(|i| format!("\"p{i:03}{long}\": {{\"type\": \"string\"}}"))
        .collect();
    text.push_str(&params.join(",\n"));
    text.push_str("}, \"resources\": {\"r\": {\"type\": \"OS::Nova::Server\", \"properties\": {");
    let refs: Vec<String> = (0..1000)
        .map(|i| format!("\"n{i}\": {{\"get_param\": \"q{i:03}{long}\"}}"))
        .collect();
    text.push_str(&refs.join(",\n"));
    text.push_str("}}}}\n");
    let path = write(dir.path(), "names.yaml", text.as_bytes());
    let out = refuses(&path, "names.yaml:100:");
    assert!(out.contains("R-92635/parameter-reference"), "{out}");
}

#[test]
fn a_value_file_that_never_ends_is_read_within_the_file_limit() {
    // /dev/zero states a size of 0 and never ends: the read itself must be bounded.
    let set = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/convert/hot/vfw");
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("out");
    let outcome = guarded_run(
        root.path(),
        &[
            "onboard",
            set.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--set-file",
            "vfw_admin_password=/dev/zero",
        ],
    );
    assert_eq!(outcome.code, Some(1), "{}", outcome.text);
    insta::assert_snapshot!(normalised(&outcome.text, &[root.path()]));
}
