//! One module per step, each a [`Step`]: its own state, whether it applies, how its keys
//! change the wizard's state, how it draws, and the key hints it lists in the footer and
//! the help.

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
use super::keymap::Binding;
use super::opened::Opened;
use super::state::{State, StepId, Verdict};
use super::theme::Theme;
use crate::foundation::diagnostics::Severity;

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

/// The keys of a list's filter while the query is typed.
pub const FILTERING: &[Hint] = &[
    hint(TYPE, "filter"),
    hint(UP_DOWN, "move"),
    lasting(CONFIRM, "keep filter"),
    lasting(BACK, "clear filter"),
];

/// Where the terminal's cursor goes after a step is drawn: on the text field that has
/// focus, if one has.
pub type Cursor = Option<(u16, u16)>;

/// A wizard step, one per file: whether it applies to the source opened, how it stands,
/// how its keys change the wizard's state, how it draws and the key hints it lists (the
/// footer and the help take a step's keys from here only). A step reads and changes the
/// whole [`State`] (the answers, the opened source, its own part), so each step is a unit
/// value whose methods take the state; drawing and hints take it shared.
pub trait Step {
    /// Whether the step can be shown while no source is open yet (the picker, and the
    /// integrity check of a package being opened); any other waits for a source.
    fn before_open(&self, _state: &State) -> bool {
        false
    }

    /// Why the step has nothing to ask of the source `opened`, if so: it then does not
    /// apply and is skipped, the reason shown.
    fn skipped(&self, _state: &State, _opened: &Opened) -> Option<&'static str> {
        None
    }

    /// Whether the step is decided.
    fn done(&self, state: &State) -> bool;

    /// How the step stands once visited, for its mark in the step strip (none: no mark).
    fn verdict(&self, state: &State) -> Option<Verdict>;

    /// Applies an action of a key pressed while the step is shown.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect>;

    /// Draws the step into `area`, from the state as it is.
    fn view(&self, state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Cursor;

    /// The step's key hints, written from the keymap table.
    fn hints(&self, state: &State) -> Vec<Hint>;

    /// The step's keys as the help lists them: all of them, in the same order whatever is
    /// focused or selected (the footer shows those that work now).
    fn help_hints(&self, state: &State) -> Vec<Hint> {
        self.hints(state)
    }

    /// Whether a text field of the step has focus (so letters type into it).
    fn text_focused(&self, _state: &State) -> bool {
        false
    }

    /// A click on row `index` of the step's list (a position as shown, a form's field).
    fn click(&self, _state: &mut State, _index: usize) -> Vec<Effect> {
        Vec::new()
    }

    /// The keys the step takes before the common ones.
    fn key_layer(&self, _state: &State) -> &'static [Binding] {
        &[]
    }
}

/// The step `id` names.
pub fn of(id: StepId) -> &'static dyn Step {
    match id {
        StepId::Source => &source::SourceStep,
        StepId::Integrity => &integrity::IntegrityStep,
        StepId::Licence => &licence::LicenceStep,
        StepId::Option => &option::OptionStep,
        StepId::Properties => &properties::PropertiesStep,
        StepId::Capabilities => &capabilities::CapabilitiesStep,
        StepId::Parameters => &parameters::ParametersStep,
        StepId::Review => &review::ReviewStep,
        StepId::Write => &write::WriteStep,
    }
}

/// How a form step (Properties, Parameters) stands: problems when the session reports one
/// for a field, warnings when it leaves one for instantiation.
pub fn form_step_verdict(state: &State, form: &super::widgets::form::Form) -> Verdict {
    if form
        .fields
        .iter()
        .any(|f| state.problem(&f.subject).is_some())
    {
        Verdict::Problems
    } else if form
        .fields
        .iter()
        .any(|f| state.left_open.contains(&f.subject))
    {
        Verdict::Warnings
    } else {
        Verdict::Valid
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
            None if state.left_open.contains(&field.subject) => Some(Mark::Open),
            None => placeholder_warning(state, &field.subject).map(Mark::Warning),
        }
    };
    let cursor = form.view(&mark, theme, frame, body);
    for (area, index) in form.drawn() {
        state.clicks.add(area, super::clicks::Target::Row(index));
    }
    cursor
}

