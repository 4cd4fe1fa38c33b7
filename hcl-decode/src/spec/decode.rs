//! Applying a spec to a body: the value, its implied type, the schema a
//! spec implies, source ranges and the variables a body needs (Go's
//! `hcldec` package: `Decode`, `ImpliedType`, `ImpliedSchema`,
//! `SourceRange`, `Variables`).

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use hcl_core::body::{
    AttributeSchema, Block, BlockHeaderSchema, BodyContent, BodySchema, DynBody, DynExpression,
    null_required_attribute,
};
use hcl_core::convert::{convert_with, unify_with};
use hcl_core::quote::go_quote;
use hcl_core::{
    Body, Diagnostic, Diagnostics, EvalContext, Expression, Semantics, Traversal, Type, Value,
};
use hcl_core::{Path, PathStep};
use hcl_core::{Pos, Range};

use super::{
    AttrSpec, BlockAttrsSpec, BlockListSpec, BlockMapSpec, BlockSpec, DefaultSpec, Spec,
    TransformSpec, ValidateSpec,
};

/// Decodes `body` by `spec`: every attribute and block of the body must be
/// one the spec names (else an error), and the value is built as the spec
/// says, its expressions evaluated in `ctx`. The value is returned even when
/// there are errors (with unknown or null parts where something failed).
///
/// ```
/// use hcl_core::native::parse_config_str;
/// use hcl_core::{EvalContext, Value};
/// use hcl_decode::spec::{decode, AttrSpec, Spec};
///
/// let spec = Spec::Attr(AttrSpec { name: "n".into(), ty: hcl_core::Type::Number, required: false });
/// let (file, _) = parse_config_str("n = 1 + 2\n", "in.hcl");
/// let (v, diags) = decode(&file.body(), &spec, &EvalContext::new());
/// assert!(diags.is_empty());
/// assert_eq!(v, Value::number(3));
/// ```
pub fn decode(body: &dyn Body, spec: &Spec, ctx: &EvalContext) -> (Value, Diagnostics) {
    decode_with_options(body, spec, ctx, &DecodeOptions::default())
}

/// Options for [`decode_with_options`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeOptions {
    /// How many threads decoding may use: the bodies of many blocks of one
    /// type (a `block_list`, `block_set` or `block_map` with at least 64
    /// blocks) are then decoded in parallel runs. The value and the
    /// diagnostics, in their order, are the same whatever the number.
    pub threads: usize,
}

impl Default for DecodeOptions {
    /// One thread.
    fn default() -> Self {
        DecodeOptions { threads: 1 }
    }
}

/// [`decode`], with options.
///
/// ```
/// use hcl_core::native::parse_config_str;
/// use hcl_core::EvalContext;
/// use hcl_decode::spec::{decode, decode_with_options, parse_spec_file, DecodeOptions};
///
/// let (spec, _) = parse_spec_file(
///     b"block_list {\n  block_type = \"b\"\n  attr { name = \"n\" }\n}\n",
///     "s.hcldec",
/// );
/// let input: String = (0..200).map(|i| format!("b {{ n = {i} }}\n")).collect();
/// let (file, _) = parse_config_str(&input, "in.hcl");
/// let ctx = EvalContext::literal_only();
/// let parallel = decode_with_options(&file.body(), &spec.root, &ctx, &DecodeOptions { threads: 4 });
/// assert_eq!(parallel, decode(&file.body(), &spec.root, &ctx));
/// assert_eq!(parallel.0.len(), Some(200));
/// ```
pub fn decode_with_options(
    body: &dyn Body,
    spec: &Spec,
    ctx: &EvalContext,
    options: &DecodeOptions,
) -> (Value, Diagnostics) {
    SpecDecoder::new(ctx, options.threads).decode_body(body, spec)
}

/// Like [`decode`], but the elements of the top-level body that the spec
/// does not name are no error: they are returned as the remaining body.
/// (Nested block bodies are decoded exhaustively.)
pub fn partial_decode(
    body: &dyn Body,
    spec: &Spec,
    ctx: &EvalContext,
) -> (Value, DynBody, Diagnostics) {
    let decoder = SpecDecoder::new(ctx, 1);
    let schema = decoder.schema(spec);
    let (content, rest, mut diags) = body.partial_content(&schema);
    let (value, more) = decoder.decode_content(spec, &content);
    diags.extend(more);
    (value, rest, diags)
}

