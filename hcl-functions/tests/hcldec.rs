//! The hcldec function table (`hcl_functions::hcldec`).
//!
//! The golden test evaluates each expression of `hcldec/cases.txt` (native
//! syntax, one a line) in a context holding `Library::hcldec()` and the
//! variables of [`context`], and compares the result with
//! `hcldec/expected.txt`, which the Go implementation produced: the same
//! expressions through `hclsyntax.ParseExpression` and `Value`, with
//! `cmd/hcldec`'s function table (go-cty's `function/stdlib`) and the same
//! variables. Results are written `value : type`, errors `ERROR summary:
//! detail` (Go's stack trace after a panic cut to `<stack>`). Where we
//! knowingly differ (`docs/deviations.md`), `hcldec/deviations.txt` holds
//! our result for the case instead.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use hcl_core::cty_json::{decode, marshal, marshal_type};
use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
use hcl_core::{
    EvalContext, Expression, Function, FunctionError, Number, Pos, Semantics, Type, Value,
};
use hcl_functions::Library;
use hcl_functions::hcldec::{
    abs, coalesce, concat, hasindex, int, jsondecode, jsonencode, length, lower, max, min, reverse,
    strlen, substr, upper,
};

fn s(text: &str) -> Value {
    Value::string(text)
}

fn n(text: &str) -> Value {
    Value::number(Number::parse_literal(text).unwrap())
}

/// The variables of the Go test program.
fn context() -> EvalContext {
    let mut ctx = EvalContext::new();
    let vars: Vec<(&str, Value)> = vec![
        ("ustr", Value::unknown(Type::String)),
        ("unum", Value::unknown(Type::Number)),
        ("ubool", Value::unknown(Type::Bool)),
        ("dyn", Value::dynamic()),
        ("ulist", Value::unknown(Type::list(Type::String))),
        (
            "utup",
            Value::unknown(Type::tuple([Type::String, Type::Number])),
        ),
        ("nstr", Value::null(Type::String)),
        ("nnum", Value::null(Type::Number)),
        ("nlist", Value::null(Type::list(Type::String))),
        ("inf", Value::number(Number::INFINITY)),
        ("ninf", Value::number(Number::NEG_INFINITY)),
        ("slist", Value::list([s("a"), s("b")]).unwrap()),
        (
            "nlst",
            Value::list([Value::number(1), Value::number(2)]).unwrap(),
        ),
        ("elist", Value::list_of(Type::String, []).unwrap()),
        ("sset", Value::set([s("b"), s("a")]).unwrap()),
        (
            "uset",
            Value::set([s("b"), Value::unknown(Type::String)]).unwrap(),
        ),
        ("uset1", Value::set([Value::unknown(Type::String)]).unwrap()),
        (
            "smap",
            Value::map([("a", Value::number(1)), ("b", Value::number(2))]).unwrap(),
        ),
        (
            "emap",
            Value::map_of(Type::Number, Vec::<(String, Value)>::new()).unwrap(),
        ),
        (
            "ulistu",
            Value::list([Value::unknown(Type::String)]).unwrap(),
        ),
        ("tupu", Value::tuple([s("a"), Value::unknown(Type::Number)])),
        ("nlistn", Value::list([Value::null(Type::String)]).unwrap()),
        (
            "lsets",
            Value::list([Value::set([Value::number(2), Value::number(1)]).unwrap()]).unwrap(),
        ),
    ];
    for (name, value) in vars {
        ctx.declare_variable(name, value).unwrap();
    }
    for (name, f) in Library::hcldec().functions() {
        ctx.declare_function(name, f).unwrap();
    }
    ctx
}

/// A string as the Go test program quotes it.
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A type as the Go test program writes it.
fn type_str(ty: &Type) -> String {
    match ty {
        Type::Dynamic => "any".into(),
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::List(e) => format!("list({})", type_str(e)),
        Type::Set(e) => format!("set({})", type_str(e)),
        Type::Map(e) => format!("map({})", type_str(e)),
        Type::Tuple(t) => {
            let parts: Vec<String> = t.elements().iter().map(type_str).collect();
            format!("tuple([{}])", parts.join(","))
        }
        Type::Object(o) => {
            let parts: Vec<String> = o
                .attributes()
                .iter()
                .map(|(k, t)| format!("{k}={}", type_str(t)))
                .collect();
            format!("object({{{}}})", parts.join(","))
        }
        Type::Capsule(_) => "?".into(),
    }
}

