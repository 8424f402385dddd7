//! The keymap as data (DESIGN.md's "wizard's keys"): one table turns key events into
//! actions and also writes the help overlay and every key hint of the footer ([`label`]),
//! so none of them can disagree with what a key does. A second, smaller table holds the
//! keys only the review takes (`]` `[` `c` `r`). No key means two things in one place: `y`
//! and `n` answer questions and nothing else.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::action::Action;
use crate::foundation::diagnostics::Severity;

/// One key bound to one action.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// The key.
    pub code: KeyCode,
    /// Ctrl or Alt (Shift is part of the character itself).
    pub modifiers: KeyModifiers,
    /// What it does.
    pub action: Action,
}

const fn key(code: KeyCode, action: Action) -> Binding {
    Binding {
        code,
        modifiers: KeyModifiers::NONE,
        action,
    }
}

const fn ctrl(c: char, action: Action) -> Binding {
    Binding {
        code: KeyCode::Char(c),
        modifiers: KeyModifiers::CONTROL,
        action,
    }
}

const fn alt(c: char, action: Action) -> Binding {
    Binding {
        code: KeyCode::Char(c),
        modifiers: KeyModifiers::ALT,
        action,
    }
}

/// Every binding, in the order the help lists them.
pub const BINDINGS: &[Binding] = &[
    key(KeyCode::Enter, Action::Confirm),
    key(KeyCode::Esc, Action::Back),
    key(KeyCode::Tab, Action::NextField),
    key(KeyCode::BackTab, Action::PreviousField),
    key(KeyCode::Up, Action::Up),
    key(KeyCode::Char('k'), Action::Up),
    key(KeyCode::Down, Action::Down),
    key(KeyCode::Char('j'), Action::Down),
    key(KeyCode::Left, Action::Left),
    key(KeyCode::Right, Action::Right),
    key(KeyCode::PageUp, Action::PageUp),
    key(KeyCode::PageDown, Action::PageDown),
    key(KeyCode::Home, Action::Home),
    key(KeyCode::End, Action::End),
    key(KeyCode::Char(' '), Action::Toggle),
    key(KeyCode::Char('/'), Action::Filter),
    ctrl('f', Action::Filter),
    key(KeyCode::Char('a'), Action::Accept),
    key(KeyCode::Char('d'), Action::Decline),
    key(KeyCode::Char('y'), Action::Yes),
    key(KeyCode::Char('n'), Action::No),
    key(KeyCode::Char('s'), Action::Save),
    key(KeyCode::Char('f'), Action::PreviewFix),
    key(KeyCode::Char('F'), Action::PreviewSafeFixes),
    key(KeyCode::Char('u'), Action::UndoFix),
    key(KeyCode::Char('e'), Action::Edit),
    key(KeyCode::Char('g'), Action::Group),
    key(KeyCode::Char('1'), Action::ToggleSeverity(Severity::Error)),
    key(
        KeyCode::Char('2'),
        Action::ToggleSeverity(Severity::Warning),
    ),
    key(KeyCode::Char('3'), Action::ToggleSeverity(Severity::Note)),
    key(KeyCode::Char('z'), Action::Zoom),
    key(KeyCode::Char('W'), Action::WriteBackFixes),
    key(KeyCode::Char('w'), Action::Waive),
    key(KeyCode::Char('x'), Action::TakeBackWaiver),
    key(KeyCode::Char('p'), Action::NextProfile),
    ctrl('r', Action::Reveal),
    ctrl('s', Action::Write),
    key(KeyCode::Backspace, Action::Erase),
    key(KeyCode::Delete, Action::Delete),
    ctrl('a', Action::LineStart),
    ctrl('e', Action::LineEnd),
    ctrl('u', Action::DeleteToStart),
    ctrl('w', Action::DeleteWord),
    alt('b', Action::WordLeft),
    alt('f', Action::WordRight),
    key(KeyCode::Char('?'), Action::Help),
    key(KeyCode::F(1), Action::Help),
    key(KeyCode::Char('q'), Action::Quit),
    ctrl('c', Action::Interrupt),
];

/// Keys the review step takes before [`BINDINGS`] (with no question open and no text
/// field focused).
pub const REVIEW_BINDINGS: &[Binding] = &[
    key(KeyCode::Char(']'), Action::NextError),
    key(KeyCode::Char('['), Action::PreviousError),
    key(KeyCode::Char('c'), Action::Copy),
    key(KeyCode::Char('r'), Action::WriteReport),
];

/// Every binding: the review's, then the common ones.
pub fn all_bindings() -> impl Iterator<Item = &'static Binding> {
    REVIEW_BINDINGS.iter().chain(BINDINGS)
}

