//! CSAR-sw-image-count: a node template has at most one software image artifact (Tacker
//! step 4).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use super::image_artifacts;

/// A node with two or more SwImage artifacts.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-sw-image-count",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 4: software images",
        summary: "A VDU or storage node has at most one tosca.artifacts.nfv.SwImage artifact.",
        why: "Tacker registers one image per node and refuses the package with \"artifacts of \
              type tosca.artifacts.nfv.SwImage is added more than one time for node …\". \
              Tacker counts an artifact written as a plain path as a software image too.",
        fix: "Keep one SwImage artifact per node (named sw_image by convention); give other \
              files their own artifact type in map form (type: tosca.artifacts.Implementation.Bash, \
              file: …) or move them to another node.",
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
            if images.len() < 2 {
                continue;
            }
            let names: Vec<&str> = images.iter().map(|k| k.text.as_str()).collect();
            for extra in &images[1..] {
                findings.report_at(
                    &file.path,
                    extra.span,
                    format!(
                        "topology_template.node_templates.{}.artifacts.{}",
                        node.text, extra.text
                    ),
                    format!(
                        "node `{}` has {} software image artifacts ({}); Tacker takes one per node",
                        node.text,
                        images.len(),
                        names.join(", ")
                    ),
                );
            }
        }
    }
}
