//! Templates (Go's `parser_template.go` and `ParseStringLiteralToken`):
//! quoted, heredoc and standalone templates are first read into a flat
//! list of parts (literals with escapes decoded and strip markers applied,
//! interpolations, directive markers), heredoc indentation is removed,
//! then the list is turned into expressions (`if` into a conditional,
//! `for` into a join over a tuple `for` expression).

use unicode_segmentation::UnicodeSegmentation;

use super::{Detail, Parser, between};
use crate::native::ast::{Ast, ExprId, ExprKind, ForExpr, Text};
use crate::native::lexer::{Token, TokenKind, is_go_space, is_plain_ascii_literal};
use crate::quote::go_quote;
use crate::source::Span;
use crate::suggest::suggestion;

/// Literal text: a slice of the source, or text that differs from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lit {
    /// These source bytes, verbatim.
    Src(Span),
    /// Decoded or modified text.
    Own(String),
}

impl Lit {
    fn as_str<'s>(&'s self, src: &'s [u8]) -> &'s str {
        match self {
            Lit::Src(span) => src
                .get(span.start as usize..span.end as usize)
                .and_then(|b| std::str::from_utf8(b).ok())
                .unwrap_or(""),
            Lit::Own(s) => s,
        }
    }

    fn trim_left(&mut self, src: &[u8]) {
        match self {
            Lit::Src(span) => {
                let s = Lit::Src(*span);
                let text = s.as_str(src);
                let trimmed = text.trim_start_matches(is_go_space);
                span.start += (text.len() - trimmed.len()) as u32;
            }
            Lit::Own(s) => {
                let cut = s.len() - s.trim_start_matches(is_go_space).len();
                s.drain(..cut);
            }
        }
    }

    fn trim_right(&mut self, src: &[u8]) {
        match self {
            Lit::Src(span) => {
                let s = Lit::Src(*span);
                let text = s.as_str(src);
                let trimmed = text.trim_end_matches(is_go_space);
                span.end -= (text.len() - trimmed.len()) as u32;
            }
            Lit::Own(s) => {
                let keep = s.trim_end_matches(is_go_space).len();
                s.truncate(keep);
            }
        }
    }

    /// Removes the first `n` bytes.
    fn cut_front(&mut self, n: usize) {
        match self {
            Lit::Src(span) => span.start = (span.start + n as u32).min(span.end),
            Lit::Own(s) => {
                let n = n.min(s.len());
                s.drain(..n);
            }
        }
    }

    /// Stores the text in the tree.
    #[inline]
    pub(crate) fn into_text(self, ast: &mut Ast) -> Text {
        match self {
            Lit::Src(span) => Text::Source(span),
            Lit::Own(s) => ast.push_string(s.into_boxed_str()),
        }
    }
}

/// Go's handling of `$${` and `%%{` in a literal that is not only that
/// sequence: each becomes `${` or `%{` (scanning left to right, as Go's
/// string-literal scanner pairs `$$` first).
fn unescape_template_sequences(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    let mut run = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'$' || c == b'%' {
            out.push_str(s.get(run..i).unwrap_or(""));
            if b.get(i + 1) == Some(&c) {
                if b.get(i + 2) == Some(&b'{') {
                    out.push(c as char);
                    out.push('{');
                    i += 3;
                } else {
                    out.push(c as char);
                    out.push(c as char);
                    i += 2;
                }
            } else {
                out.push(c as char);
                i += 1;
            }
            run = i;
        } else {
            i += 1;
        }
    }
    out.push_str(s.get(run..).unwrap_or(""));
    out
}

/// Accumulates the pieces of a quoted string literal (a block label),
/// staying a source slice while the pieces are verbatim and contiguous.
#[derive(Debug)]
pub(crate) struct LitBuilder {
    at: u32,
    src: Option<Span>,
    own: Option<String>,
}

impl LitBuilder {
    pub(crate) fn new(at: u32) -> LitBuilder {
        LitBuilder {
            at,
            src: None,
            own: None,
        }
    }

    fn owned(&mut self, src: &[u8]) -> &mut String {
        let existing = self.src.take().map(|s| Lit::Src(s).as_str(src).to_owned());
        self.own.get_or_insert_with(|| existing.unwrap_or_default())
    }

    pub(crate) fn push(&mut self, lit: Lit, src: &[u8]) {
        match lit {
            Lit::Src(span) if self.own.is_none() => match self.src {
                None => self.src = Some(span),
                Some(s) if s.end == span.start => self.src = Some(Span::new(s.start, span.end)),
                Some(_) => {
                    let text = Lit::Src(span).as_str(src).to_owned();
                    self.owned(src).push_str(&text);
                }
            },
            Lit::Src(span) => {
                let text = Lit::Src(span).as_str(src).to_owned();
                self.owned(src).push_str(&text);
            }
            Lit::Own(s) => self.owned(src).push_str(&s),
        }
    }

