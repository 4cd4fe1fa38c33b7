//! Arguments received unevaluated: an expression together with the
//! evaluation context it was written in (Go's
//! `customdecode.ExpressionClosureType`).
//!
//! Most functions receive values. A few need the expression itself: `try`
//! evaluates its arguments one by one until one succeeds, and `can` says
//! whether its argument evaluates without error. A parameter made with
//! [`Parameter::expression_closure`](crate::function::Parameter::expression_closure)
//! receives a value of [`expression_closure_type`], a capsule holding an
//! [`ExpressionClosure`]: the syntax that evaluates a call does not evaluate
//! such an argument, it wraps the expression and the context instead.
//!
//! ```
//! use hcl_core::expression_closure::ExpressionClosure;
//! use hcl_core::function::{Function, Parameter};
//! use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
//! use hcl_core::{EvalContext, Expression, Pos, Type, Value};
//!
//! // `succeeds(expr)`: whether `expr` evaluates without error.
//! let succeeds = Function::builder()
//!     .param(Parameter::expression_closure("expression"))
//!     .returns(Type::Bool)
//!     .build(|args, _| {
//!         let closure = ExpressionClosure::from_value(&args[0]).expect("a closure");
//!         let (_, diags) = closure.value();
//!         Ok(Value::bool(!diags.has_errors()))
//!     });
//!
//! let mut ctx = EvalContext::new();
//! ctx.declare_function("succeeds", succeeds).unwrap();
//! let eval = |src: &str| {
//!     let (file, id, _) =
//!         parse_expression(src.as_bytes(), "t.hcl", Pos::start(), &ParseOptions::default());
//!     NativeExpression::new(file, id).value(&ctx).0
//! };
//! assert_eq!(eval("succeeds(1 + 1)"), Value::bool(true));
//! assert_eq!(eval("succeeds(1 + \"a\")"), Value::bool(false));
//! ```

use std::fmt;
use std::sync::{Arc, LazyLock};

use crate::body::DynExpression;
use crate::diagnostic::Diagnostics;
use crate::eval::EvalContext;
use crate::function::Parameter;
use crate::ty::{CapsuleType, Type};
use crate::value::Value;

/// An expression and the context to evaluate it in: what a parameter made
/// with [`Parameter::expression_closure`](crate::function::Parameter::expression_closure)
/// receives, inside a value of [`expression_closure_type`].
#[derive(Clone)]
pub struct ExpressionClosure {
    expression: DynExpression,
    context: EvalContext,
}

impl ExpressionClosure {
    /// The closure of `expression` over `context`.
    pub fn new(expression: DynExpression, context: EvalContext) -> ExpressionClosure {
        ExpressionClosure {
            expression,
            context,
        }
    }

    /// The closure as a value of [`expression_closure_type`].
    pub fn into_value(self) -> Value {
        Value::capsule(&CLOSURE_TYPE, self)
    }

    /// The closure a value of [`expression_closure_type`] holds; `None` for
    /// a value of another type, or a null or unknown one.
    pub fn from_value(value: &Value) -> Option<&ExpressionClosure> {
        value.as_capsule::<ExpressionClosure>()
    }

    /// The expression.
    pub fn expression(&self) -> &DynExpression {
        &self.expression
    }

    /// The context the expression was written in.
    pub fn context(&self) -> &EvalContext {
        &self.context
    }

    /// Evaluates the expression in its context.
    pub fn value(&self) -> (Value, Diagnostics) {
        self.expression.value(&self.context)
    }
}

impl fmt::Debug for ExpressionClosure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExpressionClosure")
            .field("expression", &self.expression)
            .finish_non_exhaustive()
    }
}

/// Two closures are equal when they hold the same expression (the same
/// node of the same file, not an equal one) over the same context.
impl PartialEq for ExpressionClosure {
    fn eq(&self, other: &ExpressionClosure) -> bool {
        Arc::ptr_eq(&self.expression, &other.expression) && self.context.same_as(&other.context)
    }
}

static CLOSURE_TYPE: LazyLock<CapsuleType> =
    LazyLock::new(|| CapsuleType::new::<ExpressionClosure>("expression closure"));

/// The capsule type of [`ExpressionClosure`] values: the type of a
/// parameter that receives its argument unevaluated.
///
/// ```
/// use hcl_core::expression_closure::expression_closure_type;
///
/// assert_eq!(expression_closure_type(), expression_closure_type());
/// assert_eq!(expression_closure_type().friendly_name(), "expression closure");
/// ```
pub fn expression_closure_type() -> Type {
    Type::Capsule(CLOSURE_TYPE.clone())
}

/// The constructor of the parameters that receive an expression closure,
/// here rather than in `function` so that functions (which evaluation
/// calls) do not depend on bodies and evaluation.
impl Parameter {
    /// A parameter that receives its argument unevaluated: an
    /// [`ExpressionClosure`] (the expression and its evaluation context)
    /// inside a value of [`expression_closure_type`]. The syntaxes do not
    /// evaluate such an argument; the function evaluates it when and if it
    /// wants (this is how `try` and `can` are made). See the
    /// [`expression_closure`](crate::expression_closure) module for an
    /// example.
    pub fn expression_closure(name: impl Into<String>) -> Parameter {
        Parameter::new(name, expression_closure_type())
    }

    /// Whether this parameter receives its argument unevaluated (made by
    /// [`Parameter::expression_closure`]).
    pub fn receives_expression(&self) -> bool {
        *self.ty() == expression_closure_type()
    }
}
