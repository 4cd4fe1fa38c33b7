//! The command line against HashiCorp's `cmd/hclfmt`: every expectation
//! here was recorded from the Go tool (Debian's HCL v2.14.1, Go 1.19) run
//! the same way, from `tests/fixtures/`; and the formatter corpus of
//! `hcl-core/tests/format/` through `-check` on standard input, against the
//! diagnostics and exit codes Go gave (`scripts/format-corpus.sh record`).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Output {
    stdout: String,
    stderr: String,
    code: i32,
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> (Vec<u8>, Vec<u8>, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hclfmt"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hclfmt runs");
    let mut input = child.stdin.take().expect("stdin");
    // The tool may exit before reading (a usage error): ignore a closed pipe.
    let _ = input.write_all(stdin);
    drop(input);
    let out = child.wait_with_output().expect("hclfmt ends");
    (out.stdout, out.stderr, out.status.code().unwrap_or(-1))
}

fn run(args: &[&str], stdin: &str) -> Output {
    let (stdout, stderr, code) = run_in(&fixtures(), args, stdin.as_bytes());
    Output {
        stdout: String::from_utf8(stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(stderr).expect("UTF-8 diagnostics"),
        code,
    }
}

const USAGE: &str = "usage: hclfmt [flags] [path ...]
  -check
    \tperform a syntax check on the given files and produce diagnostics
  -require-no-change
    \treturn a non-zero status if any files are changed during formatting
  -version
    \tshow the version number and immediately exit
  -w\toverwrite source files instead of writing to stdout
";

const BROKEN_DIAGNOSTIC: &str = "Error: Invalid expression

  on broken.hcl line 2, in resource \"a\" \"b\":
   2:   x = 
   3: }

Expected the start of an expression, but found an invalid expression token.

";

#[test]
fn standard_input_to_standard_output() {
    let out = run(&[], "a=1\nbb = [1,2]\n");
    assert_eq!(out.stdout, "a  = 1\nbb = [1, 2]\n");
    assert_eq!((out.stderr.as_str(), out.code), ("", 0));
}

#[test]
fn several_files_in_order() {
    let out = run(&["unformatted.hcl", "formatted.hcl", "broken.hcl"], "");
    assert_eq!(
        out.stdout,
        "a = 1\na = 1\nresource \"a\" \"b\" {\n  x =\n}\nc = [\n"
    );
    assert_eq!((out.stderr.as_str(), out.code), ("", 0));
}

#[test]
fn check_prints_diagnostics_skips_the_file_and_fails() {
    let out = run(&["-check", "broken.hcl", "unformatted.hcl"], "");
    assert_eq!(out.stdout, "a = 1\n");
    assert_eq!(
        out.stderr,
        format!("{BROKEN_DIAGNOSTIC}one or more files contained errors\n")
    );
    assert_eq!(out.code, 1);
}

#[test]
fn check_names_the_enclosing_block_and_shows_one_line() {
    let out = run(&["--check=true", "broken2.hcl"], "");
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        "Error: Invalid expression

  on broken2.hcl line 2, in block \"x\":
   2:   a = \"${ 1 + }\"

Expected the start of an expression, but found an invalid expression token.

one or more files contained errors
"
    );
    assert_eq!(out.code, 1);
}

#[test]
fn check_parses_a_file_named_twice_once() {
    // Go's parser caches files by name: the second time, no diagnostics,
    // and the file is formatted.
    let out = run(&["-check", "broken.hcl", "broken.hcl"], "");
    assert_eq!(out.stdout, "resource \"a\" \"b\" {\n  x =\n}\nc = [\n");
    assert_eq!(
        out.stderr,
        format!("{BROKEN_DIAGNOSTIC}one or more files contained errors\n")
    );
    assert_eq!(out.code, 1);
}

#[test]
fn check_on_standard_input() {
    let out = run(&["-check"], "a = \"${x\"\n");
    assert_eq!(out.stdout, "");
    assert!(
        out.stderr.contains("  on <stdin> line 1:\n"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.ends_with("one or more files contained errors\n"));
    assert_eq!(out.code, 1);
}

#[test]
fn require_no_change_lists_changed_files() {
    let out = run(
        &[
            "-require-no-change",
            "unformatted.hcl",
            "formatted.hcl",
            "unformatted.hcl",
        ],
        "",
    );
    assert_eq!(out.stdout, "a = 1\na = 1\na = 1\n");
    assert_eq!(
        out.stderr,
        "file(s) were changed: unformatted.hcl, unformatted.hcl\n"
    );
    assert_eq!(out.code, 1);
    let out = run(&["-require-no-change", "formatted.hcl"], "");
    assert_eq!((out.stdout.as_str(), out.code), ("a = 1\n", 0));
}

#[test]
fn check_errors_are_reported_before_changes() {
    let out = run(
        &[
            "-check",
            "-require-no-change",
            "formatted.hcl",
            "unformatted.hcl",
            "broken.hcl",
        ],
        "",
    );
    assert_eq!(out.stdout, "a = 1\na = 1\n");
    assert_eq!(
        out.stderr,
        format!("{BROKEN_DIAGNOSTIC}one or more files contained errors\n")
    );
    assert_eq!(out.code, 1);
}

#[test]
fn unknown_flags_and_bad_values_exit_2_with_usage() {
    for (args, message) in [
        (&["-x"][..], "flag provided but not defined: -x\n"),
        (&["--x=1"][..], "flag provided but not defined: -x\n"),
        (
            &["-w=maybe"][..],
            "invalid boolean value \"maybe\" for -w: parse error\n",
        ),
        (&["---w"][..], "bad flag syntax: ---w\n"),
        (&["-=w"][..], "bad flag syntax: -=w\n"),
    ] {
        let out = run(args, "");
        assert_eq!(out.stdout, "");
        assert_eq!(out.stderr, format!("{message}{USAGE}"), "{args:?}");
        assert_eq!(out.code, 2, "{args:?}");
    }
}

#[test]
fn help_prints_usage_and_exits_2() {
    for flag in ["-h", "-help", "--help"] {
        let out = run(&[flag], "");
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", USAGE));
        assert_eq!(out.code, 2);
    }
}

#[test]
fn version() {
    for args in [&["-version"][..], &["--version", "missing.hcl"][..]] {
        let out = run(args, "");
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str(), out.code),
            ("0.0.1-dev\n", "", 0)
        );
    }
    let out = run(&["-version=false", "formatted.hcl"], "");
    assert_eq!((out.stdout.as_str(), out.code), ("a = 1\n", 0));
}

