//! The real binary: `onboard --fix safe` on the fix fixtures removes every violation that
//! has a safe fix, adds none, and writes every file byte for byte as the fixture's `after/`
//! (changed files) or `before/` (the rest) holds it; `--fix all` adds review fixes; the
//! answers file replays what was applied; `validate --fix-dry-run` prints the diffs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fixes")
        .join(name)
}

fn vnfwiz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `onboard` of `source` into `out` with `extra` arguments.
fn onboard(source: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["onboard", path(source), "--out", path(out)];
    args.extend_from_slice(extra);
    vnfwiz(&args)
}

/// Fails, showing its stdout, unless the run succeeded.
fn assert_ran(output: &Output) {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}

/// Writes `answers.yaml` holding `text` into `dir`; returns its path.
fn answers_in(dir: &Path, text: &str) -> PathBuf {
    let answers = dir.join("answers.yaml");
    std::fs::write(&answers, text).expect("written");
    answers
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 test path")
}

/// Every file under `dir`, by relative path.
fn files_of(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).expect("readable").flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let relative = p
                    .strip_prefix(dir)
                    .expect("below dir")
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(relative, std::fs::read(&p).expect("readable"));
            }
        }
    }
    out
}

/// `validate --format json` of a folder: (rule, file) → count.
fn violations(dir: &Path) -> BTreeMap<(String, String), usize> {
    let output = vnfwiz(&["validate", "--format", "json", path(dir)]);
    let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON report");
    let mut counts = BTreeMap::new();
    for v in doc["violations"].as_array().expect("violations") {
        let key = (
            v["rule"].as_str().unwrap_or_default().to_owned(),
            v["file"].as_str().unwrap_or_default().to_owned(),
        );
        *counts.entry(key).or_default() += 1;
    }
    counts
}

/// The `(rule, file)` pairs `validate --fix-dry-run` (`--fix --diff`) would fix.
fn safe_fixes(dir: &Path) -> Vec<(String, String)> {
    let output = vnfwiz(&["validate", "--fix-dry-run", path(dir)]);
    let text = String::from_utf8_lossy(&output.stdout);
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("# fixed: ") else {
            continue;
        };
        assert!(rest.ends_with("(safe)"), "{line}");
        let mut parts = rest.splitn(4, ':');
        let (Some(file), Some(_), Some(_), Some(tail)) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let rule = tail.trim_start().split(' ').next().unwrap_or_default();
        out.push((rule.to_owned(), file.to_owned()));
    }
    out
}

/// Checks the written heat package against the fixture: changed files as `after/`, the
/// rest as `before/` (answers.yaml sits beside `heat/`).
fn assert_written_as_expected(name: &str, out: &Path) {
    let before = files_of(&fixture(name).join("before"));
    let after = files_of(&fixture(name).join("after"));
    let written = files_of(&out.join("heat"));
    for (file, bytes) in &written {
        let expected = after
            .get(file)
            .or_else(|| before.get(file))
            .unwrap_or_else(|| {
                panic!("{name}: {file} was written but is in neither before/ nor after/")
            });
        assert_eq!(
            String::from_utf8_lossy(bytes),
            String::from_utf8_lossy(expected),
            "{name}: {file}"
        );
    }
    for file in before.keys().chain(after.keys()) {
        assert!(written.contains_key(file), "{name}: {file} was not written");
    }
}

