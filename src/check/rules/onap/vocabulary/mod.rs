//! ONAP's vocabulary: the naming conventions of parameters, resources and files (`{vm-type}`,
//! `{network-role}`, `{index}`), and the parts of a VNF those names speak about (servers,
//! networks, ports, volume modules), read once for the ONAP rules. Only ONAP rules use it:
//! src/layering.rs keeps the generic rules away.

pub mod attachment;
pub mod file_name;
pub mod index;
pub mod network_role;
pub mod networks;
pub mod ports;
pub mod role_uses;
pub mod server;
pub mod vm_type;
pub mod volume_modules;

/// Longest `{index}` read as a number (more digits would not fit in 64 bits).
const MAX_INDEX_DIGITS: usize = 18;

/// True for a non-empty name of ASCII letters, digits and underscores only (R-25877, R-75141).
pub fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// True for `availability_zone_{index}`, ONAP's name of an `OS::Nova::Server`
/// `availability_zone` parameter (R-98450), with a decimal index.
pub fn is_availability_zone_parameter(name: &str) -> bool {
    availability_zone_index(name).is_some()
}

/// The `{index}` of an `availability_zone_{index}` parameter name.
pub fn availability_zone_index(name: &str) -> Option<u64> {
    name.strip_prefix("availability_zone_")
        .and_then(parse_index)
}

/// A name ending in `_{index}`: the part before (never empty) and the index.
pub fn split_index(name: &str) -> Option<(&str, u64)> {
    let (stem, digits) = name.rsplit_once('_')?;
    if stem.is_empty() {
        return None;
    }
    Some((stem, parse_index(digits)?))
}

/// A decimal `{index}`: ASCII digits only, at most 18 of them.
pub fn parse_index(digits: &str) -> Option<u64> {
    if digits.is_empty()
        || digits.len() > MAX_INDEX_DIGITS
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    digits.parse().ok()
}

/// The part of `name` before `suffix`, when there is one and it is not empty.
pub fn stem_before<'n>(name: &'n str, suffix: &str) -> Option<&'n str> {
    name.strip_suffix(suffix).filter(|stem| !stem.is_empty())
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::vocabulary::*;

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
    fn indexed_names() {
        assert_eq!(split_index("vfw_server_12"), Some(("vfw_server", 12)));
        assert_eq!(split_index("vfw_server_012"), Some(("vfw_server", 12)));
        assert_eq!(split_index("_0"), None);
        assert_eq!(split_index("vfw_server_"), None);
        assert_eq!(split_index("vfw_server_x1"), None);
        assert_eq!(split_index("vfw_server_1234567890123456789"), None);
        assert_eq!(stem_before("vfw_image_name", "_image_name"), Some("vfw"));
        assert_eq!(stem_before("_image_name", "_image_name"), None);
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
