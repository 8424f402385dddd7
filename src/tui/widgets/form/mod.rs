//! A form of fields under group headings: text, secret (masked, Ctrl-R reveals), a choice
//! among values (←/→ or Space; a long one is picked from a list that typing filters) and
//! a toggle. Each field shows its label, what it accepts, its value and, below it, its
//! problem (with a text marker) or its description. Only the part around the focused field
//! is drawn, under a line giving the fields in view (`31–45 of 125`); the filter (`/`, or
//! Ctrl-F while a text field takes letters) narrows the fields by name. The cursor sits in
//! the focused text field.

use std::cell::{Cell, RefCell};

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::paragraph;
use super::text_field::TextField;
use super::{Filter, navigate, wrap};
use crate::tui::action::Action;
use crate::tui::steps::row_marker;
use crate::tui::theme::Theme;
use draw::{picker_cursor, picker_lines, position_line, split_at_cells, value_spans};

mod draw;

/// A choice of more values than this is picked from a list that typing filters, and its
/// values are not listed inline.
pub const LONG_CHOICE: usize = 8;

/// Rows of a long choice's list.
const PICKER_ROWS: usize = 8;

/// What the session says of a field under the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A problem (✗), shown once the field was edited or Enter was refused.
    Problem(String),
    /// No value, left for instantiation (▲); the operator may go on.
    Open,
    /// A warning about the value the field holds (▲ and its message), such as a
    /// placeholder passed on as a value; the operator may go on.
    Warning(String),
}

/// How a field takes its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// Free text.
    Text,
    /// Text never shown unless revealed.
    Secret,
    /// One of these values.
    Choice(Vec<String>),
    /// `true` or `false` (or unset, without a default).
    Toggle,
    /// A value ONAP supplies at instantiation: not typed; a value a file gives anyway can
    /// only be cleared (Backspace, Delete).
    Supplied,
}

/// One question of a form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The answer's key (a property key, a parameter name, a write setting).
    pub key: String,
    /// How the session names it in problems (`property vfw.site.name`).
    pub subject: String,
    /// What the operator reads first.
    pub label: String,
    /// What it accepts, briefly (type, limits, choices).
    pub detail: String,
    /// The longer description.
    pub help: String,
    /// The heading it sits under.
    pub group: Option<String>,
    /// How it takes its value.
    pub kind: FieldKind,
    /// The value.
    pub input: TextField,
    /// The value that applies while the operator has not edited the field.
    pub default: Option<String>,
    /// Whether the operator changed the value (only then is it an answer).
    pub edited: bool,
    /// A secret shown in clear (Ctrl-R).
    pub revealed: bool,
    /// The value comes from a file: emptying the field clears it there.
    pub clearable: bool,
    /// A module's field of a parameter whose modules differ, showing the value set for all
    /// of them while it is not set apart.
    pub follows: bool,
}

impl Field {
    /// A field showing `value` (an earlier answer) or else its default.
    pub fn new(key: &str, subject: String, label: String, kind: FieldKind) -> Field {
        Field {
            key: key.to_owned(),
            subject,
            label,
            detail: String::new(),
            help: String::new(),
            group: None,
            kind,
            input: TextField::default(),
            default: None,
            edited: false,
            revealed: false,
            clearable: false,
            follows: false,
        }
    }

    /// Starts from `default`, or from an earlier `answer` (which counts as edited).
    pub fn starting(mut self, default: Option<String>, answer: Option<String>) -> Field {
        self.default = default;
        match answer {
            Some(text) => {
                self.input.set(text);
                self.edited = true;
            }
            None => self.input.set(self.default.clone().unwrap_or_default()),
        }
        self
    }

    /// Whether letters type into the field (a long choice's filter included).
    pub fn takes_text(&self) -> bool {
        matches!(self.kind, FieldKind::Text | FieldKind::Secret) || self.long_choice().is_some()
    }

