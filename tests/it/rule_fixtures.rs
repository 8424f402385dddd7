//! Every rule's fixtures (tests/fixtures/rules/README.md), one test per rule named after its
//! id in lower case with `-` and `/` as `_` (`cargo test --test it r_50436`,
//! `rule_fixtures::rules::r_92635_nested_depth`). A rule has at least one `pass*` and one
//! `fail*` set; a `pass*` set shows no violation of the rule; a `fail*` set shows at least
//! one, and its findings render exactly as its `<set>.snap` beside it holds them
//! (`snapshots`): rule id, place (`--> file:line:column`, checked for every finding), message,
//! source line, help, and for a rule with a fix what the fix changes.
//!
//! A set holding an `.ovf`, `.ova`, `.csar` or `.zip` (a signed CSAR) is validated as that
//! package; any other set as a folder (an unpacked CSAR when it has TOSCA-Metadata or a root `.mf`, else HOT). A
//! set whose name contains `heat_ready` is checked as a set that claims to deploy as it is
//! (`validate --heat-ready`), where composition annotations are errors.
//!
//! The tests are listed in `rule_fixtures/rules.rs`, which
//! `every_rule_has_docs_fixtures_and_a_test` rewrites from the registry under
//! `INSTA_UPDATE=always` (then run the tests again to run the new ones).

mod snapshots;

use std::collections::BTreeSet;
use std::path::Path;

use crate::support::expected_file::assert_file;
use crate::support::rule_sets::{all_sets, fixture_sets, fixtures_root, places, report_of};
use vnfwiz::check::rules::all;

/// One `#[test]` per name, each checking the rule its name is made from.
macro_rules! rule_tests {
    ($($test:ident),* $(,)?) => {
        /// The names of the generated tests.
        pub const TESTS: &[&str] = &[$(stringify!($test)),*];
        $(
            #[test]
            fn $test() {
                super::check_rule(stringify!($test));
            }
        )*
    };
}

mod rules;

/// The test of rule `id`: its id in lower case, `-` and `/` written `_`.
fn test_name(id: &str) -> String {
    id.to_lowercase().replace(['-', '/'], "_")
}

/// Checks every set of the rule whose test is `test`.
fn check_rule(test: &str) {
    let rule = all()
        .iter()
        .find(|r| test_name(r.meta.id) == test)
        .unwrap_or_else(|| panic!("{test}: no registered rule has this test name"));
    let id = rule.meta.id;
    let (pass, fail) = fixture_sets(id);
    let folder = fixtures_root().join(id);
    assert!(
        !pass.is_empty() && !fail.is_empty(),
        "{id}: {} needs at least one pass* and one fail* set",
        folder.display()
    );
    let mut problems = Vec::new();
    for set in &pass {
        let written = set.materialise();
        let found = places(&report_of(id, written.dir()), id);
        if !found.is_empty() {
            problems.push(format!("{}: {}", set.source().display(), found.join(", ")));
        }
    }
    for set in &fail {
        let written = set.materialise();
        let report = report_of(id, written.dir());
        let found = places(&report, id);
        if found.is_empty() {
            problems.push(format!("{}: no finding of {id}", set.source().display()));
        }
        let text = snapshots::rendered(id, report, &written);
        for place in &found {
            if !text.contains(&format!("--> {place}\n")) {
                problems.push(format!(
                    "{}: the rendered findings do not show {place}",
                    set.source().display()
                ));
            }
        }
        if !snapshots::matches(set, &text) {
            problems.push(format!(
                "{}: the findings differ from {}.snap",
                set.source().display(),
                set.name()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The list of rule tests as `rule_fixtures/rules.rs` holds it.
fn rules_rs(names: &BTreeSet<String>) -> String {
    let mut out = String::from(
        "//! One test per registered rule (`cargo test --test it r_50436`), written from the\n\
         //! registry by `rule_fixtures::every_rule_has_docs_fixtures_and_a_test` under\n\
         //! `INSTA_UPDATE=always`.\n\nrule_tests! {\n",
    );
    for name in names {
        out.push_str(&format!("    {name},\n"));
    }
    out.push_str("}\n");
    out
}

#[test]
fn every_rule_has_docs_fixtures_and_a_test() {
    let mut problems = Vec::new();
    let mut names = BTreeSet::new();
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
        if !names.insert(test_name(meta.id)) {
            problems.push(format!("{}: its test name is another rule's", meta.id));
        }
    }
    let ids: BTreeSet<&str> = all().iter().map(|r| r.meta.id).collect();
    for set in all_sets() {
        if !ids.contains(set.rule()) {
            problems.push(format!(
                "{}: no registered rule `{}`",
                set.source().display(),
                set.rule()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/rule_fixtures/rules.rs");
    assert_file(&path, &rules_rs(&names));
    let listed: BTreeSet<String> = rules::TESTS.iter().map(|t| t.to_string()).collect();
    assert_eq!(
        listed, names,
        "rules.rs was just written: run the tests again"
    );
}
