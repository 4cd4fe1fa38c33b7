//! The guard: every phase users pay for, on a corpus of real
//! configuration files, in one run, by CPU time, against the peers, and
//! optionally against another commit of this repository, so that no speed
//! is lost unnoticed.
//!
//! The corpus ([`hcl_bench::files`]): the `.tf`/`.hcl`/`.nomad`/`.tfvars`
//! files of the repositories fetched under `/work/.mirror` (up to
//! `HCL_PEERS_MB`, default 8 MB, keeping the files that our parser, Go's
//! and hcl-edit all accept), or generated files when there is no mirror.
//! The phases, each one pass over its input:
//!
//! | phase | ours | Go (HashiCorp's HCL) | Rust peer |
//! |---|---|---|---|
//! | `parse` | `native::parse_config` | `hclsyntax.ParseConfig` | hcl-edit `parse_body` |
//! | `from_str` | `hcl_decode::from_str` into derived Terraform-style structs | parse + `gohcl.DecodeBody` into the same structs | hcl-rs `hcl::from_str` (serde) |
//! | `derive` | the same through a plain `Decoder` (no function library, no dynamic blocks) | as above | |
//! | `eval` | the value of every expression of every file | the same | |
//! | `lossless` | `edit::Document::parse` | `hclwrite.ParseConfig` | hcl-edit `parse_body` |
//! | `format` | `format::format` | `hclwrite.Format` | |
//! | `hcldec` | `spec::decode` + cty JSON, on a generated file of `HCL_PEERS_HCLDEC_MB` (default 10) | `hcldec.Decode` + cty JSON | |
//!
//! The decoding phases take the `.tf` files every side decodes without
//! error. The expressions (but those of attributes named `type`, type
//! constraints rather than values) are evaluated with every variable they reference
//! unknown (of the dynamic type) and with the functions of Go's table
//! (`go/ctyfuncs`), taken from our library, so both sides call the same
//! functions.
//!
//! Go's side is `go/peers`, built here from Debian's Go packages (skipped
//! when Go is missing), a process that runs one phase per request and
//! answers with its CPU time (all its threads). With `--baseline REV`, the
//! same phases of our side also run in a second process built from commit
//! REV of this repository (its tree, from `git archive`, with this `bench/`
//! in place of its own, built in `$TMPDIR/hcl-peers-baseline`), and any
//! phase more than 10% slower than at REV is flagged (and the exit status
//! is 1).
//!
//! Rounds (`HCL_PEERS_ROUNDS`, default 5) interleave the sides phase by
//! phase; the best round counts. Ratios are the peer's time over ours.
//! Peak heap per input byte (ours, a counting allocator) is shown for the
//! phases on one big input: the corpus's files joined, and the hcldec input.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench peers [-- --baseline REV]

// The decoded fields are only checked, not all read.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::hint::black_box;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use hcl_bench::alloc::PeakAlloc;
use hcl_bench::clock::thread_cpu_time;
use hcl_bench::files::{self, File, Origin};
use hcl_bench::go::GoProgram;
use hcl_core::body::{AttributeSchema, BlockHeaderSchema, Body, BodySchema, DynExpression};
use hcl_core::native::{ParseOptions, parse_config};
use hcl_core::{EvalContext, Value};
use hcl_decode::Decoder;
use hcl_decode::spec::{SpecFile, parse_spec_file};
use hcl_functions::Library;

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc::new();

const MB: usize = 1 << 20;

/// The phases, in table order.
const PHASES: &[&str] = &[
    "parse", "from_str", "derive", "eval", "lossless", "format", "hcldec",
];

/// Our derived Terraform-style structs (Go's `tfFile` in `go/peers`).
mod ours {
    use hcl_decode::{BodyHandle, ExpressionHandle, FromBody, HclBody};

