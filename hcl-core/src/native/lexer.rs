//! The lexer of the native syntax: a streaming, zero-copy scanner over the
//! source bytes that produces [`Token`]s (a kind and a byte [`Span`]) on
//! demand.
//!
//! It reproduces the token stream of the Go implementation's scanner
//! (`hclsyntax/scan_tokens.rl`), including its quirks, because the parser's
//! diagnostics and the shape of templates depend on it:
//!
//! - the scanner is modal: normal code, quoted templates (`"..."`),
//!   heredoc templates (`<<EOT`) and bare templates (a whole standalone
//!   template) each have their own rules, and `${`/`%{` sequences nest
//!   normal code inside templates up to the matching `}`;
//! - template literals are split where Go splits them (a lone `$` or `%`
//!   is its own literal token, and so is an escaped `$${`/`%%{`);
//! - line comments include their terminating newline (the parser turns
//!   them back into newlines where newlines matter);
//! - every byte that is not part of a valid UTF-8 sequence becomes its own
//!   one-byte [`TokenKind::BadUtf8`] token, so byte offsets are preserved.
//!
//! The problems that Go's `checkInvalidTokens` reports (invalid characters,
//! bad encodings, bitwise operators, ...) are collected by the lexer as it
//! goes, with Go's limits on repetition.
//!
//! ```
//! // The lexer is private; the formatter's token list shows its tokens.
//! use hcl_core::format::tokens::{TokenKind, Tokens};
//!
//! let tokens = Tokens::lex(b"a = \"x${b}\"\n");
//! let kinds: Vec<TokenKind> = tokens.iter().map(|t| t.kind).filter(|k| *k != TokenKind::Eof).collect();
//! assert_eq!(
//!     kinds,
//!     [
//!         TokenKind::Ident,
//!         TokenKind::Equal,
//!         TokenKind::OQuote,
//!         TokenKind::QuotedLit,
//!         TokenKind::TemplateInterp,
//!         TokenKind::Ident,
//!         TokenKind::TemplateSeqEnd,
//!         TokenKind::CQuote,
//!         TokenKind::Newline,
//!     ]
//! );
//! ```

use crate::source::Span;

/// The kinds of token, after the Go implementation's `TokenType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum TokenKind {
    /// `{`
    OBrace,
    /// `}`
    CBrace,
    /// `[`
    OBrack,
    /// `]`
    CBrack,
    /// `(`
    OParen,
    /// `)`
    CParen,
    /// The `"` opening a quoted template.
    OQuote,
    /// The `"` closing a quoted template.
    CQuote,
    /// `<<EOT` or `<<-EOT` and the newline after it.
    OHeredoc,
    /// The closing marker line of a heredoc (without its newline).
    CHeredoc,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `%`
    Percent,
    /// `=`
    Equal,
    /// `==`
    EqualOp,
    /// `!=`
    NotEqual,
    /// `<`
    LessThan,
    /// `<=`
    LessThanEq,
    /// `>`
    GreaterThan,
    /// `>=`
    GreaterThanEq,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `!`
    Bang,
    /// `.`
    Dot,
    /// `,`
    Comma,
    /// `...`
    Ellipsis,
    /// `=>`
    FatArrow,
    /// `?`
    Question,
    /// `:`
    Colon,
    /// `${` or `${~`
    TemplateInterp,
    /// `%{` or `%{~`
    TemplateControl,
    /// The `}` or `~}` closing a template sequence.
    TemplateSeqEnd,
    /// Literal text of a quoted template (may contain backslash escapes).
    QuotedLit,
    /// Literal text of a heredoc or bare template (no escapes).
    StringLit,
    /// A numeric literal.
    NumberLit,
    /// An identifier (or keyword).
    Ident,
    /// A comment; a line comment includes its newline.
    Comment,
    /// A newline (`\n` or `\r\n`).
    Newline,
    /// The end of the input (always the last token, empty).
    Eof,
    /// `&`
    BitwiseAnd,
    /// `|`
    BitwiseOr,
    /// `~`
    BitwiseNot,
    /// `^`
    BitwiseXor,
    /// `**` (never produced: kept for parity with Go's token set)
    StarStar,
    /// `'`
    Apostrophe,
    /// `` ` ``
    Backtick,
    /// `;`
    Semicolon,
    /// Tabs (never produced: tabs are whitespace)
    Tabs,
    /// A character that is not used in the language.
    Invalid,
    /// A byte that is not part of a valid UTF-8 sequence.
    BadUtf8,
    /// A newline inside a quoted template.
    QuotedNewline,
    /// No token (used as "no opposite bracket").
    Nil,
}

impl TokenKind {
    /// The name of the corresponding Go token type (`TokenIdent`, ...),
    /// for comparisons with the Go implementation.
    pub fn go_name(self) -> &'static str {
        use TokenKind::*;
        match self {
            OBrace => "TokenOBrace",
            CBrace => "TokenCBrace",
            OBrack => "TokenOBrack",
            CBrack => "TokenCBrack",
            OParen => "TokenOParen",
            CParen => "TokenCParen",
            OQuote => "TokenOQuote",
            CQuote => "TokenCQuote",
            OHeredoc => "TokenOHeredoc",
            CHeredoc => "TokenCHeredoc",
            Star => "TokenStar",
            Slash => "TokenSlash",
            Plus => "TokenPlus",
            Minus => "TokenMinus",
            Percent => "TokenPercent",
            Equal => "TokenEqual",
            EqualOp => "TokenEqualOp",
            NotEqual => "TokenNotEqual",
            LessThan => "TokenLessThan",
            LessThanEq => "TokenLessThanEq",
            GreaterThan => "TokenGreaterThan",
            GreaterThanEq => "TokenGreaterThanEq",
            And => "TokenAnd",
            Or => "TokenOr",
            Bang => "TokenBang",
            Dot => "TokenDot",
            Comma => "TokenComma",
            Ellipsis => "TokenEllipsis",
            FatArrow => "TokenFatArrow",
            Question => "TokenQuestion",
            Colon => "TokenColon",
            TemplateInterp => "TokenTemplateInterp",
            TemplateControl => "TokenTemplateControl",
            TemplateSeqEnd => "TokenTemplateSeqEnd",
            QuotedLit => "TokenQuotedLit",
            StringLit => "TokenStringLit",
            NumberLit => "TokenNumberLit",
            Ident => "TokenIdent",
            Comment => "TokenComment",
            Newline => "TokenNewline",
            Eof => "TokenEOF",
            BitwiseAnd => "TokenBitwiseAnd",
            BitwiseOr => "TokenBitwiseOr",
            BitwiseNot => "TokenBitwiseNot",
            BitwiseXor => "TokenBitwiseXor",
            StarStar => "TokenStarStar",
            Apostrophe => "TokenApostrophe",
            Backtick => "TokenBacktick",
            Semicolon => "TokenSemicolon",
            Tabs => "TokenTabs",
            Invalid => "TokenInvalid",
            BadUtf8 => "TokenBadUTF8",
            QuotedNewline => "TokenQuotedNewline",
            Nil => "TokenNil",
        }
    }
}

