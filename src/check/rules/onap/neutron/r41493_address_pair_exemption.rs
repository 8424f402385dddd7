//! R-41493: allowed address pair parameters outside ONAP's data model are listed in the port's
//! resource-level `aap_exempt` metadata.
//!
//! Statically checked: `aap_exempt` sits in the resource-level `metadata:` (property-level
//! `properties.metadata.aap_exempt` is reported), is a list of names, and each name is a
//! parameter read by one of the port's `allowed_address_pairs` `ip_address` and declared
//! `string` or `comma_delimited_list`. Whether a VIP is "supported by the data model" is the
//! designer's choice; a non-conforming name that is not exempt is reported by R-41492/R-35735.

use crate::check::rules::onap::shared_checks::ports::exempt::check_exempt;
use crate::check::rules::onap::vocabulary::ports::PortKind;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A misplaced or malformed `aap_exempt` list, or an exempt parameter of the wrong type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-41493",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: allowed_address_pairs, Map \
                  Property: ip_address / VIP Assignment, ONAP External Networks",
        summary: "Allowed address pair parameters that ONAP is not to model are listed in the \
                  port's resource-level `metadata: {aap_exempt: [...]}`, each one a pair \
                  parameter of that port declared `string` or `comma_delimited_list`.",
        why: "The exemption is how ONAP learns which VIP parameters to leave alone; a list in \
              the wrong place, or naming parameters the port does not read, exempts nothing or \
              the wrong thing.",
        fix: "Put `aap_exempt: [<parameter>, …]` under the resource's own `metadata:` (beside \
              `type:`, not under `properties:`), naming only parameters the port's \
              `allowed_address_pairs` read, each declared `string` or `comma_delimited_list`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_exempt(context, findings, PortKind::Neutron);
}
