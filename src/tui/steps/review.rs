//! Step 8, Review: the live validation panes. A header counts violations by severity; the
//! list (rule, severity, file:line, message) filters fuzzily with `/`; the detail pane gives
//! the rule's summary and fix and the source lines with the offending one marked. Tabs
//! preview the files to be written. Only visible rows are ever built.
//!
//! Automatic fixes (`src/fix/`) are meant to join here: a marker beside each fixable row in
//! `draw_list`, the fix's diff as a section of `draw_detail`, and their keys in the
//! violations tab's arm of `update`: `f`, `F` and `u` are free in the keymap; Enter goes on
//! to Write today, so it can apply a fix only while that fix's preview is open.

use std::sync::Arc;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::{
    Hint, filter_cursor, filter_line, highlighted, hint, row_marker, severity_marker,
    severity_symbol,
};
use crate::report::{Severity, Violation};
use crate::tui::action::Action;
use crate::tui::checked::{Checked, FileText, Resolution};
use crate::tui::effect::Effect;
use crate::tui::state::State;
use crate::tui::theme::Theme;
use crate::tui::widgets::{Filter, ListWindow, TextScroll, navigate, wrap};

/// Source lines shown before and after the offending one.
const CONTEXT_LINES: usize = 2;
/// Widest rule id column of the list.
const MAX_ID_WIDTH: usize = 28;
/// Widest `file:line` column of the list.
const MAX_PLACE_WIDTH: usize = 36;
/// Most lines of refusals and notes shown above the list.
const MAX_MESSAGE_LINES: u16 = 6;

/// The panes' state.
#[derive(Default)]
pub struct ReviewState {
    /// The latest evaluation's result.
    pub resolution: Option<Arc<Resolution>>,
    /// The latest run asked for.
    pub generation: u64,
    /// A run is in flight whose result is not shown yet.
    pub running: bool,
    /// The `/` filter over rule id, message and file.
    pub filter: Filter,
    /// The selected row of the filtered list.
    pub selected: usize,
    /// The list's scroll window.
    pub window: ListWindow,
    /// The tab shown: 0 is the violations, then one per preview.
    pub tab: usize,
    /// Scroll position of a preview tab.
    pub preview: TextScroll,
}

impl ReviewState {
    /// The latest validation, when there is one.
    pub fn checked(&self) -> Option<&Checked> {
        self.resolution.as_ref().map(|r| &r.checked)
    }

    /// Whether the outputs can be written: the answers resolve and the output set breaks
    /// no MUST.
    pub fn ready(&self) -> bool {
        self.resolution
            .as_ref()
            .is_some_and(|r| r.refusal.is_none() && r.checked.count(Severity::Error) == 0)
    }

    /// Why the outputs cannot be written yet, in one line.
    pub fn blocking(&self) -> Option<String> {
        let resolution = self.resolution.as_ref()?;
        if let Some(refusal) = &resolution.refusal {
            let first = refusal.first().cloned().unwrap_or_default();
            return Some(match refusal.len() {
                0 | 1 => first,
                n => format!("{first} (and {} more)", n - 1),
            });
        }
        match resolution.checked.count(Severity::Error) {
            0 => None,
            n => Some(format!(
                "the output set breaks {n} MUST rule{} (see Review)",
                if n == 1 { "" } else { "s" }
            )),
        }
    }

    fn total(&self) -> usize {
        self.checked().map_or(0, |c| c.violations.len())
    }

    fn shown(&self) -> usize {
        self.filter.len(self.total())
    }

    fn tabs(&self) -> usize {
        1 + self.checked().map_or(0, |c| c.previews.len())
    }

    /// The violation at the selected row.
    pub fn selected_violation(&self) -> Option<&Violation> {
        let checked = self.checked()?;
        let index = self.filter.item(self.selected, checked.violations.len())?;
        checked.violations.get(index)
    }
}

