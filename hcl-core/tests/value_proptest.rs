//! Property tests of value equality: reflexive and symmetric, and raw
//! equality agreeing with the equality operation on wholly known values.

mod common;

use proptest::prelude::*;

proptest! {
    #[test]
    fn equality_is_reflexive_for_wholly_known_values(v in common::typed_value(false)) {
        prop_assert!(v.equals(&v).is_true(), "{v} != itself");
        prop_assert_eq!(&v, &v.clone());
    }

    #[test]
    fn equality_is_symmetric(a in common::typed_value(true), b in common::typed_value(true)) {
        prop_assert_eq!(a.equals(&b), b.equals(&a));
    }

    #[test]
    fn equality_is_symmetric_within_one_type(
        (a, b) in common::concrete_type().prop_flat_map(|t| {
            (common::value_of(t.clone(), true), common::value_of(t, true))
        })
    ) {
        prop_assert_eq!(a.equals(&b), b.equals(&a));
    }

    #[test]
    fn raw_equality_agrees_with_equality_on_known_values(
        (a, b) in common::concrete_type().prop_flat_map(|t| {
            (common::value_of(t.clone(), false), common::value_of(t, false))
        })
    ) {
        prop_assert_eq!(a == b, a.equals(&b).is_true());
    }

    #[test]
    fn set_construction_is_order_independent(
        (ty, items) in common::concrete_type().prop_flat_map(|t| {
            (Just(t.clone()), prop::collection::vec(common::value_of(t, false), 0..5))
        })
    ) {
        let forward = hcl_core::Value::set_of(ty.clone(), items.clone()).expect("typed");
        let mut reversed_items = items;
        reversed_items.reverse();
        let backward = hcl_core::Value::set_of(ty, reversed_items).expect("typed");
        prop_assert!(forward.equals(&backward).is_true());
    }
}
