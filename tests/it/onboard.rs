//! `vnfwiz onboard` through the real binary: the vSBC appliance written, validated and
//! checked against its OVF and chosen option; refusals (EULA, option, values, secrets on
//! the command line) that list every problem and write nothing; a malformed
//! SOURCE_DATE_EPOCH; the output folder's atomic replacement; HOT sets through the same
//! path; the JSON summary; composed HOT sets (`--choose`, `--require`, the answers file's
//! `capabilities:` and `requires:`) written Heat-ready; packages (`--package csar`,
//! `heat-zip`, `both`) that validate clean and are byte-identical run after run.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use crate::support::binary::{convert_fixture, output_text, vnfwiz};
use crate::support::files::{contents, walk};
use crate::support::snapshot::normalised;
use crate::support::tosca_parser;

const PASSWORD: &str = "correct-horse-battery";

/// Where onboarding records the answers, apart from the HOT set.
const ANSWERS: &str = "answers.yaml";

fn yaml(path: &Path) -> serde_json::Value {
    // The generated YAML is plain enough for a JSON view through serde-saphyr.
    let text = std::fs::read_to_string(path).expect("file");
    serde_saphyr::from_str(&text).expect("YAML")
}

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8")
}

/// Onboards the vSBC appliance with its answers file into `out`.
fn onboard_vsbc(out: &Path, extra: &[&str]) -> Output {
    onboard_vsbc_with_env(out, extra, &[])
}

/// [`onboard_vsbc`] with more environment variables.
fn onboard_vsbc_with_env(out: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let ovf = convert_fixture("vsbc/vsbc.ovf");
    let answers = convert_fixture("vsbc/answers.yaml");
    let mut args = vec![
        "onboard",
        s(&ovf),
        "--out",
        s(out),
        "--answers",
        s(&answers),
        "--set-env",
        "sbc.admin.password=SBC_ADMIN_PASSWORD",
    ];
    args.extend_from_slice(extra);
    let mut env = env.to_vec();
    env.push(("SBC_ADMIN_PASSWORD", PASSWORD));
    vnfwiz(&args, &env)
}

#[test]
fn the_vsbc_appliance_is_written_validated_and_matches_its_ovf() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let result = onboard_vsbc(&out, &[]);
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    assert!(!output_text(&result).contains(PASSWORD));

    let check = vnfwiz(&["validate", s(&out)], &[]);
    assert_eq!(check.status.code(), Some(0), "{}", output_text(&check));

    let template = yaml(&out.join("heat/base_vsbc.yaml"));
    let env = yaml(&out.join("heat/base_vsbc.env"));
    let resources = &template["resources"];
    let parameters = &env["parameters"];

    // The chosen option (large) decides each flavor, read by name (ONAP R-481670); the
    // description keeps every option's size.
    assert_eq!(parameters["sc1_flavor_name"], "vsbc_sc1_large");
    let sc1_flavor = template["parameters"]["sc1_flavor_name"]["description"]
        .as_str()
        .expect("text");
    assert!(
        sc1_flavor.contains("8 vCPUs, 16384 MiB RAM, 20 GiB root disk")
            && sc1_flavor.contains("small: 2 vCPUs, 4096 MiB RAM, 20 GiB root disk"),
        "{sc1_flavor}"
    );
    // 15 GiB from 16106127360 bytes; the database boots from a volume (no root disk).
    let described = |name: &str| {
        template["parameters"][name]["description"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    assert!(described("mp_flavor_name").contains("8192 MiB RAM, 15 GiB root disk"));
    assert!(described("db_flavor_name").contains("no root disk (boots from a volume)"));
    assert_eq!(
        resources["sc1_server_0"]["properties"]["flavor"]["get_param"],
        "sc1_flavor_name"
    );
    insta::assert_snapshot!(
        "vsbc_onboarded",
        normalised(&output_text(&result), &[tmp.path()])
    );

    // Volumes: the SC log disk (10240 MiB) empty, the database volume sized for `large`.
    assert_eq!(resources["sc1_sc_logs_volume"]["properties"]["size"], 10);
    assert!(resources["sc1_sc_logs_volume"]["properties"]["image"].is_null());
    assert_eq!(resources["db_root_volume"]["properties"]["size"], 80);
    assert_eq!(
        resources["db_root_volume"]["properties"]["image"]["get_param"],
        "db_image_name"
    );

    // Networks: existing oam an ONAP external network (a parameter ONAP fills), sig with its
    // range, media a provider VLAN, all internal networks with ONAP ids.
    assert!(parameters["oam_net_name"].is_null());
    assert!(described("oam_net_name").contains("`mgmt`"));
    assert_eq!(
        resources["int_sig_subnet"]["properties"]["cidr"],
        "10.10.1.0/24"
    );
    assert_eq!(
        resources["int_sig_subnet"]["properties"]["enable_dhcp"],
        false
    );
    assert_eq!(
        resources["int_media_network"]["type"],
        "OS::Neutron::ProviderNet"
    );
    assert_eq!(
        resources["int_media_network"]["properties"]["segmentation_id"],
        "2001"
    );
    assert_eq!(
        parameters["int_access_vlan101_subnet_cidr"],
        "172.16.101.0/24"
    );

    // Ports in AddressOnParent order (oam is slot 0 although written second).
    let networks = &resources["sc1_server_0"]["properties"]["networks"];
    assert_eq!(networks[0]["port"]["get_resource"], "sc1_0_oam_port_0");
    assert_eq!(networks[1]["port"]["get_resource"], "sc1_0_int_sig_port_0");
    let sig = &resources["sc1_0_int_sig_port_0"]["properties"];
    assert_eq!(sig["fixed_ips"][0]["ip_address"], "10.10.1.11");
    assert_eq!(sig["allowed_address_pairs"][0]["ip_address"], "10.10.1.10");
    assert_eq!(
        resources["sc1_0_oam_port_0"]["properties"]["mac_address"],
        "fa:16:3e:00:01:01"
    );

    // Server groups and zones.
    assert_eq!(
        resources["sc_pair_server_group"]["properties"]["policies"][0],
        "anti-affinity"
    );
    assert_eq!(
        resources["sc2_server_0"]["properties"]["scheduler_hints"]["group"]["get_resource"],
        "sc_pair_server_group"
    );
    assert!(
        parameters["availability_zone_1"].is_null(),
        "ONAP supplies zones"
    );
    assert!(described("availability_zone_1").contains("`az-2`"));

    // The resource group: count from the answers, range from the OVF.
    assert_eq!(parameters["mp_count"], 4);
    assert_eq!(
        template["parameters"]["mp_count"]["constraints"][0]["range"],
        serde_json::json!({"min": 2, "max": 8})
    );
    let group = &resources["mp_group"]["properties"];
    assert_eq!(group["resource_def"]["type"], "vsbc_mp.yaml");
    let nested = yaml(&out.join("heat/vsbc_mp.yaml"));
    let media = &nested["resources"]["mp_0_int_media_port_0"]["properties"];
    assert_eq!(media["binding:vnic_type"], "direct");
    assert_eq!(
        nested["resources"]["mp_0_int_access_trunk_0"]["properties"]["sub_ports"][1]["segmentation_id"],
        102
    );

    // Start order: the controllers wait for the database's delay, the media processors
    // for SC1's delay and SC2.
    assert_eq!(resources["sc1_server_0"]["depends_on"][0], "db_start_delay");
    assert_eq!(resources["db_start_delay"]["properties"]["wait_secs"], 30);
    assert_eq!(
        resources["mp_group"]["depends_on"],
        serde_json::json!(["sc1_start_delay", "sc2_server_0"])
    );

    // The OVF environment carries every property the system sees, filled by Heat.
    let personality = &resources["sc1_server_0"]["properties"]["personality"]["/ovf-env.xml"];
    let document = personality["str_replace"]["template"]
        .as_str()
        .expect("text");
    assert!(document.contains("oe:key=\"sbc.sip.domain\" oe:value=\"@@sbc_sip_domain@@\""));
    assert!(document.contains("oe:key=\"sc.node_id.1\" oe:value=\"1\""));
    assert_eq!(parameters["sbc_sip_domain"], "sip.example.net");
    assert_eq!(parameters["sbc_media_sessions"], 40000);
    // Metadata never holds the password.
    let metadata = &resources["sc1_server_0"]["properties"]["metadata"];
    assert!(metadata["sbc.admin.password"].is_null());
    assert_eq!(metadata["vnf_id"]["get_param"], "vnf_id");
    assert_eq!(metadata["sbc.site.name"]["get_param"], "sbc_site_name");

    // The environment files travel as personality and user data.
    // (flat, as ONAP packages are).
    let db = &resources["db_server_0"]["properties"];
    assert_eq!(db["user_data"]["get_file"], "user-data.txt");
    assert_eq!(
        db["personality"]["/etc/vsbc/db.conf"]["get_file"],
        "db.conf"
    );
    assert!(out.join("heat/db.conf").is_file());

    // ONAP: no default anywhere, every parameter described, no resource_registry.
    for (name, definition) in template["parameters"].as_object().expect("map") {
        assert!(definition["default"].is_null(), "{name} has a default");
        assert!(definition["description"].is_string(), "{name}");
    }
    assert!(env["resource_registry"].is_null());

    // The secret: only in the env file, which only the owner can read.
    assert_eq!(parameters["sbc_admin_password"], PASSWORD);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(out.join("heat/base_vsbc.env"))
            .expect("env")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let answers = std::fs::read_to_string(out.join(ANSWERS)).expect("answers");
    assert!(!answers.contains(PASSWORD) && !answers.contains("admin.password"));
    assert!(answers.contains("deployment_option: large"));
}

#[test]
fn answers_yaml_replays_the_same_run() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let first = tmp.path().join("first");
    assert_eq!(onboard_vsbc(&first, &[]).status.code(), Some(0));
    let second = tmp.path().join("second");
    let ovf = convert_fixture("vsbc/vsbc.ovf");
    let replay = vnfwiz(
        &[
            "onboard",
            s(&ovf),
            "--out",
            s(&second),
            "--answers",
            s(&first.join(ANSWERS)),
            "--set-env",
            "sbc.admin.password=SBC_ADMIN_PASSWORD",
        ],
        &[("SBC_ADMIN_PASSWORD", PASSWORD)],
    );
    assert_eq!(replay.status.code(), Some(0), "{}", output_text(&replay));
    for file in [
        "heat/base_vsbc.yaml",
        "heat/base_vsbc.env",
        "heat/vsbc_mp.yaml",
        ANSWERS,
    ] {
        assert_eq!(
            std::fs::read(first.join(file)).expect("first"),
            std::fs::read(second.join(file)).expect("second"),
            "{file}"
        );
    }
}

