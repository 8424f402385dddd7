//! StartupSection → start order through `depends_on`: the members of each order group
//! wait for the previous group, and a member's `ovf:startDelay` becomes an
//! `OS::Heat::TestResource` that waits that many seconds after it.

use std::collections::BTreeMap;

use super::draft::DraftId;
use super::names::{join, role};
use super::{Converter, NoteLevel};
use crate::input::yaml::Value;
use crate::input::yaml::write::{node, string};

const SECTION: &str = "StartupSection";

/// Orders the members of `collection` (each with the resources that start it) in `draft`.
pub fn apply(
    c: &mut Converter<'_>,
    collection: usize,
    draft: DraftId,
    members: &[(usize, Vec<String>)],
) {
    let envelope = c.envelope;
    let content = &envelope.contents[collection];
    let Some(section) = &content.startup else {
        return;
    };
    let mut by_order: BTreeMap<u64, Vec<&crate::model::ovf::sections::StartupItem>> =
        BTreeMap::new();
    for item in &section.items {
        if item.waiting_for_guest == Some(true) {
            c.note(
                NoteLevel::Warning,
                SECTION,
                format!("Item[{}]", item.id.value),
                "waitingForGuest: Heat knows when a server is ACTIVE, not when its guest is ready; the start delay is all the next group waits for",
            );
        }
        if item
            .start_action
            .as_deref()
            .is_some_and(|a| a.eq_ignore_ascii_case("none"))
        {
            c.note(
                NoteLevel::Warning,
                SECTION,
                format!("Item[{}]", item.id.value),
                "startAction none: Nova starts every server it creates",
            );
        }
        match item.order {
            Some(order) if order > 0 => by_order.entry(order).or_default().push(item),
            _ => {}
        }
    }
    if by_order.len() < 2 {
        return;
    }
    let anchors = |id: &str| -> Vec<String> {
        members
            .iter()
            .find(|(index, _)| envelope.contents[*index].id.value == id)
            .map(|(_, anchors)| anchors.clone())
            .unwrap_or_default()
    };
    let last = by_order.keys().next_back().copied();
    let mut gate: Vec<String> = Vec::new();
    for (order, items) in &by_order {
        for item in items {
            for anchor in anchors(&item.id.value) {
                if let Some(resource) = c.out.resource_mut(draft, &anchor) {
                    for wait in &gate {
                        resource.depend_on(wait);
                    }
                }
            }
        }
        if Some(*order) == last {
            break;
        }
        let mut next = Vec::new();
        for item in items {
            let started = anchors(&item.id.value);
            if started.is_empty() {
                continue;
            }
            match item.start_delay.filter(|d| *d > 0) {
                Some(delay) => {
                    let id = c.out.resource(
                        draft,
                        // Numbers join the text before them (R-11690 reads a numeric
                        // part of a resource id as an `{index}`).
                        &join(&[&role(&item.id.value, "member"), "start_delay"]),
                        "start_delay",
                        "OS::Heat::TestResource",
                        vec![
                            ("value", string(format!("{} started", item.id.value))),
                            (
                                "wait_secs",
                                node(Value::Int(i64::try_from(delay).unwrap_or(i64::MAX))),
                            ),
                        ],
                    );
                    if let Some(resource) = c.out.resource_mut(draft, &id) {
                        for anchor in &started {
                            resource.depend_on(anchor);
                        }
                    }
                    next.push(id);
                }
                None => next.extend(started),
            }
        }
        gate = next;
    }
}
