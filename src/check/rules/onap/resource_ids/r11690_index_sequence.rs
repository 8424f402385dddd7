//! R-11690: the `{index}` numbers in resource ids start at 0 and go up by one, across the VNF.
//!
//! ONAP writes every `{index}` of a resource id as its own `_`-separated numeric part
//! (`vfw_server_1`, `vfw_0_oam_port_1`, `vsbc_0_sig_vmi_0_IP_1`). A family is the text before
//! such a part: `vfw_server_#`, `vfw_#` (the `{vm-type_index}` of every resource of that VM
//! instance), `vfw_0_oam_port_#`. Across all templates of the set (a nested template counted
//! once), each family's numbers must be 0, 1, 2, … without a hole; the text allows a single
//! template to start above 0, so holes are judged over the whole VNF only. A hole is reported
//! once per family, at the first resource numbered above it.

use crate::check::rules::onap::vocabulary::index::{IndexSequences, describe_missing};
use crate::check::rules::onap::vocabulary::parse_index;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A resource-id index family with a hole.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-11690",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs",
        summary: "Each `{index}` in resource ids counts from 0 up by one across the VNF \
                  (`vfw_server_0`, `vfw_server_1`, …).",
        why: "ONAP and operators read the `{index}` as the instance number of a VM, port or \
              address; a family that starts at 1 or skips a number makes the numbers disagree \
              with the instances and with the indexed parameters (`{vm-type}_names`, IP lists) \
              they select.",
        fix: "Renumber the family so it runs 0, 1, 2, … without a hole (rename the resources and \
              every `get_resource`, `get_attr` and `depends_on` naming them), or add the missing \
              instance.",
    },
    check: Check::Hot(check),
};

/// Where an index is used: the template's file and the resource id.
type Place<'a> = (
    &'a crate::model::hot::SourceFile,
    &'a crate::input::yaml::Key,
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let mut sequences: IndexSequences<&str, Place<'_>> = IndexSequences::default();
    for template in &context.templates {
        for (id, _) in template.resources() {
            let text = id.text.as_str();
            for (at, _) in text.match_indices('_') {
                let rest = &text[at + 1..];
                let digits = rest.split_once('_').map_or(rest, |(part, _)| part);
                if let Some(index) = parse_index(digits) {
                    sequences.add(&text[..at], index, (template.file, id));
                }
            }
        }
    }
    for gap in sequences.gaps() {
        let (index, (file, id)) = gap.after;
        findings.report(
            file,
            id.span,
            format!("resources.{}", id.text),
            format!(
                "`{}` is numbered {index}, but no `{}_{{index}}` resource of the VNF is numbered \
                 {}: the numbers count from 0 up by one",
                id.text,
                gap.family,
                describe_missing(&gap.missing),
            ),
        );
    }
}
