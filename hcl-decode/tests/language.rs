//! The configuration language layer: variables, locals, user functions,
//! dynamic blocks, several files; in both syntaxes.

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
struct Job {
    region: String,
    count: u32,
    #[hcl(block)]
    port: Vec<Port>,
}

fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("hcl-lang-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Environment variables cannot be set safely in a running test: the test
/// runs again in a child process with them. True in the child.
fn in_child(test: &str, env: &[(&str, &str)]) -> bool {
    if std::env::var_os("LANGTEST_CHILD").is_some() {
        return true;
    }
    let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .args([test, "--exact", "--nocapture"])
        .env("LANGTEST_CHILD", "1")
        .envs(env.iter().copied())
        .output()
        .expect("child test runs");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    false
}

fn full() -> Decoder {
    Decoder::new().variable_blocks().locals().user_functions()
}

const NATIVE: &str = r#"
variable "region" {
  type    = string
  default = "eu"
}
variable "ports" {
  type    = map(object({number = number, proto = optional(string, "tcp")}))
  default = { http = { number = 80 }, https = { number = 443 } }
}
function "double" {
  params = [x]
  result = x * 2
}
locals {
  base  = 2
  count = double(local.base) + 1
}
region = var.region
count  = local.count
dynamic "port" {
  for_each = var.ports
  labels   = [port.key]
  content {
    number = port.value.number
  }
}
"#;

const JSON: &str = r#"{
  "variable": {
    "region": {"type": "string", "default": "eu"},
    "ports": {"type": "map(object({number = number, proto = optional(string, \"tcp\")}))",
              "default": {"http": {"number": 80}, "https": {"number": 443}}}
  },
  "function": {"double": {"params": ["x"], "result": "${x * 2}"}},
  "locals": {"base": 2, "count": "${double(local.base) + 1}"},
  "region": "${var.region}",
  "count": "${local.count}",
  "dynamic": {"port": {"for_each": "${var.ports}", "labels": ["${port.key}"],
              "content": {"number": "${port.value.number}"}}}
}"#;

#[test]
fn every_feature_in_both_syntaxes() {
    for (src, name) in [(NATIVE, "job.hcl"), (JSON, "job.hcl.json")] {
        let e = full().text(src, name).decode::<Job>().unwrap();
        assert_eq!(e.value.region, "eu", "{name}");
        assert_eq!(e.value.count, 5, "{name}");
        let ports: Vec<_> = e
            .value
            .port
            .iter()
            .map(|p| (p.name.as_str(), p.number))
            .collect();
        assert_eq!(ports, [("http", 80), ("https", 443)], "{name}");
        assert_eq!(e.locals().get("count"), Some(&Value::number(5)));
        // optional(...) defaults filled in after conversion.
        let ports = e.inputs().get("ports").map(|v| &v.value).unwrap();
        assert_eq!(
            ports.get("http").unwrap().get("proto"),
            Some(&Value::string("tcp"))
        );
        assert!(matches!(
            e.inputs()["region"].source,
            ValueSource::Default(_)
        ));
    }
}

#[test]
fn precedence_default_env_file_input() {
    let d = dir("prec");
    let cfg = d.join("main.hcl");
    std::fs::write(&cfg, "variable \"a\" {\n  type = string\n  default = \"d\"\n}\nvariable \"b\" {\n  type = string\n  default = \"d\"\n}\nvariable \"c\" {\n  default = \"d\"\n}\nvariable \"n\" {\n  type = number\n  default = 1\n}\nlocals {\n  all = \"${var.a}${var.b}${var.c}${var.n}\"\n}\nregion = local.all\ncount = var.n\n").unwrap();
    let vf = d.join("vars.hcl");
    std::fs::write(&vf, "b = \"f\"\nc = \"f\"\nundeclared = 1\n").unwrap();
    let vj = d.join("vars.json");
    std::fs::write(&vj, "{\"c\": \"j\"}").unwrap();
    if !in_child(
        "precedence_default_env_file_input",
        &[
            ("LANGTEST_PREC_a", "e"),
            ("LANGTEST_PREC_b", "e"),
            ("LANGTEST_PREC_n", "2 + 5"),
        ],
    ) {
        return;
    }
    let e = full()
        .env_prefix("LANGTEST_PREC_")
        .var_file(&vf)
        .var_file(&vj)
        .input("c", Value::string("i"))
        .files([&cfg])
        .decode::<Job>()
        .unwrap();
    assert_eq!(e.value.region, "efi7");
    assert_eq!(e.value.count, 7);
    assert_eq!(
        e.inputs()["a"].source,
        ValueSource::Environment("LANGTEST_PREC_a".into())
    );
    assert!(matches!(e.inputs()["b"].source, ValueSource::VarFile(_)));
    assert_eq!(e.inputs()["c"].source, ValueSource::Input);
    // An undeclared name in a file is a warning.
    assert_eq!(e.warnings().diagnostics().len(), 1);
    assert!(
        e.warnings()
            .diagnostics()
            .to_string()
            .contains("Value for undeclared variable")
    );
    // An undeclared explicit input is an error.
    let err = full()
        .input("zzz", Value::bool(true))
        .decode_files::<Job, _>([&cfg])
        .unwrap_err();
    assert!(err.to_string().contains("Value for undeclared variable"));
}

