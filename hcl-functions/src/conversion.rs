//! The type conversion functions.
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`tobool`] | `tobool(v)` | `v` converted to a bool |
//! | [`tonumber`] | `tonumber(v)` | `v` converted to a number |
//! | [`tostring`] | `tostring(v)` | `v` converted to a string |
//! | [`tolist`] | `tolist(v)` | `v` converted to a list of any single type |
//! | [`toset`] | `toset(v)` | `v` converted to a set of any single type |
//! | [`tomap`] | `tomap(v)` | `v` converted to a map of any single type |
//!
//! Each is go-cty's `stdlib.MakeToFunc` for its type, with its messages,
//! and converts by the rules of the call ([`hcl_core::convert::convert_with`]
//! with the call's [`Semantics`](hcl_core::Semantics)): by the
//! specification's, where those differ from Go's (`docs/deviations.md`:
//! strings with an exponent do not convert to numbers, unification of a
//! tuple's elements), so do these functions; with `Semantics::Go`, Go's.
//!
//! A null converts to the null of the target type; an unknown value gives
//! the unknown value of the target type (`tolist` of an unknown list of
//! strings is an unknown list of the dynamic pseudo-type, as in Go); a value
//! of the dynamic pseudo-type gives the dynamic value. (`try` and `can`
//! belong to this family in Terraform's documentation but are not here.)

use hcl_core::Type;
use hcl_core::convert;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::quote::go_quote;

/// go-cty's `MakeToFunc(want)`: a function of one argument converting it
/// to `want` (a type or a type specification such as `list(any)`).
fn make_to(want: Type, description: &str) -> Function {
    let want_for_type = want.clone();
    Function::builder()
        .description(description)
        .param(Parameter::new("v", Type::Dynamic).allow_null())
        .return_type_with_semantics(move |args, sem| {
            let want = &want_for_type;
            let got = args[0].ty();
            if got == want {
                return Ok(want.clone());
            }
            if convert::get_conversion_with(got, want, sem).is_none() {
                return Err(FunctionError::argument(0, cannot_convert(got, want)));
            }
            Ok(want.clone())
        })
        .build_with_semantics(move |args, ty, sem| {
            let value = &args[0];
            convert::convert_with(value, ty, sem).map_err(|_| {
                let got = value.ty();
                let what = || value.as_str().map_or_else(|| "string".to_owned(), go_quote);
                let message = match (got, &want) {
                    (Type::String, Type::Bool) => format!(
                        "cannot convert {} to bool; only the strings \"true\" or \"false\" are allowed",
                        what()
                    ),
                    (Type::String, Type::Number) => format!(
                        "cannot convert {} to number; given string must be a decimal representation of a number",
                        what()
                    ),
                    _ => cannot_convert(got, &want),
                };
                FunctionError::argument(0, message)
            })
        })
}

fn cannot_convert(got: &Type, want: &Type) -> String {
    format!(
        "cannot convert {} to {}",
        got.friendly_name(),
        want.friendly_name_for_constraint()
    )
}

/// `tobool(v)`: `v` as a bool; only `true`, `false`, the strings `"true"`
/// and `"false"`, and null convert.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"tobool("true")"#).unwrap(), "true");
/// assert!(eval(r#"tobool("no")"#).unwrap_err().contains(r#"cannot convert "no" to bool"#));
/// ```
pub fn tobool() -> Function {
    make_to(Type::Bool, "Converts the given value to a bool.")
}

/// `tonumber(v)`: `v` as a number; a string must be a decimal number.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"tonumber("1.5")"#).unwrap(), "1.5");
/// assert!(eval(r#"tonumber("no")"#).unwrap_err().contains("cannot convert \"no\" to number"));
/// ```
pub fn tonumber() -> Function {
    make_to(Type::Number, "Converts the given value to a number.")
}

/// `tostring(v)`: `v` as a string; numbers and bools convert, collections
/// do not.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("tostring(5)").unwrap(), r#""5""#);
/// assert!(eval("tostring([])").unwrap_err().contains("cannot convert tuple to string"));
/// ```
pub fn tostring() -> Function {
    make_to(Type::String, "Converts the given value to a string.")
}

/// `tolist(v)`: `v` as a list: a set, or a tuple whose elements have (or
/// convert to) one type.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"tolist(["a", "b"])"#).unwrap(), r#"["a","b"]"#);
/// assert_eq!(eval(r#"tolist(["a", 1])"#).unwrap(), r#"["a","1"]"#);
/// ```
pub fn tolist() -> Function {
    make_to(
        Type::list(Type::Dynamic),
        "Converts the given value to a list.",
    )
}

/// `toset(v)`: `v` as a set: a list, or a tuple whose elements have (or
/// convert to) one type; duplicates merge.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"toset(["b", "a", "b"])"#).unwrap(), r#"["a","b"]"#);
/// ```
pub fn toset() -> Function {
    make_to(
        Type::set(Type::Dynamic),
        "Converts the given value to a set.",
    )
}

