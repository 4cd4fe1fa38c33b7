//! Expressions (Go's `ParseExpression` and everything below it):
//! conditionals, binary operators by precedence climbing, unary operators,
//! terms, traversals, splats, collections and `for` expressions.

use super::{Parser, between};
use crate::native::ast::{BinaryOp, CallExpr, ExprId, ExprKind, ForExpr, Step, StepKey, UnaryOp};
use crate::native::lexer::{Token, TokenKind};
use crate::number::Number;
use crate::source::Span;

/// An expression whose traversal steps are still being collected on the
/// scratch stack (Go extends a traversal node in place instead).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Cur {
    /// A finished node.
    Node(ExprId),
    /// A scope traversal (`source` is `None`, the first step is the root)
    /// or a relative traversal of `source`, with steps from `mark`.
    Trav {
        source: Option<ExprId>,
        mark: usize,
        span: Span,
    },
}

fn binary_op(kind: TokenKind) -> Option<BinaryOp> {
    use TokenKind::*;
    Some(match kind {
        Or => BinaryOp::Or,
        And => BinaryOp::And,
        EqualOp => BinaryOp::Equal,
        NotEqual => BinaryOp::NotEqual,
        GreaterThan => BinaryOp::Greater,
        GreaterThanEq => BinaryOp::GreaterOrEqual,
        LessThan => BinaryOp::Less,
        LessThanEq => BinaryOp::LessOrEqual,
        Plus => BinaryOp::Add,
        Minus => BinaryOp::Subtract,
        Star => BinaryOp::Multiply,
        Slash => BinaryOp::Divide,
        Percent => BinaryOp::Modulo,
        _ => return None,
    })
}

/// Parses a numeric literal's text.
pub(crate) fn parse_number(text: &str) -> Option<Number> {
    // Fast path for the common small integers (exact either way).
    let b = text.as_bytes();
    if !b.is_empty() && b.len() <= 18 && b.iter().all(u8::is_ascii_digit) {
        let v = b
            .iter()
            .fold(0i64, |acc, &d| acc * 10 + i64::from(d - b'0'));
        return Some(Number::from(v));
    }
    Number::parse_literal(text).ok()
}

impl<'a> Parser<'a> {
    /// Go's `ParseExpression`.
    pub(crate) fn parse_expression(&mut self) -> ExprId {
        let at = self.next_span();
        if !self.enter(at) {
            return self.mk(ExprKind::Invalid, at);
        }
        let e = crate::stack::with_room(|| self.parse_ternary(at));
        self.leave();
        e
    }

    /// Go's `parseTernaryConditional`; `start` is the next token's span.
    fn parse_ternary(&mut self, start: Span) -> ExprId {
        let mark = self.error_mark();
        let cond = self.parse_binary(1);
        if self.recovering_since(mark) {
            return cond;
        }
        let question = self.peek();
        if question.kind != TokenKind::Question {
            return cond;
        }
        self.bump(question);
        let mark = self.error_mark();
        let true_result = self.parse_expression();
        if self.recovering_since(mark) {
            return cond;
        }
        let colon = self.peek();
        if colon.kind != TokenKind::Colon {
            self.err(
                "Missing false expression in conditional",
                "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
                colon.span,
                Some(between(start, colon.span)),
            );
            return cond;
        }
        self.read();
        let mark = self.error_mark();
        let false_result = self.parse_expression();
        if self.recovering_since(mark) {
            return cond;
        }
        let span = between(start, self.span_of(false_result));
        self.mk(
            ExprKind::Conditional {
                condition: cond,
                true_result,
                false_result,
            },
            span,
        )
    }

