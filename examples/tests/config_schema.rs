//! Runs the `config_schema` example: each format of its `config-schema`
//! subcommand, and the template, once filled, read back by the same
//! program.

use std::process::{Command, Output};

fn example(args: &[&str]) -> Output {
    Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "config_schema", "--"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs")
}

fn stdout(args: &[&str]) -> String {
    let out = example(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn config_schema_prints_every_format() {
    let json = stdout(&["config-schema", "--format", "json"]);
    assert!(
        json.starts_with("{\"format\":\"hcl-schema\",\"version\":1,"),
        "{json}"
    );
    assert!(
        json.contains("\"summary\":\"The orders service.\""),
        "{json}"
    );

    let json_schema = stdout(&["config-schema", "--format", "json-schema"]);
    assert!(json_schema.contains("\"enum\": [\n"), "{json_schema}");
    assert!(
        json_schema.contains("\"description\": \"How much to log.\""),
        "{json_schema}"
    );

    let markdown = stdout(&["config-schema", "--format", "markdown"]);
    assert!(markdown.contains("## `listener` block\n"), "{markdown}");
    assert!(
        markdown.contains("| `log_level` | `string` | no | `\"info\"` |"),
        "{markdown}"
    );

    let template = stdout(&["config-schema", "--format", "template"]);
    assert!(template.contains("log_level = \"info\"\n"), "{template}");
    assert!(
        template.contains("# payment_key = <string>\n"),
        "{template}"
    );
    assert!(template.contains("database {\n"), "{template}");

    // Filled in, the template is a configuration the program reads.
    let filled = template
        .replace("# service = <string>", "service = \"orders\"")
        .replace("  # url = <string>", "  url = \"postgres://db/orders\"");
    let dir = std::env::temp_dir().join(format!("config_schema_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("app.hcl");
    std::fs::write(&file, &filled).unwrap();
    let decoded = stdout(&["run", file.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        decoded,
        "service orders: log level Info, timeout 30s, payment key not set\ndatabase postgres://db/orders (pool of 10)\n"
    );
}

#[test]
fn an_unknown_format_is_a_usage_error() {
    let out = example(&["config-schema", "--format", "yaml"]);
    assert_eq!(out.status.code(), Some(2));
}