/// A value as the Go test program writes it.
fn val_str(v: &Value) -> String {
    if v.is_null() {
        return "null".into();
    }
    if !v.is_known() {
        return format!("(unknown {})", type_str(v.ty()));
    }
    match v.ty() {
        Type::String => quote(v.as_str().unwrap()),
        Type::Number => v.as_number().unwrap().to_string(),
        Type::Bool => v.as_bool().unwrap().to_string(),
        Type::List(_) | Type::Set(_) | Type::Tuple(_) => {
            let parts: Vec<String> = v.elements().unwrap().iter().map(val_str).collect();
            format!("[{}]", parts.join(", "))
        }
        Type::Map(_) | Type::Object(_) => {
            let attrs = v.attributes().unwrap();
            if attrs.is_empty() {
                return "{}".into();
            }
            let parts: Vec<String> = attrs
                .iter()
                .map(|(k, e)| format!("{} = {}", quote(k), val_str(e)))
                .collect();
            format!("{{ {} }}", parts.join(", "))
        }
        _ => "?".into(),
    }
}

fn render(ctx: &EvalContext, line: &str) -> String {
    let mut out = format!("{line}\n");
    let (file, id, diags) =
        parse_expression(line.as_bytes(), "t", Pos::start(), &ParseOptions::default());
    if diags.has_errors() {
        out.push_str(&format!("  PARSE {}\n", diags.iter().next().unwrap()));
        return out;
    }
    let (value, diags) = NativeExpression::new(file, id).value(ctx);
    if diags.has_errors() {
        for d in diags.iter() {
            out.push_str(&format!("  ERROR {}: {}\n", d.summary, d.detail));
        }
        return out;
    }
    out.push_str(&format!(
        "  {} : {}\n",
        val_str(&value),
        type_str(value.ty())
    ));
    out
}

/// The expected output, one block per case, by case text.
fn blocks(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if !line.starts_with("  ") {
            out.push((line.to_owned(), String::new()));
        }
        if let Some((_, b)) = out.last_mut() {
            b.push_str(line);
            b.push('\n');
        }
    }
    out
}

#[test]
fn golden_cases_match_go() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hcldec");
    let cases = std::fs::read_to_string(dir.join("cases.txt")).unwrap();
    let expected = blocks(&std::fs::read_to_string(dir.join("expected.txt")).unwrap());
    let deviations: BTreeMap<String, String> =
        blocks(&std::fs::read_to_string(dir.join("deviations.txt")).unwrap())
            .into_iter()
            .collect();
    let cases: Vec<&str> = cases
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(cases.len(), expected.len(), "one expected block per case");
    let ctx = context();
    let mut failures = Vec::new();
    for (case, (_, go)) in cases.iter().zip(&expected) {
        let want = deviations.get(*case).unwrap_or(go);
        let got = render(&ctx, case);
        if &got != want {
            failures.push(format!("--- want\n{want}--- got\n{got}"));
        }
    }
    let unused: Vec<&String> = deviations
        .keys()
        .filter(|k| !cases.contains(&k.as_str()))
        .collect();
    assert!(unused.is_empty(), "deviations for no case: {unused:?}");
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------
// The functions one by one, called directly

