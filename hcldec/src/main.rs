//! `hcldec`: decodes HCL files into JSON by a spec file, with the command
//! line, output and exit codes of HashiCorp's `hcldec`.
//!
//! ```text
//! hcldec --spec=<spec-file> [options] [hcl-file ...]
//! ```
//!
//! Two flags that Go's tool lacks are accepted but not listed in `-h`, so
//! that its usage text stays byte-identical to Go's:
//!
//! - `--functions=hcldec|stdlib`: the function table (Go's fifteen spec
//!   definition functions, the default, or the whole pure library);
//! - `--semantics=spec|go`: the rule set for values where the HCL
//!   specification and HashiCorp's implementation disagree
//!   (`docs/deviations.md`): `spec`, the default, follows the
//!   specification and warns where HashiCorp's result would differ; `go`
//!   follows HashiCorp's implementation. Warnings are written to standard
//!   error and do not change the exit code.
//!
//! Exit codes: 0 on success, 1 for a usage or I/O error reported as
//! `Error: ...` (a missing `--spec`, an unwritable `--out`, a value JSON
//! cannot hold), 2 for diagnostics with errors and for a command line the
//! flag parser rejects (as the Go tool does).

mod args;
mod json_out;
mod output;

/// A short run that allocates and frees many small values: mimalloc spends far
/// less time in the kernel than the system allocator here.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::collections::BTreeMap;
use std::io::{Read as _, Write as _};
use std::process::ExitCode;

use hcl_core::body::{DynBody, merge_bodies};
use hcl_core::parse::{Parser, Syntax};
use hcl_core::quote::go_quote;
use hcl_core::{Diagnostic, DiagnosticKind, Diagnostics, EvalContext, Value};
use hcl_decode::functions::Library;
use hcl_decode::spec::{
    DecodeOptions, decode_spec_body_with, decode_with_options, spec_context, variables,
};

