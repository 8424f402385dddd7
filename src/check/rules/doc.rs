//! The rules' documentation as Markdown (`docs/rules.md`, `vnfwiz rules --format markdown`),
//! generated from the registry so the documentation cannot drift from the code. A rule's
//! documentation has one home, its file: the `RuleMeta` (summary, why, fix) and the file's
//! doc comment (how vnfwiz reads the requirement); its example is its own failing fixture.
//! What lives outside the binary (the doc comment, the fixtures, the decisions that name
//! the rule) reaches the document as [`RuleExtras`] when docs/rules.md is written.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::meta::Rule;
use super::profiles::Profiles;
use super::registry::all;
use super::twins::documented;

/// Text safe inside a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// A rule's example: what breaks it, from its failing fixture, and what to write instead.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Example {
    /// The fixture it comes from (`tests/fixtures/rules/R-25877/fail.patch`).
    pub fixture: String,
    /// The file of the set it shows (`base_vfw.yaml`).
    pub file: String,
    /// The finding vnfwiz reports there.
    pub finding: String,
    /// The lines that break the rule.
    pub bad: String,
    /// The same lines as the rule wants them, where the fixture shows them.
    pub instead: Option<String>,
}

/// What the document shows of a rule beyond its `RuleMeta`, read from outside the binary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleExtras {
    /// How vnfwiz reads the requirement: the rule file's doc comment after its first line.
    pub reading: Option<String>,
    /// Its example.
    pub example: Option<Example>,
    /// The decisions that name it: (title, link).
    pub decisions: Vec<(String, String)>,
}

/// The anchor GitHub gives a heading: lower case, letters, digits, `-` and `_` kept, spaces
/// as `-`, everything else dropped.
pub fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// The code block language of a fixture's file.
fn language(file: &str) -> &'static str {
    match file.rsplit_once('.').map(|(_, extension)| extension) {
        Some("yaml" | "yml" | "env") => "yaml",
        Some("ovf" | "xml") => "xml",
        Some("json") => "json",
        _ => "text",
    }
}

/// A fenced block that no line of `text` can close early.
fn fenced(text: &str, language: &str) -> String {
    let mut fence = "```".to_owned();
    while text.contains(fence.as_str()) {
        fence.push('`');
    }
    format!(
        "{fence}{language}\n{}\n{fence}\n",
        text.trim_end_matches('\n')
    )
}

/// One rule's section: its words, its reading, its example and the decisions naming it.
fn details(out: &mut String, rule: &Rule, fixable: bool, extras: &RuleExtras) {
    let meta = &rule.meta;
    let _ = writeln!(out, "\n### {}\n", meta.id);
    let _ = writeln!(
        out,
        "**{}**: {}{}\n",
        meta.keyword.as_str(),
        meta.summary,
        if fixable {
            " `vnfwiz validate --fix` fixes it."
        } else {
            ""
        }
    );
    let _ = writeln!(out, "*Why:* {}\n", meta.why);
    let _ = writeln!(out, "*How to fix:* {}\n", meta.fix);
    if let Some(reading) = &extras.reading {
        let _ = writeln!(out, "*How vnfwiz reads it:* {}\n", reading.trim());
    }
    if let Some(example) = &extras.example {
        let _ = writeln!(
            out,
            "*Example* (`{}`, `{}`), reported as: {}\n",
            example.fixture, example.file, example.finding
        );
        out.push_str(&fenced(&example.bad, language(&example.file)));
        if let Some(instead) = &example.instead {
            let _ = writeln!(out, "\n*Use instead:*\n");
            out.push_str(&fenced(instead, language(&example.file)));
        }
        out.push('\n');
    }
    if !extras.decisions.is_empty() {
        let links: Vec<String> = extras
            .decisions
            .iter()
            .map(|(title, link)| format!("[{title}]({link})"))
            .collect();
        let _ = writeln!(out, "*Decisions:* {}\n", links.join("; "));
    }
}