/// An onboarding output: `heat/` is the heat package, flat, exactly what the heat zip
/// holds, and `validate DIR/heat` is clean and finds no sub-folder (R-511776); the answers
/// and the packages sit beside it, and `validate DIR` checks all three and says so.
fn the_output_folder_holds_a_heat_package(
    source: &Path,
    extra: &[&str],
    env: &[(&str, &str)],
    name: &str,
) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let mut args = vec!["onboard", s(source), "--out", s(&out), "--package", "both"];
    args.extend_from_slice(extra);
    let result = vnfwiz(&args, env);
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    let mut top: Vec<String> = std::fs::read_dir(&out)
        .expect("output folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    top.sort();
    assert_eq!(
        top,
        [
            "answers.yaml".to_owned(),
            "heat".to_owned(),
            format!("{name}-heat.zip"),
            format!("{name}.csar")
        ]
    );
    let heat = out.join("heat");
    let check = vnfwiz(&["validate", "--format", "json", s(&heat)], &[]);
    assert_eq!(check.status.code(), Some(0), "{}", output_text(&check));
    let report: Value = serde_json::from_slice(&check.stdout).expect("JSON");
    assert_eq!(report["violations"], serde_json::json!([]), "{report:#}");
    assert_eq!(report["summary"]["warnings"], 0);
    let in_heat = contents(&heat);
    assert!(
        in_heat.keys().all(|name| !name.contains('/')),
        "no sub-folder: {:?}",
        in_heat.keys()
    );
    assert!(in_heat.contains_key("MANIFEST.json"));
    assert_eq!(
        contents(&out.join(format!("{name}-heat.zip"))),
        in_heat,
        "the heat zip holds exactly heat/'s files"
    );
    // The folder as a whole: its heat package and the two packages, said first.
    let whole = vnfwiz(&["validate", s(&out)], &[]);
    assert_eq!(whole.status.code(), Some(0), "{}", output_text(&whole));
    let text = String::from_utf8_lossy(&whole.stdout);
    assert!(
        text.starts_with(&format!(
            "note: {} is an onboarding output: checking heat/ as the heat package, and the packages beside it: {name}-heat.zip, {name}.csar\n",
            out.display()
        )),
        "{text}"
    );
    // Onboarding the output again reads its heat package.
    let again = tmp.path().join("again");
    let replay = vnfwiz(&["onboard", s(&out), "--out", s(&again)], &[]);
    assert_eq!(replay.status.code(), Some(0), "{}", output_text(&replay));
}

#[test]
fn an_ovf_output_folder_holds_a_heat_package_and_the_packages_beside_it() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/samples/vfw-edge.ova");
    the_output_folder_holds_a_heat_package(&sample, &["--accept-eula"], &[], "vfw-edge");
}

#[test]
fn a_hot_output_folder_holds_a_heat_package_and_the_packages_beside_it() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/samples/vfw-heat");
    the_output_folder_holds_a_heat_package(&sample, &[], &[], "vfw-heat");
}

