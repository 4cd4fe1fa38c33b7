//! Conversion between extended types: whether values of one type convert
//! to another, safely or unsafely.
//!
//! The rules, in the order they are tried:
//!
//! 1. A type converts to itself, safely (a no-op).
//! 2. Every type converts safely to the dynamic pseudo-type. The dynamic
//!    pseudo-type converts to every type: to a union or an eventual type
//!    by the rules below (so `promise(any)` accepts it safely), to any
//!    other type unsafely (its value may turn out not to convert, as in
//!    the base model).
//! 3. *From* a union (not covered by the documents): a value of a union is
//!    a value of one of its members, so the conversion is safe when every
//!    member converts safely, absent when no member converts, and unsafe
//!    otherwise. (The empty union, which has no values, converts safely to
//!    every type.)
//! 4. *To* a union: safe if the source converts safely to some member,
//!    otherwise unsafe if it converts to some member, otherwise absent.
//! 5. To `promise(U)`: from `promise(V)` as `V` converts to `U`, or from
//!    any `T` as `T` converts to `U`, whichever is better. To `output(U)`:
//!    the same, from `output(V)` or `promise(V)` too. So an output accepts
//!    a promise, but a promise does not accept an output (not even a
//!    `promise(any)`: an output carries information a promise cannot
//!    hold).
//! 6. An eventual type converts to nothing else: its value is not
//!    available now.
//! 7. `none` (the type of the null value) converts only to the types above
//!    that accept it; nothing else converts to `none`.
//! 8. Primitive types: int → string and int → number are safe, string →
//!    int and number → int unsafe; bool → string and number → string are
//!    safe, string → bool and string → number unsafe (the base model).
//! 9. Collections and structural types follow the base model's rules,
//!    applied to extended element types. An object attribute absent from
//!    the source is a `none`: the target attribute's type must accept
//!    `none` (be optional). Dropping a source attribute makes an object
//!    conversion unsafe (as in the base model's implementation). A map
//!    converts to an object if its element type converts to every
//!    attribute that is not optional.

use crate::convert::Safety;

use super::ty::ExtType;

/// The safety of converting values of type `from` to type `to`, or `None`
/// when there is no conversion. See the [module documentation](crate::extended) for
/// the rules.
///
/// ```
/// use hcl_core::convert::Safety;
/// use hcl_core::extended::{conversion, ExtType};
///
/// assert_eq!(conversion(&ExtType::Int, &ExtType::String), Some(Safety::Safe));
/// assert_eq!(conversion(&ExtType::String, &ExtType::Int), Some(Safety::Unsafe));
/// assert_eq!(conversion(&ExtType::None, &ExtType::String), None);
/// assert_eq!(conversion(&ExtType::None, &ExtType::optional(ExtType::String)), Some(Safety::Safe));
/// let out = ExtType::output(ExtType::Number);
/// assert_eq!(conversion(&ExtType::promise(ExtType::Int), &out), Some(Safety::Safe));
/// assert_eq!(conversion(&out, &ExtType::promise(ExtType::Number)), None);
/// ```
pub fn conversion(from: &ExtType, to: &ExtType) -> Option<Safety> {
    if from == to || to.is_dynamic() {
        return Some(Safety::Safe);
    }
    if let ExtType::Union(u) = from {
        return from_union(u.members(), to);
    }
    match to {
        ExtType::Union(u) => best(u.members().iter().map(|m| conversion(from, m))),
        ExtType::Promise(target) => {
            let element = target.element();
            match from {
                // An output carries information a promise cannot hold.
                ExtType::Output(_) => None,
                ExtType::Promise(v) => {
                    better(conversion(v.element(), element), conversion(from, element))
                }
                _ => conversion(from, element),
            }
        }
        ExtType::Output(target) => {
            let element = target.element();
            let through = match from {
                ExtType::Promise(v) | ExtType::Output(v) => conversion(v.element(), element),
                _ => None,
            };
            better(through, conversion(from, element))
        }
        // From the dynamic pseudo-type, every other conversion exists, and
        // is unsafe: its value may turn out not to convert.
        _ if from.is_dynamic() => Some(Safety::Unsafe),
        _ => structural(from, to),
    }
}

