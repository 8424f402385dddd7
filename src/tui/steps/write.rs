//! Step 9, Write: the output folder (beside the source by default, looked at as it is
//! chosen: a folder holding files is replaced only when the checkbox allows it), the
//! package format, whether to replace a non-empty folder, where to save the answers too;
//! then Enter or Ctrl-S writes, and the paths written and a one-line summary stay on
//! screen. Answers that fail to save after the outputs are written are said so, and saved
//! again from here without writing anything else.

use std::path::{Path, PathBuf};

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{BACK, CONFIRM, Cursor, Hint, Step, TYPE, form_hints, hint, lasting};
use crate::session::{Target, write_gate};
use crate::transform::package::PackageFormat;
use crate::tui::action::Action;
use crate::tui::effect::{Draft, Effect, OutFolder, WriteOrder, WriteReport};
use crate::tui::keymap::keys_of;
use crate::tui::opened::Opened;
use crate::tui::state::{Exit, State, StepId, Verdict};
use crate::tui::theme::Theme;
use crate::tui::widgets::form::{Change, Field, FieldKind, Form};
use crate::tui::widgets::paragraph::count;
use crate::tui::widgets::wrap;

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
    /// The outputs are written, the answers file asked for is not: the operator may give
    /// another file and save again.
    SaveFailed(WriteReport),
    /// The answers are being saved again after `SaveFailed`.
    Saving(WriteReport),
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
    /// The output folder as last looked at.
    pub probed: Option<(PathBuf, OutFolder)>,
    /// The folder being looked at.
    pub probing: Option<PathBuf>,
}

impl WriteState {
    /// What was written, once it was (the answers file may still wait to be saved).
    pub fn written(&self) -> Option<&WriteReport> {
        match &self.phase {
            Phase::Done(report) | Phase::SaveFailed(report) | Phase::Saving(report) => Some(report),
            _ => None,
        }
    }

    /// Whether a text field of the settings has focus.
    pub fn text_focused(&self) -> bool {
        match self.phase {
            Phase::Idle | Phase::Failed(_) => self.form.text_focused(),
            Phase::SaveFailed(_) => true,
            _ => false,
        }
    }

    /// How the step stands for the step strip.
    pub fn verdict(&self) -> Verdict {
        match &self.phase {
            Phase::Failed(_) => Verdict::Problems,
            Phase::SaveFailed(_) | Phase::Saving(_) => Verdict::Warnings,
            Phase::Done(report) if report.answers_failed.is_some() => Verdict::Warnings,
            _ => Verdict::Valid,
        }
    }

    /// The output folder as typed.
    pub fn out(&self) -> PathBuf {
        PathBuf::from(self.value(OUT).trim())
    }

