//! Errors: [`FromValueError`] (a value that does not fit a Rust type, with the
//! path inside the value) and [`Error`] (the diagnostics of a failed
//! decoding, rendered with their source lines).

use std::fmt;
use std::sync::Arc;

use hcl_core::convert::ConversionError;

use crate::render::Report;
use hcl_core::{
    Diagnostic, DiagnosticKind, Diagnostics, DynExpression, EvalContext, Path, PathStep, Range,
    Renderer,
};

/// The summary of a value whose type does not convert.
pub(crate) const TYPE_SUMMARY: &str = "Incorrect attribute value type";
/// The summary of a value that converts but does not fit.
pub(crate) const VALUE_SUMMARY: &str = "Invalid attribute value";

/// Why a value could not be decoded into a Rust type: where inside the
/// value (a [`Path`]), a summary and a message.
///
/// A decoded attribute's error becomes a diagnostic about the attribute's
/// expression, or about the element at fault when the expression is a
/// literal collection (`[1, "x"]`, `{ port = "x" }`):
///
/// ```text
/// Error: Incorrect attribute value type
///
///   on app.hcl line 2:
///    2: ports = [80, "http"]
///                    ^^^^^^
///
/// Inappropriate value for attribute "ports": [1]: a number is required.
/// ```
///
/// A custom conversion (`#[hcl(with = path)]`) returns it, or anything
/// that converts into it: a `String` or `&str` (the message), a
/// [`ConversionError`], or a whole [`Diagnostic`] (used as it is).
///
/// ```
/// use hcl_decode::{PathStep, Value, FromValueError};
///
/// let e = FromValueError::new("must be a power of two").within(PathStep::Attr("size".into()));
/// assert_eq!(e.to_string(), ".size: must be a power of two");
/// assert_eq!(e.summary(), "Invalid attribute value");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct FromValueError {
    // Boxed: a `Result` carrying it stays small.
    inner: Box<Inner>,
}

#[derive(Clone, Debug, PartialEq)]
struct Inner {
    summary: String,
    path: Path,
    message: String,
    subject: Option<Range>,
    /// A diagnostic given whole: its detail is used as written.
    verbatim: bool,
    /// A sentence after the detail's own ("Did you mean …?").
    hint: Option<String>,
    /// The diagnostic's kind, for code that recognises it.
    kind: Option<DiagnosticKind>,
}

impl FromValueError {
    fn from_inner(inner: Inner) -> FromValueError {
        FromValueError {
            inner: Box::new(inner),
        }
    }

    /// An error about the value as a whole, with the summary "Invalid
    /// attribute value".
    pub fn new(message: impl Into<String>) -> FromValueError {
        FromValueError::from_inner(Inner {
            summary: VALUE_SUMMARY.to_owned(),
            path: Path::root(),
            message: message.into(),
            subject: None,
            verbatim: false,
            hint: None,
            kind: None,
        })
    }

    /// The error for a value that does not convert to the type wanted
    /// (summary "Incorrect attribute value type").
    pub fn conversion(error: ConversionError) -> FromValueError {
        FromValueError::from_inner(Inner {
            summary: TYPE_SUMMARY.to_owned(),
            path: error.path().clone(),
            message: error.message().to_owned(),
            subject: None,
            verbatim: false,
            hint: None,
            kind: None,
        })
    }

    /// The error for a null value where one is not allowed.
    pub fn null() -> FromValueError {
        FromValueError::new("a null value is not allowed here")
    }

    /// The error for a value that is not known yet.
    pub fn unknown() -> FromValueError {
        let mut e = FromValueError::new("the value is not known yet");
        e.inner.kind = Some(DiagnosticKind::UnknownValue);
        e
    }

    /// Sets the summary.
    pub fn with_summary(mut self, summary: impl Into<String>) -> FromValueError {
        self.inner.summary = summary.into();
        self
    }

    /// Sets the range the diagnostic is about (by default, the attribute's
    /// expression, or the element at fault).
    pub fn with_subject(mut self, subject: Range) -> FromValueError {
        self.inner.subject = Some(subject);
        self
    }

    /// Adds a sentence after the message in the diagnostic's detail, such
    /// as `Did you mean "info"?` (the message ends with a period, the hint
    /// is written as it is).
    pub fn with_hint(mut self, hint: impl Into<String>) -> FromValueError {
        self.inner.hint = Some(hint.into());
        self
    }

    /// The hint, if any (see [`FromValueError::with_hint`]).
    pub fn hint(&self) -> Option<&str> {
        self.inner.hint.as_deref()
    }

    /// The same error seen from a container: `step` leads from the
    /// container to the value the error was found in.
    pub fn within(mut self, step: PathStep) -> FromValueError {
        self.inner.path.prepend(step);
        self
    }

    /// The summary.
    pub fn summary(&self) -> &str {
        &self.inner.summary
    }

