//! The static type checker: the extended type of each native-syntax
//! expression, computed from the types of the variables and functions it
//! uses, without evaluating anything.
//!
//! The checker reports, with source ranges, the operations that are
//! provably invalid, that is, invalid for every value of the operands'
//! types: an unknown variable or function, an attribute an object type
//! does not have, an operand with no conversion to what the operator needs
//! (a `none` operand included, since null converts only to `none`), a
//! function argument with no conversion to its parameter, a wrong number
//! of arguments, a collection that cannot be iterated, and so on. An
//! operation that may fail for some values only (an unsafe conversion, a
//! member of a union that does not fit) is accepted.
//!
//! Eventual types propagate: an operator, template, conditional, `for`
//! expression, splat, index or function call with a promise or output
//! operand has the result type of the operation on the resolved operand
//! types, wrapped in a promise or an output (an output if any operand is
//! one). Only a function parameter of an eventual type (such as
//! `output(any)`) receives an eventual argument as it is; any other
//! parameter, the dynamic pseudo-type included, receives the resolved
//! value, and the call is eventual.
//!
//! The types given to expressions:
//!
//! | Expression | Type |
//! |---|---|
//! | `42` (no fraction or exponent) | `int` |
//! | `4.2`, `1e3` | `number` |
//! | `true` | `bool` |
//! | `null` | `none` |
//! | `"text ${x}"` | `string` |
//! | `[a, b]` | `tuple([A,B])` |
//! | `{a = x}` | `object({a=X})`; with a key that is not a constant, `map(` of the unified value types `)` |
//! | `a + b`, `a - b`, `a * b`, `a % b` | `int` for two `int` operands, else `number` |
//! | `a / b`, `-a` | `number` (`-a` is `int` for an `int` operand) |
//! | comparisons, `==`, `&&`, `!` | `bool` |
//! | `c ? a : b` | the unification of `A` and `B` |
//! | `[for ...: v]` | `list(V)` |
//! | `{for ...: k => v}` | `map(V)` (with `...`, `map(list(V))`) |
//! | `list[*].a` | `list(A)` for a list or set, a tuple of as many for a tuple |
//! | `f(...)` | the signature's result type |
//!
//! ```
//! use hcl_core::extended::{check_file, ExtType, FunctionSignatures, Scope, Signature};
//! use hcl_core::native::parse_config_str;
//!
//! let (file, diags) = parse_config_str(
//!     "name = upper(server.name)\nport = server.port + 1\nurl = \"http://${server.host}\"\n",
//!     "main.hcl",
//! );
//! assert!(diags.is_empty());
//! let scope = Scope::new().with(
//!     "server",
//!     ExtType::output(ExtType::object([
//!         ("name", ExtType::String),
//!         ("port", ExtType::Int),
//!         ("host", ExtType::optional(ExtType::String)),
//!     ])),
//! );
//! let functions = FunctionSignatures::new()
//!     .with("upper", Signature::new(ExtType::String).param("str", ExtType::String));
//!
//! let (types, diags) = check_file(&file, &scope, &functions);
//! assert!(diags.is_empty(), "{diags}");
//! assert_eq!(types["name"], ExtType::output(ExtType::String));
//! assert_eq!(types["port"], ExtType::output(ExtType::Int));
//! assert_eq!(types["url"], ExtType::output(ExtType::String));
//!
//! // A provably invalid operation is an error, with its range.
//! let (file, _) = parse_config_str("port = server.prot\n", "main.hcl");
//! let (types, diags) = check_file(&file, &scope, &functions);
//! assert_eq!(types["port"], ExtType::Dynamic);
//! assert_eq!(
//!     diags.to_string(),
//!     "main.hcl:1,14-19: Unsupported attribute; This object does not have an attribute named \"prot\". Did you mean \"port\"?",
//! );
//! ```

mod scope;

use std::collections::{BTreeMap, HashMap};

use crate::convert::convert;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::native::ast::{
    Ast, BinaryOp, BodyId, ExprId, ExprKind, ForExpr, ForId, List, Step, StepKey, UnaryOp,
};
use crate::native::file::ParsedFile;
use crate::source::Span;
use crate::suggest::suggestion;
use crate::ty::Type;
use crate::value::Value;

use super::convert::conversion;
use super::traverse::{IndexKey, TraversalError};
use super::ty::{Eventuality, ExtType};
use super::unify::{unify, unify_all};

pub use scope::{FunctionSignatures, ResultTypeFn, Scope, Signature};

/// How deeply the checker may recurse before it stops with a diagnostic
/// (as the evaluator does).
const MAX_DEPTH: usize = 2_048;

