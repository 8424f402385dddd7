//! R-91125: the parameter behind a server's `image` is listed with a value in the environment file
//! of every module it is fed from (see `server_parameters`).

use crate::check::rules::onap::shared_checks::server_parameters::{self, Listing, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An image parameter missing from (or empty in) the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-91125",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: image",
        summary: "The parameter feeding a server's `image` is listed, with a value, in the module's \
                  environment file.",
        why: "SDC reads the image name from the environment file to know which Glance image the VFC \
              boots; without it the module cannot be instantiated unless someone types the image by \
              hand.",
        fix: "Add `{vm-type}_image_name: <image>` under `parameters:` in the module's `.env` file \
              (and drop any `default:` from the template, per R-90526).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::in_environment(
        context,
        findings,
        Slot::Property("image"),
        Scope::All,
        Listing::Required,
    );
}
