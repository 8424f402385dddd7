//! The check shared by R-40499 (`flavor`) and R-57282 (`image`): each `{vm-type}` reads its
//! own parameter, so no parameter is read by servers of two `{vm-type}`s.
//!
//! A server's `{vm-type}` is the one its names give (`vocabulary::vm_type`), letter case aside; a
//! server naming none is not judged. A parameter read by servers of several `{vm-type}`s
//! belongs to the one its own name gives (`vlb_image_name` to `vlb`) when servers of that
//! `{vm-type}` read it, else to the `{vm-type}` of the first server reading it; every server
//! of another `{vm-type}` reading it is reported at its `get_param`, whatever the order of
//! the servers in the file (docs/decisions.md, "R-40499 and R-57282").

use crate::check::rules::onap::shared_checks::server_parameters::{Scope, ServerRead, Slot, reads};
use crate::check::rules::onap::vocabulary::vm_type::{from_flavor_parameter, from_image_parameter};
use crate::check::rules::{Context, Findings};

/// A server reading a parameter, with its `{vm-type}` in lower case.
struct Reader<'a> {
    read: ServerRead<'a>,
    vm_type: String,
}

/// The `{vm-type}` a slot's parameter name gives by ONAP's convention, in lower case.
fn named_vm_type(slot: Slot, parameter: &str) -> Option<String> {
    let vm_type = match slot.name() {
        "image" => from_image_parameter(parameter),
        "flavor" => from_flavor_parameter(parameter),
        _ => None,
    }?;
    Some(vm_type.to_ascii_lowercase())
}

/// Reports servers reading the slot's parameter that belongs to another `{vm-type}`.
pub fn check(context: &Context<'_>, findings: &mut Findings<'_>, slot: Slot) {
    let servers = context.servers();
    let vm_types = context.vm_types();
    // Each parameter's readers, parameters in the order first read.
    let mut readers: Vec<(&str, Vec<Reader<'_>>)> = Vec::new();
    for read in reads(context, slot, Scope::All) {
        let Some(vm_type) = vm_types.of_server(read.server) else {
            continue;
        };
        let reader = Reader {
            read,
            vm_type: vm_type.vm_type.to_ascii_lowercase(),
        };
        match readers.iter_mut().find(|(name, _)| *name == read.read.name) {
            Some((_, list)) => list.push(reader),
            None => readers.push((read.read.name, vec![reader])),
        }
    }
    for (parameter, list) in &readers {
        let named = named_vm_type(slot, parameter);
        let owner = list
            .iter()
            .find(|r| Some(&r.vm_type) == named.as_ref())
            .unwrap_or(&list[0]);
        let other = &servers[owner.read.server];
        let other_type = vm_types
            .of_server(owner.read.server)
            .map_or("", |d| d.vm_type);
        for reader in list.iter().filter(|r| r.vm_type != owner.vm_type) {
            let server = &servers[reader.read.server];
            let vm_type = vm_types
                .of_server(reader.read.server)
                .map_or("", |d| d.vm_type);
            findings
                .report(
                    server.template.file,
                    reader.read.read.name_node.span,
                    slot.path(server),
                    format!(
                        "`{}` ({{vm-type}} `{vm_type}`) reads the {} parameter `{parameter}` of \
                         `{}` ({{vm-type}} `{other_type}`); each {{vm-type}} needs its own",
                        server.id.text,
                        slot.name(),
                        other.id.text
                    ),
                )
                .also(
                    other.template.path(),
                    other.id.span,
                    format!("read for {{vm-type}} `{other_type}` here"),
                );
        }
    }
}
