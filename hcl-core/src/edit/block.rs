//! A block of an editable body: `type "label" ... { body }`, with the
//! comments on the lines just above it.

use std::fmt;
use std::sync::Arc;

use super::body::EditBody;
use super::token::{Builder, Tok, lex};
use crate::format::value::quoted_string;
use crate::native::lexer::TokenKind;
use crate::{Diagnostic, Diagnostics};

/// A block of a [`Document`](super::Document): its type, its labels and
/// its [`EditBody`]; the comment lines directly above it belong to it.
///
/// ```
/// use hcl_core::edit::Document;
///
/// let mut doc = Document::parse("service \"web\" {\n  port = 80\n}\n", "app.hcl").unwrap();
/// let block = doc.body_mut().block_mut("service", &["web"]).unwrap();
/// assert_eq!(block.block_type(), "service");
/// assert_eq!(block.labels(), ["web"]);
/// block.set_labels(&["api"]);
/// block.set_block_type("server").unwrap();
/// assert_eq!(doc.to_string(), "server \"api\" {\n  port = 80\n}\n");
/// ```
#[derive(Clone)]
pub struct EditBlock {
    pub(super) src: Arc<str>,
    /// The head (lead comments, type, labels, `{`), then the tail (`}`,
    /// comments after it, the newline).
    pub(super) toks: Vec<Tok>,
    /// The index of the type token.
    pub(super) type_at: usize,
    /// Where the tail starts.
    pub(super) split: usize,
    /// The labels' values.
    pub(super) labels: Vec<String>,
    pub(super) body: EditBody,
}

impl EditBlock {
    /// A new empty block (`type "label" {` and `}` on lines of their own).
    /// The type is written as given, as Go's `hclwrite` does.
    pub(super) fn new(block_type: &str, labels: &[&str]) -> EditBlock {
        let mut b = Builder::default();
        b.push_new(TokenKind::Ident, block_type);
        let head_text = format!("{} {{", label_text(labels));
        b.extend(&head_text, &lex(&head_text, true), None);
        let split = b.len();
        b.push_new(TokenKind::CBrace, "}");
        b.push_new(TokenKind::Newline, "\n");
        let (src, toks) = b.finish();
        EditBlock {
            src,
            toks,
            type_at: 0,
            split,
            labels: labels.iter().map(|l| l.to_string()).collect(),
            body: EditBody::new_block_body(),
        }
    }

    /// The block's type.
    pub fn block_type(&self) -> &str {
        self.toks
            .get(self.type_at)
            .map_or("", |t| t.text(&self.src))
    }

    /// The block's labels.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// Whether the block has this type and exactly these labels.
    pub(super) fn is(&self, block_type: &str, labels: &[&str]) -> bool {
        self.block_type() == block_type
            && self.labels.len() == labels.len()
            && self.labels.iter().zip(labels).all(|(a, b)| a == b)
    }

    /// Renames the block; the name must be an identifier.
    pub fn set_block_type(&mut self, block_type: &str) -> Result<(), Diagnostics> {
        let toks = lex(block_type, true);
        if !matches!(toks.as_slice(), [t] if t.kind == TokenKind::Ident && t.gap == t.start && t.end as usize == block_type.len())
        {
            return Err(Diagnostic::error("Invalid block type")
                .with_detail(format!(
                    "A block type must be an identifier, not {}.",
                    crate::quote::go_quote(block_type)
                ))
                .into());
        }
        let labels = self.labels.clone();
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        self.rebuild_head(block_type, &labels);
        Ok(())
    }

    /// Replaces the labels (written as quoted strings).
    pub fn set_labels(&mut self, labels: &[&str]) {
        let block_type = self.block_type().to_owned();
        self.rebuild_head(&block_type, labels);
        self.labels = labels.iter().map(|l| l.to_string()).collect();
    }

    /// The block's body.
    pub fn body(&self) -> &EditBody {
        &self.body
    }

    /// The block's body, for editing.
    pub fn body_mut(&mut self) -> &mut EditBody {
        &mut self.body
    }

    /// Writes a new type and labels between the lead comments and the `{`.
    fn rebuild_head(&mut self, block_type: &str, labels: &[&str]) {
        let mut b = Builder::default();
        let head = self.toks.get(..self.split).unwrap_or(&[]);
        b.extend(&self.src, head.get(..self.type_at).unwrap_or(&[]), None);
        let type_at = b.len();
        b.push_new(TokenKind::Ident, block_type);
        let labels_text = label_text(labels);
        b.extend(&labels_text, &lex(&labels_text, true), None);
        if let Some(open) = head.last().filter(|t| t.kind == TokenKind::OBrace) {
            b.push(&self.src, open, Some(true));
        }
        let split = b.len();
        b.extend(&self.src, self.toks.get(self.split..).unwrap_or(&[]), None);
        let (src, toks) = b.finish();
        self.src = src;
        self.toks = toks;
        self.type_at = type_at;
        self.split = split;
    }
}

/// The labels as quoted strings, each after a space.
fn label_text(labels: &[&str]) -> String {
    let mut text = String::new();
    for l in labels {
        text.push(' ');
        text.push_str(&quoted_string(l));
    }
    text
}

impl fmt::Debug for EditBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EditBlock")
            .field("type", &self.block_type())
            .field("labels", &self.labels)
            .field("body", &self.body)
            .finish()
    }
}
