//! Types that already implement serde's `Deserialize` (shared with a JSON
//! API, say) as attribute values of a configuration file: `Serde<T>`, or
//! `#[hcl(with = hcl_decode::serde::from_value)]` on a field of
//! type `T`. The file is read with `hcl_decode::from_file`, in one line.
//!
//! Run with `cargo run -p examples --example serde_style`.

use std::collections::BTreeMap;

use hcl_decode::prelude::*;
use serde::Deserialize;

/// Existing serde types, unaware of HCL.
mod api {
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq, Eq)]
    #[serde(rename_all = "snake_case")]
    pub enum Rollout {
        Rolling,
        BlueGreen,
        Canary,
    }

    #[derive(Deserialize, Debug)]
    pub struct HealthCheck {
        pub path: String,
        /// Seconds.
        pub interval: u32,
        #[serde(default)]
        pub expected_status: Vec<u16>,
    }

    #[derive(Deserialize, Debug)]
    pub struct Resources {
        pub cpu: f64,
        pub memory_mb: u32,
    }
}

#[derive(HclBody, Debug)]
struct Deployment {
    name: String,
    #[hcl(default = 1)]
    replicas: u32,
    /// A serde enum from a string.
    rollout: Serde<api::Rollout>,
    /// A serde struct from an object, the field keeping its own type.
    #[hcl(with = hcl_decode::serde::from_value)]
    health_check: api::HealthCheck,
    /// Optional: `None` when absent.
    resources: Option<Serde<api::Resources>>,
    /// Plain collections need no serde.
    #[hcl(default)]
    labels: BTreeMap<String, String>,
}

/// A serde type of the example's own, for the errors shown at the end
/// (only decoded, never read).
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Window {
    start_hour: u8,
}

#[derive(HclBody, Debug)]
#[allow(dead_code)]
struct Maintenance {
    window: Serde<Window>,
    rollout: Serde<api::Rollout>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR"))?;

    let deployment: Deployment = hcl_decode::from_file("data/deployment.hcl")?;

    println!("{} x{}", deployment.name, deployment.replicas);
    println!("  rollout       {:?}", *deployment.rollout);
    let hc = &deployment.health_check;
    println!(
        "  health check  {} every {}s, expecting {:?}",
        hc.path, hc.interval, hc.expected_status
    );
    if let Some(r) = &deployment.resources {
        // `memory_mb = "512"`: serde asked for a u32, the string converted.
        println!("  resources     {} CPU, {} MB", r.cpu, r.memory_mb);
    }
    println!("  labels        {:?}", deployment.labels);

    // serde's errors become diagnostics at the attribute, or at the
    // element at fault, with the path inside the value.
    let src = "window = { start_hour = 300 }\nrollout = \"big_bang\"\n";
    if let Err(err) = hcl_decode::from_str::<Maintenance>(src, "maintenance.hcl") {
        println!("\n{err}");
    }
    Ok(())
}
