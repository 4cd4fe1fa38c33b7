//! Diagnostics (text in the HCL style, or the Go tool's JSON shape), the
//! `--var-refs` document, and the output file.

use std::fs::File;
use std::io::Write as _;

use hcl_core::Traverser;
use hcl_core::parse::Parser;
use hcl_core::{Diagnostics, EvalContext, Range, Traversal};

use crate::Failure;
use crate::json_out::Json;
use hcl_core::cty_json::{MarshalOptions, write_value};

/// How diagnostics are written to standard error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagFormat {
    /// The HCL text style, with the source lines.
    Text,
    /// `--diags=json`: `{"diagnostics": [...]}`.
    Json,
}

/// Writes diagnostics to standard error.
#[derive(Debug)]
pub struct DiagWriter {
    format: DiagFormat,
}

impl DiagWriter {
    /// A writer in the given format.
    pub fn new(format: DiagFormat) -> DiagWriter {
        DiagWriter { format }
    }

    /// Writes the diagnostics (nothing if there are none), text ones with
    /// the source lines of the files `parser` read.
    pub fn write(&self, diags: &Diagnostics, parser: &Parser) {
        if diags.is_empty() {
            return;
        }
        let mut stderr = std::io::BufWriter::new(std::io::stderr().lock());
        // As the Go tool, which ignores write errors.
        let _ = match self.format {
            // One diagnostic at a time: the text of them all is never held.
            DiagFormat::Text => parser.renderer().write(diags, &mut stderr),
            DiagFormat::Json => {
                let mut doc = diags.to_json();
                doc.push('\n');
                stderr.write_all(doc.as_bytes())
            }
        };
        let _ = stderr.flush();
    }

    /// Writes the diagnostics and ends the run with exit code 2.
    pub fn fail(&self, diags: &Diagnostics, parser: &Parser) -> Result<(), Failure> {
        self.write(diags, parser);
        Err(Failure::Diagnostics)
    }
}

/// A range in the Go tool's JSON shape.
fn range_json(r: &Range) -> Json {
    let pos = |p: &hcl_core::Pos| {
        Json::Object(vec![
            ("line".into(), Json::Number(p.line.to_string())),
            ("column".into(), Json::Number(p.column.to_string())),
            ("byte".into(), Json::Number(p.byte.to_string())),
        ])
    };
    Json::Object(vec![
        ("filename".into(), Json::String(r.filename.to_string())),
        ("start".into(), pos(&r.start)),
        ("end".into(), pos(&r.end)),
    ])
}

/// A value as compact JSON, or `None` if JSON cannot hold it.
fn value_json(value: &hcl_core::Value) -> Option<Json> {
    let mut out = String::new();
    write_value(&mut out, value, value.ty(), MarshalOptions::new()).ok()?;
    Some(Json::Raw(out))
}

/// The `--var-refs` document: each traversal with its steps and ranges,
/// and its value where the context gives one.
pub fn var_refs_document(refs: &[Traversal], ctx: &EvalContext) -> String {
    let items = refs
        .iter()
        .map(|t| {
            let steps = t
                .steps()
                .iter()
                .map(|step| {
                    let mut members = Vec::new();
                    match step {
                        Traverser::Root { name, .. } => {
                            members.push(("kind".into(), Json::String("root".into())));
                            if !name.is_empty() {
                                members.push(("name".into(), Json::String(name.clone())));
                            }
                        }
                        Traverser::Attr { name, .. } => {
                            members.push(("kind".into(), Json::String("attr".into())));
                            if !name.is_empty() {
                                members.push(("name".into(), Json::String(name.clone())));
                            }
                        }
                        Traverser::Index { key, .. } => {
                            members.push(("kind".into(), Json::String("index".into())));
                            if let Some(k) = value_json(key) {
                                members.push(("key".into(), k));
                            }
                        }
                        Traverser::Splat { .. } => {
                            members.push(("kind".into(), Json::String("(unknown)".into())));
                        }
                    }
                    members.push(("range".into(), range_json(step.range())));
                    Json::Object(members)
                })
                .collect();
            let mut members = vec![(
                "root_name".into(),
                Json::String(t.root_name().unwrap_or_default().to_owned()),
            )];
            let (value, diags) = t.traverse_abs(ctx);
            if !diags.has_errors()
                && let Some(v) = value_json(&value)
            {
                members.push(("value".into(), v));
            }
            members.push(("steps".into(), Json::Array(steps)));
            let range = t
                .source_range()
                .unwrap_or_else(|| Range::at("", hcl_core::Pos::default()));
            members.push(("range".into(), range_json(&range)));
            Json::Object(members)
        })
        .collect();
    Json::Array(items).to_indented()
}

/// Opens (creating or truncating) the output file, with Go's error text:
/// `open PATH: no such file or directory`.
pub fn create_output(path: &str) -> Result<File, String> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o777);
    }
    options.open(path).map_err(|e| {
        let text = e.to_string();
        let text = match text.find(" (os error") {
            Some(i) => &text[..i],
            None => text.as_str(),
        };
        let mut chars = text.chars();
        let lowered: String = match chars.next() {
            Some(c) => c.to_lowercase().chain(chars).collect(),
            None => String::new(),
        };
        format!("open {path}: {lowered}")
    })
}
