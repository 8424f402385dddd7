//! `ecs:ResourceGroupSection` → the server's `availability_zone`, through ONAP's
//! `availability_zone_{index}` parameters (R-98450) valued in the environment file.

use std::collections::HashMap;

use crate::input::yaml::Node;
use crate::model::hot::parameters::ParameterType;

use super::draft::{BASE, DraftId, Parameter, Ref};
use super::{Converter, NoteLevel};

const SECTION: &str = "ResourceGroupSection";

/// Availability-zone parameters by `ecs:ResourceGroup` id.
#[derive(Debug, Default)]
pub struct Zones {
    by_group: HashMap<String, String>,
}

/// Declares one parameter per distinct zone that a resource group names.
pub fn declare(c: &mut Converter<'_>) {
    let envelope = c.envelope;
    let mut by_zone: HashMap<String, String> = HashMap::new();
    for group in envelope
        .resource_groups
        .iter()
        .flat_map(|s| s.entries.iter())
    {
        let subject = format!("ResourceGroup[{}]", group.id.value);
        let mut zone = None;
        for (name, value) in &group.placements {
            if name == "placementZone" && zone.is_none() {
                zone = Some(value.clone());
            } else {
                c.note(
                    NoteLevel::Warning,
                    SECTION,
                    subject.clone(),
                    format!("placement `{name}` = `{value}` has no OpenStack meaning (only one placementZone is used)"),
                );
            }
        }
        let Some(zone) = zone.filter(|z| !z.trim().is_empty()) else {
            c.note(
                NoteLevel::Warning,
                SECTION,
                subject,
                "names no placementZone, so its members get no availability zone",
            );
            continue;
        };
        let parameter = match by_zone.get(&zone) {
            Some(existing) => existing.clone(),
            None => {
                let index = by_zone.len();
                let name = c.out.parameter(
                    BASE,
                    &format!("availability_zone_{index}"),
                    "availability_zone",
                    Parameter::new(
                        ParameterType::String,
                        format!(
                            "Availability zone of resource group {} (the OVF's ecs:placementZone is `{zone}`), supplied by ONAP at instantiation",
                            group.id.value
                        ),
                    ),
                );
                c.out.group(super::identity::SUPPLIED, &name);
                by_zone.insert(zone, name.clone());
                name
            }
        };
        c.zones.by_group.insert(group.id.value.clone(), parameter);
    }
}

/// The `availability_zone` of a system: its own resource group, else its nearest
/// collection's.
pub fn zone(c: &mut Converter<'_>, system: usize, draft: DraftId) -> Option<Node> {
    let envelope = c.envelope;
    let mut at = Some(system);
    while let Some(index) = at {
        let content = &envelope.contents[index];
        if let Some(reference) = &content.resource_group_ref
            && let Some(parameter) = c.zones.by_group.get(&reference.value).cloned()
        {
            return Some(c.out.reference(draft, &Ref::Param(parameter)));
        }
        at = content.parent;
    }
    None
}
