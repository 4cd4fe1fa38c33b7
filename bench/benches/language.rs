//! The configuration language layer at scale, each at two sizes to show
//! linearity: locals in one dependency chain, many variables, a dynamic
//! block expanding many times.
//!
//! For each size: the best wall time and thread CPU time of three runs
//! (the CPU time is what other load on the machine does not inflate), and
//! per item (local, variable, expanded block) the heap allocations and the
//! peak heap use of one run. Linear work shows as a constant per-item time
//! and allocation count from one size to the other.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench language
//! Set HCL_BENCH_ONLY=locals|variables|dynamic to run one of the three,
//! and HCL_BENCH_SIZES=a,b to choose the sizes (default: 5000,10000 for
//! locals and variables, 50000,100000 for dynamic blocks).

use std::time::Instant;

use hcl_bench::clock::thread_cpu_time;

use hcl_bench::alloc::PeakAlloc;
use hcl_decode::prelude::*;
use hcl_decode::{BodyHandle, Decoder};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc::new();

#[derive(HclBody)]
struct Chain {
    last: u64,
}

#[derive(HclBody)]
struct Rest {
    #[hcl(remain)]
    _rest: BodyHandle,
}

#[derive(HclBody)]
struct Item {
    v: u64,
}

#[derive(HclBody)]
struct Items {
    #[hcl(block)]
    item: Vec<Item>,
}

/// Runs `f` three times; prints the best wall and CPU times, and the
/// allocations and peak heap of one run, per item.
fn measure(what: &str, n: usize, mut f: impl FnMut()) {
    let (mut wall, mut cpu) = (f64::MAX, f64::MAX);
    let mut allocations = 0;
    let mut peak = 0;
    for _ in 0..3 {
        ALLOC.reset_peak();
        let base = ALLOC.current();
        let count = ALLOC.allocations();
        let c = thread_cpu_time();
        let t = Instant::now();
        f();
        wall = wall.min(t.elapsed().as_secs_f64() * 1e3);
        cpu = cpu.min(thread_cpu_time().saturating_sub(c).as_secs_f64() * 1e3);
        allocations = ALLOC.allocations() - count;
        peak = ALLOC.peak() - base;
    }
    println!(
        "{what:<15} {n:>7}: {wall:>9.1} ms wall {cpu:>9.1} ms cpu {:>8.2} us/item {:>8.1} allocs/item {:>8.0} peak bytes/item",
        cpu * 1e3 / n as f64,
        allocations as f64 / n as f64,
        peak as f64 / n as f64,
    );
}

fn sizes(default: [usize; 2]) -> Vec<usize> {
    std::env::var("HCL_BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| default.to_vec())
}

fn main() {
    let only = std::env::var("HCL_BENCH_ONLY").ok();
    let run = |name: &str| only.as_deref().is_none_or(|o| o == name);
    let d = Decoder::new().variable_blocks().locals();
    if run("locals") {
        for n in sizes([5_000, 10_000]) {
            let mut src = String::from("locals {\n  l0 = 0\n");
            for i in 1..n {
                src.push_str(&format!("  l{i} = local.l{} + 1\n", i - 1));
            }
            src.push_str(&format!("}}\nlast = local.l{}\n", n - 1));
            measure("locals chain", n, || {
                let c: Chain = d.decode_str(&src, "chain.hcl").unwrap();
                assert_eq!(c.last, n as u64 - 1);
            });
        }
    }
    if run("variables") {
        for n in sizes([5_000, 10_000]) {
            let mut src = String::new();
            for i in 0..n {
                src.push_str(&format!(
                    "variable \"v{i}\" {{\n  type = number\n  default = {i}\n}}\n"
                ));
            }
            measure("variables", n, || {
                let _: Rest = d.decode_str(&src, "vars.hcl").unwrap();
            });
        }
    }
    if run("dynamic") {
        for n in sizes([50_000, 100_000]) {
            let src = format!(
                "dynamic \"item\" {{\n  for_each = range({n})\n  content {{\n    v = item.value\n  }}\n}}\n"
            );
            let range = hcl_core::Function::builder()
                .params([hcl_core::Parameter::new("n", hcl_core::Type::Number)])
                .return_type(|_| Ok(hcl_core::Type::Dynamic))
                .build(|args, _| {
                    let n: i64 = args[0].as_number().unwrap().to_string().parse().unwrap();
                    Ok(hcl_core::Value::tuple((0..n).map(hcl_core::Value::number)))
                });
            let d = Decoder::new().function("range", range);
            measure("dynamic blocks", n, || {
                let items: Items = d.decode_str(&src, "dyn.hcl").unwrap();
                assert_eq!(items.item.len(), n);
                assert_eq!(items.item.last().map(|i| i.v), Some(n as u64 - 1));
            });
        }
    }
}
