//! A reference page: [`Schema::reference_markdown`].

use hcl_core::format::value::{expression, quoted_string};

use super::Schema;
use super::model::{Attribute, BlockContent, Body, Doc, Nesting};
use super::template::constraint_text;

impl Schema {
    /// A reference page in Markdown: the root body, then one section per
    /// block type (nested ones named by their path, `limits › inner`), each
    /// with the block's header, its doc, a table of its attributes (type,
    /// required, default, description with accepted values, ranges and
    /// deprecations) and a table of its block types; a block type chosen
    /// by its first label has a section per accepted label. Deterministic:
    /// declaration order throughout.
    ///
    /// ```
    /// use hcl_decode::prelude::*;
    /// use hcl_decode::schema::Schema;
    ///
    /// #[derive(HclBody)]
    /// struct Config {
    ///     /// The port to listen on.
    ///     #[hcl(default = 8080)]
    ///     port: u16,
    ///     #[hcl(block)]
    ///     tls: Option<Tls>,
    /// }
    ///
    /// /// TLS settings.
    /// #[derive(HclBody)]
    /// struct Tls {
    ///     cert: String,
    /// }
    ///
    /// let page = Schema::of::<Config>().reference_markdown();
    /// assert!(page.contains("| `port` | `number` | no | `8080` | The port to listen on. A whole number from 0 to 65535. |"));
    /// assert!(page.contains("## `tls` block\n"));
    /// assert!(page.contains("| `cert` | `string` | yes |  |  |"));
    /// ```
    pub fn reference_markdown(&self) -> String {
        let mut out = String::with_capacity(4096);
        out.push_str("# Configuration reference\n\n");
        doc(&mut out, &self.body.doc);
        out.push_str("## Top level\n\n");
        tables(&mut out, &self.body);
        sections(&mut out, &self.body, &[]);
        while out.ends_with("\n\n") {
            out.pop();
        }
        out
    }
}

fn doc(out: &mut String, d: &Doc) {
    if let Some(text) = d.text() {
        out.push_str(&text);
        out.push_str("\n\n");
    }
}

/// Text for a table cell: one line, `|` escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

fn tables(out: &mut String, body: &Body) {
    if !body.attributes.is_empty() {
        out.push_str("| Attribute | Type | Required | Default | Description |\n");
        out.push_str("|---|---|---|---|---|\n");
        for a in &body.attributes {
            attribute_row(out, a);
        }
        out.push('\n');
    }
    if !body.blocks.is_empty() {
        out.push_str("| Block | Labels | How many | Description |\n");
        out.push_str("|---|---|---|---|\n");
        for b in &body.blocks {
            let labels: Vec<String> = b.labels.iter().map(|l| format!("`{l}`")).collect();
            out.push_str(&format!(
                "| `{}` | {} | {} | {} |\n",
                b.name,
                labels.join(", "),
                how_many(b.nesting),
                cell(&describe(&b.doc, &b.deprecated, None)),
            ));
        }
        out.push('\n');
    }
    if !body.exhaustive {
        out.push_str("Other attributes and blocks are accepted here.\n\n");
    }
    if body.attributes.is_empty() && body.blocks.is_empty() && body.exhaustive {
        out.push_str("The body is empty.\n\n");
    }
}

fn how_many(n: Nesting) -> &'static str {
    match n {
        Nesting::Single => "exactly one",
        Nesting::Optional => "at most one",
        Nesting::List => "any number",
        Nesting::Map => "any number, one per first label",
    }
}

fn describe(d: &Doc, deprecated: &Option<String>, extra: Option<String>) -> String {
    let mut parts = Vec::new();
    if let Some(note) = deprecated {
        parts.push(if note.is_empty() {
            "**Deprecated.**".to_owned()
        } else {
            format!("**Deprecated:** {note}")
        });
    }
    if let Some(s) = &d.summary {
        parts.push(s.clone());
    }
    if let Some(e) = extra {
        parts.push(e);
    }
    parts.join(" ")
}

fn attribute_row(out: &mut String, a: &Attribute) {
    let default = match &a.default {
        _ if a.sensitive => "(sensitive)".to_owned(),
        Some(v) => match v.as_str() {
            // A heredoc does not fit a line.
            Some(text) => format!("`{}`", quoted_string(text)),
            None => match expression(v) {
                Ok(text) => {
                    let parts: Vec<&str> = text.lines().map(str::trim).collect();
                    format!("`{}`", parts.join(" "))
                }
                Err(_) => String::new(),
            },
        },
        None => String::new(),
    };
    let mut extra = Vec::new();
    if let Some(c) = &a.constraint {
        extra.push(constraint_text(c));
    }
    if a.sensitive {
        extra.push("Sensitive.".to_owned());
    }
    out.push_str(&format!(
        "| `{}` | `{}` | {} | {} | {} |\n",
        a.name,
        if a.ty.is_dynamic() {
            "any".to_owned()
        } else {
            a.ty.to_string()
        },
        if a.required { "yes" } else { "no" },
        cell(&default),
        cell(&describe(
            &a.doc,
            &a.deprecated,
            (!extra.is_empty()).then(|| extra.join(" ")),
        )),
    ));
}

fn sections(out: &mut String, body: &Body, path: &[&str]) {
    for b in &body.blocks {
        let mut here: Vec<&str> = path.to_vec();
        here.push(&b.name);
        let title: Vec<String> = here.iter().map(|p| format!("`{p}`")).collect();
        out.push_str(&format!("## {} block\n\n", title.join(" › ")));
        let labels: String = b.labels.iter().map(|l| format!(" \"<{l}>\"")).collect();
        out.push_str(&format!(
            "`{}{labels} {{ … }}`: {}.\n\n",
            b.name,
            how_many(b.nesting)
        ));
        if let Some(note) = &b.deprecated {
            out.push_str(&if note.is_empty() {
                "**Deprecated.**\n\n".to_owned()
            } else {
                format!("**Deprecated:** {note}\n\n")
            });
        }
        doc(out, &b.doc);
        match &b.content {
            BlockContent::Body(inner) => {
                if b.doc.is_empty() || inner.doc != b.doc {
                    doc(out, &inner.doc);
                }
                tables(out, inner);
                sections(out, inner, &here);
            }
            BlockContent::ByLabel { label, variants } => {
                let names: Vec<String> = variants.iter().map(|v| quoted_string(&v.name)).collect();
                out.push_str(&format!(
                    "The label `{label}` chooses the body: one of {}.\n\n",
                    names.join(", ")
                ));
                for v in variants {
                    let mut vpath = here.clone();
                    let quoted = quoted_string(&v.name);
                    vpath.push(&quoted);
                    let title: Vec<String> = here.iter().map(|p| format!("`{p}`")).collect();
                    out.push_str(&format!("### {} `{}`\n\n", title.join(" › "), quoted));
                    if let Some(note) = &v.deprecated {
                        out.push_str(&if note.is_empty() {
                            "**Deprecated.**\n\n".to_owned()
                        } else {
                            format!("**Deprecated:** {note}\n\n")
                        });
                    }
                    doc(out, &v.doc);
                    if v.doc.is_empty() || v.body.doc != v.doc {
                        doc(out, &v.body.doc);
                    }
                    tables(out, &v.body);
                    sections(out, &v.body, &vpath);
                }
            }
        }
    }
}
