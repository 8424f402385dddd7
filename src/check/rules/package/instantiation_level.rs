//! CSAR-instantiation-level: VDU and virtual-link instantiation level policies only name
//! levels the flavour's InstantiationLevels policy defines (Tacker step 4).

use foldhash::HashSet;

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::csar::vnfd::INSTANTIATION_LEVELS;

/// The per-VDU and per-link policies whose levels must exist.
const PER_ELEMENT: [&str; 2] = [
    "tosca.policies.nfv.VduInstantiationLevels",
    "tosca.policies.nfv.VirtualLinkInstantiationLevels",
];

/// A level that no InstantiationLevels policy defines.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-instantiation-level",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 4: instantiation levels",
        summary: "Every level of a VduInstantiationLevels or VirtualLinkInstantiationLevels \
                  policy is defined by the flavour's InstantiationLevels policy.",
        why: "Tacker checks each flavour's per-VDU and per-link levels against the levels its \
              tosca.policies.nfv.InstantiationLevels policy defines and refuses the package \
              with \"Level(s) … not found in defined levels\" (or \"InstantiationLevels is not \
              defined\" when the flavour has none).",
        fix: "Rename the level to one the InstantiationLevels policy defines, or add it to \
              that policy's `levels:` (with its scale_info).",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    for (index, file) in vnfd.files.iter().enumerate() {
        let policies = vnfd.policies(index);
        let mut defined: Option<HashSet<&str>> = None;
        for (_, policy) in &policies {
            if policy.get("type").and_then(Node::as_str) != Some(INSTANTIATION_LEVELS) {
                continue;
            }
            if let Some(levels) = policy
                .get("properties")
                .and_then(|p| p.get("levels"))
                .and_then(Node::as_map)
                .filter(|l| !l.is_empty())
            {
                defined = Some(levels.iter().map(|(k, _)| k.text.as_str()).collect());
            }
        }
        for (name, policy) in &policies {
            let Some(kind) = policy.get("type").and_then(Node::as_str) else {
                continue;
            };
            if !PER_ELEMENT.contains(&kind) {
                continue;
            }
            let path = format!("topology_template.policies.{}", name.text);
            let Some(defined) = &defined else {
                findings.report_at(
                    &file.path,
                    name.span,
                    &path,
                    format!(
                        "policy `{}` ({kind}) needs a tosca.policies.nfv.InstantiationLevels \
                         policy in the same flavour, and there is none",
                        name.text
                    ),
                );
                continue;
            };
            let levels = policy
                .get("properties")
                .and_then(|p| p.get("levels"))
                .and_then(Node::as_map);
            for (level, _) in levels.into_iter().flat_map(|l| l.iter()) {
                if !defined.contains(level.text.as_str()) {
                    let mut known: Vec<&str> = defined.iter().copied().collect();
                    known.sort_unstable();
                    findings.report_at(
                        &file.path,
                        level.span,
                        format!("{path}.properties.levels.{}", level.text),
                        format!(
                            "level `{}` of policy `{}` is not among the defined levels ({})",
                            level.text,
                            name.text,
                            known.join(", ")
                        ),
                    );
                }
            }
        }
    }
}
