//! An attribute of an editable body: `name = expression`, with the comments
//! on the lines just above it and at the end of its line.

use std::fmt;
use std::sync::Arc;

use super::token::{Builder, Tok};
use crate::body::Expression;
use crate::native::lexer::TokenKind;
use crate::native::{NativeExpression, ParseOptions, parse_expression};
use crate::{EvalContext, Pos, Value};

/// An attribute definition of a [`Document`](super::Document): its name,
/// its expression as written, and the comments that belong to it (the
/// comment lines directly above it and the comment at the end of its
/// line), which go with it when it is removed.
///
/// ```
/// use hcl_core::edit::Document;
/// use hcl_core::Value;
///
/// let doc = Document::parse("# how many\nreplicas = 1 + 2 # at least one\n", "app.hcl").unwrap();
/// let attr = doc.body().attribute("replicas").unwrap();
/// assert_eq!(attr.name(), "replicas");
/// assert_eq!(attr.expression(), "1 + 2");
/// assert_eq!(attr.value(), Some(Value::from(3)));
/// ```
#[derive(Clone)]
pub struct EditAttribute {
    pub(super) src: Arc<str>,
    /// Lead comments, the name, `=`, the expression, line comments and the
    /// newline.
    pub(super) toks: Vec<Tok>,
    /// The index of the name token.
    pub(super) name: usize,
    /// The index range of the expression's tokens.
    pub(super) expr: (usize, usize),
}

impl EditAttribute {
    /// The attribute's name.
    pub fn name(&self) -> &str {
        self.toks.get(self.name).map_or("", |t| t.text(&self.src))
    }

    /// The expression's source text, exactly as written (it may span
    /// several lines and hold comments).
    pub fn expression(&self) -> &str {
        let (s, e) = self.expr;
        match (
            self.toks.get(s),
            e.checked_sub(1).and_then(|i| self.toks.get(i)),
        ) {
            (Some(first), Some(last)) if s < e => self
                .src
                .get(first.start as usize..last.end as usize)
                .unwrap_or(""),
            _ => "",
        }
    }

    /// The expression's value when it is a constant (evaluated with no
    /// variables and no functions); `None` when it refers to anything or
    /// its value is not wholly known.
    pub fn value(&self) -> Option<Value> {
        let text = self.expression();
        let (file, id, diags) = parse_expression(
            text.as_bytes(),
            "<expression>",
            Pos::start(),
            &ParseOptions::default(),
        );
        if diags.has_errors() {
            return None;
        }
        let (value, diags) = NativeExpression::new(file, id).value(&EvalContext::new());
        (!diags.has_errors() && value.is_wholly_known()).then_some(value)
    }

    /// Puts the expression tokens of `with` (an attribute made by an edit)
    /// in place of this one's, keeping everything else; the comments at the
    /// end of the line are realigned.
    pub(super) fn replace_expression(&mut self, with: &EditAttribute) {
        let mut b = Builder::default();
        let (s, e) = self.expr;
        let (ws, we) = with.expr;
        b.extend(&self.src, self.toks.get(..s).unwrap_or(&[]), None);
        let start = b.len();
        b.extend(&with.src, with.toks.get(ws..we).unwrap_or(&[]), Some(true));
        let end = b.len();
        let rest = self.toks.get(e..).unwrap_or(&[]);
        // Nothing may follow a heredoc's closing marker on its line: the
        // comments move to a line of their own.
        let heredoc =
            with.toks.get(we.wrapping_sub(1)).map(|t| t.kind) == Some(TokenKind::CHeredoc);
        if heredoc && rest.first().is_some_and(|t| t.kind == TokenKind::Comment) {
            b.push_new(TokenKind::Newline, "\n");
        }
        for t in rest {
            let fresh = t.kind == TokenKind::Comment;
            b.push(&self.src, t, fresh.then_some(true));
        }
        let (src, toks) = b.finish();
        self.src = src;
        self.toks = toks;
        self.expr = (start, end);
    }

    /// Gives the attribute another name, keeping its expression and its
    /// comments as written; the `=` and the comment at the end of the line
    /// take the formatter's spacing (so a run of aligned lines realigns).
    pub(super) fn rename(&mut self, name: &str) {
        let mut b = Builder::default();
        b.extend(&self.src, self.toks.get(..self.name).unwrap_or(&[]), None);
        let name_at = b.len();
        b.push_new(TokenKind::Ident, name);
        let (s, e) = self.expr;
        b.extend(
            &self.src,
            self.toks.get(self.name + 1..s).unwrap_or(&[]),
            Some(true),
        );
        let start = b.len();
        b.extend(&self.src, self.toks.get(s..e).unwrap_or(&[]), None);
        let end = b.len();
        for t in self.toks.get(e..).unwrap_or(&[]) {
            let fresh = t.kind == TokenKind::Comment;
            b.push(&self.src, t, fresh.then_some(true));
        }
        let (src, toks) = b.finish();
        self.src = src;
        self.toks = toks;
        self.name = name_at;
        self.expr = (start, end);
    }

    /// The last token (whether the attribute ends its line).
    pub(super) fn last(&self) -> Option<(&str, &Tok)> {
        self.toks.last().map(|t| (&*self.src, t))
    }
}

impl fmt::Debug for EditAttribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EditAttribute")
            .field("name", &self.name())
            .field("expression", &self.expression())
            .finish()
    }
}
