//! go-cty's JSON mapping of values (`cty/json`) and of types (cty's type
//! JSON), which `jsonencode` and `jsondecode` use and other tools (the
//! `hcldec` command's output) share: [`marshal`] (a value as JSON text,
//! optionally with its type), [`marshal_type`] and [`write_type`] (a type
//! as cty's JSON type description) and [`decode`] (JSON text as a value of
//! the type its structure implies).
//!
//! The decoder is a port of the parts of Go's `encoding/json` that cty
//! uses (the `Decoder.Token` stream and its scanner), so that it accepts
//! what Go accepts and fails with Go's messages ("invalid character 'x'
//! looking for beginning of value", "unexpected EOF", "EOF", "extraneous
//! data after JSON object"...). It never panics and limits nesting to
//! [`MAX_DEPTH`] levels. Numbers are exact (decimal text to [`Number`]).
//!
//! ```
//! use hcl_core::cty_json::{decode, marshal};
//! use hcl_core::{Type, Value};
//!
//! let v = decode(r#"{"name": "web", "ports": [80, 443], "tls": null}"#).unwrap();
//! assert_eq!(
//!     v.ty(),
//!     &Type::object([
//!         ("name", Type::String),
//!         ("ports", Type::tuple([Type::Number, Type::Number])),
//!         ("tls", Type::Dynamic),
//!     ])
//! );
//! assert_eq!(marshal(&v, v.ty()).unwrap(), r#"{"name":"web","ports":[80,443],"tls":null}"#);
//! assert_eq!(decode("[1,]").unwrap_err().to_string(), "invalid character ']' looking for beginning of value");
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::fmt::Write as _;

use crate::convert::convert;
use crate::number::{Number, ParseNumberErrorKind};
use crate::path::{Path, PathStep};
use crate::quote::write_json_string;
use crate::ty::{ObjectType, TupleType, Type};
use crate::value::Value;

/// How deeply arrays and objects may nest in [`decode`] (Go has no
/// practical limit).
pub const MAX_DEPTH: usize = 1_024;

/// Why a value could not be written as JSON, or JSON text could not be
/// decoded: a message in go-cty's words and, for encoding, where in the
/// value the problem is.
#[derive(Clone, Debug, PartialEq)]
pub struct JsonError {
    path: Path,
    message: String,
}

impl JsonError {
    fn new(message: impl Into<String>) -> JsonError {
        JsonError {
            path: Path::root(),
            message: message.into(),
        }
    }

    fn at(path: &Path, message: impl Into<String>) -> JsonError {
        JsonError {
            path: path.clone(),
            message: message.into(),
        }
    }

    /// Where in the value the problem is (the root for decoding errors).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The message, without the path (as Go's `cty.PathError` prints).
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// The message alone, as Go prints a `cty.PathError`.
impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for JsonError {}

// ---------------------------------------------------------------------------
// Encoding

/// Writes `value` as JSON for the type `ty` (go-cty's `json.Marshal`). The
/// value is first converted to `ty` if it does not conform to it. Where
/// `ty` is (or contains) the dynamic pseudo-type and the value there is not
/// of it, that part is written with its type, as
/// `{"value":...,"type":...}` (see [`marshal_type`]), so that the type can
/// be recovered.
///
/// Errors: a value that does not convert to `ty`; an unknown value ("value
/// is not known"); an infinity ("cannot serialize infinity as JSON"); a
/// capsule value (which has no JSON form here).
///
/// ```
/// use hcl_core::cty_json::marshal;
/// use hcl_core::{Type, Value};
///
/// let v = Value::list([Value::string("a")]).unwrap();
/// assert_eq!(marshal(&v, v.ty()).unwrap(), r#"["a"]"#);
/// assert_eq!(marshal(&v, &Type::Dynamic).unwrap(), r#"{"value":["a"],"type":["list","string"]}"#);
/// ```
pub fn marshal(value: &Value, ty: &Type) -> Result<String, JsonError> {
    let mut out = String::new();
    write_value(&mut out, value, ty, MarshalOptions::new())?;
    Ok(out)
}

/// How [`write_value`] writes a value: as go-cty's `json.Marshal` by
/// default; optionally without the null entries of objects and maps (as
/// HashiCorp's `hcldec` writes its result unless `--keep-nulls` is given),
/// and with large collections written by several threads (the text is the
/// same whatever the number).
///
/// ```
/// use hcl_core::cty_json::{MarshalOptions, write_value};
/// use hcl_core::{Type, Value};
///
/// let v = Value::object([("a", Value::number(1)), ("b", Value::null(Type::String))]);
/// let mut out = String::new();
/// write_value(&mut out, &v, v.ty(), MarshalOptions::new().strip_nulls(true)).unwrap();
/// assert_eq!(out, r#"{"a":1}"#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarshalOptions {
    strip_nulls: bool,
    threads: usize,
}

impl Default for MarshalOptions {
    fn default() -> MarshalOptions {
        MarshalOptions::new()
    }
}

