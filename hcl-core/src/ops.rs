//! The index and attribute-access operations on values, shared by
//! traversals and by the syntaxes' expression evaluation ("Index
//! Operator" and "Attribute Access Operator" in the native syntax spec).
//!
//! Both return the resulting value (the dynamic value on error) with any
//! diagnostics, whose subject is the range given by the caller.
//!
//! ```
//! use hcl_core::{get_attr, index};
//! use hcl_core::{Value, Type};
//!
//! let list = Value::list([Value::string("a"), Value::string("b")]).unwrap();
//! let (v, diags) = index(&list, &Value::string("1"), None);
//! assert!(diags.is_empty());
//! assert_eq!(v, Value::string("b"));
//!
//! let obj = Value::object([("name", Value::string("api"))]);
//! let (_, diags) = get_attr(&obj, "nmae", None);
//! assert_eq!(diags.iter().next().unwrap().summary, "Unsupported attribute");
//! ```

use crate::convert::convert;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::pos::Range;
use crate::ty::Type;
use crate::value::Value;

const INVALID_INDEX: &str = "Invalid index";
const NOT_AN_ELEMENT: &str = "The given key does not identify an element in this collection value";
const UNSUPPORTED_ATTRIBUTE: &str = "Unsupported attribute";

fn error(summary: &'static str, detail: String, subject: Option<&Range>) -> Diagnostics {
    let mut d = Diagnostic::error(summary).with_detail(detail);
    d.subject = subject.cloned();
    d.into()
}

fn fail(summary: &'static str, detail: String, subject: Option<&Range>) -> (Value, Diagnostics) {
    (Value::dynamic(), error(summary, detail, subject))
}

/// Looks up one element of a list, tuple, map or object by `key`,
/// converting the key to a number (sequences) or string (maps, objects).
/// An unknown collection or key gives an unknown value of the element type
/// where the type alone says it, else the dynamic value.
pub fn index(collection: &Value, key: &Value, range: Option<&Range>) -> (Value, Diagnostics) {
    if collection.is_null() {
        return fail(
            "Attempt to index null value",
            "This value is null, so it does not have any indices.".into(),
            range,
        );
    }
    if key.is_null() {
        return fail(
            INVALID_INDEX,
            "Can't use a null value as an indexing key.".into(),
            range,
        );
    }
    let ty = collection.ty();
    if key.ty().is_dynamic() || ty.is_dynamic() {
        return (Value::dynamic(), Diagnostics::new());
    }
    match ty {
        Type::List(_) | Type::Tuple(_) => index_sequence(collection, key, range),
        Type::Map(element) => {
            let key = match convert(key, &Type::String) {
                Ok(k) => k,
                Err(e) => return fail(INVALID_INDEX, format!("{NOT_AN_ELEMENT}: {e}."), range),
            };
            let (Some(text), true) = (key.as_str(), collection.is_known()) else {
                return (Value::unknown((**element).clone()), Diagnostics::new());
            };
            match collection.get(text) {
                Some(v) => (v.clone(), Diagnostics::new()),
                None => fail(INVALID_INDEX, format!("{NOT_AN_ELEMENT}."), range),
            }
        }
        Type::Object(object) => {
            let was_number = key.ty() == &Type::Number;
            let key = match convert(key, &Type::String) {
                Ok(k) => k,
                Err(e) => return fail(INVALID_INDEX, format!("{NOT_AN_ELEMENT}: {e}."), range),
            };
            let (Some(name), true) = (key.as_str(), collection.is_known()) else {
                return (Value::dynamic(), Diagnostics::new());
            };
            if object.attribute(name).is_none() {
                let hint = if was_number {
                    " An object only supports looking up attributes by name, not by numeric index."
                } else {
                    ""
                };
                return fail(INVALID_INDEX, format!("{NOT_AN_ELEMENT}.{hint}"), range);
            }
            match collection.get(name) {
                Some(v) => (v.clone(), Diagnostics::new()),
                None => (Value::dynamic(), Diagnostics::new()),
            }
        }
        Type::Set(_) => fail(
            INVALID_INDEX,
            "Elements of a set are identified only by their value and don't have any separate \
             index or key to select with, so it's only possible to perform operations across \
             all elements of the set."
                .into(),
            range,
        ),
        _ => fail(
            INVALID_INDEX,
            "This value does not have any indices.".into(),
            range,
        ),
    }
}

