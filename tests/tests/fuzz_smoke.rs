//! The fuzz harness on the stable toolchain: thousands of deterministic
//! mutations of the golden corpus and of hand-written seeds go through
//! parsing, body processing, evaluation and rendering. Any panic fails.
//! (Coverage-guided fuzzing of the same harness: see `fuzz/README.md`.)

use std::path::Path;

use tests::fuzz::{Mutator, exercise};

const SEEDS: &[&str] = &[
    "a = 1\nb = \"x${var.name}y\"\nc = [for i, v in list : v.name if i < 1]\n",
    "resource \"t\" \"n\" {\n  count = n > 1 ? 2 : 0\n  tags = { for k, v in var.tags : k => upper(v)... }\n}\n",
    "x = <<-EOT\n  hello ${s}\n  %{ for p in var.ports }${p} %{ endfor }\nEOT\n",
    "y = list[*].ports[0]\nz = var.*.name\nw = first(list...)\nv = -n % 3 / 0.5 + (n * 2) == 6 && !b || null\n",
    "block {\n  inner \"l\" { a = unk + dyn }\n}\n",
];

fn seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = SEEDS.iter().map(|s| s.as_bytes().to_vec()).collect();
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hcl-core/tests/native_parse");
    if let Ok(entries) = std::fs::read_dir(corpus) {
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.extension().is_some_and(|e| e == "hcl")
                && let Ok(bytes) = std::fs::read(&p)
            {
                out.push(bytes);
            }
        }
    }
    out
}

#[test]
fn seeds_do_not_panic() {
    for seed in seeds() {
        exercise(&seed);
    }
}

#[test]
fn mutations_do_not_panic() {
    let seeds = seeds();
    let mut mutator = Mutator::new(0x5eed);
    let rounds = tests::fuzz::rounds();
    for i in 0..rounds {
        let seed = &seeds[i % seeds.len()];
        let input = mutator.mutate(seed);
        exercise(&input);
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    for open in ["[", "(", "{a=", "\"${", "!", "-", "a {\n"] {
        let text = open.repeat(100_000);
        exercise(text.as_bytes());
    }
}
