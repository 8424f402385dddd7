//! Real HOT sets through the binary: every file of a set is checked or named as not
//! checked (never a silent "clean"), a source without any template is an input error,
//! paths that leave the package are never followed, the readings real ONAP packages need,
//! and `validate --fix` writing the fixes back in place.

use crate::support::sarif_schema;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::binary::{Run, fixtures, violations_at};
use crate::support::rule_sets::rule_set;
use serde_json::Value;

fn vnfwiz<S: AsRef<OsStr>>(args: &[S]) -> Run {
    Run::from(
        Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
            .args(args)
            .env("NO_COLOR", "1")
            .output()
            .expect("the binary runs"),
    )
}

fn fixture(path: &str) -> PathBuf {
    fixtures(path)
}

/// A folder holding `files` (path, bytes).
fn folder(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    dir
}

/// A copy of a fixture folder (flat).
fn copy_of(path: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(fixture(path)).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    dir
}

/// `validate --format json` of `path`: the exit code and the document.
fn json(path: &Path) -> (Option<i32>, Value) {
    let run = vnfwiz(&[
        OsStr::new("validate"),
        path.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
    ]);
    let doc = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", run.stdout, run.stderr));
    (run.code, doc)
}

fn has(doc: &Value, rule: &str, at: &str) -> bool {
    violations_at(doc).iter().any(|(r, a)| r == rule && a == at)
}

const ENV: &[u8] = b"parameters:\n  vfw_image_name: ubuntu\n";

#[test]
fn a_template_without_its_version_is_checked_and_reported() {
    let dir = folder(&[(
        "base.yaml",
        b"description: firewall\nparameters:\n  vfw_image_name:\n    type: string\nresources:\n  vfw_server_0:\n    type: OS::Nova::Server\n    properties:\n      image: {get_param: vfw_image_name}\n",
    )]);
    let (code, doc) = json(dir.path());
    assert_eq!(code, Some(1));
    assert!(has(&doc, "R-27078", "base.yaml:1"), "{doc:#}");
    assert_eq!(doc["summary"]["files"], 1);
    // Parameters of typed maps alone make a template too, not an environment file.
    let dir = folder(&[(
        "stuff.yaml",
        b"parameters:\n  image:\n    type: string\n  flavor:\n    type: string\n",
    )]);
    let (code, doc) = json(dir.path());
    assert_eq!(code, Some(1));
    assert!(has(&doc, "R-27078", "stuff.yaml:1"), "{doc:#}");
}

#[test]
fn an_empty_or_non_map_template_beside_its_env_is_an_error_at_its_place() {
    for (text, message) in [
        (&b""[..], "the template is empty"),
        (b"# only a comment\n", "the template is empty"),
        (b"- resources\n- parameters\n", "not a list"),
    ] {
        let dir = folder(&[("base.yaml", text), ("base.env", ENV)]);
        let (code, doc) = json(dir.path());
        assert_eq!(code, Some(1), "{doc:#}");
        let structure = doc["violations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["rule"] == "R-92635/structure")
            .unwrap_or_else(|| panic!("{doc:#}"));
        assert_eq!(structure["file"], "base.yaml");
        let text = structure["message"].as_str().unwrap();
        assert!(
            text.contains(message) || message == "not a list" && text.contains("a list"),
            "{text}"
        );
    }
    let garbage: Vec<u8> = (0..=255u8).cycle().take(600).collect();
    let dir = folder(&[("base.yaml", &garbage), ("base.env", ENV)]);
    let (code, doc) = json(dir.path());
    assert_eq!(code, Some(1));
    assert!(
        violations_at(&doc)
            .iter()
            .any(|(_, at)| at.starts_with("base.yaml:")),
        "{doc:#}"
    );
}

#[test]
fn a_source_without_a_template_is_an_input_error_naming_what_it_holds() {
    let comment = folder(&[("base.yaml", b"# nothing yet\n")]);
    let readme = folder(&[("README.txt", b"see the wiki\n")]);
    let empty = folder(&[]);
    let text = folder(&[("notes.txt", b"deploy on monday\n")]);
    let text_file = text.path().join("notes.txt");
    for (path, named) in [
        (comment.path().to_path_buf(), "base.yaml, which is empty"),
        (readme.path().to_path_buf(), "it holds README.txt"),
        (empty.path().to_path_buf(), "it holds no file"),
        (text_file.clone(), "notes.txt, which is a string"),
    ] {
        let run = vnfwiz(&[OsStr::new("validate"), path.as_os_str()]);
        assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains("no HOT template found in") && run.stderr.contains(named),
            "{}",
            run.stderr
        );
        onboard_finds_no_template(&path);
    }
}