/// An evaluation finished; a stale one is dropped.
pub fn resolved(state: &mut State, generation: u64, resolution: Arc<Resolution>) {
    let review = &mut state.review;
    if generation != review.generation {
        return;
    }
    // Keep the same violation selected when it is still there.
    let keep = review
        .selected_violation()
        .map(|v| (v.rule.id, v.file.clone(), v.span.line, v.message.clone()));
    let checked = &resolution.checked;
    review.running = false;
    review.filter.invalidate();
    review.filter.apply(&checked.haystacks);
    review.selected = keep
        .and_then(|(id, file, line, message)| {
            (0..review.filter.len(checked.violations.len())).find(|&row| {
                review
                    .filter
                    .item(row, checked.violations.len())
                    .and_then(|i| checked.violations.get(i))
                    .is_some_and(|v| {
                        v.rule.id == id
                            && v.file == file
                            && v.span.line == line
                            && v.message == message
                    })
            })
        })
        .unwrap_or(0);
    review.tab = review.tab.min(checked.previews.len());
    review.resolution = Some(resolution);
    super::parameters::questions_changed(state);
}

/// Keys of the review step.
pub fn update(state: &mut State, action: Action) -> Vec<Effect> {
    let review = &mut state.review;
    let haystacks = review.resolution.clone();
    if review.filter.editing {
        match action {
            Action::Confirm => review.filter.keep(),
            Action::Back => {
                review.filter.clear();
                review.selected = 0;
            }
            _ if review.filter.edit(action) => {
                if let Some(resolution) = &haystacks {
                    review.filter.apply(&resolution.checked.haystacks);
                }
                review.selected = 0;
            }
            _ => {
                if let Some(row) = navigate(
                    action,
                    review.selected,
                    review.shown(),
                    review.window.page(),
                ) {
                    review.selected = row;
                }
            }
        }
        return Vec::new();
    }
    match action {
        Action::NextField => {
            review.tab = (review.tab + 1) % review.tabs();
            review.preview.home();
            return Vec::new();
        }
        Action::PreviousField => {
            review.tab = (review.tab + review.tabs() - 1) % review.tabs();
            review.preview.home();
            return Vec::new();
        }
        _ => {}
    }
    if review.tab > 0 {
        if review.preview.apply(action) {
            return Vec::new();
        }
    } else if let Some(row) = navigate(
        action,
        review.selected,
        review.shown(),
        review.window.page(),
    ) {
        review.selected = row;
        return Vec::new();
    }
    match action {
        Action::Filter if review.tab == 0 => review.filter.open(),
        Action::Confirm => state.go_next(),
        Action::Write => return super::write::write_now(state),
        Action::Back => state.go_back(),
        _ => {}
    }
    Vec::new()
}

/// Draws the panes; returns where the cursor goes when the filter has focus.
pub fn view(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Option<(u16, u16)> {
    let review = &state.review;
    let [tabs_area, counts_area, rest] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(1),
    ])
    .areas(area);
    frame.render_widget(tab_line(state, theme), tabs_area);
    let Some(resolution) = &review.resolution else {
        frame.render_widget(Span::styled("Validating…", theme.muted), counts_area);
        return None;
    };
    let checked = &resolution.checked;
    frame.render_widget(count_line(checked, review.running, theme), counts_area);
    if review.tab > 0 {
        if let Some(preview) = checked.previews.get(review.tab - 1) {
            draw_text(&preview.text, &review.preview, theme, frame, rest);
        }
        return None;
    }
    let messages = message_lines(resolution, theme, usize::from(rest.width));
    let shown_messages = u16::try_from(messages.len())
        .unwrap_or(u16::MAX)
        .min(MAX_MESSAGE_LINES);
    let [messages_area, rest] =
        Layout::vertical([Constraint::Length(shown_messages), Constraint::Min(1)]).areas(rest);
    frame.render_widget(Paragraph::new(messages), messages_area);
    let list_height = (rest.height.saturating_sub(1) / 2).max(3);
    let [filter_area, list_area, detail_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(list_height),
        Constraint::Min(1),
    ])
    .areas(rest);
    let total = checked.violations.len();
    frame.render_widget(
        filter_line(
            &review.filter,
            review.shown(),
            total,
            theme,
            filter_area.width,
        ),
        filter_area,
    );
    draw_list(review, checked, theme, frame, list_area);
    draw_detail(review, checked, theme, frame, detail_area);
    review
        .filter
        .editing
        .then(|| filter_cursor(&review.filter, filter_area))
}

