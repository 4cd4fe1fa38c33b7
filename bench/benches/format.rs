//! Formatting throughput and peak memory: ours (`hcl_core::format::format`)
//! against Go's `hclfmt` (built here from Debian's
//! golang-github-hashicorp-hcl-v2-dev, `cmd/hclfmt`, in GOPATH mode), on
//! the same generated 10 MB Terraform-style corpus, in the same run.
//!
//! Both are measured the same way, as a process: the file is given as an
//! argument, the output goes to a file, and the parent takes the child's
//! wall time, CPU time (user + system) and peak resident set (`wait4`'s
//! rusage). Ours runs as this benchmark's own binary re-executed in a
//! driver mode (read the file, format, write it out), so the two differ
//! only in the formatter. Each is also run on an empty file: that is the
//! startup (process, runtime, reading nothing), reported on its own and
//! subtracted from the wall time for the "formatting" figures. The best
//! of five runs counts; the outputs of the two are compared (they must be
//! byte-identical, or the comparison would be of different work).
//!
//! Ours is also timed in-process (best of five, no process around it),
//! with the peak heap beyond the input from a counting allocator.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench format
//! Set HCL_BENCH_FORMAT_MB to change the corpus size (default 10).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hcl_bench::alloc::PeakAlloc;
use hcl_bench::corpus;

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc::new();

const MB: usize = 1 << 20;

/// The environment variable that makes this binary a formatting driver.
const DRIVER: &str = "HCL_BENCH_FORMAT_DRIVER";

/// What a child process used.
#[derive(Clone, Copy, Debug)]
struct Usage {
    wall: Duration,
    cpu: Duration,
    max_rss_kb: i64,
}

impl Usage {
    fn best(self, other: Usage) -> Usage {
        Usage {
            wall: self.wall.min(other.wall),
            cpu: self.cpu.min(other.cpu),
            max_rss_kb: self.max_rss_kb.max(other.max_rss_kb),
        }
    }
}

/// Runs `command` with its output to `out`, and returns what it used.
#[allow(unsafe_code)]
fn run(mut command: Command, out: &Path) -> Usage {
    let file = std::fs::File::create(out).expect("output file");
    let start = Instant::now();
    let child = command
        .stdout(Stdio::from(file))
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the formatter starts");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: zeroed rusage is a valid value to be overwritten.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet waited for; the pointers are
    // valid and writable for the call.
    let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    assert_eq!(rc, pid, "wait4");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "the formatter failed"
    );
    // The child is reaped; `Child` must not wait for it again.
    std::mem::forget(child);
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Usage {
        wall,
        cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
        max_rss_kb: usage.ru_maxrss,
    }
}

/// The best of five runs of `make()` on `input`.
fn best_of(make: &dyn Fn(&Path) -> Command, input: &Path, out: &Path) -> Usage {
    (0..5)
        .map(|_| run(make(input), out))
        .reduce(Usage::best)
        .expect("runs")
}

/// Builds Go's hclfmt; `None` when Go is not installed.
fn build_hclfmt(dir: &Path) -> Option<PathBuf> {
    let binary = dir.join("hclfmt");
    let built = Command::new("go")
        .args(["build", "-o"])
        .arg(&binary)
        .arg("github.com/hashicorp/hcl/v2/cmd/hclfmt")
        .current_dir(dir)
        .env("GOPATH", "/usr/share/gocode")
        .env("GO111MODULE", "off")
        .status()
        .is_ok_and(|s| s.success());
    built.then_some(binary)
}

/// The driver mode: format the file named by the argument to stdout.
fn driver(path: &str) {
    use std::io::Write;
    let text = std::fs::read(path).expect("input");
    let out = hcl_core::format::format(&text);
    std::io::stdout().lock().write_all(&out).expect("output");
}

fn mb_per_s(bytes: usize, d: Duration) -> f64 {
    bytes as f64 / MB as f64 / d.as_secs_f64()
}

