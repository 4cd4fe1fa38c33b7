//! Evaluation contexts ("Expression Evaluation" in the information model).
//!
//! An [`EvalContext`] is what an expression is evaluated in: an
//! [evaluation mode](EvalMode), a variable scope (name → [`Value`]) and a
//! function table (name → [`Function`]). A child context, made by
//! [`EvalContext::new_child`], has scopes of its own that shadow its
//! parent's; a name it does not declare is looked up in the parent.
//!
//! In literal-only mode variables and functions are not available, and
//! providing them is an error: declaring a variable or function in a
//! literal-only context fails with an [`EvalContextError`], and a child of a
//! literal-only context is literal-only too.
//!
//! Everything is ordered by name, so iteration (for "Did you mean …?"
//! suggestions, say) is deterministic.
//!
//! ```
//! use hcl_core::function::{Function, Parameter};
//! use hcl_core::{EvalContext, Type, Value};
//!
//! # fn main() -> Result<(), hcl_core::EvalContextError> {
//! let upper = Function::builder()
//!     .param(Parameter::new("str", Type::String))
//!     .returns(Type::String)
//!     .build(|args, _| Ok(Value::string(args[0].as_str().unwrap_or_default().to_uppercase())));
//!
//! let mut ctx = EvalContext::new();
//! ctx.declare_variable("name", Value::string("web"))?
//!     .declare_variable("port", Value::number(80))?
//!     .declare_function("upper", upper)?;
//!
//! // A child scope, as for the iteration variables of a `for` expression.
//! let mut inner = ctx.new_child();
//! inner.declare_variable("name", Value::string("db"))?;
//! assert_eq!(inner.variable("name"), Some(&Value::string("db")));
//! assert_eq!(inner.variable("port"), Some(&Value::number(80)));
//! assert_eq!(ctx.variable("name"), Some(&Value::string("web")));
//! assert!(inner.function("upper").is_some());
//! assert_eq!(inner.variable_names().collect::<Vec<_>>(), ["name", "port"]);
//!
//! // Literal-only mode has no variables and no functions.
//! let mut literal = EvalContext::literal_only();
//! assert!(literal.declare_variable("name", Value::string("web")).is_err());
//! assert!(literal.new_child().is_literal_only());
//! # Ok(())
//! # }
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::function::Function;
use crate::semantics::Semantics;
use crate::value::Value;

/// How an expression is to be interpreted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EvalMode {
    /// Variables and functions are not available, and the application
    /// means the attribute value as a literal. (A syntax that embeds
    /// expressions in string templates may leave such strings as they are.)
    LiteralOnly,
    /// Variables and functions are available: the application provides a
    /// full expression language.
    #[default]
    FullExpression,
}

/// A variable or function was declared in a literal-only context, where
/// variables and functions are not available.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EvalContextError {
    /// A variable was declared in a literal-only context.
    VariableInLiteralOnlyMode {
        /// The variable's name.
        name: String,
    },
    /// A function was declared in a literal-only context.
    FunctionInLiteralOnlyMode {
        /// The function's name.
        name: String,
    },
}

impl fmt::Display for EvalContextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalContextError::VariableInLiteralOnlyMode { name } => write!(
                f,
                "cannot declare variable {name:?}: variables are not available in literal-only mode"
            ),
            EvalContextError::FunctionInLiteralOnlyMode { name } => write!(
                f,
                "cannot declare function {name:?}: functions are not available in literal-only mode"
            ),
        }
    }
}

impl std::error::Error for EvalContextError {}

/// The context an expression is evaluated in: mode, variables, functions,
/// and possibly a parent whose names it falls back to.
///
/// Cheap to clone: the variables, functions and parent are shared, and
/// copied on write if a shared scope is changed. A child made by
/// [`EvalContext::new_child`] sees its parent as it was when the child was
/// made.
///
/// The default context is in full-expression mode with nothing declared.
#[derive(Clone, Debug, Default)]
pub struct EvalContext {
    mode: EvalMode,
    semantics: Semantics,
    variables: Arc<BTreeMap<String, Value>>,
    functions: Arc<BTreeMap<String, Function>>,
    advice: Option<FunctionAdvice>,
    parent: Option<Arc<EvalContext>>,
}

