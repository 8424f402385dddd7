//! Heat's resource types as data: each type's properties (type, required, update behaviour,
//! allowed values, ranges, lengths, patterns, nested schemas) and attributes, for the
//! OpenStack types of `openstack-heat` and the Contrail types of its Contrail plugin.
//!
//! The facts live in `data/heat_catalogue.json`, written by `scripts/heat_catalogue/` from
//! Heat's own plugins (docs/heat-catalogue.md). The file is built into the binary and parsed
//! once, on first use, into hash maps.

use std::collections::HashMap;
use std::sync::OnceLock;

use foldhash::fast::RandomState;
use serde::Deserialize;

/// The catalogue as written by `scripts/heat_catalogue/merge.py`.
const DATA: &str = include_str!("../../../data/heat_catalogue.json");

/// The data format this code reads.
const FORMAT: u32 = 1;

/// Names to facts, hashed with foldhash.
pub type Map<V> = HashMap<String, V, RandomState>;

/// Which openstack-heat releases the catalogue was read from.
#[derive(Debug, Deserialize)]
pub struct HeatReleases {
    /// The release whose schemas decide (the newest read).
    pub follows: String,
    /// Every release read, newest first.
    pub releases: Vec<String>,
}

/// Where the Contrail facts come from.
#[derive(Debug, Deserialize)]
pub struct ContrailSource {
    /// The repository the plugins are in.
    pub repository: String,
    /// The commit read.
    pub commit: String,
}

/// A value type of Heat's property schemas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Text.
    String,
    /// A whole number.
    Integer,
    /// Any number.
    Number,
    /// `true` or `false`.
    Boolean,
    /// A mapping.
    Map,
    /// A sequence.
    List,
    /// Anything.
    Any,
}

impl Kind {
    /// The type's name as Heat writes it in messages.
    pub fn name(self) -> &'static str {
        match self {
            Kind::String => "string",
            Kind::Integer => "integer",
            Kind::Number => "number",
            Kind::Boolean => "boolean",
            Kind::Map => "map",
            Kind::List => "list",
            Kind::Any => "any value",
        }
    }
}

/// What a stack update does when a property changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Update {
    /// Updated in place.
    Allowed,
    /// The resource is replaced.
    Replace,
    /// The update fails.
    Immutable,
}

/// Heat's support status of a type, property or attribute, when it is not plainly supported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Still works; a successor exists.
    Deprecated,
    /// Kept for old templates, no longer documented.
    Hidden,
    /// Works without support.
    Unsupported,
    /// Not stated.
    Unknown,
}

/// A literal of an `allowed` list.
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// `true`/`false`.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A number with a fraction.
    Float(f64),
    /// Text.
    Str(String),
}

