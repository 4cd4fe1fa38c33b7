//! A [`Value`] written as the native-syntax expression that denotes it.
//!
//! The text evaluates, with no variables and no functions, to a value equal
//! to the one written, after conversion to the value's type (a list reads
//! back as a tuple, a map as an object: conversion to the target type, as a
//! decoder does, gives the original back). The layout follows HashiCorp's
//! `hclwrite.TokensForValue`, then the formatter's rules:
//!
//! - `null`, `true`, `false`, and numbers in exact decimal (no exponent, no
//!   rounding: `0.1` is written `0.1`, `2^70` with all its digits);
//! - strings quoted, with `\\`, `\"`, `\n`, `\r`, `\t` and other control
//!   characters escaped, and `${` / `%{` written `$${` / `%%{` so that they
//!   stay literal text. A string of several lines that ends with a newline
//!   is written as a heredoc (`<<EOT` … `EOT`) when it is the whole value,
//!   which reads better in a configuration file;
//! - lists, sets and tuples on one line: `[1, 2, 3]`;
//! - maps and objects one attribute per line, `=` aligned, keys bare when
//!   they are identifiers (and not `null`, `true`, `false` or `for`) and
//!   quoted otherwise.
//!
//! A null of any type is written `null` and an empty collection `[]` or
//! `{}`: the text does not carry the type (conversion to the expected type
//! restores it). A value that no expression denotes (an unknown value, a
//! capsule, an infinite number) is an [`UnwritableValue`] error naming the
//! path to the offending part.
//!
//! ```
//! use hcl_core::Value;
//! use hcl_core::format::value::expression;
//!
//! let v = Value::object([
//!     ("name", Value::string("web ${env}")),
//!     ("ports", Value::tuple([Value::number(80), Value::number(443)])),
//!     ("content-type", Value::string("text/html")),
//!     ("for", Value::bool(true)),
//! ]);
//! assert_eq!(
//!     expression(&v).unwrap(),
//!     "{\n  content-type = \"text/html\"\n  \"for\"        = true\n  name         = \"web $${env}\"\n  ports        = [80, 443]\n}"
//! );
//! assert_eq!(expression(&Value::string("a\nb\n")).unwrap(), "<<EOT\na\nb\nEOT\n");
//! ```

use std::fmt;

use crate::path::{Path, PathStep};
use crate::ty::Type;
use crate::value::Value;

/// A value that no native-syntax expression denotes.
#[derive(Clone, Debug, PartialEq)]
pub struct UnwritableValue {
    path: Path,
    reason: UnwritableReason,
}

/// Why a value cannot be written; see [`UnwritableValue`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnwritableReason {
    /// The value is unknown: it has no text until it is known.
    Unknown,
    /// The value is a capsule, opaque to HCL.
    Capsule,
    /// The number is infinite; the native syntax has no literal for it.
    Infinite,
}

impl UnwritableValue {
    /// Where in the written value the offending part is (the root path for
    /// the value itself).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Why the part cannot be written.
    pub fn reason(&self) -> UnwritableReason {
        self.reason
    }
}

impl fmt::Display for UnwritableValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.reason {
            UnwritableReason::Unknown => "an unknown value has no HCL text",
            UnwritableReason::Capsule => "a capsule value has no HCL text",
            UnwritableReason::Infinite => "an infinite number has no HCL literal",
        };
        if self.path.steps().is_empty() {
            f.write_str(what)
        } else {
            write!(f, "{what} (at {})", self.path)
        }
    }
}

impl std::error::Error for UnwritableValue {}

/// The expression that denotes `value`, laid out as the formatter lays it
/// out at the top level of a file (nested lines indented by two spaces per
/// level, `=` aligned). A multi-line string that ends with a newline becomes a
/// heredoc, whose text ends with the newline after its closing marker.
pub fn expression(value: &Value) -> Result<String, UnwritableValue> {
    let mut out = String::new();
    write_expression(&mut out, value)?;
    Ok(out)
}

/// Appends the expression that denotes `value` to `out`; see
/// [`expression`]. Nothing is appended when it fails.
pub fn write_expression(out: &mut String, value: &Value) -> Result<(), UnwritableValue> {
    if let Some(text) = value.as_str().filter(|t| heredoc_reads_better(t)) {
        write_heredoc(out, text);
        return Ok(());
    }
    let mut text = String::new();
    write_value(&mut text, value)?;
    if text.contains('\n') {
        // Objects span lines: the formatter indents them and aligns their
        // `=` as it does in a file.
        text = crate::format::format_str(&text);
    }
    out.push_str(&text);
    Ok(())
}

