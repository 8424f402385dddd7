//! `view(state, theme, frame)`: draws the whole wizard from its state, with no I/O. The
//! frame is a header with the step indicator, the step strip, the step in a pane, a status
//! line and the key hints; overlays (help, questions) go on top.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Wrap};

use super::keymap::help_lines;
use super::state::{MIN_SIZE, Overlay, State, StepId, StepStatus};
use super::steps::{self, Hint};
use super::theme::Theme;

/// Draws the wizard.
pub fn view(state: &State, theme: &Theme, frame: &mut Frame) {
    let area = frame.area();
    if state.too_small() {
        too_small(state, theme, frame, area);
        return;
    }
    let [header, strip, body, status, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(header_line(state, theme, header.width), header);
    frame.render_widget(strip_line(state, theme, strip.width), strip);
    let block = Block::bordered()
        .border_style(theme.border)
        .title(Span::styled(
            format!(" {} ", state.step.title()),
            theme.title,
        ));
    let inner = block.inner(body);
    frame.render_widget(block, body);
    let inner = Rect {
        x: inner.x + 1,
        width: inner.width.saturating_sub(2),
        ..inner
    };
    let cursor = steps::view(state, theme, frame, inner);
    frame.render_widget(status_line(state, theme), status);
    frame.render_widget(
        hint_line(
            &steps::hints(state),
            state.text_focused(),
            theme,
            footer.width,
        ),
        footer,
    );
    match &state.overlay {
        Some(Overlay::Help) => help(state, theme, frame, area),
        Some(Overlay::ConfirmQuit) => {
            let keys = match &state.save_to {
                Some(path) => format!(
                    "y quit · s save the answers to {} and quit · n stay",
                    path.display()
                ),
                None => "y quit · n stay".to_owned(),
            };
            question(
                theme,
                frame,
                area,
                "Quit without saving?",
                "Your answers are not written anywhere yet and will be lost.",
                &keys,
            );
        }
        Some(Overlay::ConfirmDecline) => question(
            theme,
            frame,
            area,
            "Decline the licence?",
            "The wizard ends here and nothing is written.",
            "y decline and quit · n back to the licence",
        ),
        None => {
            if let Some(position) = cursor {
                frame.set_cursor_position(position);
            }
        }
    }
}

fn header_line(state: &State, theme: &Theme, width: u16) -> Line<'static> {
    let source = state
        .opened
        .as_ref()
        .map(|l| format!("{} ({})", l.path.display(), l.kind.label()))
        .or_else(|| {
            state
                .source
                .opening
                .as_ref()
                .map(|o| format!("{} (opening)", o.path.display()))
        })
        .unwrap_or_default();
    let left = format!(" vnfwiz  {source}");
    let right = format!(
        "[{}/{}] {} ",
        state.step.number(),
        StepId::ALL.len(),
        state.step.title()
    );
    let gap = usize::from(width).saturating_sub(left.chars().count() + right.chars().count());
    Line::from(vec![
        Span::styled(" vnfwiz", theme.title),
        Span::styled(format!("  {source}"), theme.muted),
        Span::raw(" ".repeat(gap)),
        Span::styled(right, theme.accent.add_modifier(Modifier::BOLD)),
    ])
}

/// Each step's mark: done, skipped, current or to come.
fn mark(state: &State, step: StepId) -> &'static str {
    if step == state.step {
        return "●";
    }
    match state.status(step) {
        StepStatus::Done => "✓",
        StepStatus::Skipped(_) => "–",
        StepStatus::Open | StepStatus::Pending => "○",
    }
}

