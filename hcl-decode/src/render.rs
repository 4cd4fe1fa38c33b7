//! Showing an [`Error`] on every screen: plain text (its `Display`), colour
//! for a terminal (feature `color`), JSON for a machine (the shape of
//! `hcldec --diags=json`), and `miette::Diagnostic`s (feature `miette`).
//!
//! | want | call | feature |
//! |---|---|---|
//! | plain text, with source lines | `err.to_string()` | |
//! | standard error, coloured when it is a terminal and `NO_COLOR` is unset | [`Error::eprint`] | `color` (else plain) |
//! | colours, on or off | `Error::render_color` | `color` |
//! | JSON, `{"diagnostics": [...]}` | [`Error::to_json`]; `serde::Serialize` for [`Diagnostics`] | (`serde` for `Serialize`) |
//! | miette | `Error::into_miette` → `MietteReport` | `miette` |
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
//! let json = err.to_json();
//! assert!(json.contains("\"summary\": \"Incorrect attribute value type\""));
//! assert!(json.contains("\"filename\": \"app.hcl\""));
//! ```

use std::fmt;

use hcl_core::{Diagnostics, Renderer};

use crate::error::{Error, Warnings};

/// Diagnostics in their final form and the (masked) source text to show
/// them with: what an [`Error`] and a [`Warnings`] hold, and the one home
/// of every rendering of them.
#[derive(Clone, Default)]
pub(crate) struct Report {
    pub(crate) diagnostics: Diagnostics,
    pub(crate) renderer: Renderer,
}

impl Report {
    pub(crate) fn new(diagnostics: Diagnostics, renderer: Renderer) -> Report {
        Report {
            diagnostics,
            renderer,
        }
    }

    /// Plain text, with source lines, without the final blank line.
    fn plain(&self) -> String {
        self.renderer
            .render(&self.diagnostics)
            .trim_end()
            .to_owned()
    }

    fn to_json(&self) -> String {
        self.diagnostics.to_json()
    }

    fn eprint(&self) {
        #[cfg(feature = "color")]
        let text = hcl_core::ColorRenderer::for_stream(&self.renderer, &std::io::stderr())
            .render(&self.diagnostics);
        #[cfg(not(feature = "color"))]
        let text = self.renderer.render(&self.diagnostics);
        eprint!("{text}");
    }

    #[cfg(feature = "color")]
    fn render_color(&self, colors: bool) -> String {
        let text = hcl_core::ColorRenderer::new(&self.renderer)
            .colors(colors)
            .render(&self.diagnostics);
        text.trim_end().to_owned()
    }

    /// `Display`: every diagnostic rendered.
    pub(crate) fn fmt_display(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.plain())
    }

    /// `Debug`: a count of errors and warnings, then the rendering.
    pub(crate) fn fmt_counted(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let errors = self.diagnostics.errors().count();
        let warnings = self.diagnostics.len() - errors;
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let mut parts = Vec::new();
        if errors == 0 && warnings == 0 {
            return f.write_str("no diagnostics");
        }
        if errors > 0 {
            parts.push(format!("{errors} error{}", plural(errors)));
        }
        if warnings > 0 {
            parts.push(format!("{warnings} warning{}", plural(warnings)));
        }
        write!(f, "{}", parts.join(" and "))?;
        if !self.diagnostics.is_empty() {
            write!(f, "\n\n")?;
            self.fmt_display(f)?;
        }
        Ok(())
    }
}

/// The same methods on [`Error`] and [`Warnings`], each a call to the
/// [`Report`] they hold.
macro_rules! renderings {
    ($ty:ident, $what:literal) => {
        impl $ty {
            #[doc = concat!("The ", $what, ", in source order.")]
            pub fn diagnostics(&self) -> &Diagnostics {
                &self.report().diagnostics
            }

            #[doc = concat!("The ", $what, ", by value.")]
            pub fn into_diagnostics(self) -> Diagnostics {
                self.into_report().diagnostics
            }

            /// The renderer `Display` uses: it knows the (masked) source
            /// text of the files decoded (for the colour renderer, JSON or
            /// miette; see [`crate::render`]).
            pub fn renderer(&self) -> &Renderer {
                &self.report().renderer
            }

            #[doc = concat!("The ", $what, " as JSON in the shape `hcldec --diags=json` writes (see `hcl_core::Diagnostics::to_json`).")]
            pub fn to_json(&self) -> String {
                self.report().to_json()
            }

            #[doc = concat!("Writes the ", $what, " to standard error, with their source lines: in colour (feature `color`) when standard error is a terminal and `NO_COLOR` is unset or empty, else as plain text.")]
            pub fn eprint(&self) {
                self.report().eprint()
            }

            #[doc = concat!("The ", $what, " rendered as `Display` renders them, with ANSI colours when `colors` is true (see [`hcl_core::render_color`]).")]
            #[cfg(feature = "color")]
            pub fn render_color(&self, colors: bool) -> String {
                self.report().render_color(colors)
            }

            #[doc = concat!("The ", $what, " as a [`MietteReport`] (feature `miette`), each with its file's text and labelled spans.")]
            #[cfg(feature = "miette")]
            pub fn into_miette(self) -> MietteReport {
                self.into_report().into_miette()
            }
        }

        #[doc = concat!("Every one of the ", $what, " rendered with its source lines, as HCL tools print them (without the final blank line).")]
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.report().fmt_display(f)
            }
        }
    };
}