#[test]
fn fix_safe_removes_every_safe_fixed_violation_and_changes_nothing_else() {
    for name in [
        "default_to_env",
        "default_to_new_env",
        "default_to_parent",
        "create_env",
        "env_parameters",
        "inline_registry",
        "safe_mix",
    ] {
        let before_dir = fixture(name).join("before");
        let before = violations(&before_dir);
        let fixable = safe_fixes(&before_dir);
        assert!(!fixable.is_empty(), "{name}: no safe fix offered");
        let out = tempfile::tempdir().expect("temp dir");
        let target = out.path().join("onboarded");
        let output = onboard(&before_dir, &target, &["--fix", "safe"]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{name}: {stdout}");
        assert!(stdout.contains("fixed: "), "{name}: {stdout}");
        assert_written_as_expected(name, &target);
        let after = violations(&target);
        for (rule, file) in &fixable {
            assert_eq!(
                after.get(&(rule.clone(), file.clone())),
                None,
                "{name}: {rule} in {file} is left"
            );
        }
        for (key, count) in &after {
            let was = before.get(key).copied().unwrap_or(0);
            assert!(*count <= was, "{name}: {key:?} went from {was} to {count}");
        }
        assert!(safe_fixes(&target).is_empty(), "{name}: safe fixes left");
        let answers = std::fs::read_to_string(target.join("answers.yaml")).expect("answers");
        assert!(answers.contains("fixes:"), "{name}: {answers}");
    }
}

#[test]
fn review_fixes_need_fix_all() {
    let before_dir = fixture("rename_resource").join("before");
    let out = tempfile::tempdir().expect("temp dir");
    let target = out.path().join("onboarded");
    let safe = onboard(&before_dir, &target, &["--fix", "safe"]);
    let stdout = String::from_utf8_lossy(&safe.stdout);
    assert_eq!(safe.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("not fixed: base_vlb.yaml:27:3: R-75141: a review fix is available"),
        "{stdout}"
    );
    assert!(!target.exists(), "a refused run wrote {}", target.display());
    let all = onboard(&before_dir, &target, &["--fix", "all", "--format", "json"]);
    assert_ran(&all);
    let doc: Value = serde_json::from_slice(&all.stdout).expect("JSON");
    let applied = doc["fixes"]["applied"].as_array().expect("applied");
    assert_eq!(applied.len(), 2);
    assert_eq!(applied[0]["safety"], "review");
    assert_eq!(applied[0]["record"]["rule"], "R-75141");
    assert_written_as_expected("rename_resource", &target);
}

#[test]
fn recorded_fixes_replay_with_the_operators_text() {
    let before_dir = fixture("parameter_description").join("before");
    let dir = tempfile::tempdir().expect("temp dir");
    let answers = answers_in(
        dir.path(),
        "fixes:\n  - rule: R-44001\n    file: base_vfw.yaml\n    path: parameters.oam_net_id\n    line: 21\n    column: 3\n    text: 'Neutron network of the OAM plane, where operators log in'\n",
    );
    let first = dir.path().join("first");
    let output = onboard(&before_dir, &first, &["--answers", path(&answers)]);
    assert_ran(&output);
    assert_written_as_expected("parameter_description", &first);
    // The written answers replay the same run.
    let second = dir.path().join("second");
    let output = onboard(
        &before_dir,
        &second,
        &["--answers", path(&first.join("answers.yaml"))],
    );
    assert_ran(&output);
    assert_eq!(files_of(&first), files_of(&second));
    let recorded = std::fs::read_to_string(first.join("answers.yaml")).expect("answers");
    assert!(
        recorded.contains("text: 'Neutron network of the OAM plane, where operators log in'"),
        "{recorded}"
    );
}

#[test]
fn a_record_that_matches_nothing_is_reported() {
    let before_dir = fixture("create_env").join("before");
    let dir = tempfile::tempdir().expect("temp dir");
    let answers = answers_in(
        dir.path(),
        "fixes:\n  - {rule: R-90526, file: base_vdns.yaml, path: parameters.gone.default, line: 4, column: 5}\n",
    );
    let output = onboard(
        &before_dir,
        &dir.path().join("out"),
        &["--answers", path(&answers)],
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("not fixed: base_vdns.yaml:4:5: R-90526: recorded fix no longer applies"),
        "{stdout}"
    );
}

#[test]
fn fix_dry_run_prints_what_fix_would_write_as_a_unified_diff() {
    let before_dir = fixture("default_to_env").join("before");
    let output = vnfwiz(&["validate", "--fix-dry-run", path(&before_dir)]);
    let text = String::from_utf8_lossy(&output.stdout);
    // R-91125 (the image parameter missing from the environment) has no fix of its own and
    // the default's move answers it: nothing is left.
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.starts_with(
        "# fixed: base_vfw.yaml:20:5: R-26124 Move the default of `vfw_image_name` to base_vfw.env (safe)\n"
    ), "{text}");
    assert!(
        text.contains("--- a/base_vfw.yaml\n+++ b/base_vfw.yaml\n"),
        "{text}"
    );
    assert!(
        text.contains("-    default: vfw-ubuntu-20.04   # the image the vendor certified\n"),
        "{text}"
    );
    assert!(
        text.contains("+  vfw_image_name: vfw-ubuntu-20.04   # the image the vendor certified\n"),
        "{text}"
    );
    assert!(text.ends_with("# 2 fixes (2 safe, 0 for review) would leave 0 errors and 0 warnings; nothing was written\n"), "{text}");
    // `--fix --diff` is the same; nothing was written.
    let same = vnfwiz(&["validate", path(&before_dir), "--fix", "--diff"]);
    assert_eq!(String::from_utf8_lossy(&same.stdout), text);
    assert_eq!(files_of(&before_dir).len(), 2);
    let usage = vnfwiz(&[
        "validate",
        "--fix-dry-run",
        "--format",
        "json",
        path(&before_dir),
    ]);
    assert_eq!(usage.status.code(), Some(2));
    let no_fix = vnfwiz(&["validate", "--diff", path(&before_dir)]);
    assert_eq!(no_fix.status.code(), Some(2));
    let bad = vnfwiz(&["onboard", path(&before_dir), "--out", "x", "--fix", "most"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// The last line of a run's standard output.
fn last_line(output: &Output) -> String {
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines().last().unwrap_or_default().to_owned()
}

#[test]
fn a_text_report_ends_with_the_fixes_ready_and_the_level_that_applies_them() {
    let safe = fixture("safe_mix").join("before");
    let line = last_line(&vnfwiz(&["validate", path(&safe)]));
    assert_eq!(
        line,
        format!(
            "11 of 16 errors can be fixed: run `vnfwiz validate {} --fix`",
            path(&safe)
        )
    );
    let out = tempfile::tempdir().expect("temp dir");
    let target = out.path().join("onboarded");
    let line = last_line(&onboard(&safe, &target, &[]));
    assert!(
        line.starts_with("11 of 16 errors can be fixed: run `vnfwiz onboard ")
            && line.ends_with(&format!("--out {} --fix safe`", path(&target))),
        "{line}"
    );
    // Only review-level fixes: `--fix all`, also after `--fix safe` ran.
    let review = fixture("rename_resource").join("before");
    let line = last_line(&vnfwiz(&["validate", path(&review)]));
    assert!(
        line.starts_with(
            "2 of 4 errors can be fixed with review-level fixes: run `vnfwiz validate "
        ) && line.contains(" --fix all`"),
        "{line}"
    );
    let line = last_line(&onboard(&review, &target, &["--fix", "safe"]));
    assert!(line.ends_with(" --fix all`"), "{line}");
    // A report with nothing left to fix ends with its summary.
    let clean = vnfwiz(&["validate", path(&fixture("safe_mix").join("after"))]);
    assert!(
        last_line(&clean).contains("checked against"),
        "{}",
        last_line(&clean)
    );
}
