//! `update(state, event)`: the one place the wizard's state changes. Keys (as actions),
//! worker messages and resizes come in; effects for the workers go out. No I/O here.

use std::sync::Arc;

use super::action::Action;
use super::clicks::Target;
use super::effect::{Draft, Effect, Message, OpenFailure, Reread};
use super::evaluation;
use super::opened::{Opened, has_integrity};
use super::state::{Exit, Overlay, State, StepId};
use super::steps::{
    self, integrity, licence, option, parameters, properties, review, source, write,
};
use crate::session::answers::EulaAcceptance;

/// Something that happened.
#[derive(Debug)]
pub enum Event {
    /// The operator pressed a key bound to this action.
    Action(Action),
    /// A worker reported.
    Message(Message),
    /// The terminal now has this many columns and rows.
    Resize(u16, u16),
    /// Text pasted into the terminal (bracketed paste).
    Paste(String),
    /// A left click at this column and row (`--mouse`).
    Click(u16, u16),
}

/// Most characters one paste puts into a field; a longer paste is refused whole.
pub const MAX_PASTE: usize = 4096;

/// Applies an event; returns the work to start.
pub fn update(state: &mut State, event: Event) -> Vec<Effect> {
    let mut effects = match event {
        Event::Resize(columns, rows) => {
            state.size = (columns, rows);
            Vec::new()
        }
        Event::Message(message) => on_message(state, message),
        Event::Action(action) => on_action(state, action),
        Event::Paste(text) => on_paste(state, &text),
        Event::Click(column, row) => on_click(state, column, row),
    };
    state.visited.insert(state.step);
    effects.extend(source::arrived(state));
    effects.extend(write::probe_needed(state));
    effects
}

/// Pasted text goes into the focused text field as typed characters, all of it text: a
/// pasted Tab or line break is a space, never a key that moves or confirms. Trailing line
/// breaks (a copied line) are dropped.
fn on_paste(state: &mut State, text: &str) -> Vec<Effect> {
    state.notice = None;
    if !state.text_focused() {
        state.warn("Nothing takes text here; paste into a text field.");
        return Vec::new();
    }
    let text = text.trim_end_matches(['\n', '\r']);
    if text.chars().count() > MAX_PASTE {
        state.warn(format!(
            "The paste is longer than {MAX_PASTE} characters; nothing was pasted."
        ));
        return Vec::new();
    }
    let mut effects = Vec::new();
    let mut last_cr = false;
    for c in text.chars() {
        // A CR LF pair is one line break.
        if c == '\n' && last_cr {
            last_cr = false;
            continue;
        }
        last_cr = c == '\r';
        let c = if c.is_control() { ' ' } else { c };
        effects.extend(steps::of(state.step).update(state, Action::Input(c)));
    }
    // Each character asked for an evaluation; only the last one matters.
    let last = effects
        .iter()
        .rposition(|e| matches!(e, Effect::Evaluate { .. }));
    let mut index = 0;
    effects.retain(|e| {
        let keep = !matches!(e, Effect::Evaluate { .. }) || Some(index) == last;
        index += 1;
        keep
    });
    effects
}

/// A click selects what the last frame drew there: a step of the strip (when it can be
/// shown) or a row of the step's list. Nothing under a question or the help.
fn on_click(state: &mut State, column: u16, row: u16) -> Vec<Effect> {
    if state.overlay.is_some() || state.too_small() {
        return Vec::new();
    }
    match state.clicks.at(column, row) {
        Some(Target::Step(step)) if state.visitable(step) => {
            state.notice = None;
            state.step = step;
            Vec::new()
        }
        Some(Target::Row(index)) => {
            state.notice = None;
            steps::of(state.step).click(state, index)
        }
        _ => Vec::new(),
    }
}

