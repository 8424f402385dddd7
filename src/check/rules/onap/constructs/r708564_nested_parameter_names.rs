//! R-708564: a parent passes the parameters behind a nested template's key properties under
//! the same name it reads them by.
//!
//! The key properties are the ones the requirement lists: a server's `flavor`, `image`,
//! `name` and ONAP metadata; a port's `network`, `fixed_ips` `ip_address`/`subnet` and
//! `allowed_address_pairs` `ip_address`; a Contrail interface's `virtual_network_refs` and
//! allowed address pair prefixes; a Contrail instance IP's `instance_ip_address` and
//! `subnet_uuid`. When the nested template reads parameter `P` there (`{get_param: P}` or
//! `{get_param: [P, …]}`, also inside other functions), the calling resource must pass `P`
//! as `{get_param: P}`: a `get_param` of another name is a rename. Values from other
//! functions (`get_resource`, `get_attr`) are not parameter names and are left alone, nor
//! are Heat's pseudo parameters (`OS::stack_name`…); a parameter not passed at all is
//! R-11041's.

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::functions::Call;
use crate::model::hot::parameters::PSEUDO_PARAMETERS;
use crate::model::hot::template::resource_type;
use crate::model::hot::usage::{DirectRead, direct_read, parameter_read};
use crate::model::hot::{FileId, Template};

/// A key property's parameter renamed on its way into a nested template.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-708564",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Template Constructs / Nested Heat Templates / Nested Heat Template \
                  Requirements",
        summary: "The parameters behind a nested server's flavor, image, name and ONAP \
                  metadata, a port's network and IP addresses, and Contrail interface and \
                  instance IP addresses keep their names from module to nested file.",
        why: "ONAP assigns these values (image, flavor, IP addresses, VNF and module ids) by \
              parameter name when it instantiates the module; a parameter renamed on the way \
              into a nested file is one ONAP neither fills nor recognises, so the VM boots \
              with the wrong value or none.",
        fix: "Pass the value under the nested template's own name: `vfw_image_name: \
              {get_param: vfw_image_name}`, declaring the parameter with that name in the \
              module.",
    },
    check: Check::Hot(check),
};

const GROUPS: [(&str, &str); 2] = [
    ("OS::Heat::ResourceGroup", "resource_def"),
    ("OS::Heat::AutoScalingGroup", "resource"),
];

const VMI_PAIRS: &str = "virtual_machine_interface_allowed_address_pairs";
const VMI_PAIR: &str = "virtual_machine_interface_allowed_address_pairs_allowed_address_pair";
const VMI_PAIR_IP: &str = "virtual_machine_interface_allowed_address_pairs_allowed_address_pair_ip";
const VMI_PAIR_PREFIX: &str =
    "virtual_machine_interface_allowed_address_pairs_allowed_address_pair_ip_ip_prefix";

/// Property paths (below `properties`) whose parameters keep their names, per resource type;
/// `*` stands for a list index.
const KEY_PROPERTIES: &[(&str, &[&[&str]])] = &[
    (
        "OS::Nova::Server",
        &[
            &["flavor"],
            &["image"],
            &["name"],
            &["metadata", "vnf_id"],
            &["metadata", "vf_module_id"],
            &["metadata", "vnf_name"],
            &["metadata", "vf_module_name"],
            &["metadata", "vm_role"],
            &["metadata", "vf_module_index"],
            &["metadata", "workload_context"],
            &["metadata", "environment_context"],
        ],
    ),
    (
        "OS::Neutron::Port",
        &[
            &["fixed_ips", "*", "ip_address"],
            &["fixed_ips", "*", "subnet"],
            &["allowed_address_pairs", "*", "ip_address"],
            &["network"],
        ],
    ),
    (
        "OS::ContrailV2::VirtualMachineInterface",
        &[
            &["virtual_network_refs"],
            &[VMI_PAIRS, VMI_PAIR, "*", VMI_PAIR_IP, VMI_PAIR_PREFIX],
        ],
    ),
    (
        "OS::ContrailV2::InstanceIp",
        &[&["instance_ip_address"], &["subnet_uuid"]],
    ),
];