    #[derive(HclBody, Debug)]
    pub struct TfFile {
        #[hcl(block)]
        pub terraform: Vec<RemainBlock>,
        #[hcl(block)]
        pub provider: Vec<Provider>,
        #[hcl(block)]
        pub variable: Vec<Variable>,
        #[hcl(block)]
        pub locals: Vec<Locals>,
        #[hcl(block)]
        pub output: Vec<Output>,
        #[hcl(block)]
        pub module: Vec<Module>,
        #[hcl(block)]
        pub resource: Vec<Resource>,
        #[hcl(block)]
        pub data: Vec<Resource>,
        #[hcl(remain)]
        pub rest: BodyHandle,
    }

    #[derive(HclBody, Debug)]
    pub struct RemainBlock {
        #[hcl(remain)]
        pub rest: BodyHandle,
    }

    #[derive(HclBody, Debug)]
    pub struct Provider {
        #[hcl(label)]
        pub name: String,
        pub alias: Option<ExpressionHandle>,
        pub region: Option<ExpressionHandle>,
        #[hcl(remain)]
        pub rest: BodyHandle,
    }

    #[derive(HclBody, Debug)]
    pub struct Variable {
        #[hcl(label)]
        pub name: String,
        pub description: Option<ExpressionHandle>,
        #[hcl(rename = "type")]
        pub ty: Option<ExpressionHandle>,
        pub default: Option<ExpressionHandle>,
        pub sensitive: Option<ExpressionHandle>,
        pub nullable: Option<ExpressionHandle>,
        #[hcl(block)]
        pub validation: Vec<Validation>,
    }

    #[derive(HclBody, Debug)]
    pub struct Validation {
        pub condition: ExpressionHandle,
        pub error_message: ExpressionHandle,
    }

    #[derive(HclBody, Debug)]
    pub struct Locals {
        #[hcl(remain)]
        pub values: Attributes,
    }

    /// A body's attributes, as Go's `hcl.Attributes` remain field.
    #[derive(Debug)]
    pub struct Attributes(pub Vec<(String, ExpressionHandle)>);

    impl FromBody for Attributes {
        fn from_body(body: &BodyHandle) -> Self {
            let (attributes, _) = body.just_attributes();
            Attributes(
                attributes
                    .into_iter()
                    .map(|(name, attr)| (name, ExpressionHandle::from_dyn(attr.expr)))
                    .collect(),
            )
        }
    }

    #[derive(HclBody, Debug)]
    pub struct Output {
        #[hcl(label)]
        pub name: String,
        pub value: ExpressionHandle,
        pub description: Option<ExpressionHandle>,
        pub sensitive: Option<ExpressionHandle>,
        pub depends_on: Option<ExpressionHandle>,
        #[hcl(remain)]
        pub rest: BodyHandle,
    }

    #[derive(HclBody, Debug)]
    pub struct Module {
        #[hcl(label)]
        pub name: String,
        pub source: ExpressionHandle,
        pub version: Option<ExpressionHandle>,
        pub count: Option<ExpressionHandle>,
        pub for_each: Option<ExpressionHandle>,
        pub providers: Option<ExpressionHandle>,
        pub depends_on: Option<ExpressionHandle>,
        #[hcl(remain)]
        pub rest: BodyHandle,
    }

    #[derive(HclBody, Debug)]
    pub struct Resource {
        #[hcl(label)]
        pub ty: String,
        #[hcl(label)]
        pub name: String,
        pub count: Option<ExpressionHandle>,
        pub for_each: Option<ExpressionHandle>,
        pub provider: Option<ExpressionHandle>,
        pub depends_on: Option<ExpressionHandle>,
        #[hcl(block)]
        pub lifecycle: Vec<RemainBlock>,
        #[hcl(remain)]
        pub rest: BodyHandle,
    }
}

/// hcl-rs's side: the top-level block types, each as an `hcl::Value`
/// (serde ignores the rest).
mod theirs {
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    pub struct TfFile {
        pub terraform: Option<hcl::Value>,
        pub provider: Option<hcl::Value>,
        pub variable: Option<hcl::Value>,
        pub locals: Option<hcl::Value>,
        pub output: Option<hcl::Value>,
        pub module: Option<hcl::Value>,
        pub resource: Option<hcl::Value>,
        pub data: Option<hcl::Value>,
    }
}

