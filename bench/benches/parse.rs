//! Parsing throughput of the native syntax against hcl-edit, on the same
//! generated Terraform-style corpus, in the same run; peak memory as a
//! multiple of the input; and time growth from 1 MB to 100 MB in one file.
//!
//! Our parser is measured through both entry points:
//!
//! - "owned": [`parse_config_owned`], given the text as a `Vec<u8>` (as read
//!   from a file), which becomes the parsed file's source without a copy.
//!   The input is made before the clock starts and before the peak is
//!   reset, as for hcl-edit, whose input is borrowed;
//! - "borrowed": [`parse_config`] on `&[u8]`, which copies the text into the
//!   parsed file (the copy is timed, and counted in the peak).
//!
//! The ratio is hcl-edit's time over ours (higher is better for us).
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench parse
//! Set HCL_BENCH_MAX_MB=10 to skip the 100 MB growth step.

use std::hint::black_box;
use std::time::{Duration, Instant};

use hcl_bench::alloc::PeakAlloc;
use hcl_bench::corpus;
use hcl_core::native::{ParseOptions, parse_config, parse_config_owned};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc::new();

const MB: usize = 1 << 20;

/// The best time of several runs of `f` on an input made by `setup` (not
/// timed), each run at least once and the whole measurement at least
/// `budget` long.
fn best_time<T>(budget: Duration, mut setup: impl FnMut() -> T, mut f: impl FnMut(T)) -> Duration {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < 3 || (start.elapsed() < budget && runs < 50) {
        let input = setup();
        let t = Instant::now();
        f(input);
        best = best.min(t.elapsed());
        runs += 1;
    }
    best
}

fn ours_owned(text: Vec<u8>) {
    let (file, diags) = parse_config_owned(text, "bench.hcl", &ParseOptions::default());
    assert!(!diags.has_errors(), "{diags}");
    black_box(file);
}

fn ours_borrowed(text: &str) {
    let (file, diags) = parse_config(text.as_bytes(), "bench.hcl", &ParseOptions::default());
    assert!(!diags.has_errors(), "{diags}");
    black_box(file);
}

fn hcl_edit(text: &str) {
    let body = hcl_edit::parser::parse_body(text).expect("hcl-edit parses the corpus");
    black_box(body);
}

/// The peak heap use of `f` beyond what was in use before it (its input
/// included), as a multiple of `len`.
fn peak_multiple(len: usize, f: impl FnOnce()) -> f64 {
    ALLOC.reset_peak();
    let base = ALLOC.current();
    f();
    (ALLOC.peak() - base) as f64 / len as f64
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
        "{:>6} | {:>10} {:>7} {:>8} | {:>10} {:>7} {:>8} | {:>10} {:>8}",
        "", "owned", "ratio", "peak/in", "borrowed", "ratio", "peak/in", "hcl-edit", "peak/in"
    );
    println!(
        "{:>6} | {:>10} {:>7} {:>8} | {:>10} {:>7} {:>8} | {:>10} {:>8}",
        "size", "MB/s", "", "", "MB/s", "", "", "MB/s", ""
    );
    for size in [MB, 10 * MB] {
        let text = corpus::generate(size, 42);
        let len = text.len();
        let budget = Duration::from_secs(3);
        let t_owned = best_time(budget, || text.clone().into_bytes(), ours_owned);
        let t_borrowed = best_time(budget, || (), |()| ours_borrowed(&text));
        let t_edit = best_time(budget, || (), |()| hcl_edit(&text));
        let input = text.clone().into_bytes();
        let peak_owned = peak_multiple(len, || ours_owned(input));
        let peak_borrowed = peak_multiple(len, || ours_borrowed(&text));
        let peak_edit = peak_multiple(len, || hcl_edit(&text));
        let ratio = |t: Duration| t_edit.as_secs_f64() / t.as_secs_f64();
        println!(
            "{:>4}MB | {:>10.1} {:>6.1}x {:>7.2}x | {:>10.1} {:>6.1}x {:>7.2}x | {:>10.1} {:>7.2}x",
            size / MB,
            mb_per_s(len, t_owned),
            ratio(t_owned),
            peak_owned,
            mb_per_s(len, t_borrowed),
            ratio(t_borrowed),
            peak_borrowed,
            mb_per_s(len, t_edit),
            peak_edit
        );
    }

    println!("\ngrowth of our parse time with file size (linear means constant MB/s)");
    println!(
        "{:>6} {:>9} {:>10} {:>8} | {:>9} {:>10} {:>8}",
        "size", "owned", "MB/s", "peak/in", "borrowed", "MB/s", "peak/in"
    );
    let mut size = MB;
    while size <= max_mb * MB {
        let text = corpus::generate(size, 42);
        let len = text.len();
        let budget = Duration::from_secs(2);
        let t_owned = best_time(budget, || text.clone().into_bytes(), ours_owned);
        let t_borrowed = best_time(budget, || (), |()| ours_borrowed(&text));
        let input = text.clone().into_bytes();
        let peak_owned = peak_multiple(len, || ours_owned(input));
        let peak_borrowed = peak_multiple(len, || ours_borrowed(&text));
        println!(
            "{:>4}MB {:>8.3}s {:>10.1} {:>7.2}x | {:>8.3}s {:>10.1} {:>7.2}x",
            size / MB,
            t_owned.as_secs_f64(),
            mb_per_s(len, t_owned),
            peak_owned,
            t_borrowed.as_secs_f64(),
            mb_per_s(len, t_borrowed),
            peak_borrowed,
        );
        size *= 10;
    }
}
