//! `hcl_decode::schema`: the schema each construct of the derive gives,
//! the schema of equivalent hcldec spec files, and the language layer's
//! blocks.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::time::Duration;

use hcl_decode::prelude::*;
use hcl_decode::schema::{
    AllowedValue, Attribute, BlockContent, Body, Constraint, Doc, Nesting, Schema,
};
use hcl_decode::{BodyHandle, Decoder, ExpressionHandle, FromValue, Type, Value};

fn doc(summary: &str) -> Doc {
    Doc {
        summary: Some(summary.to_owned()),
        detail: None,
    }
}

/// A log level.
#[derive(FromValue, ToValue, Debug, Clone, Copy, PartialEq)]
enum Level {
    /// Everything.
    Debug,
    Info,
    #[hcl(rename = "warn")]
    Warning,
}

/// The server's settings.
///
/// Read at start-up.
/// Never again.
#[derive(HclBody)]
#[hcl(validate = check_server)]
struct Server {
    /// The name shown in logs.
    name: String,
    /// The port.
    #[hcl(default = 8080)]
    port: u16,
    #[hcl(default = Level::Info)]
    level: Level,
    #[hcl(optional)]
    levels: Vec<Level>,
    timeout: Option<Duration>,
    #[hcl(sensitive)]
    token: Option<String>,
    #[deprecated = "use `name`"]
    #[hcl(optional, validate = check_alias)]
    alias: String,
    #[hcl(with = parse_any)]
    custom: u8,
    condition: Option<ExpressionHandle>,
    raw: ExpressionHandle,
}

fn check_server(_: &Server, _: &mut hcl_decode::Validator<'_>) {}

fn check_alias(_: &String) -> Result<(), String> {
    Ok(())
}

fn parse_any(_: &Value, _: &hcl_decode::Range) -> Result<u8, hcl_decode::FromValueError> {
    Ok(0)
}

#[test]
fn attributes_carry_type_default_doc_and_flags() {
    let body = Schema::of::<Server>().body;
    assert_eq!(body.doc.summary.as_deref(), Some("The server's settings."));
    assert_eq!(
        body.doc.detail.as_deref(),
        Some("Read at start-up.\nNever again.")
    );
    assert!(body.validated);
    assert!(body.exhaustive);
    let names: Vec<&str> = body.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "name",
            "port",
            "level",
            "levels",
            "timeout",
            "token",
            "alias",
            "custom",
            "condition",
            "raw"
        ]
    );
    let a = |n: &str| body.attribute(n).unwrap().clone();
    assert_eq!(
        a("name"),
        Attribute {
            doc: doc("The name shown in logs."),
            ..Attribute::new("name", Type::String)
        }
    );
    assert_eq!(
        a("port"),
        Attribute {
            doc: doc("The port."),
            required: false,
            default: Some(Value::number(8080)),
            constraint: Some(Constraint::integer(0, 65535)),
            ..Attribute::new("port", Type::Number)
        }
    );
    let level_values = Constraint::OneOf(vec![
        AllowedValue {
            value: "debug".into(),
            doc: doc("Everything."),
        },
        AllowedValue {
            value: "info".into(),
            doc: Doc::default(),
        },
        AllowedValue {
            value: "warn".into(),
            doc: Doc::default(),
        },
    ]);
    assert_eq!(
        a("level"),
        Attribute {
            required: false,
            default: Some(Value::string("info")),
            constraint: Some(level_values.clone()),
            ..Attribute::new("level", Type::String)
        }
    );
    // `optional` defaults to the type's default, written as a value.
    assert_eq!(
        a("levels"),
        Attribute {
            required: false,
            default: Some(Value::list_of(Type::String, []).unwrap()),
            constraint: Some(Constraint::Elements(Box::new(level_values))),
            ..Attribute::new("levels", Type::list(Type::String))
        }
    );
    assert_eq!(
        a("timeout"),
        Attribute {
            required: false,
            constraint: Some(Constraint::Duration),
            ..Attribute::new("timeout", Type::String)
        }
    );
    assert!(a("token").sensitive && !a("token").required);
    assert_eq!(a("alias").deprecated.as_deref(), Some("use `name`"));
    assert!(a("alias").validated);
    assert_eq!(a("alias").default, Some(Value::string("")));
    assert_eq!(a("custom").ty, Type::Dynamic);
    assert_eq!(a("custom").constraint, None);
    assert!(!a("condition").required);
    assert!(a("raw").required);
    assert_eq!(a("raw").ty, Type::Dynamic);
}

