//! The hcldec spec language: a description, itself written in HCL, of how
//! to decode an HCL body into a [`Value`], and the decoder that applies it.
//!
//! A *spec file* has one root spec block (`object`, `array`, `attr`,
//! `block`, `block_list`, `block_set`, `block_map`, `block_attrs`,
//! `literal`, `default`, `transform` or `validate`), optionally
//! `variables` blocks (values for the input's variables) and `function`
//! blocks (functions for the input's expressions). [`parse_spec_file`]
//! turns it into a [`SpecFile`]: the [`Spec`] tree, the variables and the
//! functions. A mistake in a spec file is a diagnostic pointing into the
//! spec file, worded as HashiCorp's `hcldec` words it.
//!
//! [`decode`] applies a spec to a body and gives the value (of the spec's
//! [implied type](implied_type) where no dynamic part intervenes) with the
//! diagnostics of Go's `hcldec` package; [`variables`] lists the variables
//! the body's expressions reference, as far as the spec reaches.
//!
//! ```
//! use hcl_core::native::parse_config_str;
//! use hcl_core::{EvalContext, Type, Value};
//! use hcl_decode::spec::{decode, implied_type, parse_spec_file};
//!
//! let spec_src = r#"
//! object {
//!   attr "name" {
//!     type     = string
//!     required = true
//!   }
//!   attr "port" {
//!     type = number
//!   }
//!   block_list "listener" {
//!     object {
//!       attr "address" { type = string }
//!     }
//!   }
//! }
//! "#;
//! let (spec, diags) = parse_spec_file(spec_src.as_bytes(), "app.hcldec");
//! assert!(diags.is_empty(), "{diags}");
//!
//! let (file, diags) = parse_config_str(
//!     "name = \"web\"\nport = \"8080\"\nlistener { address = \"0.0.0.0\" }\n",
//!     "app.hcl",
//! );
//! assert!(diags.is_empty());
//! let (value, diags) = decode(&file.body(), &spec.root, &EvalContext::literal_only());
//! assert!(diags.is_empty(), "{diags}");
//! assert_eq!(value.get("name"), Some(&Value::string("web")));
//! // "8080" was converted to the attribute's type.
//! assert_eq!(value.get("port"), Some(&Value::number(8080)));
//! assert_eq!(
//!     implied_type(&spec.root),
//!     Type::object([
//!         ("listener", Type::list(Type::object([("address", Type::String)]))),
//!         ("name", Type::String),
//!         ("port", Type::Number),
//!     ])
//! );
//!
//! // A missing required attribute is reported at the body.
//! let (file, _) = parse_config_str("port = 1\n", "bad.hcl");
//! let (_, diags) = decode(&file.body(), &spec.root, &EvalContext::literal_only());
//! assert_eq!(
//!     diags.to_string(),
//!     "bad.hcl:1,1-1: Missing required argument; The argument \"name\" is required, but no definition was found."
//! );
//! ```

mod decode;
mod parse;
mod types;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use hcl_core::body::DynExpression;
use hcl_core::{EvalContext, Function, Value};

pub use crate::language::functions::decode_user_functions;
pub use decode::{
    DecodeOptions, decode, decode_with_options, implied_schema, implied_type, partial_decode,
    source_range, variables,
};
pub use parse::{
    decode_spec_body, decode_spec_body_with, parse_spec_file, spec_context, spec_functions,
};

pub use types::type_expression;

/// How to decode a body (or, for the block kinds, the blocks of a body)
/// into a value: one node of a spec tree.
///
/// Each variant is the spec block of the same name in a spec file, except
/// [`Spec::Tuple`], which is the `array` block.
#[derive(Clone, Debug)]
pub enum Spec {
    /// An object whose attributes are decoded by the nested specs, all
    /// from the same body (`object`). Names are unique.
    Object(Vec<(String, Spec)>),
    /// A tuple whose elements are decoded by the nested specs, all from the
    /// same body (`array`).
    Tuple(Vec<Spec>),
    /// The value of one attribute, converted to a type (`attr`).
    Attr(AttrSpec),
    /// A constant value (`literal`).
    Literal(Value),
    /// The body of one block of a type, decoded by a nested spec; null when
    /// there is none (`block`).
    Block(BlockSpec),
    /// A list with the bodies of every block of a type (`block_list`).
    BlockList(BlockListSpec),
    /// A set with the bodies of every block of a type (`block_set`).
    BlockSet(BlockListSpec),
    /// Maps keyed by the labels of every block of a type (`block_map`).
    BlockMap(BlockMapSpec),
    /// A map of the attributes of one block of a type (`block_attrs`).
    BlockAttrs(BlockAttrsSpec),
    /// The primary spec's value, or the fallback's where it is null
    /// (`default`; several fallbacks nest to the left).
    Default(DefaultSpec),
    /// An expression applied to a nested spec's value (`transform`).
    Transform(TransformSpec),
    /// A nested spec's value, checked by a condition (`validate`).
    Validate(ValidateSpec),
}

