//! A pairwise table over several dozen extended types: for every pair,
//! conversion kinds and unified types are consistent with each other, and,
//! for the base model's own types, with the base model's conversion and
//! unification.

use hcl_core::CapsuleType;
use hcl_core::convert::{self, Safety};
use hcl_core::extended::{ExtType, conversion, unify};

use ExtType as T;

#[derive(Debug, PartialEq)]
struct Opaque;

fn types() -> Vec<ExtType> {
    let alpha = T::Capsule(CapsuleType::new::<Opaque>("alpha"));
    let beta = T::Capsule(CapsuleType::new::<Opaque>("beta"));
    vec![
        T::Bool,
        T::Number,
        T::Int,
        T::String,
        T::None,
        T::Dynamic,
        alpha,
        beta,
        T::list(T::Int),
        T::list(T::Number),
        T::list(T::String),
        T::list(T::None),
        T::list(T::Dynamic),
        T::set(T::Int),
        T::set(T::String),
        T::map(T::Int),
        T::map(T::String),
        T::map(T::Dynamic),
        T::tuple([]),
        T::tuple([T::Int]),
        T::tuple([T::String]),
        T::tuple([T::Int, T::String]),
        T::tuple([T::Number, T::Bool]),
        T::object::<&str>([]),
        T::object([("a", T::Int)]),
        T::object([("a", T::String)]),
        T::object([("a", T::optional(T::Int))]),
        T::object([("a", T::Int), ("b", T::Bool)]),
        T::object([("b", T::Bool)]),
        T::optional(T::Int),
        T::optional(T::String),
        T::union([T::Bool, T::Number]),
        T::union([T::Int, T::String]),
        T::optional(T::list(T::Int)),
        T::promise(T::Int),
        T::promise(T::Number),
        T::promise(T::String),
        T::promise(T::optional(T::Int)),
        T::output(T::Int),
        T::output(T::Number),
        T::output(T::String),
        T::output(T::optional(T::Int)),
        T::list(T::output(T::Int)),
        T::object([("a", T::promise(T::Int))]),
        T::optional(T::output(T::Int)),
    ]
}

/// Whether the dynamic pseudo-type, a map or a tuple appears in `t`: the
/// types for which the base model prefers a target that some input
/// converts to only unsafely.
fn has_unsafe_preference(t: &ExtType) -> bool {
    match t {
        T::Dynamic | T::Map(_) | T::Tuple(_) => true,
        T::List(e) | T::Set(e) => has_unsafe_preference(e),
        T::Promise(e) | T::Output(e) => has_unsafe_preference(e.element()),
        T::Object(attrs) => attrs.values().any(has_unsafe_preference),
        T::Union(u) => u.members().iter().any(has_unsafe_preference),
        _ => false,
    }
}

/// Whether a union appears in `t`.
fn has_union(t: &ExtType) -> bool {
    match t {
        T::Union(_) => true,
        T::List(e) | T::Set(e) | T::Map(e) => has_union(e),
        T::Promise(e) | T::Output(e) => has_union(e.element()),
        T::Object(attrs) => attrs.values().any(has_union),
        T::Tuple(ts) => ts.iter().any(has_union),
        _ => false,
    }
}

/// A type of the base model without object types (whose missing
/// attributes the documents treat differently): the same as its base
/// counterpart.
fn base_without_objects(t: &ExtType) -> Option<hcl_core::Type> {
    fn no_objects(t: &ExtType) -> bool {
        match t {
            T::Object(_) => false,
            T::List(e) | T::Set(e) | T::Map(e) => no_objects(e),
            T::Tuple(ts) => ts.iter().all(no_objects),
            _ => true,
        }
    }
    let base = t.to_base()?;
    (ExtType::from(&base) == *t && no_objects(t)).then_some(base)
}