fn tab_line(state: &State, theme: &Theme) -> Line<'static> {
    let review = &state.review;
    let mut titles = vec![format!("Violations ({})", review.total())];
    if let Some(checked) = review.checked() {
        titles.extend(
            checked
                .previews
                .iter()
                .map(|p| format!("{} {}", p.title, p.path)),
        );
    }
    let mut spans = Vec::new();
    for (i, title) in titles.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(" │ ", theme.border));
        }
        if i == review.tab {
            spans.push(Span::styled(format!("[{title}]"), theme.focus));
        } else {
            spans.push(Span::styled(format!(" {title} "), theme.muted));
        }
    }
    Line::from(spans)
}

/// Why nothing can be written yet, and the conversion's warnings, one marked line each.
fn message_lines(resolution: &Resolution, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let cut = |text: &str| -> String {
        let limit = width.saturating_sub(4);
        if text.chars().count() > limit {
            let short: String = text.chars().take(limit.saturating_sub(1)).collect();
            format!("{short}…")
        } else {
            text.to_owned()
        }
    };
    if let Some(refusal) = &resolution.refusal {
        lines.push(Line::from(Span::styled(
            format!("Not ready to write ({}):", refusal.len()),
            theme.error,
        )));
        for text in refusal {
            lines.push(Line::from(vec![
                Span::styled("  ✗ ", theme.error),
                Span::styled(cut(text), theme.text),
            ]));
        }
    }
    for note in &resolution.notes {
        lines.push(Line::from(vec![
            Span::styled("  ▲ ", theme.warning),
            Span::styled(cut(note), theme.text),
        ]));
    }
    lines
}

fn count_line(checked: &Checked, running: bool, theme: &Theme) -> Line<'static> {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let mut spans = vec![
        Span::styled(
            format!("✗ {}", plural(checked.count(Severity::Error), "error")),
            theme.error,
        ),
        Span::raw("   "),
        Span::styled(
            format!("▲ {}", plural(checked.count(Severity::Warning), "warning")),
            theme.warning,
        ),
        Span::raw("   "),
        Span::styled(
            format!("· {}", plural(checked.count(Severity::Note), "note")),
            theme.note,
        ),
    ];
    if running {
        spans.push(Span::styled("   validating…", theme.accent));
    } else if checked.violations.is_empty() {
        spans.push(Span::styled("   ✓ no violations", theme.success));
    }
    Line::from(spans)
}

