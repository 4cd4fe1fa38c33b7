//! Reading a spec file into a [`SpecFile`], with the diagnostics of Go's
//! `hcldec` (`cmd/hcldec/spec.go`, which decodes the spec blocks with
//! `gohcl`).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use hcl_core::Range;
use hcl_core::body::{
    AttributeSchema, Block, BlockHeaderSchema, BodyContent, BodySchema, DynExpression,
};
use hcl_core::native::{ParseOptions, parse_config};
use hcl_core::{
    Body, Diagnostic, DiagnosticKind, Diagnostics, DynBody, EvalContext, Expression, Function,
    Semantics, Type, Value,
};

use super::types::type_expression;
use super::{
    AttrSpec, BlockAttrsSpec, BlockListSpec, BlockMapSpec, BlockSpec, DefaultSpec, Spec, SpecFile,
    TransformSpec, ValidateSpec, decode::implied_type,
};
use crate::language::functions::decode_user_functions;
use hcl_core::body::StaticExpression;

/// The spec block types, in the order Go's `hcldec` lists them, then the
/// ones it lacks (`block_attrs`, `validate`).
const SPEC_BLOCK_TYPES: [&str; 12] = [
    "object",
    "array",
    "literal",
    "attr",
    "block",
    "block_list",
    "block_map",
    "block_set",
    "default",
    "transform",
    "block_attrs",
    "validate",
];

/// The schema of a body holding spec blocks without labels.
fn unlabelled_schema() -> BodySchema {
    SPEC_BLOCK_TYPES.iter().fold(BodySchema::new(), |s, t| {
        s.block(BlockHeaderSchema::new(*t))
    })
}

/// The schema of an `object` body: spec blocks labelled with the property
/// name.
fn labelled_schema() -> BodySchema {
    SPEC_BLOCK_TYPES.iter().fold(BodySchema::new(), |s, t| {
        s.block(BlockHeaderSchema::new(*t).label("key"))
    })
}

/// The spec definition functions: the functions a spec file's expressions
/// (`literal` values, `transform` results, `function` bodies, `variables`)
/// may call: `abs`, `coalesce`, `concat`, `hasindex`, `int`, `jsondecode`,
/// `jsonencode`, `length`, `lower`, `max`, `min`, `reverse`, `strlen`,
/// `substr` and `upper`.
pub fn spec_functions() -> BTreeMap<String, Function> {
    hcl_functions::Library::hcldec().functions()
}

/// The context a spec file's expressions are evaluated in: the
/// [spec definition functions](spec_functions) and no variables.
///
/// ```
/// use hcl_decode::spec::spec_context;
/// assert!(spec_context().function("upper").is_some());
/// assert_eq!(spec_context().variable_names().count(), 0);
/// ```
pub fn spec_context() -> EvalContext {
    let mut ctx = EvalContext::new();
    for (name, f) in spec_functions() {
        // A full-expression context accepts every declaration.
        let _ = ctx.declare_function(name, f);
    }
    ctx
}

/// The diagnostics of an evaluation in a context that has functions but no
/// variables, worded as Go words them for a context whose variable table
/// is absent: "Variables not allowed" rather than "Unknown variable".
fn variables_not_allowed(diags: Diagnostics) -> Diagnostics {
    diags
        .into_iter()
        .map(|d| {
            if d.is(DiagnosticKind::UnknownVariable) {
                Diagnostic {
                    summary: "Variables not allowed".into(),
                    detail: "Variables may not be used here.".into(),
                    ..d
                }
            } else {
                d
            }
        })
        .collect()
}

/// Parses a spec file in the native syntax and decodes it
/// ([`decode_spec_body`]). Syntax errors stop there: the root is then
/// [`Spec::error`].
///
/// ```
/// use hcl_decode::spec::{parse_spec_file, Spec};
///
/// let (spec, diags) = parse_spec_file(b"attr { type = string }", "s.hcldec");
/// assert_eq!(
///     diags.to_string(),
///     "s.hcldec:1,8-8: Missing name in attribute spec; The name attribute is required, to specify the attribute name that is expected in an input HCL file."
/// );
/// assert!(matches!(spec.root, Spec::Literal(_)));
/// ```
pub fn parse_spec_file(src: &[u8], filename: &str) -> (SpecFile, Diagnostics) {
    let (file, diags) = parse_config(src, filename, &ParseOptions::default());
    if diags.has_errors() {
        return (
            SpecFile {
                root: Spec::error(),
                variables: BTreeMap::new(),
                functions: BTreeMap::new(),
            },
            diags,
        );
    }
    let (spec, more) = decode_spec_body(&file.body());
    let mut all = diags;
    all.extend(more);
    (spec, all)
}

