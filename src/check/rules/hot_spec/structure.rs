//! R-92635/structure: a template is a map of sections, each of the right kind.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Value;
use crate::model::hot::Role;

/// A template that is not a map, or a section of the wrong kind.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/structure",
        keyword: Keyword::Must,
        section: "HOT specification / template structure",
        summary: "A template is a map of sections; parameters, resources, outputs and conditions \
                  are maps and parameter_groups is a list.",
        why: "Heat reads each section by its kind; a list where a map is expected (or a \
              template that is not a map at all) is rejected before anything is validated.",
        fix: "Write the section as the specification shows: `resources:` followed by indented \
              `<name>:` entries (no leading `-`), `parameter_groups:` as a `-` list.",
    },
    check: Check::Hot(check),
};

/// Sections and the kind each must be (`true`: a map, `false`: a list).
const SECTION_KINDS: [(&str, bool); 5] = [
    ("parameters", true),
    ("resources", true),
    ("outputs", true),
    ("conditions", true),
    ("parameter_groups", false),
];

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for file in &context.set.files {
        if !matches!(file.role, Role::Template(_)) {
            continue;
        }
        let Some(document) = &file.document else {
            continue;
        };
        match &document.root.value {
            Value::Map(_) => {}
            Value::Null => {
                findings.report(
                    file,
                    document.root.span,
                    "",
                    "the template is empty; it needs at least `heat_template_version:` and `resources:`",
                );
            }
            _ => {
                findings.report(
                    file,
                    document.root.span,
                    "",
                    format!(
                        "a template is a map of sections (heat_template_version, parameters, \
                         resources, ...), not {}",
                        document.root.kind()
                    ),
                );
            }
        }
    }
    for template in context.templates.iter().filter(|t| t.is_hot()) {
        for (section, map) in SECTION_KINDS {
            let Some((key, value)) = template.section(section) else {
                continue;
            };
            let fits = value.is_null()
                || if map {
                    value.as_map().is_some()
                } else {
                    value.as_seq().is_some()
                };
            if fits {
                continue;
            }
            let wanted = if map {
                "a map of named entries"
            } else {
                "a list of groups"
            };
            findings.report(
                template.file,
                value.span,
                key.text.clone(),
                format!("`{section}` must be {wanted}, not {}", value.kind()),
            );
        }
    }
}
