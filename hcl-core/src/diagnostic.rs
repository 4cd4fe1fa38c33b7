//! Diagnostics: errors and warnings about a user's input, each with the
//! source range it is about.
//!
//! Every problem in user input is reported as a [`Diagnostic`], never as a
//! panic or a bare string. [`Diagnostics`] collects them in the order they
//! were found. A [`Renderer`] writes them in the familiar HCL text form,
//! with the source line and the subject marked (in colour for a terminal:
//! `render_color`, feature `color`; as JSON: [`crate::render_json`]):
//!
//! ```
//! use hcl_core::{Diagnostic, Diagnostics, Pos, Range, Renderer};
//!
//! let source = "name = 42\nport = \"http\"\n";
//! let subject = Range::new("app.hcl", Pos::new(17, 2, 8), Pos::new(23, 2, 14));
//! let mut diags = Diagnostics::new();
//! diags.push(
//!     Diagnostic::error("Incorrect attribute value type")
//!         .with_detail("A number is required.")
//!         .with_subject(subject),
//! );
//! assert!(diags.has_errors());
//!
//! let mut renderer = Renderer::new();
//! renderer.add_source("app.hcl", source);
//! assert_eq!(
//!     renderer.render(&diags),
//!     "Error: Incorrect attribute value type\n\
//!      \n  on app.hcl line 2:\n   2: port = \"http\"\n             ^^^^^^\n\
//!      \nA number is required.\n\n"
//! );
//! ```

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::pos::Range;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The input cannot be used.
    Error,
    /// The input can be used, but something about it is questionable.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
        })
    }
}

/// One error or warning.
///
/// A diagnostic is small (`size_of::<Diagnostic>()` is checked by a test):
/// its texts are borrowed when they are fixed (most summaries, many
/// details) and owned only when they are built, and its ranges share their
/// file's name, so that a file with a mistake on each of a million lines
/// reports them all in bounded memory.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A short description, such as "Unsupported argument".
    pub summary: Cow<'static, str>,
    /// A longer explanation, possibly with advice on how to fix the problem.
    pub detail: Cow<'static, str>,
    /// The range of source the diagnostic is about.
    pub subject: Option<Range>,
    /// A wider range that gives the subject its meaning (the whole
    /// expression around an operand, say).
    pub context: Option<Range>,
    /// What the diagnostic is, for code that must recognise it (summaries
    /// and details are for people, and may be reworded); `None` for most.
    pub kind: Option<DiagnosticKind>,
}

/// The diagnostics that code recognises (to drop one a syntax error
/// explains, to reword one for its context, ...), so that nothing matches
/// their prose. Set with [`Diagnostic::with_kind`] where they are made.
///
/// ```
/// use hcl_core::{Diagnostic, DiagnosticKind};
///
/// let d = Diagnostic::error("Missing required argument").with_kind(DiagnosticKind::MissingItem);
/// assert_eq!(d.kind, Some(DiagnosticKind::MissingItem));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// A schema that names something both an attribute and a block type.
    InvalidSchema,
    /// A required item (argument, block, label) missing from a body,
    /// reported at the body.
    MissingItem,
    /// A value needed known that is not known yet (after an earlier error,
    /// a consequence of it).
    UnknownValue,
    /// An attribute access on an object without that attribute
    /// (`local.nmae`).
    UnsupportedAttribute,
    /// A reference to a variable that the context does not declare.
    UnknownVariable,
    /// A call to a function that the context does not declare.
    UnknownFunction,
    /// A byte order mark.
    ByteOrderMark,
    /// Bytes that are not UTF-8.
    InvalidEncoding,
    /// Another error of the lexer (Go's `checkInvalidTokens`): an
    /// unsupported operator, an invalid character, a multi-line string.
    Lexical,
    /// A result that HashiCorp's rules would give differently
    /// ([`crate::semantics::DIVERGENCE_SUMMARY`]).
    Divergence,
}

