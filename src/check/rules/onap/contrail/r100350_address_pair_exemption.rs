//! R-100350: allowed address pair parameters outside ONAP's data model are listed in the
//! interface's resource-level `aap_exempt` metadata.
//!
//! The catalogue files this requirement under MUST NOT; what it asks is positive, and a
//! violation here is any of: `aap_exempt` placed in property-level metadata, a value that is
//! not a list of names, a name that no allowed address pair prefix of the interface reads, an
//! exempt parameter declared other than `string` or `comma_delimited_list`. A non-conforming
//! name that is not exempt is reported by R-100310/R-100330.

use crate::check::rules::onap::shared_checks::ports::exempt::check_exempt;
use crate::check::rules::onap::vocabulary::ports::PortKind;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A misplaced or malformed `aap_exempt` list of a Contrail interface, or an exempt parameter of the wrong type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100350",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / OS::ContrailV2::VirtualMachineInterface Property \
                  virtual_machine_interface_allowed_address_pairs / ONAP External Networks",
        summary: "Allowed address pair parameters that ONAP is not to model are listed in the \
                  interface's resource-level `metadata: {aap_exempt: [...]}`, each one a pair \
                  prefix parameter of that interface declared `string` or \
                  `comma_delimited_list`.",
        why: "The exemption is how ONAP learns which VIP parameters to leave alone; a list in \
              the wrong place, or naming parameters the interface does not read, exempts \
              nothing or the wrong thing.",
        fix: "Put `aap_exempt: [<parameter>, …]` under the resource's own `metadata:` (beside \
              `type:`, not under `properties:`), naming only parameters the interface's allowed \
              address pairs read, each declared `string` or `comma_delimited_list`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_exempt(context, findings, PortKind::ContrailInterface);
}
