//! R-58670: the parameter a server reads for `image` is named `{vm-type}_image_name` (see
//! `parameter_name`).

use crate::check::rules::onap::shared_checks::server_parameter_name;
use crate::check::rules::onap::shared_checks::server_parameters::Slot;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An image parameter named otherwise.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-58670",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: image",
        summary: "A server's `image` parameter is named `{vm-type}_image_name`.",
        why: "SDC and ONAP's assignment tools find the image of each VM type by this name; under \
              another name the image is not recognised as the VFC's image and must be set by hand.",
        fix: "Rename the parameter to `{vm-type}_image_name` (with the server's `{vm-type}`) in the \
              template, its `get_param` calls and the environment file.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameter_name::check(context, findings, Slot::Property("image"), "_image_name");
}
