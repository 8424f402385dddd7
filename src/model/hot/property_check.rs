//! A resource's `properties:` checked against its type's schema in Heat's types, as Heat's
//! `Properties.validate` checks them before it creates anything: unknown names, required
//! properties left out, literals of the wrong type and values outside the allowed ones,
//! down through maps with a fixed schema and list items.
//!
//! Literals are judged, and the value a plain `get_param` gives when the stack is created
//! (the environment file's, else the parameter's default), which Heat checks before it
//! creates anything; any other function's result (`str_replace`, `if`, `get_attr`, …) is
//! Heat's to check at deployment. A `null` value is taken as not given.

use std::fmt::Write;

use super::arguments::is_call;
use super::custom_constraint;
use super::heat_types::{Kind, Literal, Map, PropertySchema, Rename, ResourceType, Text};
use super::lookalike::closest;
use super::parameters::{Number, Patterns, python_text, shown};
use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Mapping, Node, Value};

/// Which check a problem belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// A name the schema does not have (or one Heat declares but does not implement).
    Unknown,
    /// A required property left out.
    Required,
    /// A literal of the wrong type, or outside the allowed values, range, length or pattern.
    Value,
}

/// One thing Heat would refuse about a resource's properties.
#[derive(Clone, Debug)]
pub struct PropertyProblem {
    /// Which check found it.
    pub kind: ProblemKind,
    /// Where it is written.
    pub span: Span,
    /// Dotted key path of the place.
    pub path: String,
    /// What is wrong, for the report.
    pub message: String,
    /// The parameter value a `get_param` gave the property, when that value is at fault.
    pub via: Option<Via>,
}

/// A parameter's value as `get_param` gives it when the stack is created: the environment
/// file's, else the template's default.
#[derive(Clone, Copy, Debug)]
pub struct ParamValue<'n> {
    /// The value as written.
    pub node: &'n Node,
    /// The file it is written in (relative to the input root).
    pub file: &'n str,
    /// Where in that file.
    pub source: ValueSource,
}

/// Which entry gives a parameter its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueSource {
    /// The environment file's `parameters:`.
    Parameters,
    /// The environment file's `parameter_defaults:`.
    ParameterDefaults,
    /// The template's `default:`.
    Default,
}

impl ValueSource {
    /// The dotted path of the parameter's value in its file.
    fn path(self, parameter: &str) -> String {
        match self {
            ValueSource::Parameters => format!("parameters.{parameter}"),
            ValueSource::ParameterDefaults => format!("parameter_defaults.{parameter}"),
            ValueSource::Default => format!("parameters.{parameter}.default"),
        }
    }
}

/// Where a value at fault is written, when a `get_param` brought it to the property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Via {
    /// The parameter.
    pub parameter: String,
    /// The file the value is written in.
    pub file: String,
    /// Where.
    pub span: Span,
    /// Its dotted path in that file.
    pub path: String,
}

/// The resource whose properties are checked.
#[derive(Clone, Copy, Debug)]
pub struct Subject<'a> {
    /// The resource's name.
    pub resource: &'a str,
    /// Its type as written.
    pub written: &'a str,
    /// The dotted path of its definition (`resources.web`).
    pub owner: &'a str,
    /// Where to report required properties left out.
    pub at: Span,
}

/// Most allowed values spelt out in one message.
const LISTED: usize = 12;

/// Checks `properties` (the value of the definition's `properties:`, absent when it has
/// none) of `subject` against `resource_type`; `parameter` gives the value a `get_param` of a
/// parameter would take at create, when it is known.
pub fn check<'n>(
    subject: Subject<'_>,
    resource_type: &ResourceType,
    properties: Option<&'n Mapping>,
    parameter: &dyn Fn(&str) -> Option<ParamValue<'n>>,
    patterns: &mut Patterns,
) -> Vec<PropertyProblem> {
    let mut walker = Walker {
        subject,
        renames: resource_type.renamed.as_slice(),
        parameter,
        patterns,
        steps: Vec::new(),
        names: Vec::new(),
        out: Vec::new(),
    };
    walker.check_map(properties, &resource_type.properties, subject.at);
    walker.out
}