/// `onboard` refuses `path` as holding no template, and writes nothing.
fn onboard_finds_no_template(path: &Path) {
    let out = tempfile::tempdir().unwrap();
    let target = out.path().join("onboarded");
    let run = vnfwiz(&[
        OsStr::new("onboard"),
        path.as_os_str(),
        "--out".as_ref(),
        target.as_os_str(),
    ]);
    assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("no HOT template found in"),
        "{}",
        run.stderr
    );
    assert!(!target.exists(), "nothing is written");
}

#[test]
fn environment_files_alone_are_checked_and_the_missing_template_is_a_finding() {
    let dir = folder(&[
        ("base_vfw.env", b"parameters:\n  vfw_image_name: ubuntu-20.04\n"),
        (
            "vfw_scaling.env",
            b"parameter_defaults:\n  vfw_count: 2\nresource_registry:\n  OS::VFW::Node: vfw_node.yaml\nnotes: scale out by two\n",
        ),
    ]);
    let (code, doc) = json(dir.path());
    assert_eq!(code, Some(1), "{doc:#}");
    let found = violations_at(&doc);
    for (rule, at) in [
        ("R-92635/no-template", "base_vfw.env:1"),
        ("R-38474", "base_vfw.env:1"),
        ("R-81725", "vfw_scaling.env:1"),
        ("R-03324", "vfw_scaling.env:1"),
        ("R-67231", "vfw_scaling.env:3"),
        ("R-92635/env-section", "vfw_scaling.env:5"),
    ] {
        assert!(
            found.iter().any(|(r, a)| r == rule && a == at),
            "{rule} at {at}: {found:?}"
        );
    }
    // No template is one finding, carrying R-37028 (no base module) too.
    let missing = doc["violations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["rule"] == "R-92635/no-template")
        .unwrap();
    assert_eq!(missing["also"], serde_json::json!(["R-37028"]));
    // The heat profile says it too: never a clean report for a set that deploys nothing.
    let heat = vnfwiz(&[
        OsStr::new("validate"),
        dir.path().as_os_str(),
        "--profile".as_ref(),
        "heat".as_ref(),
    ]);
    assert_eq!(heat.code, Some(1), "{}", heat.stdout);
    assert!(
        heat.stdout.contains("error[R-92635/no-template]"),
        "{}",
        heat.stdout
    );
    // Onboarding needs a template: still an input error there.
    onboard_finds_no_template(dir.path());
}

#[test]
fn a_template_given_alone_is_checked_with_the_environment_file_of_its_name() {
    let dir = copy_of("onap/vfw");
    let (_, whole) = json(dir.path());
    let template = dir.path().join("base_vfw.yaml");
    let (code, alone) = json(&template);
    assert_eq!(code, Some(1));
    assert_eq!(violations_at(&alone), violations_at(&whole));
    assert_eq!(alone["summary"]["files"], 2);
    let note = alone["notes"][0]["message"].as_str().expect("a note");
    assert_eq!(
        note,
        "base_vfw.yaml: checked with base_vfw.env, the environment file of its name beside it"
    );
    let text = vnfwiz(&[OsStr::new("validate"), template.as_os_str()]);
    assert!(
        text.stdout.contains(&format!("note: {note}\n")),
        "{}",
        text.stdout
    );
    // Given with an environment file of the operator's choice: that one, and no note.
    let other = dir.path().join("other.env");
    std::fs::write(&other, b"parameters: {}\n").unwrap();
    let (_, chosen) = json_of(&[template.as_os_str(), other.as_os_str()]);
    assert!(chosen.get("notes").is_none(), "{chosen:#}");
    // Without one beside it, the template is checked alone and its module has no
    // environment file.
    std::fs::remove_file(dir.path().join("base_vfw.env")).unwrap();
    let (_, bare) = json(&template);
    assert!(bare.get("notes").is_none());
    assert!(has(&bare, "R-38474", "base_vfw.yaml:1"), "{bare:#}");
}

/// `validate --format json` of several paths: the exit code and the document.
fn json_of(paths: &[&OsStr]) -> (Option<i32>, Value) {
    let mut args = vec![OsStr::new("validate")];
    args.extend_from_slice(paths);
    args.extend(["--format", "json"].map(OsStr::new));
    let run = vnfwiz(&args);
    let doc = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", run.stdout, run.stderr));
    (run.code, doc)
}

#[test]
fn a_file_of_parameters_alone_is_the_template_its_environment_is_checked_against() {
    let dir = folder(&[
        (
            "base_vfw.yaml",
            b"parameters:\n  vfw_image_name:\n    type: string\n    description: Glance image\n  vfw_flavor_name:\n    type: string\n    description: Nova flavor\n",
        ),
        (
            "base_vfw.env",
            b"parameters:\n  vfw_image_name: ubuntu-20.04\n  vfw_flavour_name: m1.small\n",
        ),
    ]);
    let (code, doc) = json(&dir.path().join("base_vfw.yaml"));
    assert_eq!(code, Some(1));
    assert!(has(&doc, "R-599443", "base_vfw.env:3"), "{doc:#}");
    assert!(!has(&doc, "R-599443", "base_vfw.env:2"), "{doc:#}");
}

#[test]
fn in_an_sdc_package_every_yaml_not_clearly_something_else_is_a_template() {
    let manifest = br#"{"name": "vFW", "data": [
        {"file": "base_vfw.yaml", "type": "HEAT", "isBase": true,
         "data": [{"file": "base_vfw.env", "type": "HEAT_ENV"}]}]}"#;
    let base = std::fs::read(fixture("onap/sdc_string_is_base/base_vfw.yaml")).unwrap();
    let env = std::fs::read(fixture("onap/sdc_string_is_base/base_vfw.env")).unwrap();
    let dir = folder(&[
        ("MANIFEST.json", manifest),
        ("base_vfw.yaml", &base),
        ("base_vfw.env", &env),
        ("extra.yaml", b"- a list SDC still reads as a template\n"),
    ]);
    let (code, doc) = json(dir.path());
    assert_eq!(code, Some(1));
    assert!(has(&doc, "R-92635/structure", "extra.yaml:1"), "{doc:#}");
    // Without MANIFEST.json the same file is named as not checked.
    std::fs::remove_file(dir.path().join("MANIFEST.json")).unwrap();
    let (_, doc) = json(dir.path());
    assert!(
        !violations_at(&doc)
            .iter()
            .any(|(_, at)| at.starts_with("extra.yaml"))
    );
    assert_eq!(doc["not_checked"][0]["file"], "extra.yaml");
    assert_eq!(doc["summary"]["not_checked"], 1);
}

