//! R-55307: `vf_module_index` does not pick the item of a list parameter for a server
//! `name`, an external port's `fixed_ips` `ip_address`, or an external Contrail instance IP's
//! `instance_ip_address`.
//!
//! The index is recognised as `{get_param: [list, {get_param: vf_module_index}]}`; whether a
//! port or instance IP is on an external network is read as the resource-id rules read it
//! (`vocabulary::attachment`), and one whose network cannot be told is not judged.

use crate::check::rules::onap::vocabulary::attachment::{
    CONTRAIL_INSTANCE_IP, NEUTRON_PORT, Reach, of_resource,
};
use crate::check::rules::onap::vocabulary::server::SERVER_TYPE;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::hot::Template;
use crate::model::hot::template::resource_type;
use crate::model::hot::usage::{DirectRead, direct_read};

/// `vf_module_index` used as a list index where ONAP forbids it.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-55307",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vf_module_index",
        summary: "`vf_module_index` does not index the list parameter of a server `name`, of an \
                  external port's `fixed_ips` `ip_address` or of an external Contrail \
                  `instance_ip_address`.",
        why: "ONAP assigns VM names and external IP addresses per VM, and the lists it fills \
              are not laid out by module instance; picking an item by `vf_module_index` makes \
              two module instances take names or addresses meant for others, or run past the \
              end of the list.",
        fix: "Index the list with the VM's position inside the module (a literal, or the \
              `index` passed down by a `ResourceGroup`), not with `vf_module_index`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for (id, definition) in template.resources() {
            let Some(properties) = definition.get("properties").and_then(Node::as_map) else {
                continue;
            };
            let path = |rest: &str| format!("resources.{}.properties.{rest}", id.text);
            match resource_type(definition) {
                Some(SERVER_TYPE) => {
                    if let Some(name) = properties.get("name") {
                        judge(
                            findings,
                            template,
                            name,
                            path("name"),
                            "the server name list",
                        );
                    }
                }
                Some(NEUTRON_PORT) if external(template, definition) => {
                    let entries = properties.get("fixed_ips").and_then(Node::as_seq);
                    for (at, entry) in entries.unwrap_or(&[]).iter().enumerate() {
                        if let Some(address) = entry.get("ip_address") {
                            judge(
                                findings,
                                template,
                                address,
                                path(&format!("fixed_ips.{at}.ip_address")),
                                "the external address list",
                            );
                        }
                    }
                }
                Some(CONTRAIL_INSTANCE_IP) if external(template, definition) => {
                    if let Some(address) = properties.get("instance_ip_address") {
                        judge(
                            findings,
                            template,
                            address,
                            path("instance_ip_address"),
                            "the external address list",
                        );
                    }
                }
                _ => {}
            }
        }
    }
}

fn external(template: &Template<'_>, definition: &Node) -> bool {
    of_resource(template, definition).is_some_and(|a| a.reach == Reach::External)
}

/// Reports `value` when it picks an item of a list parameter by `vf_module_index`.
fn judge(
    findings: &mut Findings<'_>,
    template: &Template<'_>,
    value: &Node,
    path: String,
    what: &str,
) {
    let Some(DirectRead {
        name, path: index, ..
    }) = direct_read(value)
    else {
        return;
    };
    let Some(first) = index.first() else {
        return;
    };
    if direct_read(first).is_none_or(|inner| inner.name != "vf_module_index") {
        return;
    }
    findings.report(
        template.file,
        first.span,
        path,
        format!("`vf_module_index` picks the item of `{name}`, {what}"),
    );
}