fn index_sequence(collection: &Value, key: &Value, range: Option<&Range>) -> (Value, Diagnostics) {
    let key = match convert(key, &Type::Number) {
        Ok(k) => k,
        Err(e) => return fail(INVALID_INDEX, format!("{NOT_AN_ELEMENT}: {e}."), range),
    };
    // The length is known from the type for a tuple, from the value for a
    // known list.
    let length = match collection.ty() {
        Type::Tuple(t) => Some(t.len()),
        _ => collection.elements().map(<[Value]>::len),
    };
    let (Some(number), Some(length)) = (key.as_number(), length) else {
        let unknown = match collection.ty() {
            Type::List(element) => Value::unknown((**element).clone()),
            _ => Value::dynamic(),
        };
        return (unknown, Diagnostics::new());
    };
    if let Some(i) = number
        .to_u64()
        .ok()
        .and_then(|i| usize::try_from(i).ok())
        .filter(|i| *i < length)
    {
        let found = match (collection.elements(), collection.ty()) {
            (Some(elements), _) => elements.get(i).cloned(),
            (None, Type::Tuple(t)) => t.elements().get(i).cloned().map(Value::unknown),
            _ => None,
        };
        return (found.unwrap_or_else(Value::dynamic), Diagnostics::new());
    }
    // As the Go implementation words it: the specific reasons for a
    // fraction, a negative index, and an index equal to the length; the
    // general one otherwise.
    let why = if !number.is_integer() {
        Some(
            "indexing a sequence requires a whole number, but the given index has a fractional part",
        )
    } else if number.is_negative() {
        Some("a negative number is not a valid index for a sequence")
    } else if number.to_u64().ok().and_then(|i| usize::try_from(i).ok()) == Some(length) {
        Some(if length == 0 {
            "the collection has no elements"
        } else {
            "the given index is greater than or equal to the length of the collection"
        })
    } else {
        None
    };
    match why {
        Some(why) => fail(INVALID_INDEX, format!("{NOT_AN_ELEMENT}: {why}."), range),
        None => fail(INVALID_INDEX, format!("{NOT_AN_ELEMENT}."), range),
    }
}

