//! Tests of the native-syntax parser, which read the syntax tree (internal
//! to the crate, hence unit tests; they were `tests/native_parse.rs`, and
//! `docs/spec-tests.md` cites them as `native_parse::`).
//!
//! Golden tests: each `hcl-core/tests/native_parse/*.hcl`
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

use crate::Pos;
use crate::native::dump::{dump_diagnostics, dump_expr, quote, range_string};
use crate::native::{
    ParseOptions, parse_config, parse_expression, parse_template, parse_traversal_abs,
};
use crate::traversal::Traverser;

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
                        let text = src
                            .get(range.start.offset()..range.end.offset())
                            .unwrap_or(&[]);
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
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("native_parse")
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
            failures.push(format!(
                "--- {name}: expected\n{expected}--- actual\n{actual}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} golden file(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
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
            parse_expression(
                src.as_bytes(),
                "deep.hcl",
                Pos::start(),
                &ParseOptions::default(),
            )
            .2
        } else {
            parse_config(src.as_bytes(), "deep.hcl", &ParseOptions::default()).1
        };
        let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_ref()).collect();
        assert_eq!(summaries, ["Nesting too deep"], "{diags}");
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
    });
}

#[test]
fn nesting_depth_limit_brackets() {
    assert_one_too_deep(format!("a = {}\n", "[".repeat(100_000)), false);
    assert_one_too_deep(
        format!("a = {}{}\n", "[".repeat(100_000), "]".repeat(100_000)),
        false,
    );
}

#[test]
fn nesting_depth_limit_blocks() {
    assert_one_too_deep("a {\n".repeat(100_000), false);
    assert_one_too_deep(
        format!("{}{}", "a {\n".repeat(100_000), "}\n".repeat(100_000)),
        false,
    );
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
        let (_, _, diags) = crate::native::parse_template(
            src.as_bytes(),
            "t",
            Pos::start(),
            &ParseOptions::default(),
        );
        let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_ref()).collect();
        assert_eq!(summaries, ["Nesting too deep"]);
        let src = format!("{}x{}", "%{for a in b}".repeat(n), "%{endfor}".repeat(n));
        let (_, _, diags) = crate::native::parse_template(
            src.as_bytes(),
            "t",
            Pos::start(),
            &ParseOptions::default(),
        );
        let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_ref()).collect();
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
            format!(
                "a = {}x{}\n",
                "[{a=(\"${f(".repeat(n / 5),
                ")}\")}]".repeat(n / 5)
            ),
            format!("a = {}x\n", "!".repeat(n)),
            format!("{}{}", "a {\n".repeat(n), "}\n".repeat(n)),
        ] {
            let (file, diags) = parse_config(src.as_bytes(), "ok.hcl", &ParseOptions::default());
            assert!(diags.is_empty(), "{diags}");
            assert!(file.root().is_some());
        }
    });
}

// ----- tests by section of native-syntax.md -----
//
// The expected diagnostics (summary and subject range) are the Go
// implementation's for the same input (checked with a small Go program
// calling `hclsyntax.ParseConfig` and friends).

use crate::native::ParsedFile;
use crate::native::ast::{BinaryOp, ExprId, ExprKind, Step, StepKey};
use std::sync::Arc;

/// The diagnostics of parsing `src` in `mode`, as `Summary @ range`.
fn diags_of(mode: &str, src: &[u8]) -> Vec<String> {
    let opts = ParseOptions::default();
    let diags = match mode {
        "expr" => parse_expression(src, "t.hcl", Pos::start(), &opts).2,
        "template" => parse_template(src, "t.hcl", Pos::start(), &opts).2,
        "traversal" => parse_traversal_abs(src, "t.hcl", Pos::start()).1,
        _ => parse_config(src, "t.hcl", &opts).1,
    };
    diags
        .iter()
        .map(|d| match &d.subject {
            Some(s) => format!("{} @ {s}", d.summary),
            None => d.summary.to_string(),
        })
        .collect()
}

/// Parses a configuration that must have no errors.
fn config(src: &str) -> Arc<ParsedFile> {
    let (file, diags) = parse_config(src.as_bytes(), "t.hcl", &ParseOptions::default());
    assert!(diags.is_empty(), "{diags}");
    file
}

/// The expression of attribute `name` of the root body.
fn attr(file: &ParsedFile, name: &str) -> ExprId {
    let ast = file.ast();
    let root = ast.body(file.root().unwrap());
    ast.body_attributes(root)
        .iter()
        .find(|a| file.span_text(a.name) == name)
        .map(|a| a.expr)
        .unwrap_or_else(|| panic!("no attribute {name}"))
}

/// The dump of attribute `name`'s expression, without ranges.
fn shape(file: &ParsedFile, name: &str) -> String {
    let dump = dump_expr(file, attr(file, name));
    let mut out = String::new();
    for line in dump.lines() {
        let words: Vec<&str> = line.split(' ').filter(|w| !w.contains('@')).collect();
        out.push_str(words.join(" ").trim_end());
        out.push('\n');
    }
    out
}

/// The string value of attribute `name`: a literal string, or a template
/// of literal strings (a heredoc has one literal per line).
fn string_value(file: &ParsedFile, name: &str) -> String {
    let ast = file.ast();
    match ast.expr(attr(file, name)).kind {
        ExprKind::String(t) => file.text(t).to_owned(),
        ExprKind::Template { parts } => ast
            .expr_list(parts)
            .iter()
            .map(|&p| match ast.expr(p).kind {
                ExprKind::String(t) => file.text(t),
                ref other => panic!("{name} has a non-literal part: {other:?}"),
            })
            .collect(),
        ref other => panic!("{name} is not a string: {other:?}"),
    }
}

