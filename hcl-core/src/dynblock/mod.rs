//! Dynamic blocks: `dynamic "NAME" { for_each = ..., content { ... } }`
//! expanded into blocks of type `NAME`, with the semantics of HashiCorp's
//! `ext/dynblock`.
//!
//! [`expand`] wraps a body (of either syntax) so that wherever a schema
//! expects blocks of type `NAME`, a `dynamic "NAME"` block produces one
//! such block per element of its `for_each` collection (a list, set, tuple,
//! map or object). Inside the `content` block, and in the `labels`
//! expressions, the iterator (named after the block type, or by
//! `iterator = NAME`) has the attributes `key` (the index, map key or set
//! element) and `value`. Dynamic blocks nest: an inner one sees the
//! iterators of the outer ones, and its own `for_each` may use them.
//!
//! ```text
//! dynamic "ingress" {
//!   for_each = var.ports          # required: the collection
//!   iterator = port               # optional: the iterator's name
//!   labels   = ["tcp-${port.key}"] # required when the block type has labels
//!   content {                     # required: the body of each block
//!     port = port.value
//!   }
//! }
//! ```
//!
//! When the `for_each` value is unknown, the expansion is one block whose
//! body is unknown: every attribute in it evaluates to the dynamic unknown
//! value (Go does the same), so an application can carry on with a
//! placeholder.
//!
//! Static analysis sees through the expansion: [`walk_variables`] gives the
//! variables each level of the body refers to, the `for_each` and `labels`
//! expressions' included, the iterators' own names excluded.
//!
//! ```
//! use hcl_core::body::{BlockHeaderSchema, BodySchema, AttributeSchema};
//! use hcl_core::native::{ParseOptions, parse_config};
//! use hcl_core::{Body, EvalContext, Expression, Value};
//! use std::sync::Arc;
//!
//! let src = br#"
//! dynamic "listener" {
//!   for_each = [80, 443]
//!   content {
//!     port = listener.value
//!   }
//! }
//! "#;
//! let (file, diags) = parse_config(src, "app.hcl", &ParseOptions::default());
//! assert!(diags.is_empty());
//! let body = hcl_core::dynblock::expand(Arc::new(file.body()), &EvalContext::new());
//!
//! let schema = BodySchema::new().block(BlockHeaderSchema::new("listener"));
//! let (content, diags) = body.content(&schema);
//! assert!(diags.is_empty());
//! let ports: Vec<Value> = content
//!     .blocks
//!     .iter()
//!     .map(|block| {
//!         let schema = BodySchema::new().attribute(AttributeSchema::required("port"));
//!         let (inner, _) = block.body.content(&schema);
//!         inner.attributes["port"].expr.value(&EvalContext::new()).0
//!     })
//!     .collect();
//! assert_eq!(ports, [Value::number(80), Value::number(443)]);
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::body::{
    AttributeSchema, Attributes, Block, BlockHeaderSchema, Body, BodyContent, BodySchema, DynBody,
    DynExpression, Expression, StaticCall, StaticPair,
};
use crate::convert::convert;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::traversal::Traversal;
use crate::ty::Type;
use crate::value::Value;

/// The block type that declares dynamic blocks.
const DYNAMIC: &str = "dynamic";

/// `body`, with its `dynamic` blocks (and those of its nested blocks)
/// expanded; `ctx` is the context of the `for_each` and `labels`
/// expressions (and of nothing else: the attributes of the body are
/// evaluated in whatever context their user gives).
pub fn expand(body: DynBody, ctx: &EvalContext) -> DynBody {
    Arc::new(ExpandBody {
        original: body,
        base_ctx: ctx.clone(),
        iteration: None,
        hidden_attributes: BTreeSet::new(),
        hidden_blocks: BTreeMap::new(),
    })
}

/// The iterator of one level of dynamic blocks: its name, its value (an
/// object of the current key and value), and the iterator of the
/// enclosing level.
///
/// One is made per generated block, and everything derived from it is
/// made once: the object, and the context of the level's `labels` and of
/// its nested `for_each` expressions (allocations per generated block are
/// what expansion costs).
#[derive(Debug)]
struct Iteration {
    name: String,
    object: Value,
    parent: Option<Arc<Iteration>>,
    /// The `for_each` context of the level with the iterators declared.
    scope: OnceLock<EvalContext>,
}

