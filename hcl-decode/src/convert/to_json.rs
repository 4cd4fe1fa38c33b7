//! Native items → JSON text.

use std::collections::HashMap;

use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
use hcl_core::{EvalContext, Expression, Pos};

use super::native_read::{Item, is_one_string, string_end};
use super::strings::{json_string, native_template_to_json, value_json};

/// A label tree of the blocks of one type: each key's subtree (in the
/// order keys first appear, with an index to find a key again), or at the
/// last level the bodies.
enum Tree<'i, 'a> {
    Keys(Vec<(String, Tree<'i, 'a>)>, HashMap<String, usize>),
    Bodies(Vec<&'i [Item<'a>]>),
}

impl<'i, 'a> Tree<'i, 'a> {
    fn new(labels: usize) -> Tree<'i, 'a> {
        if labels == 0 {
            Tree::Bodies(Vec::new())
        } else {
            Tree::Keys(Vec::new(), HashMap::new())
        }
    }

    fn insert(&mut self, labels: &[String], body: &'i [Item<'a>]) {
        match (self, labels.split_first()) {
            (Tree::Bodies(bodies), None) => bodies.push(body),
            (Tree::Keys(keys, index), Some((first, rest))) => {
                let i = match index.get(first) {
                    Some(&i) => i,
                    None => {
                        keys.push((first.clone(), Tree::new(rest.len())));
                        index.insert(first.clone(), keys.len() - 1);
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
pub(super) fn body(out: &mut String, items: &[Item<'_>], indent: usize, lost: &mut usize) {
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
            Item::Attribute {
                name,
                expr,
                comments,
            } => {
                sep(out);
                json_string(out, name);
                out.push_str(": ");
                expression(out, expr, *comments, lost);
            }
            Item::Block {
                type_name, labels, ..
            } => {
                if emitted.contains(type_name) {
                    continue;
                }
                emitted.push(type_name);
                let mut tree = Tree::new(labels.len());
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
                write_tree(out, &tree, indent + 1, lost);
            }
        }
    }
    if !first {
        newline(out, indent);
    }
    out.push('}');
}

fn write_tree(out: &mut String, tree: &Tree<'_, '_>, indent: usize, lost: &mut usize) {
    match tree {
        Tree::Bodies(bodies) if bodies.len() == 1 => body(out, bodies[0], indent, lost),
        Tree::Bodies(bodies) => {
            out.push('[');
            for (i, b) in bodies.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent + 1);
                body(out, b, indent + 1, lost);
            }
            newline(out, indent);
            out.push(']');
        }
        Tree::Keys(keys, _) => {
            out.push('{');
            for (i, (k, sub)) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent + 1);
                json_string(out, k);
                out.push_str(": ");
                write_tree(out, sub, indent + 1, lost);
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

/// An attribute's expression as JSON: literals as JSON values (the
/// comments inside them lost, and counted), a quoted template as a JSON
/// string template, anything else as `"${…}"` (comments kept).
fn expression(out: &mut String, expr: &str, comments: usize, lost: &mut usize) {
    if matches!(expr, "true" | "false" | "null") || json_number(expr) {
        out.push_str(expr);
        return;
    }
    if expr.starts_with(['[', '{', '-']) {
        let mut literal_lost = 0;
        if let Some(json) = literal(expr, &mut literal_lost) {
            out.push_str(&json);
            *lost += literal_lost;
            return;
        }
    }
    if is_one_string(expr) {
        let mut s = String::new();
        if native_template_to_json(&mut s, &expr[1..expr.len() - 1]).is_some() {
            out.push_str(&s);
            return;
        }
    }
    // A heredoc without interpolation as its string, unless that would
    // lose a comment. (Other expressions that happen to be constant, a
    // `for` over literals, stay expressions: evaluating every expression
    // to find the few would cost more than the rest of the conversion.)
    if comments == 0 && expr.starts_with("<<") {
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

/// A native literal (numbers, strings, `true`, `false`, `null`, and
/// lists and objects of them, with bare or quoted keys) written straight
/// as JSON, without a parse and an evaluation: a quoted template stays a
/// template (the JSON syntax evaluates strings in arrays and objects as
/// templates too). `None` for anything else. Comments inside are skipped
/// and counted in `lost`.
fn literal(expr: &str, lost: &mut usize) -> Option<String> {
    let mut l = Literal {
        s: expr.as_bytes(),
        src: expr,
        pos: 0,
        lost: 0,
        out: String::with_capacity(expr.len() + 8),
    };
    l.value(0)?;
    l.skip();
    if l.pos != l.s.len() {
        return None;
    }
    *lost += l.lost;
    Some(l.out)
}

struct Literal<'a> {
    s: &'a [u8],
    src: &'a str,
    pos: usize,
    lost: usize,
    out: String,
}

/// Literals nest at most this deep here (deeper ones take the general
/// path).
const LITERAL_DEPTH: usize = 64;

impl Literal<'_> {
    /// Skips white space, newlines and comments.
    fn skip(&mut self) {
        loop {
            match self.s.get(self.pos) {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.pos += 1,
                Some(b'#') => self.line_comment(1),
                Some(b'/') if self.s.get(self.pos + 1) == Some(&b'/') => self.line_comment(2),
                Some(b'/') if self.s.get(self.pos + 1) == Some(&b'*') => {
                    self.lost += 1;
                    self.pos = self.src[self.pos..]
                        .find("*/")
                        .map_or(self.s.len(), |i| self.pos + i + 2);
                }
                _ => return,
            }
        }
    }

    fn line_comment(&mut self, marker: usize) {
        self.lost += 1;
        self.pos += marker;
        while self.s.get(self.pos).is_some_and(|b| *b != b'\n') {
            self.pos += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Option<()> {
        if depth > LITERAL_DEPTH {
            return None;
        }
        self.skip();
        match *self.s.get(self.pos)? {
            b'[' => {
                self.pos += 1;
                self.out.push('[');
                let mut first = true;
                loop {
                    self.skip();
                    if self.s.get(self.pos) == Some(&b']') {
                        self.pos += 1;
                        break;
                    }
                    if !first {
                        self.out.push_str(", ");
                    }
                    first = false;
                    self.value(depth + 1)?;
                    self.skip();
                    match self.s.get(self.pos)? {
                        b',' => self.pos += 1,
                        b']' => {}
                        _ => return None,
                    }
                }
                self.out.push(']');
            }
            b'{' => {
                self.pos += 1;
                self.out.push('{');
                let mut first = true;
                loop {
                    self.skip();
                    if self.s.get(self.pos) == Some(&b'}') {
                        self.pos += 1;
                        break;
                    }
                    if !first {
                        self.out.push_str(", ");
                    }
                    first = false;
                    self.key()?;
                    self.out.push_str(": ");
                    self.skip();
                    match self.s.get(self.pos)? {
                        b'=' | b':' => self.pos += 1,
                        _ => return None,
                    }
                    self.value(depth + 1)?;
                    // Items are separated by commas or newlines.
                    while let Some(b' ' | b'\t' | b'\r') = self.s.get(self.pos) {
                        self.pos += 1;
                    }
                    match self.s.get(self.pos)? {
                        b',' | b'\n' => self.pos += 1,
                        b'}' | b'#' | b'/' => {}
                        _ => return None,
                    }
                }
                self.out.push('}');
            }
            b'"' => {
                let start = self.pos;
                let end = string_end(self.src, start)?;
                let inner = &self.src[start + 1..end - 1];
                native_template_to_json(&mut self.out, inner)?;
                self.pos = end;
            }
            b'-' | b'0'..=b'9' => {
                let start = self.pos;
                if self.s[self.pos] == b'-' {
                    self.pos += 1;
                }
                let digits = self.pos;
                while let Some(b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-') =
                    self.s.get(self.pos)
                {
                    // A `-` or `+` only after an exponent marker.
                    if matches!(self.s[self.pos], b'+' | b'-')
                        && !matches!(self.s[self.pos - 1], b'e' | b'E')
                    {
                        break;
                    }
                    self.pos += 1;
                }
                if !json_number(&self.src[digits..self.pos]) {
                    return None;
                }
                self.out.push_str(&self.src[start..self.pos]);
            }
            _ => {
                let rest = &self.src[self.pos..];
                let word = ["true", "false", "null"]
                    .into_iter()
                    .find(|w| rest.starts_with(w))?;
                let after = rest.as_bytes().get(word.len());
                if after.is_some_and(|b| {
                    b.is_ascii_alphanumeric()
                        || *b == b'_'
                        || *b == b'-'
                        || *b == b'.'
                        || *b == b'['
                }) {
                    return None;
                }
                self.out.push_str(word);
                self.pos += word.len();
            }
        }
        Some(())
    }

    /// An object key: a bare identifier or a quoted string without
    /// interpolation, written as a JSON string.
    fn key(&mut self) -> Option<()> {
        let start = self.pos;
        if self.s.get(self.pos) == Some(&b'"') {
            let end = string_end(self.src, start)?;
            let inner = &self.src[start + 1..end - 1];
            if inner.contains("${") || inner.contains("%{") {
                return None;
            }
            native_template_to_json(&mut self.out, inner)?;
            self.pos = end;
            return Some(());
        }
        while self
            .s
            .get(self.pos)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
        {
            self.pos += 1;
        }
        let key = &self.src[start..self.pos];
        if key.is_empty()
            || key.as_bytes()[0].is_ascii_digit()
            || matches!(key, "null" | "true" | "false" | "for")
        {
            return None;
        }
        // A key followed by anything but `=`/`:` is an expression.
        let mut after = self.pos;
        while let Some(b' ' | b'\t') = self.s.get(after) {
            after += 1;
        }
        if !matches!(self.s.get(after), Some(b'=' | b':')) || self.s.get(after + 1) == Some(&b'=') {
            return None;
        }
        json_string(&mut self.out, key);
        Some(())
    }
}
