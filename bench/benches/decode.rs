//! End-to-end decoding throughput: text in, Rust structs out. Ours
//! (`hcl_decode::from_str` into `#[derive(HclBody)]` structs) against
//! hcl-rs (`hcl::from_str` into `#[derive(Deserialize)]` structs), on the
//! same generated Terraform-style corpus (`corpus::generate`), in the same
//! run.
//!
//! Like with like. hcl-rs cannot evaluate expressions while it
//! deserializes, so neither side evaluates: on both sides an attribute that
//! the corpus writes as a literal (a string without interpolation, a
//! number, a bool, a list of strings) becomes a native Rust value, and an
//! attribute that the corpus writes as anything else (references,
//! templates with interpolations, heredocs with interpolations, calls,
//! conditionals, `for` expressions, objects holding any of those) is kept
//! as an unevaluated expression: [`hcl_decode::ExpressionHandle`] on our side
//! (a handle to the parsed expression, with its source range),
//! `hcl::Expression` on hcl-rs's (an owned tree). The structs have the
//! same fields with the same Rust types; the `locals` blocks, whose
//! attribute names vary, become a map from name to expression on both
//! sides. hcl-rs gives blocks in the HCL JSON shape (nested maps by label,
//! one object for a single block, an array for several), so its structs
//! use maps by label and accept one block or several (`OneOrMany`); ours
//! get the labels as fields and blocks in source order.
//!
//! What each side does beyond that: ours checks the file against the
//! schema exhaustively (an unknown attribute or block, a missing required
//! one, a wrong type, each is a diagnostic with a source range, all
//! collected) and keeps every expression's range; hcl-rs ignores unknown
//! attributes (serde's default) and stops at the first error. Both
//! results are checked to hold the same number of blocks, attributes and
//! expressions before anything is timed.
//!
//! Throughput is MB/s of HCL text, the best of several runs, the two
//! sides run in turns; by the thread's CPU time (which other load on the
//! machine does not inflate) and by wall time. The ratio is hcl-rs's time
//! over ours. Our parse alone is shown for scale: the rest of our time is
//! the decoding.
//!
//! A second table compares two ways of declaring the same structs on our
//! side, in the same run: the top-level blocks as plain `#[hcl(block)]`
//! fields (one `Vec` per block type) and as one `#[hcl(blocks)]` field of
//! an enum of block types (every block in source order, dispatched by
//! type). Both decode the same things (checked), so the ratio is the
//! cost of the dispatch.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench decode

// The decoded fields are only counted, not all read.
#![allow(dead_code)]

use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use hcl_bench::clock::thread_cpu_time;

use hcl_bench::corpus;
use serde::Deserialize;

const MB: usize = 1 << 20;

/// Our side: the corpus's blocks as derived structs.
mod ours {
    use hcl_decode::{BodyHandle, ExpressionHandle, FromBody, HclBody};
    use std::collections::BTreeMap;

    #[derive(HclBody, Debug)]
    pub struct Config {
        #[hcl(block)]
        pub variable: Vec<Variable>,
        #[hcl(block)]
        pub locals: Vec<Locals>,
        #[hcl(block)]
        pub output: Vec<Output>,
        #[hcl(block)]
        pub module: Vec<Module>,
        #[hcl(block)]
        pub resource: Vec<Resource>,
    }

    #[derive(HclBody, Debug)]
    pub struct Variable {
        #[hcl(label)]
        pub name: String,
        pub description: String,
        /// `number`: a reference, kept as an expression.
        #[hcl(rename = "type")]
        pub ty: ExpressionHandle,
        pub default: Option<u32>,
        #[hcl(block)]
        pub validation: Vec<Validation>,
    }

    #[derive(HclBody, Debug)]
    pub struct Validation {
        pub condition: ExpressionHandle,
        pub error_message: String,
    }

    /// A `locals` block: every attribute, by name.
    #[derive(HclBody, Debug)]
    pub struct Locals {
        #[hcl(remain)]
        pub values: Attributes,
    }

    /// A body's attributes as a map from name to expression.
    #[derive(Debug)]
    pub struct Attributes(pub BTreeMap<String, ExpressionHandle>);

