//! Every feature through every entry point: the same diagnostics
//! (severity, summary, detail, subject and context ranges) whichever way
//! in, and never a sensitive value in any rendering (plain, colour, JSON,
//! miette) or in `Debug`/`Display` of `Error` and `Warnings`.
//!
//! The entry points: `from_str` (for the scenarios that need no decoder
//! option), `Decoder::decode_str`, `Decoder::decode_files`,
//! `Decoder::files(..).decode()`, `Decoder::text(..).decode()`,
//! `Decoder::files(..).layers()` then `Layers::finish`, and
//! `Decoder::decode_body` (for a single file). The files are written to a
//! directory of their own and every entry point names them by their path,
//! so that the ranges compare.

// The decoded fields are the schema; the values are not read.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use hcl_decode::functions::{Family, Library};
use hcl_decode::prelude::*;
use hcl_decode::{Decoder, Error, Value, Warnings};

#[derive(HclBody, Debug)]
struct Config {
    name: String,
    #[hcl(default = 80)]
    port: u16,
    tags: Option<Value>,
    #[hcl(block)]
    listener: Vec<Listener>,
}

#[derive(HclBody, Debug)]
struct Listener {
    #[hcl(label)]
    name: String,
    port: u16,
}

/// The secrets planted in sensitive variables, one per way in.
const SECRETS: [&str; 5] = [
    "s3cr3t-input-4711",
    "s3cr3t-env-4711",
    "s3cr3t-file-4711",
    "s3cr3t-default-4711",
    "s3cr3t-local-4711",
];

const ENV_PREFIX: &str = "MATRIX_VAR_";

/// One feature: the decoder's options (given the scenario's directory),
/// its files, and whether the default decoder is all it needs (then
/// `from_str` is an entry point too).
struct Scenario {
    name: &'static str,
    decoder: fn(&Path) -> Decoder,
    plain: bool,
    files: &'static [(&'static str, &'static str)],
    /// Other files the scenario reads (variable files, templates).
    extra: &'static [(&'static str, &'static str)],
}

fn language(dir: &Path) -> Decoder {
    Decoder::new()
        .variable_blocks()
        .locals()
        .user_functions()
        .env_prefix(ENV_PREFIX)
        .var_file(dir.join("secrets.tfvars"))
        .input("pw_input", Value::string(SECRETS[0]))
}

fn default_decoder(_: &Path) -> Decoder {
    Decoder::new()
}

fn strings_only(dir: &Path) -> Decoder {
    Decoder::new().function_library(
        Library::empty()
            .family(Family::String)
            .filesystem(dir.to_path_buf()),
    )
}

