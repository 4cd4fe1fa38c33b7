//! The differential test against go-cty's `function/stdlib` and
//! HashiCorp's `ext/tryfunc`: every case of `differential/cases/*.txt` was
//! evaluated by Go (`differential/record.go`, which says how to re-record)
//! and what Go gave is in `differential/expected/*.jsonl`. Each case is
//! evaluated here with the pure library and compared: the value and its
//! type, or the diagnostics (severity, summary, detail, subject range).
//!
//! A case whose result intentionally differs from Go's (a row of
//! `docs/deviations.md`) is listed in `differential/deviations.txt` with the
//! row it follows, and is checked to still differ.
//!
//! The corpus runs twice: by the specification's rules (the default) and
//! with `Semantics::Go`, where every case that differs only by a row about
//! values agrees with Go. The cases that still differ in Go mode (rows that
//! are the same in both modes: limits, crashes, Unicode tables, ...) are
//! listed in `differential/deviations-go.txt`, and each row named there
//! must be one whose "Go mode" column says `no`. Both lists must be exact.
//!
//! Where Terraform redefines a go-cty function (`length`, `lookup`,
//! `coalesce`, ...), the library follows Terraform: the cases of
//! `differential/terraform.jsonl` hold Terraform's outcome (read from
//! `internal/lang/funcs` and Terraform's documentation; each names the
//! definition it follows) and must match in both modes (or, where a row of
//! `docs/deviations.md` about values changes the outcome by the
//! specification's rules, the case's `spec` outcome, naming the row); a
//! case of the Go corpus listed there is held to Terraform's outcome
//! instead of go-cty's.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use hcl_core::convert::convert_with;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
use hcl_core::{EvalContext, Expression, Pos, Semantics, Type, Value};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/differential")
}

/// The variables of `record.go`'s `variables()` and the pure library,
/// evaluated by the rules of `sem`.
fn context(sem: Semantics) -> EvalContext {
    let s = |x: &str| Value::string(x);
    let n = |x: i64| Value::number(x);
    let list = |t: Type| Type::list(t);
    let vars: Vec<(&str, Value)> = vec![
        ("u_str", Value::unknown(Type::String)),
        ("u_num", Value::unknown(Type::Number)),
        ("u_bool", Value::unknown(Type::Bool)),
        ("u_list", Value::unknown(list(Type::String))),
        ("u_map", Value::unknown(Type::map(Type::String))),
        ("u_set", Value::unknown(Type::set(Type::String))),
        ("u_dyn", Value::dynamic()),
        ("n_str", Value::null(Type::String)),
        ("n_num", Value::null(Type::Number)),
        ("n_list", Value::null(list(Type::String))),
        ("n_dyn", Value::null(Type::Dynamic)),
        (
            "l_str",
            Value::list([s("a"), s("b"), s("c")]).expect("list"),
        ),
        ("l_num", Value::list([n(1), n(2), n(3)]).expect("list")),
        (
            "l_part",
            Value::list([s("a"), Value::unknown(Type::String)]).expect("list"),
        ),
        ("s_str", Value::set([s("a"), s("b")]).expect("set")),
        ("s_num", Value::set([n(1), n(2)]).expect("set")),
        (
            "m_str",
            Value::map([("a", s("x")), ("b", s("y"))]).expect("map"),
        ),
        (
            "m_num",
            Value::map([("a", n(1)), ("b", n(2))]).expect("map"),
        ),
    ];
    let mut ctx = EvalContext::new();
    ctx.set_semantics(sem);
    for (name, value) in vars {
        ctx.declare_variable(name, value).expect("variable");
    }
    for (name, function) in hcl_functions::Library::pure().functions() {
        let function = match sem {
            Semantics::Spec => function,
            Semantics::Go => calling_with(function, sem),
        };
        ctx.declare_function(name, function).expect("function");
    }
    ctx
}

/// `function`, its arguments converted to its parameters' types and the
/// call made by the rules of `sem`, whatever the rules the evaluator that
/// calls it follows: the evaluator converts nothing (each parameter takes
/// any value) and the conversion errors are the evaluator's own
/// ("Invalid value for … parameter" at the argument). This keeps the Go-mode
/// run independent of whether the native evaluator passes its context's
/// semantics on to calls (it does not on every branch yet); once it does,
/// this is the identity.
fn calling_with(function: Function, sem: Semantics) -> Function {
    let any = |p: &Parameter| {
        if p.receives_expression() {
            Parameter::expression_closure(p.name())
        } else {
            Parameter::new(p.name(), Type::Dynamic)
                .allow_null()
                .allow_unknown()
                .allow_dynamic()
        }
    };
    let mut builder = Function::builder().params(function.params().iter().map(any));
    if let Some(v) = function.variadic() {
        builder = builder.variadic(any(v));
    }
    let convert = {
        let function = function.clone();
        move |args: &[Value]| -> Result<Vec<Value>, FunctionError> {
            args.iter()
                .enumerate()
                .map(|(i, arg)| match function.parameter_for(i) {
                    Some(p) if !p.receives_expression() => convert_with(arg, p.ty(), sem)
                        .map_err(|e| FunctionError::argument_at(i, e.path().clone(), e.message())),
                    _ => Ok(arg.clone()),
                })
                .collect()
        }
    };
    let for_type = (function.clone(), convert.clone());
    builder
        .return_type(move |args| for_type.0.return_type_with(&(for_type.1)(args)?, sem))
        .build(move |args, _| function.call_with(&convert(args)?, sem))
}