    /// What the output folder holds, when it was looked at as it is typed now.
    fn folder(&self) -> Option<&OutFolder> {
        let (path, folder) = self.probed.as_ref()?;
        (*path == self.out()).then_some(folder)
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
    out.help =
        "its heat/ gets the heat package (the HOT set); answers.yaml and the packages sit beside it"
            .to_owned();
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
        "a file `vnfwiz onboard --answers` replays; empty saves nothing but the output's answers.yaml"
            .to_owned();
    Form::new(vec![out, package, force, save])
}

/// Why writing cannot start now, as the screen says it; none when it can.
fn not_ready(state: &State) -> Option<String> {
    if let Some(why) = state.blocking() {
        return Some(format!("Not ready: {why}"));
    }
    if !state.ready() {
        return Some("The answers are still being checked.".to_owned());
    }
    let write = &state.write;
    let out = write.out();
    if out.as_os_str().is_empty() {
        return Some("Give the output folder first.".to_owned());
    }
    let package = PackageFormat::parse(&write.value(PACKAGE)).unwrap_or(PackageFormat::None);
    let missing = state
        .opened
        .as_ref()
        .map_or(&[][..], |o| o.missing_images.as_slice());
    if matches!(package, PackageFormat::Csar | PackageFormat::Both) && !missing.is_empty() {
        return Some(format!(
            "A CSAR carries the disk images, and the package lacks {}: put them beside the descriptor, or choose the heat-zip package (or none).",
            missing.join(", ")
        ));
    }
    let force = write.value(FORCE) == "true";
    match write.folder() {
        Some(OutFolder::Unusable(reason)) => Some(format!("{}: {reason}", out.display())),
        Some(OutFolder::Kept(n, reason)) if force => Some(format!(
            "{} holds {} and cannot be replaced: {reason}",
            out.display(),
            entries(*n)
        )),
        Some(OutFolder::Holds(n) | OutFolder::Kept(n, _)) => {
            write_gate(&out, Target::Holds(*n), force).err().map(|_| format!(
                "{} holds {}: tick “Replace a non-empty folder” to replace them, or choose another folder.",
                out.display(),
                entries(*n)
            ))
        }
        _ => None,
    }
}

/// `1 entry`, `3 entries` (counted up to the session's bound).
fn entries(n: usize) -> String {
    let bound = crate::session::MAX_COUNTED;
    match n {
        1 => "1 entry".to_owned(),
        n if n >= bound => format!("{bound} entries or more"),
        n => format!("{n} entries"),
    }
}

/// Starts writing when nothing on screen stands in the way.
fn start(state: &mut State) -> Vec<Effect> {
    if let Some(why) = not_ready(state) {
        state.warn(why);
        return Vec::new();
    }
    let save = state.write.value(SAVE);
    let order = WriteOrder {
        draft: state.draft.clone(),
        out: state.write.out(),
        force: state.write.value(FORCE) == "true",
        save_to: (!save.trim().is_empty()).then(|| PathBuf::from(save.trim())),
    };
    state.write.phase = Phase::Writing;
    state.write.progress = None;
    vec![Effect::Write(order)]
}

/// From the review: go to this step and write at once.
pub fn write_now(state: &mut State) -> Vec<Effect> {
    state.step = StepId::Write;
    start(state)
}

/// Writing ended: written (perhaps without the answers file), or nothing written.
pub fn written(state: &mut State, result: Result<WriteReport, String>) {
    state.write.probed = None;
    state.write.phase = match result {
        Ok(report) if report.answers_failed.is_some() => {
            state.unsaved = false;
            if let Some(index) = state.write.form.fields.iter().position(|f| f.key == SAVE) {
                state.write.form.focus = index;
            }
            Phase::SaveFailed(report)
        }
        Ok(report) => {
            state.unsaved = false;
            Phase::Done(report)
        }
        Err(reason) => Phase::Failed(reason),
    };
}

/// The answers were saved again (or not) after the outputs were written; false when no
/// such save was under way.
pub fn saved(state: &mut State, result: &Result<PathBuf, String>) -> bool {
    let Phase::Saving(report) = &state.write.phase else {
        return false;
    };
    let mut report = report.clone();
    state.write.phase = match result {
        Ok(path) => {
            report.answers_saved = Some(path.clone());
            report.answers_failed = None;
            Phase::Done(report)
        }
        Err(reason) => {
            let path = PathBuf::from(state.write.value(SAVE).trim());
            report.answers_failed = Some((path, reason.clone()));
            Phase::SaveFailed(report)
        }
    };
    true
}

/// The output folder was looked at.
pub fn probed(state: &mut State, path: &Path, folder: OutFolder) {
    if state.write.probing.as_deref() == Some(path) {
        state.write.probing = None;
    }
    state.write.probed = Some((path.to_path_buf(), folder));
}

/// Looks at the output folder when the step shows settings for a folder not looked at
/// yet (on arrival, and as it is typed).
pub fn probe_needed(state: &mut State) -> Vec<Effect> {
    let write = &mut state.write;
    if state.step != StepId::Write || !matches!(write.phase, Phase::Idle | Phase::Failed(_)) {
        return Vec::new();
    }
    let out = write.out();
    let known = write.probed.as_ref().is_some_and(|(p, _)| *p == out);
    if out.as_os_str().is_empty() || known || write.probing.as_ref() == Some(&out) {
        return Vec::new();
    }
    write.probing = Some(out.clone());
    let input = state
        .opened
        .as_ref()
        .map(|o| o.path.clone())
        .unwrap_or_default();
    vec![Effect::Probe { out, input }]
}

/// Keys while the answers file waits to be saved again: only its field takes keys.
fn save_failed_update(state: &mut State, report: WriteReport, action: Action) -> Vec<Effect> {
    match action {
        Action::Confirm | Action::Write => {
            let save = state.write.value(SAVE);
            if save.trim().is_empty() {
                state.warn("Give the file to save the answers to; Esc leaves them unsaved.");
                return Vec::new();
            }
            state.write.phase = Phase::Saving(report);
            vec![Effect::SaveAnswers {
                draft: state.draft.clone(),
                path: PathBuf::from(save.trim()),
            }]
        }
        Action::Back => {
            state.write.phase = Phase::Done(report);
            Vec::new()
        }
        action => {
            let form = &mut state.write.form;
            let focus = form.focus;
            form.update(action);
            form.focus = focus;
            Vec::new()
        }
    }
}

/// The first key of an action, as the keymap names it.
fn first_key(action: Action) -> String {
    keys_of(action).into_iter().next().unwrap_or_default()
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
    // A narrow terminal wraps the summary and the folder rather than cutting them.
    let width = usize::from(area.width);
    let mut lines = Vec::new();
    for (i, part) in wrap(&report.summary, width.saturating_sub(2))
        .into_iter()
        .enumerate()
    {
        lines.push(Line::from(vec![
            Span::styled(if i == 0 { "✓ " } else { "  " }, theme.success),
            Span::styled(part, theme.text),
        ]));
    }
    lines.push(Line::default());
    let folder = format!("Written to {}", report.directory.display());
    lines.extend(
        wrap(&folder, width)
            .into_iter()
            .map(|l| Line::from(Span::styled(l, theme.title))),
    );
    lines.extend(
        wrap(
            "  heat/ is the heat package (what SDC and VVP take); the rest sits beside it",
            width,
        )
        .into_iter()
        .map(|l| Line::from(Span::styled(l, theme.muted))),
    );
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
        let text = format!("Answers saved to {} (secrets left out)", saved.display());
        lines.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::from(Span::styled(l, theme.text))),
        );
    }
    if let Some((path, reason)) = &report.answers_failed {
        lines.push(Line::default());
        let text = format!(
            "✗ The answers were not saved to {}: {reason}",
            path.display()
        );
        lines.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::from(Span::styled(l, theme.error))),
        );
    }
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        format!("{} finishes.", first_key(Action::Confirm)),
        theme.muted,
    )));
    frame.render_widget(Paragraph::new(lines), area);
}

