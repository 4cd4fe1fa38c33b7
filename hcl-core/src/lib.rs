//! # hcl-core
//!
//! The HCL information model: [types](Type), [values](Value) with null and
//! unknown values, arbitrary-precision [numbers](Number), [conversion and
//! unification](convert), [functions](function), [evaluation
//! contexts](EvalContext) and [diagnostics](Diagnostic).
//!
//! The specification's rules are followed by default; where HashiCorp's Go
//! implementation differs about values, [`Semantics::Go`] follows Go
//! instead (see [`semantics`]).
//!
//! ```
//! use hcl_core::{Type, Value, convert};
//!
//! // "8080" converts to a number by the model's rules.
//! let port = convert::convert(&Value::string("8080"), &Type::Number).unwrap();
//! assert_eq!(port, Value::number(8080));
//! ```

pub mod body;
pub mod convert;
pub mod cty_json;
pub mod diagnostic;
pub mod dynblock;
pub mod edit;
pub mod eval;
pub mod expression_closure;
pub mod extended;
pub mod format;
pub mod function;
pub mod json;
pub mod native;
pub mod number;
pub mod ops;
pub mod parse;
pub mod path;
pub mod pos;
pub mod quote;
#[cfg(feature = "color")]
pub mod render_color;
pub mod render_json;
pub mod semantics;
#[cfg(feature = "serde")]
pub mod serde;
pub mod source;
mod stack;
pub mod stdlib;
pub mod suggest;
pub mod traversal;
pub mod ty;
pub mod typeexpr;
pub mod value;

pub use body::{Body, DynBody, DynExpression, Expression};
pub use diagnostic::{Diagnostic, DiagnosticKind, Diagnostics, Renderer, Severity};
pub use eval::{EvalContext, EvalContextError, EvalMode};
pub use function::{Function, FunctionError, Parameter};
pub use number::Number;
pub use path::{Path, PathStep};
pub use pos::{Pos, Range};
pub use semantics::Semantics;
pub use traversal::{Traversal, Traverser};
pub use ty::{CapsuleType, ObjectType, TupleType, Type};
pub use value::{Value, ValueError};
