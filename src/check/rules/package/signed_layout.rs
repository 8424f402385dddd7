//! CSAR-signed-layout: a signed package (SOL004's second option) holds exactly one CSAR.

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A zip of CSARs and signatures that holds no CSAR or several.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-signed-layout",
        keyword: Keyword::Must,
        section: "SOL004 package, signed zip (security option 2)",
        summary: "A zip carrying a signed CSAR holds exactly one `.csar`, with its `.cms` \
                  signature and optionally its certificate.",
        why: "SOL004's second option signs one CSAR: with two, nothing says which one the \
              signature and certificate belong to, so neither can be verified or onboarded.",
        fix: "Ship one zip per CSAR: <vnf>.csar, <vnf>.cms and <vnf>.cert.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(signed) = &context.csar.signed else {
        return;
    };
    if signed.csar.is_some() {
        return;
    }
    let csars = signed.csars();
    findings.report_at(
        context.package_file(),
        FILE_START,
        "",
        format!(
            "the signed package holds {} CSARs ({}); it must hold exactly one, so none is read",
            csars.len(),
            csars.join(", ")
        ),
    );
}