fn call(f: &Function, args: &[Value]) -> Value {
    f.call(args).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn call_err(f: &Function, args: &[Value]) -> String {
    f.call(args).unwrap_err().to_string()
}

#[test]
fn table_has_the_fifteen_hcldec_functions() {
    let names: Vec<String> = Library::hcldec().functions().into_keys().collect();
    assert_eq!(
        names,
        [
            "abs",
            "coalesce",
            "concat",
            "hasindex",
            "int",
            "jsondecode",
            "jsonencode",
            "length",
            "lower",
            "max",
            "min",
            "reverse",
            "strlen",
            "substr",
            "upper"
        ]
    );
}

#[test]
fn parameters_have_go_flags() {
    // (name, params as (name, null, unknown, dynamic), variadic)
    let flags = |f: &Function| -> Vec<(String, bool, bool, bool)> {
        f.params()
            .iter()
            .chain(f.variadic())
            .map(|p| {
                (
                    p.name().to_owned(),
                    p.allows_null(),
                    p.allows_unknown(),
                    p.allows_dynamic(),
                )
            })
            .collect()
    };
    let p = |name: &str, null: bool, unknown: bool, dynamic: bool| {
        (name.to_owned(), null, unknown, dynamic)
    };
    assert_eq!(flags(&abs()), [p("num", false, false, true)]);
    assert_eq!(flags(&int()), [p("num", false, false, true)]);
    assert_eq!(flags(&max()), [p("numbers", false, false, true)]);
    assert_eq!(flags(&min()), [p("numbers", false, false, true)]);
    assert_eq!(flags(&coalesce()), [p("vals", true, true, true)]);
    assert_eq!(flags(&concat()), [p("seqs", false, false, false)]);
    assert_eq!(
        flags(&hasindex()),
        [
            p("collection", false, false, true),
            p("key", false, false, true)
        ]
    );
    assert_eq!(flags(&length()), [p("collection", false, false, true)]);
    assert_eq!(flags(&jsonencode()), [p("val", true, false, true)]);
    assert_eq!(flags(&jsondecode()), [p("str", false, false, false)]);
    for f in [lower(), upper(), reverse(), strlen()] {
        assert_eq!(flags(&f), [p("str", false, false, true)]);
    }
    assert_eq!(
        flags(&substr()),
        [
            p("str", false, false, true),
            p("offset", false, false, true),
            p("length", false, false, true)
        ]
    );
    let table = Library::hcldec().functions();
    let variadic: Vec<&str> = table
        .iter()
        .filter(|(_, f)| f.variadic().is_some())
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(variadic, ["coalesce", "concat", "max", "min"]);
}

#[test]
fn abs_and_int() {
    assert_eq!(call(&abs(), &[n("-2.5")]), n("2.5"));
    assert_eq!(call(&abs(), &[n("7")]), n("7"));
    assert_eq!(
        call(&abs(), &[Value::number(Number::NEG_INFINITY)]),
        Value::number(Number::INFINITY)
    );
    assert_eq!(
        call(&abs(), &[Value::dynamic()]),
        Value::unknown(Type::Number)
    );
    assert_eq!(
        call_err(&abs(), &[Value::null(Type::Number)]),
        "argument must not be null"
    );
    assert_eq!(
        call_err(&abs(), &[s("1")]),
        "number required, but received string"
    );
    assert_eq!(call(&int(), &[n("1.9")]), n("1"));
    assert_eq!(call(&int(), &[n("-1.9")]), n("-1"));
    assert_eq!(call(&int(), &[n("-0.5")]), n("0"));
    assert_eq!(
        call(&int(), &[n("123456789012345678901234567890.5")]),
        n("123456789012345678901234567890")
    );
    assert_eq!(
        call(&int(), &[Value::unknown(Type::Number)]),
        Value::unknown(Type::Number)
    );
}

/// Go's `int` panics on an infinity: the call fails with "panic in function
/// implementation: runtime error: invalid memory address or nil pointer
/// dereference" and a Go stack trace. We fail with a plain message.
#[test]
fn deviation_int_of_infinity_is_a_plain_error() {
    assert_eq!(
        call_err(&int(), &[Value::number(Number::INFINITY)]),
        "cannot convert an infinity to an integer"
    );
    assert!(int().call(&[Value::number(Number::NEG_INFINITY)]).is_err());
}

#[test]
fn max_and_min() {
    let args = [n("1"), n("5.5"), n("-3")];
    assert_eq!(call(&max(), &args), n("5.5"));
    assert_eq!(call(&min(), &args), n("-3"));
    assert_eq!(call_err(&max(), &[]), "must pass at least one number");
    assert_eq!(call_err(&min(), &[]), "must pass at least one number");
    assert_eq!(
        call(&max(), &[n("1"), Value::unknown(Type::Number)]),
        Value::unknown(Type::Number)
    );
    assert_eq!(
        call(&min(), &[Value::dynamic(), n("1")]),
        Value::unknown(Type::Number)
    );
    assert_eq!(
        call_err(&max(), &[n("1"), Value::null(Type::Number)]),
        "argument must not be null"
    );
    assert_eq!(
        max()
            .call(&[n("1"), Value::null(Type::Number)])
            .unwrap_err()
            .argument_index(),
        Some(1)
    );
}

#[test]
fn coalesce_returns_first_non_null_of_unified_type() {
    let f = coalesce();
    assert_eq!(call(&f, &[Value::null(Type::String), s("b")]), s("b"));
    assert_eq!(call(&f, &[Value::null(Type::String), n("1")]), s("1"));
    assert_eq!(call(&f, &[s(""), s("b")]), s(""));
    assert_eq!(
        call(&f, &[Value::unknown(Type::String), s("b")]),
        Value::unknown(Type::String)
    );
    assert_eq!(call(&f, &[s("a"), Value::unknown(Type::String)]), s("a"));
    assert_eq!(
        call(&f, &[Value::null(Type::Dynamic), Value::dynamic()]),
        Value::dynamic()
    );
    // Number and bool unify as string (the spec's transitive rule).
    assert_eq!(call(&f, &[Value::bool(true), n("1")]), s("true"));
    assert_eq!(
        call_err(&f, &[Value::bool(true), Value::list([n("1")]).unwrap()]),
        "all arguments must have the same type"
    );
    assert_eq!(call_err(&f, &[]), "all arguments must have the same type");
    assert_eq!(
        call_err(&f, &[Value::null(Type::String), Value::null(Type::Number)]),
        "no non-null arguments"
    );
    assert_eq!(
        f.return_type_for_types(&[Type::Dynamic, Type::Number])
            .unwrap(),
        Type::Number
    );
}

#[test]
fn concat_of_lists_is_a_list_otherwise_a_tuple() {
    let f = concat();
    let l = |items: &[&str]| Value::list_of(Type::String, items.iter().map(|t| s(t))).unwrap();
    assert_eq!(call(&f, &[l(&["a"]), l(&["b", "c"])]), l(&["a", "b", "c"]));
    assert_eq!(call(&f, &[l(&[]), l(&[])]), l(&[]));
    let nums = Value::list([n("1")]).unwrap();
    assert_eq!(call(&f, &[l(&["a"]), nums]), l(&["a", "1"]));
    let t = Value::tuple([Value::bool(true)]);
    assert_eq!(
        call(&f, &[l(&["a"]), t.clone()]),
        Value::tuple([s("a"), Value::bool(true)])
    );
    assert_eq!(
        call(&f, &[Value::unknown(Type::list(Type::String)), t.clone()]),
        Value::dynamic()
    );
    assert_eq!(
        call(&f, &[Value::unknown(Type::list(Type::String)), l(&["x"])]),
        Value::unknown(Type::list(Type::String))
    );
    assert_eq!(call_err(&f, &[]), "at least one argument is required");
    let err = f.call(&[t, s("x")]).unwrap_err();
    assert_eq!(
        err,
        FunctionError::argument(1, "all arguments must be lists or tuples; got string")
    );
    assert_eq!(
        call_err(&f, &[Value::set([s("a")]).unwrap()]),
        "all arguments must be lists or tuples; got set of string"
    );
}

#[test]
fn hasindex_of_lists_maps_and_tuples() {
    let f = hasindex();
    let list = Value::list([s("a"), s("b")]).unwrap();
    assert_eq!(call(&f, &[list.clone(), n("1")]), Value::bool(true));
    assert_eq!(call(&f, &[list.clone(), n("2")]), Value::bool(false));
    assert_eq!(call(&f, &[list.clone(), n("-1")]), Value::bool(false));
    assert_eq!(call(&f, &[list.clone(), n("0.5")]), Value::bool(false));
    assert_eq!(call(&f, &[list.clone(), s("0")]), Value::bool(false));
    assert_eq!(
        call(&f, &[list.clone(), Value::number(Number::INFINITY)]),
        Value::bool(false)
    );
    assert_eq!(
        call(&f, &[list.clone(), Value::dynamic()]),
        Value::unknown(Type::Bool)
    );
    assert_eq!(
        call(&f, &[Value::dynamic(), n("0")]),
        Value::unknown(Type::Bool)
    );
    let map = Value::map([("a", n("1"))]).unwrap();
    assert_eq!(call(&f, &[map.clone(), s("a")]), Value::bool(true));
    assert_eq!(call(&f, &[map.clone(), s("b")]), Value::bool(false));
    assert_eq!(call(&f, &[map, n("1")]), Value::bool(false));
    let tuple = Value::tuple([s("a"), Value::unknown(Type::Number)]);
    assert_eq!(call(&f, &[tuple.clone(), n("1")]), Value::bool(true));
    assert_eq!(call(&f, &[tuple, n("2")]), Value::bool(false));
    for bad in [Value::set([s("a")]).unwrap(), s("abc")] {
        assert_eq!(
            call_err(&f, &[bad, n("0")]),
            "collection must be a list, a map, an object or a tuple"
        );
    }
    assert_eq!(
        call_err(&f, &[list, Value::null(Type::Number)]),
        "argument must not be null"
    );
}

#[test]
fn length_of_collections_and_tuples() {
    let f = length();
    assert_eq!(call(&f, &[Value::list([s("a"), s("b")]).unwrap()]), n("2"));
    assert_eq!(
        call(&f, &[Value::list_of(Type::String, []).unwrap()]),
        n("0")
    );
    assert_eq!(call(&f, &[Value::map([("a", n("1"))]).unwrap()]), n("1"));
    assert_eq!(call(&f, &[Value::tuple([n("1"), s("a")])]), n("2"));
    assert_eq!(call(&f, &[Value::set([s("a"), s("b")]).unwrap()]), n("2"));
    let unknown_member = Value::set([s("a"), Value::unknown(Type::String)]).unwrap();
    assert_eq!(call(&f, &[unknown_member]), Value::unknown(Type::Number));
    let single_unknown = Value::set([Value::unknown(Type::String)]).unwrap();
    assert_eq!(call(&f, &[single_unknown]), n("1"));
    assert_eq!(
        call(&f, &[Value::list([Value::unknown(Type::String)]).unwrap()]),
        n("1")
    );
    assert_eq!(call(&f, &[Value::dynamic()]), Value::unknown(Type::Number));
    for bad in [s("abc"), n("1")] {
        assert_eq!(
            call_err(&f, &[bad]),
            "collection must be a list, a set, a map, an object or a tuple"
        );
    }
}

#[test]
fn deviation_length_and_hasindex_accept_objects() {
    // hcldec's spec format: `length(collection)` "returns the number of
    // elements in the given collection (list, set, map, object, or tuple)";
    // `hasindex(val, idx)` "returns true if the expression `val[idx]` could
    // succeed" (and `obj["a"]` does). Go's functions (go-cty's stdlib) fail:
    // "collection must be a list, a map or a tuple"
    // (`go_mode_length_and_hasindex_refuse_objects`).
    let object = Value::object([("a", n("1")), ("b", Value::bool(true))]);
    assert_eq!(call(&length(), std::slice::from_ref(&object)), n("2"));
    assert_eq!(call(&length(), &[Value::object::<&str>([])]), n("0"));
    let f = hasindex();
    assert_eq!(call(&f, &[object.clone(), s("a")]), Value::bool(true));
    assert_eq!(call(&f, &[object.clone(), s("z")]), Value::bool(false));
    // As for a map, a key that is not a string never indexes it.
    assert_eq!(call(&f, &[object.clone(), n("0")]), Value::bool(false));
    assert_eq!(
        call(&f, &[object.clone(), Value::unknown(Type::String)]),
        Value::unknown(Type::Bool)
    );
    // An unknown object gives an unknown result, as an unknown map does.
    let unknown = Value::unknown(Type::object([("a", Type::Number)]));
    assert_eq!(
        call(&f, &[unknown.clone(), s("a")]),
        Value::unknown(Type::Bool)
    );
    assert_eq!(call(&length(), &[unknown]), Value::unknown(Type::Number));
    // Through an expression, as in an hcldec spec file.
    let mut ctx = EvalContext::new();
    for (name, function) in Library::hcldec().functions() {
        ctx.declare_function(name, function).unwrap();
    }
    let (file, id, diags) = parse_expression(
        br#"[length({a = 1, b = true}), hasindex({a = 1}, "a")]"#,
        "t",
        Pos::start(),
        &ParseOptions::default(),
    );
    assert!(diags.is_empty(), "{diags}");
    let (v, diags) = NativeExpression::new(file, id).value(&ctx);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::tuple([n("2"), Value::bool(true)]));
}

