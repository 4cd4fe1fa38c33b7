//! Evaluation of hand-built syntax trees: malformed trees (ids out of
//! range, cycles, runs out of bounds) never make evaluation, the variables
//! walk or the range computations panic, recurse without bound or loop.
//! (Evaluation of parsed source is tested in `tests/native_eval.rs`.)

#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use crate::body::Expression;
use crate::eval::EvalContext;
use crate::native::ast::{
    Ast, BinaryOp, CallExpr, CallId, ExprId, ExprKind, ForExpr, ForId, List, Step, UnaryOp,
};
use crate::native::expression::NativeExpression;
use crate::native::file::ParsedFile;
use crate::source::{SourceFile, Span};
use crate::ty::Type;
use crate::value::Value;

fn file(src: &str, ast: Ast) -> Arc<ParsedFile> {
    Arc::new(ParsedFile::new(SourceFile::new("t.hcl", src), ast))
}

fn sp(start: u32, end: u32) -> Span {
    Span::new(start, end)
}

/// Runs `f` on a thread with a test thread's default stack size.
fn small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn hand_built_logic_and_traversal() {
    // `t && !f` over variables.
    let src = "t && !f";
    let mut ast = Ast::default();
    let t_steps = ast.push_steps(&[Step::Root { name: sp(0, 1) }]);
    let t = ast.push_expr(ExprKind::ScopeTraversal { steps: t_steps }, sp(0, 1));
    let f_steps = ast.push_steps(&[Step::Root { name: sp(6, 7) }]);
    let f = ast.push_expr(ExprKind::ScopeTraversal { steps: f_steps }, sp(6, 7));
    let not = ast.push_expr(
        ExprKind::Unary {
            op: UnaryOp::Not,
            operand: f,
            symbol: sp(5, 6),
        },
        sp(5, 7),
    );
    let and = ast.push_expr(
        ExprKind::Binary {
            op: BinaryOp::And,
            lhs: t,
            rhs: not,
        },
        sp(0, 7),
    );
    let expr = NativeExpression::new(file(src, ast), and);
    let mut ctx = EvalContext::new();
    ctx.declare_variable("t", Value::bool(true)).unwrap();
    ctx.declare_variable("f", Value::bool(false)).unwrap();
    let (v, d) = expr.value(&ctx);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(v, Value::bool(true));
    let names: Vec<String> = expr.variables().iter().map(ToString::to_string).collect();
    assert_eq!(names, ["t", "f"]);
    assert_eq!(expr.start_range().to_string(), "t.hcl:1,1-2");

    ctx.declare_variable("f", Value::unknown(Type::Bool))
        .unwrap();
    assert_eq!(expr.value(&ctx).0, Value::unknown(Type::Bool));

    let (v, d) = expr.value(&EvalContext::new());
    assert_eq!(v, Value::unknown(Type::Bool));
    let subjects: Vec<String> = d
        .iter()
        .map(|d| d.subject.as_ref().unwrap().to_string())
        .collect();
    assert_eq!(subjects, ["t.hcl:1,1-2", "t.hcl:1,7-8"]);
}

