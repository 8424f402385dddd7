//! Turning one form into another: OVF to HOT, automatic fixes, the resolved set into packages.

pub mod convert;
pub mod fix;
pub mod package;
