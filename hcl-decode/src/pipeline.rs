//! The one decoding pipeline. Every entry point ([`from_str`](crate::from_str),
//! [`Decoder::decode`](crate::Decoder::decode), [`Decoder::layers`](crate::Decoder::layers),
//! [`Decoder::decode_body`](crate::Decoder::decode_body), ...) is a
//! configuration of it:
//!
//! ```text
//! options ─► sources ─► parse ─► language layer ─► decode step ─► finish
//! (Decoder)  (files,    (each,   (variables,       (plain,        (final form of
//!             texts,     recov-   locals, user      layered, or    every diagnostic)
//!             a body)    ering)   functions,        any step)
//!                                 dynamic blocks)
//! ```
//!
//! [`start`] runs the stages up to the decode step and gives the body and
//! the context to decode in, with a [`Finish`]; the step (a derived
//! struct's `decode_body`, the layers of [`Layers`](crate::layered::Layers), ...)
//! adds its diagnostics; [`Finish::finish`] gives every diagnostic its
//! final form once, whatever the step: syntax errors and what they explain
//! dropped, errors derived from the language layer's dropped, misspelt
//! `var.`/`local.` references worded as such, source order file by file,
//! duplicates removed, sensitive values redacted ([`crate::redact`]), and
//! the masked sources to render them with.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;

use hcl_core::body::merge_bodies;
use hcl_core::{DiagnosticKind, Diagnostics, EvalContext, Renderer, Value};

use crate::decoder::{Decoded, Decoder};
use crate::error::{Error, Warnings};
use crate::handle::BodyHandle;
use crate::language::{InputVariable, References};
use crate::redact::Redaction;
use crate::render::Report;
use crate::syntax::Damage;

/// One source of a configuration.
#[derive(Clone, Debug)]
pub(crate) enum Input<'a> {
    /// A file to read.
    File(PathBuf),
    /// Text, named.
    Text {
        name: Cow<'a, str>,
        text: Cow<'a, [u8]>,
    },
    /// A body parsed already.
    Body(BodyHandle),
}

/// The pipeline up to the decode step.
pub(crate) struct Started<'a> {
    /// The body to decode (the language layer's blocks taken out, dynamic
    /// blocks expanded).
    pub(crate) body: BodyHandle,
    /// The context to decode it in.
    pub(crate) ctx: EvalContext,
    /// What the language layer computed.
    pub(crate) language: Computed,
    /// Whether a source has syntax errors (no value is built from it).
    pub(crate) syntax_errors: bool,
    pub(crate) finish: Finish<'a>,
}

/// What the language layer computed, for [`Decoded`] (no `Debug`: it
/// holds sensitive values, which `Decoded`'s `Debug` hides).
#[derive(Clone, Default)]
pub(crate) struct Computed {
    pub(crate) inputs: BTreeMap<String, InputVariable>,
    pub(crate) locals: BTreeMap<String, Value>,
    pub(crate) sensitive_locals: BTreeSet<String>,
}

/// One source's text and what its parse found.
struct File<'a> {
    name: Cow<'a, str>,
    text: Cow<'a, [u8]>,
    syntax: Diagnostics,
    damage: Damage,
}

/// What the final form of the diagnostics needs, gathered by the stages.
#[derive(Default)]
pub(crate) struct Finish<'a> {
    /// Files that could not be read.
    unreadable: Diagnostics,
    /// The first one's error, the `source` of the decoding's.
    io: Option<Arc<std::io::Error>>,
    files: Vec<File<'a>>,
    /// The language layer's own diagnostics.
    layer: Diagnostics,
    /// The layer failed somewhere: a value it could not compute is
    /// unknown downstream, and "not known yet" errors are its echo.
    layer_failed: bool,
    references: References,
    redaction: Redaction,
    /// Variable files read, shown with their diagnostics.
    var_files: Vec<(String, Arc<str>)>,
}

/// Runs the pipeline with `decoder`'s options over `inputs`, then `step`
/// (the decode step: given the body and the context, it returns the value,
/// pushing its diagnostics), then [`Finish::finish`]. `Err` if there is
/// any error; a source with syntax errors never gives a value.
///
/// `Decoder::decode` is this with the derived struct's decoding as the
/// step; a new way of decoding (a serde `Deserializer`, say) is another
/// step.
pub(crate) fn run<T>(
    decoder: &Decoder,
    inputs: Vec<Input<'_>>,
    step: impl FnOnce(&BodyHandle, &EvalContext, &mut Diagnostics) -> Option<T>,
) -> Result<Decoded<T>, Error> {
    let started = start(decoder, inputs)?;
    let mut diags = Diagnostics::new();
    let value = step(&started.body, &started.ctx, &mut diags);
    let report = started.finish.finish(diags);
    match value {
        Some(value) if !report.diagnostics.has_errors() && !started.syntax_errors => Ok(Decoded {
            value,
            warnings: Warnings::from_report(report),
            computed: started.language,
        }),
        _ => Err(Error::from_report(report).with_io_error(started.finish.io.clone())),
    }
}

