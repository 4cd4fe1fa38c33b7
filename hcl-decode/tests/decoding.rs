//! Reading files: both syntaxes, the decoder's options, and every mistake
//! of a file reported in one run, in source order.

// Some fields are only there to be decoded.
#![allow(dead_code)]

use std::collections::BTreeMap;

use hcl_decode::{Decoder, EvalContext, HclBody, Mode, Semantics, Syntax, Type, Value};
use hcl_decode::{Function, Parameter};

#[derive(HclBody, Debug)]
struct App {
    name: String,
    #[hcl(default = 8080)]
    port: u16,
    #[hcl(default)]
    replicas: u8,
    tags: Option<Vec<String>>,
    #[hcl(block)]
    database: Database,
    #[hcl(block)]
    cache: Option<Cache>,
    #[hcl(block)]
    listener: Vec<Listener>,
}

#[derive(HclBody, Debug)]
struct Database {
    url: String,
    #[hcl(default = 5)]
    pool: u32,
}

#[derive(HclBody, Debug)]
struct Cache {
    size: u64,
}

#[derive(HclBody, Debug)]
struct Listener {
    #[hcl(label)]
    name: String,
    address: String,
    options: Option<BTreeMap<String, bool>>,
}

#[test]
fn a_file_with_one_mistake_of_each_kind_reports_all_in_source_order() {
    let src = r#"nmae = "api"
port = 70000
replicas = "many"
tags = ["a", ["b"]]
database {
  pool = 2
}
cache {
  size = 1
}
cache {
  size = 2
}
listener "a" {
  address = upstream
  options = { tls = true, h2 = "maybe" }
}
listener {
  address = "x"
}
monitoring {}
"#;
    let err = hcl_decode::from_str::<App>(src, "app.hcl").unwrap_err();
    let lines: Vec<String> = err.diagnostics().iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            // Missing required attribute of the root body: at its start.
            "app.hcl:1,1-1: Missing required argument; The argument \"name\" is required, but no definition was found.",
            // Unknown attribute, with a suggestion.
            "app.hcl:1,1-5: Unsupported argument; An argument named \"nmae\" is not expected here. Did you mean \"name\"?",
            // Out-of-range integer.
            "app.hcl:2,8-13: Invalid attribute value; Inappropriate value for attribute \"port\": value must be a whole number, between 0 and 255 inclusive.".replace("255", "65535").as_str(),
            // Wrong type.
            "app.hcl:3,12-18: Incorrect attribute value type; Inappropriate value for attribute \"replicas\": a number is required.",
            // Wrong type inside a value, at the element.
            "app.hcl:4,14-19: Incorrect attribute value type; Inappropriate value for attribute \"tags\": [1]: string required.",
            // Missing required attribute of a block: at the block.
            "app.hcl:5,10-10: Missing required argument; The argument \"url\" is required, but no definition was found.",
            // Too many blocks.
            "app.hcl:11,1-6: Duplicate cache block; Only one cache block is allowed. Another was defined at app.hcl:8,1-6.",
            // An expression that cannot be evaluated.
            "app.hcl:15,13-21: Unknown variable; There is no variable named \"upstream\".",
            "app.hcl:16,32-39: Incorrect attribute value type; Inappropriate value for attribute \"options\": [\"h2\"]: a bool is required.",
            // A block without its label.
            "app.hcl:18,10-11: Missing name for listener; All listener blocks must have 1 labels (name).",
            // Unknown block type.
            "app.hcl:21,1-11: Unsupported block type; Blocks of type \"monitoring\" are not expected here.",
        ]
    );
    // Display renders each with its source line.
    let text = err.to_string();
    assert!(text.starts_with(
        "Error: Missing required argument\n\n  on app.hcl line 1:\n   1: nmae = \"api\"\n"
    ));
    assert!(text.contains(
        "Error: Duplicate cache block\n\n  on app.hcl line 11:\n  11: cache {\n      ^^^^^\n"
    ));
    assert_eq!(text.matches("Error: ").count(), lines.len());
    // And it is a std error.
    let boxed: Box<dyn std::error::Error> = Box::new(err);
    assert!(boxed.source().is_none());
}

