//! The Review step's `W`: the fixes applied so far written back to the source files. `W`
//! has the session work out which files change (`Session::source_fixes`); a question names
//! them; `y` or Enter writes them (each atomically, a file changed on disk since left
//! alone and named), `n` or Esc leaves them. Whatever errors remain: the Write step's gate
//! is the outputs', not the source's.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use crate::session::SourceFixes;
use crate::tui::action::Action;
use crate::tui::effect::Effect;
use crate::tui::state::State;
use crate::tui::steps::{Hint, lasting};
use crate::tui::theme::Theme;
use crate::tui::widgets::wrap;

/// Where a write-back stands.
#[derive(Default)]
pub struct WriteBackState {
    /// The session is working out which files change.
    pub planning: bool,
    /// The question naming the files, waiting for `y` or `n`.
    pub asking: Option<SourceFixes>,
    /// The files are being written.
    pub writing: bool,
}

impl WriteBackState {
    /// Whether the session is busy with a write-back.
    pub fn busy(&self) -> bool {
        self.planning || self.writing
    }
}

/// `W`: asks the session which source files the applied fixes change.
pub fn ask(state: &mut State) -> Vec<Effect> {
    if state.review.write_back.busy() {
        state.warn("Writing back the fixes is under way; try again in a moment.");
        return Vec::new();
    }
    if state.draft.answers.fixes.is_empty() {
        state.warn("No fix applied yet: apply fixes (f, F), then W writes them to the source.");
        return Vec::new();
    }
    state.review.write_back.planning = true;
    state.tell("Working out which source files the fixes change…");
    vec![Effect::PlanWriteBack(state.draft.clone())]
}

/// The session's answer: the question opens, or why there is nothing to write.
pub fn planned(state: &mut State, plan: Result<SourceFixes, String>) {
    state.review.write_back.planning = false;
    match plan {
        Ok(plan) => {
            state.notice = None;
            state.review.write_back.asking = Some(plan);
        }
        Err(reason) => state.warn(format!("Nothing written back: {reason}")),
    }
}

/// Keys while the question is open.
pub fn update(state: &mut State, action: Action) -> Vec<Effect> {
    let write_back = &mut state.review.write_back;
    match action {
        Action::Yes | Action::Confirm => {
            let Some(plan) = write_back.asking.take() else {
                return Vec::new();
            };
            write_back.writing = true;
            state.tell("Writing the fixes back…");
            vec![Effect::WriteBack(plan)]
        }
        Action::No | Action::Back => {
            write_back.asking = None;
            state.tell("Nothing written back.");
            Vec::new()
        }
        _ => Vec::new(),
    }
}

/// The write ended. When every file was written the source holds the fixes, so their
/// records leave the answers (the source read again shows them); otherwise they stay, and
/// the output keeps them.
pub fn written(state: &mut State, settled: bool) {
    state.review.write_back.writing = false;
    if settled {
        state.draft.answers.fixes.clear();
        state.review.fix_steps.clear();
        state.unsaved = true;
    }
}

/// Says what was written back and left alone.
pub fn tell(state: &mut State, summary: String, settled: bool) {
    if settled {
        state.tell(summary);
    } else {
        state.warn(format!(
            "{summary} The fixes stay applied to the output; W again writes what was left."
        ));
    }
}

