//! Property tests of conversion and unification: a safe conversion is
//! lossless, conversion to a value's own type is the identity, the safety
//! classification agrees with what `convert` does, and unification accepts
//! every input whatever their order.
//!
//! Types are generated in families of related shapes (a type and variants
//! of it with primitives, kinds and attributes changed) so that conversions
//! and unifications exist often enough to be exercised.

use hcl_core::convert::{self, Safety};
use hcl_core::{Number, Type, Value};
use proptest::prelude::*;

// ------------------------------------------------------------- strategies

fn primitive_type() -> impl Strategy<Value = Type> {
    prop_oneof![Just(Type::Bool), Just(Type::Number), Just(Type::String)]
}

fn attr_name() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["a", "b", "c", "d"]).prop_map(String::from)
}

/// Any type (no capsules), sometimes with the dynamic pseudo-type inside.
fn any_type() -> impl Strategy<Value = Type> {
    let leaf = prop_oneof![8 => primitive_type(), 1 => Just(Type::Dynamic)];
    leaf.prop_recursive(3, 20, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::set),
            inner.clone().prop_map(Type::map),
            prop::collection::btree_map(attr_name(), inner.clone(), 0..3).prop_map(Type::object),
            prop::collection::vec(inner, 0..3).prop_map(Type::tuple),
        ]
    })
}

/// A type related to `ty`: the same shape with primitives changed (often
/// to string), collection kinds switched, tuples made lists and objects
/// maps and back, attributes added or dropped, parts made dynamic.
fn related(ty: &Type) -> BoxedStrategy<Type> {
    match ty {
        Type::Bool | Type::Number => prop_oneof![
            4 => Just(ty.clone()),
            4 => Just(Type::String),
            1 => Just(Type::Dynamic),
        ]
        .boxed(),
        Type::String => prop_oneof![
            4 => Just(Type::String),
            2 => Just(Type::Number),
            2 => Just(Type::Bool),
            1 => Just(Type::Dynamic),
        ]
        .boxed(),
        Type::Dynamic => prop_oneof![4 => primitive_type(), 1 => Just(Type::Dynamic)].boxed(),
        Type::List(e) | Type::Set(e) => {
            let e = (**e).clone();
            let tuple = prop::collection::vec(related(&e), 0..3).prop_map(Type::tuple);
            prop_oneof![
                3 => related(&e).prop_map(Type::list),
                3 => related(&e).prop_map(Type::set),
                2 => tuple,
                1 => Just(Type::Dynamic),
            ]
            .boxed()
        }
        Type::Map(e) => {
            let e = (**e).clone();
            let object =
                prop::collection::btree_map(attr_name(), related(&e), 0..3).prop_map(Type::object);
            prop_oneof![
                3 => related(&e).prop_map(Type::map),
                2 => object,
                1 => Just(Type::Dynamic),
            ]
            .boxed()
        }
        Type::Object(o) => {
            let attrs: Vec<(String, Type)> = o
                .attributes()
                .iter()
                .map(|(k, t)| (k.clone(), t.clone()))
                .collect();
            let per_attr: Vec<BoxedStrategy<Option<(String, Type)>>> = attrs
                .iter()
                .map(|(k, t)| {
                    let k = k.clone();
                    prop_oneof![
                        5 => related(t).prop_map(move |t| Some((k.clone(), t))),
                        1 => Just(None),
                    ]
                    .boxed()
                })
                .collect();
            let extra = prop::option::of(primitive_type());
            let object = (per_attr, extra).prop_map(|(attrs, extra)| {
                let mut attrs: Vec<(String, Type)> = attrs.into_iter().flatten().collect();
                if let Some(t) = extra {
                    attrs.push(("z".to_owned(), t));
                }
                Type::object(attrs)
            });
            let map = match attrs.first() {
                Some((_, t)) => related(t).prop_map(Type::map).boxed(),
                None => primitive_type().prop_map(Type::map).boxed(),
            };
            prop_oneof![4 => object, 2 => map, 1 => Just(Type::Dynamic)].boxed()
        }
        Type::Tuple(t) => {
            let elements: Vec<BoxedStrategy<Type>> = t.elements().iter().map(related).collect();
            let tuple = elements.prop_map(Type::tuple);
            let collection = match t.elements().first() {
                Some(first) => {
                    let first = first.clone();
                    prop_oneof![
                        related(&first).prop_map(Type::list),
                        related(&first).prop_map(Type::set),
                    ]
                    .boxed()
                }
                None => primitive_type().prop_map(Type::list).boxed(),
            };
            prop_oneof![4 => tuple, 2 => collection, 1 => Just(Type::Dynamic)].boxed()
        }
        Type::Capsule(_) => Just(ty.clone()).boxed(),
    }
}

