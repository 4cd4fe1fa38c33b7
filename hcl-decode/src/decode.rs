//! The decoding traits: [`HclBody`] (a struct decoded from a body, its
//! schema known at compile time), [`FromBlocks`] (the types a `block` field
//! may have), and the small traits for the other kinds of field; and
//! [`DecodeContext`], the state of one decoding pass.

use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasher;

use hcl_core::body::{Block, BodyContent, BodySchema};
use hcl_core::{
    Diagnostic, Diagnostics, DynBody, DynExpression, EvalContext, PathStep, Range, Type, Value,
};

use crate::error::FromValueError;
use crate::handle::{BodyHandle, ExpressionHandle};

/// The state of one decoding pass: the evaluation context expressions are
/// evaluated in, and the diagnostics found so far.
///
/// Decoding never stops at the first problem: each field is decoded, each
/// mistake becomes a diagnostic here, and a value is built only if all its
/// fields could be.
#[derive(Debug)]
pub struct DecodeContext<'a> {
    eval: &'a EvalContext,
    diags: Diagnostics,
}

impl<'a> DecodeContext<'a> {
    /// A pass evaluating expressions in `eval`.
    pub fn new(eval: &'a EvalContext) -> DecodeContext<'a> {
        DecodeContext {
            eval,
            diags: Diagnostics::new(),
        }
    }

    /// The evaluation context.
    pub fn eval_context(&self) -> &'a EvalContext {
        self.eval
    }

    /// Records a diagnostic.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diags.push(diagnostic);
    }

    /// Records diagnostics.
    pub fn extend(&mut self, diagnostics: Diagnostics) {
        self.diags.extend(diagnostics);
    }

    /// The diagnostics so far, in the order they were found.
    pub fn diagnostics(&self) -> &Diagnostics {
        &self.diags
    }

    /// The diagnostics, in source order (the order a person reads them).
    pub fn into_diagnostics(self) -> Diagnostics {
        let mut diags = self.diags;
        diags.sort_by_source();
        diags
    }
}

/// The content of one body as a derived struct's fields see it: the
/// content its schema extracted, the body itself, the remaining body after
/// partial processing, and the block the body belongs to.
///
/// Made by [`HclBody::decode_body`] and [`HclBody::decode_block`]; derived
/// code reads it through `hcl_decode::__private`.
#[derive(Debug)]
pub struct Content<'a> {
    pub(crate) content: &'a BodyContent,
    pub(crate) body: &'a BodyHandle,
    pub(crate) rest: Option<&'a BodyHandle>,
    pub(crate) block: Option<&'a Block>,
    /// How many of the block's labels were used before this body's own
    /// `label` fields (1 for a variant chosen by its first label).
    pub(crate) label_offset: usize,
}

impl<'a> Content<'a> {
    /// The content of `body` extracted by a schema, with the remaining body
    /// (after partial processing) and the block the body belongs to.
    pub fn new(
        content: &'a BodyContent,
        body: &'a BodyHandle,
        rest: Option<&'a BodyHandle>,
        block: Option<&'a Block>,
    ) -> Content<'a> {
        Content {
            content,
            body,
            rest,
            block,
            label_offset: 0,
        }
    }

    /// The same content, its `label` fields starting at the block's label
    /// `offset` (the labels before it chose what decodes the block).
    pub fn with_label_offset(mut self, offset: usize) -> Content<'a> {
        self.label_offset = offset;
        self
    }

    /// The extracted content.
    pub fn content(&self) -> &'a BodyContent {
        self.content
    }

    /// The block whose body this is, if any.
    pub fn block(&self) -> Option<&'a Block> {
        self.block
    }

    /// The block's label where this body's `label` fields start (see
    /// [`Content::with_label_offset`]).
    pub fn label_offset(&self) -> usize {
        self.label_offset
    }
}

