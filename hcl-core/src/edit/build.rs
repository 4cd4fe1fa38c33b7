//! From source text to an editable document: the parser finds the
//! attributes and blocks, the lossless scanner gives the tokens, and each
//! token goes to the node whose range holds it, as Go's `hclwrite` parser
//! partitions them (the comment lines directly above an item and the
//! comments at the end of its last line belong to it; everything else
//! between items stays where it is, as trivia of the body).
//!
//! The tokens are taken from the scanner one at a time, in order, straight
//! into the node they belong to: no list of all the tokens is kept.

use std::iter::Peekable;
use std::sync::Arc;

use super::Document;
use super::attribute::EditAttribute;
use super::block::EditBlock;
use super::body::{EditBody, Item};
use super::token::Tok;
use crate::Diagnostics;
use crate::format::tokens::Tokens;
use crate::native::ast::{Ast, BodyId};
use crate::native::file::ParsedFile;
use crate::native::lexer::TokenKind;
use crate::native::{ParseOptions, parse_config};

/// Parses `text` into a document, or the parser's diagnostics when it has
/// errors.
pub(super) fn parse_document(text: &str, file_name: &str) -> Result<Document, Diagnostics> {
    let (file, diags) = parse_config(text.as_bytes(), file_name, &ParseOptions::default());
    if diags.has_errors() {
        return Err(diags);
    }
    let src: Arc<str> = Arc::from(text);
    let mut prev = 0u32;
    let scan = Tokens::scan(text.as_bytes()).map(move |t| {
        let tok = Tok {
            kind: t.kind,
            fresh: false,
            gap: prev,
            start: t.start as u32,
            end: t.end as u32,
        };
        prev = tok.end;
        tok
    });
    let mut build = Build {
        file: &file,
        src: &src,
        toks: scan.peekable(),
        newline: None,
    };
    let body = match file.root() {
        Some(root) => build.body(root, u32::MAX, false),
        None => EditBody::empty(),
    };
    // What is left is the end token, whose gap is the text after the last
    // token.
    let end = text.len() as u32;
    let eof = build.toks.next().unwrap_or(Tok {
        kind: TokenKind::Eof,
        fresh: false,
        gap: end,
        start: end,
        end,
    });
    let newline = build.newline.unwrap_or("\n");
    Ok(Document {
        body,
        end: (src.clone(), eof),
        newline,
        touched: false,
    })
}

struct Build<'a, I: Iterator<Item = Tok>> {
    file: &'a ParsedFile,
    src: &'a Arc<str>,
    toks: Peekable<I>,
    /// The first newline seen.
    newline: Option<&'static str>,
}

/// An item of a body, by its index in the tree.
enum Node {
    Attribute(usize),
    Block(usize),
}

