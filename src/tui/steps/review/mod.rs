//! Step 8, Review: the live validation panes. A header counts the items by severity; the
//! list (rule, severity, file:line, message) holds the output set's violations, the answers
//! that stop the write and the conversion's and composition's notes; `/` filters it
//! fuzzily (best matches first), `1` `2` `3` show or hide errors, warnings and notes, `g`
//! groups it by file or by rule, `n`/`N` go to the next or previous error. The detail pane
//! gives the selected item in full (focus it with →, scroll it, zoom it with `z`); Enter on
//! an item an answer decides goes to that answer's field, `e` opens its file at its line in
//! the operator's editor, `y` copies its place. The Files tab shows every output file.
//! Only visible rows are ever built.
//!
//! One module per part: `list` (the rows as shown), `detail`, `files` (the Files tab),
//! `fixes` (previewing, applying and undoing automatic fixes) and `places` (where an item
//! leads).

mod detail;
mod files;
mod fixes;
mod list;
mod places;
pub mod write_back;

use std::sync::Arc;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{
    BACK, CONFIRM, Cursor, FILTERING, Hint, MOVE, Step, TYPE, filter_cursor, filter_line, hint,
    lasting,
};
use crate::foundation::diagnostics::{Severity, Violation};
use crate::tui::action::Action;
use crate::tui::checked::{Checked, FixView, Item, PlannedFix, Resolution};
use crate::tui::effect::Effect;
use crate::tui::keymap::{Binding, REVIEW_BINDINGS};
use crate::tui::state::{State, Verdict};
use crate::tui::theme::Theme;
use crate::tui::widgets::paragraph::count;
use crate::tui::widgets::{Filter, ListWindow, TextScroll, navigate, wrap};

pub use files::FilesState;
pub use fixes::{TypedFix, planned};
pub use list::{Grouping, Listing};

/// The severity toggles, in the order their keys are written.
const SEVERITIES: &[Action] = &[
    Action::ToggleSeverity(Severity::Error),
    Action::ToggleSeverity(Severity::Warning),
    Action::ToggleSeverity(Severity::Note),
];

/// Most lines of the banner above the list (why nothing can be written yet).
const MAX_BANNER_LINES: usize = 3;

/// The tabs of the step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    /// The list and the detail pane.
    #[default]
    Violations,
    /// Every output file.
    Files,
}

/// Which pane of a tab has the keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pane {
    /// The list: ↑↓ move the selection.
    #[default]
    List,
    /// The detail (or the file's text): ↑↓ scroll it.
    Detail,
}

/// The panes' state.
pub struct ReviewState {
    /// The latest evaluation's result.
    pub resolution: Option<Arc<Resolution>>,
    /// The latest run asked for.
    pub generation: u64,
    /// A run is in flight whose result is not shown yet.
    pub running: bool,
    /// The `/` filter over rule, message and place (best matches first).
    pub filter: Filter,
    /// The list as shown: severities, grouping, order.
    pub listing: Listing,
    /// The selected position of the shown list.
    pub selected: usize,
    /// The list's scroll window.
    pub window: ListWindow,
    /// The tab shown.
    pub tab: Tab,
    /// The pane with the keys.
    pub pane: Pane,
    /// The focused pane fills the step (`z`).
    pub zoomed: bool,
    /// Scroll position of the detail pane.
    pub detail: TextScroll,
    /// The Files tab.
    pub files: FilesState,
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
    pub write_back: write_back::WriteBackState,
    /// Why the source could not be read again after its files changed (the panes show the
    /// last reading meanwhile).
    pub unreadable: Option<String>,
    /// The violation an undone fix brings back (rule, file, key path), to select once the
    /// evaluation shows it.
    pub returning: Option<(String, String, String)>,
}

