//! # hcl-core
//!
//! The HCL information model: [types](Type), [values](Value) with null and
//! unknown values, arbitrary-precision [numbers](Number), [conversion and
//! unification](convert), [functions](function), [evaluation
//! contexts](EvalContext) and [diagnostics](Diagnostic).
//!
//! The specification's rules are followed by default; where HashiCorp's Go
//! implementation differs about values, [`Semantics::Go`] follows Go
//! instead (see [`Semantics`]).
//!
//! ```
//! use hcl_core::{Type, Value, convert};
//!
//! // "8080" converts to a number by the model's rules.
//! let port = convert::convert(&Value::string("8080"), &Type::Number).unwrap();
//! assert_eq!(port, Value::number(8080));
//! ```

// The modules that are the crate's API, each a namespace of its own.
pub mod body;
pub mod convert;
pub mod cty_json;
pub mod divergence;
pub mod dynblock;
pub mod edit;
pub mod expression_closure;
pub mod extended;
pub mod format;
pub mod function;
pub mod json;
pub mod native;
pub mod number;
pub mod parse;
pub mod quote;
pub mod typeexpr;

// The modules whose items are re-exported here, at the crate root.
mod diagnostic;
mod eval;
mod ops;
mod path;
mod pos;
#[cfg(feature = "color")]
mod render_color;
mod render_json;
mod semantics;
#[cfg(feature = "serde")]
mod serde;
mod source;
mod stack;
mod suggest;
mod traversal;
mod ty;
mod value;

pub use body::{Body, DynBody, DynExpression, Expression};
pub use diagnostic::{Diagnostic, DiagnosticKind, Diagnostics, Renderer, Severity};
pub use eval::{EvalContext, EvalContextError, EvalMode, FunctionAdvice};
pub use function::{Function, FunctionError, Parameter};
pub use number::Number;
pub use ops::{get_attr, index};
pub use path::{Path, PathStep};
pub use pos::{Pos, Range};
#[cfg(feature = "color")]
pub use render_color::{ColorRenderer, should_color};
pub use semantics::{DIVERGENCE_SUMMARY, ParseSemanticsError, Semantics};
pub use source::{SourceFile, Span};
pub use suggest::suggestion;
pub use traversal::{Traversal, Traverser};
pub use ty::{CapsuleType, ObjectType, TupleType, Type};
pub use value::{Value, ValueError};
