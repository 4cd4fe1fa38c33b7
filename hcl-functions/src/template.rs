//! Rendering a template with a set of variables: the work shared by
//! `templatefile` (a file) and `templatestring` (a string value).

use std::collections::BTreeMap;

use hcl_core::FunctionAdvice;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::native::{NativeExpression, ParseOptions, parse_template};
use hcl_core::quote::go_quote;
use hcl_core::{EvalContext, Expression, Pos, Semantics, Type, Value};

/// The functions that may not be called from inside a template they
/// render (a template calling them could recurse without bound).
const NOT_RECURSIVE: [&str; 2] = ["templatefile", "templatestring"];

/// `source` (named `name` in messages) rendered as an HCL template with
/// the attributes of `vars` (argument `vars_index` of the call, a map or
/// object) as its variables and `functions` as its functions, less
/// `templatefile` and `templatestring`, which fail when called (`advice`
/// says how to enable a function the caller's library could provide). A template
/// that is a single interpolation gives its value unconverted. The
/// template is read and evaluated by the rules of `sem`, the call's.
pub(crate) fn render(
    source: &str,
    name: &str,
    vars: &Value,
    vars_index: usize,
    functions: impl IntoIterator<Item = (String, Function)>,
    advice: Option<FunctionAdvice>,
    sem: Semantics,
) -> Result<Value, FunctionError> {
    if !matches!(vars.ty(), Type::Map(_) | Type::Object(_)) {
        return Err(FunctionError::argument(
            vars_index,
            "invalid vars value: must be a map",
        ));
    }
    let (file, id, diags) = parse_template(
        source.as_bytes(),
        name,
        Pos::start(),
        &ParseOptions::default(),
    );
    if diags.has_errors() {
        return Err(FunctionError::failed(diags.to_string()));
    }
    let mut ctx = EvalContext::new();
    ctx.set_semantics(sem);
    if let Some(advice) = advice {
        // A function the caller's library could enable is said so.
        ctx.set_function_advice(advice);
    }
    let attributes: BTreeMap<String, Value> = vars.attributes().cloned().unwrap_or_default();
    for (name, value) in &attributes {
        if !hcl_core::native::is_identifier(name) {
            return Err(FunctionError::argument(
                vars_index,
                format!(
                    "invalid template variable name {}: must start with a letter, followed by zero or more letters, digits, and underscores",
                    go_quote(name)
                ),
            ));
        }
        ctx.declare_variable(name.clone(), value.clone())
            .map_err(FunctionError::other)?;
    }
    let expr = NativeExpression::new(file, id);
    for traversal in expr.variables() {
        if let Some(root_name) = traversal.root_name()
            && !attributes.contains_key(root_name)
        {
            return Err(FunctionError::argument(
                vars_index,
                format!(
                    "vars map does not contain key {}, referenced at {}",
                    go_quote(root_name),
                    traversal
                        .source_range()
                        .map(|r| r.to_string())
                        .unwrap_or_default()
                ),
            ));
        }
    }
    for (name, function) in functions {
        let function = match NOT_RECURSIVE.iter().find(|n| **n == name) {
            Some(n) => recursion_guard(n),
            None => function,
        };
        ctx.declare_function(name, function)
            .map_err(FunctionError::other)?;
    }
    let (value, diags) = expr.value(&ctx);
    if diags.has_errors() {
        return Err(FunctionError::failed(diags.to_string()));
    }
    Ok(value)
}

/// A stand-in for `name` inside a template: any call fails.
fn recursion_guard(name: &'static str) -> Function {
    Function::builder()
        .variadic(
            Parameter::new("args", Type::Dynamic)
                .allow_null()
                .allow_unknown()
                .allow_dynamic(),
        )
        .return_type(move |_| {
            Err(FunctionError::failed(format!(
                "cannot recursively call {name} from inside {name} call"
            )))
        })
        .build(|_, ty| Ok(Value::unknown(ty.clone())))
}