const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "sensitive_variables_and_locals",
        decoder: language,
        plain: false,
        files: &[(
            "main.hcl",
            r#"variable "pw_input" { sensitive = true }
variable "pw_env" { sensitive = true }
variable "pw_file" { sensitive = true }
variable "pw_default" {
  sensitive = true
  type      = number
  default   = "s3cr3t-default-4711"
}
locals {
  url    = "https://admin:${var.pw_input}@db/${var.pw_env}/${var.pw_file}"
  hidden = "${var.pw_input}s3cr3t-local-4711"
}
name = local.url
port = parseint(var.pw_input, 10)
tags = {
  env  = parseint(var.pw_env, 10)
  file = parseint(var.pw_file, 10)
  both = parseint(local.hidden, 10)
}
"#,
        )],
        extra: &[("secrets.tfvars", "pw_file = \"s3cr3t-file-4711\"\n")],
    },
    Scenario {
        name: "spec_vs_go_warnings",
        decoder: default_decoder,
        plain: true,
        files: &[(
            "main.hcl",
            "name = \"api\"\ntags = false ? { name = \"n\" } : {}\nport = \"http\"\n",
        )],
        extra: &[],
    },
    Scenario {
        name: "dynamic_blocks",
        decoder: default_decoder,
        plain: true,
        files: &[(
            "main.hcl",
            r#"name = "api"
dynamic "listener" {
  for_each = { a = 1, b = "x" }
  labels   = [listener.key]
  content {
    port = listener.value
  }
}
dynamic "listenr" {
  for_each = []
  content {}
}
"#,
        )],
        extra: &[],
    },
    Scenario {
        name: "locals_errors",
        decoder: language,
        plain: false,
        files: &[
            (
                "main.hcl",
                "locals {\n  name = \"api\"\n  a    = local.b\n  b    = local.a\n}\nname = local.nmae\n",
            ),
            (
                "vars.hcl",
                "locals {\n  port = \"x\" + 1\n}\nport = local.port\n",
            ),
        ],
        extra: &[("secrets.tfvars", "")],
    },
    Scenario {
        name: "misspelt_references",
        decoder: language,
        plain: false,
        files: &[(
            "main.hcl",
            "variable \"port\" {\n  default = 1\n}\nlocals {\n  name = \"api\"\n}\nname = local.nmae\nport = var.prot\n",
        )],
        extra: &[("secrets.tfvars", "")],
    },
    Scenario {
        name: "user_functions",
        decoder: language,
        plain: false,
        files: &[(
            "main.hcl",
            r#"function "inc" {
  params = [x]
  result = x + 1
}
function "loop" {
  params = [x]
  result = loop(x)
}
name = "api"
port = inc("a")
tags = { l = loop(1), u = undefined_fn(1) }
"#,
        )],
        extra: &[("secrets.tfvars", "")],
    },
    Scenario {
        name: "function_library_and_templatefile",
        decoder: strings_only,
        plain: false,
        files: &[(
            "main.hcl",
            "name = upper(\"api\")\nport = max(1, 2)\ntags = { t = templatefile(\"t.tpl\", { n = 1 }) }\n",
        )],
        // (`jsonencode` is not among the decoder's functions; the template
        // also names an unknown variable.)
        extra: &[("t.tpl", "${jsonencode(n)} ${upper(\"x\")} ${m}\n")],
    },
    Scenario {
        name: "did_you_mean",
        decoder: default_decoder,
        plain: true,
        files: &[(
            "main.hcl",
            "nmae = \"api\"\nprot = 1\nlistner \"a\" {\n  port = 1\n}\nlistener \"b\" {\n  prt = 2\n}\n",
        )],
        extra: &[],
    },
];

/// A diagnostic as data, to compare.
type Data = (
    String,
    String,
    String,
    Option<hcl_decode::Range>,
    Option<hcl_decode::Range>,
);

fn data(diags: &hcl_decode::Diagnostics) -> Vec<Data> {
    diags
        .iter()
        .map(|d| {
            (
                d.severity.to_string(),
                d.summary.to_string(),
                d.detail.to_string(),
                d.subject.clone(),
                d.context.clone(),
            )
        })
        .collect()
}

/// What an entry point gave: the error, or the warnings.
enum Outcome {
    Failed(Error),
    Warned(Warnings),
}

impl Outcome {
    fn diagnostics(&self) -> &hcl_decode::Diagnostics {
        match self {
            Outcome::Failed(e) => e.diagnostics(),
            Outcome::Warned(w) => w.diagnostics(),
        }
    }

    /// Every rendering of it.
    fn renderings(self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        match self {
            Outcome::Failed(e) => {
                out.push(("Display", e.to_string()));
                out.push(("Debug", format!("{e:?}")));
                out.push(("Debug #", format!("{e:#?}")));
                out.push(("colour", e.render_color(true)));
                out.push(("no colour", e.render_color(false)));
                out.push(("JSON", e.to_json()));
                out.push(("diagnostics", e.diagnostics().to_string()));
                out.push(("miette", miette_text(&e.into_miette())));
            }
            Outcome::Warned(w) => {
                out.push(("Display", w.to_string()));
                out.push(("Debug", format!("{w:?}")));
                out.push(("Debug #", format!("{w:#?}")));
                out.push(("colour", w.render_color(true)));
                out.push(("no colour", w.render_color(false)));
                out.push(("JSON", w.to_json()));
                out.push(("diagnostics", w.diagnostics().to_string()));
                out.push(("miette", miette_text(&w.into_miette())));
            }
        }
        out
    }
}

