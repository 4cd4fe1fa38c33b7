//! The JSON parser: what it keeps (order, duplicates, exact numbers,
//! ranges), the diagnostics of invalid input (checked against the Go
//! implementation, `hcl/v2/json.Parse`), and robustness: deep nesting,
//! invalid UTF-8, byte order marks, huge numbers, lone surrogates, and
//! arbitrary bytes, none of which may panic or overflow the stack.

use std::sync::Arc;

use hcl_core::body::{AttributeSchema, Body, BodySchema};
use hcl_core::json::{JsonOptions, ParsedJson, parse, parse_expression, parse_with};
use hcl_core::{Diagnostics, EvalContext, Expression, Number, Pos, Range, Value};
use proptest::prelude::*;

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

fn value_of(src: &str) -> Value {
    let (expr, d) = parse_expression(src.as_bytes(), "v.json", &JsonOptions::default());
    assert!(d.is_empty(), "{d:?}");
    let (v, d) = expr.value(&EvalContext::new());
    assert!(d.is_empty(), "{d:?}");
    v
}

fn ok(src: &str) -> Arc<ParsedJson> {
    let (file, d) = parse(src.as_bytes(), "ok.json");
    assert!(d.is_empty(), "{d:?}");
    file
}

// ---------------------------------------------------------------------------
// What the parser must keep (the spec's introduction)

