//! User-defined functions: `function` blocks whose `result` expression is
//! evaluated with the parameters as variables (Go's `ext/userfunc`).

use std::collections::BTreeMap;
use std::sync::Arc;

use hcl_core::body::{AttributeSchema, BlockHeaderSchema, BodySchema, DynBody, DynExpression};
use hcl_core::function::{FunctionError, Parameter};
use hcl_core::{Body, Diagnostic, Diagnostics, EvalContext, Expression, Function, Type, Value};

/// The name an expression gives when it is a single bare identifier (Go's
/// `hcl.ExprAsKeyword`).
pub(crate) fn expr_as_keyword(expr: &dyn Expression) -> Option<String> {
    let traversal = expr.static_traversal_abs().ok()?;
    if traversal.steps().len() != 1 {
        return None;
    }
    traversal.root_name().map(str::to_owned)
}

/// Go's `hcl.Diagnostics.Error()`: the first diagnostic as
/// `range: summary; detail`, with a count of the others.
pub(crate) fn diagnostics_error_string(diags: &Diagnostics) -> String {
    let one = |d: &Diagnostic| {
        let subject = d
            .subject
            .as_ref()
            .map_or_else(|| ":0,0-0".to_owned(), ToString::to_string);
        format!("{subject}: {}; {}", d.summary, d.detail)
    };
    let all: Vec<&Diagnostic> = diags.iter().collect();
    match all.as_slice() {
        [] => "no diagnostics".to_owned(),
        [d] => one(d),
        [d, rest @ ..] => format!("{}, and {} other diagnostic(s)", one(d), rest.len()),
    }
}

/// Decodes the blocks of type `block_type` (with one label, the function's
/// name) of `body` as functions, each with the `params` (a list of
/// identifiers), optional `variadic_param` (an identifier) and `result`
/// arguments. The result expression is evaluated in a child of `ctx` that
/// declares the parameters (the variadic parameter as a tuple of the extra
/// arguments). Returns the functions by name, the rest of the body, and
/// the diagnostics; a block with errors defines no function.
///
/// ```
/// use hcl_core::native::parse_config_str;
/// use hcl_core::{EvalContext, Value};
/// use hcl_decode::spec::decode_user_functions;
///
/// let (file, _) = parse_config_str(
///     "function \"add\" {\n  params = [a, b]\n  result = a + b\n}\n",
///     "spec.hcldec",
/// );
/// let (funcs, _rest, diags) = decode_user_functions(&file.body(), "function", &EvalContext::new());
/// assert!(diags.is_empty());
/// let add = &funcs["add"];
/// assert_eq!(add.call(&[Value::number(2), Value::number(3)]).unwrap(), Value::number(5));
/// ```
pub fn decode_user_functions(
    body: &dyn Body,
    block_type: &str,
    ctx: &EvalContext,
) -> (BTreeMap<String, Function>, DynBody, Diagnostics) {
    let schema = BodySchema::new().block(BlockHeaderSchema::new(block_type).label("name"));
    let (content, rest, mut diags) = body.partial_content(&schema);
    let mut funcs = BTreeMap::new();
    if diags.has_errors() {
        return (funcs, rest, diags);
    }
    let func_schema = BodySchema::new()
        .attribute(AttributeSchema::required("params"))
        .attribute(AttributeSchema::optional("variadic_param"))
        .attribute(AttributeSchema::required("result"));

    'blocks: for block in &content.blocks {
        let Some(name) = block.labels.first() else {
            continue;
        };
        let (func_content, func_diags) = block.body.content(&func_schema);
        let failed = func_diags.has_errors();
        diags.extend(func_diags);
        if failed {
            continue;
        }
        let (Some(params_attr), Some(result_attr)) = (
            func_content.attributes.get("params"),
            func_content.attributes.get("result"),
        ) else {
            continue;
        };
        let param_exprs = match params_attr.expr.static_list() {
            Ok(list) => list,
            Err(d) => {
                diags.extend(d);
                continue;
            }
        };
        let mut params = Vec::with_capacity(param_exprs.len());
        for expr in &param_exprs {
            match expr_as_keyword(&**expr) {
                Some(p) => params.push(p),
                None => {
                    diags.push(
                        Diagnostic::error("Invalid param element")
                            .with_detail("Each parameter name must be an identifier.")
                            .with_subject(expr.range()),
                    );
                    continue 'blocks;
                }
            }
        }
        let mut variadic = None;
        if let Some(attr) = func_content.attributes.get("variadic_param") {
            match expr_as_keyword(&*attr.expr) {
                Some(p) => variadic = Some(p),
                None => {
                    diags.push(
                        Diagnostic::error("Invalid variadic_param")
                            .with_detail("The variadic parameter name must be an identifier.")
                            .with_subject(attr.expr.range()),
                    );
                    continue;
                }
            }
        }
        let function = user_function(params, variadic, result_attr.expr.clone(), ctx.clone());
        funcs.insert(name.clone(), function);
    }
    (funcs, rest, diags)
}

/// The function of one `function` block.
fn user_function(
    params: Vec<String>,
    variadic: Option<String>,
    result: DynExpression,
    ctx: EvalContext,
) -> Function {
    let body = Arc::new(UserFunctionBody {
        params: params.clone(),
        variadic: variadic.clone(),
        result,
        ctx,
    });
    let mut builder =
        Function::builder().params(params.iter().map(|p| Parameter::new(p, Type::Dynamic)));
    if let Some(v) = &variadic {
        builder = builder.variadic(Parameter::new(v, Type::Dynamic));
    }
    let for_type = Arc::clone(&body);
    builder
        .return_type(move |args| for_type.call(args).map(|v| v.ty().clone()))
        .build(move |args, _ty| body.call(args))
}

#[derive(Debug)]
struct UserFunctionBody {
    params: Vec<String>,
    variadic: Option<String>,
    result: DynExpression,
    ctx: EvalContext,
}

impl UserFunctionBody {
    fn call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let mut ctx = self.ctx.new_child();
        let declare = |ctx: &mut EvalContext, name: &str, value: Value| {
            ctx.declare_variable(name, value)
                .map(|_| ())
                .map_err(|e| FunctionError::failed(e.to_string()))
        };
        for (name, value) in self.params.iter().zip(args) {
            declare(&mut ctx, name, value.clone())?;
        }
        if let Some(v) = &self.variadic {
            let rest = args.get(self.params.len()..).unwrap_or_default();
            declare(&mut ctx, v, Value::tuple(rest.iter().cloned()))?;
        }
        let (value, diags) = self.result.value(&ctx);
        if diags.has_errors() {
            return Err(FunctionError::failed(diagnostics_error_string(&diags)));
        }
        Ok(value)
    }
}
