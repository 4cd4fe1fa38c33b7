//! [`BodyHandle`] and [`ExpressionHandle`]: owned, cheaply cloned handles
//! to a body or an expression of any syntax, usable as field types of a
//! struct that derives [`HclBody`](crate::HclBody).
//!
//! `hcl_core` models bodies and expressions as traits
//! ([`hcl_core::Body`], [`hcl_core::Expression`]) implemented by each syntax;
//! these handles wrap the shared trait objects
//! ([`DynBody`], [`DynExpression`]) and offer the trait's operations as
//! inherent methods, so that no trait needs to be in scope.

use std::fmt;
use std::sync::Arc;

use hcl_core::body::{
    Attributes, BodyContent, BodySchema, StaticCall, StaticExpression, StaticPair,
};
use hcl_core::{Diagnostics, DynBody, DynExpression, EvalContext, Range, Traversal, Type, Value};

use crate::target::{FromValue, decode_value};

/// A body of any syntax: a shared handle to a [`hcl_core::Body`].
///
/// This is the type of a `#[hcl(remain)]` field (the rest of a body,
/// handed to a plugin, say) and of a `#[hcl(body)]` field (a block's whole
/// body, kept unevaluated). Cloning it is a reference-count increment.
///
/// ```
/// use hcl_decode::{BodyHandle, HclBody};
///
/// #[derive(HclBody, Debug)]
/// struct Core {
///     name: String,
///     #[hcl(remain)]
///     rest: BodyHandle,
/// }
///
/// let core: Core = hcl_decode::from_str("name = \"api\"\nreplicas = 3\n", "app.hcl").unwrap();
/// let (attributes, _) = core.rest.just_attributes();
/// assert_eq!(attributes.keys().collect::<Vec<_>>(), ["replicas"]);
/// ```
#[derive(Clone)]
pub struct BodyHandle(DynBody, Option<Arc<SourceText>>);

/// The text a top-level body was parsed from
/// ([`Decoder::parse_slice`](crate::Decoder::parse_slice)), so that
/// decoding it shows the diagnostics as decoding the text does.
pub(crate) struct SourceText {
    pub(crate) name: String,
    pub(crate) text: Vec<u8>,
}

impl BodyHandle {
    /// A handle to a body.
    pub fn new(body: impl hcl_core::Body + 'static) -> BodyHandle {
        BodyHandle(Arc::new(body), None)
    }

    /// A handle to a shared body.
    pub fn from_dyn(body: DynBody) -> BodyHandle {
        BodyHandle(body, None)
    }

    /// The body, remembering the text it was parsed from.
    pub(crate) fn with_source(mut self, name: &str, text: &[u8]) -> BodyHandle {
        self.1 = Some(Arc::new(SourceText {
            name: name.to_owned(),
            text: text.to_vec(),
        }));
        self
    }

    /// The text the body was parsed from, if known.
    pub(crate) fn source(&self) -> Option<&SourceText> {
        self.1.as_deref()
    }

    /// The shared body.
    pub fn as_dyn(&self) -> &DynBody {
        &self.0
    }

    /// The shared body, by value.
    pub fn into_dyn(self) -> DynBody {
        self.0
    }

    /// Schema-driven processing ([`hcl_core::Body::content`]).
    pub fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        self.0.content(schema)
    }

    /// Partial processing ([`hcl_core::Body::partial_content`]): the content
    /// the schema names and the remaining body.
    pub fn partial_content(&self, schema: &BodySchema) -> (BodyContent, BodyHandle, Diagnostics) {
        let (content, rest, diags) = self.0.partial_content(schema);
        (content, BodyHandle(rest, None), diags)
    }

    /// Dynamic-attributes processing ([`hcl_core::Body::just_attributes`]).
    pub fn just_attributes(&self) -> (Attributes, Diagnostics) {
        self.0.just_attributes()
    }

    /// Where an item missing from this body is reported.
    pub fn missing_item_range(&self) -> Range {
        self.0.missing_item_range()
    }
}

impl hcl_core::Body for BodyHandle {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        self.0.content(schema)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, DynBody, Diagnostics) {
        self.0.partial_content(schema)
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        self.0.just_attributes()
    }

    fn missing_item_range(&self) -> Range {
        self.0.missing_item_range()
    }

    fn block_types(&self) -> Option<Vec<(String, usize)>> {
        self.0.block_types()
    }

    fn first_item_range(&self) -> Option<Range> {
        self.0.first_item_range()
    }
}

impl fmt::Debug for BodyHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BodyHandle({})", self.0.missing_item_range())
    }
}

impl From<DynBody> for BodyHandle {
    fn from(body: DynBody) -> BodyHandle {
        BodyHandle(body, None)
    }
}

impl From<BodyHandle> for DynBody {
    fn from(body: BodyHandle) -> DynBody {
        body.0
    }
}

