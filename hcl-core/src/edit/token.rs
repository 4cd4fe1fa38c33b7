//! The tokens a document is made of: each one a byte range of a shared
//! source text, with the blanks before it (its gap), and a mark for the
//! tokens an edit wrote, whose gaps the formatter chooses when the document
//! is printed.

use std::sync::Arc;

use crate::format::tokens::Tokens;
use crate::native::lexer::TokenKind;

/// One token of a node: ranges into the node's source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Tok {
    /// The kind, as the scanner gives it.
    pub(super) kind: TokenKind,
    /// Written by an edit (or next to one): printed with the formatter's
    /// spacing instead of its gap.
    pub(super) fresh: bool,
    /// Where the blanks before the token start.
    pub(super) gap: u32,
    /// The first byte of the token.
    pub(super) start: u32,
    /// One past its last byte.
    pub(super) end: u32,
}

impl Tok {
    /// The token's text in `src` (empty if the ranges do not fit, which a
    /// document's own tokens always do).
    pub(super) fn text<'s>(&self, src: &'s str) -> &'s str {
        src.get(self.start as usize..self.end as usize)
            .unwrap_or("")
    }

    /// The blanks before the token, as written in `src`.
    pub(super) fn gap_text<'s>(&self, src: &'s str) -> &'s str {
        src.get(self.gap as usize..self.start as usize)
            .unwrap_or("")
    }

    /// Whether the token ends its line (a newline, or a line comment with
    /// its newline).
    pub(super) fn ends_line(&self, src: &str) -> bool {
        match self.kind {
            TokenKind::Newline => true,
            TokenKind::Comment => self.text(src).ends_with('\n'),
            _ => false,
        }
    }
}

/// Scans `text` into tokens (the end token left out), each with the gap
/// before it; `fresh` marks them all.
pub(super) fn lex(text: &str, fresh: bool) -> Vec<Tok> {
    let mut out = Vec::with_capacity(text.len() / 6 + 1);
    let mut prev = 0u32;
    for t in Tokens::scan(text.as_bytes()) {
        if t.kind == TokenKind::Eof {
            break;
        }
        out.push(Tok {
            kind: t.kind,
            fresh,
            gap: prev,
            start: t.start as u32,
            end: t.end as u32,
        });
        prev = t.end as u32;
    }
    out
}

/// Gathers tokens from several source texts into one new text, for a node
/// rebuilt by an edit.
#[derive(Default)]
pub(super) struct Builder {
    text: String,
    toks: Vec<Tok>,
}

impl Builder {
    /// Appends a token of `src` with its gap; `fresh` (when `Some`)
    /// overrides its mark.
    pub(super) fn push(&mut self, src: &str, tok: &Tok, fresh: Option<bool>) {
        let gap = self.text.len() as u32;
        self.text.push_str(tok.gap_text(src));
        let start = self.text.len() as u32;
        self.text.push_str(tok.text(src));
        self.toks.push(Tok {
            kind: tok.kind,
            fresh: fresh.unwrap_or(tok.fresh),
            gap,
            start,
            end: self.text.len() as u32,
        });
    }

    /// Appends every token of `toks`.
    pub(super) fn extend(&mut self, src: &str, toks: &[Tok], fresh: Option<bool>) {
        for t in toks {
            self.push(src, t, fresh);
        }
    }

    /// Appends a new token with the given text, no gap, marked fresh.
    pub(super) fn push_new(&mut self, kind: TokenKind, text: &str) {
        let start = self.text.len() as u32;
        self.text.push_str(text);
        self.toks.push(Tok {
            kind,
            fresh: true,
            gap: start,
            start,
            end: self.text.len() as u32,
        });
    }

    /// How many tokens so far.
    pub(super) fn len(&self) -> usize {
        self.toks.len()
    }

    /// The text and the tokens ranging over it.
    pub(super) fn finish(self) -> (Arc<str>, Vec<Tok>) {
        (Arc::from(self.text), self.toks)
    }
}
