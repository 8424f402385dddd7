//! `view(state, theme, frame)`: draws the whole wizard from its state, with no I/O. The
//! frame is a header with the step indicator, the step strip, the step in a pane, a status
//! line and the key hints; overlays (help, questions) go on top.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph};

use super::action::Action;
use super::clicks::Target;
use super::keymap::{self, help_lines};
use super::state::{MIN_SIZE, Overlay, State, StepId, StepStatus, Verdict};
use super::steps::{self, Hint, MOVE, hint, lasting};
use super::theme::Theme;
use super::widgets::{paragraph, wrap};

/// Draws the wizard.
pub fn view(state: &State, theme: &Theme, frame: &mut Frame) {
    let area = frame.area();
    if state.too_small() {
        too_small(state, theme, frame, area);
        // A question asked here (quit) is drawn over it, never left invisible.
        if let Some(overlay) = &state.overlay {
            draw_overlay(state, overlay, theme, frame, area);
        }
        return;
    }
    // The status line keeps one row, so the layout never moves; a longer notice is cut and
    // the help gives it in full.
    let status_lines = status_lines(state, theme, area.width);
    let [header, strip, body, status, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(header_line(state, theme, header.width), header);
    state.clicks.clear();
    frame.render_widget(strip_line(state, theme, strip), strip);
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
    let cursor = steps::of(state.step).view(state, theme, frame, inner);
    frame.render_widget(Paragraph::new(status_lines), status);
    // Under a question or the help, the footer gives the keys that work there.
    let (hints, fixed) = match &state.overlay {
        Some(overlay) => (overlay_hints(state, overlay), Vec::new()),
        None => (
            steps::of(state.step).hints(state),
            fixed_hints(state.text_focused()),
        ),
    };
    frame.render_widget(
        hint_line(&hints, &fixed, state.text_focused(), theme, footer.width),
        footer,
    );
    match &state.overlay {
        Some(overlay) => draw_overlay(state, overlay, theme, frame, area),
        None => {
            if let Some(position) = cursor {
                frame.set_cursor_position(position);
            }
        }
    }
}

/// Help and quit, which every footer without a question ends with: the keys that work
/// while a text field takes letters.
fn fixed_hints(typing: bool) -> Vec<Hint> {
    let quit = if typing {
        &[Action::Interrupt][..]
    } else {
        &[Action::Quit][..]
    };
    vec![hint(&[Action::Help], "help"), hint(quit, "quit")]
}

/// The keys of a question or the help, for its own text and the footer below it.
pub fn overlay_hints(state: &State, overlay: &Overlay) -> Vec<Hint> {
    match overlay {
        Overlay::Help => vec![
            hint(MOVE, "scroll"),
            lasting(&[Action::Back, Action::Help], "close"),
        ],
        Overlay::ConfirmQuit => {
            let mut hints = vec![lasting(&[Action::Yes], "quit")];
            if state.save_to.is_some() {
                hints.push(lasting(&[Action::Save], "save the answers and quit"));
            }
            hints.push(lasting(&[Action::No, Action::Back], "stay"));
            hints
        }
        Overlay::ConfirmDecline => vec![
            lasting(&[Action::Yes], "decline and quit"),
            lasting(&[Action::No, Action::Back], "back to the licence"),
        ],
    }
}

fn draw_overlay(state: &State, overlay: &Overlay, theme: &Theme, frame: &mut Frame, area: Rect) {
    let keys = overlay_hints(state, overlay)
        .iter()
        .map(|h| format!("{} {}", h.keys(false), h.what))
        .collect::<Vec<_>>()
        .join(" · ");
    match overlay {
        Overlay::Help => help(state, theme, frame, area),
        Overlay::ConfirmQuit => {
            let text = match &state.save_to {
                Some(path) => format!(
                    "Your answers are not written anywhere yet and will be lost; s saves them to {} first.",
                    path.display()
                ),
                None => "Your answers are not written anywhere yet and will be lost.".to_owned(),
            };
            question(theme, frame, area, "Quit without saving?", &text, &keys);
        }
        Overlay::ConfirmDecline => question(
            theme,
            frame,
            area,
            "Decline the licence?",
            "The wizard ends here and nothing is written.",
            &keys,
        ),
    }
}

/// The header: the name, the source (its path shortened from the left when it does not
/// fit) and the step indicator, which always stays.
fn header_line(state: &State, theme: &Theme, width: u16) -> Line<'static> {
    let (path, kind) = match (&state.opened, &state.source.opening) {
        (Some(opened), _) => (
            opened.path.display().to_string(),
            opened.kind.label().to_owned(),
        ),
        (None, Some(opening)) => (opening.path.display().to_string(), "opening".to_owned()),
        (None, None) => (String::new(), String::new()),
    };
    let name = " vnfwiz";
    let right = format!(
        "[{}/{}] {} ",
        state.step.number(),
        StepId::ALL.len(),
        state.step.title()
    );
    let width = usize::from(width);
    // Two spaces after the name, at least one before the indicator.
    let room = width.saturating_sub(paragraph::width(name) + paragraph::width(&right) + 3);
    let kind = format!(" ({kind})");
    let source = if path.is_empty() {
        String::new()
    } else if paragraph::width(&path) + paragraph::width(&kind) <= room {
        format!("{path}{kind}")
    } else if room > paragraph::width(&kind) + 8 {
        format!(
            "{}{kind}",
            paragraph::fit_start(&path, room - paragraph::width(&kind))
        )
    } else {
        paragraph::fit_start(&path, room)
    };
    let left = format!("{name}  {source}");
    let gap = width.saturating_sub(paragraph::width(&left) + paragraph::width(&right));
    Line::from(vec![
        Span::styled(name, theme.title),
        Span::styled(format!("  {source}"), theme.muted),
        Span::raw(" ".repeat(gap)),
        Span::styled(right, theme.accent.add_modifier(Modifier::BOLD)),
    ])
}

