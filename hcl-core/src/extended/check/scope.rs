//! The inputs of the type checker: a [`Scope`] of variable types and a
//! table of [`FunctionSignatures`].

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::eval::EvalContext;
use crate::function::Function;
use crate::ty::Type;
use crate::value::Value;

use super::super::ty::ExtType;

/// The types of the variables an expression may refer to.
///
/// ```
/// use hcl_core::extended::{ExtType, Scope};
///
/// let scope = Scope::new()
///     .with("region", ExtType::String)
///     .with("replicas", ExtType::Int);
/// assert_eq!(scope.get("replicas"), Some(&ExtType::Int));
/// assert_eq!(scope.names().collect::<Vec<_>>(), ["region", "replicas"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scope {
    variables: BTreeMap<String, ExtType>,
}

impl Scope {
    /// An empty scope.
    pub fn new() -> Scope {
        Scope::default()
    }

    /// This scope with variable `name` of type `ty` (replacing any variable
    /// of that name).
    pub fn with(mut self, name: impl Into<String>, ty: ExtType) -> Scope {
        self.insert(name, ty);
        self
    }

    /// Declares variable `name` of type `ty` (replacing any variable of
    /// that name).
    pub fn insert(&mut self, name: impl Into<String>, ty: ExtType) {
        self.variables.insert(name.into(), ty);
    }

    /// The type of variable `name`.
    pub fn get(&self, name: &str) -> Option<&ExtType> {
        self.variables.get(name)
    }

    /// The variable names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.variables.keys().map(String::as_str)
    }

    /// The scope of the variables visible in an evaluation context, each
    /// with the type of its value ([`ExtType::of_value`]).
    ///
    /// ```
    /// use hcl_core::extended::{ExtType, Scope};
    /// use hcl_core::{EvalContext, Type, Value};
    ///
    /// let mut ctx = EvalContext::new();
    /// ctx.declare_variable("name", Value::string("web")).unwrap();
    /// ctx.declare_variable("nothing", Value::null(Type::String)).unwrap();
    /// let scope = Scope::from_eval_context(&ctx);
    /// assert_eq!(scope.get("name"), Some(&ExtType::String));
    /// assert_eq!(scope.get("nothing"), Some(&ExtType::None));
    /// ```
    pub fn from_eval_context(ctx: &EvalContext) -> Scope {
        Scope {
            variables: ctx
                .variables()
                .map(|(name, value)| (name.to_owned(), ExtType::of_value(value)))
                .collect(),
        }
    }
}

impl FromIterator<(String, ExtType)> for Scope {
    fn from_iter<I: IntoIterator<Item = (String, ExtType)>>(iter: I) -> Scope {
        Scope {
            variables: iter.into_iter().collect(),
        }
    }
}

impl ExtType {
    /// The extended type of a value: `none` for a null value (the null
    /// value is only of type `none`), otherwise the extended counterpart of
    /// the value's type.
    pub fn of_value(value: &Value) -> ExtType {
        if value.is_null() {
            ExtType::None
        } else {
            ExtType::from(value.ty())
        }
    }
}

/// A result type definition: the result type for the given argument types
/// (after the checker has resolved eventual arguments), or why the
/// arguments are invalid.
pub type ResultTypeFn = dyn Fn(&[ExtType]) -> Result<ExtType, String> + Send + Sync;

/// The type-level description of a function: its positional parameters
/// and optional variadic parameter, each with a name and an extended type,
/// and its result type (fixed, or computed from the argument types).
///
/// ```
/// use hcl_core::extended::{ExtType, Signature};
///
/// let join = Signature::new(ExtType::String)
///     .param("separator", ExtType::String)
///     .variadic("lists", ExtType::list(ExtType::String));
/// assert_eq!(join.params().len(), 1);
/// assert_eq!(join.result_type(&[ExtType::String]), Ok(ExtType::String));
///
/// let first = Signature::new(ExtType::Dynamic)
///     .param("list", ExtType::list(ExtType::Dynamic))
///     .returns_with(|args| match args.first().and_then(ExtType::element_type) {
///         Some(e) => Ok(e.clone()),
///         None => Ok(ExtType::Dynamic),
///     });
/// assert_eq!(first.result_type(&[ExtType::list(ExtType::Int)]), Ok(ExtType::Int));
/// ```
#[derive(Clone)]
pub struct Signature {
    params: Vec<(String, ExtType)>,
    variadic: Option<(String, ExtType)>,
    result: Arc<ResultTypeFn>,
}

impl Signature {
    /// A signature with no parameters, returning `returns`.
    pub fn new(returns: ExtType) -> Signature {
        Signature {
            params: Vec::new(),
            variadic: None,
            result: Arc::new(move |_| Ok(returns.clone())),
        }
    }

    /// This signature with one more positional parameter.
    pub fn param(mut self, name: impl Into<String>, ty: ExtType) -> Signature {
        self.params.push((name.into(), ty));
        self
    }