    /// Binary operators of precedence `min_prec` and above, left
    /// associative (the same trees as Go's one-function-per-level parse).
    fn parse_binary(&mut self, min_prec: u8) -> ExprId {
        let mark = self.error_mark();
        let mut lhs = self.parse_with_traversals();
        if self.recovering_since(mark) {
            return lhs;
        }
        loop {
            let t = self.peek();
            let Some(op) = binary_op(t.kind) else {
                break;
            };
            let prec = op.precedence();
            if prec < min_prec {
                break;
            }
            self.bump(t);
            let mark = self.error_mark();
            let rhs = self.parse_binary(prec + 1);
            if self.recovering_since(mark) {
                return lhs;
            }
            let span = between(self.span_of(lhs), self.span_of(rhs));
            lhs = self.mk(ExprKind::Binary { op, lhs, rhs }, span);
        }
        lhs
    }

    /// Go's `parseExpressionWithTraversals`.
    #[inline]
    fn parse_with_traversals(&mut self) -> ExprId {
        let term = self.parse_term();
        // Most terms have no traversal after them.
        if !matches!(self.peek().kind, TokenKind::Dot | TokenKind::OBrack) {
            return match term {
                Cur::Node(e) => e,
                Cur::Trav { .. } => self.materialize(term),
            };
        }
        self.parse_traversals(term)
    }

    // ----- traversals -----

    fn cur_span(&self, c: Cur) -> Span {
        match c {
            Cur::Node(e) => self.span_of(e),
            Cur::Trav { span, .. } => span,
        }
    }

    /// Makes the node of a traversal in progress.
    pub(crate) fn materialize(&mut self, c: Cur) -> ExprId {
        match c {
            Cur::Node(e) => e,
            Cur::Trav { source, mark, span } => {
                let steps = self.take_steps(mark);
                let kind = match source {
                    None => ExprKind::ScopeTraversal { steps },
                    Some(source) => ExprKind::RelativeTraversal { source, steps },
                };
                self.mk(kind, span)
            }
        }
    }

    /// Go's `makeRelativeTraversal`.
    fn add_step(&mut self, c: Cur, step: Step, rng: Span) -> Cur {
        match c {
            Cur::Node(e) => {
                let mark = self.s_steps.len();
                self.s_steps.push(step);
                Cur::Trav {
                    source: Some(e),
                    mark,
                    span: between(self.span_of(e), rng),
                }
            }
            Cur::Trav { source, mark, span } => {
                self.s_steps.push(step);
                Cur::Trav {
                    source,
                    mark,
                    span: between(span, rng),
                }
            }
        }
    }

    /// The value of a numeric literal token as a step key, or a
    /// diagnostic.
    fn number_key(&mut self, t: Token) -> Option<StepKey> {
        match parse_number(self.text(t.span)) {
            Some(n) => Some(StepKey::Number(self.push_number(n))),
            None => {
                self.err(
                    "Invalid number literal",
                    "Failed to recognize the value of this number literal.",
                    t.span,
                    None,
                );
                None
            }
        }
    }

    /// An index whose key has no constant value (an invalid number, say):
    /// an index expression with an invalid key.
    fn dynamic_index(
        &mut self,
        c: Cur,
        from_start: u32,
        open: Span,
        key_span: Span,
        rng: Span,
    ) -> Cur {
        let collection = self.materialize(c);
        let key = self.mk(ExprKind::Invalid, key_span);
        Cur::Node(self.mk(
            ExprKind::Index {
                collection,
                key,
                open: open.start,
            },
            Span::new(from_start, rng.end.max(from_start)),
        ))
    }