/// The output settings and the writing.
pub struct WriteStep;

impl Step for WriteStep {
    fn done(&self, state: &State) -> bool {
        state.write.written().is_some()
    }

    /// ✓ only when writing can go ahead or is done: a refused write, or a folder, package
    /// or answer that stops it, is a problem.
    fn verdict(&self, state: &State) -> Option<Verdict> {
        let verdict = state.write.verdict();
        let stopped = matches!(state.write.phase, Phase::Idle) && not_ready(state).is_some();
        Some(if stopped { Verdict::Problems } else { verdict })
    }

    /// Keys of the write step.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect> {
        match (&state.write.phase, action) {
            (Phase::Writing | Phase::Saving(_), _) => Vec::new(),
            (Phase::SaveFailed(report), action) => {
                save_failed_update(state, report.clone(), action)
            }
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
    fn view(&self, state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Cursor {
        if let Phase::Done(report) = &state.write.phase {
            draw_report(report, theme, frame, area);
            return None;
        }
        let [form_area, status] =
            Layout::vertical([Constraint::Min(6), Constraint::Length(5)]).areas(area);
        let no_problem = |_: &Field| None::<crate::tui::widgets::form::Mark>;
        let cursor = state.write.form.view(&no_problem, theme, frame, form_area);
        if state.write.phase == Phase::Writing {
            draw_progress(state, theme, frame, status);
            // Nothing takes typing while the session writes.
            return None;
        }
        let width = usize::from(status.width);
        let mut lines = Vec::new();
        let mut say = |mark: &'static str, style, text: &str| {
            for (i, part) in wrap(text, width.saturating_sub(2)).into_iter().enumerate() {
                lines.push(Line::from(vec![
                    Span::styled(if i == 0 { mark } else { "  " }, style),
                    Span::styled(part, theme.text),
                ]));
            }
        };
        let keys = format!(
            "{} or {}",
            first_key(Action::Confirm),
            first_key(Action::Write)
        );
        match &state.write.phase {
            Phase::Failed(reason) => {
                say("✗ ", theme.error, &format!("Nothing was written: {reason}"))
            }
            Phase::SaveFailed(report) | Phase::Saving(report) => {
                say(
                    "✓ ",
                    theme.success,
                    &format!(
                        "Written to {}: {}.",
                        report.directory.display(),
                        count(report.files.len() + report.packages.len(), "file")
                    ),
                );
                if let Some((path, reason)) = &report.answers_failed {
                    say(
                        "✗ ",
                        theme.error,
                        &format!(
                            "The answers were not saved to {}: {reason}. {keys} saves them to the file above (change it first); {} leaves them unsaved.",
                            path.display(),
                            first_key(Action::Back)
                        ),
                    );
                }
            }
            _ => match not_ready(state) {
                Some(why) if state.blocking().is_some() => say("✗ ", theme.error, &why),
                Some(why) if state.ready() => say("▲ ", theme.warning, &why),
                Some(why) => say("  ", theme.muted, &why),
                None => {
                    let out = state.write.out();
                    let what = match state.write.folder() {
                        Some(OutFolder::Holds(n) | OutFolder::Kept(n, _)) => {
                            format!("{keys} replaces the {} of {}.", entries(*n), out.display())
                        }
                        Some(_) => format!("{keys} writes into {}.", out.display()),
                        None => format!("{keys} writes into {} (looking at it…).", out.display()),
                    };
                    say("✓ ", theme.success, &format!("Ready: {what}"));
                }
            },
        }
        frame.render_widget(Paragraph::new(lines), status);
        cursor
    }

    /// Keys of the write step.
    fn hints(&self, state: &State) -> Vec<Hint> {
        match state.write.phase {
            Phase::Writing => vec![hint(&[], "writing…")],
            Phase::Saving(_) => vec![hint(&[], "saving the answers…")],
            Phase::Done(_) => vec![lasting(CONFIRM, "finish")],
            Phase::SaveFailed(_) => vec![
                hint(TYPE, "file name"),
                lasting(&[Action::Confirm, Action::Write], "save the answers"),
                lasting(BACK, "leave them unsaved"),
            ],
            _ => {
                let mut hints = form_hints(&state.write.form);
                hints.push(lasting(&[Action::Confirm, Action::Write], "write"));
                hints.push(lasting(BACK, "back"));
                hints
            }
        }
    }

    fn text_focused(&self, state: &State) -> bool {
        state.write.text_focused()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::action::Action::*;
    use crate::tui::state::StepId;
    use crate::tui::testing::notice_text;
    use crate::tui::testing::{Wizard, opened};

    /// The sample answered and at the write step, writing into `out`.
    /// Writes `path` into the write form's field `field`.
    fn set_path(state: &mut Wizard, field: &str, path: &Path) {
        let input = &mut state.write.form.field_mut(field).unwrap().input;
        input.set(path.display().to_string());
    }

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
        set_path(&mut state, OUT, out);
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
            [
                "heat/base_vfw_edge.yaml",
                "heat/base_vfw_edge.env",
                "answers.yaml"
            ]
        );
        assert_eq!(report.secret_files, ["heat/base_vfw_edge.env"]);
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
        state.keys(&[Home]);
        assert_eq!(state.write.folder(), Some(&OutFolder::Holds(1)));
        assert!(not_ready(&state).unwrap().contains("holds 1 entry"));
        state.keys(&[Write]);
        assert_eq!(state.write.phase, Phase::Idle, "nothing tried");
        let notice = notice_text(&state);
        assert!(
            notice.contains("tick “Replace a non-empty folder”") && !notice.contains("--force"),
            "{notice}"
        );
        assert!(out.join("old.txt").exists(), "left as it was");
        state.keys(&[Down, Down, Toggle]);
        assert!(not_ready(&state).is_none(), "replacing is allowed now");
        state.keys(&[Write]);
        assert!(state.write.written().is_some());
        assert!(!out.join("old.txt").exists());
    }

