//! Snapshot tests of every screen at 100×30 (insta, through ratatui's `TestBackend`): each
//! step, the help overlay, the questions, the too-small screen and the review panes with a
//! long filtered list. The last line of each snapshot says where the terminal cursor is.

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use insta::assert_snapshot;

use crate::foundation::diagnostics::{SourceTexts, Span, Violation};
use crate::foundation::limits::Limits;
use crate::input::source::InputKind;
use crate::session::{Answered, Finding, Session};
use crate::tui::action::Action::{self, *};
use crate::tui::effect::{Message, Progress};
use crate::tui::evaluated::{Evaluated, Preview};
use crate::tui::scan::{Candidate, Scan};
use crate::tui::state::{State, StepId};
use crate::tui::steps::source;
use crate::tui::testing::{Wizard, opened, press, render, repo};
use crate::tui::theme::Theme;
use crate::tui::update::{Event, update};

const OVA: &str = "assets/samples/vfw-edge.ova";
const BROKEN_HOT: &str = "tests/fixtures/wizard/dns-needs-work";

fn screen(state: &State) -> String {
    render(state, &Theme::default_theme())
}

fn picker() -> State {
    let mut state = State::new(PathBuf::from("/srv/vnfs"), None, (100, 30));
    let candidates = [
        (
            "/home/op/ims/vims-core.ova",
            InputKind::Ova,
            48_211_968,
            true,
        ),
        ("edge/vfw-edge.ova", InputKind::Ova, 419_840, false),
        ("lb/haproxy.ovf", InputKind::Ovf, 21_733, false),
        ("dns/dns-resolver.zip", InputKind::HeatZip, 8_190, false),
        ("vrouter", InputKind::HotFolder, 31_022, false),
        (
            "vrouter/base_vrouter.yaml",
            InputKind::HotFile,
            17_406,
            false,
        ),
    ]
    .into_iter()
    .map(|(path, kind, size, recent)| Candidate {
        path: PathBuf::from(path),
        kind,
        size,
        recent,
    })
    .collect();
    source::scanned(
        &mut state,
        Scan {
            root: PathBuf::from("/srv/vnfs"),
            candidates,
            truncated: false,
        },
    );
    state
}

#[test]
fn source_picker() {
    let mut state = picker();
    press(&mut state, &[Down]);
    assert_snapshot!(screen(&state));
}

#[test]
fn source_picker_filtering() {
    let mut state = picker();
    press(&mut state, &[Filter, Input('v'), Input('r')]);
    assert_snapshot!(screen(&state));
}

#[test]
fn source_open_failed() {
    let mut state = picker();
    let failure = crate::tui::effect::OpenFailure {
        reason: "lb/haproxy.ovf:3:1: the Envelope has no namespace, which is no OVF version vnfwiz reads (0.9, 1.x or 2.x); re-export the package as OVF 1.x or 2.x".to_owned(),
        cancelled: false,
    };
    update(&mut state, Event::Message(Message::Opened(Err(failure))));
    assert_snapshot!(screen(&state));
}

#[test]
fn integrity_running() {
    let mut state = State::new(repo(""), Some(PathBuf::from(OVA)), (100, 30));
    source::start(&mut state);
    update(&mut state, Event::Message(Message::Opening(InputKind::Ova)));
    update(
        &mut state,
        Event::Message(Message::Progress(Progress {
            done: 3 << 30,
            total: 8 << 30,
            elapsed: Duration::from_secs(2),
        })),
    );
    assert_eq!(state.step, StepId::Integrity);
    assert_snapshot!(screen(&state));
}

#[test]
fn integrity_verified() {
    let state = opened(OVA);
    assert_eq!(state.step, StepId::Integrity);
    assert_snapshot!(screen(&state));
}

