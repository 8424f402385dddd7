//! CSAR-signature: a CMS signature verifies: one closing the manifest (SOL004 §5.9, the
//! first security option) over the manifest text, one beside the CSAR in a signed zip
//! (§5.1, the second) over the CSAR's bytes.

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::Signed;

/// A signature that does not verify or cannot be read.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-signature",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "A CMS signature decodes, names a signer whose certificate is in the \
                  signature or the package, and verifies: at the end of the manifest, over \
                  the manifest text before it; beside the CSAR in a signed zip, over the \
                  CSAR's bytes.",
        why: "With SOL004's first security option the signed manifest is what proves every \
              digest, and so every file, comes from the provider; with the second, the \
              signature over the whole CSAR does. A signature that does not verify means \
              the manifest or the CSAR was changed after signing, or signed with another \
              key than the certificate given.",
        fix: "Re-sign the final manifest text (openssl cms -sign -binary -in <vnf>.mf \
              -signer cert.pem -inkey key.pem -outform PEM, the PEM block appended after a \
              blank line) or the final CSAR (openssl cms -sign -binary -in <vnf>.csar \
              -signer cert.pem -inkey key.pem -outform PEM -out <vnf>.cms); ship the \
              certificate that signed it.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for check in &context.csar.signatures {
        let Err(error) = &check.outcome else {
            continue;
        };
        let Some(place) = context.signature_place(check) else {
            continue;
        };
        let what = match check.place {
            Signed::Manifest(_) => "the manifest signature",
            Signed::Archive => "the signature of the CSAR",
        };
        findings.report_at(
            place.file,
            place.trailing.unwrap_or(place.begin),
            "",
            format!("{what} does not verify: {error}"),
        );
    }
}
