//! Every port-like resource of the set — Neutron ports, Contrail virtual machine interfaces
//! and Contrail instance IPs — with the network it attaches to, the vm-types of the servers
//! using it and the parameters its network and address properties read. Built once per run
//! (`Context::ports`) for the Neutron and Contrail parameter rules.

pub mod flow;
pub mod ip_version;

use foldhash::{HashMap, HashMapExt, HashSet};

use crate::input::yaml::{Key, Node, Value};
use crate::model::hot::usage::read_parameter;
use crate::model::hot::{FileId, Template};

use ip_version::{declared_type, is_v6_value};

use crate::check::rules::onap::vocabulary::attachment::instance_ip_is_v6;
use crate::check::rules::onap::vocabulary::network_role::{
    INTERNAL_MARKER, NetworkParameter, Side, network_resource_role,
};
use crate::check::rules::onap::vocabulary::server::Server;
use crate::check::rules::onap::vocabulary::vm_type::derivations;

/// `OS::Neutron::Port`.
pub const NEUTRON_PORT: &str = "OS::Neutron::Port";
/// `OS::ContrailV2::VirtualMachineInterface`.
pub const CONTRAIL_VMI: &str = "OS::ContrailV2::VirtualMachineInterface";
/// `OS::ContrailV2::InstanceIp`.
pub const CONTRAIL_INSTANCE_IP: &str = "OS::ContrailV2::InstanceIp";
/// `OS::ContrailV2::InterfaceRouteTable`.
pub const CONTRAIL_ROUTE_TABLE: &str = "OS::ContrailV2::InterfaceRouteTable";
/// `OS::Nova::Server`.
pub const NOVA_SERVER: &str = "OS::Nova::Server";

/// The Contrail property holding a virtual machine interface's allowed address pairs, and the
/// keys down to the prefix parameter.
pub const VMI_ADDRESS_PAIRS: [&str; 4] = [
    "virtual_machine_interface_allowed_address_pairs",
    "virtual_machine_interface_allowed_address_pairs_allowed_address_pair",
    "virtual_machine_interface_allowed_address_pairs_allowed_address_pair_ip",
    "virtual_machine_interface_allowed_address_pairs_allowed_address_pair_ip_ip_prefix",
];

/// Which resource type a port is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PortKind {
    /// `OS::Neutron::Port`.
    Neutron,
    /// `OS::ContrailV2::VirtualMachineInterface`.
    ContrailInterface,
    /// `OS::ContrailV2::InstanceIp`.
    ContrailInstanceIp,
    /// `OS::ContrailV2::InterfaceRouteTable`: prefixes routed to the interfaces naming it
    /// in `interface_route_table_refs`, whose network and vm-types it takes.
    ContrailRouteTable,
}

impl PortKind {
    fn of(resource_type: &str) -> Option<PortKind> {
        match resource_type {
            NEUTRON_PORT => Some(PortKind::Neutron),
            CONTRAIL_VMI => Some(PortKind::ContrailInterface),
            CONTRAIL_INSTANCE_IP => Some(PortKind::ContrailInstanceIp),
            CONTRAIL_ROUTE_TABLE => Some(PortKind::ContrailRouteTable),
            _ => None,
        }
    }

    /// What the resource is, with its article, for messages.
    pub fn noun(self) -> &'static str {
        match self {
            PortKind::Neutron => "a port",
            PortKind::ContrailInterface => "a Contrail interface",
            PortKind::ContrailInstanceIp => "an instance IP",
            PortKind::ContrailRouteTable => "an interface route table",
        }
    }
}

/// Which property of a port reads a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// The network (`network`, `network_id`, Contrail `virtual_network_refs`).
    Network,
    /// `fixed_ips` / `ip_address` (Neutron).
    FixedIp,
    /// `fixed_ips` / `subnet` or `subnet_id` (Neutron).
    FixedSubnet,
    /// `allowed_address_pairs` / `ip_address` (Neutron), or the allowed address pair prefix
    /// (Contrail interface).
    AddressPair,
    /// `instance_ip_address` (Contrail instance IP).
    InstanceAddress,
    /// `subnet_uuid` (Contrail instance IP).
    InstanceSubnet,
    /// `interface_route_table_routes` / `interface_route_table_routes_route` (Contrail route
    /// table): every parameter read inside.
    RoutePrefixes,
}