/// The hcldec spec of `scripts/compare-hcldec.sh` (`serviceSpec` in
/// `go/peers`).
const SERVICE_SPEC: &str = r#"
object {
  attr "region" {
    type     = string
    required = true
  }
  attr "version" { type = number }
  block_map "service" {
    labels = ["name"]
    object {
      attr "image" {
        type     = string
        required = true
      }
      attr "port" { type = number }
      attr "replicas" { type = number }
      attr "enabled" { type = bool }
      attr "weight" { type = number }
      attr "tags" { type = list(string) }
      attr "env" { type = map(string) }
      attr "description" { type = string }
      attr "limits" { type = object({ cpu = number, memory = string }) }
      block_list "endpoint" {
        object {
          attr "path" { type = string }
          attr "timeout" { type = number }
          attr "methods" { type = set(string) }
        }
      }
      block "health" {
        object {
          attr "interval" { type = number }
          attr "command" { type = list(string) }
        }
      }
    }
  }
}
"#;

/// About `target` bytes of service blocks for the spec above (the input of
/// `scripts/compare-hcldec.sh`, longer).
fn hcldec_input(target: usize) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(target + 2048);
    s.push_str("region  = \"eu-west-1\"\nversion = 3\n\n");
    let mut i = 0;
    while s.len() < target {
        let _ = write!(
            s,
            "service \"svc-{i:05}\" {{\n  image       = \"registry.example.com/team-{}/app-{i}:1.{}.{}\"\n  port        = {}\n  replicas    = {}\n  enabled     = {}\n  weight      = {}.{:02}\n  tags        = [\"tier-{}\", \"zone-{}\", \"svc\", \"generated\"]\n  description = \"Service number {i}: a generated service used to compare the speed of two hcldec implementations on a large input.\"\n  env = {{\n    LOG_LEVEL = \"info\"\n    SERVICE_ID = \"{i}\"\n    REGION = \"eu-west-1\"\n  }}\n  limits = {{\n    cpu    = {}.5\n    memory = \"{}Mi\"\n  }}\n  endpoint {{\n    path    = \"/api/v1/svc/{i}\"\n    timeout = {}\n    methods = [\"GET\", \"POST\"]\n  }}\n  endpoint {{\n    path    = \"/health\"\n    timeout = 2\n    methods = [\"GET\"]\n  }}\n  health {{\n    interval = 15\n    command  = [\"/bin/check\", \"--port\", \"{}\"]\n  }}\n}}\n\n",
            i % 40,
            i % 17,
            i % 7,
            8000 + i,
            1 + i % 5,
            i % 3 != 0,
            i % 10,
            i % 100,
            i % 4,
            (b'a' + (i % 3) as u8) as char,
            i % 4,
            128 * (1 + i % 8),
            10 + i % 20,
            8000 + i,
        );
        i += 1;
    }
    s
}

/// Our side, everything prepared: what each phase runs on.
struct Ours {
    all: Vec<File>,
    decode: Vec<File>,
    expressions: Vec<DynExpression>,
    ctx: EvalContext,
    spec: SpecFile,
    hcldec_input: String,
}

/// The decoder of the `derive` phase: no function library, no dynamic
/// blocks (what `from_str` costs beyond the derived code itself).
fn plain_decoder() -> Decoder {
    Decoder::new()
        .function_library(Library::empty())
        .dynamic_blocks(false)
}

