//! Heat's resource types as data: each type's properties (type, required, update behaviour,
//! allowed values, ranges, lengths, patterns, nested schemas) and attributes, for the
//! OpenStack types of `openstack-heat` and the Contrail types of its Contrail plugin.
//!
//! The facts live in `data/*.json` (`data/heat_types.json`, written by
//! `scripts/heat_types/` from Heat's own plugins, docs/heat-types.md). `build.rs`
//! compiles every file there into the statics included below, so nothing is parsed or
//! allocated when vnfwiz starts: names are looked up by binary search in sorted slices.
//!
//! The statics hold no pointers: every text is an offset and a length into one string
//! (`TEXT`) and every list or map a range of one table per element type, so the loader of a
//! position-independent binary has nothing of them to relocate (docs/decisions.md).

use std::marker::PhantomData;

// The generated statics: `HEAT_TYPES`, `TEXT` and the tables the ranges point into, each
// with its `Table` impl.
include!(concat!(env!("OUT_DIR"), "/heat_types.rs"));

/// A text of the compiled types: a range of `TEXT`; reads as a `str`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Text {
    at: u32,
    len: u32,
}

impl Text {
    const fn new(at: u32, len: u32) -> Text {
        Text { at, len }
    }

    /// The text.
    pub fn as_str(self) -> &'static str {
        &TEXT[self.at as usize..(self.at + self.len) as usize]
    }
}

impl std::ops::Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The generated table holding every element of one type that a [`Slice`] ranges over.
pub trait Table: Sized + 'static {
    /// The whole table.
    fn table() -> &'static [Self];
}

/// A range of the table of `T`; reads as a slice.
pub struct Slice<T> {
    start: u32,
    len: u32,
    // `fn() -> T`: a range is `Send`, `Sync` and `Copy` whatever `T` is.
    element: PhantomData<fn() -> T>,
}

impl<T> Slice<T> {
    const fn new(start: u32, len: u32) -> Slice<T> {
        Slice {
            start,
            len,
            element: PhantomData,
        }
    }
}

impl<T> Clone for Slice<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Slice<T> {}

impl<T: Table> Slice<T> {
    /// The elements.
    pub fn as_slice(self) -> &'static [T] {
        &T::table()[self.start as usize..(self.start + self.len) as usize]
    }
}

impl<T: Table> std::ops::Deref for Slice<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Table + std::fmt::Debug> std::fmt::Debug for Slice<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_slice(), f)
    }
}

/// Named facts sorted by name, looked up by binary search.
#[derive(Debug)]
pub struct Map<V: 'static>
where
    (Text, V): Table,
{
    entries: Slice<(Text, V)>,
}

impl<V> Clone for Map<V>
where
    (Text, V): Table,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<V> Copy for Map<V> where (Text, V): Table {}

impl<V> Map<V>
where
    (Text, V): Table,
{
    /// A map over entries sorted by name (as `build.rs` writes them).
    const fn new(start: u32, len: u32) -> Map<V> {
        Map {
            entries: Slice::new(start, len),
        }
    }

    /// The name as stored and its value.
    pub fn get_key_value(&self, name: &str) -> Option<(&'static str, &'static V)> {
        let entries = self.entries.as_slice();
        let at = entries
            .binary_search_by(|(k, _)| k.as_str().cmp(name))
            .ok()?;
        let (key, value) = &entries[at];
        Some((key.as_str(), value))
    }

    /// The value named `name`.
    pub fn get(&self, name: &str) -> Option<&'static V> {
        self.get_key_value(name).map(|(_, value)| value)
    }

    /// True when `name` is in the map.
    pub fn contains_key(&self, name: &str) -> bool {
        self.get_key_value(name).is_some()
    }

    /// The names, sorted.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + use<V> {
        self.entries.as_slice().iter().map(|(k, _)| k.as_str())
    }

    /// Names and values, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &'static V)> + use<V> {
        self.entries.as_slice().iter().map(|(k, v)| (k.as_str(), v))
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.entries.len as usize
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.len == 0
    }
}

impl<V> std::ops::Index<&str> for Map<V>
where
    (Text, V): Table,
{
    type Output = V;

    fn index(&self, name: &str) -> &V {
        self.get(name)
            .unwrap_or_else(|| panic!("no `{name}` in the type map"))
    }
}
/// Which openstack-heat releases the types were read from.
#[derive(Debug)]
pub struct HeatReleases {
    /// The release whose schemas decide (the newest read).
    pub follows: Text,
    /// Every release read, newest first.
    pub releases: Slice<Text>,
}

