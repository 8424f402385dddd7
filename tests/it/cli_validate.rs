//! `vnfwiz validate` and `vnfwiz rules` through the real binary: every rule fixture in
//! every report format, the exit codes, and the one-line errors of bad usage.
//!
//! Fixtures are found the way `tests/it/rule_fixtures.rs` finds them: for each rule that
//! `vnfwiz rules --format json` lists, the `pass*` and `fail*` sets under
//! `tests/fixtures/rules/<id>/` (`support::rule_sets`). Every format of the binary reports a
//! `fail*` set's findings at the places the library finds them (which the set's snapshot
//! holds), and at least one.

use crate::support::rule_sets::{RuleSet, fixture_sets, fixtures_root, places, report_of};
use crate::support::sarif_schema;
use crate::support::xml_tree;

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::binary::Run;
use serde_json::Value;

const FORMATS: [&str; 4] = ["text", "json", "sarif", "junit"];

fn vnfwiz<S: AsRef<OsStr>>(args: &[S]) -> Run {
    Run::from(
        Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
            .args(args)
            .env_remove("NO_COLOR")
            .output()
            .expect("the binary runs"),
    )
}

/// A rule as `vnfwiz rules --format json` lists it.
struct Listed {
    id: String,
    severity: String,
}

fn listed_rules() -> Vec<Listed> {
    let run = vnfwiz(&["rules", "--format", "json"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let doc: Value = serde_json::from_str(&run.stdout).expect("rules JSON");
    doc["rules"]
        .as_array()
        .expect("a rules array")
        .iter()
        .map(|r| Listed {
            id: r["id"].as_str().expect("id").to_owned(),
            severity: r["severity"].as_str().expect("severity").to_owned(),
        })
        .collect()
}

/// What a fixture set is validated as: the `.csar` archive (or signed `.zip`) it holds, or
/// the folder itself.
fn input(set: &Path) -> PathBuf {
    std::fs::read_dir(set)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "csar" || e == "zip"))
        .unwrap_or_else(|| set.to_path_buf())
}

/// One violation as a report states it: rule id and `file:line:column`.
type Found = (String, String);

/// Reads the violations back out of a report in `format`.
fn parse(format: &str, stdout: &str, rule_ids: &[&str]) -> Result<Vec<Found>, String> {
    let mut found = match format {
        "json" => from_json(stdout),
        "sarif" => from_sarif(stdout),
        "junit" => from_junit(stdout, rule_ids),
        "text" => from_text(stdout),
        other => Err(format!("no parser for {other}")),
    }?;
    found.sort();
    Ok(found)
}

fn from_json(stdout: &str) -> Result<Vec<Found>, String> {
    let doc: Value = serde_json::from_str(stdout).map_err(|e| format!("not JSON: {e}"))?;
    let violations = doc["violations"].as_array().ok_or("no violations array")?;
    let errors = violations
        .iter()
        .filter(|v| v["severity"] == "error")
        .count();
    if doc["summary"]["errors"] != errors {
        return Err(format!("summary.errors disagrees with {errors} errors"));
    }
    violations
        .iter()
        .map(|v| {
            let place = format!("{}:{}:{}", str_of(&v["file"])?, v["line"], v["column"]);
            Ok((str_of(&v["rule"])?.to_owned(), place))
        })
        .collect()
}

fn str_of(value: &Value) -> Result<&str, String> {
    value
        .as_str()
        .ok_or_else(|| format!("{value} is not a string"))
}

