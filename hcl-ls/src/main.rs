//! `hcl-ls`: the language server for HCL files, over standard input and
//! output.

use std::process::ExitCode;

const USAGE: &str = "Usage: hcl-ls [--stdio]\n\n\
A language server for HCL configurations (the Language Server Protocol over\n\
standard input and output): diagnostics, outline, semantic tokens,\n\
formatting, definitions and references.\n";

fn main() -> ExitCode {
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            // Editors pass it by habit; standard input and output is the
            // only transport.
            "--stdio" => {}
            "--version" => {
                println!("hcl-ls {}", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            "-h" | "--help" => {
                print!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("hcl-ls: unknown argument {other:?}\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    match hcl_ls::serve_stdio_with(hcl_ls::Options::syntax_only()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hcl-ls: {e}");
            ExitCode::FAILURE
        }
    }
}