/// A string as Go's `encoding/json` writes it with HTML escaping off.
fn go_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A value as `record.go`'s `encode` writes it.
fn encode(out: &mut String, v: &Value) {
    if !v.is_known() {
        out.push_str("{\"$unknown\":true}");
        return;
    }
    if v.is_null() {
        out.push_str("null");
        return;
    }
    if let Some(b) = v.as_bool() {
        out.push_str(if b { "true" } else { "false" });
    } else if let Some(n) = v.as_number() {
        out.push_str(&n.to_string());
    } else if let Some(s) = v.as_str() {
        go_json_string(out, s);
    } else if let Some(elements) = v.elements() {
        out.push('[');
        for (i, e) in elements.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            encode(out, e);
        }
        out.push(']');
    } else if let Some(attributes) = v.attributes() {
        // Go's encoding/json sorts map keys by bytes; BTreeMap order is the same.
        out.push('{');
        for (i, (k, e)) in attributes.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            go_json_string(out, k);
            out.push(':');
            encode(out, e);
        }
        out.push('}');
    } else {
        let _ = write!(out, "\"<{}>\"", v.ty());
    }
}

/// What one evaluation gave, in the recorded form.
fn outcome(expr: &str, ctx: &EvalContext) -> serde_json::Value {
    let (file, id, mut diags) = parse_expression(
        expr.as_bytes(),
        "case.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    let mut result = serde_json::Map::new();
    result.insert("expr".into(), expr.into());
    if !diags.has_errors() {
        let (value, eval_diags) = NativeExpression::new(file, id).value(ctx);
        let failed = eval_diags.has_errors();
        diags.extend(eval_diags);
        if !failed {
            let ty = hcl_core::cty_json::marshal_type(value.ty()).expect("type JSON");
            result.insert("type".into(), serde_json::from_str(&ty).expect("type JSON"));
            let mut text = String::new();
            encode(&mut text, &value);
            result.insert(
                "value".into(),
                serde_json::from_str(&text).expect("value JSON"),
            );
        }
    }
    if !diags.is_empty() {
        let list: Vec<serde_json::Value> = diags
            .iter()
            .map(|d| {
                let mut m = serde_json::Map::new();
                let severity = if d.is_error() { "error" } else { "warning" };
                m.insert("severity".into(), severity.into());
                m.insert("summary".into(), d.summary.to_string().into());
                m.insert("detail".into(), d.detail.to_string().into());
                if let Some(r) = &d.subject {
                    let text = format!(
                        "{}:{}-{}:{}",
                        r.start.line, r.start.column, r.end.line, r.end.column
                    );
                    m.insert("subject".into(), text.into());
                }
                serde_json::Value::Object(m)
            })
            .collect();
        result.insert("diags".into(), list.into());
    }
    serde_json::Value::Object(result)
}

/// The cases of the list `file` that follow a deviation row instead of Go:
/// expression → row.
fn deviations(file: &str) -> BTreeMap<String, String> {
    let path = dir().join(file);
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once("\t=>\t"))
        .map(|(e, row)| (e.to_owned(), row.to_owned()))
        .collect()
}

/// A case of `terraform.jsonl`: Terraform's outcome, the definition it
/// follows, and where the specification's rules give another outcome (a
/// row of `docs/deviations.md` about values, such as equality of nulls),
/// that outcome and the row.
struct TerraformCase {
    want: serde_json::Value,
    follows: String,
    spec: Option<(serde_json::Value, String)>,
}

impl TerraformCase {
    /// The outcome expected by the rules of `sem`.
    fn want(&self, sem: Semantics) -> &serde_json::Value {
        match (&self.spec, sem) {
            (Some((spec, _)), Semantics::Spec) => spec,
            _ => &self.want,
        }
    }
}

/// The cases of `terraform.jsonl`, by expression.
fn terraform_cases() -> BTreeMap<String, TerraformCase> {
    let rows = go_mode_by_area();
    let text = std::fs::read_to_string(dir().join("terraform.jsonl")).expect("terraform.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut want: serde_json::Value =
                serde_json::from_str(line).expect("terraform.jsonl JSON");
            let object = want.as_object_mut().expect("a case is an object");
            let follows = object
                .remove("follows")
                .and_then(|f| f.as_str().map(str::to_owned))
                .expect("each case names the Terraform definition it follows");
            let spec = object.remove("spec").map(|mut spec| {
                let row = spec
                    .as_object_mut()
                    .and_then(|o| o.remove("row"))
                    .and_then(|r| r.as_str().map(str::to_owned))
                    .expect("a spec outcome names its row");
                assert!(
                    rows.contains_key(&row),
                    "no row of docs/deviations.md is about {row:?}"
                );
                spec["expr"] = object["expr"].clone();
                (spec, row)
            });
            let expr = want["expr"].as_str().expect("expr").to_owned();
            (
                expr,
                TerraformCase {
                    want,
                    follows,
                    spec,
                },
            )
        })
        .collect()
}

