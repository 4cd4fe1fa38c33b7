//! A commented configuration file: [`Schema::template`].

use hcl_core::format::format_str;
use hcl_core::format::value::{expression, quoted_string};
use hcl_core::Type;

use super::Schema;
use super::model::{Attribute, BlockContent, BlockType, Body, Constraint, Doc, Nesting};

impl Schema {
    /// A configuration file to start from, in the native syntax, formatted
    /// as `hclfmt` formats it: each attribute with a known default is
    /// written at its default; a required one, and one whose default is
    /// not known or is sensitive, is a commented placeholder
    /// (`# name = <string>`); each `single` block is written out (its
    /// labels as `"<name>"` placeholders), optional and repeated blocks are
    /// commented examples; docs, accepted values, ranges and deprecations
    /// are comments. Once its placeholders are filled (uncommented, with a
    /// value), the file decodes to the defaults.
    ///
    /// ```
    /// use hcl_decode::prelude::*;
    /// use hcl_decode::schema::Schema;
    ///
    /// #[derive(HclBody)]
    /// struct Config {
    ///     /// The name shown in logs.
    ///     name: String,
    ///     /// The port to listen on.
    ///     #[hcl(default = 8080)]
    ///     port: u16,
    ///     #[hcl(block)]
    ///     tls: Option<Tls>,
    /// }
    ///
    /// #[derive(HclBody)]
    /// struct Tls {
    ///     cert: String,
    /// }
    ///
    /// // (`##` is how a doc example writes a line that starts with `#`.)
    /// assert_eq!(Schema::of::<Config>().template(), "\
    /// ## The name shown in logs.
    /// ## Required.
    /// ## name = <string>
    ///
    /// ## The port to listen on.
    /// ## A whole number from 0 to 65535.
    /// port = 8080
    ///
    /// ## Optional.
    /// ## tls {
    /// ##   # Required.
    /// ##   # cert = <string>
    /// ## }
    /// ");
    /// ```
    pub fn template(&self) -> String {
        let mut lines = Vec::new();
        doc_lines(&mut lines, &self.body.doc);
        if !lines.is_empty() {
            lines.push(String::new());
        }
        body_lines(&mut lines, &self.body);
        let mut text = lines.join("\n");
        text.push('\n');
        format_str(&text)
    }
}

fn doc_lines(out: &mut Vec<String>, doc: &Doc) {
    if let Some(text) = doc.text() {
        for line in text.lines() {
            out.push(comment(line));
        }
    }
}

fn comment(line: &str) -> String {
    if line.is_empty() {
        "#".to_owned()
    } else {
        format!("# {line}")
    }
}

/// The lines of a body: items with comments are set apart by blank lines.
fn body_lines(out: &mut Vec<String>, body: &Body) {
    let mut items: Vec<Vec<String>> = Vec::new();
    for a in &body.attributes {
        items.push(attribute_lines(a));
    }
    for b in &body.blocks {
        items.push(block_lines(b));
    }
    if !body.exhaustive {
        items.push(vec![comment(
            "Other attributes and blocks are accepted here.",
        )]);
    }
    let mut previous_plain = false;
    for (i, item) in items.into_iter().enumerate() {
        let plain = item.len() == 1 && !item[0].starts_with('#');
        if i > 0 && !(plain && previous_plain) {
            out.push(String::new());
        }
        previous_plain = plain;
        out.extend(item);
    }
}

fn attribute_lines(a: &Attribute) -> Vec<String> {
    let mut out = Vec::new();
    doc_lines(&mut out, &a.doc);
    if let Some(note) = &a.deprecated {
        out.push(comment(&if note.is_empty() {
            "Deprecated.".to_owned()
        } else {
            format!("Deprecated: {note}")
        }));
    }
    if a.required {
        out.push(comment("Required."));
    }
    if a.sensitive {
        out.push(comment("Sensitive: keep it out of version control."));
    }
    if let Some(c) = &a.constraint {
        out.push(comment(&constraint_text(c)));
    }
    let value = match &a.default {
        Some(v) if !a.required && !a.sensitive => expression(v).ok(),
        _ => None,
    };
    match value {
        Some(text) => {
            let mut lines = text.lines();
            let first = lines.next().unwrap_or_default();
            out.push(format!("{} = {first}", a.name));
            out.extend(lines.map(str::to_owned));
        }
        None => out.push(format!("# {} = <{}>", a.name, placeholder(&a.ty))),
    }
    out
}

