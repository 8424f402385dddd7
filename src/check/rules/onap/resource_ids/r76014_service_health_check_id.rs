//! R-76014: an `OS::ContrailV2::ServiceHealthCheck` resource id contains the `{vm-type}` (see `vm_type_in_id` for how
//! "contains" is read).

use crate::check::rules::onap::shared_checks::vm_type_in_id;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A Contrail service health check resource id without a `{vm-type}`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-76014",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / Contrail \
                  Heat Resources Resource ID Naming Convention / \
                  OS::ContrailV2::ServiceHealthCheck",
        summary: "The id of an `OS::ContrailV2::ServiceHealthCheck` resource contains the `{vm-type}` of the VMs it \
                  serves.",
        why: "A service health check watches one class of service VM; the `{vm-type}` in its id says which.",
        fix: "Rename the resource so its id contains the `{vm-type}` it belongs to (for \
              example `vfw_health_check`) and update every `get_resource`, `get_attr` and \
              `depends_on` that names it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    vm_type_in_id::check(context, findings, "OS::ContrailV2::ServiceHealthCheck");
}
