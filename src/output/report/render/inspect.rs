//! `vnfwiz inspect`'s output: what an OVF package asks and holds, as text (a section per
//! part, each with its count) or as JSON (the inspection under the tool's name and version).

use std::fmt::Write as _;

use crate::model::ovf::inspection::{Inspection, IntegrityView};
use crate::model::ovf::sections::{HardwareSection, UnknownSection};
use crate::model::ovf::{Content, Envelope, LocalizedText, SystemHardware, one_line};

use super::size::capacity;

/// The JSON `inspect --format json` prints.
pub fn json(inspection: &Inspection<'_>) -> String {
    let mut json = serde_json::to_string_pretty(&serde_json::json!({
        "tool": "vnfwiz",
        "version": env!("CARGO_PKG_VERSION"),
        "inspection": inspection,
    }))
    .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    json.push('\n');
    json
}

/// The text `inspect` prints: every section of the package, each with its count.
pub fn text(inspection: &Inspection<'_>) -> String {
    let mut out = String::new();
    let envelope = inspection.envelope;
    let p = &inspection.package;
    let _ = writeln!(
        out,
        "{} — OVF {} package, descriptor {}",
        p.path,
        p.ovf_version.label(),
        p.descriptor
    );
    if !p.languages.is_empty() {
        let _ = writeln!(
            out,
            "Languages: default {}, bundles {}; shown in {}",
            p.default_lang.as_deref().unwrap_or("(unset)"),
            p.languages.join(", "),
            p.shown_lang
                .as_deref()
                .unwrap_or("the descriptor's own words (--lang asks for a bundle's)")
        );
    }
    section(&mut out, "Licence agreements", inspection.eulas.len());
    for eula in &inspection.eulas {
        let _ = writeln!(
            out,
            "  {} (line {})  sha256:{}",
            eula.system, eula.line, eula.sha256
        );
        for line in eula.text.trim().lines() {
            let _ = writeln!(out, "    | {}", line.trim_end());
        }
    }
    section(
        &mut out,
        "Deployment options",
        inspection.deployment_options.len(),
    );
    for option in &inspection.deployment_options {
        let _ = writeln!(
            out,
            "  {} {}{}{}",
            if option.default { "*" } else { "-" },
            option.id,
            option
                .label
                .as_deref()
                .map(|l| format!("  {}", one_line(l)))
                .unwrap_or_default(),
            option
                .description
                .as_deref()
                .map(|d| format!(" — {}", one_line(d)))
                .unwrap_or_default()
        );
        for hardware in &option.hardware {
            let _ = writeln!(out, "      {}", hardware_line(hardware));
        }
    }
    if !inspection.hardware.is_empty() {
        section(&mut out, "Hardware", inspection.hardware.len());
        for hardware in &inspection.hardware {
            let _ = writeln!(out, "  {}", hardware_line(hardware));
        }
    }
    section(&mut out, "Properties", inspection.properties.len());
    for property in &inspection.properties {
        let mut flags = Vec::new();
        if property.user_configurable {
            flags.push("user-configurable");
        }
        if property.password {
            flags.push("password");
        }
        let default = if property.password {
            "(hidden)".to_owned()
        } else {
            property
                .default
                .as_deref()
                .map_or("(none)".to_owned(), |d| format!("{d:?}"))
        };
        let _ = writeln!(
            out,
            "  {} [{}] {}  default {}{}",
            property.key,
            property.system,
            property.type_name.as_deref().unwrap_or("(no type)"),
            default,
            if flags.is_empty() {
                String::new()
            } else {
                format!("  ({})", flags.join(", "))
            }
        );
        if !property.qualifiers.is_empty() {
            let _ = writeln!(out, "      qualifiers: {}", property.qualifiers.join(" "));
        }
        let described: Vec<String> = [&property.category, &property.label, &property.description]
            .into_iter()
            .filter_map(|t| t.as_deref())
            .map(one_line)
            .collect();
        if !described.is_empty() {
            let _ = writeln!(out, "      {}", described.join(" — "));
        }
        if !property.password {
            let differing: Vec<String> = property
                .defaults
                .iter()
                .filter(|(_, v)| **v != property.default)
                .map(|(k, v)| format!("{k}={}", v.as_deref().unwrap_or("(none)")))
                .collect();
            if !differing.is_empty() {
                let _ = writeln!(out, "      per option: {}", differing.join(", "));
            }
        }
    }
    section(&mut out, "Virtual systems", envelope.contents.len());
    for content in &envelope.contents {
        content_block(&mut out, envelope, content);
    }
    section(&mut out, "Networks", inspection.networks.len());
    for network in &inspection.networks {
        let ext = &network.extension;
        let mut facts = Vec::new();
        facts.extend(ext.net_name.as_ref().map(|v| format!("net_name {v}")));
        facts.extend(ext.category.as_ref().map(|v| format!("category {v}")));
        facts.extend(ext.ip_address_range.as_ref().map(|v| format!("subnet {v}")));
        facts.extend(ext.enable_dhcp.map(|v| format!("dhcp {v}")));
        facts.extend(ext.external.map(|v| format!("external {v}")));
        facts.extend(ext.network_type.as_ref().map(|v| format!("type {v}")));
        facts.extend(
            ext.physical_network
                .as_ref()
                .map(|v| format!("physnet {v}")),
        );
        facts.extend(
            ext.segmentation_id
                .as_ref()
                .map(|v| format!("segmentation {v}")),
        );
        if !network.vlans.is_empty() {
            facts.push(format!("VLANs {}", network.vlans.join(",")));
        }
        let _ = writeln!(
            out,
            "  {}{}{}",
            network.name,
            network
                .description
                .as_deref()
                .map(|d| format!(" — {}", one_line(d)))
                .unwrap_or_default(),
            if facts.is_empty() {
                String::new()
            } else {
                format!("  [{}]", facts.join(", "))
            }
        );
    }
    section(&mut out, "Disks", inspection.disks.len());
    for disk in &inspection.disks {
        let _ = writeln!(
            out,
            "  {}{}  capacity {} {}{}  file {}{}",
            disk.id,
            if disk.shared { " (shared)" } else { "" },
            disk.capacity.as_deref().unwrap_or("?"),
            disk.units.as_deref().unwrap_or("byte"),
            disk.bytes
                .map(|b| format!(" = {}", capacity(b)))
                .unwrap_or_default(),
            disk.file.as_deref().unwrap_or("(empty disk)"),
            disk.volume_type
                .as_deref()
                .map(|v| format!("  volume type {v}"))
                .unwrap_or_default()
        );
    }
    section(&mut out, "Files", inspection.files.len());
    for file in &inspection.files {
        let mut facts = vec![match file.size {
            Some(size) => format!("{size} bytes"),
            None => "size not stated".to_owned(),
        }];
        facts.push(match file.present_size {
            Some(size) => format!("{size} bytes present"),
            None => "not in the package".to_owned(),
        });
        facts.extend(
            file.compression
                .as_ref()
                .map(|c| format!("compression {c}")),
        );
        if let (Some(chunk), Some(count)) = (file.chunk_size, file.chunks) {
            facts.push(format!("{count} chunks of {chunk} bytes"));
        }
        facts.push(match file.digest {
            Some(status) => format!("digest {}", status.label()),
            None => "outside the package".to_owned(),
        });
        let _ = writeln!(out, "  {}  {}  ({})", file.id, file.href, facts.join(", "));
    }
    integrity_block(&mut out, &inspection.integrity);
    envelope_sections(&mut out, envelope);
    if !envelope.notices.is_empty() {
        section(&mut out, "Notices", envelope.notices.len());
        for notice in &envelope.notices {
            let _ = writeln!(out, "  line {}: {}", notice.span.line, notice.message);
        }
    }
    out
}

