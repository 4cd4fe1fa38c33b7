//! `hcl`: converts a configuration between HCL's native and JSON syntaxes
//! by a schema, and exports a schema as a JSON document, a JSON Schema, a
//! commented template or a reference page. See the README.

mod args;

use std::io::Write;
use std::process::ExitCode;

use args::{Command, Format, SchemaSource, Syntax};
use hcl_decode::Error;
use hcl_decode::convert::{json_to_native_converted, native_to_json_converted};
use hcl_decode::schema::Schema;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let command = match args::parse(&argv) {
        Ok(c) => c,
        Err(message) => {
            eprintln!("hcl: {message}\n\n{}", args::USAGE);
            return ExitCode::from(2);
        }
    };
    match run(command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprint!("{message}");
            if !message.ends_with('\n') {
                eprintln!();
            }
            ExitCode::from(1)
        }
    }
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("hcl: cannot read {path}: {e}"))
}

fn load_schema(source: &SchemaSource) -> Result<Schema, String> {
    let rendered = |e: Error| e.to_string();
    match source {
        SchemaSource::Json(path) => {
            Schema::from_json(&read(path)?).map_err(|e| format!("hcl: {path}: {}", rendered(e)))
        }
        SchemaSource::Spec(path) => Schema::from_hcldec_spec(&read(path)?, path).map_err(rendered),
    }
}

fn run(command: Command) -> Result<(), String> {
    let output = match command {
        Command::Help => args::USAGE.to_owned(),
        Command::Schema { source, format } => {
            let schema = load_schema(&source)?;
            match format {
                Format::Json => schema.to_json() + "\n",
                Format::JsonSchema => schema.to_json_schema(),
                Format::Template => schema.template(),
                Format::Markdown => schema.reference_markdown(),
            }
        }
        Command::Convert { to, schema, file } => {
            let schema = schema.as_ref().map(load_schema).transpose()?;
            let text = read(&file)?;
            let converted = match to {
                Syntax::Json => native_to_json_converted(&text, &file, schema.as_ref()),
                Syntax::Native => json_to_native_converted(&text, &file, schema.as_ref()),
            }
            .map_err(|e| e.to_string())?;
            if converted.lost_comments > 0 {
                let n = converted.lost_comments;
                eprintln!(
                    "hcl: {n} comment{} could not be kept: the JSON syntax has no place for {}",
                    if n == 1 { "" } else { "s" },
                    match to {
                        Syntax::Json => "a comment inside an expression",
                        Syntax::Native => "a \"//\" property whose value is not a string",
                    }
                );
            }
            for note in &converted.ambiguous {
                eprintln!("hcl: note: {note}");
            }
            converted.text
        }
    };
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(output.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("hcl: cannot write the output: {e}"))
}
