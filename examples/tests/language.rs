//! Runs the `language` example: a two-file Nomad-style job with variables,
//! locals, a user function and a dynamic block, then its bad-input run.

use std::process::Command;

#[test]
fn language_example_decodes_two_files_and_reports_bad_inputs() {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "language"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for line in [
        "job web x3 in eu-west-a,eu-west-b",
        "port http 8080/tcp",
        "port metrics 9100/udp",
        "env BANNER=eu-west/ha",
        "var.replicas = 3 (input)",
        "var.token = (sensitive) (default)",
        "local.tier = \"ha\"",
        "--- 2 diagnostics",
        "Invalid value for variable; At least one replica.",
        "An input variable named \"regoin\" was given by the application",
    ] {
        assert!(out.contains(line), "missing {line:?} in\n{out}");
    }
    assert!(!out.contains("s3cr3t-token"), "{out}");
}