renderings!(Error, "diagnostics (errors and warnings)");
renderings!(Warnings, "warnings");

#[cfg(feature = "miette")]
pub use miette_report::{MietteDiagnostic, MietteReport};

#[cfg(feature = "miette")]
mod miette_report {
    use std::collections::BTreeMap;
    use std::fmt;
    use std::sync::Arc;

    use hcl_core::{Diagnostic, Range, Severity};
    use miette::{LabeledSpan, NamedSource, SourceCode, SourceSpan};

    type Source = Arc<NamedSource<Arc<str>>>;

    /// One HCL diagnostic as a `miette::Diagnostic`: the summary is the
    /// message; the subject is the primary label, carrying the detail; the
    /// context (when wider) is a second, unlabelled span; the source is
    /// the file's text, named by its file name. A diagnostic without a
    /// subject (or whose file's text is not known) gives its detail as
    /// `help`.
    #[derive(Clone, Debug)]
    pub struct MietteDiagnostic {
        diagnostic: Diagnostic,
        source: Option<Source>,
    }

    impl MietteDiagnostic {
        /// The HCL diagnostic.
        pub fn diagnostic(&self) -> &Diagnostic {
            &self.diagnostic
        }

        fn span(range: &Range) -> SourceSpan {
            let start = range.start.offset();
            SourceSpan::new(start.into(), range.end.offset().saturating_sub(start))
        }
    }

    impl fmt::Display for MietteDiagnostic {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&self.diagnostic.summary)
        }
    }

    impl std::error::Error for MietteDiagnostic {}

    impl miette::Diagnostic for MietteDiagnostic {
        fn severity(&self) -> Option<miette::Severity> {
            Some(match self.diagnostic.severity {
                Severity::Error => miette::Severity::Error,
                Severity::Warning => miette::Severity::Warning,
            })
        }

        fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
            if self.source.is_some() || self.diagnostic.detail.is_empty() {
                return None;
            }
            Some(Box::new(&self.diagnostic.detail))
        }

        fn source_code(&self) -> Option<&dyn SourceCode> {
            self.source.as_ref().map(|s| s as &dyn SourceCode)
        }

        fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
            self.source.as_ref()?;
            let subject = self.diagnostic.subject.as_ref()?;
            let detail = &self.diagnostic.detail;
            let text = (!detail.is_empty()).then(|| detail.to_string());
            let mut labels = vec![LabeledSpan::new_primary_with_span(
                text,
                MietteDiagnostic::span(subject),
            )];
            if let Some(context) = &self.diagnostic.context
                && context.filename == subject.filename
                && context != subject
            {
                labels.push(LabeledSpan::new_with_span(
                    None,
                    MietteDiagnostic::span(context),
                ));
            }
            Some(Box::new(labels.into_iter()))
        }
    }

    /// A failed decoding as one `miette::Diagnostic`: the first error is
    /// the diagnostic itself, every other diagnostic (in source order) is
    /// `related`. Made by [`Error::into_miette`](crate::Error::into_miette); a `?` in a function
    /// returning `miette::Result` turns it into a `miette::Report`.
    #[derive(Clone, Debug)]
    pub struct MietteReport {
        main: Option<MietteDiagnostic>,
        related: Vec<MietteDiagnostic>,
    }

    impl MietteReport {
        /// Every diagnostic, the main one first.
        pub fn diagnostics(&self) -> impl Iterator<Item = &MietteDiagnostic> {
            self.main.iter().chain(&self.related)
        }
    }

    impl fmt::Display for MietteReport {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match &self.main {
                Some(main) => main.fmt(f),
                None => f.write_str("decoding failed"),
            }
        }
    }

    impl std::error::Error for MietteReport {}

    impl miette::Diagnostic for MietteReport {
        fn severity(&self) -> Option<miette::Severity> {
            self.main.as_ref()?.severity()
        }
        fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
            self.main.as_ref()?.help()
        }
        fn source_code(&self) -> Option<&dyn SourceCode> {
            self.main.as_ref()?.source_code()
        }
        fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
            self.main.as_ref()?.labels()
        }
        fn related<'a>(
            &'a self,
        ) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
            if self.related.is_empty() {
                return None;
            }
            Some(Box::new(
                self.related.iter().map(|d| d as &dyn miette::Diagnostic),
            ))
        }
    }

    impl super::Report {
        /// Every diagnostic as a `miette::Diagnostic`: the first error (or
        /// the first warning) is the main one, the others `related`.
        pub(crate) fn into_miette(self) -> MietteReport {
            let mut sources: BTreeMap<Arc<str>, Option<Source>> = BTreeMap::new();
            let renderer = self.renderer;
            let mut all: Vec<MietteDiagnostic> = self
                .diagnostics
                .into_iter()
                .map(|diagnostic| {
                    let source = diagnostic.subject.as_ref().and_then(|subject| {
                        sources
                            .entry(subject.filename.clone())
                            .or_insert_with(|| {
                                renderer.source(&subject.filename).map(|text| {
                                    Arc::new(NamedSource::new(
                                        &*subject.filename,
                                        Arc::<str>::from(text),
                                    ))
                                })
                            })
                            .clone()
                    });
                    MietteDiagnostic { diagnostic, source }
                })
                .collect();
            let main = all
                .iter()
                .position(|d| d.diagnostic.is_error())
                .or(if all.is_empty() { None } else { Some(0) })
                .map(|i| all.remove(i));
            MietteReport { main, related: all }
        }
    }
}
