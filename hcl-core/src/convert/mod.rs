//! Type conversion and type unification ("Type Conversions and Unification"
//! in the information model).
//!
//! A *conversion* turns a value of one type into a value of another type.
//! Conversions are classified by types alone, before any value is seen:
//!
//! - [`Safety::Safe`]: every distinct value of the source type has a distinct
//!   counterpart in the target type, so the conversion never fails and loses
//!   nothing (number → string, set → list, tuple → list of safely convertible
//!   elements, ...);
//! - [`Safety::Unsafe`]: some values may fail to convert or lose information
//!   (string → number, list → set, map → object, ...).
//!
//! [`conversion_safety`] answers the question for two types,
//! [`get_conversion`] prepares a reusable [`Conversion`], and [`convert`]
//! converts one value (safe and unsafe conversions alike, as the Go
//! implementation's `convert.Convert`). A failed conversion is a
//! [`ConversionError`] carrying the [`Path`] to the offending part.
//!
//! *Unification* ([`unify`]) finds one type to which all of several types
//! can convert, together with the conversion each of them needs.
//!
//! The target of a conversion may be a *type specification*: the dynamic
//! pseudo-type stands for "any type", and object attributes may be optional.
//! Where the spec and HashiCorp's Go implementation differ, this module
//! follows the spec; each difference is listed in `docs/deviations.md`.
//! The `*_with` functions ([`convert_with`], [`get_conversion_with`],
//! [`conversion_safety_with`], [`unify_with`]) take a [`Semantics`]:
//! [`Semantics::Go`] follows `go-cty` instead (`convert.Convert`,
//! `GetConversionUnsafe` and `UnifyUnsafe`); the functions without the
//! suffix are the `*_with` ones with [`Semantics::Spec`].
//!
//! ```
//! use hcl_core::convert::{self, Safety};
//! use hcl_core::{Type, Value};
//!
//! // Safety is a question about types alone.
//! assert_eq!(convert::conversion_safety(&Type::Bool, &Type::String), Some(Safety::Safe));
//! assert_eq!(convert::conversion_safety(&Type::String, &Type::Bool), Some(Safety::Unsafe));
//! assert_eq!(convert::conversion_safety(&Type::Bool, &Type::Number), None);
//!
//! // A tuple converts to a list element by element.
//! let tags = Value::tuple([Value::string("web"), Value::bool(true)]);
//! let list = convert::convert(&tags, &Type::list(Type::String)).unwrap();
//! assert_eq!(list, Value::list([Value::string("web"), Value::string("true")]).unwrap());
//!
//! // An error says where the problem is.
//! let config = Value::object([("debug", Value::tuple([Value::string("yes")]))]);
//! let err = convert::convert(&config, &Type::object([("debug", Type::list(Type::Bool))]))
//!     .unwrap_err();
//! assert_eq!(err.to_string(), ".debug[0]: a bool is required");
//!
//! // Unification picks one type for several.
//! let u = convert::unify(&[Type::list(Type::String), Type::set(Type::Bool)]).unwrap();
//! assert_eq!(u.ty, Type::list(Type::String));
//! ```

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::path::{Path, PathStep};
use crate::semantics::Semantics;
use crate::ty::Type;
use crate::value::Value;

mod apply;
mod mismatch;
mod plan;
mod unify;
mod unify_go;

#[cfg(test)]
mod tests;

use plan::Plan;

/// Whether a conversion between two types can fail or lose information.
///
/// `Safe` orders before `Unsafe`, so the safety of a compound conversion is
/// the maximum of the safeties of its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Safety {
    /// Every distinct value of the source type has a distinct counterpart in
    /// the target type: the conversion never fails and loses nothing.
    Safe,
    /// Some values of the source type have no counterpart in the target
    /// type (the conversion may fail), or several have the same counterpart
    /// (information may be lost).
    Unsafe,
}

impl Safety {
    /// Whether this is [`Safety::Safe`].
    pub fn is_safe(self) -> bool {
        self == Safety::Safe
    }
}

