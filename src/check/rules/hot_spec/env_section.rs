//! R-92635/env-section: an environment file holds only Heat's environment sections.
//!
//! A set being composed (see `hot::stage`) may also carry the capabilities spec's `requires:`
//! map; a set that claims to be ready for Heat may not.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Value;
use crate::model::hot::lookalike::closest;
use crate::model::hot::{COMPOSITION_ENV_SECTIONS, ENV_SECTIONS, Role};

/// An environment file with an unknown section or a section of the wrong kind.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/env-section",
        keyword: Keyword::Must,
        section: "HOT specification / environment",
        summary: "An environment file is a map of parameters, parameter_defaults, \
                  resource_registry, encrypted_param_names, event_sinks and \
                  parameter_merge_strategies, each of its kind and none left empty.",
        why: "Heat refuses an environment with any other top-level key (\"environment has wrong \
              section\"), so a misspelt `parameter:` stops the deployment; values under an \
              unknown section would never reach the template anyway. It refuses a section left \
              empty too (\"environment has empty section\"): `parameters:` with every entry \
              commented out is null, not an empty map.",
        fix: "Put values under `parameters:` (or `parameter_defaults:`), type mappings under \
              `resource_registry:`, correct misspelt section names, and remove a section left \
              empty (or write it as `{}`).",
    },
    check: Check::Hot(check),
};

/// Sections that hold lists; the others hold maps.
const LIST_SECTIONS: [&str; 2] = ["encrypted_param_names", "event_sinks"];

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for file in &context.set.files {
        if file.role != Role::Environment {
            continue;
        }
        let Some(document) = &file.document else {
            continue;
        };
        let map = match &document.root.value {
            Value::Map(map) => map,
            Value::Null => continue,
            _ => {
                findings.report(
                    file,
                    document.root.span,
                    "",
                    format!(
                        "an environment is a map of sections such as `parameters:`, not {}",
                        document.root.kind()
                    ),
                );
                continue;
            }
        };
        for (key, value) in map.iter() {
            let section = key.text.as_str();
            if COMPOSITION_ENV_SECTIONS.contains(&section) {
                if !context.set.is_composing() {
                    findings.report(
                        file,
                        key.span,
                        section,
                        format!(
                            "`{section}` belongs to composition (capabilities spec) and Heat \
                             refuses it; resolve the composition (`vnfwiz onboard`) so the \
                             written environment has none"
                        ),
                    );
                } else if value.as_map().is_none() && !value.is_null() {
                    findings.report(
                        file,
                        value.span,
                        section,
                        format!("`{section}` must be a map, not {}", value.kind()),
                    );
                }
                continue;
            }
            if !ENV_SECTIONS.contains(&section) {
                let hint = closest(section, ENV_SECTIONS)
                    .map(|s| format!("did you mean `{s}`? "))
                    .unwrap_or_default();
                findings.report(
                    file,
                    key.span,
                    section,
                    format!(
                        "`{section}` is not an environment section; {hint}sections are {}",
                        ENV_SECTIONS.join(", ")
                    ),
                );
                continue;
            }
            let list = LIST_SECTIONS.contains(&section);
            if value.is_null() {
                let empty = if list { "[]" } else { "{}" };
                findings.report(
                    file,
                    key.span,
                    section,
                    format!(
                        "`{section}:` is empty (its entries all commented out, or none); Heat \
                         refuses the environment (\"environment has empty section\"): remove \
                         the line or write `{section}: {empty}`"
                    ),
                );
                continue;
            }
            let fits = if list {
                value.as_seq().is_some()
            } else {
                value.as_map().is_some()
            };
            if !fits {
                let wanted = if list { "a list" } else { "a map" };
                findings.report(
                    file,
                    value.span,
                    section,
                    format!("`{section}` must be {wanted}, not {}", value.kind()),
                );
            }
        }
    }
}
