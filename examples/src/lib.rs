//! Runnable examples of the hcl crates: see `examples/`.
