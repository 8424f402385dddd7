//! The bottom layer every other one uses: limits, the diagnostics foundation, ordered parallel maps, interruption, injected faults and WCAG contrast.

pub mod contrast;
pub mod diagnostics;
pub mod fault;
pub mod interrupt;
pub mod limits;
pub mod parallel;
