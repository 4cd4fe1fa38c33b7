//! The body whose dynamic blocks are expanded on processing (Go's
//! `expand_body.go`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use crate::body::{
    AttributeSchema, Attributes, Block, BlockHeaderSchema, Body, BodyContent, BodySchema, DynBody,
};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::ty::Type;
use crate::value::Value;

use super::DYNAMIC;
use super::expand_spec::{ExpandSpec, elements};
use super::expr_wrap::IteratedExpression;
use super::iteration::Iteration;
use super::unknown_body::UnknownBody;

/// A body whose dynamic blocks are expanded on processing.
pub(super) struct ExpandBody {
    pub(super) original: DynBody,
    /// The `for_each` context of the enclosing level (the context given
    /// to [`expand`] at the top).
    pub(super) base_ctx: EvalContext,
    /// Set inside the content of a dynamic block.
    pub(super) iteration: Option<Arc<Iteration>>,
    pub(super) hidden_attributes: BTreeSet<String>,
    pub(super) hidden_blocks: BTreeMap<String, BlockHeaderSchema>,
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
    pub(super) fn for_each_ctx(&self) -> &EvalContext {
        match &self.iteration {
            Some(it) => it.scope(&self.base_ctx),
            None => &self.base_ctx,
        }
    }

    /// The schema given, plus `dynamic` blocks, plus the names hidden by
    /// earlier partial processing (so that the original body accepts them
    /// and this body drops them).
    pub(super) fn extend_schema(&self, schema: &BodySchema) -> BodySchema {
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
    pub(super) fn prepare_attributes(&self, mut raw: Attributes) -> Attributes {
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

    pub(super) fn expand_blocks(
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
                    // Go gives no hint; the closest block type of the
                    // schema is suggested here as everywhere.
                    let hint = crate::suggest::suggestion(
                        real_type,
                        schema
                            .blocks
                            .iter()
                            .map(|b| b.type_name.as_str())
                            .filter(|n| *n != "dynamic"),
                    )
                    .map(|s| format!(" Did you mean {}?", crate::quote::go_quote(s)))
                    .unwrap_or_default();
                    diags.push(
                        Diagnostic::error("Unsupported block type")
                            .with_detail(format!(
                                "Blocks of type {} are not expected here.{hint}",
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
    pub(super) fn expand_child(
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
    pub(super) fn decode_spec(
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
                    .with_kind(crate::DiagnosticKind::MissingItem)
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

    fn first_item_range(&self) -> Option<Range> {
        self.original.first_item_range()
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
