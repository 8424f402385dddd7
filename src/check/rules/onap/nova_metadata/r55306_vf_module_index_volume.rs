//! R-55306: `vf_module_index` is not read by an `OS::Cinder::Volume` resource, nor anywhere in
//! a volume module template.
//!
//! "Used" is read as a `get_param` of `vf_module_index`. Volume module templates are judged
//! whole; in other templates only reads inside an `OS::Cinder::Volume` resource count.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::TemplateKind;
use crate::model::hot::template::resource_type;
use crate::model::hot::usage::parameter_read;

/// A `vf_module_index` read where ONAP does not supply it.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-55306",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vf_module_index",
        summary: "`vf_module_index` is not read in an `OS::Cinder::Volume` resource or anywhere \
                  in a volume module template.",
        why: "ONAP does not supply `vf_module_index` to volume modules, so a volume name or size \
              built from it has no value at instantiation; volumes outlive the module instance \
              they are attached to, so they must not be numbered after it.",
        fix: "Build the volume's properties from other parameters (e.g. `{vm-type}_volume_…` \
              values in the volume module's environment file) and delete the \
              `vf_module_index` parameter from the volume module.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for (template, calls) in context.templates_with_calls() {
        let volume_module = template.kind == TemplateKind::Volume;
        for call in calls {
            if parameter_read(call) != Some("vf_module_index") {
                continue;
            }
            let in_volume = template
                .resource(call.owner)
                .and_then(resource_type)
                .is_some_and(|t| t == "OS::Cinder::Volume")
                && call.path.starts_with("resources.");
            let message = if volume_module {
                format!(
                    "the volume module `{}` reads `vf_module_index`, which ONAP does not supply \
                     to volume modules",
                    template.path()
                )
            } else if in_volume {
                format!(
                    "volume `{}` reads `vf_module_index`; volumes must not depend on the module \
                     instance number",
                    call.owner
                )
            } else {
                continue;
            };
            findings.report(template.file, call.name.span, call.path.clone(), message);
        }
    }
}
