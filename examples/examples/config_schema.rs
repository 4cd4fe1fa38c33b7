//! An application that tells its users how to configure it: a
//! `config-schema --format json|json-schema|template|markdown` subcommand,
//! one call per format, from the configuration's own derive.
//!
//! ```text
//! cargo run --example config_schema -- config-schema --format template
//! cargo run --example config_schema -- config-schema --format json-schema > app.schema.json
//! cargo run --example config_schema -- run app.hcl
//! ```

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Duration;

use hcl_decode::prelude::*;
use hcl_decode::schema::Schema;

/// How much the service logs.
#[derive(FromValue, ToValue, Debug, Clone, Copy)]
enum LogLevel {
    /// Everything, for finding a problem.
    Debug,
    /// What happens, in short.
    Info,
    /// Only what needs attention.
    Warn,
}

/// The orders service.
///
/// One file configures a whole deployment: the service itself, where it
/// listens, and its database.
#[derive(HclBody)]
struct Config {
    /// The name shown in logs and metrics.
    service: String,
    /// How much to log.
    #[hcl(default = LogLevel::Info)]
    log_level: LogLevel,
    /// How long a request may take.
    #[hcl(default = Duration::from_secs(30))]
    timeout: Duration,
    /// The API key of the payment provider.
    #[hcl(sensitive)]
    payment_key: Option<String>,
    /// Feature flags, by name.
    #[hcl(optional)]
    features: BTreeMap<String, bool>,
    /// A network address to listen on, by name.
    #[hcl(block)]
    listener: BTreeMap<String, Listener>,
    /// The database.
    #[hcl(block)]
    database: Database,
}

/// Where the service accepts connections.
#[derive(HclBody)]
struct Listener {
    #[hcl(label)]
    name: String,
    /// The address and port, such as `0.0.0.0:8080`.
    address: String,
    /// Connections served at once.
    #[hcl(default = 512)]
    max_connections: u32,
}

/// The orders database.
#[derive(HclBody)]
struct Database {
    /// The connection URL.
    url: String,
    /// Connections kept open.
    #[hcl(default = 10)]
    pool: u16,
}

fn print_config(c: &Config) {
    println!(
        "service {}: log level {:?}, timeout {:?}, payment key {}",
        c.service,
        c.log_level,
        c.timeout,
        if c.payment_key.is_some() {
            "set"
        } else {
            "not set"
        }
    );
    println!("database {} (pool of {})", c.database.url, c.database.pool);
    for (name, on) in &c.features {
        println!("feature {name}: {on}");
    }
    for l in c.listener.values() {
        println!(
            "listener {} on {} ({} connections)",
            l.name, l.address, l.max_connections
        );
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["config-schema", "--format", format] => {
            // One call per format.
            let schema = Schema::of::<Config>();
            let text = match *format {
                "json" => schema.to_json() + "\n",
                "json-schema" => schema.to_json_schema(),
                "template" => schema.template(),
                "markdown" => schema.reference_markdown(),
                other => {
                    eprintln!("unknown format {other:?}: json, json-schema, template or markdown");
                    return ExitCode::from(2);
                }
            };
            print!("{text}");
            ExitCode::SUCCESS
        }
        ["run", file] => match hcl_decode::from_file::<Config>(file) {
            Ok(config) => {
                print_config(&config);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!(
                "usage: config_schema config-schema --format json|json-schema|template|markdown\n       config_schema run FILE"
            );
            ExitCode::from(2)
        }
    }
}
