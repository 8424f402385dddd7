//! OVF-ref/file: every file reference names a File of the References section.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::sections::hardware::file_id;

/// A fileRef (disk, environment file, icon, `ovf:/file/` host resource)
/// that names no File.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-ref/file",
        keyword: Keyword::Must,
        section: "OVF descriptor / References",
        summary: "Every ovf:fileRef (message bundles excepted) and ovf:/file/ host resource names a File of the References section.",
        why: "A disk image, environment file or message bundle that is not listed in References \
              is not part of the package: the deployment cannot find it and the manifest does \
              not cover it.",
        fix: "Add <File ovf:id=\"…\" ovf:href=\"…\"/> to References, or correct the reference to \
              an existing File id.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    let mut refs = Vec::new();
    for disk in envelope.disks() {
        refs.extend(
            disk.file_ref
                .as_ref()
                .map(|r| ("Disk", r.value.as_str(), r.span)),
        );
    }
    // A message bundle's fileRef is OVF-strings-bundle's: its texts fall back to the inline
    // ones, so a missing bundle is a warning rather than a broken reference.
    for content in &envelope.contents {
        if let Some(section) = &content.environment_files {
            refs.extend(section.files.iter().map(|f| {
                (
                    "EnvironmentFilesSection",
                    f.file_ref.value.as_str(),
                    f.file_ref.span,
                )
            }));
        }
        for product in &content.products {
            refs.extend(
                product
                    .icons
                    .iter()
                    .filter_map(|i| i.file_ref.as_ref())
                    .map(|r| ("Icon", r.value.as_str(), r.span)),
            );
        }
    }
    for (_, section) in super::hardware_sections(context) {
        for item in &section.items {
            refs.extend(
                item.host_resources
                    .iter()
                    .filter_map(|h| file_id(&h.value).map(|id| ("HostResource", id, h.span))),
            );
        }
    }
    for (element, id, span) in refs {
        if !context.file_ids.contains(id) {
            findings.report_at(
                context.file,
                span,
                element,
                format!("{element} refers to file `{id}`, which References does not list"),
            );
        }
    }
}
