//! The check shared by the nested-template naming rules (R-76057, R-70276): every nested
//! template with the references that name it, and the finding at each of them.

use crate::check::rules::{Context, Findings};
use crate::model::hot::{FileId, Reference, ReferenceKind, Role, TemplateKind};
use foldhash::{HashMap, HashMapExt};

/// Every nested template with the `type:` and registry entries that name it.
pub fn nested_templates<'a>(context: &Context<'a>) -> Vec<(FileId, Vec<&'a Reference>)> {
    let set = context.set;
    let mut named: HashMap<FileId, Vec<&'a Reference>> = HashMap::new();
    for reference in &set.references {
        if matches!(
            reference.kind,
            ReferenceKind::NestedType | ReferenceKind::Registry
        ) && let Ok(target) = reference.resolved
        {
            named.entry(target).or_default().push(reference);
        }
    }
    (0..set.files.len())
        .filter(|&id| set.file(id).role == Role::Template(TemplateKind::Nested))
        .map(|id| (id, named.remove(&id).unwrap_or_default()))
        .collect()
}

/// Reports a badly named nested template at its first line, with the `type:` or registry
/// entries naming it as related places (they change with the name).
pub fn report_nested_name(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    (nested, named_by): &(FileId, Vec<&Reference>),
    message: String,
) {
    let violation = findings.report_file(context.set.file(*nested), "", message);
    for reference in named_by {
        violation.also(
            &context.set.file(reference.from).path,
            reference.span,
            "named here",
        );
    }
}