/// Where the Contrail facts come from.
#[derive(Debug)]
pub struct ContrailSource {
    /// The repository the plugins are in.
    pub repository: Text,
    /// The commit read.
    pub commit: Text,
}

/// A value type of Heat's property schemas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    /// Updated in place.
    Allowed,
    /// The resource is replaced.
    Replace,
    /// The update fails.
    Immutable,
}

/// Heat's support status of a type, property or attribute, when it is not plainly supported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal {
    /// `true`/`false`.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A number with a fraction.
    Float(f64),
    /// Text.
    Str(Text),
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
#[derive(Debug)]
pub struct PropertySchema {
    /// Its value type.
    pub kind: Kind,
    /// Heat refuses a resource without it (it has no default).
    pub required: bool,
    /// What an update changing it does.
    pub update: Update,
    /// A map also takes text or a list, a list also takes comma-separated text.
    pub conversion: bool,
    /// False for a property Heat declares but refuses to take.
    pub implemented: bool,
    /// Its support status.
    pub status: Option<Status>,
    /// The values it allows.
    pub allowed: Option<Slice<Literal>>,
    /// Inclusive bounds of a number.
    pub range: Option<[Option<f64>; 2]>,
    /// Inclusive bounds of a length (characters, items or keys).
    pub length: Option<[Option<f64>; 2]>,
    /// A regular expression a text must match from start to end.
    pub pattern: Option<Text>,
    /// Heat's custom constraints (`ip_addr`, `neutron.network`, …).
    pub custom: Option<Slice<Text>>,
    /// The keys of a map with a fixed schema.
    pub keys: Option<Map<PropertySchema>>,
    /// The schema of every item of a list: its place in `ITEMS` (read by [`Self::items`]).
    items: Option<u32>,
}

impl PropertySchema {
    /// The schema of every item of a list.
    pub fn items(&self) -> Option<&'static PropertySchema> {
        self.items.map(|at| &ITEMS[at as usize])
    }
}

/// One attribute a type offers to `get_attr`.
#[derive(Debug)]
pub struct AttributeSchema {
    /// Its value type, when Heat states one.
    pub kind: Option<Text>,
    /// Its support status.
    pub status: Option<Status>,
}

/// A deprecated property path that Heat moves to a current one before validating.
#[derive(Debug)]
pub struct Rename {
    /// The old path (`["network_id"]`, `["fixed_ips", "subnet_id"]`).
    pub from: Slice<Text>,
    /// The current path.
    pub to: Slice<Text>,
}

/// One resource type.
#[derive(Debug)]
pub struct ResourceType {
    /// Heat's support status.
    pub status: Option<Status>,
    /// The release the status took effect.
    pub status_since: Option<Text>,
    /// A stand-in Heat keeps for a retired service: it takes any property and attribute.
    pub placeholder: bool,
    /// Only the name is recorded (a type of an older plugin release): anything is
    /// taken.
    pub open: bool,
    /// Its properties.
    pub properties: Map<PropertySchema>,
    /// Its attributes (including `show`).
    pub attributes: Map<AttributeSchema>,
    /// The type answers attributes itself (groups: their members' attributes; software
    /// deployments: their config's outputs), so Heat accepts any name until it runs.
    pub custom_attributes: bool,
    /// Deprecated property paths Heat translates.
    pub renamed: Slice<Rename>,
    /// The openstack-heat releases defining it, newest first (empty for Contrail types).
    pub releases: Slice<Text>,
    /// The release its schema was read from, when older than the one the types follow.
    pub schema_from: Option<Text>,
    /// `contrail` for the Contrail plugin's types.
    pub vendor: Option<Text>,
}

impl ResourceType {
    /// True when Heat takes any property and attribute (or the types cannot tell).
    pub fn takes_anything(&self) -> bool {
        self.placeholder || self.open
    }

    /// True when Heat may answer `get_attr` of `name`: one of its attributes, or any name for
    /// a type that answers attributes itself.
    pub fn has_attribute(&self, name: &str) -> bool {
        self.takes_anything() || self.custom_attributes || self.attributes.contains_key(name)
    }
}

/// The whole heat_types.
#[derive(Debug)]
pub struct HeatTypes {
    /// The openstack-heat releases read.
    pub heat: HeatReleases,
    /// Where the Contrail facts come from, when the data holds Contrail types.
    pub contrail: Option<ContrailSource>,
    /// Heat's default environment: old names mapped to current ones (`OS::Quantum*`).
    pub aliases: Map<Text>,
    /// Every type by name.
    pub types: Map<ResourceType>,
}

