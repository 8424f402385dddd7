//! R-86476: the server metadata `vm_role` holds only letters, digits and `_`.
//!
//! A literal value is judged where it is written. A value read with `get_param` is judged in
//! the parameter's `default` and in the environment files of the modules feeding it (see
//! `server_parameters`). "Alphanumeric" is ASCII letters and digits.

use foldhash::{HashSet, HashSetExt};

use crate::check::rules::onap::shared_checks::server_parameters::Slot;
use crate::check::rules::onap::vocabulary::is_plain_name;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::usage::direct_read;

/// A `vm_role` with other characters.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-86476",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vm_role",
        summary: "A server's metadata `vm_role` holds only letters, digits and underscores.",
        why: "ONAP copies `vm_role` into inventory and builds names and policies from it; \
              spaces, dashes or dots there break those names and the queries that look VMs up \
              by role.",
        fix: "Write the role with letters, digits and `_` only (`session_controller`, not \
              `session-controller` or `Session Controller`), in the template, the parameter's \
              default or the environment file, wherever the reported value is.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let slot = Slot::Metadata("vm_role");
    let mut seen = HashSet::new();
    for server in context.servers() {
        let Some((_, value)) = slot.of(server) else {
            continue;
        };
        let Some(read) = direct_read(value) else {
            if let Some(text) = value.as_str().filter(|t| !is_plain_name(t)) {
                findings.report(
                    server.template.file,
                    value.span,
                    slot.path(server),
                    format!("`vm_role` of `{}` is `{text}`", server.id.text),
                );
            }
            continue;
        };
        let template = &server.template;
        if let Some(default) = template.parameter(read.name).and_then(|d| d.get("default"))
            && let Some(text) = default.as_str().filter(|t| !is_plain_name(t))
            && seen.insert((template.id, default.span))
        {
            findings.report(
                template.file,
                default.span,
                format!("parameters.{}.default", read.name),
                format!(
                    "parameter `{}` gives `vm_role` of `{}` the default `{text}`",
                    read.name, server.id.text
                ),
            );
        }
        for fed in context.module_parameters(template, read.name) {
            let Some(env) = context.environment_of(fed.module) else {
                continue;
            };
            let Some(listed) = env.root.get("parameters").and_then(|p| p.get(fed.name)) else {
                continue;
            };
            let Some(text) = listed.as_str().filter(|t| !is_plain_name(t)) else {
                continue;
            };
            if !seen.insert((env.id, listed.span)) {
                continue;
            }
            findings.report(
                env.file,
                listed.span,
                format!("parameters.{}", fed.name),
                format!(
                    "`{}` gives `{}`, the `vm_role` of `{}`, the value `{text}`",
                    env.file.path, fed.name, server.id.text
                ),
            );
        }
    }
}
