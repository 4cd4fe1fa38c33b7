//! `try` and `can` (HashiCorp's `ext/tryfunc`): functions over unevaluated
//! arguments.
//!
//! | function | what it does |
//! |---|---|
//! | [`try`](try_function)`(exprs...)` | the value of the first argument expression that evaluates without error |
//! | [`can`](can_function)`(expr)` | whether the argument expression evaluates without error |
//!
//! Both receive their arguments as
//! [expression closures](hcl_core::expression_closure): an expression that
//! refers to an unknown value (or a value that contains one) cannot be
//! judged yet, so `try` gives the dynamic unknown value and `can` an
//! unknown bool, as in Go.

use std::fmt::Write as _;

use hcl_core::Diagnostics;
use hcl_core::expression_closure::ExpressionClosure;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::{Type, Value};

/// `try(expressions...)`: the value of the first argument that evaluates
/// without error. When every argument fails, the call fails with the
/// diagnostics of all of them.
///
/// ```
/// # use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// let mut ctx = EvalContext::new();
/// ctx.declare_function("try", hcl_functions::tryfunc::try_function()).unwrap();
/// ctx.declare_variable("config", Value::object([("port", Value::number(80))])).unwrap();
/// let src = b"try(config.host, \"localhost\")";
/// let (file, id, _) = parse_expression(src, "t.hcl", Pos::start(), &ParseOptions::default());
/// let (value, diags) = NativeExpression::new(file, id).value(&ctx);
/// assert!(diags.is_empty());
/// assert_eq!(value, Value::string("localhost"));
/// ```
pub fn try_function() -> Function {
    Function::builder()
        .description(
            "Evaluates each of its arguments in turn and returns the value of the first one \
             that evaluates without errors.",
        )
        .variadic(Parameter::expression_closure("expressions"))
        // Go's `try` evaluates its arguments for the result type and again
        // for the value, so that `try` nested N deep evaluates the
        // innermost argument 2^N times. The type is the value's: known only
        // once the call is made, once.
        .return_type(|_| Ok(Type::Dynamic))
        .build(|args, _| try_first(args))
}

/// `can(expression)`: whether the argument evaluates without error.
///
/// ```
/// # use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// let mut ctx = EvalContext::new();
/// ctx.declare_function("can", hcl_functions::tryfunc::can_function()).unwrap();
/// let eval = |src: &str| {
///     let (file, id, _) =
///         parse_expression(src.as_bytes(), "t.hcl", Pos::start(), &ParseOptions::default());
///     NativeExpression::new(file, id).value(&ctx).0
/// };
/// assert_eq!(eval("can(1 + 1)"), Value::bool(true));
/// assert_eq!(eval("can({a = 1}.b)"), Value::bool(false));
/// ```
pub fn can_function() -> Function {
    Function::builder()
        .description("Tries to evaluate the expression given in its first argument.")
        .param(Parameter::expression_closure("expression"))
        .returns(Type::Bool)
        .build(|args, _| {
            if args.first().is_some_and(|a| !a.is_known()) {
                return Ok(Value::unknown(Type::Bool));
            }
            let closure = closure(args, 0)?;
            if depends_on_unknowns(closure) {
                return Ok(Value::unknown(Type::Bool));
            }
            let (_, diags) = closure.value();
            Ok(Value::bool(!diags.has_errors()))
        })
}

/// The closure argument at `index`.
fn closure(args: &[Value], index: usize) -> Result<&ExpressionClosure, FunctionError> {
    args.get(index)
        .and_then(ExpressionClosure::from_value)
        .ok_or_else(|| FunctionError::argument(index, "an expression closure is required"))
}

/// Go's `try`: the first argument that succeeds, the dynamic unknown value
/// as soon as one depends on unknown values, or an error listing every
/// argument's diagnostics.
fn try_first(args: &[Value]) -> Result<Value, FunctionError> {
    if args.is_empty() {
        return Err(FunctionError::failed("at least one argument is required"));
    }
    let mut all = Diagnostics::new();
    for index in 0..args.len() {
        // An unknown closure: the result type is asked for before the call
        // (a static type check, say).
        if !args[index].is_known() {
            return Ok(Value::dynamic());
        }
        let closure = closure(args, index)?;
        if depends_on_unknowns(closure) {
            return Ok(Value::dynamic());
        }
        let (value, diags) = closure.value();
        if !diags.has_errors() {
            return Ok(value);
        }
        all.extend(diags);
    }
    let mut message = String::from("no expression succeeded:\n");
    for d in all.iter() {
        match &d.subject {
            Some(subject) => {
                let _ = writeln!(message, "- {} (at {subject})\n  {}", d.summary, d.detail);
            }
            None => {
                let _ = writeln!(message, "- {}\n  {}", d.summary, d.detail);
            }
        }
    }
    message.push_str("\nAt least one expression must produce a successful result");
    Err(FunctionError::failed(message))
}

/// Whether a variable the expression refers to is, or contains, an
/// unknown value (references that fail are not unknown: evaluating the
/// expression will report them).
fn depends_on_unknowns(closure: &ExpressionClosure) -> bool {
    closure.expression().variables().iter().any(|traversal| {
        let (value, diags) = traversal.traverse_abs(closure.context());
        !diags.has_errors() && !value.is_wholly_known()
    })
}

/// The family's functions, by name (part of [`Family::Conversion`](crate::Family::Conversion)).
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![("can", can_function()), ("try", try_function())]
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
    use hcl_core::{EvalContext, Expression, Pos, Type, Value};

    use hcl_core::function::Function;

    /// `try` nested 30 deep evaluates its innermost argument once (Go's
    /// evaluates it 2^30 times: once for the type, once for the value, at
    /// every level).
    #[test]
    fn nested_try_evaluates_each_argument_once() {
        let calls = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&calls);
        let mut ctx = EvalContext::new();
        crate::Library::pure().install(&mut ctx).unwrap();
        let tick = Function::builder()
            .returns(Type::Number)
            .build(move |_, _| {
                counted.fetch_add(1, Ordering::Relaxed);
                Ok(Value::number(7))
            });
        ctx.declare_function("tick", tick).unwrap();
        let depth = 30;
        let src = format!("{}tick(){}", "try(".repeat(depth), ", 0)".repeat(depth));
        let (file, id, diags) = parse_expression(
            src.as_bytes(),
            "t.hcl",
            Pos::start(),
            &ParseOptions::default(),
        );
        assert!(diags.is_empty(), "{diags}");
        let (value, diags) = NativeExpression::new(file, id).value(&ctx);
        assert!(diags.is_empty(), "{diags}");
        assert_eq!(value, Value::number(7));
        assert_eq!(calls.load(Ordering::Relaxed), 1);
    }
}