#[test]
fn provenance_of_bad_values() {
    let d = dir("prov");
    let cfg = d.join("main.hcl");
    std::fs::write(&cfg, "variable \"port\" {\n  type = number\n}\nvariable \"p2\" {\n  type = number\n}\nvariable \"p3\" {\n  type = number\n}\nvariable \"p4\" {\n  type = number\n  default = \"x\"\n}\nregion = \"r\"\ncount = 1\n").unwrap();
    let vf = d.join("v.json");
    std::fs::write(&vf, "{\"p2\": \"nope\"}").unwrap();
    if !in_child(
        "provenance_of_bad_values",
        &[("LANGTEST_PROV_port", "\"abc\"")],
    ) {
        return;
    }
    let err = full()
        .env_prefix("LANGTEST_PROV_")
        .var_file(&vf)
        .input("p3", Value::bool(true))
        .decode_files::<Job, _>([&cfg])
        .unwrap_err();
    let text = err.diagnostics().to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].contains("main.hcl:1,1-16") && lines[0].contains("LANGTEST_PROV_port"),
        "{text}"
    );
    assert!(
        lines[1].contains("main.hcl:7,1-14") && lines[1].contains("explicitly"),
        "{text}"
    );
    assert!(
        lines[2].contains("main.hcl:12,13-16") && lines[2].contains("Invalid default value"),
        "{text}"
    );
    assert!(
        lines[3].contains("v.json:1,8-14") && lines[3].contains("variable file"),
        "{text}"
    );
}

#[test]
fn required_nullable_validation_and_sensitive() {
    let src = "variable \"req\" {}\n\
variable \"nn\" {\n  nullable = false\n}\n\
variable \"secret\" {\n  type = string\n  sensitive = true\n  validation {\n    condition = length(var.secret) > 10\n    error_message = \"too short: ${var.secret}\"\n  }\n}\n\
variable \"v\" {\n  type = number\n  default = 3\n  validation {\n    condition = var.v > 5\n    error_message = \"must exceed 5\"\n  }\n}\n\
region = var.secret\ncount = var.v\n";
    let lengthf = hcl_core::Function::builder()
        .params([hcl_core::Parameter::new("s", Type::String)])
        .return_type(|_| Ok(Type::Number))
        .build(|args, _| Ok(Value::number(args[0].as_str().unwrap().len() as i64)));
    let err = full()
        .function("length", lengthf)
        .input("nn", Value::null(Type::Dynamic))
        .input("secret", Value::string("hunter2"))
        .decode_str::<Job>(src, "s.hcl")
        .unwrap_err();
    let text = err.to_string();
    assert!(!text.contains("hunter2"), "{text}");
    let summaries: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.summary.as_ref())
        .collect();
    assert_eq!(
        summaries,
        [
            "No value for required variable",
            "Required variable not set",
            "Invalid value for variable",
            "Invalid value for variable"
        ],
        "{text}"
    );
    assert!(text.contains("will not be displayed"));
    assert!(text.contains("must exceed 5"));
    // No derived error for `region`/`count`, whose values are unknown.
    assert!(!text.contains("not known"));
}

