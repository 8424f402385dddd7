//! The values ONAP supplies when it instantiates a module (`vnf_id`, `vnf_name`,
//! `vf_module_id`): declared once in the base template without a value (R-20856, R-36542,
//! R-72871), read by every server's `metadata` (R-37437, R-72483, R-71493) and by the
//! `name` of every other resource (R-85734), so two instances of the VNF never clash.

use crate::input::yaml::Node;
use crate::input::yaml::write::{map, string};
use crate::model::hot::parameters::ParameterType;

use super::Converter;
use super::draft::{BASE, DraftId, Parameter, Ref, call};

/// The VNF instance's id.
pub const VNF_ID: &str = "vnf_id";
/// The VNF instance's name.
pub const VNF_NAME: &str = "vnf_name";
/// The module instance's id.
pub const VF_MODULE_ID: &str = "vf_module_id";

/// The placeholder of [`VNF_NAME`] in resource names.
const PLACEHOLDER: &str = "VNF_NAME";

/// The `parameter_groups` label of every value ONAP supplies at instantiation (these three,
/// server names, availability zones, external networks); the group comes last.
pub const SUPPLIED: &str = "Supplied by ONAP at instantiation";

/// Declares the three parameters in the base template (first, so no other parameter takes
/// their names).
pub fn declare(c: &mut Converter<'_>) {
    for (name, description) in [
        (
            VNF_ID,
            "ID of the VNF instance, supplied by ONAP at instantiation",
        ),
        (
            VNF_NAME,
            "Name of the VNF instance, supplied by ONAP at instantiation; every resource name starts with it",
        ),
        (
            VF_MODULE_ID,
            "ID of the VF module instance, supplied by ONAP at instantiation",
        ),
    ] {
        c.out.parameter(
            BASE,
            name,
            name,
            Parameter::new(ParameterType::String, description),
        );
        c.out.group(SUPPLIED, name);
    }
}

/// The ONAP entries of a server's `metadata`.
pub fn metadata(c: &mut Converter<'_>, draft: DraftId) -> Vec<(String, Node)> {
    [VNF_ID, VF_MODULE_ID, VNF_NAME]
        .into_iter()
        .map(|name| {
            (
                name.to_owned(),
                c.out.reference(draft, &Ref::Param(name.to_owned())),
            )
        })
        .collect()
}

/// A resource `name`: `text` prefixed with the VNF instance's name
/// (`{str_replace: {template: VNF_NAME_<text>, params: {VNF_NAME: {get_param: vnf_name}}}}`).
pub fn name(c: &mut Converter<'_>, draft: DraftId, text: &str) -> Node {
    let vnf_name = c.out.reference(draft, &Ref::Param(VNF_NAME.to_owned()));
    call(
        "str_replace",
        map([
            ("template", string(format!("{PLACEHOLDER}_{text}"))),
            ("params", map([(PLACEHOLDER, vnf_name)])),
        ]),
    )
}
