//! `yamlencode` and `yamldecode`, as Terraform has them (go-cty-yaml):
//! decoding with the `saphyr-parser` event parser and go-cty-yaml's
//! resolution of scalars; encoding by a port of the parts of libyaml's
//! emitter that go-cty-yaml uses, so that the text is the same.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};

use hcl_core::convert::convert;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::{Number, Type, Value};
use saphyr_parser::{Event, Parser, ScalarStyle, ScanError, Span, Tag};

use super::str_arg;

/// The most values that `yamldecode` builds, counting each use of an alias
/// as a copy of what its anchor names: a document of a few lines can refer
/// to anchors that refer to anchors (the "billion laughs"), and its value,
/// though shared in memory, would take exponential time to walk. A
/// document whose expanded value has more than this many values (scalars,
/// sequences and mappings) is an error.
pub const MAX_YAML_NODES: u64 = 1_000_000;

/// How deeply sequences and mappings may nest in `yamldecode`.
const MAX_DEPTH: usize = 512;

const STR_TAG: &str = "tag:yaml.org,2002:str";
const BINARY_TAG: &str = "tag:yaml.org,2002:binary";
const BOOL_TAG: &str = "tag:yaml.org,2002:bool";
const INT_TAG: &str = "tag:yaml.org,2002:int";
const FLOAT_TAG: &str = "tag:yaml.org,2002:float";
const NULL_TAG: &str = "tag:yaml.org,2002:null";
const TIMESTAMP_TAG: &str = "tag:yaml.org,2002:timestamp";
const MAP_TAG: &str = "tag:yaml.org,2002:map";
const SEQ_TAG: &str = "tag:yaml.org,2002:seq";
const MERGE_TAG: &str = "tag:yaml.org,2002:merge";

/// `yamldecode(str)`: the value that a YAML document describes, as
/// Terraform decodes it: mappings as objects, sequences as tuples, scalars
/// resolved as YAML 1.1-ish go-yaml does (`true`/`yes`/`on`, `null`/`~`/
/// empty, decimal, `0x` and `0o` integers, floats, `.inf`; timestamps
/// become RFC 3339 strings), tags `!!str`, `!!int`, `!!float`, `!!bool`,
/// `!!null`, `!!binary`, `!!timestamp`, `!!map`, `!!seq`, merge keys
/// (`<<`), anchors and aliases. One document only.
///
/// Limits: the expanded value may have at most [`MAX_YAML_NODES`] values
/// and nest at most 512 levels. Syntax errors are reported in the words
/// of the parser used here (which are not libyaml's), with go-cty-yaml's
/// position prefix ("on line L, column C: ...", where L counts from zero
/// as go-cty-yaml's does).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"yamldecode("hello: world\nk: [1, true]")"#),
///     eval(r#"{hello = "world", k = [1, true]}"#)
/// );
/// ```
pub fn yamldecode() -> Function {
    Function::builder()
        .description("Parses the given string as YAML and returns a value corresponding to what the YAML document describes.")
        .param(Parameter::new("src", Type::String))
        .return_type(|args| {
            let Some(text) = args.first().filter(|v| v.is_known()).and_then(Value::as_str) else {
                return Ok(Type::Dynamic);
            };
            decode(text)
                .map(|v| v.ty().clone())
                .map_err(FunctionError::failed)
        })
        .build(|args, _| decode(str_arg(args, 0)?).map_err(FunctionError::failed))
}

/// `yamlencode(val)`: a value as a YAML document, as Terraform writes it:
/// block style, strings double-quoted (or as literal blocks when they hold
/// line breaks), object attributes and map keys in name order, numbers in
/// decimal, null as `null`. A value with unknown parts gives an unknown
/// string.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"yamlencode({"a":"b", "c":"d"})"#),
///     Value::string("\"a\": \"b\"\n\"c\": \"d\"\n")
/// );
/// ```
pub fn yamlencode() -> Function {
    Function::builder()
        .description("Returns a string containing a YAML representation of the given value.")
        .param(
            Parameter::new("value", Type::Dynamic)
                .allow_null()
                .allow_dynamic(),
        )
        .returns(Type::String)
        .build(|args, ty| {
            let Some(v) = args.first() else {
                return Ok(Value::unknown(ty.clone()));
            };
            if !v.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            encode(v).map(Value::string).map_err(FunctionError::failed)
        })
}

// ---------------------------------------------------------------------------
// Decoding

struct Decoder<'a> {
    src: &'a str,
    parser: Parser<'a, saphyr_parser::StrInput<'a>>,
    pending: HashSet<usize>,
    anchors: HashMap<usize, (Value, u64)>,
}

/// go-cty-yaml's error prefix, from a saphyr position (1-based lines):
/// libyaml's lines count from zero, and line 0 gets no prefix.
fn at(span: &Span, message: impl Into<String>) -> String {
    let line = span.start.line().saturating_sub(1);
    let message = message.into();
    if line == 0 {
        message
    } else {
        format!("on line {line}, column {}: {message}", span.start.col() + 1)
    }
}