fn decimal(mantissa: i32, scale: u32) -> Number {
    let digits = mantissa.unsigned_abs().to_string();
    let scale = scale as usize;
    let padded = format!("{digits:0>width$}", width = scale + 1);
    let (int, frac) = padded.split_at(padded.len() - scale);
    let sign = if mantissa < 0 { "-" } else { "" };
    let text = if frac.is_empty() {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    };
    Number::parse_decimal(&text).unwrap_or(Number::ZERO)
}

/// Finite numbers: integers of any size and short decimals.
fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        3 => any::<i64>().prop_map(Number::from),
        1 => (-5i64..5).prop_map(Number::from),
        2 => (any::<i32>(), 0u32..6).prop_map(|(m, s)| decimal(m, s)),
    ]
}

/// Strings, many of which convert to numbers or bools.
fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z]{0,4}",
        prop::sample::select(vec!["true", "false", "1", "0", "True"]).prop_map(String::from),
        "-?[0-9]{1,4}(\\.[0-9]{1,3})?",
        "[0-9]e[0-9]",
    ]
}

/// A value of `ty`, sometimes null or unknown (at any depth).
fn value_of(ty: &Type) -> BoxedStrategy<Value> {
    let known = known_value_of(ty);
    let ty = ty.clone();
    prop_oneof![
        10 => known,
        1 => Just(Value::null(ty.clone())),
        1 => Just(Value::unknown(ty)),
    ]
    .boxed()
}

fn known_value_of(ty: &Type) -> BoxedStrategy<Value> {
    match ty {
        Type::Bool => any::<bool>().prop_map(Value::bool).boxed(),
        Type::Number => number().prop_map(Value::number).boxed(),
        Type::String => string().prop_map(Value::string).boxed(),
        Type::Dynamic => {
            prop_oneof![Just(Value::dynamic()), Just(Value::null(Type::Dynamic))].boxed()
        }
        Type::List(e) => {
            let e = (**e).clone();
            prop::collection::vec(value_of(&e), 0..4)
                .prop_filter_map("list", move |v| Value::list_of(e.clone(), v).ok())
                .boxed()
        }
        Type::Set(e) => {
            let e = (**e).clone();
            prop::collection::vec(value_of(&e), 0..4)
                .prop_filter_map("set", move |v| Value::set_of(e.clone(), v).ok())
                .boxed()
        }
        Type::Map(e) => {
            let e = (**e).clone();
            prop::collection::btree_map(attr_name(), value_of(&e), 0..4)
                .prop_filter_map("map", move |m| Value::map_of(e.clone(), m).ok())
                .boxed()
        }
        Type::Object(o) => {
            let names: Vec<String> = o.attributes().keys().cloned().collect();
            let values: Vec<BoxedStrategy<Value>> = o.attributes().values().map(value_of).collect();
            values
                .prop_map(move |vs| Value::object(names.clone().into_iter().zip(vs)))
                .boxed()
        }
        Type::Tuple(t) => {
            let values: Vec<BoxedStrategy<Value>> = t.elements().iter().map(value_of).collect();
            values.prop_map(Value::tuple).boxed()
        }
        Type::Capsule(_) => Just(Value::null(ty.clone())).boxed(),
    }
}

/// A value and a type related to the value's type.
fn value_and_target() -> impl Strategy<Value = (Value, Type)> {
    any_type().prop_flat_map(|t| (value_of(&t), related(&t)))
}