impl MarshalOptions {
    /// go-cty's `json.Marshal`: nulls kept, one thread.
    pub fn new() -> MarshalOptions {
        MarshalOptions {
            strip_nulls: false,
            threads: 1,
        }
    }

    /// Whether to leave out the entries of objects and maps whose value
    /// is null (at every level; elements of lists, sets and tuples stay).
    #[must_use]
    pub fn strip_nulls(mut self, strip: bool) -> MarshalOptions {
        self.strip_nulls = strip;
        self
    }

    /// How many threads may write the elements of a large collection (at
    /// least one).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> MarshalOptions {
        self.threads = threads.max(1);
        self
    }
}

/// Appends `value` as JSON for the type `ty`, as [`marshal`] does, with
/// `options`. On an error, what was appended is unspecified.
pub fn write_value(
    out: &mut String,
    value: &Value,
    ty: &Type,
    options: MarshalOptions,
) -> Result<(), JsonError> {
    let converted;
    // `ty` is most often the value's own type: no walk over it is needed.
    let value = if std::ptr::eq(value.ty(), ty) || value.ty().matches(ty) {
        value
    } else {
        converted = convert(value, ty).map_err(|e| JsonError::at(e.path(), e.message()))?;
        &converted
    };
    marshal_into(value, ty, options, out)
}

/// An error found in a part, reported from its container: the path is
/// built as the error returns, so that writing a value that has none
/// costs no path.
fn within(step: impl FnOnce() -> PathStep) -> impl FnOnce(JsonError) -> JsonError {
    move |mut e| {
        e.path.prepend(step());
        e
    }
}

fn marshal_into(
    value: &Value,
    ty: &Type,
    opts: MarshalOptions,
    out: &mut String,
) -> Result<(), JsonError> {
    // This recurses once per nesting level: each case is a function of its
    // own, so that the frames on the recursion path stay small (a debug
    // build gives every temporary a slot).
    if ty.is_dynamic() && !value.ty().is_dynamic() {
        return marshal_dynamic(value, opts, out);
    }
    if value.is_null() || !value.is_known() {
        return marshal_leaf(value, ty, out);
    }
    match ty {
        Type::List(ety) | Type::Set(ety) => marshal_sequence(value, ty, ety, opts, out),
        Type::Tuple(t) => marshal_tuple(value, t, opts, out),
        Type::Map(ety) => marshal_map(value, ety, opts, out),
        Type::Object(o) => marshal_object(value, o, opts, out),
        _ => marshal_leaf(value, ty, out),
    }
}

/// A value of a known type where the dynamic pseudo-type is expected: the
/// value with its type.
#[inline(never)]
fn marshal_dynamic(value: &Value, opts: MarshalOptions, out: &mut String) -> Result<(), JsonError> {
    let type_json = marshal_type(value.ty())
        .map_err(|e| JsonError::new(format!("failed to serialize type: {}", e.message)))?;
    out.push_str(r#"{"value":"#);
    marshal_into(value, value.ty(), opts, out)?;
    out.push_str(r#","type":"#);
    out.push_str(&type_json);
    out.push('}');
    Ok(())
}

/// Null and unknown values, primitive values, and the values that have no
/// JSON form.
#[inline(never)]
fn marshal_leaf(value: &Value, ty: &Type, out: &mut String) -> Result<(), JsonError> {
    if value.is_null() {
        out.push_str("null");
        return Ok(());
    }
    if !value.is_known() {
        return Err(JsonError::new("value is not known"));
    }
    match ty {
        Type::String => {
            write_json_string(out, value.as_str().unwrap_or_default());
        }
        Type::Number => {
            let Some(n) = value.as_number() else {
                return Err(JsonError::new("value is not known"));
            };
            if n.is_infinite() {
                return Err(JsonError::new("cannot serialize infinity as JSON"));
            }
            let _ = write!(out, "{n}");
        }
        Type::Bool => out.push_str(if value.is_true() { "true" } else { "false" }),
        Type::Capsule(c) => {
            return Err(JsonError::new(format!(
                "cannot JSON-serialize {}",
                c.name()
            )));
        }
        // A value of the dynamic pseudo-type is null or unknown, both
        // handled above (and collections are not leaves).
        _ => return Err(JsonError::new("value is not known")),
    }
    Ok(())
}

/// How many elements make writing a collection in parallel worth it.
const PARALLEL_MIN_ELEMENTS: usize = 64;

/// Writes one item of a collection, given its index in the collection
/// (and says whether it wrote anything: a stripped null writes nothing).
type WriteItem<'a, T> =
    &'a (dyn Fn(&mut String, usize, &T, MarshalOptions) -> Result<bool, JsonError> + Sync);

/// Writes the items of a collection, separated by commas: in parallel runs
/// when there are many and threads are allowed.
fn write_items<T: Sync>(
    out: &mut String,
    items: &[T],
    opts: MarshalOptions,
    write: WriteItem<'_, T>,
) -> Result<(), JsonError> {
    if opts.threads < 2 || items.len() < PARALLEL_MIN_ELEMENTS {
        write_run(out, items, 0, opts, write)
    } else {
        write_parallel(out, items, opts, write)
    }
}

/// Writes items one after the other, separated by commas.
fn write_run<T>(
    out: &mut String,
    items: &[T],
    offset: usize,
    opts: MarshalOptions,
    write: WriteItem<'_, T>,
) -> Result<(), JsonError> {
    let mut first = true;
    for (i, item) in items.iter().enumerate() {
        let mark = out.len();
        if !first {
            out.push(',');
        }
        if write(out, offset + i, item, opts)? {
            first = false;
        } else {
            out.truncate(mark);
        }
    }
    Ok(())
}

/// Writes runs of items on threads of their own and joins their texts (a
/// function of its own, off the recursion path of small collections).
#[inline(never)]
fn write_parallel<T: Sync>(
    out: &mut String,
    items: &[T],
    opts: MarshalOptions,
    write: WriteItem<'_, T>,
) -> Result<(), JsonError> {
    let chunk = items.len().div_ceil(opts.threads);
    let single = opts.threads(1);
    let run = |(n, part): (usize, &[T])| {
        let mut text = String::new();
        write_run(&mut text, part, n * chunk, single, write).map(|()| text)
    };
    let parts: Vec<Result<String, JsonError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .enumerate()
            .map(|part| {
                std::thread::Builder::new()
                    .stack_size(8 << 20)
                    .spawn_scoped(scope, move || run(part))
                    .map_err(|_| part)
            })
            .collect();
        handles
            .into_iter()
            .map(|h| match h {
                Ok(h) => match h.join() {
                    Ok(r) => r,
                    Err(panic) => std::panic::resume_unwind(panic),
                },
                // No thread could be started: write the run here.
                Err(part) => run(part),
            })
            .collect()
    });
    let mut wrote = false;
    for part in parts {
        let part = part?;
        if part.is_empty() {
            continue;
        }
        if wrote {
            out.push(',');
        }
        out.push_str(&part);
        wrote = true;
    }
    Ok(())
}

