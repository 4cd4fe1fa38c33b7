//! Cases for comparing `Semantics::Go` with go-cty: unification
//! (`UnifyUnsafe`), the safety of conversions (`GetConversion` /
//! `GetConversionUnsafe`), value conversion (`Convert`) and unification of
//! two values' types followed by their conversions (as a conditional), and
//! equality (`Value.Equals`, known and unknown). Run by
//! `scripts/go-semantics-diff/run.sh`, which answers the same cases with
//! go-cty and compares (12,494 cases, which all agree; Go has no
//! conversion between identical primitive or map types, which its callers
//! never ask for, where ours is the identity).

#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;

use hcl_core::convert::{Safety, conversion_safety_with, convert_with, unify_with};
use hcl_core::native::{NativeExpression, parse_expression};
use hcl_core::typeexpr::{parse_type_constraint, type_string};
use hcl_core::{EvalContext, Expression, Pos, Semantics, Type};

fn t(s: &str) -> Type {
    parse_type_constraint(s, "t").unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// A bool value as go-cty's `GoString` writes it.
fn go_bool(v: &hcl_core::Value) -> &'static str {
    match v.as_bool() {
        Some(true) => "cty.True",
        Some(false) => "cty.False",
        None if !v.is_known() => "cty.UnknownVal(cty.Bool)",
        None => "cty.NullVal(cty.Bool)",
    }
}

