//! The report for the vendor: `r` asks the session to write the findings as one HTML page
//! beside the output folder the write step names (`<out>-report.html`, docs/reports.md),
//! from the answers as they are; the status line then names the file written and what it
//! holds, or why there is none.

use crate::tui::effect::{Effect, Handed};
use crate::tui::state::State;
use crate::tui::widgets::paragraph::count;

/// `r`: the report of the current answers, beside the output folder.
pub(super) fn start(state: &mut State) -> Vec<Effect> {
    if state.opened.is_none() {
        return Vec::new();
    }
    state.tell("Writing the HTML report…");
    vec![Effect::Report {
        draft: state.draft.clone(),
        out: state.write.out(),
    }]
}

/// The report was written, or not: the status line says where, or why.
pub fn reported(state: &mut State, result: Result<Handed, String>) {
    match result {
        Ok(handed) => {
            let [errors, warnings, notes, waived] = handed.counts;
            let mut held = format!(
                "{}, {}, {}",
                count(errors, "error"),
                count(warnings, "warning"),
                count(notes, "note")
            );
            if waived > 0 {
                held.push_str(&format!(", {waived} waived"));
            }
            state.tell(format!(
                "Report written to {} ({held}).",
                handed.path.display()
            ));
        }
        Err(reason) => state.warn(format!("No report written: {reason}")),
    }
}
