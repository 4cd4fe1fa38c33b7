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
//!   stack, and no expression tree gets taller than the limit.
//!
//! Recovery follows Go's: after an error the parser enters "recovery mode"
//! (which stays on and silences most later complaints about unexpected
//! tokens, as Go's does) and skips to the end of the current bracket, body
//! item or line.
//!
//! [`ParseOptions::max_depth`]: super::file::ParseOptions::max_depth

mod expression;
mod structure;
mod template;
mod traversal;

use std::borrow::Cow;
use std::collections::VecDeque;

use crate::native::ast::{Ast, AttributeNode, BlockNode, ExprId, ExprKind, LabelNode, List, Step};
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
    /// The next token scanned and not yet read.
    next_raw: Token,
    /// Tokens scanned after `next_raw` (only when looking further ahead).
    la: VecDeque<Token>,
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
    /// The height of each expression node (for the nesting limit),
    /// saturating.
    heights: Vec<u16>,
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
        // typical configuration files (one expression every 16 to 20
        // bytes, one attribute every 50, ...), so that the vectors rarely
        // need to grow (growing copies, and briefly holds both copies).
        ast.exprs.reserve(n / 16 + 8);
        ast.expr_lists.reserve(n / 40 + 8);
        ast.steps.reserve(n / 28 + 8);
        ast.attributes.reserve(n / 48 + 4);
        ast.bodies.reserve(n / 200 + 2);
        ast.blocks.reserve(n / 200 + 2);
        ast.labels.reserve(n / 400 + 2);
        ast.numbers.reserve(n / 100 + 2);
        ast.fors.reserve(n / 1500 + 1);
        let mut lexer = Lexer::with_mode(src, mode, start);
        let next_raw = lexer.next_token();
        Parser {
            src,
            lexer,
            next_raw,
            la: VecDeque::new(),
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
            heights: Vec::with_capacity(n / 16 + 8),
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
        let seen_end = self.next_raw.kind == TokenKind::Eof
            || self.la.iter().any(|t| t.kind == TokenKind::Eof);
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
    #[inline]
    fn advance(&mut self) {
        self.next_raw = match self.la.pop_front() {
            Some(t) => t,
            None => self.lexer.next_token(),
        };
    }

    /// Whether a comment token ends with a newline (a line comment, which
    /// stands for a newline).
    #[inline]
    fn comment_ends_line(&self, t: Token) -> bool {
        t.span.end > t.span.start && self.src.get(t.span.end as usize - 1) == Some(&b'\n')
    }

    /// The next significant token (a line comment becomes a newline where
    /// newlines matter). Skipped tokens are dropped: nothing reads them
    /// later.
    #[inline]
    fn next_significant(&mut self) -> Token {
        loop {
            let t = self.next_raw;
            match t.kind {
                TokenKind::Comment => {
                    if self.include_newlines() && self.comment_ends_line(t) {
                        return Token {
                            kind: TokenKind::Newline,
                            span: t.span,
                        };
                    }
                }
                TokenKind::Newline if !self.include_newlines() => {}
                _ => return t,
            }
            self.advance();
        }
    }

    /// The next token, without consuming it.
    #[inline]
    pub(crate) fn peek(&mut self) -> Token {
        self.next_significant()
    }

    /// The next token that is not a newline or comment, without consuming
    /// anything (newlines stay for a later read that includes them).
    pub(crate) fn peek_past_newlines(&mut self) -> Token {
        let mut t = self.next_raw;
        let mut i = 0;
        while matches!(t.kind, TokenKind::Comment | TokenKind::Newline) {
            if i == self.la.len() {
                let next = self.lexer.next_token();
                self.la.push_back(next);
            }
            t = self.la[i];
            i += 1;
        }
        t
    }

    /// Consumes and returns the next token.
    #[inline]
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
        u32::from(self.heights.get(id.0 as usize).copied().unwrap_or(1))
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
            FunctionCall { args, .. } => self.list_height(*args),
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
    pub(crate) fn mk(&mut self, kind: ExprKind, span: Span) -> ExprId {
        let mut h = self.children_height(&kind) + 1;
        let mut kind = kind;
        if h > self.max_depth.clamp(1, u32::from(u16::MAX) - 1) {
            self.report_too_deep(span);
            kind = ExprKind::Invalid;
            h = 1;
        }
        self.heights.push(h.min(u32::from(u16::MAX)) as u16);
        self.ast.push_expr(kind, span)
    }

    /// Removes the node `id` if it is the last one made (a node that
    /// turned out not to be needed, such as a constant index key folded
    /// into a traversal step).
    pub(crate) fn discard_last(&mut self, id: ExprId) {
        if id.0 as usize + 1 == self.ast.exprs.len() && id.0 >= self.template_tree_start {
            self.ast.exprs.pop();
            self.heights.pop();
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
        let list = self.ast.push_expr_list(&self.s_exprs[mark..]);
        self.s_exprs.truncate(mark);
        list
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
        std::mem::take(&mut self.ast)
    }
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

/// Quotes a string as Go's `%q` does (for diagnostic details).
pub(crate) fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if is_go_printable(c) => out.push(c),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// An approximation of Go's `strconv.IsPrint`: letters, marks, numbers,
/// punctuation, symbols and the ASCII space.
fn is_go_printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    !matches!(
        c,
        '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}' | '\u{e000}'..='\u{f8ff}' | '\u{f0000}'..
    )
}
