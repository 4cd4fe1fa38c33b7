//! The rule set for values ([`Semantics`], whose documentation says what
//! differs) and the warning of a divergence from Go.

use std::fmt;
use std::str::FromStr;

/// The summary of the warning that spec-mode evaluation adds where its
/// result differs from the one HashiCorp's implementation gives (the
/// detail says what each gives, and how to write the expression so that
/// both agree). [`Semantics::Go`] never adds it.
///
/// ```
/// use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// use hcl_core::DIVERGENCE_SUMMARY;
/// use hcl_core::{EvalContext, Expression, Pos, Semantics};
///
/// let src = b"false ? { name = \"n\" } : {}";
/// let (file, id, _) = parse_expression(src, "t.hcl", Pos::start(), &ParseOptions::default());
/// let expr = NativeExpression::new(file, id);
///
/// let mut ctx = EvalContext::new();
/// let (value, diags) = expr.value(&ctx);
/// assert_eq!(value.to_string(), "{ \"name\" = null }");
/// assert_eq!(diags.iter().next().unwrap().summary, DIVERGENCE_SUMMARY);
///
/// ctx.set_semantics(Semantics::Go);
/// let (value, diags) = expr.value(&ctx);
/// assert_eq!(value.to_string(), "{}");
/// assert!(diags.is_empty());
/// ```
pub const DIVERGENCE_SUMMARY: &str = "Result differs from HashiCorp's HCL";

/// The rule set for values: the specification's (the default) or that of
/// HashiCorp's Go implementation.
///
/// Which rule set to follow where the HCL specification and HashiCorp's Go
/// implementation (`hcl` and `go-cty`) disagree about values.
///
/// [`Semantics::Spec`], the default, follows the specification; every
/// place where that differs from Go is a row of `docs/deviations.md`.
/// [`Semantics::Go`] follows Go's behaviour in the rows that concern values
/// (conversion, unification, equality, null handling, numbers written as
/// strings), for configurations written against HashiCorp's tools. Rows
/// about crashes, limits and diagnostic ranges are the same in both.
///
/// The rule set is chosen per evaluation context
/// ([`EvalContext::set_semantics`](crate::EvalContext::set_semantics)), and
/// the value-level operations take it explicitly: the `*_with` functions of
/// [`convert`](crate::convert) and [`Value::equals_with`](crate::Value::equals_with).
///
/// ```
/// use hcl_core::convert::{convert_with, unify_with};
/// use hcl_core::{EvalContext, Semantics, Type, Value};
///
/// // Objects with different attributes: the spec unifies them as an object
/// // holding every attribute, Go as a map.
/// let a = Type::object([("name", Type::String)]);
/// let b = Type::object([("key", Type::String)]);
/// let spec = unify_with(&[a.clone(), b.clone()], Semantics::Spec).unwrap();
/// assert_eq!(spec.ty, Type::object([("key", Type::String), ("name", Type::String)]));
/// let go = unify_with(&[a, b], Semantics::Go).unwrap();
/// assert_eq!(go.ty, Type::map(Type::String));
///
/// // Go accepts an exponent when converting a string to a number.
/// assert!(convert_with(&Value::string("1e3"), &Type::Number, Semantics::Spec).is_err());
/// assert_eq!(
///     convert_with(&Value::string("1e3"), &Type::Number, Semantics::Go).unwrap(),
///     Value::number(1000)
/// );
///
/// // Nulls of different types: unequal by the spec, equal in Go.
/// let (s, n) = (Value::null(Type::String), Value::null(Type::Number));
/// assert!(s.equals_with(&n, Semantics::Spec).is_false());
/// assert!(s.equals_with(&n, Semantics::Go).is_true());
///
/// // An evaluation context carries the choice, and its children inherit it.
/// let mut ctx = EvalContext::new();
/// assert_eq!(ctx.semantics(), Semantics::Spec);
/// ctx.set_semantics(Semantics::Go);
/// assert_eq!(ctx.new_child().semantics(), Semantics::Go);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Semantics {
    /// The HCL specification's rules (`docs/deviations.md` lists where they
    /// differ from Go's).
    #[default]
    Spec,
    /// HashiCorp's Go implementation (`hcl` v2 and `go-cty`), in the rows of
    /// `docs/deviations.md` that concern values.
    Go,
}

impl Semantics {
    /// Whether this is [`Semantics::Go`].
    pub fn is_go(self) -> bool {
        self == Semantics::Go
    }

    /// The name used on command lines: `spec` or `go`.
    pub fn name(self) -> &'static str {
        match self {
            Semantics::Spec => "spec",
            Semantics::Go => "go",
        }
    }
}

/// `spec` or `go`.
impl fmt::Display for Semantics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is not `spec` or `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSemanticsError(String);

impl fmt::Display for ParseSemanticsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown semantics {:?} (expected \"spec\" or \"go\")",
            self.0
        )
    }
}

impl std::error::Error for ParseSemanticsError {}

/// Parses `spec` or `go`.
///
/// ```
/// use hcl_core::Semantics;
/// assert_eq!("go".parse::<Semantics>().unwrap(), Semantics::Go);
/// assert!("cty".parse::<Semantics>().is_err());
/// ```
impl FromStr for Semantics {
    type Err = ParseSemanticsError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "spec" => Ok(Semantics::Spec),
            "go" => Ok(Semantics::Go),
            _ => Err(ParseSemanticsError(s.to_owned())),
        }
    }
}