    /// Go's `parseExpressionTraversals`: attribute access, indexing and
    /// splats after a term.
    fn parse_traversals(&mut self, from: Cur) -> ExprId {
        let from_start = self.cur_span(from).start;
        let mut ret = from;
        loop {
            let next = self.peek();
            match next.kind {
                TokenKind::Dot => {
                    self.bump(next);
                    let dot = next;
                    let attr = self.peek();
                    match attr.kind {
                        TokenKind::Ident => {
                            self.bump(attr);
                            let rng = between(dot.span, attr.span);
                            ret = self.add_step(
                                ret,
                                Step::Attr {
                                    name: attr.span,
                                    span: rng,
                                },
                                rng,
                            );
                        }
                        TokenKind::NumberLit => {
                            let num = self.read();
                            let rng = between(dot.span, num.span);
                            let bytes = self.bytes(num.span);
                            if let Some(dot_at) = bytes.iter().position(|&b| b == b'.') {
                                let first = self.text(Span::new(
                                    num.span.start,
                                    num.span.start + dot_at as u32,
                                ));
                                let second = self.text(Span::new(
                                    num.span.start + dot_at as u32 + 1,
                                    num.span.end,
                                ));
                                let detail = format!(
                                    "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [{first}][{second}]."
                                );
                                self.error(
                                    "Invalid legacy index syntax",
                                    super::Detail::Owned(detail),
                                    num.span,
                                    None,
                                );
                                ret = self.dynamic_index(ret, from_start, dot.span, num.span, rng);
                                continue;
                            }
                            match self.number_key(num) {
                                Some(key) => {
                                    ret = self.add_step(ret, Step::Index { key, span: rng }, rng)
                                }
                                None => {
                                    ret =
                                        self.dynamic_index(ret, from_start, dot.span, num.span, rng)
                                }
                            }
                        }
                        TokenKind::Star => {
                            let marker = self.read();
                            match self.attr_splat(ret, from_start, dot, marker) {
                                Some(c) => ret = c,
                                None => continue,
                            }
                        }
                        _ => {
                            self.err(
                                "Invalid attribute name",
                                "An attribute name is required after a dot.",
                                attr.span,
                                None,
                            );
                            self.set_recovery();
                        }
                    }
                }
                TokenKind::OBrack => {
                    self.bump(next);
                    let open = next;
                    if self.peek().kind == TokenKind::Star {
                        self.read();
                        let mut close = self.read();
                        if close.kind != TokenKind::CBrack && !self.recovery {
                            // Go's diagnostic points at its `close` variable,
                            // which the recovery then moves on.
                            close = self.recover(TokenKind::CBrack);
                            self.err(
                                "Missing close bracket on splat index",
                                "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                                close.span,
                                None,
                            );
                        }
                        let marker = between(open.span, close.span);
                        let item = self.mk(ExprKind::AnonSymbol, marker);
                        let each = if self.enter(marker) {
                            let each =
                                crate::stack::with_room(|| self.parse_traversals(Cur::Node(item)));
                            self.leave();
                            each
                        } else {
                            item
                        };
                        let source = self.materialize(ret);
                        let span = Span::new(from_start, self.span_of(each).end.max(from_start));
                        ret = Cur::Node(self.mk(ExprKind::Splat { source, each, item }, span));
                    } else {
                        self.push_newlines(false);
                        let mark = self.error_mark();
                        let key = self.parse_expression();
                        let close;
                        if self.recovering_since(mark) {
                            close = self.recover(TokenKind::CBrack);
                        } else {
                            let c = self.read();
                            if c.kind != TokenKind::CBrack && !self.recovery {
                                // As above: Go reports the token recovered to.
                                close = self.recover(TokenKind::CBrack);
                                self.err(
                                    "Missing close bracket on index",
                                    "The index operator must end with a closing bracket (\"]\").",
                                    close.span,
                                    None,
                                );
                            } else {
                                close = c;
                            }
                        }
                        self.pop_newlines();
                        let rng = between(open.span, close.span);
                        let constant = match &self.ast.exprs.get(key.0 as usize).map(|e| &e.kind) {
                            Some(ExprKind::Number(n)) => Some(StepKey::Number(*n)),
                            Some(ExprKind::String(t)) => Some(StepKey::String(*t)),
                            _ => None,
                        };
                        match constant {
                            Some(step_key) => {
                                self.discard_last(key);
                                ret = self.add_step(
                                    ret,
                                    Step::Index {
                                        key: step_key,
                                        span: rng,
                                    },
                                    rng,
                                );
                            }
                            None => {
                                let collection = self.materialize(ret);
                                ret = Cur::Node(self.mk(
                                    ExprKind::Index {
                                        collection,
                                        key,
                                        open: open.span.start,
                                    },
                                    Span::new(from_start, rng.end.max(from_start)),
                                ));
                            }
                        }
                    }
                }
                _ => break,
            }
        }
        self.materialize(ret)
    }

