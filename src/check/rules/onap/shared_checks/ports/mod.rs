//! The checks the Neutron and Contrail port rules share: a port property's parameter follows
//! a naming convention for its network side, IP version and declared type ([`check_names`]),
//! and is declared with an allowed type ([`check_types`]); and in submodules, their
//! environment files, the base module's outputs, the `aap_exempt` metadata and the advice
//! several rules give word for word.

pub mod advice;
pub mod base_output;
pub mod enumerated;
pub mod exempt;

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use crate::check::rules::{Context, Findings};
use crate::input::yaml::Value;
use crate::model::hot::{FileId, Template};

use crate::check::rules::onap::vocabulary::network_role::{
    Convention, FLOATING_IP, FLOATING_IPS, FLOATING_V6_IP, FLOATING_V6_IPS, Side,
};
use crate::check::rules::onap::vocabulary::ports::ip_version::{declared_type, is_v6_value};
use crate::check::rules::onap::vocabulary::ports::{
    Port, PortKind, Property, Read, Via, has_internal_marker,
};

/// `comma_delimited_list`.
pub const LIST_TYPE: &str = "comma_delimited_list";

/// What a naming rule asks of a parameter of one declared type.
#[derive(Clone, Copy, Debug)]
pub enum ForType {
    /// Another rule's business.
    Skip,
    /// The name follows one of these conventions.
    Names(&'static [Convention]),
    /// The type itself is wrong for this rule.
    Wrong,
}

/// One naming rule: which port parameters it covers and what it asks of each type.
#[derive(Clone, Copy, Debug)]
pub struct NameSpec {
    /// The port types covered.
    pub kinds: &'static [PortKind],
    /// The property covered.
    pub property: Property,
    /// The network side covered; `None` for every port, names read without the `int_`
    /// marker (route prefixes have no internal form).
    pub side: Option<Side>,
    /// The IP version covered (`Some(true)` IPv6); `None` for both.
    pub v6: Option<bool>,
    /// For parameters of type `string`.
    pub string: ForType,
    /// For parameters of type `comma_delimited_list`.
    pub list: ForType,
    /// For parameters of any other type.
    pub other: ForType,
    /// Parameters listed in the port's `aap_exempt` metadata are left alone.
    pub skip_exempt: bool,
    /// The name must carry the network-role of the port's network too (Contrail; for Neutron
    /// ports R-681859 checks that).
    pub same_role: bool,
    /// What the property holds, for messages ("fixed IPv4 address").
    pub what: &'static str,
}

/// The ports and property a Neutron or Contrail naming rule reads, and whether the name must
/// carry the network's role: the part twin rules of one resource kind share.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The port types read.
    pub kinds: &'static [PortKind],
    /// The property read.
    pub property: Property,
    /// See [`NameSpec::same_role`].
    pub same_role: bool,
}

impl Target {
    /// A Neutron port's `fixed_ips` `ip_address`.
    pub const NEUTRON_FIXED_IP: Target = Target::neutron(Property::FixedIp);
    /// A Neutron port's `fixed_ips` `subnet`.
    pub const NEUTRON_FIXED_SUBNET: Target = Target::neutron(Property::FixedSubnet);
    /// A Neutron port's `network`.
    pub const NEUTRON_NETWORK: Target = Target::neutron(Property::Network);
    /// A Neutron port's `allowed_address_pairs` `ip_address`.
    pub const NEUTRON_ADDRESS_PAIR: Target = Target::neutron(Property::AddressPair);
    /// A Contrail instance IP's `instance_ip_address`.
    pub const CONTRAIL_INSTANCE_ADDRESS: Target =
        Target::contrail(PortKind::ContrailInstanceIp, Property::InstanceAddress);
    /// A Contrail instance IP's `subnet_uuid`.
    pub const CONTRAIL_INSTANCE_SUBNET: Target =
        Target::contrail(PortKind::ContrailInstanceIp, Property::InstanceSubnet);
    /// A Contrail interface's allowed address pair prefix.
    pub const CONTRAIL_ADDRESS_PAIR: Target =
        Target::contrail(PortKind::ContrailInterface, Property::AddressPair);
    /// A Contrail interface route table's prefixes.
    pub const CONTRAIL_ROUTE_PREFIXES: Target =
        Target::contrail(PortKind::ContrailRouteTable, Property::RoutePrefixes);

    /// Neutron ports: R-681859 checks the role, so the naming rules do not.
    const fn neutron(property: Property) -> Target {
        Target {
            kinds: &[PortKind::Neutron],
            property,
            same_role: false,
        }
    }

