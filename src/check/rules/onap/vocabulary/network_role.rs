//! ONAP's `{network-role}` vocabulary: which side of the VNF a network is on (the `int_`
//! marker), the names built from a network-role (`{network-role}_net_id`,
//! `{vm-type}_int_{network-role}_ip_{index}`, …) and what a network-role may look like
//! (R-26506).
//!
//! ONAP tells internal from external networks by name only: a VNF creates its internal
//! networks and every parameter or resource id tied to one carries `int_` right before the
//! network-role (R-84322, R-96983); anything else is an external network, created outside the
//! VNF (R-16968).

/// The hard-coded marker of an internal network in names.
pub const INTERNAL_MARKER: &str = "int_";

/// Which kind of ONAP network a port attaches to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Created by the VNF, reaching only its own VMs (R-52425, R-35666).
    Internal,
    /// Created outside the VNF by VID or SO (R-16968).
    External,
}

impl Side {
    /// The side a network parameter's name says: `int_…` is internal.
    pub fn of_name(name: &str) -> Side {
        if name.starts_with(INTERNAL_MARKER) {
            Side::Internal
        } else {
            Side::External
        }
    }

    /// "internal" or "external", for messages.
    pub fn label(self) -> &'static str {
        match self {
            Side::Internal => "internal",
            Side::External => "external",
        }
    }

    /// `int_` for internal networks, nothing for external ones.
    fn marker(self) -> &'static str {
        match self {
            Side::Internal => INTERNAL_MARKER,
            Side::External => "",
        }
    }
}

/// A naming convention built around a network-role:
/// `[{vm-type}_][int_]{network-role}_{suffix}[_{index}]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Convention {
    /// The name starts with the `{vm-type}` of the server.
    pub vm_type: bool,
    /// What follows the network-role (`net_id`, `v6_ip`, `floating_ip`, …).
    pub suffix: &'static str,
    /// The name ends with `_{index}`.
    pub indexed: bool,
}

/// `{network-role}_net_id`: a network referenced by its UUID.
pub const NET_ID: Convention = Convention::plain("net_id");
/// `{network-role}_net_name`: a network referenced by its name.
pub const NET_NAME: Convention = Convention::plain("net_name");
/// `{network-role}_net_fqdn`: a Contrail network referenced by its fully qualified name.
pub const NET_FQDN: Convention = Convention::plain("net_fqdn");
/// `{network-role}_subnet_id`: an IPv4 subnet.
pub const SUBNET_ID: Convention = Convention::plain("subnet_id");
/// `{network-role}_v6_subnet_id`: an IPv6 subnet.
pub const V6_SUBNET_ID: Convention = Convention::plain("v6_subnet_id");
/// `{vm-type}_{network-role}_ip_{index}`: one fixed IPv4 address.
pub const IP: Convention = Convention::indexed("ip");
/// `{vm-type}_{network-role}_v6_ip_{index}`: one fixed IPv6 address.
pub const V6_IP: Convention = Convention::indexed("v6_ip");
/// `{vm-type}_{network-role}_ips`: a list of fixed IPv4 addresses.
pub const IPS: Convention = Convention::per_vm_type("ips");
/// `{vm-type}_{network-role}_v6_ips`: a list of fixed IPv6 addresses.
pub const V6_IPS: Convention = Convention::per_vm_type("v6_ips");
/// `{vm-type}_{network-role}_floating_ip`: the IPv4 virtual IP.
pub const FLOATING_IP: Convention = Convention::per_vm_type("floating_ip");
/// `{vm-type}_{network-role}_floating_v6_ip`: the IPv6 virtual IP.
pub const FLOATING_V6_IP: Convention = Convention::per_vm_type("floating_v6_ip");
/// `{vm-type}_int_{network-role}_floating_ips`: a list of IPv4 virtual IPs.
pub const FLOATING_IPS: Convention = Convention::per_vm_type("floating_ips");
/// `{vm-type}_int_{network-role}_floating_v6_ips`: a list of IPv6 virtual IPs.
pub const FLOATING_V6_IPS: Convention = Convention::per_vm_type("floating_v6_ips");
/// `{vm-type}_{network-role}_route_prefixes`: Contrail interface route prefixes.
pub const ROUTE_PREFIXES: Convention = Convention::per_vm_type("route_prefixes");

