//! Why a descriptor cannot be read as an OVF envelope; each names the place and the fix.

use crate::foundation::diagnostics::Span;

/// A descriptor that cannot be turned into the OVF model.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DescriptorError {
    /// The bytes are not UTF-8 (or declare an encoding vnfwiz does not read).
    #[error("{detail}; save the descriptor as UTF-8 (for example with `iconv -t UTF-8`)")]
    Encoding {
        /// Where the problem starts.
        span: Span,
        /// What was found.
        detail: String,
    },
    /// The text is not well-formed XML.
    #[error("not well-formed XML: {message}")]
    Syntax {
        /// Where the XML reader stopped.
        span: Span,
        /// What the XML reader said.
        message: String,
    },
    /// An entity reference other than XML's five predefined ones.
    #[error(
        "entity reference `&{name};` is refused: vnfwiz never expands entities declared in a \
         DOCTYPE (they can read local files or explode in size); write the text itself, or one \
         of &lt; &gt; &amp; &apos; &quot; or a character reference"
    )]
    Entity {
        /// Where the reference is.
        span: Span,
        /// The entity's name.
        name: String,
    },
    /// A prefix used without an `xmlns:` declaration in scope.
    #[error(
        "prefix `{prefix}` is not declared; add xmlns:{prefix}=\"…\" on this element or an ancestor"
    )]
    UnboundPrefix {
        /// Where the prefixed name is.
        span: Span,
        /// The undeclared prefix.
        prefix: String,
    },
    /// Elements nested deeper than the limit.
    #[error(
        "elements nest deeper than {limit} levels; no real descriptor does this (raise it with --max-xml-depth)"
    )]
    TooDeep {
        /// The element that went over.
        span: Span,
        /// The limit.
        limit: usize,
    },
    /// More elements than the limit.
    #[error("more than {limit} elements in one descriptor (raise it with --max-xml-elements)")]
    TooManyElements {
        /// The element that went over.
        span: Span,
        /// The limit.
        limit: usize,
    },
    /// The text ends before every element is closed.
    #[error("the document ends before `<{name}>` (opened here) is closed; the file is truncated")]
    Truncated {
        /// The innermost element left open.
        span: Span,
        /// Its name as written.
        name: String,
    },
    /// No root element at all.
    #[error("no XML element found; an OVF descriptor is an <Envelope> document")]
    Empty {
        /// The end of the text.
        span: Span,
    },
    /// Markup or text after the root element.
    #[error("content after the root element ends; a descriptor has exactly one <Envelope>")]
    AfterRoot {
        /// Where the extra content starts.
        span: Span,
    },
    /// The root is not `Envelope` in an OVF namespace.
    #[error(
        "the root element is `{found}`, not an OVF <Envelope> in the namespace \
         http://schemas.dmtf.org/ovf/envelope/1 (or /2, or VMware's 0.9 namespace)"
    )]
    NotOvf {
        /// The root element.
        span: Span,
        /// Its expanded name.
        found: String,
    },
    /// An `Envelope` in a namespace (or none) that is no OVF version vnfwiz reads.
    #[error(
        "{} is no OVF version vnfwiz reads (0.9, 1.x or 2.x); re-export the package as OVF \
         1.x or 2.x",
        envelope_namespace(uri)
    )]
    UnknownVersion {
        /// The root element.
        span: Span,
        /// The namespace found.
        uri: String,
    },
}

/// How a message names the Envelope's namespace (an Envelope may have none).
fn envelope_namespace(uri: &str) -> String {
    if uri.is_empty() {
        "the Envelope has no namespace, which".to_owned()
    } else {
        format!("the Envelope's namespace `{uri}`")
    }
}

impl DescriptorError {
    /// Where the problem is.
    pub fn span(&self) -> Span {
        match self {
            DescriptorError::Encoding { span, .. }
            | DescriptorError::Syntax { span, .. }
            | DescriptorError::Entity { span, .. }
            | DescriptorError::UnboundPrefix { span, .. }
            | DescriptorError::TooDeep { span, .. }
            | DescriptorError::TooManyElements { span, .. }
            | DescriptorError::Truncated { span, .. }
            | DescriptorError::Empty { span }
            | DescriptorError::AfterRoot { span }
            | DescriptorError::NotOvf { span, .. }
            | DescriptorError::UnknownVersion { span, .. } => *span,
        }
    }

    /// True when the error is a configured limit rather than broken input.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            DescriptorError::TooDeep { .. } | DescriptorError::TooManyElements { .. }
        )
    }
}