    /// The values of a choice too long to cycle through: typing filters them.
    pub fn long_choice(&self) -> Option<&[String]> {
        match &self.kind {
            FieldKind::Choice(values) if values.len() > LONG_CHOICE => Some(values),
            _ => None,
        }
    }

    /// What the filter matches: the key and the label.
    fn haystack(&self) -> String {
        if self.label == self.key {
            self.key.clone()
        } else {
            format!("{} {}", self.key, self.label)
        }
    }

    /// The value.
    pub fn value(&self) -> &str {
        self.input.text()
    }

    /// A new default; shown when the operator has not edited the field.
    pub fn set_default(&mut self, default: Option<String>) {
        if !self.edited {
            self.input.set(default.clone().unwrap_or_default());
        }
        self.default = default;
    }

    /// Applies an action; returns whether the value changed.
    fn apply(&mut self, action: Action) -> bool {
        let changed = match (&self.kind, action) {
            (FieldKind::Secret, Action::Reveal) => {
                self.revealed = !self.revealed;
                false
            }
            (FieldKind::Text | FieldKind::Secret, action) => self.input.apply(action),
            (FieldKind::Choice(values), Action::Left | Action::Right | Action::Toggle) => {
                if values.is_empty() {
                    return false;
                }
                let at = values.iter().position(|v| v == self.value());
                let next = match (at, action) {
                    (None, Action::Left) => values.len() - 1,
                    (None, _) => 0,
                    (Some(i), Action::Left) => (i + values.len() - 1) % values.len(),
                    (Some(i), _) => (i + 1) % values.len(),
                };
                self.input.set(values[next].clone());
                true
            }
            (
                FieldKind::Supplied,
                Action::Erase | Action::Delete | Action::DeleteToStart | Action::DeleteWord,
            ) if !self.value().is_empty() => {
                self.input.set("");
                true
            }
            (FieldKind::Toggle, Action::Left | Action::Right | Action::Toggle) => {
                // Without a default, "unset" is a state of its own: nothing is written.
                let next = match (self.value(), &self.default) {
                    ("true", _) => "false",
                    ("false", None) => "",
                    _ => "true",
                };
                self.input.set(next);
                true
            }
            _ => false,
        };
        if changed {
            self.edited = true;
        }
        changed
    }
}

/// What an action did to a form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing the form handles.
    Ignored,
    /// Focus or cursor moved.
    Moved,
    /// The field at this index changed value.
    Edited(usize),
}

/// A long choice's list, open under its field: typing filters the values (best matches
/// first), ↑↓ move, Enter picks, Esc closes.
#[derive(Default)]
pub struct Picker {
    /// The query over the values.
    pub filter: Filter,
    /// The selected row of the filtered values.
    pub selected: usize,
}

/// Fields with a focus.
#[derive(Default)]
pub struct Form {
    /// The fields in order.
    pub fields: Vec<Field>,
    /// The focused field.
    pub focus: usize,
    /// Show every field's problem, also of fields not edited yet (after Enter was refused).
    pub show_all_problems: bool,
    /// The filter over the fields' keys and labels.
    pub filter: Filter,
    /// The list of the focused long choice, while open.
    pub picker: Option<Picker>,
    /// The first line drawn at the last frame.
    top: Cell<usize>,
    /// Where each field in view was drawn at the last frame (for a click).
    drawn: RefCell<Vec<(Rect, usize)>>,
}

impl Form {
    /// A form of these fields, the first focused.
    pub fn new(fields: Vec<Field>) -> Form {
        Form {
            fields,
            ..Form::default()
        }
    }

    /// The focused field.
    pub fn focused(&self) -> Option<&Field> {
        self.fields.get(self.focus)
    }

    /// Whether letters type: into the focused field, the filter's query or a long
    /// choice's list.
    pub fn text_focused(&self) -> bool {
        self.filter.editing
            || self.picker.is_some()
            || self.focused().is_some_and(Field::takes_text)
    }

    /// The field answering `key`.
    pub fn field_mut(&mut self, key: &str) -> Option<&mut Field> {
        self.fields.iter_mut().find(|f| f.key == key)
    }

