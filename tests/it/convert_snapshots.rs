//! Golden snapshots of what `vnfwiz onboard` writes for the converter fixtures: one OVF
//! per section under tests/fixtures/convert/sections/, and the multi-VM vSBC appliance.
//! Every written set is also validated by `vnfwiz validate` (the default ONAP profile)
//! with zero violations.

use crate::support::binary::{convert_fixture, vnfwiz};
use std::path::Path;

/// Every written file, sorted, each under a `# path` header.
fn written(out: &Path) -> String {
    let mut files = Vec::new();
    let mut pending = vec![out.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("output folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .iter()
        .map(|path| {
            let name = path.strip_prefix(out).expect("inside").display();
            let text = std::fs::read_to_string(path).expect("text");
            format!("# {name}\n{text}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Onboards `ovf` with `args`, checks the result validates cleanly, returns every file.
fn onboard(ovf: &str, args: &[&str], env: &[(&str, &str)]) -> String {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let path = convert_fixture(ovf);
    let mut all = vec![
        "onboard",
        path.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ];
    all.extend_from_slice(args);
    let result = vnfwiz(&all, env);
    assert_eq!(
        result.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
    let check = vnfwiz(
        &["validate", "--format", "json", out.to_str().expect("utf-8")],
        &[],
    );
    let report: serde_json::Value = serde_json::from_slice(&check.stdout).expect("JSON");
    assert_eq!(
        report["violations"].as_array().map(Vec::len),
        Some(0),
        "{report:#}"
    );
    written(&out)
}

macro_rules! section {
    ($name:ident, $file:literal) => {
        section!($name, $file, &[], &[]);
    };
    ($name:ident, $file:literal, $args:expr, $env:expr) => {
        #[test]
        fn $name() {
            let text = onboard(concat!("sections/", $file), $args, $env);
            insta::assert_snapshot!(stringify!($name), text);
        }
    };
}

section!(disk, "disk.ovf");
section!(network, "network.ovf");
section!(ethernet_ports, "ethernet_ports.ovf");
section!(routers, "routers.ovf");
section!(resource_group, "resource_group.ovf");
section!(placement, "placement.ovf");
section!(startup, "startup.ovf");
section!(scale_out, "scale_out.ovf");
section!(
    deployment_option,
    "deployment_option.ovf",
    &["--option", "core"],
    &[]
);
section!(unmapped, "unmapped.ovf");
section!(virtual_hardware, "virtual_hardware.ovf");
section!(environment_files, "environment_files.ovf");
section!(
    product,
    "product.ovf",
    &[
        "--set",
        "com.example.vfw.mgmt_ip.1=192.0.2.10",
        "--set",
        "com.example.vfw.banner.1=Keep <out> & \"stay\" @home",
        "--set-env",
        "com.example.vfw.admin_password.1=VFW_ADMIN_PASSWORD",
    ],
    &[("VFW_ADMIN_PASSWORD", "s3cret&<\"pass")]
);

#[test]
fn environment_document_as_user_data() {
    let answers = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(answers.path(), "ovf_env_transport: user_data\n").expect("write");
    let text = onboard(
        "sections/unmapped.ovf",
        &["--answers", answers.path().to_str().expect("utf-8")],
        &[],
    );
    insta::assert_snapshot!("unmapped_user_data", text);
}

#[test]
fn vsbc_appliance() {
    let answers = convert_fixture("vsbc/answers.yaml");
    let text = onboard(
        "vsbc/vsbc.ovf",
        &[
            "--answers",
            answers.to_str().expect("utf-8"),
            "--set-env",
            "sbc.admin.password=SBC_ADMIN_PASSWORD",
        ],
        &[("SBC_ADMIN_PASSWORD", "correct-horse-battery")],
    );
    insta::assert_snapshot!("vsbc", text);
}

/// VMware's size-template disks: one disk id named by several items, within an option and
/// across options. Every option converts clean; the chosen option's volumes of one disk id
/// are numbered from 0, each item its own volume.
#[test]
fn size_template_disks() {
    for option in ["tiny", "small"] {
        onboard(
            "dialect/size_template_disks.ovf",
            &["--option", option],
            &[],
        );
    }
    let text = onboard(
        "dialect/size_template_disks.ovf",
        &["--option", "large"],
        &[],
    );
    for volume in [
        "disk25GB_volume_0",
        "disk25GB_volume_1",
        "disk25GB_volume_2",
    ] {
        assert!(
            text.contains(&format!("mgmt_appliance_{volume}:")),
            "{text}"
        );
    }
    insta::assert_snapshot!("size_template_disks", text);
}
