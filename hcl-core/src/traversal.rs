//! Traversals: a path from a variable (absolute) or from a value
//! (relative) through attributes and indices, each step with its source
//! range. Expressions report the traversals they use
//! ([`Expression::variables`](crate::body::Expression::variables)), and the
//! static-traversal analysis returns one.
//!
//! ```
//! use hcl_core::{Traversal, Traverser};
//! use hcl_core::{EvalContext, Range, Value};
//!
//! let r = Range::at("t.hcl", hcl_core::Pos::start());
//! let t = Traversal::new(vec![
//!     Traverser::Root { name: "service".into(), range: r.clone() },
//!     Traverser::Attr { name: "ports".into(), range: r.clone() },
//!     Traverser::Index { key: Value::number(0), range: r.clone() },
//! ]);
//! assert_eq!(t.to_string(), "service.ports[0]");
//!
//! let mut ctx = EvalContext::new();
//! ctx.declare_variable(
//!     "service",
//!     Value::object([("ports", Value::tuple([Value::number(80)]))]),
//! )
//! .unwrap();
//! let (value, diags) = t.traverse_abs(&ctx);
//! assert!(diags.is_empty());
//! assert_eq!(value, Value::number(80));
//! ```

use std::fmt;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::ops::{get_attr, index};
use crate::pos::Range;
use crate::suggest::suggestion;
use crate::value::Value;

/// One step of a [`Traversal`].
#[derive(Clone, Debug, PartialEq)]
pub enum Traverser {
    /// The variable a traversal starts from (first step of an absolute
    /// traversal only).
    Root {
        /// The variable's name.
        name: String,
        /// Where the name is written.
        range: Range,
    },
    /// An attribute access, `.name`.
    Attr {
        /// The attribute's name.
        name: String,
        /// Where the step is written (the dot and the name).
        range: Range,
    },
    /// An index with a constant key, `[0]` or `["key"]`, or the legacy `.0`.
    Index {
        /// The key.
        key: Value,
        /// Where the step is written (brackets included).
        range: Range,
    },
    /// A splat, applying the rest of the traversal to each element.
    Splat {
        /// The steps applied to each element.
        each: Traversal,
        /// Where the splat is written.
        range: Range,
    },
}

impl Traverser {
    /// The source range of the step.
    pub fn range(&self) -> &Range {
        match self {
            Traverser::Root { range, .. }
            | Traverser::Attr { range, .. }
            | Traverser::Index { range, .. }
            | Traverser::Splat { range, .. } => range,
        }
    }
}

/// A sequence of traversal steps.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Traversal {
    steps: Vec<Traverser>,
}

impl Traversal {
    /// A traversal of the given steps.
    pub fn new(steps: Vec<Traverser>) -> Traversal {
        Traversal { steps }
    }

    /// The steps.
    pub fn steps(&self) -> &[Traverser] {
        &self.steps
    }

    /// Whether the traversal has no steps.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Whether the first step is a variable root.
    pub fn is_absolute(&self) -> bool {
        matches!(self.steps.first(), Some(Traverser::Root { .. }))
    }

    /// Whether the traversal starts from a value rather than a variable.
    pub fn is_relative(&self) -> bool {
        !self.is_absolute()
    }

    /// The name of the root variable of an absolute traversal.
    pub fn root_name(&self) -> Option<&str> {
        match self.steps.first() {
            Some(Traverser::Root { name, .. }) => Some(name),
            _ => None,
        }
    }

    /// The range from the first step to the last; `None` when empty.
    pub fn source_range(&self) -> Option<Range> {
        let first = self.steps.first()?.range();
        let last = self.steps.last()?.range();
        Some(first.cover(last))
    }

    /// Splits an absolute traversal into its root and the relative rest.
    pub fn split_root(&self) -> (Option<&Traverser>, Traversal) {
        if self.is_absolute() {
            (self.steps.first(), Traversal::new(self.steps[1..].to_vec()))
        } else {
            (None, self.clone())
        }
    }

    /// Evaluates an absolute traversal: looks the root up in the context's
    /// variables (innermost scope first) and applies the rest.
    pub fn traverse_abs(&self, ctx: &EvalContext) -> (Value, Diagnostics) {
        let Some(Traverser::Root { name, range }) = self.steps.first() else {
            let mut diags = Diagnostics::new();
            let mut d = Diagnostic::error("Invalid traversal")
                .with_detail("A variable name is required at the start of this reference.");
            d.subject = self.source_range();
            diags.push(d);
            return (Value::dynamic(), diags);
        };
        if ctx.is_literal_only() {
            let d = Diagnostic::error("Variables not allowed")
                .with_detail("Variables may not be used here.")
                .with_subject(range.clone());
            return (Value::dynamic(), d.into());
        }
        match ctx.variable(name) {
            Some(root) => traverse_steps(root, &self.steps[1..]),
            None => {
                let names: Vec<String> = ctx.variable_names().map(|s| s.to_owned()).collect();
                let hint = suggestion(name, names.iter().map(String::as_str))
                    .map(|s| format!(" Did you mean {s:?}?"))
                    .unwrap_or_default();
                let d = Diagnostic::error("Unknown variable")
                    .with_kind(crate::DiagnosticKind::UnknownVariable)
                    .with_detail(format!("There is no variable named {name:?}.{hint}"))
                    .with_subject(range.clone());
                (Value::dynamic(), d.into())
            }
        }
    }

