//! Waivers through the binary: the project config (found above the checked folder, named
//! with --config, ignored with --no-config), inline comments, baselines and the answers
//! file; expiry, missing reasons and stale waivers; every report format; and the waivers
//! file a written package carries.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::binary::{Run, fixtures, vnfwiz};
use crate::support::files::contents;
use crate::support::rule_sets::rule_set;
use crate::support::sarif_schema;
use crate::support::snapshot::normalised;

/// A far-off day: these waivers do not expire while the tests live.
const LATER: &str = "2999-12-31";

/// A copy of the vLB-like set at `<dir>/vnf/vlb`, returned.
fn vlb_like(dir: &Path) -> PathBuf {
    let set = dir.join("vnf/vlb");
    std::fs::create_dir_all(&set).expect("folders");
    for name in ["base_vlb.yaml", "base_vlb.env"] {
        std::fs::copy(fixtures("waivers/vlb_like").join(name), set.join(name)).expect("copy");
    }
    set
}

fn run(args: &[&str]) -> Run {
    vnfwiz(args, &[]).into()
}

/// Replaces `from` by `to` in a file of the set.
fn edit(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).expect("read");
    assert!(text.contains(from), "{from} in {}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).expect("write");
}

/// `validate --format json` of `path` with `extra` flags.
fn validate_json(path: &Path, extra: &[&str]) -> Value {
    let mut args = vec![
        "validate",
        path.to_str().expect("UTF-8"),
        "--format",
        "json",
    ];
    args.extend(extra);
    json(&run(&args))
}

fn json(run: &Run) -> Value {
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", run.stdout, run.stderr))
}

