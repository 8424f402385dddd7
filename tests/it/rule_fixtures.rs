//! Every rule's fixtures: `pass*` sets show no violation of the rule, `fail*` sets show
//! exactly the violations listed in the sibling `<dir>.expected` (`file:line:column`).
//! A meta-test fails when a registered rule lacks documentation or fixtures.
//! A set holding an `.ovf`, `.ova` or `.csar` is validated as that package; any other set
//! as a folder (an unpacked CSAR when it has TOSCA-Metadata or a root `.mf`, else HOT). A
//! set whose folder name contains `heat_ready` is checked as a set that claims to deploy as
//! it is (`validate --heat-ready`), where composition annotations are errors.
//!
//! Each `fail*` set also has a `<set>.snap` beside it: its findings as the text report
//! shows them (`snapshots`).

mod snapshots;

use std::path::{Path, PathBuf};

use crate::support::rule_sets::{RuleSet, expected, fixture_sets};
use vnfwiz::check::rules::{Selection, all};
use vnfwiz::check::validation::validate_as;
use vnfwiz::foundation::diagnostics::{Options, Report};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::hot::Stage;

/// The input a fixture set stands for: its OVF package or CSAR archive, or the folder (also
/// when it holds HOT templates beside an `.ova`, as a heat package carrying an appliance).
fn input_of(set_dir: &Path) -> PathBuf {
    let files: Vec<PathBuf> = std::fs::read_dir(set_dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    let has_template = files
        .iter()
        .any(|p| p.extension().is_some_and(|e| e == "yaml"));
    let mut packages: Vec<PathBuf> = files
        .into_iter()
        .filter(|p| {
            p.extension()
                .is_some_and(|e| e == "ovf" || e == "csar" || (e == "ova" && !has_template))
        })
        .collect();
    packages.sort();
    packages
        .into_iter()
        .next()
        .unwrap_or_else(|| set_dir.to_path_buf())
}

/// A set whose folder name says it claims to deploy as it is.
fn heat_ready(set_dir: &Path) -> bool {
    set_dir
        .file_name()
        .is_some_and(|n| n.to_string_lossy().contains("heat_ready"))
}

/// The report of exactly one rule on one fixture set.
fn report_of(id: &str, set_dir: &Path) -> Report {
    let selection = Selection::only(&[id]).expect("registered rule");
    let stage = heat_ready(set_dir).then_some(Stage::HeatReady);
    validate_as(
        &[input_of(set_dir)],
        &Options::new(&Limits::default()),
        &selection,
        stage,
    )
    .unwrap_or_else(|e| panic!("{}: cannot load fixture: {e}", set_dir.display()))
}

/// Violations of exactly one rule on one fixture set, as `file:line:column`.
fn found(id: &str, set: &RuleSet) -> Vec<String> {
    let written = set.materialise();
    let mut out: Vec<String> = report_of(id, written.dir())
        .violations()
        .filter(|v| v.rule.id == id)
        .map(|v| format!("{}:{}:{}", v.file, v.span.line, v.span.column))
        .collect();
    out.sort();
    out
}

#[test]
fn every_rule_has_docs_and_fixtures() {
    let mut problems = Vec::new();
    for rule in all() {
        let meta = &rule.meta;
        for (what, text) in [
            ("summary", meta.summary),
            ("why", meta.why),
            ("fix", meta.fix),
            ("section", meta.section),
        ] {
            if text.trim().is_empty() {
                problems.push(format!("{}: empty {what}", meta.id));
            }
        }
        let (pass, fail) = fixture_sets(meta.id);
        if pass.is_empty() {
            problems.push(format!("{}: no pass fixture", meta.id));
        }
        if fail.is_empty() {
            problems.push(format!("{}: no fail fixture", meta.id));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn pass_fixtures_show_no_violation_of_their_rule() {
    let mut problems = Vec::new();
    for rule in all() {
        for set in fixture_sets(rule.meta.id).0 {
            let got = found(rule.meta.id, &set);
            if !got.is_empty() {
                problems.push(format!("{}: {}", set.source().display(), got.join(", ")));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn fail_fixtures_show_exactly_the_expected_violations() {
    let mut problems = Vec::new();
    for rule in all() {
        for set in fixture_sets(rule.meta.id).1 {
            let got = found(rule.meta.id, &set);
            let want = expected(&set);
            if got != want {
                problems.push(format!(
                    "{}:\n  expected {:?}\n  found    {:?}",
                    set.source().display(),
                    want,
                    got
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
