//! Small template sets for the resolution tests: a vDNS whose resolver node is an abstract
//! type, loaded from memory the way `onboard` loads a set.

use std::path::Path;

use crate::hot::{FileId, HotSet, Roots, load_set};
use crate::limits::Limits;
use crate::source::PackageFiles;

/// The base module: one resolver node of the abstract type `OS::VDNS::Resolver`.
pub(super) const MODULE: &str = "heat_template_version: 2016-10-14
description: Base module of a virtual DNS VNF
parameters:
  vnf_name:
    type: string
    description: Name of this VNF instance
resources:
  dns_node_0:
    type: OS::VDNS::Resolver
    properties:
      vnf_name: {get_param: vnf_name}
";

/// A resolver node template with `capabilities` (indented lines) as its annotation, or
/// none when empty.
pub(super) fn resolver(capabilities: &str) -> String {
    let annotation = if capabilities.is_empty() {
        String::new()
    } else {
        format!("capabilities:\n{capabilities}")
    };
    format!(
        "heat_template_version: 2016-10-14
description: One resolver VM
{annotation}parameters:
  vnf_name:
    type: string
    description: Name of this VNF instance
resources:
  dns_server_0:
    type: OS::Nova::Server
    properties:
      image: dns-resolver-9.18
      flavor: m1.medium
      metadata:
        vnf_name: {{get_param: vnf_name}}
"
    )
}

/// The set of `files` (package path, text), every template and environment discovered.
pub(super) fn set(files: &[(&str, &str)]) -> HotSet {
    let limits = Limits::default();
    let files = PackageFiles::from_memory(
        Path::new("vdns"),
        files
            .iter()
            .map(|(path, text)| ((*path).to_owned(), text.as_bytes().to_vec()))
            .collect(),
        &limits,
    )
    .expect("the sample names are safe");
    load_set(&files, Roots::Discover, "vdns".to_owned(), &limits)
}

/// The id of a file the set must have.
pub(super) fn id(set: &HotSet, path: &str) -> FileId {
    set.find(path)
        .unwrap_or_else(|| panic!("{path} is not in the set"))
}
