//! The canonical layout of native-syntax source, byte for byte as Go's
//! `hclwrite.Format` (and so `hclfmt` and `terraform fmt`) produces it.
//!
//! Formatting works on tokens, not on a syntax tree, so it accepts any
//! input, valid or not (the result for broken input is what Go gives, which
//! may not be pretty), and it changes only the whitespace between tokens:
//!
//! - each line is indented by two spaces per level of brackets (`{`, `[`,
//!   `(`, `${`, `%{`) opened on earlier lines and not yet closed;
//! - tokens within a line are separated by one space or none, by rules on
//!   each pair of neighbours (no space inside brackets or around `.`, one
//!   after `,`, around binary operators, inside braces, none after a unary
//!   `-` or `!`, none inside template literals, ...);
//! - the `=` of consecutive one-line attributes is aligned, and so are the
//!   comments that end consecutive lines;
//! - comments, blank lines and the order of everything stay; a line comment
//!   keeps its text (and its `\r\n` or `\n`), newlines are kept as they are
//!   (so CRLF stays CRLF line by line), trailing blanks are dropped, a
//!   leading byte order mark is dropped, and interpolations inside heredocs
//!   and quoted strings are formatted as expressions.
//!
//! Widths for alignment count grapheme clusters, not bytes. Nothing in it
//! recurses, so any nesting depth is fine.
//!
//! ```
//! let src = b"block  {\nname=\"x\" # the name\nnumber_of_things = 1+2\n}\n";
//! let formatted = hcl_core::format::format(src);
//! assert_eq!(
//!     String::from_utf8(formatted).unwrap(),
//!     "block {\n  name             = \"x\" # the name\n  number_of_things = 1 + 2\n}\n"
//! );
//! ```
//!
//! [`tokens`] is the token sequence underneath, reusable for edits that keep
//! the rest of a file as it is.

pub mod tokens;
pub mod value;

use crate::native::lexer::TokenKind;
use tokens::{Token, Tokens};

/// Formats native-syntax source as Go's `hclwrite.Format` does.
pub fn format(src: &[u8]) -> Vec<u8> {
    let mut tokens = Tokens::lex(src);
    format_tokens(&mut tokens);
    tokens.to_bytes()
}

/// Formats text; see [`format()`]. (Formatting valid UTF-8 gives valid
/// UTF-8, since only spaces change.)
pub fn format_str(src: &str) -> String {
    let out = format(src.as_bytes());
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Sets the `spaces_before` of every token but the end token to the
/// canonical layout (the passes of Go's `format`).
pub fn format_tokens(tokens: &mut Tokens<'_>) {
    let lines = split_lines(tokens);
    indent(tokens.as_mut_slice(), &lines);
    space(tokens, &lines);
    align(tokens, &lines);
}

/// One line of tokens, as index ranges into the token sequence, split into
/// Go's three cells: the lead (everything up to the others), the
/// assignment (from an attribute's `=`, when the rest of the line is a
/// whole expression) and a trailing comment.
#[derive(Clone, Debug, Default)]
struct Line {
    lead: (usize, usize),
    assign: Option<(usize, usize)>,
    comment: Option<(usize, usize)>,
}

fn is_newline(src: &Tokens<'_>, t: &Token) -> bool {
    match t.kind {
        TokenKind::Newline => true,
        TokenKind::Comment => src.bytes(t).last() == Some(&b'\n'),
        _ => false,
    }
}

fn bracket_change(kind: TokenKind) -> i64 {
    use TokenKind::*;
    match kind {
        OBrace | OBrack | OParen | TemplateControl | TemplateInterp => 1,
        CBrace | CBrack | CParen | TemplateSeqEnd => -1,
        _ => 0,
    }
}

fn net_brackets(tokens: &[Token]) -> i64 {
    tokens.iter().map(|t| bracket_change(t.kind)).sum()
}

fn split_lines(tokens: &Tokens<'_>) -> Vec<Line> {
    let all = tokens.as_slice();
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, t) in all.iter().enumerate() {
        if t.kind == TokenKind::Eof {
            lines.push(Line {
                lead: (start, i),
                ..Line::default()
            });
            break;
        }
        if is_newline(tokens, t) {
            lines.push(Line {
                lead: (start, i + 1),
                ..Line::default()
            });
            start = i + 1;
        }
    }
    for line in &mut lines {
        let (s, mut e) = line.lead;
        if e == s {
            continue;
        }
        if e - s > 1 && all[e - 1].kind == TokenKind::Comment {
            line.comment = Some((e - 1, e));
            e -= 1;
            line.lead = (s, e);
        }
        if let Some(eq) = (s + 1..e).find(|&i| all[i].kind == TokenKind::Equal)
            && net_brackets(&all[eq..e]) == 0
        {
            line.assign = Some((eq, e));
            line.lead = (s, eq);
        }
    }
    lines
}