fn scan_error(e: &ScanError) -> String {
    let line = e.marker().line().saturating_sub(1);
    if line == 0 {
        e.info().to_owned()
    } else {
        format!(
            "on line {line}, column {}: {}",
            e.marker().col() + 1,
            e.info()
        )
    }
}

fn tag_string(tag: &Option<Cow<'_, Tag>>) -> String {
    match tag {
        None => String::new(),
        Some(t) => format!("{}{}", t.handle, t.suffix),
    }
}

fn go_quote(s: &str) -> String {
    hcl_core::quote::go_quote(s)
}

/// The value of a YAML document.
fn decode(src: &str) -> Result<Value, String> {
    let src = if src.is_empty() { "\n" } else { src };
    let mut d = Decoder {
        src,
        parser: Parser::new_from_str(src),
        pending: HashSet::new(),
        anchors: HashMap::new(),
    };
    let (ev, span) = d.next()?;
    if !matches!(ev, Event::StreamStart) {
        return Err(at(&span, "missing stream start token"));
    }
    let (ev, span) = d.next()?;
    if !matches!(ev, Event::DocumentStart(_)) {
        return Err(at(&span, "missing start of document"));
    }
    let (ev, span) = d.next()?;
    let (value, _) = d.node(ev, span, 0)?;
    let (ev, span) = d.next()?;
    match ev {
        Event::DocumentStart(_) => return Err(at(&span, "only a single document is allowed")),
        Event::DocumentEnd => {}
        other => {
            return Err(at(
                &span,
                format!(
                    "unexpected extra content ({}) after value",
                    event_name(&other)
                ),
            ));
        }
    }
    let (ev, span) = d.next()?;
    if !matches!(ev, Event::StreamEnd) {
        return Err(at(&span, "unexpected extra content after value"));
    }
    Ok(value)
}

