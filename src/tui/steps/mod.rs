//! One module per step: its own state, how its keys change the wizard's state, how it
//! draws, and the key hints it lists in the footer and the help.

pub mod capabilities;
pub mod integrity;
pub mod licence;
pub mod option;
pub mod parameters;
pub mod properties;
pub mod review;
pub mod source;
pub mod write;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::action::Action;
use super::effect::Effect;
use super::state::{State, StepId};
use super::theme::Theme;
use crate::diagnostics::Severity;

/// A key hint: the actions, written with their keys from the keymap table (so a hint
/// cannot name a key that does something else), and what they do here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The actions, in the order their keys are written.
    pub actions: &'static [Action],
    /// What they do in this step.
    pub what: &'static str,
    /// The step's way on or back (Enter, Esc, Ctrl-S): a narrow footer drops it last.
    pub lasting: bool,
}

impl Hint {
    /// The keys as the footer and the help write them (`↑↓ PgUp PgDn`, `Enter`); while a
    /// text field takes letters (`typing`), the keys that still work there.
    pub fn keys(&self, typing: bool) -> String {
        super::keymap::label(self.actions, typing)
    }
}

/// A hint.
pub const fn hint(actions: &'static [Action], what: &'static str) -> Hint {
    Hint {
        actions,
        what,
        lasting: false,
    }
}

/// A hint for the step's way on or back, which a narrow footer keeps longest.
pub const fn lasting(actions: &'static [Action], what: &'static str) -> Hint {
    Hint {
        actions,
        what,
        lasting: true,
    }
}

/// Moving in a list or text: ↑↓ PgUp PgDn.
pub const MOVE: &[Action] = &[Action::Up, Action::Down, Action::PageUp, Action::PageDown];
/// Moving one row: ↑↓.
pub const UP_DOWN: &[Action] = &[Action::Up, Action::Down];
/// Typing into the focused field.
pub const TYPE: &[Action] = &[Action::Input(' ')];
/// Enter.
pub const CONFIRM: &[Action] = &[Action::Confirm];
/// Esc.
pub const BACK: &[Action] = &[Action::Back];

/// Hands an action to the current step.
pub fn update(state: &mut State, action: Action) -> Vec<Effect> {
    match state.step {
        StepId::Source => source::update(state, action),
        StepId::Integrity => integrity::update(state, action),
        StepId::Licence => licence::update(state, action),
        StepId::Option => option::update(state, action),
        StepId::Properties => properties::update(state, action),
        StepId::Parameters => parameters::update(state, action),
        StepId::Review => review::update(state, action),
        StepId::Write => write::update(state, action),
        StepId::Capabilities => capabilities::update(state, action),
    }
}

/// Draws the current step into `area`; returns where the cursor goes, when a text field
/// has focus.
pub fn view(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Option<(u16, u16)> {
    match state.step {
        StepId::Source => source::view(state, theme, frame, area),
        StepId::Integrity => {
            integrity::view(state, theme, frame, area);
            None
        }
        StepId::Licence => {
            licence::view(state, theme, frame, area);
            None
        }
        StepId::Option => {
            option::view(state, theme, frame, area);
            None
        }
        StepId::Properties => properties::view(state, theme, frame, area),
        StepId::Parameters => parameters::view(state, theme, frame, area),
        StepId::Review => review::view(state, theme, frame, area),
        StepId::Write => write::view(state, theme, frame, area),
        StepId::Capabilities => {
            capabilities::view(state, theme, frame, area);
            None
        }
    }
}

/// The current step's key hints.
pub fn hints(state: &State) -> Vec<Hint> {
    match state.step {
        StepId::Source => source::hints(state),
        StepId::Integrity => integrity::hints(state),
        StepId::Licence => licence::hints(state),
        StepId::Option => option::hints(state),
        StepId::Properties => properties::hints(state),
        StepId::Parameters => parameters::hints(state),
        StepId::Review => review::hints(state),
        StepId::Write => write::hints(state),
        StepId::Capabilities => capabilities::hints(state),
    }
}

/// Draws a form step (Properties, Parameters): a line of introduction above the form, each
/// field with the problem the session reports for it (or ▲ when the session leaves it for
/// instantiation); returns the cursor's place.
pub fn form_step_view(
    state: &super::state::State,
    form: &super::widgets::form::Form,
    intro: &str,
    theme: &super::theme::Theme,
    frame: &mut ratatui::Frame,
    area: ratatui::layout::Rect,
) -> Option<(u16, u16)> {
    use ratatui::layout::{Constraint, Layout};
    let lines: Vec<Line> = super::widgets::wrap(intro, usize::from(area.width))
        .into_iter()
        .map(|l| Line::from(Span::styled(l, theme.text)))
        .collect();
    // The introduction, then a blank line.
    let height = u16::try_from(lines.len() + 1).unwrap_or(u16::MAX);
    let [top, body] =
        Layout::vertical([Constraint::Length(height), Constraint::Min(1)]).areas(area);
    frame.render_widget(ratatui::widgets::Paragraph::new(lines), top);
    let mark = |field: &super::widgets::form::Field| {
        use super::widgets::form::Mark;
        match state.problem(&field.subject) {
            Some(p) => Some(Mark::Problem(p.message.clone())),
            None => state
                .left_open
                .contains(&field.subject)
                .then_some(Mark::Open),
        }
    };
    form.view(&mark, theme, frame, body)
}

/// The keys of a form step: the form's, then on and back.
pub fn form_step_hints(form: &super::widgets::form::Form) -> Vec<Hint> {
    let mut hints = form_hints(form);
    hints.push(lasting(CONFIRM, "next"));
    hints.push(lasting(BACK, "back"));
    hints
}

/// The keys of a form, for the kind of field focused.
pub fn form_hints(form: &super::widgets::form::Form) -> Vec<Hint> {
    use super::widgets::form::FieldKind;
    let mut hints = vec![hint(
        &[
            Action::NextField,
            Action::PreviousField,
            Action::Up,
            Action::Down,
        ],
        "field",
    )];
    match form.focused().map(|f| &f.kind) {
        Some(FieldKind::Text) => hints.push(hint(TYPE, "edit")),
        Some(FieldKind::Secret) => {
            hints.push(hint(TYPE, "edit"));
            hints.push(hint(&[Action::Reveal], "show/hide"));
        }
        Some(FieldKind::Choice(_)) => hints.push(hint(
            &[Action::Left, Action::Right, Action::Toggle],
            "choose",
        )),
        Some(FieldKind::Toggle) => hints.push(hint(&[Action::Toggle], "toggle")),
        Some(FieldKind::Supplied) if form.focused().is_some_and(|f| !f.value().is_empty()) => {
            hints.push(hint(&[Action::Delete, Action::Erase], "clear"));
        }
        Some(FieldKind::Supplied) => {}
        None => {}
    }
    hints
}

/// A severity's symbol: a shape, so it never rests on colour alone.
pub fn severity_symbol(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "✗",
        Severity::Warning => "▲",
        Severity::Note => "·",
    }
}

