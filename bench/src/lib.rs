//! Support for the benchmarks: a deterministic generator of realistic,
//! Terraform-style HCL files, a peak-tracking allocator, and the thread's
//! CPU time.

pub mod alloc;
pub mod clock;
pub mod corpus;
