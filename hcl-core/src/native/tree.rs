//! The source ranges of expressions, as the Go implementation's `Range()`
//! and `StartRange()` give them: diagnostics point at these.
//!
//! Both follow chains of nodes (the left operand of an operator, the first
//! part of a template, ...) iteratively, with a bound, so that no tree, not
//! even a malformed one, makes them recurse deeply or loop.

use crate::native::ast::{Ast, ExprId, ExprKind, Text};
use crate::native::file::ParsedFile;
use crate::source::Span;

use super::eval::list_slice;

/// The span of the whole expression (Go's `Range()`): the node's own span,
/// except for an object key (its wrapped expression's) and the result of a
/// template `for` directive (its `for` expression's).
pub(crate) fn expr_span(ast: &Ast, id: ExprId) -> Span {
    let mut id = id;
    let mut fallback = Span::default();
    for _ in 0..ast.exprs.len().max(1) {
        let Some(node) = ast.exprs.get(id.0 as usize) else {
            return fallback;
        };
        fallback = node.span;
        match node.kind {
            ExprKind::ObjectKey { wrapped, .. } => id = wrapped,
            ExprKind::TemplateJoin { tuple } => id = tuple,
            _ => return node.span,
        }
    }
    fallback
}

/// The span where the expression starts, for diagnostics about it as a
/// whole (Go's `StartRange()`): a call's name and opening parenthesis, a
/// collection's opening bracket, an operation's first operand, the first
/// part of a template (for a quoted string, its text without the quotes),
/// ...
pub(crate) fn start_span(file: &ParsedFile, id: ExprId) -> Span {
    let ast = file.ast();
    let mut id = id;
    let mut fallback = Span::default();
    for _ in 0..ast.exprs.len().max(1) {
        let Some(node) = ast.exprs.get(id.0 as usize) else {
            return fallback;
        };
        fallback = node.span;
        let next = match &node.kind {
            ExprKind::Template { parts } => match list_slice(&ast.expr_lists, *parts).first() {
                Some(first) => *first,
                None => return node.span,
            },
            ExprKind::TemplateJoin { tuple } => *tuple,
            ExprKind::FunctionCall(call) => {
                return ast.calls.get(call.0 as usize).map_or(node.span, |c| {
                    Span::new(c.name.start, c.open_paren.saturating_add(1).max(c.name.end))
                });
            }
            ExprKind::Conditional { condition, .. } => *condition,
            ExprKind::Binary { lhs, .. } => *lhs,
            ExprKind::Unary { symbol, .. } => return *symbol,
            ExprKind::Tuple { .. } | ExprKind::Object { .. } => return node.first_byte(),
            ExprKind::ObjectKey { wrapped, .. } => *wrapped,
            ExprKind::For(f) => {
                return ast.fors.get(f.0 as usize).map_or(node.span, |f| f.open);
            }
            ExprKind::Index { open, .. } => return Span::new(*open, open.saturating_add(1)),
            ExprKind::Splat { item, .. } => {
                return ast.exprs.get(item.0 as usize).map_or(node.span, |i| i.span);
            }
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
    fallback
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
            if source.starts_with("<<") {
                if let (Some(first), Some(last)) =
                    (source.find('\n'), source.trim_end_matches('\n').rfind('\n'))
                {
                    if first < last {
                        let start = span
                            .start
                            .saturating_add(u32::try_from(first + 1).unwrap_or(0));
                        let end = span
                            .start
                            .saturating_add(u32::try_from(last + 1).unwrap_or(0));
                        return Span::new(start, end);
                    }
                }
            }
            span
        }
    }
}
