//! OVF-ref/disk: every disk a hardware item attaches is a Disk of the package.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::sections::hardware::{disk_id, file_id, resource_type};

/// A host resource that names no disk, or a disk drive whose host resource is no reference.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-ref/disk",
        keyword: Keyword::Must,
        section: "OVF descriptor / DiskSection",
        summary: "Every ovf:/disk/<id> host resource and ovf:parentRef names a Disk of the DiskSection or a SharedDiskSection.",
        why: "A disk drive attached to a disk that is not described has no image and no \
              capacity: the server would boot without its disk.",
        fix: "Write the host resource as ovf:/disk/<diskId> with the ovf:diskId of a Disk, or \
              add the Disk to the DiskSection.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for disk in envelope.disks() {
        if let Some(parent) = &disk.parent_ref
            && !context.disk_ids.contains(parent.value.as_str())
        {
            findings.report_at(
                context.file,
                parent.span,
                "Disk",
                format!(
                    "disk `{}` has parent disk `{}`, which is not described",
                    disk.disk_id.value, parent.value
                ),
            );
        }
    }
    for (owner, section) in super::hardware_sections(context) {
        for item in &section.items {
            for host in &item.host_resources {
                match disk_id(&host.value) {
                    Some(id) if !context.disk_ids.contains(id) => {
                        findings.report_at(
                            context.file,
                            host.span,
                            &owner,
                            format!(
                                "host resource `{}` names disk `{id}`, which no Disk describes",
                                host.value
                            ),
                        );
                    }
                    None if item.resource_type == Some(resource_type::DISK)
                        && file_id(&host.value).is_none() =>
                    {
                        findings.report_at(
                            context.file,
                            host.span,
                            &owner,
                            format!(
                                "host resource `{}` of a disk drive is neither ovf:/disk/<id> nor ovf:/file/<id>",
                                host.value
                            ),
                        );
                    }
                    _ => {}
                }
            }
        }
    }
}
