//! The function table of the hcldec tool (Go's cty stdlib semantics): being written.
