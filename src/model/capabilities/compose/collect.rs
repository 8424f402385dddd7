//! Gathering: every template the modules reach and what implements each of their slots,
//! with an error for each slot that cannot be written.

use std::collections::HashSet;

use crate::model::hot::FileId;

use super::super::resolve::Implementation;
use super::{ComposeError, RegistryOutput, Writer};

impl Writer<'_, '_> {
    /// Gathers every template reached and the implementation of every slot.
    pub(super) fn collect(&mut self) {
        let set = self.composition.set;
        let mut listed: HashSet<FileId> = HashSet::new();
        for module in &self.resolution.modules {
            if listed.insert(module.module) {
                self.templates.push(module.module);
            }
        }
        for module in &self.resolution.modules {
            for &template in &module.templates {
                if listed.insert(template) {
                    self.templates.push(template);
                }
            }
            for used in &module.uses {
                let slot = &self.composition.slots[used.slot];
                let at = |f: &Writer<'_, '_>| {
                    (
                        f.path(slot.template).to_owned(),
                        slot.span.line,
                        slot.span.column,
                    )
                };
                match &used.implementation {
                    Implementation::Unresolved(resource_type) => {
                        let (file, line, column) = at(self);
                        self.errors.push(ComposeError::Unresolved {
                            file,
                            line,
                            column,
                            resource_type: resource_type.clone(),
                        });
                        continue;
                    }
                    Implementation::Missing(target) => {
                        let (file, line, column) = at(self);
                        self.errors.push(ComposeError::Missing {
                            file,
                            line,
                            column,
                            target: target.clone(),
                        });
                        continue;
                    }
                    Implementation::Template(child) => {
                        let callers = self.callers.entry(*child).or_default();
                        if !callers.contains(&used.slot) {
                            callers.push(used.slot);
                        }
                    }
                    Implementation::Builtin(_) => {}
                }
                match self.implementations.get(&used.slot) {
                    Some(known)
                        if *known != used.implementation && self.mode == RegistryOutput::Inline =>
                    {
                        let describe = |i: &Implementation| match i {
                            Implementation::Template(f) => set.file(*f).path.clone(),
                            Implementation::Builtin(t)
                            | Implementation::Missing(t)
                            | Implementation::Unresolved(t) => t.clone(),
                        };
                        self.errors.push(ComposeError::Conflict {
                            file: self.path(slot.template).to_owned(),
                            resource: slot.resource.clone(),
                            first: describe(known),
                            second: describe(&used.implementation),
                        });
                    }
                    Some(_) => {}
                    None => {
                        self.implementations
                            .insert(used.slot, used.implementation.clone());
                    }
                }
            }
        }
        for &template in &self.templates {
            if set.template(template).is_none() {
                self.errors.push(ComposeError::Unreadable {
                    file: set.file(template).path.clone(),
                });
            }
        }
    }
}
