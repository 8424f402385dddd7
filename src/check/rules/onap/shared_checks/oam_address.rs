//! The check shared by R-18683 (`oam_management_v4_address`) and R-94669
//! (`oam_management_v6_address`): the output is declared in one template of the VNF only, and
//! under exactly its name.
//!
//! Whether the VNF has one OAM address that needs inventorying is the operator's knowledge,
//! not the template's; what can be judged is that the output, where declared, is declared
//! once (a nested template counted once) and that no output takes its name in another letter
//! case, which A&AI would not recognise.

use crate::check::rules::{Context, Findings};

/// Reports second and later declarations of `name` and outputs named like it in another case.
pub fn check(context: &Context<'_>, findings: &mut Findings<'_>, name: &str) {
    let mut first: Option<(&str, crate::foundation::diagnostics::Span)> = None;
    for template in &context.templates {
        for (output, _) in template.outputs() {
            if output.text == name {
                match first {
                    None => first = Some((template.path(), output.span)),
                    Some((path, span)) => {
                        findings
                            .report(
                                template.file,
                                output.span,
                                format!("outputs.{name}"),
                                format!(
                                    "`{name}` is declared again here; ONAP takes the VNF's OAM \
                                     address from one template only"
                                ),
                            )
                            .also(path, span, "first declared here");
                    }
                }
            } else if output.text.eq_ignore_ascii_case(name) {
                findings.report(
                    template.file,
                    output.span,
                    format!("outputs.{}", output.text),
                    format!(
                        "output `{}` must be named exactly `{name}` for ONAP to inventory it",
                        output.text
                    ),
                );
            }
        }
    }
}