/// The conversion from a union with these members (rule 3).
fn from_union(members: &[ExtType], to: &ExtType) -> Option<Safety> {
    let mut any = false;
    let mut all_safe = true;
    for m in members {
        match conversion(m, to) {
            Some(Safety::Safe) => any = true,
            Some(Safety::Unsafe) => {
                any = true;
                all_safe = false;
            }
            None => all_safe = false,
        }
    }
    if members.is_empty() || (any && all_safe) {
        Some(Safety::Safe)
    } else if any {
        Some(Safety::Unsafe)
    } else {
        None
    }
}

/// The better of two conversions: safe before unsafe before none.
fn better(a: Option<Safety>, b: Option<Safety>) -> Option<Safety> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

/// The best of several conversions.
fn best(all: impl Iterator<Item = Option<Safety>>) -> Option<Safety> {
    let mut result = None;
    for c in all {
        result = better(result, c);
        if result == Some(Safety::Safe) {
            break;
        }
    }
    result
}

/// The worse of two safeties.
fn worse(a: Safety, b: Safety) -> Safety {
    a.max(b)
}

/// Rules 6 to 9: neither type is dynamic, the source is no union and the
/// target neither a union nor eventual, and they differ.
fn structural(from: &ExtType, to: &ExtType) -> Option<Safety> {
    use ExtType as T;
    let safe = Some(Safety::Safe);
    let unsafe_ = Some(Safety::Unsafe);
    match (from, to) {
        (T::Promise(_) | T::Output(_), _) | (T::None, _) | (_, T::None) => None,
        (T::Int, T::String | T::Number) | (T::Bool | T::Number, T::String) => safe,
        (T::String | T::Number, T::Int) | (T::String, T::Bool | T::Number) => unsafe_,
        (T::List(f), T::List(t)) | (T::Set(f), T::Set(t)) | (T::Map(f), T::Map(t)) => {
            conversion(f, t)
        }
        (T::Set(f), T::List(t)) => conversion(f, t),
        (T::List(f), T::Set(t)) => conversion(f, t).map(|_| Safety::Unsafe),
        (T::Tuple(elements), T::List(t)) => all(elements.iter().map(|e| conversion(e, t))),
        (T::Tuple(elements), T::Set(t)) => {
            all(elements.iter().map(|e| conversion(e, t))).map(|_| Safety::Unsafe)
        }
        (T::Object(attrs), T::Map(t)) => all(attrs.values().map(|a| conversion(a, t))),
        (T::List(f) | T::Set(f), T::Tuple(elements)) => {
            all(elements.iter().map(|e| conversion(f, e))).map(|_| Safety::Unsafe)
        }
        (T::Tuple(a), T::Tuple(b)) => {
            if a.len() != b.len() {
                return None;
            }
            all(a.iter().zip(b.iter()).map(|(f, t)| conversion(f, t)))
        }
        (T::Map(f), T::Object(attrs)) => {
            for attr in attrs.values() {
                if conversion(f, attr).is_none() && conversion(&T::None, attr).is_none() {
                    return None;
                }
            }
            unsafe_
        }
        (T::Object(a), T::Object(b)) => {
            let mut safety = Safety::Safe;
            for (name, target) in b.iter() {
                let source = a.get(name).unwrap_or(&T::None);
                safety = worse(safety, conversion(source, target)?);
            }
            if a.keys().any(|name| !b.contains_key(name)) {
                safety = Safety::Unsafe;
            }
            Some(safety)
        }
        _ => None,
    }
}

/// Every one of the conversions, at the worst safety among them.
fn all(conversions: impl Iterator<Item = Option<Safety>>) -> Option<Safety> {
    let mut safety = Safety::Safe;
    for c in conversions {
        safety = worse(safety, c?);
    }
    Some(safety)
}