/// What a function library says about a name it could provide but was not
/// asked to: how to enable it (`Library::filesystem(root)` for `file`, say),
/// for the message of a call to a function the context does not declare.
/// Asked only when such a call fails, so a library that installs it stores
/// one closure, not a table.
///
/// ```
/// use hcl_core::FunctionAdvice;
/// use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// use hcl_core::{EvalContext, Expression, Pos};
///
/// let mut ctx = EvalContext::new();
/// ctx.set_function_advice(FunctionAdvice::new(|name| {
///     (name == "file").then(|| "It reads files: enable it with `Library::filesystem(root)`.".to_owned())
/// }));
/// let (f, id, _) = parse_expression(b"file(\"a\")", "t.hcl", Pos::start(), &ParseOptions::default());
/// let (_, diags) = NativeExpression::new(f, id).value(&ctx);
/// let d = diags.iter().next().unwrap();
/// assert_eq!(d.summary, "Function not enabled");
/// assert_eq!(
///     d.detail,
///     "The function \"file\" exists but is not enabled here. It reads files: enable it with `Library::filesystem(root)`."
/// );
/// ```
#[derive(Clone)]
pub struct FunctionAdvice(Arc<Advise>);

/// The closure behind a [`FunctionAdvice`].
type Advise = dyn Fn(&str) -> Option<String> + Send + Sync;

impl FunctionAdvice {
    /// Advice given by `advise`: for a function name, how to enable it
    /// (a sentence or more), or `None` for a name the library does not
    /// know.
    pub fn new(advise: impl Fn(&str) -> Option<String> + Send + Sync + 'static) -> FunctionAdvice {
        FunctionAdvice(Arc::new(advise))
    }

    /// How to enable the function `name`, if the library knows it.
    pub fn advise(&self, name: &str) -> Option<String> {
        (self.0)(name)
    }
}

impl fmt::Debug for FunctionAdvice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FunctionAdvice(..)")
    }
}

impl EvalContext {
    /// An empty context in full-expression mode.
    pub fn new() -> EvalContext {
        EvalContext::default()
    }

    /// A context in literal-only mode: it has no variables or functions and
    /// none can be declared.
    pub fn literal_only() -> EvalContext {
        EvalContext::with_mode(EvalMode::LiteralOnly)
    }

    /// A context in full-expression mode whose functions are this shared
    /// table (a function library built once, say): nothing is copied, and
    /// a function is looked up when called. Declare more in a
    /// [child](EvalContext::new_child).
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use std::sync::Arc;
    /// use hcl_core::EvalContext;
    ///
    /// let table = Arc::new(BTreeMap::new());
    /// let ctx = EvalContext::with_functions(table.clone());
    /// assert!(ctx.function("upper").is_none());
    /// ```
    pub fn with_functions(functions: Arc<BTreeMap<String, Function>>) -> EvalContext {
        EvalContext {
            functions,
            ..EvalContext::default()
        }
    }

    /// An empty context in the given mode.
    pub fn with_mode(mode: EvalMode) -> EvalContext {
        EvalContext {
            mode,
            ..EvalContext::default()
        }
    }

    /// The evaluation mode.
    pub fn mode(&self) -> EvalMode {
        self.mode
    }

    /// Whether this context is in literal-only mode.
    pub fn is_literal_only(&self) -> bool {
        self.mode == EvalMode::LiteralOnly
    }

    /// The rule set for values that evaluation in this context follows
    /// ([`Semantics::Spec`] unless [`EvalContext::set_semantics`] chose
    /// otherwise, here or in the parent this child was made from).
    pub fn semantics(&self) -> Semantics {
        self.semantics
    }

    /// Chooses the rule set for values (see [`Semantics`]). Children made
    /// afterwards inherit it; children made before keep theirs.
    ///
    /// ```
    /// use hcl_core::{EvalContext, Semantics};
    ///
    /// let mut ctx = EvalContext::new();
    /// ctx.set_semantics(Semantics::Go);
    /// let child = ctx.new_child();
    /// assert_eq!(child.semantics(), Semantics::Go);
    /// ```
    pub fn set_semantics(&mut self, semantics: Semantics) -> &mut EvalContext {
        self.semantics = semantics;
        self
    }

