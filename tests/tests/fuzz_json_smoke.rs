//! The JSON fuzz harness on the stable toolchain: deterministic mutations
//! of the JSON corpus (`hcl-core/tests/json/*.json`) and of hand-written
//! seeds go through parsing, body processing, evaluation, the static
//! analyses and rendering. Any panic fails. (Coverage-guided fuzzing of the
//! same harness: `cargo +nightly fuzz run json` in `fuzz/`.)

use std::path::Path;

use tests::fuzz::{Mutator, exercise_json};

const SEEDS: &[&str] = &[
    r#"{"a": 1, "b": "x${var.name}y", "c": [1, 2, {"d": null}], "//": "comment"}"#,
    r#"{"resource": {"t": {"n": {"count": "${n > 1 ? 2 : 0}", "tags": {"${s}": "v"}}}}}"#,
    r#"[{"block": [{"l0": {"a": 1}}, {"l0": [{"b": 2}, null, 3]}]}, {"block": {}}, 4]"#,
    r#"{"x": "%{ if b }yes%{ else }no%{ endif }", "y": "\u00e9\n${upper(s)}", "z": "first(list...)"}"#,
    r#"{"n": [0.1, 1e400, -0, 12345678901234567890123456789], "k": "var.name", "f": "length(list)"}"#,
];

fn seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = SEEDS.iter().map(|s| s.as_bytes().to_vec()).collect();
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hcl-core/tests/json");
    if let Ok(entries) = std::fs::read_dir(corpus) {
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.extension().is_some_and(|e| e == "json")
                && let Ok(bytes) = std::fs::read(&p)
            {
                out.push(bytes);
            }
        }
    }
    out
}

#[test]
fn json_seeds_do_not_panic() {
    let seeds = seeds();
    assert!(seeds.len() > SEEDS.len(), "the JSON corpus was found");
    for seed in seeds {
        exercise_json(&seed);
    }
}

#[test]
fn json_mutations_do_not_panic() {
    let seeds = seeds();
    let mut mutator = Mutator::new(0x150a);
    let rounds = tests::fuzz::rounds();
    for i in 0..rounds {
        let seed = &seeds[i % seeds.len()];
        let input = mutator.mutate(seed);
        exercise_json(&input);
    }
}

#[test]
fn json_deep_nesting_does_not_overflow() {
    for open in [
        "[",
        "{\"a\":",
        "{\"a\":[",
        "\"${",
        "[\"${[",
        "{\"${{a=",
        "\"%{ if a }",
    ] {
        let text = open.repeat(100_000);
        exercise_json(text.as_bytes());
    }
    let closed = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    exercise_json(closed.as_bytes());
}

#[test]
fn json_hostile_bytes_do_not_panic() {
    let inputs: &[&[u8]] = &[
        b"\xEF\xBB\xBF{\"a\": 1}",
        b"{\"a\": \"\xff\xfe\"}",
        b"{\"a\": \"\\ud800\\udc00\\udfff\\ud800\"}",
        b"{\"a\": 1e99999999999999999999}",
        b"{\"a\": -}",
        b"{\"\\u0000\": \"\\u0000\"}",
        b"\"${\\\"}\"",
        b"{\"a\": \"${\\\"${\\\\\\\"x\\\\\\\"}\\\"}\"}",
        b"\x00\x01\x02",
        b"",
    ];
    for input in inputs {
        exercise_json(input);
    }
}