/// What an action does, for the help overlay.
pub fn describe(action: Action) -> &'static str {
    match action {
        Action::Confirm => "confirm / next step",
        Action::Back => "back: close, cancel a check, previous step",
        Action::NextField => "next field, pane or tab",
        Action::PreviousField => "previous field, pane or tab",
        Action::Up => "move up",
        Action::Down => "move down",
        Action::Left => "cursor left / previous choice",
        Action::Right => "cursor right / next choice",
        Action::PageUp => "page up",
        Action::PageDown => "page down",
        Action::Home => "first / start",
        Action::End => "last / end",
        Action::Toggle => "toggle or cycle the focused choice",
        Action::Filter => "fuzzy filter the list, or the form's fields",
        Action::Accept => "accept the licence shown",
        Action::Decline => "decline the licence shown",
        Action::Yes => "yes, in a question",
        Action::No => "no, in a question",
        Action::Reveal => "show or mask the focused password",
        Action::Write => "write the outputs (review and write steps)",
        Action::Save => "save the answers and quit (in the quit question)",
        Action::PreviewFix => "preview the selected violation's fix (review)",
        Action::PreviewSafeFixes => "preview every safe fix at once (review)",
        Action::UndoFix => "undo the last applied fix (review)",
        Action::Edit => "open the file at the violation's line in $EDITOR (review)",
        Action::NextError => "next error (review)",
        Action::PreviousError => "previous error (review)",
        Action::Copy => "copy the item's place in the source (file:line) to the clipboard (review)",
        Action::Group => "group the violations by file, by rule, or not (review)",
        Action::ToggleSeverity(Severity::Error) => "show or hide errors (review)",
        Action::ToggleSeverity(Severity::Warning) => "show or hide warnings (review)",
        Action::ToggleSeverity(Severity::Note) => "show or hide notes (review)",
        Action::Zoom => "zoom the detail or file pane, or give the list back (review)",
        Action::WriteBackFixes => {
            "write the fixes applied so far back to the source files (review)"
        }
        Action::Waive => "waive the selected finding, or its group's, with a reason (review)",
        Action::TakeBackWaiver => "take back the waiver of the selected finding (review)",
        Action::NextProfile => "check with the next rule profile (review)",
        Action::WriteReport => {
            "write the findings as an HTML report beside the output folder (review)"
        }
        Action::Help => "this help",
        Action::Quit => "quit (asks first when answers would be lost)",
        Action::Interrupt => "quit from anywhere, text fields too",
        Action::Input(_) => "type into the focused text field",
        Action::Erase => "delete the character before the cursor (text field)",
        Action::Delete => "delete the character at the cursor (text field)",
        Action::LineStart => "to the start of the text (text field)",
        Action::LineEnd => "to the end of the text (text field)",
        Action::DeleteToStart => "delete from the start of the text to the cursor (text field)",
        Action::DeleteWord => "delete the word before the cursor (text field)",
        Action::WordLeft => "back one word (text field)",
        Action::WordRight => "forward one word (text field)",
        Action::ScrollUp | Action::ScrollDown => "scroll (with --mouse)",
    }
}

/// How a key is written in hints and help (`Enter`, `Ctrl-S`, `↑`, `k`).
pub fn key_name(code: KeyCode, modifiers: KeyModifiers) -> String {
    match code {
        KeyCode::Enter => "Enter".to_owned(),
        KeyCode::Esc => "Esc".to_owned(),
        KeyCode::Tab => "Tab".to_owned(),
        KeyCode::BackTab => "Shift-Tab".to_owned(),
        KeyCode::Up => "↑".to_owned(),
        KeyCode::Down => "↓".to_owned(),
        KeyCode::Left => "←".to_owned(),
        KeyCode::Right => "→".to_owned(),
        KeyCode::PageUp => "PgUp".to_owned(),
        KeyCode::PageDown => "PgDn".to_owned(),
        KeyCode::Home => "Home".to_owned(),
        KeyCode::End => "End".to_owned(),
        KeyCode::F(n) => format!("F{n}"),
        KeyCode::Backspace => "Backspace".to_owned(),
        KeyCode::Delete => "Delete".to_owned(),
        KeyCode::Char(' ') => "Space".to_owned(),
        KeyCode::Char(c) if modifiers.contains(KeyModifiers::CONTROL) => {
            format!("Ctrl-{}", c.to_ascii_uppercase())
        }
        KeyCode::Char(c) if modifiers.contains(KeyModifiers::ALT) => {
            format!("Alt-{}", c.to_ascii_uppercase())
        }
        KeyCode::Char(c) => c.to_string(),
        other => format!("{other:?}"),
    }
}

