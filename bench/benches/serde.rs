//! serde deserialization, ours (`hcl_decode::serde`) against hcl-rs
//! (`hcl::from_str`), into the same `#[derive(Deserialize)]` types, in the
//! same run.
//!
//! 1. The generated Terraform-style corpus (`corpus::generate`), into types
//!    that take its literal attributes (strings, numbers, bools, lists of
//!    strings) and ignore the rest (serde's default). hcl-rs does not
//!    evaluate, so its side only parses and converts; ours parses and
//!    **evaluates every attribute** (the references — `var`, `local`,
//!    `count`, resources — are unknown values in the context, so every
//!    expression evaluates without error), then deserializes. Both results
//!    are checked to hold the same things before anything is timed.
//! 2. One body of N attributes (`a1 = 1` ...), N from 10k to 1M, into a
//!    map: time per attribute, to show that ours stays linear. hcl-rs is
//!    run up to 40k attributes (it grows quadratically: beyond, a run
//!    takes minutes).
//!
//! Times are the best of several runs by the thread's CPU time; the ratio
//! is hcl-rs's time over ours.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench serde

// The decoded fields are only counted, not all read.
#![allow(dead_code)]

use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use hcl_bench::clock::thread_cpu_time;
use hcl_bench::corpus;
use hcl_decode::{BodyHandle, Decoder, EvalContext, Type, Value};
use serde::Deserialize;

const MB: usize = 1 << 20;

/// One block (a map) or several (a sequence), as hcl-rs gives them.
#[derive(Debug)]
enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = OneOrMany<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a block body or a sequence of them")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(OneOrMany::One)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                let mut v = Vec::new();
                while let Some(t) = seq.next_element()? {
                    v.push(t);
                }
                Ok(OneOrMany::Many(v))
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

impl<T> Default for OneOrMany<T> {
    fn default() -> Self {
        OneOrMany::Many(Vec::new())
    }
}

impl<T> OneOrMany<T> {
    fn as_slice(&self) -> &[T] {
        match self {
            OneOrMany::One(t) => std::slice::from_ref(t),
            OneOrMany::Many(v) => v,
        }
    }
}

#[derive(Deserialize, Debug)]
struct Config {
    #[serde(default)]
    variable: HashMap<String, Variable>,
    #[serde(default)]
    output: HashMap<String, Output>,
    #[serde(default)]
    module: HashMap<String, Module>,
    #[serde(default)]
    resource: HashMap<String, HashMap<String, Resource>>,
}

#[derive(Deserialize, Debug)]
struct Variable {
    description: String,
    default: Option<u32>,
    #[serde(default)]
    validation: OneOrMany<Validation>,
}

#[derive(Deserialize, Debug)]
struct Validation {
    error_message: String,
}

#[derive(Deserialize, Debug)]
struct Output {
    #[serde(default)]
    sensitive: bool,
}

#[derive(Deserialize, Debug)]
struct Module {
    source: String,
    version: String,
    region: String,
    subnets: Vec<String>,
}

#[derive(Deserialize, Debug)]
struct Resource {
    instance_type: String,
    #[serde(default)]
    ingress: OneOrMany<Ingress>,
    lifecycle: Lifecycle,
}

#[derive(Deserialize, Debug)]
struct Ingress {
    from_port: u16,
    to_port: u16,
    protocol: String,
    description: String,
}

#[derive(Deserialize, Debug)]
struct Lifecycle {
    create_before_destroy: bool,
}

/// What a decoded file holds.
fn counts(c: &Config) -> (usize, usize, usize, usize, usize, u64, usize) {
    let resources = || c.resource.values().flat_map(HashMap::values);
    (
        c.variable.len(),
        c.variable
            .values()
            .map(|v| v.validation.as_slice().len())
            .sum(),
        c.output.len(),
        c.module.len(),
        resources().count(),
        resources()
            .flat_map(|r| r.ingress.as_slice())
            .map(|i| u64::from(i.from_port) + u64::from(i.to_port))
            .sum(),
        resources()
            .filter(|r| r.lifecycle.create_before_destroy)
            .count()
            + c.module.values().map(|m| m.subnets.len()).sum::<usize>(),
    )
}

/// The corpus's references, as unknown values.
fn context() -> EvalContext {
    let mut ctx = Decoder::new().build_eval_context().expect("a context");
    for name in [
        "var",
        "local",
        "terraform",
        "data",
        "count",
        "module",
        "aws_instance",
        "aws_lb",
        "aws_security_group",
        "tags",
        "user_data",
        "number",
    ] {
        ctx.declare_variable(name, Value::unknown(Type::Dynamic))
            .expect("a variable");
    }
    ctx
}

