//! The recursive-descent parser of the native syntax.
//!
//! It is a close port of the Go implementation's parser (`hclsyntax`
//! `parser.go`, `parser_template.go`, `parser_traversal.go`), so that the
//! trees, the source ranges and the diagnostics (summary, detail, subject
//! and context) are the same, including after errors. The differences are
//! in representation:
//!
//! - the tree is the arena of [`Ast`]: each node's children are built on a
//!   scratch stack and appended as one contiguous run when the node is
//!   finished;
//! - tokens are scanned on demand (see [`super::lexer`]), with a small
//!   look-ahead buffer standing for Go's token slice and "peeker";
//! - nesting is limited ([`ParseOptions::max_depth`]): recursion stops
//!   with one "Nesting too deep" diagnostic instead of exhausting the
//!   stack, and no expression tree gets taller than twice the limit (a
//!   nesting level makes one or two nodes; an operator chain one node per
//!   operator).
//!
//! Recovery follows Go's: after an error the parser enters "recovery mode"
//! (which stays on and silences most later complaints about unexpected
//! tokens, as Go's does) and skips to the end of the current bracket, body
//! item or line.
//!
//! [`ParseOptions::max_depth`]: super::file::ParseOptions::max_depth

mod entry;
mod expression;
mod structure;
mod template;
#[cfg(test)]
mod tests;
mod traversal;

pub use entry::{
    parse_config, parse_config_owned, parse_config_str, parse_expression, parse_template,
    parse_traversal_abs,
};

use std::borrow::Cow;
use std::collections::HashMap;

use crate::native::ast::{
    Ast, AttributeNode, BlockNode, ExprId, ExprKind, LabelNode, List, NumberId, Step,
};
use crate::native::lexer::{LexMode, Lexer, Token, TokenKind};
use crate::source::Span;

pub(crate) use template::TPart;
pub(crate) use traversal::{TraversalStep, TraversalStepKey};