/// `(rule, line, by)` of every violation of a JSON report; `by` empty when it counts.
fn judged(doc: &Value) -> Vec<(String, u64, String)> {
    doc["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| {
            (
                v["rule"].as_str().unwrap_or("").to_owned(),
                v["line"].as_u64().unwrap_or(0),
                v["waived"]["by"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

/// The config this module's tests write: the network name and the image sharing of the
/// vLB-like set accepted.
fn config(until: &str) -> String {
    format!(
        r#"# the demo's decisions
profile = "onap"

[[waive]]
rule = "R-25720"
files = ["vnf/*/base_*.yaml"]
reason = "the demo's private network keeps its name; ticket 42"
until = "{until}"

[[waive]]
rule = "Resource: OS::Nova::Server - Parameters"
files = ["vnf/vlb/base_vlb.yaml"]
reason = "vPG shares the vLB image and flavor by design"
"#
    )
}

#[test]
fn a_config_above_the_folder_waives_in_every_format() {
    let dir = tempfile::tempdir().expect("temp");
    let set = vlb_like(dir.path());
    std::fs::write(dir.path().join("vnfwiz.toml"), config(LATER)).expect("config");
    let set = set.to_str().expect("UTF-8");
    let report = run(&["validate", set, "--format", "json"]);
    let doc = json(&report);
    let waived: Vec<(String, u64, String)> = judged(&doc)
        .into_iter()
        .filter(|(_, _, by)| !by.is_empty())
        .collect();
    assert!(
        waived
            .iter()
            .any(|(rule, line, by)| rule == "R-25720" && *line == 34 && by == "config"),
        "{waived:?}"
    );
    assert!(
        waived.iter().any(|(rule, _, _)| rule == "R-57282"),
        "{waived:?}"
    );
    let summary = &doc["summary"];
    assert_eq!(summary["waived"].as_u64(), Some(waived.len() as u64));
    let first = doc["violations"]
        .as_array()
        .expect("list")
        .iter()
        .find(|v| v["rule"] == "R-25720")
        .expect("the network name");
    assert_eq!(
        first["waived"]["reason"],
        "the demo's private network keeps its name; ticket 42"
    );
    assert_eq!(first["waived"]["until"], LATER);
    assert!(
        first["waived"]["at"]
            .as_str()
            .unwrap_or("")
            .ends_with("vnfwiz.toml:4"),
        "{first}"
    );
    // The config ignores nothing: the other findings still count and fail the run.
    assert_eq!(report.code, Some(1), "{}", report.stdout);
    let text = run(&["validate", set]);
    insta::assert_snapshot!("config_waivers_in_text", normalised(&text.stdout, &[]));
    let sarif = run(&["validate", set, "--format", "sarif"]);
    let log: Value = serde_json::from_str(&sarif.stdout).expect("SARIF");
    assert_eq!(sarif_schema::problems(&log), Vec::<String>::new());
    let suppressed = log["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter(|r| r["suppressions"][0]["kind"] == "external")
        .count();
    assert_eq!(suppressed, waived.len());
    let junit = run(&["validate", set, "--format", "junit"]);
    assert!(
        junit.stdout.contains("<skipped message=\"waived: the demo&apos;s private network keeps its name; ticket 42 (config, ")
            || junit.stdout.contains("<skipped message=\"waived: the demo's private network keeps its name; ticket 42 (config, "),
        "{}",
        junit.stdout
    );
    // --no-config: nothing waived; --config names one elsewhere.
    let plain = validate_json(Path::new(set), &["--no-config"]);
    assert!(judged(&plain).iter().all(|(_, _, by)| by.is_empty()));
    let other = tempfile::tempdir().expect("temp");
    let file = other.path().join("ci.toml");
    std::fs::write(
        &file,
        "[[waive]]\nrule = \"R-25720\"\nreason = \"accepted in CI\"\n",
    )
    .expect("config");
    let named = validate_json(Path::new(set), &["--config", file.to_str().expect("UTF-8")]);
    assert!(
        judged(&named)
            .iter()
            .any(|(rule, _, by)| rule == "R-25720" && by == "config"),
        "a file outside the config's folder is matched by its path in its input"
    );
}

#[test]
fn all_errors_waived_exit_zero_and_flags_win_over_the_config() {
    let dir = tempfile::tempdir().expect("temp");
    let set = vlb_like(dir.path());
    let set = set.to_str().expect("UTF-8");
    let waive_all = "[rules]\nignore = [\"R-99812\", \"R-85734\"]\n\n[[waive]]\nrule = \"R-*\"\nreason = \"the demo as ONAP ships it\"\n";
    std::fs::write(dir.path().join("vnfwiz.toml"), waive_all).expect("config");
    let clean = run(&["validate", set]);
    assert_eq!(clean.code, Some(0), "{}", clean.stdout);
    assert!(clean.stdout.ends_with(" waived\n"), "{}", clean.stdout);
    // `--skip-rules` replaces the config's `ignore`: R-99812 runs and is waived.
    let doc = validate_json(Path::new(set), &["--skip-rules", "R-85734"]);
    assert!(
        judged(&doc)
            .iter()
            .any(|(rule, _, by)| rule == "R-99812" && by == "config")
    );
    // `--rules` replaces the profile: the other waivers are out of scope, not stale.
    let doc = validate_json(Path::new(set), &["--rules", "R-25720"]);
    assert!(
        judged(&doc).iter().all(|(rule, _, _)| rule == "R-25720"),
        "{doc}"
    );
}

#[test]
fn expired_stale_and_reasonless_waivers_are_warnings_and_a_config_without_reason_is_refused() {
    let dir = tempfile::tempdir().expect("temp");
    let set = vlb_like(dir.path());
    let config = format!(
        "{}\n[[waive]]\nrule = \"R-11441\"\nfiles = [\"vnf/vlb/*.yaml\"]\nreason = \"nothing to accept\"\n",
        self::config("2020-01-01")
    );
    std::fs::write(dir.path().join("vnfwiz.toml"), config).expect("config");
    edit(
        &set.join("base_vlb.yaml"),
        "  vpg_server_0:",
        "  # vnfwiz: waive R-40499\n  vpg_server_0:",
    );
    let doc = validate_json(&set, &[]);
    let found = judged(&doc);
    let warnings: Vec<(String, String, u64)> = doc["violations"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|v| v["rule"].as_str().unwrap_or("").starts_with("WAIVER-"))
        .map(|v| {
            (
                v["rule"].as_str().unwrap_or("").to_owned(),
                v["file"].as_str().unwrap_or("").to_owned(),
                v["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        warnings,
        [
            (
                "WAIVER-expired".to_owned(),
                "../../vnfwiz.toml".to_owned(),
                4
            ),
            (
                "WAIVER-stale".to_owned(),
                "../../vnfwiz.toml".to_owned(),
                15
            ),
            ("WAIVER-reason".to_owned(), "base_vlb.yaml".to_owned(), 58),
        ]
    );
    assert!(
        found
            .iter()
            .any(|(rule, _, by)| rule == "R-25720" && by.is_empty()),
        "an expired waiver does not apply"
    );
    assert_eq!(doc["summary"]["warnings"], 3);
    let text = run(&["validate", set.to_str().expect("UTF-8")]);
    insta::assert_snapshot!("expired_waiver", normalised(&text.stdout, &[]));
    // A config waiver without a reason stops the run, naming its place.
    std::fs::write(
        dir.path().join("vnfwiz.toml"),
        "[[waive]]\nrule = \"R-25720\"\n",
    )
    .expect("config");
    let refused = run(&["validate", set.to_str().expect("UTF-8")]);
    assert_eq!(refused.code, Some(2));
    insta::assert_snapshot!(
        "config_waiver_without_reason",
        normalised(&refused.stderr, &[])
    );
}

#[test]
fn inline_comments_waive_in_templates_and_descriptors() {
    let dir = tempfile::tempdir().expect("temp");
    let set = vlb_like(dir.path());
    edit(
        &set.join("base_vlb.yaml"),
        "  lb_private_network:\n",
        "  # vnfwiz: waive R-25720, R-85734 -- the demo's network, named by SO\n  lb_private_network:\n",
    );
    let doc = validate_json(&set, &[]);
    let inline: Vec<(String, u64)> = judged(&doc)
        .into_iter()
        .filter(|(_, _, by)| by == "inline")
        .map(|(rule, line, _)| (rule, line))
        .collect();
    assert_eq!(inline, [("R-25720".to_owned(), 35)]);
    // R-85734 is reported one line further down: the comment does not reach it.
    let sarif: Value = serde_json::from_str(
        &run(&[
            "validate",
            set.to_str().expect("UTF-8"),
            "--format",
            "sarif",
        ])
        .stdout,
    )
    .expect("SARIF");
    let kinds: Vec<&Value> = sarif["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter_map(|r| r.get("suppressions"))
        .collect();
    assert_eq!(kinds.len(), 1);
    assert_eq!(kinds[0][0]["kind"], "inSource");
    // An OVF descriptor: an XML comment above the element.
    let ovf = dir.path().join("ovf");
    std::fs::create_dir_all(&ovf).expect("folder");
    let set = rule_set("OVF-doctype", "fail").materialise();
    let descriptor = set.dir().join("vfw.ovf");
    let text = std::fs::read_to_string(&descriptor).expect("descriptor");
    let without = validate_json(&descriptor, &["--rules", "OVF-doctype"]);
    let line = without["violations"][0]["line"]
        .as_u64()
        .expect("a finding") as usize;
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(
        line - 1,
        "<!-- vnfwiz: waive OVF-doctype - the vendor's exporter writes it -->",
    );
    let copy = ovf.join("vfw.ovf");
    std::fs::write(&copy, lines.join("\n") + "\n").expect("write");
    let with = validate_json(&copy, &["--rules", "OVF-doctype"]);
    assert_eq!(with["violations"][0]["waived"]["by"], "inline", "{with}");
    assert_eq!(
        with["violations"][0]["waived"]["reason"],
        "the vendor's exporter writes it"
    );
}

#[test]
fn a_baseline_reports_only_new_findings_and_the_gone() {
    let dir = tempfile::tempdir().expect("temp");
    let set = vlb_like(dir.path());
    let path = set.to_str().expect("UTF-8");
    let baseline = dir.path().join("vlb.baseline.json");
    let file = baseline.to_str().expect("UTF-8");
    let written = run(&["validate", path, "--write-baseline", file]);
    assert_eq!(written.code, Some(0), "{}", written.stderr);
    insta::assert_snapshot!("baseline_written", normalised(&written.stderr, &[]));
    // Unrelated edits move every line: nothing is new.
    let text = std::fs::read_to_string(set.join("base_vlb.yaml")).expect("read");
    let moved = text.replacen("\nparameters:", "\n# reviewed 2024-05\n\nparameters:", 1);
    std::fs::write(set.join("base_vlb.yaml"), &moved).expect("write");
    let same = run(&["validate", path, "--baseline", file]);
    assert_eq!(same.code, Some(0), "{}", same.stdout);
    insta::assert_snapshot!("baseline_nothing_new", normalised(&same.stdout, &[]));
    // A new finding counts; a fixed one is named as gone from the baseline.
    let changed = moved
        .replace(
            "      name: { get_param: lb_private_net_id }\n",
            "      name: { get_param: lb_private_net_cidr }\n",
        )
        .replace("lb_private_network", "int_private_network");
    std::fs::write(set.join("base_vlb.yaml"), changed).expect("write");
    let doc = validate_json(&set, &["--baseline", file]);
    let counted: Vec<(String, String)> = doc["violations"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|v| v.get("waived").is_none())
        .map(|v| {
            (
                v["rule"].as_str().unwrap_or("").to_owned(),
                v["file"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    assert!(
        counted.contains(&("R-85734".to_owned(), "base_vlb.yaml".to_owned())),
        "{counted:?}"
    );
    assert!(
        counted.contains(&(
            "WAIVER-stale".to_owned(),
            "../../vlb.baseline.json".to_owned()
        )),
        "{counted:?}"
    );
    let both = run(&[
        "validate",
        path,
        "--baseline",
        file,
        "--write-baseline",
        file,
    ]);
    assert_eq!(both.code, Some(2));
}

/// The answers this module's onboarding replays: the vLB-like set's leftover findings
/// accepted with reasons.
const ANSWERS: &str = "\
package: both
waivers:
  - rule: R-25720
    files: [base_vlb.yaml]
    path: resources.lb_private_network
    reason: the demo's private network keeps its name; ticket 42
  - rule: 'Resource: OS::Nova::Server - Parameters'
    path: resources.vpg_server_0
    reason: vPG shares the vLB image and flavor by design
    until: 2999-12-31
";

#[test]
fn onboard_with_answers_waivers_writes_and_records_them_in_every_package() {
    let dir = tempfile::tempdir().expect("temp");
    let set = vlb_like(dir.path());
    let answers = dir.path().join("answers.yaml");
    std::fs::write(&answers, ANSWERS).expect("answers");
    let out = dir.path().join("out");
    let onboard = |out: &Path, answers: &Path| {
        run(&[
            "onboard",
            set.to_str().expect("UTF-8"),
            "--out",
            out.to_str().expect("UTF-8"),
            "--fix",
            "all",
            "--answers",
            answers.to_str().expect("UTF-8"),
            "--format",
            "json",
        ])
    };
    let first = onboard(&out, &answers);
    assert_eq!(first.code, Some(0), "{}{}", first.stdout, first.stderr);
    let doc = json(&first);
    let waived: Vec<String> = judged(&doc)
        .into_iter()
        .filter(|(_, _, by)| by == "answers")
        .map(|(rule, _, _)| rule)
        .collect();
    assert_eq!(waived.len(), 3, "{doc}");
    let recorded = std::fs::read_to_string(out.join("answers.yaml")).expect("answers");
    assert!(
        recorded.contains("waivers:\n  - rule: R-25720\n    files: [base_vlb.yaml]\n"),
        "{recorded}"
    );
    // The heat zip lists the waivers file as OTHER; the CSAR hashes it in its manifest.
    let zip = std::fs::read(out.join("vlb-heat.zip")).expect("zip");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip)).expect("a zip");
    let manifest: Value = {
        let mut entry = archive.by_name("MANIFEST.json").expect("manifest");
        serde_json::from_reader(&mut entry).expect("JSON")
    };
    assert!(
        manifest["data"]
            .as_array()
            .expect("data")
            .iter()
            .any(|d| d["file"] == "vnfwiz-waivers.json" && d["type"] == "OTHER"),
        "{manifest}"
    );
    let records: Value = {
        let entry = archive
            .by_name("vnfwiz-waivers.json")
            .expect("the waivers file");
        serde_json::from_reader(entry).expect("JSON")
    };
    let first_record = &records["waivers"][0];
    for key in ["rule", "file", "line", "reason", "keyword"] {
        assert!(first_record.get(key).is_some(), "{key} in {records}");
    }
    assert_eq!(records["waivers"].as_array().map(Vec::len), Some(3));
    assert!(archive.by_name("vnfwiz-waivers.yaml").is_err());
    // heat/ holds exactly the zip's members, the waivers file and its manifest entry too.
    assert_eq!(
        contents(&out.join("heat")),
        contents(&out.join("vlb-heat.zip"))
    );
    let csar = std::fs::read(out.join("vlb.csar")).expect("csar");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(csar)).expect("a zip");
    let mut mf = String::new();
    std::io::Read::read_to_string(&mut archive.by_name("vlb.mf").expect("manifest"), &mut mf)
        .expect("text");
    assert!(
        mf.contains(
            "Source: Artifacts/Informational/OTHER/vnfwiz-waivers.json\nAlgorithm: SHA-256\nHash: "
        ),
        "{mf}"
    );
    // The recorded answers replay the same run: the same files, byte for byte.
    let again = dir.path().join("again");
    let replay = onboard(&again, &out.join("answers.yaml"));
    assert_eq!(replay.code, Some(0), "{}{}", replay.stdout, replay.stderr);
    for name in [
        "heat/base_vlb.yaml",
        "heat/base_vlb.env",
        "heat/MANIFEST.json",
        "heat/vnfwiz-waivers.json",
        "vlb-heat.zip",
        "vlb.csar",
    ] {
        assert_eq!(
            std::fs::read(out.join(name)).expect("first"),
            std::fs::read(again.join(name)).expect("replayed"),
            "{name}"
        );
    }
    // Without the waivers nothing is written.
    std::fs::write(&answers, "package: both\n").expect("answers");
    let refused = onboard(&dir.path().join("refused"), &answers);
    assert_eq!(refused.code, Some(1));
    assert!(!dir.path().join("refused").exists());
}

#[test]
fn an_answers_waiver_without_reason_is_refused_with_its_place() {
    let dir = tempfile::tempdir().expect("temp");
    let set = vlb_like(dir.path());
    let answers = dir.path().join("answers.yaml");
    std::fs::write(
        &answers,
        "waivers:\n  - rule: R-25720\n    files: [base_vlb.yaml]\n",
    )
    .expect("answers");
    let refused = run(&[
        "onboard",
        set.to_str().expect("UTF-8"),
        "--out",
        dir.path().join("out").to_str().expect("UTF-8"),
        "--answers",
        answers.to_str().expect("UTF-8"),
    ]);
    assert_eq!(refused.code, Some(2));
    insta::assert_snapshot!(
        "answers_waiver_without_reason",
        normalised(&refused.stderr, &[])
    );
}

#[test]
fn rules_and_help_name_the_config() {
    let help = run(&["validate", "--help"]);
    assert!(help.stdout.contains("vnfwiz.toml"), "{}", help.stdout);
    assert!(run(&["rules", "--help"]).stdout.contains("vnfwiz.toml"));
    let dir = tempfile::tempdir().expect("temp");
    std::fs::write(dir.path().join("vnfwiz.toml"), "profile = \"heat\"\n").expect("config");
    let listed = std::process::Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .arg("rules")
        .current_dir(dir.path())
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&listed.stdout);
    assert!(
        text.ends_with(" rules (as vnfwiz.toml chooses)\n"),
        "{text}"
    );
    assert!(
        text.lines().all(|l| !l.starts_with("R-90526 ")),
        "the heat profile only: {text}"
    );
}

#[test]
fn the_answers_profile_chooses_the_rules_and_the_flags_win_over_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = fixtures("wizard/vlb-waivers");
    let set = set.to_str().expect("UTF-8");
    let answers = dir.path().join("answers.yaml");
    std::fs::write(&answers, "profile: heat\n").expect("write");
    let answers = answers.to_str().expect("UTF-8");
    let out = |name: &str| dir.path().join(name).display().to_string();
    // The HOT specification alone: nothing ONAP-only is left to refuse the write.
    let heat = run(&[
        "onboard",
        set,
        "--answers",
        answers,
        "--out",
        &out("checked-with-heat"),
    ]);
    assert_eq!(heat.code, Some(0), "{}{}", heat.stdout, heat.stderr);
    let recorded = std::fs::read_to_string(dir.path().join("checked-with-heat/answers.yaml"))
        .expect("answers recorded");
    assert!(recorded.contains("profile: heat"), "{recorded}");
    // `--profile` wins over the answers.
    let onap = run(&[
        "onboard",
        set,
        "--answers",
        answers,
        "--out",
        &out("onap"),
        "--profile",
        "onap",
    ]);
    assert_eq!(onap.code, Some(1), "{}", onap.stdout);
    assert!(onap.stdout.contains("R-57282"), "{}", onap.stdout);
    // A profile no file defines is a problem of the answers, with the choices.
    let strict = dir.path().join("strict.yaml");
    std::fs::write(&strict, "profile: strict\n").expect("write");
    let strict = strict.to_str().expect("UTF-8");
    let refused = run(&["onboard", set, "--answers", strict, "--out", &out("strict")]);
    assert_eq!(
        refused.code,
        Some(1),
        "{}{}",
        refused.stdout,
        refused.stderr
    );
    insta::assert_snapshot!(
        "unknown_profile_in_answers",
        normalised(&refused.stdout, &[])
    );
}