#[test]
fn go_mode_length_and_hasindex_refuse_objects() {
    // go-cty's `LengthFunc` and `HasIndexFunc`, as hcldec's spec files call
    // them: objects, and every other type that is not a list, map, tuple
    // (or, for `length`, set) fail with one message.
    let go = |f: &Function, args: &[Value]| f.call_with(args, Semantics::Go);
    let object = Value::object([("a", n("1"))]);
    for bad in [object.clone(), s("abc")] {
        assert_eq!(
            go(&length(), &[bad]).unwrap_err().to_string(),
            "collection must be a list, a map or a tuple"
        );
    }
    for bad in [object, Value::set([s("a")]).unwrap()] {
        assert_eq!(
            go(&hasindex(), &[bad, s("a")]).unwrap_err().to_string(),
            "collection must be a list, a map or a tuple"
        );
    }
    // Nothing else changes.
    let map = Value::map([("a", n("1"))]).unwrap();
    assert_eq!(go(&length(), std::slice::from_ref(&map)), Ok(n("1")));
    assert_eq!(go(&hasindex(), &[map, s("a")]), Ok(Value::bool(true)));
    // `coalesce` unifies by Go's rules: number and bool do not unify.
    assert_eq!(
        go(&coalesce(), &[Value::bool(true), n("1")])
            .unwrap_err()
            .to_string(),
        "all arguments must have the same type"
    );
    // `concat` of lists whose element types do not unify is a tuple.
    let lists = [
        Value::list([n("1")]).unwrap(),
        Value::list([Value::bool(true)]).unwrap(),
    ];
    assert_eq!(
        go(&concat(), &lists),
        Ok(Value::tuple([n("1"), Value::bool(true)]))
    );
    assert_eq!(
        call(&concat(), &lists),
        Value::list([s("1"), s("true")]).unwrap()
    );
}