fn strip_line(state: &State, theme: &Theme, width: u16) -> Line<'static> {
    // Each step is "✓ Name" and a space.
    let full: usize = StepId::ALL
        .iter()
        .map(|s| s.short().chars().count() + 3)
        .sum::<usize>()
        + 1;
    let compact = full > usize::from(width);
    let mut spans = vec![Span::raw(" ")];
    for step in StepId::ALL {
        let current = step == state.step;
        let skipped = matches!(state.status(step), StepStatus::Skipped(_));
        let style = if current {
            theme.selection
        } else if skipped {
            theme.muted.add_modifier(Modifier::CROSSED_OUT)
        } else {
            theme.muted
        };
        let text = if compact && !current {
            format!("{} ", mark(state, step))
        } else {
            format!("{} {}", mark(state, step), step.short())
        };
        spans.push(Span::styled(text, style));
        if !compact || current {
            spans.push(Span::raw(" "));
        }
    }
    Line::from(spans)
}

fn status_line(state: &State, theme: &Theme) -> Line<'static> {
    if let Some(notice) = &state.notice {
        return if notice.problem {
            Line::from(Span::styled(format!(" ✗ {}", notice.text), theme.error))
        } else {
            Line::from(Span::styled(format!(" {}", notice.text), theme.accent))
        };
    }
    // Say why the steps after this one are skipped, so nothing vanishes unexplained.
    let skipped: Vec<String> = StepId::ALL
        .iter()
        .filter(|s| **s > state.step)
        .filter_map(|s| match state.status(*s) {
            StepStatus::Skipped(why) if state.opened.is_some() => {
                Some(format!("{}: {why}", s.short()))
            }
            _ => None,
        })
        .take(1)
        .collect();
    match skipped.first() {
        Some(text) => Line::from(Span::styled(format!(" – skipped {text}"), theme.muted)),
        None => Line::default(),
    }
}

/// The footer: the step's key hints, then help and quit, which always stay. When they do
/// not fit, the gaps narrow, then hints give way from the right: the step's other keys
/// first, its way on and back (`lasting`) last (`?` lists them all).
fn hint_line(hints: &[Hint], text_focused: bool, theme: &Theme, width: u16) -> Line<'static> {
    let quit = if text_focused { "Ctrl-C" } else { "q" };
    let help = if text_focused { "F1" } else { "?" };
    let fixed = [(help, "help"), (quit, "quit")];
    // Which hint goes first, second, … when space runs out.
    let dropping: Vec<usize> = (0..hints.len())
        .rev()
        .filter(|&i| !hints[i].lasting)
        .chain((0..hints.len()).rev().filter(|&i| hints[i].lasting))
        .collect();
    let dropping = dropping.as_slice();
    let kept = |dropped: usize| {
        hints
            .iter()
            .enumerate()
            .filter(move |(i, _)| !dropping[..dropped].contains(i))
            .map(|(_, h)| (h.keys, h.what))
            .chain(fixed)
    };
    let length = |dropped: usize, gap: usize| -> usize {
        1 + kept(dropped)
            .map(|(keys, what)| keys.chars().count() + 1 + what.chars().count() + gap)
            .sum::<usize>()
            - gap
    };
    let width = usize::from(width);
    let (dropped, gap) = (0..=hints.len())
        .flat_map(|dropped| [3, 2].map(|gap| (dropped, gap)))
        .find(|&(dropped, gap)| length(dropped, gap) <= width)
        .unwrap_or((hints.len(), 2));
    let mut spans = vec![Span::raw(" ")];
    for (i, (keys, what)) in kept(dropped).enumerate() {
        if i > 0 {
            spans.push(Span::raw(" ".repeat(gap)));
        }
        spans.push(Span::styled(keys.to_owned(), theme.key));
        spans.push(Span::styled(format!(" {what}"), theme.muted));
    }
    Line::from(spans)
}

/// A rectangle of at most `width`×`height` in the middle of `area`.
fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