/// Each step's mark: here, skipped, not visited, or how a visited step stands.
fn mark(state: &State, step: StepId) -> &'static str {
    if step == state.step {
        return "●";
    }
    if matches!(state.status(step), StepStatus::Skipped(_)) {
        return "–";
    }
    match state.verdict(step) {
        None => "○",
        Some(Verdict::Valid) => "✓",
        Some(Verdict::Warnings) => "▲",
        Some(Verdict::Problems) => "✗",
    }
}

/// What the step strip's marks mean, for the help.
pub const MARKS: &str = "● this step · ✓ visited, nothing to fix · ▲ warnings · ✗ problems · ○ not visited yet · – skipped";

/// How much of each step's name the strip shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Names {
    /// Every name in full.
    Full,
    /// The step shown in full, the others abbreviated.
    Abbreviated,
    /// The step shown in full, the others by their mark alone.
    Current,
}

/// The step strip: each step's mark and name, as much of the names as the width allows; the
/// step shown always keeps its name.
fn strip_line(state: &State, theme: &Theme, area: Rect) -> Line<'static> {
    let width = area.width;
    let name = |step: StepId, names: Names| -> Option<&'static str> {
        match names {
            _ if step == state.step => Some(step.short()),
            Names::Full => Some(step.short()),
            Names::Abbreviated => Some(step.abbreviation()),
            Names::Current => None,
        }
    };
    // Each step is its mark, a space and its name, and a space after.
    let length = |names: Names| -> usize {
        StepId::ALL
            .iter()
            .map(|&s| name(s, names).map_or(2, |n| n.chars().count() + 3))
            .sum::<usize>()
            + 1
    };
    let names = [Names::Full, Names::Abbreviated]
        .into_iter()
        .find(|&names| length(names) <= usize::from(width))
        .unwrap_or(Names::Current);
    let mut spans = vec![Span::raw(" ")];
    let mut column = 1;
    for step in StepId::ALL {
        let current = step == state.step;
        let skipped = matches!(state.status(step), StepStatus::Skipped(_));
        let style = if current {
            theme.selection
        } else if skipped {
            theme.muted.add_modifier(Modifier::CROSSED_OUT)
        } else {
            match state.verdict(step) {
                Some(Verdict::Problems) => theme.error,
                Some(Verdict::Warnings) => theme.warning,
                _ => theme.muted,
            }
        };
        let text = match name(step, names) {
            Some(text) => format!("{} {text}", mark(state, step)),
            None => mark(state, step).to_owned(),
        };
        // A click on the step's mark or name goes there (`--mouse`).
        let cells = u16::try_from(paragraph::width(&text)).unwrap_or(0);
        state.clicks.add(
            Rect::new(area.x + column, area.y, cells, 1),
            Target::Step(step),
        );
        column += cells + 1;
        spans.push(Span::styled(text, style));
        spans.push(Span::raw(" "));
    }
    Line::from(spans)
}

