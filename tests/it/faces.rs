//! One session result feeds every face: `validate --format json`, `onboard --format json`
//! and the wizard (driven headless through its own state and update functions, with the
//! real workers and session thread) say the same of a set: the same violations, the same
//! waived ones with the same waivers (the set's comments, its `vnfwiz.toml` found by the
//! one lookup), the same files not checked, the same counts. For an OVF package, the
//! package's findings are `validate`'s of the `.ovf` and the output's are `validate`'s of
//! the written folder.
//!
//! `VNFWIZ_FACES=DIR:DIR…` adds sets of your own (ONAP's demo VNFs, say) and prints each
//! set's counts per face. A set offering choices (capabilities) given no answer has no set
//! to judge yet: the faces agree on the choices to make.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::channel;
use std::time::Duration;

use serde_json::Value;
use vnfwiz::check::config::Lookup;
use vnfwiz::foundation::diagnostics::{Violation, Waived};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::session::answers::{Answers, EulaAcceptance};
use vnfwiz::session::{Draft, Session};
use vnfwiz::tui::effect::Message;
use vnfwiz::tui::evaluated::Evaluated;
use vnfwiz::tui::state::State;
use vnfwiz::tui::steps::source;
use vnfwiz::tui::update::{Event, update};
use vnfwiz::tui::worker::Runtime;

use crate::support::binary::{fixtures, vnfwiz};

/// How long the wizard may take to evaluate a set.
const PATIENCE: Duration = Duration::from_secs(120);

/// A violation as every face can give it, with its waiver in words when one accepts it.
type Place = (String, String, String, u64, u64, String, Option<String>);

/// Errors, warnings, files not checked, waived findings.
type Counts = (u64, u64, u64, u64);

/// What one face says of a set.
#[derive(Debug, PartialEq, Eq)]
struct Said {
    violations: Vec<Place>,
    not_checked: Vec<(String, String)>,
    counts: Counts,
}

/// A waiver in words: who, why, until when, where it is written.
fn waiver_words(by: &str, reason: &str, until: Option<&str>, at: Option<&str>) -> String {
    format!("{by}: {reason} (until {until:?}, at {at:?})")
}

/// What a JSON document (`validate`'s, or `onboard`'s) says.
fn said_in_json(document: &Value) -> Said {
    let text = |v: &Value, key: &str| v[key].as_str().unwrap_or_default().to_owned();
    let number = |v: &Value, key: &str| v[key].as_u64().unwrap_or_default();
    let mut violations: Vec<Place> = document["violations"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|v| {
            (
                text(v, "rule"),
                text(v, "severity"),
                text(v, "file"),
                number(v, "line"),
                number(v, "column"),
                text(v, "message"),
                v.get("waived").map(|w| {
                    waiver_words(
                        w["by"].as_str().unwrap_or_default(),
                        w["reason"].as_str().unwrap_or_default(),
                        w["until"].as_str(),
                        w["at"].as_str(),
                    )
                }),
            )
        })
        .collect();
    violations.sort();
    let mut not_checked: Vec<(String, String)> = document["not_checked"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|n| (text(n, "file"), text(n, "reason")))
        .collect();
    not_checked.sort();
    let summary = &document["summary"];
    Said {
        violations,
        not_checked,
        counts: (
            number(summary, "errors"),
            number(summary, "warnings"),
            number(summary, "not_checked"),
            number(summary, "waived"),
        ),
    }
}

fn place(v: &Violation, waived: Option<&Waived>) -> Place {
    (
        v.rule.id.to_owned(),
        v.severity().as_str().to_owned(),
        v.file.clone(),
        u64::from(v.span.line),
        u64::from(v.span.column),
        v.message.clone(),
        waived.map(|w| {
            waiver_words(
                w.by.as_str(),
                &w.reason,
                w.until.as_deref(),
                w.at.as_deref(),
            )
        }),
    )
}

/// What the wizard's evaluation says of the output set (`output`) or of the package.
fn said_by_wizard(evaluated: &Evaluated, output: bool) -> Said {
    let evaluation = &evaluated.evaluation;
    let mut violations: Vec<Place> = if output {
        evaluation
            .output_violations()
            .map(|v| place(v, None))
            .chain(evaluation.waived().map(|(v, w)| place(v, Some(w))))
            .collect()
    } else {
        evaluation
            .package_violations()
            .map(|v| place(v, None))
            .collect()
    };
    violations.sort();
    let mut not_checked: Vec<(String, String)> = evaluation
        .not_checked()
        .into_iter()
        .map(|n| (n.file, n.reason))
        .collect();
    not_checked.sort();
    let count = |severity: &str| {
        violations
            .iter()
            .filter(|v| v.1 == severity && v.6.is_none())
            .count() as u64
    };
    let waived = violations.iter().filter(|v| v.6.is_some()).count();
    if output {
        // What the review's count line and the gate read.
        let counts = evaluation.counts();
        assert_eq!(counts.waived, waived, "the evaluation counts what it lists");
        assert_eq!(evaluated.waived_count(), waived);
    }
    Said {
        counts: (
            count("error"),
            count("warning"),
            not_checked.len() as u64,
            waived as u64,
        ),
        violations,
        not_checked,
    }
}

