//! Functions and function calls ("Functions and Function Calls" in the
//! information model).
//!
//! A [`Function`] is defined by its positional [`Parameter`]s, an optional
//! variadic parameter, a *result type definition* (the type returned for a
//! given sequence of argument values) and a *result value definition* (the
//! implementation). [`Function::call`] maps the arguments to the parameters
//! and checks them as the spec says, so that an implementation only ever
//! sees arguments that fit its parameters:
//!
//! 1. Each positional parameter takes the next argument (too few arguments
//!    is an error); the variadic parameter, if any, takes the rest (too many
//!    arguments is an error when there is none).
//! 2. For each argument: a null where the parameter does not accept nulls is
//!    an error; an argument of the dynamic pseudo-type where the parameter
//!    does not accept it makes the call valid but forces the result type to
//!    the dynamic pseudo-type; an argument whose type does not *match* the
//!    parameter's type specification is an error.
//! 3. Otherwise the result type definition gives the result type.
//! 4. An unknown argument where the parameter does not accept unknowns makes
//!    the result the unknown value of the result type, without running the
//!    implementation; otherwise the implementation runs, and its result must
//!    conform to the result type.
//!
//! A function does not convert its arguments: converting each argument to its
//! parameter's type is the job of the calling syntax, before the call.
//!
//! ```
//! use hcl_core::function::{Function, FunctionError, Parameter};
//! use hcl_core::{Type, Value};
//!
//! let upper = Function::builder()
//!     .description("Converts a string to upper case.")
//!     .param(Parameter::new("str", Type::String))
//!     .returns(Type::String)
//!     .build(|args, _ty| {
//!         let text = args[0]
//!             .as_str()
//!             .ok_or_else(|| FunctionError::argument(0, "a string is required"))?;
//!         Ok(Value::string(text.to_uppercase()))
//!     });
//!
//! assert_eq!(upper.call(&[Value::string("hello")]).unwrap(), Value::string("HELLO"));
//!
//! // An unknown argument gives an unknown result of the result type.
//! let unknown = upper.call(&[Value::unknown(Type::String)]).unwrap();
//! assert_eq!(unknown, Value::unknown(Type::String));
//!
//! // The checks of the spec run before the implementation does.
//! let err = upper.call(&[Value::null(Type::String)]).unwrap_err();
//! assert_eq!(err, FunctionError::argument(0, "argument must not be null"));
//! assert_eq!(err.to_string(), "argument must not be null");
//!
//! let err = upper.call(&[]).unwrap_err();
//! assert_eq!(err.to_string(), "not enough arguments (1 required; 0 given)");
//! ```

use std::error::Error;
use std::fmt;
use std::sync::Arc;

use crate::path::{Path, PathStep};
use crate::semantics::Semantics;
use crate::ty::Type;
use crate::value::{Value, ValueError};

/// A result type definition: the type a function returns for the given
/// argument values. Arguments may be unknown (or the dynamic value where
/// the parameter accepts it) even if the parameter does not accept unknown
/// values for the implementation.
pub type ReturnTypeFn = dyn Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync;

/// A result value definition: the implementation of a function, given the
/// argument values and the result type computed for them. The value it
/// returns must conform to that type.
pub type ImplementationFn = dyn Fn(&[Value], &Type) -> Result<Value, FunctionError> + Send + Sync;

/// What a definition holds: a result type definition that also receives
/// the call's [`Semantics`] ([`FunctionBuilder::return_type_with_semantics`];
/// a [`ReturnTypeFn`] ignores it).
type SemanticReturnTypeFn =
    dyn Fn(&[Value], Semantics) -> Result<Type, FunctionError> + Send + Sync;

/// An implementation that also receives the call's [`Semantics`]
/// ([`FunctionBuilder::build_with_semantics`]; an [`ImplementationFn`]
/// ignores it).
type SemanticImplementationFn =
    dyn Fn(&[Value], &Type, Semantics) -> Result<Value, FunctionError> + Send + Sync;

/// One parameter of a [`Function`]: a name for documentation, a type
/// specification for the argument values, and whether null values, unknown
/// values and values of the dynamic pseudo-type are accepted (by default
/// none of them is).
///
/// ```
/// use hcl_core::function::Parameter;
/// use hcl_core::Type;
///
/// let p = Parameter::new("str", Type::String).allow_null();
/// assert_eq!(p.name(), "str");
/// assert!(p.allows_null());
/// assert!(!p.allows_unknown());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    name: String,
    description: Option<String>,
    ty: Type,
    allow_null: bool,
    allow_unknown: bool,
    allow_dynamic: bool,
}

impl Parameter {
    /// A parameter named `name` (for documentation and messages) whose
    /// arguments must match the type specification `ty`, accepting neither
    /// nulls, nor unknown values, nor values of the dynamic pseudo-type.
    pub fn new(name: impl Into<String>, ty: Type) -> Parameter {
        Parameter {
            name: name.into(),
            description: None,
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_dynamic: false,
        }
    }

    /// A parameter that receives its argument unevaluated: an
    /// [`ExpressionClosure`](crate::expression_closure::ExpressionClosure)
    /// (the expression and its evaluation context) inside a value of
    /// [`expression_closure_type`](crate::expression_closure::expression_closure_type).
    /// The syntaxes do not evaluate such an argument; the function
    /// evaluates it when and if it wants (this is how `try` and `can` are
    /// made). See the [`expression_closure`](crate::expression_closure)
    /// module for an example.
    pub fn expression_closure(name: impl Into<String>) -> Parameter {
        Parameter::new(name, crate::expression_closure::expression_closure_type())
    }

    /// Whether this parameter receives its argument unevaluated (made by
    /// [`Parameter::expression_closure`]).
    pub fn receives_expression(&self) -> bool {
        self.ty == crate::expression_closure::expression_closure_type()
    }

    /// This parameter, accepting null values: they reach the result type
    /// definition and the implementation instead of making the call
    /// erroneous.
    pub fn allow_null(mut self) -> Parameter {
        self.allow_null = true;
        self
    }

    /// This parameter, accepting unknown values: they reach the
    /// implementation instead of making the result unknown. (The result type
    /// definition sees unknown values in any case.)
    pub fn allow_unknown(mut self) -> Parameter {
        self.allow_unknown = true;
        self
    }

