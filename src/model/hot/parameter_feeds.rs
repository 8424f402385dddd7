//! Which module parameters feed a template's parameter: a nested template's parameter gets its
//! value from the property of the same name on each parent resource, which may read a parent
//! parameter in turn, up to a module (base, incremental or volume) whose environment file sets
//! it. ONAP's environment-file rules ask this question for nested servers.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use super::set::{FileId, HotSet, Nesting, TemplateKind};
use super::template::{GROUPS, Template, resource_type};
use super::usage::direct_read;

/// Nesting chains longer than this are not followed (Heat stops at 5; loops are cut anyway).
const MAX_HOPS: usize = 16;

/// A parameter of a module template.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ModuleParameter<'a> {
    /// The module template.
    pub module: FileId,
    /// The parameter's name there.
    pub name: &'a str,
}

/// The nesting edges of a set indexed by nested template, built once per run.
#[derive(Debug)]
pub struct ParameterFeeds<'a> {
    set: &'a HotSet,
    parents: HashMap<FileId, Vec<&'a Nesting>>,
}

impl<'a> ParameterFeeds<'a> {
    /// Indexes the nesting edges of `set` by child.
    pub fn of(set: &'a HotSet) -> ParameterFeeds<'a> {
        let mut parents: HashMap<FileId, Vec<&'a Nesting>> = HashMap::new();
        for edge in &set.nesting {
            parents.entry(edge.child).or_default().push(edge);
        }
        ParameterFeeds { set, parents }
    }

    /// The module parameters whose values reach parameter `name` of `template`: the
    /// parameter itself in a module; through each parent's `{get_param: …}` property in a
    /// nested template. A parent that writes a literal, computes the value or leaves the
    /// property out feeds nothing from a module.
    pub fn module_parameters(
        &self,
        template: &Template<'a>,
        name: &'a str,
    ) -> Vec<ModuleParameter<'a>> {
        // A module's own parameter: the common case, answered without the walk's sets.
        if template.kind != TemplateKind::Nested {
            return vec![ModuleParameter {
                module: template.id,
                name,
            }];
        }
        let mut found = Vec::new();
        let mut seen: HashSet<(FileId, &'a str)> = HashSet::new();
        let mut pending = vec![(template.id, template.kind, name, 0usize)];
        while let Some((id, kind, name, hops)) = pending.pop() {
            if !seen.insert((id, name)) {
                continue;
            }
            if kind != TemplateKind::Nested {
                found.push(ModuleParameter { module: id, name });
                continue;
            }
            if hops >= MAX_HOPS {
                continue;
            }
            for edge in self.parents.get(&id).map_or(&[][..], Vec::as_slice) {
                let Some(parent) = self.set.template(edge.parent) else {
                    continue;
                };
                let Some(read) = passed_property(&parent, &edge.resource, name) else {
                    continue;
                };
                pending.push((parent.id, parent.kind, read, hops + 1));
            }
        }
        found.sort_by_key(|p| (p.module, p.name));
        found
    }
}

/// The parent parameter that resource `resource` of `parent` passes as property `name` (for a
/// group, in its member definition), when the property is a plain `get_param`.
fn passed_property<'a>(parent: &Template<'a>, resource: &str, name: &str) -> Option<&'a str> {
    let definition = parent.resource(resource)?;
    let mut properties = definition.get("properties")?;
    if let Some(kind) = resource_type(definition)
        && let Some((_, member)) = GROUPS.iter().find(|(group, _)| *group == kind)
    {
        properties = properties.get(member)?.get("properties")?;
    }
    direct_read(properties.get(name)?).map(|read| read.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::model::open::load_hot_inputs;

    fn write(dir: &std::path::Path, name: &str, text: &str) {
        std::fs::write(dir.join(name), text).expect("write test file");
    }

    #[test]
    fn follows_get_param_up_to_the_modules() {
        let dir = tempfile::tempdir().expect("temp dir");
        write(
            dir.path(),
            "base_vlb.yaml",
            "heat_template_version: 2017-09-01\nparameters:\n  vlb_flavor_name: {type: string}\n\
             resources:\n  vlb_0:\n    type: vlb_node.yaml\n    properties:\n      \
             vlb_flavor_name: {get_param: vlb_flavor_name}\n  vlb_group:\n    \
             type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      \
             resource_def:\n        type: vlb_node.yaml\n        properties:\n          \
             vlb_flavor_name: m1.large\n",
        );
        write(
            dir.path(),
            "vlb_node.yaml",
            "heat_template_version: 2017-09-01\nparameters:\n  vlb_flavor_name: {type: string}\n\
             resources:\n  vlb_server_0:\n    type: OS::Nova::Server\n    properties:\n      \
             flavor: {get_param: vlb_flavor_name}\n",
        );
        let mut sets =
            load_hot_inputs(&[dir.path().to_path_buf()], &Limits::default()).expect("set loads");
        let set = sets.remove(0);
        let feeds = ParameterFeeds::of(&set);
        let nested = set
            .templates()
            .find(|t| t.path() == "vlb_node.yaml")
            .expect("nested template");
        let base = set.find("base_vlb.yaml").expect("base");
        assert_eq!(
            feeds.module_parameters(&nested, "vlb_flavor_name"),
            [ModuleParameter {
                module: base,
                name: "vlb_flavor_name"
            }]
        );
        let module = set.template(base).expect("base template");
        assert_eq!(
            feeds.module_parameters(&module, "vlb_flavor_name"),
            [ModuleParameter {
                module: base,
                name: "vlb_flavor_name"
            }]
        );
        assert!(feeds.module_parameters(&nested, "unset").is_empty());
    }
}