    /// The fields shown (indices): those the filter matches, or all.
    pub fn shown(&self) -> Vec<usize> {
        let total = self.fields.len();
        (0..self.filter.len(total))
            .filter_map(|row| self.filter.item(row, total))
            .collect()
    }

    /// Whether the form takes `action` before its step does: Enter and Esc in an open
    /// list or the filter's query, Esc on a kept filter.
    pub fn captures(&self, action: Action) -> bool {
        match action {
            Action::Confirm => self.picker.is_some() || self.filter.editing,
            Action::Back => {
                self.picker.is_some() || self.filter.editing || !self.filter.query().is_empty()
            }
            _ => false,
        }
    }

    /// Moves the focus, edits the focused field or changes its choice; filters the fields;
    /// opens, filters and picks from a long choice's list.
    pub fn update(&mut self, action: Action) -> Change {
        if self.fields.is_empty() {
            return Change::Ignored;
        }
        if self.picker.is_some() {
            return self.picker_update(action);
        }
        if self.filter.editing {
            return self.filter_update(action);
        }
        match action {
            Action::Filter => {
                self.filter.open();
                return Change::Moved;
            }
            Action::Back if !self.filter.query().is_empty() => {
                self.filter.clear();
                return Change::Moved;
            }
            _ => {}
        }
        let text = self
            .fields
            .get(self.focus)
            .is_some_and(|f| matches!(f.kind, FieldKind::Text | FieldKind::Secret));
        let shown = self.shown();
        let at = shown.iter().position(|&i| i == self.focus).unwrap_or(0);
        let moved = match action {
            Action::Up | Action::PreviousField | Action::ScrollUp => Some(at.saturating_sub(1)),
            Action::Down | Action::NextField | Action::ScrollDown => {
                Some((at + 1).min(shown.len().saturating_sub(1)))
            }
            Action::PageUp => Some(at.saturating_sub(5)),
            Action::PageDown => Some((at + 5).min(shown.len().saturating_sub(1))),
            Action::Home if !text => Some(0),
            Action::End if !text => Some(shown.len().saturating_sub(1)),
            _ => None,
        };
        if let Some(at) = moved {
            if let Some(&focus) = shown.get(at) {
                self.focus = focus;
            }
            return Change::Moved;
        }
        let Some(field) = self.fields.get_mut(self.focus) else {
            return Change::Ignored;
        };
        // A long choice: typing (or Space) opens its list, the first letter in the query.
        if field.long_choice().is_some()
            && let Action::Input(c) = action
        {
            let mut picker = Picker {
                filter: Filter::ranked(),
                selected: 0,
            };
            picker.filter.open();
            if c != ' ' {
                picker.filter.edit(action);
            }
            let values = field.long_choice().unwrap_or_default();
            picker.filter.apply(values);
            if c == ' ' {
                picker.selected = values.iter().position(|v| v == field.value()).unwrap_or(0);
            }
            self.picker = Some(picker);
            return Change::Moved;
        }
        let before = field.input.clone();
        if field.apply(action) {
            return Change::Edited(self.focus);
        }
        if field.input != before || (action == Action::Reveal && field.kind == FieldKind::Secret) {
            Change::Moved
        } else {
            Change::Ignored
        }
    }

    /// Keys while the fields' filter takes the query: it narrows the fields as typed and
    /// the focus goes to the first that matches; Enter keeps it, Esc clears it.
    fn filter_update(&mut self, action: Action) -> Change {
        match action {
            Action::Confirm => self.filter.keep(),
            Action::Back => self.filter.clear(),
            _ if self.filter.edit(action) => {
                let haystacks: Vec<String> = self.fields.iter().map(Field::haystack).collect();
                self.filter.apply(&haystacks);
                if let Some(&first) = self.shown().first() {
                    self.focus = first;
                }
            }
            Action::Up | Action::Down | Action::PageUp | Action::PageDown => {
                self.filter.keep();
                let change = self.update(action);
                self.filter.open();
                return change;
            }
            _ => return Change::Ignored,
        }
        Change::Moved
    }