    /// This parameter, accepting values of the dynamic pseudo-type whatever
    /// its type specification: they reach the result type definition instead
    /// of forcing the result type to the dynamic pseudo-type. The dynamic
    /// value is also unknown, so it reaches the implementation only if the
    /// parameter accepts unknown values too.
    pub fn allow_dynamic(mut self) -> Parameter {
        self.allow_dynamic = true;
        self
    }

    /// This parameter, with a description for documentation.
    pub fn with_description(mut self, description: impl Into<String>) -> Parameter {
        self.description = Some(description.into());
        self
    }

    /// The parameter's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The parameter's description, if it has one.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// The type specification that argument types must match.
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// Whether null arguments are accepted.
    pub fn allows_null(&self) -> bool {
        self.allow_null
    }

    /// Whether unknown arguments reach the implementation.
    pub fn allows_unknown(&self) -> bool {
        self.allow_unknown
    }

    /// Whether arguments of the dynamic pseudo-type are accepted.
    pub fn allows_dynamic(&self) -> bool {
        self.allow_dynamic
    }
}

/// Why a function call failed.
///
/// The errors found by the checks of [`Function::call`] are [`Arity`] and
/// [`Argument`]; an implementation or a result type definition reports its
/// own errors as [`Argument`] (pointing at the argument at fault, by its
/// position in the call, variadic arguments included) or [`Failed`].
///
/// [`Arity`]: FunctionError::Arity
/// [`Argument`]: FunctionError::Argument
/// [`Failed`]: FunctionError::Failed
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum FunctionError {
    /// The number of arguments does not fit the parameters: fewer than the
    /// positional parameters, or more without a variadic parameter.
    Arity {
        /// The number of positional parameters.
        expected: usize,
        /// The number of arguments given.
        got: usize,
        /// Whether the function has a variadic parameter (then `expected`
        /// is a minimum).
        variadic: bool,
    },
    /// One argument is at fault.
    Argument {
        /// The argument's position in the call, from zero.
        index: usize,
        /// Where inside the argument's value the problem is (the root path
        /// for the value as a whole).
        path: Path,
        /// What is wrong, as a sentence fragment: "argument must not be null".
        message: String,
    },
    /// The implementation returned a value that does not conform to the
    /// result type: a bug in the function.
    ResultType {
        /// The result type of the call.
        expected: Type,
        /// The type of the value returned.
        actual: Type,
    },
    /// The function evaluated HCL of its own (a user function's body, say)
    /// and that failed: its diagnostics, at their own ranges. The native
    /// evaluator reports each as it is, with the call as its context,
    /// instead of flattening them into the call's message.
    Diagnostics(crate::diagnostic::Diagnostics),
    /// The function failed for a reason not tied to one argument.
    Failed {
        /// What went wrong.
        message: String,
        /// The underlying error, if there is one.
        source: Option<Arc<dyn Error + Send + Sync>>,
    },
}

impl FunctionError {
    /// An error about the argument at position `index` of the call as a
    /// whole.
    pub fn argument(index: usize, message: impl Into<String>) -> FunctionError {
        FunctionError::Argument {
            index,
            path: Path::root(),
            message: message.into(),
        }
    }

    /// An error about a part, at `path`, of the argument at position `index`.
    pub fn argument_at(index: usize, path: Path, message: impl Into<String>) -> FunctionError {
        FunctionError::Argument {
            index,
            path,
            message: message.into(),
        }
    }

    /// A failure not tied to one argument.
    pub fn failed(message: impl Into<String>) -> FunctionError {
        FunctionError::Failed {
            message: message.into(),
            source: None,
        }
    }

    /// A failure caused by another error, whose message it takes.
    pub fn other(error: impl Error + Send + Sync + 'static) -> FunctionError {
        FunctionError::Failed {
            message: error.to_string(),
            source: Some(Arc::new(error)),
        }
    }

    /// The position in the call of the argument at fault, if the error is
    /// about one argument.
    pub fn argument_index(&self) -> Option<usize> {
        match self {
            FunctionError::Argument { index, .. } => Some(*index),
            _ => None,
        }
    }
}

impl fmt::Display for FunctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FunctionError::Arity {
                expected,
                got,
                variadic,
            } => {
                if got < expected {
                    let at_least = if *variadic { "at least " } else { "" };
                    write!(
                        f,
                        "not enough arguments ({at_least}{expected} required; {got} given)"
                    )
                } else {
                    write!(
                        f,
                        "too many arguments (only {expected} accepted; {got} given)"
                    )
                }
            }
            FunctionError::Argument { message, .. } => f.write_str(message),
            FunctionError::ResultType { expected, actual } => write!(
                f,
                "the function returned a value of type {actual}, \
                 which does not conform to its result type {expected}"
            ),
            FunctionError::Failed { message, .. } => f.write_str(message),
            // `file:line,col-col: summary; detail`, as Go's `hcl.Diagnostics`
            // prints as an error.
            FunctionError::Diagnostics(diags) => {
                let mut all = diags.iter();
                let Some(first) = all.next() else {
                    return f.write_str("no diagnostics");
                };
                match &first.subject {
                    Some(subject) => write!(f, "{subject}: ")?,
                    None => f.write_str(":0,0-0: ")?,
                }
                write!(f, "{}; {}", first.summary, first.detail)?;
                match all.count() {
                    0 => Ok(()),
                    n => write!(f, ", and {n} other diagnostic(s)"),
                }
            }
        }
    }
}

impl Error for FunctionError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            FunctionError::Failed {
                source: Some(source),
                ..
            } => Some(source.as_ref() as &(dyn Error + 'static)),
            _ => None,
        }
    }
}

/// Equality of kind and data; two [`FunctionError::Failed`] errors are equal
/// when their messages are.
impl PartialEq for FunctionError {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (
                FunctionError::Arity {
                    expected: e1,
                    got: g1,
                    variadic: v1,
                },
                FunctionError::Arity {
                    expected: e2,
                    got: g2,
                    variadic: v2,
                },
            ) => e1 == e2 && g1 == g2 && v1 == v2,
            (
                FunctionError::Argument {
                    index: i1,
                    path: p1,
                    message: m1,
                },
                FunctionError::Argument {
                    index: i2,
                    path: p2,
                    message: m2,
                },
            ) => i1 == i2 && p1 == p2 && m1 == m2,
            (
                FunctionError::ResultType {
                    expected: e1,
                    actual: a1,
                },
                FunctionError::ResultType {
                    expected: e2,
                    actual: a2,
                },
            ) => e1 == e2 && a1 == a2,
            (
                FunctionError::Failed { message: m1, .. },
                FunctionError::Failed { message: m2, .. },
            ) => m1 == m2,
            (FunctionError::Diagnostics(d1), FunctionError::Diagnostics(d2)) => d1 == d2,
            _ => false,
        }
    }
}