fn event_name(ev: &Event<'_>) -> &'static str {
    match ev {
        Event::StreamStart => "STREAM-START",
        Event::StreamEnd => "STREAM-END",
        Event::DocumentStart(_) => "DOCUMENT-START",
        Event::DocumentEnd => "DOCUMENT-END",
        Event::Alias(_) => "ALIAS",
        Event::Scalar(..) => "SCALAR",
        Event::SequenceStart(..) => "SEQUENCE-START",
        Event::SequenceEnd => "SEQUENCE-END",
        Event::MappingStart(..) => "MAPPING-START",
        Event::MappingEnd => "MAPPING-END",
        Event::Nothing => "NONE",
    }
}

fn too_large() -> String {
    format!(
        "the YAML document is too large: more than {MAX_YAML_NODES} values once its aliases are expanded"
    )
}

impl<'a> Decoder<'a> {
    fn next(&mut self) -> Result<(Event<'a>, Span), String> {
        match self.parser.next_event() {
            Some(Ok(x)) => Ok(x),
            Some(Err(e)) => Err(scan_error(&e)),
            None => Err("unexpected end of stream".to_owned()),
        }
    }

    /// The anchor's name, read from the source at an alias's span
    /// (`*name`), for messages.
    fn alias_name(&self, span: &Span) -> String {
        let text: String = self
            .src
            .chars()
            .skip(span.start.index())
            .take(span.end.index().saturating_sub(span.start.index()))
            .collect();
        text.trim_start_matches('*').to_owned()
    }

    /// A node starting with `ev`: its value and its size (values counted
    /// with aliases expanded).
    fn node(&mut self, ev: Event<'a>, span: Span, depth: usize) -> Result<(Value, u64), String> {
        if depth > MAX_DEPTH {
            return Err(at(
                &span,
                format!("the YAML document nests more than {MAX_DEPTH} levels deep"),
            ));
        }
        match ev {
            Event::Scalar(value, style, anchor, tag) => {
                let v =
                    resolve_scalar(&tag_string(&tag), &value, style).map_err(|e| at(&span, e))?;
                if anchor != 0 {
                    self.anchors.insert(anchor, (v.clone(), 1));
                }
                Ok((v, 1))
            }
            Event::Alias(id) => {
                if self.pending.contains(&id) {
                    return Err(at(
                        &span,
                        format!(
                            "cannot refer to anchor {} from inside its own definition",
                            go_quote(&self.alias_name(&span))
                        ),
                    ));
                }
                match self.anchors.get(&id) {
                    Some((v, size)) => Ok((v.clone(), *size)),
                    None => Err(at(
                        &span,
                        format!(
                            "reference to undefined anchor {}",
                            go_quote(&self.alias_name(&span))
                        ),
                    )),
                }
            }
            Event::SequenceStart(anchor, tag) => {
                let tag = tag_string(&tag);
                if !tag.is_empty() && tag != SEQ_TAG {
                    return Err(at(&span, format!("can't interpret sequence as {tag}")));
                }
                if anchor != 0 {
                    self.pending.insert(anchor);
                }
                let mut size = 1u64;
                let mut items = Vec::new();
                loop {
                    let (ev, span) = self.next()?;
                    if matches!(ev, Event::SequenceEnd) {
                        break;
                    }
                    let (v, n) = self.value_event(ev, span, depth)?;
                    size = size.saturating_add(n);
                    if size > MAX_YAML_NODES {
                        return Err(too_large());
                    }
                    items.push(v);
                }
                let v = Value::tuple(items);
                if anchor != 0 {
                    self.pending.remove(&anchor);
                    self.anchors.insert(anchor, (v.clone(), size));
                }
                Ok((v, size))
            }
            Event::MappingStart(anchor, tag) => {
                let tag = tag_string(&tag);
                if !tag.is_empty() && tag != MAP_TAG {
                    return Err(at(&span, format!("can't interpret mapping as {tag}")));
                }
                if anchor != 0 {
                    self.pending.insert(anchor);
                }
                let mut size = 1u64;
                let mut attrs: BTreeMap<String, (Value, u64)> = BTreeMap::new();
                loop {
                    let (ev, kspan) = self.next()?;
                    if matches!(ev, Event::MappingEnd) {
                        break;
                    }
                    if let Event::Scalar(ref text, _, _, ref tag) = ev {
                        let tag = tag_string(tag);
                        if (tag.is_empty() && text == "<<") || tag == MERGE_TAG {
                            let (ev, vspan) = self.next()?;
                            let (v, n) = self.value_event(ev, vspan, depth)?;
                            // What a merge copies is counted whole.
                            size = size.saturating_add(n);
                            for old in merge(&mut attrs, &v, &kspan)? {
                                size = size.saturating_sub(old);
                            }
                            if size > MAX_YAML_NODES {
                                return Err(too_large());
                            }
                            continue;
                        }
                    }
                    let key = match ev {
                        Event::Scalar(text, style, _, tag) => {
                            let k = resolve_scalar(&tag_string(&tag), &text, style)?;
                            // A scalar (string, number, bool or null) converts to
                            // a string alike by both rule sets.
                            let Ok(k) = convert(&k, &Type::String) else {
                                return Err(at(&kspan, "only strings are allowed as mapping keys"));
                            };
                            if k.is_null() {
                                return Err(at(&kspan, "mapping key cannot be null"));
                            }
                            k.as_str().unwrap_or_default().to_owned()
                        }
                        _ => return Err(at(&kspan, "only strings are allowed as mapping keys")),
                    };
                    let (ev, vspan) = self.next()?;
                    let (v, n) = self.value_event(ev, vspan, depth)?;
                    let old = attrs.insert(key, (v, n)).map_or(0, |(_, o)| o);
                    size = size.saturating_sub(old).saturating_add(n);
                    if size > MAX_YAML_NODES {
                        return Err(too_large());
                    }
                }
                let v = Value::object(attrs.into_iter().map(|(k, (v, _))| (k, v)));
                if anchor != 0 {
                    self.pending.remove(&anchor);
                    self.anchors.insert(anchor, (v.clone(), size));
                }
                Ok((v, size))
            }
            Event::DocumentStart(_) => Err(at(&span, "only a single document is allowed")),
            Event::StreamEnd => Err(at(&span, "expecting value but found end of stream")),
            Event::MappingEnd => Err(at(&span, "expecting value but found end of mapping")),
            Event::SequenceEnd => Err(at(&span, "expecting value but found end of sequence")),
            other => Err(at(
                &span,
                format!("unexpected parser event {}", event_name(&other)),
            )),
        }
    }

    fn value_event(
        &mut self,
        ev: Event<'a>,
        span: Span,
        depth: usize,
    ) -> Result<(Value, u64), String> {
        self.node(ev, span, depth + 1)
    }
}

/// Merges the attributes of `v` (a mapping, or a sequence of mappings)
/// into `attrs`, with no size of their own (the caller counts the merged
/// value whole); gives the sizes of the entries replaced.
fn merge(
    attrs: &mut BTreeMap<String, (Value, u64)>,
    v: &Value,
    span: &Span,
) -> Result<Vec<u64>, String> {
    let mut replaced = Vec::new();
    let ty = v.ty();
    match ty {
        Type::Object(_) | Type::Map(_) => {
            if let Some(a) = v.attributes() {
                for (k, x) in a {
                    if let Some((_, o)) = attrs.insert(k.clone(), (x.clone(), 0)) {
                        replaced.push(o);
                    }
                }
            }
            Ok(replaced)
        }
        Type::Tuple(_) | Type::List(_) => {
            for m in v.elements().unwrap_or_default() {
                let mty = m.ty();
                if !matches!(mty, Type::Object(_) | Type::Map(_)) {
                    return Err(at(
                        span,
                        format!(
                            "cannot merge {} (from sequence) into mapping",
                            mty.friendly_name()
                        ),
                    ));
                }
                if let Some(a) = m.attributes() {
                    for (k, x) in a {
                        if let Some((_, o)) = attrs.insert(k.clone(), (x.clone(), 0)) {
                            replaced.push(o);
                        }
                    }
                }
            }
            Ok(replaced)
        }
        _ => Err(at(
            span,
            format!("cannot merge {} into mapping", ty.friendly_name()),
        )),
    }
}

fn resolvable_tag(tag: &str) -> bool {
    matches!(
        tag,
        "" | STR_TAG | BOOL_TAG | INT_TAG | FLOAT_TAG | NULL_TAG | TIMESTAMP_TAG | BINARY_TAG
    )
}

fn resolve_map(src: &str) -> Option<(Value, &'static str)> {
    Some(match src {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            (Value::bool(true), BOOL_TAG)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            (Value::bool(false), BOOL_TAG)
        }
        "" | "~" | "null" | "Null" | "NULL" => (Value::null(Type::Dynamic), NULL_TAG),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            (Value::number(Number::INFINITY), FLOAT_TAG)
        }
        "-.inf" | "-.Inf" | "-.INF" => (Value::number(Number::NEG_INFINITY), FLOAT_TAG),
        _ => return None,
    })
}

