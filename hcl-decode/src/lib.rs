//! # hcl-decode
//!
//! Decoding HCL bodies into values and Rust types.
//!
//! - `#[derive(HclBody)]` ([`HclBody`]): a struct's fields say what a body
//!   holds; the schema and the decoding code are generated at compile
//!   time. [`from_file`], [`from_str`], [`from_slice`] and the [`Decoder`]
//!   read a file (native syntax, or JSON for names ending in `.json`) and
//!   report every mistake in it at once.
//! - [`spec`]: the hcldec spec language — a description, written in HCL, of
//!   how to decode a body into a [`hcl_core::Value`], and its decoder (what
//!   the `hcldec` tool runs).
//!
//! ```
//! use hcl_core::native::parse_config_str;
//! use hcl_core::{EvalContext, Value};
//! use hcl_decode::spec::{decode, parse_spec_file};
//!
//! let (spec, diags) = parse_spec_file(b"object {\n  attr \"name\" { type = string }\n}\n", "s.hcldec");
//! assert!(diags.is_empty());
//! let (file, _) = parse_config_str("name = \"web\"\n", "app.hcl");
//! let (value, diags) = decode(&file.body(), &spec.root, &EvalContext::literal_only());
//! assert!(diags.is_empty());
//! assert_eq!(value, Value::object([("name", Value::string("web"))]));
//! ```
//!
//! ## The derive
//!
//! ```
//! use hcl_decode::HclBody;
//! use std::collections::BTreeMap;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     name: String,                            // a required attribute
//!     port: Option<u16>,                       // an optional one
//!     #[hcl(default = 30)]
//!     timeout_secs: u64,                       // optional, with a default
//!     #[hcl(block)]
//!     listener: Vec<Listener>,                 // any number of `listener "x" { }` blocks
//!     #[hcl(block)]
//!     tls: Option<Tls>,                        // at most one `tls { }` block
//!     #[hcl(block, rename = "backend")]
//!     backends: BTreeMap<String, Backend>,     // blocks keyed by their label
//!     #[hcl(remain)]
//!     rest: hcl_decode::Body,                  // everything else, for plugins
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Listener {
//!     #[hcl(label)]
//!     name: String,
//!     address: String,
//!     #[hcl(def_range)]
//!     defined_at: hcl_decode::Range,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Tls {
//!     cert: String,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Backend {
//!     #[hcl(label)]
//!     name: String,
//!     weight: u8,
//! }
//!
//! let src = r#"
//! name = "api"
//! port = "8080"
//! listener "public" { address = "0.0.0.0" }
//! listener "admin"  { address = "127.0.0.1" }
//! backend "a" { weight = 1 }
//! plugin_setting = true
//! "#;
//! let config: Config = hcl_decode::from_str(src, "app.hcl").unwrap();
//! assert_eq!(config.port, Some(8080)); // converted by the core's rules
//! assert_eq!(config.timeout_secs, 30);
//! assert_eq!(config.listener[1].name, "admin");
//! assert_eq!(config.listener[1].defined_at.to_string(), "app.hcl:5,1-17");
//! assert_eq!(config.backends["a"].weight, 1);
//! assert!(config.tls.is_none());
//! assert_eq!(config.rest.just_attributes().0.len(), 1);
//!
//! // Every mistake is reported at once, in source order.
//! let err = hcl_decode::from_str::<Config>(
//!     "port = 70000\nlistener \"x\" { adress = \"a\" }\ntls {}\n",
//!     "app.hcl",
//! )
//! .unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "app.hcl:1,1-1: Missing required argument; The argument \"name\" is required, but no definition was found.\n\
//!      app.hcl:1,8-13: Invalid attribute value; Inappropriate value for attribute \"port\": value must be a whole number, between 0 and 65535 inclusive.\n\
//!      app.hcl:2,16-16: Missing required argument; The argument \"address\" is required, but no definition was found.\n\
//!      app.hcl:2,16-22: Unsupported argument; An argument named \"adress\" is not expected here. Did you mean \"address\"?\n\
//!      app.hcl:3,5-5: Missing required argument; The argument \"cert\" is required, but no definition was found."
//! );
//! ```
//!
//! ### Field kinds
//!
//! Each field is one of these (`attr` when nothing is said):
//!
//! | annotation | the field holds | field types |
//! |---|---|---|
//! | `attr` (default) | an attribute's value, converted to the field's HCL type by the core's rules, then extracted | any [`FromValue`] type (see [`target`]) |
//! | `expr` | an attribute kept unevaluated (a field of type [`Expression`] is `expr` without saying so) | [`Expression`], `Option<Expression>` |
//! | `block` | blocks of the field's name | `T` (exactly one), `Option<T>` (at most one), `Vec<T>` (any), `BTreeMap<String, T>` / `HashMap<String, T>` (keyed by the first label, unique), with `T: HclBody` ([`FromBlocks`]) |
//! | `label` | the block's labels, in field order; they define the block header schema (the label's name is the field's, or `rename`) | `String` ([`FromLabel`]) |
//! | `remain` | the rest of the body: what no other field names (the body is then processed partially); at most one | [`Body`] ([`FromBody`]) |
//! | `body` | the whole body of the block, unevaluated; at most one | [`Body`] |
//! | `flatten` | a struct whose fields are this struct's fields (its schema merged in) | `T: HclBody` without labels |
//! | `def_range` | the block's definition range (type name and labels; the missing-item range of a root body) | [`Range`], `Option<Range>` ([`FromRange`]) |
//! | `attr_range = "field"` | the range of the attribute of the named `attr`/`expr` field, `name = value` (its body's missing-item range, or `None`, when absent) | [`Range`], `Option<Range>` |
//! | `value_range = "field"` | the range of that attribute's value | [`Range`], `Option<Range>` |
//! | `skip` | nothing: `Default::default()` | any `Default` type |
//!
//! Options of `attr` and `expr` fields:
//!
//! - `rename = "name"`: the attribute's name (else the field's, after
//!   `rename_all`; also for `block` and `label` fields);
//! - optional attributes: a field of type `Option<T>` is optional (`None`
//!   when absent or null); `optional` makes any field optional
//!   (`Default::default()` when absent);
//! - `default`: optional, `Default::default()` when absent or null;
//!   `default = EXPR`: optional, EXPR when absent or null, where EXPR is an
//!   expression of the field's type (`default = 30`, `default = some_fn()`)
//!   or a string literal, converted by `Into` (`default = "x"` for a
//!   `String`);
//! - `with = path`: a custom conversion, `fn(&Value, &Range) -> Result<T, E>`
//!   with `E: Into<ValueError>` (a `String`, a [`Diagnostic`], ...), given
//!   the value as evaluated (not converted) and the range of the
//!   expression; for an `Option<T>` field it returns `T` and is not called
//!   for an absent or null attribute.
//!
//! Container options: `#[hcl(rename_all = "…")]` (`lowercase`,
//! `UPPERCASE`, `PascalCase`, `camelCase`, `snake_case`,
//! `SCREAMING_SNAKE_CASE`, `kebab-case`, `SCREAMING-KEBAB-CASE`) and
//! `#[hcl(crate = "path")]` (where `hcl_decode` is, for code that renames
//! or re-exports it).
//!
//! Every misuse (an unknown option, two kinds on one field, two `remain`
//! fields, a `label` field that is not a string, a `block` field whose type
//! does not derive `HclBody`, two fields with one name, flattened structs
//! whose names collide, …) is a compile error that points at it.
//!
//! A generic struct gets no bounds added: write the bounds its fields need
//! on the struct (`struct Named<T: FromValue> { value: T }`).
//!
//! ### A derived struct as an attribute value
//!
//! A struct deriving `HclBody` is also a [`FromValue`] target, decoded from
//! an object value: its `attr` fields are the object's attributes, `block`
//! fields nested objects (a list of objects for `Vec`, a map of objects for
//! maps, whose keys fill the first label), range fields get the range of
//! the whole value. Attributes the struct does not name are dropped, as the
//! core's conversion to an object type drops them. A struct with `remain`
//! or `body` fields (or labels, outside a map) cannot be decoded from a
//! value: the attempt is an error diagnostic.
//!
//! ## Diagnostics
//!
//! Decoding collects every diagnostic of the file in one pass, and returns
//! them in source order: unknown attributes and blocks (with a
//! deterministic "Did you mean …?"), missing required attributes and
//! blocks (about the body that lacks them), values of the wrong type (with
//! the path inside the value, pointing at the element at fault in a
//! literal collection), integers out of range, too many blocks, and the
//! evaluation errors of expressions. [`Error`] renders them with their
//! source lines.
//!
//! ## Layers
//!
//! [`layered`]: an application and its plugins decode one body in turns;
//! whatever nobody consumed is reported once at the end, with suggestions
//! from every layer's schema.

pub mod decode;
pub mod error;
pub mod from;
mod handle;
pub mod layered;
#[cfg(feature = "serde")]
pub mod serde_bridge;
pub mod spec;
mod syntax;
pub mod target;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use decode::{
    Content, DecodeContext, FromBlocks, FromBody, FromExpression, FromLabel, FromRange, HclBody,
};
pub use error::{Error, ValueError};
pub use from::{Decoder, Mode, Syntax, from_body, from_file, from_slice, from_str};
pub use handle::{Body, Expression};
pub use layered::Layers;
#[cfg(feature = "serde")]
pub use serde_bridge::Serde;
pub use target::{FromValue, decode_value};

/// Derives [`HclBody`] (and [`FromValue`]) for a struct with named fields;
/// see the [crate documentation](crate#the-derive) for the vocabulary.
pub use hcl_derive::HclBody;

pub use hcl_core;
pub use hcl_core::{
    Diagnostic, Diagnostics, EvalContext, Function, Number, Parameter, Path, PathStep, Pos, Range,
    Renderer, Severity, Type, Value,
};
/// Whole numbers of any size, a decoding target.
pub use num_bigint::BigInt;