    /// A child of this context, in the same mode and semantics, with empty scopes of its
    /// own that shadow this one's. This context is shared, not copied.
    pub fn new_child(&self) -> EvalContext {
        EvalContext {
            mode: self.mode,
            semantics: self.semantics,
            variables: Arc::default(),
            functions: Arc::default(),
            advice: None,
            parent: Some(Arc::new(self.clone())),
        }
    }

    /// Whether `other` is this very context (shares its scopes and
    /// parent), not merely an equal one.
    pub(crate) fn same_as(&self, other: &EvalContext) -> bool {
        self.mode == other.mode
            && self.semantics == other.semantics
            && Arc::ptr_eq(&self.variables, &other.variables)
            && Arc::ptr_eq(&self.functions, &other.functions)
            && match (&self.parent, &other.parent) {
                (None, None) => true,
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            }
    }

    /// The parent context, if this is a child.
    pub fn parent(&self) -> Option<&EvalContext> {
        self.parent.as_deref()
    }

    /// Declares (or redeclares) a variable in this context's own scope,
    /// shadowing any of the same name in its ancestors. Fails in
    /// literal-only mode.
    pub fn declare_variable(
        &mut self,
        name: impl Into<String>,
        value: Value,
    ) -> Result<&mut EvalContext, EvalContextError> {
        let name = name.into();
        if self.is_literal_only() {
            return Err(EvalContextError::VariableInLiteralOnlyMode { name });
        }
        Arc::make_mut(&mut self.variables).insert(name, value);
        Ok(self)
    }

    /// Declares (or redeclares) a function in this context's own table,
    /// shadowing any of the same name in its ancestors. Fails in
    /// literal-only mode.
    pub fn declare_function(
        &mut self,
        name: impl Into<String>,
        function: Function,
    ) -> Result<&mut EvalContext, EvalContextError> {
        let name = name.into();
        if self.is_literal_only() {
            return Err(EvalContextError::FunctionInLiteralOnlyMode { name });
        }
        Arc::make_mut(&mut self.functions).insert(name, function);
        Ok(self)
    }

    /// Sets what this context says about a function it does not declare
    /// but a library could provide (see [`FunctionAdvice`]); a child asks
    /// its ancestors'.
    pub fn set_function_advice(&mut self, advice: FunctionAdvice) -> &mut EvalContext {
        self.advice = Some(advice);
        self
    }

    /// How to enable the function `name`, which this context does not
    /// declare, by the nearest advice that knows it.
    pub fn function_advice(&self, name: &str) -> Option<String> {
        self.scopes()
            .filter_map(|ctx| ctx.advice.as_ref())
            .find_map(|a| a.advise(name))
    }

    /// The value of the variable `name`: from this context's own scope, else
    /// from the nearest ancestor that declares it.
    pub fn variable(&self, name: &str) -> Option<&Value> {
        self.scopes().find_map(|ctx| ctx.variables.get(name))
    }

