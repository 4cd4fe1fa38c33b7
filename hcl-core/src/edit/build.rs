//! From source text to an editable document: the parser finds the
//! attributes and blocks, the lossless scanner gives the tokens, and each
//! token goes to the node whose range holds it, as Go's `hclwrite` parser
//! partitions them (the comment lines directly above an item and the
//! comments at the end of its last line belong to it; everything else
//! between items stays where it is, as trivia of the body).

use std::sync::Arc;

use super::Document;
use super::attribute::Attribute;
use super::block::Block;
use super::body::{Body, Item};
use super::token::{Tok, lex};
use crate::Diagnostics;
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
    let toks = lex(text, false);
    // `lex` leaves out the end token: its gap is the text after the last token.
    let last = toks.last().map_or(0, |t| t.end);
    let eof = Tok {
        kind: TokenKind::Eof,
        fresh: false,
        gap: last,
        start: text.len() as u32,
        end: text.len() as u32,
    };
    let newline = match toks.iter().find(|t| t.kind == TokenKind::Newline) {
        Some(t) if t.text(&src) == "\r\n" => "\r\n",
        _ => "\n",
    };
    let builder = Build {
        file: &file,
        src: &src,
        toks: &toks,
    };
    let body = match file.root() {
        Some(root) => builder.body(root, 0, builder.toks.len(), false),
        None => Body::empty(),
    };
    Ok(Document {
        body,
        end: (src.clone(), eof),
        newline,
        touched: false,
    })
}

struct Build<'a> {
    file: &'a ParsedFile,
    src: &'a Arc<str>,
    toks: &'a [Tok],
}

/// An item of a body, by its range in the text.
enum Node {
    Attribute(usize),
    Block(usize),
}

impl Build<'_> {
    fn ast(&self) -> &Ast {
        self.file.ast()
    }

    /// The first index in `from..to` of a token that starts at or after
    /// `byte`.
    fn find(&self, from: usize, to: usize, byte: u32) -> usize {
        (from..to)
            .find(|&i| self.toks[i].start >= byte)
            .unwrap_or(to)
    }

    /// The body with tokens `lo..hi`. Nesting is as deep as the parser
    /// allows (its depth limit), so recursion is bounded.
    fn body(&self, id: BodyId, lo: usize, hi: usize, in_block: bool) -> Body {
        let ast = self.ast();
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
        let mut cur = lo;
        for n in order {
            let (s, e) = match n {
                Node::Attribute(i) => {
                    let span = ast.attributes[i].span();
                    (span.start, span.end)
                }
                Node::Block(i) => {
                    let b = &ast.blocks[i];
                    (b.type_name.start, b.close_brace.end)
                }
            };
            let first = self.find(cur, hi, s);
            let past = self.find(first, hi, e);
            let mut lead = first;
            while lead > cur && self.toks[lead - 1].kind == TokenKind::Comment {
                lead -= 1;
            }
            let mut end = past;
            while end < hi {
                let t = &self.toks[end];
                match t.kind {
                    TokenKind::Comment => {
                        end += 1;
                        if t.ends_line(self.src) {
                            break;
                        }
                    }
                    TokenKind::Newline => {
                        end += 1;
                        break;
                    }
                    _ => break,
                }
            }
            if lead > cur {
                items.push(Item::Trivia(
                    self.src.clone(),
                    self.toks[cur..lead].to_vec(),
                ));
            }
            let item = match n {
                Node::Attribute(i) => self.attribute(i, lead, first, past, end),
                Node::Block(i) => self.block(i, lead, first, end),
            };
            items.push(
                item.unwrap_or_else(|| {
                    Item::Trivia(self.src.clone(), self.toks[lead..end].to_vec())
                }),
            );
            cur = end;
        }
        if cur < hi {
            items.push(Item::Trivia(self.src.clone(), self.toks[cur..hi].to_vec()));
        }
        Body { items, in_block }
    }

    /// An attribute of tokens `lead..end`, its name at `name`, its
    /// expression ending before `past`.
    fn attribute(
        &self,
        i: usize,
        lead: usize,
        name: usize,
        past: usize,
        end: usize,
    ) -> Option<Item> {
        let node = &self.ast().attributes[i];
        let eq = self.find(name, past, node.equals);
        if self.toks.get(name)?.kind != TokenKind::Ident
            || self.toks.get(eq)?.kind != TokenKind::Equal
            || eq + 1 >= past
        {
            return None;
        }
        Some(Item::Attribute(Attribute {
            src: self.src.clone(),
            toks: self.toks[lead..end].to_vec(),
            name: name - lead,
            expr: (eq + 1 - lead, past - lead),
        }))
    }

    /// A block of tokens `lead..end`, its type at `ty`.
    fn block(&self, i: usize, lead: usize, ty: usize, end: usize) -> Option<Item> {
        let ast = self.ast();
        let node = &ast.blocks[i];
        let open = self.find(ty, end, node.open_brace.start);
        let close = self.find(open, end, node.close_brace.start);
        if self.toks.get(open)?.kind != TokenKind::OBrace
            || self.toks.get(close)?.kind != TokenKind::CBrace
        {
            return None;
        }
        let body = self.body(node.body, open + 1, close, true);
        let mut toks = Vec::with_capacity(open + 1 - lead + end - close);
        toks.extend_from_slice(&self.toks[lead..=open]);
        toks.extend_from_slice(&self.toks[close..end]);
        let labels = ast
            .block_labels(node)
            .iter()
            .map(|l| self.file.text(l.text).to_owned())
            .collect();
        Some(Item::Block(Block {
            src: self.src.clone(),
            toks,
            type_at: ty - lead,
            split: open + 1 - lead,
            labels,
            body,
        }))
    }
}
