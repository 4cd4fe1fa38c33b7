//! The fuzzing harness: feeds arbitrary bytes through parsing and every
//! way of reading the result (schema-driven, partial and dynamic-attribute
//! processing, evaluation, variables, static analyses, rendering of the
//! diagnostics). Any panic is a bug; the harness itself asserts nothing
//! else, except that a parse that reports no error yields a body.
//!
//! [`Mutator`] turns seed inputs into a deterministic stream of variants for
//! the stable-toolchain smoke test.

use std::sync::Arc;

use hcl_core::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_core::function::{Function, Parameter};
use hcl_core::native::{ParseOptions, parse_config, parse_expression, parse_template};
use hcl_core::{DynBody, EvalContext, Expression, Pos, Renderer, Type, Value};

/// An evaluation context with variables of many shapes (known, null,
/// unknown, nested) and a few functions.
pub fn context() -> EvalContext {
    let mut ctx = EvalContext::new();
    let obj = Value::object([
        ("name", Value::string("web")),
        (
            "ports",
            Value::tuple([Value::number(80), Value::number(443)]),
        ),
        (
            "tags",
            Value::map([("env", Value::string("prod"))]).unwrap_or_else(|_| Value::dynamic()),
        ),
    ]);
    let vars = [
        ("var", obj.clone()),
        (
            "list",
            Value::list([obj.clone(), obj]).unwrap_or_else(|_| Value::dynamic()),
        ),
        ("n", Value::number(3)),
        ("s", Value::string("text")),
        ("b", Value::bool(true)),
        ("nul", Value::null(Type::String)),
        ("unk", Value::unknown(Type::Number)),
        ("dyn", Value::dynamic()),
        (
            "set",
            Value::set([Value::string("a"), Value::string("b")])
                .unwrap_or_else(|_| Value::dynamic()),
        ),
    ];
    for (name, value) in vars {
        let _ = ctx.declare_variable(name, value);
    }
    let upper = Function::builder()
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            Ok(Value::string(
                args[0].as_str().unwrap_or_default().to_uppercase(),
            ))
        });
    let length = Function::builder()
        .param(Parameter::new("value", Type::Dynamic).allow_unknown())
        .returns(Type::Number)
        .build(|args, _| Ok(Value::number(args[0].len().unwrap_or(0) as i64)));
    let first = Function::builder()
        .variadic(Parameter::new("values", Type::Dynamic).allow_null())
        .return_type(|args| Ok(args.first().map_or(Type::Dynamic, |v| v.ty().clone())))
        .build(|args, ty| {
            Ok(args
                .first()
                .cloned()
                .unwrap_or_else(|| Value::null(ty.clone())))
        });
    let _ = ctx.declare_function("upper", upper);
    let _ = ctx.declare_function("length", length);
    let _ = ctx.declare_function("first", first);
    ctx
}

/// Runs `data` through everything. Never panics unless the library does.
pub fn exercise(data: &[u8]) {
    let options = ParseOptions { max_depth: 64 };
    let ctx = context();
    let mut renderer = Renderer::new();
    renderer.add_source("fuzz.hcl", String::from_utf8_lossy(data).into_owned());

    let (file, diags) = parse_config(data, "fuzz.hcl", &options);
    let _ = renderer.render(&diags);
    let body: DynBody = Arc::new(file.body());
    exercise_body(&body, &ctx, &renderer, 0);

    let (file, id, diags) = parse_expression(data, "fuzz.hcl", Pos::start(), &options);
    let _ = renderer.render(&diags);
    exercise_expression(
        &hcl_core::native::NativeExpression::new(file, id),
        &ctx,
        &renderer,
    );

    let (file, id, diags) = parse_template(data, "fuzz.hcl", Pos::start(), &options);
    let _ = renderer.render(&diags);
    exercise_expression(
        &hcl_core::native::NativeExpression::new(file, id),
        &ctx,
        &renderer,
    );
}

fn exercise_body(body: &DynBody, ctx: &EvalContext, renderer: &Renderer, depth: usize) {
    let (attrs, diags) = body.just_attributes();
    let _ = renderer.render(&diags);
    let mut schema = BodySchema::new();
    for (name, attr) in &attrs {
        exercise_expression(attr.expr.as_ref(), ctx, renderer);
        if name.len() % 2 == 0 {
            schema = schema.attribute(AttributeSchema::optional(name.clone()));
        }
    }
    // Ask for a few block types with zero to two labels, required "id".
    for (i, ty) in ["resource", "block", "a", "b"].iter().enumerate() {
        let mut header = BlockHeaderSchema::new(*ty);
        for l in 0..i % 3 {
            header = header.label(format!("l{l}"));
        }
        schema = schema.block(header);
    }
    let (content, rest, diags) =
        body.partial_content(&schema.clone().attribute(AttributeSchema::required("id")));
    let _ = renderer.render(&diags);
    let (_, diags) = rest.content(&BodySchema::new());
    let _ = renderer.render(&diags);
    let (_, diags) = rest.just_attributes();
    let _ = renderer.render(&diags);
    let _ = body.missing_item_range();
    if depth < 4 {
        for block in &content.blocks {
            exercise_body(&block.body, ctx, renderer, depth + 1);
        }
    }
}

fn exercise_expression(expr: &dyn Expression, ctx: &EvalContext, renderer: &Renderer) {
    for c in [ctx.clone(), EvalContext::literal_only(), EvalContext::new()] {
        let (_, diags) = expr.value(&c);
        let _ = renderer.render(&diags);
    }
    let _ = expr.variables();
    let _ = (expr.range(), expr.start_range());
    let _ = expr.static_list();
    let _ = expr.static_map();
    let _ = expr.static_call();
    let _ = expr.static_traversal_abs();
    let _ = expr.static_traversal_rel();
}