    /// Keys while a long choice's list is open.
    fn picker_update(&mut self, action: Action) -> Change {
        let Some(field) = self.fields.get_mut(self.focus) else {
            self.picker = None;
            return Change::Ignored;
        };
        let values: Vec<String> = field.long_choice().unwrap_or_default().to_vec();
        let Some(picker) = self.picker.as_mut() else {
            return Change::Ignored;
        };
        let shown = picker.filter.len(values.len());
        match action {
            Action::Confirm => {
                let chosen = picker.filter.item(picker.selected, values.len());
                self.picker = None;
                return match chosen.and_then(|i| values.get(i)) {
                    Some(value) if value != field.value() => {
                        field.input.set(value.clone());
                        field.edited = true;
                        Change::Edited(self.focus)
                    }
                    _ => Change::Moved,
                };
            }
            Action::Back => {
                self.picker = None;
                return Change::Moved;
            }
            Action::NextField | Action::PreviousField => {
                self.picker = None;
                return self.update(action);
            }
            _ => {}
        }
        if picker.filter.edit(action) {
            picker.filter.apply(&values);
            picker.selected = 0;
            return Change::Moved;
        }
        match navigate(action, picker.selected, shown, PICKER_ROWS as isize) {
            Some(row) => {
                picker.selected = row;
                Change::Moved
            }
            None => Change::Ignored,
        }
    }

    /// Where each field in view was drawn at the last frame, and its index.
    pub fn drawn(&self) -> Vec<(Rect, usize)> {
        self.drawn.borrow().clone()
    }

    /// Focuses the field at `index` (a click on it), closing an open list and keeping a
    /// filter's query.
    pub fn click(&mut self, index: usize) {
        if index < self.fields.len() {
            self.picker = None;
            self.filter.keep();
            self.focus = index;
        }
    }

    /// Focuses the first field for which `bad` holds; returns whether one did.
    pub fn focus_first(&mut self, bad: impl Fn(&Field) -> bool) -> bool {
        match self.fields.iter().position(bad) {
            Some(index) => {
                self.focus = index;
                true
            }
            None => false,
        }
    }

