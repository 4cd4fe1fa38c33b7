//! The variables an expression refers to: every scope traversal in it, in
//! the order the Go implementation's `hclsyntax.Variables` walk finds them
//! (source order), except those whose root is a variable defined by an
//! enclosing `for` expression of the same expression. An identifier used
//! as a literal object key is not a reference; one in parentheses is.
//!
//! The walk is iterative, so no nesting makes it recurse.

use crate::native::ast::{ExprId, ExprKind, Step};
use crate::native::file::ParsedFile;
use crate::traversal::Traversal;

use super::tree::{keyword_name, traverser};

enum Visit<'a> {
    Node(ExprId),
    /// Enter the child scope of a `for` expression defining these names.
    Enter(Vec<&'a str>),
    Leave,
}

/// The traversals of expression `id` that refer to variables of the
/// evaluation context.
pub(crate) fn variables(file: &ParsedFile, id: ExprId) -> Vec<Traversal> {
    let ast = file.ast();
    let mut out = Vec::new();
    let mut scopes: Vec<Vec<&str>> = Vec::new();
    let mut stack = vec![Visit::Node(id)];
    let exprs = |list| ast.expr_list(list);

    while let Some(visit) = stack.pop() {
        let id = match visit {
            Visit::Node(id) => id,
            Visit::Enter(names) => {
                scopes.push(names);
                continue;
            }
            Visit::Leave => {
                scopes.pop();
                continue;
            }
        };
        let node = ast.expr(id);
        // Children are pushed in reverse, to be visited in order.
        let mut children: Vec<Visit<'_>> = Vec::new();
        match &node.kind {
            ExprKind::ScopeTraversal { steps } => {
                let steps = ast.step_list(*steps);
                if let Some(Step::Root { name }) = steps.first() {
                    let root = file.span_text(*name);
                    if !scopes.iter().any(|names| names.contains(&root)) {
                        out.push(Traversal::new(
                            steps.iter().map(|s| traverser(file, s)).collect(),
                        ));
                    }
                }
            }
            ExprKind::Template { parts } => {
                children.extend(exprs(*parts).iter().map(|&e| Visit::Node(e)))
            }
            ExprKind::TemplateWrap { inner } | ExprKind::Parens { inner } => {
                children.push(Visit::Node(*inner))
            }
            ExprKind::TemplateJoin { tuple } => children.push(Visit::Node(*tuple)),
            ExprKind::RelativeTraversal { source, .. } => children.push(Visit::Node(*source)),
            ExprKind::FunctionCall(call) => {
                children.extend(exprs(ast.call(*call).args).iter().map(|&e| Visit::Node(e)))
            }
            ExprKind::Conditional {
                condition,
                true_result,
                false_result,
            } => children.extend([
                Visit::Node(*condition),
                Visit::Node(*true_result),
                Visit::Node(*false_result),
            ]),
            ExprKind::Binary { lhs, rhs, .. } => {
                children.extend([Visit::Node(*lhs), Visit::Node(*rhs)])
            }
            ExprKind::Unary { operand, .. } => children.push(Visit::Node(*operand)),
            ExprKind::Tuple { elements, .. } => {
                children.extend(exprs(*elements).iter().map(|&e| Visit::Node(e)))
            }
            ExprKind::Object { items, .. } => {
                children.extend(exprs(*items).iter().map(|&e| Visit::Node(e)))
            }
            ExprKind::ObjectKey {
                wrapped,
                force_non_literal,
            } => {
                // A bare name is the key itself, not a reference.
                if *force_non_literal || keyword_name(file, *wrapped).is_none() {
                    children.push(Visit::Node(*wrapped));
                }
            }
            ExprKind::For(f) => {
                let f = ast.for_expr(*f);
                children.push(Visit::Node(f.collection));
                let mut names = vec![file.span_text(f.value_var)];
                if let Some(k) = f.key_var {
                    names.push(file.span_text(k));
                }
                children.push(Visit::Enter(names));
                children.extend(f.key.map(Visit::Node));
                children.push(Visit::Node(f.value));
                children.extend(f.condition.map(Visit::Node));
                children.push(Visit::Leave);
            }
            ExprKind::Index {
                collection, key, ..
            } => {
                children.extend([Visit::Node(*collection), Visit::Node(*key)]);
            }
            ExprKind::Splat { source, each, .. } => {
                children.extend([Visit::Node(*source), Visit::Node(*each)])
            }
            ExprKind::Number(_)
            | ExprKind::Bool(_)
            | ExprKind::Null
            | ExprKind::String(_)
            | ExprKind::AnonSymbol
            | ExprKind::Invalid => {}
        }
        stack.extend(children.into_iter().rev());
    }
    out
}
