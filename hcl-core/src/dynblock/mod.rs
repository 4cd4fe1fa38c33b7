//! Dynamic blocks: `dynamic "NAME" { for_each = ..., content { ... } }`
//! expanded into blocks of type `NAME`, with the semantics of HashiCorp's
//! `ext/dynblock`.
//!
//! [`expand`] wraps a body (of either syntax) so that wherever a schema
//! expects blocks of type `NAME`, a `dynamic "NAME"` block produces one
//! such block per element of its `for_each` collection (a list, set, tuple,
//! map or object). Inside the `content` block, and in the `labels`
//! expressions, the iterator (named after the block type, or by
//! `iterator = NAME`) has the attributes `key` (the index, map key or set
//! element) and `value`. Dynamic blocks nest: an inner one sees the
//! iterators of the outer ones, and its own `for_each` may use them.
//!
//! ```text
//! dynamic "ingress" {
//!   for_each = var.ports          # required: the collection
//!   iterator = port               # optional: the iterator's name
//!   labels   = ["tcp-${port.key}"] # required when the block type has labels
//!   content {                     # required: the body of each block
//!     port = port.value
//!   }
//! }
//! ```
//!
//! When the `for_each` value is unknown, the expansion is one block whose
//! body is unknown: every attribute in it evaluates to the dynamic unknown
//! value (Go does the same), so an application can carry on with a
//! placeholder.
//!
//! Static analysis sees through the expansion: [`walk_variables`] gives the
//! variables each level of the body refers to, the `for_each` and `labels`
//! expressions' included, the iterators' own names excluded.
//!
//! ```
//! use hcl_core::body::{BlockHeaderSchema, BodySchema, AttributeSchema};
//! use hcl_core::native::{ParseOptions, parse_config};
//! use hcl_core::{Body, EvalContext, Expression, Value};
//! use std::sync::Arc;
//!
//! let src = br#"
//! dynamic "listener" {
//!   for_each = [80, 443]
//!   content {
//!     port = listener.value
//!   }
//! }
//! "#;
//! let (file, diags) = parse_config(src, "app.hcl", &ParseOptions::default());
//! assert!(diags.is_empty());
//! let body = hcl_core::dynblock::expand(Arc::new(file.body()), &EvalContext::new());
//!
//! let schema = BodySchema::new().block(BlockHeaderSchema::new("listener"));
//! let (content, diags) = body.content(&schema);
//! assert!(diags.is_empty());
//! let ports: Vec<Value> = content
//!     .blocks
//!     .iter()
//!     .map(|block| {
//!         let schema = BodySchema::new().attribute(AttributeSchema::required("port"));
//!         let (inner, _) = block.body.content(&schema);
//!         inner.attributes["port"].expr.value(&EvalContext::new()).0
//!     })
//!     .collect();
//! assert_eq!(ports, [Value::number(80), Value::number(443)]);
//! ```

// One file per concept, as HashiCorp's `ext/dynblock`: the expanding body
// (`expand_body.rs`), what a `dynamic` block says (`expand_spec.rs`), the
// iterator of a level (`iteration.rs`), an attribute's expression inside
// a dynamic block (`expr_wrap.rs`), the body an unknown `for_each` gives
// (`unknown_body.rs`) and the variables walk (`variables.rs`).
mod expand_body;
mod expand_spec;
mod expr_wrap;
mod iteration;
mod unknown_body;
mod variables;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::body::DynBody;
use crate::eval::EvalContext;

use expand_body::ExpandBody;
pub use variables::{WalkVariablesChild, WalkVariablesNode, walk_expand_variables, walk_variables};

/// The block type that declares dynamic blocks.
const DYNAMIC: &str = "dynamic";

/// `body`, with its `dynamic` blocks (and those of its nested blocks)
/// expanded; `ctx` is the context of the `for_each` and `labels`
/// expressions (and of nothing else: the attributes of the body are
/// evaluated in whatever context their user gives).
pub fn expand(body: DynBody, ctx: &EvalContext) -> DynBody {
    Arc::new(ExpandBody {
        original: body,
        base_ctx: ctx.clone(),
        iteration: None,
        hidden_attributes: BTreeSet::new(),
        hidden_blocks: BTreeMap::new(),
    })
}

#[cfg(test)]
mod tests;
