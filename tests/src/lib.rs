//! Cross-crate and conformance tests of the hcl crates.
//!
//! The tests themselves live in `tests/tests/`. This library only makes the
//! README's Rust examples run as doctests, so that the quick start stays true.

#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
