//! `ecs:VirtualNetworkRouterInterfaceSection` → `OS::Neutron::RouterInterface` for VRF
//! interfaces (chained with `depends_on` per router, as Neutron serialises them), and a
//! bound `OS::Neutron::Port` for border-gateway interfaces.

use std::collections::HashMap;

use crate::input::yaml::write::{map, string};

use super::draft::{BASE, Ref, get_resource};
use super::names::{join, role};
use super::virtual_router::Routers;
use super::{Converter, NoteLevel};

const SECTION: &str = "VirtualNetworkRouterInterfaceSection";

/// Declares every interface in the base template.
pub fn declare(c: &mut Converter<'_>, routers: &Routers) {
    let envelope = c.envelope;
    let mut last_per_router: HashMap<String, String> = HashMap::new();
    for interface in envelope
        .router_interfaces
        .iter()
        .flat_map(|s| s.entries.iter())
    {
        let subject = format!("VirtualNetworkRouterInterface[{}]", interface.id.value);
        let Some(network_name) = interface.network_ref.as_ref().map(|n| n.value.as_str()) else {
            c.note(
                NoteLevel::Warning,
                SECTION,
                subject,
                "has no ecs:networkRef, so it is not converted",
            );
            continue;
        };
        let Some(network) = c.networks.get(network_name).cloned() else {
            // An unknown network is reported by the OVF-ref rules.
            continue;
        };
        let hint = role(&interface.id.value, "interface");
        if let Some(host) = &interface.border_gateway_host_id {
            let Some(Ref::Resource(net)) = super::network::net(c, network_name) else {
                c.note(
                    NoteLevel::Warning,
                    SECTION,
                    subject,
                    format!("network `{network_name}` exists outside the stack; bind the border-gateway port yourself"),
                );
                continue;
            };
            let text = interface.name.clone().unwrap_or(interface.id.value.clone());
            let name = super::identity::name(c, BASE, &text);
            // ONAP's internal port shape, the interface standing in for the VM type.
            c.out.resource(
                BASE,
                &format!(
                    "{}_0_int_{}_port_0",
                    role(&interface.id.value, "interface"),
                    network.label
                ),
                "port",
                "OS::Neutron::Port",
                vec![
                    ("name", name),
                    ("network", get_resource(&net)),
                    ("device_owner", string(format!("baremetal:{host}"))),
                    (
                        "value_specs",
                        map([("binding:host_id", string(host.clone()))]),
                    ),
                ],
            );
            continue;
        }
        let Some(router_ref) = interface.virtual_router_ref.as_ref() else {
            c.note(
                NoteLevel::Warning,
                SECTION,
                subject,
                "names neither a virtual router nor a border-gateway host, so it is not converted",
            );
            continue;
        };
        let Some(router) = routers.get(&router_ref.value).cloned() else {
            continue;
        };
        let Some(Ref::Resource(subnet)) = network.subnet else {
            c.note(
                NoteLevel::Warning,
                SECTION,
                subject,
                format!("network `{network_name}` has no subnet in the stack (it is an external network, which the stack does not create); attach the router yourself"),
            );
            continue;
        };
        let id = c.out.resource(
            BASE,
            &join(&[&hint, "interface"]),
            "interface",
            "OS::Neutron::RouterInterface",
            vec![
                ("router", get_resource(&router)),
                ("subnet", get_resource(&subnet)),
            ],
        );
        if let Some(previous) = last_per_router.insert(router.clone(), id.clone())
            && let Some(resource) = c.out.resource_mut(BASE, &id)
        {
            resource.depend_on(&previous);
        }
    }
}
