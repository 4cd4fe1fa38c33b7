//! Deep nesting through decoding: nested blocks decoded by the derive and
//! by an `hcldec` spec file, on a thread with Rust's default 2 MiB stack
//! (tests run in debug builds, whose frames are the largest). 1,000 levels
//! work; deeper input is one "Nesting too deep" diagnostic.

use std::fmt::Write as _;

use hcl_decode::HclBody;
use hcl_decode::hcl_core::native::{ParseOptions, parse_config_str};
use hcl_decode::hcl_core::{EvalContext, Value};
use hcl_decode::spec::{decode, parse_spec_file};

/// Rust's default stack size for spawned threads.
const STACK: usize = 2 << 20;

fn small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("thread")
}

#[derive(HclBody, Debug)]
struct Node {
    v: Option<i64>,
    #[hcl(block)]
    b: Vec<Node>,
}

/// `b { v = 0 b { v = 1 ... } }`, `n` blocks deep.
fn nested_blocks(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        let _ = writeln!(s, "b {{\nv = {i}");
    }
    s.push_str(&"}\n".repeat(n));
    s
}

#[test]
fn derive_decodes_1000_nested_blocks() {
    let depth = small_stack(|| {
        let root: Node = hcl_decode::from_str(&nested_blocks(1_000), "deep.hcl").expect("decodes");
        let mut depth = 0;
        let mut node = &root;
        while let Some(child) = node.b.first() {
            assert_eq!(child.v, Some(depth));
            depth += 1;
            node = child;
        }
        depth
    });
    assert_eq!(depth, 1_000);
}

#[test]
fn derive_reports_far_too_deep_blocks_once() {
    let err = small_stack(|| {
        hcl_decode::from_str::<Node>(&nested_blocks(100_000), "deep.hcl")
            .expect_err("too deep")
            .to_string()
    });
    assert_eq!(err.matches("Nesting too deep").count(), 1, "{err}");
}

/// An `hcldec` spec for `n` nested `b` blocks, each with a number `v`: two
/// levels of the spec file per block.
fn nested_spec(n: usize) -> String {
    let mut s = String::from("object {\n");
    for _ in 0..n {
        s.push_str("block \"b\" {\nblock_type = \"b\"\nobject {\nattr \"v\" {\ntype = number\n}\n");
    }
    s.push_str(&"}\n}\n".repeat(n));
    s.push_str("}\n");
    s
}

#[test]
fn spec_file_nesting_1000_levels_decodes() {
    // 499 blocks: the spec file nests 999 levels.
    const BLOCKS: usize = 499;
    let value = small_stack(|| {
        let (spec, diags) = parse_spec_file(nested_spec(BLOCKS).as_bytes(), "deep.hcldec");
        assert!(diags.is_empty(), "{diags}");
        let (file, diags) = parse_config_str(&nested_blocks(BLOCKS), "deep.hcl");
        assert!(diags.is_empty(), "{diags}");
        let (value, diags) = decode(&file.body(), &spec.root, &EvalContext::literal_only());
        assert!(diags.is_empty(), "{diags}");
        value
    });
    let mut v = &value;
    for i in 0..BLOCKS {
        v = v.get("b").expect("block b");
        assert_eq!(v.get("v"), Some(&Value::number(i as i64)));
    }
    assert_eq!(v.get("b"), None);
}

#[test]
fn spec_file_nested_too_deep_is_one_diagnostic() {
    let diags = small_stack(|| {
        let blocks = ParseOptions::DEFAULT_MAX_DEPTH * 50;
        parse_spec_file(nested_spec(blocks).as_bytes(), "deep.hcldec").1
    });
    let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_ref()).collect();
    assert_eq!(summaries, ["Nesting too deep"], "{diags}");
}

/// `dynamic "b" { for_each = [i] content { v = b.value ... } }`, `n` deep:
/// two block levels each.
fn nested_dynamic_blocks(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        let _ = writeln!(
            s,
            "dynamic \"b\" {{\nfor_each = [{i}]\ncontent {{\nv = b.value"
        );
    }
    s.push_str(&"}\n}\n".repeat(n));
    s
}

#[test]
fn dynamic_blocks_nested_to_the_limit_expand() {
    // Two block levels per dynamic block: as deep as the parser accepts.
    const LEVELS: usize = 500;
    let depth = small_stack(|| {
        let root: Node = hcl_decode::Decoder::new()
            .decode_str(&nested_dynamic_blocks(LEVELS), "deep.hcl")
            .expect("decodes");
        let mut depth = 0;
        let mut node = &root;
        while let Some(child) = node.b.first() {
            assert_eq!(child.v, Some(depth));
            depth += 1;
            node = child;
        }
        depth
    });
    assert_eq!(depth, LEVELS as i64);
}
