//! Golden tests of the native-syntax parser: each `tests/native_parse/*.hcl`
//! input is parsed and the dump of its diagnostics and tree is compared
//! with the `.out` file next to it. Run with `UPDATE_GOLDEN=1` to rewrite
//! the expectations (then review the diff: each was checked against the Go
//! implementation's parse of the same input).
//!
//! The file name picks what the input is parsed as: `expr_*` a standalone
//! expression, `tmpl_*` a standalone template, `trav_*` an absolute
//! traversal, anything else a configuration file.

#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use hcl_core::native::dump::{dump_diagnostics, dump_expr, quote, range_string};
use hcl_core::native::{ParseOptions, parse_config, parse_expression, parse_template, parse_traversal_abs};
use hcl_core::traversal::Traverser;
use hcl_core::Pos;

/// The dump of one input, in the format of the golden files.
fn dump(name: &str, src: &[u8]) -> String {
    let opts = ParseOptions::default();
    let file_name = "t.hcl";
    let mut out = String::new();
    if name.starts_with("expr_") {
        let (file, id, diags) = parse_expression(src, file_name, Pos::start(), &opts);
        out.push_str(&dump_diagnostics(&diags));
        out.push_str("---\n");
        out.push_str(&dump_expr(&file, id));
    } else if name.starts_with("tmpl_") {
        let (file, id, diags) = parse_template(src, file_name, Pos::start(), &opts);
        out.push_str(&dump_diagnostics(&diags));
        out.push_str("---\n");
        out.push_str(&dump_expr(&file, id));
    } else if name.starts_with("trav_") {
        let (trav, diags) = parse_traversal_abs(src, file_name, Pos::start());
        out.push_str(&dump_diagnostics(&diags));
        out.push_str("---\n");
        for step in trav.steps() {
            match step {
                Traverser::Root { name, range } => {
                    let _ = writeln!(out, "Root {name} {}", range_string(range));
                }
                Traverser::Attr { name, range } => {
                    let _ = writeln!(out, "Attr {name} {}", range_string(range));
                }
                Traverser::Index { key, range } => {
                    let k = if !key.is_known() {
                        "?".to_owned()
                    } else if let Some(s) = key.as_str() {
                        quote(s)
                    } else {
                        let text = src.get(range.start.byte..range.end.byte).unwrap_or(&[]);
                        format!("#{}", String::from_utf8_lossy(text))
                    };
                    let _ = writeln!(out, "Index {k} {}", range_string(range));
                }
                Traverser::Splat { range, .. } => {
                    let _ = writeln!(out, "Splat {}", range_string(range));
                }
            }
        }
    } else {
        let (file, diags) = parse_config(src, file_name, &opts);
        out.push_str(&dump_diagnostics(&diags));
        out.push_str("---\n");
        out.push_str(&file.dump());
    }
    out
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("native_parse")
}

#[test]
fn golden_files() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hcl"))
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty());
    let mut failures = Vec::new();
    for input in &inputs {
        let name = input.file_stem().unwrap().to_str().unwrap();
        let src = std::fs::read(input).unwrap();
        let actual = dump(name, &src);
        let expected_path = input.with_extension("out");
        if update {
            std::fs::write(&expected_path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!("--- {name}: expected\n{expected}--- actual\n{actual}"));
        }
    }
    assert!(failures.is_empty(), "{} golden file(s) differ:\n{}", failures.len(), failures.join("\n"));
}

/// Dumps every `*.in` file of the directory in `NATIVE_PARSE_DIR` to a
/// `*.rust` file next to it (for comparisons with the Go implementation's
/// dumps of the same inputs). The mode is the file name's prefix, as for
/// the golden files.
#[test]
#[ignore]
fn dump_directory() {
    let Some(dir) = std::env::var_os("NATIVE_PARSE_DIR") else {
        return;
    };
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
            let src = std::fs::read(&path).unwrap();
            let out = std::panic::catch_unwind(|| dump(&name, &src))
                .unwrap_or_else(|_| "PANIC\n".to_owned());
            std::fs::write(path.with_extension("rust"), out).unwrap();
        }
    }
}

