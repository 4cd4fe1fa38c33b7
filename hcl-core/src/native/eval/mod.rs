//! Evaluation of native-syntax expressions: the [`Evaluator`] walks the
//! arena syntax tree of one [`ParsedFile`] and produces a value and
//! diagnostics, node kind by node kind, as the Go implementation's
//! `hclsyntax` expression types do (their diagnostics included: summary,
//! detail, subject and context).
//!
//! This module holds the evaluator itself, literals, traversals, tuple and
//! object construction, `for` expressions, the index operator and splats.
//! Operators and conditionals are in `ops`, function calls in `call`,
//! templates in `template`; the source ranges that diagnostics point at are
//! computed by `native::tree`.
//!
//! Variables created by expressions themselves (the key and value variables
//! of a `for` expression) live in a scope stack of the evaluator, which is
//! looked up before the evaluation context: this is the child scope of the
//! spec, without making a child [`EvalContext`] for every element visited.
//! It also lets a `for` expression iterate in a literal-only context, where
//! no variable may be declared but the expression's own ones are needed (the
//! Go implementation allows that too).

mod call;
mod ops;
mod template;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::sync::Arc;

use crate::convert::{convert_with, unify_with};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::native::ast::{Ast, Expr, ExprId, ExprKind, ForExpr, List, Step};
use crate::native::file::ParsedFile;
use crate::pos::Range;
use crate::semantics::Semantics;
use crate::source::Span;
use crate::suggest::suggestion;
use crate::ty::Type;
use crate::value::Value;

/// How deeply evaluation may recurse before it stops with a diagnostic.
/// The parser bounds a tree's height at twice its nesting limit (a nesting
/// level costs one or two nodes: a template `%{if}` is a conditional and a
/// template), so trees parsed with the default options stay within it; it
/// guards against trees parsed with a larger nesting limit. The functions
/// on the recursion path keep small frames, so that this depth fits a
/// thread's default 2 MiB stack even in a debug build
/// (`hcl-core/tests/nesting.rs`).
pub(crate) const MAX_EVAL_DEPTH: usize = 2_048;

/// The result of evaluating one node.
pub(crate) type Evaluated = (Value, Diagnostics);

/// Evaluates expression `id` of `file` in `ctx`, by the context's rules.
///
/// In spec mode, where the evaluation found that the rule sets part (a
/// divergence warning, see `divergence`) or failed, the expression is
/// evaluated again by Go's rules (so only then: agreeing evaluations cost
/// nothing more). The warnings are kept only if the results differ: a
/// difference inside the expression that does not reach its result
/// (`(t ? {a = 1} : {b = 2}).a`) is no surprise to warn about. An error
/// where Go's rules give a value (a string with an exponent as a number
/// operand, say) gets a warning that says so.
///
/// Only the outermost evaluation of a thread does this: expressions
/// evaluated within it (the arguments `try` and `can` receive unevaluated,
/// the bodies of user functions, recursive ones included) leave the check
/// to it, so that each expression is evaluated at most twice, however
/// deeply such evaluations nest.
pub(crate) fn evaluate(file: &Arc<ParsedFile>, id: ExprId, ctx: &EvalContext) -> Evaluated {
    let sem = ctx.semantics();
    let outermost = Nesting::enter();
    let (value, diags) = Evaluator::new(file, sem).eval(id, ctx);
    let diverged = diags.iter().any(crate::divergence::is_divergence);
    if sem.is_go() || !outermost.is_outermost() || !(diverged || diags.has_errors()) {
        return (value, diags);
    }
    let mut go_ctx = ctx.new_child();
    go_ctx.set_semantics(Semantics::Go);
    let (go_value, go_diags) = Evaluator::new(file, Semantics::Go).eval(id, &go_ctx);
    let agree = match (diags.has_errors(), go_diags.has_errors()) {
        (false, false) => go_value == value,
        (spec_failed, go_failed) => spec_failed && go_failed,
    };
    if agree {
        let kept = diags
            .into_iter()
            .filter(|d| !crate::divergence::is_divergence(d))
            .collect();
        return (value, kept);
    }
    let mut diags = diags;
    if !diverged {
        // An error by the spec's rules only, found by no rule above.
        let ev = Evaluator::new(file, sem);
        diags.push(ev.divergence(
            crate::divergence::error_detail(go_value.ty()),
            ev.span_of(id),
        ));
    }
    (value, diags)
}

