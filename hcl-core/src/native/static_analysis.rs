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
use crate::native::ast::{CallExpr, ExprId, ExprKind, Step, StepKey};
use crate::native::expression::NativeExpression;
use crate::native::file::ParsedFile;
use crate::path::{Path, PathStep};
use crate::source::Span;
use crate::traversal::{Traversal, Traverser};
use crate::value::Value;

use super::eval::list_slice;
use super::tree::{expr_span, start_span};

/// The static-traversal error, in Go's words.
const TRAVERSAL_REQUIRED: &str = "A single static variable reference is required: only attribute access and \
                                  indexing with constant keys. No calculations, function calls, template \
                                  expressions, etc are allowed here.";

fn invalid(file: &ParsedFile, span: Span, detail: &str) -> Diagnostics {
    Diagnostic::error("Invalid expression")
        .with_detail(detail)
        .with_subject(file.range(span))
        .into()
}

fn kind(file: &ParsedFile, id: ExprId) -> Option<&ExprKind> {
    file.ast().exprs.get(id.0 as usize).map(|e| &e.kind)
}

/// Looks through object keys (Go's `UnwrapExpression`), with a bound.
fn unwrap_keys(file: &ParsedFile, id: ExprId) -> ExprId {
    let mut id = id;
    for _ in 0..file.ast().exprs.len() {
        match kind(file, id) {
            Some(ExprKind::ObjectKey { wrapped, .. }) => id = *wrapped,
            _ => break,
        }
    }
    id
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
        Some(ExprKind::Tuple { elements, .. }) => Ok(list_slice(&file.ast().expr_lists, *elements)
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
        Some(ExprKind::Object { items, .. }) => Ok(list_slice(&file.ast().expr_lists, *items)
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
    let target = unwrap_keys(file, id);
    match file.ast().exprs.get(target.0 as usize) {
        Some(node) => {
            if let Some(&CallExpr {
                name,
                args,
                expand_final,
                open_paren,
                close_paren,
            }) = match node.kind {
                ExprKind::FunctionCall(call) => file.ast().calls.get(call.0 as usize),
                _ => None,
            } {
                let close = Span::new(close_paren, close_paren.saturating_add(1));
                return Ok(StaticCall {
                    name: file.span_text(name).to_owned(),
                    name_range: file.range(name),
                    arguments: list_slice(&file.ast().expr_lists, args)
                        .iter()
                        .map(|&e| handle(file, e))
                        .collect(),
                    expand_final,
                    range: file.range(node.span),
                    args_range: file.range(Span::new(open_paren, close.end)),
                });
            }
            Err(invalid(
                file,
                start_span(file, id),
                "A static function call is required.",
            ))
        }
        None => Err(invalid(
            file,
            start_span(file, id),
            "A static function call is required.",
        )),
    }
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
    // the chain of sources first (iteratively, bounded).
    let mut chain: Vec<&[Step]> = Vec::new();
    let mut id = id;
    let mut root = None;
    for _ in 0..ast.exprs.len() {
        let node = ast.exprs.get(id.0 as usize)?;
        match &node.kind {
            ExprKind::RelativeTraversal { source, steps } => {
                chain.push(list_slice(&ast.steps, *steps));
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
                let steps = list_slice(&ast.steps, *steps);
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

/// One traversal step of the syntax tree as a [`Traverser`].
pub(crate) fn traverser(file: &ParsedFile, step: &Step) -> Traverser {
    match step {
        Step::Root { name } => Traverser::Root {
            name: file.span_text(*name).to_owned(),
            range: file.range(*name),
        },
        Step::Attr { name, span } => Traverser::Attr {
            name: file.span_text(*name).to_owned(),
            range: file.range(*span),
        },
        Step::Index { key, span } => Traverser::Index {
            key: step_key(file, key),
            range: file.range(*span),
        },
    }
}

/// The value of a constant index key.
pub(crate) fn step_key(file: &ParsedFile, key: &StepKey) -> Value {
    match key {
        StepKey::Number(n) => file
            .ast()
            .numbers
            .get(n.0 as usize)
            .map_or_else(Value::dynamic, |n| Value::number(n.clone())),
        StepKey::String(text) => Value::string(file.text(*text)),
    }
}

/// The name an expression stands for as an object key or keyword: a lone
/// variable name, or `true`, `false`, `null` (Go's `hcl.ExprAsKeyword`).
pub(crate) fn keyword_name(file: &ParsedFile, id: ExprId) -> Option<&str> {
    match kind(file, id)? {
        ExprKind::Bool(true) => Some("true"),
        ExprKind::Bool(false) => Some("false"),
        ExprKind::Null => Some("null"),
        ExprKind::ScopeTraversal { steps } => match list_slice(&file.ast().steps, *steps) {
            [Step::Root { name }] => Some(file.span_text(*name)),
            _ => None,
        },
        ExprKind::ObjectKey {
            wrapped,
            force_non_literal: false,
        } => match kind(file, *wrapped)? {
            ExprKind::ObjectKey { .. } => None,
            _ => keyword_name(file, *wrapped),
        },
        _ => None,
    }
}

/// The literal element expression that a path inside the value of
/// expression `id` leads to, when `id` is (through parentheses) tuple or
/// object construction and so is each step down: used to point a
/// conversion error at the element at fault rather than at the whole
/// collection.
pub(crate) fn element_at_path(file: &ParsedFile, id: ExprId, path: &Path) -> Option<ExprId> {
    let ast = file.ast();
    let mut current = id;
    for step in path.steps() {
        current = unwrap_parens(file, current);
        current = match (kind(file, current)?, step) {
            (ExprKind::Tuple { elements, .. }, PathStep::Index(key)) => {
                let index = key.as_number()?.to_u64().ok()?;
                *list_slice(&ast.expr_lists, *elements).get(usize::try_from(index).ok()?)?
            }
            (ExprKind::Object { items, .. }, step) => {
                let name = match step {
                    PathStep::Attr(name) => name.as_str(),
                    PathStep::Index(key) => key.as_str()?,
                };
                // The last definition of a key is the one in the value.
                list_slice(&ast.expr_lists, *items)
                    .chunks_exact(2)
                    .rev()
                    .find(|pair| static_key_name(file, pair[0]).as_deref() == Some(name))
                    .map(|pair| pair[1])?
            }
            _ => return None,
        };
    }
    Some(current)
}

/// The key an object key expression gives without evaluation: an
/// identifier (or keyword) name, or a literal string.
fn static_key_name(file: &ParsedFile, key: ExprId) -> Option<String> {
    if let Some(name) = keyword_name(file, key) {
        return Some(name.to_owned());
    }
    let mut id = unwrap_keys(file, key);
    id = unwrap_parens(file, id);
    match kind(file, id)? {
        ExprKind::String(text) => Some(file.text(*text).to_owned()),
        ExprKind::Template { parts } => match list_slice(&file.ast().expr_lists, *parts) {
            [only] => match kind(file, *only)? {
                ExprKind::String(text) => Some(file.text(*text).to_owned()),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

fn unwrap_parens(file: &ParsedFile, id: ExprId) -> ExprId {
    let mut id = id;
    for _ in 0..file.ast().exprs.len() {
        match kind(file, id) {
            Some(ExprKind::Parens { inner }) => id = *inner,
            _ => break,
        }
    }
    id
}