/// Looks up one attribute of an object (or one element of a map, by the
/// attribute syntax).
pub fn get_attr(value: &Value, name: &str, range: Option<&Range>) -> (Value, Diagnostics) {
    if value.is_null() {
        return fail(
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.".into(),
            range,
        );
    }
    match value.ty() {
        Type::Object(object) => match object.attribute(name) {
            None => {
                // Unlike HashiCorp's library, a misspelt name gets a
                // suggestion (`local.imag_tag` when `image_tag` exists).
                let hint = crate::suggest::suggestion(
                    name,
                    object.attributes().keys().map(String::as_str),
                )
                .map(|s| format!(" Did you mean {s:?}?"))
                .unwrap_or_default();
                let (value, diags) = fail(
                    UNSUPPORTED_ATTRIBUTE,
                    format!("This object does not have an attribute named {name:?}.{hint}"),
                    range,
                );
                let diags = diags
                    .into_iter()
                    .map(|d| d.with_kind(crate::DiagnosticKind::UnsupportedAttribute))
                    .collect();
                (value, diags)
            }
            Some(ty) => match value.get(name) {
                Some(v) if value.is_known() => (v.clone(), Diagnostics::new()),
                _ => (Value::unknown(ty.clone()), Diagnostics::new()),
            },
        },
        Type::Map(element) => {
            if !value.is_known() {
                return (Value::unknown((**element).clone()), Diagnostics::new());
            }
            match value.get(name) {
                Some(v) => (v.clone(), Diagnostics::new()),
                None => fail(
                    "Missing map element",
                    format!("This map does not have an element with the key {name:?}."),
                    range,
                ),
            }
        }
        Type::Dynamic => (Value::dynamic(), Diagnostics::new()),
        Type::List(element) if matches!(**element, Type::Object(_)) => {
            let detail = match element.as_object().and_then(|o| o.attribute(name)) {
                Some(_) => format!(
                    "Can't access attributes on a list of objects. Did you mean to access \
                     attribute {name:?} for a specific element of the list, or across all \
                     elements of the list?"
                ),
                None => "Can't access attributes on a list of objects. Did you mean to access \
                         an attribute for a specific element of the list, or across all \
                         elements of the list?"
                    .into(),
            };
            fail(UNSUPPORTED_ATTRIBUTE, detail, range)
        }
        Type::Set(element) if matches!(**element, Type::Object(_)) => fail(
            UNSUPPORTED_ATTRIBUTE,
            "Can't access attributes on a set of objects. Did you mean to access an attribute \
             across all elements of the set?"
                .into(),
            range,
        ),
        ty if ty.is_primitive() => fail(
            UNSUPPORTED_ATTRIBUTE,
            format!(
                "Can't access attributes on a primitive-typed value ({}).",
                ty.friendly_name()
            ),
            range,
        ),
        _ => fail(
            UNSUPPORTED_ATTRIBUTE,
            "This value does not have any attributes.".into(),
            range,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Number;

    fn detail(diags: &Diagnostics) -> &str {
        diags.iter().next().map_or("", |d| d.detail.as_ref())
    }

    fn list() -> Value {
        Value::list([Value::number(10), Value::number(20)]).unwrap()
    }

    #[test]
    fn index_list_by_number_and_by_convertible_string() {
        assert_eq!(index(&list(), &Value::number(0), None).0, Value::number(10));
        assert_eq!(
            index(&list(), &Value::string("1"), None).0,
            Value::number(20)
        );
    }

    #[test]
    fn index_out_of_range_fractional_negative_and_empty() {
        let (_, d) = index(&list(), &Value::number(2), None);
        assert!(detail(&d).ends_with("greater than or equal to the length of the collection."));
        // Past the length, Go gives the general wording.
        let (_, d) = index(&list(), &Value::number(3), None);
        assert_eq!(
            detail(&d),
            "The given key does not identify an element in this collection value."
        );
        let (_, d) = index(
            &list(),
            &Value::number(Number::parse_literal("0.5").unwrap()),
            None,
        );
        assert!(detail(&d).contains("has a fractional part"));
        let (_, d) = index(&list(), &Value::number(-1), None);
        assert!(detail(&d).contains("negative number"));
        let empty = Value::list_of(Type::String, []).unwrap();
        let (_, d) = index(&empty, &Value::number(0), None);
        assert!(detail(&d).contains("the collection has no elements"));
    }

    #[test]
    fn index_key_that_does_not_convert() {
        let (v, d) = index(&list(), &Value::string("x"), None);
        assert_eq!(v, Value::dynamic());
        assert_eq!(
            detail(&d),
            "The given key does not identify an element in this collection value: a number is required."
        );
    }

    #[test]
    fn index_unknown_collection_gives_unknown_element() {
        let u = Value::unknown(Type::list(Type::String));
        assert_eq!(
            index(&u, &Value::number(0), None).0,
            Value::unknown(Type::String)
        );
        let k = Value::unknown(Type::Number);
        assert_eq!(index(&list(), &k, None).0, Value::unknown(Type::Number));
        let t = Value::tuple([Value::bool(true)]);
        assert_eq!(index(&t, &k, None).0, Value::dynamic());
        // An unknown tuple still knows its element types and length.
        let ut = Value::unknown(Type::tuple([Type::Bool, Type::String]));
        assert_eq!(
            index(&ut, &Value::number(1), None).0,
            Value::unknown(Type::String)
        );
        assert!(index(&ut, &Value::number(2), None).1.has_errors());
    }

    #[test]
    fn index_map_and_object() {
        let m = Value::map([("a", Value::number(1))]).unwrap();
        assert_eq!(index(&m, &Value::string("a"), None).0, Value::number(1));
        assert!(index(&m, &Value::string("b"), None).1.has_errors());
        let o = Value::object([("1", Value::bool(true))]);
        assert_eq!(index(&o, &Value::number(1), None).0, Value::bool(true));
        let (_, d) = index(&o, &Value::number(2), None);
        assert!(detail(&d).ends_with("not by numeric index."));
    }

    #[test]
    fn index_null_set_and_primitive_are_errors() {
        let (_, d) = index(
            &Value::null(Type::list(Type::String)),
            &Value::number(0),
            None,
        );
        assert_eq!(
            d.iter().next().unwrap().summary,
            "Attempt to index null value"
        );
        let (_, d) = index(&list(), &Value::null(Type::Number), None);
        assert_eq!(detail(&d), "Can't use a null value as an indexing key.");
        let set = Value::set([Value::number(1)]).unwrap();
        assert!(detail(&index(&set, &Value::number(0), None).1).starts_with("Elements of a set"));
        let (_, d) = index(&Value::bool(true), &Value::number(0), None);
        assert_eq!(detail(&d), "This value does not have any indices.");
    }

    #[test]
    fn index_with_dynamic_parts_is_dynamic() {
        assert_eq!(
            index(&Value::dynamic(), &Value::number(0), None).0,
            Value::dynamic()
        );
        assert_eq!(index(&list(), &Value::dynamic(), None).0, Value::dynamic());
    }

    #[test]
    fn get_attr_of_object_map_and_unknown() {
        let o = Value::object([("a", Value::number(1))]);
        assert_eq!(get_attr(&o, "a", None).0, Value::number(1));
        let (_, d) = get_attr(&o, "xyz", None);
        assert_eq!(
            detail(&d),
            "This object does not have an attribute named \"xyz\"."
        );
        // A near name is suggested (HashiCorp's library suggests none).
        let (_, d) = get_attr(&o, "b", None);
        assert_eq!(
            detail(&d),
            "This object does not have an attribute named \"b\". Did you mean \"a\"?"
        );
        let local = Value::object([
            ("image_tag", Value::string("v1")),
            ("image_name", Value::string("api")),
        ]);
        let (_, d) = get_attr(&local, "imag_tag", None);
        assert_eq!(
            detail(&d),
            "This object does not have an attribute named \"imag_tag\". Did you mean \"image_tag\"?"
        );
        let uo = Value::unknown(o.ty().clone());
        assert_eq!(get_attr(&uo, "a", None).0, Value::unknown(Type::Number));
        let m = Value::map([("k", Value::string("v"))]).unwrap();
        assert_eq!(get_attr(&m, "k", None).0, Value::string("v"));
        assert_eq!(
            get_attr(&m, "x", None).1.iter().next().unwrap().summary,
            "Missing map element"
        );
        assert_eq!(get_attr(&Value::dynamic(), "x", None).0, Value::dynamic());
    }

    #[test]
    fn get_attr_on_lists_sets_and_primitives_explains() {
        let lo = Value::list([Value::object([("id", Value::number(1))])]).unwrap();
        assert!(
            detail(&get_attr(&lo, "id", None).1)
                .contains("attribute \"id\" for a specific element")
        );
        let so = Value::set([Value::object([("id", Value::number(1))])]).unwrap();
        assert!(detail(&get_attr(&so, "id", None).1).contains("set of objects"));
        assert_eq!(
            detail(&get_attr(&Value::string("s"), "x", None).1),
            "Can't access attributes on a primitive-typed value (string)."
        );
        let (_, d) = get_attr(&Value::null(Type::Dynamic), "x", None);
        assert_eq!(
            d.iter().next().unwrap().summary,
            "Attempt to get attribute from null value"
        );
    }
}
