//! A function's parameters.

use crate::ty::Type;

/// One parameter of a [`Function`](super::Function): a name for documentation, a type
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
    pub(super) name: String,
    pub(super) description: Option<String>,
    pub(super) ty: Type,
    pub(super) allow_null: bool,
    pub(super) allow_unknown: bool,
    pub(super) allow_dynamic: bool,
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