fn from_sarif(stdout: &str) -> Result<Vec<Found>, String> {
    let log: Value = serde_json::from_str(stdout).map_err(|e| format!("not JSON: {e}"))?;
    let problems = sarif_schema::problems(&log);
    if !problems.is_empty() {
        return Err(format!("SARIF breaks the schema: {}", problems.join("; ")));
    }
    let runs = log["runs"].as_array().ok_or("no runs")?;
    if runs.len() != 1 {
        return Err(format!("{} runs, expected one", runs.len()));
    }
    let results = runs[0]["results"].as_array().ok_or("no results array")?;
    results
        .iter()
        .map(|r| {
            let place = &r["locations"][0]["physicalLocation"];
            let uri = str_of(&place["artifactLocation"]["uri"])?;
            let region = &place["region"];
            // A place without line or column (0 in the other formats) has no region part.
            let place = format!(
                "{}:{}:{}",
                percent_decode(uri)?,
                region["startLine"].as_u64().unwrap_or(0),
                region["startColumn"].as_u64().unwrap_or(0)
            );
            Ok((str_of(&r["ruleId"])?.to_owned(), place))
        })
        .collect()
}

fn percent_decode(uri: &str) -> Result<String, String> {
    let bytes = uri.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = uri.get(i + 1..i + 3).ok_or("cut escape")?;
            out.push(u8::from_str_radix(hex, 16).map_err(|e| e.to_string())?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|e| e.to_string())
}

fn from_junit(stdout: &str, rule_ids: &[&str]) -> Result<Vec<Found>, String> {
    let elements = xml_tree::parse(stdout)?;
    let root = elements.first().ok_or("empty")?;
    if root.name != "testsuites" {
        return Err(format!("root is <{}>", root.name));
    }
    let cases = elements.iter().filter(|e| e.name == "testcase").count();
    let failures = elements.iter().filter(|e| e.name == "failure").count();
    if root.attr("tests") != cases.to_string() || root.attr("failures") != failures.to_string() {
        return Err(format!(
            "counts say {} tests, {} failures; found {cases} and {failures}",
            root.attr("tests"),
            root.attr("failures")
        ));
    }
    let mut found = Vec::new();
    for e in elements
        .iter()
        .filter(|e| e.name == "failure" || e.name == "system-out")
    {
        let case = e.parent.map(|p| &elements[p]).ok_or("orphan")?;
        for line in e.text.lines() {
            let (place, rule) = junit_line(line, rule_ids).ok_or(format!("bad line `{line}`"))?;
            // A finding breaking twins fails its own case and is listed, not counted again,
            // in each twin's case.
            let shared = e.name == "system-out"
                && line.rsplit_once(" (also ").is_some_and(|(_, ids)| {
                    ids.trim_end_matches(')')
                        .split(", ")
                        .any(|id| id == case.attr("name"))
                });
            if shared {
                continue;
            }
            if rule != case.attr("name") {
                return Err(format!(
                    "`{line}` is inside the case of {}",
                    case.attr("name")
                ));
            }
            found.push((rule, place));
        }
    }
    Ok(found)
}

/// Splits `file:line:column rule message`; the file may hold spaces, so the split is the
/// first ` rule ` after a `:line:column` that names a known rule.
fn junit_line(line: &str, rule_ids: &[&str]) -> Option<(String, String)> {
    for (at, _) in line.match_indices(' ') {
        let (place, rest) = line.split_at(at);
        let rule = rest[1..].split(' ').next()?;
        let mut tail = place.rsplitn(3, ':');
        let column = tail.next()?;
        let number = tail.next()?;
        let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if numeric(column) && numeric(number) && tail.next().is_some() && rule_ids.contains(&rule) {
            return Some((place.to_owned(), rule.to_owned()));
        }
    }
    None
}

fn from_text(stdout: &str) -> Result<Vec<Found>, String> {
    if stdout.contains('\x1b') {
        return Err("colour codes in piped output".to_owned());
    }
    let mut found = Vec::new();
    let mut rule: Option<String> = None;
    for line in stdout.lines() {
        for level in ["error[", "warning[", "note["] {
            if let Some(rest) = line.strip_prefix(level) {
                let end = rest.find("]:").ok_or(format!("bad header `{line}`"))?;
                rule = Some(rest[..end].to_owned());
            }
        }
        if let Some(place) = line.trim_start().strip_prefix("--> ") {
            let rule = rule.take().ok_or(format!("`{line}` without a header"))?;
            found.push((rule, place.to_owned()));
        }
    }
    let summary = stdout.lines().last().unwrap_or_default();
    let stated = summary_count(summary, "error")
        + summary_count(summary, "warning")
        + summary_count(summary, "note");
    if stated != found.len() {
        return Err(format!(
            "summary `{summary}` disagrees with {} violations",
            found.len()
        ));
    }
    Ok(found)
}

