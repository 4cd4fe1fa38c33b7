//! Parses a file of one line repeated (`#` in the line is replaced by the
//! line number, `\n` by a newline), for per-construct instruction counts:
//! valgrind --tool=callgrind target/release/examples/micro 'a# = 1' 10000
use hcl_core::native::{ParseOptions, parse_config};

fn main() {
    let mut args = std::env::args().skip(1);
    let line = args
        .next()
        .unwrap_or_else(|| "a# = 1".into())
        .replace("\\n", "\n");
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10000);
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&line.replace('#', &i.to_string()));
        text.push('\n');
    }
    let (file, diags) = parse_config(text.as_bytes(), "m.hcl", &ParseOptions::default());
    assert!(!diags.has_errors(), "{diags}");
    std::hint::black_box(file);
}
