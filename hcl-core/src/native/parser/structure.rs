//! Bodies, attributes and blocks (Go's `ParseBody`, `ParseBodyItem`,
//! `finishParsingBodyAttribute`, `finishParsingBodyBlock`,
//! `parseSingleAttrBody`, `parseQuotedStringLiteral`).

use std::collections::HashMap;

use super::template::LitBuilder;
use super::{Detail, Parser, between};
use crate::native::ast::{AttributeNode, BlockNode, BodyId, BodyNode, LabelNode, List, Text};
use crate::native::lexer::{Token, TokenKind};
use crate::quote::go_quote;
use crate::source::Span;

/// Above this many attributes, a body looks names up in a hash map
/// rather than by scanning.
const LINEAR_DUPLICATE_SCAN: usize = 16;

const DETAIL_DEFINITION_REQUIRED: &str = "An argument or block definition is required here.";
const DETAIL_DEFINITION_REQUIRED_EQUALS: &str = "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.";
const DETAIL_UNCLOSED_BLOCK: &str = "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.";

enum Item {
    Attr(AttributeNode),
    Block(BlockNode),
    None,
}

impl<'a> Parser<'a> {
    /// Go's `ParseBody`: items up to the `end` token (the end of the file
    /// or a closing brace).
    pub(crate) fn parse_body(&mut self, end: TokenKind) -> BodyId {
        let start_range = self.prev_span();
        let end_range;
        let attr_mark = self.s_attrs.len();
        let block_mark = self.s_blocks.len();
        let mut names: Option<HashMap<&'a [u8], Span>> = None;

        loop {
            let next = self.peek();
            if next.kind == end {
                end_range = next.span;
                self.bump(next);
                break;
            }
            match next.kind {
                TokenKind::Newline => {
                    self.bump(next);
                }
                TokenKind::Ident => match self.parse_body_item(next) {
                    Item::Block(b) => self.s_blocks.push(b),
                    Item::Attr(a) => {
                        let name = self.bytes(a.name);
                        let existing = self.find_attribute(attr_mark, &mut names, name);
                        match existing {
                            Some(existing) => {
                                let detail = Detail::Ranged(
                                    format!(
                                        "The argument {} was already set at ",
                                        go_quote(self.text(a.name))
                                    ),
                                    existing,
                                    ". Each argument may be set only once.",
                                );
                                self.error("Attribute redefined", detail, a.name, None);
                            }
                            None => {
                                if let Some(map) = names.as_mut() {
                                    map.insert(name, a.name);
                                }
                                self.s_attrs.push(a);
                            }
                        }
                    }
                    Item::None => {}
                },
                _ => {
                    let bad = self.read();
                    if !self.recovery {
                        match bad.kind {
                            TokenKind::OQuote => self.err(
                                "Invalid argument name",
                                "Argument names must not be quoted.",
                                bad.span,
                                None,
                            ),
                            TokenKind::Eof => {
                                if end == TokenKind::CBrace {
                                    self.err(
                                        "Unclosed configuration block",
                                        DETAIL_UNCLOSED_BLOCK,
                                        start_range,
                                        None,
                                    );
                                } else {
                                    self.err(
                                        "Unclosed configuration body",
                                        "Found end of file before the end of this configuration body.",
                                        start_range,
                                        None,
                                    );
                                }
                            }
                            _ => self.err(
                                "Argument or block definition required",
                                DETAIL_DEFINITION_REQUIRED,
                                bad.span,
                                None,
                            ),
                        }
                    }
                    end_range = self.prev_span();
                    self.recover(end);
                    break;
                }
            }
        }

        let attributes = self.take_attrs(attr_mark);
        let blocks = self.take_blocks(block_mark);
        self.push_body(BodyNode {
            attributes,
            blocks,
            span: between(start_range, end_range),
            end: Span::at(end_range.end),
        })
    }

    /// The name span of an attribute already in the body being parsed.
    fn find_attribute(
        &self,
        mark: usize,
        names: &mut Option<HashMap<&'a [u8], Span>>,
        name: &[u8],
    ) -> Option<Span> {
        if let Some(map) = names {
            return map.get(name).copied();
        }
        let attrs = self.s_attrs.get(mark..).unwrap_or(&[]);
        if attrs.len() < LINEAR_DUPLICATE_SCAN {
            return attrs
                .iter()
                .find(|a| self.bytes(a.name) == name)
                .map(|a| a.name);
        }
        let mut map = HashMap::with_capacity(attrs.len() * 2);
        for a in attrs {
            map.insert(self.bytes(a.name), a.name);
        }
        let found = map.get(name).copied();
        *names = Some(map);
        found
    }

