//! Span-keeping YAML loading with Heat's YAML 1.1 semantics.

mod error;
mod indent_repair;
mod load;
mod memo;
mod node;
mod scalar;
pub mod write;

pub use error::LoadError;
pub use load::{Document, DuplicateKey, Syntax, parse, span_at_byte};
pub use memo::{Memo, MemoCounts, Parsed, parse_shared};
pub use node::{Key, Mapping, Node, Value, scalar_text};
