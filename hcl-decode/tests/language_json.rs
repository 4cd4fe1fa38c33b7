//! The configuration language layer in the JSON syntax: what
//! `tests/language.rs` checks in the native syntax (duplicates, `nullable`,
//! `validation`, `sensitive`, the type as a string, dynamic blocks), and
//! the same configuration in both syntaxes giving the same diagnostics.

use hcl_decode::Decoder;
use hcl_decode::language::ValueSource;
use hcl_decode::prelude::*;

#[derive(HclBody, Debug)]
struct Port {
    #[hcl(label)]
    name: String,
    number: u16,
}

#[derive(HclBody, Debug)]
struct Rule {
    from: u16,
    #[hcl(block)]
    tag: Vec<Tag>,
}

#[derive(HclBody, Debug)]
struct Tag {
    #[hcl(label)]
    key: String,
    value: String,
}

#[derive(HclBody, Debug)]
struct Job {
    region: String,
    count: u32,
    #[hcl(block)]
    port: Vec<Port>,
    #[hcl(block)]
    rule: Vec<Rule>,
}

fn full() -> Decoder {
    Decoder::new().variable_blocks().locals().user_functions()
}

/// The summaries of a failed decoding, in order.
fn summaries(err: &hcl_decode::Error) -> Vec<String> {
    err.diagnostics()
        .iter()
        .map(|d| d.summary.to_string())
        .collect()
}

/// The subjects of a failed decoding, as `line,column-column`.
fn subjects(err: &hcl_decode::Error) -> Vec<String> {
    err.diagnostics()
        .iter()
        .map(|d| {
            d.subject.as_ref().map_or_else(String::new, |r| {
                format!("{},{}-{}", r.start.line, r.start.column, r.end.column)
            })
        })
        .collect()
}

#[test]
fn duplicate_variables_in_json() {
    let src = r#"{
  "variable": [
    {"region": {"type": "string", "default": "eu"}},
    {"region": {"type": "string", "default": "us"}}
  ],
  "region": "${var.region}",
  "count": 1
}"#;
    let err = full().decode_str::<Job>(src, "dup.json").unwrap_err();
    assert_eq!(summaries(&err), ["Duplicate variable declaration"], "{err}");
    let d = err.diagnostics().iter().next().unwrap();
    // At the second declaration, naming the first (a JSON block's
    // definition is its opening brace, as in Go).
    assert_eq!(subjects(&err), ["4,16-17"], "{err}");
    assert!(d.detail.contains("dup.json:3,16-17"), "{}", d.detail);
}

#[test]
fn duplicate_locals_in_json_at_both_places() {
    let src = r#"{
  "locals": [
    {"a": 1},
    {"a": 2}
  ],
  "region": "r",
  "count": "${local.a}"
}"#;
    let err = full().decode_str::<Job>(src, "dup.json").unwrap_err();
    assert_eq!(
        summaries(&err),
        [
            "Duplicate local value definition",
            "Duplicate local value definition"
        ],
        "{err}"
    );
    assert_eq!(subjects(&err), ["3,6-12", "4,6-12"], "{err}");
}

#[test]
fn nullable_in_json() {
    let src = r#"{
  "variable": {
    "nn": {"nullable": false},
    "nd": {"nullable": false, "default": "d"},
    "ok": {}
  },
  "region": "${var.nd}",
  "count": 1
}"#;
    // null for a nullable variable is fine; for a non-nullable one with a
    // default, the default applies; without a default, an error.
    let e = full()
        .input("nd", Value::null(Type::Dynamic))
        .input("ok", Value::null(Type::Dynamic))
        .input("nn", Value::string("x"))
        .text(src, "n.json")
        .decode::<Job>()
        .unwrap();
    assert_eq!(e.value.region, "d");
    assert!(matches!(e.inputs()["nd"].source, ValueSource::Default(_)));
    assert!(e.inputs().get("ok").map(|v| &v.value).unwrap().is_null());

    let err = full()
        .input("nn", Value::null(Type::Dynamic))
        .input("ok", Value::string("x"))
        .decode_str::<Job>(src, "n.json")
        .unwrap_err();
    assert_eq!(summaries(&err), ["Required variable not set"], "{err}");
    assert!(
        err.diagnostics()
            .iter()
            .next()
            .unwrap()
            .detail
            .contains("not nullable")
    );
    // At the declaration (its opening brace).
    assert_eq!(subjects(&err), ["3,11-12"], "{err}");
}

