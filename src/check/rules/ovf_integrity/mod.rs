//! OVF package integrity rules (`OVF-digest-mismatch`, `OVF-missing-file`, …): what
//! `integrity` found when the package was opened (manifest digests, sizes, completeness,
//! the certificate's signature and validity, the OVA's entry order), one rule per finding
//! kind. The metadata lives with the findings (`integrity::codes`); these rules register it
//! and report each finding where the operator can see it:
//!
//! 1. at the manifest or certificate line that shows the problem, when there is one;
//! 2. else at the descriptor's `File` element for the file (its `ovf:href`, or the whole
//!    element for a size);
//! 3. else at the start of the file the finding names.

mod certificate_expired;
mod certificate_invalid;
mod certificate_not_yet_valid;
mod descriptor_not_first;
mod digest_mismatch;
mod manifest_syntax;
mod missing_file;
mod no_manifest;
mod reference_absent;
mod self_signed;
mod signature_mismatch;
mod signature_unsupported;
mod size_mismatch;
mod unlisted_file;

use crate::foundation::diagnostics::Span;
use crate::input::integrity::{Finding, WantedBy};

use super::{Findings, OvfContext, Rule};

/// The integrity rules.
pub const RULES: &[&Rule] = &[
    &certificate_expired::RULE,
    &certificate_invalid::RULE,
    &certificate_not_yet_valid::RULE,
    &descriptor_not_first::RULE,
    &digest_mismatch::RULE,
    &manifest_syntax::RULE,
    &missing_file::RULE,
    &no_manifest::RULE,
    &reference_absent::RULE,
    &self_signed::RULE,
    &signature_mismatch::RULE,
    &signature_unsupported::RULE,
    &size_mismatch::RULE,
    &unlisted_file::RULE,
];

/// Reports every integrity finding of the rule `findings` collects for (the check of every
/// integrity rule: the finding kinds differ only in their data and place).
fn report_findings(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let id = findings.rule().id;
    for finding in context
        .integrity
        .findings
        .iter()
        .filter(|f| f.rule().id == id)
    {
        let (file, span, path) = place(context, finding);
        let violation = findings.report_at(file, span, path, finding.to_string());
        // A digest or a file the manifest wants: show which descriptor File it is too.
        let listed = matches!(
            finding,
            Finding::DigestMismatch { .. }
                | Finding::MissingFile {
                    wanted_by: WantedBy::Manifest { .. },
                    ..
                }
        );
        if listed && let Some(element) = context.file_element(finding.file()) {
            violation.also(
                context.file,
                element.href.span,
                format!("the descriptor references `{}` here", finding.file()),
            );
        }
    }
}

/// Where a finding is shown: file, span and element path.
fn place<'c>(context: &OvfContext<'c>, finding: &'c Finding) -> (&'c str, Span, &'static str) {
    if let Some((file, line)) = finding.text_location() {
        let span = context.text_line(file, line).unwrap_or(Span {
            line,
            column: 1,
            start: 0,
            end: 0,
        });
        return (file, span, "");
    }
    if let Some(element) = context.file_element(finding.file()) {
        let span = match finding {
            Finding::SizeMismatch { .. } => element.span,
            _ => element.href.span,
        };
        return (context.file, span, "References/File");
    }
    let start = Span {
        line: 1,
        column: 1,
        start: 0,
        end: 0,
    };
    (finding.file(), start, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::rules::{Check, find};
    use crate::foundation::diagnostics::Options;
    use crate::foundation::limits::Limits;
    use crate::input::integrity::codes;

    #[test]
    fn every_integrity_finding_kind_is_a_registered_package_rule() {
        assert_eq!(RULES.len(), codes::ALL.len());
        for meta in codes::ALL {
            let rule = find(meta.id).unwrap_or_else(|| panic!("{} is not registered", meta.id));
            assert_eq!(rule.meta.summary, meta.summary);
            assert!(matches!(rule.check, Check::Ovf(_)), "{}", meta.id);
        }
    }

    #[test]
    fn chunks_and_plain_files_find_their_file_element() {
        let dir = tempfile::tempdir().unwrap();
        let descriptor = r#"<Envelope xmlns="http://schemas.dmtf.org/ovf/envelope/1" xmlns:ovf="http://schemas.dmtf.org/ovf/envelope/1">
  <References>
    <File ovf:id="system" ovf:href="vlb-system.vmdk" ovf:size="10000" ovf:chunkSize="4096"/>
    <File ovf:id="config" ovf:href="images/vlb-config.iso" ovf:size="2048"/>
    <File ovf:id="shared" ovf:href="../../shared/vlb-data.vmdk" ovf:size="1024"/>
  </References>
  <VirtualSystem ovf:id="vlb"><Info>A load balancer</Info></VirtualSystem>
</Envelope>"#;
        std::fs::write(dir.path().join("vlb.ovf"), descriptor).unwrap();
        let limits = Limits::default();
        let package =
            crate::model::ovf::open(&dir.path().join("vlb.ovf"), &Options::new(&limits)).unwrap();
        let context = OvfContext::new(&package);
        let id = |name: &str| context.file_element(name).map(|f| f.id.value.as_str());
        assert_eq!(id("vlb-system.vmdk.000000002"), Some("system"));
        assert_eq!(id("images/vlb-config.iso"), Some("config"));
        // An href that leads outside the package is found as written, never resolved.
        assert_eq!(id("../../shared/vlb-data.vmdk"), Some("shared"));
        // A chunk-like suffix on a file that is not chunked, or not nine digits, is no chunk.
        assert_eq!(id("images/vlb-config.iso.000000001"), None);
        assert_eq!(id("vlb-system.vmdk.01"), None);
        assert_eq!(id("vlb.ovf"), None);
        // Every referenced part is missing and reported at its File element.
        let missing: Vec<_> = context
            .integrity
            .findings
            .iter()
            .filter(|f| f.rule().id == codes::REFERENCE_ABSENT.id)
            .map(|f| place(&context, f))
            .map(|(file, span, _)| (file, span.line))
            .collect();
        assert_eq!(
            missing,
            [
                ("vlb.ovf", 5),
                ("vlb.ovf", 4),
                ("vlb.ovf", 3),
                ("vlb.ovf", 3),
                ("vlb.ovf", 3)
            ]
        );
    }
}