/// Checks every attribute of a file's top-level body: the type of each
/// attribute's expression, by name, and the diagnostics of all of them (in
/// source order). A file without a root body has no attributes.
///
/// See the [module documentation](crate::extended) for an example.
pub fn check_file(
    file: &ParsedFile,
    scope: &Scope,
    functions: &FunctionSignatures,
) -> (BTreeMap<String, ExtType>, Diagnostics) {
    match file.root() {
        Some(body) => check_body(file, body, scope, functions),
        None => (BTreeMap::new(), Diagnostics::new()),
    }
}

/// Checks the attributes of one body of a file (not those of its blocks):
/// the type of each, by name, and the diagnostics.
pub fn check_body(
    file: &ParsedFile,
    body: BodyId,
    scope: &Scope,
    functions: &FunctionSignatures,
) -> (BTreeMap<String, ExtType>, Diagnostics) {
    let mut checker = TypeChecker::new(file, scope, functions);
    let mut types = BTreeMap::new();
    if body.0 as usize >= file.ast().bodies.len() {
        return (types, Diagnostics::new());
    }
    let node = file.ast().body(body);
    for attribute in file.ast().body_attributes(node) {
        let ty = checker.check(attribute.expr);
        types
            .entry(file.span_text(attribute.name).to_owned())
            .or_insert(ty);
    }
    (types, checker.into_diagnostics())
}

/// Checks one expression of a file: its type and the diagnostics.
///
/// ```
/// use hcl_core::extended::{check_expression, ExtType, FunctionSignatures, Scope};
/// use hcl_core::native::{parse_expression, ParseOptions};
/// use hcl_core::Pos;
///
/// let (file, expr, _) = parse_expression(
///     b"enabled ? count : null", "expr.hcl", Pos::start(), &ParseOptions::default());
/// let scope = Scope::new()
///     .with("enabled", ExtType::promise(ExtType::Bool))
///     .with("count", ExtType::Int);
/// let (ty, diags) = check_expression(&file, expr, &scope, &FunctionSignatures::new());
/// assert!(diags.is_empty());
/// assert_eq!(ty, ExtType::promise(ExtType::optional(ExtType::Int)));
/// ```
pub fn check_expression(
    file: &ParsedFile,
    expr: ExprId,
    scope: &Scope,
    functions: &FunctionSignatures,
) -> (ExtType, Diagnostics) {
    let mut checker = TypeChecker::new(file, scope, functions);
    let ty = checker.check(expr);
    (ty, checker.into_diagnostics())
}

/// A type checker for the expressions of one file, which remembers the
/// type of every expression node it has checked.
///
/// ```
/// use hcl_core::extended::{ExtType, FunctionSignatures, Scope, TypeChecker};
/// use hcl_core::native::{parse_expression, ParseOptions};
/// use hcl_core::Pos;
///
/// let (file, expr, _) = parse_expression(b"[for s in names: upper(s)]", "e", Pos::start(), &ParseOptions::default());
/// let scope = Scope::new().with("names", ExtType::set(ExtType::String));
/// let functions = hcl_core::extended::FunctionSignatures::new();
/// let mut checker = TypeChecker::new(&file, &scope, &functions);
/// assert_eq!(checker.check(expr), ExtType::list(ExtType::Dynamic));
/// assert_eq!(checker.diagnostics().iter().next().unwrap().summary, "Call to unknown function");
/// assert_eq!(checker.type_of(expr), Some(&ExtType::list(ExtType::Dynamic)));
/// ```
#[derive(Debug)]
pub struct TypeChecker<'a> {
    file: &'a ParsedFile,
    ast: &'a Ast,
    scope: &'a Scope,
    functions: &'a FunctionSignatures,
    /// Variables of `for` expressions, innermost last.
    locals: Vec<(&'a str, ExtType)>,
    /// The element types of the splats being checked, by their item
    /// symbol, innermost last.
    items: Vec<(ExprId, ExtType)>,
    types: HashMap<ExprId, ExtType>,
    diags: Diagnostics,
    depth: usize,
}