/// The status line: a notice on one row (cut with `…`, the help then gives it in full),
/// else why the steps after this one are skipped.
fn status_lines(state: &State, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width);
    if let Some(notice) = &state.notice {
        let (text, style) = if notice.problem {
            (format!("✗ {}", notice.text), theme.error)
        } else {
            (notice.text.clone(), theme.accent)
        };
        let room = width.saturating_sub(1);
        let shown = if paragraph::width(&text) <= room {
            text
        } else {
            let more = format!(
                " … ({} shows it all)",
                keymap::label(&[Action::Help], state.text_focused())
            );
            format!(
                "{}{more}",
                paragraph::fit(&text, room.saturating_sub(paragraph::width(&more)) + 1)
                    .trim_end_matches('…')
                    .trim_end()
            )
        };
        return vec![Line::from(Span::styled(format!(" {shown}"), style))];
    }
    // Say why the steps after this one are skipped, so nothing vanishes unexplained.
    let skipped = StepId::ALL
        .iter()
        .filter(|s| **s > state.step)
        .find_map(|s| match state.status(*s) {
            StepStatus::Skipped(why) if state.opened.is_some() => {
                Some(format!("{}: {why}", s.short()))
            }
            _ => None,
        });
    match skipped {
        Some(text) => vec![Line::from(Span::styled(
            paragraph::fit(&format!(" – skipped {text}"), width),
            theme.muted,
        ))],
        None => vec![Line::default()],
    }
}

