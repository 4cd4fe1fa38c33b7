//! The function library, family by family, against go-cty's
//! `function/stdlib` (and Go versions of the Terraform functions cty
//! lacks: `go/ctyfuncs`) on the same calls (`data/function-calls.txt`), in
//! the same run.
//!
//! Each call is parsed once; a round evaluates every call of a family.
//! Rounds repeat for 200 ms of CPU time, five trials; the best time per
//! call counts. The two sides are interleaved: in each trial, family by
//! family, ours runs, then Go's (`go/funcbench`, a process built here in
//! GOPATH mode from Debian's Go packages, which serves one family per
//! request), so that a change in the machine's load affects both alike.
//! Both are timed by CPU time: this thread's for ours, the Go process's
//! (all its threads: the garbage collector's work counts) for Go's. When
//! Go is missing only our figures are printed. The ratio is Go's time
//! over ours.
//!
//! Where a cache makes the comparison unequal, the family is marked:
//! `regex` (and `replace` with a `/.../` pattern) reuses compiled patterns
//! across calls on our side (a process-wide cache,
//! `hcl-functions/src/regex.rs`), while go-cty compiles the pattern on
//! every call; so that family's ratio measures the cache as much as the
//! matching.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench functions

use std::collections::BTreeMap;
use std::hint::black_box;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use hcl_bench::clock::thread_cpu_time;
use hcl_bench::go::GoProgram;
use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
use hcl_core::{EvalContext, Expression, Pos};

/// The families whose comparison a cache on our side makes unequal (see
/// the module docs).
const CACHED: &[&str] = &["regex"];

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

    let program = GoProgram::build("funcbench");
    let mut go = program
        .as_ref()
        .and_then(|program| GoPeer::start(program, &data));
    let mut ours: BTreeMap<String, f64> = BTreeMap::new();
    let mut theirs: BTreeMap<String, f64> = BTreeMap::new();
    for _ in 0..5 {
        for (name, exprs) in &families {
            let ns = time_family(exprs, &ctx);
            let best = ours.entry(name.clone()).or_insert(f64::INFINITY);
            *best = best.min(ns);
            if let Some(ns) = go.as_mut().and_then(|peer| peer.time_family(name)) {
                let best = theirs.entry(name.clone()).or_insert(f64::INFINITY);
                *best = best.min(ns);
            }
        }
    }

    println!(
        "{:<12} {:>6} {:>12} {:>12} {:>8}",
        "family", "calls", "ours ns", "go ns", "go/ours"
    );
    for (name, ns) in &ours {
        let calls = families[name].len();
        let mark = if CACHED.contains(&name.as_str()) {
            "  (cache: see below)"
        } else {
            ""
        };
        match theirs.get(name) {
            Some(go_ns) => println!(
                "{name:<12} {calls:>6} {ns:>12.0} {go_ns:>12.0} {:>7.1}x{mark}",
                go_ns / ns
            ),
            None => println!(
                "{name:<12} {calls:>6} {ns:>12.0} {:>12} {:>8}{mark}",
                "-", "-"
            ),
        }
    }
    println!(
        "\nCPU time per call, best of five interleaved trials of 200 ms each.\n\
         Unequal: {}: ours reuses compiled patterns across calls (a process-wide cache),\n\
         go-cty compiles the pattern on every call.",
        CACHED.join(", ")
    );
}

/// The best CPU time per call, in nanoseconds, of one trial: rounds of
/// every call of the family for 200 ms of this thread's CPU time.
fn time_family(exprs: &[NativeExpression], ctx: &EvalContext) -> f64 {
    let start = thread_cpu_time();
    let mut rounds = 0u64;
    while thread_cpu_time() - start < Duration::from_millis(200) {
        for e in exprs {
            black_box(e.value(ctx));
        }
        rounds += 1;
    }
    (thread_cpu_time() - start).as_nanos() as f64 / (rounds as f64 * exprs.len() as f64)
}

/// The Go peer process, serving one family per request.
struct GoPeer {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl GoPeer {
    /// Starts the peer on the calls file; `None` when it fails to load them.
    fn start(program: &GoProgram, data: &Path) -> Option<GoPeer> {
        let mut child = Command::new(program.binary())
            .arg(data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let mut output = BufReader::new(child.stdout.take()?);
        let mut line = String::new();
        output.read_line(&mut line).ok()?;
        if line.trim() != "ready" {
            eprintln!("Go's peer failed to load the calls");
            return None;
        }
        Some(GoPeer {
            child,
            input,
            output,
        })
    }

    /// One trial of `family` in Go: nanoseconds per call.
    fn time_family(&mut self, family: &str) -> Option<f64> {
        writeln!(self.input, "{family}").ok()?;
        self.input.flush().ok()?;
        let mut line = String::new();
        self.output.read_line(&mut line).ok()?;
        line.split('\t').nth(1)?.parse().ok()
    }
}

impl Drop for GoPeer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
