//! Following each template's nested template types and `get_file` targets until none is new.

use std::collections::VecDeque;

use crate::foundation::diagnostics::Span;
use crate::input::source::path::{self, PathError};

use super::super::functions::calls_to;
use super::super::path_error::ReferenceError;
use super::super::set::{FileId, Nesting, Reference, ReferenceKind, Role, TemplateKind};
use super::super::template::is_template_reference;
use super::Loader;

impl Loader<'_> {
    /// Resolves a template reference relative to `from`, then in Tacker's `nested/` folder.
    fn resolve_template(&self, from: &str, reference: &str) -> Result<String, PathError> {
        let direct = path::resolve(from, reference)?;
        if self.files.contains(&direct) {
            return Ok(direct);
        }
        let fallback = path::resolve(from, &format!("nested/{reference}"))?;
        Ok(if self.files.contains(&fallback) {
            fallback
        } else {
            direct
        })
    }

    pub(super) fn follow_references(&mut self) {
        let mut queue: VecDeque<FileId> = (0..self.set.files.len()).collect();
        while let Some(id) = queue.pop_front() {
            let before = self.set.files.len();
            match self.set.files[id].role {
                Role::Template(_) => self.template_references(id),
                Role::Environment => self.registry_references(id),
                _ => {}
            }
            queue.extend(before..self.set.files.len());
        }
    }

    pub(super) fn record(
        &mut self,
        from: FileId,
        span: Span,
        path: String,
        kind: ReferenceKind,
        target: &str,
        resolved: Result<FileId, ReferenceError>,
    ) {
        self.set.references.push(Reference {
            from,
            span,
            path,
            kind,
            target: target.to_owned(),
            resolved,
        });
    }

    fn template_references(&mut self, id: FileId) {
        let Some(template) = self.set.template(id) else {
            return;
        };
        let from = template.path().to_owned();
        // (resource, key path of the type, reference, span)
        let nested: Vec<(String, String, String, Span)> = template
            .type_slots()
            .into_iter()
            .filter(|slot| is_template_reference(slot.written))
            .map(|slot| {
                (
                    slot.resource.text.clone(),
                    slot.path(),
                    slot.written.to_owned(),
                    slot.type_node.span,
                )
            })
            .collect();
        let get_files: Vec<(String, String, Span)> = calls_to(&template, "get_file")
            .into_iter()
            .filter_map(|c| {
                let target = c.args.as_str()?;
                Some((c.path.clone(), target.to_owned(), c.args.span))
            })
            .collect();
        for (resource, key_path, reference, span) in nested {
            let resolved = self
                .resolve_template(&from, &reference)
                .map_err(ReferenceError::from)
                .and_then(|target| self.open(&target, Role::Template(TemplateKind::Nested)));
            if let Ok(child) = resolved {
                self.set.nesting.push(Nesting {
                    parent: id,
                    resource: resource.clone(),
                    child,
                    span,
                    written_in: id,
                });
            }
            self.record(
                id,
                span,
                key_path,
                ReferenceKind::NestedType,
                &reference,
                resolved,
            );
        }
        for (key_path, reference, span) in get_files {
            let resolved = path::resolve(&from, &reference)
                .map_err(ReferenceError::from)
                .and_then(|target| self.open(&target, Role::Artifact));
            self.record(
                id,
                span,
                key_path,
                ReferenceKind::GetFile,
                &reference,
                resolved,
            );
        }
    }
}
