//! Dynamic blocks and user functions against HashiCorp's `ext/dynblock`
//! and `ext/userfunc`: each case of
//! `tests/dynblock/cases/` (a spec file and an input file) was decoded by
//! Go's `cmd/hcldec` with its body wrapped in `dynblock.Expand`
//! (`tests/dynblock/record.sh`), and `expected.txt` holds the exit status
//! and Go's output. Here the same input is wrapped by
//! `hcl_core::dynblock::expand` and decoded by our spec decoder: the value
//! (null properties dropped, as Go's tool drops them) or the diagnostics
//! (severity, summary, detail, subject) must be Go's.

use std::path::Path;
use std::sync::Arc;

use hcl_core::native::{ParseOptions, parse_config};
use hcl_core::{EvalContext, Value};
use hcl_decode::spec::{decode, parse_spec_file};
use serde_json::Value as Json;

/// Go's re-marshalled output drops null object properties.
fn drop_nulls(v: Json) -> Json {
    match v {
        Json::Object(m) => Json::Object(
            m.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, drop_nulls(v)))
                .collect(),
        ),
        Json::Array(a) => Json::Array(a.into_iter().map(drop_nulls).collect()),
        other => other,
    }
}

fn value_json(value: &Value) -> Json {
    match hcl_core::cty_json::marshal(value, value.ty()) {
        Ok(text) => drop_nulls(serde_json::from_str(&text).expect("JSON")),
        Err(e) => Json::String(format!("<{e}>")),
    }
}

/// (severity, summary, detail, subject as "l:c-l:c"), sorted: Go's order
/// follows map iteration.
fn diag_set(list: &[Json]) -> Vec<(String, String, String, String)> {
    let mut out: Vec<_> = list
        .iter()
        .map(|d| {
            let s = &d["subject"];
            let subject = if s.is_null() {
                String::new()
            } else {
                format!(
                    "{}:{}-{}:{}",
                    s["start"]["line"], s["start"]["column"], s["end"]["line"], s["end"]["column"]
                )
            };
            (
                d["severity"].as_str().unwrap_or("").to_owned(),
                d["summary"].as_str().unwrap_or("").to_owned(),
                d["detail"].as_str().unwrap_or("").to_owned(),
                subject,
            )
        })
        .collect();
    out.sort();
    out
}

/// Cases where an error inside a user function is reported in its body
/// (`docs/deviations.md` row 66).
const BODY_ERRORS_KEEP_THEIR_RANGE: &[&str] = &[
    "userfunc_error_in_body",
    "userfunc_index",
    "userfunc_nested",
];

/// Whether each of Go's flattened messages holds one of ours: its summary
/// and detail (`Call to function "f" failed: RANGE: SUMMARY; DETAIL.`).
fn go_detail_quotes_each(want: &Json, ours: &hcl_core::Diagnostics) -> bool {
    let go = want["diagnostics"].as_array().cloned().unwrap_or_default();
    !go.is_empty()
        && go.iter().all(|g| {
            let detail = g["detail"].as_str().unwrap_or_default();
            ours.iter()
                .any(|d| detail.contains(&format!("{}; {}", d.summary, d.detail)))
        })
}

#[test]
fn dynamic_blocks_and_user_functions_match_go() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("dynblock/cases");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("cases")
        .map(|e| e.expect("entry").path())
        .collect();
    dirs.sort();
    let mut failures = Vec::new();
    for dir in &dirs {
        let name = dir
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let expected = std::fs::read_to_string(dir.join("expected.txt")).expect("expected");
        let (status, output) = expected.split_once('\n').expect("status line");
        let spec_src = std::fs::read(dir.join("spec.hcldec")).expect("spec");
        let input_src = std::fs::read(dir.join("input.hcl")).expect("input");
        // The names Go's tool was given (messages quote them).
        let (spec, diags) = parse_spec_file(&spec_src, &format!("cases/{name}/spec.hcldec"));
        assert!(!diags.has_errors(), "{name}: {diags:?}");
        let input_name = format!("cases/{name}/input.hcl");
        let (file, diags) = parse_config(&input_src, &input_name, &ParseOptions::default());
        assert!(!diags.has_errors(), "{name}: {diags:?}");
        // As Go's tool: the spec's variables and its own functions.
        let mut ctx = EvalContext::new();
        for (name, value) in &spec.variables {
            ctx.declare_variable(name.clone(), value.clone())
                .expect("variable");
        }
        for (name, function) in &spec.functions {
            ctx.declare_function(name.clone(), function.clone())
                .expect("function");
        }
        let body = hcl_core::dynblock::expand(Arc::new(file.body()), &ctx);
        let (value, diags) = decode(&*body, &spec.root, &ctx);

        let want: Json = serde_json::from_str(output.trim()).expect("Go's output is JSON");
        let ok = if BODY_ERRORS_KEEP_THEIR_RANGE.contains(&name.as_str()) {
            // Go flattens the body's error into the call's message (row
            // 66); ours is the body's own, in the spec file, with the call
            // as its context.
            diags.iter().any(|d| {
                d.is_error()
                    && d.subject
                        .as_ref()
                        .is_some_and(|r| r.filename.ends_with("spec.hcldec"))
                    && d.context
                        .as_ref()
                        .is_some_and(|r| *r.filename == *input_name)
            }) && go_detail_quotes_each(&want, &diags)
        } else if status == "0" {
            !diags.has_errors() && value_json(&value) == drop_nulls(want.clone())
        } else {
            let ours: Vec<Json> = diags
                .iter()
                .map(|d| {
                    let subject = d.subject.as_ref().map_or(Json::Null, |r| {
                        serde_json::json!({
                            "start": {"line": r.start.line, "column": r.start.column},
                            "end": {"line": r.end.line, "column": r.end.column},
                        })
                    });
                    serde_json::json!({
                        "severity": if d.is_error() { "error" } else { "warning" },
                        "summary": d.summary,
                        "detail": d.detail,
                        "subject": subject,
                    })
                })
                .collect();
            let go = want["diagnostics"].as_array().cloned().unwrap_or_default();
            diags.has_errors() && diag_set(&ours) == diag_set(&go)
        };
        if !ok {
            failures.push(format!(
                "{name}: Go gave status {status}: {output}\nours: {} {diags:?}",
                value_json(&value)
            ));
        }
    }
    assert!(dirs.len() >= 15, "the corpus is there");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
