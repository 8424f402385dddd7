//! R-901331: a server's `image` is a `get_param`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An image not read with `get_param`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-901331",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: image",
        summary: "A server's `image` is read with `get_param`.",
        why: "Image names and versions change with every software release and differ between \
              clouds; an image written into the template cannot be upgraded or relocated through \
              the environment file.",
        fix: "Write `image: {get_param: {vm-type}_image_name}`, declare that parameter and give its \
              value in the environment file.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::via_get_param(context, findings, Slot::Property("image"), false);
}
