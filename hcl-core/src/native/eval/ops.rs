//! Evaluation of operators and of the conditional operator.
//!
//! Each operator behaves as the Go implementation's, which calls a `cty`
//! standard-library function: both operands are evaluated, each is
//! converted to the operator's parameter type (number for arithmetic and
//! ordering, bool for logic, any type for equality), a null operand is an
//! error, and an unknown operand (the dynamic value included, which
//! converts to an unknown of the parameter type) gives an unknown result of
//! the operator's result type. Logic operators do not short-circuit: an
//! unknown operand makes the result unknown even where the other operand
//! would decide it, as the spec says.

use crate::convert::{convert, unify};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::native::ast::{BinaryOp, Expr, ExprId, ExprKind, UnaryOp};
use crate::source::Span;
use crate::ty::Type;
use crate::value::Value;

use super::{Evaluated, Evaluator};

/// What an operator's operands are converted to and what it returns.
fn signature(op: BinaryOp) -> (Type, Type) {
    match op {
        BinaryOp::Or | BinaryOp::And => (Type::Bool, Type::Bool),
        BinaryOp::Equal | BinaryOp::NotEqual => (Type::Dynamic, Type::Bool),
        BinaryOp::Greater | BinaryOp::GreaterOrEqual | BinaryOp::Less | BinaryOp::LessOrEqual => {
            (Type::Number, Type::Bool)
        }
        BinaryOp::Add
        | BinaryOp::Subtract
        | BinaryOp::Multiply
        | BinaryOp::Divide
        | BinaryOp::Modulo => (Type::Number, Type::Number),
    }
}