impl<I: Iterator<Item = Tok>> Build<'_, I> {
    fn ast(&self) -> &Ast {
        self.file.ast()
    }

    /// The next token, if it starts before `byte` (never the end token).
    fn next_before(&mut self, byte: u32) -> Option<Tok> {
        let t = self
            .toks
            .next_if(|t| t.start < byte && t.kind != TokenKind::Eof)?;
        if t.kind == TokenKind::Newline && self.newline.is_none() {
            self.newline = Some(if t.text(self.src) == "\r\n" {
                "\r\n"
            } else {
                "\n"
            });
        }
        Some(t)
    }

    /// Moves the tokens that start before `byte` to `out`.
    fn take_before(&mut self, byte: u32, out: &mut Vec<Tok>) {
        while let Some(t) = self.next_before(byte) {
            out.push(t);
        }
    }

    /// Moves the comments and the newline that end an item's last line to
    /// `out`.
    fn take_line_end(&mut self, out: &mut Vec<Tok>) {
        while matches!(
            self.toks.peek().map(|t| t.kind),
            Some(TokenKind::Comment | TokenKind::Newline)
        ) {
            let Some(t) = self.next_before(u32::MAX) else {
                return;
            };
            out.push(t);
            if t.ends_line(self.src) {
                return;
            }
        }
    }

    /// The body `id`, whose tokens end before byte `limit`. Nesting is as
    /// deep as the parser allows (its depth limit), so recursion is
    /// bounded.
    fn body(&mut self, id: BodyId, limit: u32, in_block: bool) -> EditBody {
        let ast = self.file.ast();
        let node = ast.body(id);
        let attrs = node.attributes.range();
        let blocks = node.blocks.range();
        // Attributes and blocks, each in source order, merged.
        let mut order = Vec::with_capacity(attrs.len() + blocks.len());
        let (mut a, mut b) = (attrs.start, blocks.start);
        while a < attrs.end || b < blocks.end {
            let take_attr = b >= blocks.end
                || (a < attrs.end && ast.attributes[a].name.start < ast.blocks[b].type_name.start);
            if take_attr {
                order.push(Node::Attribute(a));
                a += 1;
            } else {
                order.push(Node::Block(b));
                b += 1;
            }
        }
        let mut items = Vec::with_capacity(order.len() * 2 + 1);
        let mut pending = Vec::new();
        for n in order {
            let start = match n {
                Node::Attribute(i) => ast.attributes[i].name.start,
                Node::Block(i) => ast.blocks[i].type_name.start,
            };
            self.take_before(start, &mut pending);
            let mut lead = pending.len();
            while lead > 0 && pending[lead - 1].kind == TokenKind::Comment {
                lead -= 1;
            }
            let toks = pending.split_off(lead);
            if !pending.is_empty() {
                items.push(Item::Trivia(self.src.clone(), std::mem::take(&mut pending)));
            }
            items.push(match n {
                Node::Attribute(i) => self.attribute(i, toks),
                Node::Block(i) => self.block(i, toks),
            });
        }
        self.take_before(limit, &mut pending);
        if !pending.is_empty() {
            items.push(Item::Trivia(self.src.clone(), pending));
        }
        EditBody { items, in_block }
    }

    /// The attribute `i`, after its lead comments `toks`.
    fn attribute(&mut self, i: usize, mut toks: Vec<Tok>) -> Item {
        let node = &self.file.ast().attributes[i];
        let (equals, end) = (node.equals, node.end);
        let name = toks.len();
        self.take_before(equals + 1, &mut toks);
        let expr_start = toks.len();
        self.take_before(end, &mut toks);
        let expr_end = toks.len();
        self.take_line_end(&mut toks);
        let well_formed = toks.get(name).is_some_and(|t| t.kind == TokenKind::Ident)
            && toks.get(expr_start.wrapping_sub(1)).map(|t| t.kind) == Some(TokenKind::Equal)
            && expr_start < expr_end;
        if !well_formed {
            // Not what the parser said: kept as it is, as trivia.
            return Item::Trivia(self.src.clone(), toks);
        }
        Item::Attribute(EditAttribute {
            src: self.src.clone(),
            toks,
            name,
            expr: (expr_start, expr_end),
        })
    }

    /// The block `i`, after its lead comments `toks`.
    fn block(&mut self, i: usize, mut toks: Vec<Tok>) -> Item {
        let node = &self.file.ast().blocks[i];
        let (open, close, body_id) = (node.open_brace, node.close_brace, node.body);
        let labels: Vec<String> = self
            .ast()
            .block_labels(node)
            .iter()
            .map(|l| self.file.text(l.text).to_owned())
            .collect();
        let type_at = toks.len();
        self.take_before(open.end, &mut toks);
        let split = toks.len();
        let body = self.body(body_id, close.start, true);
        self.take_before(close.end, &mut toks);
        self.take_line_end(&mut toks);
        // Printing is lossless whatever the tokens are (they stay in order);
        // the parser and the scanner agree on them, so edits find the type
        // at `type_at` and the `{` just before `split`.
        Item::Block(EditBlock {
            src: self.src.clone(),
            toks,
            type_at,
            split,
            labels,
            body,
        })
    }
}
