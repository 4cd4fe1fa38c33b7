//! Expressions of the JSON syntax ("Expressions" and "Static Analysis" of
//! the JSON syntax spec): one test per rule, named after it, then the
//! ranges of templates inside strings, which map back to the exact bytes
//! of the JSON source.
//!
//! Expected values and diagnostics were checked against the Go
//! implementation (`json.ParseExpression`, `Expression.Value`,
//! `Variables`, `hcl.ExprList`, `ExprMap`, `ExprCall`,
//! `AbsTraversalForExpr`, `RelTraversalForExpr`), except where a test says
//! it checks a deviation.

use hcl_core::function::{Function, Parameter};
use hcl_core::json::{JsonExpression, JsonOptions, parse_expression};
use hcl_core::{Diagnostics, EvalContext, Expression, Number, Range, Type, Value};
use hcl_core::{Traversal, Traverser};

fn expr(src: &str) -> JsonExpression {
    let (e, d) = parse_expression(src.as_bytes(), "e.json", &JsonOptions::default());
    assert!(d.is_empty(), "{src}: {d:?}");
    e
}

fn ctx() -> EvalContext {
    let mut ctx = EvalContext::new();
    let vars = [
        ("name", Value::string("web")),
        ("n", Value::number(3)),
        (
            "list",
            Value::tuple([Value::string("a"), Value::string("b")]),
        ),
        ("unk", Value::unknown(Type::String)),
        ("nul", Value::null(Type::String)),
    ];
    for (name, value) in vars {
        ctx.declare_variable(name, value).expect("declare");
    }
    let upper = Function::builder()
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            Ok(Value::string(
                args[0].as_str().unwrap_or_default().to_uppercase(),
            ))
        });
    ctx.declare_function("upper", upper).expect("declare");
    ctx
}

fn full(src: &str) -> (Value, Vec<String>) {
    let (v, d) = expr(src).value(&ctx());
    (v, diags(&d))
}

fn literal(src: &str) -> (Value, Vec<String>) {
    let (v, d) = expr(src).value(&EvalContext::literal_only());
    (v, diags(&d))
}

fn opt(range: &Option<Range>) -> String {
    range
        .as_ref()
        .map_or_else(|| "-".to_owned(), ToString::to_string)
}

fn diags(diags: &Diagnostics) -> Vec<String> {
    diags
        .iter()
        .map(|d| {
            let mut line = format!("{} | {} | {}", d.summary, d.detail, opt(&d.subject));
            if d.context.is_some() {
                line.push_str(&format!(" | {}", opt(&d.context)));
            }
            line
        })
        .collect()
}

