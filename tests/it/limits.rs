//! Every limit of `src/foundation/limits.rs` hit through the real binary with its flag set low: the
//! run ends with exit 1 (a violation) or 2 (refused input), and the message names the file
//! and the flag that raises the limit. Inputs are small; the flag makes them too large.

use crate::support::binary::{self, output_text};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Runs vnfwiz; returns the exit code and stdout + stderr.
fn vnfwiz(args: &[&str]) -> (i32, String) {
    let out = binary::vnfwiz(args, &[]);
    let text = output_text(&out);
    assert!(!text.contains("panicked"), "{text}");
    (out.status.code().unwrap_or(-1), text)
}

/// `flag value` makes `command path` fail with `code`, naming `file`, the flag and `says`.
fn hits(command: &str, flag: &str, value: &str, path: &Path, code: i32, file: &str, says: &str) {
    let path = path.to_str().expect("utf-8 path");
    let (got, text) = vnfwiz(&[flag, value, command, path]);
    assert_eq!(got, code, "{flag} {value}: {text}");
    assert!(text.contains(file), "{flag}: `{file}` not named:\n{text}");
    assert!(
        text.contains(flag),
        "{flag}: the flag is not named:\n{text}"
    );
    assert!(text.contains(says), "{flag}: `{says}` not said:\n{text}");
    let (got, text) = vnfwiz(&[command, path]);
    assert!(
        !text.contains(flag),
        "{flag}: the default limit is hit too ({got}):\n{text}"
    );
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("folder");
    }
    std::fs::write(&path, bytes).expect("fixture written");
    path
}

const BASE: &str = "heat_template_version: 2016-10-14\ndescription: vFW base module\nparameters:\n  vnf_id: {type: string, description: VNF id}\nresources:\n  vfw_fw:\n    type: fw_nested.yaml\n";
const NESTED: &str = "heat_template_version: 2016-10-14\ndescription: vFW firewall\nparameters:\n  vnf_id: {type: string, description: VNF id}\nresources:\n  vfw_rules:\n    type: fw_rules.yaml\n";
const RULES: &str = "heat_template_version: 2016-10-14\ndescription: vFW rule base\nparameters:\n  vnf_id: {type: string, description: VNF id}\nresources: {}\n";

/// A vFW template set: a base module nesting two levels deep, with its environment.
fn template_set(dir: &Path) -> PathBuf {
    let set = dir.join("vfw");
    write(&set, "base_vfw.yaml", BASE.as_bytes());
    write(&set, "base_vfw.env", b"parameters:\n  vnf_id: vfw-1\n");
    write(&set, "fw_nested.yaml", NESTED.as_bytes());
    write(&set, "fw_rules.yaml", RULES.as_bytes());
    set
}

fn zip_of(folder: &Path, path: &Path) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).expect("zip"));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut names: Vec<_> = std::fs::read_dir(folder)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().into_string().expect("name"))
        .collect();
    names.sort();
    for name in names {
        zip.start_file(name.as_str(), options).expect("entry");
        zip.write_all(&std::fs::read(folder.join(&name)).expect("read"))
            .expect("data");
    }
    zip.finish().expect("zip written");
}

#[test]
fn file_size() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = template_set(dir.path());
    hits(
        "validate",
        "--max-file-size",
        "100",
        &set,
        1,
        "base_vfw.yaml",
        "byte limit for one file",
    );
}

#[test]
fn file_size_of_etsi_type_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let types = dir.path().join("sol001");
    let padding = "# padding\n".repeat(20_000);
    write(
        &types,
        "etsi_nfv_sol001_common_types.yaml",
        format!("tosca_definitions_version: tosca_simple_yaml_1_2\n{padding}").as_bytes(),
    );
    let ovf = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/package/vfw/vfw.ovf");
    let out = dir.path().join("out");
    let args = [
        "onboard",
        ovf.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
        "--package",
        "csar",
        "--etsi-types",
        types.to_str().expect("utf-8"),
    ];
    let mut limited = vec!["--max-file-size", "100000"];
    limited.extend_from_slice(&args);
    let (code, text) = vnfwiz(&limited);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("etsi_nfv_sol001_common_types.yaml: over the 100000-byte limit")
            && text.contains("--max-file-size")
            && text.contains("etsi_types"),
        "{text}"
    );
    assert!(!out.exists());
    // Within the default limit the file is read, and refused for what it is.
    let (code, text) = vnfwiz(&args);
    assert_eq!(code, 1, "{text}");
    assert!(!text.contains("byte limit"), "{text}");
}

#[test]
fn template_size() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = template_set(dir.path());
    hits(
        "validate",
        "--max-template-size",
        "100",
        &set,
        1,
        "base_vfw.yaml",
        "R-92635/template-size",
    );
}

#[test]
fn entries_in_a_folder_and_in_a_zip() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = template_set(dir.path());
    hits("validate", "--max-entries", "3", &set, 2, "vfw", "entries");
    let zip = dir.path().join("vfw.zip");
    zip_of(&set, &zip);
    hits(
        "validate",
        "--max-entries",
        "3",
        &zip,
        2,
        "vfw.zip",
        "entries",
    );
}