#[test]
fn integrity_mismatch_names_the_file() {
    let mut bytes = std::fs::read(repo(OVA)).unwrap();
    let last_disk = bytes
        .windows(4)
        .rposition(|w| w == b"QFI\xfb")
        .expect("a qcow2 disk in the sample");
    bytes[last_disk + 4096] ^= 0xff;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vfw-edge.ova");
    std::fs::write(&path, bytes).unwrap();
    let state = Wizard::start(State::new(
        dir.path().to_path_buf(),
        Some(path.clone()),
        (100, 30),
    ));
    let text = screen(&state).replace(&dir.path().display().to_string(), "/tmp");
    assert!(text.contains("vfw-manager-disk1.qcow2"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn the_step_strip_marks_what_was_seen_and_how_it_stands() {
    let mut bytes = std::fs::read(repo(OVA)).unwrap();
    let last_disk = bytes
        .windows(4)
        .rposition(|w| w == b"QFI\xfb")
        .expect("a qcow2 disk in the sample");
    bytes[last_disk + 4096] ^= 0xff;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vfw-edge.ova");
    std::fs::write(&path, bytes).unwrap();
    let mut state = Wizard::start(State::new(dir.path().to_path_buf(), Some(path), (100, 30)));
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Licence);
    let strip = screen(&state).lines().nth(1).unwrap().to_owned();
    assert!(
        strip.contains("✗ Integrity"),
        "an integrity error is no ✓: {strip}"
    );
    assert!(
        strip.contains("○ Parameters") && strip.contains("○ Review"),
        "not visited yet: {strip}"
    );
    state.keys(&[Accept]);
    let strip = screen(&state).lines().nth(1).unwrap().to_owned();
    assert!(strip.contains("✓ Licence"), "{strip}");
    state.keys(&[Back, Back]);
    assert_eq!(state.step, StepId::Integrity);
    state.keys(&[Confirm, Confirm, Confirm]);
    assert_eq!(state.step, StepId::Properties);
    state.keys(&[Confirm]);
    let strip = screen(&state).lines().nth(1).unwrap().to_owned();
    assert!(
        strip.contains("▲ Properties") && strip.contains("● Parameters"),
        "visited with properties left for instantiation: {strip}"
    );
}

#[test]
fn licence() {
    let mut state = opened(OVA);
    state.keys(&[Confirm, PageDown]);
    assert_eq!(state.step, StepId::Licence);
    assert_snapshot!(screen(&state));
}

#[test]
fn deployment_option() {
    let mut state = opened(OVA);
    state.keys(&[Confirm, Accept, Down]);
    assert_eq!(state.step, StepId::Option);
    assert_snapshot!(screen(&state));
}

/// The sample at the properties step, site name typed.
fn at_properties() -> Wizard {
    let mut state = opened(OVA);
    state.keys(&[Confirm, Accept, Confirm]);
    assert_eq!(state.step, StepId::Properties);
    state.type_text("berlin-07");
    state
}

#[test]
fn properties() {
    let state = at_properties();
    assert_snapshot!(screen(&state));
}

#[test]
fn properties_with_problems() {
    let mut state = at_properties();
    state.keys(&[
        Erase, Erase, Erase, Erase, Erase, Erase, Erase, Down, Down, Down,
    ]);
    state.type_text("10.1.0.10");
    // Enter with problems left: each is shown, the first focused, the step kept.
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Properties);
    assert_eq!(state.properties.form.focus, 0, "the too short site name");
    assert_snapshot!(screen(&state));
}

#[test]
fn properties_password_masked() {
    let mut state = at_properties();
    state.keys(&[End]);
    let password = state
        .properties
        .form
        .fields
        .iter()
        .position(|f| f.key == "vfw.admin.password")
        .unwrap();
    state.properties.form.focus = password;
    state.type_text("short");
    let text = screen(&state);
    assert!(!text.contains("short"), "{text}");
    assert_snapshot!(text);
    state.keys(&[Reveal]);
    assert!(screen(&state).contains("[short"), "Ctrl-R shows it");
}

#[test]
fn properties_long_choice_filtered() {
    let mut state = opened("tests/fixtures/wizard/appliance-timezones/ems.ovf");
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Properties);
    state.keys(&[Down, Down]);
    state.type_text("eu");
    assert_snapshot!(screen(&state));
}

/// The sample with every required property answered, at the parameters step.
fn at_parameters() -> Wizard {
    let mut state = at_properties();
    state.keys(&[Down, Down, Down]);
    state.type_text("10.1.0.10");
    state.keys(&[Down, Down]);
    state.type_text("10.1.0.1");
    let password = state
        .properties
        .form
        .fields
        .iter()
        .position(|f| f.key == "vfw.admin.password")
        .unwrap();
    state.properties.form.focus = password;
    state.type_text("correct-horse-battery");
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Parameters, "{:?}", state.problems);
    state
}

#[test]
fn parameters() {
    let mut state = at_parameters();
    state.type_text("10.1.0.0/24");
    assert_snapshot!(screen(&state));
}

