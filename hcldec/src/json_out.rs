//! JSON output as the Go tool writes it: values as `cty/json` marshals
//! them and types in `cty`'s type JSON (the core's
//! [`hcl_core::cty_json::write_value`] and
//! [`hcl_core::cty_json::write_type`]), strings escaped as Go's
//! `encoding/json` escapes them ([`hcl_core::quote::write_json_string`]),
//! and a small tree for the indented documents (`--var-refs`,
//! `--diags=json`).

use hcl_core::Value;
use hcl_core::cty_json::{JsonError, MarshalOptions, write_type, write_value};
use hcl_core::quote::write_json_string;

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
) -> Result<String, JsonError> {
    let opts = MarshalOptions::new()
        .strip_nulls(strip_nulls)
        .threads(threads);
    let mut out = String::new();
    if !with_type || value.ty().is_dynamic() {
        write_value(&mut out, value, value.ty(), opts)?;
        return Ok(out);
    }
    let mut v = String::new();
    write_value(&mut v, value, value.ty(), opts)?;
    let mut t = String::new();
    write_type(&mut t, value.ty())?;
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
            Json::String(s) => write_json_string(out, s),
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
                    write_json_string(out, k);
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
    use hcl_core::Type;

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
