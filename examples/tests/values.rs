//! Runs the `values` example and checks what it prints.

use std::process::Command;

#[test]
fn values_example_prints_conversions() {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "values"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("\"port\" = 8080"), "{stdout}");
    assert!(stdout.contains("\"replicas\" = null"), "{stdout}");
    assert!(
        stdout.contains("\"tags\" = [\"web\", \"true\", \"7\"]"),
        "{stdout}"
    );
    assert!(
        stdout.contains("error:     .tags[1]: string required"),
        "{stdout}"
    );
    assert!(stdout.contains("= string"), "{stdout}");
    assert!(
        stdout.contains(&format!("11 % 5.1 = 0.8{}24", "0".repeat(152))),
        "{stdout}"
    );
}
