//! ONAP output parameters: what volume modules publish for their modules, and how modules
//! declare the values base and volume modules hand them.

mod r07443_volume_output_input;
mod r20547_volume_output_constraints;
mod r22608_base_output_constraints;
mod r89913_volume_output_uuid;

use crate::check::rules::{Findings, Rule};
use crate::model::hot::Template;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r22608_base_output_constraints::RULE,
    &r07443_volume_output_input::RULE,
    &r20547_volume_output_constraints::RULE,
    &r89913_volume_output_uuid::RULE,
];

/// Warns about a parameter of `module` that receives another module's output and declares
/// `constraints:` (R-22608, R-20547); `source` says where the value comes from.
fn report_constrained_input(
    findings: &mut Findings<'_>,
    module: &Template<'_>,
    name: &str,
    output: (&Template<'_>, &crate::input::yaml::Key),
    source: &str,
) {
    let Some(definition) = module.parameter(name) else {
        return;
    };
    let Some(key) = definition.as_map().and_then(|d| d.key("constraints")) else {
        return;
    };
    findings
        .report(
            module.file,
            key.span,
            format!("parameters.{name}.constraints"),
            format!(
                "parameter `{name}` receives the {source} output of the same name and should \
                 not declare constraints"
            ),
        )
        .also(
            output.0.path(),
            output.1.span,
            format!("the {source} output"),
        );
}
