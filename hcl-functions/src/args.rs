//! Reading arguments that the core has already checked against their
//! parameters.

use hcl_core::Value;
use hcl_core::function::FunctionError;

/// The string argument at `index` (an error about that argument if it is
/// not a known string, which the parameter's type normally rules out).
pub(crate) fn str_arg(args: &[Value], index: usize) -> Result<&str, FunctionError> {
    args.get(index)
        .and_then(Value::as_str)
        .ok_or_else(|| FunctionError::argument(index, "a string is required"))
}