/// Runs the binary and reads its JSON output.
fn json_of(args: &[&str]) -> Value {
    let out = vnfwiz(args, &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "{args:?}: {e}\n{text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The wizard opened on `path` with `answers` given at start, as the loop runs it, until
/// its first evaluation has arrived; the evaluation its state holds.
fn wizard_evaluation(path: &Path, answers: Answers) -> Arc<Evaluated> {
    wizard_evaluation_with(path, answers, Lookup::Nearest)
}

/// [`wizard_evaluation`] with the project config found as `config` says (`vnfwiz
/// --config FILE`, `--no-config`).
fn wizard_evaluation_with(path: &Path, answers: Answers, config: Lookup) -> Arc<Evaluated> {
    let (outbox, inbox) = channel::<Message>();
    let mut runtime = Runtime::new(outbox, Limits::default()).with_config(config);
    let root = std::env::temp_dir();
    let mut state = State::new(root, Some(path.to_path_buf()), (100, 30));
    state.draft = Draft::from_answers(answers);
    let mut effects = source::start(&mut state);
    loop {
        for effect in effects {
            // Work for the terminal's owner (an editor, the clipboard) is not asked here.
            let _ = runtime.run(effect);
        }
        if let Some(evaluated) = &state.evaluation
            && !state.evaluating
        {
            return evaluated.clone();
        }
        let message = inbox
            .recv_timeout(PATIENCE)
            .unwrap_or_else(|_| panic!("{}: the wizard evaluates in time", path.display()));
        if let Message::Opened(Err(failure)) = &message {
            panic!("{}: {}", path.display(), failure.reason);
        }
        effects = update(&mut state, Event::Message(message));
    }
}

/// What the faces say of a HOT set.
enum Verdict {
    /// The same violations, notes and counts.
    Same(Counts),
    /// A set offering choices, given no answer: `onboard` and the wizard refuse with the
    /// choices to make (these rule ids), which `validate` reports as violations.
    Choices(Vec<String>),
    /// A set being composed: `onboard` and the wizard judge the composed set, a new
    /// package (their counts), `validate` the set as given (its counts).
    Composed(Counts, Counts),
}

/// The three faces on a HOT set, asserting they agree.
fn faces_of_hot_set(set: &Path) -> Verdict {
    faces_of_hot_set_with(set, &[], Lookup::Nearest)
}

/// [`faces_of_hot_set`] with config flags given to `validate` and `onboard`, and the
/// same lookup to the wizard.
fn faces_of_hot_set_with(set: &Path, flags: &[&str], config: Lookup) -> Verdict {
    let path = set.to_str().expect("a UTF-8 path");
    let validate = json_of(&[&["validate", "--format", "json", path], flags].concat());
    let validated = said_in_json(&validate);
    let out = tempfile::tempdir().expect("temp dir");
    let out = out.path().join("out");
    let out = out.to_str().expect("a UTF-8 path");
    let onboard = json_of(&[&["onboard", path, "--out", out, "--format", "json"], flags].concat());
    let wizard = wizard_evaluation_with(set, Answers::default(), config);
    if let Some(problems) = onboard["problems"].as_array() {
        // No set to judge until the choices are made: the same choices, in each face.
        let rules: Vec<String> = problems
            .iter()
            .map(|p| p["rule"].as_str().unwrap_or_default().to_owned())
            .collect();
        let asked: Vec<String> = wizard
            .evaluation
            .problems
            .iter()
            .map(|p| p.rule.clone())
            .collect();
        assert_eq!(rules, asked, "{path}: onboard and the wizard ask otherwise");
        for rule in &rules {
            assert!(
                validated.violations.iter().any(|v| v.0 == *rule),
                "{path}: validate does not report {rule}"
            );
        }
        return Verdict::Choices(rules);
    }
    let onboarded = said_in_json(&onboard);
    let wizard = said_by_wizard(&wizard, true);
    let composing = Session::open(set, &Limits::default())
        .expect("opens")
        .questions()
        .capabilities
        .is_some();
    if composing {
        assert_eq!(onboarded, wizard, "{path}: onboard and the wizard differ");
        return Verdict::Composed(onboarded.counts, validated.counts);
    }
    assert_eq!(validated, onboarded, "{path}: validate and onboard differ");
    assert_eq!(validated, wizard, "{path}: validate and the wizard differ");
    Verdict::Same(validated.counts)
}

/// The three faces' counts of a HOT set that offers no choice, after asserting they agree.
fn same_of_hot_set(set: &Path) -> Counts {
    same_of_hot_set_with(set, &[], Lookup::Nearest)
}

/// [`same_of_hot_set`] with config flags and the wizard's lookup.
fn same_of_hot_set_with(set: &Path, flags: &[&str], config: Lookup) -> Counts {
    match faces_of_hot_set_with(set, flags, config) {
        Verdict::Same(counts) => counts,
        Verdict::Choices(rules) => panic!("{}: choices to make: {rules:?}", set.display()),
        Verdict::Composed(..) => panic!("{}: a set being composed", set.display()),
    }
}

#[test]
fn every_face_says_the_same_of_a_hot_set() {
    for set in [
        // Errors and warnings, no file left out.
        "wizard/dns-needs-work",
        // A Helm chart beside the Heat module (not checked, in a subfolder) and its
        // archive listed in MANIFEST.json (carried into the output).
        "faces/helm-beside",
    ] {
        let counts = same_of_hot_set(&fixtures(set));
        assert!(counts.0 > 0, "{set}: a set with findings to compare");
    }
    let (_, _, not_checked, _) = same_of_hot_set(&fixtures("faces/helm-beside"));
    assert_eq!(
        not_checked, 3,
        "the chart's three files are noted by every face"
    );
}

#[test]
fn every_face_waives_alike_from_the_comments_and_the_project_config() {
    let set = fixtures("faces/waived");
    // Two comments in the template and one `[[waive]]` of the set's vnfwiz.toml.
    assert_eq!(same_of_hot_set(&set), (7, 0, 0, 3));
    // Without the config (`--no-config`, the wizard told the same) only the comments.
    assert_eq!(
        same_of_hot_set_with(&set, &["--no-config"], Lookup::Off),
        (8, 0, 0, 2)
    );
    // The config named (`--config FILE`) as found.
    let config = set.join("vnfwiz.toml");
    let flag = config.to_str().expect("a UTF-8 path");
    assert_eq!(
        same_of_hot_set_with(&set, &["--config", flag], Lookup::File(config.clone())),
        (7, 0, 0, 3)
    );
}

#[test]
fn every_face_says_the_same_of_an_ovf_package() {
    let ovf = fixtures("package/vfw/vfw.ovf");
    let path = ovf.to_str().expect("a UTF-8 path");
    let answers = Answers {
        accept_eula: EulaAcceptance::All,
        ..Answers::default()
    };
    let wizard = wizard_evaluation(&ovf, answers);
    // The package's own findings: those of `validate` on the descriptor.
    let validated = said_in_json(&json_of(&["validate", "--format", "json", path]));
    assert_eq!(validated, said_by_wizard(&wizard, false));
    assert!(!validated.violations.is_empty(), "a package with findings");
    // The output's: those `onboard` prints and `validate` finds in the written folder.
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("out");
    let out_text = out.to_str().expect("a UTF-8 path");
    let onboarded = json_of(&[
        "onboard",
        path,
        "--accept-eula",
        "--out",
        out_text,
        "--format",
        "json",
    ]);
    let package_lines: Vec<String> = wizard
        .evaluation
        .package_violations()
        .map(|v| {
            format!(
                "{}:{}:{}: {} {}",
                v.file, v.span.line, v.span.column, v.rule.id, v.message
            )
        })
        .collect();
    assert_eq!(
        onboarded["package_warnings"],
        serde_json::json!(package_lines),
        "onboard lists the package's findings as the wizard does"
    );
    let written = said_in_json(&json_of(&["validate", "--format", "json", out_text]));
    assert_eq!(said_in_json(&onboarded), written);
    assert_eq!(said_by_wizard(&wizard, true), written);
}

/// `VNFWIZ_FACES=DIR:DIR…`: the three faces on sets of your own, each set's counts printed.
#[test]
fn every_face_says_the_same_of_sets_given() {
    let Some(sets) = std::env::var_os("VNFWIZ_FACES") else {
        return;
    };
    for set in std::env::split_paths(&sets).collect::<Vec<PathBuf>>() {
        match faces_of_hot_set(&set) {
            Verdict::Same((errors, warnings, not_checked, waived)) => eprintln!(
                "{}: validate = onboard = wizard: {errors} errors, {warnings} warnings, {not_checked} not checked, {waived} waived",
                set.display()
            ),
            Verdict::Choices(rules) => eprintln!(
                "{}: choices to make first, in every face: {}",
                set.display(),
                rules.join(", ")
            ),
            Verdict::Composed(composed, given) => eprintln!(
                "{}: composed, onboard = wizard: {composed:?}; validate of the set as given: {given:?}",
                set.display()
            ),
        }
    }
}