/// The parts of a name that follows a [`Convention`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoleName<'n> {
    /// The `{vm-type}`, when the convention has one and it could be told apart.
    pub vm_type: Option<&'n str>,
    /// The `{network-role}`, when it could be told apart from the `{vm-type}`.
    pub role: Option<&'n str>,
    /// Everything before the suffix (`vfw_oam` in `vfw_oam_ip_0`), without the `int_` marker
    /// of a convention that has no vm-type (`oam` in `int_oam_net_id`).
    pub stem: &'n str,
    /// The `{index}` digits of an indexed convention.
    pub index: Option<&'n str>,
}

impl RoleName<'_> {
    /// True when the name was built from `role`.
    pub fn has_role(&self, role: &str) -> bool {
        match self.role {
            Some(own) => own == role,
            None => self
                .stem
                .strip_suffix(role)
                .and_then(|rest| rest.strip_suffix('_'))
                .is_some_and(|vm_type| !vm_type.is_empty()),
        }
    }
}

impl Convention {
    const fn plain(suffix: &'static str) -> Convention {
        Convention {
            vm_type: false,
            suffix,
            indexed: false,
        }
    }

    const fn per_vm_type(suffix: &'static str) -> Convention {
        Convention {
            vm_type: true,
            suffix,
            indexed: false,
        }
    }

    const fn indexed(suffix: &'static str) -> Convention {
        Convention {
            vm_type: true,
            suffix,
            indexed: true,
        }
    }

    /// True for the IPv6 forms (`v6_ip`, `floating_v6_ip`, `v6_subnet_id`, …).
    pub fn is_v6(&self) -> bool {
        self.suffix.split('_').any(|part| part == "v6")
    }

    /// The convention as the catalogue writes it for one side
    /// (`{vm-type}_int_{network-role}_ip_{index}`).
    pub fn pattern(&self, side: Side) -> String {
        let vm_type = if self.vm_type { "{vm-type}_" } else { "" };
        let index = if self.indexed { "_{index}" } else { "" };
        format!(
            "{vm_type}{}{{network-role}}_{}{index}",
            side.marker(),
            self.suffix
        )
    }

    /// The name this convention gives for a known vm-type and network-role; `{index}` stays
    /// a placeholder.
    pub fn example(&self, side: Side, vm_type: Option<&str>, role: Option<&str>) -> String {
        let vm_type = match (self.vm_type, vm_type) {
            (false, _) => String::new(),
            (true, Some(known)) => format!("{known}_"),
            (true, None) => "{vm-type}_".to_owned(),
        };
        let index = if self.indexed { "_{index}" } else { "" };
        format!(
            "{vm_type}{}{}_{}{index}",
            side.marker(),
            role.unwrap_or("{network-role}"),
            self.suffix
        )
    }

    /// Reads `name` as this convention on `side`. With `vm_types` given, the name must start
    /// with one of them; without, any non-empty `{vm-type}` is accepted.
    pub fn parse<'n>(&self, name: &'n str, side: Side, vm_types: &[&str]) -> Option<RoleName<'n>> {
        let (rest, index) = if self.indexed {
            let (rest, digits) = name.rsplit_once('_')?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            (rest, Some(digits))
        } else {
            (name, None)
        };
        let stem = rest.strip_suffix(self.suffix)?.strip_suffix('_')?;
        // `vfw_oam_v6_ip_0` is no IPv4 name whose network-role is `oam_v6` (R-26506).
        if !self.is_v6() && stem.ends_with("_v6") {
            return None;
        }
        let (vm_type, role, stem) = if self.vm_type {
            split_vm_type(stem, side, vm_types)?
        } else {
            match side {
                Side::Internal => {
                    let role = stem.strip_prefix(INTERNAL_MARKER)?;
                    (None, Some(role), role)
                }
                Side::External if stem.starts_with(INTERNAL_MARKER) => return None,
                Side::External => (None, Some(stem), stem),
            }
        };
        if role.is_some_and(str::is_empty) || stem.is_empty() {
            return None;
        }
        Some(RoleName {
            vm_type,
            role,
            stem,
            index,
        })
    }
}

type Split<'n> = (Option<&'n str>, Option<&'n str>, &'n str);

