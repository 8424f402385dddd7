//! The review's list as shown: the evaluation's items (violations, answers that stop the
//! write, notes) narrowed by the `/` filter (best matches first), the severities shown,
//! and grouped by file or by rule under a header with counts. Built again only when one
//! of those changes, so drawing and moving only look rows up.

use std::collections::HashMap;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::super::{highlighted, row_marker, severity_symbol};
use super::{ReviewState, WAIVED_SYMBOL};
use crate::foundation::diagnostics::Severity;
use crate::session::Finding;
use crate::tui::evaluated::{Evaluated, FixView};
use crate::tui::theme::Theme;
use crate::tui::widgets::{Filter, paragraph};

/// Widest rule id column of the list.
const MAX_ID_WIDTH: usize = 28;
/// Widest `file:line` column of the list.
const MAX_PLACE_WIDTH: usize = 36;
/// The group of the items that point into no file (answers and notes).
const NO_FILE: &str = "answers and notes";
/// The group that closes the list: the findings a waiver accepts.
pub const WAIVED_GROUP: &str = "waived: accepted with a reason, not counted";

/// How the list groups its items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Grouping {
    /// One list.
    #[default]
    None,
    /// Under the file each item points into.
    File,
    /// Under each rule.
    Rule,
}

impl Grouping {
    /// The grouping `g` turns to.
    pub fn next(self) -> Grouping {
        match self {
            Grouping::None => Grouping::File,
            Grouping::File => Grouping::Rule,
            Grouping::Rule => Grouping::None,
        }
    }

    /// In words, for the footer's message.
    pub fn describe(self) -> &'static str {
        match self {
            Grouping::None => "Not grouped",
            Grouping::File => "Grouped by file",
            Grouping::Rule => "Grouped by rule",
        }
    }
}

/// A group's header: its file or rule and how many items of each severity it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The file or the rule (or [`WAIVED_GROUP`]).
    pub key: String,
    /// Errors, warnings and notes that count.
    pub counts: [usize; 3],
    /// Findings a waiver accepts.
    pub waived: usize,
}

/// One line of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// A group's header.
    Header(Group),
    /// The item at this position of the shown order.
    Item(usize),
}

/// The index of a severity in `[errors, warnings, notes]`.
pub fn slot(severity: Severity) -> usize {
    match severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Note => 2,
    }
}

/// The list as shown.
#[derive(Debug, Default)]
pub struct Listing {
    /// How items are grouped.
    pub grouping: Grouping,
    /// Errors, warnings and notes hidden (`1`, `2`, `3`).
    pub hidden: [bool; 3],
    /// The items shown (indices into the evaluation's items), in order.
    order: Vec<usize>,
    /// Headers and items.
    rows: Vec<Row>,
    /// The row of each position of `order`.
    row_of: Vec<usize>,
}

impl Listing {
    /// Builds the rows for the evaluation `shown` under the filter, the severities shown
    /// and the grouping.
    pub fn rebuild(&mut self, shown: &Evaluated, filter: &Filter) {
        let total = shown.len();
        let candidates: Vec<usize> = if filter.active() {
            (0..filter.len(total))
                .filter_map(|row| filter.item(row, total))
                .collect()
        } else {
            // Answers that stop the write and notes first, then the violations by place
            // (the waived ones, last in the evaluation, close the list in their group).
            let violations = shown.violation_count();
            (violations..total).chain(0..violations).collect()
        };
        let unhidden = candidates.into_iter().filter(|&i| {
            shown
                .item(i)
                .is_some_and(|item| !self.hidden[slot(item.severity())])
        });
        self.order.clear();
        self.rows.clear();
        self.row_of.clear();
        // Groups in the order their first item comes (the best match first when
        // filtering); not grouping, one group without a header. The waived ones last.
        let key = self.key();
        let mut groups: Vec<(Option<String>, Vec<usize>)> = Vec::new();
        let mut by_key: HashMap<Option<String>, usize> = HashMap::new();
        let mut waived = Vec::new();
        for i in unhidden {
            let Some(item) = shown.item(i) else {
                continue;
            };
            if item.waived.is_some() {
                waived.push(i);
                continue;
            }
            let name = key.map(|key| key(item));
            match by_key.get(&name) {
                Some(&g) => groups[g].1.push(i),
                None => {
                    by_key.insert(name.clone(), groups.len());
                    groups.push((name, vec![i]));
                }
            }
        }
        for (key, items) in groups {
            let header = key.map(|key| {
                let mut counts = [0; 3];
                for item in items.iter().filter_map(|&i| shown.item(i)) {
                    counts[slot(item.severity())] += 1;
                }
                Group {
                    key,
                    counts,
                    waived: 0,
                }
            });
            self.push(header, items);
        }
        if !waived.is_empty() {
            let header = Group {
                key: WAIVED_GROUP.to_owned(),
                counts: [0; 3],
                waived: waived.len(),
            };
            self.push(Some(header), waived);
        }
    }