fn on_action(state: &mut State, action: Action) -> Vec<Effect> {
    state.notice = None;
    if let Some(overlay) = state.overlay.clone() {
        return on_overlay(state, overlay, action);
    }
    if state.too_small() {
        // Nothing else is visible to act on.
        return match action {
            Action::Quit | Action::Interrupt => request_quit(state, action),
            _ => Vec::new(),
        };
    }
    match action {
        Action::Interrupt | Action::Quit => request_quit(state, action),
        Action::Help => {
            state.overlay = Some(Overlay::Help);
            state.help.home();
            Vec::new()
        }
        _ => steps::of(state.step).update(state, action),
    }
}

/// Quits at once when nothing would be lost, else asks.
/// `by` is the key's action: a quit begun with Ctrl-C (`Action::Interrupt`) ends the
/// process as an interrupted one (exit 130), one begun with `q` as a finished one (0).
fn request_quit(state: &mut State, by: Action) -> Vec<Effect> {
    state.quit_interrupted = by == Action::Interrupt;
    if state.unsaved {
        state.overlay = Some(Overlay::ConfirmQuit);
        return Vec::new();
    }
    quit(state, Exit::Quit)
}

/// The way the operator quits: as asked, or interrupted when the quit began with Ctrl-C.
fn quitting(state: &State) -> Exit {
    if state.quit_interrupted {
        Exit::Interrupted
    } else {
        Exit::Quit
    }
}

fn quit(state: &mut State, exit: Exit) -> Vec<Effect> {
    let exit = if exit == Exit::Quit {
        quitting(state)
    } else {
        exit
    };
    state.overlay = None;
    state.exit = Some(exit);
    if state.source.opening.is_some() {
        return vec![Effect::CancelOpen];
    }
    Vec::new()
}

fn on_overlay(state: &mut State, overlay: Overlay, action: Action) -> Vec<Effect> {
    match (overlay, action) {
        // A second Ctrl-C, or yes, quits.
        (Overlay::ConfirmQuit, Action::Yes | Action::Interrupt) => {
            state.quit_interrupted |= action == Action::Interrupt;
            quit(state, Exit::Quit)
        }
        (Overlay::ConfirmQuit, Action::Save) => match state.save_to.clone() {
            Some(path) => {
                state.overlay = None;
                state.quit_after_save = true;
                vec![Effect::SaveAnswers {
                    draft: state.draft.clone(),
                    path,
                }]
            }
            None => Vec::new(),
        },
        (Overlay::ConfirmDecline, Action::Yes) => {
            state.draft.answers.accept_eula = EulaAcceptance::Declined;
            quit(state, Exit::Declined)
        }
        (Overlay::ConfirmQuit | Overlay::ConfirmDecline, Action::No | Action::Back) => {
            state.quit_interrupted = false;
            state.overlay = None;
            Vec::new()
        }
        (Overlay::ConfirmDecline | Overlay::Help, Action::Interrupt) => {
            state.overlay = None;
            request_quit(state, action)
        }
        (Overlay::Help, Action::Help | Action::Back | Action::Confirm | Action::Quit) => {
            state.overlay = None;
            Vec::new()
        }
        (Overlay::Help, action) => {
            state.help.apply(action);
            Vec::new()
        }
        _ => Vec::new(),
    }
}