/// Splits `{vm-type}_[int_]{network-role}`.
fn split_vm_type<'n>(stem: &'n str, side: Side, vm_types: &[&str]) -> Option<Split<'n>> {
    if !vm_types.is_empty() {
        // The longest known vm-type that fits decides (`vfw` and `vfw_mgmt` both known).
        let (vm_type, role) = vm_types
            .iter()
            .filter_map(|vm_type| {
                let after = stem.strip_prefix(vm_type)?.strip_prefix('_')?;
                let role = match side {
                    Side::Internal => after.strip_prefix(INTERNAL_MARKER)?,
                    Side::External if after.starts_with(INTERNAL_MARKER) => return None,
                    Side::External => after,
                };
                Some((&stem[..vm_type.len()], role))
            })
            .max_by_key(|(vm_type, _)| vm_type.len())?;
        return Some((Some(vm_type), Some(role), stem));
    }
    match side {
        Side::Internal => {
            let at = stem.find("_int_").filter(|&at| at > 0)?;
            let role = &stem[at + 5..];
            Some((Some(&stem[..at]), Some(role), stem))
        }
        Side::External => {
            if stem.starts_with(INTERNAL_MARKER) || stem.contains("_int_") {
                return None;
            }
            let (vm_type, role) = stem.split_once('_')?;
            if vm_type.is_empty() || role.is_empty() {
                return None;
            }
            Some((None, None, stem))
        }
    }
}

/// What a network parameter references the network by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetworkParameter<'n> {
    /// `[int_]{network-role}_net_id`.
    Id(&'n str),
    /// `[int_]{network-role}_net_name`.
    Name(&'n str),
    /// `[int_]{network-role}_net_fqdn` (Contrail).
    Fqdn(&'n str),
}

impl<'n> NetworkParameter<'n> {
    /// Reads a parameter named after a network-role; `None` for any other name.
    pub fn parse(name: &'n str) -> Option<NetworkParameter<'n>> {
        let side = Side::of_name(name);
        [
            (
                NET_ID,
                NetworkParameter::Id as fn(&'n str) -> NetworkParameter<'n>,
            ),
            (NET_NAME, NetworkParameter::Name),
            (NET_FQDN, NetworkParameter::Fqdn),
        ]
        .into_iter()
        .find_map(|(convention, make)| Some(make(convention.parse(name, side, &[])?.role?)))
    }

    /// The network-role in the name.
    pub fn role(&self) -> &'n str {
        match *self {
            NetworkParameter::Id(role)
            | NetworkParameter::Name(role)
            | NetworkParameter::Fqdn(role) => role,
        }
    }
}

/// The network-role in an ONAP network resource id, `int_{network-role}_network` (R-25720,
/// R-99110).
pub fn network_resource_role(id: &str) -> Option<&str> {
    id.strip_prefix(INTERNAL_MARKER)?
        .strip_suffix("_network")
        .filter(|role| !role.is_empty())
}

/// The network-role in a port's resource id, `{vm-type}_{vm-type_index}_[int_]{network-role}_port_{port-index}`
/// (R-20453, R-26351), or in a Contrail interface's, `…_vmi_{vmi_index}` (R-50468); `None`
/// when the id does not follow the convention. With `vm_types` given, the id must start with
/// one of them.
pub fn port_id_role<'n>(id: &'n str, side: Side, vm_types: &[&str]) -> Option<&'n str> {
    let (rest, index) = id.rsplit_once('_')?;
    if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let stem = rest
        .strip_suffix("_port")
        .or_else(|| rest.strip_suffix("_vmi"))?;
    let after_vm_type = if vm_types.is_empty() {
        // `{vm-type}` holds no `_{digits}_` (its own naming rules), so the first one ends it.
        let mut at = 0;
        let parts: Vec<&str> = stem.split('_').collect();
        let found = parts.iter().enumerate().skip(1).find_map(|(i, part)| {
            let digits = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
            (digits && i + 1 < parts.len()).then_some(i)
        })?;
        for part in &parts[..=found] {
            at += part.len() + 1;
        }
        &stem[at.min(stem.len())..]
    } else {
        vm_types.iter().find_map(|vm_type| {
            let after = stem.strip_prefix(vm_type)?.strip_prefix('_')?;
            let (digits, after) = after.split_once('_')?;
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(after)
        })?
    };
    let role = match side {
        Side::Internal => after_vm_type.strip_prefix(INTERNAL_MARKER)?,
        Side::External if after_vm_type.starts_with(INTERNAL_MARKER) => return None,
        Side::External => after_vm_type,
    };
    (!role.is_empty()).then_some(role)
}

/// True when a name marks IPv6 with a `v6` word (`vfw_oam_v6_ip_0`, `oam_v6_subnet_id`).
pub fn mentions_v6(name: &str) -> bool {
    name.split('_').any(|part| part.eq_ignore_ascii_case("v6"))
}

/// What makes a network-role unusable in ONAP names (R-26506).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoleProblem {
    /// A character other than an ASCII letter, digit or `_`.
    Character(char),
    /// `_int` or `int_` inside, which reads as the internal marker.
    InternalMarker,
    /// Ends in `_v6`, which reads as the IPv6 marker.
    V6Ending,
    /// `_{digits}_` inside, which reads as an index.
    InnerIndex,
    /// Ends in `_{digits}`, which reads as an index.
    IndexEnding,
}