/// The schema that decoding by `spec` applies to a body: the attributes
/// and block types of the specs decoded from that body (an attribute named
/// by several specs once, required if any requires it; a block type named
/// by several specs once, with the labels of the last).
///
/// ```
/// use hcl_decode::spec::{implied_schema, parse_spec_file};
///
/// let (spec, _) = parse_spec_file(
///     br#"object {
///       attr "name" { required = true }
///       block_map "svc" {
///         labels = ["kind", "name"]
///         object {}
///       }
///     }"#,
///     "s.hcldec",
/// );
/// let schema = implied_schema(&spec.root);
/// assert!(schema.attributes[0].required);
/// assert_eq!(schema.blocks[0].label_names, ["kind", "name"]);
/// ```
pub fn implied_schema(spec: &Spec) -> BodySchema {
    let mut attributes: Vec<AttributeSchema> = Vec::new();
    let mut blocks: Vec<BlockHeaderSchema> = Vec::new();
    // Each name's place in the lists, so that many specs stay linear.
    let mut attribute_index: HashMap<&str, usize> = HashMap::new();
    let mut block_index: HashMap<String, usize> = HashMap::new();
    visit(spec, &mut |s| match s {
        Spec::Attr(a) => match attribute_index.get(a.name.as_str()) {
            Some(&i) => attributes[i].required |= a.required,
            None => {
                attribute_index.insert(a.name.as_str(), attributes.len());
                attributes.push(AttributeSchema {
                    name: a.name.clone(),
                    required: a.required,
                });
            }
        },
        _ => {
            if let Some(header) = block_header(s) {
                match block_index.get(&header.type_name) {
                    Some(&i) => blocks[i] = header,
                    None => {
                        block_index.insert(header.type_name.clone(), blocks.len());
                        blocks.push(header);
                    }
                }
            }
        }
    });
    BodySchema { attributes, blocks }
}

/// The block header a block-kind spec asks for.
fn block_header(spec: &Spec) -> Option<BlockHeaderSchema> {
    match spec {
        Spec::Block(b) => Some(BlockHeaderSchema::new(b.type_name.clone())),
        Spec::BlockList(b) | Spec::BlockSet(b) => Some(BlockHeaderSchema::new(b.type_name.clone())),
        Spec::BlockMap(b) => Some(BlockHeaderSchema {
            type_name: b.type_name.clone(),
            label_names: b.labels.clone(),
        }),
        Spec::BlockAttrs(b) => Some(BlockHeaderSchema::new(b.type_name.clone())),
        _ => None,
    }
}

/// The one block of a `block` spec's type in `content` (a second one is
/// an error: the first is used).
#[inline(never)]
fn single_block<'c>(
    b: &'c BlockSpec,
    content: &'c BodyContent,
    diags: &mut Diagnostics,
) -> Option<&'c Block> {
    let mut found: Option<&Block> = None;
    for candidate in content.blocks_of_type(&b.type_name) {
        if let Some(previous) = found {
            diags.push(
                Diagnostic::error(format!("Duplicate {} block", b.type_name))
                    .with_detail(format!(
                        "Only one block of type {} is allowed. Previous definition was at {}.",
                        go_quote(&b.type_name),
                        previous.def_range
                    ))
                    .with_subject(candidate.def_range.clone()),
            );
            break;
        }
        found = Some(candidate);
    }
    found
}

/// Calls `f` on `spec` and, depth first, on every spec decoded from the
/// same body.
fn visit<'a>(spec: &'a Spec, f: &mut dyn FnMut(&'a Spec)) {
    f(spec);
    for child in spec.same_body_children() {
        visit(child, f);
    }
}

/// The type of the value that decoding by `spec` gives (the dynamic
/// pseudo-type where it cannot be known in advance). A `transform`'s type
/// is that of its expression evaluated with an unknown value of the nested
/// spec's type.
///
/// ```
/// use hcl_core::Type;
/// use hcl_decode::spec::{implied_type, parse_spec_file};
///
/// let (spec, diags) = parse_spec_file(
///     br#"block_map {
///       block_type = "svc"
///       labels     = ["name"]
///       attr {
///         name = "port"
///         type = number
///       }
///     }"#,
///     "s.hcldec",
/// );
/// assert!(diags.is_empty());
/// assert_eq!(implied_type(&spec.root), Type::map(Type::Number));
/// ```
pub fn implied_type(spec: &Spec) -> Type {
    match spec {
        Spec::Object(members) => Type::object(
            members
                .iter()
                .map(|(name, s)| (name.clone(), implied_type(s))),
        ),
        Spec::Tuple(elements) => Type::tuple(elements.iter().map(implied_type)),
        Spec::Attr(a) => a.ty.clone(),
        Spec::Literal(v) => v.ty().clone(),
        Spec::Block(b) => implied_type(&b.nested),
        Spec::BlockList(b) => Type::list(implied_type(&b.nested)),
        Spec::BlockSet(b) => Type::set(implied_type(&b.nested)),
        Spec::BlockMap(b) => b
            .labels
            .iter()
            .fold(implied_type(&b.nested), |t, _| Type::map(t)),
        Spec::BlockAttrs(b) => Type::map(b.element_type.clone()),
        Spec::Default(d) => implied_type(&d.primary),
        Spec::Transform(t) => transform_implied_type(t),
        Spec::Validate(v) => implied_type(&v.wrapped),
    }
}