    fn take_attrs(&mut self, mark: usize) -> List {
        let (done, total) = (self.done(), self.src.len());
        take_run(
            &mut self.ast.attributes,
            &mut self.s_attrs,
            mark,
            done,
            total,
        )
    }

    fn take_blocks(&mut self, mark: usize) -> List {
        let (done, total) = (self.done(), self.src.len());
        take_run(&mut self.ast.blocks, &mut self.s_blocks, mark, done, total)
    }

    fn take_labels(&mut self, mark: usize) -> List {
        let (done, total) = (self.done(), self.src.len());
        take_run(&mut self.ast.labels, &mut self.s_labels, mark, done, total)
    }

    fn push_body(&mut self, body: BodyNode) -> BodyId {
        let done = self.done();
        super::room(&mut self.ast.bodies, 1, done, self.src.len());
        let id = BodyId(self.ast.bodies.len() as u32);
        self.ast.bodies.push(body);
        id
    }

    fn empty_body(&mut self, span: Span, end: Span) -> BodyId {
        self.push_body(BodyNode {
            attributes: List::EMPTY,
            blocks: List::EMPTY,
            span,
            end,
        })
    }

    /// Go's `ParseBodyItem`: `ident` is the token just peeked.
    fn parse_body_item(&mut self, ident: Token) -> Item {
        self.bump(ident);
        if ident.kind != TokenKind::Ident {
            self.recover_after_body_item();
            self.err(
                "Argument or block definition required",
                DETAIL_DEFINITION_REQUIRED,
                ident.span,
                None,
            );
            return Item::None;
        }
        let next = self.peek();
        match next.kind {
            TokenKind::Equal => {
                self.bump(next);
                Item::Attr(self.finish_attribute(ident, next, false))
            }
            TokenKind::OQuote | TokenKind::OBrace | TokenKind::Ident => {
                Item::Block(self.finish_block(ident))
            }
            _ => {
                self.recover_after_body_item();
                self.err(
                    "Argument or block definition required",
                    DETAIL_DEFINITION_REQUIRED_EQUALS,
                    ident.span,
                    None,
                );
                Item::None
            }
        }
    }