#[test]
fn pairwise_conversions_and_unifications_are_consistent() {
    let all = types();
    assert!(all.len() >= 40);
    let mut checked = 0;
    for a in &all {
        assert_eq!(conversion(a, a), Some(Safety::Safe), "{a} to itself");
        for b in &all {
            let ab = conversion(a, b);
            let ba = conversion(b, a);
            let u = unify(a, b);
            assert_eq!(u, unify(b, a), "unify({a}, {b}) is commutative");
            assert!(
                conversion(a, &u).is_some(),
                "{a} converts to unify({a}, {b}) = {u}"
            );
            assert!(
                conversion(b, &u).is_some(),
                "{b} converts to unify({a}, {b}) = {u}"
            );
            let plain = !has_unsafe_preference(a)
                && !has_unsafe_preference(b)
                && !has_union(a)
                && !has_union(b);
            if ab == Some(Safety::Safe) && ba.is_none() && plain {
                assert_eq!(u, *b, "{a} converts only one way, safely, to {b}");
            }
            // (A union unifies member by member, as the documents say,
            // even where the other type converts safely to the union:
            // `int` and `union(number, none)` unify as
            // `union(int, number, none)`.)
            if ab == Some(Safety::Safe) && ba == Some(Safety::Unsafe) && plain {
                assert_eq!(u, *b, "safe {a} -> {b}, unsafe back: unify prefers {b}");
            }
            if ab == Some(Safety::Safe) && ba == Some(Safety::Safe) {
                assert_eq!(conversion(a, &u), Some(Safety::Safe), "{a} to {u}");
                assert_eq!(conversion(b, &u), Some(Safety::Safe), "{b} to {u}");
            }
            if !has_unsafe_preference(a) && !has_unsafe_preference(b) {
                assert_eq!(conversion(a, &u), Some(Safety::Safe), "{a} to {u}");
                assert_eq!(conversion(b, &u), Some(Safety::Safe), "{b} to {u}");
            }
            if let (Some(x), Some(y)) = (base_without_objects(a), base_without_objects(b)) {
                // The base model's `list(any)` stands for a list of one
                // type that the elements must unify to; in the extended
                // system, elements always unify (as a union, if nothing
                // else).
                let base = convert::conversion_safety(&x, &y);
                assert!(
                    ab == base || (base.is_none() && y.has_dynamic()),
                    "{a} to {b}: {ab:?}, but the base model's conversion is {base:?}"
                );
                match convert::unify(&[x.clone(), y.clone()]) {
                    // Where the base model's join is reached through its
                    // transitive string rule (number and bool meet at
                    // string), the extended system has a smaller upper
                    // bound, their union (Pulumi's), which converts to it.
                    Some(base) if has_union(&u) => assert!(
                        conversion(&u, &ExtType::from(&base.ty)).is_some(),
                        "unify({a}, {b}) = {u}, which does not convert to the base model's {}",
                        base.ty
                    ),
                    Some(base) => assert_eq!(u, ExtType::from(&base.ty), "unify({a}, {b})"),
                    None => assert!(
                        base_without_objects(&u).is_none(),
                        "unify({a}, {b}) = {u}, which the base model does not unify"
                    ),
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, all.len() * all.len());
}

/// `a`, `b`, the conversion from `a` to `b` and back, `unify(a, b)`.
type Row = (ExtType, ExtType, Option<Safety>, Option<Safety>, ExtType);

/// Chosen rows of the table, spelled out.
#[test]
fn table_rows() {
    let s = Some(Safety::Safe);
    let u = Some(Safety::Unsafe);
    let rows: Vec<Row> = vec![
        (T::Int, T::Number, s, u, T::Number),
        (T::Int, T::String, s, u, T::String),
        (T::Int, T::Bool, None, None, T::union([T::Bool, T::Int])),
        (T::None, T::Int, None, None, T::optional(T::Int)),
        (T::None, T::optional(T::Int), s, u, T::optional(T::Int)),
        (
            T::Int,
            T::optional(T::Number),
            s,
            u,
            T::union([T::Int, T::Number, T::None]),
        ),
        (T::Int, T::promise(T::Int), s, None, T::promise(T::Int)),
        (
            T::promise(T::Int),
            T::output(T::Int),
            s,
            None,
            T::output(T::Int),
        ),
        (
            T::promise(T::Int),
            T::output(T::String),
            s,
            None,
            T::output(T::String),
        ),
        (T::output(T::Int), T::Dynamic, s, u, T::output(T::Int)),
        (T::list(T::Int), T::set(T::Int), u, s, T::list(T::Int)),
        (
            T::list(T::Int),
            T::tuple([T::String]),
            u,
            u,
            T::tuple([T::String]),
        ),
        (
            T::map(T::Int),
            T::object([("a", T::Number)]),
            u,
            u,
            T::object([("a", T::Number)]),
        ),
        (
            T::object::<&str>([]),
            T::object([("a", T::Int)]),
            None,
            u,
            T::object([("a", T::optional(T::Int))]),
        ),
        (
            T::union([T::Int, T::String]),
            T::union([T::Bool, T::None]),
            u,
            u,
            T::union([T::Bool, T::Int, T::String, T::None]),
        ),
        (
            T::union([T::Int, T::Bool]),
            T::Number,
            u,
            u,
            T::union([T::Bool, T::Number]),
        ),
    ];
    for (a, b, ab, ba, unified) in rows {
        assert_eq!(conversion(&a, &b), ab, "{a} to {b}");
        assert_eq!(conversion(&b, &a), ba, "{b} to {a}");
        assert_eq!(unify(&a, &b), unified, "unify({a}, {b})");
    }
}
