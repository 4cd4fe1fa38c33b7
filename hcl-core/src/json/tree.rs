//! The compact tree of a parsed JSON document.
//!
//! Nodes live in one arena and refer to each other by index; an object's
//! properties and an array's elements are contiguous runs of two more
//! arenas. Every node and every property name keeps the [`Span`] of its
//! source bytes. A string without escapes is not copied: its text is read
//! from the source between its quotes. A string with escapes is decoded
//! once, into one shared buffer. Numbers are kept as [`Number`]s, converted
//! exactly from their decimal text.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use crate::number::Number;
use crate::pos::{Pos, Range};
use crate::source::{SourceFile, Span};

use super::body::JsonBody;
use super::char_range;
use super::expression::JsonExpression;
use super::template::Template;

/// The index of a node in its tree.
pub(crate) type NodeId = u32;

/// A run of entries of one of the tree's arenas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct List {
    pub(crate) start: u32,
    pub(crate) len: u32,
}

impl List {
    pub(crate) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// "This string has no escapes: read it from the source."
pub(crate) const NOT_ESCAPED: u32 = u32::MAX;

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Null,
    Bool(bool),
    /// An index into the tree's numbers.
    Number(u32),
    /// [`NOT_ESCAPED`], or an index into the tree's decoded strings.
    String(u32),
    /// A run of the tree's properties.
    Object(List),
    /// A run of the tree's elements.
    Array(List),
    /// A value the parser rejected (and reported).
    Invalid,
}

/// One node: what it is and where it is written (for an object or an
/// array, from its opening to its closing bracket).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) span: Span,
}

/// One property of an object: its name (the string token, quotes
/// included), how to read the name, and its value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prop {
    pub(crate) name: Span,
    /// [`NOT_ESCAPED`], or an index into the tree's decoded strings.
    pub(crate) escaped: u32,
    pub(crate) value: NodeId,
}

/// The arenas of one document.
#[derive(Debug, Default)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    pub(crate) props: Vec<Prop>,
    pub(crate) items: Vec<NodeId>,
    pub(crate) numbers: Vec<Number>,
    /// Decoded strings: byte ranges of `decoded`.
    pub(crate) escaped: Vec<(u32, u32)>,
    pub(crate) decoded: String,
}

impl Tree {
    pub(crate) fn node(&self, id: NodeId) -> Node {
        self.nodes.get(id as usize).copied().unwrap_or(Node {
            kind: Kind::Invalid,
            span: Span::default(),
        })
    }

    pub(crate) fn items(&self, list: List) -> &[NodeId] {
        self.items.get(list.range()).unwrap_or(&[])
    }

    /// The text of a string token whose decoded form is `escaped`.
    pub(crate) fn string<'a>(&'a self, source: &'a str, span: Span, escaped: u32) -> &'a str {
        if escaped == NOT_ESCAPED {
            let inner = Span::new(span.start + 1, span.end.saturating_sub(1));
            source
                .get(inner.start as usize..inner.end as usize)
                .unwrap_or("")
        } else {
            let (s, e) = self
                .escaped
                .get(escaped as usize)
                .copied()
                .unwrap_or((0, 0));
            self.decoded.get(s as usize..e as usize).unwrap_or("")
        }
    }
}

/// A parsed JSON document: its source text (with a line index built on
/// demand), its tree, and the templates of its strings once parsed.
///
/// Get the document's body with [`ParsedJson::body`] (a configuration
/// file), or its root value as an expression with
/// [`ParsedJson::root_expression`].
pub struct ParsedJson {
    pub(crate) source: Arc<SourceFile>,
    pub(crate) tree: Tree,
    /// The root value; `None` when the document is not an object or an
    /// array of objects (its body is then empty).
    pub(crate) root: Option<NodeId>,
    /// The value parsed, whatever it is (`None` only for empty input that
    /// produced nothing).
    pub(crate) value: Option<NodeId>,
    /// Parsed templates of strings, by [`template_key`].
    pub(crate) templates: Mutex<HashMap<u64, Arc<Template>>>,
    /// The nesting limit, for the native parser of strings too.
    pub(crate) max_depth: usize,
}

impl fmt::Debug for ParsedJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParsedJson")
            .field("filename", self.source.name())
            .field("nodes", &self.tree.nodes.len())
            .field("root", &self.root)
            .finish()
    }
}

/// The template-cache key of a string value (a node) or of a property name.
pub(crate) fn template_key(is_name: bool, id: u32) -> u64 {
    (u64::from(is_name) << 32) | u64::from(id)
}

impl ParsedJson {
    /// The file name given to the parser.
    pub fn filename(&self) -> &str {
        self.source.name()
    }

    /// The source text (after a byte order mark, if there was one; each
    /// byte that is not valid UTF-8 replaced by U+001A, so that offsets are
    /// kept).
    pub fn source(&self) -> &str {
        self.source.text()
    }

    /// Where the source text starts in its file (the start position given
    /// to the parser, moved past a byte order mark).
    pub fn start(&self) -> Pos {
        self.source.base()
    }

    /// The number of values in the tree (objects, arrays, strings, numbers,
    /// booleans and nulls, property names not counted).
    pub fn value_count(&self) -> usize {
        self.tree.nodes.len()
    }

    /// The document's body: the root object, or the objects of the root
    /// array, as a [`crate::Body`]. When the root is neither (an error the
    /// parser reported), an empty body.
    pub fn body(self: &Arc<Self>) -> JsonBody {
        JsonBody::new(Arc::clone(self), self.root)
    }

    /// The root value as an expression (`None` when nothing could be
    /// parsed at all).
    pub fn root_expression(self: &Arc<Self>) -> Option<JsonExpression> {
        self.value
            .map(|id| JsonExpression::node(Arc::clone(self), id))
    }

    pub(crate) fn range(&self, span: Span) -> Range {
        char_range(&self.source, span)
    }

    pub(crate) fn node(&self, id: NodeId) -> Node {
        self.tree.node(id)
    }

    pub(crate) fn prop(&self, id: u32) -> Prop {
        self.tree.props.get(id as usize).copied().unwrap_or(Prop {
            name: Span::default(),
            escaped: NOT_ESCAPED,
            value: u32::MAX,
        })
    }

    /// The name of a property.
    pub(crate) fn prop_name(&self, prop: &Prop) -> &str {
        self.tree
            .string(self.source.text(), prop.name, prop.escaped)
    }

    /// The text of a string node.
    #[cfg(test)]
    pub(crate) fn string_text(&self, node: &Node) -> &str {
        match node.kind {
            Kind::String(escaped) => self.tree.string(self.source.text(), node.span, escaped),
            _ => "",
        }
    }

    /// The start range of a node: its opening bracket for an object or an
    /// array, the whole value otherwise (Go's `StartRange`).
    pub(crate) fn start_span(&self, node: &Node) -> Span {
        match node.kind {
            Kind::Object(_) | Kind::Array(_) => {
                Span::new(node.span.start, (node.span.start + 1).min(node.span.end))
            }
            _ => node.span,
        }
    }
}