fn draw_list(
    review: &ReviewState,
    checked: &Checked,
    theme: &Theme,
    frame: &mut Frame,
    area: Rect,
) {
    let total = checked.violations.len();
    let range = review
        .window
        .range(review.selected, review.shown(), usize::from(area.height));
    // Columns as wide as the visible rows need, within bounds.
    let visible = || {
        range
            .clone()
            .filter_map(|row| review.filter.item(row, total))
            .map(|i| &checked.violations[i])
    };
    let id_width = visible()
        .map(|v| v.rule.id.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .min(MAX_ID_WIDTH);
    let place_width = visible()
        .map(|v| v.file.chars().count() + v.span.line.to_string().len() + 2)
        .max()
        .unwrap_or(0)
        .min(MAX_PLACE_WIDTH);
    let lines: Vec<Line> = range
        .filter_map(|row| {
            let index = review.filter.item(row, total)?;
            let v = &checked.violations[index];
            let selected = row == review.selected;
            let base = if selected {
                theme.selection
            } else {
                theme.text
            };
            let severity = v.severity();
            let symbol = severity_symbol(severity);
            let place = format!("{}:{}", v.file, v.span.line);
            let mut spans = vec![
                Span::styled(row_marker(selected), base),
                Span::styled(
                    format!("{symbol} "),
                    if selected {
                        base
                    } else {
                        theme.severity(severity)
                    },
                ),
            ];
            // Highlight what the filter matched, field by field of the haystack.
            let positions = review.filter.positions(&checked.haystacks[index]);
            let id_len = v.rule.id.chars().count();
            let message_start = id_len + 1;
            let message_len = v.message.chars().count();
            let file_start = message_start + message_len + 1;
            let part = |start: usize, len: usize| -> Vec<usize> {
                positions
                    .iter()
                    .filter(|&&p| p >= start && p < start + len)
                    .map(|p| p - start)
                    .collect()
            };
            spans.extend(highlighted(
                &pad(v.rule.id, id_width),
                &part(0, id_len),
                base,
                theme.matched,
            ));
            spans.extend(highlighted(
                &pad(&place, place_width),
                &part(file_start, v.file.chars().count()),
                base,
                theme.matched,
            ));
            spans.extend(highlighted(
                &v.message,
                &part(message_start, message_len),
                base,
                theme.matched,
            ));
            Some(Line::from(spans))
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

/// `text` cut or padded to `width` characters, with one space after.
fn pad(text: &str, width: usize) -> String {
    let count = text.chars().count();
    if count >= width {
        let cut: String = text.chars().take(width.saturating_sub(1)).collect();
        format!("{cut}… ")
    } else {
        format!("{text}{} ", " ".repeat(width - count))
    }
}

fn draw_detail(
    review: &ReviewState,
    checked: &Checked,
    theme: &Theme,
    frame: &mut Frame,
    area: Rect,
) {
    let block = Block::default()
        .borders(Borders::TOP)
        .border_style(theme.border);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let Some(v) = review.selected_violation() else {
        let text = if checked.violations.is_empty() {
            "Nothing to fix."
        } else {
            "No violation matches the filter; Esc on the filter clears it."
        };
        frame.render_widget(Span::styled(text, theme.muted), inner);
        return;
    };
    let width = usize::from(inner.width);
    let severity = v.severity();
    let mut lines = vec![Line::from(vec![
        Span::styled(severity_marker(severity), theme.severity(severity)),
        Span::styled(
            format!(" · {} ({})", v.rule.id, v.rule.keyword.as_str()),
            theme.title,
        ),
        Span::styled(
            format!(
                " · {}:{}:{} · {}",
                v.file, v.span.line, v.span.column, v.path
            ),
            theme.muted,
        ),
    ])];
    for text in wrap(&v.message, width) {
        lines.push(Line::from(Span::styled(text, theme.text)));
    }
    let labelled = |label: &str, text: &str, lines: &mut Vec<Line<'static>>| {
        for (i, text) in wrap(text, width.saturating_sub(6)).into_iter().enumerate() {
            let lead = if i == 0 {
                format!("{label:<6}")
            } else {
                " ".repeat(6)
            };
            lines.push(Line::from(vec![
                Span::styled(lead, theme.muted),
                Span::styled(text, theme.text),
            ]));
        }
    };
    labelled("Rule", v.rule.summary, &mut lines);
    labelled("Fix", v.rule.fix, &mut lines);
    if let Some(file) = checked.files.get(&v.file) {
        lines.extend(snippet(file, v, theme));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The lines around a violation with its own marked and a caret under its column.
fn snippet(file: &FileText, v: &Violation, theme: &Theme) -> Vec<Line<'static>> {
    let line = v.span.line as usize;
    if line == 0 {
        return Vec::new();
    }
    let first = line.saturating_sub(CONTEXT_LINES).max(1);
    let number_width = (line + CONTEXT_LINES).to_string().len();
    let mut lines = Vec::new();
    for n in first..=line + CONTEXT_LINES {
        let Some(text) = file.lines.line(&file.text, n) else {
            break;
        };
        let marked = n == line;
        let style = if marked { theme.text } else { theme.muted };
        lines.push(Line::from(vec![
            Span::styled(
                if marked { "▶ " } else { "  " },
                theme.severity(v.severity()),
            ),
            Span::styled(format!("{n:>number_width$} │ "), theme.muted),
            Span::styled(text.replace('\t', "    "), style),
        ]));
        if marked {
            let column = (v.span.column as usize).saturating_sub(1);
            lines.push(Line::from(vec![
                Span::raw(format!("  {} │ ", " ".repeat(number_width))),
                Span::styled(
                    format!("{}^", " ".repeat(column)),
                    theme.severity(v.severity()),
                ),
            ]));
        }
    }
    lines
}

fn draw_text(text: &str, scroll: &TextScroll, theme: &Theme, frame: &mut Frame, area: Rect) {
    let count = text.lines().count();
    let height = usize::from(area.height);
    let top = scroll.window(count, height);
    let number_width = count.max(1).to_string().len();
    let lines: Vec<Line> = text
        .lines()
        .enumerate()
        .skip(top)
        .take(height)
        .map(|(i, l)| {
            Line::from(vec![
                Span::styled(format!("{:>number_width$} │ ", i + 1), theme.muted),
                Span::styled(l.replace('\t', "    "), theme.text),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

/// Keys of the review step.
pub fn hints(state: &State) -> Vec<Hint> {
    let review = &state.review;
    if review.filter.editing {
        return vec![
            hint("type", "filter"),
            hint("↑↓", "move"),
            hint("Enter", "keep filter"),
            hint("Esc", "clear filter"),
        ];
    }
    let mut hints = if review.tab == 0 {
        vec![hint("↑↓ PgUp PgDn", "move"), hint("/", "filter")]
    } else {
        vec![hint("↑↓ PgUp PgDn", "scroll")]
    };
    if review.tabs() > 1 {
        hints.push(hint("Tab", "next tab"));
    }
    hints.push(hint("Enter", "next"));
    hints.push(hint("Ctrl-S", "write"));
    hints.push(hint("Esc", "back"));
    hints
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::action::Action::*;
    use crate::tui::state::StepId;
    use crate::tui::testing::{Wizard, opened};

    fn review() -> Wizard {
        let mut state = opened("tests/fixtures/wizard/dns-needs-work");
        assert_eq!(
            state.step,
            StepId::Parameters,
            "parameters without values first"
        );
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Review);
        state
    }

    #[test]
    fn validation_fills_the_panes() {
        let state = review();
        let checked = state.review.checked().unwrap();
        assert_eq!(checked.count(Severity::Error), 9);
        assert_eq!(checked.count(Severity::Warning), 1);
        assert!(
            checked.files.contains_key("base_dns.yaml"),
            "snippets are indexed"
        );
        assert!(!state.review.running);
    }

    #[test]
    fn moving_selects_violations() {
        let mut state = review();
        state.keys(&[Down, Down]);
        assert_eq!(
            state.review.selected_violation().unwrap().rule.id,
            "R-26124"
        );
        state.keys(&[End]);
        assert_eq!(
            state.review.selected_violation().unwrap().rule.id,
            "R-20453"
        );
        state.keys(&[PageUp, Home]);
        assert_eq!(state.review.selected, 0);
    }

    #[test]
    fn the_filter_matches_id_message_and_file() {
        let mut state = review();
        state.keys(&[Filter]);
        assert!(state.text_focused());
        for c in "misspelt".chars() {
            state.keys(&[Input(c)]);
        }
        assert_eq!(state.review.shown(), 1);
        assert_eq!(
            state.review.selected_violation().unwrap().rule.id,
            "R-92635/misspelt-function"
        );
        state.keys(&[Confirm]);
        assert!(!state.text_focused());
        assert_eq!(state.review.shown(), 1, "Enter keeps the filter");
        state.keys(&[Filter, Back]);
        assert_eq!(state.review.shown(), 10, "Esc clears it");
    }

    #[test]
    fn tabs_switch_between_violations_and_previews() {
        let mut state = review();
        state.keys(&[NextField]);
        assert_eq!(state.review.tab, 1);
        state.keys(&[Down, Down]);
        assert_eq!(state.review.preview.top, 2, "arrows scroll a preview");
        state.keys(&[NextField, NextField]);
        assert_eq!(state.review.tab, 0, "tabs wrap around");
        state.keys(&[PreviousField]);
        assert_eq!(state.review.tab, 2);
    }

    #[test]
    fn a_stale_run_is_ignored_and_the_selection_kept() {
        let mut state = review();
        state.keys(&[Down, Down]);
        let fresh = state.review.resolution.clone().unwrap();
        let generation = state.review.generation;
        resolved(&mut state, generation - 1, Arc::new(Resolution::default()));
        assert_eq!(state.review.checked().unwrap().violations.len(), 10);
        resolved(&mut state, generation, fresh);
        assert_eq!(
            state.review.selected_violation().unwrap().rule.id,
            "R-26124"
        );
    }

    #[test]
    fn a_set_that_breaks_a_must_cannot_be_written() {
        let mut state = review();
        assert!(!state.review.ready());
        assert!(state.review.blocking().unwrap().contains("MUST"));
        state.keys(&[Write]);
        assert_eq!(state.step, StepId::Write);
        assert!(state.notice.as_ref().unwrap().text.contains("Not ready"));
        assert_eq!(state.write.phase, crate::tui::steps::write::Phase::Idle);
    }
}