/// A struct decoded from an HCL body: `#[derive(HclBody)]`.
///
/// The derive generates the schema ([`HclBody::schema`], available without
/// decoding anything) and the decoding code; see the crate documentation
/// for the field vocabulary. A struct deriving it is also a [`FromValue`]
/// target, decoded from an object value.
///
/// [`FromValue`]: crate::FromValue
///
/// ```
/// use hcl_decode::HclBody;
/// use hcl_decode::hcl_core::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
///
/// #[derive(HclBody)]
/// struct Config {
///     name: String,
///     port: Option<u16>,
///     #[hcl(block)]
///     listener: Vec<Listener>,
/// }
///
/// #[derive(HclBody)]
/// struct Listener {
///     #[hcl(label)]
///     name: String,
///     address: String,
/// }
///
/// assert_eq!(
///     Config::schema(),
///     BodySchema::new()
///         .attribute(AttributeSchema::required("name"))
///         .attribute(AttributeSchema::optional("port"))
///         .block(BlockHeaderSchema::new("listener").label("name"))
/// );
/// assert_eq!(Listener::LABELS, ["name"]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `HclBody`",
    label = "`{Self}` cannot be decoded from a body",
    note = "add `#[derive(HclBody)]` to the definition of `{Self}`"
)]
pub trait HclBody: Sized {
    /// The names of the block labels (the `label` fields, in order): a
    /// block decoded into this struct has exactly these labels.
    const LABELS: &'static [&'static str];

    #[doc(hidden)]
    /// Whether the struct (or a struct it flattens) has a `remain` field,
    /// making its body processing partial.
    const __PARTIAL: bool;

    #[doc(hidden)]
    /// The attribute and block names, for the compile-time check of
    /// flattened structs.
    const __NAMES: crate::__private::Names;

    /// The schema of the body: every attribute (required or optional) and
    /// block type, flattened structs included.
    fn schema() -> BodySchema {
        let mut schema = BodySchema::new();
        Self::describe(&mut schema);
        schema
    }

    /// Adds this struct's attributes and block types to `schema`.
    fn describe(schema: &mut BodySchema);

    /// Decodes the fields from extracted content; `None` if a field could
    /// not be decoded (the reason is in `cx`).
    fn decode_content(content: &Content<'_>, cx: &mut DecodeContext<'_>) -> Option<Self>;

    /// Decodes a body: processes it with [`HclBody::schema`] (exhaustively,
    /// or partially when there is a `remain` field), then decodes every
    /// field. Every problem is recorded in `cx`; `None` if the value could
    /// not be built.
    fn decode_body(body: &BodyHandle, cx: &mut DecodeContext<'_>) -> Option<Self> {
        decode_struct::<Self>(body, None, Self::__PARTIAL, cx).0
    }

    /// Decodes a block: its body, and its labels into the `label` fields.
    fn decode_block(block: &Block, cx: &mut DecodeContext<'_>) -> Option<Self> {
        Self::__decode_block_with(block, &Self::schema(), cx)
    }

    #[doc(hidden)]
    /// Decodes one of many blocks of a field, `schema` being
    /// [`HclBody::schema`] made once for all of them.
    fn __decode_block_with(
        block: &Block,
        schema: &BodySchema,
        cx: &mut DecodeContext<'_>,
    ) -> Option<Self> {
        Self::__decode_block_at(block, 0, schema, cx)
    }

    #[doc(hidden)]
    /// [`HclBody::__decode_block_with`], the `label` fields starting at the
    /// block's label `label_offset` (the labels before it chose this
    /// type). A type that chooses its decoding per block (an enum
    /// dispatched by label) ignores `schema`.
    fn __decode_block_at(
        block: &Block,
        label_offset: usize,
        schema: &BodySchema,
        cx: &mut DecodeContext<'_>,
    ) -> Option<Self> {
        decode_block_at::<Self>(block, label_offset, schema, cx)
    }

    #[doc(hidden)]
    /// The body's schema in HCL's terms ([`crate::schema`]); the derive
    /// writes it with docs, defaults and constraints. By default, what
    /// [`HclBody::schema`] says: attributes of any type, required or not,
    /// and block types with their labels, any number of each.
    fn __schema() -> crate::schema::BlockContent {
        crate::schema::derive::from_body_schema(&Self::schema())
    }

    #[doc(hidden)]
    /// The object type of the struct as an attribute value.
    fn __object_type() -> Type;

    #[doc(hidden)]
    /// The struct from an object value converted to `__object_type`;
    /// `labels` fill the `label` fields (a map of blocks gives its key).
    fn __from_object(
        value: &Value,
        range: &Range,
        labels: &[String],
    ) -> Result<Self, FromValueError>;
}