/// The latest evaluation's warning that the value an answer decides reads as a
/// placeholder (`VALUE-placeholder`), with the fix, for the field of that answer (none
/// when a waiver accepts it).
fn placeholder_warning(state: &super::state::State, subject: &str) -> Option<String> {
    state
        .evaluated()?
        .evaluation
        .findings
        .iter()
        .filter(|finding| finding.counts() && finding.answer.as_deref() == Some(subject))
        .find_map(|finding| {
            let violation = finding.violation()?;
            (violation.rule.id == "VALUE-placeholder")
                .then(|| format!("{} {}", violation.message, violation.rule.fix))
        })
}

/// The keys of a form step: the form's, its filter, then on and back; while a long
/// choice's list or the filter's query takes the keys, theirs.
pub fn form_step_hints(form: &super::widgets::form::Form) -> Vec<Hint> {
    if form.picker.is_some() {
        return vec![
            hint(TYPE, "filter values"),
            hint(UP_DOWN, "move"),
            lasting(CONFIRM, "choose"),
            lasting(BACK, "close the list"),
        ];
    }
    if form.filter.editing {
        return FILTERING.to_vec();
    }
    let mut hints = form_hints(form);
    hints.push(hint(&[Action::Filter], "filter fields"));
    hints.push(lasting(CONFIRM, "next"));
    let back = if form.filter.query().is_empty() {
        "back"
    } else {
        "clear filter"
    };
    hints.push(lasting(BACK, back));
    hints
}

/// Every key of a form step, for the help: whatever field is focused, in one order.
pub fn form_step_help() -> Vec<Hint> {
    vec![
        hint(
            &[
                Action::NextField,
                Action::PreviousField,
                Action::Up,
                Action::Down,
            ],
            "field",
        ),
        hint(TYPE, "edit a text, or filter a long choice's values"),
        hint(&[Action::Reveal], "show/hide a password"),
        hint(&[Action::Left, Action::Right, Action::Toggle], "choose"),
        hint(
            &[Action::Delete, Action::Erase],
            "clear a value ONAP supplies",
        ),
        hint(&[Action::Filter], "filter fields"),
        lasting(CONFIRM, "next (picks in a long choice's list)"),
        lasting(BACK, "back (closes a list, clears a filter)"),
    ]
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
        Some(FieldKind::Choice(values)) if values.len() > super::widgets::form::LONG_CHOICE => {
            hints.push(hint(TYPE, "filter values"));
            hints.push(hint(&[Action::Left, Action::Right], "choose"));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::source::InputKind;
    use crate::tui::effect::Message;
    use crate::tui::state::StepStatus;
    use crate::tui::testing::{opened, repo};
    use crate::tui::update::{Event, update};

    #[test]
    fn each_step_says_whether_it_applies() {
        let status = |state: &State| StepId::ALL.map(|s| state.status(s));
        // Before a source opens, only the picker applies, and the integrity check of a
        // package once it is being opened.
        let ova = std::path::PathBuf::from("assets/samples/vfw-edge.ova");
        let mut state = State::new(repo(""), Some(ova), (100, 30));
        source::start(&mut state);
        let open_and_pending = |open: usize| {
            let mut expected = [const { StepStatus::Pending }; StepId::ALL.len()];
            expected[..open].fill(StepStatus::Open);
            expected
        };
        assert_eq!(status(&state), open_and_pending(1));
        update(&mut state, Event::Message(Message::Opening(InputKind::Ova)));
        assert_eq!(status(&state), open_and_pending(2));
        // HOT templates: nothing to verify, accept, choose or set before the parameters.
        let state = opened("tests/fixtures/wizard/dns-needs-work");
        let skipped: Vec<(StepId, &str)> = StepId::ALL
            .into_iter()
            .filter_map(|s| match state.status(s) {
                StepStatus::Skipped(why) => Some((s, why)),
                _ => None,
            })
            .collect();
        assert_eq!(
            skipped,
            [
                (
                    StepId::Integrity,
                    "HOT templates carry no manifest to verify"
                ),
                (StepId::Licence, "no licence to accept"),
                (StepId::Option, "no deployment options to choose from"),
                (StepId::Properties, "no property for the operator to set"),
                (
                    StepId::Capabilities,
                    "no resource type with several implementations"
                ),
            ]
        );
        assert_eq!(state.status(StepId::Source), StepStatus::Done);
    }
}
