//! Heat's custom constraints that need no cloud: the address forms its `ip_addr`,
//! `ip_or_cidr`, `net_cidr` and `mac_addr` constraints accept (`heat.engine.constraint.
//! common_constraints`, through neutron-lib's validators and netaddr), checked the way Heat
//! checks them before it creates anything. Constraints that look a name up in a service
//! (`nova.flavor`, `neutron.network`, …) need the cloud and are not judged here; nor are the
//! few other offline ones (DNS names, cron, time zones, dates), which no ONAP input uses.

use std::net::{Ipv4Addr, Ipv6Addr};

/// Why `text` breaks the custom constraint `name`, when vnfwiz checks that constraint.
pub fn problem(name: &str, text: &str) -> Option<String> {
    let ok = match name {
        "ip_addr" => ip_address(text),
        "ip_or_cidr" if text.contains('/') => subnet(text),
        "ip_or_cidr" => ip_address(text),
        "net_cidr" => subnet(text),
        "mac_addr" => mac_address(text),
        _ => return None,
    };
    (!ok).then(|| {
        let what = match name {
            "ip_addr" => "an IP address",
            "ip_or_cidr" => "an IP address or CIDR",
            "net_cidr" => "a network CIDR (`10.0.0.0/24`)",
            _ => "a MAC address",
        };
        format!("{text:?} is not {what} (Heat's `{name}` constraint)")
    })
}

/// neutron-lib's `validate_ip_address`: IPv6, or IPv4 written in its plain dotted form (four
/// decimal parts, no leading zeros).
fn ip_address(text: &str) -> bool {
    if text.contains(':') {
        return text.parse::<Ipv6Addr>().is_ok();
    }
    // Rust's parser takes exactly netaddr's canonical dotted quad.
    text.parse::<Ipv4Addr>().is_ok()
}

/// neutron-lib's `validate_subnet`: an address, `/`, a prefix length that fits it, written
/// as netaddr writes it back.
fn subnet(text: &str) -> bool {
    let Some((address, prefix)) = text.split_once('/') else {
        return false;
    };
    let canonical = !prefix.is_empty()
        && prefix.bytes().all(|b| b.is_ascii_digit())
        && (prefix == "0" || !prefix.starts_with('0'));
    let Ok(length) = prefix.parse::<u8>() else {
        return false;
    };
    if address.contains(':') {
        canonical && length <= 128 && address.parse::<Ipv6Addr>().is_ok()
    } else {
        canonical && length <= 32 && address.parse::<Ipv4Addr>().is_ok()
    }
}

/// netaddr's `valid_mac` (EUI-48): six groups of one or two hex digits joined by `:` or
/// `-`, three groups of four joined by `.`, or twelve hex digits.
fn mac_address(text: &str) -> bool {
    let hex = |group: &str, min: usize, max: usize| {
        (min..=max).contains(&group.len()) && group.bytes().all(|b| b.is_ascii_hexdigit())
    };
    for separator in [':', '-'] {
        let groups: Vec<&str> = text.split(separator).collect();
        if groups.len() == 6 {
            return groups.iter().all(|g| hex(g, 1, 2));
        }
    }
    let groups: Vec<&str> = text.split('.').collect();
    if groups.len() == 3 {
        return groups.iter().all(|g| hex(g, 4, 4));
    }
    hex(text, 12, 12)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asserts that constraint `name` takes every `good` text and refuses every `bad` one.
    fn judges(name: &str, good: &[&str], bad: &[&str]) {
        for text in good {
            assert_eq!(problem(name, text), None, "{name}: {text}");
        }
        for text in bad {
            assert!(problem(name, text).is_some(), "{name}: {text}");
        }
    }

    #[test]
    fn addresses_as_neutron_lib_takes_them() {
        let good = ["10.0.0.1", "fd00::1", "::", "255.255.255.255"];
        let bad = [
            "10.0.0.300",
            "010.0.0.1",
            "10.0.1",
            "ASSIGN A PRIVATE ADDRESS",
            "10.0.0.0/24",
            "",
        ];
        judges("ip_addr", &good, &bad);
        assert!(
            problem("ip_addr", "x")
                .unwrap()
                .contains("`ip_addr` constraint")
        );
    }

    #[test]
    fn networks_need_their_prefix_length() {
        let good = ["10.0.0.0/24", "10.0.0.1/8", "fd00::/64", "0.0.0.0/0"];
        let bad = [
            "10.0.0.0",
            "10.0.0.0/33",
            "10.0.0.0/024",
            "fd00::/129",
            "a/b",
        ];
        judges("net_cidr", &good, &bad);
        judges("ip_or_cidr", &good, &["10.0.0.0/33", "10.1.2"]);
        assert_eq!(problem("ip_or_cidr", "10.1.2.3"), None);
    }

    #[test]
    fn mac_addresses_in_the_usual_forms() {
        let good = [
            "fa:16:3e:00:00:01",
            "FA-16-3E-00-00-01",
            "fa16.3e00.0001",
            "fa163e000001",
        ];
        judges(
            "mac_addr",
            &good,
            &["fa:16:3e:00:00", "fa:16:3e:00:00:0g", "mac"],
        );
    }

    #[test]
    fn constraints_needing_the_cloud_are_left_alone() {
        assert_eq!(problem("neutron.network", "anything"), None);
        assert_eq!(problem("nova.flavor", ""), None);
    }
}
