//! Traversal of types: the type of an attribute access or an index
//! operation on a value of a given type, decided without the value.
//!
//! - Objects, maps, lists and tuples traverse as in the base model: an
//!   object by attribute name (or by a key converting to string), a map by
//!   any key converting to string, a list or tuple by a key converting to
//!   number. A constant key is checked (an attribute that does not exist,
//!   a tuple index out of range); a key known only by its type gives the
//!   element type (for a tuple or object, the union of its element or
//!   attribute types).
//! - A union traverses each of its members; the result is the union of the
//!   results of the traversals that succeed, where the traversal of `none`
//!   succeeds as `none` (so that traversing an optional value gives an
//!   optional value). When no member other than `none` can be traversed,
//!   the traversal fails: it cannot succeed for any value.
//! - A promise or an output traverses its element type; the result is
//!   wrapped again in a promise or an output. An index whose key is
//!   eventual is eventual too.
//! - The dynamic pseudo-type traverses to itself; `none` and every other
//!   type do not traverse.

use std::fmt;

use crate::convert::convert;
use crate::ty::Type;
use crate::value::Value;

use super::convert::conversion;
use super::ty::{Eventuality, ExtType};

/// The key of an index operation: a constant value (`list[0]`,
/// `map["a"]`), or only the key's type (`list[var.i]`).
#[derive(Clone, Debug, PartialEq)]
pub enum IndexKey {
    /// A key whose value is known.
    Value(Value),
    /// A key known only by its type.
    Type(ExtType),
}

/// Why a traversal cannot succeed, worded as the corresponding evaluation
/// error of the base model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraversalError {
    /// A short description, such as "Unsupported attribute".
    pub summary: String,
    /// The explanation.
    pub detail: String,
}

impl TraversalError {
    fn new(summary: &str, detail: impl Into<String>) -> TraversalError {
        TraversalError {
            summary: summary.to_owned(),
            detail: detail.into(),
        }
    }
}

impl fmt::Display for TraversalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {}", self.summary, self.detail)
    }
}

impl std::error::Error for TraversalError {}

const INVALID_INDEX: &str = "Invalid index";
const UNSUPPORTED_ATTRIBUTE: &str = "Unsupported attribute";
const NOT_AN_ELEMENT: &str = "The given key does not identify an element in this collection value";