/// One token: its kind and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Its bytes.
    pub span: Span,
}

impl Default for Token {
    /// An end token at offset 0.
    fn default() -> Token {
        Token {
            kind: TokenKind::Eof,
            span: Span::default(),
        }
    }
}

/// What to scan the input as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LexMode {
    /// A configuration file or an expression.
    Normal,
    /// A standalone template: literal text with `${...}` and `%{...}`.
    Template,
}

/// A problem found by the lexer (Go's `checkInvalidTokens`): a summary,
/// a detail and the token's span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexDiagnostic {
    /// The summary, as Go writes it.
    pub summary: &'static str,
    /// The detail, as Go writes it.
    pub detail: &'static str,
    /// The offending token.
    pub span: Span,
    /// [`DiagnosticKind::InvalidEncoding`](crate::DiagnosticKind::InvalidEncoding) or
    /// [`DiagnosticKind::Lexical`](crate::DiagnosticKind::Lexical).
    pub kind: crate::DiagnosticKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Main,
    Quoted,
    Heredoc,
    Bare,
}

#[derive(Clone, Copy, Debug)]
struct Heredoc {
    marker_start: u32,
    marker_end: u32,
    start_of_line: bool,
}

/// The streaming scanner. Call [`Lexer::next_token`] until it returns a
/// [`TokenKind::Eof`] token (it keeps returning that token afterwards).
#[derive(Debug)]
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// The scanner's mode stack (Go's ragel call stack).
    modes: Vec<Mode>,
    /// The top of `modes` ([`Mode::Main`] when it is empty).
    mode: Mode,
    braces: i64,
    ret_braces: Vec<i64>,
    heredocs: Vec<Heredoc>,
    queued: Option<Token>,
    /// Where scanning must take the slow path: the end of the input, or 0
    /// while a token is queued. (Once the scanner hits input it cannot
    /// match, the rest of the input is one token and it is at the end.)
    limit: usize,
    /// Whether comments are read as the parser reads them.
    comments_as_newlines: bool,
    diags: Vec<LexDiagnostic>,
    told_bitwise: u32,
    told_backtick: u32,
    told_apostrophe: u32,
    told_semicolon: u32,
    told_bad_utf8: u32,
}

const DETAIL_INVALID_CHAR: &str = "This character is not used within the language.";
const DETAIL_BAD_UTF8: &str =
    "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.";