impl Ours {
    /// Prepares the phases on `all` (the decoding phases on `decode`),
    /// evaluating with the library functions named in `functions` (every
    /// one when `None`).
    fn new(
        all: Vec<File>,
        decode: Vec<File>,
        functions: Option<&BTreeSet<String>>,
        hcldec_input: String,
    ) -> Ours {
        let mut expressions = Vec::new();
        for f in &all {
            let (file, _) = parse_config(f.text.as_bytes(), &f.name, &ParseOptions::default());
            if let Ok(doc) = hcl_core::edit::Document::parse(&f.text, &f.name) {
                collect_expressions(&file.body(), doc.body(), &mut expressions);
            }
        }
        let mut library = EvalContext::new();
        Library::pure()
            .install(&mut library)
            .expect("install the library");
        let mut ctx = EvalContext::new();
        for (name, function) in library.functions() {
            if functions.is_none_or(|names| names.contains(name)) {
                ctx.declare_function(name, function.clone())
                    .expect("full-expression mode");
            }
        }
        let roots: BTreeSet<String> = expressions
            .iter()
            .flat_map(|e| e.variables())
            .filter_map(|t| t.root_name().map(str::to_owned))
            .collect();
        for root in roots {
            ctx.declare_variable(root, Value::dynamic())
                .expect("full-expression mode");
        }
        let (spec, diags) = parse_spec_file(SERVICE_SPEC.as_bytes(), "service.hcldec");
        assert!(!diags.has_errors(), "{diags}");
        Ours {
            all,
            decode,
            expressions,
            ctx,
            spec,
            hcldec_input,
        }
    }

    /// Runs one pass of `phase`: the bytes it went through and the inputs
    /// with errors.
    fn run(&self, phase: &str) -> (usize, usize) {
        let mut errors = 0;
        let bytes = match phase {
            "parse" => {
                for f in &self.all {
                    let (file, diags) =
                        parse_config(f.text.as_bytes(), &f.name, &ParseOptions::default());
                    errors += usize::from(diags.has_errors());
                    black_box(file);
                }
                size(&self.all)
            }
            "from_str" => {
                for f in &self.decode {
                    let r = hcl_decode::from_str::<ours::TfFile>(&f.text, &f.name);
                    errors += usize::from(r.is_err());
                    black_box(r.ok());
                }
                size(&self.decode)
            }
            "derive" => {
                let decoder = plain_decoder();
                for f in &self.decode {
                    let r = decoder.decode_str::<ours::TfFile>(&f.text, &f.name);
                    errors += usize::from(r.is_err());
                    black_box(r.ok());
                }
                size(&self.decode)
            }
            "eval" => {
                for e in &self.expressions {
                    let (value, diags) = e.value(&self.ctx);
                    errors += usize::from(diags.has_errors());
                    black_box(value);
                }
                size(&self.all)
            }
            "lossless" => {
                for f in &self.all {
                    let doc = hcl_core::edit::Document::parse(&f.text, &f.name);
                    errors += usize::from(doc.is_err());
                    black_box(doc.ok());
                }
                size(&self.all)
            }
            "format" => {
                for f in &self.all {
                    black_box(hcl_core::format::format(f.text.as_bytes()));
                }
                size(&self.all)
            }
            "hcldec" => {
                errors += usize::from(!self.hcldec());
                self.hcldec_input.len()
            }
            _ => 0,
        };
        (bytes, errors)
    }

    /// hcldec's work: parse, decode by the spec, write cty's JSON.
    fn hcldec(&self) -> bool {
        let (file, diags) = parse_config(
            self.hcldec_input.as_bytes(),
            "input.hcl",
            &ParseOptions::default(),
        );
        let (value, more) =
            hcl_decode::spec::decode(&file.body(), &self.spec.root, &EvalContext::new());
        let json = hcl_core::cty_json::marshal(&value, value.ty());
        let ok = !diags.has_errors() && !more.has_errors() && json.is_ok();
        black_box(json.ok());
        ok
    }
}

/// Every expression of `body` and its nested blocks, their names and
/// labels read from the lossless document of the same text (our syntax
/// tree is sealed: a schema is how a body is read).
fn collect_expressions(
    body: &dyn Body,
    shape: &hcl_core::edit::EditBody,
    out: &mut Vec<DynExpression>,
) {
    let mut schema = BodySchema::default();
    for attr in shape.attributes() {
        schema
            .attributes
            .push(AttributeSchema::optional(attr.name()));
    }
    let mut headers = BTreeSet::new();
    for block in shape.blocks() {
        if headers.insert((block.block_type().to_owned(), block.labels().len())) {
            let header = (0..block.labels().len())
                .fold(BlockHeaderSchema::new(block.block_type()), |h, i| {
                    h.label(format!("label{i}"))
                });
            schema.blocks.push(header);
        }
    }
    let (content, _) = body.content(&schema);
    // A type constraint (`type = list(string)`) is not a value.
    out.extend(
        content
            .attributes
            .into_values()
            .filter(|a| a.name != "type")
            .map(|a| a.expr),
    );
    for (block, shape) in content.blocks.iter().zip(shape.blocks()) {
        if block.type_name == shape.block_type() {
            collect_expressions(&*block.body, shape.body(), out);
        }
    }
}

