//! R-48067: no `{vm-type}` is a substring of a `{network-role}`.
//!
//! The `{network-role}`s are those the VNF's names carry (`vocabulary::attachment::roles`: the
//! networks it creates and those its ports, VMIs and instance IPs attach to); the
//! `{vm-type}`s those its servers name. Substrings are compared regardless of case. Each role
//! is reported once, where it is first named, for each `{vm-type}` inside it.

use foldhash::{HashSet, HashSetExt};

use crate::check::rules::onap::vocabulary::attachment::roles;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A network role containing a VM type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-48067",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / {vm-type}",
        summary: "No `{vm-type}` appears inside a `{network-role}` (e.g. VM type `db` with \
                  network role `db_sync`).",
        why: "ONAP splits names such as `{vm-type}_{network-role}_ip_0` back into their parts; a \
              network role that contains a VM type makes those names ambiguous, so addresses \
              and ports get assigned to the wrong VM type or network.",
        fix: "Rename the network role (its `{network-role}_net_id`/`int_{network-role}_network` \
              and every name built from it) or the VM type so that neither contains the other.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let vm_types = context.vm_types();
    if vm_types.known().is_empty() {
        return;
    }
    let servers = context.servers();
    let mut seen = HashSet::new();
    for role in roles(&context.templates) {
        if !seen.insert(role.role.to_ascii_lowercase()) {
            continue;
        }
        let mut reported = HashSet::new();
        for (_, entry) in vm_types.found_in(role.role) {
            if !reported.insert(entry) {
                continue;
            }
            let known = &vm_types.known()[entry];
            let violation = findings.report(
                role.template.file,
                role.span,
                "",
                format!(
                    "network role `{}` contains the {{vm-type}} `{}`",
                    role.role, known.spelling
                ),
            );
            if let Some(server) = servers.get(known.server) {
                violation.also(
                    server.template.path(),
                    known.first.span,
                    format!("the {{vm-type}} `{}` is named here", known.spelling),
                );
            }
        }
    }
}
