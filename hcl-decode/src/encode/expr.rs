//! A value as the HCL expression that denotes it.
//!
//! Placeholder until `hcl_core::format::value` lands: the checks (what
//! cannot be written, with its path) stay here; the printing moves there.

use hcl_core::{PathStep, Type, Value};

use super::EncodeError;

/// How deep values and blocks may nest in the text written: the native
/// parser's own limit, so that whatever is written reads back.
pub(crate) const MAX_DEPTH: usize = 256;

/// Checks that `value` can be written (known, finite numbers, no capsule,
/// nested at most [`MAX_DEPTH`] deep counting `depth` levels above it),
/// then writes it.
pub(crate) fn expression(value: &Value, depth: usize) -> Result<String, EncodeError> {
    check(value, depth)?;
    let mut out = String::new();
    write(&mut out, value);
    Ok(out)
}

fn check(value: &Value, depth: usize) -> Result<(), EncodeError> {
    if depth >= MAX_DEPTH {
        return Err(EncodeError::new(format!(
            "it is nested more than {MAX_DEPTH} levels deep, more than HCL reads back"
        )));
    }
    if !value.is_known() {
        return Err(EncodeError::new("an unknown value has no text"));
    }
    if value.is_null() {
        return Ok(());
    }
    if matches!(value.ty(), Type::Capsule(_)) {
        return Err(EncodeError::new(format!(
            "a value of the capsule type {} has no text",
            value.ty()
        )));
    }
    if let Some(n) = value.as_number() {
        if n.is_infinite() {
            return Err(EncodeError::new(
                "an infinite number has no literal in HCL",
            ));
        }
    } else if let Some(attributes) = value.attributes() {
        for (k, v) in attributes.iter() {
            check(v, depth + 1).map_err(|e| e.within(PathStep::Index(Value::string(k.as_str()))))?;
        }
    } else if let Some(elements) = value.elements() {
        let set = matches!(value.ty(), Type::Set(_));
        for (i, e) in elements.iter().enumerate() {
            check(e, depth + 1).map_err(|err| {
                err.within(PathStep::Index(if set {
                    e.clone()
                } else {
                    Value::number(i64::try_from(i).unwrap_or(i64::MAX))
                }))
            })?;
        }
    }
    Ok(())
}

fn write(out: &mut String, value: &Value) {
    if value.is_null() {
        out.push_str("null");
    } else if let Some(b) = value.as_bool() {
        out.push_str(if b { "true" } else { "false" });
    } else if let Some(n) = value.as_number() {
        out.push_str(&n.to_string());
    } else if let Some(s) = value.as_str() {
        write_string(out, s);
    } else if let Some(attributes) = value.attributes() {
        out.push('{');
        for (k, v) in attributes.iter() {
            out.push('\n');
            if is_identifier(k) && !matches!(k.as_str(), "null" | "true" | "false") {
                out.push_str(k);
            } else {
                write_string(out, k);
            }
            out.push_str(" = ");
            write(out, v);
        }
        if !attributes.is_empty() {
            out.push('\n');
        }
        out.push('}');
    } else if let Some(elements) = value.elements() {
        out.push('[');
        for (i, e) in elements.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write(out, e);
        }
        out.push(']');
    }
}

/// A quoted string literal, with `${` and `%{` escaped.
pub(crate) fn write_string(out: &mut String, s: &str) {
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
            c if c.is_control() => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Whether `name` is an identifier of the native syntax (Go's
/// `hclsyntax.ValidIdentifier`): a letter or `_`, then letters, digits,
/// `_` and `-`.
pub(crate) fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first == '_' || unicode_ident::is_xid_start(first))
        && chars.all(|c| c == '-' || unicode_ident::is_xid_continue(c))
}
