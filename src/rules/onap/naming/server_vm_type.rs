//! The `{vm-type}` a server's own names give, as the networking rules need it to read port
//! parameter names (`{vm-type}_{network-role}_ip_{index}`).
//!
//! A minimal read-only helper: the server's `image` (`{vm-type}_image_name`), `flavor`
//! (`{vm-type}_flavor_name`) and `name` (`{vm-type}_name_{index}`, `{vm-type}_names`)
//! parameters and its resource id (`{vm-type}_server_{index}`). Whether these agree is the
//! `{vm-type}` rules' business; every vm-type found is returned.

use crate::hot::usage::read_parameter;
use crate::yaml::Node;

/// The distinct vm-types named by a server's parameters and resource id, in that order.
pub fn server_vm_types<'a>(id: &'a str, server: &'a Node) -> Vec<&'a str> {
    let mut found: Vec<&'a str> = Vec::new();
    let mut add = |vm_type: Option<&'a str>| {
        if let Some(vm_type) = vm_type.filter(|v| !v.is_empty())
            && !found.contains(&vm_type)
        {
            found.push(vm_type);
        }
    };
    let properties = server.get("properties");
    let read = |property: &str| read_parameter(properties?.get(property)?)?.as_str();
    add(read("image").and_then(|p| p.strip_suffix("_image_name")));
    add(read("flavor").and_then(|p| p.strip_suffix("_flavor_name")));
    add(read("name").and_then(|p| {
        p.strip_suffix("_names")
            .or_else(|| strip_index(p)?.strip_suffix("_name"))
    }));
    add(strip_index(id).and_then(|rest| rest.strip_suffix("_server")));
    found
}

/// `name` without its `_{digits}` ending, when it has one.
fn strip_index(name: &str) -> Option<&str> {
    let (rest, digits) = name.rsplit_once('_')?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{YamlLimits, parse};

    fn vm_types(id: &str, text: &str) -> Vec<String> {
        let document = parse(text.as_bytes(), &YamlLimits::default()).unwrap();
        server_vm_types(id, &document.root)
            .into_iter()
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn from_parameters_and_id() {
        let found = vm_types(
            "vfw_server_0",
            "type: OS::Nova::Server\nproperties:\n  image: {get_param: vfw_image_name}\n  \
             flavor: {get_param: vfw_flavor_name}\n  name: {get_param: [vfw_names, 0]}\n",
        );
        assert_eq!(found, ["vfw"]);
        let found = vm_types(
            "lb_server_1",
            "properties:\n  image: {get_param: vlb_image_name}\n  name: {get_param: vlb_name_1}\n",
        );
        assert_eq!(found, ["vlb", "lb"]);
        assert!(vm_types("server", "properties:\n  image: cirros\n").is_empty());
    }
}
