//! A value as the expression that denotes it. A small stand-in until
//! `hcl_core::format::value` (the shared printer) lands; only the two entry
//! points below are used by the document.

use crate::{Diagnostic, Diagnostics, Value};

/// The HCL expression that denotes `value`; an error for values no
/// expression denotes (unknown values, capsules, infinities).
pub(super) fn value_expression(value: &Value) -> Result<String, Diagnostics> {
    let mut out = String::new();
    // Work list instead of recursion: deep values are no concern.
    enum Job<'a> {
        Value(&'a Value),
        Text(&'static str),
        Key(&'a str),
    }
    let mut jobs = vec![Job::Value(value)];
    while let Some(job) = jobs.pop() {
        let v = match job {
            Job::Text(t) => {
                out.push_str(t);
                continue;
            }
            Job::Key(k) => {
                if is_identifier(k) {
                    out.push_str(k);
                } else {
                    out.push_str(&quote_string(k));
                }
                continue;
            }
            Job::Value(v) => v,
        };
        if !v.is_known() {
            return Err(no_expression(v));
        }
        if v.is_null() {
            out.push_str("null");
        } else if let Some(b) = v.as_bool() {
            out.push_str(if b { "true" } else { "false" });
        } else if let Some(n) = v.as_number() {
            if !n.is_finite() {
                return Err(Diagnostic::error("Value has no expression")
                    .with_detail("An infinite number cannot be written as an expression.")
                    .into());
            }
            out.push_str(&n.to_string());
        } else if let Some(s) = v.as_str() {
            out.push_str(&quote_string(s));
        } else if let Some(elements) = v.elements() {
            out.push('[');
            jobs.push(Job::Text("]"));
            for (i, e) in elements.iter().enumerate().rev() {
                jobs.push(Job::Value(e));
                if i > 0 {
                    jobs.push(Job::Text(", "));
                }
            }
        } else if let Some(attrs) = v.attributes() {
            if attrs.is_empty() {
                out.push_str("{}");
                continue;
            }
            out.push_str("{\n");
            jobs.push(Job::Text("}"));
            for (k, e) in attrs.iter().rev() {
                jobs.push(Job::Text("\n"));
                jobs.push(Job::Value(e));
                jobs.push(Job::Text(" = "));
                jobs.push(Job::Key(k));
            }
        } else {
            return Err(no_expression(v));
        }
    }
    Ok(out)
}

fn no_expression(v: &Value) -> Diagnostics {
    Diagnostic::error("Value has no expression")
        .with_detail(format!(
            "A value of type {} cannot be written as an expression.",
            v.ty()
        ))
        .into()
}

/// `s` as a quoted string literal: escapes for quotes, backslashes and
/// control characters, and `$${`/`%%{` for literal `${`/`%{`.
pub(super) fn quote_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether `s` is written as a bare identifier (an object key).
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}