impl Iteration {
    /// The iterator of a level nested in `parent` (if any). `types` keeps
    /// the type of the last iterator object made, with its key and value
    /// types: the elements of a collection share it.
    fn child(
        parent: Option<&Arc<Iteration>>,
        name: &str,
        key: Value,
        value: Value,
        types: &mut Option<(Type, Type, Type)>,
    ) -> Arc<Iteration> {
        let ty = match types {
            Some((k, v, ty)) if k == key.ty() && v == value.ty() => ty.clone(),
            _ => {
                let ty = Type::object([("key", key.ty().clone()), ("value", value.ty().clone())]);
                *types = Some((key.ty().clone(), value.ty().clone(), ty.clone()));
                ty
            }
        };
        let attributes = BTreeMap::from([("key".to_owned(), key), ("value".to_owned(), value)]);
        Arc::new(Iteration {
            name: name.to_owned(),
            object: Value::from_attributes_unchecked(ty, attributes),
            parent: parent.cloned(),
            scope: OnceLock::new(),
        })
    }

    /// This iterator and the enclosing ones, the nearest first.
    fn chain(&self) -> impl Iterator<Item = &Iteration> {
        std::iter::successors(Some(self), |it| it.parent.as_deref())
    }

    /// A child of `base` in which this iterator and the enclosing ones are
    /// declared.
    fn eval_context(&self, base: &EvalContext) -> EvalContext {
        let mut ctx = base.new_child();
        // The outermost first, so that a nearer iterator of the same name
        // shadows it. A literal-only context declares nothing; the
        // expressions then report their references themselves.
        let mut levels: Vec<&Iteration> = self.chain().collect();
        levels.reverse();
        for it in levels {
            let _ = ctx.declare_variable(it.name.clone(), it.object.clone());
        }
        ctx
    }

    /// [`Iteration::eval_context`] of the level's `for_each` context
    /// (always the same one for an iteration), made once.
    fn scope(&self, for_each_ctx: &EvalContext) -> &EvalContext {
        self.scope.get_or_init(|| self.eval_context(for_each_ctx))
    }

    /// Whether `name` is this iterator's or an enclosing one's.
    fn defines(this: Option<&Arc<Iteration>>, name: &str) -> bool {
        this.is_some_and(|it| it.chain().any(|it| it.name == name))
    }

    /// Whether `name` is an enclosing iterator's (not this one's).
    fn inherits(&self, name: &str) -> bool {
        self.parent
            .as_deref()
            .is_some_and(|p| p.chain().any(|it| it.name == name))
    }
}

/// A body whose dynamic blocks are expanded on processing.
struct ExpandBody {
    original: DynBody,
    /// The `for_each` context of the enclosing level (the context given
    /// to [`expand`] at the top).
    base_ctx: EvalContext,
    /// Set inside the content of a dynamic block.
    iteration: Option<Arc<Iteration>>,
    hidden_attributes: BTreeSet<String>,
    hidden_blocks: BTreeMap<String, BlockHeaderSchema>,
}

impl fmt::Debug for ExpandBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExpandBody")
            .field("original", &self.original)
            .field("iteration", &self.iteration)
            .finish_non_exhaustive()
    }
}

impl ExpandBody {
    /// The context of this level's `for_each` and `labels` expressions:
    /// the enclosing level's, with this level's iterators declared (made
    /// on first use: most generated blocks have no nested dynamic block).
    fn for_each_ctx(&self) -> &EvalContext {
        match &self.iteration {
            Some(it) => it.scope(&self.base_ctx),
            None => &self.base_ctx,
        }
    }