#[test]
fn comments_line_and_inline() {
    let file = config(
        "# hash\n// slash\na = 1 # trailing\nb = /* inline */ 2 // x\n/* multi\nline */\nc = [\n  1, # in tuple\n  2\n]\n#last",
    );
    let ast = file.ast();
    let root = ast.body(file.root().unwrap());
    let names: Vec<&str> = ast
        .body_attributes(root)
        .iter()
        .map(|a| file.span_text(a.name))
        .collect();
    assert_eq!(names, ["a", "b", "c"]);
    // A line comment ends the attribute like a newline does.
    assert_eq!(
        file.range(ast.body_attributes(root)[0].span()).to_string(),
        "t.hcl:3,1-6"
    );
}

#[test]
fn identifiers_with_dashes_and_unicode() {
    let file = config("foo-bar = 1\n_x = 2\ncafé = über-wert.na\u{308}me\n日本 = x\n");
    let ast = file.ast();
    let root = ast.body(file.root().unwrap());
    let names: Vec<&str> = ast
        .body_attributes(root)
        .iter()
        .map(|a| file.span_text(a.name))
        .collect();
    assert_eq!(names, ["foo-bar", "_x", "café", "日本"]);
    assert_eq!(
        shape(&file, "café"),
        "ScopeTraversal\n  Root über-wert\n  Attr na\u{308}me\n"
    );
    // "-" binds to the identifier: `a-b` is one name, `a - b` a subtraction.
    let file = config("x = a-b\ny = a - b\n");
    assert!(matches!(
        file.ast().expr(attr(&file, "x")).kind,
        ExprKind::ScopeTraversal { .. }
    ));
    assert!(matches!(
        file.ast().expr(attr(&file, "y")).kind,
        ExprKind::Binary {
            op: BinaryOp::Subtract,
            ..
        }
    ));
}

#[test]
fn numeric_literals_with_exponent() {
    let file = config(
        "a = 42\nb = 3.25\nc = 1e3\nd = 2.5E-1\ne = 6e+2\nf = 123456789012345678901234567890\n",
    );
    let num = |name: &str| match file.ast().expr(attr(&file, name)).kind {
        ExprKind::Number(id) => file.ast().number(id).to_string(),
        ref other => panic!("{other:?}"),
    };
    assert_eq!(num("a"), "42");
    assert_eq!(num("b"), "3.25");
    assert_eq!(num("c"), "1000");
    assert_eq!(num("d"), "0.25");
    assert_eq!(num("e"), "600");
    assert_eq!(num("f"), "123456789012345678901234567890");
}

#[test]
fn attributes_and_blocks_with_labels() {
    let file = config("service \"http\" web \"a\\\"b\" {\n  port = 80\n  inner {}\n}\n");
    let ast = file.ast();
    let root = ast.body(file.root().unwrap());
    let block = &ast.body_blocks(root)[0];
    let labels: Vec<&str> = ast
        .block_labels(block)
        .iter()
        .map(|l| file.text(l.text))
        .collect();
    assert_eq!(labels, ["http", "web", "a\"b"]);
    let body = ast.body(block.body);
    assert_eq!(ast.body_attributes(body).len(), 1);
    assert_eq!(ast.body_blocks(body).len(), 1);
    assert_eq!(file.range(body.span).to_string(), "t.hcl:1,27-4,2");
    assert_eq!(file.range(body.end).to_string(), "t.hcl:4,2-2");
}

#[test]
fn one_line_block_rules() {
    let file = config("a { b = 1 }\nc \"l\" { d = \"x\" }\ne {}\n");
    let ast = file.ast();
    let root = ast.body(file.root().unwrap());
    let blocks = ast.body_blocks(root);
    assert_eq!(blocks.len(), 3);
    let one = ast.body(blocks[0].body);
    assert_eq!(ast.body_attributes(one).len(), 1);
    assert_eq!(file.range(one.span).to_string(), "t.hcl:1,5-10");
    assert_eq!(
        file.range(blocks[0].close_brace).to_string(),
        "t.hcl:1,11-12"
    );
}

#[test]
fn heredoc_flush_strips_common_indent() {
    let file = config(
        "a = <<-EOT\n    first\n      second\n\n    third\n    EOT\nb = <<EOT\n  kept\nEOT\nc = <<-EOT\n${x}\n      y\n    EOT\nd = <<EOT\nEOT\n",
    );
    assert_eq!(string_value(&file, "a"), "first\n  second\n\nthird\n");
    assert_eq!(string_value(&file, "b"), "  kept\n");
    assert_eq!(string_value(&file, "d"), "");
    // A line starting with an interpolation counts as not indented.
    assert_eq!(
        shape(&file, "c"),
        "Template\n  ScopeTraversal\n    Root x\n  String \"\\n\"\n  String \"      y\\n\"\n"
    );
    // Each literal's range starts after the removed indentation, as in Go.
    let ExprKind::Template { parts } = file.ast().expr(attr(&file, "a")).kind else {
        panic!()
    };
    let first = file.ast().expr_list(parts)[0];
    assert_eq!(
        file.range(file.ast().expr(first).span).to_string(),
        "t.hcl:2,5-3,1"
    );
}

/// Each attribute's heredoc value.
fn heredocs(src: &str) -> Vec<String> {
    let (file, diags) = parse_config(src.as_bytes(), "t.hcl", &ParseOptions::default());
    assert!(diags.is_empty(), "{diags}");
    ["a", "b", "c", "d", "e"]
        .iter()
        .map(|name| string_value(&file, name))
        .collect()
}