#[derive(HclBody)]
struct Listener {
    #[hcl(label)]
    name: String,
    address: String,
}

#[derive(HclBody)]
struct Tls {
    cert: String,
}

#[derive(HclBody)]
struct Limits {
    /// Connections at once.
    #[hcl(default = 100)]
    connections: u32,
}

#[derive(HclBody)]
struct Blocks {
    /// Where to listen.
    #[hcl(block)]
    listener: Vec<Listener>,
    #[hcl(block)]
    tls: Option<Tls>,
    #[deprecated]
    #[hcl(block)]
    limits: Limits,
    #[hcl(block)]
    route: BTreeMap<String, Listener>,
    #[hcl(flatten)]
    more: Limits2,
}

#[derive(HclBody)]
struct Limits2 {
    burst: i8,
    #[hcl(remain)]
    rest: BodyHandle,
}

#[test]
fn blocks_carry_labels_nesting_and_bodies() {
    let body = Schema::of::<Blocks>().body;
    let b = |n: &str| body.block(n).unwrap().clone();
    assert_eq!(b("listener").labels, ["name"]);
    assert_eq!(b("listener").nesting, Nesting::List);
    assert_eq!(b("listener").doc, doc("Where to listen."));
    assert_eq!(b("tls").nesting, Nesting::Optional);
    assert_eq!(b("limits").nesting, Nesting::Single);
    assert_eq!(b("limits").deprecated.as_deref(), Some(""));
    assert_eq!(b("route").nesting, Nesting::Map);
    let BlockContent::Body(limits) = &b("limits").content else {
        panic!("a body")
    };
    assert_eq!(
        limits.attribute("connections").unwrap().default,
        Some(Value::number(100))
    );
    // The flattened struct's attribute joins; its `remain` makes the body
    // open.
    assert_eq!(
        body.attribute("burst").unwrap().constraint,
        Some(Constraint::integer(-128, 127))
    );
    assert!(!body.exhaustive);
}

/// How to run a step.
#[derive(HclBody)]
enum Step {
    /// A command.
    Run(RunStep),
    #[hcl(rename = "build")]
    Compile(BuildStep),
}

/// Runs a command.
#[derive(HclBody)]
struct RunStep {
    command: String,
}

#[derive(HclBody)]
struct BuildStep {
    #[hcl(label)]
    target: String,
}

#[derive(HclBody)]
#[hcl(by_label = "kind")]
enum Backend {
    /// Files on disk.
    Local(LocalBackend),
    S3(S3Backend),
}

#[derive(HclBody)]
struct LocalBackend {
    #[hcl(label)]
    name: String,
    path: String,
}

#[derive(HclBody)]
struct S3Backend {
    #[hcl(label)]
    name: String,
    bucket: String,
}

#[derive(HclBody)]
struct Pipeline {
    #[hcl(blocks)]
    steps: Vec<Step>,
    #[hcl(block)]
    backend: Vec<Backend>,
}

#[test]
fn enums_dispatch_by_block_type_and_by_label() {
    let body = Schema::of::<Pipeline>().body;
    let names: Vec<&str> = body.blocks.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["run", "build", "backend"]);
    let run = body.block("run").unwrap();
    assert_eq!(run.doc, doc("A command."));
    assert_eq!(run.nesting, Nesting::List);
    let BlockContent::Body(run_body) = &run.content else {
        panic!("a body")
    };
    assert_eq!(run_body.doc, doc("Runs a command."));
    assert_eq!(body.block("build").unwrap().labels, ["target"]);
    let backend = body.block("backend").unwrap();
    assert_eq!(backend.labels, ["kind", "name"]);
    let BlockContent::ByLabel { label, variants } = &backend.content else {
        panic!("by label")
    };
    assert_eq!(label, "kind");
    assert_eq!(variants.len(), 2);
    assert_eq!(
        (variants[0].name.as_str(), &variants[0].doc),
        ("local", &doc("Files on disk."))
    );
    assert!(variants[0].body.attribute("path").is_some());
    assert!(variants[1].body.attribute("bucket").is_some());
}