fn transform_implied_type(t: &TransformSpec) -> Type {
    let nested = Value::unknown(implied_type(&t.wrapped));
    let mut ctx = t.ctx.new_child();
    if ctx.declare_variable(t.var_name.clone(), nested).is_err() {
        return Type::Dynamic;
    }
    t.result.value(&ctx).0.ty().clone()
}

/// The source range of what decoding `body` by `spec` would use: the
/// attribute's expression, the (first) block's nested source, or where a
/// missing item would go. Meant for diagnostics about a decoded value.
pub fn source_range(body: &dyn Body, spec: &Spec) -> Range {
    let (content, _, _) = body.partial_content(&implied_schema(spec));
    content_source_range(spec, &content)
}

fn content_source_range(spec: &Spec, content: &BodyContent) -> Range {
    match spec {
        Spec::Object(_) | Spec::Tuple(_) => content.missing_item_range.clone(),
        Spec::Attr(a) => match content.attributes.get(&a.name) {
            Some(attr) => attr.expr.range(),
            None => content.missing_item_range.clone(),
        },
        Spec::Literal(_) => Range::at("<unknown>", Pos::default()),
        Spec::Block(b) => first_block_range(content, &b.type_name, &b.nested),
        Spec::BlockList(b) | Spec::BlockSet(b) => {
            first_block_range(content, &b.type_name, &b.nested)
        }
        Spec::BlockMap(b) => first_block_range(content, &b.type_name, &b.nested),
        Spec::BlockAttrs(b) => match content.blocks_of_type(&b.type_name).next() {
            Some(block) => block.def_range.clone(),
            None => content.missing_item_range.clone(),
        },
        Spec::Default(d) => content_source_range(&d.primary, content),
        Spec::Transform(t) => content_source_range(&t.wrapped, content),
        Spec::Validate(v) => content_source_range(&v.wrapped, content),
    }
}

fn first_block_range(content: &BodyContent, type_name: &str, nested: &Spec) -> Range {
    match content.blocks_of_type(type_name).next() {
        Some(block) => source_range(&*block.body, nested),
        None => content.missing_item_range.clone(),
    }
}

/// The variables (absolute traversals) that the expressions of `body`
/// reference, as far as `spec` reaches into it: the attributes it decodes,
/// in the blocks it decodes. A body that does not fit the spec gives what
/// can be found.
///
/// ```
/// use hcl_core::native::parse_config_str;
/// use hcl_decode::spec::{parse_spec_file, variables};
///
/// let (spec, _) = parse_spec_file(
///     br#"object {
///       attr "a" {}
///       block_list "b" {
///         attr { name = "c" }
///       }
///     }"#,
///     "s.hcldec",
/// );
/// let (file, _) = parse_config_str("a = var.x + 1\nb { c = local.y }\nb { c = z[0] }\n", "in.hcl");
/// let refs: Vec<String> = variables(&file.body(), &spec.root).iter().map(|t| t.to_string()).collect();
/// assert_eq!(refs, ["var.x", "local.y", "z[0]"]);
/// ```
pub fn variables(body: &dyn Body, spec: &Spec) -> Vec<Traversal> {
    let (content, _, _) = body.partial_content(&implied_schema(spec));
    let mut vars = Vec::new();
    visit(spec, &mut |s| vars.extend(variables_needed(s, &content)));
    vars
}

fn variables_needed(spec: &Spec, content: &BodyContent) -> Vec<Traversal> {
    let blocks = |type_name: &str, nested: &Spec, first_only: bool| {
        let mut out = Vec::new();
        for block in content.blocks_of_type(type_name) {
            out.extend(variables(&*block.body, nested));
            if first_only {
                break;
            }
        }
        out
    };
    match spec {
        Spec::Attr(a) => content
            .attributes
            .get(&a.name)
            .map(|attr| attr.expr.variables())
            .unwrap_or_default(),
        Spec::Block(b) => blocks(&b.type_name, &b.nested, true),
        Spec::BlockList(b) | Spec::BlockSet(b) => blocks(&b.type_name, &b.nested, false),
        Spec::BlockMap(b) => blocks(&b.type_name, &b.nested, false),
        Spec::BlockAttrs(b) => {
            let Some(block) = content.blocks_of_type(&b.type_name).next() else {
                return Vec::new();
            };
            let (attrs, diags) = block.body.just_attributes();
            if diags.has_errors() {
                return Vec::new();
            }
            let mut vars: Vec<Traversal> =
                attrs.values().flat_map(|a| a.expr.variables()).collect();
            vars.sort_by_key(|t| t.source_range().map_or(0, |r| r.start.byte));
            vars
        }
        _ => Vec::new(),
    }
}

/// How many blocks of one type make decoding them in parallel worth it.
const PARALLEL_MIN_BLOCKS: usize = 64;

/// The stack size of the decoding threads (the main thread's usual size).
const THREAD_STACK: usize = 8 << 20;