/// One step of the key path below `properties`.
#[derive(Clone, Copy)]
enum Step<'n> {
    Key(&'n str),
    Index(usize),
}

struct Walker<'w, 'n> {
    subject: Subject<'w>,
    renames: &'w [Rename],
    parameter: &'w dyn Fn(&str) -> Option<ParamValue<'n>>,
    patterns: &'w mut Patterns,
    /// Where the walk is (the dotted path is written only for a problem).
    steps: Vec<Step<'n>>,
    /// The schema path so far: the keys of `steps`, list positions left out.
    names: Vec<&'n str>,
    out: Vec<PropertyProblem>,
}

impl<'n> Walker<'_, 'n> {
    fn path(&self) -> String {
        let mut path = format!("{}.properties", self.subject.owner);
        for step in &self.steps {
            let _ = match step {
                Step::Key(key) => write!(path, ".{key}"),
                Step::Index(i) => write!(path, ".{i}"),
            };
        }
        path
    }

    fn problem(&mut self, kind: ProblemKind, span: Span, message: String) {
        let path = self.path();
        self.out.push(PropertyProblem {
            kind,
            span,
            path,
            message,
            via: None,
        });
    }

    /// A map of named properties: the resource's own, or a map property's keys.
    fn check_map(&mut self, map: Option<&'n Mapping>, schema: &Map<PropertySchema>, at: Span) {
        for (key, value) in map.into_iter().flat_map(Mapping::iter) {
            self.steps.push(Step::Key(&key.text));
            match schema.get(&key.text) {
                None => {
                    let hint = closest(&key.text, schema.keys())
                        .map(|k| format!("; did you mean `{k}`?"))
                        .unwrap_or_default();
                    let message = format!(
                        "`{}` is not a property of {}{}{hint}",
                        key.text,
                        self.subject.written,
                        place(&self.names)
                    );
                    self.problem(ProblemKind::Unknown, key.span, message);
                }
                Some(property) if !property.implemented => {
                    let message = format!(
                        "{} declares `{}` but does not implement it: Heat refuses it",
                        self.subject.written, key.text
                    );
                    self.problem(ProblemKind::Unknown, key.span, message);
                }
                Some(property) => {
                    self.names.push(&key.text);
                    self.check_value(value, property);
                    self.names.pop();
                }
            }
            self.steps.pop();
        }
        let mut missing: Vec<&str> = schema
            .iter()
            .filter(|(name, property)| {
                property.required
                    && map.and_then(|m| m.get(name)).is_none()
                    && !self.renamed_from_given(name, map)
            })
            .map(|(name, _)| name)
            .collect();
        missing.sort_unstable();
        for name in missing {
            let message = format!(
                "`{}` lacks the property `{name}`{}, which {} requires",
                self.subject.resource,
                place(&self.names),
                self.subject.written
            );
            self.problem(ProblemKind::Required, at, message);
        }
    }

    /// True when the old name Heat moves to `name` (at the current schema path) is given.
    fn renamed_from_given(&self, name: &str, map: Option<&Mapping>) -> bool {
        let Some(map) = map else {
            return false;
        };
        let names = &self.names;
        let depth = names.len();
        let under = |path: &[Text]| {
            path.len() == depth + 1 && path[..depth].iter().zip(names).all(|(a, b)| a == b)
        };
        self.renames.iter().any(|rename| {
            under(&rename.to)
                && under(&rename.from)
                && rename.to[depth] == name
                && map.get(&rename.from[depth]).is_some()
        })
    }

    fn check_value(&mut self, node: &'n Node, property: &PropertySchema) {
        if node.is_null() {
            return;
        }
        if is_call(node) {
            self.check_parameter_value(node, property);
            return;
        }
        let name = self.names.last().copied().unwrap_or_default();
        if let Some(message) = self.value_problem(node, property, name) {
            self.problem(ProblemKind::Value, node.span, message);
            if !takes(property, &node.value) {
                return;
            }
        }
        match (&node.value, property.kind) {
            (Value::Map(map), Kind::Map) => {
                if let Some(keys) = &property.keys {
                    self.check_map(Some(map), keys, node.span);
                }
            }
            (Value::Seq(items), Kind::List) => {
                if let Some(item) = property.items() {
                    for (i, value) in items.iter().enumerate() {
                        self.steps.push(Step::Index(i));
                        self.check_value(value, item);
                        self.steps.pop();
                    }
                }
            }
            _ => {}
        }
    }

    /// What Heat refuses about a literal: its type, else the constraint it breaks.
    fn value_problem(
        &mut self,
        node: &Node,
        property: &PropertySchema,
        name: &str,
    ) -> Option<String> {
        if !takes(property, &node.value) {
            return Some(format!(
                "`{name}` of {} must be {}, not {}",
                self.subject.written,
                kind_phrase(property),
                shown_value(&node.value)
            ));
        }
        self.constraint_problem(node, property, name)
    }

    /// A plain `get_param` whose value at create is known: Heat checks that value against
    /// the property as it would a literal.
    fn check_parameter_value(&mut self, call: &'n Node, property: &PropertySchema) {
        let Some(parameter) = get_param_name(call) else {
            return;
        };
        let Some(value) = (self.parameter)(parameter) else {
            return;
        };
        if value.node.is_null() || is_call(value.node) {
            return;
        }
        let name = self.names.last().copied().unwrap_or_default();
        let Some(problem) = self.value_problem(value.node, property, name) else {
            return;
        };
        let message = format!(
            "`{}` takes `{name}` from parameter `{parameter}` ({}): {problem}",
            self.subject.resource, value.file
        );
        let path = self.path();
        self.out.push(PropertyProblem {
            kind: ProblemKind::Value,
            span: call.span,
            path,
            message,
            via: Some(Via {
                parameter: parameter.to_owned(),
                file: value.file.to_owned(),
                span: value.node.span,
                path: value.source.path(parameter),
            }),
        });
    }

    /// The allowed values, range, length, pattern or custom constraint a literal breaks.
    fn constraint_problem(
        &mut self,
        node: &Node,
        property: &PropertySchema,
        name: &str,
    ) -> Option<String> {
        let value = &node.value;
        if let Some(allowed) = property.allowed
            && !is_allowed(property.kind, value, &allowed)
        {
            let mut listed = String::new();
            for (i, literal) in allowed.iter().take(LISTED).enumerate() {
                let _ = write!(listed, "{}{literal}", if i > 0 { ", " } else { "" });
            }
            if allowed.len() > LISTED {
                let _ = write!(listed, ", … ({} in all)", allowed.len());
            }
            // Heat judges a list item by item: name the first item it refuses.
            let refused = match value {
                Value::Seq(items) => items
                    .iter()
                    .find(|item| !item_allowed(item, &allowed))
                    .map_or_else(
                        || shown_value(value),
                        |item| format!("the item {}", shown_value(&item.value)),
                    ),
                _ => shown_value(value),
            };
            return Some(format!(
                "{refused} is not an allowed value of `{name}` of {}; allowed: {listed}",
                self.subject.written
            ));
        }
        if let Some([min, max]) = property.range
            && matches!(property.kind, Kind::Integer | Kind::Number)
            && let Some(number) = number_of(value)
            && (min.is_some_and(|m| number < m) || max.is_some_and(|m| number > m))
        {
            return Some(format!(
                "`{name}` of {} is {}, outside {}",
                self.subject.written,
                shown_value(value),
                bounds(min, max)
            ));
        }
        if let Some([min, max]) = property.length {
            let length = match value {
                Value::Str(s) if property.kind == Kind::String => Some(s.chars().count()),
                Value::Seq(items) if property.kind == Kind::List => Some(items.len()),
                Value::Map(map) if property.kind == Kind::Map => Some(map.len()),
                _ => None,
            };
            if let Some(length) = length {
                let n = length as f64;
                if min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m) {
                    return Some(format!(
                        "`{name}` of {} has length {length}, outside {}",
                        self.subject.written,
                        bounds(min, max)
                    ));
                }
            }
        }
        if let (Some(custom), Value::Str(text), Kind::String) =
            (property.custom, value, property.kind)
            && let Some(problem) = custom
                .iter()
                .find_map(|c| custom_constraint::problem(c, text))
        {
            return Some(format!("`{name}` of {}: {problem}", self.subject.written));
        }
        if let (Some(pattern), Value::Str(text), Kind::String) =
            (property.pattern, value, property.kind)
            && let Ok(regex) = self.patterns.compile(&pattern)
            && !matches!(regex.find(text), Ok(Some(m)) if m.end() == text.len())
        {
            return Some(format!(
                "`{name}` of {} is {}, which does not match the pattern `{pattern}`",
                self.subject.written,
                shown_value(value)
            ));
        }
        None
    }
}

