//! Package rules: SOL004 CSAR checks (`CSAR-…`) in the order Tacker makes them — the
//! archive, TOSCA.meta or the root template, the VNFD, instantiation levels, software
//! images, flavours, artifact digests and signature, BaseHOT — and SDC's MANIFEST.json
//! checks of ONAP heat packages (`SDC-…`).

mod algorithm;
mod artifact_file;
mod artifact_keys;
mod artifact_separator;
mod base_hot;
mod default_level;
mod digest;
mod entry_definitions;
mod entry_manifest;
mod flavour;
mod flavour_id;
mod flavour_inputs;
mod hash_format;
mod import;
mod instantiation_level;
mod manifest_metadata;
mod manifest_name;
mod meta_keys;
mod meta_yaml;
mod root_yaml;
mod sdc_env_attached;
mod sdc_extension;
mod sdc_is_base;
mod sdc_missing_file;
mod sdc_type;
mod sdc_unlisted_file;
mod signature;
mod signed_layout;
mod signed_missing;
mod signer;
mod signer_trust;
mod signer_validity;
mod source;
mod sw_image_count;
mod sw_image_data;
mod vnf_properties;
mod vnfd_yaml;
mod vnfsdk_keys;
mod vnfsdk_release_key;
mod zip;

use crate::input::yaml::{Key, Node, Value};
use crate::model::csar::vnfd::SW_IMAGE;

use super::Rule;

/// SDC's manifest of a heat package.
const MANIFEST_JSON: &str = "MANIFEST.json";

/// The package rules.
pub const RULES: &[&Rule] = &[
    &algorithm::RULE,
    &artifact_file::RULE,
    &artifact_keys::RULE,
    &artifact_separator::RULE,
    &base_hot::RULE,
    &default_level::RULE,
    &digest::RULE,
    &entry_definitions::RULE,
    &entry_manifest::RULE,
    &flavour::RULE,
    &flavour_inputs::RULE,
    &flavour_id::RULE,
    &hash_format::RULE,
    &import::RULE,
    &instantiation_level::RULE,
    &manifest_metadata::RULE,
    &manifest_name::RULE,
    &meta_keys::RULE,
    &meta_yaml::RULE,
    &root_yaml::RULE,
    &sdc_env_attached::RULE,
    &sdc_extension::RULE,
    &sdc_is_base::RULE,
    &sdc_missing_file::RULE,
    &sdc_type::RULE,
    &sdc_unlisted_file::RULE,
    &signature::RULE,
    &signed_layout::RULE,
    &signed_missing::RULE,
    &signer::RULE,
    &signer_trust::RULE,
    &signer_validity::RULE,
    &source::RULE,
    &sw_image_count::RULE,
    &sw_image_data::RULE,
    &vnf_properties::RULE,
    &vnfd_yaml::RULE,
    &vnfsdk_keys::RULE,
    &vnfsdk_release_key::RULE,
    &zip::RULE,
];

/// The artifacts of a node template that Tacker takes for software images: those of type
/// tosca.artifacts.nfv.SwImage, and any written as a plain path.
fn image_artifacts(template: &Node) -> Vec<&Key> {
    template
        .get("artifacts")
        .and_then(Node::as_map)
        .into_iter()
        .flat_map(|a| a.iter())
        .filter(|(_, artifact)| match &artifact.value {
            Value::Str(_) => true,
            Value::Map(_) => artifact.get("type").and_then(Node::as_str) == Some(SW_IMAGE),
            _ => false,
        })
        .map(|(name, _)| name)
        .collect()
}
