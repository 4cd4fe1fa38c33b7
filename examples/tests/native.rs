//! Runs the `native` example and checks what it prints.

use std::process::Command;

#[test]
fn native_example_reads_a_file_and_reports_a_broken_one() {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "native"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("  port = 8081"), "{out}");
    assert!(out.contains("  replicas = 4"), "{out}");
    assert!(out.contains("    address = \"127.0.0.1:981\""), "{out}");
    assert!(out.contains("\"eu-west-1a\" = \"EU-WEST-1A\""), "{out}");
    // The broken file: a typo with a suggestion, a missing label, a
    // syntax error; each rendered with its line.
    assert!(out.contains("Did you mean \"port\"?"), "{out}");
    assert!(out.contains("Missing name for listener"), "{out}");
    assert!(out.contains("on "), "{out}");
    assert!(out.contains("broken.hcl line 8"), "{out}");
}
