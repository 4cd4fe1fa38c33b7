//! Support for the benchmarks: a deterministic generator of realistic,
//! Terraform-style HCL files, and a peak-tracking allocator.

pub mod alloc;
pub mod corpus;
