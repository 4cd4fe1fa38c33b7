//! The function library, family by family, against go-cty's
//! `function/stdlib` (and Go versions of the Terraform functions cty
//! lacks) on the same calls (`data/function-calls.txt`), in the same run.
//!
//! Each call is parsed once; a round evaluates every call of a family.
//! Rounds repeat for 200 ms, five times; the best time per call counts, for
//! us and, in the same run, for Go (`go/funcbench`, built here in GOPATH
//! mode from Debian's Go packages; when Go is missing only our figures are
//! printed). The ratio is Go's time over ours.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench functions

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
use hcl_core::{EvalContext, Expression, Pos};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = root.join("data/function-calls.txt");
    let text = std::fs::read_to_string(&data).expect("read the calls");
    let mut ctx = EvalContext::new();
    hcl_functions::Library::pure()
        .install(&mut ctx)
        .expect("install the library");

    let mut families: BTreeMap<String, Vec<NativeExpression>> = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (family, source) = line.split_once('\t').expect("FAMILY<TAB>EXPR");
        let (file, id, diags) = parse_expression(
            source.as_bytes(),
            "bench",
            Pos::start(),
            &ParseOptions::default(),
        );
        assert!(!diags.has_errors(), "{source}: {diags:?}");
        let expr = NativeExpression::new(Arc::clone(&file), id);
        let (_, diags) = expr.value(&ctx);
        assert!(!diags.has_errors(), "{source}: {diags:?}");
        families.entry(family.to_owned()).or_default().push(expr);
    }

    let ours: BTreeMap<String, f64> = families
        .iter()
        .map(|(name, exprs)| (name.clone(), time_family(exprs, &ctx)))
        .collect();
    let go = run_go(root, &data);

    println!(
        "{:<12} {:>6} {:>12} {:>12} {:>8}",
        "family", "calls", "ours ns", "go ns", "go/ours"
    );
    for (name, ns) in &ours {
        let calls = families[name].len();
        match go.get(name) {
            Some(go_ns) => println!(
                "{name:<12} {calls:>6} {ns:>12.0} {go_ns:>12.0} {:>7.1}x",
                go_ns / ns
            ),
            None => println!("{name:<12} {calls:>6} {ns:>12.0} {:>12} {:>8}", "-", "-"),
        }
    }
}

/// The best time per call, in nanoseconds, over five trials of 200 ms.
fn time_family(exprs: &[NativeExpression], ctx: &EvalContext) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let start = Instant::now();
        let mut rounds = 0u64;
        while start.elapsed() < Duration::from_millis(200) {
            for e in exprs {
                black_box(e.value(ctx));
            }
            rounds += 1;
        }
        let per = start.elapsed().as_nanos() as f64 / (rounds as f64 * exprs.len() as f64);
        best = best.min(per);
    }
    best
}

/// Go's figures by family, or nothing when Go cannot be built here.
fn run_go(root: &Path, data: &Path) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    let gopath = std::env::temp_dir().join(format!("hcl-funcbench-{}", std::process::id()));
    let src = gopath.join("src/funcbench");
    let binary = gopath.join("funcbench");
    let built = std::fs::create_dir_all(&src).is_ok()
        && std::fs::copy(root.join("go/funcbench/main.go"), src.join("main.go")).is_ok()
        && Command::new("go")
            .args(["build", "-o"])
            .arg(&binary)
            .arg("funcbench")
            .current_dir(&src)
            .env("GOPATH", format!("{}:/usr/share/gocode", gopath.display()))
            .env("GO111MODULE", "off")
            .status()
            .is_ok_and(|s| s.success());
    if !built {
        eprintln!("Go's peer could not be built (is golang-go installed?): ours only");
        return out;
    }
    match Command::new(&binary).arg(data).output() {
        Ok(result) if result.status.success() => {
            for line in String::from_utf8_lossy(&result.stdout).lines() {
                let mut parts = line.split('\t');
                if let (Some(name), Some(ns)) = (parts.next(), parts.next())
                    && let Ok(ns) = ns.parse::<f64>()
                {
                    out.insert(name.to_owned(), ns);
                }
            }
        }
        Ok(result) => eprintln!(
            "Go's peer failed: {}",
            String::from_utf8_lossy(&result.stderr)
        ),
        Err(e) => eprintln!("Go's peer could not run: {e}"),
    }
    let _ = std::fs::remove_dir_all(&gopath);
    out
}
