//! R-16437: an `OS::ContrailV2::ServiceTemplate` resource id contains the `{vm-type}` (see `vm_type_in_id` for how
//! "contains" is read).

use crate::check::rules::onap::shared_checks::vm_type_in_id;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A Contrail service template resource id without a `{vm-type}`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-16437",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / Contrail \
                  Heat Resources Resource ID Naming Convention / OS::ContrailV2::ServiceTemplate",
        summary: "The id of an `OS::ContrailV2::ServiceTemplate` resource contains the `{vm-type}` of the VMs it \
                  serves.",
        why: "A Contrail service template describes the service one class of VM provides; the `{vm-type}` in its id ties the service chain to those VMs.",
        fix: "Rename the resource so its id contains the `{vm-type}` it belongs to (for \
              example `vfw_service_template`) and update every `get_resource`, `get_attr` and \
              `depends_on` that names it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    vm_type_in_id::check(context, findings, "OS::ContrailV2::ServiceTemplate");
}