/// Decodes the body of a spec file: its `function` blocks, its `variables`
/// blocks, then its one root spec block.
pub fn decode_spec_body(body: &dyn Body) -> (SpecFile, Diagnostics) {
    decode_spec_body_with(body, &spec_context())
}

/// [`decode_spec_body`], the spec file's expressions evaluated with the
/// functions of `ctx` instead of the [spec definition
/// functions](spec_functions) (what `hcldec --functions=stdlib` does).
pub fn decode_spec_body_with(body: &dyn Body, ctx: &EvalContext) -> (SpecFile, Diagnostics) {
    let (functions, rest, mut diags) = decode_user_functions(body, "function", ctx);

    let (content, rest, more) =
        rest.partial_content(&BodySchema::new().block(BlockHeaderSchema::new("variables")));
    diags.extend(more);
    let mut variables = BTreeMap::new();
    for block in &content.blocks {
        let (attrs, more) = block.body.just_attributes();
        diags.extend(more);
        // Source order, so that diagnostics come in that order.
        let mut attrs: Vec<_> = attrs.into_values().collect();
        attrs.sort_by(|a, b| a.range.cmp(&b.range));
        for attr in attrs {
            let (value, more) = attr.expr.value(ctx);
            diags.extend(variables_not_allowed(more));
            variables.insert(attr.name, value);
        }
    }

    let (root, more) = decode_spec_root(ctx, &*rest);
    diags.extend(more);
    (
        SpecFile {
            root,
            variables,
            functions,
        },
        diags,
    )
}

/// The one root spec block of a spec file.
fn decode_spec_root(ctx: &EvalContext, body: &dyn Body) -> (Spec, Diagnostics) {
    let (content, diags) = body.content(&unlabelled_schema());
    *exactly_one(
        ctx,
        body,
        &content,
        diags,
        "A spec file must have exactly one root block specifying how to map to a JSON value.",
    )
}

/// The one spec block of `content`, decoded; else the error for none
/// (unless there are errors already, which probably explain it) or for
/// more.
fn exactly_one(
    ctx: &EvalContext,
    body: &dyn Body,
    content: &BodyContent,
    mut diags: Diagnostics,
    detail: &'static str,
) -> Box<(Spec, Diagnostics)> {
    // On the recursion path of nested specs: the result stays boxed and
    // the errors are built by functions of their own, so that this frame
    // stays small.
    match content.blocks.as_slice() {
        [only] => {
            let mut result = spec_block_boxed(ctx, only);
            prepend_diagnostics(&mut result.1, diags);
            result
        }
        blocks => {
            not_one_spec_block(body, blocks, &mut diags, detail);
            Box::new((Spec::error(), diags))
        }
    }
}

/// Puts `first` before the diagnostics of `diags`.
#[inline(never)]
fn prepend_diagnostics(diags: &mut Diagnostics, mut first: Diagnostics) {
    first.extend(std::mem::take(diags));
    *diags = first;
}

/// The error for no spec block (unless there are errors already, which
/// probably explain it) or for more than one.
#[cold]
#[inline(never)]
fn not_one_spec_block(
    body: &dyn Body,
    blocks: &[Block],
    diags: &mut Diagnostics,
    detail: &'static str,
) {
    match blocks {
        [] => {
            if !diags.has_errors() {
                diags.push(
                    Diagnostic::error("Missing spec block")
                        .with_detail(detail)
                        .with_subject(body.missing_item_range()),
                );
            }
        }
        [_, second, ..] => {
            diags.push(
                Diagnostic::error("Extraneous spec block")
                    .with_detail(detail)
                    .with_subject(second.def_range.clone()),
            );
        }
        [_] => {}
    }
}

/// One spec block, by its type.
fn decode_spec_block(ctx: &EvalContext, block: &Block) -> (Spec, Diagnostics) {
    // Nested specs recurse through here: each kind's result comes boxed
    // from a function of its own, so that this frame holds one pointer per
    // kind rather than one result per kind (a debug build gives every
    // temporary a slot).
    *spec_block_boxed(ctx, block)
}

