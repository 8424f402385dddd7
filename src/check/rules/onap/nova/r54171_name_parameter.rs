//! R-54171: a server `name` read from a `string` parameter reads `{vm-type}_name_{index}`, and
//! the `{index}` of each `{vm-type}` counts from 0 up by one.
//!
//! The type is the parameter's declared `type` in the server's template. The numbering is
//! judged across the whole VNF (as for R-11690), each distinct parameter name once, grouped by
//! `{vm-type}` regardless of case; a hole is reported at the first name above it.

use foldhash::{HashSet, HashSetExt};

use crate::check::rules::onap::shared_checks::server_parameters::{Scope, Slot, reads};
use crate::check::rules::onap::vocabulary::index::{IndexSequences, describe_missing};
use crate::check::rules::onap::vocabulary::vm_type::NameParameter;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::hot::usage::DirectRead;

/// A string name parameter named otherwise, or numbered with a hole.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-54171",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: Name",
        summary: "A server `name` read from a `string` parameter reads `{vm-type}_name_{index}`, \
                  numbered from 0 up by one for each `{vm-type}`.",
        why: "ONAP generates one name per VM and hands it to the parameter whose name says which \
              VM type and which instance it is for; a parameter named otherwise, or a numbering \
              with holes, gets no name or another VM's name.",
        fix: "Rename the parameter to `{vm-type}_name_{index}` (e.g. `vdns_name_0`, \
              `vdns_name_1` for the first and second DNS VM) in the template and its `get_param` \
              calls, numbering each VM type from 0 without holes.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let servers = context.servers();
    let mut seen = HashSet::new();
    let mut sequences: IndexSequences<String, (usize, DirectRead<'_>)> = IndexSequences::default();
    for found in reads(context, Slot::Property("name"), Scope::All) {
        let server = &servers[found.server];
        let declared = server
            .template
            .parameter(found.read.name)
            .and_then(|d| d.get("type"))
            .and_then(Node::as_str);
        if declared != Some("string") || found.read.indexed {
            continue;
        }
        match NameParameter::parse(found.read.name) {
            Some(NameParameter::Indexed { vm_type, index }) => {
                if seen.insert(found.read.name) {
                    sequences.add(
                        vm_type.to_ascii_lowercase(),
                        index,
                        (found.server, found.read),
                    );
                }
            }
            _ => {
                findings.report(
                    server.template.file,
                    found.read.name_node.span,
                    Slot::Property("name").path(server),
                    format!(
                        "`name` of `{}` reads the string parameter `{}`; it must be named \
                         `{{vm-type}}_name_{{index}}`",
                        server.id.text, found.read.name
                    ),
                );
            }
        }
    }
    for gap in sequences.gaps() {
        let (index, (at, read)) = gap.after;
        let server = &servers[at];
        findings.report(
            server.template.file,
            read.name_node.span,
            Slot::Property("name").path(server),
            format!(
                "`{}` is name {index} of its {{vm-type}}, but no server reads name {}: the \
                 `{{index}}` counts from 0 up by one",
                read.name,
                describe_missing(&gap.missing)
            ),
        );
    }
}
