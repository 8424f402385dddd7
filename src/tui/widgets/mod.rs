//! Building blocks the steps share: a text field, a fuzzy list filter, scrolling windows,
//! paragraphs wrapped by display width.

pub mod filter;
pub mod form;
pub mod paragraph;
pub mod scroll;
pub mod text_field;

pub use filter::Filter;
pub use paragraph::wrap;
pub use scroll::{ListWindow, TextScroll, navigate};
pub use text_field::TextField;