#[test]
fn parser_preserves_property_order() {
    // "Preserve the relative ordering of properties defined in an object."
    let file = ok(r#"{"z": 1, "a": 2, "m": {"y": 1, "b": 2}}"#);
    let expr = file.root_expression().expect("root");
    let pairs = expr.static_map().expect("object");
    let names: Vec<String> = pairs
        .iter()
        .map(|p| {
            p.key
                .value(&EvalContext::new())
                .0
                .as_str()
                .unwrap_or("")
                .to_owned()
        })
        .collect();
    assert_eq!(names, ["z", "a", "m"]);
    let inner = pairs[2].value.static_map().expect("object");
    let names: Vec<Range> = inner.iter().map(|p| p.key.range()).collect();
    assert_eq!(
        names.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["ok.json:1,24-27", "ok.json:1,32-35"]
    );
}

#[test]
fn parser_preserves_duplicate_property_names() {
    // "Preserve multiple definitions of the same property name."
    let file = ok(r#"{"a": 1, "b": 2, "a": 3}"#);
    let pairs = file
        .root_expression()
        .expect("root")
        .static_map()
        .expect("object");
    assert_eq!(pairs.len(), 3);
    let values: Vec<Value> = pairs
        .iter()
        .map(|p| p.value.value(&EvalContext::new()).0)
        .collect();
    assert_eq!(
        values,
        [Value::number(1), Value::number(2), Value::number(3)]
    );
}

#[test]
fn parser_preserves_numeric_precision() {
    // "Preserve numeric values to the precision required by the number
    // type": exact decimal text, never through f64.
    assert_eq!(
        value_of("0.1"),
        Value::number(Number::parse_literal("0.1").expect("n"))
    );
    assert_ne!(
        value_of("0.1"),
        Value::number(Number::from_f64(0.1).expect("finite"))
    );
    let big = "1".repeat(200);
    assert_eq!(
        value_of(&big).as_number().map(ToString::to_string),
        Some(big.clone())
    );
    let huge = value_of("1e400");
    assert_eq!(
        huge.as_number().map(ToString::to_string),
        Some(format!("1{}", "0".repeat(400)))
    );
    assert_eq!(
        value_of("-12.5E-1"),
        Value::number(Number::parse_literal("-1.25").expect("n"))
    );
    assert_eq!(
        value_of("9007199254740993"),
        Value::number(9_007_199_254_740_993_i64)
    );
}

#[test]
fn parser_retains_source_locations() {
    // "Retain source location information for parsed tokens/constructs."
    let file = ok("{\n  \"list\": [1, \"two\", {\"k\": null}],\n  \"t\": true\n}");
    let root = file.root_expression().expect("root");
    assert_eq!(root.range().to_string(), "ok.json:1,1-4,2");
    assert_eq!(root.start_range().to_string(), "ok.json:1,1-2");
    let pairs = root.static_map().expect("object");
    assert_eq!(pairs[0].key.range().to_string(), "ok.json:2,3-9");
    let list = pairs[0].value.static_list().expect("array");
    let ranges: Vec<String> = list.iter().map(|e| e.range().to_string()).collect();
    assert_eq!(
        ranges,
        ["ok.json:2,12-13", "ok.json:2,15-20", "ok.json:2,22-33"]
    );
    assert_eq!(list[2].start_range().to_string(), "ok.json:2,22-23");
    assert_eq!(pairs[1].value.range().to_string(), "ok.json:3,8-12");
    // Byte offsets too.
    assert_eq!(pairs[1].value.range().start.byte, 44);
}

#[test]
fn start_position_shifts_ranges() {
    let options = JsonOptions {
        start: Pos::new(100, 7, 5),
        ..JsonOptions::default()
    };
    let (file, d) = parse_with(b"{\"a\": 1,\n\"b\": x}", "s.json", &options);
    assert_eq!(
        diags(&d),
        ["Invalid JSON keyword | \"x\" is not a valid JSON keyword. | s.json:8,6-7"]
    );
    let (content, _) = file.body().content(
        &BodySchema::new()
            .attribute(AttributeSchema::optional("a"))
            .attribute(AttributeSchema::optional("b")),
    );
    let a = &content.attributes["a"];
    assert_eq!(a.range.to_string(), "s.json:7,6-12");
    assert_eq!(a.range.start.byte, 101);
}

// ---------------------------------------------------------------------------
// Invalid JSON (RFC 7159, inherited as-is)

#[test]
fn invalid_json_is_an_error_at_the_exact_place() {
    let cases: &[(&str, &[&str])] = &[
        (
            r#"{"a": 1,}"#,
            &[
                "Trailing comma in object | JSON does not permit a trailing comma after the final property in an object. | e.json:1,8-9",
                "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | e.json:1,1-2",
            ],
        ),
        (
            "{\n  \"a\" = 1\n}",
            &[
                "Missing property value colon | JSON uses a colon as its name/value delimiter, not an equals sign. | e.json:2,7-8",
                "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | e.json:1,1-2",
            ],
        ),
        (
            r#"{"a": True, "b": NaN}"#,
            &[
                "Invalid JSON keyword | \"True\" is not a valid JSON keyword. Did you mean \"true\"? | e.json:1,7-11",
                "Invalid JSON keyword | The JavaScript identifier \"NaN\" cannot be used in JSON. | e.json:1,18-21",
            ],
        ),
        (
            r#"{"a": 01}"#,
            &[
                "Invalid JSON number | There is a syntax error in the given JSON number. | e.json:1,7-9",
            ],
        ),
        (
            "{\"a\": \"abc\ndef\"}",
            &[
                "Invalid JSON string | There is a syntax error in the given JSON string. | e.json:1,11-12 | e.json:1,7-11",
                "Missing attribute seperator comma | A comma must appear between each property definition in an object. | e.json:2,6-6",
                "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | e.json:1,1-2",
            ],
        ),
        (
            r#"{"a": 1} // comment"#,
            &[
                "Extraneous data after value | Extra characters appear after the JSON value. | e.json:1,10-11",
            ],
        ),
        (
            "",
            &[
                "Missing value | The JSON data ends prematurely. | e.json:1,1-1",
                "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | e.json:1,1-1",
            ],
        ),
    ];
    for (src, want) in cases {
        let (_, d) = parse(src.as_bytes(), "e.json");
        assert_eq!(diags(&d), *want, "{src:?}");
    }
}

#[test]
fn a_value_in_error_leaves_the_rest_readable() {
    // As Go: a bad value is an invalid value, and the document around it
    // is still read.
    let (file, d) = parse(br#"{"a": tru, "b": 2}"#, "r.json");
    assert_eq!(d.len(), 1);
    let (content, d) = file.body().content(
        &BodySchema::new()
            .attribute(AttributeSchema::optional("a"))
            .attribute(AttributeSchema::optional("b")),
    );
    assert!(d.is_empty());
    assert_eq!(
        content.attributes["b"].expr.value(&EvalContext::new()).0,
        Value::number(2)
    );
    // The invalid value evaluates to the dynamic value, silently.
    let (v, d) = content.attributes["a"].expr.value(&EvalContext::new());
    assert_eq!(v, Value::dynamic());
    assert!(d.is_empty());
}

/// Go-quoted strings, as the corpus writes its inputs.
fn unquote(s: &str) -> Vec<u8> {
    let inner = s
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .expect("a quoted case");
    let b = inner.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b[i + 1] {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'"' => out.push(b'"'),
            b'\\' => out.push(b'\\'),
            b'x' => {
                out.push(u8::from_str_radix(&inner[i + 2..i + 4], 16).expect("hex"));
                i += 2;
            }
            b'u' => {
                let c = char::from_u32(u32::from_str_radix(&inner[i + 2..i + 6], 16).expect("hex"))
                    .expect("char");
                out.extend(c.to_string().as_bytes());
                i += 4;
            }
            other => panic!("escape {other}"),
        }
        i += 2;
    }
    out
}

fn compact(r: &Option<Range>) -> String {
    match r {
        None => "-".to_owned(),
        Some(r) if r.start.line == r.end.line => format!(
            "{},{}-{}(b{}-{})",
            r.start.line, r.start.column, r.end.column, r.start.byte, r.end.byte
        ),
        Some(r) => format!(
            "{},{}-{},{}(b{}-{})",
            r.start.line, r.start.column, r.end.line, r.end.column, r.start.byte, r.end.byte
        ),
    }
}

#[test]
fn parse_diagnostics_match_go() {
    // `tests/json/parse_diagnostics.txt`: inputs (hand-written and
    // generated from a grammar of tokens) with Go's diagnostics.
    let corpus = include_str!("json/parse_diagnostics.txt");
    let mut cases = 0;
    let mut lines = corpus.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(case) = line.strip_prefix("> ") else {
            continue;
        };
        let mut want = Vec::new();
        while let Some(next) = lines.peek() {
            if next.is_empty() || next.starts_with("> ") {
                break;
            }
            if !next.starts_with('#') {
                want.push((*next).to_owned());
            }
            lines.next();
        }
        let (_, d) = parse(&unquote(case), "t.json");
        let got: Vec<String> = d
            .iter()
            .map(|d| {
                let mut s = format!("{} | {} | {}", d.summary, d.detail, compact(&d.subject));
                if d.context.is_some() {
                    s.push_str(&format!(" | {}", compact(&d.context)));
                }
                s
            })
            .collect();
        assert_eq!(got, want, "case {case}");
        cases += 1;
    }
    assert!(cases > 150, "{cases} cases");
}

// ---------------------------------------------------------------------------
// Robustness

#[test]
fn deep_unclosed_arrays_are_one_diagnostic() {
    let src = "[".repeat(100_000);
    let (file, d) = parse(src.as_bytes(), "deep.json");
    let limit = JsonOptions::DEFAULT_MAX_DEPTH;
    assert_eq!(
        diags(&d),
        [format!(
            "Nesting too deep | This value is nested more than {limit} levels deep, the limit for this parser. | deep.json:1,{}-{}",
            limit + 1,
            limit + 2
        )]
    );
    assert!(file.root_expression().is_none());
    let (attributes, d) = file.body().just_attributes();
    assert!(attributes.is_empty() && d.is_empty());
}

#[test]
fn deep_unclosed_objects_are_one_diagnostic() {
    let src = "{\"a\":".repeat(100_000);
    let (_, d) = parse(src.as_bytes(), "deep.json");
    assert_eq!(d.len(), 1);
    assert_eq!(
        d.iter().next().map(|d| d.summary.as_ref()),
        Some("Nesting too deep")
    );
}

#[test]
fn deep_closed_value_is_skipped_and_the_rest_kept() {
    // A value nested too deep is one error and an invalid value (here the
    // innermost of the arrays up to the limit); the rest of the document
    // is read.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let src = format!("{{\"deep\": {deep}, \"ok\": 1}}");
    let (file, d) = parse(src.as_bytes(), "deep.json");
    assert_eq!(d.len(), 1);
    let (content, d) = file.body().content(
        &BodySchema::new()
            .attribute(AttributeSchema::optional("deep"))
            .attribute(AttributeSchema::optional("ok")),
    );
    assert!(d.is_empty());
    assert_eq!(
        content.attributes["ok"].expr.value(&EvalContext::new()).0,
        Value::number(1)
    );
    let (deep, d) = content.attributes["deep"].expr.value(&EvalContext::new());
    assert!(d.is_empty());
    let mut depth = 0;
    let mut v = deep;
    while let Some([inner]) = v.elements() {
        v = inner.clone();
        depth += 1;
    }
    assert_eq!(
        (depth, v),
        (JsonOptions::DEFAULT_MAX_DEPTH - 1, Value::dynamic())
    );
}

#[test]
fn nesting_limit_is_configurable() {
    let src = format!("{}1{}", "[".repeat(10), "]".repeat(10));
    let options = |max_depth| JsonOptions {
        max_depth,
        ..JsonOptions::default()
    };
    let (_, d) = parse_with(src.as_bytes(), "n.json", &options(10));
    assert!(d.is_empty());
    let (_, d) = parse_with(src.as_bytes(), "n.json", &options(9));
    assert_eq!(
        diags(&d),
        [
            "Nesting too deep | This value is nested more than 9 levels deep, the limit for this parser. | n.json:1,10-11"
        ]
    );
    // Templates in strings get the same limit.
    let deep_template = format!("[\"${{{}1{}}}\"]", "[".repeat(20), "]".repeat(20));
    let (expr, d) = parse_expression(deep_template.as_bytes(), "t.json", &options(8));
    assert!(d.is_empty());
    let (_, d) = expr.value(&EvalContext::new());
    assert!(d.has_errors());
}

#[test]
fn lone_surrogates_become_replacement_characters() {
    // As Go (encoding/json): a lone or mismatched surrogate escape is
    // U+FFFD; a pair is one character.
    assert_eq!(
        value_of(r#""\ud83d\ude00 \ud800 \udc00x \ud800\u0041""#),
        Value::string("😀 \u{FFFD} \u{FFFD}x \u{FFFD}A")
    );
}

#[test]
fn escapes_are_decoded() {
    assert_eq!(
        value_of(r#""\" \\ \/ \b \f \n \r \t \u00e9 \u0000""#),
        Value::string("\" \\ / \u{8} \u{c} \n \r \t é \u{0}")
    );
}

#[test]
fn control_characters_in_strings_are_errors() {
    let (_, d) = parse(b"{\"a\": \"x\x01y\"}", "c.json");
    assert_eq!(
        diags(&d)[0],
        "Invalid JSON string | There is a syntax error in the given JSON string. | c.json:1,9-10 | c.json:1,7-9"
    );
}

/// A number beyond the range of `Number` (integers of at most 65,536
/// bits, binary exponents within ±2^20: more than the spec's minimum) is an
/// error, as the spec requires for a value that "cannot be represented".
/// Go's numbers have a 32-bit binary exponent: it accepts `1e999999` and
/// `1e-999999999`, and rounds the long integer to 512 bits (row 13); only
/// beyond that, `1e99999999999`, is it an error ("There is a syntax error
/// in the given JSON number").
#[test]
fn deviation_json_number_beyond_the_range_is_an_error() {
    let huge_integer = format!("{{\"a\": {}}}", "9".repeat(30_000));
    for src in [
        "{\"a\": 1e99999999999}".to_owned(),
        "{\"a\": -1e999999}".to_owned(),
        "{\"a\": 1e-999999999}".to_owned(),
        huge_integer,
    ] {
        let (_, d) = parse(src.as_bytes(), "n.json");
        assert_eq!(d.len(), 1, "{d:?}");
        let d = d.iter().next().expect("one");
        assert_eq!(d.summary, "Invalid JSON number");
        assert!(d.detail.contains("beyond the range"), "{}", d.detail);
    }
    // Small numbers within the range are fine, as are long mantissas.
    assert!(value_of("1e-400").as_number().is_some_and(|n| !n.is_zero()));
    let long = format!("0.{}1", "0".repeat(5000));
    assert!(value_of(&long).as_number().is_some_and(|n| !n.is_zero()));
}

#[test]
fn standalone_expression_accepts_any_value() {
    let (expr, d) = parse_expression(b"  42 ", "e.json", &JsonOptions::default());
    assert!(d.is_empty());
    assert_eq!(expr.value(&EvalContext::new()).0, Value::number(42));
    assert_eq!(expr.range().to_string(), "e.json:1,3-5");
    let (expr, d) = parse_expression(b"42 43", "e.json", &JsonOptions::default());
    assert_eq!(
        diags(&d),
        [
            "Extraneous data after value | Extra characters appear after the JSON value. | e.json:1,4-6"
        ]
    );
    assert_eq!(expr.kind_name(), "number");
    let (expr, d) = parse_expression(
        "[".repeat(2 * JsonOptions::DEFAULT_MAX_DEPTH).as_bytes(),
        "e.json",
        &JsonOptions::default(),
    );
    assert_eq!(d.len(), 1);
    assert_eq!(expr.kind_name(), "invalid");
    assert_eq!(expr.value(&EvalContext::new()).0, Value::dynamic());
}

#[test]
fn long_minified_lines_have_exact_columns() {
    // Positions on a long line are counted from checkpoints, not from the
    // line start each time; they are still exact (graphemes, not bytes).
    let items: Vec<String> = (0..20_000)
        .map(|i| format!("{{\"k{i}\": \"é{i}\"}}"))
        .collect();
    let src = format!("[{}]", items.join(","));
    let file = ok(&src);
    let list = file
        .root_expression()
        .expect("root")
        .static_list()
        .expect("array");
    let last = list.last().expect("element").range();
    let start_byte = src.rfind("{\"k19999\"").expect("last item");
    let chars_before = src[..start_byte].chars().count();
    assert_eq!(last.start.offset(), start_byte);
    assert_eq!(last.start.column as usize, chars_before + 1);
    // Many ranges of the long line stay cheap: all of them, in a moment.
    let total: usize = list.iter().map(|e| e.range().start.column as usize).sum();
    assert!(total > 0);
}

// ---------------------------------------------------------------------------
// Deviations from Go (`docs/deviations.md`)

/// A bad escape is reported where it is: `\q` itself. Go reports one byte
/// after it (`encoding/json`'s offset counts the byte read), here the
/// closing quote, `b.json:1,10-11`.
#[test]
fn deviation_json_bad_escape_is_reported_where_it_is() {
    let (_, d) = parse(br#"{"a": "\q"}"#, "b.json");
    assert_eq!(
        diags(&d),
        [
            "Invalid JSON string | There is a syntax error in the given JSON string. | b.json:1,8-10 | b.json:1,7-11"
        ]
    );
    let (_, d) = parse(br#"{"a": "\u12x4"}"#, "b.json");
    assert_eq!(
        diags(&d),
        [
            "Invalid JSON string | There is a syntax error in the given JSON string. | b.json:1,8-12 | b.json:1,7-15"
        ]
    );
}

/// JSON text "SHALL be encoded in UTF-8" (RFC 7159, section 8.1). Go
/// replaces invalid bytes in a string with U+FFFD and reports nothing. We
/// report an error at the first invalid byte (outside strings, any
/// non-ASCII byte is an invalid token for both).
#[test]
fn deviation_json_invalid_utf8_is_an_error() {
    let (file, d) = parse(b"{\"a\": \"ok \xff\xfe\", \"b\": 1}", "u.json");
    assert_eq!(
        diags(&d),
        [
            "Invalid JSON string | The string contains a byte that is not valid UTF-8. JSON text must be encoded in UTF-8. | u.json:1,11-12 | u.json:1,7-14"
        ]
    );
    // The rest is read, and positions after the bad bytes are kept.
    let (content, _) = file.body().content(
        &BodySchema::new()
            .attribute(AttributeSchema::optional("b"))
            .attribute(AttributeSchema::optional("a")),
    );
    assert_eq!(content.attributes["b"].range.start.byte, 15);
    assert_eq!(content.attributes["b"].range.to_string(), "u.json:1,16-22");
    // An escaped string too.
    let (_, d) = parse(b"{\"a\": \"\\n\xc3\"}", "u.json");
    assert_eq!(d.len(), 1);
}

/// "Implementations MUST NOT add a byte order mark to the beginning of a
/// JSON text. In the interests of interoperability, implementations that
/// parse JSON texts MAY ignore the presence of a byte order mark rather
/// than treating it as an error" (RFC 7159, section 8.1). Go rejects it
/// ("Invalid start of value" and "Root value must be object"). We skip it:
/// byte offsets count it, columns do not (as in the native syntax).
#[test]
fn deviation_json_byte_order_mark_is_skipped() {
    let (file, d) = parse(b"\xEF\xBB\xBF{\"a\": 1}", "bom.json");
    assert!(d.is_empty(), "{d:?}");
    let (attributes, _) = file.body().just_attributes();
    let a = &attributes["a"];
    assert_eq!(a.name_range.to_string(), "bom.json:1,2-5");
    assert_eq!(a.name_range.start.byte, 4);
    assert_eq!(file.source(), "{\"a\": 1}");
}

/// A tab is one column, as everywhere else in this implementation (the
/// native syntax, `Range`). Go's JSON scanner counts a tab between tokens
/// as two columns and a carriage return as none: Go puts `1` below at
/// column 10.
#[test]
fn deviation_json_tab_is_one_column() {
    let file = ok("{\"a\":\t\t1}");
    let (attributes, _) = file.body().just_attributes();
    assert_eq!(attributes["a"].expr.range().to_string(), "ok.json:1,8-9");
}

/// Nesting deeper than [`JsonOptions::max_depth`] (1,024 by default) is one
/// error, "Nesting too deep", at the first bracket beyond the limit; the
/// value is skipped (and if it never closes, parsing stops there). Go has
/// no limit: its parser recurses (its stack grows to a gigabyte), and
/// reports nothing for a deep but valid document.
#[test]
fn deviation_json_nesting_deeper_than_the_limit_is_an_error() {
    let limit = JsonOptions::DEFAULT_MAX_DEPTH;
    let deep = format!("{{\"a\": {}1{}}}", "[".repeat(1100), "]".repeat(1100));
    let (_, d) = parse(deep.as_bytes(), "d.json");
    assert_eq!(
        diags(&d),
        [format!(
            "Nesting too deep | This value is nested more than {limit} levels deep, the limit for this parser. | d.json:1,{}-{}",
            limit + 6,
            limit + 7
        )]
    );
    let options = JsonOptions {
        max_depth: 2000,
        ..JsonOptions::default()
    };
    let (_, d) = parse_with(deep.as_bytes(), "d.json", &options);
    assert!(d.is_empty());
}

// ---------------------------------------------------------------------------
// No panic on any input

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_bytes_never_panic(data in prop::collection::vec(any::<u8>(), 0..200)) {
        let (file, _) = parse(&data, "p.json");
        let body = file.body();
        let _ = body.just_attributes();
        let _ = body.content(&BodySchema::new().attribute(AttributeSchema::optional("a")));
        if let Some(e) = file.root_expression() {
            let _ = e.value(&EvalContext::new());
            let _ = e.variables();
        }
    }

    #[test]
    fn json_like_text_never_panics(parts in prop::collection::vec(
        prop::sample::select(vec![
            "{", "}", "[", "]", ",", ":", "\"a\"", "\"${x}\"", "\"\\u00\"", "\"\\ud800\"",
            "1", "-0.5e3", "tru", "null", " ", "\n", "\t", "=", "\u{e9}", "\"\\", "\"", "\u{feff}",
        ]),
        0..40,
    )) {
        let src = parts.concat();
        let (file, _) = parse(src.as_bytes(), "p.json");
        let _ = file.body().just_attributes();
        if let Some(e) = file.root_expression() {
            let _ = e.value(&EvalContext::new());
            let _ = e.value(&EvalContext::literal_only());
            let _ = e.variables();
            let _ = e.static_map();
            let _ = e.static_list();
        }
    }
}
