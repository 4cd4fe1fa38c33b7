//! Printing a document: every token after its gap, as written. Tokens an
//! edit wrote (and the first token of a line an edit began) take the
//! spacing the formatter gives them in the whole printed document instead:
//! indentation for their nesting, spaces between tokens, and the alignment
//! of `=` and of end-of-line comments with their neighbours. So that an
//! edited line stays aligned with its neighbours as `hclfmt` would align
//! them, the `=` and the end-of-line comments of the runs of lines it is
//! aligned with are realigned too (only their blanks change).

use super::Document;
use super::block::EditBlock;
use super::body::{EditBody, Item};
use super::token::Tok;
use crate::format::format_tokens;
use crate::format::tokens::{Token, Tokens};
use crate::native::lexer::TokenKind;

/// Where the walk over the tree is.
enum Frame<'a> {
    /// The items of a body from this index on.
    Body(&'a EditBody, usize),
    /// The closing part of a block, after its body.
    Tail(&'a EditBlock),
}

/// Calls `f` with each token of the document and the text it ranges over,
/// in order (the end token last). Iterative, so nesting depth is no
/// concern.
fn walk<'a>(doc: &'a Document, mut f: impl FnMut(&'a str, &'a Tok)) {
    let mut stack = vec![Frame::Body(&doc.body, 0)];
    while let Some(frame) = stack.pop() {
        match frame {
            Frame::Body(body, i) => {
                let Some(item) = body.items.get(i) else {
                    continue;
                };
                stack.push(Frame::Body(body, i + 1));
                match item {
                    Item::Trivia(src, toks) => toks.iter().for_each(|t| f(src, t)),
                    Item::Attribute(a) => a.toks.iter().for_each(|t| f(&a.src, t)),
                    Item::Block(b) => {
                        let head = b.toks.get(..b.split).unwrap_or(&[]);
                        head.iter().for_each(|t| f(&b.src, t));
                        stack.push(Frame::Tail(b));
                        stack.push(Frame::Body(&b.body, 0));
                    }
                }
            }
            Frame::Tail(b) => {
                let tail = b.toks.get(b.split..).unwrap_or(&[]);
                tail.iter().for_each(|t| f(&b.src, t));
            }
        }
    }
    let (src, eof) = &doc.end;
    f(src, eof);
}

/// The printed document.
pub(super) fn print(doc: &Document) -> String {
    let mut fresh = false;
    let mut len = 0;
    if doc.touched {
        walk(doc, |_, t| {
            fresh |= t.fresh;
            len += t.end.saturating_sub(t.gap) as usize;
        });
    } else {
        len = doc.end.1.end as usize;
    }
    let mut out = String::with_capacity(len + len / 8);
    if !fresh {
        // Runs of tokens that are contiguous in one text are copied at once
        // (an unedited document is one run per item).
        let mut run: Option<(&str, u32, u32)> = None;
        walk(doc, |src, t| match &mut run {
            Some((s, _, end)) if std::ptr::eq(*s, src) && *end == t.gap => *end = t.end,
            _ => {
                if let Some((s, start, end)) = run {
                    out.push_str(s.get(start as usize..end as usize).unwrap_or(""));
                }
                run = Some((src, t.gap, t.end));
            }
        });
        if let Some((s, start, end)) = run {
            out.push_str(s.get(start as usize..end as usize).unwrap_or(""));
        }
        return out;
    }
    // The tokens' texts one after the other, for the formatter; then each
    // token with its own gap or the formatter's spaces.
    let mut text = String::with_capacity(len);
    let mut tokens = Vec::new();
    let mut gaps: Vec<Option<&str>> = Vec::new();
    let mut after_fresh_newline = false;
    walk(doc, |src, t| {
        let start = text.len();
        let own = match t.kind {
            TokenKind::Newline if t.fresh => doc.newline,
            _ => t.text(src),
        };
        text.push_str(own);
        tokens.push(Token {
            kind: t.kind,
            start,
            end: text.len(),
            spaces_before: 0,
        });
        let formatted = (t.fresh || after_fresh_newline) && t.kind != TokenKind::Eof;
        gaps.push((!formatted).then(|| t.gap_text(src)));
        after_fresh_newline = t.fresh && t.ends_line(src);
    });
    let mut tokens = Tokens::from_parts(text.as_bytes(), tokens);
    format_tokens(&mut tokens);
    realign(&tokens, &mut gaps);
    for (t, gap) in tokens.iter().zip(&gaps) {
        match gap {
            Some(gap) => out.push_str(gap),
            None => out.extend(std::iter::repeat_n(' ', t.spaces_before)),
        }
        out.push_str(text.get(t.range()).unwrap_or(""));
    }
    out
}

/// One line of the printed tokens: its range, where its `=` and its
/// end-of-line comment are (as the formatter finds them), and whether an
/// edit wrote any of it.
struct Line {
    assign: Option<usize>,
    comment: Option<usize>,
    edited: bool,
}

fn bracket_change(kind: TokenKind) -> i64 {
    use TokenKind::*;
    match kind {
        OBrace | OBrack | OParen | TemplateControl | TemplateInterp => 1,
        CBrace | CBrack | CParen | TemplateSeqEnd => -1,
        _ => 0,
    }
}

/// Gives the formatter's spacing to the `=` and the end-of-line comments of
/// every run of aligned lines (consecutive attribute lines; consecutive
/// lines ending in a comment) that holds an edited line.
fn realign(tokens: &Tokens<'_>, gaps: &mut [Option<&str>]) {
    let all = tokens.as_slice();
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, t) in all.iter().enumerate() {
        let ends = match t.kind {
            TokenKind::Eof => true,
            TokenKind::Newline => true,
            TokenKind::Comment => tokens.bytes(t).last() == Some(&b'\n'),
            _ => false,
        };
        if !ends {
            continue;
        }
        // The line is start..=i (the end token is no part of it).
        let e = if t.kind == TokenKind::Eof { i } else { i + 1 };
        let mut lead_end = e;
        let comment = (e > start + 1 && all[e - 1].kind == TokenKind::Comment).then(|| {
            lead_end = e - 1;
            e - 1
        });
        // The formatter's rule: an `=` after the first token, with the
        // brackets balanced from it to the end of the line.
        let assign = (start + 1..lead_end)
            .find(|&j| all[j].kind == TokenKind::Equal)
            .filter(|&eq| {
                all[eq..lead_end]
                    .iter()
                    .map(|t| bracket_change(t.kind))
                    .sum::<i64>()
                    == 0
            });
        let edited = gaps[start..e].iter().any(Option::is_none);
        lines.push(Line {
            assign,
            comment,
            edited,
        });
        start = i + 1;
    }
    for pick in [|l: &Line| l.assign, |l: &Line| l.comment] {
        let mut run = 0;
        while run < lines.len() {
            let mut end = run;
            while end < lines.len() && pick(&lines[end]).is_some() {
                end += 1;
            }
            if end == run {
                run += 1;
                continue;
            }
            if lines[run..end].iter().any(|l| l.edited) {
                for l in &lines[run..end] {
                    if let Some(at) = pick(l) {
                        gaps[at] = None;
                    }
                }
            }
            run = end;
        }
    }
}
