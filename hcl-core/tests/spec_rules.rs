//! Tests named after rules of the information model
//! (`shared/reference/information-model.md`) that had no test saying what
//! it checks. Grouped by spec section, in the spec's order; `docs/spec-tests.md`
//! maps every rule of the spec to its tests, here or elsewhere.
//!
//! Tests marked `#[ignore = "spec violation: …"]` assert what the spec says
//! where the implementation currently does otherwise.

#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use hcl_core::body::{AttributeSchema, BlockHeaderSchema, BodySchema, DynBody};
use hcl_core::convert::{conversion_safety, convert};
use hcl_core::function::{Function, Parameter};
use hcl_core::native::{NativeExpression, ParseOptions, parse_config_str, parse_expression};
use hcl_core::{CapsuleType, Diagnostics, EvalContext, Expression, Number, Pos, Type, Value};
use hcl_core::{get_attr, index};

// ---------------------------------------------------------------------------
// Helpers

fn s(text: &str) -> Value {
    Value::string(text)
}

fn n(v: i64) -> Value {
    Value::number(v)
}

fn num(text: &str) -> Number {
    Number::parse_literal(text).unwrap()
}

/// `2^exp`, exactly.
fn pow2(exp: u32) -> Number {
    let two = Number::from(2);
    (0..exp).fold(Number::ONE, |acc, _| acc.mul(&two).unwrap())
}

fn body(src: &str) -> DynBody {
    let (file, diags) = parse_config_str(src, "spec.hcl");
    assert!(diags.is_empty(), "parse errors: {diags:?}");
    Arc::new(file.body())
}

fn summaries(diags: &Diagnostics) -> Vec<String> {
    diags.iter().map(|d| d.summary.to_string()).collect()
}