/// The parameter a plain `{get_param: name}` (or `[name]`) reads.
fn get_param_name(call: &Node) -> Option<&str> {
    let map = call.as_map()?;
    let args = map.get("get_param")?;
    match &args.value {
        Value::Str(name) => Some(name),
        Value::Seq(items) if items.len() == 1 => items[0].as_str(),
        _ => None,
    }
}

/// Where a nested key sits, for messages (`` in `networks` ``).
fn place(names: &[&str]) -> String {
    match names.last() {
        Some(parent) => format!(" (in `{parent}`)"),
        None => String::new(),
    }
}

/// True when Heat's conversion for the property's type takes the literal
/// (`properties.Property.get_value`).
fn takes(property: &PropertySchema, value: &Value) -> bool {
    match property.kind {
        Kind::Any => true,
        // `str()` of a boolean or an integer is accepted; a float is refused.
        Kind::String => matches!(value, Value::Str(_) | Value::Int(_) | Value::Bool(_)),
        // `int()`: whole numbers, booleans, floats (truncated) and integer text.
        Kind::Integer => match value {
            Value::Int(_) | Value::Bool(_) | Value::Float(_) => true,
            Value::Str(s) => matches!(Number::from_text(s), Some(Number::Int(_))),
            _ => false,
        },
        Kind::Number => match value {
            Value::Int(_) | Value::Bool(_) | Value::Float(_) => true,
            Value::Str(s) => Number::from_text(s).is_some(),
            _ => false,
        },
        Kind::Boolean => match value {
            Value::Bool(_) => true,
            Value::Str(s) => s.eq_ignore_ascii_case("true") || s.eq_ignore_ascii_case("false"),
            _ => false,
        },
        Kind::Map => match value {
            Value::Map(_) => true,
            Value::Str(_) | Value::Seq(_) => property.conversion,
            _ => false,
        },
        Kind::List => match value {
            Value::Seq(_) => true,
            Value::Str(_) => property.conversion,
            _ => false,
        },
    }
}

