#![doc = include_str!("../docs/tour.md")]

pub mod convert;
mod decode;
mod decoder;
/// Go's durations (the one home of Go's `time.ParseDuration` is
/// `hcl-functions`).
pub use hcl_functions::duration;
pub mod encode;
mod error;
#[cfg(feature = "figment")]
pub mod figment;
mod handle;
pub mod language;
pub mod layered;
mod pipeline;
pub mod prelude;
mod redact;
pub mod render;
pub mod schema;
#[cfg(feature = "serde")]
pub mod serde;
pub mod spec;
mod syntax;
mod target;
mod target_std;
mod validate;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

#[cfg(feature = "serde")]
pub use crate::serde::Serde;
pub use decode::{
    Content, DecodeContext, FromBlocks, FromBody, FromExpression, FromLabel, FromRange,
    FromTypedBlocks, HclBlocks, HclBody,
};
pub use decoder::{Decoded, Decoder, Mode, from_file, from_slice, from_str};
pub use encode::{ToHcl, ToValue, to_string, to_writer};
pub use error::{Error, FromValueError, Warnings};
pub use handle::{BodyHandle, ExpressionHandle};
/// The input variables a decoding computed ([`Decoded::inputs`]), from
/// [`language`].
pub use language::{InputVariable, ValueSource};
/// A layered decoding ([`Decoder::layers`]), from [`layered`].
pub use layered::Layers;
pub use target::{FromValue, decode_value};
pub use validate::Validator;

/// Derives [`FromValue`] for an enum of unit variants, decoded from a
/// string (see [the tour](crate#value-enums-derivefromvalue)).
pub use hcl_derive::FromValue;
/// Derives [`HclBody`] (and [`FromValue`]) for a struct with named fields,
/// [`HclBlocks`] for an enum of block types, and [`HclBody`] for an enum
/// dispatched by its first label (`#[hcl(by_label)]`); see the
/// [crate documentation](crate#the-derive) for the vocabulary.
pub use hcl_derive::HclBody;
/// Derives [`ToHcl`] (and [`ToValue`]) for a struct with named fields,
/// [`encode::ToHclBlocks`] for an enum of block types, and [`ToHcl`] for
/// an enum chosen by its first label: the inverse of [`HclBody`], with the
/// same vocabulary (see [`encode`]).
pub use hcl_derive::ToHcl;
/// Derives [`ToValue`] for an enum of unit variants, encoded as the
/// variant's name: the inverse of [`FromValue`](macro@FromValue).
pub use hcl_derive::ToValue;

pub use hcl_core;
/// The syntax of a configuration file, chosen by its name unless set.
pub use hcl_core::parse::Syntax;
pub use hcl_core::{
    Diagnostic, Diagnostics, EvalContext, Function, Number, Parameter, Path, PathStep, Pos, Range,
    Renderer, Semantics, Severity, Type, Value,
};
/// The function library (`upper`, `merge`, `lookup`, `try`, ...): the
/// [`hcl_functions`] crate. [`Decoder`] evaluates with its pure functions
/// unless told otherwise ([`Decoder::function_library`]).
pub use hcl_functions as functions;
/// Whole numbers of any size, a decoding target.
pub use num_bigint::BigInt;
