//! The extended type system (`type-extensions.md`, and the type system of
//! `pcl-syntax-and-types.md`): a type-level lattice beside the base model,
//! used for static type checking of expressions. It does not change the
//! base model's values or their semantics.
//!
//! - [`ExtType`]: every base type, plus `int` (an arbitrary-precision
//!   integer), `union(...)` (values of any one of several types),
//!   `none` (the type of the null value: optional values of type `T` are
//!   `union(T, none)`), and the eventual types `promise(T)` and
//!   `output(T)`.
//! - [`conversion`]: whether a type converts to another, safely or
//!   unsafely; the base model's rules lifted to the extended types, with
//!   the documents' rules for int, unions, none and the eventual types.
//! - [`unify`] and [`unify_all`]: the type to which several types convert.
//! - [`ExtType::get_attr`] and [`ExtType::index`]: traversal of types.
//! - [`check_file`], [`check_expression`] and [`TypeChecker`]: the static
//!   type checker for native-syntax expressions, given a [`Scope`] of
//!   variable types and [`FunctionSignatures`].
//!
//! Where the documents and the base model disagree, the documents win:
//!
//! - The null value converts only to `none` (and to the types that accept
//!   `none`: the dynamic pseudo-type, optional types), not to the null of
//!   every type as in the base model. So an object attribute missing from
//!   a converted object (a null in the base model) must be optional in the
//!   target type.
//! - Two outputs unify as an output. (`type-extensions.md` says a promise;
//!   `pcl-syntax-and-types.md` says an output, which is the choice
//!   consistent with the other rules: a promise never accepts an output.)
//!
//! ```
//! use hcl_core::convert::Safety;
//! use hcl_core::extended::{conversion, unify, ExtType};
//!
//! let name = ExtType::output(ExtType::String);
//! let maybe_port = ExtType::optional(ExtType::Int);
//! assert_eq!(conversion(&ExtType::Int, &name), Some(Safety::Safe));
//! assert_eq!(conversion(&maybe_port, &ExtType::Number), Some(Safety::Unsafe));
//! // As in Pulumi, `none` and an output that does not accept it unify as a union.
//! assert_eq!(unify(&name, &ExtType::None).to_string(), "union(output(string),none)");
//! assert_eq!(unify(&ExtType::Int, &maybe_port), ExtType::optional(ExtType::Int));
//! ```

mod check;
mod convert;
mod traverse;
mod ty;
mod unify;

pub use check::{
    FunctionSignatures, ResultTypeFn, Scope, Signature, TypeChecker, check_body, check_expression,
    check_file,
};
pub use convert::conversion;
pub use traverse::{IndexKey, TraversalError};
pub use ty::{EventualType, Eventuality, ExtType, UnionType};
pub use unify::{unify, unify_all};
