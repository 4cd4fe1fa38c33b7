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

mod error;
mod parameter;
#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;

use std::fmt;
use std::sync::Arc;

use crate::path::{Path, PathStep};
use crate::semantics::Semantics;
use crate::ty::Type;
use crate::value::Value;

pub use error::FunctionError;
pub use parameter::Parameter;

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