fn size(files: &[File]) -> usize {
    files.iter().map(|f| f.text.len()).sum()
}

/// A peer process speaking the protocol of `go/peers`: one phase name a
/// line in, `PHASE<TAB>NS<TAB>BYTES<TAB>ERRORS` out.
struct Peer {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The lines it printed before "ready".
    preamble: Vec<String>,
}

/// One measurement: CPU time, bytes, inputs with errors.
#[derive(Clone, Copy, Debug)]
struct Sample {
    cpu: Duration,
    bytes: usize,
    errors: usize,
}

impl Peer {
    fn start(mut command: Command) -> Option<Peer> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let mut output = BufReader::new(child.stdout.take()?);
        let mut preamble = Vec::new();
        loop {
            let mut line = String::new();
            if output.read_line(&mut line).ok()? == 0 {
                eprintln!("a peer process failed to start");
                return None;
            }
            if line.trim_end() == "ready" {
                break;
            }
            preamble.push(line.trim_end().to_owned());
        }
        Some(Peer {
            child,
            input,
            output,
            preamble,
        })
    }

    fn run(&mut self, phase: &str) -> Option<Sample> {
        writeln!(self.input, "{phase}").ok()?;
        self.input.flush().ok()?;
        let mut line = String::new();
        self.output.read_line(&mut line).ok()?;
        let mut parts = line.trim_end().split('\t').skip(1);
        let ns: u64 = parts.next()?.parse().ok()?;
        let bytes = parts.next()?.parse().ok()?;
        let errors = parts.next()?.parse().ok()?;
        Some(Sample {
            cpu: Duration::from_nanos(ns),
            bytes,
            errors,
        })
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Times one pass of `f` by this thread's CPU time.
fn measure(f: impl FnOnce() -> (usize, usize)) -> Sample {
    let start = thread_cpu_time();
    let (bytes, errors) = f();
    Sample {
        cpu: thread_cpu_time().saturating_sub(start),
        bytes,
        errors,
    }
}

/// Serves our phases to another process (the baseline protocol).
fn worker(dir: &Path, hcldec_path: &Path) {
    let all = files::read_dir(dir).expect("the corpus directory");
    let decode_names: BTreeSet<String> = std::fs::read_to_string(dir.join("decode.txt"))
        .expect("decode.txt")
        .lines()
        .filter_map(|l| l.split('\t').nth(1).map(str::to_owned))
        .collect();
    let decode = all
        .iter()
        .filter(|f| decode_names.contains(&f.name))
        .cloned()
        .collect();
    let functions: Option<BTreeSet<String>> = std::fs::read_to_string(dir.join("functions.txt"))
        .ok()
        .map(|t| t.split_whitespace().map(str::to_owned).collect());
    let hcldec = std::fs::read_to_string(hcldec_path).expect("the hcldec input");
    let ours = Ours::new(all, decode, functions.as_ref(), hcldec);
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "ready");
    let _ = out.flush();
    for line in std::io::stdin().lock().lines() {
        let Ok(phase) = line else { break };
        let s = measure(|| ours.run(&phase));
        let _ = writeln!(
            out,
            "{phase}\t{}\t{}\t{}",
            s.cpu.as_nanos(),
            s.bytes,
            s.errors
        );
        let _ = out.flush();
    }
}

