//! Every row of `docs/deviations.md` names a test that exists, and says in
//! its "Go mode" column whether `Semantics::Go` restores Go's behaviour
//! (`yes: <go_mode_… test>`, `no: <why>` or `not yet: <where>`).

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

/// The cells of a table row, trimmed (the row's outer bars dropped).
fn cells(line: &str) -> Vec<&str> {
    line.trim()
        .trim_start_matches('|')
        .trim_end_matches('|')
        .split('|')
        .map(str::trim)
        .collect()
}

#[test]
fn every_deviation_row_says_what_go_mode_does() {
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

    let header = doc
        .lines()
        .find(|l| l.starts_with("| # |"))
        .expect("the deviation table's header");
    let header = cells(header);
    let column = header
        .iter()
        .position(|c| *c == "Go mode")
        .expect("a \"Go mode\" column");
    assert_eq!(
        header.last(),
        Some(&"Test"),
        "the deviation test stays the last column"
    );

    let (mut rows, mut yes) = (0, 0);
    for line in doc
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| #"))
    {
        let row = cells(line);
        if row.first().is_none_or(|c| c.parse::<u32>().is_err()) {
            continue;
        }
        rows += 1;
        assert_eq!(
            row.len(),
            header.len(),
            "row {}: wrong number of cells",
            row[0]
        );
        let cell = row[column];
        if let Some(test) = cell.strip_prefix("yes: ") {
            yes += 1;
            let name = test
                .trim_matches('`')
                .rsplit("::")
                .next()
                .unwrap_or_default();
            assert!(
                name.starts_with("go_mode_"),
                "row {}: Go-mode tests are named go_mode_…: {name}",
                row[0]
            );
            let needle = format!("fn {name}(");
            assert!(
                sources.iter().any(|s| s.contains(&needle)),
                "row {}: docs/deviations.md names `{name}`, which is not a test in the tree",
                row[0]
            );
        } else if let Some(place) = cell.strip_prefix("not yet: ") {
            assert!(!place.is_empty(), "row {}: say where", row[0]);
        } else if let Some(why) = cell.strip_prefix("no: ") {
            assert!(!why.is_empty(), "row {}: say why", row[0]);
        } else {
            panic!(
                "row {}: the Go mode cell must be `yes: <test>`, `no: <why>` or `not yet: <where>`, not {cell:?}",
                row[0]
            );
        }
    }
    assert!(
        rows >= 20,
        "expected the deviation table, found {rows} rows"
    );
    assert!(
        yes >= 12,
        "expected the value rows restored in Go mode, found {yes}"
    );
}
