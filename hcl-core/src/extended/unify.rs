//! Unification of extended types: one type to which each of several types
//! converts.
//!
//! Two types unify by the first rule that applies:
//!
//! 1. A type unifies with itself as itself.
//! 2. The dynamic pseudo-type unifies with any other type by selecting
//!    that other type (the base model).
//! 3. Two unions unify as a union of the members of both (their
//!    concatenation, normalised). A union unifies with another type as the
//!    union of that type unified with each member, where an eventual
//!    member that another eventual member accepts safely is dropped, as in
//!    Pulumi, which keeps one eventual type (`union(int, none)` and
//!    `promise(bool)` unify as `union(none, promise(union(bool, int)))`,
//!    not with `promise(bool)` beside it). (The empty union, which has no
//!    values, unifies with any type as that type.)
//! 4. Two promises unify as a promise of their unified element types; a
//!    promise and an output, or two outputs, as an output of their unified
//!    element types. `none` unifies with an eventual type that does not
//!    accept it as their union (`union(none, output(int))`, as in Pulumi's
//!    implementation, where neither converts to the other). An eventual
//!    type unifies with any other prompt type `T` as the same kind of
//!    eventual type of its element type unified with `T` (a value of `T`
//!    converts safely to an eventual `T`).
//! 5. int and number unify as number; int, number and bool with string as
//!    string.
//! 6. Collections and structural types unify as in the base model, with
//!    extended element types: collections of one kind by their element
//!    types; list and set as a list; lists and sets with a tuple as a tuple
//!    (tuples of different lengths as a list); maps with an object as an
//!    object; two objects as the union of their attributes, common ones
//!    unified. An attribute that only one of the objects has becomes
//!    optional (`union(T, none)`), since the other converts to the result
//!    with a `none` for it.
//! 7. Otherwise (and whenever the result of rules 5 and 6 would not accept
//!    both types), the types unify as their union `union(a, b)`.
//!
//! Rule 7 makes unification total: the extended type system has a type for
//! "one of these", where the base model's unification fails. The result
//! does not depend on the order of the two types, unifying a type with
//! itself gives that type, and both types always convert to the result.

use super::ty::ExtType;

/// The unification of two types (see the [module documentation](crate::extended)).
///
/// ```
/// use hcl_core::extended::{unify, ExtType};
///
/// assert_eq!(unify(&ExtType::Int, &ExtType::Number), ExtType::Number);
/// assert_eq!(unify(&ExtType::Int, &ExtType::String), ExtType::String);
/// assert_eq!(
///     unify(&ExtType::promise(ExtType::Int), &ExtType::output(ExtType::Number)),
///     ExtType::output(ExtType::Number),
/// );
/// assert_eq!(unify(&ExtType::Bool, &ExtType::None), ExtType::optional(ExtType::Bool));
/// ```
pub fn unify(a: &ExtType, b: &ExtType) -> ExtType {
    use ExtType as T;
    if a == b || b.is_dynamic() {
        return a.clone();
    }
    if a.is_dynamic() {
        return b.clone();
    }
    match (a, b) {
        (T::Union(x), T::Union(y)) => {
            if x.members().is_empty() {
                return b.clone();
            }
            if y.members().is_empty() {
                return a.clone();
            }
            T::union(x.members().iter().chain(y.members()).cloned())
        }
        (T::Union(x), other) | (other, T::Union(x)) => {
            if x.members().is_empty() {
                return other.clone();
            }
            let unified = T::union(x.members().iter().map(|m| unify(other, m)));
            let reduced = without_subsumed_eventuals(unified.clone());
            if reduced.accepts(a) && reduced.accepts(b) {
                reduced
            } else {
                unified
            }
        }
        (T::None, T::Promise(_) | T::Output(_)) | (T::Promise(_) | T::Output(_), T::None) => {
            let eventual = if a.is_none() { b } else { a };
            if eventual.accepts(&T::None) {
                eventual.clone()
            } else {
                T::union([a.clone(), b.clone()])
            }
        }
        (T::Promise(x), T::Promise(y)) => T::promise(unify(x.element(), y.element())),
        (T::Output(x), T::Output(y))
        | (T::Promise(x), T::Output(y))
        | (T::Output(x), T::Promise(y)) => T::output(unify(x.element(), y.element())),
        (T::Promise(x), other) | (other, T::Promise(x)) => T::promise(unify(x.element(), other)),
        (T::Output(x), other) | (other, T::Output(x)) => T::output(unify(x.element(), other)),
        _ => match lifted_base_rules(a, b) {
            Some(u) if u.accepts(a) && u.accepts(b) => u,
            _ => T::union([a.clone(), b.clone()]),
        },
    }
}

