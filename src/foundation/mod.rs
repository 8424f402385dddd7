//! The bottom layer every other one uses: limits, the diagnostics foundation, ordered parallel maps, interruption and injected faults.

pub mod diagnostics;
pub mod fault;
pub mod interrupt;
pub mod limits;
pub mod parallel;