/// One traversal step.
#[derive(Clone, Copy)]
enum Step<'a> {
    Attr(&'a str),
    Index(&'a IndexKey),
}

impl ExtType {
    /// The type of attribute `name` of a value of this type.
    ///
    /// ```
    /// use hcl_core::extended::ExtType;
    ///
    /// let server = ExtType::object([("port", ExtType::Int)]);
    /// assert_eq!(server.get_attr("port"), Ok(ExtType::Int));
    /// assert_eq!(ExtType::optional(server.clone()).get_attr("port"), Ok(ExtType::optional(ExtType::Int)));
    /// assert_eq!(ExtType::output(server.clone()).get_attr("port"), Ok(ExtType::output(ExtType::Int)));
    /// assert_eq!(server.get_attr("host").unwrap_err().summary, "Unsupported attribute");
    /// ```
    pub fn get_attr(&self, name: &str) -> Result<ExtType, TraversalError> {
        traverse(self, Step::Attr(name))
    }

    /// The type of the element at `key` of a value of this type.
    ///
    /// ```
    /// use hcl_core::extended::{ExtType, IndexKey};
    /// use hcl_core::Value;
    ///
    /// let pair = ExtType::tuple([ExtType::String, ExtType::Int]);
    /// assert_eq!(pair.index(&IndexKey::Value(Value::number(1))), Ok(ExtType::Int));
    /// assert_eq!(
    ///     pair.index(&IndexKey::Type(ExtType::Int)),
    ///     Ok(ExtType::union([ExtType::String, ExtType::Int])),
    /// );
    /// assert!(pair.index(&IndexKey::Value(Value::number(2))).is_err());
    /// let names = ExtType::list(ExtType::String);
    /// assert_eq!(
    ///     names.index(&IndexKey::Type(ExtType::output(ExtType::Int))),
    ///     Ok(ExtType::output(ExtType::String)),
    /// );
    /// ```
    pub fn index(&self, key: &IndexKey) -> Result<ExtType, TraversalError> {
        if let IndexKey::Type(k) = key {
            let (eventuality, resolved) = k.resolved();
            if eventuality != Eventuality::Prompt {
                let inner = traverse(self, Step::Index(&IndexKey::Type(resolved)))?;
                return Ok(eventuality.wrap(inner));
            }
        }
        traverse(self, Step::Index(key))
    }
}

fn traverse(ty: &ExtType, step: Step<'_>) -> Result<ExtType, TraversalError> {
    if let Step::Index(key) = step {
        let null_key = match key {
            IndexKey::Value(v) => v.is_null(),
            IndexKey::Type(t) => t.is_none(),
        };
        if null_key {
            return Err(TraversalError::new(
                INVALID_INDEX,
                "Can't use a null value as an indexing key.",
            ));
        }
    }
    match ty {
        ExtType::Dynamic => Ok(ExtType::Dynamic),
        ExtType::Promise(e) => traverse(e.element(), step).map(ExtType::promise),
        ExtType::Output(e) => traverse(e.element(), step).map(ExtType::output),
        ExtType::Union(u) => {
            let mut results = Vec::with_capacity(u.members().len());
            let mut first_error = None;
            let mut traversed = false;
            for member in u.members() {
                if member.is_none() {
                    results.push(ExtType::None);
                    continue;
                }
                match traverse(member, step) {
                    Ok(t) => {
                        traversed = true;
                        results.push(t);
                    }
                    Err(e) => {
                        first_error.get_or_insert(e);
                    }
                }
            }
            if traversed {
                Ok(ExtType::union(results))
            } else {
                Err(first_error.unwrap_or_else(|| null_error(step)))
            }
        }
        ExtType::None => Err(null_error(step)),
        _ => match step {
            Step::Attr(name) => attr(ty, name),
            Step::Index(key) => index(ty, key),
        },
    }
}

fn null_error(step: Step<'_>) -> TraversalError {
    match step {
        Step::Attr(_) => TraversalError::new(
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.",
        ),
        Step::Index(_) => TraversalError::new(
            "Attempt to index null value",
            "This value is null, so it does not have any indices.",
        ),
    }
}

/// Attribute access on a type that is not dynamic, a union, eventual or
/// none.
fn attr(ty: &ExtType, name: &str) -> Result<ExtType, TraversalError> {
    match ty {
        ExtType::Object(attrs) => attrs.get(name).cloned().ok_or_else(|| {
            let hint = crate::suggest::suggestion(name, attrs.keys().map(String::as_str))
                .map(|s| format!(" Did you mean {s:?}?"))
                .unwrap_or_default();
            TraversalError::new(
                UNSUPPORTED_ATTRIBUTE,
                format!("This object does not have an attribute named {name:?}.{hint}"),
            )
        }),
        ExtType::Map(e) => Ok((**e).clone()),
        ExtType::List(e) if matches!(**e, ExtType::Object(_)) => Err(TraversalError::new(
            UNSUPPORTED_ATTRIBUTE,
            "Can't access attributes on a list of objects. Did you mean to access an attribute \
             for a specific element of the list, or across all elements of the list?",
        )),
        ExtType::Set(e) if matches!(**e, ExtType::Object(_)) => Err(TraversalError::new(
            UNSUPPORTED_ATTRIBUTE,
            "Can't access attributes on a set of objects. Did you mean to access an attribute \
             across all elements of the set?",
        )),
        t if t.is_primitive() => Err(TraversalError::new(
            UNSUPPORTED_ATTRIBUTE,
            format!("Can't access attributes on a primitive-typed value ({t})."),
        )),
        _ => Err(TraversalError::new(
            UNSUPPORTED_ATTRIBUTE,
            "This value does not have any attributes.",
        )),
    }
}

/// An index operation on a type that is not dynamic, a union, eventual or
/// none, with a key that is not null.
fn index(ty: &ExtType, key: &IndexKey) -> Result<ExtType, TraversalError> {
    match ty {
        ExtType::List(e) => {
            sequence_key(key, None)?;
            Ok((**e).clone())
        }
        ExtType::Tuple(elements) => match sequence_key(key, Some(elements.len()))? {
            Some(i) => elements.get(i).cloned().ok_or_else(|| {
                TraversalError::new(INVALID_INDEX, format!("{NOT_AN_ELEMENT}."))
            }),
            None if elements.is_empty() => Err(TraversalError::new(
                INVALID_INDEX,
                format!("{NOT_AN_ELEMENT}: the collection has no elements."),
            )),
            None => Ok(ExtType::union(elements.iter().cloned())),
        },
        ExtType::Map(e) => {
            string_key(key)?;
            Ok((**e).clone())
        }
        ExtType::Object(attrs) => match string_key(key)? {
            Some(name) => attrs.get(&name).cloned().ok_or_else(|| {
                let hint = match key {
                    IndexKey::Value(v) if v.ty() == &Type::Number => {
                        " An object only supports looking up attributes by name, not by numeric index."
                    }
                    _ => "",
                };
                TraversalError::new(INVALID_INDEX, format!("{NOT_AN_ELEMENT}.{hint}"))
            }),
            None if attrs.is_empty() => Err(TraversalError::new(
                INVALID_INDEX,
                format!("{NOT_AN_ELEMENT}: the object has no attributes."),
            )),
            None => Ok(ExtType::union(attrs.values().cloned())),
        },
        ExtType::Set(_) => Err(TraversalError::new(
            INVALID_INDEX,
            "Elements of a set are identified only by their value and don't have any separate \
             index or key to select with, so it's only possible to perform operations across \
             all elements of the set.",
        )),
        _ => Err(TraversalError::new(
            INVALID_INDEX,
            "This value does not have any indices.",
        )),
    }
}

/// Checks a key for a list or tuple (of `length` elements, for a tuple):
/// the element position for a constant key, `None` for a key known only by
/// its type.
fn sequence_key(key: &IndexKey, length: Option<usize>) -> Result<Option<usize>, TraversalError> {
    match key {
        IndexKey::Type(t) => match conversion(t, &ExtType::Number) {
            Some(_) => Ok(None),
            None => Err(TraversalError::new(
                INVALID_INDEX,
                format!("{NOT_AN_ELEMENT}: a number is required, but the key is of type {t}."),
            )),
        },
        IndexKey::Value(v) => {
            if !v.is_known() {
                return Ok(None);
            }
            let n = convert(v, &Type::Number).map_err(|e| {
                TraversalError::new(INVALID_INDEX, format!("{NOT_AN_ELEMENT}: {e}."))
            })?;
            let Some(number) = n.as_number() else {
                return Ok(None);
            };
            let why = if !number.is_integer() {
                "indexing a sequence requires a whole number, but the given index has a fractional part"
            } else if number.is_negative() {
                "a negative number is not a valid index for a sequence"
            } else {
                let i = number.to_u64().ok().and_then(|i| usize::try_from(i).ok());
                match (i, length) {
                    (Some(i), Some(len)) if i < len => return Ok(Some(i)),
                    (Some(i), None) => return Ok(Some(i)),
                    (_, Some(0)) => "the collection has no elements",
                    _ => "the given index is greater than or equal to the length of the collection",
                }
            };
            Err(TraversalError::new(
                INVALID_INDEX,
                format!("{NOT_AN_ELEMENT}: {why}."),
            ))
        }
    }
}

/// Checks a key for a map or object: its text for a constant key, `None`
/// for a key known only by its type.
fn string_key(key: &IndexKey) -> Result<Option<String>, TraversalError> {
    match key {
        IndexKey::Type(t) => match conversion(t, &ExtType::String) {
            Some(_) => Ok(None),
            None => Err(TraversalError::new(
                INVALID_INDEX,
                format!("{NOT_AN_ELEMENT}: a string is required, but the key is of type {t}."),
            )),
        },
        IndexKey::Value(v) => {
            if !v.is_known() {
                return Ok(None);
            }
            let s = convert(v, &Type::String).map_err(|e| {
                TraversalError::new(INVALID_INDEX, format!("{NOT_AN_ELEMENT}: {e}."))
            })?;
            Ok(s.as_str().map(str::to_owned))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ExtType as T;

    fn key(v: impl Into<crate::number::Number>) -> IndexKey {
        IndexKey::Value(Value::number(v))
    }

    #[test]
    fn object_attribute_and_suggestion() {
        let o = T::object([("name", T::String)]);
        assert_eq!(o.get_attr("name"), Ok(T::String));
        let e = o.get_attr("nmae").unwrap_err();
        assert_eq!(
            e.detail,
            "This object does not have an attribute named \"nmae\". Did you mean \"name\"?"
        );
        assert_eq!(
            o.index(&IndexKey::Value(Value::string("name"))),
            Ok(T::String)
        );
        assert!(
            o.index(&key(0))
                .unwrap_err()
                .detail
                .contains("numeric index")
        );
    }

    #[test]
    fn map_by_attribute_or_string_key() {
        let m = T::map(T::Int);
        assert_eq!(m.get_attr("x"), Ok(T::Int));
        assert_eq!(m.index(&IndexKey::Type(T::String)), Ok(T::Int));
        assert_eq!(m.index(&key(1)), Ok(T::Int));
        assert!(m.index(&IndexKey::Type(T::list(T::String))).is_err());
    }

    #[test]
    fn list_and_tuple_by_number() {
        let l = T::list(T::Bool);
        assert_eq!(l.index(&key(3)), Ok(T::Bool));
        assert_eq!(l.index(&IndexKey::Value(Value::string("3"))), Ok(T::Bool));
        assert!(l.index(&IndexKey::Value(Value::string("x"))).is_err());
        assert!(l.index(&key(-1)).is_err());
        assert!(l.get_attr("x").is_err());
        let t = T::tuple([T::Int, T::String]);
        assert_eq!(t.index(&key(0)), Ok(T::Int));
        assert!(
            t.index(&key(2))
                .unwrap_err()
                .detail
                .contains("greater than or equal")
        );
        assert!(T::tuple([]).index(&IndexKey::Type(T::Int)).is_err());
    }

    #[test]
    fn sets_and_primitives_have_no_indices() {
        assert!(T::set(T::Int).index(&key(0)).is_err());
        assert_eq!(
            T::Int.get_attr("x").unwrap_err().detail,
            "Can't access attributes on a primitive-typed value (int)."
        );
        assert!(T::String.index(&key(0)).is_err());
    }

    #[test]
    fn null_key_and_null_value() {
        let l = T::list(T::Bool);
        assert!(l.index(&IndexKey::Type(T::None)).is_err());
        assert!(
            l.index(&IndexKey::Value(Value::null(Type::Number)))
                .is_err()
        );
        assert_eq!(
            T::None.get_attr("a").unwrap_err().summary,
            "Attempt to get attribute from null value"
        );
    }

    #[test]
    fn union_keeps_successful_member_traversals() {
        let u = T::union([T::object([("a", T::Int)]), T::map(T::String), T::Bool]);
        assert_eq!(u.get_attr("a"), Ok(T::union([T::Int, T::String])));
        assert!(T::union([T::Bool, T::Int]).get_attr("a").is_err());
        assert!(T::optional(T::Bool).get_attr("a").is_err());
    }

    #[test]
    fn dynamic_traverses_to_dynamic() {
        assert_eq!(T::Dynamic.get_attr("x"), Ok(T::Dynamic));
        assert_eq!(T::Dynamic.index(&IndexKey::Type(T::Bool)), Ok(T::Dynamic));
    }
}