fn hint(src: &str) -> u8 {
    match src.as_bytes().first() {
        None => b'N',
        Some(b'+' | b'-') => b'S',
        Some(b'0'..=b'9') => b'D',
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
        Some(b'.') => b'.',
        _ => 0,
    }
}

fn all(s: &str, f: impl Fn(u8) -> bool) -> bool {
    !s.is_empty() && s.bytes().all(f)
}

/// `\A([-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\z`
fn is_integer_literal(s: &str) -> bool {
    if let Some(r) = s.strip_prefix("0o")
        && all(r, |b| (b'0'..=b'7').contains(&b))
    {
        return true;
    }
    if let Some(r) = s.strip_prefix("0x")
        && all(r, |b| b.is_ascii_hexdigit())
    {
        return true;
    }
    let r = s.strip_prefix(['-', '+']).unwrap_or(s);
    all(r, |b| b.is_ascii_digit())
}

/// `\A[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\z`
fn is_float_literal(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'-' | b'+')) {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// cty's `ParseNumberVal` (Go's `big.ParseFloat` in base 10): a sign, then
/// a decimal literal, or an infinity.
fn parse_number(s: &str) -> Option<Number> {
    let unsigned = s.strip_prefix(['+', '-']).unwrap_or(s);
    if matches!(unsigned, "Inf" | "inf") {
        return Some(if s.starts_with('-') {
            Number::NEG_INFINITY
        } else {
            Number::INFINITY
        });
    }
    let text = s.strip_prefix('+').unwrap_or(s);
    Number::parse_literal(text).ok()
}

/// Go's `strconv.ParseInt(s, 0, 64)`/`ParseUint` for the prefixed forms.
fn parse_prefixed_int(s: &str) -> Option<Number> {
    let (neg, r) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (radix, digits) = if let Some(d) = r.strip_prefix("0x").or_else(|| r.strip_prefix("0X")) {
        (16, d)
    } else if let Some(d) = r.strip_prefix("0o").or_else(|| r.strip_prefix("0O")) {
        (8, d)
    } else if let Some(d) = r.strip_prefix("0b").or_else(|| r.strip_prefix("0B")) {
        (2, d)
    } else if r.len() > 1 && r.starts_with('0') {
        (8, &r[1..])
    } else {
        (10, r)
    };
    let n = u64::from_str_radix(digits, radix).ok()?;
    if neg {
        let v = i64::try_from(n)
            .ok()
            .map(|v| -v)
            .or_else(|| (n == 1u64 << 63).then_some(i64::MIN))?;
        Some(Number::from(v))
    } else {
        Some(Number::from(n))
    }
}

fn resolve_scalar(tag: &str, src: &str, style: ScalarStyle) -> Result<Value, String> {
    if !resolvable_tag(tag) {
        return Err(format!("unsupported tag {}", go_quote(tag)));
    }
    let h = hint(src);
    let mut tag = tag;
    if h != 0 && tag != STR_TAG && tag != BINARY_TAG {
        if matches!(style, ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted) {
            return Ok(Value::string(src));
        }
        if let Some((v, _)) = resolve_map(src) {
            return Ok(v);
        }
        if tag.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".to_owned());
        }
        match h {
            b'.' => {
                if let Some(n) = parse_number(src) {
                    return Ok(Value::number(n));
                }
            }
            b'D' | b'S' => {
                if (tag.is_empty() || tag == TIMESTAMP_TAG)
                    && let Some(t) = crate::datetime::parse_yaml_timestamp(src)
                {
                    return Ok(Value::string(t));
                }
                if is_integer_literal(src) {
                    tag = INT_TAG;
                } else if is_float_literal(src) {
                    tag = FLOAT_TAG;
                }
            }
            _ => {}
        }
    }
    match tag {
        STR_TAG | BINARY_TAG => {
            if tag == BINARY_TAG && super::base64_decode(src).is_none() {
                return Err(format!(
                    "cannot parse {} as {tag}: not valid base64",
                    go_quote(src)
                ));
            }
            Ok(Value::string(src))
        }
        BOOL_TAG => match resolve_map(src) {
            Some((v, BOOL_TAG)) => Ok(v),
            _ => Err(format!("cannot parse {} as {tag}", go_quote(src))),
        },
        FLOAT_TAG | INT_TAG => {
            let plain = src.replace('_', "");
            if let Some(n) = parse_number(&plain) {
                return Ok(Value::number(n));
            }
            if let Some(n) = parse_prefixed_int(&plain) {
                return Ok(Value::number(n));
            }
            Err(format!("cannot parse {} as {tag}", go_quote(src)))
        }
        TIMESTAMP_TAG => match crate::datetime::parse_yaml_timestamp(src) {
            Some(t) => Ok(Value::string(t)),
            None => Err(format!("cannot parse {} as {tag}", go_quote(src))),
        },
        NULL_TAG => Ok(Value::null(Type::Dynamic)),
        "" => Ok(Value::string(src)),
        _ => Err(format!("unsupported tag {}", go_quote(tag))),
    }
}