/// The safety of converting values of type `from` to type `to`, or `None`
/// when no conversion exists between the two types.
///
/// `to` may be a type specification: the dynamic pseudo-type accepts any
/// type (a safe no-op) and optional object attributes may be absent from the
/// source. A conversion *from* the dynamic pseudo-type always exists and is
/// unsafe, because the value it will eventually stand for may not convert.
///
/// Null values convert to the null value of any type whatever this function
/// says: that rule is about values, not types (see [`convert`]).
///
/// ```
/// use hcl_core::convert::{conversion_safety, Safety};
/// use hcl_core::Type;
///
/// let tuple = Type::tuple([Type::Number, Type::Bool]);
/// assert_eq!(conversion_safety(&tuple, &Type::list(Type::String)), Some(Safety::Safe));
/// assert_eq!(conversion_safety(&Type::list(Type::String), &tuple), Some(Safety::Unsafe));
/// assert_eq!(conversion_safety(&tuple, &Type::list(Type::Number)), None);
/// assert_eq!(conversion_safety(&tuple, &Type::Dynamic), Some(Safety::Safe));
/// ```
pub fn conversion_safety(from: &Type, to: &Type) -> Option<Safety> {
    plan::plan(from, to).map(|p| p.safety)
}

/// [`conversion_safety`] by the rules of `sem`. In Go mode there is no
/// conversion from a list or set to a tuple, an object converts to another
/// only if it has every attribute the target does not mark optional, and a
/// conversion is safe when `go-cty`'s `GetConversion` has it (dropping
/// attributes is safe, and so is a tuple → set of safely converting
/// elements).
///
/// ```
/// use hcl_core::convert::{conversion_safety_with, Safety};
/// use hcl_core::{Semantics, Type};
///
/// let ab = Type::object([("a", Type::String), ("b", Type::String)]);
/// let a = Type::object([("a", Type::String)]);
/// assert_eq!(conversion_safety_with(&ab, &a, Semantics::Spec), Some(Safety::Unsafe));
/// assert_eq!(conversion_safety_with(&ab, &a, Semantics::Go), Some(Safety::Safe));
/// assert_eq!(conversion_safety_with(&a, &ab, Semantics::Go), None);
/// ```
pub fn conversion_safety_with(from: &Type, to: &Type, sem: Semantics) -> Option<Safety> {
    plan_with_safety(from, to, sem).map(|p| p.safety)
}

/// The plan, with, in Go mode, Go's safety: safe when `GetConversion` (not
/// only `GetConversionUnsafe`) has a conversion.
fn plan_with_safety(from: &Type, to: &Type, sem: Semantics) -> Option<Plan> {
    let mut plan = plan::plan_with(from, to, sem)?;
    if sem.is_go() {
        plan.safety = if from == to || unify_go::safe_conversion_exists(from, to) {
            Safety::Safe
        } else {
            Safety::Unsafe
        };
    }
    Some(plan)
}

/// A prepared conversion from one type to another: built once from the two
/// types by [`get_conversion`], then applied to any number of values.
///
/// ```
/// use hcl_core::convert::{get_conversion, Safety};
/// use hcl_core::{Type, Value};
///
/// let to_text = get_conversion(&Type::Bool, &Type::String).unwrap();
/// assert_eq!(to_text.safety(), Safety::Safe);
/// assert_eq!(to_text.apply(&Value::bool(true)).unwrap(), Value::string("true"));
/// assert_eq!(to_text.apply(&Value::null(Type::Bool)).unwrap(), Value::null(Type::String));
/// ```
#[derive(Clone)]
pub struct Conversion {
    from: Type,
    to: Type,
    plan: Arc<Plan>,
    semantics: Semantics,
}

impl Conversion {
    /// Whether the conversion is safe or unsafe.
    pub fn safety(&self) -> Safety {
        self.plan.safety
    }

    /// The source type.
    pub fn from(&self) -> &Type {
        &self.from
    }

    /// The target type, as given (possibly a type specification).
    pub fn to(&self) -> &Type {
        &self.to
    }

    /// The type of the values the conversion produces from values of the
    /// source type: the target type with every dynamic pseudo-type replaced
    /// by the type the source gives it, and without optional attribute
    /// markers. (A null or unknown value of the dynamic pseudo-type converts
    /// to a value of this type too.)
    ///
    /// ```
    /// use hcl_core::convert::get_conversion;
    /// use hcl_core::Type;
    ///
    /// let c = get_conversion(&Type::tuple([Type::Number, Type::String]), &Type::list(Type::Dynamic))
    ///     .unwrap();
    /// assert_eq!(c.result_type(), &Type::list(Type::String));
    /// ```
    pub fn result_type(&self) -> &Type {
        &self.plan.out
    }