/// A list or set.
#[inline(never)]
fn marshal_sequence(
    value: &Value,
    ty: &Type,
    ety: &Type,
    opts: MarshalOptions,
    out: &mut String,
) -> Result<(), JsonError> {
    out.push('[');
    let elements = value.elements().unwrap_or_default();
    let set = matches!(ty, Type::Set(_));
    write_items(out, elements, opts, &|out, i, element, opts| {
        marshal_into(element, ety, opts, out)
            .map(|()| true)
            .map_err(within(|| {
                PathStep::Index(if set { element.clone() } else { index_key(i) })
            }))
    })?;
    out.push(']');
    Ok(())
}

/// A tuple.
#[inline(never)]
fn marshal_tuple(
    value: &Value,
    t: &TupleType,
    opts: MarshalOptions,
    out: &mut String,
) -> Result<(), JsonError> {
    out.push('[');
    let elements = value.elements().unwrap_or_default();
    let types = t.elements();
    let elements = &elements[..elements.len().min(types.len())];
    write_items(out, elements, opts, &|out, i, element, opts| {
        marshal_into(element, &types[i], opts, out)
            .map(|()| true)
            .map_err(within(|| PathStep::Index(index_key(i))))
    })?;
    out.push(']');
    Ok(())
}

/// A map.
#[inline(never)]
fn marshal_map(
    value: &Value,
    ety: &Type,
    opts: MarshalOptions,
    out: &mut String,
) -> Result<(), JsonError> {
    out.push('{');
    let entries: Vec<(&String, &Value)> = value
        .attributes()
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    write_items(out, &entries, opts, &|out, _, &(key, element), opts| {
        if opts.strip_nulls && element.is_null() {
            return Ok(false);
        }
        write_json_string(out, key);
        out.push(':');
        marshal_into(element, ety, opts, out)
            .map(|()| true)
            .map_err(within(|| PathStep::Index(Value::string(key.clone()))))
    })?;
    out.push('}');
    Ok(())
}

/// An object's attributes with their types and values. A value of the
/// type has every attribute, in the same (name) order: the two maps are
/// walked together, with no lookup per attribute. (A function of its own,
/// off the recursion path, so that `marshal_object`'s frame stays small.)
#[inline(never)]
fn object_entries<'a>(
    value: &'a Value,
    o: &'a ObjectType,
) -> Vec<(&'a String, &'a Type, Option<&'a Value>)> {
    match value.attributes() {
        Some(values) if values.len() == o.attributes().len() => o
            .attributes()
            .iter()
            .zip(values.values())
            .map(|((name, aty), v)| (name, aty, Some(v)))
            .collect(),
        _ => o
            .attributes()
            .iter()
            .map(|(name, aty)| (name, aty, value.get(name)))
            .collect(),
    }
}