/// Runs `f` on a thread with the default 2 MiB stack.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

fn assert_one_too_deep(src: String, as_expr: bool) {
    on_small_stack(move || {
        let start = std::time::Instant::now();
        let diags = if as_expr {
            parse_expression(src.as_bytes(), "deep.hcl", Pos::start(), &ParseOptions::default()).2
        } else {
            parse_config(src.as_bytes(), "deep.hcl", &ParseOptions::default()).1
        };
        let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(summaries, ["Nesting too deep"], "{diags}");
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
    });
}

#[test]
fn nesting_depth_limit_brackets() {
    assert_one_too_deep(format!("a = {}\n", "[".repeat(100_000)), false);
    assert_one_too_deep(format!("a = {}{}\n", "[".repeat(100_000), "]".repeat(100_000)), false);
}

#[test]
fn nesting_depth_limit_blocks() {
    assert_one_too_deep("a {\n".repeat(100_000), false);
    assert_one_too_deep(format!("{}{}", "a {\n".repeat(100_000), "}\n".repeat(100_000)), false);
}

#[test]
fn nesting_depth_limit_expressions() {
    let n = 100_000;
    assert_one_too_deep("(".repeat(n), true);
    assert_one_too_deep(format!("{}x{}", "(".repeat(n), ")".repeat(n)), true);
    assert_one_too_deep("{a=".repeat(n), true);
    assert_one_too_deep("f(".repeat(n), true);
    assert_one_too_deep("!".repeat(n) + "x", true);
    assert_one_too_deep("-".repeat(n) + "x", true);
    assert_one_too_deep(vec!["x"; n].join(" + "), true);
    assert_one_too_deep(vec!["x"; n].join(" || "), true);
    assert_one_too_deep("a ? b : ".repeat(n) + "c", true);
    assert_one_too_deep("\"${".repeat(n), true);
    assert_one_too_deep(format!("{}x{}", "\"${".repeat(n), "}\"".repeat(n)), true);
    assert_one_too_deep("x".to_owned() + &"[*]".repeat(n), true);
    assert_one_too_deep("x".to_owned() + &"[y".repeat(n), true);
    assert_one_too_deep("[for x in y: ".repeat(n), true);
}

#[test]
fn nesting_depth_limit_templates() {
    let n = 100_000;
    on_small_stack(move || {
        let src = format!("{}x{}", "%{if a}".repeat(n), "%{endif}".repeat(n));
        let (_, _, diags) = hcl_core::native::parse_template(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
        let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(summaries, ["Nesting too deep"]);
        let src = format!("{}x{}", "%{for a in b}".repeat(n), "%{endfor}".repeat(n));
        let (_, _, diags) = hcl_core::native::parse_template(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
        let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(summaries, ["Nesting too deep"]);
    });
}

#[test]
fn nesting_within_the_limit_parses_on_a_small_stack() {
    on_small_stack(|| {
        let n = ParseOptions::DEFAULT_MAX_DEPTH - 2;
        for src in [
            format!("a = {}1{}\n", "[".repeat(n), "]".repeat(n)),
            format!("a = {}1{}\n", "(".repeat(n), ")".repeat(n)),
            format!("a = {}1{}\n", "{a=".repeat(n), "}".repeat(n)),
            format!("a = {}1{}\n", "f(".repeat(n), ")".repeat(n)),
            format!("a = {}x{}\n", "\"${".repeat(n), "}\"".repeat(n)),
            format!("a = {}x{}\n", "<<EOT\n${".repeat(n), "}\nEOT\n".repeat(n)),
            format!("a = {}x{}\n", "[{a=(\"${f(".repeat(n / 5), ")}\")}]".repeat(n / 5)),
            format!("a = {}x\n", "!".repeat(n)),
            format!("{}{}", "a {\n".repeat(n), "}\n".repeat(n)),
        ] {
            let (file, diags) = parse_config(src.as_bytes(), "ok.hcl", &ParseOptions::default());
            assert!(diags.is_empty(), "{diags}");
            assert!(file.root().is_some());
        }
    });
}