/// A value that could not be built is a failure of the function.
impl From<ValueError> for FunctionError {
    fn from(error: ValueError) -> Self {
        FunctionError::other(error)
    }
}

/// A function an application makes available to expressions.
///
/// Cheap to clone: the definition is shared. Built with
/// [`Function::builder`]; see the [module documentation](self) for the
/// rules of a call.
#[derive(Clone)]
pub struct Function(Arc<Definition>);

struct Definition {
    params: Vec<Parameter>,
    variadic: Option<Parameter>,
    description: Option<String>,
    return_type: Box<SemanticReturnTypeFn>,
    implementation: Box<SemanticImplementationFn>,
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Function")
            .field("params", &self.0.params)
            .field("variadic", &self.0.variadic)
            .field("description", &self.0.description)
            .finish_non_exhaustive()
    }
}

impl Function {
    /// A builder for a function with no parameters, the dynamic pseudo-type
    /// as its result type and no description, until told otherwise.
    pub fn builder() -> FunctionBuilder {
        FunctionBuilder {
            params: Vec::new(),
            variadic: None,
            description: None,
            return_type: Box::new(|_, _| Ok(Type::Dynamic)),
        }
    }

    /// The positional parameters, in order.
    pub fn params(&self) -> &[Parameter] {
        &self.0.params
    }

    /// The variadic parameter, if the function has one.
    pub fn variadic(&self) -> Option<&Parameter> {
        self.0.variadic.as_ref()
    }

    /// The function's description, if it has one.
    pub fn description(&self) -> Option<&str> {
        self.0.description.as_deref()
    }

    /// The parameter that the argument at position `index` of a call maps
    /// to: a positional parameter, else the variadic parameter, else none.
    pub fn parameter_for(&self, index: usize) -> Option<&Parameter> {
        self.0.params.get(index).or(self.0.variadic.as_ref())
    }

    /// The result type of a call with these arguments, after the mapping
    /// and checking steps of a call (see the [module documentation](self)),
    /// without running the implementation. Unknown arguments stand for any
    /// value of their type.
    ///
    /// ```
    /// use hcl_core::function::{Function, Parameter};
    /// use hcl_core::{Type, Value};
    ///
    /// let f = Function::builder()
    ///     .param(Parameter::new("list", Type::list(Type::Dynamic)))
    ///     // The element type of the list given.
    ///     .return_type(|args| Ok(args[0].ty().element_type().cloned().unwrap_or(Type::Dynamic)))
    ///     .build(|args, ty| {
    ///         let first = args[0].elements().and_then(|e| e.first().cloned());
    ///         Ok(first.unwrap_or_else(|| Value::null(ty.clone())))
    ///     });
    ///
    /// let list = Value::unknown(Type::list(Type::Number));
    /// assert_eq!(f.return_type(&[list]).unwrap(), Type::Number);
    /// // The dynamic value forces the result type to the dynamic pseudo-type.
    /// assert_eq!(f.return_type(&[Value::dynamic()]).unwrap(), Type::Dynamic);
    /// ```
    pub fn return_type(&self, args: &[Value]) -> Result<Type, FunctionError> {
        self.return_type_with(args, Semantics::Spec)
    }

    /// [`Function::return_type`] by the rules of `sem`. In Go mode (cty's
    /// `ReturnTypeForValues`) the first argument of the dynamic pseudo-type
    /// for a parameter that does not accept it ends the checks: the result
    /// type is dynamic, whatever the later arguments are.
    ///
    /// ```
    /// use hcl_core::function::{Function, FunctionError, Parameter};
    /// use hcl_core::{Semantics, Type, Value};
    ///
    /// let f = Function::builder()
    ///     .params([Parameter::new("a", Type::String), Parameter::new("b", Type::String)])
    ///     .returns(Type::String)
    ///     .build(|args, _| Ok(args[0].clone()));
    /// let args = [Value::dynamic(), Value::null(Type::String)];
    /// assert!(f.return_type_with(&args, Semantics::Spec).is_err());
    /// assert_eq!(f.return_type_with(&args, Semantics::Go).unwrap(), Type::Dynamic);
    /// ```
    pub fn return_type_with(&self, args: &[Value], sem: Semantics) -> Result<Type, FunctionError> {
        let def = &self.0;
        let required = def.params.len();
        if args.len() < required || (def.variadic.is_none() && args.len() > required) {
            return Err(FunctionError::Arity {
                expected: required,
                got: args.len(),
                variadic: def.variadic.is_some(),
            });
        }

        let mut forced_dynamic = false;
        for (index, arg) in args.iter().enumerate() {
            let Some(param) = self.parameter_for(index) else {
                // Unreachable after the arity check; reported rather than
                // trusted.
                return Err(FunctionError::Arity {
                    expected: required,
                    got: args.len(),
                    variadic: false,
                });
            };
            if arg.is_null() && !param.allow_null {
                return Err(FunctionError::argument(index, "argument must not be null"));
            }
            if arg.ty().is_dynamic() {
                if !param.allow_dynamic {
                    if sem.is_go() {
                        return Ok(Type::Dynamic);
                    }
                    forced_dynamic = true;
                }
                continue;
            }
            if !arg.ty().matches(&param.ty) {
                let (path, message) = mismatch(arg.ty(), &param.ty);
                return Err(FunctionError::argument_at(index, path, message));
            }
        }

        if forced_dynamic {
            return Ok(Type::Dynamic);
        }
        (def.return_type)(args, sem)
    }

    /// The result type of a call with unknown arguments of these types:
    /// [`Function::return_type`] for the unknown value of each type.
    pub fn return_type_for_types(&self, types: &[Type]) -> Result<Type, FunctionError> {
        let args: Vec<Value> = types.iter().cloned().map(Value::unknown).collect();
        self.return_type(&args)
    }

    /// Calls the function: maps and checks the arguments, then executes the
    /// call (see the [module documentation](self)).
    pub fn call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        self.call_with(args, Semantics::Spec)
    }

    /// [`Function::call`] by the rules of `sem` (see
    /// [`Function::return_type_with`]).
    pub fn call_with(&self, args: &[Value], sem: Semantics) -> Result<Value, FunctionError> {
        let ty = self.return_type_with(args, sem)?;

        for (index, arg) in args.iter().enumerate() {
            let allow_unknown = self.parameter_for(index).is_some_and(|p| p.allow_unknown);
            if !arg.is_known() && !allow_unknown {
                return Ok(Value::unknown(ty));
            }
        }

        let result = (self.0.implementation)(args, &ty, sem)?;
        if !result.ty().matches(&ty) {
            return Err(FunctionError::ResultType {
                expected: ty,
                actual: result.ty().clone(),
            });
        }
        Ok(result)
    }
}