/// The type as a message names it.
fn kind_phrase(property: &PropertySchema) -> String {
    let base = match property.kind {
        Kind::String => "text",
        Kind::Integer => "an integer",
        Kind::Number => "a number",
        Kind::Boolean => "true or false",
        Kind::Map => "a map",
        Kind::List => "a list",
        Kind::Any => "a value",
    };
    match (property.kind, property.conversion) {
        (Kind::Map, true) => "a map (or text or a list)".to_owned(),
        (Kind::List, true) => "a list (or comma-separated text)".to_owned(),
        _ => base.to_owned(),
    }
}

/// A literal as a message shows it.
fn shown_value(value: &Value) -> String {
    match value {
        Value::Float(_) => format!("the number {}", shown(value)),
        Value::Int(_) => format!("the number {}", shown(value)),
        Value::Bool(b) => format!("the boolean {b}"),
        _ => shown(value),
    }
}

/// A literal as a number, as Heat's `int()`/`float()` conversions read it.
fn number_of(value: &Value) -> Option<f64> {
    match value {
        Value::Bool(b) => Some(if *b { 1.0 } else { 0.0 }),
        other => Number::from_value(other).map(Number::as_f64),
    }
}

/// Inclusive bounds in words.
fn bounds(min: Option<f64>, max: Option<f64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => format!("{a}..{b}"),
        (Some(a), None) => format!("at least {a}"),
        (None, Some(b)) => format!("at most {b}"),
        (None, None) => "any".to_owned(),
    }
}

