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

use crate::convert::{Conversion, ConversionError, convert_with, unify_with};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::native::ast::{BinaryOp, Expr, ExprId, ExprKind, UnaryOp};
use crate::semantics::Semantics;
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
            let v = equality(op, &l, &r, self.sem);
            if !self.sem.is_go() && l.ty() != r.ty() {
                // Only operands of different types can compare differently
                // by Go's rules (any two nulls are equal there).
                let go = equality(op, &l, &r, Semantics::Go);
                if go != v {
                    diags.push(self.divergence(
                        crate::divergence::equality_detail(&l, &r, &v, &go),
                        node.span,
                    ));
                }
            }
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
        match convert_with(given, param, self.sem) {
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
        let value = match convert_with(&given, &ty, self.sem) {
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
    ///
    /// In spec mode, where the results' types differ in a way that Go's
    /// rules unify differently, Go's result is computed as well, and a
    /// warning says where the two differ.
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
        let plans = match self.conditional_plans(node, &t.0, &f.0, true_expr, false_expr) {
            Ok(plans) => plans,
            Err(d) => return (Value::dynamic(), d),
        };
        let cond = self.eval(condition, ctx);
        self.conditional_result(
            node,
            condition,
            cond,
            plans,
            (true_expr, t),
            (false_expr, f),
        )
    }

    /// How the results become the conditional's value, by this
    /// evaluation's rules and, where they may differ, by Go's; or why
    /// there is no result type.
    #[inline(never)]
    fn conditional_plans(
        &self,
        node: &Expr,
        t: &Value,
        f: &Value,
        true_expr: ExprId,
        false_expr: ExprId,
    ) -> Result<CondPlans, Diagnostics> {
        let own = conditional_plan(t, f, self.sem);
        let go = if self.sem.is_go() || !unify_may_differ(t, f) {
            None
        } else {
            let go = conditional_plan(t, f, Semantics::Go);
            let same = match (&own, &go) {
                (Some(o), Some(g)) => o.ty == g.ty && o.convs_equal(g),
                (None, None) => true,
                _ => false,
            };
            (!same).then_some(go)
        };
        let Some(own) = own else {
            let mut diags = Diagnostics::from(self.error(
                "Inconsistent conditional result types",
                format!(
                    "The true and false result expressions must have consistent types. {}.",
                    describe_type_mismatch(t.ty(), f.ty())
                ),
                self.span_of(true_expr).cover(self.span_of(false_expr)),
                Some(node.span),
            ));
            if let Some(go) = &go {
                diags.push(self.divergence(
                    crate::divergence::conditional_detail(
                        t.ty(),
                        f.ty(),
                        None,
                        go.as_ref().map(|g| &g.ty),
                    ),
                    node.span,
                ));
            }
            return Err(diags);
        };
        Ok(CondPlans {
            own,
            go: go.map(Box::new),
        })
    }

    #[inline(never)]
    fn conditional_result(
        &self,
        node: &Expr,
        condition: ExprId,
        (cond, mut diags): Evaluated,
        plans: CondPlans,
        (true_expr, (true_value, true_diags)): (ExprId, Evaluated),
        (false_expr, (false_value, false_diags)): (ExprId, Evaluated),
    ) -> Evaluated {
        let (value, failure) = select(&cond, &plans.own, &true_value, &false_value, self.sem);
        let chosen_is_true = convert_with(&cond, &Type::Bool, self.sem).is_ok_and(|c| c.is_true());
        let divergence = plans.go.as_ref().and_then(|go| {
            let comparable = !matches!(failure, Some(CondFailure::Null | CondFailure::NotBool));
            let differs = match go.as_ref() {
                // Go finds no common type: an error there, whatever the
                // condition.
                None => failure.is_none(),
                Some(go) => {
                    let (go_value, go_failure) =
                        select(&cond, go, &true_value, &false_value, Semantics::Go);
                    failure.is_some() != go_failure.is_some()
                        || (failure.is_none() && go_value != value)
                }
            };
            (comparable && differs).then(|| {
                self.divergence(
                    crate::divergence::conditional_detail(
                        true_value.ty(),
                        false_value.ty(),
                        Some(&plans.own.ty),
                        go.as_ref().as_ref().map(|g| &g.ty),
                    ),
                    node.span,
                )
            })
        });
        match failure {
            // An unknown condition chooses neither result, but the result's
            // type comes from both: where one differs from Go's (a `for`
            // made unknown), so does the result, and its warning stays.
            None if !cond.is_known() => {
                for d in true_diags.into_iter().chain(false_diags) {
                    if crate::divergence::is_divergence(&d) {
                        diags.push(d);
                    }
                }
            }
            None => {
                diags.extend(if chosen_is_true {
                    true_diags
                } else {
                    false_diags
                });
            }
            Some(CondFailure::Null) => diags.push(self.error(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.".into(),
                self.span_of(condition),
                Some(node.span),
            )),
            Some(CondFailure::NotBool) => diags.push(self.error(
                "Incorrect condition type",
                "The condition expression must be of type bool.".into(),
                self.span_of(condition),
                Some(node.span),
            )),
            Some(CondFailure::Convert(e)) => {
                let (chosen_diags, chosen_expr, which) = if chosen_is_true {
                    (true_diags, true_expr, "true")
                } else {
                    (false_diags, false_expr, "false")
                };
                diags.extend(chosen_diags);
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
            }
        }
        if let Some(d) = divergence {
            diags.push(d);
        }
        (value, diags)
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

/// The value of `==` or `!=` by the rules of `sem`.
fn equality(op: BinaryOp, l: &Value, r: &Value, sem: Semantics) -> Value {
    let eq = l.equals_with(r, sem);
    match (op, eq.as_bool()) {
        (BinaryOp::NotEqual, Some(b)) => Value::bool(!b),
        _ => eq,
    }
}

/// How a conditional's results become its value by one rule set: the
/// result type, and the conversion of each result (true, then false) to
/// it.
#[derive(Debug)]
struct CondPlan {
    ty: Type,
    /// From unification: each result's conversion, `None` where the result
    /// already has the type. Unset where no unification took place (a
    /// literal `null` or a result of the dynamic pseudo-type): the chosen
    /// result is then converted to `ty`.
    convs: Option<Vec<Option<Conversion>>>,
}

impl CondPlan {
    /// Whether the two plans convert alike: both without unification, or
    /// both with conversions to one type from one type each.
    fn convs_equal(&self, other: &CondPlan) -> bool {
        match (&self.convs, &other.convs) {
            (None, None) => true,
            (Some(a), Some(b)) => a.iter().zip(b).all(|(x, y)| match (x, y) {
                (None, None) => true,
                (Some(x), Some(y)) => x.from() == y.from() && x.result_type() == y.result_type(),
                _ => false,
            }),
            _ => false,
        }
    }
}

/// The conditional's plans: this evaluation's, and where Go's may give
/// another result, Go's (`None` inside: Go finds no common type).
#[derive(Debug)]
pub(super) struct CondPlans {
    own: CondPlan,
    go: Option<Box<Option<CondPlan>>>,
}

/// Why a conditional gives no result.
#[derive(Debug)]
enum CondFailure {
    Null,
    NotBool,
    /// The chosen result does not convert to the result type.
    Convert(ConversionError),
}

/// The plan for results `t` and `f` by the rules of `sem`, as Go's
/// `ConditionalExpr.Value` finds it; `None` when the types do not unify.
fn conditional_plan(t: &Value, f: &Value, sem: Semantics) -> Option<CondPlan> {
    let null_dynamic = Value::null(Type::Dynamic);
    // A literal `null` takes the other result's type; a result of the
    // dynamic pseudo-type leaves the type open.
    let ty = if *t == null_dynamic {
        f.ty().clone()
    } else if *f == null_dynamic {
        t.ty().clone()
    } else if t.ty().is_dynamic() || f.ty().is_dynamic() {
        Type::Dynamic
    } else {
        let unified = unify_with(&[t.ty().clone(), f.ty().clone()], sem)?;
        return Some(CondPlan {
            ty: unified.ty,
            convs: Some(unified.conversions),
        });
    };
    Some(CondPlan { ty, convs: None })
}

/// Whether the rule sets may unify the results of a conditional
/// differently: not when their types are equal, both primitive (the
/// rules agree there, but for a number with a bool), or one is a literal
/// `null` or dynamic (no unification takes place).
fn unify_may_differ(t: &Value, f: &Value) -> bool {
    let (tt, ft) = (t.ty(), f.ty());
    // Primitive types unify alike by both rule sets, but for a number with
    // a bool (string by the spec's transitive rule, none in Go).
    let number_and_bool = matches!(
        (tt, ft),
        (Type::Number, Type::Bool) | (Type::Bool, Type::Number)
    );
    !(tt == ft
        || tt.is_dynamic()
        || ft.is_dynamic()
        || (tt.is_primitive() && ft.is_primitive() && !number_and_bool))
}

/// The value a conditional gives by `plan` for condition `cond`, and why
/// it failed if it did (the value is then unknown).
fn select(
    cond: &Value,
    plan: &CondPlan,
    t: &Value,
    f: &Value,
    sem: Semantics,
) -> (Value, Option<CondFailure>) {
    let unknown = || Value::unknown(plan.ty.clone());
    if cond.is_null() {
        return (unknown(), Some(CondFailure::Null));
    }
    if !cond.is_known() {
        return (unknown(), None);
    }
    let Ok(cond) = convert_with(cond, &Type::Bool, sem) else {
        return (unknown(), Some(CondFailure::NotBool));
    };
    let (index, chosen) = if cond.is_true() { (0, t) } else { (1, f) };
    let converted = match &plan.convs {
        None => convert_with(chosen, &plan.ty, sem),
        Some(convs) => match convs.get(index).and_then(Option::as_ref) {
            Some(c) => c.apply(chosen),
            None => Ok(chosen.clone()),
        },
    };
    match converted {
        Ok(v) => (v, None),
        Err(e) => (unknown(), Some(CondFailure::Convert(e))),
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
