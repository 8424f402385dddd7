//! CSAR-signer-validity: the signer's certificate is within its validity period.

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::signature::Validity;

/// A verified signature whose certificate has expired or is not valid yet.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-signer-validity",
        keyword: Keyword::Should,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "The certificate that signed the manifest (or the CSAR, in a signed zip) is \
                  valid at the time of the check.",
        why: "An NFVO that verifies signatures refuses a package signed with an expired (or \
              not yet valid) certificate; the content may still be intact, so this is a \
              warning.",
        fix: "Re-sign the manifest with a current certificate of the provider.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for (signer, place) in context.verified_signatures() {
        let message = match signer.validity {
            Validity::Current => continue,
            Validity::Expired => format!(
                "the signing certificate `{}` expired on {}",
                signer.subject, signer.not_after
            ),
            Validity::NotYetValid => format!(
                "the signing certificate `{}` is not valid before {}",
                signer.subject, signer.not_before
            ),
        };
        findings.report_at(place.file, place.begin, "", message);
    }
}
