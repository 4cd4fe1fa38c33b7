//! What a user of `#[derive(HclBody)]` needs, in one line:
//! `use hcl_decode::prelude::*;`.
//!
//! The derive and its trait ([`HclBody`]), the other traits a field type
//! may implement ([`FromValue`], [`FromBody`], [`FromExpression`]) and the
//! error a custom conversion returns ([`FromValueError`]); the handles a
//! field may hold ([`BodyHandle`], [`ExpressionHandle`], [`Range`]); the
//! [`Decoder`] with its options and results ([`Decoded`], [`Mode`],
//! [`Syntax`], [`Layers`], [`Error`], [`Warnings`]); and the core's vocabulary that
//! appears in those signatures ([`Value`], [`Type`], [`Diagnostic`],
//! [`Diagnostics`], [`EvalContext`], [`Function`], [`Parameter`]); and for
//! writing, the derives and traits [`ToHcl`] and [`ToValue`] with
//! [`to_string`] and [`to_writer`].
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! fn even(value: &Value, _range: &Range) -> Result<u32, FromValueError> {
//!     let n: u32 = hcl_decode::decode_value(value, _range)?;
//!     if n % 2 == 0 { Ok(n) } else { Err(FromValueError::new("an even number is required")) }
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     name: String,
//!     #[hcl(with = even)]
//!     workers: u32,
//!     #[hcl(remain)]
//!     rest: BodyHandle,
//! }
//!
//! let config: Config = Decoder::new()
//!     .variable("n", Value::number(4))
//!     .decode_str("name = \"api\"\nworkers = n\nextra = 1\n", "app.hcl")
//!     .unwrap();
//! assert_eq!((config.name.as_str(), config.workers), ("api", 4));
//! assert_eq!(config.rest.just_attributes().0.len(), 1);
//! ```

#[cfg(feature = "serde")]
pub use crate::Serde;
pub use crate::layered::Layers;
pub use crate::{
    BodyHandle, Decoded, Decoder, Diagnostic, Diagnostics, Error, EvalContext, ExpressionHandle,
    FromBody, FromExpression, FromValue, FromValueError, Function, HclBlocks, HclBody, Mode,
    Parameter, Range, Syntax, ToHcl, ToValue, Type, Validator, Value, Warnings, to_string,
    to_writer,
};
