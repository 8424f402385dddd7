//! A file of the last check: the input that read it, the set it belongs to and its id
//! there, and what sits at a place of its tree.

use std::path::Path;

use super::checker::Snapshot;
use super::diagnostics::{hot_set, root_of};
use crate::foundation::diagnostics::InputReport;
use crate::input::yaml::{Key, Node, Value};
use crate::model::hot::{FileId, HotSet, Role, Template};

/// A file of a checked HOT set.
pub struct Located<'s> {
    /// The input's report.
    pub input: &'s InputReport,
    /// The set.
    pub set: &'s HotSet,
    /// The file's id in the set.
    pub id: FileId,
    /// The folder the set's paths are relative to.
    pub root: &'s Path,
}

/// Every input report of a snapshot.
pub fn input_reports(snapshot: &Snapshot) -> impl Iterator<Item = &InputReport> {
    snapshot
        .inputs
        .iter()
        .filter_map(|checked| checked.report.as_ref().ok())
        .flat_map(|report| report.inputs.iter())
}

/// The HOT set file at `path` in the last check.
pub fn locate<'s>(snapshot: &'s Snapshot, path: &Path) -> Option<Located<'s>> {
    input_reports(snapshot).find_map(|input| {
        let set = hot_set(input)?;
        let root = root_of(input)?;
        let relative = path.strip_prefix(root).ok()?.to_str()?.replace('\\', "/");
        let id = set.find(&relative)?;
        Some(Located {
            input,
            set,
            id,
            root,
        })
    })
}

/// The input that read the file at `path` (a HOT set's file, an OVF descriptor), with the
/// file's path relative to the input's root.
pub fn file_of<'s>(snapshot: &'s Snapshot, path: &Path) -> Option<(&'s InputReport, String)> {
    input_reports(snapshot).find_map(|input| {
        let root = root_of(input)?;
        let relative = path.strip_prefix(root).ok()?.to_str()?.replace('\\', "/");
        let read = match hot_set(input) {
            Some(set) => set.find(&relative).is_some(),
            None => input.sources.text(&relative).is_some(),
        };
        read.then_some((input, relative))
    })
}

impl<'s> Located<'s> {
    /// The file as a template, when it is one that parsed.
    pub fn template(&self) -> Option<Template<'s>> {
        self.set.template(self.id)
    }

    /// The parsed tree of the file.
    pub fn root_node(&self) -> Option<&'s Node> {
        self.set.file(self.id).document.as_ref().map(|d| &d.root)
    }

    /// True for an environment file.
    pub fn is_environment(&self) -> bool {
        self.set.file(self.id).role == Role::Environment
    }

    /// The absolute path of a file of the set.
    pub fn path_of(&self, id: FileId) -> std::path::PathBuf {
        self.root.join(&self.set.file(id).path)
    }
}

/// One step from a tree's root towards a place.
#[derive(Clone, Copy, Debug)]
pub enum Step<'a> {
    /// The place is on this key.
    Key(&'a Key),
    /// The place is inside the value of this key.
    Entry(&'a Key, &'a Node),
    /// The place is inside this item of a sequence.
    Item(usize, &'a Node),
}

impl Step<'_> {
    /// The key this step goes through, if any.
    pub fn key(&self) -> Option<&str> {
        match self {
            Step::Key(key) | Step::Entry(key, _) => Some(&key.text),
            Step::Item(..) => None,
        }
    }
}

/// True when `offset` is inside `span` or just after its end (where a cursor rests after
/// typing a word).
fn holds(span: crate::foundation::diagnostics::Span, offset: usize) -> bool {
    (span.start as usize) <= offset && offset <= span.end as usize
}

/// The steps from `root` down to the deepest key or value holding `offset`.
pub fn steps_to(root: &Node, offset: usize) -> Vec<Step<'_>> {
    let mut steps = Vec::new();
    let mut node = root;
    loop {
        let next = match &node.value {
            Value::Map(map) => {
                let mut next = None;
                for (key, value) in map.iter() {
                    if holds(key.span, offset) {
                        steps.push(Step::Key(key));
                        return steps;
                    }
                    if holds(value.span, offset) {
                        steps.push(Step::Entry(key, value));
                        next = Some(value);
                        break;
                    }
                }
                next
            }
            Value::Seq(items) => items
                .iter()
                .enumerate()
                .find(|(_, item)| holds(item.span, offset))
                .map(|(index, item)| {
                    steps.push(Step::Item(index, item));
                    item
                }),
            _ => None,
        };
        match next {
            Some(next) => node = next,
            None => return steps,
        }
    }
}

