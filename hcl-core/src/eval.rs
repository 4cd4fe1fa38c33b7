//! Evaluation context (placeholder being replaced).
#[derive(Debug, Default)]
pub struct EvalContext;