#[test]
fn locals_cycles_duplicates_and_suggestions() {
    let src = "locals {\n  a = local.b\n  b = local.c\n  c = local.a\n  d = local.a\n  e = local.nmae\n  name = 1\n}\nlocals {\n  name = 2\n}\nregion = local.nmae\ncount = 1\n";
    {
        let name = "l.hcl";
        let err = full().decode_str::<Job>(src, name).unwrap_err();
        let text = err.diagnostics().to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert!(
            lines[0].contains("l.hcl:2,3-14: Cycle in local values")
                && lines[0].contains(
                    "local.a (l.hcl:2,3-14), local.b (l.hcl:3,3-14), local.c (l.hcl:4,3-14)"
                ),
            "{text}"
        );
        assert!(
            lines[1].contains("l.hcl:6,7-17: Reference to undeclared local value")
                && lines[1].contains("Did you mean \"name\"?"),
            "{text}"
        );
        assert!(
            lines[2].contains("l.hcl:7,3-11: Duplicate local value definition"),
            "{text}"
        );
        assert!(
            lines[3].contains("l.hcl:10,3-11: Duplicate local value definition"),
            "{text}"
        );
        assert!(
            lines[4].contains("l.hcl:12,10-20: Reference to undeclared local value")
                && lines[4].contains("Did you mean"),
            "{text}"
        );
    }
    // JSON: a cycle.
    let err = full()
        .decode_str::<Job>("{\"locals\": {\"a\": \"${local.b}\", \"b\": \"${local.a}\"}, \"region\": \"r\", \"count\": 1}", "l.json")
        .unwrap_err();
    assert_eq!(err.diagnostics().len(), 1);
    assert!(
        err.diagnostics()
            .to_string()
            .contains("Cycle in local values")
    );
}

#[test]
fn ten_thousand_locals_chain() {
    let mut src = String::from("locals {\n  l0 = 0\n");
    for i in 1..10_000 {
        src.push_str(&format!("  l{i} = local.l{} + 1\n", i - 1));
    }
    src.push_str("}\nregion = \"r\"\ncount = local.l9999\n");
    let job: Job = full().decode_str(&src, "chain.hcl").unwrap();
    assert_eq!(job.count, 9999);
}

#[test]
fn user_function_recursion_is_bounded() {
    let src =
        "function \"f\" {\n  params = [n]\n  result = f(n + 1)\n}\nregion = \"r\"\ncount = f(3)\n";
    let err = full().decode_str::<Job>(src, "f.hcl").unwrap_err();
    let text = err.diagnostics().to_string();
    assert_eq!(err.diagnostics().len(), 1, "{text}");
    assert!(text.contains("more than 64 calls deep"), "{text}");
}

#[test]
fn dynamic_blocks_on_by_default_and_off() {
    let src = "region = \"r\"\ncount = 1\ndynamic \"port\" {\n  for_each = [1, 2]\n  labels = [\"p${port.key}\"]\n  content {\n    number = port.value\n  }\n}\n";
    let job: Job = hcl_decode::from_str(src, "d.hcl").unwrap();
    assert_eq!(job.port.len(), 2);
    let err = Decoder::new()
        .dynamic_blocks(false)
        .decode_str::<Job>(src, "d.hcl")
        .unwrap_err();
    assert!(err.to_string().contains("Unsupported block type"));
    // Go's diagnostics: a dynamic block without content.
    let err = hcl_decode::from_str::<Job>(
        "region = \"r\"\ncount = 1\ndynamic \"port\" {\n  for_each = [1]\n  labels = [\"a\"]\n}\n",
        "d.hcl",
    )
    .unwrap_err();
    assert!(err.to_string().contains("content"), "{err}");
}

#[test]
fn several_files_mixed_syntax_every_mistake_file_by_file() {
    let d = dir("files");
    let a = d.join("b_main.hcl");
    std::fs::write(&a, "variable \"region\" {\n  type = string\n}\nregion = var.regoin\ncount = local.c\nport \"x\" {\n  number = \"no\"\n}\n").unwrap();
    let b = d.join("a_more.json");
    std::fs::write(
        &b,
        "{\"locals\": {\"c\": \"${1 +}\"}, \"variable\": {\"other\": {\"default\": 1}}}",
    )
    .unwrap();
    let err = full()
        .input("region", Value::string("eu"))
        .decode_files::<Job, _>([&a, &b])
        .unwrap_err();
    let text = err.diagnostics().to_string();
    let files: Vec<&str> = text.lines().map(|l| l.split(':').next().unwrap()).collect();
    // Given order: b_main.hcl first, then a_more.json.
    assert!(
        files.iter().position(|f| f.ends_with("a_more.json"))
            > files.iter().position(|f| f.ends_with("b_main.hcl")),
        "{text}"
    );
    assert!(
        text.contains("Reference to undeclared input variable")
            && text.contains("Did you mean \"region\"?"),
        "{text}"
    );
    assert!(text.contains("a number is required"), "{text}");
    assert!(text.contains("a_more.json"), "{text}");
    // `count = local.c` (failed local) produces no derived error.
    assert!(!text.contains("not known"), "{text}");
}

