//! OVF-descriptor-not-first: in an OVA the descriptor is the first entry (DSP0243), so streaming
//! importers meet it before the disks. A warning; vnfwiz itself reads the archive in any
//! order. Shown at the start of the descriptor.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// An OVA whose first entry is not the descriptor.
pub static RULE: Rule = Rule {
    meta: codes::DESCRIPTOR_NOT_FIRST,
    check: Check::Ovf(super::report_findings),
};
