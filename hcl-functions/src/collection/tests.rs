//! Terraform's documented examples for its own collection functions, the
//! limits, and the cases where cty panics (so the differential corpus
//! cannot hold them).

use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
use hcl_core::{EvalContext, Expression, Pos, Type, Value};

use super::*;

fn context() -> EvalContext {
    let mut ctx = EvalContext::new();
    crate::Library::empty()
        .family(crate::Family::Collection)
        .install(&mut ctx)
        .expect("functions");
    let vars = [
        ("u_str", Value::unknown(Type::String)),
        ("u_bool", Value::unknown(Type::Bool)),
        ("s_one", Value::set([Value::string("hello")]).expect("set")),
        (
            "s_unknowns",
            Value::set([Value::unknown(Type::String), Value::unknown(Type::String)]).expect("set"),
        ),
    ];
    for (name, v) in vars {
        ctx.declare_variable(name, v).expect("variable");
    }
    ctx
}

/// The value of an expression, or the detail of its first diagnostic.
fn eval(src: &str) -> Result<Value, String> {
    let (file, id, diags) = parse_expression(
        src.as_bytes(),
        "test.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    assert!(!diags.has_errors(), "{src}: {diags:?}");
    let (value, diags) = NativeExpression::new(file, id).value(&context());
    match diags.iter().next() {
        Some(d) => Err(d.detail.to_string()),
        None => Ok(value),
    }
}

fn ok(src: &str) -> String {
    match eval(src) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{src}: {e}"),
    }
}

fn err(src: &str) -> String {
    match eval(src) {
        Ok(v) => panic!("{src}: expected an error, got {v}"),
        Err(e) => e,
    }
}

fn s(text: &str) -> Value {
    Value::string(text)
}

// --- Terraform's documentation ---

