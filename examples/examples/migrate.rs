//! A migration: a configuration file in the application's old format is
//! brought to the new one with `hcl_core::edit`, keeping the user's
//! comments, blank lines and layout; only the edited lines change.
//!
//! ```sh
//! cargo run -p examples --example migrate
//! ```
//!
//! From format 1 to format 2: `listen_port` is now `port`, `backend`
//! blocks are now `upstream` blocks, `timeout_ms = 2500` becomes a duration
//! `timeout = "2.5s"`, `legacy_tls` is gone, and the file says which format
//! it is in (`format = 2`). The result is read into the new structs.

use std::path::Path;
use std::time::Duration;

use hcl_core::Value;
use hcl_core::edit::Document;
use hcl_decode::prelude::*;

/// The configuration in format 2.
#[derive(HclBody)]
struct Config {
    format: u32,
    name: String,
    port: u16,
    workers: u32,
    #[hcl(block)]
    upstream: Vec<Upstream>,
}

#[derive(HclBody)]
struct Upstream {
    #[hcl(label)]
    name: String,
    address: String,
    timeout: Duration,
}

/// Brings a format-1 document to format 2, in place.
fn migrate(doc: &mut Document) -> Result<(), hcl_core::Diagnostics> {
    let body = doc.body_mut();
    body.rename_attribute("listen_port", "port")?;
    body.set_attribute_value("format", &Value::from(2))?;
    for block in body.blocks_mut() {
        if block.block_type() != "backend" {
            continue;
        }
        block.set_block_type("upstream")?;
        let upstream = block.body_mut();
        upstream.remove_attribute("legacy_tls");
        let millis = upstream.attribute("timeout_ms").and_then(|a| a.value());
        let ms = millis
            .as_ref()
            .and_then(Value::as_number)
            .and_then(|n| n.to_u64().ok());
        let timeout =
            ms.and_then(|ms| hcl_decode::duration::format(Duration::from_millis(ms)).ok());
        if let Some(timeout) = timeout {
            upstream.rename_attribute("timeout_ms", "timeout")?;
            upstream.set_attribute_value("timeout", &Value::string(timeout))?;
        }
    }
    Ok(())
}

fn main() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/migrate/legacy.hcl");
    let text = std::fs::read_to_string(&path).expect("the bundled file");
    let mut doc = match Document::parse(&text, "legacy.hcl") {
        Ok(doc) => doc,
        Err(diags) => {
            eprint!("{}", hcl_core::Renderer::new().render(&diags));
            std::process::exit(1);
        }
    };
    if let Err(diags) = migrate(&mut doc) {
        eprint!("{}", hcl_core::Renderer::new().render(&diags));
        std::process::exit(1);
    }
    let migrated = doc.to_string();
    println!("--- legacy.hcl, migrated to format 2:\n{migrated}");

    // Lines the migration did not touch are byte for byte what they were.
    let kept = text
        .lines()
        .filter(|l| migrated.lines().any(|m| m == *l))
        .count();
    println!(
        "--- {kept} of {} lines kept as written",
        text.lines().count()
    );

    match hcl_decode::from_str::<Config>(&migrated, "legacy.hcl") {
        Ok(config) => {
            println!(
                "--- reads as format {}: {} on port {} with {} workers",
                config.format, config.name, config.port, config.workers
            );
            for u in &config.upstream {
                println!(
                    "    upstream {} at {}, timeout {:?}",
                    u.name, u.address, u.timeout
                );
            }
        }
        Err(err) => {
            err.eprint();
            std::process::exit(1);
        }
    }
}