/// Runs a refused onboarding: exit 1, nothing written; returns the message.
fn refused(args: &[&str], env: &[(&str, &str)]) -> String {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let mut all = vec!["onboard"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", s(&out)]);
    let result = vnfwiz(&all, env);
    assert_eq!(result.status.code(), Some(1), "{}", output_text(&result));
    assert!(!out.exists(), "a refused run leaves no output folder");
    let leftovers = std::fs::read_dir(tmp.path()).expect("tmp").count();
    assert_eq!(leftovers, 0, "no staging folder stays behind");
    normalised(&output_text(&result), &[tmp.path()])
}

/// The message of a refused `onboard` of the vSBC OVF given its SIP domain, the admin
/// password `password` (through the environment) and `extra`.
fn vsbc_refused(extra: &[&str], password: &str) -> String {
    let ovf = convert_fixture("vsbc/vsbc.ovf");
    let mut args = vec![
        s(&ovf),
        "--set",
        "sbc.sip.domain=sip.example.net",
        "--set-env",
        "sbc.admin.password=P",
    ];
    args.extend_from_slice(extra);
    refused(&args, &[("P", password)])
}

#[test]
fn a_missing_eula_acceptance_is_refused() {
    let message = vsbc_refused(&[], PASSWORD);
    insta::assert_snapshot!("missing_eula", message);
}

#[test]
fn a_value_onap_supplies_is_refused_as_an_answer_unless_the_profile_allows_it() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/samples/vfw-heat");
    let message = refused(
        &[
            s(&sample),
            "--set",
            "vnf_id=vfw-lab-3",
            "--set",
            "oam_net_id=oam",
        ],
        &[],
    );
    insta::assert_snapshot!("onap_supplied_values", message);
    // Plain Heat has no such rule: the same answers are written.
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let written = vnfwiz(
        &[
            "onboard",
            s(&sample),
            "--set",
            "vnf_id=vfw-lab-3",
            "--profile",
            "heat",
            "--out",
            s(&out),
        ],
        &[],
    );
    assert_eq!(written.status.code(), Some(0), "{}", output_text(&written));
    let env = std::fs::read_to_string(out.join("heat/base_vfw.env")).expect("env");
    assert!(env.contains("vnf_id: vfw-lab-3"), "{env}");
}

#[test]
fn an_unknown_option_is_refused_with_the_choices() {
    let message = vsbc_refused(&["--accept-eula", "--option", "huge"], PASSWORD);
    insta::assert_snapshot!("unknown_option", message);
}

#[test]
fn values_breaking_minlen_valuemap_and_uint16_are_refused_each() {
    let settings = [
        "sbc.site.name=hh",
        "sbc.sip.transport=sctp",
        "sbc.sip.port=70000",
    ];
    let messages: String = settings
        .into_iter()
        .map(|setting| {
            let message = vsbc_refused(&["--accept-eula", "--set", setting], PASSWORD);
            format!("--set {setting}\n{message}")
        })
        .collect();
    insta::assert_snapshot!("values_breaking_minlen_valuemap_uint16", messages);
}

#[test]
fn every_problem_is_listed_at_once_without_secrets() {
    let ovf = convert_fixture("vsbc/vsbc.ovf");
    let message = refused(
        &[
            s(&ovf),
            "--option",
            "huge",
            "--set",
            "sbc.sip.port=80",
            "--set",
            "sbc.nosuch=1",
            "--set",
            "sbc.admin.password=hunter2hunter2",
            "--require-all-values",
        ],
        &[],
    );
    insta::assert_snapshot!("every_problem_at_once", message);
    assert!(!message.contains("hunter2"), "{message}");
}

#[test]
fn a_property_without_a_value_is_left_for_instantiation_unless_every_value_is_required() {
    let ovf = convert_fixture("vsbc/vsbc.ovf");
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let args = [
        "onboard",
        s(&ovf),
        "--accept-eula",
        "--set-env",
        "sbc.admin.password=P",
        "--out",
        s(&out),
    ];
    let result = vnfwiz(&args, &[("P", PASSWORD)]);
    let shown = normalised(&output_text(&result), &[tmp.path()]);
    assert_eq!(result.status.code(), Some(0), "{shown}");
    insta::assert_snapshot!("property_left_for_instantiation", shown);
    let env = std::fs::read_to_string(out.join("heat/base_vsbc.env")).expect("env file");
    assert!(
        !env.contains("sbc_sip_domain"),
        "no value in the env file:\n{env}"
    );
    let template = std::fs::read_to_string(out.join("heat/base_vsbc.yaml")).expect("template");
    assert!(
        template.contains("  sbc_sip_domain:"),
        "still a parameter:\n{template}"
    );
    let answers = tmp.path().join("answers.yaml");
    std::fs::write(&answers, "require_all_values: true\n").expect("answers");
    let refused_out = tmp.path().join("refused");
    let mut strict = args.to_vec();
    strict[6] = s(&refused_out);
    strict.extend_from_slice(&["--answers", s(&answers)]);
    let result = vnfwiz(&strict, &[("P", PASSWORD)]);
    let shown = normalised(&output_text(&result), &[tmp.path()]);
    assert_eq!(result.status.code(), Some(1), "{shown}");
    insta::assert_snapshot!("property_required_by_the_answers", shown);
    assert!(!refused_out.exists());
}

#[test]
fn a_short_password_is_refused_without_showing_it() {
    let message = vsbc_refused(&["--accept-eula", "--format", "json"], "shorty");
    assert!(!message.contains("shorty"), "{message}");
    let doc: Value = serde_json::from_str(&message).expect("JSON");
    assert_eq!(doc["refused"], true);
    let problem = &doc["problems"][0];
    assert_eq!(problem["subject"], "property sbc.admin.password");
    assert_eq!(problem["rule"], "MinLen(12)");
}

#[test]
fn an_unset_environment_variable_is_a_problem() {
    let ovf = convert_fixture("vsbc/vsbc.ovf");
    let message = refused(
        &[
            s(&ovf),
            "--accept-eula",
            "--set",
            "sbc.sip.domain=sip.example.net",
            "--set-env",
            "sbc.admin.password=VNFWIZ_TEST_SURELY_UNSET",
        ],
        &[],
    );
    insta::assert_snapshot!("unset_environment_variable", message);
}

#[test]
fn a_malformed_source_date_epoch_is_one_line_before_anything_is_written() {
    // Past 9999-12-31T23:59:59 a time has no RFC 3339 form for the manifest.
    let mut messages = String::new();
    for epoch in ["last tuesday", "253402300800"] {
        let tmp = tempfile::tempdir().expect("tempdir");
        let out = tmp.path().join("out");
        let result = onboard_vsbc_with_env(
            &out,
            &["--package", "csar"],
            &[("SOURCE_DATE_EPOCH", epoch)],
        );
        assert_eq!(result.status.code(), Some(2), "{}", output_text(&result));
        let message = String::from_utf8_lossy(&result.stderr);
        assert_eq!(message.lines().count(), 1, "{message}");
        messages += &normalised(&message, &[tmp.path()]);
        assert!(!out.exists());
    }
    insta::assert_snapshot!("malformed_source_date_epoch", messages);
}

#[test]
fn a_full_folder_needs_force_and_is_then_replaced() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    std::fs::create_dir(&out).expect("mkdir");
    std::fs::write(out.join("stale.yaml"), "old").expect("write");
    let result = onboard_vsbc(&out, &[]);
    assert_eq!(result.status.code(), Some(2), "{}", output_text(&result));
    insta::assert_snapshot!(
        "full_folder_needs_force",
        normalised(&output_text(&result), &[tmp.path()])
    );
    assert!(out.join("stale.yaml").exists());
    let result = onboard_vsbc(&out, &["--force"]);
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    assert!(!out.join("stale.yaml").exists());
    assert!(out.join("heat/base_vsbc.yaml").exists());
    assert_eq!(std::fs::read_dir(tmp.path()).expect("tmp").count(), 1);
}

