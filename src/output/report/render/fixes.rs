//! The fix each finding has, for the formats that show it (HTML and CSV): the fix the
//! wizard's review offers, found and previewed (hidden values masked) the same way.

use crate::check::rules::Selection;
use crate::check::validation::{CheckedInput, Loaded};
use crate::foundation::diagnostics::InputReport;
use crate::session::{FixView, Offered, offered_fixes};

/// The fix of each finding of a report: per input, parallel to its violations.
#[derive(Default)]
pub struct Fixes {
    inputs: Vec<Vec<Option<FixView>>>,
}

impl Fixes {
    /// No finding has a fix (what a report without them shows).
    pub fn none() -> Fixes {
        Fixes::default()
    }

    /// Adds the next input's fixes, parallel to its violations (empty: none has one).
    pub fn push(&mut self, fixes: Vec<Option<FixView>>) {
        self.inputs.push(fixes);
    }

    /// The fix of violation `violation` of input `input`: one ready to apply, or one that
    /// needs the operator's text; `None` when there is no fix to offer.
    pub fn of(&self, input: usize, violation: usize) -> Option<&FixView> {
        match self.inputs.get(input)?.get(violation)? {
            Some(FixView::Unavailable(_)) | None => None,
            Some(view) => Some(view),
        }
    }

    /// How many findings have a fix.
    pub fn count(&self) -> usize {
        self.inputs
            .iter()
            .enumerate()
            .map(|(input, fixes)| {
                (0..fixes.len())
                    .filter(|&v| self.of(input, v).is_some())
                    .count()
            })
            .sum()
    }
}

/// What a fix is, in one word, as the reports name it: `safe` or `review` (applied by
/// `validate --fix`), `needs text` (the operator writes it in the wizard), `no`.
pub fn availability(fix: Option<&FixView>) -> &'static str {
    match fix {
        Some(FixView::Ready(planned)) => planned.safety.as_str(),
        Some(FixView::NeedsText { .. }) => "needs text",
        Some(FixView::Unavailable(_)) | None => "no",
    }
}

/// The report inputs of `checked`, with the fix of each finding of a HOT set found on the
/// set before it becomes the report's source (OVF packages and CSARs have none).
pub fn with_fixes(checked: Vec<CheckedInput>, rules: &Selection) -> (Vec<InputReport>, Fixes) {
    let mut fixes = Fixes::none();
    let inputs = checked
        .into_iter()
        .map(|input| match input.loaded {
            Loaded::Hot(set) => {
                let Offered {
                    set,
                    violations,
                    fixes: offered,
                } = offered_fixes(*set, input.violations, rules.clone());
                fixes.push(offered);
                CheckedInput {
                    loaded: Loaded::Hot(Box::new(set)),
                    violations,
                    ..input
                }
                .into_report()
            }
            other => {
                fixes.push(Vec::new());
                CheckedInput {
                    loaded: other,
                    ..input
                }
                .into_report()
            }
        })
        .collect();
    (inputs, fixes)
}
