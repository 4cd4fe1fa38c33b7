//! User-defined functions: `function` blocks whose `result` expression is
//! evaluated with the parameters as variables (Go's `ext/userfunc`). The
//! one home of user functions: the hcldec spec files
//! ([`crate::spec::decode_user_functions`]) and the configuration language
//! ([`crate::Decoder::user_functions`]) both use it.
//!
//! Unlike Go, a call chain of user functions is bounded: a call nested more
//! than [`MAX_CALL_DEPTH`] user-function calls deep fails with a
//! diagnostic instead of exhausting the stack (the native syntax
//! evaluates both arms of a conditional, as Go's does, so any recursion
//! is unbounded there).

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::Arc;

use hcl_core::body::{
    AttributeSchema, Block, BlockHeaderSchema, BodySchema, DynBody, DynExpression,
};
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
    let (content, rest, diags) = body.partial_content(&schema);
    if diags.has_errors() {
        return (BTreeMap::new(), rest, diags);
    }
    let ctx = ctx.clone();
    let (funcs, more) = functions_from_blocks(&content.blocks, Arc::new(move || ctx.clone()));
    let mut diags = diags;
    diags.extend(more);
    (funcs, rest, diags)
}

/// Where a user function's `result` is evaluated: called at each call
/// (Go's `ContextFunc`), so that the functions may see each other.
pub type ContextFn = Arc<dyn Fn() -> EvalContext + Send + Sync>;

/// The functions of `function` blocks already taken from a body (one
/// label, the name), their `result` expressions evaluated in a child of
/// `ctx()` that declares the parameters. A block with errors defines no
/// function; a name defined twice is an error at the second block (the
/// first one is kept).
pub fn functions_from_blocks(
    blocks: &[Block],
    ctx: ContextFn,
) -> (BTreeMap<String, Function>, Diagnostics) {
    let mut diags = Diagnostics::new();
    let mut funcs = BTreeMap::new();
    let mut defined: BTreeMap<String, hcl_core::Range> = BTreeMap::new();
    let func_schema = BodySchema::new()
        .attribute(AttributeSchema::required("params"))
        .attribute(AttributeSchema::optional("variadic_param"))
        .attribute(AttributeSchema::required("result"));

    'blocks: for block in blocks {
        let Some(name) = block.labels.first() else {
            continue;
        };
        if let Some(first) = defined.get(name) {
            diags.push(
                Diagnostic::error("Duplicate function definition")
                    .with_detail(format!(
                        "A function named {name:?} was already defined at {first}. Function names must be unique."
                    ))
                    .with_subject(block.def_range.clone()),
            );
            continue;
        }
        defined.insert(name.clone(), block.def_range.clone());
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
        let function = user_function(
            name.clone(),
            params,
            variadic,
            result_attr.expr.clone(),
            Arc::clone(&ctx),
        );
        funcs.insert(name.clone(), function);
    }
    (funcs, diags)
}

/// How many user-function calls may be nested (a recursion deeper than
/// this fails with a diagnostic).
pub const MAX_CALL_DEPTH: usize = 64;

thread_local! {
    static CALL_DEPTH: Cell<usize> = const { Cell::new(0) };
    /// The depth-limit error of the current call chain, passed up as it is
    /// (not wrapped once per level).
    static LIMIT: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// The function of one `function` block.
fn user_function(
    name: String,
    params: Vec<String>,
    variadic: Option<String>,
    result: DynExpression,
    ctx: ContextFn,
) -> Function {
    let body = Arc::new(UserFunctionBody {
        name,
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

struct UserFunctionBody {
    name: String,
    params: Vec<String>,
    variadic: Option<String>,
    result: DynExpression,
    ctx: ContextFn,
}

impl std::fmt::Debug for UserFunctionBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UserFunctionBody")
            .field("name", &self.name)
            .field("params", &self.params)
            .field("variadic", &self.variadic)
            .finish_non_exhaustive()
    }
}

impl UserFunctionBody {
    fn call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let depth = CALL_DEPTH.with(Cell::get);
        if depth >= MAX_CALL_DEPTH {
            let message = format!(
                "the user function {:?} was called more than {MAX_CALL_DEPTH} calls deep (a recursion that does not end?)",
                self.name
            );
            LIMIT.with(|l| *l.borrow_mut() = Some(message.clone()));
            return Err(FunctionError::failed(message));
        }
        CALL_DEPTH.with(|d| d.set(depth + 1));
        let mut result = self.call_inner(args);
        CALL_DEPTH.with(|d| d.set(depth));
        if result.is_err()
            && let Some(message) = LIMIT.with(|l| l.borrow().clone())
        {
            result = Err(FunctionError::failed(message));
        }
        if depth == 0 {
            LIMIT.with(|l| *l.borrow_mut() = None);
        }
        result
    }

    fn call_inner(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let mut ctx = (self.ctx)().new_child();
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
