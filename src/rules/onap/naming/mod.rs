//! ONAP's naming conventions for parameters and resources.

pub mod network_role;
pub mod server_vm_type;

/// True for a non-empty name of ASCII letters, digits and underscores only (R-25877, R-75141).
pub fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// True for `availability_zone_{index}`, ONAP's name of an `OS::Nova::Server`
/// `availability_zone` parameter (R-98450), with a decimal index.
pub fn is_availability_zone_parameter(name: &str) -> bool {
    name.strip_prefix("availability_zone_")
        .is_some_and(|index| !index.is_empty() && index.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names() {
        assert!(is_plain_name("vfw_server_0"));
        assert!(is_plain_name("OAM_net_ID"));
        assert!(!is_plain_name(""));
        assert!(!is_plain_name("vfw-server"));
        assert!(!is_plain_name("vfw.server"));
        assert!(!is_plain_name("vfw server"));
        assert!(!is_plain_name("näme"));
    }

    #[test]
    fn availability_zone_names() {
        assert!(is_availability_zone_parameter("availability_zone_0"));
        assert!(is_availability_zone_parameter("availability_zone_12"));
        assert!(!is_availability_zone_parameter("availability_zone"));
        assert!(!is_availability_zone_parameter("availability_zone_"));
        assert!(!is_availability_zone_parameter("availability_zone_a"));
        assert!(!is_availability_zone_parameter("vfw_availability_zone_0"));
    }
}