#[test]
fn heredoc_indentation_counts_tabs_and_unicode_spaces() {
    // A `<<-` heredoc removes "the minimum number of leading spaces" of its
    // lines; tabs are white space too, and the specification's own suite
    // (`expressions/heredoc`: `tabs`, `unicode_spaces`) counts any white
    // space (Go's `unicode.IsSpace`), one per character, whatever the
    // other lines use. What Go's `hclsyntax.ParseConfig` gives, in both
    // rule sets.
    let tabs = "a = <<-EOT\n\thello\n\t\tworld\nEOT\n\
        b = <<-EOT\n\t  hello\n  \tworld\n\tEOT\n\
        c = <<-EOT\n    a\n\tb\nEOT\n\
        d = <<-EOT\n  a\n\t\n  b\n  EOT\n\
        e = <<-EOT\n  \tx\n  y\n  EOT\n";
    assert_eq!(
        heredocs(tabs),
        [
            "hello\n\tworld\n",
            "hello\nworld\n",
            // Mixed indentation is removed character by character.
            "   a\nb\n",
            // A line of white space alone is not counted (nor changed).
            "a\n\t\nb\n",
            "\tx\ny\n",
        ]
    );
    // Other Unicode spaces (no-break space, ideographic space, em space)
    // count one each, however many bytes they take. Go counts and removes
    // grapheme clusters: a space that a combining mark follows counts as
    // one space and goes with its mark.
    let unicode = "a = <<-EOT\n\u{a0}\u{3000}x\n\u{2003} y\nEOT\n\
        b = <<-EOT\n\u{3000}\u{3000}x\n  y\nEOT\n\
        c = <<-EOT\n  x\n \u{301}y\nEOT\n\
        d = <<-EOT\n\u{85}x\n\u{b}y\nEOT\n\
        e = <<-EOT\n\u{202f}x\nEOT\n";
    assert_eq!(
        heredocs(unicode),
        ["x\ny\n", "x\ny\n", " x\ny\n", "x\ny\n", "x\n",]
    );
    // The literal's range starts after the white space removed, counted
    // in bytes.
    let (file, _) = parse_config(
        "a = <<-EOT\n\u{3000}\tx\n  y\nEOT\n".as_bytes(),
        "t.hcl",
        &ParseOptions::default(),
    );
    let ExprKind::Template { parts } = file.ast().expr(attr(&file, "a")).kind else {
        panic!()
    };
    let first = file.ast().expr_list(parts)[0];
    assert_eq!(
        file.range(file.ast().expr(first).span).to_string(),
        "t.hcl:2,3-3,1"
    );
}

#[test]
fn template_escapes_and_literal_sequences() {
    let file = config(
        "a = \"x\\ny\\r\\t\\\"\\\\\"\nb = \"\\u00e9\\U0001F600\"\nc = \"$${x} %%{y}\"\nd = \"cost: $5 or 5%\"\n",
    );
    assert_eq!(string_value(&file, "a"), "x\ny\r\t\"\\");
    assert_eq!(string_value(&file, "b"), "é😀");
    // A lone "$" or "%" and an escaped "$${" are literal parts of their own
    // (as Go's scanner splits them), so these are templates of literals.
    assert_eq!(
        shape(&file, "c"),
        "Template\n  String \"${\"\n  String \"x} \"\n  String \"%{\"\n  String \"y}\"\n"
    );
    assert_eq!(
        shape(&file, "d"),
        "Template\n  String \"cost: \"\n  String \"$\"\n  String \"5 or 5\"\n  String \"%\"\n"
    );
}

#[test]
fn template_strip_markers() {
    let file = config(
        "a = \"hello ${~ \"world\" }\"\nb = \"%{ if true ~} hello %{~ endif }\"\nc = \"${\"hello\" ~}${\" world\"}\"\n",
    );
    assert_eq!(
        shape(&file, "a"),
        "Template\n  String \"hello\"\n  String \"world\"\n"
    );
    assert_eq!(
        shape(&file, "b"),
        "Template\n  Conditional\n    cond: Bool true\n    true: String \"hello\"\n    false: String \"\"\n"
    );
    // Stripping applies to literals, not to interpolated values.
    assert_eq!(
        shape(&file, "c"),
        "Template\n  String \"hello\"\n  String \" world\"\n"
    );
}

#[test]
fn template_interpolation_unwrapping() {
    let file = config(
        "a = \"${true}\"\nb = \"${\"${true}\"}\"\nc = \"hello ${true}\"\nd = \"${\"\"}${true}\"\ne = \"%{ for v in [true] }${v}%{ endfor }\"\nf = \"text\"\n",
    );
    assert_eq!(shape(&file, "a"), "TemplateWrap\n  Bool true\n");
    assert_eq!(
        shape(&file, "b"),
        "TemplateWrap\n  TemplateWrap\n    Bool true\n"
    );
    assert_eq!(
        shape(&file, "c"),
        "Template\n  String \"hello \"\n  Bool true\n"
    );
    assert_eq!(shape(&file, "d"), "Template\n  String \"\"\n  Bool true\n");
    assert_eq!(
        shape(&file, "e"),
        "Template\n  TemplateJoin\n    For key=\"\" val=\"v\" group=false\n      coll: Tuple\n        Bool true\n      value: Template\n        ScopeTraversal\n          Root v\n"
    );
    assert_eq!(shape(&file, "f"), "String \"text\"\n");
}

#[test]
fn template_if_and_for_directives() {
    let file = config(
        "a = \"%{ if c }yes%{ else }no%{ endif }\"\nb = \"%{ for k, v in m }${k}=${v};%{ endfor }\"\n",
    );
    assert_eq!(
        shape(&file, "a"),
        "Template\n  Conditional\n    cond: ScopeTraversal\n      Root c\n    true: String \"yes\"\n    false: String \"no\"\n"
    );
    assert_eq!(
        shape(&file, "b"),
        "Template\n  TemplateJoin\n    For key=\"k\" val=\"v\" group=false\n      coll: ScopeTraversal\n        Root m\n      value: Template\n        ScopeTraversal\n          Root k\n        String \"=\"\n        ScopeTraversal\n          Root v\n        String \";\"\n"
    );
}