#[test]
fn an_empty_existing_folder_is_filled() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    std::fs::create_dir(&out).expect("mkdir");
    let result = onboard_vsbc(&out, &[]);
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    assert!(out.join("heat/base_vsbc.env").exists());
}

#[test]
fn the_json_summary_names_every_output_relative_to_out() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let result = onboard_vsbc(&out, &["--format", "json"]);
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    let doc: Value = serde_json::from_slice(&result.stdout).expect("JSON");
    assert_eq!(doc["template"], "heat/base_vsbc.yaml");
    assert_eq!(doc["environment"], "heat/base_vsbc.env");
    assert_eq!(doc["nested"], serde_json::json!(["heat/vsbc_mp.yaml"]));
    assert_eq!(
        doc["files"],
        serde_json::json!(["heat/user-data.txt", "heat/db.conf"])
    );
    assert_eq!(doc["answers"], ANSWERS);
    assert!(doc["package"].is_null());
    assert_eq!(doc["violations"], serde_json::json!([]));
    assert_eq!(doc["secrets"][0]["file"], "heat/base_vsbc.env");
    assert_eq!(doc["secrets"][0]["parameters"][0], "sbc_admin_password");
    assert!(!String::from_utf8_lossy(&result.stdout).contains(PASSWORD));
}

#[test]
fn an_encrypted_package_is_refused() {
    let ovf = convert_fixture("sections/encryption.ovf");
    let message = refused(&[s(&ovf)], &[]);
    insta::assert_snapshot!("encrypted_package", message);
}

#[test]
fn a_shared_disk_attached_by_systems_is_refused() {
    let ovf = convert_fixture("sections/shared_disk.ovf");
    let message = refused(&[s(&ovf)], &[]);
    insta::assert_snapshot!("shared_disk_attached_by_systems", message);
}

#[test]
fn user_data_transport_conflicts_with_a_user_data_file() {
    let ovf = convert_fixture("sections/environment_files.ovf");
    let answers = tempfile::NamedTempFile::new().expect("temp");
    std::fs::write(answers.path(), "ovf_env_transport: user_data\n").expect("write");
    let message = refused(&[s(&ovf), "--answers", s(answers.path())], &[]);
    insta::assert_snapshot!(
        "user_data_transport_conflict",
        normalised(&message, &[answers.path()])
    );
}

#[test]
fn a_hot_set_takes_parameter_answers_through_the_same_path() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let set = convert_fixture("hot/vfw");
    let result = vnfwiz(
        &[
            "onboard",
            s(&set),
            "--out",
            s(&out),
            "--set",
            "vfw_count=3",
            "--set",
            "protected_net_cidr=10.0.5.0/24",
            "--set-env",
            "vfw_admin_password=VFW_PASSWORD",
            "--format",
            "json",
            // A plain Heat set in folders, not an ONAP-named VNF: kept as it is and checked
            // against the seed requirements.
            "--profile",
            "seed",
        ],
        &[("VFW_PASSWORD", "very-secret-pass")],
    );
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    let doc: Value = serde_json::from_slice(&result.stdout).expect("JSON");
    assert_eq!(doc["template"], "heat/base_vfw.yaml");
    assert_eq!(
        doc["nested"],
        serde_json::json!(["heat/nested/vfw_instance.yaml"])
    );
    assert_eq!(
        doc["files"],
        serde_json::json!(["heat/scripts/vfw_init.sh"])
    );
    assert_eq!(
        doc["unset_parameters"],
        serde_json::json!([{"name": "unprotected_net_name", "template": "base_vfw.yaml"}])
    );
    let env = yaml(&out.join("heat/base_vfw.env"));
    assert_eq!(env["parameters"]["vfw_count"], 3);
    assert_eq!(env["parameters"]["vfw_image_name"], "vfw-2.4.qcow2");
    assert_eq!(env["parameters"]["vfw_admin_password"], "very-secret-pass");
    // The template is written as it was.
    assert_eq!(
        std::fs::read(out.join("heat/base_vfw.yaml")).expect("out"),
        std::fs::read(set.join("base_vfw.yaml")).expect("in")
    );
    let check = vnfwiz(&["validate", "--profile", "seed", s(&out)], &[]);
    assert_eq!(check.status.code(), Some(0), "{}", output_text(&check));
}

#[test]
fn a_hot_set_refuses_values_that_break_constraints_and_secrets_in_argv() {
    let set = convert_fixture("hot/vfw");
    let message = refused(
        &[
            s(&set),
            "--set",
            "vfw_count=9",
            "--set",
            "vfw_admin_password=short",
            "--set",
            "vfw_cuont=2",
            "--option",
            "large",
        ],
        &[],
    );
    insta::assert_snapshot!("hot_set_values_refused", message);
    assert!(!message.contains("short"), "{message}");
}

#[test]
fn a_hot_set_that_breaks_a_must_is_not_written() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let input = tmp.path().join("in");
    std::fs::create_dir(&input).expect("mkdir");
    std::fs::write(
        input.join("base_dns.yaml"),
        "heat_template_version: 2016-10-14\ndescription: dns\nparameters:\n  dns_image:\n    type: string\n    description: image\n    default: bind9\nresources:\n  dns:\n    type: OS::Nova::Server\n    properties:\n      image: {get_param: dns_image}\n      flavor: m1.small\n",
    )
    .expect("write");
    std::fs::write(input.join("base_dns.env"), "parameters: {}\n").expect("write");
    let out = tmp.path().join("out");
    let result = vnfwiz(&["onboard", s(&input), "--out", s(&out)], &[]);
    assert_eq!(result.status.code(), Some(1), "{}", output_text(&result));
    insta::assert_snapshot!(
        "hot_set_breaking_a_must",
        normalised(&output_text(&result), &[tmp.path()])
    );
    assert!(!out.exists());
}

#[test]
fn a_value_file_over_the_file_limit_is_a_problem() {
    let ovf = convert_fixture("sections/product.ovf");
    let secret = tempfile::NamedTempFile::new().expect("temp");
    std::fs::write(secret.path(), "x".repeat(9000)).expect("write");
    let setting = format!("com.example.vfw.admin_password.1={}", s(secret.path()));
    let message = refused(
        &[
            "--max-file-size",
            "8000",
            s(&ovf),
            "--set",
            "com.example.vfw.mgmt_ip.1=192.0.2.10",
            "--set-file",
            &setting,
        ],
        &[],
    );
    insta::assert_snapshot!(
        "value_file_over_the_limit",
        normalised(&message, &[secret.path()])
    );
}

#[test]
fn findings_on_a_secret_never_print_its_value() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let input = tmp.path().join("vfw");
    let source = convert_fixture("hot/vfw");
    for file in [
        "base_vfw.yaml",
        "nested/vfw_instance.yaml",
        "scripts/vfw_init.sh",
    ] {
        let target = input.join(file);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::copy(source.join(file), &target).expect("copy");
    }
    // A password the template's `length: {min: 12}` refuses, already in the env file.
    std::fs::write(
        input.join("base_vfw.env"),
        "parameters:\n  vfw_image_name: vfw-2.4.qcow2\n  vfw_flavor_name: m1.large\n  vfw_count: 2\n  vfw_admin_password: xyzzy-pw\n",
    )
    .expect("write");
    let out = tmp.path().join("out");
    for format in ["text", "json"] {
        let result = vnfwiz(
            &["onboard", s(&input), "--out", s(&out), "--format", format],
            &[],
        );
        let shown = normalised(&output_text(&result), &[tmp.path()]);
        assert_eq!(result.status.code(), Some(1), "{shown}");
        insta::assert_snapshot!(format!("secret_finding_{format}"), shown);
        assert!(!shown.contains("xyzzy"), "{shown}");
        assert!(!out.exists());
    }
}