/// The stages before the decode step: the options' context, the sources
/// read and parsed (recovering), their bodies merged, the language layer.
/// `Err` only for invalid options.
pub(crate) fn start<'a>(decoder: &Decoder, inputs: Vec<Input<'a>>) -> Result<Started<'a>, Error> {
    let ctx = decoder.eval_context_or_error().map_err(Error::new)?;
    let mut finish = Finish::default();
    let mut seen = BTreeSet::new();
    let mut bodies = Vec::new();
    let mut dynamic = false;
    for input in inputs {
        let (name, text) = match input {
            Input::File(path) => match std::fs::read(&path) {
                Ok(text) => (
                    Cow::Owned(path.to_string_lossy().into_owned()),
                    Cow::Owned(text),
                ),
                Err(e) => {
                    let error = Error::io(&path, e);
                    finish.io = finish.io.or_else(|| error.io_error());
                    finish.unreadable.extend(error.into_diagnostics());
                    continue;
                }
            },
            Input::Text { name, text } => (name, text),
            Input::Body(body) => {
                match body.source() {
                    Some(source) => {
                        dynamic |= may_have_dynamic_blocks(&source.text);
                        finish.files.push(File {
                            name: Cow::Owned(source.name.clone()),
                            text: Cow::Owned(source.text.clone()),
                            syntax: Diagnostics::new(),
                            damage: Damage::none(),
                        });
                    }
                    None => dynamic = true,
                }
                bodies.push(body);
                continue;
            }
        };
        // A file given twice is read once.
        if !seen.insert(name.clone().into_owned()) {
            continue;
        }
        let parsed = decoder.parse_recovering(&text, &name);
        dynamic |= may_have_dynamic_blocks(&text);
        bodies.push(parsed.body);
        finish.files.push(File {
            name,
            text,
            syntax: parsed.diags,
            damage: parsed.damage,
        });
    }
    let syntax_errors = finish.files.iter().any(|f| f.syntax.has_errors());
    let body = match bodies.len() {
        1 => bodies
            .pop()
            .unwrap_or_else(|| BodyHandle::from_dyn(merge_bodies(Vec::new()))),
        _ => BodyHandle::from_dyn(merge_bodies(
            bodies.into_iter().map(BodyHandle::into_dyn).collect(),
        )),
    };
    let prepared = crate::language::prepare(&decoder.language, &body, &ctx, dynamic);
    finish.layer = prepared.diags;
    finish.layer_failed = prepared.failed;
    finish.references = prepared.references;
    finish.redaction = prepared.redaction;
    finish.var_files = prepared.var_files;
    Ok(Started {
        body: prepared.body,
        ctx: prepared.ctx,
        language: Computed {
            inputs: prepared.variables,
            locals: prepared.locals,
            sensitive_locals: prepared.sensitive_locals,
        },
        syntax_errors,
        finish,
    })
}

/// Whether a text may hold a `dynamic` block: it names one (a JSON key
/// may spell it with escapes). Expansion is skipped on the others, where
/// it would change nothing.
fn may_have_dynamic_blocks(text: &[u8]) -> bool {
    let mut rest = text;
    while let Some(at) = rest.iter().position(|&b| b == b'd' || b == b'\\') {
        let from = &rest[at..];
        if from.starts_with(b"dynamic") || from.starts_with(b"\\u") {
            return true;
        }
        rest = &from[1..];
    }
    false
}

