//! Requirements of the catalogue's "Resource IDs" section: how resource ids name the VM type,
//! the network role and their indexes.

mod r04747_cloud_config_id;
mod r08975_software_config_id;
mod r11690_index_sequence;
mod r16437_service_template_id;
mod r20065_port_tuple_id;
mod r20453_external_port_id;
mod r25720_neutron_network_id;
mod r26351_internal_port_id;
mod r29751_server_id;
mod r30753_network_ipam_id;
mod r30804_multipart_mime_id;
mod r46128_external_v6_ip_id;
mod r50468_internal_vmi_id;
mod r53310_external_v4_ip_id;
mod r62187_internal_v4_ip_id;
mod r76014_service_health_check_id;
mod r81214_interface_route_table_id;
mod r87563_internal_v6_ip_id;
mod r96253_external_vmi_id;
mod r99110_contrail_network_id;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r04747_cloud_config_id::RULE,
    &r08975_software_config_id::RULE,
    &r11690_index_sequence::RULE,
    &r16437_service_template_id::RULE,
    &r20065_port_tuple_id::RULE,
    &r20453_external_port_id::RULE,
    &r25720_neutron_network_id::RULE,
    &r26351_internal_port_id::RULE,
    &r29751_server_id::RULE,
    &r30753_network_ipam_id::RULE,
    &r30804_multipart_mime_id::RULE,
    &r46128_external_v6_ip_id::RULE,
    &r50468_internal_vmi_id::RULE,
    &r53310_external_v4_ip_id::RULE,
    &r62187_internal_v4_ip_id::RULE,
    &r76014_service_health_check_id::RULE,
    &r81214_interface_route_table_id::RULE,
    &r87563_internal_v6_ip_id::RULE,
    &r96253_external_vmi_id::RULE,
    &r99110_contrail_network_id::RULE,
];
