//! DeploymentOptionSection: the chosen option sizes every flavor. ONAP reads a server's
//! flavor by name from the environment file (R-481670, R-69431), so the option decides
//! the flavor name each `{vm-type}_flavor_name` is valued with (`<vnf>_<vm-type>_<option>`),
//! and the parameter's description gives every option's vCPUs, RAM and root disk: the
//! other options stay available by creating their flavors and changing the value.

use std::collections::HashMap;

use crate::model::ovf::{SystemHardware, resolved_hardware_with};

use super::Converter;
use super::virtual_hardware::Size;

/// Every option's hardware when the package offers a choice.
#[derive(Debug, Default)]
pub struct Sizing {
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

/// Every option's flavor size for `system`, in the package's order (empty without a
/// choice of options); an option without a memory size has none.
pub fn sizes(c: &Converter<'_>, system: usize) -> Vec<(String, Option<Size>)> {
    c.sizing
        .per_option
        .iter()
        .map(|(option, hardware)| {
            (
                option.clone(),
                hardware
                    .get(&system)
                    .and_then(super::virtual_hardware::size),
            )
        })
        .collect()
}