#[derive(HclBody)]
struct Node {
    name: String,
    #[hcl(block)]
    child: Vec<Node>,
}

#[test]
fn a_recursive_block_type_is_cut() {
    let body = Schema::of::<Node>().body;
    let BlockContent::Body(child) = &body.block("child").unwrap().content else {
        panic!("a body")
    };
    assert_eq!(child.attribute("name").map(|a| a.ty.clone()), Some(Type::String));
    let BlockContent::Body(grandchild) = &child.block("child").unwrap().content else {
        panic!("a body")
    };
    assert!(grandchild.attributes.is_empty() && !grandchild.exhaustive);
}

#[derive(HclBody)]
struct Plain {
    name: String,
    #[hcl(block)]
    tls: Option<Tls>,
}

#[test]
fn the_decoder_adds_the_language_blocks_it_enables() {
    let plain = Decoder::new().dynamic_blocks(false).schema::<Plain>();
    assert_eq!(plain, Schema::of::<Plain>());
    let schema = Decoder::new()
        .variable_blocks()
        .locals()
        .user_functions()
        .schema::<Plain>();
    let names: Vec<&str> = schema.body.blocks.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["tls", "dynamic", "variable", "locals", "function"]);
    let variable = schema.body.block("variable").unwrap();
    assert_eq!((variable.labels.as_slice(), variable.nesting), (&["name".to_owned()][..], Nesting::Map));
    let BlockContent::Body(tls) = &schema.body.block("tls").unwrap().content else {
        panic!("a body")
    };
    // A body without block types gets no `dynamic`.
    assert!(tls.blocks.is_empty());
}

/// The spec file equivalent of `SpecEquivalent`.
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
  attr "tags" {
    type = list(string)
  }
  attr "anything" {}
  block "tls" {
    object {
      attr "cert" {
        type     = string
        required = true
      }
    }
  }
  block "limits" {
    required = true
    object {
      attr "burst" {
        type     = number
        required = true
      }
    }
  }
  block_list "listener" {
    object {
      attr "address" {
        type     = string
        required = true
      }
    }
  }
  block_map "route" {
    labels = ["name"]
    object {
      attr "address" {
        type     = string
        required = true
      }
    }
  }
}
"#;

#[derive(HclBody)]
struct SpecEquivalent {
    name: String,
    #[hcl(default = hcl_decode::hcl_core::Number::from(8080))]
    port: hcl_decode::hcl_core::Number,
    tags: Option<Vec<String>>,
    anything: Option<Value>,
    #[hcl(block)]
    tls: Option<Tls>,
    #[hcl(block)]
    limits: SpecLimits,
    #[hcl(block)]
    listener: Vec<SpecListener>,
    #[hcl(block)]
    route: BTreeMap<String, Listener>,
}

#[derive(HclBody)]
struct SpecLimits {
    burst: hcl_decode::hcl_core::Number,
}

#[derive(HclBody)]
struct SpecListener {
    address: String,
}

#[test]
fn an_hcldec_spec_gives_the_derive_s_schema() {
    let from_spec = Schema::from_hcldec_spec(SPEC, "app.hcldec").unwrap();
    assert_eq!(from_spec, Schema::of::<SpecEquivalent>());
}

#[test]
fn hcldec_spec_constructs() {
    let schema = Schema::from_hcldec_spec(
        r#"
object {
  validate "a" {
    attr {
      name = "a"
      type = number
    }
    condition     = nested > 0
    error_message = "positive"
  }
  transform "b" {
    attr {
      name = "b"
      type = string
    }
    result = upper(nested)
  }
  block_attrs "env" {
    element_type = string
  }
  block_set "rule" {
    attr {
      name = "x"
      type = bool
    }
  }
  literal "c" { value = 1 }
}
"#,
        "more.hcldec",
    )
    .unwrap();
    let body = schema.body;
    assert!(body.attribute("a").unwrap().validated);
    assert_eq!(body.attribute("b").unwrap().ty, Type::String);
    let env = body.block("env").unwrap();
    assert_eq!(env.nesting, Nesting::Optional);
    assert_eq!(
        env.content,
        BlockContent::Body(Body {
            exhaustive: false,
            ..Body::new()
        })
    );
    assert_eq!(body.block("rule").unwrap().nesting, Nesting::List);
    assert_eq!(body.attributes.len(), 2);
}