impl Evaluator<'_> {
    pub(super) fn eval_binary(&mut self, _: ExprId, node: &Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::Binary { op, lhs, rhs } = node.kind else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let l = self.eval(lhs, ctx);
        let r = self.eval(rhs, ctx);
        self.binary_result(node, op, (lhs, l), (rhs, r))
    }

    #[inline(never)]
    fn binary_result(
        &self,
        node: &Expr,
        op: BinaryOp,
        (lhs, (given_lhs, mut diags)): (ExprId, Evaluated),
        (rhs, (given_rhs, rhs_diags)): (ExprId, Evaluated),
    ) -> Evaluated {
        let (param, result_ty) = signature(op);
        diags.extend(rhs_diags);
        let l = self.operand(&mut diags, &given_lhs, &param, lhs, "left", node);
        let r = self.operand(&mut diags, &given_rhs, &param, rhs, "right", node);
        let (Some(l), Some(r)) = (l, r) else {
            return (Value::unknown(result_ty), diags);
        };
        if diags.has_errors() {
            return (Value::unknown(result_ty), diags);
        }

        if matches!(op, BinaryOp::Equal | BinaryOp::NotEqual) {
            let eq = l.equals(&r);
            let v = match (op, eq.as_bool()) {
                (BinaryOp::NotEqual, Some(b)) => Value::bool(!b),
                _ => eq,
            };
            return (v, diags);
        }
        if l.is_null() || r.is_null() {
            diags.push(self.operation_failed(node, "argument must not be null"));
            return (Value::unknown(result_ty), diags);
        }
        if !l.is_known() || !r.is_known() {
            return (Value::unknown(result_ty), diags);
        }

        let result = match op {
            BinaryOp::Or | BinaryOp::And => match (l.as_bool(), r.as_bool()) {
                (Some(a), Some(b)) => Ok(Value::bool(if op == BinaryOp::Or {
                    a || b
                } else {
                    a && b
                })),
                _ => Ok(Value::unknown(Type::Bool)),
            },
            _ => match (l.as_number(), r.as_number()) {
                (Some(a), Some(b)) => match op {
                    BinaryOp::Greater => Ok(Value::bool(a > b)),
                    BinaryOp::GreaterOrEqual => Ok(Value::bool(a >= b)),
                    BinaryOp::Less => Ok(Value::bool(a < b)),
                    BinaryOp::LessOrEqual => Ok(Value::bool(a <= b)),
                    BinaryOp::Add => a.add(b).map(Value::number),
                    BinaryOp::Subtract => a.sub(b).map(Value::number),
                    BinaryOp::Multiply => a.mul(b).map(Value::number),
                    BinaryOp::Divide => a.div(b).map(Value::number),
                    _ => a.rem(b).map(Value::number),
                },
                _ => Ok(Value::unknown(result_ty.clone())),
            },
        };
        match result {
            Ok(v) => (v, diags),
            Err(e) => {
                diags.push(self.operation_failed(node, &e.to_string()));
                (Value::unknown(result_ty), diags)
            }
        }
    }

    /// An operand converted to the operator's parameter type, or `None`
    /// with an "Invalid operand" error.
    fn operand(
        &self,
        diags: &mut Diagnostics,
        given: &Value,
        param: &Type,
        id: ExprId,
        side: &str,
        node: &Expr,
    ) -> Option<Value> {
        match convert(given, param) {
            Ok(v) => Some(v),
            Err(e) => {
                diags.push(self.error(
                    "Invalid operand",
                    format!("Unsuitable value for {side} operand: {e}."),
                    self.span_of(id),
                    Some(node.span),
                ));
                None
            }
        }
    }

    pub(super) fn eval_unary(&mut self, _: ExprId, node: &Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::Unary { op, operand, .. } = node.kind else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let given = self.eval(operand, ctx);
        self.unary_result(node, op, operand, given)
    }

    #[inline(never)]
    fn unary_result(
        &self,
        node: &Expr,
        op: UnaryOp,
        operand: ExprId,
        (given, mut diags): Evaluated,
    ) -> Evaluated {
        let ty = match op {
            UnaryOp::Negate => Type::Number,
            UnaryOp::Not => Type::Bool,
        };
        let value = match convert(&given, &ty) {
            Ok(v) => v,
            Err(e) => {
                diags.push(self.error(
                    "Invalid operand",
                    format!("Unsuitable value for unary operand: {e}."),
                    self.span_of(operand),
                    Some(node.span),
                ));
                return (Value::unknown(ty), diags);
            }
        };
        if diags.has_errors() {
            return (Value::unknown(ty), diags);
        }
        if value.is_null() {
            diags.push(self.operation_failed(node, "argument must not be null"));
            return (Value::unknown(ty), diags);
        }
        let result = match (op, value.as_number(), value.as_bool()) {
            (UnaryOp::Negate, Some(n), _) => Value::number(n.neg()),
            (UnaryOp::Not, _, Some(b)) => Value::bool(!b),
            _ => Value::unknown(ty),
        };
        (result, diags)
    }

    fn operation_failed(&self, node: &Expr, message: &str) -> Diagnostic {
        self.error(
            "Operation failed",
            format!("Error during operation: {message}."),
            node.span,
            None,
        )
    }

    /// `condition ? true_result : false_result`, as Go evaluates it: both
    /// results are evaluated and their types unified (a failure is
    /// reported whatever the condition, which is then not evaluated), then
    /// the condition selects one, whose diagnostics alone are passed on.
    pub(super) fn eval_conditional(
        &mut self,
        _: ExprId,
        node: &Expr,
        ctx: &EvalContext,
    ) -> Evaluated {
        let ExprKind::Conditional {
            condition,
            true_result: true_expr,
            false_result: false_expr,
        } = node.kind
        else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let t = self.eval(true_expr, ctx);
        let f = self.eval(false_expr, ctx);
        let result_ty = match self.conditional_type(node, &t.0, &f.0, true_expr, false_expr) {
            Ok(ty) => ty,
            Err(d) => return (Value::dynamic(), d),
        };
        let cond = self.eval(condition, ctx);
        self.conditional_result(
            node,
            condition,
            cond,
            result_ty,
            (true_expr, t),
            (false_expr, f),
        )
    }

    /// The type of a conditional's result, or why there is none.
    #[inline(never)]
    fn conditional_type(
        &self,
        node: &Expr,
        t: &Value,
        f: &Value,
        true_expr: ExprId,
        false_expr: ExprId,
    ) -> Result<Type, Diagnostics> {
        let null_dynamic = Value::null(Type::Dynamic);
        // A literal `null` takes the other result's type; a result of the
        // dynamic pseudo-type leaves the type open.
        let ty = if *t == null_dynamic {
            Some(f.ty().clone())
        } else if *f == null_dynamic {
            Some(t.ty().clone())
        } else if t.ty().is_dynamic() || f.ty().is_dynamic() {
            Some(Type::Dynamic)
        } else {
            unify(&[t.ty().clone(), f.ty().clone()]).map(|u| u.ty)
        };
        ty.ok_or_else(|| {
            Diagnostics::from(self.error(
                "Inconsistent conditional result types",
                format!(
                    "The true and false result expressions must have consistent types. {}.",
                    describe_type_mismatch(t.ty(), f.ty())
                ),
                self.span_of(true_expr).cover(self.span_of(false_expr)),
                Some(node.span),
            ))
        })
    }

    #[inline(never)]
    fn conditional_result(
        &self,
        node: &Expr,
        condition: ExprId,
        (cond, mut diags): Evaluated,
        result_ty: Type,
        (true_expr, (true_value, true_diags)): (ExprId, Evaluated),
        (false_expr, (false_value, false_diags)): (ExprId, Evaluated),
    ) -> Evaluated {
        if cond.is_null() {
            diags.push(self.error(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.".into(),
                self.span_of(condition),
                Some(node.span),
            ));
            return (Value::unknown(result_ty), diags);
        }
        if !cond.is_known() {
            return (Value::unknown(result_ty), diags);
        }
        let Ok(cond) = convert(&cond, &Type::Bool) else {
            diags.push(self.error(
                "Incorrect condition type",
                "The condition expression must be of type bool.".into(),
                self.span_of(condition),
                Some(node.span),
            ));
            return (Value::unknown(result_ty), diags);
        };
        let (chosen, chosen_diags, chosen_expr, which) = if cond.is_true() {
            (true_value, true_diags, true_expr, "true")
        } else {
            (false_value, false_diags, false_expr, "false")
        };
        diags.extend(chosen_diags);
        match convert(&chosen, &result_ty) {
            Ok(v) => (v, diags),
            Err(e) => {
                let (detail, subject) = self.error_at_path(
                    chosen_expr,
                    e.path(),
                    e.message(),
                    self.span_of(chosen_expr),
                );
                diags.push(self.error(
                    "Inconsistent conditional result types",
                    format!("The {which} result value has the wrong type: {detail}."),
                    subject,
                    Some(node.span),
                ));
                (Value::unknown(result_ty), diags)
            }
        }
    }

    /// The message and subject for an error at `path` inside the value of
    /// expression `id` (a conversion error, say): where the path leads to an
    /// element of a literal collection, the subject is that element's own
    /// expression and the message leaves out the path; otherwise the subject
    /// is `default_subject` and the message starts with the path
    /// (`.ports[1]: a number is required`).
    pub(super) fn error_at_path(
        &self,
        id: ExprId,
        path: &crate::path::Path,
        message: &str,
        default_subject: Span,
    ) -> (String, Span) {
        if path.is_root() {
            return (message.to_owned(), default_subject);
        }
        match crate::native::tree::element_at_path(self.file, id, path) {
            Some(element) => (message.to_owned(), self.span_of(element)),
            None => (at_path(path, message), default_subject),
        }
    }
}

