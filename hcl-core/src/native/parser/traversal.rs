//! Standalone absolute traversals (Go's `ParseTraversalAbs`): a variable
//! name followed by attribute accesses and literal indexes (and, unlike
//! Go's, the legacy `.0` index).

use super::expression::parse_number;
use super::{Parser, between};
use crate::native::ast::Text;
use crate::native::lexer::TokenKind;
use crate::number::Number;
use crate::source::Span;

/// The key of an index step of a standalone traversal.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum TraversalStepKey {
    /// A number (`None` when the literal is invalid: an unknown number).
    Number(Option<Number>),
    /// A string.
    String(String),
}

/// One step of a standalone traversal.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum TraversalStep {
    /// The variable.
    Root { name: Span },
    /// `.name`
    Attr { name: Span, span: Span },
    /// `[key]`
    Index { key: TraversalStepKey, span: Span },
}

impl<'a> Parser<'a> {
    /// The value of a literal text of the tree being built.
    fn resolve_text(&self, text: Text) -> String {
        match text {
            Text::Source(span) => self.text(span).to_owned(),
            Text::Owned(i) => self
                .ast
                .strings
                .get(i as usize)
                .map_or(String::new(), |s| s.to_string()),
        }
    }

    /// Go's `ParseTraversalAbs`.
    pub(crate) fn parse_traversal_abs(&mut self) -> Vec<TraversalStep> {
        let mut ret = Vec::new();
        let var = self.read();
        if var.kind != TokenKind::Ident {
            self.err(
                "Variable name required",
                "Must begin with a variable name.",
                var.span,
                None,
            );
            return ret;
        }
        ret.push(TraversalStep::Root { name: var.span });
        loop {
            let next = self.peek();
            match next.kind {
                TokenKind::Eof => return ret,
                TokenKind::Dot => {
                    let dot = self.read();
                    let name = self.read();
                    if name.kind == TokenKind::NumberLit {
                        // The legacy index syntax `.0` (which Go's
                        // ParseTraversalAbs does not accept; the spec
                        // requires it of the parser).
                        let span = between(dot.span, name.span);
                        if let Some(dot_at) = self.bytes(name.span).iter().position(|&b| b == b'.')
                        {
                            let first = self
                                .text(Span::new(name.span.start, name.span.start + dot_at as u32));
                            let second = self.text(Span::new(
                                name.span.start + dot_at as u32 + 1,
                                name.span.end,
                            ));
                            let detail = format!(
                                "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [{first}][{second}]."
                            );
                            self.error(
                                "Invalid legacy index syntax",
                                super::Detail::Owned(detail),
                                name.span,
                                None,
                            );
                            return ret;
                        }
                        let n = parse_number(self.text(name.span));
                        if n.is_none() {
                            self.err(
                                "Invalid number literal",
                                "Failed to recognize the value of this number literal.",
                                name.span,
                                None,
                            );
                        }
                        ret.push(TraversalStep::Index {
                            key: TraversalStepKey::Number(n),
                            span,
                        });
                        continue;
                    }
                    if name.kind != TokenKind::Ident {
                        let detail = if name.kind == TokenKind::Star {
                            "Splat expressions (.*) may not be used here."
                        } else {
                            "Dot must be followed by attribute name."
                        };
                        self.err(
                            "Attribute name required",
                            detail,
                            name.span,
                            Some(between(var.span, name.span)),
                        );
                        return ret;
                    }
                    ret.push(TraversalStep::Attr {
                        name: name.span,
                        span: between(dot.span, name.span),
                    });
                }
                TokenKind::OBrack => {
                    let open = self.read();
                    let next = self.peek();
                    let mark = self.error_mark();
                    let key = match next.kind {
                        TokenKind::NumberLit => {
                            let t = self.read();
                            let n = parse_number(self.text(t.span));
                            if n.is_none() {
                                self.err(
                                    "Invalid number literal",
                                    "Failed to recognize the value of this number literal.",
                                    t.span,
                                    None,
                                );
                            }
                            TraversalStepKey::Number(n)
                        }
                        TokenKind::OQuote => {
                            let (text, _) = self.parse_quoted_string_literal();
                            TraversalStepKey::String(self.resolve_text(text))
                        }
                        _ => {
                            if next.kind == TokenKind::Star {
                                self.err(
                                    "Attribute name required",
                                    "Splat expressions ([*]) may not be used here.",
                                    next.span,
                                    Some(between(var.span, next.span)),
                                );
                            } else {
                                self.err(
                                    "Index value required",
                                    "Index brackets must contain either a literal number or a literal string.",
                                    next.span,
                                    Some(between(var.span, next.span)),
                                );
                            }
                            return ret;
                        }
                    };
                    let close = self.read();
                    if close.kind != TokenKind::CBrack {
                        self.err(
                            "Unclosed index brackets",
                            "Index key must be followed by a closing bracket.",
                            close.span,
                            Some(between(open.span, close.span)),
                        );
                    }
                    ret.push(TraversalStep::Index {
                        key,
                        span: between(open.span, close.span),
                    });
                    if self.errors_since(mark) {
                        return ret;
                    }
                }
                _ => {
                    self.err(
                        "Invalid character",
                        "Expected an attribute access or an index operator.",
                        next.span,
                        Some(between(var.span, next.span)),
                    );
                    return ret;
                }
            }
        }
    }
}
