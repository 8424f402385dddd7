//! The HOT-spec rule family (R-92635/…) as a whole: pass fixtures are clean of every rule of
//! the family, and the binary reports severities, related places and limits as documented.

use std::process::Command;

use crate::support::rule_sets::{Materialised, RuleSet, all_sets, rule_set};
use vnfwiz::check::rules::{Selection, check_hot};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::open::load_hot_inputs;

/// The family's `pass*` sets, each with its files written out.
fn pass_sets() -> Vec<(RuleSet, Materialised)> {
    all_sets()
        .into_iter()
        .filter(|s| s.rule().starts_with("R-92635/") && s.name().starts_with("pass"))
        .map(|s| {
            let written = s.materialise();
            (s, written)
        })
        .collect()
}

#[test]
fn pass_fixtures_are_clean_of_every_hot_spec_rule() {
    let selection = Selection::only(&["R-92635"]).expect("the family is registered");
    let sets = pass_sets();
    assert!(sets.len() >= 30, "only {} pass fixtures found", sets.len());
    let mut problems = Vec::new();
    for (source, written) in &sets {
        let dir = written.dir().to_path_buf();
        let loaded = load_hot_inputs(std::slice::from_ref(&dir), &Limits::default())
            .unwrap_or_else(|e| panic!("{}: {e}", source.source().display()));
        for set in &loaded {
            for v in check_hot(set, &selection) {
                problems.push(format!(
                    "{}: {}:{}:{} {} {}",
                    source.source().display(),
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

/// A set of the family's rule `rule`, written out.
fn fixture(rule: &str, set: &str) -> Materialised {
    rule_set(&format!("R-92635/{rule}"), set).materialise()
}

#[test]
fn duplicate_keys_point_back_at_the_first_place() {
    let set = fixture("duplicate-key", "fail");
    let dir = set.dir().display().to_string();
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
    let set = fixture("misspelt-function", "fail");
    let dir = set.dir().display().to_string();
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
    let set = fixture("template-size", "fail");
    let dir = set.dir().display().to_string();
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

#[test]
fn list_items_that_are_not_parameter_names_are_reported_at_their_place() {
    let dir = tempfile::tempdir().expect("scratch dir");
    let template = "heat_template_version: 2016-10-14
parameter_groups:
  - label: Addressing
    parameters:
      - vfw_image_name
      - { name: vfw_flavor_name }
      - vfw_image_name
parameters:
  vfw_image_name:
    type: string
resources: {}
";
    std::fs::write(dir.path().join("base_vfw.yaml"), template).expect("template written");
    let loaded = load_hot_inputs(&[dir.path().to_path_buf()], &Limits::default()).expect("loads");
    let selection = Selection::only(&["R-92635/parameter-groups"]).expect("registered");
    let found: Vec<String> = check_hot(&loaded[0], &selection)
        .iter()
        .map(|v| format!("{}:{} {} {}", v.span.line, v.span.column, v.path, v.message))
        .collect();
    assert_eq!(
        found,
        [
            "6:9 parameter_groups.0.parameters.1 a grouped parameter is a parameter name, not a map",
            "7:9 parameter_groups.0.parameters.2 `vfw_image_name` is already in a parameter group; \
             a parameter belongs to one group",
        ],
    );
}