impl Default for ReviewState {
    fn default() -> ReviewState {
        ReviewState {
            resolution: None,
            generation: 0,
            running: false,
            filter: Filter::ranked(),
            listing: Listing::default(),
            selected: 0,
            window: ListWindow::default(),
            tab: Tab::default(),
            pane: Pane::default(),
            zoomed: false,
            detail: TextScroll::default(),
            files: FilesState::default(),
            fix: None,
            fix_scroll: TextScroll::default(),
            fix_steps: Vec::new(),
            typing: None,
            planning: false,
            write_back: write_back::WriteBackState::default(),
            unreadable: None,
            returning: None,
        }
    }
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
            .is_some_and(|r| r.refusal.is_none() && r.checked.errors() == 0)
    }

    /// How the step stands for the step strip: problems while nothing can be written,
    /// warnings when violations or the conversion's notes warn; none before the first
    /// result.
    pub fn verdict(&self) -> Option<Verdict> {
        let resolution = self.resolution.as_ref()?;
        Some(if !self.ready() {
            Verdict::Problems
        } else if resolution.checked.count(Severity::Warning) > 0 {
            Verdict::Warnings
        } else {
            Verdict::Valid
        })
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
        let errors: Vec<&Violation> = resolution
            .checked
            .violations
            .iter()
            .filter(|v| v.severity() == Severity::Error)
            .collect();
        if errors.is_empty() {
            return None;
        }
        let rules: std::collections::BTreeSet<&str> = errors.iter().map(|v| v.rule.id).collect();
        Some(format!(
            "the output set has {} against {} (see Review)",
            count(errors.len(), "error"),
            count(rules.len(), "MUST rule")
        ))
    }

    /// How many items the list shows.
    fn shown(&self) -> usize {
        self.listing.len()
    }

    /// The tabs there are: the Files tab once there are files to show.
    fn tabs(&self) -> Vec<Tab> {
        tabs_of(self.checked())
    }

    /// The index (into the evaluation's items) of the selected item.
    pub fn selected_index(&self) -> Option<usize> {
        self.listing.item(self.selected)
    }

    /// The violation selected, when a violation is.
    pub fn selected_violation(&self) -> Option<&Violation> {
        match self.checked()?.item(self.selected_index()?)? {
            Item::Violation(v) => Some(v),
            Item::Finding(_) => None,
        }
    }

    /// Builds the shown list again, keeping the selected item selected when it is still
    /// shown.
    fn relist(&mut self) {
        let kept = self.selected_index();
        let Some(resolution) = &self.resolution else {
            return;
        };
        self.listing.rebuild(&resolution.checked, &self.filter);
        self.selected = kept
            .and_then(|index| self.listing.position_of(index))
            .unwrap_or_else(|| self.selected.min(self.listing.len().saturating_sub(1)));
    }

    /// Selects a position, showing the new item's detail from its top.
    fn select(&mut self, position: usize) {
        if position != self.selected {
            self.detail.home();
        }
        self.selected = position;
    }
}

/// What identifies an item across evaluations: a violation by rule, file and key path
/// (its line moves when the file is edited), a finding by its subject and message.
fn identity(checked: &Checked, index: usize) -> Option<(String, String, String)> {
    Some(match checked.item(index)? {
        Item::Violation(v) => (v.rule.id.to_owned(), v.file.clone(), v.path.clone()),
        Item::Finding(f) => (
            f.kind.label().to_owned(),
            f.subject.clone(),
            f.message.clone(),
        ),
    })
}

/// An evaluation finished; a stale one is dropped.
pub fn resolved(state: &mut State, generation: u64, resolution: Arc<Resolution>) {
    let review = &mut state.review;
    if generation != review.generation {
        return;
    }
    // Keep the same item selected when it is still there (the same message first, when a
    // place holds several).
    let kept = review
        .checked()
        .zip(review.selected_index())
        .and_then(|(c, i)| {
            let message = c.item(i)?.message().to_owned();
            Some((identity(c, i)?, message))
        });
    let checked = &resolution.checked;
    let returning = review.returning.take().and_then(|wanted| {
        (0..checked.violations.len()).find(|&i| identity(checked, i).as_ref() == Some(&wanted))
    });
    let found = returning.or_else(|| {
        kept.and_then(|(identity_kept, message)| {
            let same: Vec<usize> = (0..checked.len())
                .filter(|&i| self::identity(checked, i).as_ref() == Some(&identity_kept))
                .collect();
            same.iter()
                .copied()
                .find(|&i| {
                    checked
                        .item(i)
                        .is_some_and(|item| item.message() == message)
                })
                .or(same.first().copied())
        })
    });
    review.running = false;
    review.filter.invalidate();
    review.filter.apply(&checked.haystacks);
    review.listing.rebuild(checked, &review.filter);
    let position = found.and_then(|i| review.listing.position_of(i));
    if position != Some(review.selected) || found.is_none() {
        review.detail.home();
    }
    // Gone (fixed): the same row, which now shows the next item.
    review.selected =
        position.unwrap_or_else(|| review.selected.min(review.listing.len().saturating_sub(1)));
    if review.files.selected >= checked.previews.len() {
        review.files.selected = 0;
        review.files.text.home();
    }
    if !tabs_of(Some(checked)).contains(&review.tab) {
        review.tab = Tab::Violations;
    }
    // The problems of this evaluation came first; the resolved set adds its own.
    state
        .problems
        .extend(resolution.answer_problems.iter().cloned());
    let review = &mut state.review;
    review.resolution = Some(resolution);
    super::parameters::questions_changed(state);
}

