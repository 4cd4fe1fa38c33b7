//! One configuration file, decoded in layers: the core of an API gateway
//! takes what it knows, then each plugin takes its part with its own
//! derived struct (as Terraform hands provider blocks to providers). At
//! the end, whatever nobody consumed is reported once, with "Did you mean
//! …?" suggestions drawn from every layer's schema, together with every
//! layer's own mistakes.
//!
//! Run with `cargo run -p examples --example plugins`.

use hcl_decode::prelude::*;

/// What the core reads.
#[derive(HclBody, Debug)]
struct Core {
    name: String,
    #[hcl(default = 8080)]
    port: u16,
    #[hcl(block)]
    route: Vec<Route>,
}

#[derive(HclBody, Debug)]
struct Route {
    #[hcl(label)]
    path: String,
    upstream: String,
    #[hcl(default = vec!["GET".to_owned(), "POST".to_owned()])]
    methods: Vec<String>,
}

/// A plugin: it names itself and decodes its part of the file.
trait Plugin {
    fn name(&self) -> &'static str;
    /// Takes the plugin's part from what the earlier layers left; `None`
    /// if it could not (the mistakes are kept for the final check).
    fn configure(&mut self, layers: &mut Layers) -> Option<String>;
}

/// The authentication plugin.
#[derive(Default)]
struct Auth;

#[derive(HclBody, Debug)]
struct AuthConfig {
    #[hcl(block)]
    oidc: Option<Oidc>,
    #[hcl(block)]
    api_key: Vec<ApiKey>,
}

#[derive(HclBody, Debug)]
struct Oidc {
    issuer: String,
    #[hcl(default = "gateway")]
    client_id: String,
}

#[derive(HclBody, Debug)]
struct ApiKey {
    #[hcl(label)]
    name: String,
    hash: String,
}

impl Plugin for Auth {
    fn name(&self) -> &'static str {
        "auth"
    }

    fn configure(&mut self, layers: &mut Layers) -> Option<String> {
        let config: AuthConfig = layers.decode()?;
        let oidc = match &config.oidc {
            Some(o) => format!("OIDC by {} as {}", o.issuer, o.client_id),
            None => "no OIDC".to_owned(),
        };
        let keys: Vec<String> = config
            .api_key
            .iter()
            .map(|k| format!("{} ({})", k.name, k.hash.split(':').next().unwrap_or("?")))
            .collect();
        Some(format!("{oidc}, API keys [{}]", keys.join(", ")))
    }
}

/// The rate-limiting plugin.
#[derive(Default)]
struct RateLimit;

#[derive(HclBody, Debug)]
struct RateLimitConfig {
    #[hcl(default = 100)]
    requests_per_second: u32,
    /// Defaults to twice the rate.
    burst: Option<u32>,
}

impl Plugin for RateLimit {
    fn name(&self) -> &'static str {
        "rate-limit"
    }

    fn configure(&mut self, layers: &mut Layers) -> Option<String> {
        let config: RateLimitConfig = layers.decode()?;
        let burst = config.burst.unwrap_or(config.requests_per_second * 2);
        Some(format!(
            "{} requests per second, bursts of {burst}",
            config.requests_per_second
        ))
    }
}

/// Decodes one file: the core, then each plugin, then the final check.
fn load(path: &str) -> Result<(), Error> {
    println!("{path}:");
    let mut layers = Decoder::new().file(path).layers()?;

    match layers.decode::<Core>() {
        Some(core) => {
            println!("  core        {} on port {}", core.name, core.port);
            for r in &core.route {
                println!("              {} -> {} {:?}", r.path, r.upstream, r.methods);
            }
        }
        None => println!("  core        (not configured)"),
    }

    let mut plugins: Vec<Box<dyn Plugin>> = vec![Box::new(Auth), Box::new(RateLimit)];
    for plugin in &mut plugins {
        match plugin.configure(&mut layers) {
            Some(summary) => println!("  {:<11} {summary}", plugin.name()),
            None => println!("  {:<11} (not configured)", plugin.name()),
        }
    }

    // What no layer consumed, and every layer's mistakes, at once. Only
    // now is the configuration known to be good: a real gateway would
    // start serving here.
    layers.finish()?;
    println!("  everything was consumed");
    Ok(())
}

fn main() {
    if let Err(e) = std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")) {
        eprintln!("{e}");
        std::process::exit(1);
    }
    for path in ["data/gateway.hcl", "data/gateway_broken.hcl"] {
        if let Err(err) = load(path) {
            println!("\n{} errors\n\n{err}", err.diagnostics().len());
        }
        println!();
    }
}