/// Writes `cases.txt` and our answers, `rust.txt`, to the directory named
/// by `GO_SEMANTICS_DIFF_DIR`.
#[test]
#[ignore = "run by scripts/go-semantics-diff/run.sh"]
fn write_cases_and_answers() {
    let dir = std::env::var_os("GO_SEMANTICS_DIFF_DIR").expect("GO_SEMANTICS_DIFF_DIR");
    let base = [
        "string",
        "number",
        "bool",
        "any",
        "list(string)",
        "list(number)",
        "list(any)",
        "set(string)",
        "set(number)",
        "map(string)",
        "map(number)",
        "map(bool)",
        "map(any)",
        "tuple([])",
        "tuple([string])",
        "tuple([number])",
        "tuple([string,number])",
        "tuple([bool,bool])",
        "tuple([any])",
        "tuple([number,number,number])",
        "object({})",
        "object({a=string})",
        "object({a=number})",
        "object({b=number})",
        "object({a=string,b=number})",
        "object({a=bool})",
        "object({a=any})",
        "list(object({a=string}))",
        "list(object({b=string}))",
        "map(list(string))",
        "list(tuple([string]))",
        "set(bool)",
        "list(list(string))",
        "tuple([list(string)])",
        "object({a=list(string)})",
        "object({a=any,b=string})",
        "tuple([any,string])",
        "set(any)",
        "list(set(string))",
        "map(map(any))",
        "list(list(any))",
        "map(list(any))",
        "object({a=list(any)})",
        "tuple([object({a=string}),object({a=number})])",
        "object({a=object({b=string})})",
        "object({a=object({c=string})})",
        "object({a=tuple([string])})",
        "map(object({a=number}))",
        "list(map(string))",
    ];
    let mut cases = String::new();
    let mut ours = String::new();
    let show = |u: Option<Type>| u.map_or("none".to_owned(), |t| type_string(&t).replace(' ', ""));
    for a in base {
        for b in base {
            let _ = writeln!(cases, "unify;{a};{b}");
            let _ = writeln!(
                ours,
                "{}",
                show(unify_with(&[t(a), t(b)], Semantics::Go).map(|u| u.ty))
            );
            let _ = writeln!(cases, "conv;{a};{b}");
            let s = match conversion_safety_with(&t(a), &t(b), Semantics::Go) {
                Some(Safety::Safe) => "safe",
                Some(Safety::Unsafe) => "unsafe",
                None => "none",
            };
            let _ = writeln!(ours, "{s}");
        }
    }
    for a in base.iter().step_by(3) {
        for b in base.iter().skip(1).step_by(4) {
            for c in base.iter().skip(2).step_by(5) {
                let _ = writeln!(cases, "unify;{a};{b};{c}");
                let _ = writeln!(
                    ours,
                    "{}",
                    show(unify_with(&[t(a), t(b), t(c)], Semantics::Go).map(|u| u.ty))
                );
            }
        }
    }
    let values = [
        "null",
        "\"1e5\"",
        "\"+5\"",
        "\".5\"",
        "\"5.\"",
        "\"-Inf\"",
        "\"0x10\"",
        "\"1_0\"",
        "\" 1\"",
        "\"1e\"",
        "\"12.50\"",
        "true",
        "5",
        "[]",
        "[\"a\"]",
        "[1, \"a\"]",
        "[1, 2]",
        "[true, false, true]",
        "[null]",
        "[\"x\", null]",
        "{}",
        "{a=\"x\"}",
        "{a=1}",
        "{b=1}",
        "{a=\"x\", z=\"y\"}",
        "{a={x=true}, b={y=false}}",
        "{a=[1], b=[\"x\"]}",
        "{a=null}",
        "[{a=1}, {b=2}]",
        "[[1], [true]]",
        "{a=[1], b=[\"x\", 2]}",
        "[{a=[1]}, {a=[\"x\"]}]",
        "[{a=1}, {a=\"x\"}]",
        "[[1], [\"a\", 2]]",
        "{a=[], b=[1]}",
        "[[], [1]]",
    ];
    let ctx = EvalContext::new();
    for v in values {
        let (file, id, diags) =
            parse_expression(v.as_bytes(), "t", Pos::start(), &Default::default());
        assert!(diags.is_empty(), "{v}");
        let (value, diags) = NativeExpression::new(file, id).value(&ctx);
        assert!(diags.is_empty(), "{v}");
        for ty in base {
            let _ = writeln!(cases, "val;{v};{ty}");
            let line = match convert_with(&value, &t(ty), Semantics::Go) {
                Err(_) => "error".to_owned(),
                Ok(r) => match hcl_core::cty_json::marshal(&r, r.ty()) {
                    Ok(j) => format!("{} {j}", type_string(r.ty()).replace(' ', "")),
                    Err(_) => format!("{} unmarshalable", type_string(r.ty()).replace(' ', "")),
                },
            };
            let _ = writeln!(ours, "{line}");
        }
    }
    let parsed: Vec<hcl_core::Value> = values
        .iter()
        .map(|v| {
            let (file, id, _) =
                parse_expression(v.as_bytes(), "t", Pos::start(), &Default::default());
            NativeExpression::new(file, id).value(&ctx).0
        })
        .collect();
    let show_value = |v: &hcl_core::Value| {
        let ty = type_string(v.ty()).replace(' ', "");
        if !v.is_wholly_known() {
            return format!("{ty} unknown");
        }
        match hcl_core::cty_json::marshal(v, v.ty()) {
            Ok(j) => format!("{ty} {j}"),
            Err(_) => format!("{ty} unmarshalable"),
        }
    };
    for (a, va) in values.iter().zip(&parsed) {
        for (b, vb) in values.iter().zip(&parsed) {
            let _ = writeln!(cases, "uval;{a};{b}");
            let line = match unify_with(&[va.ty().clone(), vb.ty().clone()], Semantics::Go) {
                None => "none".to_owned(),
                Some(u) => {
                    let mut line = type_string(&u.ty).replace(' ', "");
                    for (c, v) in u.conversions.iter().zip([va, vb]) {
                        let shown = match c {
                            None => show_value(v),
                            Some(c) => match c.apply(v) {
                                Ok(v) => show_value(&v),
                                Err(_) => "error".to_owned(),
                            },
                        };
                        let _ = write!(line, " ~ {shown}");
                    }
                    line
                }
            };
            let _ = writeln!(ours, "{line}");
        }
    }
    let typed_nulls = [
        "tolist(null)",
        "tomap(null)",
        "tostring(null)",
        "tonumber(null)",
        "tobool(null)",
    ];
    let _ = typed_nulls;
    for (a, va) in values.iter().zip(&parsed) {
        for (b, vb) in values.iter().zip(&parsed) {
            let _ = writeln!(cases, "eq;{a};{b}");
            let _ = writeln!(ours, "{}", go_bool(&va.equals_with(vb, Semantics::Go)));
            let _ = writeln!(cases, "eq;{a};{b};unknown");
            let unknown = hcl_core::Value::unknown(va.ty().clone());
            let _ = writeln!(ours, "{}", go_bool(&unknown.equals_with(vb, Semantics::Go)));
        }
    }
    let dir = std::path::PathBuf::from(dir);
    std::fs::write(dir.join("cases.txt"), cases).unwrap();
    std::fs::write(dir.join("rust.txt"), ours).unwrap();
}
