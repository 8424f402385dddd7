//! ONAP Heat Orchestration Templates Overview: how module, nested and environment files are
//! named.

mod env_name;
mod r31141_volume_env_name;
mod r56438_nested_extension;
mod r70276_nested_vm_type_name;
mod r74304_env_extension;
mod r76057_nested_name;
mod r81339_base_name;
mod r82732_volume_name;
mod r87247_incremental_name;
mod r87485_template_extension;
mod r91342_base_env_name;
mod r94509_incremental_env_name;
mod r99646_unique_yaml_name;

use std::collections::HashMap;

use crate::check::rules::{Context, Findings, Rule};
use crate::model::hot::{FileId, Reference, ReferenceKind, Role, TemplateKind};

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r81339_base_name::RULE,
    &r91342_base_env_name::RULE,
    &r87247_incremental_name::RULE,
    &r94509_incremental_env_name::RULE,
    &r82732_volume_name::RULE,
    &r31141_volume_env_name::RULE,
    &r76057_nested_name::RULE,
    &r70276_nested_vm_type_name::RULE,
    &r56438_nested_extension::RULE,
    &r87485_template_extension::RULE,
    &r74304_env_extension::RULE,
    &r99646_unique_yaml_name::RULE,
];

/// Every nested template with the `type:` and registry entries that name it.
fn nested_templates<'a>(context: &Context<'a>) -> Vec<(FileId, Vec<&'a Reference>)> {
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
fn report_nested_name(
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
