//! Entry points of the native-syntax parser: whole configuration files,
//! standalone expressions, standalone templates and absolute traversals.
//!
//! Each returns the result together with its [`Diagnostics`]; a result is
//! always returned, possibly partial after errors. Lexical problems come
//! first in the diagnostics (as the Go implementation reports them), then
//! syntax errors in the order found.
//!
//! ```
//! use hcl_core::body::{AttributeSchema, BlockHeaderSchema, Body, BodySchema};
//! use hcl_core::native::{parse_config_str, parse_expression, NativeExpression, ParseOptions};
//! use hcl_core::{Expression, Pos};
//!
//! let (file, diags) = parse_config_str("name = \"web\"\nservice \"http\" {\n  port = 80\n}\n", "main.hcl");
//! assert!(diags.is_empty());
//! let schema = BodySchema::new()
//!     .attribute(AttributeSchema::required("name"))
//!     .block(BlockHeaderSchema::new("service").label("protocol"));
//! let (content, diags) = file.body().content(&schema);
//! assert!(diags.is_empty());
//! assert_eq!(content.attributes["name"].expr.range().to_string(), "main.hcl:1,8-13");
//! let block = &content.blocks[0];
//! assert_eq!(block.type_name, "service");
//! assert_eq!(block.labels, ["http"]);
//!
//! let (file, expr, diags) = parse_expression(b"a.b[0] + 1", "expr.hcl", Pos::start(), &ParseOptions::default());
//! assert!(diags.is_empty());
//! let expr = NativeExpression::new(file, expr);
//! let variables: Vec<String> = expr.variables().iter().map(|t| t.to_string()).collect();
//! assert_eq!(variables, ["a.b[0]"]);
//! ```

use std::borrow::Cow;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, DiagnosticKind, Diagnostics};
use crate::native::ast::{Ast, BodyNode, ExprId, ExprKind, List};
use crate::native::file::{ParseOptions, ParsedFile};
use crate::native::lexer::{LexDiagnostic, LexMode};
use crate::native::parser::{Detail, Parser, RawDiag, TraversalStep, TraversalStepKey};
use crate::pos::{Pos, Range};
use crate::source::{SourceFile, Span};
use crate::traversal::{Traversal, Traverser};
use crate::value::Value;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The checked input: its text for the source file (after a byte order
/// mark; each invalid byte replaced by a one-byte stand-in, so offsets are
/// kept), the bytes to scan when they differ from the text (invalid
/// UTF-8), and whether there was a byte order mark.
///
/// Valid input is copied at most once: borrowed bytes into the text, and
/// owned bytes not at all.
struct Input<'a> {
    text: String,
    raw: Option<Cow<'a, [u8]>>,
    bom: bool,
}

impl Input<'_> {
    /// The bytes to scan.
    fn bytes(&self) -> &[u8] {
        match &self.raw {
            Some(raw) => raw,
            None => self.text.as_bytes(),
        }
    }

    /// The source file of the input starting at `start`: after a byte
    /// order mark, byte offsets are shifted past it but columns are not
    /// (as Go counts them).
    fn into_source(self, filename: &str, start: Pos) -> SourceFile {
        let base = if self.bom {
            Pos::new(start.offset() + BOM.len(), start.line, start.column)
        } else {
            start
        };
        SourceFile::from_string(filename, self.text).based_at(base)
    }
}

