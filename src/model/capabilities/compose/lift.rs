//! ONAP's explicit parameter passing (R-11041): every parameter of a nested template is
//! passed by its callers and declared up to the module, which takes its default and
//! constraints.

use std::collections::{HashSet, VecDeque};

use crate::input::yaml::Node;
use crate::model::hot::FileId;

use super::{Declaration, Writer};

impl Writer<'_, '_> {
    fn declares(&self, template: FileId, name: &str) -> bool {
        self.composition
            .set
            .template(template)
            .is_some_and(|t| t.parameter(name).is_some())
            || self
                .declarations
                .get(&template)
                .is_some_and(|d| d.iter().any(|d| d.name == name))
    }

    /// Passes every parameter of every nested template explicitly from its callers,
    /// declaring it in each caller up to the module.
    pub(super) fn lift(&mut self) {
        let set = self.composition.set;
        let mut work: VecDeque<(FileId, String, Node)> = VecDeque::new();
        let mut queued: HashSet<(FileId, String)> = HashSet::new();
        for &template in &self.templates {
            if self.is_module(template) {
                continue;
            }
            let Some(view) = set.template(template) else {
                continue;
            };
            let callers = self.callers.get(&template).cloned().unwrap_or_default();
            for (name, definition) in view.parameters() {
                let unpassed = callers
                    .iter()
                    .any(|&s| !self.composition.slots[s].passes.contains(&name.text));
                if unpassed && queued.insert((template, name.text.clone())) {
                    // The nested declaration gives up its default and constraints to the module.
                    if let Some(default) = definition.get("default").filter(|d| !d.is_null()) {
                        self.lifted_defaults
                            .entry(name.text.clone())
                            .or_insert_with(|| default.clone());
                    }
                    self.moved
                        .entry(template)
                        .or_default()
                        .insert(name.text.clone());
                    work.push_back((template, name.text.clone(), definition.clone()));
                }
            }
        }
        while let Some((template, name, definition)) = work.pop_front() {
            let callers = self.callers.get(&template).cloned().unwrap_or_default();
            for slot_index in callers {
                let slot = &self.composition.slots[slot_index];
                let passes = self.passes.entry(slot_index).or_default();
                if slot.passes.contains(&name) || passes.contains(&name) {
                    continue;
                }
                passes.push(name.clone());
                let parent = slot.template;
                if self.declares(parent, &name) {
                    continue;
                }
                let module = self.is_module(parent);
                let mut declared = definition.clone();
                if let Some(m) = declared.as_map_mut() {
                    m.remove("default");
                    if !module {
                        m.remove("constraints");
                    }
                }
                self.declarations
                    .entry(parent)
                    .or_default()
                    .push(Declaration {
                        name: name.clone(),
                        definition: declared,
                    });
                if !module && queued.insert((parent, name.clone())) {
                    work.push_back((parent, name.clone(), definition.clone()));
                }
            }
        }
    }
}
