//! The JSON syntax (`json-syntax.md`): configuration written as JSON,
//! mapped onto the information model by a schema.
//!
//! [`parse`] reads a document with a parser of our own, which keeps what
//! the syntax needs and general JSON parsers drop: the order of properties,
//! every definition of a property name given twice, numbers as exact
//! decimals (converted to [`Number`](crate::Number), never through `f64`)
//! and the source range of every value and property name. Nesting is
//! limited ([`JsonOptions::max_depth`]); no input can make it panic or
//! overflow the stack.
//!
//! The document's [`JsonBody`] is a [`Body`](crate::Body): schema-driven,
//! partial and dynamic-attributes processing as the spec describes, with
//! the Go implementation's diagnostics. Its attributes are
//! [`JsonExpression`]s: objects, arrays, numbers, booleans and `null` are
//! what they look like; a string is a template of the native syntax in full
//! expression mode, and a literal in literal-only mode.
//!
//! ```
//! use hcl_core::body::{AttributeSchema, BlockHeaderSchema, Body, BodySchema};
//! use hcl_core::{EvalContext, Expression, Value};
//!
//! let src = br#"{
//!   "name": "web-${env}",
//!   "service": {
//!     "http": { "port": 8080 }
//!   }
//! }"#;
//! let (file, diags) = hcl_core::json::parse(src, "app.json");
//! assert!(diags.is_empty());
//!
//! let schema = BodySchema::new()
//!     .attribute(AttributeSchema::required("name"))
//!     .block(BlockHeaderSchema::new("service").label("protocol"));
//! let (content, diags) = file.body().content(&schema);
//! assert!(diags.is_empty());
//!
//! // A string is a template in full expression mode...
//! let mut ctx = EvalContext::new();
//! ctx.declare_variable("env", Value::string("prod")).unwrap();
//! let name = &content.attributes["name"].expr;
//! assert_eq!(name.value(&ctx).0, Value::string("web-prod"));
//! // ... and a literal in literal-only mode.
//! assert_eq!(name.value(&EvalContext::literal_only()).0, Value::string("web-${env}"));
//!
//! // A label is a level of nested objects.
//! let service = &content.blocks[0];
//! assert_eq!(service.labels, ["http"]);
//! let (inner, _) = service
//!     .body
//!     .content(&BodySchema::new().attribute(AttributeSchema::optional("port")));
//! assert_eq!(inner.attributes["port"].expr.range().to_string(), "app.json:4,23-27");
//! ```
//!
//! Where this syntax differs from the Go implementation (`docs/deviations.md`
//! has a row and a test for each): ranges inside strings are exact after
//! escapes, a string that is not valid UTF-8 is an error, a byte order mark
//! is skipped, a tab is one column, a bad escape is reported where it is,
//! numbers have [`Number`](crate::Number)'s range, nesting is limited, an
//! error about the shape of a body is reported once, a value the parser
//! already rejected is not reported again, the `"//"` comment property is
//! ignored even when a schema names it, and a document that is not an
//! object reports missing items at its start.

mod body;
mod expression;
mod parser;
mod template;
mod tree;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::pos::{Pos, Range};
use crate::source::{SourceFile, Span};

pub use body::JsonBody;
pub use expression::JsonExpression;
pub use tree::ParsedJson;

use parser::{Parser, RawDiag};
use tree::{Kind, Node, Tree};

/// Options for [`parse_with`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonOptions {
    /// How deeply objects and arrays may nest. A value nested deeper is one
    /// "Nesting too deep" error (the parser never recurses, so the limit
    /// is not there to protect the parser; it bounds the recursion of
    /// everything that walks the tree later: evaluation, conversion,
    /// dropping values).
    pub max_depth: usize,
    /// Where the text starts in its file: byte offsets, lines and the
    /// columns of the first line are shifted by it (Go's
    /// `ParseWithStartPos`).
    pub start: Pos,
}

