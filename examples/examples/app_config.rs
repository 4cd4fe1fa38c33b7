//! A service reads its configuration file into Rust structs with
//! `#[derive(HclBody)]`: labelled blocks, optional blocks, defaults, a
//! custom conversion (the log level, via `with`), everyday types (durations
//! in Go's notation such as `"250ms"`, socket addresses), a variable the
//! application provides; then a broken copy of the file shows the
//! diagnostics: every mistake in one run, each with its source line.
//!
//! Run with `cargo run -p examples --example app_config`.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::Duration;

use hcl_decode::prelude::*;

/// The whole file.
#[derive(HclBody, Debug)]
struct Config {
    /// A required attribute.
    service: String,
    /// Optional, with a default.
    #[hcl(default = "production")]
    environment: String,
    /// A custom conversion, with a default.
    #[hcl(with = parse_level, default = Level::Info)]
    log_level: Level,
    /// `listener "name" { ... }` blocks, keyed by their label.
    #[hcl(block, rename = "listener")]
    listeners: BTreeMap<String, Listener>,
    /// Exactly one `database { ... }` block.
    #[hcl(block)]
    database: Database,
    /// At most one `retry { ... }` block.
    #[hcl(block)]
    retry: Option<Retry>,
    /// An attribute holding a map; empty when absent.
    #[hcl(default)]
    feature_flags: BTreeMap<String, bool>,
}

#[derive(HclBody, Debug)]
struct Listener {
    #[hcl(label)]
    name: String,
    /// `"0.0.0.0:8443"`.
    address: SocketAddr,
    /// Go's notation: `"1m"`, `"250ms"`, `"1h30m"`.
    #[hcl(default = Duration::from_secs(30))]
    timeout: Duration,
    #[hcl(block)]
    tls: Option<Tls>,
    /// Where the block is written, for the application's own messages.
    #[hcl(def_range)]
    defined_at: Range,
}

#[derive(HclBody, Debug)]
struct Tls {
    cert: String,
    key: String,
}

#[derive(HclBody, Debug)]
struct Database {
    url: String,
    #[hcl(default = 10)]
    pool_size: u16,
    #[hcl(default = Duration::from_secs(5))]
    connect_timeout: Duration,
}

#[derive(HclBody, Debug)]
struct Retry {
    #[hcl(default = 3)]
    attempts: u8,
    #[hcl(default = Duration::from_millis(100))]
    backoff: Duration,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    Debug,
    Info,
    Warn,
    Error,
}

/// `with` conversions get the value as evaluated and its range; an error
/// message becomes an "Invalid attribute value" diagnostic about the
/// attribute, a whole `Diagnostic` is used as it is.
fn parse_level(value: &Value, _range: &Range) -> Result<Level, String> {
    match value.as_str() {
        Some("debug") => Ok(Level::Debug),
        Some("info") => Ok(Level::Info),
        Some("warn") => Ok(Level::Warn),
        Some("error") => Ok(Level::Error),
        _ => Err(format!(
            "{value} is not a log level: use \"debug\", \"info\", \"warn\" or \"error\""
        )),
    }
}

/// The decoder: the variables the file may use. A real service would fill
/// `env` from its environment; the example fixes it so that its output
/// does not depend on the machine.
fn decoder() -> Decoder {
    let env = Value::object([
        ("DB_HOST", Value::string("db.internal")),
        ("REGION", Value::string("eu-west-1")),
    ]);
    Decoder::new().variable("env", env)
}

fn print(config: &Config) {
    println!(
        "  service        {} ({}), log level {:?}",
        config.service, config.environment, config.log_level
    );
    for l in config.listeners.values() {
        let tls = match &l.tls {
            Some(tls) => format!("TLS ({}, {})", tls.cert, tls.key),
            None => "no TLS".to_owned(),
        };
        println!(
            "  listener {:<6} {}, timeout {:?}, {tls}, defined at {}",
            l.name, l.address, l.timeout, l.defined_at
        );
    }
    let db = &config.database;
    println!(
        "  database       {}, pool of {}, connect timeout {:?}",
        db.url, db.pool_size, db.connect_timeout
    );
    match &config.retry {
        Some(r) => println!(
            "  retry          {} attempts, backoff {:?}",
            r.attempts, r.backoff
        ),
        None => println!("  retry          none"),
    }
    let flags: Vec<String> = config
        .feature_flags
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    println!("  feature flags  {}", flags.join(" "));
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // File names in messages are relative to the examples crate.
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR"))?;

    let config: Config = decoder().decode_file("data/app.hcl")?;
    println!("data/app.hcl:");
    print(&config);

    // The broken copy: every mistake is reported at once, in source order,
    // syntax errors included.
    match decoder().decode_file::<Config>("data/app_broken.hcl") {
        Ok(_) => println!("\ndata/app_broken.hcl decoded, which it should not"),
        Err(err) => {
            println!(
                "\ndata/app_broken.hcl: {} errors\n\n{err}",
                err.diagnostics().len()
            );
        }
    }
    Ok(())
}
