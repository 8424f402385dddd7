//! CSAR-signer-trust: a signing certificate is vouched for by an authority, not only by
//! itself.

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A verified signature whose certificate is self-signed.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-signer-trust",
        keyword: Keyword::Should,
        section: "SOL004 package, signed zip (security option 2)",
        summary: "The certificate that signed the manifest or the CSAR is issued by a \
                  certificate authority, not self-signed.",
        why: "Anyone can make a self-signed certificate in any name: the signature then \
              proves only that the package did not change since someone signed it, not who \
              did. An NFVO trusts signers through its root certificates, so it refuses a \
              self-signed one; the content may still be intact, so this is a warning.",
        fix: "Sign with a certificate your provider's CA issued (and ship the CA certificate \
              with it), or add the self-signed certificate to the NFVO's trust store \
              knowingly.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for (signer, place) in context.verified_signatures() {
        if signer.self_signed {
            findings.report_at(
                place.file,
                place.begin,
                "",
                format!(
                    "the signing certificate `{}` is self-signed: nothing but itself vouches for the signer, so the signature is untrusted",
                    signer.subject
                ),
            );
        }
    }
}