impl<'de> Deserialize<'de> for Literal {
    // By the JSON token's type, without serde's trial-and-error of untagged enums (the
    // catalogue holds thousands of allowed values).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Literal;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a boolean, number or string")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Literal, E> {
                Ok(Literal::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Literal, E> {
                Ok(Literal::Int(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Literal, E> {
                i64::try_from(v)
                    .map(Literal::Int)
                    .map_err(|_| E::custom("an allowed value beyond 64 bits"))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Literal, E> {
                Ok(Literal::Float(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<Literal, E> {
                Ok(Literal::Str(v.to_owned()))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl std::fmt::Display for Literal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Literal::Bool(b) => write!(f, "{b}"),
            Literal::Int(i) => write!(f, "{i}"),
            Literal::Float(x) => write!(f, "{x}"),
            Literal::Str(s) => write!(f, "{s:?}"),
        }
    }
}

/// One property's schema (or a map key's, or a list item's).
#[derive(Debug, Deserialize)]
pub struct PropertySchema {
    /// Its value type.
    #[serde(rename = "type")]
    pub kind: Kind,
    /// Heat refuses a resource without it (it has no default).
    #[serde(default)]
    pub required: bool,
    /// What an update changing it does.
    pub update: Update,
    /// A map also takes text or a list, a list also takes comma-separated text.
    #[serde(default)]
    pub conversion: bool,
    /// False for a property Heat declares but refuses to take.
    #[serde(default = "yes")]
    pub implemented: bool,
    /// Its support status.
    #[serde(default)]
    pub status: Option<Status>,
    /// The values it allows.
    #[serde(default)]
    pub allowed: Option<Vec<Literal>>,
    /// Inclusive bounds of a number.
    #[serde(default)]
    pub range: Option<[Option<f64>; 2]>,
    /// Inclusive bounds of a length (characters, items or keys).
    #[serde(default)]
    pub length: Option<[Option<f64>; 2]>,
    /// A regular expression a text must match from start to end.
    #[serde(default)]
    pub pattern: Option<String>,
    /// Heat's custom constraints (`ip_addr`, `neutron.network`, …).
    #[serde(default)]
    pub custom: Option<Vec<String>>,
    /// The keys of a map with a fixed schema.
    #[serde(default)]
    pub keys: Option<Map<PropertySchema>>,
    /// The schema of every item of a list.
    #[serde(default)]
    pub items: Option<Box<PropertySchema>>,
}

fn yes() -> bool {
    true
}

/// One attribute a type offers to `get_attr`.
#[derive(Debug, Default, Deserialize)]
pub struct AttributeSchema {
    /// Its value type, when Heat states one.
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    /// Its support status.
    #[serde(default)]
    pub status: Option<Status>,
}

/// A deprecated property path that Heat moves to a current one before validating.
#[derive(Debug, Deserialize)]
pub struct Rename {
    /// The old path (`["network_id"]`, `["fixed_ips", "subnet_id"]`).
    pub from: Vec<String>,
    /// The current path.
    pub to: Vec<String>,
}

/// One resource type.
#[derive(Debug, Deserialize)]
pub struct ResourceType {
    /// Heat's support status.
    #[serde(default)]
    pub status: Option<Status>,
    /// The release the status took effect.
    #[serde(default)]
    pub status_since: Option<String>,
    /// A stand-in Heat keeps for a retired service: it takes any property and attribute.
    #[serde(default)]
    pub placeholder: bool,
    /// The catalogue records the name only (a type of an older plugin release): anything is
    /// taken.
    #[serde(default)]
    pub open: bool,
    /// Its properties.
    #[serde(default)]
    pub properties: Map<PropertySchema>,
    /// Its attributes (including `show`).
    #[serde(default)]
    pub attributes: Map<AttributeSchema>,
    /// The type answers attributes itself (groups: their members' attributes; software
    /// deployments: their config's outputs), so Heat accepts any name until it runs.
    #[serde(default)]
    pub custom_attributes: bool,
    /// Deprecated property paths Heat translates.
    #[serde(default)]
    pub renamed: Vec<Rename>,
    /// The openstack-heat releases defining it, newest first (empty for Contrail types).
    #[serde(default)]
    pub releases: Vec<String>,
    /// The release its schema was read from, when older than the one the catalogue follows.
    #[serde(default)]
    pub schema_from: Option<String>,
    /// `contrail` for the Contrail plugin's types.
    #[serde(default)]
    pub vendor: Option<String>,
}

impl ResourceType {
    /// True when Heat takes any property and attribute (or the catalogue cannot tell).
    pub fn takes_anything(&self) -> bool {
        self.placeholder || self.open
    }

    /// True when Heat may answer `get_attr` of `name`: one of its attributes, or any name for
    /// a type that answers attributes itself.
    pub fn has_attribute(&self, name: &str) -> bool {
        self.takes_anything() || self.custom_attributes || self.attributes.contains_key(name)
    }
}

/// The whole catalogue.
#[derive(Debug, Deserialize)]
pub struct Catalogue {
    /// The data format.
    pub format: u32,
    /// The openstack-heat releases read.
    pub heat: HeatReleases,
    /// Where the Contrail facts come from.
    pub contrail: ContrailSource,
    /// Heat's default environment: old names mapped to current ones (`OS::Quantum*`).
    pub aliases: Map<String>,
    /// Every type by name.
    pub types: Map<ResourceType>,
}

/// A type name resolved through the catalogue.
#[derive(Clone, Copy, Debug)]
pub struct Known<'c> {
    /// The type's name after Heat's default aliases (`OS::Aodh::Alarm` for
    /// `OS::Ceilometer::Alarm`).
    pub name: &'c str,
    /// The type.
    pub resource_type: &'c ResourceType,
}

impl Catalogue {
    /// The catalogue built into the binary, parsed on first use.
    pub fn get() -> &'static Catalogue {
        static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| {
            let catalogue: Catalogue = serde_json::from_str(DATA)
                .expect("data/heat_catalogue.json is valid (checked by its tests)");
            assert_eq!(catalogue.format, FORMAT, "data/heat_catalogue.json format");
            catalogue
        })
    }

    /// The type `name` stands for, following Heat's default aliases, when Heat knows it.
    pub fn resolve<'c>(&'c self, name: &str) -> Option<Known<'c>> {
        if let Some((key, resource_type)) = self.types.get_key_value(name) {
            return Some(Known {
                name: key,
                resource_type,
            });
        }
        let target = self.alias_of(name)?;
        let (key, resource_type) = self.types.get_key_value(target.as_str())?;
        Some(Known {
            name: key,
            resource_type,
        })
    }

    /// The name an alias of Heat's default environment maps `name` to (a trailing `*` maps
    /// every name with that prefix).
    fn alias_of(&self, name: &str) -> Option<String> {
        if let Some(target) = self.aliases.get(name) {
            return Some(target.clone());
        }
        self.aliases.iter().find_map(|(key, target)| {
            let prefix = key.strip_suffix('*')?;
            let rest = name.strip_prefix(prefix)?;
            Some(format!("{}{rest}", target.strip_suffix('*')?))
        })
    }

    /// Every name a template may use: the types and the aliases (globs excluded).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.types
            .keys()
            .chain(self.aliases.keys())
            .filter_map(|name| {
                let name = name.as_str();
                (!name.ends_with('*')).then_some(name)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_data_parses_and_names_its_sources() {
        let catalogue = Catalogue::get();
        assert!(!catalogue.heat.follows.is_empty());
        assert_eq!(catalogue.heat.releases[0], catalogue.heat.follows);
        assert!(!catalogue.contrail.commit.is_empty());
        assert!(catalogue.types.len() > 150, "{}", catalogue.types.len());
    }

    #[test]
    fn server_and_port_schemas_hold_heats_facts() {
        let catalogue = Catalogue::get();
        let server = catalogue.resolve("OS::Nova::Server").unwrap().resource_type;
        let flavor = &server.properties["flavor"];
        assert_eq!(flavor.kind, Kind::String);
        assert!(flavor.required);
        assert_eq!(flavor.update, Update::Allowed);
        let networks = &server.properties["networks"];
        assert_eq!(networks.kind, Kind::List);
        let item = networks.items.as_ref().unwrap();
        assert!(item.keys.as_ref().unwrap().contains_key("port"));
        assert!(server.has_attribute("first_address"));
        assert!(server.has_attribute("show"));
        assert!(!server.has_attribute("first_adress"));
        let port = catalogue
            .resolve("OS::Neutron::Port")
            .unwrap()
            .resource_type;
        assert!(port.properties["network"].required);
        assert!(
            port.renamed
                .iter()
                .any(|r| r.from == ["network_id"] && r.to == ["network"])
        );
    }

    #[test]
    fn default_aliases_and_globs_resolve() {
        let catalogue = Catalogue::get();
        let alarm = catalogue.resolve("OS::Ceilometer::Alarm").unwrap();
        assert_eq!(alarm.name, "OS::Aodh::Alarm");
        let net = catalogue.resolve("OS::Quantum::Net").unwrap();
        assert_eq!(net.name, "OS::Neutron::Net");
        assert!(catalogue.resolve("OS::Nova::Sever").is_none());
        assert!(catalogue.names().any(|n| n == "OS::Ceilometer::Alarm"));
        assert!(!catalogue.names().any(|n| n.ends_with('*')));
    }

    #[test]
    fn groups_answer_member_attributes_and_placeholders_anything() {
        let catalogue = Catalogue::get();
        let group = catalogue.resolve("OS::Heat::ResourceGroup").unwrap();
        assert!(group.resource_type.custom_attributes);
        assert!(group.resource_type.attributes.contains_key("refs"));
        let port = catalogue.resolve("OS::Neutron::Port").unwrap();
        assert!(!port.resource_type.custom_attributes);
        let none = catalogue.resolve("OS::Heat::None").unwrap();
        assert!(none.resource_type.takes_anything());
    }

    #[test]
    fn contrail_types_onap_uses_are_known() {
        let catalogue = Catalogue::get();
        for name in [
            "OS::ContrailV2::InstanceIp",
            "OS::ContrailV2::VirtualMachineInterface",
            "OS::ContrailV2::InterfaceRouteTable",
            "OS::ContrailV2::VirtualNetwork",
            "OS::ContrailV2::NetworkIpam",
            "OS::ContrailV2::ServiceTemplate",
            "OS::ContrailV2::ServiceHealthCheck",
            "OS::ContrailV2::PortTuple",
        ] {
            let known = catalogue.resolve(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(known.resource_type.vendor.as_deref(), Some("contrail"));
        }
        let ip = catalogue.resolve("OS::ContrailV2::InstanceIp").unwrap();
        assert!(ip.resource_type.properties.contains_key("subnet_uuid"));
    }

    #[test]
    fn every_contrail_type_of_the_plugin_has_its_schema() {
        let catalogue = Catalogue::get();
        assert_eq!(
            catalogue.contrail.repository,
            "tungstenfabric/tf-heat-plugin"
        );
        let contrail: Vec<&ResourceType> = catalogue
            .types
            .values()
            .filter(|t| t.vendor.as_deref() == Some("contrail"))
            .collect();
        // 59 generated OS::ContrailV2 types, 13 hand-written OS::Contrail ones, and two
        // types of Juniper's older plugin kept by name.
        assert_eq!(contrail.len(), 74);
        assert_eq!(contrail.iter().filter(|t| t.open).count(), 2);
        assert!(
            contrail
                .iter()
                .all(|t| t.open || t.attributes.contains_key("show"))
        );
        let vmi = catalogue
            .resolve("OS::ContrailV2::VirtualMachineInterface")
            .unwrap()
            .resource_type;
        let properties = &vmi.properties["virtual_machine_interface_properties"];
        let mirror = &properties.keys.as_ref().unwrap()["virtual_machine_interface_properties_interface_mirror"];
        assert!(mirror.keys.is_some(), "deeper levels are read too");
        let policy = catalogue
            .resolve("OS::Contrail::NetworkPolicy")
            .unwrap()
            .resource_type;
        assert!(policy.properties["entries"].required);
    }
}