/// Processes `body` with `T`'s schema (partially when `partial`) and
/// decodes `T`; returns the remaining body of partial processing too.
pub(crate) fn decode_struct<T: HclBody>(
    body: &BodyHandle,
    block: Option<&Block>,
    partial: bool,
    cx: &mut DecodeContext<'_>,
) -> (Option<T>, Option<BodyHandle>) {
    decode_struct_with_schema::<T>(body, block, partial, &T::schema(), cx)
}

/// [`decode_struct`] with `T`'s schema made already (once for many blocks).
fn decode_struct_with_schema<T: HclBody>(
    body: &BodyHandle,
    block: Option<&Block>,
    partial: bool,
    schema: &BodySchema,
    cx: &mut DecodeContext<'_>,
) -> (Option<T>, Option<BodyHandle>) {
    decode_struct_at::<T>(body, block, 0, partial, schema, cx)
}

/// [`decode_struct_with_schema`], the `label` fields starting at the
/// block's label `label_offset`.
fn decode_struct_at<T: HclBody>(
    body: &BodyHandle,
    block: Option<&Block>,
    label_offset: usize,
    partial: bool,
    schema: &BodySchema,
    cx: &mut DecodeContext<'_>,
) -> (Option<T>, Option<BodyHandle>) {
    // Nested blocks recurse through here: the content is boxed and
    // extracted by a function of its own, so that this frame stays small
    // (a debug build gives every temporary a slot).
    let (content, rest) = extract_content(body, partial, schema, cx);
    let Some(content) = content else {
        return (None, rest);
    };
    let content =
        Content::new(&content, body, rest.as_ref(), block).with_label_offset(label_offset);
    let value = T::decode_content(&content, cx);
    (value, rest)
}

/// The content of `body` by `schema` (`None` when the schema is invalid)
/// and, for a partial decoding, the rest of the body.
#[inline(never)]
fn extract_content(
    body: &BodyHandle,
    partial: bool,
    schema: &BodySchema,
    cx: &mut DecodeContext<'_>,
) -> (Option<Box<BodyContent>>, Option<BodyHandle>) {
    let invalid_schema =
        |diags: &Diagnostics| diags.errors().any(|d| d.summary == "Invalid body schema");
    if partial {
        let (content, rest, diags) = body.partial_content(schema);
        let failed = invalid_schema(&diags);
        cx.extend(diags);
        ((!failed).then(|| Box::new(content)), Some(rest))
    } else {
        let (content, diags) = body.content(schema);
        let failed = invalid_schema(&diags);
        cx.extend(diags);
        ((!failed).then(|| Box::new(content)), None)
    }
}

/// Decodes a block into `T` (whose schema is made already), its `label`
/// fields starting at the block's label `label_offset`.
pub(crate) fn decode_block_at<T: HclBody>(
    block: &Block,
    label_offset: usize,
    schema: &BodySchema,
    cx: &mut DecodeContext<'_>,
) -> Option<T> {
    let body = BodyHandle::from_dyn(block.body.clone());
    decode_struct_at::<T>(&body, Some(block), label_offset, T::__PARTIAL, schema, cx).0
}

