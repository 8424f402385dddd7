//! The check shared by the id rules of resources attached to a network: Neutron ports
//! (R-20453, R-26351), Contrail virtual machine interfaces (R-96253, R-50468) and Contrail
//! instance IPs (R-53310, R-46128, R-62187, R-87563).
//!
//! Which network a resource attaches to is read from its properties (`vocabulary::attachment`);
//! a resource whose network cannot be told internal or external is left alone. When the
//! network names its `{network-role}`, the id must carry exactly that role; otherwise only
//! the shape is checked (`int_` present for internal networks, absent for external ones).
//! The `{vm-type}` part is checked for its shape only; that it is the server's own
//! `{vm-type}` is R-304011's concern. A port named `reserve_port_…` is a reserve (VIP) port,
//! which belongs to no VM and has its own convention (R-27469, R-68520), so it is left alone.

use crate::check::rules::onap::vocabulary::attachment::{
    self, Attachment, CONTRAIL_INSTANCE_IP, CONTRAIL_VMI, NEUTRON_PORT, Reach, instance_ip_is_v6,
};
use crate::check::rules::onap::vocabulary::vm_type::split_instance;
use crate::check::rules::onap::vocabulary::{split_index, stem_before};
use crate::check::rules::{Context, Findings};
use crate::input::yaml::Node;
use crate::model::hot::Template;
use crate::model::hot::template::resource_type;

/// The IP version a Contrail instance IP configures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// IPv4 (`_IP_{index}`).
    V4,
    /// IPv6 (`_v6_IP_{index}`).
    V6,
}

/// The resources whose ids these rules judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attached {
    /// `OS::Neutron::Port`: `…_port_{port-index}`.
    Port,
    /// `OS::ContrailV2::VirtualMachineInterface`: `…_vmi_{vmi_index}`.
    Vmi,
    /// `OS::ContrailV2::InstanceIp`: `…_vmi_{vmi_index}_IP_{index}` or `…_v6_IP_{index}`.
    InstanceIp(Family),
}

impl Attached {
    /// The id convention after `{vm-type}_{vm-type_index}_{network part}`.
    fn tail(self) -> &'static str {
        match self {
            Attached::Port => "_port_{port-index}",
            Attached::Vmi => "_vmi_{vmi_index}",
            Attached::InstanceIp(Family::V4) => "_vmi_{vmi_index}_IP_{index}",
            Attached::InstanceIp(Family::V6) => "_vmi_{vmi_index}_v6_IP_{index}",
        }
    }

    /// The id without its convention's tail: `{vm-type}_{vm-type_index}_{network part}`.
    fn head(self, id: &str) -> Option<&str> {
        let (stem, _) = split_index(id)?;
        match self {
            Attached::Port => stem_before(stem, "_port"),
            Attached::Vmi => stem_before(stem, "_vmi"),
            Attached::InstanceIp(family) => {
                let marker = match family {
                    Family::V4 => "_IP",
                    Family::V6 => "_v6_IP",
                };
                let vmi = stem_before(stem, marker)?;
                if family == Family::V4 && vmi.ends_with("_v6") {
                    return None;
                }
                let (vmi_stem, _) = split_index(vmi)?;
                stem_before(vmi_stem, "_vmi")
            }
        }
    }
}

/// A resource of the kind a rule judges, with its network.
pub struct Judged<'a> {
    /// Port, VMI or instance IP (with its IP version).
    pub kind: Attached,
    /// The network it attaches to.
    pub attachment: Attachment<'a>,
}

/// What kind of attached resource a definition is, and its network.
pub fn judged<'a>(template: &Template<'a>, id: &str, definition: &'a Node) -> Option<Judged<'a>> {
    let attachment = attachment::of_resource(template, definition)?;
    let kind = match resource_type(definition)? {
        NEUTRON_PORT => Attached::Port,
        CONTRAIL_VMI => Attached::Vmi,
        CONTRAIL_INSTANCE_IP => {
            let properties = definition.get("properties")?.as_map()?;
            Attached::InstanceIp(if instance_ip_is_v6(id, properties) {
                Family::V6
            } else {
                Family::V4
            })
        }
        _ => return None,
    };
    Some(Judged { kind, attachment })
}

/// True when `id` follows the convention for `kind` attached as `attachment` says.
pub fn follows(id: &str, kind: Attached, attachment: &Attachment<'_>) -> bool {
    let Some(head) = kind.head(id) else {
        return false;
    };
    match attachment.role {
        Some(role) => {
            let network = match attachment.reach {
                Reach::Internal => format!("_int_{role}"),
                Reach::External => format!("_{role}"),
            };
            head.strip_suffix(network.as_str())
                .and_then(split_index)
                .is_some_and(|(vm_type, _)| !vm_type.is_empty())
        }
        None => split_instance(head).is_some_and(|(_, _, network)| {
            match (attachment.reach, network.strip_prefix("int_")) {
                (Reach::Internal, Some(role)) => !role.is_empty(),
                (Reach::Internal, None) => false,
                (Reach::External, internal) => internal.is_none(),
            }
        }),
    }
}

