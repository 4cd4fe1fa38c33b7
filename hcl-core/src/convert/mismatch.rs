//! Errors for a value whose type has no conversion to the type wanted, in
//! the wording of the Go implementation's `convert.MismatchMessage`
//! (`number required`, `incorrect list element type: bool required`, ...),
//! adapted to this module's rules. Where the fault is one attribute or
//! element, the error's path leads to it (`.tags[1]: string required`)
//! instead of Go's prose prefix (`attribute "tags": element 1: ...`).

use super::ConversionError;
use super::plan::plan_with;
use crate::path::{Path, PathStep};
use crate::semantics::Semantics;
use crate::ty::Type;
use crate::value::Value;

fn required(want: &Type) -> String {
    format!("{} required", want.friendly_name_for_constraint())
}

fn index(i: usize) -> PathStep {
    PathStep::Index(Value::number(i64::try_from(i).unwrap_or(i64::MAX)))
}

/// Why values of type `got` do not convert to type `want` (called only when
/// no conversion exists), with the path to the part at fault.
pub(crate) fn mismatch(got: &Type, want: &Type) -> ConversionError {
    mismatch_with(got, want, Semantics::Spec)
}

/// [`mismatch`] by the rules of `sem`.
pub(crate) fn mismatch_with(got: &Type, want: &Type, sem: Semantics) -> ConversionError {
    let mut path = Path::root();
    let message = describe(got, want, &mut path, sem);
    ConversionError::new(path, message)
}

/// The error as one string (path first), for errors kept as text.
pub(crate) fn mismatch_message(got: &Type, want: &Type) -> String {
    mismatch(got, want).to_string()
}

fn mismatch_message_with(got: &Type, want: &Type, sem: Semantics) -> String {
    mismatch_with(got, want, sem).to_string()
}

/// Go's `mismatchMessageObjects` for missing attributes: `attribute "b" is
/// required`, `attributes "a" and "b" are required`, `attributes "a", "b",
/// and "c" are required` (names in order).
fn missing_attributes(missing: &[&String]) -> Option<String> {
    match missing {
        [] => None,
        [one] => Some(format!("attribute {one:?} is required")),
        [a, b] => Some(format!("attributes {a:?} and {b:?} are required")),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(|n| format!("{n:?}, ")).collect();
            Some(format!(
                "attributes {}and {last:?} are required",
                init.concat()
            ))
        }
    }
}

fn describe(got: &Type, want: &Type, path: &mut Path, sem: Semantics) -> String {
    let plan = |a: &Type, b: &Type| plan_with(a, b, sem);
    let mismatch_message = |a: &Type, b: &Type| mismatch_message_with(a, b, sem);
    match (got, want) {
        (Type::Object(g), Type::Object(w)) => {
            if sem.is_go() {
                let missing: Vec<&String> = w
                    .attributes()
                    .keys()
                    .filter(|n| g.attribute(n).is_none() && !w.is_optional(n))
                    .collect();
                if let Some(message) = missing_attributes(&missing) {
                    return message;
                }
            }
            // Attributes absent from `got` are filled with null and extra
            // ones dropped, so only a common attribute can be at fault.
            for (name, want_attr) in w.attributes() {
                if let Some(got_attr) = g.attribute(name)
                    && plan(got_attr, want_attr).is_none()
                {
                    path.push(PathStep::Attr(name.clone()));
                    return describe(got_attr, want_attr, path, sem);
                }
            }
            "incorrect object attributes".into()
        }
        (Type::Tuple(_), Type::List(e)) if e.is_dynamic() => {
            "all list elements must have the same type".into()
        }
        (Type::Tuple(_), Type::Set(e)) if e.is_dynamic() => {
            "all set elements must have the same type".into()
        }
        (Type::Object(_), Type::Map(e)) if e.is_dynamic() => {
            "all map elements must have the same type".into()
        }
        (Type::Tuple(t), Type::List(e) | Type::Set(e)) => {
            for (i, got_element) in t.elements().iter().enumerate() {
                if plan(got_element, e).is_none() {
                    path.push(index(i));
                    return describe(got_element, e, path, sem);
                }
            }
            format!("all elements must be {}", e.friendly_name_for_constraint())
        }
        (Type::Object(o), Type::Map(e)) => {
            for (name, got_attr) in o.attributes() {
                if plan(got_attr, e).is_none() {
                    path.push(PathStep::Index(Value::string(name.clone())));
                    return describe(got_attr, e, path, sem);
                }
            }
            format!("all elements must be {}", e.friendly_name_for_constraint())
        }
        (Type::List(g) | Type::Set(g), Type::List(w) | Type::Set(w))
        | (Type::Map(g), Type::Map(w)) => {
            let noun = match want {
                Type::List(_) => "list element type",
                Type::Set(_) => "set element type",
                _ => "map element type",
            };
            // Every element is at fault alike: no single path step.
            format!("incorrect {noun}: {}", mismatch_message(g, w))
        }
        (Type::List(g) | Type::Set(g), Type::Tuple(t)) if !sem.is_go() => {
            for (i, want_element) in t.elements().iter().enumerate() {
                if plan(g, want_element).is_none() {
                    path.push(index(i));
                    return describe(g, want_element, path, sem);
                }
            }
            required(want)
        }
        (Type::Map(g), Type::Object(o)) => {
            for (name, want_attr) in o.attributes() {
                if plan(g, want_attr).is_none() {
                    return format!(
                        "map element type is incompatible with attribute {name:?}: {}",
                        mismatch_message(g, want_attr)
                    );
                }
            }
            required(want)
        }
        _ => required(want),
    }
}
