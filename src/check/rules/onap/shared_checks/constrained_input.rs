//! The check shared by R-22608 and R-20547: a parameter that receives another module's output
//! declares no constraints.

use crate::check::rules::Findings;
use crate::model::hot::Template;

/// Warns about a parameter of `module` that receives another module's output and declares
/// `constraints:` (R-22608, R-20547); `source` says where the value comes from.
pub fn report_constrained_input(
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
