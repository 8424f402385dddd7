//! The ONAP rules through the real binary: related places, severities and the catalogue.

use std::process::{Command, Output};

use crate::support::rule_sets::{Materialised, rule_set};
use serde_json::Value;

/// The set `name` of rule `id`, written out.
fn fixture(id: &str, name: &str) -> Materialised {
    rule_set(id, name).materialise()
}

fn vnfwiz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(args)
        .output()
        .expect("the vnfwiz binary runs")
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

#[test]
fn a_resource_id_clash_points_at_the_first_definition() {
    let set = fixture("R-16447", "fail_nested");
    let output = vnfwiz(&[
        "validate",
        set.dir().to_str().expect("utf-8 path"),
        "--rules",
        "R-16447",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let report = json(&output);
    let violations = report["violations"].as_array().expect("violations list");
    assert_eq!(violations.len(), 1);
    let clash = &violations[0];
    assert_eq!(clash["rule"], "R-16447");
    assert_eq!(clash["file"], "vfw_server.yaml");
    assert_eq!(clash["line"], 69);
    assert_eq!(clash["related"][0]["file"], "base_vfw.yaml");
    assert_eq!(clash["related"][0]["line"], 51);
    assert_eq!(clash["related"][0]["column"], 3);
}

#[test]
fn a_should_not_rule_warns_without_failing_the_run() {
    let set = fixture("R-00011", "fail");
    let output = vnfwiz(&[
        "validate",
        set.dir().to_str().expect("utf-8 path"),
        "--rules",
        "R-00011",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let report = json(&output);
    assert_eq!(report["summary"]["warnings"], 2);
    assert_eq!(report["summary"]["errors"], 0);
    for violation in report["violations"].as_array().expect("violations list") {
        assert_eq!(violation["severity"], "warning");
        assert_eq!(violation["keyword"], "SHOULD NOT");
    }
}

#[test]
fn a_default_missing_from_the_env_names_the_env_file() {
    let set = fixture("R-26124", "fail_no_parameters");
    let output = vnfwiz(&[
        "validate",
        set.dir().to_str().expect("utf-8 path"),
        "--rules",
        "R-26124",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let report = json(&output);
    let violation = &report["violations"][0];
    assert_eq!(violation["path"], "parameters.vdns_flavor_name.default");
    assert_eq!(violation["related"][0]["file"], "base_vdns.env");
    assert_eq!(violation["related"][0]["line"], 1);
}

#[test]
fn the_catalogue_lists_the_seed_rules_with_their_keywords() {
    let output = vnfwiz(&["rules", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let catalogue = json(&output);
    let rules = catalogue["rules"].as_array().expect("rules list");
    let keyword_of = |id: &str| {
        rules
            .iter()
            .find(|r| r["id"] == id)
            .map(|r| r["keyword"].as_str().unwrap_or_default().to_owned())
    };
    let expected = [
        ("R-27078", "MUST"),
        ("R-39402", "MUST"),
        ("R-35414", "MUST"),
        ("R-90279", "MUST"),
        ("R-25877", "MUST"),
        ("R-36772", "MUST"),
        ("R-11441", "MUST"),
        ("R-44001", "MUST"),
        ("R-90526", "MUST NOT"),
        ("R-26124", "MUST"),
        ("R-00011", "SHOULD NOT"),
        ("R-23664", "MUST"),
        ("R-90152", "MUST"),
        ("R-75141", "MUST"),
        ("R-16447", "MUST"),
        ("R-53952", "MUST NOT"),
        ("R-71699", "MUST NOT"),
        ("R-10834", "MUST NOT"),
        ("R-86285", "MUST"),
        ("R-03324", "MUST"),
        ("R-67231", "MUST NOT"),
    ];
    for (id, keyword) in expected {
        assert_eq!(keyword_of(id).as_deref(), Some(keyword), "{id}");
    }
}

#[test]
fn the_catalogue_says_which_rules_vnfwiz_fixes_itself() {
    let catalogue = json(&vnfwiz(&["rules", "--format", "json"]));
    let rules = catalogue["rules"].as_array().expect("rules list");
    let fixable = |id: &str| {
        rules
            .iter()
            .find(|r| r["id"] == id)
            .and_then(|r| r["fixable"].as_bool())
    };
    assert_eq!(
        fixable("R-90526"),
        Some(true),
        "a default moved to the env file"
    );
    assert_eq!(fixable("R-92635/duplicate-key"), Some(true));
    assert_eq!(
        fixable("R-29751"),
        Some(false),
        "a server's name is the author's"
    );
    let count = rules.iter().filter(|r| r["fixable"] == true).count();
    let text = String::from_utf8(vnfwiz(&["rules"]).stdout).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.contains("  fix  ")).count(),
        count
    );
    let markdown = String::from_utf8(vnfwiz(&["rules", "--format", "markdown"]).stdout).unwrap();
    assert!(markdown.contains(&format!("{count} of them have an automatic fix")));
    assert_eq!(markdown.matches(" | yes |\n").count(), count);
}
