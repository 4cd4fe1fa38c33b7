//! The structure an editor needs from a native-syntax file, read from its
//! lossless token list (`hcl_core::format::tokens`), so that a half-typed
//! file still has an outline: attributes and blocks with the byte ranges of
//! their names, labels and bodies, the `var.NAME`, `local.NAME` and function
//! references in expressions, and a class for each token to colour.
//!
//! Recovery is by lines: a line that is neither an attribute nor a block
//! header is skipped, and an unclosed block ends at the end of the file.

use std::ops::Range;

use hcl_core::format::tokens::{Token, TokenKind, Tokens};
use hcl_core::parse::Syntax;

/// How deep blocks nest before the outline stops descending (the parser's
/// own limit is far above what a configuration uses; deeper blocks are
/// skipped, not an error here: the parser reports them).
const MAX_BLOCK_DEPTH: usize = 256;

/// An attribute or a block of a body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `name = expression`.
    Attribute(Attribute),
    /// `type "label" { ... }`.
    Block(Block),
}

impl Item {
    /// The byte range of the whole item.
    pub fn span(&self) -> Range<usize> {
        match self {
            Item::Attribute(a) => a.name_span.start..a.value_span.end.max(a.name_span.end),
            Item::Block(b) => b.span.clone(),
        }
    }
}

/// An attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// Its name.
    pub name: String,
    /// The bytes of the name.
    pub name_span: Range<usize>,
    /// The bytes of the expression (empty when it is missing).
    pub value_span: Range<usize>,
}

/// A block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Its type.
    pub block_type: String,
    /// The bytes of the type.
    pub type_span: Range<usize>,
    /// Its labels, unquoted, with their bytes (quotes included).
    pub labels: Vec<(String, Range<usize>)>,
    /// From the type to the closing brace (or the end of the file when it
    /// is missing).
    pub span: Range<usize>,
    /// Between the braces.
    pub body_span: Range<usize>,
    /// The items of its body.
    pub body: Vec<Item>,
}

/// A reference to a named value or function in an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// What it names.
    pub kind: ReferenceKind,
    /// The name (`x` of `var.x`).
    pub name: String,
    /// The bytes of the name alone.
    pub name_span: Range<usize>,
}

/// The kinds of [`Reference`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReferenceKind {
    /// `var.NAME`.
    Variable,
    /// `local.NAME`.
    Local,
    /// `NAME(...)`.
    Function,
}

/// The colour classes of [`Outline::classes`]; the protocol's token types
/// are listed in this order in the server's legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A block type.
    Type,
    /// A block label.
    Label,
    /// An attribute name.
    Property,
    /// `var`, `local` and the names after them.
    Variable,
    /// A function name at a call.
    Function,
    /// `true`, `false`, `null`, `for`, `in`, `if`, template directives.
    Keyword,
    /// Quoted and heredoc text.
    String,
    /// A number literal.
    Number,
    /// A comment.
    Comment,
    /// An operator.
    Operator,
}

impl Class {
    /// Every class, in legend order.
    pub const ALL: [Class; 10] = [
        Class::Type,
        Class::Label,
        Class::Property,
        Class::Variable,
        Class::Function,
        Class::Keyword,
        Class::String,
        Class::Number,
        Class::Comment,
        Class::Operator,
    ];
}

/// The outline of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outline {
    /// The top-level items.
    pub body: Vec<Item>,
    /// Every reference, in source order.
    pub references: Vec<Reference>,
}

impl Outline {
    /// The outline of a text in a syntax: empty for the JSON syntax, whose
    /// structure depends on a schema.
    pub fn for_syntax(text: &str, syntax: Syntax) -> Outline {
        match syntax {
            Syntax::Native => Outline::of(text),
            Syntax::Json => Outline::default(),
        }
    }

    /// The outline of a native-syntax text.
    pub fn of(text: &str) -> Outline {
        let tokens = Tokens::lex(text.as_bytes());
        let mut reader = Reader {
            text,
            tokens: tokens.as_slice(),
            at: 0,
        };
        let body = reader.body(0);
        let references = references(text, tokens.as_slice());
        Outline { body, references }
    }

