//! Parsing throughput of the JSON syntax against serde_json (into
//! `serde_json::Value`), on the same document, in the same run.
//!
//! The document is the JSON form of the benchmark corpus: the
//! Terraform-style HCL of `corpus::generate`, parsed by our native parser
//! and converted as a JSON generator for HCL would write it:
//!
//! - a body is an object; a block is a property named by its type, with
//!   one level of nested objects per label, then the block's body;
//! - a number, `true`, `false` or `null` is the JSON literal, a quoted
//!   string is the same JSON string (the corpus's escapes are JSON's),
//!   a heredoc is a JSON string of its text (newlines escaped);
//! - tuple and object constructors are JSON arrays and objects of their
//!   converted elements;
//! - any other expression (references, calls, operators, `for`
//!   expressions, conditionals) is a JSON string holding it as a template
//!   interpolation, `"${...}"`, as the spec suggests.
//!
//! Both parsers read the same bytes; throughput is reported in MB/s of
//! JSON text. Ours keeps what serde_json drops (property order, duplicate
//! names, every value's source range, exact numbers) and checks what HCL
//! needs (valid UTF-8, escapes).
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench json

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use hcl_bench::corpus;
use hcl_core::body::{Block, BlockHeaderSchema, Body, BodySchema};
use hcl_core::native::{ParseOptions, parse_config};
use hcl_core::{EvalContext, Expression};

const MB: usize = 1 << 20;

/// The block types of the corpus and their labels, by nesting level.
fn schema(nested: bool) -> BodySchema {
    let blocks: &[(&str, usize)] = if nested {
        &[("validation", 0), ("ingress", 0), ("lifecycle", 0)]
    } else {
        &[
            ("variable", 1),
            ("locals", 0),
            ("output", 1),
            ("module", 1),
            ("resource", 2),
        ]
    };
    let mut s = BodySchema::new();
    for &(name, labels) in blocks {
        let mut h = BlockHeaderSchema::new(name);
        for l in 0..labels {
            h = h.label(format!("l{l}"));
        }
        s = s.block(h);
    }
    s
}

fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The text of a heredoc's body, its indentation stripped for `<<-`.
fn heredoc_text(text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let first = lines.remove(0);
    lines.pop();
    let indent = if first.starts_with("<<-") {
        lines
            .iter()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.len() - l.trim_start().len())
            .min()
            .unwrap_or(0)
    } else {
        0
    };
    let mut out = String::new();
    for l in lines {
        out.push_str(l.get(indent..).unwrap_or(""));
        out.push('\n');
    }
    out
}

fn expression(out: &mut String, src: &str, expr: &dyn Expression) {
    let range = expr.range();
    let text = src
        .get(range.start.offset()..range.end.offset())
        .unwrap_or("");
    if let Ok(items) = expr.static_list() {
        out.push('[');
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            expression(out, src, item.as_ref());
        }
        out.push(']');
    } else if let Ok(pairs) = expr.static_map() {
        out.push('{');
        for (i, pair) in pairs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let (key, diags) = pair.key.value(&EvalContext::literal_only());
            match key.as_str() {
                Some(k) if !diags.has_errors() => json_string(out, k),
                _ => {
                    let r = pair.key.range();
                    let k = src.get(r.start.offset()..r.end.offset()).unwrap_or("");
                    json_string(out, &format!("${{{k}}}"));
                }
            }
            out.push_str(": ");
            expression(out, src, pair.value.as_ref());
        }
        out.push('}');
    } else if text.parse::<f64>().is_ok()
        || matches!(text, "true" | "false" | "null")
        || (text.starts_with('"') && text.ends_with('"') && !text.contains('\n'))
    {
        // A literal, or a quoted template: the same text in JSON.
        out.push_str(text);
    } else if text.starts_with("<<") {
        json_string(out, &heredoc_text(text));
    } else {
        json_string(out, &format!("${{{text}}}"));
    }
}

fn body(out: &mut String, src: &str, b: &dyn Body, nested: bool, indent: usize) {
    let (content, rest, diags) = b.partial_content(&schema(nested));
    assert!(!diags.has_errors(), "{diags}");
    let (attrs, diags) = rest.just_attributes();
    assert!(!diags.has_errors(), "{diags}");
    let pad = "  ".repeat(indent + 1);
    out.push_str("{\n");
    let mut first = true;
    let mut sep = |out: &mut String| {
        if !first {
            out.push_str(",\n");
        }
        first = false;
    };
    for (name, attr) in &attrs {
        sep(out);
        out.push_str(&pad);
        json_string(out, name);
        out.push_str(": ");
        expression(out, src, attr.expr.as_ref());
    }
    for block in &content.blocks {
        sep(out);
        out.push_str(&pad);
        block_json(out, src, block, indent + 1);
    }
    out.push('\n');
    out.push_str(&"  ".repeat(indent));
    out.push('}');
}

fn block_json(out: &mut String, src: &str, block: &Block, indent: usize) {
    json_string(out, &block.type_name);
    out.push_str(": ");
    for label in &block.labels {
        out.push('{');
        json_string(out, label);
        out.push_str(": ");
    }
    body(out, src, block.body.as_ref(), true, indent);
    for _ in &block.labels {
        out.push('}');
    }
}

/// The JSON form of about `size` bytes of generated HCL.
fn json_corpus(size: usize) -> String {
    let hcl = corpus::generate(size, 42);
    let (file, diags) = parse_config(hcl.as_bytes(), "bench.hcl", &ParseOptions::default());
    assert!(!diags.has_errors(), "{diags}");
    let mut out = String::with_capacity(hcl.len() * 3 / 2);
    body(&mut out, &hcl, &file.body(), false, 0);
    out.push('\n');
    out
}

/// The best time of several runs of `f`.
fn best_time(budget: Duration, mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < 3 || (start.elapsed() < budget && runs < 50) {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
        runs += 1;
    }
    best
}

fn ours(text: &str) {
    let (file, diags) = hcl_core::json::parse(text.as_bytes(), "bench.json");
    assert!(!diags.has_errors(), "{diags}");
    black_box(file);
}

fn serde(text: &str) {
    let value: serde_json::Value = serde_json::from_str(text).expect("valid JSON");
    black_box(value);
}

fn mb_per_s(bytes: usize, d: Duration) -> f64 {
    bytes as f64 / MB as f64 / d.as_secs_f64()
}

fn main() {
    println!("JSON syntax parse, the generated Terraform-style corpus as JSON");
    println!(
        "{:>8} {:>10} {:>12} {:>14} {:>18}",
        "HCL size", "JSON size", "ours MB/s", "serde_json MB/s", "ours / serde_json"
    );
    for size in [MB, 10 * MB] {
        let text = json_corpus(size);
        // Both read the document the same way.
        let check: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        assert!(check.is_object());
        let (file, diags) = hcl_core::json::parse(text.as_bytes(), "bench.json");
        assert!(diags.is_empty(), "{diags}");
        assert!(file.value_count() > 1000);
        let t_ours = best_time(Duration::from_secs(3), || ours(&text));
        let t_serde = best_time(Duration::from_secs(3), || serde(&text));
        println!(
            "{:>6}MB {:>8.1}MB {:>12.1} {:>14.1} {:>17.2}x",
            size / MB,
            text.len() as f64 / MB as f64,
            mb_per_s(text.len(), t_ours),
            mb_per_s(text.len(), t_serde),
            t_serde.as_secs_f64() / t_ours.as_secs_f64(),
        );
    }
}
