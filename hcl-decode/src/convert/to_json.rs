//! Native items → JSON text.

use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
use hcl_core::{EvalContext, Expression, Pos};

use super::native_read::{Item, is_one_string};
use super::strings::{json_string, native_template_to_json, value_json};

/// A label tree of the blocks of one type: each key's subtree, or at the
/// last level the bodies.
enum Tree<'i, 'a> {
    Keys(Vec<(String, Tree<'i, 'a>)>),
    Bodies(Vec<&'i [Item<'a>]>),
}

impl<'i, 'a> Tree<'i, 'a> {
    fn insert(&mut self, labels: &[String], body: &'i [Item<'a>]) {
        match (self, labels.split_first()) {
            (Tree::Bodies(bodies), None) => bodies.push(body),
            (Tree::Keys(keys), Some((first, rest))) => {
                let i = match keys.iter().position(|(k, _)| k == first) {
                    Some(i) => i,
                    None => {
                        keys.push((
                            first.clone(),
                            if rest.is_empty() {
                                Tree::Bodies(Vec::new())
                            } else {
                                Tree::Keys(Vec::new())
                            },
                        ));
                        keys.len() - 1
                    }
                };
                keys[i].1.insert(rest, body);
            }
            // Blocks of one type with different numbers of labels: the
            // first's shape wins, which the decoder reports anyway.
            _ => {}
        }
    }
}

fn newline(out: &mut String, indent: usize) {
    out.push('\n');
    for _ in 0..indent {
        out.push_str("  ");
    }
}

/// Writes a body as a JSON object.
pub(super) fn body(out: &mut String, items: &[Item<'_>], indent: usize) {
    // Blocks of one type are one property, at the place of the first.
    let mut emitted: Vec<&str> = Vec::new();
    let mut first = true;
    out.push('{');
    for (i, item) in items.iter().enumerate() {
        let mut sep = |out: &mut String| {
            if !first {
                out.push(',');
            }
            first = false;
            newline(out, indent + 1);
        };
        match item {
            Item::Comment(text) => {
                sep(out);
                out.push_str("\"//\": ");
                json_string(out, text);
            }
            Item::Attribute { name, expr } => {
                sep(out);
                json_string(out, name);
                out.push_str(": ");
                expression(out, expr);
            }
            Item::Block {
                type_name, labels, ..
            } => {
                if emitted.contains(type_name) {
                    continue;
                }
                emitted.push(type_name);
                let mut tree = if labels.is_empty() {
                    Tree::Bodies(Vec::new())
                } else {
                    Tree::Keys(Vec::new())
                };
                for other in &items[i..] {
                    if let Item::Block {
                        type_name: t,
                        labels,
                        body,
                    } = other
                        && t == type_name
                    {
                        tree.insert(labels, body);
                    }
                }
                sep(out);
                json_string(out, type_name);
                out.push_str(": ");
                write_tree(out, &tree, indent + 1);
            }
        }
    }
    if !first {
        newline(out, indent);
    }
    out.push('}');
}

fn write_tree(out: &mut String, tree: &Tree<'_, '_>, indent: usize) {
    match tree {
        Tree::Bodies(bodies) if bodies.len() == 1 => body(out, bodies[0], indent),
        Tree::Bodies(bodies) => {
            out.push('[');
            for (i, b) in bodies.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent + 1);
                body(out, b, indent + 1);
            }
            newline(out, indent);
            out.push(']');
        }
        Tree::Keys(keys) => {
            out.push('{');
            for (i, (k, sub)) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent + 1);
                json_string(out, k);
                out.push_str(": ");
                write_tree(out, sub, indent + 1);
            }
            newline(out, indent);
            out.push('}');
        }
    }
}

/// Whether `text` is a number literal JSON writes the same way.
fn json_number(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    if !digits(&mut i) || (b[0] == b'0' && i > 1) {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// An attribute's expression as JSON: literals as JSON values, a quoted
/// template as a JSON string template, anything else as `"${…}"`.
fn expression(out: &mut String, expr: &str) {
    if matches!(expr, "true" | "false" | "null") || json_number(expr) {
        out.push_str(expr);
        return;
    }
    if is_one_string(expr) {
        let mut s = String::new();
        if native_template_to_json(&mut s, &expr[1..expr.len() - 1]).is_some() {
            out.push_str(&s);
            return;
        }
    }
    if expr.starts_with(['[', '{', '-']) || expr.starts_with("<<") {
        // A heredoc's closing marker ends its line.
        let source = if expr.contains("<<") {
            format!("{expr}\n")
        } else {
            expr.to_owned()
        };
        let (file, id, diags) = parse_expression(
            source.as_bytes(),
            "<expression>",
            Pos::start(),
            &ParseOptions::default(),
        );
        if !diags.has_errors() {
            let (value, diags) = NativeExpression::new(file, id).value(&EvalContext::new());
            let mut s = String::new();
            if !diags.has_errors()
                && value.is_wholly_known()
                && value_json(&mut s, &value).is_some()
            {
                out.push_str(&s);
                return;
            }
        }
    }
    let mut text = String::with_capacity(expr.len() + 4);
    text.push_str("${");
    text.push_str(expr);
    if expr.contains("<<") || expr.contains('#') || expr.contains("//") {
        text.push('\n');
    }
    text.push('}');
    json_string(out, &text);
}