/// Heat's `AllowedValues`: a list's every item, else the value converted to the schema's
/// type. Comparisons Heat would make between types it converts are left alone.
fn is_allowed(kind: Kind, value: &Value, allowed: &[Literal]) -> bool {
    match (kind, value) {
        (_, Value::Seq(items)) => items.iter().all(|item| item_allowed(item, allowed)),
        (Kind::String, Value::Str(text)) => {
            // Python's `str()` of an allowed integer is its plain decimal form.
            let whole = text.parse::<i64>().ok().filter(|n| n.to_string() == *text);
            allowed.iter().any(|a| match a {
                Literal::Str(s) => s == text,
                Literal::Int(i) => whole == Some(*i),
                Literal::Bool(_) | Literal::Float(_) => true,
            })
        }
        (Kind::String, _) => match python_text(value) {
            Some(text) => allowed.iter().any(|a| match a {
                Literal::Str(s) => *s == text,
                Literal::Int(i) => i.to_string() == text,
                // A boolean or float allowed value: Python's `str()` of it is not checked here.
                Literal::Bool(_) | Literal::Float(_) => true,
            }),
            None => true,
        },
        (Kind::Integer | Kind::Number, _) => match number_of(value) {
            Some(n) => allowed.iter().any(|a| match a {
                Literal::Int(i) => *i as f64 == n,
                Literal::Float(f) => *f == n,
                Literal::Bool(b) => f64::from(u8::from(*b)) == n,
                Literal::Str(s) => Number::from_text(s).is_some_and(|x| x.as_f64() == n),
            }),
            None => true,
        },
        _ => true,
    }
}

/// A list item Heat's `AllowedValues` takes (a function's result is Heat's to judge).
fn item_allowed(item: &Node, allowed: &[Literal]) -> bool {
    is_call(item) || item.is_null() || allowed.iter().any(|a| literal_equals(a, &item.value))
}

