//! How a form's lines are drawn: the position line above the fields, a field's value (a
//! text box, a choice, a toggle) and a long choice's list.

use ratatui::text::{Line, Span};

use super::super::{Filter, paragraph};
use super::{Field, FieldKind, LONG_CHOICE, PICKER_ROWS, Picker};
use crate::tui::action::Action;
use crate::tui::keymap::label;
use crate::tui::steps::{highlighted, row_marker};
use crate::tui::theme::Theme;

/// The line above a form's fields: the filter's query (or how to open it), the fields in
/// view (`31–45 of 125`) and how many the filter matches; and the query's cursor column.
pub(super) fn position_line(
    filter: &Filter,
    range: Option<(usize, usize)>,
    (shown, total): (usize, usize),
    typing: bool,
    theme: &Theme,
    width: u16,
) -> (Line<'static>, u16) {
    let place = match range {
        Some((first, last)) if first == last => format!("{first} of {shown}"),
        Some((first, last)) => format!("{first}–{last} of {shown}"),
        None => format!("0 of {shown}"),
    };
    let narrowed = filter.editing || !filter.query().is_empty();
    if narrowed {
        let matched = if shown == total {
            String::new()
        } else {
            format!(" (of {total})")
        };
        let count = format!("  {place}{matched}");
        let room = width.saturating_sub(2 + u16::try_from(count.chars().count()).unwrap_or(0));
        let query = filter.field.shown(room, false);
        let label = if filter.editing {
            theme.focus
        } else {
            theme.muted
        };
        let at = 2 + query.cursor;
        (
            Line::from(vec![
                Span::styled("/ ", label),
                Span::styled(query.text, theme.input),
                Span::styled(count, theme.muted),
            ]),
            at,
        )
    } else {
        let keys = label(&[Action::Filter], typing);
        (
            Line::from(vec![
                Span::styled(place, theme.muted),
                Span::styled(format!(" · {keys} filters by name"), theme.muted),
            ]),
            0,
        )
    }
}

/// Where the cursor goes in a long choice's query line (after its `/ `).
pub(super) fn picker_cursor(picker: &Picker, width: usize) -> u16 {
    picker
        .filter
        .field
        .shown(u16::try_from(width).unwrap_or(u16::MAX), false)
        .cursor
        + 2
}

/// A long choice's list under its value: the query and count, then the values around the
/// selection, what the query matched highlighted.
pub(super) fn picker_lines(
    picker: &Picker,
    values: &[String],
    width: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let total = values.len();
    let shown = picker.filter.len(total);
    let query = picker
        .filter
        .field
        .shown(u16::try_from(width).unwrap_or(u16::MAX), false);
    let mut lines = vec![Line::from(vec![
        Span::raw("      "),
        Span::styled("/ ", theme.focus),
        Span::styled(query.text, theme.input),
        Span::styled(format!("  {shown} of {total}"), theme.muted),
    ])];
    let first = picker.selected.saturating_sub(PICKER_ROWS - 1);
    for row in first..(first + PICKER_ROWS).min(shown) {
        let Some(value) = picker.filter.item(row, total).and_then(|i| values.get(i)) else {
            continue;
        };
        let selected = row == picker.selected;
        let base = if selected {
            theme.selection
        } else {
            theme.text
        };
        let mut spans = vec![
            Span::raw("      "),
            Span::styled(row_marker(selected), base),
        ];
        spans.extend(highlighted(
            &paragraph::fit(value, width),
            &picker.filter.positions(value),
            base,
            theme.matched,
        ));
        lines.push(Line::from(spans));
    }
    if shown == 0 {
        lines.push(Line::from(Span::styled(
            "        no value matches",
            theme.muted,
        )));
    }
    lines
}

/// `text` split after its first `cells` cells.
pub(super) fn split_at_cells(text: &str, cells: usize) -> (String, String) {
    let mut used = 0;
    let mut at = text.len();
    for (i, c) in text.char_indices() {
        if used >= cells {
            at = i;
            break;
        }
        used += paragraph::width(c.encode_utf8(&mut [0; 4]));
    }
    (text[..at].to_owned(), text[at..].to_owned())
}

/// The value line: a text box, a choice or a toggle; and the cursor's column in a box.
pub(super) fn value_spans(
    field: &Field,
    focused: bool,
    width: usize,
    theme: &Theme,
) -> (Vec<Span<'static>>, u16) {
    let style = if focused {
        theme.focused_input()
    } else {
        theme.input
    };
    let lead = Span::raw("    ");
    match &field.kind {
        FieldKind::Text | FieldKind::Secret => {
            let masked = field.kind == FieldKind::Secret && !field.revealed;
            let shown = field
                .input
                .shown(u16::try_from(width).unwrap_or(u16::MAX), masked);
            let pad = width.saturating_sub(Span::raw(shown.text.as_str()).width());
            // Brackets mark the box in any theme, even when it is empty.
            let mut spans = vec![
                lead,
                Span::styled("[", theme.muted),
                Span::styled(format!("{}{}", shown.text, " ".repeat(pad)), style),
                Span::styled("]", theme.muted),
            ];
            if field.kind == FieldKind::Secret {
                let hint = if field.revealed {
                    "  shown (Ctrl-R hides)"
                } else {
                    "  hidden (Ctrl-R shows)"
                };
                spans.push(Span::styled(hint, theme.muted));
            } else if field.follows && !field.edited {
                spans.push(Span::styled("  as set for all modules", theme.muted));
            } else if field.clearable && field.edited && field.value().is_empty() {
                spans.push(Span::styled("  cleared: nothing is written", theme.muted));
            } else if !field.edited && field.default.as_deref().is_some_and(|d| !d.is_empty()) {
                let from = if field.clearable {
                    "  as the file gives it"
                } else {
                    "  default"
                };
                spans.push(Span::styled(from, theme.muted));
            }
            (spans, shown.cursor)
        }
        FieldKind::Choice(values) => {
            let position = values.iter().position(|v| v == field.value());
            let text = match position {
                Some(_) => field.value().to_owned(),
                None => "choose with ← →".to_owned(),
            };
            let mut count = position.map_or(String::new(), |i| {
                format!("  {} of {}", i + 1, values.len())
            });
            if values.len() > LONG_CHOICE {
                count.push_str(" · type to filter");
            }
            (
                vec![
                    lead,
                    Span::styled(format!("◀ {text} ▶"), style),
                    Span::styled(count, theme.muted),
                ],
                0,
            )
        }
        FieldKind::Supplied => {
            let spans = if field.value().is_empty() {
                vec![
                    lead,
                    Span::styled("supplied by ONAP at instantiation", theme.muted),
                ]
            } else {
                vec![
                    lead,
                    Span::styled("[", theme.muted),
                    Span::styled(field.value().to_owned(), style),
                    Span::styled("]", theme.muted),
                    Span::styled(
                        "  a file gives it, ONAP supplies it: Delete clears it",
                        theme.warning,
                    ),
                ]
            };
            (spans, 0)
        }
        FieldKind::Toggle => {
            let (text, hint) = match field.value() {
                "true" => ("[x] yes", "  Space toggles"),
                "false" => ("[ ] no", "  Space toggles"),
                _ => ("[-] unset", "  nothing is written; Space sets it"),
            };
            (
                vec![
                    lead,
                    Span::styled(text, style),
                    Span::styled(hint, theme.muted),
                ],
                0,
            )
        }
    }
}
