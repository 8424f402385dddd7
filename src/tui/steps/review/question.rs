//! A question the review asks in place of the detail pane, with one text field: the text a
//! `✎?` fix writes, the reason a waiver gives. Drawn and edited the same way for both.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use crate::tui::action::Action;
use crate::tui::theme::Theme;
use crate::tui::widgets::{TextField, wrap};

/// Longest text a field takes (a description is one line for SDC's designers; a reason
/// is read in a report line).
pub const MAX_TYPED_CHARS: usize = 300;

/// What a question shows around its field.
pub struct Question<'a> {
    /// The title on its rule (`✎? Describe the parameter`).
    pub title: String,
    /// What to type, wrapped.
    pub prompt: &'a str,
    /// Lines between the prompt and the field (a waiver's scope).
    pub extra: Vec<Line<'static>>,
    /// The field.
    pub field: &'a TextField,
    /// What the keys do, under the field.
    pub keys: &'a str,
}

/// Applies an editing key to `field`; the warning to give when the field is full.
pub fn edit(field: &mut TextField, action: Action) -> Option<String> {
    if matches!(action, Action::Input(_)) && field.text().chars().count() >= MAX_TYPED_CHARS {
        return Some(format!("At most {MAX_TYPED_CHARS} characters."));
    }
    field.apply(action);
    None
}

/// Draws the question in `area`; returns where the cursor goes.
pub fn draw(question: Question<'_>, theme: &Theme, frame: &mut Frame, area: Rect) -> (u16, u16) {
    let block = Block::default()
        .borders(Borders::TOP)
        .border_style(theme.focus)
        .title(Span::styled(format!(" {} ", question.title), theme.title));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    let mut lines: Vec<Line> = wrap(question.prompt, width)
        .into_iter()
        .map(|text| Line::from(Span::styled(text, theme.text)))
        .collect();
    lines.extend(question.extra);
    let field_row = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let shown = question.field.shown(inner.width.saturating_sub(3), false);
    lines.push(Line::from(vec![
        Span::styled("› ", theme.accent),
        Span::styled(shown.text, theme.focus),
    ]));
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        question.keys.to_owned(),
        theme.muted,
    )));
    frame.render_widget(Paragraph::new(lines), inner);
    (
        inner.x + 2 + shown.cursor,
        inner.y + field_row.min(inner.height.saturating_sub(1)),
    )
}
