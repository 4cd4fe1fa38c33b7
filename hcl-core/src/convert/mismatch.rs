//! Messages for a value whose type has no conversion to the type wanted, in
//! the wording of the Go implementation's `convert.MismatchMessage`
//! (`number required`, `attribute "foo": number required`, `incorrect list
//! element type: bool required`, ...), adapted to this module's rules.

use super::plan::plan;
use crate::ty::Type;

fn required(want: &Type) -> String {
    format!("{} required", want.friendly_name_for_constraint())
}

/// Why values of type `got` do not convert to type `want` (called only when
/// no conversion exists).
pub(crate) fn mismatch_message(got: &Type, want: &Type) -> String {
    match (got, want) {
        (Type::Object(g), Type::Object(w)) => {
            // Attributes absent from `got` are filled with null and extra
            // ones dropped, so only a common attribute can be at fault.
            for (name, want_attr) in w.attributes() {
                if let Some(got_attr) = g.attribute(name) {
                    if plan(got_attr, want_attr).is_none() {
                        return format!(
                            "attribute {name:?}: {}",
                            mismatch_message(got_attr, want_attr)
                        );
                    }
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
                    return format!("element {i}: {}", mismatch_message(got_element, e));
                }
            }
            format!("all elements must be {}", e.friendly_name_for_constraint())
        }
        (Type::Object(o), Type::Map(e)) => {
            for (name, got_attr) in o.attributes() {
                if plan(got_attr, e).is_none() {
                    return format!("element {name:?}: {}", mismatch_message(got_attr, e));
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
            format!("incorrect {noun}: {}", mismatch_message(g, w))
        }
        (Type::List(g) | Type::Set(g), Type::Tuple(t)) => {
            for (i, want_element) in t.elements().iter().enumerate() {
                if plan(g, want_element).is_none() {
                    return format!("element {i}: {}", mismatch_message(g, want_element));
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