/// How a port names its network.
#[derive(Clone, Copy, Debug)]
pub enum Via {
    /// `get_param` of a parameter.
    Parameter,
    /// A network resource of the same template (`get_resource`, `get_attr`).
    Resource,
    /// A literal name or id (text, or a number or boolean Heat turns into text).
    Literal,
    /// `get_param` whose name is computed by a function: it reads no
    /// `{network-role}_net_…` parameter.
    Computed,
    /// Any other expression.
    Other,
}

/// The network a port attaches to.
#[derive(Clone, Debug)]
pub struct Network<'a> {
    /// Internal or external; `None` when the expression does not tell (a literal, a computed
    /// name or another expression: the port's own names then decide, see [`Port::side`]).
    pub side: Option<Side>,
    /// The network-role, when the parameter or resource name gives one.
    pub role: Option<&'a str>,
    /// How it is named.
    pub via: Via,
    /// The value as written.
    pub node: &'a Node,
    /// Dotted path of the value.
    pub path: String,
    /// Taken from another resource (an instance IP's interface, a route table's interface)
    /// rather than written on this one.
    pub inherited: bool,
}

/// A parameter read by one of a port's properties.
#[derive(Clone, Debug)]
pub struct Read<'a> {
    /// The property.
    pub property: Property,
    /// The node naming the parameter (a string).
    pub at: &'a Node,
    /// Dotted path of the `get_param`.
    pub path: String,
    /// The parameter's declared `type:`, when it is declared with one.
    pub declared: Option<&'a str>,
    /// The address is IPv6 (see [`ip_version::is_v6_value`]).
    pub v6: bool,
}

impl<'a> Read<'a> {
    /// The parameter read.
    pub fn parameter(&self) -> &'a str {
        self.at.as_str().unwrap_or_default()
    }
}

/// One port-like resource.
#[derive(Clone, Debug)]
pub struct Port<'a> {
    /// The template defining it.
    pub template: Template<'a>,
    /// Its resource id.
    pub id: &'a Key,
    /// Its definition.
    pub definition: &'a Node,
    /// Its type.
    pub kind: PortKind,
    /// What it attaches to, when it names a network (an instance IP without its own
    /// `virtual_network_refs` takes its interface's).
    pub network: Option<Network<'a>>,
    /// The vm-types of the servers using it (an instance IP: those of its interface).
    pub vm_types: Vec<&'a str>,
    /// The parameters its properties read.
    pub reads: Vec<Read<'a>>,
    /// The side the `int_` marker of the port's resource id and of the parameters it reads
    /// gives, when they all agree (see [`marked_side`]).
    pub marked_side: Option<Side>,
    /// An instance IP configuring an IPv6 address (see
    /// [`instance_ip_is_v6`](super::super::attachment::instance_ip_is_v6)).
    pub v6_family: bool,
}

impl<'a> Port<'a> {
    /// The network's side: what its network parameter or resource says, else (no network, a
    /// literal or a computed one) what the port's own names say when they agree.
    pub fn side(&self) -> Option<Side> {
        self.network
            .as_ref()
            .and_then(|n| n.side)
            .or(self.marked_side)
    }

    /// The network's role, when known.
    pub fn role(&self) -> Option<&'a str> {
        self.network.as_ref()?.role
    }

    /// The reads of one property.
    pub fn reads_of(&self, property: Property) -> impl Iterator<Item = &Read<'a>> {
        self.reads.iter().filter(move |r| r.property == property)
    }

    /// The resource-level `metadata: {aap_exempt: [...]}` list, as the names written.
    pub fn exempt_addresses(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        self.definition
            .get("metadata")
            .and_then(|m| m.get("aap_exempt"))
            .and_then(Node::as_seq)
            .unwrap_or_default()
            .iter()
            .filter_map(Node::as_str)
    }
}

/// Every port-like resource of the set.
#[derive(Debug, Default)]
pub struct Ports<'a> {
    /// In template order, then source order.
    pub all: Vec<Port<'a>>,
}