#[test]
fn collection_values_and_object_keys() {
    let file = config("a = [1, \"two\", x,]\nb = {\n  k = 1\n  \"q\": 2,\n  (v) = 3\n}\n");
    assert_eq!(
        shape(&file, "a"),
        "Tuple\n  Number 1\n  String \"two\"\n  ScopeTraversal\n    Root x\n"
    );
    assert_eq!(
        shape(&file, "b"),
        "Object\n  key: ObjectKey force=false\n    ScopeTraversal\n      Root k\n  value: Number 1\n  key: ObjectKey force=false\n    String \"q\"\n  value: Number 2\n  key: ObjectKey force=true\n    Parens\n      ScopeTraversal\n        Root v\n  value: Number 3\n"
    );
}

#[test]
fn for_expression_object_grouping() {
    let file = config("a = {for k, v in m: v => k...}\nb = [for v in l: v if v > 1]\n");
    let ExprKind::For(id) = file.ast().expr(attr(&file, "a")).kind else {
        panic!()
    };
    let f = file.ast().for_expr(id);
    assert!(f.group);
    assert_eq!(f.key_var.map(|s| file.span_text(s)), Some("k"));
    assert!(f.key.is_some());
    let ExprKind::For(id) = file.ast().expr(attr(&file, "b")).kind else {
        panic!()
    };
    let f = file.ast().for_expr(id);
    assert!(!f.group && f.key.is_none() && f.condition.is_some() && f.key_var.is_none());
}

#[test]
fn function_calls_with_expansion() {
    let file = config("a = f(1, 2,)\nb = g(list...)\nc = h(\n  1,\n  2\n)\n");
    assert_eq!(
        shape(&file, "a"),
        "FunctionCall f expand=false\n  Number 1\n  Number 2\n"
    );
    assert_eq!(
        shape(&file, "b"),
        "FunctionCall g expand=true\n  ScopeTraversal\n    Root list\n"
    );
    let ExprKind::FunctionCall(call) = file.ast().expr(attr(&file, "a")).kind else {
        panic!()
    };
    let call = file.ast().call(call);
    assert_eq!((call.open_paren, call.close_paren), (5, 11));
}

#[test]
fn index_with_constant_keys_folds_into_traversal() {
    let file = config("a = x.b[0][\"k\"].c\nb = x[y].z\nc = f()[0].a\n");
    assert_eq!(
        shape(&file, "a"),
        "ScopeTraversal\n  Root x\n  Attr b\n  Index #[0]\n  Index \"k\"\n  Attr c\n"
    );
    assert_eq!(
        shape(&file, "b"),
        "RelativeTraversal\n  source: Index\n    coll: ScopeTraversal\n      Root x\n    key: ScopeTraversal\n      Root y\n  Attr z\n"
    );
    assert_eq!(
        shape(&file, "c"),
        "RelativeTraversal\n  source: FunctionCall f expand=false\n  Index #[0]\n  Attr a\n"
    );
}

#[test]
fn legacy_index_operator() {
    let file = config("a = foo.0.bar\n");
    let ExprKind::ScopeTraversal { steps } = file.ast().expr(attr(&file, "a")).kind else {
        panic!()
    };
    let steps = file.ast().step_list(steps);
    let Step::Index {
        key: StepKey::Number(n),
        span,
    } = &steps[1]
    else {
        panic!("{steps:?}")
    };
    assert_eq!(file.ast().number(*n).to_string(), "0");
    assert_eq!(file.span_text(*span), ".0");
}

#[test]
fn splat_attribute_only_vs_full() {
    let file = config("a = l.*.b[0]\nb = l[*].b[0]\nc = l[*]\n");
    // `.*` takes only the attributes; the index applies to the result.
    assert_eq!(
        shape(&file, "a"),
        "RelativeTraversal\n  source: Splat\n    source: ScopeTraversal\n      Root l\n    each: RelativeTraversal\n      source: AnonSymbol\n      Attr b\n    item: AnonSymbol\n  Index #[0]\n"
    );
    // `[*]` takes every following step.
    assert_eq!(
        shape(&file, "b"),
        "Splat\n  source: ScopeTraversal\n    Root l\n  each: RelativeTraversal\n    source: AnonSymbol\n    Attr b\n    Index #[0]\n  item: AnonSymbol\n"
    );
    let ExprKind::Splat { each, item, .. } = file.ast().expr(attr(&file, "c")).kind else {
        panic!()
    };
    assert_eq!(each, item);
}

#[test]
fn operator_precedence_levels() {
    let file = config(
        "a = 1 + 2 * 3\nb = x || y && z == w\nc = -1 + 2\nd = a < b == c >= d\ne = 8 / 4 * 2\nf = !a && b\n",
    );
    assert_eq!(
        shape(&file, "a"),
        "Binary +\n  Number 1\n  Binary *\n    Number 2\n    Number 3\n"
    );
    assert_eq!(
        shape(&file, "b"),
        "Binary ||\n  ScopeTraversal\n    Root x\n  Binary &&\n    ScopeTraversal\n      Root y\n    Binary ==\n      ScopeTraversal\n        Root z\n      ScopeTraversal\n        Root w\n"
    );
    assert_eq!(
        shape(&file, "c"),
        "Binary +\n  Unary -\n    Number 1\n  Number 2\n"
    );
    assert_eq!(
        shape(&file, "d"),
        "Binary ==\n  Binary <\n    ScopeTraversal\n      Root a\n    ScopeTraversal\n      Root b\n  Binary >=\n    ScopeTraversal\n      Root c\n    ScopeTraversal\n      Root d\n"
    );
    // Left associative within a level.
    assert_eq!(
        shape(&file, "e"),
        "Binary *\n  Binary /\n    Number 8\n    Number 4\n  Number 2\n"
    );
    assert_eq!(
        shape(&file, "f"),
        "Binary &&\n  Unary !\n    ScopeTraversal\n      Root a\n  ScopeTraversal\n    Root b\n"
    );
}