#[test]
fn validation_in_json() {
    let src = r#"{
  "variable": {
    "v": {
      "type": "number",
      "default": 3,
      "validation": {"condition": "${var.v > 5}", "error_message": "must exceed 5"}
    }
  },
  "region": "r",
  "count": "${var.v}"
}"#;
    let err = full().decode_str::<Job>(src, "v.json").unwrap_err();
    assert_eq!(summaries(&err), ["Invalid value for variable"], "{err}");
    let d = err.diagnostics().iter().next().unwrap();
    assert!(d.detail.starts_with("must exceed 5"), "{}", d.detail);
    assert!(d.detail.contains("given by its default"), "{}", d.detail);
    // Reported at the default that gave the value.
    assert_eq!(subjects(&err), ["5,18-19"], "{err}");
    // No derived error for `count`, whose value is unknown.
    assert!(!err.to_string().contains("not known"));

    // Several validation blocks as a JSON array; the passing value passes.
    let src = r#"{
  "variable": {"v": {"type": "number", "validation": [
    {"condition": "${var.v > 5}", "error_message": "must exceed 5"},
    {"condition": "${var.v < 10}", "error_message": "must stay below 10"}
  ]}},
  "region": "r",
  "count": "${var.v}"
}"#;
    let job: Job = full()
        .input("v", Value::number(7))
        .decode_str(src, "v.json")
        .unwrap();
    assert_eq!(job.count, 7);
    let err = full()
        .input("v", Value::number(12))
        .decode_str::<Job>(src, "v.json")
        .unwrap_err();
    assert_eq!(summaries(&err), ["Invalid value for variable"], "{err}");
    assert!(err.to_string().contains("must stay below 10"), "{err}");
}

#[test]
fn sensitive_in_json_never_in_a_diagnostic() {
    let src = r#"{
  "variable": {
    "password": {
      "type": "string",
      "sensitive": true,
      "default": "correct-horse",
      "validation": {"condition": "${var.password == \"x\"}", "error_message": "bad: ${var.password}"}
    },
    "token": {"type": "number", "sensitive": true}
  },
  "locals": {"url": "https://u:${var.password}@example.com"},
  "region": "${local.url}",
  "count": "${var.token}"
}"#;
    let err = full()
        .input("token", Value::string("s3cr3t-token"))
        .decode_str::<Job>(src, "s.json")
        .unwrap_err();
    let text = err.to_string();
    for secret in ["correct-horse", "s3cr3t-token"] {
        assert!(!text.contains(secret), "{secret} in {text}");
        for d in err.diagnostics().iter() {
            assert!(!d.summary.contains(secret) && !d.detail.contains(secret));
        }
    }
    assert_eq!(
        summaries(&err),
        [
            "Invalid value for variable",
            "Invalid value for input variable"
        ],
        "{text}"
    );
    assert!(text.contains("will not be displayed"), "{text}");
}

#[test]
fn type_as_a_string_in_json() {
    let src = r#"{
  "variable": {
    "ports": {"type": "list(object({number = number, name = optional(string, \"p\")}))",
              "default": [{"number": 80}]},
    "any": {"type": "any", "default": 1}
  },
  "region": "r",
  "count": "${length(var.ports) + var.any}"
}"#;
    let length = hcl_core::Function::builder()
        .params([hcl_core::Parameter::new("t", Type::Dynamic)])
        .return_type(|_| Ok(Type::Number))
        .build(|a, _| Ok(Value::number(a[0].len().unwrap_or(0) as i64)));
    let e = full()
        .function("length", length)
        .text(src, "t.json")
        .decode::<Job>()
        .unwrap();
    assert_eq!(e.value.count, 2);
    assert_eq!(
        e.inputs()["ports"].ty.to_string(),
        "list(object({name=optional(string),number=number}))"
    );
    assert_eq!(
        e.inputs()
            .get("ports")
            .map(|v| &v.value)
            .unwrap()
            .elements()
            .unwrap()[0]
            .get("name"),
        Some(&Value::string("p"))
    );

    // A mistake inside the string is reported inside it.
    let src =
        "{\"variable\": {\"x\": {\"type\": \"map(strin)\"}}, \"region\": \"r\", \"count\": 1}";
    let err = full()
        .input("x", Value::object([("a", Value::string("b"))]))
        .decode_str::<Job>(src, "t.json")
        .unwrap_err();
    assert_eq!(subjects(&err), ["1,34-39"], "{err}");
    assert_eq!(&src[33..38], "strin");
    // A type that is not a string (nor a type expression) in JSON.
    let src = "{\"variable\": {\"x\": {\"type\": 1}}, \"region\": \"r\", \"count\": 1}";
    assert!(full().decode_str::<Job>(src, "t.json").is_err());
}