impl<'a> TypeChecker<'a> {
    /// A checker for the expressions of `file`, with these variables and
    /// functions.
    pub fn new(
        file: &'a ParsedFile,
        scope: &'a Scope,
        functions: &'a FunctionSignatures,
    ) -> TypeChecker<'a> {
        TypeChecker {
            file,
            ast: file.ast(),
            scope,
            functions,
            locals: Vec::new(),
            items: Vec::new(),
            types: HashMap::new(),
            diags: Diagnostics::new(),
            depth: 0,
        }
    }

    /// The type of expression `id`; its diagnostics are added to
    /// [`TypeChecker::diagnostics`]. An expression that cannot be typed
    /// (after an error) has the dynamic pseudo-type.
    pub fn check(&mut self, id: ExprId) -> ExtType {
        let Some(node) = self.ast.get(id) else {
            // Not an expression of this file.
            return ExtType::Dynamic;
        };
        if self.depth >= MAX_DEPTH {
            self.error(
                "Expression too deeply nested",
                format!(
                    "Type checking stopped here: the expression nests more than {MAX_DEPTH} levels deep."
                ),
                node.span,
                None,
            );
            return ExtType::Dynamic;
        }
        self.depth += 1;
        let ty = crate::stack::with_room(|| self.check_node(id, &node.kind, node.span));
        self.depth -= 1;
        self.types.insert(id, ty.clone());
        ty
    }

    /// The type found for expression `id`, if it has been checked. (The
    /// body of a `for` expression or splat is checked once, with the types
    /// of all elements.)
    pub fn type_of(&self, id: ExprId) -> Option<&ExtType> {
        self.types.get(&id)
    }

    /// The diagnostics found so far.
    pub fn diagnostics(&self) -> &Diagnostics {
        &self.diags
    }

    /// The diagnostics found.
    pub fn into_diagnostics(self) -> Diagnostics {
        self.diags
    }

    fn error(
        &mut self,
        summary: impl Into<std::borrow::Cow<'static, str>>,
        detail: String,
        subject: Span,
        context: Option<Span>,
    ) {
        let mut d = Diagnostic::error(summary)
            .with_detail(detail)
            .with_subject(self.file.range(subject));
        if let Some(c) = context {
            d = d.with_context(self.file.range(c));
        }
        self.diags.push(d);
    }

    fn span_of(&self, id: ExprId) -> Span {
        self.ast.expr(id).span
    }

    fn list(&self, list: List) -> &'a [ExprId] {
        self.ast.expr_list(list)
    }

    fn steps(&self, list: List) -> &'a [Step] {
        self.ast.step_list(list)
    }

    fn check_node(&mut self, id: ExprId, kind: &'a ExprKind, span: Span) -> ExtType {
        match kind {
            ExprKind::Number(n) => self.number_literal(*n, span),
            ExprKind::Bool(_) => ExtType::Bool,
            ExprKind::Null => ExtType::None,
            ExprKind::String(_) => ExtType::String,
            ExprKind::Template { parts } => self.template(*parts),
            ExprKind::TemplateWrap { inner } | ExprKind::Parens { inner } => self.check(*inner),
            ExprKind::TemplateJoin { tuple } => self.template_join(*tuple),
            ExprKind::ScopeTraversal { steps } => self.scope_traversal(*steps),
            ExprKind::RelativeTraversal { source, steps } => {
                self.relative_traversal(*source, *steps)
            }
            ExprKind::FunctionCall(call) => {
                let call = self.ast.call(*call);
                self.call(call.name, call.args, call.expand_final, span)
            }
            ExprKind::Conditional {
                condition,
                true_result,
                false_result,
            } => self.conditional(*condition, *true_result, *false_result, span),
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, *lhs, *rhs, span),
            ExprKind::Unary { op, operand, .. } => self.unary(*op, *operand, span),
            ExprKind::Tuple { elements, .. } => self.tuple(*elements),
            ExprKind::Object { items, .. } => self.object(*items),
            ExprKind::ObjectKey { wrapped, .. } => self.object_key_type(id, *wrapped),
            ExprKind::For(f) => self.for_expr(*f, span),
            ExprKind::Index {
                collection,
                key,
                open,
            } => self.index(*collection, *key, Span::new(*open, span.end)),
            ExprKind::Splat {
                source, each, item, ..
            } => self.splat(*source, *each, *item),
            ExprKind::AnonSymbol => self
                .items
                .iter()
                .rev()
                .find(|(symbol, _)| *symbol == id)
                .map_or(ExtType::Dynamic, |(_, t)| t.clone()),
            ExprKind::Invalid => ExtType::Dynamic,
        }
    }

    // The cases of `check_node` with locals of their own: `check` recurses
    // through `check_node` once per nesting level, so its frame is kept
    // small (a debug build gives every temporary a slot).

    #[inline(never)]
    fn relative_traversal(&mut self, source: ExprId, steps: List) -> ExtType {
        let ty = self.check(source);
        self.apply_steps(ty, self.steps(steps))
    }

    #[inline(never)]
    fn tuple(&mut self, elements: List) -> ExtType {
        let ids = self.list(elements);
        let mut types = Vec::with_capacity(ids.len());
        for &e in ids {
            types.push(self.check(e));
        }
        ExtType::tuple(types)
    }

    #[inline(never)]
    fn object_key_type(&mut self, id: ExprId, wrapped: ExprId) -> ExtType {
        match self.object_key(id) {
            Key::Name(_) => ExtType::String,
            Key::Typed(t) => t,
            Key::Failed => ExtType::Dynamic,
            Key::Unchecked => self.check(wrapped),
        }
    }

    #[inline(never)]
    fn index(&mut self, collection: ExprId, key: ExprId, bracket: Span) -> ExtType {
        let c = self.check(collection);
        let k = self.check(key);
        self.traversal_result(c.index(&IndexKey::Type(k)), bracket)
    }

    /// `int` for a literal written without a fraction or an exponent.
    fn number_literal(&self, n: crate::native::ast::NumberId, span: Span) -> ExtType {
        let text = self.file.span_text(span);
        let integral = self.ast.number(n).is_integer();
        if integral && !text.contains(['.', 'e', 'E']) {
            ExtType::Int
        } else {
            ExtType::Number
        }
    }

    fn traversal_result(&mut self, result: Result<ExtType, TraversalError>, span: Span) -> ExtType {
        match result {
            Ok(t) => t,
            Err(e) => {
                self.error(e.summary, e.detail, span, None);
                ExtType::Dynamic
            }
        }
    }

    // ----- templates -----

    fn template(&mut self, parts: List) -> ExtType {
        let mut eventuality = Eventuality::Prompt;
        for &part in self.list(parts) {
            let ty = self.check(part);
            let (e, inner) = ty.resolved();
            eventuality = eventuality.max(e);
            self.interpolation(&inner, self.span_of(part));
        }
        eventuality.wrap(ExtType::String)
    }

    /// Checks that a value of type `ty` can be interpolated into a string.
    fn interpolation(&mut self, ty: &ExtType, span: Span) {
        if conversion(ty, &ExtType::String).is_some() {
            return;
        }
        let detail = if ty.is_none() {
            "The expression result is null. Cannot include a null value in a string template."
                .to_owned()
        } else {
            format!(
                "Cannot include a value of type {ty} in a string template: a string is required."
            )
        };
        self.error("Invalid template interpolation value", detail, span, None);
    }

    fn template_join(&mut self, tuple: ExprId) -> ExtType {
        let ty = self.check(tuple);
        let (mut eventuality, inner) = ty.resolved();
        let element = match &inner {
            ExtType::List(e) | ExtType::Set(e) => (**e).clone(),
            ExtType::Tuple(ts) => unify_all(ts.iter()).unwrap_or(ExtType::String),
            _ => ExtType::Dynamic,
        };
        let (e, element) = element.resolved();
        eventuality = eventuality.max(e);
        self.interpolation(&element, self.span_of(tuple));
        eventuality.wrap(ExtType::String)
    }

    // ----- traversals -----

    fn scope_traversal(&mut self, steps: List) -> ExtType {
        let steps = self.steps(steps);
        let Some((Step::Root { name }, rest)) = steps.split_first() else {
            return ExtType::Dynamic;
        };
        let text = self.file.span_text(*name);
        let root = if let Some((_, t)) = self.locals.iter().rev().find(|(n, _)| *n == text) {
            t.clone()
        } else if let Some(t) = self.scope.get(text) {
            t.clone()
        } else {
            let locals = self.locals.iter().map(|(n, _)| *n);
            let hint = suggestion(text, self.scope.names().chain(locals))
                .map(|s| format!(" Did you mean {s:?}?"))
                .unwrap_or_default();
            self.error(
                "Unknown variable",
                format!("There is no variable named {text:?}.{hint}"),
                *name,
                None,
            );
            return ExtType::Dynamic;
        };
        self.apply_steps(root, rest)
    }

    fn apply_steps(&mut self, start: ExtType, steps: &[Step]) -> ExtType {
        let mut current = start;
        for step in steps {
            let (result, span) = match step {
                Step::Root { name } => (
                    Err(TraversalError {
                        summary: "Invalid traversal".into(),
                        detail: "A variable root can only appear at the start of a traversal."
                            .into(),
                    }),
                    *name,
                ),
                Step::Attr { name, span } => (current.get_attr(self.file.span_text(*name)), *span),
                Step::Index { key, span } => {
                    (current.index(&IndexKey::Value(self.step_key(key))), *span)
                }
            };
            match result {
                Ok(t) => current = t,
                Err(e) => {
                    self.error(e.summary, e.detail, span, None);
                    return ExtType::Dynamic;
                }
            }
        }
        current
    }

    fn step_key(&self, key: &StepKey) -> Value {
        match key {
            StepKey::Number(n) => Value::number(self.ast.number(*n).clone()),
            StepKey::String(text) => Value::string(self.file.text(*text)),
        }
    }

    // ----- function calls -----

    fn call(&mut self, name: Span, args: List, expand_final: bool, span: Span) -> ExtType {
        let ids = self.list(args);
        let arg_types: Vec<ExtType> = ids.iter().map(|&a| self.check(a)).collect();
        let fname = self.file.span_text(name);
        let Some(sig) = self.functions.get(fname) else {
            let hint = suggestion(fname, self.functions.names())
                .map(|s| format!(" Did you mean {s:?}?"))
                .unwrap_or_default();
            self.error(
                "Call to unknown function",
                format!("There is no function named {fname:?}.{hint}"),
                name,
                Some(span),
            );
            return ExtType::Dynamic;
        };

        // The arguments as (type, source expression), the final one
        // expanded; `rest` is the element type of an expanded list or set
        // (its number of elements is not known).
        let mut eventuality = Eventuality::Prompt;
        let mut args: Vec<(ExtType, ExprId)> = ids
            .iter()
            .copied()
            .zip(arg_types)
            .map(|(id, t)| (t, id))
            .collect();
        let mut rest: Option<(ExtType, ExprId)> = None;
        if expand_final && let Some((last, id)) = args.pop() {
            let (e, inner) = last.resolved();
            eventuality = eventuality.max(e);
            match inner {
                ExtType::Tuple(elements) => {
                    args.extend(elements.iter().map(|t| (t.clone(), id)));
                }
                ExtType::List(e) | ExtType::Set(e) => rest = Some(((*e).clone(), id)),
                ExtType::Dynamic => rest = Some((ExtType::Dynamic, id)),
                other => {
                    let detail = if other.is_none() {
                        "The expanding argument (indicated by ...) must not be null.".to_owned()
                    } else {
                        format!(
                            "The expanding argument (indicated by ...) must be of a tuple, list, or set type, not {other}."
                        )
                    };
                    self.error(
                        "Invalid expanding argument value",
                        detail,
                        self.span_of(id),
                        Some(span),
                    );
                    return ExtType::Dynamic;
                }
            }
        }

        let required = sig.params().len();
        if args.len() < required && rest.is_none() {
            let missing = sig.params().get(args.len()).map_or("", |(n, _)| n.as_str());
            self.error(
                "Not enough function arguments",
                format!(
                    "Function {fname:?} expects {required} argument(s). Missing value for {missing:?}."
                ),
                span,
                None,
            );
            return ExtType::Dynamic;
        }
        if args.len() > required && sig.variadic_param().is_none() {
            let extra = args.get(required).map_or(span, |(_, id)| self.span_of(*id));
            self.error(
                "Too many function arguments",
                format!("Function {fname:?} expects only {required} argument(s)."),
                extra,
                Some(span),
            );
            return ExtType::Dynamic;
        }

        let mut ok = true;
        let mut resolved = Vec::with_capacity(args.len());
        for (i, (ty, id)) in args.iter().enumerate() {
            let Some((pname, pty)) = sig.param_for(i) else {
                break;
            };
            match self.argument(fname, pname, pty, ty, *id, span) {
                Some((e, t)) => {
                    eventuality = eventuality.max(e);
                    resolved.push(t);
                }
                None => ok = false,
            }
        }
        if let Some((element, id)) = &rest {
            let from = args.len();
            let remaining = sig.params().iter().skip(from).chain(sig.variadic_param());
            for (pname, pty) in remaining {
                match self.argument(fname, pname, pty, element, *id, span) {
                    Some((e, _)) => eventuality = eventuality.max(e),
                    None => ok = false,
                }
            }
        }
        if !ok {
            return ExtType::Dynamic;
        }
        if rest.is_some() {
            // The number of arguments is not known: a computed result type
            // cannot be asked for.
            return match sig.result_type(&resolved) {
                Ok(t) => eventuality.wrap(t),
                Err(_) => ExtType::Dynamic,
            };
        }
        match sig.result_type(&resolved) {
            Ok(t) => eventuality.wrap(t),
            Err(message) => {
                self.error(
                    "Error in function call",
                    format!("Call to function {fname:?} failed: {message}."),
                    span,
                    None,
                );
                ExtType::Dynamic
            }
        }
    }

    /// Checks one argument against its parameter: the argument's
    /// eventuality and the type the function receives, or `None` after an
    /// error. A parameter of an eventual type receives the argument as it
    /// is; any other receives the resolved value of an eventual argument
    /// (and the call becomes eventual).
    fn argument(
        &mut self,
        fname: &str,
        pname: &str,
        pty: &ExtType,
        ty: &ExtType,
        id: ExprId,
        call: Span,
    ) -> Option<(Eventuality, ExtType)> {
        let takes_as_is = pty.resolved().0 != Eventuality::Prompt;
        let (e, inner) = if takes_as_is {
            (Eventuality::Prompt, ty.clone())
        } else {
            ty.resolved()
        };
        if conversion(&inner, pty).is_some() {
            return Some((e, inner));
        }
        let why = if inner.is_none() {
            "argument must not be null".to_owned()
        } else {
            format!("a value of type {inner} cannot be converted to {pty}")
        };
        self.error(
            "Invalid function argument",
            format!("Invalid value for {pname:?} parameter of function {fname:?}: {why}."),
            self.span_of(id),
            Some(call),
        );
        None
    }

    // ----- operators -----

    fn conditional(&mut self, condition: ExprId, t: ExprId, f: ExprId, span: Span) -> ExtType {
        let c = self.check(condition);
        let (eventuality, inner) = c.resolved();
        if conversion(&inner, &ExtType::Bool).is_none() {
            let detail = if inner.is_none() {
                "The condition value is null. Conditions must either be true or false.".to_owned()
            } else {
                format!("The condition expression must be of type bool, not {inner}.")
            };
            self.error(
                "Incorrect condition type",
                detail,
                self.span_of(condition),
                Some(span),
            );
        }
        let t = self.check(t);
        let f = self.check(f);
        eventuality.wrap(unify(&t, &f))
    }

    fn binary(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId, span: Span) -> ExtType {
        let l = self.check(lhs);
        let r = self.check(rhs);
        let (le, l) = l.resolved();
        let (re, r) = r.resolved();
        let eventuality = le.max(re);
        let result = match op {
            BinaryOp::Equal | BinaryOp::NotEqual => ExtType::Bool,
            BinaryOp::Or | BinaryOp::And => {
                self.operand(&l, &ExtType::Bool, "left", lhs, span);
                self.operand(&r, &ExtType::Bool, "right", rhs, span);
                ExtType::Bool
            }
            BinaryOp::Greater
            | BinaryOp::GreaterOrEqual
            | BinaryOp::Less
            | BinaryOp::LessOrEqual => {
                self.operand(&l, &ExtType::Number, "left", lhs, span);
                self.operand(&r, &ExtType::Number, "right", rhs, span);
                ExtType::Bool
            }
            BinaryOp::Add
            | BinaryOp::Subtract
            | BinaryOp::Multiply
            | BinaryOp::Divide
            | BinaryOp::Modulo => {
                let ok_l = self.operand(&l, &ExtType::Number, "left", lhs, span);
                let ok_r = self.operand(&r, &ExtType::Number, "right", rhs, span);
                if ok_l && ok_r && l == ExtType::Int && r == ExtType::Int && op != BinaryOp::Divide
                {
                    ExtType::Int
                } else {
                    ExtType::Number
                }
            }
        };
        eventuality.wrap(result)
    }

    /// Checks that an operand converts to the operator's parameter type.
    fn operand(
        &mut self,
        ty: &ExtType,
        param: &ExtType,
        side: &str,
        id: ExprId,
        span: Span,
    ) -> bool {
        if conversion(ty, param).is_some() {
            return true;
        }
        let why = if ty.is_none() {
            "argument must not be null".to_owned()
        } else {
            let article = if *param == ExtType::Bool {
                "a bool"
            } else {
                "a number"
            };
            format!("{article} is required, but the value is of type {ty}")
        };
        self.error(
            "Invalid operand",
            format!("Unsuitable value for {side} operand: {why}."),
            self.span_of(id),
            Some(span),
        );
        false
    }

    fn unary(&mut self, op: UnaryOp, operand: ExprId, span: Span) -> ExtType {
        let ty = self.check(operand);
        let (eventuality, inner) = ty.resolved();
        let result = match op {
            UnaryOp::Not => {
                self.operand(&inner, &ExtType::Bool, "unary", operand, span);
                ExtType::Bool
            }
            UnaryOp::Negate => {
                let ok = self.operand(&inner, &ExtType::Number, "unary", operand, span);
                if ok && inner == ExtType::Int {
                    ExtType::Int
                } else {
                    ExtType::Number
                }
            }
        };
        eventuality.wrap(result)
    }

    // ----- collections -----

    fn object(&mut self, items: List) -> ExtType {
        let mut attrs: BTreeMap<String, ExtType> = BTreeMap::new();
        let mut values = Vec::new();
        let mut known = true;
        let mut eventuality = Eventuality::Prompt;
        for pair in self.list(items).chunks_exact(2) {
            let (key_id, value_id) = (pair[0], pair[1]);
            let key = self.object_key(key_id);
            let key = match key {
                Key::Unchecked => {
                    let t = self.check(key_id);
                    self.key_type(t, key_id, value_id)
                }
                other => {
                    self.types.insert(
                        key_id,
                        match &other {
                            Key::Name(_) => ExtType::String,
                            Key::Typed(t) => t.clone(),
                            _ => ExtType::Dynamic,
                        },
                    );
                    other
                }
            };
            let value = self.check(value_id);
            match key {
                Key::Name(name) => {
                    // A key given twice keeps its last value, as in
                    // evaluation.
                    attrs.insert(name, value.clone());
                }
                Key::Typed(t) => {
                    let (e, _) = t.resolved();
                    eventuality = eventuality.max(e);
                    known = false;
                }
                Key::Failed | Key::Unchecked => known = false,
            }
            values.push(value);
        }
        let ty = if known {
            ExtType::Object(attrs.into())
        } else {
            ExtType::map(unify_all(values.iter()).unwrap_or(ExtType::Dynamic))
        };
        eventuality.wrap(ty)
    }

    /// What an object key is, before checking it as an expression: a
    /// literal name (a bare identifier, keyword, literal string or number
    /// not in parentheses), an error, or an expression to check.
    fn object_key(&mut self, key_id: ExprId) -> Key {
        let Some(ExprKind::ObjectKey {
            wrapped,
            force_non_literal,
        }) = Some(&self.ast.expr(key_id).kind)
        else {
            return Key::Unchecked;
        };
        let wrapped_kind = Some(&self.ast.expr(*wrapped).kind);
        if !force_non_literal {
            match wrapped_kind {
                Some(ExprKind::ScopeTraversal { steps }) => match self.steps(*steps) {
                    [Step::Root { name }] => {
                        return Key::Name(self.file.span_text(*name).to_owned());
                    }
                    _ => {
                        self.error(
                            "Ambiguous attribute key",
                            "If this expression is intended to be a reference, wrap it in \
                             parentheses. If it's instead intended as a literal name containing \
                             periods, wrap it in quotes to create a string literal."
                                .into(),
                            self.span_of(key_id),
                            None,
                        );
                        return Key::Failed;
                    }
                },
                Some(ExprKind::Bool(b)) => return Key::Name(b.to_string()),
                Some(ExprKind::Null) => return Key::Name("null".into()),
                _ => {}
            }
        }
        match wrapped_kind {
            Some(ExprKind::String(text)) => Key::Name(self.file.text(*text).to_owned()),
            Some(ExprKind::Number(n)) => {
                let name = convert(&Value::number(self.ast.number(*n).clone()), &Type::String)
                    .ok()
                    .and_then(|s| s.as_str().map(str::to_owned));
                name.map_or(Key::Failed, Key::Name)
            }
            _ => Key::Unchecked,
        }
    }

    /// The key of an object constructor, given its type.
    fn key_type(&mut self, ty: ExtType, key_id: ExprId, value_id: ExprId) -> Key {
        let (_, inner) = ty.resolved();
        if inner.is_none() {
            self.error(
                "Null value as key",
                "Can't use a null value as a key.".into(),
                self.span_of(value_id),
                None,
            );
            return Key::Failed;
        }
        if conversion(&inner, &ExtType::String).is_none() {
            self.error(
                "Incorrect key type",
                format!("Can't use this value as a key: a string is required, but the key is of type {inner}."),
                self.span_of(key_id),
                None,
            );
            return Key::Failed;
        }
        Key::Typed(ty)
    }

    fn for_expr(&mut self, id: ForId, span: Span) -> ExtType {
        // Nested `for` expressions recurse through here: the work around
        // the recursive checks is in functions of its own, so that this
        // frame stays small.
        let f = self.ast.for_expr(id);
        let collection = self.check(f.collection);
        let (mut eventuality, depth) = self.for_variables(f, collection, span);
        if let Some(cond) = f.condition {
            let c = self.check(cond);
            eventuality = eventuality.max(self.for_condition(cond, c, span));
        }
        if let Some(key) = f.key {
            let k = self.check(key);
            eventuality = eventuality.max(self.for_key(key, k, span));
        }
        let value = self.check(f.value);
        self.locals.truncate(depth);
        for_result(f, eventuality, value)
    }

    /// Declares the iteration variables of a `for` expression over a
    /// collection of type `collection`: the eventuality of the collection,
    /// and the scope depth to return to.
    #[inline(never)]
    fn for_variables(
        &mut self,
        f: &'a ForExpr,
        collection: ExtType,
        span: Span,
    ) -> (Eventuality, usize) {
        let (eventuality, inner) = collection.resolved();
        let (key_ty, value_ty) = match iteration_types(&inner) {
            Ok(kv) => kv,
            Err(detail) => {
                let summary = if inner.is_none() {
                    "Iteration over null value"
                } else {
                    "Iteration over non-iterable value"
                };
                self.error(summary, detail, self.span_of(f.collection), Some(span));
                (ExtType::Dynamic, ExtType::Dynamic)
            }
        };
        let depth = self.locals.len();
        if let Some(k) = f.key_var {
            self.locals.push((self.file.span_text(k), key_ty));
        }
        self.locals
            .push((self.file.span_text(f.value_var), value_ty));
        (eventuality, depth)
    }

    /// Checks the type `c` of a `for` condition; its eventuality.
    #[inline(never)]
    fn for_condition(&mut self, cond: ExprId, c: ExtType, span: Span) -> Eventuality {
        let (e, inner) = c.resolved();
        if conversion(&inner, &ExtType::Bool).is_none() {
            let detail = if inner.is_none() {
                "The value of the 'if' clause must not be null.".to_owned()
            } else {
                format!(
                    "The 'if' clause value is invalid: a bool is required, but the value is of type {inner}."
                )
            };
            self.error(
                "Invalid 'for' condition",
                detail,
                self.span_of(cond),
                Some(span),
            );
        }
        e
    }

    /// Checks the type `k` of a `for` key expression; its eventuality.
    #[inline(never)]
    fn for_key(&mut self, key: ExprId, k: ExtType, span: Span) -> Eventuality {
        let (e, inner) = k.resolved();
        let detail = if inner.is_none() {
            Some("Key expression in 'for' expression must not produce a null value.".to_owned())
        } else if conversion(&inner, &ExtType::String).is_none() {
            Some(format!(
                "The key expression produced an invalid result: a string is required, but the key is of type {inner}."
            ))
        } else {
            None
        };
        if let Some(detail) = detail {
            self.error("Invalid object key", detail, self.span_of(key), Some(span));
        }
        e
    }

    fn splat(&mut self, source: ExprId, each: ExprId, item: ExprId) -> ExtType {
        let ty = self.check(source);
        let (eventuality, inner) = ty.resolved();
        let shapes: Vec<&ExtType> = match &inner {
            ExtType::Union(u) => u.members().iter().collect(),
            other => vec![other],
        };
        let item_types: Vec<ExtType> = shapes
            .iter()
            .filter_map(|s| match s {
                ExtType::List(e) | ExtType::Set(e) => Some((**e).clone()),
                ExtType::Tuple(ts) => (!ts.is_empty()).then(|| ExtType::union(ts.iter().cloned())),
                ExtType::None => None,
                other => Some((*other).clone()),
            })
            .collect();
        let item_type = if item_types.is_empty() {
            ExtType::Dynamic
        } else {
            ExtType::union(item_types)
        };
        self.items.push((item, item_type));
        let each_ty = self.check(each);
        self.items.pop();
        let results = shapes.iter().map(|s| match s {
            ExtType::List(_) | ExtType::Set(_) => ExtType::list(each_ty.clone()),
            ExtType::Tuple(ts) => ExtType::tuple(ts.iter().map(|_| each_ty.clone())),
            ExtType::None => ExtType::tuple([]),
            ExtType::Dynamic => ExtType::Dynamic,
            _ => ExtType::tuple([each_ty.clone()]),
        });
        eventuality.wrap(ExtType::union(results))
    }
}