/// The help overlay's lines: each action once, with every key bound to it.
pub fn help_lines() -> Vec<(String, &'static str)> {
    let mut lines: Vec<(Action, Vec<String>)> = Vec::new();
    for binding in BINDINGS.iter().chain(REVIEW_BINDINGS) {
        let name = key_name(binding.code, binding.modifiers);
        match lines.iter_mut().find(|(a, _)| *a == binding.action) {
            Some((_, keys)) => keys.push(name),
            None => lines.push((binding.action, vec![name])),
        }
    }
    lines
        .into_iter()
        .map(|(action, keys)| (keys.join(" "), describe(action)))
        .collect()
}

/// The keys bound to `action`, in the table's order (`Input` is "type": any character).
pub fn keys_of(action: Action) -> Vec<String> {
    if matches!(action, Action::Input(_)) {
        return vec!["type".to_owned()];
    }
    all_bindings()
        .filter(|b| b.action == action)
        .map(|b| key_name(b.code, b.modifiers))
        .collect()
}

/// Whether a key, as named, types a character into a focused text field.
fn types(name: &str) -> bool {
    name == "Space" || (name.chars().count() == 1 && !is_arrow(name))
}

fn is_arrow(name: &str) -> bool {
    matches!(name, "↑" | "↓" | "←" | "→")
}

/// How a hint writes the keys of `actions`: the first key of each, arrows run together
/// (`↑↓ PgUp PgDn`, `←→ Space`, `Enter Ctrl-S`). While a text field takes letters
/// (`typing`), keys that would type are passed over (`?` gives way to F1).
pub fn label(actions: &[Action], typing: bool) -> String {
    let mut out = String::new();
    let mut previous_arrow = false;
    for action in actions {
        let first = keys_of(*action)
            .into_iter()
            .find(|name| !typing || name == "type" || !types(name));
        let Some(name) = first else {
            continue;
        };
        let arrow = is_arrow(&name);
        // Arrows run together; every other key stands apart.
        let joined = out.is_empty() || (arrow && previous_arrow);
        if !joined {
            out.push(' ');
        }
        out.push_str(&name);
        previous_arrow = arrow;
    }
    out
}

