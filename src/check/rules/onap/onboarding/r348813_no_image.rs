//! R-348813: the heat package carries no disk or CD image.
//!
//! Images are recognised by extension (`.qcow2`, `.vmdk`, `.vhd(x)`, `.vdi`, `.iso`, `.img`,
//! `.raw`, Glance's Amazon formats `.ami`, `.aki`, `.ari`, and `.ova` appliances) or,
//! whatever the name, by their format's signature in the first bytes. Only
//! folders and archives are listed; templates given one by one have no package to check.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta, Span};

/// A disk or CD image inside the heat package.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-348813",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Orchestration Templates Overview / ONAP VNF On-Boarding",
        summary: "The heat package holds no binary image file (QCOW2, VMDK, VHD, VDI, ISO, \
                  raw disk, AMI/AKI/ARI or OVA).",
        why: "ONAP onboards images separately, into the cloud's image service; SDC refuses or \
              chokes on a heat zip that carries gigabytes of disk, and the templates refer to \
              images by name (`{vm-type}_image_name`), never by file.",
        fix: "Remove the image from the package and upload it to the cloud's image service \
              (Glance), then give its name in the `{vm-type}_image_name` value of the \
              environment file.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for entry in &context.set.package {
        let Some(image) = entry.disk_image else {
            continue;
        };
        findings.report_at(
            &entry.path,
            Span::START,
            "",
            format!(
                "`{}` is a {} ({} bytes); images do not belong in the heat package",
                entry.path,
                image.label(),
                entry.size
            ),
        );
    }
}
