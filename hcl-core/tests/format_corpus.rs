//! The formatter against Go's `hclwrite.Format`: every `NAME.in` under
//! `tests/format/` must format to `NAME.out`, byte for byte, as Go's
//! `hclfmt` formatted it (`scripts/format-corpus.sh record` re-records the
//! outputs; the corpus and its sources are described in
//! `tests/format/README.md`).

use std::path::{Path, PathBuf};

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/format");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(&root)
        .expect("corpus directory")
        .flatten()
    {
        if !dir.path().is_dir() {
            continue;
        }
        for entry in std::fs::read_dir(dir.path())
            .expect("corpus group")
            .flatten()
        {
            if entry.path().extension().is_some_and(|e| e == "in") {
                out.push(entry.path());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn corpus_formats_as_go_does() {
    let cases = cases();
    assert!(cases.len() > 50, "corpus missing: {} cases", cases.len());
    let mut failures = Vec::new();
    for input in &cases {
        let src = std::fs::read(input).expect("input");
        let want = std::fs::read(input.with_extension("out")).expect("expected output");
        let got = hcl_core::format::format(&src);
        if got != want {
            failures.push(format!(
                "{}:\n--- want\n{}\n--- got\n{}",
                input.display(),
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&got)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from Go:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn formatting_the_corpus_output_again_keeps_it() {
    // Go's output is a fixed point of Go's formatter for these files; so
    // must it be of ours.
    for input in cases() {
        let want = std::fs::read(input.with_extension("out")).expect("expected output");
        if std::fs::read(input.with_extension("status")).is_ok_and(|s| s.starts_with(b"0")) {
            assert_eq!(
                String::from_utf8_lossy(&hcl_core::format::format(&want)),
                String::from_utf8_lossy(&want),
                "{}",
                input.display()
            );
        }
    }
}
