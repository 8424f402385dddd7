//! Step 8, Review: the live validation panes. A header counts the items by severity; the
//! list (rule, severity, file:line, message) holds the output set's violations, the answers
//! that stop the write and the conversion's and composition's notes; `/` filters it
//! fuzzily (best matches first), `1` `2` `3` show or hide errors, warnings and notes, `g`
//! groups it by file or by rule, `]`/`[` go to the next or previous error. The detail pane
//! gives the selected item in full (focus it with →, scroll it, zoom it with `z`); Enter on
//! an item an answer decides goes to that answer's field, `e` opens its file at its line in
//! the operator's editor, `c` copies its place in the source; `w` waives a finding (or its
//! group's) with a reason, `x` takes the waiver back, and the waived ones close the list;
//! `p` checks with the next rule profile, which the header names with the project config;
//! `r` writes the findings as an HTML report beside the output. The Files tab shows every
//! output file. Only visible rows are ever built.
//!
//! One module per part: `header` (tabs, banner, counts), `keys` (the footer's and the
//! help's keys), `list` (the rows as shown), `detail`, `files` (the Files tab), `fixes`
//! (previewing, applying and undoing automatic fixes), `waive` (waivers as answers),
//! `profile` (the rule profile), `report` (the HTML report), `question` (a text field asked
//! for in place of the detail) and `places` (where an item leads).

mod detail;
mod files;
mod fixes;
mod header;
mod keys;
mod list;
mod places;
mod profile;
mod question;
pub mod report;
mod waive;
pub mod write_back;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Span;
use ratatui::widgets::Paragraph;

use super::{
    BACK, CONFIRM, Cursor, FILTERING, Hint, MOVE, Step, TYPE, filter_cursor, filter_line, hint,
    lasting,
};
use crate::foundation::diagnostics::{Severity, Violation, WaivedBy};
use crate::session::Finding;
use crate::tui::action::Action;
use crate::tui::effect::Effect;
use crate::tui::evaluated::{Evaluated, PlannedFix};
use crate::tui::keymap::{Binding, REVIEW_BINDINGS};
use crate::tui::state::{State, Verdict};
use crate::tui::theme::Theme;
use crate::tui::widgets::{Filter, ListWindow, TextScroll, navigate};

use header::{banner_lines, count_line, tab_line};
use keys::{Browsing, browsing_hints};

pub use files::FilesState;
pub use fixes::{TypedFix, planned};
pub use list::{Grouping, Listing};

/// What marks a waived finding in the list and the counts: accepted, not counted.
pub const WAIVED_SYMBOL: &str = "~";

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
    /// A waiver's reason being typed (`w`): Enter records the waiver in the answers.
    pub waiving: Option<waive::Waiving>,
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
            waiving: None,
            planning: false,
            write_back: write_back::WriteBackState::default(),
            unreadable: None,
            returning: None,
        }
    }
}

impl ReviewState {
    /// How many items the list shows.
    fn shown(&self) -> usize {
        self.listing.len()
    }

    /// The index (into the evaluation's items) of the selected item.
    pub fn selected_index(&self) -> Option<usize> {
        self.listing.item(self.selected)
    }

    /// Builds the shown list of `evaluated` again, keeping the selected item selected when
    /// it is still shown.
    fn relist(&mut self, evaluated: Option<&Evaluated>) {
        let kept = self.selected_index();
        let Some(evaluated) = evaluated else {
            return;
        };
        self.listing.rebuild(evaluated, &self.filter);
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

    /// A new evaluation replaces `old`: the list is built for it, keeping the same item
    /// selected when it is still there (the same message first, when a place holds
    /// several), or the violation an undo brings back.
    pub fn show(&mut self, old: Option<&Evaluated>, evaluated: &Evaluated) {
        let kept = old.zip(self.selected_index()).and_then(|(old, i)| {
            let message = old.item(i)?.message().to_owned();
            Some((identity(old, i)?, message))
        });
        let returning = self.returning.take().and_then(|wanted| {
            (0..evaluated.violation_count())
                .find(|&i| identity(evaluated, i).as_ref() == Some(&wanted))
        });
        let found = returning.or_else(|| {
            kept.and_then(|(identity_kept, message)| {
                let same: Vec<usize> = (0..evaluated.len())
                    .filter(|&i| identity(evaluated, i).as_ref() == Some(&identity_kept))
                    .collect();
                same.iter()
                    .copied()
                    .find(|&i| {
                        evaluated
                            .item(i)
                            .is_some_and(|item| item.message() == message)
                    })
                    .or(same.first().copied())
            })
        });
        self.filter.invalidate();
        self.filter.apply(&evaluated.haystacks);
        self.listing.rebuild(evaluated, &self.filter);
        let position = found.and_then(|i| self.listing.position_of(i));
        if position != Some(self.selected) || found.is_none() {
            self.detail.home();
        }
        // Gone (fixed): the same row, which now shows the next item.
        self.selected =
            position.unwrap_or_else(|| self.selected.min(self.listing.len().saturating_sub(1)));
        if self.files.selected >= evaluated.previews.len() {
            self.files.selected = 0;
            self.files.text.home();
        }
        if !tabs_of(Some(evaluated)).contains(&self.tab) {
            self.tab = Tab::Violations;
        }
    }
}

impl State {
    /// The item selected in the review, when there is one.
    pub fn selected_finding(&self) -> Option<&Finding> {
        self.evaluated()?.item(self.review.selected_index()?)
    }