#[test]
fn helm_charts_beside_the_heat_modules_are_named_not_checked_in_every_format() {
    let tree = fixture("onap/vfw_cnf_cds/templates");
    let (_, doc) = json(&tree);
    let charts: Vec<&str> = doc["not_checked"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["reason"].as_str().unwrap().contains("Helm chart"))
        .map(|n| n["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        charts,
        [
            "helm/base_template/Chart.yaml",
            "helm/base_template/templates/protected-net.yaml",
            "helm/base_template/values.yaml",
            "helm/vfw/Chart.yaml",
            "helm/vfw/templates/deployment.yaml",
            "helm/vfw/templates/tests/ping.yaml",
            "helm/vfw/values.yaml",
        ]
    );
    assert_eq!(
        doc["summary"]["not_checked"], 8,
        "the charts and base/MANIFEST.json"
    );
    // No chart file is read as Heat: only the package layout rule (files in folders)
    // mentions one.
    for (rule, at) in violations_at(&doc) {
        assert!(
            !at.starts_with("helm/") || rule == "R-511776",
            "{rule} at {at}"
        );
    }
    assert_eq!(doc["summary"]["files"], 4, "the four module files");
    let text = vnfwiz(&[OsStr::new("validate"), tree.as_os_str()]);
    assert!(
        text.stdout.contains(
            "note: helm/vfw/templates/deployment.yaml: not checked: a file of the Helm chart `helm/vfw/`"
        ),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.trim_end().ends_with("; 8 files not checked"),
        "{}",
        text.stdout
    );
    let sarif = vnfwiz(&[
        OsStr::new("validate"),
        tree.as_os_str(),
        "--format".as_ref(),
        "sarif".as_ref(),
    ]);
    let log: Value = serde_json::from_str(&sarif.stdout).unwrap();
    assert!(
        sarif_schema::problems(&log).is_empty(),
        "{:?}",
        sarif_schema::problems(&log)
    );
    let notes = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .unwrap();
    assert_eq!(notes.len(), 8);
    assert_eq!(notes[0]["level"], "note");
    assert_eq!(
        notes[1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "helm/base_template/Chart.yaml"
    );
    // The heat package itself: both modules checked, with SDC's string isBase.
    let (_, doc) = json(&tree.join("base"));
    assert_eq!(doc["summary"]["files"], 4);
    assert!(doc.get("not_checked").is_none(), "{doc:#}");
    assert!(
        !violations_at(&doc)
            .iter()
            .any(|(rule, _)| rule == "R-37028")
    );
}

#[test]
fn paths_that_leave_the_package_are_errors_and_never_read() {
    let outside = tempfile::tempdir().unwrap();
    // What lies outside would be reported if it were read.
    std::fs::write(
        outside.path().join("shared.yaml"),
        b"heat_template_version: 2016-10-14\nresources:\n  bad-id:\n    type: OS::Heat::None\n",
    )
    .unwrap();
    let package = outside.path().join("pkg");
    std::fs::create_dir(&package).unwrap();
    std::fs::write(
        package.join("base_vfw.yaml"),
        b"heat_template_version: 2016-10-14\ndescription: reaches out of its package\nresources:\n  vfw_shared_0:\n    type: ../shared.yaml\n  vfw_config_0:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config: {get_file: ../shared.yaml}\n",
    )
    .unwrap();
    std::fs::write(
        package.join("base_vfw.env"),
        b"parameters: {}\nresource_registry:\n  VFW::Shared: ../../shared.yaml\n",
    )
    .unwrap();
    let (code, doc) = json(&package);
    assert_eq!(code, Some(1));
    let outside_paths: Vec<&Value> = doc["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["rule"] == "R-92635/file-outside-package")
        .collect();
    let places: Vec<String> = outside_paths
        .iter()
        .map(|v| format!("{}:{}", v["file"].as_str().unwrap(), v["line"]))
        .collect();
    assert_eq!(
        places,
        ["base_vfw.env:3", "base_vfw.yaml:5", "base_vfw.yaml:9"],
        "{doc:#}"
    );
    for v in &outside_paths {
        assert!(
            v["message"].as_str().unwrap().contains("../"),
            "the path is named: {v}"
        );
    }
    assert!(
        !violations_at(&doc)
            .iter()
            .any(|(_, at)| at.contains("shared.yaml")),
        "nothing outside was read: {doc:#}"
    );
}

#[test]
fn sdc_readings_of_real_packages() {
    // isBase written as a string, as SDC exports it: a base and an add-on module, clean.
    let (code, doc) = json(&fixture("onap/sdc_string_is_base"));
    assert_eq!(code, Some(0), "{doc:#}");
    assert_eq!(doc["summary"]["errors"], 0);
    // A module MANIFEST.json lists with its own environment is checked with it, though
    // the base module also nests it.
    let (code, doc) = json(&fixture("onap/sdc_module_also_nested"));
    assert_eq!(code, Some(1));
    // One defect breaking twins (R-98905 for this form, R-62590 for every form): one finding.
    assert_eq!(
        violations_at(&doc),
        [("R-98905".to_owned(), "eca_oam.env:5".to_owned())]
    );
    assert_eq!(doc["violations"][0]["also"], serde_json::json!(["R-62590"]));
    // Heat's pseudo parameters passed to a nested template are no renamed parameters.
    let set = rule_set("R-708564", "pass_pseudo_parameter").materialise();
    let (_, doc) = json(set.dir());
    assert!(
        !violations_at(&doc)
            .iter()
            .any(|(rule, _)| rule == "R-708564"),
        "{doc:#}"
    );
}

#[test]
fn validate_fix_writes_the_fixes_in_place_and_keeps_every_other_line() {
    let dir = copy_of("onap/vfw");
    let env_before = std::fs::read_to_string(dir.path().join("base_vfw.env")).unwrap();
    let yaml_before = std::fs::read_to_string(dir.path().join("base_vfw.yaml")).unwrap();
    let run = vnfwiz(&[
        OsStr::new("validate"),
        dir.path().as_os_str(),
        "--fix".as_ref(),
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(
        run.stdout.matches("\nfixed: ").count() + 1,
        10,
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("wrote: base_vfw.env, base_vfw.yaml\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("\n2 files checked against ")
            && run.stdout.ends_with(" rules: 0 errors, 0 warnings\n"),
        "{}",
        run.stdout
    );
    // The environment lost exactly the entries ONAP supplies; comments stay.
    let deleted = [
        "oam_net_id",
        "oam_subnet_id",
        "vfw_oam_ip_0",
        "vsn_oam_ip_0",
        "vfw_name_0",
        "vsn_name_0",
        "vnf_id",
        "vnf_name",
        "vf_module_id",
    ];
    let expected: String = env_before
        .split_inclusive('\n')
        .filter(|line| !deleted.iter().any(|d| line.starts_with(&format!("  {d}:"))))
        .collect();
    assert_eq!(
        std::fs::read_to_string(dir.path().join("base_vfw.env")).unwrap(),
        expected
    );
    // The template changed only where the resource id is written.
    assert_eq!(
        std::fs::read_to_string(dir.path().join("base_vfw.yaml")).unwrap(),
        yaml_before.replace("random-str", "random_str")
    );
    // A second run finds nothing more to fix and writes nothing.
    let again = vnfwiz(&[
        OsStr::new("validate"),
        dir.path().as_os_str(),
        "--fix".as_ref(),
    ]);
    assert_eq!(again.code, Some(0));
    assert!(
        !again.stdout.contains("fixed:") && !again.stdout.contains("wrote:"),
        "{}",
        again.stdout
    );
    let diff = vnfwiz(&[
        OsStr::new("validate"),
        dir.path().as_os_str(),
        "--fix".as_ref(),
        "--diff".as_ref(),
    ]);
    assert!(diff.stdout.starts_with("# 0 fixes"), "{}", diff.stdout);
}

#[test]
fn validate_fix_exits_1_while_errors_remain_and_says_why() {
    let dir = copy_of("onap/vlb");
    let run = vnfwiz(&[
        OsStr::new("validate"),
        dir.path().as_os_str(),
        "--fix".as_ref(),
    ]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("R-99812: a review fix is available"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("wrote: base_vlb.env, base_vlb.yaml\n"),
        "{}",
        run.stdout
    );
    // What remains is reported: the review fixes and the one without a fix (R-57282, with
    // its twin R-304011).
    assert!(run.stdout.contains("error[R-57282]"), "{}", run.stdout);
    let all = vnfwiz(&[
        OsStr::new("validate"),
        dir.path().as_os_str(),
        "--fix".as_ref(),
        "all".as_ref(),
    ]);
    assert_eq!(all.code, Some(1));
    assert!(
        all.stdout
            .contains("R-85734 Build the name of `vlb_keypair`"),
        "{}",
        all.stdout
    );
    assert!(
        all.stdout.trim_end().ends_with("1 error, 0 warnings"),
        "{}",
        all.stdout
    );
}

#[test]
fn validate_fix_keeps_machine_readable_output_clean_and_refuses_archives() {
    let dir = copy_of("onap/vfw");
    let run = vnfwiz(&[
        OsStr::new("validate"),
        dir.path().as_os_str(),
        "--fix=all".as_ref(),
        "--format".as_ref(),
        "json".as_ref(),
    ]);
    assert_eq!(run.code, Some(0));
    let doc: Value = serde_json::from_str(&run.stdout).expect("stdout is the JSON report");
    assert_eq!(doc["summary"]["errors"], 0);
    assert!(
        run.stderr.contains("fixed: base_vfw.env:8:3: R-29872"),
        "{}",
        run.stderr
    );
    // A zip cannot be rewritten in place; --diff still shows what --fix would do.
    let zip_path = dir.path().join("vfw.zip");
    {
        let file = std::fs::File::create(&zip_path).unwrap();
        let mut zip = zip::ZipWriter::new(file);
        let options = zip::write::SimpleFileOptions::default();
        zip.start_file("base_vfw.yaml", options).unwrap();
        std::io::Write::write_all(
            &mut zip,
            &std::fs::read(fixture("onap/vfw/base_vfw.yaml")).unwrap(),
        )
        .unwrap();
        zip.start_file("base_vfw.env", options).unwrap();
        std::io::Write::write_all(
            &mut zip,
            &std::fs::read(fixture("onap/vfw/base_vfw.env")).unwrap(),
        )
        .unwrap();
        zip.finish().unwrap();
    }
    let refused = vnfwiz(&[
        OsStr::new("validate"),
        zip_path.as_os_str(),
        "--fix".as_ref(),
    ]);
    assert_eq!(refused.code, Some(2));
    assert!(refused.stderr.contains("zip archive"), "{}", refused.stderr);
    let shown = vnfwiz(&[
        OsStr::new("validate"),
        zip_path.as_os_str(),
        "--fix-dry-run".as_ref(),
    ]);
    assert_eq!(shown.code, Some(0), "{}{}", shown.stdout, shown.stderr);
    assert!(
        shown.stdout.contains("-  vnf_id: vFirewall_demo_app\n"),
        "{}",
        shown.stdout
    );
}
