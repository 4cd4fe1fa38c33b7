//! An attribute's expression inside a dynamic block (Go's `expr_wrap.go`).

use std::sync::Arc;

use crate::body::{DynExpression, Expression, StaticCall, StaticPair};
use crate::diagnostic::Diagnostics;
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::traversal::Traversal;
use crate::value::Value;

use super::iteration::Iteration;

/// An attribute's expression inside a dynamic block: evaluated with the
/// iterators declared, and without them among its variables.
#[derive(Debug)]
pub(super) struct IteratedExpression {
    pub(super) inner: DynExpression,
    pub(super) iteration: Arc<Iteration>,
}

impl Expression for IteratedExpression {
    fn value(&self, ctx: &EvalContext) -> (Value, Diagnostics) {
        self.inner.value(&self.iteration.eval_context(ctx))
    }

    fn variables(&self) -> Vec<Traversal> {
        self.inner
            .variables()
            .into_iter()
            .filter(|t| !Iteration::defines(Some(&self.iteration), t.root_name().unwrap_or("")))
            .collect()
    }

    fn range(&self) -> Range {
        self.inner.range()
    }

    fn start_range(&self) -> Range {
        self.inner.start_range()
    }

    fn static_list(&self) -> Result<Vec<DynExpression>, Diagnostics> {
        self.inner.static_list()
    }

    fn static_map(&self) -> Result<Vec<StaticPair>, Diagnostics> {
        self.inner.static_map()
    }

    fn static_call(&self) -> Result<StaticCall, Diagnostics> {
        self.inner.static_call()
    }

    fn static_traversal_abs(&self) -> Result<Traversal, Diagnostics> {
        self.inner.static_traversal_abs()
    }

    fn static_traversal_rel(&self) -> Result<Traversal, Diagnostics> {
        self.inner.static_traversal_rel()
    }
}
