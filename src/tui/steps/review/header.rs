//! The review's header: the tabs (with the profile and config beside them, `profile.rs`),
//! the banner saying why nothing can be written yet, and the counts by severity.

use ratatui::text::{Line, Span};

use super::{Grouping, ReviewState, Tab, WAIVED_SYMBOL, list, tabs_of};
use crate::foundation::diagnostics::Severity;
use crate::tui::evaluated::Evaluated;
use crate::tui::theme::Theme;
use crate::tui::widgets::paragraph::count;
use crate::tui::widgets::wrap;

/// Most lines of the banner above the list (why nothing can be written yet).
const MAX_BANNER_LINES: usize = 3;

pub(super) fn tab_line(
    review: &ReviewState,
    evaluated: Option<&Evaluated>,
    theme: &Theme,
) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, tab) in tabs_of(evaluated).into_iter().enumerate() {
        let title = match tab {
            Tab::Violations => format!("Violations ({})", evaluated.map_or(0, Evaluated::len)),
            Tab::Files => format!("Files ({})", evaluated.map_or(0, |c| c.previews.len())),
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
pub(super) fn banner_lines(
    review: &ReviewState,
    evaluated: &Evaluated,
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
    let refused = &evaluated.gate.refused;
    if !refused.is_empty() {
        lines.push(Line::from(Span::styled(
            format!(
                "✗ Not ready to write: {} below; Enter on an answer goes to its field.",
                count(refused.len(), "reason")
            ),
            theme.error,
        )));
    }
    lines.truncate(MAX_BANNER_LINES);
    lines
}

/// The counts by severity, each marked when hidden, with the grouping and the run.
pub(super) fn count_line(
    review: &ReviewState,
    evaluated: &Evaluated,
    running: bool,
    theme: &Theme,
) -> Line<'static> {
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
        let text = format!("{symbol} {}", count(evaluated.count(severity), word));
        if hidden {
            spans.push(Span::styled(format!("{text} (hidden)"), theme.muted));
        } else {
            spans.push(Span::styled(text, theme.severity(severity)));
        }
    }
    let waived = evaluated.waived_count();
    if waived > 0 {
        spans.push(Span::styled(
            format!("   {WAIVED_SYMBOL} {waived} waived"),
            theme.muted,
        ));
    }
    if review.listing.grouping != Grouping::None {
        spans.push(Span::styled(
            format!("   {}", review.listing.grouping.describe().to_lowercase()),
            theme.muted,
        ));
    }
    if running {
        spans.push(Span::styled("   validating…", theme.accent));
    } else if evaluated.is_empty() {
        spans.push(Span::styled("   ✓ no violations", theme.success));
    } else if evaluated.no_violation() && evaluated.count(Severity::Error) == 0 && waived == 0 {
        // Only notes are listed: the conversion's or composition's, no rule's violation.
        spans.push(Span::styled("   ✓ no rule violated", theme.success));
    }
    Line::from(spans)
}
