//! `vnfwiz capabilities` output: what each template set lets the operator choose, or (with
//! `--find` filters) the templates matching them, as text or JSON.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::json;

use crate::model::capabilities::introspect::{GroupSummary, TypeStatus, TypeSummary};
use crate::model::capabilities::{Composition, Filter, Match, Summary, find, resolve, summary};
use crate::model::hot::HotSet;

/// One input set's findings.
#[derive(Clone, Debug)]
pub struct SetCapabilities {
    /// The input as named on the command line.
    pub label: String,
    /// What the set lets the operator choose, after the previewed answers.
    pub summary: Summary,
    /// The templates matching every filter.
    pub matches: Vec<Match>,
    /// Previewed answers that do not fit the set.
    pub errors: Vec<String>,
}

impl SetCapabilities {
    /// Reads `set`, resolves it with the previewed `choose` and `require` answers, and
    /// finds the templates matching `filters`.
    pub fn read(
        set: &HotSet,
        choose: &BTreeMap<String, String>,
        require: &BTreeMap<String, String>,
        filters: &[Filter],
    ) -> SetCapabilities {
        let composition = Composition::read(set);
        let resolution = resolve(&composition, choose, require);
        SetCapabilities {
            label: set.label.clone(),
            summary: summary(&composition, &resolution),
            matches: find(&composition, filters),
            errors: resolution.errors.iter().map(ToString::to_string).collect(),
        }
    }
}

/// The text output: the summary of each input, or its matches when there are filters.
pub fn text(shown: &[SetCapabilities], filters: &[Filter]) -> String {
    if filters.is_empty() {
        summary_text(shown)
    } else {
        matches_text(shown, filters)
    }
}

/// The JSON document: per input its summary, or (with filters) its matches.
pub fn json(shown: &[SetCapabilities], filters: &[Filter]) -> String {
    let inputs: Vec<serde_json::Value> = shown
        .iter()
        .map(|s| {
            let mut input = if filters.is_empty() {
                serde_json::to_value(&s.summary).unwrap_or_default()
            } else {
                json!({ "matches": s.matches })
            };
            if let Some(object) = input.as_object_mut() {
                object.insert("input".to_owned(), json!(s.label));
                if !s.errors.is_empty() {
                    object.insert("errors".to_owned(), json!(s.errors));
                }
            }
            input
        })
        .collect();
    let mut document = json!({
        "tool": "vnfwiz",
        "version": env!("CARGO_PKG_VERSION"),
        "inputs": inputs,
    });
    if !filters.is_empty()
        && let Some(object) = document.as_object_mut()
    {
        let filters: Vec<serde_json::Value> = filters
            .iter()
            .map(|f| json!({"key": f.key, "value": f.value}))
            .collect();
        object.insert("filters".to_owned(), json!(filters));
    }
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}

