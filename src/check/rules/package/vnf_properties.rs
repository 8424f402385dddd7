//! CSAR-vnf-properties: the main template has a VNF node with properties (Tacker step 4).

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::csar::vnfd::VNF_TYPE;

/// No node of a VNF type in the main template, or one without properties.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-vnf-properties",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 4: the VNF node",
        summary: "The main VNFD has a node whose type is (or derives from) tosca.nodes.nfv.VNF, \
                  with its properties (descriptor_id, provider, product_name, …).",
        why: "Tacker reads the VNF package's identity (vnfdId, provider, product name, \
              software and descriptor versions) from that node and refuses the package with \
              \"VNF properties are mandatory\" when there is none or it has no properties.",
        fix: "In the top-level VNFD's node_templates, add `VNF:` of your VNF node type \
              (derived_from: tosca.nodes.nfv.VNF) with descriptor_id, descriptor_version, \
              provider, product_name, software_version, vnfm_info and flavour_id.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    let Some(root) = vnfd.root(0) else {
        return;
    };
    let main = &vnfd.files[0].path;
    let vnf = vnfd.node_templates(0).find(|(_, template)| {
        template
            .get("type")
            .and_then(Node::as_str)
            .is_some_and(|t| vnfd.is_a(t, VNF_TYPE))
    });
    match vnf {
        Some((name, template)) => {
            let properties = template.get("properties");
            if properties.is_none_or(Node::is_blank) {
                findings.report_at(
                    main,
                    properties.map_or(name.span, |p| p.span),
                    format!("topology_template.node_templates.{}.properties", name.text),
                    format!("VNF node `{}` has no properties", name.text),
                );
            }
        }
        None => {
            let span = root.key("topology_template").map_or(FILE_START, |k| k.span);
            findings.report_at(
                main,
                span,
                "topology_template.node_templates",
                "the main template has no node of a type derived from tosca.nodes.nfv.VNF",
            );
        }
    }
}