#[test]
fn ids_and_runs_out_of_range_are_harmless() {
    let src = "x";
    let mut ast = Ast::default();
    let bad = List {
        start: 1000,
        len: 5,
    };
    let huge = List {
        start: u32::MAX,
        len: u32::MAX,
    };
    let call = ast.push_call(CallExpr {
        name: sp(0, 1),
        args: huge,
        expand_final: true,
        open_paren: u32::MAX,
        close_paren: u32::MAX,
    });
    let nodes = [
        ExprKind::Parens { inner: ExprId(999) },
        ExprKind::Tuple { elements: bad },
        ExprKind::Object { items: huge },
        ExprKind::Template { parts: huge },
        ExprKind::ScopeTraversal { steps: huge },
        ExprKind::RelativeTraversal {
            source: ExprId(77),
            steps: bad,
        },
        ExprKind::For(ForId(12)),
        ExprKind::Number(crate::native::ast::NumberId(3)),
        ExprKind::FunctionCall(call),
        ExprKind::FunctionCall(CallId(999)),
        ExprKind::TemplateJoin { tuple: ExprId(55) },
        ExprKind::Splat {
            source: ExprId(40),
            each: ExprId(41),
            item: ExprId(42),
        },
        ExprKind::Index {
            collection: ExprId(60),
            key: ExprId(61),
            open: u32::MAX,
        },
        ExprKind::ObjectKey {
            wrapped: ExprId(88),
            force_non_literal: false,
        },
    ];
    let ids: Vec<ExprId> = nodes
        .into_iter()
        .map(|k| ast.push_expr(k, sp(0, 1)))
        .collect();
    let f = file(src, ast);
    let mut ctx = EvalContext::new();
    ctx.declare_function(
        "x",
        crate::function::Function::builder().build(|_, _| Ok(Value::dynamic())),
    )
    .unwrap();
    for id in ids.into_iter().chain([ExprId(5000)]) {
        let e = NativeExpression::new(f.clone(), id);
        let _ = e.value(&ctx);
        let _ = e.variables();
        let _ = (e.range(), e.start_range());
        let _ = e.static_list();
        let _ = e.static_map();
        let _ = e.static_call();
        let _ = e.static_traversal_abs();
        let _ = e.static_traversal_rel();
    }
}

#[test]
fn cycles_stop_at_the_depth_limit() {
    small_stack(|| {
        let src = "(((x)))";
        let mut ast = Ast::default();
        // Node 0 is its own inner expression; node 1 and 2 form a cycle
        // through a binary operation and a tuple; node 3 is a `for`
        // expression iterating over itself.
        ast.push_expr(ExprKind::Parens { inner: ExprId(0) }, sp(0, 7));
        let list = ast.push_expr_list(&[ExprId(1)]);
        ast.push_expr(
            ExprKind::Binary {
                op: BinaryOp::Add,
                lhs: ExprId(2),
                rhs: ExprId(999),
            },
            sp(0, 7),
        );
        ast.push_expr(ExprKind::Tuple { elements: list }, sp(1, 6));
        let for_id = ast.push_for(ForExpr {
            key_var: None,
            value_var: sp(4, 5),
            collection: ExprId(3),
            key: None,
            value: ExprId(0),
            condition: Some(ExprId(3)),
            group: false,
            open: sp(0, 1),
            close: sp(6, 7),
        });
        ast.push_expr(ExprKind::For(for_id), sp(0, 7));
        let f = file(src, ast);
        for id in [0, 1, 2, 3] {
            let e = NativeExpression::new(f.clone(), ExprId(id));
            let (v, d) = e.value(&EvalContext::new());
            let _ = v;
            assert!(
                d.iter()
                    .any(|d| d.summary == "Expression too deeply nested"),
                "{id}: {d:?}"
            );
            let _ = e.variables();
            let _ = (e.range(), e.start_range());
            let _ = e.static_traversal_abs();
        }
    });
}

#[test]
fn a_long_hand_built_chain_stops_at_the_depth_limit() {
    small_stack(|| {
        let src = "!true";
        let mut ast = Ast::default();
        let mut id = ast.push_expr(ExprKind::Bool(true), sp(1, 5));
        for _ in 0..100_000 {
            id = ast.push_expr(
                ExprKind::Unary {
                    op: UnaryOp::Not,
                    operand: id,
                    symbol: sp(0, 1),
                },
                sp(0, 5),
            );
        }
        let e = NativeExpression::new(file(src, ast), id);
        let (v, d) = e.value(&EvalContext::new());
        assert_eq!(v, Value::unknown(Type::Bool));
        assert_eq!(d.len(), 1);
        assert_eq!(
            d.iter().next().unwrap().summary,
            "Expression too deeply nested"
        );
        assert!(e.variables().is_empty());
        assert_eq!(e.start_range().to_string(), "t.hcl:1,1-2");
    });
}
