//! One test for each rule of `type-extensions.md` and
//! `pcl-syntax-and-types.md`, named after the rule. `docs/spec-tests.md`
//! ("Extended type system") maps each rule to its test.

use hcl_core::convert::Safety;
use hcl_core::extended::{
    Eventuality, ExtType, FunctionSignatures, IndexKey, Scope, Signature, check_expression,
    check_file, conversion, unify,
};
use hcl_core::function::{Function, Parameter};
use hcl_core::native::{ParseOptions, parse_config, parse_config_str, parse_expression};
use hcl_core::{Number, Pos, Type, Value};

use ExtType as T;

const SAFE: Option<Safety> = Some(Safety::Safe);
const UNSAFE: Option<Safety> = Some(Safety::Unsafe);

fn expr_type(src: &str, scope: &Scope) -> ExtType {
    let (file, expr, diags) = parse_expression(
        src.as_bytes(),
        "t.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    assert!(diags.is_empty(), "{diags}");
    let (ty, diags) = check_expression(&file, expr, scope, &FunctionSignatures::new());
    assert!(diags.is_empty(), "{src}: {diags}");
    ty
}

// ===== Primitive types =====

#[test]
fn int_is_an_arbitrary_precision_integer_primitive_type() {
    assert!(T::Int.is_primitive());
    assert_ne!(T::Int, T::Number);
    assert_eq!(T::Int.to_string(), "int");
    // Its values are the base model's integral numbers.
    assert_eq!(T::Int.to_base(), Some(Type::Number));
}

#[test]
fn int_is_represented_with_at_least_256_bits() {
    let two_256_plus_1 =
        "115792089237316195423570985008687907853269984665640564039457584007913129639937";
    let n = Number::parse_literal(two_256_plus_1).unwrap();
    assert_eq!(n.to_string(), two_256_plus_1);
    assert_eq!(expr_type(two_256_plus_1, &Scope::new()), T::Int);
}

#[test]
fn int_literal_that_cannot_be_represented_precisely_is_an_error() {
    // Integers are exact up to 65,536 bits; a longer literal is an error.
    let src = format!("a = 1{}\n", "0".repeat(20_000));
    let (_, diags) = parse_config(src.as_bytes(), "big.hcl", &ParseOptions::default());
    assert!(
        diags.has_errors(),
        "a 20,001-digit integer literal is an error"
    );
    let src = format!("a = 1{}\n", "0".repeat(19_000));
    let (_, diags) = parse_config(src.as_bytes(), "big.hcl", &ParseOptions::default());
    assert!(diags.is_empty(), "{diags}");
}

#[test]
fn int_values_are_available_at_full_precision() {
    let text = "123456789012345678901234567890123456789012345678901234567890123456789";
    let n = Number::parse_literal(text).unwrap();
    assert_eq!(n.to_bigint().unwrap().to_string(), text);
}

#[test]
fn int_values_are_equal_if_numerically_equal() {
    let a = Value::number(Number::parse_literal("10").unwrap());
    let b = Value::number(Number::parse_literal("1e1").unwrap());
    let c = Value::number(11);
    assert!(a.equals(&b).is_true());
    assert!(a.equals(&c).is_false());
}

#[test]
fn native_syntax_maps_integer_literals_to_int() {
    // The syntax's mapping of numeric literals: a literal written without
    // a fraction or an exponent is an int; any other is a number.
    let s = Scope::new();
    assert_eq!(expr_type("42", &s), T::Int);
    assert_eq!(expr_type("4.2", &s), T::Number);
    assert_eq!(expr_type("42e0", &s), T::Number);
}

// ===== Structural types =====

#[test]
fn union_type_is_constructed_of_a_set_of_types() {
    let a = T::union([T::Int, T::union([T::String, T::Int])]);
    let b = T::union([T::String, T::Int]);
    assert_eq!(a, b, "flattened, deduplicated, order-independent");
    assert_eq!(b.union_members().unwrap(), &[T::Int, T::String]);
    assert_eq!(b.to_string(), "union(int,string)");
}

#[test]
fn union_is_assignable_from_any_type_assignable_to_a_member() {
    let u = T::union([T::list(T::Number), T::Bool]);
    assert!(u.accepts(&T::list(T::Int)));
    assert!(u.accepts(&T::Bool));
    assert!(
        u.accepts(&T::String),
        "string to bool is an unsafe conversion"
    );
    assert!(!u.accepts(&T::map(T::Bool)));
    assert!(!u.accepts(&T::None));
}

#[test]
fn union_traversal_is_the_union_of_successful_member_traversals() {
    let u = T::union([
        T::object([("id", T::Int)]),
        T::map(T::String),
        T::list(T::Bool),
    ]);
    assert_eq!(u.get_attr("id"), Ok(T::union([T::Int, T::String])));
    assert_eq!(
        u.index(&IndexKey::Value(Value::string("id"))),
        Ok(T::union([T::Int, T::String]))
    );
    assert_eq!(
        u.index(&IndexKey::Value(Value::number(0))),
        Ok(T::union([T::String, T::Bool])),
        "the object has no attribute \"0\""
    );
    assert!(
        T::union([T::Int, T::Bool]).get_attr("id").is_err(),
        "no traversal succeeds"
    );
}

#[test]
fn union_traversal_through_none_gives_none() {
    let optional = T::optional(T::object([("id", T::Int)]));
    assert_eq!(optional.get_attr("id"), Ok(T::optional(T::Int)));
    let scope = Scope::new().with("maybe", optional);
    assert_eq!(expr_type("maybe.id", &scope), T::optional(T::Int));
}

// ===== Eventual types =====

#[test]
fn promise_and_output_are_eventual_type_kinds() {
    let p = T::promise(T::Int);
    let o = T::output(T::Int);
    assert!(p.is_eventual() && o.is_eventual() && !T::Int.is_eventual());
    assert_eq!(p.resolved(), (Eventuality::Promise, T::Int));
    assert_eq!(o.resolved(), (Eventuality::Output, T::Int));
    assert_ne!(p, o);
    assert_eq!(p.to_string(), "promise(int)");
    assert_eq!(o.to_string(), "output(int)");
}

#[test]
fn promise_is_assignable_from_itself_or_its_element_type() {
    let p = T::promise(T::String);
    assert_eq!(conversion(&p, &p), SAFE);
    assert_eq!(conversion(&T::String, &p), SAFE);
    assert_eq!(conversion(&T::output(T::String), &p), None);
    assert_eq!(
        conversion(&T::Bool, &p),
        SAFE,
        "bool converts safely to string"
    );
    assert_eq!(conversion(&T::list(T::String), &p), None);
}

#[test]
fn promise_traversal_wraps_element_traversal_in_promise() {
    let p = T::promise(T::object([("tags", T::list(T::String))]));
    assert_eq!(p.get_attr("tags"), Ok(T::promise(T::list(T::String))));
    assert_eq!(
        p.get_attr("tags")
            .unwrap()
            .index(&IndexKey::Value(Value::number(0))),
        Ok(T::promise(T::String))
    );
    assert!(p.get_attr("nope").is_err());
}

#[test]
fn output_is_assignable_from_itself_its_promise_or_its_element_type() {
    let o = T::output(T::String);
    assert_eq!(conversion(&o, &o), SAFE);
    assert_eq!(conversion(&T::promise(T::String), &o), SAFE);
    assert_eq!(conversion(&T::String, &o), SAFE);
    assert_eq!(conversion(&T::list(T::String), &o), None);
}

#[test]
fn output_traversal_wraps_element_traversal_in_output() {
    let o = T::output(T::object([("tags", T::list(T::String))]));
    assert_eq!(o.get_attr("tags"), Ok(T::output(T::list(T::String))));
    let scope = Scope::new().with("r", o);
    assert_eq!(expr_type("r.tags[0]", &scope), T::output(T::String));
}

// ===== Null values and none =====

#[test]
fn null_value_has_type_none() {
    assert_eq!(expr_type("null", &Scope::new()), T::None);
    assert_eq!(T::of_value(&Value::null(Type::String)), T::None);
    assert_eq!(T::None.to_string(), "none");
}

#[test]
fn null_value_is_only_assignable_to_none() {
    assert_eq!(conversion(&T::None, &T::None), SAFE);
    for t in [
        T::Bool,
        T::Number,
        T::Int,
        T::String,
        T::list(T::Int),
        T::object::<&str>([]),
    ] {
        assert_eq!(conversion(&T::None, &t), None, "null to {t}");
    }
    // The types that accept none: the dynamic pseudo-type, unions with a
    // none member, and eventual types of those.
    assert_eq!(conversion(&T::None, &T::Dynamic), SAFE);
    assert_eq!(conversion(&T::None, &T::optional(T::Int)), SAFE);
    assert_eq!(conversion(&T::None, &T::output(T::optional(T::Int))), SAFE);
}

#[test]
fn optional_type_is_union_of_type_and_none() {
    let o = T::optional(T::Int);
    assert_eq!(o, T::union([T::None, T::Int]));
    assert_eq!(o.to_string(), "union(int,none)");
    assert_eq!(conversion(&T::Int, &o), SAFE);
    assert_eq!(conversion(&T::None, &o), SAFE);
    // A base object type's optional attribute is an optional type.
    let base = Type::object_with_optional([("a", Type::Bool)], ["a"]);
    assert_eq!(T::from(&base), T::object([("a", T::optional(T::Bool))]));
}

// ===== Conversions =====

#[test]
fn int_converts_to_and_from_string_and_number() {
    for (a, b) in [(T::Int, T::String), (T::Int, T::Number)] {
        assert!(conversion(&a, &b).is_some());
        assert!(conversion(&b, &a).is_some());
    }
}

#[test]
fn int_to_string_and_number_is_safe() {
    assert_eq!(conversion(&T::Int, &T::String), SAFE);
    assert_eq!(conversion(&T::Int, &T::Number), SAFE);
}

#[test]
fn string_and_number_to_int_is_unsafe() {
    assert_eq!(conversion(&T::String, &T::Int), UNSAFE);
    assert_eq!(conversion(&T::Number, &T::Int), UNSAFE);
}

#[test]
fn conversion_to_union_requires_conversion_to_some_member() {
    let u = T::union([T::Int, T::list(T::String)]);
    assert!(conversion(&T::Number, &u).is_some());
    assert!(conversion(&T::set(T::Bool), &u).is_some());
    assert_eq!(conversion(&T::Bool, &u), None);
    assert_eq!(conversion(&T::map(T::Int), &u), None);
}

#[test]
fn conversion_to_union_is_safe_if_safe_to_some_member() {
    let u = T::union([T::Int, T::String]);
    assert_eq!(conversion(&T::Number, &u), SAFE, "number to string is safe");
    assert_eq!(conversion(&T::Bool, &u), SAFE);
}

#[test]
fn conversion_to_union_is_unsafe_otherwise() {
    let u = T::union([T::Int, T::Bool]);
    assert_eq!(conversion(&T::String, &u), UNSAFE);
    assert_eq!(conversion(&T::Number, &u), UNSAFE);
}

#[test]
fn conversion_to_promise_from_promise_through_element_types() {
    assert_eq!(
        conversion(&T::promise(T::Int), &T::promise(T::Number)),
        SAFE
    );
    assert_eq!(
        conversion(&T::promise(T::Bool), &T::promise(T::Number)),
        None
    );
}

#[test]
fn conversion_to_promise_from_type_convertible_to_element() {
    assert_eq!(conversion(&T::Int, &T::promise(T::Number)), SAFE);
    assert_eq!(conversion(&T::Bool, &T::promise(T::Number)), None);
}

#[test]
fn conversion_to_promise_has_safety_of_element_conversion() {
    assert_eq!(
        conversion(&T::promise(T::String), &T::promise(T::Int)),
        UNSAFE
    );
    assert_eq!(conversion(&T::String, &T::promise(T::Int)), UNSAFE);
    assert_eq!(
        conversion(&T::promise(T::Int), &T::promise(T::String)),
        SAFE
    );
}

#[test]
fn conversion_to_output_from_output_or_promise_through_element_types() {
    assert_eq!(conversion(&T::output(T::Int), &T::output(T::Number)), SAFE);
    assert_eq!(conversion(&T::promise(T::Int), &T::output(T::Number)), SAFE);
    assert_eq!(conversion(&T::output(T::Bool), &T::output(T::Number)), None);
    assert_eq!(
        conversion(&T::promise(T::Bool), &T::output(T::Number)),
        None
    );
}

#[test]
fn conversion_to_output_from_type_convertible_to_element() {
    assert_eq!(conversion(&T::Int, &T::output(T::Number)), SAFE);
    assert_eq!(conversion(&T::Bool, &T::output(T::Number)), None);
}

#[test]
fn conversion_to_output_has_safety_of_element_conversion() {
    assert_eq!(
        conversion(&T::output(T::String), &T::output(T::Int)),
        UNSAFE
    );
    assert_eq!(
        conversion(&T::promise(T::String), &T::output(T::Int)),
        UNSAFE
    );
    assert_eq!(conversion(&T::String, &T::output(T::Int)), UNSAFE);
}

#[test]
fn output_accepts_promise_but_promise_does_not_accept_output() {
    assert_eq!(conversion(&T::promise(T::Int), &T::output(T::Int)), SAFE);
    assert_eq!(conversion(&T::output(T::Int), &T::promise(T::Int)), None);
    assert_eq!(
        conversion(&T::output(T::Int), &T::promise(T::Dynamic)),
        None
    );
}

#[test]
fn base_conversion_rules_are_lifted_to_extended_types() {
    assert_eq!(conversion(&T::list(T::Int), &T::list(T::String)), SAFE);
    assert_eq!(conversion(&T::set(T::Int), &T::list(T::Number)), SAFE);
    assert_eq!(conversion(&T::list(T::Int), &T::set(T::Number)), UNSAFE);
    assert_eq!(
        conversion(&T::tuple([T::Int, T::Number]), &T::list(T::Number)),
        SAFE
    );
    assert_eq!(
        conversion(&T::object([("a", T::Int)]), &T::map(T::Number)),
        SAFE
    );
    assert_eq!(
        conversion(&T::map(T::Int), &T::object([("a", T::Number)])),
        UNSAFE
    );
    assert_eq!(
        conversion(&T::list(T::output(T::Int)), &T::list(T::Dynamic)),
        SAFE
    );
    assert_eq!(conversion(&T::Dynamic, &T::list(T::Int)), UNSAFE);
    assert_eq!(conversion(&T::promise(T::Int), &T::Dynamic), SAFE);
}

// ===== Unification =====

#[test]
fn int_unifies_with_number_as_number() {
    assert_eq!(unify(&T::Int, &T::Number), T::Number);
    assert_eq!(
        unify(&T::list(T::Int), &T::list(T::Number)),
        T::list(T::Number)
    );
}

#[test]
fn int_unifies_with_string_as_string() {
    assert_eq!(unify(&T::Int, &T::String), T::String);
}

#[test]
fn two_unions_unify_as_concatenation_of_members() {
    let a = T::union([T::Int, T::None]);
    let b = T::union([T::Bool, T::String]);
    assert_eq!(
        unify(&a, &b),
        T::union([T::Int, T::None, T::Bool, T::String])
    );
}

#[test]
fn union_unifies_with_other_type_member_by_member() {
    let u = T::union([T::Int, T::list(T::Bool)]);
    assert_eq!(
        unify(&u, &T::String),
        T::union([
            unify(&T::Int, &T::String),
            unify(&T::list(T::Bool), &T::String)
        ])
    );
    assert_eq!(
        unify(&T::union([T::Int, T::None]), &T::String),
        T::union([T::String, T::None])
    );
}

#[test]
fn promise_unifies_with_output_as_output() {
    assert_eq!(
        unify(&T::promise(T::Int), &T::output(T::String)),
        T::output(T::String)
    );
}

#[test]
fn two_promises_unify_as_promise() {
    assert_eq!(
        unify(&T::promise(T::Int), &T::promise(T::Number)),
        T::promise(T::Number)
    );
}

/// `type-extensions.md`: "Two output types unify by producing a new
/// *promise* type"; `pcl-syntax-and-types.md`: "… a new *output* type". We
/// produce an output: a promise does not accept an output, so the promise
/// would not accept the inputs, while every other rule keeps an output an
/// output (a promise and an output unify as an output).
#[test]
fn deviation_two_outputs_unify_as_output() {
    let a = T::output(T::Int);
    let b = T::output(T::Number);
    let u = unify(&a, &b);
    assert_eq!(u, T::output(T::Number));
    assert!(u.accepts(&a) && u.accepts(&b));
    let as_promise = T::promise(T::Number);
    assert!(
        !as_promise.accepts(&a),
        "the other document's promise would not accept the outputs"
    );
}

#[test]
fn base_unification_rules_are_lifted_to_extended_types() {
    assert_eq!(unify(&T::Dynamic, &T::Int), T::Int);
    assert_eq!(unify(&T::list(T::Int), &T::set(T::Int)), T::list(T::Int));
    assert_eq!(
        unify(&T::map(T::Int), &T::object([("a", T::Number)])),
        T::object([("a", T::Number)])
    );
    assert_eq!(
        unify(&T::tuple([T::Int]), &T::list(T::String)),
        T::tuple([T::String])
    );
    assert_eq!(unify(&T::Bool, &T::String), T::String);
}

// ===== PCL: lexing and parsing =====
//
// `pcl_example_program_parses_to_the_documented_syntax_tree` reads the
// syntax tree, which is internal to `hcl-core`: it is a unit test, in
// `hcl-core/src/native/parser/tests.rs`, with a copy of this program.

const MAIN_PP: &str = r#"resource "r" "pkg:index:Resource" {
name = "r"
}
x = { r = r }
output "o" {
value = r.name
}
"#;