/// Rules 5 and 6, for two different types that are neither dynamic, nor
/// unions, nor eventual.
fn lifted_base_rules(a: &ExtType, b: &ExtType) -> Option<ExtType> {
    use ExtType as T;
    Some(match (a, b) {
        (T::Int, T::Number) | (T::Number, T::Int) => T::Number,
        (T::Int | T::Number | T::Bool, T::String) | (T::String, T::Int | T::Number | T::Bool) => {
            T::String
        }
        (T::List(x), T::List(y)) | (T::List(x), T::Set(y)) | (T::Set(x), T::List(y)) => {
            T::list(unify(x, y))
        }
        (T::Set(x), T::Set(y)) => T::set(unify(x, y)),
        (T::Map(x), T::Map(y)) => T::map(unify(x, y)),
        (T::Tuple(t), T::List(e) | T::Set(e)) | (T::List(e) | T::Set(e), T::Tuple(t)) => {
            T::tuple(t.iter().map(|element| unify(element, e)))
        }
        (T::Tuple(x), T::Tuple(y)) => {
            if x.len() == y.len() {
                T::tuple(x.iter().zip(y.iter()).map(|(p, q)| unify(p, q)))
            } else {
                T::list(unify_all(x.iter().chain(y.iter())).unwrap_or_else(T::empty_union))
            }
        }
        (T::Map(e), T::Object(o)) | (T::Object(o), T::Map(e)) => {
            T::object(o.iter().map(|(name, t)| (name.clone(), unify(t, e))))
        }
        (T::Object(x), T::Object(y)) => {
            let mut attrs = Vec::with_capacity(x.len().max(y.len()));
            for (name, t) in x.iter() {
                let t = match y.get(name) {
                    Some(u) => unify(t, u),
                    None => T::optional(t.clone()),
                };
                attrs.push((name.clone(), t));
            }
            for (name, u) in y.iter() {
                if !x.contains_key(name) {
                    attrs.push((name.clone(), T::optional(u.clone())));
                }
            }
            T::object(attrs)
        }
        _ => return None,
    })
}

/// The unification of several types, or `None` for no types.
///
/// The result does not depend on the order of the types: they are put in
/// canonical order and unified pairwise. Each of them converts to the
/// result (when the pairwise result would not accept one, the result is
/// the union of the types). A member of a resulting union that another
/// member accepts safely is redundant and dropped (`union(int, number)` is
/// `number`), as Pulumi's unification keeps the more general of two types;
/// this is the element type of tuples of different lengths.
///
/// ```
/// use hcl_core::extended::{unify_all, ExtType};
///
/// let t = [ExtType::Int, ExtType::Number, ExtType::None];
/// assert_eq!(unify_all(&t), Some(ExtType::optional(ExtType::Number)));
/// assert_eq!(unify_all(&[]), None);
/// ```
pub fn unify_all<'a>(types: impl IntoIterator<Item = &'a ExtType>) -> Option<ExtType> {
    let mut sorted: Vec<&ExtType> = types.into_iter().collect();
    sorted.sort();
    sorted.dedup();
    let (first, rest) = sorted.split_first()?;
    let mut unified = (*first).clone();
    for t in rest {
        unified = unify(&unified, t);
    }
    let unified = if sorted.iter().all(|t| unified.accepts(t)) {
        unified
    } else {
        ExtType::union(
            sorted
                .iter()
                .filter(|t| !t.is_dynamic())
                .map(|t| (*t).clone()),
        )
    };
    // Dropping a member another accepts safely must not lose an input
    // (safety is not transitive through every eventual type).
    let reduced = without_redundant_members(unified.clone());
    if sorted.iter().all(|t| reduced.accepts(t)) {
        Some(reduced)
    } else {
        Some(unified)
    }
}

