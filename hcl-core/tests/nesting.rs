//! Deep nesting on every path over user input: 1,000 levels are accepted
//! (and give the right value), far deeper input ends in one "too deep"
//! diagnostic, and neither overflows the stack of a thread spawned with
//! Rust's default 2 MiB (tests run in debug builds, whose frames are the
//! largest).

use hcl_core::body::{BlockHeaderSchema, BodySchema};
use hcl_core::extended::{FunctionSignatures, Scope, check_expression};
use hcl_core::json::{self, JsonOptions};
use hcl_core::native::{NativeExpression, ParseOptions, parse_config, parse_expression};
use hcl_core::{
    Diagnostics, DynBody, EvalContext, Expression, Pos, Severity, Type, Value, convert, cty_json,
    typeexpr,
};

/// The depth every path must accept.
const OK: usize = 1_000;
/// A depth far past every limit.
const DEEP: usize = 100_000;
/// Rust's default stack size for spawned threads.
const STACK: usize = 2 << 20;

/// Runs `f` on a thread with a 2 MiB stack (an overflow aborts the test
/// binary, which fails the test run).
fn small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("thread")
}

fn nest(open: &str, inner: &str, close: &str, n: usize) -> String {
    let mut s = String::with_capacity(n * (open.len() + close.len()) + inner.len());
    for _ in 0..n {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..n {
        s.push_str(close);
    }
    s
}

fn errors(diags: &Diagnostics) -> Vec<String> {
    diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.summary.to_string())
        .collect()
}

/// Asserts one error diagnostic, about nesting, with a subject range.
fn assert_one_too_deep(diags: &Diagnostics, what: &str) {
    let errs: Vec<_> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(errs.len(), 1, "{what}: {diags}");
    assert!(errs[0].summary.contains("too deep"), "{what}: {diags}");
    assert!(errs[0].subject.is_some(), "{what}: {diags}");
}

/// Parses, type-checks and evaluates `src`, and runs the static analyses:
/// the value, the parse diagnostics and those of checking and evaluation.
fn native_value(src: String) -> (Value, Diagnostics, Diagnostics) {
    let options = ParseOptions::default();
    let (file, id, diags) = parse_expression(src.as_bytes(), "deep.hcl", Pos::start(), &options);
    // The extended type checker walks the same tree.
    let (_, mut vdiags) = check_expression(&file, id, &Scope::new(), &FunctionSignatures::new());
    let expr = NativeExpression::new(file, id);
    let (value, more) = expr.value(&EvalContext::new());
    vdiags.extend(more);
    let _ = expr.variables();
    let _ = expr.static_list();
    (value, diags, vdiags)
}

/// Unwraps `n` single-element tuples (or one-attribute objects).
fn unwrap_n(mut v: &Value, n: usize) -> &Value {
    for _ in 0..n {
        v = match v.elements() {
            Some(e) => &e[0],
            None => v.get("a").expect("attribute a"),
        };
    }
    v
}

