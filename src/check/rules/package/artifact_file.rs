//! CSAR-artifact-file: every artifact of a VNFD node template names a file of the package
//! (tosca-parser's external-reference check, Tacker step 3).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::source::path;
use crate::input::yaml::Node;

/// An artifact whose file is not in the package.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-artifact-file",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 3: the VNFD",
        summary: "Each node template artifact (`file:` or a plain path) names a file inside the \
                  package, relative to the VNFD file.",
        why: "tosca-parser checks every artifact path of every node template against the \
              extracted CSAR and reports \"The resource … does not exist\"; Tacker then cannot \
              upload the software image the VNFD promises.",
        fix: "Store the file where the path points (software images under Files/images/, \
              written as ../Files/images/<image> from Definitions/), or correct the path.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    for (index, file) in vnfd.files.iter().enumerate() {
        for (node, template) in vnfd.node_templates(index) {
            let Some(artifacts) = template.get("artifacts").and_then(Node::as_map) else {
                continue;
            };
            for (name, artifact) in artifacts.iter() {
                let Some(target) = artifact.as_str().map(|s| (s, artifact.span)).or_else(|| {
                    let file = artifact.get("file")?;
                    Some((file.as_str()?, file.span))
                }) else {
                    continue;
                };
                let (reference, span) = target;
                if path::is_url(reference) {
                    continue;
                }
                let found = path::resolve(&file.path, reference)
                    .ok()
                    .filter(|p| context.csar.contains(p));
                if found.is_none() {
                    let resolved = path::resolve(&file.path, reference)
                        .map_or_else(|e| e.to_string(), |p| format!("`{p}`"));
                    findings.report_at(
                        &file.path,
                        span,
                        format!("topology_template.node_templates.{}.artifacts.{}", node.text, name.text),
                        format!(
                            "artifact `{}` of node `{}` names `{reference}` ({resolved}), which the package does not have",
                            name.text, node.text
                        ),
                    );
                }
            }
        }
    }
}