impl<'a> Lexer<'a> {
    /// A lexer for a configuration file or expression, from the start of
    /// `src`.
    pub fn new(src: &'a [u8]) -> Lexer<'a> {
        Lexer::with_mode(src, LexMode::Normal, 0)
    }

    /// A lexer in the given mode, starting at byte `start` of `src` (the
    /// bytes before it are skipped, spans stay relative to `src`).
    pub fn with_mode(src: &'a [u8], mode: LexMode, start: usize) -> Lexer<'a> {
        let mode = match mode {
            LexMode::Normal => Mode::Main,
            LexMode::Template => Mode::Bare,
        };
        let mut modes = Vec::with_capacity(8);
        modes.push(mode);
        Lexer {
            src,
            pos: start.min(src.len()),
            modes,
            mode,
            braces: 0,
            ret_braces: Vec::new(),
            heredocs: Vec::new(),
            queued: None,
            limit: src.len(),
            comments_as_newlines: false,
            diags: Vec::new(),
            told_bitwise: 0,
            told_backtick: 0,
            told_apostrophe: 0,
            told_semicolon: 0,
            told_bad_utf8: 0,
        }
    }

    /// Takes the problems found so far.
    pub fn take_diagnostics(&mut self) -> Vec<LexDiagnostic> {
        std::mem::take(&mut self.diags)
    }

    #[inline]
    fn at(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    #[inline]
    fn has(&self, i: usize) -> bool {
        i < self.src.len()
    }

    #[inline]
    fn tok(&mut self, kind: TokenKind, start: usize, end: usize) -> Token {
        use TokenKind::*;
        self.pos = end;
        let t = Token {
            kind,
            span: Span::new(start as u32, end as u32),
        };
        if matches!(
            kind,
            BitwiseAnd
                | BitwiseOr
                | BitwiseXor
                | BitwiseNot
                | Backtick
                | Apostrophe
                | Semicolon
                | BadUtf8
                | QuotedNewline
                | Invalid
        ) {
            self.check(t);
        }
        t
    }

    /// Go's `checkInvalidTokens`, applied to each token as it is made.
    #[cold]
    fn check(&mut self, t: Token) {
        use TokenKind::*;
        let (summary, detail) = match t.kind {
            BitwiseAnd | BitwiseOr | BitwiseXor | BitwiseNot => {
                if self.told_bitwise >= 4 {
                    return;
                }
                self.told_bitwise += 1;
                (
                    "Unsupported operator",
                    match t.kind {
                        BitwiseAnd => {
                            "Bitwise operators are not supported. Did you mean boolean AND (\"&&\")?"
                        }
                        BitwiseOr => {
                            "Bitwise operators are not supported. Did you mean boolean OR (\"||\")?"
                        }
                        BitwiseNot => {
                            "Bitwise operators are not supported. Did you mean boolean NOT (\"!\")?"
                        }
                        _ => "Bitwise operators are not supported.",
                    },
                )
            }
            Backtick => {
                let tell = self.told_backtick.is_multiple_of(2);
                if self.told_backtick <= 2 {
                    self.told_backtick += 1;
                }
                if !tell {
                    return;
                }
                (
                    "Invalid character",
                    "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".",
                )
            }
            Apostrophe => {
                let tell = self.told_apostrophe.is_multiple_of(2);
                if self.told_apostrophe <= 2 {
                    self.told_apostrophe += 1;
                }
                if !tell {
                    return;
                }
                (
                    "Invalid character",
                    "Single quotes are not valid. Use double quotes (\") to enclose strings.",
                )
            }
            Semicolon => {
                if self.told_semicolon >= 1 {
                    return;
                }
                self.told_semicolon += 1;
                (
                    "Invalid character",
                    "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.",
                )
            }
            BadUtf8 => {
                if self.told_bad_utf8 >= 1 {
                    return;
                }
                self.told_bad_utf8 += 1;
                ("Invalid character encoding", DETAIL_BAD_UTF8)
            }
            QuotedNewline => (
                "Invalid multi-line string",
                "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
            ),
            Invalid => {
                let bytes = self
                    .src
                    .get(t.span.start as usize..t.span.end as usize)
                    .unwrap_or(&[]);
                if bytes == "\u{201c}".as_bytes() || bytes == "\u{201d}".as_bytes() {
                    (
                        "Invalid character",
                        "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".",
                    )
                } else {
                    ("Invalid character", DETAIL_INVALID_CHAR)
                }
            }
            _ => return,
        };
        let kind = if t.kind == BadUtf8 {
            crate::DiagnosticKind::InvalidEncoding
        } else {
            crate::DiagnosticKind::Lexical
        };
        self.diags.push(LexDiagnostic {
            summary,
            detail,
            span: t.span,
            kind,
        });
    }

    /// Reports an invalid byte that Go's scanner would have swallowed
    /// silently (inside a comment, or in the rest of the input after the
    /// scanner stopped): the spec makes invalid UTF-8 an error wherever it
    /// appears.
    fn check_comment_bytes(&mut self, start: usize, end: usize) {
        if self.told_bad_utf8 >= 1 {
            return;
        }
        let bytes = self.src.get(start..end).unwrap_or(&[]);
        if bytes.is_ascii() {
            return;
        }
        if let Err(e) = std::str::from_utf8(bytes) {
            let at = start + e.valid_up_to();
            self.told_bad_utf8 += 1;
            self.diags.push(LexDiagnostic {
                summary: "Invalid character encoding",
                detail: DETAIL_BAD_UTF8,
                span: Span::new(at as u32, at as u32 + 1),
                kind: crate::DiagnosticKind::InvalidEncoding,
            });
        }
    }

    /// The next token. After the end of the input, keeps returning the
    /// [`TokenKind::Eof`] token.
    pub fn next_token(&mut self) -> Token {
        self.next_token_inline()
    }

    #[inline(always)]
    fn next_token_inline(&mut self) -> Token {
        if self.pos >= self.limit {
            return self.next_special();
        }
        match self.mode {
            Mode::Main => self.scan_main(),
            Mode::Quoted => self.scan_quoted(),
            Mode::Heredoc => self.scan_heredoc(),
            Mode::Bare => self.scan_bare(),
        }
    }

    /// Scans tokens into `out` until it is full or the end of the input
    /// is reached (the end token included), and returns how many it wrote.
    /// Scanning in batches saves a call per token.
    pub fn fill(&mut self, out: &mut [Token]) -> usize {
        for (n, slot) in out.iter_mut().enumerate() {
            let fast = match self.mode {
                Mode::Main => self.fast_main_token(),
                Mode::Quoted => self.fast_quoted_token(),
                _ => None,
            };
            if let Some(t) = fast {
                *slot = t;
                continue;
            }
            let t = self.next_token();
            *slot = t;
            if t.kind == TokenKind::Eof {
                return n + 1;
            }
        }
        out.len()
    }

    /// The next token in [`Mode::Main`] when it is one of the common ones
    /// that need no state and little look-ahead (identifiers, numbers,
    /// single-byte punctuation, `=`, `.`, `{`), scanned without the
    /// general machinery; `None` for anything else (left to
    /// [`Lexer::next_token`], from the first non-blank byte).
    #[inline(always)]
    fn fast_main_token(&mut self) -> Option<Token> {
        use TokenKind::*;
        let src = self.src;
        let mut i = self.pos;
        if i >= self.limit {
            return None;
        }
        let mut b = src[i];
        if b == b' ' || b == b'\t' {
            i = skip_blanks(src, i);
            self.pos = i;
            b = *src.get(i)?;
        }
        let (kind, end) = match FAST_MAIN[b as usize] {
            Fast::Ident => {
                let end = ascii_ident_end(src, i + 1);
                if src.get(end).is_some_and(|&b| b >= 0x80) {
                    return None;
                }
                (Ident, end)
            }
            Fast::Digit => (NumberLit, self.number_end(i)),
            Fast::Single => (FAST_SINGLE[b as usize], i + 1),
            Fast::Equal => match src.get(i + 1) {
                Some(b'=' | b'>') => return None,
                _ => (Equal, i + 1),
            },
            Fast::Dot => {
                if src.get(i + 1) == Some(&b'.') && src.get(i + 2) == Some(&b'.') {
                    return None;
                }
                (Dot, i + 1)
            }
            Fast::OBrace => {
                self.braces += 1;
                (OBrace, i + 1)
            }
            Fast::CBrace => {
                if self.ret_braces.last() == Some(&self.braces) {
                    return None;
                }
                self.braces -= 1;
                (CBrace, i + 1)
            }
            Fast::OQuote => {
                self.push_mode(Mode::Quoted);
                (OQuote, i + 1)
            }
            Fast::Slow => return None,
        };
        self.pos = end;
        Some(Token {
            kind,
            span: Span::new(i as u32, end as u32),
        })
    }

    /// The next token in [`Mode::Quoted`] when it is the closing quote or
    /// literal text without escapes or non-ASCII characters; `None` for
    /// anything else (left to [`Lexer::next_token`]).
    #[inline(always)]
    fn fast_quoted_token(&mut self) -> Option<Token> {
        let src = self.src;
        let start = self.pos;
        if start >= self.limit {
            return None;
        }
        let (kind, end) = if src[start] == b'"' {
            self.pop_mode();
            (TokenKind::CQuote, start + 1)
        } else {
            let end = plain_quoted_end(src, start);
            if end == start || matches!(src.get(end), Some(b'\\' | 0x80..)) {
                return None;
            }
            (TokenKind::QuotedLit, end)
        };
        self.pos = end;
        Some(Token {
            kind,
            span: Span::new(start as u32, end as u32),
        })
    }

    /// This lexer as the parser reads tokens: a comment that ends with a
    /// newline (a line comment) is a [`TokenKind::Newline`] token with the
    /// comment's span (it stands for the newline), and any other comment
    /// is left out (it is never significant).
    pub(crate) fn for_parser(mut self) -> Lexer<'a> {
        self.comments_as_newlines = true;
        self
    }

    /// A comment from `start` to `end`: a comment token, or as the parser
    /// reads it (see [`Lexer::for_parser`]).
    fn comment(&mut self, start: usize, end: usize) -> Token {
        if !self.comments_as_newlines {
            return self.tok(TokenKind::Comment, start, end);
        }
        if end > start && self.src.get(end - 1) == Some(&b'\n') {
            return self.tok(TokenKind::Newline, start, end);
        }
        self.pos = end;
        self.next_token()
    }

    /// A queued token, or the end of the input.
    #[cold]
    fn next_special(&mut self) -> Token {
        if let Some(t) = self.queued.take() {
            self.limit = self.src.len();
            return t;
        }
        let n = self.src.len();
        self.pos = n;
        Token {
            kind: TokenKind::Eof,
            span: Span::new(n as u32, n as u32),
        }
    }

    fn push_mode(&mut self, mode: Mode) {
        self.modes.push(mode);
        self.mode = mode;
    }

    fn pop_mode(&mut self) {
        self.modes.pop();
        self.mode = self.modes.last().copied().unwrap_or(Mode::Main);
    }

    /// The length of the valid UTF-8 character starting at `i`, or `None`
    /// if the byte there does not start one.
    #[inline]
    fn char_len(&self, i: usize) -> Option<usize> {
        let b = self.at(i);
        if b < 0x80 {
            return Some(1);
        }
        let len = match b {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return None,
        };
        let bytes = self.src.get(i..i + len)?;
        std::str::from_utf8(bytes).ok().map(|_| len)
    }

    /// The character at `i` (which must start a valid one of `len` bytes).
    fn char_at(&self, i: usize, len: usize) -> char {
        self.src
            .get(i..i + len)
            .and_then(|b| std::str::from_utf8(b).ok())
            .and_then(|s| s.chars().next())
            .unwrap_or('\u{0}')
    }

    /// The end of an identifier whose first character ends at `i`.
    #[inline]
    fn ident_rest(&self, i: usize) -> usize {
        let rest = self.src.get(i..).unwrap_or(&[]);
        let run = rest
            .iter()
            .position(|&b| !is_ascii_ident_continue(b))
            .unwrap_or(rest.len());
        let end = i + run;
        if self.at(end) >= 0x80 {
            return self.ident_rest_unicode(end);
        }
        end
    }

    /// [`Lexer::ident_rest`] past a non-ASCII byte.
    #[cold]
    fn ident_rest_unicode(&self, mut i: usize) -> usize {
        loop {
            let b = self.at(i);
            if is_ascii_ident_continue(b) {
                i += 1;
                continue;
            }
            if b >= 0x80
                && let Some(len) = self.char_len(i)
                && unicode_ident::is_xid_continue(self.char_at(i, len))
            {
                i += len;
                continue;
            }
            return i;
        }
    }

    /// If an identifier starts at `i`, its end.
    fn ident_at(&self, i: usize) -> Option<usize> {
        let b = self.at(i);
        if !self.has(i) {
            return None;
        }
        if b.is_ascii_alphabetic() || b == b'_' {
            return Some(self.ident_rest(i + 1));
        }
        if b >= 0x80 {
            let len = self.char_len(i)?;
            if unicode_ident::is_xid_start(self.char_at(i, len)) {
                return Some(self.ident_rest(i + len));
            }
        }
        None
    }

    /// The length of a newline sequence (`\n` or `\r\n`) at `i`, or 0.
    #[inline]
    fn newline_at(&self, i: usize) -> usize {
        match self.at(i) {
            b'\n' if self.has(i) => 1,
            b'\r' if self.at(i + 1) == b'\n' && self.has(i + 1) => 2,
            _ => 0,
        }
    }

    fn push_template_sequence(&mut self) {
        self.braces += 1;
        self.ret_braces.push(self.braces);
        if let Some(h) = self.heredocs.last_mut() {
            h.start_of_line = false;
        }
        self.push_mode(Mode::Main);
    }

    /// `${`, `${~`, `%{` or `%{~` at `start` (which holds `$` or `%`
    /// followed by `{`).
    fn template_sequence(&mut self, start: usize) -> Token {
        let kind = if self.at(start) == b'$' {
            TokenKind::TemplateInterp
        } else {
            TokenKind::TemplateControl
        };
        let mut end = start + 2;
        if self.at(end) == b'~' && self.has(end) {
            end += 1;
        }
        let t = self.tok(kind, start, end);
        self.push_template_sequence();
        t
    }

    fn scan_main(&mut self) -> Token {
        use TokenKind::*;
        let src = self.src;
        let n = src.len();
        let mut i = self.pos;
        if matches!(src.get(i), Some(b' ' | b'\t')) {
            i = skip_blanks(src, i);
        }
        if i >= n {
            self.pos = n;
            return Token {
                kind: Eof,
                span: Span::new(n as u32, n as u32),
            };
        }
        let start = i;
        let b = src[i];
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let end = self.ident_rest(i + 1);
                self.tok(Ident, start, end)
            }
            b'0'..=b'9' => {
                let end = self.number_end(i);
                self.tok(NumberLit, start, end)
            }
            b'\n' => self.tok(Newline, start, i + 1),
            b'\r' => {
                if self.at(i + 1) == b'\n' && self.has(i + 1) {
                    self.tok(Newline, start, i + 2)
                } else {
                    self.tok(Invalid, start, i + 1)
                }
            }
            b'#' => self.line_comment(start, i + 1),
            b'/' => match self.at(i + 1) {
                b'/' if self.has(i + 1) => self.line_comment(start, i + 2),
                b'*' if self.has(i + 1) => {
                    // Find the closing "*/"; an unterminated comment is
                    // not a comment (Go falls back to a slash).
                    let mut j = i + 2;
                    let mut end = None;
                    while j + 1 < n {
                        if src[j] == b'*' && src[j + 1] == b'/' {
                            end = Some(j + 2);
                            break;
                        }
                        j += 1;
                    }
                    match end {
                        Some(end) => {
                            self.check_comment_bytes(start, end);
                            self.comment(start, end)
                        }
                        None => self.tok(Slash, start, i + 1),
                    }
                }
                _ => self.tok(Slash, start, i + 1),
            },
            b'=' => match self.at(i + 1) {
                b'=' => self.tok(EqualOp, start, i + 2),
                b'>' => self.tok(FatArrow, start, i + 2),
                _ => self.tok(Equal, start, i + 1),
            },
            b'!' => {
                if self.at(i + 1) == b'=' {
                    self.tok(NotEqual, start, i + 2)
                } else {
                    self.tok(Bang, start, i + 1)
                }
            }
            b'>' => {
                if self.at(i + 1) == b'=' {
                    self.tok(GreaterThanEq, start, i + 2)
                } else {
                    self.tok(GreaterThan, start, i + 1)
                }
            }
            b'<' => {
                if self.at(i + 1) == b'=' {
                    return self.tok(LessThanEq, start, i + 2);
                }
                if self.at(i + 1) == b'<'
                    && let Some(t) = self.heredoc_open(start)
                {
                    return t;
                }
                self.tok(LessThan, start, i + 1)
            }
            b'&' => {
                if self.at(i + 1) == b'&' {
                    self.tok(And, start, i + 2)
                } else {
                    self.tok(BitwiseAnd, start, i + 1)
                }
            }
            b'|' => {
                if self.at(i + 1) == b'|' {
                    self.tok(Or, start, i + 2)
                } else {
                    self.tok(BitwiseOr, start, i + 1)
                }
            }
            b'.' => {
                if self.at(i + 1) == b'.' && self.at(i + 2) == b'.' {
                    self.tok(Ellipsis, start, i + 3)
                } else {
                    self.tok(Dot, start, i + 1)
                }
            }
            b'~' => {
                if self.at(i + 1) == b'}' {
                    let t = self.tok(TemplateSeqEnd, start, i + 2);
                    if self.ret_braces.last() == Some(&self.braces) {
                        self.ret_braces.pop();
                        self.pop_mode();
                    }
                    self.braces -= 1;
                    t
                } else {
                    self.tok(BitwiseNot, start, i + 1)
                }
            }
            b'{' => {
                self.braces += 1;
                self.tok(OBrace, start, i + 1)
            }
            b'}' => {
                if self.ret_braces.last() == Some(&self.braces) {
                    self.braces -= 1;
                    self.ret_braces.pop();
                    self.pop_mode();
                    self.tok(TemplateSeqEnd, start, i + 1)
                } else {
                    self.braces -= 1;
                    self.tok(CBrace, start, i + 1)
                }
            }
            b'"' => {
                let t = self.tok(OQuote, start, i + 1);
                self.push_mode(Mode::Quoted);
                t
            }
            b'[' => self.tok(OBrack, start, i + 1),
            b']' => self.tok(CBrack, start, i + 1),
            b'(' => self.tok(OParen, start, i + 1),
            b')' => self.tok(CParen, start, i + 1),
            b',' => self.tok(Comma, start, i + 1),
            b'*' => self.tok(Star, start, i + 1),
            b'+' => self.tok(Plus, start, i + 1),
            b'-' => self.tok(Minus, start, i + 1),
            b'%' => self.tok(Percent, start, i + 1),
            b'?' => self.tok(Question, start, i + 1),
            b':' => self.tok(Colon, start, i + 1),
            b'^' => self.tok(BitwiseXor, start, i + 1),
            b';' => self.tok(Semicolon, start, i + 1),
            b'`' => self.tok(Backtick, start, i + 1),
            b'\'' => self.tok(Apostrophe, start, i + 1),
            0x80..=0xFF => match self.char_len(i) {
                None => self.tok(BadUtf8, start, i + 1),
                Some(len) => {
                    if unicode_ident::is_xid_start(self.char_at(i, len)) {
                        let end = self.ident_rest(i + len);
                        self.tok(Ident, start, end)
                    } else {
                        self.tok(Invalid, start, i + len)
                    }
                }
            },
            _ => self.tok(Invalid, start, i + 1),
        }
    }

