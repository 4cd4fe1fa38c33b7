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
use crate::language::files::{Files, Source};

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
    let source = Source {
        name: file_name.to_owned(),
        text: bytes.to_vec(),
    };
    deserialize_sources(&Decoder::new(), vec![source])
}

/// Reads a file and deserializes it (see [`from_str`]); the syntax is
/// chosen by the file's name.
pub fn from_file<T: DeserializeOwned>(path: impl AsRef<Path>) -> Result<T, Error> {
    let path = path.as_ref();
    let text = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    let source = Source {
        name: path.to_string_lossy().into_owned(),
        text,
    };
    deserialize_sources(&Decoder::new(), vec![source])
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

/// The glue to the decoder's internals: the sources parsed and run through
/// the language layer with `decoder`'s options, then [`deserialize_body`].
pub(crate) fn deserialize_sources<T: DeserializeOwned>(
    decoder: &Decoder,
    sources: Vec<Source>,
) -> Result<T, Error> {
    run_sources(decoder, sources, deserialize_body::<T>)
}

/// The sources parsed and run through the language layer with `decoder`'s
/// options, then `step` over the body and its context; every diagnostic in
/// source order, file by file. A configuration with a syntax or language
/// error is evaluated for its own diagnostics, and `step` does not run.
/// (The decoding pipeline replaces this with its own entry, generic over
/// the final step.)
pub(crate) fn run_sources<R>(
    decoder: &Decoder,
    sources: Vec<Source>,
    step: impl FnOnce(&BodyHandle, &EvalContext, &mut Diagnostics) -> Option<R>,
) -> Result<R, Error> {
    let ctx = decoder.eval_context_or_error().map_err(Error::new)?;
    let files = Files::parse(decoder, sources);
    let prepared = crate::language::prepare(&decoder.language, &files.body(), &ctx);
    let mut diags = Diagnostics::new();
    let value = if files.has_errors() || prepared.diags.has_errors() {
        tree::evaluate(prepared.body.as_dyn(), &prepared.ctx, &mut diags);
        None
    } else {
        step(&prepared.body, &prepared.ctx, &mut diags)
    };
    let all = files.finish(&prepared, diags);
    match value {
        Some(value) if !all.has_errors() => Ok(value),
        _ => Err(Error::new(all).with_renderer(files.renderer(&prepared))),
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
