//! R-98450: a base or incremental module's server reads its `availability_zone` from
//! `availability_zone_{index}`, and the `{index}`es count from 0 up by one across the VNF.
//!
//! Servers of nested templates are not judged: their zone parameter may be renamed on the way
//! down (R-256790). The numbering is judged over the `availability_zone_{index}` parameters
//! that base and incremental modules declare (R-91273 lets a module declare zones it does not
//! use), each index once; a hole is reported at the first declaration above it.

use foldhash::{HashSet, HashSetExt};

use crate::check::rules::onap::shared_checks::server_parameters::{Scope, Slot, reads};
use crate::check::rules::onap::vocabulary::availability_zone_index;
use crate::check::rules::onap::vocabulary::index::{IndexSequences, describe_missing};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::TemplateKind;

/// A zone parameter named otherwise, or numbered with a hole.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-98450",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: availability_zone",
        summary: "A module server's `availability_zone` reads `availability_zone_{index}`, the \
                  indexes counting from 0 up by one across the VNF.",
        why: "ONAP's homing assigns zones to the parameters `availability_zone_0`, \
              `availability_zone_1`, …; a zone parameter under another name, or a numbering with \
              holes, is never assigned and the VMs land wherever the cloud puts them.",
        fix: "Rename the parameter to `availability_zone_{index}` (e.g. `availability_zone_0`) \
              in the module template and its `get_param` calls, numbering the zones from 0 \
              without holes.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let slot = Slot::Property("availability_zone");
    let servers = context.servers();
    for found in reads(context, slot, Scope::Modules) {
        if availability_zone_index(found.read.name).is_some() {
            continue;
        }
        let server = &servers[found.server];
        findings.report(
            server.template.file,
            found.read.name_node.span,
            slot.path(server),
            format!(
                "`availability_zone` of `{}` reads `{}`; it must be named \
                 `availability_zone_{{index}}`",
                server.id.text, found.read.name
            ),
        );
    }
    let mut seen = HashSet::new();
    let mut sequences = IndexSequences::default();
    for template in &context.templates {
        if !matches!(
            template.kind,
            TemplateKind::Base | TemplateKind::Incremental
        ) {
            continue;
        }
        for (name, _) in template.parameters() {
            if let Some(index) = availability_zone_index(&name.text)
                && seen.insert(index)
            {
                sequences.add((), index, (template.file, name));
            }
        }
    }
    for gap in sequences.gaps() {
        let (index, (file, name)) = gap.after;
        findings.report(
            file,
            name.span,
            format!("parameters.{}", name.text),
            format!(
                "`{}` is zone {index}, but no module declares `availability_zone_{}`: the \
                 `{{index}}` counts from 0 up by one",
                name.text,
                describe_missing(&gap.missing)
            ),
        );
    }
}
