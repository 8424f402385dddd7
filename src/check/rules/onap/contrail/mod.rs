//! Contrail Resource Parameters: the parameters `OS::ContrailV2::VirtualMachineInterface`,
//! `OS::ContrailV2::InstanceIp` and `OS::ContrailV2::InterfaceRouteTable` read for networks,
//! addresses, subnets, virtual IPs and routed prefixes.

mod r02164_external_network_fqdn;
mod r100000_instance_ip_type;
mod r100010_external_ipv4_name;
pub(crate) mod r100020_external_ipv4_not_in_env;
mod r100030_external_ipv4_list_name;
pub(crate) mod r100040_external_ipv4_list_not_in_env;
mod r100050_external_ipv6_name;
pub(crate) mod r100060_external_ipv6_not_in_env;
mod r100070_external_ipv6_list_name;
pub(crate) mod r100080_external_ipv6_list_not_in_env;
mod r100090_internal_ipv4_name;
mod r100100_internal_ipv4_in_env;
mod r100110_internal_ipv4_list_name;
mod r100120_internal_ipv4_list_in_env;
mod r100130_internal_ipv6_name;
mod r100140_internal_ipv6_in_env;
mod r100150_internal_ipv6_list_name;
mod r100160_internal_ipv6_list_in_env;
pub(crate) mod r100170_external_ip_not_in_env;
mod r100180_internal_ip_in_env;
mod r100190_subnet_type;
mod r100200_external_ipv4_subnet_name;
pub(crate) mod r100210_external_ipv4_subnet_not_in_env;
mod r100220_external_ipv6_subnet_name;
pub(crate) mod r100230_external_ipv6_subnet_not_in_env;
mod r100240_internal_ipv4_subnet_name;
pub(crate) mod r100250_internal_ipv4_subnet_not_in_env;
mod r100260_internal_ipv6_subnet_name;
pub(crate) mod r100270_internal_ipv6_subnet_not_in_env;
pub(crate) mod r100280_external_vip_not_in_env;
mod r100310_external_ipv4_vip_name;
mod r100330_external_ipv6_vip_name;
mod r100350_address_pair_exemption;
mod r100360_internal_ipv4_vip;
mod r100370_internal_ipv6_vip;
mod r19756_route_prefixes_type;
mod r28222_route_prefixes_name;
pub(crate) mod r76682_route_prefixes_not_in_env;
pub(crate) mod r92193_network_fqdn_not_in_env;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r19756_route_prefixes_type::RULE,
    &r28222_route_prefixes_name::RULE,
    &r76682_route_prefixes_not_in_env::RULE,
    &r02164_external_network_fqdn::RULE,
    &r92193_network_fqdn_not_in_env::RULE,
    &r100280_external_vip_not_in_env::RULE,
    &r100310_external_ipv4_vip_name::RULE,
    &r100330_external_ipv6_vip_name::RULE,
    &r100350_address_pair_exemption::RULE,
    &r100360_internal_ipv4_vip::RULE,
    &r100370_internal_ipv6_vip::RULE,
    &r100000_instance_ip_type::RULE,
    &r100010_external_ipv4_name::RULE,
    &r100030_external_ipv4_list_name::RULE,
    &r100050_external_ipv6_name::RULE,
    &r100070_external_ipv6_list_name::RULE,
    &r100090_internal_ipv4_name::RULE,
    &r100110_internal_ipv4_list_name::RULE,
    &r100130_internal_ipv6_name::RULE,
    &r100150_internal_ipv6_list_name::RULE,
    &r100020_external_ipv4_not_in_env::RULE,
    &r100040_external_ipv4_list_not_in_env::RULE,
    &r100060_external_ipv6_not_in_env::RULE,
    &r100080_external_ipv6_list_not_in_env::RULE,
    &r100100_internal_ipv4_in_env::RULE,
    &r100120_internal_ipv4_list_in_env::RULE,
    &r100140_internal_ipv6_in_env::RULE,
    &r100160_internal_ipv6_list_in_env::RULE,
    &r100170_external_ip_not_in_env::RULE,
    &r100180_internal_ip_in_env::RULE,
    &r100190_subnet_type::RULE,
    &r100200_external_ipv4_subnet_name::RULE,
    &r100220_external_ipv6_subnet_name::RULE,
    &r100240_internal_ipv4_subnet_name::RULE,
    &r100260_internal_ipv6_subnet_name::RULE,
    &r100210_external_ipv4_subnet_not_in_env::RULE,
    &r100230_external_ipv6_subnet_not_in_env::RULE,
    &r100250_internal_ipv4_subnet_not_in_env::RULE,
    &r100270_internal_ipv6_subnet_not_in_env::RULE,
];
