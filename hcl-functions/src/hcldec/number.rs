//! `abs`, `int`, `max` and `min` (cty's `number.go`).

use hcl_core::Type;
use hcl_core::Value;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::number::Number;

fn number_arg(args: &[Value], index: usize) -> Result<&Number, FunctionError> {
    args.get(index)
        .and_then(Value::as_number)
        .ok_or_else(|| FunctionError::argument(index, "a number is required"))
}

/// `abs(num)`: the absolute value of a number (`abs(-3)` is `3`,
/// `abs(-Inf)` is `+Inf`).
///
/// As Go's `stdlib.AbsoluteFunc`: a number parameter accepting the dynamic
/// pseudo-type (an unknown argument gives an unknown number).
///
/// ```
/// use hcl_functions::hcldec::abs;
/// use hcl_core::Value;
///
/// assert_eq!(abs().call(&[Value::number(-3)]).unwrap(), Value::number(3));
/// ```
pub fn abs() -> Function {
    Function::builder()
        .description("If the given number is negative then returns its positive equivalent, or otherwise returns the given number unchanged.")
        .param(Parameter::new("num", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .build(|args, _| Ok(Value::number(number_arg(args, 0)?.abs())))
}

/// `int(num)`: the number with its fractional part discarded (rounds
/// toward zero: `int(-1.9)` is `-1`).
///
/// As Go's `stdlib.IntFunc`, except for infinities: Go's implementation
/// panics on them (the call fails with "panic in function implementation"
/// and a Go stack trace); here the call fails with "cannot convert an
/// infinity to an integer".
///
/// ```
/// use hcl_functions::hcldec::int;
/// use hcl_core::{Number, Value};
///
/// let n = Value::number(Number::parse_literal("-1.9").unwrap());
/// assert_eq!(int().call(&[n]).unwrap(), Value::number(-1));
/// ```
pub fn int() -> Function {
    Function::builder()
        .description("Discards any fractional portion of the given number.")
        .param(Parameter::new("num", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .build(|args, _| {
            let n = number_arg(args, 0)?;
            if n.is_infinite() {
                return Err(FunctionError::failed(
                    "cannot convert an infinity to an integer",
                ));
            }
            Ok(Value::number(n.trunc()))
        })
}

/// `min(numbers...)`: the smallest of the numbers given, at least one
/// ("must pass at least one number").
///
/// ```
/// use hcl_functions::hcldec::min;
/// use hcl_core::Value;
///
/// let args = [Value::number(3), Value::number(-2), Value::number(7)];
/// assert_eq!(min().call(&args).unwrap(), Value::number(-2));
/// assert_eq!(min().call(&[]).unwrap_err().to_string(), "must pass at least one number");
/// ```
pub fn min() -> Function {
    extremum(
        "Returns the numerically smallest of all of the given numbers.",
        |a, b| a < b,
    )
}

/// `max(numbers...)`: the greatest of the numbers given, at least one
/// ("must pass at least one number").
///
/// ```
/// use hcl_functions::hcldec::max;
/// use hcl_core::Value;
///
/// let args = [Value::number(3), Value::number(-2), Value::number(7)];
/// assert_eq!(max().call(&args).unwrap(), Value::number(7));
/// ```
pub fn max() -> Function {
    extremum(
        "Returns the numerically greatest of all of the given numbers.",
        |a, b| a > b,
    )
}

fn extremum(description: &str, better: fn(&Number, &Number) -> bool) -> Function {
    Function::builder()
        .description(description)
        .variadic(Parameter::new("numbers", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .build(move |args, _| {
            let mut best: Option<&Number> = None;
            for index in 0..args.len() {
                let n = number_arg(args, index)?;
                if best.is_none_or(|b| better(n, b)) {
                    best = Some(n);
                }
            }
            best.map(|n| Value::number(n.clone()))
                .ok_or_else(|| FunctionError::failed("must pass at least one number"))
        })
}
