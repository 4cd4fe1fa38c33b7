//! Algebraic laws of the extended type system, as property tests:
//! unification is commutative and idempotent and its result accepts every
//! input (safely, where the base model's own rules do not prefer an unsafe
//! target), conversion is reflexive, and the dynamic pseudo-type is the top
//! of conversion.

use std::sync::LazyLock;

use hcl_core::CapsuleType;
use hcl_core::convert::Safety;
use hcl_core::extended::{Eventuality, ExtType, conversion, unify, unify_all};
use proptest::prelude::*;

#[derive(Debug, PartialEq)]
struct Opaque;

static CAPSULES: LazyLock<[CapsuleType; 2]> = LazyLock::new(|| {
    [
        CapsuleType::new::<Opaque>("alpha"),
        CapsuleType::new::<Opaque>("beta"),
    ]
});

/// Which kinds of type a strategy may produce.
#[derive(Clone, Copy)]
struct Kinds {
    dynamic: bool,
    maps: bool,
    tuples: bool,
}

const ALL: Kinds = Kinds {
    dynamic: true,
    maps: true,
    tuples: true,
};

/// The types whose unification the base model never resolves with an
/// unsafe conversion: without the dynamic pseudo-type (which unifies as the
/// other type, converted to unsafely), maps (an object is preferred to a
/// map, converted to unsafely) and tuples (a tuple is preferred to a list
/// or set, converted to unsafely).
const SAFE_FRAGMENT: Kinds = Kinds {
    dynamic: false,
    maps: false,
    tuples: false,
};

fn leaf(kinds: Kinds) -> BoxedStrategy<ExtType> {
    let mut leaves = vec![
        Just(ExtType::Bool).boxed(),
        Just(ExtType::Number).boxed(),
        Just(ExtType::Int).boxed(),
        Just(ExtType::String).boxed(),
        Just(ExtType::None).boxed(),
        (0..2usize)
            .prop_map(|i| ExtType::Capsule(CAPSULES[i].clone()))
            .boxed(),
    ];
    if kinds.dynamic {
        leaves.push(Just(ExtType::Dynamic).boxed());
    }
    proptest::strategy::Union::new(leaves).boxed()
}

fn ext_type(kinds: Kinds) -> BoxedStrategy<ExtType> {
    leaf(kinds)
        .prop_recursive(4, 24, 4, move |inner| {
            let mut options = vec![
                inner.clone().prop_map(ExtType::list).boxed(),
                inner.clone().prop_map(ExtType::set).boxed(),
                proptest::collection::btree_map(
                    prop_oneof![Just("a"), Just("b"), Just("c")],
                    inner.clone(),
                    0..3,
                )
                .prop_map(ExtType::object)
                .boxed(),
                proptest::collection::vec(inner.clone(), 2..4)
                    .prop_map(ExtType::union)
                    .boxed(),
                inner.clone().prop_map(ExtType::promise).boxed(),
                inner.clone().prop_map(ExtType::output).boxed(),
            ];
            if kinds.maps {
                options.push(inner.clone().prop_map(ExtType::map).boxed());
            }
            if kinds.tuples {
                options.push(
                    proptest::collection::vec(inner.clone(), 0..3)
                        .prop_map(ExtType::tuple)
                        .boxed(),
                );
            }
            proptest::strategy::Union::new(options)
        })
        .boxed()
}