fn expr(src: &str) -> NativeExpression {
    let (file, id, diags) = parse_expression(
        src.as_bytes(),
        "spec.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    assert!(diags.is_empty(), "parse errors in {src:?}: {diags:?}");
    NativeExpression::new(file, id)
}

fn eval(src: &str, ctx: &EvalContext) -> (Value, Diagnostics) {
    expr(src).value(ctx)
}

/// Evaluates `src`, which must succeed without diagnostics.
#[track_caller]
fn eval_ok(src: &str, ctx: &EvalContext) -> Value {
    let (v, d) = eval(src, ctx);
    assert!(d.is_empty(), "evaluating {src}: {d:?}");
    v
}

fn context(vars: impl IntoIterator<Item = (&'static str, Value)>) -> EvalContext {
    let mut ctx = EvalContext::new();
    for (name, value) in vars {
        ctx.declare_variable(name, value).unwrap();
    }
    ctx
}

fn is_unknown_of(v: &Value, ty: &Type) -> bool {
    !v.is_known() && v.ty() == ty
}

// ===========================================================================
// Structural Elements

#[test]
fn configuration_file_has_its_own_body_of_top_level_attributes_and_blocks() {
    let b = body("name = \"web\"\nservice \"a\" {\n  inner = 1\n}\n");
    let schema = BodySchema::new()
        .attribute(AttributeSchema::optional("name"))
        .block(BlockHeaderSchema::new("service").label("name"));
    let (content, d) = b.content(&schema);
    assert!(d.is_empty(), "{d:?}");
    // Only the top level: `inner` belongs to the block's body.
    assert_eq!(content.attributes.keys().collect::<Vec<_>>(), ["name"]);
    assert_eq!(content.blocks.len(), 1);
}

#[test]
fn body_holds_zero_or_more_attributes_and_zero_or_more_blocks() {
    // Zero of each.
    let (content, d) = body("").content(&BodySchema::new());
    assert!(d.is_empty());
    assert!(content.attributes.is_empty() && content.blocks.is_empty());
    // Several of each.
    let b = body("a = 1\nb = 2\nx {}\nx {}\ny {}\n");
    let schema = BodySchema::new()
        .attribute(AttributeSchema::optional("a"))
        .attribute(AttributeSchema::optional("b"))
        .block(BlockHeaderSchema::new("x"))
        .block(BlockHeaderSchema::new("y"));
    let (content, d) = b.content(&schema);
    assert!(d.is_empty());
    assert_eq!(content.attributes.len(), 2);
    assert_eq!(content.blocks.len(), 3);
}

#[test]
fn attribute_names_are_unique_within_a_body() {
    let (_, d) = parse_config_str("a = 1\na = 2\n", "spec.hcl");
    assert_eq!(summaries(&d), ["Attribute redefined"]);
    // The same name in another body (a nested block's) is no conflict.
    let b = body("a = 1\nblk {\n  a = 2\n}\n");
    let schema = BodySchema::new()
        .attribute(AttributeSchema::required("a"))
        .block(BlockHeaderSchema::new("blk"));
    let (content, d) = b.content(&schema);
    assert!(d.is_empty());
    let (inner, d) = content.blocks[0]
        .body
        .content(&BodySchema::new().attribute(AttributeSchema::required("a")));
    assert!(d.is_empty());
    let ctx = EvalContext::new();
    assert_eq!(content.attributes["a"].expr.value(&ctx).0, n(1));
    assert_eq!(inner.attributes["a"].expr.value(&ctx).0, n(2));
}

#[test]
fn block_has_type_name_zero_or_more_labels_and_a_nested_body() {
    let b = body("plain {\n  x = 1\n}\nresource \"aws_instance\" \"web\" {\n  y = 2\n}\n");
    let schema = BodySchema::new()
        .block(BlockHeaderSchema::new("plain"))
        .block(
            BlockHeaderSchema::new("resource")
                .label("type")
                .label("name"),
        );
    let (content, d) = b.content(&schema);
    assert!(d.is_empty());
    assert_eq!(content.blocks[0].type_name, "plain");
    assert!(content.blocks[0].labels.is_empty());
    assert_eq!(content.blocks[1].type_name, "resource");
    assert_eq!(content.blocks[1].labels, ["aws_instance", "web"]);
    // Each block's body is a body of its own.
    let (inner, d) = content.blocks[1]
        .body
        .content(&BodySchema::new().attribute(AttributeSchema::required("y")));
    assert!(d.is_empty());
    assert!(inner.attributes.contains_key("y"));
}

// ===========================================================================
// Body Content: Schema-driven Processing

#[test]
fn attribute_schema_says_whether_presence_is_required() {
    let b = body("name = \"web\"\n");
    let optional = BodySchema::new()
        .attribute(AttributeSchema::required("name"))
        .attribute(AttributeSchema::optional("port"));
    let (content, d) = b.content(&optional);
    assert!(d.is_empty(), "an optional attribute may be absent: {d:?}");
    assert!(!content.attributes.contains_key("port"));
    let required = BodySchema::new()
        .attribute(AttributeSchema::required("name"))
        .attribute(AttributeSchema::required("port"));
    let (_, d) = b.content(&required);
    assert_eq!(summaries(&d), ["Missing required argument"]);
}

#[test]
fn attribute_map_values_are_expressions_not_values() {
    let b = body("port = base + 1\n");
    let (content, d) = b.content(&BodySchema::new().attribute(AttributeSchema::required("port")));
    assert!(d.is_empty());
    // The application evaluates the expression, in a context of its choice.
    let expr = &content.attributes["port"].expr;
    assert_eq!(expr.value(&context([("base", n(8079))])).0, n(8080));
    assert_eq!(expr.value(&context([("base", n(1))])).0, n(2));
}

// ===========================================================================
// Body Content: Partial Processing of Body Content

#[test]
fn partial_processing_places_unmatched_elements_in_new_body_unmodified() {
    let src = "a = 1\nb = x + 1\nblk \"l\" {\n  c = 2\n}\nother \"m\" {\n  d = 3\n}\n";
    let full_schema = BodySchema::new()
        .attribute(AttributeSchema::optional("a"))
        .attribute(AttributeSchema::optional("b"))
        .block(BlockHeaderSchema::new("blk").label("name"))
        .block(BlockHeaderSchema::new("other").label("name"));
    let (full, d) = body(src).content(&full_schema);
    assert!(d.is_empty());

    let first = BodySchema::new()
        .attribute(AttributeSchema::optional("a"))
        .block(BlockHeaderSchema::new("blk").label("name"));
    let (content, rest, d) = body(src).partial_content(&first);
    assert!(d.is_empty());
    assert_eq!(content.attributes.keys().collect::<Vec<_>>(), ["a"]);
    assert_eq!(content.blocks.len(), 1);

    let second = BodySchema::new()
        .attribute(AttributeSchema::optional("b"))
        .block(BlockHeaderSchema::new("other").label("name"));
    let (remaining, d) = rest.content(&second);
    assert!(d.is_empty(), "{d:?}");
    // The attribute left over is the same definition, evaluating alike.
    let b = &remaining.attributes["b"];
    assert_eq!(b.range, full.attributes["b"].range);
    assert_eq!(b.expr.range(), full.attributes["b"].expr.range());
    let ctx = context([("x", n(41))]);
    assert_eq!(b.expr.value(&ctx).0, n(42));
    // The block left over keeps its labels and its whole body.
    let other = &remaining.blocks[0];
    assert_eq!(other.labels, ["m"]);
    assert_eq!(other.def_range, full.blocks[1].def_range);
    let (inner, d) = other
        .body
        .content(&BodySchema::new().attribute(AttributeSchema::required("d")));
    assert!(d.is_empty());
    assert_eq!(inner.attributes["d"].expr.value(&ctx).0, n(3));
}

// ===========================================================================
// Values and Value Types: Primitive Types

#[test]
fn primitive_types_are_string_bool_and_number() {
    for ty in [Type::String, Type::Bool, Type::Number] {
        assert!(ty.is_primitive(), "{ty}");
    }
    for ty in [
        Type::Dynamic,
        Type::list(Type::String),
        Type::empty_object(),
        Type::empty_tuple(),
    ] {
        assert!(!ty.is_primitive(), "{ty}");
    }
    assert_eq!(s("x").ty(), &Type::String);
    assert_eq!(Value::bool(true).ty(), &Type::Bool);
    assert_eq!(n(1).ty(), &Type::Number);
}

#[test]
fn number_full_precision_is_available_to_the_application() {
    // An integer: every digit, as text and as a big integer.
    let digits = format!("{}1", "9".repeat(120));
    let big = num(&digits);
    assert_eq!(big.to_string(), digits);
    assert_eq!(big.to_bigint().unwrap().to_string(), digits);
    // A non-integer: the text reads back to the very same number.
    let third = Number::ONE.div(&Number::from(3)).unwrap();
    let text = third.to_string();
    assert!(text.len() > 100, "{text}");
    assert_eq!(Number::parse_decimal(&text), Ok(third));
}

#[test]
fn integers_are_represented_with_at_least_256_bits() {
    let max = pow2(256).sub(&Number::ONE).unwrap();
    assert_eq!(
        max.to_string(),
        "115792089237316195423570985008687907853269984665640564039457584007913129639935"
    );
    assert!(max.is_integer());
    // Exact: adding one and taking it away again changes nothing.
    let next = max.add(&Number::ONE).unwrap();
    assert_eq!(next, pow2(256));
    assert_ne!(next, max);
    assert_eq!(next.sub(&Number::ONE).unwrap(), max);
    // The same number written in source.
    assert_eq!(num(&max.to_string()), max);
}

#[test]
fn non_integers_have_at_least_256_bit_mantissa_and_16_bit_exponent() {
    // Mantissa: 1 + 2^-255 needs 256 bits, 2^200 + 0.5 needs 202.
    let eps = Number::ONE.div(&pow2(255)).unwrap();
    let one_plus = Number::ONE.add(&eps).unwrap();
    assert_ne!(one_plus, Number::ONE);
    assert_eq!(one_plus.sub(&Number::ONE).unwrap(), eps);
    let half = num("0.5");
    let big_half = pow2(200).add(&half).unwrap();
    assert!(!big_half.is_integer());
    assert_eq!(big_half.sub(&pow2(200)).unwrap(), half);
    // Exponent: 2^-32767 (a 16-bit signed exponent) is neither zero nor
    // rounded.
    let tiny = Number::ONE.div(&pow2(32_767)).unwrap();
    assert!(!tiny.is_zero() && tiny.is_finite());
    assert_eq!(tiny.mul(&pow2(32_767)).unwrap(), Number::ONE);
    let tiny_and_a_half = tiny.mul(&num("1.5")).unwrap();
    assert_eq!(tiny_and_a_half.div(&tiny).unwrap(), num("1.5"));
}

#[test]
fn integer_literal_that_cannot_be_represented_precisely_is_an_error() {
    // Beyond the implementation's integer limit (65,536 bits).
    for src in ["1e20000".to_owned(), "9".repeat(19_729)] {
        let (_, _, d) = parse_expression(
            src.as_bytes(),
            "spec.hcl",
            Pos::start(),
            &ParseOptions::default(),
        );
        assert_eq!(summaries(&d), ["Invalid number literal"], "{}", &src[..7]);
    }
    // Within it, exact.
    let src = "9".repeat(19_728);
    assert_eq!(eval_ok(&src, &EvalContext::new()).to_string(), src);
}

#[test]
fn number_literal_beyond_the_exponent_range_is_an_error() {
    for src in ["1.5e400000", "1.5e-400000"] {
        let (_, _, d) = parse_expression(
            src.as_bytes(),
            "spec.hcl",
            Pos::start(),
            &ParseOptions::default(),
        );
        assert_eq!(summaries(&d), ["Invalid number literal"], "{src}");
    }
}

#[test]
fn nan_is_not_provided_nor_used() {
    assert!(Number::parse_literal("NaN").is_err());
    assert!(Number::parse_decimal("NaN").is_err());
    assert_eq!(Number::from_f64(f64::NAN), None);
    // The operations that would give NaN are errors instead.
    let inf = Number::INFINITY;
    assert!(inf.sub(&inf).is_err());
    assert!(inf.add(&Number::NEG_INFINITY).is_err());
    assert!(Number::ZERO.mul(&inf).is_err());
    assert!(Number::ZERO.div(&Number::ZERO).is_err());
    assert!(inf.div(&inf).is_err());
    assert!(inf.rem(&Number::ZERO).is_err());
    assert!(convert(&s("NaN"), &Type::Number).is_err());
    let ctx = context([("inf", Value::number(Number::INFINITY))]);
    let (v, d) = eval("inf - inf", &ctx);
    assert!(d.has_errors());
    assert!(v.as_number().is_none());
}

#[test]
fn positive_infinity_is_greater_and_negative_infinity_less_than_any_other_number() {
    let others = [
        num("1e19000"),
        num("-1e19000"),
        Number::ONE.div(&pow2(30_000)).unwrap(),
        Number::from(i64::MAX),
        Number::from(i64::MIN),
        Number::ZERO,
        num("0.1"),
    ];
    for other in &others {
        assert!(Number::INFINITY > *other, "{other}");
        assert!(Number::NEG_INFINITY < *other, "{other}");
    }
    assert!(Number::INFINITY > Number::NEG_INFINITY);
    // The same through the comparison operators of the native syntax.
    let ctx = context([
        ("inf", Value::number(Number::INFINITY)),
        ("ninf", Value::number(Number::NEG_INFINITY)),
    ]);
    assert_eq!(eval_ok("inf > 1e300", &ctx), Value::bool(true));
    assert_eq!(eval_ok("ninf < -1e300", &ctx), Value::bool(true));
    assert_eq!(eval_ok("inf == inf", &ctx), Value::bool(true));
    assert_eq!(eval_ok("inf == ninf", &ctx), Value::bool(false));
}

// ===========================================================================
// Values and Value Types: Structural Types

#[test]

fn structural_value_holding_a_null_of_dynamic_type_equals_itself() {
    // "A structural type value is equal to another if and only if all of
    // the corresponding attributes or elements are equal", and "a null
    // value of a particular type is equal to itself": every part here is
    // known, so the answer is known.
    let t = Value::tuple([Value::null(Type::Dynamic)]);
    assert!(t.equals(&t).is_true(), "got {:?}", t.equals(&t));
    let o = Value::object([("a", Value::null(Type::Dynamic)), ("b", n(1))]);
    assert!(o.equals(&o).is_true(), "got {:?}", o.equals(&o));
    let other = Value::tuple([n(1)]);
    assert!(t.equals(&other).is_false(), "got {:?}", t.equals(&other));
}

// ===========================================================================
// Values and Value Types: Collection Types

#[test]

fn set_holds_distinct_values_even_with_nulls_of_dynamic_type_inside() {
    // "Set types represent unordered sets of distinct values of their
    // element type", and in a list-to-set conversion "if two list items are
    // equal, one of the two is lost". These elements are wholly known and
    // equal (as `[null] == [null]` should be).
    let element = Value::tuple([Value::null(Type::Dynamic)]);
    let set = Value::set([element.clone(), element.clone()]).unwrap();
    assert_eq!(set.len(), Some(1));
    let list = Value::list([element.clone(), element]).unwrap();
    let converted = convert(&list, &Type::set(list.ty().element_type().unwrap().clone())).unwrap();
    assert_eq!(converted.len(), Some(1));
}

// ===========================================================================
// Values and Value Types: Null values

fn sample_types() -> Vec<Type> {
    vec![
        Type::String,
        Type::Bool,
        Type::Number,
        Type::list(Type::String),
        Type::set(Type::Number),
        Type::map(Type::Bool),
        Type::object([("a", Type::String)]),
        Type::tuple([Type::Bool, Type::Number]),
        Type::Capsule(CapsuleType::new::<u8>("byte")),
        Type::Dynamic,
    ]
}

#[test]
fn every_type_has_a_null_value_that_keeps_its_type() {
    for ty in sample_types() {
        let null = Value::null(ty.clone());
        assert!(null.is_null() && null.is_known(), "{ty}");
        assert_eq!(null.ty(), &ty);
    }
}

#[test]
fn conditional_may_give_a_null_of_the_result_type() {
    // A conditional with `null` for one result gives a null that keeps the
    // type of the other, for the application to treat as "not set".
    let ctx = context([("enabled", Value::bool(false))]);
    let v = eval_ok(r#"enabled ? "on" : null"#, &ctx);
    assert_eq!(v, Value::null(Type::String));
}

// ===========================================================================
// Values and Value Types: Unknown Values and the Dynamic Pseudo-type

/// A context whose variables are all unknown, of various types.
fn unknown_context() -> EvalContext {
    context([
        ("un", Value::unknown(Type::Number)),
        ("us", Value::unknown(Type::String)),
        ("ub", Value::unknown(Type::Bool)),
        ("ul", Value::unknown(Type::list(Type::String))),
        ("uo", Value::unknown(Type::object([("a", Type::Number)]))),
        ("dyn", Value::dynamic()),
    ])
}

#[test]
fn operations_on_unknown_values_return_unknown_values_of_the_operation_type() {
    let ctx = unknown_context();
    for (src, ty) in [
        ("un + un", Type::Number),
        ("-un", Type::Number),
        ("un * 2", Type::Number),
        ("un == un", Type::Bool),
        ("us == us", Type::Bool),
        ("ul == ul", Type::Bool),
        ("un < 1", Type::Bool),
        ("ub && ub", Type::Bool),
        ("!ub", Type::Bool),
        ("\"x${us}\"", Type::String),
        ("ul[0]", Type::String),
        ("uo.a", Type::Number),
        ("ub ? 1 : 2", Type::Number),
    ] {
        let v = eval_ok(src, &ctx);
        assert!(is_unknown_of(&v, &ty), "{src}: {v:?}");
    }
    // And at the level of values.
    let u = Value::unknown(Type::Number);
    assert!(is_unknown_of(&u.equals(&u), &Type::Bool));
    assert!(is_unknown_of(
        &convert(&u, &Type::String).unwrap(),
        &Type::String
    ));
}

#[test]
fn dynamic_pseudo_type_has_only_a_null_and_an_unknown_value() {
    assert_eq!(Value::null(Type::Dynamic).ty(), &Type::Dynamic);
    assert_eq!(Value::dynamic().ty(), &Type::Dynamic);
    assert!(!Value::dynamic().is_known());
    // No known, non-null value has the dynamic pseudo-type: converting one
    // to it keeps its own type, and a collection of the dynamic pseudo-type
    // cannot hold one.
    for v in [s("x"), n(1), Value::bool(true), Value::empty_object()] {
        assert_ne!(convert(&v, &Type::Dynamic).unwrap().ty(), &Type::Dynamic);
        assert!(Value::list_of(Type::Dynamic, [v.clone()]).is_err());
        assert!(Value::set_of(Type::Dynamic, [v.clone()]).is_err());
        assert!(Value::map_of(Type::Dynamic, [("k", v)]).is_err());
    }
}

#[test]
fn operations_on_the_dynamic_value_behave_as_if_of_the_expected_type() {
    let ctx = unknown_context();
    for (src, ty) in [
        ("1 + dyn", Type::Number),
        ("dyn * un", Type::Number),
        ("-dyn", Type::Number),
        ("dyn == 1", Type::Bool),
        ("dyn > 1", Type::Bool),
        ("!dyn", Type::Bool),
        ("dyn || true", Type::Bool),
        ("\"x${dyn}\"", Type::String),
        ("dyn ? 1 : 2", Type::Number),
        ("dyn.a", Type::Dynamic),
        ("dyn[0]", Type::Dynamic),
    ] {
        let v = eval_ok(src, &ctx);
        assert!(is_unknown_of(&v, &ty), "{src}: {v:?}");
    }
    // At the level of values: the dynamic value converts to an unknown of
    // the type needed.
    assert_eq!(
        convert(&Value::dynamic(), &Type::Number),
        Ok(Value::unknown(Type::Number))
    );
}

#[test]
fn evaluation_with_unknown_variables_type_checks_the_expression() {
    let ctx = unknown_context();
    // Type-valid expressions give an unknown value of their type...
    for (src, ty) in [
        ("un + 1", Type::Number),
        ("us + 1", Type::Number),
        ("uo.a * 2", Type::Number),
        ("ul[0] == \"x\"", Type::Bool),
        ("ub ? us : \"y\"", Type::String),
    ] {
        let v = eval_ok(src, &ctx);
        assert!(is_unknown_of(&v, &ty), "{src}: {v:?}");
    }
    // ... and provably invalid ones an error, from type information alone.
    for src in [
        "ub + 1",
        "ul.foo",
        "uo.missing",
        "un && true",
        "ub ? [1] : {}",
    ] {
        let (_, d) = eval(src, &ctx);
        assert!(d.has_errors(), "{src} should be an error");
    }
}

#[test]
fn expressions_over_known_values_never_evaluate_to_unknown() {
    let upper = Function::builder()
        .param(Parameter::new("s", Type::String))
        .returns(Type::String)
        .build(|args, _| Ok(s(&args[0].as_str().unwrap_or_default().to_uppercase())));
    let mut ctx = context([
        ("num", n(5)),
        ("str", s("hello")),
        ("flag", Value::bool(true)),
        ("nul", Value::null(Type::String)),
        ("list", Value::list([s("a"), s("b")]).unwrap()),
        ("set", Value::set([n(2), n(1)]).unwrap()),
        ("map", Value::map([("a", n(1)), ("b", n(2))]).unwrap()),
        (
            "objs",
            Value::list([Value::object([("id", n(1))]), Value::object([("id", n(2))])]).unwrap(),
        ),
        ("tup", Value::tuple([s("a"), n(1)])),
    ]);
    ctx.declare_function("upper", upper).unwrap();
    for src in [
        "num + 1 - 2 * 3 / 4 % 5",
        "-num",
        "num == 5 && !flag || str != \"x\"",
        "num < 10",
        "flag ? list : [\"c\", \"d\"]",
        "flag ? {a = 1} : {b = 2}",
        "[for v in list: upper(v)]",
        "{for k, v in map: k => v * 2}",
        "{for k, v in map: v => k...}",
        "[for v in set: v if v > 1]",
        "objs[*].id",
        "objs.*.id",
        "list[0]",
        "map[\"b\"]",
        "tup[1]",
        "\"${str} ${num} %{ if flag }yes%{ else }no%{ endif }\"",
        "\"%{ for v in list }${v},%{ endfor }\"",
        "upper(str)",
        "upper([str]...)",
        "[num, str, [flag], {k = list}]",
        "nul == \"x\"",
        "list == tup",
        "[] == []",
        "{} == {}",
    ] {
        let (v, d) = eval(src, &ctx);
        // (The conditionals of a list and a tuple, and of two objects, warn
        // that HashiCorp's implementation unifies them differently.)
        assert!(!d.has_errors(), "{src}: {d:?}");
        assert!(v.is_wholly_known(), "{src} gave {v:?}");
        // Nor a value of the dynamic pseudo-type: no operand is one.
        assert!(!v.ty().has_dynamic(), "{src} gave type {}", v.ty());
    }
}

#[test]
fn expressions_over_known_values_never_evaluate_to_unknown_with_nested_nulls() {
    // "Calling applications are guaranteed that unless the global scope
    // includes unknown values, or the function table includes functions
    // that return unknown values, no expression will evaluate to an
    // unknown value." The `null` keyword is a known value.
    let ctx = context([("nul", Value::null(Type::String))]);
    for (src, want) in [
        ("[null] == [null]", true),
        ("[null] != [null]", false),
        ("{a = null} == {a = null}", true),
        ("[1, null] == [1, null]", true),
        ("[null] == [1]", false),
    ] {
        let (v, d) = eval(src, &ctx);
        assert!(d.is_empty(), "{src}: {d:?}");
        assert_eq!(v, Value::bool(want), "{src}");
    }
}

// ===========================================================================
// Values and Value Types: Capsule Types

#[derive(Debug, PartialEq)]
struct Bytes(Vec<u8>);

#[test]
fn capsule_values_may_be_accepted_by_application_functions() {
    let bytes = CapsuleType::new::<Bytes>("bytes");
    let ty = Type::Capsule(bytes.clone());
    let length = Function::builder()
        .param(Parameter::new("data", ty.clone()))
        .returns(Type::Number)
        .build(|args, _| {
            let data = args[0].as_capsule::<Bytes>().map_or(0, |b| b.0.len());
            Ok(Value::number(i64::try_from(data).unwrap_or(i64::MAX)))
        });
    let v = Value::capsule(&bytes, Bytes(vec![1, 2, 3]));
    assert_eq!(length.call(std::slice::from_ref(&v)), Ok(n(3)));
    assert!(length.call(&[s("abc")]).is_err());
    // Through the native syntax too.
    let mut ctx = context([("data", v)]);
    ctx.declare_function("length", length).unwrap();
    assert_eq!(eval_ok("length(data)", &ctx), n(3));
}

#[test]
fn capsule_values_support_no_operations_but_application_defined_equality() {
    let bytes = CapsuleType::new::<Bytes>("bytes");
    let ty = Type::Capsule(bytes.clone());
    let v = Value::capsule(&bytes, Bytes(vec![1]));
    // Equality, defined by the application.
    assert!(v.equals(&Value::capsule(&bytes, Bytes(vec![1]))).is_true());
    assert!(v.equals(&Value::capsule(&bytes, Bytes(vec![2]))).is_false());
    // No conversion to any other type.
    for to in [
        Type::String,
        Type::Number,
        Type::Bool,
        Type::list(ty.clone()),
    ] {
        assert!(convert(&v, &to).is_err(), "to {to}");
    }
    // No indexing or attribute access.
    assert!(index(&v, &n(0), None).1.has_errors());
    assert!(get_attr(&v, "x", None).1.has_errors());
    // No operator of the native syntax.
    let ctx = context([("c", v)]);
    for src in [
        "c + 1",
        "-c",
        "!c",
        "c < 1",
        "c && true",
        "c.x",
        "c[0]",
        "c ? 1 : 2",
        "\"x${c}\"",
        "[for x in c: x]",
    ] {
        let (_, d) = eval(src, &ctx);
        assert!(d.has_errors(), "{src} should be an error");
    }
    assert_eq!(eval_ok("c == c", &ctx), Value::bool(true));
}

// ===========================================================================
// Values and Value Types: Type Specifications

#[test]
fn type_specification_matches_is_not_commutative() {
    assert!(Type::String.matches(&Type::Dynamic));
    assert!(!Type::Dynamic.matches(&Type::String));
    let spec = Type::list(Type::Dynamic);
    assert!(Type::list(Type::String).matches(&spec));
    assert!(!spec.matches(&Type::list(Type::String)));
    // Identity, by contrast, is commutative.
    assert_ne!(Type::list(Type::String), spec);
    assert_ne!(spec, Type::list(Type::String));
}

// ===========================================================================
// Type Conversions and Unification: Conversion of Null Values

#[test]
fn null_values_convert_to_any_type_regardless_of_type_specific_rules() {
    let capsule = Type::Capsule(CapsuleType::new::<u8>("byte"));
    for from in sample_types() {
        // (To the dynamic pseudo-type, a conversion is a no-op instead.)
        for to in sample_types().into_iter().filter(|t| !t.is_dynamic()) {
            assert_eq!(
                convert(&Value::null(from.clone()), &to),
                Ok(Value::null(to.clone())),
                "null {from} to {to}"
            );
        }
    }
    let null = Value::null(Type::String);
    assert_eq!(convert(&null, &Type::Dynamic), Ok(null));
    // Even where no value of the one type converts to the other.
    assert_eq!(conversion_safety(&capsule, &Type::String), None);
    assert_eq!(conversion_safety(&Type::Bool, &Type::Number), None);
}

// ===========================================================================
// Type Conversions and Unification: Conversion to and from the Dynamic
// Pseudo-type

#[test]
fn conversion_result_has_the_target_type_unless_the_target_is_dynamic() {
    let cases = [
        (s("1"), Type::Number),
        (s("true"), Type::Bool),
        (n(5), Type::String),
        (Value::bool(false), Type::String),
        (Value::set([s("a")]).unwrap(), Type::list(Type::String)),
        (Value::list([s("a")]).unwrap(), Type::set(Type::String)),
        (Value::tuple([s("a"), n(1)]), Type::list(Type::String)),
        (Value::tuple([s("a"), n(1)]), Type::set(Type::String)),
        (Value::object([("a", n(1))]), Type::map(Type::String)),
        (
            Value::list([s("a"), s("b")]).unwrap(),
            Type::tuple([Type::String, Type::String]),
        ),
        (
            Value::map([("a", s("1"))]).unwrap(),
            Type::object([("a", Type::Number)]),
        ),
        (
            Value::object([("a", n(1)), ("b", n(2))]),
            Type::object([("a", Type::String), ("c", Type::Bool)]),
        ),
        (
            Value::tuple([n(1), Value::bool(true)]),
            Type::tuple([Type::String, Type::String]),
        ),
        (Value::dynamic(), Type::list(Type::Number)),
        (Value::null(Type::Bool), Type::Number),
        (Value::unknown(Type::Bool), Type::String),
    ];
    for (v, to) in cases {
        let got = convert(&v, &to).unwrap_or_else(|e| panic!("{v:?} to {to}: {e}"));
        assert_eq!(got.ty(), &to, "{v:?} to {to}");
    }
    // The exception: to the dynamic pseudo-type, the value is returned as
    // it is, with its own type.
    let v = Value::tuple([s("a")]);
    assert_eq!(convert(&v, &Type::Dynamic), Ok(v.clone()));
    assert_eq!(convert(&v, &Type::Dynamic).unwrap().ty(), v.ty());
}

// ===========================================================================
// Type Conversions and Unification: Primitive Type Conversions

#[test]
fn number_converts_to_string_at_full_precision_without_exponent() {
    let third = Number::ONE.div(&Number::from(3)).unwrap();
    let text = convert(&Value::number(third.clone()), &Type::String).unwrap();
    let text = text.as_str().unwrap().to_owned();
    assert!(
        text.starts_with("0.3333333333") && text.len() > 100,
        "{text}"
    );
    assert!(!text.contains(['e', 'E']));
    // Reading the string back gives the same number.
    assert_eq!(convert(&s(&text), &Type::Number), Ok(Value::number(third)));
    for (v, want) in [
        (num("1e-30"), "0.000000000000000000000000000001"),
        (num("1e30"), "1000000000000000000000000000000"),
        (num("-12.5"), "-12.5"),
        (num("7.0"), "7"),
    ] {
        assert_eq!(convert(&Value::number(v), &Type::String), Ok(s(want)));
    }
}
