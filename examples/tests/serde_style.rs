//! Runs the `serde_style` example and checks what it prints.

use std::process::Command;

#[test]
fn serde_style_reads_serde_types_from_a_file() {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "serde_style"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(out.starts_with("orders x3\n"), "{out}");
    assert!(out.contains("  rollout       BlueGreen\n"), "{out}");
    assert!(
        out.contains("  health check  /healthz every 10s, expecting [200, 204]\n"),
        "{out}"
    );
    // "512" converted to the u32 serde asked for.
    assert!(out.contains("  resources     0.5 CPU, 512 MB\n"), "{out}");
    assert!(
        out.contains("  labels        {\"team\": \"checkout\", \"tier\": \"backend\"}\n"),
        "{out}"
    );
    // serde's errors, at the element at fault and at the attribute.
    assert!(
        out.contains("   1: window = { start_hour = 300 }\n                              ^^^\n"),
        "{out}"
    );
    assert!(
        out.contains("Inappropriate value for attribute \"window\": .start_hour: value must be a whole number, between 0 and 255 inclusive."),
        "{out}"
    );
    assert!(
        out.contains(
            "unknown variant `big_bang`, expected one of `rolling`, `blue_green`, `canary`"
        ),
        "{out}"
    );
}
