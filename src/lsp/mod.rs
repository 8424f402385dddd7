//! `vnfwiz lsp`: the rules in the editor, as the template author types. A face like the
//! wizard and the command line: it speaks the Language Server Protocol (3.17) over standard
//! input and output, checks the workspace folders through the overlay of the open documents
//! with `validate`'s own function, and shows what that check found and the model it loaded
//! (hover, completion, navigation, symbols, fixes). It decides nothing of its own.

mod actions;
mod checker;
mod completion;
mod diagnostics;
mod documents;
mod hover;
mod inputs;
mod lookup;
mod navigation;
mod position;
mod rule_docs;
mod server;
mod settings;
mod symbols;
mod typing;

pub use server::{LspError, run_stdio, serve};
pub use settings::{DEFAULT_DEBOUNCE, Settings};