/// The text of `text` as a quoted template literal: `"…"` with escapes.
pub fn quoted_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    write_quoted(&mut out, text);
    out
}

/// Whether `key` can be written bare as an object key: an identifier that
/// does not read as something else at the start of an object constructor.
pub fn is_bare_key(key: &str) -> bool {
    crate::native::is_identifier(key) && !matches!(key, "null" | "true" | "false" | "for")
}

fn fail(reason: UnwritableReason) -> UnwritableValue {
    UnwritableValue {
        path: Path::root(),
        reason,
    }
}

/// Writes `value` unformatted (each attribute of an object on a line of
/// its own, unindented); the path of a failure is built as it returns.
fn write_value(out: &mut String, value: &Value) -> Result<(), UnwritableValue> {
    if !value.is_known() {
        return Err(fail(UnwritableReason::Unknown));
    }
    if value.is_null() {
        out.push_str("null");
        return Ok(());
    }
    match value.ty() {
        Type::Bool => out.push_str(if value.is_true() { "true" } else { "false" }),
        Type::Number => {
            let Some(n) = value.as_number() else {
                return Err(fail(UnwritableReason::Unknown));
            };
            if !n.is_finite() {
                return Err(fail(UnwritableReason::Infinite));
            }
            use fmt::Write as _;
            // An integer is written with all its digits: the shortest
            // decimal of a large binary float reads back as a different
            // (exact) integer.
            let _ = match n.to_bigint() {
                Ok(int) if n.is_integer() => write!(out, "{int}"),
                _ => write!(out, "{n}"),
            };
        }
        Type::String => write_quoted(out, value.as_str().unwrap_or_default()),
        Type::List(_) | Type::Set(_) | Type::Tuple(_) => {
            out.push('[');
            for (i, element) in value.elements().unwrap_or_default().iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(out, element).map_err(|mut e| {
                    e.path
                        .prepend(PathStep::Index(index_key(value, i, element)));
                    e
                })?;
            }
            out.push(']');
        }
        Type::Map(_) | Type::Object(_) => {
            let Some(attributes) = value.attributes().filter(|a| !a.is_empty()) else {
                out.push_str("{}");
                return Ok(());
            };
            out.push('{');
            for (name, element) in attributes.iter() {
                out.push('\n');
                out.push_str(&key_text(name));
                out.push_str(" = ");
                write_value(out, element).map_err(|mut e| {
                    e.path.prepend(if matches!(value.ty(), Type::Object(_)) {
                        PathStep::Attr(name.clone())
                    } else {
                        PathStep::Index(Value::string(name.as_str()))
                    });
                    e
                })?;
            }
            out.push_str("\n}");
        }
        Type::Capsule(_) => return Err(fail(UnwritableReason::Capsule)),
        Type::Dynamic => return Err(fail(UnwritableReason::Unknown)),
    }
    Ok(())
}

/// The path step of element `i` of a sequence: a set element is addressed
/// by its value, the others by their position.
fn index_key(container: &Value, i: usize, element: &Value) -> Value {
    if matches!(container.ty(), Type::Set(_)) {
        element.clone()
    } else {
        Value::number(i as u64)
    }
}

fn key_text(key: &str) -> String {
    if is_bare_key(key) {
        key.to_owned()
    } else {
        quoted_string(key)
    }
}