/// `key=value key=value` of a capability map.
fn tags_text(tags: &BTreeMap<String, Vec<String>>) -> String {
    tags.iter()
        .map(|(k, v)| format!("{k}={}", v.join("|")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `==> label <==` before each input when there are several.
fn header(out: &mut String, shown: &[SetCapabilities], s: &SetCapabilities) {
    if shown.len() > 1 {
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "==> {} <==", s.label);
    }
}

/// Per input: its capability values, requirements, resource types and map groups.
fn summary_text(shown: &[SetCapabilities]) -> String {
    let mut out = String::new();
    for s in shown {
        header(&mut out, shown, s);
        let summary = &s.summary;
        let empty = summary.capabilities.is_empty()
            && summary.resource_types.is_empty()
            && summary.environment_groups.is_empty();
        if empty {
            out.push_str("no capabilities, candidate lists or capabilities map in this set\n");
        }
        if !summary.capabilities.is_empty() {
            section(&mut out, "capabilities");
            for (key, values) in &summary.capabilities {
                let _ = writeln!(out, "  {key}");
                let width = values.keys().map(String::len).max().unwrap_or(0);
                for (value, templates) in values {
                    let _ = writeln!(out, "    {value:width$}  {}", templates.join(", "));
                }
            }
        }
        if !summary.requires.is_empty() {
            section(&mut out, "requires");
            for (key, requirement) in &summary.requires {
                let _ = writeln!(out, "  {key}={}  ({})", requirement.value, requirement.from);
            }
        }
        if !summary.resource_types.is_empty() {
            section(&mut out, "resource types");
            for (kind, t) in &summary.resource_types {
                type_text(&mut out, kind, t);
            }
        }
        if !summary.environment_groups.is_empty() {
            section(&mut out, "environment groups (capabilities map)");
            for group in &summary.environment_groups {
                group_text(&mut out, group);
            }
        }
        for error in &s.errors {
            let _ = writeln!(out, "error: {error}");
        }
    }
    out
}

/// A section title, after a blank line unless it opens the output.
fn section(out: &mut String, title: &str) {
    if !out.is_empty() && !out.ends_with("<==\n") {
        out.push('\n');
    }
    out.push_str(title);
    out.push('\n');
}

/// A resource type's status and its candidates, marked chosen, kept or set aside.
fn type_text(out: &mut String, kind: &str, t: &TypeSummary) {
    let status = match &t.status {
        TypeStatus::Resolved { chosen, by } => format!("resolved by {by}: {chosen}"),
        TypeStatus::Ambiguous => "AMBIGUOUS: several candidates satisfy every requirement".into(),
        TypeStatus::Unresolved => "UNRESOLVED: no candidate satisfies the requirements".into(),
        TypeStatus::Offered => "offered (no resource of the set uses it)".into(),
    };
    let _ = writeln!(out, "  {kind}: {status}");
    let _ = writeln!(out, "    candidates from {}:", t.source);
    let width = t
        .candidates
        .iter()
        .map(|c| c.template.len())
        .max()
        .unwrap_or(0);
    for c in &t.candidates {
        let chosen =
            matches!(&t.status, TypeStatus::Resolved { chosen, .. } if *chosen == c.template);
        let mark = if chosen {
            '*'
        } else if c.satisfies {
            '+'
        } else {
            '-'
        };
        let mut line = format!(
            "      {mark} {:width$}  {}",
            c.template,
            tags_text(&c.capabilities)
        );
        if let Some(why) = &c.rejected {
            let _ = write!(line, "  (set aside: {why})");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// A capabilities-map group with its environments, enabled or not.
fn group_text(out: &mut String, group: &GroupSummary) {
    let title = match &group.title {
        Some(title) => format!("{} / {title}", group.topic),
        None => group.topic.clone(),
    };
    let rule = if group.mutually_exclusive {
        "  (one of)"
    } else {
        ""
    };
    let _ = writeln!(out, "  {title}{rule}");
    for env in &group.environments {
        let mark = if env.enabled { "[x]" } else { "[ ]" };
        let missing = if env.present {
            ""
        } else {
            "  (not in the package)"
        };
        let _ = writeln!(out, "    {mark} {}  {}{missing}", env.file, env.title);
    }
}

/// Per input: the templates matching every filter, with their capabilities.
fn matches_text(shown: &[SetCapabilities], filters: &[Filter]) -> String {
    let wanted: Vec<String> = filters
        .iter()
        .map(|f| format!("{}={}", f.key, f.value))
        .collect();
    let mut out = String::new();
    for s in shown {
        header(&mut out, shown, s);
        if s.matches.is_empty() {
            let _ = writeln!(out, "no template matches {}", wanted.join(" and "));
        }
        let width = s
            .matches
            .iter()
            .map(|m| m.template.len())
            .max()
            .unwrap_or(0);
        for m in &s.matches {
            let mut tags = String::new();
            if !m.resource_types.is_empty() {
                let _ = write!(tags, "resource_type={} ", m.resource_types.join("|"));
            }
            tags.push_str(&tags_text(&m.capabilities));
            let _ = writeln!(out, "{:width$}  {}", m.template, tags.trim_end());
        }
        for error in &s.errors {
            let _ = writeln!(out, "error: {error}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::foundation::limits::Limits;
    use crate::model::open::load_hot_inputs;

    /// The findings for a fixture set under `tests/fixtures/`, labelled by its name.
    fn read(name: &str, choose: &[(&str, &str)], filters: &[(&str, &str)]) -> SetCapabilities {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name);
        let set = load_hot_inputs(&[path], &Limits::default())
            .unwrap()
            .remove(0);
        let choose = choose
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let mut found =
            SetCapabilities::read(&set, &choose, &BTreeMap::new(), &filters_of(filters));
        found.label = name.to_owned();
        found
    }

    fn filters_of(pairs: &[(&str, &str)]) -> Vec<Filter> {
        pairs
            .iter()
            .map(|(k, v)| Filter {
                key: (*k).to_owned(),
                value: (*v).to_owned(),
            })
            .collect()
    }

    /// The JSON output with the version written as `VERSION`, so a release does not move it.
    fn json_of(shown: &[SetCapabilities], filters: &[Filter]) -> String {
        json(shown, filters).replace(
            &format!("\"version\": \"{}\"", env!("CARGO_PKG_VERSION")),
            "\"version\": \"VERSION\"",
        )
    }

    #[test]
    fn summaries_of_two_sets_get_headers() {
        let shown = [
            read("capabilities/firewall_requires", &[], &[]),
            read("capabilities/dns_ambiguous", &[], &[]),
        ];
        insta::assert_snapshot!(text(&shown, &[]));
    }

    #[test]
    fn a_map_shows_its_groups_and_a_bad_answer_its_error() {
        let shown = [read(
            "rules/CAP-map/pass",
            &[
                ("environments/cache-ram.yaml", "true"),
                ("OS::CDN::Nothing", "x.yaml"),
            ],
            &[],
        )];
        insta::assert_snapshot!(text(&shown, &[]));
    }

    #[test]
    fn a_set_without_composition_says_so() {
        let shown = [read("rules/_base/dns-nested", &[], &[])];
        assert_eq!(
            text(&shown, &[]),
            "no capabilities, candidate lists or capabilities map in this set\n"
        );
    }

    #[test]
    fn matches_list_each_template_with_its_capabilities() {
        let filters = [("resource_type", "OS::SBC::Node")];
        let shown = [
            read("capabilities/sbc_three_level", &[], &filters),
            read("capabilities/firewall_requires", &[], &filters),
        ];
        insta::assert_snapshot!(text(&shown, &filters_of(&filters)));
    }

    #[test]
    fn the_json_summary_carries_every_part() {
        let shown = [read("capabilities/lb_empty", &[], &[])];
        insta::assert_snapshot!(json_of(&shown, &[]));
    }

    #[test]
    fn the_json_matches_name_their_filters() {
        let filters = [("dataplane", "dpdk")];
        let shown = [read("capabilities/firewall_requires", &[], &filters)];
        insta::assert_snapshot!(json_of(&shown, &filters_of(&filters)));
    }
}