/// Builds a [`Function`]: parameters, result type definition and
/// description, then [`FunctionBuilder::build`] with the implementation.
pub struct FunctionBuilder {
    params: Vec<Parameter>,
    variadic: Option<Parameter>,
    description: Option<String>,
    return_type: Box<SemanticReturnTypeFn>,
}

impl fmt::Debug for FunctionBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FunctionBuilder")
            .field("params", &self.params)
            .field("variadic", &self.variadic)
            .field("description", &self.description)
            .finish_non_exhaustive()
    }
}

impl FunctionBuilder {
    /// Adds a positional parameter after those already added.
    pub fn param(mut self, param: Parameter) -> FunctionBuilder {
        self.params.push(param);
        self
    }

    /// Adds positional parameters after those already added.
    pub fn params(mut self, params: impl IntoIterator<Item = Parameter>) -> FunctionBuilder {
        self.params.extend(params);
        self
    }

    /// Sets the variadic parameter, which collects the arguments after the
    /// positional ones.
    pub fn variadic(mut self, param: Parameter) -> FunctionBuilder {
        self.variadic = Some(param);
        self
    }

    /// Sets the description.
    pub fn description(mut self, description: impl Into<String>) -> FunctionBuilder {
        self.description = Some(description.into());
        self
    }

    /// Sets a static result type: the same for every valid call.
    pub fn returns(mut self, ty: Type) -> FunctionBuilder {
        self.return_type = Box::new(move |_, _| Ok(ty.clone()));
        self
    }

    /// Sets the result type definition, which may depend on the argument
    /// values as well as their types.
    pub fn return_type(
        mut self,
        return_type: impl Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync + 'static,
    ) -> FunctionBuilder {
        self.return_type = Box::new(move |args, _| return_type(args));
        self
    }

    /// Sets a result type definition that depends on the rule set of the
    /// call ([`Function::return_type_with`], [`Function::call_with`]) as
    /// well as on the arguments: for a function whose specification and
    /// HashiCorp's implementation disagree (`docs/deviations.md`).
    ///
    /// ```
    /// use hcl_core::function::{Function, FunctionError, Parameter};
    /// use hcl_core::{Semantics, Type, Value};
    ///
    /// // Accepts a string by the specification's rules only.
    /// let f = Function::builder()
    ///     .param(Parameter::new("v", Type::Dynamic))
    ///     .return_type_with_semantics(|args, sem| match (args[0].ty(), sem) {
    ///         (Type::String, Semantics::Go) => Err(FunctionError::failed("not in Go")),
    ///         _ => Ok(Type::Bool),
    ///     })
    ///     .build(|_, _| Ok(Value::bool(true)));
    /// let arg = [Value::string("x")];
    /// assert_eq!(f.call_with(&arg, Semantics::Spec).unwrap(), Value::bool(true));
    /// assert!(f.call_with(&arg, Semantics::Go).is_err());
    /// ```
    pub fn return_type_with_semantics(
        mut self,
        return_type: impl Fn(&[Value], Semantics) -> Result<Type, FunctionError> + Send + Sync + 'static,
    ) -> FunctionBuilder {
        self.return_type = Box::new(return_type);
        self
    }

    /// The function, with this implementation (the result value
    /// definition). It receives the arguments, one for each parameter and
    /// then the variadic arguments, and the result type of the call.
    pub fn build(
        self,
        implementation: impl Fn(&[Value], &Type) -> Result<Value, FunctionError> + Send + Sync + 'static,
    ) -> Function {
        self.build_with_semantics(move |args, ty, _| implementation(args, ty))
    }

    /// [`FunctionBuilder::build`] with an implementation that also receives
    /// the rule set of the call ([`Function::call_with`]; `Semantics::Spec`
    /// for [`Function::call`]).
    ///
    /// ```
    /// use hcl_core::function::{Function, Parameter};
    /// use hcl_core::{Semantics, Type, Value};
    ///
    /// let f = Function::builder()
    ///     .returns(Type::String)
    ///     .build_with_semantics(|_, _, sem| Ok(Value::string(sem.name())));
    /// assert_eq!(f.call(&[]).unwrap(), Value::string("spec"));
    /// assert_eq!(f.call_with(&[], Semantics::Go).unwrap(), Value::string("go"));
    /// ```
    pub fn build_with_semantics(
        self,
        implementation: impl Fn(&[Value], &Type, Semantics) -> Result<Value, FunctionError>
        + Send
        + Sync
        + 'static,
    ) -> Function {
        Function(Arc::new(Definition {
            params: self.params,
            variadic: self.variadic,
            description: self.description,
            return_type: self.return_type,
            implementation: Box::new(implementation),
        }))
    }
}

/// The first reason, in the Go implementation's words and order, why
/// `given` does not match the type specification `want`, and where.
fn mismatch(given: &Type, want: &Type) -> (Path, String) {
    let mut path = Path::root();
    match find_mismatch(given, want, &mut path) {
        Some(message) => (path, message),
        None => (
            Path::root(),
            format!(
                "{} required, but received {}",
                want.friendly_name(),
                given.friendly_name()
            ),
        ),
    }
}

