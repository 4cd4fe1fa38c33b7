//! Why a function call failed.

use std::error::Error;
use std::fmt;
use std::sync::Arc;

use crate::path::Path;
use crate::ty::Type;
use crate::value::ValueError;

/// Why a function call failed.
///
/// The errors found by the checks of [`Function::call`](super::Function::call) are [`Arity`] and
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
    Diagnostics(crate::Diagnostics),
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