impl<'a> Ports<'a> {
    /// Finds the ports of every template; `v6_valued` (see [`ip_version::v6_valued`]) tells
    /// IPv6 addresses apart.
    pub fn of(templates: &[Template<'a>], v6_valued: &HashSet<(FileId, &str)>) -> Ports<'a> {
        let mut all = Vec::new();
        for template in templates {
            ports_of_template(*template, &mut all);
        }
        for port in &mut all {
            for read in &mut port.reads {
                let parameter = read.at.as_str().unwrap_or_default();
                read.declared = declared_type(&port.template, parameter);
                read.v6 = is_v6_value(v6_valued, &port.template, parameter, port.v6_family);
            }
            port.marked_side = marked_side(port);
        }
        Ports { all }
    }

    /// The ports of one kind.
    pub fn of_kind(&self, kind: PortKind) -> impl Iterator<Item = &Port<'a>> {
        self.all.iter().filter(move |p| p.kind == kind)
    }
}

/// The resource a `get_resource` or `get_attr` names.
fn referenced_resource(node: &Node) -> Option<&str> {
    let map = node.as_map().filter(|m| m.len() == 1)?;
    if let Some(target) = map.get("get_resource") {
        return target.as_str();
    }
    map.get("get_attr")?.as_seq()?.first()?.as_str()
}

/// The first resource of the template named by a `get_resource`/`get_attr` inside `node`.
fn resource_inside<'a>(node: &'a Node, types: &HashMap<&str, &str>) -> Option<&'a str> {
    let mut pending = vec![node];
    while let Some(node) = pending.pop() {
        if let Some(id) = referenced_resource(node).filter(|id| types.contains_key(id)) {
            return Some(id);
        }
        if let Some(map) = node.as_map() {
            pending.extend(map.iter().map(|(_, v)| v));
        } else if let Some(items) = node.as_seq() {
            pending.extend(items.iter());
        }
    }
    None
}

/// Reads a network value: a parameter, a resource of the template, a literal or other.
fn network_of<'a>(node: &'a Node, path: String, types: &HashMap<&str, &str>) -> Network<'a> {
    if let Some(name_node) = read_parameter(node) {
        let name = name_node.as_str().unwrap_or_default();
        return Network {
            side: Some(Side::of_name(name)),
            role: NetworkParameter::parse(name).map(|p| p.role()),
            via: Via::Parameter,
            node,
            path,
            inherited: false,
        };
    }
    if let Some(id) = resource_inside(node, types) {
        return Network {
            side: Some(Side::Internal),
            role: network_resource_role(id),
            via: Via::Resource,
            node,
            path,
            inherited: false,
        };
    }
    let via = match &node.value {
        Value::Str(_) | Value::Int(_) | Value::Float(_) | Value::Bool(_) => Via::Literal,
        _ if node.get("get_param").is_some() && node.as_map().is_some_and(|m| m.len() == 1) => {
            Via::Computed
        }
        _ => Via::Other,
    };
    Network {
        side: None,
        role: None,
        via,
        node,
        path,
        inherited: false,
    }
}

/// True when a name carries ONAP's internal-network marker (`int_` at the start or after a
/// `_`: `int_ha_net_id`, `vfw_0_int_ha_port_0`, `vfw_int_ha_ip_0`).
pub fn has_internal_marker(name: &str) -> bool {
    // A byte scan: names are short, and this runs for every parameter of every port rule.
    name.starts_with(INTERNAL_MARKER) || name.as_bytes().windows(5).any(|w| w == b"_int_")
}

/// The side a port's resource id and the parameters it reads give by the `int_` marker:
/// internal when all carry it, external when none does, `None` when they disagree. A route
/// table's prefixes have no internal form, so it takes no side of its own.
fn marked_side(port: &Port<'_>) -> Option<Side> {
    if port.kind == PortKind::ContrailRouteTable {
        return None;
    }
    let mut names =
        std::iter::once(port.id.text.as_str()).chain(port.reads.iter().map(Read::parameter));
    let first = has_internal_marker(names.next()?);
    names
        .all(|name| has_internal_marker(name) == first)
        .then_some(if first {
            Side::Internal
        } else {
            Side::External
        })
}

