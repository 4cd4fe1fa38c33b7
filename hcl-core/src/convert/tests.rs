//! Tests of conversion and unification, in the order of the spec's
//! "Type Conversions and Unification" section: each rule has a test named
//! after it. Tests named `deviation_...` show where the spec is followed
//! over the Go implementation (listed in `docs/deviations.md`).

use super::*;
use crate::number::Number;
use crate::ty::CapsuleType;

// ---------------------------------------------------------------- helpers

fn s(text: &str) -> Value {
    Value::string(text)
}

fn n(i: i64) -> Value {
    Value::number(i)
}

fn b(v: bool) -> Value {
    Value::bool(v)
}

fn list_of(element: Type, elements: impl IntoIterator<Item = Value>) -> Value {
    match Value::list_of(element, elements) {
        Ok(v) => v,
        Err(e) => panic!("bad test list: {e}"),
    }
}

fn set_of(element: Type, elements: impl IntoIterator<Item = Value>) -> Value {
    match Value::set_of(element, elements) {
        Ok(v) => v,
        Err(e) => panic!("bad test set: {e}"),
    }
}

fn map_of<'a>(element: Type, elements: impl IntoIterator<Item = (&'a str, Value)>) -> Value {
    match Value::map_of(element, elements) {
        Ok(v) => v,
        Err(e) => panic!("bad test map: {e}"),
    }
}

fn obj<'a>(attributes: impl IntoIterator<Item = (&'a str, Value)>) -> Value {
    Value::object(attributes)
}

fn ok(value: &Value, to: &Type) -> Value {
    match convert(value, to) {
        Ok(v) => v,
        Err(e) => panic!("converting {value:?} to {to}: unexpected error {e}"),
    }
}

fn fails(value: &Value, to: &Type) -> ConversionError {
    match convert(value, to) {
        Ok(v) => panic!("converting {value:?} to {to}: unexpected success {v:?}"),
        Err(e) => e,
    }
}

fn safety(from: &Type, to: &Type) -> Option<Safety> {
    conversion_safety(from, to)
}

fn unified(types: &[Type]) -> Type {
    match unify(types) {
        Some(u) => u.ty,
        None => panic!("{types:?} do not unify"),
    }
}

fn obj_ty<'a>(attributes: impl IntoIterator<Item = (&'a str, Type)>) -> Type {
    Type::object(attributes)
}

use Safety::{Safe, Unsafe};

// ------------------------------------------------ Type Conversions (intro)

#[test]
fn a_type_converts_to_itself_as_a_no_op() {
    let types = [
        Type::String,
        Type::list(Type::Number),
        obj_ty([("a", Type::set(Type::Bool))]),
        Type::tuple([Type::String, Type::Dynamic]),
        Type::Dynamic,
    ];
    for ty in &types {
        assert_eq!(safety(ty, ty), Some(Safe), "{ty}");
        let c = get_conversion(ty, ty).unwrap_or_else(|| panic!("{ty}"));
        assert!(c.is_identity());
    }
    let v = obj([("a", set_of(Type::Bool, [b(true)]))]);
    assert_eq!(ok(&v, v.ty()), v);
    let unknown = Value::unknown(Type::list(Type::String));
    assert_eq!(ok(&unknown, unknown.ty()), unknown);
}

#[test]
fn safe_conversions_keep_values_distinct_and_unsafe_ones_may_fail() {
    // Safe: never fails. Unsafe: may fail (string → bool) or merge
    // distinct values (list → set).
    assert_eq!(safety(&Type::Bool, &Type::String), Some(Safe));
    assert_eq!(safety(&Type::String, &Type::Bool), Some(Unsafe));
    assert_eq!(
        fails(&s("maybe"), &Type::Bool).message(),
        "a bool is required"
    );
    assert_eq!(
        safety(&Type::list(Type::String), &Type::set(Type::String)),
        Some(Unsafe)
    );
    let merged = ok(
        &list_of(Type::String, [s("a"), s("a")]),
        &Type::set(Type::String),
    );
    assert_eq!(merged.len(), Some(1));
}

#[test]
fn no_conversion_reports_go_mismatch_message() {
    assert_eq!(safety(&Type::list(Type::String), &Type::String), None);
    assert!(get_conversion(&Type::list(Type::String), &Type::String).is_none());
    let err = fails(&list_of(Type::String, [s("x")]), &Type::String);
    assert!(err.path().is_root());
    assert_eq!(err.to_string(), "string required");
    let err = fails(&s("x"), &Type::map(Type::Dynamic));
    assert_eq!(err.message(), "map of any single type required");
}

// ------------------------------------------------ Conversion of Null Values

#[test]
fn conversion_of_null_values_to_any_type() {
    // With a conversion between the types...
    assert_eq!(
        ok(&Value::null(Type::Number), &Type::String),
        Value::null(Type::String)
    );
    assert_eq!(
        ok(
            &Value::null(Type::list(Type::String)),
            &Type::set(Type::Number)
        ),
        Value::null(Type::set(Type::Number))
    );
    // ... and without one.
    assert_eq!(
        ok(&Value::null(Type::Bool), &Type::list(Type::Number)),
        Value::null(Type::list(Type::Number))
    );
    assert_eq!(
        ok(
            &Value::null(Type::map(Type::Bool)),
            &Type::tuple([Type::Number])
        ),
        Value::null(Type::tuple([Type::Number]))
    );
    // A null part of a value converts with its container.
    let v = obj([("a", Value::null(Type::Number))]);
    assert_eq!(
        ok(&v, &obj_ty([("a", Type::String)])),
        obj([("a", Value::null(Type::String))])
    );
}

#[test]
fn null_conversion_result_has_no_optional_markers() {
    let spec = Type::object_with_optional([("a", Type::String)], ["a"]);
    assert_eq!(
        ok(&Value::null(Type::Bool), &spec),
        Value::null(obj_ty([("a", Type::String)]))
    );
    assert_eq!(
        ok(&Value::null(Type::map(Type::String)), &spec),
        Value::null(obj_ty([("a", Type::String)]))
    );
}

#[test]
fn deviation_null_converts_between_unrelated_types() {
    // Go: `number required`. The spec: all null values convert safely.
    assert_eq!(
        ok(&Value::null(Type::Bool), &Type::Number),
        Value::null(Type::Number)
    );
    assert_eq!(
        ok(
            &Value::null(Type::tuple([Type::String])),
            &Type::map(Type::Bool)
        ),
        Value::null(Type::map(Type::Bool))
    );
    // The same conversion of a non-null value still has no rule.
    assert_eq!(fails(&b(true), &Type::Number).message(), "number required");
}

// ------------------------------ Conversion to and from the Dynamic Pseudo-type

#[test]
fn conversion_from_dynamic_pseudo_type_gives_unknown_of_target() {
    for to in [
        Type::String,
        Type::list(Type::Number),
        obj_ty([("a", Type::Bool)]),
    ] {
        assert_eq!(ok(&Value::dynamic(), &to), Value::unknown(to.clone()));
        assert_eq!(safety(&Type::Dynamic, &to), Some(Unsafe), "{to}");
    }
    // A null of the dynamic pseudo-type becomes the target's null.
    assert_eq!(
        ok(&Value::null(Type::Dynamic), &Type::Bool),
        Value::null(Type::Bool)
    );
    // Also in parts of a value.
    let v = Value::tuple([Value::dynamic(), s("x")]);
    assert_eq!(
        ok(&v, &Type::list(Type::String)),
        list_of(Type::String, [Value::unknown(Type::String), s("x")])
    );
}

#[test]
fn conversion_from_dynamic_is_unsafe_as_in_go() {
    // Go's GetConversion (safe only) has no conversion from dynamic: the
    // value it stands for may not convert.
    assert_eq!(safety(&Type::Dynamic, &Type::String), Some(Unsafe));
    assert_eq!(
        safety(&Type::list(Type::Dynamic), &Type::list(Type::String)),
        Some(Unsafe)
    );
}

#[test]
fn conversion_to_dynamic_pseudo_type_is_verbatim() {
    for v in [
        s("x"),
        Value::null(Type::Number),
        Value::unknown(Type::list(Type::Bool)),
        obj([("a", Value::tuple([b(true)]))]),
        Value::dynamic(),
    ] {
        assert_eq!(ok(&v, &Type::Dynamic), v);
        assert_eq!(ok(&v, &Type::Dynamic).ty(), v.ty());
    }
    assert_eq!(safety(&Type::Number, &Type::Dynamic), Some(Safe));
}

