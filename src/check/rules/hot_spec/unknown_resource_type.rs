//! R-92635/unknown-resource-type: every resource `type:` names a type Heat knows (one of its
//! own, an alias of its default environment, a mapping of the set's `resource_registry`) or
//! a template file of the package.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::heat_types::HeatTypes;
use crate::model::hot::implementations::Implementation;
use crate::model::hot::lookalike::Suggestions;

/// A resource type Heat cannot find.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/unknown-resource-type",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "Every resource `type:` is a type Heat knows (OpenStack, Contrail, an alias of \
                  Heat's default environment or a resource_registry mapping) or a `.yaml` / \
                  `.template` file of the package.",
        why: "Heat looks every type up before it creates anything; a misspelt or foreign type \
              fails the whole stack with \"resource type could not be found\", and Heat reads \
              a type as a template only when it ends in `.yaml` or `.template`.",
        fix: "Correct the type's spelling (the message names the closest known type), or name \
              the nested template by its `.yaml` file.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let heat_types = HeatTypes::get();
    // Built on the first unknown type only: most sets have none.
    let mut suggestions: Option<Suggestions<'_>> = None;
    for found in &context.implementations().slots {
        let (template, slot) = (&found.template, &found.slot);
        if !template.is_hot() || !matches!(found.implementation, Implementation::Unknown) {
            continue;
        }
        let written = slot.written;
        let message = if let Some(stem) = written.strip_suffix(".yml") {
            format!(
                "Heat reads a resource type as a template file only when it ends in `.yaml` \
                 or `.template`, so it cannot find the type `{written}` (ONAP allows `.yml` \
                 file names, R-56438, but not as a type); name the file `{stem}.yaml`"
            )
        } else {
            let hint = suggestions
                .get_or_insert_with(|| Suggestions::new(heat_types.names()))
                .hint(written)
                .map(|name| format!("; did you mean `{name}`?"))
                .unwrap_or_default();
            format!(
                "Heat knows no resource type `{written}` (no type of openstack-heat {} or the \
                 Contrail plugin, no alias, resource_registry mapping or `.yaml` \
                 template){hint}",
                heat_types.heat.follows
            )
        };
        findings.report(template.file, slot.type_node.span, slot.path(), message);
    }
}
