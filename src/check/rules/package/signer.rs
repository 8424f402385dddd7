//! CSAR-signer: who signed the manifest or the CSAR and how long the certificate is valid
//! (a note).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A verified signature, reported for the record.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-signer",
        keyword: Keyword::May,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "Reports the signer, issuer, algorithms and validity period of a verified \
                  signature (of the manifest, or of the CSAR in a signed zip).",
        why: "A signature proves who signed only to someone who checks that signer against \
              the provider they expect; vnfwiz has no trust store, so it shows the signer for \
              the operator to compare.",
        fix: "Nothing to fix: compare the signer and issuer with the provider's published \
              signing certificate.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for (signer, place) in context.verified_signatures() {
        findings.report_at(
            place.file,
            place.begin,
            "",
            format!(
                "signed by `{}` (issued by `{}`) with {} and {}; certificate valid from {} to {}",
                signer.subject,
                signer.issuer,
                signer.key,
                signer.digest,
                signer.not_before,
                signer.not_after
            ),
        );
    }
}
