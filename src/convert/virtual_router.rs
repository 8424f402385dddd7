//! `ecs:VirtualRouterSection` → one `OS::Neutron::Router` per virtual router (VRF).

use std::collections::HashMap;

use crate::yaml::write::string;

use super::Converter;
use super::draft::BASE;
use super::names::join;

/// Router resource IDs by `ecs:id`.
pub type Routers = HashMap<String, String>;

/// Declares every router in the base template; returns them by `ecs:id`.
pub fn declare(c: &mut Converter<'_>) -> Routers {
    let envelope = c.envelope;
    let mut routers = Routers::new();
    for router in envelope
        .virtual_routers
        .iter()
        .flat_map(|s| s.entries.iter())
    {
        let name = router.name.clone().unwrap_or(router.id.value.clone());
        let id = c.out.resource(
            BASE,
            &join(&[&router.id.value, "router"]),
            "router",
            "OS::Neutron::Router",
            vec![("name", string(name))],
        );
        routers.insert(router.id.value.clone(), id);
    }
    routers
}