#[test]
fn an_ova_gives_the_same_set_as_its_folder() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let ova = tmp.path().join("vsbc.ova");
    let mut builder = tar::Builder::new(std::fs::File::create(&ova).expect("create"));
    for file in ["vsbc.ovf", "day0/user-data.txt", "day0/db.conf"] {
        builder
            .append_path_with_name(convert_fixture("vsbc").join(file), file)
            .expect("append");
    }
    builder.into_inner().expect("finish");
    let from_ova = tmp.path().join("from-ova");
    let answers = convert_fixture("vsbc/answers.yaml");
    let result = vnfwiz(
        &[
            "onboard",
            s(&ova),
            "--out",
            s(&from_ova),
            "--answers",
            s(&answers),
            "--set-env",
            "sbc.admin.password=P",
        ],
        &[("P", PASSWORD)],
    );
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    let from_folder = tmp.path().join("from-folder");
    assert_eq!(onboard_vsbc(&from_folder, &[]).status.code(), Some(0));
    for file in [
        "heat/base_vsbc.yaml",
        "heat/base_vsbc.env",
        "heat/vsbc_mp.yaml",
        "heat/db.conf",
        ANSWERS,
    ] {
        assert_eq!(
            std::fs::read(from_ova.join(file)).expect("ova"),
            std::fs::read(from_folder.join(file)).expect("folder"),
            "{file}"
        );
    }
}

#[test]
fn nova_quotas_on_metadata_and_injected_files_are_warned_about() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut descriptor = String::from(
        "<Envelope xmlns=\"http://schemas.dmtf.org/ovf/envelope/1\" xmlns:ovf=\"http://schemas.dmtf.org/ovf/envelope/1\" xmlns:rasd=\"http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_ResourceAllocationSettingData\"><References/><VirtualSystem ovf:id=\"pcrf\"><Info>PCRF</Info><ProductSection><Info>Policy settings</Info>",
    );
    for i in 0..200 {
        descriptor.push_str(&format!(
            "<Property ovf:key=\"policy.rule{i}\" ovf:type=\"string\" ovf:value=\"allow-class-{i}\"/>"
        ));
    }
    descriptor.push_str("</ProductSection><VirtualHardwareSection><Info>Hardware</Info><Item><rasd:InstanceID>1</rasd:InstanceID><rasd:ResourceType>3</rasd:ResourceType><rasd:VirtualQuantity>2</rasd:VirtualQuantity></Item><Item><rasd:InstanceID>2</rasd:InstanceID><rasd:ResourceType>4</rasd:ResourceType><rasd:VirtualQuantity>4096</rasd:VirtualQuantity></Item></VirtualHardwareSection></VirtualSystem></Envelope>");
    let ovf = tmp.path().join("pcrf.ovf");
    std::fs::write(&ovf, descriptor).expect("write");
    let out = tmp.path().join("out");
    let result = vnfwiz(
        &["onboard", s(&ovf), "--out", s(&out), "--format", "json"],
        &[],
    );
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    let doc: Value = serde_json::from_slice(&result.stdout).expect("JSON");
    let warnings: Vec<&str> = doc["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter_map(|w| w["message"].as_str())
        .collect();
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("75 properties beyond Nova's default quota of 128")),
        "{warnings:?}"
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("injected_file_content_bytes")),
        "{warnings:?}"
    );
    let template = yaml(&out.join("heat/base_pcrf.yaml"));
    let metadata = template["resources"]["pcrf_server_0"]["properties"]["metadata"]
        .as_object()
        .expect("metadata");
    assert_eq!(metadata.len(), 128);
}

fn capabilities_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/capabilities")
        .join(name)
}

fn package_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/package")
        .join(name)
}

/// Runs `vnfwiz onboard PATH --out OUT ARGS…` and asserts it succeeds.
fn onboarded(path: &Path, out: &Path, args: &[&str]) -> String {
    let mut all = vec!["onboard", s(path), "--out", s(out)];
    all.extend_from_slice(args);
    let result = vnfwiz(&all, &[]);
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    normalised(&output_text(&result), &[out.parent().expect("a folder")])
}

/// The rules the composition fixtures (tests/fixtures/capabilities) are written and checked
/// against: they exercise template composition, not ONAP's naming, so they use the seed
/// requirements rather than the default ONAP output profile.
const COMPOSITION_PROFILE: [&str; 2] = ["--profile", "seed"];

/// Asserts `vnfwiz validate --heat-ready PATH` (or plain `validate` for a package) reports
/// no violation at all under the default profile, or `profile` when given.
fn validates_clean(path: &Path, heat_ready: bool, profile: Option<&[&str]>) {
    let mut args = vec!["validate", "--format", "json", s(path)];
    if let Some(profile) = profile {
        args.extend_from_slice(profile);
    }
    if heat_ready {
        args.insert(1, "--heat-ready");
    }
    let result = vnfwiz(&args, &[]);
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    let report: Value = serde_json::from_slice(&result.stdout).expect("JSON");
    assert_eq!(report["violations"], serde_json::json!([]), "{report:#}");
}

/// Every written file's text, by path below `out`.
fn written_texts(out: &Path) -> Vec<(String, String)> {
    let mut texts = Vec::new();
    for entry in walk(out) {
        let name = entry
            .strip_prefix(out)
            .expect("below out")
            .to_string_lossy()
            .into_owned();
        if let Ok(text) = std::fs::read_to_string(&entry) {
            texts.push((name, text));
        }
    }
    texts.sort();
    texts
}

/// The entry names of a zip, in stored order.
fn zip_entries(path: &Path) -> Vec<String> {
    let file = std::fs::File::open(path).expect("package");
    let archive = zip::ZipArchive::new(file).expect("a zip");
    archive
        .file_names()
        .map(|name| name.expect("an entry name").into_owned())
        .collect()
}

#[test]
fn a_composed_set_is_onboarded_with_choose_into_a_heat_ready_set() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let set = capabilities_fixture("dns_ambiguous");
    let summary = onboarded(
        &set,
        &out,
        &[
            "--choose",
            "OS::VNF::DnsResolver=resolvers/unbound_resolver.yaml",
            COMPOSITION_PROFILE[0],
            COMPOSITION_PROFILE[1],
        ],
    );
    insta::assert_snapshot!("composed_set_chosen", summary);
    validates_clean(&out, true, Some(&COMPOSITION_PROFILE));

    let base = std::fs::read_to_string(out.join("heat/base_dns.yaml")).expect("base");
    assert!(base.contains("type: unbound_resolver.yaml"), "{base}");
    assert!(!out.join("bind_resolver.yaml").exists());
    for (name, text) in written_texts(&out) {
        if name == ANSWERS {
            continue;
        }
        for section in ["capabilities:", "requires:", "resource_registry"] {
            assert!(
                !text.contains(section),
                "{name} still has {section}:\n{text}"
            );
        }
    }
    let answers = yaml(&out.join(ANSWERS));
    assert_eq!(
        answers["capabilities"]["OS::VNF::DnsResolver"],
        "resolvers/unbound_resolver.yaml"
    );
}