    #[test]
    fn an_answers_file_that_is_a_folder_stops_the_write_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("edge");
        let mut state = ready(&out);
        set_path(&mut state, SAVE, dir.path());
        state.keys(&[Write]);
        let Phase::Failed(reason) = &state.write.phase else {
            panic!("{:?}", state.write.phase);
        };
        assert!(reason.contains("is a folder"), "{reason}");
        assert!(!out.exists(), "nothing was written, as the screen says");
        let file = dir.path().join("site.yaml");
        set_path(&mut state, SAVE, &file);
        state.keys(&[Write]);
        assert!(
            matches!(state.write.phase, Phase::Done(_)),
            "the retry succeeds"
        );
        assert!(out.join("heat/base_vfw_edge.yaml").is_file() && file.is_file());
    }

    #[test]
    fn answers_that_fail_to_save_after_the_outputs_are_said_so_and_saved_again() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("edge");
        let mut state = ready(&out);
        let missing = dir.path().join("no/such/folder/site.yaml");
        set_path(&mut state, SAVE, &missing);
        state.keys(&[Write]);
        let Phase::SaveFailed(report) = state.write.phase.clone() else {
            panic!("{:?}", state.write.phase);
        };
        assert!(
            out.join("heat/base_vfw_edge.yaml").is_file(),
            "the outputs are written"
        );
        let (path, reason) = report.answers_failed.clone().unwrap();
        assert_eq!(path, missing);
        assert!(reason.contains("No such file"), "{reason}");
        assert!(state.text_focused(), "the file name can be changed");
        assert_eq!(state.write.form.focused().unwrap().key, SAVE);
        state.keys(&[DeleteToStart]);
        let file = dir.path().join("site.yaml");
        state.type_text(&file.display().to_string());
        state.keys(&[Confirm]);
        let Phase::Done(report) = &state.write.phase else {
            panic!("{:?}", state.write.phase);
        };
        assert_eq!(report.answers_saved.as_deref(), Some(file.as_path()));
        assert!(report.answers_failed.is_none());
        assert!(
            std::fs::read_to_string(&file)
                .unwrap()
                .contains("vfw.site.name")
        );
    }

    #[test]
    fn the_answers_can_be_saved_besides() {
        let dir = tempfile::tempdir().unwrap();
        let saved = dir.path().join("site.yaml");
        let mut state = ready(&dir.path().join("edge"));
        set_path(&mut state, SAVE, &saved);
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