fn push_read<'a>(reads: &mut Vec<Read<'a>>, property: Property, node: &'a Node, path: String) {
    if let Some(at) = read_parameter(node) {
        reads.push(Read {
            property,
            at,
            path,
            declared: None,
            v6: false,
        });
    }
}

fn ports_of_template<'a>(template: Template<'a>, out: &mut Vec<Port<'a>>) {
    // Each resource's type, read once.
    let resources: Vec<(&'a Key, &'a Node, &'a str)> = template
        .resources()
        .filter_map(|(id, definition)| Some((id, definition, definition.get("type")?.as_str()?)))
        .collect();
    let types: HashMap<&str, &str> = resources
        .iter()
        .map(|(id, _, resource_type)| (id.text.as_str(), *resource_type))
        .collect();
    let first = out.len();
    let mut index: HashMap<&'a str, usize> = HashMap::new();
    for (id, definition, resource_type) in &resources {
        let Some(kind) = PortKind::of(resource_type) else {
            continue;
        };
        index.insert(id.text.as_str(), out.len());
        out.push(port(template, id, definition, kind, &types));
    }
    if out.len() == first {
        return;
    }
    // Servers name their ports in `networks: [{port: {get_resource: …}}]`.
    for (id, server, resource_type) in &resources {
        if *resource_type != NOVA_SERVER {
            continue;
        }
        let networks = server
            .get("properties")
            .and_then(|p| p.get("networks"))
            .and_then(Node::as_seq)
            .unwrap_or_default();
        let mut vm_types = None;
        for entry in networks {
            let Some(port) = entry
                .get("port")
                .and_then(|p| p.get("get_resource"))
                .and_then(Node::as_str)
                .and_then(|p| index.get(p))
            else {
                continue;
            };
            let vm_types = vm_types.get_or_insert_with(|| {
                derivations(&Server {
                    template,
                    id,
                    definition: server,
                })
            });
            for derivation in vm_types.iter() {
                if !out[*port].vm_types.contains(&derivation.vm_type) {
                    out[*port].vm_types.push(derivation.vm_type);
                }
            }
        }
    }
    // An instance IP belongs to the interface it names; a route table to the interface
    // naming it.
    for at in first..out.len() {
        let (from, to) = match out[at].kind {
            PortKind::ContrailInstanceIp => {
                let Some(interface) = first_reference(&out[at], "virtual_machine_interface_refs")
                    .and_then(|id| index.get(id))
                    .copied()
                    .filter(|&i| out[i].kind == PortKind::ContrailInterface)
                else {
                    continue;
                };
                (interface, at)
            }
            PortKind::ContrailInterface => {
                let Some(table) = first_reference(&out[at], "interface_route_table_refs")
                    .and_then(|id| index.get(id))
                    .copied()
                    .filter(|&i| out[i].kind == PortKind::ContrailRouteTable)
                else {
                    continue;
                };
                (at, table)
            }
            _ => continue,
        };
        let vm_types = out[from].vm_types.clone();
        let network = out[from].network.clone();
        let port = &mut out[to];
        port.vm_types = vm_types;
        if port.network.is_none() {
            port.network = network.map(|n| Network {
                inherited: true,
                ..n
            });
        }
    }
}

/// The resource named by the first `get_resource`/`get_attr` item of a list property.
fn first_reference<'a>(port: &Port<'a>, property: &str) -> Option<&'a str> {
    port.definition
        .get("properties")?
        .get(property)?
        .as_seq()?
        .iter()
        .find_map(referenced_resource)
}