    /// The path from the decoded value to the part at fault.
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// The message, without the path.
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// The diagnostic for this error in the value of the attribute `name`,
    /// whose expression is `expr`.
    pub fn to_attribute_diagnostic(&self, name: &str, expr: &DynExpression) -> Diagnostic {
        let detail = if self.inner.verbatim {
            self.inner.message.clone()
        } else {
            format!("Inappropriate value for attribute {name:?}: {self}.")
        };
        let detail = self.with_hint_sentence(detail);
        self.diagnostic(detail, expr)
    }

    /// The diagnostic for this error in the value of an expression that is
    /// not an attribute's.
    pub fn to_expression_diagnostic(&self, expr: &DynExpression) -> Diagnostic {
        let detail = if self.inner.verbatim {
            self.inner.message.clone()
        } else {
            format!("Unsuitable value: {self}.")
        };
        let detail = self.with_hint_sentence(detail);
        self.diagnostic(detail, expr)
    }

    fn with_hint_sentence(&self, detail: String) -> String {
        match &self.inner.hint {
            Some(hint) => format!("{detail} {hint}"),
            None => detail,
        }
    }

    fn diagnostic(&self, detail: String, expr: &DynExpression) -> Diagnostic {
        let whole = expr.range();
        let subject = match &self.inner.subject {
            Some(s) => s.clone(),
            None => element_range(expr, &self.inner.path).unwrap_or_else(|| whole.clone()),
        };
        let mut d = Diagnostic::error(self.inner.summary.clone())
            .with_detail(detail)
            .with_subject(subject.clone());
        d.kind = self.inner.kind;
        if subject != whole && subject.filename == whole.filename {
            d = d.with_context(whole);
        }
        d
    }
}

/// The path and the message: `.port: a number is required`; the message
/// alone for the value as a whole.
impl fmt::Display for FromValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.inner.path.is_root() || self.inner.verbatim {
            f.write_str(&self.inner.message)
        } else {
            write!(f, "{}: {}", self.inner.path, self.inner.message)
        }
    }
}

impl std::error::Error for FromValueError {}

impl From<ConversionError> for FromValueError {
    fn from(e: ConversionError) -> FromValueError {
        FromValueError::conversion(e)
    }
}

impl From<String> for FromValueError {
    fn from(message: String) -> FromValueError {
        FromValueError::new(message)
    }
}

impl From<&str> for FromValueError {
    fn from(message: &str) -> FromValueError {
        FromValueError::new(message)
    }
}

/// A diagnostic given whole: its summary, detail and subject are kept (the
/// subject defaults to the expression's range).
impl From<Diagnostic> for FromValueError {
    fn from(d: Diagnostic) -> FromValueError {
        FromValueError::from_inner(Inner {
            summary: d.summary.into_owned(),
            path: Path::root(),
            message: d.detail.into_owned(),
            subject: d.subject,
            verbatim: true,
            hint: None,
            kind: d.kind,
        })
    }
}

impl From<hcl_core::number::NumberRangeError> for FromValueError {
    fn from(e: hcl_core::number::NumberRangeError) -> FromValueError {
        FromValueError::new(e.to_string())
    }
}

/// The range of the literal element that `path` leads to inside `expr`,
/// when `expr` is tuple or object construction and so is every step down
/// (found by the static-list and static-map analyses, so any syntax that
/// offers them is served).
pub(crate) fn element_range(expr: &DynExpression, path: &Path) -> Option<Range> {
    if path.is_root() {
        return None;
    }
    let literal = EvalContext::literal_only();
    let mut current = expr.clone();
    for step in path.steps() {
        let index = match step {
            PathStep::Index(key) => key.as_number().and_then(|n| n.to_usize().ok()),
            PathStep::Attr(_) => None,
        };
        current = if let Some(i) = index {
            current.static_list().ok()?.get(i)?.clone()
        } else {
            let name = match step {
                PathStep::Attr(name) => name.as_str(),
                PathStep::Index(key) => key.as_str()?,
            };
            let pairs = current.static_map().ok()?;
            // The last definition of a key is the one in the value.
            pairs
                .iter()
                .rev()
                .find(|pair| {
                    let (key, diags) = pair.key.value(&literal);
                    !diags.has_errors() && key.as_str() == Some(name)
                })?
                .value
                .clone()
        };
    }
    Some(current.range())
}