#[inline(never)]
fn spec_block_boxed(ctx: &EvalContext, block: &Block) -> Box<(Spec, Diagnostics)> {
    let body = &*block.body;
    match block.type_name.as_str() {
        "object" => boxed(|| decode_object(ctx, body)),
        "array" => boxed(|| decode_array(ctx, body)),
        "block" => boxed(|| decode_block(ctx, body, implied_name(block))),
        "block_list" => boxed(|| decode_block_list(ctx, body, implied_name(block), false)),
        "block_set" => boxed(|| decode_block_list(ctx, body, implied_name(block), true)),
        "block_map" => boxed(|| decode_block_map(ctx, body, implied_name(block))),
        "default" => boxed(|| decode_default(ctx, body)),
        "transform" => boxed(|| decode_transform(ctx, body)),
        "validate" => boxed(|| decode_validate(ctx, body)),
        _ => leaf_spec_block(ctx, block),
    }
}

/// The spec blocks that hold no other spec (and unknown block types).
#[inline(never)]
fn leaf_spec_block(ctx: &EvalContext, block: &Block) -> Box<(Spec, Diagnostics)> {
    let body = &*block.body;
    Box::new(match block.type_name.as_str() {
        "attr" => decode_attr(body, implied_name(block)),
        "block_attrs" => decode_block_attrs(body, implied_name(block)),
        "literal" => decode_literal(ctx, body),
        other => (
            Spec::error(),
            Diagnostic::error("Invalid spec block")
                .with_detail(format!("Blocks of type {other:?} are not expected here."))
                .with_subject(block.type_range.clone())
                .into(),
        ),
    })
}

/// The name a spec block's label implies.
fn implied_name(block: &Block) -> String {
    block.labels.first().cloned().unwrap_or_default()
}

/// `f`'s result, boxed by a function of its own (whose frame is the one
/// that holds the result while `f` runs).
#[inline(never)]
fn boxed(f: impl FnOnce() -> (Spec, Diagnostics)) -> Box<(Spec, Diagnostics)> {
    Box::new(f())
}

fn decode_object(ctx: &EvalContext, body: &dyn Body) -> (Spec, Diagnostics) {
    let (content, mut diags) = boxed_content(body, &labelled_schema());
    let mut members = Members::with_capacity(content.blocks.len());
    for block in &content.blocks {
        let result = spec_block_boxed(ctx, block);
        members.insert(block, result, &mut diags);
    }
    (Spec::Object(members.members), diags)
}

/// A body's content, boxed (the frames that hold it are on the recursion
/// path of nested specs).
#[inline(never)]
fn boxed_content(body: &dyn Body, schema: &BodySchema) -> (Box<BodyContent>, Diagnostics) {
    let (content, diags) = body.content(schema);
    (Box::new(content), diags)
}

/// The members of an object spec, with each name's place in `members`, so
/// that many members stay linear.
struct Members {
    members: Vec<(String, Spec)>,
    index: HashMap<String, usize>,
}

impl Members {
    fn with_capacity(n: usize) -> Members {
        Members {
            members: Vec::with_capacity(n),
            index: HashMap::with_capacity(n),
        }
    }

    /// Adds a member; a name given twice: the last spec wins, as in Go's
    /// map.
    // The result stays boxed: `decode_object`'s frame is on the recursion
    // path of nested specs.
    #[allow(clippy::boxed_local)]
    #[inline(never)]
    fn insert(&mut self, block: &Block, result: Box<(Spec, Diagnostics)>, diags: &mut Diagnostics) {
        let (spec, more) = *result;
        diags.extend(more);
        let key = implied_name(block);
        match self.index.get(&key) {
            Some(&i) => self.members[i].1 = spec,
            None => {
                self.index.insert(key.clone(), self.members.len());
                self.members.push((key, spec));
            }
        }
    }
}

fn decode_array(ctx: &EvalContext, body: &dyn Body) -> (Spec, Diagnostics) {
    let (content, mut diags) = body.content(&unlabelled_schema());
    let mut elements = Vec::with_capacity(content.blocks.len());
    for block in &content.blocks {
        let (spec, more) = decode_spec_block(ctx, block);
        diags.extend(more);
        elements.push(spec);
    }
    (Spec::Tuple(elements), diags)
}

