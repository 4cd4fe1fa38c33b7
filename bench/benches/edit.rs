//! Lossless parsing (and parse + print) of the generated Terraform-style
//! corpus by our editable document (`hcl_core::edit::Document`) and by the
//! `hcl-edit` crate, in the same run, with the peak heap use of each as a
//! multiple of the input. Ours must print the corpus back byte for byte
//! (checked before timing); where hcl-edit does not, the first difference is
//! shown.
//!
//! Each measurement runs several times and the best run counts; two clocks
//! are reported, wall time and this thread's CPU time (which other load on
//! the machine does not inflate). The ratio is hcl-edit's time over ours.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench edit

use std::hint::black_box;
use std::time::{Duration, Instant};

use hcl_bench::clock::thread_cpu_time;

use hcl_bench::alloc::PeakAlloc;
use hcl_bench::corpus;
use hcl_core::edit::Document;

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc::new();

const MB: usize = 1 << 20;

#[derive(Clone, Copy)]
struct Times {
    wall: Duration,
    cpu: Duration,
}

/// The best times of at least three runs of `f`, for at least `budget`
/// (at most 30 runs).
fn best_time(budget: Duration, mut f: impl FnMut()) -> Times {
    let start = Instant::now();
    let mut best = Times {
        wall: Duration::MAX,
        cpu: Duration::MAX,
    };
    let mut runs = 0;
    while runs < 3 || (start.elapsed() < budget && runs < 30) {
        let cpu = thread_cpu_time();
        let t = Instant::now();
        f();
        best.wall = best.wall.min(t.elapsed());
        best.cpu = best.cpu.min(thread_cpu_time().saturating_sub(cpu));
        runs += 1;
    }
    best
}

/// The peak heap use of `f` beyond what was in use before it, as a
/// multiple of `len`.
fn peak_multiple(len: usize, f: impl FnOnce()) -> f64 {
    ALLOC.reset_peak();
    let base = ALLOC.current();
    f();
    (ALLOC.peak() - base) as f64 / len as f64
}

fn ours_parse(text: &str) {
    black_box(Document::parse(text, "bench.hcl").expect("ours parses the corpus"));
}

fn ours_round_trip(text: &str) {
    let doc = Document::parse(text, "bench.hcl").expect("ours parses the corpus");
    black_box(doc.to_string());
}

fn edit_parse(text: &str) {
    black_box(hcl_edit::parser::parse_body(text).expect("hcl-edit parses the corpus"));
}

fn edit_round_trip(text: &str) {
    let body = hcl_edit::parser::parse_body(text).expect("hcl-edit parses the corpus");
    black_box(body.to_string());
}

fn mb_per_s(bytes: usize, d: Duration) -> f64 {
    bytes as f64 / MB as f64 / d.as_secs_f64()
}

fn main() {
    println!("lossless parse of the generated Terraform-style corpus");
    println!(
        "{:>5}  {:<22} {:>10} {:>10} {:>11} {:>11} {:>8}",
        "size", "what", "wall MB/s", "cpu MB/s", "ratio wall", "ratio cpu", "peak/in"
    );
    for size in [MB, 10 * MB] {
        let text = corpus::generate(size, 42);
        let len = text.len();
        let ours = Document::parse(&text, "bench.hcl").expect("ours parses the corpus");
        assert_eq!(ours.to_string(), text, "ours is not lossless");
        drop(ours);
        let theirs = hcl_edit::parser::parse_body(&text).expect("hcl-edit parses the corpus");
        let printed = theirs.to_string();
        if printed != text {
            let at = printed
                .bytes()
                .zip(text.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(printed.len().min(text.len()));
            let from = at.saturating_sub(40);
            println!(
                "note: hcl-edit's printing differs from the input at byte {at}: {:?} instead of {:?}",
                printed.get(from..at + 40).unwrap_or(""),
                text.get(from..at + 40).unwrap_or("")
            );
        }
        drop(theirs);
        let budget = Duration::from_secs(3);
        type Run = fn(&str);
        let pairs: [(&str, Run, Run); 2] = [
            ("parse", ours_parse, edit_parse),
            ("parse + print", ours_round_trip, edit_round_trip),
        ];
        for (what, ours, theirs) in pairs {
            let o = best_time(budget, || ours(&text));
            let t = best_time(budget, || theirs(&text));
            let rows = [
                (
                    format!("ours {what}"),
                    o,
                    peak_multiple(len, || ours(&text)),
                ),
                (
                    format!("hcl-edit {what}"),
                    t,
                    peak_multiple(len, || theirs(&text)),
                ),
            ];
            for (name, times, peak) in rows {
                println!(
                    "{:>3}MB  {:<22} {:>10.1} {:>10.1} {:>10.1}x {:>10.1}x {:>7.2}x",
                    size / MB,
                    name,
                    mb_per_s(len, times.wall),
                    mb_per_s(len, times.cpu),
                    t.wall.as_secs_f64() / times.wall.as_secs_f64(),
                    t.cpu.as_secs_f64() / times.cpu.as_secs_f64(),
                    peak
                );
            }
        }
    }
}