fn integrity_block(out: &mut String, integrity: &IntegrityView) {
    let _ = writeln!(out, "\nIntegrity");
    let _ = match &integrity.manifest {
        Some(manifest) => writeln!(
            out,
            "  manifest {manifest}: {} files hashed, {} bytes",
            integrity.files_hashed, integrity.bytes_hashed
        ),
        None => writeln!(out, "  no manifest: nothing can be verified"),
    };
    match (&integrity.certificate, &integrity.signature) {
        (None, _) => {
            let _ = writeln!(out, "  not signed");
        }
        (Some(certificate), None) => {
            let _ = writeln!(out, "  certificate {certificate}: cannot be read");
        }
        (Some(certificate), Some(signature)) => {
            let mut state = vec![if signature.verified {
                format!("{} signature verified", signature.algorithm)
            } else {
                format!("{} signature NOT verified", signature.algorithm)
            }];
            if signature.self_signed {
                state.push("self-signed".to_owned());
            }
            if signature.expired {
                state.push("expired".to_owned());
            }
            if signature.not_yet_valid {
                state.push("not yet valid".to_owned());
            }
            let _ = writeln!(out, "  certificate {certificate}: {}", state.join(", "));
            let _ = writeln!(out, "    signer  {}", signature.signer);
            let _ = writeln!(out, "    issuer  {}", signature.issuer);
            let _ = writeln!(
                out,
                "    valid   {} to {}",
                signature.not_before, signature.not_after
            );
            if let Some(bits) = signature.key_bits {
                let _ = writeln!(out, "    key     RSA {bits} bits");
            }
        }
    }
    section(out, "Integrity findings", integrity.findings.len());
    for finding in &integrity.findings {
        let at = finding
            .at
            .as_ref()
            .map(|at| format!(" ({}:{})", at.file, at.line))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {} {}{at}: {}",
            finding.severity, finding.rule, finding.message
        );
    }
}

