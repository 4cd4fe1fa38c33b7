//! Evaluation of hand-built syntax trees: a small valid tree, and shapes
//! that stop at the evaluator's depth limit (a chain far deeper than the
//! parser's nesting limit allows, and cycles, which no parsed tree has:
//! evaluation is the one walk with a depth bound, which is all that stops
//! it there; the other walks assume the parser's trees). (Evaluation of
//! parsed source is tested in `tests/native_eval.rs`.)

#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use crate::body::Expression;
use crate::eval::EvalContext;
use crate::native::ast::{Ast, BinaryOp, ExprId, ExprKind, ForExpr, Step, UnaryOp};
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
fn cycles_stop_at_the_depth_limit() {
    small_stack(|| {
        let src = "(((x)))";
        let mut ast = Ast::default();
        // Node 0 is its own inner expression; node 1 and 2 form a cycle
        // through a binary operation and a tuple; node 3 is a `for`
        // expression iterating over itself; node 4 is a leaf.
        ast.push_expr(ExprKind::Parens { inner: ExprId(0) }, sp(0, 7));
        let list = ast.push_expr_list(&[ExprId(1)]);
        ast.push_expr(
            ExprKind::Binary {
                op: BinaryOp::Add,
                lhs: ExprId(2),
                rhs: ExprId(4),
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
        ast.push_expr(ExprKind::Null, sp(0, 7));
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
