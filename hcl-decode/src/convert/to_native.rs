//! JSON values → native text, by a schema or by the JSON syntax's rules.

use hcl_core::format::value::{is_bare_key, quoted_string};

use super::Notes;
use super::json_read::JValue;
use super::strings::json_template_to_native;
use crate::schema::{BlockContent, Body};

/// Writes the properties of a body (unformatted: the formatter lays it
/// out).
pub(super) fn body(
    out: &mut String,
    props: &[(String, JValue)],
    schema: Option<&Body>,
    notes: &mut Notes,
) -> Result<(), String> {
    for (name, value) in props {
        if name == "//" {
            match value {
                JValue::String(text) if text.contains('\n') && !text.contains("*/") => {
                    // One comment of several lines stays one.
                    out.push_str(&format!("/* {text} */\n"));
                }
                JValue::String(text) => {
                    for line in text.lines() {
                        out.push_str(&format!("# {line}\n"));
                    }
                    if text.is_empty() {
                        out.push_str("#\n");
                    }
                }
                _ => notes.lost_comments += 1,
            }
            continue;
        }
        let block = schema.and_then(|s| s.block(name));
        match block {
            Some(b) => {
                let mut found = Vec::new();
                collect(value, b.labels.len(), &mut Vec::new(), &mut found).ok_or_else(|| {
                    format!("the blocks \"{name}\" do not have the shape of their labels")
                })?;
                for (labels, props) in found {
                    let inner = match &b.content {
                        BlockContent::Body(inner) => Some(inner),
                        BlockContent::ByLabel { variants, .. } => labels
                            .first()
                            .and_then(|l| variants.iter().find(|v| &v.name == l))
                            .map(|v| &v.body),
                    };
                    out.push_str(name);
                    for l in &labels {
                        out.push(' ');
                        out.push_str(&quoted_string(l));
                    }
                    out.push_str(" {\n");
                    body(out, props, inner, notes)?;
                    out.push_str("}\n");
                }
            }
            None => {
                if !hcl_core::format::value::is_bare_key(name) {
                    return Err(format!(
                        "the property \"{name}\" is no attribute name of the native syntax"
                    ));
                }
                match schema {
                    None => {
                        if looks_like_blocks(value) {
                            notes.ambiguous.push(format!(
                                "\"{name}\" is an object, written as an attribute; it may be a block"
                            ));
                        }
                    }
                    Some(s) if s.attribute(name).is_none() => notes.ambiguous.push(format!(
                        "\"{name}\" is not in the schema, written as an attribute"
                    )),
                    Some(_) => {}
                }
                out.push_str(name);
                out.push_str(" = ");
                expression(out, value)?;
                out.push('\n');
            }
        }
    }
    Ok(())
}

fn looks_like_blocks(v: &JValue) -> bool {
    match v {
        JValue::Object(_) => true,
        JValue::Array(items) => {
            !items.is_empty() && items.iter().all(|i| matches!(i, JValue::Object(_)))
        }
        _ => false,
    }
}

type Found<'v> = Vec<(Vec<String>, &'v [(String, JValue)])>;

/// The blocks of a property: `labels` levels of objects, then bodies.
fn collect<'v>(
    v: &'v JValue,
    labels: usize,
    prefix: &mut Vec<String>,
    out: &mut Found<'v>,
) -> Option<()> {
    match v {
        JValue::Null => Some(()),
        JValue::Array(items) => {
            for item in items {
                collect(item, labels, prefix, out)?;
            }
            Some(())
        }
        JValue::Object(props) if labels == 0 => {
            out.push((prefix.clone(), props));
            Some(())
        }
        JValue::Object(props) => {
            for (k, sub) in props {
                prefix.push(k.clone());
                collect(sub, labels - 1, prefix, out)?;
                prefix.pop();
            }
            Some(())
        }
        _ => None,
    }
}

/// A JSON value as a native expression: strings are templates.
fn expression(out: &mut String, v: &JValue) -> Result<(), String> {
    match v {
        JValue::Null => out.push_str("null"),
        JValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        JValue::Number(n) => out.push_str(n),
        JValue::String(s) => json_template_to_native(out, s)
            .ok_or_else(|| format!("the template {s:?} does not close"))?,
        JValue::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                expression(out, item)?;
            }
            out.push(']');
        }
        JValue::Object(props) if props.is_empty() => out.push_str("{}"),
        JValue::Object(props) => {
            out.push_str("{\n");
            for (k, item) in props {
                if is_bare_key(k) {
                    out.push_str(k);
                } else {
                    let mut key = String::new();
                    json_template_to_native(&mut key, k)
                        .ok_or_else(|| format!("the template {k:?} does not close"))?;
                    if key.starts_with('"') {
                        out.push_str(&key);
                    } else {
                        // A key that is one interpolation: an expression key.
                        out.push('(');
                        out.push_str(&key);
                        out.push(')');
                    }
                }
                out.push_str(" = ");
                expression(out, item)?;
                out.push('\n');
            }
            out.push('}');
        }
    }
    Ok(())
}