/// The tabs an evaluation gives: the Files tab once there are files to show.
fn tabs_of(checked: Option<&Checked>) -> Vec<Tab> {
    if checked.is_some_and(|c| !c.previews.is_empty()) {
        vec![Tab::Violations, Tab::Files]
    } else {
        vec![Tab::Violations]
    }
}

/// Keys while the filter's query has focus.
fn filter_update(review: &mut ReviewState, action: Action) {
    let changed = match action {
        Action::Confirm => {
            review.filter.keep();
            false
        }
        Action::Back => {
            review.filter.clear();
            true
        }
        _ if review.filter.edit(action) => {
            if let Some(resolution) = &review.resolution {
                review.filter.apply(&resolution.checked.haystacks);
            }
            true
        }
        _ => {
            if let Some(position) = navigate(
                action,
                review.selected,
                review.shown(),
                review.window.page(),
            ) {
                review.select(position);
            }
            false
        }
    };
    if changed {
        // A new query ranks anew: the best match comes first, selected.
        review.relist();
        review.select(0);
    }
}

/// Keys of the Violations tab.
fn violations_update(state: &mut State, action: Action) -> Vec<Effect> {
    let review = &mut state.review;
    if review.pane == Pane::Detail && review.detail.apply(action) {
        return Vec::new();
    }
    if review.pane == Pane::List
        && let Some(position) = navigate(
            action,
            review.selected,
            review.shown(),
            review.window.page(),
        )
    {
        review.select(position);
        return Vec::new();
    }
    match action {
        Action::WriteBackFixes => return write_back::ask(state),
        Action::PreviewFix => return fixes::preview_selected_fix(state),
        Action::PreviewSafeFixes => return fixes::preview_safe_fixes(state),
        Action::UndoFix => return fixes::undo_fix(state),
        Action::NextError | Action::PreviousError => {
            let forward = action == Action::NextError;
            let next = review
                .checked()
                .and_then(|c| review.listing.next_error(c, review.selected, forward));
            match next {
                Some(position) => {
                    let wrapped = if forward {
                        position <= review.selected
                    } else {
                        position >= review.selected
                    };
                    review.select(position);
                    if wrapped {
                        state.tell("Went round the list.");
                    }
                }
                None => state.tell("No error in the list."),
            }
        }
        Action::ToggleSeverity(severity) => {
            let slot = list::slot(severity);
            review.listing.hidden[slot] = !review.listing.hidden[slot];
            let hidden = review.listing.hidden[slot];
            review.relist();
            let what = match severity {
                Severity::Error => "Errors",
                Severity::Warning => "Warnings",
                Severity::Note => "Notes",
            };
            state.tell(format!(
                "{what} {} ({} shows or hides them).",
                if hidden { "hidden" } else { "shown" },
                slot + 1
            ));
        }
        Action::Group => {
            review.listing.grouping = review.listing.grouping.next();
            review.relist();
            let grouping = review.listing.grouping.describe();
            state.tell(format!("{grouping} (g groups otherwise)."));
        }
        Action::Filter => {
            review.pane = Pane::List;
            review.zoomed = false;
            review.filter.open();
        }
        Action::Confirm => return places::confirm(state),
        Action::Back => back(state),
        _ => {}
    }
    Vec::new()
}

/// Esc: the zoom first, then the detail's focus, then a kept filter, then the step.
fn back(state: &mut State) {
    let review = &mut state.review;
    if review.zoomed {
        review.zoomed = false;
        review.pane = Pane::List;
    } else if review.pane == Pane::Detail {
        review.pane = Pane::List;
    } else if !review.filter.query().is_empty() {
        review.filter.clear();
        review.relist();
        state.tell("Filter cleared (Esc again goes back a step).");
    } else {
        state.go_back();
    }
}