/// A severity as symbol and word.
pub fn severity_marker(severity: Severity) -> String {
    format!("{} {}", severity_symbol(severity), severity.as_str())
}

/// `text` with the characters at `positions` (character indices) drawn in `matched`.
pub fn highlighted(
    text: &str,
    positions: &[usize],
    base: Style,
    matched: Style,
) -> Vec<Span<'static>> {
    if positions.is_empty() {
        return vec![Span::styled(text.to_owned(), base)];
    }
    let mut spans = Vec::new();
    let mut run = String::new();
    let mut run_matched = false;
    let mut next = positions.iter().peekable();
    for (i, c) in text.chars().enumerate() {
        let is_match = next.peek().is_some_and(|&&p| p == i);
        if is_match {
            next.next();
        }
        if is_match != run_matched && !run.is_empty() {
            let style = if run_matched {
                super::theme::matched_in(base, matched)
            } else {
                base
            };
            spans.push(Span::styled(std::mem::take(&mut run), style));
        }
        run_matched = is_match;
        run.push(c);
    }
    if !run.is_empty() {
        let style = if run_matched {
            super::theme::matched_in(base, matched)
        } else {
            base
        };
        spans.push(Span::styled(run, style));
    }
    spans
}

/// A selectable row's first column: a marker for the selected row, so selection never
/// rests on colour alone.
pub fn row_marker(selected: bool) -> &'static str {
    if selected { "▶ " } else { "  " }
}

/// Columns a filter line keeps for its count (`  1234 of 5678`).
const COUNT_WIDTH: u16 = 18;

/// The filter line of a list, `width` columns wide: `/ query` and the count when filtering,
/// else a hint.
pub fn filter_line(
    filter: &super::widgets::Filter,
    shown: usize,
    total: usize,
    theme: &Theme,
    width: u16,
) -> Line<'static> {
    let count = Span::styled(format!("  {shown} of {total}"), theme.muted);
    if filter.editing || !filter.query().is_empty() {
        let label = if filter.editing {
            theme.focus
        } else {
            theme.muted
        };
        let query = filter
            .field
            .shown(width.saturating_sub(2 + COUNT_WIDTH), false)
            .text;
        Line::from(vec![
            Span::styled("/ ", label),
            Span::styled(query, theme.input),
            count,
        ])
    } else {
        Line::from(vec![Span::styled("/ to filter", theme.muted), count])
    }
}

/// Where the cursor goes in a filter line drawn on `area`'s top row.
pub fn filter_cursor(filter: &super::widgets::Filter, area: Rect) -> (u16, u16) {
    let shown = filter
        .field
        .shown(area.width.saturating_sub(2 + COUNT_WIDTH), false);
    (area.x + 2 + shown.cursor, area.y)
}