/// An expression of any syntax, kept unevaluated: a shared handle to a
/// [`hcl_core::Expression`].
///
/// This is the type of a field whose attribute is evaluated later, in a
/// context the application builds once it knows more (`#[hcl(expr)]`, or
/// simply a field of this type).
///
/// ```
/// use hcl_decode::{EvalContext, ExpressionHandle, HclBody, Value};
///
/// #[derive(HclBody, Debug)]
/// struct Rule {
///     when: ExpressionHandle,
/// }
///
/// let rule: Rule = hcl_decode::from_str("when = count > 2\n", "rules.hcl").unwrap();
/// let mut ctx = EvalContext::new();
/// ctx.declare_variable("count", Value::number(3)).unwrap();
/// assert_eq!(rule.when.evaluate::<bool>(&ctx).unwrap(), true);
/// ```
#[derive(Clone)]
pub struct ExpressionHandle(DynExpression);

impl ExpressionHandle {
    /// A handle to an expression.
    pub fn new(expr: impl hcl_core::Expression + 'static) -> ExpressionHandle {
        ExpressionHandle(Arc::new(expr))
    }

    /// A handle to a shared expression.
    pub fn from_dyn(expr: DynExpression) -> ExpressionHandle {
        ExpressionHandle(expr)
    }

    /// An expression that evaluates to `value` whatever the context, said
    /// to be written at `range` (as Go's `hcl.StaticExpr`).
    ///
    /// ```
    /// use hcl_decode::{EvalContext, ExpressionHandle, Pos, Range, Value};
    ///
    /// let e = ExpressionHandle::from_value(Value::number(3), Range::at("x.hcl", Pos::start()));
    /// assert_eq!(e.value(&EvalContext::new()).0, Value::number(3));
    /// ```
    pub fn from_value(value: Value, range: Range) -> ExpressionHandle {
        ExpressionHandle(Arc::new(StaticExpression::new(value, range)))
    }

    /// The shared expression.
    pub fn as_dyn(&self) -> &DynExpression {
        &self.0
    }

    /// The shared expression, by value.
    pub fn into_dyn(self) -> DynExpression {
        self.0
    }

    /// Evaluates the expression ([`hcl_core::Expression::value`]).
    pub fn value(&self, ctx: &EvalContext) -> (Value, Diagnostics) {
        self.0.value(ctx)
    }

    /// Evaluates the expression and decodes its value into `T` (converting
    /// it to `T`'s HCL type first), as a derived struct decodes an
    /// attribute. The errors are diagnostics about the expression (or the
    /// element at fault, for a literal collection).
    pub fn evaluate<T: FromValue>(&self, ctx: &EvalContext) -> Result<T, Diagnostics> {
        let (value, mut diags) = self.0.value(ctx);
        if diags.has_errors() {
            return Err(diags);
        }
        match decode_value::<T>(&value, &self.0.range()) {
            Ok(v) => Ok(v),
            Err(e) => {
                diags.push(e.to_expression_diagnostic(&self.0));
                Err(diags)
            }
        }
    }

    /// The variables the expression refers to.
    pub fn variables(&self) -> Vec<Traversal> {
        self.0.variables()
    }

    /// The range of the whole expression.
    pub fn range(&self) -> Range {
        self.0.range()
    }

    /// The range of the start of the expression.
    pub fn start_range(&self) -> Range {
        self.0.start_range()
    }
}

impl hcl_core::Expression for ExpressionHandle {
    fn value(&self, ctx: &EvalContext) -> (Value, Diagnostics) {
        self.0.value(ctx)
    }

    fn variables(&self) -> Vec<Traversal> {
        self.0.variables()
    }

    fn range(&self) -> Range {
        self.0.range()
    }

    fn start_range(&self) -> Range {
        self.0.start_range()
    }

    fn static_list(&self) -> Result<Vec<DynExpression>, Diagnostics> {
        self.0.static_list()
    }

    fn static_map(&self) -> Result<Vec<StaticPair>, Diagnostics> {
        self.0.static_map()
    }

    fn static_call(&self) -> Result<StaticCall, Diagnostics> {
        self.0.static_call()
    }

    fn static_traversal_abs(&self) -> Result<Traversal, Diagnostics> {
        self.0.static_traversal_abs()
    }

    fn static_traversal_rel(&self) -> Result<Traversal, Diagnostics> {
        self.0.static_traversal_rel()
    }
}

impl fmt::Debug for ExpressionHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ExpressionHandle({})", self.0.range())
    }
}

impl From<DynExpression> for ExpressionHandle {
    fn from(expr: DynExpression) -> ExpressionHandle {
        ExpressionHandle(expr)
    }
}

impl From<ExpressionHandle> for DynExpression {
    fn from(expr: ExpressionHandle) -> DynExpression {
        expr.0
    }
}

/// The null expression gohcl gives an absent optional expression field.
pub(crate) fn null_expression(range: Range) -> ExpressionHandle {
    ExpressionHandle::from_value(Value::null(Type::Dynamic), range)
}
