//! Evaluation of function calls, as the Go implementation's
//! `FunctionCallExpr`: the function is looked up (with a "Did you mean"
//! suggestion when it is not found), a final argument followed by `...` is
//! expanded into one argument per element, the number of arguments is
//! checked, each argument is evaluated and converted to its parameter's type
//! specification, and only then is the function called. An error reported
//! by the function about one argument points at that argument.

use std::sync::Arc;

use crate::body::DynExpression;
use crate::convert::convert_with;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::expression_closure::ExpressionClosure;
use crate::function::{Function, FunctionError, Parameter};
use crate::native::ast::{CallExpr, Expr, ExprId, ExprKind};
use crate::native::expression::NativeExpression;
use crate::source::Span;
use crate::suggest::suggestion;
use crate::ty::Type;
use crate::value::Value;

use super::ops::at_path;
use super::{Evaluated, Evaluator};

/// One argument of a call: an expression, or one element of the expanded
/// final argument (whose diagnostics point at the whole `...` argument).
#[derive(Clone, Copy)]
enum Arg {
    Expr(ExprId),
    Expanded { index: usize, from: ExprId },
}

impl Evaluator<'_> {
    pub(super) fn eval_call(&mut self, id: ExprId, node: &Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::FunctionCall(call) = node.kind else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let &CallExpr {
            name,
            args,
            expand_final,
            ..
        } = self.ast.call(call);
        let function = match self.lookup_function(node, name, ctx) {
            Ok(f) => f,
            Err(d) => return (Value::dynamic(), d),
        };
        let arg_exprs = self.list(args);
        let mut diags = Diagnostics::new();
        let mut call_args: Vec<Arg> = arg_exprs.iter().map(|&e| Arg::Expr(e)).collect();
        let mut expanded: Vec<Value> = Vec::new();
        if let (true, Some(&last)) = (expand_final, arg_exprs.last()) {
            let value = self.eval(last, ctx);
            match self.expand(node, last, value, &mut diags) {
                Some(elements) => {
                    call_args.pop();
                    call_args.extend(
                        (0..elements.len()).map(|index| Arg::Expanded { index, from: last }),
                    );
                    expanded = elements;
                }
                None => return (Value::dynamic(), diags),
            }
        }
        if let Some(d) = self.check_arity(node, &function, &call_args) {
            diags.push(d);
            return (Value::dynamic(), diags);
        }

        let mut values = Vec::with_capacity(call_args.len());
        for (i, &arg) in call_args.iter().enumerate() {
            let Some(param) = function.parameter_for(i) else {
                break;
            };
            if let (true, Arg::Expr(e)) = (param.receives_expression(), arg) {
                values.push(self.closure(e, ctx));
                continue;
            }
            let given = match arg {
                Arg::Expr(e) => {
                    let (v, d) = self.eval(e, ctx);
                    diags.extend(d);
                    v
                }
                Arg::Expanded { index, .. } => {
                    expanded.get(index).cloned().unwrap_or_else(Value::dynamic)
                }
            };
            values.push(self.convert_argument(node, param, arg, given, &mut diags));
        }
        if diags.has_errors() {
            return (Value::dynamic(), diags);
        }
        self.call(id, node, &function, &call_args, &values, diags)
    }

    /// The argument `e` unevaluated, for a parameter that receives
    /// expressions: the expression with the context it is written in (the
    /// evaluation context, and the variables of the `for` expressions
    /// around it).
    fn closure(&self, e: ExprId, ctx: &EvalContext) -> Value {
        let scope = if self.locals.is_empty() {
            ctx.clone()
        } else {
            let mut scope = ctx.new_child();
            for (name, value) in &self.locals {
                // Functions are not called in literal-only mode, where
                // nothing may be declared.
                let _ = scope.declare_variable(*name, value.clone());
            }
            scope
        };
        let expr: DynExpression = Arc::new(NativeExpression::new(Arc::clone(self.shared), e));
        ExpressionClosure::new(expr, scope).into_value()
    }

    /// The function a call names, or why there is none.
    #[inline(never)]
    fn lookup_function(
        &self,
        node: &Expr,
        name: Span,
        ctx: &EvalContext,
    ) -> Result<Function, Diagnostics> {
        if ctx.is_literal_only() {
            return Err(self
                .error(
                    "Function calls not allowed",
                    "Functions may not be called here.".into(),
                    node.span,
                    None,
                )
                .into());
        }
        let name_text = self.file.span_text(name);
        match ctx.function(name_text) {
            Some(f) => Ok(f.clone()),
            None => {
                // Go suggests only among the functions of the innermost
                // context itself (none in a child that declares none, such
                // as a user function's body).
                let hint = suggestion(name_text, ctx.own_function_names())
                    .map(|s| format!(" Did you mean {s:?}?"))
                    .unwrap_or_default();
                Err(self
                    .error(
                        "Call to unknown function",
                        format!("There is no function named {name_text:?}.{hint}"),
                        name,
                        Some(node.span),
                    )
                    .into())
            }
        }
    }

    /// The elements of the value of the final argument followed by `...`,
    /// or `None` when the call cannot proceed (an error, or an unknown
    /// value, whose elements are not known).
    #[inline(never)]
    fn expand(
        &self,
        node: &Expr,
        last: ExprId,
        (value, d): Evaluated,
        diags: &mut Diagnostics,
    ) -> Option<Vec<Value>> {
        let failed = d.has_errors();
        diags.extend(d);
        if failed {
            return None;
        }
        let sequence = matches!(value.ty(), Type::Tuple(_) | Type::List(_) | Type::Set(_));
        let detail = if !value.ty().is_dynamic() && !sequence {
            "The expanding argument (indicated by ...) must be of a tuple, list, or set type."
        } else if value.is_null() {
            "The expanding argument (indicated by ...) must not be null."
        } else if !value.is_known() {
            return None;
        } else {
            return Some(value.elements().map(<[Value]>::to_vec).unwrap_or_default());
        };
        diags.push(self.error(
            "Invalid expanding argument value",
            detail.into(),
            self.span_of(last),
            Some(node.span),
        ));
        None
    }

    /// The error for a number of arguments that does not fit the function.
    #[inline(never)]
    fn check_arity(&self, node: &Expr, function: &Function, args: &[Arg]) -> Option<Diagnostic> {
        let ExprKind::FunctionCall(call) = node.kind else {
            return None;
        };
        let &CallExpr {
            name, close_paren, ..
        } = self.ast.call(call);
        let name = self.file.span_text(name);
        let params = function.params();
        if args.len() < params.len() {
            let at_least = if function.variadic().is_some() {
                " at least"
            } else {
                ""
            };
            let missing = params.get(args.len()).map_or("", Parameter::name);
            return Some(self.error(
                "Not enough function arguments",
                format!(
                    "Function {name:?} expects{at_least} {} argument(s). Missing value for {missing:?}.",
                    params.len()
                ),
                Span::new(close_paren, close_paren.saturating_add(1)),
                Some(node.span),
            ));
        }
        if function.variadic().is_none() && args.len() > params.len() {
            let extra = args
                .get(params.len())
                .map_or(node.span, |&a| self.arg_start_span(a));
            return Some(self.error(
                "Too many function arguments",
                format!(
                    "Function {name:?} expects only {} argument(s).",
                    params.len()
                ),
                extra,
                Some(node.span),
            ));
        }
        None
    }

    /// An argument converted to its parameter's type specification, or as
    /// given with an error.
    #[inline(never)]
    fn convert_argument(
        &self,
        node: &Expr,
        param: &Parameter,
        arg: Arg,
        given: Value,
        diags: &mut Diagnostics,
    ) -> Value {
        match convert_with(&given, param.ty(), self.sem) {
            Ok(v) => v,
            Err(e) => {
                let (message, subject) = self.arg_error_at(arg, e.path(), e.message());
                diags.push(self.invalid_argument(param, &message, subject, node.span));
                given
            }
        }
    }

    /// Calls the function, turning its error into a diagnostic.
    #[inline(never)]
    fn call(
        &self,
        id: ExprId,
        node: &Expr,
        function: &Function,
        args: &[Arg],
        values: &[Value],
        mut diags: Diagnostics,
    ) -> Evaluated {
        match function.call_with(values, self.sem) {
            Ok(v) => (v, diags),
            Err(err) => {
                diags.push(self.call_error(id, node, function, args, &err));
                (Value::dynamic(), diags)
            }
        }
    }

    /// The diagnostic for an error returned by a call.
    fn call_error(
        &self,
        id: ExprId,
        node: &Expr,
        function: &Function,
        args: &[Arg],
        err: &FunctionError,
    ) -> Diagnostic {
        if let FunctionError::Argument {
            index,
            path,
            message,
        } = err
        {
            match (function.parameter_for(*index), args.get(*index)) {
                (Some(param), Some(&arg)) => {
                    let (message, subject) = self.arg_error_at(arg, path, message);
                    return self.invalid_argument(param, &message, subject, node.span);
                }
                (Some(param), None) => {
                    // The function named a variadic argument that was not
                    // given: the call as a whole is at fault.
                    let message = at_path(path, message);
                    return self.error(
                        "Invalid function argument",
                        format!("Invalid value for {:?} parameter: {message}.", param.name()),
                        node.span,
                        None,
                    );
                }
                (None, _) => {}
            }
        }
        let ExprKind::FunctionCall(call) = node.kind else {
            return self.error("Error in function call", err.to_string(), node.span, None);
        };
        let name = self.ast.call(call).name;
        self.error(
            "Error in function call",
            format!(
                "Call to function {:?} failed: {err}.",
                self.file.span_text(name)
            ),
            self.start_span_of(id),
            Some(node.span),
        )
    }

    fn invalid_argument(
        &self,
        param: &Parameter,
        message: &str,
        subject: Span,
        call: Span,
    ) -> Diagnostic {
        self.error(
            "Invalid function argument",
            format!("Invalid value for {:?} parameter: {message}.", param.name()),
            subject,
            Some(call),
        )
    }

    /// Where an argument starts: its expression's start, or for an element
    /// of an expanded argument, the whole expanded expression.
    fn arg_start_span(&self, arg: Arg) -> Span {
        match arg {
            Arg::Expr(e) => self.start_span_of(e),
            Arg::Expanded { from, .. } => self.span_of(from),
        }
    }

    /// The message and subject for an error at `path` inside an argument.
    fn arg_error_at(&self, arg: Arg, path: &crate::path::Path, message: &str) -> (String, Span) {
        match arg {
            Arg::Expr(e) => self.error_at_path(e, path, message, self.start_span_of(e)),
            Arg::Expanded { from, .. } => {
                let message = at_path(path, message);
                (message, self.span_of(from))
            }
        }
    }
}