#[test]
fn a_good_file_decodes() {
    let src =
        "name = \"api\"\ndatabase { url = \"pg://\" }\nlistener \"a\" { address = \"0.0.0.0\" }\n";
    let app: App = hcl_decode::from_slice(src.as_bytes(), "app.hcl").unwrap();
    assert_eq!(
        (app.name.as_str(), app.port, app.replicas),
        ("api", 8080, 0)
    );
    assert_eq!((app.database.url.as_str(), app.database.pool), ("pg://", 5));
    assert!(app.cache.is_none() && app.tags.is_none());
    assert_eq!(app.listener[0].name, "a");
}

#[test]
fn syntax_and_decoding_errors_are_reported_together() {
    // A syntax error in one block, decoding mistakes around it: all of
    // them, in source order.
    let src = r#"name = "api"
port = 70000
database {
  url = "pg://" "x"
}
cache {
  size = "big"
}
listener "a" {
  adress = "x"
}
"#;
    let err = hcl_decode::from_str::<App>(src, "app.hcl").unwrap_err();
    let lines: Vec<String> = err.diagnostics().iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "app.hcl:2,8-13: Invalid attribute value; Inappropriate value for attribute \"port\": value must be a whole number, between 0 and 65535 inclusive.",
            "app.hcl:4,17-18: Missing newline after argument; An argument definition must end with a newline.",
            "app.hcl:7,10-15: Incorrect attribute value type; Inappropriate value for attribute \"size\": a number is required.",
            "app.hcl:9,14-14: Missing required argument; The argument \"address\" is required, but no definition was found.",
            "app.hcl:10,3-9: Unsupported argument; An argument named \"adress\" is not expected here. Did you mean \"address\"?",
        ]
    );
    // Rendered with source snippets, syntax errors included.
    assert!(
        err.to_string().contains(
            "Error: Missing newline after argument\n\n  on app.hcl line 4:\n   4:   url = \"pg://\" \"x\"\n                      ^\n"
        ),
        "{err}"
    );

    // The same file decodes once the syntax error is fixed.
    let fixed = src
        .replace("\"pg://\" \"x\"", "\"pg://\"")
        .replace("70000", "80")
        .replace("\"big\"", "1")
        .replace("adress", "address");
    let app: App = hcl_decode::from_str(&fixed, "app.hcl").unwrap();
    assert_eq!(app.database.url, "pg://");
}

#[test]
fn what_a_syntax_error_explains_is_not_reported_again() {
    // An invalid expression is not also a value "not known yet".
    let err = hcl_decode::from_str::<App>(
        "name = \"api\"\nport =\ndatabase { url = \"x\" }\n",
        "app.hcl",
    )
    .unwrap_err();
    assert_eq!(
        err.diagnostics().to_string(),
        "app.hcl:2,7-3,1: Invalid expression; Expected the start of an expression, but found an invalid expression token."
    );

    // An error the parser recovers from at the end of its line (here a
    // missing operand) swallows nothing: what is missing is still missing.
    let err = hcl_decode::from_str::<App>("port = 1 +\ndatabase { url = \"x\" }\n", "app.hcl")
        .unwrap_err();
    assert_eq!(
        err.diagnostics().to_string(),
        "app.hcl:1,1-1: Missing required argument; The argument \"name\" is required, but no definition was found.\n\
         app.hcl:1,11-2,1: Invalid expression; Expected the start of an expression, but found an invalid expression token."
    );

    // A block header without its brace: the block has no body (nothing is
    // reported missing from it); the lines that were meant to be its body
    // are read where they are.
    let err = hcl_decode::from_str::<App>(
        "name = \"api\"\ndatabase { url = \"x\" }\nlistener \"a\"\n  address = \"x\"\n}\n",
        "app.hcl",
    )
    .unwrap_err();
    let summaries: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.summary.as_ref())
        .collect();
    assert_eq!(
        summaries,
        ["Invalid block definition", "Unsupported argument"],
        "{}",
        err.diagnostics()
    );

    // An unclosed bracket swallows what follows: no "missing" `database`,
    // no "unknown variable" for the swallowed words.
    let err = hcl_decode::from_str::<App>("name = [1,\ndatabase { url = \"x\" }\n", "app.hcl")
        .unwrap_err();
    assert_eq!(err.diagnostics().len(), 1, "{}", err.diagnostics());
    assert!(err.diagnostics().has_errors());

    // An unclosed block: what follows it is not reported as unexpected in
    // it, nor is the root's `name` reported missing.
    let err =
        hcl_decode::from_str::<App>("database {\n  url = (\"x\"\n}\nname = \"api\"\n", "app.hcl")
            .unwrap_err();
    assert_eq!(
        err.diagnostics().to_string(),
        "app.hcl:3,1-2: Unbalanced parentheses; Expected a closing parenthesis to terminate the expression."
    );

    // JSON: a document whose root could not be read has nothing else to
    // report; otherwise the decoding mistakes come too.
    let err = hcl_decode::from_str::<App>(r#"{"name": "api",}"#, "app.json").unwrap_err();
    assert!(
        err.diagnostics()
            .iter()
            .all(|d| !d.summary.starts_with("Missing required")),
        "{}",
        err.diagnostics()
    );
    let err = hcl_decode::from_str::<App>(
        r#"{"name": "api", "port": 70000, "database": {"url": "x"}, "cache": {"size": }}"#,
        "app.json",
    )
    .unwrap_err();
    let summaries: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.summary.as_ref())
        .collect();
    assert_eq!(summaries, ["Invalid attribute value", "Missing JSON value"]);
}