    /// The attribute-only splat `.*` (the dot and star are read): its
    /// attribute (and legacy index) steps. `None` when it is abandoned
    /// after an error (Go continues its traversal loop).
    fn attr_splat(&mut self, ret: Cur, from_start: u32, dot: Token, marker: Token) -> Option<Cur> {
        let mark = self.s_steps.len();
        let first = self.next_span();
        let mut last = marker.span;
        while self.peek().kind == TokenKind::Dot {
            let dot2 = self.read();
            if self.peek().kind == TokenKind::NumberLit {
                let num = self.read();
                let bytes = self.bytes(num.span);
                if let Some(dot_at) = bytes.iter().position(|&b| b == b'.') {
                    let first_part =
                        self.text(Span::new(num.span.start, num.span.start + dot_at as u32));
                    let second =
                        self.text(Span::new(num.span.start + dot_at as u32 + 1, num.span.end));
                    let detail = format!(
                        "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax with a full splat expression [*] instead, like [{first_part}][{second}]."
                    );
                    self.error(
                        "Invalid legacy index syntax",
                        super::Detail::Owned(detail),
                        marker.span,
                        None,
                    );
                    last = num.span;
                    continue;
                }
                if let Some(key) = self.number_key(num) {
                    self.s_steps.push(Step::Index {
                        key,
                        span: between(dot2.span, num.span),
                    });
                }
                last = num.span;
                continue;
            }
            if self.peek().kind != TokenKind::Ident {
                if !self.recovery {
                    let next = self.peek();
                    if next.kind == TokenKind::Star {
                        self.err(
                            "Nested splat expression not allowed",
                            "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                            next.span,
                            None,
                        );
                    } else {
                        self.err(
                            "Invalid attribute name",
                            "An attribute name is required after a dot.",
                            marker.span,
                            None,
                        );
                    }
                }
                self.set_recovery();
                self.s_steps.truncate(mark);
                return None;
            }
            let name = self.read();
            self.s_steps.push(Step::Attr {
                name: name.span,
                span: between(dot2.span, name.span),
            });
            last = name.span;
        }
        let marker_span = between(dot.span, marker.span);
        let item = self.mk(ExprKind::AnonSymbol, marker_span);
        let each = if self.s_steps.len() == mark {
            item
        } else {
            self.materialize(Cur::Trav {
                source: Some(item),
                mark,
                span: between(first, last),
            })
        };
        let source = self.materialize(ret);
        Some(Cur::Node(self.mk(
            ExprKind::Splat { source, each, item },
            Span::new(from_start, last.end.max(from_start)),
        )))
    }

    // ----- terms -----

    /// Go's `parseExpressionTerm`.
    fn parse_term(&mut self) -> Cur {
        // Parentheses apart, so that their recursion does not carry the
        // frame of all the other terms (deep nesting in unoptimized builds).
        let start = self.peek();
        if start.kind == TokenKind::OParen {
            return self.parse_parens(start);
        }
        self.parse_other_term(start)
    }

    /// `(expr)`: `start` is the `(`, just peeked.
    fn parse_parens(&mut self, start: Token) -> Cur {
        self.bump(start);
        let open = start;
        self.push_newlines(false);
        let mark = self.error_mark();
        let inner = self.parse_expression();
        if self.errors_since(mark) {
            self.recover(TokenKind::CParen);
            self.pop_newlines();
            return Cur::Node(inner);
        }
        let close = self.peek();
        if close.kind != TokenKind::CParen {
            self.err(
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                close.span,
                Some(between(start.span, close.span)),
            );
            self.set_recovery();
        }
        let close = self.read();
        self.pop_newlines();
        Cur::Node(self.mk(ExprKind::Parens { inner }, between(open.span, close.span)))
    }

