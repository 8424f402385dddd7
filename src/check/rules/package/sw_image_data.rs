//! CSAR-sw-image-data: a node with a software image artifact describes the image in
//! `sw_image_data` (Tacker step 4).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use super::image_artifacts;

/// A SwImage artifact without `sw_image_data`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-sw-image-data",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 4: software images",
        summary: "A node template with a software image artifact has a sw_image_data property.",
        why: "Tacker builds the Glance image record (name, version, checksum, container and \
              disk format, sizes) from sw_image_data and refuses the package with \"Node \
              property sw_image_data is missing for artifact …\". An artifact written as a \
              plain path counts as a software image.",
        fix: "Add sw_image_data to the node's properties: name, version, checksum {algorithm, \
              hash}, container_format, disk_format, min_disk, size.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    for (index, file) in vnfd.files.iter().enumerate() {
        for (node, template) in vnfd.node_templates(index) {
            let images = image_artifacts(template);
            let Some(first) = images.first() else {
                continue;
            };
            let described = template
                .get("properties")
                .and_then(|p| p.get("sw_image_data"))
                .is_some_and(|d| !d.is_blank());
            if !described {
                findings.report_at(
                    &file.path,
                    first.span,
                    format!(
                        "topology_template.node_templates.{}.artifacts.{}",
                        node.text, first.text
                    ),
                    format!(
                        "node `{}` has the software image artifact `{}` but no sw_image_data property",
                        node.text, first.text
                    ),
                );
            }
        }
    }
}
