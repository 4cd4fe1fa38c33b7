//! JSON output as the Go tool writes it: values as `cty/json` marshals
//! them (numbers exactly, object keys in byte order), types in `cty`'s type
//! JSON (the core's [`hcl_core::cty_json::write_type`]), strings escaped as
//! Go's `encoding/json` escapes them (HTML characters too), and a small
//! tree for the indented documents (`--var-refs`, `--diags=json`).

use std::fmt::Write as _;

use hcl_core::cty_json::write_type;
use hcl_core::{Type, Value};

/// Appends `s` as a JSON string, escaped as Go's `encoding/json` does:
/// `"`, `\`, control characters (`\n`, `\r`, `\t` by name, the others as
/// `\u00XX`), the HTML characters `<`, `>`, `&`, and U+2028, U+2029.
pub fn write_string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let escape: Option<&str> = match b {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            b'<' | b'>' | b'&' => None,
            0..=0x1f => None,
            // U+2028 and U+2029: E2 80 A8 and E2 80 A9.
            0xE2 if bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)) =>
            {
                None
            }
            _ => {
                i += 1;
                continue;
            }
        };
        // `i` is at an ASCII byte or at the start of a character: a
        // boundary.
        out.push_str(&s[start..i]);
        let width = if b == 0xE2 { 3 } else { 1 };
        match escape {
            Some(e) => out.push_str(e),
            None => {
                let c = s[i..].chars().next().unwrap_or_default();
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
        }
        i += width;
        start = i;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Why a value cannot be written as JSON (the Go tool's messages).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarshalError(pub String);

/// Options for [`write_value`].
#[derive(Debug, Clone, Copy)]
pub struct ValueOptions {
    /// Leave out object and map entries whose value is null (the Go tool's
    /// default, undone by `--keep-nulls`).
    pub strip_nulls: bool,
    /// How many threads may write the elements of a large collection (the
    /// text is the same whatever the number).
    pub threads: usize,
}

/// How many elements make writing a collection in parallel worth it.
const PARALLEL_MIN_ELEMENTS: usize = 64;

/// Writes the items of a collection, separated by commas: in parallel runs
/// when there are many and threads are allowed. `write` writes one item
/// (and says whether it wrote anything).
fn write_items<T: Sync>(
    out: &mut String,
    items: &[T],
    opts: ValueOptions,
    write: &(dyn Fn(&mut String, &T, ValueOptions) -> Result<bool, MarshalError> + Sync),
) -> Result<(), MarshalError> {
    let run = |out: &mut String, part: &[T], opts: ValueOptions| {
        let mut first = out.is_empty() || out.ends_with(['[', '{']);
        for item in part {
            let mark = out.len();
            if !first {
                out.push(',');
            }
            if write(out, item, opts)? {
                first = false;
            } else {
                out.truncate(mark);
            }
        }
        Ok::<(), MarshalError>(())
    };
    if opts.threads < 2 || items.len() < PARALLEL_MIN_ELEMENTS {
        return run(out, items, opts);
    }
    let chunk = items.len().div_ceil(opts.threads);
    let single = ValueOptions { threads: 1, ..opts };
    let parts: Vec<Result<String, MarshalError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| {
                let work = move || {
                    let mut text = String::new();
                    run(&mut text, part, single).map(|()| text)
                };
                std::thread::Builder::new()
                    .stack_size(8 << 20)
                    .spawn_scoped(scope, work)
                    .map_err(|_| part)
            })
            .collect();
        handles
            .into_iter()
            .map(|h| match h {
                Ok(h) => match h.join() {
                    Ok(r) => r,
                    Err(panic) => std::panic::resume_unwind(panic),
                },
                // No thread could be started: write the run here.
                Err(part) => {
                    let mut text = String::new();
                    run(&mut text, part, single).map(|()| text)
                }
            })
            .collect()
    });
    let mut wrote = !(out.is_empty() || out.ends_with(['[', '{']));
    for part in parts {
        let part = part?;
        if part.is_empty() {
            continue;
        }
        if wrote {
            out.push(',');
        }
        out.push_str(&part);
        wrote = true;
    }
    Ok(())
}

/// Appends `value` as `cty/json`'s `Marshal(value, value.Type())` writes it.
pub fn write_value(
    out: &mut String,
    value: &Value,
    opts: ValueOptions,
) -> Result<(), MarshalError> {
    if value.is_null() {
        out.push_str("null");
        return Ok(());
    }
    if !value.is_known() {
        return Err(MarshalError("value is not known".to_owned()));
    }
    match value.ty() {
        Type::Bool => out.push_str(if value.is_true() { "true" } else { "false" }),
        Type::Number => {
            let Some(n) = value.as_number() else {
                return Err(MarshalError("value is not a number".to_owned()));
            };
            if n.is_infinite() {
                return Err(MarshalError("cannot serialize infinity as JSON".to_owned()));
            }
            let _ = write!(out, "{n}");
        }
        Type::String => write_string(out, value.as_str().unwrap_or_default()),
        Type::List(_) | Type::Set(_) | Type::Tuple(_) => {
            out.push('[');
            let elements = value.elements().unwrap_or_default();
            write_items(out, elements, opts, &|out, e, opts| {
                write_value(out, e, opts).map(|()| true)
            })?;
            out.push(']');
        }
        Type::Map(_) | Type::Object(_) => {
            out.push('{');
            if let Some(attrs) = value.attributes() {
                let entries: Vec<(&String, &Value)> = attrs.iter().collect();
                write_items(out, &entries, opts, &|out, (k, v), opts| {
                    if opts.strip_nulls && v.is_null() {
                        return Ok(false);
                    }
                    write_string(out, k);
                    out.push(':');
                    write_value(out, v, opts).map(|()| true)
                })?;
            }
            out.push('}');
        }
        Type::Capsule(c) => {
            return Err(MarshalError(format!(
                "cannot serialize a value of capsule type {}",
                c.name()
            )));
        }
        Type::Dynamic => return Err(MarshalError("value is not known".to_owned())),
    }
    Ok(())
}

