//! Finds intrinsic function calls where Heat looks for them: resource definitions,
//! output definitions and the `conditions` section.

use crate::input::yaml::{Key, Node, Value};

use super::arguments;
use super::template::Template;
use super::version::{self, FunctionStatus, Version};

/// Which part of the template a call sits in; it decides which functions are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Inside a resource definition.
    Resource,
    /// Inside an output definition (its `value`; `condition` is [`Scope::Condition`]).
    Output,
    /// Inside the `conditions` section or a `condition:` key.
    Condition,
}

/// One single-key map whose key is a function name in some HOT version.
#[derive(Clone, Debug)]
pub struct Call<'a> {
    /// The function name as written.
    pub name: &'a Key,
    /// Its arguments.
    pub args: &'a Node,
    /// The whole `{name: args}` map.
    pub node: &'a Node,
    /// Dotted path of the map (`resources.server.properties.image`).
    pub path: String,
    /// Where it sits.
    pub scope: Scope,
    /// The resource, output or condition it belongs to.
    pub owner: &'a str,
    /// How many calls enclose this one.
    pub depth: usize,
}

impl Call<'_> {
    /// The function name.
    pub fn function(&self) -> &str {
        &self.name.text
    }
}

/// How Heat takes a call in a template of a given version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// A function of this version, usable where it is.
    Valid,
    /// A function this version rejects as removed (CFN functions, `Fn::Select`).
    Removed {
        /// The first version without it.
        since: Version,
    },
    /// A function of a later version.
    NotYet {
        /// The first version with it.
        since: Version,
    },
    /// A condition function (`equals`, `not`, `and`, `or`) outside conditions.
    ConditionOnly,
    /// A function that conditions cannot use.
    NotInConditions,
    /// Plain data that happens to use a function name as its only key (`{filter: web}` in a
    /// version without `filter`); Heat passes it on untouched.
    Data,
}

/// How Heat takes `call` in a template of `version`.
pub fn standing(call: &Call<'_>, version: Version) -> Standing {
    let name = call.function();
    let later = || match version::introduced(name) {
        Some(since) if since > version => Standing::NotYet { since },
        _ => Standing::Data,
    };
    if call.scope == Scope::Condition {
        if !version.has_conditions() {
            // The `condition:` key or `if` itself is what this version lacks.
            return Standing::Data;
        }
        if version.condition_function(name) {
            return Standing::Valid;
        }
        return match version.function(name) {
            FunctionStatus::Removed => removed(name),
            FunctionStatus::Available => Standing::NotInConditions,
            FunctionStatus::Unknown => later(),
        };
    }
    let standing = match version.function(name) {
        FunctionStatus::Available => return Standing::Valid,
        FunctionStatus::Removed => return removed(name),
        FunctionStatus::Unknown if version.has_conditions() && version::is_condition_only(name) => {
            Standing::ConditionOnly
        }
        FunctionStatus::Unknown => later(),
    };
    // A plain word (`filter`, `equals`) is only taken for a call when its arguments have
    // the function's shape; otherwise it is ordinary data in this version.
    let plain_word = !name.contains('_') && !name.contains(':');
    if plain_word && !arguments::fits(name, call.args) {
        Standing::Data
    } else {
        standing
    }
}

fn removed(name: &str) -> Standing {
    match version::removed_in(name) {
        Some(since) => Standing::Removed { since },
        None => Standing::Data,
    }
}

/// Every call in a template, in source order.
pub fn calls<'a>(template: &Template<'a>) -> Vec<Call<'a>> {
    single_key_maps(template).calls
}

/// The single-key maps of a template, found in one walk.
#[derive(Default)]
pub struct SingleKeyMaps<'a> {
    /// Maps whose key is a function name in some version, in source order.
    pub calls: Vec<Call<'a>>,
    /// Maps whose key is no function name in any version (`{get_parm: x}`, but also plain
    /// data such as `{port: 80}`), with the same places and scopes: the candidates for a
    /// misspelt function.
    pub others: Vec<Call<'a>>,
}

/// Walks resources, outputs and conditions once, sorting every single-key map into calls
/// and other maps.
pub fn single_key_maps<'a>(template: &Template<'a>) -> SingleKeyMaps<'a> {
    walk_template(template, None)
}

/// The calls of one function in a template, in source order; the walk names only those, so
/// it costs far less than [`calls`] (the loader looks for `get_file` this way).
pub fn calls_to<'a>(template: &Template<'a>, function: &str) -> Vec<Call<'a>> {
    walk_template(template, Some(function)).calls
}