#[test]
fn collection_of_dynamic_target_keeps_source_element_type() {
    // Go: a list(dynamic) target for a list(string) value is a no-op.
    let v = list_of(Type::String, [s("a")]);
    assert_eq!(ok(&v, &Type::list(Type::Dynamic)), v);
    assert!(get_conversion(v.ty(), &Type::list(Type::Dynamic)).is_some_and(|c| c.is_identity()));
    // set(string) → list(dynamic) is list(string).
    let set = set_of(Type::String, [s("b"), s("a")]);
    assert_eq!(
        ok(&set, &Type::list(Type::Dynamic)),
        list_of(Type::String, [s("a"), s("b")])
    );
    // An object attribute of dynamic type in the target keeps the source's.
    let v = obj([("a", n(1)), ("b", s("x"))]);
    let to = obj_ty([("a", Type::Dynamic), ("b", Type::String)]);
    assert_eq!(ok(&v, &to), v);
}

// ------------------------------------------------ Primitive Type Conversions

#[test]
fn bool_to_string_is_safe() {
    assert_eq!(safety(&Type::Bool, &Type::String), Some(Safe));
    assert_eq!(ok(&b(true), &Type::String), s("true"));
    assert_eq!(ok(&b(false), &Type::String), s("false"));
}

#[test]
fn string_to_bool_is_unsafe_and_accepts_only_four_strings() {
    assert_eq!(safety(&Type::String, &Type::Bool), Some(Unsafe));
    assert_eq!(ok(&s("true"), &Type::Bool), b(true));
    assert_eq!(ok(&s("1"), &Type::Bool), b(true));
    assert_eq!(ok(&s("false"), &Type::Bool), b(false));
    assert_eq!(ok(&s("0"), &Type::Bool), b(false));
    for bad in ["yes", "", " true", "2", "t"] {
        assert_eq!(
            fails(&s(bad), &Type::Bool).message(),
            "a bool is required",
            "{bad:?}"
        );
    }
    // Go's hint for the wrong case.
    assert_eq!(
        fails(&s("True"), &Type::Bool).message(),
        "a bool is required; to convert from string, use lowercase \"true\""
    );
    assert_eq!(
        fails(&s("FALSE"), &Type::Bool).message(),
        "a bool is required; to convert from string, use lowercase \"false\""
    );
}