/// The detail of a diagnostic, formatted once positions are known.
#[derive(Clone, Debug)]
pub(crate) enum Detail {
    /// Fixed text.
    Static(&'static str),
    /// Text made when the diagnostic was found.
    Owned(String),
    /// `prefix`, then the range of `span` written as Go writes a range
    /// (`file:1,2-3`), then `suffix`.
    Ranged(String, Span, &'static str),
}

/// A diagnostic with spans, turned into a [`crate::Diagnostic`] at the end
/// of the parse (when all positions are computed in one sweep).
#[derive(Clone, Debug)]
pub(crate) struct RawDiag {
    pub summary: Cow<'static, str>,
    pub detail: Detail,
    pub subject: Span,
    pub context: Option<Span>,
}

/// How many tokens the lexer scans at a time.
const TOKEN_BATCH: usize = 128;

/// Go's `hcl.RangeBetween`: from the start of `a` to the end of `b` (never
/// ending before it starts).
#[inline]
pub(crate) fn between(a: Span, b: Span) -> Span {
    Span::new(a.start, b.end.max(a.start))
}

/// The parser state: the token stream, the tree being built and the
/// diagnostics found.
#[derive(Debug)]
pub(crate) struct Parser<'a> {
    pub(crate) src: &'a [u8],
    lexer: Lexer<'a>,
    /// The next token scanned and not yet read (`toks[tok_pos]`).
    next_raw: Token,
    /// Tokens scanned ahead, in batches (scanning is independent of
    /// parsing, so the lexer runs ahead without a call per token): the
    /// first `toks_len` are valid.
    toks: Vec<Token>,
    toks_len: usize,
    /// The position of `next_raw` in `toks`.
    tok_pos: usize,
    /// Go's "include newlines" stack, and its top.
    nl_stack: Vec<bool>,
    include_nl: bool,
    /// The last token read (Go's `PrevRange`).
    prev: Option<Span>,
    /// Go's recovery mode: set after an error, never cleared.
    pub(crate) recovery: bool,
    pub(crate) ast: Ast,
    pub(crate) diags: Vec<RawDiag>,
    /// Errors found so far (including nesting-limit events, which are
    /// reported once but count every time).
    errors: u32,
    depth: u32,
    max_depth: u32,
    pub(crate) too_deep_reported: bool,
    /// The height of each expression node (for the nesting limit): one
    /// byte each, [`u8::MAX`] standing for a height found in `tall`.
    heights: Vec<u8>,
    tall: HashMap<u32, u16>,
    s_exprs: Vec<ExprId>,
    s_steps: Vec<Step>,
    s_attrs: Vec<AttributeNode>,
    s_blocks: Vec<BlockNode>,
    s_labels: Vec<LabelNode>,
    s_tparts: Vec<TPart>,
    s_open: Vec<TokenKind>,
    /// The first node made while turning the current template's parts
    /// into expressions.
    template_tree_start: u32,
}

impl<'a> Parser<'a> {
    /// A parser over `src`, scanning from byte `start` in the given mode.
    pub(crate) fn new(src: &'a [u8], mode: LexMode, start: usize, max_depth: usize) -> Parser<'a> {
        let n = src.len();
        let mut ast = Ast::default();
        // Presize the arena from the input length, at the densities of
        // Terraform-style configurations (measured on the benchmark's
        // generated corpus, plus a few percent: one expression every 18
        // bytes, one traversal step every 30, one attribute every 52, ...),
        // so that the vectors rarely need to grow. A denser input grows
        // them to the size its beginning predicts (see `room`), not by
        // doubling; a sparser one leaves part of the reservation untouched
        // (address space, not memory).
        // Items per 4 KiB of input.
        let per_4k = |k: usize| n / 4096 * k + (n % 4096) * k / 4096;
        ast.exprs.reserve_exact(per_4k(233) + 8);
        ast.expr_lists.reserve_exact(per_4k(97) + 8);
        ast.steps.reserve_exact(per_4k(141) + 8);
        ast.attributes.reserve_exact(per_4k(82) + 4);
        ast.bodies.reserve_exact(per_4k(18) + 2);
        ast.blocks.reserve_exact(per_4k(18) + 2);
        ast.labels.reserve_exact(per_4k(10) + 2);
        ast.numbers.reserve_exact(per_4k(35) + 2);
        ast.calls.reserve_exact(per_4k(7) + 1);
        ast.fors.reserve_exact(per_4k(2) + 1);
        let heights = Vec::with_capacity(ast.exprs.capacity());
        let mut lexer = Lexer::with_mode(src, mode, start).for_parser();
        let mut toks = vec![Token::default(); TOKEN_BATCH];
        let toks_len = lexer.fill(&mut toks);
        let next_raw = toks[0];
        Parser {
            src,
            lexer,
            next_raw,
            toks,
            toks_len,
            tok_pos: 0,
            nl_stack: vec![true],
            include_nl: true,
            prev: None,
            recovery: false,
            ast,
            diags: Vec::new(),
            errors: 0,
            depth: 0,
            max_depth: max_depth.min(u32::MAX as usize / 2) as u32,
            too_deep_reported: false,
            heights,
            tall: HashMap::new(),
            s_exprs: Vec::with_capacity(64),
            s_steps: Vec::with_capacity(32),
            s_attrs: Vec::with_capacity(32),
            s_blocks: Vec::with_capacity(16),
            s_labels: Vec::with_capacity(8),
            s_tparts: Vec::with_capacity(16),
            s_open: Vec::new(),
            template_tree_start: 0,
        }
    }

    /// Reads the rest of the input so that every lexical problem is
    /// reported (Go scans the whole input before parsing), and returns the
    /// lexer's diagnostics.
    pub(crate) fn finish_lexing(&mut self) -> Vec<crate::native::lexer::LexDiagnostic> {
        let seen_end = self.toks_len > 0 && self.toks[self.toks_len - 1].kind == TokenKind::Eof;
        if !seen_end {
            while self.lexer.next_token().kind != TokenKind::Eof {}
        }
        self.lexer.take_diagnostics()
    }

    // ----- token stream (Go's peeker) -----

    #[inline]
    fn include_newlines(&self) -> bool {
        self.include_nl
    }

    /// Go's `PushIncludeNewlines`.
    pub(crate) fn push_newlines(&mut self, include: bool) {
        self.nl_stack.push(include);
        self.include_nl = include;
    }

    /// Go's `PopIncludeNewlines`.
    pub(crate) fn pop_newlines(&mut self) {
        if self.nl_stack.len() > 1 {
            self.nl_stack.pop();
        }
        self.include_nl = self.nl_stack.last().copied().unwrap_or(true);
    }

    /// Moves past the next raw token.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn advance(&mut self) {
        self.tok_pos += 1;
        if self.tok_pos >= self.toks_len {
            self.refill();
        }
        self.next_raw = self.toks[self.tok_pos];
    }

