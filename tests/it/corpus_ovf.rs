//! Opt-in: every descriptor of `$VNFWIZ_CORPUS/ovf/` gives an inspect result or, for the
//! deliberately broken ones, a clear error; never a panic; the corpus's two manifests
//! verify their descriptors. Runs only when VNFWIZ_CORPUS is set.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use vnfwiz::input::integrity::codes;

/// The corpus's broken descriptors per INDEX.tsv: an unknown version (`?(…)`), the OVF
/// Tool's negative tests (`/Neg/`) and COT's `invalid.ovf`.
fn deliberately_broken(index: &str) -> Vec<String> {
    index
        .lines()
        .skip(1)
        .filter_map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            let (file, path, version) = (columns.first()?, columns.get(2)?, columns.get(5)?);
            let broken =
                version.starts_with('?') || path.contains("/Neg/") || path.contains("/invalid.ovf");
            broken.then(|| (*file).to_owned())
        })
        .collect()
}

#[test]
fn every_corpus_descriptor_inspects_or_fails_clearly() {
    let Some(corpus) = std::env::var_os("VNFWIZ_CORPUS") else {
        return;
    };
    let folder = Path::new(&corpus).join("ovf");
    let index = std::fs::read_to_string(folder.join("INDEX.tsv")).expect("INDEX.tsv");
    let broken = deliberately_broken(&index);
    let mut descriptors: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("corpus folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ovf"))
        .collect();
    descriptors.sort();
    let (mut inspected, mut refused, mut clean, mut with_errors) = (0, 0, 0, 0);
    let mut integrity: BTreeMap<&str, usize> = BTreeMap::new();
    let mut problems = Vec::new();
    for path in &descriptors {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let is_broken = broken.contains(&name);
        for format in ["text", "json"] {
            let out = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
                .args(["inspect", "--format", format])
                .arg(path)
                .output()
                .expect("binary runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            match out.status.code() {
                Some(0) if format == "json" => {
                    if serde_json::from_slice::<serde_json::Value>(&out.stdout).is_err() {
                        problems.push(format!("{name}: inspect JSON does not parse"));
                    }
                    inspected += 1;
                }
                Some(0) => {}
                Some(2)
                    if is_broken && stderr.starts_with("vnfwiz: ") && stderr.contains(".ovf:") =>
                {
                    refused += usize::from(format == "json");
                }
                other => {
                    problems.push(format!("{name}: inspect {format} exit {other:?}: {stderr}"))
                }
            }
        }
        let out = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
            .args(["validate", "--format", "json"])
            .arg(path)
            .output()
            .expect("binary runs");
        match out.status.code() {
            Some(0) => clean += 1,
            Some(1) => with_errors += 1,
            other => problems.push(format!("{name}: validate exit {other:?}")),
        }
        match serde_json::from_slice::<serde_json::Value>(&out.stdout) {
            Ok(report) => {
                for violation in report["violations"].as_array().into_iter().flatten() {
                    let rule = violation["rule"].as_str().unwrap_or_default();
                    if let Some(meta) = codes::ALL.iter().find(|m| m.id == rule) {
                        *integrity.entry(meta.id).or_default() += 1;
                    }
                }
            }
            Err(_) => problems.push(format!("{name}: validate JSON does not parse")),
        }
    }
    println!(
        "{} descriptors: {inspected} inspected, {refused} refused with a clear error; validate: {clean} without errors, {with_errors} with errors",
        descriptors.len()
    );
    println!("integrity findings: {integrity:?}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(inspected + refused, descriptors.len());
}

/// The corpus's manifests (`kind` mf in INDEX.tsv) with the descriptor each belongs to:
/// (manifest file, its original name, descriptor file, its original name). The corpus
/// prefixes every file with its source, so a manifest is matched to the descriptor stored
/// beside it upstream.
fn manifests(index: &str) -> Vec<(String, String, String, String)> {
    let rows: Vec<(String, String, String)> = index
        .lines()
        .skip(1)
        .filter_map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            let file = columns.first()?;
            let path = columns.get(2)?.split(" @").next()?;
            Some((
                (*file).to_owned(),
                path.to_owned(),
                columns.get(4)?.to_string(),
            ))
        })
        .collect();
    rows.iter()
        .filter(|(_, _, kind)| kind == "mf")
        .filter_map(|(file, path, _)| {
            let stem = path.strip_suffix(".mf")?;
            let (descriptor, descriptor_path) = rows
                .iter()
                .find(|(_, p, _)| p.strip_suffix(".ovf") == Some(stem))
                .map(|(f, p, _)| (f.clone(), p.clone()))?;
            let base = |p: &str| p.rsplit('/').next().unwrap_or(p).to_owned();
            Some((file.clone(), base(path), descriptor, base(&descriptor_path)))
        })
        .collect()
}

#[test]
fn corpus_manifests_verify_their_descriptors() {
    let Some(corpus) = std::env::var_os("VNFWIZ_CORPUS") else {
        return;
    };
    let folder = Path::new(&corpus).join("ovf");
    let index = std::fs::read_to_string(folder.join("INDEX.tsv")).expect("INDEX.tsv");
    let found = manifests(&index);
    assert!(!found.is_empty(), "no manifest in INDEX.tsv");
    let mut absent = 0;
    for (manifest, manifest_name, descriptor, descriptor_name) in &found {
        // Under their upstream names, as the manifest lists them.
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::copy(folder.join(manifest), dir.path().join(manifest_name)).expect("copy");
        std::fs::copy(folder.join(descriptor), dir.path().join(descriptor_name)).expect("copy");
        let out = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
            .args(["inspect", "--format", "json"])
            .arg(dir.path().join(descriptor_name))
            .output()
            .expect("binary runs");
        assert_eq!(out.status.code(), Some(0), "{descriptor}");
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let integrity = &doc["inspection"]["integrity"];
        assert_eq!(integrity["manifest"], manifest_name.as_str());
        let findings = integrity["findings"].as_array().expect("findings");
        // The descriptor's digest verifies; only the images (which the corpus does not
        // ship) are missing.
        for finding in findings {
            assert_eq!(
                finding["rule"], "OVF-missing-file",
                "{descriptor}: {finding}"
            );
            assert_ne!(finding["file"], descriptor_name.as_str());
        }
        let missing = findings.len();
        absent += missing;
        println!(
            "{manifest}: {descriptor_name} verified against {manifest_name}; {missing} listed or referenced files absent"
        );
    }
    println!(
        "{} manifests: every descriptor digest verified; {absent} files absent (the corpus ships no images)",
        found.len()
    );
}
