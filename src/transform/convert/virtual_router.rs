//! `ecs:VirtualRouterSection` → one `OS::Neutron::Router` per virtual router (VRF).

use std::collections::HashMap;

use super::Converter;
use super::draft::BASE;
use super::names::{join, role};

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
        let text = router.name.clone().unwrap_or(router.id.value.clone());
        let name = super::identity::name(c, BASE, &text);
        let id = c.out.resource(
            BASE,
            &join(&[&role(&router.id.value, "router"), "router"]),
            "router",
            "OS::Neutron::Router",
            vec![("name", name)],
        );
        routers.insert(router.id.value.clone(), id);
    }
    routers
}