    /// A colour class for each token that has one, in source order, none
    /// overlapping (computed when asked for, so that an outline holds no
    /// more than its items and references).
    pub fn classes(&self, text: &str) -> Vec<(Range<usize>, Class)> {
        let mut classes = Vec::new();
        let mut stack: Vec<&[Item]> = vec![&self.body];
        while let Some(items) = stack.pop() {
            for item in items {
                match item {
                    Item::Attribute(a) => classes.push((a.name_span.clone(), Class::Property)),
                    Item::Block(b) => {
                        classes.push((b.type_span.clone(), Class::Type));
                        classes.extend(
                            b.labels
                                .iter()
                                .map(|(_, span)| (span.clone(), Class::Label)),
                        );
                        stack.push(&b.body);
                    }
                }
            }
        }
        classes.extend(self.references.iter().map(|r| {
            let class = match r.kind {
                ReferenceKind::Function => Class::Function,
                _ => Class::Variable,
            };
            (r.name_span.clone(), class)
        }));
        let tokens = Tokens::lex(text.as_bytes());
        classes.extend(token_classes(text, tokens.as_slice()));
        // The structural classes came first, so at a start shared with a
        // token's own class the structure wins (the sort is stable); a
        // token inside another (the text of a quoted label) is dropped:
        // the protocol's tokens do not overlap.
        classes.sort_by_key(|(span, _)| span.start);
        let mut end = 0;
        classes.retain(|(span, _)| {
            let keep = span.start >= end;
            if keep {
                end = span.end;
            }
            keep
        });
        classes
    }

    /// The blocks that contain a byte offset, outermost first (an offset on
    /// a block's braces counts as inside).
    pub fn blocks_at(&self, offset: usize) -> Vec<&Block> {
        let mut out = Vec::new();
        let mut items = &self.body;
        'descend: loop {
            for item in items {
                if let Item::Block(b) = item
                    && b.body_span.start <= offset
                    && offset <= b.body_span.end
                {
                    out.push(b);
                    items = &b.body;
                    continue 'descend;
                }
            }
            return out;
        }
    }
}

struct Reader<'a> {
    text: &'a str,
    tokens: &'a [Token],
    at: usize,
}

