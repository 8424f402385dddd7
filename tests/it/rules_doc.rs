//! `docs/rules.md` is the registry's documentation (`vnfwiz rules --format markdown`) with each
//! rule's reading, example and decisions (`support::rule_docs`); this test fails when a rule,
//! its doc comment, its failing fixture or a decision changed and the document was not
//! regenerated, and writes it under `INSTA_UPDATE=always`.

use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

use vnfwiz::check::rules::{Profiles, all, anchor, markdown};
use vnfwiz::transform::fix::fixable_rules;

use crate::support::expected_file::assert_file;
use crate::support::rule_docs::RuleDocs;

/// The document with every rule's extras, built once for the tests here.
fn generated() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let ids: Vec<&str> = all().iter().map(|r| r.meta.id).collect();
        let docs = RuleDocs::read(&ids);
        markdown(
            &Profiles::built_in(),
            &|id| fixable_rules().any(|rule| rule == id),
            &|rule| docs.extras(rule),
        )
    })
}

#[test]
fn docs_rules_md_matches_the_registry() {
    assert_file(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md"),
        generated(),
    );
}

#[test]
fn every_rule_with_a_failing_fixture_has_an_example() {
    let text = generated();
    let mut missing = Vec::new();
    for rule in all() {
        let (_, fail) = crate::support::rule_sets::fixture_sets(rule.meta.id);
        let heading = format!("\n### {}\n", rule.meta.id);
        let at = text.find(&heading).expect("every rule has its section");
        let section = &text[at + heading.len()..];
        let section = &section[..section.find("\n### ").unwrap_or(section.len())];
        if !fail.is_empty() && !section.contains("*Example* (`tests/fixtures/rules/") {
            missing.push(rule.meta.id);
        }
    }
    // Sets whose findings point at no text line (a zip's entry, a missing file) show none.
    assert!(
        missing.len() * 10 < all().len(),
        "{} rules with failing fixtures show no example: {missing:?}",
        missing.len()
    );
}

#[test]
fn decisions_link_to_rules_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let decisions = std::fs::read_to_string(root.join("docs/decisions.md")).unwrap();
    let anchors: Vec<String> = all().iter().map(|r| anchor(r.meta.id)).collect();
    let mut broken = Vec::new();
    for (at, _) in decisions.match_indices("](rules.md#") {
        let link = &decisions[at + "](rules.md#".len()..];
        let target = &link[..link.find(')').unwrap_or(link.len())];
        if !anchors.iter().any(|a| a == target) {
            broken.push(target.to_owned());
        }
    }
    assert!(
        broken.is_empty(),
        "decisions.md links to no rule: {broken:?}"
    );
}

#[test]
fn the_rule_list_shows_profiles_and_sections() {
    let output = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["rules", "--format", "markdown"])
        .output()
        .expect("the vnfwiz binary runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("| `onap` |"), "{text}");
    assert!(text.contains("\n## ONAP Heat Template Constructs / Heat Files Support (get_file)\n"));
    assert!(text.contains("| [`R-41888`](#r-41888) | MUST NOT |"));
    assert!(text.contains("\n### R-41888\n"));
}