/// The question, over the panes.
pub fn view(plan: &SourceFixes, theme: &Theme, frame: &mut Frame, area: Rect) {
    let block = Block::default()
        .borders(Borders::TOP)
        .border_style(theme.focus)
        .title(Span::styled(
            " Write the fixes back to the source files? ",
            theme.title,
        ));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    let mut lines: Vec<Line> = Vec::new();
    let count = plan.changes.len();
    lines.push(Line::from(Span::styled(
        format!(
            "{} fix{} applied so far change{} {count} file{} in {}:",
            plan.outcome.applied.len(),
            if plan.outcome.applied.len() == 1 {
                ""
            } else {
                "es"
            },
            if plan.outcome.applied.len() == 1 {
                "s"
            } else {
                ""
            },
            if count == 1 { "" } else { "s" },
            plan.root.display()
        ),
        theme.text,
    )));
    for file in plan.files() {
        let how = if plan
            .changes
            .iter()
            .any(|c| c.path == file && c.before.is_none())
        {
            "  (new)"
        } else {
            ""
        };
        lines.push(Line::from(vec![
            Span::styled("  ✎ ", theme.accent),
            Span::styled(format!("{file}{how}"), theme.focus),
        ]));
    }
    for note in &plan.outcome.notes {
        for text in wrap(&format!("not written: {note}"), width) {
            lines.push(Line::from(Span::styled(text, theme.muted)));
        }
    }
    lines.push(Line::default());
    for text in wrap(
        "Each file is replaced at once; one changed on disk since vnfwiz read it is left alone. \
         The outputs are still written with Ctrl-S.",
        width,
    ) {
        lines.push(Line::from(Span::styled(text, theme.muted)));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

/// Keys while the question is open.
pub fn hints() -> Vec<Hint> {
    vec![
        lasting(&[Action::Yes, Action::Confirm], "write them"),
        lasting(&[Action::No, Action::Back], "leave them"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::diagnostics::Severity;
    use crate::tui::action::Action::*;
    use crate::tui::state::StepId;
    use crate::tui::testing::notice_text;
    use crate::tui::testing::{fixture_copy, opened, render};

    /// A copy of the vFW-like fixture, which the tests write into.
    fn vfw() -> tempfile::TempDir {
        fixture_copy("tests/fixtures/onap/vfw")
    }

    fn read(dir: &tempfile::TempDir, name: &str) -> String {
        std::fs::read_to_string(dir.path().join(name)).unwrap()
    }

    #[test]
    fn w_names_the_files_and_writes_them_only_when_confirmed() {
        let dir = vfw();
        let original = read(&dir, "base_vfw.env");
        let mut state = opened(dir.path().to_str().unwrap());
        // The environment's values are shown first; Enter goes on to the review.
        assert_eq!(state.step, StepId::Parameters);
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Review);
        state.keys(&[WriteBackFixes]);
        assert!(
            notice_text(&state).contains("No fix applied yet"),
            "nothing to write before a fix"
        );
        state.keys(&[PreviewSafeFixes, Confirm]);
        assert_eq!(state.evaluated().unwrap().count(Severity::Error), 0);
        let screen = render(&state, &Theme::default_theme());
        let footer = screen.lines().rev().nth(1).unwrap();
        assert!(
            footer.contains("f F u W fixes"),
            "the footer shows the key: {footer}"
        );
        state.keys(&[WriteBackFixes]);
        let plan = state
            .review
            .write_back
            .asking
            .clone()
            .expect("the question is open");
        assert_eq!(plan.files(), ["base_vfw.env", "base_vfw.yaml"]);
        let screen = render(&state, &Theme::default_theme());
        assert!(
            screen.contains("Write the fixes back to the source files?"),
            "{screen}"
        );
        assert!(
            screen.contains("✎ base_vfw.env") && screen.contains("✎ base_vfw.yaml"),
            "{screen}"
        );
        assert!(screen.contains("y Enter write them"), "{screen}");
        state.keys(&[No]);
        assert!(state.review.write_back.asking.is_none());
        assert_eq!(read(&dir, "base_vfw.env"), original, "n leaves the files");
        state.keys(&[WriteBackFixes, Yes]);
        let notice = notice_text(&state);
        assert!(
            notice.contains("Wrote the fixes back to base_vfw.env, base_vfw.yaml"),
            "{notice}"
        );
        assert!(!read(&dir, "base_vfw.env").contains("vnf_id:"));
        assert!(read(&dir, "base_vfw.yaml").contains("random_str:"));
        assert_eq!(state.step, StepId::Review, "W does not leave the review");
        // The source now holds the fixes: their records left the answers, and the source
        // read again is clean without them (no record is replayed against it).
        assert!(state.draft.answers.fixes.is_empty());
        let checked = state.evaluated().unwrap();
        assert_eq!(checked.count(Severity::Error), 0);
        let screen = render(&state, &Theme::default_theme());
        assert!(!screen.contains("no longer applies"), "{screen}");
    }

    #[test]
    fn a_file_changed_meanwhile_is_left_alone_and_named() {
        let dir = vfw();
        let mut state = opened(dir.path().to_str().unwrap());
        state.keys(&[Confirm, PreviewSafeFixes, Confirm, WriteBackFixes]);
        let edited = "# edited in another window\n".to_owned() + &read(&dir, "base_vfw.env");
        std::fs::write(dir.path().join("base_vfw.env"), &edited).unwrap();
        state.keys(&[Confirm]);
        let notice = notice_text(&state);
        assert!(
            notice.contains("Wrote the fixes back to base_vfw.yaml"),
            "{notice}"
        );
        assert!(
            notice.contains("left base_vfw.env alone: changed on disk"),
            "{notice}"
        );
        assert_eq!(read(&dir, "base_vfw.env"), edited);
    }
}