#[test]
fn a_requirement_in_the_answers_file_resolves_and_replays_byte_for_byte() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let answers = tmp.path().join("answers.yaml");
    std::fs::write(&answers, "requires:\n  software: bind\n").expect("answers");
    let set = capabilities_fixture("dns_ambiguous");
    let first = tmp.path().join("first");
    onboarded(
        &set,
        &first,
        &[
            "--answers",
            s(&answers),
            COMPOSITION_PROFILE[0],
            COMPOSITION_PROFILE[1],
        ],
    );
    validates_clean(&first, true, Some(&COMPOSITION_PROFILE));
    let base = std::fs::read_to_string(first.join("heat/base_dns.yaml")).expect("base");
    assert!(base.contains("type: bind_resolver.yaml"), "{base}");
    let recorded = yaml(&first.join(ANSWERS));
    assert_eq!(
        recorded["capabilities"]["OS::VNF::DnsResolver"],
        "resolvers/bind_resolver.yaml"
    );

    // The recorded answers alone decide the same set.
    let again = tmp.path().join("again");
    onboarded(
        &set,
        &again,
        &[
            "--answers",
            s(&first.join(ANSWERS)),
            COMPOSITION_PROFILE[0],
            COMPOSITION_PROFILE[1],
        ],
    );
    assert_eq!(written_texts(&first), written_texts(&again));

    // `--require` on the command line wins over the file.
    let flag = tmp.path().join("flag");
    onboarded(
        &set,
        &flag,
        &[
            "--answers",
            s(&answers),
            "--require",
            "software=unbound",
            COMPOSITION_PROFILE[0],
            COMPOSITION_PROFILE[1],
        ],
    );
    assert!(flag.join("heat/unbound_resolver.yaml").exists());
}

#[test]
fn the_choice_decides_which_parameters_may_be_answered() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let set = capabilities_fixture("router_params");
    let frr = tmp.path().join("frr");
    onboarded(
        &set,
        &frr,
        &[
            "--choose",
            "OS::VNF::RoutingEngine=engines/frr_engine.yaml",
            "--set",
            "bgp_asn=64512",
            "--format",
            "json",
        ],
    );
    validates_clean(&frr, true, None);
    let env = yaml(&frr.join("heat/base_vrouter.env"));
    assert_eq!(env["parameters"]["bgp_asn"], 64512);
    assert!(
        env["parameters"].get("vpp_hugepages_gb").is_none(),
        "{env:#}"
    );

    // The VPP engine has no BGP: the same answer names the template that would take it.
    let message = refused(
        &[
            s(&set),
            "--choose",
            "OS::VNF::RoutingEngine=engines/vpp_engine.yaml",
            "--set",
            "bgp_asn=64512",
        ],
        &[],
    );
    insta::assert_snapshot!("answer_for_an_unchosen_template", message);
}

#[test]
fn choices_that_do_not_fit_are_refused_naming_type_candidates_and_fix() {
    let dns = capabilities_fixture("dns_ambiguous");
    let mut shown = String::new();
    for args in [
        vec![s(&dns)],
        vec![
            s(&dns),
            "--choose",
            "OS::VNF::DnsResolver=resolvers/knot.yaml",
        ],
        vec![
            s(&dns),
            "--choose",
            "OS::VNF::Dns=resolvers/bind_resolver.yaml",
        ],
        vec![s(&dns), "--require", "softwre=bind"],
    ] {
        let shown_args: Vec<&str> = ["dns_ambiguous"]
            .into_iter()
            .chain(args[1..].iter().copied())
            .collect();
        shown += &format!(
            "$ onboard {}\n{}\n",
            shown_args.join(" "),
            refused(&args, &[])
        );
    }
    let lb = capabilities_fixture("lb_empty");
    shown += &format!("$ onboard lb_empty\n{}\n", refused(&[s(&lb)], &[]));

    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let bad = vnfwiz(
        &[
            "onboard",
            s(&dns),
            "--out",
            s(&out),
            "--choose",
            "OS::VNF::DnsResolver",
        ],
        &[],
    );
    assert_eq!(bad.status.code(), Some(2), "{}", output_text(&bad));
    shown += &format!(
        "$ onboard --choose OS::VNF::DnsResolver\n{}",
        normalised(&output_text(&bad), &[tmp.path()])
    );
    insta::assert_snapshot!("choices_that_do_not_fit", shown);
    assert!(!out.exists());
}

#[test]
fn an_ovf_package_is_written_as_csar_heat_zip_and_both() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let ovf = package_fixture("vfw/vfw.ovf");
    let csar_entries = [
        "BaseHOT/large/base_vfw.env",
        "BaseHOT/large/base_vfw.yaml",
        "BaseHOT/small/base_vfw.env",
        "BaseHOT/small/base_vfw.yaml",
        "Definitions/vfw_df_large.yaml",
        "Definitions/vfw_df_small.yaml",
        "Definitions/vfw_top.vnfd.yaml",
        "Definitions/vfw_types.yaml",
        "Files/images/vfw-logs.vmdk",
        "Files/images/vfw-root.qcow2",
        "TOSCA-Metadata/TOSCA.meta",
        "vfw.mf",
    ];
    let zip_entries_expected = ["MANIFEST.json", "base_vfw.env", "base_vfw.yaml"];
    for (format, csar, heat_zip) in [
        ("csar", true, false),
        ("heat-zip", false, true),
        ("both", true, true),
    ] {
        let out = tmp.path().join(format);
        let summary = onboarded(&ovf, &out, &["--package", format]);
        assert_eq!(out.join("vfw.csar").exists(), csar, "{format}");
        assert_eq!(out.join("vfw-heat.zip").exists(), heat_zip, "{format}");
        insta::assert_snapshot!(format!("ovf_packaged_as_{format}"), summary);
        if csar {
            validates_clean(&out.join("vfw.csar"), false, None);
            tosca_parser::assert_loads(&[&out.join("vfw.csar")]);
            let mut entries = zip_entries(&out.join("vfw.csar"));
            entries.sort();
            assert_eq!(entries, csar_entries);
            // The images are the OVF's own bytes.
            let mut archive =
                zip::ZipArchive::new(std::fs::File::open(out.join("vfw.csar")).expect("csar"))
                    .expect("zip");
            let mut image = Vec::new();
            std::io::Read::read_to_end(
                &mut archive
                    .by_name("Files/images/vfw-root.qcow2")
                    .expect("image"),
                &mut image,
            )
            .expect("read");
            assert_eq!(
                image,
                std::fs::read(package_fixture("vfw/vfw-root.qcow2")).expect("qcow2")
            );
        }
        if heat_zip {
            validates_clean(&out.join("vfw-heat.zip"), false, None);
            let mut entries = zip_entries(&out.join("vfw-heat.zip"));
            entries.sort();
            assert_eq!(entries, zip_entries_expected);
        }
        assert_eq!(yaml(&out.join(ANSWERS))["package"], format);
    }
}