    /// The schema given, plus `dynamic` blocks, plus the names hidden by
    /// earlier partial processing (so that the original body accepts them
    /// and this body drops them).
    fn extend_schema(&self, schema: &BodySchema) -> BodySchema {
        // A name the schema has already (a schema that names what an
        // earlier partial processing took) is not added twice.
        let mut extended = schema.clone();
        if extended.find_block(DYNAMIC).is_none() {
            extended
                .blocks
                .push(BlockHeaderSchema::new(DYNAMIC).label("type"));
        }
        for block in self.hidden_blocks.values() {
            if extended.find_block(&block.type_name).is_none() {
                extended.blocks.push(block.clone());
            }
        }
        for name in &self.hidden_attributes {
            if extended.find_attribute(name).is_none() {
                extended
                    .attributes
                    .push(AttributeSchema::optional(name.clone()));
            }
        }
        extended
    }

    /// The attributes of the original content, less the hidden ones, their
    /// expressions evaluated with the iterators when inside a dynamic block.
    fn prepare_attributes(&self, mut raw: Attributes) -> Attributes {
        if !self.hidden_attributes.is_empty() {
            raw.retain(|name, _| !self.hidden_attributes.contains(name));
        }
        if let Some(it) = &self.iteration {
            for attribute in raw.values_mut() {
                attribute.expr = Arc::new(IteratedExpression {
                    inner: Arc::clone(&attribute.expr),
                    iteration: Arc::clone(it),
                });
            }
        }
        raw
    }

    fn expand_blocks(
        &self,
        schema: &BodySchema,
        raw: Vec<Block>,
        partial: bool,
        diags: &mut Diagnostics,
    ) -> Vec<Block> {
        let mut blocks = Vec::with_capacity(raw.len());
        for raw_block in raw {
            if raw_block.type_name != DYNAMIC {
                if !self.hidden_blocks.contains_key(&raw_block.type_name) {
                    // A nested static block: the same level of iterators.
                    let body = self.expand_child(
                        Arc::clone(&raw_block.body),
                        self.iteration.clone(),
                        self.base_ctx.clone(),
                    );
                    blocks.push(Block { body, ..raw_block });
                }
                continue;
            }
            let Some(real_type) = raw_block.labels.first() else {
                continue;
            };
            if self.hidden_blocks.contains_key(real_type) {
                continue;
            }
            let Some(block_schema) = schema.find_block(real_type) else {
                if !partial {
                    let subject = raw_block
                        .label_ranges
                        .first()
                        .cloned()
                        .unwrap_or_else(|| raw_block.def_range.clone());
                    diags.push(
                        Diagnostic::error("Unsupported block type")
                            .with_detail(format!(
                                "Blocks of type {} are not expected here.",
                                crate::quote::go_quote(real_type)
                            ))
                            .with_subject(subject),
                    );
                }
                continue;
            };
            let Some(spec) = self.decode_spec(block_schema, &raw_block, diags) else {
                continue;
            };
            let base = self.for_each_ctx();
            let mut types = None;
            if spec.for_each.is_known() {
                let elements = elements(&spec.for_each);
                blocks.reserve(elements.len());
                for (key, value) in elements {
                    let it = Iteration::child(
                        self.iteration.as_ref(),
                        &spec.iterator,
                        key,
                        value,
                        &mut types,
                    );
                    if let Some(mut block) = spec.new_block(&it, base, diags) {
                        block.body = self.expand_child(block.body, Some(it), base.clone());
                        blocks.push(block);
                    }
                }
            } else {
                let it = Iteration::child(
                    self.iteration.as_ref(),
                    &spec.iterator,
                    Value::dynamic(),
                    Value::dynamic(),
                    &mut types,
                );
                if let Some(mut block) = spec.new_block(&it, base, diags) {
                    block.body = Arc::new(UnknownBody {
                        template: self.expand_child(block.body, Some(it), base.clone()),
                    });
                    blocks.push(block);
                }
            }
        }
        blocks
    }

    /// A nested body, expanded with the iterators of its level; `base_ctx`
    /// is the enclosing level's `for_each` context.
    fn expand_child(
        &self,
        child: DynBody,
        iteration: Option<Arc<Iteration>>,
        base_ctx: EvalContext,
    ) -> DynBody {
        Arc::new(ExpandBody {
            original: child,
            base_ctx,
            iteration,
            hidden_attributes: BTreeSet::new(),
            hidden_blocks: BTreeMap::new(),
        })
    }

