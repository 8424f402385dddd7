//! The review's keys as its footer and the help give them: the most used first, the fix
//! keys always (each says so when it has nothing to do), and in one order whatever is
//! selected, so the help lists them the same way every time.

use super::super::{BACK, CONFIRM, Hint, MOVE, hint, lasting};
use super::{Pane, Tab};
use crate::foundation::diagnostics::Severity;
use crate::tui::action::Action;

/// The severity toggles, in the order their keys are written.
const SEVERITIES: &[Action] = &[
    Action::ToggleSeverity(Severity::Error),
    Action::ToggleSeverity(Severity::Warning),
    Action::ToggleSeverity(Severity::Note),
];

/// What the review's keys depend on while the operator browses it.
pub(super) struct Browsing {
    pub(super) tab: Tab,
    pub(super) pane: Pane,
    pub(super) zoomed: bool,
    /// The Files tab is there.
    pub(super) files: bool,
    /// An answer decides the selected item (Enter goes to its field).
    pub(super) answers: bool,
    /// The waiver key the selected finding takes: `w` to waive it, `x` to take the
    /// answers' waiver back (none: nothing to waive).
    pub(super) waiver: Option<Action>,
    /// A filter is kept (Esc clears it).
    pub(super) filtered: bool,
    /// For the help: each key on its own line (the footer gives the fix keys as one).
    pub(super) help: bool,
}

/// The fix keys, in the order the footer writes them as one hint.
const FIX_KEYS: &[Action] = &[
    Action::PreviewFix,
    Action::PreviewSafeFixes,
    Action::UndoFix,
    Action::WriteBackFixes,
];

/// The keys while browsing the review, the most used first (a narrow footer drops the last
/// ones): the fix keys always, and early, so they are found before there is anything to
/// undo or write back (each says so when it has nothing to do).
pub(super) fn browsing_hints(at: &Browsing) -> Vec<Hint> {
    let mut hints = vec![if at.pane == Pane::Detail {
        hint(MOVE, "scroll")
    } else {
        hint(MOVE, "move")
    }];
    if at.tab == Tab::Violations {
        hints.push(hint(&[Action::Filter], "filter"));
        if at.help {
            hints.extend([
                hint(&[Action::PreviewFix], "preview the selected fix"),
                hint(&[Action::PreviewSafeFixes], "preview every safe fix"),
                hint(&[Action::UndoFix], "undo the last fix"),
                hint(
                    &[Action::WriteBackFixes],
                    "write the fixes back to the source",
                ),
            ]);
        } else {
            hints.push(hint(FIX_KEYS, "fixes"));
        }
        // A finding without a fix is waived or fixed by hand: its key before the rest.
        if at.help {
            hints.extend([
                hint(&[Action::Waive], "waive the selected finding (a reason)"),
                hint(&[Action::TakeBackWaiver], "take the answers' waiver back"),
            ]);
        } else {
            match at.waiver {
                Some(Action::TakeBackWaiver) => {
                    hints.push(hint(&[Action::TakeBackWaiver], "take waiver back"))
                }
                Some(_) => hints.push(hint(&[Action::Waive], "waive")),
                None => {}
            }
        }
        hints.push(hint(
            &[Action::NextError, Action::PreviousError],
            "next/previous error",
        ));
    }
    hints.push(hint(&[Action::Edit], "edit"));
    match (at.pane, at.zoomed) {
        (Pane::List, _) => hints.push(hint(&[Action::Right], "detail")),
        (Pane::Detail, false) => hints.push(hint(&[Action::Left], "list")),
        (Pane::Detail, true) => {}
    }
    hints.push(hint(
        &[Action::Zoom],
        if at.zoomed { "unzoom" } else { "zoom" },
    ));
    if at.tab == Tab::Violations {
        hints.push(hint(&[Action::Group], "group"));
        hints.push(hint(SEVERITIES, "errors warnings notes"));
    }
    hints.push(hint(&[Action::NextProfile], "profile"));
    hints.push(hint(&[Action::WriteReport], "HTML report"));
    hints.push(hint(&[Action::Copy], "copy place"));
    if at.files {
        hints.push(hint(&[Action::NextField], "next tab"));
    }
    hints.push(lasting(
        CONFIRM,
        if at.answers { "go to answer" } else { "next" },
    ));
    hints.push(lasting(&[Action::Write], "write"));
    let back = if at.zoomed {
        "unzoom"
    } else if at.pane == Pane::Detail {
        "list"
    } else if at.tab == Tab::Files {
        "violations"
    } else if at.filtered {
        "clear filter"
    } else {
        "back"
    };
    hints.push(lasting(BACK, back));
    hints
}