thread_local! {
    /// How many evaluations [`evaluate`] has running on this thread.
    static NESTING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One running [`evaluate`]; leaving it (also by unwinding) ends it.
struct Nesting(bool);

impl Nesting {
    fn enter() -> Nesting {
        Nesting(NESTING.with(|n| {
            let outer = n.get();
            n.set(outer + 1);
            outer == 0
        }))
    }

    fn is_outermost(&self) -> bool {
        self.0
    }
}

impl Drop for Nesting {
    fn drop(&mut self) {
        NESTING.with(|n| n.set(n.get().saturating_sub(1)));
    }
}

/// The evaluation of one kind of node.
type Handler<'f> = fn(&mut Evaluator<'f>, ExprId, &'f Expr, &EvalContext) -> Evaluated;

/// Evaluates the expressions of one file.
#[derive(Debug)]
pub(crate) struct Evaluator<'f> {
    pub(super) file: &'f ParsedFile,
    /// The shared file, for expressions handed out unevaluated
    /// (expression closures).
    pub(super) shared: &'f Arc<ParsedFile>,
    pub(super) ast: &'f Ast,
    /// Variables defined by the expressions being evaluated (iteration
    /// variables), innermost last.
    pub(super) locals: Vec<(&'f str, Value)>,
    /// The elements currently visited by splats: the splat's item symbol
    /// and its value, innermost last.
    pub(super) items: Vec<(ExprId, Value)>,
    /// The rule set of the evaluation context (child contexts inherit it,
    /// so it holds for the whole evaluation).
    pub(super) sem: Semantics,
    /// A `for` expression whose tuple a template `for` directive joins:
    /// joined, an unknown element gives an unknown string by either rule
    /// set, so the `for` need not warn that the rule sets part.
    pub(super) joined_for: Option<ExprId>,
    depth: usize,
}

impl<'f> Evaluator<'f> {
    /// An evaluator for the expressions of `file`, by the rules of `sem`
    /// (the evaluation context's [`EvalContext::semantics`]).
    pub(crate) fn new(file: &'f Arc<ParsedFile>, sem: Semantics) -> Evaluator<'f> {
        Evaluator {
            file,
            shared: file,
            ast: file.ast(),
            locals: Vec::new(),
            items: Vec::new(),
            sem,
            joined_for: None,
            depth: 0,
        }
    }

    /// Evaluates expression `id` in `ctx`.
    ///
    /// Evaluation recurses once per nesting level of the expression. The
    /// functions on that path keep their frames small (each node kind has
    /// its own function, and diagnostics are built by separate ones), so
    /// that the nesting the parser allows fits a thread's default stack
    /// even in a debug build.
    pub(crate) fn eval(&mut self, id: ExprId, ctx: &EvalContext) -> Evaluated {
        let node = self.ast.expr(id);
        if self.depth >= MAX_EVAL_DEPTH {
            return self.too_deep(node.span);
        }
        self.depth += 1;
        let result = crate::stack::with_room(|| self.eval_node(id, node, ctx));
        self.depth -= 1;
        result
    }

    #[cold]
    #[inline(never)]
    fn too_deep(&self, span: Span) -> Evaluated {
        let d = self.error(
            "Expression too deeply nested",
            format!("Evaluation stopped here: the expression nests more than {MAX_EVAL_DEPTH} levels deep."),
            span,
            None,
        );
        (Value::dynamic(), d.into())
    }

    fn eval_node(&mut self, id: ExprId, node: &'f Expr, ctx: &EvalContext) -> Evaluated {
        // One call site for every kind keeps this frame small.
        let handler: Handler<'f> = match &node.kind {
            ExprKind::Number(_)
            | ExprKind::Bool(_)
            | ExprKind::Null
            | ExprKind::String(_)
            | ExprKind::AnonSymbol
            | ExprKind::Invalid => Self::eval_leaf as Handler<'f>,
            ExprKind::Template { .. } => Self::eval_template as Handler<'f>,
            ExprKind::TemplateWrap { .. } | ExprKind::Parens { .. } => {
                Self::eval_inner as Handler<'f>
            }
            ExprKind::TemplateJoin { .. } => Self::eval_template_join as Handler<'f>,
            ExprKind::ScopeTraversal { .. } => Self::eval_scope_traversal as Handler<'f>,
            ExprKind::RelativeTraversal { .. } => Self::eval_relative_traversal as Handler<'f>,
            ExprKind::FunctionCall { .. } => Self::eval_call as Handler<'f>,
            ExprKind::Conditional { .. } => Self::eval_conditional as Handler<'f>,
            ExprKind::Binary { .. } => Self::eval_binary as Handler<'f>,
            ExprKind::Unary { .. } => Self::eval_unary as Handler<'f>,
            ExprKind::Tuple { .. } => Self::eval_tuple as Handler<'f>,
            ExprKind::Object { .. } => Self::eval_object as Handler<'f>,
            ExprKind::ObjectKey { .. } => Self::eval_object_key as Handler<'f>,
            ExprKind::For(_) => Self::eval_for as Handler<'f>,
            ExprKind::Index { .. } => Self::eval_index as Handler<'f>,
            ExprKind::Splat { .. } => Self::eval_splat as Handler<'f>,
        };
        handler(self, id, node, ctx)
    }

    /// Parentheses and unwrapped templates: the inner expression's value.
    fn eval_inner(&mut self, _: ExprId, node: &'f Expr, ctx: &EvalContext) -> Evaluated {
        match node.kind {
            ExprKind::TemplateWrap { inner } | ExprKind::Parens { inner } => self.eval(inner, ctx),
            _ => (Value::dynamic(), Diagnostics::new()),
        }
    }

    /// Nodes without sub-expressions.
    fn eval_leaf(&mut self, id: ExprId, node: &'f Expr, _: &EvalContext) -> Evaluated {
        let v = match &node.kind {
            ExprKind::Number(n) => Value::number(self.ast.number(*n).clone()),
            ExprKind::Bool(b) => Value::bool(*b),
            ExprKind::Null => Value::null(Type::Dynamic),
            ExprKind::String(text) => Value::string(self.file.text(*text)),
            ExprKind::AnonSymbol => self
                .items
                .iter()
                .rev()
                .find(|(symbol, _)| *symbol == id)
                .map_or_else(Value::dynamic, |(_, v)| v.clone()),
            _ => Value::dynamic(),
        };
        (v, Diagnostics::new())
    }

    fn eval_relative_traversal(
        &mut self,
        _: ExprId,
        node: &'f Expr,
        ctx: &EvalContext,
    ) -> Evaluated {
        let ExprKind::RelativeTraversal { source, steps } = node.kind else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let (source, mut diags) = self.eval(source, ctx);
        let (v, d) = self.apply_steps(source, self.steps(steps));
        diags.extend(d);
        (v, diags)
    }

    fn eval_tuple(&mut self, _: ExprId, node: &'f Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::Tuple { elements, .. } = node.kind else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let mut diags = Diagnostics::new();
        let ids = self.list(elements);
        let mut values = Vec::with_capacity(ids.len());
        for &element in ids {
            let (v, d) = self.eval(element, ctx);
            diags.extend(d);
            values.push(v);
        }
        (Value::tuple(values), diags)
    }

    fn eval_index(&mut self, _: ExprId, node: &'f Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::Index {
            collection,
            key,
            open,
        } = node.kind
        else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let (collection, mut diags) = self.eval(collection, ctx);
        let (key, d) = self.eval(key, ctx);
        diags.extend(d);
        let (v, d) = crate::ops::index(&collection, &key, None);
        diags.extend(with_subject(d, || {
            self.range(Span::new(open, node.span.end))
        }));
        (v, diags)
    }

    /// An error diagnostic about `subject`, within `context`.
    #[inline(never)]
    pub(super) fn error(
        &self,
        summary: &'static str,
        detail: String,
        subject: Span,
        context: Option<Span>,
    ) -> Diagnostic {
        let mut d = Diagnostic::error(summary).with_detail(detail);
        d.subject = Some(self.range(subject));
        d.context = context.map(|c| self.range(c));
        d
    }

    /// The span of an expression (Go's `Range()`).
    pub(super) fn span_of(&self, id: ExprId) -> Span {
        super::tree::expr_span(self.ast, id)
    }

    /// The start span of an expression (Go's `StartRange()`).
    pub(super) fn start_span_of(&self, id: ExprId) -> Span {
        super::tree::start_span(self.file, id)
    }

    // ----- access to the tree -----

    /// The ids of a run of the expression lists.
    pub(super) fn list(&self, list: List) -> &'f [ExprId] {
        self.ast.expr_list(list)
    }

    /// The steps of a run.
    pub(super) fn steps(&self, list: List) -> &'f [Step] {
        self.ast.step_list(list)
    }

    /// The full range of a span.
    /// The warning where the rule sets part (`crate::divergence` words
    /// it), about `subject`.
    #[cold]
    #[inline(never)]
    pub(super) fn divergence(&self, detail: String, subject: Span) -> Diagnostic {
        crate::divergence::warning(detail, self.range(subject))
    }

    pub(super) fn range(&self, span: Span) -> Range {
        self.file.range(span)
    }

    // ----- traversals -----

    fn eval_scope_traversal(&mut self, _: ExprId, node: &'f Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::ScopeTraversal { steps } = node.kind else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let steps = self.steps(steps);
        let Some((Step::Root { name }, rest)) = steps.split_first() else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let text = self.file.span_text(*name);
        let root = match self.lookup_variable(text, *name, ctx) {
            Ok(v) => v,
            Err(d) => return (Value::dynamic(), d),
        };
        self.apply_steps(root, rest)
    }

    /// The value of variable `name`: an expression's own variable, else the
    /// context's. The errors are Go's `Traversal.TraverseAbs` ones.
    fn lookup_variable(
        &self,
        name: &str,
        span: Span,
        ctx: &EvalContext,
    ) -> Result<Value, Diagnostics> {
        if let Some((_, v)) = self.locals.iter().rev().find(|(n, _)| *n == name) {
            return Ok(v.clone());
        }
        if ctx.is_literal_only() {
            return Err(Diagnostic::error("Variables not allowed")
                .with_detail("Variables may not be used here.")
                .with_subject(self.range(span))
                .into());
        }
        if let Some(v) = ctx.variable(name) {
            return Ok(v.clone());
        }
        let locals = self.locals.iter().map(|(n, _)| *n);
        let hint = suggestion(name, ctx.variable_names().chain(locals))
            .map(|s| format!(" Did you mean {s:?}?"))
            .unwrap_or_default();
        Err(Diagnostic::error("Unknown variable")
            .with_kind(crate::DiagnosticKind::UnknownVariable)
            .with_detail(format!("There is no variable named {name:?}.{hint}"))
            .with_subject(self.range(span))
            .into())
    }

    /// Applies attribute and index steps to a value, stopping at the first
    /// error (Go's `Traversal.TraverseRel`).
    pub(super) fn apply_steps(&self, start: Value, steps: &[Step]) -> Evaluated {
        let mut current = start;
        for step in steps {
            let (next, diags, span) = match step {
                Step::Root { name } => {
                    let d = Diagnostic::error("Invalid traversal").with_detail(
                        "A variable root can only appear at the start of a traversal.",
                    );
                    (Value::dynamic(), Diagnostics::from(d), *name)
                }
                Step::Attr { name, span } => {
                    let (v, d) = crate::ops::get_attr(&current, self.file.span_text(*name), None);
                    (v, d, *span)
                }
                Step::Index { key, span } => {
                    let (v, d) =
                        crate::ops::index(&current, &super::tree::step_key(self.file, key), None);
                    (v, d, *span)
                }
            };
            if diags.has_errors() {
                return (Value::dynamic(), with_subject(diags, || self.range(span)));
            }
            current = next;
        }
        (current, Diagnostics::new())
    }

    // ----- collections -----

    fn eval_object(&mut self, _: ExprId, node: &'f Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::Object { items, .. } = node.kind else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let mut diags = Diagnostics::new();
        let mut values = BTreeMap::new();
        // Unset when a key is unknown or failed: the set of attributes, and
        // so the type, cannot be known.
        let mut known = true;
        for pair in self.list(items).chunks_exact(2) {
            let (key_id, value_id) = (pair[0], pair[1]);
            let (key, key_diags) = self.eval(key_id, ctx);
            let key_failed = key_diags.has_errors();
            diags.extend(key_diags);
            let (value, d) = self.eval(value_id, ctx);
            diags.extend(d);
            if key_failed {
                known = false;
                continue;
            }
            match self.object_key(key, key_id, value_id) {
                Ok(Some(k)) => {
                    // A key given twice keeps its last value, as in Go.
                    values.insert(k, value);
                }
                Ok(None) => known = false,
                Err(d) => {
                    diags.extend(d);
                    known = false;
                }
            }
        }
        if !known {
            return (Value::dynamic(), diags);
        }
        (Value::object(values), diags)
    }

    /// The name an object key value gives: `None` if it is unknown.
    fn object_key(
        &self,
        key: Value,
        key_id: ExprId,
        value_id: ExprId,
    ) -> Result<Option<String>, Diagnostics> {
        if key.is_null() {
            // Go points at the value here.
            return Err(self
                .error(
                    "Null value as key",
                    "Can't use a null value as a key.".into(),
                    self.span_of(value_id),
                    None,
                )
                .into());
        }
        match convert_with(&key, &Type::String, self.sem) {
            Ok(k) => Ok(k.as_str().map(str::to_owned)),
            Err(e) => Err(self
                .error(
                    "Incorrect key type",
                    format!("Can't use this value as a key: {e}."),
                    self.span_of(key_id),
                    None,
                )
                .into()),
        }
    }

    fn eval_object_key(&mut self, id: ExprId, node: &'f Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::ObjectKey {
            wrapped,
            force_non_literal,
        } = node.kind
        else {
            return (Value::dynamic(), Diagnostics::new());
        };
        if !force_non_literal {
            if let ExprKind::ScopeTraversal { steps } = self.ast.expr(wrapped).kind
                && steps.len > 1
            {
                let d = self.error(
                        "Ambiguous attribute key",
                        "If this expression is intended to be a reference, wrap it in parentheses. If it's \
                         instead intended as a literal name containing periods, wrap it in quotes to create a \
                         string literal."
                            .into(),
                        self.span_of(id),
                        None,
                    );
                return (Value::dynamic(), d.into());
            }
            if let Some(name) = super::tree::keyword_name(self.file, wrapped) {
                return (Value::string(name), Diagnostics::new());
            }
        }
        self.eval(wrapped, ctx)
    }

    // ----- for expressions -----

    fn eval_for(&mut self, id: ExprId, node: &'f Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::For(for_id) = node.kind else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let f = self.ast.for_expr(for_id);
        let collection = self.eval(f.collection, ctx);
        // The iterations recurse (nested `for` expressions in the element
        // expression): the setup is a function of its own, so that only
        // what the iterations need is in this frame.
        let setup = match self.for_setup(f, node, collection, ctx) {
            Ok(setup) => setup,
            Err(done) => return done,
        };
        match f.key {
            Some(key_expr) => self.for_object(id, f, key_expr, setup, ctx),
            None => self.for_tuple(id, f, setup, ctx),
        }
    }

    /// A `for` expression's iteration variables, the pairs it iterates over
    /// and its initial state, once its collection is evaluated (boxed: the
    /// frames it passes through are on the recursion path); or its result,
    /// when it does not iterate.
    #[inline(never)]
    fn for_setup(
        &mut self,
        f: &'f ForExpr,
        node: &Expr,
        (collection, mut diags): Evaluated,
        ctx: &EvalContext,
    ) -> Result<Box<ForSetup<'f>>, Evaluated> {
        let Some(names) = self.for_names(f, node, &collection, &mut diags) else {
            return Err((Value::dynamic(), diags));
        };
        if let Some(cond) = f.condition
            && !self.for_early_check(cond, &names, node.span, &mut diags, ctx)
        {
            return Err((Value::dynamic(), diags));
        }
        let state = ForState {
            diags,
            known: true,
            unknown_element: false,
            span: node.span,
        };
        Ok(Box::new(ForSetup {
            names,
            pairs: iteration_pairs(&collection),
            state,
        }))
    }

    /// The iteration variables of a `for` expression, or `None` when it
    /// does not iterate (a collection that is not one, with the diagnostic,
    /// or one not known yet).
    #[inline(never)]
    fn for_names(
        &self,
        f: &ForExpr,
        node: &Expr,
        collection: &Value,
        diags: &mut Diagnostics,
    ) -> Option<ForNames<'f>> {
        if let Some(d) = self.check_for_collection(f, collection, node.span) {
            diags.push(d);
            return None;
        }
        if collection.ty().is_dynamic() || !collection.is_known() {
            return None;
        }
        Some(ForNames {
            key: f.key_var.map(|s| self.file.span_text(s)),
            value: self.file.span_text(f.value_var),
        })
    }

    /// The early check of a `for` condition with the iteration variables
    /// unknown, as Go does it, to report a condition of the wrong type once
    /// rather than for every element. False when the check failed.
    #[inline(never)]
    fn for_early_check(
        &mut self,
        cond: ExprId,
        names: &ForNames<'f>,
        span: Span,
        diags: &mut Diagnostics,
        ctx: &EvalContext,
    ) -> bool {
        let mark = self.enter(names, Value::dynamic(), Value::dynamic());
        let (result, cond_diags) = self.eval(cond, ctx);
        self.locals.truncate(mark);
        let cond_failed = cond_diags.has_errors();
        diags.extend(cond_diags);
        if let Some(d) = self.check_early_condition(cond, &result, span) {
            diags.push(d);
            return false;
        }
        !cond_failed
    }

    // Boxed on purpose: the frames it passes through are on the recursion
    // path of nested `for` expressions.
    #[allow(clippy::boxed_local)]
    #[inline(never)]
    fn for_tuple(
        &mut self,
        id: ExprId,
        f: &ForExpr,
        mut setup: Box<ForSetup<'f>>,
        ctx: &EvalContext,
    ) -> Evaluated {
        let pairs = std::mem::take(&mut setup.pairs);
        let mut values = Vec::with_capacity(pairs.len());
        for (k, v) in pairs {
            let mark = self.enter(&setup.names, k, v);
            let item = self.for_tuple_item(f, &mut setup.state, ctx);
            self.locals.truncate(mark);
            if let Some(item) = item {
                values.push(item);
            }
        }
        if !self.for_result_known(id, &mut setup.state) {
            setup.state.known = false;
        }
        finish_for_tuple(values, setup.state)
    }

    // Boxed on purpose: the frames it passes through are on the recursion
    // path of nested `for` expressions.
    #[allow(clippy::boxed_local)]
    #[inline(never)]
    fn for_object(
        &mut self,
        id: ExprId,
        f: &ForExpr,
        key_expr: ExprId,
        mut setup: Box<ForSetup<'f>>,
        ctx: &EvalContext,
    ) -> Evaluated {
        // On the recursion path of nested `for` expressions: what does not
        // recurse is in functions of its own, so that this frame stays
        // small.
        let pairs = std::mem::take(&mut setup.pairs);
        let mut items = ForObjectItems::default();
        for (k, v) in pairs {
            let mark = self.enter(&setup.names, k, v);
            let item = self.for_object_item(f, key_expr, &mut setup.state, ctx);
            self.locals.truncate(mark);
            if let Some(item) = item {
                self.for_object_insert(f, key_expr, item, &mut items, &mut setup.state);
            }
        }
        if !self.for_result_known(id, &mut setup.state) {
            setup.state.known = false;
        }
        finish_for_object(f, items, setup.state)
    }

    /// Adds one key and value to the result of an object `for` (grouped,
    /// or reported when the key is a duplicate).
    #[inline(never)]
    fn for_object_insert(
        &self,
        f: &ForExpr,
        key_expr: ExprId,
        (key, value): (String, Value),
        items: &mut ForObjectItems,
        state: &mut ForState,
    ) {
        if f.group {
            items.groups.entry(key).or_default().push(value);
        } else {
            match items.values.entry(key) {
                Entry::Occupied(e) => {
                    let d = self.duplicate_key(e.key(), key_expr, state.span);
                    state.diags.push(d);
                }
                Entry::Vacant(e) => {
                    e.insert(value);
                }
            }
        }
    }

    /// Whether the result of a `for` expression is known, once every
    /// element is gathered: not when something made it unknown by either
    /// rule set, nor, by the spec, when an element is unknown. Where only
    /// the latter holds, Go's result would be known, and a warning says so
    /// (unless a template joins the result, which is then an unknown
    /// string by either rule set).
    fn for_result_known(&mut self, id: ExprId, state: &mut ForState) -> bool {
        if !state.known {
            return false;
        }
        if !state.unknown_element || self.sem.is_go() {
            return true;
        }
        if self.joined_for != Some(id) {
            let kind = match self.ast.expr(id).kind {
                ExprKind::For(f) if self.ast.for_expr(f).key.is_some() => "object",
                _ => "tuple",
            };
            state
                .diags
                .push(self.divergence(crate::divergence::for_detail(kind), state.span));
        }
        false
    }

    /// Defines the iteration variables; returns the mark to truncate the
    /// scope stack to afterwards.
    fn enter(&mut self, names: &ForNames<'f>, key: Value, value: Value) -> usize {
        let mark = self.locals.len();
        if let Some(name) = names.key {
            self.locals.push((name, key));
        }
        self.locals.push((names.value, value));
        mark
    }

    /// The element of a tuple `for` for the current iteration variables,
    /// unless the condition excludes it.
    fn for_tuple_item(
        &mut self,
        f: &ForExpr,
        state: &mut ForState,
        ctx: &EvalContext,
    ) -> Option<Value> {
        if let Some(cond) = f.condition {
            let include = self.eval(cond, ctx);
            if !self.for_include(cond, include, state, false) {
                return None;
            }
        }
        let value = self.eval(f.value, ctx);
        Some(for_value(value, state))
    }

    /// The key and value of an object `for` for the current iteration
    /// variables, unless the condition excludes them or the key fails.
    fn for_object_item(
        &mut self,
        f: &ForExpr,
        key_expr: ExprId,
        state: &mut ForState,
        ctx: &EvalContext,
    ) -> Option<(String, Value)> {
        let key = self.for_object_key(f, key_expr, state, ctx)?;
        let value = self.eval(f.value, ctx);
        Some((key, for_value(value, state)))
    }

    /// The key of an object `for` for the current iteration variables,
    /// unless the condition excludes the element or the key fails (in a
    /// function of its own: [`Evaluator::for_object_item`] is on the
    /// recursion path of nested element expressions).
    #[inline(never)]
    fn for_object_key(
        &mut self,
        f: &ForExpr,
        key_expr: ExprId,
        state: &mut ForState,
        ctx: &EvalContext,
    ) -> Option<String> {
        if let Some(cond) = f.condition {
            let include = self.eval(cond, ctx);
            if !self.for_include(cond, include, state, true) {
                return None;
            }
        }
        let key = self.eval(key_expr, ctx);
        self.for_key(key_expr, key, state)
    }

    /// Whether the condition's value includes the element. Go checks an
    /// unknown value before converting it for a tuple, after for an object.
    #[inline(never)]
    fn for_include(
        &self,
        cond: ExprId,
        (include, d): Evaluated,
        state: &mut ForState,
        object: bool,
    ) -> bool {
        state.diags.extend(d);
        if include.is_null() {
            state.fail(|span| self.null_condition(cond, span));
            return false;
        }
        if !object && !include.is_known() {
            state.known = false;
            return false;
        }
        match convert_with(&include, &Type::Bool, self.sem) {
            Ok(b) if !b.is_known() => {
                state.known = false;
                false
            }
            Ok(b) => !b.is_false(),
            Err(e) => {
                state.fail(|span| self.invalid_condition(cond, &e.to_string(), span));
                false
            }
        }
    }

    /// The name an object `for` key value gives, if any.
    #[inline(never)]
    fn for_key(
        &self,
        key_expr: ExprId,
        (key, d): Evaluated,
        state: &mut ForState,
    ) -> Option<String> {
        state.diags.extend(d);
        if key.is_null() {
            state.fail(|span| {
                self.error(
                    "Invalid object key",
                    "Key expression in 'for' expression must not produce a null value.".into(),
                    self.span_of(key_expr),
                    Some(span),
                )
            });
            return None;
        }
        if !key.is_known() {
            state.known = false;
            return None;
        }
        match convert_with(&key, &Type::String, self.sem) {
            Ok(k) => {
                let k = k.as_str().map(str::to_owned);
                if k.is_none() {
                    state.known = false;
                }
                k
            }
            Err(e) => {
                state.fail(|span| {
                    self.error(
                        "Invalid object key",
                        format!("The key expression produced an invalid result: {e}."),
                        self.span_of(key_expr),
                        Some(span),
                    )
                });
                None
            }
        }
    }

    /// The error for a collection a `for` expression cannot iterate.
    fn check_for_collection(
        &self,
        f: &ForExpr,
        collection: &Value,
        span: Span,
    ) -> Option<Diagnostic> {
        if collection.is_null() {
            return Some(self.error(
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.".into(),
                self.span_of(f.collection),
                Some(span),
            ));
        }
        if collection.ty().is_dynamic() || can_iterate(collection.ty()) {
            return None;
        }
        Some(self.error(
            "Iteration over non-iterable value",
            format!(
                "A value of type {} cannot be used as the collection in a 'for' expression.",
                collection.ty().friendly_name()
            ),
            self.span_of(f.collection),
            Some(span),
        ))
    }

    /// The error for a condition found wrong by the early check.
    fn check_early_condition(
        &self,
        cond: ExprId,
        result: &Value,
        span: Span,
    ) -> Option<Diagnostic> {
        if result.is_null() {
            return Some(self.error(
                "Condition is null",
                "The value of the 'if' clause must not be null.".into(),
                self.span_of(cond),
                Some(span),
            ));
        }
        convert_with(result, &Type::Bool, self.sem)
            .err()
            .map(|e| self.invalid_condition(cond, &e.to_string(), span))
    }

    fn null_condition(&self, cond: ExprId, for_span: Span) -> Diagnostic {
        self.error(
            "Invalid 'for' condition",
            "The value of the 'if' clause must not be null.".into(),
            self.span_of(cond),
            Some(for_span),
        )
    }

    fn invalid_condition(&self, cond: ExprId, err: &str, for_span: Span) -> Diagnostic {
        self.error(
            "Invalid 'for' condition",
            format!("The 'if' clause value is invalid: {err}."),
            self.span_of(cond),
            Some(for_span),
        )
    }

    fn duplicate_key(&self, key: &str, key_expr: ExprId, for_span: Span) -> Diagnostic {
        self.error(
            "Duplicate object key",
            format!(
                "Two different items produced the key {key:?} in this 'for' expression. If duplicates are \
                 expected, use the ellipsis (...) after the value expression to enable grouping by key."
            ),
            self.span_of(key_expr),
            Some(for_span),
        )
    }

    // ----- splats -----

    fn eval_splat(&mut self, _: ExprId, node: &'f Expr, ctx: &EvalContext) -> Evaluated {
        let ExprKind::Splat { source, each, item } = node.kind else {
            return (Value::dynamic(), Diagnostics::new());
        };
        let marker = self.span_of(item);
        let source_value = self.eval(source, ctx);
        self.splat_over(source, each, item, marker, source_value, ctx)
    }

    /// A splat, once its source is evaluated.
    #[inline(never)]
    fn splat_over(
        &mut self,
        source: ExprId,
        each: ExprId,
        item: ExprId,
        marker: Span,
        (source_value, mut diags): Evaluated,
        ctx: &EvalContext,
    ) -> Evaluated {
        if diags.has_errors() {
            return (Value::dynamic(), diags);
        }
        let sequence = matches!(
            source_value.ty(),
            Type::Tuple(_) | Type::List(_) | Type::Set(_)
        );
        if source_value.is_null() {
            if !sequence {
                return (Value::empty_tuple(), diags);
            }
            let source_span = self.span_of(source);
            diags.push(self.error(
                "Splat of null value",
                "Splat expressions (with the * symbol) cannot be applied to null sequences.".into(),
                source_span,
                Some(source_span.cover(marker)),
            ));
            return (Value::dynamic(), diags);
        }
        if source_value.ty().is_dynamic() {
            return (Value::dynamic(), diags);
        }
        let mut upgraded_unknown = false;
        let source_value = if sequence {
            source_value
        } else {
            // Any other value is taken as a one-element tuple. An unknown
            // one gives the dynamic value below, since it may turn out to
            // be null (no elements), but its element is still checked.
            upgraded_unknown = !source_value.is_known();
            Value::tuple([source_value])
        };

        if !source_value.is_known() {
            let (ty, d) = self.splat_result_type(source_value.ty(), each, item, ctx);
            diags.extend(d);
            return (Value::unknown(ty), diags);
        }

        let elements = source_value.elements().unwrap_or(&[]);
        let mut values = Vec::with_capacity(elements.len());
        let mut all_ok = true;
        for element in elements {
            self.items.push((item, element.clone()));
            let (v, d) = self.eval(each, ctx);
            self.items.pop();
            if d.has_errors() {
                all_ok = false;
            }
            diags.extend(d);
            values.push(v);
        }
        if upgraded_unknown {
            return (Value::dynamic(), diags);
        }
        if !all_ok {
            // The element errors are reported already; those of the type
            // computation would repeat them.
            let (ty, _) = self.splat_result_type(source_value.ty(), each, item, ctx);
            return (Value::unknown(ty), diags);
        }
        match source_value.ty() {
            Type::List(_) | Type::Set(_) => {
                if values.is_empty() {
                    let (ty, d) = self.splat_result_type(source_value.ty(), each, item, ctx);
                    diags.extend(d);
                    let element = ty.element_type().cloned().unwrap_or(Type::Dynamic);
                    let list = Value::list_of(element, []).unwrap_or_else(|_| Value::empty_tuple());
                    return (list, diags);
                }
                (list_of_values(values, self.sem), diags)
            }
            _ => (Value::tuple(values), diags),
        }
    }

    /// The type a splat gives for a sequence of this type: `each` applied
    /// to an unknown value of each element type.
    fn splat_result_type(
        &mut self,
        source: &Type,
        each: ExprId,
        item: ExprId,
        ctx: &EvalContext,
    ) -> (Type, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut apply = |ev: &mut Self, element: &Type| {
            ev.items.push((item, Value::unknown(element.clone())));
            let (v, d) = ev.eval(each, ctx);
            ev.items.pop();
            diags.extend(d);
            v.ty().clone()
        };
        let ty = match source {
            Type::List(e) | Type::Set(e) => Type::list(apply(self, e)),
            Type::Tuple(t) => {
                let types: Vec<Type> = t.elements().iter().map(|e| apply(self, e)).collect();
                Type::tuple(types)
            }
            _ => Type::Dynamic,
        };
        (ty, diags)
    }
}

