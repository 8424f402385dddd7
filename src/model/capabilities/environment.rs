//! Environment files merged as Heat merges `-e a.yaml -e b.yaml`: later files win, per
//! `parameter_merge_strategies` values may be merged instead, registries merge by type.
//!
//! Heat's engine merges `parameters` and `parameter_defaults` value by value: a parameter no
//! template declares is kept from the first file that sets it and ignored in later ones; a
//! parameter's strategy (`overwrite`, `merge`, `deep_merge`; the file's `default`, else
//! `overwrite`) is fixed by the first file that sets it, and a later file asking for another
//! is an error. Merging joins strings, adds numbers, appends lists (or joins
//! comma-delimited strings with `,`) and updates maps (recursively for `deep_merge`).
//! Every other section merges by key, later files winning, and `null` values are skipped.

use std::collections::{BTreeMap, HashMap};

use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Key, Mapping, Node, Value};
use crate::model::hot::{FileId, HotSet};

use super::problem::{Problem, ProblemKind};
use super::registry::{RegistryEntry, RegistryValue};

/// A value an environment sets, with the file and place that set it last.
#[derive(Clone, Debug, PartialEq)]
pub struct EnvValue {
    /// The value (merged values carry no position of their own).
    pub node: Node,
    /// The file that set it last.
    pub env: FileId,
    /// Where that file sets it.
    pub span: Span,
}

/// Several environment files merged into one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MergedEnvironment {
    /// The files, in merge order.
    pub files: Vec<FileId>,
    /// `parameters:` values.
    pub parameters: BTreeMap<String, EnvValue>,
    /// `parameter_defaults:` values (they reach nested templates too).
    pub parameter_defaults: BTreeMap<String, EnvValue>,
    /// Registry entries by type (or glob); `null` entries are kept so they can clear a type.
    pub registry: BTreeMap<String, RegistryEntry>,
    /// Per-resource registries by resource name (or glob), from the last file that has them.
    pub resources: BTreeMap<String, Vec<RegistryEntry>>,
    /// `requires:` filters.
    pub requires: BTreeMap<String, EnvValue>,
    /// `encrypted_param_names:` and `event_sinks:`, later files winning.
    pub other: BTreeMap<String, Node>,
}

/// A parameter's merge strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Strategy {
    Overwrite,
    Merge,
    DeepMerge,
}

impl Strategy {
    fn parse(text: &str) -> Option<Strategy> {
        match text {
            "overwrite" => Some(Strategy::Overwrite),
            "merge" => Some(Strategy::Merge),
            "deep_merge" => Some(Strategy::DeepMerge),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Strategy::Overwrite => "overwrite",
            Strategy::Merge => "merge",
            Strategy::DeepMerge => "deep_merge",
        }
    }
}

/// Declared parameter types of every template of a set (first declaration wins).
pub fn parameter_types(set: &HotSet) -> HashMap<String, String> {
    let mut types = HashMap::new();
    for template in set.templates() {
        for (name, definition) in template.parameters() {
            if let Some(kind) = definition.get("type").and_then(Node::as_str) {
                types
                    .entry(name.text.clone())
                    .or_insert_with(|| kind.to_owned());
            }
        }
    }
    types
}