    /// Applies a relative traversal to a value (the root step of an
    /// absolute traversal, if present, is skipped).
    pub fn traverse_rel(&self, value: &Value) -> (Value, Diagnostics) {
        let steps = if self.is_absolute() {
            &self.steps[1..]
        } else {
            &self.steps[..]
        };
        traverse_steps(value, steps)
    }
}

fn traverse_steps(start: &Value, steps: &[Traverser]) -> (Value, Diagnostics) {
    let mut current = start.clone();
    for (i, step) in steps.iter().enumerate() {
        let (next, diags) = match step {
            Traverser::Root { range, .. } => {
                let d = Diagnostic::error("Invalid traversal")
                    .with_detail("A variable root can only appear at the start of a traversal.")
                    .with_subject(range.clone());
                (Value::dynamic(), d.into())
            }
            Traverser::Attr { name, range } => get_attr(&current, name, Some(range)),
            Traverser::Index { key, range } => index(&current, key, Some(range)),
            Traverser::Splat { each, .. } => {
                let (v, d) = splat(&current, each);
                // The splat consumed the rest of the traversal.
                let (rest, more) = traverse_steps(&v, &steps[i + 1..]);
                let mut d = d;
                d.extend(more);
                return (rest, d);
            }
        };
        if diags.has_errors() {
            return (Value::dynamic(), diags);
        }
        current = next;
    }
    (current, Diagnostics::new())
}

/// Applies `each` to every element of a sequence (or to the value itself,
/// wrapped in a one-element tuple, when it is not a sequence).
fn splat(value: &Value, each: &Traversal) -> (Value, Diagnostics) {
    if !value.is_known() {
        return (Value::dynamic(), Diagnostics::new());
    }
    let single;
    let elements: &[Value] = match value.elements() {
        Some(e) => e,
        None if value.is_null() => return (Value::empty_tuple(), Diagnostics::new()),
        None => {
            single = [value.clone()];
            &single
        }
    };
    let mut out = Vec::with_capacity(elements.len());
    let mut diags = Diagnostics::new();
    for element in elements {
        let (v, d) = each.traverse_rel(element);
        diags.extend(d);
        out.push(v);
    }
    (Value::tuple(out), diags)
}

/// Writes a traversal in the native syntax: `a.b[0]["k"][*].c`.
impl fmt::Display for Traversal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.steps {
            match step {
                Traverser::Root { name, .. } => f.write_str(name)?,
                Traverser::Attr { name, .. } => write!(f, ".{name}")?,
                Traverser::Index { key, .. } => write!(f, "[{key}]")?,
                Traverser::Splat { each, .. } => write!(f, "[*]{each}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos::Pos;
    use crate::ty::Type;

    fn r() -> Range {
        Range::at("t", Pos::start())
    }

    fn root(name: &str) -> Traverser {
        Traverser::Root {
            name: name.into(),
            range: r(),
        }
    }

    fn attr(name: &str) -> Traverser {
        Traverser::Attr {
            name: name.into(),
            range: r(),
        }
    }

    fn ctx() -> EvalContext {
        let mut ctx = EvalContext::new();
        ctx.declare_variable("var", Value::object([("name", Value::string("x"))]))
            .unwrap();
        ctx
    }

    #[test]
    fn absolute_traversal_looks_up_root_variable() {
        let t = Traversal::new(vec![root("var"), attr("name")]);
        assert!(t.is_absolute());
        assert_eq!(t.root_name(), Some("var"));
        assert_eq!(t.traverse_abs(&ctx()).0, Value::string("x"));
    }

    #[test]
    fn unknown_variable_suggests_a_close_name() {
        let t = Traversal::new(vec![root("vra")]);
        let (v, d) = t.traverse_abs(&ctx());
        assert_eq!(v, Value::dynamic());
        let d = d.iter().next().unwrap();
        assert_eq!(d.summary, "Unknown variable");
        assert_eq!(
            d.detail,
            "There is no variable named \"vra\". Did you mean \"var\"?"
        );
    }

    #[test]
    fn literal_only_context_rejects_variables() {
        let t = Traversal::new(vec![root("var")]);
        let (_, d) = t.traverse_abs(&EvalContext::literal_only());
        assert_eq!(d.iter().next().unwrap().summary, "Variables not allowed");
    }

    #[test]
    fn relative_traversal_applies_to_a_value() {
        let t = Traversal::new(vec![
            attr("list"),
            Traverser::Index {
                key: Value::number(1),
                range: r(),
            },
        ]);
        assert!(t.is_relative());
        let v = Value::object([(
            "list",
            Value::tuple([Value::bool(false), Value::bool(true)]),
        )]);
        assert_eq!(t.traverse_rel(&v).0, Value::bool(true));
        let (_, d) = t.traverse_rel(&Value::string("s"));
        assert!(d.has_errors());
    }

    #[test]
    fn splat_step_maps_the_rest_over_elements() {
        let t = Traversal::new(vec![Traverser::Splat {
            each: Traversal::new(vec![attr("id")]),
            range: r(),
        }]);
        let list = Value::list([
            Value::object([("id", Value::number(1))]),
            Value::object([("id", Value::number(2))]),
        ])
        .unwrap();
        assert_eq!(
            t.traverse_rel(&list).0,
            Value::tuple([Value::number(1), Value::number(2)])
        );
        assert_eq!(
            t.traverse_rel(&Value::null(Type::Dynamic)).0,
            Value::empty_tuple()
        );
        assert_eq!(
            t.traverse_rel(&Value::object([("id", Value::number(3))])).0,
            Value::tuple([Value::number(3)])
        );
        assert_eq!(t.to_string(), "[*].id");
    }
}
