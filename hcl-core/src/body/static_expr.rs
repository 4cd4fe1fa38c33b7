//! An expression with a constant value (Go's `hcl.StaticExpr`).

use crate::body::Expression;
use crate::diagnostic::Diagnostics;
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::traversal::Traversal;
use crate::value::Value;

/// An expression that always evaluates to one value, with a source range
/// to report it at (Go's `hcl.StaticExpr`): what stands where an optional
/// argument is absent, or where an expression's value is already known
/// (an attribute of a dynamic block whose iteration is unknown evaluates
/// to the unknown value).
///
/// ```
/// use hcl_core::body::StaticExpression;
/// use hcl_core::{EvalContext, Expression, Pos, Range, Type, Value};
///
/// let e = StaticExpression::new(Value::null(Type::Dynamic), Range::at("spec.hcldec", Pos::start()));
/// let (v, diags) = e.value(&EvalContext::new());
/// assert!(v.is_null() && diags.is_empty());
/// assert!(e.variables().is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct StaticExpression {
    value: Value,
    range: Range,
}

impl StaticExpression {
    /// An expression of constant `value`, reported at `range`.
    pub fn new(value: Value, range: Range) -> StaticExpression {
        StaticExpression { value, range }
    }
}

impl Expression for StaticExpression {
    fn value(&self, _ctx: &EvalContext) -> (Value, Diagnostics) {
        (self.value.clone(), Diagnostics::new())
    }

    fn variables(&self) -> Vec<Traversal> {
        Vec::new()
    }

    fn range(&self) -> Range {
        self.range.clone()
    }

    fn start_range(&self) -> Range {
        self.range.clone()
    }
}