fn on_message(state: &mut State, message: Message) -> Vec<Effect> {
    match message {
        Message::Scanned(scan) => source::scanned(state, scan),
        Message::Located(found) => return source::located(state, found),
        Message::Probed(path, folder) => write::probed(state, &path, folder),
        Message::Opening(kind) => {
            if let Some(opening) = &mut state.source.opening {
                opening.kind = Some(kind);
                if has_integrity(kind) {
                    state.integrity = integrity::IntegrityState::default();
                    state.step = StepId::Integrity;
                }
            }
        }
        Message::Progress(progress) => state.integrity.progress = Some(progress),
        Message::Opened(Ok(opened)) => {
            let mut effects = vec![Effect::Remember(opened.path.clone())];
            effects.extend(on_opened(state, opened));
            return effects;
        }
        Message::Opened(Err(failure)) => return open_failed(state, failure),
        Message::Problems {
            generation,
            problems,
            left_open,
        } => {
            if generation == state.generation {
                state.problems = problems;
                state.left_open = left_open;
            }
        }
        Message::Evaluated {
            generation,
            evaluated,
        } => evaluation::arrived(state, generation, evaluated),
        Message::FixPlanned { generation, plan } => review::planned(state, generation, plan),
        Message::WriteBackPlanned(plan) => review::write_back::planned(state, plan),
        Message::WroteBack {
            summary,
            settled,
            reread,
        } => {
            review::write_back::written(state, settled);
            let effects = reread_quietly(state, reread);
            review::write_back::tell(state, summary, settled);
            return effects;
        }
        Message::WriteProgress(progress) => state.write.progress = Some(progress),
        Message::Written(result) => write::written(state, result),
        Message::Saved(result) if write::saved(state, &result) => {}
        Message::Saved(Ok(path)) => {
            state.unsaved = false;
            state.tell(format!(
                "Answers saved to {} (secrets left out).",
                path.display()
            ));
            if state.quit_after_save {
                state.exit = Some(quitting(state));
            }
        }
        Message::Saved(Err(reason)) => {
            state.quit_after_save = false;
            let to = state
                .save_to
                .as_ref()
                .map(|p| format!(" to {}", p.display()))
                .unwrap_or_default();
            state.warn(format!("The answers were not saved{to}: {reason}"));
        }
        Message::Reported(result) => review::report::reported(state, result),
        Message::Reread(reread) => return on_reread(state, reread),
        Message::Edited(result) => {
            match result {
                Ok(()) => state.tell("Back from the editor; reading the source again…"),
                Err(reason) => state.warn(reason),
            }
            return vec![Effect::Reread];
        }
    }
    Vec::new()
}

/// The source was read again: the answers so far go on against it, every step keeps its
/// place, and the session evaluates them anew (the review keeps its selection where the
/// same violation is still there).
fn on_reread(state: &mut State, reread: Reread) -> Vec<Effect> {
    match &reread {
        Reread::Unchanged => state.tell("No file of the source changed."),
        Reread::Failed(reason) => state.warn(format!(
            "The source cannot be read as it is now; the review shows the last reading: {reason}"
        )),
        Reread::Opened(opened) => state.tell(format!(
            "{} changed on disk; validating again.",
            opened.path.display()
        )),
    }
    reread_quietly(state, reread)
}

/// [`on_reread`] without its notice, for a re-read the wizard caused itself.
fn reread_quietly(state: &mut State, reread: Reread) -> Vec<Effect> {
    let opened = match reread {
        Reread::Unchanged => return Vec::new(),
        Reread::Failed(reason) => {
            state.review.unreadable = Some(reason);
            return Vec::new();
        }
        Reread::Opened(opened) => opened,
    };
    state.review.unreadable = None;
    state.licence.accepted = opened
        .questions
        .eulas
        .iter()
        .map(|e| state.draft.answers.accept_eula.accepts(&e.sha256))
        .collect();
    state.opened = Some(opened.clone());
    state.draft.answers.accept_eula = licence::acceptance(state);
    let focused = state.properties.form.focused().map(|f| f.key.clone());
    state.properties.form = properties::build(&opened, &state.draft);
    if let Some(key) = focused {
        state.properties.form.focus_first(|f| f.key == key);
    }
    state.evaluate()
}