/// Walks a template, keeping every single-key map, or only the calls of `only`.
fn walk_template<'a>(template: &Template<'a>, only: Option<&str>) -> SingleKeyMaps<'a> {
    let mut walker = Walker {
        found: SingleKeyMaps::default(),
        current: Vec::new(),
        pending: Vec::new(),
        only,
    };
    for (section, scope) in [("resources", Scope::Resource), ("outputs", Scope::Output)] {
        for (name, definition) in template.entries(section) {
            let Some(map) = definition.as_map() else {
                continue;
            };
            for (key, value) in map.iter() {
                let scope = if key.text == "condition" {
                    Scope::Condition
                } else {
                    scope
                };
                let start = [Seg::Key(section), Seg::Key(&name.text), Seg::Key(&key.text)];
                walker.walk(value, &start, scope, &name.text);
            }
        }
    }
    for (name, condition) in template.conditions() {
        let start = [Seg::Key("conditions"), Seg::Key(&name.text)];
        walker.walk(condition, &start, Scope::Condition, &name.text);
    }
    walker.found
}

/// One step of a key path.
#[derive(Clone, Copy)]
enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

/// A pending node: where it is, how deep in the path and in calls.
struct Pending<'a> {
    node: &'a Node,
    seg: Seg<'a>,
    level: usize,
    scope: Scope,
    depth: usize,
    /// The arguments of `if`: the first item is a condition.
    condition_first: bool,
}

/// Depth-first walk with an explicit stack; the path is kept as segments and joined only
/// for the maps kept, so plain values cost no allocation.
struct Walker<'a, 'o> {
    found: SingleKeyMaps<'a>,
    /// When set, only calls of this function are kept (and paths joined).
    only: Option<&'o str>,
    current: Vec<Seg<'a>>,
    /// The explicit stack, kept between walks so it is allocated once per template.
    pending: Vec<Pending<'a>>,
}

impl<'a> Walker<'a, '_> {
    fn joined(&self) -> String {
        use std::fmt::Write;
        let size: usize = self
            .current
            .iter()
            .map(|seg| match seg {
                Seg::Key(k) => k.len() + 1,
                Seg::Index(_) => 4,
            })
            .sum();
        let mut path = String::with_capacity(size);
        for (i, seg) in self.current.iter().enumerate() {
            if i > 0 {
                path.push('.');
            }
            match seg {
                Seg::Key(k) => path.push_str(k),
                Seg::Index(n) => {
                    let _ = write!(path, "{n}");
                }
            }
        }
        path
    }

    fn walk(&mut self, root: &'a Node, start: &[Seg<'a>], scope: Scope, owner: &'a str) {
        self.current.clear();
        self.current.extend_from_slice(&start[..start.len() - 1]);
        let base = self.current.len();
        let mut pending = std::mem::take(&mut self.pending);
        pending.push(Pending {
            node: root,
            seg: start[start.len() - 1],
            level: base,
            scope,
            depth: 0,
            condition_first: false,
        });
        while let Some(item) = pending.pop() {
            self.current.truncate(item.level);
            self.current.push(item.seg);
            let level = item.level + 1;
            match &item.node.value {
                Value::Map(map) => {
                    let single = (map.len() == 1).then(|| map.iter().next()).flatten();
                    if let Some((key, args)) = single {
                        let is_call = version::is_function_name(&key.text);
                        let wanted = self.only.is_none_or(|only| only == key.text);
                        if wanted {
                            let call = Call {
                                name: key,
                                args,
                                node: item.node,
                                path: self.joined(),
                                scope: item.scope,
                                owner,
                                depth: item.depth,
                            };
                            if is_call {
                                self.found.calls.push(call);
                            } else {
                                self.found.others.push(call);
                            }
                        }
                        pending.push(Pending {
                            node: args,
                            seg: Seg::Key(&key.text),
                            level,
                            scope: item.scope,
                            depth: item.depth + usize::from(is_call),
                            // `if` takes a condition as its first argument.
                            condition_first: key.text == "if",
                        });
                    } else {
                        for (key, value) in map.iter().rev() {
                            pending.push(Pending {
                                node: value,
                                seg: Seg::Key(&key.text),
                                level,
                                scope: item.scope,
                                depth: item.depth,
                                condition_first: false,
                            });
                        }
                    }
                }
                Value::Seq(items) => {
                    for (i, value) in items.iter().enumerate().rev() {
                        let scope = if i == 0 && item.condition_first {
                            Scope::Condition
                        } else {
                            item.scope
                        };
                        pending.push(Pending {
                            node: value,
                            seg: Seg::Index(i),
                            level,
                            scope,
                            depth: item.depth,
                            condition_first: false,
                        });
                    }
                }
                _ => {}
            }
        }
        self.pending = pending;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;
    use crate::model::hot::set::{Role, SourceFile, TemplateKind};

    fn file(text: &str) -> SourceFile {
        SourceFile {
            path: "base.yaml".to_owned(),
            bytes: text.as_bytes().to_vec(),
            role: Role::Template(TemplateKind::Base),
            document: Some(
                parse(text.as_bytes(), &YamlLimits::default())
                    .expect("parses")
                    .into(),
            ),
            load_error: None,
        }
    }

    fn template(file: &SourceFile) -> Template<'_> {
        let root = file
            .document
            .as_ref()
            .and_then(|d| d.root.as_map())
            .expect("a map");
        Template {
            id: 0,
            file,
            root,
            kind: TemplateKind::Base,
        }
    }

    const TEXT: &str = "\
heat_template_version: 2016-10-14
conditions:
  prod: {equals: [{get_param: env}, prod]}