#[test]
fn a_local_derived_from_a_sensitive_variable_is_sensitive() {
    let upper = hcl_core::Function::builder()
        .params([hcl_core::Parameter::new("s", Type::String)])
        .return_type(|_| Ok(Type::String))
        .build(|a, _| Ok(Value::string(a[0].as_str().unwrap().to_uppercase())));
    // A function whose error shows its argument.
    let fail = hcl_core::Function::builder()
        .params([hcl_core::Parameter::new("s", Type::String)])
        .return_type(|_| Ok(Type::Number))
        .build(|a, _| {
            Err(hcl_core::function::FunctionError::failed(format!(
                "cannot use {}",
                a[0].as_str().unwrap()
            )))
        });
    // `local.shout` holds a text that is not the variable's (only its
    // sensitivity protects it); `local.label` is derived from it in turn;
    // `local.plain` is not sensitive. Both a local's evaluation and the
    // body's show the value in an error.
    let src = "variable \"password\" {\n  type = string\n  sensitive = true\n}\n\
locals {\n  shout = upper(var.password)\n  label = \"pw:${local.shout}\"\n  plain = \"visible-text\"\n  broken = fail(local.shout)\n}\n\
region = local.plain\ncount = fail(local.label)\n";
    for (src, name) in [
        (src.to_owned(), "s.hcl"),
        (
            "{\"variable\": {\"password\": {\"type\": \"string\", \"sensitive\": true}},\n\
\"locals\": {\"shout\": \"${upper(var.password)}\", \"label\": \"pw:${local.shout}\", \"plain\": \"visible-text\", \"broken\": \"${fail(local.shout)}\"},\n\
\"region\": \"${local.plain}\", \"count\": \"${fail(local.label)}\"}"
                .to_owned(),
            "s.json",
        ),
    ] {
        let d = full()
            .function("upper", upper.clone())
            .function("fail", fail.clone())
            .input("password", Value::string("hunter22"));
        let err = d.decode_str::<Job>(&src, name).unwrap_err();
        let text = format!("{err}\n{}", err.diagnostics());
        assert_eq!(err.diagnostics().len(), 2, "{text}");
        for secret in ["hunter22", "HUNTER22"] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        let e = d
            .clone()
            .function("fail", upper.clone())
            .text(src.replace("fail(local.label)", "1"), name).decode::<Job>()
            .unwrap();
        assert_eq!(
            e.sensitive_locals().iter().map(String::as_str).collect::<Vec<_>>(),
            ["broken", "label", "shout"]
        );
        assert_eq!(e.locals().get("plain"), Some(&Value::string("visible-text")));
    }
}

/// User functions see their parameters, the input variables and the
/// functions, not `local` (locals may call them): a reference to a local is
/// one error, at the reference, with no second error where the function is
/// called.
#[test]
fn user_functions_see_parameters_variables_and_functions() {
    let src = "variable \"prefix\" {\n  default = \"p\"\n}\nlocals {\n  n = 2\n}\n\
function \"tag\" {\n  params = [x]\n  result = \"${var.prefix}-${x}\"\n}\n\
function \"twice\" {\n  params = [x]\n  result = local.n * x\n}\n\
function \"ok\" {\n  params = [x]\n  result = twice(x) + 1\n}\n\
region = tag(\"a\")\ncount = ok(3)\n";
    let err = full().decode_str::<Job>(src, "f.hcl").unwrap_err();
    let diags: Vec<_> = err
        .diagnostics()
        .iter()
        .map(|d| (d.summary.as_ref(), d.subject.as_ref().unwrap().to_string()))
        .collect();
    assert_eq!(
        diags,
        [(
            "Variables not allowed in a function",
            "f.hcl:13,12-19".to_owned()
        )],
        "{err}"
    );
    // A variable is seen; a local is passed as an argument.
    let src = "variable \"prefix\" {\n  default = \"p\"\n}\nlocals {\n  n = 2\n}\n\
function \"tag\" {\n  params = [x]\n  result = \"${var.prefix}-${x}\"\n}\n\
function \"times\" {\n  params = [n, x]\n  result = n * x\n}\n\
region = tag(\"a\")\ncount = times(local.n, 3)\n";
    let job: Job = full().decode_str(src, "f.hcl").unwrap();
    assert_eq!(job.region, "p-a");
}

/// The user functions refer to each other through their shared scope
/// without a reference cycle: once the decoding is over, everything the
/// scope held (here, an application function's captured value) is freed.
#[test]
fn user_functions_leave_nothing_behind() {
    let sentinel = std::sync::Arc::new(());
    let held = std::sync::Arc::clone(&sentinel);
    let app = hcl_core::Function::builder()
        .return_type(|_| Ok(Type::Number))
        .build(move |_, _| {
            let _ = &held;
            Ok(Value::number(1))
        });
    let src = "function \"f\" {\n  params = [n]\n  result = n == 0 ? app() : g(n - 1)\n}\n\
function \"g\" {\n  params = [n]\n  result = f(n)\n}\nregion = \"r\"\ncount = f(3)\n";
    {
        let d = full().function("app", app);
        let job: Job = d.decode_str(src, "f.hcl").unwrap();
        assert_eq!(job.count, 1);
        let e = d.clone().text(src, "f.hcl").decode::<Job>().unwrap();
        assert_eq!(e.value.count, 1);
        // The decoder and its result still hold the application function.
        assert!(std::sync::Arc::strong_count(&sentinel) > 1);
    }
    assert_eq!(std::sync::Arc::strong_count(&sentinel), 1);
}

