//! CSAR-import: every `imports:` entry of the VNFD names a file of the package or one of
//! ETSI's SOL001 type files by URL (Tacker step 3).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::vnfd::ImportTarget;

/// An import that leads to no file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-import",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 3: the VNFD",
        summary: "Each VNFD import names a file inside the package, relative to the importing \
                  file, or an ETSI SOL001 type file by its canonical URL.",
        why: "tosca-parser resolves imports relative to the importing template inside the \
              extracted CSAR; a missing or escaping import makes Tacker reject the package. \
              Imports of https://forge.etsi.org/rep/nfv/SOL001/raw/<version>/etsi_nfv_sol001_*_types.yaml \
              are resolved by Tacker to its bundled copies.",
        fix: "Add the imported file to Definitions/ beside the importing file (or correct the \
              path), or import the ETSI type files by their forge.etsi.org URL.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    for import in &vnfd.imports {
        let message = match &import.resolved {
            ImportTarget::File(_) | ImportTarget::EtsiTypes | ImportTarget::Url => continue,
            ImportTarget::Missing(path) => format!(
                "imports `{}` ({path}), which the package does not have",
                import.target
            ),
            ImportTarget::Invalid(error) => format!("imports {error}"),
            ImportTarget::Unreadable(reason) => {
                format!(
                    "imports `{}`, which cannot be read: {reason}",
                    import.target
                )
            }
            ImportTarget::Malformed => {
                "this import names no file (write a path, or `file: <path>`)".to_owned()
            }
        };
        findings.report_at(
            &vnfd.files[import.from].path,
            import.span,
            "imports",
            message,
        );
    }
}