/// The arguments of a spec block, decoded as `gohcl` decodes them into Go
/// fields (`*string`, `*bool`, `*int`, `[]string`, `hcl.Expression`,
/// `cty.Value`).
struct Args<'a> {
    content: &'a BodyContent,
    missing: Range,
    diags: Diagnostics,
}

impl<'a> Args<'a> {
    fn new(content: &'a BodyContent, missing: Range, diags: Diagnostics) -> Args<'a> {
        Args {
            content,
            missing,
            diags,
        }
    }

    /// The expression of an argument, or a null stand-in where it is
    /// absent (`gohcl`'s synthetic expression for `hcl.Expression`
    /// fields).
    fn expr(&self, name: &str) -> DynExpression {
        match self.content.attributes.get(name) {
            Some(attr) => attr.expr.clone(),
            None => Arc::new(StaticExpression::new(
                Value::null(Type::Dynamic),
                self.missing.clone(),
            )),
        }
    }

    /// The value of an argument converted to `ty`, or `None` when it is
    /// absent, null, or fails (with a diagnostic, as `gohcl` reports it).
    fn value(&mut self, name: &str, ty: &Type, ctx: &EvalContext) -> Option<Value> {
        let attr = self.content.attributes.get(name)?;
        let expr = &*attr.expr;
        let (value, diags) = expr.value(ctx);
        self.diags.extend(diags);
        let value = match hcl_core::convert::convert(&value, ty) {
            Ok(v) => v,
            Err(e) => {
                self.unsuitable(expr, &e.to_string());
                return None;
            }
        };
        if !value.is_wholly_known() {
            self.unsuitable(expr, "value must be known");
            return None;
        }
        if value.is_null() {
            return None;
        }
        Some(value)
    }

    fn unsuitable(&mut self, expr: &dyn Expression, message: &str) {
        self.diags.push(
            Diagnostic::error("Unsuitable value type")
                .with_detail(format!("Unsuitable value: {message}"))
                .with_subject(expr.start_range())
                .with_context(expr.range()),
        );
    }

    fn string(&mut self, name: &str) -> Option<String> {
        let v = self.value(name, &Type::String, &EvalContext::literal_only())?;
        v.as_str().map(str::to_owned)
    }

    fn bool(&mut self, name: &str) -> Option<bool> {
        let v = self.value(name, &Type::Bool, &EvalContext::literal_only())?;
        v.as_bool()
    }

    fn int(&mut self, name: &str) -> Option<i64> {
        let v = self.value(name, &Type::Number, &EvalContext::literal_only())?;
        let n = v.as_number()?;
        match n.is_integer().then(|| n.to_i64().ok()).flatten() {
            Some(i) => Some(i),
            None => {
                let expr = self.content.attributes.get(name).map(|a| a.expr.clone())?;
                self.unsuitable(
                    &*expr,
                    &format!(
                        "value must be a whole number, between {} and {}",
                        i64::MIN,
                        i64::MAX
                    ),
                );
                None
            }
        }
    }

    fn strings(&mut self, name: &str) -> Option<Vec<String>> {
        let v = self.value(
            name,
            &Type::list(Type::String),
            &EvalContext::literal_only(),
        )?;
        let elements = v.elements()?;
        if elements.iter().any(Value::is_null) {
            let expr = self.content.attributes.get(name).map(|a| a.expr.clone())?;
            self.unsuitable(&*expr, "null value is not allowed");
            return None;
        }
        Some(
            elements
                .iter()
                .filter_map(|e| e.as_str().map(str::to_owned))
                .collect(),
        )
    }
}

fn optional_attrs(names: &[&str]) -> BodySchema {
    names.iter().fold(BodySchema::new(), |s, n| {
        s.attribute(AttributeSchema::optional(*n))
    })
}

fn missing_name_diag(
    summary: impl Into<Cow<'static, str>>,
    detail: impl Into<Cow<'static, str>>,
    body: &dyn Body,
) -> Diagnostic {
    Diagnostic::error(summary)
        .with_detail(detail)
        .with_subject(body.missing_item_range())
}

const BLOCK_TYPE_DETAIL: &str = "The block_type attribute is required, to specify the block type name that is expected in an input HCL file.";

fn decode_attr(body: &dyn Body, implied_name: String) -> (Spec, Diagnostics) {
    let (content, diags) = body.content(&optional_attrs(&["name", "type", "required"]));
    let mut args = Args::new(&content, body.missing_item_range(), diags);
    let name = args.string("name");
    let required = args.bool("required");
    let type_expr = args.expr("type");
    let mut diags = args.diags;
    if diags.has_errors() {
        return (Spec::error(), diags);
    }
    let name = name.unwrap_or(implied_name);
    let (ty, more) = type_expression(&*type_expr);
    diags.extend(more);
    if name.is_empty() {
        diags.push(missing_name_diag(
            "Missing name in attribute spec",
            "The name attribute is required, to specify the attribute name that is expected in an input HCL file.",
            body,
        ));
        return (Spec::error(), diags);
    }
    (
        Spec::Attr(AttrSpec {
            name,
            ty,
            required: required.unwrap_or(false),
        }),
        diags,
    )
}

/// The one nested spec of a block-kind spec, in the rest of its body.
fn decode_nested(ctx: &EvalContext, body: &dyn Body) -> Box<(Spec, Diagnostics)> {
    let (content, diags) = boxed_content(body, &unlabelled_schema());
    exactly_one(
        ctx,
        body,
        &content,
        diags,
        "A block spec must have exactly one child spec specifying how to decode block contents.",
    )
}

fn decode_block(ctx: &EvalContext, body: &dyn Body, implied_name: String) -> (Spec, Diagnostics) {
    // On the recursion path of nested specs: the arguments and the result
    // are made by functions of their own, so that this frame stays small.
    let head = match block_head(body, &["block_type", "required"]) {
        Ok(head) => head,
        Err(diags) => return (Spec::error(), diags),
    };
    let nested = decode_nested(ctx, &*head.rest);
    finish_block(head, nested, implied_name)
}

/// The arguments of a block-kind spec (`names`: those it takes, of
/// `block_type`, `required`, `min_items` and `max_items`) and the rest of
/// its body; `Err` with the diagnostics when they have errors.
struct BlockHead {
    type_name: Option<String>,
    required: Option<bool>,
    min_items: Option<i64>,
    max_items: Option<i64>,
    rest: DynBody,
    diags: Diagnostics,
}

#[inline(never)]
fn block_head(body: &dyn Body, names: &[&str]) -> Result<Box<BlockHead>, Diagnostics> {
    let (content, rest, diags) = body.partial_content(&optional_attrs(names));
    let mut args = Args::new(&content, body.missing_item_range(), diags);
    let takes = |name: &str| names.contains(&name);
    let type_name = args.string("block_type");
    let required = if takes("required") {
        args.bool("required")
    } else {
        None
    };
    let min_items = if takes("min_items") {
        args.int("min_items")
    } else {
        None
    };
    let max_items = if takes("max_items") {
        args.int("max_items")
    } else {
        None
    };
    if args.diags.has_errors() {
        return Err(args.diags);
    }
    Ok(Box::new(BlockHead {
        type_name,
        required,
        min_items,
        max_items,
        rest,
        diags: args.diags,
    }))
}

// Boxed on purpose: the frames it passes through are on the recursion path
// of nested specs.
#[allow(clippy::boxed_local)]
#[inline(never)]
fn finish_block(
    head: Box<BlockHead>,
    nested: Box<(Spec, Diagnostics)>,
    implied_name: String,
) -> (Spec, Diagnostics) {
    let BlockHead {
        type_name,
        required,
        mut diags,
        ..
    } = *head;
    let (nested, more) = *nested;
    diags.extend(more);
    (
        Spec::Block(BlockSpec {
            type_name: type_name.unwrap_or(implied_name),
            nested: Box::new(nested),
            required: required.unwrap_or(false),
        }),
        diags,
    )
}

fn decode_block_list(
    ctx: &EvalContext,
    body: &dyn Body,
    implied_name: String,
    set: bool,
) -> (Spec, Diagnostics) {
    let head = match block_head(body, &["block_type", "min_items", "max_items"]) {
        Ok(head) => head,
        Err(diags) => return (Spec::error(), diags),
    };
    let nested = decode_nested(ctx, &*head.rest);
    finish_block_list(body, head, nested, implied_name, set)
}

// Boxed on purpose: the frames it passes through are on the recursion path
// of nested specs.
#[allow(clippy::boxed_local)]
#[inline(never)]
fn finish_block_list(
    body: &dyn Body,
    head: Box<BlockHead>,
    nested: Box<(Spec, Diagnostics)>,
    implied_name: String,
    set: bool,
) -> (Spec, Diagnostics) {
    let BlockHead {
        type_name,
        min_items,
        max_items,
        mut diags,
        ..
    } = *head;
    let (nested, more) = *nested;
    diags.extend(more);
    let type_name = type_name.unwrap_or(implied_name);
    if type_name.is_empty() {
        let kind = if set { "block_set" } else { "block_list" };
        diags.push(missing_name_diag(
            format!("Missing block_type in {kind} spec"),
            BLOCK_TYPE_DETAIL,
            body,
        ));
        return (Spec::error(), diags);
    }
    let spec = BlockListSpec {
        type_name,
        nested: Box::new(nested),
        min_items: min_items.unwrap_or(0),
        max_items: max_items.unwrap_or(0),
    };
    let spec = if set {
        Spec::BlockSet(spec)
    } else {
        Spec::BlockList(spec)
    };
    (spec, diags)
}

fn decode_block_map(
    ctx: &EvalContext,
    body: &dyn Body,
    implied_name: String,
) -> (Spec, Diagnostics) {
    // `labels` is a `[]string` field, which `gohcl` requires.
    let schema = BodySchema::new()
        .attribute(AttributeSchema::optional("block_type"))
        .attribute(AttributeSchema::required("labels"));
    let (content, rest, diags) = body.partial_content(&schema);
    let mut args = Args::new(&content, body.missing_item_range(), diags);
    let type_name = args.string("block_type");
    let labels = args.strings("labels");
    let mut diags = args.diags;
    if diags.has_errors() {
        return (Spec::error(), diags);
    }
    let (nested, more) = *decode_nested(ctx, &*rest);
    diags.extend(more);
    let type_name = type_name.unwrap_or(implied_name);
    if type_name.is_empty() {
        diags.push(missing_name_diag(
            "Missing block_type in block_map spec",
            BLOCK_TYPE_DETAIL,
            body,
        ));
        return (Spec::error(), diags);
    }
    let labels = labels.unwrap_or_default();
    if labels.is_empty() {
        diags.push(missing_name_diag(
            "Invalid block label name list",
            "A block_map must have at least one label specified.",
            body,
        ));
        return (Spec::error(), diags);
    }
    let spec = Spec::BlockMap(BlockMapSpec {
        type_name,
        labels,
        nested: Box::new(nested),
    });
    if implied_type(&spec).has_dynamic() {
        diags.push(missing_name_diag(
            "Invalid block_map spec",
            "A block_map spec may not contain attributes with type 'any'.",
            body,
        ));
    }
    (spec, diags)
}

fn decode_block_attrs(body: &dyn Body, implied_name: String) -> (Spec, Diagnostics) {
    let (content, diags) =
        body.content(&optional_attrs(&["block_type", "element_type", "required"]));
    let mut args = Args::new(&content, body.missing_item_range(), diags);
    let type_name = args.string("block_type");
    let required = args.bool("required");
    let element_expr = args.expr("element_type");
    let mut diags = args.diags;
    if diags.has_errors() {
        return (Spec::error(), diags);
    }
    let (element_type, more) = type_expression(&*element_expr);
    diags.extend(more);
    let type_name = type_name.unwrap_or(implied_name);
    if type_name.is_empty() {
        diags.push(missing_name_diag(
            "Missing block_type in block_attrs spec",
            BLOCK_TYPE_DETAIL,
            body,
        ));
        return (Spec::error(), diags);
    }
    (
        Spec::BlockAttrs(BlockAttrsSpec {
            type_name,
            element_type,
            required: required.unwrap_or(false),
        }),
        diags,
    )
}

fn decode_literal(ctx: &EvalContext, body: &dyn Body) -> (Spec, Diagnostics) {
    let (content, diags) =
        body.content(&BodySchema::new().attribute(AttributeSchema::required("value")));
    let mut args = Args::new(&content, body.missing_item_range(), diags);
    let value = args.content.attributes.get("value").map(|attr| {
        let (v, d) = attr.expr.value(ctx);
        args.diags.extend(variables_not_allowed(d));
        v
    });
    let diags = args.diags;
    if diags.has_errors() {
        return (Spec::error(), diags);
    }
    (
        Spec::Literal(value.unwrap_or_else(|| Value::null(Type::Dynamic))),
        diags,
    )
}

fn decode_default(ctx: &EvalContext, body: &dyn Body) -> (Spec, Diagnostics) {
    let (content, mut diags) = body.content(&unlabelled_schema());
    match content.blocks.as_slice() {
        [] => {
            if !diags.has_errors() {
                diags.push(missing_name_diag(
                    "Missing spec block",
                    "A default block must have at least one nested spec, each specifying a possible outcome.",
                    body,
                ));
            }
            return (Spec::error(), diags);
        }
        // Go points at a second block that does not exist, and panics.
        [only] if !diags.has_errors() => diags.push(
            Diagnostic::warning("Useless default block")
                .with_detail(
                    "A default block with only one spec is equivalent to using that spec alone.",
                )
                .with_subject(only.def_range.clone()),
        ),
        _ => {}
    }
    let mut spec: Option<Spec> = None;
    for block in &content.blocks {
        let (candidate, more) = decode_spec_block(ctx, block);
        let failed = more.has_errors();
        diags.extend(more);
        if failed {
            continue;
        }
        spec = Some(match spec {
            None => candidate,
            Some(primary) => Spec::Default(DefaultSpec {
                primary: Box::new(primary),
                fallback: Box::new(candidate),
            }),
        });
    }
    (spec.unwrap_or_else(Spec::error), diags)
}

/// The one nested spec of a `transform` or `validate` block.
fn decode_wrapped(
    ctx: &EvalContext,
    body: &dyn Body,
    rest: &dyn Body,
    kind: &str,
) -> (Option<Spec>, Diagnostics) {
    let (content, mut diags) = rest.content(&unlabelled_schema());
    match content.blocks.as_slice() {
        [only] => {
            let (spec, more) = decode_spec_block(ctx, only);
            diags.extend(more);
            (Some(spec), diags)
        }
        _ => {
            if !diags.has_errors() {
                diags.push(missing_name_diag(
                    format!("Invalid {kind} spec"),
                    format!("A {kind} spec block must have exactly one nested spec block."),
                    body,
                ));
            }
            (None, diags)
        }
    }
}

/// A `transform` block: its `result` and one nested spec. The spec format
/// calls `result` "(required)"; Go's `hcldec` decodes it into an
/// `hcl.Expression`, which `gohcl` never requires, so that a transform
/// without one gives null. The context's rule set decides
/// ([`EvalContext::semantics`]): by the spec (the default) a missing
/// `result` is "Missing required argument".
fn decode_transform(ctx: &EvalContext, body: &dyn Body) -> (Spec, Diagnostics) {
    let schema = match ctx.semantics() {
        Semantics::Spec => BodySchema::new().attribute(AttributeSchema::required("result")),
        Semantics::Go => optional_attrs(&["result"]),
    };
    let (content, rest, diags) = body.partial_content(&schema);
    let args = Args::new(&content, body.missing_item_range(), diags);
    let result = args.expr("result");
    let mut diags = args.diags;
    if diags.has_errors() {
        return (Spec::error(), diags);
    }
    let (wrapped, more) = decode_wrapped(ctx, body, &*rest, "transform");
    diags.extend(more);
    let Some(wrapped) = wrapped else {
        return (Spec::error(), diags);
    };
    (
        Spec::Transform(TransformSpec {
            wrapped: Box::new(wrapped),
            result,
            var_name: "nested".to_owned(),
            ctx: ctx.clone(),
        }),
        diags,
    )
}

fn decode_validate(ctx: &EvalContext, body: &dyn Body) -> (Spec, Diagnostics) {
    let schema = BodySchema::new()
        .attribute(AttributeSchema::required("condition"))
        .attribute(AttributeSchema::optional("error_summary"))
        .attribute(AttributeSchema::required("error_message"));
    let (content, rest, diags) = body.partial_content(&schema);
    let mut args = Args::new(&content, body.missing_item_range(), diags);
    let summary = args.string("error_summary");
    let condition = args.expr("condition");
    let message = args.expr("error_message");
    let mut diags = args.diags;
    if diags.has_errors() {
        return (Spec::error(), diags);
    }
    let (wrapped, more) = decode_wrapped(ctx, body, &*rest, "validate");
    diags.extend(more);
    let Some(wrapped) = wrapped else {
        return (Spec::error(), diags);
    };
    (
        Spec::Validate(ValidateSpec {
            wrapped: Box::new(wrapped),
            condition,
            error_summary: summary.unwrap_or_else(|| "Invalid value".to_owned()),
            error_message: message,
            var_name: "nested".to_owned(),
            ctx: ctx.clone(),
        }),
        diags,
    )
}
