//! Whether a set is an input still being composed (template capabilities, lists of
//! implementations) or a set that claims to be ready for Heat as it is.
//!
//! The capabilities spec adds a template `capabilities:` section, an environment `requires:`
//! section and lists in `resource_registry`. Heat itself refuses all three, so the HOT-spec
//! rules allow them only while the set is [`Stage::Composing`]; vnfwiz's outputs are checked
//! as [`Stage::HeatReady`].

use crate::input::yaml::{Mapping, Node};

use super::set::{HotSet, Role};

/// Top-level template sections that only a set being composed may carry.
pub const COMPOSITION_TEMPLATE_SECTIONS: [&str; 1] = ["capabilities"];

/// Environment sections that only a set being composed may carry.
pub const COMPOSITION_ENV_SECTIONS: [&str; 1] = ["requires"];

/// What a set claims to be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Stage {
    /// An input to composition: `capabilities:`, `requires:` and registry lists are allowed.
    Composing,
    /// Ready for Heat as it is: those composition sections are errors.
    #[default]
    HeatReady,
}

impl HotSet {
    /// True when the composition sections and registry lists are allowed in this set.
    pub fn is_composing(&self) -> bool {
        self.stage == Stage::Composing
    }
}

/// True for a TripleO `capabilities-map.yaml`: a `topics:` list of maps holding
/// `environment_groups:`.
pub fn is_capabilities_map(root: &Node) -> bool {
    root.get("topics")
        .and_then(Node::as_seq)
        .is_some_and(|topics| {
            !topics.is_empty() && topics.iter().all(|t| t.get("environment_groups").is_some())
        })
}

/// A set carries composition data when a template declares `capabilities:`, an environment
/// declares `requires:` or lists candidates in its registry, or a capabilities map is part of
/// it; such a set is being composed.
pub(super) fn detect(set: &HotSet) -> Stage {
    if set.capabilities_map.is_some() {
        return Stage::Composing;
    }
    let annotated = set.templates().any(|t| {
        COMPOSITION_TEMPLATE_SECTIONS
            .iter()
            .any(|s| t.root.key(s).is_some())
    });
    let composing_env = set
        .files
        .iter()
        .filter(|f| f.role == Role::Environment)
        .filter_map(|f| f.document.as_ref()?.root.as_map())
        .any(|root| {
            COMPOSITION_ENV_SECTIONS
                .iter()
                .any(|s| root.key(s).is_some())
                || root
                    .get("resource_registry")
                    .and_then(Node::as_map)
                    .is_some_and(has_list)
        });
    if annotated || composing_env {
        Stage::Composing
    } else {
        Stage::HeatReady
    }
}

/// True when a registry (or its per-resource `resources:` map) holds a list value.
fn has_list(registry: &Mapping) -> bool {
    registry.iter().any(|(key, value)| {
        if key.text == "resources" {
            value
                .as_map()
                .into_iter()
                .flat_map(Mapping::iter)
                .filter_map(|(_, overrides)| overrides.as_map())
                .any(|overrides| overrides.iter().any(|(_, v)| v.as_seq().is_some()))
        } else {
            value.as_seq().is_some()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;

    fn root(text: &str) -> Node {
        parse(text.as_bytes(), &YamlLimits::default()).unwrap().root
    }

    #[test]
    fn capabilities_maps_are_recognised_by_their_topics() {
        assert!(is_capabilities_map(&root(
            "topics:\n  - title: Storage\n    environment_groups: []\n"
        )));
        assert!(!is_capabilities_map(&root("topics: []\n")));
        assert!(!is_capabilities_map(&root("topics:\n  - title: x\n")));
        assert!(!is_capabilities_map(&root("parameters: {}\n")));
    }

    #[test]
    fn registry_lists_are_found_at_both_levels() {
        let top = root("a: [x.yaml, y.yaml]\nb: z.yaml\n");
        assert!(has_list(top.as_map().unwrap()));
        let nested = root("resources:\n  web:\n    OS::X: [x.yaml]\n");
        assert!(has_list(nested.as_map().unwrap()));
        let plain = root("a: x.yaml\nresources:\n  web:\n    OS::X: x.yaml\n");
        assert!(!has_list(plain.as_map().unwrap()));
    }
}
