//! Building blocks the steps share: a text field, a fuzzy list filter, scrolling windows.

pub mod filter;
pub mod form;
pub mod scroll;
pub mod text_field;

pub use filter::Filter;
pub use scroll::{ListWindow, TextScroll, navigate, wrap};
pub use text_field::TextField;
