//! R-11041: a resource that calls a nested template passes every parameter the nested
//! template declares as one of its properties (a group passes them in its member
//! definition).
//!
//! One violation per calling resource, at its `properties:` (or its `type:` when it has
//! none), naming the missing parameters, each declaration a related place.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A nested template's parameter the calling resource does not pass.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-11041",
        keyword: Keyword::Must,
        section: "ONAP Heat Template Constructs / Nested Heat Templates / Nested Heat Template \
                  Requirements",
        summary: "A resource calling a nested template passes every parameter of the nested \
                  template as a property.",
        why: "ONAP has no environment for nested templates: a parameter the parent does not \
              pass falls back on a default (which ONAP forbids) or fails the stack, and SDC's \
              model of the nested resource lacks the input.",
        fix: "Add each missing parameter under the calling resource's `properties:` (for a \
              group, its `resource_def: properties:`), usually as `{get_param: <same name>}` \
              from the module.",
    },
    check: Check::Hot(check),
};

/// Most missing names spelt out in one message.
const NAMED: usize = 12;

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for nested in &context.nesting().uses {
        let Some(child) = context.template(nested.child) else {
            continue;
        };
        let passed = nested.slot.properties();
        let missing: Vec<_> = child
            .parameters()
            .filter(|(name, _)| passed.is_none_or(|p| p.get(&name.text).is_none()))
            .collect();
        if missing.is_empty() {
            continue;
        }
        let names: Vec<String> = missing
            .iter()
            .take(NAMED)
            .map(|(name, _)| format!("`{}`", name.text))
            .collect();
        let more = missing.len().saturating_sub(NAMED);
        let listed = if more > 0 {
            format!("{} and {more} more", names.join(", "))
        } else {
            names.join(", ")
        };
        let slot = &nested.slot;
        let properties_key = slot.definition.as_map().and_then(|d| d.key("properties"));
        let (span, path) = match properties_key {
            Some(key) => {
                let path = slot.path();
                let owner = path.strip_suffix(".type").unwrap_or(&path);
                (key.span, format!("{owner}.properties"))
            }
            None => (slot.type_node.span, slot.path()),
        };
        let violation = findings.report(
            nested.parent.file,
            span,
            path,
            format!(
                "`{}` does not pass {} of `{}`",
                slot.resource.text,
                listed,
                child.path()
            ),
        );
        for (name, _) in missing.iter().take(24) {
            violation.also(child.path(), name.span, "declared here");
        }
    }
}
