//! Parsing throughput of the native syntax against hcl-edit, on the same
//! generated Terraform-style corpus, in the same run; peak memory as a
//! multiple of the input; and time growth from 1 MB to 100 MB in one file.
//!
//! Our parser is measured through both entry points:
//!
//! - "owned": [`parse_config_owned`], given the text as a `Vec<u8>` (as read
//!   from a file), which becomes the parsed file's source without a copy.
//!   The input is made before the clock starts and before the peak is
//!   reset, as hcl-edit's input (borrowed) is;
//! - "borrowed": [`parse_config`] on `&[u8]`, which copies the text into the
//!   parsed file (the copy is timed, and counted in the peak).
//!
//! Page faults are a large part of the time of both parsers, so the state
//! of the allocator matters, and it depends on what ran before (glibc
//! keeps freed memory for reuse after some allocation patterns, hcl-edit's
//! among them, and not after others). Both states are measured, each the
//! same for every parser and size:
//!
//! - cold: before each run, the allocator returns its free memory to the
//!   operating system (`malloc_trim`), so every run faults its memory in,
//!   as a one-shot parse in a fresh process does;
//! - warm: freed memory is kept (no trimming, no separate mappings for
//!   large blocks), so runs after the first reuse memory already faulted
//!   in, as in a long-running process.
//!
//! Each parser runs several times; the best run counts. Two clocks are
//! reported: wall time, and the thread's CPU time (user and system, so
//! page faults count), which other load on the machine does not inflate
//! (on a quiet machine the two agree). The ratio is hcl-edit's time over
//! ours.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench parse
//! Set HCL_BENCH_MAX_MB=10 to skip the 100 MB growth step.

use std::hint::black_box;
use std::time::{Duration, Instant};

use hcl_bench::clock::thread_cpu_time;

use hcl_bench::alloc::PeakAlloc;
use hcl_bench::corpus;
use hcl_core::native::{ParseOptions, parse_config, parse_config_owned};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc::new();

const MB: usize = 1 << 20;

/// The allocator state runs start in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Memory {
    Cold,
    Warm,
}

impl Memory {
    /// Switches glibc's allocator to this state (see the module docs).
    #[allow(unsafe_code)]
    fn set(self) {
        // SAFETY: mallopt only changes allocator parameters.
        let ok = unsafe {
            match self {
                Memory::Cold => {
                    libc::mallopt(libc::M_MMAP_MAX, 65536)
                        & libc::mallopt(libc::M_TRIM_THRESHOLD, 128 * 1024)
                }
                Memory::Warm => {
                    libc::mallopt(libc::M_MMAP_MAX, 0) & libc::mallopt(libc::M_TRIM_THRESHOLD, -1)
                }
            }
        };
        assert_eq!(ok, 1, "mallopt");
    }

    /// Prepares the allocator for the next run.
    #[allow(unsafe_code)]
    fn before_run(self) {
        if self == Memory::Cold {
            // SAFETY: malloc_trim only returns free memory to the system.
            unsafe { libc::malloc_trim(0) };
        }
    }

    fn name(self) -> &'static str {
        match self {
            Memory::Cold => "cold",
            Memory::Warm => "warm",
        }
    }
}

/// The best wall and CPU times of a measurement.
#[derive(Clone, Copy, Debug)]
struct Times {
    wall: Duration,
    cpu: Duration,
}