/// Builds this repository's commit `rev` with this `bench/` and starts its
/// peers benchmark as a worker; `None` (with the reason) when that fails.
fn baseline(rev: &str, dir: &Path, hcldec_path: &Path) -> Option<Peer> {
    let bench = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = bench.parent()?;
    let commit = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["rev-parse", "--verify", &format!("{rev}^{{commit}}")])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned());
    let Some(commit) = commit else {
        eprintln!("--baseline {rev}: not a commit of {}", repo.display());
        return None;
    };
    let home = std::env::temp_dir().join("hcl-peers-baseline");
    let tree = home.join(&commit[..12]);
    if !tree.join("Cargo.toml").exists() {
        std::fs::create_dir_all(&tree).ok()?;
        let archive = Command::new("git")
            .arg("-C")
            .arg(repo)
            .args(["archive", "--format=tar", &commit])
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let untarred = Command::new("tar")
            .arg("-x")
            .arg("-C")
            .arg(&tree)
            .stdin(archive.stdout?)
            .status()
            .is_ok_and(|s| s.success());
        if !untarred {
            eprintln!("--baseline {rev}: git archive failed");
            return None;
        }
    }
    // This bench, so that both sides run the same phases on the same input.
    let _ = std::fs::remove_dir_all(tree.join("bench"));
    copy_tree(bench, &tree.join("bench")).ok()?;
    eprintln!("building the baseline {rev} ({})", &commit[..12]);
    let build = Command::new("cargo")
        .args([
            "bench",
            "--bench",
            "peers",
            "--no-run",
            "--message-format=json",
        ])
        .arg("--manifest-path")
        .arg(tree.join("bench/Cargo.toml"))
        .env("CARGO_TARGET_DIR", home.join("target"))
        .stderr(Stdio::inherit())
        .output()
        .ok()?;
    let executable = String::from_utf8_lossy(&build.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["target"]["name"] == "peers")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from));
    let Some(executable) = executable.filter(|_| build.status.success()) else {
        eprintln!("--baseline {rev}: the build failed");
        return None;
    };
    let mut command = Command::new(executable);
    command.arg("--worker").arg(dir).arg(hcldec_path);
    Peer::start(command)
}

/// Copies `from` to `to`, leaving out `target/`.
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        if entry.file_name() == "target" {
            continue;
        }
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            copy_tree(&path, &to.join(entry.file_name()))?;
        } else {
            std::fs::copy(&path, to.join(entry.file_name()))?;
        }
    }
    Ok(())
}

