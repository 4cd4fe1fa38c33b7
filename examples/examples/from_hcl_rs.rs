//! A program written against hcl-rs's serde API (`hcl::from_str` into
//! `#[derive(Deserialize)]` types), run on ours by changing one line:
//!
//! ```text
//! - let config: Config = hcl::from_str(TEXT)?;
//! + let config: Config = hcl_decode::serde::from_str(TEXT, "deploy.hcl")?;
//! ```
//!
//! Everything else is the program as it was: labelled blocks as maps,
//! repeated blocks as a `Vec`, an externally tagged enum, `flatten`,
//! defaults, `deny_unknown_fields`. What it gains: the expressions are
//! evaluated (`replicas = 2 * 3`, `"${upper(...)}"`, which hcl-rs would give
//! as their text), one block reads into a `Vec`, and a mistake is reported
//! with its file, line, column, path and a "Did you mean".
//!
//! Run: cargo run --example from_hcl_rs

use std::collections::BTreeMap;

use serde::Deserialize;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Config {
    #[serde(flatten)]
    meta: Meta,
    service: BTreeMap<String, Service>,
}

#[derive(Deserialize, Debug)]
struct Meta {
    name: String,
    #[serde(default = "default_region")]
    region: String,
}

fn default_region() -> String {
    "eu-west-1".to_owned()
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Service {
    image: String,
    #[serde(default = "one")]
    replicas: u32,
    strategy: Strategy,
    #[serde(default)]
    port: Vec<Port>,
}

fn one() -> u32 {
    1
}

#[derive(Deserialize, Debug)]
#[serde(rename_all = "snake_case")]
enum Strategy {
    Recreate,
    Rolling { max_surge: u32 },
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Port {
    number: u16,
    protocol: Option<String>,
}

const TEXT: &str = r#"
name = "shop"

service "web" {
  image    = "registry.example.com/${upper("web")}:1.4"
  replicas = 2 * 3
  strategy = { rolling = { max_surge = 1 } }
  port {
    number = 8080
  }
}

service "worker" {
  image    = "registry.example.com/worker:1.4"
  strategy = "recreate"
  port {
    number   = 9000
    protocol = "tcp"
  }
  port {
    number = 9001
  }
}
"#;

const BROKEN: &str = r#"
name = "shop"

service "web" {
  image    = "registry.example.com/web:1.4"
  strategy = "recreate"
  port {
    numbr = 8080
  }
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let config: Config = hcl_decode::serde::from_str(TEXT, "deploy.hcl")?;
    println!("{} in {}", config.meta.name, config.meta.region);
    for (name, service) in &config.service {
        let ports: Vec<String> = service
            .port
            .iter()
            .map(|p| format!("{}/{}", p.number, p.protocol.as_deref().unwrap_or("http")))
            .collect();
        let strategy = match &service.strategy {
            Strategy::Recreate => "recreate".to_owned(),
            Strategy::Rolling { max_surge } => format!("rolling (max surge {max_surge})"),
        };
        println!(
            "service {name}: {} x{}, {strategy}, ports {}",
            service.image,
            service.replicas,
            ports.join(", ")
        );
    }

    match hcl_decode::serde::from_str::<Config>(BROKEN, "broken.hcl") {
        Ok(_) => println!("the broken file decoded"),
        Err(e) => println!("{e}"),
    }
    Ok(())
}