fn section(out: &mut String, title: &str, count: usize) {
    let _ = writeln!(out, "\n{title} ({count})");
    if count == 0 {
        let _ = writeln!(out, "  none");
    }
}

fn hardware_line(hardware: &SystemHardware) -> String {
    let disks: Vec<String> = hardware
        .disks
        .iter()
        .map(|d| match d.bytes {
            Some(b) => format!("{} {}", d.disk_id, capacity(b)),
            None => format!("{} (size unknown)", d.disk_id),
        })
        .collect();
    let nics: Vec<String> = hardware
        .nics
        .iter()
        .map(|n| {
            n.network
                .clone()
                .unwrap_or_else(|| "(unconnected)".to_owned())
        })
        .collect();
    format!(
        "{}: {} vCPU, {} RAM, disks [{}], NICs [{}]",
        hardware.system,
        hardware.vcpus.map_or("?".to_owned(), |v| v.to_string()),
        hardware
            .memory_mib
            .map_or("?".to_owned(), |m| format!("{m} MiB")),
        disks.join(", "),
        nics.join(", ")
    )
}

fn show(envelope: &Envelope, text: &Option<LocalizedText>) -> String {
    text.as_ref()
        .map(|t| one_line(envelope.text(t)))
        .unwrap_or_default()
}

