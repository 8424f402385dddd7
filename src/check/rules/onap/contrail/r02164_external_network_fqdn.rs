//! R-02164: a Contrail interface or instance IP references an external network with `get_param`
//! of a string `{network-role}_net_fqdn`.
//!
//! Each item of `virtual_network_refs` is read; the side follows the `int_` marker of the
//! parameter name, a literal is external, and a resource of the template (`get_resource`,
//! `get_attr`, also inside `list_join`) is an internal network the VNF creates.

use crate::check::rules::onap::shared_checks::ports::{ForType, NameSpec, check_network_names};
use crate::check::rules::onap::vocabulary::network_role::{NET_FQDN, Side};
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A Contrail external network reference that is not a `get_param` of a string `{network-role}_net_fqdn`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-02164",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Contrail Network Parameters / ONAP External Networks",
        summary: "An `OS::ContrailV2::InstanceIp` or `OS::ContrailV2::VirtualMachineInterface` \
                  reads an external network in `virtual_network_refs` with `get_param` from a \
                  `string` parameter named `{network-role}_net_fqdn`.",
        why: "ONAP recognises an external Contrail network by this parameter name and fills in \
              its fully qualified name at instantiation; a literal or another name is not \
              wired.",
        fix: "Write `virtual_network_refs: [{get_param: <role>_net_fqdn}]` and declare \
              `<role>_net_fqdn` with `type: string`.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec {
    kinds: &[PortKind::ContrailInterface, PortKind::ContrailInstanceIp],
    property: Property::Network,
    side: Some(Side::External),
    v6: None,
    string: ForType::Names(&[NET_FQDN]),
    list: ForType::Wrong,
    other: ForType::Wrong,
    skip_exempt: false,
    same_role: false,
    what: "network",
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_network_names(context, findings, &SPEC, "{network-role}_net_fqdn");
}