    /// Reads a `dynamic` block's own body, with Go's diagnostics.
    fn decode_spec(
        &self,
        block_schema: &BlockHeaderSchema,
        raw: &Block,
        diags: &mut Diagnostics,
    ) -> Option<ExpandSpec> {
        let mut schema = BodySchema::new()
            .attribute(AttributeSchema::required("for_each"))
            .attribute(AttributeSchema::optional("iterator"));
        if !block_schema.label_names.is_empty() {
            schema = schema.attribute(AttributeSchema::required("labels"));
        }
        schema = schema.block(BlockHeaderSchema::new("content"));
        let (content, spec_diags) = raw.body.content(&schema);
        let failed = spec_diags.has_errors();
        diags.extend(spec_diags);
        if failed {
            return None;
        }

        let each_attr = content.attributes.get("for_each")?;
        let (for_each, each_diags) = each_attr.expr.value(self.for_each_ctx());
        diags.extend(each_diags);
        let iterable = matches!(
            for_each.ty(),
            Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) | Type::Object(_)
        );
        if !iterable && !for_each.ty().is_dynamic() {
            diags.push(
                Diagnostic::error("Invalid dynamic for_each value")
                    .with_detail(format!(
                        "Cannot use a {} value in for_each. An iterable collection is required.",
                        for_each.ty().friendly_name()
                    ))
                    .with_subject(each_attr.expr.range()),
            );
            return None;
        }
        if for_each.is_null() {
            diags.push(
                Diagnostic::error("Invalid dynamic for_each value")
                    .with_detail("Cannot use a null value in for_each.")
                    .with_subject(each_attr.expr.range()),
            );
            return None;
        }

        let mut iterator = block_schema.type_name.clone();
        if let Some(attr) = content.attributes.get("iterator") {
            match attr.expr.static_traversal_abs() {
                Err(d) => {
                    diags.extend(d);
                    return None;
                }
                Ok(traversal) if traversal.steps().len() != 1 => {
                    let mut d = Diagnostic::error("Invalid dynamic iterator name")
                        .with_detail("Dynamic iterator must be a single variable name.");
                    if let Some(range) = traversal.source_range() {
                        d = d.with_subject(range);
                    }
                    diags.push(d);
                    return None;
                }
                Ok(traversal) => {
                    iterator = traversal.root_name().unwrap_or_default().to_owned();
                }
            }
        }

        let mut labels = Vec::new();
        if let Some(attr) = content.attributes.get("labels") {
            match attr.expr.static_list() {
                Err(d) => {
                    diags.extend(d);
                    return None;
                }
                Ok(exprs) => labels = exprs,
            }
            let wanted = block_schema.label_names.len();
            if labels.len() > wanted {
                diags.push(
                    Diagnostic::error("Extraneous dynamic block label")
                        .with_detail(format!(
                            "Blocks of type {} require {wanted} label(s).",
                            crate::quote::go_quote(&block_schema.type_name)
                        ))
                        .with_subject(labels[wanted].range()),
                );
                return None;
            }
            if labels.len() < wanted {
                diags.push(
                    Diagnostic::error("Insufficient dynamic block labels")
                        .with_detail(format!(
                            "Blocks of type {} require {wanted} label(s).",
                            crate::quote::go_quote(&block_schema.type_name)
                        ))
                        .with_subject(attr.expr.range()),
                );
                return None;
            }
        }

        let mut content_blocks = content.blocks.into_iter();
        let Some(first) = content_blocks.next() else {
            diags.push(
                Diagnostic::error("Missing dynamic content block")
                    .with_detail(
                        "A dynamic block must have a nested block of type \"content\" to describe \
                         the body of each generated block.",
                    )
                    .with_subject(content.missing_item_range),
            );
            return None;
        };
        if let Some(second) = content_blocks.next() {
            diags.push(
                Diagnostic::error("Extraneous dynamic content block")
                    .with_detail("Only one nested content block is allowed for each dynamic block.")
                    .with_subject(second.def_range),
            );
            return None;
        }