    /// The function `name`: from this context's own table, else from the
    /// nearest ancestor that declares it.
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.scopes().find_map(|ctx| ctx.functions.get(name))
    }

    /// The visible variables, in name order: each name once, with the value
    /// that [`EvalContext::variable`] gives for it.
    pub fn variables(&self) -> impl Iterator<Item = (&str, &Value)> {
        let mut visible = BTreeMap::new();
        for ctx in self.scopes() {
            for (name, value) in ctx.variables.iter() {
                visible.entry(name.as_str()).or_insert(value);
            }
        }
        visible.into_iter()
    }

    /// The visible functions, in name order: each name once, with the
    /// function that [`EvalContext::function`] gives for it.
    pub fn functions(&self) -> impl Iterator<Item = (&str, &Function)> {
        let mut visible = BTreeMap::new();
        for ctx in self.scopes() {
            for (name, function) in ctx.functions.iter() {
                visible.entry(name.as_str()).or_insert(function);
            }
        }
        visible.into_iter()
    }

    /// The names of the visible variables, in order, each once.
    pub fn variable_names(&self) -> impl Iterator<Item = &str> {
        self.variables().map(|(name, _)| name)
    }

    /// The names of the visible functions, in order, each once.
    pub fn function_names(&self) -> impl Iterator<Item = &str> {
        self.functions().map(|(name, _)| name)
    }

    /// The names of the functions this context declares itself (not its
    /// ancestors'), in order.
    pub(crate) fn own_function_names(&self) -> impl Iterator<Item = &str> {
        self.functions.keys().map(String::as_str)
    }

    /// This context, then its ancestors from the nearest outwards.
    fn scopes(&self) -> impl Iterator<Item = &EvalContext> {
        std::iter::successors(Some(self), |ctx| ctx.parent())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::function::Parameter;
    use crate::ty::Type;

    fn constant(value: Value) -> Function {
        Function::builder()
            .returns(value.ty().clone())
            .build(move |_, _| Ok(value.clone()))
    }

    #[test]
    fn default_context_is_full_expression_mode_with_nothing_declared() {
        let ctx = EvalContext::default();
        assert_eq!(ctx.mode(), EvalMode::FullExpression);
        assert!(!ctx.is_literal_only());
        assert_eq!(ctx.variable_names().count(), 0);
        assert_eq!(ctx.function_names().count(), 0);
        assert!(ctx.parent().is_none());
        assert_eq!(EvalContext::new().mode(), EvalMode::FullExpression);
        assert_eq!(
            EvalContext::with_mode(EvalMode::LiteralOnly).mode(),
            EvalMode::LiteralOnly
        );
    }

    #[test]
    fn full_expression_context_provides_variables() {
        let mut ctx = EvalContext::new();
        ctx.declare_variable("a", Value::number(1)).unwrap();
        assert_eq!(ctx.variable("a"), Some(&Value::number(1)));
        assert_eq!(ctx.variable("b"), None);
    }

    #[test]
    fn full_expression_context_provides_functions() {
        let mut ctx = EvalContext::new();
        ctx.declare_function("one", constant(Value::number(1)))
            .unwrap();
        let f = ctx.function("one").unwrap();
        assert_eq!(f.call(&[]).unwrap(), Value::number(1));
        assert!(ctx.function("two").is_none());
    }

    #[test]
    fn literal_only_context_rejects_variables() {
        let mut ctx = EvalContext::literal_only();
        assert!(ctx.is_literal_only());
        let err = ctx.declare_variable("a", Value::number(1)).unwrap_err();
        assert_eq!(
            err,
            EvalContextError::VariableInLiteralOnlyMode { name: "a".into() }
        );
        assert_eq!(
            err.to_string(),
            "cannot declare variable \"a\": variables are not available in literal-only mode"
        );
        assert_eq!(ctx.variable("a"), None);
    }

    #[test]
    fn literal_only_context_rejects_functions() {
        let mut ctx = EvalContext::literal_only();
        let err = ctx
            .declare_function("f", constant(Value::bool(true)))
            .unwrap_err();
        assert_eq!(
            err,
            EvalContextError::FunctionInLiteralOnlyMode { name: "f".into() }
        );
        assert!(err.to_string().contains("literal-only mode"));
        assert!(ctx.function("f").is_none());
    }

    #[test]
    fn child_of_literal_only_context_is_literal_only() {
        let mut child = EvalContext::literal_only().new_child();
        assert!(child.is_literal_only());
        assert!(child.declare_variable("a", Value::number(1)).is_err());
        assert!(
            child
                .declare_function("f", constant(Value::number(1)))
                .is_err()
        );
    }

    #[test]
    fn child_scope_shadows_parent() {
        let mut parent = EvalContext::new();
        parent
            .declare_variable("a", Value::number(1))
            .unwrap()
            .declare_function("f", constant(Value::number(1)))
            .unwrap();
        let mut child = parent.new_child();
        child
            .declare_variable("a", Value::number(2))
            .unwrap()
            .declare_function("f", constant(Value::number(2)))
            .unwrap();
        assert_eq!(child.variable("a"), Some(&Value::number(2)));
        assert_eq!(
            child.function("f").unwrap().call(&[]).unwrap(),
            Value::number(2)
        );
        // The parent is unchanged.
        assert_eq!(parent.variable("a"), Some(&Value::number(1)));
        assert_eq!(
            parent.function("f").unwrap().call(&[]).unwrap(),
            Value::number(1)
        );
    }

    #[test]
    fn child_scope_falls_back_to_parent() {
        let mut root = EvalContext::new();
        root.declare_variable("a", Value::number(1)).unwrap();
        root.declare_function("f", constant(Value::number(1)))
            .unwrap();
        let mut middle = root.new_child();
        middle.declare_variable("b", Value::number(2)).unwrap();
        let leaf = middle.new_child();
        assert_eq!(leaf.variable("a"), Some(&Value::number(1)));
        assert_eq!(leaf.variable("b"), Some(&Value::number(2)));
        assert!(leaf.function("f").is_some());
        assert_eq!(leaf.variable("c"), None);
        assert_eq!(
            leaf.parent().and_then(|p| p.variable("b")),
            Some(&Value::number(2))
        );
        assert_eq!(root.variable("b"), None);
    }

    #[test]
    fn child_sees_parent_as_it_was_when_made() {
        let mut parent = EvalContext::new();
        parent.declare_variable("a", Value::number(1)).unwrap();
        let child = parent.new_child();
        parent.declare_variable("a", Value::number(9)).unwrap();
        parent.declare_variable("b", Value::number(2)).unwrap();
        assert_eq!(child.variable("a"), Some(&Value::number(1)));
        assert_eq!(child.variable("b"), None);
        assert_eq!(parent.variable("a"), Some(&Value::number(9)));
    }

    #[test]
    fn redeclaring_a_variable_replaces_it() {
        let mut ctx = EvalContext::new();
        ctx.declare_variable("a", Value::number(1)).unwrap();
        ctx.declare_variable("a", Value::string("x")).unwrap();
        assert_eq!(ctx.variable("a"), Some(&Value::string("x")));
        assert_eq!(ctx.variables().count(), 1);
    }

    #[test]
    fn visible_names_iterate_in_sorted_order_once_each() {
        let mut parent = EvalContext::new();
        for name in ["zeta", "alpha", "mid"] {
            parent.declare_variable(name, Value::number(0)).unwrap();
        }
        parent
            .declare_function("upper", constant(Value::number(0)))
            .unwrap();
        parent
            .declare_function("lower", constant(Value::number(0)))
            .unwrap();
        let mut child = parent.new_child();
        child.declare_variable("beta", Value::number(1)).unwrap();
        child.declare_variable("mid", Value::number(1)).unwrap();
        child
            .declare_function("abs", constant(Value::number(0)))
            .unwrap();

        assert_eq!(
            child.variable_names().collect::<Vec<_>>(),
            ["alpha", "beta", "mid", "zeta"]
        );
        assert_eq!(
            child.function_names().collect::<Vec<_>>(),
            ["abs", "lower", "upper"]
        );
        // Shadowed names carry the innermost value.
        let vars: Vec<_> = child.variables().collect();
        assert_eq!(vars[2], ("mid", &Value::number(1)));
        assert_eq!(child.functions().count(), 3);
    }

    #[test]
    fn variables_may_be_null_or_unknown() {
        let mut ctx = EvalContext::new();
        ctx.declare_variable("n", Value::null(Type::String))
            .unwrap();
        ctx.declare_variable("u", Value::unknown(Type::Number))
            .unwrap();
        assert!(ctx.variable("n").is_some_and(Value::is_null));
        assert!(ctx.variable("u").is_some_and(|v| !v.is_known()));
    }

    #[test]
    fn functions_in_context_keep_their_parameters() {
        let f = Function::builder()
            .param(Parameter::new("x", Type::String))
            .returns(Type::String)
            .build(|args, _| Ok(args[0].clone()));
        let mut ctx = EvalContext::new();
        ctx.declare_function("id", f).unwrap();
        let child = ctx.new_child();
        assert_eq!(child.function("id").unwrap().params()[0].name(), "x");
    }

    #[test]
    fn contexts_are_cheap_to_clone_and_thread_safe() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<EvalContext>();
        let mut ctx = EvalContext::new();
        ctx.declare_variable("a", Value::number(1)).unwrap();
        let copy = ctx.clone();
        assert!(Arc::ptr_eq(&ctx.variables, &copy.variables));
        // Declaring in the copy does not affect the original.
        let mut copy = copy;
        copy.declare_variable("b", Value::number(2)).unwrap();
        assert_eq!(ctx.variable("b"), None);
        assert_eq!(copy.variable("a"), Some(&Value::number(1)));
    }

    #[test]
    fn debug_output_names_the_declarations() {
        let mut ctx = EvalContext::new();
        ctx.declare_variable("answer", Value::number(42)).unwrap();
        let text = format!("{ctx:?}");
        assert!(text.contains("answer"));
        assert!(text.contains("FullExpression"));
    }
}