/// A source opened: every step starts afresh on it, and the session evaluates the answers.
/// Answers and fixes belong to the source they were made on: the first source opened takes
/// the answers the wizard started with (`--answers`, for the PATH given with them), as
/// does opening that source again; any other source starts without answers.
fn on_opened(state: &mut State, opened: Arc<Opened>) -> Vec<Effect> {
    state.source.opening = None;
    state.visited.clear();
    state.visited.insert(StepId::Source);
    state.integrity.cancelling = false;
    state.licence = licence::LicenceState::default();
    state.review = review::ReviewState::default();
    state.evaluation = None;
    state.problems.clear();
    let preset = match &state.preset {
        None => {
            let draft = std::mem::take(&mut state.draft);
            state.preset = Some((opened.path.clone(), draft.clone()));
            draft
        }
        Some((path, draft)) if state.source.same(path, &opened.path) => draft.clone(),
        Some(_) => Draft::default(),
    };
    state.licence.accepted = opened
        .questions
        .eulas
        .iter()
        .map(|e| preset.answers.accept_eula.accepts(&e.sha256))
        .collect();
    state.draft = Draft {
        // An option the package lacks stays: the session's check says so, as onboard does.
        answers: preset.answers,
        values: preset.values,
        cleared: preset.cleared,
    };
    state.unsaved = false;
    state.opened = Some(opened.clone());
    state.draft.answers.accept_eula = licence::acceptance(state);
    option::preselect(state);
    state.properties.form = properties::build(&opened, &state.draft);
    state.parameters.form = parameters::build(&opened.questions.parameters, &state.draft);
    state.write = write::WriteState {
        form: write::build(&opened, &state.draft, state.save_to.as_deref()),
        ..write::WriteState::default()
    };
    // After an integrity check its result stays on screen until Enter; otherwise go on.
    if state.step != StepId::Integrity {
        state.step = StepId::Source;
        state.go_next();
    }
    state.evaluate()
}