/// The resource type and the path below its `properties` of a call inside a resource (or a
/// group's member definition).
fn property_of<'c, 'a: 'c>(
    template: &Template<'a>,
    call: &'c Call<'a>,
) -> Option<(&'c str, &'c str)> {
    let rest = call
        .path
        .strip_prefix("resources.")?
        .strip_prefix(call.owner)?
        .strip_prefix(".properties.")?;
    let resource = template.resource(call.owner)?;
    let kind = resource_type(resource)?;
    match GROUPS.iter().find(|(group, _)| *group == kind) {
        Some((_, member)) => {
            let inner = rest.strip_prefix(member)?.strip_prefix(".properties.")?;
            let member_type = resource.get("properties")?.get(member)?.get("type")?;
            Some((member_type.as_str()?, inner))
        }
        None => Some((kind, rest)),
    }
}

/// True when `path` (dotted, below `properties`) lies under one of `patterns`.
fn is_key_property(patterns: &[&[&str]], path: &str) -> bool {
    // A `get_param` inside another's arguments is an index, not the property's parameter.
    if path.split('.').any(|step| step == "get_param") {
        return false;
    }
    patterns.iter().any(|pattern| {
        let mut steps = path.split('.');
        pattern.iter().all(|want| {
            steps.next().is_some_and(|step| {
                if *want == "*" {
                    step.bytes().all(|b| b.is_ascii_digit())
                } else {
                    *want == step
                }
            })
        })
    })
}

/// The parameters a nested template reads in key properties, each with its first read.
fn key_parameters<'c, 'a>(
    template: &Template<'a>,
    calls: &'c [Call<'a>],
) -> Vec<(&'a str, &'c Call<'a>)> {
    let mut found: Vec<(&'a str, &'c Call<'a>)> = Vec::new();
    let mut seen = foldhash::HashSet::default();
    for call in calls {
        let Some(parameter) = parameter_read(call) else {
            continue;
        };
        let Some((kind, path)) = property_of(template, call) else {
            continue;
        };
        let patterns = KEY_PROPERTIES
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case(kind))
            .map(|(_, p)| *p);
        if patterns.is_some_and(|p| is_key_property(p, path)) && seen.insert(parameter) {
            found.push((parameter, call));
        }
    }
    found
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let mut by_child: HashMap<FileId, Vec<(&str, &Call<'_>)>> = HashMap::new();
    for nested in &context.nesting().uses {
        let Some(child) = context.template(nested.child) else {
            continue;
        };
        let Some(passed) = nested.slot.properties() else {
            continue;
        };
        let keys = by_child
            .entry(nested.child)
            .or_insert_with(|| key_parameters(child, context.calls_of(nested.child)));
        for (parameter, read) in keys.iter() {
            let Some(value) = passed.get(parameter) else {
                continue;
            };
            let Some(DirectRead { key, name, .. }) = direct_read(value) else {
                continue;
            };
            // Heat's pseudo parameters are the stack's own values, not template parameters
            // that could have been renamed.
            if name == *parameter || PSEUDO_PARAMETERS.contains(&name) {
                continue;
            }
            let owner = nested.slot.path();
            let owner = owner.strip_suffix(".type").unwrap_or(&owner);
            findings
                .report(
                    nested.parent.file,
                    key.span,
                    format!("{owner}.properties.{parameter}"),
                    format!(
                        "`{parameter}` of `{}` is passed from parameter `{name}`; it must keep \
                         the name `{parameter}`",
                        child.path()
                    ),
                )
                .also(
                    child.path(),
                    read.name.span,
                    format!("`{parameter}` is read here, in `{}`", read.path),
                );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_property_paths() {
        let port = KEY_PROPERTIES[1].1;
        assert!(is_key_property(port, "fixed_ips.0.ip_address"));
        assert!(is_key_property(port, "network"));
        assert!(is_key_property(
            port,
            "fixed_ips.1.subnet.str_replace.params.x"
        ));
        assert!(!is_key_property(port, "fixed_ips.a.ip_address"));
        assert!(!is_key_property(port, "fixed_ips"));
        assert!(!is_key_property(port, "network_id"));
        let server = KEY_PROPERTIES[0].1;
        assert!(is_key_property(server, "metadata.vnf_id"));
        assert!(!is_key_property(server, "metadata.vnf_id.get_param.1"));
        assert!(!is_key_property(server, "metadata.other"));
    }
}
