//! Runs the `screens` example: plain text when standard error is not a
//! terminal, JSON on request.

use std::process::Command;

fn run(args: &[&str]) -> std::process::Output {
    let mut all = vec!["run", "--quiet", "--example", "screens", "--"];
    all.extend_from_slice(args);
    Command::new(env!("CARGO"))
        .args(all)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs")
}

#[test]
fn plain_text_when_redirected() {
    let output = run(&[]);
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(!err.contains('\x1b'), "{err}");
    assert!(
        err.starts_with(
            "Error: Invalid attribute value\n\n  on server.hcl line 1:\n   1: bind    = \"localhost:80\"\n                ^^^^^^^^^^^^^^\n"
        ),
        "{err}"
    );
    assert!(
        err.contains("time: missing unit in duration \"30\""),
        "{err}"
    );
}

#[test]
fn json_on_request() {
    let output = run(&["--json"]);
    assert!(output.status.success());
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.starts_with("{\n  \"diagnostics\": [\n    {\n      \"severity\": \"error\",\n      \"summary\": \"Invalid attribute value\",\n"), "{out}");
    assert_eq!(out.matches("\"severity\"").count(), 2, "{out}");
}