#[test]
fn string_functions() {
    assert_eq!(call(&upper(), &[s("hello ß ǅ ᾀ")]), s("HELLO ß Ǆ ᾈ"));
    assert_eq!(call(&lower(), &[s("HELLO İ ΣΑΣ")]), s("hello i σασ"));
    assert_eq!(
        call(&upper(), &[Value::dynamic()]),
        Value::unknown(Type::String)
    );
    assert_eq!(
        call_err(&lower(), &[Value::null(Type::String)]),
        "argument must not be null"
    );
    assert_eq!(call(&reverse(), &[s("héllo")]), s("olléh"));
    assert_eq!(call(&reverse(), &[s("🇬🇧🇫🇷x")]), s("x🇫🇷🇬🇧"));
    assert_eq!(call(&strlen(), &[s("")]), n("0"));
    assert_eq!(call(&strlen(), &[s("👨‍👩‍👧 e\u{301}")]), n("3"));
    assert_eq!(call(&strlen(), &[s("\r\n")]), n("1"));
    let sub = |text: &str, o: &str, l: &str| call(&substr(), &[s(text), n(o), n(l)]);
    assert_eq!(sub("hello", "1", "3"), s("ell"));
    assert_eq!(sub("hello", "-1", "0"), s("o"));
    assert_eq!(sub("hello", "-10", "2"), s("he"));
    assert_eq!(sub("hello", "2", "-1"), s("llo"));
    assert_eq!(sub("héllo wörld", "1", "4"), s("éllo"));
    assert_eq!(
        call_err(&substr(), &[s("hello"), n("1.5"), n("1")]),
        "value must be a whole number, between -9223372036854775808 and 9223372036854775807"
    );
    assert_eq!(
        call(&substr(), &[s("a"), Value::unknown(Type::Number), n("1")]),
        Value::unknown(Type::String)
    );
}