#[test]
fn packages_are_byte_identical_run_after_run() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let ovf = package_fixture("vfw/vfw.ovf");
    let dns = capabilities_fixture("dns_ambiguous");
    let choose = "OS::VNF::DnsResolver=resolvers/bind_resolver.yaml";
    let mut runs: Vec<(&str, &Path, Vec<String>)> = vec![
        ("vfw", &ovf, Vec::new()),
        (
            "dns",
            &dns,
            [
                "--choose",
                choose,
                COMPOSITION_PROFILE[0],
                COMPOSITION_PROFILE[1],
            ]
            .map(str::to_owned)
            .to_vec(),
        ),
    ];
    if let Some(types) = tosca_parser::sol001_types() {
        runs.push((
            "vfw-offline",
            &ovf,
            vec!["--etsi-types".to_owned(), s(&types).to_owned()],
        ));
    }
    let mut csars = Vec::new();
    for (run, input, extra) in &runs {
        let mut files = Vec::new();
        for round in ["1", "2"] {
            let out = tmp.path().join(format!("{run}{round}"));
            let mut args = vec!["--package", "both"];
            args.extend(extra.iter().map(String::as_str));
            onboarded(input, &out, &args);
            let mut bytes = Vec::new();
            for entry in walk(&out) {
                let name = entry.strip_prefix(&out).expect("below").to_path_buf();
                bytes.push((name, std::fs::read(&entry).expect("file")));
            }
            bytes.sort();
            files.push(bytes);
            if round == "1" {
                csars.extend(
                    walk(&out)
                        .into_iter()
                        .filter(|p| p.extension().is_some_and(|e| e == "csar")),
                );
            }
        }
        assert_eq!(files[0].len(), files[1].len());
        for (a, b) in files[0].iter().zip(&files[1]) {
            assert_eq!(a.0, b.0);
            assert!(a.1 == b.1, "{run}: {} differs between runs", a.0.display());
        }
    }
    assert_eq!(csars.len(), runs.len());
    let csars: Vec<&Path> = csars.iter().map(PathBuf::as_path).collect();
    tosca_parser::assert_loads(&csars);
}

#[test]
fn a_composed_set_is_packaged_with_its_chosen_implementation() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let set = capabilities_fixture("dns_ambiguous");
    let answers = tmp.path().join("answers.yaml");
    std::fs::write(
        &answers,
        "capabilities:\n  OS::VNF::DnsResolver: resolvers/unbound_resolver.yaml\npackage: both\n",
    )
    .expect("answers");
    let result = vnfwiz(
        &[
            "onboard",
            s(&set),
            "--out",
            s(&out),
            "--answers",
            s(&answers),
            "--format",
            "json",
            COMPOSITION_PROFILE[0],
            COMPOSITION_PROFILE[1],
        ],
        &[("SOURCE_DATE_EPOCH", "1700000000")],
    );
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    let summary: Value = serde_json::from_slice(&result.stdout).expect("JSON");
    let packages = summary["package"].as_array().expect("packages listed");
    let paths: Vec<&str> = packages.iter().filter_map(|p| p["path"].as_str()).collect();
    assert_eq!(paths, ["dns_ambiguous.csar", "dns_ambiguous-heat.zip"]);
    for package in packages {
        assert_eq!(package["report"]["summary"]["errors"], 0, "{package:#}");
    }
    let csar = zip_entries(&out.join("dns_ambiguous.csar"));
    assert!(
        csar.iter()
            .any(|e| e == "BaseHOT/default/nested/unbound_resolver.yaml"),
        "{csar:?}"
    );
    assert!(
        !csar.iter().any(|e| e.contains("bind_resolver")),
        "{csar:?}"
    );
    tosca_parser::assert_loads(&[&out.join("dns_ambiguous.csar")]);
    let heat_zip = zip_entries(&out.join("dns_ambiguous-heat.zip"));
    assert!(
        heat_zip.iter().any(|e| e == "unbound_resolver.yaml"),
        "{heat_zip:?}"
    );
    validates_clean(
        &out.join("dns_ambiguous.csar"),
        false,
        Some(&COMPOSITION_PROFILE),
    );
    validates_clean(
        &out.join("dns_ambiguous-heat.zip"),
        false,
        Some(&COMPOSITION_PROFILE),
    );
    let recorded = yaml(&out.join(ANSWERS));
    assert_eq!(recorded["package_date"], "2023-11-14T22:13:20+00:00");
}

#[test]
fn registry_env_keeps_one_mapping_per_type_for_plain_heat_and_no_package() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let set = capabilities_fixture("dns_ambiguous");
    let answers = tmp.path().join("answers.yaml");
    std::fs::write(&answers, "registry: env\nrequires:\n  software: bind\n").expect("answers");
    let out = tmp.path().join("out");
    let summary = onboarded(
        &set,
        &out,
        &[
            "--answers",
            s(&answers),
            COMPOSITION_PROFILE[0],
            COMPOSITION_PROFILE[1],
        ],
    );
    insta::assert_snapshot!("registry_env_written", summary);
    let env = yaml(&out.join("heat/base_dns.env"));
    assert_eq!(
        env["resource_registry"],
        serde_json::json!({"OS::VNF::DnsResolver": "resolvers/bind_resolver.yaml"})
    );
    assert!(env.get("requires").is_none(), "{env:#}");
    assert!(out.join("heat/resolvers/bind_resolver.yaml").exists());

    std::fs::write(
        &answers,
        "registry: env\nrequires:\n  software: bind\npackage: csar\n",
    )
    .expect("answers");
    let message = refused(&[s(&set), "--answers", s(&answers)], &[]);
    insta::assert_snapshot!(
        "registry_env_refused_with_a_package",
        normalised(&message, &[tmp.path()])
    );
}

/// Onboards the bundled sample (three deployment options, a collection of two VMs) into
/// `out` with a CSAR; `extra` adds flags.
fn onboard_sample(out: &Path, extra: &[&str]) -> Output {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/samples/vfw-edge.ova");
    let mut args = vec![
        "onboard",
        s(&sample),
        "--out",
        s(out),
        "--accept-eula",
        "--package",
        "csar",
        "--set",
        "vfw.site.name=berlin-07",
        "--set",
        "vfw.mgmt.address=10.1.0.10",
        "--set",
        "vfw.mgmt.gateway=10.1.0.1",
        "--set-env",
        "vfw.admin.password=P",
    ];
    args.extend_from_slice(extra);
    vnfwiz(
        &args,
        &[("P", PASSWORD), ("SOURCE_DATE_EPOCH", "1714557600")],
    )
}

