#![doc = include_str!("../../docs/serde.md")]
//!
//! # Layout
//!
//! - `tree`: the body evaluated whole, in hcl-rs's shape, with ranges;
//! - `de`: the serde `Deserializer` over it, and its located errors;
//! - [`value`]: the one home of the value-to-serde mapping
//!   ([`ValueDeserializer`]), which attribute values go through, and
//!   [`Serde<T>`] for a single field of a derived struct.

mod de;
mod ser;
mod tree;
pub mod value;

use std::path::Path;

use ::serde::de::DeserializeOwned;
use hcl_core::{Diagnostics, EvalContext};

use crate::decoder::Decoder;
use crate::error::Error;
use crate::handle::BodyHandle;

pub use value::{DeError, Serde, ValueDeserializer, from_value};

/// Deserializes text into `T` through serde, in hcl-rs's data model (see
/// the [module documentation](self)); `file_name` names the file in
/// diagnostics and chooses the syntax. The body is evaluated first, with
/// the default [`Decoder`]'s options (the pure function library, dynamic
/// blocks): every syntax and evaluation error is reported at once, and
/// serde runs only on a body without them.
///
/// ```
/// use serde::Deserialize;
///
/// #[derive(Deserialize, Debug)]
/// struct Config {
///     name: String,
///     replicas: u8,
/// }
///
/// let config: Config =
///     hcl_decode::serde::from_str("name = upper(\"api\")\nreplicas = 1 + 2\n", "app.hcl").unwrap();
/// assert_eq!((config.name.as_str(), config.replicas), ("API", 3));
/// ```
pub fn from_str<T: DeserializeOwned>(text: &str, file_name: &str) -> Result<T, Error> {
    from_slice(text.as_bytes(), file_name)
}

/// [`from_str`] for bytes (UTF-8 text).
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8], file_name: &str) -> Result<T, Error> {
    Decoder::new().text(bytes, file_name).deserialize()
}

/// Reads a file and deserializes it (see [`from_str`]); the syntax is
/// chosen by the file's name.
pub fn from_file<T: DeserializeOwned>(path: impl AsRef<Path>) -> Result<T, Error> {
    Decoder::new().file(path).deserialize()
}

impl Decoder {
    /// Deserializes the sources added ([`Decoder::file`],
    /// [`Decoder::files`], [`Decoder::text`]) through serde, in hcl-rs's
    /// data model (see [`crate::serde`]), with every option of this
    /// decoder: the function library, input variables, locals, user
    /// functions, dynamic blocks, the rule set. The configuration goes
    /// through the same pipeline as [`Decoder::decode`]: every syntax,
    /// language and evaluation error is reported at once, and serde runs
    /// only on a body without them.
    ///
    /// ```
    /// use hcl_decode::{Decoder, Value};
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, Debug)]
    /// struct Config {
    ///     url: String,
    /// }
    ///
    /// let config: Config = Decoder::new()
    ///     .locals()
    ///     .variable("host", Value::string("example.com"))
    ///     .text("locals { scheme = \"https\" }\n", "locals.hcl")
    ///     .text("url = \"${local.scheme}://${host}/\"\n", "app.hcl")
    ///     .deserialize()
    ///     .unwrap();
    /// assert_eq!(config.url, "https://example.com/");
    /// ```
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, Error> {
        crate::pipeline::run(self, self.inputs(), deserialize_body::<T>).map(|d| d.value)
    }
}

/// Writes a `Serialize` value as formatted HCL: a map or struct is the
/// body; a nested map (with names for keys) is a block, and so are two or
/// more of them in a sequence (repeated blocks); anything else is an
/// attribute. [`from_str`] reads the text back as the same value: keys come
/// in name order, and every string reads back unchanged (`${` and `%{` are
/// escaped, which hcl-rs does not do).
///
/// ```
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Config {
///     name: String,
///     server: Server,
///     check: Vec<Check>,
/// }
///
/// #[derive(Serialize)]
/// struct Server {
///     port: u16,
/// }
///
/// #[derive(Serialize)]
/// struct Check {
///     path: &'static str,
/// }
///
/// let config = Config {
///     name: "${not a template}".into(),
///     server: Server { port: 8080 },
///     check: vec![Check { path: "/a" }, Check { path: "/b" }],
/// };
/// assert_eq!(
///     hcl_decode::serde::to_string(&config).unwrap(),
///     "check {\n  path = \"/a\"\n}\ncheck {\n  path = \"/b\"\n}\n\nname = \"$${not a template}\"\n\nserver {\n  port = 8080\n}\n"
/// );
/// ```
pub fn to_string<T: ::serde::Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let value = ser::to_value(value)?;
    let mut text = String::new();
    ser::write_body(&mut crate::encode::BodyEncoder::new(&mut text), &value)?;
    Ok(hcl_core::format::format_str(&text))
}

/// Deserializes a body already parsed, evaluated in `ctx` (see
/// [`from_str`]; as [`crate::from_body`] for derived types). `Err` holds
/// every diagnostic of the evaluation, or serde's one error.
///
/// ```
/// use hcl_decode::{Decoder, EvalContext, Value};
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct Config {
///     url: String,
/// }
///
/// let body = Decoder::new().parse_slice(b"url = \"https://${host}/\"\n", "app.hcl").unwrap();
/// let mut ctx = EvalContext::new();
/// ctx.declare_variable("host", Value::string("example.com")).unwrap();
/// let config: Config = hcl_decode::serde::from_body(&body, &ctx).unwrap();
/// assert_eq!(config.url, "https://example.com/");
/// ```
pub fn from_body<T: DeserializeOwned>(
    body: &BodyHandle,
    ctx: &EvalContext,
) -> Result<T, Diagnostics> {
    let mut diags = Diagnostics::new();
    match deserialize_body(body, ctx, &mut diags) {
        Some(value) if !diags.has_errors() => Ok(value),
        _ => Err(diags),
    }
}

/// The core, over a body already parsed and its evaluation context: the
/// body evaluated whole (its diagnostics go to `diags`), then, if `diags`
/// holds no error, handed to serde (whose one error, located, goes to
/// `diags` too).
pub(crate) fn deserialize_body<T: DeserializeOwned>(
    body: &BodyHandle,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> Option<T> {
    let tree = tree::evaluate(body.as_dyn(), ctx, diags);
    if diags.has_errors() {
        return None;
    }
    match de::deserialize::<T>(&tree) {
        Ok(value) => Some(value),
        Err(d) => {
            diags.push(*d);
            None
        }
    }
}

/// [`deserialize_body`], with the place of each key path (keys joined by
/// `.`): an attribute's value, a block's header. For Figment's metadata.
#[cfg(feature = "figment")]
pub(crate) fn deserialize_body_with_places<T: DeserializeOwned>(
    body: &BodyHandle,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> Option<(T, std::collections::HashMap<String, hcl_core::Range>)> {
    let tree = tree::evaluate(body.as_dyn(), ctx, diags);
    if diags.has_errors() {
        return None;
    }
    match de::deserialize::<T>(&tree) {
        Ok(value) => Some((value, tree.places())),
        Err(d) => {
            diags.push(*d);
            None
        }
    }
}

/// Runs `step` with room on the stack: deserializing recurses once per
/// level of nesting.
pub(crate) fn deeper<R>(step: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(256 * 1024, 2 * 1024 * 1024, step)
}