/// Go 1.19's `unicode` tables and go-textseg v13 follow Unicode 13; ours
/// (Rust's `char` case mappings, `unicode-segmentation`) a newer version.
/// Characters added since have case mappings here and not in Go, and
/// Indic conjuncts are one grapheme cluster (Unicode 15.1) where Go counts
/// two.
#[test]
fn deviation_text_functions_follow_newer_unicode() {
    // U+2C2F GLAGOLITIC CAPITAL LETTER CAUDATE CHRIVI (Unicode 14): Go
    // leaves it unchanged.
    assert_eq!(call(&lower(), &[s("\u{2c2f}")]), s("\u{2c5f}"));
    // Go: 2.
    assert_eq!(call(&strlen(), &[s("क्ष")]), n("1"));
}

#[test]
fn jsonencode_writes_cty_json() {
    let f = jsonencode();
    let v = Value::object([
        ("b", n("1.5")),
        (
            "a",
            Value::tuple([Value::bool(true), Value::null(Type::Dynamic), s("<&>")]),
        ),
        ("c", Value::map([("z", n("1")), ("y", n("2"))]).unwrap()),
    ]);
    assert_eq!(
        call(&f, &[v]),
        s(r#"{"a":[true,null,"\u003c\u0026\u003e"],"b":1.5,"c":{"y":2,"z":1}}"#)
    );
    assert_eq!(call(&f, &[Value::null(Type::String)]), s("null"));
    assert_eq!(
        call(&f, &[s("\u{1}\u{8}\t\u{2028}")]),
        s(r#""\u0001\u0008\t\u2028""#)
    );
    assert_eq!(call(&f, &[Value::dynamic()]), Value::unknown(Type::String));
    assert_eq!(
        call(&f, &[Value::tuple([Value::unknown(Type::Number)])]),
        Value::unknown(Type::String)
    );
    assert_eq!(
        call_err(&f, &[Value::tuple([Value::number(Number::INFINITY)])]),
        "cannot serialize infinity as JSON"
    );
}

#[test]
fn jsondecode_implies_types_from_json() {
    let f = jsondecode();
    let v = call(&f, &[s(r#"{"a": [1, "x", true, null], "b": {}}"#)]);
    assert_eq!(
        v.ty(),
        &Type::object([
            (
                "a",
                Type::tuple([Type::Number, Type::String, Type::Bool, Type::Dynamic])
            ),
            ("b", Type::empty_object()),
        ])
    );
    assert_eq!(call(&f, &[s("0.1")]), n("0.1"));
    assert_eq!(
        call(&f, &[s("123456789012345678901234567890123")]),
        n("123456789012345678901234567890123")
    );
    assert_eq!(call(&f, &[s("null")]), Value::null(Type::Dynamic));
    assert_eq!(call(&f, &[s("[1]]")]), Value::tuple([n("1")]));
    assert_eq!(call(&f, &[s(r#""\ud83d\ude00""#)]), s("😀"));
    assert_eq!(call(&f, &[Value::unknown(Type::String)]), Value::dynamic());
    assert_eq!(call_err(&f, &[s("")]), "EOF");
    assert_eq!(call_err(&f, &[s("[1,")]), "EOF");
    assert_eq!(call_err(&f, &[s("\"abc")]), "unexpected EOF");
    assert_eq!(call_err(&f, &[s("{1:2}")]), "invalid character '1'");
    assert_eq!(
        call_err(&f, &[s("é")]),
        "invalid character 'Ã' looking for beginning of value"
    );
    assert_eq!(
        call_err(&f, &[s("{\"a\":1,}")]),
        "invalid character '}' looking for beginning of object key string"
    );
    assert_eq!(
        call_err(&f, &[s("{} {}")]),
        "extraneous data after JSON object"
    );
    assert_eq!(
        f.return_type(&[s("[true]")]).unwrap(),
        Type::tuple([Type::Bool])
    );
}

#[test]
fn json_round_trip_and_types() {
    let v = decode(r#"{"a":[1,2.5,{"b":null}],"c":"\u00e9"}"#).unwrap();
    assert_eq!(
        marshal(&v, v.ty()).unwrap(),
        r#"{"a":[1,2.5,{"b":null}],"c":"é"}"#
    );
    let set = Value::set([n("2"), n("1")]).unwrap();
    assert_eq!(marshal(&set, set.ty()).unwrap(), "[1,2]");
    assert_eq!(
        marshal(&set, &Type::Dynamic).unwrap(),
        r#"{"value":[1,2],"type":["set","number"]}"#
    );
    // A value is converted to the type asked for.
    assert_eq!(marshal(&n("5"), &Type::String).unwrap(), r#""5""#);
    assert!(marshal(&s("x"), &Type::Number).is_err());
    let err = marshal(
        &Value::object([("a", Value::unknown(Type::String))]),
        &Type::object([("a", Type::String)]),
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "value is not known");
    assert_eq!(err.path().to_string(), ".a");
    assert_eq!(marshal_type(&Type::Dynamic).unwrap(), r#""dynamic""#);
    assert_eq!(
        marshal_type(&Type::tuple([Type::String, Type::list(Type::Bool)])).unwrap(),
        r#"["tuple",["string",["list","bool"]]]"#
    );
    assert_eq!(
        marshal_type(&Type::object_with_optional(
            [("a", Type::String), ("b", Type::Number)],
            ["b"]
        ))
        .unwrap(),
        r#"["object",{"a":"string","b":"number"},["b"]]"#
    );
}

#[test]
fn jsondecode_nesting_up_to_the_limit_works() {
    let depth = hcl_core::cty_json::MAX_DEPTH;
    let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let v = call(&jsondecode(), &[s(&text)]);
    assert_eq!(call(&jsonencode(), &[v]), s(&text));
    let text = format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth));
    assert!(jsondecode().call(&[s(&text)]).is_ok());
    // Through the native evaluator too (argument conversion, result checks).
    let src = format!("jsonencode(jsondecode({}))", quote(&text));
    assert_eq!(
        render(&context(), &src),
        format!("{src}\n  {} : string\n", quote(&text))
    );
}

/// Go's decoder has no practical nesting limit (10,001 levels decode). We
/// stop at `MAX_DEPTH` (1,024) levels.
#[test]
fn deviation_jsondecode_nesting_is_limited() {
    let depth = hcl_core::cty_json::MAX_DEPTH + 1;
    let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    assert_eq!(
        call_err(&jsondecode(), &[s(&text)]),
        format!("JSON nesting is too deep (more than {} levels)", depth - 1)
    );
}

/// Go's numbers (`big.Float`) have a binary exponent of 32 bits, ours of
/// 21 (see `hcl_core::number`): a JSON number between about 10^315652 and
/// Go's own limit is finite in Go and infinite here. (Beyond Go's limit
/// both overflow to an infinity, or zero.)
#[test]
fn deviation_jsondecode_numbers_beyond_range_overflow_sooner() {
    assert_eq!(
        call(&jsondecode(), &[s("1e400000")]),
        Value::number(Number::INFINITY)
    );
    assert_eq!(
        call(&jsondecode(), &[s("-1e1000000000")]),
        Value::number(Number::NEG_INFINITY)
    );
    assert_eq!(call(&jsondecode(), &[s("1e-1000000000")]), n("0"));
}

mod robustness {
    use super::*;
    use proptest::prelude::*;

    fn json_text() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("null".to_owned()),
            Just("true".to_owned()),
            Just("false".to_owned()),
            r"-?(0|[1-9][0-9]{0,25})(\.[0-9]{1,20})?([eE][+-]?[0-9]{1,3})?",
            r#""([a-zé😀 ]|\\[nt"\\/]|\\u00[0-9a-f]{2}){0,8}""#,
        ];
        leaf.prop_recursive(6, 48, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6)
                    .prop_map(|v| format!("[{}]", v.join(","))),
                prop::collection::vec((r"[a-c]{0,2}", inner), 0..6).prop_map(|v| {
                    let pairs: Vec<String> = v
                        .into_iter()
                        .map(|(k, x)| format!("\"{k}\" : {x}"))
                        .collect();
                    format!(" {{ {} }} ", pairs.join(" , "))
                }),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Any text: no panic; a value that decodes encodes to JSON that
        /// decodes to the same value (unless it holds an infinity).
        #[test]
        fn jsondecode_never_panics_and_round_trips(text in r#"[\[\]{}",: 0-9eE.+\-tfalsnuxé\\]{0,40}"#) {
            if let Ok(v) = decode(&text) {
                match marshal(&v, v.ty()) {
                    Ok(json) => prop_assert_eq!(decode(&json).unwrap(), v),
                    Err(e) => prop_assert_eq!(e.message(), "cannot serialize infinity as JSON"),
                }
            }
        }

        /// Valid JSON decodes, and re-encodes to JSON of the same value.
        #[test]
        fn valid_json_decodes_and_round_trips(text in json_text()) {
            let v = decode(&text).unwrap();
            let json = marshal(&v, v.ty()).unwrap();
            prop_assert_eq!(decode(&json).unwrap(), v);
        }

        /// Any text: no panic.
        #[test]
        fn type_expressions_never_panic(text in r#"[a-z(){}\[\]=,"\n ]{0,40}"#) {
            let _ = hcl_core::typeexpr::parse_type_constraint(&text, "t");
            let _ = hcl_core::typeexpr::parse_type(&text, "t");
        }
    }
}

/// The extended type checker reads the signatures of the hcldec functions
/// (moved from `hcl-core/tests/extended_check.rs` with the functions).
mod extended_signatures {
    use super::*;
    use hcl_core::extended::{ExtType as T, FunctionSignatures, Scope, check_expression};

    fn scope() -> Scope {
        let server = T::object([
            ("name", T::String),
            ("port", T::Int),
            ("tags", T::list(T::String)),
            ("labels", T::map(T::String)),
            ("host", T::optional(T::String)),
        ]);
        Scope::new()
            .with("server", server.clone())
            .with("out", T::output(server.clone()))
            .with("maybe", T::optional(server))
            .with("n", T::Number)
            .with("i", T::Int)
            .with("s", T::String)
            .with("prom_s", T::promise(T::String))
    }

    #[test]
    fn signatures_of_the_hcldec_functions() {
        let table = Library::hcldec().functions();
        let functions =
            FunctionSignatures::from_functions(table.iter().map(|(n, f)| (n.as_str(), f)));
        let check = |src: &str| {
            let (file, expr, diags) = parse_expression(
                src.as_bytes(),
                "t.hcl",
                Pos::start(),
                &ParseOptions::default(),
            );
            assert!(diags.is_empty(), "{diags}");
            check_expression(&file, expr, &scope(), &functions)
        };
        let ty = |src: &str| {
            let (t, diags) = check(src);
            assert!(diags.is_empty(), "{src}: {diags}");
            t
        };
        assert_eq!(ty("upper(server.name)"), T::String);
        assert_eq!(ty("upper(out.name)"), T::output(T::String));
        assert_eq!(ty("length(server.tags)"), T::Number);
        assert_eq!(ty("length(out.tags)"), T::output(T::Number));
        assert_eq!(ty("concat(server.tags, server.tags)"), T::list(T::String));
        assert_eq!(
            ty("concat(server.tags, [\"a\"])"),
            T::Dynamic,
            "a list and a tuple: as the base function says"
        );
        assert_eq!(ty("max(i, n, 3)"), T::Number);
        assert_eq!(ty("coalesce(maybe.host, \"x\")"), T::String);
        assert_eq!(ty("substr(prom_s, 0, i)"), T::promise(T::String));
        let (_, diags) = check("upper(server.tags)");
        assert_eq!(
            diags.iter().next().unwrap().summary,
            "Invalid function argument"
        );
        let (_, diags) = check("substr(s)");
        assert_eq!(
            diags.iter().next().unwrap().summary,
            "Not enough function arguments"
        );
    }
}