    /// [`Parser::parse_term`] for a term that is not parenthesised:
    /// `start` is its first token, just peeked.
    fn parse_other_term(&mut self, start: Token) -> Cur {
        match start.kind {
            TokenKind::NumberLit => {
                self.bump(start);
                Cur::Node(self.number_literal(start))
            }
            TokenKind::Ident => {
                self.bump(start);
                let t = start;
                let open = self.peek();
                if open.kind == TokenKind::OParen {
                    self.bump(open);
                    return Cur::Node(self.finish_function_call(t, open));
                }
                let kind = match self.bytes(t.span) {
                    b"true" => ExprKind::Bool(true),
                    b"false" => ExprKind::Bool(false),
                    b"null" => ExprKind::Null,
                    _ => {
                        let mark = self.s_steps.len();
                        self.s_steps.push(Step::Root { name: t.span });
                        return Cur::Trav {
                            source: None,
                            mark,
                            span: t.span,
                        };
                    }
                };
                Cur::Node(self.mk(kind, t.span))
            }
            TokenKind::OQuote | TokenKind::OHeredoc => Cur::Node(self.parse_template_term()),
            TokenKind::Minus | TokenKind::Bang => Cur::Node(self.parse_unary(start)),
            TokenKind::OBrack => Cur::Node(self.parse_tuple()),
            TokenKind::OBrace => Cur::Node(self.parse_object()),
            _ => Cur::Node(self.invalid_term(start)),
        }
    }

    /// A unary operator (`start`, not yet read) and its operand.
    fn parse_unary(&mut self, start: Token) -> ExprId {
        if !self.enter(start.span) {
            return self.mk(ExprKind::Invalid, start.span);
        }
        self.bump(start);
        let t = start;
        let operand = crate::stack::with_room(|| self.parse_with_traversals());
        self.leave();
        let op = if t.kind == TokenKind::Minus {
            UnaryOp::Negate
        } else {
            UnaryOp::Not
        };
        let span = between(t.span, self.span_of(operand));
        self.mk(
            ExprKind::Unary {
                op,
                operand,
                symbol: t.span,
            },
            span,
        )
    }

    /// A token that cannot start an expression.
    #[cold]
    #[inline(never)]
    fn invalid_term(&mut self, start: Token) -> ExprId {
        if !self.recovery {
            if start.kind == TokenKind::Eof {
                self.err(
                    "Missing expression",
                    "Expected the start of an expression, but found the end of the file.",
                    start.span,
                    None,
                );
            } else {
                self.err(
                    "Invalid expression",
                    "Expected the start of an expression, but found an invalid expression token.",
                    start.span,
                    None,
                );
            }
        }
        self.set_recovery();
        self.mk(ExprKind::Invalid, start.span)
    }

    /// A number literal node (Go's `numberLitValue`).
    fn number_literal(&mut self, t: Token) -> ExprId {
        match parse_number(self.text(t.span)) {
            Some(n) => {
                let id = self.push_number(n);
                self.mk(ExprKind::Number(id), t.span)
            }
            None => {
                self.err(
                    "Invalid number literal",
                    "Failed to recognize the value of this number literal.",
                    t.span,
                    None,
                );
                self.mk(ExprKind::Invalid, t.span)
            }
        }
    }