fn port<'a>(
    template: Template<'a>,
    id: &'a Key,
    definition: &'a Node,
    kind: PortKind,
    types: &HashMap<&str, &str>,
) -> Port<'a> {
    let base = format!("resources.{}.properties", id.text);
    let properties = definition.get("properties");
    let property = |name: &str| properties.and_then(|p| p.get(name));
    let mut reads = Vec::new();
    let mut network = None;
    let mut v6_family = false;
    match kind {
        PortKind::Neutron => {
            let named = ["network", "network_id"]
                .into_iter()
                .find_map(|key| Some((key, property(key)?)));
            if let Some((key, node)) = named {
                network = Some(network_of(node, format!("{base}.{key}"), types));
                push_read(&mut reads, Property::Network, node, format!("{base}.{key}"));
            }
            for (i, entry) in items(property("fixed_ips")) {
                if let Some(node) = entry.get("ip_address") {
                    let path = format!("{base}.fixed_ips.{i}.ip_address");
                    push_read(&mut reads, Property::FixedIp, node, path);
                }
                for key in ["subnet", "subnet_id"] {
                    if let Some(node) = entry.get(key) {
                        let path = format!("{base}.fixed_ips.{i}.{key}");
                        push_read(&mut reads, Property::FixedSubnet, node, path);
                    }
                }
            }
            for (i, entry) in items(property("allowed_address_pairs")) {
                if let Some(node) = entry.get("ip_address") {
                    let path = format!("{base}.allowed_address_pairs.{i}.ip_address");
                    push_read(&mut reads, Property::AddressPair, node, path);
                }
            }
        }
        PortKind::ContrailRouteTable => {
            let routes = property("interface_route_table_routes")
                .and_then(|r| r.get("interface_route_table_routes_route"));
            if let Some(routes) = routes {
                let path = format!(
                    "{base}.interface_route_table_routes.interface_route_table_routes_route"
                );
                push_reads_inside(&mut reads, Property::RoutePrefixes, routes, &path);
            }
        }
        PortKind::ContrailInterface | PortKind::ContrailInstanceIp => {
            let refs = property("virtual_network_refs");
            let first = match refs.and_then(Node::as_seq) {
                Some(items) => items
                    .first()
                    .map(|n| (n, format!("{base}.virtual_network_refs.0"))),
                None => refs.map(|n| (n, format!("{base}.virtual_network_refs"))),
            };
            if let Some((node, path)) = first {
                network = Some(network_of(node, path, types));
            }
            for (i, entry) in items(refs) {
                let path = format!("{base}.virtual_network_refs.{i}");
                push_read(&mut reads, Property::Network, entry, path);
            }
            if kind == PortKind::ContrailInterface {
                let [pairs_key, pair_key, ip_key, prefix_key] = VMI_ADDRESS_PAIRS;
                let pairs = property(pairs_key).and_then(|p| p.get(pair_key));
                for (i, entry) in items(pairs) {
                    if let Some(node) = entry.get(ip_key).and_then(|ip| ip.get(prefix_key)) {
                        let path =
                            format!("{base}.{pairs_key}.{pair_key}.{i}.{ip_key}.{prefix_key}");
                        push_read(&mut reads, Property::AddressPair, node, path);
                    }
                }
            } else {
                if let Some(node) = property("instance_ip_address") {
                    let path = format!("{base}.instance_ip_address");
                    push_read(&mut reads, Property::InstanceAddress, node, path);
                }
                if let Some(node) = property("subnet_uuid") {
                    let path = format!("{base}.subnet_uuid");
                    push_read(&mut reads, Property::InstanceSubnet, node, path);
                }
                v6_family = properties
                    .and_then(Node::as_map)
                    .is_some_and(|p| instance_ip_is_v6(&id.text, p));
            }
        }
    }
    Port {
        template,
        id,
        definition,
        kind,
        network,
        vm_types: Vec::new(),
        reads,
        marked_side: None,
        v6_family,
    }
}

/// Every `get_param` inside `node` (a route list built with `repeat`, `list_concat`, …).
fn push_reads_inside<'a>(
    reads: &mut Vec<Read<'a>>,
    property: Property,
    node: &'a Node,
    path: &str,
) {
    let mut pending = vec![node];
    while let Some(node) = pending.pop() {
        if read_parameter(node).is_some() {
            push_read(reads, property, node, path.to_owned());
            continue;
        }
        if let Some(map) = node.as_map() {
            pending.extend(map.iter().rev().map(|(_, v)| v));
        } else if let Some(items) = node.as_seq() {
            pending.extend(items.iter().rev());
        }
    }
}

/// The items of a list property with their positions (nothing when it is not a list).
fn items(node: Option<&Node>) -> impl Iterator<Item = (usize, &Node)> {
    node.and_then(Node::as_seq)
        .unwrap_or_default()
        .iter()
        .enumerate()
}