/// The convention for a message: `{vm-type}_{vm-type_index}_int_oam_port_{port-index}`.
pub fn convention(kind: Attached, attachment: &Attachment<'_>) -> String {
    let role = attachment.role.unwrap_or("{network-role}");
    let network = match attachment.reach {
        Reach::Internal => format!("int_{role}"),
        Reach::External => role.to_owned(),
    };
    format!("{{vm-type}}_{{vm-type_index}}_{network}{}", kind.tail())
}

/// Reports every resource of `kind` attached with `reach` whose id breaks the convention.
pub fn check(context: &Context<'_>, findings: &mut Findings<'_>, kind: Attached, reach: Reach) {
    let wanted = match kind {
        Attached::Port => NEUTRON_PORT,
        Attached::Vmi => CONTRAIL_VMI,
        Attached::InstanceIp(_) => CONTRAIL_INSTANCE_IP,
    };
    for template in &context.templates {
        for (id, definition) in template.resources() {
            // Only resources of the rule's type can be judged of its kind.
            if resource_type(definition) != Some(wanted) {
                continue;
            }
            let Some(found) = judged(template, &id.text, definition) else {
                continue;
            };
            if found.kind != kind
                || found.attachment.reach != reach
                || (kind == Attached::Port && id.text.starts_with("reserve_port_"))
                || follows(&id.text, kind, &found.attachment)
            {
                continue;
            }
            let network = match reach {
                Reach::Internal => "an internal",
                Reach::External => "an external",
            };
            findings
                .report(
                    template.file,
                    id.span,
                    format!("resources.{}", id.text),
                    format!(
                        "`{}` attaches to {network} network, so its id must read `{}`",
                        id.text,
                        convention(kind, &found.attachment)
                    ),
                )
                .also(
                    template.path(),
                    found.attachment.span,
                    "the network it attaches to",
                );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::shared_checks::attached_id::*;
    use crate::foundation::diagnostics::Span;

    fn attachment(reach: Reach, role: Option<&str>) -> Attachment<'_> {
        Attachment {
            reach,
            role,
            span: Span::default(),
        }
    }

    #[test]
    fn port_ids() {
        let oam = attachment(Reach::External, Some("oam"));
        assert!(follows("vfw_0_oam_port_0", Attached::Port, &oam));
        assert!(follows("pcrf_lb_12_oam_port_3", Attached::Port, &oam));
        assert!(!follows("vfw_oam_port_0", Attached::Port, &oam));
        assert!(!follows("vfw_0_int_oam_port_0", Attached::Port, &oam));
        assert!(!follows("vfw_0_mgmt_port_0", Attached::Port, &oam));
        assert!(!follows("0_oam_port_0", Attached::Port, &oam));
        let ctrl = attachment(Reach::Internal, Some("ctrl"));
        assert!(follows("vfw_1_int_ctrl_port_0", Attached::Port, &ctrl));
        assert!(!follows("vfw_1_ctrl_port_0", Attached::Port, &ctrl));
        let unknown_internal = attachment(Reach::Internal, None);
        assert!(follows(
            "vfw_1_int_x_port_0",
            Attached::Port,
            &unknown_internal
        ));
        assert!(!follows(
            "vfw_1_x_port_0",
            Attached::Port,
            &unknown_internal
        ));
        let unknown_external = attachment(Reach::External, None);
        assert!(follows("vfw_1_x_port_0", Attached::Port, &unknown_external));
        assert!(!follows(
            "vfw_1_int_x_port_0",
            Attached::Port,
            &unknown_external
        ));
    }

    #[test]
    fn contrail_ids() {
        let sig = attachment(Reach::External, Some("sig"));
        assert!(follows("vsbc_0_sig_vmi_0", Attached::Vmi, &sig));
        assert!(follows(
            "vsbc_0_sig_vmi_0_IP_1",
            Attached::InstanceIp(Family::V4),
            &sig
        ));
        assert!(!follows(
            "vsbc_0_sig_vmi_0_v6_IP_1",
            Attached::InstanceIp(Family::V4),
            &sig
        ));
        assert!(follows(
            "vsbc_0_sig_vmi_0_v6_IP_1",
            Attached::InstanceIp(Family::V6),
            &sig
        ));
        assert!(!follows(
            "vsbc_0_sig_vmi_IP_1",
            Attached::InstanceIp(Family::V4),
            &sig
        ));
        assert_eq!(
            convention(Attached::InstanceIp(Family::V6), &sig),
            "{vm-type}_{vm-type_index}_sig_vmi_{vmi_index}_v6_IP_{index}"
        );
    }
}