/// An object.
#[inline(never)]
fn marshal_object(
    value: &Value,
    o: &ObjectType,
    opts: MarshalOptions,
    out: &mut String,
) -> Result<(), JsonError> {
    out.push('{');
    let attributes = object_entries(value, o);
    write_items(
        out,
        &attributes,
        opts,
        &|out, _, &(name, aty, element), opts| {
            let null;
            let element = match element {
                Some(element) => element,
                None => {
                    null = Value::null(aty.clone());
                    &null
                }
            };
            if opts.strip_nulls && element.is_null() {
                return Ok(false);
            }
            write_json_string(out, name);
            out.push(':');
            marshal_into(element, aty, opts, out)
                .map(|()| true)
                .map_err(within(|| PathStep::Attr(name.clone())))
        },
    )?;
    out.push('}');
    Ok(())
}

fn index_key(i: usize) -> Value {
    Value::number(i64::try_from(i).unwrap_or(i64::MAX))
}

/// A type as go-cty's JSON type description (`Type.MarshalJSON`):
/// `"string"`, `["list","number"]`, `["object",{"a":"bool"}]` (with a
/// third element listing the optional attributes, if any),
/// `["tuple",["string"]]`, `"dynamic"`. Capsule types have none.
///
/// ```
/// use hcl_core::cty_json::marshal_type;
/// use hcl_core::Type;
///
/// let ty = Type::map(Type::object([("a", Type::Dynamic)]));
/// assert_eq!(marshal_type(&ty).unwrap(), r#"["map",["object",{"a":"dynamic"}]]"#);
/// ```
pub fn marshal_type(ty: &Type) -> Result<String, JsonError> {
    let mut out = String::new();
    write_type(&mut out, ty)?;
    Ok(out)
}