#[test]
fn dynamic_blocks_in_json() {
    let src = r#"{
  "region": "r",
  "count": 1,
  "dynamic": {
    "port": {
      "for_each": {"http": 80, "https": 443},
      "labels": ["${port.key}"],
      "content": {"number": "${port.value}"}
    },
    "rule": {
      "for_each": [{"from": 1, "tags": {"a": "x"}}, {"from": 2, "tags": {"b": "y", "c": "z"}}],
      "iterator": "r",
      "content": {
        "from": "${r.value.from}",
        "dynamic": {"tag": {
          "for_each": "${r.value.tags}",
          "labels": ["${tag.key}-${r.key}"],
          "content": {"value": "${tag.value}"}
        }}
      }
    }
  }
}"#;
    let job: Job = hcl_decode::from_str(src, "d.json").unwrap();
    let ports: Vec<_> = job
        .port
        .iter()
        .map(|p| (p.name.as_str(), p.number))
        .collect();
    assert_eq!(ports, [("http", 80), ("https", 443)]);
    let rules: Vec<_> = job
        .rule
        .iter()
        .map(|r| {
            let tags: Vec<_> = r
                .tag
                .iter()
                .map(|t| format!("{}={}", t.key, t.value))
                .collect();
            (r.from, tags)
        })
        .collect();
    assert_eq!(
        rules,
        [
            (1, vec!["a-0=x".to_owned()]),
            (2, vec!["b-1=y".to_owned(), "c-1=z".to_owned()])
        ]
    );

    // Go's diagnostics, in JSON: no content, a non-iterable for_each, too
    // many labels; every one at once.
    let src = r#"{
  "region": "r",
  "count": 1,
  "dynamic": {
    "port": [
      {"for_each": [1], "labels": ["a"]},
      {"for_each": 5, "labels": ["a"], "content": {"number": 1}},
      {"for_each": [1], "labels": ["a", "b"], "content": {"number": 1}}
    ]
  }
}"#;
    let err = hcl_decode::from_str::<Job>(src, "d.json").unwrap_err();
    assert_eq!(
        summaries(&err),
        [
            "Missing dynamic content block",
            "Invalid dynamic for_each value",
            "Extraneous dynamic block label"
        ],
        "{err}"
    );
    assert_eq!(subjects(&err)[1], "7,20-21", "{err}");
    // Turned off, `dynamic` is a property the struct does not have.
    let err = Decoder::new()
        .dynamic_blocks(false)
        .decode_str::<Job>(src, "d.json")
        .unwrap_err();
    assert_eq!(
        summaries(&err),
        ["Extraneous JSON object property"],
        "{err}"
    );
    assert!(err.to_string().contains("named \"dynamic\""), "{err}");
}

/// With `locals()` or `variable_blocks()` off, `local` and `var` are the
/// application's own variables (or nothing), and an unresolved reference
/// reads as the core words it.
#[test]
fn references_keep_the_core_wording_when_the_feature_is_off() {
    let app = Value::object([("known", Value::number(1))]);
    for (src, name) in [
        ("region = \"r\"\ncount = local.nown\n", "a.hcl"),
        (
            "{\"region\": \"r\", \"count\": \"${local.nown}\"}",
            "a.json",
        ),
    ] {
        let err = Decoder::new()
            .variable("local", app.clone())
            .decode_str::<Job>(src, name)
            .unwrap_err();
        assert_eq!(summaries(&err), ["Unsupported attribute"], "{err}");
        let expected = Decoder::new()
            .variable("local", app.clone())
            .variable_blocks()
            .decode_str::<Job>(src, name)
            .unwrap_err();
        // The same as with another feature on: the layer has not touched it.
        assert_eq!(err.diagnostics(), expected.diagnostics());
        assert!(!err.to_string().contains("local value"), "{err}");
    }
    let err = Decoder::new()
        .variable("var", app.clone())
        .locals()
        .decode_str::<Job>("region = \"r\"\ncount = var.nown\n", "a.hcl")
        .unwrap_err();
    assert_eq!(summaries(&err), ["Unsupported attribute"], "{err}");
    assert!(!err.to_string().contains("input variable"), "{err}");
    // On, the layer words it as Terraform does.
    let err = full()
        .decode_str::<Job>(
            "locals {\n  known = 1\n}\nregion = \"r\"\ncount = local.nown\n",
            "a.hcl",
        )
        .unwrap_err();
    assert_eq!(
        summaries(&err),
        ["Reference to undeclared local value"],
        "{err}"
    );
    // A name that only ends in `local` is not `local`.
    let err = full()
        .variable("mylocal", app)
        .decode_str::<Job>("region = \"r\"\ncount = mylocal.nown\n", "a.hcl")
        .unwrap_err();
    assert_eq!(summaries(&err), ["Unsupported attribute"], "{err}");
}
