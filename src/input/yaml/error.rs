//! What can stop a YAML document from loading, with the place it happened.

use crate::foundation::diagnostics::Span;

/// A document that could not be turned into a tree; each variant says where and how to fix it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError {
    /// The bytes are not UTF-8.
    #[error("invalid UTF-8 at byte {offset}; save the file as UTF-8")]
    InvalidUtf8 {
        /// Byte offset of the first invalid byte.
        offset: usize,
        /// Where that byte sits.
        at: Span,
    },
    /// The YAML or JSON does not parse.
    #[error("{message}")]
    Syntax {
        /// The parser's explanation.
        message: String,
        /// Where the parser stopped.
        at: Span,
    },
    /// Collections nest deeper than the limit.
    #[error(
        "nesting deeper than {limit} levels; flatten the structure (the limit is --max-yaml-depth)"
    )]
    TooDeep {
        /// The configured depth limit.
        limit: usize,
        /// The collection that went over.
        at: Span,
    },
    /// Aliases expand to more nodes or bytes than the budget allows (an alias bomb).
    #[error(
        "aliases expand past the budget of {limit} {unit}; expand fewer aliases \
         (the limit is --max-yaml-alias-{unit})"
    )]
    AliasBudget {
        /// The budget that was exceeded.
        limit: usize,
        /// "nodes" or "bytes".
        unit: &'static str,
        /// The alias that went over.
        at: Span,
    },
    /// A line longer than the limit (minified or generated text, or garbage).
    #[error("line longer than {limit} bytes; break it up (the limit is --max-line-length)")]
    LineTooLong {
        /// The configured limit.
        limit: usize,
        /// The start of the line.
        at: Span,
    },
    /// A tag Heat's loader cannot construct (`!Ref`, `!!python/object`, …).
    #[error("the tag `{tag}` is not understood by Heat's YAML loader; remove it")]
    UnknownTag {
        /// The tag as written.
        tag: String,
        /// The tagged node.
        at: Span,
    },
    /// A tagged scalar whose text does not fit its tag (`!!int twelve`).
    #[error("{message}")]
    BadTaggedValue {
        /// What does not fit.
        message: String,
        /// The scalar.
        at: Span,
    },
    /// The file could not be read at all (too large, an I/O error).
    #[error("{reason}")]
    Unreadable {
        /// Why, naming the limit or the system error.
        reason: String,
        /// The start of the file.
        at: Span,
    },
    /// More than one document in the stream (Heat reads exactly one).
    #[error(
        "a second YAML document starts here; Heat reads one document per file, remove the `---`"
    )]
    MultipleDocuments {
        /// Start of the second document.
        at: Span,
    },
    /// A mapping key that is itself a sequence or a mapping (`{ [names, 0] }`): PyYAML, and
    /// so Heat's loader, refuses it.
    #[error(
        "a mapping key that is {kind}: Heat's YAML loader refuses it (\"found unhashable \
         key\"); a key is text or a number (a function call is `{{get_param: [names, 0]}}`)"
    )]
    UnhashableKey {
        /// "a list" or "a map".
        kind: &'static str,
        /// The key.
        at: Span,
    },
}

impl LoadError {
    /// Where the problem is.
    pub fn span(&self) -> Span {
        match self {
            LoadError::InvalidUtf8 { at, .. }
            | LoadError::Syntax { at, .. }
            | LoadError::TooDeep { at, .. }
            | LoadError::AliasBudget { at, .. }
            | LoadError::LineTooLong { at, .. }
            | LoadError::UnknownTag { at, .. }
            | LoadError::BadTaggedValue { at, .. }
            | LoadError::Unreadable { at, .. }
            | LoadError::MultipleDocuments { at }
            | LoadError::UnhashableKey { at, .. } => *at,
        }
    }

    /// True when a configured limit (not the file's syntax) stopped the load.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            LoadError::TooDeep { .. }
                | LoadError::AliasBudget { .. }
                | LoadError::LineTooLong { .. }
        )
    }
}
