//! PlacementGroupSection → `OS::Nova::ServerGroup` (affinity, or anti-affinity for
//! `availability`); PlacementSection membership → the server's `scheduler_hints`.

use std::collections::HashMap;

use crate::input::yaml::Node;
use crate::input::yaml::write::{map, seq, string};

use super::draft::{BASE, DraftId, Ref};
use super::names::{join, role};
use super::{Converter, NoteLevel};

const SECTION: &str = "PlacementGroupSection";

/// Server-group resource IDs by placement group id.
#[derive(Debug, Default)]
pub struct Groups {
    by_id: HashMap<String, String>,
}

/// The Nova policy for an OVF placement policy.
fn policy(ovf: &str) -> Option<&'static str> {
    match ovf.trim().to_ascii_lowercase().as_str() {
        "affinity" => Some("affinity"),
        "availability" | "anti-affinity" => Some("anti-affinity"),
        "soft-affinity" => Some("soft-affinity"),
        "soft-anti-affinity" => Some("soft-anti-affinity"),
        _ => None,
    }
}

/// Declares a server group per placement group.
pub fn declare(c: &mut Converter<'_>) {
    let envelope = c.envelope;
    for group in &envelope.placement_groups {
        let subject = format!("PlacementGroupSection[{}]", group.id.value);
        let written = group.policy.as_deref().unwrap_or("");
        let Some(nova) = policy(written) else {
            c.note(
                NoteLevel::Warning,
                SECTION,
                subject,
                format!("policy `{written}` is neither affinity nor availability; its members are placed freely"),
            );
            continue;
        };
        let name = super::identity::name(c, BASE, &group.id.value);
        let id = c.out.resource(
            BASE,
            &join(&[&role(&group.id.value, "group"), "server_group"]),
            "server_group",
            "OS::Nova::ServerGroup",
            vec![("name", name), ("policies", seq([string(nova)]))],
        );
        c.groups.by_id.insert(group.id.value.clone(), id);
    }
}

/// The `scheduler_hints` of a system: the first server group it or an enclosing
/// collection belongs to (Nova admits one group per server).
pub fn hints(c: &mut Converter<'_>, system: usize, draft: DraftId) -> Option<Node> {
    let envelope = c.envelope;
    let mut groups: Vec<&str> = Vec::new();
    let mut at = Some(system);
    while let Some(index) = at {
        let content = &envelope.contents[index];
        for placement in &content.placements {
            if c.groups.by_id.contains_key(&placement.group.value)
                && !groups.contains(&placement.group.value.as_str())
            {
                groups.push(&placement.group.value);
            }
        }
        at = content.parent;
    }
    let first = *groups.first()?;
    if groups.len() > 1 {
        c.note(
            NoteLevel::Warning,
            "PlacementSection",
            envelope.contents[system].label(),
            format!(
                "belongs to placement groups {}; Nova places a server in one group, so only `{first}` applies",
                groups.join(", ")
            ),
        );
    }
    let id = c.groups.by_id.get(first)?.clone();
    let group = c.out.reference(draft, &Ref::Resource(id));
    Some(map([("group", group)]))
}