#[test]
fn conditional_operator_nests_to_the_right() {
    let file = config("a = x ? 1 : y ? 2 : 3\n");
    assert_eq!(
        shape(&file, "a"),
        "Conditional\n  cond: ScopeTraversal\n    Root x\n  true: Number 1\n  false: Conditional\n    cond: ScopeTraversal\n      Root y\n    true: Number 2\n    false: Number 3\n"
    );
}

#[test]
fn newlines_ignored_inside_brackets_and_calls() {
    let file =
        config("a = (\n  1 +\n  2\n)\nb = [\n  1,\n  2\n]\nc = f(\n  1\n)\nd = x[\n  0\n]\n");
    assert_eq!(
        shape(&file, "a"),
        "Parens\n  Binary +\n    Number 1\n    Number 2\n"
    );
    assert_eq!(shape(&file, "b"), "Tuple\n  Number 1\n  Number 2\n");
}

#[test]
fn expression_with_start_position_shifts_ranges() {
    let (file, id, diags) = parse_expression(
        b"a +\n  b",
        "big.hcl",
        Pos::new(100, 7, 12),
        &ParseOptions::default(),
    );
    assert!(diags.is_empty());
    assert_eq!(
        file.range(file.ast().expr(id).span).to_string(),
        "big.hcl:7,12-8,4"
    );
    assert_eq!(file.range(file.ast().expr(id).span).start.byte, 100);
    let (_, _, diags) = parse_expression(
        b"a b",
        "big.hcl",
        Pos::new(100, 7, 12),
        &ParseOptions::default(),
    );
    assert_eq!(
        diags
            .iter()
            .next()
            .unwrap()
            .subject
            .as_ref()
            .unwrap()
            .to_string(),
        "big.hcl:7,14-15"
    );
}

#[test]
fn standalone_template_and_traversal() {
    let (file, id, diags) = parse_template(
        b"Hello, ${name}!",
        "t.tmpl",
        Pos::start(),
        &ParseOptions::default(),
    );
    assert!(diags.is_empty());
    assert!(matches!(
        file.ast().expr(id).kind,
        ExprKind::Template { .. }
    ));
    let (trav, diags) = parse_traversal_abs(b"foo.bar[0][\"k\"].1", "t", Pos::start());
    assert!(diags.is_empty());
    assert_eq!(trav.to_string(), "foo.bar[0][\"k\"][1]");
    assert_eq!(trav.steps()[2].range().to_string(), "t:1,8-11");
}

#[test]
fn deviation_byte_order_mark_is_an_error() {
    // The spec forbids it (Go skips it silently); positions after it are
    // Go's: bytes counted, columns not.
    let (file, diags) = parse_config(b"\xEF\xBB\xBFa = 1\n", "t.hcl", &ParseOptions::default());
    let d: Vec<String> = diags
        .iter()
        .map(|d| format!("{} @ {:?}", d.summary, d.subject.as_ref().unwrap()))
        .collect();
    assert_eq!(d, ["Invalid byte order mark @ t.hcl:1,1-2 (bytes 0..3)"]);
    let ast = file.ast();
    let a = &ast.body_attributes(ast.body(file.root().unwrap()))[0];
    assert_eq!(
        format!("{:?}", file.range(a.name)),
        "t.hcl:1,1-2 (bytes 3..4)"
    );
}

#[test]
fn deviation_invalid_utf8_in_a_comment_is_reported() {
    // Go accepts any byte in a comment; the spec makes invalid UTF-8 an
    // error everywhere.
    assert_eq!(
        diags_of("config", b"a = 1 # caf\xe9\n"),
        ["Invalid character encoding @ t.hcl:1,12-13"]
    );
}

#[test]
fn deviation_standalone_traversal_accepts_legacy_index() {
    // Go's ParseTraversalAbs rejects `.0` ("Attribute name required"); the
    // spec requires the parser to support the legacy index.
    let (trav, diags) = parse_traversal_abs(b"aws_instance.web.0.id", "t", Pos::start());
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(trav.to_string(), "aws_instance.web[0].id");
    assert_eq!(
        diags_of("traversal", b"a.0.1"),
        ["Invalid legacy index syntax @ t.hcl:1,3-6"]
    );
}

#[test]
fn deviation_chained_legacy_index_is_an_index_with_invalid_key() {
    // Go keeps a traversal step with an unknown key after the error; the
    // tree's steps hold only constant keys, so this is an index
    // expression with an invalid key (both evaluate to an unknown value).
    let (file, diags) = parse_config(b"a = foo.0.1\n", "t.hcl", &ParseOptions::default());
    assert_eq!(
        diags.iter().next().unwrap().summary,
        "Invalid legacy index syntax"
    );
    assert_eq!(
        shape(&file, "a"),
        "Index\n  coll: ScopeTraversal\n    Root foo\n  key: Invalid\n"
    );
}

#[test]
fn deviation_function_call_close_range_after_argument_error() {
    // Go leaves the closing-parenthesis range unset (line 0, column 0)
    // when an argument fails to parse; here it is where recovery stopped.
    let (file, _) = parse_config(b"a = f(1,\n", "t.hcl", &ParseOptions::default());
    let e = file.ast().expr(attr(&file, "a"));
    assert_eq!(file.range(e.span).to_string(), "t.hcl:1,5-2,1");
}

