//! CSAR-signature: a CMS signature closing the manifest verifies (SOL004 §5.9).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A manifest signature that does not verify or cannot be read.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-signature",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "A CMS signature at the end of the manifest decodes, names a signer whose \
                  certificate is in the signature or the package, and verifies over the \
                  manifest text before it.",
        why: "With SOL004's first security option the signed manifest is what proves every \
              digest, and so every file, comes from the provider; a signature that does not \
              verify means the manifest was edited after signing or signed with another key.",
        fix: "Re-sign the final manifest text: openssl cms -sign -binary -in <vnf>.mf \
              -signer cert.pem -inkey key.pem -outform PEM, then append the PEM block \
              (-----BEGIN CMS----- … -----END CMS-----) after a blank line; include the \
              certificate or name it with ETSI-Entry-Certificate.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for check in &context.csar.signatures {
        let Err(error) = &check.outcome else {
            continue;
        };
        let manifest = &context.csar.manifests[check.manifest];
        let Some(block) = &manifest.blocks.signature else {
            continue;
        };
        let span = block.trailing_text.unwrap_or(block.begin);
        findings.report_at(
            &manifest.path,
            span,
            "",
            format!("the manifest signature does not verify: {error}"),
        );
    }
}
