//! The `hcl` binary, run as a user runs it.

use std::path::PathBuf;
use std::process::Command;

fn hcl(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hcl"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path: PathBuf = dir.path().join(name);
    std::fs::write(&path, text).expect("writes");
    path.display().to_string()
}

const SPEC: &str = r#"
object {
  attr "name" {
    type     = string
    required = true
  }
  default "port" {
    attr {
      name = "port"
      type = number
    }
    literal {
      value = 8080
    }
  }
  block_map "listener" {
    labels = ["name"]
    object {
      attr "address" {
        type = string
      }
    }
  }
}
"#;

#[test]
fn convert_both_ways_with_a_spec() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write(&dir, "app.hcldec", SPEC);
    let native = write(
        &dir,
        "app.hcl",
        "# the app\nname = \"web\"\nports = [80, # http\n  443]\nlistener \"a\" {\n  address = var.addr\n}\n",
    );
    let (code, json, err) = hcl(&["convert", "--to", "json", "--spec", &spec, &native]);
    assert_eq!(code, 0, "{err}");
    assert!(json.contains("\"//\": \"the app\""), "{json}");
    assert!(json.contains("\"address\": \"${var.addr}\""), "{json}");
    assert_eq!(
        err,
        "hcl: 1 comment could not be kept: the JSON syntax has no place for a comment inside an expression\n"
    );
    let json_file = write(&dir, "app.hcl.json", &json);
    let (code, back, err) = hcl(&["convert", "--to", "hcl", "--spec", &spec, &json_file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        err,
        "hcl: note: \"ports\" is not in the schema, written as an attribute\n"
    );
    assert_eq!(
        back,
        "# the app\nname  = \"web\"\nports = [80, 443]\nlistener \"a\" {\n  address = var.addr\n}\n"
    );
    // Without a schema the block is an object attribute, said to be a guess.
    let (code, guessed, err) = hcl(&["convert", "--to", "hcl", &json_file]);
    assert_eq!(code, 0, "{err}");
    assert!(guessed.contains("listener = {"), "{guessed}");
    assert_eq!(
        err,
        "hcl: note: \"listener\" is an object, written as an attribute; it may be a block\n"
    );
}

#[test]
fn schema_formats() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write(&dir, "app.hcldec", SPEC);
    let (code, json, err) = hcl(&["schema", "--spec", &spec, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        json.starts_with("{\"format\":\"hcl-schema\",\"version\":1,"),
        "{json}"
    );
    let schema = write(&dir, "schema.json", &json);
    for (format, wanted) in [
        ("json", "\"name\":\"port\""),
        (
            "json-schema",
            "\"$schema\": \"https://json-schema.org/draft/2020-12/schema\"",
        ),
        ("template", "port = 8080\n"),
        ("markdown", "# Configuration reference\n"),
    ] {
        let (code, out, err) = hcl(&["schema", "--schema", &schema, "--format", format]);
        assert_eq!(code, 0, "{format}: {err}");
        assert!(out.contains(wanted), "{format}: {out}");
        // A spec and its JSON document give the same output.
        let (_, from_spec, _) = hcl(&["schema", "--spec", &spec, "--format", format]);
        assert_eq!(out, from_spec, "{format}");
    }
}

#[test]
fn mistakes_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = hcl(&["convert", "--to", "json"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("hcl: convert needs a FILE\n\nUsage:"),
        "{err}"
    );
    let bad = write(&dir, "bad.hcl", "a = \n");
    let (code, out, err) = hcl(&["convert", "--to", "json", &bad]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("Error: "), "{err}");
    let (code, _, err) = hcl(&["convert", "--to", "json", "/nonexistent/x.hcl"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("hcl: cannot read /nonexistent/x.hcl"),
        "{err}"
    );
    let not_schema = write(&dir, "s.json", "{}");
    let (code, _, err) = hcl(&["schema", "--schema", &not_schema, "--format", "json"]);
    assert_eq!(code, 1);
    assert!(err.contains("Invalid schema document"), "{err}");
    let (code, out, _) = hcl(&["--help"]);
    assert_eq!((code, out.starts_with("Usage:")), (0, true));
}