impl RoleProblem {
    /// What is wrong, for messages.
    pub fn describe(self) -> String {
        match self {
            RoleProblem::Character(c) => format!("contains `{c}`"),
            RoleProblem::InternalMarker => "contains `_int` or `int_`".to_owned(),
            RoleProblem::V6Ending => "ends in `_v6`".to_owned(),
            RoleProblem::InnerIndex => "contains `_#_` (a number between underscores)".to_owned(),
            RoleProblem::IndexEnding => "ends in `_#` (an underscore and a number)".to_owned(),
        }
    }
}

/// The first problem R-26506 finds with a network-role, if any.
pub fn role_problem(role: &str) -> Option<RoleProblem> {
    if let Some(c) = role
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_'))
    {
        return Some(RoleProblem::Character(c));
    }
    if role.contains("_int") || role.contains(INTERNAL_MARKER) {
        return Some(RoleProblem::InternalMarker);
    }
    if role.ends_with("_v6") {
        return Some(RoleProblem::V6Ending);
    }
    let parts: Vec<&str> = role.split('_').collect();
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let last = parts.len().saturating_sub(1);
    if parts
        .iter()
        .enumerate()
        .any(|(i, part)| i > 0 && i < last && digits(part))
    {
        return Some(RoleProblem::InnerIndex);
    }
    if last > 0 && digits(parts[last]) {
        return Some(RoleProblem::IndexEnding);
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::vocabulary::network_role::*;

    #[test]
    fn sides_by_marker() {
        assert_eq!(Side::of_name("int_ctrl_net_id"), Side::Internal);
        assert_eq!(Side::of_name("oam_net_id"), Side::External);
        assert_eq!(Side::of_name("internet_net_id"), Side::External);
    }

    #[test]
    fn network_parameters() {
        assert_eq!(
            NetworkParameter::parse("oam_net_id"),
            Some(NetworkParameter::Id("oam"))
        );
        assert_eq!(
            NetworkParameter::parse("int_ha_sync_net_name"),
            Some(NetworkParameter::Name("ha_sync"))
        );
        assert_eq!(
            NetworkParameter::parse("sgi_net_fqdn"),
            Some(NetworkParameter::Fqdn("sgi"))
        );
        assert_eq!(NetworkParameter::parse("oam_network"), None);
        assert_eq!(NetworkParameter::parse("_net_id"), None);
        assert_eq!(NetworkParameter::parse("int__net_id"), None);
    }

    #[test]
    fn fixed_ip_names_with_known_vm_type() {
        let name = IP.parse("vfw_oam_ip_0", Side::External, &["vfw"]).unwrap();
        assert_eq!(name.vm_type, Some("vfw"));
        assert_eq!(name.role, Some("oam"));
        assert_eq!(name.index, Some("0"));
        assert!(IP.parse("vlb_oam_ip_0", Side::External, &["vfw"]).is_none());
        assert!(IP.parse("vfw_oam_ip", Side::External, &["vfw"]).is_none());
        assert!(IP.parse("vfw_oam_ip_x", Side::External, &["vfw"]).is_none());
        assert!(
            IP.parse("vfw_int_oam_ip_0", Side::External, &["vfw"])
                .is_none()
        );
        let internal = IP
            .parse("vfw_int_ha_ip_3", Side::Internal, &["vfw"])
            .unwrap();
        assert_eq!(internal.role, Some("ha"));
        assert_eq!(internal.index, Some("3"));
        assert!(IP.parse("vfw_ha_ip_3", Side::Internal, &["vfw"]).is_none());
        // The longest fitting vm-type wins.
        let name = IPS
            .parse("vfw_mgmt_oam_ips", Side::External, &["vfw", "vfw_mgmt"])
            .unwrap();
        assert_eq!(name.role, Some("oam"));
    }

    #[test]
    fn fixed_ip_names_without_vm_type() {
        let name = IP.parse("vfw_oam_ip_0", Side::External, &[]).unwrap();
        assert_eq!(name.role, None);
        assert!(name.has_role("oam"));
        assert!(!name.has_role("sgi"));
        assert!(!name.has_role("vfw_oam"));
        assert!(IP.parse("oam_ip_0", Side::External, &[]).is_none());
        let internal = IP.parse("vfw_int_ha_ip_0", Side::Internal, &[]).unwrap();
        assert_eq!(internal.vm_type, Some("vfw"));
        assert_eq!(internal.role, Some("ha"));
        assert!(IP.parse("int_ha_ip_0", Side::Internal, &[]).is_none());
        assert!(IP.parse("int_ha_ip_0", Side::External, &[]).is_none());
    }

    #[test]
    fn v6_names_are_not_v4_names() {
        assert!(IP.parse("vfw_oam_v6_ip_0", Side::External, &[]).is_none());
        assert!(
            V6_IP
                .parse("vfw_oam_v6_ip_0", Side::External, &[])
                .is_some()
        );
        assert!(IPS.parse("vfw_oam_v6_ips", Side::External, &[]).is_none());
        assert!(
            SUBNET_ID
                .parse("oam_v6_subnet_id", Side::External, &[])
                .is_none()
        );
        let subnet = V6_SUBNET_ID
            .parse("int_ha_v6_subnet_id", Side::Internal, &[])
            .unwrap();
        assert_eq!(subnet.role, Some("ha"));
        assert!(V6_IP.is_v6() && FLOATING_V6_IP.is_v6() && !FLOATING_IP.is_v6());
    }

    #[test]
    fn patterns_and_examples() {
        assert_eq!(
            IP.pattern(Side::Internal),
            "{vm-type}_int_{network-role}_ip_{index}"
        );
        assert_eq!(NET_ID.pattern(Side::External), "{network-role}_net_id");
        assert_eq!(
            FLOATING_IPS.example(Side::Internal, Some("vlb"), Some("ha")),
            "vlb_int_ha_floating_ips"
        );
        assert_eq!(
            IP.example(Side::External, None, Some("oam")),
            "{vm-type}_oam_ip_{index}"
        );
    }

    #[test]
    fn resource_ids() {
        assert_eq!(network_resource_role("int_ha_network"), Some("ha"));
        assert_eq!(network_resource_role("ha_network"), None);
        assert_eq!(network_resource_role("int__network"), None);
        assert_eq!(
            port_id_role("vfw_0_oam_port_1", Side::External, &[]),
            Some("oam")
        );
        assert_eq!(
            port_id_role("vfw_0_int_ha_port_0", Side::Internal, &["vfw"]),
            Some("ha")
        );
        assert_eq!(
            port_id_role("vdns_1_sgi_vmi_0", Side::External, &["vdns"]),
            Some("sgi")
        );
        assert_eq!(port_id_role("vfw_oam_port", Side::External, &[]), None);
        assert_eq!(
            port_id_role("vfw_0_int_ha_port_0", Side::External, &[]),
            None
        );
        assert_eq!(port_id_role("vfw_oam_port_0", Side::External, &[]), None);
    }

    #[test]
    fn role_problems() {
        assert_eq!(role_problem("oam"), None);
        assert_eq!(role_problem("sgi_2b"), None);
        assert_eq!(role_problem("oam-mgmt"), Some(RoleProblem::Character('-')));
        assert_eq!(
            role_problem("oam_internal"),
            Some(RoleProblem::InternalMarker)
        );
        assert_eq!(role_problem("int_oam"), Some(RoleProblem::InternalMarker));
        assert_eq!(role_problem("oam_v6"), Some(RoleProblem::V6Ending));
        assert_eq!(role_problem("oam_2_sgi"), Some(RoleProblem::InnerIndex));
        assert_eq!(role_problem("oam_2"), Some(RoleProblem::IndexEnding));
        assert_eq!(role_problem("2"), None);
    }

    #[test]
    fn v6_words() {
        assert!(mentions_v6("vfw_oam_v6_ip_0"));
        assert!(mentions_v6("oam_V6_subnet_id"));
        assert!(!mentions_v6("vfw_oamv6_ip_0"));
    }
}
