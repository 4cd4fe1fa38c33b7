//! Parses the generated corpus repeatedly, for profilers (perf, callgrind).
//! Run: cargo run --release --manifest-path bench/Cargo.toml --example profile_parse -- [MB] [runs]
//!
//! With `STATS=1`, also prints the size of each arena of the tree (items,
//! capacity, bytes per input byte) and how many nodes of each kind there
//! are ([`ParsedFile::arena_report`]): the densities the parser presizes its
//! arenas with come from here.

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
        stats(&file);
    }
}

fn stats(file: &ParsedFile) {
    print!("{}", file.arena_report());
}
