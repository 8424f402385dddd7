//! The bundled sample (assets/samples/vfw-edge.ova) is what its committed sources build
//! (assets/samples/vfw-edge/build.sh) and a clean package: the README opens the wizard on it.
//! The HOT sample (assets/samples/vfw-heat) is clean too.

use std::io::Read;
use std::path::Path;
use std::process::Command;

use sha2::{Digest, Sha256};

fn samples() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/samples"))
}

#[test]
fn the_ova_holds_exactly_its_sources_in_ovf_order() {
    let file = std::fs::File::open(samples().join("vfw-edge.ova")).unwrap();
    let mut archive = tar::Archive::new(file);
    let mut names = Vec::new();
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        let name = entry.path().unwrap().display().to_string();
        let mut stored = Vec::new();
        entry.read_to_end(&mut stored).unwrap();
        let source = std::fs::read(samples().join("vfw-edge").join(&name)).unwrap();
        assert!(
            stored == source,
            "{name} differs from its source; run build.sh"
        );
        names.push(name);
    }
    assert_eq!(
        names,
        [
            "vfw-edge.ovf",
            "vfw-edge.mf",
            "vfw-dataplane-disk1.qcow2",
            "vfw-manager-disk1.qcow2"
        ]
    );
}

#[test]
fn the_manifest_lists_every_file_with_its_digest() {
    let folder = samples().join("vfw-edge");
    let manifest = std::fs::read_to_string(folder.join("vfw-edge.mf")).unwrap();
    let mut listed = 0;
    for line in manifest.lines() {
        let (name, digest) = line
            .strip_prefix("SHA256(")
            .and_then(|rest| rest.split_once(")= "))
            .unwrap_or_else(|| panic!("not a manifest line: {line}"));
        let bytes = std::fs::read(folder.join(name)).unwrap();
        let actual: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(digest, actual, "{name}");
        listed += 1;
    }
    assert_eq!(listed, 3);
}

#[test]
fn the_samples_validate_clean() {
    // The OVA, and the same firewall as a HOT set (every ONAP rule, the default profile).
    for sample in ["vfw-edge.ova", "vfw-heat"] {
        let output = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
            .args(["validate", "--format", "json"])
            .arg(samples().join(sample))
            .output()
            .unwrap();
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["violations"], serde_json::json!([]), "{sample}");
        assert_eq!(output.status.code(), Some(0), "{sample}");
    }
}

#[test]
fn the_sample_asks_what_the_readme_promises() {
    let output = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["inspect", "--format", "json"])
        .arg(samples().join("vfw-edge.ova"))
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let inspection = &json["inspection"];
    assert_eq!(inspection["eulas"].as_array().unwrap().len(), 1);
    assert_eq!(
        inspection["deployment_options"].as_array().unwrap().len(),
        3
    );
    assert_eq!(
        inspection["virtual_systems"].as_array().unwrap().len(),
        3,
        "a collection of two"
    );
    let properties = inspection["properties"].as_array().unwrap();
    let configurable: Vec<&serde_json::Value> = properties
        .iter()
        .filter(|p| p["user_configurable"] == true)
        .collect();
    assert!(configurable.len() >= 12);
    assert!(configurable.iter().any(|p| p["password"] == true));
    let types: std::collections::BTreeSet<&str> = configurable
        .iter()
        .filter_map(|p| p["type"].as_str())
        .collect();
    assert!(types.len() >= 4, "{types:?}");
    let categories: std::collections::BTreeSet<&str> = configurable
        .iter()
        .filter_map(|p| p["category"].as_str())
        .collect();
    assert!(categories.len() >= 4, "{categories:?}");
}