impl Reader<'_> {
    fn kind(&self, i: usize) -> TokenKind {
        self.tokens.get(i).map_or(TokenKind::Eof, |t| t.kind)
    }

    fn span(&self, i: usize) -> Range<usize> {
        self.tokens
            .get(i)
            .map_or(self.text.len()..self.text.len(), Token::range)
    }

    fn str(&self, i: usize) -> &str {
        self.text.get(self.span(i)).unwrap_or("")
    }

    /// Whether token `i` ends a line (a newline, or a line comment, whose
    /// token holds its newline).
    fn ends_line(&self, i: usize) -> bool {
        match self.kind(i) {
            TokenKind::Newline | TokenKind::Eof => true,
            TokenKind::Comment => self.str(i).ends_with('\n'),
            _ => false,
        }
    }

    /// The items of a body, up to its closing brace (not consumed) or the
    /// end.
    fn body(&mut self, depth: usize) -> Vec<Item> {
        let mut items = Vec::new();
        loop {
            match self.kind(self.at) {
                TokenKind::Eof | TokenKind::CBrace => return items,
                TokenKind::Newline | TokenKind::Comment => self.at += 1,
                TokenKind::Ident => match self.item(depth) {
                    Some(item) => items.push(item),
                    None => self.skip_line(),
                },
                _ => self.skip_line(),
            }
        }
    }

    fn item(&mut self, depth: usize) -> Option<Item> {
        let name_at = self.at;
        let name = self.str(name_at).to_owned();
        let name_span = self.span(name_at);
        if self.kind(name_at + 1) == TokenKind::Equal {
            self.at = name_at + 2;
            let value_span = self.expression();
            return Some(Item::Attribute(Attribute {
                name,
                name_span,
                value_span,
            }));
        }
        // A block header: labels, then an opening brace on the same line.
        let mut labels = Vec::new();
        let mut i = name_at + 1;
        loop {
            match self.kind(i) {
                TokenKind::Ident => {
                    labels.push((self.str(i).to_owned(), self.span(i)));
                    i += 1;
                }
                TokenKind::OQuote => {
                    let start = self.span(i).start;
                    let mut j = i + 1;
                    let mut text = String::new();
                    while self.kind(j) == TokenKind::QuotedLit {
                        text.push_str(self.str(j));
                        j += 1;
                    }
                    if self.kind(j) != TokenKind::CQuote {
                        return None;
                    }
                    labels.push((text, start..self.span(j).end));
                    i = j + 1;
                }
                TokenKind::OBrace => break,
                _ => return None,
            }
        }
        let open = self.span(i);
        self.at = i + 1;
        let body = if depth < MAX_BLOCK_DEPTH {
            self.body(depth + 1)
        } else {
            self.skip_to_close();
            Vec::new()
        };
        let (body_end, end) = if self.kind(self.at) == TokenKind::CBrace {
            let close = self.span(self.at);
            self.at += 1;
            (close.start, close.end)
        } else {
            (self.text.len(), self.text.len())
        };
        Some(Item::Block(Block {
            block_type: name,
            type_span: name_span.clone(),
            labels,
            span: name_span.start..end,
            body_span: open.end..body_end,
            body,
        }))
    }

    /// Consumes an expression: up to the end of its line outside any
    /// bracket, template or heredoc, or a closing brace of the enclosing
    /// block. Returns its bytes.
    fn expression(&mut self) -> Range<usize> {
        let start = self.at;
        let mut depth = 0usize;
        loop {
            let kind = self.kind(self.at);
            match kind {
                TokenKind::Eof => break,
                TokenKind::CBrace if depth == 0 => break,
                _ if depth == 0 && self.ends_line(self.at) => break,
                TokenKind::OBrace
                | TokenKind::OBrack
                | TokenKind::OParen
                | TokenKind::OQuote
                | TokenKind::OHeredoc
                | TokenKind::TemplateInterp
                | TokenKind::TemplateControl => depth += 1,
                TokenKind::CBrace
                | TokenKind::CBrack
                | TokenKind::CParen
                | TokenKind::CQuote
                | TokenKind::CHeredoc
                | TokenKind::TemplateSeqEnd => depth = depth.saturating_sub(1),
                _ => {}
            }
            self.at += 1;
        }
        if self.at == start {
            let at = self.span(start).start;
            return at..at;
        }
        self.span(start).start..self.span(self.at - 1).end
    }

    fn skip_line(&mut self) {
        while !self.ends_line(self.at) {
            if self.kind(self.at) == TokenKind::OBrace {
                self.at += 1;
                self.skip_to_close();
                if self.kind(self.at) == TokenKind::CBrace {
                    self.at += 1;
                }
                continue;
            }
            self.at += 1;
        }
        if self.kind(self.at) != TokenKind::Eof {
            self.at += 1;
        }
    }

    /// Skips to the closing brace that matches an opening one already
    /// consumed (not consuming it).
    fn skip_to_close(&mut self) {
        let mut depth = 0usize;
        loop {
            match self.kind(self.at) {
                TokenKind::Eof => return,
                TokenKind::CBrace if depth == 0 => return,
                TokenKind::OBrace => depth += 1,
                TokenKind::CBrace => depth -= 1,
                _ => {}
            }
            self.at += 1;
        }
    }
}

/// `var.NAME`, `local.NAME` and `NAME(` anywhere but after a `.` (an
/// attribute access) or before `=` (an attribute name).
fn references(text: &str, tokens: &[Token]) -> Vec<Reference> {
    let str_of = |t: &Token| text.get(t.range()).unwrap_or("");
    let mut out = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.kind != TokenKind::Ident {
            continue;
        }
        if i > 0 && tokens[i - 1].kind == TokenKind::Dot {
            continue;
        }
        let next = tokens.get(i + 1).map(|t| t.kind);
        let root = str_of(t);
        if next == Some(TokenKind::OParen) && tokens[i + 1].spaces_before == 0 {
            out.push(Reference {
                kind: ReferenceKind::Function,
                name: root.to_owned(),
                name_span: t.range(),
            });
            continue;
        }
        let kind = match root {
            "var" => ReferenceKind::Variable,
            "local" => ReferenceKind::Local,
            _ => continue,
        };
        if next == Some(TokenKind::Dot)
            && let Some(name) = tokens.get(i + 2).filter(|n| n.kind == TokenKind::Ident)
        {
            out.push(Reference {
                kind,
                name: str_of(name).to_owned(),
                name_span: name.range(),
            });
        }
    }
    out
}

