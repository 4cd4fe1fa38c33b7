//! The configuration language layer: a Nomad-style job split across two
//! files (`data/job/job.hcl` and `data/job/vars.json`) with input
//! variables, locals, a user function and a dynamic block; then the same
//! configuration with bad inputs, every mistake reported at once.

use std::collections::BTreeMap;

use hcl_decode::prelude::*;
use hcl_decode::{Decoder, Value};

#[derive(HclBody, Debug)]
struct Config {
    #[hcl(block)]
    job: Job,
}

#[derive(HclBody, Debug)]
struct Job {
    #[hcl(label)]
    name: String,
    datacenters: Vec<String>,
    count: u32,
    #[hcl(block)]
    port: BTreeMap<String, Port>,
    env: BTreeMap<String, String>,
}

#[derive(HclBody, Debug)]
struct Port {
    #[hcl(label)]
    name: String,
    #[hcl(rename = "static")]
    number: u16,
    proto: String,
}

fn decoder() -> Decoder {
    Decoder::new()
        .variable_blocks()
        .locals()
        .user_functions()
        .env_prefix("JOB_VAR_")
}

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/data/job");
    let files = [format!("{dir}/job.hcl"), format!("{dir}/vars.json")];

    let decoded = decoder()
        .input("replicas", Value::number(3))
        .files(&files)
        .decode::<Config>()
        .unwrap_or_else(|e| panic!("{e}"));
    let job = &decoded.value.job;
    println!(
        "job {} x{} in {}",
        job.name,
        job.count,
        job.datacenters.join(",")
    );
    for port in job.port.values() {
        println!("port {} {}/{}", port.name, port.number, port.proto);
    }
    println!("env BANNER={}", job.env["BANNER"]);
    // The plan: every input with where it came from (sensitive hidden).
    for (name, var) in decoded.inputs() {
        let shown = if var.sensitive {
            "(sensitive)".to_owned()
        } else {
            hcl_decode::hcl_core::cty_json::marshal(&var.value, var.value.ty()).unwrap_or_default()
        };
        let from = match &var.source {
            hcl_decode::language::ValueSource::Default(_) => "default",
            hcl_decode::language::ValueSource::Input => "input",
            hcl_decode::language::ValueSource::Environment(_) => "environment",
            hcl_decode::language::ValueSource::VarFile(_) => "var file",
            hcl_decode::language::ValueSource::Unset => "unset",
        };
        println!("var.{name} = {shown} ({from})");
    }
    for (name, value) in decoded.locals() {
        println!(
            "local.{name} = {}",
            hcl_decode::hcl_core::cty_json::marshal(value, value.ty()).unwrap_or_default()
        );
    }

    // Bad inputs: every mistake at once, nothing derived, no secret shown.
    let err = decoder()
        .input("replicas", Value::number(0))
        .input("token", Value::number(7))
        .input("regoin", Value::string("x"))
        .decode_files::<Config, _>(&files);
    match err {
        Ok(_) => println!("--- unexpectedly decoded"),
        Err(err) => {
            println!("--- {} diagnostics", err.diagnostics().len());
            println!("{}", err.diagnostics());
        }
    }
}