fn content_block(out: &mut String, envelope: &Envelope, content: &Content) {
    let depth = std::iter::successors(content.parent, |&p| envelope.contents[p].parent).count();
    let pad = "  ".repeat(depth + 1);
    let _ = writeln!(
        out,
        "{pad}{} {}{}",
        content.label(),
        show(envelope, &content.name),
        content
            .resource_group_ref
            .as_ref()
            .map(|r| format!("  (resource group {})", r.value))
            .unwrap_or_default()
    );
    let pad = format!("{pad}    ");
    if let Some(info) = content.info.as_ref() {
        let _ = writeln!(out, "{pad}info: {}", envelope.text(info).trim());
    }
    if let Some(a) = &content.annotation {
        let _ = writeln!(out, "{pad}annotation: {}", show(envelope, &a.annotation));
    }
    for product in &content.products {
        let mut facts: Vec<String> = [&product.product, &product.version, &product.full_version]
            .into_iter()
            .map(|t| show(envelope, t))
            .filter(|t| !t.is_empty())
            .collect();
        let vendor = show(envelope, &product.vendor);
        if !vendor.is_empty() {
            facts.push(format!("by {vendor}"));
        }
        facts.extend(product.class.as_ref().map(|c| format!("class {c}")));
        facts.extend(product.instance.as_ref().map(|i| format!("instance {i}")));
        facts.push(format!("{} properties", product.properties.len()));
        let _ = writeln!(out, "{pad}product: {}", facts.join(", "));
    }
    if !content.eulas.is_empty() {
        let _ = writeln!(out, "{pad}licences: {}", content.eulas.len());
    }
    if let Some(os) = &content.operating_system {
        let _ = writeln!(
            out,
            "{pad}operating system: {} (CIM id {})",
            show(envelope, &os.description),
            os.id.map_or("?".to_owned(), |i| i.to_string())
        );
    }
    if let Some(install) = &content.install {
        let _ = writeln!(
            out,
            "{pad}install boot: stops after {} s",
            install.initial_boot_stop_delay.unwrap_or(0)
        );
    }
    if let Some(files) = &content.environment_files {
        let list: Vec<String> = files
            .files
            .iter()
            .map(|f| {
                format!(
                    "{} → {}",
                    f.file_ref.value,
                    f.path.as_deref().unwrap_or("?")
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "{pad}environment files ({}): {}",
            files.transport.as_deref().unwrap_or("default transport"),
            list.join(", ")
        );
    }
    for boot in &content.boot_devices {
        for config in &boot.configs {
            let sources: Vec<&str> = config
                .sources
                .iter()
                .filter_map(|s| s.instance_id.as_deref())
                .collect();
            let _ = writeln!(
                out,
                "{pad}boot order {}: items {}",
                config.caption.as_deref().unwrap_or(""),
                sources.join(" → ")
            );
        }
    }
    if let Some(startup) = &content.startup {
        for item in &startup.items {
            let _ = writeln!(
                out,
                "{pad}startup: {} order {} start {} after {} s, stop {} within {} s",
                item.id.value,
                item.order.unwrap_or(0),
                item.start_action.as_deref().unwrap_or("powerOn"),
                item.start_delay.unwrap_or(0),
                item.stop_action.as_deref().unwrap_or("powerOff"),
                item.stop_delay.unwrap_or(0)
            );
        }
    }
    for scale in &content.scale_out {
        let _ = writeln!(
            out,
            "{pad}scale out {}: {}..{} instances, default {}",
            scale.id.value,
            scale.minimum.unwrap_or(1),
            scale.maximum.map_or("∞".to_owned(), |m| m.to_string()),
            scale.default.map_or("?".to_owned(), |d| d.to_string())
        );
    }
    for placement in &content.placements {
        let _ = writeln!(out, "{pad}placement group: {}", placement.group.value);
    }
    if let Some(allocation) = &content.resource_allocation {
        hardware_block(out, &pad, "resource allocation", allocation);
    }
    for hardware in &content.hardware {
        hardware_block(out, &pad, "virtual hardware", hardware);
    }
    for unknown in &content.unknown {
        let _ = writeln!(out, "{pad}{}", other_section(unknown));
    }
}

fn hardware_block(out: &mut String, pad: &str, title: &str, section: &HardwareSection) {
    let system = section
        .system
        .as_ref()
        .and_then(|s| s.virtual_system_type.as_ref())
        .map(|t| format!(" {t}"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{pad}{title}{system}{}:",
        if section.transport.is_empty() {
            String::new()
        } else {
            format!(" (transport {})", section.transport.join(" "))
        }
    );
    for item in &section.items {
        let mut facts = Vec::new();
        facts.extend(item.resource_type.map(|t| format!("type {t}")));
        facts.extend(item.virtual_quantity.map(|q| {
            format!(
                "quantity {q}{}",
                item.allocation_units
                    .as_ref()
                    .map(|u| format!(" {}", u.text))
                    .unwrap_or_default()
            )
        }));
        facts.extend(
            item.host_resources
                .iter()
                .map(|h| format!("host {}", h.value)),
        );
        facts.extend(
            item.connections
                .iter()
                .map(|c| format!("network {}", c.value)),
        );
        facts.extend(
            item.resource_sub_type
                .as_ref()
                .map(|s| format!("subtype {s}")),
        );
        facts.extend(item.parent.as_ref().map(|p| format!("parent {}", p.value)));
        facts.extend(item.static_ip.as_ref().map(|ip| format!("static IP {ip}")));
        facts.extend(item.allowed_address_pairs.iter().map(|p| {
            format!(
                "allowed {}{}",
                p.mac
                    .as_deref()
                    .map(|m| format!("{m}|"))
                    .unwrap_or_default(),
                p.ip
            )
        }));
        if let Some(configs) = &item.configurations {
            let ids: Vec<&str> = configs.iter().map(|c| c.value.as_str()).collect();
            facts.push(format!("options {}", ids.join(" ")));
        }
        let _ = writeln!(
            out,
            "{pad}  #{} {}  [{}]",
            item.instance_id.as_ref().map_or("?", |i| i.value.as_str()),
            item.element_name.as_deref().unwrap_or(""),
            facts.join(", ")
        );
    }
}

/// A section vnfwiz does not model, as a system's or the envelope's listing shows it.
fn other_section(unknown: &UnknownSection) -> String {
    format!(
        "other section: {} ({}){}{}",
        unknown.qname,
        unknown.namespace,
        if unknown.required {
            ", required"
        } else {
            ", optional"
        },
        unknown
            .misplaced
            .map(|m| format!(", belongs {m}"))
            .unwrap_or_default()
    )
}

fn envelope_sections(out: &mut String, envelope: &Envelope) {
    let mut lines = Vec::new();
    for group in &envelope.placement_groups {
        lines.push(format!(
            "placement group {}: policy {}",
            group.id.value,
            group.policy.as_deref().unwrap_or("?")
        ));
    }
    for router in envelope
        .virtual_routers
        .iter()
        .flat_map(|s| s.entries.iter())
    {
        lines.push(format!(
            "virtual router {} ({})",
            router.id.value,
            router.name.as_deref().unwrap_or("")
        ));
    }
    for interface in envelope
        .router_interfaces
        .iter()
        .flat_map(|s| s.entries.iter())
    {
        lines.push(format!(
            "router interface {} ({}): router {}, network {}{}",
            interface.id.value,
            interface.category.as_deref().unwrap_or("?"),
            interface
                .virtual_router_ref
                .as_ref()
                .map_or("-", |r| r.value.as_str()),
            interface
                .network_ref
                .as_ref()
                .map_or("-", |r| r.value.as_str()),
            interface
                .border_gateway_host_id
                .as_ref()
                .map(|h| format!(", border gateway {h}"))
                .unwrap_or_default()
        ));
    }
    for group in envelope
        .resource_groups
        .iter()
        .flat_map(|s| s.entries.iter())
    {
        let placements: Vec<String> = group
            .placements
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        lines.push(format!(
            "resource group {}: {}",
            group.id.value,
            placements.join(", ")
        ));
    }
    for section in &envelope.encryption {
        lines.push(format!(
            "encryption: {} (cannot be decrypted)",
            section.parts.join(", ")
        ));
    }
    for unknown in &envelope.unknown {
        lines.push(other_section(unknown));
    }
    section(out, "Envelope sections", lines.len());
    for line in lines {
        let _ = writeln!(out, "  {line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::diagnostics::Options;
    use crate::foundation::limits::Limits;
    use crate::model::ovf::inspection::inspect;
    use std::path::Path;

    /// `inspect`'s output for a fixture, in both formats (the JSON's version as `VERSION`
    /// and the checkout's folder as `.`, so neither a release nor a checkout moves it).
    fn rendered(fixture: &str) -> (String, String) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(fixture);
        let package = crate::model::ovf::open(&path, &Options::new(&Limits::default())).unwrap();
        let envelope = package.descriptor.envelope.as_ref().unwrap();
        let inspection = inspect(&package, envelope);
        let json = json(&inspection).replace(
            &format!("\"version\": \"{}\"", env!("CARGO_PKG_VERSION")),
            "\"version\": \"VERSION\"",
        );
        let here = concat!(env!("CARGO_MANIFEST_DIR"), "/");
        (text(&inspection).replace(here, ""), json.replace(here, ""))
    }

    #[test]
    fn a_complete_package_lists_every_section() {
        insta::assert_snapshot!(rendered("tests/fixtures/ovf/complete/vims.ovf").0);
    }

    #[test]
    fn an_appliance_shows_empty_defaults_as_none() {
        let (text, json) = rendered("tests/fixtures/ovf/appliance/vcsa-style.ovf");
        assert!(!text.contains("default \"\""), "{text}");
        assert!(!json.contains("\"default\": \"\""), "{json}");
        insta::assert_snapshot!(text);
    }

    #[test]
    fn the_json_carries_the_inspection() {
        insta::assert_snapshot!(rendered("tests/fixtures/ovf/v0_9/legacy-dns.ovf").1);
    }
}
