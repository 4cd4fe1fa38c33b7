//! `hcldec`: decodes HCL files into JSON by a spec file, with the command
//! line, output and exit codes of HashiCorp's `hcldec`.
//!
//! ```text
//! hcldec --spec=<spec-file> [options] [hcl-file ...]
//! ```
//!
//! Exit codes: 0 on success, 1 for a usage or I/O error reported as
//! `Error: ...` (a missing `--spec`, an unwritable `--out`, a value JSON
//! cannot hold), 2 for diagnostics with errors and for a command line the
//! flag parser rejects (as the Go tool does).

mod args;
mod json;
mod output;

/// A short run that allocates and frees many small values: mimalloc spends far
/// less time in the kernel than the system allocator here.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::collections::BTreeMap;
use std::io::{Read as _, Write as _};
use std::process::ExitCode;
use std::sync::Arc;

use hcl_core::body::{DynBody, merge_bodies};
use hcl_core::native::{ParseOptions, parse_config_owned};
use hcl_core::{Diagnostic, Diagnostics, EvalContext, Value};
use hcl_decode::spec::{DecodeOptions, decode_spec_body, decode_with, variables};

use crate::args::{ArgsError, USAGE};
use crate::output::{DiagFormat, DiagWriter, Source};

/// What ends a run early: diagnostics (exit 2) or an `Error: ...` message
/// (exit 1).
enum Failure {
    /// Diagnostics with errors were written: exit 2.
    Diagnostics,
    /// A plain error, written as `Error: message`: exit 1.
    Error(String),
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let args = match args::parse(&argv) {
        Ok(a) => a,
        Err(ArgsError::Help) => {
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
        Err(ArgsError::Invalid(message)) => {
            eprint!("{message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if args.version {
        println!("{}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    let format = match args.diags.as_deref() {
        None | Some("") => DiagFormat::Text,
        Some("json") => DiagFormat::Json,
        Some(other) => {
            eprintln!(
                "Invalid diagnostics format {}: only \"json\" is supported.",
                output::go_quote(other)
            );
            return ExitCode::from(2);
        }
    };
    let mut writer = DiagWriter::new(format);
    match run(&args, &mut writer) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Diagnostics) => ExitCode::from(2),
        Err(Failure::Error(message)) => {
            eprint!("Error: {message}\n\n");
            ExitCode::from(1)
        }
    }
}

/// What the Go tool's context lacks when it has variables but no functions
/// or functions but no variables (its table is then absent, and Go reports
/// a use as not allowed rather than unknown). Our context cannot lack one
/// table only, so the diagnostics about the input are reworded.
struct Restriction {
    variables: bool,
    functions: bool,
    spec_file: String,
}

impl Restriction {
    fn apply(&self, diags: Diagnostics) -> Diagnostics {
        diags
            .into_iter()
            .map(|d| {
                let in_input = d
                    .subject
                    .as_ref()
                    .is_some_and(|s| *s.filename != *self.spec_file);
                if !in_input {
                    return d;
                }
                if self.variables && d.summary == "Unknown variable" {
                    return Diagnostic {
                        summary: "Variables not allowed".to_owned(),
                        detail: "Variables may not be used here.".to_owned(),
                        ..d
                    };
                }
                if self.functions && d.summary == "Call to unknown function" {
                    let subject = d.context.clone().or(d.subject.clone());
                    return Diagnostic {
                        summary: "Function calls not allowed".to_owned(),
                        detail: "Functions may not be called here.".to_owned(),
                        subject,
                        context: None,
                        ..d
                    };
                }
                d
            })
            .collect()
    }
}

/// A parsed input: its body (when it parsed without errors), its
/// diagnostics, and the text to show in diagnostics.
struct Parsed {
    body: Option<DynBody>,
    diags: Diagnostics,
}

/// Reads a file, as Go's `hclparse` does, with its diagnostic when it
/// cannot be read.
fn read_file(filename: &str, json: bool) -> Result<Vec<u8>, Diagnostics> {
    std::fs::read(filename).map_err(|_| {
        let d = if json {
            Diagnostic::error("Failed to open file").with_detail(format!(
                "The file {} could not be opened.",
                output::go_quote(filename)
            ))
        } else {
            Diagnostic::error("Failed to read file").with_detail(format!(
                "The configuration file {} could not be read.",
                output::go_quote(filename)
            ))
        };
        Diagnostics::from(d)
    })
}

/// Parses source in the native syntax, or in the JSON syntax when `json`.
fn parse_source(src: Vec<u8>, filename: &str, json: bool, writer: &mut DiagWriter) -> Parsed {
    if json {
        let (file, diags) = hcl_core::json::parse(&src, filename);
        let body: DynBody = Arc::new(file.body());
        writer.add_source(filename, Source::Json(file));
        return Parsed {
            body: Some(body),
            diags,
        };
    }
    // The native parser keeps the bytes as the file's text, without a copy.
    let (file, diags) = parse_config_owned(src, filename, &ParseOptions::default());
    let body: DynBody = Arc::new(file.body());
    writer.add_source(filename, Source::Native(file));
    Parsed {
        body: Some(body),
        diags,
    }
}

/// Reads and parses a file (JSON when its name ends in `.json`).
fn parse_file(filename: &str, writer: &mut DiagWriter) -> Parsed {
    parse_file_as(filename, filename.ends_with(".json"), writer)
}

/// Reads and parses a file, as JSON when `json`.
fn parse_file_as(filename: &str, json: bool, writer: &mut DiagWriter) -> Parsed {
    match read_file(filename, json) {
        Ok(src) => parse_source(src, filename, json, writer),
        Err(diags) => Parsed { body: None, diags },
    }
}

/// The variables of one `--vars` argument: a JSON object literal, or a
/// file of attributes (JSON or native syntax by its name). Values are
/// evaluated with no variables or functions.
fn vars_argument(
    arg: &str,
    index: usize,
    writer: &mut DiagWriter,
) -> (BTreeMap<String, Value>, Diagnostics) {
    let parsed = if arg.trim_start().starts_with('{') {
        parse_source(
            arg.as_bytes().to_vec(),
            &format!("<vars argument {index}>"),
            true,
            writer,
        )
    } else {
        parse_file(arg, writer)
    };
    let mut diags = parsed.diags;
    let mut vals = BTreeMap::new();
    let Some(body) = parsed.body else {
        return (vals, diags);
    };
    let (attrs, more) = body.just_attributes();
    diags.extend(more);
    let mut attrs: Vec<_> = attrs.into_values().collect();
    attrs.sort_by(|a, b| a.range.cmp(&b.range));
    for attr in attrs {
        let (value, more) = attr.expr.value(&EvalContext::literal_only());
        diags.extend(more);
        vals.insert(attr.name, value);
    }
    (vals, diags)
}

fn run(args: &args::Args, writer: &mut DiagWriter) -> Result<(), Failure> {
    let Some(spec_file) = args.spec.as_deref().filter(|s| !s.is_empty()) else {
        return Err(Failure::Error(
            "the --spec=... argument is required".to_owned(),
        ));
    };

    // The spec file.
    // The spec file is in the native syntax, whatever its name.
    let spec_parsed = parse_file_as(spec_file, false, writer);
    let mut diags = spec_parsed.diags;
    let spec = match spec_parsed.body {
        Some(body) if !diags.has_errors() => {
            let (spec, more) = decode_spec_body(&*body);
            diags.extend(more);
            spec
        }
        _ => return writer.fail(&diags),
    };
    if diags.has_errors() {
        return writer.fail(&diags);
    }

    // The evaluation context: the spec's variables and functions, then the
    // --vars, later ones overriding.
    let mut vars = spec.variables.clone();
    for (i, arg) in args.vars.iter().enumerate() {
        let (vals, more) = vars_argument(arg, i, writer);
        diags.extend(more);
        vars.extend(vals);
    }
    let restriction = Restriction {
        variables: vars.is_empty(),
        functions: spec.functions.is_empty(),
        spec_file: spec_file.to_owned(),
    };
    let ctx = if vars.is_empty() && spec.functions.is_empty() {
        EvalContext::literal_only()
    } else {
        let mut ctx = EvalContext::new();
        for (name, value) in vars {
            let _ = ctx.declare_variable(name, value);
        }
        for (name, f) in &spec.functions {
            let _ = ctx.declare_function(name.clone(), f.clone());
        }
        ctx
    };

    // The input: the files, or standard input.
    let mut bodies = Vec::new();
    if args.files.is_empty() {
        let mut src = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut src) {
            return Err(Failure::Error(format!("failed to read stdin: {e}")));
        }
        let parsed = parse_source(src, "<stdin>", false, writer);
        let failed = parsed.diags.has_errors();
        diags.extend(parsed.diags);
        if let (Some(body), false) = (parsed.body, failed) {
            bodies.push(body);
        }
    } else {
        for filename in &args.files {
            let parsed = parse_file(filename, writer);
            let failed = parsed.diags.has_errors();
            diags.extend(parsed.diags);
            if let (Some(body), false) = (parsed.body, failed) {
                bodies.push(body);
            }
        }
    }
    if diags.has_errors() {
        return writer.fail(&diags);
    }
    let body: DynBody = if bodies.len() == 1 {
        bodies.remove(0)
    } else {
        merge_bodies(bodies)
    };

    if args.var_refs {
        let refs = variables(&*body, &spec.root);
        let doc = output::var_refs_document(&refs, &ctx);
        return write_output(args, &doc);
    }

    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let (value, more) = decode_with(&*body, &spec.root, &ctx, &DecodeOptions { threads });
    diags.extend(restriction.apply(more));
    if diags.has_errors() {
        return writer.fail(&diags);
    }
    // Warnings (which Go drops on success) are still shown.
    writer.write(&diags);

    let doc = json::result_document(&value, args.with_type, !args.keep_nulls, threads)
        .map_err(|e| Failure::Error(e.0))?;
    let written = write_output(args, &doc);
    // The process ends here: leave the large structures to the operating
    // system rather than freeing them piece by piece.
    std::mem::forget((value, body, spec, doc));
    written
}

/// Writes the document and a newline to `--out` or standard output.
fn write_output(args: &args::Args, doc: &str) -> Result<(), Failure> {
    match args.out.as_deref().filter(|s| !s.is_empty()) {
        Some(path) => {
            let mut file = output::create_output(path)
                .map_err(|e| Failure::Error(format!("can't open {path} for writing: {e}")))?;
            // As the Go tool, which ignores write errors.
            let _ = writeln!(file, "{doc}");
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            let _ = writeln!(stdout, "{doc}");
        }
    }
    Ok(())
}