// ---------------------------------------------------------------------------
// Encoding: the parts of libyaml's emitter that go-cty-yaml's events use
// (implicit document, block collections, empty ones in flow style,
// double-quoted, literal and plain scalars).

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
}

struct Emitter {
    out: String,
    column: usize,
    whitespace: bool,
    indention: bool,
    open_ended: bool,
    indent: isize,
    indents: Vec<isize>,
    root_context: bool,
    mapping_context: bool,
    simple_key_context: bool,
}

const BEST_INDENT: isize = 2;
const BEST_WIDTH: usize = 80;

fn is_printable(c: char) -> bool {
    let c = c as u32;
    c == 0x0A
        || (0x20..=0x7E).contains(&c)
        || (0xA0..=0xD7FF).contains(&c)
        || ((0xE000..=0xFFFD).contains(&c) && c != 0xFEFF)
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blank(c: Option<char>) -> bool {
    matches!(c, Some(' ' | '\t'))
}

struct Analysis {
    multiline: bool,
    flow_plain_allowed: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

fn analyze(value: &str) -> Analysis {
    if value.is_empty() {
        return Analysis {
            multiline: false,
            flow_plain_allowed: false,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: false,
        };
    }
    let mut block_indicators = false;
    let mut flow_indicators = false;
    let mut line_breaks = false;
    let mut special = false;
    let (mut leading_space, mut leading_break) = (false, false);
    let (mut trailing_space, mut trailing_break) = (false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    if value.starts_with("---") || value.starts_with("...") {
        block_indicators = true;
        flow_indicators = true;
    }
    let mut preceded_by_whitespace = true;
    let chars: Vec<char> = value.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        let followed_by_whitespace = next.is_none() || is_blank(next);
        let last = i + 1 == chars.len();
        if i == 0 {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => {
                    flow_indicators = true;
                    block_indicators = true;
                }
                '?' | ':' => {
                    flow_indicators = true;
                    if followed_by_whitespace {
                        block_indicators = true;
                    }
                }
                '-' if followed_by_whitespace => {
                    flow_indicators = true;
                    block_indicators = true;
                }
                _ => {}
            }
        } else {
            match c {
                ',' | '?' | '[' | ']' | '{' | '}' => flow_indicators = true,
                ':' => {
                    flow_indicators = true;
                    if followed_by_whitespace {
                        block_indicators = true;
                    }
                }
                '#' if preceded_by_whitespace => {
                    flow_indicators = true;
                    block_indicators = true;
                }
                _ => {}
            }
        }
        if !is_printable(c) {
            special = true;
        }
        if c == ' ' {
            if i == 0 {
                leading_space = true;
            }
            if last {
                trailing_space = true;
            }
            if previous_break {
                break_space = true;
            }
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            line_breaks = true;
            if i == 0 {
                leading_break = true;
            }
            if last {
                trailing_break = true;
            }
            if previous_space {
                space_break = true;
            }
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = c == ' ' || c == '\t' || c == '\0' || is_break(c);
    }
    let mut a = Analysis {
        multiline: line_breaks,
        flow_plain_allowed: true,
        block_plain_allowed: true,
        single_quoted_allowed: true,
        block_allowed: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
    }
    if trailing_space {
        a.block_allowed = false;
    }
    if break_space {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
    }
    if space_break || special {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
        a.block_allowed = false;
    }
    if line_breaks {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
    }
    if flow_indicators {
        a.flow_plain_allowed = false;
    }
    if block_indicators {
        a.block_plain_allowed = false;
    }
    a
}

/// A number as Go's `big.Float.Text('f', -1)`: all the digits, no
/// exponent.
fn number_text(n: &Number) -> String {
    let s = n.to_string();
    let Some(e) = s.find(['e', 'E']) else {
        return s;
    };
    let (mantissa, exp) = (&s[..e], &s[e + 1..]);
    let Ok(exp) = exp.parse::<i64>() else {
        return s;
    };
    let (neg, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mantissa),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{int}{frac}");
    let point = int.len() as i64 + exp;
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if point <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', point.unsigned_abs() as usize));
        out.push_str(digits.trim_end_matches('0'));
    } else if point as usize >= digits.len() {
        out.push_str(&digits);
        out.extend(std::iter::repeat_n('0', point as usize - digits.len()));
    } else {
        out.push_str(&digits[..point as usize]);
        let rest = digits[point as usize..].trim_end_matches('0');
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
    }
    out
}

fn encode(v: &Value) -> Result<String, String> {
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        whitespace: true,
        indention: true,
        open_ended: false,
        indent: -1,
        indents: Vec::new(),
        root_context: false,
        mapping_context: false,
        simple_key_context: false,
    };
    e.node(v, true, false, false)?;
    // Implicit document end, then stream end.
    e.write_indent();
    if e.open_ended {
        e.write_indicator("...", true, false, false);
        e.write_indent();
    }
    Ok(e.out)
}

