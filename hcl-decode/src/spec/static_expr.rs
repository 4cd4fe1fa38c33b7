//! An expression with a constant value, standing where an optional
//! argument is absent (Go's `hcl.StaticExpr`).

use hcl_core::pos::Range;
use hcl_core::{Diagnostics, EvalContext, Expression, Traversal, Value};

/// An expression that always evaluates to one value, with a source range
/// to report it at.
///
/// ```
/// use hcl_core::{EvalContext, Expression, Pos, Range, Type, Value};
/// use hcl_decode::spec::StaticExpression;
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