/// Keys of the Files tab.
fn files_update(state: &mut State, action: Action) -> Vec<Effect> {
    let review = &mut state.review;
    let count = review.checked().map_or(0, |c| c.previews.len());
    if review.pane == Pane::Detail && review.files.text.apply(action) {
        return Vec::new();
    }
    if review.pane == Pane::List
        && let Some(row) = navigate(
            action,
            review.files.selected,
            count,
            review.files.window.page(),
        )
    {
        if row != review.files.selected {
            review.files.text.home();
        }
        review.files.selected = row;
        return Vec::new();
    }
    match action {
        Action::Confirm => state.go_next(),
        Action::Back if review.zoomed || review.pane == Pane::Detail => {
            review.zoomed = false;
            review.pane = Pane::List;
        }
        Action::Back => review.tab = Tab::Violations,
        _ => {}
    }
    Vec::new()
}

fn tab_line(review: &ReviewState, theme: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, tab) in review.tabs().into_iter().enumerate() {
        let title = match tab {
            Tab::Violations => format!("Violations ({})", review.checked().map_or(0, Checked::len)),
            Tab::Files => format!(
                "Files ({})",
                review.checked().map_or(0, |c| c.previews.len())
            ),
        };
        if i > 0 {
            spans.push(Span::styled(" │ ", theme.border));
        }
        if tab == review.tab {
            spans.push(Span::styled(format!("[{title}]"), theme.focus));
        } else {
            spans.push(Span::styled(format!(" {title} "), theme.muted));
        }
    }
    Line::from(spans)
}

/// Why nothing can be written yet, or that the source could not be read again: at most a
/// few lines above the list (each reason is an item of the list, in full).
fn banner_lines(
    review: &ReviewState,
    resolution: &Resolution,
    theme: &Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(reason) = &review.unreadable {
        let text =
            format!("▲ The source cannot be read as it is now; showing the last reading: {reason}");
        lines.extend(
            wrap(&text, width)
                .into_iter()
                .take(2)
                .map(|l| Line::from(Span::styled(l, theme.warning))),
        );
    }
    if let Some(refusal) = &resolution.refusal {
        lines.push(Line::from(Span::styled(
            format!(
                "✗ Not ready to write: {} below; Enter on an answer goes to its field.",
                count(refusal.len(), "reason")
            ),
            theme.error,
        )));
    }
    lines.truncate(MAX_BANNER_LINES);
    lines
}

/// The counts by severity, each marked when hidden, with the grouping and the run.
fn count_line(review: &ReviewState, checked: &Checked, theme: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (severity, symbol, word) in [
        (Severity::Error, "✗", "error"),
        (Severity::Warning, "▲", "warning"),
        (Severity::Note, "·", "note"),
    ] {
        if !spans.is_empty() {
            spans.push(Span::raw("   "));
        }
        let hidden = review.listing.hidden[list::slot(severity)];
        let text = format!("{symbol} {}", count(checked.count(severity), word));
        if hidden {
            spans.push(Span::styled(format!("{text} (hidden)"), theme.muted));
        } else {
            spans.push(Span::styled(text, theme.severity(severity)));
        }
    }
    if review.listing.grouping != Grouping::None {
        spans.push(Span::styled(
            format!("   {}", review.listing.grouping.describe().to_lowercase()),
            theme.muted,
        ));
    }
    if review.running {
        spans.push(Span::styled("   validating…", theme.accent));
    } else if checked.is_empty() {
        spans.push(Span::styled("   ✓ no violations", theme.success));
    } else if checked.violations.is_empty() && checked.count(Severity::Error) == 0 {
        // Only notes are listed: the conversion's or composition's, no rule's violation.
        spans.push(Span::styled("   ✓ no rule violated", theme.success));
    }
    Line::from(spans)
}

/// The validation panes and previews.
pub struct ReviewStep;

impl Step for ReviewStep {
    fn done(&self, state: &State) -> bool {
        state.review.ready()
    }

    fn verdict(&self, state: &State) -> Option<Verdict> {
        state.review.verdict()
    }