fn steps(t: &Traversal) -> String {
    t.steps()
        .iter()
        .map(|s| match s {
            Traverser::Root { name, range } => format!("root {name} {range}"),
            Traverser::Attr { name, range } => format!("attr {name} {range}"),
            Traverser::Index { key, range } => format!("index {key} {range}"),
            Traverser::Splat { range, .. } => format!("splat {range}"),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn variables(src: &str) -> Vec<String> {
    expr(src).variables().iter().map(steps).collect()
}

const NONE: Vec<String> = Vec::new();

// ---------------------------------------------------------------------------
// Objects

#[test]
fn object_is_an_object_value() {
    assert_eq!(
        full(r#"{"a": 1, "b": {"c": true}}"#),
        (
            Value::object([
                ("a", Value::number(1)),
                ("b", Value::object([("c", Value::bool(true))]))
            ]),
            NONE
        )
    );
    assert_eq!(full("{}"), (Value::empty_object(), NONE));
}

#[test]
fn object_property_names_are_string_templates() {
    // "The property name string given in the JSON input is interpreted as
    // a string expression", values "by again recursively applying the
    // mapping rules".
    assert_eq!(
        full(r#"{"${name}": 1, "b": [1, "${n}"]}"#),
        (
            Value::object([
                ("web", Value::number(1)),
                ("b", Value::tuple([Value::number(1), Value::number(3)]))
            ]),
            NONE
        )
    );
    // A number result is converted to a string.
    assert_eq!(
        full(r#"{"${n}": true}"#).0,
        Value::object([("3", Value::bool(true))])
    );
    // In literal-only mode, names are literal too.
    assert_eq!(
        literal(r#"{"${name}": 1}"#).0,
        Value::object([("${name}", Value::number(1))])
    );
}

#[test]
fn object_property_name_that_is_not_a_string_is_an_error() {
    // "If such a conversion is not possible, an error is produced and
    // evaluation fails." (As Go, the property is left out.)
    assert_eq!(
        full(r#"{"${list}": 1}"#),
        (
            Value::empty_object(),
            vec![
                "Invalid object key expression | Cannot use this expression as an object key: string required. | e.json:1,2-11".to_owned()
            ]
        )
    );
}

#[test]
fn object_property_name_null_is_an_error() {
    assert_eq!(
        full(r#"{"${nul}": 1}"#),
        (
            Value::empty_object(),
            vec![
                "Invalid object key expression | Cannot use null value as an object key. | e.json:1,2-10".to_owned()
            ]
        )
    );
}

#[test]
fn object_property_name_unknown_makes_the_object_dynamic() {
    // "If any produce unknown values, the entire object's result is an
    // unknown value of the dynamic pseudo-type."
    assert_eq!(full(r#"{"${unk}": 1, "b": 2}"#), (Value::dynamic(), NONE));
}

#[test]
fn object_duplicate_property_names_are_an_error() {
    // "It is an error to define the same property name multiple times
    // within a single JSON object interpreted as an expression." The first
    // definition is kept, as in Go.
    let want = (
        Value::object([("a", Value::number(1))]),
        vec![
            "Duplicate object attribute | An attribute named \"a\" was already defined at e.json:1,2-5. | e.json:1,10-13".to_owned(),
        ],
    );
    assert_eq!(full(r#"{"a": 1, "a": 2}"#), want);
    assert_eq!(literal(r#"{"a": 1, "a": 2}"#), want);
}

#[test]
fn object_duplicate_names_after_evaluation_are_an_error() {
    // "In full expression mode, this constraint applies to the name
    // expression results after conversion to string, rather than the raw
    // string."
    assert_eq!(
        full(r#"{"a": 1, "${\"a\"}": 2}"#),
        (
            Value::object([("a", Value::number(1))]),
            vec![
                "Duplicate object attribute | An attribute named \"a\" was already defined at e.json:1,2-5. | e.json:1,10-20".to_owned()
            ]
        )
    );
    // In literal-only mode the raw names differ: no error.
    assert_eq!(literal(r#"{"a": 1, "${\"a\"}": 2}"#).1, NONE);
    // Names equal after Unicode normalisation are the same name.
    assert_eq!(literal("{\"é\": 1, \"e\u{301}\": 2}").1.len(), 1);
}

// ---------------------------------------------------------------------------
// Arrays, numbers, booleans, null

#[test]
fn array_is_a_tuple_value() {
    assert_eq!(
        full(r#"[1, "a", null, true, false, {}, []]"#),
        (
            Value::tuple([
                Value::number(1),
                Value::string("a"),
                Value::null(Type::Dynamic),
                Value::bool(true),
                Value::bool(false),
                Value::empty_object(),
                Value::empty_tuple(),
            ]),
            NONE
        )
    );
}

#[test]
fn number_is_an_exact_number() {
    // "A JSON HCL parser must be able to translate exactly the value given
    // to a number of corresponding precision."
    let n = |s: &str| Value::number(Number::parse_literal(s).expect("number"));
    assert_eq!(full("0.1").0, n("0.1"));
    assert_eq!(full("1e400").0, n("1e400"));
    let big = format!("123456789{}", "0123456789".repeat(19));
    assert_eq!(
        full(&big).0.as_number().map(ToString::to_string),
        Some(big.clone())
    );
    assert_eq!(full("-2.5E-3").0, n("-0.0025"));
    // Literal-only mode is the same.
    assert_eq!(literal("0.1").0, n("0.1"));
}

#[test]
fn number_in_template_interpolation() {
    // "an embedded template interpolation can be used to faithfully
    // represent a number, such as "${1e150}"".
    assert_eq!(
        full(r#""${1e150}""#).0,
        Value::number(Number::parse_literal("1e150").expect("number"))
    );
    // A number given as a string converts by the standard rules.
    let v = full(r#""123456789012345678901234567890""#).0;
    assert_eq!(
        hcl_core::convert::convert(&v, &Type::Number).expect("converts"),
        Value::number(Number::parse_literal("123456789012345678901234567890").expect("number"))
    );
}

#[test]
fn booleans_are_bool_values() {
    assert_eq!(full("true"), (Value::bool(true), NONE));
    assert_eq!(literal("false"), (Value::bool(false), NONE));
}

#[test]
fn null_is_null_of_the_dynamic_pseudo_type() {
    assert_eq!(full("null"), (Value::null(Type::Dynamic), NONE));
    assert_eq!(literal("null").0.ty(), &Type::Dynamic);
}

// ---------------------------------------------------------------------------
// Strings

#[test]
fn string_in_literal_only_mode_is_literal() {
    // "Template interpolations and directives MUST NOT be processed in this
    // mode, allowing any characters that appear as introduction sequences
    // to pass through literally."
    let src = r#""Hello world! Template sequences like ${ are not intepreted here.""#;
    assert_eq!(
        literal(src),
        (
            Value::string("Hello world! Template sequences like ${ are not intepreted here."),
            NONE
        )
    );
    assert_eq!(
        literal(r#""$${x} %{ if y }""#).0,
        Value::string("$${x} %{ if y }")
    );
}

#[test]
fn string_in_full_expression_mode_is_a_template() {
    let mut ctx = ctx();
    ctx.declare_variable("name", Value::string("you"))
        .expect("declare");
    let (v, d) =
        expr(r#""Hello, ${name}! Template sequences are interpreted in full expression mode.""#)
            .value(&ctx);
    assert!(d.is_empty());
    assert_eq!(
        v,
        Value::string("Hello, you! Template sequences are interpreted in full expression mode.")
    );
    assert_eq!(
        full(r#""%{ if n > 2 }big%{ else }small%{ endif } ${upper(name)}""#).0,
        Value::string("big WEB")
    );
    assert_eq!(full(r#""$${x} %%{y}""#).0, Value::string("${x} %{y}"));
    // Unknown and null values flow through.
    assert_eq!(full(r#""${unk}""#).0, Value::unknown(Type::String));
    assert_eq!(full(r#""x${unk}""#).0, Value::unknown(Type::String));
    assert_eq!(full(r#""${nul}""#).0, Value::null(Type::String));
}

#[test]
fn template_interpolation_unwrapping() {
    // "the result must be a number, rather than a string representation".
    let mut ctx = ctx();
    ctx.declare_variable("a", Value::number(1))
        .expect("declare");
    ctx.declare_variable("b", Value::number(2))
        .expect("declare");
    let (v, d) = expr(r#""${ a + b }""#).value(&ctx);
    assert!(d.is_empty());
    assert_eq!(v, Value::number(3));
    assert_eq!(
        full(r#""${list}""#).0,
        Value::tuple([Value::string("a"), Value::string("b")])
    );
    // With anything around it, the result is a string.
    assert_eq!(full(r#""${n} ""#).0, Value::string("3 "));
}

#[test]
fn template_errors_are_reported_in_the_json_source() {
    // A template that does not parse: its errors, and the dynamic value
    // (as Go).
    assert_eq!(
        full(r#""abc ${""#),
        (
            Value::dynamic(),
            vec![
                "Missing expression | Expected the start of an expression, but found the end of the file. | e.json:1,8-8".to_owned()
            ]
        )
    );
    // A range written in a detail is mapped too.
    assert_eq!(
        full(r#""%{ if true }x""#).1,
        [
            "Unexpected end of template | The if directive at e.json:1,2-14 is missing its corresponding endif directive. | e.json:1,15-15"
        ]
    );
    // Evaluation errors, with subject and context.
    assert_eq!(
        full(r#""${upper(list)}""#),
        (
            Value::dynamic(),
            vec![
                "Invalid function argument | Invalid value for \"str\" parameter: string required. | e.json:1,10-14 | e.json:1,4-15".to_owned()
            ]
        )
    );
    // Literal-only mode does not parse the template at all.
    assert_eq!(literal(r#""abc ${""#).1, NONE);
}

#[test]
fn variables_are_found_in_strings_names_and_nested_values() {
    assert_eq!(
        variables(r#"{"${name}": [1, "${n + list[0]}"], "k": {"x": "${unk.a}"}}"#),
        [
            "root name e.json:1,5-9",
            "root n e.json:1,20-21",
            "root list e.json:1,24-28; index 0 e.json:1,28-31",
            "root unk e.json:1,50-53; attr a e.json:1,53-55",
        ]
    );
    // A template that does not parse has none (as Go).
    assert!(variables(r#"["${a", "${b}"]"#).len() == 1);
    assert!(variables("[1, true, null]").is_empty());
}

#[test]
fn template_is_parsed_once_and_shared() {
    // Evaluating many times gives the same results (the template is
    // parsed the first time and kept with the document).
    let e = expr(r#"["${n + 1}", "${n + 1}"]"#);
    let first = e.value(&ctx());
    for _ in 0..3 {
        assert_eq!(e.value(&ctx()), first);
        assert_eq!(e.clone().variables().len(), 2);
    }
    assert_eq!(first.0, Value::tuple([Value::number(4), Value::number(4)]));
}

// ---------------------------------------------------------------------------
// Static analysis

#[test]
fn static_list_of_an_array() {
    // "An expression interpreted as a static list must be a JSON array.
    // Each of the values in the array is interpreted as an expression."
    let list = expr(r#"[1, "a", {"b": 2}]"#).static_list().expect("array");
    let ranges: Vec<String> = list.iter().map(|e| e.range().to_string()).collect();
    assert_eq!(ranges, ["e.json:1,2-3", "e.json:1,5-8", "e.json:1,10-18"]);
    assert_eq!(list[1].value(&ctx()).0, Value::string("a"));
    // Anything else is an error, at its start (as Go).
    let err = expr(r#"{"a": 1}"#).static_list().expect_err("not an array");
    assert_eq!(
        diags(&err),
        ["Invalid expression | A static list expression is required. | e.json:1,1-2"]
    );
    let err = expr(r#""[1, 2]""#).static_list().expect_err("a string");
    assert_eq!(
        diags(&err),
        ["Invalid expression | A static list expression is required. | e.json:1,1-9"]
    );
}

#[test]
fn static_map_of_an_object() {
    // "Each of the key/value pairs in the object is presented as a pair of
    // expressions ... evaluating the key expression with a non-nil
    // evaluation context will evaluate any template sequences given in the
    // property name."
    let pairs = expr(r#"{"${name}": 1, "b": "${n}"}"#)
        .static_map()
        .expect("object");
    let got: Vec<String> = pairs
        .iter()
        .map(|p| {
            format!(
                "{}={} {} {} {}",
                p.key.range(),
                p.value.range(),
                p.key.value(&ctx()).0,
                p.key.value(&EvalContext::literal_only()).0,
                p.value.value(&ctx()).0,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            r#"e.json:1,2-11=e.json:1,13-14 "web" "${name}" 1"#,
            r#"e.json:1,16-19=e.json:1,21-27 "b" "b" 3"#,
        ]
    );
    assert_eq!(pairs[0].key.variables().len(), 1);
    let err = expr("[1]").static_map().expect_err("not an object");
    assert_eq!(
        diags(&err),
        ["Invalid expression | A static map expression is required. | e.json:1,1-2"]
    );
}

#[test]
fn static_call_of_a_string() {
    // "The content of the string is interpreted as a native syntax
    // expression (not a template ...) and then the static call analysis is
    // delegated to that expression."
    let call = expr(r#""upper(\"x\", list...)""#)
        .static_call()
        .expect("a call");
    assert_eq!(call.name, "upper");
    assert_eq!(call.name_range.to_string(), "e.json:1,2-7");
    assert_eq!(call.args_range.to_string(), "e.json:1,7-23");
    assert_eq!(call.range.to_string(), "e.json:1,2-23");
    assert!(call.expand_final);
    let args: Vec<String> = call
        .arguments
        .iter()
        .map(|a| a.range().to_string())
        .collect();
    assert_eq!(args, ["e.json:1,8-13", "e.json:1,15-19"]);
    // The arguments are native expressions, their ranges in the JSON file.
    assert_eq!(call.arguments[0].value(&ctx()).0, Value::string("x"));
    let (_, d) = call.arguments[1].value(&EvalContext::new());
    assert_eq!(
        diags(&d),
        ["Unknown variable | There is no variable named \"list\". | e.json:1,15-19"]
    );
}

#[test]
fn static_call_of_other_values_is_not_supported() {
    // "If the original expression is not a string or its contents cannot
    // be parsed as a native syntax expression then static call analysis is
    // not supported."
    for (src, subject) in [
        ("[1]", "e.json:1,1-2"),
        (r#""foo(""#, "e.json:1,1-7"),
        (r#""a + b""#, "e.json:1,1-8"),
    ] {
        let err = expr(src).static_call().expect_err("not a call");
        assert_eq!(
            diags(&err),
            [format!(
                "Invalid expression | A static function call is required. | {subject}"
            )]
        );
    }
}

#[test]
fn static_traversal_of_a_string() {
    let t = expr(r#""a.b[0][\"c\"]""#)
        .static_traversal_abs()
        .expect("a traversal");
    assert_eq!(
        steps(&t),
        r#"root a e.json:1,2-3; attr b e.json:1,3-5; index 0 e.json:1,5-8; index "c" e.json:1,8-15"#
    );
    let t = expr(r#""a.b""#)
        .static_traversal_rel()
        .expect("a traversal");
    assert_eq!(steps(&t), "attr a e.json:1,2-3; attr b e.json:1,3-5");
    // Keywords are traversals too, as in the native syntax.
    let t = expr(r#""true""#)
        .static_traversal_abs()
        .expect("a traversal");
    assert_eq!(steps(&t), "root true e.json:1,2-6");
}

#[test]
fn static_traversal_of_other_values_is_not_supported() {
    let detail = "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.";
    for (src, subject) in [
        ("{}", "e.json:1,1-3"),
        (r#""a + b""#, "e.json:1,1-8"),
        (r#""${a}""#, "e.json:1,1-7"),
        (r#""a.""#, "e.json:1,1-5"),
    ] {
        let e = expr(src);
        for err in [
            e.static_traversal_abs().expect_err("not a traversal"),
            e.static_traversal_rel().expect_err("not a traversal"),
        ] {
            assert_eq!(
                diags(&err),
                [format!("Invalid expression | {detail} | {subject}")]
            );
        }
    }
}

#[test]
fn static_analyses_of_native_parts_are_mapped_too() {
    // The arguments of a static call are native expressions: their own
    // static analyses report JSON ranges.
    let call = expr(r#""f([1, x], {k = v})""#)
        .static_call()
        .expect("a call");
    let list = call.arguments[0].static_list().expect("a tuple");
    let ranges: Vec<String> = list.iter().map(|e| e.range().to_string()).collect();
    assert_eq!(ranges, ["e.json:1,5-6", "e.json:1,8-9"]);
    assert_eq!(
        steps(&list[1].static_traversal_abs().expect("x")),
        "root x e.json:1,8-9"
    );
    let map = call.arguments[1].static_map().expect("an object");
    assert_eq!(map[0].key.range().to_string(), "e.json:1,13-14");
    assert_eq!(map[0].value.start_range().to_string(), "e.json:1,17-18");
    let err = call.arguments[0].static_call().expect_err("not a call");
    assert_eq!(
        diags(&err),
        ["Invalid expression | A static function call is required. | e.json:1,4-5"]
    );
}

// ---------------------------------------------------------------------------
// Deviations from Go (`docs/deviations.md`)

/// Ranges inside a string are exact: the template is parsed from the
/// decoded text, and every range it reports (diagnostics, variables, the
/// static analyses) is mapped back through the string's escapes. Go
/// parses from the decoded text starting one column after the quote, so
/// its ranges drift after an escape: here it reports `nope` at
/// `e.json:1,6-10` and `name.x` at `1,18-24`, and after a `\n` escape it
/// even moves to line 2. Its static call and traversal ranges start at the
/// quote (`foo` at `1,1-4` for `"foo(a, b)"`).
#[test]
fn deviation_json_string_ranges_are_exact_after_escapes() {
    let src = r#""\u00e9\t${nope} and ${name.x}""#;
    assert_eq!(
        full(src).1,
        [
            "Unknown variable | There is no variable named \"nope\". | e.json:1,12-16",
            "Unsupported attribute | Can't access attributes on a primitive-typed value (string). | e.json:1,28-30",
        ]
    );
    assert_eq!(
        variables(src),
        [
            "root nope e.json:1,12-16",
            "root name e.json:1,24-28; attr x e.json:1,28-30"
        ]
    );
    // The subject is the very bytes of the name in the source.
    let range = expr(src).variables()[0].steps()[0].range().clone();
    assert_eq!(range.slice(src), Some("nope"));
    // A newline escape does not start a new line of the JSON file.
    assert_eq!(variables(r#""\n${x}""#), ["root x e.json:1,6-7"]);
    // An escape inside the name: the range covers the escape.
    let t = expr(r#""\u0061.b""#).static_traversal_abs().expect("a.b");
    assert_eq!(steps(&t), "root a e.json:1,2-8; attr b e.json:1,8-10");
    let call = expr(r#""foo(a, b)""#).static_call().expect("a call");
    assert_eq!(call.name_range.to_string(), "e.json:1,2-5");
}

// ---------------------------------------------------------------------------
// Semantics: the templates inside JSON strings follow the context's rule set

/// Evaluates `src` with the test context in `sem`: the value, its type, and
/// the warnings' subjects (after checking that there is no error).
fn with_semantics(src: &str, sem: hcl_core::Semantics) -> (String, Vec<String>) {
    let mut ctx = ctx();
    ctx.set_semantics(sem);
    let (v, d) = expr(src).value(&ctx);
    assert!(!d.has_errors(), "{src}: {d:?}");
    let warnings = d
        .iter()
        .filter(|d| d.severity == hcl_core::Severity::Warning)
        .map(|d| format!("{} | {}", d.summary, opt(&d.subject)))
        .collect();
    (format!("{v:?} : {}", v.ty()), warnings)
}

const DIFFERS: &str = "Result differs from HashiCorp's HCL";

#[test]
fn go_mode_json_templates_follow_go() {
    use hcl_core::Semantics::Go;
    // docs/deviations.md rows 20-22, in the JSON syntax.
    for (src, go) in [
        (
            r#"{"a": "${false ? {name = \"n\", key = \"k\"} : {}}"}"#,
            r#"{ "a" = {} } : object({a=map(string)})"#,
        ),
        (
            r#"{"a": "${nul == null ? {} : {1 = 1}}"}"#,
            r#"{ "a" = {} } : object({a=map(number)})"#,
        ),
        (
            r#""${true ? (true ? [7] : []) : []}""#,
            "[7] : list(number)",
        ),
        (
            r#""${[for p in list : \"${unk}:${p}\"]}""#,
            "[(unknown string), (unknown string)] : tuple([string,string])",
        ),
    ] {
        assert_eq!(with_semantics(src, Go), (go.to_owned(), vec![]), "{src}");
    }
}

#[test]
fn spec_mode_json_templates_warn_where_go_differs() {
    use hcl_core::Semantics::Spec;
    assert_eq!(
        with_semantics(r#"{"a": "${false ? {name = \"n\", key = \"k\"} : {}}"}"#, Spec),
        (
            r#"{ "a" = { "key" = null, "name" = null } } : object({a=object({key=string,name=string})})"#
                .to_owned(),
            vec![format!("{DIFFERS} | e.json:1,10-50")]
        )
    );
    assert_eq!(
        with_semantics(r#""${[for p in list : \"${unk}:${p}\"]}""#, Spec),
        (
            "(unknown any) : any".to_owned(),
            vec![format!("{DIFFERS} | e.json:1,4-37")]
        )
    );
    // Where the rule sets agree, no warning.
    assert_eq!(
        with_semantics(r#""${true ? {a = 1} : {a = 2}}""#, Spec).1,
        Vec::<String>::new()
    );
    assert_eq!(
        with_semantics(r#""${[for p in list : p]}""#, Spec).1,
        Vec::<String>::new()
    );
}