/// The document: the profiles, then every rule grouped by section, an index table (id,
/// keyword, summary, whether vnfwiz fixes it itself: `fixable` says, by id, since the fix
/// providers live in a later layer) and each rule's details with what `extras` gives.
pub fn markdown(
    profiles: &Profiles,
    fixable: &dyn Fn(&str) -> bool,
    extras: &dyn Fn(&Rule) -> RuleExtras,
) -> String {
    let mut out = String::new();
    let rules = all();
    let hot_spec = rules
        .iter()
        .filter(|r| r.meta.id.starts_with("R-92635/"))
        .count();
    let onap = rules
        .iter()
        .filter(|r| r.meta.id.starts_with("R-") && !r.meta.id.contains('/'))
        .count();
    // Checks of a requirement's further sentences (`R-27078/date`).
    let further = rules
        .iter()
        .filter(|r| {
            r.meta.id.starts_with("R-")
                && r.meta.id.contains('/')
                && !r.meta.id.starts_with("R-92635/")
        })
        .count();
    let _ = writeln!(out, "# Rules\n");
    let _ = writeln!(
        out,
        "<!-- Generated from the rule registry (`vnfwiz rules --format markdown`), each rule \
         file's doc comment, its failing fixture and docs/decisions.md; do not edit by \
         hand.\n     Regenerate with: INSTA_UPDATE=always cargo test --test it \
         rules_doc -->\n"
    );
    let _ = writeln!(
        out,
        "{} rules: {onap} ONAP VNF Heat requirements (`R-…`), {further} check{} of a \
         requirement's further sentences (`R-…/…`), {hot_spec} HOT specification checks \
         (`R-92635/…`) and {} checks of other inputs (OVF packages `OVF-…`, template \
         composition `CAP-…`, packages `CSAR-…` and `SDC-…`). Severity follows the keyword: \
         MUST and MUST NOT are errors, SHOULD and SHOULD NOT warnings, MAY notes.\n",
        rules.len(),
        if further == 1 { "" } else { "s" },
        rules.len() - onap - further - hot_spec
    );
    let fixes = rules.iter().filter(|r| fixable(r.meta.id)).count();
    let _ = writeln!(
        out,
        "{fixes} of them have an automatic fix (the `--fix` column): `vnfwiz validate --fix`, \
         the wizard's review and the editor's code actions make it.\n"
    );
    let _ = writeln!(out, "## Profiles\n");
    let _ = writeln!(
        out,
        "`vnfwiz validate --profile NAME` runs a profile (`{}` when none is named); \
         `--rules` and `--skip-rules` take ids, families, `*` prefixes and the section names \
         below. The counts include the `OVF-…` and `CAP-…` checks, which every profile runs \
         on their own kinds of input.\n",
        profiles.default_name()
    );
    let _ = writeln!(
        out,
        "| profile | what it runs | rules |\n| --- | --- | --- |"
    );
    for profile in profiles.all() {
        let count = profiles
            .selection(&profile.name)
            .map(|s| s.count())
            .unwrap_or(0);
        let _ = writeln!(
            out,
            "| `{}` | {} | {count} |",
            profile.name,
            cell(&profile.summary)
        );
    }
    let _ = writeln!(out, "\n## Twin requirements\n");
    let _ = writeln!(
        out,
        "These requirements say the same thing about one place, often once for a family and \
         once for a member. One defect breaking them is one finding: it is reported under the \
         first of them the selection runs (first here when all run) and names the others \
         (text `also breaks`, JSON `also`, SARIF `properties.also` and `relatedLocations`, \
         each JUnit case), and counted once. `--rules` selects it by any of its ids; \
         `--skip-rules` hides it by any of its ids.\n"
    );
    let _ = writeln!(out, "| ids | what they ask |\n| --- | --- |");
    for (metas, what) in documented() {
        let ids: Vec<String> = metas.iter().map(|m| format!("`{}`", m.id)).collect();
        let _ = writeln!(out, "| {} | {} |", ids.join(", "), cell(what));
    }
    let mut sections: BTreeMap<&str, Vec<&Rule>> = BTreeMap::new();
    for rule in rules {
        sections.entry(rule.meta.section).or_default().push(rule);
    }
    for (section, rules) in sections {
        let _ = writeln!(out, "\n## {section}\n");
        let _ = writeln!(
            out,
            "| id | keyword | summary | `--fix` |\n| --- | --- | --- | --- |"
        );
        for rule in &rules {
            let meta = &rule.meta;
            let _ = writeln!(
                out,
                "| [`{}`](#{}) | {} | {} | {} |",
                meta.id,
                anchor(meta.id),
                meta.keyword.as_str(),
                cell(meta.summary),
                if fixable(meta.id) { "yes" } else { "" }
            );
        }
        for rule in rules {
            details(&mut out, rule, fixable(rule.meta.id), &extras(rule));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_is_listed_once_under_its_section() {
        let extras = |rule: &Rule| RuleExtras {
            example: (rule.meta.id == "R-25877").then(|| Example {
                fixture: "fail.patch".to_owned(),
                file: "base.yaml".to_owned(),
                finding: "parameter name `a-b`".to_owned(),
                bad: "  a-b:\n    type: string\n".to_owned(),
                instead: Some("  a_b:\n    type: string\n".to_owned()),
            }),
            ..RuleExtras::default()
        };
        let text = markdown(&Profiles::built_in(), &|id| id == "R-90526", &extras);
        assert!(text.contains("1 of them have an automatic fix"));
        assert!(text.contains("| yes |\n"));
        assert_eq!(text.matches("| yes |").count(), 1);
        for rule in all() {
            let row = format!("| [`{}`](#{}) |", rule.meta.id, anchor(rule.meta.id));
            assert_eq!(text.matches(&row).count(), 1, "{}", rule.meta.id);
            let heading = format!("\n### {}\n", rule.meta.id);
            assert_eq!(text.matches(&heading).count(), 1, "{}", rule.meta.id);
            assert!(text.contains(&format!("\n## {}\n", rule.meta.section)));
        }
        assert!(text.contains(
            "*Example* (`fail.patch`, `base.yaml`), reported as: parameter name `a-b`\n\n\
             ```yaml\n  a-b:\n    type: string\n```\n\n*Use instead:*\n\n```yaml\n  a_b:"
        ));
        assert_eq!(
            anchor("R-92635/unknown-function"),
            "r-92635unknown-function"
        );
        assert_eq!(fenced("a ``` b", "text"), "````text\na ``` b\n````\n");
        assert!(text.contains("| `seed` |"));
        assert!(
            text.contains("| `R-39841`, `R-62590` |"),
            "twins are listed"
        );
        assert_eq!(cell("a | b"), "a \\| b");
    }
}