fn ours<T: serde::de::DeserializeOwned>(text: &str, ctx: &EvalContext) -> T {
    let body: BodyHandle = match Decoder::new().parse_slice(text.as_bytes(), "bench.hcl") {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    match hcl_decode::serde::from_body::<T>(&body, ctx) {
        Ok(v) => v,
        Err(d) => panic!("{d}"),
    }
}

fn theirs<T: serde::de::DeserializeOwned>(text: &str) -> T {
    match hcl::from_str::<T>(text) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

/// The best CPU times of two functions, run in turns (at least 3 rounds,
/// more within `budget`).
fn best(budget: Duration, mut a: impl FnMut(), mut b: impl FnMut()) -> (Duration, Duration) {
    let start = Instant::now();
    let (mut ta, mut tb) = (Duration::MAX, Duration::MAX);
    let mut rounds = 0;
    while rounds < 3 || (start.elapsed() < budget && rounds < 20) {
        let t = thread_cpu_time();
        a();
        ta = ta.min(thread_cpu_time().saturating_sub(t));
        let t = thread_cpu_time();
        b();
        tb = tb.min(thread_cpu_time().saturating_sub(t));
        rounds += 1;
    }
    (ta, tb)
}

fn main() {
    let ctx = context();
    println!(
        "serde: the generated corpus into the same Deserialize types (ours evaluates every attribute)"
    );
    println!("MB/s of HCL text by thread CPU time; ratio = hcl-rs time / ours");
    println!(
        "{:>8}  {:>10}  {:>10}  {:>7}",
        "size", "hcl-decode", "hcl-rs", "ratio"
    );
    for size_mb in [1, 4] {
        let text = corpus::generate(size_mb * MB, 42);
        let a = counts(&ours::<Config>(&text, &ctx));
        let b = counts(&theirs::<Config>(&text));
        assert_eq!(a, b, "the two sides decode different things");
        assert!(a.4 > 0 && a.1 > 0);
        // HCL_BENCH_PROFILE=ours (or theirs) runs one side only, for a
        // profiler.
        if let Ok(side) = std::env::var("HCL_BENCH_PROFILE") {
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(10) {
                match side.as_str() {
                    "theirs" => drop(black_box(theirs::<Config>(black_box(&text)))),
                    _ => drop(black_box(ours::<Config>(black_box(&text), &ctx))),
                }
            }
            return;
        }
        let (t_ours, t_theirs) = best(
            Duration::from_secs(6),
            || drop(black_box(ours::<Config>(black_box(&text), &ctx))),
            || drop(black_box(theirs::<Config>(black_box(&text)))),
        );
        let mbs = |t: Duration| text.len() as f64 / MB as f64 / t.as_secs_f64();
        println!(
            "{:>5} MB  {:>10.1}  {:>10.1}  {:>6.1}x",
            size_mb,
            mbs(t_ours),
            mbs(t_theirs),
            t_theirs.as_secs_f64() / t_ours.as_secs_f64()
        );
    }

    println!();
    println!("serde: one body of N attributes into a HashMap<String, u64>; ns per attribute (CPU)");
    println!("{:>9}  {:>10}  {:>10}", "N", "hcl-decode", "hcl-rs");
    for n in [10_000usize, 20_000, 40_000, 100_000, 1_000_000] {
        let mut text = String::with_capacity(n * 16);
        for i in 0..n {
            text.push_str(&format!("a{i} = {i}\n"));
        }
        let check: HashMap<String, u64> = ours(&text, &ctx);
        assert_eq!(check.len(), n);
        let with_theirs = n <= 40_000;
        let (t_ours, t_theirs) = best(
            Duration::ZERO,
            || {
                drop(black_box(ours::<HashMap<String, u64>>(
                    black_box(&text),
                    &ctx,
                )))
            },
            || {
                if with_theirs {
                    drop(black_box(theirs::<HashMap<String, u64>>(black_box(&text))));
                }
            },
        );
        let per = |t: Duration| t.as_nanos() as f64 / n as f64;
        let theirs_text = if with_theirs {
            format!("{:>10.0}", per(t_theirs))
        } else {
            format!("{:>10}", "-")
        };
        println!("{:>9}  {:>10.0}  {}", n, per(t_ours), theirs_text);
    }
}
