//! A form of fields under group headings: text, secret (masked, Ctrl-R reveals), a choice
//! among values (←/→ or Space) and a toggle. Each field shows its label, what it accepts,
//! its value and, below it, its problem (with a text marker) or its description. Only the
//! part around the focused field is drawn; the cursor sits in the focused text field.

use std::cell::Cell;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::paragraph;
use super::text_field::TextField;
use super::wrap;
use crate::tui::action::Action;
use crate::tui::steps::row_marker;
use crate::tui::theme::Theme;

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

    /// Whether letters type into the field.
    pub fn takes_text(&self) -> bool {
        matches!(self.kind, FieldKind::Text | FieldKind::Secret)
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

/// Fields with a focus.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Form {
    /// The fields in order.
    pub fields: Vec<Field>,
    /// The focused field.
    pub focus: usize,
    /// Show every field's problem, also of fields not edited yet (after Enter was refused).
    pub show_all_problems: bool,
    /// The first line drawn at the last frame.
    top: Cell<usize>,
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

    /// Whether the focused field takes letters.
    pub fn text_focused(&self) -> bool {
        self.focused().is_some_and(Field::takes_text)
    }

    /// The field answering `key`.
    pub fn field_mut(&mut self, key: &str) -> Option<&mut Field> {
        self.fields.iter_mut().find(|f| f.key == key)
    }

    /// Moves the focus, edits the focused field or changes its choice.
    pub fn update(&mut self, action: Action) -> Change {
        let count = self.fields.len();
        if count == 0 {
            return Change::Ignored;
        }
        let text = self.text_focused();
        let focus = match action {
            Action::Up | Action::PreviousField | Action::ScrollUp => {
                Some(self.focus.saturating_sub(1))
            }
            Action::Down | Action::NextField | Action::ScrollDown => {
                Some((self.focus + 1).min(count - 1))
            }
            Action::PageUp => Some(self.focus.saturating_sub(5)),
            Action::PageDown => Some((self.focus + 5).min(count - 1)),
            Action::Home if !text => Some(0),
            Action::End if !text => Some(count - 1),
            _ => None,
        };
        if let Some(focus) = focus {
            self.focus = focus;
            return Change::Moved;
        }
        let Some(field) = self.fields.get_mut(self.focus) else {
            return Change::Ignored;
        };
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
        let mut lines: Vec<Line> = Vec::new();
        let mut focus_lines = (0, 0);
        let mut cursor_line = None;
        let mut group: Option<&str> = None;
        for (index, field) in self.fields.iter().enumerate() {
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
            let (shown, cursor) = value_spans(field, focused, input_width, theme);
            if focused && field.takes_text() {
                cursor_line = Some((lines.len(), cursor));
            }
            lines.push(Line::from(shown));
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
        let height = usize::from(area.height);
        let mut top = self.top.get().min(lines.len().saturating_sub(height));
        if focus_lines.0 < top {
            // Keep the group heading in view when the first field of a group is focused.
            top = focus_lines.0.saturating_sub(2);
        } else if focus_lines.1 > top + height {
            top = focus_lines.1.saturating_sub(height);
        }
        self.top.set(top);
        let visible: Vec<Line> = lines.into_iter().skip(top).take(height).collect();
        frame.render_widget(Paragraph::new(visible), area);
        let (line, column) = cursor_line?;
        let y = u16::try_from(line.checked_sub(top)?).ok()?;
        (y < area.height).then_some((area.x + 5 + column, area.y + y))
    }
}

/// `text` split after its first `cells` cells.
fn split_at_cells(text: &str, cells: usize) -> (String, String) {
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
fn value_spans(
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
            let count = position.map_or(String::new(), |i| {
                format!("  {} of {}", i + 1, values.len())
            });
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
}
