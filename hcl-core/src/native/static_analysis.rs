//! The static analyses of native-syntax expressions ("Static Analysis" in
//! the native syntax spec): static list (tuple construction), static map
//! (object construction, keys uninterpreted), static call (function call
//! syntax) and static traversal (a variable with attribute access and
//! constant index steps; the keywords `true`, `false` and `null` as if they
//! were variables of those names).
//!
//! They follow the Go implementation's `hcl.ExprList`, `hcl.ExprMap`,
//! `hcl.ExprCall`, `hcl.AbsTraversalForExpr` and `hcl.RelTraversalForExpr`
//! on `hclsyntax` nodes, with their diagnostics: an object key is looked
//! through (it is a wrapper of its expression), parentheses are not.

use std::sync::Arc;

use crate::body::{StaticCall, StaticPair};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::native::ast::{CallExpr, ExprId, ExprKind, Step};
use crate::native::expression::NativeExpression;
use crate::native::file::ParsedFile;
use crate::source::Span;
use crate::traversal::{Traversal, Traverser};

use super::tree::{expr_span, kind, start_span, traverser, unwrap_keys};

/// The static-traversal error, in Go's words.
const TRAVERSAL_REQUIRED: &str = "A single static variable reference is required: only attribute access and \
                                  indexing with constant keys. No calculations, function calls, template \
                                  expressions, etc are allowed here.";

fn invalid(file: &ParsedFile, span: Span, detail: &'static str) -> Diagnostics {
    Diagnostic::error("Invalid expression")
        .with_detail(detail)
        .with_subject(file.range(span))
        .into()
}

fn handle(file: &Arc<ParsedFile>, id: ExprId) -> crate::body::DynExpression {
    Arc::new(NativeExpression::new(file.clone(), id))
}

/// Static list: the elements of tuple construction syntax.
pub(crate) fn static_list(
    file: &Arc<ParsedFile>,
    id: ExprId,
) -> Result<Vec<crate::body::DynExpression>, Diagnostics> {
    match kind(file, unwrap_keys(file, id)) {
        ExprKind::Tuple { elements, .. } => Ok(file
            .ast()
            .expr_list(*elements)
            .iter()
            .map(|&e| handle(file, e))
            .collect()),
        _ => Err(invalid(
            file,
            start_span(file, id),
            "A static list expression is required.",
        )),
    }
}

/// Static map: the key and value expressions of object construction syntax.
/// Each key is returned as written: an identifier key, evaluated, gives its
/// name; as a static traversal, the variable of that name.
pub(crate) fn static_map(
    file: &Arc<ParsedFile>,
    id: ExprId,
) -> Result<Vec<StaticPair>, Diagnostics> {
    match kind(file, unwrap_keys(file, id)) {
        ExprKind::Object { items, .. } => Ok(file
            .ast()
            .expr_list(*items)
            .chunks_exact(2)
            .map(|pair| StaticPair {
                key: handle(file, pair[0]),
                value: handle(file, pair[1]),
            })
            .collect()),
        _ => Err(invalid(
            file,
            start_span(file, id),
            "A static map expression is required.",
        )),
    }
}

/// Static call: the name and argument expressions of function call syntax.
pub(crate) fn static_call(file: &Arc<ParsedFile>, id: ExprId) -> Result<StaticCall, Diagnostics> {
    let ast = file.ast();
    let node = ast.expr(unwrap_keys(file, id));
    let ExprKind::FunctionCall(call) = node.kind else {
        return Err(invalid(
            file,
            start_span(file, id),
            "A static function call is required.",
        ));
    };
    let &CallExpr {
        name,
        args,
        expand_final,
        open_paren,
        close_paren,
    } = ast.call(call);
    let close = Span::new(close_paren, close_paren.saturating_add(1));
    Ok(StaticCall {
        name: file.span_text(name).to_owned(),
        name_range: file.range(name),
        arguments: ast
            .expr_list(args)
            .iter()
            .map(|&e| handle(file, e))
            .collect(),
        expand_final,
        range: file.range(node.span),
        args_range: file.range(Span::new(open_paren, close.end)),
    })
}

/// Static traversal, absolute: `a.b[0]["c"]`, or a keyword as a variable.
pub(crate) fn static_traversal_abs(
    file: &ParsedFile,
    id: ExprId,
) -> Result<Traversal, Diagnostics> {
    match as_traversal(file, id) {
        Some(steps) => Ok(Traversal::new(steps)),
        None => Err(invalid(file, expr_span(file.ast(), id), TRAVERSAL_REQUIRED)),
    }
}

/// Static traversal, relative: the absolute traversal with its root taken
/// as the first attribute step (Go's `RelTraversalForExpr`, with its
/// diagnostics).
pub(crate) fn static_traversal_rel(
    file: &ParsedFile,
    id: ExprId,
) -> Result<Traversal, Diagnostics> {
    let mut steps = static_traversal_abs(file, id)?.steps().to_vec();
    if let Some(Traverser::Root { name, range }) = steps.first().cloned() {
        steps[0] = Traverser::Attr { name, range };
    }
    Ok(Traversal::new(steps))
}

/// The expression as a traversal, if it is one (Go's `AsTraversal`).
fn as_traversal(file: &ParsedFile, id: ExprId) -> Option<Vec<Traverser>> {
    let ast = file.ast();
    // A relative traversal's steps come after those of its source: collect
    // the chain of sources first (iteratively).
    let mut chain: Vec<&[Step]> = Vec::new();
    let mut id = id;
    let mut root = None;
    loop {
        let node = ast.expr(id);
        match &node.kind {
            ExprKind::RelativeTraversal { source, steps } => {
                chain.push(ast.step_list(*steps));
                id = *source;
            }
            ExprKind::ObjectKey {
                wrapped,
                force_non_literal,
            } => {
                if *force_non_literal {
                    return None;
                }
                id = *wrapped;
            }
            ExprKind::ScopeTraversal { steps } => {
                let steps = ast.step_list(*steps);
                if !matches!(steps.first(), Some(Step::Root { .. })) {
                    return None;
                }
                chain.push(steps);
                break;
            }
            ExprKind::Bool(b) => {
                root = Some((if *b { "true" } else { "false" }, node.span));
                break;
            }
            ExprKind::Null => {
                root = Some(("null", node.span));
                break;
            }
            _ => return None,
        }
    }
    let mut out = Vec::new();
    if let Some((name, span)) = root {
        out.push(Traverser::Root {
            name: name.to_owned(),
            range: file.range(span),
        });
    }
    for steps in chain.iter().rev() {
        for step in *steps {
            out.push(traverser(file, step));
        }
    }
    if out.is_empty() { None } else { Some(out) }
}
