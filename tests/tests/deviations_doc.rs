//! Every row of `docs/deviations.md` names a test that exists.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_deviation_row_names_an_existing_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let doc = std::fs::read_to_string(root.join("docs/deviations.md")).expect("docs/deviations.md");
    let mut files = Vec::new();
    for dir in [
        "hcl-core",
        "hcl-functions",
        "hcl-decode",
        "hcl-derive",
        "hcldec",
        "tests",
    ] {
        rust_files(&root.join(dir), &mut files);
    }
    let sources: Vec<String> = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .collect();

    let mut rows = 0;
    for line in doc
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| #"))
    {
        let Some(cell) = line.trim_end_matches('|').rsplit('|').next() else {
            continue;
        };
        let Some(name) = cell.trim().trim_matches('`').rsplit("::").next() else {
            continue;
        };
        if name.is_empty() || name.starts_with("---") {
            continue;
        }
        rows += 1;
        let needle = format!("fn {name}(");
        assert!(
            sources.iter().any(|s| s.contains(&needle)),
            "docs/deviations.md names `{name}`, which is not a test in the tree"
        );
        assert!(
            name.starts_with("deviation_"),
            "deviation tests are named deviation_…: {name}"
        );
    }
    assert!(
        rows >= 20,
        "expected the deviation table, found {rows} rows"
    );
}
