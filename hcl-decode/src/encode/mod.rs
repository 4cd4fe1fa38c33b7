//! Encoding: Rust values written as HCL, the inverse of decoding.
//!
//! `#[derive(ToHcl)]` takes the vocabulary of `#[derive(HclBody)]`
//! (attributes, `rename`/`rename_all`, blocks as `T`/`Option<T>`/`Vec<T>`
//! and maps keyed by the first label, `label`, `flatten`, `blocks`,
//! `by_label`, `skip`, `with`) and implements [`ToHcl`]: the struct as a
//! body. [`to_string`] and [`to_writer`] write it as a native-syntax file,
//! formatted as `hclfmt` formats it ([`hcl_core::format`]); decoding that
//! file gives back an equal value (strings compare after normalization to
//! NFC, the form HCL keeps every string in).
//!
//! | field | written as |
//! |---|---|
//! | attribute ([`ToValue`]) | `name = value`; an `Option` that is `None` is omitted |
//! | `with = path` | `path(&field)` when `path` is an encoder, `fn(&T) -> Result<Value, E>` (for an `Option<T>` field, called on the `T`, and `None` is omitted); when it is the field's decoder (`fn(&Value, &Range) -> Result<T, E>`, so that one struct derives both), the field's [`ToValue`] |
//! | `block` ([`ToBlocks`]) | one block per element, labels from the struct's `label` fields; a map's key is the first label |
//! | `blocks` ([`ToTypedBlocks`]) | each element as a block of its variant's type, in order |
//! | `flatten` | the struct's fields, in this body |
//! | `label` | the block header |
//! | `expr`, `remain`, `body`, ranges, `skip` | nothing (they hold what a file gave, not data) |
//!
//! Options that only concern decoding (`optional`, `default`, `validate`)
//! are accepted and ignored. The layout is Go's `gohcl.EncodeIntoBody`'s:
//! fields in order, a blank line around each run of blocks of one type.
//! A value that cannot be written (an unknown value, a NaN or infinite
//! number, a map key that is not a string, a name that is not an
//! identifier) is an [`Error`] naming the path of the field at fault.
//!
//! An `init` command writing a default configuration:
//!
//! ```
//! use hcl_decode::prelude::*;
//! use std::time::Duration;
//!
//! #[derive(HclBody, ToHcl, Debug, PartialEq)]
//! struct Config {
//!     name: String,
//!     #[hcl(default = 8080)]
//!     port: u16,
//!     log_level: Option<String>,
//!     #[hcl(block)]
//!     backend: Vec<Backend>,
//! }
//!
//! #[derive(HclBody, ToHcl, Debug, PartialEq)]
//! struct Backend {
//!     #[hcl(label)]
//!     name: String,
//!     address: std::net::SocketAddr,
//!     timeout: Duration,
//! }
//!
//! let default = Config {
//!     name: "api".into(),
//!     port: 8080,
//!     log_level: None,
//!     backend: vec![Backend {
//!         name: "primary".into(),
//!         address: "127.0.0.1:9000".parse().unwrap(),
//!         timeout: Duration::from_millis(1500),
//!     }],
//! };
//! let text = hcl_decode::to_string(&default)?;
//! assert_eq!(text, r#"name = "api"
//! port = 8080
//!
//! backend "primary" {
//!   address = "127.0.0.1:9000"
//!   timeout = "1.5s"
//! }
//! "#);
//! // std::fs::write("app.hcl", &text)?;
//! assert_eq!(hcl_decode::from_str::<Config>(&text, "app.hcl")?, default);
//! # Ok::<(), hcl_decode::Error>(())
//! ```

use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasher;

use hcl_core::{PathStep, Value};

use crate::Error;

mod body;
#[doc(hidden)]
pub mod derive;
mod error;
mod expr;
mod value;

pub use body::BodyEncoder;
pub use error::EncodeError;
pub use value::ToValue;

/// A Rust value written as an HCL body: `#[derive(ToHcl)]`, the inverse
/// of [`HclBody`](crate::HclBody).
///
/// A struct deriving it is also a [`ToValue`] (an object of its
/// attributes and blocks), as a struct deriving `HclBody` is a
/// [`FromValue`](crate::FromValue).
///
/// ```
/// use hcl_decode::ToHcl;
///
/// #[derive(ToHcl)]
/// #[hcl(rename_all = "kebab-case")]
/// struct Config {
///     server_name: String,
///     #[hcl(skip)]
///     cache: Vec<u8>,
/// }
///
/// let config = Config { server_name: "api".into(), cache: vec![1, 2] };
/// assert_eq!(hcl_decode::to_string(&config).unwrap(), "server-name = \"api\"\n");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `ToHcl`",
    label = "`{Self}` cannot be encoded as a body",
    note = "add `#[derive(ToHcl)]` to the definition of `{Self}`"
)]
pub trait ToHcl {
    /// The labels of a block holding `self` (its `label` fields, in
    /// order).
    fn labels(&self) -> Vec<String> {
        Vec::new()
    }