/// The `attr` spec: an attribute of the body, converted to `ty`.
#[derive(Clone, Debug)]
pub struct AttrSpec {
    /// The attribute's name in the body.
    pub name: String,
    /// The type the value is converted to (the dynamic pseudo-type for
    /// any).
    pub ty: hcl_core::Type,
    /// Whether the attribute must be present.
    pub required: bool,
}

/// The `block` spec: one block of a type, decoded by the nested spec.
#[derive(Clone, Debug)]
pub struct BlockSpec {
    /// The block type in the body.
    pub type_name: String,
    /// The spec for the block's body.
    pub nested: Box<Spec>,
    /// Whether the block must be present.
    pub required: bool,
}

/// The `block_list` and `block_set` specs: every block of a type, each
/// decoded by the nested spec.
#[derive(Clone, Debug)]
pub struct BlockListSpec {
    /// The block type in the body.
    pub type_name: String,
    /// The spec for each block's body.
    pub nested: Box<Spec>,
    /// The least number of blocks (0: no minimum).
    pub min_items: i64,
    /// The greatest number of blocks (0: no maximum).
    pub max_items: i64,
}

/// The `block_map` spec: every block of a type, by its labels, each
/// decoded by the nested spec.
#[derive(Clone, Debug)]
pub struct BlockMapSpec {
    /// The block type in the body.
    pub type_name: String,
    /// The names of the labels: one level of map per label.
    pub labels: Vec<String>,
    /// The spec for each block's body.
    pub nested: Box<Spec>,
}

/// The `block_attrs` spec: the attributes of one block of a type, as a map
/// of `element_type`.
#[derive(Clone, Debug)]
pub struct BlockAttrsSpec {
    /// The block type in the body.
    pub type_name: String,
    /// The type each attribute's value is converted to.
    pub element_type: hcl_core::Type,
    /// Whether the block must be present.
    pub required: bool,
}

/// The `default` spec: the primary spec's value unless it is null, else the
/// fallback's.
#[derive(Clone, Debug)]
pub struct DefaultSpec {
    /// The spec tried first.
    pub primary: Box<Spec>,
    /// The spec used when the primary one gives null.
    pub fallback: Box<Spec>,
}

/// The `transform` spec: `result` evaluated with the nested spec's value as
/// the variable `var_name` (`nested` in spec files).
#[derive(Clone, Debug)]
pub struct TransformSpec {
    /// The spec whose value is transformed.
    pub wrapped: Box<Spec>,
    /// The expression giving the result.
    pub result: DynExpression,
    /// The name of the variable holding the nested value.
    pub var_name: String,
    /// The context `result` is evaluated in (a child of it, declaring
    /// `var_name`): the spec definition functions, for spec files.
    pub ctx: EvalContext,
}

/// The `validate` spec: the nested spec's value, with an error when
/// `condition`, evaluated with the value as the variable `var_name`, is
/// false.
#[derive(Clone, Debug)]
pub struct ValidateSpec {
    /// The spec whose value is checked.
    pub wrapped: Box<Spec>,
    /// An expression giving a bool: true when the value is valid.
    pub condition: DynExpression,
    /// The summary of the error when it is not.
    pub error_summary: String,
    /// An expression giving the detail of the error (a string).
    pub error_message: DynExpression,
    /// The name of the variable holding the nested value.
    pub var_name: String,
    /// The context the expressions are evaluated in (a child of it,
    /// declaring `var_name`).
    pub ctx: EvalContext,
}

/// A parsed spec file: the root spec, and the variables and functions it
/// defines for the input's expressions.
#[derive(Clone, Debug)]
pub struct SpecFile {
    /// The root spec (a null literal when the file has errors).
    pub root: Spec,
    /// The values of the `variables` blocks, by name.
    pub variables: BTreeMap<String, Value>,
    /// The user-defined functions of the `function` blocks, by name.
    pub functions: BTreeMap<String, Function>,
}

impl Spec {
    /// The spec that stands for a spec block with errors: a null literal
    /// of the dynamic pseudo-type (Go's `errSpec`).
    pub fn error() -> Spec {
        Spec::Literal(Value::null(hcl_core::Type::Dynamic))
    }

    /// The specs decoded from the same body as this one (the members of an
    /// object or tuple, both sides of a default, the wrapped spec of a
    /// transform or validate); not the nested specs of block kinds, which
    /// decode the bodies of blocks.
    pub fn same_body_children(&self) -> Vec<&Spec> {
        match self {
            Spec::Object(members) => members.iter().map(|(_, s)| s).collect(),
            Spec::Tuple(elements) => elements.iter().collect(),
            Spec::Default(d) => vec![&d.primary, &d.fallback],
            Spec::Transform(t) => vec![&t.wrapped],
            Spec::Validate(v) => vec![&v.wrapped],
            _ => Vec::new(),
        }
    }
}
