//! Cross-crate and conformance tests of the hcl crates.
//!
//! The tests live in `tests/tests/`. This library holds what they share:
//! [`fuzz`], the harness that both the stable-toolchain fuzz smoke test and
//! the cargo-fuzz targets (`fuzz/`) drive. It also makes the README's Rust
//! examples run as doctests, so that the quick start stays true.

pub mod fuzz;
pub mod fuzz_edit;
pub mod fuzz_format;

#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