    pub(crate) fn push_str(&mut self, s: &str, src: &[u8]) {
        self.owned(src).push_str(s);
    }

    pub(crate) fn finish(self, ast: &mut Ast) -> Text {
        match (self.own, self.src) {
            (Some(s), _) => ast.push_string(s.into_boxed_str()),
            (None, Some(span)) => Text::Source(span),
            (None, None) => Text::Source(Span::at(self.at)),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EndKind {
    EndIf,
    Else,
    EndFor,
}

impl EndKind {
    fn name(self) -> &'static str {
        match self {
            EndKind::EndIf => "endif",
            EndKind::Else => "else",
            EndKind::EndFor => "endfor",
        }
    }
}

/// One item of a template's flat part list (Go's `templateToken`).
#[derive(Clone, Debug)]
pub(crate) enum TPart {
    Literal {
        text: Lit,
        span: Span,
    },
    Interp {
        expr: ExprId,
        span: Span,
    },
    If {
        cond: ExprId,
        span: Span,
    },
    For {
        key: Option<Span>,
        value: Span,
        coll: ExprId,
        span: Span,
    },
    EndCtrl {
        kind: EndKind,
        span: Span,
    },
    End {
        span: Span,
    },
}

impl TPart {
    fn span(&self) -> Span {
        match self {
            TPart::Literal { span, .. }
            | TPart::Interp { span, .. }
            | TPart::If { span, .. }
            | TPart::For { span, .. }
            | TPart::EndCtrl { span, .. }
            | TPart::End { span } => *span,
        }
    }
}

/// A look at a template part.
#[derive(Clone, Copy, Debug)]
enum PartPeek {
    Missing,
    End(Span),
    EndCtrl(EndKind, Span),
    Other,
}

/// What a template parsed to.
pub(crate) enum TemplateBody {
    /// A single interpolation: its expression, to be wrapped.
    Wrap(ExprId),
    /// The parts, on the expression scratch stack from this mark.
    Parts(usize),
}

impl<'a> Parser<'a> {
    /// Go's `ParseStringLiteralToken`: the value of a literal token, with
    /// escapes decoded (in quoted templates) and `$${`/`%%{` unescaped.
    #[inline]
    pub(crate) fn decode_literal(&mut self, t: Token) -> Lit {
        // The common case: nothing to decode, the text is the source.
        if is_plain_ascii_literal(self.bytes(t.span)) {
            return Lit::Src(t.span);
        }
        self.decode_literal_slow(t)
    }

    /// [`Parser::decode_literal`] for text with something to decode.
    #[inline(never)]
    fn decode_literal_slow(&mut self, t: Token) -> Lit {
        let bytes = self.bytes(t.span);
        if t.kind != TokenKind::QuotedLit || !bytes.contains(&b'\\') {
            if (bytes.starts_with(b"$${") || bytes.starts_with(b"%%{"))
                && !bytes[3..]
                    .iter()
                    .any(|&b| b == b'$' || b == b'%' || b >= 0x80)
            {
                // The lexer makes an escaped sequence its own token
                // (possibly followed by "~" and a newline): its value is
                // the source without the first byte. It is an owned string,
                // not a slice of the source one byte into the token: a
                // slice is taken as where the literal is (the start range
                // of a template whose first part it is), and the literal
                // part starts at the token, `$$` included, as in Go.
                return Lit::Own(String::from_utf8_lossy(&bytes[1..]).into_owned());
            }
            let plain = !bytes.windows(3).any(|w| w == b"$${" || w == b"%%{");
            if plain && (bytes.is_ascii() || std::str::from_utf8(bytes).is_ok()) {
                return Lit::Src(t.span);
            }
            return Lit::Own(unescape_template_sequences(&String::from_utf8_lossy(bytes)));
        }
        let text = self.text(t.span);
        let base = t.span.start as usize;
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        let tb = text.as_bytes();
        while i < tb.len() {
            if tb[i] != b'\\' {
                let next = tb[i..]
                    .iter()
                    .position(|&b| b == b'\\')
                    .map_or(tb.len(), |p| i + p);
                out.push_str(text.get(i..next).unwrap_or(""));
                i = next;
                continue;
            }
            let start = i;
            let Some(sel) = text.get(i + 1..).and_then(|s| s.chars().next()) else {
                self.err(
                    "Invalid escape sequence",
                    "Backslash must be followed by an escape sequence selector character.",
                    Span::new((base + i) as u32, (base + i + 1) as u32),
                    None,
                );
                out.push('\\');
                i += 1;
                continue;
            };
            match sel {
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                't' => out.push('\t'),
                '"' => out.push('"'),
                '\\' => out.push('\\'),
                'u' | 'U' => {
                    let max = if sel == 'u' { 4 } else { 8 };
                    let mut j = i + 2;
                    while j < tb.len() && j - (i + 2) < max && tb[j].is_ascii_hexdigit() {
                        j += 1;
                    }
                    let span = Span::new((base + start) as u32, (base + j) as u32);
                    let slice = text.get(start..j).unwrap_or("");
                    i = j;
                    if j - (start + 2) != max {
                        self.err(
                            "Invalid escape sequence",
                            if sel == 'u' {
                                "The \\u escape sequence must be followed by four hexadecimal digits."
                            } else {
                                "The \\U escape sequence must be followed by eight hexadecimal digits."
                            },
                            span,
                            None,
                        );
                        out.push_str(slice);
                        continue;
                    }
                    let num = u32::from_str_radix(text.get(start + 2..j).unwrap_or(""), 16)
                        .unwrap_or(u32::MAX);
                    match char::from_u32(num) {
                        Some(c) => out.push(c),
                        None => {
                            self.error(
                                "Invalid escape sequence",
                                Detail::Owned(format!(
                                    "Cannot encode character U+{num:04x} in UTF-8."
                                )),
                                span,
                                None,
                            );
                            out.push_str(slice);
                        }
                    }
                    continue;
                }
                other => {
                    let end = i + 1 + other.len_utf8();
                    self.error(
                        "Invalid escape sequence",
                        Detail::Owned(format!(
                            "The symbol {} is not a valid escape sequence selector.",
                            go_quote(&other.to_string())
                        )),
                        Span::new((base + i) as u32, (base + end) as u32),
                        None,
                    );
                    out.push(other);
                    i = end;
                    continue;
                }
            }
            i += 2;
        }
        Lit::Own(out)
    }

    /// A template expression term: the opening quote or heredoc marker is
    /// the next token.
    pub(crate) fn parse_template_term(&mut self) -> ExprId {
        if let Some(e) = self.simple_quoted_string() {
            return e;
        }
        let open = self.read();
        let closer = super::opposite_bracket(open.kind);
        let flush = open.kind == TokenKind::OHeredoc && self.bytes(open.span).get(2) == Some(&b'-');
        let body = self.parse_template_inner(closer, flush);
        let close = self.prev_span();
        let span = between(open.span, close);
        self.finish_template(body, span)
    }

    /// The common quoted string with no template sequence, `"text"` or
    /// `""`, without the general template machinery (the same node as
    /// [`Parser::parse_template_inner`] makes of it); `None` when the next
    /// tokens are something else (or not scanned yet).
    fn simple_quoted_string(&mut self) -> Option<ExprId> {
        let open = self.next_raw;
        if open.kind != TokenKind::OQuote {
            return None;
        }
        let toks = self.toks.get(self.tok_pos + 1..self.toks_len)?;
        let (text, close) = match toks {
            [lit, close, ..]
                if lit.kind == TokenKind::QuotedLit && close.kind == TokenKind::CQuote =>
            {
                (Some(*lit), *close)
            }
            [close, ..] if close.kind == TokenKind::CQuote => (None, *close),
            _ => return None,
        };
        self.advance();
        let text = match text {
            Some(lit) => {
                self.advance();
                self.decode_literal(lit).into_text(&mut self.ast)
            }
            None => Text::Source(Span::at(close.span.end)),
        };
        self.advance();
        self.prev = Some(close.span);
        self.template_tree_start = self.ast.exprs.len() as u32;
        Some(self.mk(ExprKind::String(text), between(open.span, close.span)))
    }

    /// Makes the expression of a parsed template.
    pub(crate) fn finish_template(&mut self, body: TemplateBody, span: Span) -> ExprId {
        match body {
            TemplateBody::Wrap(inner) => self.mk(ExprKind::TemplateWrap { inner }, span),
            TemplateBody::Parts(mark) => self.template_of_parts(mark, span),
        }
    }

    /// A template of the expressions on the scratch stack from `mark`: a
    /// plain string when it is a single literal.
    fn template_of_parts(&mut self, mark: usize, span: Span) -> ExprId {
        if self.s_exprs.len() == mark + 1 {
            let only = self.s_exprs[mark];
            // Only a literal part of this template counts (nodes made while
            // turning its parts into expressions), not an interpolated
            // expression that happens to be a string, as in Go.
            let own_literal = only.0 >= self.template_tree_start;
            if let Some(e) = self
                .ast
                .exprs
                .get_mut(only.0 as usize)
                .filter(|_| own_literal)
                && matches!(e.kind, ExprKind::String(_))
            {
                e.span = span;
                self.s_exprs.truncate(mark);
                return only;
            }
        }
        let parts = self.take_exprs(mark);
        self.mk(ExprKind::Template { parts }, span)
    }

    /// Go's `parseTemplateInner`: the parts up to `end`, as expressions.
    pub(crate) fn parse_template_inner(&mut self, end: TokenKind, flush: bool) -> TemplateBody {
        let pmark = self.s_tparts.len();
        self.parse_template_parts(end);
        if flush {
            self.flush_heredoc(pmark);
        }
        let passthru = self.s_tparts.len() == pmark + 2
            && matches!(self.s_tparts.get(pmark), Some(TPart::Interp { .. }));
        let emark = self.s_exprs.len();
        self.template_tree_start = self.ast.exprs.len() as u32;
        let mut pos = pmark;
        while !matches!(self.s_tparts.get(pos), Some(TPart::End { .. }) | None) {
            let e = self.parse_tpart(&mut pos);
            self.s_exprs.push(e);
        }
        self.s_tparts.truncate(pmark);
        if passthru && self.s_exprs.len() == emark + 1 {
            let inner = self.s_exprs[emark];
            self.s_exprs.truncate(emark);
            return TemplateBody::Wrap(inner);
        }
        TemplateBody::Parts(emark)
    }

    /// A standalone template (Go's `ParseTemplate`): everything up to the
    /// end of the input.
    pub(crate) fn parse_bare_template(&mut self) -> ExprId {
        let start = self.next_span();
        let body = self.parse_template_inner(TokenKind::Eof, false);
        let end = self.prev_span();
        self.finish_template(body, between(start, end))
    }

    fn trim_prev_literal(&mut self, pmark: usize) {
        if self.s_tparts.len() > pmark
            && let Some(TPart::Literal { text, .. }) = self.s_tparts.last_mut()
        {
            text.trim_right(self.src);
        }
    }

    /// Go's `parseTemplateParts`.
    fn parse_template_parts(&mut self, end: TokenKind) {
        let pmark = self.s_tparts.len();
        let start_range = self.next_span();
        let mut ltrim_next = false;
        let mut next_can_trim_prev = false;
        let end_range;
        loop {
            let next = self.read();
            if next.kind == end {
                end_range = next.span;
                break;
            }
            let ltrim = ltrim_next;
            ltrim_next = false;
            let can_trim_prev = next_can_trim_prev;
            next_can_trim_prev = false;
            match next.kind {
                TokenKind::StringLit | TokenKind::QuotedLit => {
                    let mut text = self.decode_literal(next);
                    if ltrim {
                        text.trim_left(self.src);
                    }
                    self.s_tparts.push(TPart::Literal {
                        text,
                        span: next.span,
                    });
                    next_can_trim_prev = true;
                }
                TokenKind::TemplateInterp => {
                    ltrim_next = self.template_interp(next, end, start_range, can_trim_prev, pmark);
                }
                TokenKind::TemplateControl => {
                    ltrim_next = self.template_control(next, start_range, can_trim_prev, pmark);
                }
                _ => {
                    if !self.recovery {
                        self.err(
                            "Unterminated template string",
                            "No closing marker was found for the string.",
                            next.span,
                            Some(between(start_range, next.span)),
                        );
                    }
                    let last = self.recover(end);
                    end_range = last.span;
                    break;
                }
            }
        }
        if self.s_tparts.len() == pmark {
            let at = Span::at(start_range.end);
            self.s_tparts.push(TPart::Literal {
                text: Lit::Src(at),
                span: at,
            });
        }
        self.s_tparts.push(TPart::End { span: end_range });
    }

    /// A `${ ... }` interpolation of a template (the `${` is read), in its
    /// own function so that [`Parser::parse_template_parts`] keeps a small
    /// frame on the recursion path. Returns whether the next literal is to
    /// be trimmed on the left (a `~}` closed it).
    fn template_interp(
        &mut self,
        next: Token,
        end: TokenKind,
        start_range: Span,
        can_trim_prev: bool,
        pmark: usize,
    ) -> bool {
        let mut ltrim_next = false;
        if can_trim_prev && self.bytes(next.span).len() == 3 {
            self.trim_prev_literal(pmark);
        }
        self.push_newlines(false);
        let expr = self.parse_expression();
        let close = self.peek();
        if close.kind != TokenKind::TemplateSeqEnd {
            self.bad_interp_end(close, end, start_range);
            self.recover(TokenKind::TemplateSeqEnd);
        } else {
            self.read();
            if self.bytes(close.span).len() == 2 {
                ltrim_next = true;
            }
        }
        self.pop_newlines();
        self.s_tparts.push(TPart::Interp {
            expr,
            span: between(next.span, close.span),
        });
        ltrim_next
    }

    /// A `%{ ... }` directive marker of a template (the `%{` is read), in
    /// its own function (as [`Parser::template_interp`]). Returns whether
    /// the next literal is to be trimmed on the left.
    /// Reports an interpolation that does not end where expected (the
    /// cold path of [`Parser::template_interp`]).
    #[cold]
    #[inline(never)]
    fn bad_interp_end(&mut self, close: Token, end: TokenKind, start_range: Span) {
        if !self.recovery {
            match close.kind {
                TokenKind::Eof => self.err(
                    "Unclosed template interpolation sequence",
                    "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
                    start_range,
                    None,
                ),
                TokenKind::Colon => self.err(
                    "Extra characters after interpolation expression",
                    "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".",
                    close.span,
                    Some(between(start_range, close.span)),
                ),
                _ => {
                    if (close.kind == TokenKind::CQuote || close.kind == TokenKind::OQuote)
                        && end == TokenKind::CQuote
                    {
                        self.err(
                            "Unclosed template interpolation sequence",
                            "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
                            start_range,
                            None,
                        );
                    } else {
                        self.err(
                            "Extra characters after interpolation expression",
                            "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
                            close.span,
                            Some(between(start_range, close.span)),
                        );
                    }
                }
            }
        }
    }

    fn template_control(
        &mut self,
        next: Token,
        start_range: Span,
        can_trim_prev: bool,
        pmark: usize,
    ) -> bool {
        let mut ltrim_next = false;
        if can_trim_prev && self.bytes(next.span).len() == 3 {
            self.trim_prev_literal(pmark);
        }
        self.push_newlines(false);
        let kw = self.peek();
        if kw.kind != TokenKind::Ident {
            if !self.recovery {
                self.err(
                    "Invalid template directive",
                    "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
                    kw.span,
                    Some(between(next.span, kw.span)),
                );
            }
            self.recover(TokenKind::TemplateSeqEnd);
            self.pop_newlines();
            return false;
        }
        self.read();
        let word = self.bytes(kw.span);
        match word {
            b"if" => {
                let cond = self.parse_expression();
                let span = between(next.span, self.next_span());
                self.s_tparts.push(TPart::If { cond, span });
            }
            b"else" | b"endif" | b"endfor" => {
                let kind = match word {
                    b"else" => EndKind::Else,
                    b"endif" => EndKind::EndIf,
                    _ => EndKind::EndFor,
                };
                let span = between(next.span, self.next_span());
                self.s_tparts.push(TPart::EndCtrl { kind, span });
            }
            b"for" => {
                if !self.parse_for_directive(next) {
                    self.recover(TokenKind::TemplateSeqEnd);
                    self.pop_newlines();
                    return false;
                }
            }
            _ => {
                if !self.recovery {
                    let given = self.text(kw.span);
                    let suggestion = suggestion(given, ["if", "for", "else", "endif", "endfor"])
                        .map(|s| format!(" Did you mean {}?", go_quote(s)))
                        .unwrap_or_default();
                    self.error(
                        "Invalid template control keyword",
                        Detail::Owned(format!(
                            "{} is not a valid template control keyword.{suggestion}",
                            go_quote(given)
                        )),
                        kw.span,
                        Some(between(next.span, kw.span)),
                    );
                }
                self.recover(TokenKind::TemplateSeqEnd);
                self.pop_newlines();
                return false;
            }
        }
        let close = self.peek();
        if close.kind != TokenKind::TemplateSeqEnd {
            if !self.recovery {
                let summary = format!("Extra characters in {} marker", self.text(kw.span));
                self.error(
                    summary,
                    Detail::Static(
                        "Expected a closing brace to end the sequence, but found extra characters.",
                    ),
                    close.span,
                    Some(between(start_range, close.span)),
                );
            }
            self.recover(TokenKind::TemplateSeqEnd);
        } else {
            self.read();
            if self.bytes(close.span).len() == 2 {
                ltrim_next = true;
            }
        }
        self.pop_newlines();
        ltrim_next
    }

    /// The rest of a `%{ for k, v in coll }` directive after `for`.
    /// Returns false (after reporting) when it is malformed.
    fn parse_for_directive(&mut self, open: Token) -> bool {
        if self.peek().kind != TokenKind::Ident {
            if !self.recovery {
                let at = self.next_span();
                self.err(
                    "Invalid 'for' directive",
                    "For directive requires variable name after 'for'.",
                    at,
                    None,
                );
            }
            return false;
        }
        let mut value = self.read().span;
        let mut key = None;
        if self.peek().kind == TokenKind::Comma {
            key = Some(value);
            self.read();
            if self.peek().kind != TokenKind::Ident {
                if !self.recovery {
                    let at = self.next_span();
                    self.err(
                        "Invalid 'for' directive",
                        "For directive requires value variable name after comma.",
                        at,
                        None,
                    );
                }
                return false;
            }
            value = self.read().span;
        }
        let t = self.peek();
        if !self.is_keyword(t, "in") {
            if !self.recovery {
                self.err(
                    "Invalid 'for' directive",
                    "For directive requires 'in' keyword after names.",
                    t.span,
                    None,
                );
            }
            return false;
        }
        self.read();
        let coll = self.parse_expression();
        let span = between(open.span, self.next_span());
        self.s_tparts.push(TPart::For {
            key,
            value,
            coll,
            span,
        });
        true
    }

    /// Go's `flushHeredocTemplateParts`: removes the smallest indentation
    /// of the lines from the literal at the start of each line. Lines of
    /// white space alone are not counted (nor changed).
    ///
    /// The indentation is any white space (Go's `unicode.IsSpace`), one
    /// per grapheme cluster, so that a tab counts as one space, as the
    /// specification's own test suite (`expressions/heredoc`) reads "the
    /// minimum number of leading spaces": tabs are white space too.
    fn flush_heredoc(&mut self, pmark: usize) {
        const NONE: usize = usize::MAX;
        let src = self.src;
        let mut min_spaces = NONE;
        let mut newline = true;
        let mut any = false;
        for part in self.s_tparts.get(pmark..).unwrap_or(&[]) {
            if newline {
                newline = false;
                let mut spaces = 0;
                match part {
                    TPart::Literal { text, .. } => {
                        let orig = text.as_str(src);
                        let trimmed = orig.trim_start_matches(is_go_space);
                        if trimmed.is_empty() && orig.ends_with('\n') {
                            spaces = NONE;
                        } else {
                            spaces = indent_clusters(orig, trimmed);
                            any = true;
                        }
                    }
                    TPart::End { .. } => break,
                    _ => {}
                }
                min_spaces = min_spaces.min(spaces);
            }
            if let TPart::Literal { text, .. } = part
                && text.as_str(src).ends_with('\n')
            {
                newline = true;
            }
        }
        if !any || min_spaces == NONE || min_spaces == 0 {
            return;
        }
        // Second pass: the same walk, adjusting the literals counted.
        let mut newline = true;
        let end = self.s_tparts.len();
        for i in pmark..end {
            let Some(part) = self.s_tparts.get_mut(i) else {
                break;
            };
            if newline {
                newline = false;
                match part {
                    TPart::Literal { text, span } => {
                        let orig = text.as_str(src);
                        let trimmed = orig.trim_start_matches(is_go_space);
                        if !(trimmed.is_empty() && orig.ends_with('\n')) {
                            let cut = indent_bytes(orig, min_spaces);
                            text.cut_front(cut);
                            span.start = (span.start + cut as u32).min(span.end);
                        }
                    }
                    TPart::End { .. } => break,
                    _ => {}
                }
            }
            if let TPart::Literal { text, .. } = part
                && text.as_str(src).ends_with('\n')
            {
                newline = true;
            }
        }
    }

    /// What the part at `pos` is, without copying its text.
    fn peek_tpart(&self, pos: usize) -> PartPeek {
        match self.s_tparts.get(pos) {
            None => PartPeek::Missing,
            Some(TPart::End { span }) => PartPeek::End(*span),
            Some(TPart::EndCtrl { kind, span }) => PartPeek::EndCtrl(*kind, *span),
            Some(_) => PartPeek::Other,
        }
    }

    /// Go's `templateParser.parseExpr`: one expression from the part list.
    fn parse_tpart(&mut self, pos: &mut usize) -> ExprId {
        let part = match self.s_tparts.get_mut(*pos) {
            None => return self.mk(ExprKind::Invalid, Span::default()),
            Some(TPart::Literal { text, span }) => {
                let span = *span;
                let text = std::mem::replace(text, Lit::Src(span));
                *pos += 1;
                let text = text.into_text(&mut self.ast);
                return self.mk(ExprKind::String(text), span);
            }
            Some(part) => part.clone(),
        };
        match part {
            TPart::Literal { .. } => self.mk(ExprKind::Invalid, Span::default()),
            TPart::Interp { expr, .. } => {
                *pos += 1;
                expr
            }
            TPart::If { .. } => crate::stack::with_room(|| self.parse_template_if(pos)),
            TPart::For { .. } => crate::stack::with_room(|| self.parse_template_for(pos)),
            TPart::End { span } => {
                self.err(
                    "Unexpected end of template",
                    "The control directives within this template are unbalanced.",
                    span,
                    None,
                );
                self.mk(ExprKind::Invalid, span)
            }
            TPart::EndCtrl { kind, span } => {
                *pos += 1;
                self.error(
                    format!("Unexpected {} directive", kind.name()),
                    Detail::Static("The control directives within this template are unbalanced."),
                    span,
                    None,
                );
                self.mk(ExprKind::Invalid, span)
            }
        }
    }

    /// Skips a directive whose nesting is too deep: up to its matching end
    /// (or the end of the template).
    fn skip_directive(&mut self, pos: &mut usize) -> ExprId {
        let span = self.s_tparts.get(*pos).map_or(Span::default(), TPart::span);
        let mut nest = 0usize;
        loop {
            match self.s_tparts.get(*pos) {
                None | Some(TPart::End { .. }) => break,
                Some(TPart::If { .. } | TPart::For { .. }) => nest += 1,
                Some(TPart::EndCtrl {
                    kind: EndKind::EndIf | EndKind::EndFor,
                    ..
                }) => {
                    nest = nest.saturating_sub(1);
                    if nest == 0 {
                        *pos += 1;
                        break;
                    }
                }
                _ => {}
            }
            *pos += 1;
        }
        self.mk(ExprKind::Invalid, span)
    }

    /// An empty string literal at `at`.
    fn empty_string(&mut self, at: u32) -> ExprId {
        self.mk(ExprKind::String(Text::Source(Span::at(at))), Span::at(at))
    }

    /// The expressions from `mark` on the scratch stack as a template
    /// (Go builds a `TemplateExpr` over the parts of each branch).
    fn branch_template(&mut self, mark: usize) -> ExprId {
        let first = self.s_exprs.get(mark).copied();
        let last = self.s_exprs.last().copied();
        let span = match (first, last) {
            (Some(f), Some(l)) => between(self.span_of(f), self.span_of(l)),
            _ => Span::default(),
        };
        self.template_of_parts(mark, span)
    }

    /// Go's `templateParser.parseIf`.
    fn parse_template_if(&mut self, pos: &mut usize) -> ExprId {
        let Some(TPart::If { cond, span: open }) = self.s_tparts.get(*pos).cloned() else {
            return self.mk(ExprKind::Invalid, Span::default());
        };
        if !self.enter(open) {
            return self.skip_directive(pos);
        }
        *pos += 1;
        let if_mark = self.s_exprs.len();
        let mut else_mark: Option<usize> = None;
        let endif;
        loop {
            match self.peek_tpart(*pos) {
                PartPeek::Missing => {
                    self.s_exprs.truncate(if_mark);
                    self.leave();
                    return self.mk(ExprKind::Invalid, Span::default());
                }
                PartPeek::End(span) => {
                    // After a nesting-limit failure inside, the directives
                    // around it are unbalanced by construction: one
                    // diagnostic is enough.
                    if !self.too_deep_reported {
                        self.error(
                            "Unexpected end of template",
                            Detail::Ranged(
                                "The if directive at ".into(),
                                open,
                                " is missing its corresponding endif directive.",
                            ),
                            span,
                            None,
                        );
                    }
                    self.s_exprs.truncate(if_mark);
                    self.leave();
                    return self.mk(ExprKind::Invalid, span);
                }
                PartPeek::EndCtrl(kind, span) => {
                    *pos += 1;
                    match kind {
                        EndKind::Else if else_mark.is_none() => {
                            else_mark = Some(self.s_exprs.len());
                            continue;
                        }
                        EndKind::Else => self.error(
                            "Unexpected else directive",
                            Detail::Ranged(
                                "Already in the else clause for the if started at ".into(),
                                open,
                                ".",
                            ),
                            span,
                            None,
                        ),
                        EndKind::EndIf => {
                            endif = span;
                            break;
                        }
                        EndKind::EndFor => self.error(
                            "Unexpected endfor directive",
                            Detail::Ranged(
                                "Expecting an endif directive for the if started at ".into(),
                                open,
                                ".",
                            ),
                            span,
                            None,
                        ),
                    }
                    self.s_exprs.truncate(if_mark);
                    self.leave();
                    return self.mk(ExprKind::Invalid, span);
                }
                PartPeek::Other => {
                    let e = self.parse_tpart(pos);
                    self.s_exprs.push(e);
                }
            }
        }
        let else_mark = else_mark.unwrap_or(self.s_exprs.len());
        // The else branch first (it is on top of the scratch stack).
        if self.s_exprs.len() == else_mark {
            let e = self.empty_string(endif.start);
            self.s_exprs.push(e);
        }
        let false_result = self.branch_template(else_mark);
        if self.s_exprs.len() == if_mark {
            let e = self.empty_string(open.end);
            self.s_exprs.push(e);
        }
        let true_result = self.branch_template(if_mark);
        self.leave();
        self.mk(
            ExprKind::Conditional {
                condition: cond,
                true_result,
                false_result,
            },
            between(open, endif),
        )
    }

    /// Go's `templateParser.parseFor`.
    fn parse_template_for(&mut self, pos: &mut usize) -> ExprId {
        let Some(TPart::For {
            key,
            value,
            coll,
            span: open,
        }) = self.s_tparts.get(*pos).cloned()
        else {
            return self.mk(ExprKind::Invalid, Span::default());
        };
        if !self.enter(open) {
            return self.skip_directive(pos);
        }
        *pos += 1;
        let mark = self.s_exprs.len();
        let endfor;
        loop {
            match self.peek_tpart(*pos) {
                PartPeek::Missing => {
                    self.s_exprs.truncate(mark);
                    self.leave();
                    return self.mk(ExprKind::Invalid, Span::default());
                }
                PartPeek::End(span) => {
                    if !self.too_deep_reported {
                        self.error(
                            "Unexpected end of template",
                            Detail::Ranged(
                                "The for directive at ".into(),
                                open,
                                " is missing its corresponding endfor directive.",
                            ),
                            span,
                            None,
                        );
                    }
                    self.s_exprs.truncate(mark);
                    self.leave();
                    return self.mk(ExprKind::Invalid, span);
                }
                PartPeek::EndCtrl(kind, span) => {
                    *pos += 1;
                    match kind {
                        EndKind::Else => self.err(
                            "Unexpected else directive",
                            "An else clause is not expected for a for directive.",
                            span,
                            None,
                        ),
                        EndKind::EndFor => {
                            endfor = span;
                            break;
                        }
                        EndKind::EndIf => self.error(
                            "Unexpected endif directive",
                            Detail::Ranged(
                                "Expecting an endfor directive corresponding to the for directive at ".into(),
                                open,
                                ".",
                            ),
                            span,
                            None,
                        ),
                    }
                    self.s_exprs.truncate(mark);
                    self.leave();
                    return self.mk(ExprKind::Invalid, span);
                }
                PartPeek::Other => {
                    let e = self.parse_tpart(pos);
                    self.s_exprs.push(e);
                }
            }
        }
        if self.s_exprs.len() == mark {
            let e = self.empty_string(open.end);
            self.s_exprs.push(e);
        }
        let content = self.branch_template(mark);
        let span = between(open, endfor);
        let done = self.done();
        super::room(&mut self.ast.fors, 1, done, self.src.len());
        let id = self.ast.push_for(ForExpr {
            key_var: key,
            value_var: value,
            collection: coll,
            key: None,
            value: content,
            condition: None,
            group: false,
            open,
            close: endfor,
        });
        let tuple = self.mk(ExprKind::For(id), span);
        self.leave();
        self.mk(ExprKind::TemplateJoin { tuple }, span)
    }
}

/// The grapheme clusters of white space that `line` starts with (`trimmed`
/// is the rest): the indentation of a line of a `<<-` heredoc.
fn indent_clusters(line: &str, trimmed: &str) -> usize {
    let space_bytes = line.len() - trimmed.len();
    line.get(..space_bytes).map_or(0, |s| {
        // Spaces and tabs are a grapheme cluster each.
        if s.bytes().all(|b| b == b' ' || b == b'\t') {
            s.len()
        } else {
            s.graphemes(true).count()
        }
    })
}

/// The bytes of the first `clusters` grapheme clusters of `line`, the
/// white space that a `<<-` heredoc removes.
fn indent_bytes(line: &str, clusters: usize) -> usize {
    let blanks = line
        .as_bytes()
        .get(..clusters)
        .is_some_and(|b| b.iter().all(|&b| b == b' ' || b == b'\t'));
    // Spaces and tabs are a grapheme cluster each, unless a combining mark
    // follows the last.
    if blanks && line.as_bytes().get(clusters).is_none_or(u8::is_ascii) {
        clusters
    } else {
        line.graphemes(true).take(clusters).map(str::len).sum()
    }
}