#[test]
fn no_input_makes_the_parser_panic() {
    // A deterministic stream of random inputs built from fragments that
    // exercise every mode of the lexer and every recovery path.
    const FRAGMENTS: &[&[u8]] = &[
        b"a",
        b"=",
        b"{",
        b"}",
        b"[",
        b"]",
        b"(",
        b")",
        b"\"",
        b"${",
        b"%{",
        b"~}",
        b"<<EOT\n",
        b"<<-EOT\n",
        b"EOT\n",
        b"\n",
        b" ",
        b"#c\n",
        b"/*",
        b"*/",
        b"1",
        b"1.5e",
        b".",
        b".*",
        b"[*]",
        b".0",
        b",",
        b"...",
        b"=>",
        b"?",
        b":",
        b"for",
        b"in",
        b"if",
        b"endif",
        b"else",
        b"endfor",
        b"+",
        b"-",
        b"!",
        b"\\",
        b"$",
        b"%",
        b"$${",
        b"\xff",
        b"\xc3",
        b"\xe2\x80\x9c",
        b";",
        b"'",
        b"\r",
        b"\t",
        b"\xef\xbb\xbf",
    ];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    for _ in 0..3000 {
        let len = (next() % 24) as usize;
        let mut src = Vec::new();
        for _ in 0..len {
            src.extend_from_slice(FRAGMENTS[(next() % FRAGMENTS.len() as u64) as usize]);
        }
        let (file, _) = parse_config(&src, "f.hcl", &ParseOptions::default());
        let _ = file.dump();
        let (file, id, _) = parse_expression(&src, "f.hcl", Pos::start(), &ParseOptions::default());
        let _ = dump_expr(&file, id);
        let (file, id, _) = parse_template(&src, "f.hcl", Pos::start(), &ParseOptions::default());
        let _ = dump_expr(&file, id);
        let _ = parse_traversal_abs(&src, "f.hcl", Pos::start());
    }
}

