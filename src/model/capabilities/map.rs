//! TripleO's `capabilities-map.yaml`: topics → environment groups → environments. Each group
//! is a choice, and choosing means enabling an environment file; `root_environment` is always
//! enabled and merged first.
//!
//! The map's own comments define `mutually_exclusive` two ways: the 2015 maps say a group with
//! several environments is exclusive, later maps mark exclusive groups with
//! `mutually_exclusive: true`. A group's own key decides; without it, a map in which no group
//! uses the key follows the 2015 reading.

use crate::foundation::diagnostics::Span;
use crate::input::source::path;
use crate::input::yaml::scalar_text;
use crate::input::yaml::{Node, Value};
use crate::model::hot::{FileId, HotSet, Role};

use super::problem::{Problem, ProblemKind};

/// A path the map names, resolved against the map's folder.
#[derive(Clone, Debug, PartialEq)]
pub struct MapPath {
    /// The package path.
    pub path: String,
    /// The environment or template of the set, when the package has it.
    pub file: Option<FileId>,
    /// Where the map writes it.
    pub span: Span,
}

/// One environment a group offers.
#[derive(Clone, Debug, PartialEq)]
pub struct EnvironmentOption {
    /// The environment file.
    pub file: MapPath,
    /// Its title.
    pub title: String,
    /// What it does.
    pub description: Option<String>,
    /// Environments it needs enabled too.
    pub requires: Vec<MapPath>,
}

/// A group of environments: one choice.
#[derive(Clone, Debug, PartialEq)]
pub struct EnvironmentGroup {
    /// Its title (some groups have none).
    pub title: Option<String>,
    /// What it configures.
    pub description: Option<String>,
    /// Free tags (`no-gui`).
    pub tags: Vec<String>,
    /// True when at most one of its environments may be enabled.
    pub mutually_exclusive: bool,
    /// The environments offered.
    pub environments: Vec<EnvironmentOption>,
    /// Where the group is written.
    pub span: Span,
}

/// A topic: groups with a common purpose.
#[derive(Clone, Debug, PartialEq)]
pub struct Topic {
    /// Its title.
    pub title: String,
    /// What it covers.
    pub description: Option<String>,
    /// Its groups.
    pub groups: Vec<EnvironmentGroup>,
}

/// A capabilities map.
#[derive(Clone, Debug, PartialEq)]
pub struct CapabilitiesMap {
    /// The map file.
    pub file: FileId,
    /// The root template, when named.
    pub root_template: Option<MapPath>,
    /// The environment always merged first, when named.
    pub root_environment: Option<MapPath>,
    /// The topics.
    pub topics: Vec<Topic>,
}

impl CapabilitiesMap {
    /// Every group with its topic.
    pub fn groups(&self) -> impl Iterator<Item = (&Topic, &EnvironmentGroup)> {
        self.topics
            .iter()
            .flat_map(|t| t.groups.iter().map(move |g| (t, g)))
    }

    /// The group offering the environment at `path`, with the option.
    pub fn option(&self, path: &str) -> Option<(&Topic, &EnvironmentGroup, &EnvironmentOption)> {
        self.groups().find_map(|(t, g)| {
            g.environments
                .iter()
                .find(|e| e.file.path == path)
                .map(|e| (t, g, e))
        })
    }
}

/// Reads the set's capabilities map, when it has one.
pub fn read(set: &HotSet, problems: &mut Vec<Problem>) -> Option<CapabilitiesMap> {
    let id = set.capabilities_map?;
    let root = set.file(id).document.as_ref()?.root.as_map()?;
    let mut reader = Reader {
        set,
        id,
        problems,
        explicit_exclusivity: false,
    };
    reader.explicit_exclusivity = root
        .get("topics")
        .and_then(Node::as_seq)
        .into_iter()
        .flatten()
        .filter_map(|t| t.get("environment_groups")?.as_seq())
        .flatten()
        .any(|g| g.get("mutually_exclusive").is_some());
    let root_template = root
        .get("root_template")
        .and_then(|n| reader.path(n, "root_template", false));
    let root_environment = root
        .get("root_environment")
        .and_then(|n| reader.path(n, "root_environment", true));
    let topics = root
        .get("topics")
        .and_then(Node::as_seq)
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, topic)| reader.topic(i, topic))
        .collect();
    Some(CapabilitiesMap {
        file: id,
        root_template,
        root_environment,
        topics,
    })
}