impl<'a> Finish<'a> {
    /// The same, owning every text (for [`Layers`](crate::layered::Layers)).
    pub(crate) fn into_owned(self) -> Finish<'static> {
        Finish {
            unreadable: self.unreadable,
            io: self.io,
            files: self
                .files
                .into_iter()
                .map(|f| File {
                    name: Cow::Owned(f.name.into_owned()),
                    text: Cow::Owned(f.text.into_owned()),
                    syntax: f.syntax,
                    damage: f.damage,
                })
                .collect(),
            layer: self.layer,
            layer_failed: self.layer_failed,
            references: self.references,
            redaction: self.redaction,
            var_files: self.var_files,
        }
    }

    /// Registers a file's text to show with the diagnostics.
    pub(crate) fn add_source(&mut self, name: &str, text: &str) {
        self.files.push(File {
            name: Cow::Owned(name.to_owned()),
            text: Cow::Owned(text.as_bytes().to_vec()),
            syntax: Diagnostics::new(),
            damage: Damage::none(),
        });
    }

    fn text(&self, name: &str) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|f| *f.name == *name)
            .map(|f| &*f.text)
    }

    /// Every diagnostic in its final form, with the sources to render them
    /// by: the unreadable files first; then file by file (in the order
    /// given), the syntax diagnostics with the layer's and the decoding's
    /// (`decoding`) that they do not explain, in source order; then those
    /// in other files (variable files), then those without a place. No
    /// "not known yet" error that the language layer's errors explain, a
    /// misspelt `var.`/`local.` reference worded as such, no duplicate, no
    /// sensitive value.
    /// The I/O error of the first file that could not be read.
    pub(crate) fn io_error(&self) -> Option<Arc<std::io::Error>> {
        self.io.clone()
    }

    pub(crate) fn finish(&self, decoding: Diagnostics) -> Report {
        let mut all = self.layer.clone();
        for d in decoding {
            if self.layer_failed && d.is(DiagnosticKind::UnknownValue) {
                continue;
            }
            let file = d.subject.as_ref().map(|s| s.filename.clone());
            let text = file.as_deref().and_then(|name| self.text(name));
            all.push(self.references.reword(d, text));
        }
        let mut by_file: BTreeMap<&str, Diagnostics> = BTreeMap::new();
        let mut elsewhere = Diagnostics::new();
        let mut nowhere = Diagnostics::new();
        for d in all {
            match &d.subject {
                Some(s) => match self.files.iter().find(|f| *f.name == *s.filename) {
                    Some(f) => by_file.entry(&f.name).or_default().push(d),
                    None => elsewhere.push(d),
                },
                None => nowhere.push(d),
            }
        }
        let mut out = self.unreadable.clone();
        for file in &self.files {
            let mine = by_file.remove(&*file.name).unwrap_or_default();
            if file.syntax.is_empty() && mine.is_empty() {
                continue;
            }
            out.extend(file.damage.merge(&file.syntax, mine));
        }
        elsewhere.sort_by_source();
        out.extend(elsewhere);
        out.extend(nowhere);
        let out = dedup(self.redaction.redact(out));
        let renderer = if out.is_empty() {
            Renderer::new()
        } else {
            self.renderer()
        };
        Report::new(out, renderer)
    }

    /// The sources, masked, and the variable files read.
    fn renderer(&self) -> Renderer {
        let mut renderer = Renderer::new();
        for f in &self.files {
            let text = String::from_utf8_lossy(&f.text);
            renderer.add_source(&*f.name, self.redaction.masked(&f.name, &text).into_owned());
        }
        for (name, text) in &self.var_files {
            renderer.add_source(
                name.as_str(),
                self.redaction.masked(name, text).into_owned(),
            );
        }
        renderer
    }
}

/// The diagnostics less exact repeats (the same severity, summary, detail
/// and ranges), the first of each kept.
fn dedup(diags: Diagnostics) -> Diagnostics {
    let mut kept: Vec<hcl_core::Diagnostic> = Vec::with_capacity(diags.len());
    // Repeats share a subject: compare within the run of the same subject
    // start (the order is by source within each file).
    for d in diags {
        let repeat = kept
            .iter()
            .rev()
            .take_while(|k| k.subject == d.subject)
            .any(|k| *k == d);
        if !repeat {
            kept.push(d);
        }
    }
    kept.into()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use hcl_core::{Diagnostic, Pos, Range};

    #[test]
    fn a_text_that_never_names_dynamic_needs_no_expansion() {
        assert!(!may_have_dynamic_blocks(
            b"name = \"d\"\nport { dyn = 1 }\n"
        ));
        assert!(may_have_dynamic_blocks(b"dynamic \"port\" {}\n"));
        assert!(may_have_dynamic_blocks(b"x = 1 # dynamic\n"));
        // A JSON key may spell it with escapes.
        assert!(may_have_dynamic_blocks(br#"{"d\u0079namic": {}}"#));
    }

    #[test]
    fn an_escaped_dynamic_key_of_a_json_file_is_expanded() {
        #[derive(crate::HclBody, Debug)]
        #[hcl(crate = "crate")]
        struct Port {
            #[hcl(label)]
            name: String,
        }
        #[derive(crate::HclBody, Debug)]
        #[hcl(crate = "crate")]
        struct Job {
            #[hcl(block)]
            port: Vec<Port>,
        }
        let src = r#"{"d\u0079namic": {"port": {"for_each": ["a", "b"], "labels": ["${port.value}"], "content": {}}}}"#;
        let job: Job = crate::from_str(src, "job.json").unwrap();
        let names: Vec<_> = job.port.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
    }

    #[test]
    fn repeats_are_dropped_the_first_kept() {
        let r = Range::new("a.hcl", Pos::new(0, 1, 1), Pos::new(1, 1, 2));
        let d = Diagnostic::error("x").with_subject(r.clone());
        let other = Diagnostic::error("y").with_subject(r);
        let diags: Diagnostics = vec![d.clone(), other.clone(), d.clone()].into();
        let out = dedup(diags);
        assert_eq!(out.into_vec(), vec![d, other]);
    }
}