/// Appends a type's JSON description (see [`marshal_type`]) to `out`; on
/// an error (a capsule type), what was appended is incomplete.
///
/// ```
/// use hcl_core::cty_json::write_type;
/// use hcl_core::Type;
///
/// let mut out = String::from("type: ");
/// write_type(&mut out, &Type::object_with_optional([("a", Type::Number)], ["a"])).unwrap();
/// assert_eq!(out, r#"type: ["object",{"a":"number"},["a"]]"#);
/// ```
pub fn write_type(out: &mut String, ty: &Type) -> Result<(), JsonError> {
    match ty {
        Type::Bool => out.push_str(r#""bool""#),
        Type::Number => out.push_str(r#""number""#),
        Type::String => out.push_str(r#""string""#),
        Type::Dynamic => out.push_str(r#""dynamic""#),
        Type::List(e) | Type::Map(e) | Type::Set(e) => {
            out.push_str(match ty {
                Type::List(_) => r#"["list","#,
                Type::Map(_) => r#"["map","#,
                _ => r#"["set","#,
            });
            write_type(out, e)?;
            out.push(']');
        }
        Type::Object(o) => {
            out.push_str(r#"["object",{"#);
            for (i, (name, aty)) in o.attributes().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json_string(out, name);
                out.push(':');
                write_type(out, aty)?;
            }
            out.push('}');
            if !o.optional().is_empty() {
                out.push_str(",[");
                for (i, name) in o.optional().iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_json_string(out, name);
                }
                out.push(']');
            }
            out.push(']');
        }
        Type::Tuple(t) => {
            out.push_str(r#"["tuple",["#);
            for (i, ety) in t.elements().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(out, ety)?;
            }
            out.push_str("]]");
        }
        Type::Capsule(c) => {
            return Err(JsonError::new(format!(
                "type not allowed: capsule type {} cannot be serialized",
                c.name()
            )));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Decoding

/// Decodes JSON text into the value it describes, of the type its
/// structure implies (go-cty's `json.ImpliedType` then `json.Unmarshal`):
/// objects become object values (a key given twice keeps its last value),
/// arrays tuples, `null` a null of the dynamic pseudo-type, numbers exact
/// numbers (a magnitude beyond the range of [`Number`] becomes an infinity,
/// or zero, as Go's overflow does).
///
/// As Go, the text must hold one value; anything but white space after it
/// is "extraneous data after JSON object", except a closing `]` or `}`,
/// which Go's decoder lets pass (`[1]]` is `[1]`).
///
/// ```
/// use hcl_core::cty_json::decode;
/// use hcl_core::{Type, Value};
///
/// assert_eq!(decode("null").unwrap(), Value::null(Type::Dynamic));
/// assert_eq!(decode(r#"{"a":1,"a":"x"}"#).unwrap(), Value::object([("a", Value::string("x"))]));
/// assert_eq!(decode("").unwrap_err().to_string(), "EOF");
/// assert_eq!(decode("1 2").unwrap_err().to_string(), "extraneous data after JSON object");
/// ```
pub fn decode(text: &str) -> Result<Value, JsonError> {
    let mut d = Decoder {
        buf: text.as_bytes(),
        pos: 0,
        state: State::TopValue,
        stack: Vec::new(),
        number_error: None,
    };
    let tok = d.token().map_err(JsonError::new)?;
    let value = d.value_for(tok, 0).map_err(JsonError::new)?;
    if d.more() {
        return Err(JsonError::new("extraneous data after JSON object"));
    }
    // Go reads numbers only when building the value, after the whole text
    // was found valid.
    if let Some(message) = d.number_error {
        return Err(JsonError::new(message));
    }
    Ok(value)
}

/// Where the token stream is (Go's `tokenState`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    TopValue,
    ArrayStart,
    ArrayValue,
    ArrayComma,
    ObjectStart,
    ObjectKey,
    ObjectColon,
    ObjectValue,
    ObjectComma,
}

/// One token of Go's `Decoder.Token`.
#[derive(Debug)]
enum Token {
    Open(u8),
    Close(u8),
    Null,
    Bool(bool),
    Number(String),
    String(String),
}

struct Decoder<'a> {
    buf: &'a [u8],
    pos: usize,
    state: State,
    stack: Vec<State>,
    /// The first number that could not be read, in document order.
    number_error: Option<String>,
}

const UNEXPECTED_EOF: &str = "unexpected EOF";

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

/// Go's `quoteChar`: a byte in single quotes, as `strconv.Quote` writes the
/// character of that code point.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => r"'\''".into(),
        b'"' => r#"'"'"#.into(),
        0x07 => r"'\a'".into(),
        0x08 => r"'\b'".into(),
        0x0c => r"'\f'".into(),
        b'\n' => r"'\n'".into(),
        b'\r' => r"'\r'".into(),
        b'\t' => r"'\t'".into(),
        0x0b => r"'\v'".into(),
        b'\\' => r"'\\'".into(),
        0x00..=0x1f | 0x7f => format!(r"'\x{c:02x}'"),
        0x80..=0xa0 | 0xad => format!(r"'\u{c:04x}'"),
        _ => format!("'{}'", char::from(c)),
    }
}

/// A scanner error: "invalid character 'x' in string literal".
fn invalid(c: u8, context: &str) -> String {
    format!("invalid character {} {context}", quote_char(c))
}

impl Decoder<'_> {
    fn byte(&self, i: usize) -> Option<u8> {
        self.buf.get(i).copied()
    }

    /// The next non-space byte, the position left at it.
    fn peek(&mut self) -> Option<u8> {
        while let Some(c) = self.byte(self.pos) {
            if !is_space(c) {
                return Some(c);
            }
            self.pos += 1;
        }
        None
    }

    /// Go's `Decoder.More`.
    fn more(&mut self) -> bool {
        self.peek().is_some_and(|c| c != b']' && c != b'}')
    }

    fn value_allowed(&self) -> bool {
        matches!(
            self.state,
            State::TopValue | State::ArrayStart | State::ArrayValue | State::ObjectValue
        )
    }

    fn value_end(&mut self) {
        self.state = match self.state {
            State::ArrayStart | State::ArrayValue => State::ArrayComma,
            State::ObjectValue => State::ObjectComma,
            other => other,
        };
    }

    fn token_error(&self, c: u8) -> String {
        let context = match self.state {
            State::TopValue | State::ArrayStart | State::ArrayValue | State::ObjectValue => {
                " looking for beginning of value"
            }
            State::ArrayComma => " after array element",
            State::ObjectKey => " looking for beginning of object key string",
            State::ObjectColon => " after object key",
            State::ObjectComma => " after object key:value pair",
            State::ObjectStart => "",
        };
        format!("invalid character {}{context}", quote_char(c))
    }

    /// Go's `Decoder.Token`.
    fn token(&mut self) -> Result<Token, String> {
        loop {
            let Some(c) = self.peek() else {
                return Err("EOF".into());
            };
            match c {
                b'[' | b'{' => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    self.pos += 1;
                    self.stack.push(self.state);
                    self.state = if c == b'[' {
                        State::ArrayStart
                    } else {
                        State::ObjectStart
                    };
                    return Ok(Token::Open(c));
                }
                b']' | b'}' => {
                    let ok = if c == b']' {
                        matches!(self.state, State::ArrayStart | State::ArrayComma)
                    } else {
                        matches!(self.state, State::ObjectStart | State::ObjectComma)
                    };
                    if !ok {
                        return Err(self.token_error(c));
                    }
                    self.pos += 1;
                    self.state = self.stack.pop().unwrap_or(State::TopValue);
                    self.value_end();
                    return Ok(Token::Close(c));
                }
                b':' => {
                    if self.state != State::ObjectColon {
                        return Err(self.token_error(c));
                    }
                    self.pos += 1;
                    self.state = State::ObjectValue;
                }
                b',' => match self.state {
                    State::ArrayComma => {
                        self.pos += 1;
                        self.state = State::ArrayValue;
                    }
                    State::ObjectComma => {
                        self.pos += 1;
                        self.state = State::ObjectKey;
                    }
                    _ => return Err(self.token_error(c)),
                },
                b'"' if matches!(self.state, State::ObjectStart | State::ObjectKey) => {
                    let key = self.read_string()?;
                    self.state = State::ObjectColon;
                    return Ok(Token::String(key));
                }
                _ => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    let tok = self.read_literal(c)?;
                    self.value_end();
                    return Ok(tok);
                }
            }
        }
    }

    /// A string, number, `true`, `false` or `null` at the position (Go's
    /// `Decode` of one literal value, with its scanner's errors).
    fn read_literal(&mut self, c: u8) -> Result<Token, String> {
        match c {
            b'"' => self.read_string().map(Token::String),
            b'-' | b'0'..=b'9' => self.read_number().map(Token::Number),
            b't' => self.read_word("true").map(|()| Token::Bool(true)),
            b'f' => self.read_word("false").map(|()| Token::Bool(false)),
            b'n' => self.read_word("null").map(|()| Token::Null),
            _ => Err(invalid(c, "looking for beginning of value")),
        }
    }

    fn read_word(&mut self, word: &str) -> Result<(), String> {
        let expected = word.as_bytes();
        for (k, &want) in expected.iter().enumerate().skip(1) {
            match self.byte(self.pos + k) {
                None => return Err(UNEXPECTED_EOF.into()),
                Some(got) if got != want => {
                    return Err(invalid(
                        got,
                        &format!("in literal {word} (expecting {})", quote_char(want)),
                    ));
                }
                Some(_) => {}
            }
        }
        self.pos += expected.len();
        Ok(())
    }

    fn read_number(&mut self) -> Result<String, String> {
        let start = self.pos;
        let mut i = self.pos;
        let digit = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_digit());
        if self.byte(i) == Some(b'-') {
            i += 1;
            match self.byte(i) {
                None => return Err(UNEXPECTED_EOF.into()),
                Some(b) if !b.is_ascii_digit() => return Err(invalid(b, "in numeric literal")),
                Some(_) => {}
            }
        }
        if self.byte(i) == Some(b'0') {
            i += 1;
        } else {
            while digit(self.byte(i)) {
                i += 1;
            }
        }
        if self.byte(i) == Some(b'.') {
            i += 1;
            match self.byte(i) {
                None => return Err(UNEXPECTED_EOF.into()),
                Some(b) if !b.is_ascii_digit() => {
                    return Err(invalid(b, "after decimal point in numeric literal"));
                }
                Some(_) => {}
            }
            while digit(self.byte(i)) {
                i += 1;
            }
        }
        if matches!(self.byte(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(self.byte(i), Some(b'+' | b'-')) {
                i += 1;
            }
            match self.byte(i) {
                None => return Err(UNEXPECTED_EOF.into()),
                Some(b) if !b.is_ascii_digit() => {
                    return Err(invalid(b, "in exponent of numeric literal"));
                }
                Some(_) => {}
            }
            while digit(self.byte(i)) {
                i += 1;
            }
        }
        self.pos = i;
        Ok(String::from_utf8_lossy(self.buf.get(start..i).unwrap_or_default()).into_owned())
    }

    /// A string literal at the position: checked as Go's scanner does,
    /// then unquoted as Go's `unquote` does (an invalid surrogate escape
    /// becomes U+FFFD).
    fn read_string(&mut self) -> Result<String, String> {
        let start = self.pos + 1;
        let mut i = start;
        loop {
            let Some(c) = self.byte(i) else {
                return Err(UNEXPECTED_EOF.into());
            };
            match c {
                b'"' => break,
                b'\\' => {
                    i += 1;
                    match self.byte(i) {
                        None => return Err(UNEXPECTED_EOF.into()),
                        Some(b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"') => i += 1,
                        Some(b'u') => {
                            i += 1;
                            for _ in 0..4 {
                                match self.byte(i) {
                                    None => return Err(UNEXPECTED_EOF.into()),
                                    Some(h) if h.is_ascii_hexdigit() => i += 1,
                                    Some(h) => {
                                        return Err(invalid(
                                            h,
                                            "in \\u hexadecimal character escape",
                                        ));
                                    }
                                }
                            }
                        }
                        Some(e) => return Err(invalid(e, "in string escape code")),
                    }
                }
                0x00..=0x1f => return Err(invalid(c, "in string literal")),
                _ => i += 1,
            }
        }
        self.pos = i + 1;
        Ok(unquote(self.buf.get(start..i).unwrap_or_default()))
    }

    /// The value of the token `tok` and of the tokens after it that belong
    /// to it (Go's `impliedType` and `unmarshal` in one pass). It recurses
    /// once per nesting level, so each case is a function of its own and
    /// this frame stays small (a debug build gives every temporary a slot).
    fn value_for(&mut self, tok: Token, depth: usize) -> Result<Value, String> {
        match tok {
            Token::Open(_) if depth >= MAX_DEPTH => Err(too_deep()),
            Token::Open(b'[') => self.array(depth),
            Token::Open(_) => self.object(depth),
            tok => leaf_value(self, tok),
        }
    }

    /// The elements of an array whose `[` is read.
    #[inline(never)]
    fn array(&mut self, depth: usize) -> Result<Value, String> {
        let mut elements = Vec::new();
        loop {
            let tok = self.token()?;
            if let Token::Close(b']') = tok {
                break;
            }
            elements.push(self.value_for(tok, depth + 1)?);
        }
        Ok(Value::tuple(elements))
    }

    /// The attributes of an object whose `{` is read.
    #[inline(never)]
    fn object(&mut self, depth: usize) -> Result<Value, String> {
        let mut attributes = BTreeMap::new();
        while let Some(key) = self.object_key()? {
            let tok = self.token()?;
            let value = self.value_for(tok, depth + 1)?;
            attributes.insert(key, value);
        }
        Ok(Value::object(attributes))
    }

    /// The next key of an object, or `None` at its end.
    #[inline(never)]
    fn object_key(&mut self) -> Result<Option<String>, String> {
        match self.token()? {
            Token::Close(b'}') => Ok(None),
            Token::String(key) => Ok(Some(key)),
            Token::Close(d) | Token::Open(d) => {
                Err(format!("unexpected delimiter '{}'", char::from(d)))
            }
            _ => Err("expected string but found a non-string".into()),
        }
    }

    /// The number a JSON number text stands for (go-cty's
    /// `ParseNumberVal`). Beyond the range of [`Number`] it overflows to an
    /// infinity or underflows to zero, as Go's `big.ParseFloat` does beyond
    /// its (wider) range.
    fn number(&mut self, text: &str) -> Number {
        match Number::parse_literal(text) {
            Ok(n) => n,
            Err(e) if e.kind() == ParseNumberErrorKind::OutOfRange => overflowed(text),
            Err(e) => {
                if self.number_error.is_none() {
                    self.number_error = Some(e.to_string());
                }
                Number::ZERO
            }
        }
    }
}