/// A scratch directory, removed when dropped (also when a check fails).
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The best of each phase, per side.
#[derive(Default)]
struct Best(BTreeMap<&'static str, Sample>);

impl Best {
    fn add(&mut self, phase: &'static str, sample: Sample) {
        let best = self.0.entry(phase).or_insert(sample);
        if sample.cpu < best.cpu {
            *best = sample;
        }
    }

    fn mb_per_s(&self, phase: &str) -> Option<f64> {
        self.0
            .get(phase)
            .map(|s| s.bytes as f64 / MB as f64 / s.cpu.as_secs_f64())
    }

    fn cpu(&self, phase: &str) -> Option<Duration> {
        self.0.get(phase).map(|s| s.cpu)
    }
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The peak heap of `f` beyond what was in use before, per byte of `len`.
fn peak_per_byte(len: usize, f: impl FnOnce()) -> f64 {
    ALLOC.reset_peak();
    let base = ALLOC.current();
    f();
    (ALLOC.peak() - base) as f64 / len as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--worker") {
        let (Some(dir), Some(hcldec)) = (args.get(i + 1), args.get(i + 2)) else {
            eprintln!("--worker DIR HCLDEC-INPUT");
            std::process::exit(2);
        };
        worker(Path::new(dir), Path::new(hcldec));
        return;
    }
    let rev = args
        .iter()
        .position(|a| a == "--baseline")
        .and_then(|i| args.get(i + 1).cloned());
    let rounds = env_usize("HCL_PEERS_ROUNDS", 5).max(1);

    // The corpus: files every parser accepts.
    let (all, origin) = files::load(env_usize("HCL_PEERS_MB", 8) * MB, |f| {
        let (_, diags) = parse_config(f.text.as_bytes(), &f.name, &ParseOptions::default());
        !diags.has_errors()
            && hcl_edit::parser::parse_body(&f.text).is_ok()
            && hcl_core::edit::Document::parse(&f.text, &f.name).is_ok()
    });
    let decode: Vec<File> = all
        .iter()
        .filter(|f| {
            f.name.ends_with(".tf")
                && hcl_decode::from_str::<ours::TfFile>(&f.text, &f.name).is_ok()
                && hcl::from_str::<theirs::TfFile>(&f.text).is_ok()
        })
        .cloned()
        .collect();
    let hcldec = hcldec_input(env_usize("HCL_PEERS_HCLDEC_MB", 10) * MB);

    let scratch = Scratch(std::env::temp_dir().join(format!("hcl-peers-{}", std::process::id())));
    let dir = scratch.0.clone();
    files::write_dir(&all, &dir).expect("write the corpus");
    let stored: BTreeMap<String, String> = std::fs::read_to_string(dir.join("index.txt"))
        .expect("index")
        .lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(stored, name)| (name.to_owned(), stored.to_owned()))
        .collect();
    let decode_index: String = decode
        .iter()
        .map(|f| format!("{}\t{}\n", stored[f.name.as_str()], f.name))
        .collect();
    std::fs::write(dir.join("decode.txt"), decode_index).expect("decode.txt");
    let hcldec_path = dir.join("hcldec-input.hcl");
    std::fs::write(&hcldec_path, &hcldec).expect("the hcldec input");

    let go_program = GoProgram::build("peers");
    let mut go = go_program.as_ref().and_then(|p| {
        let mut command = Command::new(p.binary());
        command.arg(&dir).arg(&hcldec_path);
        Peer::start(command)
    });
    let go_functions: Option<BTreeSet<String>> = go.as_ref().and_then(|peer| {
        peer.preamble
            .iter()
            .find_map(|l| l.strip_prefix("functions "))
            .map(|names| names.split(' ').map(str::to_owned).collect())
    });
    if let Some(names) = &go_functions {
        let list: Vec<&str> = names.iter().map(String::as_str).collect();
        std::fs::write(dir.join("functions.txt"), list.join(" ")).expect("functions.txt");
    }
    let mut base = rev
        .as_deref()
        .and_then(|rev| baseline(rev, &dir, &hcldec_path));

    let ours = Ours::new(all, decode, go_functions.as_ref(), hcldec);
    let files_count = ours.all.len();
    let decode_count = ours.decode.len();
    let expressions = ours.expressions.len();

    let (mut b_ours, mut b_go, mut b_base, mut b_peer) = (
        Best::default(),
        Best::default(),
        Best::default(),
        Best::default(),
    );
    for _ in 0..rounds {
        for &phase in PHASES {
            b_ours.add(phase, measure(|| ours.run(phase)));
            if let Some(s) = go.as_mut().and_then(|p| p.run(phase)) {
                b_go.add(phase, s);
            }
            if let Some(s) = base.as_mut().and_then(|p| p.run(phase)) {
                b_base.add(phase, s);
            }
            let peer = match phase {
                "parse" | "lossless" => Some(measure(|| {
                    let mut errors = 0;
                    for f in &ours.all {
                        let body = hcl_edit::parser::parse_body(&f.text);
                        errors += usize::from(body.is_err());
                        black_box(body.ok());
                    }
                    (size(&ours.all), errors)
                })),
                "from_str" => Some(measure(|| {
                    let mut errors = 0;
                    for f in &ours.decode {
                        let r = hcl::from_str::<theirs::TfFile>(&f.text);
                        errors += usize::from(r.is_err());
                        black_box(r.ok());
                    }
                    (size(&ours.decode), errors)
                })),
                _ => None,
            };
            if let Some(s) = peer {
                b_peer.add(phase, s);
            }
        }
    }
    drop(go);
    drop(base);

    // Peak heap per input byte, on one big input each.
    let joined: String = ours
        .all
        .iter()
        .map(|f| f.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let memory = [
        (
            "parse",
            joined.len(),
            peak_per_byte(joined.len(), || {
                black_box(parse_config(
                    joined.as_bytes(),
                    "joined.hcl",
                    &ParseOptions::default(),
                ));
            }),
        ),
        (
            "lossless",
            joined.len(),
            peak_per_byte(joined.len(), || {
                black_box(hcl_core::edit::Document::parse(&joined, "joined.hcl").ok());
            }),
        ),
        (
            "format",
            joined.len(),
            peak_per_byte(joined.len(), || {
                black_box(hcl_core::format::format(joined.as_bytes()));
            }),
        ),
        (
            "hcldec",
            ours.hcldec_input.len(),
            peak_per_byte(ours.hcldec_input.len(), || {
                black_box(ours.hcldec());
            }),
        ),
    ];

    println!(
        "corpus: {} files, {:.2} MB ({}); decoding phases: {decode_count} .tf files; {expressions} expressions; hcldec input {:.1} MB",
        files_count,
        size(&ours.all) as f64 / MB as f64,
        match origin {
            Origin::Mirror => "real files from the mirror",
            Origin::Generated => "generated: no mirror here",
        },
        ours.hcldec_input.len() as f64 / MB as f64,
    );
    println!("CPU time, best of {rounds} interleaved rounds; ratio = the other's time / ours\n");
    let base_label = rev.as_deref().unwrap_or("-");
    println!(
        "{:<9} {:>9} {:>9} {:>7} {:>9} {:>7}  {:<9} {:>9} {:>8}",
        "phase",
        "ours MB/s",
        "Go MB/s",
        "Go/us",
        "peer MB/s",
        "peer/us",
        "peer",
        "base MB/s",
        "change"
    );
    let mut slower = Vec::new();
    for &phase in PHASES {
        let cell = |b: &Best| {
            b.mb_per_s(phase)
                .map_or("-".to_owned(), |v| format!("{v:.1}"))
        };
        let ratio = |b: &Best| match (b.cpu(phase), b_ours.cpu(phase)) {
            (Some(t), Some(o)) => format!("{:.2}x", t.as_secs_f64() / o.as_secs_f64()),
            _ => "-".to_owned(),
        };
        let peer_name = match phase {
            "parse" | "lossless" => "hcl-edit",
            "from_str" => "hcl-rs",
            _ => "",
        };
        let change = match (b_ours.cpu(phase), b_base.cpu(phase)) {
            (Some(o), Some(b)) => {
                let c = o.as_secs_f64() / b.as_secs_f64() - 1.0;
                if c > 0.10 {
                    slower.push(phase);
                }
                format!("{:+.1}%{}", c * 100.0, if c > 0.10 { " !!" } else { "" })
            }
            _ => "-".to_owned(),
        };
        println!(
            "{:<9} {:>9} {:>9} {:>7} {:>9} {:>7}  {:<9} {:>9} {:>8}",
            phase,
            cell(&b_ours),
            cell(&b_go),
            ratio(&b_go),
            cell(&b_peer),
            ratio(&b_peer),
            peer_name,
            cell(&b_base),
            change,
        );
    }
    let errors: Vec<String> = [("ours", &b_ours), ("Go", &b_go), ("baseline", &b_base)]
        .iter()
        .flat_map(|(side, b)| {
            b.0.iter()
                .filter(|(_, s)| s.errors > 0)
                .map(move |(phase, s)| format!("{side} {phase}: {} inputs with errors", s.errors))
        })
        .collect();
    if !errors.is_empty() {
        println!("\n{}", errors.join("\n"));
    }
    println!("\npeak heap per input byte (ours, one input):");
    for (phase, len, peak) in memory {
        println!(
            "  {phase:<9} {:>6.2}  ({:.1} MB)",
            peak,
            len as f64 / MB as f64
        );
    }
    drop(scratch);
    if let Some(rev) = &rev {
        if b_base.0.is_empty() {
            println!("\nbaseline {rev}: not measured (see above)");
            std::process::exit(1);
        }
        if !slower.is_empty() {
            println!(
                "\nslower than {rev} by more than 10%: {} (base = {base_label})",
                slower.join(", ")
            );
            std::process::exit(1);
        }
        println!("\nno phase more than 10% slower than {rev}");
    }
}
