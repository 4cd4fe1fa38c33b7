//! Proptest strategies for types and values, shared by the property tests.
#![allow(dead_code)]

use hcl_core::{Number, Type, Value};
use proptest::prelude::*;

/// Any primitive type.
pub fn primitive_type() -> impl Strategy<Value = Type> {
    prop_oneof![Just(Type::Bool), Just(Type::Number), Just(Type::String)]
}

/// Any type without the dynamic pseudo-type or capsules, nested up to a few
/// levels.
pub fn concrete_type() -> impl Strategy<Value = Type> {
    primitive_type().prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::set),
            inner.clone().prop_map(Type::map),
            prop::collection::btree_map("[a-c]", inner.clone(), 0..3).prop_map(Type::object),
            prop::collection::vec(inner, 0..3).prop_map(Type::tuple),
        ]
    })
}

/// A number: small and large integers, decimals and infinities.
pub fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        4 => any::<i64>().prop_map(Number::from),
        2 => any::<i128>().prop_map(Number::from),
        3 => (any::<i64>(), 1u32..40).prop_map(|(m, scale)| {
            let text = format!("{m}e-{scale}");
            Number::parse_literal(&text).unwrap_or(Number::ZERO)
        }),
        1 => Just(Number::INFINITY),
        1 => Just(Number::NEG_INFINITY),
    ]
}

/// A string, sometimes with characters that NFC normalisation changes.
pub fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z0-9 ]{0,6}",
        Just("cafe\u{301}".to_owned()),
        Just("caf\u{e9}".to_owned()),
        "\\PC{0,4}",
    ]
}

/// A known value of the given type; parts may be null or unknown when
/// `holes` is set.
pub fn value_of(ty: Type, holes: bool) -> BoxedStrategy<Value> {
    let leaf = known_value_of(ty.clone(), holes);
    if holes {
        prop_oneof![
            8 => leaf,
            1 => Just(Value::null(ty.clone())),
            1 => Just(Value::unknown(ty)),
        ]
        .boxed()
    } else {
        leaf
    }
}

fn known_value_of(ty: Type, holes: bool) -> BoxedStrategy<Value> {
    match ty {
        Type::Bool => any::<bool>().prop_map(Value::bool).boxed(),
        Type::Number => number().prop_map(Value::number).boxed(),
        Type::String => string().prop_map(Value::string).boxed(),
        Type::List(e) => {
            let e = (*e).clone();
            prop::collection::vec(value_of(e.clone(), holes), 0..4)
                .prop_map(move |v| Value::list_of(e.clone(), v).expect("same element type"))
                .boxed()
        }
        Type::Set(e) => {
            let e = (*e).clone();
            prop::collection::vec(value_of(e.clone(), holes), 0..4)
                .prop_map(move |v| Value::set_of(e.clone(), v).expect("same element type"))
                .boxed()
        }
        Type::Map(e) => {
            let e = (*e).clone();
            prop::collection::btree_map("[a-c]", value_of(e.clone(), holes), 0..4)
                .prop_map(move |m| Value::map_of(e.clone(), m).expect("same element type"))
                .boxed()
        }
        Type::Object(o) => {
            let parts: Vec<BoxedStrategy<(String, Value)>> = o
                .attributes()
                .iter()
                .map(|(k, t)| {
                    let k = k.clone();
                    value_of(t.clone(), holes)
                        .prop_map(move |v| (k.clone(), v))
                        .boxed()
                })
                .collect();
            parts.prop_map(Value::object).boxed()
        }
        Type::Tuple(t) => {
            let parts: Vec<BoxedStrategy<Value>> = t
                .elements()
                .iter()
                .map(|e| value_of(e.clone(), holes))
                .collect();
            parts.prop_map(Value::tuple).boxed()
        }
        Type::Dynamic | Type::Capsule(_) => Just(Value::dynamic()).boxed(),
    }
}

/// A type together with a value of it.
pub fn typed_value(holes: bool) -> impl Strategy<Value = Value> {
    concrete_type().prop_flat_map(move |ty| value_of(ty, holes))
}