// ===== PCL: type checking =====

#[test]
fn type_checker_resolves_references_through_the_scope() {
    // Binding decides that `r` is a resource whose type is an object of its
    // output properties; the type checker only sees a scope.
    let scope = Scope::new().with(
        "r",
        T::object([("name", T::output(T::String)), ("id", T::output(T::String))]),
    );
    let (file, _) = parse_config_str(MAIN_PP, "main.pp");
    let (types, diags) = check_file(&file, &scope, &FunctionSignatures::new());
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(
        types["x"],
        T::object([(
            "r",
            T::object([("name", T::output(T::String)), ("id", T::output(T::String))])
        )])
    );
    let (file, expr, _) = parse_expression(b"r.name", "t", Pos::start(), &ParseOptions::default());
    let (ty, _) = check_expression(&file, expr, &scope, &FunctionSignatures::new());
    assert_eq!(ty, T::output(T::String));
    // A name the scope does not have is an error.
    let (ty, diags) = check_expression(&file, expr, &Scope::new(), &FunctionSignatures::new());
    assert_eq!(ty, T::Dynamic);
    assert_eq!(diags.iter().next().unwrap().summary, "Unknown variable");
}

#[test]
fn literal_expressions_have_their_literal_types() {
    let s = Scope::new();
    assert_eq!(expr_type("\"foo\"", &s), T::String);
    assert_eq!(expr_type("42", &s), T::Int);
    assert_eq!(expr_type("4.5", &s), T::Number);
    assert_eq!(expr_type("false", &s), T::Bool);
    assert_eq!(expr_type("null", &s), T::None);
}