/// The state of one decoding: the context, the threads it may use, and
/// the schemas and implied types already computed, by spec node.
struct SpecDecoder<'c> {
    ctx: &'c EvalContext,
    threads: usize,
    schemas: RefCell<HashMap<*const Spec, Rc<BodySchema>>>,
    types: RefCell<HashMap<*const Spec, Type>>,
}

impl<'c> SpecDecoder<'c> {
    fn new(ctx: &'c EvalContext, threads: usize) -> SpecDecoder<'c> {
        SpecDecoder {
            ctx,
            threads: threads.max(1),
            schemas: RefCell::new(HashMap::new()),
            types: RefCell::new(HashMap::new()),
        }
    }

    /// Decodes the bodies of blocks by one spec, in order: on several
    /// threads when there are many blocks and threads are allowed (each
    /// thread then decodes a contiguous run of the blocks, itself on one
    /// thread).
    fn decode_each(&self, blocks: &[&Block], nested: &Spec) -> Vec<(Value, Diagnostics)> {
        if self.threads < 2 || blocks.len() < PARALLEL_MIN_BLOCKS {
            return blocks
                .iter()
                .map(|block| self.decode_body(&*block.body, nested))
                .collect();
        }
        let chunk = blocks.len().div_ceil(self.threads);
        let ctx = self.ctx;
        std::thread::scope(|scope| {
            let handles: Vec<_> = blocks
                .chunks(chunk)
                .map(|part| {
                    let work = move || {
                        let decoder = SpecDecoder::new(ctx, 1);
                        part.iter()
                            .map(|block| decoder.decode_body(&*block.body, nested))
                            .collect::<Vec<_>>()
                    };
                    // As deep a stack as the main thread's, for deeply
                    // nested input.
                    std::thread::Builder::new()
                        .stack_size(THREAD_STACK)
                        .spawn_scoped(scope, work)
                })
                .collect();
            let mut out = Vec::with_capacity(blocks.len());
            let mut failed = false;
            for handle in handles {
                match handle {
                    Ok(handle) => match handle.join() {
                        Ok(part) => out.extend(part),
                        Err(panic) => std::panic::resume_unwind(panic),
                    },
                    Err(_) => failed = true,
                }
            }
            if failed {
                // No thread could be started: decode here instead.
                return blocks
                    .iter()
                    .map(|block| self.decode_body(&*block.body, nested))
                    .collect();
            }
            out
        })
    }

    fn schema(&self, spec: &Spec) -> Rc<BodySchema> {
        let key: *const Spec = spec;
        if let Some(s) = self.schemas.borrow().get(&key) {
            return Rc::clone(s);
        }
        let schema = Rc::new(implied_schema(spec));
        self.schemas.borrow_mut().insert(key, Rc::clone(&schema));
        schema
    }

    fn implied_type(&self, spec: &Spec) -> Type {
        let key: *const Spec = spec;
        if let Some(t) = self.types.borrow().get(&key) {
            return t.clone();
        }
        let ty = implied_type(spec);
        self.types.borrow_mut().insert(key, ty.clone());
        ty
    }

    fn decode_body(&self, body: &dyn Body, spec: &Spec) -> (Value, Diagnostics) {
        let schema = self.schema(spec);
        let (content, mut diags) = body.content(&schema);
        let (value, more) = self.decode_content(spec, &content);
        diags.extend(more);
        (value, diags)
    }

    fn decode_content(&self, spec: &Spec, content: &BodyContent) -> (Value, Diagnostics) {
        // Nested specs recurse through here: every case with locals of its
        // own is a function of its own, so that this frame stays small (a
        // debug build gives every temporary a slot).
        match spec {
            Spec::Object(members) => self.decode_object_members(members, content),
            Spec::Tuple(elements) => self.decode_tuple_elements(elements, content),
            Spec::Attr(a) => self.decode_attr(a, content),
            Spec::Literal(v) => (v.clone(), Diagnostics::new()),
            Spec::Block(b) => self.decode_block(b, content),
            Spec::BlockList(b) => self.decode_block_list(b, content, false),
            Spec::BlockSet(b) => self.decode_block_list(b, content, true),
            Spec::BlockMap(b) => self.decode_block_map(b, content),
            Spec::BlockAttrs(b) => self.decode_block_attrs(b, content),
            Spec::Default(d) => self.decode_default(d, content),
            Spec::Transform(t) => self.decode_transform(spec, t, content),
            Spec::Validate(v) => self.decode_validate(spec, v, content),
        }
    }

    /// One arm of [`SpecDecoder::decode_content`], in its own function so
    /// that the recursive one keeps a small stack frame.
    #[inline(never)]
    fn decode_object_members(
        &self,
        members: &[(String, Spec)],
        content: &BodyContent,
    ) -> (Value, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut attrs = Vec::with_capacity(members.len());
        for (name, s) in members {
            let (v, d) = self.decode_content(s, content);
            diags.extend(d);
            attrs.push((name.clone(), v));
        }
        (Value::object(attrs), diags)
    }

    /// One arm of [`SpecDecoder::decode_content`], in its own function so
    /// that the recursive one keeps a small stack frame.
    #[inline(never)]
    fn decode_tuple_elements(
        &self,
        elements: &[Spec],
        content: &BodyContent,
    ) -> (Value, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut values = Vec::with_capacity(elements.len());
        for s in elements {
            let (v, d) = self.decode_content(s, content);
            diags.extend(d);
            values.push(v);
        }
        (Value::tuple(values), diags)
    }

    /// One arm of [`SpecDecoder::decode_content`], in its own function so
    /// that the recursive one keeps a small stack frame.
    #[inline(never)]
    fn decode_default(&self, d: &DefaultSpec, content: &BodyContent) -> (Value, Diagnostics) {
        let (value, mut diags) = self.decode_content(&d.primary, content);
        if !value.is_null() {
            return (value, diags);
        }
        let (value, more) = self.decode_content(&d.fallback, content);
        diags.extend(more);
        (value, diags)
    }

    /// One arm of [`SpecDecoder::decode_content`], in its own function so
    /// that the recursive one keeps a small stack frame.
    #[inline(never)]
    fn decode_transform(
        &self,
        spec: &Spec,
        t: &TransformSpec,
        content: &BodyContent,
    ) -> (Value, Diagnostics) {
        let (value, mut diags) = self.decode_content(&t.wrapped, content);
        if diags.has_errors() {
            return (Value::unknown(self.implied_type(spec)), diags);
        }
        let mut ctx = t.ctx.new_child();
        if ctx.declare_variable(t.var_name.clone(), value).is_err() {
            return (Value::dynamic(), diags);
        }
        let (result, more) = t.result.value(&ctx);
        diags.extend(more);
        (result, diags)
    }

    /// One arm of [`SpecDecoder::decode_content`], in its own function so
    /// that the recursive one keeps a small stack frame.
    #[inline(never)]
    fn decode_attr(&self, a: &AttrSpec, content: &BodyContent) -> (Value, Diagnostics) {
        let Some(attr) = content.attributes.get(&a.name) else {
            // A missing required attribute was reported with the
            // content.
            return (Value::null(a.ty.clone()), Diagnostics::new());
        };
        let (value, mut diags) = attr.expr.value(self.ctx);
        // By the specification a null attribute is an absent one, so a
        // required one is missing; Go's `hcldec` takes the null.
        if a.required
            && let Some(d) = null_required_attribute(attr, &value, self.ctx.semantics())
        {
            diags.push(d);
            return (Value::null(a.ty.clone()), diags);
        }
        let converted = convert_with(&value, &a.ty, self.ctx.semantics());
        if let Some(d) = conversion_divergence(&value, &a.ty, &converted, self.ctx, attr) {
            diags.push(d);
        }
        match converted {
            Ok(v) => (v, diags),
            Err(e) => {
                let (subject, message) = conversion_subject(&attr.expr, &e);
                diags.push(
                    Diagnostic::error("Incorrect attribute value type")
                        .with_detail(format!(
                            "Inappropriate value for attribute {}: {message}.",
                            go_quote(&a.name)
                        ))
                        .with_subject(subject)
                        .with_context(attr.name_range.cover(&attr.expr.range())),
                );
                (Value::unknown(a.ty.clone()), diags)
            }
        }
    }

    /// The value of a missing `block` spec's block (null), and the error
    /// when it is required.
    #[inline(never)]
    fn no_block(
        &self,
        b: &BlockSpec,
        content: &BodyContent,
        mut diags: Diagnostics,
    ) -> (Value, Diagnostics) {
        if b.required {
            diags.push(missing_block(&b.type_name, content));
        }
        (Value::null(self.implied_type(&b.nested)), diags)
    }

    /// One arm of [`SpecDecoder::decode_content`], in its own function so
    /// that the recursive one keeps a small stack frame.
    #[inline(never)]
    fn decode_block(&self, b: &BlockSpec, content: &BodyContent) -> (Value, Diagnostics) {
        let mut diags = Diagnostics::new();
        let Some(block) = single_block(b, content, &mut diags) else {
            return self.no_block(b, content, diags);
        };
        let (v, more) = self.decode_body(&*block.body, &b.nested);
        diags.extend(more);
        (v, diags)
    }

    /// One arm of [`SpecDecoder::decode_content`], in its own function so
    /// that the recursive one keeps a small stack frame.
    #[inline(never)]
    fn decode_block_attrs(
        &self,
        b: &BlockAttrsSpec,
        content: &BodyContent,
    ) -> (Value, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut of_type = content.blocks_of_type(&b.type_name);
        let Some(block) = of_type.next() else {
            if b.required {
                diags.push(missing_block(&b.type_name, content));
            }
            return (Value::null(Type::map(b.element_type.clone())), diags);
        };
        if let Some(other) = of_type.next() {
            diags.push(
                Diagnostic::error(format!("Duplicate {} block", b.type_name))
                    .with_detail(format!(
                        "Only one block of type {} is allowed. Previous definition was at {}.",
                        go_quote(&b.type_name),
                        block.def_range
                    ))
                    .with_subject(other.def_range.clone()),
            );
        }
        let (attrs, more) = block.body.just_attributes();
        diags.extend(more);
        let mut attrs: Vec<_> = attrs.into_values().collect();
        attrs.sort_by(|x, y| x.range.cmp(&y.range));
        let mut values = BTreeMap::new();
        for attr in attrs {
            let (value, more) = attr.expr.value(self.ctx);
            diags.extend(more);
            let converted = convert_with(&value, &b.element_type, self.ctx.semantics());
            if let Some(d) =
                conversion_divergence(&value, &b.element_type, &converted, self.ctx, &attr)
            {
                diags.push(d);
            }
            let value = match converted {
                Ok(v) => v,
                Err(e) => {
                    let (subject, message) = conversion_subject(&attr.expr, &e);
                    diags.push(
                        Diagnostic::error("Invalid attribute value")
                            .with_detail(format!(
                                "Invalid value for attribute of {} block: {message}.",
                                go_quote(&b.type_name)
                            ))
                            .with_subject(subject)
                            .with_context(attr.name_range.cover(&attr.expr.range())),
                    );
                    Value::unknown(b.element_type.clone())
                }
            };
            values.insert(attr.name, value);
        }
        match make_map(&b.element_type, values, self.ctx.semantics()) {
            Ok(v) => (v, diags),
            Err(message) => {
                diags.push(
                    Diagnostic::error("Inconsistent attribute value types")
                        .with_detail(format!(
                            "The attributes of a {} block must all have values of one type: {message}.",
                            go_quote(&b.type_name)
                        ))
                        .with_subject(block.def_range.clone()),
                );
                (Value::dynamic(), diags)
            }
        }
    }

    fn decode_block_list(
        &self,
        b: &BlockListSpec,
        content: &BodyContent,
        set: bool,
    ) -> (Value, Diagnostics) {
        let mut diags = Diagnostics::new();
        let blocks: Vec<&Block> = content.blocks_of_type(&b.type_name).collect();
        let mut elements: Vec<Value> = Vec::with_capacity(blocks.len());
        for (v, more) in self.decode_each(&blocks, &b.nested) {
            diags.extend(more);
            elements.push(v);
        }
        let count = i64::try_from(elements.len()).unwrap_or(i64::MAX);
        if count < b.min_items {
            diags.push(
                Diagnostic::error(format!("Insufficient {} blocks", b.type_name))
                    .with_detail(format!(
                        "At least {} {} blocks are required.",
                        b.min_items,
                        go_quote(&b.type_name)
                    ))
                    .with_subject(content.missing_item_range.clone()),
            );
        } else if b.max_items > 0 && count > b.max_items {
            let extra = usize::try_from(b.max_items)
                .ok()
                .and_then(|i| blocks.get(i))
                .map(|block| source_range(&*block.body, &b.nested));
            let mut d =
                Diagnostic::error(format!("Too many {} blocks", b.type_name)).with_detail(format!(
                    "No more than {} {} blocks are allowed",
                    b.max_items,
                    go_quote(&b.type_name)
                ));
            d.subject = extra;
            diags.push(d);
        }

        let Some(first) = elements.first() else {
            let ty = self.implied_type(&b.nested);
            let empty = if set {
                Value::set_of(ty, [])
            } else {
                Value::list_of(ty, [])
            };
            return (empty.unwrap_or_else(|_| Value::dynamic()), diags);
        };

        // Usually every element has the first one's type (the check is
        // part of building the collection); else they are unified.
        let first_ty = first.ty().clone();
        let built = if set {
            Value::set_of(first_ty, elements.iter().cloned())
        } else {
            Value::list_of(first_ty, elements.iter().cloned())
        };
        if let Ok(value) = built {
            return (value, diags);
        }
        let types: Vec<Type> = elements.iter().map(|e| e.ty().clone()).collect();
        let Some(unified) = unify_with(&types, self.ctx.semantics()) else {
            diags.push(
                Diagnostic::error(format!(
                    "Unconsistent argument types in {} blocks",
                    b.type_name
                ))
                .with_detail(
                    "Corresponding attributes in all blocks of this type must be the same.",
                )
                .with_subject(source_range(&*blocks[0].body, &b.nested)),
            );
            return (Value::dynamic(), diags);
        };
        for (i, conversion) in unified.conversions.iter().enumerate() {
            let Some(conversion) = conversion else {
                continue;
            };
            match conversion.apply(&elements[i]) {
                Ok(v) => elements[i] = v,
                Err(e) => {
                    diags.push(
                        Diagnostic::error(format!(
                            "Unconsistent argument types in {} blocks",
                            b.type_name
                        ))
                        .with_detail(format!(
                            "Block with index {i} has inconsistent argument types: {e}."
                        ))
                        .with_subject(source_range(&*blocks[i].body, &b.nested)),
                    );
                    return (Value::dynamic(), diags);
                }
            }
        }
        let value = if set {
            Value::set_of(unified.ty, elements)
        } else {
            Value::list_of(unified.ty, elements)
        };
        (value.unwrap_or_else(|_| Value::dynamic()), diags)
    }

    fn decode_block_map(&self, b: &BlockMapSpec, content: &BodyContent) -> (Value, Diagnostics) {
        let mut diags = Diagnostics::new();
        let depth = b.labels.len();
        let mut root = MapNode::default();
        let blocks: Vec<&Block> = content
            .blocks_of_type(&b.type_name)
            .filter(|block| depth > 0 && block.labels.len() >= depth)
            .collect();
        let first_block = blocks.first().copied();
        let decoded = self.decode_each(&blocks, &b.nested);
        for (block, (value, more)) in blocks.iter().zip(decoded) {
            let mut target = &mut root;
            for key in &block.labels[..depth - 1] {
                target = target.children.entry(key.clone()).or_default();
            }
            diags.extend(more);
            let key = &block.labels[depth - 1];
            if target.values.contains_key(key) {
                let labels: String = block
                    .labels
                    .iter()
                    .map(|l| format!(" {}", go_quote(l)))
                    .collect();
                diags.push(
                    Diagnostic::error(format!("Duplicate {} block", b.type_name))
                        .with_detail(format!(
                            "A block for {}{labels} was already defined. The {} labels must be unique.",
                            b.type_name, b.type_name
                        ))
                        .with_subject(block.def_range.clone()),
                );
                continue;
            }
            target.values.insert(key.clone(), value);
        }
        let nested_type = self.implied_type(&b.nested);
        if root.values.is_empty() && root.children.is_empty() {
            // As in Go, whatever the number of labels.
            let empty = Value::map_of(nested_type, std::iter::empty::<(String, Value)>());
            return (empty.unwrap_or_else(|_| Value::dynamic()), diags);
        }
        match root.build(depth, &nested_type, self.ctx.semantics()) {
            Ok(v) => (v, diags),
            Err(message) => {
                let mut d = Diagnostic::error(format!("Inconsistent {} blocks", b.type_name))
                    .with_detail(format!(
                        "The {} blocks must all have values of one type: {message}.",
                        go_quote(&b.type_name)
                    ));
                d.subject = first_block.map(|block| block.def_range.clone());
                diags.push(d);
                (Value::dynamic(), diags)
            }
        }
    }

    fn decode_validate(
        &self,
        spec: &Spec,
        v: &ValidateSpec,
        content: &BodyContent,
    ) -> (Value, Diagnostics) {
        let (value, mut diags) = self.decode_content(&v.wrapped, content);
        if diags.has_errors() {
            return (Value::unknown(self.implied_type(spec)), diags);
        }
        let mut ctx = v.ctx.new_child();
        if ctx
            .declare_variable(v.var_name.clone(), value.clone())
            .is_err()
        {
            return (value, diags);
        }
        let (condition, more) = v.condition.value(&ctx);
        let failed = more.has_errors();
        diags.extend(more);
        if failed || !condition.is_known() {
            return (value, diags);
        }
        let valid = match convert_with(&condition, &Type::Bool, ctx.semantics()) {
            Ok(c) if !c.is_null() => c.is_true(),
            Ok(_) => {
                diags.push(invalid_condition(
                    &*v.condition,
                    "the condition value is null",
                ));
                return (value, diags);
            }
            Err(e) => {
                diags.push(invalid_condition(&*v.condition, &e.to_string()));
                return (value, diags);
            }
        };
        if valid {
            return (value, diags);
        }
        let (message, more) = v.error_message.value(&ctx);
        let failed = more.has_errors();
        diags.extend(more);
        if failed {
            return (value, diags);
        }
        let detail = match convert_with(&message, &Type::String, ctx.semantics()) {
            Ok(m) if m.is_known() && !m.is_null() => m.as_str().unwrap_or_default().to_owned(),
            _ => String::new(),
        };
        diags.push(
            Diagnostic::error(v.error_summary.clone())
                .with_detail(detail)
                .with_subject(content_source_range(&v.wrapped, content)),
        );
        (value, diags)
    }
}

fn invalid_condition(expr: &dyn Expression, message: &str) -> Diagnostic {
    Diagnostic::error("Invalid validation condition")
        .with_detail(format!(
            "The condition expression must give a bool value: {message}."
        ))
        .with_subject(expr.range())
}

fn missing_block(type_name: &str, content: &BodyContent) -> Diagnostic {
    Diagnostic::error(format!("Missing {type_name} block"))
        .with_kind(hcl_core::DiagnosticKind::MissingItem)
        .with_detail(format!(
            "A block of type {} is required here.",
            go_quote(type_name)
        ))
        .with_subject(content.missing_item_range.clone())
}

/// The maps of a `block_map` under construction: one level per label.
#[derive(Default)]
struct MapNode {
    values: BTreeMap<String, Value>,
    children: BTreeMap<String, MapNode>,
}

impl MapNode {
    fn build(self, depth: usize, element_type: &Type, sem: Semantics) -> Result<Value, String> {
        if depth <= 1 {
            return make_map(element_type, self.values, sem);
        }
        let mut built = BTreeMap::new();
        for (key, child) in self.children {
            built.insert(key, child.build(depth - 1, element_type, sem)?);
        }
        let ty = (1..depth).fold(element_type.clone(), |t, _| Type::map(t));
        make_map(&ty, built, sem)
    }
}

/// A map of the given values: of their common type, or of the type they
/// unify to by the rules of `sem` (the values converted), or of
/// `element_type` when there are none.
fn make_map(
    element_type: &Type,
    values: BTreeMap<String, Value>,
    sem: Semantics,
) -> Result<Value, String> {
    let Some(first) = values.values().next() else {
        return Value::map_of(element_type.clone(), values).map_err(|e| e.to_string());
    };
    // Usually every value has the first one's type (the check is part of
    // building the map); else they are unified.
    let first_ty = first.ty().clone();
    let entries = values.iter().map(|(k, v)| (k.clone(), v.clone()));
    if let Ok(map) = Value::map_of(first_ty, entries) {
        return Ok(map);
    }
    let types: Vec<Type> = values.values().map(|v| v.ty().clone()).collect();
    let unified =
        unify_with(&types, sem).ok_or_else(|| "the value types do not unify".to_owned())?;
    let mut converted = BTreeMap::new();
    for ((key, value), conversion) in values.into_iter().zip(&unified.conversions) {
        let value = match conversion {
            Some(c) => c.apply(&value).map_err(|e| format!("{key:?}: {e}"))?,
            None => value,
        };
        converted.insert(key, value);
    }
    Value::map_of(unified.ty, converted).map_err(|e| e.to_string())
}

/// In spec mode, the warning where converting an attribute's value to its
/// spec's type gives another result by Go's rules (`hcl_core::divergence`).
fn conversion_divergence(
    value: &Value,
    ty: &Type,
    converted: &Result<Value, hcl_core::convert::ConversionError>,
    ctx: &EvalContext,
    attr: &hcl_core::body::Attribute,
) -> Option<Diagnostic> {
    hcl_core::divergence::conversion(
        value,
        ty,
        converted.as_ref().ok(),
        ctx.semantics(),
        &format!("The value of attribute {}", go_quote(&attr.name)),
        attr.expr.range(),
    )
}

/// Where to report a failed conversion of an expression's value, and the
/// message: at the literal element the error's path leads to (with the bare
/// message), else at the whole expression (with the path in the message).
fn conversion_subject(
    expr: &DynExpression,
    error: &hcl_core::convert::ConversionError,
) -> (Range, String) {
    if !error.path().is_root()
        && let Some(element) = element_at_path(expr, error.path())
    {
        return (element.range(), error.message().to_owned());
    }
    (expr.range(), error.to_string())
}

/// The element expression of a literal tuple or object construction that a
/// value path leads to, when every step is such a construction.
fn element_at_path(expr: &DynExpression, path: &Path) -> Option<DynExpression> {
    let mut current = expr.clone();
    for step in path.steps() {
        current = match step {
            PathStep::Index(key) if key.as_number().is_some() => {
                let index = key.as_number()?.to_u64().ok()?;
                let list = current.static_list().ok()?;
                list.get(usize::try_from(index).ok()?)?.clone()
            }
            PathStep::Index(key) => {
                let name = key.as_str()?;
                find_pair(&current, name)?
            }
            PathStep::Attr(name) => find_pair(&current, name)?,
        };
    }
    Some(current)
}

/// The value expression of the last pair of an object construction whose
/// key is `name`.
fn find_pair(expr: &DynExpression, name: &str) -> Option<DynExpression> {
    let pairs = expr.static_map().ok()?;
    pairs.iter().rev().find_map(|pair| {
        let (key, diags) = pair.key.value(&EvalContext::literal_only());
        let key_name = if diags.is_empty() {
            key.as_str().map(str::to_owned)
        } else {
            pair.key
                .static_traversal_abs()
                .ok()
                .filter(|t| t.steps().len() == 1)
                .and_then(|t| t.root_name().map(str::to_owned))
        };
        (key_name.as_deref() == Some(name)).then(|| pair.value.clone())
    })
}
