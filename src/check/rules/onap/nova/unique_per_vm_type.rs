//! The check shared by R-40499 (`flavor`) and R-57282 (`image`): each `{vm-type}` reads its
//! own parameter, so no parameter is read by servers of two `{vm-type}`s.
//!
//! A server's `{vm-type}` is the one its names give (`naming::vm_type`), letter case aside; a
//! server naming none is not judged. Each later server reading a parameter first read by
//! another `{vm-type}` is reported at its `get_param`.

use std::collections::HashMap;

use crate::check::rules::onap::server_parameters::{Scope, Slot, reads};
use crate::check::rules::{Context, Findings};

/// Reports servers reading the slot's parameter already read by another `{vm-type}`.
pub fn check(context: &Context<'_>, findings: &mut Findings<'_>, slot: Slot) {
    let servers = context.servers();
    let vm_types = context.vm_types();
    let mut first: HashMap<&str, (String, usize)> = HashMap::new();
    for found in reads(context, slot, Scope::All) {
        let Some(vm_type) = vm_types.of_server(found.server) else {
            continue;
        };
        let folded = vm_type.vm_type.to_ascii_lowercase();
        let Some((owner, at)) = first.get(found.read.name) else {
            first.insert(found.read.name, (folded, found.server));
            continue;
        };
        if *owner == folded {
            continue;
        }
        let (server, other) = (&servers[found.server], &servers[*at]);
        let other_type = vm_types.of_server(*at).map_or("", |d| d.vm_type);
        findings
            .report(
                server.template.file,
                found.read.name_node.span,
                slot.path(server),
                format!(
                    "`{}` ({{vm-type}} `{}`) reads the {} parameter `{}` of `{}` ({{vm-type}} \
                     `{other_type}`); each {{vm-type}} needs its own",
                    server.id.text,
                    vm_type.vm_type,
                    slot.name(),
                    found.read.name,
                    other.id.text
                ),
            )
            .also(
                other.template.path(),
                other.id.span,
                format!("first read for {{vm-type}} `{other_type}` here"),
            );
    }
}
