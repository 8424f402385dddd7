//! The review's detail pane: for the selected violation its place, message, fix, the
//! source lines with the offending one marked, the rule's summary and how to fix it; for
//! an answer problem, a note or a file not checked its subject and message in full. The
//! pane takes focus (→), scrolls, and zooms to the whole step (`z`), so a small terminal
//! shows all of it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::super::severity_marker;
use super::{Pane, ReviewState};
use crate::foundation::diagnostics::Violation;
use crate::output::report::render::text::waived_line;
use crate::session::Remark;
use crate::tui::evaluated::{Evaluated, FileText, FixView};
use crate::tui::theme::Theme;
use crate::tui::widgets::wrap;

/// Source lines shown before and after the offending one.
const CONTEXT_LINES: usize = 2;
/// Source lines shown around it when the pane is zoomed.
const ZOOMED_CONTEXT_LINES: usize = 8;

/// Draws the selected item's detail in `area`, scrolled as the operator left it.
pub fn draw(review: &ReviewState, shown: &Evaluated, theme: &Theme, frame: &mut Frame, area: Rect) {
    let focused = review.pane == Pane::Detail;
    let mut block = Block::default()
        .borders(Borders::TOP)
        .border_style(if focused { theme.focus } else { theme.border });
    if review.zoomed {
        block = block.title(Span::styled(
            " Detail · z or Esc: back to the list ",
            theme.title,
        ));
    } else if focused {
        block = block.title(Span::styled(" Detail · ↑↓ scroll · ← list ", theme.title));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let Some(index) = review.selected_index() else {
        let text = if shown.is_empty() {
            "Nothing to fix."
        } else if review.filter.active() {
            "No violation matches the filter; Esc clears it."
        } else {
            "Every violation is hidden: 1, 2 and 3 show errors, warnings and notes."
        };
        frame.render_widget(Span::styled(text, theme.muted), inner);
        return;
    };
    let width = usize::from(inner.width);
    let context = if review.zoomed {
        ZOOMED_CONTEXT_LINES
    } else {
        CONTEXT_LINES
    };
    let lines = match shown.item(index) {
        Some(item) => match (item.violation(), item.remark_of()) {
            (Some(v), _) => violation_lines(shown, index, v, theme, width, context),
            (None, Some(remark)) => remark_lines(remark, item.answer.as_deref(), theme, width),
            (None, None) => Vec::new(),
        },
        None => Vec::new(),
    };
    let height = usize::from(inner.height);
    let top = review.detail.window(lines.len(), height);
    let shown: Vec<Line> = lines.into_iter().skip(top).take(height).collect();
    frame.render_widget(Paragraph::new(shown), inner);
}

/// Columns of the label column (`Answer` and a space).
const LABEL_WIDTH: usize = 7;

/// `text` wrapped under a label column (`Rule   …`).
fn labelled(label: &str, text: &str, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    wrap(text, width.saturating_sub(LABEL_WIDTH))
        .into_iter()
        .enumerate()
        .map(|(i, text)| {
            let lead = if i == 0 {
                format!("{label:<LABEL_WIDTH$}")
            } else {
                " ".repeat(LABEL_WIDTH)
            };
            Line::from(vec![
                Span::styled(lead, theme.muted),
                Span::styled(text, theme.text),
            ])
        })
        .collect()
}

/// The line telling where Enter takes the operator, for an item an answer decides.
fn answer_line(subject: &str, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    labelled(
        "Answer",
        &format!("{subject}: Enter goes to its field"),
        width,
        theme,
    )
}

fn violation_lines(
    shown: &Evaluated,
    index: usize,
    v: &Violation,
    theme: &Theme,
    width: usize,
    context: usize,
) -> Vec<Line<'static>> {
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
    if let Some(waived) = shown.item(index).and_then(|f| f.waived.as_ref()) {
        lines.extend(labelled("Waived", &waived_line(waived), width, theme));
    }
    if let Some(fix) = shown.fix(index) {
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
        lines.extend(labelled("Auto", &text, width, theme));
    }
    if let Some(subject) = shown.answer(index) {
        lines.extend(answer_line(subject, width, theme));
    }
    if let Some(file) = shown.files.get(&v.file) {
        lines.extend(snippet(file, v, context, theme));
    }
    lines.extend(labelled("Rule", v.rule.summary, width, theme));
    for twin in &v.also {
        let text = format!("{} ({}): {}", twin.id, twin.keyword.as_str(), twin.summary);
        lines.extend(labelled("Also", &text, width, theme));
    }
    lines.extend(labelled("Fix", v.rule.fix, width, theme));
    lines
}

fn remark_lines(
    finding: &Remark,
    answer: Option<&str>,
    theme: &Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let severity = finding.severity;
    let mut head = vec![
        Span::styled(severity_marker(severity), theme.severity(severity)),
        Span::styled(format!(" · {}", finding.kind.label()), theme.title),
        Span::styled(format!(" · {}", finding.subject), theme.muted),
    ];
    if !finding.rule.is_empty() {
        head.push(Span::styled(format!(" [{}]", finding.rule), theme.muted));
    }
    let mut lines = vec![Line::from(head)];
    for text in wrap(&finding.message, width) {
        lines.push(Line::from(Span::styled(text, theme.text)));
    }
    if let Some(subject) = answer {
        lines.extend(answer_line(subject, width, theme));
    }
    lines
}

/// The lines around a violation with its own marked and a caret under its column.
fn snippet(file: &FileText, v: &Violation, context: usize, theme: &Theme) -> Vec<Line<'static>> {
    let line = v.span.line as usize;
    if line == 0 {
        return Vec::new();
    }
    let first = line.saturating_sub(context).max(1);
    let number_width = (line + context).to_string().len();
    let mut lines = Vec::new();
    for n in first..=line + context {
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
