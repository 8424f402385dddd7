//! Step 2, Integrity: the package's files hashed against its manifest and the manifest's
//! signature checked, with a gauge, throughput and time left; Esc cancels. The result
//! (verified, unsigned, each mismatch naming its file) stays on screen.

use std::time::Duration;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Gauge, Paragraph};

use super::{BACK, CONFIRM, Cursor, Hint, MOVE, Step, hint, lasting, severity_marker};
use crate::foundation::diagnostics::Severity;
use crate::input::integrity::IntegrityReport;
use crate::output::report::render::size;
use crate::tui::action::Action;
use crate::tui::effect::{Effect, Progress};
use crate::tui::opened::{Opened, has_integrity};
use crate::tui::state::{State, Verdict};
use crate::tui::theme::Theme;
use crate::tui::widgets::{TextScroll, wrap};

/// The check's progress and the result's scroll position.
#[derive(Default)]
pub struct IntegrityState {
    /// The latest progress of the running check.
    pub progress: Option<Progress>,
    /// Esc was pressed; waiting for the worker to stop.
    pub cancelling: bool,
    /// Scroll position of the findings.
    pub scroll: TextScroll,
}

fn running(state: &State) -> bool {
    state.opened.is_none() && state.source.opening.is_some()
}

/// `m:ss`.
fn clock(duration: Duration) -> String {
    let seconds = duration.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The gauge's label: bytes done, throughput and time left.
pub fn progress_label(progress: &Progress) -> String {
    let seconds = progress.elapsed.as_secs_f64();
    let mut label = format!(
        "{} of {}",
        size::human(progress.done),
        size::human(progress.total)
    );
    if seconds > 0.0 && progress.done > 0 {
        let rate = progress.done as f64 / seconds;
        let left = progress.total.saturating_sub(progress.done) as f64 / rate;
        label.push_str(&format!(
            "  ·  {}/s  ·  {} left",
            size::human(rate as u64),
            clock(Duration::from_secs_f64(left))
        ));
    }
    label
}

fn draw_running(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) {
    let [title, _, gauge, detail, _, help] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let path = state
        .source
        .opening
        .as_ref()
        .map(|o| o.path.display().to_string())
        .unwrap_or_default();
    frame.render_widget(
        Span::styled(
            format!("Verifying {path} against its manifest…"),
            theme.text,
        ),
        title,
    );
    match &state.integrity.progress {
        Some(progress) => draw_gauge(progress, theme, frame, gauge, detail),
        None => frame.render_widget(Span::styled("Reading the package…", theme.muted), gauge),
    }
    let text = if state.integrity.cancelling {
        "Cancelling…"
    } else {
        "Esc cancels the check (nothing is opened then)."
    };
    frame.render_widget(Span::styled(text, theme.muted), help);
}

/// A gauge of bytes done in `gauge` and, in `detail`, the bytes, throughput and time left.
pub fn draw_gauge(
    progress: &Progress,
    theme: &Theme,
    frame: &mut Frame,
    gauge: Rect,
    detail: Rect,
) {
    let ratio = if progress.total == 0 {
        0.0
    } else {
        (progress.done as f64 / progress.total as f64).clamp(0.0, 1.0)
    };
    frame.render_widget(
        Gauge::default()
            .gauge_style(theme.gauge)
            .ratio(ratio)
            .label(format!("{:.0} %", ratio * 100.0)),
        gauge,
    );
    frame.render_widget(Span::styled(progress_label(progress), theme.text), detail);
}

/// How the check stands for the step strip: errors are problems; a package without a
/// manifest, or with warnings, is not verified.
pub fn verdict(report: &IntegrityReport) -> Verdict {
    let worst = report.findings.iter().map(|f| f.severity()).min();
    match worst {
        Some(Severity::Error) => Verdict::Problems,
        Some(Severity::Warning) => Verdict::Warnings,
        _ if report.manifest.is_none() => Verdict::Warnings,
        _ => Verdict::Valid,
    }
}

/// The verdict, the manifest and signature, and every finding.
fn result_lines(report: &IntegrityReport, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let errors = report
        .findings
        .iter()
        .filter(|f| f.severity() == Severity::Error)
        .count();
    let verdict = match (&report.manifest, errors) {
        (Some(manifest), 0) => Line::from(vec![
            Span::styled("✓ Verified: ", theme.success),
            Span::styled(
                format!(
                    "every file {manifest} lists matches its digest ({} hashed).",
                    size::human(report.bytes_hashed)
                ),
                theme.text,
            ),
        ]),
        (None, 0) => Line::from(vec![
            Span::styled("▲ Not verified: ", theme.warning),
            Span::styled("the package has no manifest.", theme.text),
        ]),
        (_, n) => Line::from(vec![
            Span::styled("✗ Integrity problems: ", theme.error),
            Span::styled(
                format!(
                    "{} (below).",
                    crate::tui::widgets::paragraph::count(n, "error")
                ),
                theme.text,
            ),
        ]),
    };
    lines.push(verdict);
    lines.push(Line::default());
    let manifest = match &report.manifest {
        Some(name) => format!(
            "{name}, {} hashed",
            crate::tui::widgets::paragraph::count(report.files_hashed, "file")
        ),
        None => "none".to_owned(),
    };
    lines.push(Line::from(vec![
        Span::styled("Manifest     ", theme.muted),
        Span::styled(manifest, theme.text),
    ]));
    let signature = match (&report.certificate, &report.signature) {
        (None, _) => Line::from(vec![
            Span::styled("Signature    ", theme.muted),
            Span::styled("unsigned (no certificate file)", theme.text),
        ]),
        (Some(file), Some(info)) => {
            let (mark, style) = if info.verified {
                ("✓ verified", theme.success)
            } else {
                ("✗ does not verify", theme.error)
            };
            Line::from(vec![
                Span::styled("Signature    ", theme.muted),
                Span::styled(mark, style),
                Span::styled(
                    format!(
                        " · {file} · {} over {} · signer {} · valid until {}",
                        info.algorithm, info.manifest, info.signer, info.not_after
                    ),
                    theme.text,
                ),
            ])
        }
        (Some(file), None) => Line::from(vec![
            Span::styled("Signature    ", theme.muted),
            Span::styled(format!("{file} cannot be read (below)"), theme.error),
        ]),
    };
    lines.push(signature);
    if report.findings.is_empty() {
        return lines;
    }
    lines.push(Line::default());
    lines.push(Line::from(Span::styled("Findings", theme.title)));
    for finding in &report.findings {
        let severity = finding.severity();
        let head = format!("{} {} ", severity_marker(severity), finding.rule().id);
        let indent = head.chars().count();
        let body = wrap(&finding.to_string(), width.saturating_sub(indent).max(20));
        for (i, text) in body.into_iter().enumerate() {
            let lead = if i == 0 {
                Span::styled(head.clone(), theme.severity(severity))
            } else {
                Span::raw(" ".repeat(indent))
            };
            lines.push(Line::from(vec![lead, Span::styled(text, theme.text)]));
        }
    }
    lines
}

/// The integrity check.
pub struct IntegrityStep;

impl Step for IntegrityStep {
    fn before_open(&self, state: &State) -> bool {
        let opening = state.source.opening.as_ref().and_then(|o| o.kind);
        opening.is_some_and(has_integrity)
    }

    fn skipped(&self, _: &State, opened: &Opened) -> Option<&'static str> {
        opened
            .integrity
            .is_none()
            .then_some("HOT templates carry no manifest to verify")
    }

    fn done(&self, _: &State) -> bool {
        true
    }

    fn verdict(&self, state: &State) -> Option<Verdict> {
        let report = state.opened.as_ref()?.integrity.as_ref()?;
        Some(verdict(report))
    }

    /// Keys of the integrity step.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect> {
        if running(state) {
            if action == Action::Back && !state.integrity.cancelling {
                state.integrity.cancelling = true;
                return vec![Effect::CancelOpen];
            }
            if action == Action::Confirm {
                state.tell("The check is still running; Esc cancels it.");
            }
            return Vec::new();
        }
        if state.integrity.scroll.apply(action) {
            return Vec::new();
        }
        match action {
            Action::Confirm => state.go_next(),
            Action::Back => state.go_back(),
            _ => {}
        }
        Vec::new()
    }

    /// Draws the step.
    fn view(&self, state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Cursor {
        if running(state) {
            draw_running(state, theme, frame, area);
            return None;
        }
        let report = state.opened.as_ref()?.integrity.as_ref()?;
        let width = usize::from(area.width);
        let lines = result_lines(report, theme, width);
        let top = state
            .integrity
            .scroll
            .window(lines.len(), usize::from(area.height));
        frame.render_widget(
            Paragraph::new(lines).scroll((u16::try_from(top).unwrap_or(u16::MAX), 0)),
            area,
        );
        None
    }

    /// Keys of the integrity step.
    fn hints(&self, state: &State) -> Vec<Hint> {
        if running(state) {
            vec![lasting(BACK, "cancel")]
        } else {
            vec![
                lasting(CONFIRM, "next"),
                lasting(BACK, "back"),
                hint(MOVE, "scroll"),
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::steps::source;
    use std::path::PathBuf;

    #[test]
    fn labels_give_bytes_speed_and_time_left() {
        let progress = Progress {
            done: 512 << 20,
            total: 1 << 30,
            elapsed: Duration::from_secs(2),
        };
        assert_eq!(
            progress_label(&progress),
            "512.0 MiB of 1.0 GiB  ·  256.0 MiB/s  ·  0:02 left"
        );
        let start = Progress {
            done: 0,
            total: 10,
            elapsed: Duration::ZERO,
        };
        assert_eq!(progress_label(&start), "0 B of 10 B");
    }

    #[test]
    fn escape_cancels_a_running_check_once() {
        let mut state = State::new(PathBuf::from("."), Some(PathBuf::from("fw.ova")), (100, 30));
        source::start(&mut state);
        state.step = crate::tui::state::StepId::Integrity;
        let effects = IntegrityStep.update(&mut state, Action::Back);
        assert!(matches!(effects[..], [Effect::CancelOpen]));
        assert!(IntegrityStep.update(&mut state, Action::Back).is_empty());
        IntegrityStep.update(&mut state, Action::Confirm);
        assert!(state.notice.is_some(), "Enter explains how to leave");
    }

    #[test]
    fn the_result_stays_until_enter_and_esc_goes_back_to_the_source() {
        use crate::tui::action::Action::*;
        use crate::tui::state::StepId;
        let mut state = crate::tui::testing::opened("assets/samples/vfw-edge.ova");
        assert_eq!(state.step, StepId::Integrity);
        assert!(state.opened.as_ref().unwrap().integrity.is_some());
        state.keys(&[Down, Up, PageDown, Home]);
        assert_eq!(state.step, StepId::Integrity, "arrows scroll the findings");
        state.keys(&[Back]);
        assert_eq!(state.step, StepId::Source);
        state.step = StepId::Integrity;
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Licence);
    }
}