    /// Go's `finishParsingFunctionCall`: the name and the `(` are read.
    fn finish_function_call(&mut self, name: Token, open: Token) -> ExprId {
        let mark = self.s_exprs.len();
        let mut expand_final = false;
        let close;
        self.push_newlines(false);
        loop {
            if self.peek().kind == TokenKind::CParen {
                close = self.read();
                break;
            }
            let emark = self.error_mark();
            let arg = self.parse_expression();
            self.s_exprs.push(arg);
            if self.recovering_since(emark) {
                close = self.recover(TokenKind::CParen);
                break;
            }
            let sep = self.read();
            if sep.kind == TokenKind::CParen {
                close = sep;
                break;
            }
            if sep.kind == TokenKind::Ellipsis {
                expand_final = true;
                if self.peek().kind != TokenKind::CParen {
                    if !self.recovery {
                        self.err(
                            "Missing closing parenthesis",
                            "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                            sep.span,
                            Some(between(name.span, sep.span)),
                        );
                    }
                    close = self.recover(TokenKind::CParen);
                } else {
                    close = self.read();
                }
                break;
            }
            if sep.kind != TokenKind::Comma {
                if sep.kind == TokenKind::Eof {
                    self.err(
                        "Unterminated function call",
                        "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parethesis nesting elsewhere in this file.",
                        between(name.span, open.span),
                        None,
                    );
                } else {
                    self.err(
                        "Missing argument separator",
                        "A comma is required to separate each function argument from the next.",
                        sep.span,
                        Some(between(name.span, sep.span)),
                    );
                }
                close = self.recover(TokenKind::CParen);
                break;
            }
            if self.peek().kind == TokenKind::CParen {
                close = self.read();
                break;
            }
        }
        self.pop_newlines();
        let args = self.take_exprs(mark);
        let done = self.done();
        super::room(&mut self.ast.calls, 1, done, self.src.len());
        let call = self.ast.push_call(CallExpr {
            name: name.span,
            args,
            expand_final,
            open_paren: open.span.start,
            close_paren: close.span.start,
        });
        self.mk(ExprKind::FunctionCall(call), between(name.span, close.span))
    }

    /// Go's `parseTupleCons`.
    fn parse_tuple(&mut self) -> ExprId {
        let open = self.read();
        self.push_newlines(false);
        let t = self.peek();
        if self.is_keyword(t, "for") {
            let e = self.finish_for(open);
            self.pop_newlines();
            return e;
        }
        let mark = self.s_exprs.len();
        let close;
        loop {
            if self.peek().kind == TokenKind::CBrack {
                close = self.read();
                break;
            }
            let emark = self.error_mark();
            let e = self.parse_expression();
            self.s_exprs.push(e);
            if self.recovering_since(emark) {
                close = self.recover(TokenKind::CBrack);
                break;
            }
            let next = self.peek();
            if next.kind == TokenKind::CBrack {
                close = self.read();
                break;
            }
            if next.kind != TokenKind::Comma {
                if !self.recovery {
                    if next.kind == TokenKind::Eof {
                        self.err(
                            "Unterminated tuple constructor expression",
                            "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                            open.span,
                            None,
                        );
                    } else {
                        self.err(
                            "Missing item separator",
                            "Expected a comma to mark the beginning of the next item.",
                            next.span,
                            Some(between(open.span, next.span)),
                        );
                    }
                }
                close = self.recover(TokenKind::CBrack);
                break;
            }
            self.read();
        }
        self.pop_newlines();
        let elements = self.take_exprs(mark);
        self.mk(ExprKind::Tuple { elements }, between(open.span, close.span))
    }