    /// A `#` or `//` comment whose body starts at `i`: up to and including
    /// the next `\n` (or to the end of the input).
    fn line_comment(&mut self, start: usize, i: usize) -> Token {
        let rest = self.src.get(i..).unwrap_or(&[]);
        let end = match rest.iter().position(|&b| b == b'\n') {
            Some(p) => i + p + 1,
            None => self.src.len(),
        };
        self.check_comment_bytes(start, end);
        self.comment(start, end)
    }

    /// The end of a numeric literal starting at `i` (a digit): digits,
    /// dots and exponents, as long as possible, not ending with a dot.
    fn number_end(&self, mut i: usize) -> usize {
        let src = self.src;
        let n = src.len();
        i += 1;
        let mut last_good = i;
        while i < n {
            match src[i] {
                b'0'..=b'9' => {
                    i += 1;
                    last_good = i;
                }
                b'.' => i += 1,
                b'e' | b'E' => {
                    let d = self.at(i + 1);
                    if d.is_ascii_digit() && i + 1 < n {
                        i += 2;
                        last_good = i;
                    } else if (d == b'+' || d == b'-')
                        && self.at(i + 2).is_ascii_digit()
                        && i + 2 < n
                    {
                        i += 3;
                        last_good = i;
                    } else {
                        break;
                    }
                }
                _ => break,
            }
        }
        last_good
    }