/// The footer: the step's key hints, then `fixed` (help and quit), which always stay.
/// When they do not fit, the gaps narrow, then hints give way: moving (the arrows every
/// user knows) first, then the step's other keys from the right, its way on and back
/// (`lasting`) last (`?` lists them all).
fn hint_line(
    hints: &[Hint],
    fixed: &[Hint],
    typing: bool,
    theme: &Theme,
    width: u16,
) -> Line<'static> {
    let written: Vec<(String, &str)> = hints.iter().map(|h| (h.keys(typing), h.what)).collect();
    let fixed: Vec<(String, &str)> = fixed.iter().map(|h| (h.keys(typing), h.what)).collect();
    // Which hint goes first, second, … when space runs out.
    let moving = |i: &usize| hints[*i].actions.iter().all(|action| MOVE.contains(action));
    let dropping: Vec<usize> = (0..hints.len())
        .filter(moving)
        .chain(
            (0..hints.len())
                .rev()
                .filter(|i| !hints[*i].lasting && !moving(i)),
        )
        .chain(
            (0..hints.len())
                .rev()
                .filter(|i| hints[*i].lasting && !moving(i)),
        )
        .collect();
    let dropping = dropping.as_slice();
    let kept = |dropped: usize| {
        written
            .iter()
            .enumerate()
            .filter(move |(i, _)| !dropping[..dropped].contains(i))
            .map(|(_, h)| h)
            .chain(fixed.iter())
    };
    let length = |dropped: usize, gap: usize| -> usize {
        kept(dropped)
            .map(|(keys, what)| {
                let keys = paragraph::width(keys);
                keys + usize::from(keys > 0) + paragraph::width(what) + gap
            })
            .sum::<usize>()
            .saturating_sub(gap)
            + 1
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
        if keys.is_empty() {
            spans.push(Span::styled((*what).to_owned(), theme.muted));
        } else {
            spans.push(Span::styled(keys.clone(), theme.key));
            spans.push(Span::styled(format!(" {what}"), theme.muted));
        }
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

/// A question in a box over the screen: its text and its keys wrapped to the box, which
/// shrinks with a small terminal but never vanishes.
fn question(theme: &Theme, frame: &mut Frame, area: Rect, title: &str, text: &str, keys: &str) {
    let box_width = 64.min(area.width);
    let inner = usize::from(box_width.saturating_sub(4));
    let mut lines: Vec<Line> = wrap(text, inner)
        .into_iter()
        .map(|l| Line::from(Span::styled(l, theme.text)))
        .collect();
    lines.push(Line::default());
    lines.extend(
        wrap(keys, inner)
            .into_iter()
            .map(|l| Line::from(Span::styled(l, theme.key))),
    );
    let height = u16::try_from(lines.len() + 3).unwrap_or(u16::MAX);
    let rect = centered(area, box_width, height);
    frame.render_widget(Clear, rect);
    let block = Block::bordered()
        .border_style(theme.focus)
        .title(Span::styled(
            paragraph::fit(
                &format!(" {title} "),
                usize::from(box_width.saturating_sub(2)),
            ),
            theme.title,
        ));
    frame.render_widget(
        Paragraph::new(lines).block(block.padding(Padding::new(1, 1, 1, 0))),
        rect,
    );
}

fn help(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) {
    let step_hints = steps::of(state.step).help_hints(state);
    let typing = state.text_focused();
    let global = help_lines();
    let step_keys: Vec<(String, &str)> = step_hints
        .iter()
        .map(|h| (h.keys(typing), h.what))
        .collect();
    let key_width = global
        .iter()
        .map(|(k, _)| paragraph::width(k))
        .chain(step_keys.iter().map(|(k, _)| paragraph::width(k)))
        .max()
        .unwrap_or(0)
        + 2;
    let rect = centered(area, 84, area.height.saturating_sub(2));
    let text_width = usize::from(rect.width.saturating_sub(2)).saturating_sub(key_width + 2);
    let mut sections = Vec::new();
    // The status line's last message in full: it has one row there.
    if let Some(notice) = &state.last_notice {
        sections.push(Line::from(Span::styled("Last message", theme.title)));
        let style = if notice.problem {
            theme.error
        } else {
            theme.text
        };
        for text in wrap(&notice.text, usize::from(rect.width.saturating_sub(4))) {
            sections.push(Line::from(Span::styled(format!("  {text}"), style)));
        }
        sections.push(Line::default());
    }
    sections.push(Line::from(Span::styled(
        format!("In {}", state.step.title()),
        theme.title,
    )));
    sections.extend(key_rows(&step_keys, key_width, text_width, theme));
    sections.push(Line::default());
    sections.push(Line::from(Span::styled("Everywhere", theme.title)));
    let global: Vec<(String, &str)> = global.into_iter().collect();
    sections.extend(key_rows(&global, key_width, text_width, theme));
    sections.push(Line::default());
    sections.push(Line::from(Span::styled("The step strip", theme.title)));
    for text in wrap(MARKS, usize::from(rect.width.saturating_sub(4))) {
        sections.push(Line::from(Span::styled(format!("  {text}"), theme.text)));
    }
    frame.render_widget(Clear, rect);
    let block = Block::bordered()
        .border_style(theme.focus)
        .title(Span::styled(" Keys ", theme.title));
    let top = state
        .help
        .window(sections.len(), usize::from(block.inner(rect).height));
    let shown: Vec<Line> = sections.into_iter().skip(top).collect();
    frame.render_widget(Paragraph::new(shown).block(block), rect);
}

/// Rows of keys and what they do, the text wrapped beside the keys.
fn key_rows(
    rows: &[(String, &str)],
    key_width: usize,
    text_width: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for (keys, what) in rows {
        for (i, text) in wrap(what, text_width).into_iter().enumerate() {
            let keys = if i == 0 { keys.as_str() } else { "" };
            let pad = key_width.saturating_sub(paragraph::width(keys));
            lines.push(Line::from(vec![
                Span::styled(format!("  {keys}{}", " ".repeat(pad)), theme.key),
                Span::styled(text, theme.text),
            ]));
        }
    }
    lines
}

fn too_small(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) {
    let (columns, rows) = state.size;
    let width = usize::from(area.width).max(1);
    let mut lines = vec![
        Line::from(Span::styled("Terminal too small", theme.title)),
        Line::default(),
    ];
    let texts = [
        (
            format!(
                "This window is {columns}×{rows}; the wizard needs at least {}×{}.",
                MIN_SIZE.0, MIN_SIZE.1
            ),
            theme.text,
        ),
        (
            "Enlarge it to go on, or press q to quit.".to_owned(),
            theme.muted,
        ),
    ];
    for (text, style) in texts {
        lines.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::from(Span::styled(l, style))),
        );
    }
    let height = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let rect = Rect {
        y: area.y + area.height.saturating_sub(height) / 2,
        height: height.min(area.height),
        ..area
    };
    frame.render_widget(
        Paragraph::new(lines).alignment(ratatui::layout::HorizontalAlignment::Center),
        rect,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::steps::{BACK, CONFIRM};

    fn footer(width: u16) -> String {
        let hints = [
            hint(MOVE, "move"),
            hint(&[Action::Filter], "filter"),
            hint(&[Action::PreviewFix], "preview fix"),
            hint(&[Action::PreviewSafeFixes], "all safe fixes"),
            hint(&[Action::NextField], "next tab"),
            lasting(CONFIRM, "next"),
            lasting(&[Action::Write], "write"),
            lasting(BACK, "back"),
        ];
        let line = hint_line(
            &hints,
            &fixed_hints(false),
            false,
            &Theme::default_theme(),
            width,
        );
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn a_narrow_footer_drops_moving_then_other_keys_before_the_way_on_and_back() {
        let wide = footer(200);
        assert!(wide.contains("Tab next tab   Enter next"), "{wide}");
        assert!(wide.contains("↑↓ PgUp PgDn move"), "{wide}");
        let narrow = footer(100);
        assert!(narrow.chars().count() <= 100, "{narrow}");
        assert!(!narrow.contains("move"), "the arrows went first: {narrow}");
        for kept in [
            "/ filter",
            "f preview fix",
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

    #[test]
    fn every_hint_names_keys_the_table_binds() {
        // The footer of every step as a run leaves it, and the help, write their keys
        // from the keymap: each action a hint names is bound, and its label is the
        // table's name for it.
        use crate::tui::keymap::{all_bindings, help_lines, label};
        use crate::tui::testing::opened;
        let mut seen = Vec::new();
        for path in [
            "assets/samples/vfw-edge.ova",
            "tests/fixtures/wizard/dns-needs-work",
            "tests/fixtures/capabilities/dns_ambiguous",
        ] {
            let mut state = opened(path);
            for step in StepId::ALL {
                state.step = step;
                let mut hints = steps::of(step).hints(&state);
                hints.extend(fixed_hints(state.text_focused()));
                for overlay in [Overlay::Help, Overlay::ConfirmQuit, Overlay::ConfirmDecline] {
                    hints.extend(overlay_hints(&state, &overlay));
                }
                for hint in hints {
                    for action in hint.actions {
                        assert!(
                            matches!(action, Action::Input(_))
                                || all_bindings().any(|b| b.action == *action),
                            "{step:?}: `{}` names {action:?}, which no key does",
                            hint.what
                        );
                    }
                    let typing = state.text_focused();
                    assert_eq!(hint.keys(typing), label(hint.actions, typing));
                    seen.push(hint.keys(false));
                }
            }
        }
        // Every key a footer names is one the help lists.
        let help: Vec<String> = help_lines()
            .into_iter()
            .flat_map(|(keys, _)| keys.split(' ').map(str::to_owned).collect::<Vec<_>>())
            .collect();
        for keys in seen {
            for key in keys.split(' ').filter(|k| !k.is_empty() && *k != "type") {
                let arrows_or_key = key.chars().all(|c| matches!(c, '↑' | '↓' | '←' | '→'))
                    && key.chars().all(|c| help.contains(&c.to_string()));
                assert!(
                    arrows_or_key || help.contains(&key.to_owned()),
                    "`{key}` is in a footer but not in the help"
                );
            }
        }
    }

    #[test]
    fn a_long_notice_keeps_one_row_and_the_help_gives_it_in_full() {
        let mut state = crate::tui::testing::opened("tests/fixtures/wizard/dns-needs-work");
        state.size = (80, 24);
        let reason = "Not ready: the output set has 9 errors against 8 MUST rules (see Review); fix them there, or answer the parameters the rules name, then write again";
        let theme = Theme::default_theme();
        let before = crate::tui::testing::render(&state, &theme);
        state.warn(reason);
        let text = crate::tui::testing::render(&state, &theme);
        let rows: Vec<&str> = text.lines().collect();
        assert!(
            rows[22].starts_with(" ✗ Not ready: the output set has 9 errors")
                && rows[22].trim_end().ends_with("… (F1 shows it all)"),
            "{text}"
        );
        assert_eq!(
            rows[..22],
            before.lines().collect::<Vec<_>>()[..22],
            "the layout did not move"
        );
        assert!(rows[23].contains(" quit"), "{text}");
        crate::tui::update::update(&mut state, crate::tui::update::Event::Action(Action::Help));
        let help = crate::tui::testing::render(&state, &theme);
        let joined: String = help
            .lines()
            .map(|l| l.trim_matches(|c: char| c == '│' || c.is_whitespace()))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(joined.contains(&format!("Last message {reason}")), "{help}");
    }
}
