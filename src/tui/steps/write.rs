//! Step 9, Write: the output folder (beside the source by default), the package format
//! (those the session cannot make yet are named with the reason), whether to replace a
//! non-empty folder, where to save the answers too; then Enter or Ctrl-S writes, and the
//! paths written and a one-line summary stay on screen.

use std::path::{Path, PathBuf};

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::{Hint, form_hints, hint, lasting};
use crate::answers::PackageFormat;
use crate::tui::action::Action;
use crate::tui::effect::{Draft, Effect, WriteOrder, WriteReport};
use crate::tui::opened::Opened;
use crate::tui::state::{Exit, State};
use crate::tui::theme::Theme;
use crate::tui::widgets::form::{Change, Field, FieldKind, Form};

/// The output folder field.
pub const OUT: &str = "out";
/// The package format field.
pub const PACKAGE: &str = "package";
/// The replace-a-non-empty-folder field.
pub const FORCE: &str = "force";
/// The save-the-answers-too field.
pub const SAVE: &str = "save_answers";

/// Where writing stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    /// Settings being chosen.
    #[default]
    Idle,
    /// The session is writing.
    Writing,
    /// Written.
    Done(WriteReport),
    /// Nothing was written, for this reason.
    Failed(String),
}

/// The settings and where writing stands.
#[derive(Default)]
pub struct WriteState {
    /// Output folder, package, replace, save answers.
    pub form: Form,
    /// Where writing stands.
    pub phase: Phase,
    /// Bytes streamed into the packages so far, while writing.
    pub progress: Option<crate::tui::effect::Progress>,
}

impl WriteState {
    /// What was written, once it was.
    pub fn written(&self) -> Option<&WriteReport> {
        match &self.phase {
            Phase::Done(report) => Some(report),
            _ => None,
        }
    }

    /// Whether a text field of the settings has focus.
    pub fn text_focused(&self) -> bool {
        matches!(self.phase, Phase::Idle | Phase::Failed(_)) && self.form.text_focused()
    }

    fn value(&self, key: &str) -> String {
        self.form
            .fields
            .iter()
            .find(|f| f.key == key)
            .map(|f| f.value().to_owned())
            .unwrap_or_default()
    }
}

/// The default output folder: `<name>-onboarded` beside the source.
pub fn default_out(source: &Path, name: &str) -> PathBuf {
    let parent = source.parent().unwrap_or(Path::new(""));
    parent.join(format!("{name}-onboarded"))
}

/// The settings for an opened source.
pub fn build(opened: &Opened, draft: &Draft, save_to: Option<&Path>) -> Form {
    let mut out = Field::new(
        OUT,
        OUT.to_owned(),
        "Output folder".to_owned(),
        FieldKind::Text,
    )
    .starting(
        Some(
            default_out(&opened.path, &opened.name)
                .display()
                .to_string(),
        ),
        None,
    );
    out.detail = "created; a non-empty one is replaced only when allowed below".to_owned();
    out.help = "templates, environment, answers.yaml and the package go here".to_owned();
    let chosen = draft.answers.package.unwrap_or(PackageFormat::None);
    let formats = [
        PackageFormat::None,
        PackageFormat::Csar,
        PackageFormat::HeatZip,
        PackageFormat::Both,
    ];
    let mut package = Field::new(
        PACKAGE,
        "package".to_owned(),
        "Package".to_owned(),
        FieldKind::Choice(formats.iter().map(|f| f.as_str().to_owned()).collect()),
    )
    .starting(Some(chosen.as_str().to_owned()), None);
    package.detail = "besides the templates".to_owned();
    package.help =
        "csar: ETSI SOL004 (Tacker) · heat-zip: ONAP heat zip (SDC) · both · none".to_owned();
    let mut force = Field::new(
        FORCE,
        FORCE.to_owned(),
        "Replace a non-empty folder".to_owned(),
        FieldKind::Toggle,
    )
    .starting(Some("false".to_owned()), None);
    force.detail = "its whole content is replaced, atomically".to_owned();
    let mut save = Field::new(
        SAVE,
        SAVE.to_owned(),
        "Save the answers to".to_owned(),
        FieldKind::Text,
    )
    .starting(save_to.map(|p| p.display().to_string()), None);
    save.detail = "optional; secrets are left out".to_owned();
    save.help =
        "a file `vnfwiz onboard --answers` replays; empty saves nothing besides answers.yaml"
            .to_owned();
    Form::new(vec![out, package, force, save])
}

