//! R-51430: the parameter a server reads for `name` is declared `type: string` or `type:
//! comma_delimited_list`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A name parameter of another type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-51430",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: Name",
        summary: "A server's `name` parameter is declared `type: string` or `type: \
                  comma_delimited_list`.",
        why: "ONAP supplies VM names either one per parameter (`{vm-type}_name_{index}`, a string) \
              or as one list (`{vm-type}_names`); a parameter of another type cannot take what ONAP \
              sends.",
        fix: "Declare the parameter as `type: string` (one name) or `type: comma_delimited_list` \
              (all names of the `{vm-type}`, read with `[list, index]`).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::declared_type(
        context,
        findings,
        Slot::Property("name"),
        Scope::All,
        &["string", "comma_delimited_list"],
    );
}
