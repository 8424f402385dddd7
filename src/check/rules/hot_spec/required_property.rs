//! R-92635/required-property: a resource gives every property its type requires (one without
//! a default), also inside map properties with a fixed schema; for a nested template, every
//! parameter it declares without a default.

use foldhash::HashSet;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::hot::property_check::ProblemKind;

use super::nested_property::{NestedSlot, nested_slots};
use super::property_report;

/// A required property left out.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/required-property",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "A resource gives every property its type requires (an `OS::Nova::Server` its \
                  `flavor`, an `OS::Neutron::Port` its `network`, a Contrail type its own), and \
                  a resource implemented by a nested template every parameter that template \
                  declares without a default.",
        why: "Heat refuses a stack whose resource lacks a required property (\"Property … not \
              assigned\") before creating anything; a nested template's parameters are its \
              resource's properties, required where they have no default (unless the \
              environment's `parameter_defaults` gives one).",
        fix: "Add the property, usually as `{get_param: …}` of a parameter the environment file \
              or ONAP supplies; for a nested template, pass the parameter or give it a default \
              there.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    property_report::report(context, findings, ProblemKind::Required);
    check_nested(context, findings);
}

/// A nested template's parameters without a default that its caller does not pass.
fn check_nested(context: &Context<'_>, findings: &mut Findings<'_>) {
    // Heat gives `parameter_defaults` to every nested stack of the stack they are deployed
    // with; a name any environment of the set defaults is taken as given.
    let defaulted: HashSet<&str> = context
        .set
        .files
        .iter()
        .enumerate()
        .filter_map(|(id, _)| context.set.environment(id))
        .flat_map(|env| env.parameter_defaults().map(|(k, _)| k.text.as_str()))
        .collect();
    for NestedSlot {
        parent,
        slot,
        templates,
    } in nested_slots(context)
    {
        let properties = slot.properties();
        let passed = |name: &str| properties.and_then(|p| p.get(name)).is_some();
        let Some((first, others)) = templates.split_first() else {
            continue;
        };
        // With alternatives, a parameter is required when every one of them requires it.
        let mut missing: Vec<&str> = first
            .parameters()
            .filter(|&(name, definition)| {
                let name = name.text.as_str();
                needs_value(definition)
                    && !passed(name)
                    && !defaulted.contains(name)
                    && others
                        .iter()
                        .all(|t| t.parameter(name).is_some_and(needs_value))
            })
            .map(|(name, _)| name.text.as_str())
            .collect();
        missing.sort_unstable();
        for name in missing {
            findings.report(
                parent.file,
                slot.properties_span(),
                format!("{}.properties", slot.owner()),
                format!(
                    "`{}` does not pass `{name}`, which {} declares without a default: Heat \
                     refuses the stack (\"Property {name} not assigned\")",
                    slot.resource.text,
                    first.path()
                ),
            );
        }
    }
}

/// True for a parameter definition without a default (or with `default: null`).
fn needs_value(definition: &Node) -> bool {
    definition.get("default").is_none_or(|d| d.is_null())
}
