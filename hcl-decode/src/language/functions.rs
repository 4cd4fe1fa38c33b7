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
use std::sync::{Arc, OnceLock};

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
    let (definitions, diags) = definitions(blocks);
    let funcs = definitions
        .into_iter()
        .map(|def| {
            let name = def.name.clone();
            (name, user_function(def, Scope::Given(Arc::clone(&ctx))))
        })
        .collect();
    (funcs, diags)
}

/// The functions of `function` blocks of a configuration (the language
/// layer's): each sees its parameters, the variables and functions of
/// `base` (the application's, and `var` when input variables are on) and
/// the configuration's functions (itself included, up to
/// [`MAX_CALL_DEPTH`] calls deep), but not `local` (locals may call the
/// functions). A reference to anything else in a `result` is an error at
/// the reference; in the functions' scope that name is then the unknown
/// value, so that a call gives an unknown result and no second error.
///
/// They hold no reference cycle: the context their bodies are evaluated
/// in holds *weak* versions of them, and only the returned ones own that
/// context. Once every returned function (and every context they were
/// declared in) is dropped, the context, and the functions of `base` it
/// holds, are freed.
pub(crate) fn linked_functions(
    blocks: &[Block],
    base: &EvalContext,
) -> (BTreeMap<String, Function>, Diagnostics) {
    let (funcs, _, diags) = linked_functions_with_scope(blocks, base);
    (funcs, diags)
}

/// [`linked_functions`], and a weak reference to the scope they share
/// (to check that it is freed).
fn linked_functions_with_scope(
    blocks: &[Block],
    base: &EvalContext,
) -> (
    BTreeMap<String, Function>,
    std::sync::Weak<OnceLock<EvalContext>>,
    Diagnostics,
) {
    let (definitions, mut diags) = definitions(blocks);
    let scope: Arc<OnceLock<EvalContext>> = Arc::new(OnceLock::new());
    let weak = Arc::downgrade(&scope);
    // The variables and functions of `base` (the application's, and `var`
    // when input variables are on): Go's `ContextFunc` in "the simplest
    // use", giving functions "the same global variables and functions
    // available elsewhere". Not `local`: locals may call the functions.
    let mut inner = base.new_child();
    for name in outside_references(&definitions, base, &mut diags) {
        let _ = inner.declare_variable(name, Value::dynamic());
    }
    let mut funcs = BTreeMap::new();
    for def in definitions {
        // Within the scope, a function refers to the scope weakly; a call
        // of one of these only happens inside a call of an owning one,
        // which keeps the scope alive.
        let inner_fn = user_function(Arc::clone(&def), Scope::Weak(weak.clone()));
        let _ = inner.declare_function(def.name.clone(), inner_fn);
        let name = def.name.clone();
        funcs.insert(name, user_function(def, Scope::Owned(Arc::clone(&scope))));
    }
    let _ = scope.set(inner);
    (funcs, weak, diags)
}

/// Reports each reference in a function's `result` to a variable that is
/// not one of its parameters; returns the names referred to.
fn outside_references(
    definitions: &[Arc<Definition>],
    base: &EvalContext,
    diags: &mut Diagnostics,
) -> std::collections::BTreeSet<String> {
    let mut names = std::collections::BTreeSet::new();
    for def in definitions {
        for t in def.result.variables() {
            let Some(root) = t.root_name() else {
                continue;
            };
            if def.params.iter().chain(&def.variadic).any(|p| p == root)
                || base.variable(root).is_some()
            {
                continue;
            }
            names.insert(root.to_owned());
            let mut d = Diagnostic::error("Variables not allowed in a function")
                .with_detail(format!(
                    "The result of the function {:?} refers to {root:?}, but a function sees only its parameters, the input variables (`var`), the application's variables and the functions. Pass the value as an argument instead.",
                    def.name
                ));
            if let Some(range) = t.source_range() {
                d = d.with_subject(range);
            }
            diags.push(d);
        }
    }
    names
}

/// The definitions of `function` blocks, with their diagnostics.
fn definitions(blocks: &[Block]) -> (Vec<Arc<Definition>>, Diagnostics) {
    let mut diags = Diagnostics::new();
    let mut out = Vec::new();
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
        out.push(Arc::new(Definition {
            name: name.clone(),
            params,
            variadic,
            result: result_attr.expr.clone(),
        }));
    }
    (out, diags)
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

/// What a `function` block says.
struct Definition {
    name: String,
    params: Vec<String>,
    variadic: Option<String>,
    result: DynExpression,
}

/// Where a user function's `result` is evaluated.
enum Scope {
    /// A context given by the caller of [`functions_from_blocks`].
    Given(ContextFn),
    /// The shared scope of [`linked_functions`], owned by this function.
    Owned(Arc<OnceLock<EvalContext>>),
    /// The same scope, seen from inside itself.
    Weak(std::sync::Weak<OnceLock<EvalContext>>),
}