fn question(theme: &Theme, frame: &mut Frame, area: Rect, title: &str, text: &str, keys: &str) {
    let rect = centered(area, 64, 8);
    frame.render_widget(Clear, rect);
    let block = Block::bordered()
        .border_style(theme.focus)
        .title(Span::styled(format!(" {title} "), theme.title));
    let lines = vec![
        Line::from(Span::styled(text.to_owned(), theme.text)),
        Line::default(),
        Line::from(Span::styled(keys.to_owned(), theme.key)),
    ];
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(block.padding(Padding::new(1, 1, 1, 0))),
        rect,
    );
}

fn help(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) {
    let step_hints = steps::hints(state);
    let global = help_lines();
    let key_width = global
        .iter()
        .map(|(k, _)| k.chars().count())
        .chain(step_hints.iter().map(|h| h.keys.chars().count()))
        .max()
        .unwrap_or(0)
        + 2;
    let row = |keys: &str, what: &str| {
        Line::from(vec![
            Span::styled(format!("  {keys:<key_width$}"), theme.key),
            Span::styled(what.to_owned(), theme.text),
        ])
    };
    let mut lines = vec![Line::from(Span::styled(
        format!("In {}", state.step.title()),
        theme.title,
    ))];
    lines.extend(step_hints.iter().map(|h| row(h.keys, h.what)));
    lines.push(Line::default());
    lines.push(Line::from(Span::styled("Everywhere", theme.title)));
    lines.extend(global.iter().map(|(k, w)| row(k, w)));
    let rect = centered(area, 84, area.height.saturating_sub(2));
    frame.render_widget(Clear, rect);
    let block = Block::bordered()
        .border_style(theme.focus)
        .title(Span::styled(" Keys ", theme.title))
        .title_bottom(Span::styled(
            " ↑↓ PgUp PgDn scroll · Esc or ? closes ",
            theme.muted,
        ));
    let top = state
        .help
        .window(lines.len(), usize::from(block.inner(rect).height));
    let shown: Vec<Line> = lines.into_iter().skip(top).collect();
    frame.render_widget(Paragraph::new(shown).block(block), rect);
}

fn too_small(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) {
    let (columns, rows) = state.size;
    let lines = vec![
        Line::from(Span::styled("Terminal too small", theme.title)),
        Line::default(),
        Line::from(Span::styled(
            format!(
                "This window is {columns}×{rows}; the wizard needs at least {}×{}.",
                MIN_SIZE.0, MIN_SIZE.1
            ),
            theme.text,
        )),
        Line::from(Span::styled(
            "Enlarge it to go on, or press q to quit.",
            theme.muted,
        )),
    ];
    let height = u16::try_from(lines.len()).unwrap_or(4);
    let rect = Rect {
        y: area.y + area.height.saturating_sub(height) / 2,
        height: height.min(area.height),
        ..area
    };
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .alignment(ratatui::layout::HorizontalAlignment::Center),
        rect,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::steps::{hint, lasting};

    fn footer(width: u16) -> String {
        let hints = [
            hint("↑↓ PgUp PgDn", "move"),
            hint("/", "filter"),
            hint("f", "preview fix"),
            hint("F", "all safe fixes"),
            hint("Tab", "next tab"),
            lasting("Enter", "next"),
            lasting("Ctrl-S", "write"),
            lasting("Esc", "back"),
        ];
        let line = hint_line(&hints, false, &Theme::default_theme(), width);
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn a_narrow_footer_drops_other_keys_before_the_way_on_and_back() {
        let wide = footer(200);
        assert!(wide.contains("Tab next tab   Enter next"), "{wide}");
        let narrow = footer(100);
        assert!(narrow.chars().count() <= 100, "{narrow}");
        for kept in [
            "↑↓ PgUp PgDn move",
            "Enter next",
            "Ctrl-S write",
            "Esc back",
            "? help",
        ] {
            assert!(narrow.contains(kept), "{kept} kept: {narrow}");
        }
        assert!(
            !narrow.contains("Tab next tab"),
            "the last other key went first: {narrow}"
        );
        let tiny = footer(30);
        assert!(tiny.contains("? help") && tiny.contains("q quit"), "{tiny}");
    }
}