/// Python's `==` between an allowed literal and a list item.
fn literal_equals(allowed: &Literal, value: &Value) -> bool {
    match (allowed, value) {
        (Literal::Str(a), Value::Str(b)) => a == b,
        (Literal::Int(a), Value::Int(b)) => a == b,
        (Literal::Bool(a), Value::Bool(b)) => a == b,
        (Literal::Float(a), Value::Float(b)) => a == b,
        (Literal::Int(a), Value::Float(b)) | (Literal::Float(b), Value::Int(a)) => {
            (*a as f64) == *b
        }
        (Literal::Bool(a), Value::Int(b)) | (Literal::Int(b), Value::Bool(a)) => {
            i64::from(*a) == *b
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;
    use crate::model::hot::heat_types::HeatTypes;

    fn problems(resource_type: &str, properties: &str) -> Vec<(ProblemKind, String, String)> {
        let root = parse(properties.as_bytes(), &YamlLimits::default())
            .expect("test YAML parses")
            .root;
        let known = HeatTypes::get().resolve(resource_type).expect("known type");
        let mut patterns = Patterns::default();
        let subject = Subject {
            resource: "r",
            written: resource_type,
            owner: "resources.r",
            at: root.span,
        };
        let mut out: Vec<_> = check(
            subject,
            known.resource_type,
            root.as_map(),
            &|_| None,
            &mut patterns,
        )
        .into_iter()
        .map(|p| (p.kind, p.path, p.message))
        .collect();
        out.sort_by(|a, b| a.1.cmp(&b.1));
        out
    }

    #[test]
    fn a_complete_server_passes() {
        let found = problems(
            "OS::Nova::Server",
            "flavor: m1.small\nimage: {get_param: image}\nnetworks:\n  - port: {get_resource: p}\n",
        );
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn unknown_names_get_a_hint_and_required_ones_are_named() {
        let found = problems("OS::Nova::Server", "flavour: m1.small\n");
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].0, ProblemKind::Required);
        assert!(found[0].2.contains("`flavor`"), "{}", found[0].2);
        assert_eq!(found[1].0, ProblemKind::Unknown);
        assert_eq!(found[1].1, "resources.r.properties.flavour");
        assert!(
            found[1].2.contains("did you mean `flavor`?"),
            "{}",
            found[1].2
        );
    }

    #[test]
    fn nested_keys_and_list_items_are_checked() {
        let found = problems(
            "OS::Nova::Server",
            "flavor: f\nnetworks:\n  - netwrk: oam\n  - {get_param: extra}\n",
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, "resources.r.properties.networks.0.netwrk");
        assert!(
            found[0].2.contains("did you mean `network`?"),
            "{}",
            found[0].2
        );
    }

    #[test]
    fn heats_renames_satisfy_required_properties() {
        assert!(problems("OS::Neutron::Port", "network_id: {get_param: n}\n").is_empty());
        let found = problems("OS::Neutron::Port", "name: p\n");
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].2.contains("`network`"));
    }

    #[test]
    fn literals_follow_heats_conversions() {
        // Integer text and whole numbers pass; a map for a list, a float for text do not.
        assert!(problems("OS::Cinder::Volume", "size: \"10\"\n").is_empty());
        assert!(problems("OS::Cinder::Volume", "size: 10\n").is_empty());
        let found = problems("OS::Cinder::Volume", "size: ten\n");
        assert_eq!(found.len(), 1);
        assert!(found[0].2.contains("must be an integer"), "{}", found[0].2);
        let found = problems("OS::Nova::Server", "flavor: f\nnetworks: {port: p}\n");
        assert!(
            found[0].2.contains("must be a list, not a map"),
            "{found:?}"
        );
        let found = problems("OS::Nova::Server", "flavor: 1.5\n");
        assert!(
            found[0].2.contains("must be text, not the number 1.5"),
            "{found:?}"
        );
        assert!(problems("OS::Nova::Server", "flavor: 2\n").is_empty());
    }

    #[test]
    fn allowed_values_ranges_and_lengths() {
        let found = problems("OS::Neutron::Port", "network: n\nbinding:vnic_type: fast\n");
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].2.contains("`fast` is not an allowed value"),
            "{}",
            found[0].2
        );
        assert!(found[0].2.contains("\"normal\""), "{}", found[0].2);
        assert!(
            problems(
                "OS::Neutron::Port",
                "network: n\nbinding:vnic_type: direct\n"
            )
            .is_empty()
        );
        let found = problems("OS::Heat::RandomString", "length: 1024\n");
        assert!(found.iter().any(|p| p.2.contains("outside")), "{found:?}");
    }

    #[test]
    fn a_list_names_the_item_heat_refuses() {
        let found = problems(
            "OS::Contrail::ServiceTemplate",
            "image_name: fw\nservice_mode: in-network\nservice_type: firewall\n\
             service_interface_type_list: [management, left]\nshared_ip_list: ['False', on]\n",
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0]
                .2
                .starts_with("the item the boolean true is not an allowed value"),
            "{}",
            found[0].2
        );
    }

    #[test]
    fn contrail_schemas_are_checked_at_every_level() {
        let found = problems(
            "OS::ContrailV2::InterfaceRouteTable",
            "interface_route_table_routes:\n  interface_route_table_routes_route:\n    \
             - interface_route_table_routes_route_prefx: 10.0.0.0/8\n",
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, ProblemKind::Unknown);
        assert!(
            found[0]
                .2
                .contains("did you mean `interface_route_table_routes_route_prefix`"),
            "{}",
            found[0].2
        );
        let found = problems("OS::Contrail::PortTuple", "name: pt\nports: []\n");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, ProblemKind::Required);
        assert!(found[0].2.contains("`service_instance`"), "{}", found[0].2);
    }

    #[test]
    fn allowed_integers_match_their_decimal_text() {
        let rule = |protocol: &str| {
            problems(
                "OS::Neutron::SecurityGroup",
                &format!("rules:\n  - protocol: {protocol}\n"),
            )
        };
        assert!(rule("tcp").is_empty());
        assert!(rule("\"6\"").is_empty());
        assert!(rule("6").is_empty());
        assert_eq!(rule("\"06\"").len(), 1);
        assert_eq!(rule("\"600\"").len(), 1);
    }

    #[test]
    fn functions_and_nulls_are_left_to_heat() {
        assert!(
            problems(
                "OS::Nova::Server",
                "flavor: {get_param: f}\nnetworks: {get_param: n}\n"
            )
            .is_empty()
        );
        assert!(problems("OS::Nova::Server", "flavor: f\nkey_name: ~\n").is_empty());
    }
}