    /// Scans the next batch of tokens after those not yet read (moved to
    /// the front).
    #[inline(never)]
    fn refill(&mut self) {
        let keep = self.tok_pos.min(self.toks_len);
        self.toks.copy_within(keep..self.toks_len, 0);
        self.toks_len -= keep;
        self.tok_pos -= keep;
        if self.toks.len() < self.toks_len + TOKEN_BATCH {
            self.toks
                .resize(self.toks_len + TOKEN_BATCH, Token::default());
        }
        self.toks_len += self.lexer.fill(&mut self.toks[self.toks_len..]);
    }

    /// The next significant token: newlines (line comments among them,
    /// see [`Lexer::for_parser`]) are skipped where they do not
    /// matter. Skipped tokens are dropped: nothing reads them later.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn next_significant(&mut self) -> Token {
        loop {
            let t = self.next_raw;
            if t.kind != TokenKind::Newline || self.include_newlines() {
                return t;
            }
            self.advance();
        }
    }

    /// The next token, without consuming it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn peek(&mut self) -> Token {
        self.next_significant()
    }

    /// The next token that is not a newline or comment, without consuming
    /// anything (newlines stay for a later read that includes them).
    pub(crate) fn peek_past_newlines(&mut self) -> Token {
        let mut i = self.tok_pos;
        loop {
            if i >= self.toks_len {
                let before = self.tok_pos;
                self.refill();
                i -= before - self.tok_pos;
            }
            let t = self.toks[i];
            if t.kind != TokenKind::Newline {
                return t;
            }
            i += 1;
        }
    }

    /// Consumes the token `t` that [`Parser::peek`] just returned (as
    /// [`Parser::read`] would, without looking for it again). Nothing may
    /// have moved the stream or changed the newline mode since the peek.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn bump(&mut self, t: Token) {
        if t.kind != TokenKind::Eof {
            self.advance();
        }
        self.prev = Some(t.span);
    }

    /// Consumes and returns the next token.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn read(&mut self) -> Token {
        let t = self.next_significant();
        if t.kind != TokenKind::Eof {
            self.advance();
        }
        self.prev = Some(t.span);
        t
    }

    /// The span of the next token.
    #[inline]
    pub(crate) fn next_span(&mut self) -> Span {
        self.peek().span
    }

    /// The span of the last token read (of the next one before any read).
    pub(crate) fn prev_span(&mut self) -> Span {
        match self.prev {
            Some(s) => s,
            None => self.next_span(),
        }
    }

    /// The bytes of a span.
    #[inline]
    pub(crate) fn bytes(&self, span: Span) -> &'a [u8] {
        self.src
            .get(span.start as usize..span.end as usize)
            .unwrap_or(&[])
    }

    /// The text of a span (empty if it is not valid UTF-8, which spans of
    /// identifiers and literals never are).
    #[inline]
    pub(crate) fn text(&self, span: Span) -> &'a str {
        std::str::from_utf8(self.bytes(span)).unwrap_or("")
    }

    /// Whether `t` is the identifier `kw`.
    #[inline]
    pub(crate) fn is_keyword(&self, t: Token, kw: &str) -> bool {
        t.kind == TokenKind::Ident && self.bytes(t.span) == kw.as_bytes()
    }

    // ----- recovery -----

    /// Go's `setRecovery`.
    #[inline]
    pub(crate) fn set_recovery(&mut self) {
        self.recovery = true;
    }

    /// Go's `recover`: skips to the token `end` (counting nested brackets
    /// of its kind) and returns it, or the end of the input.
    pub(crate) fn recover(&mut self, end: TokenKind) -> Token {
        let start = opposite_bracket(end);
        self.recovery = true;
        let mut nest = 0u32;
        loop {
            let t = self.read();
            let mut ty = t.kind;
            if end == TokenKind::TemplateSeqEnd && ty == TokenKind::TemplateControl {
                ty = TokenKind::TemplateInterp;
            }
            if ty == start && start != TokenKind::Nil {
                nest += 1;
            } else if ty == end {
                if nest < 1 {
                    return t;
                }
                nest -= 1;
            } else if ty == TokenKind::Eof {
                return t;
            }
        }
    }

    /// Go's `recoverAfterBodyItem`: skips to the next newline outside any
    /// bracket.
    pub(crate) fn recover_after_body_item(&mut self) {
        use TokenKind::*;
        self.recovery = true;
        let mark = self.s_open.len();
        loop {
            let t = self.read();
            match t.kind {
                Newline if self.s_open.len() == mark => break,
                Eof => break,
                OBrace | OBrack | OParen | OQuote | OHeredoc | TemplateInterp | TemplateControl => {
                    self.s_open.push(t.kind);
                }
                CBrace | CBrack | CParen | CQuote | CHeredoc => {
                    let opener = opposite_bracket(t.kind);
                    while self.s_open.len() > mark && self.s_open.last() != Some(&opener) {
                        self.s_open.pop();
                    }
                    if self.s_open.len() > mark {
                        self.s_open.pop();
                    }
                }
                TemplateSeqEnd => {
                    while self.s_open.len() > mark
                        && !matches!(self.s_open.last(), Some(TemplateInterp | TemplateControl))
                    {
                        self.s_open.pop();
                    }
                    if self.s_open.len() > mark {
                        self.s_open.pop();
                    }
                }
                _ => {}
            }
        }
        self.s_open.truncate(mark);
    }

    // ----- diagnostics -----

    /// Reports an error.
    pub(crate) fn error(
        &mut self,
        summary: impl Into<Cow<'static, str>>,
        detail: Detail,
        subject: Span,
        context: Option<Span>,
    ) {
        self.errors += 1;
        self.diags.push(RawDiag {
            summary: summary.into(),
            detail,
            subject,
            context,
        });
    }

    /// Reports an error with a fixed detail.
    #[inline]
    pub(crate) fn err(
        &mut self,
        summary: &'static str,
        detail: &'static str,
        subject: Span,
        context: Option<Span>,
    ) {
        self.error(summary, Detail::Static(detail), subject, context);
    }

    /// A mark for [`Parser::errors_since`].
    #[inline]
    pub(crate) fn error_mark(&self) -> u32 {
        self.errors
    }

    /// Whether errors were found since `mark`.
    #[inline]
    pub(crate) fn errors_since(&self, mark: u32) -> bool {
        self.errors > mark
    }

    /// Whether recovery mode is on and errors were found since `mark`
    /// (Go's `p.recovery && diags.HasErrors()`).
    #[inline]
    pub(crate) fn recovering_since(&self, mark: u32) -> bool {
        self.recovery && self.errors > mark
    }

    // ----- nesting limit -----

    /// Enters one level of nesting, or reports that the limit is reached
    /// (and returns false).
    pub(crate) fn enter(&mut self, at: Span) -> bool {
        if self.depth >= self.max_depth {
            self.too_deep(at);
            return false;
        }
        self.depth += 1;
        true
    }

    /// Leaves a level entered with [`Parser::enter`].
    #[inline]
    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Reports (once) that nesting is too deep, and enters recovery mode.
    pub(crate) fn too_deep(&mut self, at: Span) {
        self.errors += 1;
        self.recovery = true;
        self.report_too_deep(at);
    }

    fn report_too_deep(&mut self, at: Span) {
        if self.too_deep_reported {
            return;
        }
        self.too_deep_reported = true;
        self.diags.push(RawDiag {
            summary: Cow::Borrowed("Nesting too deep"),
            detail: Detail::Owned(format!(
                "Brackets, braces, parentheses, blocks, templates and operators may be nested at most {} levels deep.",
                self.max_depth
            )),
            subject: at,
            context: None,
        });
    }

    // ----- tree building -----

    fn height(&self, id: ExprId) -> u32 {
        match self.heights.get(id.0 as usize) {
            Some(&u8::MAX) => self.tall.get(&id.0).map_or(1, |&h| u32::from(h)),
            Some(&h) => u32::from(h),
            None => 1,
        }
    }

    fn list_height(&self, list: List) -> u32 {
        self.ast.expr_lists.get(list.range()).map_or(0, |ids| {
            ids.iter().map(|&id| self.height(id)).max().unwrap_or(0)
        })
    }

    fn children_height(&self, kind: &ExprKind) -> u32 {
        use ExprKind::*;
        match kind {
            Number(_)
            | Bool(_)
            | Null
            | String(_)
            | ScopeTraversal { .. }
            | AnonSymbol
            | Invalid => 0,
            Template { parts } => self.list_height(*parts),
            TemplateWrap { inner } | Parens { inner } => self.height(*inner),
            TemplateJoin { tuple } => self.height(*tuple),
            ObjectKey { wrapped, .. } => self.height(*wrapped),
            Unary { operand, .. } => self.height(*operand),
            RelativeTraversal { source, .. } => self.height(*source),
            FunctionCall(id) => self.list_height(self.ast.call(*id).args),
            Conditional {
                condition,
                true_result,
                false_result,
            } => self
                .height(*condition)
                .max(self.height(*true_result))
                .max(self.height(*false_result)),
            Binary { lhs, rhs, .. } => self.height(*lhs).max(self.height(*rhs)),
            Tuple { elements, .. } => self.list_height(*elements),
            Object { items, .. } => self.list_height(*items),
            For(id) => {
                let f = self.ast.for_expr(*id);
                let mut h = self.height(f.collection).max(self.height(f.value));
                if let Some(k) = f.key {
                    h = h.max(self.height(k));
                }
                if let Some(c) = f.condition {
                    h = h.max(self.height(c));
                }
                h
            }
            Index {
                collection, key, ..
            } => self.height(*collection).max(self.height(*key)),
            Splat { source, each, .. } => self.height(*source).max(self.height(*each)),
        }
    }

    /// Adds an expression node. A node that would make the tree taller
    /// than the nesting limit becomes [`ExprKind::Invalid`] (reported once).
    #[inline]
    pub(crate) fn mk(&mut self, kind: ExprKind, span: Span) -> ExprId {
        use ExprKind::*;
        let done = self.done();
        room(&mut self.ast.exprs, 1, done, self.src.len());
        room(&mut self.heights, 1, done, self.src.len());
        if matches!(
            kind,
            Number(_) | Bool(_) | Null | String(_) | ScopeTraversal { .. } | AnonSymbol | Invalid
        ) {
            // A leaf: height 1, always within the limit.
            self.heights.push(1);
            return self.ast.push_expr(kind, span);
        }
        self.mk_node(kind, span)
    }

    /// How far the parse has come (where the next token starts), to
    /// project the final size of the arenas.
    #[inline]
    pub(crate) fn done(&self) -> usize {
        self.next_raw.span.start as usize
    }

    /// Stores a number.
    pub(crate) fn push_number(&mut self, n: crate::number::Number) -> NumberId {
        let done = self.done();
        room(&mut self.ast.numbers, 1, done, self.src.len());
        self.ast.push_number(n)
    }

    /// Stores a run of traversal steps from the scratch stack.
    pub(crate) fn take_steps(&mut self, mark: usize) -> List {
        let mark = mark.min(self.s_steps.len());
        let done = self.done();
        room(
            &mut self.ast.steps,
            self.s_steps.len() - mark,
            done,
            self.src.len(),
        );
        let start = self.ast.steps.len() as u32;
        // Runs are short: a loop, not a call to `memcpy`.
        for step in self.s_steps.drain(mark..) {
            self.ast.steps.push(step);
        }
        List {
            start,
            len: self.ast.steps.len() as u32 - start,
        }
    }

    /// [`Parser::mk`] for a node with children.
    #[inline(never)]
    fn mk_node(&mut self, kind: ExprKind, span: Span) -> ExprId {
        let mut h = self.children_height(&kind) + 1;
        let mut kind = kind;
        // A nesting level makes one or two nodes (a template `%{if}` is a
        // conditional and a template), so trees may be twice as tall as
        // the nesting limit; the evaluator's bound is the same.
        if h > (2 * self.max_depth).clamp(1, u32::from(u16::MAX) - 1) {
            self.report_too_deep(span);
            kind = ExprKind::Invalid;
            h = 1;
        }
        let id = self.ast.push_expr(kind, span);
        if h >= u32::from(u8::MAX) {
            self.heights.push(u8::MAX);
            self.tall.insert(id.0, h.min(u32::from(u16::MAX)) as u16);
        } else {
            self.heights.push(h as u8);
        }
        id
    }

    /// Removes the node `id` if it is the last one made (a node that
    /// turned out not to be needed, such as a constant index key folded
    /// into a traversal step).
    pub(crate) fn discard_last(&mut self, id: ExprId) {
        if id.0 as usize + 1 == self.ast.exprs.len() && id.0 >= self.template_tree_start {
            self.ast.exprs.pop();
            self.heights.pop();
            self.tall.remove(&id.0);
        }
    }

    /// The span of an expression node.
    #[inline]
    pub(crate) fn span_of(&self, id: ExprId) -> Span {
        self.ast
            .exprs
            .get(id.0 as usize)
            .map_or(Span::default(), |e| e.span)
    }

    /// Pushes the scratch expressions from `mark` as one run.
    pub(crate) fn take_exprs(&mut self, mark: usize) -> List {
        let mark = mark.min(self.s_exprs.len());
        let done = self.done();
        room(
            &mut self.ast.expr_lists,
            self.s_exprs.len() - mark,
            done,
            self.src.len(),
        );
        let start = self.ast.expr_lists.len() as u32;
        // Runs are short: a loop, not a call to `memcpy`.
        for &id in &self.s_exprs[mark..] {
            self.ast.expr_lists.push(id);
        }
        self.s_exprs.truncate(mark);
        List {
            start,
            len: self.ast.expr_lists.len() as u32 - start,
        }
    }

    /// Finishes the parse: the tree. Vectors presized far beyond what the
    /// input needed are shrunk (a nearly empty file keeps no large arena).
    pub(crate) fn into_ast(mut self) -> Ast {
        fn fit<T>(v: &mut Vec<T>) {
            if v.len() < v.capacity() / 2 {
                v.shrink_to_fit();
            }
        }
        self.heights = Vec::new();
        let ast = &mut self.ast;
        fit(&mut ast.exprs);
        fit(&mut ast.expr_lists);
        fit(&mut ast.steps);
        fit(&mut ast.attributes);
        fit(&mut ast.bodies);
        fit(&mut ast.blocks);
        fit(&mut ast.labels);
        fit(&mut ast.numbers);
        fit(&mut ast.fors);
        fit(&mut ast.calls);
        std::mem::take(&mut self.ast)
    }
}