#[test]
fn index_documented_example() {
    assert_eq!(ok(r#"index(["a", "b", "c"], "b")"#), "1");
}

#[test]
fn index_errors_and_unknowns() {
    assert_eq!(
        err(r#"index(["a", "b"], "z")"#),
        r#"Call to function "index" failed: item not found."#
    );
    assert_eq!(
        err(r#"index([], "z")"#),
        r#"Call to function "index" failed: cannot search an empty list."#
    );
    assert_eq!(
        err(r#"index({a = 1}, 1)"#),
        r#"Call to function "index" failed: argument must be a list or tuple."#
    );
    assert_eq!(ok(r#"index([1, "a", true], true)"#), "2");
    assert_eq!(ok(r#"index(["a", u_str], "a")"#), "0");
    assert_eq!(ok(r#"index(["a", u_str], "b")"#), "(unknown number)");
}

#[test]
fn alltrue_documented_examples() {
    assert_eq!(ok(r#"alltrue(["true", true])"#), "true");
    assert_eq!(ok("alltrue([true, false])"), "false");
    assert_eq!(ok("alltrue([])"), "true");
    assert_eq!(ok("alltrue([true, null])"), "false");
    assert_eq!(ok("alltrue([u_bool, false])"), "(unknown bool)");
    assert_eq!(ok("alltrue([false, u_bool])"), "false");
    assert!(err(r#"alltrue(["yes"])"#).contains("a bool is required"));
}

#[test]
fn anytrue_documented_examples() {
    assert_eq!(ok(r#"anytrue(["true"])"#), "true");
    assert_eq!(ok("anytrue([true])"), "true");
    assert_eq!(ok("anytrue([true, false])"), "true");
    assert_eq!(ok("anytrue([])"), "false");
    assert_eq!(ok("anytrue([null, false])"), "false");
    assert_eq!(ok("anytrue([u_bool, false])"), "(unknown bool)");
    assert_eq!(ok("anytrue([u_bool, true])"), "true");
}

#[test]
fn one_documented_examples() {
    assert_eq!(ok("one([])"), "null");
    assert_eq!(ok(r#"one(["hello"])"#), r#""hello""#);
    assert_eq!(
        err(r#"one(["hello", "goodbye"])"#),
        r#"Invalid value for "list" parameter: must be a list, set, or tuple value with either zero or one elements."#
    );
    assert_eq!(ok("one(s_one)"), r#""hello""#);
    // Two unknown set elements may turn out to be one.
    assert_eq!(ok("one(s_unknowns)"), "(unknown string)");
    assert!(err(r#"one("x")"#).contains("either zero or one elements"));
    assert!(err("one({a = 1})").contains("either zero or one elements"));
}

#[test]
fn one_keeps_the_types() {
    let f = one();
    let empty = Value::list_of(Type::Number, []).unwrap();
    assert_eq!(f.call(&[empty]).unwrap(), Value::null(Type::Number));
    assert_eq!(
        f.call(&[Value::empty_tuple()]).unwrap(),
        Value::null(Type::Dynamic)
    );
}

#[test]
fn transpose_documented_example() {
    assert_eq!(
        ok(r#"transpose({"a" = ["1", "2"], "b" = ["2", "3"]})"#),
        r#"{ "1" = ["a"], "2" = ["a", "b"], "3" = ["b"] }"#
    );
    assert_eq!(ok("transpose({})"), "{}");
    assert_eq!(
        ok(r#"transpose({"b" = ["x"], "a" = ["x", "x"]})"#),
        r#"{ "x" = ["a", "a", "b"] }"#
    );
    assert_eq!(
        ok(r#"transpose({"a" = [u_str]})"#),
        "(unknown map(list(string)))"
    );
}

#[test]
fn transpose_nulls_are_errors_not_panics() {
    // Terraform panics on both (it reads a null as a list or a string).
    assert_eq!(
        err(r#"transpose({"a" = null})"#),
        r#"Invalid value for "values" parameter: the list for key "a" is null."#
    );
    assert_eq!(
        err(r#"transpose({"a" = ["x", null]})"#),
        r#"Invalid value for "values" parameter: the list for key "a" holds a null string."#
    );
}

#[test]
fn matchkeys_documented_example() {
    assert_eq!(
        ok(
            r#"matchkeys(["i-123", "i-abc", "i-def"], ["us-west", "us-east", "us-east"], ["us-east"])"#
        ),
        r#"["i-abc", "i-def"]"#
    );
}

#[test]
fn matchkeys_edge_cases() {
    assert_eq!(ok(r#"matchkeys([1, 2, 3], ["a", "b", "c"], [])"#), "[]");
    assert_eq!(
        ok(r#"matchkeys([1, 2, 3], ["a", "b", "c"], ["c", "a"])"#),
        "[1, 3]"
    );
    assert_eq!(ok(r#"matchkeys([1, 2], [1, 2], ["2"])"#), "[2]");
    assert_eq!(
        err(r#"matchkeys([1, 2], ["a"], ["a"])"#),
        r#"Call to function "matchkeys" failed: length of keys and values should be equal."#
    );
    assert_eq!(
        err(r#"matchkeys([1], [true], [[1]])"#),
        r#"Call to function "matchkeys" failed: keys and searchset must be of the same type."#
    );
    // Unknown values or keys: an unknown list.
    assert_eq!(
        ok(r#"matchkeys([u_str], ["a"], ["a"])"#),
        "(unknown list(string))"
    );
    // An unknown search element before any match: an empty list, as
    // Terraform's loop does; a match before it is kept.
    assert_eq!(ok(r#"matchkeys([1, 2], ["a", "b"], [u_str, "a"])"#), "[]");
    assert_eq!(ok(r#"matchkeys([1, 2], ["a", "b"], ["a", u_str])"#), "[]");
    assert_eq!(ok(r#"matchkeys([1], ["a"], ["a", u_str])"#), "[1]");
}

#[test]
fn matchkeys_is_not_quadratic() {
    let n = 20_000;
    let keys: Vec<Value> = (0..n).map(|i| s(&format!("k{i}"))).collect();
    let values: Vec<Value> = (0..n).map(Value::number).collect();
    let search: Vec<Value> = (0..n).rev().map(|i| s(&format!("k{i}"))).collect();
    let got = matchkeys()
        .call(&[
            Value::list(values).unwrap(),
            Value::list(keys).unwrap(),
            Value::list(search).unwrap(),
        ])
        .unwrap();
    assert_eq!(got.len(), Some(20_000));
}

// --- cty functions: what the corpus cannot hold ---

#[test]
fn zipmap_null_key_with_list_values_is_an_error() {
    // cty panics here ("value is null"); the tuple case has this message.
    assert_eq!(
        err(r#"zipmap(["a", null], tolist_values)"#.replace("tolist_values", r#"concat(["x"], ["y"])"#).as_str()),
        r#"Call to function "zipmap" failed: keys list has null value at index 1."#
    );
}

#[test]
fn range_limit() {
    assert_eq!(eval("range(1024)").unwrap().len(), Some(RANGE_LIMIT));
    let limit = r#"Call to function "range" failed: more than 1024 values were generated; either decrease the difference between start and end or use a smaller step."#;
    assert_eq!(err("range(1025)"), limit);
    assert_eq!(err("range(1e300)"), limit);
    assert_eq!(err("range(1/0)"), limit);
    assert_eq!(err("range(0, 1, 0)"), limit);
    assert_eq!(ok("range(0, 0, 0)"), "[]");
}

#[test]
fn range_arithmetic_errors_are_errors() {
    // Infinity plus negative infinity has no value: cty panics.
    assert!(err("range(-1/0, 0, 1/0)").starts_with(r#"Call to function "range" failed"#));
}

#[test]
fn flatten_deep_nesting_without_recursion() {
    let mut v = Value::list([s("deep")]).unwrap();
    for _ in 0..2_000 {
        v = Value::list([v]).unwrap();
    }
    let got = flatten().call(&[v]).unwrap();
    assert_eq!(got, Value::tuple([s("deep")]));
}

#[test]
fn distinct_is_not_quadratic() {
    let n = 100_000;
    let list = Value::list((0..n).map(|i| Value::number(i % 1000))).unwrap();
    let got = distinct().call(&[list]).unwrap();
    assert_eq!(got.len(), Some(1000));
    let strings = Value::list((0..n).map(|i| s(&format!("s{i}")))).unwrap();
    assert_eq!(distinct().call(&[strings]).unwrap().len(), Some(100_000));
}

#[test]
fn distinct_by_equality_of_collections() {
    assert_eq!(
        ok(r#"distinct([{a = [1, 2]}, {a = [1, 2]}, {a = [2, 1]}])"#),
        "[{ \"a\" = [1, 2] }, { \"a\" = [2, 1] }]"
    );
}

#[test]
fn chunklist_huge_size_is_one_chunk() {
    assert_eq!(ok(r#"chunklist(["a", "b"], 1e15)"#), r#"[["a", "b"]]"#);
}

#[test]
fn element_huge_index_wraps() {
    assert_eq!(
        ok(r#"element(["a", "b", "c"], 9223372036854775807)"#),
        r#""b""#
    );
}

#[test]
fn functions_are_all_listed() {
    let names: Vec<&str> = functions().into_iter().map(|(n, _)| n).collect();
    for name in [
        "alltrue",
        "anytrue",
        "chunklist",
        "coalesce",
        "coalescelist",
        "compact",
        "concat",
        "contains",
        "distinct",
        "element",
        "flatten",
        "index",
        "keys",
        "length",
        "lookup",
        "matchkeys",
        "merge",
        "one",
        "range",
        "reverse",
        "slice",
        "sort",
        "transpose",
        "values",
        "zipmap",
    ] {
        assert!(names.contains(&name), "{name}");
    }
}

/// Go's result was recorded with go-cty's `stdlib.LookupFunc`
/// (`tests/differential/cases/semantics.txt`).
#[test]
fn go_mode_lookup_default_converts_by_go_rules() {
    use hcl_core::Semantics;
    let m_num = Value::map([("a", Value::number(1))]).expect("map");
    let args = [m_num, Value::string("z"), Value::string("1e3")];
    // Go: `lookup(m_num, "z", "1e3")` is 1000.
    let go = lookup().call_with(&args, Semantics::Go);
    assert_eq!(go.map_err(|e| e.to_string()), Ok(Value::number(1000)));
    // The spec: a string with an exponent is not a number.
    let spec = lookup()
        .call_with(&args, Semantics::Spec)
        .map_err(|e| e.to_string());
    let err = spec.expect_err("the spec refuses an exponent");
    assert!(
        err.contains("the default value must have the same type"),
        "{err}"
    );
}