/// Merges `files` (environment ids of `set`, in order) with their registries already read.
pub fn merge(
    set: &HotSet,
    files: &[FileId],
    registries: &BTreeMap<FileId, Vec<RegistryEntry>>,
    types: &HashMap<String, String>,
    problems: &mut Vec<Problem>,
) -> MergedEnvironment {
    let mut merged = MergedEnvironment {
        files: files.to_vec(),
        ..MergedEnvironment::default()
    };
    let mut strategies: HashMap<String, Strategy> = HashMap::new();
    for &id in files {
        let Some(env) = set.environment(id) else {
            continue;
        };
        let in_file = file_strategies(env.root);
        for (section, target) in [
            ("parameters", &mut merged.parameters),
            ("parameter_defaults", &mut merged.parameter_defaults),
        ] {
            let Some(values) = env.root.get(section).and_then(Node::as_map) else {
                continue;
            };
            let first = target.is_empty();
            for (name, value) in values.iter() {
                if value.is_null() {
                    continue;
                }
                let declared = types.get(&name.text);
                if declared.is_none() && !first {
                    continue;
                }
                let strategy = in_file
                    .get(name.text.as_str())
                    .copied()
                    .or(in_file.get("default").copied())
                    .unwrap_or(Strategy::Overwrite);
                let fixed = *strategies.entry(name.text.clone()).or_insert(strategy);
                if declared.is_some() && fixed != strategy {
                    problems.push(Problem {
                        kind: ProblemKind::Merge,
                        file: id,
                        span: name.span,
                        path: format!("{section}.{}", name.text),
                        message: format!(
                            "`{}` is merged with `{}` here but an earlier environment file set \
                             it with `{}`; Heat refuses conflicting strategies for one parameter",
                            name.text,
                            strategy.name(),
                            fixed.name()
                        ),
                    });
                    continue;
                }
                let combined = match (target.get(&name.text), fixed, declared) {
                    (Some(old), Strategy::Merge | Strategy::DeepMerge, Some(kind)) => {
                        match merge_value(&old.node, value, kind, fixed == Strategy::DeepMerge) {
                            Ok(node) => node,
                            Err(why) => {
                                problems.push(Problem {
                                    kind: ProblemKind::Merge,
                                    file: id,
                                    span: value.span,
                                    path: format!("{section}.{}", name.text),
                                    message: format!("`{}` cannot be merged: {why}", name.text),
                                });
                                continue;
                            }
                        }
                    }
                    _ => value.clone(),
                };
                target.insert(
                    name.text.clone(),
                    EnvValue {
                        node: combined,
                        env: id,
                        span: value.span,
                    },
                );
            }
        }
        if let Some(requires) = env.root.get("requires").and_then(Node::as_map) {
            for (name, value) in requires.iter().filter(|(_, v)| !v.is_null()) {
                merged.requires.insert(
                    name.text.clone(),
                    EnvValue {
                        node: value.clone(),
                        env: id,
                        span: value.span,
                    },
                );
            }
        }
        let entries = registries.get(&id).map(Vec::as_slice).unwrap_or_default();
        let mut per_resource: BTreeMap<String, Vec<RegistryEntry>> = BTreeMap::new();
        for entry in entries {
            match &entry.resource {
                Some(resource) => per_resource
                    .entry(resource.clone())
                    .or_default()
                    .push(entry.clone()),
                None => {
                    // Heat skips null values when merging files, but a lone file's null
                    // clears the type; keep it unless an earlier file mapped the type.
                    if entry.value == RegistryValue::Unset
                        && merged.registry.contains_key(&entry.key)
                    {
                        continue;
                    }
                    merged.registry.insert(entry.key.clone(), entry.clone());
                }
            }
        }
        if env
            .root
            .get("resource_registry")
            .and_then(|r| r.get("resources"))
            .is_some()
        {
            merged.resources = per_resource;
        }
        for section in ["encrypted_param_names", "event_sinks"] {
            if let Some(value) = env.root.get(section).filter(|v| !v.is_null()) {
                merged.other.insert(section.to_owned(), value.clone());
            }
        }
    }
    merged
}

/// A file's `parameter_merge_strategies`, unknown strategy names left out.
fn file_strategies(root: &Mapping) -> HashMap<&str, Strategy> {
    root.get("parameter_merge_strategies")
        .and_then(Node::as_map)
        .into_iter()
        .flat_map(Mapping::iter)
        .filter_map(|(k, v)| Some((k.text.as_str(), Strategy::parse(v.as_str()?)?)))
        .collect()
}

fn bare(value: Value) -> Node {
    Node {
        value,
        span: Span::default(),
    }
}

/// Merges `new` into `old` for a parameter of type `kind`.
fn merge_value(old: &Node, new: &Node, kind: &str, deep: bool) -> Result<Node, String> {
    match kind {
        "json" => match (&old.value, &new.value) {
            (Value::Map(a), Value::Map(b)) => Ok(bare(Value::Map(merge_maps(a, b, deep)))),
            _ => Err("a json parameter merges maps only".to_owned()),
        },
        "comma_delimited_list" => Ok(merge_lists(old, new)),
        "string" => match (&old.value, &new.value) {
            (Value::Str(a), Value::Str(b)) => Ok(bare(Value::Str(format!("{a}{b}")))),
            _ => Err("a string parameter merges strings only".to_owned()),
        },
        "number" => match (&old.value, &new.value) {
            (Value::Int(a), Value::Int(b)) => Ok(bare(match a.checked_add(*b) {
                Some(sum) => Value::Int(sum),
                None => Value::Float(*a as f64 + *b as f64),
            })),
            (Value::Int(_) | Value::Float(_), Value::Int(_) | Value::Float(_)) => {
                Ok(bare(Value::Float(number(old) + number(new))))
            }
            _ => Err("a number parameter merges numbers only".to_owned()),
        },
        other => Err(format!(
            "Heat merges string, number, comma_delimited_list and json parameters, not {other}"
        )),
    }
}