    /// Go's `parseObjectCons`.
    fn parse_object(&mut self) -> ExprId {
        const UNTERMINATED: &str = "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.";
        let open = self.read();
        let first = self.peek_past_newlines();
        if self.is_keyword(first, "for") {
            return self.finish_for(open);
        }
        self.push_newlines(true);
        let mark = self.s_exprs.len();
        let close;
        loop {
            let next = self.peek();
            if next.kind == TokenKind::Newline {
                self.read();
                continue;
            }
            if next.kind == TokenKind::CBrace {
                close = self.read();
                break;
            }
            let force_non_literal = next.kind == TokenKind::OParen;
            let emark = self.error_mark();
            let key = self.parse_expression();
            if self.recovering_since(emark) {
                close = self.recover(TokenKind::CBrace);
                break;
            }
            let key_span = self.span_of(key);
            let key = self.mk(
                ExprKind::ObjectKey {
                    wrapped: key,
                    force_non_literal,
                },
                key_span,
            );
            let next = self.peek();
            if next.kind != TokenKind::Equal && next.kind != TokenKind::Colon {
                if !self.recovery {
                    let context = Some(between(open.span, next.span));
                    match next.kind {
                        TokenKind::Newline | TokenKind::Comma => self.err(
                            "Missing attribute value",
                            "Expected an attribute value, introduced by an equals sign (\"=\").",
                            next.span,
                            context,
                        ),
                        TokenKind::Ident => self.err(
                            "Missing key/value separator",
                            "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.",
                            next.span,
                            context,
                        ),
                        TokenKind::Eof => self.err(
                            "Unterminated object constructor expression",
                            UNTERMINATED,
                            open.span,
                            None,
                        ),
                        _ => self.err(
                            "Missing key/value separator",
                            "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
                            next.span,
                            context,
                        ),
                    }
                }
                close = self.recover(TokenKind::CBrace);
                break;
            }
            self.read();
            let emark = self.error_mark();
            let value = self.parse_expression();
            if self.recovering_since(emark) {
                close = self.recover(TokenKind::CBrace);
                break;
            }
            self.s_exprs.push(key);
            self.s_exprs.push(value);
            let next = self.peek();
            if next.kind == TokenKind::CBrace {
                close = self.read();
                break;
            }
            if next.kind != TokenKind::Comma && next.kind != TokenKind::Newline {
                if !self.recovery {
                    if next.kind == TokenKind::Eof {
                        self.err(
                            "Unterminated object constructor expression",
                            UNTERMINATED,
                            open.span,
                            None,
                        );
                    } else {
                        self.err(
                            "Missing attribute separator",
                            "Expected a newline or comma to mark the beginning of the next attribute.",
                            next.span,
                            Some(between(open.span, next.span)),
                        );
                    }
                }
                close = self.recover(TokenKind::CBrace);
                break;
            }
            self.read();
        }
        self.pop_newlines();
        let items = self.take_exprs(mark);
        self.mk(ExprKind::Object { items }, between(open.span, close.span))
    }

    /// A failed `for` expression: recovers to the closing bracket and
    /// stands for the whole of it.
    fn failed_for(&mut self, open: Token, close_kind: TokenKind) -> ExprId {
        let close = self.recover(close_kind);
        self.pop_newlines();
        self.mk(ExprKind::Invalid, between(open.span, close.span))
    }

    /// Go's `finishParsingForExpr`: `open` is read, `for` is next.
    fn finish_for(&mut self, open: Token) -> ExprId {
        const INVALID_FOR: &str = "Invalid 'for' expression";
        self.push_newlines(false);
        self.read(); // "for"
        let make_obj = open.kind == TokenKind::OBrace;
        let close_kind = if make_obj {
            TokenKind::CBrace
        } else {
            TokenKind::CBrack
        };

        let Some((value_var, key_var)) = self.for_head(open) else {
            return self.failed_for(open, close_kind);
        };

        let mark = self.error_mark();
        let collection = self.parse_expression();
        if self.recovering_since(mark) {
            return self.failed_for(open, close_kind);
        }
        if self.peek().kind != TokenKind::Colon {
            if !self.recovery {
                let at = self.next_span();
                self.err(
                    INVALID_FOR,
                    "For expression requires a colon after the collection expression.",
                    at,
                    Some(between(open.span, at)),
                );
            }
            return self.failed_for(open, close_kind);
        }
        self.read();

        let mark = self.error_mark();
        let mut value = self.parse_expression();
        let mut key = None;
        if self.peek().kind == TokenKind::FatArrow {
            self.read();
            key = Some(value);
            value = self.parse_expression();
        }
        if self.recovering_since(mark) {
            return self.failed_for(open, close_kind);
        }

        let mut ellipsis = None;
        if self.peek().kind == TokenKind::Ellipsis {
            ellipsis = Some(self.read().span);
        }

        let mut condition = None;
        let t = self.peek();
        if self.is_keyword(t, "if") {
            self.read();
            let mark = self.error_mark();
            condition = Some(self.parse_expression());
            if self.recovering_since(mark) {
                return self.failed_for(open, close_kind);
            }
        }

        self.for_close(
            open,
            ForExpr {
                key_var,
                value_var,
                collection,
                key,
                value,
                condition,
                group: ellipsis.is_some(),
                open: open.span,
                close: Span::default(),
            },
            ellipsis,
        )
    }

