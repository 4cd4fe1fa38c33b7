//! Bodies, expressions and schemas: the structural half of the
//! information model ("Structural Elements", "Body Content",
//! "Expressions", "Static Analysis").
//!
//! A [`Body`] is opaque: its content is reached only through a
//! [`BodySchema`], by schema-driven processing ([`Body::content`]), partial
//! processing ([`Body::partial_content`], which also returns the remaining
//! body) or dynamic-attributes processing ([`Body::just_attributes`]). Each
//! syntax implements `Body` and [`Expression`] (the native syntax:
//! [`crate::native::NativeBody`]); [`merge_bodies`] makes several bodies
//! (several files) behave as one.
//!
//! Rules every `Body` of this crate keeps:
//!
//! - A schema must pass [`BodySchema::validate`] (no attribute named twice,
//!   no block type named like an attribute). `content` and
//!   `partial_content` check it first and report a bad schema as one
//!   "Invalid body schema" error diagnostic, with empty content; they never
//!   panic.
//! - The two-step rule: partial processing with one schema, then any
//!   processing of the remaining body with another, equals processing with
//!   the union of the two. The names the first step took are hidden from
//!   the remaining body, including from [`Body::just_attributes`].
//! - Diagnostics are deterministic: elements are reported in source order
//!   and "Did you mean" suggestions come from [`suggestion`].
//!
//! The module is in parts: schemas ([`BodySchema`], `schema.rs`), the
//! content processing finds ([`BodyContent`], `content.rs`), the diagnostics
//! every syntax's bodies share ([`unexpected_attribute`],
//! [`unexpected_block`], [`missing_attribute`], [`null_required_attribute`],
//! `diagnostics.rs`), merged
//! bodies ([`merge_bodies`], `merged.rs`), the expression of a constant
//! value ([`StaticExpression`], `static_expr.rs`) and the names hidden from a
//! remaining body (`hidden.rs`, used by the syntaxes); the [`Body`] and
//! [`Expression`] traits are here, and every item is reachable as
//! `hcl_core::body::Item`.
//!
//! ```
//! use hcl_core::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
//!
//! let schema = BodySchema::new()
//!     .attribute(AttributeSchema::required("name"))
//!     .attribute(AttributeSchema::optional("port"))
//!     .block(BlockHeaderSchema::new("listener").label("address"));
//! assert!(schema.validate().is_ok());
//!
//! let bad = BodySchema::new()
//!     .attribute(AttributeSchema::optional("tls"))
//!     .block(BlockHeaderSchema::new("tls"));
//! assert!(bad.validate().is_err());
//! ```

mod content;
mod diagnostics;
pub(crate) mod hidden;
mod merged;
mod schema;
mod static_expr;

use std::fmt;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::traversal::Traversal;
use crate::value::Value;

pub use content::{Attribute, Attributes, Block, BodyContent};
pub use diagnostics::{
    missing_attribute, null_required_attribute, unexpected_attribute, unexpected_block,
};
pub use merged::merge_bodies;
pub use schema::{AttributeSchema, BlockHeaderSchema, BodySchema, SchemaError};
pub use static_expr::StaticExpression;

#[cfg(doc)]
use crate::suggest::suggestion;

/// A shared, type-erased expression.
pub type DynExpression = Arc<dyn Expression>;

/// A shared, type-erased body.
pub type DynBody = Arc<dyn Body>;