impl Scope {
    fn context(&self) -> Result<EvalContext, FunctionError> {
        match self {
            Scope::Given(ctx) => Ok(ctx()),
            Scope::Owned(scope) => Ok(scope.get().cloned().unwrap_or_default()),
            Scope::Weak(scope) => scope
                .upgrade()
                .map(|scope| scope.get().cloned().unwrap_or_default())
                .ok_or_else(|| {
                    FunctionError::failed(
                        "the configuration that defines this function has been dropped",
                    )
                }),
        }
    }
}

/// The function of one `function` block.
fn user_function(def: Arc<Definition>, scope: Scope) -> Function {
    let mut builder =
        Function::builder().params(def.params.iter().map(|p| Parameter::new(p, Type::Dynamic)));
    if let Some(v) = &def.variadic {
        builder = builder.variadic(Parameter::new(v, Type::Dynamic));
    }
    let body = Arc::new(UserFunctionBody { def, scope });
    let for_type = Arc::clone(&body);
    builder
        .return_type(move |args| for_type.call(args).map(|v| v.ty().clone()))
        .build(move |args, _ty| body.call(args))
}

struct UserFunctionBody {
    def: Arc<Definition>,
    scope: Scope,
}

impl std::fmt::Debug for UserFunctionBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UserFunctionBody")
            .field("name", &self.def.name)
            .field("params", &self.def.params)
            .field("variadic", &self.def.variadic)
            .finish_non_exhaustive()
    }
}

impl UserFunctionBody {
    fn call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let depth = CALL_DEPTH.with(Cell::get);
        if depth >= MAX_CALL_DEPTH {
            let message = format!(
                "the user function {:?} was called more than {MAX_CALL_DEPTH} calls deep (a recursion that does not end?)",
                self.def.name
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
        let mut ctx = self.scope.context()?.new_child();
        let declare = |ctx: &mut EvalContext, name: &str, value: Value| {
            ctx.declare_variable(name, value)
                .map(|_| ())
                .map_err(|e| FunctionError::failed(e.to_string()))
        };
        for (name, value) in self.def.params.iter().zip(args) {
            declare(&mut ctx, name, value.clone())?;
        }
        if let Some(v) = &self.def.variadic {
            let rest = args.get(self.def.params.len()..).unwrap_or_default();
            declare(&mut ctx, v, Value::tuple(rest.iter().cloned()))?;
        }
        let (value, diags) = self.def.result.value(&ctx);
        if diags.has_errors() {
            return Err(FunctionError::Diagnostics(diags));
        }
        Ok(value)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use hcl_core::native::parse_config_str;

    fn blocks(src: &str) -> Vec<Block> {
        let (file, diags) = parse_config_str(src, "f.hcl");
        assert!(!diags.has_errors(), "{diags}");
        let schema = BodySchema::new().block(BlockHeaderSchema::new("function").label("name"));
        let (content, _) = file.body().content(&schema);
        content.blocks
    }

    #[test]
    fn linked_functions_call_each_other_and_free_their_scope() {
        let src = "function \"even\" {\n  params = [n]\n  result = n == 0 ? true : odd(n - 1)\n}\n\
function \"odd\" {\n  params = [n]\n  result = n == 0 ? false : even(n - 1)\n}\n";
        let (funcs, scope, diags) = linked_functions_with_scope(&blocks(src), &EvalContext::new());
        assert!(diags.is_empty(), "{diags}");
        assert_eq!(
            funcs["even"].call(&[Value::number(10)]).unwrap(),
            Value::bool(true)
        );
        assert_eq!(
            funcs["odd"].call(&[Value::number(7)]).unwrap(),
            Value::bool(true)
        );
        // A clone of one function keeps the scope (and so the other) alive.
        let even = funcs["even"].clone();
        drop(funcs);
        assert!(scope.upgrade().is_some());
        assert_eq!(even.call(&[Value::number(3)]).unwrap(), Value::bool(false));
        drop(even);
        assert!(scope.upgrade().is_none());
    }

    #[test]
    fn an_unknown_variable_in_a_result_is_one_error_and_an_unknown_result() {
        let src = "function \"f\" {\n  params = [x]\n  result = x + var.offset + local.other\n}\n";
        let (funcs, diags) = linked_functions(&blocks(src), &EvalContext::new());
        let summaries: Vec<_> = diags.iter().map(|d| d.summary.as_ref()).collect();
        assert_eq!(summaries, ["Variables not allowed in a function"; 2]);
        let v = funcs["f"].call(&[Value::number(1)]).unwrap();
        assert!(!v.is_known());
        // The variables of the base context are seen.
        let mut base = EvalContext::new();
        base.declare_variable("var", Value::object([("offset", Value::number(10))]))
            .unwrap();
        let src = "function \"f\" {\n  params = [x]\n  result = x + var.offset\n}\n";
        let (funcs, diags) = linked_functions(&blocks(src), &base);
        assert!(diags.is_empty(), "{diags}");
        assert_eq!(
            funcs["f"].call(&[Value::number(1)]).unwrap(),
            Value::number(11)
        );
    }
}