fn indent(all: &mut [Token], lines: &[Line]) {
    let mut indents: Vec<i64> = Vec::with_capacity(10);
    for line in lines {
        let (s, e) = line.lead;
        if s == e {
            continue;
        }
        if all[s].kind == TokenKind::Newline {
            all[s].spaces_before = 0;
            continue;
        }
        let mut net = 0;
        for t in &all[s..e] {
            net += bracket_change(t.kind);
            if t.kind == TokenKind::OHeredoc {
                break;
            }
        }
        if let Some((as_, ae)) = line.assign {
            net += net_brackets(&all[as_..ae]);
        }
        if net > 0 {
            all[s].spaces_before = 2 * indents.len();
            indents.push(net);
        } else {
            let mut closed = -net;
            while closed > 0 {
                let Some(top) = indents.last_mut() else { break };
                if closed > *top {
                    closed -= *top;
                    indents.pop();
                } else if closed < *top {
                    *top -= closed;
                    closed = 0;
                } else {
                    indents.pop();
                    closed = 0;
                }
            }
            all[s].spaces_before = 2 * indents.len();
        }
    }
}

fn space_cell(tokens: &mut Tokens<'_>, (s, e): (usize, usize)) {
    for i in s..e {
        if i + 1 >= e {
            continue;
        }
        let all = tokens.as_slice();
        let before = if i > s { Some(&all[i - 1]) } else { None };
        let spaced = space_after(tokens, &all[i], before, &all[i + 1]);
        tokens.as_mut_slice()[i + 1].spaces_before = usize::from(spaced);
    }
}

fn space(tokens: &mut Tokens<'_>, lines: &[Line]) {
    for line in lines {
        space_cell(tokens, line.lead);
        if let Some((s, e)) = line.assign {
            tokens.as_mut_slice()[s].spaces_before = 1;
            space_cell(tokens, (s, e));
        }
    }
}

fn align(tokens: &mut Tokens<'_>, lines: &[Line]) {
    // The `=` of consecutive attribute lines line up one column after the
    // widest name; then comments one column after the widest line.
    let mut chain_start = None;
    let mut max = 0;
    for i in 0..=lines.len() {
        let line = lines.get(i);
        match line.and_then(|l| l.assign.map(|a| (l, a))) {
            Some((l, _)) => {
                chain_start.get_or_insert(i);
                max = max.max(tokens.columns(l.lead.0..l.lead.1));
            }
            None => {
                if let Some(start) = chain_start.take() {
                    for l in &lines[start..i] {
                        let columns = tokens.columns(l.lead.0..l.lead.1);
                        if let Some((a, _)) = l.assign {
                            tokens.as_mut_slice()[a].spaces_before = max - columns + 1;
                        }
                    }
                    max = 0;
                }
            }
        }
    }
    let width = |tokens: &Tokens<'_>, l: &Line| {
        tokens.columns(l.lead.0..l.lead.1) + l.assign.map_or(0, |(s, e)| tokens.columns(s..e))
    };
    for i in 0..=lines.len() {
        let line = lines.get(i);
        match line.filter(|l| l.comment.is_some()) {
            Some(l) => {
                chain_start.get_or_insert(i);
                max = max.max(width(tokens, l));
            }
            None => {
                if let Some(start) = chain_start.take() {
                    for l in &lines[start..i] {
                        let columns = width(tokens, l);
                        if let Some((c, _)) = l.comment {
                            tokens.as_mut_slice()[c].spaces_before = max - columns + 1;
                        }
                    }
                    max = 0;
                }
            }
        }
    }
}

