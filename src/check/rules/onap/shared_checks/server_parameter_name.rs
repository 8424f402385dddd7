//! The check shared by R-58670 (`image`: `{vm-type}_image_name`) and R-45188 (`flavor`:
//! `{vm-type}_flavor_name`): the parameter a server property reads is named after the
//! `{vm-type}`.
//!
//! Only the shape is judged here (a non-empty `{vm-type}` before the suffix); that it is the
//! server's own `{vm-type}` is R-304011's concern. A value that is not a `get_param` is
//! R-901331's and R-481670's.

use crate::check::rules::onap::shared_checks::server_parameters::{Scope, Slot, reads};
use crate::check::rules::{Context, Findings};

/// Reports reads of `slot` whose parameter name does not end in `suffix` after a
/// `{vm-type}`.
pub fn check(context: &Context<'_>, findings: &mut Findings<'_>, slot: Slot, suffix: &str) {
    for found in reads(context, slot, Scope::All) {
        let name = found.read.name;
        if name
            .strip_suffix(suffix)
            .is_some_and(|stem| !stem.is_empty())
        {
            continue;
        }
        let server = &context.servers()[found.server];
        let hint = context
            .vm_types()
            .of_server(found.server)
            .map(|d| format!(" (here `{}{suffix}`)", d.vm_type))
            .unwrap_or_default();
        findings.report(
            server.template.file,
            found.read.name_node.span,
            slot.path(server),
            format!(
                "{} of `{}` reads `{name}`; the parameter must be named `{{vm-type}}{suffix}`{hint}",
                slot.label(),
                server.id.text
            ),
        );
    }
}