        Some(ExpandSpec {
            block_type: block_schema.type_name.clone(),
            block_type_range: raw
                .label_ranges
                .first()
                .cloned()
                .unwrap_or_else(|| raw.type_range.clone()),
            def_range: raw.def_range.clone(),
            for_each,
            iterator,
            labels,
            content: first.body,
        })
    }
}

impl Body for ExpandBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (raw, mut diags) = self.original.content(&self.extend_schema(schema));
        let blocks = self.expand_blocks(schema, raw.blocks, false, &mut diags);
        let content = BodyContent {
            attributes: self.prepare_attributes(raw.attributes),
            blocks,
            missing_item_range: self.original.missing_item_range(),
        };
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, DynBody, Diagnostics) {
        let (raw, _, mut diags) = self.original.partial_content(&self.extend_schema(schema));
        let blocks = self.expand_blocks(schema, raw.blocks, true, &mut diags);
        let content = BodyContent {
            attributes: self.prepare_attributes(raw.attributes),
            blocks,
            missing_item_range: self.original.missing_item_range(),
        };
        let mut hidden_attributes = self.hidden_attributes.clone();
        hidden_attributes.extend(schema.attributes.iter().map(|a| a.name.clone()));
        let mut hidden_blocks = self.hidden_blocks.clone();
        for b in &schema.blocks {
            hidden_blocks.insert(b.type_name.clone(), b.clone());
        }
        // The original body with the schema's own names hidden (its
        // `dynamic` blocks kept for later processing), so that later
        // processing sees them as absent, as the original's own partial
        // processing does ("Did you mean" suggestions, for one).
        let mut own = schema.clone();
        own.blocks.retain(|b| b.type_name != DYNAMIC);
        let (_, original, _) = self.original.partial_content(&own);
        let remain = Arc::new(ExpandBody {
            original,
            base_ctx: self.base_ctx.clone(),
            iteration: self.iteration.clone(),
            hidden_attributes,
            hidden_blocks,
        });
        (content, remain, diags)
    }

    /// The original body's attributes, less those hidden by partial
    /// processing (with the blocks taken by it, `dynamic` ones included),
    /// evaluated with the iterators inside a dynamic block. Go returns the
    /// original body's attributes unchanged: the hidden ones too, and
    /// without the iterators.
    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        if self.hidden_attributes.is_empty() && self.hidden_blocks.is_empty() {
            let (attributes, diags) = self.original.just_attributes();
            return (self.prepare_attributes(attributes), diags);
        }
        let (taken, remain, mut diags) = self
            .original
            .partial_content(&self.extend_schema(&BodySchema::new()));
        for block in taken.blocks {
            let hidden = match block.labels.first() {
                Some(real_type) if block.type_name == DYNAMIC => {
                    self.hidden_blocks.contains_key(real_type)
                }
                _ => true,
            };
            if !hidden {
                diags.push(
                    Diagnostic::error(format!(
                        "Unexpected {} block",
                        crate::quote::go_quote(&block.type_name)
                    ))
                    .with_detail("Blocks are not allowed here.")
                    .with_subject(block.type_range),
                );
            }
        }
        let (attributes, more) = remain.just_attributes();
        diags.extend(more);
        let mut attributes = self.prepare_attributes(attributes);
        for (name, attribute) in self.prepare_attributes(taken.attributes) {
            if !self.hidden_attributes.contains(&name) {
                attributes.insert(name, attribute);
            }
        }
        (attributes, diags)
    }

    fn missing_item_range(&self) -> Range {
        self.original.missing_item_range()
    }

    /// The original's visible types, with each `dynamic "x"` block as a
    /// block of type `x` (labelled as many times as its `labels` list, when
    /// that is a literal list, otherwise not).
    fn block_types(&self) -> Option<Vec<(String, usize)>> {
        let original = self.original.block_types()?;
        let mut seen = BTreeSet::new();
        let mut types = Vec::new();
        let dynamic_schema = BodySchema::new().block(BlockHeaderSchema::new(DYNAMIC).label("type"));
        let labels_schema = BodySchema::new().attribute(AttributeSchema::optional("labels"));
        for (name, labels) in original {
            if name != DYNAMIC {
                if !self.hidden_blocks.contains_key(&name) && seen.insert(name.clone()) {
                    types.push((name, labels));
                }
                continue;
            }
            let (content, _, _) = self.original.partial_content(&dynamic_schema);
            for block in content.blocks {
                let Some(generated) = block.labels.into_iter().next() else {
                    continue;
                };
                if self.hidden_blocks.contains_key(&generated) || !seen.insert(generated.clone()) {
                    continue;
                }
                let (inner, _, _) = block.body.partial_content(&labels_schema);
                let count = inner
                    .attributes
                    .get("labels")
                    .and_then(|a| a.expr.static_list().ok())
                    .map_or(0, |list| list.len());
                types.push((generated, count));
            }
        }
        Some(types)
    }
}