    /// This signature with a variadic parameter, taking every argument
    /// after the positional ones.
    pub fn variadic(mut self, name: impl Into<String>, ty: ExtType) -> Signature {
        self.variadic = Some((name.into(), ty));
        self
    }

    /// This signature with a result type computed from the argument types.
    pub fn returns_with(
        mut self,
        result: impl Fn(&[ExtType]) -> Result<ExtType, String> + Send + Sync + 'static,
    ) -> Signature {
        self.result = Arc::new(result);
        self
    }

    /// The signature of a base-model function: each parameter's type
    /// specification as an extended type (made optional where the
    /// parameter accepts nulls), and a result type computed by the
    /// function's own result type definition, for arguments converted to
    /// the parameters' types.
    ///
    /// ```
    /// use hcl_core::extended::{ExtType, Signature};
    /// use hcl_core::function::{Function, Parameter};
    /// use hcl_core::{Type, Value};
    ///
    /// let upper = Function::builder()
    ///     .param(Parameter::new("str", Type::String))
    ///     .returns(Type::String)
    ///     .build(|args, _| Ok(args[0].clone()));
    /// let sig = Signature::from_function(&upper);
    /// assert_eq!(sig.params()[0], ("str".to_owned(), ExtType::String));
    /// assert_eq!(sig.result_type(&[ExtType::Int]), Ok(ExtType::String));
    /// ```
    pub fn from_function(function: &Function) -> Signature {
        let ext = |p: &crate::function::Parameter| {
            let ty = ExtType::from(p.ty());
            let ty = if p.allows_null() {
                ExtType::optional(ty)
            } else {
                ty
            };
            (p.name().to_owned(), ty)
        };
        let f = function.clone();
        Signature {
            params: function.params().iter().map(ext).collect(),
            variadic: function.variadic().map(ext),
            result: Arc::new(move |args: &[ExtType]| {
                let base: Vec<Type> = args
                    .iter()
                    .enumerate()
                    .map(|(i, arg)| {
                        let given = arg.approximate_base();
                        match f.parameter_for(i) {
                            Some(p) if !given.matches(p.ty()) => {
                                crate::convert::get_conversion(&given, p.ty())
                                    .map_or_else(|| p.ty().clone(), |c| c.result_type().clone())
                            }
                            _ => given,
                        }
                    })
                    .collect();
                f.return_type_for_types(&base)
                    .map(|t| ExtType::from(&t))
                    .map_err(|e| e.to_string())
            }),
        }
    }

    /// The positional parameters: name and type.
    pub fn params(&self) -> &[(String, ExtType)] {
        &self.params
    }

    /// The variadic parameter, if any.
    pub fn variadic_param(&self) -> Option<&(String, ExtType)> {
        self.variadic.as_ref()
    }

    /// The parameter the argument at `index` maps to.
    pub fn param_for(&self, index: usize) -> Option<&(String, ExtType)> {
        self.params.get(index).or(self.variadic.as_ref())
    }

    /// The result type for arguments of these types.
    pub fn result_type(&self, args: &[ExtType]) -> Result<ExtType, String> {
        (self.result)(args)
    }
}

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Signature")
            .field("params", &self.params)
            .field("variadic", &self.variadic)
            .finish_non_exhaustive()
    }
}

/// The functions an expression may call, by name.
///
/// ```
/// use hcl_core::extended::{ExtType, FunctionSignatures, Signature};
///
/// let functions = FunctionSignatures::new()
///     .with("upper", Signature::new(ExtType::String).param("str", ExtType::String));
/// assert!(functions.get("upper").is_some());
/// assert!(functions.get("lower").is_none());
/// ```
#[derive(Clone, Debug, Default)]
pub struct FunctionSignatures {
    functions: BTreeMap<String, Signature>,
}

impl FunctionSignatures {
    /// An empty table.
    pub fn new() -> FunctionSignatures {
        FunctionSignatures::default()
    }

    /// This table with function `name` (replacing any of that name).
    pub fn with(mut self, name: impl Into<String>, signature: Signature) -> FunctionSignatures {
        self.insert(name, signature);
        self
    }

    /// Adds function `name` (replacing any of that name).
    pub fn insert(&mut self, name: impl Into<String>, signature: Signature) {
        self.functions.insert(name.into(), signature);
    }

    /// The signature of function `name`.
    pub fn get(&self, name: &str) -> Option<&Signature> {
        self.functions.get(name)
    }

    /// The function names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.functions.keys().map(String::as_str)
    }

    /// The signatures of base-model functions
    /// ([`Signature::from_function`]).
    pub fn from_functions<'a, N: Into<String>>(
        functions: impl IntoIterator<Item = (N, &'a Function)>,
    ) -> FunctionSignatures {
        FunctionSignatures {
            functions: functions
                .into_iter()
                .map(|(name, f)| (name.into(), Signature::from_function(f)))
                .collect(),
        }
    }

    /// The signatures of the functions visible in an evaluation context.
    pub fn from_eval_context(ctx: &EvalContext) -> FunctionSignatures {
        FunctionSignatures::from_functions(ctx.functions())
    }
}