/// The types a `#[hcl(block)]` field may have: `T` (exactly one block),
/// `Option<T>` (at most one), `Vec<T>` (any number), and
/// `BTreeMap<String, T>` / `HashMap<String, T>` (any number, keyed by
/// their first label, which must be unique), for `T: HclBody`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold blocks",
    label = "a `block` field must be `T`, `Option<T>`, `Vec<T>` or a map keyed by label of `T`, where `T` derives `HclBody`",
    note = "add `#[derive(HclBody)]` to the block's struct"
)]
pub trait FromBlocks: Sized {
    /// The struct each block decodes into.
    type Block: HclBody;

    /// Whether the blocks are keyed by their first label (maps).
    const KEYED: bool = false;

    /// Whether at least one block is required.
    const REQUIRED: bool = false;

    #[doc(hidden)]
    /// How many blocks the field holds, for the schema.
    const __NESTING: crate::schema::Nesting =
        crate::schema::derive::nesting(Self::KEYED, Self::REQUIRED);

    #[doc(hidden)]
    /// Adds the field's block type to a body's schema ([`crate::schema`]).
    fn __schema_block(
        body: &mut crate::schema::Body,
        name: &str,
        meta: &crate::schema::derive::Meta,
    ) {
        crate::schema::derive::block::<Self>(body, name, meta);
    }

    /// Decodes the blocks of type `type_name` found in a body (in source
    /// order); `missing` is where a missing block is reported.
    fn from_blocks(
        type_name: &str,
        blocks: &[&Block],
        missing: &Range,
        cx: &mut DecodeContext<'_>,
    ) -> Option<Self>;

    /// The HCL type of the blocks given as an attribute value (when the
    /// enclosing struct is decoded from a value).
    fn value_type() -> Type;

    /// The blocks from a value converted to [`FromBlocks::value_type`].
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError>;
}

/// "Duplicate X block", as gohcl reports a second block where one is
/// allowed.
fn duplicate_block(type_name: &str, first: &Block, extra: &Block) -> Diagnostic {
    Diagnostic::error(format!("Duplicate {type_name} block"))
        .with_detail(format!(
            "Only one {type_name} block is allowed. Another was defined at {}.",
            first.def_range
        ))
        .with_subject(extra.def_range.clone())
}

/// Decodes each block; `None` if any failed (all are decoded regardless).
fn decode_all<T: HclBody>(blocks: &[&Block], cx: &mut DecodeContext<'_>) -> Option<Vec<T>> {
    let mut out = Vec::with_capacity(blocks.len());
    let mut ok = true;
    let schema = T::schema();
    for b in blocks {
        match T::__decode_block_with(b, &schema, cx) {
            Some(v) => out.push(v),
            None => ok = false,
        }
    }
    ok.then_some(out)
}

/// Exactly one block.
impl<T: HclBody> FromBlocks for T {
    type Block = T;
    const REQUIRED: bool = true;

    fn from_blocks(
        type_name: &str,
        blocks: &[&Block],
        missing: &Range,
        cx: &mut DecodeContext<'_>,
    ) -> Option<Self> {
        let Some(first) = blocks.first() else {
            cx.push(
                Diagnostic::error(format!("Missing {type_name} block"))
                    .with_detail(format!("A {type_name} block is required."))
                    .with_subject(missing.clone()),
            );
            return None;
        };
        for extra in &blocks[1..] {
            cx.push(duplicate_block(type_name, first, extra));
        }
        T::__decode_block_with(first, &T::schema(), cx)
    }

    fn value_type() -> Type {
        T::__object_type()
    }

    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        if value.is_null() {
            return Err(FromValueError::null());
        }
        T::__from_object(value, range, &[])
    }
}

/// At most one block.
impl<T: HclBody> FromBlocks for Option<T> {
    type Block = T;
    const __NESTING: crate::schema::Nesting = crate::schema::Nesting::Optional;

