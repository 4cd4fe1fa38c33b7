//! The collection functions.

use hcl_core::function::Function;

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    Vec::new()
}
