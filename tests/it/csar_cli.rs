//! `vnfwiz validate` on SOL004 CSARs and heat zips, through the real binary: archives built
//! from the rule fixtures, a flipped image byte, unsafe entries and every limit the CSAR
//! reader obeys.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::binary::{Run, violations_at};
use serde_json::Value;

fn fixture(rule: &str, case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rules")
        .join(rule)
        .join(case)
}

/// Every file under `dir`, package-relative, sorted.
fn files_of(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((name, std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// Zips `files` into `<dir>/<name>`, deflating every entry.
fn zip_into(dir: &Path, name: &str, files: &[(String, Vec<u8>)]) -> PathBuf {
    let path = dir.join(name);
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (entry, data) in files {
        writer.start_file(entry.as_str(), options).unwrap();
        writer.write_all(data).unwrap();
    }
    writer.finish().unwrap();
    path
}

fn vnfwiz(args: &[&str]) -> Run {
    Run::from(
        Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
            .args(args)
            .env("NO_COLOR", "1")
            .output()
            .expect("run vnfwiz"),
    )
}

fn json(run: &Run) -> Value {
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stdout))
}

fn errors(report: &Value) -> Vec<&Value> {
    report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["severity"] == "error")
        .collect()
}

#[test]
fn a_zipped_clean_csar_validates_without_errors() {
    let dir = tempfile::tempdir().unwrap();
    let csar = zip_into(
        dir.path(),
        "vfw.csar",
        &files_of(&fixture("CSAR-digest", "pass")),
    );
    let run = vnfwiz(&["validate", csar.to_str().unwrap(), "--format", "json"]);
    let report = json(&run);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert!(errors(&report).is_empty(), "{}", run.stdout);
    assert!(report["summary"]["files"].as_u64().unwrap() >= 5);
}

#[test]
fn one_flipped_image_byte_is_a_digest_error_naming_the_image() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = files_of(&fixture("CSAR-digest", "pass"));
    let image = files
        .iter_mut()
        .find(|(name, _)| name == "Files/images/vfw-9.1.qcow2")
        .expect("the fixture's image");
    image.1[20] ^= 0x01;
    let csar = zip_into(dir.path(), "vfw.zip", &files);
    let run = vnfwiz(&["validate", csar.to_str().unwrap(), "--format", "json"]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let report = json(&run);
    let found = errors(&report);
    assert_eq!(found.len(), 1, "{}", run.stdout);
    let digest = found[0];
    assert_eq!(digest["rule"], "CSAR-digest");
    assert_eq!(digest["file"], "vfw.mf");
    assert_eq!(digest["line"], 9);
    let message = digest["message"].as_str().unwrap();
    assert!(message.contains("Files/images/vfw-9.1.qcow2"), "{message}");
}