/// What a `dynamic` block says.
struct ExpandSpec {
    block_type: String,
    block_type_range: Range,
    def_range: Range,
    for_each: Value,
    iterator: String,
    labels: Vec<DynExpression>,
    content: DynBody,
}

impl ExpandSpec {
    /// The block of iteration `it` (made in `base`, the `for_each`
    /// context of the dynamic block), or `None` after a label error.
    fn new_block(
        &self,
        it: &Iteration,
        base: &EvalContext,
        diags: &mut Diagnostics,
    ) -> Option<Block> {
        let mut labels = Vec::with_capacity(self.labels.len());
        let mut label_ranges = Vec::with_capacity(self.labels.len());
        for expr in &self.labels {
            let (value, label_diags) = expr.value(it.scope(base));
            let failed = label_diags.has_errors();
            diags.extend(label_diags);
            if failed {
                return None;
            }
            let invalid = |detail: String| {
                Diagnostic::error("Invalid dynamic block label")
                    .with_detail(detail)
                    .with_subject(expr.range())
            };
            let value = match convert(&value, &Type::String) {
                Ok(v) => v,
                Err(e) => {
                    diags.push(invalid(format!(
                        "Cannot use this value as a dynamic block label: {e}."
                    )));
                    return None;
                }
            };
            if value.is_null() {
                diags.push(invalid(
                    "Cannot use a null value as a dynamic block label.".into(),
                ));
                return None;
            }
            let Some(text) = value.as_str() else {
                diags.push(invalid(
                    "This value is not yet known. Dynamic block labels must be immediately-known \
                     values."
                        .into(),
                ));
                return None;
            };
            labels.push(text.to_owned());
            label_ranges.push(expr.range());
        }
        Some(Block {
            type_name: self.block_type.clone(),
            labels,
            body: Arc::clone(&self.content),
            def_range: self.def_range.clone(),
            type_range: self.block_type_range.clone(),
            label_ranges,
        })
    }
}

/// The key and value of each element of an iterable known value, in
/// cty's order: index and element for lists and tuples, the element twice
/// for sets, key and value for maps and objects.
fn elements(collection: &Value) -> Vec<(Value, Value)> {
    if let Some(attributes) = collection.attributes() {
        return attributes
            .iter()
            .map(|(k, v)| (Value::string(k.clone()), v.clone()))
            .collect();
    }
    let Some(elements) = collection.elements() else {
        return Vec::new();
    };
    if matches!(collection.ty(), Type::Set(_)) {
        return elements.iter().map(|e| (e.clone(), e.clone())).collect();
    }
    elements
        .iter()
        .enumerate()
        .map(|(i, e)| {
            (
                Value::number(i64::try_from(i).unwrap_or(i64::MAX)),
                e.clone(),
            )
        })
        .collect()
}

/// An attribute's expression inside a dynamic block: evaluated with the
/// iterators declared, and without them among its variables.
#[derive(Debug)]
struct IteratedExpression {
    inner: DynExpression,
    iteration: Arc<Iteration>,
}

impl Expression for IteratedExpression {
    fn value(&self, ctx: &EvalContext) -> (Value, Diagnostics) {
        self.inner.value(&self.iteration.eval_context(ctx))
    }

    fn variables(&self) -> Vec<Traversal> {
        self.inner
            .variables()
            .into_iter()
            .filter(|t| !Iteration::defines(Some(&self.iteration), t.root_name().unwrap_or("")))
            .collect()
    }