/// The result document of the Go tool: the value, wrapped with its type
/// under `--with-type` (`{"value":…,"type":…}`, or `{"type":…,"value":…}`
/// when nulls are stripped, since Go re-sorts the keys then — and drops a
/// null `value`). A null of the dynamic pseudo-type is written bare, as Go
/// does.
pub fn result_document(
    value: &Value,
    with_type: bool,
    strip_nulls: bool,
    threads: usize,
) -> Result<String, MarshalError> {
    let opts = ValueOptions {
        strip_nulls,
        threads,
    };
    let mut out = String::new();
    if !with_type || value.ty().is_dynamic() {
        write_value(&mut out, value, opts)?;
        return Ok(out);
    }
    let mut v = String::new();
    write_value(&mut v, value, opts)?;
    let mut t = String::new();
    write_type(&mut t, value.ty()).map_err(|e| MarshalError(e.to_string()))?;
    if strip_nulls {
        out.push_str("{\"type\":");
        out.push_str(&t);
        if !value.is_null() {
            out.push_str(",\"value\":");
            out.push_str(&v);
        }
        out.push('}');
    } else {
        out.push_str("{\"value\":");
        out.push_str(&v);
        out.push_str(",\"type\":");
        out.push_str(&t);
        out.push('}');
    }
    Ok(out)
}

/// A JSON document, for the small indented outputs.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// A number, as written.
    Number(String),
    /// A string.
    String(String),
    /// Already-written compact JSON (a marshalled value), re-indented.
    Raw(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, keys in the order given.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// Written as Go's `json.MarshalIndent(v, "", "  ")` writes it.
    pub fn to_indented(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out
    }

    fn write(&self, out: &mut String, depth: usize) {
        match self {
            Json::Number(n) => out.push_str(n),
            Json::String(s) => write_string(out, s),
            Json::Raw(raw) => indent_raw(out, raw, depth),
            Json::Array(items) => {
                if items.is_empty() {
                    out.push_str("[]");
                    return;
                }
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    item.write(out, depth + 1);
                }
                newline(out, depth);
                out.push(']');
            }
            Json::Object(members) => {
                if members.is_empty() {
                    out.push_str("{}");
                    return;
                }
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    write_string(out, k);
                    out.push_str(": ");
                    v.write(out, depth + 1);
                }
                newline(out, depth);
                out.push('}');
            }
        }
    }
}

fn newline(out: &mut String, depth: usize) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// Re-indents compact JSON (as Go's `json.Indent` does to an embedded raw
/// message), at nesting `depth`.
fn indent_raw(out: &mut String, raw: &str, depth: usize) {
    let mut depth = depth;
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                let close = if c == '{' { '}' } else { ']' };
                if chars.peek() == Some(&close) {
                    out.push(close);
                    chars.next();
                } else {
                    depth += 1;
                    newline(out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(out, depth);
            }
            ':' => out.push_str(": "),
            c if c.is_whitespace() => {}
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_as_go_does() {
        let mut out = String::new();
        write_string(&mut out, "a\"b\\c\n\t\u{1}<>&\u{2028}é\u{7f}");
        assert_eq!(
            out,
            "\"a\\\"b\\\\c\\n\\t\\u0001\\u003c\\u003e\\u0026\\u2028é\u{7f}\""
        );
    }

    #[test]
    fn raw_json_is_reindented() {
        let doc = Json::Object(vec![
            (
                "a".into(),
                Json::Raw(r#"{"x":[1,2],"y":{},"z":"a,{b"}"#.into()),
            ),
            ("b".into(), Json::Array(vec![])),
        ]);
        assert_eq!(
            doc.to_indented(),
            "{\n  \"a\": {\n    \"x\": [\n      1,\n      2\n    ],\n    \"y\": {},\n    \"z\": \"a,{b\"\n  },\n  \"b\": []\n}"
        );
    }

    #[test]
    fn types_are_written_as_cty_type_json() {
        let ty = Type::object_with_optional(
            [
                ("a", Type::list(Type::String)),
                ("b", Type::tuple([Type::Number, Type::Dynamic])),
            ],
            ["b"],
        );
        let mut out = String::new();
        write_type(&mut out, &ty).unwrap();
        assert_eq!(
            out,
            r#"["object",{"a":["list","string"],"b":["tuple",["number","dynamic"]]},["b"]]"#
        );
    }
}