/// The best times of several runs of `f` on an input made by `setup` (not
/// timed), each run at least three times and the whole measurement at
/// least `budget` long (at most 50 runs).
fn best_time<T>(
    memory: Memory,
    budget: Duration,
    mut setup: impl FnMut() -> T,
    mut f: impl FnMut(T),
) -> Times {
    let start = Instant::now();
    let mut best = Times {
        wall: Duration::MAX,
        cpu: Duration::MAX,
    };
    let mut runs = 0;
    while runs < 3 || (start.elapsed() < budget && runs < 50) {
        let input = setup();
        memory.before_run();
        let cpu = thread_cpu_time();
        let t = Instant::now();
        f(input);
        best.wall = best.wall.min(t.elapsed());
        best.cpu = best.cpu.min(thread_cpu_time().saturating_sub(cpu));
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
    for memory in [Memory::Cold, Memory::Warm] {
        memory.set();
        println!("\nmemory {}", memory.name());
        println!(
            "{:>5}  {:<16} {:>10} {:>10} {:>11} {:>11} {:>8}",
            "size", "parser", "wall MB/s", "cpu MB/s", "ratio wall", "ratio cpu", "peak/in"
        );
        for size in [MB, 10 * MB] {
            let text = corpus::generate(size, 42);
            let len = text.len();
            let budget = Duration::from_secs(3);
            let owned = best_time(memory, budget, || text.clone().into_bytes(), ours_owned);
            let borrowed = best_time(memory, budget, || (), |()| ours_borrowed(&text));
            let edit = best_time(memory, budget, || (), |()| hcl_edit(&text));
            let input = text.clone().into_bytes();
            let rows = [
                (
                    "ours (owned)",
                    owned,
                    peak_multiple(len, || ours_owned(input)),
                ),
                (
                    "ours (borrowed)",
                    borrowed,
                    peak_multiple(len, || ours_borrowed(&text)),
                ),
                ("hcl-edit", edit, peak_multiple(len, || hcl_edit(&text))),
            ];
            for (name, t, peak) in rows {
                println!(
                    "{:>3}MB  {:<16} {:>10.1} {:>10.1} {:>10.1}x {:>10.1}x {:>7.2}x",
                    size / MB,
                    name,
                    mb_per_s(len, t.wall),
                    mb_per_s(len, t.cpu),
                    edit.wall.as_secs_f64() / t.wall.as_secs_f64(),
                    edit.cpu.as_secs_f64() / t.cpu.as_secs_f64(),
                    peak
                );
            }
        }
    }

    println!("\ngrowth of our parse time with file size (linear means constant MB/s)");
    println!(
        "{:>5}  {:<16} {:>10} {:>10} {:>10} {:>10} {:>8}",
        "size", "parser", "cold wall", "cold cpu", "warm wall", "warm cpu", "peak/in"
    );
    println!(
        "{:>5}  {:<16} {:>10} {:>10} {:>10} {:>10}",
        "", "", "s", "MB/s", "s", "MB/s"
    );
    let mut size = MB;
    while size <= max_mb * MB {
        let text = corpus::generate(size, 42);
        let len = text.len();
        let budget = Duration::from_secs(2);
        let mut times = Vec::new();
        for memory in [Memory::Cold, Memory::Warm] {
            memory.set();
            let owned = best_time(memory, budget, || text.clone().into_bytes(), ours_owned);
            let borrowed = best_time(memory, budget, || (), |()| ours_borrowed(&text));
            times.push((owned, borrowed));
        }
        Memory::Cold.set();
        let input = text.clone().into_bytes();
        let peaks = [
            peak_multiple(len, || ours_owned(input)),
            peak_multiple(len, || ours_borrowed(&text)),
        ];
        for (i, name) in ["ours (owned)", "ours (borrowed)"].into_iter().enumerate() {
            let pick = |(o, b): (Times, Times)| if i == 0 { o } else { b };
            let (cold, warm) = (pick(times[0]), pick(times[1]));
            println!(
                "{:>3}MB  {:<16} {:>9.3}s {:>10.1} {:>9.3}s {:>10.1} {:>7.2}x",
                size / MB,
                name,
                cold.wall.as_secs_f64(),
                mb_per_s(len, cold.cpu),
                warm.wall.as_secs_f64(),
                mb_per_s(len, warm.cpu),
                peaks[i]
            );
        }
        size *= 10;
    }
}
