//! What applying fixes did: the fixes applied (as answers records) and notes on the ones
//! skipped or dropped.

use std::fmt;

use serde::Serialize;

use crate::foundation::diagnostics::Violation;
use crate::transform::fix::FixRecord;

use super::model::Safety;

/// A fix that was applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AppliedFix {
    /// Where it was applied, as the answers file records it.
    pub record: FixRecord,
    /// What it did.
    pub title: String,
    /// How safe it is.
    pub safety: Safety,
}

/// A fix not applied, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FixNote {
    /// The rule of the violation.
    pub rule: String,
    /// The violation's file.
    pub file: String,
    /// Its line.
    pub line: u32,
    /// Its column.
    pub column: u32,
    /// Why the fix was skipped or dropped.
    pub message: String,
}

impl FixNote {
    /// A note about the fix of `violation`.
    pub fn at(violation: &Violation, message: impl Into<String>) -> FixNote {
        FixNote {
            rule: violation.rule.id.to_owned(),
            file: violation.file.clone(),
            line: violation.span.line,
            column: violation.span.column,
            message: message.into(),
        }
    }

    /// A note about a recorded fix.
    pub fn of_record(record: &FixRecord, message: impl Into<String>) -> FixNote {
        FixNote {
            rule: record.rule.clone(),
            file: record.file.clone(),
            line: record.line,
            column: record.column,
            message: message.into(),
        }
    }
}

impl fmt::Display for FixNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}: {}",
            self.file, self.line, self.column, self.rule, self.message
        )
    }
}

/// The fixes one run applied and the notes on those it did not.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Applied fixes, in order.
    pub applied: Vec<AppliedFix>,
    /// Fixes skipped or dropped.
    pub notes: Vec<FixNote>,
}

impl Outcome {
    /// One line per fix applied (`fixed: file:line:column: rule title (safety)`) and per
    /// fix not applied (`not fixed: …` with the reason), as the command line prints them.
    pub fn lines(&self) -> Vec<String> {
        let applied = self.applied.iter().map(|applied| {
            let at = &applied.record;
            format!(
                "fixed: {}:{}:{}: {} {} ({})",
                at.file, at.line, at.column, at.rule, applied.title, applied.safety
            )
        });
        let notes = self.notes.iter().map(|note| format!("not fixed: {note}"));
        applied.chain(notes).collect()
    }

    /// Appends another run's result.
    pub fn extend(&mut self, other: Outcome) {
        self.applied.extend(other.applied);
        self.notes.extend(other.notes);
    }
}