#[test]
fn number_to_string_is_safe_without_exponent() {
    assert_eq!(safety(&Type::Number, &Type::String), Some(Safe));
    assert_eq!(ok(&n(42), &Type::String), s("42"));
    assert_eq!(ok(&n(-7), &Type::String), s("-7"));
    let big = match Number::parse_decimal("100000000000000000000000000000") {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(
        ok(&Value::number(big), &Type::String),
        s("100000000000000000000000000000")
    );
    let half = match Number::parse_decimal("0.000001") {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(ok(&Value::number(half), &Type::String), s("0.000001"));
}

#[test]
fn string_to_number_is_unsafe_by_reversing_the_mapping() {
    assert_eq!(safety(&Type::String, &Type::Number), Some(Unsafe));
    assert_eq!(ok(&s("42"), &Type::Number), n(42));
    assert_eq!(ok(&s("-7"), &Type::Number), n(-7));
    let frac = ok(&s("2.5"), &Type::Number);
    assert_eq!(ok(&frac, &Type::String), s("2.5"));
    for bad in ["", "abc", "1.2.3", "0x10", " 1"] {
        assert_eq!(
            fails(&s(bad), &Type::Number).message(),
            "a number is required",
            "{bad:?}"
        );
    }
}

#[test]
fn deviation_string_to_number_rejects_exponent() {
    // Go: "1e5" converts to 100000. The spec: no exponent portion.
    assert_eq!(
        fails(&s("1e5"), &Type::Number).message(),
        "a number is required"
    );
    assert_eq!(
        fails(&s("2.5E-3"), &Type::Number).message(),
        "a number is required"
    );
}

#[test]
fn no_direct_conversion_between_bool_and_number() {
    assert_eq!(safety(&Type::Bool, &Type::Number), None);
    assert_eq!(safety(&Type::Number, &Type::Bool), None);
    assert_eq!(fails(&b(true), &Type::Number).message(), "number required");
    assert_eq!(fails(&n(1), &Type::Bool).message(), "bool required");
}

// ------------------------------- Collection and Structural Type Conversions

#[test]
fn set_to_list_is_safe_when_elements_safe() {
    assert_eq!(
        safety(&Type::set(Type::String), &Type::list(Type::String)),
        Some(Safe)
    );
    assert_eq!(
        safety(&Type::set(Type::Bool), &Type::list(Type::String)),
        Some(Safe)
    );
    let set = set_of(Type::Bool, [b(true), b(false)]);
    assert_eq!(
        ok(&set, &Type::list(Type::String)),
        list_of(Type::String, [s("false"), s("true")])
    );
}

#[test]
fn set_to_list_is_unsafe_when_elements_unsafe() {
    assert_eq!(
        safety(&Type::set(Type::String), &Type::list(Type::Bool)),
        Some(Unsafe)
    );
    assert_eq!(
        safety(&Type::set(Type::Bool), &Type::list(Type::Number)),
        None
    );
    let set = set_of(Type::String, [s("1"), s("no")]);
    let err = fails(&set, &Type::list(Type::Bool));
    assert_eq!(err.to_string(), "[1]: a bool is required");
}

#[test]
fn set_to_list_keeps_set_order() {
    let set = set_of(Type::String, [s("c"), s("a"), s("b")]);
    assert_eq!(
        ok(&set, &Type::list(Type::String)),
        list_of(Type::String, [s("a"), s("b"), s("c")])
    );
}

#[test]
fn set_with_unknown_elements_converts_to_unknown_list() {
    // As Go: the set's length is not known (unknowns may merge).
    let set = set_of(Type::String, [s("a"), Value::unknown(Type::String)]);
    assert_eq!(
        ok(&set, &Type::list(Type::String)),
        Value::unknown(Type::list(Type::String))
    );
    // One unknown element alone has a known length.
    let one = set_of(Type::String, [Value::unknown(Type::String)]);
    assert_eq!(
        ok(&one, &Type::list(Type::String)),
        list_of(Type::String, [Value::unknown(Type::String)])
    );
}

#[test]
fn list_to_set_is_unsafe_and_merges_equal_elements() {
    assert_eq!(
        safety(&Type::list(Type::String), &Type::set(Type::String)),
        Some(Unsafe)
    );
    assert_eq!(
        safety(&Type::list(Type::Bool), &Type::set(Type::String)),
        Some(Unsafe)
    );
    assert_eq!(
        safety(&Type::list(Type::Bool), &Type::set(Type::Number)),
        None
    );
    let v = list_of(Type::Bool, [b(true), b(false), b(true)]);
    assert_eq!(
        ok(&v, &Type::set(Type::String)),
        set_of(Type::String, [s("false"), s("true")])
    );
}

#[test]
fn tuple_to_list_safety_is_worst_element() {
    let safe = Type::tuple([Type::String, Type::Bool]);
    let unsafe_ = Type::tuple([Type::String, Type::String]);
    assert_eq!(safety(&safe, &Type::list(Type::String)), Some(Safe));
    assert_eq!(safety(&unsafe_, &Type::list(Type::Bool)), Some(Unsafe));
    assert_eq!(safety(&safe, &Type::list(Type::Bool)), Some(Unsafe));
    assert_eq!(
        safety(
            &Type::tuple([Type::Bool, Type::Number]),
            &Type::list(Type::Bool)
        ),
        None
    );
    assert_eq!(
        safety(&Type::empty_tuple(), &Type::list(Type::Bool)),
        Some(Safe)
    );
}

#[test]
fn tuple_to_list_converts_each_element_in_turn() {
    let v = Value::tuple([
        s("a"),
        b(true),
        Value::null(Type::Bool),
        Value::unknown(Type::Bool),
    ]);
    assert_eq!(
        ok(&v, &Type::list(Type::String)),
        list_of(
            Type::String,
            [
                s("a"),
                s("true"),
                Value::null(Type::String),
                Value::unknown(Type::String)
            ]
        )
    );
    assert_eq!(
        ok(&Value::empty_tuple(), &Type::list(Type::Bool)),
        list_of(Type::Bool, [])
    );
    let err = fails(
        &Value::tuple([s("true"), s("0"), s("x")]),
        &Type::list(Type::Bool),
    );
    assert_eq!(err.path(), &Path::root().index(Value::number(2)));
    assert_eq!(err.to_string(), "[2]: a bool is required");
    let err = fails(
        &Value::tuple([s("a"), Value::empty_object()]),
        &Type::list(Type::String),
    );
    assert_eq!(err.to_string(), "[1]: string required");
}

#[test]
fn tuple_to_list_of_dynamic_unifies_element_types() {
    let v = Value::tuple([s("a"), b(true)]);
    let c = get_conversion(v.ty(), &Type::list(Type::Dynamic)).unwrap_or_else(|| panic!());
    assert_eq!(c.result_type(), &Type::list(Type::String));
    assert_eq!(c.safety(), Safe);
    assert_eq!(c.apply(&v), Ok(list_of(Type::String, [s("a"), s("true")])));
    // Nested: list(list(dynamic)) from a tuple of lists.
    let v = Value::tuple([
        list_of(Type::String, [s("x")]),
        list_of(Type::Bool, [b(false)]),
    ]);
    assert_eq!(
        ok(&v, &Type::list(Type::list(Type::Dynamic))),
        list_of(
            Type::list(Type::String),
            [
                list_of(Type::String, [s("x")]),
                list_of(Type::String, [s("false")])
            ]
        )
    );
    // All dynamic: a list of dynamic.
    let v = Value::tuple([Value::dynamic(), Value::dynamic()]);
    assert_eq!(
        ok(&v, &Type::list(Type::Dynamic)).ty(),
        &Type::list(Type::Dynamic)
    );
    // Empty: a list of dynamic, as Go.
    assert_eq!(
        ok(&Value::empty_tuple(), &Type::list(Type::Dynamic)),
        list_of(Type::Dynamic, [])
    );
    // An unknown tuple gives an unknown of the list type it would give.
    let unknown = Value::unknown(Type::tuple([Type::Bool, Type::String]));
    assert_eq!(
        ok(&unknown, &Type::list(Type::Dynamic)),
        Value::unknown(Type::list(Type::String))
    );
}

#[test]
fn tuple_to_list_of_dynamic_fails_when_elements_do_not_unify() {
    let v = Value::tuple([b(true), list_of(Type::Number, [n(1)])]);
    assert_eq!(safety(v.ty(), &Type::list(Type::Dynamic)), None);
    assert_eq!(
        fails(&v, &Type::list(Type::Dynamic)).message(),
        "all list elements must have the same type"
    );
    assert_eq!(
        fails(&v, &Type::set(Type::Dynamic)).message(),
        "all set elements must have the same type"
    );
}

#[test]
fn tuple_to_set_behaves_as_tuple_to_list_then_set() {
    assert_eq!(
        safety(&Type::tuple([Type::String]), &Type::set(Type::String)),
        Some(Unsafe)
    );
    assert_eq!(
        safety(&Type::tuple([Type::Bool]), &Type::set(Type::Number)),
        None
    );
    let v = Value::tuple([s("true"), b(true), s("x")]);
    assert_eq!(
        ok(&v, &Type::set(Type::String)),
        set_of(Type::String, [s("true"), s("x")])
    );
    let v = Value::tuple([s("x"), b(false)]);
    assert_eq!(
        ok(&v, &Type::set(Type::Dynamic)),
        set_of(Type::String, [s("false"), s("x")])
    );
    assert_eq!(
        fails(&v, &Type::set(Type::Bool)).to_string(),
        "[0]: a bool is required"
    );
}

#[test]
fn object_to_map_converts_each_attribute() {
    let v = obj([("a", s("x")), ("b", b(true))]);
    assert_eq!(safety(v.ty(), &Type::map(Type::String)), Some(Safe));
    assert_eq!(safety(v.ty(), &Type::map(Type::Bool)), Some(Unsafe));
    assert_eq!(
        safety(
            &obj_ty([("a", Type::Number), ("b", Type::Bool)]),
            &Type::map(Type::Bool)
        ),
        None
    );
    assert_eq!(
        ok(&v, &Type::map(Type::String)),
        map_of(Type::String, [("a", s("x")), ("b", s("true"))])
    );
    // The map key is the attribute name; Go's path uses an index step.
    let err = fails(&v, &Type::map(Type::Bool));
    assert_eq!(err.path(), &Path::root().index(Value::string("a")));
    assert_eq!(err.to_string(), "[\"a\"]: a bool is required");
    assert_eq!(
        ok(&Value::empty_object(), &Type::map(Type::Bool)),
        map_of(Type::Bool, [])
    );
    let err = fails(
        &obj([("a", Value::empty_tuple())]),
        &Type::map(Type::String),
    );
    assert_eq!(err.to_string(), "[\"a\"]: string required");
}

#[test]
fn object_to_map_of_dynamic_unifies_attribute_types() {
    let v = obj([("a", s("x")), ("b", b(true))]);
    assert_eq!(
        ok(&v, &Type::map(Type::Dynamic)),
        map_of(Type::String, [("a", s("x")), ("b", s("true"))])
    );
    let v = obj([("a", b(true)), ("b", Value::empty_tuple())]);
    assert_eq!(
        fails(&v, &Type::map(Type::Dynamic)).message(),
        "all map elements must have the same type"
    );
    assert_eq!(
        ok(&Value::empty_object(), &Type::map(Type::Dynamic)),
        map_of(Type::Dynamic, [])
    );
}

#[test]
fn list_and_set_to_tuple_is_unsafe_and_length_must_match() {
    let to = Type::tuple([Type::String, Type::Bool]);
    assert_eq!(safety(&Type::list(Type::String), &to), Some(Unsafe));
    assert_eq!(safety(&Type::set(Type::String), &to), Some(Unsafe));
    assert_eq!(safety(&Type::list(Type::Bool), &to), Some(Unsafe));
    assert_eq!(
        safety(&Type::list(Type::Number), &Type::tuple([Type::Bool])),
        None
    );
    let v = list_of(Type::String, [s("a"), s("true")]);
    assert_eq!(ok(&v, &to), Value::tuple([s("a"), b(true)]));
    let err = fails(&list_of(Type::String, [s("a")]), &to);
    assert!(err.path().is_root());
    assert_eq!(err.message(), "incorrect list element count");
    let err = fails(&set_of(Type::String, [s("a"), s("b"), s("c")]), &to);
    assert_eq!(err.message(), "incorrect set element count");
    let err = fails(&list_of(Type::String, [s("a"), s("b")]), &to);
    assert_eq!(err.to_string(), "[1]: a bool is required");
    // A set's elements are taken in set order.
    let set = set_of(Type::String, [s("true"), s("a")]);
    assert_eq!(ok(&set, &to), Value::tuple([s("a"), b(true)]));
    // Unknown parts.
    assert_eq!(
        ok(&Value::unknown(Type::list(Type::String)), &to),
        Value::unknown(to.clone())
    );
    let err = fails(&list_of(Type::Number, [n(1)]), &Type::tuple([Type::Bool]));
    assert_eq!(err.to_string(), "[0]: bool required");
}

#[test]
fn deviation_list_and_set_convert_to_tuple() {
    // Go: `tuple required`. The spec: permitted, unsafe, lengths must match.
    let to = Type::tuple([Type::String]);
    assert_eq!(
        ok(&list_of(Type::String, [s("x")]), &to),
        Value::tuple([s("x")])
    );
    assert_eq!(
        ok(&set_of(Type::Bool, [b(true)]), &to),
        Value::tuple([s("true")])
    );
    assert_eq!(safety(&Type::list(Type::String), &to), Some(Unsafe));
}

#[test]
fn map_to_object_requires_keys_to_match_attributes() {
    let to = obj_ty([("a", Type::String), ("b", Type::Bool)]);
    assert_eq!(safety(&Type::map(Type::String), &to), Some(Unsafe));
    assert_eq!(safety(&Type::map(Type::Number), &to), None);
    let v = map_of(Type::String, [("a", s("x")), ("b", s("1"))]);
    assert_eq!(ok(&v, &to), obj([("a", s("x")), ("b", b(true))]));
    let err = fails(&map_of(Type::String, [("a", s("x"))]), &to);
    assert!(err.path().is_root());
    assert_eq!(
        err.message(),
        "map has no element for required attribute \"b\""
    );
    let err = fails(&map_of(Type::String, [("a", s("x")), ("b", s("no"))]), &to);
    assert_eq!(err.to_string(), "[\"b\"]: a bool is required");
    let err = fails(&map_of(Type::Number, [("a", n(1))]), &to);
    assert_eq!(
        err.message(),
        "map element type is incompatible with attribute \"b\": bool required"
    );
}

#[test]
fn deviation_map_to_object_rejects_extra_keys() {
    // Go drops keys that are not attributes. The spec: the key set must
    // match the attributes exactly.
    let to = obj_ty([("a", Type::String)]);
    let v = map_of(Type::String, [("a", s("x")), ("z", s("y"))]);
    let err = fails(&v, &to);
    assert!(err.path().is_root());
    assert_eq!(err.message(), "unsupported attribute \"z\"");
}

#[test]
fn map_to_object_optional_attributes_may_be_missing() {
    let to = Type::object_with_optional([("a", Type::String), ("b", Type::Bool)], ["b"]);
    let v = map_of(Type::String, [("a", s("x"))]);
    let got = ok(&v, &to);
    assert_eq!(got, obj([("a", s("x")), ("b", Value::null(Type::Bool))]));
    assert_eq!(got.ty(), &obj_ty([("a", Type::String), ("b", Type::Bool)]));
    // As Go: an optional attribute the map's element type cannot convert to
    // is an error only when the map has it.
    let to =
        Type::object_with_optional([("a", Type::Number), ("b", Type::list(Type::Bool))], ["b"]);
    assert_eq!(safety(&Type::map(Type::Number), &to), Some(Unsafe));
    assert_eq!(
        ok(&map_of(Type::Number, [("a", n(1))]), &to),
        obj([("a", n(1)), ("b", Value::null(Type::list(Type::Bool)))])
    );
    let err = fails(&map_of(Type::Number, [("a", n(1)), ("b", n(2))]), &to);
    assert_eq!(
        err.message(),
        "map element type is incompatible with attribute \"b\": list of bool required"
    );
}

#[test]
fn object_to_object_converts_common_attributes() {
    let from = obj_ty([("a", Type::Bool), ("b", Type::String)]);
    let to = obj_ty([("a", Type::String), ("b", Type::String)]);
    assert_eq!(safety(&from, &to), Some(Safe));
    let v = obj([("a", b(true)), ("b", s("x"))]);
    assert_eq!(ok(&v, &to), obj([("a", s("true")), ("b", s("x"))]));
    let to = obj_ty([("a", Type::String), ("b", Type::Bool)]);
    assert_eq!(safety(&from, &to), Some(Unsafe));
    assert_eq!(fails(&v, &to).to_string(), ".b: a bool is required");
    let to = obj_ty([("a", Type::Number)]);
    assert_eq!(safety(&from, &to), None);
    let err = fails(&v, &to);
    assert_eq!(err.to_string(), ".a: number required");
    assert_eq!(err.message(), "number required");
}

#[test]
fn object_to_object_missing_attributes_become_null() {
    let from = obj_ty([("a", Type::String)]);
    let to = obj_ty([("a", Type::String), ("b", Type::list(Type::Number))]);
    assert_eq!(safety(&from, &to), Some(Safe));
    assert_eq!(
        ok(&obj([("a", s("x"))]), &to),
        obj([("a", s("x")), ("b", Value::null(Type::list(Type::Number)))])
    );
}

#[test]
fn deviation_object_to_object_missing_attributes_become_null() {
    // Go: `attribute "b" is required` unless b is optional.
    let to = obj_ty([("a", Type::String), ("b", Type::Number)]);
    let got = ok(&obj([("a", s("x"))]), &to);
    assert_eq!(got.get("b"), Some(&Value::null(Type::Number)));
    assert_eq!(got.ty(), &to);
}

#[test]
fn object_to_object_drops_attributes_not_in_target() {
    let v = obj([("a", s("x")), ("extra", b(true))]);
    let to = obj_ty([("a", Type::String)]);
    assert_eq!(ok(&v, &to), obj([("a", s("x"))]));
    assert_eq!(safety(v.ty(), &to), Some(Unsafe));
    assert_eq!(ok(&v, &Type::empty_object()), Value::empty_object());
}

#[test]
fn deviation_object_to_object_dropping_attributes_is_unsafe() {
    // Go's safe GetConversion allows it: object → object is "safe" there
    // whatever is dropped. The spec's definition: information is lost.
    let from = obj_ty([("a", Type::String), ("b", Type::String)]);
    assert_eq!(safety(&from, &obj_ty([("a", Type::String)])), Some(Unsafe));
}

#[test]
fn object_conversion_fills_missing_optional_attributes_and_drops_markers() {
    let to = Type::object_with_optional([("a", Type::String), ("b", Type::Number)], ["b"]);
    let got = ok(&obj([("a", s("x"))]), &to);
    assert_eq!(got, obj([("a", s("x")), ("b", Value::null(Type::Number))]));
    assert_eq!(
        got.ty(),
        &obj_ty([("a", Type::String), ("b", Type::Number)])
    );
    // Already conforming: unchanged, and no markers.
    let v = obj([("a", s("x")), ("b", n(1))]);
    assert_eq!(ok(&v, &to), v);
    // Nested in a collection, every element has the same (unmarked) type.
    let spec = Type::list(to.clone());
    let t = Value::tuple([obj([("a", s("x"))]), obj([("a", s("y")), ("b", n(2))])]);
    let got = ok(&t, &spec);
    assert_eq!(
        got.ty(),
        &Type::list(obj_ty([("a", Type::String), ("b", Type::Number)]))
    );
    // An unknown value of the spec has no markers either.
    assert_eq!(
        ok(&Value::dynamic(), &to).ty(),
        &obj_ty([("a", Type::String), ("b", Type::Number)])
    );
}

#[test]
fn tuple_to_tuple_same_length_elementwise() {
    let from = Type::tuple([Type::Bool, Type::String]);
    assert_eq!(
        safety(&from, &Type::tuple([Type::String, Type::String])),
        Some(Safe)
    );
    assert_eq!(
        safety(&from, &Type::tuple([Type::String, Type::Bool])),
        Some(Unsafe)
    );
    assert_eq!(safety(&from, &Type::tuple([Type::String])), None);
    assert_eq!(
        safety(&from, &Type::tuple([Type::Number, Type::String])),
        None
    );
    let v = Value::tuple([b(true), s("0")]);
    assert_eq!(
        ok(&v, &Type::tuple([Type::String, Type::Bool])),
        Value::tuple([s("true"), b(false)])
    );
    assert_eq!(
        fails(&v, &Type::tuple([Type::String])).message(),
        "tuple required"
    );
    let err = fails(
        &Value::tuple([b(true), s("x")]),
        &Type::tuple([Type::String, Type::Bool]),
    );
    assert_eq!(err.to_string(), "[1]: a bool is required");
}

#[test]
fn list_to_list_set_to_set_and_map_to_map_elementwise() {
    assert_eq!(
        safety(&Type::list(Type::Bool), &Type::list(Type::String)),
        Some(Safe)
    );
    assert_eq!(
        safety(&Type::set(Type::String), &Type::set(Type::Bool)),
        Some(Unsafe)
    );
    assert_eq!(
        safety(&Type::map(Type::Bool), &Type::map(Type::Number)),
        None
    );
    assert_eq!(
        ok(&list_of(Type::Bool, [b(true)]), &Type::list(Type::String)),
        list_of(Type::String, [s("true")])
    );
    assert_eq!(
        ok(
            &set_of(Type::String, [s("1"), s("true")]),
            &Type::set(Type::Bool)
        ),
        set_of(Type::Bool, [b(true)])
    );
    assert_eq!(
        ok(
            &map_of(Type::Bool, [("k", b(false))]),
            &Type::map(Type::String)
        ),
        map_of(Type::String, [("k", s("false"))])
    );
    let err = fails(
        &map_of(Type::String, [("k", s("x"))]),
        &Type::map(Type::Bool),
    );
    assert_eq!(err.to_string(), "[\"k\"]: a bool is required");
    // An empty collection still needs an element conversion (as Go).
    let err = fails(&list_of(Type::Bool, []), &Type::list(Type::Number));
    assert_eq!(
        err.message(),
        "incorrect list element type: number required"
    );
    let err = fails(&map_of(Type::Bool, []), &Type::map(Type::Number));
    assert_eq!(err.message(), "incorrect map element type: number required");
    assert_eq!(
        fails(&list_of(Type::Bool, []), &Type::map(Type::Bool)).message(),
        "map of bool required"
    );
}

#[test]
fn unknown_values_convert_to_unknown_values_of_target() {
    assert_eq!(
        ok(&Value::unknown(Type::Bool), &Type::String),
        Value::unknown(Type::String)
    );
    assert_eq!(
        ok(
            &Value::unknown(Type::list(Type::String)),
            &Type::set(Type::Bool)
        ),
        Value::unknown(Type::set(Type::Bool))
    );
    assert_eq!(
        ok(
            &Value::unknown(Type::map(Type::String)),
            &obj_ty([("a", Type::Bool)])
        ),
        Value::unknown(obj_ty([("a", Type::Bool)]))
    );
    // Unknown of an unrelated type: no rule.
    assert_eq!(
        fails(&Value::unknown(Type::Bool), &Type::Number).message(),
        "number required"
    );
}

#[test]
fn unknown_elements_convert_to_unknown_elements() {
    let v = list_of(Type::Bool, [b(true), Value::unknown(Type::Bool)]);
    assert_eq!(
        ok(&v, &Type::list(Type::String)),
        list_of(Type::String, [s("true"), Value::unknown(Type::String)])
    );
    let v = obj([("a", Value::unknown(Type::String)), ("b", s("1"))]);
    assert_eq!(
        ok(&v, &Type::map(Type::Bool)),
        map_of(
            Type::Bool,
            [("a", Value::unknown(Type::Bool)), ("b", b(true))]
        )
    );
}

#[test]
fn error_path_points_at_offending_element() {
    let v = obj([("foo", Value::tuple([s("1"), s("0"), s("x")]))]);
    let err = fails(&v, &obj_ty([("foo", Type::list(Type::Bool))]));
    assert_eq!(
        err.path(),
        &Path::root().attr("foo").index(Value::number(2))
    );
    assert_eq!(err.message(), "a bool is required");
    assert_eq!(err.to_string(), ".foo[2]: a bool is required");
    let v = list_of(
        Type::map(Type::String),
        [
            map_of(Type::String, [("k", s("true"))]),
            map_of(Type::String, [("k", s("?"))]),
        ],
    );
    let err = fails(&v, &Type::list(obj_ty([("k", Type::Bool)])));
    assert_eq!(err.to_string(), "[1][\"k\"]: a bool is required");
}

#[test]
fn error_at_root_displays_message_only() {
    let err = fails(&s("x"), &Type::Bool);
    assert!(err.path().is_root());
    assert_eq!(err.to_string(), "a bool is required");
    let boxed: Box<dyn std::error::Error> = Box::new(err);
    assert_eq!(boxed.to_string(), "a bool is required");
}

#[test]
fn capsule_types_convert_only_to_themselves() {
    let bytes = CapsuleType::new::<Vec<u8>>("bytes");
    let ty = Type::Capsule(bytes.clone());
    let v = Value::capsule(&bytes, vec![1u8, 2]);
    assert_eq!(safety(&ty, &ty), Some(Safe));
    assert_eq!(ok(&v, &ty), v);
    assert_eq!(safety(&ty, &Type::String), None);
    assert_eq!(safety(&Type::String, &ty), None);
    let other = Type::Capsule(CapsuleType::new::<Vec<u8>>("bytes"));
    assert_eq!(safety(&ty, &other), None);
    assert_eq!(fails(&v, &Type::String).message(), "string required");
    assert_eq!(ok(&Value::dynamic(), &ty), Value::unknown(ty.clone()));
}

#[test]
fn conversion_is_reusable_and_reports_its_types() {
    let c = get_conversion(&Type::list(Type::Bool), &Type::list(Type::String))
        .unwrap_or_else(|| panic!("exists"));
    assert_eq!(c.from(), &Type::list(Type::Bool));
    assert_eq!(c.to(), &Type::list(Type::String));
    assert_eq!(c.safety(), Safe);
    assert!(!c.is_identity());
    for v in [
        list_of(Type::Bool, [b(true)]),
        list_of(Type::Bool, []),
        Value::null(Type::list(Type::Bool)),
    ] {
        assert_eq!(c.apply(&v), convert(&v, c.to()));
    }
    // A value of another type converts as by `convert`.
    assert_eq!(
        c.apply(&Value::dynamic()),
        Ok(Value::unknown(Type::list(Type::String)))
    );
    assert_eq!(
        c.apply(&Value::null(Type::Number)),
        Ok(Value::null(Type::list(Type::String)))
    );
    assert!(c.apply(&s("x")).is_err());
    assert!(format!("{c:?}").contains("Safe"));
}

// ------------------------------------------------------------ Type Unification

#[test]
fn unify_number_and_bool_with_string_prefers_string() {
    assert_eq!(unified(&[Type::Number, Type::String]), Type::String);
    assert_eq!(unified(&[Type::String, Type::Bool]), Type::String);
    let u = unify(&[Type::Bool, Type::String, Type::Number]).unwrap_or_else(|| panic!());
    assert_eq!(u.ty, Type::String);
    let convs: Vec<Option<Safety>> = u
        .conversions
        .iter()
        .map(|c| c.as_ref().map(Conversion::safety))
        .collect();
    assert_eq!(convs, [Some(Safe), None, Some(Safe)]);
}

#[test]
fn deviation_unify_number_and_bool_as_string() {
    // The rules "apply transitively": number and bool each unify with
    // string, so they meet at string even when string is not an input. Go
    // (`Unify` and `UnifyUnsafe`) finds no type for them
    // (`go_mode_unify_number_and_bool_fails`).
    let u = unify(&[Type::Number, Type::Bool]).unwrap_or_else(|| panic!());
    assert_eq!(u.ty, Type::String);
    let convs: Vec<Option<Safety>> = u
        .conversions
        .iter()
        .map(|c| c.as_ref().map(Conversion::safety))
        .collect();
    assert_eq!(convs, [Some(Safe), Some(Safe)]);
    let to_string = |v: &Value, i: usize| {
        u.conversions[i]
            .as_ref()
            .unwrap_or_else(|| panic!())
            .apply(v)
    };
    assert_eq!(to_string(&n(1), 0), Ok(s("1")));
    assert_eq!(to_string(&b(false), 1), Ok(s("false")));
    // Inside collections and structural types alike.
    assert_eq!(
        unified(&[Type::list(Type::Number), Type::list(Type::Bool)]),
        Type::list(Type::String)
    );
    assert_eq!(
        unified(&[Type::tuple([Type::Bool]), Type::tuple([Type::Number])]),
        Type::tuple([Type::String])
    );
    assert_eq!(
        unified(&[obj_ty([("a", Type::Bool)]), obj_ty([("a", Type::Number)])]),
        obj_ty([("a", Type::String)])
    );
    // A tuple of numbers and bools converts to a list of any single type.
    assert_eq!(
        ok(&Value::tuple([n(1), b(true)]), &Type::list(Type::Dynamic)),
        list_of(Type::String, [s("1"), s("true")])
    );
    // With string among the inputs nothing changes.
    assert_eq!(
        unified(&[
            Type::list(Type::Number),
            Type::list(Type::Bool),
            Type::list(Type::String)
        ]),
        Type::list(Type::String)
    );
}

#[test]
fn unify_identical_types_is_that_type() {
    let t = obj_ty([("a", Type::list(Type::String))]);
    let u = unify(&[t.clone(), t.clone()]).unwrap_or_else(|| panic!());
    assert_eq!(u.ty, t);
    assert!(u.conversions.iter().all(Option::is_none));
    assert_eq!(unified(&[Type::Number]), Type::Number);
}

#[test]
fn unify_collections_of_same_kind_by_element_types() {
    assert_eq!(
        unified(&[Type::list(Type::Number), Type::list(Type::String)]),
        Type::list(Type::String)
    );
    assert_eq!(
        unified(&[Type::set(Type::Bool), Type::set(Type::String)]),
        Type::set(Type::String)
    );
    assert_eq!(
        unified(&[Type::map(Type::Bool), Type::map(Type::String)]),
        Type::map(Type::String)
    );
    assert!(unify(&[Type::map(Type::Bool), Type::map(Type::list(Type::Bool))]).is_none());
}

#[test]
fn unify_list_and_set_prefers_list() {
    let u = unify(&[Type::set(Type::String), Type::list(Type::String)]).unwrap_or_else(|| panic!());
    assert_eq!(u.ty, Type::list(Type::String));
    assert_eq!(
        u.conversions[0].as_ref().map(Conversion::safety),
        Some(Safe)
    );
    assert!(u.conversions[1].is_none());
    assert_eq!(
        unified(&[Type::set(Type::Number), Type::list(Type::String)]),
        Type::list(Type::String)
    );
}

#[test]
fn unify_map_and_object_prefers_object() {
    let object = obj_ty([("a", Type::String), ("b", Type::Bool)]);
    let u = unify(&[Type::map(Type::String), object.clone()]).unwrap_or_else(|| panic!());
    assert_eq!(u.ty, obj_ty([("a", Type::String), ("b", Type::String)]));
    assert_eq!(
        u.conversions[0].as_ref().map(Conversion::safety),
        Some(Unsafe)
    );
    assert_eq!(
        u.conversions[1].as_ref().map(Conversion::safety),
        Some(Safe)
    );
    // The map converts if its keys are the attributes.
    let map = map_of(Type::String, [("a", s("x")), ("b", s("y"))]);
    let Some(c) = &u.conversions[0] else { panic!() };
    assert_eq!(c.apply(&map), Ok(obj([("a", s("x")), ("b", s("y"))])));
}

#[test]
fn deviation_unify_map_and_object_prefers_object() {
    // Go: map(string).
    assert_eq!(
        unified(&[Type::map(Type::String), obj_ty([("a", Type::String)])]),
        obj_ty([("a", Type::String)])
    );
    assert_eq!(
        unified(&[Type::map(Type::String), Type::empty_object()]),
        Type::empty_object()
    );
}

#[test]
fn unify_list_set_and_tuple_prefers_tuple() {
    let tuple = Type::tuple([Type::String, Type::Bool]);
    let u = unify(&[Type::list(Type::String), tuple.clone()]).unwrap_or_else(|| panic!());
    assert_eq!(u.ty, Type::tuple([Type::String, Type::String]));
    assert_eq!(
        u.conversions[0].as_ref().map(Conversion::safety),
        Some(Unsafe)
    );
    assert_eq!(
        u.conversions[1].as_ref().map(Conversion::safety),
        Some(Safe)
    );
    assert_eq!(
        unified(&[Type::set(Type::String), Type::tuple([Type::Number])]),
        Type::tuple([Type::String])
    );
    assert_eq!(
        unified(&[
            Type::set(Type::Bool),
            Type::list(Type::Bool),
            Type::tuple([Type::Bool])
        ]),
        Type::tuple([Type::Bool])
    );
}

#[test]
fn deviation_unify_list_set_and_tuple_prefers_tuple() {
    // Go: list(string) and set(string).
    assert_eq!(
        unified(&[Type::list(Type::String), Type::tuple([Type::String])]),
        Type::tuple([Type::String])
    );
    assert_eq!(
        unified(&[Type::set(Type::String), Type::tuple([Type::String])]),
        Type::tuple([Type::String])
    );
}

#[test]
fn unify_tuples_of_different_lengths_as_list() {
    // The spec is silent; as Go.
    assert_eq!(
        unified(&[
            Type::tuple([Type::String]),
            Type::tuple([Type::String, Type::Number])
        ]),
        Type::list(Type::String)
    );
    assert_eq!(
        unified(&[Type::tuple([Type::String]), Type::empty_tuple()]),
        Type::list(Type::String)
    );
    assert_eq!(
        unified(&[
            Type::list(Type::Bool),
            Type::tuple([Type::Bool]),
            Type::tuple([Type::Bool, Type::Bool])
        ]),
        Type::list(Type::Bool)
    );
    assert!(
        unify(&[
            Type::tuple([Type::Bool]),
            Type::tuple([Type::list(Type::Bool), Type::list(Type::Bool)])
        ])
        .is_none()
    );
}

#[test]
fn unify_dynamic_selects_other_type() {
    let u = unify(&[Type::Dynamic, Type::String]).unwrap_or_else(|| panic!());
    assert_eq!(u.ty, Type::String);
    assert_eq!(
        u.conversions[0].as_ref().map(Conversion::safety),
        Some(Unsafe)
    );
    assert!(u.conversions[1].is_none());
    assert_eq!(
        unified(&[Type::list(Type::Dynamic), Type::list(Type::String)]),
        Type::list(Type::String)
    );
    assert_eq!(
        unified(&[Type::Dynamic, Type::Number, Type::String]),
        Type::String
    );
}

#[test]
fn unify_dynamic_only_when_all_inputs_dynamic() {
    let u = unify(&[Type::Dynamic, Type::Dynamic]).unwrap_or_else(|| panic!());
    assert_eq!(u.ty, Type::Dynamic);
    assert!(u.conversions.iter().all(Option::is_none));
    assert_eq!(
        unified(&[Type::list(Type::Dynamic), Type::list(Type::Dynamic)]),
        Type::list(Type::Dynamic)
    );
}

#[test]
fn deviation_unify_dynamic_with_structural_type_selects_it() {
    // Go (Unify and UnifyUnsafe): the dynamic pseudo-type whenever a
    // collection or structural type meets it.
    let object = obj_ty([("a", Type::String)]);
    assert_eq!(unified(&[object.clone(), Type::Dynamic]), object);
    assert_eq!(
        unified(&[Type::Dynamic, Type::list(Type::String)]),
        Type::list(Type::String)
    );
}

#[test]
fn unify_objects_as_union_of_attributes() {
    let first = obj_ty([("name", Type::String), ("port", Type::Number)]);
    let second = obj_ty([("name", Type::Bool), ("tls", Type::Bool)]);
    let u = unify(&[first, second]).unwrap_or_else(|| panic!());
    assert_eq!(
        u.ty,
        obj_ty([
            ("name", Type::String),
            ("port", Type::Number),
            ("tls", Type::Bool)
        ])
    );
    assert!(u.conversions.iter().flatten().all(|c| c.safety() == Safe));
    let Some(c) = &u.conversions[1] else { panic!() };
    assert_eq!(
        c.apply(&obj([("name", b(true)), ("tls", b(false))])),
        Ok(obj([
            ("name", s("true")),
            ("port", Value::null(Type::Number)),
            ("tls", b(false))
        ]))
    );
    assert!(
        unify(&[
            obj_ty([("a", Type::Bool)]),
            obj_ty([("a", Type::list(Type::Number))])
        ])
        .is_none()
    );
}

#[test]
fn deviation_unify_objects_as_union_of_attributes() {
    // Go: map(string) for different attribute names, and no unification
    // at all when the attribute types do not unify as one map element.
    assert_eq!(
        unified(&[
            obj_ty([("foo", Type::String)]),
            obj_ty([("bar", Type::Number)])
        ]),
        obj_ty([("bar", Type::Number), ("foo", Type::String)])
    );
    assert_eq!(
        unified(&[
            obj_ty([("foo", Type::Bool)]),
            obj_ty([("bar", Type::Number)])
        ]),
        obj_ty([("bar", Type::Number), ("foo", Type::Bool)])
    );
}

#[test]
fn deviation_dynamic_collection_target_unifies_by_spec_rules() {
    // tuple/object → list/map(dynamic) pick the element type by unification
    // (as Go), so with the spec's object rule: Go gives map(map(bool)).
    let v = obj([("a", obj([("x", b(true))])), ("b", obj([("y", b(false))]))]);
    let got = ok(&v, &Type::map(Type::Dynamic));
    assert_eq!(
        got.ty(),
        &Type::map(obj_ty([("x", Type::Bool), ("y", Type::Bool)]))
    );
    assert_eq!(
        got.get("a"),
        Some(&obj([("x", b(true)), ("y", Value::null(Type::Bool))]))
    );
}

#[test]
fn unify_tuples_of_same_length_elementwise() {
    assert_eq!(
        unified(&[
            Type::tuple([Type::String, Type::Bool]),
            Type::tuple([Type::Number, Type::Bool])
        ]),
        Type::tuple([Type::String, Type::Bool])
    );
    assert!(
        unify(&[
            Type::tuple([Type::Bool]),
            Type::tuple([Type::list(Type::Bool)])
        ])
        .is_none()
    );
}

#[test]
fn unify_rules_apply_transitively() {
    // set → list → tuple: set and tuple unify as a tuple.
    assert_eq!(
        unified(&[
            Type::set(Type::Number),
            Type::tuple([Type::String, Type::Number])
        ]),
        Type::tuple([Type::String, Type::Number])
    );
    // Nested: list of objects with maps and sets inside.
    let first = Type::list(obj_ty([("m", Type::map(Type::Number))]));
    let second = Type::set(obj_ty([
        ("m", obj_ty([("k", Type::String)])),
        ("x", Type::Bool),
    ]));
    assert_eq!(
        unified(&[first, second]),
        Type::list(obj_ty([
            ("m", obj_ty([("k", Type::String)])),
            ("x", Type::Bool)
        ]))
    );
}

#[test]
fn unify_fails_when_an_input_does_not_convert() {
    assert!(unify(&[Type::String, Type::list(Type::String)]).is_none());
    assert!(unify(&[Type::empty_object(), Type::empty_tuple()]).is_none());
    assert!(unify(&[Type::map(Type::String), Type::list(Type::String)]).is_none());
    assert!(
        unify(&[
            Type::tuple([Type::Number]),
            Type::Dynamic,
            obj_ty([("n", Type::Number)])
        ])
        .is_none()
    );
    let c1 = Type::Capsule(CapsuleType::new::<u8>("a"));
    let c2 = Type::Capsule(CapsuleType::new::<u8>("b"));
    assert!(unify(&[c1.clone(), c2]).is_none());
    assert_eq!(unified(&[c1.clone(), Type::Dynamic, c1.clone()]), c1);
}

#[test]
fn unify_empty_input_fails() {
    // As Go's code (its comment says dynamic; it returns no type).
    assert!(unify(&[]).is_none());
}

#[test]
fn unify_is_order_independent() {
    let inputs = [
        Type::tuple([Type::Bool, Type::String]),
        Type::Dynamic,
        Type::list(Type::Bool),
        Type::set(Type::String),
    ];
    let expected = unified(&inputs);
    assert_eq!(expected, Type::tuple([Type::String, Type::String]));
    let mut permutation = inputs.to_vec();
    for _ in 0..inputs.len() {
        permutation.rotate_left(1);
        assert_eq!(unified(&permutation), expected);
        permutation.reverse();
        assert_eq!(unified(&permutation), expected);
    }
    assert!(unify(&[Type::Number, Type::Bool, Type::String]).is_some());
    assert!(unify(&[Type::Bool, Type::String, Type::Number]).is_some());
}

#[test]
fn unify_conversions_convert_each_input() {
    let types = [
        Type::map(Type::String),
        obj_ty([("a", Type::Number)]),
        Type::Dynamic,
        obj_ty([("a", Type::String), ("b", Type::Bool)]),
    ];
    let u = unify(&types).unwrap_or_else(|| panic!());
    assert_eq!(u.ty, obj_ty([("a", Type::String), ("b", Type::String)]));
    assert_eq!(u.conversions.len(), types.len());
    for (ty, c) in types.iter().zip(&u.conversions) {
        match c {
            Some(c) => {
                assert_eq!(c.from(), ty);
                assert_eq!(c.to(), &u.ty);
            }
            None => assert_eq!(ty, &u.ty),
        }
    }
    let Some(c) = &u.conversions[2] else { panic!() };
    assert_eq!(c.apply(&Value::dynamic()), Ok(Value::unknown(u.ty.clone())));
}

// ------------------------------------------------------------------ Go mode
//
// `Semantics::Go` follows go-cty (1.12, `convert.Convert`,
// `GetConversionUnsafe`, `UnifyUnsafe`) where the `deviation_...` tests above
// show the spec's rule. Each `go_mode_...` test is named in the "Go mode"
// column of `docs/deviations.md`.

const GO: Semantics = Semantics::Go;

fn go_ok(value: &Value, to: &Type) -> Value {
    match convert_with(value, to, GO) {
        Ok(v) => v,
        Err(e) => panic!("converting {value:?} to {to} (Go): unexpected error {e}"),
    }
}

fn go_fails(value: &Value, to: &Type) -> ConversionError {
    match convert_with(value, to, GO) {
        Ok(v) => panic!("converting {value:?} to {to} (Go): unexpected success {v:?}"),
        Err(e) => e,
    }
}

fn go_unified(types: &[Type]) -> Option<Type> {
    unify_with(types, GO).map(|u| u.ty)
}

#[test]
fn go_mode_unify_number_and_bool_fails() {
    // go-cty: `Unify` and `UnifyUnsafe` of number and bool give no type;
    // a tuple of both is "all list elements must have the same type".
    assert_eq!(go_unified(&[Type::Number, Type::Bool]), None);
    assert_eq!(
        go_unified(&[Type::list(Type::Number), Type::list(Type::Bool)]),
        None
    );
    assert_eq!(
        go_unified(&[Type::Number, Type::Bool, Type::String]),
        Some(Type::String)
    );
    assert!(
        go_fails(&Value::tuple([n(1), b(true)]), &Type::list(Type::Dynamic))
            .to_string()
            .contains("same type")
    );
}

#[test]
fn go_mode_null_converts_only_where_types_convert() {
    assert_eq!(
        go_fails(&Value::null(Type::Bool), &Type::Number).to_string(),
        "number required"
    );
    assert!(
        convert_with(
            &Value::null(Type::tuple([Type::String])),
            &Type::map(Type::Bool),
            GO
        )
        .is_err()
    );
    // Where a conversion exists, the null converts with it.
    assert_eq!(
        go_ok(&Value::null(Type::Bool), &Type::String),
        Value::null(Type::String)
    );
    assert_eq!(
        go_ok(&Value::null(Type::Dynamic), &Type::Number),
        Value::null(Type::Number)
    );
}

#[test]
fn go_mode_object_to_object_requires_attributes() {
    let to = obj_ty([("a", Type::String), ("b", Type::Number)]);
    assert_eq!(
        go_fails(&obj([("a", s("x"))]), &to).to_string(),
        "attribute \"b\" is required"
    );
    assert_eq!(
        conversion_safety_with(&obj_ty([("a", Type::String)]), &to, GO),
        None
    );
    let three = obj_ty([("a", Type::String), ("b", Type::Number), ("c", Type::Bool)]);
    assert_eq!(
        go_fails(&Value::empty_object(), &three).to_string(),
        "attributes \"a\", \"b\", and \"c\" are required"
    );
    assert_eq!(
        go_fails(&obj([("c", b(true))]), &three).to_string(),
        "attributes \"a\" and \"b\" are required"
    );
    // Optional attributes may be missing.
    let optional = Type::object_with_optional([("a", Type::String), ("b", Type::Number)], ["b"]);
    assert_eq!(
        go_ok(&obj([("a", s("x"))]), &optional),
        obj([("a", s("x")), ("b", Value::null(Type::Number))])
    );
}

#[test]
fn go_mode_object_to_object_dropping_attributes_is_safe() {
    let from = obj_ty([("a", Type::String), ("b", Type::String)]);
    let to = obj_ty([("a", Type::String)]);
    assert_eq!(conversion_safety_with(&from, &to, GO), Some(Safe));
    assert_eq!(
        go_ok(&obj([("a", s("x")), ("b", s("y"))]), &to),
        obj([("a", s("x"))])
    );
}

#[test]
fn go_mode_safety_is_that_of_get_conversion() {
    let safety = |a: &Type, b: &Type| conversion_safety_with(a, b, GO);
    assert_eq!(
        safety(&Type::tuple([Type::Number]), &Type::set(Type::String)),
        Some(Safe)
    );
    assert_eq!(
        safety(&Type::list(Type::String), &Type::set(Type::String)),
        Some(Unsafe)
    );
    // GetConversion unifies `any` and string as `any` (a safe conversion
    // from `any` to string does not exist), so the map is of `any`.
    let from = obj_ty([("a", Type::Dynamic), ("b", Type::String)]);
    assert_eq!(safety(&from, &Type::map(Type::Dynamic)), Some(Safe));
    assert_eq!(safety(&Type::Dynamic, &Type::String), Some(Unsafe));
    assert_eq!(
        safety(&Type::map(Type::String), &obj_ty([("a", Type::String)])),
        Some(Unsafe)
    );
    let c = get_conversion_with(&Type::tuple([Type::Bool]), &Type::set(Type::String), GO)
        .unwrap_or_else(|| panic!());
    assert_eq!(c.safety(), Safe);
}

#[test]
fn go_mode_map_to_object_drops_extra_keys() {
    let to = obj_ty([("a", Type::String)]);
    let v = map_of(Type::String, [("a", s("x")), ("z", s("y"))]);
    assert_eq!(go_ok(&v, &to), obj([("a", s("x"))]));
    assert_eq!(go_ok(&v, &Type::empty_object()), Value::empty_object());
    // A missing attribute is still an error.
    let to = obj_ty([("a", Type::String), ("b", Type::String)]);
    assert_eq!(
        go_fails(&map_of(Type::String, [("a", s("x"))]), &to).message(),
        "map has no element for required attribute \"b\""
    );
}

#[test]
fn go_mode_list_and_set_do_not_convert_to_tuple() {
    let to = Type::tuple([Type::String]);
    assert_eq!(
        go_fails(&list_of(Type::String, [s("x")]), &to).to_string(),
        "tuple required"
    );
    assert_eq!(
        go_fails(&set_of(Type::Bool, [b(true)]), &to).to_string(),
        "tuple required"
    );
    assert_eq!(
        conversion_safety_with(&Type::list(Type::String), &to, GO),
        None
    );
}

#[test]
fn go_mode_string_to_number_accepts_exponent() {
    assert_eq!(go_ok(&s("1e5"), &Type::Number), n(100000));
    assert_eq!(
        go_ok(&s("2.5E-3"), &Type::Number),
        Value::number(Number::parse_literal("0.0025").unwrap_or_else(|e| panic!("{e}")))
    );
    assert_eq!(go_ok(&s("+5"), &Type::Number), n(5));
    assert_eq!(go_ok(&s("-.5e1"), &Type::Number), n(-5));
    assert_eq!(go_ok(&s("5."), &Type::Number), n(5));
    assert_eq!(
        go_ok(&s("-Inf"), &Type::Number),
        Value::number(Number::NEG_INFINITY)
    );
    for bad in [
        "", "e5", "1e", "1e+", "0x10", "1_000", " 1", "Infinity", ".",
    ] {
        assert_eq!(
            go_fails(&s(bad), &Type::Number).message(),
            "a number is required",
            "{bad:?}"
        );
    }
}

#[test]
fn go_mode_unify_map_and_object_prefers_map() {
    assert_eq!(
        go_unified(&[Type::map(Type::String), obj_ty([("a", Type::String)])]),
        Some(Type::map(Type::String))
    );
    assert_eq!(
        go_unified(&[Type::map(Type::String), Type::empty_object()]),
        Some(Type::map(Type::String))
    );
    // Objects whose attributes do not fit one map element: Go tries the
    // inputs in its order of preference.
    assert_eq!(
        go_unified(&[
            Type::map(Type::String),
            obj_ty([("a", Type::list(Type::Bool))])
        ]),
        None
    );
}

#[test]
fn go_mode_unify_list_set_and_tuple_prefers_collection() {
    assert_eq!(
        go_unified(&[Type::list(Type::String), Type::tuple([Type::String])]),
        Some(Type::list(Type::String))
    );
    assert_eq!(
        go_unified(&[Type::set(Type::String), Type::tuple([Type::String])]),
        Some(Type::set(Type::String))
    );
    // `true ? (true ? [7] : []) : []`: the inner conditional is a list in
    // Go, and a list with the empty tuple is that list.
    let inner = go_unified(&[Type::tuple([Type::Number]), Type::empty_tuple()]);
    assert_eq!(inner, Some(Type::list(Type::Number)));
    let u = unify_with(&[Type::list(Type::Number), Type::empty_tuple()], GO)
        .unwrap_or_else(|| panic!());
    assert_eq!(u.ty, Type::list(Type::Number));
    let Some(c) = &u.conversions[1] else { panic!() };
    assert_eq!(
        c.apply(&Value::empty_tuple()),
        Ok(list_of(Type::Number, []))
    );
}

#[test]
fn go_mode_unify_objects_requires_identical_attribute_names() {
    assert_eq!(
        go_unified(&[
            obj_ty([("foo", Type::String)]),
            obj_ty([("bar", Type::Number)])
        ]),
        Some(Type::map(Type::String))
    );
    assert_eq!(
        go_unified(&[
            obj_ty([("foo", Type::Bool)]),
            obj_ty([("bar", Type::Number)])
        ]),
        None
    );
    // Identical names: attribute by attribute.
    assert_eq!(
        go_unified(&[
            obj_ty([("a", Type::Number), ("b", Type::Bool)]),
            obj_ty([("a", Type::String), ("b", Type::Bool)])
        ]),
        Some(obj_ty([("a", Type::String), ("b", Type::Bool)]))
    );
    // `false ? {name = "n", key = "k"} : {}` is an empty map in Go.
    let u = unify_with(
        &[
            obj_ty([("key", Type::String), ("name", Type::String)]),
            Type::empty_object(),
        ],
        GO,
    )
    .unwrap_or_else(|| panic!());
    assert_eq!(u.ty, Type::map(Type::String));
    let Some(c) = &u.conversions[1] else { panic!() };
    assert_eq!(
        c.apply(&Value::empty_object()),
        Ok(map_of(Type::String, []))
    );
    // `var.x == null ? {} : { 1 = 1 }`.
    assert_eq!(
        go_unified(&[Type::empty_object(), obj_ty([("1", Type::Number)])]),
        Some(Type::map(Type::Number))
    );
}

#[test]
fn go_mode_unify_dynamic_with_structural_type_is_dynamic() {
    let object = obj_ty([("a", Type::String)]);
    let u = unify_with(&[object.clone(), Type::Dynamic], GO).unwrap_or_else(|| panic!());
    assert_eq!(u.ty, Type::Dynamic);
    // Every input, null included, converts to the unknown value.
    for (c, v) in u
        .conversions
        .iter()
        .zip([obj([("a", s("x"))]), Value::null(Type::Dynamic)])
    {
        let Some(c) = c else { panic!() };
        assert_eq!(c.apply(&v), Ok(Value::dynamic()));
    }
    assert_eq!(
        go_unified(&[Type::Dynamic, Type::list(Type::String)]),
        Some(Type::Dynamic)
    );
    assert_eq!(
        go_unified(&[Type::Dynamic, Type::tuple([Type::String])]),
        Some(Type::Dynamic)
    );
    // Primitives (UnifyUnsafe): the primitive.
    assert_eq!(
        go_unified(&[Type::String, Type::Dynamic]),
        Some(Type::String)
    );
    assert_eq!(
        go_unified(&[Type::Dynamic, Type::Dynamic]),
        Some(Type::Dynamic)
    );
}

#[test]
fn go_mode_dynamic_collection_target_unifies_by_go_rules() {
    let v = obj([("a", obj([("x", b(true))])), ("b", obj([("y", b(false))]))]);
    let got = go_ok(&v, &Type::map(Type::Dynamic));
    assert_eq!(got.ty(), &Type::map(Type::map(Type::Bool)));
    assert_eq!(got.get("a"), Some(&map_of(Type::Bool, [("x", b(true))])));
    // A tuple whose elements unify only as dynamic does not make a list.
    let t = Value::tuple([s("x"), Value::null(Type::Dynamic)]);
    assert_eq!(
        go_ok(&t, &Type::list(Type::Dynamic)),
        list_of(Type::String, [s("x"), Value::null(Type::String)])
    );
    assert_eq!(
        go_ok(&Value::tuple([n(1), s("a")]), &Type::list(Type::Dynamic)),
        list_of(Type::String, [s("1"), s("a")])
    );
}

#[test]
fn go_mode_agrees_with_spec_where_there_is_no_deviation() {
    for (types, want) in [
        (
            vec![Type::Number, Type::String, Type::Bool],
            Some(Type::String),
        ),
        (
            vec![Type::list(Type::String), Type::set(Type::String)],
            Some(Type::list(Type::String)),
        ),
        (
            vec![Type::list(Type::Number), Type::list(Type::String)],
            Some(Type::list(Type::String)),
        ),
        (
            vec![
                Type::tuple([Type::String]),
                Type::tuple([Type::String, Type::Number]),
            ],
            Some(Type::list(Type::String)),
        ),
    ] {
        assert_eq!(go_unified(&types), want, "{types:?}");
    }
    assert_eq!(
        go_ok(&s("12.5"), &Type::Number),
        Value::number(Number::parse_literal("12.5").unwrap_or_else(|e| panic!("{e}")))
    );
    assert_eq!(go_ok(&n(5), &Type::String), s("5"));
    assert_eq!(
        go_ok(&Value::tuple([s("a"), n(1)]), &Type::list(Type::String)),
        list_of(Type::String, [s("a"), s("1")])
    );
}
