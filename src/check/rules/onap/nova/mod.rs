//! Requirements of the catalogue's "Nova Parameters" section: the `OS::Nova::Server`
//! properties `name`, `image`, `flavor` and `availability_zone` and the parameters behind them.

pub(crate) mod r22838_name_env;
mod r23311_availability_zone_type;
mod r304011_same_vm_type;
mod r40499_flavor_per_vm_type;
mod r45188_flavor_parameter_name;
mod r481670_flavor_get_param;
mod r50436_flavor_type;
mod r51430_name_type;
mod r54171_name_parameter;
mod r57282_image_per_vm_type;
mod r58670_image_parameter_name;
pub(crate) mod r59568_availability_zone_env;
mod r663631_name_get_param;
mod r69431_flavor_env;
mod r71152_image_type;
mod r87817_names_parameter;
mod r901331_image_get_param;
mod r91125_image_env;
mod r98450_availability_zone_name;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r22838_name_env::RULE,
    &r23311_availability_zone_type::RULE,
    &r304011_same_vm_type::RULE,
    &r40499_flavor_per_vm_type::RULE,
    &r45188_flavor_parameter_name::RULE,
    &r481670_flavor_get_param::RULE,
    &r50436_flavor_type::RULE,
    &r51430_name_type::RULE,
    &r54171_name_parameter::RULE,
    &r57282_image_per_vm_type::RULE,
    &r58670_image_parameter_name::RULE,
    &r59568_availability_zone_env::RULE,
    &r663631_name_get_param::RULE,
    &r69431_flavor_env::RULE,
    &r71152_image_type::RULE,
    &r87817_names_parameter::RULE,
    &r901331_image_get_param::RULE,
    &r91125_image_env::RULE,
    &r98450_availability_zone_name::RULE,
];
