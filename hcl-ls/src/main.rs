//! `hcl-ls`: the language server for HCL files, over standard input and
//! output.

use std::process::ExitCode;

use hcl_decode::schema::Schema;

const USAGE: &str = "Usage: hcl-ls [--stdio] [--schema schema.json]\n\n\
A language server for HCL configurations (the Language Server Protocol over\n\
standard input and output): diagnostics, outline, semantic tokens,\n\
formatting, definitions and references, completion and hover.\n\n\
  --schema FILE   the configuration's schema (the JSON document of\n\
                  hcl_decode::schema::Schema::to_json): completion of\n\
                  attribute and block names, labels and accepted values,\n\
                  and hover with their docs\n";

fn main() -> ExitCode {
    let mut options = hcl_ls::Options::syntax_only();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            // Editors pass it by habit; standard input and output is the
            // only transport.
            "--stdio" => {}
            "--schema" => {
                let Some(path) = args.next() else {
                    eprintln!("hcl-ls: --schema needs a file\n\n{USAGE}");
                    return ExitCode::from(2);
                };
                let schema = std::fs::read_to_string(&path)
                    .map_err(|e| e.to_string())
                    .and_then(|text| Schema::from_json(&text).map_err(|e| e.to_string()));
                match schema {
                    Ok(schema) => options = options.schema(schema),
                    Err(e) => {
                        eprintln!("hcl-ls: {path}: {e}");
                        return ExitCode::from(2);
                    }
                }
            }
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
    match hcl_ls::serve_stdio_with(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hcl-ls: {e}");
            ExitCode::FAILURE
        }
    }
}