    /// Writes the attributes and blocks of `self` into `body`.
    fn encode_body(&self, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError>;

    #[doc(hidden)]
    /// Adds the attributes and blocks of `self` to an object value (a
    /// struct as a [`ToValue`]).
    fn __encode_object(&self, _object: &mut BTreeMap<String, Value>) -> Result<(), EncodeError> {
        Err(EncodeError::new("this type cannot be written as a value"))
    }
}

impl<T: ToHcl + ?Sized> ToHcl for &T {
    fn labels(&self) -> Vec<String> {
        (**self).labels()
    }
    fn encode_body(&self, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError> {
        (**self).encode_body(body)
    }
    fn __encode_object(&self, object: &mut BTreeMap<String, Value>) -> Result<(), EncodeError> {
        (**self).__encode_object(object)
    }
}

impl<T: ToHcl + ?Sized> ToHcl for Box<T> {
    fn labels(&self) -> Vec<String> {
        (**self).labels()
    }
    fn encode_body(&self, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError> {
        (**self).encode_body(body)
    }
    fn __encode_object(&self, object: &mut BTreeMap<String, Value>) -> Result<(), EncodeError> {
        (**self).__encode_object(object)
    }
}

/// The types a `label` field may have when encoding: the inverse of
/// [`FromLabel`](crate::FromLabel).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as a block label",
    label = "a `label` field must be a string",
    note = "use `String`, `Box<str>` or `Arc<str>`"
)]
pub trait ToLabel {
    /// The label's text.
    fn to_label(&self) -> String;
}

macro_rules! labels {
    ($($t:ty),*) => {$(
        impl ToLabel for $t {
            fn to_label(&self) -> String {
                <str as ToOwned>::to_owned(self.as_ref())
            }
        }
    )*};
}

labels!(
    String,
    Box<str>,
    std::sync::Arc<str>,
    std::rc::Rc<str>,
    &str
);

/// The types a `block` field may have when encoding: the inverse of
/// [`FromBlocks`](crate::FromBlocks). `T`, `Option<T>`, `Vec<T>` and maps
/// keyed by the first label, for `T: ToHcl`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded as blocks",
    label = "a `block` field must be `T`, `Option<T>`, `Vec<T>` or a map of `T` by label, where `T` derives `ToHcl`",
    note = "add `#[derive(ToHcl)]` to the block's struct"
)]
pub trait ToBlocks {
    /// Writes the blocks of type `type_name`.
    fn to_blocks(&self, type_name: &str, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError>;

    /// The blocks as a value (an object, a tuple of objects, or an object
    /// of objects by key); `None` for no block at all (an `Option` that is
    /// `None`).
    fn to_blocks_value(&self) -> Result<Option<Value>, EncodeError>;
}

/// A struct as an object value.
pub(crate) fn object_of<T: ToHcl + ?Sized>(value: &T) -> Result<Value, EncodeError> {
    let mut object = BTreeMap::new();
    value.__encode_object(&mut object)?;
    Ok(Value::object(object))
}

fn index(i: usize) -> PathStep {
    PathStep::Index(Value::number(i64::try_from(i).unwrap_or(i64::MAX)))
}

/// One block.
impl<T: ToHcl> ToBlocks for T {
    fn to_blocks(&self, type_name: &str, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError> {
        body.block(type_name, &self.labels(), |inner| self.encode_body(inner))
    }
    fn to_blocks_value(&self) -> Result<Option<Value>, EncodeError> {
        object_of(self).map(Some)
    }
}

/// No block or one.
impl<T: ToHcl> ToBlocks for Option<T> {
    fn to_blocks(&self, type_name: &str, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError> {
        match self {
            Some(v) => v.to_blocks(type_name, body),
            None => Ok(()),
        }
    }
    fn to_blocks_value(&self) -> Result<Option<Value>, EncodeError> {
        match self {
            Some(v) => object_of(v).map(Some),
            None => Ok(None),
        }
    }
}

/// A block per element, in order.
impl<T: ToHcl> ToBlocks for Vec<T> {
    fn to_blocks(&self, type_name: &str, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError> {
        for (i, v) in self.iter().enumerate() {
            v.to_blocks(type_name, body)
                .map_err(|e| e.within(index(i)))?;
        }
        Ok(())
    }
    fn to_blocks_value(&self) -> Result<Option<Value>, EncodeError> {
        let elements = self
            .iter()
            .enumerate()
            .map(|(i, v)| object_of(v).map_err(|e| e.within(index(i))))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(Value::tuple(elements)))
    }
}

/// Blocks keyed by their first label, in key order.
fn keyed<'a, T: ToHcl + 'a>(
    entries: impl IntoIterator<Item = (&'a String, &'a T)>,
    type_name: &str,
    body: &mut BodyEncoder<'_>,
) -> Result<(), EncodeError> {
    for (key, v) in entries {
        let labels: Vec<String> = std::iter::once(key.clone())
            .chain(v.labels().into_iter().skip(1))
            .collect();
        body.block(type_name, &labels, |inner| v.encode_body(inner))
            .map_err(|e| e.within(PathStep::Index(Value::string(key.as_str()))))?;
    }
    Ok(())
}

fn keyed_value<'a, T: ToHcl + 'a>(
    entries: impl IntoIterator<Item = (&'a String, &'a T)>,
) -> Result<Option<Value>, EncodeError> {
    let mut out = BTreeMap::new();
    for (key, v) in entries {
        let value =
            object_of(v).map_err(|e| e.within(PathStep::Index(Value::string(key.as_str()))))?;
        out.insert(key.clone(), value);
    }
    Ok(Some(Value::object(out)))
}

/// Blocks keyed by their first label.
impl<T: ToHcl> ToBlocks for BTreeMap<String, T> {
    fn to_blocks(&self, type_name: &str, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError> {
        keyed(self, type_name, body)
    }
    fn to_blocks_value(&self) -> Result<Option<Value>, EncodeError> {
        keyed_value(self)
    }
}

/// Blocks keyed by their first label, in key order.
impl<T: ToHcl, S: BuildHasher> ToBlocks for HashMap<String, T, S> {
    fn to_blocks(&self, type_name: &str, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError> {
        let mut entries: Vec<(&String, &T)> = self.iter().collect();
        entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
        keyed(entries, type_name, body)
    }
    fn to_blocks_value(&self) -> Result<Option<Value>, EncodeError> {
        keyed_value(self)
    }
}

/// An enum whose variants are block types, written as the block of its
/// variant: `#[derive(ToHcl)]` on an enum of one-field variants, the
/// inverse of [`HclBlocks`](crate::HclBlocks).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an enum of block types that can be encoded",
    label = "`{Self}` does not implement `ToHclBlocks`",
    note = "add `#[derive(ToHcl)]` to an enum whose variants each hold a struct deriving `ToHcl`"
)]
pub trait ToHclBlocks {
    /// Writes `self` as a block of its variant's type.
    fn to_block(&self, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError>;
}

/// The types a `#[hcl(blocks)]` field may have when encoding: `Vec<E>` for
/// an enum `E` of block types ([`ToHclBlocks`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded as blocks of several types",
    label = "a `blocks` field must be `Vec<E>`, where the enum `E` derives `ToHcl`",
    note = "a field of one block type is `#[hcl(block)]`"
)]
pub trait ToTypedBlocks {
    /// Writes every element as a block, in order.
    fn to_blocks(&self, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError>;
}

impl<E: ToHclBlocks> ToTypedBlocks for Vec<E> {
    fn to_blocks(&self, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError> {
        for (i, e) in self.iter().enumerate() {
            e.to_block(body).map_err(|err| err.within(index(i)))?;
        }
        Ok(())
    }
}

/// The body of `value` as native-syntax text, formatted as `hclfmt`
/// formats it.
///
/// ```
/// use hcl_decode::ToHcl;
///
/// #[derive(ToHcl)]
/// struct Config {
///     name: String,
///     ratio: f64,
/// }
///
/// let text = hcl_decode::to_string(&Config { name: "a".into(), ratio: 0.5 }).unwrap();
/// assert_eq!(text, "name  = \"a\"\nratio = 0.5\n");
///
/// let err = hcl_decode::to_string(&Config { name: "a".into(), ratio: f64::NAN }).unwrap_err();
/// assert_eq!(
///     err.diagnostics().iter().next().unwrap().detail,
///     "The value at .ratio cannot be written as HCL: NaN is not a number HCL can write."
/// );
/// ```
pub fn to_string<T: ToHcl + ?Sized>(value: &T) -> Result<String, Error> {
    let mut text = String::new();
    value.encode_body(&mut BodyEncoder::new(&mut text))?;
    Ok(hcl_core::format::format_str(&text))
}

/// [`to_string`], written to `writer`.
///
/// ```
/// use hcl_decode::ToHcl;
///
/// #[derive(ToHcl)]
/// struct Config { name: String }
///
/// let mut out = Vec::new();
/// hcl_decode::to_writer(&mut out, &Config { name: "api".into() }).unwrap();
/// assert_eq!(out, b"name = \"api\"\n");
/// ```
pub fn to_writer<W: std::io::Write, T: ToHcl + ?Sized>(
    mut writer: W,
    value: &T,
) -> Result<(), Error> {
    let text = to_string(value)?;
    writer
        .write_all(text.as_bytes())
        .and_then(|()| writer.flush())
        .map_err(Error::write)
}