/// The action for a key event. When a text field has focus, characters (without Ctrl or
/// Alt) are typed into it before any letter binding applies; Ctrl-C always interrupts.
/// Backspace and Delete, like the readline keys, do nothing outside a text field.
/// Otherwise the `layer` of the step shown (see [`REVIEW_BINDINGS`]) comes first.
pub fn action_for(event: KeyEvent, text_focused: bool, layer: &[Binding]) -> Option<Action> {
    if event.kind == KeyEventKind::Release {
        return None;
    }
    // Shift is part of the character (`?`, `G`), and Shift-Tab arrives as BackTab.
    let modifiers = event.modifiers - KeyModifiers::SHIFT;
    if text_focused {
        match event.code {
            KeyCode::Char(c)
                if !modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                return Some(Action::Input(c));
            }
            _ => {}
        }
    }
    layer
        .iter()
        .chain(BINDINGS)
        .find(|b| b.code == event.code && b.modifiers == modifiers)
        .map(|b| b.action)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn letters_reach_a_focused_text_field_first() {
        let q = press(KeyCode::Char('q'), KeyModifiers::NONE);
        assert_eq!(action_for(q, false, &[]), Some(Action::Quit));
        assert_eq!(action_for(q, true, &[]), Some(Action::Input('q')));
        let slash = press(KeyCode::Char('/'), KeyModifiers::NONE);
        assert_eq!(action_for(slash, true, &[]), Some(Action::Input('/')));
        let upper = press(KeyCode::Char('Q'), KeyModifiers::SHIFT);
        assert_eq!(action_for(upper, true, &[]), Some(Action::Input('Q')));
    }

    #[test]
    fn ctrl_c_interrupts_everywhere() {
        let ctrl_c = press(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action_for(ctrl_c, false, &[]), Some(Action::Interrupt));
        assert_eq!(action_for(ctrl_c, true, &[]), Some(Action::Interrupt));
    }

    #[test]
    fn the_design_keys_are_bound() {
        let cases = [
            (KeyCode::Enter, KeyModifiers::NONE, Action::Confirm),
            (KeyCode::Esc, KeyModifiers::NONE, Action::Back),
            (KeyCode::Tab, KeyModifiers::NONE, Action::NextField),
            (KeyCode::BackTab, KeyModifiers::SHIFT, Action::PreviousField),
            (KeyCode::Char('j'), KeyModifiers::NONE, Action::Down),
            (KeyCode::Char('k'), KeyModifiers::NONE, Action::Up),
            (KeyCode::Char('?'), KeyModifiers::SHIFT, Action::Help),
            (KeyCode::Char('a'), KeyModifiers::NONE, Action::Accept),
            (KeyCode::Char('d'), KeyModifiers::NONE, Action::Decline),
            (KeyCode::Char('s'), KeyModifiers::CONTROL, Action::Write),
            (KeyCode::Char('f'), KeyModifiers::NONE, Action::PreviewFix),
            (
                KeyCode::Char('F'),
                KeyModifiers::SHIFT,
                Action::PreviewSafeFixes,
            ),
            (KeyCode::Char('u'), KeyModifiers::NONE, Action::UndoFix),
        ];
        for (code, modifiers, action) in cases {
            assert_eq!(action_for(press(code, modifiers), false, &[]), Some(action));
        }
        let release = KeyEvent {
            kind: KeyEventKind::Release,
            ..press(KeyCode::Enter, KeyModifiers::NONE)
        };
        assert_eq!(action_for(release, false, &[]), None);
    }

    #[test]
    fn readline_keys_reach_text_fields() {
        let cases = [
            ('a', KeyModifiers::CONTROL, Action::LineStart),
            ('e', KeyModifiers::CONTROL, Action::LineEnd),
            ('u', KeyModifiers::CONTROL, Action::DeleteToStart),
            ('w', KeyModifiers::CONTROL, Action::DeleteWord),
            ('b', KeyModifiers::ALT, Action::WordLeft),
            ('f', KeyModifiers::ALT, Action::WordRight),
        ];
        for (c, modifiers, action) in cases {
            assert_eq!(
                action_for(press(KeyCode::Char(c), modifiers), true, &[]),
                Some(action)
            );
        }
        let backspace = press(KeyCode::Backspace, KeyModifiers::NONE);
        assert_eq!(action_for(backspace, true, &[]), Some(Action::Erase));
    }

    #[test]
    fn labels_come_from_the_table() {
        assert_eq!(
            label(
                &[Action::Up, Action::Down, Action::PageUp, Action::PageDown],
                false
            ),
            "↑↓ PgUp PgDn"
        );
        assert_eq!(
            label(&[Action::Confirm, Action::Write], false),
            "Enter Ctrl-S"
        );
        assert_eq!(
            label(&[Action::Left, Action::Right, Action::Toggle], false),
            "←→ Space"
        );
        assert_eq!(label(&[Action::Input('x')], true), "type");
        assert_eq!(label(&[Action::WordLeft], true), "Alt-B");
        assert_eq!(label(&[Action::Help], false), "?");
        assert_eq!(label(&[Action::Help], true), "F1", "? would be typed");
        assert_eq!(label(&[Action::Up, Action::Down], true), "↑↓");
    }

    #[test]
    fn no_key_means_two_things_in_one_place() {
        let n = press(KeyCode::Char('n'), KeyModifiers::NONE);
        let y = press(KeyCode::Char('y'), KeyModifiers::NONE);
        assert_eq!(action_for(n, false, REVIEW_BINDINGS), Some(Action::No));
        assert_eq!(action_for(y, false, REVIEW_BINDINGS), Some(Action::Yes));
        let next = press(KeyCode::Char(']'), KeyModifiers::NONE);
        let copy = press(KeyCode::Char('c'), KeyModifiers::NONE);
        assert_eq!(
            action_for(next, false, REVIEW_BINDINGS),
            Some(Action::NextError)
        );
        assert_eq!(action_for(copy, false, REVIEW_BINDINGS), Some(Action::Copy));
        assert_eq!(action_for(copy, false, &[]), None, "only the review copies");
        assert_eq!(
            action_for(copy, true, REVIEW_BINDINGS),
            Some(Action::Input('c'))
        );
        // Every key (with its modifiers) is bound once in each layer: the review's and
        // the common table never share a key.
        let mut seen = Vec::new();
        for binding in all_bindings() {
            let key = (binding.code, binding.modifiers);
            assert!(!seen.contains(&key), "{key:?} is bound twice");
            seen.push(key);
        }
        let lines = help_lines();
        let next = lines
            .iter()
            .find(|(_, what)| *what == "next error (review)");
        assert_eq!(next.map(|(keys, _)| keys.as_str()), Some("]"));
        assert_eq!(
            label(&[Action::NextError, Action::PreviousError], false),
            "] [",
            "the footer finds the review's keys too"
        );
    }

    #[test]
    fn help_lists_each_action_once_with_all_its_keys() {
        let lines = help_lines();
        let up = lines.iter().find(|(_, what)| *what == "move up").unwrap();
        assert_eq!(up.0, "↑ k");
        let help = lines.iter().find(|(_, what)| *what == "this help").unwrap();
        assert_eq!(help.0, "? F1");
        assert_eq!(
            lines.iter().filter(|(_, what)| *what == "move up").count(),
            1
        );
    }
}
