//! Parses the generated corpus repeatedly, for profilers (perf, callgrind).
//! Run: cargo run --release --manifest-path bench/Cargo.toml --example profile_parse -- [MB] [runs]

use std::time::Instant;

use hcl_bench::corpus;
use hcl_core::native::{ParseOptions, parse_config};

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
    println!("{mb} MB: best {:.1} MB/s", mb as f64 / best);
    if std::env::var_os("STATS").is_some() {
        let (file, _) = parse_config(text.as_bytes(), "bench.hcl", &ParseOptions::default());
        let a = file.ast();
        let n = text.len() as f64;
        macro_rules! s {
            ($f:ident) => {
                println!(
                    "{:12} len {:9} cap {:9} elem {:3}B  bytes/in {:.3} (cap {:.3})",
                    stringify!($f),
                    a.$f.len(),
                    a.$f.capacity(),
                    std::mem::size_of_val(&a.$f[..]).checked_div(a.$f.len()).unwrap_or(0),
                    (a.$f.len() * std::mem::size_of_val(&a.$f[..]).checked_div(a.$f.len()).unwrap_or(0)) as f64 / n,
                    (a.$f.capacity() * std::mem::size_of_val(&a.$f[..]).checked_div(a.$f.len()).unwrap_or(0)) as f64 / n,
                )
            };
        }
        s!(exprs);
        s!(expr_lists);
        s!(steps);
        s!(fors);
        s!(numbers);
        s!(strings);
        s!(bodies);
        s!(attributes);
        s!(blocks);
        s!(labels);
        println!("lines {}", file.source().line_count());
        let mut kinds = std::collections::BTreeMap::<String, usize>::new();
        for e in &a.exprs {
            let d = format!("{:?}", e.kind);
            let name = d.split(['(', ' ', '{']).next().unwrap_or("").to_owned();
            *kinds.entry(name).or_default() += 1;
        }
        for (k, v) in kinds {
            println!("  {k:20} {v}");
        }
        let mut steps = std::collections::BTreeMap::<String, usize>::new();
        for s in &a.steps {
            let d = format!("{s:?}");
            let name = d.split(['(', ' ', '{']).next().unwrap_or("").to_owned();
            *steps.entry(name).or_default() += 1;
        }
        println!("{steps:?}");
    }
}

#[allow(dead_code)]
fn stats() {}
