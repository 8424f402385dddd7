//! What the operator asked for, independent of the key that asked: the keymap turns key
//! events into actions, `update` turns actions into state changes and effects.

/// One operator intent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Enter: confirm, or go to the next step.
    Confirm,
    /// Esc: back (close a filter or overlay, cancel a running check, previous step).
    Back,
    /// Tab: next field, pane or tab.
    NextField,
    /// Shift-Tab: previous field, pane or tab.
    PreviousField,
    /// ↑ or k.
    Up,
    /// ↓ or j.
    Down,
    /// ← (cursor left in a field; previous choice).
    Left,
    /// → (cursor right in a field; next choice).
    Right,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Home: first item, start of a text.
    Home,
    /// End: last item, end of a text.
    End,
    /// `/`: fuzzy filter the focused list.
    Filter,
    /// `?` or F1: all keys.
    Help,
    /// `a`: accept the EULA shown.
    Accept,
    /// `d`: decline the EULA shown.
    Decline,
    /// `y`: yes, in a question.
    Yes,
    /// `n`: no, in a question.
    No,
    /// Space: toggle or cycle the focused choice.
    Toggle,
    /// Ctrl-R: reveal or mask the focused password.
    Reveal,
    /// Ctrl-S: write the outputs (from the review and write steps).
    Write,
    /// `s`: save the answers, in the quit question (with `--save-answers`).
    Save,
    /// `f`: preview the selected violation's fix (Enter applies it).
    PreviewFix,
    /// `F`: preview every `safe` fix at once (Enter applies them).
    PreviewSafeFixes,
    /// `u`: undo the last applied fix step.
    UndoFix,
    /// `W`: write the fixes applied so far back to the source files (asks first).
    WriteBackFixes,
    /// `q`: quit (asks first when answers would be lost).
    Quit,
    /// Ctrl-C: quit from anywhere, also from a text field (asks first like `q`; a second
    /// Ctrl-C in the question quits at once).
    Interrupt,
    /// A character typed into the focused text field.
    Input(char),
    /// Backspace in a text field.
    Erase,
    /// Delete in a text field.
    Delete,
    /// Mouse wheel up (only with `--mouse`).
    ScrollUp,
    /// Mouse wheel down (only with `--mouse`).
    ScrollDown,
}