/// A named expression shape: its source at a depth, and the check of its
/// value.
type Shape = (&'static str, fn(usize) -> String, fn(&Value, usize));

/// The native expression shapes: source of depth `n`, and a check of the
/// value at `OK`.
fn shapes() -> Vec<Shape> {
    vec![
        (
            "tuple",
            |n| nest("[", "1", "]", n),
            |v, n| assert_eq!(unwrap_n(v, n), &Value::number(1)),
        ),
        (
            "object",
            |n| nest("{a = ", "1", "}", n),
            |v, n| assert_eq!(unwrap_n(v, n), &Value::number(1)),
        ),
        (
            "parentheses",
            |n| nest("(", "1", ")", n),
            |v, _| assert_eq!(v, &Value::number(1)),
        ),
        (
            "not",
            |n| nest("!", "true", "", n),
            |v, n| assert_eq!(v, &Value::bool(n % 2 == 0)),
        ),
        (
            "negation",
            |n| nest("- ", "1", "", n),
            |v, n| assert_eq!(v, &Value::number(if n % 2 == 0 { 1 } else { -1 })),
        ),
        (
            "conditional",
            |n| nest("true ? ", "1", " : 0", n),
            |v, _| assert_eq!(v, &Value::number(1)),
        ),
        (
            "sum",
            |n| nest("", "1", " + 1", n),
            |v, n| assert_eq!(v, &Value::number(n as i64 + 1)),
        ),
        (
            "template",
            |n| nest("\"${", "\"x\"", "}\"", n),
            |v, _| assert_eq!(v, &Value::string("x")),
        ),
        (
            "directive",
            |n| format!("\"{}\"", nest("%{if true}", "x", "%{endif}", n)),
            |v, _| assert_eq!(v, &Value::string("x")),
        ),
        (
            "for",
            |n| nest("[for x in ", "[1]", " : x]", n),
            |v, _| assert_eq!(v, &Value::tuple([Value::number(1)])),
        ),
        (
            "for-element",
            |n| nest("[for x in [1] : ", "x", "]", n),
            |v, n| assert_eq!(unwrap_n(v, n), &Value::number(1)),
        ),
        (
            "for-object",
            |n| nest("{for k, v in {a = 1} : k => ", "v", "}", n),
            |v, n| assert_eq!(unwrap_n(v, n), &Value::number(1)),
        ),
        (
            "index",
            |n| format!("{}{}", nest("[", "1", "]", n), "[0]".repeat(n)),
            |v, _| assert_eq!(v, &Value::number(1)),
        ),
        (
            "attribute",
            |n| format!("{}{}", nest("{a = ", "1", "}", n), ".a".repeat(n)),
            |v, _| assert_eq!(v, &Value::number(1)),
        ),
        (
            "index-in-index",
            |n| nest("[0, 1][", "1", "]", n),
            |v, _| assert_eq!(v, &Value::number(1)),
        ),
    ]
}

#[test]
fn native_expressions_1000_deep_evaluate() {
    for (name, make, check) in shapes() {
        let (value, diags, vdiags) = small_stack(move || native_value(make(OK)));
        assert!(errors(&diags).is_empty(), "{name}: {diags}");
        assert!(errors(&vdiags).is_empty(), "{name}: {vdiags}");
        check(&value, OK);
    }
}

#[test]
fn native_expressions_far_too_deep_give_one_diagnostic() {
    for (name, make, _) in shapes() {
        // Evaluating what the parser recovered must not overflow either
        // (its diagnostics follow from the parse error).
        let (_, diags, _) = small_stack(move || native_value(make(DEEP)));
        assert_one_too_deep(&diags, name);
    }
}

fn block_depth(body: DynBody) -> (usize, Diagnostics) {
    let schema = BodySchema::new().block(BlockHeaderSchema::new("b"));
    let mut body = body;
    let mut depth = 0;
    let mut diags = Diagnostics::new();
    loop {
        let (content, d) = body.content(&schema);
        diags.extend(d);
        match content.blocks.into_iter().next() {
            Some(block) => {
                depth += 1;
                body = block.body;
            }
            None => return (depth, diags),
        }
    }
}

#[test]
fn native_blocks() {
    let (depth, diags) = small_stack(|| {
        let src = nest("b {\n", "", "}\n", OK);
        let (file, diags) = parse_config(src.as_bytes(), "deep.hcl", &ParseOptions::default());
        assert!(diags.is_empty(), "{diags}");
        block_depth(std::sync::Arc::new(file.body()))
    });
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(depth, OK);
    let diags = small_stack(|| {
        let src = nest("b {\n", "", "}\n", DEEP);
        parse_config(src.as_bytes(), "deep.hcl", &ParseOptions::default()).1
    });
    assert_one_too_deep(&diags, "blocks");
}

#[test]
fn json_values() {
    for (open, close) in [("[", "]"), ("{\"a\": ", "}")] {
        let value = small_stack(move || {
            let src = nest(open, "1", close, OK);
            let (expr, diags) =
                json::parse_expression(src.as_bytes(), "d.json", &JsonOptions::default());
            assert!(diags.is_empty(), "{diags}");
            let (value, diags) = expr.value(&EvalContext::new());
            assert!(diags.is_empty(), "{diags}");
            let _ = expr.variables();
            value
        });
        assert_eq!(unwrap_n(&value, OK), &Value::number(1));
        let diags = small_stack(move || {
            let src = nest(open, "1", close, DEEP);
            let (expr, mut diags) =
                json::parse_expression(src.as_bytes(), "d.json", &JsonOptions::default());
            diags.extend(expr.value(&EvalContext::new()).1);
            diags
        });
        assert_one_too_deep(&diags, open);
    }
}

#[test]
fn json_blocks() {
    let (depth, diags) = small_stack(|| {
        let src = nest("{\"b\": ", "{}", "}", OK);
        let (file, diags) = json::parse(src.as_bytes(), "d.json");
        assert!(diags.is_empty(), "{diags}");
        block_depth(std::sync::Arc::new(file.body()))
    });
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(depth, OK);
}

#[test]
fn json_templates() {
    // A native expression 1,000 levels deep inside a JSON string.
    let value = small_stack(|| {
        let src = format!("\"${{{}}}\"", nest("[", "1", "]", OK));
        let (expr, diags) =
            json::parse_expression(src.as_bytes(), "d.json", &JsonOptions::default());
        assert!(diags.is_empty(), "{diags}");
        let (value, diags) = expr.value(&EvalContext::new());
        assert!(diags.is_empty(), "{diags}");
        value
    });
    assert_eq!(unwrap_n(&value, OK), &Value::number(1));
    let diags = small_stack(|| {
        let src = format!("\"${{{}}}\"", nest("[", "1", "]", DEEP));
        let (expr, _) = json::parse_expression(src.as_bytes(), "d.json", &JsonOptions::default());
        expr.value(&EvalContext::new()).1
    });
    assert_one_too_deep(&diags, "template");
}

fn deep_tuple(n: usize) -> Value {
    let mut v = Value::number(1);
    for _ in 0..n {
        v = Value::tuple([v]);
    }
    v
}

fn deep_list_type(n: usize) -> Type {
    let mut t = Type::Number;
    for _ in 0..n {
        t = Type::list(t);
    }
    t
}

#[test]
fn conversion_unification_equality_of_deep_values() {
    small_stack(|| {
        let v = deep_tuple(OK);
        let t = deep_list_type(OK);
        let list = convert::convert(&v, &t).expect("converts");
        assert_eq!(list.ty(), &t);
        assert_eq!(unwrap_n(&list, OK), &Value::number(1));
        assert!(v.equals(&deep_tuple(OK)).is_true());
        let unified = convert::unify(&[list.ty().clone(), t.clone()]).expect("unifies");
        assert_eq!(&unified.ty, &t);
        // A tuple type and a list type: unification works through every
        // level, and each input converts to the result.
        let unified = convert::unify(&[v.ty().clone(), t.clone()]).expect("unifies");
        assert!(convert::convert(&v, &unified.ty).is_ok());
        let text = cty_json::marshal(&list, &t).expect("marshal");
        assert!(text.starts_with(&"[".repeat(OK)));
        let typed = cty_json::marshal(&list, &Type::Dynamic).expect("marshal");
        assert!(typed.contains(&cty_json::marshal_type(&t).expect("type")));
        let _ = format!("{t} {} {list:?}", t.friendly_name());
        // Objects into maps.
        let mut object = Value::number(1);
        let mut map = Type::Number;
        for _ in 0..OK {
            object = Value::object([("a", object)]);
            map = Type::map(map);
        }
        let converted = convert::convert(&object, &map).expect("converts");
        assert_eq!(converted.ty(), &map);
        assert_eq!(unwrap_n(&converted, OK), &Value::number(1));
    });
}

#[test]
fn deep_values_drop() {
    small_stack(|| {
        drop(deep_tuple(DEEP));
        // Types nest only as deep as the values and type expressions that
        // make them.
        drop(deep_list_type(OK));
        let mut v = Value::number(1);
        for _ in 0..DEEP {
            v = Value::object([("a", v)]);
        }
        drop(v);
    });
}

#[test]
fn type_expressions() {
    small_stack(|| {
        let text = nest("list(", "string", ")", OK);
        let ty = typeexpr::parse_type(&text, "t").expect("type");
        let mut expect = Type::String;
        for _ in 0..OK {
            expect = Type::list(expect);
        }
        assert_eq!(ty, expect);
        let _ = typeexpr::type_string(&ty);
        let text = nest("list(", "string", ")", DEEP);
        let diags = typeexpr::parse_type(&text, "t").expect_err("too deep");
        assert_one_too_deep(&diags, "type");
    });
}

#[test]
fn cty_json_decode() {
    small_stack(|| {
        let text = nest("[", "1", "]", OK);
        let value = cty_json::decode(&text).expect("decodes");
        assert_eq!(unwrap_n(&value, OK), &Value::number(1));
        assert!(cty_json::decode(&nest("[", "1", "]", DEEP)).is_err());
    });
}

/// Go's parser and evaluator recurse without a limit (Go's stacks grow to a
/// gigabyte), so any nesting that fits in memory parses and evaluates. We
/// stop at `ParseOptions::max_depth` (1,024 by default) levels of
/// brackets, braces, parentheses, blocks, templates and operators with one
/// "Nesting too deep" error, and expression trees at twice that height (an
/// operator chain like `1 + 1 + …` is as tall as it has operators), so that
/// everything below the limits works on a 2 MiB thread stack, even in a
/// debug build.
#[test]
fn deviation_native_nesting_deeper_than_the_limit_is_an_error() {
    let limit = ParseOptions::DEFAULT_MAX_DEPTH;
    let parse = |src: String| {
        small_stack(move || {
            let options = ParseOptions::default();
            let (_, _, diags) = parse_expression(src.as_bytes(), "d.hcl", Pos::start(), &options);
            diags
        })
    };
    // The outermost expression is a level too: `limit - 1` brackets.
    assert!(parse(nest("[", "1", "]", limit - 1)).is_empty());
    let diags = parse(nest("[", "1", "]", limit));
    assert_one_too_deep(&diags, "brackets");
    let detail = &diags.iter().next().expect("one").detail;
    assert!(
        detail.contains(&format!("at most {limit} levels")),
        "{detail}"
    );
    // An operator chain: as many operators as twice the limit, less one.
    assert!(parse(nest("", "1", " + 1", 2 * limit - 1)).is_empty());
    assert_one_too_deep(&parse(nest("", "1", " + 1", 2 * limit)), "operators");
}