/// A miette report as miette's graphical handler draws it (source
/// snippets and labels included), and as data.
fn miette_text(report: &hcl_decode::render::MietteReport) -> String {
    let mut text = String::new();
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor());
    handler
        .render_report(&mut text, report)
        .expect("miette renders");
    format!("{text}\n{report:?}")
}

fn outcome<T>(result: Result<T, Error>) -> Outcome {
    match result {
        Ok(_) => Outcome::Warned(Warnings::default()),
        Err(e) => Outcome::Failed(e),
    }
}

fn with_warnings<T>(result: Result<hcl_decode::Decoded<T>, Error>) -> Outcome {
    match result {
        Ok(d) => Outcome::Warned(d.warnings().clone()),
        Err(e) => Outcome::Failed(e),
    }
}

/// Every entry point that applies to the scenario, by name.
fn run_everywhere(s: &Scenario, dir: &Path) -> Vec<(&'static str, Outcome)> {
    let paths: Vec<PathBuf> = s.files.iter().map(|(n, _)| dir.join(n)).collect();
    let name_of = |p: &PathBuf| p.to_string_lossy().into_owned();
    let d = (s.decoder)(dir);
    let mut out = Vec::new();
    out.push(("decode_files", outcome(d.decode_files::<Config, _>(&paths))));
    out.push((
        "files + decode",
        with_warnings(d.clone().files(&paths).decode::<Config>()),
    ));
    let mut texts = d.clone();
    for ((_, text), path) in s.files.iter().zip(&paths) {
        texts = texts.text(text, name_of(path));
    }
    out.push(("text + decode", with_warnings(texts.decode::<Config>())));
    let layered = match d.clone().files(&paths).layers() {
        Ok(mut layers) => {
            let _ = layers.decode::<Config>();
            match layers.finish() {
                Ok(w) => Outcome::Warned(w),
                Err(e) => Outcome::Failed(e),
            }
        }
        Err(e) => Outcome::Failed(e),
    };
    out.push(("layers + finish", layered));
    if let [(_, text)] = s.files {
        let name = name_of(&paths[0]);
        out.push(("decode_str", outcome(d.decode_str::<Config>(text, &name))));
        out.push(("decode_file", outcome(d.decode_file::<Config>(&paths[0]))));
        if s.plain {
            out.push((
                "from_str",
                outcome(hcl_decode::from_str::<Config>(text, &name)),
            ));
            out.push((
                "from_file",
                outcome(hcl_decode::from_file::<Config>(&paths[0])),
            ));
        }
        let body = d
            .parse_slice(text.as_bytes(), &name)
            .expect("the scenarios have no syntax error");
        out.push(("decode_body", outcome(d.decode_body::<Config>(&body))));
    }
    out
}