/// What a placeholder stands for: the type constraint (`any` as "value").
fn placeholder(ty: &Type) -> String {
    if ty.is_dynamic() {
        "value".to_owned()
    } else {
        ty.to_string()
    }
}

/// A constraint in words.
pub(crate) fn constraint_text(c: &Constraint) -> String {
    match c {
        Constraint::OneOf(values) => {
            let names: Vec<String> = values.iter().map(|v| quoted_string(&v.value)).collect();
            format!("One of {}.", names.join(", "))
        }
        Constraint::Integer { min, max, nonzero } => {
            let other = if *nonzero { " other than 0" } else { "" };
            format!("A whole number{other} from {min} to {max}.")
        }
        Constraint::Duration => {
            "A duration, such as \"1h30m\", \"250ms\" or \"1.5h\".".to_owned()
        }
        Constraint::Elements(inner) => {
            format!("Each element: {}", lower_first(&constraint_text(inner)))
        }
        Constraint::Attributes(parts) => {
            let parts: Vec<String> = parts
                .iter()
                .map(|(name, c)| format!("{name}: {}", lower_first(&constraint_text(c))))
                .collect();
            parts.join(" ")
        }
        Constraint::Tuple(parts) => {
            let parts: Vec<String> = parts
                .iter()
                .map(|(i, c)| format!("[{i}]: {}", lower_first(&constraint_text(c))))
                .collect();
            parts.join(" ")
        }
    }
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn block_lines(b: &BlockType) -> Vec<String> {
    let mut out = Vec::new();
    doc_lines(&mut out, &b.doc);
    if let Some(note) = &b.deprecated {
        out.push(comment(&if note.is_empty() {
            "Deprecated.".to_owned()
        } else {
            format!("Deprecated: {note}")
        }));
    }
    out.push(comment(match b.nesting {
        Nesting::Single => "Required.",
        Nesting::Optional => "Optional.",
        Nesting::List => "Any number.",
        Nesting::Map => "Any number, each with its own first label.",
    }));
    match &b.content {
        BlockContent::Body(body) => {
            let labels: Vec<String> = b.labels.iter().map(|l| format!("<{l}>")).collect();
            example(&mut out, b, &labels, body, b.nesting != Nesting::Single);
        }
        BlockContent::ByLabel { variants, .. } => {
            for (i, v) in variants.iter().enumerate() {
                let mut labels = vec![v.name.clone()];
                labels.extend(b.labels.iter().skip(1).map(|l| format!("<{l}>")));
                let mut inner = Vec::new();
                doc_lines(&mut inner, &v.doc);
                if !inner.is_empty() && i > 0 {
                    out.push(String::new());
                }
                out.extend(inner);
                // A required block is written once, as the first variant.
                let commented = b.nesting != Nesting::Single || i > 0;
                example(&mut out, b, &labels, &v.body, commented);
            }
        }
    }
    out
}

/// One block of the type, commented out or not.
fn example(out: &mut Vec<String>, b: &BlockType, labels: &[String], body: &Body, commented: bool) {
    let mut lines = Vec::new();
    let header: String = std::iter::once(b.name.clone())
        .chain(labels.iter().map(|l| quoted_string(l)))
        .collect::<Vec<_>>()
        .join(" ");
    let mut inner = Vec::new();
    body_lines(&mut inner, body);
    if inner.is_empty() {
        lines.push(format!("{header} {{}}"));
    } else {
        lines.push(format!("{header} {{"));
        // Formatting the block on its own indents it, so that a commented
        // copy keeps its layout.
        let text = format!("{header} {{\n{}\n}}\n", inner.join("\n"));
        lines = format_str(&text).lines().map(str::to_owned).collect();
    }
    if commented {
        out.extend(lines.iter().map(|l| comment(l)));
    } else {
        out.extend(lines);
    }
}