impl Diagnostic {
    /// An error diagnostic with a summary and nothing else yet.
    pub fn error(summary: impl Into<Cow<'static, str>>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: compact(summary.into()),
            detail: Cow::Borrowed(""),
            subject: None,
            context: None,
            kind: None,
        }
    }

    /// A warning diagnostic with a summary and nothing else yet.
    pub fn warning(summary: impl Into<Cow<'static, str>>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(summary)
        }
    }

    /// Sets the detail.
    pub fn with_detail(mut self, detail: impl Into<Cow<'static, str>>) -> Diagnostic {
        self.detail = compact(detail.into());
        self
    }

    /// Sets the subject range.
    pub fn with_subject(mut self, subject: Range) -> Diagnostic {
        self.subject = Some(subject);
        self
    }

    /// Sets the context range.
    pub fn with_context(mut self, context: Range) -> Diagnostic {
        self.context = Some(context);
        self
    }

    /// Sets the kind (see [`DiagnosticKind`]).
    pub fn with_kind(mut self, kind: DiagnosticKind) -> Diagnostic {
        self.kind = Some(kind);
        self
    }

    /// Whether the diagnostic is of this kind.
    pub fn is(&self, kind: DiagnosticKind) -> bool {
        self.kind == Some(kind)
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A text without the spare capacity that `format!` leaves (its estimate
/// is often twice the text): a diagnostic lives as long as the run.
fn compact(text: Cow<'static, str>) -> Cow<'static, str> {
    match text {
        Cow::Owned(mut s) => {
            s.shrink_to_fit();
            Cow::Owned(s)
        }
        borrowed => borrowed,
    }
}

/// Written as the Go implementation's `Error()` writes one diagnostic:
/// `file:3,5-9: Summary; Detail`.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(subject) = &self.subject {
            write!(f, "{subject}: ")?;
        }
        f.write_str(&self.summary)?;
        if !self.detail.is_empty() {
            write!(f, "; {}", self.detail)?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// A list of diagnostics, in the order they were found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    /// No diagnostics.
    pub fn new() -> Diagnostics {
        Diagnostics(Vec::new())
    }

    /// Adds one diagnostic.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    /// Adds all of another list (taking it whole when this one is empty,
    /// so that a long list is not copied).
    pub fn extend(&mut self, other: Diagnostics) {
        if self.0.is_empty() && self.0.capacity() <= other.0.capacity() {
            self.0 = other.0;
        } else {
            self.0.extend(other.0);
        }
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// The number of diagnostics.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The diagnostics, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// The errors only.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| d.is_error())
    }

    /// Puts the diagnostics in source order (file, then position); those
    /// without a subject keep their place after the ones with one. The sort
    /// is stable, so diagnostics at one place keep the order they were found.
    pub fn sort_by_source(&mut self) {
        self.0.sort_by(|a, b| match (&a.subject, &b.subject) {
            (Some(x), Some(y)) => x.cmp(y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
    }

    /// `Ok(value)` when there is no error, else these diagnostics.
    pub fn into_result<T>(self, value: T) -> Result<T, Diagnostics> {
        if self.has_errors() {
            Err(self)
        } else {
            Ok(value)
        }
    }

    /// The diagnostics as a vector.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(v: Vec<Diagnostic>) -> Self {
        Diagnostics(v)
    }
}

impl FromIterator<Diagnostic> for Diagnostics {
    fn from_iter<I: IntoIterator<Item = Diagnostic>>(iter: I) -> Self {
        Diagnostics(iter.into_iter().collect())
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

/// One diagnostic a line, each as [`Diagnostic`]'s `Display` writes it.
impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// Writes diagnostics as plain text in the HCL style: `Error: summary`,
/// `on FILE line N:`, the source lines of the subject (and context) with the
/// subject marked by carets under it, then the detail.
#[derive(Clone, Debug, Default)]
pub struct Renderer {
    sources: BTreeMap<Arc<str>, Source>,
}

/// A registered file: its text and, built on first use, where each of its
/// lines starts, so that a diagnostic finds its lines by binary search
/// instead of walking the file from its start (rendering many diagnostics
/// stays linear).
#[derive(Clone, Debug)]
struct Source {
    text: Arc<str>,
    line_starts: OnceLock<Vec<usize>>,
}

impl Source {
    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(
                    self.text
                        .bytes()
                        .enumerate()
                        .filter(|&(_, b)| b == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .filter(|&start| start < self.text.len() || start == 0)
                .collect()
        })
    }
}

impl Renderer {
    /// A renderer that knows no source text yet.
    pub fn new() -> Renderer {
        Renderer::default()
    }

    /// Registers the text of a file so that its lines can be shown.
    pub fn add_source(&mut self, filename: impl Into<Arc<str>>, text: impl Into<Arc<str>>) {
        let source = Source {
            text: text.into(),
            line_starts: OnceLock::new(),
        };
        self.sources.insert(filename.into(), source);
    }

    /// Renders every diagnostic.
    pub fn render(&self, diagnostics: &Diagnostics) -> String {
        let mut out = String::new();
        for d in diagnostics {
            self.render_one(d, &mut out);
        }
        out
    }

    /// Renders every diagnostic to `out` as [`Renderer::render`] does, one
    /// at a time, so that the text of them all is never held at once
    /// (`hcldec` writes a million diagnostics to standard error this way).
    ///
    /// ```
    /// use hcl_core::{Diagnostic, Diagnostics, Renderer};
    ///
    /// let diags: Diagnostics = Diagnostic::error("Bad thing").with_detail("It was bad.").into();
    /// let mut out = Vec::new();
    /// Renderer::new().write(&diags, &mut out).unwrap();
    /// assert_eq!(out, Renderer::new().render(&diags).into_bytes());
    /// ```
    pub fn write(
        &self,
        diagnostics: &Diagnostics,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        let mut text = String::new();
        for d in diagnostics {
            text.clear();
            self.render_one(d, &mut text);
            out.write_all(text.as_bytes())?;
        }
        Ok(())
    }

    /// The text registered for `filename`, if any.
    pub fn source(&self, filename: &str) -> Option<&str> {
        self.sources.get(filename).map(|source| &*source.text)
    }

    /// Renders one diagnostic, appending to `out`.
    pub fn render_one(&self, d: &Diagnostic, out: &mut String) {
        use std::fmt::Write as _;
        let _ = write!(out, "{}: {}\n\n", d.severity, d.summary);
        if let Some(subject) = &d.subject {
            match self.sources.get(&subject.filename) {
                None => {
                    let _ = write!(
                        out,
                        "  on {} line {}:\n  (source code not available)\n\n",
                        subject.filename, subject.start.line
                    );
                }
                Some(source) => {
                    let _ = writeln!(
                        out,
                        "  on {} line {}:",
                        subject.filename, subject.start.line
                    );
                    let snippet = match &d.context {
                        Some(context) if context.filename == subject.filename => {
                            subject.cover(context)
                        }
                        _ => subject.clone(),
                    };
                    write_snippet(out, source, &snippet, subject);
                    out.push('\n');
                }
            }
        }
        if !d.detail.is_empty() {
            let _ = write!(out, "{}\n\n", d.detail);
        }
    }
}

/// Writes the lines that `snippet` touches, each numbered, with carets under
/// the part of each line that `subject` covers.
fn write_snippet(out: &mut String, source: &Source, snippet: &Range, subject: &Range) {
    use std::fmt::Write as _;
    let text = &*source.text;
    // No line before the one holding the snippet's first byte touches it.
    let starts = source.line_starts();
    let first = starts
        .partition_point(|&start| start <= snippet.start.offset())
        .saturating_sub(1);
    let mut line_start = starts.get(first).copied().unwrap_or(0);
    let rest = text.get(line_start..).unwrap_or("");
    for (index, line) in rest.split_inclusive('\n').enumerate() {
        let index = index + first;
        let line_end = line_start + line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        let content_end = line_start + content.len();
        // A line touches a range when they share a byte; an empty range
        // touches the line it sits on, its end included.
        let touches = |r: &Range| {
            let (s, e) = (r.start.offset(), r.end.offset().max(r.start.offset() + 1));
            s <= content_end && e > line_start
        };
        if touches(snippet) {
            let number = index + 1;
            let _ = writeln!(out, "{number:>4}: {content}");
            if touches(subject) {
                let from = subject.start.offset().clamp(line_start, content_end);
                let to = subject.end.offset().clamp(line_start, content_end);
                let pad = text.get(line_start..from).map_or(0, |s| s.chars().count());
                let width = text.get(from..to).map_or(0, |s| s.chars().count()).max(1);
                let _ = writeln!(out, "      {}{}", " ".repeat(pad), "^".repeat(width));
            }
        }
        if line_start > snippet.end.offset() {
            break;
        }
        line_start = line_end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos::Pos;

    fn subject(a: usize, b: usize, line: u32, col: u32) -> Range {
        Range::new(
            "t.hcl",
            Pos::new(a, line, col),
            Pos::new(b, line, col + (b - a) as u32),
        )
    }

    #[test]
    fn a_diagnostic_is_small() {
        // Twelve-byte positions, ranges that share their file's name, texts
        // borrowed when fixed: a million diagnostics fit in bounded memory
        // (`tests/tests/diagnostic_memory.rs` counts their bytes). The
        // severity leaves seven bytes of padding for small fields.
        assert_eq!(size_of::<Pos>(), 12);
        assert_eq!(size_of::<Range>(), 40);
        assert_eq!(size_of::<Option<Range>>(), 40);
        assert_eq!(size_of::<Cow<'static, str>>(), 24);
        assert!(
            size_of::<Diagnostic>() <= 136,
            "{}",
            size_of::<Diagnostic>()
        );
    }

    #[test]
    fn built_texts_keep_no_spare_capacity() {
        let d =
            Diagnostic::error(format!("Bad {}", "thing")).with_detail(format!("It was {}.", "bad"));
        assert!(matches!(&d.summary, Cow::Owned(s) if s.capacity() == s.len()));
        assert!(matches!(&d.detail, Cow::Owned(s) if s.capacity() == s.len()));
        let fixed = Diagnostic::warning("Odd thing").with_detail("It was odd.");
        assert!(matches!(fixed.summary, Cow::Borrowed("Odd thing")));
        assert!(matches!(fixed.detail, Cow::Borrowed("It was odd.")));
    }

    #[test]
    fn extending_an_empty_list_takes_the_other_whole() {
        let other: Diagnostics = (0..3).map(|i| Diagnostic::error(format!("e{i}"))).collect();
        let buffer = other.0.as_ptr();
        let mut diags = Diagnostics::new();
        diags.extend(other);
        assert_eq!(diags.0.as_ptr(), buffer);
        diags.extend(Diagnostics::from(Diagnostic::warning("w")));
        assert_eq!(diags.len(), 4);
    }

    #[test]
    fn diagnostic_display_matches_go_error_string() {
        let d = Diagnostic::error("Bad thing")
            .with_detail("It was bad.")
            .with_subject(subject(0, 3, 1, 1));
        assert_eq!(d.to_string(), "t.hcl:1,1-4: Bad thing; It was bad.");
        assert_eq!(Diagnostic::warning("W").to_string(), "W");
    }

    #[test]
    fn diagnostics_has_errors_ignores_warnings() {
        let mut ds = Diagnostics::new();
        ds.push(Diagnostic::warning("w"));
        assert!(!ds.has_errors());
        ds.push(Diagnostic::error("e"));
        assert!(ds.has_errors());
        assert_eq!(ds.errors().count(), 1);
    }

    #[test]
    fn sort_by_source_is_stable_and_puts_unranged_last() {
        let mut ds: Diagnostics = vec![
            Diagnostic::error("none"),
            Diagnostic::error("b").with_subject(subject(5, 6, 1, 6)),
            Diagnostic::error("a").with_subject(subject(1, 2, 1, 2)),
            Diagnostic::error("a2").with_subject(subject(1, 2, 1, 2)),
        ]
        .into();
        ds.sort_by_source();
        let order: Vec<_> = ds.iter().map(|d| d.summary.as_ref()).collect();
        assert_eq!(order, ["a", "a2", "b", "none"]);
    }

    #[test]
    fn renderer_without_source_says_so() {
        let ds: Diagnostics = Diagnostic::error("E")
            .with_subject(subject(0, 1, 1, 1))
            .into();
        assert_eq!(
            Renderer::new().render(&ds),
            "Error: E\n\n  on t.hcl line 1:\n  (source code not available)\n\n"
        );
    }

    #[test]
    fn renderer_marks_subject_across_context_lines() {
        let src = "a = [\n  1,\n  \"x\",\n]\n";
        let mut r = Renderer::new();
        r.add_source("t.hcl", src);
        let subj = Range::new("t.hcl", Pos::new(13, 3, 3), Pos::new(16, 3, 6));
        let ctx = Range::new("t.hcl", Pos::new(4, 1, 5), Pos::new(19, 4, 2));
        let d = Diagnostic::warning("W")
            .with_subject(subj)
            .with_context(ctx);
        let text = r.render(&d.into());
        assert_eq!(
            text,
            "Warning: W\n\n  on t.hcl line 3:\n   1: a = [\n   2:   1,\n   3:   \"x\",\n        ^^^\n   4: ]\n\n"
        );
    }

    #[test]
    fn renderer_is_linear_in_the_number_of_diagnostics() {
        // One diagnostic per line of a large file: walking the file from
        // its start for each would be quadratic (and never finish here).
        const N: usize = 200_000;
        let mut src = String::with_capacity(N * 8);
        let mut ds = Diagnostics::new();
        for i in 0..N {
            let start = src.len();
            src.push_str("a = 1\r\n");
            let line = u32::try_from(i + 1).unwrap_or(u32::MAX);
            ds.push(Diagnostic::error("E").with_subject(subject(start + 4, start + 5, line, 5)));
        }
        let mut r = Renderer::new();
        r.add_source("t.hcl", src);
        let text = r.render(&ds);
        assert_eq!(text.matches("       ^\n").count(), N);
        assert_eq!(text.matches(": a = 1\n").count(), N);
        assert!(text.ends_with(&format!(
            "  on t.hcl line {N}:\n{N:>4}: a = 1\n          ^\n\n"
        )));
        assert!(text.starts_with("Error: E\n\n  on t.hcl line 1:\n   1: a = 1\n          ^\n\n"));
    }

    /// The snippet as the renderer first wrote it, walking the text from
    /// its start: the indexed one must give the same output.
    fn reference_snippet(out: &mut String, text: &str, snippet: &Range, subject: &Range) {
        use std::fmt::Write as _;
        let mut line_start = 0usize;
        for (index, line) in text.split_inclusive('\n').enumerate() {
            let line_end = line_start + line.len();
            let content = line.trim_end_matches(['\n', '\r']);
            let content_end = line_start + content.len();
            let touches = |r: &Range| {
                let (s, e) = (r.start.offset(), r.end.offset().max(r.start.offset() + 1));
                s <= content_end && e > line_start
            };
            if touches(snippet) {
                let number = index + 1;
                let _ = writeln!(out, "{number:>4}: {content}");
                if touches(subject) {
                    let from = subject.start.offset().clamp(line_start, content_end);
                    let to = subject.end.offset().clamp(line_start, content_end);
                    let pad = text.get(line_start..from).map_or(0, |s| s.chars().count());
                    let width = text.get(from..to).map_or(0, |s| s.chars().count()).max(1);
                    let _ = writeln!(out, "      {}{}", " ".repeat(pad), "^".repeat(width));
                }
            }
            if line_start > snippet.end.offset() {
                break;
            }
            line_start = line_end;
        }
    }

    #[test]
    fn renderer_finds_lines_as_walking_the_text_does() {
        for text in ["ab\ncd\n\nef", "\n\nx\r\ny\n", "", "one", "é\nü\n"] {
            let source = Source {
                text: text.into(),
                line_starts: OnceLock::new(),
            };
            let n = text.len() + 1;
            for a in 0..n {
                for b in a..n {
                    for (c, d) in [(a, b), (0, b), (a, n - 1)] {
                        let subj = subject(a, b, 1, 1);
                        let snippet = subject(c.min(a), d.max(b), 1, 1);
                        let (mut got, mut want) = (String::new(), String::new());
                        write_snippet(&mut got, &source, &snippet, &subj);
                        reference_snippet(&mut want, text, &snippet, &subj);
                        assert_eq!(got, want, "{text:?} {a}..{b} in {c}..{d}");
                    }
                }
            }
        }
    }

    #[test]
    fn renderer_marks_empty_subject_with_one_caret() {
        let mut r = Renderer::new();
        r.add_source("t.hcl", "abc");
        let d = Diagnostic::error("E").with_subject(subject(3, 3, 1, 4));
        assert_eq!(
            r.render(&d.into()),
            "Error: E\n\n  on t.hcl line 1:\n   1: abc\n         ^\n\n"
        );
    }
}
