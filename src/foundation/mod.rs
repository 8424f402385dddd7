//! The bottom layer every other one uses: files replaced whole, limits, the diagnostics foundation, ordered parallel maps, interruption, the language asked for, placeholder values, injected faults and WCAG contrast.

pub mod atomic_file;
pub mod contrast;
pub mod diagnostics;
pub mod fault;
pub mod interrupt;
pub mod limits;
pub mod locale;
pub mod parallel;
pub mod placeholder;
