//! Read-only helpers over the syntax tree, shared by evaluation, the
//! static analyses and the variables walk (which do not import each
//! other):
//!
//! - the source ranges of expressions, as the Go implementation's
//!   `Range()` and `StartRange()` give them: diagnostics point at these;
//! - traversal steps as [`Traverser`]s, and constant index keys as values;
//! - what an expression is without evaluating it: a keyword or lone
//!   variable name, the literal element a path into a collection leads to.
//!
//! The range computations and the unwrapping of keys and parentheses
//! follow chains of nodes (the left operand of an operator, the first part
//! of a template, ...) iteratively, so that no nesting makes them recurse.
//! Trees come from the parser only: every id is in range and chains end.

use crate::native::ast::{Ast, ExprId, ExprKind, Step, StepKey, Text};
use crate::native::file::ParsedFile;
use crate::path::{Path, PathStep};
use crate::source::Span;
use crate::traversal::Traverser;
use crate::value::Value;

/// The span of the whole expression (Go's `Range()`): the node's own span,
/// except for an object key (its wrapped expression's) and the result of a
/// template `for` directive (its `for` expression's).
pub(crate) fn expr_span(ast: &Ast, id: ExprId) -> Span {
    let mut id = id;
    loop {
        let node = ast.expr(id);
        match node.kind {
            ExprKind::ObjectKey { wrapped, .. } => id = wrapped,
            ExprKind::TemplateJoin { tuple } => id = tuple,
            _ => return node.span,
        }
    }
}

/// The span where the expression starts, for diagnostics about it as a
/// whole (Go's `StartRange()`): a call's name and opening parenthesis, a
/// collection's opening bracket, an operation's first operand, the first
/// part of a template (for a quoted string, its text without the quotes),
/// ...
pub(crate) fn start_span(file: &ParsedFile, id: ExprId) -> Span {
    let ast = file.ast();
    let mut id = id;
    loop {
        let node = ast.expr(id);
        let next = match &node.kind {
            ExprKind::Template { parts } => match ast.expr_list(*parts).first() {
                Some(first) => *first,
                None => return node.span,
            },
            ExprKind::TemplateJoin { tuple } => *tuple,
            ExprKind::FunctionCall(call) => {
                let c = ast.call(*call);
                return Span::new(c.name.start, c.open_paren.saturating_add(1).max(c.name.end));
            }
            ExprKind::Conditional { condition, .. } => *condition,
            ExprKind::Binary { lhs, .. } => *lhs,
            ExprKind::Unary { symbol, .. } => return *symbol,
            ExprKind::Tuple { .. } | ExprKind::Object { .. } => return node.first_byte(),
            ExprKind::ObjectKey { wrapped, .. } => *wrapped,
            ExprKind::For(f) => return ast.for_expr(*f).open,
            ExprKind::Index { open, .. } => return Span::new(*open, open.saturating_add(1)),
            ExprKind::Splat { item, .. } => return ast.expr(*item).span,
            ExprKind::Parens { inner } => *inner,
            ExprKind::String(text) => return literal_span(file, node.span, *text),
            ExprKind::Number(_)
            | ExprKind::Bool(_)
            | ExprKind::Null
            | ExprKind::TemplateWrap { .. }
            | ExprKind::ScopeTraversal { .. }
            | ExprKind::RelativeTraversal { .. }
            | ExprKind::AnonSymbol
            | ExprKind::Invalid => return node.span,
        };
        id = next;
    }
}

/// Where the literal text of a string node is: a template of one literal
/// is a string node spanning the whole template (quotes or heredoc markers
/// included), whose literal, the template's first part in Go, is inside.
fn literal_span(file: &ParsedFile, span: Span, text: Text) -> Span {
    match text {
        // The text is a slice of the source: it is where the literal is.
        Text::Source(inner) if inner.start >= span.start && inner.end <= span.end => inner,
        Text::Source(_) => span,
        // The text was rewritten (escapes, heredoc indentation): its
        // place is found from the delimiters.
        Text::Owned(_) => {
            let source = file.span_text(span);
            if source.len() >= 2 && source.starts_with('"') && source.ends_with('"') {
                return Span::new(span.start.saturating_add(1), span.end.saturating_sub(1));
            }
            if source.starts_with("<<")
                && let (Some(first), Some(last)) =
                    (source.find('\n'), source.trim_end_matches('\n').rfind('\n'))
                && first < last
            {
                let start = span
                    .start
                    .saturating_add(u32::try_from(first + 1).unwrap_or(0));
                let end = span
                    .start
                    .saturating_add(u32::try_from(last + 1).unwrap_or(0));
                return Span::new(start, end);
            }
            span
        }
    }
}

/// What expression `id` is.
pub(super) fn kind(file: &ParsedFile, id: ExprId) -> &ExprKind {
    &file.ast().expr(id).kind
}

/// Looks through object keys (Go's `UnwrapExpression`).
pub(super) fn unwrap_keys(file: &ParsedFile, id: ExprId) -> ExprId {
    let mut id = id;
    while let ExprKind::ObjectKey { wrapped, .. } = kind(file, id) {
        id = *wrapped;
    }
    id
}

/// One traversal step of the syntax tree as a [`Traverser`].
pub(super) fn traverser(file: &ParsedFile, step: &Step) -> Traverser {
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
pub(super) fn step_key(file: &ParsedFile, key: &StepKey) -> Value {
    match key {
        StepKey::Number(n) => Value::number(file.ast().number(*n).clone()),
        StepKey::String(text) => Value::string(file.text(*text)),
    }
}

/// The name an expression stands for as an object key or keyword: a lone
/// variable name, or `true`, `false`, `null` (Go's `hcl.ExprAsKeyword`).
pub(super) fn keyword_name(file: &ParsedFile, id: ExprId) -> Option<&str> {
    match kind(file, id) {
        ExprKind::Bool(true) => Some("true"),
        ExprKind::Bool(false) => Some("false"),
        ExprKind::Null => Some("null"),
        ExprKind::ScopeTraversal { steps } => match file.ast().step_list(*steps) {
            [Step::Root { name }] => Some(file.span_text(*name)),
            _ => None,
        },
        ExprKind::ObjectKey {
            wrapped,
            force_non_literal: false,
        } => match kind(file, *wrapped) {
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
pub(super) fn element_at_path(file: &ParsedFile, id: ExprId, path: &Path) -> Option<ExprId> {
    let ast = file.ast();
    let mut current = id;
    for step in path.steps() {
        current = unwrap_parens(file, current);
        current = match (kind(file, current), step) {
            (ExprKind::Tuple { elements, .. }, PathStep::Index(key)) => {
                let index = key.as_number()?.to_u64().ok()?;
                *ast.expr_list(*elements).get(usize::try_from(index).ok()?)?
            }
            (ExprKind::Object { items, .. }, step) => {
                let name = match step {
                    PathStep::Attr(name) => name.as_str(),
                    PathStep::Index(key) => key.as_str()?,
                };
                // The last definition of a key is the one in the value.
                ast.expr_list(*items)
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
    match kind(file, id) {
        ExprKind::String(text) => Some(file.text(*text).to_owned()),
        ExprKind::Template { parts } => match file.ast().expr_list(*parts) {
            [only] => match kind(file, *only) {
                ExprKind::String(text) => Some(file.text(*text).to_owned()),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// Looks through parentheses.
fn unwrap_parens(file: &ParsedFile, id: ExprId) -> ExprId {
    let mut id = id;
    while let ExprKind::Parens { inner } = kind(file, id) {
        id = *inner;
    }
    id
}