    fn range(&self) -> Range {
        self.inner.range()
    }

    fn start_range(&self) -> Range {
        self.inner.start_range()
    }

    fn static_list(&self) -> Result<Vec<DynExpression>, Diagnostics> {
        self.inner.static_list()
    }

    fn static_map(&self) -> Result<Vec<StaticPair>, Diagnostics> {
        self.inner.static_map()
    }

    fn static_call(&self) -> Result<StaticCall, Diagnostics> {
        self.inner.static_call()
    }

    fn static_traversal_abs(&self) -> Result<Traversal, Diagnostics> {
        self.inner.static_traversal_abs()
    }

    fn static_traversal_rel(&self) -> Result<Traversal, Diagnostics> {
        self.inner.static_traversal_rel()
    }
}

/// The body of the one block an unknown `for_each` expands to: its
/// structure is the content's, every attribute's value the dynamic unknown
/// value.
#[derive(Debug)]
struct UnknownBody {
    template: DynBody,
}

impl UnknownBody {
    fn fix_content(content: BodyContent) -> BodyContent {
        BodyContent {
            attributes: Self::fix_attributes(content.attributes),
            blocks: content
                .blocks
                .into_iter()
                .map(|b| Block {
                    body: Arc::new(UnknownBody { template: b.body }),
                    ..b
                })
                .collect(),
            missing_item_range: content.missing_item_range,
        }
    }

    fn fix_attributes(attributes: Attributes) -> Attributes {
        attributes
            .into_iter()
            .map(|(name, mut attribute)| {
                attribute.expr = Arc::new(UnknownExpression {
                    range: attribute.expr.range(),
                });
                (name, attribute)
            })
            .collect()
    }
}

impl Body for UnknownBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, diags) = self.template.content(schema);
        (Self::fix_content(content), diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, DynBody, Diagnostics) {
        let (content, remain, diags) = self.template.partial_content(schema);
        let remain: DynBody = Arc::new(UnknownBody { template: remain });
        (Self::fix_content(content), remain, diags)
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let (attributes, diags) = self.template.just_attributes();
        (Self::fix_attributes(attributes), diags)
    }

    fn missing_item_range(&self) -> Range {
        self.template.missing_item_range()
    }

    fn block_types(&self) -> Option<Vec<(String, usize)>> {
        self.template.block_types()
    }
}

/// The expression of an attribute of an unknown body: the dynamic unknown
/// value, at the original expression's range.
#[derive(Debug)]
struct UnknownExpression {
    range: Range,
}

impl Expression for UnknownExpression {
    fn value(&self, _: &EvalContext) -> (Value, Diagnostics) {
        (Value::dynamic(), Diagnostics::new())
    }

    fn variables(&self) -> Vec<Traversal> {
        Vec::new()
    }

    fn range(&self) -> Range {
        self.range.clone()
    }

    fn start_range(&self) -> Range {
        self.range.clone()
    }
}

/// The variables of a body with dynamic blocks, level by level: the
/// attributes' and the `for_each`/`labels` expressions' references, less
/// the iterators (Go's `WalkVariables`).
///
/// ```
/// use hcl_core::body::{BlockHeaderSchema, BodySchema, AttributeSchema};
/// use hcl_core::native::{ParseOptions, parse_config};
///
/// let src = br#"
/// dynamic "rule" {
///   for_each = var.rules
///   content {
///     port = rule.value + local.offset
///   }
/// }
/// "#;
/// let (file, _) = parse_config(src, "app.hcl", &ParseOptions::default());
/// let root = hcl_core::dynblock::walk_variables(std::sync::Arc::new(file.body()));
/// let (vars, children) = root.visit(&BodySchema::new().block(BlockHeaderSchema::new("rule")));
/// assert_eq!(vars.iter().map(|t| t.root_name().unwrap()).collect::<Vec<_>>(), ["var"]);
/// let (inner, _) = children[0]
///     .node
///     .visit(&BodySchema::new().attribute(AttributeSchema::required("port")));
/// assert_eq!(inner.iter().map(|t| t.root_name().unwrap()).collect::<Vec<_>>(), ["local"]);
/// ```
pub fn walk_variables(body: DynBody) -> WalkVariablesNode {
    WalkVariablesNode {
        body,
        iteration: None,
        include_content: true,
    }
}

