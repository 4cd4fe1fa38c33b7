//! A lossless token sequence of a native-syntax file: the tokens of Go's
//! `hclsyntax` scanner (comments and newlines included) with their exact
//! byte spans and the whitespace before each one, as Go's `hclwrite`
//! keeps them (`hclwrite.Token`: type, bytes, `SpacesBefore`).
//!
//! Every byte of the input is either inside a token or in the gap before
//! one (blanks, and a leading byte order mark before the first token), so
//! [`Tokens::write_original`] gives the input back byte for byte, and
//! [`Tokens::write_to`] writes the tokens separated by `spaces_before`
//! spaces each, which is how `hclwrite` serializes (and how the formatter
//! writes its result).
//!
//! ```
//! use hcl_core::format::tokens::{TokenKind, Tokens};
//!
//! let src = b"a   = 1 # one\n";
//! let tokens = Tokens::lex(src);
//! let kinds: Vec<TokenKind> = tokens.iter().map(|t| t.kind).collect();
//! assert_eq!(
//!     kinds,
//!     [TokenKind::Ident, TokenKind::Equal, TokenKind::NumberLit, TokenKind::Comment, TokenKind::Eof]
//! );
//! assert_eq!(tokens.as_slice()[1].spaces_before, 3);
//! assert_eq!(tokens.bytes(&tokens.as_slice()[3]), b"# one\n");
//! assert_eq!(tokens.write_original(), src);
//! ```

use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;

use crate::native::lexer::Lexer;
/// The kind of a token (the kinds of Go's `hclsyntax` scanner), the one
/// part of the lexer that is public: what a token list says to its users
/// (`hclfmt` finds comments and invalid bytes by it).
pub use crate::native::lexer::TokenKind;

/// The UTF-8 byte order mark, which the scanner skips at the start.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One token: its kind, its bytes (as offsets into the source) and the
/// number of spaces written before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The kind, as Go's `hclsyntax.TokenType`.
    pub kind: TokenKind,
    /// The first byte of the token in the source.
    pub start: usize,
    /// One past the last byte of the token in the source.
    pub end: usize,
    /// How many spaces to write before the token. After lexing, the number
    /// of bytes between the previous token's end (or the start of the
    /// input) and this token's start, as Go counts it (a byte order mark
    /// counts as three).
    pub spaces_before: usize,
}

impl Token {
    /// The token's byte range in the source.
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }
}

/// The tokens of one source text, ending with a [`TokenKind::Eof`] token.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    src: &'a [u8],
    tokens: Vec<Token>,
}

impl<'a> Tokens<'a> {
    /// Scans a configuration file (or expression) as Go's
    /// `hclsyntax.LexConfig` does. Never fails: bytes the scanner cannot
    /// match become invalid tokens, and the last token is always the end
    /// token.
    pub fn lex(src: &'a [u8]) -> Tokens<'a> {
        let mut tokens = Vec::with_capacity(src.len() / 4 + 1);
        tokens.extend(Tokens::scan(src));
        Tokens { src, tokens }
    }

    /// The tokens [`Tokens::lex`] gives, one at a time (the end token
    /// last), without collecting them.
    pub(crate) fn scan(src: &'a [u8]) -> impl Iterator<Item = Token> + 'a {
        let skip = if src.starts_with(BOM) { BOM.len() } else { 0 };
        let mut lexer = Lexer::new(&src[skip..]);
        let mut last_end = 0usize;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let t = lexer.next_token();
            let start = t.span.start as usize + skip;
            let end = t.span.end as usize + skip;
            let token = Token {
                kind: t.kind,
                start,
                end,
                spaces_before: start.saturating_sub(last_end),
            };
            last_end = end;
            done = t.kind == TokenKind::Eof;
            Some(token)
        })
    }

    /// Tokens already split elsewhere (the lossless document of
    /// [`crate::edit`] laying out its pieces): each token's range must lie
    /// within `src` at character boundaries, and the last token must be the
    /// end token.
    pub(crate) fn from_parts(src: &'a [u8], tokens: Vec<Token>) -> Tokens<'a> {
        Tokens { src, tokens }
    }

    /// The source the tokens were scanned from.
    pub fn source(&self) -> &'a [u8] {
        self.src
    }

