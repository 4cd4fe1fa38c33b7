//! The editable body: attributes, blocks and the comments and blank lines
//! between them, in source order.

use std::fmt;
use std::sync::Arc;

use super::attribute::EditAttribute;
use super::block::EditBlock;
use super::build::parse_document;
use super::token::{Builder, Tok};
use crate::native::lexer::TokenKind;
use crate::native::{ParseOptions, parse_expression};
use crate::{Diagnostic, Diagnostics, Pos, Value};

/// One element of a body.
#[derive(Clone)]
pub(super) enum Item {
    /// Comments and newlines that belong to no attribute or block: tokens
    /// of a source text.
    Trivia(Arc<str>, Vec<Tok>),
    Attribute(EditAttribute),
    Block(EditBlock),
}

/// The body of a [`Document`](super::Document) or of an [`EditBlock`]: read and
/// change its attributes and blocks. Edited and new parts are laid out as
/// the formatter would lay them out; everything else is printed as it was
/// written.
///
/// ```
/// use hcl_core::edit::Document;
/// use hcl_core::Value;
///
/// let mut doc = Document::parse("a   = 1 # one\nbbb = 2\n", "f.hcl").unwrap();
/// let body = doc.body_mut();
/// body.set_attribute_value("a", &Value::from(10)).unwrap();
/// body.set_attribute_raw("c", "a + bbb").unwrap();
/// assert!(body.remove_attribute("bbb"));
/// body.append_block("extra", &["x"]).body_mut().set_attribute_value("on", &Value::from(true)).unwrap();
/// assert_eq!(doc.to_string(), "a = 10 # one\nc = a + bbb\nextra \"x\" {\n  on = true\n}\n");
/// ```
#[derive(Clone)]
pub struct EditBody {
    pub(super) items: Vec<Item>,
    /// The body of a block (whose `{` must be followed by a newline before
    /// anything is appended).
    pub(super) in_block: bool,
}

impl EditBody {
    /// An empty top-level body.
    pub(super) fn empty() -> EditBody {
        EditBody {
            items: Vec::new(),
            in_block: false,
        }
    }

    /// The body of a new block: just the newline after its `{`.
    pub(super) fn new_block_body() -> EditBody {
        EditBody {
            items: vec![newline_item()],
            in_block: true,
        }
    }

    /// Whether the body has no attributes and no blocks.
    pub fn is_empty(&self) -> bool {
        !self
            .items
            .iter()
            .any(|i| matches!(i, Item::Attribute(_) | Item::Block(_)))
    }