impl ExtType {
    /// Whether values of type `from` convert to this type (safely or not).
    ///
    /// ```
    /// use hcl_core::extended::ExtType;
    ///
    /// assert!(ExtType::optional(ExtType::Number).accepts(&ExtType::Int));
    /// assert!(!ExtType::Bool.accepts(&ExtType::Int));
    /// ```
    pub fn accepts(&self, from: &ExtType) -> bool {
        conversion(from, self).is_some()
    }

    /// Whether values of type `from` convert safely to this type.
    pub fn accepts_safely(&self, from: &ExtType) -> bool {
        conversion(from, self) == Some(Safety::Safe)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ExtType as T;

    const SAFE: Option<Safety> = Some(Safety::Safe);
    const UNSAFE: Option<Safety> = Some(Safety::Unsafe);

    #[test]
    fn primitive_conversions() {
        assert_eq!(conversion(&T::Int, &T::Number), SAFE);
        assert_eq!(conversion(&T::Int, &T::String), SAFE);
        assert_eq!(conversion(&T::Number, &T::Int), UNSAFE);
        assert_eq!(conversion(&T::String, &T::Int), UNSAFE);
        assert_eq!(conversion(&T::Int, &T::Bool), None);
        assert_eq!(conversion(&T::Bool, &T::Int), None);
        assert_eq!(conversion(&T::Bool, &T::Number), None);
    }

    #[test]
    fn union_source_distributes_over_members() {
        let u = T::union([T::Int, T::String]);
        assert_eq!(conversion(&u, &T::String), SAFE);
        assert_eq!(conversion(&u, &T::Number), UNSAFE);
        assert_eq!(conversion(&T::union([T::Bool, T::None]), &T::Number), None);
        assert_eq!(
            conversion(
                &T::union([T::Int, T::list(T::String)]),
                &T::union([T::String, T::list(T::String)])
            ),
            SAFE
        );
        assert_eq!(conversion(&T::empty_union(), &T::Bool), SAFE);
        assert_eq!(conversion(&T::Bool, &T::empty_union()), None);
    }

    #[test]
    fn eventual_sources_do_not_convert_to_prompt_types() {
        assert_eq!(conversion(&T::promise(T::String), &T::String), None);
        assert_eq!(conversion(&T::output(T::String), &T::String), None);
        assert_eq!(conversion(&T::output(T::String), &T::Dynamic), SAFE);
    }

    #[test]
    fn object_missing_attribute_must_accept_none() {
        let empty = T::object::<&str>([]);
        assert_eq!(conversion(&empty, &T::object([("a", T::String)])), None);
        assert_eq!(
            conversion(&empty, &T::object([("a", T::optional(T::String))])),
            SAFE
        );
        assert_eq!(conversion(&empty, &T::object([("a", T::Dynamic)])), SAFE);
        assert_eq!(
            conversion(&T::object([("a", T::Int)]), &empty),
            UNSAFE,
            "dropping an attribute loses information"
        );
    }

    #[test]
    fn map_to_object_with_optional_attribute() {
        let m = T::map(T::Int);
        assert_eq!(conversion(&m, &T::object([("a", T::Number)])), UNSAFE);
        assert_eq!(
            conversion(&m, &T::object([("a", T::optional(T::Bool))])),
            UNSAFE
        );
        assert_eq!(conversion(&m, &T::object([("a", T::Bool)])), None);
    }

    #[test]
    fn collections_of_extended_elements() {
        assert_eq!(conversion(&T::list(T::Int), &T::list(T::Number)), SAFE);
        assert_eq!(conversion(&T::list(T::Int), &T::set(T::Number)), UNSAFE);
        assert_eq!(conversion(&T::set(T::Int), &T::list(T::String)), SAFE);
        assert_eq!(
            conversion(&T::tuple([T::Int, T::Number]), &T::list(T::Number)),
            SAFE
        );
        assert_eq!(
            conversion(&T::list(T::Number), &T::tuple([T::Int, T::Number])),
            UNSAFE
        );
        assert_eq!(
            conversion(&T::object([("a", T::Int)]), &T::map(T::String)),
            SAFE
        );
        assert_eq!(conversion(&T::list(T::None), &T::list(T::Int)), None);
    }
}