/// The number before `what` (`3 errors`) in the summary line, 0 when absent.
fn summary_count(summary: &str, what: &str) -> usize {
    let words: Vec<&str> = summary.split([' ', ',']).collect();
    words
        .windows(2)
        .find(|w| w[1].trim_end_matches('s') == what)
        .and_then(|w| w[0].parse().ok())
        .unwrap_or(0)
}

#[test]
fn every_fail_fixture_reports_exactly_its_violations_in_every_format() {
    let rules = listed_rules();
    let ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
    let mut problems = Vec::new();
    let mut checked = 0;
    for rule in &rules {
        for set in fixture_sets(&rule.id).1 {
            let written = set.materialise();
            let want: Vec<Found> = places(&report_of(&rule.id, written.dir()), &rule.id)
                .into_iter()
                .map(|place| (rule.id.clone(), place))
                .collect();
            if want.is_empty() {
                problems.push(format!(
                    "{}: no finding of {}",
                    set.source().display(),
                    rule.id
                ));
            }
            let exit = if rule.severity == "error" { 1 } else { 0 };
            let input = input(written.dir());
            for format in FORMATS {
                checked += 1;
                let dir = input.as_os_str();
                let mut args = vec![
                    OsStr::new("validate"),
                    dir,
                    "--rules".as_ref(),
                    rule.id.as_ref(),
                    "--format".as_ref(),
                    format.as_ref(),
                ];
                // Sets named `…heat_ready…` are checked as deployable as they are.
                if set.name().contains("heat_ready") {
                    args.push("--heat-ready".as_ref());
                }
                let run = vnfwiz(&args);
                let at = format!("{} --format {format}", set.source().display());
                if run.code != Some(exit) {
                    problems.push(format!(
                        "{at}: exit {:?}, expected {exit}\n{}",
                        run.code, run.stderr
                    ));
                    continue;
                }
                match parse(format, &run.stdout, &ids) {
                    Ok(got) if got == want => {}
                    Ok(got) => {
                        problems.push(format!("{at}:\n  expected {want:?}\n  found    {got:?}"))
                    }
                    Err(why) => problems.push(format!("{at}: {why}\n{}", run.stdout)),
                }
            }
        }
    }
    assert!(
        checked > 0,
        "no fail fixtures found under {}",
        fixtures_root().display()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_pass_fixture_exits_zero_with_nothing_reported_in_every_format() {
    let rules = listed_rules();
    let ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
    let mut problems = Vec::new();
    let mut checked = 0;
    for rule in &rules {
        for set in fixture_sets(&rule.id).0 {
            let written = set.materialise();
            let input = input(written.dir());
            for format in FORMATS {
                checked += 1;
                let args = [
                    OsStr::new("validate"),
                    input.as_os_str(),
                    "--rules".as_ref(),
                    rule.id.as_ref(),
                    "--format".as_ref(),
                    format.as_ref(),
                ];
                let run = vnfwiz(&args);
                let at = format!("{} --format {format}", set.source().display());
                if run.code != Some(0) {
                    problems.push(format!(
                        "{at}: exit {:?}\n{}{}",
                        run.code, run.stdout, run.stderr
                    ));
                    continue;
                }
                match parse(format, &run.stdout, &ids) {
                    Ok(got) if got.is_empty() => {}
                    Ok(got) => problems.push(format!("{at}: reported {got:?}")),
                    Err(why) => problems.push(format!("{at}: {why}\n{}", run.stdout)),
                }
            }
        }
    }
    assert!(checked > 0, "no pass fixtures found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn rules_json_lists_every_registered_rule_with_its_keyword() {
    let run = vnfwiz(&["rules", "--format", "json"]);
    assert_eq!(run.code, Some(0));
    let doc: Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(doc["tool"], "vnfwiz");
    let listed = doc["rules"].as_array().expect("rules");
    let registered = vnfwiz::check::rules::all();
    assert_eq!(listed.len(), registered.len());
    for rule in registered {
        let meta = &rule.meta;
        let entry = listed
            .iter()
            .find(|e| e["id"] == meta.id)
            .unwrap_or_else(|| panic!("{} is not listed", meta.id));
        assert_eq!(entry["keyword"], meta.keyword.as_str(), "{}", meta.id);
        assert_eq!(
            entry["severity"],
            meta.keyword.severity().as_str(),
            "{}",
            meta.id
        );
        for field in ["section", "summary", "why", "fix"] {
            assert!(
                entry[field].as_str().is_some_and(|s| !s.trim().is_empty()),
                "{}: empty {field}",
                meta.id
            );
        }
    }
}

/// The first fail fixture of any rule, for tests that need some input.
/// A failing HOT fixture (a folder of templates, as heat zips and loose sets are built from).
fn some_fail_fixture() -> (String, RuleSet) {
    listed_rules()
        .into_iter()
        .filter(|r| r.id.starts_with("R-"))
        .find_map(|r| fixture_sets(&r.id).1.into_iter().next().map(|s| (r.id, s)))
        .expect("a fail fixture")
}

fn one_line(stderr: &str) -> &str {
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "expected one line on stderr, got:\n{stderr}"
    );
    lines[0]
}

#[test]
fn unknown_rule_is_a_usage_error_in_one_line() {
    let (_, set) = some_fail_fixture();
    let written = set.materialise();
    let run = vnfwiz(&[
        OsStr::new("validate"),
        written.dir().as_os_str(),
        "--rules".as_ref(),
        "R-00000".as_ref(),
    ]);
    assert_eq!(run.code, Some(2));
    assert!(run.stdout.is_empty(), "no partial report: {}", run.stdout);
    let line = one_line(&run.stderr);
    assert!(line.contains("R-00000"), "{line}");
    assert!(line.contains("vnfwiz rules"), "names where to look: {line}");
}

#[test]
fn missing_path_is_an_input_error_naming_the_file() {
    let missing = fixtures_root().join("no-such-vnf/base_missing.yaml");
    let run = vnfwiz(&[OsStr::new("validate"), missing.as_os_str()]);
    assert_eq!(run.code, Some(2));
    assert!(run.stdout.is_empty());
    let line = one_line(&run.stderr);
    assert!(line.contains(&missing.display().to_string()), "{line}");
}

#[test]
fn usage_errors_exit_two() {
    let (_, set) = some_fail_fixture();
    let written = set.materialise();
    let dir = written.dir().to_string_lossy().into_owned();
    for args in [
        vec!["validate", dir.as_str(), "--format", "xml"],
        vec!["validate"],
        vec!["validate", dir.as_str(), "--no-such-flag"],
        vec!["no-such-command"],
        vec!["rules", "--format", "sarif"],
    ] {
        let run = vnfwiz(&args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(!run.stderr.trim().is_empty(), "{args:?} says why");
    }
}

#[test]
fn several_inputs_stay_apart_in_every_format() {
    let rules = listed_rules();
    let ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
    let (id, set) = some_fail_fixture();
    let written = set.materialise();
    let set = written.dir();
    let want = places(&report_of(&id, set), &id);
    let run = |format: &str| {
        vnfwiz(&[
            OsStr::new("validate"),
            set.as_os_str(),
            set.as_os_str(),
            "--rules".as_ref(),
            id.as_ref(),
            "--format".as_ref(),
            format.as_ref(),
        ])
    };
    for format in FORMATS {
        let out = run(format);
        let got = parse(format, &out.stdout, &ids).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(got.len(), 2 * want.len(), "{format}: {got:?}");
    }
    let json: Value = serde_json::from_str(&run("json").stdout).expect("JSON");
    let label = set.display().to_string();
    assert!(
        json["violations"]
            .as_array()
            .expect("array")
            .iter()
            .all(|v| v["input"] == label.as_str())
    );
    let sarif: Value = serde_json::from_str(&run("sarif").stdout).expect("SARIF");
    let run0 = &sarif["runs"][0];
    let bases: Vec<&str> = run0["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter_map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"].as_str()
        })
        .collect();
    assert_eq!(bases.iter().filter(|b| **b == "INPUT1").count(), want.len());
    assert_eq!(bases.iter().filter(|b| **b == "INPUT2").count(), want.len());
    let root = run0["originalUriBaseIds"]["INPUT1"]["uri"]
        .as_str()
        .expect("uri");
    assert!(
        root.starts_with("file:///") && root.ends_with('/'),
        "{root}"
    );
    assert!(
        percent_decode(root)
            .expect("decodes")
            .ends_with(&format!("{}/", set.display()))
    );
    let junit = xml_tree::parse(&run("junit").stdout).expect("XML");
    assert_eq!(junit.iter().filter(|e| e.name == "testsuite").count(), 2);
    let text = run("text").stdout;
    assert_eq!(
        text.matches(&format!("==> {label} <==")).count(),
        2,
        "{text}"
    );
}

#[test]
fn a_zip_reports_the_same_places_with_an_archive_base() {
    let (id, set) = some_fail_fixture();
    let want = places(&report_of(&id, set.materialise().dir()), &id);
    let temp = tempfile::tempdir().expect("temp dir");
    let zip_path = temp.path().join("vnf.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).expect("create"));
    for (name, bytes) in set.files() {
        zip.start_file(name, zip::write::SimpleFileOptions::default())
            .expect("entry");
        zip.write_all(&bytes).expect("write");
    }
    zip.finish().expect("zip");
    let run = vnfwiz(&[
        OsStr::new("validate"),
        zip_path.as_os_str(),
        "--rules".as_ref(),
        id.as_ref(),
        "--format".as_ref(),
        "sarif".as_ref(),
    ]);
    let log: Value =
        serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stderr));
    let base = &log["runs"][0]["originalUriBaseIds"]["INPUT1"];
    assert!(
        base.get("uri").is_none(),
        "an archive has no base URI: {base}"
    );
    let mut got: Vec<String> = from_sarif(&run.stdout)
        .expect("SARIF")
        .into_iter()
        .map(|(_, place)| place)
        .collect();
    got.sort();
    assert_eq!(got, want);
}

