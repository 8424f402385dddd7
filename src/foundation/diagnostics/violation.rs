//! One finding: which rule, where, and what is wrong.

use crate::foundation::diagnostics::{RuleMeta, Span};

use super::severity::Severity;

/// Another place that explains a violation (the first of two duplicate keys, the other
/// definition of a clashing name, …).
#[derive(Clone, Debug, PartialEq)]
pub struct Related {
    /// File relative to the input root.
    pub file: String,
    /// Where in that file.
    pub span: Span,
    /// What this place is.
    pub message: String,
}

/// A rule broken at one place.
#[derive(Clone, Debug)]
pub struct Violation {
    /// The rule, with its id, keyword and documentation.
    pub rule: &'static RuleMeta,
    /// File relative to the input root, with `/` separators.
    pub file: String,
    /// Where the offending key or value is.
    pub span: Span,
    /// Dotted key path inside the file (`parameters.image_name.default`).
    pub path: String,
    /// What is wrong here, in one sentence.
    pub message: String,
    /// Other places worth showing.
    pub related: Vec<Related>,
    /// The other requirements this one defect breaks (twins of `rule` saying the same thing
    /// about this place), in catalogue order; empty for most findings.
    pub also: Vec<&'static RuleMeta>,
}

impl Violation {
    /// The severity the rule's keyword gives.
    pub fn severity(&self) -> Severity {
        self.rule.keyword.severity()
    }

    /// Every requirement id this finding breaks: its rule's, then the twins'.
    pub fn ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        std::iter::once(self.rule.id).chain(self.also.iter().map(|r| r.id))
    }

    /// True when this finding breaks the requirement `id` (as its rule or a twin).
    pub fn breaks(&self, id: &str) -> bool {
        self.ids().any(|own| own == id)
    }

    /// Sort key: file, position, rule id.
    pub fn sort_key(&self) -> (&str, u32, u32, &str) {
        (&self.file, self.span.line, self.span.column, self.rule.id)
    }
}