fn number(node: &Node) -> f64 {
    match node.value {
        Value::Int(i) => i as f64,
        Value::Float(f) => f,
        _ => 0.0,
    }
}

/// Lists append; comma-delimited strings join with `,`.
fn merge_lists(old: &Node, new: &Node) -> Node {
    match (&old.value, &new.value) {
        (Value::Seq(a), Value::Seq(b)) => {
            bare(Value::Seq(a.iter().chain(b.iter()).cloned().collect()))
        }
        (Value::Str(a), Value::Str(b)) if a.is_empty() => bare(Value::Str(b.clone())),
        (Value::Str(a), Value::Str(b)) => bare(Value::Str(format!("{a},{b}"))),
        _ => new.clone(),
    }
}

/// Updates `old` with `new`'s non-null entries; `deep` merges maps, lists and strings inside.
fn merge_maps(old: &Mapping, new: &Mapping, deep: bool) -> Mapping {
    let mut out = old.clone();
    for (key, value) in new.iter() {
        if value.is_null() {
            continue;
        }
        let combined = match (deep, out.get(&key.text)) {
            (true, Some(previous)) => match (&previous.value, &value.value) {
                (Value::Map(a), Value::Map(b)) => bare(Value::Map(merge_maps(a, b, true))),
                (Value::Seq(_), Value::Seq(_)) => merge_lists(previous, value),
                (Value::Str(a), Value::Str(b)) => bare(Value::Str(format!("{a}{b}"))),
                _ => value.clone(),
            },
            _ => value.clone(),
        };
        out.insert(
            Key {
                text: key.text.clone(),
                span: key.span,
            },
            combined,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;

    fn node(text: &str) -> Node {
        parse(text.as_bytes(), &YamlLimits::default()).unwrap().root
    }

    #[test]
    fn values_merge_by_type() {
        let s = merge_value(&node("a"), &node("b"), "string", false).unwrap();
        assert_eq!(s.as_str(), Some("ab"));
        let n = merge_value(&node("2"), &node("3"), "number", false).unwrap();
        assert_eq!(n.value, Value::Int(5));
        let l = merge_value(&node("[a]"), &node("[b, c]"), "comma_delimited_list", false).unwrap();
        assert_eq!(l.as_seq().unwrap().len(), 3);
        let c = merge_value(&node("a,b"), &node("c"), "comma_delimited_list", false).unwrap();
        assert_eq!(c.as_str(), Some("a,b,c"));
        assert!(merge_value(&node("true"), &node("false"), "boolean", false).is_err());
    }

    #[test]
    fn maps_merge_shallow_or_deep() {
        let old = node("a: {x: 1, l: [1]}\nb: keep\ns: ab\n");
        let new = node("a: {y: 2, l: [2]}\nc: 3\ns: cd\nz: null\n");
        let shallow = merge_value(&old, &new, "json", false).unwrap();
        assert_eq!(shallow.get("a").unwrap().as_map().unwrap().len(), 2);
        assert!(shallow.get("a").unwrap().get("x").is_none());
        assert_eq!(shallow.get("s").unwrap().as_str(), Some("cd"));
        assert!(shallow.get("z").is_none());
        let deep = merge_value(&old, &new, "json", true).unwrap();
        let a = deep.get("a").unwrap();
        assert!(a.get("x").is_some() && a.get("y").is_some());
        assert_eq!(a.get("l").unwrap().as_seq().unwrap().len(), 2);
        assert_eq!(deep.get("s").unwrap().as_str(), Some("abcd"));
        assert_eq!(deep.get("b").unwrap().as_str(), Some("keep"));
    }
}