#[test]
fn the_sample_csar_loads_in_tosca_parser_with_and_without_etsi_types() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let online = tmp.path().join("online");
    let result = onboard_sample(&online, &[]);
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    let mut entries = zip_entries(&online.join("vfw-edge.csar"));
    entries.retain(|e| e.starts_with("Definitions/"));
    entries.sort();
    assert_eq!(
        entries,
        [
            "Definitions/vfw-edge_df_large.yaml",
            "Definitions/vfw-edge_df_medium.yaml",
            "Definitions/vfw-edge_df_small.yaml",
            "Definitions/vfw-edge_top.vnfd.yaml",
            "Definitions/vfw-edge_types.yaml",
        ],
        "a flavour per deployment option"
    );
    let mut csars = vec![online.join("vfw-edge.csar")];
    if let Some(types) = tosca_parser::sol001_types() {
        let offline = tmp.path().join("offline");
        let result = onboard_sample(&offline, &["--etsi-types", s(&types)]);
        assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
        let csar = offline.join("vfw-edge.csar");
        validates_clean(&csar, false, None);
        let entries = zip_entries(&csar);
        for name in [
            "Definitions/etsi_nfv_sol001_common_types.yaml",
            "Definitions/etsi_nfv_sol001_vnfd_types.yaml",
        ] {
            assert!(entries.iter().any(|e| e == name), "{name}: {entries:?}");
        }
        // The answers record the folder whole, and replay the same package.
        let recorded = yaml(&offline.join(ANSWERS));
        assert_eq!(
            recorded["etsi_types"].as_str().map(Path::new),
            Some(std::path::absolute(&types).expect("absolute").as_path())
        );
        let again = tmp.path().join("again");
        let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/samples/vfw-edge.ova");
        let replay = vnfwiz(
            &[
                "onboard",
                s(&sample),
                "--out",
                s(&again),
                "--answers",
                s(&offline.join(ANSWERS)),
                "--set-env",
                "vfw.admin.password=P",
            ],
            &[("P", PASSWORD), ("SOURCE_DATE_EPOCH", "1714557600")],
        );
        assert_eq!(replay.status.code(), Some(0), "{}", output_text(&replay));
        assert_eq!(
            std::fs::read(&csar).expect("first"),
            std::fs::read(again.join("vfw-edge.csar")).expect("replayed")
        );
        csars.push(csar);
    }
    let csars: Vec<&Path> = csars.iter().map(PathBuf::as_path).collect();
    tosca_parser::assert_loads(&csars);
}

#[test]
fn etsi_types_that_do_not_fit_are_refused_naming_the_folder() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let types = tmp.path().join("sol001");
    std::fs::create_dir(&types).expect("folder");
    std::fs::write(
        types.join("etsi_nfv_sol001_common_types.yaml"),
        "tosca_definitions_version: tosca_simple_yaml_1_2\nmetadata:\n  \
         template_name: etsi_nfv_sol001_common_types\n  template_version: 3.3.1\n",
    )
    .expect("types");
    let ovf = package_fixture("vfw/vfw.ovf");
    let message = refused(
        &[s(&ovf), "--package", "csar", "--etsi-types", s(&types)],
        &[],
    );
    let without_csar = refused(&[s(&ovf), "--etsi-types", s(&types)], &[]);
    insta::assert_snapshot!(
        "etsi_types_that_do_not_fit",
        normalised(&format!("{message}\n{without_csar}"), &[tmp.path()])
    );
}

/// The vSBC appliance (four VMs, three deployment options) copied into `dir` with small
/// stand-in disk images, the descriptor's sizes set to theirs; returns its descriptor.
fn vsbc_with_images(dir: &Path) -> PathBuf {
    let folder = dir.join("vsbc");
    std::fs::create_dir_all(folder.join("day0")).expect("folder");
    std::fs::create_dir_all(folder.join("images")).expect("folder");
    for file in ["day0/user-data.txt", "day0/db.conf"] {
        std::fs::copy(convert_fixture("vsbc").join(file), folder.join(file)).expect("copied");
    }
    let mut descriptor =
        std::fs::read_to_string(convert_fixture("vsbc/vsbc.ovf")).expect("descriptor");
    for (image, declared) in [
        ("sc", "1073741824"),
        ("mp", "805306368"),
        ("db", "536870912"),
    ] {
        let href = format!("images/vsbc-{image}-9.2.0.qcow2");
        let bytes = format!("QFI\u{fb} vSBC {image} disk (test stand-in)\n");
        std::fs::write(folder.join(&href), &bytes).expect("image");
        descriptor = descriptor.replace(
            &format!("ovf:href=\"{href}\" ovf:size=\"{declared}\""),
            &format!("ovf:href=\"{href}\" ovf:size=\"{}\"", bytes.len()),
        );
    }
    let path = folder.join("vsbc.ovf");
    std::fs::write(&path, descriptor).expect("descriptor");
    path
}

#[test]
fn a_multi_vm_multi_option_appliance_loads_in_tosca_parser_with_and_without_etsi_types() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let ovf = vsbc_with_images(tmp.path());
    let answers = convert_fixture("vsbc/answers.yaml");
    let mut variants = vec![("online", None)];
    let types = tosca_parser::sol001_types();
    if let Some(types) = &types {
        variants.push(("offline", Some(types)));
    }
    let mut csars = Vec::new();
    for (name, types) in variants {
        let out = tmp.path().join(name);
        let mut args = vec![
            "onboard",
            s(&ovf),
            "--out",
            s(&out),
            "--answers",
            s(&answers),
            "--set-env",
            "sbc.admin.password=SBC_ADMIN_PASSWORD",
            "--package",
            "csar",
        ];
        if let Some(types) = types {
            args.extend_from_slice(&["--etsi-types", s(types)]);
        }
        let result = vnfwiz(&args, &[("SBC_ADMIN_PASSWORD", PASSWORD)]);
        assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
        let csar = out.join("vsbc.csar");
        let flavours: Vec<String> = zip_entries(&csar)
            .into_iter()
            .filter(|e| e.starts_with("Definitions/vsbc_df_"))
            .collect();
        assert_eq!(flavours.len(), 3, "{flavours:?}");
        csars.push(csar);
    }
    let csars: Vec<&Path> = csars.iter().map(PathBuf::as_path).collect();
    tosca_parser::assert_loads(&csars);
}

#[test]
fn a_parameter_is_set_for_every_module_or_apart_for_one() {
    // The base module runs on m1.medium, the expansion module on m1.xlarge.
    let set =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wizard/dns-flavors-differ");
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let result = vnfwiz(
        &[
            "onboard",
            s(&set),
            "--out",
            s(&out),
            "--set",
            "dns_flavor_name=m1.small",
            "--set",
            "dns_flavor_name@dns_expansion.yaml=m1.large",
        ],
        &[],
    );
    assert_eq!(result.status.code(), Some(0), "{}", output_text(&result));
    let flavor =
        |env: &str| yaml(&out.join("heat").join(env))["parameters"]["dns_flavor_name"].clone();
    assert_eq!(flavor("base_dns.env"), "m1.small", "set for every module");
    assert_eq!(
        flavor("dns_expansion.env"),
        "m1.large",
        "set apart, it wins there"
    );
    let answers = std::fs::read_to_string(out.join(ANSWERS)).expect("answers");
    assert!(
        answers.contains("dns_flavor_name@dns_expansion.yaml: m1.large"),
        "{answers}"
    );
    // A module that does not declare the parameter is refused, naming those that do.
    let text = refused(
        &[
            s(&set),
            "--set",
            "dns_flavor_name@dns_scaling.yaml=m1.large",
        ],
        &[],
    );
    assert!(
        text.contains("parameter dns_flavor_name@dns_scaling.yaml: no module dns_scaling.yaml declares parameter `dns_flavor_name`"),
        "{text}"
    );
    assert!(
        text.contains("dns_flavor_name@dns_expansion.yaml"),
        "{text}"
    );
}