    /// Whether the conversion returns every value of the source type
    /// unchanged.
    pub fn is_identity(&self) -> bool {
        self.plan.is_identity()
    }

    /// Converts a value of the source type.
    ///
    /// A value of another type (for example the dynamic value, or a null of
    /// an unrelated type) is converted to the target type as by [`convert`].
    pub fn apply(&self, value: &Value) -> Result<Value, ConversionError> {
        if value.ty() == &self.from || matches!(self.plan.step, plan::Step::AllUnknown) {
            apply::apply(&self.plan, value)
        } else {
            convert_with(value, &self.to, self.semantics)
        }
    }

    /// The rule set the conversion was planned by.
    pub fn semantics(&self) -> Semantics {
        self.semantics
    }
}

impl fmt::Debug for Conversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Conversion")
            .field("from", &self.from)
            .field("to", &self.to)
            .field("safety", &self.plan.safety)
            .finish()
    }
}

/// The conversion from `from` to `to`, safe or unsafe, or `None` when none
/// exists. `to` may be a type specification (see [`conversion_safety`]).
///
/// ```
/// use hcl_core::convert::{get_conversion, Safety};
/// use hcl_core::{Type, Value};
///
/// let c = get_conversion(&Type::list(Type::String), &Type::set(Type::String)).unwrap();
/// assert_eq!(c.safety(), Safety::Unsafe); // duplicates merge
/// let list = Value::list([Value::string("b"), Value::string("a"), Value::string("b")]).unwrap();
/// assert_eq!(c.apply(&list).unwrap().len(), Some(2));
/// assert!(get_conversion(&Type::list(Type::String), &Type::map(Type::String)).is_none());
/// ```
pub fn get_conversion(from: &Type, to: &Type) -> Option<Conversion> {
    get_conversion_with(from, to, Semantics::Spec)
}

/// [`get_conversion`] by the rules of `sem` (Go's `GetConversionUnsafe` in
/// Go mode; see [`conversion_safety_with`] and [`convert_with`]).
pub fn get_conversion_with(from: &Type, to: &Type, sem: Semantics) -> Option<Conversion> {
    plan_with_safety(from, to, sem).map(|plan| Conversion {
        from: from.clone(),
        to: to.clone(),
        plan: Arc::new(plan),
        semantics: sem,
    })
}

/// Converts a value to a type (or type specification), applying safe and
/// unsafe conversions alike.
///
/// - A value already of the type is returned as it is, and so is any value
///   converted to the dynamic pseudo-type.
/// - A null value converts to the null value of any type, even where the
///   two types have no conversion (the Go implementation refuses that).
/// - An unknown value converts to the unknown value of the target type, and
///   unknown parts of a value to unknown parts of the result.
/// - A value of the dynamic pseudo-type (null or unknown) converts to the
///   null or unknown value of the target type.
///
/// ```
/// use hcl_core::convert::convert;
/// use hcl_core::{Type, Value};
///
/// let port = Value::object([("port", Value::string("http"))]);
/// let err = convert(&port, &Type::object([("port", Type::Number)])).unwrap_err();
/// assert_eq!(err.to_string(), ".port: a number is required");
/// assert_eq!(err.message(), "a number is required");
///
/// let nothing = convert(&Value::null(Type::Bool), &Type::list(Type::Number)).unwrap();
/// assert_eq!(nothing, Value::null(Type::list(Type::Number)));
/// ```
pub fn convert(value: &Value, to: &Type) -> Result<Value, ConversionError> {
    convert_with(value, to, Semantics::Spec)
}

