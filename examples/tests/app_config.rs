//! Runs the `app_config` example and checks what it prints: the decoded
//! configuration, then every mistake of the broken file, in one run.

use std::process::Command;

#[test]
fn app_config_decodes_a_file_and_reports_every_mistake_of_a_broken_one() {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "app_config"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );

    // The good file: defaults, blocks keyed by label, optional blocks,
    // durations by a custom conversion, a variable.
    assert!(
        out.contains("service        orders (staging), log level Debug"),
        "{out}"
    );
    assert!(
        out.contains(
            "listener admin  127.0.0.1:9000, timeout 30s, no TLS, defined at data/app.hcl:18,1-17"
        ),
        "{out}"
    );
    assert!(
        out.contains("listener public 0.0.0.0:8443, timeout 60s, TLS (/etc/orders/tls.crt, /etc/orders/tls.key)"),
        "{out}"
    );
    assert!(
        out.contains("database       postgres://orders@db.internal:5432/orders, pool of 20, connect timeout 5s"),
        "{out}"
    );
    assert!(
        out.contains("retry          5 attempts, backoff 250ms"),
        "{out}"
    );
    assert!(
        out.contains("feature flags  beta_reports=false new_checkout=true"),
        "{out}"
    );

    // The broken file: each mistake once, in source order, with its line.
    assert!(out.contains("data/app_broken.hcl: 12 errors"), "{out}");
    let summaries: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("Error: "))
        .collect();
    assert_eq!(
        summaries,
        [
            "Unsupported argument",            // a typo, with a suggestion
            "Invalid attribute value",         // not a duration
            "Missing required argument",       // `tls` has no `key`
            "Invalid attribute value",         // not a socket address
            "Missing name for listener",       // a block without its label
            "Unsupported attribute",           // a typo in a variable's attribute
            "Invalid attribute value",         // out of range for a u16
            "Duplicate database block",        // one was expected
            "Incorrect attribute value type",  // a string for a number
            "Unexpected comma after argument", // a syntax error
            "Incorrect attribute value type",  // inside a map, at the element
            "Unsupported block type",          // an unknown block
        ],
        "{out}"
    );
    assert!(out.contains("Did you mean \"log_level\"?"), "{out}");
    // A misspelt attribute of an object value gets a suggestion too.
    assert!(
        out.contains(
            "This object does not have an attribute named \"DB_HSOT\". Did you mean \"DB_HOST\"?"
        ),
        "{out}"
    );
    assert!(
        out.contains("   5: log_lvel    = \"debug\"\n      ^^^^^^^^\n"),
        "{out}"
    );
    assert!(
        out.contains("  41:   beta_reports = \"maybe\"\n                       ^^^^^^^\n"),
        "{out}"
    );
    assert!(
        out.contains("time: invalid duration \"one minute\"; a duration is a sequence of numbers, each with a unit"),
        "{out}"
    );
}
