//! Runs the `migrate` example: the legacy file comes out in the new format
//! with its comments and untouched lines as they were, and decodes.

use std::process::Command;

#[test]
fn migrate_example_keeps_comments_and_decodes() {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "migrate"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let expected = "\
# Settings of the billing service (format 1).
# Reviewed by ops on 2026-03-02: do not lower the worker count.

name    = \"billing\"
port    = 8080 # behind the load balancer
workers = 8

/* The old name of the upstream block was \"backend\". */
upstream \"ledger\" {
  address = \"10.0.4.12:7000\"
  timeout = \"2.5s\" # the ledger is slow at month end
}
format = 2
";
    assert!(stdout.contains(expected), "{stdout}");
    assert!(
        stdout.contains("--- 6 of 13 lines kept as written"),
        "{stdout}"
    );
    assert!(
        stdout.contains("--- reads as format 2: billing on port 8080 with 8 workers\n    upstream ledger at 10.0.4.12:7000, timeout 2.5s"),
        "{stdout}"
    );
    // The migrated file is in hclfmt's layout, as the legacy one was.
    let legacy = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/migrate/legacy.hcl"),
    )
    .expect("bundled");
    assert_eq!(hcl_core::format::format_str(&legacy), legacy);
    assert_eq!(hcl_core::format::format_str(expected), expected);
}
