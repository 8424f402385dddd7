//! `vnfwiz capabilities PATH... [--find KEY=VALUE]... [--choose TYPE=TEMPLATE]...
//! [--require KEY=VALUE]... [--format text|json]`: what a template set lets the operator
//! choose, or the templates matching capability filters.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde_json::json;
use vnfwiz::capabilities::introspect::{GroupSummary, TypeStatus, TypeSummary};
use vnfwiz::capabilities::{Composition, Filter, Match, Summary, find, resolve, summary};
use vnfwiz::limits::Limits;
use vnfwiz::validation::load_hot_inputs;

use super::{CliError, ListFormat, key_value};

#[derive(Debug, Args)]
pub struct CapabilitiesArgs {
    /// Templates, env files, folders or heat zips (loose files form one set).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// List the templates whose capabilities match (repeat to require all):
    /// `resource_type=OS::X::Y`, `deployment=puppet`.
    #[arg(long, value_name = "KEY=VALUE")]
    find: Vec<Filter>,
    /// Preview a choice: TYPE=TEMPLATE, or ENVIRONMENT=true for a capabilities-map option.
    #[arg(long, value_name = "TYPE=TEMPLATE", value_parser = key_value)]
    choose: Vec<(String, String)>,
    /// Preview a requirement, overriding the environments' `requires:`.
    #[arg(long, value_name = "KEY=VALUE", value_parser = key_value)]
    require: Vec<(String, String)>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    format: ListFormat,
}

/// One input's findings.
struct Shown {
    label: String,
    summary: Summary,
    matches: Vec<Match>,
    errors: Vec<String>,
}

pub fn run(args: CapabilitiesArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    let sets = load_hot_inputs(&args.paths, limits)?;
    let choose: BTreeMap<String, String> = args.choose.into_iter().collect();
    let require: BTreeMap<String, String> = args.require.into_iter().collect();
    let shown: Vec<Shown> = sets
        .iter()
        .map(|set| {
            let composition = Composition::read(set);
            let resolution = resolve(&composition, &choose, &require);
            Shown {
                label: set.label.clone(),
                summary: summary(&composition, &resolution),
                matches: find(&composition, &args.find),
                errors: resolution.errors.iter().map(ToString::to_string).collect(),
            }
        })
        .collect();
    let text = match args.format {
        ListFormat::Json => json_output(&shown, &args.find),
        ListFormat::Text if args.find.is_empty() => text_summary(&shown),
        ListFormat::Text => text_matches(&shown, &args.find),
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    let refused = shown.iter().any(|s| !s.errors.is_empty());
    Ok(if refused {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn json_output(shown: &[Shown], filters: &[Filter]) -> String {
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

fn header(out: &mut String, shown: &[Shown], s: &Shown) {
    if shown.len() > 1 {
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "==> {} <==", s.label);
    }
}

fn text_summary(shown: &[Shown]) -> String {
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

fn text_matches(shown: &[Shown], filters: &[Filter]) -> String {
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