    /// Contrail has no rule like R-681859: the name carries the network's role too.
    const fn contrail(kind: PortKind, property: Property) -> Target {
        let kinds: &'static [PortKind] = match kind {
            PortKind::ContrailInterface => &[PortKind::ContrailInterface],
            PortKind::ContrailRouteTable => &[PortKind::ContrailRouteTable],
            _ => &[PortKind::ContrailInstanceIp],
        };
        Target {
            kinds,
            property,
            same_role: true,
        }
    }
}

/// An IP version a rule covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ip {
    /// IPv4.
    V4,
    /// IPv6.
    V6,
}

impl Ip {
    /// A virtual IP of this version, for messages.
    const fn vip(self) -> &'static str {
        match self {
            Ip::V4 => "IPv4 virtual IP",
            Ip::V6 => "IPv6 virtual IP",
        }
    }
}

/// The declared types a naming rule covers.
#[derive(Clone, Copy, Debug)]
pub enum Typed {
    /// `string`.
    String,
    /// `comma_delimited_list`.
    List,
    /// Any type (a subnet id has one name whatever its type).
    Any,
}

impl NameSpec {
    /// A spec on one side and IP version of `target` asking `string`, `list` and other types.
    const fn of(
        target: Target,
        side: Side,
        ip: Ip,
        types: [ForType; 3],
        what: &'static str,
    ) -> Self {
        let [string, list, other] = types;
        NameSpec {
            kinds: target.kinds,
            property: target.property,
            side: Some(side),
            v6: Some(matches!(ip, Ip::V6)),
            string,
            list,
            other,
            skip_exempt: false,
            same_role: target.same_role,
            what,
        }
    }

    /// Parameters of the declared types `typed` named by `names`; other types are other rules'
    /// business.
    pub const fn named(
        target: Target,
        side: Side,
        ip: Ip,
        typed: Typed,
        names: &'static [Convention],
        what: &'static str,
    ) -> Self {
        let (name, skip) = (ForType::Names(names), ForType::Skip);
        let types = match typed {
            Typed::String => [name, skip, skip],
            Typed::List => [skip, name, skip],
            Typed::Any => [name; 3],
        };
        NameSpec::of(target, side, ip, types, what)
    }

    /// An internal virtual IP of version `ip`: a `string` named `…_floating_ip` or a
    /// `comma_delimited_list` named `…_floating_ips` (`v6` forms for IPv6), no other type.
    pub const fn internal_vip(target: Target, ip: Ip) -> Self {
        let (single, list): (&'static [Convention], &'static [Convention]) = match ip {
            Ip::V4 => (&[FLOATING_IP], &[FLOATING_IPS]),
            Ip::V6 => (&[FLOATING_V6_IP], &[FLOATING_V6_IPS]),
        };
        let types = [ForType::Names(single), ForType::Names(list), ForType::Wrong];
        NameSpec::of(target, Side::Internal, ip, types, ip.vip())
    }

    /// An external virtual IP of version `ip`: one `string` named `…_floating_ip` (ONAP assigns
    /// one per vm-type and network), no other type; `aap_exempt` addresses are left alone.
    pub const fn external_vip(target: Target, ip: Ip) -> Self {
        let single: &'static [Convention] = match ip {
            Ip::V4 => &[FLOATING_IP],
            Ip::V6 => &[FLOATING_V6_IP],
        };
        let types = [ForType::Names(single), ForType::Wrong, ForType::Wrong];
        NameSpec {
            skip_exempt: true,
            ..NameSpec::of(target, Side::External, ip, types, ip.vip())
        }
    }
}

/// [`is_v6_value`] with the set's values read once for the run.
pub fn is_v6(
    context: &Context<'_>,
    template: &Template<'_>,
    parameter: &str,
    family: bool,
) -> bool {
    is_v6_value(context.v6_valued(), template, parameter, family)
}

/// What a naming rule asks of a read, if it covers it.
fn asked(spec: &NameSpec, declared: Option<&str>) -> ForType {
    match declared {
        Some("string") => spec.string,
        Some(LIST_TYPE) => spec.list,
        // An undeclared parameter is R-92635's finding; a missing type R-36772's.
        None => ForType::Skip,
        Some(_) => spec.other,
    }
}

/// A read the spec covers, with what is asked of it.
struct Covered<'p, 'a> {
    port: &'p Port<'a>,
    read: &'p Read<'a>,
    asked: ForType,
    /// The port's names disagree about its side: only the `{index}` numbering, which holds
    /// on both sides, is checked, for names whose own marker is the spec's side.
    index_only: bool,
}

