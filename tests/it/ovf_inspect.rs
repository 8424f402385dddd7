//! `vnfwiz inspect` through the real binary on the OVF fixtures: every section's data in
//! JSON and text, the same package as an `.ova`, OVF 0.9 and 2.x descriptors.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support::binary::{self, fixtures};
use serde_json::Value;

fn fixture(path: &str) -> PathBuf {
    fixtures("ovf").join(path)
}

/// Runs vnfwiz without colour.
fn vnfwiz(args: &[&str]) -> Output {
    binary::vnfwiz(args, &[])
}

fn inspect_json(path: &Path) -> Value {
    let out = vnfwiz(&["inspect", "--format", "json", path.to_str().expect("utf-8")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    doc["inspection"].clone()
}

fn inspect_text(path: &Path) -> String {
    let out = vnfwiz(&["inspect", path.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The SHA-256 of a text, computed independently of vnfwiz's own helper.
fn sha256(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn check_complete(i: &Value) {
    // EULAs at collection and system level, localised text, digest of what is shown.
    let eulas = i["eulas"].as_array().expect("eulas");
    assert_eq!(eulas.len(), 2);
    assert_eq!(eulas[0]["system"], "vims");
    assert_eq!(eulas[0]["text"], "vIMS is licensed per subscriber.");
    assert_eq!(
        eulas[0]["sha256"],
        sha256("vIMS is licensed per subscriber.")
    );
    assert_eq!(eulas[1]["system"], "pcscf");

    // Deployment options with the default and resolved hardware.
    let options = i["deployment_options"].as_array().expect("options");
    assert_eq!(options.len(), 2);
    assert_eq!(options[0]["id"], "lab");
    assert_eq!(options[0]["default"], false);
    assert_eq!(options[1]["default"], true);
    let lab = &options[0]["hardware"];
    assert_eq!(lab[0]["system"], "pcscf");
    assert_eq!(lab[0]["vcpus"], 1);
    assert_eq!(lab[0]["memory_mib"], 2048);
    assert_eq!(lab[0]["disks"][0]["bytes"], 40u64 << 30);
    assert_eq!(lab[0]["nics"][0]["network"], "sig");
    assert_eq!(lab[0]["nics"][0]["sub_type"], "SR-IOV DIRECT");
    assert_eq!(lab[0]["nics"][0]["static_ip"], "10.33.168.70");
    assert_eq!(lab[0]["nics"][1]["network"], "oam");
    // The HSS has no hardware of its own: the collection's ResourceAllocationSection, with
    // a disk capacity taken from a property whose default depends on the option.
    assert_eq!(lab[1]["system"], "hss");
    assert_eq!(lab[1]["source"], "ResourceAllocationSection of vims");
    assert_eq!(lab[1]["memory_mib"], 8192);
    assert_eq!(lab[1]["disks"][0]["bytes"], 20u64 << 30);
    assert_eq!(lab[1]["disks"][0]["capacity_property"], "hss.disk_gb");
    let production = &options[1]["hardware"];
    assert_eq!(production[0]["vcpus"], 4);
    assert_eq!(production[0]["memory_mib"], 8192);
    assert_eq!(production[1]["disks"][0]["bytes"], 60u64 << 30);

    // Properties: full keys, types, qualifiers, categories, defaults per option, passwords.
    let properties = i["properties"].as_array().expect("properties");
    let find = |key: &str| {
        properties
            .iter()
            .find(|p| p["key"] == key)
            .unwrap_or_else(|| panic!("property {key}"))
    };
    let subscribers = find("ims.subscribers");
    assert_eq!(subscribers["type"], "uint32");
    assert_eq!(subscribers["qualifiers"][0], "MinValue(1000)");
    assert_eq!(subscribers["default"], "500000");
    assert_eq!(subscribers["defaults"]["lab"], "1000");
    assert_eq!(subscribers["category"], "Domain");
    let password = find("pcscf.admin_password.1");
    assert_eq!(password["password"], true);
    assert_eq!(password["default"], Value::Null);
    assert_eq!(find("pcscf.sig_ip.1")["qualifiers"][0], "Ip(\"sig\")");
    assert_eq!(find("pcscf.tls.1")["user_configurable"], false);
    assert_eq!(find("ims.domain")["label"], "IMS domain");

    // Systems, networks with ecs attributes and VLANs, disks, files.
    let systems = i["virtual_systems"].as_array().expect("systems");
    assert_eq!(systems[0]["kind"], "Collection");
    assert_eq!(systems[0]["members"], serde_json::json!(["pcscf", "hss"]));
    assert_eq!(
        systems[0]["annotation"],
        "Deploy the HSS before the P-CSCFs."
    );
    assert_eq!(systems[1]["operating_system"], "Linux 64-bit");
    let sig = &i["networks"][0];
    assert_eq!(sig["extension"]["net_name"], "ims-sig");
    assert_eq!(sig["extension"]["enable_dhcp"], true);
    assert_eq!(sig["extension"]["use_ecm_segmentation_id"], false);
    assert_eq!(sig["vlans"], serde_json::json!(["101", "102"]));
    let disks = i["disks"].as_array().expect("disks");
    assert_eq!(disks[1]["capacity"], "${hss.disk_gb}");
    assert_eq!(disks[1]["bytes"], 60u64 << 30);
    assert_eq!(disks[2]["volume_type"], "SSD");
    assert_eq!(disks[3]["shared"], true);
    let files = i["files"].as_array().expect("files");
    assert_eq!(files[0]["chunks"], 3);
    assert_eq!(files[0]["present_size"], 25);
    assert_eq!(files[1]["compression"], "gzip");
    assert_eq!(files[1]["present_size"], Value::Null);
    // No manifest: stored files cannot be verified, the absent HSS image is missing.
    let digests: Vec<&str> = files.iter().filter_map(|f| f["digest"].as_str()).collect();
    assert_eq!(
        digests,
        ["no_manifest", "missing", "no_manifest", "no_manifest"]
    );
    let integrity = &i["integrity"];
    assert_eq!(integrity["manifest"], Value::Null);
    assert_eq!(integrity["signature"], Value::Null);
    let rules: Vec<&str> = integrity["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|f| f["rule"].as_str())
        .collect();
    assert_eq!(rules, ["OVF-reference-absent", "OVF-no-manifest"]);

    // The full model: every section of Table 1 and the ecs extensions.
    let e = &i["envelope"];
    assert_eq!(e["virtual_routers"][0]["entries"][0]["id"], "vrf-sig");
    assert_eq!(
        e["router_interfaces"][0]["entries"][1]["border_gateway_host_id"],
        "BGW-1"
    );
    assert_eq!(
        e["resource_groups"][0]["entries"][0]["placements"][0][1],
        "nova-a"
    );
    assert_eq!(e["placement_groups"][0]["policy"], "availability");
    assert_eq!(e["encryption"][0]["parts"][0], "EncryptedKey");
    assert_eq!(e["shared_disks"][0]["disks"][0]["disk_id"], "hss-quorum");
    let collection = &e["contents"][0];
    assert_eq!(collection["startup"]["items"][0]["waiting_for_guest"], true);
    assert_eq!(collection["scale_out"][0]["maximum"], 6);
    assert_eq!(
        collection["resource_allocation"]["items"][1]["virtual_quantity"],
        8
    );
    let pcscf = &e["contents"][1];
    assert_eq!(pcscf["install"]["initial_boot_stop_delay"], 300);
    assert_eq!(
        pcscf["environment_files"]["files"][0]["path"],
        "cloud-init-data"
    );
    assert_eq!(
        pcscf["boot_devices"][0]["configs"][0]["sources"][1]["instance_id"],
        "5"
    );
    assert_eq!(pcscf["placements"][0]["group"], "cscf-anti");
    assert_eq!(pcscf["resource_group_ref"], "zone-a");
    assert_eq!(pcscf["unknown"][0]["required"], false);
    let items = &pcscf["hardware"][0]["items"];
    assert_eq!(items[5]["element"], "StorageItem");
    assert_eq!(items[6]["element"], "EthernetPortItem");
    assert_eq!(
        items[6]["allowed_address_pairs"][0]["mac"],
        "AA:bb:22:11:CC:12"
    );
    assert_eq!(items[6]["allowed_address_pairs"][1]["ip"], "10.33.168.91");
    assert_eq!(
        e["strings"]["bundles"][0]["file_messages"]["net.oam"],
        "Betrieb und Wartung"
    );
}

#[test]
fn json_shows_every_section_of_the_complete_fixture() {
    check_complete(&inspect_json(&fixture("complete/vims.ovf")));
}

#[test]
fn text_shows_every_section_of_the_complete_fixture() {
    let text = inspect_text(&fixture("complete/vims.ovf"));
    for expected in [
        "sha256:".to_owned() + &sha256("vIMS is licensed per subscriber."),
        "* production  Production — 500 000 subscribers".to_owned(),
        "pcscf: 1 vCPU, 2048 MiB RAM, disks [cscf-boot 40 GiB], NICs [sig, oam]".to_owned(),
        "hss: 4 vCPU, 8192 MiB RAM, disks [hss-boot 60 GiB], NICs []".to_owned(),
        "ims.subscribers [vims] uint32  default \"500000\"  (user-configurable)".to_owned(),
        "per option: lab=1000".to_owned(),
        "pcscf.admin_password.1 [pcscf] string  default (hidden)".to_owned(),
        "annotation: Deploy the HSS before the P-CSCFs.".to_owned(),
        "startup: hss order 1 start powerOn after 60 s".to_owned(),
        "scale out pcscf: 2..6 instances, default 2".to_owned(),
        "install boot: stops after 300 s".to_owned(),
        "environment files (iso): cscf-day0 → cloud-init-data".to_owned(),
        "boot order Disk first: items 4 → 5".to_owned(),
        "placement group: cscf-anti".to_owned(),
        "allowed AA:bb:22:11:CC:12|10.33.168.90".to_owned(),
        "other section: ecs:MonitoringSection".to_owned(),
        "VLANs 101,102".to_owned(),
        "hss-data  capacity 100 byte * 2^30 = 100 GiB  file (empty disk)  volume type SSD"
            .to_owned(),
        "hss-quorum (shared)".to_owned(),
        "3 chunks of 10 bytes".to_owned(),
        "compression gzip".to_owned(),
        "virtual router vrf-sig (VRF_SIG)".to_owned(),
        "border gateway BGW-1".to_owned(),
        "resource group zone-a: placementZone=nova-a".to_owned(),
        "encryption: EncryptedKey".to_owned(),
    ] {
        assert!(text.contains(&expected), "missing `{expected}` in:\n{text}");
    }
}

#[test]
fn an_ova_of_the_same_package_gives_the_same_inspection() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ova = dir.path().join("vims.ova");
    let mut builder = tar::Builder::new(std::fs::File::create(&ova).expect("ova"));
    let folder = fixture("complete");
    for name in [
        "vims.ovf",
        "vims-de.msgs",
        "cscf-disk1.vmdk.000000000",
        "cscf-disk1.vmdk.000000001",
        "cscf-disk1.vmdk.000000002",
        "config/cscf-day0.yaml",
    ] {
        builder
            .append_path_with_name(folder.join(name), name)
            .expect("entry");
    }
    builder.finish().expect("tar");
    drop(builder);
    let inspection = inspect_json(&ova);
    assert_eq!(inspection["package"]["kind"], "ova");
    assert_eq!(inspection["package"]["descriptor"], "vims.ovf");
    check_complete(&inspection);
}

#[test]
fn ovf_0_9_and_2_x_descriptors_are_read() {
    let legacy = inspect_json(&fixture("v0_9/legacy-dns.ovf"));
    assert_eq!(legacy["package"]["ovf_version"], "0.9");
    let hardware = &legacy["hardware"][0];
    assert_eq!(hardware["memory_mib"], 1024);
    assert_eq!(hardware["disks"][0]["bytes"], 4u64 << 30);
    assert_eq!(hardware["nics"][0]["network"], "dns-service");
    assert_eq!(legacy["eulas"][0]["text"], "Resolver software, GPL-2.0.");
    let notices = legacy["envelope"]["notices"].as_array().expect("notices");
    assert_eq!(notices.len(), 2, "MegaHertz and MegaBytes are legacy units");

    let lb = inspect_json(&fixture("v2/lb.ovf"));
    assert_eq!(lb["package"]["ovf_version"], "2.x");
    assert_eq!(lb["hardware"][0]["nics"].as_array().map(Vec::len), Some(2));
    assert_eq!(lb["hardware"][0]["disks"][0]["bytes"], 8u64 << 30);
}

#[test]
fn inspect_refuses_what_is_not_an_ovf_package() {
    let out = vnfwiz(&["inspect", fixture("missing.ovf").to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such file"));
}
