//! `hcl_decode::serde`: hcl-rs's deserialization cases (the same inputs and
//! expected values as hcl-rs's `tests/de.rs` and `tests/regressions.rs`,
//! written anew), the cases hcl-rs refuses that we accept, and the located
//! errors.

#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use hcl_decode::serde::{from_file, from_slice, from_str};
use serde::Deserialize;
use serde_json::{Value as Json, json};

fn json(text: &str) -> Json {
    match from_str::<Json>(text, "test.hcl") {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

fn errors<T: serde::de::DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
    from_str::<T>(text, "test.hcl")
        .unwrap_err()
        .diagnostics()
        .to_string()
}

// ---------------------------------------------------------------------------
// hcl-rs's cases

#[test]
fn hcl_rs_simple() {
    assert_eq!(json(r#"foo = "bar""#), json!({ "foo": "bar" }));
}

#[test]
fn hcl_rs_array() {
    // hcl-rs keeps `var.enabled` as the text "${var.enabled}"; we evaluate
    // it, so the literal elements are checked here and the reference below.
    assert_eq!(
        json(r#"foo = [true, 2, "three"]"#),
        json!({ "foo": [true, 2, "three"] })
    );
    assert_eq!(
        errors::<Json>("foo = [true, 2, \"three\", var.enabled]\n"),
        "test.hcl:1,26-29: Unknown variable; There is no variable named \"var\"."
    );
}

#[test]
fn hcl_rs_object() {
    assert_eq!(
        json(r#"foo = { bar = 42, "baz" = true }"#),
        json!({ "foo": { "bar": 42, "baz": true } })
    );
}

#[test]
fn hcl_rs_custom_struct() {
    #[derive(Deserialize, PartialEq, Debug)]
    struct Test {
        foo: u32,
    }
    assert_eq!(
        from_str::<Test>("foo = 1", "t.hcl").unwrap(),
        Test { foo: 1 }
    );
}

#[test]
fn hcl_rs_custom_enum() {
    #[derive(Deserialize, PartialEq, Debug)]
    enum E {
        Unit,
        Newtype(u32),
        Tuple(u32, u32),
        Struct { a: u32 },
    }
    #[derive(Deserialize, PartialEq, Debug)]
    struct Test {
        value: E,
    }
    assert_eq!(
        from_str::<Test>(r#"value = "Unit""#, "t.hcl").unwrap(),
        Test { value: E::Unit }
    );
    assert_eq!(
        from_str::<E>("Newtype = 1", "t.hcl").unwrap(),
        E::Newtype(1)
    );
    assert_eq!(
        from_str::<E>("Tuple = [1,2]", "t.hcl").unwrap(),
        E::Tuple(1, 2)
    );
    assert_eq!(
        from_str::<Test>(r#"value = {"Struct" = {"a" = 1}}"#, "t.hcl").unwrap(),
        Test {
            value: E::Struct { a: 1 }
        }
    );
}

#[test]
fn hcl_rs_block() {
    assert_eq!(
        json(r#"resource "aws_s3_bucket" "mybucket" { name = "mybucket" }"#),
        json!({ "resource": { "aws_s3_bucket": { "mybucket": { "name": "mybucket" } } } })
    );
    assert_eq!(
        json(r#"block { name = "asdf" }"#),
        json!({ "block": { "name": "asdf" } })
    );
}

#[test]
fn hcl_rs_duplicate_block() {
    let input = r#"
        block {
          foo {
            bar = "baz"
          }

          foo {
            bar = 1
          }
        }

        other "one" "two" {
          foo = "bar"
        }

        other "two" "three" {
          bar = "baz"
        }
    "#;
    assert_eq!(
        json(input),
        json!({
            "block": { "foo": [{ "bar": "baz" }, { "bar": 1 }] },
            "other": {
                "one": { "two": { "foo": "bar" } },
                "two": { "three": { "bar": "baz" } }
            }
        })
    );
    assert_eq!(
        json("foo { bar = \"baz\" }\nfoo { bar = 1 }\n"),
        json!({ "foo": [{ "bar": "baz" }, { "bar": 1 }] })
    );
}

#[test]
fn hcl_rs_duplicate_attribute() {
    assert!(from_str::<Json>("foo = [\"bar\"]\nfoo = [\"baz\"]\n", "t.hcl").is_err());
}

#[test]
fn hcl_rs_duplicate_attribute_and_block() {
    // The later replaces the earlier, as hcl-rs does.
    assert_eq!(
        json("foo = [\"bar\"]\nfoo { bar = \"baz\" }\n"),
        json!({ "foo": { "bar": "baz" } })
    );
    assert_eq!(
        json("foo { bar = \"baz\" }\nfoo = [\"bar\"]\n"),
        json!({ "foo": ["bar"] })
    );
}

#[test]
fn hcl_rs_negative_numbers() {
    #[derive(Deserialize, PartialEq, Debug)]
    struct Numbers {
        float: f64,
        float_exp: f64,
        signed: i64,
    }
    let input = "float = -4.2\nfloat_exp = -4.2e10\nsigned = -42\n";
    assert_eq!(
        from_str::<Numbers>(input, "t.hcl").unwrap(),
        Numbers {
            float: -4.2,
            float_exp: -4.2e10,
            signed: -42
        }
    );
}

#[test]
fn hcl_rs_unescape_strings() {
    let input = r#"
        block "label\\with\\backslashes" {
          string_attr = "I \u2665 unicode"

          object_attr = {
            "key\nwith\nnewlines" = true
          }

          heredoc = <<-EOS
            heredoc template with \
            escaped newline and \\backslash is not unescaped yet
          EOS
        }
    "#;
    assert_eq!(
        json(input),
        json!({
            "block": {
                "label\\with\\backslashes": {
                    "string_attr": "I \u{2665} unicode",
                    "object_attr": { "key\nwith\nnewlines": true },
                    "heredoc": "heredoc template with \\\nescaped newline and \\\\backslash is not unescaped yet\n"
                }
            }
        })
    );
}

#[test]
fn hcl_rs_errors() {
    assert!(from_str::<Json>("invalid[", "t.hcl").is_err());
}

#[test]
fn hcl_rs_terraform_literals() {
    // hcl-rs's Terraform case, its references written as literals.
    let input = r#"
        resource "aws_s3_bucket" "mybucket" {
          bucket        = "mybucket"
          force_destroy = true

          server_side_encryption_configuration {
            rule {
              apply_server_side_encryption_by_default {
                kms_master_key_id = "arn"
                sse_algorithm     = "aws:kms"
              }
            }
          }

          tags = {
            "application" = "myapp"
            team          = "bar"
          }
        }
    "#;
    assert_eq!(
        json(input),
        json!({ "resource": { "aws_s3_bucket": { "mybucket": {
            "bucket": "mybucket",
            "force_destroy": true,
            "server_side_encryption_configuration": { "rule": {
                "apply_server_side_encryption_by_default": {
                    "kms_master_key_id": "arn",
                    "sse_algorithm": "aws:kms"
                }
            } },
            "tags": { "application": "myapp", "team": "bar" }
        } } } })
    );
}

#[test]
fn hcl_rs_issue_44_optional_fields_and_path_buf() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Config {
        #[serde(rename = "project")]
        projects: HashMap<String, Project>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Project {
        proj_type: String,
        spec: Option<PathBuf>,
        dockerfile: Option<PathBuf>,
        scripts: Option<Vec<Script>>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Script {
        name: String,
        command: String,
    }
    let input = "project \"a\" {\n    proj_type = \"generic\"\n    spec = \"./test.spec\"\n}\n";
    let config: Config = from_str(input, "t.hcl").unwrap();
    assert_eq!(
        config.projects["a"],
        Project {
            proj_type: "generic".into(),
            spec: Some(PathBuf::from("./test.spec")),
            dockerfile: None,
            scripts: None,
        }
    );
}

// ---------------------------------------------------------------------------
// Beyond hcl-rs: evaluation, one block as a sequence, serde's attributes

#[derive(Deserialize, Debug, PartialEq)]
struct Job {
    job: BTreeMap<String, JobBody>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct JobBody {
    group: Vec<Group>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Group {
    task: BTreeMap<String, Task>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Task {
    count: u16,
    #[serde(default)]
    driver: Option<String>,
}

#[test]
fn expressions_are_evaluated() {
    let config: Job = from_str(
        "job \"app\" {\n  group {\n    task \"web\" {\n      count = length([1, 2]) * 2\n      driver = \"${upper(\"docker\")}\"\n    }\n  }\n}\n",
        "job.hcl",
    )
    .unwrap();
    let task = &config.job["app"].group[0].task["web"];
    assert_eq!(task.count, 4);
    assert_eq!(task.driver.as_deref(), Some("DOCKER"));
}

#[test]
fn one_block_reads_into_a_vec() {
    #[derive(Deserialize, Debug)]
    struct Config {
        check: Vec<BTreeMap<String, String>>,
    }
    let config: Config = from_str("check { path = \"/\" }\n", "t.hcl").unwrap();
    assert_eq!(config.check.len(), 1);
    assert_eq!(config.check[0]["path"], "/");
    // As a map where serde asks for anything.
    assert_eq!(
        json("check { path = \"/\" }\n"),
        json!({ "check": { "path": "/" } })
    );
}

#[test]
fn flatten_default_and_option() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Common {
        region: String,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Config {
        #[serde(flatten)]
        common: Common,
        #[serde(default = "three")]
        retries: u8,
        timeout: Option<u32>,
        #[serde(flatten)]
        rest: BTreeMap<String, Json>,
    }
    fn three() -> u8 {
        3
    }
    let config: Config = from_str(
        "region = \"eu\"\ntimeout = null\nextra { a = 1 }\n",
        "t.hcl",
    )
    .unwrap();
    assert_eq!(config.common.region, "eu");
    assert_eq!(config.retries, 3);
    assert_eq!(config.timeout, None);
    assert_eq!(config.rest["extra"], json!({ "a": 1 }));
}

#[test]
fn values_convert_where_serde_asks_for_a_type() {
    #[derive(Deserialize, Debug)]
    struct Config {
        port: u16,
        name: String,
    }
    let config: Config = from_str("port = \"8080\"\nname = 5\n", "t.hcl").unwrap();
    assert_eq!((config.port, config.name.as_str()), (8080, "5"));
}

#[test]
fn dynamic_blocks_are_expanded() {
    let text =
        "dynamic \"rule\" {\n  for_each = [\"a\", \"b\"]\n  content { name = rule.value }\n}\n";
    assert_eq!(
        json(text),
        json!({ "rule": [{ "name": "a" }, { "name": "b" }] })
    );
}

#[test]
fn json_files_read_as_the_same_maps() {
    let text = r#"{"resource": {"a": {"b": {"n": 1}}}, "x": "${1 + 1}", "y": "v${1}"}"#;
    let value: Json = from_str(text, "t.json").unwrap();
    assert_eq!(
        value,
        json!({ "resource": { "a": { "b": { "n": 1 } } }, "x": 2, "y": "v1" })
    );
}

#[test]
fn bytes_and_files() {
    let value: Json = from_slice(b"a = 1\n", "t.hcl").unwrap();
    assert_eq!(value, json!({ "a": 1 }));
    let dir = std::env::temp_dir().join(format!("hcl-decode-serde-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("app.hcl");
    std::fs::write(&path, "a = 2\n").unwrap();
    let value: Json = from_file(&path).unwrap();
    assert_eq!(value, json!({ "a": 2 }));
    let err = from_file::<Json>(dir.join("missing.hcl")).unwrap_err();
    assert_eq!(
        err.diagnostics().iter().next().unwrap().summary,
        "Failed to read file"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn deep_nesting_does_not_overflow() {
    let depth = 1000;
    let text = format!("{}{}", "a {\n".repeat(depth), "}\n".repeat(depth));
    let value: Json = from_str(&text, "t.hcl").unwrap();
    let mut v = &value;
    for _ in 0..depth {
        v = &v["a"];
    }
    assert_eq!(v, &json!({}));
}

// ---------------------------------------------------------------------------
// Errors

#[test]
fn a_value_error_carries_range_and_path() {
    let text =
        "job \"app\" {\n  group {\n    task \"web\" {\n      count = \"many\"\n    }\n  }\n}\n";
    assert_eq!(
        errors::<Job>(text),
        "test.hcl:4,15-21: Incorrect attribute value type; job[\"app\"].group[0].task[\"web\"].count: a number is required."
    );
}

#[test]
fn an_element_error_points_at_the_element() {
    #[derive(Deserialize, Debug)]
    struct Config {
        #[allow(dead_code)]
        ports: Vec<u16>,
    }
    let err = from_str::<Config>("ports = [80, \"http\"]\n", "t.hcl").unwrap_err();
    let d = err.diagnostics().iter().next().unwrap();
    assert_eq!(
        d.to_string(),
        "t.hcl:1,14-20: Incorrect attribute value type; ports[1]: a number is required."
    );
    assert_eq!(d.context.as_ref().unwrap().to_string(), "t.hcl:1,9-21");
}

#[test]
fn an_unknown_field_points_at_the_attribute_or_block_with_did_you_mean() {
    let text = "job \"app\" {\n  group {\n    task \"web\" {\n      cuont = 1\n    }\n  }\n}\n";
    assert_eq!(
        errors::<Job>(text),
        "test.hcl:4,7-12: Unsupported argument; job[\"app\"].group[0].task[\"web\"]: An argument named \"cuont\" is not expected here. Did you mean \"count\"?"
    );
    let text = "job \"app\" {\n  group {\n    task \"web\" {\n      count = 1\n      drivers {}\n    }\n  }\n}\n";
    assert_eq!(
        errors::<Job>(text),
        "test.hcl:5,7-14: Unsupported block type; job[\"app\"].group[0].task[\"web\"]: Blocks of type \"drivers\" are not expected here. Did you mean \"driver\"?"
    );
}

#[test]
fn a_missing_field_points_at_the_block_with_did_you_mean() {
    let text = "job \"app\" {\n  group {\n    task \"web\" {\n    }\n  }\n}\n";
    assert_eq!(
        errors::<Job>(text),
        "test.hcl:3,5-15: Missing required argument; job[\"app\"].group[0].task[\"web\"]: The argument \"count\" is required, but no definition was found."
    );
    #[derive(Deserialize, Debug)]
    struct Repo {
        #[allow(dead_code)]
        owner: String,
    }
    // At the file's end, with the near miss.
    assert_eq!(
        errors::<Repo>("name = \"x\"\nownr = \"me\"\n"),
        "test.hcl:2,12-12: Missing required argument; The argument \"owner\" is required, but no definition was found. An argument named \"ownr\" is present: did you mean \"owner\"?"
    );
}

#[test]
fn several_blocks_where_one_is_wanted() {
    #[derive(Deserialize, Debug)]
    struct Server {
        #[allow(dead_code)]
        port: u16,
    }
    #[derive(Deserialize, Debug)]
    struct Config {
        #[allow(dead_code)]
        server: Server,
    }
    #[derive(Deserialize, Debug)]
    struct Map {
        #[allow(dead_code)]
        server: BTreeMap<String, u16>,
    }
    assert_eq!(
        errors::<Map>("server { port = 1 }\nserver { port = 2 }\n"),
        "test.hcl:2,1-7: Invalid block; server: invalid type: sequence, expected a map."
    );
    assert_eq!(
        errors::<Config>("server { port = 1 }\nserver { port = 2 }\n"),
        "test.hcl:2,1-7: Duplicate block; server: 2 blocks of this type and labels are written, but only one is expected here."
    );
}

#[test]
fn every_evaluation_error_is_reported_before_serde_runs() {
    // Two evaluation errors and an unknown field: the two, and serde does
    // not run on the broken body.
    assert_eq!(
        errors::<Job>(
            "job \"app\" {\n  group {\n    task \"web\" {\n      count = nope\n      cuont = 1 + true\n    }\n  }\n}\n"
        ),
        "test.hcl:4,15-19: Unknown variable; There is no variable named \"nope\".\n\
         test.hcl:5,19-23: Invalid operand; Unsuitable value for right operand: number required."
    );
    // A syntax error and an evaluation error, together.
    let all = errors::<Json>("a = [1\nb = x\n");
    assert_eq!(all.lines().count(), 1, "{all}");
}

#[test]
fn errors_render_with_a_snippet() {
    let err = from_str::<Job>(
        "job \"app\" {\n  group {\n    task \"web\" {\n      count = \"many\"\n    }\n  }\n}\n",
        "job.hcl",
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("Error: Incorrect attribute value type"),
        "{text}"
    );
    assert!(text.contains("  on job.hcl line 4"), "{text}");
    assert!(text.contains("count = \"many\""), "{text}");
}

// ---------------------------------------------------------------------------
// to_string

#[test]
fn to_string_reads_back_as_the_same_value() {
    let values = [
        json!({ "a": 1, "b": "x", "c": true, "d": null }),
        json!({ "s": "${var.x} and %{ if } and $${kept}", "multi": "line one\nline two\n" }),
        json!({ "server": { "port": 8080, "tls": { "cert": "c" } } }),
        json!({ "check": [{ "path": "/a" }, { "path": "/b" }] }),
        json!({ "one": [{ "path": "/a" }], "empty": {}, "list": [1, "two", [3]] }),
        json!({ "weird": { "not an identifier": 1, "ok": 2 } }),
        json!({ "mixed": [{ "a": 1 }, 2] }),
        json!({ "resource": { "aws_instance": { "web": { "ami": "x", "tags": { "Name": "w" } } } } }),
    ];
    for value in values {
        let text = hcl_decode::serde::to_string(&value).unwrap();
        let back: Json = from_str(&text, "t.hcl").unwrap_or_else(|e| panic!("{e}\n---\n{text}"));
        assert_eq!(back, value, "{text}");
    }
}

#[test]
fn to_string_writes_blocks_and_attributes() {
    #[derive(serde::Serialize)]
    enum Strategy {
        Rolling { surge: u8 },
    }
    #[derive(serde::Serialize)]
    struct Config {
        name: &'static str,
        strategy: Strategy,
        ports: Vec<u16>,
    }
    let text = hcl_decode::serde::to_string(&Config {
        name: "api",
        strategy: Strategy::Rolling { surge: 1 },
        ports: vec![80, 443],
    })
    .unwrap();
    assert_eq!(
        text,
        "name  = \"api\"\nports = [80, 443]\n\nstrategy {\n  Rolling {\n    surge = 1\n  }\n}\n"
    );
    let err = hcl_decode::serde::to_string(&vec![1, 2]).unwrap_err();
    assert!(
        err.to_string()
            .contains("a body is written from a map or a struct"),
        "{err}"
    );
    let err = hcl_decode::serde::to_string(&json!({ "not ident": 1 })).unwrap_err();
    assert!(
        err.to_string().contains("is not a valid attribute name"),
        "{err}"
    );
}
