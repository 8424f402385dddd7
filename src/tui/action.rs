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
    /// `/` (or Ctrl-F, which a text field does not take): fuzzy filter the focused list or
    /// the form's fields.
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
    /// `e`: open the selected violation's file at its line in the operator's editor.
    Edit,
    /// `]` in the review: the next error.
    NextError,
    /// `[` in the review: the previous error.
    PreviousError,
    /// `c` in the review: copy the selected item's place in the source.
    Copy,
    /// `g`: group the review's list by file, by rule, or not.
    Group,
    /// `1`, `2`, `3`: show or hide the review's errors, warnings or notes.
    ToggleSeverity(crate::foundation::diagnostics::Severity),
    /// `z`: zoom the focused pane (the review's detail or file text) to the whole step.
    Zoom,
    /// `W`: write the fixes applied so far back to the source files (asks first).
    WriteBackFixes,
    /// `w`: waive the selected finding (or its group's) with a reason asked for.
    Waive,
    /// `x`: take back the answers' waiver of the selected finding.
    TakeBackWaiver,
    /// `p`: check with the next rule profile.
    NextProfile,
    /// `r` in the review: write the HTML report of the findings beside the output folder.
    WriteReport,
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
    /// Ctrl-A in a text field: to the start of the text.
    LineStart,
    /// Ctrl-E in a text field: to the end of the text.
    LineEnd,
    /// Ctrl-U in a text field: delete from the start of the text to the cursor.
    DeleteToStart,
    /// Ctrl-W in a text field: delete the word before the cursor.
    DeleteWord,
    /// Alt-B in a text field: back one word.
    WordLeft,
    /// Alt-F in a text field: forward one word.
    WordRight,
    /// Mouse wheel up (only with `--mouse`).
    ScrollUp,
    /// Mouse wheel down (only with `--mouse`).
    ScrollDown,
}
