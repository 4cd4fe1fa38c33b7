//! Evaluation of templates ("Templates" in the native syntax spec).
//!
//! A template's parts (literals, interpolations, and the conditionals and
//! joins that `if` and `for` directives become) are evaluated and converted
//! to strings, which are concatenated. A null part is an error; a part that
//! is unknown (or of the dynamic pseudo-type) makes the result an unknown
//! string, though the other parts are still evaluated for their
//! diagnostics. A template that is a single interpolation is *unwrapped*
//! by the parser into a [`TemplateWrap`](crate::native::ast::ExprKind::TemplateWrap)
//! node, whose value is the interpolated value, unconverted.
//!
//! As in the Go implementation, a template with an erroneous part still
//! returns the string of its other parts (with the error diagnostics).

use crate::convert::convert_with;
use crate::diagnostic::Diagnostics;
use crate::eval::EvalContext;
use crate::native::ast::{Expr, ExprId, ExprKind};
use crate::ty::Type;
use crate::value::Value;

use super::{Evaluated, Evaluator};

impl Evaluator<'_> {
    pub(super) fn eval_template(&mut self, _: ExprId, node: &Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::Template { parts } = node.kind else {
            return (Value::unknown(Type::String), Diagnostics::new());
        };
        let mut diags = Diagnostics::new();
        let mut text = String::new();
        let mut known = true;
        for &part in self.list(parts) {
            let value = self.eval(part, ctx);
            known &= self.template_part(node, part, value, &mut text, &mut diags);
        }
        if !known {
            return (Value::unknown(Type::String), diags);
        }
        (Value::string(text), diags)
    }

    /// Appends the string of one part; false if the part is unknown.
    #[inline(never)]
    fn template_part(
        &self,
        node: &Expr,
        part: ExprId,
        (value, d): Evaluated,
        text: &mut String,
        diags: &mut Diagnostics,
    ) -> bool {
        diags.extend(d);
        if value.is_null() {
            diags.push(self.error(
                "Invalid template interpolation value",
                "The expression result is null. Cannot include a null value in a string template.".into(),
                self.span_of(part),
                Some(node.span),
            ));
            return true;
        }
        if !value.is_known() {
            return false;
        }
        match convert_with(&value, &Type::String, self.sem) {
            Ok(s) => text.push_str(s.as_str().unwrap_or_default()),
            Err(e) => diags.push(self.error(
                "Invalid template interpolation value",
                format!("Cannot include the given value in a string template: {e}."),
                self.span_of(part),
                Some(node.span),
            )),
        }
        true
    }

    /// The string of a template `for` directive: the elements of the tuple
    /// its `for` expression produces, converted to strings and joined.
    pub(super) fn eval_template_join(
        &mut self,
        id: ExprId,
        node: &Expr,
        ctx: &EvalContext,
    ) -> Evaluated {
        let ExprKind::TemplateJoin { tuple } = node.kind else {
            return (Value::unknown(Type::String), Diagnostics::new());
        };
        let outer = self.joined_for.replace(tuple);
        let value = self.eval(tuple, ctx);
        self.joined_for = outer;
        self.join(id, value)
    }

    #[inline(never)]
    fn join(&self, id: ExprId, (value, mut diags): Evaluated) -> Evaluated {
        let unknown = Value::unknown(Type::String);
        // Anything but a known tuple (the dynamic value, or the result of a
        // malformed tree) gives an unknown string.
        if value.is_null() || !value.is_known() || !matches!(value.ty(), Type::Tuple(_)) {
            return (unknown, diags);
        }
        let mut text = String::new();
        for element in value.elements().unwrap_or(&[]) {
            if element.is_null() {
                diags.push(self.error(
                    "Invalid template interpolation value",
                    "An iteration result is null. Cannot include a null value in a string template.".into(),
                    self.span_of(id),
                    None,
                ));
                continue;
            }
            if element.ty().is_dynamic() {
                return (unknown, diags);
            }
            match convert_with(element, &Type::String, self.sem) {
                Ok(s) => match s.as_str() {
                    Some(s) => text.push_str(s),
                    None => return (unknown, diags),
                },
                Err(e) => diags.push(self.error(
                    "Invalid template interpolation value",
                    format!("Cannot include one of the interpolation results into the string template: {e}."),
                    self.span_of(id),
                    None,
                )),
            }
        }
        (Value::string(text), diags)
    }
}