    /// The attributes, in order.
    pub fn attributes(&self) -> impl Iterator<Item = &EditAttribute> + '_ {
        self.items.iter().filter_map(|i| match i {
            Item::Attribute(a) => Some(a),
            _ => None,
        })
    }

    /// The blocks, in order.
    pub fn blocks(&self) -> impl Iterator<Item = &EditBlock> + '_ {
        self.items.iter().filter_map(|i| match i {
            Item::Block(b) => Some(b),
            _ => None,
        })
    }

    /// The blocks, in order, for editing.
    pub fn blocks_mut(&mut self) -> impl Iterator<Item = &mut EditBlock> + '_ {
        self.items.iter_mut().filter_map(|i| match i {
            Item::Block(b) => Some(b),
            _ => None,
        })
    }

    /// The attribute with this name.
    pub fn attribute(&self, name: &str) -> Option<&EditAttribute> {
        self.attributes().find(|a| a.name() == name)
    }

    /// The first block with this type and exactly these labels.
    pub fn block(&self, block_type: &str, labels: &[&str]) -> Option<&EditBlock> {
        self.blocks().find(|b| b.is(block_type, labels))
    }

    /// The first block with this type and exactly these labels, for
    /// editing.
    pub fn block_mut(&mut self, block_type: &str, labels: &[&str]) -> Option<&mut EditBlock> {
        self.blocks_mut().find(|b| b.is(block_type, labels))
    }

    /// Sets an attribute to the expression that denotes `value`: replaces
    /// the expression of the attribute of that name (its comments stay),
    /// or appends a new attribute at the end of the body. Fails, changing
    /// nothing, when the name is not an identifier or the value has no
    /// expression (an unknown value, a capsule).
    pub fn set_attribute_value(&mut self, name: &str, value: &Value) -> Result<(), Diagnostics> {
        let text = crate::format::value::expression(value).map_err(|e| {
            Diagnostics::from(
                Diagnostic::error("Value has no expression").with_detail(format!(
                    "The value of {} cannot be written: {e}.",
                    crate::quote::go_quote(name)
                )),
            )
        })?;
        self.set_attribute_text(name, &text)
    }

    /// Sets an attribute to an expression given as source text, kept as
    /// written: replaces the expression of the attribute of that name or
    /// appends a new attribute. The text must be one valid expression (the
    /// parser's diagnostics otherwise, with ranges in the text).
    pub fn set_attribute_raw(&mut self, name: &str, expression: &str) -> Result<(), Diagnostics> {
        let (_, _, diags) = parse_expression(
            expression.as_bytes(),
            "<expression>",
            Pos::start(),
            &ParseOptions::default(),
        );
        if diags.has_errors() {
            return Err(diags);
        }
        self.set_attribute_text(name, expression)
    }

    fn set_attribute_text(&mut self, name: &str, expression: &str) -> Result<(), Diagnostics> {
        let new = new_attribute(name, expression)?;
        let existing = self.items.iter_mut().find_map(|i| match i {
            Item::Attribute(a) if a.name() == name => Some(a),
            _ => None,
        });
        match existing {
            Some(attr) => attr.replace_expression(&new),
            None => {
                self.prepare_append();
                self.items.push(Item::Attribute(new));
            }
        }
        Ok(())
    }

    /// Renames the attribute `from` to `to` where it stands, keeping its
    /// expression and its comments; whether there was one. Fails, changing
    /// nothing, when `to` is not an identifier or another attribute already
    /// has that name.
    ///
    /// ```
    /// use hcl_core::edit::Document;
    ///
    /// let mut doc = Document::parse("# seconds\nwait = 30 # at most\nport = 80\n", "f.hcl").unwrap();
    /// assert!(doc.body_mut().rename_attribute("wait", "timeout").unwrap());
    /// assert_eq!(doc.to_string(), "# seconds\ntimeout = 30 # at most\nport    = 80\n");
    /// assert!(doc.body_mut().rename_attribute("port", "timeout").is_err());
    /// assert!(!doc.body_mut().rename_attribute("gone", "x").unwrap());
    /// ```
    pub fn rename_attribute(&mut self, from: &str, to: &str) -> Result<bool, Diagnostics> {
        if !crate::native::is_identifier(to) {
            return Err(invalid_attribute_name(to));
        }
        if from != to && self.attribute(to).is_some() && self.attribute(from).is_some() {
            return Err(Diagnostic::error("Duplicate argument")
                .with_detail(format!(
                    "The body already has an argument named {}.",
                    crate::quote::go_quote(to)
                ))
                .into());
        }
        let attr = self.items.iter_mut().find_map(|i| match i {
            Item::Attribute(a) if a.name() == from => Some(a),
            _ => None,
        });
        Ok(attr.map(|a| a.rename(to)).is_some())
    }

    /// Removes the attribute of that name with its comments (the comment
    /// lines directly above it and the one at the end of its line);
    /// whether there was one.
    pub fn remove_attribute(&mut self, name: &str) -> bool {
        let at = self
            .items
            .iter()
            .position(|i| matches!(i, Item::Attribute(a) if a.name() == name));
        at.map(|at| self.items.remove(at)).is_some()
    }

    /// Appends a new empty block (`type "label" ... {`, `}`) at the end of
    /// the body and returns it. The type is written as given, as Go's
    /// `hclwrite` does; it should be an identifier (see
    /// [`EditBlock::set_block_type`] for a checked rename).
    pub fn append_block(&mut self, block_type: &str, labels: &[&str]) -> &mut EditBlock {
        self.prepare_append();
        self.items
            .push(Item::Block(EditBlock::new(block_type, labels)));
        match self.items.last_mut() {
            Some(Item::Block(b)) => b,
            _ => unreachable!("a block was just pushed"),
        }
    }

    /// Removes the first block with this type and exactly these labels,
    /// with its lines and the comment lines directly above it; whether
    /// there was one.
    pub fn remove_block(&mut self, block_type: &str, labels: &[&str]) -> bool {
        let at = self
            .items
            .iter()
            .position(|i| matches!(i, Item::Block(b) if b.is(block_type, labels)));
        at.map(|at| self.items.remove(at)).is_some()
    }

    /// Makes sure what is appended starts a line of its own: a newline
    /// after content that does not end its line (the last line of a file
    /// without a final newline, a one-line block), or after the `{` of an
    /// empty one-line block.
    fn prepare_append(&mut self) {
        if self.in_block && !self.starts_with_newline() {
            self.items.insert(0, newline_item());
        }
        let ends_line = match self.items.last() {
            None => true,
            Some(Item::Trivia(src, toks)) => toks.last().is_none_or(|t| t.ends_line(src)),
            Some(Item::Attribute(a)) => a.last().is_none_or(|(src, t)| t.ends_line(src)),
            Some(Item::Block(b)) => b.toks.last().is_none_or(|t| t.ends_line(&b.src)),
        };
        if !ends_line {
            self.items.push(newline_item());
        }
    }

    /// Whether the body's first token is a newline (a block body that is
    /// not a one-line block).
    fn starts_with_newline(&self) -> bool {
        match self.items.first() {
            Some(Item::Trivia(src, toks)) => toks.first().is_some_and(|t| t.ends_line(src)),
            _ => false,
        }
    }
}

/// A fresh newline, as an item of its own.
fn newline_item() -> Item {
    let mut b = Builder::default();
    b.push_new(TokenKind::Newline, "\n");
    let (src, toks) = b.finish();
    Item::Trivia(src, toks)
}

/// A new attribute `name = expression`, all of it fresh.
fn new_attribute(name: &str, expression: &str) -> Result<EditAttribute, Diagnostics> {
    // Checked first: a name that is no identifier would otherwise give the
    // parser's errors about a synthetic line.
    if !crate::native::is_identifier(name) {
        return Err(invalid_attribute_name(name));
    }
    // A heredoc ends with the newline after its closing marker.
    let newline = if expression.ends_with('\n') { "" } else { "\n" };
    let text = format!("{name} = {expression}{newline}");
    let doc = parse_document(&text, "<attribute>")?;
    let mut items = doc.body.items.into_iter();
    match (items.next(), items.next()) {
        (Some(Item::Attribute(mut a)), None) if a.name() == name => {
            for t in &mut a.toks {
                t.fresh = true;
            }
            Ok(a)
        }
        _ => Err(invalid_attribute_name(name)),
    }
}

/// The error for a name that is no identifier.
fn invalid_attribute_name(name: &str) -> Diagnostics {
    Diagnostic::error("Invalid attribute name")
        .with_detail(format!(
            "An attribute name must be an identifier, not {}.",
            crate::quote::go_quote(name)
        ))
        .into()
}

impl fmt::Debug for EditBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_list();
        for item in &self.items {
            match item {
                Item::Attribute(a) => list.entry(a),
                Item::Block(b) => list.entry(b),
                Item::Trivia(..) => continue,
            };
        }
        list.finish()
    }
}