/// The reads a spec covers, grouped by template and parameter in first-use order.
fn covered<'p, 'a>(
    context: &'p Context<'a>,
    spec: &NameSpec,
) -> Vec<((FileId, &'a str), Vec<Covered<'p, 'a>>)> {
    let mut order: Vec<((FileId, &'a str), Vec<Covered<'p, 'a>>)> = Vec::new();
    let mut at: HashMap<(FileId, &'a str), usize> = HashMap::new();
    for port in context.ports().all.iter() {
        let side_fits = spec.side.is_none_or(|side| port.side() == Some(side));
        let index_only = spec.side.is_some() && port.side().is_none();
        if !spec.kinds.contains(&port.kind) || !(side_fits || index_only) {
            continue;
        }
        let exempt: HashSet<&str> = if spec.skip_exempt {
            port.exempt_addresses().collect()
        } else {
            HashSet::new()
        };
        for read in port.reads_of(spec.property) {
            let parameter = read.parameter();
            if exempt.contains(parameter) {
                continue;
            }
            if spec.v6.is_some_and(|wanted| wanted != read.v6) {
                continue;
            }
            let asked = asked(spec, read.declared);
            if matches!(asked, ForType::Skip) {
                continue;
            }
            let own_side = if has_internal_marker(parameter) {
                Side::Internal
            } else {
                Side::External
            };
            if index_only && spec.side != Some(own_side) {
                continue;
            }
            let key = (port.template.id, parameter);
            let slot = *at.entry(key).or_insert_with(|| {
                order.push((key, Vec::new()));
                order.len() - 1
            });
            order[slot].1.push(Covered {
                port,
                read,
                asked,
                index_only,
            });
        }
    }
    order
}

/// Reports the parameters a naming spec covers whose name (or type) does not fit, once per
/// template and parameter at its first use; indexed names must also count up from zero
/// across the VNF.
pub fn check_names(context: &Context<'_>, findings: &mut Findings<'_>, spec: &NameSpec) {
    // Indexed names by their name without the index: indices used and each name's first use.
    let mut families: HashMap<String, Vec<(u64, &Covered<'_, '_>)>> = HashMap::new();
    let groups = covered(context, spec);
    for (_, uses) in &groups {
        let first = &uses[0];
        let parameter = first.read.parameter();
        let conventions = match first.asked {
            ForType::Names(conventions) => conventions,
            ForType::Wrong if !first.index_only => {
                report(findings, first, uses, wrong_type(spec, first));
                continue;
            }
            ForType::Wrong | ForType::Skip => continue,
        };
        let port = first.port;
        let parsed = conventions.iter().find_map(|convention| {
            let side = spec.side.unwrap_or(Side::External);
            let name = convention.parse(parameter, side, &port.vm_types)?;
            let role_fits = !spec.same_role || port.role().is_none_or(|role| name.has_role(role));
            role_fits.then_some((convention, name))
        });
        let Some((convention, name)) = parsed else {
            if !first.index_only {
                let message = wrong_name(spec, first, conventions);
                report(findings, first, uses, message);
            }
            continue;
        };
        if convention.indexed
            && let Some(digits) = name.index
        {
            let index = digits.parse::<u64>().unwrap_or(u64::MAX);
            let family = parameter[..parameter.len() - digits.len()].to_owned();
            let entry = families.entry(family).or_default();
            if !entry.iter().any(|(i, _)| *i == index) {
                entry.push((index, first));
            }
        }
    }
    let mut gaps: Vec<(&Covered<'_, '_>, String)> = Vec::new();
    for (family, mut used) in families {
        used.sort_by_key(|(index, _)| *index);
        let count = used.len() as u64;
        for (index, covered) in &used {
            if *index >= count {
                let missing = (0..count)
                    .find(|i| used.binary_search_by_key(i, |(i, _)| *i).is_err())
                    .unwrap_or(0);
                gaps.push((
                    covered,
                    format!(
                        "`{}` skips an index: `{family}{{index}}` counts up from 0 by 1 across \
                         the VNF, and `{family}{missing}` is not used",
                        covered.read.parameter()
                    ),
                ));
            }
        }
    }
    for (covered, message) in gaps {
        report(findings, covered, std::slice::from_ref(covered), message);
    }
}

fn report(
    findings: &mut Findings<'_>,
    first: &Covered<'_, '_>,
    uses: &[Covered<'_, '_>],
    message: String,
) {
    let violation = findings.report(
        first.port.template.file,
        first.read.at.span,
        first.read.path.clone(),
        message,
    );
    for other in &uses[1..] {
        violation.also(
            other.port.template.path(),
            other.read.at.span,
            format!("also read by `{}`", other.port.id.text),
        );
    }
}

fn network_words(port: &Port<'_>) -> String {
    match (port.side(), port.role()) {
        (Some(side), Some(role)) => format!("the {} network `{role}`", side.label()),
        (Some(side), None) => format!("an {} network", side.label()),
        (None, _) => "its network".to_owned(),
    }
}

fn wrong_type(spec: &NameSpec, covered: &Covered<'_, '_>) -> String {
    let parameter = covered.read.parameter();
    let declared = declared_type(&covered.port.template, parameter).unwrap_or_default();
    let allowed: Vec<&str> = [("string", spec.string), (LIST_TYPE, spec.list)]
        .into_iter()
        .filter(|(_, asked)| matches!(asked, ForType::Names(_)))
        .map(|(name, _)| name)
        .collect();
    format!(
        "`{parameter}` (the {} of `{}` on {}) is declared `{declared}`; declare it `{}`",
        spec.what,
        covered.port.id.text,
        network_words(covered.port),
        allowed.join("` or `"),
    )
}

fn wrong_name(spec: &NameSpec, covered: &Covered<'_, '_>, conventions: &[Convention]) -> String {
    let port = covered.port;
    let vm_type = match port.vm_types.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    let expected: Vec<String> = conventions
        .iter()
        .map(|c| {
            let side = spec.side.unwrap_or(Side::External);
            let example = c.example(side, vm_type, port.role());
            let pattern = c.pattern(side);
            if example == pattern {
                format!("`{pattern}`")
            } else {
                format!("`{example}` (`{pattern}`)")
            }
        })
        .collect();
    let vm_types = if port.vm_types.len() > 1 {
        format!(
            " with a vm-type of its server (`{}`)",
            port.vm_types.join("`, `")
        )
    } else {
        String::new()
    };
    format!(
        "`{}` (the {} of `{}` on {}) does not follow the naming convention; name it {}{vm_types}",
        covered.read.parameter(),
        spec.what,
        port.id.text,
        network_words(port),
        expected.join(" or "),
    )
}

/// Reports parameters read by a port property whose declared type is not one of `allowed`,
/// once per template and parameter, at the `type:` value.
pub fn check_types(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    target: Target,
    allowed: &[&str],
    what: &str,
) {
    let mut seen: HashSet<(FileId, &str)> = HashSet::new();
    for port in context.ports().all.iter() {
        if !target.kinds.contains(&port.kind) {
            continue;
        }
        for read in port.reads_of(target.property) {
            let parameter = read.parameter();
            if !seen.insert((port.template.id, parameter)) {
                continue;
            }
            let Some(definition) = port.template.parameter(parameter) else {
                continue;
            };
            let Some(type_node) = definition.get("type") else {
                continue;
            };
            let declared = type_node.as_str().unwrap_or_default();
            if allowed.contains(&declared) {
                continue;
            }
            findings
                .report(
                    port.template.file,
                    type_node.span,
                    format!("parameters.{parameter}.type"),
                    format!(
                        "`{parameter}` is the {what} of `{}` but is declared `{declared}`; \
                         declare it `{}`",
                        port.id.text,
                        allowed.join("` or `")
                    ),
                )
                .also(port.template.path(), read.at.span, "read here");
        }
    }
}

/// The network rules' whole check: the network parameter's name (`spec`), and a port on the
/// spec's side whose network is a literal or a computed name (`parameter_form` names the
/// parameter to use instead).
pub fn check_network_names(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    spec: &NameSpec,
    parameter_form: &str,
) {
    check_names(context, findings, spec);
    let side = spec.side.unwrap_or(Side::External);
    check_network_read(context, findings, spec.kinds, side, parameter_form);
}

/// Reports ports of `kinds` on `side` that name their network literally (text, a number, a
/// boolean) or through a `get_param` whose name is computed, instead of reading it with
/// `get_param` from a `parameter_form` parameter (R-62983, R-86182, R-02164). A port whose
/// names disagree about its side counts as external.
fn check_network_read(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    kinds: &[PortKind],
    side: Side,
    parameter_form: &str,
) {
    for port in context.ports().all.iter() {
        let Some(network) = port.network.as_ref() else {
            continue;
        };
        let on_side = port.side().unwrap_or(Side::External) == side;
        if !kinds.contains(&port.kind) || network.inherited || !on_side {
            continue;
        }
        let how = match network.via {
            Via::Literal => {
                let literal = match &network.node.value {
                    Value::Bool(b) => b.to_string(),
                    other => crate::model::hot::parameters::shown(other)
                        .trim_matches('`')
                        .to_owned(),
                };
                format!("names its network as the literal `{literal}`")
            }
            Via::Computed => "computes the name of its network parameter".to_owned(),
            _ => continue,
        };
        findings.report(
            port.template.file,
            network.node.span,
            network.path.clone(),
            format!(
                "`{}` {how}; read the {} network with `get_param` from its \
                 `{parameter_form}` parameter",
                port.id.text,
                side.label()
            ),
        );
    }
}
