//! R-99812: the parameter a non-server resource reads for its `name` is not listed in an
//! environment file.
//!
//! A `name` that is one `get_param` is followed to the module parameters feeding it, as for
//! the server rules (`server_parameters`); parameters used inside a `str_replace` are extra
//! data for the name (R-85734 allows them), not the name's value, and are not judged.

use crate::check::rules::onap::shared_checks::server_parameters::{
    FedValue, Listing, listed_in_environment,
};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::usage::direct_read;

use crate::check::rules::onap::shared_checks::named_resources::named_resources;

/// A resource name given in an environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-99812",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource Property / \
                  Resource Property “name”",
        summary: "The `name` of a resource other than a server is not given in the environment \
                  file.",
        why: "A name fixed in the environment file is the same for every instance of the VNF, \
              so the second instance's networks or security groups clash with the first's; the \
              name must come from the VNF instance's own name instead (R-85734).",
        fix: "Remove the parameter from the environment file and build the name with \
              `str_replace` from `{get_param: vnf_name}`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let values = named_resources(context).into_iter().filter_map(|named| {
        let read = direct_read(named.value)?;
        Some(FedValue {
            template: named.template,
            owner: &named.id.text,
            key: named.key,
            name: read.name,
            what: "`name`".to_owned(),
        })
    });
    listed_in_environment(context, findings, values, Listing::Forbidden);
}