#[test]
fn files_by_extension() {
    let dir = std::env::temp_dir().join(format!("hcl-decode-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let native = dir.join("app.hcl");
    std::fs::write(&native, "name = \"n\"\ndatabase { url = \"u\" }\n").unwrap();
    let json = dir.join("app.hcl.json");
    std::fs::write(
        &json,
        r#"{"name": "j", "port": "81", "database": {"url": "u"}, "listener": {"a": {"address": "x"}, "b": {"address": "y"}}}"#,
    )
    .unwrap();
    let app: App = hcl_decode::from_file(&native).unwrap();
    assert_eq!(app.name, "n");
    let app: App = hcl_decode::from_file(&json).unwrap();
    assert_eq!((app.name.as_str(), app.port), ("j", 81));
    assert_eq!(
        app.listener
            .iter()
            .map(|l| l.name.as_str())
            .collect::<Vec<_>>(),
        ["a", "b"]
    );

    // JSON mistakes are reported with their places too.
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        "{\"name\": \"j\", \"prot\": 1, \"database\": {\"url\": \"u\"}}",
    )
    .unwrap();
    let err = hcl_decode::from_file::<App>(&bad).unwrap_err();
    let name = bad.to_string_lossy();
    assert_eq!(
        err.diagnostics().to_string(),
        format!(
            "{name}:1,15-21: Extraneous JSON object property; No argument or block type is named \"prot\". Did you mean \"port\"?"
        )
    );
    assert!(err.to_string().contains("  on "));

    let missing = dir.join("missing.hcl");
    let err = hcl_decode::from_file::<App>(&missing).unwrap_err();
    assert_eq!(
        err.diagnostics().iter().next().map(|d| d.summary.as_ref()),
        Some("Failed to read file")
    );
    assert!(std::error::Error::source(&err).is_some());
    std::fs::remove_dir_all(&dir).unwrap();

    // A forced syntax wins over the name.
    let app: App = Decoder::new()
        .syntax(Syntax::Json)
        .decode_str(r#"{"name": "x", "database": {"url": "u"}}"#, "app.conf")
        .unwrap();
    assert_eq!(app.name, "x");
}

#[derive(HclBody, Debug)]
struct Greeting {
    text: String,
}

#[test]
fn variables_functions_and_literal_only_mode() {
    let upper = Function::builder()
        .param(Parameter::new("s", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            Ok(Value::string(
                args[0].as_str().unwrap_or_default().to_uppercase(),
            ))
        });
    let g: Greeting = Decoder::new()
        .variable("who", Value::string("world"))
        .function("upper", upper.clone())
        .decode_str("text = upper(\"hello ${who}\")\n", "g.hcl")
        .unwrap();
    assert_eq!(g.text, "HELLO WORLD");

    // A base context, shadowed by the decoder's own variables.
    let mut base = EvalContext::new();
    base.declare_variable("who", Value::string("base")).unwrap();
    base.declare_variable("greeting", Value::string("hi"))
        .unwrap();
    let g: Greeting = Decoder::new()
        .eval_context(base)
        .variable("who", Value::string("decoder"))
        .decode_str("text = \"${greeting} ${who}\"\n", "g.hcl")
        .unwrap();
    assert_eq!(g.text, "hi decoder");

    // Literal-only: no variables, no functions.
    let err = Decoder::new()
        .literal_only()
        .decode_str::<Greeting>("text = \"hello ${who}\"\n", "g.hcl")
        .unwrap_err();
    assert_eq!(
        err.diagnostics().to_string(),
        "g.hcl:1,17-20: Variables not allowed; Variables may not be used here."
    );
    // JSON strings are literals in literal-only mode.
    let g: Greeting = Decoder::new()
        .literal_only()
        .decode_str(r#"{"text": "hello ${who}"}"#, "g.json")
        .unwrap();
    assert_eq!(g.text, "hello ${who}");

    // An unknown variable is reported with a suggestion.
    let err = Decoder::new()
        .variable("who", Value::string("world"))
        .decode_str::<Greeting>("text = \"hello ${woh}\"\n", "g.hcl")
        .unwrap_err();
    assert!(
        err.diagnostics().to_string().contains("Unknown variable"),
        "{}",
        err.diagnostics()
    );
}

#[test]
fn exhaustive_and_partial_modes() {
    let d = Decoder::new().mode(Mode::Exhaustive);
    assert!(
        d.decode_str::<Greeting>("text = \"a\"\nextra = 1\n", "g.hcl")
            .is_err()
    );
    let g = d
        .clone()
        .mode(Mode::Partial)
        .decode_str::<Greeting>("text = \"a\"\nextra = 1\n", "g.hcl")
        .unwrap();
    assert_eq!(g.text, "a");
    // What is left goes to the next layer.
    let mut layers = d
        .clone()
        .text("text = \"a\"\nextra = 1\n", "g.hcl")
        .layers()
        .unwrap();
    assert_eq!(layers.decode::<Greeting>().unwrap().text, "a");
    assert_eq!(layers.remaining().just_attributes().0.len(), 1);
}

#[test]
fn decoding_a_parsed_body() {
    let decoder = Decoder::new();
    let body = decoder.parse_slice(b"text = \"a\"\n", "g.hcl").unwrap();
    let g: Greeting = decoder.decode_body(&body).unwrap();
    assert_eq!(g.text, "a");
    let err = decoder.decode_body::<App>(&body).unwrap_err();
    assert!(err.diagnostics().has_errors());
    // The body remembers its text: the diagnostics show it.
    let via_text = decoder
        .decode_str::<App>("text = \"a\"\n", "g.hcl")
        .unwrap_err();
    assert_eq!(err.to_string(), via_text.to_string());
}

#[test]
fn a_literal_only_decoder_with_variables_or_functions_is_an_error() {
    let upper = Function::builder()
        .param(Parameter::new("s", Type::String))
        .returns(Type::String)
        .build(|args, _| Ok(args[0].clone()));
    let mut base = EvalContext::new();
    base.declare_variable("env", Value::string("prod")).unwrap();
    let decoders = [
        Decoder::new()
            .literal_only()
            .variable("who", Value::string("world")),
        Decoder::new().function("upper", upper).literal_only(),
        Decoder::new().eval_context(base).literal_only(),
    ];
    let names = ["variable \"who\"", "function \"upper\"", "variable \"env\""];
    for (decoder, name) in decoders.iter().zip(names) {
        assert!(decoder.build_eval_context().is_err());
        // Even a file that uses none of them: the options contradict.
        let err = decoder
            .decode_str::<Greeting>("text = \"hi\"\n", "g.hcl")
            .unwrap_err();
        assert_eq!(err.diagnostics().len(), 1);
        let d = &err.diagnostics().iter().next().unwrap();
        assert_eq!(d.summary, "Invalid decoder options");
        assert!(d.detail.contains(name), "{}", d.detail);
        assert!(d.subject.is_none());
        assert!(
            decoder
                .clone()
                .text("text = \"hi\"\n", "g.hcl")
                .layers()
                .is_err()
        );
        let body = Decoder::new()
            .parse_slice(b"text = \"hi\"\n", "g.hcl")
            .unwrap();
        assert!(decoder.decode_body::<Greeting>(&body).is_err());
    }
    // Literal-only alone is fine.
    let g: Greeting = Decoder::new()
        .literal_only()
        .decode_str("text = \"hi\"\n", "g.hcl")
        .unwrap();
    assert_eq!(g.text, "hi");
}

/// Blocks that still decode but are deprecated: a warning for each.
#[derive(Debug)]
struct Deprecated<T>(Vec<T>);

impl<T: HclBody> hcl_decode::FromBlocks for Deprecated<T> {
    type Block = T;

    fn from_blocks(
        type_name: &str,
        blocks: &[&hcl_decode::hcl_core::body::Block],
        missing: &hcl_decode::Range,
        cx: &mut hcl_decode::DecodeContext<'_>,
    ) -> Option<Self> {
        for b in blocks {
            cx.push(
                hcl_decode::Diagnostic::warning(format!("Deprecated {type_name} block"))
                    .with_detail("It will be removed in the next release.")
                    .with_subject(b.def_range.clone()),
            );
        }
        Vec::<T>::from_blocks(type_name, blocks, missing, cx).map(Deprecated)
    }

    fn value_type() -> Type {
        Vec::<T>::value_type()
    }

    fn from_value(
        value: &Value,
        range: &hcl_decode::Range,
    ) -> Result<Self, hcl_decode::FromValueError> {
        <Vec<T> as hcl_decode::FromBlocks>::from_value(value, range).map(Deprecated)
    }
}

#[derive(HclBody, Debug)]
struct WithLegacy {
    name: String,
    #[hcl(block)]
    legacy: Deprecated<Cache>,
}

#[test]
fn warnings_of_a_successful_decoding_are_returned() {
    let src = "name = \"api\"\nlegacy { size = 1 }\n";
    // The plain entry points succeed and drop them...
    let v: WithLegacy = hcl_decode::from_str(src, "app.hcl").unwrap();
    assert_eq!(v.legacy.0.len(), 1);
    // ... `decode` returns them, with the source to show them.
    let decoded = Decoder::new()
        .text(src, "app.hcl")
        .decode::<WithLegacy>()
        .unwrap();
    assert_eq!(decoded.value.name, "api");
    assert_eq!(
        decoded.warnings().diagnostics().to_string(),
        "app.hcl:2,1-7: Deprecated legacy block; It will be removed in the next release."
    );
    assert_eq!(
        decoded.warnings().to_string(),
        "Warning: Deprecated legacy block\n\n  on app.hcl line 2:\n   2: legacy { size = 1 }\n      ^^^^^^\n\nIt will be removed in the next release."
    );
    let decoded = Decoder::new()
        .text(src.as_bytes(), "app.hcl")
        .decode::<WithLegacy>()
        .unwrap();
    assert_eq!(decoded.warnings().len(), 1);
    let body = Decoder::new()
        .parse_slice(src.as_bytes(), "app.hcl")
        .unwrap();
    let decoded = Decoder::new().decode_body::<WithLegacy>(&body).unwrap();
    assert_eq!(decoded.name, "api");
    // A failed decoding has them among its diagnostics.
    let err = hcl_decode::from_str::<WithLegacy>("legacy { size = 1 }\n", "app.hcl").unwrap_err();
    assert_eq!(err.diagnostics().len(), 2);
    assert!(err.to_string().contains("Warning: Deprecated legacy block"));
    // So does a layered decoding's end.
    let mut layers = Decoder::new().text(src, "app.hcl").layers().unwrap();
    assert!(layers.decode::<WithLegacy>().is_some());
    let warnings = layers.finish().unwrap();
    assert_eq!(warnings.len(), 1);
    // And a file decoded from disk.
    let path = std::env::temp_dir().join(format!("hcl-decode-warnings-{}.hcl", std::process::id()));
    std::fs::write(&path, src).unwrap();
    let decoded = Decoder::new().file(&path).decode::<WithLegacy>().unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(decoded.warnings().len(), 1);
}

// ---------------------------------------------------------------------------
// Semantics: the specification's rules (warning where HashiCorp's differ), or
// HashiCorp's

#[derive(HclBody, Debug)]
struct Settings {
    tags: Value,
}

/// The value of `tags` and the warnings' summaries, decoded by `decoder`.
fn settings(decoder: &Decoder, src: &str) -> (String, Vec<String>) {
    let decoded = decoder
        .clone()
        .text(src, "s.hcl")
        .decode::<Settings>()
        .unwrap_or_else(|e| panic!("{src}: {e}"));
    let warnings = decoded
        .warnings()
        .diagnostics()
        .iter()
        .map(|d| d.summary.to_string())
        .collect();
    (decoded.value.tags.to_string(), warnings)
}

const DIFFERS: &str = "Result differs from HashiCorp's HCL";

#[test]
fn decoder_semantics_reach_every_expression() {
    let src = "tags = length(true ? (true ? [7] : []) : []) > 0 ? { a = 1 } : {}\n";
    // Go mode: `[7]` (a list), so the map with `a`.
    assert_eq!(
        settings(&Decoder::new().semantics(Semantics::Go), src),
        ("{ \"a\" = 1 }".to_owned(), vec![])
    );
    // Spec mode: the nested conditional is an error.
    let err = Decoder::new()
        .decode_str::<Settings>(src, "s.hcl")
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("Inconsistent conditional result types")
    );
    assert!(err.to_string().contains(DIFFERS));

    // A base context's semantics hold unless the decoder sets its own.
    let mut base = EvalContext::new();
    base.set_semantics(Semantics::Go);
    let src = "tags = false ? { name = \"n\" } : {}\n";
    let decoder = Decoder::new().eval_context(base);
    assert_eq!(settings(&decoder, src), ("{}".to_owned(), vec![]));
    assert_eq!(
        settings(&decoder.semantics(Semantics::Spec), src),
        ("{ \"name\" = null }".to_owned(), vec![DIFFERS.to_owned()])
    );
}

#[test]
fn decoder_semantics_reach_locals_and_variables() {
    let src = "variable \"x\" {\n  default = null\n}\nlocals {\n  m = var.x == null ? {} : { 1 = 1 }\n}\ntags = local.m\n";
    let go = Decoder::new()
        .variable_blocks()
        .locals()
        .semantics(Semantics::Go);
    assert_eq!(settings(&go, src), ("{}".to_owned(), vec![]));
    let spec = Decoder::new().variable_blocks().locals();
    assert_eq!(
        settings(&spec, src),
        ("{ \"1\" = null }".to_owned(), vec![DIFFERS.to_owned()])
    );
}

#[test]
fn divergence_hints_make_both_rule_sets_agree() {
    // The rewrites the warnings suggest give one result in both modes, and
    // no warning.
    for (src, want) in [
        ("tags = false ? tomap({ name = \"n\" }) : tomap({})\n", "{}"),
        ("tags = true ? tolist([7]) : tolist([])\n", "[7]"),
        (
            "tags = true ? tolist(true ? [7] : []) : tolist([])\n",
            "[7]",
        ),
    ] {
        for sem in [Semantics::Spec, Semantics::Go] {
            assert_eq!(
                settings(&Decoder::new().semantics(sem), src),
                (want.to_owned(), vec![]),
                "{sem}: {src}"
            );
        }
    }
}

#[test]
fn nested_evaluations_are_checked_against_go_once() {
    // `try` evaluates its arguments itself; each failing one would be
    // evaluated again by Go's rules at every level if nested evaluations
    // did the spec-mode check too: 4^12 evaluations here (`try` already
    // evaluates its argument twice a level, by both rule sets: 2^12). Only
    // the outermost one does.
    let depth = 12;
    let src = format!(
        "tags = {}nope{}\n",
        "try(".repeat(depth),
        ", { a = 1 })".repeat(depth)
    );
    for sem in [Semantics::Spec, Semantics::Go] {
        assert_eq!(
            settings(&Decoder::new().semantics(sem), &src),
            ("{ \"a\" = 1 }".to_owned(), vec![]),
            "{sem}"
        );
    }
}

#[test]
fn decoder_semantics_reach_the_conversion_to_a_fields_type() {
    #[derive(HclBody, Debug)]
    struct Server {
        port: u32,
    }
    // Deviation row 6: a string with an exponent is no number by the
    // specification; Go converts it.
    let src = "port = \"1e3\"\n";
    let err = Decoder::new()
        .decode_str::<Server>(src, "s.hcl")
        .unwrap_err();
    assert!(err.to_string().contains("a number is required"), "{err}");
    let go = Decoder::new()
        .semantics(Semantics::Go)
        .decode_str::<Server>(src, "s.hcl")
        .unwrap();
    assert_eq!(go.port, 1000);
}

#[test]
fn decoder_semantics_reach_the_conversion_of_input_variables() {
    #[derive(HclBody, Debug)]
    struct Server {
        port: u32,
    }
    let src = "variable \"port\" {\n  type = number\n}\nport = var.port\n";
    let decoder = || {
        Decoder::new()
            .variable_blocks()
            .input("port", Value::string("8e3"))
    };
    let err = decoder().decode_str::<Server>(src, "s.hcl").unwrap_err();
    assert!(err.to_string().contains("a number is required"), "{err}");
    let go = decoder()
        .semantics(Semantics::Go)
        .decode_str::<Server>(src, "s.hcl")
        .unwrap();
    assert_eq!(go.port, 8000);
}

#[derive(HclBody, Debug)]
struct PortOnly {
    port: u32,
}

#[derive(HclBody, Debug)]
struct Declared {}

/// Summary, detail and subject of each diagnostic.
fn summarised(err: &hcl_decode::Error) -> Vec<(String, String, String)> {
    err.diagnostics()
        .iter()
        .map(|d| {
            let subject = d.subject.as_ref().map(|r| r.to_string());
            (
                d.summary.to_string(),
                d.detail.to_string(),
                subject.unwrap_or_default(),
            )
        })
        .collect()
}

#[test]
fn a_field_conversion_that_go_accepts_stays_an_error_with_the_warning() {
    let src = "port = \"1e3\"\n";
    let err = hcl_decode::from_str::<PortOnly>(src, "l.hcl").unwrap_err();
    assert_eq!(
        summarised(&err),
        [
            (
                "Incorrect attribute value type".to_owned(),
                "Inappropriate value for attribute \"port\": a number is required.".to_owned(),
                "l.hcl:1,8-13".to_owned(),
            ),
            (
                DIFFERS.to_owned(),
                "By the HCL specification the value of attribute \"port\", of type string, does not convert to number (see the error reported with it); HashiCorp's implementation (as in Terraform), whose conversions are more lenient here, converts it, to a value of type number. Write it so that the specification accepts it too (the error says what it needs), and both give the same result.".to_owned(),
                "l.hcl:1,8-13".to_owned(),
            ),
        ]
    );
    // Go's rules take it, without a warning.
    let go: PortOnly = Decoder::new()
        .semantics(Semantics::Go)
        .decode_str(src, "l.hcl")
        .unwrap();
    assert_eq!(go.port, 1000);
}

#[test]
fn an_input_variable_conversion_that_go_accepts_stays_an_error_with_the_warning() {
    let src = "variable \"port\" {\n  type = number\n}\nvariable \"limit\" {\n  type = number\n  default = \"2e3\"\n}\n";
    let err = Decoder::new()
        .variable_blocks()
        .input("port", Value::string("1e3"))
        .decode_str::<Declared>(src, "v.hcl")
        .unwrap_err();
    let lenient = "HashiCorp's implementation (as in Terraform), whose conversions are more lenient here, converts it, to a value of type number. Write it so that the specification accepts it too (the error says what it needs), and both give the same result.";
    assert_eq!(
        summarised(&err),
        [
            (
                "Invalid value for input variable".to_owned(),
                "The value for var.port given explicitly by the application (an input) is not suitable for its type constraint number: a number is required.".to_owned(),
                "v.hcl:1,1-16".to_owned(),
            ),
            (
                DIFFERS.to_owned(),
                format!("By the HCL specification the value for var.port given explicitly by the application (an input), of type string, does not convert to number (see the error reported with it); {lenient}"),
                "v.hcl:1,1-16".to_owned(),
            ),
            (
                "Invalid default value for variable".to_owned(),
                "This default value is not compatible with the variable's type constraint: a number is required.".to_owned(),
                "v.hcl:6,13-18".to_owned(),
            ),
            (
                DIFFERS.to_owned(),
                format!("By the HCL specification the default of var.limit, of type string, does not convert to number (see the error reported with it); {lenient}"),
                "v.hcl:6,13-18".to_owned(),
            ),
        ]
    );
    let go = Decoder::new()
        .variable_blocks()
        .semantics(Semantics::Go)
        .input("port", Value::string("1e3"))
        .decode_str::<Declared>(src, "v.hcl");
    assert!(go.is_ok(), "{go:?}");
}

#[derive(HclBody, Debug)]
struct Page {
    body: String,
}

#[test]
fn a_function_the_library_leaves_out_says_how_to_enable_it() {
    let err = hcl_decode::from_str::<Page>("body = file(\"index.html\")\n", "p.hcl").unwrap_err();
    assert_eq!(
        summarised(&err),
        [(
            "Function not enabled".to_owned(),
            "The function \"file\" exists but is not enabled here. It is one of the filesystem functions, which read files under a root directory that confines them: enable them with `Library::filesystem(root)` in the function library.".to_owned(),
            "p.hcl:1,8-12".to_owned(),
        )]
    );
    let err = Decoder::new()
        .function_library(hcl_decode::functions::Library::empty())
        .decode_str::<Page>("body = upper(\"x\")\n", "p.hcl")
        .unwrap_err();
    assert_eq!(
        summarised(&err),
        [(
            "Function not enabled".to_owned(),
            "The function \"upper\" exists but is not enabled here. It is in the String family: enable it with `Library::family(Family::String)` (or `Library::pure()`, every family) in the function library.".to_owned(),
            "p.hcl:1,8-13".to_owned(),
        )]
    );
}

#[test]
fn templatefile_renders_with_the_decoders_library() {
    use hcl_decode::functions::{Family, Library};
    let dir = std::env::temp_dir().join(format!("hcl-decode-tpl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("page.tpl"), "${upper(title)}: ${timestamp()}").unwrap();
    let src = "body = templatefile(\"page.tpl\", { title = \"home\" })\n";
    // The pure library's template has no `timestamp`, and says so.
    let err = Decoder::new()
        .function_library(Library::pure().filesystem(&dir))
        .decode_str::<Page>(src, "p.hcl")
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("page.tpl:1,20-29: Function not enabled; The function \"timestamp\" exists but is not enabled here. It is impure (its result changes from call to call): enable it with `Library::impure()` in the function library."),
        "{text}"
    );
    // With the impure functions, the template may call them.
    let page: Page = Decoder::new()
        .function_library(
            Library::empty()
                .family(Family::String)
                .impure()
                .filesystem(&dir),
        )
        .decode_str(src, "p.hcl")
        .unwrap();
    assert!(page.body.starts_with("HOME: "), "{}", page.body);
    std::fs::remove_dir_all(&dir).ok();
}

#[derive(HclBody, Debug)]
struct Service {
    name: String,
    #[hcl(block)]
    server: PortOnly,
}

#[test]
fn a_missing_item_across_files_is_reported_at_the_first_item_not_a_comment() {
    let dir = std::env::temp_dir().join(format!("hcl-decode-missing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = dir.join("a.hcl");
    let b = dir.join("b.hcl");
    std::fs::write(
        &a,
        "# The service's name.\n# (its server is in b.hcl)\n\nname = \"api\"\n",
    )
    .unwrap();
    std::fs::write(&b, "# nothing here yet\n").unwrap();
    let err = Decoder::new()
        .decode_files::<Service, _>([&a, &b])
        .unwrap_err();
    let got = summarised(&err);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].0, "Missing server block");
    assert_eq!(got[0].1, "A server block is required.");
    assert_eq!(got[0].2, format!("{}:4,1-1", a.display()));
    std::fs::remove_dir_all(&dir).ok();
}