#[test]
fn bytes_decompressed_from_one_archive() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = template_set(dir.path());
    let zip = dir.path().join("vfw.zip");
    zip_of(&set, &zip);
    hits(
        "validate",
        "--max-archive-size",
        "300",
        &zip,
        1,
        "vfw.zip",
        "zip bomb",
    );
}

#[test]
fn yaml_depth() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = template_set(dir.path());
    write(
        &set,
        "base_vfw.env",
        b"parameters:\n  vnf_id: vfw-1\nparameter_defaults:\n  tuning: {a: {b: {c: {d: 1}}}}\n",
    );
    hits(
        "validate",
        "--max-yaml-depth",
        "4",
        &set,
        1,
        "base_vfw.env:4:",
        "nesting deeper than 4 levels",
    );
}

#[test]
fn yaml_alias_nodes_and_bytes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = template_set(dir.path());
    write(
        &set,
        "base_vfw.env",
        b"parameters:\n  vnf_id: &id vfw-instance-1\n  vnf_name: *id\n  vnf_tag: *id\n  zones: &zones [az1, az2, az3]\n  zones_again: *zones\n",
    );
    hits(
        "validate",
        "--max-yaml-alias-nodes",
        "3",
        &set,
        1,
        "base_vfw.env:6:",
        "budget of 3 nodes",
    );
    hits(
        "validate",
        "--max-yaml-alias-bytes",
        "20",
        &set,
        1,
        "base_vfw.env:4:",
        "budget of 20 bytes",
    );
}

#[test]
fn line_length() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = template_set(dir.path());
    hits(
        "validate",
        "--max-line-length",
        "40",
        &set,
        1,
        "base_vfw.yaml:4:1",
        "line longer than 40 bytes",
    );
}

#[test]
fn files_in_one_set() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = template_set(dir.path());
    let base = set.join("base_vfw.yaml");
    // The base module, the environment file beside it and the first nested template.
    hits(
        "validate",
        "--max-files",
        "3",
        &base,
        1,
        "fw_rules.yaml",
        "--max-files",
    );
}

#[test]
fn nested_template_depth() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = template_set(dir.path());
    hits(
        "validate",
        "--max-nested-depth",
        "1",
        &set,
        1,
        "fw_nested.yaml:7:",
        "R-92635/nested-depth",
    );
}

const ENVELOPE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Envelope xmlns="http://schemas.dmtf.org/ovf/envelope/1" xmlns:ovf="http://schemas.dmtf.org/ovf/envelope/1" xmlns:rasd="http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_ResourceAllocationSettingData">
  <References/>
  <VirtualSystem ovf:id="vdns">
    <Info>vDNS resolver</Info>
    <VirtualHardwareSection>
      <Info>2 vCPU</Info>
      <Item>
        <rasd:ElementName>2 virtual CPUs</rasd:ElementName>
        <rasd:InstanceID>1</rasd:InstanceID>
        <rasd:ResourceType>3</rasd:ResourceType>
        <rasd:VirtualQuantity>2</rasd:VirtualQuantity>
      </Item>
    </VirtualHardwareSection>
  </VirtualSystem>
</Envelope>
"#;

#[test]
fn xml_depth_and_elements() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ovf = write(dir.path(), "vdns.ovf", ENVELOPE.as_bytes());
    hits(
        "inspect",
        "--max-xml-depth",
        "4",
        &ovf,
        2,
        "vdns.ovf:9:",
        "deeper than 4",
    );
    hits(
        "inspect",
        "--max-xml-elements",
        "5",
        &ovf,
        2,
        "vdns.ovf",
        "more than 5 elements",
    );
}

#[test]
fn manifest_size() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ovf = write(dir.path(), "vdns.ovf", ENVELOPE.as_bytes());
    write(
        dir.path(),
        "vdns.mf",
        b"SHA256(vdns.ovf)= 0000000000000000000000000000000000000000000000000000000000000000\n",
    );
    hits(
        "validate",
        "--max-manifest-size",
        "32",
        &ovf,
        2,
        "vdns.mf",
        "byte limit for a manifest",
    );
}

#[test]
fn tar_extension_header_size() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ova = dir.path().join("vdns.ova");
    let mut builder = tar::Builder::new(std::fs::File::create(&ova).expect("ova"));
    let mut header = tar::Header::new_gnu();
    header.set_size(ENVELOPE.len() as u64);
    header.set_mode(0o644);
    builder
        .append_data(&mut header, "vdns.ovf", ENVELOPE.as_bytes())
        .expect("descriptor");
    // A name over 100 bytes is stored in a GNU long-name header before the entry.
    let long = format!("{}-disk1.vmdk", "vdns".repeat(40));
    let mut header = tar::Header::new_gnu();
    header.set_size(4);
    header.set_mode(0o644);
    builder
        .append_data(&mut header, &long, &b"disk"[..])
        .expect("disk");
    builder.into_inner().expect("ova written");
    hits(
        "validate",
        "--max-tar-header-size",
        "64",
        &ova,
        2,
        "vdns.ova",
        "extension header",
    );
}