#[test]
fn a_flavour_missing_a_substitution_input_is_an_error_naming_file_line_and_input() {
    // The defect tosca-parser found in vnfwiz's own CSARs: the flavour declares only
    // descriptor_id and flavour_id among the inputs the top-level VNF node hands it.
    let dir = tempfile::tempdir().unwrap();
    let csar = zip_into(
        dir.path(),
        "vfw.csar",
        &files_of(&fixture("CSAR-flavour-inputs", "fail")),
    );
    let run = vnfwiz(&["validate", csar.to_str().unwrap(), "--format", "json"]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let report = json(&run);
    let found: Vec<&Value> = errors(&report)
        .into_iter()
        .filter(|v| v["rule"] == "CSAR-flavour-inputs")
        .collect();
    let mut missing: Vec<&str> = found
        .iter()
        .map(|v| {
            assert_eq!(v["file"], "Definitions/vfw_df_default.yaml");
            assert_eq!(v["line"], 17, "{v}");
            v["path"]
                .as_str()
                .unwrap()
                .trim_start_matches("topology_template.inputs.")
        })
        .collect();
    missing.sort();
    assert_eq!(
        missing,
        [
            "descriptor_version",
            "flavour_description",
            "product_name",
            "provider",
            "software_version",
            "vnfm_info"
        ]
    );
    let message = found[0]["message"].as_str().unwrap();
    assert!(
        message.contains("flavour `default` substitutes acme.vFirewall but declares no input"),
        "{message}"
    );
}

#[test]
fn an_unpacked_csar_folder_is_checked_as_a_csar() {
    let run = vnfwiz(&[
        "validate",
        fixture("CSAR-source", "fail").to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(run.code, Some(1));
    let report = json(&run);
    let rules: Vec<&str> = errors(&report)
        .iter()
        .map(|v| v["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["CSAR-source"], "{}", run.stdout);
}

#[test]
fn an_archive_entry_climbing_out_is_refused_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = files_of(&fixture("CSAR-digest", "pass"));
    files.push((
        "../../etc/cron.d/backdoor".to_owned(),
        b"* * * * * root sh\n".to_vec(),
    ));
    let csar = zip_into(dir.path(), "vfw.csar", &files);
    let run = vnfwiz(&["validate", csar.to_str().unwrap()]);
    assert_eq!(run.code, Some(2));
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.contains("../../etc/cron.d/backdoor"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_heat_zip_gets_sdc_manifest_checks() {
    let dir = tempfile::tempdir().unwrap();
    let zip = zip_into(
        dir.path(),
        "vlb.zip",
        &files_of(&fixture("SDC-type", "fail")),
    );
    let run = vnfwiz(&[
        "validate",
        zip.to_str().unwrap(),
        "--rules",
        "SDC-type",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let report = json(&run);
    assert_eq!(errors(&report).len(), 2, "{}", run.stdout);
    assert!(errors(&report).iter().all(|v| v["file"] == "MANIFEST.json"));
}

#[test]
fn a_metadata_file_over_the_file_limit_refuses_the_package() {
    let run = vnfwiz(&[
        "validate",
        fixture("CSAR-digest", "pass").to_str().unwrap(),
        "--max-file-size",
        "100",
    ]);
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert!(
        run.stderr.contains("TOSCA-Metadata/TOSCA.meta"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--max-file-size"), "{}", run.stderr);
}

#[test]
fn a_package_over_the_entry_limit_is_refused() {
    let run = vnfwiz(&[
        "validate",
        fixture("CSAR-digest", "pass").to_str().unwrap(),
        "--max-entries",
        "3",
    ]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("--max-entries"), "{}", run.stderr);
}

#[test]
fn inflating_past_the_archive_budget_refuses_the_package() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = files_of(&fixture("CSAR-digest", "pass"));
    let image = files
        .iter_mut()
        .find(|(name, _)| name == "Files/images/vfw-9.1.qcow2")
        .unwrap();
    image.1 = vec![0u8; 4 << 20];
    let csar = zip_into(dir.path(), "vfw.csar", &files);
    let run = vnfwiz(&[
        "validate",
        csar.to_str().unwrap(),
        "--max-archive-size",
        "1000000",
    ]);
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert!(run.stderr.contains("--max-archive-size"), "{}", run.stderr);
}

#[test]
fn vnfd_nesting_past_the_yaml_limit_is_a_finding() {
    let run = vnfwiz(&[
        "validate",
        fixture("CSAR-digest", "pass").to_str().unwrap(),
        "--max-yaml-depth",
        "4",
        "--rules",
        "CSAR-vnfd-yaml",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, Some(1));
    let report = json(&run);
    let found = errors(&report);
    assert!(!found.is_empty());
    assert!(
        found
            .iter()
            .all(|v| v["message"].as_str().unwrap().contains("--max-yaml-depth")),
        "{}",
        run.stdout
    );
}

#[test]
fn vnfd_imports_past_the_file_limit_are_findings() {
    let run = vnfwiz(&[
        "validate",
        fixture("CSAR-digest", "pass").to_str().unwrap(),
        "--max-files",
        "2",
        "--rules",
        "CSAR-import",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, Some(1));
    let report = json(&run);
    let found = errors(&report);
    assert_eq!(found.len(), 1, "{}", run.stdout);
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("--max-files")
    );
}

/// Every entry of a zip with its inflated bytes.
fn entries_of(zip: &Path) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(zip).unwrap()).unwrap();
    (0..archive.len())
        .map(|i| {
            let mut entry = archive.by_index(i).unwrap();
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut entry, &mut bytes).unwrap();
            (entry.name().unwrap().into_owned(), bytes)
        })
        .collect()
}

#[test]
fn a_signed_csar_is_verified_over_its_bytes_then_read_as_a_csar() {
    // SOL004's second option, signed by openssl (tests/fixtures/package/make-signed-fixtures.sh).
    let signed = fixture("CSAR-signature", "pass_signed").join("vfw.zip");
    let run = vnfwiz(&["validate", "--format", "json", signed.to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let report = json(&run);
    assert_eq!(
        violations_at(&report),
        [("CSAR-signer".to_owned(), "vfw.cms:1".to_owned())]
    );
    assert!(
        report["summary"]["files"].as_u64() > Some(1),
        "the CSAR is read"
    );
    // The same CSAR with a flipped image byte: the signature fails and so does the digest
    // the manifest records, each reported once.
    let dir = tempfile::tempdir().unwrap();
    let mut entries = entries_of(&signed);
    let csar = &mut entries.iter_mut().find(|(n, _)| n == "vfw.csar").unwrap().1;
    let image = csar
        .windows(8)
        .position(|w| w == b"vFirewal")
        .expect("the image's text");
    csar[image] ^= 0x20;
    let tampered = zip_into(dir.path(), "vfw.zip", &entries);
    let run = vnfwiz(&["validate", "--format", "json", tampered.to_str().unwrap()]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let found = violations_at(&json(&run));
    assert!(
        found.contains(&("CSAR-signature".to_owned(), "vfw.cms:1".to_owned())),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|(rule, _)| rule == "CSAR-zip" || rule == "CSAR-digest"),
        "{found:?}"
    );
}

#[test]
fn each_signed_package_fault_is_reported_with_its_rule() {
    for (rule, case, code) in [
        ("CSAR-signature", "fail_signed_tampered", 1),
        ("CSAR-signature", "fail_signed_wrong_certificate", 1),
        ("CSAR-signed-missing", "fail", 1),
        ("CSAR-signed-layout", "fail", 1),
        ("CSAR-signer-validity", "fail_signed", 0),
        ("CSAR-signer-trust", "fail_signed", 0),
    ] {
        let path = fixture(rule, case).join("vfw.zip");
        let run = vnfwiz(&["validate", "--format", "json", path.to_str().unwrap()]);
        assert_eq!(
            run.code,
            Some(code),
            "{rule}/{case}: {}{}",
            run.stdout,
            run.stderr
        );
        let found = violations_at(&json(&run));
        assert!(
            found.iter().any(|(r, _)| r == rule),
            "{rule}/{case}: {found:?}"
        );
    }
}

#[test]
fn a_compressed_csar_in_a_signed_zip_is_held_to_the_file_limit() {
    // A signed zip whose CSAR is deflated: inflated into memory, within --max-file-size.
    let signed = fixture("CSAR-signature", "pass_signed").join("vfw.zip");
    let dir = tempfile::tempdir().unwrap();
    let deflated = zip_into(dir.path(), "vfw.zip", &entries_of(&signed));
    let path = deflated.to_str().unwrap();
    let run = vnfwiz(&["validate", "--format", "json", path]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let run = vnfwiz(&["validate", "--max-file-size", "3100", path]);
    assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("vfw.csar") && run.stderr.contains("3100"),
        "{}",
        run.stderr
    );
}
