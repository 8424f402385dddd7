//! Rule selection through the real binary: profiles, `--rules` with ids and section names,
//! `--skip-rules`, profile files, and the errors of each.

use std::process::{Command, Output};

use crate::support::rule_sets::{Materialised, rule_set};
use serde_json::Value;

/// The set `name` of rule `id`, written out.
fn fixture(id: &str, name: &str) -> Materialised {
    rule_set(id, name).materialise()
}

/// Runs vnfwiz with no user profile file in reach.
fn vnfwiz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(args)
        .env_remove("VNFWIZ_PROFILES")
        .env("XDG_CONFIG_HOME", "/nonexistent-vnfwiz-config")
        .output()
        .expect("the vnfwiz binary runs")
}

fn rules_found(output: &Output) -> Vec<String> {
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let mut rules: Vec<String> = report["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| v["rule"].as_str().expect("rule id").to_owned())
        .collect();
    rules.dedup();
    rules
}

/// A set breaking ONAP requirements of several sections and no HOT specification check.
fn onap_fail() -> Materialised {
    fixture("R-708564", "fail")
}

#[test]
fn the_default_profile_is_onap() {
    let fail = onap_fail();
    let set = fail.dir().display().to_string();
    let default = vnfwiz(&["validate", &set, "--format", "json"]);
    let onap = vnfwiz(&["validate", &set, "--profile", "onap", "--format", "json"]);
    assert_eq!(default.status.code(), Some(1));
    assert_eq!(rules_found(&default), rules_found(&onap));
    assert!(rules_found(&default).contains(&"R-708564".to_owned()));
}

#[test]
fn the_heat_profile_runs_only_the_hot_specification() {
    let fail = onap_fail();
    let heat = vnfwiz(&[
        "validate",
        &fail.dir().display().to_string(),
        "--profile",
        "heat",
        "--format",
        "json",
    ]);
    assert_eq!(heat.status.code(), Some(0), "{:?}", rules_found(&heat));
    let report: Value = serde_json::from_slice(&heat.stdout).expect("JSON");
    let checked = report["summary"]["rules_checked"]
        .as_u64()
        .expect("a count");
    let listed = vnfwiz(&["rules", "--rules", "R-92635", "--format", "json"]);
    let family: Value = serde_json::from_slice(&listed.stdout).expect("JSON");
    let hot_spec = family["rules"].as_array().expect("rules").len() as u64;
    // The HOT specification checks, and the composition (`CAP-…`) and SDC `MANIFEST.json`
    // (`SDC-…`) checks, which run on every HOT set.
    assert!(checked > hot_spec && checked < hot_spec + 15, "{checked}");
}

#[test]
fn rules_take_section_names_and_skip_rules_remove() {
    let written = fixture("R-07443", "fail");
    let set = written.dir().display().to_string();
    let outputs = vnfwiz(&[
        "validate",
        &set,
        "--rules",
        "output parameters",
        "--format",
        "json",
    ]);
    assert_eq!(rules_found(&outputs), ["R-07443"]);
    let skipped = vnfwiz(&[
        "validate",
        &set,
        "--rules",
        "Output Parameters",
        "--skip-rules",
        "R-07443",
        "--format",
        "json",
    ]);
    assert_eq!(skipped.status.code(), Some(0));
    assert!(rules_found(&skipped).is_empty());
}

/// Each finding as `rule+also…`, in report order.
fn ids_found(output: &Output) -> Vec<String> {
    let report: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    report["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| {
            let mut ids = vec![v["rule"].as_str().expect("rule id").to_owned()];
            for also in v["also"].as_array().into_iter().flatten() {
                ids.push(also.as_str().expect("an id").to_owned());
            }
            ids.join("+")
        })
        .collect()
}

