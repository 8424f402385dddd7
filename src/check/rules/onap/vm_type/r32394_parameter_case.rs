//! R-32394: a `{vm-type}` has one letter case in all parameter names that resource
//! properties read (see `shared_checks::vm_type_case`).
//!
//! A parameter read anywhere under a resource's `properties:` counts. Each name is looked at
//! once per template, at its declaration (or, undeclared, at its first read).

use foldhash::{HashSet, HashSetExt};

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::usage::parameter_read;

use crate::check::rules::onap::shared_checks::vm_type_case::{self, NameUse};

/// A parameter name writing a `{vm-type}` in another case.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-32394",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / {vm-type}",
        summary: "Every parameter name read by a resource property writes a `{vm-type}` in the \
                  same letter case.",
        why: "SDC and ONAP's assignment tools find a VM type's parameters (image, flavor, names, \
              addresses) by their `{vm-type}` prefix as text; `VFW_image_name` next to \
              `vfw_flavor_name` splits one VM type in two.",
        fix: "Rename the reported parameter so its `{vm-type}` part is written exactly as in the \
              first parameter that uses it, in the template, its `get_param` calls and the \
              environment file.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let mut seen = HashSet::new();
    let names = context
        .templates_with_calls()
        .flat_map(|(template, calls)| {
            calls.iter().filter_map(move |call| {
                let in_properties = call.path.split('.').nth(2) == Some("properties");
                let name = parameter_read(call).filter(|_| in_properties)?;
                Some((template, call, name))
            })
        })
        .filter(|(template, _, name)| seen.insert((template.id, *name)))
        .map(|(template, call, name)| {
            let span = template
                .root
                .get("parameters")
                .and_then(|p| p.as_map())
                .and_then(|p| p.key(name))
                .map_or(call.args.span, |key| key.span);
            NameUse {
                name,
                file: template.file,
                span,
                section: "parameters",
            }
        });
    vm_type_case::check(context, findings, names, "parameter name");
}
