//! The formatter's fuzz harness on the stable toolchain: deterministic
//! mutations of the formatter corpus and of hand-written seeds (broken
//! input of every kind) through the scanner and the formatter. Any panic
//! or broken invariant fails. (Coverage-guided: `cargo +nightly fuzz run
//! format`, see `fuzz/README.md`.)

use tests::fuzz::Mutator;
use tests::fuzz_format::exercise_format;

const SEEDS: &[&[u8]] = &[
    b"a=1\nbb = [1,2] # c\nblock \"l\" {\n x = { k = v }\n}\n",
    b"x = <<-EOT\n  hello ${ s }\n  %{ for p in ports }${p}%{ endfor }\nEOT\n",
    b"\xEF\xBB\xBFa = 1\r\nb = \"\xff\x00\"\r\n",
    b"a = \"unterminated ${ x\n",
    b"a = <<EOT\nno end",
    b"\ra\r = \r1\n/* open comment",
    b"a = [for x in [1]: -x if !x]\n# end",
];

fn seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = SEEDS.iter().map(|s| s.to_vec()).collect();
    out.extend(tests::fuzz::format_corpus_inputs());
    out
}

#[test]
fn seeds_keep_the_invariants() {
    for seed in seeds() {
        exercise_format(&seed);
    }
}

#[test]
fn mutations_keep_the_invariants() {
    let seeds = seeds();
    let mut mutator = Mutator::new(0xf0_4a7);
    let rounds = tests::fuzz::rounds();
    for i in 0..rounds {
        let input = mutator.mutate(&seeds[i % seeds.len()]);
        exercise_format(&input);
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    for open in ["[", "(", "{", "\"${", "<<EOT\n${", "%{ if "] {
        let text = open.repeat(100_000);
        exercise_format(text.as_bytes());
    }
    // Nesting over many lines indents each line by its depth, so the output
    // grows with the square of the depth (as Go's does): 5,000 lines here
    // give 25 MB.
    let text = "a {\n".repeat(5_000);
    exercise_format(text.as_bytes());
}