    /// Draws the fields around the focused one; returns the cursor's place when a text
    /// field has focus. `mark` gives what the session says of a field, if anything.
    pub fn view(
        &self,
        mark: &dyn Fn(&Field) -> Option<Mark>,
        theme: &Theme,
        frame: &mut Frame,
        area: Rect,
    ) -> Option<(u16, u16)> {
        let width = usize::from(area.width);
        let input_width = width.saturating_sub(8).clamp(8, 56);
        let shown = self.shown();
        let mut lines: Vec<Line> = Vec::new();
        let mut focus_lines = (0, 0);
        let mut cursor_line = None;
        // The first line of each field shown, for the position in view.
        let mut starts: Vec<usize> = Vec::with_capacity(shown.len());
        let mut group: Option<&str> = None;
        for &index in &shown {
            let field = &self.fields[index];
            if field.group.as_deref() != group && field.group.is_some() {
                if !lines.is_empty() {
                    lines.push(Line::default());
                }
                lines.push(Line::from(Span::styled(
                    field.group.clone().unwrap_or_default(),
                    theme.title,
                )));
                group = field.group.as_deref();
            }
            let focused = index == self.focus;
            let start = lines.len();
            starts.push(start);
            let label_style = if focused { theme.focus } else { theme.text };
            // The label, then what the field accepts, wrapped under the label.
            // Two unbreakable spaces keep the label's gap through wrapping.
            let head = format!("{}\u{a0}\u{a0}{}", field.label, field.detail);
            let label_cells = paragraph::width(&field.label);
            for (i, part) in wrap(&head, width.saturating_sub(4)).into_iter().enumerate() {
                let part = part.replace('\u{a0}', " ");
                let mut spans = vec![Span::styled(
                    if i == 0 { row_marker(focused) } else { "    " },
                    theme.focus,
                )];
                if i == 0 && paragraph::width(&part) >= label_cells {
                    let (label, rest) = split_at_cells(&part, label_cells);
                    spans.push(Span::styled(label, label_style));
                    spans.push(Span::styled(rest, theme.muted));
                } else {
                    spans.push(Span::styled(
                        part,
                        if i == 0 { label_style } else { theme.muted },
                    ));
                }
                lines.push(Line::from(spans));
            }
            let (value, cursor) = value_spans(field, focused, input_width, theme);
            if focused && matches!(field.kind, FieldKind::Text | FieldKind::Secret) {
                cursor_line = Some((lines.len(), 5 + cursor));
            }
            lines.push(Line::from(value));
            if focused && let (Some(picker), Some(values)) = (&self.picker, field.long_choice()) {
                cursor_line = Some((lines.len(), 6 + picker_cursor(picker, input_width)));
                lines.extend(picker_lines(picker, values, input_width, theme));
            }
            let shown_early =
                field.edited || self.show_all_problems || focused && !field.value().is_empty();
            let (text, style, lead) = match mark(field) {
                Some(Mark::Problem(text)) if shown_early => (text, theme.error, "✗ "),
                Some(Mark::Open) => {
                    lines.push(Line::from(vec![
                        Span::raw("    "),
                        Span::styled("▲ left for instantiation", theme.warning),
                    ]));
                    (field.help.clone(), theme.muted, "")
                }
                Some(Mark::Warning(text)) => (text, theme.warning, "▲ "),
                _ => (field.help.clone(), theme.muted, ""),
            };
            // A mark's lines hang under its text.
            let hang = " ".repeat(lead.chars().count());
            let parts = wrap(&text, width.saturating_sub(4 + hang.len()));
            if parts.is_empty() {
                lines.push(Line::default());
            }
            for (i, part) in parts.into_iter().enumerate() {
                let first = if i == 0 {
                    lead.to_owned()
                } else {
                    hang.clone()
                };
                lines.push(Line::from(vec![
                    Span::raw("    "),
                    Span::styled(format!("{first}{part}"), style),
                ]));
            }
            if focused {
                focus_lines = (start, lines.len());
            }
        }
        // A line above the fields says which are in view and how to filter them, once
        // they do not all fit or a filter narrows them.
        let narrowed = self.filter.editing || !self.filter.query().is_empty();
        let (position_area, area) = if narrowed || lines.len() > usize::from(area.height) {
            let [top, rest] = ratatui::layout::Layout::vertical([
                ratatui::layout::Constraint::Length(1),
                ratatui::layout::Constraint::Min(1),
            ])
            .areas(area);
            (Some(top), rest)
        } else {
            (None, area)
        };
        let height = usize::from(area.height);
        let mut top = self.top.get().min(lines.len().saturating_sub(height));
        if focus_lines.0 < top {
            // Keep the group heading in view when the first field of a group is focused.
            top = focus_lines.0.saturating_sub(2);
        } else if focus_lines.1 > top + height {
            top = focus_lines.1.saturating_sub(height);
        }
        self.top.set(top);
        let mut drawn = self.drawn.borrow_mut();
        drawn.clear();
        for (k, &index) in shown.iter().enumerate() {
            let (start, end) = (starts[k], starts.get(k + 1).copied().unwrap_or(lines.len()));
            let (from, to) = (start.max(top), end.min(top + height));
            if from < to {
                let y = area.y + u16::try_from(from - top).unwrap_or(u16::MAX);
                let rows = u16::try_from(to - from).unwrap_or(u16::MAX);
                drawn.push((Rect::new(area.x, y, area.width, rows), index));
            }
        }
        drop(drawn);
        let mut cursor = None;
        if let Some(position_area) = position_area {
            // Fields whose first line is in view.
            let first = starts.iter().position(|&s| s >= top);
            let last = starts.iter().rposition(|&s| s < top + height);
            let range = match (first, last) {
                (Some(first), Some(last)) if first <= last => Some((first + 1, last + 1)),
                _ => None,
            };
            let typing = self.text_focused() && !self.filter.editing;
            let (line, at) = position_line(
                &self.filter,
                range,
                (shown.len(), self.fields.len()),
                typing,
                theme,
                position_area.width,
            );
            frame.render_widget(line, position_area);
            if self.filter.editing {
                cursor = Some((position_area.x + at, position_area.y));
            }
        }
        let visible: Vec<Line> = lines.into_iter().skip(top).take(height).collect();
        frame.render_widget(Paragraph::new(visible), area);
        if cursor.is_some() {
            return cursor;
        }
        let (line, column) = cursor_line?;
        let y = u16::try_from(line.checked_sub(top)?).ok()?;
        (y < area.height).then_some((area.x + column, area.y + y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> Form {
        Form::new(vec![
            Field::new(
                "site",
                "property site".into(),
                "Site".into(),
                FieldKind::Text,
            )
            .starting(None, None),
            Field::new(
                "region",
                "property region".into(),
                "Region".into(),
                FieldKind::Choice(vec!["eu".into(), "us".into()]),
            )
            .starting(Some("eu".into()), None),
            Field::new("ha", "property ha".into(), "HA".into(), FieldKind::Toggle)
                .starting(Some("false".into()), None),
            Field::new(
                "pw",
                "property pw".into(),
                "Password".into(),
                FieldKind::Secret,
            )
            .starting(None, None),
        ])
    }

    #[test]
    fn typing_edits_the_focused_text_field() {
        let mut form = form();
        assert!(form.text_focused());
        assert_eq!(form.update(Action::Input('b')), Change::Edited(0));
        assert!(form.fields[0].edited);
        assert_eq!(form.fields[0].value(), "b");
        assert_eq!(form.update(Action::Left), Change::Moved);
        assert_eq!(form.update(Action::Confirm), Change::Ignored);
    }

    #[test]
    fn choices_cycle_and_toggles_flip() {
        let mut form = form();
        form.update(Action::Down);
        assert!(!form.text_focused(), "letters go to the keys on a choice");
        assert_eq!(form.update(Action::Right), Change::Edited(1));
        assert_eq!(form.fields[1].value(), "us");
        form.update(Action::Right);
        assert_eq!(form.fields[1].value(), "eu", "wraps around");
        form.update(Action::Left);
        assert_eq!(form.fields[1].value(), "us");
        form.update(Action::NextField);
        form.update(Action::Toggle);
        assert_eq!(form.fields[2].value(), "true");
    }

    #[test]
    fn secrets_stay_masked_until_revealed() {
        let mut form = form();
        form.update(Action::End);
        assert_eq!(form.focus, 0, "End moves the cursor in a text field");
        form.focus = 3;
        form.update(Action::Input('x'));
        assert!(!form.fields[3].revealed);
        assert_eq!(form.update(Action::Reveal), Change::Moved);
        assert!(form.fields[3].revealed);
    }

    #[test]
    fn defaults_follow_until_edited() {
        let mut form = form();
        form.fields[1].set_default(Some("us".into()));
        assert_eq!(form.fields[1].value(), "us");
        form.focus = 1;
        form.update(Action::Left);
        form.fields[1].set_default(Some("us".into()));
        assert_eq!(form.fields[1].value(), "eu", "an edited value stays");
    }

    #[test]
    fn a_toggle_without_default_is_unset_until_set() {
        let mut field = Field::new(
            "flag",
            "parameter flag".into(),
            "Flag".into(),
            FieldKind::Toggle,
        )
        .starting(None, None);
        assert_eq!(field.value(), "", "unset: nothing is written");
        let cycle: Vec<String> = (0..3)
            .map(|_| {
                field.apply(Action::Toggle);
                field.value().to_owned()
            })
            .collect();
        assert_eq!(cycle, ["true", "false", ""]);
        let (spans, _) = value_spans(&field, false, 20, &Theme::default_theme());
        let text: String = spans.iter().map(|s| s.content.as_ref()).collect();
        assert!(text.contains("[-] unset"), "{text}");
    }

    #[test]
    fn a_supplied_value_is_not_typed_only_cleared() {
        let mut field = Field::new(
            "vnf_id",
            "parameter vnf_id".into(),
            "vnf_id".into(),
            FieldKind::Supplied,
        )
        .starting(Some("vnf-7".into()), None);
        assert!(!field.takes_text());
        assert!(!field.apply(Action::Input('x')));
        assert!(field.apply(Action::Delete));
        assert_eq!(field.value(), "");
        assert!(!field.apply(Action::Delete), "nothing left to clear");
    }

    #[test]
    fn focus_moves_within_bounds() {
        let mut form = form();
        form.update(Action::Up);
        assert_eq!(form.focus, 0);
        form.update(Action::PageDown);
        assert_eq!(form.focus, 3);
        assert!(form.focus_first(|f| f.key == "region"));
        assert_eq!(form.focus, 1);
    }

    fn zones() -> Form {
        let values: Vec<String> = [
            "Africa/Cairo",
            "America/Chicago",
            "Asia/Tokyo",
            "Europe/Belgrade",
            "Europe/Berlin",
            "Europe/Paris",
            "Pacific/Fiji",
            "UTC",
            "US/Eastern",
        ]
        .map(str::to_owned)
        .to_vec();
        Form::new(vec![
            Field::new(
                "host",
                "property host".into(),
                "Host".into(),
                FieldKind::Text,
            )
            .starting(None, None),
            Field::new(
                "tz",
                "property tz".into(),
                "Time zone".into(),
                FieldKind::Choice(values),
            )
            .starting(Some("UTC".into()), None),
        ])
    }

    #[test]
    fn typing_on_a_long_choice_filters_its_list_and_enter_picks() {
        let mut form = zones();
        form.update(Action::Down);
        assert!(form.text_focused(), "a long choice takes letters");
        assert_eq!(form.update(Action::Input('b')), Change::Moved);
        for c in "erl".chars() {
            form.update(Action::Input(c));
        }
        let picker = form.picker.as_ref().expect("the list is open");
        assert_eq!(picker.filter.len(9), 1, "only Berlin has b-e-r-l in order");
        assert!(form.captures(Action::Confirm) && form.captures(Action::Back));
        assert_eq!(form.update(Action::Confirm), Change::Edited(1));
        assert_eq!(form.fields[1].value(), "Europe/Berlin");
        assert!(form.picker.is_none());
        // Space opens the whole list at the value; Esc closes it, changing nothing.
        form.update(Action::Input(' '));
        let picker = form.picker.as_ref().unwrap();
        assert_eq!((picker.filter.len(9), picker.selected), (9, 4));
        form.update(Action::Down);
        assert_eq!(form.update(Action::Back), Change::Moved);
        assert_eq!(form.fields[1].value(), "Europe/Berlin");
        // Arrows still cycle without the list.
        assert_eq!(form.update(Action::Right), Change::Edited(1));
        assert_eq!(form.fields[1].value(), "Europe/Paris");
    }

    #[test]
    fn the_filter_narrows_the_fields_by_name_and_moves_among_them() {
        let mut form = form();
        assert_eq!(form.update(Action::Filter), Change::Moved);
        assert!(form.text_focused() && form.captures(Action::Confirm));
        for c in "pass".chars() {
            form.update(Action::Input(c));
        }
        assert_eq!(form.shown(), [3], "the label matches");
        assert_eq!(form.focus, 3, "the focus goes to the first match");
        form.update(Action::Confirm);
        assert!(!form.filter.editing && form.captures(Action::Back));
        form.update(Action::Up);
        assert_eq!(form.focus, 3, "only the matches are moved among");
        form.update(Action::Back);
        assert_eq!(form.shown(), [0, 1, 2, 3], "Esc clears the filter");
        assert!(!form.captures(Action::Back));
    }
}
