//! What the input is: the OVF model, HOT template sets, CSARs and template capabilities, and
//! opening an input of any kind as one of them.

pub mod capabilities;
pub mod csar;
pub mod hot;
pub mod open;
pub mod ovf;