fn open_failed(state: &mut State, failure: OpenFailure) -> Vec<Effect> {
    state.source.opening = None;
    state.integrity = integrity::IntegrityState::default();
    state.step = StepId::Source;
    state.source.error = Some(if failure.cancelled {
        "Integrity check cancelled; nothing was opened.".to_owned()
    } else {
        failure.reason
    });
    // A path from the command line that failed leaves the picker (listed on arrival) to
    // choose another.
    state.source.given = None;
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::answers::Answers;
    use crate::tui::action::Action::*;
    use crate::tui::testing::notice_text;
    use crate::tui::testing::{Wizard, opened, press, repo};
    use std::path::PathBuf;

    const OVA: &str = "assets/samples/vfw-edge.ova";

    #[test]
    fn q_quits_at_once_when_nothing_would_be_lost() {
        let mut state = opened(OVA);
        state.keys(&[Quit]);
        assert_eq!(state.exit, Some(Exit::Quit));
    }

    #[test]
    fn q_asks_first_when_answers_would_be_lost() {
        let mut state = opened(OVA);
        state.keys(&[Confirm, Accept, Quit]);
        assert_eq!(state.overlay, Some(Overlay::ConfirmQuit));
        state.keys(&[Back]);
        assert_eq!((state.overlay.clone(), state.exit.clone()), (None, None));
        state.keys(&[Quit, No]);
        assert_eq!(state.exit, None);
        state.keys(&[Quit, Save]);
        assert_eq!(
            state.overlay,
            Some(Overlay::ConfirmQuit),
            "no file to save to"
        );
        state.keys(&[Yes]);
        assert_eq!(state.exit, Some(Exit::Quit));
    }

    #[test]
    fn the_quit_question_saves_the_answers_when_a_file_was_given() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("answers.yaml");
        let mut state = State::new(repo(""), Some(PathBuf::from(OVA)), (100, 30));
        state.save_to = Some(file.clone());
        let mut state = Wizard::start(state);
        state.keys(&[Confirm, Accept, Quit, Save]);
        assert_eq!(state.exit, Some(Exit::Quit));
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(saved.starts_with("accept_eula: ["), "{saved}");
    }

    #[test]
    fn a_second_ctrl_c_quits_without_asking_again() {
        let mut state = opened(OVA);
        state.keys(&[Confirm, Accept, Interrupt]);
        assert_eq!(state.overlay, Some(Overlay::ConfirmQuit));
        state.keys(&[Interrupt]);
        assert_eq!(state.exit, Some(Exit::Interrupted));
    }

    #[test]
    fn a_quit_begun_with_ctrl_c_ends_interrupted_however_it_is_confirmed() {
        let mut state = opened(OVA);
        state.keys(&[Interrupt]);
        assert_eq!(state.exit, Some(Exit::Interrupted), "nothing to lose");
        let mut state = opened(OVA);
        state.keys(&[Confirm, Accept, Interrupt, Yes]);
        assert_eq!(state.exit, Some(Exit::Interrupted));
        // Asked by Ctrl-C, kept, then quit with q: a plain quit.
        let mut state = opened(OVA);
        state.keys(&[Confirm, Accept, Interrupt, No, Quit, Yes]);
        assert_eq!(state.exit, Some(Exit::Quit));
    }

    #[test]
    fn ctrl_c_while_opening_cancels_the_check() {
        let mut state = State::new(repo(""), Some(PathBuf::from(OVA)), (100, 30));
        source::start(&mut state);
        let effects = press(&mut state, &[Interrupt]);
        assert!(matches!(effects[..], [Effect::CancelOpen]));
        assert_eq!(state.exit, Some(Exit::Interrupted));
    }

    #[test]
    fn help_opens_scrolls_and_closes() {
        let mut state = opened(OVA);
        state.keys(&[Help]);
        assert_eq!(state.overlay, Some(Overlay::Help));
        state.keys(&[Down, Accept]);
        assert_eq!(
            state.overlay,
            Some(Overlay::Help),
            "keys do not reach the step"
        );
        assert_eq!(state.help.top, 1);
        state.keys(&[Help]);
        assert_eq!(state.overlay, None);
        state.keys(&[Help, Back]);
        assert_eq!(state.overlay, None);
    }

    #[test]
    fn a_too_small_terminal_only_takes_quit() {
        let mut state = opened(OVA);
        update(&mut state, Event::Resize(60, 20));
        assert!(state.too_small());
        state.keys(&[Confirm, Help]);
        assert_eq!(state.step, StepId::Integrity);
        assert_eq!(state.overlay, None);
        update(&mut state, Event::Resize(120, 40));
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Licence);
    }

    #[test]
    fn answers_given_at_start_are_applied_on_open() {
        let text = "accept_eula: [DD2AA1845A521782648936C9D59A9BAD4950523EFC75BFD95B742B86CF271F91]
deployment_option: small
properties:
  vfw.site.name: berlin-07
";
        let answers = Answers::parse(text.as_bytes(), "a.yaml").unwrap();
        let mut state = State::new(repo(""), Some(PathBuf::from(OVA)), (100, 30));
        state.draft = Draft::from_answers(answers);
        let state = Wizard::start(state);
        assert_eq!(state.licence.accepted, [true]);
        assert!(matches!(
            state.draft.answers.accept_eula,
            EulaAcceptance::Digests(_)
        ));
        assert_eq!(
            state.option.selected, 0,
            "the answered option is preselected"
        );
        let site = state
            .properties
            .form
            .fields
            .iter()
            .find(|f| f.key == "vfw.site.name")
            .unwrap();
        assert_eq!((site.value(), site.edited), ("berlin-07", true));
        assert!(state.problem("property vfw.site.name").is_none());
        assert!(state.problem("property vfw.mgmt.address").is_none());
        assert!(
            state
                .left_open
                .contains(&"property vfw.mgmt.address".to_owned()),
            "no value: left for instantiation"
        );
        assert!(!state.unsaved, "nothing new to lose");
    }

    #[test]
    fn an_unknown_option_given_at_start_is_the_sessions_problem() {
        let text = "accept_eula: true\ndeployment_option: huge\n";
        let answers = Answers::parse(text.as_bytes(), "a.yaml").unwrap();
        let mut state = State::new(repo(""), Some(PathBuf::from(OVA)), (100, 30));
        state.draft = Draft::from_answers(answers);
        let state = Wizard::start(state);
        assert_eq!(
            state.draft.answers.deployment_option.as_deref(),
            Some("huge"),
            "kept, not dropped"
        );
        // The words onboard refuses it with.
        let problem = state.problem("deployment_option").expect("a problem");
        assert_eq!(
            problem.to_string(),
            "deployment_option: `huge` is not one of the package's deployment options [DeploymentOptionSection]; valid: small, medium (default), large"
        );
        assert_eq!(state.verdict(StepId::Option), None, "not visited yet");
    }

    #[test]
    fn a_failed_path_from_the_command_line_leaves_the_picker() {
        let mut state = State::new(repo(""), Some(PathBuf::from("missing.ova")), (100, 30));
        source::start(&mut state);
        let failure = OpenFailure {
            reason: "missing.ova: not found".to_owned(),
            cancelled: false,
        };
        let effects = update(&mut state, Event::Message(Message::Opened(Err(failure))));
        assert!(matches!(&effects[..], [Effect::Scan(_)]));
        assert_eq!(state.step, StepId::Source);
        assert_eq!(
            state.source.error.as_deref(),
            Some("missing.ova: not found")
        );
    }

    #[test]
    fn a_cancelled_check_returns_to_the_picker() {
        let mut state = State::new(repo(""), Some(PathBuf::from(OVA)), (100, 30));
        source::start(&mut state);
        update(
            &mut state,
            Event::Message(Message::Opening(crate::input::source::InputKind::Ova)),
        );
        assert_eq!(state.step, StepId::Integrity);
        let failure = OpenFailure {
            reason: "the integrity check was cancelled".to_owned(),
            cancelled: true,
        };
        update(&mut state, Event::Message(Message::Opened(Err(failure))));
        assert_eq!(state.step, StepId::Source);
        assert!(state.source.error.as_deref().unwrap().contains("cancelled"));
        assert!(state.opened.is_none());
    }

    #[test]
    fn a_click_selects_the_review_row_or_the_step_drawn_there() {
        let mut state = opened("tests/fixtures/wizard/dns-needs-work");
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Review);
        let theme = crate::tui::theme::Theme::default_theme();
        let text = crate::tui::testing::render(&state, &theme);
        let row = text.lines().position(|l| l.contains("R-72483")).unwrap();
        update(&mut state, Event::Click(10, u16::try_from(row).unwrap()));
        assert_eq!(state.selected_violation().unwrap().rule.id, "R-72483");
        // The strip: a click on Parameters goes there.
        let strip = text.lines().nth(1).unwrap();
        let column = strip[..strip.find("Parameters").unwrap()].chars().count();
        update(&mut state, Event::Click(u16::try_from(column).unwrap(), 1));
        assert_eq!(state.step, StepId::Parameters);
    }

    #[test]
    fn a_paste_is_text_even_its_tabs_and_line_breaks() {
        let mut state = opened(OVA);
        state.keys(&[Confirm, Accept, Confirm]);
        assert_eq!(state.step, StepId::Properties);
        let focus = state.properties.form.focus;
        let effects = update(&mut state, Event::Paste("berlin\t07\r\nnorth\n".to_owned()));
        assert_eq!(state.properties.form.focus, focus, "a Tab moved nothing");
        assert_eq!(
            state.step,
            StepId::Properties,
            "a line break confirmed nothing"
        );
        assert_eq!(state.draft.values["vfw.site.name"], "berlin 07 north");
        assert_eq!(
            effects
                .iter()
                .filter(|e| matches!(e, Effect::Evaluate { .. }))
                .count(),
            1,
            "one evaluation for the whole paste"
        );
        state.properties.form.focus = 1;
        update(&mut state, Event::Paste("x".to_owned()));
        assert!(
            state.notice.as_ref().is_some_and(|n| n.problem),
            "a choice takes no text"
        );
        state.properties.form.focus = 0;
        update(&mut state, Event::Paste("y".repeat(MAX_PASTE + 1)));
        assert!(notice_text(&state).contains("nothing was pasted"));
    }
}