#[test]
fn an_invalid_spec_is_an_error_with_its_diagnostics() {
    let err = Schema::from_hcldec_spec("object {\n  attr \"a\" { type = nope }\n}\n", "bad.hcldec")
        .unwrap_err();
    assert!(err.diagnostics().has_errors());
    assert!(err.to_string().contains("bad.hcldec"), "{err}");
}

/// Every schema of this file.
fn all_schemas() -> Vec<Schema> {
    vec![
        Schema::of::<Server>(),
        Schema::of::<Blocks>(),
        Schema::of::<Pipeline>(),
        Schema::of::<Node>(),
        Decoder::new()
            .variable_blocks()
            .locals()
            .user_functions()
            .schema::<Pipeline>(),
        Schema::from_hcldec_spec(SPEC, "app.hcldec").unwrap(),
        Schema::of::<Odd>(),
    ]
}

#[derive(HclBody)]
struct Odd {
    /// Ünïcödé "quotes" and <html> & a \ backslash.
    ///
    /// Line one.
    ///
    ///     indented code
    #[hcl(default = hcl_decode::Value::list([Value::number(1)]).unwrap())]
    any: Value,
    #[hcl(default = (1, "a".to_owned()))]
    pair: (u8, String),
    #[hcl(default = BTreeMap::from([("k".to_owned(), 1.5)]))]
    map: BTreeMap<String, f64>,
    #[hcl(default = hcl_decode::BigInt::from(u128::MAX) * 4)]
    big: hcl_decode::BigInt,
    wide: Option<i128>,
    nonzero: Option<std::num::NonZeroI64>,
    object: Option<Limits3>,
}

#[derive(HclBody)]
struct Limits3 {
    level: Option<Level>,
    count: Option<u8>,
}

