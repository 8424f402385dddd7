//! R-29751: an `OS::Nova::Server` resource id reads `{vm-type}_server_{index}`.
//!
//! Only the shape is checked here; the `{index}` numbering is R-11690's and the agreement of
//! the `{vm-type}` with the server's parameters R-304011's.

use crate::check::rules::onap::vocabulary::vm_type::from_server_id;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A server id off the convention.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-29751",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / \
                  OpenStack Heat Resources Resource ID Naming Convention / OS::Nova::Server",
        summary: "An `OS::Nova::Server` resource id reads `{vm-type}_server_{index}`.",
        why: "ONAP derives the VM's class (`{vm-type}`) and its instance number from the server \
              id; SDC names the VFC after it and the other naming rules (ports, parameters) are \
              checked against it.",
        fix: "Rename the server to `{vm-type}_server_{index}` (e.g. `vdns_server_0`, with the \
              `{vm-type}` its `image`/`flavor` parameters use and an index counted from 0) and \
              update every `get_resource`, `get_attr` and `depends_on` naming it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for (at, server) in context.servers().iter().enumerate() {
        if from_server_id(&server.id.text).is_some() {
            continue;
        }
        let hint = match context.vm_types().of_server(at) {
            Some(found) => format!(" (its {} says `{}`)", found.source.label(), found.vm_type),
            None => String::new(),
        };
        findings.report(
            server.template.file,
            server.id.span,
            format!("resources.{}", server.id.text),
            format!(
                "server `{}` is not named `{{vm-type}}_server_{{index}}`{hint}",
                server.id.text
            ),
        );
    }
}
