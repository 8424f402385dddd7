//! Neutron Parameters: the parameters an `OS::Neutron::Port` reads for its network, fixed IPs,
//! subnets and allowed address pairs, and the floating IP resources ONAP does not allow.

mod r04697_external_ipv4_list_name;
mod r05257_no_floating_ip;
mod r15287_external_ipv6_subnet_name;
mod r18008_network_type;
pub(crate) mod r22288_internal_ipv6_subnet_not_in_env;
mod r23503_external_ipv6_list_name;
mod r27818_internal_ipv6_name;
mod r28795_internal_ipv4_in_env;
mod r29765_internal_ipv6_list_name;
pub(crate) mod r29872_network_not_in_env;
mod r34037_fixed_ip_type;
mod r35735_external_ipv6_vip_name;
mod r38236_subnet_type;
pub(crate) mod r39841_external_ipv4_not_in_env;
mod r40971_external_ipv4_name;
mod r41492_external_ipv4_vip_name;
mod r41493_address_pair_exemption;
pub(crate) mod r62590_external_ip_not_in_env;
mod r62802_external_ipv4_subnet_name;
mod r62983_external_network_parameter;
mod r681859_same_network_role;
pub(crate) mod r69634_internal_ipv4_subnet_not_in_env;
mod r71577_external_ipv6_name;
mod r717227_internal_ipv4_vip;
mod r76160_internal_ipv6_subnet_name;
mod r76449_no_floating_ip_association;
mod r78380_internal_ipv4_name;
mod r805572_internal_ipv6_vip;
pub(crate) mod r80829_external_ipv6_subnet_not_in_env;
pub(crate) mod r83412_external_vip_not_in_env;
pub(crate) mod r83677_external_ipv4_subnet_not_in_env;
mod r84123_internal_ipv4_subnet_name;
mod r85235_internal_ipv4_list_name;
mod r86182_internal_network_parameter;
pub(crate) mod r87123_external_ipv6_not_in_env;
mod r90206_internal_ipv4_list_in_env;
pub(crate) mod r93030_external_ipv6_list_not_in_env;
mod r93496_internal_ip_in_env;
mod r97201_internal_ipv6_in_env;
mod r98569_internal_ipv6_list_in_env;
pub(crate) mod r98905_external_ipv4_list_not_in_env;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r18008_network_type::RULE,
    &r29872_network_not_in_env::RULE,
    &r62983_external_network_parameter::RULE,
    &r86182_internal_network_parameter::RULE,
    &r34037_fixed_ip_type::RULE,
    &r40971_external_ipv4_name::RULE,
    &r71577_external_ipv6_name::RULE,
    &r04697_external_ipv4_list_name::RULE,
    &r23503_external_ipv6_list_name::RULE,
    &r78380_internal_ipv4_name::RULE,
    &r27818_internal_ipv6_name::RULE,
    &r85235_internal_ipv4_list_name::RULE,
    &r29765_internal_ipv6_list_name::RULE,
    &r39841_external_ipv4_not_in_env::RULE,
    &r87123_external_ipv6_not_in_env::RULE,
    &r98905_external_ipv4_list_not_in_env::RULE,
    &r93030_external_ipv6_list_not_in_env::RULE,
    &r28795_internal_ipv4_in_env::RULE,
    &r97201_internal_ipv6_in_env::RULE,
    &r90206_internal_ipv4_list_in_env::RULE,
    &r98569_internal_ipv6_list_in_env::RULE,
    &r62590_external_ip_not_in_env::RULE,
    &r93496_internal_ip_in_env::RULE,
    &r38236_subnet_type::RULE,
    &r62802_external_ipv4_subnet_name::RULE,
    &r15287_external_ipv6_subnet_name::RULE,
    &r84123_internal_ipv4_subnet_name::RULE,
    &r76160_internal_ipv6_subnet_name::RULE,
    &r83677_external_ipv4_subnet_not_in_env::RULE,
    &r80829_external_ipv6_subnet_not_in_env::RULE,
    &r69634_internal_ipv4_subnet_not_in_env::RULE,
    &r22288_internal_ipv6_subnet_not_in_env::RULE,
    &r05257_no_floating_ip::RULE,
    &r76449_no_floating_ip_association::RULE,
    &r41492_external_ipv4_vip_name::RULE,
    &r35735_external_ipv6_vip_name::RULE,
    &r41493_address_pair_exemption::RULE,
    &r83412_external_vip_not_in_env::RULE,
    &r717227_internal_ipv4_vip::RULE,
    &r805572_internal_ipv6_vip::RULE,
    &r681859_same_network_role::RULE,
];
