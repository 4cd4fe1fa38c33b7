//! Support for the benchmarks: a deterministic generator of realistic,
//! Terraform-style HCL files, the corpus of real files, a peak-tracking
//! allocator, the thread's CPU time, and the Go peers' builder.

pub mod alloc;
pub mod clock;
pub mod corpus;
pub mod files;
pub mod go;
