//! Finds intrinsic function calls where Heat looks for them: resource definitions,
//! output definitions and the `conditions` section.

use crate::yaml::{Key, Node, Value};

use super::template::Template;
use super::version::{FunctionStatus, VERSIONS};

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

/// True when `name` is a function (or condition function) in at least one HOT version.
pub fn is_known_function(name: &str) -> bool {
    VERSIONS.iter().any(|(v, _, _)| {
        v.function(name) != FunctionStatus::Unknown
            || v.condition_function(name) != FunctionStatus::Unknown
    })
}

/// Every call in a template, in source order.
pub fn calls<'a>(template: &Template<'a>) -> Vec<Call<'a>> {
    let mut walker = Walker::default();
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
/// for the calls found, so plain values cost no allocation.
#[derive(Default)]
struct Walker<'a> {
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
                    let single = (map.len() == 1)
                        .then(|| map.iter().next())
                        .flatten()
                        .filter(|(key, _)| is_known_function(&key.text));
                    if let Some((key, args)) = single {
                        self.out.push(Call {
                            name: key,
                            args,
                            node: item.node,
                            path: self.joined(),
                            scope: item.scope,
                            owner,
                            depth: item.depth,
                        });
                        pending.push(Pending {
                            node: args,
                            seg: Seg::Key(&key.text),
                            level,
                            scope: item.scope,
                            depth: item.depth + 1,
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