#[test]
fn diagnostics_one_line_block_rules() {
    assert_eq!(diags_of("config", "a { b = 1, c = 2 }\nd { e = 1\n}\nf { g = 1 } h = 2\ni { j { } }\nk { l }\nm { n = 1 }\n".as_bytes()), ["Invalid single-argument block definition @ t.hcl:1,10-11", "Invalid single-argument block definition @ t.hcl:2,10-3,1", "Argument definition required @ t.hcl:5,5-8"] as [&str; 3]);
}
#[test]
fn diagnostics_attribute_redefined() {
    assert_eq!(
        diags_of("config", "a = 1\nb {\n  a = 1\n}\na = 2\n".as_bytes()),
        ["Attribute redefined @ t.hcl:5,1-2"] as [&str; 1]
    );
}
#[test]
fn diagnostics_block_header_errors() {
    assert_eq!(
        diags_of(
            "config",
            "block \"label\" = {}\nblock2\n{\n}\n\"quoted\" = 1\n".as_bytes()
        ),
        [
            "Invalid block definition @ t.hcl:1,15-16",
            "Argument or block definition required @ t.hcl:2,1-7"
        ] as [&str; 2]
    );
}
#[test]
fn diagnostics_missing_newline_after_attribute() {
    assert_eq!(
        diags_of("config", "a = 1, b = 2\nc = 1 d\n".as_bytes()),
        ["Unexpected comma after argument @ t.hcl:1,6-7"] as [&str; 1]
    );
}
#[test]
fn diagnostics_numeric_literals_invalid() {
    assert_eq!(
        diags_of("config", "a = 1.2.3\nb = 1e999999999999\n".as_bytes()),
        [
            "Invalid number literal @ t.hcl:1,5-10",
            "Invalid number literal @ t.hcl:2,5-19"
        ] as [&str; 2]
    );
}
#[test]
fn diagnostics_object_for_ambiguity() {
    assert_eq!(
        diags_of("config", "a = {for = 1, baz = 2}\n".as_bytes()),
        ["Invalid 'for' expression @ t.hcl:1,10-11"] as [&str; 1]
    );
}
#[test]
fn diagnostics_tuple_for_ambiguity() {
    assert_eq!(
        diags_of("config", "a = [for, foo, baz]\n".as_bytes()),
        ["Invalid 'for' expression @ t.hcl:1,9-10"] as [&str; 1]
    );
}
#[test]
fn diagnostics_object_missing_value() {
    assert_eq!(
        diags_of("config", "a = { b }\n".as_bytes()),
        ["Missing key/value separator @ t.hcl:1,9-10"] as [&str; 1]
    );
}
#[test]
fn diagnostics_object_missing_separator() {
    assert_eq!(
        diags_of("config", "a = { b = 1 c = 2 }\n".as_bytes()),
        ["Missing attribute separator @ t.hcl:1,13-14"] as [&str; 1]
    );
}
#[test]
fn diagnostics_for_key_in_tuple() {
    assert_eq!(
        diags_of("config", "a = [for v in l: k => v]\n".as_bytes()),
        ["Invalid 'for' expression @ t.hcl:1,18-19"] as [&str; 1]
    );
}
#[test]
fn diagnostics_for_group_in_tuple() {
    assert_eq!(
        diags_of("config", "a = [for v in l: v...]\n".as_bytes()),
        ["Invalid 'for' expression @ t.hcl:1,19-22"] as [&str; 1]
    );
}
#[test]
fn diagnostics_for_object_without_key() {
    assert_eq!(
        diags_of("config", "a = {for v in l: v}\n".as_bytes()),
        ["Invalid 'for' expression @ t.hcl:1,18-19"] as [&str; 1]
    );
}
#[test]
fn diagnostics_quoted_escapes_invalid() {
    assert_eq!(
        diags_of("config", "a = \"\\q \\u12 \\UD800DC00\"\n".as_bytes()),
        [
            "Invalid escape sequence @ t.hcl:1,6-8",
            "Invalid escape sequence @ t.hcl:1,9-13",
            "Invalid escape sequence @ t.hcl:1,14-24"
        ] as [&str; 3]
    );
}
#[test]
fn diagnostics_template_directive_unbalanced() {
    assert_eq!(
        diags_of(
            "config",
            "a = \"%{ if c }x\"\nb = \"%{ endfor }\"\nc = \"%{ iff c }\"\n".as_bytes()
        ),
        [
            "Unexpected end of template @ t.hcl:1,16-17",
            "Unexpected endfor directive @ t.hcl:2,6-17",
            "Invalid template control keyword @ t.hcl:3,9-12"
        ] as [&str; 3]
    );
}
#[test]
fn diagnostics_interpolation_unclosed() {
    assert_eq!(
        diags_of("config", "a = \"${x\"\n".as_bytes()),
        [
            "Invalid multi-line string @ t.hcl:1,10-2,1",
            "Unclosed template interpolation sequence @ t.hcl:1,6-8"
        ] as [&str; 2]
    );
}
#[test]
fn diagnostics_interpolation_extra() {
    assert_eq!(
        diags_of("config", "a = \"${x y}\"\n".as_bytes()),
        ["Extra characters after interpolation expression @ t.hcl:1,10-11"] as [&str; 1]
    );
}
#[test]
fn diagnostics_unterminated_string() {
    assert_eq!(
        diags_of("config", "a = \"abc\nb = 1\n".as_bytes()),
        [
            "Invalid multi-line string @ t.hcl:1,9-2,1",
            "Invalid multi-line string @ t.hcl:2,6-3,1",
            "Unterminated template string @ t.hcl:1,9-2,1"
        ] as [&str; 3]
    );
}
#[test]
fn diagnostics_unterminated_heredoc() {
    assert_eq!(
        diags_of("config", "a = <<EOT\nhello\n".as_bytes()),
        ["Unterminated template string @ t.hcl:3,1-1"] as [&str; 1]
    );
}
#[test]
fn diagnostics_unterminated_block() {
    assert_eq!(
        diags_of("config", "a {\n  b = 1\n".as_bytes()),
        ["Unclosed configuration block @ t.hcl:1,3-4"] as [&str; 1]
    );
}
#[test]
fn diagnostics_unterminated_tuple() {
    assert_eq!(
        diags_of("config", "a = [1, 2\n".as_bytes()),
        ["Unterminated tuple constructor expression @ t.hcl:1,5-6"] as [&str; 1]
    );
}
#[test]
fn diagnostics_unterminated_object() {
    assert_eq!(
        diags_of("config", "a = {b = 1\n".as_bytes()),
        ["Missing expression @ t.hcl:2,1-1"] as [&str; 1]
    );
}
#[test]
fn diagnostics_unterminated_call() {
    assert_eq!(
        diags_of("config", "a = f(1,\n".as_bytes()),
        ["Missing expression @ t.hcl:2,1-1"] as [&str; 1]
    );
}
#[test]
fn diagnostics_unbalanced_parens() {
    assert_eq!(
        diags_of("config", "a = (1 2)\n".as_bytes()),
        ["Unbalanced parentheses @ t.hcl:1,8-9"] as [&str; 1]
    );
}
#[test]
fn diagnostics_conditional_missing_false() {
    assert_eq!(
        diags_of("config", "a = x ? 1\n".as_bytes()),
        ["Missing false expression in conditional @ t.hcl:1,10-2,1"] as [&str; 1]
    );
}
#[test]
fn diagnostics_legacy_index_chained() {
    assert_eq!(
        diags_of("config", "a = foo.0.1\n".as_bytes()),
        ["Invalid legacy index syntax @ t.hcl:1,9-12"] as [&str; 1]
    );
}
#[test]
fn diagnostics_splat_nested() {
    assert_eq!(
        diags_of("config", "a = x.*.*\n".as_bytes()),
        ["Nested splat expression not allowed @ t.hcl:1,9-10"] as [&str; 1]
    );
}
#[test]
fn diagnostics_splat_missing_bracket() {
    assert_eq!(
        diags_of("config", "a = x[*.y\n".as_bytes()),
        ["Missing close bracket on splat index @ t.hcl:2,1-1"] as [&str; 1]
    );
}
#[test]
fn diagnostics_attribute_name_missing() {
    assert_eq!(
        diags_of("config", "a = x.\n".as_bytes()),
        ["Invalid attribute name @ t.hcl:1,7-2,1"] as [&str; 1]
    );
}
#[test]
fn diagnostics_invalid_characters() {
    assert_eq!(
        diags_of(
            "config",
            "a = 1;\nb = 'x'\nc = a & b\nd = `x`\ne = “q”\n".as_bytes()
        ),
        [
            "Invalid character @ t.hcl:1,6-7",
            "Invalid character @ t.hcl:2,5-6",
            "Unsupported operator @ t.hcl:3,7-8",
            "Invalid character @ t.hcl:4,5-6",
            "Invalid character @ t.hcl:5,5-6",
            "Invalid character @ t.hcl:5,7-8",
            "Missing newline after argument @ t.hcl:1,6-7"
        ] as [&str; 7]
    );
}
#[test]
fn diagnostics_invalid_utf8() {
    assert_eq!(
        diags_of("config", b"a = \"x \xff y\"\nb = \xc3(\n"),
        [
            "Invalid character encoding @ t.hcl:1,8-9",
            "Unterminated template string @ t.hcl:1,8-9"
        ] as [&str; 2]
    );
}
#[test]
fn diagnostics_multi_line_string() {
    assert_eq!(
        diags_of("config", "a = \"one\ntwo\"\n".as_bytes()),
        [
            "Invalid multi-line string @ t.hcl:1,9-2,1",
            "Unterminated template string @ t.hcl:1,9-2,1"
        ] as [&str; 2]
    );
}
#[test]
fn diagnostics_recovery_reports_later_errors() {
    assert_eq!(
        diags_of(
            "config",
            "a = 1 2\nb = \"\\q\"\nc = x ? 1\nd = 1\nd = 2\ne = )\nf {\n  g = 1\n  g = 2\n}\n"
                .as_bytes()
        ),
        [
            "Missing newline after argument @ t.hcl:1,7-8",
            "Invalid escape sequence @ t.hcl:2,6-8",
            "Missing false expression in conditional @ t.hcl:3,10-4,1",
            "Attribute redefined @ t.hcl:5,1-2",
            "Attribute redefined @ t.hcl:9,3-4"
        ] as [&str; 5]
    );
}
#[test]
fn diagnostics_expression_extra_characters() {
    assert_eq!(
        diags_of("expr", "a + b c".as_bytes()),
        ["Extra characters after expression @ t.hcl:1,7-8"] as [&str; 1]
    );
}
#[test]
fn diagnostics_expression_empty() {
    assert_eq!(
        diags_of("expr", "".as_bytes()),
        ["Missing expression @ t.hcl:1,1-1"] as [&str; 1]
    );
}
#[test]
fn diagnostics_traversal_errors() {
    assert_eq!(
        diags_of("traversal", "foo[bar]".as_bytes()),
        ["Index value required @ t.hcl:1,5-8"] as [&str; 1]
    );
}
#[test]
fn diagnostics_traversal_splat() {
    assert_eq!(
        diags_of("traversal", "foo.*".as_bytes()),
        ["Attribute name required @ t.hcl:1,5-6"] as [&str; 1]
    );
}