/// A union without the eventual members that another eventual member
/// accepts safely: unified member by member with an eventual type, `none`
/// gives `union(none, output(T))` beside the `output(U)` that another member
/// gives, and Pulumi keeps one eventual type of the unified elements
/// (`union(int, none)` and `output(list(bool))` unify as
/// `union(none, output(union(int, list(bool))))`).
fn without_subsumed_eventuals(ty: ExtType) -> ExtType {
    let Some(members) = ty.union_members() else {
        return ty;
    };
    let subsumed = |i: usize, m: &ExtType| {
        m.is_eventual()
            && members.iter().enumerate().any(|(j, n)| {
                j != i && n.is_eventual() && n.accepts_safely(m) && (j < i || !m.accepts_safely(n))
            })
    };
    if !members.iter().enumerate().any(|(i, m)| subsumed(i, m)) {
        return ty;
    }
    ExtType::union(
        members
            .iter()
            .enumerate()
            .filter(|&(i, m)| !subsumed(i, m))
            .map(|(_, m)| m.clone()),
    )
}

/// A union without the members that another member accepts safely (of two
/// members that accept each other, the first in canonical order stays).
fn without_redundant_members(ty: ExtType) -> ExtType {
    let Some(members) = ty.union_members() else {
        return ty;
    };
    let redundant = |i: usize, m: &ExtType| {
        members
            .iter()
            .enumerate()
            .any(|(j, n)| j != i && n.accepts_safely(m) && (j < i || !m.accepts_safely(n)))
    };
    if !members.iter().enumerate().any(|(i, m)| redundant(i, m)) {
        return ty;
    }
    ExtType::union(
        members
            .iter()
            .enumerate()
            .filter(|&(i, m)| !redundant(i, m))
            .map(|(_, m)| m.clone()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ExtType as T;

    #[test]
    fn dynamic_selects_the_other_type() {
        assert_eq!(unify(&T::Dynamic, &T::Int), T::Int);
        assert_eq!(unify(&T::promise(T::Int), &T::Dynamic), T::promise(T::Int));
        assert_eq!(unify(&T::Dynamic, &T::Dynamic), T::Dynamic);
    }

    #[test]
    fn unrelated_types_unify_as_their_union() {
        assert_eq!(unify(&T::Bool, &T::Number), T::union([T::Bool, T::Number]));
        assert_eq!(
            unify(&T::list(T::Bool), &T::Int),
            T::union([T::list(T::Bool), T::Int])
        );
    }

    #[test]
    fn eventual_with_prompt_lifts_the_prompt_type() {
        assert_eq!(unify(&T::output(T::Int), &T::String), T::output(T::String));
        // `none` with an eventual type that does not accept it: their
        // union, as Pulumi (neither converts to the other).
        assert_eq!(
            unify(&T::None, &T::promise(T::Bool)),
            T::union([T::None, T::promise(T::Bool)])
        );
    }

    #[test]
    fn none_and_eventual_unify_as_union_as_pulumi() {
        assert_eq!(
            unify(&T::None, &T::output(T::Int)),
            T::union([T::None, T::output(T::Int)])
        );
        assert_eq!(
            unify(&T::output(T::Int), &T::None),
            T::union([T::None, T::output(T::Int)])
        );
        // An eventual type that accepts `none` is the result.
        let optional = T::output(T::optional(T::Int));
        assert_eq!(unify(&T::None, &optional), optional);
        assert_eq!(
            unify(&T::None, &T::promise(T::optional(T::Bool))),
            T::promise(T::optional(T::Bool))
        );
    }

    #[test]
    fn none_in_a_union_joins_the_eventual_type_as_pulumi() {
        // Member by member, `none` gives `union(none, output(list(bool)))`
        // beside `output(union(int, list(bool)))`, which accepts that
        // output: Pulumi keeps the one eventual type.
        let optional_int = T::optional(T::Int);
        let output = T::output(T::list(T::Bool));
        let expected = T::union([T::None, T::output(T::union([T::Int, T::list(T::Bool)]))]);
        assert_eq!(unify(&output, &optional_int), expected);
        assert_eq!(unify(&optional_int, &output), expected);
        assert_eq!(
            expected.to_string(),
            "union(output(union(int,list(bool))),none)"
        );
        let promise = T::promise(T::Bool);
        let expected = T::union([T::None, T::promise(T::union([T::Bool, T::Int]))]);
        assert_eq!(unify(&promise, &optional_int), expected);
        assert_eq!(unify(&optional_int, &promise), expected);
        for (a, b) in [(&output, &optional_int), (&promise, &optional_int)] {
            let u = unify(a, b);
            assert!(u.accepts_safely(a) && u.accepts_safely(b), "{u}");
        }
        // Prompt members are kept as the documents' member-by-member rule
        // gives them (`int` beside `number`).
        assert_eq!(
            unify(&T::Int, &T::union([T::Number, T::None])),
            T::union([T::Int, T::Number, T::None])
        );
    }

    #[test]
    fn tuples_of_different_lengths_drop_redundant_element_members() {
        // int is accepted by number: the element type is not
        // union(bool, int, number, none).
        assert_eq!(
            unify(
                &T::tuple([T::optional(T::Number)]),
                &T::tuple([T::Int, T::Bool])
            ),
            T::list(T::union([T::Bool, T::Number, T::None]))
        );
        assert_eq!(
            unify(&T::tuple([T::Int]), &T::tuple([T::Number, T::Bool])),
            T::list(T::union([T::Bool, T::Number]))
        );
        // output(int) is accepted by output(union(int, none)).
        assert_eq!(
            unify(
                &T::tuple([T::output(T::Int)]),
                &T::tuple([T::output(T::optional(T::Int)), T::Int])
            ),
            T::list(T::output(T::optional(T::Int)))
        );
        assert_eq!(
            unify_all(&[T::Int, T::Number, T::list(T::Bool)]),
            Some(T::union([T::Number, T::list(T::Bool)]))
        );
    }

    #[test]
    fn collections_and_structurals() {
        assert_eq!(
            unify(&T::list(T::Int), &T::set(T::Number)),
            T::list(T::Number)
        );
        assert_eq!(
            unify(&T::tuple([T::Int, T::Bool]), &T::list(T::String)),
            T::tuple([T::String, T::String])
        );
        assert_eq!(
            unify(&T::tuple([T::Int]), &T::tuple([T::Number, T::Int])),
            T::list(T::Number)
        );
        assert_eq!(
            unify(&T::map(T::Int), &T::object([("a", T::Number)])),
            T::object([("a", T::Number)])
        );
        assert_eq!(
            unify(&T::object([("a", T::Int)]), &T::object([("b", T::Bool)])),
            T::object([("a", T::optional(T::Int)), ("b", T::optional(T::Bool))])
        );
        assert_eq!(
            unify(&T::list(T::Bool), &T::list(T::Int)),
            T::list(T::union([T::Bool, T::Int]))
        );
    }

    #[test]
    fn empty_union_is_the_identity() {
        assert_eq!(unify(&T::empty_union(), &T::Int), T::Int);
        assert_eq!(
            unify(&T::union([T::Bool, T::Int]), &T::empty_union()),
            T::union([T::Bool, T::Int])
        );
    }

    #[test]
    fn unify_all_is_order_independent() {
        let a = [T::Bool, T::Int, T::None, T::String];
        let b = [T::String, T::None, T::Int, T::Bool];
        assert_eq!(unify_all(&a), unify_all(&b));
        assert_eq!(unify_all(&a), Some(T::optional(T::String)));
        assert_eq!(unify_all(&[T::Dynamic, T::Dynamic]), Some(T::Dynamic));
    }
}
