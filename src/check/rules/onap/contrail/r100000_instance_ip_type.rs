//! R-100000: an instance IP's `instance_ip_address` parameter is a string or a comma-delimited
//! list.

use crate::check::rules::onap::shared_checks::ports::{LIST_TYPE, Target, check_types};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An instance_ip_address parameter of a type other than string or comma_delimited_list.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100000",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property instance_ip_address",
        summary: "A parameter read by an `OS::ContrailV2::InstanceIp` `instance_ip_address` is \
                  declared `string` or `comma_delimited_list`.",
        why: "ONAP assigns either one address per parameter (string) or a list read by index \
              (comma_delimited_list); it has no assignment for other types.",
        fix: "Declare the parameter `type: string` (one address) or `type: \
              comma_delimited_list` (a list read with `{get_param: [<name>, <index>]}`).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_types(
        context,
        findings,
        Target::CONTRAIL_INSTANCE_ADDRESS,
        &["string", LIST_TYPE],
        "instance_ip_address",
    );
}
