//! Showing an [`Error`] on every screen: plain text (its `Display`), colour
//! for a terminal (feature `color`), JSON for a machine (the shape of
//! `hcldec --diags=json`), and `miette::Diagnostic`s (feature `miette`).
//!
//! | want | call | feature |
//! |---|---|---|
//! | plain text, with source lines | `err.to_string()` | |
//! | standard error, coloured when it is a terminal and `NO_COLOR` is unset | [`Error::eprint`] | `color` (else plain) |
//! | colours, on or off | `Error::render_color` | `color` |
//! | JSON, `{"diagnostics": [...]}` | [`Error::to_json`]; `serde::Serialize` for [`Diagnostics`](crate::Diagnostics) | (`serde` for `Serialize`) |
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

use crate::error::Error;

impl Error {
    /// The diagnostics as JSON in the shape `hcldec --diags=json` writes
    /// (see [`hcl_core::render_json`]).
    pub fn to_json(&self) -> String {
        hcl_core::render_json::to_json(self.diagnostics())
    }

    /// Writes the diagnostics to standard error, with their source lines:
    /// in colour (feature `color`) when standard error is a terminal and
    /// `NO_COLOR` is unset or empty, else as plain text.
    pub fn eprint(&self) {
        #[cfg(feature = "color")]
        let text =
            hcl_core::render_color::ColorRenderer::for_stream(self.renderer(), &std::io::stderr())
                .render(self.diagnostics());
        #[cfg(not(feature = "color"))]
        let text = self.renderer().render(self.diagnostics());
        eprint!("{text}");
    }

    /// The diagnostics rendered as `Display` renders them, with ANSI
    /// colours when `colors` is true (see [`hcl_core::render_color`]).
    ///
    /// ```
    /// use hcl_decode::prelude::*;
    ///
    /// #[derive(HclBody, Debug)]
    /// struct Config {
    ///     port: u16,
    /// }
    ///
    /// let err = hcl_decode::from_str::<Config>("port = 70000\n", "app.hcl").unwrap_err();
    /// let text = err.render_color(true);
    /// assert!(text.starts_with("\x1b[1;31mError\x1b[0m: \x1b[1mInvalid attribute value\x1b[0m"));
    /// assert_eq!(err.render_color(false), err.to_string());
    /// ```
    #[cfg(feature = "color")]
    pub fn render_color(&self, colors: bool) -> String {
        let text = hcl_core::render_color::ColorRenderer::new(self.renderer())
            .colors(colors)
            .render(self.diagnostics());
        text.trim_end().to_owned()
    }
}

#[cfg(feature = "miette")]
pub use miette_report::{MietteDiagnostic, MietteReport};

#[cfg(feature = "miette")]
mod miette_report {
    use std::collections::BTreeMap;
    use std::fmt;
    use std::sync::Arc;

    use hcl_core::{Diagnostic, Range, Severity};
    use miette::{LabeledSpan, NamedSource, SourceCode, SourceSpan};

    use crate::error::Error;

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
    /// `related`. Made by [`Error::into_miette`]; a `?` in a function
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

    impl Error {
        /// The diagnostics as a [`MietteReport`] (feature `miette`), each
        /// with its file's text and labelled spans.
        ///
        /// ```
        /// use hcl_decode::prelude::*;
        /// use miette::Diagnostic as _;
        ///
        /// #[derive(HclBody, Debug)]
        /// struct Config {
        ///     name: String,
        ///     port: u16,
        /// }
        ///
        /// let err = hcl_decode::from_str::<Config>("port = 70000\n", "app.hcl").unwrap_err();
        /// let report = err.into_miette();
        /// assert_eq!(report.to_string(), "Missing required argument");
        /// let related: Vec<String> = report.related().unwrap().map(|d| d.to_string()).collect();
        /// assert_eq!(related, ["Invalid attribute value"]);
        /// let label = report.related().unwrap().next().unwrap().labels().unwrap().next().unwrap();
        /// assert_eq!((label.offset(), label.len()), (7, 5));
        ///
        /// // In an application that renders with miette:
        /// fn run() -> miette::Result<()> {
        ///     let _c: Config = hcl_decode::from_str("name = 1\n", "app.hcl").map_err(hcl_decode::Error::into_miette)?;
        ///     Ok(())
        /// }
        /// assert!(run().is_err());
        /// ```
        pub fn into_miette(self) -> MietteReport {
            let mut sources: BTreeMap<Arc<str>, Option<Source>> = BTreeMap::new();
            let renderer = self.renderer().clone();
            let mut all: Vec<MietteDiagnostic> = self
                .into_diagnostics()
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