/// Checks the input; `None` when it is too large to parse.
fn check_input(src: Cow<'_, [u8]>) -> Option<Input<'_>> {
    if src.len() >= u32::MAX as usize {
        return None;
    }
    let bom = src.starts_with(BOM);
    let src = match src {
        Cow::Borrowed(b) if bom => Cow::Borrowed(&b[BOM.len()..]),
        Cow::Owned(mut v) if bom => {
            v.drain(..BOM.len());
            Cow::Owned(v)
        }
        other => other,
    };
    Some(match src {
        Cow::Borrowed(b) => match std::str::from_utf8(b) {
            Ok(s) => Input {
                text: s.to_owned(),
                raw: None,
                bom,
            },
            Err(_) => Input {
                text: crate::source::sanitize(b, |_| {}),
                raw: Some(Cow::Borrowed(b)),
                bom,
            },
        },
        Cow::Owned(v) => match String::from_utf8(v) {
            Ok(text) => Input {
                text,
                raw: None,
                bom,
            },
            Err(e) => {
                let v = e.into_bytes();
                Input {
                    text: crate::source::sanitize(&v, |_| {}),
                    raw: Some(Cow::Owned(v)),
                    bom,
                }
            }
        },
    })
}

/// The diagnostics found before parsing: a byte order mark.
fn input_diagnostics(filename: &str, input: &Input<'_>, start: Pos) -> Diagnostics {
    let mut diags = Diagnostics::new();
    if input.bom {
        let end = Pos::new(start.offset() + BOM.len(), start.line, start.column + 1);
        diags.push(
            Diagnostic::error("Invalid byte order mark")
                .with_kind(DiagnosticKind::ByteOrderMark)
                .with_detail(
                    "A UTF-8 byte order mark (U+FEFF) is not allowed at the start of a file. Remove it; UTF-8 text needs no byte order mark.",
                )
                .with_subject(Range::new(filename, start, end)),
        );
    }
    diags
}

fn too_large_diagnostic(filename: &str, len: usize) -> Diagnostic {
    Diagnostic::error("Input too large")
        .with_detail(format!(
            "The input is {len} bytes long; the native syntax parser accepts at most {} bytes.",
            u32::MAX - 1
        ))
        .with_subject(Range::at(filename, Pos::start()))
}

/// Turns the lexer's and the parser's findings into diagnostics, computing
/// every position in one sweep.
fn finish_diagnostics(
    source: &SourceFile,
    first: Diagnostics,
    lex: Vec<LexDiagnostic>,
    parse: Vec<RawDiag>,
) -> Diagnostics {
    let lex_kinds: Vec<DiagnosticKind> = lex.iter().map(|d| d.kind).collect();
    let all: Vec<RawDiag> = lex
        .into_iter()
        .map(|d| RawDiag {
            summary: d.summary.into(),
            detail: Detail::Static(d.detail),
            subject: d.span,
            context: None,
        })
        .chain(parse)
        .collect();
    let mut out = first;
    if all.is_empty() {
        return out;
    }
    let mut spans = Vec::with_capacity(all.len() * 3);
    for d in &all {
        spans.push(d.subject);
        spans.push(d.context.unwrap_or(d.subject));
        spans.push(match d.detail {
            Detail::Ranged(_, s, _) => s,
            _ => d.subject,
        });
    }
    let ranges = source.ranges(&spans);
    for (i, d) in all.into_iter().enumerate() {
        let get = |k: usize| ranges.get(3 * i + k).cloned();
        let detail = match d.detail {
            Detail::Static(s) => s.to_owned(),
            Detail::Owned(s) => s,
            Detail::Ranged(prefix, _, suffix) => {
                let r = get(2).map(|r| r.to_string()).unwrap_or_default();
                format!("{prefix}{r}{suffix}")
            }
        };
        let mut diag = Diagnostic::error(d.summary).with_detail(detail);
        // The lexer's findings come first.
        diag.kind = lex_kinds.get(i).copied();
        diag.subject = get(0);
        if d.context.is_some() {
            diag.context = get(1);
        }
        out.push(diag);
    }
    out
}

/// An empty body standing for the whole of a file that could not be read.
fn empty_root(ast: &mut Ast) {
    let id = crate::native::ast::BodyId(ast.bodies.len() as u32);
    ast.bodies.push(BodyNode {
        attributes: List::EMPTY,
        blocks: List::EMPTY,
        span: Span::default(),
        end: Span::default(),
    });
    ast.root = Some(id);
}

/// Parses a whole configuration file.
///
/// The returned file always has a root body ([`ParsedFile::root`]), which
/// may be partial (or empty) when there are errors. `filename` is used in
/// the diagnostics' ranges.
///
/// ```
/// use hcl_core::body::Body;
/// use hcl_core::native::{parse_config, ParseOptions};
///
/// let src = b"region = \"eu\"\nreplicas = 3\n";
/// let (file, diags) = parse_config(src, "app.hcl", &ParseOptions::default());
/// assert!(diags.is_empty());
/// let (attributes, diags) = file.body().just_attributes();
/// assert!(diags.is_empty());
/// let names: Vec<&str> = attributes.keys().map(String::as_str).collect();
/// assert_eq!(names, ["region", "replicas"]);
///
/// let (_, diags) = parse_config(b"a = [1, 2\n", "bad.hcl", &ParseOptions::default());
/// assert_eq!(diags.to_string(), "bad.hcl:1,5-6: Unterminated tuple constructor expression; There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.");
/// ```
pub fn parse_config(
    src: &[u8],
    filename: &str,
    options: &ParseOptions,
) -> (Arc<ParsedFile>, Diagnostics) {
    parse_config_input(Cow::Borrowed(src), filename, options)
}

/// [`parse_config`] taking ownership of the text, which becomes the
/// parsed file's source without being copied (a `String` converts with
/// [`String::into_bytes`] at no cost).
///
/// ```
/// use hcl_core::native::{parse_config_owned, ParseOptions};
///
/// let text = String::from("replicas = 3\n");
/// let (file, diags) = parse_config_owned(text.into_bytes(), "app.hcl", &ParseOptions::default());
/// assert!(diags.is_empty());
/// assert_eq!(file.source().text(), "replicas = 3\n");
/// ```
pub fn parse_config_owned(
    src: Vec<u8>,
    filename: &str,
    options: &ParseOptions,
) -> (Arc<ParsedFile>, Diagnostics) {
    parse_config_input(Cow::Owned(src), filename, options)
}

fn parse_config_input(
    src: Cow<'_, [u8]>,
    filename: &str,
    options: &ParseOptions,
) -> (Arc<ParsedFile>, Diagnostics) {
    let len = src.len();
    let Some(input) = check_input(src) else {
        let mut ast = Ast::default();
        empty_root(&mut ast);
        let file = ParsedFile::new(SourceFile::new(filename, ""), ast);
        return (Arc::new(file), too_large_diagnostic(filename, len).into());
    };
    let mut parser = Parser::new(input.bytes(), LexMode::Normal, 0, options.max_depth);
    let root = parser.parse_body(crate::native::lexer::TokenKind::Eof);
    let lex = parser.finish_lexing();
    let parse_diags = std::mem::take(&mut parser.diags);
    let mut ast = parser.into_ast();
    ast.root = Some(root);
    let start = Pos::start();
    let first = input_diagnostics(filename, &input, start);
    let source = input.into_source(filename, start);
    let diags = finish_diagnostics(&source, first, lex, parse_diags);
    (Arc::new(ParsedFile::new(source, ast)), diags)
}

/// [`parse_config`] with the default options, for text.
pub fn parse_config_str(src: &str, filename: &str) -> (Arc<ParsedFile>, Diagnostics) {
    parse_config(src.as_bytes(), filename, &ParseOptions::default())
}

/// The standalone result of a parse that is not a whole file.
fn standalone(
    src: &[u8],
    filename: &str,
    start: Pos,
    options: &ParseOptions,
    mode: LexMode,
    parse: impl FnOnce(&mut Parser<'_>) -> ExprId,
) -> (Arc<ParsedFile>, ExprId, Diagnostics) {
    let Some(input) = check_input(Cow::Borrowed(src)) else {
        let mut ast = Ast::default();
        let id = ast.push_expr(ExprKind::Invalid, Span::default());
        let file = ParsedFile::new(SourceFile::with_base(filename, "", start), ast);
        return (
            Arc::new(file),
            id,
            too_large_diagnostic(filename, src.len()).into(),
        );
    };
    let mut parser = Parser::new(input.bytes(), mode, 0, options.max_depth);
    let id = parse(&mut parser);
    let lex = parser.finish_lexing();
    let parse_diags = std::mem::take(&mut parser.diags);
    let ast = parser.into_ast();
    let first = input_diagnostics(filename, &input, start);
    let source = input.into_source(filename, start);
    let diags = finish_diagnostics(&source, first, lex, parse_diags);
    (Arc::new(ParsedFile::new(source, ast)), id, diags)
}

/// Parses a standalone expression (Go's `ParseExpression`): newlines are
/// ignored, as inside parentheses, and anything after the expression is an
/// error. `start` is where the text sits in its file (line, column and byte
/// offsets of every range are shifted by it).
pub fn parse_expression(
    src: &[u8],
    filename: &str,
    start: Pos,
    options: &ParseOptions,
) -> (Arc<ParsedFile>, ExprId, Diagnostics) {
    standalone(src, filename, start, options, LexMode::Normal, |p| {
        p.push_newlines(false);
        let e = p.parse_expression();
        let next = p.peek();
        if next.kind != crate::native::lexer::TokenKind::Eof && !p.recovery {
            p.err(
                "Extra characters after expression",
                "An expression was successfully parsed, but extra characters were found after it.",
                next.span,
                None,
            );
        }
        p.pop_newlines();
        e
    })
}

/// Parses a standalone template (Go's `ParseTemplate`): the whole text is
/// template literal text with `${...}` interpolations and `%{...}`
/// directives (no quotes, no escapes other than `$${` and `%%{`).
///
/// ```
/// use hcl_core::native::{parse_template, NativeExpression, ParseOptions};
/// use hcl_core::{EvalContext, Expression, Pos, Value};
///
/// let (file, id, diags) = parse_template(b"${port}", "t", Pos::start(), &ParseOptions::default());
/// assert!(diags.is_empty());
/// // A template that is a single interpolation returns its value unconverted.
/// let mut ctx = EvalContext::new();
/// ctx.declare_variable("port", Value::number(80)).unwrap();
/// let (value, _) = NativeExpression::new(file, id).value(&ctx);
/// assert_eq!(value, Value::number(80));
/// ```
pub fn parse_template(
    src: &[u8],
    filename: &str,
    start: Pos,
    options: &ParseOptions,
) -> (Arc<ParsedFile>, ExprId, Diagnostics) {
    standalone(src, filename, start, options, LexMode::Template, |p| {
        p.parse_bare_template()
    })
}

/// Parses a standalone absolute traversal (Go's `ParseTraversalAbs`): a
/// variable name followed by `.attr`, `[number]`, `["string"]` or the
/// legacy `.0` steps. On error the steps parsed so far are returned.
///
/// ```
/// use hcl_core::native::parse_traversal_abs;
/// use hcl_core::Pos;
///
/// let (t, diags) = parse_traversal_abs(b"aws_instance.web[0].id", "t", Pos::start());
/// assert!(diags.is_empty());
/// assert_eq!(t.root_name(), Some("aws_instance"));
/// assert_eq!(t.to_string(), "aws_instance.web[0].id");
/// ```
pub fn parse_traversal_abs(src: &[u8], filename: &str, start: Pos) -> (Traversal, Diagnostics) {
    let Some(input) = check_input(Cow::Borrowed(src)) else {
        return (
            Traversal::default(),
            too_large_diagnostic(filename, src.len()).into(),
        );
    };
    let mut parser = Parser::new(
        input.bytes(),
        LexMode::Normal,
        0,
        ParseOptions::DEFAULT_MAX_DEPTH,
    );
    parser.push_newlines(false);
    let steps = parser.parse_traversal_abs();
    parser.pop_newlines();
    let lex = parser.finish_lexing();
    let parse_diags = std::mem::take(&mut parser.diags);
    drop(parser);
    let first = input_diagnostics(filename, &input, start);
    let source = input.into_source(filename, start);
    let diags = finish_diagnostics(&source, first, lex, parse_diags);

    let spans: Vec<Span> = steps
        .iter()
        .map(|s| match s {
            TraversalStep::Root { name } => *name,
            TraversalStep::Attr { span, .. } | TraversalStep::Index { span, .. } => *span,
        })
        .collect();
    let ranges = source.ranges(&spans);
    let traversers = steps
        .into_iter()
        .zip(ranges)
        .map(|(step, range)| match step {
            TraversalStep::Root { name } => Traverser::Root {
                name: source.text_of(name).to_owned(),
                range,
            },
            TraversalStep::Attr { name, .. } => Traverser::Attr {
                name: source.text_of(name).to_owned(),
                range,
            },
            TraversalStep::Index { key, .. } => Traverser::Index {
                key: match key {
                    TraversalStepKey::Number(Some(n)) => Value::number(n),
                    TraversalStepKey::Number(None) => Value::unknown(crate::ty::Type::Number),
                    TraversalStepKey::String(s) => Value::string(s),
                },
                range,
            },
        })
        .collect();
    (Traversal::new(traversers), diags)
}