    /// `<<EOT` or `<<-EOT` followed by a newline, at `start`.
    fn heredoc_open(&mut self, start: usize) -> Option<Token> {
        let mut i = start + 2;
        if self.at(i) == b'-' {
            i += 1;
        }
        let ident_start = i;
        let ident_end = self.ident_at(i)?;
        let nl = self.newline_at(ident_end);
        if nl == 0 {
            return None;
        }
        let t = self.tok(TokenKind::OHeredoc, start, ident_end + nl);
        self.heredocs.push(Heredoc {
            marker_start: ident_start as u32,
            marker_end: ident_end as u32,
            start_of_line: true,
        });
        self.push_mode(Mode::Heredoc);
        Some(t)
    }

    /// Stops scanning: the rest of the input is one token (Go's fallback
    /// when its scanner cannot match anything).
    fn stop(&mut self, start: usize, kind: TokenKind) -> Token {
        let n = self.src.len();
        self.check_comment_bytes(start, n);
        self.tok(kind, start, n)
    }

    /// After `$` or `%` at `i` (not followed by `{`): the length of an
    /// escaped `$${`/`%%{` (with an optional `~`), or 0.
    fn escaped_sequence_len(&self, i: usize) -> usize {
        let b = self.at(i);
        if self.at(i + 1) == b && self.at(i + 2) == b'{' && self.has(i + 2) {
            if self.at(i + 3) == b'~' && self.has(i + 3) {
                4
            } else {
                3
            }
        } else {
            0
        }
    }

    fn scan_quoted(&mut self) -> Token {
        use TokenKind::*;
        let src = self.src;
        let n = src.len();
        let start = self.pos;
        let b = src[start];
        match b {
            b'"' => {
                let t = self.tok(CQuote, start, start + 1);
                self.pop_mode();
                t
            }
            b'$' | b'%' => {
                if start + 1 >= n {
                    return self.tok(Invalid, start, start + 1);
                }
                if src[start + 1] == b'{' {
                    return self.template_sequence(start);
                }
                let esc = self.escaped_sequence_len(start);
                if esc > 0 {
                    return self.tok(QuotedLit, start, start + esc);
                }
                self.tok(QuotedLit, start, start + 1)
            }
            b'\r' | b'\n' => {
                let mut i = start;
                while i < n && (src[i] == b'\r' || src[i] == b'\n') {
                    i += 1;
                }
                self.tok(QuotedNewline, start, i)
            }
            _ => {
                let mut i = start;
                while i < n {
                    let c = src[i];
                    match c {
                        b'$' | b'%' | b'"' | b'\r' | b'\n' => break,
                        b'\\' => {
                            let next = self.at(i + 1);
                            if i + 1 >= n || next == b'\r' || next == b'\n' {
                                break;
                            }
                            match self.char_len(i + 1) {
                                Some(len) => i += 1 + len,
                                None => break,
                            }
                        }
                        0x00..=0x7F => i += 1,
                        _ => match self.char_len(i) {
                            Some(len) => i += len,
                            None => break,
                        },
                    }
                }
                if i > start {
                    return self.tok(QuotedLit, start, i);
                }
                if b == b'\\' {
                    return self.tok(Invalid, start, start + 1);
                }
                self.tok(BadUtf8, start, start + 1)
            }
        }
    }