/// Walks `given` against `want` as [`Type::matches`] does and describes
/// the first difference, leaving `path` pointing at it.
fn find_mismatch(given: &Type, want: &Type, path: &mut Path) -> Option<String> {
    match (given, want) {
        (_, Type::Dynamic) => None,
        (Type::List(g), Type::List(w)) => {
            in_step(path, PathStep::Index(Value::unknown(Type::Number)), |p| {
                find_mismatch(g, w, p)
            })
        }
        (Type::Map(g), Type::Map(w)) => {
            in_step(path, PathStep::Index(Value::unknown(Type::String)), |p| {
                find_mismatch(g, w, p)
            })
        }
        (Type::Set(g), Type::Set(w)) => in_step(
            path,
            PathStep::Index(Value::unknown(g.as_ref().clone())),
            |p| find_mismatch(g, w, p),
        ),
        (Type::Object(g), Type::Object(w)) => {
            if let Some(name) = g.attributes().keys().find(|n| w.attribute(n).is_none()) {
                return Some(format!("unsupported attribute {name:?}"));
            }
            if let Some(name) = w
                .attributes()
                .keys()
                .find(|n| g.attribute(n).is_none() && !w.is_optional(n))
            {
                return Some(format!("missing required attribute {name:?}"));
            }
            g.attributes().iter().find_map(|(name, g_ty)| {
                let w_ty = w.attribute(name)?;
                in_step(path, PathStep::Attr(name.clone()), |p| {
                    find_mismatch(g_ty, w_ty, p)
                })
            })
        }
        (Type::Tuple(g), Type::Tuple(w)) => {
            if g.len() != w.len() {
                return Some(format!(
                    "{} elements are required, but got {}",
                    w.len(),
                    g.len()
                ));
            }
            g.elements()
                .iter()
                .zip(w.elements())
                .enumerate()
                .find_map(|(i, (g_ty, w_ty))| {
                    let key = Value::number(i64::try_from(i).unwrap_or(i64::MAX));
                    in_step(path, PathStep::Index(key), |p| find_mismatch(g_ty, w_ty, p))
                })
        }
        _ if given == want => None,
        _ => Some(format!(
            "{} required, but received {}",
            want.friendly_name(),
            given.friendly_name()
        )),
    }
}

