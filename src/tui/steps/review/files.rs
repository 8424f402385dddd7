//! The review's Files tab: every file the output would hold (each module's template and
//! environment, nested templates, artifacts, the answers file), listed with what it is
//! and its size in lines, and the selected one's text below (secrets masked). The text
//! takes focus (→), scrolls and zooms (`z`) like the detail pane; `e` opens its source in
//! the editor.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::super::row_marker;
use super::{Pane, ReviewState};
use crate::tui::evaluated::{Evaluated, Preview};
use crate::tui::theme::Theme;
use crate::tui::widgets::paragraph::{chunk_count, chunks, count, fit};
use crate::tui::widgets::{ListWindow, TextScroll};

/// Most rows the file list takes when the text is shown below it.
const MAX_LIST_ROWS: u16 = 8;

/// Where the Files tab stands.
#[derive(Debug, Default)]
pub struct FilesState {
    /// The selected file.
    pub selected: usize,
    /// The list's scroll window.
    pub window: ListWindow,
    /// The text's scroll position.
    pub text: TextScroll,
}

/// The selected file.
pub fn selected<'c>(review: &ReviewState, shown: &'c Evaluated) -> Option<&'c Preview> {
    shown.previews.get(review.files.selected)
}

/// Draws the list and the selected file's text.
pub fn draw(review: &ReviewState, shown: &Evaluated, theme: &Theme, frame: &mut Frame, area: Rect) {
    let count = shown.previews.len();
    if count == 0 {
        frame.render_widget(
            Span::styled(
                "Nothing to write yet: the answers do not resolve (see the violations).",
                theme.muted,
            ),
            area,
        );
        return;
    }
    let list_rows = if review.zoomed {
        0
    } else {
        u16::try_from(count)
            .unwrap_or(u16::MAX)
            .min(MAX_LIST_ROWS)
            .min(area.height / 3)
            .max(1)
    };
    let [list_area, text_area] =
        Layout::vertical([Constraint::Length(list_rows), Constraint::Min(1)]).areas(area);
    if list_rows > 0 {
        draw_list(review, shown, theme, frame, list_area);
    }
    let Some(preview) = selected(review, shown) else {
        return;
    };
    let focused = review.pane == Pane::Detail;
    let block = Block::default()
        .borders(Borders::TOP)
        .border_style(if focused { theme.focus } else { theme.border })
        .title(Span::styled(
            format!(" {} · {} ", preview.path, preview.title),
            theme.title,
        ));
    let inner = block.inner(text_area);
    frame.render_widget(block, text_area);
    draw_text(&preview.text, &review.files.text, theme, frame, inner);
}

fn draw_list(
    review: &ReviewState,
    shown: &Evaluated,
    theme: &Theme,
    frame: &mut Frame,
    area: Rect,
) {
    let files = &shown.previews;
    let range =
        review
            .files
            .window
            .range(review.files.selected, files.len(), usize::from(area.height));
    let path_width = files
        .iter()
        .map(|f| f.path.chars().count())
        .max()
        .unwrap_or(0)
        .min(usize::from(area.width) / 2);
    let lines: Vec<Line> = range
        .map(|i| {
            let file = &files[i];
            let selected = i == review.files.selected;
            let style = if selected {
                theme.selection
            } else {
                theme.text
            };
            let lines = count(file.text.lines().count(), "line");
            Line::from(vec![
                Span::styled(row_marker(selected), style),
                Span::styled(
                    format!("{:<path_width$}  ", fit(&file.path, path_width)),
                    style,
                ),
                Span::styled(
                    format!("{} · {lines}", file.title),
                    if selected { style } else { theme.muted },
                ),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

/// A file's text with line numbers, from the scroll position; a line wider than the pane
/// continues on the next rows under an empty number, so nothing is cut. Only the visible
/// lines are cut into rows.
pub fn draw_text(text: &str, scroll: &TextScroll, theme: &Theme, frame: &mut Frame, area: Rect) {
    let number_width = text.lines().count().max(1).to_string().len();
    let width = usize::from(area.width).saturating_sub(number_width + 3);
    let total: usize = text
        .lines()
        .map(|l| chunk_count(&l.replace('\t', "    "), width))
        .sum();
    let height = usize::from(area.height);
    let top = scroll.window(total, height);
    let mut rows: Vec<Line> = Vec::with_capacity(height);
    let mut row = 0;
    for (i, line) in text.lines().enumerate() {
        if rows.len() >= height {
            break;
        }
        let line = line.replace('\t', "    ");
        let parts = chunk_count(&line, width);
        if row + parts <= top {
            row += parts;
            continue;
        }
        for (part, chunk) in chunks(&line, width).into_iter().enumerate() {
            if row >= top && rows.len() < height {
                let number = if part == 0 {
                    (i + 1).to_string()
                } else {
                    String::new()
                };
                rows.push(Line::from(vec![
                    Span::styled(format!("{number:>number_width$} │ "), theme.muted),
                    Span::styled(chunk, theme.text),
                ]));
            }
            row += 1;
        }
    }
    frame.render_widget(Paragraph::new(rows), area);
}