#[test]
fn file_errors_stop_the_run_with_status_1() {
    for (args, stdout, stderr) in [
        (
            &["missing.hcl"][..],
            "",
            "stat missing.hcl: no such file or directory\n",
        ),
        (&["-"][..], "", "stat -: no such file or directory\n"),
        (
            &["--", "-w"][..],
            "",
            "stat -w: no such file or directory\n",
        ),
        (
            &["formatted.hcl", "-w"][..],
            "a = 1\n",
            "stat -w: no such file or directory\n",
        ),
        (&["."][..], "", "can't format directory .\n"),
        (
            &["-w"][..],
            "",
            "error: cannot use -w without source filenames\n",
        ),
    ] {
        let out = run(args, "a=1\n");
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str(), out.code),
            (stdout, stderr, 1),
            "{args:?}"
        );
    }
}

#[test]
fn overwrite_rewrites_the_files() {
    let dir = std::env::temp_dir().join(format!("hclfmt-w-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("a.hcl"), "a=1\n").expect("write");
    std::fs::write(dir.join("b.hcl"), "b = 2\n").expect("write");
    let (stdout, stderr, code) = run_in(&dir, &["-w", "-require-no-change", "a.hcl", "b.hcl"], b"");
    assert_eq!(stdout, b"");
    assert_eq!(
        String::from_utf8_lossy(&stderr),
        "file(s) were changed: a.hcl\n"
    );
    assert_eq!(code, 1);
    assert_eq!(std::fs::read(dir.join("a.hcl")).expect("read"), b"a = 1\n");
    assert_eq!(std::fs::read(dir.join("b.hcl")).expect("read"), b"b = 2\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn corpus_check_runs_match_go() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hcl-core/tests/format");
    let mut inputs = Vec::new();
    for dir in std::fs::read_dir(&root).expect("corpus").flatten() {
        for entry in std::fs::read_dir(dir.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            if entry.path().extension().is_some_and(|e| e == "in") {
                inputs.push(entry.path());
            }
        }
    }
    inputs.sort();
    assert!(inputs.len() > 50, "corpus missing");
    let mut failures = Vec::new();
    for input in &inputs {
        let src = std::fs::read(input).expect("input");
        let read = |ext: &str| std::fs::read(input.with_extension(ext)).expect("recorded");
        let status: i32 = String::from_utf8_lossy(&read("status"))
            .trim()
            .parse()
            .expect("status");
        let want_stdout = if status == 0 { read("out") } else { Vec::new() };
        let want_stderr = read("check");
        let (stdout, stderr, code) = run_in(&root, &["-check"], &src);
        if (stdout.as_slice(), stderr.as_slice(), code)
            != (want_stdout.as_slice(), want_stderr.as_slice(), status)
        {
            failures.push(format!(
                "{}: status {code} (Go: {status})\n--- Go stderr\n{}\n--- stderr\n{}",
                input.display(),
                String::from_utf8_lossy(&want_stderr),
                String::from_utf8_lossy(&stderr)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        inputs.len(),
        failures.join("\n")
    );
}

/// The CI step of the documentation, run on the configurations this
/// repository ships (`examples/data/`): every well-formed file is already
/// in the canonical layout (status 0), and a broken one fails the step with
/// its diagnostics (status 1).
#[test]
fn ci_step_on_the_bundled_configurations() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/data");
    let mut files: Vec<String> = std::fs::read_dir(&data)
        .expect("examples/data")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".hcl"))
        .collect();
    files.sort();
    let (good, broken): (Vec<&str>, Vec<&str>) = files
        .iter()
        .map(String::as_str)
        .partition(|name| !name.contains("broken"));
    assert!(good.len() >= 4 && !broken.is_empty(), "{files:?}");
    let mut args = vec!["-check", "-require-no-change"];
    args.extend(&good);
    let (_, stderr, code) = run_in(&data, &args, b"");
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&stderr));
    assert!(stderr.is_empty(), "{}", String::from_utf8_lossy(&stderr));

    let (_, stderr, code) = run_in(&data, &["-check", "-require-no-change", "broken.hcl"], b"");
    let stderr = String::from_utf8_lossy(&stderr);
    assert_eq!(code, 1);
    assert!(stderr.starts_with("Error: "), "{stderr}");
    assert!(stderr.contains("on broken.hcl line "), "{stderr}");
}