resources:
  server:
    type: OS::Nova::Server
    condition: prod
    properties:
      name: {if: [prod, {get_param: name}, test]}
      image: {get_parm: image}
      metadata:
        capture: {filter: udp}
        rules: {filter: [[a], [a, b]]}
        joined: {Fn::Join: [',', [a, b]]}
        same: {equals: [a, b]}
outputs:
  ip:
    value: {get_attr: [server, first_address]}
";

    #[test]
    fn calls_to_one_function_match_the_full_walk() {
        let source = file(TEXT);
        let t = template(&source);
        let params: Vec<(String, usize)> = calls_to(&t, "get_param")
            .iter()
            .map(|c| (c.path.clone(), c.depth))
            .collect();
        let all: Vec<(String, usize)> = calls(&t)
            .iter()
            .filter(|c| c.function() == "get_param")
            .map(|c| (c.path.clone(), c.depth))
            .collect();
        assert_eq!(params.len(), 2);
        assert_eq!(params, all);
        assert!(calls_to(&t, "get_file").is_empty());
    }

    #[test]
    fn calls_carry_scope_path_and_depth() {
        let source = file(TEXT);
        let t = template(&source);
        let found = calls(&t);
        let names: Vec<&str> = found.iter().map(Call::function).collect();
        assert_eq!(
            names,
            [
                "if",
                "get_param",
                "filter",
                "filter",
                "Fn::Join",
                "equals",
                "get_attr",
                "equals",
                "get_param"
            ]
        );
        let inner = found
            .iter()
            .find(|c| c.path == "resources.server.properties.name.if.1")
            .expect("get_param inside if");
        assert_eq!(inner.depth, 1);
        assert_eq!(inner.scope, Scope::Resource);
        let condition = found
            .iter()
            .find(|c| c.owner == "prod" && c.function() == "equals")
            .expect("the condition");
        assert_eq!(condition.scope, Scope::Condition);
    }

    #[test]
    fn single_key_maps_that_are_not_functions() {
        let source = file(TEXT);
        let t = template(&source);
        let keys: Vec<String> = single_key_maps(&t)
            .others
            .iter()
            .map(|c| c.function().to_owned())
            .collect();
        assert_eq!(keys, ["get_parm"]);
    }

    #[test]
    fn standing_follows_version_scope_and_shape() {
        let source = file(TEXT);
        let t = template(&source);
        let found = calls(&t);
        let of = |path: &str, version: Version| {
            let call = found.iter().find(|c| c.path == path).expect(path);
            standing(call, version)
        };
        let v = Version::V2016_10_14;
        let meta = "resources.server.properties.metadata";
        assert_eq!(of(&format!("{meta}.capture"), v), Standing::Data);
        assert_eq!(
            of(&format!("{meta}.rules"), v),
            Standing::NotYet {
                since: Version::V2017_02_24
            }
        );
        assert_eq!(
            of(&format!("{meta}.rules"), Version::V2017_02_24),
            Standing::Valid
        );
        assert_eq!(
            of(&format!("{meta}.joined"), v),
            Standing::Removed {
                since: Version::V2014_10_16
            }
        );
        assert_eq!(of(&format!("{meta}.same"), v), Standing::ConditionOnly);
        assert_eq!(of("conditions.prod", v), Standing::Valid);
        assert_eq!(of("resources.server.properties.name", v), Standing::Valid);
        // Before 2016-10-14 the whole `if` is data-like and its condition is not judged.
        assert_eq!(
            of("resources.server.properties.name", Version::V2016_04_08),
            Standing::NotYet {
                since: Version::V2016_10_14
            }
        );
    }
}
