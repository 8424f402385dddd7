//! Step 8, Review: the live validation panes. A header counts violations by severity; the
//! list (rule, severity, file:line, message) filters fuzzily with `/`; the detail pane gives
//! the rule's summary and fix and the source lines with the offending one marked. Tabs
//! preview the files to be written. Only visible rows are ever built.
//!
//! Automatic fixes (`src/fix/`): a text marker beside each fixable row (`✎`, `✎?` when the
//! fix needs the operator's text), the fix's title in the detail pane; `f` opens the
//! selected fix's diff over the panes (first asking for the text a `✎?` fix writes) and `F`
//! one diff of every `safe` fix; Enter applies what the open preview shows, Esc closes it,
//! `u` undoes the last applied step. The session plans a typed fix and the safe fixes on
//! request, so an evaluation never waits for them. Applying only adds records to
//! `answers.fixes` and evaluates again: the session replays them when it resolves, as
//! `onboard --answers` does.

use std::sync::Arc;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::review_write_back::{self, WriteBackState};
use super::{
    Hint, filter_cursor, filter_line, highlighted, hint, lasting, row_marker, severity_marker,
    severity_symbol,
};
use crate::answers::FixRecord;
use crate::fix::{LineKind, record_of};
use crate::report::{Severity, Violation};
use crate::tui::action::Action;
use crate::tui::checked::{Checked, FileText, FixView, PlannedFix, Resolution};
use crate::tui::effect::{Effect, FixOrder};
use crate::tui::state::{State, StepId};
use crate::tui::theme::Theme;
use crate::tui::widgets::{Filter, ListWindow, TextField, TextScroll, navigate, wrap};

/// Source lines shown before and after the offending one.
const CONTEXT_LINES: usize = 2;
/// Widest rule id column of the list.
const MAX_ID_WIDTH: usize = 28;
/// Widest `file:line` column of the list.
const MAX_PLACE_WIDTH: usize = 36;
/// Most lines of refusals and notes shown above the list.
const MAX_MESSAGE_LINES: u16 = 6;
/// Longest text a fix takes (a description is one line for SDC's designers).
const MAX_TYPED_CHARS: usize = 300;