    /// The tokens, the end token last.
    pub fn as_slice(&self) -> &[Token] {
        &self.tokens
    }

    /// The tokens, for adjusting their spacing.
    pub fn as_mut_slice(&mut self) -> &mut [Token] {
        &mut self.tokens
    }

    /// An iterator over the tokens.
    pub fn iter(&self) -> std::slice::Iter<'_, Token> {
        self.tokens.iter()
    }

    /// The number of tokens (the end token included).
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// Whether there are no tokens (never, after [`Tokens::lex`]).
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// The bytes of a token of this sequence.
    pub fn bytes(&self, token: &Token) -> &'a [u8] {
        &self.src[token.range()]
    }

    /// The source bytes between token `index` and the one before it (or
    /// the start of the input): its original whitespace.
    pub fn gap(&self, index: usize) -> &'a [u8] {
        let start = match index {
            0 => 0,
            _ => self.tokens[index - 1].end,
        };
        &self.src[start..self.tokens[index].start]
    }

    /// Writes every token preceded by its `spaces_before` spaces (Go's
    /// `Tokens.WriteTo`).
    pub fn write_to(&self, out: &mut Vec<u8>) {
        for t in &self.tokens {
            out.resize(out.len() + t.spaces_before, b' ');
            out.extend_from_slice(self.bytes(t));
        }
    }

    /// The tokens written as [`Tokens::write_to`] writes them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.src.len() + self.src.len() / 8);
        self.write_to(&mut out);
        out
    }

    /// The tokens with their original gaps: the source, byte for byte.
    pub fn write_original(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.src.len());
        for (i, t) in self.tokens.iter().enumerate() {
            out.extend_from_slice(self.gap(i));
            out.extend_from_slice(self.bytes(t));
        }
        out
    }

    /// The number of columns that the tokens `range` take when written
    /// (Go's `Tokens.Columns`): their spaces plus the grapheme clusters of
    /// their bytes. Not meaningful across newlines.
    pub fn columns(&self, range: Range<usize>) -> usize {
        self.tokens[range]
            .iter()
            .map(|t| t.spaces_before + grapheme_count(self.bytes(t)))
            .sum()
    }
}

impl<'t> IntoIterator for &'t Tokens<'_> {
    type Item = &'t Token;
    type IntoIter = std::slice::Iter<'t, Token>;

    fn into_iter(self) -> Self::IntoIter {
        self.tokens.iter()
    }
}

/// The number of grapheme clusters in `bytes`, as Go's `textseg` counts
/// them: extended grapheme clusters of the valid UTF-8 runs (`\r\n` is
/// one), and one for each byte that is not valid UTF-8.
pub fn grapheme_count(bytes: &[u8]) -> usize {
    if bytes.is_ascii() {
        let pairs = bytes.windows(2).filter(|w| w == b"\r\n").count();
        return bytes.len() - pairs;
    }
    bytes
        .utf8_chunks()
        .map(|chunk| chunk.valid().graphemes(true).count() + chunk.invalid().len())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexing_is_lossless() {
        for src in [
            &b""[..],
            b"\xEF\xBB\xBF a = 1\n",
            b"a\t=\t\"x${ y }\"  # c\r\n",
            b"x = <<EOT\n  hi ${a}\n  EOT\n",
            b"\x00\xff\r bad",
            b"a = \"unterminated ${",
        ] {
            let tokens = Tokens::lex(src);
            assert_eq!(tokens.write_original(), src);
            assert_eq!(
                tokens.as_slice().last().map(|t| t.kind),
                Some(TokenKind::Eof)
            );
        }
    }

    #[test]
    fn spaces_count_bytes_and_the_byte_order_mark() {
        let tokens = Tokens::lex(b"\xEF\xBB\xBF  a");
        assert_eq!(tokens.as_slice()[0].spaces_before, 5);
        assert_eq!(tokens.to_bytes(), b"     a");
    }

    #[test]
    fn graphemes_are_counted_as_go_counts_them() {
        assert_eq!(grapheme_count(b"abc"), 3);
        assert_eq!(grapheme_count(b"a\r\nb"), 3);
        assert_eq!(grapheme_count("né".as_bytes()), 2);
        assert_eq!(grapheme_count("e\u{301}".as_bytes()), 1);
        assert_eq!(grapheme_count(b"a\xffb"), 3);
    }
}