/// A type name resolved through the heat_types.
#[derive(Clone, Copy, Debug)]
pub struct Known<'c> {
    /// The type's name after Heat's default aliases (`OS::Aodh::Alarm` for
    /// `OS::Ceilometer::Alarm`).
    pub name: &'c str,
    /// The type.
    pub resource_type: &'c ResourceType,
}

impl HeatTypes {
    /// The types compiled into the binary.
    pub fn get() -> &'static HeatTypes {
        &HEAT_TYPES
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
        let (key, resource_type) = self.types.get_key_value(&target)?;
        Some(Known {
            name: key,
            resource_type,
        })
    }

    /// The name an alias of Heat's default environment maps `name` to (a trailing `*` maps
    /// every name with that prefix).
    fn alias_of(&self, name: &str) -> Option<String> {
        if let Some(target) = self.aliases.get(name) {
            return Some(target.to_string());
        }
        self.aliases.iter().find_map(|(key, target)| {
            let prefix = key.strip_suffix('*')?;
            let rest = name.strip_prefix(prefix)?;
            Some(format!("{}{rest}", target.strip_suffix('*')?))
        })
    }

    /// Every name a template may use: the types and the aliases (globs excluded).
    pub fn names(&self) -> impl Iterator<Item = &'static str> {
        self.types
            .keys()
            .chain(self.aliases.keys())
            .filter(|name| !name.ends_with('*'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every type, property (at every depth), attribute and alias of the data files is in
    /// the compiled types with the same facts: `build.rs` drops nothing.
    #[test]
    fn the_compiled_statics_hold_every_fact_of_the_data_files() {
        fn same_schema(at: &str, json: &serde_json::Value, property: &PropertySchema) {
            let kind = json["type"].as_str().unwrap();
            let expected = if kind == "any" { "any value" } else { kind };
            assert_eq!(property.kind.name(), expected, "{at}");
            let flag = |key: &str, default: bool| json.get(key).map_or(default, |v| v == true);
            assert_eq!(property.required, flag("required", false), "{at}");
            assert_eq!(property.implemented, flag("implemented", true), "{at}");
            assert_eq!(property.conversion, flag("conversion", false), "{at}");
            let pattern = json.get("pattern").and_then(|p| p.as_str());
            assert_eq!(property.pattern.as_deref(), pattern, "{at}");
            let allowed = json.get("allowed").map(|a| {
                let texts = a.as_array().unwrap().iter().map(|l| l.as_str());
                texts.collect::<Vec<_>>()
            });
            let compiled = property.allowed.map(|a| {
                let texts = a.iter().map(|l| match l {
                    Literal::Str(s) => Some(s.as_str()),
                    _ => None,
                });
                texts.collect::<Vec<_>>()
            });
            assert_eq!(compiled, allowed, "{at}");
            let custom = json.get("custom").map(|c| c.as_array().unwrap().len());
            assert_eq!(property.custom.map(|c| c.len()), custom, "{at}");
            match (json.get("keys"), &property.keys) {
                (Some(json), Some(keys)) => same_schemas(at, json, keys),
                (None, None) => {}
                _ => panic!("{at}: keys"),
            }
            match (json.get("items"), property.items()) {
                (Some(json), Some(item)) => same_schema(&format!("{at}.items"), json, item),
                (None, None) => {}
                _ => panic!("{at}: items"),
            }
        }
        fn same_schemas(at: &str, json: &serde_json::Value, compiled: &Map<PropertySchema>) {
            let json = json.as_object().unwrap();
            assert_eq!(json.len(), compiled.len(), "{at}");
            for (name, schema) in json {
                let at = format!("{at}.{name}");
                let property = compiled.get(name).unwrap_or_else(|| panic!("{at}"));
                same_schema(&at, schema, property);
            }
        }
        let heat_types = HeatTypes::get();
        let mut types = 0;
        for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/data")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let json: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for (name, target) in json["aliases"].as_object().into_iter().flatten() {
                assert_eq!(
                    heat_types.aliases.get(name).map(|t| t.as_str()),
                    target.as_str(),
                    "{name}"
                );
            }
            for (name, definition) in json["types"].as_object().into_iter().flatten() {
                types += 1;
                let compiled = heat_types
                    .types
                    .get(name)
                    .unwrap_or_else(|| panic!("{name}"));
                if definition.get("open").is_some_and(|o| o == true) && !compiled.open {
                    continue;
                }
                same_schemas(
                    name,
                    definition
                        .get("properties")
                        .unwrap_or(&serde_json::json!({})),
                    &compiled.properties,
                );
                let attributes = definition.get("attributes").and_then(|a| a.as_object());
                assert_eq!(
                    compiled.attributes.len(),
                    attributes.map_or(0, |a| a.len()),
                    "{name}"
                );
                for attribute in attributes.into_iter().flat_map(|a| a.keys()) {
                    assert!(
                        compiled.attributes.contains_key(attribute),
                        "{name}.{attribute}"
                    );
                }
            }
        }
        assert!(types >= heat_types.types.len(), "{types}");
    }

    #[test]
    fn the_built_in_data_parses_and_names_its_sources() {
        let heat_types = HeatTypes::get();
        assert!(!heat_types.heat.follows.is_empty());
        assert_eq!(heat_types.heat.releases[0], heat_types.heat.follows);
        assert!(!heat_types.contrail.as_ref().unwrap().commit.is_empty());
        assert!(heat_types.types.len() > 150, "{}", heat_types.types.len());
    }

    #[test]
    fn server_and_port_schemas_hold_heats_facts() {
        let heat_types = HeatTypes::get();
        let server = heat_types
            .resolve("OS::Nova::Server")
            .unwrap()
            .resource_type;
        let flavor = &server.properties["flavor"];
        assert_eq!(flavor.kind, Kind::String);
        assert!(flavor.required);
        assert_eq!(flavor.update, Update::Allowed);
        let networks = &server.properties["networks"];
        assert_eq!(networks.kind, Kind::List);
        let item = networks.items().unwrap();
        assert!(item.keys.as_ref().unwrap().contains_key("port"));
        assert!(server.has_attribute("first_address"));
        assert!(server.has_attribute("show"));
        assert!(!server.has_attribute("first_adress"));
        let port = heat_types
            .resolve("OS::Neutron::Port")
            .unwrap()
            .resource_type;
        assert!(port.properties["network"].required);
        assert!(
            port.renamed
                .iter()
                .any(|r| *r.from == ["network_id"] && *r.to == ["network"])
        );
    }

    #[test]
    fn default_aliases_and_globs_resolve() {
        let heat_types = HeatTypes::get();
        let alarm = heat_types.resolve("OS::Ceilometer::Alarm").unwrap();
        assert_eq!(alarm.name, "OS::Aodh::Alarm");
        let net = heat_types.resolve("OS::Quantum::Net").unwrap();
        assert_eq!(net.name, "OS::Neutron::Net");
        assert!(heat_types.resolve("OS::Nova::Sever").is_none());
        assert!(heat_types.names().any(|n| n == "OS::Ceilometer::Alarm"));
        assert!(!heat_types.names().any(|n| n.ends_with('*')));
    }

    #[test]
    fn groups_answer_member_attributes_and_placeholders_anything() {
        let heat_types = HeatTypes::get();
        let group = heat_types.resolve("OS::Heat::ResourceGroup").unwrap();
        assert!(group.resource_type.custom_attributes);
        assert!(group.resource_type.attributes.contains_key("refs"));
        let port = heat_types.resolve("OS::Neutron::Port").unwrap();
        assert!(!port.resource_type.custom_attributes);
        let none = heat_types.resolve("OS::Heat::None").unwrap();
        assert!(none.resource_type.takes_anything());
    }

    #[test]
    fn contrail_types_onap_uses_are_known() {
        let heat_types = HeatTypes::get();
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
            let known = heat_types.resolve(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(known.resource_type.vendor.as_deref(), Some("contrail"));
        }
        let ip = heat_types.resolve("OS::ContrailV2::InstanceIp").unwrap();
        assert!(ip.resource_type.properties.contains_key("subnet_uuid"));
    }

    #[test]
    fn every_contrail_type_of_the_plugin_has_its_schema() {
        let heat_types = HeatTypes::get();
        assert_eq!(
            heat_types.contrail.as_ref().map(|c| c.repository.as_str()),
            Some("tungstenfabric/tf-heat-plugin")
        );
        let contrail: Vec<&ResourceType> = heat_types
            .types
            .iter()
            .map(|(_, t)| t)
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
        let vmi = heat_types
            .resolve("OS::ContrailV2::VirtualMachineInterface")
            .unwrap()
            .resource_type;
        let properties = &vmi.properties["virtual_machine_interface_properties"];
        let mirror = &properties.keys.as_ref().unwrap()["virtual_machine_interface_properties_interface_mirror"];
        assert!(mirror.keys.is_some(), "deeper levels are read too");
        let policy = heat_types
            .resolve("OS::Contrail::NetworkPolicy")
            .unwrap()
            .resource_type;
        assert!(policy.properties["entries"].required);
    }
}
