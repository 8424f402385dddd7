//! The converter's output is clean, as a property: generated descriptors with 1–4 virtual
//! systems, 0–6 disks (ids that reduce alike, size-template ids several items name, blank
//! disks and disks with files), items for every option and items for some, and 1–5
//! deployment options, each converted under every option, give a set the output rules
//! (the `onap` profile) find no error in. `cargo test` runs a few cases; a corpus run
//! (`VNFWIZ_CORPUS` set) or `VNFWIZ_PROPTEST_CASES=N` runs more.

use std::fmt::Write as _;

use proptest::prelude::*;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::session::Session;
use vnfwiz::session::answers::{Answers, EulaAcceptance};

/// Disk ids as vendors write them, several reducing to one ONAP name (`data-1`, `data_1`).
const DISK_IDS: &[&str] = &[
    "system", "disk10GB", "disk25GB", "data-1", "data_1", "vmdisk1", "log", "Log", "swap",
];
/// System ids, some reducing alike or holding a network role.
const SYSTEM_IDS: &[&str] = &["vm", "db-1", "db_1", "web server", "VM", "node"];

#[derive(Clone, Debug)]
struct DiskSpec {
    id: &'static str,
    gib: u32,
    file: bool,
}

#[derive(Clone, Debug)]
struct ItemSpec {
    /// Index into the descriptor's disks.
    disk: usize,
    /// Options the item is for (indices); empty: every option.
    options: Vec<usize>,
}

#[derive(Clone, Debug)]
struct SystemSpec {
    id: &'static str,
    /// vCPUs per option (index), the first for every option.
    vcpus: Vec<u32>,
    items: Vec<ItemSpec>,
}

#[derive(Clone, Debug)]
struct Spec {
    options: usize,
    disks: Vec<DiskSpec>,
    systems: Vec<SystemSpec>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (1usize..=5, 0usize..=6)
        .prop_flat_map(|(options, disk_count)| {
            let disks = prop::collection::vec(
                (prop::sample::select(DISK_IDS), 1u32..=64, any::<bool>())
                    .prop_map(|(id, gib, file)| DiskSpec { id, gib, file }),
                disk_count,
            )
            .prop_map(|mut disks| {
                // A disk id is declared once in a DiskSection.
                let mut seen = std::collections::HashSet::new();
                disks.retain(|d| seen.insert(d.id));
                disks
            });
            let item = (0usize..8, prop::collection::vec(0..options, 0..=2)).prop_map(
                move |(disk, mut chosen)| {
                    chosen.sort_unstable();
                    chosen.dedup();
                    ItemSpec {
                        disk,
                        options: chosen,
                    }
                },
            );
            let system = (
                prop::sample::select(SYSTEM_IDS),
                prop::collection::vec(1u32..=16, options),
                prop::collection::vec(item, 0..=7),
            )
                .prop_map(|(id, vcpus, items)| SystemSpec { id, vcpus, items });
            (
                Just(options),
                disks,
                prop::collection::vec(system, 1..=4).prop_map(|mut systems| {
                    let mut seen = std::collections::HashSet::new();
                    systems.retain(|s| seen.insert(s.id));
                    systems
                }),
            )
        })
        .prop_map(|(options, disks, systems)| Spec {
            options,
            disks,
            systems,
        })
}