    fn from_blocks(
        type_name: &str,
        blocks: &[&Block],
        _missing: &Range,
        cx: &mut DecodeContext<'_>,
    ) -> Option<Self> {
        let Some(first) = blocks.first() else {
            return Some(None);
        };
        for extra in &blocks[1..] {
            cx.push(duplicate_block(type_name, first, extra));
        }
        T::__decode_block_with(first, &T::schema(), cx).map(Some)
    }

    fn value_type() -> Type {
        T::__object_type()
    }

    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        if value.is_null() {
            return Ok(None);
        }
        T::__from_object(value, range, &[]).map(Some)
    }
}

/// Any number of blocks, in source order.
impl<T: HclBody> FromBlocks for Vec<T> {
    type Block = T;

    fn from_blocks(
        _type_name: &str,
        blocks: &[&Block],
        _missing: &Range,
        cx: &mut DecodeContext<'_>,
    ) -> Option<Self> {
        decode_all(blocks, cx)
    }

    fn value_type() -> Type {
        Type::list(T::__object_type())
    }

    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        if value.is_null() {
            return Ok(Vec::new());
        }
        let elements = value.elements().ok_or_else(FromValueError::unknown)?;
        elements
            .iter()
            .enumerate()
            .map(|(i, e)| {
                T::__from_object(e, range, &[]).map_err(|err| {
                    err.within(PathStep::Index(Value::number(
                        i64::try_from(i).unwrap_or(i64::MAX),
                    )))
                })
            })
            .collect()
    }
}

/// Blocks keyed by their first label: a second block with the same key is
/// an error.
fn keyed<T: HclBody, M: Extend<(String, T)> + Default>(
    type_name: &str,
    blocks: &[&Block],
    cx: &mut DecodeContext<'_>,
) -> Option<M> {
    let mut seen: BTreeMap<&str, &Block> = BTreeMap::new();
    let mut out = M::default();
    let mut ok = true;
    let schema = T::schema();
    for b in blocks {
        let Some(key) = b.labels.first() else {
            ok = false;
            continue;
        };
        if let Some(first) = seen.get(key.as_str()) {
            cx.push(
                Diagnostic::error(format!("Duplicate {type_name} block"))
                    .with_detail(format!(
                        "A {type_name} block labelled {key:?} was already defined at {}. Each {type_name} block must have a distinct label.",
                        first.def_range
                    ))
                    .with_subject(b.label_ranges.first().cloned().unwrap_or_else(|| b.def_range.clone())),
            );
            ok = false;
            continue;
        }
        seen.insert(key, b);
        match T::__decode_block_with(b, &schema, cx) {
            Some(v) => out.extend([(key.clone(), v)]),
            None => ok = false,
        }
    }
    ok.then_some(out)
}

fn keyed_from_value<T: HclBody, M: FromIterator<(String, T)>>(
    value: &Value,
    range: &Range,
) -> Result<M, FromValueError> {
    if value.is_null() {
        return Ok(std::iter::empty().collect());
    }
    let attributes = value.attributes().ok_or_else(FromValueError::unknown)?;
    attributes
        .iter()
        .map(|(k, v)| {
            T::__from_object(v, range, std::slice::from_ref(k))
                .map(|v| (k.clone(), v))
                .map_err(|err| err.within(PathStep::Index(Value::string(k.as_str()))))
        })
        .collect()
}

/// Blocks keyed by their first label.
impl<T: HclBody> FromBlocks for BTreeMap<String, T> {
    type Block = T;
    const KEYED: bool = true;

    fn from_blocks(
        type_name: &str,
        blocks: &[&Block],
        _missing: &Range,
        cx: &mut DecodeContext<'_>,
    ) -> Option<Self> {
        keyed(type_name, blocks, cx)
    }

    fn value_type() -> Type {
        Type::map(T::__object_type())
    }

    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        keyed_from_value(value, range)
    }
}

/// Blocks keyed by their first label.
impl<T: HclBody, S: BuildHasher + Default> FromBlocks for HashMap<String, T, S> {
    type Block = T;
    const KEYED: bool = true;