/// An accepted snapshot of a renderer's unit test (`src/output/report/render/<format>.rs`, the
/// hand-made sample of two inputs: a folder with an error, a warning whose place follows
/// non-ASCII text, a related place, a file without text and a name with a space, and a
/// clean archive). The unit test pins the renderer's output to it; here the strict
/// checkers read it.
fn pinned(format: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/output/report/render/snapshots")
        .join(format!(
            "vnfwiz__output__report__render__{format}__tests__snapshot.snap"
        ));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // After insta's header, a front matter between two `---` lines.
    text.splitn(3, "---\n")
        .nth(2)
        .unwrap_or_else(|| panic!("{}: no snapshot header", path.display()))
        .to_owned()
}

fn pinned_sarif() -> Value {
    serde_json::from_str(&pinned("sarif")).expect("SARIF is JSON")
}

#[test]
fn the_pinned_sarif_sample_meets_the_schema() {
    let problems = sarif_schema::problems(&pinned_sarif());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_sarif_check_finds_what_breaks_the_schema_or_the_spec() {
    let broken = |path: &str, change: &dyn Fn(&mut Value)| {
        let mut log = pinned_sarif();
        change(&mut log);
        let problems = sarif_schema::problems(&log);
        assert!(
            problems.iter().any(|p| p.starts_with(path)),
            "{path}: {problems:?}"
        );
    };
    broken("/runs/0/results/0", &|log| {
        log["runs"][0]["results"][0]["colour"] = "red".into();
    });
    broken("/runs/0/results/0/level", &|log| {
        log["runs"][0]["results"][0]["level"] = "fatal".into();
    });
    broken("/version", &|log| log["version"] = "2.2.0".into());
    broken("/runs/0/results/0/ruleIndex", &|log| {
        log["runs"][0]["results"][0]["ruleIndex"] = 1.into();
    });
    let artifact = "/runs/0/results/0/locations/0/physicalLocation/artifactLocation";
    broken(&format!("{artifact}/uriBaseId"), &|log| {
        log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] =
            "INPUT9".into();
    });
    // The schema's `uri-reference` format.
    broken(&format!("{artifact}/uri"), &|log| {
        log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] =
            "a b.yaml".into();
    });
    broken("/runs/0/originalUriBaseIds/INPUT1", &|log| {
        log["runs"][0]["originalUriBaseIds"]["INPUT1"]["uri"] = "file:///srv/vnf".into();
    });
}

