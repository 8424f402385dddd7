//! ONAP coverage through the real binary: `vnfwiz rules --format json` lists a rule for every
//! statically checkable requirement of the catalogue's Heat chapter (the list in
//! `tests/fixtures/onap_catalogue/static_heat.tsv`), with the catalogue's keyword and section
//! path, plus the HOT specification, OVF, composition and package codes; every rule says how
//! to fix what it finds. With `VNFWIZ_ONAP_CATALOGUE` naming ONAP's catalogue JSON, the list
//! itself is checked against the catalogue.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// Requirements whose sentence says MUST NOT while the catalogue's keyword field says MUST;
/// the rules follow the sentence (docs/decisions.md).
const KEYWORD_FROM_SENTENCE: &[(&str, &str)] = &[("R-90526", "MUST NOT"), ("R-348813", "MUST NOT")];

/// How many static requirements the Frankfurt catalogue's Heat chapter holds.
const STATIC_HEAT_REQUIREMENTS: usize = 221;

/// One requirement of the committed list.
#[derive(Debug, PartialEq, Eq)]
struct Requirement {
    keyword: String,
    section: String,
}

fn committed_list() -> BTreeMap<String, Requirement> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/onap_catalogue/static_heat.tsv");
    let text = std::fs::read_to_string(&path).expect("the committed requirement list");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "{}: bad line {line:?}", path.display());
            (
                fields[0].to_owned(),
                Requirement {
                    keyword: fields[1].to_owned(),
                    section: fields[2].to_owned(),
                },
            )
        })
        .collect()
}

/// The registry as `vnfwiz rules --format json` lists it: id → rule object.
fn listed_rules() -> BTreeMap<String, Value> {
    let output = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["rules", "--format", "json"])
        .output()
        .expect("the vnfwiz binary runs");
    assert!(output.status.success(), "{output:?}");
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    json["rules"]
        .as_array()
        .expect("a rules array")
        .iter()
        .map(|rule| (rule["id"].as_str().expect("an id").to_owned(), rule.clone()))
        .collect()
}

/// The rules implementing a requirement: the id itself or its family (`R-92635/…`).
fn implementing<'r>(rules: &'r BTreeMap<String, Value>, id: &str) -> Vec<&'r Value> {
    let family = format!("{id}/");
    rules
        .iter()
        .filter(|(rule, _)| *rule == id || rule.starts_with(&family))
        .map(|(_, rule)| rule)
        .collect()
}

#[test]
fn every_static_heat_requirement_has_a_rule() {
    let wanted = committed_list();
    assert_eq!(wanted.len(), STATIC_HEAT_REQUIREMENTS);
    let rules = listed_rules();
    let mut missing = Vec::new();
    let mut wrong = Vec::new();
    for (id, requirement) in &wanted {
        let found = implementing(&rules, id);
        if found.is_empty() {
            missing.push(format!("{id} ({})", requirement.section));
            continue;
        }
        let keyword = KEYWORD_FROM_SENTENCE
            .iter()
            .find(|(exception, _)| exception == id)
            .map_or(requirement.keyword.as_str(), |(_, keyword)| keyword);
        // A family (R-92635/…) has many HOT specification sections and keywords of its own.
        if let [rule] = found.as_slice() {
            if rule["keyword"] != keyword {
                wrong.push(format!(
                    "{id}: keyword {} (catalogue: {keyword})",
                    rule["keyword"]
                ));
            }
            if rule["section"] != requirement.section.as_str() {
                wrong.push(format!(
                    "{id}: section {} (catalogue: {})",
                    rule["section"], requirement.section
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} static Heat requirements have no rule:\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
    assert!(
        wrong.is_empty(),
        "rules differ from the catalogue:\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn every_rule_explains_itself_and_other_input_kinds_are_listed() {
    let rules = listed_rules();
    let undocumented: Vec<&String> = rules
        .iter()
        .filter(|(_, rule)| {
            ["summary", "why", "fix", "section"].iter().any(|field| {
                rule[*field]
                    .as_str()
                    .is_none_or(|text| text.trim().is_empty())
            })
        })
        .map(|(id, _)| id)
        .collect();
    assert!(
        undocumented.is_empty(),
        "rules without summary, why, fix or section: {undocumented:?}"
    );
    let prefixes: BTreeSet<&str> = rules
        .keys()
        .filter_map(|id| {
            ["R-92635/", "OVF-", "CAP-", "CSAR-", "SDC-"]
                .into_iter()
                .find(|p| id.starts_with(p))
        })
        .collect();
    assert_eq!(
        prefixes,
        BTreeSet::from(["CAP-", "CSAR-", "OVF-", "R-92635/", "SDC-"]),
        "HOT specification, composition, OVF and package codes are all listed"
    );
}

/// The catalogue's section path of a requirement: the docname's steps after `Chapter5/Heat/`,
/// then its sections outermost first, the step they share written once (the catalogue spells
/// one heading "ONAP Heat Heat Template Constructs").
fn catalogue_path(need: &Value) -> String {
    let docname = need["docname"].as_str().unwrap_or_default();
    let doc: Vec<&str> = docname.split('/').skip(2).collect();
    let mut sections: Vec<String> = need["sections"]
        .as_array()
        .map(|s| {
            s.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    sections.reverse();
    for step in &mut sections {
        *step = step.replace(
            "ONAP Heat Heat Template Constructs",
            "ONAP Heat Template Constructs",
        );
    }
    let shared = (0..=doc.len().min(sections.len()))
        .rev()
        .find(|&k| {
            doc[doc.len() - k..]
                .iter()
                .zip(&sections[..k])
                .all(|(a, b)| a == b)
        })
        .unwrap_or(0);
    doc.iter()
        .map(|s| (*s).to_owned())
        .chain(sections.into_iter().skip(shared))
        .collect::<Vec<_>>()
        .join(" / ")
}

#[test]
fn the_committed_list_is_the_catalogue_when_it_is_given() {
    let Some(path) = std::env::var_os("VNFWIZ_ONAP_CATALOGUE") else {
        eprintln!("VNFWIZ_ONAP_CATALOGUE not set: the list is not compared with the catalogue");
        return;
    };
    let text = std::fs::read_to_string(&path).expect("the catalogue JSON");
    let catalogue: Value = serde_json::from_str(&text).expect("catalogue JSON");
    let needs = catalogue["versions"]["frankfurt"]["needs"]
        .as_object()
        .expect("versions.frankfurt.needs");
    let from_catalogue: BTreeMap<String, Requirement> = needs
        .iter()
        .filter(|(_, need)| {
            need["validation_mode"] == "static"
                && need["docname"]
                    .as_str()
                    .is_some_and(|d| d.starts_with("Chapter5/Heat/"))
        })
        .map(|(id, need)| {
            (
                id.clone(),
                Requirement {
                    keyword: need["keyword"].as_str().unwrap_or_default().to_owned(),
                    section: catalogue_path(need),
                },
            )
        })
        .collect();
    assert_eq!(from_catalogue, committed_list());
}
