//! R-87817: a server `name` read from a `comma_delimited_list` parameter reads
//! `{vm-type}_names`.
//!
//! The type is the parameter's declared `type` in the server's template.

use crate::check::rules::onap::shared_checks::server_parameters::{Scope, Slot, reads};
use crate::check::rules::onap::vocabulary::vm_type::NameParameter;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;

/// A list name parameter named otherwise.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-87817",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: Name",
        summary: "A server `name` read from a `comma_delimited_list` parameter reads \
                  `{vm-type}_names`.",
        why: "ONAP fills the list of VM names of a VM type into the parameter named after that \
              type; a list under another name gets no names, and the VMs are created with \
              whatever the template falls back to.",
        fix: "Rename the list parameter to `{vm-type}_names` (e.g. `vlb_names`) in the template, \
              its `get_param` calls and every parent that passes it down.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let servers = context.servers();
    for found in reads(context, Slot::Property("name"), Scope::All) {
        let server = &servers[found.server];
        let declared = server
            .template
            .parameter(found.read.name)
            .and_then(|d| d.get("type"))
            .and_then(Node::as_str);
        if declared != Some("comma_delimited_list")
            || matches!(
                NameParameter::parse(found.read.name),
                Some(NameParameter::List { .. })
            )
        {
            continue;
        }
        findings.report(
            server.template.file,
            found.read.name_node.span,
            Slot::Property("name").path(server),
            format!(
                "`name` of `{}` reads the list parameter `{}`; it must be named \
                 `{{vm-type}}_names`",
                server.id.text, found.read.name
            ),
        );
    }
}