    /// The variables of a `for` expression and its `in` keyword (read):
    /// the value and key variables, or `None` after an error. Kept out of
    /// [`Parser::finish_for`], whose frame is on the recursion path.
    #[inline(never)]
    fn for_head(&mut self, open: Token) -> Option<(Span, Option<Span>)> {
        const INVALID_FOR: &str = "Invalid 'for' expression";
        if self.peek().kind != TokenKind::Ident {
            if !self.recovery {
                let at = self.next_span();
                self.err(
                    INVALID_FOR,
                    "For expression requires variable name after 'for'.",
                    at,
                    Some(between(open.span, at)),
                );
            }
            return None;
        }
        let mut value_var = self.read().span;
        let mut key_var = None;
        if self.peek().kind == TokenKind::Comma {
            key_var = Some(value_var);
            self.read();
            if self.peek().kind != TokenKind::Ident {
                if !self.recovery {
                    let at = self.next_span();
                    self.err(
                        INVALID_FOR,
                        "For expression requires value variable name after comma.",
                        at,
                        Some(between(open.span, at)),
                    );
                }
                return None;
            }
            value_var = self.read().span;
        }
        let t = self.peek();
        if !self.is_keyword(t, "in") {
            if !self.recovery {
                self.err(
                    INVALID_FOR,
                    "For expression requires the 'in' keyword after its name declarations.",
                    t.span,
                    Some(between(open.span, t.span)),
                );
            }
            return None;
        }
        self.read();
        Some((value_var, key_var))
    }

    /// The end of a `for` expression: its closing bracket, the checks that
    /// need the whole expression, and the node (`parts` without its
    /// `close`). Kept out of [`Parser::finish_for`] as [`Parser::for_head`].
    #[inline(never)]
    fn for_close(&mut self, open: Token, parts: ForExpr, ellipsis: Option<Span>) -> ExprId {
        const INVALID_FOR: &str = "Invalid 'for' expression";
        let make_obj = open.kind == TokenKind::OBrace;
        let close_kind = if make_obj {
            TokenKind::CBrace
        } else {
            TokenKind::CBrack
        };
        let next = self.peek();
        let close = if next.kind == close_kind {
            self.read()
        } else {
            if !self.recovery {
                self.err(
                    INVALID_FOR,
                    "Extra characters after the end of the 'for' expression.",
                    next.span,
                    Some(between(open.span, next.span)),
                );
            }
            self.recover(close_kind)
        };

        let whole = between(open.span, close.span);
        if !make_obj {
            if let Some(k) = parts.key {
                let at = self.span_of(k);
                self.err(
                    INVALID_FOR,
                    "Key expression is not valid when building a tuple.",
                    at,
                    Some(whole),
                );
            }
            if let Some(e) = ellipsis {
                self.err(
                    INVALID_FOR,
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    e,
                    Some(whole),
                );
            }
        } else if parts.key.is_none() {
            let at = self.span_of(parts.value);
            self.err(
                INVALID_FOR,
                "Key expression is required when building an object.",
                at,
                Some(whole),
            );
        }

        self.pop_newlines();
        let done = self.done();
        super::room(&mut self.ast.fors, 1, done, self.src.len());
        let id = self.ast.push_for(ForExpr {
            close: close.span,
            ..parts
        });
        self.mk(ExprKind::For(id), whole)
    }
}