#[test]
fn the_json_document_round_trips_exactly() {
    for schema in all_schemas() {
        let json = schema.to_json();
        let back = Schema::from_json(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
        assert_eq!(back, schema, "{json}");
        assert_eq!(back.to_json(), json);
    }
}

#[test]
fn odd_values_survive_the_json_document() {
    let body = Schema::of::<Odd>().body;
    let a = |n: &str| body.attribute(n).unwrap().clone();
    assert_eq!(a("any").default.unwrap().ty(), &Type::list(Type::Number));
    assert!(a("any").doc.detail.unwrap().contains("\n\n    indented code"));
    assert_eq!(
        a("object").constraint,
        Some(Constraint::Attributes(vec![
            ("level".into(), Level::value_constraint().unwrap()),
            ("count".into(), Constraint::integer(0, 255)),
        ]))
    );
    let json = Schema::of::<Odd>().to_json();
    assert!(json.contains(r#""default":[1],"default_type":"list(number)""#), "{json}");
    assert!(json.contains(r#""integer":{"min":-9223372036854775808,"max":9223372036854775807,"nonzero":true}"#), "{json}");
}

#[test]
fn an_invalid_document_says_where() {
    let cases = [
        ("[]", "an object is expected"),
        (r#"{"format":"other","version":1,"body":{}}"#, "not an HCL schema"),
        (r#"{"format":"hcl-schema","version":2,"body":{}}"#, "version 2 is not supported"),
        (
            r#"{"format":"hcl-schema","version":1,"body":{"attributes":[{"name":"a","type":"lust(string)"}]}}"#,
            "at body.attributes[0].type",
        ),
        (
            r#"{"format":"hcl-schema","version":1,"body":{"blocks":[{"name":"b","nesting":"many","body":{}}]}}"#,
            "\"many\" is not a nesting",
        ),
        (
            r#"{"format":"hcl-schema","version":1,"body":{"attributes":[{"name":"a","type":"number","default":"x"}]}}"#,
            "at body.attributes[0].default",
        ),
        (
            r#"{"format":"hcl-schema","version":1,"body":{"attributes":[{"name":"a","type":"number","constraint":{"between":1}}]}}"#,
            "at body.attributes[0].constraint",
        ),
        ("{", "invalid"),
    ];
    for (text, wanted) in cases {
        let err = Schema::from_json(text).unwrap_err().to_string();
        assert!(err.contains(wanted), "{text}: {err}");
    }
}

/// Fills a template's placeholders (`# name = <type>` lines outside
/// commented blocks) with a value of the type.
fn fill(template: &str) -> String {
    let mut out = String::new();
    for line in template.lines() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let filled = trimmed.strip_prefix("# ").and_then(|rest| {
            let (name, ty) = rest.split_once(" = <")?;
            let ty = ty.strip_suffix('>')?;
            if name.contains(' ') {
                return None;
            }
            let value = match ty {
                "string" => "\"x\"",
                "number" => "1",
                "bool" => "true",
                t if t.starts_with("list") || t.starts_with("set") || t.starts_with("tuple") => "[]",
                t if t.starts_with("map") || t.starts_with("object") => "{}",
                _ => "1",
            };
            Some(format!("{indent}{name} = {value}"))
        });
        out.push_str(&filled.unwrap_or_else(|| line.to_owned()));
        out.push('\n');
    }
    out
}

/// The templated application.
///
/// Second paragraph.
#[derive(HclBody)]
struct Templated {
    /// Required.
    name: String,
    #[hcl(default = 8080)]
    port: u16,
    #[hcl(default = Level::Warning)]
    level: Level,
    #[hcl(default = vec!["a".to_owned(), "b".to_owned()])]
    tags: Vec<String>,
    #[hcl(default = BTreeMap::from([("x".to_owned(), 1u8)]))]
    weights: BTreeMap<String, u8>,
    #[hcl(default = "multi\nline\n")]
    banner: String,
    #[hcl(default = Duration::from_secs(90))]
    timeout: Duration,
    #[hcl(sensitive, default = "secret")]
    token: String,
    extra: Option<String>,
    #[hcl(block)]
    limits: TemplatedLimits,
    #[hcl(block)]
    listener: Vec<Listener>,
    #[hcl(block)]
    backend: Option<Backend>,
    #[hcl(block)]
    keyed: BTreeMap<String, Listener>,
}

#[derive(HclBody, Debug)]
struct TemplatedLimits {
    #[hcl(label)]
    zone: String,
    #[hcl(default = 3)]
    burst: i8,
    required_too: bool,
    #[hcl(block)]
    inner: TemplatedInner,
}

#[derive(HclBody, Debug)]
struct TemplatedInner {
    #[hcl(default = 1.5)]
    ratio: f64,
}

#[test]
fn the_template_decodes_to_the_defaults_once_filled() {
    let template = Schema::of::<Templated>().template();
    assert_eq!(hcl_decode::hcl_core::format::format_str(&template), template);
    // Unfilled, the required attributes are missing.
    assert!(hcl_decode::from_str::<Templated>(&template, "template.hcl").is_err());
    let filled = fill(&template);
    let t: Templated = hcl_decode::from_str(&filled, "filled.hcl")
        .unwrap_or_else(|e| panic!("{e}\n{filled}"));
    assert_eq!(t.name, "x");
    assert_eq!(t.port, 8080);
    assert_eq!(t.level, Level::Warning);
    assert_eq!(t.tags, ["a", "b"]);
    assert_eq!(t.weights, BTreeMap::from([("x".to_owned(), 1)]));
    assert_eq!(t.banner, "multi\nline\n");
    assert_eq!(t.timeout, Duration::from_secs(90));
    // A sensitive default is never written: the placeholder's value.
    assert_eq!(t.token, "x");
    assert_eq!(t.extra.as_deref(), Some("x"));
    assert_eq!(t.limits.zone, "<zone>");
    assert_eq!(t.limits.burst, 3);
    assert!(t.limits.required_too);
    assert_eq!(t.limits.inner.ratio, 1.5);
    assert!(t.listener.is_empty() && t.backend.is_none() && t.keyed.is_empty());
    assert!(!template.contains("secret"));
    assert!(template.starts_with("# The templated application.\n#\n# Second paragraph.\n"));
    assert!(template.contains("# One of \"debug\", \"info\", \"warn\".\nlevel "), "{template}");
}

#[test]
fn every_template_is_formatted_and_parses() {
    for schema in all_schemas() {
        let template = schema.template();
        assert_eq!(hcl_decode::hcl_core::format::format_str(&template), template);
        let (_, diags) = hcl_decode::hcl_core::native::parse_config_str(&fill(&template), "t.hcl");
        assert!(!diags.has_errors(), "{diags}\n{template}");
    }
}