/// An object constructor key.
enum Key {
    /// A literal name.
    Name(String),
    /// A key of this type, not known statically.
    Typed(ExtType),
    /// An error was reported.
    Failed,
    /// Not recognised statically: to be checked as an expression.
    Unchecked,
}

/// The types of the key and value variables of a `for` expression over a
/// collection of type `ty` (not eventual), or why it cannot be iterated.
fn iteration_types(ty: &ExtType) -> Result<(ExtType, ExtType), String> {
    let or_dynamic = |t: Option<ExtType>| t.unwrap_or(ExtType::Dynamic);
    match ty {
        ExtType::List(e) => Ok((ExtType::Int, (**e).clone())),
        ExtType::Set(e) => Ok(((**e).clone(), (**e).clone())),
        ExtType::Map(e) => Ok((ExtType::String, (**e).clone())),
        ExtType::Tuple(ts) => Ok((
            ExtType::Int,
            or_dynamic((!ts.is_empty()).then(|| ExtType::union(ts.iter().cloned()))),
        )),
        ExtType::Object(attrs) => Ok((
            ExtType::String,
            or_dynamic((!attrs.is_empty()).then(|| ExtType::union(attrs.values().cloned()))),
        )),
        ExtType::Dynamic => Ok((ExtType::Dynamic, ExtType::Dynamic)),
        ExtType::None => {
            Err("A null value cannot be used as the collection in a 'for' expression.".into())
        }
        ExtType::Union(u) => {
            let mut keys = Vec::new();
            let mut values = Vec::new();
            for m in u.members().iter().filter(|m| !m.is_none()) {
                if let Ok((k, v)) = iteration_types(m) {
                    keys.push(k);
                    values.push(v);
                }
            }
            if keys.is_empty() {
                return Err(format!(
                    "A value of type {ty} cannot be used as the collection in a 'for' expression."
                ));
            }
            Ok((ExtType::union(keys), ExtType::union(values)))
        }
        other => Err(format!(
            "A value of type {other} cannot be used as the collection in a 'for' expression."
        )),
    }
}

/// The type of a `for` expression from its element type.
#[inline(never)]
fn for_result(f: &ForExpr, eventuality: Eventuality, value: ExtType) -> ExtType {
    let result = match f.key {
        None => ExtType::list(value),
        Some(_) if f.group => ExtType::map(ExtType::list(value)),
        Some(_) => ExtType::map(value),
    };
    eventuality.wrap(result)
}

#[cfg(test)]
mod tests;
