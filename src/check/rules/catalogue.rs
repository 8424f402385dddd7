//! The rule catalogue as Markdown (`docs/rules.md`, `vnfwiz rules --format markdown`),
//! generated from the registry so the documentation cannot drift from the code.

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

/// The catalogue: the profiles, then every rule grouped by section, with id, keyword,
/// summary, how to fix, and whether vnfwiz fixes it itself (`fixable` says, by id: the fix
/// providers live in a later layer).
pub fn markdown(profiles: &Profiles, fixable: &dyn Fn(&str) -> bool) -> String {
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
        "<!-- Generated from the rule registry by `vnfwiz rules --format markdown`; do not \
         edit by hand.\n     Regenerate with: INSTA_UPDATE=always cargo test --test it \
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
            "| id | keyword | summary | how to fix | `--fix` |\n| --- | --- | --- | --- | --- |"
        );
        for rule in rules {
            let meta = &rule.meta;
            let _ = writeln!(
                out,
                "| `{}` | {} | {} | {} | {} |",
                meta.id,
                meta.keyword.as_str(),
                cell(meta.summary),
                cell(meta.fix),
                if fixable(meta.id) { "yes" } else { "" }
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_is_listed_once_under_its_section() {
        let text = markdown(&Profiles::built_in(), &|id| id == "R-90526");
        assert!(text.contains("1 of them have an automatic fix"));
        assert!(text.contains("| yes |\n"));
        assert_eq!(text.matches("| yes |").count(), 1);
        for rule in all() {
            let row = format!("| `{}` |", rule.meta.id);
            assert_eq!(text.matches(&row).count(), 1, "{}", rule.meta.id);
            assert!(text.contains(&format!("\n## {}\n", rule.meta.section)));
        }
        assert!(text.contains("| `seed` |"));
        assert!(
            text.contains("| `R-39841`, `R-62590` |"),
            "twins are listed"
        );
        assert_eq!(cell("a | b"), "a \\| b");
    }
}