/// The iteration variable names of a `for` expression.
#[derive(Debug)]
struct ForNames<'f> {
    key: Option<&'f str>,
    value: &'f str,
}

/// A `for` expression ready to iterate.
struct ForSetup<'f> {
    names: ForNames<'f>,
    /// The key and value of each iteration.
    pairs: Vec<(Value, Value)>,
    state: ForState,
}

/// What a `for` expression has gathered so far.
#[derive(Debug)]
struct ForState {
    diags: Diagnostics,
    /// Unset once a condition or key is unknown, or something fails: the
    /// result is then the dynamic value (by either rule set).
    known: bool,
    /// Set once an element's value is unknown (but valid): by the spec the
    /// result is then the dynamic value; Go keeps the element.
    unknown_element: bool,
    /// The whole `for` expression.
    span: Span,
}

/// An element's value, noting whether it is unknown (but valid).
fn for_value((value, d): Evaluated, state: &mut ForState) -> Value {
    if !value.is_known() && !d.has_errors() {
        state.unknown_element = true;
    }
    state.diags.extend(d);
    value
}

impl ForState {
    /// Marks the result unknown, reporting `d` if it is the first failure
    /// (as Go does, to avoid one error per element).
    fn fail(&mut self, d: impl FnOnce(Span) -> Diagnostic) {
        if self.known {
            self.diags.push(d(self.span));
        }
        self.known = false;
    }
}