#[test]
fn parameters_supplied_by_onap() {
    let mut state = at_parameters();
    state.parameters.form.focus = state.parameters.form.fields.len() - 1;
    let supplied: Vec<&str> = state
        .parameters
        .form
        .fields
        .iter()
        .filter(|f| f.kind == crate::tui::widgets::form::FieldKind::Supplied)
        .map(|f| f.key.as_str())
        .collect();
    assert!(supplied.contains(&"vnf_id"), "{supplied:?}");
    assert_snapshot!(screen(&state));
}

#[test]
fn review_of_the_sample() {
    let mut state = at_parameters();
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Review);
    assert!(state.ready(), "{:?}", state.blocking());
    assert_snapshot!(screen(&state));
}

#[test]
fn review_environment_preview_masks_the_password() {
    let mut state = at_parameters();
    state.keys(&[Confirm, NextField, Down]);
    let text = screen(&state);
    assert!(!text.contains("correct-horse-battery"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn write_settings() {
    let mut state = at_parameters();
    state.keys(&[Confirm, Confirm]);
    assert_eq!(state.step, StepId::Write);
    assert_snapshot!(screen(&state));
}

#[test]
fn write_in_progress() {
    let mut state = at_parameters();
    state.keys(&[Confirm, Confirm, Down, Right]);
    assert_eq!(state.step, StepId::Write);
    // As the loop sees it between the order and the report: the image streaming into a CSAR.
    state.write.phase = crate::tui::steps::write::Phase::Writing;
    update(
        &mut state,
        Event::Message(Message::WriteProgress(Progress {
            done: 96 << 20,
            total: 160 << 20,
            elapsed: Duration::from_millis(800),
        })),
    );
    assert_snapshot!(screen(&state));
}

/// The sample written into a temporary folder's `edge/` on a terminal of `size`.
fn written_on(size: (u16, u16)) -> (tempfile::TempDir, Wizard) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("edge");
    let mut state = at_parameters();
    update(&mut state, Event::Resize(size.0, size.1));
    state.keys(&[Confirm, Confirm]);
    state
        .write
        .form
        .field_mut(crate::tui::steps::write::OUT)
        .unwrap()
        .input
        .set(out.display().to_string());
    state.keys(&[Write]);
    (dir, state)
}

#[test]
fn written() {
    let (dir, state) = written_on((100, 30));
    let text = screen(&state).replace(&dir.path().display().to_string(), "/tmp");
    assert!(text.contains("base_vfw_edge.yaml"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn written_at_80x24() {
    let (dir, state) = written_on((80, 24));
    let text = screen(&state);
    // The summary wraps instead of being cut.
    let joined: String = text
        .lines()
        .map(|l| l.trim_matches(|c: char| c == '│' || c.is_whitespace()))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        joined.contains("3 files, 0 errors, 0 warnings, 3 notes."),
        "{text}"
    );
    assert!(text.contains("● Write"), "the strip names the step: {text}");
    assert_snapshot!(text.replace(&dir.path().display().to_string(), "/tmp/.tmpXXXXXX"));
}

#[test]
fn long_notice_at_80x24() {
    let mut state = opened(BROKEN_HOT);
    update(&mut state, Event::Resize(80, 24));
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Review);
    state.warn(
        "Not ready: the output set has 9 errors against 8 MUST rules (see Review); fix them there, or answer the parameters the rules name, then write again",
    );
    let text = screen(&state);
    assert!(text.contains("shows it all)"), "{text}");
    assert!(
        text.contains("Src") && text.contains("● Review") && text.contains("Params"),
        "every step keeps a short name: {text}"
    );
    assert_snapshot!(text);
}

#[test]
fn review_with_violations() {
    let mut state = opened(BROKEN_HOT);
    state.keys(&[Confirm, Down, Down]);
    assert_eq!(state.step, StepId::Review);
    assert_snapshot!(screen(&state));
}

#[test]
fn review_fix_preview() {
    let mut state = opened(BROKEN_HOT);
    state.keys(&[Confirm, Down, Down, PreviewFix]);
    assert!(state.review.fix.is_some());
    assert_snapshot!(screen(&state));
}

#[test]
fn review_fix_needs_text() {
    let mut state = opened(BROKEN_HOT);
    state.keys(&[Confirm, Filter]);
    state.type_text("44001");
    state.keys(&[Confirm, PreviewFix]);
    state.type_text("Resolver cache size in MiB");
    assert!(state.review.typing.is_some());
    assert_snapshot!(screen(&state));
}

#[test]
fn review_filtered() {
    let mut state = opened(BROKEN_HOT);
    state.keys(&[Confirm, Filter]);
    state.type_text("9027");
    assert_snapshot!(screen(&state));
}

#[test]
fn review_template_preview() {
    let mut state = opened(BROKEN_HOT);
    state.keys(&[Confirm, NextField, Right, Down, Down]);
    assert_snapshot!(screen(&state));
}

#[test]
fn review_grouped_by_rule() {
    let mut state = opened(BROKEN_HOT);
    state.keys(&[Confirm, Group, Group, Down, Down, Down]);
    assert_snapshot!(screen(&state));
}

#[test]
fn review_detail_zoomed_at_80_by_24() {
    let mut state = opened(BROKEN_HOT);
    update(&mut state, Event::Resize(80, 24));
    state.keys(&[Confirm, Down, Down, Zoom]);
    let text = screen(&state);
    assert!(text.contains("▶ 14 │"), "the source line shows: {text}");
    assert_snapshot!(text);
}

#[test]
fn review_asking_a_waivers_reason_at_80_by_24() {
    let mut state = opened(BROKEN_HOT);
    update(&mut state, Event::Resize(80, 24));
    state.keys(&[Confirm, Group, Group, Waive, NextField]);
    state.type_text("kept for release 2; ticket 12");
    let text = screen(&state);
    assert!(text.contains("◉ the 2 findings of R-90279"), "{text}");
    assert!(
        text.contains("Enter waive"),
        "the footer says what Enter does: {text}"
    );
    assert_snapshot!(text);
}

#[test]
fn review_waived_findings_close_the_list_at_80_by_24() {
    // Two comments of the set and its vnfwiz.toml waive three findings.
    let mut state = opened("tests/fixtures/faces/waived");
    update(&mut state, Event::Resize(80, 24));
    state.keys(&[Confirm, End]);
    let text = screen(&state);
    assert!(
        text.contains("profile onap · …/faces/waived/vnfwiz.toml"),
        "the header names the profile and the config: {text}"
    );
    assert!(text.contains("~ 3 waived"), "{text}");
    assert!(text.contains("waived: accepted with a reason"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn review_answer_chosen_against_the_requirements() {
    let mut state = opened("tests/fixtures/capabilities/firewall_requires");
    state.step = StepId::Capabilities;
    state.keys(&[Down, Toggle]);
    state.step = StepId::Review;
    state.keys(&[Home]);
    let text = screen(&state);
    assert!(
        text.contains("capability choice OS::VNF::FirewallNode"),
        "{text}"
    );
    assert_snapshot!(text);
}

/// Texts of a generated template, for the long list.
struct GeneratedTexts(String);

impl SourceTexts for GeneratedTexts {
    fn text(&self, _: &str) -> Option<Cow<'_, str>> {
        Some(Cow::Borrowed(&self.0))
    }

    fn file_count(&self) -> usize {
        1
    }
}

/// Rules the long list spreads over (fixed, so new rules do not change the snapshot).
const SPREAD: [&str; 5] = [
    "R-90279",
    "R-90526",
    "R-39402",
    "R-90152",
    "R-92635/misspelt-function",
];

/// A review holding `count` violations spread over a few rules.
pub fn long_review(count: usize) -> Wizard {
    let rules: Vec<_> = SPREAD
        .iter()
        .map(|id| crate::check::rules::find(id).expect("a registered rule"))
        .collect();
    let mut text = String::from("heat_template_version: 2016-10-14\nparameters:\n");
    for i in 0..count {
        text.push_str(&format!(
            "  p{i}:\n    type: string\n    default: value-{i}\n"
        ));
    }
    let violations: Vec<Violation> = (0..count)
        .map(|i| {
            let rule = &rules[i % rules.len()].meta;
            let line = u32::try_from(3 + 3 * i).unwrap_or(u32::MAX);
            Violation {
                rule,
                file: format!("nested/module_{}.yaml", i % 40),
                span: Span {
                    line,
                    column: 3,
                    start: 0,
                    end: 0,
                },
                path: format!("parameters.p{i}"),
                message: format!("parameter `p{i}` breaks {}", rule.id),
                related: Vec::new(),
                also: Vec::new(),
            }
        })
        .collect();
    review_of(violations, text)
}

/// A review of `violations` in a generated template of `text`.
fn review_of(violations: Vec<Violation>, text: String) -> Wizard {
    let mut state = opened(BROKEN_HOT);
    state.keys(&[Confirm]);
    let mut session = Session::open(&repo(BROKEN_HOT), &Limits::default()).expect("opens");
    let mut evaluation = session.evaluate(&Answered::default());
    evaluation.findings = violations.into_iter().map(Finding::output).collect();
    let mut evaluated = Evaluated::with_texts(evaluation, &GeneratedTexts(text));
    evaluated.previews = vec![Preview {
        title: "Template".to_owned(),
        path: "base.yaml".to_owned(),
        text: "heat_template_version: 2016-10-14\n".to_owned(),
    }];
    evaluated.elapsed = Duration::from_millis(40);
    evaluated.checked_with = session.checked_with();
    evaluated.parameters = state.evaluation.as_ref().unwrap().parameters.clone();
    let generation = state.generation;
    update(
        &mut state,
        Event::Message(Message::Evaluated {
            generation,
            evaluated: Arc::new(evaluated),
        }),
    );
    state
}

#[test]
fn review_detail_names_the_twins_a_finding_also_breaks() {
    let meta = |id| {
        &crate::check::rules::find(id)
            .expect("a registered rule")
            .meta
    };
    let text = "parameters:\n  vfw_oam_ip_0: 10.0.100.1\n".to_owned();
    let violation = Violation {
        rule: meta("R-39841"),
        file: "base_vfw.env".to_owned(),
        span: Span {
            line: 2,
            column: 3,
            start: 14,
            end: 26,
        },
        path: "parameters.vfw_oam_ip_0".to_owned(),
        message: "`vfw_oam_ip_0` sets the fixed IPv4 address of a port on an external network"
            .to_owned(),
        related: Vec::new(),
        also: vec![meta("R-62590")],
    };
    let state = review_of(vec![violation], text);
    let text = screen(&state);
    assert!(text.contains("Also   R-62590 (MUST NOT)"), "{text}");
    assert!(text.contains("✗ 1 error"), "counted once: {text}");
}

#[test]
fn review_long_places_keep_their_ends_at_80x24() {
    // Deep paths the place column cannot hold: their middle gives way, so the file names
    // and lines that tell the rows apart stay.
    let rule = &crate::check::rules::find("R-90279").expect("a rule").meta;
    let mut text = String::from("heat_template_version: 2016-10-14\nparameters:\n");
    let violations: Vec<Violation> = (0..6)
        .map(|i| {
            text.push_str(&format!("  p{i}:\n    type: string\n"));
            Violation {
                rule,
                file: format!(
                    "templates/base_dummy/nested/{}_template.yaml",
                    ["base", "dns", "lb", "fw", "pkg", "sink"][i]
                ),
                span: Span {
                    line: u32::try_from(3 + 2 * i).unwrap_or(0) * 37,
                    column: 3,
                    start: 0,
                    end: 0,
                },
                path: format!("parameters.p{i}"),
                message: format!("parameter `p{i}` is never read"),
                related: Vec::new(),
                also: Vec::new(),
            }
        })
        .collect();
    let mut state = review_of(violations, text);
    update(&mut state, Event::Resize(80, 24));
    let text = screen(&state);
    assert!(
        text.contains("templates/ba…ed/lb_template.yaml:259"),
        "{text}"
    );
    assert_snapshot!(text);
}

#[test]
fn review_long_filtered_list() {
    let mut state = long_review(5000);
    let filter: Vec<Action> = "R-90279 module_7".chars().map(Input).collect();
    state.keys(&[Filter]);
    state.keys(&filter);
    state.keys(&[Confirm, PageDown, Down]);
    assert_snapshot!(screen(&state));
}

#[test]
fn help_overlay() {
    let mut state = opened(OVA);
    state.keys(&[Confirm, Help]);
    assert_snapshot!(screen(&state));
}

#[test]
fn quit_question() {
    let mut state = opened(OVA);
    state.keys(&[Confirm, Accept, Quit]);
    assert_snapshot!(screen(&state));
}

#[test]
fn decline_question() {
    let mut state = opened(OVA);
    state.keys(&[Confirm, Decline]);
    assert_snapshot!(screen(&state));
}

#[test]
fn too_small_quit_question() {
    let mut state = opened(OVA);
    state.keys(&[Confirm, Accept]);
    update(&mut state, Event::Resize(60, 15));
    state.keys(&[Quit]);
    assert_eq!(state.overlay, Some(crate::tui::state::Overlay::ConfirmQuit));
    let text = screen(&state);
    assert!(text.contains("Quit without saving?"), "{text}");
    assert!(
        text.contains("y quit"),
        "the question says its keys:\n{text}"
    );
    assert_snapshot!(text);
}

#[test]
fn a_long_path_keeps_the_step_indicator() {
    let long = "/srv/onboarding/vendors/metaswitch/perimeta-session-border-controller/releases/4.9.20/heat/base_perimeta.yaml";
    let mut state = opened(OVA);
    update(&mut state, Event::Resize(80, 24));
    let opened = state.opened.clone().unwrap();
    state.opened = Some(Arc::new(crate::tui::opened::Opened {
        path: PathBuf::from(long),
        kind: InputKind::HotFile,
        name: opened.name.clone(),
        questions: opened.questions.clone(),
        integrity: opened.integrity.clone(),
        package_violations: Vec::new(),
        missing_images: Vec::new(),
        profiles: opened.profiles.clone(),
    }));
    let text = screen(&state);
    let header = text.lines().next().unwrap();
    assert!(header.ends_with("[2/9] Integrity "), "{header}");
    assert!(
        header.contains("…") && header.contains("base_perimeta.yaml"),
        "{header}"
    );
    assert_eq!(header.chars().count(), 80, "{header}");
}

#[test]
fn too_small() {
    let mut state = opened(OVA);
    update(&mut state, Event::Resize(72, 20));
    assert_snapshot!(screen(&state));
}

#[test]
fn every_theme_at_80x24_and_120x36() {
    // The review with a filter kept: errors, warnings, a selected row with matched
    // characters, the detail pane and the footer, in every theme's colours.
    let mut state = opened(BROKEN_HOT);
    state.keys(&[Confirm, Filter]);
    state.type_text("R-");
    state.keys(&[Confirm, Down]);
    for size in [(80, 24), (120, 36)] {
        update(&mut state, Event::Resize(size.0, size.1));
        for (name, _) in crate::tui::theme::BUILT_IN {
            let theme = Theme::built_in(name).unwrap();
            let text = crate::tui::testing::render_styled(&state, &theme);
            assert!(
                text.contains("[8/9] Review"),
                "{name} at {size:?} keeps the indicator:\n{text}"
            );
            assert_snapshot!(format!("theme_{name}_{}x{}", size.0, size.1), text);
        }
    }
}

#[test]
fn every_theme_draws_the_review() {
    let state = opened(BROKEN_HOT);
    for (name, _) in crate::tui::theme::BUILT_IN {
        let theme = Theme::built_in(name).unwrap();
        // Colour aside, every theme shows the same text: markers carry the meaning.
        assert_eq!(render(&state, &theme), screen(&state), "{name}");
    }
}

#[test]
fn capabilities_to_choose() {
    let mut state = opened("tests/fixtures/capabilities/dns_ambiguous");
    state.keys(&[Down]);
    assert_eq!(state.step, StepId::Capabilities);
    assert_snapshot!(screen(&state));
}

#[test]
fn capabilities_decided_by_requirements() {
    let state = opened("tests/fixtures/capabilities/firewall_requires");
    let mut state = state;
    state.step = StepId::Capabilities;
    assert_snapshot!(screen(&state));
}

#[test]
fn a_narrow_footer_keeps_help_quit_and_the_way_on_and_back() {
    let mut state = opened(BROKEN_HOT);
    state.keys(&[Confirm]);
    update(&mut state, Event::Resize(80, 24));
    let text = screen(&state);
    let footer = text.lines().nth(23).unwrap();
    assert!(footer.trim_end().ends_with("q quit"), "{footer}");
    assert!(footer.contains("? help"), "{footer}");
    // The arrows every user knows give way before the review's own keys (issue 26 §9).
    assert!(footer.starts_with(" / filter  f F u W fixes"), "{footer}");
    assert!(
        footer.contains("Enter next") && footer.contains("Esc back"),
        "{footer}"
    );
    assert!(
        !footer.contains("Tab next tab"),
        "the step's other keys give way first: {footer}"
    );
}