/// Makes room for `extra` more items in an arena vector. One that is full
/// grows to the size that the part of the input parsed so far (`done` of
/// `total` bytes) predicts for the whole input, with a margin, rather than
/// doubling: arenas end close to their final size, and a big one is
/// copied once, not at every doubling.
#[inline]
pub(crate) fn room<T>(v: &mut Vec<T>, extra: usize, done: usize, total: usize) {
    if v.capacity() - v.len() < extra {
        grow(v, extra, done, total);
    }
}

#[cold]
#[inline(never)]
fn grow<T>(v: &mut Vec<T>, extra: usize, done: usize, total: usize) {
    let len = v.len() as u64;
    let projected = len.saturating_mul(total as u64) / (done.max(1) as u64);
    // A 1/8 margin over the projection, and at least a quarter more than
    // now, so that growing stays amortized near the end of the input.
    let target = projected
        .saturating_add(projected / 8)
        .max(len + len / 4 + 16)
        .max(len + extra as u64);
    v.reserve_exact(usize::try_from(target - len).unwrap_or(extra));
}

/// Go's `oppositeBracket`.
pub(crate) fn opposite_bracket(ty: TokenKind) -> TokenKind {
    use TokenKind::*;
    match ty {
        OBrace => CBrace,
        OBrack => CBrack,
        OParen => CParen,
        OQuote => CQuote,
        OHeredoc => CHeredoc,
        CBrace => OBrace,
        CBrack => OBrack,
        CParen => OParen,
        CQuote => OQuote,
        CHeredoc => OHeredoc,
        TemplateControl | TemplateInterp => TemplateSeqEnd,
        TemplateSeqEnd => TemplateInterp,
        _ => Nil,
    }
}