fn check(s: &Scenario) {
    let dir = std::env::temp_dir().join(format!("hcl-matrix-{}-{}", std::process::id(), s.name));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (name, text) in s.files.iter().chain(s.extra) {
        std::fs::write(dir.join(name), text).expect("write");
    }
    let outcomes = run_everywhere(s, &dir);
    let (first_name, first) = &outcomes[0];
    let expected = data(first.diagnostics());
    assert!(
        !expected.is_empty(),
        "{}: the scenario provokes no diagnostic",
        s.name
    );
    for (name, o) in &outcomes {
        assert_eq!(
            data(o.diagnostics()),
            expected,
            "{}: {name} and {first_name} disagree",
            s.name
        );
    }
    for (name, o) in outcomes {
        for (how, text) in o.renderings() {
            for secret in SECRETS {
                assert!(
                    !text.contains(secret),
                    "{}: {name}, {how}, shows {secret}:\n{text}",
                    s.name
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Environment variables cannot be set safely in a running test: the test
/// runs again in a child process with them. True in the child.
fn in_child(test: &str) -> bool {
    if std::env::var_os("MATRIX_CHILD").is_some() {
        return true;
    }
    let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .args([test, "--exact", "--nocapture"])
        .env("MATRIX_CHILD", "1")
        .env(format!("{ENV_PREFIX}pw_env"), SECRETS[1])
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

#[test]
fn every_feature_reads_the_same_through_every_entry_point_and_shows_no_secret() {
    if !in_child("every_feature_reads_the_same_through_every_entry_point_and_shows_no_secret") {
        return;
    }
    for s in SCENARIOS {
        check(s);
    }
}

/// The scenarios provoke what they are about (so that the sameness above
/// is not the sameness of nothing).
#[test]
fn each_scenario_provokes_its_feature() {
    if !in_child("each_scenario_provokes_its_feature") {
        return;
    }
    let expect: &[(&str, &[&str])] = &[
        (
            "sensitive_variables_and_locals",
            &["(sensitive value)", "*****"],
        ),
        (
            "spec_vs_go_warnings",
            &["Result differs from HashiCorp's HCL"],
        ),
        ("dynamic_blocks", &["\"listenr\"", "a number is required"]),
        (
            "locals_errors",
            &[
                "local value with the name \"nmae\"",
                "Did you mean \"name\"?",
            ],
        ),
        (
            "misspelt_references",
            &[
                "Reference to undeclared local value",
                "Reference to undeclared input variable",
                "Did you mean \"port\"?",
            ],
        ),
        ("user_functions", &["inc", "undefined_fn"]),
        ("function_library_and_templatefile", &["\"max\"", "t.tpl"]),
        (
            "did_you_mean",
            &[
                "Did you mean \"name\"?",
                "Did you mean \"listener\"?",
                "Did you mean \"port\"?",
            ],
        ),
    ];
    for (name, wanted) in expect {
        let s = SCENARIOS
            .iter()
            .find(|s| s.name == *name)
            .expect("scenario");
        let dir =
            std::env::temp_dir().join(format!("hcl-matrix-p-{}-{}", std::process::id(), s.name));
        std::fs::create_dir_all(&dir).expect("temp dir");
        for (file, text) in s.files.iter().chain(s.extra) {
            std::fs::write(dir.join(file), text).expect("write");
        }
        let paths: Vec<PathBuf> = s.files.iter().map(|(n, _)| dir.join(n)).collect();
        let err = (s.decoder)(&dir)
            .decode_files::<Config, _>(&paths)
            .unwrap_err();
        let text = err.to_string();
        for w in *wanted {
            assert!(text.contains(w), "{name}: no {w:?} in\n{text}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// A successful decoding keeps the sensitive values for the application
/// (`inputs()`, `locals()`), but its `Debug` shows none of them.
#[test]
fn a_decoded_value_shows_no_secret_in_debug() {
    #[derive(HclBody, Debug)]
    struct Named {
        name: String,
    }
    let decoded = Decoder::new()
        .variable_blocks()
        .locals()
        .input("pw", Value::string(SECRETS[0]))
        .text(
            "variable \"pw\" {\n  sensitive = true\n}\nlocals {\n  url = \"https://${var.pw}@db/\"\n}\nname = \"api\"\n",
            "main.hcl",
        )
        .decode::<Named>()
        .expect("decodes");
    assert_eq!(decoded.inputs()["pw"].value, Value::string(SECRETS[0]));
    assert!(decoded.sensitive_locals().contains("url"));
    for text in [format!("{decoded:?}"), format!("{decoded:#?}")] {
        assert!(!text.contains(SECRETS[0]), "{text}");
        assert!(text.contains("(sensitive value)"), "{text}");
    }
}