/// The limit a number text out of the range of [`Number`] goes to: an
/// infinity of its sign when its magnitude is large, zero when it is tiny.
fn overflowed(text: &str) -> Number {
    let negative = text.starts_with('-');
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, "0"),
    };
    let mantissa = mantissa.trim_start_matches(['-', '+']);
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // The decimal exponent of the first significant digit.
    let int_digits = int_part.trim_start_matches('0');
    let magnitude: i128 = if int_digits.is_empty() {
        let leading_zeros = frac_part.len() - frac_part.trim_start_matches('0').len();
        -i128::try_from(leading_zeros).unwrap_or(i128::MAX)
    } else {
        i128::try_from(int_digits.len()).unwrap_or(i128::MAX)
    };
    let exp_negative = exponent.starts_with('-');
    let exp_digits = exponent
        .trim_start_matches(['-', '+'])
        .trim_start_matches('0');
    let exp: i128 = if exp_digits.len() > 30 {
        i128::MAX / 2
    } else {
        exp_digits.parse().unwrap_or(0)
    };
    let exp = if exp_negative { -exp } else { exp };
    if magnitude.saturating_add(exp) > 0 {
        if negative {
            Number::NEG_INFINITY
        } else {
            Number::INFINITY
        }
    } else {
        Number::ZERO
    }
}