impl JsonOptions {
    /// The default nesting limit: 1,024 levels, as the native syntax's
    /// [`ParseOptions::DEFAULT_MAX_DEPTH`](crate::native::ParseOptions::DEFAULT_MAX_DEPTH).
    pub const DEFAULT_MAX_DEPTH: usize = 1_024;
}

impl Default for JsonOptions {
    fn default() -> Self {
        JsonOptions {
            max_depth: Self::DEFAULT_MAX_DEPTH,
            start: Pos::start(),
        }
    }
}

/// Parses a JSON configuration file with the default options.
///
/// The result always has a body ([`ParsedJson::body`]); after errors it
/// holds what could be read (the Go implementation's recovery rules: a
/// value in error is an invalid value; an object or an array in which a
/// syntax error is found is one), and it is empty when the root is not an
/// object or an array of objects.
///
/// ```
/// let (_, diags) = hcl_core::json::parse(br#"{"a": 1,}"#, "bad.json");
/// assert_eq!(
///     diags.iter().next().unwrap().to_string(),
///     "bad.json:1,8-9: Trailing comma in object; JSON does not permit a trailing comma after the final property in an object."
/// );
/// ```
pub fn parse(src: &[u8], filename: &str) -> (Arc<ParsedJson>, Diagnostics) {
    parse_with(src, filename, &JsonOptions::default())
}

/// Parses a JSON configuration file.
///
/// ```
/// use hcl_core::json::{parse_with, JsonOptions};
///
/// let deep = "[".repeat(100_000);
/// let options = JsonOptions { max_depth: 64, ..JsonOptions::default() };
/// let (file, diags) = parse_with(deep.as_bytes(), "deep.json", &options);
/// assert_eq!(diags.len(), 1);
/// assert_eq!(diags.iter().next().unwrap().summary, "Nesting too deep");
/// assert!(file.root_expression().is_none());
/// ```
pub fn parse_with(
    src: &[u8],
    filename: &str,
    options: &JsonOptions,
) -> (Arc<ParsedJson>, Diagnostics) {
    let (file, diags) = parse_document(src, filename, options, true);
    (file, diags)
}

