//! DeploymentOptionSection: the chosen option sizes every flavor. With two or more options
//! the others stay available: a `deployment_option` parameter (allowed values: every
//! option id) selects each flavor's vCPUs, RAM and root disk from a per-system `json` map
//! of all options, so changing one environment value resizes the stack.

use std::collections::HashMap;

use crate::hot::parameters::ParameterType;
use crate::ovf::{SystemHardware, resolved_hardware_with};
use crate::yaml::Node;
use crate::yaml::write::{map, seq, string};

use super::draft::{BASE, DraftId, Parameter, Ref, call, get_param, int};
use super::names::join;
use super::ovf_environment::EnvValue;
use super::virtual_hardware::Size;
use super::{Converter, NoteLevel, Owner};

/// Every option's hardware when the package offers a choice, and the selector parameter
/// once something reads it.
#[derive(Debug, Default)]
pub struct Sizing {
    selector: Option<String>,
    per_option: Vec<(String, HashMap<usize, SystemHardware>)>,
}

/// Reads every option's hardware when there are two or more options.
pub fn declare(c: &mut Converter<'_>) {
    let envelope = c.envelope;
    let ids: Vec<String> = envelope
        .configurations()
        .iter()
        .map(|o| o.id.value.clone())
        .collect();
    if ids.len() < 2 {
        return;
    }
    if c.choices.option.is_none() {
        return;
    }
    for id in ids {
        let hardware =
            resolved_hardware_with(envelope, Some(&id), &|key| option_value(c, &id, key));
        let systems = envelope.virtual_systems().map(|(i, _)| i);
        c.sizing
            .per_option
            .push((id, systems.zip(hardware).collect()));
    }
}

/// The selector parameter, declared on first use (a package whose flavors and
/// environments never read it gets none, as every parameter must be used).
fn selector(c: &mut Converter<'_>) -> Option<String> {
    if c.sizing.per_option.is_empty() {
        return None;
    }
    if let Some(name) = &c.sizing.selector {
        return Some(name.clone());
    }
    let chosen = c.choices.option.clone()?;
    let ids: Vec<String> = c
        .sizing
        .per_option
        .iter()
        .map(|(id, _)| id.clone())
        .collect();
    let mut parameter = Parameter::new(
        ParameterType::String,
        "Deployment option of the OVF package: selects every flavor's vCPUs, RAM and root disk from the *_flavor_sizes maps (changing it resizes the servers)",
    );
    parameter.label = Some("Deployment option".to_owned());
    parameter.constraints = vec![map([(
        "allowed_values",
        seq(ids.iter().map(|id| string(id.clone()))),
    )])];
    let name = c
        .out
        .parameter(BASE, "deployment_option", "deployment_option", parameter);
    c.out.set_value(&name, string(chosen));
    c.out.group("Deployment", &name);
    c.owners.insert(name.clone(), Owner::DeploymentOption);
    c.sizing.selector = Some(name.clone());
    Some(name)
}

/// A property's value under `option`: the operator's answer holds for every option; an
/// unanswered property takes that option's default.
fn option_value(c: &Converter<'_>, option: &str, key: &str) -> Option<String> {
    let property = c
        .envelope
        .properties()
        .map(|(_, _, p)| p)
        .find(|p| p.full_key == key || p.key.value == key)?;
    if c.choices.answered.contains(&property.full_key) {
        return c.choices.values.get(&property.full_key).cloned();
    }
    property.default_for(Some(option)).map(str::to_owned)
}

/// The flavor's `vcpus`, `ram` and `disk`: the chosen option's numbers, or with a
/// selector lookups into this system's map of every option.
pub fn flavor_properties(
    c: &mut Converter<'_>,
    system: usize,
    chosen: &Size,
) -> Vec<(&'static str, Node)> {
    let literal = vec![
        (
            "vcpus",
            int(i64::try_from(chosen.vcpus).unwrap_or(i64::MAX)),
        ),
        (
            "ram",
            int(i64::try_from(chosen.ram_mib).unwrap_or(i64::MAX)),
        ),
        (
            "disk",
            int(i64::try_from(chosen.disk_gib).unwrap_or(i64::MAX)),
        ),
    ];
    let Some(selector) = selector(c) else {
        return literal;
    };
    let envelope = c.envelope;
    let label = envelope.contents[system].label();
    let mut sizes = Vec::new();
    for (option, hardware) in &c.sizing.per_option {
        let size = hardware
            .get(&system)
            .and_then(super::virtual_hardware::size);
        match size {
            Some(size) => sizes.push((option.clone(), size)),
            None => {
                c.notes.push(super::Note {
                    level: NoteLevel::Warning,
                    section: "DeploymentOptionSection",
                    subject: label.clone(),
                    message: format!(
                        "option `{option}` gives no memory size, so it keeps the chosen option's sizes"
                    ),
                });
                sizes.push((option.clone(), chosen.clone()));
            }
        }
    }
    let value = map(sizes.into_iter().map(|(option, size)| {
        (
            option,
            map([
                ("vcpus", int(i64::try_from(size.vcpus).unwrap_or(i64::MAX))),
                ("ram", int(i64::try_from(size.ram_mib).unwrap_or(i64::MAX))),
                (
                    "disk",
                    int(i64::try_from(size.disk_gib).unwrap_or(i64::MAX)),
                ),
            ]),
        )
    }));
    let system_id = &envelope.contents[system].id.value;
    let name = c.out.parameter(
        BASE,
        &join(&[system_id, "flavor_sizes"]),
        "flavor_sizes",
        Parameter::new(
            ParameterType::Json,
            format!("vCPUs, RAM (MiB) and root disk (GiB) of {label} for each deployment option"),
        ),
    );
    c.out.set_value(&name, value);
    c.out.group("Deployment", &name);
    c.owners.insert(name.clone(), Owner::DeploymentOption);
    ["vcpus", "ram", "disk"]
        .into_iter()
        .map(|field| {
            (
                field,
                call(
                    "get_param",
                    seq([string(name.clone()), get_param(&selector), string(field)]),
                ),
            )
        })
        .collect()
}

/// The deployment option as the OVF environment shows it (none without options).
pub fn env_value(c: &mut Converter<'_>, draft: DraftId) -> Option<EnvValue> {
    if let Some(selector) = selector(c) {
        let text = c
            .envelope
            .configurations()
            .iter()
            .any(|o| super::product::needs_escape(&o.id.value));
        return Some(EnvValue::Parameter {
            value: c.out.reference(draft, &Ref::Param(selector.clone())),
            name: selector,
            text,
        });
    }
    c.choices.option.clone().map(EnvValue::Literal)
}
