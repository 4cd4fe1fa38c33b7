//! # hcl-decode
//!
//! Decoding HCL configuration files into Rust types.
//!
//! - `#[derive(HclBody)]` ([`HclBody`]): a struct's fields say what a body
//!   holds; the schema and the decoding code are generated at compile
//!   time. [`from_file`], [`from_str`], [`from_slice`] and the [`Decoder`]
//!   read a file (native syntax, or JSON for names ending in `.json`) and
//!   report every mistake in it at once, each with its place in the file.
//! - [`spec`]: the hcldec spec language — a description, written in HCL, of
//!   how to decode a body into a [`hcl_core::Value`], and its decoder (what
//!   the `hcldec` tool runs).
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     name: String,
//!     #[hcl(default = 8080)]
//!     port: u16,
//! }
//!
//! let config: Config = hcl_decode::from_str("name = \"api\"\n", "app.hcl").unwrap();
//! assert_eq!((config.name.as_str(), config.port), ("api", 8080));
//!
//! let err = hcl_decode::from_str::<Config>("nmae = \"api\"\nport = 80000\n", "app.hcl").unwrap_err();
//! // `Display` renders every diagnostic with its source line, as HCL tools do.
//! assert!(err.to_string().starts_with("Error: Missing required argument"));
//! assert_eq!(err.diagnostics().len(), 3);
//! ```
//!
//! The sections below are a tour of the vocabulary, one runnable example
//! per option:
//!
//! 1. [Reading files](#reading-files)
//! 2. [The derive](#the-derive): [attributes](#attributes-attr-and-rename),
//!    [optional attributes](#optional-attributes-option-and-optional),
//!    [defaults](#defaults-default), [blocks](#blocks-block),
//!    [labels](#labels-label), [the rest of a body](#the-rest-of-a-body-remain-and-body),
//!    [expressions](#unevaluated-attributes-expr), [flatten](#shared-fields-flatten),
//!    [custom conversions](#custom-conversions-with),
//!    [validation](#validation-validate),
//!    [source ranges](#source-ranges-def_range-attr_range-value_range),
//!    [skip](#fields-that-are-not-in-the-file-skip),
//!    [container options](#container-options-rename_all-and-crate),
//!    [misuse](#misuse-is-a-compile-error)
//! 3. [Enums](#enums): [block types](#enums-of-block-types-blocks),
//!    [chosen by label](#enums-chosen-by-a-label-by_label),
//!    [value enums](#value-enums-derivefromvalue)
//! 4. [Targets](#targets): the Rust types an attribute decodes into;
//!    [durations, addresses and other everyday types](#everyday-types-durations-addresses-non-zero-numbers)
//! 5. [Errors](#errors): every mistake at once; warnings;
//!    [colour, JSON and miette](#every-screen-colour-json-miette)
//! 6. [Variables and functions](#variables-and-functions); [the function
//!    library](#the-function-library)
//! 7. [Layered decoding](#layered-decoding): an application and its plugins
//! 8. [JSON files](#json-files)
//! 9. [The hcldec spec language](#the-hcldec-spec-language)
//! 10. [The configuration language](#the-configuration-language):
//!     [dynamic blocks](#dynamic-blocks), [input variables](#input-variables),
//!     [locals](#locals), [user functions](#user-functions),
//!     [several files](#several-files)
//! 11. [Writing HCL](#writing-hcl): `#[derive(ToHcl)]`, [`to_string`],
//!     [`to_writer`]
//!
//! ## Reading files
//!
//! | entry point | reads |
//! |---|---|
//! | [`from_file`]`(path)` | a file; the syntax by its name (`.json` → JSON, else native) |
//! | [`from_str`]`(text, name)`, [`from_slice`]`(bytes, name)` | text; `name` is the file name in messages and chooses the syntax |
//! | [`Decoder`] | the same, with options: variables and functions, literal-only mode, partial processing, a forced syntax, parser options; `_with_warnings` variants; [layers](Decoder::layers_file) |
//! | [`from_body`], [`Decoder::decode_body`] | a body parsed already |
//!
//! Each returns `Result<T, Error>`: the value, or every diagnostic of the
//! file ([`Error`]).
//!
//! ```no_run
//! # use hcl_decode::prelude::*;
//! # #[derive(HclBody)] struct Config { name: String }
//! let config: Config = hcl_decode::from_file("app.hcl")?;
//! # Ok::<(), hcl_decode::Error>(())
//! ```
//!
//! ## The derive
//!
//! `#[derive(HclBody)]` on a struct with named fields. Each field is one of
//! these kinds (`attr` when nothing is said):
//!
//! | annotation | the field holds | field types |
//! |---|---|---|
//! | `attr` (default) | an attribute's value, converted to the field's HCL type by the core's rules, then extracted | any [`FromValue`] type (see [`target`]) |
//! | `expr` | an attribute kept unevaluated (a field of type [`ExpressionHandle`] is `expr` without saying so) | [`ExpressionHandle`], `Option<ExpressionHandle>` |
//! | `block` | blocks of the field's name | `T` (exactly one), `Option<T>` (at most one), `Vec<T>` (any), `BTreeMap<String, T>` / `HashMap<String, T>` (keyed by the first label, unique), with `T: HclBody` ([`FromBlocks`]); `T` may be an [enum chosen by label](#enums-chosen-by-a-label-by_label) |
//! | `blocks` | the blocks of every type an enum's variants name, in source order | `Vec<E>`, `E` an [enum of block types](#enums-of-block-types-blocks) ([`FromTypedBlocks`]) |
//! | `label` | the block's labels, in field order; they define the block header schema (the label's name is the field's, or `rename`) | `String` ([`FromLabel`]) |
//! | `remain` | the rest of the body: what no other field names (the body is then processed partially); at most one | [`BodyHandle`] ([`FromBody`]) |
//! | `body` | the whole body of the block, unevaluated; at most one (the body is then processed partially: what the other fields do not name is kept for later, no error) | [`BodyHandle`] |
//! | `flatten` | a struct whose fields are this struct's fields (its schema merged in) | `T: HclBody` without labels |
//! | `def_range` | the block's definition range (type name and labels; the missing-item range of a root body) | [`Range`], `Option<Range>` ([`FromRange`]) |
//! | `attr_range = "field"` | the range of the attribute of the named `attr`/`expr` field, `name = value` (its body's missing-item range, or `None`, when absent) | [`Range`], `Option<Range>` |
//! | `value_range = "field"` | the range of that attribute's value | [`Range`], `Option<Range>` |
//! | `skip` | nothing: `Default::default()` | any `Default` type |
//!
//! Options of `attr` (and `expr`) fields: `rename = "name"`, `optional`,
//! `default`, `default = EXPR`, `with = path`, `validate = path` (`attr`
//! only). Options of the struct: `rename_all = "…"`, `crate = "path"`,
//! `validate = path`. Options of an enum: `rename_all`, `crate`,
//! `by_label`; of a variant: `rename`.
//!
//! Every field is decoded even when another fails, so one run reports
//! every mistake; the struct is built only if every field was.
//!
//! ### Attributes: `attr` and `rename`
//!
//! A field is a required attribute of its name. Its value is converted to
//! the field's HCL type by the core's conversion rules first (so
//! `port = "8080"` fills a `u16`), then extracted. `rename` gives the
//! attribute another name (also for `block` and `label` fields); a raw
//! identifier loses its `r#`.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Service {
//!     name: String,
//!     port: u16,
//!     #[hcl(attr, rename = "type")]
//!     kind: String,
//!     r#async: bool,
//! }
//!
//! let s: Service = hcl_decode::from_str(
//!     "name = \"api\"\nport = \"8080\"\ntype = \"web\"\nasync = true\n",
//!     "s.hcl",
//! )
//! .unwrap();
//! assert_eq!((s.port, s.kind.as_str(), s.r#async), (8080, "web", true));
//!
//! let err = hcl_decode::from_str::<Service>("name = \"api\"\nport = \"http\"\n", "s.hcl").unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "s.hcl:1,1-1: Missing required argument; The argument \"type\" is required, but no definition was found.\n\
//!      s.hcl:1,1-1: Missing required argument; The argument \"async\" is required, but no definition was found.\n\
//!      s.hcl:2,8-14: Incorrect attribute value type; Inappropriate value for attribute \"port\": a number is required."
//! );
//! ```
//!
//! ### Optional attributes: `Option` and `optional`
//!
//! A field of type `Option<T>` is an optional attribute: `None` when it is
//! absent or null. `optional` makes a field of any `Default` type optional:
//! `Default::default()` when absent or null.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Service {
//!     replicas: Option<u32>,
//!     #[hcl(optional)]
//!     tags: Vec<String>,
//! }
//!
//! let s: Service = hcl_decode::from_str("replicas = null\n", "s.hcl").unwrap();
//! assert_eq!((s.replicas, s.tags.len()), (None, 0));
//! let s: Service = hcl_decode::from_str("replicas = 3\ntags = [\"a\"]\n", "s.hcl").unwrap();
//! assert_eq!((s.replicas, s.tags), (Some(3), vec!["a".to_owned()]));
//! ```
//!
//! ### Defaults: `default`
//!
//! `default` makes the attribute optional, `Default::default()` when absent
//! or null; `default = EXPR` uses EXPR, an expression of the field's type
//! (`default = 30`, `default = some_fn()`, `default = Level::Info`), or a
//! string literal for a string field (`default = "x"` for a `String`,
//! `Box<str>`, `Arc<str>`, `Rc<str>`, `Cow<'static, str>`, `&'static str`
//! or `PathBuf`, or an `Option` of one; any other field type is a compile
//! error at the literal that names the type expected).
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! fn default_zones() -> Vec<String> {
//!     vec!["a".to_owned(), "b".to_owned()]
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Service {
//!     #[hcl(default)]
//!     debug: bool,
//!     #[hcl(default = 30)]
//!     timeout_secs: u64,
//!     #[hcl(default = "eu-west-1")]
//!     region: String,
//!     #[hcl(default = default_zones())]
//!     zones: Vec<String>,
//! }
//!
//! let s: Service = hcl_decode::from_str("timeout_secs = null\n", "s.hcl").unwrap();
//! assert_eq!((s.debug, s.timeout_secs, s.region.as_str()), (false, 30, "eu-west-1"));
//! assert_eq!(s.zones, ["a", "b"]);
//! ```
//!
//! ### Blocks: `block`
//!
//! A `block` field holds the blocks whose type is the field's name (or
//! `rename`), each decoded into a struct that derives `HclBody`. The field's
//! type says how many: `T` exactly one, `Option<T>` at most one, `Vec<T>`
//! any number (in source order), `BTreeMap<String, T>` or
//! `HashMap<String, T>` any number keyed by their first label (which must
//! then be unique).
//!
//! ```
//! use std::collections::BTreeMap;
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     #[hcl(block)]
//!     database: Database,
//!     #[hcl(block)]
//!     tls: Option<Tls>,
//!     #[hcl(block, rename = "listener")]
//!     listeners: Vec<Listener>,
//!     #[hcl(block, rename = "backend")]
//!     backends: BTreeMap<String, Backend>,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Database { url: String }
//!
//! #[derive(HclBody, Debug)]
//! struct Tls { cert: String }
//!
//! #[derive(HclBody, Debug)]
//! struct Listener { port: u16 }
//!
//! #[derive(HclBody, Debug)]
//! struct Backend {
//!     #[hcl(label)]
//!     name: String,
//!     weight: u8,
//! }
//!
//! let src = r#"
//! database { url = "pg://db" }
//! listener { port = 80 }
//! listener { port = 443 }
//! backend "blue" { weight = 1 }
//! backend "green" { weight = 3 }
//! "#;
//! let c: Config = hcl_decode::from_str(src, "c.hcl").unwrap();
//! assert_eq!(c.database.url, "pg://db");
//! assert!(c.tls.is_none());
//! assert_eq!(c.listeners[1].port, 443);
//! assert_eq!(c.backends["green"].weight, 3);
//!
//! let src = "tls { cert = \"a\" }\ntls { cert = \"b\" }\nbackend \"x\" { weight = 1 }\nbackend \"x\" { weight = 2 }\n";
//! let err = hcl_decode::from_str::<Config>(src, "c.hcl").unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "c.hcl:1,1-1: Missing database block; A database block is required.\n\
//!      c.hcl:2,1-4: Duplicate tls block; Only one tls block is allowed. Another was defined at c.hcl:1,1-4.\n\
//!      c.hcl:4,9-12: Duplicate backend block; A backend block labelled \"x\" was already defined at c.hcl:3,1-12. Each backend block must have a distinct label."
//! );
//! ```
//!
//! ### Labels: `label`
//!
//! The `label` fields of a block's struct are its labels, in field order:
//! every block of that type must have exactly that many (the label's name,
//! used in messages, is the field's or `rename`). [`HclBody::LABELS`] lists
//! them.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     #[hcl(block)]
//!     resource: Vec<Resource>,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Resource {
//!     #[hcl(label, rename = "type")]
//!     kind: String,
//!     #[hcl(label)]
//!     name: String,
//! }
//!
//! assert_eq!(Resource::LABELS, ["type", "name"]);
//! let c: Config = hcl_decode::from_str("resource \"bucket\" \"logs\" {}\n", "c.hcl").unwrap();
//! assert_eq!((c.resource[0].kind.as_str(), c.resource[0].name.as_str()), ("bucket", "logs"));
//!
//! let err = hcl_decode::from_str::<Config>("resource \"bucket\" {}\n", "c.hcl").unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "c.hcl:1,19-20: Missing name for resource; All resource blocks must have 2 labels (type, name)."
//! );
//! ```
//!
//! ### The rest of a body: `remain` and `body`
//!
//! A `remain` field gets what the struct's other fields do not name, as a
//! [`BodyHandle`] to decode later (by a plugin, say): the body is processed
//! partially, so those items are no error. A `body` field gets the block's
//! whole body, and makes the processing partial too (what it keeps for
//! later is no error). Both are unevaluated; whoever decodes them later
//! reports what nobody names ([`layered::unconsumed`]).
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Core {
//!     name: String,
//!     #[hcl(remain)]
//!     rest: BodyHandle,
//!     #[hcl(body)]
//!     all: BodyHandle,
//! }
//!
//! let c: Core = hcl_decode::from_str("name = \"api\"\ncache_size = 64\n", "c.hcl").unwrap();
//! assert_eq!(c.rest.just_attributes().0.keys().collect::<Vec<_>>(), ["cache_size"]);
//! assert_eq!(c.all.just_attributes().0.len(), 2);
//! ```
//!
//! ### Unevaluated attributes: `expr`
//!
//! A field of type [`ExpressionHandle`] (or `Option<ExpressionHandle>`,
//! optional) keeps the attribute's expression, to evaluate later in a
//! context the application builds once it knows more.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Alert {
//!     #[hcl(expr)]
//!     when: ExpressionHandle,
//!     unless: Option<ExpressionHandle>,
//! }
//!
//! let a: Alert = hcl_decode::from_str("when = errors > limit\n", "a.hcl").unwrap();
//! assert!(a.unless.is_none());
//! let mut ctx = EvalContext::new();
//! ctx.declare_variable("errors", Value::number(12)).unwrap();
//! ctx.declare_variable("limit", Value::number(10)).unwrap();
//! assert!(a.when.evaluate::<bool>(&ctx).unwrap());
//! ```
//!
//! ### Shared fields: `flatten`
//!
//! A `flatten` field's struct contributes its fields to this one, as if
//! they were written here (its schema is merged in; names that collide are
//! a compile error).
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Common {
//!     #[hcl(default = "eu-west-1")]
//!     region: String,
//!     #[hcl(default)]
//!     tags: Vec<String>,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Bucket {
//!     name: String,
//!     #[hcl(flatten)]
//!     common: Common,
//! }
//!
//! let b: Bucket = hcl_decode::from_str("name = \"logs\"\ntags = [\"ops\"]\n", "b.hcl").unwrap();
//! assert_eq!((b.common.region.as_str(), b.common.tags.len()), ("eu-west-1", 1));
//! assert_eq!(Bucket::schema().names().collect::<Vec<_>>(), ["name", "region", "tags"]);
//! ```
//!
//! ### Custom conversions: `with`
//!
//! `with = path` decodes the attribute with a function
//! `fn(&Value, &Range) -> Result<T, E>`, `E: Into<FromValueError>` (a `String`
//! or `&str` message, a [`FromValueError`], a whole [`Diagnostic`]), given the
//! value as evaluated (not converted) and the range of the expression. For
//! an `Option<T>` field it returns `T` and is not called for an absent or
//! null attribute; it combines with `default`. A function of another
//! signature is one compile error at the annotation, giving the signature
//! expected.
//!
//! ```
//! use std::time::Duration;
//! use hcl_decode::prelude::*;
//!
//! fn seconds(value: &Value, _range: &Range) -> Result<Duration, String> {
//!     let text = value.as_str().ok_or("a duration is a string such as \"30s\"")?;
//!     text.strip_suffix('s')
//!         .and_then(|n| n.parse().ok())
//!         .map(Duration::from_secs)
//!         .ok_or_else(|| format!("{text:?} is not a number of seconds such as \"30s\""))
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Timeouts {
//!     #[hcl(with = seconds)]
//!     read: Duration,
//!     #[hcl(with = seconds, default = Duration::from_secs(5))]
//!     connect: Duration,
//!     #[hcl(with = seconds)]
//!     idle: Option<Duration>,
//! }
//!
//! let t: Timeouts = hcl_decode::from_str("read = \"30s\"\n", "t.hcl").unwrap();
//! assert_eq!((t.read.as_secs(), t.connect.as_secs(), t.idle), (30, 5, None));
//!
//! let err = hcl_decode::from_str::<Timeouts>("read = \"half a minute\"\n", "t.hcl").unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "t.hcl:1,8-23: Invalid attribute value; Inappropriate value for attribute \"read\": \"half a minute\" is not a number of seconds such as \"30s\"."
//! );
//! ```
//!
//! ### Validation: `validate`
//!
//! `validate = path` on an `attr` field names a function
//! `fn(&T) -> Result<(), String>`, called on the decoded value (a default
//! included); its message becomes an error at the attribute's value (for
//! a `String` field that is `&String`, which clippy's `ptr_arg` lint
//! questions: allow it there).
//! `#[hcl(validate = path)]` on the struct names a function
//! `fn(&Self, &mut Validator<'_>)`, called once every field has decoded,
//! for rules across fields: [`Validator::error`] reports at the attribute
//! or block of the field it names. Their errors join the decoding's other
//! diagnostics, in the same single pass; a field validator runs only on a
//! value that decoded, a struct validator only on a struct that did.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! fn unprivileged(port: &u16) -> Result<(), String> {
//!     if *port < 1024 { Err(format!("port {port} needs root; use 1024 or above")) } else { Ok(()) }
//! }
//!
//! fn ordered(p: &Pool, v: &mut Validator<'_>) {
//!     if p.min > p.max {
//!         v.error("min", "Invalid pool size", format!("min ({}) must not exceed max ({}).", p.min, p.max));
//!     }
//! }
//!
//! #[derive(HclBody, Debug)]
//! #[hcl(validate = ordered)]
//! struct Pool {
//!     min: u32,
//!     max: u32,
//!     #[hcl(validate = unprivileged, default = 8080)]
//!     port: u16,
//! }
//!
//! let p: Pool = hcl_decode::from_str("min = 1\nmax = 4\n", "p.hcl").unwrap();
//! assert_eq!(p.port, 8080);
//!
//! let err = hcl_decode::from_str::<Pool>("min = 8\nmax = 4\nport = 80\n", "p.hcl").unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "p.hcl:1,1-8: Invalid pool size; min (8) must not exceed max (4).\n\
//!      p.hcl:3,8-10: Invalid attribute value; Inappropriate value for attribute \"port\": port 80 needs root; use 1024 or above."
//! );
//! ```
//!
//! ### Source ranges: `def_range`, `attr_range`, `value_range`
//!
//! Range fields capture where things are written, for the application's
//! own messages: `def_range` the block's header, `attr_range = "field"`
//! the attribute of another field (`name = value`), `value_range =
//! "field"` its value. An `Option<Range>` is `None` when there is no such
//! range (an absent attribute, the root body's definition).
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     #[hcl(block)]
//!     listener: Vec<Listener>,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Listener {
//!     #[hcl(label)]
//!     name: String,
//!     port: Option<u16>,
//!     #[hcl(def_range)]
//!     defined_at: Range,
//!     #[hcl(attr_range = "port")]
//!     port_attr: Option<Range>,
//!     #[hcl(value_range = "port")]
//!     port_value: Option<Range>,
//! }
//!
//! let c: Config = hcl_decode::from_str("listener \"web\" {\n  port = 80\n}\nlistener \"x\" {}\n", "c.hcl").unwrap();
//! let web = &c.listener[0];
//! assert_eq!(web.defined_at.to_string(), "c.hcl:1,1-15");
//! assert_eq!(web.port_attr.as_ref().unwrap().to_string(), "c.hcl:2,3-12");
//! assert_eq!(web.port_value.as_ref().unwrap().to_string(), "c.hcl:2,10-12");
//! assert!(c.listener[1].port_attr.is_none());
//! ```
//!
//! ### Fields that are not in the file: `skip`
//!
//! A `skip` field is not decoded: it is `Default::default()`, for the
//! application to fill.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Service {
//!     name: String,
//!     #[hcl(skip)]
//!     resolved_address: Option<std::net::IpAddr>,
//! }
//!
//! let s: Service = hcl_decode::from_str("name = \"api\"\n", "s.hcl").unwrap();
//! assert!(s.resolved_address.is_none());
//! assert_eq!(Service::schema().names().collect::<Vec<_>>(), ["name"]);
//! ```
//!
//! ### Container options: `rename_all` and `crate`
//!
//! `#[hcl(rename_all = "…")]` renames every attribute, block and label
//! field (or every variant of an enum, from its snake_case name) that has
//! no `rename` of its own: `lowercase`, `UPPERCASE`,
//! `PascalCase`, `camelCase`, `snake_case`, `SCREAMING_SNAKE_CASE`,
//! `kebab-case`, `SCREAMING-KEBAB-CASE`. `#[hcl(crate = "path")]` says
//! where `hcl_decode` is, for code that renames or re-exports it.
//!
//! ```
//! mod config {
//!     // A crate that re-exports hcl-decode under another name.
//!     pub use hcl_decode as decoding;
//! }
//!
//! #[derive(config::decoding::HclBody, Debug)]
//! #[hcl(rename_all = "kebab-case", crate = "config::decoding")]
//! struct Probe {
//!     initial_delay: u32,
//!     #[hcl(rename = "HTTP_PATH")]
//!     http_path: String,
//! }
//!
//! let p: Probe = hcl_decode::from_str("initial-delay = 5\nHTTP_PATH = \"/health\"\n", "p.hcl").unwrap();
//! assert_eq!((p.initial_delay, p.http_path.as_str()), (5, "/health"));
//! ```
//!
//! A generic struct gets no bounds added: write the bounds its fields need
//! on the struct (`struct Named<T: FromValue> { value: T }`).
//!
//! ### Misuse is a compile error
//!
//! An unknown option, two kinds on one field, two `remain` fields, a
//! `label` field that is not a string, a `block` field whose type does not
//! derive `HclBody`, two fields with one name, flattened structs whose
//! names collide, … are compile errors that point at the mistake:
//!
//! ```compile_fail
//! #[derive(hcl_decode::HclBody)]
//! struct Config {
//!     #[hcl(block)]
//!     server: String, // error: `String` cannot hold blocks
//! }
//! ```
//!
//! ## Enums
//!
//! Three kinds of enum, for the three ways a configuration chooses.
//!
//! ### Enums of block types: `blocks`
//!
//! `#[derive(HclBody)]` on an enum whose variants each hold a struct
//! deriving [`HclBody`] makes it an enum of block types ([`HclBlocks`]):
//! each variant is a block type, named by the variant in snake_case (or
//! `rename`, or the enum's `rename_all`). A `#[hcl(blocks)]` field of type
//! `Vec<E>` holds every block of those types, **in source order**, each
//! decoded by its variant's struct (with its labels). A block of another
//! type is "not expected here", with a suggestion among the variants.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! enum Step {
//!     Run(RunStep),
//!     #[hcl(rename = "build")]
//!     Compile(BuildStep),
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct RunStep { command: String }
//!
//! #[derive(HclBody, Debug)]
//! struct BuildStep {
//!     #[hcl(label)]
//!     target: String,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Job {
//!     #[hcl(blocks)]
//!     steps: Vec<Step>,
//! }
//!
//! let src = "run { command = \"fetch\" }\nbuild \"app\" {}\nrun { command = \"test\" }\n";
//! let job: Job = hcl_decode::from_str(src, "job.hcl").unwrap();
//! assert!(matches!(&job.steps[..], [Step::Run(a), Step::Compile(b), Step::Run(c)]
//!     if a.command == "fetch" && b.target == "app" && c.command == "test"));
//!
//! let err = hcl_decode::from_str::<Job>("biuld \"app\" {}\n", "job.hcl").unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "job.hcl:1,1-6: Unsupported block type; Blocks of type \"biuld\" are not expected here. Did you mean \"build\"?"
//! );
//! ```
//!
//! ### Enums chosen by a label: `by_label`
//!
//! `#[derive(HclBody)] #[hcl(by_label)]` on such an enum makes the block's
//! first label choose the variant (named as above); the remaining labels
//! go to the variant's own `label` fields (every variant has as many,
//! checked at compile time). The enum is a block type like a struct: a
//! `#[hcl(block)]` field holds it as `T`, `Option<T>`, `Vec<T>` or a map.
//! The first label is named `type` in messages (`by_label = "name"` names
//! it otherwise). An unknown label is an error at the label, with the
//! accepted ones and a suggestion. Each variant's body (a plugin's, say)
//! is decoded in the same pass as the rest of the file, so its mistakes
//! come with everyone else's. Dispatch nests: a variant may be an enum
//! chosen by the next label, and an enum of block types may hold an enum
//! chosen by label.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! #[hcl(by_label)]
//! enum Driver {
//!     Docker(DockerConfig),
//!     Exec(ExecConfig),
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct DockerConfig { image: String }
//!
//! #[derive(HclBody, Debug)]
//! struct ExecConfig { command: String }
//!
//! #[derive(HclBody, Debug)]
//! struct Task {
//!     cpu: u32,
//!     #[hcl(block)]
//!     driver: Vec<Driver>,
//! }
//!
//! let task: Task = hcl_decode::from_str("cpu = 2\ndriver \"docker\" { image = \"nginx\" }\n", "t.hcl").unwrap();
//! assert!(matches!(&task.driver[..], [Driver::Docker(d)] if d.image == "nginx"));
//!
//! let src = "cpu = \"two\"\ndriver \"dokcer\" {}\ndriver \"exec\" { comand = \"x\" }\n";
//! let err = hcl_decode::from_str::<Task>(src, "t.hcl").unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "t.hcl:1,7-12: Incorrect attribute value type; Inappropriate value for attribute \"cpu\": a number is required.\n\
//!      t.hcl:2,8-16: Unsupported driver type; The driver type must be \"docker\" or \"exec\"; \"dokcer\" is not supported. Did you mean \"docker\"?\n\
//!      t.hcl:3,17-17: Missing required argument; The argument \"command\" is required, but no definition was found.\n\
//!      t.hcl:3,17-23: Unsupported argument; An argument named \"comand\" is not expected here. Did you mean \"command\"?"
//! );
//! ```
//!
//! ### Value enums: `#[derive(FromValue)]`
//!
//! `#[derive(FromValue)]` on an enum of unit variants makes it a
//! [`FromValue`] target whose HCL type is `string`: each variant is one
//! accepted string (snake_case, `rename`, `rename_all`). Any other string
//! is an error listing the accepted ones, with a suggestion.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(FromValue, Debug, PartialEq)]
//! enum Level {
//!     Debug,
//!     Info,
//!     #[hcl(rename = "warn")]
//!     Warning,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Logging {
//!     #[hcl(default = Level::Info)]
//!     level: Level,
//! }
//!
//! let l: Logging = hcl_decode::from_str("level = \"warn\"\n", "l.hcl").unwrap();
//! assert_eq!(l.level, Level::Warning);
//! assert_eq!(<Level as FromValue>::hcl_type(), Type::String);
//!
//! let err = hcl_decode::from_str::<Logging>("level = \"inof\"\n", "l.hcl").unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "l.hcl:1,9-15: Invalid attribute value; Inappropriate value for attribute \"level\": value must be one of \"debug\", \"info\" or \"warn\", not \"inof\". Did you mean \"info\"?"
//! );
//! ```
//!
//! ## Targets
//!
//! An attribute decodes into any [`FromValue`] type: strings, `bool`, every
//! integer type (range-checked) and float, `PathBuf`, [`BigInt`], [`Number`], `Vec`,
//! `VecDeque`, sets, maps keyed by `String`, tuples, `Option`, `Box`, `Arc`, `Rc`,
//! `Duration`, IP and socket addresses, `NonZero*` integers, `char`,
//! [`Value`] itself (anything, unknown and null included), a struct
//! deriving `HclBody` (from an object), and, through the serde bridge,
//! [`Serde<T>`] for any `serde::de::DeserializeOwned` type. The table is in
//! [`target`]; implement [`FromValue`] for a type of your own.
//!
//! ```
//! use std::collections::BTreeMap;
//! use hcl_decode::prelude::*;
//!
//! #[derive(serde::Deserialize, Debug, PartialEq)]
//! #[serde(rename_all = "lowercase")]
//! enum Mode { Fast, Safe }
//!
//! #[derive(HclBody, Debug)]
//! struct Upstream {
//!     host: String,
//!     #[hcl(default = 443)]
//!     port: u16,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     ratio: f64,
//!     limits: BTreeMap<String, u32>,
//!     pair: (String, bool),
//!     anything: Value,
//!     mode: Serde<Mode>,
//!     upstream: Upstream, // a derived struct, from an object
//! }
//!
//! let src = r#"
//! ratio    = 0.25
//! limits   = { cpu = 2, memory = "512" }
//! pair     = ["x", true]
//! anything = [1, "two"]
//! mode     = "safe"
//! upstream = { host = "example.com" }
//! "#;
//! let c: Config = hcl_decode::from_str(src, "c.hcl").unwrap();
//! assert_eq!(c.limits["memory"], 512);
//! assert_eq!(c.pair, ("x".to_owned(), true));
//! assert_eq!(c.anything.to_string(), "[1, \"two\"]");
//! assert_eq!(*c.mode, Mode::Safe);
//! assert_eq!((c.upstream.host.as_str(), c.upstream.port), ("example.com", 443));
//! ```
//!
//! ### Everyday types: durations, addresses, non-zero numbers
//!
//! A [`Duration`](std::time::Duration) is written in Go's notation, as
//! Nomad, Consul and Vault write it (`"1h30m"`, `"250ms"`, `"1.5h"`,
//! `"300us"`; see [`duration`]); network addresses
//! ([`IpAddr`](std::net::IpAddr), [`Ipv4Addr`](std::net::Ipv4Addr),
//! [`Ipv6Addr`](std::net::Ipv6Addr), [`SocketAddr`](std::net::SocketAddr))
//! as their usual text; the `NonZero*` integers refuse 0; a `char` is a
//! one-character string; `Box`, `Arc` and `Rc` hold any target, and
//! `Cow<'static, str>` a string; `url::Url` with the `url` feature. A
//! value that does not fit is reported at the value, with the form
//! expected; every field is checked in the same pass.
//!
//! ```
//! use std::net::{IpAddr, SocketAddr};
//! use std::num::NonZeroU16;
//! use std::sync::Arc;
//! use std::time::Duration;
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Service {
//!     timeout: Duration,
//!     bind: SocketAddr,
//!     allow: Vec<IpAddr>,
//!     workers: NonZeroU16,
//!     separator: char,
//!     tags: Arc<Vec<String>>,
//! }
//!
//! let src = r#"
//! timeout   = "1m30s"
//! bind      = "0.0.0.0:8080"
//! allow     = ["10.0.0.1", "fe80::1"]
//! workers   = 4
//! separator = ","
//! tags      = ["web"]
//! "#;
//! let s: Service = hcl_decode::from_str(src, "svc.hcl").unwrap();
//! assert_eq!(s.timeout, Duration::from_secs(90));
//! assert_eq!(s.bind.port(), 8080);
//! assert!(s.allow[1].is_ipv6());
//! assert_eq!((s.workers.get(), s.separator, s.tags.len()), (4, ',', 1));
//!
//! let src = "timeout = 90\nbind = \"localhost:80\"\nallow = []\nworkers = 0\nseparator = \",\"\ntags = []\n";
//! let err = hcl_decode::from_str::<Service>(src, "svc.hcl").unwrap_err();
//! let details: Vec<&str> = err.diagnostics().iter().map(|d| d.detail.as_ref()).collect();
//! assert_eq!(details, [
//!     "Inappropriate value for attribute \"timeout\": the unit is missing in \"90\"; a duration is a \
//!      sequence of numbers, each with a unit, such as \"1h30m\", \"250ms\" or \"1.5h\" \
//!      (units: \"ns\", \"us\", \"ms\", \"s\", \"m\", \"h\").",
//!     "Inappropriate value for attribute \"bind\": \"localhost:80\" is not a socket address; an IP \
//!      address and a port, such as \"127.0.0.1:8080\" or \"[::1]:8080\", are expected.",
//!     "Inappropriate value for attribute \"workers\": value must be a whole number, between 1 and \
//!      65535 inclusive.",
//! ]);
//! // Each is about the value: `90` at line 1, columns 11 to 13.
//! assert_eq!(err.diagnostics().iter().next().unwrap().subject.as_ref().unwrap().to_string(), "svc.hcl:1,11-13");
//! ```
//!
//! ## Errors
//!
//! Decoding collects every diagnostic of the file in one pass and returns
//! them in source order: syntax errors, unknown attributes and blocks
//! (with a deterministic "Did you mean …?"), missing required attributes
//! and blocks, values of the wrong type (with the path inside the value,
//! pointing at the element at fault in a literal collection), integers
//! out of range, too many blocks, missing labels, and the evaluation
//! errors of expressions. A file with syntax errors is decoded as the
//! parser recovered it, and only what the syntax errors do not already
//! explain is added (see [`Decoder::decode_str`]); it never decodes.
//!
//! [`Error`] renders the diagnostics with their source lines (its
//! `Display`), and gives them as data ([`Error::diagnostics`], each a
//! [`Diagnostic`] with a summary, a detail and a [`Range`]).
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     name: String,
//!     ports: Vec<u16>,
//! }
//!
//! let err = hcl_decode::from_str::<Config>("name = \"api\" }\nports = [80, \"http\"]\n", "app.hcl").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "Error: Missing newline after argument\n\
//!      \n  on app.hcl line 1:\
//!      \n   1: name = \"api\" }\
//!      \n                   ^\n\
//!      \nAn argument definition must end with a newline.\n\
//!      \nError: Incorrect attribute value type\n\
//!      \n  on app.hcl line 2:\
//!      \n   2: ports = [80, \"http\"]\
//!      \n                   ^^^^^^\n\
//!      \nInappropriate value for attribute \"ports\": [1]: a number is required."
//! );
//! let first = err.diagnostics().iter().next().unwrap();
//! assert_eq!(first.subject.as_ref().unwrap().start.line, 1);
//! ```
//!
//! Warnings do not make a decoding fail; the `_with_warnings` variants of
//! the [`Decoder`]'s methods return them with the value ([`Decoded`]).
//!
//! ### Every screen: colour, JSON, miette
//!
//! Beside the plain text of `Display`, an [`Error`] shows itself in colour
//! on a terminal ([`Error::eprint`]: colours with the `color` feature when
//! standard error is a terminal and `NO_COLOR` is unset;
//! `Error::render_color` to choose), as JSON in the shape of `hcldec
//! --diags=json` ([`Error::to_json`]; and `serde::Serialize` for
//! [`Diagnostics`]), or as a `miette::Diagnostic` with labelled source
//! spans (`Error::into_miette`, feature `miette`). See [`render`].
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     port: u16,
//! }
//!
//! let err = hcl_decode::from_str::<Config>("port = \"http\"\n", "app.hcl").unwrap_err();
//! assert_eq!(
//!     err.to_json(),
//!     r#"{
//!   "diagnostics": [
//!     {
//!       "severity": "error",
//!       "summary": "Incorrect attribute value type",
//!       "detail": "Inappropriate value for attribute \"port\": a number is required.",
//!       "subject": {
//!         "filename": "app.hcl",
//!         "start": {
//!           "line": 1,
//!           "column": 8,
//!           "byte": 7
//!         },
//!         "end": {
//!           "line": 1,
//!           "column": 14,
//!           "byte": 13
//!         }
//!       }
//!     }
//!   ]
//! }"#
//! );
//! // On standard error: coloured on a terminal (feature `color`), else plain.
//! err.eprint();
//! ```
//!
//! With the `color` feature, the colours themselves:
//!
//! ```
//! # #[cfg(feature = "color")] {
//! # use hcl_decode::prelude::*;
//! # #[derive(HclBody, Debug)] struct Config { port: u16 }
//! let err = hcl_decode::from_str::<Config>("port = \"http\"\n", "app.hcl").unwrap_err();
//! assert_eq!(
//!     err.render_color(true),
//!     "\x1b[1;31mError\x1b[0m: \x1b[1mIncorrect attribute value type\x1b[0m\n\n\
//!      \x1b[1m  on app.hcl line 1:\x1b[0m\n\
//!      \x1b[2m   1:\x1b[0m port = \x1b[4m\"http\"\x1b[0m\n\
//!      \x20            \x1b[1;31m^^^^^^\x1b[0m\n\n\
//!      Inappropriate value for attribute \"port\": a number is required."
//! );
//! # }
//! ```
//!
//! With the `miette` feature, for applications that render with miette:
//!
//! ```
//! # #[cfg(feature = "miette")] {
//! # use hcl_decode::prelude::*;
//! # #[derive(HclBody, Debug)] struct Config { port: u16 }
//! use miette::Diagnostic as _;
//!
//! fn load(text: &str) -> miette::Result<Config> {
//!     Ok(hcl_decode::from_str(text, "app.hcl").map_err(Error::into_miette)?)
//! }
//! let report = load("port = \"http\"\n").unwrap_err();
//! assert_eq!(report.to_string(), "Incorrect attribute value type");
//! let label = report.labels().unwrap().next().unwrap();
//! assert_eq!((label.offset(), label.len()), (7, 6));
//! assert_eq!(label.label(), Some("Inappropriate value for attribute \"port\": a number is required."));
//! # }
//! ```
//!
//! ## Variables and functions
//!
//! Expressions are evaluated when a file is decoded. The [`Decoder`]
//! declares the variables and functions they may use; an unknown one is an
//! error with a suggestion. In literal-only mode
//! ([`Decoder::literal_only`]) no variable or function may be used (and
//! declaring any is an error).
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     url: String,
//! }
//!
//! let upper = Function::builder()
//!     .param(Parameter::new("s", Type::String))
//!     .returns(Type::String)
//!     .build(|args, _| Ok(Value::string(args[0].as_str().unwrap_or_default().to_uppercase())));
//! let decoder = Decoder::new()
//!     .variable("env", Value::object([("host", Value::string("db"))]))
//!     .function("upper", upper);
//! let c: Config = decoder.decode_str("url = \"pg://${upper(env.host)}\"\n", "c.hcl").unwrap();
//! assert_eq!(c.url, "pg://DB");
//!
//! let err = decoder.decode_str::<Config>("url = \"pg://${evn.host}\"\n", "c.hcl").unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "c.hcl:1,15-18: Unknown variable; There is no variable named \"evn\". Did you mean \"env\"?"
//! );
//! ```
//!
//! ## The function library
//!
//! Expressions may call the functions Terraform users know: every
//! function of go-cty's standard library under Terraform's name, and
//! Terraform's own pure functions ([`functions`], the `hcl-functions`
//! crate, with cty's results and messages). [`Decoder::new`], [`from_str`]
//! and [`from_file`] offer all pure functions; [`Decoder::function_library`]
//! chooses families ([`functions::Family`]), adds the impure ones
//! (`timestamp`, `uuid`) or the filesystem ones (under a root directory
//! only), or none ([`functions::Library::empty`]); [`Decoder::function`]
//! adds the application's own, which override the library's. (The
//! fifteen functions of the `hcldec` tool are [`hcl_core::stdlib`], what
//! [`spec`] files use by default.)
//!
//! One example per family, each a field of this struct:
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     string: String,
//!     collection: Vec<String>,
//!     number: i64,
//!     set: Vec<String>,
//!     encoding: String,
//!     regex: String,
//!     datetime: String,
//!     hash: String,
//!     network: String,
//!     conversion: String,
//!     fallback: String,
//! }
//!
//! let src = r#"
//! string     = format("%s-%03d", upper("web"), 7)
//! collection = sort(distinct(concat(["b", "a"], ["a", "c"])))
//! number     = max(parseint("ff", 16), pow(2, 4))
//! set        = setunion(["a"], ["b", "a"])
//! encoding   = jsonencode(merge({a = 1}, {b = [true]}))
//! regex      = regex("v([0-9.]+)", "release v1.2.3")[0]
//! datetime   = formatdate("YYYY-MM-DD", timeadd("2024-01-31T23:00:00Z", "2h"))
//! hash       = substr(sha256("hello"), 0, 8)
//! network    = cidrsubnet("10.0.0.0/16", 8, 2)
//! conversion = tostring(tonumber("42"))
//! fallback   = try(lookup({}, "region", null), "eu-west-1")
//! "#;
//! let c: Config = hcl_decode::from_str(src, "app.hcl").unwrap();
//! assert_eq!(c.string, "WEB-007");
//! assert_eq!(c.collection, ["a", "b", "c"]);
//! assert_eq!(c.number, 255);
//! assert_eq!(c.set, ["a", "b"]);
//! assert_eq!(c.encoding, r#"{"a":1,"b":[true]}"#);
//! assert_eq!(c.regex, "1.2.3");
//! assert_eq!(c.datetime, "2024-02-01");
//! assert_eq!(c.hash, "2cf24dba");
//! assert_eq!(c.network, "10.0.2.0/24");
//! assert_eq!(c.conversion, "42");
//! assert_eq!(c.fallback, "eu-west-1");
//! ```
//!
//! The filesystem functions read only under the root directory they are
//! given; a path that leaves it is an error, never a read:
//!
//! ```
//! use hcl_decode::functions::Library;
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     motd: String,
//! }
//!
//! let root = std::env::temp_dir().join(format!("hcl-decode-doc-fs-{}", std::process::id()));
//! std::fs::create_dir_all(&root).unwrap();
//! std::fs::write(root.join("motd.txt"), "Hello, ${name}!").unwrap();
//! let decoder = Decoder::new().function_library(Library::pure().filesystem(&root));
//!
//! let c: Config = decoder
//!     .decode_str("motd = templatefile(\"motd.txt\", { name = \"ops\" })\n", "app.hcl")
//!     .unwrap();
//! assert_eq!(c.motd, "Hello, ops!");
//!
//! let err = decoder.decode_str::<Config>("motd = file(\"../../etc/passwd\")\n", "app.hcl").unwrap_err();
//! assert!(err.to_string().contains("is outside the directory that the filesystem functions are confined to"));
//! # std::fs::remove_dir_all(&root).unwrap();
//! ```
//!
//! An application function extends the library, or replaces one of its
//! functions:
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     id: String,
//!     name: String,
//! }
//!
//! let service_id = Function::builder()
//!     .param(Parameter::new("name", Type::String))
//!     .returns(Type::String)
//!     .build(|args, _| Ok(Value::string(format!("svc-{}", args[0].as_str().unwrap_or_default()))));
//! // Replaces the library's `lower` for this application.
//! let lower = Function::builder()
//!     .param(Parameter::new("s", Type::String))
//!     .returns(Type::String)
//!     .build(|args, _| Ok(Value::string(args[0].as_str().unwrap_or_default().to_ascii_lowercase())));
//! let decoder = Decoder::new().function("service_id", service_id).function("lower", lower);
//!
//! let c: Config = decoder
//!     .decode_str("id = service_id(\"api\")\nname = lower(\"ÀPI\")\n", "app.hcl")
//!     .unwrap();
//! assert_eq!((c.id.as_str(), c.name.as_str()), ("svc-api", "Àpi"));
//! ```
//!
//! ## Layered decoding
//!
//! An application and its plugins decode one file in turns ([`layered`],
//! [`Layers`]): each layer takes the attributes and blocks its struct
//! names; at the end, whatever nobody consumed is reported once, with
//! "Did you mean …?" suggestions from every layer's schema, together with
//! every layer's own mistakes. Every layer runs even when an earlier one
//! failed (its `decode` gives `None`, and the next one goes on), so
//! [`Layers::finish`] reports every layer's mistakes in one run. Plugins
//! chosen by a block's label are simpler still:
//! [an enum chosen by label](#enums-chosen-by-a-label-by_label) decodes
//! them in the same pass as the rest.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Core {
//!     name: String,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Metrics {
//!     #[hcl(default = 9090)]
//!     metrics_port: u16,
//! }
//!
//! let src = "name = \"api\"\nmetrics_port = 9100\nmetrics_prot = 1\n";
//! let mut layers = Decoder::new().layers_str(src, "app.hcl").unwrap();
//! let core: Core = layers.decode().unwrap();
//! let metrics: Metrics = layers.decode().unwrap();
//! assert_eq!((core.name.as_str(), metrics.metrics_port), ("api", 9100));
//! let err = layers.finish().unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "app.hcl:3,1-13: Unsupported argument; An argument named \"metrics_prot\" is not expected here. Did you mean \"metrics_port\"?"
//! );
//! ```
//!
//! ## JSON files
//!
//! A file whose name ends in `.json` is read in HCL's JSON syntax (or any
//! file, with [`Decoder::syntax`]): the same structs decode it. A block is
//! a property named by its type, with one level of nested objects per
//! label; strings are templates (literals in literal-only mode).
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     name: String,
//!     #[hcl(block)]
//!     listener: Vec<Listener>,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Listener {
//!     #[hcl(label)]
//!     name: String,
//!     port: u16,
//! }
//!
//! let src = r#"{
//!   "name": "api",
//!   "listener": { "public": { "port": 443 }, "admin": { "port": 9000 } }
//! }"#;
//! let c: Config = hcl_decode::from_str(src, "app.hcl.json").unwrap();
//! assert_eq!(c.listener.len(), 2);
//! assert_eq!((c.listener[1].name.as_str(), c.listener[1].port), ("admin", 9000));
//!
//! let err = hcl_decode::from_str::<Config>(r#"{"name": "api", "listener": {"x": {"port": "p"}}}"#, "app.json")
//!     .unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "app.json:1,44-47: Incorrect attribute value type; Inappropriate value for attribute \"port\": a number is required."
//! );
//! ```
//!
//! ## The hcldec spec language
//!
//! [`spec`] decodes a body by a spec written in HCL into a
//! [`Value`], as HashiCorp's `hcldec` does:
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
//! ## The configuration language
//!
//! One line per feature on the [`Decoder`]; the layer takes its blocks
//! out of the body, so the application's struct never declares
//! `variable`, `locals`, `function` or `dynamic`. A value that failed is
//! unknown downstream and causes no second error.
//! [`Decoder::decode_str_evaluated`] and [`Decoder::decode_files_evaluated`]
//! also return the variables (with their [`ValueSource`]) and locals
//! ([`Evaluated`]).
//!
//! ### Dynamic blocks
//!
//! On by default (HashiCorp's `ext/dynblock`); `dynamic_blocks(false)`
//! turns them off.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody)]
//! struct Port { #[hcl(label)] name: String, number: u16 }
//! #[derive(HclBody)]
//! struct Job { #[hcl(block)] port: Vec<Port> }
//!
//! let src = "dynamic \"port\" {\n  for_each = { http = 80, https = 443 }\n  labels = [port.key]\n  content {\n    number = port.value\n  }\n}\n";
//! let job: Job = hcl_decode::from_str(src, "job.hcl").unwrap();
//! assert_eq!(job.port[1].name, "https");
//! assert!(hcl_decode::Decoder::new().dynamic_blocks(false).decode_str::<Job>(src, "job.hcl").is_err());
//! ```
//!
//! ### Input variables
//!
//! `variable_blocks()`: values by precedence default < environment
//! (`env_prefix`) < variable files (`var_file`) < explicit inputs
//! (`input`); type constraints with `optional(type, default)`; `nullable`,
//! `sensitive` (never in a diagnostic, nor is a local derived from it),
//! `validation`. A mistake says where the value came from. In the JSON
//! syntax, `type` is a string holding the type expression
//! (`"type": "map(string)"`), as in Terraform.
//!
//! ```
//! use hcl_decode::prelude::*;
//! use hcl_decode::{Decoder, Value};
//!
//! #[derive(HclBody, Debug)]
//! struct Config { port: u16 }
//!
//! let src = "variable \"port\" {\n  type = number\n  default = 8080\n  validation {\n    condition = var.port > 1024\n    error_message = \"Use an unprivileged port.\"\n  }\n}\nport = var.port\n";
//! let c: Config = Decoder::new().variable_blocks().decode_str(src, "app.hcl").unwrap();
//! assert_eq!(c.port, 8080);
//! let err = Decoder::new()
//!     .variable_blocks()
//!     .input("port", Value::number(80))
//!     .decode_str::<Config>(src, "app.hcl")
//!     .unwrap_err();
//! assert!(err.diagnostics().to_string().contains("Use an unprivileged port."));
//! assert!(err.diagnostics().to_string().contains("given explicitly by the application"));
//! ```
//!
//! ### Locals
//!
//! `locals()`: any number of `locals` blocks, evaluated once each in
//! dependency order; a cycle is one diagnostic naming its members.
//!
//! ```
//! use hcl_decode::prelude::*;
//! use hcl_decode::Decoder;
//!
//! #[derive(HclBody, Debug)]
//! struct Config { url: String }
//!
//! let src = "locals {\n  url = \"https://${local.host}/\"\n}\nlocals {\n  host = \"example.com\"\n}\nurl = local.url\n";
//! let e = Decoder::new().locals().decode_str_evaluated::<Config>(src, "app.hcl").unwrap();
//! assert_eq!(e.value.url, "https://example.com/");
//! assert_eq!(e.local("host").and_then(|v| v.as_str()), Some("example.com"));
//! let err = Decoder::new().locals().decode_str::<Config>("locals {\n  a = local.url\n}\nurl = local.ulr\n", "app.hcl").unwrap_err();
//! assert_eq!(err.diagnostics().len(), 2); // both misspellings, "Did you mean"
//! ```
//!
//! ### User functions
//!
//! `user_functions()`: `function` blocks (HashiCorp's `ext/userfunc`),
//! calling each other; a recursion deeper than
//! [`language::functions::MAX_CALL_DEPTH`] is a diagnostic. A function's
//! `result` sees its parameters, the functions, `var` and the
//! application's variables, but not `local` (locals may call functions;
//! see [the module](language#what-sees-what) for why): pass a local as an
//! argument.
//!
//! ```
//! use hcl_decode::prelude::*;
//! use hcl_decode::Decoder;
//!
//! #[derive(HclBody, Debug)]
//! struct Config { total: u32 }
//!
//! let src = "function \"sum\" {\n  params = [first]\n  variadic_param = rest\n  result = first + length(rest)\n}\ntotal = sum(40, 1, 1)\n";
//! # let length = hcl_decode::hcl_core::Function::builder()
//! #     .params([hcl_decode::hcl_core::Parameter::new("t", hcl_decode::Type::Dynamic)])
//! #     .return_type(|_| Ok(hcl_decode::Type::Number))
//! #     .build(|a, _| Ok(hcl_decode::Value::number(a[0].len().unwrap_or(0) as i64)));
//! let c: Config = Decoder::new().function("length", length).user_functions().decode_str(src, "app.hcl").unwrap();
//! assert_eq!(c.total, 42);
//! ```
//!
//! ### Several files
//!
//! [`Decoder::decode_files`] (and [`Decoder::layers_files`]): native and
//! JSON files merged into one body, the language blocks pooled, every
//! mistake of every file at once, file by file in the order given.
//!
//! ```no_run
//! # use hcl_decode::prelude::*;
//! # #[derive(HclBody)] struct Config { name: String }
//! let config: Config = hcl_decode::Decoder::new()
//!     .variable_blocks()
//!     .locals()
//!     .decode_files(["main.hcl", "variables.json"])?;
//! # Ok::<(), hcl_decode::Error>(())
//! ```
//!
//! ## Writing HCL
//!
//! `#[derive(ToHcl)]` is the inverse of `#[derive(HclBody)]`, with the same
//! `#[hcl(...)]` vocabulary (options only decoding needs, such as `default`
//! or `validate`, are accepted and ignored), and `#[derive(ToValue)]` the
//! inverse of a value enum's `#[derive(FromValue)]`. [`to_string`] and
//! [`to_writer`] write a value as a native-syntax file formatted as
//! `hclfmt` formats it, which decodes back to an equal value: an `init`
//! command writes its default configuration this way. A value that HCL
//! cannot write (a NaN, an unknown value, a map key that is no string) is
//! an [`Error`] naming the field at fault. See [`encode`] for the whole
//! table.
//!
//! ```
//! use hcl_decode::prelude::*;
//!
//! #[derive(HclBody, ToHcl, Debug, PartialEq)]
//! struct Pipeline {
//!     level: Level,
//!     #[hcl(blocks)]
//!     steps: Vec<Step>,
//! }
//!
//! #[derive(FromValue, ToValue, Debug, PartialEq)]
//! enum Level { Quiet, Verbose }
//!
//! #[derive(HclBody, ToHcl, Debug, PartialEq)]
//! enum Step { Run(Run), Upload(Upload) }
//!
//! #[derive(HclBody, ToHcl, Debug, PartialEq)]
//! struct Run { command: String }
//!
//! #[derive(HclBody, ToHcl, Debug, PartialEq)]
//! struct Upload { #[hcl(label)] path: String }
//!
//! let pipeline = Pipeline {
//!     level: Level::Verbose,
//!     steps: vec![
//!         Step::Run(Run { command: "make \"${TARGET}\"".into() }),
//!         Step::Upload(Upload { path: "dist/app".into() }),
//!     ],
//! };
//! let text = hcl_decode::to_string(&pipeline)?;
//! assert_eq!(
//!     text,
//!     "level = \"verbose\"\n\nrun {\n  command = \"make \\\"$${TARGET}\\\"\"\n}\n\nupload \"dist/app\" {\n}\n"
//! );
//! assert_eq!(hcl_decode::from_str::<Pipeline>(&text, "ci.hcl")?, pipeline);
//! # Ok::<(), hcl_decode::Error>(())
//! ```
//!
//! The `init` example (`cargo run -p examples --example init`) writes a
//! default configuration file on first run and reads it back.
//!
//! ### Editing a file without losing its comments
//!
//! A file the user wrote is changed with [`hcl_core::edit`], HCL's lossless
//! document (Go's `hclwrite`): what was not edited prints back byte for
//! byte (comments, blank lines, alignment, line endings), and the edited
//! lines are laid out as `hclfmt` would lay them out. A settings screen
//! saving one value, or a migration to a new format:
//!
//! ```
//! use hcl_decode::hcl_core::{Value, edit::Document};
//!
//! let text = "# ports\nlisten_port = 8080 # public\nworkers     = 4\n\nbackend \"db\" {\n  timeout_ms = 250\n}\n";
//! let mut doc = Document::parse(text, "app.hcl").map_err(|d| d.to_string())?;
//! let body = doc.body_mut();
//! body.rename_attribute("listen_port", "port").map_err(|d| d.to_string())?;
//! body.set_attribute_value("workers", &Value::from(8)).map_err(|d| d.to_string())?;
//! let backend = body.block_mut("backend", &["db"]).ok_or("no backend block")?;
//! backend.set_block_type("upstream").map_err(|d| d.to_string())?;
//! assert!(backend.body_mut().remove_attribute("timeout_ms"));
//! assert_eq!(
//!     doc.to_string(),
//!     "# ports\nport    = 8080 # public\nworkers = 8\n\nupstream \"db\" {\n}\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The `migrate` example (`cargo run -p examples --example migrate`) brings
//! a whole file to a new format this way.
//!
//! ### Formatting, and formatting in CI
//!
//! [`hcl_core::format::format`] lays out source text exactly as HashiCorp's
//! `hclfmt` and `terraform fmt` do, and the `hclfmt` binary of this
//! workspace is a drop-in for Go's (same flags, output and exit codes). In
//! CI, `hclfmt -check -require-no-change FILES... > /dev/null` fails when
//! a file does not parse (printing its diagnostics) or is not formatted
//! (naming it); `hclfmt -w FILES...` fixes the layout.
//!
//! ```
//! use hcl_decode::hcl_core::format::format_str;
//!
//! assert_eq!(format_str("a=1\nbbb = [1,2]\n"), "a   = 1\nbbb = [1, 2]\n");
//! ```
pub mod decode;
pub mod decoder;
pub mod duration;
pub mod encode;
pub mod error;
mod handle;
pub mod language;
pub mod layered;
pub mod prelude;
pub mod render;
#[cfg(feature = "serde")]
pub mod serde_bridge;
pub mod spec;
mod syntax;
pub mod target;
mod target_std;
pub mod validate;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use decode::{
    Content, DecodeContext, FromBlocks, FromBody, FromExpression, FromLabel, FromRange,
    FromTypedBlocks, HclBlocks, HclBody,
};
pub use decoder::{Decoded, Decoder, Mode, from_body, from_file, from_slice, from_str};
pub use encode::{ToHcl, ToValue, to_string, to_writer};
pub use error::{Error, FromValueError};
pub use handle::{BodyHandle, ExpressionHandle};
pub use language::{Evaluated, InputVariable, ValueSource};
pub use layered::Layers;
#[cfg(feature = "serde")]
pub use serde_bridge::Serde;
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
