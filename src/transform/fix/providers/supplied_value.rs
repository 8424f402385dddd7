//! An environment file lists a value ONAP supplies when it instantiates the module (the
//! VNF and module ids and names, server names, the networks, subnets and fixed addresses
//! of external networks, …): the entry is deleted, with its own lines and trailing
//! comment; comments above it and every other byte stay. Safe: ONAP overrides the listed
//! value at instantiation, so the module deploys as before, with ONAP's value.
//!
//! R-99812 (a non-server resource's `name` in the environment) deletes the same way, for
//! review: ONAP does not supply that name, the template must build it (from `vnf_name`),
//! which the fix does not do, and its title says so.
//! R-599443 and R-92635/env-parameter (the environment lists a parameter the template does
//! not declare, which Heat refuses) delete the line for review: the name may be a typo of one that is declared.

use crate::check::rules::hot_spec;
use crate::check::rules::onap;
use crate::input::yaml::Node;
use crate::model::hot::secrets::hidden_parameters;
use crate::transform::fix::locate::{self, same_place};
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[
        &onap::nova_metadata::r02691_workload_context_env::RULE.meta,
        &onap::nova_metadata::r13194_environment_context_env::RULE.meta,
        &onap::nova_metadata::r20856_vnf_id_env::RULE.meta,
        &onap::neutron::r22288_internal_ipv6_subnet_not_in_env::RULE.meta,
        &onap::nova::r22838_name_env::RULE.meta,
        &onap::neutron::r29872_network_not_in_env::RULE.meta,
        &onap::nova_metadata::r36542_vnf_name_env::RULE.meta,
        &onap::nova_metadata::r37039_vf_module_index_env::RULE.meta,
        &onap::neutron::r39841_external_ipv4_not_in_env::RULE.meta,
        &onap::nova::r59568_availability_zone_env::RULE.meta,
        &onap::neutron::r62590_external_ip_not_in_env::RULE.meta,
        &onap::neutron::r69634_internal_ipv4_subnet_not_in_env::RULE.meta,
        &onap::nova_metadata::r72871_vf_module_id_env::RULE.meta,
        &onap::contrail::r76682_route_prefixes_not_in_env::RULE.meta,
        &onap::nova_metadata::r80374_vf_module_name_env::RULE.meta,
        &onap::neutron::r80829_external_ipv6_subnet_not_in_env::RULE.meta,
        &onap::neutron::r83412_external_vip_not_in_env::RULE.meta,
        &onap::neutron::r83677_external_ipv4_subnet_not_in_env::RULE.meta,
        &onap::neutron::r87123_external_ipv6_not_in_env::RULE.meta,
        &onap::contrail::r92193_network_fqdn_not_in_env::RULE.meta,
        &onap::neutron::r93030_external_ipv6_list_not_in_env::RULE.meta,
        &onap::neutron::r98905_external_ipv4_list_not_in_env::RULE.meta,
        &onap::contrail::r100020_external_ipv4_not_in_env::RULE.meta,
        &onap::contrail::r100040_external_ipv4_list_not_in_env::RULE.meta,
        &onap::contrail::r100060_external_ipv6_not_in_env::RULE.meta,
        &onap::contrail::r100080_external_ipv6_list_not_in_env::RULE.meta,
        &onap::contrail::r100170_external_ip_not_in_env::RULE.meta,
        &onap::contrail::r100210_external_ipv4_subnet_not_in_env::RULE.meta,
        &onap::contrail::r100230_external_ipv6_subnet_not_in_env::RULE.meta,
        &onap::contrail::r100250_internal_ipv4_subnet_not_in_env::RULE.meta,
        &onap::contrail::r100270_internal_ipv6_subnet_not_in_env::RULE.meta,
        &onap::contrail::r100280_external_vip_not_in_env::RULE.meta,
        &onap::resource_property::r99812_name_env::RULE.meta,
        &onap::environment::r599443_env_declared::RULE.meta,
        &hot_spec::env_parameter::RULE.meta,
    ],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    match deletion(request) {
        Ok(fix) => Offer::Ready(fix),
        Err(reason) => Offer::Unavailable(reason.to_owned()),
    }
}

fn deletion(request: &Request<'_, '_>) -> Result<Fix, &'static str> {
    let violation = request.violation;
    let set = request.set();
    let name = violation
        .path
        .strip_prefix("parameters.")
        .ok_or("the value is not under the environment's `parameters:`")?;
    let env = locate::environment(request.context, &violation.file)
        .ok_or("the environment file could not be read")?;
    let (Some(section_key), Some(values)) =
        (env.root.key("parameters"), env.root.get("parameters"))
    else {
        return Err("the environment file has no `parameters:`");
    };
    let map = values.as_map().ok_or("`parameters:` is not a map")?;
    let (key, value) = map
        .iter()
        .find(|(k, _)| k.text == name && same_place(k.span, violation.span))
        .ok_or("the entry could not be found where the violation points")?;
    let layout =
        locate::layout(request.context, env.id).ok_or("the environment file is not UTF-8 text")?;
    let edits = layout
        .delete_entry(values, Some(section_key), name)
        .ok_or("the entry is not written in a layout vnfwiz edits")?;
    let (safety, title) = match violation.rule.id {
        "R-99812" => (
            Safety::Review,
            format!(
                "Delete `{name}` from {} (building the name from `vnf_name` in the template is left to you)",
                violation.file
            ),
        ),
        "R-599443" | "R-92635/env-parameter" => (
            Safety::Review,
            format!(
                "Delete `{name}`, which no template declares, from {}",
                violation.file
            ),
        ),
        _ => (
            Safety::Safe,
            format!(
                "Delete `{name}` from {}: ONAP supplies it at instantiation",
                violation.file
            ),
        ),
    };
    let mut fix = Fix::new(violation.rule.id, title, safety, edits);
    if hidden_parameters(set).contains(key.text.as_str()) {
        fix.secrets.push(written(layout.text, value));
    }
    Ok(fix)
}

/// The value's text as written.
fn written(text: &str, value: &Node) -> String {
    text.get(value.span.start as usize..value.span.end as usize)
        .unwrap_or_default()
        .to_owned()
}