/// `tomap(v)`: `v` as a map: an object whose attributes have (or convert
/// to) one type.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"tomap({a = 1, b = "x"})"#).unwrap(), r#"{"a":"1","b":"x"}"#);
/// ```
pub fn tomap() -> Function {
    make_to(
        Type::map(Type::Dynamic),
        "Converts the given value to a map.",
    )
}

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("tobool", tobool()),
        ("tolist", tolist()),
        ("tomap", tomap()),
        ("tonumber", tonumber()),
        ("toset", toset()),
        ("tostring", tostring()),
    ]
}

#[cfg(test)]
mod tests {
    use hcl_core::{Semantics, Value};

    use super::*;

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    fn n(x: i64) -> Value {
        Value::number(x)
    }

    // Go's results were recorded with go-cty's `stdlib.MakeToFunc`
    // (`tests/differential/cases/semantics.txt`, `conversion.txt`).

    #[test]
    fn go_mode_tonumber_accepts_an_exponent() {
        let f = tonumber();
        // Go: `tonumber("1e3")` is 1000, `tonumber("-1.5e2")` is -150.
        assert_eq!(f.call_with(&[s("1e3")], Semantics::Go).unwrap(), n(1000));
        assert_eq!(f.call_with(&[s("-1.5e2")], Semantics::Go).unwrap(), n(-150));
        // The spec: "No exponent portion is allowed."
        let err = f.call_with(&[s("1e3")], Semantics::Spec).unwrap_err();
        assert!(
            err.to_string().contains("cannot convert \"1e3\" to number"),
            "{err}"
        );
    }

    #[test]
    fn go_mode_tolist_of_objects_with_different_attributes_is_a_list_of_maps() {
        let f = tolist();
        let arg = Value::tuple([
            Value::object([("a", s("x"))]),
            Value::object([("b", s("y"))]),
        ]);
        // Go: list(map(string)) [{a = "x"}, {b = "y"}].
        let go = f
            .call_with(std::slice::from_ref(&arg), Semantics::Go)
            .unwrap();
        let want = Value::list([
            Value::map([("a", s("x"))]).unwrap(),
            Value::map([("b", s("y"))]).unwrap(),
        ])
        .unwrap();
        assert_eq!(go, want);
        // The spec: a list of objects holding both attributes.
        let spec = f.call_with(&[arg], Semantics::Spec).unwrap();
        let both = Type::object([("a", Type::String), ("b", Type::String)]);
        assert_eq!(spec.ty(), &Type::list(both));
    }

    #[test]
    fn go_mode_tolist_prefers_the_list_to_the_tuple() {
        let f = tolist();
        let l_str = Value::list([s("a"), s("b"), s("c")]).unwrap();
        let arg = Value::tuple([l_str.clone(), Value::tuple([s("x")])]);
        // Go: `tolist([l_str, ["x"]])` is list(list(string)).
        let go = f
            .call_with(std::slice::from_ref(&arg), Semantics::Go)
            .unwrap();
        let x = Value::list([s("x")]).unwrap();
        assert_eq!(go, Value::list([l_str, x]).unwrap());
        // The spec prefers the tuple, and a list of three does not convert
        // to a tuple of one.
        let err = f.call_with(&[arg], Semantics::Spec).unwrap_err();
        assert!(
            err.to_string()
                .contains("cannot convert tuple to list of any single type")
        );
    }

    #[test]
    fn go_mode_tolist_of_a_number_and_a_bool_fails() {
        let f = tolist();
        let arg = Value::tuple([n(1), Value::bool(true)]);
        // Go: "cannot convert tuple to list of any single type".
        let err = f
            .call_with(std::slice::from_ref(&arg), Semantics::Go)
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("cannot convert tuple to list of any single type")
        );
        // The spec: both meet at string.
        let spec = f.call_with(&[arg], Semantics::Spec).unwrap();
        assert_eq!(spec, Value::list([s("1"), s("true")]).unwrap());
    }

    #[test]
    fn go_mode_tomap_of_objects_is_a_map_of_maps() {
        let f = tomap();
        let arg = Value::object([
            ("a", Value::object([("x", n(1))])),
            ("b", Value::object([("y", n(2))])),
        ]);
        // Go: map(map(number)) {a = {x = 1}, b = {y = 2}}.
        let go = f
            .call_with(std::slice::from_ref(&arg), Semantics::Go)
            .unwrap();
        let want = Value::map([
            ("a", Value::map([("x", n(1))]).unwrap()),
            ("b", Value::map([("y", n(2))]).unwrap()),
        ])
        .unwrap();
        assert_eq!(go, want);
        let spec = f.call_with(&[arg], Semantics::Spec).unwrap();
        let both = Type::object([("x", Type::Number), ("y", Type::Number)]);
        assert_eq!(spec.ty(), &Type::map(both));
    }
}