enum Node<'v> {
    Scalar(Cow<'v, str>, Style),
    Seq(&'v [Value]),
    Map(Vec<(Cow<'v, str>, &'v Value)>),
}

fn classify(v: &Value) -> Result<Node<'_>, String> {
    if v.is_null() {
        return Ok(Node::Scalar(Cow::Borrowed("null"), Style::Plain));
    }
    if !v.is_known() {
        return Err("cannot serialize unknown value as YAML".to_owned());
    }
    if let Some(s) = v.as_str() {
        let style = if s.contains('\n') {
            Style::Literal
        } else {
            Style::DoubleQuoted
        };
        return Ok(Node::Scalar(Cow::Borrowed(s), style));
    }
    if let Some(n) = v.as_number() {
        return Ok(Node::Scalar(Cow::Owned(number_text(n)), Style::Plain));
    }
    if let Some(b) = v.as_bool() {
        let s = if b { "true" } else { "false" };
        return Ok(Node::Scalar(Cow::Borrowed(s), Style::Plain));
    }
    if let Some(items) = v.elements() {
        return Ok(Node::Seq(items));
    }
    if let Some(attrs) = v.attributes() {
        return Ok(Node::Map(
            attrs
                .iter()
                .map(|(k, v)| (Cow::Borrowed(k.as_str()), v))
                .collect(),
        ));
    }
    Err(format!("can't marshal {} as YAML", v.ty().friendly_name()))
}

impl Emitter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(&mut self, ind: &str, need_ws: bool, is_ws: bool, is_indention: bool) {
        if need_ws && !self.whitespace {
            self.put(' ');
        }
        for c in ind.chars() {
            self.put(c);
        }
        self.whitespace = is_ws;
        self.indention = self.indention && is_indention;
        self.open_ended = false;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn node(
        &mut self,
        v: &Value,
        root: bool,
        mapping: bool,
        simple_key: bool,
    ) -> Result<(), String> {
        self.root_context = root;
        self.mapping_context = mapping;
        self.simple_key_context = simple_key;
        match classify(v)? {
            Node::Scalar(text, style) => {
                self.scalar(&text, style);
                Ok(())
            }
            Node::Seq([]) => {
                self.write_indicator("[", true, true, false);
                self.increase_indent(true, false);
                self.pop_indent();
                self.write_indicator("]", false, false, false);
                Ok(())
            }
            Node::Map(entries) if entries.is_empty() => {
                self.write_indicator("{", true, true, false);
                self.increase_indent(true, false);
                self.pop_indent();
                self.write_indicator("}", false, false, false);
                Ok(())
            }
            Node::Seq(items) => {
                let indentless = self.mapping_context && !self.indention;
                self.increase_indent(false, indentless);
                for item in items {
                    self.write_indent();
                    self.write_indicator("-", true, false, true);
                    self.node(item, false, false, false)?;
                }
                self.pop_indent();
                Ok(())
            }
            Node::Map(entries) => {
                self.increase_indent(false, false);
                for (k, v) in entries {
                    self.write_indent();
                    let simple = !analyze(&k).multiline && k.len() <= 128;
                    let key = Value::string(k.into_owned());
                    if simple {
                        self.node(&key, false, true, true)?;
                        self.write_indicator(":", false, false, false);
                    } else {
                        self.write_indicator("?", true, false, true);
                        self.node(&key, false, true, false)?;
                        self.write_indent();
                        self.write_indicator(":", true, false, true);
                    }
                    self.node(v, false, true, false)?;
                }
                self.pop_indent();
                Ok(())
            }
        }
    }

    fn scalar(&mut self, value: &str, requested: Style) {
        let a = analyze(value);
        let mut style = requested;
        if self.simple_key_context && a.multiline {
            style = Style::DoubleQuoted;
        }
        if style == Style::Plain
            && (!a.block_plain_allowed || (value.is_empty() && self.simple_key_context))
        {
            style = Style::SingleQuoted;
        }
        if style == Style::SingleQuoted && !a.single_quoted_allowed {
            style = Style::DoubleQuoted;
        }
        if style == Style::Literal && (!a.block_allowed || self.simple_key_context) {
            style = Style::DoubleQuoted;
        }
        self.increase_indent(true, false);
        let allow_breaks = !self.simple_key_context;
        match style {
            Style::Plain => self.write_plain(value, allow_breaks),
            Style::SingleQuoted => self.write_single_quoted(value, allow_breaks),
            Style::DoubleQuoted => self.write_double_quoted(value, allow_breaks),
            Style::Literal => self.write_literal(value),
        }
        self.pop_indent();
    }

