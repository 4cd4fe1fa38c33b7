//! `hclfmt`: rewrites native-syntax HCL files in the canonical layout, with
//! the command line, output and exit codes of HashiCorp's `cmd/hclfmt`.
//!
//! ```text
//! hclfmt [flags] [path ...]
//! ```
//!
//! Without paths it formats standard input to standard output. `-w`
//! overwrites the files instead; `-check` parses each file first, prints
//! its diagnostics and skips it when it has errors; `-require-no-change`
//! fails when any file's layout would change; `-version` prints the
//! version.
//!
//! Exit codes: 0 on success; 1 for a file that cannot be read or written
//! (processing stops there), for files with errors under `-check` and for
//! changed files under `-require-no-change`; 2 for a command line that is
//! not accepted, and for `-h`/`-help` (the Go tool's usage function exits
//! with 2).
//!
//! ## Formatting in CI
//!
//! `-check -require-no-change` is the CI step: it fails (status 1) when a
//! file does not parse, printing its diagnostics, or when formatting would
//! change it, naming the files; it writes nothing. Developers then run
//! `hclfmt -w` on the files it names. In a GitHub Actions job:
//!
//! ```yaml
//! - run: cargo install --locked --path hclfmt
//! - run: hclfmt -check -require-no-change $(git ls-files '*.hcl' '*.tf' '*.nomad') > /dev/null
//! ```
//!
//! (Like Go's tool, `hclfmt` given paths without `-w` also prints the
//! formatted files on standard output, hence the redirection.) This
//! repository runs the same step on its bundled configurations in the
//! `ci_step_on_the_bundled_configurations` test.

mod args;
mod diag;

use std::io::{IsTerminal as _, Read as _, Write as _};
use std::process::ExitCode;

use hcl_core::Span;
use hcl_core::format::tokens::{TokenKind, Tokens};
use hcl_core::native::{ParseOptions, ParsedFile, parse_config};
use hcl_core::{Diagnostic, DiagnosticKind, Diagnostics};

use crate::args::{Args, ArgsError, USAGE};
use crate::diag::DiagWriter;

/// The version the Go tool reports.
const VERSION: &str = "0.0.1-dev";

fn main() -> ExitCode {
    let argv = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned());
    let args = match args::parse(argv) {
        Ok(args) => args,
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
        println!("{VERSION}");
        return ExitCode::SUCCESS;
    }
    let mut run = Run::new(&args);
    let result = run.process_files();
    let _ = std::io::stdout().flush();
    let failure = match result {
        Err(message) => Some(message),
        Ok(()) if run.check_errors => Some("one or more files contained errors".to_owned()),
        Ok(()) if args.require_no_change && !run.changed.is_empty() => {
            Some(format!("file(s) were changed: {}", run.changed.join(", ")))
        }
        Ok(()) => None,
    };
    match failure {
        Some(message) => {
            eprintln!("{message}");
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    }
}

/// The state of one run: the files parsed for `-check`, whether any had
/// errors, the names of those that changed.
struct Run<'a> {
    args: &'a Args,
    diags: DiagWriter,
    check_errors: bool,
    changed: Vec<String>,
}

impl<'a> Run<'a> {
    fn new(args: &'a Args) -> Run<'a> {
        // As the Go tool: colour when standard error is a terminal; detail
        // text wrapped to the terminal's width when standard output is one,
        // else to 80 columns.
        let color = std::io::stderr().is_terminal();
        let width = terminal_width().unwrap_or(80);
        Run {
            args,
            diags: DiagWriter::new(width, color),
            check_errors: false,
            changed: Vec::new(),
        }
    }

    fn process_files(&mut self) -> Result<(), String> {
        if self.args.files.is_empty() {
            if self.args.overwrite {
                return Err("error: cannot use -w without source filenames".to_owned());
            }
            let mut src = Vec::new();
            std::io::stdin().read_to_end(&mut src).map_err(|e| {
                format!("failed to read <stdin>: read /dev/stdin: {}", go_error(&e))
            })?;
            return self.process("<stdin>", src);
        }
        for path in &self.args.files {
            let meta =
                std::fs::metadata(path).map_err(|e| format!("stat {path}: {}", go_error(&e)))?;
            if meta.is_dir() {
                return Err(format!("can't format directory {path}"));
            }
            let mut file = std::fs::File::open(path)
                .map_err(|e| format!("failed to open {path}: open {path}: {}", go_error(&e)))?;
            let mut src = Vec::new();
            file.read_to_end(&mut src)
                .map_err(|e| format!("failed to read {path}: read {path}: {}", go_error(&e)))?;
            self.process(path, src)?;
        }
        Ok(())
    }

    fn process(&mut self, name: &str, src: Vec<u8>) -> Result<(), String> {
        if self.args.check {
            // The Go tool's parser keeps each file by name and gives a
            // file it has seen before back without diagnostics.
            let diags = if self.diags.has_file(name) {
                Diagnostics::new()
            } else {
                let (file, diags) = parse_deep(&src, name);
                let diags = go_parse_diagnostics(diags, &file, &src);
                self.diags.add_file(name, file, src.clone());
                diags
            };
            let mut text = Vec::new();
            for d in &diags {
                self.diags.write(&mut text, d);
            }
            let _ = std::io::stderr().write_all(&text);
            if diags.has_errors() {
                self.check_errors = true;
                return Ok(());
            }
        }
        let out = hcl_core::format::format(&src);
        if out != src {
            self.changed.push(name.to_owned());
        }
        if self.args.overwrite {
            return std::fs::write(name, &out)
                .map_err(|e| format!("open {name}: {}", go_error(&e)));
        }
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(&out)
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("write /dev/stdout: {}", go_error(&e)))
    }
}