struct Reader<'r> {
    set: &'r HotSet,
    id: FileId,
    problems: &'r mut Vec<Problem>,
    explicit_exclusivity: bool,
}

fn text(node: Option<&Node>) -> Option<String> {
    node.and_then(scalar_text).filter(|t| !t.trim().is_empty())
}

impl Reader<'_> {
    fn problem(&mut self, span: Span, path: String, message: String) {
        self.problems.push(Problem {
            kind: ProblemKind::Map,
            file: self.id,
            span,
            path,
            message,
        });
    }

    /// A file the map names; `environment` says which kind it must be.
    fn path(&mut self, node: &Node, key_path: &str, environment: bool) -> Option<MapPath> {
        let Some(written) = node.as_str().filter(|t| !t.trim().is_empty()) else {
            self.problem(
                node.span,
                key_path.to_owned(),
                format!(
                    "`{key_path}` names a file of the package, not {}",
                    node.kind()
                ),
            );
            return None;
        };
        let map_path = &self.set.file(self.id).path;
        let resolved = match path::resolve(map_path, written) {
            Ok(p) => p,
            Err(error) => {
                self.problem(node.span, key_path.to_owned(), error.to_string());
                return None;
            }
        };
        let found = self.set.find(&resolved);
        let fits = |role: Role| {
            if environment {
                role == Role::Environment
            } else {
                matches!(role, Role::Template(_))
            }
        };
        let file = found.filter(|&f| fits(self.set.file(f).role));
        if found.is_none() {
            self.problem(
                node.span,
                key_path.to_owned(),
                format!("the capabilities map names `{written}`, which is not in the package"),
            );
        } else if file.is_none() {
            let kind = if environment {
                "an environment file"
            } else {
                "a template"
            };
            self.problem(
                node.span,
                key_path.to_owned(),
                format!("`{written}` is named as {kind} but is not one"),
            );
        }
        Some(MapPath {
            path: resolved,
            file,
            span: node.span,
        })
    }

    fn topic(&mut self, index: usize, node: &Node) -> Topic {
        let key_path = format!("topics.{index}");
        let groups = node
            .get("environment_groups")
            .and_then(Node::as_seq)
            .into_iter()
            .flatten()
            .enumerate()
            .map(|(g, group)| self.group(&format!("{key_path}.environment_groups.{g}"), group))
            .collect();
        Topic {
            title: text(node.get("title")).unwrap_or_else(|| format!("topic {}", index + 1)),
            description: text(node.get("description")),
            groups,
        }
    }

    fn group(&mut self, key_path: &str, node: &Node) -> EnvironmentGroup {
        let environments: Vec<EnvironmentOption> = node
            .get("environments")
            .and_then(Node::as_seq)
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(e, env)| self.option(&format!("{key_path}.environments.{e}"), env))
            .collect();
        let exclusive = match node.get("mutually_exclusive").map(|n| &n.value) {
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                let span = node.get("mutually_exclusive").map_or(node.span, |n| n.span);
                self.problem(
                    span,
                    format!("{key_path}.mutually_exclusive"),
                    "`mutually_exclusive` is true or false".to_owned(),
                );
                false
            }
            None => !self.explicit_exclusivity && environments.len() > 1,
        };
        if node.get("environments").and_then(Node::as_seq).is_none() {
            self.problem(
                node.span,
                key_path.to_owned(),
                "an environment group lists its `environments:`".to_owned(),
            );
        }
        EnvironmentGroup {
            title: text(node.get("title")),
            description: text(node.get("description")),
            tags: node
                .get("tags")
                .and_then(Node::as_seq)
                .into_iter()
                .flatten()
                .filter_map(scalar_text)
                .collect(),
            mutually_exclusive: exclusive,
            environments,
            span: node.span,
        }
    }

    fn option(&mut self, key_path: &str, node: &Node) -> Option<EnvironmentOption> {
        let Some(file_node) = node.get("file") else {
            self.problem(
                node.span,
                key_path.to_owned(),
                "an environment entry names its `file:`".to_owned(),
            );
            return None;
        };
        let file = self.path(file_node, &format!("{key_path}.file"), true)?;
        let requires = node
            .get("requires")
            .and_then(Node::as_seq)
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(r, item)| self.path(item, &format!("{key_path}.requires.{r}"), true))
            .collect();
        Some(EnvironmentOption {
            title: text(node.get("title")).unwrap_or_else(|| file.path.clone()),
            description: text(node.get("description")),
            file,
            requires,
        })
    }
}