    /// Keys of the review step.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect> {
        let review = &mut state.review;
        if review.filter.editing {
            filter_update(review, action);
            return Vec::new();
        }
        if review.typing.is_some() {
            return fixes::typing_update(state, action);
        }
        if review.fix.is_some() {
            return fixes::fix_preview_update(state, action);
        }
        if review.write_back.asking.is_some() {
            return write_back::update(state, action);
        }
        match action {
            Action::NextField | Action::PreviousField => {
                let tabs = review.tabs();
                let at = tabs.iter().position(|t| *t == review.tab).unwrap_or(0);
                let step = if action == Action::NextField {
                    1
                } else {
                    tabs.len() - 1
                };
                review.tab = tabs[(at + step) % tabs.len()];
                review.pane = Pane::List;
                review.zoomed = false;
                return Vec::new();
            }
            Action::Right if review.pane == Pane::List => {
                review.pane = Pane::Detail;
                return Vec::new();
            }
            Action::Left if review.pane == Pane::Detail && !review.zoomed => {
                review.pane = Pane::List;
                return Vec::new();
            }
            Action::Zoom => {
                review.zoomed = !review.zoomed;
                review.pane = if review.zoomed {
                    Pane::Detail
                } else {
                    Pane::List
                };
                return Vec::new();
            }
            Action::Edit => return places::edit(state),
            Action::Copy => return places::copy(state),
            Action::Write => return super::write::write_now(state),
            _ => {}
        }
        match review.tab {
            Tab::Violations => violations_update(state, action),
            Tab::Files => files_update(state, action),
        }
    }

    /// Draws the panes; returns where the cursor goes when the filter has focus.
    fn view(&self, state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Cursor {
        let review = &state.review;
        let [tabs_area, counts_area, rest] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(1),
        ])
        .areas(area);
        frame.render_widget(tab_line(review, theme), tabs_area);
        let Some(resolution) = &review.resolution else {
            frame.render_widget(Span::styled("Validating…", theme.muted), counts_area);
            return None;
        };
        let checked = &resolution.checked;
        frame.render_widget(count_line(review, checked, theme), counts_area);
        if let Some(plan) = &review.fix {
            fixes::draw_fix(plan, &review.fix_scroll, theme, frame, rest);
            return None;
        }
        if let Some(plan) = &review.write_back.asking {
            write_back::view(plan, theme, frame, rest);
            return None;
        }
        let banner = banner_lines(review, resolution, theme, usize::from(rest.width));
        let banner_height = u16::try_from(banner.len()).unwrap_or(u16::MAX);
        let [banner_area, rest] =
            Layout::vertical([Constraint::Length(banner_height), Constraint::Min(1)]).areas(rest);
        frame.render_widget(Paragraph::new(banner), banner_area);
        if review.tab == Tab::Files {
            files::draw(review, checked, theme, frame, rest);
            return None;
        }
        if review.zoomed {
            detail::draw(review, checked, theme, frame, rest);
            return None;
        }
        let list_height = (rest.height.saturating_sub(1) / 2).max(3);
        let [filter_area, list_area, detail_area] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(list_height),
            Constraint::Min(1),
        ])
        .areas(rest);
        frame.render_widget(
            filter_line(
                &review.filter,
                review.shown(),
                checked.len(),
                theme,
                filter_area.width,
            ),
            filter_area,
        );
        list::draw(review, checked, theme, frame, list_area);
        if let Some(typing) = &review.typing {
            return Some(fixes::draw_typing(typing, theme, frame, detail_area));
        }
        detail::draw(review, checked, theme, frame, detail_area);
        review
            .filter
            .editing
            .then(|| filter_cursor(&review.filter, filter_area))
    }

    /// Keys of the review step.
    fn hints(&self, state: &State) -> Vec<Hint> {
        let review = &state.review;
        if review.fix.is_some() {
            return vec![
                lasting(CONFIRM, "apply fix"),
                hint(MOVE, "scroll"),
                lasting(BACK, "close"),
            ];
        }
        if review.write_back.asking.is_some() {
            return write_back::hints();
        }
        if review.typing.is_some() {
            return vec![
                hint(TYPE, "text"),
                lasting(CONFIRM, "preview fix"),
                lasting(BACK, "cancel"),
            ];
        }
        if review.filter.editing {
            return FILTERING.to_vec();
        }
        // The most used first: a narrow footer drops the last ones.
        let mut hints = vec![if review.pane == Pane::Detail {
            hint(MOVE, "scroll")
        } else {
            hint(MOVE, "move")
        }];
        if review.tab == Tab::Violations {
            hints.push(hint(&[Action::Filter], "filter"));
            if review
                .selected_index()
                .and_then(|i| review.checked()?.fix(i))
                .is_some_and(|f| !matches!(f, FixView::Unavailable(_)))
            {
                hints.push(hint(&[Action::PreviewFix], "preview fix"));
            }
            if review.checked().is_some_and(|c| c.safe_fixes > 0) {
                hints.push(hint(&[Action::PreviewSafeFixes], "all safe fixes"));
            }
            if !state.draft.answers.fixes.is_empty() {
                // Before `u`: a narrow footer keeps the way to keep the fixes longest.
                hints.push(hint(&[Action::WriteBackFixes], "write back"));
                hints.push(hint(&[Action::UndoFix], "undo fix"));
            }
            hints.push(hint(
                &[Action::NextError, Action::PreviousError],
                "next/previous error",
            ));
        }
        hints.push(hint(&[Action::Edit], "edit"));
        match (review.pane, review.zoomed) {
            (Pane::List, _) => hints.push(hint(&[Action::Right], "detail")),
            (Pane::Detail, false) => hints.push(hint(&[Action::Left], "list")),
            (Pane::Detail, true) => {}
        }
        hints.push(hint(
            &[Action::Zoom],
            if review.zoomed { "unzoom" } else { "zoom" },
        ));
        if review.tab == Tab::Violations {
            hints.push(hint(&[Action::Group], "group"));
            hints.push(hint(SEVERITIES, "errors warnings notes"));
        }
        hints.push(hint(&[Action::Copy], "copy place"));
        if review.tabs().len() > 1 {
            hints.push(hint(&[Action::NextField], "next tab"));
        }
        let answers = review.tab == Tab::Violations
            && review
                .selected_index()
                .is_some_and(|i| review.checked().and_then(|c| c.answer(i)).is_some());
        hints.push(lasting(
            CONFIRM,
            if answers { "go to answer" } else { "next" },
        ));
        hints.push(lasting(&[Action::Write], "write"));
        let back = if review.zoomed {
            "unzoom"
        } else if review.pane == Pane::Detail {
            "list"
        } else if review.tab == Tab::Files {
            "violations"
        } else if !review.filter.query().is_empty() {
            "clear filter"
        } else {
            "back"
        };
        hints.push(lasting(BACK, back));
        hints
    }

    fn text_focused(&self, state: &State) -> bool {
        state.review.filter.editing || state.review.typing.is_some()
    }

    /// `n` and `y` move to the next error and copy, unless a write-back question takes
    /// them as no and yes.
    fn key_layer(&self, state: &State) -> &'static [Binding] {
        if state.review.write_back.asking.is_none() {
            REVIEW_BINDINGS
        } else {
            &[]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::action::Action::*;
    use crate::tui::effect::TerminalWork;
    use crate::tui::state::StepId;
    use crate::tui::testing::notice_text;
    use crate::tui::testing::{Wizard, opened};

    pub(super) fn review() -> Wizard {
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
    fn the_files_tab_lists_every_output_file_and_scrolls_the_one_shown() {
        let mut state = review();
        state.keys(&[NextField]);
        assert_eq!(state.review.tab, Tab::Files);
        let paths: Vec<&str> = state
            .review
            .checked()
            .unwrap()
            .previews
            .iter()
            .map(|p| p.path.as_str())
            .collect();
        assert_eq!(paths, ["base_dns.yaml", "base_dns.env", "answers.yaml"]);
        state.keys(&[Down]);
        assert_eq!(state.review.files.selected, 1, "arrows choose a file");
        state.keys(&[Up, Right, Down]);
        assert_eq!(state.review.files.selected, 0);
        assert_eq!(
            state.review.files.text.top, 1,
            "→ then arrows scroll its text"
        );
        state.keys(&[Back, Down]);
        assert_eq!(state.review.files.selected, 1, "Esc gives the list back");
        state.keys(&[NextField]);
        assert_eq!(state.review.tab, Tab::Violations, "tabs wrap around");
        state.keys(&[PreviousField]);
        assert_eq!(state.review.tab, Tab::Files);
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
        assert!(notice_text(&state).contains("Not ready"));
        assert_eq!(state.write.phase, crate::tui::steps::write::Phase::Idle);
    }

    /// The review with the first violation of `rule` selected, moving down as an operator
    /// would.
    pub(super) fn selecting(rule: &str) -> Wizard {
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

    /// The rule ids of the list as shown, headers as `[key]`.
    fn shown_rows(state: &Wizard) -> Vec<String> {
        let checked = state.review.checked().unwrap();
        state
            .review
            .listing
            .rows()
            .iter()
            .map(|row| match row {
                list::Row::Header(group) => format!("[{}]", group.key),
                list::Row::Item(position) => {
                    let index = state.review.listing.item(*position).unwrap();
                    checked.item(index).unwrap().id().to_owned()
                }
            })
            .collect()
    }

    #[test]
    fn esc_clears_a_kept_filter_before_it_leaves_the_step() {
        let mut state = review();
        state.keys(&[Filter]);
        state.type_text("misspelt");
        state.keys(&[Confirm]);
        assert_eq!(state.review.shown(), 1, "Enter keeps the filter");
        state.keys(&[Back]);
        assert_eq!(state.step, StepId::Review, "the first Esc stays");
        assert_eq!(state.review.shown(), 10, "and clears the filter");
        assert!(state.review.filter.query().is_empty());
        state.keys(&[Back]);
        assert_eq!(state.step, StepId::Parameters, "the second Esc leaves");
    }

    #[test]
    fn the_filter_ranks_the_best_match_first() {
        let mut state = review();
        state.keys(&[Filter]);
        state.type_text("R-90279");
        let first = state.review.selected_violation().unwrap();
        assert_eq!(first.rule.id, "R-90279", "the exact id comes first");
        let ranked: Vec<String> = shown_rows(&state);
        assert_eq!(&ranked[..2], ["R-90279", "R-90279"], "{ranked:?}");
    }

    #[test]
    fn severities_hide_and_show_and_n_goes_from_error_to_error() {
        let mut state = review();
        state.keys(&[ToggleSeverity(Severity::Error)]);
        assert_eq!(shown_rows(&state), ["R-92635/misspelt-function"]);
        assert!(notice_text(&state).contains("Errors hidden"));
        state.keys(&[NextError]);
        assert!(notice_text(&state).contains("No error"));
        state.keys(&[ToggleSeverity(Severity::Error)]);
        assert_eq!(state.review.shown(), 10);
        assert_eq!(
            state.review.selected_violation().unwrap().rule.id,
            "R-92635/misspelt-function",
            "the selection stays on its item"
        );
        // The warning sits between the errors of line 42 and 43: n skips it.
        state.keys(&[PreviousError]);
        let before = state.review.selected_violation().unwrap().span.line;
        state.keys(&[NextError]);
        let after = state.review.selected_violation().unwrap();
        assert_eq!(after.severity(), Severity::Error);
        assert_eq!((before, after.span.line), (42, 43));
        state.keys(&[NextError]);
        assert_eq!(state.review.selected, 0, "round to the first error");
        assert!(notice_text(&state).contains("round"));
    }

    #[test]
    fn grouping_by_rule_and_by_file_puts_counted_headers_over_the_items() {
        let mut state = review();
        state.keys(&[Down, Down]);
        state.keys(&[Group]);
        assert_eq!(state.review.listing.grouping, Grouping::File);
        assert_eq!(shown_rows(&state)[0], "[base_dns.yaml]");
        state.keys(&[Group]);
        let rows = shown_rows(&state);
        assert_eq!(&rows[..3], ["[R-90279]", "R-90279", "R-90279"], "{rows:?}");
        let Some(list::Row::Header(group)) = state.review.listing.rows().first() else {
            panic!("a header first");
        };
        assert_eq!(group.counts, [2, 0, 0]);
        assert_eq!(
            state.review.selected_violation().unwrap().rule.id,
            "R-26124",
            "the selection follows its item into its group"
        );
        state.keys(&[Home]);
        assert_eq!(
            state.review.selected_violation().unwrap().rule.id,
            "R-90279"
        );
        state.keys(&[Group]);
        assert_eq!(state.review.listing.grouping, Grouping::None);
        assert_eq!(state.review.listing.rows().len(), 10);
    }

    #[test]
    fn the_detail_pane_takes_focus_scrolls_and_zooms() {
        let mut state = review();
        // At 80×24 the detail pane is too short for the source lines.
        crate::tui::update::update(&mut state.state, crate::tui::update::Event::Resize(80, 24));
        state.keys(&[Right]);
        assert_eq!(state.review.pane, Pane::Detail);
        state.keys(&[Down]);
        assert_eq!(state.review.detail.top, 1, "arrows scroll the detail");
        assert_eq!(state.review.selected, 0, "not the list");
        state.keys(&[Left, Down]);
        assert_eq!(state.review.selected, 1, "← gives the list back");
        assert_eq!(
            state.review.detail.top, 0,
            "a new item's detail starts at its top"
        );
        state.keys(&[Zoom]);
        assert!(state.review.zoomed);
        let screen = crate::tui::testing::render(&state, &Theme::default_theme());
        assert!(screen.contains("Detail · z or Esc"), "{screen}");
        assert!(screen.contains("▶ 11 │"), "the source line shows: {screen}");
        state.keys(&[Back]);
        assert!(!state.review.zoomed);
        assert_eq!(state.review.pane, Pane::List);
        assert_eq!(state.step, StepId::Review, "Esc unzoomed, no more");
    }

    #[test]
    fn e_opens_the_source_file_at_the_line_and_y_copies_the_place() {
        let mut state = selecting("R-90526");
        state.keys(&[Edit, Copy]);
        let folder = std::path::absolute(crate::tui::testing::repo(
            "tests/fixtures/wizard/dns-needs-work",
        ))
        .unwrap();
        assert_eq!(
            state.terminal,
            [
                TerminalWork::Edit {
                    path: folder.join("base_dns.yaml"),
                    line: 14
                },
                TerminalWork::Copy("base_dns.yaml:14".to_owned())
            ]
        );
        assert!(notice_text(&state).contains("Copied base_dns.yaml:14"));
    }

    #[test]
    fn enter_on_an_entry_an_answer_wrote_goes_to_its_field() {
        let mut state = review();
        // vnf_id is ONAP's to supply: an answer for it breaks R-20856 in the environment.
        state.keys(&[Back]);
        assert_eq!(state.step, StepId::Parameters);
        let vnf_id = state
            .parameters
            .form
            .fields
            .iter()
            .position(|f| f.key == "vnf_id")
            .expect("vnf_id is asked");
        state.parameters.form.focus_first(|f| f.key != "vnf_id");
        state
            .draft
            .values
            .insert("vnf_id".to_owned(), "vnf-7".to_owned());
        let effects = state.state.changed();
        state.run(effects);
        state.settle();
        state.step = StepId::Review;
        let checked = state.review.checked().unwrap();
        let index = (0..checked.len())
            .find(|&i| checked.answer(i) == Some("parameter vnf_id"))
            .expect("an item the vnf_id answer decides");
        let position = state.review.listing.position_of(index).unwrap();
        state.review.selected = position;
        assert!(
            ReviewStep
                .hints(&state)
                .iter()
                .any(|h| h.what == "go to answer"),
            "the footer says where Enter goes"
        );
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Parameters);
        assert_eq!(
            state.parameters.form.focused().map(|f| f.key.as_str()),
            Some("vnf_id")
        );
        assert_eq!(state.parameters.form.fields[vnf_id].key, "vnf_id");
    }

    #[test]
    fn a_source_edited_on_disk_is_read_again_keeping_the_selection() {
        let dir = tempfile::tempdir().unwrap();
        let from = crate::tui::testing::repo("tests/fixtures/wizard/dns-needs-work");
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
        }
        let mut state = Wizard::start(State::new(
            crate::tui::testing::repo(""),
            Some(dir.path().to_path_buf()),
            (100, 30),
        ));
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Review);
        let count = state.review.checked().unwrap().len();
        while state.review.selected_violation().unwrap().rule.id != "R-92635/misspelt-function" {
            state.keys(&[Down]);
        }
        // The operator's editor adds a line at the top and fixes nothing else; the wizard
        // reads the set again on its return.
        let template = dir.path().join("base_dns.yaml");
        let text = std::fs::read_to_string(&template).unwrap();
        let text = text.replacen(
            "heat_template_version: 2016-10-14\n",
            "heat_template_version: 2016-10-14\n# reviewed\n",
            1,
        );
        std::fs::write(&template, text).unwrap();
        let effects = crate::tui::update::update(
            &mut state.state,
            crate::tui::update::Event::Message(crate::tui::effect::Message::Edited(Ok(()))),
        );
        assert!(matches!(effects[..], [Effect::Reread]));
        state.run(effects);
        state.settle();
        assert!(
            notice_text(&state).contains("changed on disk"),
            "{:?}",
            state.notice
        );
        let selected = state.review.selected_violation().unwrap();
        assert_eq!(selected.rule.id, "R-92635/misspelt-function");
        assert_eq!(selected.span.line, 43, "one line further down");
        assert_eq!(state.review.checked().unwrap().len(), count);
    }
}