/// Starts writing when the review says the outputs are ready.
fn start(state: &mut State) -> Vec<Effect> {
    if !state.review.ready() {
        let why = state
            .review
            .blocking()
            .unwrap_or_else(|| "the answers are still being checked".to_owned());
        state.warn(format!("Not ready to write: {why}"));
        return Vec::new();
    }
    let save = state.write.value(SAVE);
    let order = WriteOrder {
        draft: state.draft.clone(),
        out: PathBuf::from(state.write.value(OUT)),
        force: state.write.value(FORCE) == "true",
        save_to: (!save.trim().is_empty()).then(|| PathBuf::from(save.trim())),
    };
    state.write.phase = Phase::Writing;
    state.write.progress = None;
    vec![Effect::Write(order)]
}

/// From the review: go to this step and write at once.
pub fn write_now(state: &mut State) -> Vec<Effect> {
    state.step = crate::tui::state::StepId::Write;
    start(state)
}

/// Writing ended.
pub fn written(state: &mut State, result: Result<WriteReport, String>) {
    state.write.phase = match result {
        Ok(report) => {
            state.unsaved = false;
            Phase::Done(report)
        }
        Err(reason) => Phase::Failed(reason),
    };
}

/// Keys of the write step.
pub fn update(state: &mut State, action: Action) -> Vec<Effect> {
    match (&state.write.phase, action) {
        (Phase::Writing, _) => Vec::new(),
        (Phase::Done(report), Action::Confirm) => {
            state.exit = Some(Exit::Written(report.summary.clone()));
            Vec::new()
        }
        (Phase::Done(_), _) => Vec::new(),
        (_, Action::Confirm | Action::Write) => start(state),
        (_, Action::Back) => {
            state.go_back();
            Vec::new()
        }
        (_, action) => match state.write.form.update(action) {
            Change::Edited(index) => {
                state.write.phase = Phase::Idle;
                let field = &state.write.form.fields[index];
                if field.key == PACKAGE {
                    state.draft.answers.package = PackageFormat::parse(field.value());
                    return state.changed();
                }
                Vec::new()
            }
            Change::Moved | Change::Ignored => Vec::new(),
        },
    }
}

/// Draws the settings, or what was written.
pub fn view(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Option<(u16, u16)> {
    if let Phase::Done(report) = &state.write.phase {
        draw_report(report, theme, frame, area);
        return None;
    }
    let [form_area, status] =
        Layout::vertical([Constraint::Min(6), Constraint::Length(4)]).areas(area);
    let no_problem = |_: &Field| None::<crate::tui::widgets::form::Mark>;
    let cursor = state.write.form.view(&no_problem, theme, frame, form_area);
    if state.write.phase == Phase::Writing {
        draw_progress(state, theme, frame, status);
        // Nothing takes typing while the session writes.
        return None;
    }
    let lines = match &state.write.phase {
        Phase::Failed(reason) => vec![Line::from(vec![
            Span::styled("✗ Nothing was written: ", theme.error),
            Span::styled(reason.clone(), theme.text),
        ])],
        _ => match state.review.blocking() {
            Some(why) => vec![Line::from(vec![
                Span::styled("✗ Not ready: ", theme.error),
                Span::styled(why, theme.text),
            ])],
            None if state.review.ready() => vec![Line::from(Span::styled(
                "✓ Ready: Enter or Ctrl-S writes.",
                theme.success,
            ))],
            None => vec![Line::from(Span::styled(
                "Checking the answers…",
                theme.muted,
            ))],
        },
    };
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), status);
    cursor
}

/// `Writing…` and, while images stream into a package, a gauge with throughput and time
/// left.
fn draw_progress(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) {
    let [title, gauge, detail] = Layout::vertical([Constraint::Length(1); 3]).areas(area);
    frame.render_widget(Span::styled("Writing…", theme.accent), title);
    if let Some(progress) = &state.write.progress {
        super::integrity::draw_gauge(progress, theme, frame, gauge, detail);
    }
}