/// Decoding failed: every diagnostic found, in source order, with the
/// source text needed to show them.
///
/// `Display` renders each diagnostic in the HCL style, with its source
/// lines and the subject marked (by [`Renderer`]); [`Error::diagnostics`]
/// gives them as data.
///
/// ```
/// use hcl_decode::HclBody;
///
/// #[derive(HclBody, Debug)]
/// struct Config {
///     port: u16,
/// }
///
/// let err = hcl_decode::from_str::<Config>("port = 70000\n", "app.hcl").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "Error: Invalid attribute value\n\
///      \n  on app.hcl line 1:\n   1: port = 70000\n             ^^^^^\n\
///      \nInappropriate value for attribute \"port\": value must be a whole number, between 0 and 65535 inclusive."
/// );
/// assert_eq!(err.diagnostics().len(), 1);
/// assert!(format!("{err:?}").starts_with("1 error\n\nError: Invalid attribute value\n"));
/// ```
///
/// `{:?}` shows the same text after a count of errors, so that
/// `fn main() -> Result<(), Box<dyn std::error::Error>>` with `?`, or an
/// `unwrap`, prints something a person can read; `{:#?}` shows the
/// diagnostics as data.
#[derive(Clone)]
pub struct Error {
    report: Report,
    io: Option<Arc<std::io::Error>>,
}

impl Error {
    /// An error made of these diagnostics, with no source text to show.
    pub fn new(diagnostics: Diagnostics) -> Error {
        Error {
            report: Report::new(diagnostics, Renderer::new()),
            io: None,
        }
    }

    /// The error for a file that could not be read.
    pub(crate) fn io(path: &std::path::Path, error: std::io::Error) -> Error {
        let d = Diagnostic::error("Failed to read file").with_detail(format!(
            "The file {:?} could not be read: {error}.",
            path.display().to_string()
        ));
        Error {
            report: Report::new(d.into(), Renderer::new()),
            io: Some(Arc::new(error)),
        }
    }

    /// The error for output that could not be written.
    pub(crate) fn write(error: std::io::Error) -> Error {
        let d = Diagnostic::error("Failed to write output")
            .with_detail(format!("The output could not be written: {error}."));
        Error {
            report: Report::new(d.into(), Renderer::new()),
            io: Some(Arc::new(error)),
        }
    }

    /// Registers the text of a file so that `Display` can show its lines.
    pub fn with_source(
        mut self,
        filename: impl Into<Arc<str>>,
        text: impl Into<Arc<str>>,
    ) -> Error {
        self.report.renderer.add_source(filename, text);
        self
    }

    pub(crate) fn from_report(report: Report) -> Error {
        Error { report, io: None }
    }

    /// The I/O error behind this one (a file that could not be read).
    pub(crate) fn io_error(&self) -> Option<Arc<std::io::Error>> {
        self.io.clone()
    }

    /// The same, its `source` this I/O error.
    pub(crate) fn with_io_error(mut self, io: Option<Arc<std::io::Error>>) -> Error {
        self.io = io;
        self
    }

    pub(crate) fn report(&self) -> &Report {
        &self.report
    }

    pub(crate) fn into_report(self) -> Report {
        self.report
    }
}

/// A count, then the diagnostics rendered (`{:#?}`: the diagnostics as
/// data).
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f
                .debug_struct("Error")
                .field("diagnostics", &self.report.diagnostics)
                .field("io", &self.io)
                .finish_non_exhaustive();
        }
        self.report.fmt_counted(f)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.io
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl From<Diagnostics> for Error {
    fn from(diagnostics: Diagnostics) -> Error {
        Error::new(diagnostics)
    }
}

/// The warnings of a successful decoding, in their final form (source
/// order, sensitive values masked), with the source text to show them:
/// the same renderings as [`Error`] (`Display` with severity and source
/// lines, `render_color`, `to_json`, `into_miette`).
///
/// ```
/// use hcl_decode::{Decoder, HclBody, Value};
///
/// #[derive(HclBody, Debug)]
/// struct Config {
///     tags: Value,
/// }
///
/// // An empty object where a map was meant: the two rule sets part.
/// let decoded = Decoder::new()
///     .text("tags = false ? { name = \"n\" } : {}\n", "c.hcl")
///     .decode::<Config>()
///     .unwrap();
/// let warnings = decoded.warnings();
/// assert_eq!(warnings.diagnostics().len(), 1);
/// assert!(warnings.to_string().starts_with("Warning: Result differs from HashiCorp's HCL\n\n  on c.hcl line 1:"));
/// assert!(format!("{warnings:?}").starts_with("1 warning\n\nWarning: "));
/// ```
#[derive(Clone, Default)]
pub struct Warnings {
    report: Report,
}

impl Warnings {
    pub(crate) fn from_report(report: Report) -> Warnings {
        Warnings { report }
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.report.diagnostics.is_empty()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.report.diagnostics.len()
    }

    pub(crate) fn report(&self) -> &Report {
        &self.report
    }

    pub(crate) fn into_report(self) -> Report {
        self.report
    }
}

/// A count, then the warnings rendered (`{:#?}`: the warnings as data).
impl fmt::Debug for Warnings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f
                .debug_struct("Warnings")
                .field("diagnostics", &self.report.diagnostics)
                .finish_non_exhaustive();
        }
        self.report.fmt_counted(f)
    }
}
