//! `templatestring`: a string value rendered as a template.

use hcl_core::FunctionAdvice;
use hcl_core::expression_closure::ExpressionClosure;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::{Semantics, Type, Value};

/// `templatestring(ref, vars)`: the string that `ref` refers to, rendered
/// as an HCL template with the attributes of `vars` as its variables and
/// the caller's functions (less `templatefile` and `templatestring`, which
/// may not be called recursively), as Terraform's. `ref` must be a
/// reference to a value defined elsewhere (`local.template`,
/// `var.config.body`), not a template written in place: one written in
/// place would already have been rendered once by the time the function
/// saw it.
///
/// ```
/// # use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// let mut ctx = EvalContext::new();
/// hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// ctx.declare_variable("tpl", Value::string("Hello, ${upper(name)}!")).unwrap();
/// let src = br#"templatestring(tpl, { name = "world" })"#;
/// let (file, id, _) = parse_expression(src, "t.hcl", Pos::start(), &ParseOptions::default());
/// let (value, diags) = NativeExpression::new(file, id).value(&ctx);
/// assert!(diags.is_empty(), "{diags:?}");
/// assert_eq!(value, Value::string("Hello, WORLD!"));
/// ```
pub fn templatestring() -> Function {
    Function::builder()
        .description("Renders a template string defined elsewhere with the given variables.")
        .param(Parameter::expression_closure("ref"))
        .param(
            Parameter::new("vars", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic(),
        )
        .return_type_with_semantics(|args, sem| match template_source(args)? {
            Some(_) if args.get(1).is_some_and(Value::is_wholly_known) => {
                render(args, sem).map(|v| v.ty().clone())
            }
            _ => Ok(Type::Dynamic),
        })
        .build_with_semantics(|args, _, sem| match template_source(args)? {
            Some(_) if args.get(1).is_some_and(Value::is_wholly_known) => render(args, sem),
            _ => Ok(Value::dynamic()),
        })
}

/// The template text, `None` while unknown; an error when `ref` is not a
/// reference or not a string.
fn template_source(args: &[Value]) -> Result<Option<String>, FunctionError> {
    let closure = args
        .first()
        .and_then(ExpressionClosure::from_value)
        .ok_or_else(|| FunctionError::argument(0, "an expression closure is required"))?;
    if closure.expression().static_traversal_abs().is_err() {
        return Err(FunctionError::argument(
            0,
            "invalid template expression: must be a direct reference to a single string from \
             elsewhere, containing valid template syntax",
        ));
    }
    let (value, diags) = closure.value();
    if diags.has_errors() {
        return Err(FunctionError::argument(0, diags.to_string()));
    }
    if !value.is_known() {
        return Ok(None);
    }
    match value.as_str() {
        Some(text) => Ok(Some(text.to_owned())),
        None if value.is_null() => Err(FunctionError::argument(
            0,
            "invalid template value: must not be null",
        )),
        None => Err(FunctionError::argument(
            0,
            format!(
                "invalid template value: a string is required, not {}",
                value.ty().friendly_name()
            ),
        )),
    }
}

fn render(args: &[Value], sem: Semantics) -> Result<Value, FunctionError> {
    let Some(source) = template_source(args)? else {
        return Ok(Value::dynamic());
    };
    let vars = args.get(1).cloned().unwrap_or_else(Value::empty_object);
    let caller = args
        .first()
        .and_then(ExpressionClosure::from_value)
        .map(|c| c.context().clone());
    let functions = caller
        .as_ref()
        .map(|ctx| {
            ctx.functions()
                .map(|(name, f)| (name.to_owned(), f.clone()))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    let advice = caller.map(|ctx| FunctionAdvice::new(move |name| ctx.function_advice(name)));
    crate::template::render(
        &source,
        "<templatestring>",
        &vars,
        1,
        functions,
        advice,
        sem,
    )
}