    fn from_blocks(
        type_name: &str,
        blocks: &[&Block],
        _missing: &Range,
        cx: &mut DecodeContext<'_>,
    ) -> Option<Self> {
        keyed(type_name, blocks, cx)
    }

    fn value_type() -> Type {
        Type::map(T::__object_type())
    }

    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        keyed_from_value(value, range)
    }
}

/// The types a `#[hcl(label)]` field may have: a block label is a string.
#[diagnostic::on_unimplemented(
    message = "a block label is a string: `{Self}` cannot hold one",
    label = "a `label` field must be a `String`"
)]
pub trait FromLabel: Sized {
    /// The label's text.
    fn from_label(label: &str) -> Self;
}

impl FromLabel for String {
    fn from_label(label: &str) -> Self {
        label.to_owned()
    }
}

impl FromLabel for Box<str> {
    fn from_label(label: &str) -> Self {
        Box::from(label)
    }
}

impl FromLabel for std::sync::Arc<str> {
    fn from_label(label: &str) -> Self {
        std::sync::Arc::from(label)
    }
}

/// The types a `#[hcl(remain)]` or `#[hcl(body)]` field may have: a body.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold a body",
    label = "a `remain` or `body` field must be a body: `hcl_decode::BodyHandle`"
)]
pub trait FromBody: Sized {
    /// The body.
    fn from_body(body: &BodyHandle) -> Self;
}

impl FromBody for BodyHandle {
    fn from_body(body: &BodyHandle) -> Self {
        body.clone()
    }
}

impl FromBody for DynBody {
    fn from_body(body: &BodyHandle) -> Self {
        body.as_dyn().clone()
    }
}

/// The types a range field (`def_range`, `attr_range`, `value_range`) may
/// have: [`Range`], or `Option<Range>` (`None` where there is no such
/// range: the root body has no definition, an absent attribute none of
/// its own).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold a source range",
    label = "a range field must be `hcl_decode::Range` or `Option<hcl_decode::Range>`"
)]
pub trait FromRange: Sized {
    /// The range found, or `fallback` (the body's missing-item range) when
    /// there is none.
    fn from_range(range: Option<Range>, fallback: Range) -> Self;
}

impl FromRange for Range {
    fn from_range(range: Option<Range>, fallback: Range) -> Self {
        range.unwrap_or(fallback)
    }
}

impl FromRange for Option<Range> {
    fn from_range(range: Option<Range>, _fallback: Range) -> Self {
        range
    }
}

/// The types of a field that keeps its attribute unevaluated: an
/// [`ExpressionHandle`] (or the core's `DynExpression`), or an `Option` of one
/// (`None` when the attribute is absent).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold an expression",
    label = "an `expr` field must be `hcl_decode::ExpressionHandle` or `Option<hcl_decode::ExpressionHandle>`"
)]
pub trait FromExpression: Sized {
    /// Whether an absent attribute is allowed (`Option`).
    const OPTIONAL: bool = false;

    /// The expression.
    fn from_expression(expr: &DynExpression) -> Self;

    /// The field for an absent attribute: `None` for an `Option`; else a
    /// null expression at `missing` (as gohcl).
    fn absent(missing: &Range) -> Self;
}

impl FromExpression for ExpressionHandle {
    fn from_expression(expr: &DynExpression) -> Self {
        ExpressionHandle::from_dyn(expr.clone())
    }
    fn absent(missing: &Range) -> Self {
        crate::handle::null_expression(missing.clone())
    }
}

impl FromExpression for DynExpression {
    fn from_expression(expr: &DynExpression) -> Self {
        expr.clone()
    }
    fn absent(missing: &Range) -> Self {
        crate::handle::null_expression(missing.clone()).into_dyn()
    }
}

impl<T: FromExpression> FromExpression for Option<T> {
    const OPTIONAL: bool = true;
    fn from_expression(expr: &DynExpression) -> Self {
        Some(T::from_expression(expr))
    }
    fn absent(_missing: &Range) -> Self {
        None
    }
}

