//! R-08975: an `OS::Heat::SoftwareConfig` resource id contains the `{vm-type}` (see `vm_type_in_id` for how
//! "contains" is read).

use crate::check::rules::onap::shared_checks::vm_type_in_id;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A software configuration resource id without a `{vm-type}`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-08975",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / \
                  OpenStack Heat Resources Resource ID Naming Convention / \
                  OS::Heat::SoftwareConfig",
        summary: "The id of an `OS::Heat::SoftwareConfig` resource contains the `{vm-type}` of the VMs it \
                  serves.",
        why: "A `SoftwareConfig` belongs to one class of VM; the `{vm-type}` in its id ties it to those VMs for operators and for SDC's model.",
        fix: "Rename the resource so its id contains the `{vm-type}` it belongs to (for \
              example `vdns_sw_config`) and update every `get_resource`, `get_attr` and \
              `depends_on` that names it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    vm_type_in_id::check(context, findings, "OS::Heat::SoftwareConfig");
}
