//! Parses configuration files in the native syntax, reads them by a schema,
//! evaluates each attribute with variables and functions, and shows the
//! diagnostics of a broken file in the HCL text form.
//!
//! Run with `cargo run -p examples --example native`.

use std::path::Path;

use hcl_core::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_core::function::{Function, Parameter};
use hcl_core::native::{ParseOptions, parse_config};
use hcl_core::{Body, Diagnostics, EvalContext, Renderer, Type, Value};

fn context() -> EvalContext {
    let mut ctx = EvalContext::new();
    let length = Function::builder()
        .param(Parameter::new("value", Type::Dynamic))
        .returns(Type::Number)
        .build(|args, _| Ok(Value::number(args[0].len().unwrap_or(0) as i64)));
    let upper = Function::builder()
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            Ok(Value::string(
                args[0].as_str().unwrap_or_default().to_uppercase(),
            ))
        });
    let zones = Value::tuple([Value::string("eu-west-1a"), Value::string("eu-west-1b")]);
    // Declaring into a full-expression context cannot fail.
    let _ = ctx.declare_variable("offset", Value::number(1));
    let _ = ctx.declare_variable("port", Value::number(8081));
    let _ = ctx.declare_variable("zones", zones);
    let _ = ctx.declare_function("length", length);
    let _ = ctx.declare_function("upper", upper);
    ctx
}

fn schema() -> BodySchema {
    BodySchema::new()
        .attribute(AttributeSchema::required("name"))
        .attribute(AttributeSchema::required("port"))
        .attribute(AttributeSchema::optional("replicas"))
        .attribute(AttributeSchema::optional("labels"))
        .block(BlockHeaderSchema::new("listener").label("name"))
}

fn listener_schema() -> BodySchema {
    BodySchema::new()
        .attribute(AttributeSchema::required("address"))
        .attribute(AttributeSchema::optional("tls"))
}

/// Reads one file, printing what it finds; returns every diagnostic.
fn read(path: &Path, ctx: &EvalContext) -> Diagnostics {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).unwrap_or_default();
    let (file, mut diags) = parse_config(&bytes, &name, &ParseOptions::default());
    let (content, more) = file.body().content(&schema());
    diags.extend(more);
    for (attr_name, attr) in &content.attributes {
        let (value, more) = attr.expr.value(ctx);
        diags.extend(more);
        println!("  {attr_name} = {value}");
    }
    for block in &content.blocks {
        let (inner, more) = block.body.content(&listener_schema());
        diags.extend(more);
        println!("  listener {:?}:", block.labels.join(" "));
        for (attr_name, attr) in &inner.attributes {
            let (value, more) = attr.expr.value(ctx);
            diags.extend(more);
            println!("    {attr_name} = {value}");
        }
    }
    diags
}

fn main() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let ctx = context();
    let mut renderer = Renderer::new();
    for file in ["service.hcl", "broken.hcl"] {
        let path = data.join(file);
        println!("{file}:");
        let mut diags = read(&path, &ctx);
        diags.sort_by_source();
        if diags.is_empty() {
            println!("  no problems\n");
        } else {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            renderer.add_source(path.display().to_string(), text);
            println!("  {} problems:\n", diags.len());
            print!("{}", renderer.render(&diags));
        }
    }
}
