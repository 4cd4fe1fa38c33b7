//! Runs the `pipeline` example and checks what it prints.

use std::process::Command;

#[test]
fn pipeline_steps_in_source_order_plugins_by_label_and_every_mistake_in_one_run() {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "pipeline"])
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
        .split_once("data/pipeline_broken.hcl:")
        .expect("both files");

    // Steps of several types, in the order they are written; plugins
    // chosen by label; a value enum, defaults and durations.
    assert!(
        good.contains(
            "pipeline release (timeout 90 min, log level Info)\n\
             \x20 executor: docker rust:1.85 (privileged: false, volumes: [\"/cache:/cache\"])\n\
             \x20 stage build\n\
             \x20   1. checkout https://git.example.com/app.git at main\n\
             \x20   2. cache cargo-v2 [\"~/.cargo\", \"target\"]\n\
             \x20   3. run `cargo build --release` (at most 20 min)\n\
             \x20   4. run `cargo test --release` (at most 25 min)\n\
             \x20   5. upload target/release/app\n\
             \x20 stage deploy\n\
             \x20   1. run `./deploy.sh production` (at most 10 min)\n\
             \x20   notify slack #releases\n\
             \x20   notify email ops@example.com, lead@example.com\n"
        ),
        "{out}"
    );
    assert!(
        good.contains(
            "pipeline nightly (timeout 45 min, log level Warn)\n  executor: shell /bin/bash\n"
        ),
        "{out}"
    );

    // The broken file: the core's mistakes, the plugins' (inside a
    // label-dispatched block), and the validators', all in one run.
    assert!(broken.contains("\n8 errors\n"), "{out}");
    for expected in [
        "Inappropriate value for attribute \"log_level\": value must be one of \"debug\", \"info\", \"warn\" or \"error\", not \"verbose\".",
        "The executor type must be \"docker\" or \"shell\"; \"dokcer\" is not supported. Did you mean \"docker\"?",
        "   5:   executor \"dokcer\" {\n                 ^^^^^^^^\n",
        "Blocks of type \"rnu\" are not expected here. Did you mean \"run\"?",
        "Inappropriate value for attribute \"channel\": a Slack channel starts with \"#\": \"#releases\".",
        "The stage \"deploy\" has no steps.",
        "Inappropriate value for attribute \"timeout\": \"an hour\" is not a duration such as \"1h30m\", \"20m\" or \"45s\".",
        "An argument named \"privilegd\" is not expected here. Did you mean \"privileged\"?",
        "Error: Pipeline timeout too short\n\n  on data/pipeline_broken.hcl line 47:\n  47:   timeout = \"5m\"\n",
        "The run steps may take 15 minutes, but the pipeline times out after 5.",
    ] {
        assert!(broken.contains(expected), "{expected}\n{out}");
    }
    // In source order.
    let at = |s: &str| broken.find(s).unwrap_or_else(|| panic!("{s}\n{out}"));
    assert!(
        at("line 3:") < at("line 5:") && at("line 5:") < at("line 13:"),
        "{out}"
    );
    assert!(at("line 35:") < at("line 47:"), "{out}");
}
