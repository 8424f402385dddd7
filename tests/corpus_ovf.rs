//! Opt-in: every descriptor of `$VNFWIZ_CORPUS/ovf/` gives an inspect result or, for the
//! deliberately broken ones, a clear error; never a panic. Runs only when VNFWIZ_CORPUS is set.

use std::path::{Path, PathBuf};
use std::process::Command;

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
        if serde_json::from_slice::<serde_json::Value>(&out.stdout).is_err() {
            problems.push(format!("{name}: validate JSON does not parse"));
        }
    }
    println!(
        "{} descriptors: {inspected} inspected, {refused} refused with a clear error; validate: {clean} without errors, {with_errors} with errors",
        descriptors.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(inspected + refused, descriptors.len());
}
