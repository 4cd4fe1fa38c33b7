//! Functions (placeholder being replaced).
#[derive(Debug)]
pub struct Function;