/// An enum whose variants are block types: `#[derive(HclBody)]` on an enum
/// of one-field variants, each holding a struct that derives [`HclBody`].
/// A `#[hcl(blocks)]` field of type `Vec<E>` holds every block whose type
/// is one of the variants' names, in source order.
///
/// ```
/// use hcl_decode::prelude::*;
///
/// #[derive(HclBody, Debug)]
/// enum Step {
///     Run(RunStep),
///     #[hcl(rename = "build")]
///     Compile(BuildStep),
/// }
///
/// #[derive(HclBody, Debug)]
/// struct RunStep { command: String }
///
/// #[derive(HclBody, Debug)]
/// struct BuildStep { target: String }
///
/// assert_eq!(<Step as HclBlocks>::TYPES, ["run", "build"]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an enum of block types",
    label = "`{Self}` does not implement `HclBlocks`",
    note = "add `#[derive(HclBody)]` to an enum whose variants each hold a struct deriving `HclBody`"
)]
pub trait HclBlocks: Sized {
    /// The block type names, one per variant, in variant order.
    const TYPES: &'static [&'static str];

    #[doc(hidden)]
    /// The block type names, for the compile-time check of names declared
    /// twice.
    const __NAMES: crate::__private::Names;

    /// Adds each variant's block type (with its struct's labels) to
    /// `schema`.
    fn describe(schema: &mut BodySchema);

    /// Decodes a block whose type is one of [`HclBlocks::TYPES`] into its
    /// variant; `None` (with the reason in `cx`) if it could not be.
    fn decode_block(block: &Block, cx: &mut DecodeContext<'_>) -> Option<Self>;

    #[doc(hidden)]
    /// Adds each variant's block type to a body's schema
    /// ([`crate::schema`]); by default what [`HclBlocks::describe`] says.
    fn __schema_blocks(out: &mut Vec<crate::schema::BlockType>) {
        let mut schema = BodySchema::new();
        Self::describe(&mut schema);
        if let crate::schema::BlockContent::Body(body) =
            crate::schema::derive::from_body_schema(&schema)
        {
            out.extend(body.blocks);
        }
    }
}

/// The types a `#[hcl(blocks)]` field may have: `Vec<E>` for an enum `E`
/// of block types ([`HclBlocks`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold blocks of several types",
    label = "a `blocks` field must be `Vec<E>`, where the enum `E` derives `HclBody`",
    note = "a field of one block type is `#[hcl(block)]`"
)]
pub trait FromTypedBlocks: Sized {
    /// The enum each block decodes into.
    type Enum: HclBlocks;

    #[doc(hidden)]
    /// The enum's block type names.
    const __NAMES: &'static crate::__private::Names;

    /// Adds the enum's block types to `schema`.
    fn describe(schema: &mut BodySchema);

    #[doc(hidden)]
    /// Adds the enum's block types to a body's schema ([`crate::schema`]).
    fn __schema_blocks(out: &mut Vec<crate::schema::BlockType>) {
        <Self::Enum as HclBlocks>::__schema_blocks(out);
    }

    /// Decodes the blocks of a body whose types are the enum's (all
    /// others are skipped), in source order; `None` if any failed (all
    /// are decoded regardless).
    fn from_blocks(blocks: &[Block], cx: &mut DecodeContext<'_>) -> Option<Self>;
}

impl<E: HclBlocks> FromTypedBlocks for Vec<E> {
    type Enum = E;

    const __NAMES: &'static crate::__private::Names = &E::__NAMES;

    fn describe(schema: &mut BodySchema) {
        E::describe(schema);
    }

    fn from_blocks(blocks: &[Block], cx: &mut DecodeContext<'_>) -> Option<Self> {
        let mut out = Vec::new();
        let mut ok = true;
        for b in blocks {
            if !E::TYPES.contains(&b.type_name.as_str()) {
                continue;
            }
            match E::decode_block(b, cx) {
                Some(v) => out.push(v),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }
}
