//! OVF descriptor rules (`OVF-…`): the descriptor reads as OVF, every reference resolves,
//! ids are unique, properties and qualifiers are sound, and nothing vnfwiz cannot honour
//! (encryption, required unknown sections) passes silently.

mod build_template;
mod default_value;
pub mod dialect;
mod doctype;
mod duplicate_id;
mod encryption;
mod legacy_units;
mod malformed_value;
mod missing_attribute;
mod namespace_slash;
mod no_hardware;
mod one_memory;
mod placeholder_default;
mod property_type;
mod qualifier;
mod ref_configuration;
mod ref_disk;
mod ref_file;
mod ref_network;
mod ref_parent;
mod ref_placement_group;
mod ref_resource_group;
mod ref_router;
mod ref_startup;
mod section_placement;
mod strings_bundle;
mod syntax;
mod units;
mod unknown_section;
mod unknown_setting;
mod xml_limit;

use crate::model::ovf::NoticeKind;

use super::{Findings, OvfContext, Rule};

/// The OVF rules.
pub const RULES: &[&Rule] = &[
    &build_template::RULE,
    &default_value::RULE,
    &doctype::RULE,
    &duplicate_id::RULE,
    &encryption::RULE,
    &legacy_units::RULE,
    &malformed_value::RULE,
    &missing_attribute::RULE,
    &namespace_slash::RULE,
    &no_hardware::RULE,
    &one_memory::RULE,
    &placeholder_default::RULE,
    &property_type::RULE,
    &qualifier::RULE,
    &ref_configuration::RULE,
    &ref_disk::RULE,
    &ref_file::RULE,
    &ref_network::RULE,
    &ref_parent::RULE,
    &ref_placement_group::RULE,
    &ref_resource_group::RULE,
    &ref_router::RULE,
    &ref_startup::RULE,
    &section_placement::RULE,
    &strings_bundle::RULE,
    &syntax::RULE,
    &units::RULE,
    &unknown_section::RULE,
    &unknown_setting::RULE,
    &xml_limit::RULE,
];

/// Reports every notice of one kind made while reading the descriptor.
fn report_notices(context: &OvfContext<'_>, findings: &mut Findings<'_>, kind: NoticeKind) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for notice in envelope.notices.iter().filter(|n| n.kind == kind) {
        findings.report_at(context.file, notice.span, &notice.path, &notice.message);
    }
}

/// Every hardware section (VirtualHardwareSections and ResourceAllocationSections) with the
/// label of the content that holds it.
fn hardware_sections<'a>(
    context: &OvfContext<'a>,
) -> impl Iterator<Item = (String, &'a crate::model::ovf::sections::HardwareSection)> + use<'a> {
    context.envelope.into_iter().flat_map(|envelope| {
        envelope.contents.iter().flat_map(|content| {
            content
                .hardware
                .iter()
                .chain(content.resource_allocation.iter())
                .map(move |section| (content.label(), section))
        })
    })
}