    /// The end of a run of template literal characters (anything but `$`,
    /// `%`, newline characters and invalid bytes) starting at `i`.
    fn literal_run_end(&self, mut i: usize) -> usize {
        let src = self.src;
        let n = src.len();
        while i < n {
            match src[i] {
                b'$' | b'%' | b'\r' | b'\n' => break,
                0x00..=0x7F => i += 1,
                _ => match self.char_len(i) {
                    Some(len) => i += len,
                    None => break,
                },
            }
        }
        i
    }

    /// For a `$` or `%` at `i` not followed by `{`: Go's scanner takes `$`
    /// and the next byte together when a newline character follows them,
    /// and `$` alone otherwise. Returns the token length, or 0 at the end of the
    /// input.
    fn lone_sigil_len(&self, i: usize) -> usize {
        if !self.has(i + 1) {
            return 0;
        }
        if self.has(i + 2) && matches!(self.at(i + 2), b'\r' | b'\n') {
            2
        } else {
            1
        }
    }

    fn scan_heredoc(&mut self) -> Token {
        use TokenKind::*;
        let src = self.src;
        let start = self.pos;
        let b = src[start];
        if b == b'$' || b == b'%' {
            if self.at(start + 1) == b'{' && self.has(start + 1) {
                return self.template_sequence(start);
            }
            let esc = self.escaped_sequence_len(start);
            if esc > 0 {
                let nl = self.newline_at(start + esc);
                return self.heredoc_literal(start, start + esc, nl);
            }
            return match self.lone_sigil_len(start) {
                0 => self.stop(start, Invalid),
                1 => self.heredoc_literal(start, start + 1, 0),
                // Go's scanner runs the end-of-line action for this token
                // even though the newline is left for the next one.
                _ => {
                    let t = self.tok(StringLit, start, start + 2);
                    if let Some(h) = self.heredocs.last_mut() {
                        h.start_of_line = true;
                    }
                    t
                }
            };
        }
        let end = self.literal_run_end(start);
        let nl = self.newline_at(end);
        if end == start && nl == 0 {
            if b == b'\r' {
                return self.stop(start, Invalid);
            }
            return self.tok(BadUtf8, start, start + 1);
        }
        self.heredoc_literal(start, end, nl)
    }

    /// A heredoc literal from `start` to `end`, followed by a newline of
    /// `nl` bytes (0 when the literal does not end its line).
    fn heredoc_literal(&mut self, start: usize, end: usize, nl: usize) -> Token {
        use TokenKind::*;
        let Some(h) = self.heredocs.last().copied() else {
            return self.tok(StringLit, start, end + nl);
        };
        if nl == 0 {
            if let Some(h) = self.heredocs.last_mut() {
                h.start_of_line = false;
            }
            return self.tok(StringLit, start, end);
        }
        if h.start_of_line {
            let line = self.src.get(start..end).unwrap_or(&[]);
            let marker = self
                .src
                .get(h.marker_start as usize..h.marker_end as usize)
                .unwrap_or(&[]);
            if trim_space(line) == marker {
                let t = self.tok(CHeredoc, start, end);
                self.limit = 0;
                self.queued = Some(Token {
                    kind: Newline,
                    span: Span::new(end as u32, (end + nl) as u32),
                });
                self.pos = end + nl;
                self.heredocs.pop();
                self.pop_mode();
                return t;
            }
        }
        if let Some(h) = self.heredocs.last_mut() {
            h.start_of_line = true;
        }
        self.tok(StringLit, start, end + nl)
    }

    fn scan_bare(&mut self) -> Token {
        use TokenKind::*;
        let src = self.src;
        let start = self.pos;
        let b = src[start];
        if b == b'$' || b == b'%' {
            if self.at(start + 1) == b'{' && self.has(start + 1) {
                return self.template_sequence(start);
            }
            let esc = self.escaped_sequence_len(start);
            if esc > 0 {
                let nl = self.newline_at(start + esc);
                return self.tok(StringLit, start, start + esc + nl);
            }
            return match self.lone_sigil_len(start) {
                0 => self.stop(start, StringLit),
                len => self.tok(StringLit, start, start + len),
            };
        }
        let end = self.literal_run_end(start);
        let nl = self.newline_at(end);
        if end == start && nl == 0 {
            if b == b'\r' {
                return self.stop(start, StringLit);
            }
            return self.tok(BadUtf8, start, start + 1);
        }
        self.tok(StringLit, start, end + nl)
    }
}

/// How [`Lexer::fast_main_token`] scans a token by its first byte.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fast {
    /// Not on the fast path.
    Slow,
    /// A one-byte token, of the kind in [`FAST_SINGLE`].
    Single,
    /// An ASCII identifier start.
    Ident,
    /// A digit: a number.
    Digit,
    /// `=`, unless `==` or `=>`.
    Equal,
    /// `.`, unless `...`.
    Dot,
    /// `{` (counted).
    OBrace,
    /// `}`, unless it closes a template sequence.
    CBrace,
    /// `"` (enters a quoted template).
    OQuote,
}

/// The one-byte tokens of the fast path.
const fn fast_single(c: u8) -> Option<TokenKind> {
    Some(match c {
        b'\n' => TokenKind::Newline,
        b',' => TokenKind::Comma,
        b'(' => TokenKind::OParen,
        b')' => TokenKind::CParen,
        b'[' => TokenKind::OBrack,
        b']' => TokenKind::CBrack,
        b'?' => TokenKind::Question,
        b':' => TokenKind::Colon,
        b'*' => TokenKind::Star,
        b'+' => TokenKind::Plus,
        b'-' => TokenKind::Minus,
        b'%' => TokenKind::Percent,
        _ => return None,
    })
}