/// Go's `unquote` of a string literal's content, already checked.
fn unquote(raw: &[u8]) -> String {
    let mut out: Vec<u8> = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&c) = raw.get(i) {
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let escaped = match raw.get(i + 1) {
            Some(b'b') => Some('\u{8}'),
            Some(b'f') => Some('\u{c}'),
            Some(b'n') => Some('\n'),
            Some(b'r') => Some('\r'),
            Some(b't') => Some('\t'),
            Some(b'/') => Some('/'),
            Some(b'\\') => Some('\\'),
            Some(b'"') => Some('"'),
            _ => None,
        };
        if let Some(e) = escaped {
            push_char(&mut out, e);
            i += 2;
            continue;
        }
        // \uXXXX, possibly the first half of a surrogate pair.
        let Some(first) = hex4(raw, i) else {
            i += 1;
            continue;
        };
        i += 6;
        if (0xD800..0xE000).contains(&first) {
            if let Some(second) = hex4(raw, i)
                && (0xD800..0xDC00).contains(&first)
                && (0xDC00..0xE000).contains(&second)
            {
                let c = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                push_char(&mut out, char::from_u32(c).unwrap_or('\u{FFFD}'));
                i += 6;
                continue;
            }
            push_char(&mut out, '\u{FFFD}');
            continue;
        }
        push_char(&mut out, char::from_u32(first).unwrap_or('\u{FFFD}'));
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The code unit of a `\uXXXX` escape at `raw[i..]`.
fn hex4(raw: &[u8], i: usize) -> Option<u32> {
    if raw.get(i) != Some(&b'\\') || raw.get(i + 1) != Some(&b'u') {
        return None;
    }
    let digits = raw.get(i + 2..i + 6)?;
    let text = std::str::from_utf8(digits).ok()?;
    u32::from_str_radix(text, 16).ok()
}

fn push_char(out: &mut Vec<u8>, c: char) {
    let mut buf = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}

/// The error for an array or object nested deeper than [`MAX_DEPTH`].
#[cold]
#[inline(never)]
fn too_deep() -> String {
    format!("JSON nesting is too deep (more than {MAX_DEPTH} levels)")
}

/// The value of a token that is not an opening delimiter.
#[inline(never)]
fn leaf_value(d: &mut Decoder<'_>, tok: Token) -> Result<Value, String> {
    match tok {
        Token::Null => Ok(Value::null(Type::Dynamic)),
        Token::Bool(b) => Ok(Value::bool(b)),
        Token::String(s) => Ok(Value::string(s)),
        Token::Number(text) => Ok(Value::number(d.number(&text))),
        Token::Close(c) | Token::Open(c) => Err(format!("unexpected token '{}'", char::from(c))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A list of 200 objects, some with null attributes, one of which
    /// holds a map with a null entry.
    fn sample() -> Value {
        let items = (0..200).map(|i| {
            let tag = if i % 3 == 0 {
                Value::null(Type::String)
            } else {
                Value::string(format!("t{i}"))
            };
            let extra =
                Value::map([("k", Value::null(Type::Number))]).unwrap_or_else(|_| Value::dynamic());
            Value::object([("n", Value::number(i)), ("tag", tag), ("extra", extra)])
        });
        Value::list(items).unwrap_or_else(|_| Value::dynamic())
    }

    #[test]
    fn threads_write_the_same_text() {
        let v = sample();
        for strip in [false, true] {
            let one = MarshalOptions::new().strip_nulls(strip);
            let mut a = String::new();
            write_value(&mut a, &v, v.ty(), one).unwrap();
            let mut b = String::new();
            write_value(&mut b, &v, v.ty(), one.threads(4)).unwrap();
            assert_eq!(a, b);
        }
        assert_eq!(marshal(&v, v.ty()).unwrap().matches("null").count(), 267);
    }

    #[test]
    fn stripping_nulls_leaves_out_object_and_map_entries_only() {
        let v = Value::tuple([
            Value::null(Type::String),
            Value::object([("a", Value::null(Type::Number)), ("b", Value::number(1))]),
            Value::map([("x", Value::null(Type::Bool))]).unwrap(),
        ]);
        let mut out = String::new();
        write_value(
            &mut out,
            &v,
            v.ty(),
            MarshalOptions::new().strip_nulls(true),
        )
        .unwrap();
        assert_eq!(out, r#"[null,{"b":1},{}]"#);
        assert_eq!(
            marshal(&v, v.ty()).unwrap(),
            r#"[null,{"a":null,"b":1},{"x":null}]"#
        );
    }

    #[test]
    fn errors_name_their_path() {
        let v = Value::object([(
            "a",
            Value::list([Value::number(1), Value::number(Number::INFINITY)]).unwrap(),
        )]);
        let e = marshal(&v, v.ty()).unwrap_err();
        assert_eq!(e.message(), "cannot serialize infinity as JSON");
        assert_eq!(e.path(), &Path::root().attr("a").index(Value::number(1)));
    }

    #[test]
    fn quote_char_matches_go() {
        assert_eq!(quote_char(b'x'), "'x'");
        assert_eq!(quote_char(b'\''), r"'\''");
        assert_eq!(quote_char(b'"'), r#"'"'"#);
        assert_eq!(quote_char(b'\\'), r"'\\'");
        assert_eq!(quote_char(b'\n'), r"'\n'");
        assert_eq!(quote_char(0x01), r"'\x01'");
        assert_eq!(quote_char(0x7f), r"'\x7f'");
        assert_eq!(quote_char(0x85), r"'\u0085'");
        assert_eq!(quote_char(0xa0), r"'\u00a0'");
        assert_eq!(quote_char(0xc3), "'Ã'");
    }

    #[test]
    fn overflowing_numbers_go_to_infinity_or_zero() {
        assert_eq!(overflowed("1e1000000000"), Number::INFINITY);
        assert_eq!(overflowed("-1.5e1000000000"), Number::NEG_INFINITY);
        assert_eq!(overflowed("1e-1000000000"), Number::ZERO);
        assert_eq!(
            overflowed("0.0001e-99999999999999999999999999999999999"),
            Number::ZERO
        );
        assert_eq!(
            overflowed("123e99999999999999999999999999999999999999"),
            Number::INFINITY
        );
    }

    #[test]
    fn unquote_handles_surrogates_as_go() {
        assert_eq!(unquote(br"\ud83d\ude00"), "😀");
        assert_eq!(unquote(br"\ud83d"), "\u{FFFD}");
        assert_eq!(unquote(br"\ude00"), "\u{FFFD}");
        assert_eq!(unquote(br"\ud83dx"), "\u{FFFD}x");
        assert_eq!(unquote(br"\ud83d\u0041"), "\u{FFFD}A");
        assert_eq!(unquote(br#"a\/b\"\\"#), "a/b\"\\");
    }
}