/// Sets the subject of diagnostics that were made without one.
pub(super) fn with_subject(diags: Diagnostics, range: impl Fn() -> Range) -> Diagnostics {
    if diags.is_empty() {
        return diags;
    }
    diags
        .into_iter()
        .map(|mut d| {
            if d.subject.is_none() {
                d.subject = Some(range());
            }
            d
        })
        .collect()
}

/// Whether a `for` expression can iterate over values of this type.
fn can_iterate(ty: &Type) -> bool {
    matches!(
        ty,
        Type::List(_) | Type::Set(_) | Type::Tuple(_) | Type::Map(_) | Type::Object(_)
    )
}

/// The keys and values of an object `for` so far (or its groups).
#[derive(Default)]
struct ForObjectItems {
    values: BTreeMap<String, Value>,
    groups: BTreeMap<String, Vec<Value>>,
}

/// The result of an object `for` from its items.
#[inline(never)]
fn finish_for_object(f: &ForExpr, items: ForObjectItems, state: ForState) -> Evaluated {
    if !state.known {
        return (Value::dynamic(), state.diags);
    }
    let values = if f.group {
        items
            .groups
            .into_iter()
            .map(|(k, vs)| (k, Value::tuple(vs)))
            .collect()
    } else {
        items.values
    };
    (Value::object(values), state.diags)
}

