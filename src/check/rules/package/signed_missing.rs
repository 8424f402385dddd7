//! CSAR-signed-missing: the CSAR in a signed zip comes with its signature.

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A CSAR carried in a zip without the `.cms` that signs it.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-signed-missing",
        keyword: Keyword::Must,
        section: "SOL004 package, signed zip (security option 2)",
        summary: "A CSAR shipped in a zip with its certificate also carries the `.cms` \
                  signature of its bytes.",
        why: "The zip exists to carry the signature: without it, nothing proves the CSAR \
              comes unchanged from the provider whose certificate sits beside it, and an \
              NFVO that requires signed packages refuses it.",
        fix: "Sign the CSAR (openssl cms -sign -binary -in <vnf>.csar -signer cert.pem -inkey \
              key.pem -outform PEM -out <vnf>.cms) and add <vnf>.cms to the zip.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(signed) = &context.csar.signed else {
        return;
    };
    let Some(csar) = &signed.csar else {
        return;
    };
    if signed.signature.is_some() {
        return;
    }
    findings.report_at(
        context.package_file(),
        FILE_START,
        "",
        format!("`{csar}` has no signature (`.cms`) beside it in the zip"),
    );
}