/// A fix waiting for the operator's text (`f` on a `✎?` row).
pub struct TypedFix {
    /// The violation it answers, as the answers file records it (the text goes in too).
    pub record: FixRecord,
    /// What the fix does.
    pub title: String,
    /// What to ask.
    pub prompt: String,
    /// The text so far.
    pub field: TextField,
}

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
    /// The fix preview open over the panes (`f` or `F`): Enter applies it.
    pub fix: Option<PlannedFix>,
    /// Scroll position of the fix preview.
    pub fix_scroll: TextScroll,
    /// How many records each applied fix step added to `answers.fixes`, for `u`.
    pub fix_steps: Vec<usize>,
    /// The text a fix asks for, being typed: Enter has the session plan the fix.
    pub typing: Option<TypedFix>,
    /// A fix plan asked of the session and not back yet.
    pub planning: bool,
    /// Writing the applied fixes back to the source files (`W`).
    pub write_back: WriteBackState,
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

    /// The index of the violation at the selected row.
    fn selected_index(&self) -> Option<usize> {
        let checked = self.checked()?;
        self.filter.item(self.selected, checked.violations.len())
    }

    /// The violation at the selected row.
    pub fn selected_violation(&self) -> Option<&Violation> {
        self.checked()?.violations.get(self.selected_index()?)
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
    // The problems of this evaluation came first; the resolved set adds its own.
    state
        .problems
        .extend(resolution.answer_problems.iter().cloned());
    let review = &mut state.review;
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
    if review.typing.is_some() {
        return typing_update(state, action);
    }
    if review.fix.is_some() {
        return fix_preview_update(state, action);
    }
    if review.write_back.asking.is_some() {
        return review_write_back::update(state, action);
    }
    match action {
        Action::WriteBackFixes => return review_write_back::ask(state),
        Action::PreviewFix if review.tab == 0 => return preview_selected_fix(state),
        Action::PreviewSafeFixes => return preview_safe_fixes(state),
        Action::UndoFix => return undo_fix(state),
        _ => {}
    }
    let review = &mut state.review;
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

/// Keys while a fix preview is open: Enter applies it, Esc closes it, arrows scroll.
fn fix_preview_update(state: &mut State, action: Action) -> Vec<Effect> {
    let review = &mut state.review;
    match action {
        Action::Confirm => {
            let Some(plan) = review.fix.take() else {
                return Vec::new();
            };
            review.fix_steps.push(plan.records.len());
            state.draft.answers.fixes.extend(plan.records);
            state.tell(format!("Applied: {} (u undoes it).", plan.title));
            state.changed()
        }
        Action::Back => {
            review.fix = None;
            Vec::new()
        }
        _ => {
            review.fix_scroll.apply(action);
            Vec::new()
        }
    }
}

/// Keys while a fix's text is typed: Enter asks for the fix's preview, Esc drops it.
fn typing_update(state: &mut State, action: Action) -> Vec<Effect> {
    let review = &mut state.review;
    let Some(typing) = &mut review.typing else {
        return Vec::new();
    };
    match action {
        Action::Confirm => {
            let text = typing.field.text().trim();
            if text.is_empty() {
                state.warn("Type the text first; Esc cancels.");
                return Vec::new();
            }
            let mut record = typing.record.clone();
            record.text = Some(text.to_owned());
            review.typing = None;
            plan_fix(state, FixOrder::Typed(record))
        }
        Action::Back => {
            review.typing = None;
            Vec::new()
        }
        Action::Input(_) if typing.field.text().chars().count() >= MAX_TYPED_CHARS => {
            state.warn(format!("At most {MAX_TYPED_CHARS} characters."));
            Vec::new()
        }
        _ => {
            typing.field.apply(action);
            Vec::new()
        }
    }
}

/// Whether a key that plans or applies fixes must wait: a validation or a plan is under way.
fn busy(state: &mut State) -> bool {
    let review = &state.review;
    let doing = if review.running {
        "Validating the last change"
    } else if review.planning {
        "Planning the fix"
    } else {
        return false;
    };
    state.warn(format!("{doing}; try again in a moment."));
    true
}

/// Opens the selected violation's fix, asks for its text first, or says why there is none.
fn preview_selected_fix(state: &mut State) -> Vec<Effect> {
    if busy(state) {
        return Vec::new();
    }
    let review = &state.review;
    let Some(index) = review.selected_index() else {
        return Vec::new();
    };
    let fix = review.checked().and_then(|c| c.fix(index)).cloned();
    match fix {
        Some(FixView::Ready(plan)) => open_fix(state, plan),
        Some(FixView::NeedsText { title, prompt }) => {
            let Some(violation) = state.review.selected_violation() else {
                return Vec::new();
            };
            state.review.typing = Some(TypedFix {
                record: record_of(violation, None),
                title,
                prompt,
                field: TextField::default(),
            });
        }
        Some(FixView::Unavailable(reason)) => state.warn(format!("No fix here: {reason}")),
        None => state.warn("No automatic fix for this rule."),
    }
    Vec::new()
}

/// Asks the session for one preview of every `safe` fix.
fn preview_safe_fixes(state: &mut State) -> Vec<Effect> {
    if busy(state) {
        return Vec::new();
    }
    if state.review.checked().is_none_or(|c| c.safe_fixes == 0) {
        state.warn("No safe fix to apply.");
        return Vec::new();
    }
    plan_fix(state, FixOrder::SafeFixes)
}

/// Asks the session to plan fixes on the current answers.
fn plan_fix(state: &mut State, order: FixOrder) -> Vec<Effect> {
    state.review.planning = true;
    state.tell("Planning the fix…");
    vec![Effect::PlanFix {
        generation: state.review.generation,
        draft: state.draft.clone(),
        order,
    }]
}

/// A plan came back: its preview opens, unless the answers changed meanwhile or the
/// operator left the step.
pub fn planned(state: &mut State, generation: u64, plan: Result<PlannedFix, String>) {
    let review = &mut state.review;
    review.planning = false;
    if generation != review.generation || state.step != StepId::Review {
        return;
    }
    match plan {
        Ok(plan) => {
            state.notice = None;
            open_fix(state, plan);
        }
        Err(reason) => state.warn(format!("No fix to preview: {reason}")),
    }
}

fn open_fix(state: &mut State, plan: PlannedFix) {
    state.review.fix_scroll.home();
    state.review.fix = Some(plan);
}

/// Takes the last applied step's records out of the answers and evaluates again.
fn undo_fix(state: &mut State) -> Vec<Effect> {
    let fixes = &mut state.draft.answers.fixes;
    if fixes.is_empty() {
        state.warn("No applied fix to undo.");
        return Vec::new();
    }
    // Records loaded from an answers file were no step of ours: one at a time.
    let count = state.review.fix_steps.pop().unwrap_or(1).min(fixes.len());
    fixes.truncate(fixes.len() - count);
    state.tell(format!(
        "Undid {count} fix{}.",
        if count == 1 { "" } else { "es" }
    ));
    state.changed()
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
    if let Some(plan) = &review.fix {
        draw_fix(plan, &review.fix_scroll, theme, frame, rest);
        return None;
    }
    if let Some(plan) = &review.write_back.asking {
        review_write_back::view(plan, theme, frame, rest);
        return None;
    }
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
    if let Some(typing) = &review.typing {
        return Some(draw_typing(typing, theme, frame, detail_area));
    }
    draw_detail(review, checked, theme, frame, detail_area);
    review
        .filter
        .editing
        .then(|| filter_cursor(&review.filter, filter_area))
}

/// The question a `✎?` fix asks, with its field where the detail pane was; returns where
/// the cursor goes.
fn draw_typing(typing: &TypedFix, theme: &Theme, frame: &mut Frame, area: Rect) -> (u16, u16) {
    let block = Block::default()
        .borders(Borders::TOP)
        .border_style(theme.focus)
        .title(Span::styled(format!(" ✎? {} ", typing.title), theme.title));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    let mut lines: Vec<Line> = wrap(&typing.prompt, width)
        .into_iter()
        .map(|text| Line::from(Span::styled(text, theme.text)))
        .collect();
    let field_row = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let shown = typing.field.shown(inner.width.saturating_sub(3), false);
    lines.push(Line::from(vec![
        Span::styled("› ", theme.accent),
        Span::styled(shown.text, theme.focus),
    ]));
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        "Enter previews the fix with this text · Esc cancels",
        theme.muted,
    )));
    frame.render_widget(Paragraph::new(lines), inner);
    (
        inner.x + 2 + shown.cursor,
        inner.y + field_row.min(inner.height.saturating_sub(1)),
    )
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
                Span::styled(
                    fix_marker(checked.fix(index)),
                    if selected { base } else { theme.accent },
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

/// The list's fix column: `✎` a fix is ready, `✎?` it needs the operator's text.
fn fix_marker(fix: Option<&FixView>) -> &'static str {
    match fix {
        Some(FixView::Ready(_)) => "✎  ",
        Some(FixView::NeedsText { .. }) => "✎? ",
        Some(FixView::Unavailable(_)) | None => "   ",
    }
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
    if let Some(index) = review.selected_index()
        && let Some(fix) = checked.fix(index)
    {
        let text = match fix {
            FixView::Ready(plan) => format!(
                "✎ {} ({}); f shows the diff",
                plan.title,
                plan.safety.as_str()
            ),
            FixView::NeedsText { title, .. } => {
                format!("✎? {title}: f asks for the text it writes")
            }
            FixView::Unavailable(reason) => format!("no automatic fix: {reason}"),
        };
        labelled("Auto", &text, &mut lines);
    }
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

/// A fix's preview: its title and safety, notes on fixes left out, then each file's hunks
/// with `-`/`+` and the line numbers before and after.
fn draw_fix(plan: &PlannedFix, scroll: &TextScroll, theme: &Theme, frame: &mut Frame, area: Rect) {
    let (removed, added) = plan.preview.counts();
    let header = vec![
        Line::from(vec![
            Span::styled("Fix preview · ", theme.title),
            Span::styled(plan.title.clone(), theme.text),
            Span::styled(
                format!(" ({}) · -{removed} +{added}", plan.safety.as_str()),
                theme.muted,
            ),
        ]),
        Line::from(Span::styled(
            "Enter applies it · Esc closes · u undoes after",
            theme.accent,
        )),
    ];
    let width = usize::from(area.width);
    let mut body: Vec<Line> = plan
        .notes
        .iter()
        .map(|note| {
            Line::from(vec![
                Span::styled("  ▲ ", theme.warning),
                Span::styled(note.clone(), theme.text),
            ])
        })
        .collect();
    let number_width = plan
        .preview
        .files
        .iter()
        .flat_map(|f| &f.hunks)
        .map(|h| (h.old_start + h.old_len).max(h.new_start + h.new_len))
        .max()
        .unwrap_or(1)
        .to_string()
        .len();
    let number =
        |n: Option<u32>| n.map_or(" ".repeat(number_width), |n| format!("{n:>number_width$}"));
    for file in &plan.preview.files {
        let before = if file.created {
            "/dev/null".to_owned()
        } else {
            format!("a/{}", file.path)
        };
        body.push(Line::from(Span::styled(
            format!("--- {before}"),
            theme.title,
        )));
        body.push(Line::from(Span::styled(
            format!("+++ b/{}", file.path),
            theme.title,
        )));
        for hunk in &file.hunks {
            body.push(Line::from(Span::styled(
                format!(
                    "@@ -{},{} +{},{} @@",
                    hunk.old_start, hunk.old_len, hunk.new_start, hunk.new_len
                ),
                theme.accent,
            )));
            for line in &hunk.lines {
                let (sign, style) = match line.kind {
                    LineKind::Context => (' ', theme.muted),
                    LineKind::Removed => ('-', theme.error),
                    LineKind::Added => ('+', theme.success),
                };
                let text: String = line
                    .text
                    .replace('\t', "    ")
                    .chars()
                    .take(width.saturating_sub(2 * number_width + 6))
                    .collect();
                body.push(Line::from(vec![
                    Span::styled(
                        format!("{} {} │", number(line.old), number(line.new)),
                        theme.muted,
                    ),
                    Span::styled(format!("{sign} {text}"), style),
                ]));
            }
        }
    }
    let [header_area, body_area] =
        Layout::vertical([Constraint::Length(2), Constraint::Min(1)]).areas(area);
    frame.render_widget(Paragraph::new(header), header_area);
    let top = scroll.window(body.len(), usize::from(body_area.height));
    let shown: Vec<Line> = body
        .into_iter()
        .skip(top)
        .take(usize::from(body_area.height))
        .collect();
    frame.render_widget(Paragraph::new(shown), body_area);
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
    if review.fix.is_some() {
        return vec![
            lasting("Enter", "apply fix"),
            hint("↑↓ PgUp PgDn", "scroll"),
            lasting("Esc", "close"),
        ];
    }
    if review.write_back.asking.is_some() {
        return review_write_back::hints();
    }
    if review.typing.is_some() {
        return vec![
            hint("type", "text"),
            lasting("Enter", "preview fix"),
            lasting("Esc", "cancel"),
        ];
    }
    if review.filter.editing {
        return vec![
            hint("type", "filter"),
            hint("↑↓", "move"),
            lasting("Enter", "keep filter"),
            lasting("Esc", "clear filter"),
        ];
    }
    let mut hints = if review.tab == 0 {
        vec![hint("↑↓ PgUp PgDn", "move"), hint("/", "filter")]
    } else {
        vec![hint("↑↓ PgUp PgDn", "scroll")]
    };
    if review.tab == 0
        && review
            .selected_index()
            .and_then(|i| review.checked()?.fix(i))
            .is_some_and(|f| !matches!(f, FixView::Unavailable(_)))
    {
        hints.push(hint("f", "preview fix"));
    }
    if review.checked().is_some_and(|c| c.safe_fixes > 0) {
        hints.push(hint("F", "all safe fixes"));
    }
    if !state.draft.answers.fixes.is_empty() {
        // Before `u`: a narrow footer keeps the way to keep the fixes longest.
        hints.push(hint("W", "write back"));
        hints.push(hint("u", "undo fix"));
    }
    if review.tabs() > 1 {
        hints.push(hint("Tab", "next tab"));
    }
    hints.push(lasting("Enter", "next"));
    hints.push(lasting("Ctrl-S", "write"));
    hints.push(lasting("Esc", "back"));
    hints
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::action::Action::*;
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

    /// The review with the first violation of `rule` selected, moving down as an operator
    /// would.
    fn selecting(rule: &str) -> Wizard {
        let mut state = review();
        let count = state.review.checked().unwrap().violations.len();
        for _ in 0..count {
            if state.review.selected_violation().unwrap().rule.id == rule {
                return state;
            }
            state.keys(&[Down]);
        }
        panic!("no {rule} in the review");
    }

    /// The review with R-90526 (the default of `dns_image_name`) selected.
    fn on_the_default() -> Wizard {
        selecting("R-90526")
    }

    #[test]
    fn fixable_violations_are_marked() {
        let state = review();
        let checked = state.review.checked().unwrap();
        let marked: Vec<&str> = (0..checked.violations.len())
            .filter(|&i| matches!(checked.fix(i), Some(FixView::Ready(_))))
            .map(|i| checked.violations[i].rule.id)
            .collect();
        assert!(
            marked.contains(&"R-90526") && marked.contains(&"R-26124"),
            "{marked:?}"
        );
        assert!(matches!(
            checked
                .violations
                .iter()
                .position(|v| v.rule.id == "R-44001")
                .and_then(|i| checked.fix(i)),
            Some(FixView::NeedsText { .. })
        ));
        let default = checked
            .violations
            .iter()
            .position(|v| v.rule.id == "R-90526")
            .expect("R-90526");
        assert_eq!(fix_marker(checked.fix(default)), "✎  ");
    }

    #[test]
    fn f_previews_the_fix_and_esc_closes_it() {
        let mut state = on_the_default();
        state.keys(&[PreviewFix]);
        let plan = state.review.fix.clone().expect("a preview is open");
        assert_eq!(plan.records.len(), 1);
        assert_eq!(plan.records[0].rule, "R-90526");
        let diff = plan.preview.unified();
        assert!(diff.contains("-    default: dns-resolver-9.18"), "{diff}");
        assert!(diff.contains("+++ b/base_dns.env"), "{diff}");
        state.keys(&[Back]);
        assert!(state.review.fix.is_none());
        assert_eq!(state.step, StepId::Review, "Esc closes only the preview");
        assert!(state.draft.answers.fixes.is_empty(), "nothing applied");
    }

    #[test]
    fn enter_applies_the_open_fix_and_u_undoes_it() {
        let mut state = on_the_default();
        let before = state.review.checked().unwrap().count(Severity::Error);
        state.keys(&[PreviewFix, Confirm]);
        assert_eq!(state.step, StepId::Review, "Enter applied, did not move on");
        assert!(state.review.fix.is_none());
        assert_eq!(state.draft.answers.fixes.len(), 1);
        let checked = state.review.checked().unwrap();
        assert!(
            !checked
                .violations
                .iter()
                .any(|v| v.rule.id == "R-90526" || v.rule.id == "R-26124"),
            "re-validated without the default's violations"
        );
        assert!(
            checked.count(Severity::Error) <= before - 2,
            "both findings gone"
        );
        state.keys(&[UndoFix]);
        assert!(state.draft.answers.fixes.is_empty());
        assert_eq!(
            state.review.checked().unwrap().count(Severity::Error),
            before
        );
        state.keys(&[UndoFix]);
        assert!(
            state
                .notice
                .as_ref()
                .unwrap()
                .text
                .contains("No applied fix")
        );
    }

    #[test]
    fn shift_f_applies_every_safe_fix_as_one_step() {
        let mut state = review();
        state.keys(&[PreviewSafeFixes]);
        let plan = state.review.fix.clone().expect("the safe plan is open");
        assert!(!plan.records.is_empty());
        assert!(plan.preview.unified().contains("dns-resolver-9.18"));
        state.keys(&[Confirm]);
        assert_eq!(state.draft.answers.fixes, plan.records);
        assert_eq!(state.review.fix_steps, vec![plan.records.len()]);
        let after = state.review.checked().unwrap();
        assert_eq!(after.safe_fixes, 0, "no safe fix is left");
        state.keys(&[UndoFix]);
        assert!(
            state.draft.answers.fixes.is_empty(),
            "one undo takes the batch"
        );
    }

    #[test]
    fn a_fix_needing_text_asks_for_it_then_previews_and_applies() {
        let mut state = selecting("R-44001");
        let violation = state.review.selected_violation().unwrap().clone();
        state.keys(&[PreviewFix]);
        assert!(state.review.typing.is_some(), "f asks for the text");
        assert!(state.text_focused(), "letters type into the field");
        state.keys(&[Confirm]);
        assert!(
            state
                .notice
                .as_ref()
                .unwrap()
                .text
                .contains("Type the text"),
            "an empty text is refused"
        );
        state.type_text("  Resolver image version  ");
        state.keys(&[Confirm]);
        assert!(state.review.typing.is_none());
        let plan = state
            .review
            .fix
            .clone()
            .expect("the typed fix's preview is open");
        assert_eq!(plan.records.len(), 1);
        assert_eq!(plan.records[0].rule, "R-44001");
        assert_eq!(
            plan.records[0].text.as_deref(),
            Some("Resolver image version"),
            "the text is trimmed and recorded"
        );
        assert!(
            plan.preview
                .unified()
                .contains("+    description: Resolver image version"),
            "{}",
            plan.preview.unified()
        );
        state.keys(&[Confirm]);
        assert_eq!(
            state.draft.answers.fixes, plan.records,
            "applied as a record"
        );
        let after = state.review.checked().unwrap();
        assert!(
            !after
                .violations
                .iter()
                .any(|v| v.rule.id == "R-44001" && v.path == violation.path),
            "re-validated without the missing description"
        );
        state.keys(&[UndoFix]);
        assert!(state.draft.answers.fixes.is_empty());
    }

    #[test]
    fn esc_drops_the_text_and_nothing_is_planned() {
        let mut state = selecting("R-44001");
        state.keys(&[PreviewFix]);
        state.type_text("Resolver image");
        state.keys(&[Back]);
        assert!(state.review.typing.is_none() && state.review.fix.is_none());
        assert_eq!(state.step, StepId::Review, "Esc left only the question");
        assert!(state.draft.answers.fixes.is_empty());
    }

    #[test]
    fn a_plan_for_older_answers_is_dropped() {
        let mut state = review();
        let generation = state.review.generation;
        state.review.planning = true;
        planned(
            &mut state,
            generation - 1,
            Err("for answers no longer shown".to_owned()),
        );
        assert!(!state.review.planning);
        assert!(state.review.fix.is_none());
        assert!(state.notice.is_none(), "nothing said about a stale plan");
    }
}
