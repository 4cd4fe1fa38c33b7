//! Our half of `scripts/realworld-semantics-diff/run.sh`, which evaluates
//! every attribute expression of real-world configuration files with every
//! variable unknown and every function a stub returning an unknown value,
//! through HashiCorp's hcl and through ours (`Semantics::Go`, and
//! `Semantics::Spec` with its warnings where the results differ), and
//! compares. The cases come from the script's Go program; this test is
//! ignored unless the script runs it.

#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;

use hcl_core::function::{Function, Parameter};
use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
use hcl_core::quote::go_quote;
use hcl_core::{EvalContext, Expression, Pos, Semantics, Severity, Type, Value};

/// A value as the Go program's `show` writes it.
fn show(out: &mut String, v: &Value) {
    if !v.is_known() {
        out.push('?');
    } else if v.is_null() {
        out.push_str("null");
    } else if let Some(s) = v.as_str() {
        out.push_str(&go_quote(s));
    } else if let Some(n) = v.as_number() {
        let _ = write!(out, "{n}");
    } else if let Some(b) = v.as_bool() {
        let _ = write!(out, "{b}");
    } else if let Some(elements) = v.elements() {
        out.push('[');
        for (i, e) in elements.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            show(out, e);
        }
        out.push(']');
    } else if let Some(attrs) = v.attributes() {
        out.push('{');
        for (i, (k, e)) in attrs.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&go_quote(k));
            out.push(':');
            show(out, e);
        }
        out.push('}');
    } else {
        let _ = write!(out, "<{}>", v.ty().friendly_name());
    }
}

/// The line the Go program writes for a case, and the number of warnings
/// that say the result differs from Go's.
fn evaluate(text: &str, ctx: &EvalContext) -> (String, usize) {
    let (file, id, diags) = parse_expression(
        text.as_bytes(),
        "t.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    if diags.has_errors() {
        return ("PARSE ERROR".to_owned(), 0);
    }
    let (v, diags) = NativeExpression::new(file, id).value(ctx);
    let warnings = diags
        .iter()
        .filter(|d| d.severity == Severity::Warning && d.summary.contains("HashiCorp"))
        .count();
    if diags.has_errors() {
        return ("ERROR".to_owned(), warnings);
    }
    let Ok(ty) = hcl_core::cty_json::marshal_type(v.ty()) else {
        return ("TYPE ERROR".to_owned(), warnings);
    };
    let mut line = format!("{ty}\t");
    show(&mut line, &v);
    (line, warnings)
}

/// Reads `cases.txt` from the directory named by `REALWORLD_DIFF_DIR` and
/// writes `go-mode.txt` (one line a case) and `spec-mode.txt` (the line and
/// the number of warnings, separated by a tab).
#[test]
#[ignore = "run by scripts/realworld-semantics-diff/run.sh"]
fn evaluate_cases_in_both_modes() {
    let dir = std::path::PathBuf::from(
        std::env::var_os("REALWORLD_DIFF_DIR").expect("REALWORLD_DIFF_DIR"),
    );
    let cases = std::fs::read_to_string(dir.join("cases.txt")).unwrap();
    let stub = Function::builder()
        .variadic(
            Parameter::new("args", Type::Dynamic)
                .allow_null()
                .allow_unknown()
                .allow_dynamic(),
        )
        .returns(Type::Dynamic)
        .build(|_, _| Ok(Value::dynamic()));
    let (mut go_out, mut spec_out) = (String::new(), String::new());
    for record in cases.split("\x1e\n").skip(1) {
        let (header, text) = record.split_once('\n').unwrap_or((record, ""));
        let text = text.strip_suffix('\n').unwrap_or(text);
        let (funcs, vars) = header.split_once('\t').unwrap_or((header, ""));
        let mut ctx = EvalContext::new();
        for f in funcs.split(',').filter(|f| !f.is_empty()) {
            let _ = ctx.declare_function(f, stub.clone());
        }
        for v in vars.split(',').filter(|v| !v.is_empty()) {
            let _ = ctx.declare_variable(v, Value::dynamic());
        }
        ctx.set_semantics(Semantics::Go);
        let (line, _) = evaluate(text, &ctx);
        go_out.push_str(&line);
        go_out.push('\n');
        ctx.set_semantics(Semantics::Spec);
        let (line, warnings) = evaluate(text, &ctx);
        let _ = writeln!(spec_out, "{line}\t{warnings}");
    }
    std::fs::write(dir.join("go-mode.txt"), go_out).unwrap();
    std::fs::write(dir.join("spec-mode.txt"), spec_out).unwrap();
}