/// The result of a tuple `for` from its elements.
#[inline(never)]
fn finish_for_tuple(values: Vec<Value>, state: ForState) -> Evaluated {
    if !state.known {
        return (Value::dynamic(), state.diags);
    }
    (Value::tuple(values), state.diags)
}

/// The key and value of each element of a known collection, in visit
/// order: index order for sequences, key order for maps and objects, set
/// order for sets (where the key is the element itself).
fn iteration_pairs(collection: &Value) -> Vec<(Value, Value)> {
    match collection.ty() {
        Type::Set(_) => collection
            .elements()
            .unwrap_or(&[])
            .iter()
            .map(|v| (v.clone(), v.clone()))
            .collect(),
        Type::Map(_) | Type::Object(_) => collection
            .attributes()
            .map(|a| {
                a.iter()
                    .map(|(k, v)| (Value::string(k.as_str()), v.clone()))
                    .collect()
            })
            .unwrap_or_default(),
        _ => collection
            .elements()
            .unwrap_or(&[])
            .iter()
            .enumerate()
            .map(|(i, v)| {
                (
                    Value::number(i64::try_from(i).unwrap_or(i64::MAX)),
                    v.clone(),
                )
            })
            .collect(),
    }
}

/// A list of the values, which come from one element type and so normally
/// share one type; if they do not (an unknown of another type, say), they
/// are unified by the rules of `sem`, and as a last resort kept as a tuple.
fn list_of_values(values: Vec<Value>, sem: Semantics) -> Value {
    let Some(first) = values.first() else {
        return Value::empty_tuple();
    };
    let ty = first.ty().clone();
    if values.iter().all(|v| v.ty() == &ty) {
        return Value::list_of(ty, values.clone()).unwrap_or_else(|_| Value::tuple(values));
    }
    let types: Vec<Type> = values.iter().map(|v| v.ty().clone()).collect();
    if let Some(unified) = unify_with(&types, sem) {
        let converted: Result<Vec<Value>, _> = values
            .iter()
            .zip(&unified.conversions)
            .map(|(v, c)| c.as_ref().map_or_else(|| Ok(v.clone()), |c| c.apply(v)))
            .collect();
        if let Ok(converted) = converted
            && let Ok(list) = Value::list_of(unified.ty, converted)
        {
            return list;
        }
    }
    Value::tuple(values)
}
