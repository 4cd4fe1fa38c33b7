//! `jsonencode` and `jsondecode`, on go-cty's JSON mapping of values
//! ([`hcl_core::cty_json`]).

use hcl_core::Type;
use hcl_core::Value;
use hcl_core::cty_json::{decode, marshal};
use hcl_core::function::{Function, FunctionError, Parameter};

/// `jsonencode(val)`: the JSON text of a value (go-cty's mapping: numbers
/// exact, object attributes and map keys in name order, sets in set order,
/// null as `null`; strings escaped as Go's `encoding/json` does, `<`, `>`
/// and `&` included). A value with unknown parts gives an unknown string;
/// an infinity is an error ("cannot serialize infinity as JSON").
///
/// ```
/// use hcl_functions::hcldec::jsonencode;
/// use hcl_core::Value;
///
/// let v = Value::object([("b", Value::number(1)), ("a", Value::string("<x>"))]);
/// assert_eq!(
///     jsonencode().call(&[v]).unwrap(),
///     Value::string(r#"{"a":"\u003cx\u003e","b":1}"#)
/// );
/// ```
pub fn jsonencode() -> Function {
    Function::builder()
        .description("Returns a string containing a JSON representation of the given value.")
        .param(
            Parameter::new("val", Type::Dynamic)
                .allow_dynamic()
                .allow_null(),
        )
        .returns(Type::String)
        .build(|args, ty| {
            let Some(val) = args.first() else {
                return Ok(Value::unknown(ty.clone()));
            };
            if !val.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            if val.is_null() {
                return Ok(Value::string("null"));
            }
            marshal(val, val.ty())
                .map(Value::string)
                .map_err(|e| FunctionError::failed(e.to_string()))
        })
}

/// `jsondecode(str)`: the value that a JSON text describes, of the type its
/// structure implies: strings, numbers (exact) and bools as such, objects
/// as object values, arrays as tuples, `null` as a null of the dynamic
/// pseudo-type. Invalid JSON is an error in the words of Go's
/// `encoding/json`. An unknown string gives the dynamic value.
///
/// ```
/// use hcl_functions::hcldec::jsondecode;
/// use hcl_core::{Type, Value};
///
/// let v = jsondecode().call(&[Value::string(r#"[1, "a"]"#)]).unwrap();
/// assert_eq!(v, Value::tuple([Value::number(1), Value::string("a")]));
///
/// let err = jsondecode().call(&[Value::string("[1 2]")]).unwrap_err();
/// assert_eq!(err.to_string(), "invalid character '2' after array element");
///
/// assert_eq!(jsondecode().call(&[Value::unknown(Type::String)]).unwrap(), Value::dynamic());
/// ```
pub fn jsondecode() -> Function {
    Function::builder()
        .description("Parses the given string as JSON and returns a value corresponding to what the JSON document describes.")
        .param(Parameter::new("str", Type::String))
        .return_type(|args| match args.first().and_then(Value::as_str) {
            Some(text) => decode(text)
                .map(|v| v.ty().clone())
                .map_err(|e| FunctionError::failed(e.to_string())),
            None => Ok(Type::Dynamic),
        })
        .build(|args, _| {
            let text = args
                .first()
                .and_then(Value::as_str)
                .ok_or_else(|| FunctionError::argument(0, "a string is required"))?;
            decode(text).map_err(|e| FunctionError::failed(e.to_string()))
        })
}