/// A body: a container of attributes and blocks whose content is reached
/// through a schema. Implemented by each syntax.
pub trait Body: fmt::Debug + Send + Sync {
    /// Schema-driven processing with an exhaustive schema: every attribute
    /// or block the schema does not name is an error (with a "Did you mean"
    /// suggestion where a close name exists), and so is a missing required
    /// attribute. The content is returned even when there are errors.
    ///
    /// A schema that fails [`BodySchema::validate`] yields empty content
    /// and one "Invalid body schema" error.
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics);

    /// Partial processing: like [`Body::content`], but elements the schema
    /// does not name are no error; they stay in the returned remaining body,
    /// from which the attributes and block types the schema names are
    /// hidden. Processing the remaining body exhaustively with a second
    /// schema is equivalent to processing this body with the union of both
    /// schemas (the spec's two-step rule).
    ///
    /// A schema that fails [`BodySchema::validate`] yields empty content,
    /// one "Invalid body schema" error and a remaining body equal to this
    /// one.
    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, DynBody, Diagnostics);

    /// Dynamic-attributes processing: every attribute (except those hidden
    /// by an earlier partial processing), as if the schema named each one;
    /// a block (other than those hidden) is an error. The attributes are
    /// returned even when there are errors.
    fn just_attributes(&self) -> (Attributes, Diagnostics);

    /// Where an item missing from this body would be reported.
    fn missing_item_range(&self) -> Range;

    /// The block types this body holds, for processing a body whose schema
    /// is not known in advance (a self-describing decoding, such as
    /// `hcl_decode::serde`'s): each visible type once, in order of first
    /// appearance, with the number of labels of its first block. Types
    /// hidden by an earlier partial processing are left out. Under
    /// dynamic-block expansion a `dynamic "x"` block counts as a block of
    /// type `x`, its labels counted from a literal `labels` list.
    ///
    /// `None` (the default) when the syntax cannot tell blocks from
    /// attributes without a schema: in the JSON syntax any property may be
    /// either, so such a body is read with [`Body::just_attributes`].
    fn block_types(&self) -> Option<Vec<(String, usize)>> {
        None
    }

    /// An empty range at the start of the body's first item (attribute or
    /// block, hidden ones included) in source order, if the syntax can say:
    /// where [`merge_bodies`](crate::body::merged::merge_bodies) reports an
    /// item missing from bodies spread over several files (the start of the
    /// first file may be a comment). `None` by default.
    fn first_item_range(&self) -> Option<Range> {
        None
    }
}

/// A call found by the static-call analysis: the function name and the
/// argument expressions, uninterpreted.
#[derive(Clone, Debug)]
pub struct StaticCall {
    /// The called function's name.
    pub name: String,
    /// Where the name is written.
    pub name_range: Range,
    /// The argument expressions.
    pub arguments: Vec<DynExpression>,
    /// Whether the last argument is followed by `...`.
    pub expand_final: bool,
    /// The whole call.
    pub range: Range,
    /// From the opening to the closing parenthesis.
    pub args_range: Range,
}

/// One pair found by the static-map analysis.
#[derive(Clone, Debug)]
pub struct StaticPair {
    /// The key expression, uninterpreted (not necessarily a string).
    pub key: DynExpression,
    /// The value expression.
    pub value: DynExpression,
}

/// An expression: evaluated to a value in an evaluation context.
/// Implemented by each syntax. The static analyses default to "not
/// applicable" (an error diagnostic); a syntax overrides those that apply
/// to its expressions.
pub trait Expression: fmt::Debug + Send + Sync {
    /// Evaluates the expression. On error the value is a placeholder
    /// (usually the dynamic value) and the diagnostics say why.
    fn value(&self, ctx: &EvalContext) -> (Value, Diagnostics);

    /// The traversals (variable references) the expression uses, in source
    /// order.
    fn variables(&self) -> Vec<Traversal>;

    /// The range of the whole expression.
    fn range(&self) -> Range;

    /// A range for the start of the expression, to report where it begins.
    fn start_range(&self) -> Range;

    /// Static list: the element expressions of list/tuple construction.
    fn static_list(&self) -> Result<Vec<DynExpression>, Diagnostics> {
        Err(not_applicable(
            self.range(),
            "A static list expression is required.",
        ))
    }

    /// Static map: the key/value expression pairs of map/object
    /// construction.
    fn static_map(&self) -> Result<Vec<StaticPair>, Diagnostics> {
        Err(not_applicable(
            self.range(),
            "A static map expression is required.",
        ))
    }

    /// Static call: the name and argument expressions of a function call.
    fn static_call(&self) -> Result<StaticCall, Diagnostics> {
        Err(not_applicable(
            self.range(),
            "A static function call is required.",
        ))
    }

    /// Static traversal, absolute: a variable reference with constant
    /// attribute and index steps.
    fn static_traversal_abs(&self) -> Result<Traversal, Diagnostics> {
        Err(not_applicable(
            self.range(),
            "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.",
        ))
    }

    /// Static traversal, relative: constant attribute and index steps from
    /// an implied starting value.
    fn static_traversal_rel(&self) -> Result<Traversal, Diagnostics> {
        Err(not_applicable(
            self.range(),
            "A relative traversal is required: only attribute access and indexing with constant keys are allowed here.",
        ))
    }
}

fn not_applicable(range: Range, detail: &'static str) -> Diagnostics {
    Diagnostic::error("Invalid expression")
        .with_detail(detail)
        .with_subject(range)
        .into()
}