fn any_type() -> BoxedStrategy<ExtType> {
    ext_type(ALL)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn unification_is_commutative(a in any_type(), b in any_type()) {
        prop_assert_eq!(unify(&a, &b), unify(&b, &a));
    }

    #[test]
    fn unification_is_idempotent(a in any_type()) {
        prop_assert_eq!(unify(&a, &a), a);
    }

    #[test]
    fn unified_type_accepts_every_input(a in any_type(), b in any_type()) {
        let u = unify(&a, &b);
        prop_assert!(conversion(&a, &u).is_some(), "{} does not convert to {}", a, u);
        prop_assert!(conversion(&b, &u).is_some(), "{} does not convert to {}", b, u);
    }

    #[test]
    fn unified_type_accepts_every_input_safely(
        a in ext_type(SAFE_FRAGMENT),
        b in ext_type(SAFE_FRAGMENT),
    ) {
        let u = unify(&a, &b);
        prop_assert_eq!(conversion(&a, &u), Some(Safety::Safe), "{} to {}", a, u);
        prop_assert_eq!(conversion(&b, &u), Some(Safety::Safe), "{} to {}", b, u);
    }

    #[test]
    fn unification_of_many_is_order_independent_and_accepts_each(
        types in proptest::collection::vec(any_type(), 1..5),
    ) {
        let u = unify_all(&types).unwrap();
        let mut reversed = types.clone();
        reversed.reverse();
        prop_assert_eq!(unify_all(&reversed), Some(u.clone()));
        for t in &types {
            prop_assert!(conversion(t, &u).is_some(), "{} does not convert to {}", t, u);
        }
    }

    #[test]
    fn conversion_is_reflexive(a in any_type()) {
        prop_assert_eq!(conversion(&a, &a), Some(Safety::Safe));
    }

    #[test]
    fn dynamic_type_is_the_top(a in any_type()) {
        prop_assert_eq!(conversion(&a, &ExtType::Dynamic), Some(Safety::Safe));
        prop_assert!(conversion(&ExtType::Dynamic, &a).is_some());
        prop_assert_eq!(unify(&a, &ExtType::Dynamic), a.clone());
        prop_assert_eq!(ExtType::union([a, ExtType::Dynamic]), ExtType::Dynamic);
    }

    #[test]
    fn union_members_convert_safely_to_the_union(a in any_type(), b in any_type()) {
        let u = ExtType::union([a.clone(), b.clone()]);
        prop_assert_eq!(conversion(&a, &u), Some(Safety::Safe));
        prop_assert_eq!(conversion(&b, &u), Some(Safety::Safe));
    }

    #[test]
    fn union_is_normalised(a in any_type(), b in any_type(), c in any_type()) {
        let left = ExtType::union([a.clone(), ExtType::union([b.clone(), a.clone()]), c.clone()]);
        let right = ExtType::union([c, b, a]);
        prop_assert_eq!(&left, &right);
        prop_assert_eq!(left.to_string(), right.to_string());
    }

    #[test]
    fn conversion_to_a_union_is_the_best_over_its_members(a in any_type(), b in any_type(), c in any_type()) {
        let members = [b, c];
        let u = ExtType::union(members.clone());
        if a.union_members().is_none() && !a.is_dynamic()
            && let Some(ms) = u.union_members() {
                let best = ms.iter().filter_map(|m| conversion(&a, m)).min();
                prop_assert_eq!(conversion(&a, &u), best);
            }
    }

    #[test]
    fn eventual_wrapping_is_safe(a in any_type()) {
        if a.resolved().0 != Eventuality::Output {
            // (A promise accepts no output, even inside a union.)
            prop_assert_eq!(conversion(&a, &ExtType::promise(a.clone())), Some(Safety::Safe));
        }
        prop_assert_eq!(conversion(&a, &ExtType::output(a.clone())), Some(Safety::Safe));
        prop_assert_eq!(
            conversion(&ExtType::promise(a.clone()), &ExtType::output(a.clone())),
            Some(Safety::Safe)
        );
    }

    #[test]
    fn base_types_round_trip(a in ext_type(SAFE_FRAGMENT)) {
        if let Some(base) = a.to_base() {
            let back = ExtType::from(&base);
            prop_assert_eq!(back.to_base(), Some(base));
        }
    }
}

/// A case proptest found: dropping "redundant" union members must not
/// leave an input that no longer converts.
#[test]
fn unify_all_keeps_every_input_convertible() {
    let types = [
        ExtType::list(ExtType::None),
        ExtType::object::<String>([]),
        ExtType::promise(ExtType::list(ExtType::Bool)),
        ExtType::tuple([]),
    ];
    let u = unify_all(&types).unwrap();
    for t in &types {
        assert!(conversion(t, &u).is_some(), "{t} does not convert to {u}");
    }
}
