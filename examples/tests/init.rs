//! Runs the `init` example twice on one path: the first run writes the
//! default configuration, formatted, and reads it back; the second reads
//! the existing file and leaves it as it is.

use std::process::Command;

fn run_init(path: &std::path::Path) -> String {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "init", "--"])
        .arg(path)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn init_writes_the_default_configuration_then_keeps_it() {
    let dir = std::env::temp_dir().join(format!("hcl-init-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("app.hcl");
    let _ = std::fs::remove_file(&path);

    let first = run_init(&path);
    assert!(first.contains("wrote "), "{first}");
    assert!(first.contains("same as the default: true"), "{first}");
    let written = std::fs::read_to_string(&path).expect("written");
    assert!(
        written.starts_with("name    = \"my-service\"\nlisten  = \"127.0.0.1:8080\"\n"),
        "{written}"
    );
    assert!(written.contains("  timeout = \"2.5s\"\n"), "{written}");
    assert!(
        written.contains("  greeting = <<EOT\nHello, $${user}!\nWelcome.\nEOT\n"),
        "{written}"
    );
    // What init writes is already in hclfmt's layout.
    assert_eq!(hcl_core::format::format_str(&written), written);

    let second = run_init(&path);
    assert!(second.contains("exists: reading it"), "{second}");
    assert!(second.contains("same as the default: true"), "{second}");
    assert_eq!(
        std::fs::read_to_string(&path).expect("still there"),
        written
    );
    let _ = std::fs::remove_dir_all(&dir);
}
