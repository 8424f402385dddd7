//! Parameter schemas as Heat reads them: the type, the constraints, and checking a value
//! (a default, an environment value, or what an operator types) against both.
//!
//! The semantics follow Heat's `parameters.py` and `constraints.py`: numbers are converted
//! the way Python's `int()` then `float()` do, booleans the way `oslo.utils` reads them,
//! `comma_delimited_list` text is split on every comma, `json` text must parse, and a
//! constraint applies only to the types Heat allows it on.

mod check;
mod constraint;
mod number;
mod parameter_type;
mod pattern;
mod reading;
#[cfg(test)]
mod sample;
mod scalar;
mod schema;
mod typed;

pub use check::{ConstraintViolation, ValueError};
pub use constraint::{Constraint, ConstraintKind, constraint_types};
pub use number::Number;
pub use parameter_type::ParameterType;
pub use pattern::{Patterns, compile_pattern};
pub use scalar::boolean_from_value;
pub(crate) use scalar::{python_text, shown};
pub use schema::{ConstraintProblem, ParameterSchema, ParsedSchema, SchemaError};

/// Parameters Heat defines in every stack, readable with `get_param`.
pub const PSEUDO_PARAMETERS: [&str; 3] = ["OS::stack_name", "OS::stack_id", "OS::project_id"];