#[test]
fn a_finding_of_twins_is_selected_by_any_of_its_ids_and_skipped_by_any() {
    // R-39841's fail set: an external IPv4 address parameter listed in the environment
    // file, which breaks R-62590 too.
    let written = fixture("R-39841", "fail");
    let set = written.dir().display().to_string();
    let run = |extra: &[&str]| {
        let mut args = vec!["validate", set.as_str(), "--format", "json"];
        args.extend_from_slice(extra);
        vnfwiz(&args)
    };
    let all = run(&[]);
    assert!(
        ids_found(&all).contains(&"R-39841+R-62590".to_owned()),
        "{:?}",
        ids_found(&all)
    );
    assert!(
        !ids_found(&all)
            .iter()
            .any(|f| f == "R-62590" || f == "R-39841")
    );
    // Named by the id asked for, the twin following.
    let general = run(&["--rules", "R-62590"]);
    assert_eq!(ids_found(&general), ["R-62590+R-39841"]);
    let specific = run(&["--rules", "R-39841"]);
    assert_eq!(ids_found(&specific), ["R-39841+R-62590"]);
    // Skipping either id hides the one finding.
    for skipped in ["R-62590", "R-39841"] {
        let without = run(&["--skip-rules", skipped]);
        assert!(
            !ids_found(&without).iter().any(|f| f.contains("R-39841")),
            "--skip-rules {skipped}: {:?}",
            ids_found(&without)
        );
    }
}

#[test]
fn selection_errors_are_one_line_usage_errors() {
    let fail = onap_fail();
    let set = fail.dir().display().to_string();
    for args in [
        ["--rules", "No Such Section"],
        ["--skip-rules", "R-00000"],
        ["--profile", "strict"],
    ] {
        let mut all = vec!["validate", "--format", "json", set.as_str()];
        all.extend(args);
        let run = vnfwiz(&all);
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(stderr.trim().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(args[1]), "{stderr}");
    }
    let run = vnfwiz(&["validate", &set, "--profile", "strict"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("onap, heat, seed"), "{stderr}");
    // A profile and an explicit list together are refused by the argument parser.
    let both = vnfwiz(&["validate", &set, "--profile", "heat", "--rules", "R-81339"]);
    assert_eq!(both.status.code(), Some(2));
    assert!(both.stdout.is_empty());
}

#[test]
fn a_profile_file_adds_profiles_and_changes_the_default() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("profiles.yaml");
    std::fs::write(
        &file,
        "default: modules\nprofiles:\n  modules:\n    summary: Module pairing only\n    rules: \
         [ONAP VNF Modularity Overview, R-82732]\n",
    )
    .expect("writable");
    let written = fixture("R-38474", "fail");
    let set = written.dir().display().to_string();
    let by_flag = vnfwiz(&[
        "validate",
        &set,
        "--profiles",
        file.to_str().expect("UTF-8 path"),
        "--format",
        "json",
    ]);
    assert_eq!(rules_found(&by_flag), ["R-38474"]);
    let by_variable = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["validate", &set, "--format", "json"])
        .env("VNFWIZ_PROFILES", &file)
        .output()
        .expect("runs");
    assert_eq!(rules_found(&by_variable), ["R-38474"]);
    std::fs::write(&file, "profiles:\n  modules:\n    rules: [R-00000]\n").expect("writable");
    let bad = vnfwiz(&[
        "validate",
        &set,
        "--profiles",
        file.to_str().expect("UTF-8 path"),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(stderr.contains("profiles.yaml:3:13"), "{stderr}");
    assert!(stderr.contains("R-00000"), "{stderr}");
}

#[test]
fn rules_lists_a_profile_and_the_profiles() {
    let listed = vnfwiz(&["rules", "--profile", "seed", "--format", "json"]);
    let doc: Value = serde_json::from_slice(&listed.stdout).expect("JSON");
    let ids: Vec<&str> = doc["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .filter(|id| id.starts_with("R-") && !id.starts_with("R-92635/"))
        .collect();
    assert_eq!(
        ids.iter().filter(|id| !id.contains('/')).count(),
        22,
        "{ids:?}"
    );
    assert!(
        ids.contains(&"R-27078/date"),
        "a family brings its sentences: {ids:?}"
    );
    assert!(ids.contains(&"R-26124"), "{ids:?}");
    let profiles: Vec<&str> = doc["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(profiles, ["onap", "heat", "seed"]);
    assert_eq!(doc["profiles"][0]["default"], true);
}