/// Like [`walk_variables`], but only the variables that the expansion
/// itself needs: those of `for_each` and `labels` (Go's
/// `WalkExpandVariables`).
pub fn walk_expand_variables(body: DynBody) -> WalkVariablesNode {
    WalkVariablesNode {
        body,
        iteration: None,
        include_content: false,
    }
}

/// One level of a [`walk_variables`] walk.
#[derive(Debug, Clone)]
pub struct WalkVariablesNode {
    body: DynBody,
    iteration: Option<Arc<Iteration>>,
    include_content: bool,
}

/// A nested level found by [`WalkVariablesNode::visit`]: a block (or the
/// content of a dynamic block) of type `block_type`.
#[derive(Debug, Clone)]
pub struct WalkVariablesChild {
    /// The block type (for a dynamic block, the type it generates).
    pub block_type: String,
    /// The nested level.
    pub node: WalkVariablesNode,
}

impl WalkVariablesNode {
    /// The body of this level.
    pub fn body(&self) -> &DynBody {
        &self.body
    }

    /// The variables of this level's attributes (named by `schema`) and
    /// dynamic blocks, and the nested levels to visit with their own
    /// schemas.
    pub fn visit(&self, schema: &BodySchema) -> (Vec<Traversal>, Vec<WalkVariablesChild>) {
        let mut extended = schema.clone();
        extended
            .blocks
            .push(BlockHeaderSchema::new(DYNAMIC).label("type"));
        let (container, _, _) = self.body.partial_content(&extended);
        let mut vars = Vec::new();
        let mut children = Vec::with_capacity(container.blocks.len());
        if self.include_content {
            for attribute in container.attributes.values() {
                for t in attribute.expr.variables() {
                    if !Iteration::defines(self.iteration.as_ref(), t.root_name().unwrap_or("")) {
                        vars.push(t);
                    }
                }
            }
        }
        let inner_schema = BodySchema::new()
            .attribute(AttributeSchema::optional("for_each"))
            .attribute(AttributeSchema::optional("labels"))
            .attribute(AttributeSchema::optional("iterator"))
            .block(BlockHeaderSchema::new("content"));
        for block in container.blocks {
            if block.type_name != DYNAMIC {
                children.push(WalkVariablesChild {
                    block_type: block.type_name,
                    node: WalkVariablesNode {
                        body: block.body,
                        iteration: self.iteration.clone(),
                        include_content: self.include_content,
                    },
                });
                continue;
            }
            let Some(block_type) = block.labels.first().cloned() else {
                continue;
            };
            let (inner, _, _) = block.body.partial_content(&inner_schema);
            let mut iterator = block_type.clone();
            if let Some(attr) = inner.attributes.get("iterator") {
                match attr.expr.static_traversal_abs() {
                    Ok(t) if !t.is_empty() => {
                        iterator = t.root_name().unwrap_or_default().to_owned();
                    }
                    _ => continue,
                }
            }
            let it = Iteration::child(
                self.iteration.as_ref(),
                &iterator,
                Value::dynamic(),
                Value::dynamic(),
                &mut None,
            );
            if let Some(attr) = inner.attributes.get("for_each") {
                for t in attr.expr.variables() {
                    if !it.inherits(t.root_name().unwrap_or("")) {
                        vars.push(t);
                    }
                }
            }
            if let Some(attr) = inner.attributes.get("labels") {
                for t in attr.expr.variables() {
                    if !Iteration::defines(Some(&it), t.root_name().unwrap_or("")) {
                        vars.push(t);
                    }
                }
            }
            for content in inner.blocks {
                children.push(WalkVariablesChild {
                    block_type: block_type.clone(),
                    node: WalkVariablesNode {
                        body: content.body,
                        iteration: Some(Arc::clone(&it)),
                        include_content: self.include_content,
                    },
                });
            }
        }
        (vars, children)
    }
}

#[cfg(test)]
mod tests;