fn write_quoted(out: &mut String, text: &str) {
    out.push('"');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if c.is_control() => {
                use fmt::Write as _;
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A heredoc for a string of two lines or more that ends with a newline and
/// holds no control character but tabs (a carriage return would change the
/// line ends the heredoc's lines keep).
fn heredoc_reads_better(text: &str) -> bool {
    let Some(body) = text.strip_suffix('\n') else {
        return false;
    };
    body.contains('\n')
        && !text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t')
}

/// `<<EOT` … `EOT` with `${` and `%{` escaped; the marker is `EOT`, or
/// `EOT1`, `EOT2`, … when a line of the text would end the heredoc early.
fn write_heredoc(out: &mut String, text: &str) {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut marker = String::from("EOT");
    let mut n = 0u64;
    while lines.contains(&marker.as_str()) {
        n += 1;
        marker = format!("EOT{n}");
    }
    out.push_str("<<");
    out.push_str(&marker);
    out.push('\n');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if matches!(c, '$' | '%') && chars.peek() == Some(&'{') {
            out.push(c);
        }
    }
    out.push_str(&marker);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::{NativeExpression, ParseOptions, parse_expression};
    use crate::{EvalContext, Expression, Pos, convert};

    /// Parses and evaluates `text`, then converts to `ty` as a decoder does.
    fn read_back(text: &str, ty: &Type) -> Value {
        let (file, id, diags) = parse_expression(
            text.as_bytes(),
            "t.hcl",
            Pos::start(),
            &ParseOptions::default(),
        );
        assert!(diags.is_empty(), "{text:?}: {diags:?}");
        let (value, diags) = NativeExpression::new(file, id).value(&EvalContext::new());
        assert!(diags.is_empty(), "{text:?}: {diags:?}");
        convert::convert(&value, ty).unwrap()
    }

    fn round_trip(value: &Value) {
        let text = expression(value).unwrap();
        assert_eq!(&read_back(&text, value.ty()), value, "{text}");
    }

    #[test]
    fn scalars() {
        assert_eq!(expression(&Value::bool(true)).unwrap(), "true");
        assert_eq!(expression(&Value::null(Type::String)).unwrap(), "null");
        assert_eq!(expression(&Value::number(-12)).unwrap(), "-12");
        let big: crate::Number = "1180591620717411303424".parse().unwrap();
        assert_eq!(
            expression(&Value::number(big)).unwrap(),
            "1180591620717411303424"
        );
        let tenth = crate::Number::parse_decimal("0.1").unwrap();
        assert_eq!(expression(&Value::number(tenth)).unwrap(), "0.1");
    }

    #[test]
    fn strings_are_escaped() {
        let cases = [
            ("plain", "\"plain\""),
            ("a\"b\\c", "\"a\\\"b\\\\c\""),
            ("${x} and %{if}", "\"$${x} and %%{if}\""),
            ("$$x $ {", "\"$$x $ {\""),
            ("tab\there\r\n", "\"tab\\there\\r\\n\""),
            ("bell\u{7}", "\"bell\\u0007\""),
            ("único ☃", "\"único ☃\""),
        ];
        for (text, want) in cases {
            assert_eq!(expression(&Value::string(text)).unwrap(), want, "{text:?}");
        }
    }

    #[test]
    fn strings_read_back() {
        for text in [
            "",
            "$",
            "%",
            "$${",
            "%%{",
            "$$${x}",
            "${",
            "%{",
            "a$",
            "x{",
            "\\${",
            "\"",
            "\\",
            "\u{0}",
            "\u{7f}",
            "\u{85}",
            "line\nline",
            "a\r\n",
            "\u{1F600}",
            "${${}}",
        ] {
            round_trip(&Value::string(text));
        }
    }

    #[test]
    fn heredocs_for_multi_line_text() {
        assert_eq!(
            expression(&Value::string("a\nb\n")).unwrap(),
            "<<EOT\na\nb\nEOT\n"
        );
        // One line, or no final newline, or a carriage return: quoted.
        assert_eq!(expression(&Value::string("a\n")).unwrap(), "\"a\\n\"");
        assert_eq!(expression(&Value::string("a\nb")).unwrap(), "\"a\\nb\"");
        assert_eq!(
            expression(&Value::string("a\r\nb\r\n")).unwrap(),
            "\"a\\r\\nb\\r\\n\""
        );
        // A line that is the marker changes the marker.
        assert_eq!(
            expression(&Value::string("EOT\n  EOT1\nx\n")).unwrap(),
            "<<EOT2\nEOT\n  EOT1\nx\nEOT2\n"
        );
        for text in [
            "a\nb\n",
            "${x}\n%{y}\n$${z}\n",
            "  indented\n\ttab\n\n",
            "EOT\nEOT\n",
        ] {
            let written = expression(&Value::string(text)).unwrap();
            let file = format!("a = {written}");
            let (parsed, diags) = crate::parse::parse(file.as_bytes(), "t.hcl");
            assert!(!diags.has_errors(), "{diags:?}");
            let (attrs, diags) = parsed.body().just_attributes();
            assert!(!diags.has_errors(), "{diags:?}");
            let (value, diags) = attrs["a"].expr.value(&EvalContext::new());
            assert!(diags.is_empty(), "{diags:?}");
            assert_eq!(value, Value::string(text), "{written}");
        }
    }

    #[test]
    fn collections() {
        let list = Value::list([Value::number(1), Value::number(2)]).unwrap();
        assert_eq!(expression(&list).unwrap(), "[1, 2]");
        round_trip(&list);
        let set = Value::set([Value::string("b"), Value::string("a")]).unwrap();
        round_trip(&set);
        assert_eq!(expression(&Value::empty_tuple()).unwrap(), "[]");
        assert_eq!(expression(&Value::empty_object()).unwrap(), "{}");
        let map = Value::map([
            ("a b", Value::string("x")),
            ("null", Value::string("y")),
            ("ok", Value::string("z")),
        ])
        .unwrap();
        assert_eq!(
            expression(&map).unwrap(),
            "{\n  \"a b\"  = \"x\"\n  \"null\" = \"y\"\n  ok     = \"z\"\n}"
        );
        round_trip(&map);
        let nested = Value::object([
            (
                "inner",
                Value::object([("k", Value::list([Value::bool(false)]).unwrap())]),
            ),
            ("n", Value::null(Type::Number)),
        ]);
        assert_eq!(
            expression(&nested).unwrap(),
            "{\n  inner = {\n    k = [false]\n  }\n  n = null\n}"
        );
        round_trip(&nested);
    }

    #[test]
    fn the_layout_is_the_formatters() {
        let v = Value::object([
            (
                "a",
                Value::object([("long_name", Value::number(1)), ("b", Value::string("x"))]),
            ),
            (
                "list",
                Value::tuple([Value::empty_object(), Value::string("s")]),
            ),
        ]);
        let text = format!("x = {}\n", expression(&v).unwrap());
        assert_eq!(crate::format::format_str(&text), text);
    }

    #[test]
    fn unwritable_values_name_their_path() {
        let v = Value::object([(
            "a",
            Value::tuple([Value::number(1), Value::unknown(Type::String)]),
        )]);
        let err = expression(&v).unwrap_err();
        assert_eq!(err.reason(), UnwritableReason::Unknown);
        assert_eq!(err.path().to_string(), ".a[1]");
        assert_eq!(
            err.to_string(),
            "an unknown value has no HCL text (at .a[1])"
        );
        let mut out = String::from("keep");
        assert!(write_expression(&mut out, &v).is_err());
        assert_eq!(out, "keep");
        let inf = Value::list([Value::number(crate::Number::NEG_INFINITY)]).unwrap();
        let err = expression(&inf).unwrap_err();
        assert_eq!(err.reason(), UnwritableReason::Infinite);
        assert_eq!(
            err.to_string(),
            "an infinite number has no HCL literal (at [0])"
        );
    }

    fn arbitrary_value() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let text = || {
            proptest::string::string_regex("([a-z$%{}\\\\\"\n\r\t é☃]|\\$\\{|%\\{){0,12}")
                .expect("a valid pattern")
        };
        let leaf = prop_oneof![
            any::<bool>().prop_map(Value::bool),
            any::<i64>().prop_map(Value::number),
            any::<f64>()
                .prop_filter_map("finite", crate::Number::from_f64)
                .prop_map(Value::number),
            text().prop_map(Value::string),
            Just(Value::null(Type::String)),
        ];
        leaf.prop_recursive(4, 32, 6, move |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::tuple),
                proptest::collection::btree_map(text(), inner, 0..5).prop_map(Value::object),
            ]
        })
    }

    proptest::proptest! {
        #[test]
        fn any_value_reads_back(value in arbitrary_value()) {
            let text = expression(&value).unwrap();
            let file = format!("a = {text}\n");
            let (parsed, diags) = crate::parse::parse(file.as_bytes(), "t.hcl");
            proptest::prop_assert!(!diags.has_errors(), "{text}: {diags:?}");
            let (attrs, _) = parsed.body().just_attributes();
            let (read, diags) = attrs["a"].expr.value(&EvalContext::new());
            proptest::prop_assert!(diags.is_empty(), "{text}: {diags:?}");
            let read = convert::convert(&read, value.ty()).unwrap();
            proptest::prop_assert_eq!(&read, &value, "{}", text);
            // Formatted already: formatting the file changes nothing.
            proptest::prop_assert_eq!(crate::format::format_str(&file), file);
        }
    }
}
