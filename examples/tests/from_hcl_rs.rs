//! Runs the `from_hcl_rs` example and checks what it prints: a program
//! written for hcl-rs's serde API, run on ours, its expressions evaluated,
//! and the broken file's mistake located.

use std::process::Command;

#[test]
fn a_program_written_for_hcl_rs_runs_on_ours() {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "from_hcl_rs"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(out.contains("shop in eu-west-1"), "{out}");
    assert!(
        out.contains(
            "service web: registry.example.com/WEB:1.4 x6, rolling (max surge 1), ports 8080/http"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "service worker: registry.example.com/worker:1.4 x1, recreate, ports 9000/tcp, 9001/http"
        ),
        "{out}"
    );
    assert!(out.contains("Error: Unsupported argument"), "{out}");
    assert!(out.contains("  on broken.hcl line 8"), "{out}");
    assert!(
        out.contains(
            "service[\"web\"].port[0]: An argument named \"numbr\" is not expected here. Did you mean \"number\"?"
        ),
        "{out}"
    );
}
