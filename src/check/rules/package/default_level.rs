//! CSAR-default-level: an InstantiationLevels policy's `default_level` is one of its
//! levels (Tacker step 4).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::csar::vnfd::INSTANTIATION_LEVELS;

/// A default level no level definition matches.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-default-level",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 4: instantiation levels",
        summary: "The default_level of a tosca.policies.nfv.InstantiationLevels policy names \
                  one of the levels it defines.",
        why: "Tacker reads each flavour's instantiation levels when the package is uploaded \
              and refuses it with \"Level … not found in defined levels\"; instantiation \
              without an explicit level would start at a level that does not exist.",
        fix: "Set default_level to a key of the policy's `levels:` map, or add the missing \
              level definition.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    for (index, file) in vnfd.files.iter().enumerate() {
        for (name, policy) in vnfd.policies(index) {
            if policy.get("type").and_then(Node::as_str) != Some(INSTANTIATION_LEVELS) {
                continue;
            }
            let properties = policy.get("properties");
            let Some(levels) = properties
                .and_then(|p| p.get("levels"))
                .and_then(Node::as_map)
                .filter(|l| !l.is_empty())
            else {
                continue;
            };
            let Some(default) = properties.and_then(|p| p.get("default_level")) else {
                continue;
            };
            let Some(level) = default.as_str() else {
                continue;
            };
            if levels.get(level).is_none() {
                let mut defined: Vec<&str> = levels.iter().map(|(k, _)| k.text.as_str()).collect();
                defined.sort_unstable();
                findings.report_at(
                    &file.path,
                    default.span,
                    format!(
                        "topology_template.policies.{}.properties.default_level",
                        name.text
                    ),
                    format!(
                        "default_level `{level}` is not one of the defined levels ({})",
                        defined.join(", ")
                    ),
                );
            }
        }
    }
}