fn token_classes<'a>(
    text: &'a str,
    tokens: &'a [Token],
) -> impl Iterator<Item = (Range<usize>, Class)> + 'a {
    tokens.iter().filter_map(move |t| {
        let class = match t.kind {
            TokenKind::Comment => Class::Comment,
            TokenKind::QuotedLit | TokenKind::StringLit => Class::String,
            TokenKind::NumberLit => Class::Number,
            TokenKind::Ident => match text.get(t.range()).unwrap_or("") {
                "true" | "false" | "null" | "for" | "in" | "if" | "else" | "endif" | "endfor" => {
                    Class::Keyword
                }
                _ => return None,
            },
            TokenKind::Star
            | TokenKind::Slash
            | TokenKind::Plus
            | TokenKind::Minus
            | TokenKind::Percent
            | TokenKind::EqualOp
            | TokenKind::NotEqual
            | TokenKind::LessThan
            | TokenKind::LessThanEq
            | TokenKind::GreaterThan
            | TokenKind::GreaterThanEq
            | TokenKind::And
            | TokenKind::Or
            | TokenKind::Bang
            | TokenKind::Question
            | TokenKind::Colon
            | TokenKind::FatArrow
            | TokenKind::Ellipsis => Class::Operator,
            _ => return None,
        };
        let mut range = t.range();
        if class == Class::Comment && text[range.clone()].ends_with('\n') {
            range.end -= 1;
            if text[..range.end].ends_with('\r') {
                range.end -= 1;
            }
        }
        Some((range, class))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(items: &[Item]) -> Vec<String> {
        items
            .iter()
            .map(|i| match i {
                Item::Attribute(a) => format!("{}=", a.name),
                Item::Block(b) => format!(
                    "{}[{}]{{{}}}",
                    b.block_type,
                    b.labels
                        .iter()
                        .map(|(l, _)| l.as_str())
                        .collect::<Vec<_>>()
                        .join(","),
                    names(&b.body).join(" ")
                ),
            })
            .collect()
    }

    #[test]
    fn attributes_and_nested_blocks() {
        let src =
            "a = 1\nresource \"x\" y {\n  b = {\n    c = 2\n  }\n  inner { d = \"${e}\" }\n}\n";
        let outline = Outline::of(src);
        assert_eq!(
            names(&outline.body),
            ["a=", "resource[x,y]{b= inner[]{d=}}"]
        );
        let Item::Block(block) = &outline.body[1] else {
            panic!()
        };
        let Item::Attribute(b) = &block.body[0] else {
            panic!()
        };
        assert_eq!(&src[b.value_span.clone()], "{\n    c = 2\n  }");
        assert_eq!(&src[block.labels[0].1.clone()], "\"x\"");
    }

    #[test]
    fn multi_line_expressions_and_heredocs_stay_one_attribute() {
        let src = "a = [\n  1,\n  2,\n]\nb = <<EOT\nx = 1\nEOT\nc = f(\n 1)\n";
        let outline = Outline::of(src);
        assert_eq!(names(&outline.body), ["a=", "b=", "c="]);
    }

    #[test]
    fn broken_lines_are_skipped_and_unclosed_blocks_end_at_eof() {
        let src = "a = 1\n= oops\n\"x\" y\nblock {\n  b = 2\n  c =\n";
        let outline = Outline::of(src);
        assert_eq!(names(&outline.body), ["a=", "block[]{b= c=}"]);
        let Item::Block(block) = &outline.body[1] else {
            panic!()
        };
        assert_eq!(block.span.end, src.len());
    }

    #[test]
    fn references_are_found_in_expressions_and_templates() {
        let src = "a = var.x + local.y.z\nb = \"${upper(var.w)}\"\nc = foo.var.q\n";
        let outline = Outline::of(src);
        let refs: Vec<_> = outline
            .references
            .iter()
            .map(|r| (r.kind, r.name.as_str()))
            .collect();
        assert_eq!(
            refs,
            [
                (ReferenceKind::Variable, "x"),
                (ReferenceKind::Local, "y"),
                (ReferenceKind::Function, "upper"),
                (ReferenceKind::Variable, "w"),
            ]
        );
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let depth = 100_000;
        let src = format!("{}{}", "b {\n".repeat(depth), "}\n".repeat(depth));
        let outline = Outline::of(&src);
        assert_eq!(outline.body.len(), 1);
        let deep = format!("a = {}{}\n", "[".repeat(depth), "]".repeat(depth));
        assert_eq!(Outline::of(&deep).body.len(), 1);
    }

    #[test]
    fn blocks_at_an_offset() {
        let src = "a {\n  b {\n    x = 1\n  }\n}\n";
        let outline = Outline::of(src);
        let at = outline.blocks_at(src.find('x').unwrap());
        let types: Vec<_> = at.iter().map(|b| b.block_type.as_str()).collect();
        assert_eq!(types, ["a", "b"]);
    }
}
