//! Body content: the attributes and blocks found by applying a schema to a
//! body ("Body Content").

use std::collections::BTreeMap;

use crate::pos::Range;

use super::{DynBody, DynExpression};

#[cfg(doc)]
use super::Body;

/// An attribute of body content: a name and its (unevaluated) expression.
#[derive(Clone, Debug)]
pub struct Attribute {
    /// The attribute name.
    pub name: String,
    /// The value expression.
    pub expr: DynExpression,
    /// The whole definition, name to end of expression.
    pub range: Range,
    /// The name alone.
    pub name_range: Range,
}

impl Attribute {
    /// The range of the value expression.
    pub fn expr_range(&self) -> Range {
        self.expr.range()
    }
}

/// A block of body content: type, labels and the (unprocessed) body.
#[derive(Clone, Debug)]
pub struct Block {
    /// The block type name.
    pub type_name: String,
    /// The labels, in order.
    pub labels: Vec<String>,
    /// The block's own body.
    pub body: DynBody,
    /// The header: from the type name to the end of the last label (the
    /// type name alone when there is no label), as Go's `DefRange`.
    pub def_range: Range,
    /// The type name alone.
    pub type_range: Range,
    /// Each label's range.
    pub label_ranges: Vec<Range>,
}

/// The attribute map of body content, by name.
pub type Attributes = BTreeMap<String, Attribute>;

/// The result of applying a schema to a body.
#[derive(Clone, Debug)]
pub struct BodyContent {
    /// The attributes found, by name.
    pub attributes: Attributes,
    /// The blocks found, in source order.
    pub blocks: Vec<Block>,
    /// Where an item missing from the body would be reported: the body's
    /// [`Body::missing_item_range`] (for a native block body, an empty range
    /// at its opening brace).
    pub missing_item_range: Range,
}

impl BodyContent {
    /// Empty content reporting missing items at `missing_item_range`.
    pub fn empty(missing_item_range: Range) -> BodyContent {
        BodyContent {
            attributes: Attributes::new(),
            blocks: Vec::new(),
            missing_item_range,
        }
    }

    /// The blocks of one type.
    pub fn blocks_of_type<'a>(&'a self, type_name: &'a str) -> impl Iterator<Item = &'a Block> {
        self.blocks.iter().filter(move |b| b.type_name == type_name)
    }
}