    fn write_plain(&mut self, value: &str, allow_breaks: bool) {
        if !self.whitespace {
            self.put(' ');
        }
        let chars: Vec<char> = value.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && chars.get(i + 1) != Some(&' ')
                {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.whitespace = false;
        self.indention = false;
        if self.root_context {
            self.open_ended = true;
        }
    }

    fn write_single_quoted(&mut self, value: &str, allow_breaks: bool) {
        // Only reached for the empty string as a key, or plain scalars
        // that need quoting (not produced by go-cty-yaml's events except
        // for these), so no line folding is needed.
        let _ = allow_breaks;
        self.write_indicator("'", true, false, false);
        for c in value.chars() {
            if c == '\'' {
                self.put('\'');
            }
            self.put(c);
        }
        self.write_indicator("'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_double_quoted(&mut self, value: &str, allow_breaks: bool) {
        let mut spaces = false;
        self.write_indicator("\"", true, false, false);
        let chars: Vec<char> = value.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !is_printable(c) || c == '\u{FEFF}' || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                match c {
                    '\0' => self.put('0'),
                    '\u{7}' => self.put('a'),
                    '\u{8}' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\u{b}' => self.put('v'),
                    '\u{c}' => self.put('f'),
                    '\r' => self.put('r'),
                    '\u{1b}' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    _ => {
                        let v = c as u32;
                        let (ind, width) = if v <= 0xFF {
                            ('x', 2)
                        } else if v <= 0xFFFF {
                            ('u', 4)
                        } else {
                            ('U', 8)
                        };
                        self.put(ind);
                        for k in (0..width).rev() {
                            let d = (v >> (k * 4)) & 0xF;
                            let ch = char::from_digit(d, 16).unwrap_or('0').to_ascii_uppercase();
                            self.put(ch);
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i + 1 < chars.len()
                {
                    self.write_indent();
                    if chars.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
            i += 1;
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_literal(&mut self, value: &str) {
        self.write_indicator("|", true, false, false);
        // Block scalar hints.
        let chars: Vec<char> = value.chars().collect();
        if chars.first().is_some_and(|&c| c == ' ' || is_break(c)) {
            let hint = char::from_digit(BEST_INDENT as u32, 10).unwrap_or('2');
            self.write_indicator(&hint.to_string(), false, false, false);
        }
        self.open_ended = false;
        let n = chars.len();
        let chomp = if n == 0 || !is_break(chars[n - 1]) {
            Some('-')
        } else if n == 1 || is_break(chars[n - 2]) {
            self.open_ended = true;
            Some('+')
        } else {
            None
        };
        if let Some(c) = chomp {
            // As in go-cty-yaml's libyaml, writing the indicator clears the
            // open end that `+` set.
            self.write_indicator(&c.to_string(), false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for &c in &chars {
            if is_break(c) {
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(v: &Value) -> String {
        encode(v).unwrap_or_else(|e| format!("error: {e}"))
    }

    fn dec(s: &str) -> Value {
        decode(s).unwrap_or_else(|e| Value::string(format!("error: {e}")))
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    #[test]
    fn terraform_yamlencode_examples() {
        let v = Value::object([("a", s("b")), ("c", s("d"))]);
        assert_eq!(enc(&v), "\"a\": \"b\"\n\"c\": \"d\"\n");
        let v = Value::object([
            (
                "foo",
                Value::tuple([Value::number(1), Value::number(2), Value::number(3)]),
            ),
            ("bar", s("baz")),
        ]);
        assert_eq!(enc(&v), "\"bar\": \"baz\"\n\"foo\":\n- 1\n- 2\n- 3\n");
        let v = Value::object([
            (
                "foo",
                Value::tuple([
                    Value::number(1),
                    Value::object([("a", s("b")), ("c", s("d"))]),
                    Value::number(3),
                ]),
            ),
            ("bar", s("baz")),
        ]);
        assert_eq!(
            enc(&v),
            "\"bar\": \"baz\"\n\"foo\":\n- 1\n- \"a\": \"b\"\n  \"c\": \"d\"\n- 3\n"
        );
    }

    #[test]
    fn yamlencode_scalars_and_blocks() {
        assert_eq!(enc(&s("a")), "\"a\"\n");
        assert_eq!(enc(&Value::number(1)), "1\n...\n");
        assert_eq!(enc(&Value::bool(true)), "true\n...\n");
        assert_eq!(enc(&Value::null(Type::Dynamic)), "null\n...\n");
        assert_eq!(enc(&Value::empty_tuple()), "[]\n");
        assert_eq!(enc(&Value::empty_object()), "{}\n");
        assert_eq!(enc(&s("a\nb")), "|-\n  a\n  b\n");
        assert_eq!(enc(&s("a\nb\n")), "|\n  a\n  b\n");
        assert_eq!(
            enc(&Value::object([("k", s("a\nb"))])),
            "\"k\": |-\n  a\n  b\n"
        );
        assert_eq!(enc(&s("tab\there")), "\"tab\\there\"\n");
        assert_eq!(enc(&s("é😀")), "\"é\\U0001F600\"\n");
        assert_eq!(
            enc(&Value::tuple([Value::tuple([Value::number(1)])])),
            "- - 1\n"
        );
        assert_eq!(
            enc(&Value::number(
                Number::parse_literal("1e30").unwrap_or_default()
            )),
            "1000000000000000000000000000000\n...\n"
        );
    }

    #[test]
    fn yamlencode_folds_long_strings() {
        let long = "word ".repeat(30);
        let long = long.trim_end();
        let out = enc(&s(long));
        assert!(out.lines().count() > 1, "{out}");
        assert!(out.lines().all(|l| l.len() < 90));
    }

    #[test]
    fn terraform_yamldecode_examples() {
        assert_eq!(dec("hello: world"), Value::object([("hello", s("world"))]));
        assert_eq!(dec("true"), Value::bool(true));
        assert_eq!(
            dec("{a: &foo [1, 2, 3], b: *foo}"),
            Value::object([
                (
                    "a",
                    Value::tuple([Value::number(1), Value::number(2), Value::number(3)])
                ),
                (
                    "b",
                    Value::tuple([Value::number(1), Value::number(2), Value::number(3)])
                ),
            ])
        );
        assert_eq!(
            dec("{a: &foo [1, *foo, 3]}"),
            s("error: cannot refer to anchor \"foo\" from inside its own definition")
        );
        assert_eq!(
            dec("{a: [1, *foo, 3]}"),
            s("error: while parsing node, found unknown anchor")
        );
    }

    #[test]
    fn yamldecode_scalars() {
        assert_eq!(dec("yes"), Value::bool(true));
        assert_eq!(dec("'yes'"), s("yes"));
        assert_eq!(dec("~"), Value::null(Type::Dynamic));
        // libyaml puts the end of the stream on the second line (1 from zero).
        assert_eq!(
            dec(""),
            s("error: on line 1, column 1: missing start of document")
        );
        assert_eq!(dec("0x1F"), Value::number(31));
        assert_eq!(dec("0o17"), Value::number(15));
        assert_eq!(dec("1_000"), s("1_000"));
        assert_eq!(dec("!!int 1_000"), Value::number(1000));
        assert_eq!(
            dec("-1.5"),
            Value::number(Number::parse_literal("-1.5").unwrap_or_default())
        );
        assert_eq!(dec(".inf"), Value::number(Number::INFINITY));
        assert_eq!(dec(".nan"), s("error: floating point NaN is not supported"));
        assert_eq!(dec("2001-12-14"), s("2001-12-14T00:00:00Z"));
        assert_eq!(
            dec("2001-12-14t21:59:43.10-05:00"),
            s("2001-12-14T21:59:43-05:00")
        );
        assert_eq!(dec("!!str 12"), s("12"));
        assert_eq!(dec("!!int \"12\""), s("12"));
        assert_eq!(dec("!!binary aGk="), s("aGk="));
        assert_eq!(
            dec("!!bool foo"),
            s("error: cannot parse \"foo\" as tag:yaml.org,2002:bool")
        );
        assert_eq!(dec("!foo x"), s("error: unsupported tag \"!foo\""));
        assert_eq!(dec("1.2.3"), s("1.2.3"));
        assert_eq!(
            dec("a: 1\nb: !!seq {}"),
            s("error: on line 1, column 4: can't interpret mapping as tag:yaml.org,2002:seq")
        );
    }

    #[test]
    fn yamldecode_mappings() {
        assert_eq!(dec("1: a"), Value::object([("1", s("a"))]));
        // YAML 1.1 booleans, as go-yaml reads them, also as keys.
        assert_eq!(dec("y: a"), Value::object([("true", s("a"))]));
        assert_eq!(dec("~: a"), s("error: mapping key cannot be null"));
        assert_eq!(
            dec("[1]: a"),
            s("error: only strings are allowed as mapping keys")
        );
        assert_eq!(
            dec("base: &b {x: 1, z: 2}\nderived:\n  <<: *b\n  z: 3"),
            Value::object([
                (
                    "base",
                    Value::object([("x", Value::number(1)), ("z", Value::number(2))])
                ),
                (
                    "derived",
                    Value::object([("x", Value::number(1)), ("z", Value::number(3))])
                ),
            ])
        );
        assert_eq!(
            dec("a: {<<: 1}"),
            s("error: cannot merge number into mapping")
        );
        assert_eq!(
            dec("---\na: 1\n---\nb: 2"),
            s("error: on line 2, column 1: unexpected extra content after value")
        );
    }

    #[test]
    fn yamldecode_billion_laughs_is_limited() {
        let mut doc = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..10 {
            let prev = i - 1;
            doc.push_str(&format!(
                "a{i}: &a{i} [*a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}]\n"
            ));
        }
        let err = decode(&doc).err().unwrap_or_default();
        assert!(err.contains("too large"), "{err}");
    }

    #[test]
    fn yamldecode_deep_nesting_is_limited() {
        let doc = "[".repeat(10_000);
        assert!(decode(&doc).is_err());
    }
}