    /// Go's `finishParsingBodyAttribute`: the expression after the `=`
    /// (read) and, unless on a one-line block, the newline after it.
    fn finish_attribute(&mut self, ident: Token, eq: Token, single_line: bool) -> AttributeNode {
        let mark = self.error_mark();
        let expr = self.parse_expression();
        let end_range;
        if self.recovering_since(mark) {
            end_range = self.prev_span();
            self.recover_after_body_item();
        } else if !single_line {
            let end = self.peek();
            if end.kind != TokenKind::Newline && end.kind != TokenKind::Eof {
                if !self.recovery {
                    let (summary, detail) = if end.kind == TokenKind::Comma {
                        (
                            "Unexpected comma after argument",
                            "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                        )
                    } else {
                        (
                            "Missing newline after argument",
                            "An argument definition must end with a newline.",
                        )
                    };
                    self.err(
                        summary,
                        detail,
                        end.span,
                        Some(between(ident.span, end.span)),
                    );
                }
                end_range = self.prev_span();
                self.recover_after_body_item();
            } else {
                end_range = self.prev_span();
                self.bump(end);
            }
        } else {
            end_range = self.prev_span();
        }
        AttributeNode {
            name: ident.span,
            expr,
            end: between(ident.span, end_range).end,
            equals: eq.span.start,
        }
    }

    /// Go's `finishParsingBodyBlock`: labels, then the body (multi-line or
    /// single-line), then the newline.
    fn finish_block(&mut self, ident: Token) -> BlockNode {
        let label_mark = self.s_labels.len();
        let obrace;
        loop {
            let tok = self.peek();
            match tok.kind {
                TokenKind::OBrace => {
                    obrace = self.read();
                    break;
                }
                TokenKind::OQuote => {
                    let (text, span) = self.parse_quoted_string_literal();
                    self.s_labels.push(LabelNode { text, span });
                }
                TokenKind::Ident => {
                    let t = self.read();
                    self.s_labels.push(LabelNode {
                        text: Text::Source(t.span),
                        span: t.span,
                    });
                }
                _ => {
                    let context = Some(between(ident.span, tok.span));
                    match tok.kind {
                        TokenKind::Equal => self.err(
                            "Invalid block definition",
                            "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
                            tok.span,
                            context,
                        ),
                        TokenKind::Newline => self.err(
                            "Invalid block definition",
                            "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
                            tok.span,
                            context,
                        ),
                        _ => {
                            if !self.recovery {
                                self.err(
                                    "Invalid block definition",
                                    "Either a quoted string block label or an opening brace (\"{\") is expected here.",
                                    tok.span,
                                    context,
                                );
                            }
                        }
                    }
                    self.recover_after_body_item();
                    let labels = self.take_labels(label_mark);
                    let body = self.empty_body(ident.span, ident.span);
                    return BlockNode {
                        type_name: ident.span,
                        labels,
                        body,
                        open_brace: ident.span,
                        close_brace: ident.span,
                    };
                }
            }
        }
        let labels = self.take_labels(label_mark);

        let body: Option<BodyId>;
        match self.peek().kind {
            TokenKind::Newline | TokenKind::Eof | TokenKind::CBrace => {
                if self.enter(obrace.span) {
                    body = Some(crate::stack::with_room(|| {
                        self.parse_body(TokenKind::CBrace)
                    }));
                    self.leave();
                } else {
                    self.recover(TokenKind::CBrace);
                    body = None;
                }
            }
            _ => {
                let diag_mark = self.diags.len();
                body = self.parse_single_attr_body();
                let next = self.peek();
                match next.kind {
                    TokenKind::CBrace => {
                        self.read();
                    }
                    TokenKind::Comma => {
                        self.err_before(
                            diag_mark,
                            "Invalid single-argument block definition",
                            "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
                            next.span,
                            None,
                        );
                        self.recover(TokenKind::CBrace);
                    }
                    TokenKind::Newline => {
                        self.err_before(
                            diag_mark,
                            "Invalid single-argument block definition",
                            "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
                            next.span,
                            None,
                        );
                        self.recover(TokenKind::CBrace);
                    }
                    _ => {
                        if !self.recovery {
                            if next.kind == TokenKind::Eof {
                                self.err_before(
                                    diag_mark,
                                    "Unclosed configuration block",
                                    DETAIL_UNCLOSED_BLOCK,
                                    obrace.span,
                                    Some(between(ident.span, obrace.span)),
                                );
                            } else {
                                self.err_before(
                                    diag_mark,
                                    "Invalid single-argument block definition",
                                    "A single-line block definition must end with a closing brace immediately after its single argument definition.",
                                    next.span,
                                    None,
                                );
                            }
                        }
                        self.recover(TokenKind::CBrace);
                    }
                }
            }
        }
        let cbrace = self.prev_span();

        let eol = self.peek();
        if eol.kind == TokenKind::Newline || eol.kind == TokenKind::Eof {
            self.read();
        } else {
            if !self.recovery {
                self.err(
                    "Missing newline after block definition",
                    "A block definition must end with a newline.",
                    eol.span,
                    Some(between(ident.span, eol.span)),
                );
            }
            self.recover_after_body_item();
        }

        let body = match body {
            Some(b) => b,
            None => self.empty_body(between(obrace.span, cbrace), cbrace),
        };
        BlockNode {
            type_name: ident.span,
            labels,
            body,
            open_brace: obrace.span,
            close_brace: cbrace,
        }
    }

    /// Reports an error placed before the diagnostics found since
    /// `diag_mark` (Go collects a nested body's diagnostics and appends
    /// them after the block's own).
    fn err_before(
        &mut self,
        diag_mark: usize,
        summary: &'static str,
        detail: &'static str,
        subject: Span,
        context: Option<Span>,
    ) {
        self.error(summary, Detail::Static(detail), subject, context);
        if let Some(d) = self.diags.pop() {
            let at = diag_mark.min(self.diags.len());
            self.diags.insert(at, d);
        }
    }

    /// Go's `parseSingleAttrBody`: `{ name = expr }` on one line.
    fn parse_single_attr_body(&mut self) -> Option<BodyId> {
        let ident = self.read();
        if ident.kind != TokenKind::Ident {
            self.recover_after_body_item();
            self.err(
                "Argument or block definition required",
                DETAIL_DEFINITION_REQUIRED,
                ident.span,
                None,
            );
            return None;
        }
        let next = self.peek();
        match next.kind {
            TokenKind::Equal => {
                self.bump(next);
                let attr = self.finish_attribute(ident, next, true);
                let span = attr.span();
                let done = self.done();
                super::room(&mut self.ast.attributes, 1, done, self.src.len());
                let start = self.ast.attributes.len() as u32;
                self.ast.attributes.push(attr);
                Some(self.push_body(BodyNode {
                    attributes: List { start, len: 1 },
                    blocks: List::EMPTY,
                    span,
                    end: Span::at(span.end),
                }))
            }
            TokenKind::OQuote | TokenKind::OBrace | TokenKind::Ident => {
                self.recover_after_body_item();
                let detail = format!(
                    "A single-line block definition can contain only a single argument. If you meant to define argument {}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.",
                    go_quote(self.text(ident.span))
                );
                self.error(
                    "Argument definition required",
                    Detail::Owned(detail),
                    between(ident.span, next.span),
                    None,
                );
                None
            }
            _ => {
                self.recover_after_body_item();
                self.err(
                    "Argument or block definition required",
                    DETAIL_DEFINITION_REQUIRED_EQUALS,
                    ident.span,
                    None,
                );
                None
            }
        }
    }

    /// Go's `parseQuotedStringLiteral`: a quoted string without template
    /// sequences (a block label). Returns its value and its span (quotes
    /// included).
    pub(crate) fn parse_quoted_string_literal(&mut self) -> (Text, Span) {
        let oquote = self.read();
        if oquote.kind != TokenKind::OQuote {
            self.err(
                "Invalid string literal",
                "A quoted string is required here.",
                oquote.span,
                None,
            );
            return (Text::Source(Span::at(oquote.span.start)), oquote.span);
        }
        let mut value = LitBuilder::new(oquote.span.end);
        let end_range;
        loop {
            let t = self.read();
            match t.kind {
                TokenKind::CQuote => {
                    end_range = t.span;
                    break;
                }
                TokenKind::QuotedLit => {
                    let lit = self.decode_literal(t);
                    value.push(lit, self.src);
                }
                TokenKind::TemplateControl | TokenKind::TemplateInterp => {
                    let which = if t.kind == TokenKind::TemplateControl {
                        "%"
                    } else {
                        "$"
                    };
                    let detail = format!(
                        "Template sequences are not allowed in this string. To include a literal {}, double it (as \"{which}{which}\") to escape it.",
                        go_quote(which)
                    );
                    self.error(
                        "Invalid string literal",
                        Detail::Owned(detail),
                        t.span,
                        Some(between(oquote.span, t.span)),
                    );
                    value.push_str(which, self.src);
                    value.push_str("{ ... }", self.src);
                    self.recover(TokenKind::TemplateSeqEnd);
                }
                TokenKind::Eof => {
                    self.err(
                        "Unterminated string literal",
                        "Unable to find the closing quote mark before the end of the file.",
                        t.span,
                        Some(between(oquote.span, t.span)),
                    );
                    end_range = t.span;
                    break;
                }
                _ => {
                    self.err(
                        "Invalid string literal",
                        "This item is not valid in a string literal.",
                        t.span,
                        Some(between(oquote.span, t.span)),
                    );
                    self.recover(TokenKind::CQuote);
                    end_range = t.span;
                    break;
                }
            }
        }
        let text = value.finish(&mut self.ast);
        (text, between(oquote.span, end_range))
    }
}

/// Moves the scratch items from `mark` on to the end of `arena`, as one
/// contiguous run, and returns that run. `done` and `total` (bytes parsed,
/// bytes in all) size the arena's growth.
fn take_run<T>(
    arena: &mut Vec<T>,
    scratch: &mut Vec<T>,
    mark: usize,
    done: usize,
    total: usize,
) -> List {
    let mark = mark.min(scratch.len());
    super::room(arena, scratch.len() - mark, done, total);
    let start = arena.len() as u32;
    arena.extend(scratch.drain(mark..));
    List {
        start,
        len: arena.len() as u32 - start,
    }
}
