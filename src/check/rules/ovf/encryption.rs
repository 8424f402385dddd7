//! OVF-encryption: vnfwiz cannot decrypt an EncryptionSection.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An EncryptionSection.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-encryption",
        keyword: Keyword::MustNot,
        section: "OVF descriptor / EncryptionSection",
        summary: "The package has no EncryptionSection; vnfwiz cannot decrypt XML-encrypted files or descriptor parts.",
        why: "Encrypted disks or descriptor parts must be decrypted before deployment; converting \
              them as they are would upload ciphertext as images.",
        fix: "Decrypt the package with the vendor's key before onboarding and remove the \
              EncryptionSection.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for section in &envelope.encryption {
        findings.report_at(
            context.file,
            section.span,
            "EncryptionSection",
            "the package is encrypted (EncryptionSection); vnfwiz cannot decrypt it",
        );
    }
}
