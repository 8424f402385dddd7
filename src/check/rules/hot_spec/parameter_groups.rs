//! R-92635/parameter-groups: parameter groups list declared parameters, each once.

use foldhash::{HashMap, HashMapExt, HashSet};

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta, Span};

/// A malformed parameter group.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/parameter-groups",
        keyword: Keyword::Must,
        section: "HOT specification / parameter groups section",
        summary: "Each parameter group is a map with a `parameters:` list of declared \
                  parameters, and a parameter belongs to at most one group.",
        why: "Heat validates parameter groups with the template and rejects a group without a \
              parameter list, a group naming an undeclared parameter, or a parameter in two \
              groups.",
        fix: "Give each group `label:` and a `parameters:` list, list only declared parameters, \
              and keep each parameter in a single group.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in context.templates.iter().filter(|t| t.is_hot()) {
        let Some(groups) = template
            .root
            .get("parameter_groups")
            .and_then(|g| g.as_seq())
        else {
            continue;
        };
        let declared: HashSet<&str> = template
            .parameters()
            .map(|(k, _)| k.text.as_str())
            .collect();
        let mut grouped: HashMap<&str, Span> = HashMap::new();
        for (index, group) in groups.iter().enumerate() {
            let path = format!("parameter_groups.{index}");
            let Some(map) = group.as_map() else {
                findings.report(
                    template.file,
                    group.span,
                    path,
                    format!(
                        "a parameter group is a map with `label:` and `parameters:`, not {}",
                        group.kind()
                    ),
                );
                continue;
            };
            let Some(list) = map.get("parameters") else {
                findings.report(
                    template.file,
                    group.span,
                    path,
                    "the parameter group has no `parameters:` list",
                );
                continue;
            };
            let Some(items) = list.as_seq() else {
                findings.report(
                    template.file,
                    list.span,
                    format!("{path}.parameters"),
                    format!("`parameters` of a group is a list, not {}", list.kind()),
                );
                continue;
            };
            let not_a_name =
                |kind: &str| format!("a grouped parameter is a parameter name, not {kind}");
            let list_path = format!("{path}.parameters");
            findings.each_name(
                template.file,
                items,
                &list_path,
                not_a_name,
                |findings, name, item, item_path| {
                    if let Some(&first) = grouped.get(name) {
                        findings
                            .report(
                                template.file,
                                item.span,
                                item_path,
                                format!("`{name}` is already in a parameter group; a parameter belongs to one group"),
                            )
                            .also(template.path(), first, "first grouped here");
                        return;
                    }
                    grouped.insert(name, item.span);
                    if !declared.contains(name) {
                        findings.report(
                            template.file,
                            item.span,
                            item_path,
                            format!("`{name}` is grouped but not declared under `parameters:`"),
                        );
                    }
                },
            );
        }
    }
}