#[test]
fn the_pinned_junit_sample_counts_failures_and_keeps_warnings_out_of_them() {
    let elements = xml_tree::parse(&pinned("junit")).expect("well-formed");
    let root = &elements[0];
    assert_eq!(root.name, "testsuites");
    assert_eq!(
        [
            root.attr("tests"),
            root.attr("failures"),
            root.attr("errors"),
            root.attr("skipped"),
            root.attr("time")
        ],
        ["5", "1", "0", "1", "0.014"]
    );
    let suites: Vec<_> = elements.iter().filter(|e| e.name == "testsuite").collect();
    assert_eq!(suites.len(), 2);
    assert_eq!(
        [suites[0].attr("name"), suites[0].attr("failures")],
        ["vfw", "1"]
    );
    assert_eq!(
        [suites[1].attr("name"), suites[1].attr("failures")],
        ["dns.zip", "0"]
    );
    assert_eq!(suites[1].attr("time"), "0.002");
    let cases: Vec<_> = elements.iter().filter(|e| e.name == "testcase").collect();
    assert_eq!(cases.len(), 5);
    // A file that was not checked is a skipped case of its own, never a passed one.
    let skipped = elements
        .iter()
        .find(|e| e.name == "skipped")
        .expect("skipped");
    assert_eq!(
        [
            elements[skipped.parent.unwrap()].attr("name"),
            skipped.attr("message")
        ],
        [
            "charts/dns/Chart.yaml",
            "not checked: a Helm chart's description, not a Heat template"
        ]
    );
    assert!(
        cases
            .iter()
            .all(|c| c.parent.is_some_and(|p| elements[p].name == "testsuite"))
    );
    assert_eq!(
        [cases[0].attr("name"), cases[0].attr("classname")],
        ["R-90526", "vfw"]
    );
    let failure = elements
        .iter()
        .find(|e| e.name == "failure")
        .expect("failure");
    assert_eq!(failure.attr("type"), "MUST NOT");
    assert!(
        failure
            .attr("message")
            .starts_with("1 violation of R-90526: ")
    );
    assert_eq!(
        failure.text,
        "base_vfw.yaml:5:5 R-90526 parameter `vfw_image_name` declares a default"
    );
    let out = elements
        .iter()
        .find(|e| e.name == "system-out")
        .expect("system-out");
    assert!(
        out.text
            .contains("base_vfw.yaml:8:29 R-92635/naming odd <name> & \"quote\"\u{fffd}\n"),
        "{}",
        out.text
    );
    assert!(
        out.text
            .contains("nested/missing vm.yaml:3:7 R-92635/naming ")
    );
    assert_eq!(elements.iter().filter(|e| e.name == "failure").count(), 1);
}