/// How many mutation rounds a smoke test runs: `HCL_FUZZ_ROUNDS`, or 3,000.
pub fn rounds() -> usize {
    std::env::var("HCL_FUZZ_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

/// The inputs (`*.in`) of the formatter corpus, `hcl-core/tests/format/*/`,
/// in path order: seeds of the formatter's and the lossless document's
/// smoke tests.
pub fn format_corpus_inputs() -> Vec<Vec<u8>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../hcl-core/tests/format");
    let mut paths = Vec::new();
    for dir in std::fs::read_dir(root).into_iter().flatten().flatten() {
        for entry in std::fs::read_dir(dir.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            if entry.path().extension().is_some_and(|e| e == "in") {
                paths.push(entry.path());
            }
        }
    }
    paths.sort();
    paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// A deterministic stream of variants of seed inputs: byte flips, inserted
/// and deleted runs, interesting tokens spliced in, duplicated slices.
#[derive(Debug)]
pub struct Mutator {
    state: u64,
}

const TOKENS: &[&[u8]] = &[
    b"${",
    b"%{",
    b"}",
    b"~}",
    b"%{ if b }",
    b"%{ endif }",
    b"%{ for x in list }",
    b"%{ endfor }",
    b"\"",
    b"<<EOT\n",
    b"\nEOT\n",
    b"<<-EOT\n",
    b"[",
    b"]",
    b"{",
    b"(",
    b")",
    b"...",
    b"[*]",
    b".*",
    b".0",
    b"=>",
    b"?",
    b":",
    b"for x in list :",
    b"if",
    b"null",
    b"unk",
    b"dyn",
    b"-",
    b"!",
    b"%",
    b"/",
    b"1e999999",
    b"0.1",
    b"\\u00e9",
    b"\\",
    b"\n",
    b"#",
    b"//",
    b"/*",
    b"*/",
    b"\xff",
    b"\xef\xbb\xbf",
    b"\t",
    b"\r\n",
    b"a = ",
    b"block \"x\" {\n",
    b"upper(",
    b"length(",
    b"first(",
];

impl Mutator {
    /// A mutator from a seed.
    pub fn new(seed: u64) -> Mutator {
        Mutator { state: seed.max(1) }
    }

    fn next(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// One variant of `input`, with one to four mutations.
    pub fn mutate(&mut self, input: &[u8]) -> Vec<u8> {
        let mut data = input.to_vec();
        for _ in 0..1 + self.below(4) {
            let at = self.below(data.len() + 1);
            match self.below(5) {
                0 if !data.is_empty() => {
                    let i = at.min(data.len() - 1);
                    data[i] ^= 1 << self.below(8);
                }
                1 => {
                    let token = TOKENS[self.below(TOKENS.len())];
                    data.splice(at..at, token.iter().copied());
                }
                2 if !data.is_empty() => {
                    let end = (at + 1 + self.below(16)).min(data.len());
                    data.drain(at.min(end)..end);
                }
                3 if !data.is_empty() => {
                    let start = self.below(data.len());
                    let end = (start + 1 + self.below(32)).min(data.len());
                    let slice = data[start..end].to_vec();
                    data.splice(at..at, slice);
                }
                _ => {
                    let byte = self.next() as u8;
                    data.insert(at, byte);
                }
            }
        }
        data
    }
}

/// Runs `data` through the JSON syntax: parsing as a configuration file
/// and as a standalone expression, body processing (schema-driven, partial,
/// dynamic attributes, nested block bodies), evaluation in both modes,
/// variables, static analyses and diagnostic rendering. Never panics unless
/// the library does.
pub fn exercise_json(data: &[u8]) {
    use hcl_core::json::{JsonOptions, parse_expression, parse_with};

    let options = JsonOptions {
        max_depth: 64,
        ..JsonOptions::default()
    };
    let ctx = context();
    let mut renderer = Renderer::new();
    renderer.add_source("fuzz.json", String::from_utf8_lossy(data).into_owned());

    let (file, diags) = parse_with(data, "fuzz.json", &options);
    let _ = renderer.render(&diags);
    let body: DynBody = Arc::new(file.body());
    exercise_body(&body, &ctx, &renderer, 0);
    // Labels at every level a schema may ask for.
    for labels in 0..3 {
        let mut schema = BodySchema::new();
        let (attrs, _) = body.just_attributes();
        for name in attrs.keys() {
            let mut header = BlockHeaderSchema::new(name.clone());
            for l in 0..labels {
                header = header.label(format!("l{l}"));
            }
            schema = schema.block(header);
        }
        let (content, diags) = body.content(&schema);
        let _ = renderer.render(&diags);
        for block in content.blocks.iter().take(16) {
            let (_, diags) = block.body.just_attributes();
            let _ = renderer.render(&diags);
        }
    }
    if let Some(root) = file.root_expression() {
        exercise_expression(&root, &ctx, &renderer);
        if let Ok(pairs) = root.static_map() {
            for pair in pairs.iter().take(16) {
                exercise_expression(pair.key.as_ref(), &ctx, &renderer);
                exercise_expression(pair.value.as_ref(), &ctx, &renderer);
                if let Ok(call) = pair.value.static_call() {
                    for arg in &call.arguments {
                        exercise_expression(arg.as_ref(), &ctx, &renderer);
                    }
                }
            }
        }
        if let Ok(items) = root.static_list() {
            for item in items.iter().take(16) {
                exercise_expression(item.as_ref(), &ctx, &renderer);
            }
        }
    }

    let (expr, diags) = parse_expression(data, "fuzz.json", &options);
    let _ = renderer.render(&diags);
    exercise_expression(&expr, &ctx, &renderer);
}