static FAST_MAIN: [Fast; 256] = {
    let mut t = [Fast::Slow; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => Fast::Ident,
            b'0'..=b'9' => Fast::Digit,
            b'=' => Fast::Equal,
            b'.' => Fast::Dot,
            b'{' => Fast::OBrace,
            b'}' => Fast::CBrace,
            b'"' => Fast::OQuote,
            _ if fast_single(c).is_some() => Fast::Single,
            _ => Fast::Slow,
        };
        b += 1;
    }
    t
};

static FAST_SINGLE: [TokenKind; 256] = {
    let mut t = [TokenKind::Nil; 256];
    let mut b = 0;
    while b < 256 {
        if let Some(kind) = fast_single(b as u8) {
            t[b] = kind;
        }
        b += 1;
    }
    t
};

/// Bytes that end a run of plain quoted-template text: the sequence and
/// quote characters, newline characters, a backslash and non-ASCII bytes.
static QUOTED_SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = matches!(c, b'$' | b'%' | b'"' | b'\r' | b'\n' | b'\\') || c >= 0x80;
        b += 1;
    }
    t
};

/// The end of the run of spaces and tabs at `i`: spaces eight at a time
/// (alignment and indentation are long runs of spaces).
#[inline]
fn skip_blanks(src: &[u8], mut i: usize) -> usize {
    const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
    while let Some(chunk) = src.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let diff = u64::from_le_bytes(word) ^ SPACES;
        if diff != 0 {
            i += (diff.trailing_zeros() / 8) as usize;
            break;
        }
        i += 8;
    }
    while matches!(src.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    i
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The eight bytes at `i`, if there are that many.
#[inline(always)]
fn word_at(src: &[u8], i: usize) -> Option<u64> {
    let chunk = src.get(i..i + 8)?;
    let mut word = [0u8; 8];
    word.copy_from_slice(chunk);
    Some(u64::from_le_bytes(word))
}

/// The high bit of each byte of `x` that equals `c`.
#[inline(always)]
fn bytes_equal(x: u64, c: u8) -> u64 {
    let v = x ^ (ONES * u64::from(c));
    // Exact (no false positives from borrows): zero bytes only.
    !(((v & !HIGHS) + !HIGHS) | v) & HIGHS
}

/// The high bit of each byte of `x` (all below 0x80) in `lo..=hi`.
#[inline(always)]
fn bytes_in_range(x: u64, lo: u8, hi: u8) -> u64 {
    let ge_lo = x + ONES * u64::from(0x80 - lo);
    let gt_hi = x + ONES * u64::from(0x7F - hi);
    ge_lo & !gt_hi & HIGHS
}

/// The end of a run of ASCII identifier characters (letters, digits, `_`
/// and `-`) starting at `i`, eight bytes at a time.
#[inline(always)]
fn ascii_ident_end(src: &[u8], mut i: usize) -> usize {
    while let Some(x) = word_at(src, i) {
        let low = x & !HIGHS;
        let ident = (bytes_in_range(low | (ONES * 0x20), b'a', b'z')
            | bytes_in_range(low, b'0', b'9')
            | bytes_equal(x, b'_')
            | bytes_equal(x, b'-'))
            & !x;
        let other = !ident & HIGHS;
        if other != 0 {
            return i + (other.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while src.get(i).is_some_and(|&b| is_ascii_ident_continue(b)) {
        i += 1;
    }
    i
}

/// The end of a run of plain quoted-template text starting at `i` (see
/// [`QUOTED_SPECIAL`]), eight bytes at a time.
#[inline(always)]
fn plain_quoted_end(src: &[u8], mut i: usize) -> usize {
    while let Some(x) = word_at(src, i) {
        let special = (x
            | bytes_equal(x, b'$')
            | bytes_equal(x, b'%')
            | bytes_equal(x, b'"')
            | bytes_equal(x, b'\\')
            | bytes_equal(x, b'\n')
            | bytes_equal(x, b'\r'))
            & HIGHS;
        if special != 0 {
            return i + (special.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while src.get(i).is_some_and(|&b| !QUOTED_SPECIAL[b as usize]) {
        i += 1;
    }
    i
}

/// Whether literal text is ASCII without a backslash, `$` or `%` (nothing
/// in it to decode), eight bytes at a time.
pub(crate) fn is_plain_ascii_literal(bytes: &[u8]) -> bool {
    let mut words = bytes.chunks_exact(8);
    for chunk in words.by_ref() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        let special = x | bytes_equal(x, b'\\') | bytes_equal(x, b'$') | bytes_equal(x, b'%');
        if special & HIGHS != 0 {
            return false;
        }
    }
    !words
        .remainder()
        .iter()
        .any(|&b| matches!(b, b'\\' | b'$' | b'%' | 0x80..))
}

/// Bytes that continue an identifier: ASCII letters, digits, `_` and `-`.
static ASCII_IDENT_CONTINUE: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
        b += 1;
    }
    t
};

#[inline(always)]
fn is_ascii_ident_continue(b: u8) -> bool {
    ASCII_IDENT_CONTINUE[b as usize]
}

/// Whether `c` is white space as Go's `unicode.IsSpace` defines it.
pub(crate) fn is_go_space(c: char) -> bool {
    c.is_whitespace()
}

/// Go's `bytes.TrimSpace`.
fn trim_space(b: &[u8]) -> &[u8] {
    match std::str::from_utf8(b) {
        Ok(s) => s.trim_matches(is_go_space).as_bytes(),
        Err(_) => b.trim_ascii(),
    }
}

/// Scans a whole input into tokens (up to and including the end token):
/// for tests. The parser scans on demand instead.
#[cfg(test)]
pub fn tokenize(src: &[u8], mode: LexMode) -> (Vec<Token>, Vec<LexDiagnostic>) {
    let mut lexer = Lexer::with_mode(src, mode, 0);
    let mut out = Vec::new();
    loop {
        let t = lexer.next_token();
        out.push(t);
        if t.kind == TokenKind::Eof {
            break;
        }
    }
    (out, lexer.take_diagnostics())
}

/// Whether `name` is an identifier of the native syntax (Go's
/// `hclsyntax.ValidIdentifier`), by the lexer's own rule: a character of
/// Unicode's `ID_Start` or `_`, then characters of `ID_Continue` and `-`.
/// The one check of the workspace for attribute names, block types,
/// object keys written bare and template variable names.
///
/// ```
/// use hcl_core::native::is_identifier;
///
/// assert!(is_identifier("name") && is_identifier("_x-1") && is_identifier("café"));
/// assert!(!is_identifier("1x") && !is_identifier("-x") && !is_identifier("a.b") && !is_identifier(""));
/// // Alphabetic or numeric is not enough: Ⓐ is not of `ID_Start`, ² not
/// // of `ID_Continue`.
/// assert!(!is_identifier("\u{24b6}") && !is_identifier("a\u{b2}"));
/// ```
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first == '_' || unicode_ident::is_xid_start(first))
        && chars.all(|c| c == '-' || unicode_ident::is_xid_continue(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(TokenKind, &str)> {
        let (toks, _) = tokenize(src.as_bytes(), LexMode::Normal);
        toks.iter()
            .map(|t| (t.kind, &src[t.span.start as usize..t.span.end as usize]))
            .collect()
    }

    #[test]
    fn numbers_take_dots_and_exponents_greedily() {
        use TokenKind::*;
        assert_eq!(
            kinds("1.2.3 1..2 1. 1e 1e+5 0.0.a"),
            [
                (NumberLit, "1.2.3"),
                (NumberLit, "1..2"),
                (NumberLit, "1"),
                (Dot, "."),
                (NumberLit, "1"),
                (Ident, "e"),
                (NumberLit, "1e+5"),
                (NumberLit, "0.0"),
                (Dot, "."),
                (Ident, "a"),
                (Eof, ""),
            ]
        );
    }

    #[test]
    fn heredoc_closes_on_marker_line_and_queues_newline() {
        use TokenKind::*;
        assert_eq!(
            kinds("<<EOT\nx\n  EOT\n"),
            [
                (OHeredoc, "<<EOT\n"),
                (StringLit, "x\n"),
                (CHeredoc, "  EOT"),
                (Newline, "\n"),
                (Eof, ""),
            ]
        );
    }

    #[test]
    fn lone_sigils_split_literals_like_go() {
        use TokenKind::*;
        assert_eq!(
            kinds("\"x$y$${z\""),
            [
                (OQuote, "\""),
                (QuotedLit, "x"),
                (QuotedLit, "$"),
                (QuotedLit, "y"),
                (QuotedLit, "$${"),
                (QuotedLit, "z"),
                (CQuote, "\""),
                (Eof, ""),
            ]
        );
    }

    /// Pieces of input that exercise every path of the scanner (the fast
    /// paths of [`Lexer::fill`] and the general one).
    const PIECES: &[&[u8]] = &[
        b"resource",
        b"aws_instance",
        b"a-b",
        b"caf\xc3\xa9",
        b"x\xc3\xa9y",
        b"_",
        b"0",
        b"42",
        b"1.5",
        b"1e3",
        b"2.5E-1",
        b"1..2",
        b"1.",
        b"=",
        b"==",
        b"=>",
        b"!",
        b"!=",
        b"<",
        b"<=",
        b">",
        b">=",
        b"&&",
        b"&",
        b"||",
        b"|",
        b".",
        b"...",
        b"..",
        b",",
        b"(",
        b")",
        b"[",
        b"]",
        b"{",
        b"}",
        b"?",
        b":",
        b"*",
        b"+",
        b"-",
        b"%",
        b"/",
        b"~",
        b"^",
        b";",
        b"`",
        b"'",
        b"\"",
        b"\"plain text\"",
        b"\"esc \\\" \\n\"",
        b"\"caf\xc3\xa9\"",
        b"\"${a.b}\"",
        b"\"%{ if x }y%{ endif }\"",
        b"\"$${x}\"",
        b"\"a$b%c\"",
        b"\"${~ x ~}\"",
        b"${",
        b"%{",
        b"<<EOT\nline ${x}\nEOT\n",
        b"<<-EOT\n  a\n  EOT\n",
        b"# comment\n",
        b"// comment\n",
        b"/* block */",
        b"/* unterminated",
        b"#",
        b"\n",
        b"\r\n",
        b"\r",
        b" ",
        b"\t",
        b"    ",
        b"\xff",
        b"\xe2\x80\x9c",
        b"\xc3",
        b"\"\n",
        b"\"\xff\"",
        b"\\",
    ];

    /// A pseudo-random input made of pieces, each followed by a blank, a
    /// newline or nothing.
    fn random_input(seed: u64) -> Vec<u8> {
        let mut x = seed.max(1);
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut out = Vec::new();
        for _ in 0..(next() % 40) {
            out.extend_from_slice(PIECES[(next() % PIECES.len() as u64) as usize]);
            out.extend_from_slice([&b" "[..], b"\n", b"", b"  "][(next() % 4) as usize]);
        }
        out
    }

    /// The tokens and diagnostics of scanning `src` in batches of `batch`.
    fn tokenize_in_batches(
        src: &[u8],
        mode: LexMode,
        batch: usize,
    ) -> (Vec<Token>, Vec<LexDiagnostic>) {
        let mut lexer = Lexer::with_mode(src, mode, 0);
        let mut buf = vec![Token::default(); batch];
        let mut out = Vec::new();
        loop {
            let n = lexer.fill(&mut buf);
            out.extend_from_slice(&buf[..n]);
            if out.last().is_some_and(|t| t.kind == TokenKind::Eof) {
                break;
            }
        }
        (out, lexer.take_diagnostics())
    }

    #[test]
    fn batch_scanning_matches_token_by_token_scanning() {
        let mut inputs: Vec<Vec<u8>> = PIECES.iter().map(|p| p.to_vec()).collect();
        inputs.extend((1..3000).map(random_input));
        for src in &inputs {
            for mode in [LexMode::Normal, LexMode::Template] {
                let one_by_one = tokenize(src, mode);
                for batch in [1, 3, 128] {
                    assert_eq!(
                        tokenize_in_batches(src, mode, batch),
                        one_by_one,
                        "{:?}",
                        String::from_utf8_lossy(src)
                    );
                }
            }
        }
    }

    #[test]
    fn plain_literals_are_recognised_at_any_length() {
        for len in 0..40 {
            let plain = "ab-c d_e/f:g".repeat(4);
            let plain = &plain.as_bytes()[..len];
            assert!(is_plain_ascii_literal(plain), "{len}");
            for special in ["\\", "$", "%", "\u{e9}"] {
                for at in 0..=len {
                    let mut s = plain[..at].to_vec();
                    s.extend_from_slice(special.as_bytes());
                    s.extend_from_slice(&plain[at..]);
                    assert!(!is_plain_ascii_literal(&s), "{s:?}");
                }
            }
        }
    }

    #[test]
    fn invalid_bytes_are_one_byte_tokens() {
        let (toks, diags) = tokenize(b"a \xff\xc3( b", LexMode::Normal);
        let k: Vec<_> = toks.iter().map(|t| t.kind).collect();
        use TokenKind::*;
        assert_eq!(k, [Ident, BadUtf8, BadUtf8, OParen, Ident, Eof]);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].span, Span::new(2, 3));
    }
}