/// What a place of a template or environment file names.
#[derive(Clone, Copy, Debug)]
pub enum Target<'a> {
    /// A resource's `type:` value (or a group member's).
    ResourceType {
        /// The resource.
        resource: &'a str,
        /// The type as written.
        written: &'a str,
        /// The group property holding the member definition, for a member's type.
        member_of: Option<&'a str>,
    },
    /// A property name of a resource (or of a group's member).
    Property {
        /// The resource.
        resource: &'a str,
        /// The property.
        name: &'a str,
        /// The group property holding the member definition, for a member's property.
        member_of: Option<&'a str>,
    },
    /// A parameter named by `get_param`.
    Parameter(&'a str),
    /// A resource named by `get_resource`, `get_attr` or `depends_on`.
    Resource(&'a str),
    /// An attribute named by `get_attr`.
    Attribute {
        /// The resource.
        resource: &'a str,
        /// The attribute.
        name: &'a str,
    },
    /// A parameter's declaration.
    ParameterDeclaration(&'a str),
    /// A resource's declaration.
    ResourceDeclaration(&'a str),
    /// An environment file's entry for a parameter.
    EnvParameter(&'a str),
}

/// The group properties holding a member definition.
const MEMBER_PROPERTIES: [&str; 2] = ["resource_def", "resource"];

/// What the place at `offset` of a file's tree names (`environment`: the file is an
/// environment file).
pub fn target_at(root: &Node, offset: usize, environment: bool) -> Option<Target<'_>> {
    let steps = steps_to(root, offset);
    if environment {
        return match steps.as_slice() {
            [Step::Entry(section, _), Step::Key(name), ..]
                if matches!(section.text.as_str(), "parameters" | "parameter_defaults") =>
            {
                Some(Target::EnvParameter(&name.text))
            }
            _ => None,
        };
    }
    if let Some(target) = function_target(&steps) {
        return Some(target);
    }
    let key = |step: &Step<'_>| step.key().map(str::to_owned);
    let keys: Vec<Option<String>> = steps.iter().map(key).collect();
    let keys: Vec<&str> = keys.iter().map(|k| k.as_deref().unwrap_or("-")).collect();
    match (steps.as_slice(), keys.as_slice()) {
        ([_, Step::Key(name)], ["parameters", _]) => Some(Target::ParameterDeclaration(&name.text)),
        ([_, Step::Key(name)], ["resources", _]) => Some(Target::ResourceDeclaration(&name.text)),
        ([_, Step::Entry(resource, _), Step::Entry(_, value)], ["resources", _, "type"]) => {
            Some(Target::ResourceType {
                resource: &resource.text,
                written: value.as_str()?,
                member_of: None,
            })
        }
        ([_, Step::Entry(resource, _), _, Step::Key(name)], ["resources", _, "properties", _]) => {
            Some(Target::Property {
                resource: &resource.text,
                name: &name.text,
                member_of: None,
            })
        }
        (
            [
                _,
                Step::Entry(resource, _),
                _,
                Step::Entry(member, _),
                Step::Entry(_, value),
            ],
            ["resources", _, "properties", _, "type"],
        ) if MEMBER_PROPERTIES.contains(&member.text.as_str()) => Some(Target::ResourceType {
            resource: &resource.text,
            written: value.as_str()?,
            member_of: Some(&member.text),
        }),
        (
            [
                _,
                Step::Entry(resource, _),
                _,
                Step::Entry(member, _),
                _,
                Step::Key(name),
            ],
            ["resources", _, "properties", _, "properties", _],
        ) if MEMBER_PROPERTIES.contains(&member.text.as_str()) => Some(Target::Property {
            resource: &resource.text,
            name: &name.text,
            member_of: Some(&member.text),
        }),
        ([_, _, Step::Entry(_, value)], ["resources", _, "depends_on"]) => {
            value.as_str().map(Target::Resource)
        }
        ([_, _, _, Step::Item(_, item)], ["resources", _, "depends_on", _]) => {
            item.as_str().map(Target::Resource)
        }
        _ => None,
    }
}

/// What an argument of `get_param`, `get_resource` or `get_attr` at the end of `steps`
/// names.
fn function_target<'a>(steps: &[Step<'a>]) -> Option<Target<'a>> {
    let (at, function, args) =
        steps
            .iter()
            .enumerate()
            .rev()
            .find_map(|(at, step)| match step {
                Step::Entry(key, value)
                    if matches!(key.text.as_str(), "get_param" | "get_resource" | "get_attr") =>
                {
                    Some((at, key.text.as_str(), *value))
                }
                _ => None,
            })?;
    let rest = &steps[at + 1..];
    match (function, rest) {
        ("get_param", []) => args.as_str().map(Target::Parameter),
        ("get_param", [Step::Item(0, item), ..]) => item.as_str().map(Target::Parameter),
        ("get_resource", []) => args.as_str().map(Target::Resource),
        ("get_attr", [Step::Item(0, item)]) => item.as_str().map(Target::Resource),
        ("get_attr", [Step::Item(1, item)]) => Some(Target::Attribute {
            resource: args.as_seq()?.first()?.as_str()?,
            name: item.as_str()?,
        }),
        _ => None,
    }
}
