//! An appliance written the way VMware's appliances are (tests/fixtures/ovf/appliance):
//! unprefixed `configuration` over three options with one item per option under each
//! InstanceID, empty settings, a blank disk, msgid-only texts without `xml:lang`, `vmw:`
//! sections and properties without values. Every tolerance is a warning, `inspect` shows
//! the hardware each option selects, and `onboard --accept-eula` alone converts it.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support::binary;
use crate::support::rule_sets::rule_set;
use serde_json::Value;

fn appliance() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ovf/appliance/vcsa-style.ovf")
}

/// Runs vnfwiz without colour.
fn vnfwiz(args: &[&str]) -> Output {
    binary::vnfwiz(args, &[])
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8")
}

#[test]
fn inspect_shows_the_hardware_each_option_really_selects() {
    let doc = json(&vnfwiz(&["inspect", "--format", "json", s(&appliance())]));
    let options = doc["inspection"]["deployment_options"]
        .as_array()
        .expect("options");
    let sizes: Vec<(&str, bool, u64, u64)> = options
        .iter()
        .map(|o| {
            let hardware = &o["hardware"][0];
            (
                o["id"].as_str().unwrap_or_default(),
                o["default"].as_bool().unwrap_or_default(),
                hardware["vcpus"].as_u64().unwrap_or_default(),
                hardware["memory_mib"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        sizes,
        [
            ("tiny", false, 2, 14336),
            ("small", true, 4, 21504),
            ("large", false, 16, 49152)
        ]
    );
    // The boot order makes the system disk the root disk; the blank data disk follows.
    let disks: Vec<&str> = options[0]["hardware"][0]["disks"]
        .as_array()
        .expect("disks")
        .iter()
        .map(|d| d["disk_id"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(disks, ["system", "data"]);
    let licence = doc["inspection"]["eulas"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        licence.starts_with("EXAMPLE SYSTEMS END USER LICENSE AGREEMENT\n"),
        "the licence is shown in the `en` bundle's words: {licence:?}"
    );
}

#[test]
fn every_tolerance_is_a_warning_at_its_place_and_nothing_is_an_error() {
    let doc = json(&vnfwiz(&["validate", "--format", "json", s(&appliance())]));
    assert_eq!(doc["summary"]["errors"], 0, "{doc}");
    let found: Vec<(String, u64)> = doc["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .filter(|v| {
            v["rule"]
                .as_str()
                .is_some_and(|r| r.starts_with("OVF-dialect/"))
        })
        .map(|v| {
            assert_eq!(v["severity"], "warning", "{v}");
            (
                v["rule"].as_str().unwrap_or_default().to_owned(),
                v["line"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    for expected in [
        // The Envelope, without xml:lang.
        ("OVF-dialect/default-language", 6),
        ("OVF-dialect/blank-file-ref", 17),
        // `default`, then `value` of a Property and `configuration` of its first Value.
        ("OVF-dialect/unprefixed-attribute", 34),
        ("OVF-dialect/unprefixed-attribute", 75),
        ("OVF-dialect/unprefixed-attribute", 77),
        ("OVF-dialect/empty-setting", 92),
        ("OVF-dialect/empty-setting", 116),
    ] {
        assert!(
            found.contains(&(expected.0.to_owned(), expected.1)),
            "{expected:?} in {found:?}"
        );
    }
}

#[test]
fn accept_eula_alone_converts_the_appliance_with_its_values_left_open() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("default");
    let result = vnfwiz(&[
        "onboard",
        s(&appliance()),
        "--out",
        s(&out),
        "--accept-eula",
    ]);
    let shown = format!(
        "{}{}",
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
    assert_eq!(result.status.code(), Some(0), "{shown}");
    for expected in [
        "Property[appliance.net.ipv4] of VirtualSystem[mgmt]: has no value and is left for instantiation",
        "Property[appliance.net.prefix] of VirtualSystem[mgmt]: has no value and is left for instantiation",
        "with 4 vCPUs, 21504 MiB RAM, 48 GiB root disk",
    ] {
        assert!(shown.contains(expected), "{expected}\n{shown}");
    }
    let env = std::fs::read_to_string(out.join("heat/base_vcsa_style.env")).expect("env");
    assert!(
        env.contains("mgmt_image_name: mgmt-appliance-system.vmdk"),
        "{env}"
    );
    assert!(
        env.contains("appliance_hostname: mgmt.example.net"),
        "{env}"
    );
    assert!(!env.contains("appliance_net_ipv4"), "{env}");
    let template =
        std::fs::read_to_string(out.join("heat/base_vcsa_style.yaml")).expect("template");
    assert!(template.contains("mgmt_data_volume:"), "{template}");
    // DHCP, as the IP assignment section's schemes include it.
    assert!(template.contains("enable_dhcp: true"), "{template}");
    let checked = json(&vnfwiz(&["validate", "--format", "json", s(&out)]));
    assert_eq!(checked["summary"]["errors"], 0, "{checked}");

    let tiny = tmp.path().join("tiny");
    let result = vnfwiz(&[
        "onboard",
        s(&appliance()),
        "--out",
        s(&tiny),
        "--accept-eula",
        "--option",
        "tiny",
    ]);
    let shown = String::from_utf8_lossy(&result.stderr).into_owned()
        + &String::from_utf8_lossy(&result.stdout);
    assert_eq!(result.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("with 2 vCPUs, 14336 MiB RAM, 48 GiB root disk"),
        "{shown}"
    );
}

#[test]
fn a_build_template_is_refused_naming_its_placeholder() {
    let set = rule_set("OVF-build-template", "fail").materialise();
    let template = set.dir().join("vfw.ovf");
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let result = vnfwiz(&["onboard", s(&template), "--out", s(&out), "--accept-eula"]);
    let shown = String::from_utf8_lossy(&result.stdout);
    assert_eq!(result.status.code(), Some(1), "{shown}");
    assert!(shown.contains("OVF-build-template"), "{shown}");
    assert!(
        shown.contains("`@@VMDK_FILE_SIZE@@`, a placeholder a build fills in: this descriptor is a build template"),
        "{shown}"
    );
    assert!(!out.exists());
}
