//! The `{vm-type}`s a VNF defines, as far as R-70276 needs them: read from each
//! `OS::Nova::Server` (its resource ID `{vm-type}_server_{index}`, and the parameters its
//! `image`, `flavor` and `name` read: `{vm-type}_image_name`, `{vm-type}_flavor_name`,
//! `{vm-type}_name_{index}`, `{vm-type}_names`).
//!
//! A minimal, read-only stand-in for the `{vm-type}` vocabulary of the Nova rules
//! (`naming/vm_type.rs`), which owns the full reading.

use std::collections::HashSet;

use crate::hot::usage::direct_read;
use crate::rules::Context;

const SERVER: &str = "OS::Nova::Server";

/// The `{vm-type}` a resource ID or parameter name carries, if it has one of the forms.
fn vm_type_of(name: &str, property: &str) -> Option<String> {
    let vm_type = match property {
        "resource" => name.rsplit_once("_server_").map(|(t, _)| t),
        "image" => name.strip_suffix("_image_name"),
        "flavor" => name.strip_suffix("_flavor_name"),
        _ => name
            .strip_suffix("_names")
            .or_else(|| name.rsplit_once("_name_").map(|(t, _)| t)),
    }?;
    (!vm_type.is_empty()).then(|| vm_type.to_ascii_lowercase())
}

/// Every `{vm-type}` of the set, lower-cased.
pub fn vm_types(context: &Context<'_>) -> HashSet<String> {
    let mut found = HashSet::new();
    for template in &context.templates {
        for slot in template.type_slots() {
            if slot.written != SERVER {
                continue;
            }
            found.extend(vm_type_of(&slot.resource.text, "resource"));
            let Some(properties) = slot.properties() else {
                continue;
            };
            for property in ["image", "flavor", "name"] {
                if let Some(parameter) = properties.get(property).and_then(direct_read).map(|r| r.name) {
                    found.extend(vm_type_of(parameter, property));
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::vm_type_of;

    #[test]
    fn forms() {
        assert_eq!(vm_type_of("vfw_server_0", "resource"), Some("vfw".into()));
        assert_eq!(vm_type_of("vFW_image_name", "image"), Some("vfw".into()));
        assert_eq!(vm_type_of("vlb_flavor_name", "flavor"), Some("vlb".into()));
        assert_eq!(vm_type_of("vdns_name_1", "name"), Some("vdns".into()));
        assert_eq!(vm_type_of("vdns_names", "name"), Some("vdns".into()));
        assert_eq!(vm_type_of("image", "image"), None);
        assert_eq!(vm_type_of("_image_name", "image"), None);
    }
}
