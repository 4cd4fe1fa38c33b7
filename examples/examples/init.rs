//! `init`: an application writes its default configuration on first run,
//! from the same structs it decodes the file into, then reads it back.
//!
//! ```sh
//! cargo run -p examples --example init -- /tmp/app.hcl
//! ```
//!
//! Without an argument it writes into a fresh temporary directory. A second
//! run on the same path leaves the file alone and reads it.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use hcl_decode::prelude::*;

/// The application's configuration: decoded from the file, and written to
/// it by `init`.
#[derive(HclBody, ToHcl, Debug, PartialEq)]
struct Config {
    /// Shown in logs.
    name: String,
    listen: std::net::SocketAddr,
    #[hcl(default = 4)]
    workers: u32,
    /// Not written when absent.
    log_file: Option<PathBuf>,
    #[hcl(block)]
    backend: Vec<Backend>,
    #[hcl(block)]
    limits: Limits,
    /// Blocks by label: `route "NAME" { ... }`.
    #[hcl(block)]
    route: BTreeMap<String, Route>,
}

#[derive(HclBody, ToHcl, Debug, PartialEq)]
struct Backend {
    #[hcl(label)]
    name: String,
    address: String,
    timeout: Duration,
    tags: Vec<String>,
}

#[derive(HclBody, ToHcl, Debug, PartialEq)]
struct Limits {
    max_body_bytes: u64,
    rate_per_second: f64,
}

#[derive(HclBody, ToHcl, Debug, PartialEq)]
struct Route {
    #[hcl(label)]
    path: String,
    backend: String,
    /// A template the application fills in itself: `${` stays literal.
    greeting: String,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            name: "my-service".into(),
            listen: "127.0.0.1:8080".parse().expect("a socket address"),
            workers: 4,
            log_file: None,
            backend: vec![Backend {
                name: "primary".into(),
                address: "http://10.0.0.5:9000".into(),
                timeout: Duration::from_millis(2500),
                tags: vec!["blue".into(), "eu-west".into()],
            }],
            limits: Limits {
                max_body_bytes: 1 << 20,
                rate_per_second: 12.5,
            },
            route: BTreeMap::from([(
                "/".to_owned(),
                Route {
                    path: "/".into(),
                    backend: "primary".into(),
                    greeting: "Hello, ${user}!\nWelcome.\n".into(),
                },
            )]),
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = match std::env::args_os().nth(1) {
        Some(path) => PathBuf::from(path),
        None => {
            let dir = std::env::temp_dir().join(format!("hcl-init-{}", std::process::id()));
            std::fs::create_dir_all(&dir)?;
            dir.join("app.hcl")
        }
    };
    if path.exists() {
        println!("{} exists: reading it", path.display());
    } else {
        let file = std::fs::File::create(&path)?;
        hcl_decode::to_writer(std::io::BufWriter::new(file), &Config::default())?;
        println!("wrote {}:\n", path.display());
        print!("{}", std::fs::read_to_string(&path)?);
    }
    let config: Config = match hcl_decode::from_file(&path) {
        Ok(config) => config,
        Err(err) => {
            err.eprint();
            std::process::exit(1);
        }
    };
    println!(
        "\nread back: {} listening on {}",
        config.name, config.listen
    );
    println!("same as the default: {}", config == Config::default());
    Ok(())
}