/// [`convert`] by the rules of `sem`. In Go mode (`go-cty`'s
/// `convert.Convert`):
///
/// - a null value converts only where its type has a conversion to the
///   target (`null` bool → number is `number required`);
/// - an object needs every attribute of the target that is not optional
///   (`attribute "b" is required`), and a map converting to an object
///   loses its keys that are not attributes;
/// - a list or set does not convert to a tuple (`tuple required`);
/// - a string converts to a number as Go's `big.ParseFloat` reads it
///   (`"1e5"`, `"+5"`, `".5"`, `"Inf"`);
/// - a tuple or object converting to a collection of the dynamic
///   pseudo-type unifies its element types by Go's rules ([`unify_with`]).
///
/// ```
/// use hcl_core::convert::convert_with;
/// use hcl_core::{Semantics, Type, Value};
///
/// let map = Value::map([("a", Value::string("x")), ("z", Value::string("y"))]).unwrap();
/// let target = Type::object([("a", Type::String)]);
/// assert!(convert_with(&map, &target, Semantics::Spec).is_err());
/// let object = convert_with(&map, &target, Semantics::Go).unwrap();
/// assert_eq!(object, Value::object([("a", Value::string("x"))]));
///
/// let err = convert_with(&Value::null(Type::Bool), &Type::Number, Semantics::Go).unwrap_err();
/// assert_eq!(err.to_string(), "number required");
/// ```
pub fn convert_with(value: &Value, to: &Type, sem: Semantics) -> Result<Value, ConversionError> {
    if to.is_dynamic() || value.ty() == to {
        return Ok(value.clone());
    }
    match plan::plan_with(value.ty(), to, sem) {
        Some(plan) => apply::apply(&plan, value),
        None if value.is_null() && !sem.is_go() => Ok(Value::null(plan::strip_optional(to))),
        None => Err(mismatch::mismatch_with(value.ty(), to, sem)),
    }
}

/// Why a value could not be converted: where (a [`Path`] from the converted
/// value to the offending part) and what (a message in the Go
/// implementation's wording, such as `a number is required`).
///
/// ```
/// use hcl_core::convert::ConversionError;
/// use hcl_core::{Path, Value};
///
/// let err = ConversionError::new(Path::root().attr("foo").index(Value::number(2)), "a number is required");
/// assert_eq!(err.to_string(), ".foo[2]: a number is required");
/// assert_eq!(ConversionError::new(Path::root(), "bool required").to_string(), "bool required");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ConversionError {
    path: Path,
    message: String,
}

impl ConversionError {
    /// An error at `path` with the given message.
    pub fn new(path: Path, message: impl Into<String>) -> Self {
        ConversionError {
            path,
            message: message.into(),
        }
    }

    /// The path from the converted value to the part that failed; the root
    /// path when the value as a whole failed.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The message, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The same error seen from a container: `step` leads from the
    /// container to the value the error was found in.
    fn within(mut self, step: PathStep) -> Self {
        self.path.prepend(step);
        self
    }
}

/// The path, a colon and the message (`.foo[2]: a number is required`); just
/// the message when the path is the root.
impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_root() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for ConversionError {}

/// The result of [`unify`]: the unified type and, for each input type in
/// order, the conversion it needs (`None` where the input already is the
/// unified type).
#[derive(Clone, Debug)]
pub struct Unified {
    /// The type every input converts to.
    pub ty: Type,
    /// One entry per input type: the conversion to [`Unified::ty`], or
    /// `None` when the input is that type already.
    pub conversions: Vec<Option<Conversion>>,
}

/// Unifies types: finds one type to which all of them convert, preferring
/// safe conversions, by the rules of "Type Unification" (applied
/// transitively):
///
/// - number and bool unify with string as string, and so (transitively)
///   with each other: number and bool alone unify as string too, where Go
///   finds no type (`docs/deviations.md`);
/// - collections of the same kind unify by their element types; list and
///   set as list;
/// - list, set and tuple as a tuple (tuples of one length unify element by
///   element; tuples of different lengths unify as a list, as in Go);
/// - map and object as an object; objects as the union of their
///   attributes, common attributes unified;
/// - the dynamic pseudo-type as whatever the other types unify to; the
///   result is dynamic only if every input is.
///
/// Returns `None` when no such type exists, when some input does not
/// convert to it, or when `types` is empty. The result does not depend on
/// the order of the inputs. Conversions to the unified type may be unsafe
/// (map → object, list → tuple, dynamic → anything).
///
/// ```
/// use hcl_core::convert::{unify, Safety};
/// use hcl_core::Type;
///
/// let u = unify(&[Type::Number, Type::String, Type::Bool]).unwrap();
/// assert_eq!(u.ty, Type::String);
/// assert!(u.conversions[0].is_some() && u.conversions[1].is_none());
///
/// let a = Type::object([("name", Type::String)]);
/// let b = Type::object([("port", Type::Number)]);
/// let u = unify(&[a, b]).unwrap();
/// assert_eq!(u.ty, Type::object([("name", Type::String), ("port", Type::Number)]));
/// assert!(u.conversions.iter().flatten().all(|c| c.safety() == Safety::Safe));
///
/// // Number and bool meet at string; Go's rules find no type.
/// assert_eq!(unify(&[Type::Number, Type::Bool]).unwrap().ty, Type::String);
/// assert!(hcl_core::convert::unify_with(&[Type::Number, Type::Bool], hcl_core::Semantics::Go).is_none());
/// ```
pub fn unify(types: &[Type]) -> Option<Unified> {
    unify_with(types, Semantics::Spec)
}

