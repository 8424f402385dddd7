//! What the input is: the OVF model, HOT template sets, CSARs and template capabilities.

pub mod capabilities;
pub mod csar;
pub mod hot;
pub mod ovf;