/// How deeply the `-check` parse may nest: Go's parser has no limit but its
/// stack (1 GB), which holds somewhat more than 10,000 nested brackets; ours
/// stops with a diagnostic at this depth, on a stack made big enough for it.
const MAX_DEPTH: usize = 20_000;

/// The stack of the thread that parses for `-check`.
const PARSE_STACK: usize = 1 << 30;

/// Parses `src` as a configuration file, nesting up to [`MAX_DEPTH`] deep.
fn parse_deep(
    src: &[u8],
    name: &str,
) -> (std::sync::Arc<hcl_core::native::ParsedFile>, Diagnostics) {
    let options = ParseOptions {
        max_depth: MAX_DEPTH,
    };
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(PARSE_STACK)
            .spawn_scoped(scope, || parse_config(src, name, &options))
            .ok()
            .and_then(|parse| parse.join().ok())
    })
    .unwrap_or_else(|| parse_config(src, name, &ParseOptions::default()))
}

/// The parser's diagnostics as the Go tool's parser (HCL 2.14) gives them,
/// where this implementation deliberately differs (`docs/deviations.md`):
///
/// - Go skips a leading byte order mark silently: that error is dropped;
/// - Go does not look inside comments for invalid UTF-8, and reports only
///   the first invalid byte outside them: an encoding error inside a
///   comment is dropped, and Go's error for the first invalid byte outside
///   comments put in its place among the lexical errors.
fn go_parse_diagnostics(diags: Diagnostics, file: &ParsedFile, src: &[u8]) -> Diagnostics {
    const ENCODING: &str = "Invalid character encoding";
    let tokens = Tokens::lex(src);
    let kind_at = |offset: usize| {
        let i = tokens.as_slice().partition_point(|t| t.end <= offset);
        tokens
            .as_slice()
            .get(i)
            .filter(|t| t.start <= offset)
            .map(|t| t.kind)
    };
    let mut dropped_encoding = false;
    let mut kept: Vec<Diagnostic> = diags
        .into_iter()
        .filter(|d| {
            let Some(subject) = &d.subject else {
                return true;
            };
            if d.is(DiagnosticKind::ByteOrderMark) && subject.start.byte == 0 {
                return false;
            }
            if d.is(DiagnosticKind::InvalidEncoding)
                && kind_at(subject.start.offset()) == Some(TokenKind::Comment)
            {
                dropped_encoding = true;
                return false;
            }
            true
        })
        .collect();
    if dropped_encoding
        && !kept.iter().any(|d| d.is(DiagnosticKind::InvalidEncoding))
        && let Some(bad) = tokens.iter().find(|t| t.kind == TokenKind::BadUtf8)
    {
        let base = src.len() - file.source().text().len();
        let span = Span::new((bad.start - base) as u32, (bad.end - base) as u32);
        let diag = Diagnostic::error(ENCODING)
                .with_kind(DiagnosticKind::InvalidEncoding)
                .with_detail("All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.")
                .with_subject(file.range(span));
        // Go reports the lexical errors first, in source order.
        let at = kept
            .iter()
            .take_while(|d| {
                matches!(
                    d.kind,
                    Some(DiagnosticKind::Lexical | DiagnosticKind::InvalidEncoding)
                ) && d
                    .subject
                    .as_ref()
                    .is_some_and(|s| s.start.offset() < bad.start)
            })
            .count();
        kept.insert(at, diag);
    }
    kept.into()
}

/// The width of the terminal on standard output, when it is one (Go's
/// `terminal.GetSize`).
fn terminal_width() -> Option<usize> {
    let stdout = std::io::stdout();
    if !stdout.is_terminal() {
        return None;
    }
    let size = rustix::termios::tcgetwinsize(&stdout).ok()?;
    Some(usize::from(size.ws_col))
}

/// An I/O error as Go's `syscall.Errno` writes it.
fn go_error(e: &std::io::Error) -> String {
    let text = match e.raw_os_error() {
        Some(1) => "operation not permitted",
        Some(2) => "no such file or directory",
        Some(5) => "input/output error",
        Some(6) => "no such device or address",
        Some(13) => "permission denied",
        Some(16) => "device or resource busy",
        Some(20) => "not a directory",
        Some(21) => "is a directory",
        Some(24) => "too many open files",
        Some(26) => "text file busy",
        Some(27) => "file too large",
        Some(28) => "no space left on device",
        Some(30) => "read-only file system",
        Some(32) => "broken pipe",
        Some(36) => "file name too long",
        Some(40) => "too many levels of symbolic links",
        _ => {
            let text = e.to_string();
            let text = match text.find(" (os error") {
                Some(i) => text[..i].to_owned(),
                None => text,
            };
            let mut chars = text.chars();
            return match chars.next() {
                Some(c) => c.to_lowercase().chain(chars).collect(),
                None => text,
            };
        }
    };
    text.to_owned()
}
