//! Parses the generated corpus repeatedly, for profilers (perf, callgrind).
//! Run: cargo run --release --manifest-path bench/Cargo.toml --example profile_parse -- [MB] [runs]
//!
//! With `STATS=1`, also prints the size of each arena of the tree (items,
//! capacity, bytes per input byte) and how many nodes of each kind there
//! are: the densities the parser presizes its arenas with come from here.

use std::collections::BTreeMap;
use std::time::Instant;

use hcl_bench::corpus;
use hcl_core::native::{ParseOptions, ParsedFile, parse_config};

fn main() {
    let mut args = std::env::args().skip(1);
    let mb: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let text = corpus::generate(mb << 20, 42);
    let mut best = f64::MAX;
    for _ in 0..runs {
        let t = Instant::now();
        let (file, diags) = parse_config(text.as_bytes(), "bench.hcl", &ParseOptions::default());
        assert!(!diags.has_errors(), "{diags}");
        std::hint::black_box(file);
        best = best.min(t.elapsed().as_secs_f64());
    }
    if runs > 0 {
        println!("{mb} MB: best {:.1} MB/s", mb as f64 / best);
    }
    if std::env::var_os("STATS").is_some() {
        let (file, _) = parse_config(text.as_bytes(), "bench.hcl", &ParseOptions::default());
        stats(&file, text.len());
    }
}

/// One arena: its name, length, capacity and item size.
fn arena<T>(name: &str, v: &[T], capacity: usize, input: usize) {
    let size = std::mem::size_of::<T>();
    println!(
        "{name:12} len {:9} cap {capacity:9} item {size:3}B  bytes/in {:.3} (cap {:.3})",
        v.len(),
        std::mem::size_of_val(v) as f64 / input as f64,
        (capacity * size) as f64 / input as f64,
    );
}

fn stats(file: &ParsedFile, input: usize) {
    let a = file.ast();
    arena("exprs", &a.exprs, a.exprs.capacity(), input);
    arena("expr_lists", &a.expr_lists, a.expr_lists.capacity(), input);
    arena("steps", &a.steps, a.steps.capacity(), input);
    arena("fors", &a.fors, a.fors.capacity(), input);
    arena("calls", &a.calls, a.calls.capacity(), input);
    arena("numbers", &a.numbers, a.numbers.capacity(), input);
    arena("strings", &a.strings, a.strings.capacity(), input);
    arena("bodies", &a.bodies, a.bodies.capacity(), input);
    arena("attributes", &a.attributes, a.attributes.capacity(), input);
    arena("blocks", &a.blocks, a.blocks.capacity(), input);
    arena("labels", &a.labels, a.labels.capacity(), input);
    println!("lines {}", file.source().line_count());
    let mut kinds = BTreeMap::<String, usize>::new();
    for e in &a.exprs {
        let d = format!("{:?}", e.kind);
        let name = d.split(['(', ' ', '{']).next().unwrap_or("").to_owned();
        *kinds.entry(name).or_default() += 1;
    }
    for (k, v) in kinds {
        println!("  {k:20} {v}");
    }
    let mut steps = BTreeMap::<String, usize>::new();
    for s in &a.steps {
        let d = format!("{s:?}");
        let name = d.split(['(', ' ', '{']).next().unwrap_or("").to_owned();
        *steps.entry(name).or_default() += 1;
    }
    println!("steps {steps:?}");
}