/// A message about the part of a value at `path`: the path, a colon and
/// the message (`.ports[1]: a number is required`), or just the message for
/// the value as a whole.
pub(super) fn at_path(path: &crate::path::Path, message: &str) -> String {
    if path.is_root() {
        message.to_owned()
    } else {
        format!("{path}: {message}")
    }
}

/// Why two types have no common type, in the Go implementation's words
/// (`describeConditionalTypeMismatch`).
fn describe_type_mismatch(t: &Type, f: &Type) -> String {
    match (t, f) {
        (Type::Object(to), Type::Object(fo)) => {
            for (name, t_attr) in to.attributes() {
                let Some(f_attr) = fo.attribute(name) else {
                    return format!(
                        "The 'true' value includes object attribute {name:?}, which is absent in the 'false' value"
                    );
                };
                if t_attr != f_attr {
                    return format!(
                        "Type mismatch for object attribute {name:?}: {}",
                        describe_type_mismatch(t_attr, f_attr)
                    );
                }
            }
            if let Some(name) = fo.attributes().keys().find(|n| to.attribute(n).is_none()) {
                return format!(
                    "The 'false' value includes object attribute {name:?}, which is absent in the 'true' value"
                );
            }
        }
        (Type::Tuple(tt), Type::Tuple(ft)) => {
            if tt.len() != ft.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    tt.len(),
                    ft.len()
                );
            }
            for (i, (te, fe)) in tt.elements().iter().zip(ft.elements()).enumerate() {
                if te != fe {
                    return format!(
                        "Type mismatch for tuple element {i}: {}",
                        describe_type_mismatch(te, fe)
                    );
                }
            }
        }
        (Type::List(te), Type::List(fe))
        | (Type::Map(te), Type::Map(fe))
        | (Type::Set(te), Type::Set(fe)) => {
            let structural = matches!(
                (&**te, &**fe),
                (Type::Object(_), Type::Object(_)) | (Type::Tuple(_), Type::Tuple(_))
            );
            if structural {
                let noun = match t {
                    Type::List(_) => "list",
                    Type::Set(_) => "set",
                    _ => "map",
                };
                return format!(
                    "Mismatched {noun} element types: {}",
                    describe_type_mismatch(te, fe)
                );
            }
        }
        _ => {}
    }
    let (tn, fnm) = (t.friendly_name(), f.friendly_name());
    if tn == fnm {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and \
                the 'false' value"
            .into();
    }
    format!("The 'true' value is {tn}, but the 'false' value is {fnm}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mismatch_descriptions_follow_go() {
        assert_eq!(
            describe_type_mismatch(&Type::Number, &Type::Bool),
            "The 'true' value is number, but the 'false' value is bool"
        );
        let a = Type::object([("a", Type::tuple([Type::Bool]))]);
        let b = Type::object([("a", Type::tuple([Type::tuple([Type::Number])]))]);
        assert_eq!(
            describe_type_mismatch(&a, &b),
            "Type mismatch for object attribute \"a\": Type mismatch for tuple element 0: \
             The 'true' value is bool, but the 'false' value is tuple"
        );
        let c = Type::object([("b", Type::Number)]);
        assert_eq!(
            describe_type_mismatch(&a, &c),
            "The 'true' value includes object attribute \"a\", which is absent in the 'false' value"
        );
        assert_eq!(
            describe_type_mismatch(&Type::tuple([Type::Bool]), &Type::empty_tuple()),
            "The 'true' tuple has length 1, but the 'false' tuple has length 0"
        );
        assert_eq!(
            describe_type_mismatch(&Type::list(a.clone()), &Type::list(b.clone())),
            "Mismatched list element types: Type mismatch for object attribute \"a\": Type mismatch for \
             tuple element 0: The 'true' value is bool, but the 'false' value is tuple"
        );
        assert_eq!(
            describe_type_mismatch(&Type::list(Type::list(a)), &Type::list(Type::list(b))),
            "At least one deeply-nested attribute or element is not compatible across both the 'true' and \
             the 'false' value"
        );
    }
}
