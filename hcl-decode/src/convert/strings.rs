//! Templates between the syntaxes: a native quoted template's text and a
//! JSON string's, both templates with the same `${…}`/`%{…}` and
//! `$${`/`%%{`; only the escaping of the literal parts differs.

use hcl_core::Value;

use super::native_read::interpolation_end;

/// Appends `s` as a JSON string, escaped (the JSON text of it).
pub(super) fn json_string(out: &mut String, s: &str) {
    out.push('"');
    json_escape_into(out, s);
    out.push('"');
}

fn json_escape_into(out: &mut String, s: &str) {
    // Runs of characters that need no escape are copied at once.
    let mut run = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[run..i]);
        if escape.is_empty() {
            out.push_str(&format!("\\u{b:04x}"));
        } else {
            out.push_str(escape);
        }
        run = i + 1;
    }
    out.push_str(&s[run..]);
}

/// The parts of a template's text: literal runs and `${…}`/`%{…}`
/// sequences (with their markers), in order. `None` if a sequence does
/// not close.
fn parts(text: &str, native_escapes: bool) -> Option<Vec<(bool, &str)>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut lit = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if (c == b'$' || c == b'%') && b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') {
            i += 3;
        } else if (c == b'$' || c == b'%') && b.get(i + 1) == Some(&b'{') {
            if lit < i {
                out.push((false, &text[lit..i]));
            }
            let end = interpolation_end(text, i + 2)?;
            out.push((true, &text[i..end]));
            i = end;
            lit = end;
        } else if c == b'\\' && native_escapes {
            // An escape of a native literal part: `\"` is not the end.
            i += 2;
        } else {
            i += 1;
        }
    }
    if lit < b.len() {
        out.push((false, &text[lit.min(b.len())..]));
    }
    Some(out)
}

/// The JSON string (as JSON text) of a native quoted template's inner
/// text (escapes as written).
pub(super) fn native_template_to_json(out: &mut String, inner: &str) -> Option<()> {
    out.push('"');
    for (sequence, part) in parts(inner, true)? {
        if sequence {
            json_escape_into(out, part);
            continue;
        }
        // Native escapes are JSON's, but for `\U` (8 digits).
        let mut rest = part;
        while let Some(i) = rest.find('\\') {
            json_escape_into(out, &rest[..i]);
            let after = &rest[i + 1..];
            let e = after.chars().next()?;
            if e == 'U' {
                let digits = after.get(1..9)?;
                let ch = char::from_u32(u32::from_str_radix(digits, 16).ok()?)?;
                json_escape_into(out, ch.encode_utf8(&mut [0; 4]));
                rest = &after[9..];
            } else {
                out.push('\\');
                out.push(e);
                rest = &after[e.len_utf8()..];
            }
        }
        json_escape_into(out, rest);
    }
    out.push('"');
    Some(())
}

/// The native expression of a JSON string's (decoded) text: a template
/// that is one `${…}` and nothing else is its expression; any other a
/// quoted template.
pub(super) fn json_template_to_native(out: &mut String, text: &str) -> Option<()> {
    let parts = parts(text, false)?;
    if let [(true, whole)] = parts.as_slice()
        && whole.starts_with("${")
    {
        let inner = whole[2..whole.len() - 1].trim();
        // A strip marker (`${~ x ~}`) means nothing outside a template.
        let inner = inner.trim_start_matches('~').trim_end_matches('~').trim();
        if !inner.is_empty() {
            // (A heredoc's closing marker is followed by the newline
            // that ends the attribute.)
            out.push_str(inner);
            return Some(());
        }
    }
    out.push('"');
    for (sequence, part) in parts {
        if sequence {
            out.push_str(part);
            continue;
        }
        for c in part.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
    }
    out.push('"');
    Some(())
}

/// A value as JSON for the JSON syntax, where every string is a
/// template: `${` and `%{` in a string are escaped. `None` for what JSON
/// has no form of (infinities, unknown values, capsules).
pub(super) fn value_json(out: &mut String, v: &Value) -> Option<()> {
    if v.is_null() {
        out.push_str("null");
    } else if let Some(b) = v.as_bool() {
        out.push_str(if b { "true" } else { "false" });
    } else if let Some(n) = v.as_number() {
        if n.is_infinite() {
            return None;
        }
        out.push_str(&n.to_string());
    } else if let Some(s) = v.as_str() {
        json_string(out, &s.replace("${", "$${").replace("%{", "%%{"));
    } else if let Some(elements) = v.elements() {
        out.push('[');
        for (i, e) in elements.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            value_json(out, e)?;
        }
        out.push(']');
    } else if let Some(attrs) = v.attributes() {
        out.push('{');
        for (i, (k, e)) in attrs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            json_string(out, &k.replace("${", "$${").replace("%{", "%%{"));
            out.push_str(": ");
            value_json(out, e)?;
        }
        out.push('}');
    } else {
        return None;
    }
    Some(())
}