#[test]
fn an_environment_value_shows_its_text_and_why_unless_sensitive() {
    let src = "variable \"debug\" {\n  type = bool\n}\n\
variable \"flag\" {\n  type = bool\n}\n\
variable \"token\" {\n  type = bool\n  sensitive = true\n}\n\
variable \"pin\" {\n  type = bool\n  sensitive = true\n}\n\
region = \"r\"\ncount = 1\n";
    if !in_child(
        "an_environment_value_shows_its_text_and_why_unless_sensitive",
        &[
            ("LANGTEST_ENVTEXT_debug", "maybe"),
            ("LANGTEST_ENVTEXT_flag", "12"),
            ("LANGTEST_ENVTEXT_token", "s3cr3t-t0ken"),
            ("LANGTEST_ENVTEXT_pin", "98765"),
        ],
    ) {
        return;
    }
    let err = full()
        .env_prefix("LANGTEST_ENVTEXT_")
        .decode_str::<Job>(src, "e.hcl")
        .unwrap_err();
    let got: Vec<(String, String, String)> = err
        .diagnostics()
        .iter()
        .map(|d| {
            (
                d.summary.to_string(),
                d.detail.to_string(),
                d.subject
                    .as_ref()
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
            )
        })
        .collect();
    let invalid = "Invalid value for input variable".to_owned();
    assert_eq!(
        got,
        [
            (
                invalid.clone(),
                "The environment variable LANGTEST_ENVTEXT_debug does not hold a valid value: its text \"maybe\" is not a valid value for var.debug (a bare word is read as a reference to a variable, and there are none here). A variable of type bool is given as an HCL expression (true or false); only a string variable takes the text as it is.".to_owned(),
                "e.hcl:1,1-17".to_owned(),
            ),
            (
                invalid.clone(),
                "The value for var.flag given by the environment variable LANGTEST_ENVTEXT_flag (\"12\") is not suitable for its type constraint bool: bool required.".to_owned(),
                "e.hcl:4,1-16".to_owned(),
            ),
            (
                invalid.clone(),
                "The environment variable LANGTEST_ENVTEXT_token does not hold a valid value: its text (not shown: the variable is sensitive) is not a valid value for var.token (Unknown variable). A variable of type bool is given as an HCL expression (true or false); only a string variable takes the text as it is.".to_owned(),
                "e.hcl:7,1-17".to_owned(),
            ),
            (
                invalid,
                "The value for var.pin given by the environment variable LANGTEST_ENVTEXT_pin is not suitable for its type constraint bool: bool required.".to_owned(),
                "e.hcl:11,1-15".to_owned(),
            ),
        ]
    );
    let shown = format!("{err}{err:?}");
    assert!(
        !shown.contains("s3cr3t") && !shown.contains("98765"),
        "{shown}"
    );
}

/// Go (`ext/userfunc`) returns the body's diagnostics as the call's error, which
/// the call flattens into "Call to function \"twice\" failed: f.hcl:3,12-13: …."
/// at the call (deviation row 66).
#[test]
fn deviation_an_error_inside_a_user_function_keeps_its_own_range() {
    let src = "function \"twice\" {\n  params = [n]\n  result = n * 2\n}\nregion = \"r\"\ncount = twice(\"x\")\n";
    let err = full().decode_str::<Job>(src, "f.hcl").unwrap_err();
    let got: Vec<(String, String, String, String)> = err
        .diagnostics()
        .iter()
        .map(|d| {
            let range = |r: &Option<hcl_decode::Range>| {
                r.as_ref().map(|r| r.to_string()).unwrap_or_default()
            };
            (
                d.summary.to_string(),
                d.detail.to_string(),
                range(&d.subject),
                range(&d.context),
            )
        })
        .collect();
    assert_eq!(
        got,
        [(
            "Invalid operand".to_owned(),
            "Unsuitable value for left operand: a number is required.".to_owned(),
            "f.hcl:3,12-13".to_owned(),
            "f.hcl:6,9-19".to_owned(),
        )]
    );
}