fn main() {
    if let Ok(path) = std::env::var(DRIVER) {
        driver(&path);
        return;
    }
    let mb: usize = std::env::var("HCL_BENCH_FORMAT_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10);
    let text = corpus::generate(mb * MB, 42).into_bytes();
    let len = text.len();
    let dir = std::env::temp_dir().join(format!("hcl-formatbench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let input = dir.join("corpus.hcl");
    let empty = dir.join("empty.hcl");
    std::fs::write(&input, &text).expect("corpus");
    std::fs::write(&empty, b"").expect("empty file");

    println!(
        "format, generated Terraform-style corpus of {:.1} MB",
        len as f64 / MB as f64
    );

    // In-process: time and peak heap beyond the input.
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        black_box(hcl_core::format::format(black_box(&text)));
        best = best.min(t.elapsed());
    }
    ALLOC.reset_peak();
    let base = ALLOC.current();
    let ours_out = hcl_core::format::format(&text);
    let heap = ALLOC.peak() - base;
    println!(
        "ours in-process: {:.1} ms ({:.1} MB/s), peak heap {:.1} MB ({:.2}x the input)",
        best.as_secs_f64() * 1e3,
        mb_per_s(len, best),
        heap as f64 / MB as f64,
        heap as f64 / len as f64
    );

    let exe = std::env::current_exe().expect("this binary");
    let ours = move |path: &Path| {
        let mut c = Command::new(&exe);
        c.env(DRIVER, path);
        c
    };
    let mut rows: Vec<(&str, Usage, Usage, Option<Vec<u8>>)> = Vec::new();
    let out = dir.join("out.hcl");
    let startup = best_of(&ours, &empty, &out);
    let usage = best_of(&ours, &input, &out);
    rows.push(("ours", startup, usage, std::fs::read(&out).ok()));
    match build_hclfmt(&dir) {
        Some(hclfmt) => {
            let go = move |path: &Path| {
                let mut c = Command::new(&hclfmt);
                c.arg(path);
                c
            };
            let startup = best_of(&go, &empty, &out);
            let usage = best_of(&go, &input, &out);
            rows.push(("Go hclfmt", startup, usage, std::fs::read(&out).ok()));
        }
        None => eprintln!("Go's hclfmt could not be built (is golang-go installed?): ours only"),
    }

    println!(
        "\n{:<10} {:>11} {:>11} {:>10} {:>11} {:>11} {:>10} {:>9}",
        "process",
        "startup ms",
        "wall ms",
        "cpu ms",
        "format ms",
        "format MB/s",
        "peak RSS",
        "RSS/in"
    );
    for (name, startup, usage, _) in &rows {
        let format = usage.wall.saturating_sub(startup.wall);
        println!(
            "{name:<10} {:>11.1} {:>11.1} {:>10.1} {:>11.1} {:>11.1} {:>7.1} MB {:>8.2}x",
            startup.wall.as_secs_f64() * 1e3,
            usage.wall.as_secs_f64() * 1e3,
            usage.cpu.as_secs_f64() * 1e3,
            format.as_secs_f64() * 1e3,
            mb_per_s(len, format),
            usage.max_rss_kb as f64 / 1024.0,
            usage.max_rss_kb as f64 * 1024.0 / len as f64,
        );
    }
    if let [
        (_, ours_start, ours, ours_bytes),
        (_, go_start, go, go_bytes),
    ] = rows.as_slice()
    {
        let f = |u: &Usage, s: &Usage| u.wall.saturating_sub(s.wall).as_secs_f64();
        println!(
            "\nGo / ours: {:.1}x the formatting time (startup subtracted), {:.1}x the CPU time, {:.1}x the peak RSS",
            f(go, go_start) / f(ours, ours_start),
            go.cpu.as_secs_f64() / ours.cpu.as_secs_f64(),
            go.max_rss_kb as f64 / ours.max_rss_kb as f64
        );
        let same = ours_bytes == go_bytes;
        println!(
            "outputs identical: {same} ({} bytes)",
            ours_bytes.as_ref().map_or(0, Vec::len)
        );
        assert!(same, "ours and Go's hclfmt format the corpus differently");
        assert_eq!(ours_bytes.as_deref(), Some(&ours_out[..]));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