    /// Adds a group's rows: its header, when it has one, then its items.
    fn push(&mut self, header: Option<Group>, items: Vec<usize>) {
        if let Some(header) = header {
            self.rows.push(Row::Header(header));
        }
        for i in items {
            self.row_of.push(self.rows.len());
            self.rows.push(Row::Item(self.order.len()));
            self.order.push(i);
        }
    }

    /// The group the item at `position` is shown in, when it is under a header: its key
    /// and its items (indices into the evaluation's items).
    pub fn group_of(&self, position: usize) -> Option<(&str, Vec<usize>)> {
        let row = *self.row_of.get(position)?;
        let (start, group) =
            self.rows[..row]
                .iter()
                .enumerate()
                .rev()
                .find_map(|(at, r)| match r {
                    Row::Header(group) => Some((at, group)),
                    Row::Item(_) => None,
                })?;
        let items = self.rows[start + 1..]
            .iter()
            .map_while(|r| match r {
                Row::Item(p) => self.order.get(*p).copied(),
                Row::Header(_) => None,
            })
            .collect();
        Some((group.key.as_str(), items))
    }

    /// The group key of an item, when grouping.
    fn key(&self) -> Option<fn(&Finding) -> String> {
        match self.grouping {
            Grouping::None => None,
            Grouping::File => Some(|item| item.file().unwrap_or(NO_FILE).to_owned()),
            Grouping::Rule => Some(|item| item.id().to_owned()),
        }
    }

    /// How many items are shown.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether no item is shown.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The item (index into the evaluation's items) at a position of the shown order.
    pub fn item(&self, position: usize) -> Option<usize> {
        self.order.get(position).copied()
    }

    /// Where an item is shown, if it is.
    pub fn position_of(&self, index: usize) -> Option<usize> {
        self.order.iter().position(|&i| i == index)
    }

    /// The row showing the item at `position`.
    pub fn row_of(&self, position: usize) -> usize {
        self.row_of.get(position).copied().unwrap_or(0)
    }

    /// Headers and items.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The position of the next (or previous) error after `from`, going round the list.
    pub fn next_error(&self, shown: &Evaluated, from: usize, forward: bool) -> Option<usize> {
        let count = self.order.len();
        (1..=count)
            .map(|step| {
                if forward {
                    (from + step) % count
                } else {
                    (from + count - step % count) % count
                }
            })
            .find(|&position| {
                self.item(position)
                    .and_then(|i| shown.item(i))
                    .is_some_and(|item| item.severity() == Severity::Error && item.waived.is_none())
            })
    }
}

