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

/// A call whose function is found, with its arguments: what
/// [`Evaluator::eval_call`] passes between its steps.
struct PendingCall {
    function: Function,
    args: Vec<Arg>,
    /// The elements of the expanded final argument.
    expanded: Vec<Value>,
    /// The final argument, when it is followed by `...`.
    expand_last: Option<ExprId>,
    diags: Diagnostics,
}

impl Evaluator<'_> {
    pub(super) fn eval_call(&mut self, id: ExprId, node: &Expr, ctx: &EvalContext) -> Evaluated {
        // Evaluation recurses through here once per nested call: the work
        // around the recursive evaluations is in functions of their own, so
        // that this frame stays small (a debug build gives every temporary
        // a slot).
        let mut call = match self.prepare_call(node, ctx) {
            Ok(call) => call,
            Err(done) => return done,
        };
        if let Some(last) = call.expand_last {
            let value = self.eval(last, ctx);
            if !self.expand_final(node, last, value, &mut call) {
                return (Value::dynamic(), call.diags);
            }
        }
        if !self.arity_fits(node, &mut call) {
            return (Value::dynamic(), call.diags);
        }
        let values = self.eval_arguments(node, &mut call, ctx);
        if call.diags.has_errors() {
            return (Value::dynamic(), call.diags);
        }
        self.call(id, node, &call.function, &call.args, &values, call.diags)
    }

    /// The function a call names and its arguments, before any is
    /// evaluated (or the result, when the function cannot be called).
    #[inline(never)]
    fn prepare_call(&self, node: &Expr, ctx: &EvalContext) -> Result<PendingCall, Evaluated> {
        let ExprKind::FunctionCall(call) = node.kind else {
            return Err((Value::dynamic(), Diagnostics::new()));
        };
        let &CallExpr {
            name,
            args,
            expand_final,
            ..
        } = self.ast.call(call);
        let function = match self.lookup_function(node, name, ctx) {
            Ok(f) => f,
            Err(d) => return Err((Value::dynamic(), d)),
        };
        let arg_exprs = self.list(args);
        Ok(PendingCall {
            function,
            args: arg_exprs.iter().map(|&e| Arg::Expr(e)).collect(),
            expanded: Vec::new(),
            expand_last: arg_exprs.last().copied().filter(|_| expand_final),
            diags: Diagnostics::new(),
        })
    }

    /// Whether the number of arguments fits the function (else the
    /// diagnostic is added to the call's).
    #[inline(never)]
    fn arity_fits(&self, node: &Expr, call: &mut PendingCall) -> bool {
        match self.check_arity(node, &call.function, &call.args) {
            Some(d) => {
                call.diags.push(d);
                false
            }
            None => true,
        }
    }

    /// Replaces the final argument, followed by `...`, by its elements
    /// (`value` is its evaluation); false when the call cannot proceed.
    #[inline(never)]
    fn expand_final(
        &self,
        node: &Expr,
        last: ExprId,
        value: Evaluated,
        call: &mut PendingCall,
    ) -> bool {
        match self.expand(node, last, value, &mut call.diags) {
            Some(elements) => {
                call.args.pop();
                call.args
                    .extend((0..elements.len()).map(|index| Arg::Expanded { index, from: last }));
                call.expanded = elements;
                true
            }
            None => false,
        }
    }

    /// The values of the arguments of a call, each converted to its
    /// parameter's type (or an expression closure, for a parameter that
    /// receives expressions).
    #[inline(never)]
    fn eval_arguments(
        &mut self,
        node: &Expr,
        call: &mut PendingCall,
        ctx: &EvalContext,
    ) -> Vec<Value> {
        let mut values = Vec::with_capacity(call.args.len());
        for i in 0..call.args.len() {
            let Some(value) = self.eval_argument(node, call, i, ctx) else {
                break;
            };
            values.push(value);
        }
        values
    }

    /// The value of argument `i` of a call (`None` when the function has
    /// no parameter for it).
    #[inline(never)]
    fn eval_argument(
        &mut self,
        node: &Expr,
        call: &mut PendingCall,
        i: usize,
        ctx: &EvalContext,
    ) -> Option<Value> {
        let arg = *call.args.get(i)?;
        let param = call.function.parameter_for(i)?;
        if let (true, Arg::Expr(e)) = (param.receives_expression(), arg) {
            return Some(self.closure(e, ctx));
        }
        let given = match arg {
            Arg::Expr(e) => {
                let (v, d) = self.eval(e, ctx);
                call.diags.extend(d);
                v
            }
            Arg::Expanded { index, .. } => call
                .expanded
                .get(index)
                .cloned()
                .unwrap_or_else(Value::dynamic),
        };
        Some(self.convert_argument(node, param, arg, given, &mut call.diags))
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
            None if let Some(advice) = ctx.function_advice(name_text) => Err(self
                .error(
                    "Function not enabled",
                    format!("The function {name_text:?} exists but is not enabled here. {advice}"),
                    name,
                    Some(node.span),
                )
                .into()),
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
                    .with_kind(crate::DiagnosticKind::UnknownFunction)
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
            // A user function's body failed: its own diagnostics, each with
            // the call as its context (the range stays where the mistake is).
            Err(FunctionError::Diagnostics(inner)) => {
                let call = self.range(node.span);
                for mut d in inner {
                    d.context = Some(call.clone());
                    diags.push(d);
                }
                (Value::dynamic(), diags)
            }
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
