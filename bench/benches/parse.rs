//! Parsing throughput of the native syntax against hcl-edit, on the same
//! generated Terraform-style corpus, in the same run; peak memory as a
//! multiple of the input; and time growth from 1 MB to 100 MB in one file.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench parse
//! Set HCL_BENCH_MAX_MB=10 to skip the 100 MB growth step.

use std::hint::black_box;
use std::time::{Duration, Instant};

use hcl_bench::alloc::PeakAlloc;
use hcl_bench::corpus;
use hcl_core::native::{ParseOptions, parse_config};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc::new();

const MB: usize = 1 << 20;

/// The best time of several runs of `f`, each run at least once and the
/// whole measurement at least `budget` long.
fn best_time(budget: Duration, mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < 3 || (start.elapsed() < budget && runs < 50) {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
        runs += 1;
    }
    best
}

fn ours(text: &str) {
    let (file, diags) = parse_config(text.as_bytes(), "bench.hcl", &ParseOptions::default());
    assert!(!diags.has_errors(), "{diags}");
    black_box(file);
}

fn hcl_edit(text: &str) {
    let body = hcl_edit::parser::parse_body(text).expect("hcl-edit parses the corpus");
    black_box(body);
}

fn peak_multiple(text: &str, f: fn(&str)) -> f64 {
    ALLOC.reset_peak();
    let base = ALLOC.current();
    f(text);
    (ALLOC.peak() - base) as f64 / text.len() as f64
}

fn mb_per_s(bytes: usize, d: Duration) -> f64 {
    bytes as f64 / MB as f64 / d.as_secs_f64()
}

fn main() {
    // `cargo bench` passes --bench; a plain `cargo test --benches` passes nothing.
    let max_mb: usize = std::env::var("HCL_BENCH_MAX_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);

    println!("native syntax parse, generated Terraform-style corpus");
    println!(
        "{:>6} {:>12} {:>12} {:>8} {:>14} {:>14}",
        "size", "ours MB/s", "hcl-edit MB/s", "ratio", "ours peak/in", "edit peak/in"
    );
    for size in [MB, 10 * MB] {
        let text = corpus::generate(size, 42);
        let t_ours = best_time(Duration::from_secs(3), || ours(&text));
        let t_edit = best_time(Duration::from_secs(3), || hcl_edit(&text));
        let peak_ours = peak_multiple(&text, ours);
        let peak_edit = peak_multiple(&text, hcl_edit);
        println!(
            "{:>4}MB {:>12.1} {:>12.1} {:>7.1}x {:>13.2}x {:>13.2}x",
            size / MB,
            mb_per_s(text.len(), t_ours),
            mb_per_s(text.len(), t_edit),
            t_edit.as_secs_f64() / t_ours.as_secs_f64(),
            peak_ours,
            peak_edit
        );
    }

    println!("\ngrowth of our parse time with file size (linear means constant MB/s)");
    let mut size = MB;
    while size <= max_mb * MB {
        let text = corpus::generate(size, 42);
        let t = best_time(Duration::from_secs(2), || ours(&text));
        println!(
            "{:>4}MB {:>10.3}s {:>8.1} MB/s  peak {:.2}x input",
            size / MB,
            t.as_secs_f64(),
            mb_per_s(text.len(), t),
            peak_multiple(&text, ours)
        );
        size *= 10;
    }
}