/// Runs the corpus by the rules of `sem` against the list of deviations
/// `list`: the cases that differ from Go must be exactly those listed; a
/// case of `terraform.jsonl` must give Terraform's outcome instead. Returns
/// how many cases agree with Go, and the number of cases that are not
/// Terraform's.
fn run(sem: Semantics, list: &BTreeMap<String, String>) -> (usize, usize) {
    let terraform = terraform_cases();
    let ctx = context(sem);
    let mut total = 0;
    let mut agree = 0;
    let mut failures = Vec::new();
    let mut per_family = BTreeMap::new();
    let mut files: Vec<_> = std::fs::read_dir(dir().join("expected"))
        .expect("expected dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    for path in files {
        let family = path
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path).expect("read expected");
        for line in text.lines().filter(|l| !l.is_empty()) {
            let want: serde_json::Value = serde_json::from_str(line).expect("expected JSON");
            let expr = want["expr"].as_str().expect("expr").to_owned();
            let got = outcome(&expr, &ctx);
            if let Some(case) = terraform.get(&expr) {
                let (terraform, follows) = (case.want(sem), &case.follows);
                if got != *terraform {
                    failures.push(format!(
                        "{family}: {expr} ({follows})\n  terraform: {terraform}\n  ours: {got}"
                    ));
                }
                continue;
            }
            total += 1;
            *per_family.entry(family.clone()).or_insert(0) += 1;
            let differs = got != want;
            if !differs {
                agree += 1;
            }
            match (differs, list.get(&expr)) {
                (false, None) => {}
                (true, Some(_)) => {}
                (true, None) => {
                    failures.push(format!("{family}: {expr}\n   go: {want}\n  ours: {got}"))
                }
                (false, Some(row)) => failures.push(format!(
                    "{family}: {expr}\n  listed as a deviation ({row}) but agrees with Go"
                )),
            }
        }
    }
    eprintln!("differential corpus ({sem}): {agree} of {total} cases agree with Go {per_family:?}");
    assert!(
        failures.is_empty(),
        "{sem} mode: {} of {total} cases differ from Go unexpectedly:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (agree, total)
}

#[test]
fn differential_corpus_matches_go() {
    let list = deviations("deviations.txt");
    let rows = go_mode_by_area();
    for (expr, area) in &list {
        assert!(
            rows.contains_key(area),
            "{expr}: no row of docs/deviations.md is about {area:?}"
        );
    }
    let (agree, total) = run(Semantics::Spec, &list);
    assert_eq!(agree + list.len(), total);
}

/// The "Go mode" column of each row of `docs/deviations.md`, by its area.
fn go_mode_by_area() -> BTreeMap<String, Vec<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/deviations.md");
    let text = std::fs::read_to_string(path).expect("docs/deviations.md");
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split(" | ").collect();
        // | # | Area | The spec says | Go does | We do | Go mode | Test |
        if cells.len() == 7
            && cells[0]
                .trim_start_matches('|')
                .trim()
                .parse::<u32>()
                .is_ok()
        {
            out.entry(cells[1].trim().to_owned())
                .or_default()
                .push(cells[5].trim().to_owned());
        }
    }
    out
}

/// Every case of `terraform.jsonl` gives Terraform's outcome, by the rules
/// of either mode (these are functions, not conversion rules), but where a
/// row of `docs/deviations.md` about values makes the specification's
/// outcome another (the case's `spec`).
#[test]
fn terraform_definitions_in_both_modes() {
    let cases = terraform_cases();
    assert!(cases.len() >= 40, "{} Terraform cases", cases.len());
    for sem in [Semantics::Spec, Semantics::Go] {
        let ctx = context(sem);
        let failures: Vec<String> = cases
            .iter()
            .filter_map(|(expr, case)| {
                let (want, follows) = (case.want(sem), &case.follows);
                let got = outcome(expr, &ctx);
                (got != *want)
                    .then(|| format!("{expr} ({follows})\n  terraform: {want}\n  ours: {got}"))
            })
            .collect();
        assert!(
            failures.is_empty(),
            "{sem} mode: {} Terraform cases differ:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

#[test]
fn differential_corpus_in_go_mode_matches_go() {
    let list = deviations("deviations-go.txt");
    let rows = go_mode_by_area();
    for (expr, area) in &list {
        let modes = rows
            .get(area)
            .unwrap_or_else(|| panic!("{expr}: no row of docs/deviations.md is about {area:?}"));
        assert!(
            modes.iter().all(|m| m.starts_with("no:")),
            "{expr}: the row {area:?} is restored in Go mode ({modes:?}), so the case must agree"
        );
    }
    let (agree, total) = run(Semantics::Go, &list);
    assert_eq!(agree + list.len(), total);
}