/// Runs `f` with `step` pushed onto `path`, leaving it there only if `f`
/// found a difference.
fn in_step(
    path: &mut Path,
    step: PathStep,
    f: impl FnOnce(&mut Path) -> Option<String>,
) -> Option<String> {
    path.push(step);
    let found = f(path);
    if found.is_none() {
        path.pop();
    }
    found
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A function with the given positional parameters and optional
    /// variadic parameter, returning a string that lists its arguments.
    fn echo(params: Vec<Parameter>, variadic: Option<Parameter>) -> Function {
        let mut b = Function::builder().params(params).returns(Type::String);
        if let Some(v) = variadic {
            b = b.variadic(v);
        }
        b.build(|args, _| {
            Ok(Value::string(
                args.iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join(","),
            ))
        })
    }

    fn s(text: &str) -> Value {
        Value::string(text)
    }

    /// A function whose implementation counts its runs.
    fn counted(param: Parameter, runs: Arc<AtomicUsize>) -> Function {
        Function::builder()
            .param(param)
            .returns(Type::String)
            .build(move |_, _| {
                runs.fetch_add(1, Ordering::SeqCst);
                Ok(Value::string("ran"))
            })
    }

    // --- Mapping arguments to parameters ---

    #[test]
    fn each_positional_parameter_takes_the_next_argument() {
        let f = Function::builder()
            .param(Parameter::new("a", Type::String))
            .param(Parameter::new("b", Type::Number))
            .returns(Type::String)
            .build(|args, _| Ok(Value::string(format!("{}|{}", args[0], args[1]))));
        assert_eq!(f.call(&[s("x"), Value::number(2)]).unwrap(), s("\"x\"|2"));
    }

    #[test]
    fn call_with_too_few_arguments_is_erroneous() {
        let f = echo(
            vec![
                Parameter::new("a", Type::String),
                Parameter::new("b", Type::String),
            ],
            None,
        );
        let err = f.call(&[s("x")]).unwrap_err();
        assert_eq!(
            err,
            FunctionError::Arity {
                expected: 2,
                got: 1,
                variadic: false
            }
        );
        assert_eq!(
            err.to_string(),
            "not enough arguments (2 required; 1 given)"
        );
        assert_eq!(err.argument_index(), None);
    }

    #[test]
    fn call_with_too_few_arguments_for_variadic_function_is_erroneous() {
        let f = echo(
            vec![Parameter::new("a", Type::String)],
            Some(Parameter::new("rest", Type::String)),
        );
        let err = f.call(&[]).unwrap_err();
        assert_eq!(
            err,
            FunctionError::Arity {
                expected: 1,
                got: 0,
                variadic: true
            }
        );
        assert_eq!(
            err.to_string(),
            "not enough arguments (at least 1 required; 0 given)"
        );
    }

    #[test]
    fn call_with_too_many_arguments_without_variadic_is_erroneous() {
        let f = echo(vec![Parameter::new("a", Type::String)], None);
        let err = f.call(&[s("x"), s("y")]).unwrap_err();
        assert_eq!(
            err,
            FunctionError::Arity {
                expected: 1,
                got: 2,
                variadic: false
            }
        );
        assert_eq!(
            err.to_string(),
            "too many arguments (only 1 accepted; 2 given)"
        );
    }

    #[test]
    fn variadic_parameter_collects_remaining_arguments() {
        let f = echo(
            vec![Parameter::new("a", Type::String)],
            Some(Parameter::new("rest", Type::Number)),
        );
        assert_eq!(f.call(&[s("x")]).unwrap(), s("\"x\""));
        assert_eq!(
            f.call(&[s("x"), Value::number(1), Value::number(2)])
                .unwrap(),
            s("\"x\",1,2")
        );
        assert_eq!(f.parameter_for(0).map(Parameter::name), Some("a"));
        assert_eq!(f.parameter_for(5).map(Parameter::name), Some("rest"));
    }

    #[test]
    fn variadic_arguments_are_checked_against_the_variadic_parameter() {
        let f = echo(
            vec![Parameter::new("a", Type::String)],
            Some(Parameter::new("rest", Type::Number)),
        );
        let err = f.call(&[s("x"), Value::number(1), s("two")]).unwrap_err();
        // The index is the argument's position in the call.
        assert_eq!(
            err,
            FunctionError::argument(2, "number required, but received string")
        );
        let err = f
            .call(&[s("x"), Value::number(1), Value::null(Type::Number)])
            .unwrap_err();
        assert_eq!(err, FunctionError::argument(2, "argument must not be null"));
    }

    #[test]
    fn function_without_parameters_accepts_no_arguments() {
        let f = echo(vec![], None);
        assert_eq!(f.call(&[]).unwrap(), s(""));
        assert!(matches!(
            f.call(&[s("x")]),
            Err(FunctionError::Arity {
                expected: 0,
                got: 1,
                ..
            })
        ));
        assert!(f.parameter_for(0).is_none());
    }

    // --- Checking each argument ---

    #[test]
    fn argument_not_matching_type_specification_is_erroneous() {
        let f = echo(vec![Parameter::new("a", Type::String)], None);
        let err = f.call(&[Value::number(1)]).unwrap_err();
        assert_eq!(
            err,
            FunctionError::argument(0, "string required, but received number")
        );
        assert_eq!(err.argument_index(), Some(0));
        assert_eq!(err.to_string(), "string required, but received number");
    }

    #[test]
    fn argument_of_identical_type_matches_its_specification() {
        let spec = Type::map(Type::list(Type::Bool));
        let f = echo(vec![Parameter::new("m", spec.clone())], None);
        let arg = Value::map([("k", Value::list([Value::bool(true)]).unwrap())]).unwrap();
        assert_eq!(arg.ty(), &spec);
        assert!(f.call(&[arg]).is_ok());
        let other = Value::map([("k", Value::list([s("x")]).unwrap())]).unwrap();
        assert_eq!(
            f.call(&[other]).unwrap_err(),
            FunctionError::argument_at(
                0,
                Path::root()
                    .index(Value::unknown(Type::String))
                    .index(Value::unknown(Type::Number)),
                "bool required, but received string"
            )
        );
    }

    #[test]
    fn function_does_not_convert_arguments() {
        // "1" would convert to a number, but converting is the caller's job.
        let f = echo(vec![Parameter::new("n", Type::Number)], None);
        assert!(matches!(
            f.call(&[s("1")]),
            Err(FunctionError::Argument { index: 0, .. })
        ));
    }

    #[test]
    fn argument_matching_dynamic_type_specification_is_accepted() {
        let f = echo(vec![Parameter::new("a", Type::Dynamic)], None);
        assert_eq!(f.call(&[Value::number(1)]).unwrap(), s("1"));
        let g = echo(vec![Parameter::new("l", Type::list(Type::Dynamic))], None);
        let list = Value::list([s("a")]).unwrap();
        assert!(g.call(&[list]).is_ok());
        let set = Value::set([s("a")]).unwrap();
        let err = g.call(&[set]).unwrap_err();
        assert_eq!(
            err,
            FunctionError::argument(0, "list of dynamic required, but received set of string")
        );
    }

    #[test]
    fn nested_type_mismatch_reports_path_to_the_difference() {
        let spec = Type::object([("name", Type::String), ("ports", Type::list(Type::Number))]);
        let f = echo(vec![Parameter::new("o", spec)], None);
        let arg = Value::object([
            ("name", s("web")),
            ("ports", Value::list([s("80")]).unwrap()),
        ]);
        let err = f.call(&[arg]).unwrap_err();
        assert_eq!(
            err,
            FunctionError::argument_at(
                0,
                Path::root()
                    .attr("ports")
                    .index(Value::unknown(Type::Number)),
                "number required, but received string"
            )
        );

        let arg = Value::object([("name", s("web"))]);
        assert_eq!(
            f.call(&[arg]).unwrap_err(),
            FunctionError::argument(0, "missing required attribute \"ports\"")
        );
        let arg = Value::object([
            ("name", s("web")),
            ("ports", Value::list_of(Type::Number, []).unwrap()),
            ("extra", Value::bool(true)),
        ]);
        assert_eq!(
            f.call(&[arg]).unwrap_err(),
            FunctionError::argument(0, "unsupported attribute \"extra\"")
        );

        let t = echo(
            vec![Parameter::new("t", Type::tuple([Type::String, Type::Bool]))],
            None,
        );
        assert_eq!(
            t.call(&[Value::tuple([s("a")])]).unwrap_err(),
            FunctionError::argument(0, "2 elements are required, but got 1")
        );
        assert_eq!(
            t.call(&[Value::tuple([s("a"), s("b")])]).unwrap_err(),
            FunctionError::argument_at(
                0,
                Path::root().index(Value::number(1)),
                "bool required, but received string"
            )
        );
    }

    #[test]
    fn optional_attribute_of_type_specification_may_be_absent() {
        let spec =
            Type::object_with_optional([("name", Type::String), ("port", Type::Number)], ["port"]);
        let f = echo(vec![Parameter::new("o", spec)], None);
        assert!(f.call(&[Value::object([("name", s("web"))])]).is_ok());
    }

    #[test]
    fn null_argument_rejected_unless_allowed() {
        let strict = echo(vec![Parameter::new("a", Type::String)], None);
        let err = strict.call(&[Value::null(Type::String)]).unwrap_err();
        assert_eq!(err, FunctionError::argument(0, "argument must not be null"));
        assert_eq!(err.to_string(), "argument must not be null");

        let lenient = echo(vec![Parameter::new("a", Type::String).allow_null()], None);
        assert_eq!(
            lenient.call(&[Value::null(Type::String)]).unwrap(),
            s("null")
        );
    }

    #[test]
    fn null_check_comes_before_type_check() {
        // As in the Go implementation: a null of the wrong type is reported
        // as a null.
        let f = echo(vec![Parameter::new("a", Type::String)], None);
        assert_eq!(
            f.call(&[Value::null(Type::Number)]).unwrap_err(),
            FunctionError::argument(0, "argument must not be null")
        );
    }

    #[test]
    fn first_erroneous_argument_is_reported() {
        let f = echo(
            vec![
                Parameter::new("a", Type::String),
                Parameter::new("b", Type::String),
            ],
            None,
        );
        let err = f
            .call(&[Value::number(1), Value::null(Type::String)])
            .unwrap_err();
        assert_eq!(err.argument_index(), Some(0));
    }

    #[test]
    fn dynamic_argument_forces_dynamic_result_type() {
        let runs = Arc::new(AtomicUsize::new(0));
        let f = counted(Parameter::new("a", Type::String), runs.clone());
        assert_eq!(f.return_type(&[Value::dynamic()]).unwrap(), Type::Dynamic);
        // The dynamic value is unknown, so the result is the dynamic value.
        assert_eq!(f.call(&[Value::dynamic()]).unwrap(), Value::dynamic());
        assert_eq!(runs.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn dynamic_argument_reaches_implementation_only_if_unknowns_allowed() {
        // As the spec's execution step and the Go implementation do: the
        // forced result type is the dynamic pseudo-type, and the dynamic
        // value, being unknown, reaches the implementation only when the
        // parameter accepts unknown values.
        let f = Function::builder()
            .param(Parameter::new("a", Type::String).allow_unknown())
            .returns(Type::String)
            .build(|args, ty| {
                assert_eq!(ty, &Type::Dynamic);
                assert_eq!(args[0], Value::dynamic());
                Ok(Value::bool(true))
            });
        assert_eq!(f.call(&[Value::dynamic()]).unwrap(), Value::bool(true));
    }

    #[test]
    fn dynamic_argument_does_not_run_result_type_definition() {
        let runs = Arc::new(AtomicUsize::new(0));
        let counter = runs.clone();
        let f = Function::builder()
            .param(Parameter::new("a", Type::Number))
            .return_type(move |_| {
                counter.fetch_add(1, Ordering::SeqCst);
                Ok(Type::Number)
            })
            .build(|args, _| Ok(args[0].clone()));
        assert_eq!(f.return_type(&[Value::dynamic()]).unwrap(), Type::Dynamic);
        assert_eq!(runs.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn deviation_dynamic_argument_still_checks_other_arguments() {
        // The spec makes the call erroneous if any argument is; the Go
        // implementation stops at the first dynamic argument instead.
        let f = echo(
            vec![
                Parameter::new("a", Type::String),
                Parameter::new("b", Type::String),
            ],
            None,
        );
        assert_eq!(
            f.call(&[Value::dynamic(), Value::null(Type::String)])
                .unwrap_err(),
            FunctionError::argument(1, "argument must not be null")
        );
        assert_eq!(
            f.call(&[Value::dynamic(), Value::number(1)]).unwrap_err(),
            FunctionError::argument(1, "string required, but received number")
        );
    }

    #[test]
    fn go_mode_dynamic_argument_ends_the_checks() {
        // cty's ReturnTypeForValues returns the dynamic pseudo-type at the
        // first dynamic argument, before checking the later ones.
        let f = echo(
            vec![
                Parameter::new("a", Type::String),
                Parameter::new("b", Type::String),
            ],
            None,
        );
        let go = Semantics::Go;
        assert_eq!(
            f.call_with(&[Value::dynamic(), Value::null(Type::String)], go),
            Ok(Value::dynamic())
        );
        assert_eq!(
            f.call_with(&[Value::dynamic(), Value::number(1)], go),
            Ok(Value::dynamic())
        );
        // An error before the dynamic argument is still an error.
        assert_eq!(
            f.call_with(&[Value::number(1), Value::dynamic()], go)
                .unwrap_err(),
            FunctionError::argument(0, "string required, but received number")
        );
    }

    #[test]
    fn dynamic_argument_accepted_when_allowed() {
        let f = Function::builder()
            .param(Parameter::new("a", Type::String).allow_dynamic())
            .returns(Type::Bool)
            .build(|_, _| Ok(Value::bool(true)));
        // The result type definition decides; the dynamic value is unknown,
        // so the result is the unknown value of that type.
        assert_eq!(f.return_type(&[Value::dynamic()]).unwrap(), Type::Bool);
        assert_eq!(
            f.call(&[Value::dynamic()]).unwrap(),
            Value::unknown(Type::Bool)
        );

        let g = Function::builder()
            .param(
                Parameter::new("a", Type::String)
                    .allow_dynamic()
                    .allow_unknown(),
            )
            .returns(Type::Bool)
            .build(|args, _| Ok(Value::bool(args[0].ty().is_dynamic())));
        assert_eq!(g.call(&[Value::dynamic()]).unwrap(), Value::bool(true));
    }

    #[test]
    fn null_of_dynamic_type_forces_dynamic_result_type() {
        // A null of the dynamic pseudo-type is a value of that type: with
        // nulls allowed but not dynamic values, the result type is forced
        // and, the value being known, the implementation runs.
        let f = Function::builder()
            .param(Parameter::new("a", Type::String).allow_null())
            .returns(Type::String)
            .build(|args, ty| {
                assert_eq!(ty, &Type::Dynamic);
                Ok(Value::bool(args[0].is_null()))
            });
        assert_eq!(
            f.call(&[Value::null(Type::Dynamic)]).unwrap(),
            Value::bool(true)
        );
        let strict = echo(vec![Parameter::new("a", Type::String)], None);
        assert_eq!(
            strict.call(&[Value::null(Type::Dynamic)]).unwrap_err(),
            FunctionError::argument(0, "argument must not be null")
        );
    }

    #[test]
    fn result_type_may_depend_on_argument_values() {
        // A toy "decode": the string names the result type.
        let decode = Function::builder()
            .param(Parameter::new("src", Type::String))
            .return_type(|args| {
                if !args[0].is_known() {
                    return Ok(Type::Dynamic);
                }
                match args[0].as_str() {
                    Some("number") => Ok(Type::Number),
                    Some("bool") => Ok(Type::Bool),
                    _ => Err(FunctionError::argument(0, "unsupported type name")),
                }
            })
            .build(|_, ty| match ty {
                Type::Number => Ok(Value::number(0)),
                _ => Ok(Value::bool(false)),
            });
        assert_eq!(decode.return_type(&[s("number")]).unwrap(), Type::Number);
        assert_eq!(decode.return_type(&[s("bool")]).unwrap(), Type::Bool);
        assert_eq!(
            decode.return_type(&[Value::unknown(Type::String)]).unwrap(),
            Type::Dynamic
        );
        assert_eq!(decode.call(&[s("number")]).unwrap(), Value::number(0));
        assert_eq!(
            decode.call(&[s("nope")]).unwrap_err(),
            FunctionError::argument(0, "unsupported type name")
        );
    }

    #[test]
    fn result_type_definition_sees_unknown_arguments() {
        let f = Function::builder()
            .param(Parameter::new("a", Type::String))
            .return_type(|args| {
                Ok(if args[0].is_known() {
                    Type::String
                } else {
                    Type::Number
                })
            })
            .build(|args, _| Ok(args[0].clone()));
        assert_eq!(
            f.call(&[Value::unknown(Type::String)]).unwrap(),
            Value::unknown(Type::Number)
        );
    }

    #[test]
    fn return_type_for_types_uses_unknown_values() {
        let f = echo(vec![Parameter::new("a", Type::String)], None);
        assert_eq!(
            f.return_type_for_types(&[Type::String]).unwrap(),
            Type::String
        );
        assert!(f.return_type_for_types(&[Type::Bool]).is_err());
        assert_eq!(
            f.return_type_for_types(&[Type::Dynamic]).unwrap(),
            Type::Dynamic
        );
    }

    // --- Executing the call ---

    #[test]
    fn unknown_argument_forces_unknown_result() {
        let runs = Arc::new(AtomicUsize::new(0));
        let f = counted(Parameter::new("a", Type::String), runs.clone());
        assert_eq!(
            f.call(&[Value::unknown(Type::String)]).unwrap(),
            Value::unknown(Type::String)
        );
        assert_eq!(runs.load(Ordering::SeqCst), 0);
        assert_eq!(f.call(&[s("x")]).unwrap(), s("ran"));
        assert_eq!(runs.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn call_returns_unknown_only_for_unknown_or_dynamic_arguments() {
        // "Unknown values and the dynamic pseudo-type must never be returned
        // from operations unless at least one operand is unknown or dynamic."
        let f = echo(
            vec![Parameter::new("a", Type::String)],
            Some(Parameter::new("rest", Type::Dynamic)),
        );
        let known = f.call(&[s("a"), Value::bool(true), s("b")]).unwrap();
        assert!(known.is_known());
        assert_eq!(known.ty(), &Type::String);
        let unknown = f
            .call(&[s("a"), Value::bool(true), Value::unknown(Type::Bool)])
            .unwrap();
        assert_eq!(unknown, Value::unknown(Type::String));
        let dynamic = f.call(&[s("a"), Value::dynamic()]).unwrap();
        assert_eq!(dynamic, Value::dynamic());
    }

    #[test]
    fn unknown_variadic_argument_forces_unknown_result() {
        let f = echo(vec![], Some(Parameter::new("rest", Type::String)));
        assert_eq!(
            f.call(&[s("a"), Value::unknown(Type::String)]).unwrap(),
            Value::unknown(Type::String)
        );
    }

    #[test]
    fn unknown_argument_reaches_implementation_when_allowed() {
        let runs = Arc::new(AtomicUsize::new(0));
        let f = counted(
            Parameter::new("a", Type::String).allow_unknown(),
            runs.clone(),
        );
        assert_eq!(f.call(&[Value::unknown(Type::String)]).unwrap(), s("ran"));
        assert_eq!(runs.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn unknown_argument_is_still_type_checked() {
        let f = echo(vec![Parameter::new("a", Type::String)], None);
        assert!(matches!(
            f.call(&[Value::unknown(Type::Number)]),
            Err(FunctionError::Argument { index: 0, .. })
        ));
    }

    #[test]
    fn implementation_determines_result_value() {
        let f = Function::builder()
            .param(Parameter::new("a", Type::Number))
            .param(Parameter::new("b", Type::Number))
            .returns(Type::Bool)
            .build(|args, ty| {
                assert_eq!(ty, &Type::Bool);
                Ok(args[0].equals(&args[1]))
            });
        assert_eq!(
            f.call(&[Value::number(1), Value::number(1)]).unwrap(),
            Value::bool(true)
        );
    }

    #[test]
    fn result_not_conforming_to_result_type_is_an_error() {
        let f = Function::builder()
            .returns(Type::String)
            .build(|_, _| Ok(Value::number(1)));
        let err = f.call(&[]).unwrap_err();
        assert_eq!(
            err,
            FunctionError::ResultType {
                expected: Type::String,
                actual: Type::Number
            }
        );
        assert_eq!(
            err.to_string(),
            "the function returned a value of type number, \
             which does not conform to its result type string"
        );
    }

    #[test]
    fn result_conforms_to_dynamic_parts_of_result_type() {
        let f = Function::builder()
            .returns(Type::list(Type::Dynamic))
            .build(|_, _| Ok(Value::list([Value::number(1)])?));
        assert!(f.call(&[]).is_ok());
    }

    #[test]
    fn default_result_type_is_dynamic() {
        let f = Function::builder().build(|_, _| Ok(Value::number(1)));
        assert_eq!(f.return_type(&[]).unwrap(), Type::Dynamic);
        assert_eq!(f.call(&[]).unwrap(), Value::number(1));
    }

    #[test]
    fn implementation_errors_are_returned() {
        let f = Function::builder()
            .variadic(Parameter::new("n", Type::Number))
            .returns(Type::Number)
            .build(|args, _| {
                if args.len() > 2 {
                    return Err(FunctionError::argument(2, "at most two numbers"));
                }
                Err(FunctionError::failed("always fails"))
            });
        let args = [Value::number(1), Value::number(2), Value::number(3)];
        assert_eq!(
            f.call(&args).unwrap_err(),
            FunctionError::argument(2, "at most two numbers")
        );
        let err = f.call(&[]).unwrap_err();
        assert_eq!(err.to_string(), "always fails");
        assert!(err.source().is_none());
    }

    #[test]
    fn value_errors_convert_to_failures_with_source() {
        let f = Function::builder()
            .returns(Type::list(Type::Dynamic))
            .build(|_, _| Ok(Value::list([Value::number(1), Value::string("x")])?));
        let err = f.call(&[]).unwrap_err();
        assert!(matches!(err, FunctionError::Failed { .. }));
        assert!(err.source().is_some());
        assert!(!err.to_string().is_empty());
    }

    // --- The definition itself ---

    #[test]
    fn parameter_flags_and_accessors() {
        let p = Parameter::new("x", Type::Number)
            .allow_null()
            .allow_unknown()
            .allow_dynamic()
            .with_description("a number");
        assert_eq!(p.name(), "x");
        assert_eq!(p.ty(), &Type::Number);
        assert_eq!(p.description(), Some("a number"));
        assert!(p.allows_null() && p.allows_unknown() && p.allows_dynamic());
        let q = Parameter::new("y", Type::String);
        assert!(!q.allows_null() && !q.allows_unknown() && !q.allows_dynamic());
        assert_eq!(q.description(), None);
    }

    #[test]
    fn function_accessors_and_cheap_clone() {
        let f = Function::builder()
            .description("joins")
            .param(Parameter::new("sep", Type::String))
            .variadic(Parameter::new("parts", Type::String))
            .returns(Type::String)
            .build(|_, _| Ok(Value::string("")));
        let g = f.clone();
        assert!(Arc::ptr_eq(&f.0, &g.0));
        assert_eq!(g.description(), Some("joins"));
        assert_eq!(g.params().len(), 1);
        assert_eq!(g.params()[0].name(), "sep");
        assert_eq!(g.variadic().map(Parameter::name), Some("parts"));
        assert!(format!("{g:?}").contains("sep"));
        let h = Function::builder().build(|_, _| Ok(Value::bool(true)));
        assert_eq!(h.description(), None);
        assert!(h.variadic().is_none());
    }

    #[test]
    fn functions_are_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Function>();
        assert_send_sync::<FunctionError>();
        assert_send_sync::<Parameter>();
    }
}
