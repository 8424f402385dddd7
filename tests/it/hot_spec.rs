//! The HOT-spec rule family (R-92635/…) as a whole: pass fixtures are clean of every rule of
//! the family, and the binary reports severities, related places and limits as documented.

use std::path::{Path, PathBuf};
use std::process::Command;

use vnfwiz::check::rules::{Selection, check_hot};
use vnfwiz::check::validation::load_hot_inputs;
use vnfwiz::foundation::limits::Limits;

fn family_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules/R-92635")
}

fn pass_sets() -> Vec<PathBuf> {
    let mut sets = Vec::new();
    for rule in std::fs::read_dir(family_root())
        .expect("fixture folder")
        .flatten()
    {
        for set in std::fs::read_dir(rule.path())
            .expect("rule folder")
            .flatten()
        {
            let name = set.file_name().to_string_lossy().into_owned();
            if name.starts_with("pass") && set.path().is_dir() {
                sets.push(set.path());
            }
        }
    }
    sets.sort();
    sets
}

#[test]
fn pass_fixtures_are_clean_of_every_hot_spec_rule() {
    let selection = Selection::only(&["R-92635"]).expect("the family is registered");
    let sets = pass_sets();
    assert!(sets.len() >= 30, "only {} pass fixtures found", sets.len());
    let mut problems = Vec::new();
    for dir in sets {
        let loaded = load_hot_inputs(std::slice::from_ref(&dir), &Limits::default())
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for set in &loaded {
            for v in check_hot(set, &selection) {
                problems.push(format!(
                    "{}: {}:{}:{} {} {}",
                    dir.display(),
                    v.file,
                    v.span.line,
                    v.span.column,
                    v.rule.id,
                    v.message
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn validate(args: &[&str]) -> (i32, serde_json::Value) {
    let output = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(args)
        .output()
        .expect("the binary runs");
    let json = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code().unwrap_or(-1), json)
}

fn fixture(rule: &str, set: &str) -> String {
    family_root().join(rule).join(set).display().to_string()
}

#[test]
fn duplicate_keys_point_back_at_the_first_place() {
    let dir = fixture("duplicate-key", "fail");
    let (code, json) = validate(&[
        "validate",
        &dir,
        "--rules",
        "R-92635/duplicate-key",
        "--format",
        "json",
    ]);
    // Heat keeps the last value and deploys: a warning, which fails no run.
    assert_eq!(code, 0);
    let violations = json["violations"].as_array().expect("violations");
    let resource = violations
        .iter()
        .find(|v| v["line"] == 40)
        .expect("the repeated resource");
    assert_eq!(resource["file"], "base_sbc.yaml");
    assert_eq!(resource["severity"], "warning");
    assert!(
        resource["message"]
            .as_str()
            .is_some_and(|m| m.contains("Heat keeps only this second value and deploys")),
        "{resource}"
    );
    assert_eq!(resource["related"][0]["line"], 20);
    assert_eq!(resource["related"][0]["file"], "base_sbc.yaml");
}

#[test]
fn misspelt_functions_are_warnings_that_do_not_fail_validation() {
    let dir = fixture("misspelt-function", "fail");
    let (code, json) = validate(&[
        "validate",
        &dir,
        "--rules",
        "R-92635/misspelt-function",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json["summary"]["warnings"], 6);
    assert_eq!(json["summary"]["errors"], 0);
    assert_eq!(json["violations"][0]["keyword"], "SHOULD");
}

#[test]
fn max_template_size_follows_the_flag() {
    let dir = fixture("template-size", "fail");
    let rules = ["--rules", "R-92635/template-size", "--format", "json"];
    let (code, json) = validate(&[&["validate", &dir][..], &rules[..]].concat());
    assert_eq!(code, 1);
    let message = json["violations"][0]["message"]
        .as_str()
        .expect("a message");
    assert!(message.contains("512 KiB"), "{message}");
    assert!(message.contains("--max-template-size"), "{message}");
    let (code, json) = validate(
        &[
            &["--max-template-size", "1048576", "validate", &dir][..],
            &rules[..],
        ]
        .concat(),
    );
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["violations"].as_array().map(Vec::len), Some(0));
}
