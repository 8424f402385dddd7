//! What vendors' appliances write that a strict reader refuses (tests/fixtures/convert/
//! dialect/): each is read as the vendor's own tools read it, reported as a warning at its
//! place, and `onboard --accept-eula` alone converts the appliance clean.

use std::path::{Path, PathBuf};

use crate::support::binary::{self, convert_fixture};
use serde_json::Value;

fn dialect(name: &str) -> PathBuf {
    convert_fixture("dialect").join(name)
}

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8")
}

fn json_of(output: &std::process::Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", binary::output_text(output)))
}

/// `validate --format json` of a package.
fn validate(path: &Path) -> Value {
    json_of(&binary::vnfwiz(
        &["validate", "--format", "json", s(path)],
        &[],
    ))
}

/// The (rule, line, message) of every violation of `rule`.
fn found(doc: &Value, rule: &str) -> Vec<(u64, String)> {
    doc["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .filter(|v| v["rule"] == rule)
        .map(|v| {
            assert_eq!(v["severity"], "warning", "{v}");
            (
                v["line"].as_u64().unwrap_or_default(),
                v["message"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

/// Onboards `path` with `--accept-eula` and `args` into a fresh folder; asserts it converts
/// (exit 0) and returns the folder with the JSON outcome.
fn onboard(path: &Path, args: &[&str]) -> (tempfile::TempDir, Value) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let mut all = vec![
        "onboard",
        s(path),
        "--out",
        s(&out),
        "--accept-eula",
        "--format",
        "json",
    ];
    all.extend_from_slice(args);
    let result = binary::vnfwiz(&all, &[]);
    assert_eq!(
        result.status.code(),
        Some(0),
        "{}",
        binary::output_text(&result)
    );
    let outcome = json_of(&result);
    (tmp, outcome)
}

/// The text of a written file of the HOT set.
fn written(tmp: &tempfile::TempDir, name: &str) -> String {
    let out = tmp.path().join("out");
    let heat = out.join("heat");
    let folder = if heat.is_dir() { heat } else { out };
    std::fs::read_to_string(folder.join(name)).expect("written file")
}

#[test]
fn an_undeclared_network_becomes_an_existing_network_parameter() {
    let path = dialect("vm_network.ovf");
    let doc = validate(&path);
    assert_eq!(doc["summary"]["errors"], 0, "{doc}");
    let warnings = found(&doc, "OVF-dialect/undeclared-network");
    assert_eq!(warnings.len(), 1, "{doc}");
    assert_eq!(warnings[0].0, 38, "at the Connection naming `VM Network`");
    let (tmp, _) = onboard(&path, &[]);
    let template = written(&tmp, "base_vm_network.yaml");
    assert!(template.contains("  VM_Network_net_name:\n"), "{template}");
    assert!(
        template.contains("network: {get_param: VM_Network_net_name}"),
        "{template}"
    );
}

#[test]
fn a_disk_without_format_takes_it_from_its_header_else_its_name() {
    let path = dialect("no_format/appliance.ovf");
    let doc = validate(&path);
    assert_eq!(doc["summary"]["errors"], 0, "{doc}");
    let warnings = found(&doc, "OVF-dialect/disk-format");
    let messages: Vec<&str> = warnings.iter().map(|(_, m)| m.as_str()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[0].contains("`sda`") && messages[0].contains("QCOW2 disk image from the header"),
        "the header wins over the `.img` name: {messages:?}"
    );
    assert!(
        messages[1].contains("`sdb`")
            && messages[1].contains("VMDK disk image from its file's name"),
        "{messages:?}"
    );
    onboard(&path, &[]);
}

#[test]
fn an_allocation_section_beside_the_hardware_is_read_and_left_out() {
    let path = dialect("allocation_beside_hardware.ovf");
    let doc = validate(&path);
    assert_eq!(doc["summary"]["errors"], 0, "{doc}");
    let warnings = found(&doc, "OVF-dialect/placed-section");
    assert_eq!(warnings.len(), 1, "{doc}");
    assert!(
        warnings[0]
            .1
            .contains("Its VirtualHardwareSection sizes the system")
    );
    let (_, outcome) = onboard(&path, &[]);
    assert!(
        outcome
            .to_string()
            .contains("2 vCPUs, 2048 MiB RAM, 8 GiB root disk"),
        "the hardware section sizes the flavor: {outcome}"
    );
}

#[test]
fn booleans_in_any_case_keep_the_vendors_default_for_each_option() {
    let path = dialect("boolean_case.ovf");
    let doc = validate(&path);
    assert_eq!(doc["summary"]["errors"], 0, "{doc}");
    // ovf:default, two ovf:userConfigurable, three property values.
    assert_eq!(found(&doc, "OVF-dialect/boolean-case").len(), 6, "{doc}");
    let inspected = json_of(&binary::vnfwiz(
        &["inspect", "--format", "json", s(&path)],
        &[],
    ));
    let defaults: Vec<(String, String)> = inspected["inspection"]["properties"]
        .as_array()
        .expect("properties")
        .iter()
        .map(|p| {
            (
                p["key"].as_str().unwrap_or_default().to_owned(),
                p["default"].as_str().unwrap_or("unset").to_owned(),
            )
        })
        .collect();
    assert_eq!(
        defaults,
        [
            ("inventory.ssh.enabled".to_owned(), "true".to_owned()),
            ("inventory.ceip.enabled".to_owned(), "false".to_owned())
        ]
    );
    let (tmp, _) = onboard(&path, &["--option", "large"]);
    let env = written(&tmp, "base_boolean_case.env");
    assert!(env.contains("inventory_ssh_enabled: true"), "{env}");
    assert!(
        env.contains("inventory_ceip_enabled: true"),
        "the large option's: {env}"
    );
}

#[test]
fn inline_texts_are_the_descriptors_language_unless_a_bundles_is_asked_for() {
    let path = dialect("language.ovf");
    let licence = |args: &[&str], env: &[(&str, &str)]| {
        let mut all = vec!["inspect", "--format", "json"];
        all.extend_from_slice(args);
        all.push(s(&path));
        let doc = json_of(&binary::vnfwiz(&all, env));
        (
            doc["inspection"]["eulas"][0]["text"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            doc["inspection"]["package"]["languages"].clone(),
            doc["inspection"]["package"]["shown_lang"].clone(),
        )
    };
    let (english, languages, shown) = licence(&[], &[]);
    assert_eq!(
        english,
        "The edge gateway software is licensed per appliance."
    );
    assert_eq!(
        languages,
        serde_json::json!(["ja-JP"]),
        "inspect lists the bundles"
    );
    assert_eq!(shown, Value::Null, "shown in the descriptor's own words");
    let (japanese, _, shown) = licence(&["--lang", "ja"], &[]);
    assert!(japanese.starts_with("エッジゲートウェイ"), "{japanese}");
    assert_eq!(shown, "ja");
    let (from_locale, _, _) = licence(&[], &[("LANG", "ja_JP.UTF-8")]);
    assert_eq!(from_locale, japanese, "LANG asks for the bundle's language");
    let (no_bundle, _, _) = licence(&["--lang", "de"], &[("LANG", "ja_JP.UTF-8")]);
    assert_eq!(
        no_bundle, english,
        "--lang wins; without a German bundle, the own words"
    );
    onboard(&path, &[]);
    // A licence accepted by its English digest stays accepted when read in Japanese.
    let inspected = json_of(&binary::vnfwiz(
        &["inspect", "--format", "json", s(&path)],
        &[],
    ));
    let digest = inspected["inspection"]["eulas"][0]["sha256"]
        .as_str()
        .expect("digest")
        .to_owned();
    let tmp = tempfile::tempdir().expect("tempdir");
    let answers = tmp.path().join("answers.yaml");
    std::fs::write(&answers, format!("accept_eula: [{digest}]\n")).expect("answers");
    let out = tmp.path().join("out");
    let run = binary::vnfwiz(
        &[
            "onboard",
            s(&path),
            "--out",
            s(&out),
            "--answers",
            s(&answers),
        ],
        &[("LANG", "ja_JP.UTF-8")],
    );
    assert_eq!(run.status.code(), Some(0), "{}", binary::output_text(&run));
}

#[test]
fn placeholder_defaults_are_flagged_where_they_are_and_where_they_go() {
    let path = dialect("placeholders.ovf");
    let doc = validate(&path);
    assert_eq!(doc["summary"]["errors"], 0, "{doc}");
    let lines: Vec<u64> = found(&doc, "OVF-placeholder-default")
        .into_iter()
        .map(|(line, _)| line)
        .collect();
    assert_eq!(
        lines,
        [23, 26, 29],
        "the syslog target, licence key and domain"
    );
    let (_, outcome) = onboard(&path, &[]);
    let flagged: Vec<&str> = outcome["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .filter(|v| v["rule"] == "VALUE-placeholder")
        .filter_map(|v| v["path"].as_str())
        .collect();
    assert_eq!(
        flagged,
        [
            "parameters.relay_syslog_target",
            "parameters.relay_licence_key",
            "parameters.relay_domain"
        ]
    );
}

#[test]
fn every_question_follows_the_chosen_option() {
    use vnfwiz::foundation::limits::Limits;
    use vnfwiz::session::Session;
    use vnfwiz::session::answers::Answers;
    let session =
        Session::open(&dialect("size_template_disks.ovf"), &Limits::default()).expect("opens");
    let flavor = |option: Option<&str>| {
        let answers = Answers {
            deployment_option: option.map(str::to_owned),
            ..Answers::default()
        };
        session
            .questions_for(&answers)
            .parameters
            .iter()
            .flat_map(|g| g.parameters.iter())
            .find(|q| q.name == "mgmt_appliance_flavor_name")
            .and_then(|q| q.value.clone())
    };
    assert_eq!(
        flavor(None).as_deref(),
        Some("size_template_disks_mgmt_appliance_small"),
        "the default option"
    );
    assert_eq!(
        flavor(Some("large")).as_deref(),
        Some("size_template_disks_mgmt_appliance_large")
    );
    assert_eq!(
        flavor(Some("tiny")).as_deref(),
        Some("size_template_disks_mgmt_appliance_tiny")
    );
}