/// The descriptor of a spec: every disk in the DiskSection (a file for those that have
/// one), one network every system's adapter connects to, the options, and per system a
/// CPU item per option, one memory item and its disk items.
fn descriptor(spec: &Spec) -> String {
    let mut out = String::new();
    out.push_str(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<Envelope xmlns="http://schemas.dmtf.org/ovf/envelope/1" xmlns:ovf="http://schemas.dmtf.org/ovf/envelope/1" xmlns:rasd="http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_ResourceAllocationSettingData">
  <References>
"#,
    );
    for disk in spec.disks.iter().filter(|d| d.file) {
        let _ = writeln!(
            out,
            r#"    <File ovf:id="file-{0}" ovf:href="{0}.vmdk"/>"#,
            disk.id
        );
    }
    out.push_str("  </References>\n  <DiskSection>\n    <Info>Disks</Info>\n");
    for disk in &spec.disks {
        let file = if disk.file {
            format!(
                r#" ovf:fileRef="file-{}" ovf:format="http://www.vmware.com/interfaces/specifications/vmdk.html#streamOptimized""#,
                disk.id
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            r#"    <Disk ovf:diskId="{}" ovf:capacity="{}" ovf:capacityAllocationUnits="byte * 2^30"{file}/>"#,
            disk.id, disk.gib
        );
    }
    out.push_str(
        r#"  </DiskSection>
  <NetworkSection>
    <Info>Networks</Info>
    <Network ovf:name="oam"><Description>OAM</Description></Network>
  </NetworkSection>
  <DeploymentOptionSection>
    <Info>Sizes</Info>
"#,
    );
    for option in 0..spec.options {
        let default = if option == 0 {
            r#" ovf:default="true""#
        } else {
            ""
        };
        let _ = writeln!(
            out,
            r#"    <Configuration ovf:id="size{option}"{default}><Label>Size {option}</Label><Description>Option {option}</Description></Configuration>"#
        );
    }
    out.push_str("  </DeploymentOptionSection>\n  <VirtualSystemCollection ovf:id=\"vnf\">\n    <Info>The VNF</Info>\n");
    for system in &spec.systems {
        let _ = writeln!(
            out,
            "    <VirtualSystem ovf:id=\"{}\">\n      <Info>A system</Info>\n      <VirtualHardwareSection>\n        <Info>Hardware</Info>",
            system.id
        );
        for (option, vcpus) in system.vcpus.iter().enumerate() {
            let configuration = if option == 0 {
                String::new()
            } else {
                format!(r#" ovf:configuration="size{option}""#)
            };
            let _ = writeln!(
                out,
                "        <Item{configuration}><rasd:InstanceID>1</rasd:InstanceID><rasd:ResourceType>3</rasd:ResourceType><rasd:VirtualQuantity>{vcpus}</rasd:VirtualQuantity></Item>"
            );
        }
        out.push_str("        <Item><rasd:AllocationUnits>byte * 2^20</rasd:AllocationUnits><rasd:InstanceID>2</rasd:InstanceID><rasd:ResourceType>4</rasd:ResourceType><rasd:VirtualQuantity>2048</rasd:VirtualQuantity></Item>\n");
        for (n, item) in system.items.iter().enumerate() {
            let Some(disk) = spec.disks.get(item.disk % spec.disks.len().max(1)) else {
                continue;
            };
            let configuration = if item.options.is_empty() {
                String::new()
            } else {
                let names: Vec<String> = item.options.iter().map(|o| format!("size{o}")).collect();
                format!(r#" ovf:configuration="{}""#, names.join(" "))
            };
            let _ = writeln!(
                out,
                "        <Item{configuration}><rasd:HostResource>ovf:/disk/{}</rasd:HostResource><rasd:InstanceID>{}</rasd:InstanceID><rasd:ResourceType>17</rasd:ResourceType></Item>",
                disk.id,
                10 + n
            );
        }
        out.push_str("        <Item><rasd:Connection>oam</rasd:Connection><rasd:ElementName>oam0</rasd:ElementName><rasd:InstanceID>3</rasd:InstanceID><rasd:ResourceType>10</rasd:ResourceType></Item>\n      </VirtualHardwareSection>\n    </VirtualSystem>\n");
    }
    out.push_str("  </VirtualSystemCollection>\n</Envelope>\n");
    out
}

fn cases() -> u32 {
    let asked = std::env::var("VNFWIZ_PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok());
    let corpus_run = std::env::var_os("VNFWIZ_CORPUS").is_some();
    asked.unwrap_or(if corpus_run { 256 } else { 12 })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn every_option_of_a_generated_appliance_converts_clean(spec in spec()) {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("appliance.ovf");
        let text = descriptor(&spec);
        std::fs::write(&path, &text).expect("descriptor");
        let session = Session::open(&path, &Limits::default()).expect("opens");
        for option in 0..spec.options {
            let answers = Answers {
                accept_eula: EulaAcceptance::All,
                deployment_option: Some(format!("size{option}")),
                ..Answers::default()
            };
            let resolved = match session.resolve(&answers) {
                Ok(resolved) => resolved,
                Err(refusal) => {
                    prop_assert!(false, "size{option} refused: {refusal}\n{text}");
                    unreachable!()
                }
            };
            let errors: Vec<String> = resolved
                .violations
                .iter()
                .filter(|v| v.severity() == vnfwiz::foundation::diagnostics::Severity::Error)
                .map(|v| format!("{} {}:{} {}", v.rule.id, v.file, v.span.line, v.message))
                .collect();
            prop_assert!(errors.is_empty(), "size{option}:\n{}\n{text}", errors.join("\n"));
        }
    }
}