#[test]
fn type_checking_evaluates_nothing() {
    let never = Function::builder()
        .param(Parameter::new("x", Type::Number))
        .returns(Type::String)
        .build(|_, _| panic!("the type checker must not call functions"));
    let functions = FunctionSignatures::from_functions([("never", &never)]);
    let functions = functions.with("typed", Signature::new(T::Bool).param("v", T::Dynamic));
    let (file, expr, _) = parse_expression(
        b"[never(1 / 0), typed(never(2))]",
        "t",
        Pos::start(),
        &ParseOptions::default(),
    );
    let (ty, diags) = check_expression(&file, expr, &Scope::new(), &functions);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(ty, T::tuple([T::String, T::Bool]));
}

#[test]
fn eventual_types_propagate_through_operations() {
    let scope = Scope::new()
        .with("o", T::output(T::Int))
        .with("p", T::promise(T::Bool));
    assert_eq!(expr_type("o + 1", &scope), T::output(T::Int));
    assert_eq!(expr_type("\"#${o}\"", &scope), T::output(T::String));
    assert_eq!(expr_type("p ? 1 : 2", &scope), T::promise(T::Int));
    assert_eq!(
        expr_type("[for x in [o]: x]", &scope),
        T::list(T::output(T::Int))
    );
    assert_eq!(expr_type("p && o > 1", &scope), T::output(T::Bool));
}