    impl FromBody for Attributes {
        fn from_body(body: &BodyHandle) -> Self {
            let (attributes, _) = body.just_attributes();
            Attributes(
                attributes
                    .into_iter()
                    .map(|(name, attr)| (name, ExpressionHandle::from_dyn(attr.expr)))
                    .collect(),
            )
        }
    }

    #[derive(HclBody, Debug)]
    pub struct Output {
        #[hcl(label)]
        pub name: String,
        pub value: ExpressionHandle,
        /// A heredoc with an interpolation.
        pub description: ExpressionHandle,
        #[hcl(default)]
        pub sensitive: bool,
    }

    #[derive(HclBody, Debug)]
    pub struct Module {
        #[hcl(label)]
        pub name: String,
        pub source: String,
        pub version: String,
        pub region: String,
        pub subnets: Vec<String>,
        pub settings: ExpressionHandle,
    }

    #[derive(HclBody, Debug)]
    pub struct Resource {
        #[hcl(label)]
        pub ty: String,
        #[hcl(label)]
        pub name: String,
        pub count: ExpressionHandle,
        pub ami: ExpressionHandle,
        pub instance_type: String,
        pub subnet_id: ExpressionHandle,
        pub tags: ExpressionHandle,
        #[hcl(block)]
        pub ingress: Vec<Ingress>,
        pub user_data: Option<ExpressionHandle>,
        #[hcl(block)]
        pub lifecycle: Lifecycle,
        pub depends_on: ExpressionHandle,
    }

    #[derive(HclBody, Debug)]
    pub struct Ingress {
        pub from_port: u16,
        pub to_port: u16,
        pub protocol: String,
        pub cidr_blocks: ExpressionHandle,
        pub description: String,
    }

    #[derive(HclBody, Debug)]
    pub struct Lifecycle {
        pub create_before_destroy: bool,
        pub ignore_changes: ExpressionHandle,
    }
}

/// Our side again, through enum dispatch: every top-level block in one
/// `#[hcl(blocks)]` field, in source order.
mod dispatch {
    use super::ours::{Locals, Module, Output, Resource, Variable};
    use hcl_decode::HclBody;

    #[derive(HclBody, Debug)]
    pub struct Config {
        #[hcl(blocks)]
        pub items: Vec<TopLevel>,
    }

    #[derive(HclBody, Debug)]
    pub enum TopLevel {
        Variable(Variable),
        Locals(Locals),
        Output(Output),
        Module(Module),
        Resource(Resource),
    }
}

/// hcl-rs's side: the same fields, in the HCL JSON shape.
mod theirs {
    use super::*;
    use hcl::Expression;

    /// One block (an object) or several (an array). Deserialized by hand:
    /// serde's untagged enums buffer the input, which `hcl::Expression`
    /// does not survive.
    #[derive(Debug)]
    pub enum OneOrMany<T> {
        One(T),
        Many(Vec<T>),
    }

    impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V<T>(std::marker::PhantomData<T>);
            impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
                type Value = OneOrMany<T>;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("a block body or an array of them")
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
        pub fn as_slice(&self) -> &[T] {
            match self {
                OneOrMany::One(t) => std::slice::from_ref(t),
                OneOrMany::Many(v) => v,
            }
        }
    }

    #[derive(Deserialize, Debug)]
    pub struct Config {
        #[serde(default)]
        pub variable: HashMap<String, Variable>,
        #[serde(default)]
        pub locals: OneOrMany<HashMap<String, Expression>>,
        #[serde(default)]
        pub output: HashMap<String, Output>,
        #[serde(default)]
        pub module: HashMap<String, Module>,
        #[serde(default)]
        pub resource: HashMap<String, HashMap<String, Resource>>,
    }

    #[derive(Deserialize, Debug)]
    pub struct Variable {
        pub description: String,
        #[serde(rename = "type")]
        pub ty: Expression,
        pub default: Option<u32>,
        #[serde(default)]
        pub validation: OneOrMany<Validation>,
    }

    #[derive(Deserialize, Debug)]
    pub struct Validation {
        pub condition: Expression,
        pub error_message: String,
    }

    #[derive(Deserialize, Debug)]
    pub struct Output {
        pub value: Expression,
        pub description: Expression,
        #[serde(default)]
        pub sensitive: bool,
    }

    #[derive(Deserialize, Debug)]
    pub struct Module {
        pub source: String,
        pub version: String,
        pub region: String,
        pub subnets: Vec<String>,
        pub settings: Expression,
    }

    #[derive(Deserialize, Debug)]
    pub struct Resource {
        pub count: Expression,
        pub ami: Expression,
        pub instance_type: String,
        pub subnet_id: Expression,
        pub tags: Expression,
        #[serde(default)]
        pub ingress: OneOrMany<Ingress>,
        pub user_data: Option<Expression>,
        pub lifecycle: Lifecycle,
        pub depends_on: Expression,
    }

    #[derive(Deserialize, Debug)]
    pub struct Ingress {
        pub from_port: u16,
        pub to_port: u16,
        pub protocol: String,
        pub cidr_blocks: Expression,
        pub description: String,
    }

    #[derive(Deserialize, Debug)]
    pub struct Lifecycle {
        pub create_before_destroy: bool,
        pub ignore_changes: Expression,
    }
}

/// What a decoded file holds, counted the same way on both sides.
#[derive(Debug, PartialEq, Eq)]
struct Counts {
    variables: usize,
    validations: usize,
    locals: usize,
    outputs: usize,
    modules: usize,
    resources: usize,
    ingress: usize,
    user_data: usize,
    ports: u64,
}

fn count_ours(c: &ours::Config) -> Counts {
    Counts {
        variables: c.variable.len(),
        validations: c.variable.iter().map(|v| v.validation.len()).sum(),
        locals: c.locals.iter().map(|l| l.values.0.len()).sum(),
        outputs: c.output.len(),
        modules: c.module.len(),
        resources: c.resource.len(),
        ingress: c.resource.iter().map(|r| r.ingress.len()).sum(),
        user_data: c.resource.iter().filter(|r| r.user_data.is_some()).count(),
        ports: c
            .resource
            .iter()
            .flat_map(|r| &r.ingress)
            .map(|i| u64::from(i.from_port) + u64::from(i.to_port))
            .sum(),
    }
}

fn count_dispatch(c: &dispatch::Config) -> Counts {
    use dispatch::TopLevel;
    let mut counts = Counts {
        variables: 0,
        validations: 0,
        locals: 0,
        outputs: 0,
        modules: 0,
        resources: 0,
        ingress: 0,
        user_data: 0,
        ports: 0,
    };
    for item in &c.items {
        match item {
            TopLevel::Variable(v) => {
                counts.variables += 1;
                counts.validations += v.validation.len();
            }
            TopLevel::Locals(l) => counts.locals += l.values.0.len(),
            TopLevel::Output(_) => counts.outputs += 1,
            TopLevel::Module(_) => counts.modules += 1,
            TopLevel::Resource(r) => {
                counts.resources += 1;
                counts.ingress += r.ingress.len();
                counts.user_data += usize::from(r.user_data.is_some());
                counts.ports += r
                    .ingress
                    .iter()
                    .map(|i| u64::from(i.from_port) + u64::from(i.to_port))
                    .sum::<u64>();
            }
        }
    }
    counts
}