/// [`unify`] by the rules of `sem`. In Go mode this is `go-cty`'s
/// `convert.UnifyUnsafe` (what HashiCorp's `hcl` uses for conditionals):
///
/// - maps and objects unify as a map (`map(string)` + `object({a=string})`
///   → `map(string)`), and objects whose attribute names differ as a map
///   of all their attribute types;
/// - lists, sets and tuples prefer the collection (`list(string)` +
///   `tuple([string])` → `list(string)`), and tuples of different lengths
///   unify as a list;
/// - a collection, object or tuple type with the dynamic pseudo-type gives
///   the dynamic pseudo-type, and every input then converts to the unknown
///   value (whatever it was);
/// - otherwise the first of the inputs, in Go's order of preference, to
///   which every input converts.
///
/// The result may depend on the order of the inputs where Go's does.
///
/// ```
/// use hcl_core::convert::unify_with;
/// use hcl_core::{Semantics, Type, Value};
///
/// let map = Type::map(Type::String);
/// let object = Type::object([("a", Type::String)]);
/// let u = unify_with(&[map.clone(), object.clone()], Semantics::Go).unwrap();
/// assert_eq!(u.ty, map);
/// let u = unify_with(&[map, object], Semantics::Spec).unwrap();
/// assert_eq!(u.ty, Type::object([("a", Type::String)]));
///
/// // With the dynamic pseudo-type, Go's result is unknown.
/// let u = unify_with(&[Type::list(Type::String), Type::Dynamic], Semantics::Go).unwrap();
/// assert_eq!(u.ty, Type::Dynamic);
/// let c = u.conversions[0].as_ref().unwrap();
/// let v = c.apply(&Value::list([Value::string("x")]).unwrap()).unwrap();
/// assert!(!v.is_known() && v.ty().is_dynamic());
/// ```
pub fn unify_with(types: &[Type], sem: Semantics) -> Option<Unified> {
    if sem.is_go() {
        return unify_go(types);
    }
    let ty = unify::unify_types(types.iter())?;
    let mut cache: HashMap<&Type, Conversion> = HashMap::new();
    let mut conversions = Vec::with_capacity(types.len());
    for t in types {
        if *t == ty {
            conversions.push(None);
            continue;
        }
        let conversion = match cache.get(t) {
            Some(c) => c.clone(),
            None => {
                let c = get_conversion(t, &ty)?;
                if c.result_type() != &ty {
                    return None;
                }
                cache.insert(t, c.clone());
                c
            }
        };
        conversions.push(Some(conversion));
    }
    Some(Unified { ty, conversions })
}

/// Go's `UnifyUnsafe`: the type from [`unify_go::unify`], and each input's
/// conversion (`GetConversionUnsafe`), or the conversion to the unknown
/// value of the dynamic pseudo-type.
fn unify_go(types: &[Type]) -> Option<Unified> {
    let refs: Vec<&Type> = types.iter().collect();
    match unify_go::unify(&refs)? {
        unify_go::GoUnified::AllDynamic => {
            let plan = Arc::new(Plan {
                safety: Safety::Unsafe,
                out: Type::Dynamic,
                step: plan::Step::AllUnknown,
            });
            let conversions = types
                .iter()
                .map(|t| {
                    Some(Conversion {
                        from: t.clone(),
                        to: Type::Dynamic,
                        plan: plan.clone(),
                        semantics: Semantics::Go,
                    })
                })
                .collect();
            Some(Unified {
                ty: Type::Dynamic,
                conversions,
            })
        }
        unify_go::GoUnified::Type(ty) => {
            let mut cache: HashMap<&Type, Conversion> = HashMap::new();
            let mut conversions = Vec::with_capacity(types.len());
            for t in types {
                if *t == ty {
                    conversions.push(None);
                    continue;
                }
                let conversion = match cache.get(t) {
                    Some(c) => c.clone(),
                    None => {
                        let c = get_conversion_with(t, &ty, Semantics::Go)?;
                        cache.insert(t, c.clone());
                        c
                    }
                };
                conversions.push(Some(conversion));
            }
            Some(Unified { ty, conversions })
        }
    }
}
