//! Runs the `plugins` example and checks what it prints.

use std::process::Command;

#[test]
fn plugins_decode_one_file_in_layers_and_leftovers_get_suggestions_from_every_layer() {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "plugins"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (good, broken) = out
        .split_once("data/gateway_broken.hcl:")
        .expect("both files");

    // Each layer got its part of the good file, and nothing was left.
    assert!(good.contains("  core        edge on port 8443\n"), "{out}");
    assert!(
        good.contains("/reports -> http://reports.internal:8080 [\"GET\"]"),
        "{out}"
    );
    assert!(
        good.contains("  auth        OIDC by https://login.example.com as edge-gateway, API keys [ci (sha256)]\n"),
        "{out}"
    );
    assert!(
        good.contains("  rate-limit  200 requests per second, bursts of 400\n"),
        "{out}"
    );
    assert!(good.contains("  everything was consumed\n"), "{out}");

    // The broken file: a plugin's own mistake, and the leftovers, each
    // with a suggestion from the layer that knows the name.
    assert!(broken.contains("  rate-limit  (not configured)\n"), "{out}");
    assert!(broken.contains("\n4 errors\n"), "{out}");
    for expected in [
        "Blocks of type \"rout\" are not expected here. Did you mean \"route\"?",
        "Blocks of type \"api_kye\" are not expected here. Did you mean \"api_key\"?",
        "Inappropriate value for attribute \"requests_per_second\": a number is required.",
        "An argument named \"brust\" is not expected here. Did you mean \"burst\"?",
        "  23: brust               = 50\n      ^^^^^\n",
    ] {
        assert!(broken.contains(expected), "{expected}\n{out}");
    }
    assert!(!broken.contains("everything was consumed"), "{out}");
}