fn decode_dispatch(text: &str) -> dispatch::Config {
    match hcl_decode::from_str::<dispatch::Config>(text, "bench.hcl") {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

fn count_theirs(c: &theirs::Config) -> Counts {
    let resources = || c.resource.values().flat_map(|by_name| by_name.values());
    Counts {
        variables: c.variable.len(),
        validations: c
            .variable
            .values()
            .map(|v| v.validation.as_slice().len())
            .sum(),
        locals: c.locals.as_slice().iter().map(HashMap::len).sum(),
        outputs: c.output.len(),
        modules: c.module.len(),
        resources: resources().count(),
        ingress: resources().map(|r| r.ingress.as_slice().len()).sum(),
        user_data: resources().filter(|r| r.user_data.is_some()).count(),
        ports: resources()
            .flat_map(|r| r.ingress.as_slice())
            .map(|i| u64::from(i.from_port) + u64::from(i.to_port))
            .sum(),
    }
}

fn decode_ours(text: &str) -> ours::Config {
    match hcl_decode::from_str::<ours::Config>(text, "bench.hcl") {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

fn decode_theirs(text: &str) -> theirs::Config {
    match hcl::from_str::<theirs::Config>(text) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

/// The best wall and CPU times of a measurement.
#[derive(Clone, Copy, Debug)]
struct Times {
    wall: Duration,
    cpu: Duration,
}

impl Times {
    const MAX: Times = Times {
        wall: Duration::MAX,
        cpu: Duration::MAX,
    };

    fn best_of(self, f: &mut impl FnMut()) -> Times {
        let cpu = thread_cpu_time();
        let t = Instant::now();
        f();
        Times {
            wall: self.wall.min(t.elapsed()),
            cpu: self.cpu.min(thread_cpu_time().saturating_sub(cpu)),
        }
    }
}

/// The best times of each of two functions over several rounds (at least
/// 3, within `budget`), run in turns so that both see the same machine.
fn best_times(budget: Duration, mut a: impl FnMut(), mut b: impl FnMut()) -> (Times, Times) {
    let start = Instant::now();
    let (mut best_a, mut best_b) = (Times::MAX, Times::MAX);
    let mut rounds = 0;
    while rounds < 3 || (start.elapsed() < budget && rounds < 30) {
        best_a = best_a.best_of(&mut a);
        best_b = best_b.best_of(&mut b);
        rounds += 1;
    }
    (best_a, best_b)
}

fn mb_per_s(bytes: usize, t: Duration) -> f64 {
    bytes as f64 / MB as f64 / t.as_secs_f64()
}

fn main() {
    println!("decoding into Rust structs, end to end (text in, structs out)");
    println!("MB/s of HCL text, by thread CPU time and by wall time; ratio = hcl-rs time / ours");
    println!(
        "{:>8}  {:>19}  {:>19}  {:>13}  {:>9}",
        "", "hcl-decode", "hcl-rs", "ratio", "our parse"
    );
    println!(
        "{:>8}  {:>9} {:>9}  {:>9} {:>9}  {:>6} {:>6}  {:>9}",
        "size", "cpu", "wall", "cpu", "wall", "cpu", "wall", "cpu"
    );
    for size_mb in [1, 4] {
        let text = corpus::generate(size_mb * MB, 42);

        // Both sides hold the same things.
        let ours = count_ours(&decode_ours(&text));
        let theirs = count_theirs(&decode_theirs(&text));
        assert_eq!(ours, theirs, "the two sides decode different things");
        assert!(ours.resources > 0 && ours.locals > 0 && ours.validations > 0);

        // HCL_BENCH_PROFILE=ours (or theirs) runs one side only, for a
        // profiler.
        if let Ok(side) = std::env::var("HCL_BENCH_PROFILE") {
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(10) {
                match side.as_str() {
                    "theirs" => drop(black_box(decode_theirs(black_box(&text)))),
                    _ => drop(black_box(decode_ours(black_box(&text)))),
                }
            }
            return;
        }

        let budget = Duration::from_secs(6);
        let (t_ours, t_theirs) = best_times(
            budget,
            || drop(black_box(decode_ours(black_box(&text)))),
            || drop(black_box(decode_theirs(black_box(&text)))),
        );
        // Our parse alone, for scale: the rest of our time is decoding.
        let (t_parse, _) = best_times(
            Duration::ZERO,
            || {
                let parsed = hcl_core::native::parse_config(
                    black_box(text.as_bytes()),
                    "bench.hcl",
                    &hcl_core::native::ParseOptions::default(),
                );
                drop(black_box(parsed));
            },
            || {},
        );
        println!(
            "{:>5} MB  {:>9.1} {:>9.1}  {:>9.1} {:>9.1}  {:>5.1}x {:>5.1}x  {:>9.1}",
            size_mb,
            mb_per_s(text.len(), t_ours.cpu),
            mb_per_s(text.len(), t_ours.wall),
            mb_per_s(text.len(), t_theirs.cpu),
            mb_per_s(text.len(), t_theirs.wall),
            t_theirs.cpu.as_secs_f64() / t_ours.cpu.as_secs_f64(),
            t_theirs.wall.as_secs_f64() / t_ours.wall.as_secs_f64(),
            mb_per_s(text.len(), t_parse.cpu),
        );
    }

    small_files();

    println!();
    println!("our derive: enum dispatch (#[hcl(blocks)]) vs plain struct fields (#[hcl(block)])");
    println!("MB/s of HCL text; ratio = fields time / dispatch time (above 1: dispatch is faster)");
    println!(
        "{:>8}  {:>19}  {:>19}  {:>13}",
        "", "struct fields", "enum dispatch", "ratio"
    );
    println!(
        "{:>8}  {:>9} {:>9}  {:>9} {:>9}  {:>6} {:>6}",
        "size", "cpu", "wall", "cpu", "wall", "cpu", "wall"
    );
    for size_mb in [1, 4] {
        let text = corpus::generate(size_mb * MB, 42);
        assert_eq!(
            count_ours(&decode_ours(&text)),
            count_dispatch(&decode_dispatch(&text)),
            "the two shapes decode different things"
        );
        let (t_fields, t_dispatch) = best_times(
            Duration::from_secs(6),
            || drop(black_box(decode_ours(black_box(&text)))),
            || drop(black_box(decode_dispatch(black_box(&text)))),
        );
        println!(
            "{:>5} MB  {:>9.1} {:>9.1}  {:>9.1} {:>9.1}  {:>5.2}x {:>5.2}x",
            size_mb,
            mb_per_s(text.len(), t_fields.cpu),
            mb_per_s(text.len(), t_fields.wall),
            mb_per_s(text.len(), t_dispatch.cpu),
            mb_per_s(text.len(), t_dispatch.wall),
            t_fields.cpu.as_secs_f64() / t_dispatch.cpu.as_secs_f64(),
            t_fields.wall.as_secs_f64() / t_dispatch.wall.as_secs_f64(),
        );
    }
}

/// The corpus cut into small files (as real configurations are: a few KB
/// each), each decoded by its own `from_str` call: what a decoding costs
/// beyond the text (building the decoder's context, the language layer)
/// shows here.
fn small_files() {
    const FILE: usize = 4 << 10;
    let text = corpus::generate(MB, 42);
    // Cut after a top-level block's closing line, once a file is big enough.
    let mut files = Vec::new();
    let mut start = 0;
    for (at, _) in text.match_indices("\n}\n") {
        let end = at + 3;
        if end - start >= FILE {
            files.push(&text[start..end]);
            start = end;
        }
    }
    files.push(&text[start..]);
    let whole = count_ours(&decode_ours(&text));
    let parts: usize = files
        .iter()
        .map(|f| count_ours(&decode_ours(f)).resources)
        .sum();
    assert_eq!(parts, whole.resources, "the cut lost blocks");
    let (t_ours, t_theirs) = best_times(
        Duration::from_secs(6),
        || {
            for f in &files {
                drop(black_box(decode_ours(black_box(f))));
            }
        },
        || {
            for f in &files {
                drop(black_box(decode_theirs(black_box(f))));
            }
        },
    );
    println!();
    println!(
        "the same, as {} files of about {} KB, one from_str call each",
        files.len(),
        FILE >> 10
    );
    println!(
        "{:>5} MB  {:>9.1} {:>9.1}  {:>9.1} {:>9.1}  {:>5.1}x {:>5.1}x  {:>7.1} us/file",
        1,
        mb_per_s(text.len(), t_ours.cpu),
        mb_per_s(text.len(), t_ours.wall),
        mb_per_s(text.len(), t_theirs.cpu),
        mb_per_s(text.len(), t_theirs.wall),
        t_theirs.cpu.as_secs_f64() / t_ours.cpu.as_secs_f64(),
        t_theirs.wall.as_secs_f64() / t_ours.wall.as_secs_f64(),
        t_ours.cpu.as_secs_f64() * 1e6 / files.len() as f64,
    );
}