/// Draws the rows around the selection.
pub fn draw(review: &ReviewState, shown: &Evaluated, theme: &Theme, frame: &mut Frame, area: Rect) {
    let listing = &review.listing;
    let rows = listing.rows();
    let selected_row = listing.row_of(review.selected);
    let range = review
        .window
        .range(selected_row, rows.len(), usize::from(area.height));
    // Columns as wide as the visible rows need, within bounds.
    let visible: Vec<(usize, &Finding)> = rows[range.clone()]
        .iter()
        .filter_map(|row| match row {
            Row::Item(position) => {
                let index = listing.item(*position)?;
                Some((index, shown.item(index)?))
            }
            Row::Header(_) => None,
        })
        .collect();
    let id_width = visible
        .iter()
        .map(|(_, item)| item.id().chars().count() + 1)
        .max()
        .unwrap_or(0)
        .min(MAX_ID_WIDTH);
    let place_width = visible
        .iter()
        .map(|(_, item)| item.place().chars().count() + 1)
        .max()
        .unwrap_or(0)
        .min(MAX_PLACE_WIDTH);
    let lines: Vec<Line> = rows[range]
        .iter()
        .filter_map(|row| match row {
            Row::Header(group) => Some(header(group, theme)),
            Row::Item(position) => {
                let index = listing.item(*position)?;
                let item = shown.item(index)?;
                let selected = *position == review.selected;
                Some(item_line(
                    review,
                    shown,
                    (index, item),
                    selected,
                    (id_width, place_width),
                    theme,
                ))
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

/// A group's header: `file  3  ✗ 2 ▲ 1`. It is a heading, not a row: no marker that would
/// promise it can be selected or folded.
fn header(group: &Group, theme: &Theme) -> Line<'static> {
    let total: usize = group.counts.iter().sum::<usize>() + group.waived;
    let mut spans = vec![
        Span::styled(group.key.clone(), theme.title),
        Span::styled(format!("  {total}"), theme.muted),
    ];
    for (severity, count) in [Severity::Error, Severity::Warning, Severity::Note]
        .into_iter()
        .zip(group.counts)
    {
        if count > 0 {
            spans.push(Span::styled(
                format!("  {} {count}", severity_symbol(severity)),
                theme.severity(severity),
            ));
        }
    }
    Line::from(spans)
}

/// One item: marker, severity, fix marker, rule, place, message, with what the filter
/// matched highlighted.
fn item_line(
    review: &ReviewState,
    shown: &Evaluated,
    (index, item): (usize, &Finding),
    selected: bool,
    (id_width, place_width): (usize, usize),
    theme: &Theme,
) -> Line<'static> {
    let base = if selected {
        theme.selection
    } else {
        theme.text
    };
    let severity = item.severity();
    let (symbol, style) = match item.waived {
        Some(_) => (WAIVED_SYMBOL, theme.muted),
        None => (severity_symbol(severity), theme.severity(severity)),
    };
    let indent = if review.listing.grouping == Grouping::None {
        ""
    } else {
        "  "
    };
    let mut spans = vec![
        Span::styled(format!("{}{indent}", row_marker(selected)), base),
        Span::styled(format!("{} ", symbol), if selected { base } else { style }),
        Span::styled(
            fix_marker(shown.fix(index)),
            if selected { base } else { theme.accent },
        ),
    ];
    // Highlight what the filter matched, field by field of the haystack.
    let positions = review.filter.positions(&shown.haystacks[index]);
    let (id, message, place) = (item.id(), item.message(), item.place());
    let id_len = id.chars().count();
    let message_start = id_len + 1;
    let message_len = message.chars().count();
    let place_start = message_start + message_len + 1;
    // A waived finding shows its reason (its message is in the detail).
    let (message, message_start, message_len) = match &item.waived {
        Some(waived) => {
            let start = place_start + place.chars().count() + 1;
            (waived.reason.as_str(), start, waived.reason.chars().count())
        }
        None => (message, message_start, message_len),
    };
    let part = |start: usize, len: usize| -> Vec<usize> {
        positions
            .iter()
            .filter(|&&p| p >= start && p < start + len)
            .map(|p| p - start)
            .collect()
    };
    // A cut column's characters moved: what the filter matched is not marked there.
    let column = |text: &str, width: usize, matched: Vec<usize>| {
        let (shown, cut) = pad(text, width);
        highlighted(
            &shown,
            if cut { &[] } else { &matched },
            base,
            theme.matched,
        )
    };
    spans.extend(column(id, id_width, part(0, id_len)));
    spans.extend(column(
        &place,
        place_width,
        part(place_start, place.chars().count()),
    ));
    spans.extend(highlighted(
        message,
        &part(message_start, message_len),
        base,
        theme.matched,
    ));
    Line::from(spans)
}

/// The list's fix column: `✎` a fix is ready, `✎?` it needs the operator's text.
pub fn fix_marker(fix: Option<&FixView>) -> &'static str {
    match fix {
        Some(FixView::Ready(_)) => "✎  ",
        Some(FixView::NeedsText { .. }) => "✎? ",
        Some(FixView::Unavailable(_)) | None => "   ",
    }
}

/// `text` padded to `width` cells, or shortened in the middle to them (the end tells rows
/// apart: a file name and line, a property's key), with one space after; and whether it
/// was shortened.
fn pad(text: &str, width: usize) -> (String, bool) {
    let cells = paragraph::width(text);
    if cells > width {
        (format!("{} ", paragraph::fit_middle(text, width)), true)
    } else {
        (format!("{text}{} ", " ".repeat(width - cells)), false)
    }
}