use crate::args::{ArgsError, USAGE};
use crate::output::{DiagFormat, DiagWriter};

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
                go_quote(other)
            );
            return ExitCode::from(2);
        }
    };
    let writer = DiagWriter::new(format);
    match run(&args, &writer) {
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
                if self.variables && d.is(DiagnosticKind::UnknownVariable) {
                    return Diagnostic {
                        summary: "Variables not allowed".into(),
                        detail: "Variables may not be used here.".into(),
                        ..d
                    };
                }
                if self.functions && d.is(DiagnosticKind::UnknownFunction) {
                    let subject = d.context.clone().or(d.subject.clone());
                    return Diagnostic {
                        summary: "Function calls not allowed".into(),
                        detail: "Functions may not be called here.".into(),
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

/// Reads and parses an input file: JSON when its name ends in `.json`,
/// in that case only, as the Go tool decides (`strings.HasSuffix`); the
/// body when the file could be read.
fn parse_input_file(parser: &mut Parser, filename: &str) -> (Option<DynBody>, Diagnostics) {
    let syntax = if filename.ends_with(".json") {
        Syntax::Json
    } else {
        Syntax::Native
    };
    let (file, diags) = parser.parse_file_as(filename, syntax);
    (file.map(|f| f.body()), diags)
}

/// The variables of one `--vars` argument: a JSON object literal, or a
/// file of attributes (JSON or native syntax by its name). Values are
/// evaluated with no variables or functions.
fn vars_argument(
    arg: &str,
    index: usize,
    parser: &mut Parser,
) -> (BTreeMap<String, Value>, Diagnostics) {
    let (body, mut diags) = if arg.trim_start().starts_with('{') {
        let (file, diags) = parser.parse(arg, &format!("<vars argument {index}>"), Syntax::Json);
        (Some(file.body()), diags)
    } else {
        parse_input_file(parser, arg)
    };
    let mut vals = BTreeMap::new();
    let Some(body) = body else {
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

/// The context of the spec file's own expressions: Go's fifteen spec
/// definition functions, or with `--functions=stdlib` the whole pure
/// library.
fn spec_file_context(args: &args::Args) -> EvalContext {
    let mut ctx = match args.functions {
        args::Functions::Hcldec => spec_context(),
        args::Functions::Stdlib => {
            let mut ctx = EvalContext::new();
            for (name, f) in Library::pure().functions() {
                let _ = ctx.declare_function(name, f);
            }
            ctx
        }
    };
    ctx.set_semantics(args.semantics);
    ctx
}

fn run(args: &args::Args, writer: &DiagWriter) -> Result<(), Failure> {
    // Every file is parsed once, by name, as by the Go tool's
    // `hclparse.Parser`; diagnostics are shown with the text of them all.
    let mut parser = Parser::new();
    let Some(spec_file) = args.spec.as_deref().filter(|s| !s.is_empty()) else {
        return Err(Failure::Error(
            "the --spec=... argument is required".to_owned(),
        ));
    };

    // The spec file.
    // The spec file is in the native syntax, whatever its name.
    let (spec_file_parsed, mut diags) = parser.parse_file_as(spec_file, Syntax::Native);
    let spec = match spec_file_parsed {
        Some(file) if !diags.has_errors() => {
            let (spec, more) = decode_spec_body_with(&*file.body(), &spec_file_context(args));
            diags.extend(more);
            spec
        }
        _ => return writer.fail(&diags, &parser),
    };
    if diags.has_errors() {
        return writer.fail(&diags, &parser);
    }

    // The evaluation context: the spec's variables and functions, then the
    // --vars, later ones overriding.
    let mut vars = spec.variables.clone();
    for (i, arg) in args.vars.iter().enumerate() {
        let (vals, more) = vars_argument(arg, i, &mut parser);
        diags.extend(more);
        vars.extend(vals);
    }
    let restriction = Restriction {
        variables: vars.is_empty(),
        functions: spec.functions.is_empty() && args.functions == args::Functions::Hcldec,
        spec_file: spec_file.to_owned(),
    };
    let stdlib = args.functions == args::Functions::Stdlib;
    let mut ctx = if vars.is_empty() && spec.functions.is_empty() && !stdlib {
        EvalContext::literal_only()
    } else {
        let mut ctx = EvalContext::new();
        if stdlib {
            for (name, f) in Library::pure().functions() {
                let _ = ctx.declare_function(name, f);
            }
        }
        for (name, value) in vars {
            let _ = ctx.declare_variable(name, value);
        }
        for (name, f) in &spec.functions {
            let _ = ctx.declare_function(name.clone(), f.clone());
        }
        ctx
    };
    ctx.set_semantics(args.semantics);

    // The input: the files, or standard input.
    let mut bodies = Vec::new();
    if args.files.is_empty() {
        let mut src = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut src) {
            return Err(Failure::Error(format!("failed to read stdin: {e}")));
        }
        let (file, more) = parser.parse(src, "<stdin>", Syntax::Native);
        let failed = more.has_errors();
        diags.extend(more);
        if !failed {
            bodies.push(file.body());
        }
    } else {
        for filename in &args.files {
            let (body, more) = parse_input_file(&mut parser, filename);
            let failed = more.has_errors();
            diags.extend(more);
            if let (Some(body), false) = (body, failed) {
                bodies.push(body);
            }
        }
    }
    if diags.has_errors() {
        return writer.fail(&diags, &parser);
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
    let (value, more) = decode_with_options(&*body, &spec.root, &ctx, &DecodeOptions { threads });
    diags.extend(restriction.apply(more));
    if diags.has_errors() {
        return writer.fail(&diags, &parser);
    }
    // Warnings (which Go drops on success) are still shown.
    writer.write(&diags, &parser);

    let doc = json_out::result_document(&value, args.with_type, !args.keep_nulls, threads)
        .map_err(|e| Failure::Error(e.to_string()))?;
    let written = write_output(args, &doc);
    // The process ends here: leave the large structures to the operating
    // system rather than freeing them piece by piece.
    std::mem::forget((value, body, spec, doc, parser));
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
