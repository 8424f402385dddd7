//! A one-line text field: its value, the cursor, editing by actions, and the window of the
//! value a narrow field shows (scrolled so the cursor stays visible), masked for passwords.

use ratatui::text::Span;

use crate::tui::action::Action;

/// A text value with a cursor (counted in characters).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextField {
    text: String,
    cursor: usize,
}

/// What a field shows in a given width: the visible text and the cursor's column in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The visible part of the value (masked with `•` when asked).
    pub text: String,
    /// The cursor's column within `text`.
    pub cursor: u16,
}

impl TextField {
    /// A field holding `text`, the cursor at its end.
    pub fn new(text: impl Into<String>) -> TextField {
        let text = text.into();
        let cursor = text.chars().count();
        TextField { text, cursor }
    }

    /// The value.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Replaces the value; the cursor goes to its end.
    pub fn set(&mut self, text: impl Into<String>) {
        *self = TextField::new(text);
    }

    fn byte_at(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i)
    }

    /// Applies an editing action; returns whether the value changed. Actions that are not
    /// editing (Enter, Tab, …) leave the field alone and return false.
    pub fn apply(&mut self, action: Action) -> bool {
        let len = self.text.chars().count();
        match action {
            Action::Input(c) if !c.is_control() => {
                let at = self.byte_at(self.cursor);
                self.text.insert(at, c);
                self.cursor += 1;
                true
            }
            Action::Erase if self.cursor > 0 => {
                self.cursor -= 1;
                let at = self.byte_at(self.cursor);
                self.text.remove(at);
                true
            }
            Action::Delete if self.cursor < len => {
                let at = self.byte_at(self.cursor);
                self.text.remove(at);
                true
            }
            Action::Left => {
                self.cursor = self.cursor.saturating_sub(1);
                false
            }
            Action::Right => {
                self.cursor = (self.cursor + 1).min(len);
                false
            }
            Action::Home | Action::LineStart => {
                self.cursor = 0;
                false
            }
            Action::End | Action::LineEnd => {
                self.cursor = len;
                false
            }
            Action::DeleteToStart if self.cursor > 0 => {
                let at = self.byte_at(self.cursor);
                self.text.replace_range(..at, "");
                self.cursor = 0;
                true
            }
            Action::DeleteWord if self.cursor > 0 => {
                let start = self.word_start();
                let (from, to) = (self.byte_at(start), self.byte_at(self.cursor));
                self.text.replace_range(from..to, "");
                self.cursor = start;
                true
            }
            Action::WordLeft => {
                self.cursor = self.word_start();
                false
            }
            Action::WordRight => {
                self.cursor = self.word_end();
                false
            }
            _ => false,
        }
    }

    /// Where the word before the cursor starts (spaces before it skipped), as readline's
    /// Alt-B and Ctrl-W see words: runs of letters and digits.
    fn word_start(&self) -> usize {
        let chars: Vec<char> = self.text.chars().collect();
        let mut at = self.cursor.min(chars.len());
        while at > 0 && !chars[at - 1].is_alphanumeric() {
            at -= 1;
        }
        while at > 0 && chars[at - 1].is_alphanumeric() {
            at -= 1;
        }
        at
    }

    /// Where the word after the cursor ends (Alt-F).
    fn word_end(&self) -> usize {
        let chars: Vec<char> = self.text.chars().collect();
        let mut at = self.cursor.min(chars.len());
        while at < chars.len() && !chars[at].is_alphanumeric() {
            at += 1;
        }
        while at < chars.len() && chars[at].is_alphanumeric() {
            at += 1;
        }
        at
    }

    /// Whether an action edits or moves within a text field (and so belongs to it).
    pub fn handles(action: Action) -> bool {
        matches!(
            action,
            Action::Input(_)
                | Action::Erase
                | Action::Delete
                | Action::Left
                | Action::Right
                | Action::Home
                | Action::End
                | Action::LineStart
                | Action::LineEnd
                | Action::DeleteToStart
                | Action::DeleteWord
                | Action::WordLeft
                | Action::WordRight
        )
    }

    /// The part of the value shown in `width` columns, scrolled so the cursor is visible.
    pub fn shown(&self, width: u16, masked: bool) -> Shown {
        let chars: Vec<char> = if masked {
            vec!['•'; self.text.chars().count()]
        } else {
            self.text.chars().collect()
        };
        let width = usize::from(width.max(1));
        let column = |slice: &[char]| Span::raw(slice.iter().collect::<String>()).width();
        // The first character shown: as far left as possible while the cursor (and one
        // column for it) still fits.
        let mut start = 0;
        while start < self.cursor && column(&chars[start..self.cursor]) >= width {
            start += 1;
        }
        let mut end = start;
        while end < chars.len() && column(&chars[start..=end]) <= width {
            end += 1;
        }
        Shown {
            text: chars[start..end].iter().collect(),
            cursor: u16::try_from(column(&chars[start..self.cursor])).unwrap_or(u16::MAX),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(text: &str) -> TextField {
        let mut field = TextField::default();
        for c in text.chars() {
            field.apply(Action::Input(c));
        }
        field
    }

    #[test]
    fn typing_erasing_and_moving() {
        let mut field = typed("berlin");
        assert_eq!(field.text(), "berlin");
        assert!(field.apply(Action::Erase));
        assert_eq!(field.text(), "berli");
        field.apply(Action::Home);
        assert!(field.apply(Action::Delete));
        assert_eq!(field.text(), "erli");
        field.apply(Action::Input('B'));
        assert_eq!(field.text(), "Berli");
        field.apply(Action::End);
        field.apply(Action::Input('n'));
        assert_eq!(field.text(), "Berlin");
        assert!(!field.apply(Action::Confirm));
        field.apply(Action::Home);
        assert!(!field.apply(Action::Erase), "nothing before the cursor");
    }

    #[test]
    fn multibyte_characters_edit_whole() {
        let mut field = typed("Zürich");
        field.apply(Action::Left);
        field.apply(Action::Left);
        field.apply(Action::Left);
        field.apply(Action::Left);
        field.apply(Action::Erase);
        assert_eq!(field.text(), "Zrich");
    }

    #[test]
    fn a_long_value_scrolls_to_keep_the_cursor_visible() {
        let field = typed("0123456789abcdef");
        let shown = field.shown(8, false);
        assert_eq!(shown.text, "9abcdef");
        assert_eq!(shown.cursor, 7);
        let mut field = field;
        field.apply(Action::Home);
        let shown = field.shown(8, false);
        assert_eq!(shown.text, "01234567");
        assert_eq!(shown.cursor, 0);
    }

    #[test]
    fn readline_keys_move_and_delete_by_word_and_line() {
        let mut field = typed("10.1.0.0/24 mgmt-net");
        field.apply(Action::WordLeft);
        assert_eq!(field.cursor, 17, "before `net`");
        field.apply(Action::WordLeft);
        assert_eq!(field.cursor, 12, "before `mgmt`");
        field.apply(Action::WordRight);
        assert_eq!(field.cursor, 16, "after `mgmt`");
        field.apply(Action::LineEnd);
        assert!(field.apply(Action::DeleteWord));
        assert_eq!(field.text(), "10.1.0.0/24 mgmt-");
        field.apply(Action::LineStart);
        assert_eq!(field.cursor, 0);
        assert!(
            !field.apply(Action::DeleteToStart),
            "nothing before the cursor"
        );
        field.apply(Action::WordRight);
        field.apply(Action::WordRight);
        assert!(field.apply(Action::DeleteToStart));
        assert_eq!(field.text(), ".0.0/24 mgmt-");
        assert_eq!(field.cursor, 0);
    }

    #[test]
    fn passwords_are_masked() {
        let shown = typed("hunter2").shown(20, true);
        assert_eq!(shown.text, "•••••••");
        assert_eq!(shown.cursor, 7);
    }
}
