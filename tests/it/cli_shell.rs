//! vnfwiz in a shell: every command ends quietly when the reader of its output goes away
//! (`vnfwiz rules | head`), and the completion scripts and manual pages come from the clap
//! definitions that parse the command line.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::binary::{fixtures, vnfwiz};

/// Runs vnfwiz with its stdout on a pipe whose reader is already closed, so its first write
/// meets EPIPE; returns the exit code and stderr.
fn with_closed_reader(args: &[&str], dir: &Path) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let run = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    (
        run.status.code(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

#[test]
fn every_command_ends_quietly_when_its_reader_closes_early() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = tempfile::tempdir().expect("a temporary folder");
    let vfw = fixtures("onap/vfw");
    let clean = fixtures("onap/sdc_string_is_base");
    let choices = fixtures("capabilities/firewall_requires");
    let ova = repo.join("assets/samples/vfw-edge.ova");
    let onboarded = out.path().join("onboarded");
    let (vfw, clean, choices, ova, onboarded) = (
        vfw.to_str().unwrap(),
        clean.to_str().unwrap(),
        choices.to_str().unwrap(),
        ova.to_str().unwrap(),
        onboarded.to_str().unwrap(),
    );
    let runs: Vec<(Vec<&str>, i32)> = vec![
        (vec!["validate", vfw], 1),
        (vec!["validate", vfw, "--format", "json"], 1),
        (vec!["validate", vfw, "--format", "sarif"], 1),
        (vec!["validate", vfw, "--format", "junit"], 1),
        (vec!["validate", vfw, "--fix-dry-run"], 0),
        (vec!["validate", clean], 0),
        (vec!["inspect", ova], 0),
        (vec!["inspect", ova, "--format", "json"], 0),
        (vec!["capabilities", choices], 0),
        (vec!["capabilities", choices, "--format", "json"], 0),
        (vec!["rules"], 0),
        (vec!["rules", "--format", "json"], 0),
        (vec!["rules", "--format", "markdown"], 0),
        (vec!["onboard", clean, "--out", onboarded], 0),
        (vec!["completions", "bash"], 0),
        (vec!["man"], 0),
        (vec!["--help"], 0),
        (vec!["--version"], 0),
    ];
    let mut problems = Vec::new();
    for (args, wanted) in runs {
        let (code, stderr) = with_closed_reader(&args, repo);
        let quiet = !stderr.contains("panicked") && !stderr.contains("Broken pipe");
        if code != Some(wanted) || !quiet {
            problems.push(format!(
                "vnfwiz {}: exit {code:?} (wanted {wanted})\n{stderr}",
                args.join(" ")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn completion_scripts_are_generated_from_the_command_line() {
    let commands = [
        "validate",
        "inspect",
        "onboard",
        "capabilities",
        "rules",
        "man",
        "lsp",
    ];
    for (shell, marker) in [
        ("bash", "complete -F _vnfwiz"),
        ("zsh", "#compdef vnfwiz"),
        ("fish", "complete -c vnfwiz"),
    ] {
        let run = vnfwiz(&["completions", shell], &[]);
        assert_eq!(run.status.code(), Some(0), "{shell}");
        let script = String::from_utf8_lossy(&run.stdout);
        assert!(script.contains(marker), "{shell}: no `{marker}`");
        // Fish names long options without their dashes.
        for word in commands.iter().chain(&["skip-rules", "heat-ready"]) {
            assert!(script.contains(word), "{shell}: `{word}` is not completed");
        }
    }
    // The bash script is one bash accepts.
    let script = vnfwiz(&["completions", "bash"], &[]).stdout;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("vnfwiz.bash");
    std::fs::write(&file, script).unwrap();
    if let Ok(check) = Command::new("bash").arg("-n").arg(&file).output() {
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
    let unknown = vnfwiz(&["completions", "tcsh"], &[]);
    assert_eq!(unknown.status.code(), Some(2));
}

#[test]
fn manual_pages_are_generated_from_the_command_line() {
    let main = String::from_utf8(vnfwiz(&["man"], &[]).stdout).unwrap();
    assert!(main.contains(".TH vnfwiz 1"), "{main}");
    for command in [
        "validate",
        "inspect",
        "onboard",
        "capabilities",
        "rules",
        "completions",
        "lsp",
    ] {
        assert!(
            main.contains(&format!("vnfwiz\\-{command}(1)")),
            "{command} not listed"
        );
    }
    let validate = String::from_utf8(vnfwiz(&["man", "validate"], &[]).stdout).unwrap();
    assert!(validate.contains(".TH vnfwiz-validate 1"), "{validate}");
    assert!(validate.contains("\\fBvnfwiz validate\\fR"), "{validate}");
    assert!(validate.contains("\\-\\-skip\\-rules"), "{validate}");
    let unknown = vnfwiz(&["man", "frobnicate"], &[]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("the commands are validate"));
    // Every page into a folder, each one groff reads (UTF-8, as `man` gives it) without a
    // warning.
    let dir = tempfile::tempdir().unwrap();
    let run = vnfwiz(&["man", "--out", dir.path().to_str().unwrap()], &[]);
    assert_eq!(run.status.code(), Some(0));
    let mut pages: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    assert_eq!(
        pages,
        [
            "vnfwiz-capabilities.1",
            "vnfwiz-completions.1",
            "vnfwiz-inspect.1",
            "vnfwiz-lsp.1",
            "vnfwiz-man.1",
            "vnfwiz-onboard.1",
            "vnfwiz-rules.1",
            "vnfwiz-validate.1",
            "vnfwiz.1"
        ]
    );
    for page in &pages {
        let Ok(check) = Command::new("groff")
            .args(["-k", "-man", "-Tutf8", "-ww", "-z"])
            .arg(dir.path().join(page))
            .output()
        else {
            return;
        };
        assert!(
            check.stderr.is_empty(),
            "{page}: {}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
}

#[test]
fn the_limits_are_in_the_long_help_under_their_own_heading() {
    let text = |args: &[&str]| String::from_utf8(vnfwiz(args, &[]).stdout).unwrap();
    for command in [&[][..], &["validate"][..], &["onboard"][..]] {
        let short = text(&[command, &["-h"]].concat());
        assert!(!short.contains("--max-"), "{command:?} -h:\n{short}");
        let long = text(&[command, &["--help"]].concat());
        let heading = long
            .find("Limits (docs/limits.md):")
            .unwrap_or_else(|| panic!("{command:?} --help:\n{long}"));
        // Every limit is under the heading, none before it.
        assert!(!long[..heading].contains("--max-"), "{long}");
        assert_eq!(
            long[heading..].matches("      --max-").count(),
            14,
            "{long}"
        );
    }
}