    /// The violation selected in the review, when a violation is.
    pub fn selected_violation(&self) -> Option<&Violation> {
        self.selected_finding()?.violation()
    }
}

/// What identifies an item across evaluations: a violation by rule, file and key path
/// (its line moves when the file is edited), a remark by its kind, subject and message.
fn identity(evaluated: &Evaluated, index: usize) -> Option<(String, String, String)> {
    let finding = evaluated.item(index)?;
    Some(match (finding.violation(), finding.remark_of()) {
        (Some(v), _) => (v.rule.id.to_owned(), v.file.clone(), v.path.clone()),
        (None, Some(r)) => (
            r.kind.label().to_owned(),
            r.subject.clone(),
            r.message.clone(),
        ),
        (None, None) => return None,
    })
}

/// How the step stands for the step strip: problems while nothing can be written,
/// warnings when an item warns; none before the first result.
fn verdict(state: &State) -> Option<Verdict> {
    let evaluated = state.evaluated()?;
    Some(if !state.ready() {
        Verdict::Problems
    } else if evaluated.count(Severity::Warning) > 0 {
        Verdict::Warnings
    } else {
        Verdict::Valid
    })
}

/// The tabs an evaluation gives: the Files tab once there are files to show.
fn tabs_of(evaluated: Option<&Evaluated>) -> Vec<Tab> {
    if evaluated.is_some_and(|c| !c.previews.is_empty()) {
        vec![Tab::Violations, Tab::Files]
    } else {
        vec![Tab::Violations]
    }
}

/// Keys while the filter's query has focus.
fn filter_update(state: &mut State, action: Action) {
    let evaluated = state.evaluation.clone();
    let evaluated = evaluated.as_deref();
    let review = &mut state.review;
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
            if let Some(evaluated) = evaluated {
                review.filter.apply(&evaluated.haystacks);
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
        review.relist(evaluated);
        review.select(0);
    }
}

/// Keys of the Violations tab.
fn violations_update(state: &mut State, action: Action) -> Vec<Effect> {
    let evaluated = state.evaluation.clone();
    let evaluated = evaluated.as_deref();
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
        Action::Waive => return waive::start(state),
        Action::TakeBackWaiver => return waive::take_back(state),
        Action::NextError | Action::PreviousError => {
            let forward = action == Action::NextError;
            let next =
                evaluated.and_then(|c| review.listing.next_error(c, review.selected, forward));
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
            review.relist(evaluated);
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
            review.relist(evaluated);
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
    let evaluated = state.evaluation.clone();
    let review = &mut state.review;
    if review.zoomed {
        review.zoomed = false;
        review.pane = Pane::List;
    } else if review.pane == Pane::Detail {
        review.pane = Pane::List;
    } else if !review.filter.query().is_empty() {
        review.filter.clear();
        review.relist(evaluated.as_deref());
        state.tell("Filter cleared (Esc again goes back a step).");
    } else {
        state.go_back();
    }
}

/// Keys of the Files tab.
fn files_update(state: &mut State, action: Action) -> Vec<Effect> {
    let count = state.evaluated().map_or(0, |c| c.previews.len());
    let review = &mut state.review;
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

/// The validation panes and previews.
pub struct ReviewStep;

impl Step for ReviewStep {
    fn done(&self, state: &State) -> bool {
        state.ready()
    }

    fn verdict(&self, state: &State) -> Option<Verdict> {
        verdict(state)
    }

    /// Keys of the review step.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect> {
        if state.review.filter.editing {
            filter_update(state, action);
            return Vec::new();
        }
        let tabs = tabs_of(state.evaluated());
        let review = &mut state.review;
        if review.typing.is_some() {
            return fixes::typing_update(state, action);
        }
        if review.waiving.is_some() {
            return waive::typing_update(state, action);
        }
        if review.fix.is_some() {
            return fixes::fix_preview_update(state, action);
        }
        if review.write_back.asking.is_some() {
            return write_back::update(state, action);
        }
        match action {
            Action::NextField | Action::PreviousField => {
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
            Action::NextProfile => return profile::next(state),
            Action::WriteReport => return report::start(state),
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
        let tabs = tab_line(review, state.evaluated(), theme);
        if let Some(evaluated) = state.evaluated() {
            // The profile and the config on the right, after the tabs.
            let [_, header_area] = Layout::horizontal([
                Constraint::Length(u16::try_from(tabs.width() + 2).unwrap_or(u16::MAX)),
                Constraint::Min(0),
            ])
            .areas(tabs_area);
            frame.render_widget(
                Paragraph::new(profile::header(
                    evaluated,
                    usize::from(header_area.width),
                    theme,
                ))
                .alignment(ratatui::layout::Alignment::Right),
                header_area,
            );
        }
        frame.render_widget(tabs, tabs_area);
        let Some(checked) = state.evaluated() else {
            frame.render_widget(Span::styled("Validating…", theme.muted), counts_area);
            return None;
        };
        frame.render_widget(
            count_line(review, checked, state.evaluating, theme),
            counts_area,
        );
        if let Some(plan) = &review.fix {
            fixes::draw_fix(plan, &review.fix_scroll, theme, frame, rest);
            return None;
        }
        if let Some(plan) = &review.write_back.asking {
            write_back::view(plan, theme, frame, rest);
            return None;
        }
        let banner = banner_lines(review, checked, theme, usize::from(rest.width));
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
        // A click on an item's row selects it (`--mouse`); headings take none.
        let rows = review.listing.rows();
        let range = review.window.range(
            review.listing.row_of(review.selected),
            rows.len(),
            usize::from(list_area.height),
        );
        for (line, row) in rows[range].iter().enumerate() {
            if let list::Row::Item(position) = row {
                let y = list_area.y + u16::try_from(line).unwrap_or(u16::MAX);
                state.clicks.add(
                    Rect::new(list_area.x, y, list_area.width, 1),
                    crate::tui::clicks::Target::Row(*position),
                );
            }
        }
        if let Some(typing) = &review.typing {
            return Some(fixes::draw_typing(typing, theme, frame, detail_area));
        }
        if let Some(waiving) = &review.waiving {
            return Some(waive::draw(waiving, theme, frame, detail_area));
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
        if let Some(plan) = &review.fix {
            let mut hints = vec![hint(MOVE, "scroll"), lasting(BACK, "close")];
            if !plan.records.is_empty() {
                hints.insert(0, lasting(CONFIRM, "apply fix"));
            }
            return hints;
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
        if let Some(waiving) = &review.waiving {
            let mut hints = vec![hint(TYPE, "reason"), lasting(CONFIRM, "waive")];
            if waiving.group.is_some() {
                hints.push(hint(&[Action::NextField], "finding or group"));
            }
            hints.push(lasting(BACK, "cancel"));
            return hints;
        }
        if review.filter.editing {
            return FILTERING.to_vec();
        }
        let waiver = match state
            .selected_finding()
            .map(|f| f.waived.as_ref().map(|w| w.by))
        {
            Some(Some(WaivedBy::Answers)) => Some(Action::TakeBackWaiver),
            Some(None) => Some(Action::Waive),
            Some(Some(_)) | None => None,
        };
        browsing_hints(&Browsing {
            tab: review.tab,
            pane: review.pane,
            zoomed: review.zoomed,
            files: tabs_of(state.evaluated()).len() > 1,
            answers: review.tab == Tab::Violations
                && review
                    .selected_index()
                    .is_some_and(|i| state.evaluated().and_then(|c| c.answer(i)).is_some()),
            waiver,
            filtered: !review.filter.query().is_empty(),
            help: false,
        })
    }

    /// A click on an item selects it, the list taking the keys.
    fn click(&self, state: &mut State, index: usize) -> Vec<Effect> {
        let review = &mut state.review;
        if review.tab == Tab::Violations && index < review.shown() {
            review.pane = Pane::List;
            review.zoomed = false;
            review.select(index);
        }
        Vec::new()
    }

    /// The review's keys as the list shows them, whatever is selected or open: the help
    /// lists them in this order every time.
    fn help_hints(&self, _: &State) -> Vec<Hint> {
        browsing_hints(&Browsing {
            tab: Tab::Violations,
            pane: Pane::List,
            zoomed: false,
            files: true,
            answers: false,
            waiver: None,
            filtered: false,
            help: true,
        })
    }

    fn text_focused(&self, state: &State) -> bool {
        state.review.filter.editing
            || state.review.typing.is_some()
            || state.review.waiving.is_some()
    }

    /// `]` `[` and `c` go to the next or previous error and copy, unless a write-back
    /// question is open.
    fn key_layer(&self, state: &State) -> &'static [Binding] {
        if state.review.write_back.asking.is_none() {
            REVIEW_BINDINGS
        } else {
            &[]
        }
    }
}

#[cfg(test)]
mod tests;
