//! The lossless document's fuzz harness on the stable toolchain:
//! deterministic mutations of the formatter corpus and of hand-written
//! seeds through parsing, printing and edits. Any panic or broken
//! invariant fails. (Coverage-guided: `cargo +nightly fuzz run edit`, see
//! `fuzz/README.md`.)

use tests::fuzz::Mutator;
use tests::fuzz_edit::exercise_edit;

const SEEDS: &[&[u8]] = &[
    b"a=1\nbb = [1,2] # c\nblock \"l\" {\n x = { k = v }\n}\n",
    b"x = <<-EOT\n  hello ${ s }\n  %{ for p in ports }${p}%{ endfor }\nEOT\n",
    b"a = 1\r\nb = \"\xff\x00\"\r\n",
    b"# lead\nb \"x\" { a = 1 }\nc {}\nd = 1",
    b"a = \"unterminated ${ x\n",
    b"a = <<EOT\nno end",
    b"\ra\r = \r1\n/* open comment",
    b"/* a */ a = [for x in [1]: -x if !x] // end",
];

fn seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = SEEDS.iter().map(|s| s.to_vec()).collect();
    out.extend(tests::fuzz::format_corpus_inputs());
    out
}

#[test]
fn seeds_keep_the_invariants() {
    for seed in seeds() {
        exercise_edit(&seed);
    }
}

#[test]
fn mutations_keep_the_invariants() {
    let seeds = seeds();
    let mut mutator = Mutator::new(0xed_17);
    let rounds = tests::fuzz::rounds();
    for i in 0..rounds {
        let input = mutator.mutate(&seeds[i % seeds.len()]);
        exercise_edit(&input);
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    let run = || {
        for open in [
            "a = [",
            "a = (",
            "a = {",
            "a = \"${",
            "a = <<EOT\n${",
            "b {\n",
            "b { ",
        ] {
            let text = open.repeat(100_000);
            exercise_edit(text.as_bytes());
        }
    };
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(run)
        .expect("thread")
        .join()
        .expect("no overflow");
}