#[test]
fn long_runs_of_newlines_and_comments_before_a_for_keyword() {
    // The parser scans tokens in batches: looking past newlines for `for`
    // must work across batch boundaries.
    let filler = "\n# comment\n/* inline */\n".repeat(200);
    let long = config(&format!(
        "a = {{{filler}for k in x : k => k}}\nb = {{{filler}k = 1}}\n"
    ));
    let short = config("a = {for k in x : k => k}\nb = {k = 1}\n");
    assert_eq!(shape(&long, "a"), shape(&short, "a"));
    assert_eq!(shape(&long, "b"), shape(&short, "b"));
    assert!(shape(&long, "a").starts_with("For "));
}

#[test]
fn arenas_of_a_dense_file_grow_to_about_its_size() {
    // Far denser than the presizing assumes: one number every 2 bytes. The
    // arenas grow to what the part parsed predicts (once or twice), not by
    // doubling, and the tree is complete.
    let n = 50_000;
    let file = config(&format!("x = [{}]\n", "1,".repeat(n)));
    let ast = file.ast();
    let ExprKind::Tuple { elements } = ast.expr(attr(&file, "x")).kind else {
        panic!()
    };
    assert_eq!(ast.expr_list(elements).len(), n);
    assert!(ast.exprs.len() > n);
    assert!(
        ast.exprs.capacity() < ast.exprs.len() * 3 / 2,
        "{} of {}",
        ast.exprs.len(),
        ast.exprs.capacity()
    );
    assert!(ast.numbers.capacity() < ast.numbers.len() * 3 / 2);
}

// ----- PCL (pcl-syntax-and-types.md; was in `tests/extended_rules.rs`) -----

use crate::native::parse_config_str;

/// The `main.pp` example of `pcl-syntax-and-types.md`.
const MAIN_PP: &str = r#"resource "r" "pkg:index:Resource" {
name = "r"
}
x = { r = r }
output "o" {
value = r.name
}
"#;

#[test]
fn pcl_example_program_parses_to_the_documented_syntax_tree() {
    let (file, diags) = parse_config_str(MAIN_PP, "main.pp");
    assert!(diags.is_empty(), "{diags}");
    let ast = file.ast();
    let root = ast.body(file.root().unwrap());
    // A block of type `resource` with labels "r" and "pkg:index:Resource"
    // and an attribute `name`.
    let blocks = ast.body_blocks(root);
    assert_eq!(blocks.len(), 2);
    assert_eq!(file.span_text(blocks[0].type_name), "resource");
    let labels: Vec<&str> = ast
        .block_labels(&blocks[0])
        .iter()
        .map(|l| file.text(l.text))
        .collect();
    assert_eq!(labels, ["r", "pkg:index:Resource"]);
    let inner = ast.body_attributes(ast.body(blocks[0].body));
    assert_eq!(file.span_text(inner[0].name), "name");
    // An attribute `x` whose expression is an object.
    let attrs = ast.body_attributes(root);
    assert_eq!(attrs.len(), 1);
    assert_eq!(file.span_text(attrs[0].name), "x");
    assert!(matches!(
        ast.expr(attrs[0].expr).kind,
        ExprKind::Object { .. }
    ));
    // A block of type `output` labelled "o" whose `value` is `r.name`.
    assert_eq!(file.span_text(blocks[1].type_name), "output");
    let value = &ast.body_attributes(ast.body(blocks[1].body))[0];
    assert_eq!(file.span_text(value.name), "value");
    assert_eq!(file.span_text(ast.expr(value.expr).span), "r.name");
}
