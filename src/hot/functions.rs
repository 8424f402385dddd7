//! Finds intrinsic function calls where Heat looks for them: resource definitions,
//! output definitions and the `conditions` section.

use crate::yaml::{Key, Node, Value};

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
    collect(template, version::is_function_name)
}

/// Every single-key map whose key is no function name in any version (`{get_parm: x}`,
/// but also plain data such as `{port: 80}`), with the same places and scopes as [`calls`];
/// the candidates for a misspelt function.
pub fn non_function_single_key_maps<'a>(template: &Template<'a>) -> Vec<Call<'a>> {
    collect(template, |key| !version::is_function_name(key))
}

/// Walks resources, outputs and conditions, keeping the single-key maps whose key `keep`s.
fn collect<'a>(template: &Template<'a>, keep: fn(&str) -> bool) -> Vec<Call<'a>> {
    let mut walker = Walker {
        keep,
        out: Vec::new(),
        current: Vec::new(),
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
    walker.out
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
struct Walker<'a> {
    keep: fn(&str) -> bool,
    out: Vec<Call<'a>>,
    current: Vec<Seg<'a>>,
}

impl<'a> Walker<'a> {
    fn joined(&self) -> String {
        let mut path = String::new();
        for (i, seg) in self.current.iter().enumerate() {
            if i > 0 {
                path.push('.');
            }
            match seg {
                Seg::Key(k) => path.push_str(k),
                Seg::Index(n) => path.push_str(&n.to_string()),
            }
        }
        path
    }

    fn walk(&mut self, root: &'a Node, start: &[Seg<'a>], scope: Scope, owner: &'a str) {
        self.current.clear();
        self.current.extend_from_slice(&start[..start.len() - 1]);
        let base = self.current.len();
        let mut pending = vec![Pending {
            node: root,
            seg: start[start.len() - 1],
            level: base,
            scope,
            depth: 0,
            condition_first: false,
        }];
        while let Some(item) = pending.pop() {
            self.current.truncate(item.level);
            self.current.push(item.seg);
            let level = item.level + 1;
            match &item.node.value {
                Value::Map(map) => {
                    let single = (map.len() == 1).then(|| map.iter().next()).flatten();
                    if let Some((key, args)) = single {
                        if (self.keep)(&key.text) {
                            self.out.push(Call {
                                name: key,
                                args,
                                node: item.node,
                                path: self.joined(),
                                scope: item.scope,
                                owner,
                                depth: item.depth,
                            });
                        }
                        let is_call = version::is_function_name(&key.text);
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
    }
}
