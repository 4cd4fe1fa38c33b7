//! Warnings where the rule sets part: in spec mode
//! ([`Semantics::Spec`](crate::Semantics::Spec)), an expression whose
//! result differs from the one HashiCorp's Go implementation gives, by a
//! row of `docs/deviations.md`, gets a warning at the expression saying
//! what each gives and how to write it so that both agree.
//!
//! The evaluator decides *whether* to warn at the point where the rules
//! part (a conditional's unification, a `for` expression's unknown
//! element, an equality of values of different types), computing Go's
//! answer only where the types differ in a way a row covers; this module
//! only words the warnings.

use crate::diagnostic::{Diagnostic, Severity};
use crate::native::ast::{Expr, ExprId, ExprKind};
use crate::source::Span;
use crate::ty::Type;
use crate::value::Value;

use super::Evaluator;

use crate::semantics::DIVERGENCE_SUMMARY as SUMMARY;

/// Whether `d` is one of these warnings.
pub(super) fn is_divergence(d: &Diagnostic) -> bool {
    d.severity == Severity::Warning && d.is(crate::DiagnosticKind::Divergence)
}

impl Evaluator<'_> {
    fn divergence(&self, detail: String, subject: Span, context: Option<Span>) -> Diagnostic {
        let mut d = Diagnostic::warning(SUMMARY)
            .with_kind(crate::DiagnosticKind::Divergence)
            .with_detail(detail);
        d.subject = Some(self.range(subject));
        d.context = context.map(|c| self.range(c));
        d
    }

    /// A conditional whose results unify differently: `spec` and `go` are
    /// the result types by each rule set (`None`: no common type).
    #[cold]
    #[inline(never)]
    pub(super) fn conditional_divergence(
        &self,
        node: &Expr,
        t: &Type,
        f: &Type,
        spec: Option<&Type>,
        go: Option<&Type>,
    ) -> Diagnostic {
        let spec_part = match spec {
            Some(ty) => {
                let why = match ty {
                    Type::Object(_) => {
                        ", an object type with the attributes of both (an attribute one result lacks is null in it)"
                    }
                    Type::Tuple(_) => {
                        ", a tuple type (a list converts to it only with the tuple's length)"
                    }
                    _ => "",
                };
                format!("the result types {t} and {f} unify as {ty}{why}")
            }
            None => format!("the result types {t} and {f} have no common type, an error"),
        };
        let go_part = match go {
            Some(Type::Dynamic) => {
                "unifies them as the dynamic pseudo-type, and the result is an unknown value"
                    .to_owned()
            }
            Some(ty) => format!("unifies them as {ty}"),
            None => "finds no common type, an error".to_owned(),
        };
        let kinds = [Some(t), Some(f), spec, go];
        let hint = if kinds
            .iter()
            .flatten()
            .any(|k| matches!(k, Type::Map(_) | Type::Object(_)))
        {
            "To get the same result from both, give both results one type: maps (convert each with `tomap(...)`), or objects with the same attributes."
        } else if kinds
            .iter()
            .flatten()
            .any(|k| matches!(k, Type::List(_) | Type::Set(_) | Type::Tuple(_)))
        {
            "To get the same result from both, give both results one type: lists (convert each with `tolist(...)`), or tuples of one length."
        } else if matches!(spec, Some(Type::String)) {
            "To get the same result from both, give both results one type (convert with `tostring(...)`)."
        } else {
            "To get the same result from both, give both results one type."
        };
        self.divergence(
            format!(
                "By the HCL specification {spec_part}; HashiCorp's implementation (as in Terraform) {go_part}, so the two give different results here. {hint}"
            ),
            node.span,
            None,
        )
    }

    /// A `for` expression made unknown by an unknown element.
    #[cold]
    #[inline(never)]
    pub(super) fn for_divergence(&self, id: ExprId, span: Span) -> Diagnostic {
        let kind = match self.ast.expr(id).kind {
            ExprKind::For(f) if self.ast.for_expr(f).key.is_some() => "object",
            _ => "tuple",
        };
        self.divergence(
            format!(
                "An element of this 'for' expression is unknown, so by the HCL specification the whole result is an unknown value of dynamic type; HashiCorp's implementation (as in Terraform) gives a {kind} holding the unknown elements, whose length and known elements are known. The two agree once every element is known."
            ),
            span,
            None,
        )
    }

    /// An expression in error by the spec's rules that Go's rules accept,
    /// giving a value of type `go`.
    #[cold]
    #[inline(never)]
    pub(super) fn error_divergence(&self, span: Span, go: &Type) -> Diagnostic {
        self.divergence(
            format!(
                "By the HCL specification this expression is in error (see the error reported with it); HashiCorp's implementation (as in Terraform), whose conversions are more lenient here, accepts it and gives a value of type {go}. Write it so that the specification accepts it too (the error says what it needs), and both give the same result."
            ),
            span,
            None,
        )
    }

    /// An equality of values of different types that Go answers otherwise.
    #[cold]
    #[inline(never)]
    pub(super) fn equality_divergence(
        &self,
        node: &Expr,
        l: &Value,
        r: &Value,
        spec: &Value,
        go: &Value,
    ) -> Diagnostic {
        self.divergence(
            format!(
                "By the HCL specification values of different types ({} and {} here) are never equal, so this gives {}; HashiCorp's implementation (as in Terraform), where any two null values are equal whatever their types, gives {}. To get the same result from both, compare with the literal `null`, or convert both operands to one type.",
                l.ty(),
                r.ty(),
                describe(spec),
                describe(go)
            ),
            node.span,
            None,
        )
    }
}

/// A bool result in words.
fn describe(v: &Value) -> &'static str {
    match v.as_bool() {
        Some(true) => "true",
        Some(false) => "false",
        None => "an unknown bool",
    }
}