/// Whether a space goes between `subject` and `after` (Go's
/// `spaceAfterToken`); `before` is the token before `subject` on its line.
fn space_after(
    tokens: &Tokens<'_>,
    subject: &Token,
    before: Option<&Token>,
    after: &Token,
) -> bool {
    use TokenKind::*;
    let (s, a) = (subject.kind, after.kind);
    let b = before.map_or(Nil, |t| t.kind);
    match () {
        _ if a == Newline || a == Nil => false,
        _ if s == Ident && a == OParen => false,
        _ if s == Dot || a == Dot => false,
        _ if a == Comma || a == Ellipsis => false,
        _ if s == Comma => true,
        _ if matches!(s, QuotedLit | StringLit | OQuote | OHeredoc)
            || matches!(a, QuotedLit | StringLit | CQuote | CHeredoc) =>
        {
            false
        }
        _ if s == Ident && tokens.bytes(subject) == b"in" && b == Ident => true,
        _ if a == OBrack && (s == Ident || s == NumberLit || bracket_change(s) < 0) => false,
        _ if s == Bang => false,
        _ if s == Minus => !matches!(
            b,
            Nil | OParen
                | OBrace
                | OBrack
                | Equal
                | Colon
                | Comma
                | Question
                | Plus
                | Star
                | Slash
                | Percent
                | Minus
                | EqualOp
                | NotEqual
                | GreaterThan
                | GreaterThanEq
                | LessThan
                | LessThanEq
                | And
                | Or
                | Bang
        ),
        _ if s == OBrace || a == CBrace => !(s == OBrace && a == CBrace),
        _ if matches!(s, TemplateInterp | TemplateControl) && a == OBrace => true,
        _ if s == CBrace && a == TemplateSeqEnd => true,
        _ if s == TemplateSeqEnd && matches!(a, TemplateInterp | TemplateControl) => false,
        _ if bracket_change(s) > 0 => false,
        _ if bracket_change(a) < 0 => false,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(s: &str) -> String {
        format_str(s)
    }

    #[test]
    fn basic_rules() {
        assert_eq!(f("a=1\n"), "a = 1\n");
        assert_eq!(f("a=b.c[0]\n"), "a = b.c[0]\n");
        assert_eq!(f("a = -1\nb = 1 - -2\n"), "a = -1\nb = 1 - -2\n");
        assert_eq!(f("x{\ny=1\n}\n"), "x {\n  y = 1\n}\n");
        assert_eq!(f("a = {}\n"), "a = {}\n");
        assert_eq!(f("a = [for x in [1]: x]\n"), "a = [for x in [1] : x]\n");
    }

    #[test]
    fn alignment_and_comments() {
        assert_eq!(f("a = 1 # x\nbbb = 2 # y\n"), "a   = 1 # x\nbbb = 2 # y\n");
        assert_eq!(f("é = 1\nab = 2\n"), "é  = 1\nab = 2\n");
    }

    #[test]
    fn quirks() {
        assert_eq!(f("\u{feff}a=1"), "a = 1");
        assert_eq!(f("a=1\r\nb=2\n"), "a = 1\r\nb = 2\n");
        assert_eq!(f("a = 1\n   "), "a = 1\n   ");
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let n = 100_000;
        let src = format!("a = {}{}\n", "[".repeat(n), "]".repeat(n));
        assert_eq!(f(&src), src);
        let src = "{(".repeat(n);
        let _ = format(src.as_bytes());
    }
}