/// A few types related to one another (and their order shuffled).
fn type_family() -> impl Strategy<Value = (Vec<Type>, Vec<Type>)> {
    any_type()
        .prop_flat_map(|t| prop::collection::vec(related(&t), 1..5))
        .prop_flat_map(|types| (Just(types.clone()), Just(types).prop_shuffle()))
}

// ------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn conversion_to_own_type_is_identity(v in any_type().prop_flat_map(|t| value_of(&t))) {
        prop_assert_eq!(convert::convert(&v, v.ty()), Ok(v.clone()));
        prop_assert_eq!(convert::conversion_safety(v.ty(), v.ty()), Some(Safety::Safe));
        let c = convert::get_conversion(v.ty(), v.ty());
        prop_assert!(c.as_ref().is_some_and(|c| c.is_identity()));
        prop_assert_eq!(convert::convert(&v, &Type::Dynamic), Ok(v.clone()));
    }

    #[test]
    fn safe_conversion_is_lossless((v, to) in value_and_target()) {
        if convert::conversion_safety(v.ty(), &to) == Some(Safety::Safe) && v.is_wholly_known() {
            let converted = convert::convert(&v, &to);
            prop_assert!(converted.is_ok(), "{:?} → {}: {:?}", v, to, converted);
            if let Ok(c) = converted
                && convert::conversion_safety(c.ty(), v.ty()).is_some() {
                    let back = convert::convert(&c, v.ty());
                    prop_assert_eq!(back, Ok(v.clone()), "{:?} → {} → {:?}", v, to, c);
                }
        }
    }

    #[test]
    fn safety_agrees_with_convert((v, to) in value_and_target()) {
        let result = convert::convert(&v, &to);
        match convert::conversion_safety(v.ty(), &to) {
            Some(Safety::Safe) => prop_assert!(result.is_ok(), "{:?} → {}: {:?}", v, to, result),
            Some(Safety::Unsafe) => {
                if v.is_null() || !v.is_known() {
                    prop_assert!(result.is_ok());
                }
            }
            None => prop_assert_eq!(result.is_ok(), v.is_null(), "{:?} → {}: {:?}", v, to, result),
        }
        if let Ok(r) = &result {
            prop_assert!(r.ty().matches(&to), "{:?} → {} gave type {}", v, to, r.ty());
            if let Some(c) = convert::get_conversion(v.ty(), &to) {
                prop_assert_eq!(r.ty(), c.result_type());
                prop_assert_eq!(c.apply(&v), Ok(r.clone()));
            }
        }
    }

    #[test]
    fn unified_type_accepts_every_input((types, shuffled) in type_family()) {
        let u = convert::unify(&types);
        if let Some(u) = &u {
            prop_assert_eq!(u.conversions.len(), types.len());
            for (t, c) in types.iter().zip(&u.conversions) {
                match c {
                    None => prop_assert_eq!(t, &u.ty),
                    Some(c) => {
                        prop_assert_eq!(c.from(), t);
                        prop_assert_eq!(c.to(), &u.ty);
                        prop_assert_eq!(c.result_type(), &u.ty);
                        prop_assert!(convert::conversion_safety(t, &u.ty).is_some());
                    }
                }
            }
        }
        let again = convert::unify(&shuffled);
        prop_assert_eq!(u.map(|u| u.ty), again.map(|u| u.ty), "order matters: {:?} vs {:?}", types, shuffled);
    }

    #[test]
    fn unified_conversions_apply_to_values(
        (types, values) in type_family().prop_flat_map(|(types, _)| {
            let values: Vec<BoxedStrategy<Value>> = types.iter().map(value_of).collect();
            (Just(types), values)
        })
    ) {
        if let Some(u) = convert::unify(&types) {
            for (v, c) in values.iter().zip(&u.conversions) {
                let Some(c) = c else { continue };
                let r = c.apply(v);
                if c.safety() == Safety::Safe {
                    prop_assert!(r.is_ok(), "{:?} → {}: {:?}", v, u.ty, r);
                }
                if let Ok(r) = r {
                    prop_assert_eq!(r.ty(), &u.ty);
                }
            }
        }
    }
}