/// Parses a standalone JSON value as an expression (Go's
/// `ParseExpression`): any JSON value, with no check that it is an object.
///
/// ```
/// use hcl_core::json::{parse_expression, JsonOptions};
/// use hcl_core::{EvalContext, Expression, Value};
///
/// let (expr, diags) = parse_expression(b"[1, \"${2 + 3}\"]", "e.json", &JsonOptions::default());
/// assert!(diags.is_empty());
/// let (value, _) = expr.value(&EvalContext::new());
/// assert_eq!(value, Value::tuple([Value::number(1), Value::number(5)]));
/// ```
pub fn parse_expression(
    src: &[u8],
    filename: &str,
    options: &JsonOptions,
) -> (JsonExpression, Diagnostics) {
    let (mut file, diags) = parse_document(src, filename, options, false);
    if file.value.is_none() {
        // Nothing could be read: an invalid value at the start.
        if let Some(f) = Arc::get_mut(&mut file) {
            let id = f.tree.nodes.len() as u32;
            f.tree.nodes.push(Node {
                kind: Kind::Invalid,
                span: Span::default(),
            });
            f.value = Some(id);
        }
    }
    let id = file.value.unwrap_or(0);
    (JsonExpression::node(file, id), diags)
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

fn parse_document(
    src: &[u8],
    filename: &str,
    options: &JsonOptions,
    configuration: bool,
) -> (Arc<ParsedJson>, Diagnostics) {
    let name: Arc<str> = Arc::from(filename);
    let start = options.start;
    if src.len() >= u32::MAX as usize {
        let source = SourceFile::with_base(name, "", start);
        let file = ParsedJson {
            source: Arc::new(source),
            tree: Tree::default(),
            root: None,
            value: None,
            templates: Mutex::new(HashMap::new()),
            max_depth: options.max_depth,
        };
        let d = Diagnostic::error("Input too large")
            .with_detail(format!(
                "The input is {} bytes long; the JSON parser accepts at most {} bytes.",
                src.len(),
                u32::MAX - 1
            ))
            .with_subject(Range::at(filename, start));
        return (Arc::new(file), d.into());
    }
    // A byte order mark is skipped (RFC 7159, section 8.1: parsers "MAY
    // ignore" one): byte offsets count it, columns do not, as in the
    // native syntax.
    let (bytes, base) = match src.strip_prefix(BOM) {
        Some(rest) => (
            rest,
            Pos::new(start.offset() + BOM.len(), start.line, start.column),
        ),
        None => (src, start),
    };
    let (text, invalid): (Arc<str>, Vec<u32>) = match std::str::from_utf8(bytes) {
        Ok(s) => (Arc::from(s), Vec::new()),
        Err(_) => {
            let mut invalid = Vec::new();
            let s = crate::source::sanitize(bytes, |at| invalid.push(at));
            (Arc::from(s), invalid)
        }
    };
    let parsed = Parser::new(bytes, &text, &invalid, options.max_depth).parse(true);
    let source = Arc::new(SourceFile::with_base(name, text.clone(), base));
    let mut raw = parsed.diags;
    let mut root = None;
    if let Some(id) = parsed.value {
        let node = parsed.tree.node(id);
        match node.kind {
            Kind::Object(_) | Kind::Array(_) => root = Some(id),
            _ if configuration && !parsed.too_deep => {
                let start = match node.kind {
                    Kind::Object(_) | Kind::Array(_) => {
                        Span::new(node.span.start, node.span.start + 1)
                    }
                    _ => node.span,
                };
                raw.push(RawDiag {
                    summary: "Root value must be object",
                    detail: Cow::Borrowed(
                        "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
                    ),
                    subject: start,
                    one_column: false,
                    context: None,
                });
            }
            _ => {}
        }
    }
    let diags = finish_diagnostics(&source, raw);
    let file = ParsedJson {
        source,
        tree: parsed.tree,
        root,
        value: parsed.value,
        templates: Mutex::new(HashMap::new()),
        max_depth: options.max_depth,
    };
    (Arc::new(file), diags)
}

/// The position of a byte offset of the JSON text, moved back to the start
/// of a character it falls inside (a JSON position never points into a
/// character; [`SourceFile::pos`] keeps the offset as given).
pub(crate) fn char_pos(source: &SourceFile, offset: u32) -> Pos {
    let text = source.text();
    let mut at = (offset as usize).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    source.pos(at as u32)
}

/// The range of a span of the JSON text, each end as [`char_pos`] gives it.
pub(crate) fn char_range(source: &SourceFile, span: Span) -> Range {
    let start = char_pos(source, span.start);
    let end = if span.end == span.start {
        start
    } else {
        char_pos(source, span.end)
    };
    Range::new(source.name().clone(), start, end)
}

/// The parser's findings as diagnostics.
fn finish_diagnostics(source: &SourceFile, raw: Vec<RawDiag>) -> Diagnostics {
    let mut out = Diagnostics::new();
    for d in raw {
        let subject = if d.one_column {
            let p = char_pos(source, d.subject.start);
            Range::new(
                source.name().clone(),
                p,
                Pos::new(p.offset() + 1, p.line, p.column + 1),
            )
        } else {
            char_range(source, d.subject)
        };
        let mut diag = Diagnostic::error(d.summary)
            .with_detail(d.detail)
            .with_subject(subject);
        if let Some(c) = d.context {
            diag = diag.with_context(char_range(source, c));
        }
        out.push(diag);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_inside_a_character_move_back() {
        let source = SourceFile::new("f", "é");
        assert_eq!(char_pos(&source, 1), Pos::new(0, 1, 1));
        assert_eq!(char_pos(&source, 99), Pos::new(2, 1, 2));
    }
}
