//! Every rule's fixtures: `pass*` sets show no violation of the rule, `fail*` sets show
//! exactly the violations listed in the sibling `<dir>.expected` (`file:line:column`).
//! A meta-test fails when a registered rule lacks documentation or fixtures.
//! A set holding an `.ovf`, `.ova` or `.csar` is validated as that package; any other set
//! as a folder (an unpacked CSAR when it has TOSCA-Metadata or a root `.mf`, else HOT). A
//! set whose folder name contains `heat_ready` is checked as a set that claims to deploy as
//! it is (`validate --heat-ready`), where composition annotations are errors.
//!
//! Each `fail*` set also has a `<set>.snap` beside it (insta): the text report of its rule's
//! findings (message, place, source line, help) and, for a rule with a fix, what the fix of
//! each finding would change as a unified diff. After a deliberate change, review the
//! `.snap.new` files (`cargo insta review`), or write them all with
//! `INSTA_UPDATE=always cargo test --test it rule_fixtures::` and read the diff.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use crate::support::rule_sets::{expected, fixture_sets};
use vnfwiz::fix::{Offer, Workspace, fixable_rules};
use vnfwiz::hot::Stage;
use vnfwiz::integrity::Options;
use vnfwiz::limits::Limits;
use vnfwiz::report::Report;
use vnfwiz::report::render::text;
use vnfwiz::rules::{Selection, all};
use vnfwiz::validation::{Loaded, open, validate_as};

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
fn found(id: &str, set_dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = report_of(id, set_dir)
        .violations()
        .filter(|v| v.rule.id == id)
        .map(|v| format!("{}:{}:{}", v.file, v.span.line, v.span.column))
        .collect();
    out.sort();
    out
}

/// The text report of one rule's findings on a fixture set, and for a rule with a fix, what
/// the fix of each finding would change.
fn rendered(id: &str, set_dir: &Path) -> String {
    let mut report = report_of(id, set_dir);
    for input in &mut report.inputs {
        input.violations.retain(|v| v.rule.id == id);
    }
    let mut out = text::render(&report, false);
    if fixable_rules().any(|r| r == id) {
        out.push_str(&fixes(id, set_dir));
    }
    // A message naming a file outside the set would show where the repository is.
    out.replace(env!("CARGO_MANIFEST_DIR"), "[repo]")
}

/// What the fix of each finding of rule `id` on a HOT set would change, as a unified diff
/// under a line naming the finding and the fix.
fn fixes(id: &str, set_dir: &Path) -> String {
    let limits = Limits::default();
    let mut set = match open(&input_of(set_dir), &Options::new(&limits)) {
        Ok((Loaded::Hot(set), _)) => *set,
        Ok(_) => return "\nfixes: not a HOT set\n".to_owned(),
        Err(e) => return format!("\nfixes: cannot load: {e}\n"),
    };
    if heat_ready(set_dir) {
        set.stage = Stage::HeatReady;
    }
    let workspace = match Workspace::new(set) {
        Ok(workspace) => workspace,
        Err(unfixable) => return format!("\nfixes: none: {}\n", unfixable.reason),
    };
    let mut out = String::new();
    for v in workspace.violations().iter().filter(|v| v.rule.id == id) {
        let place = format!("{}:{}:{}", v.file, v.span.line, v.span.column);
        match workspace.offer(v, None) {
            Some(Offer::Ready(fix)) => {
                out.push_str(&format!(
                    "\nfix {place}: {} ({:?})\n",
                    fix.title, fix.safety
                ));
                match workspace.preview(&fix) {
                    Ok(preview) => out.push_str(&preview.unified()),
                    Err(e) => out.push_str(&format!("cannot preview: {e}\n")),
                }
            }
            Some(Offer::NeedsText { title, prompt }) => {
                out.push_str(&format!("\nfix {place}: {title}, once asked: {prompt}\n"));
            }
            Some(Offer::Unavailable(reason)) => {
                out.push_str(&format!("\nno fix {place}: {reason}\n"));
            }
            None => out.push_str(&format!("\nno fix {place}\n")),
        }
    }
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
                problems.push(format!("{}: {}", set.display(), got.join(", ")));
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
                    set.display(),
                    want,
                    got
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn fail_fixtures_render_as_their_snapshots() {
    let mut differ = Vec::new();
    for rule in all() {
        for set in fixture_sets(rule.meta.id).1 {
            let text = rendered(rule.meta.id, &set);
            let name = set
                .file_name()
                .expect("a set folder")
                .to_string_lossy()
                .into_owned();
            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_path(set.parent().expect("a rule folder"));
            settings.set_prepend_module_to_snapshot(false);
            settings.set_omit_expression(true);
            // Every set is compared (insta's panic shows each diff), then the test fails once.
            let compared = catch_unwind(AssertUnwindSafe(|| {
                settings.bind(|| insta::assert_snapshot!(name, text));
            }));
            if compared.is_err() {
                differ.push(set.display().to_string());
            }
        }
    }
    assert!(
        differ.is_empty(),
        "rendered findings differ from the snapshot of:\n{}",
        differ.join("\n")
    );
}