fn draw_report(report: &WriteReport, theme: &Theme, frame: &mut Frame, area: Rect) {
    let mut lines = vec![
        Line::from(vec![
            Span::styled("✓ ", theme.success),
            Span::styled(report.summary.clone(), theme.text),
        ]),
        Line::default(),
        Line::from(Span::styled(
            format!("Written to {}", report.directory.display()),
            theme.title,
        )),
    ];
    for file in &report.files {
        let secret = if report.secret_files.contains(file) {
            "  (holds secrets: mode 0600)"
        } else {
            ""
        };
        lines.push(Line::from(vec![
            Span::styled(format!("  {file}"), theme.text),
            Span::styled(secret, theme.muted),
        ]));
    }
    for package in &report.packages {
        lines.push(Line::from(vec![
            Span::styled(format!("  {package}"), theme.text),
            Span::styled("  (package, validated)", theme.muted),
        ]));
    }
    if let Some(saved) = &report.answers_saved {
        lines.push(Line::default());
        lines.push(Line::from(Span::styled(
            format!("Answers saved to {} (secrets left out)", saved.display()),
            theme.text,
        )));
    }
    lines.push(Line::default());
    lines.push(Line::from(Span::styled("Enter finishes.", theme.muted)));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

/// Keys of the write step.
pub fn hints(state: &State) -> Vec<Hint> {
    match state.write.phase {
        Phase::Writing => vec![hint("…", "writing")],
        Phase::Done(_) => vec![lasting("Enter", "finish")],
        _ => {
            let mut hints = form_hints(&state.write.form);
            hints.push(lasting("Enter Ctrl-S", "write"));
            hints.push(lasting("Esc", "back"));
            hints
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::action::Action::*;
    use crate::tui::state::StepId;
    use crate::tui::testing::{Wizard, opened};

    /// The sample answered and at the write step, writing into `out`.
    fn ready(out: &Path) -> Wizard {
        let mut state = opened("assets/samples/vfw-edge.ova");
        state.keys(&[Confirm, Accept, Confirm]);
        for (key, value) in [
            ("vfw.site.name", "berlin-07"),
            ("vfw.mgmt.address", "10.1.0.10"),
            ("vfw.mgmt.gateway", "10.1.0.1"),
            ("vfw.admin.password", "correct-horse-battery"),
        ] {
            let index = state
                .properties
                .form
                .fields
                .iter()
                .position(|f| f.key == key)
                .unwrap();
            state.properties.form.focus = index;
            state.type_text(value);
        }
        state.keys(&[Confirm, Confirm, Confirm]);
        assert_eq!(state.step, StepId::Write);
        state
            .write
            .form
            .field_mut(OUT)
            .unwrap()
            .input
            .set(out.display().to_string());
        state
    }

    #[test]
    fn the_default_folder_is_beside_the_source() {
        assert_eq!(
            default_out(Path::new("assets/samples/vfw-edge.ova"), "vfw-edge"),
            PathBuf::from("assets/samples/vfw-edge-onboarded")
        );
        assert_eq!(
            default_out(Path::new("vfw.ova"), "vfw"),
            PathBuf::from("vfw-onboarded")
        );
    }

    #[test]
    fn enter_writes_the_outputs_and_enter_again_finishes() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("edge");
        let mut state = ready(&out);
        assert!(state.unsaved);
        state.keys(&[Confirm]);
        let report = state.write.written().expect("written").clone();
        assert_eq!(
            report.files,
            ["base_vfw_edge.yaml", "base_vfw_edge.env", "answers.yaml"]
        );
        assert_eq!(report.secret_files, ["base_vfw_edge.env"]);
        assert!(!state.unsaved);
        let answers = std::fs::read_to_string(out.join("answers.yaml")).unwrap();
        assert!(answers.contains("vfw.site.name: berlin-07"), "{answers}");
        assert!(
            !answers.contains("correct-horse"),
            "no secret in answers.yaml"
        );
        state.keys(&[Confirm]);
        assert!(matches!(&state.exit, Some(Exit::Written(s)) if s.contains("3 files")));
    }

    #[test]
    fn a_chosen_package_is_written_and_listed() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("edge");
        let mut state = ready(&out);
        state.keys(&[Down, Right]);
        assert_eq!(state.draft.answers.package, Some(PackageFormat::Csar));
        state.keys(&[Write]);
        let report = state.write.written().expect("written").clone();
        assert_eq!(report.packages, ["vfw-edge.csar"]);
        assert!(out.join("vfw-edge.csar").is_file());
        assert!(report.summary.contains("4 files"), "{}", report.summary);
        assert!(
            state.write.progress.is_some(),
            "the image streamed with progress"
        );
    }

    #[test]
    fn a_non_empty_folder_is_replaced_only_when_allowed() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("edge");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("old.txt"), "old").unwrap();
        let mut state = ready(&out);
        state.keys(&[Write]);
        assert!(matches!(&state.write.phase, Phase::Failed(why) if why.contains("not empty")));
        assert!(out.join("old.txt").exists(), "left as it was");
        state.keys(&[Down, Down, Toggle, Write]);
        assert!(state.write.written().is_some());
        assert!(!out.join("old.txt").exists());
    }

    #[test]
    fn the_answers_can_be_saved_besides() {
        let dir = tempfile::tempdir().unwrap();
        let saved = dir.path().join("site.yaml");
        let mut state = ready(&dir.path().join("edge"));
        state
            .write
            .form
            .field_mut(SAVE)
            .unwrap()
            .input
            .set(saved.display().to_string());
        state.keys(&[Write]);
        let report = state.write.written().expect("written");
        assert_eq!(report.answers_saved.as_deref(), Some(saved.as_path()));
        let text = std::fs::read_to_string(&saved).unwrap();
        assert!(
            text.contains("deployment_option: medium") || text.contains("vfw.site.name"),
            "{text}"
        );
        assert!(!text.contains("correct-horse"));
    }
}
