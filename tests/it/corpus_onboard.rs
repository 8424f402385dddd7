//! Opt-in (VNFWIZ_CORPUS): every descriptor of `$VNFWIZ_CORPUS/ovf/` that validates without
//! errors converts with `--accept-eula` and its defaults into a set `vnfwiz validate`
//! reports without errors, or is refused for a reason the package itself gives (nothing to
//! deploy; a property without a value is left for instantiation, not refused). Never a
//! converter error, never a crash.

use std::path::{Path, PathBuf};

use crate::support::binary;
use serde_json::Value;

/// Runs vnfwiz without colour.
fn vnfwiz(args: &[&str]) -> std::process::Output {
    binary::vnfwiz(args, &[])
}

fn errors(report: &[u8]) -> Option<u64> {
    let doc: Value = serde_json::from_slice(report).ok()?;
    doc["summary"]["errors"].as_u64()
}

#[test]
fn every_clean_corpus_descriptor_converts_or_is_refused_for_a_stated_reason() {
    let Some(corpus) = std::env::var_os("VNFWIZ_CORPUS") else {
        return;
    };
    let folder = Path::new(&corpus).join("ovf");
    let mut descriptors: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("corpus folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ovf"))
        .collect();
    descriptors.sort();
    let tmp = tempfile::tempdir().expect("tempdir");
    let (mut converted, mut refused, mut skipped) = (Vec::new(), Vec::new(), 0);
    let mut problems = Vec::new();
    for path in &descriptors {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let check = vnfwiz(&[
            "validate",
            "--format",
            "json",
            path.to_str().expect("utf-8"),
        ]);
        if errors(&check.stdout) != Some(0) {
            skipped += 1;
            continue;
        }
        let out = tmp.path().join(&name);
        let result = vnfwiz(&[
            "onboard",
            path.to_str().expect("utf-8"),
            "--out",
            out.to_str().expect("utf-8"),
            "--accept-eula",
            "--format",
            "json",
        ]);
        let doc: Value = match serde_json::from_slice(&result.stdout) {
            Ok(doc) => doc,
            Err(_) => {
                problems.push(format!(
                    "{name}: exit {:?}, no JSON: {}",
                    result.status.code(),
                    String::from_utf8_lossy(&result.stderr)
                ));
                continue;
            }
        };
        match result.status.code() {
            Some(0) => {
                let written =
                    vnfwiz(&["validate", "--format", "json", out.to_str().expect("utf-8")]);
                if errors(&written.stdout) != Some(0) {
                    problems.push(format!(
                        "{name}: the written set has errors: {}",
                        String::from_utf8_lossy(&written.stdout)
                    ));
                }
                converted.push(name);
            }
            Some(1) if doc["violations"].is_array() => {
                problems.push(format!("{name}: converter output violates a MUST: {doc}"));
            }
            Some(1) => {
                // Refused: only for what the package leaves to the operator or lacks.
                let mut reasons: Vec<String> = doc["problems"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|p| {
                        format!(
                            "{} [{}]",
                            p["subject"].as_str().unwrap_or(""),
                            p["rule"].as_str().unwrap_or("")
                        )
                    })
                    .collect();
                reasons.extend(
                    doc["notes"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter(|n| n["level"] == "error")
                        .map(|n| n["message"].as_str().unwrap_or("").to_owned()),
                );
                let stated = doc["problems"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .all(|p| p["rule"] == "required")
                    && doc["notes"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter(|n| n["level"] == "error")
                        .all(|n| {
                            n["message"]
                                .as_str()
                                .is_some_and(|m| m.contains("nothing to deploy"))
                        });
                if !stated || reasons.is_empty() {
                    problems.push(format!("{name}: refused for another reason: {reasons:?}"));
                }
                refused.push(format!("{name}: {}", reasons.join("; ")));
            }
            other => problems.push(format!("{name}: exit {other:?}")),
        }
    }
    println!(
        "{} descriptors: {} converted clean, {} refused for a reason the package gives, {skipped} not clean under validate",
        descriptors.len(),
        converted.len(),
        refused.len()
    );
    for line in &refused {
        println!("refused: {line}");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(!converted.is_empty());
}
