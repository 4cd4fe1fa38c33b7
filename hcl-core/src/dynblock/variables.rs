//! The variables of a body with dynamic blocks (Go's `variables.go`).

use std::sync::Arc;

use crate::body::{AttributeSchema, BlockHeaderSchema, BodySchema, DynBody};
use crate::traversal::Traversal;
use crate::value::Value;

use super::DYNAMIC;
use super::iteration::Iteration;

/// The variables of a body with dynamic blocks, level by level: the
/// attributes' and the `for_each`/`labels` expressions' references, less
/// the iterators (Go's `WalkVariables`).
///
/// ```
/// use hcl_core::body::{BlockHeaderSchema, BodySchema, AttributeSchema};
/// use hcl_core::native::{ParseOptions, parse_config};
///
/// let src = br#"
/// dynamic "rule" {
///   for_each = var.rules
///   content {
///     port = rule.value + local.offset
///   }
/// }
/// "#;
/// let (file, _) = parse_config(src, "app.hcl", &ParseOptions::default());
/// let root = hcl_core::dynblock::walk_variables(std::sync::Arc::new(file.body()));
/// let (vars, children) = root.visit(&BodySchema::new().block(BlockHeaderSchema::new("rule")));
/// assert_eq!(vars.iter().map(|t| t.root_name().unwrap()).collect::<Vec<_>>(), ["var"]);
/// let (inner, _) = children[0]
///     .node
///     .visit(&BodySchema::new().attribute(AttributeSchema::required("port")));
/// assert_eq!(inner.iter().map(|t| t.root_name().unwrap()).collect::<Vec<_>>(), ["local"]);
/// ```
pub fn walk_variables(body: DynBody) -> WalkVariablesNode {
    WalkVariablesNode {
        body,
        iteration: None,
        include_content: true,
    }
}

/// Like [`walk_variables`], but only the variables that the expansion
/// itself needs: those of `for_each` and `labels` (Go's
/// `WalkExpandVariables`).
pub fn walk_expand_variables(body: DynBody) -> WalkVariablesNode {
    WalkVariablesNode {
        body,
        iteration: None,
        include_content: false,
    }
}

/// One level of a [`walk_variables`] walk.
#[derive(Debug, Clone)]
pub struct WalkVariablesNode {
    body: DynBody,
    iteration: Option<Arc<Iteration>>,
    include_content: bool,
}

/// A nested level found by [`WalkVariablesNode::visit`]: a block (or the
/// content of a dynamic block) of type `block_type`.
#[derive(Debug, Clone)]
pub struct WalkVariablesChild {
    /// The block type (for a dynamic block, the type it generates).
    pub block_type: String,
    /// The nested level.
    pub node: WalkVariablesNode,
}

impl WalkVariablesNode {
    /// The body of this level.
    pub fn body(&self) -> &DynBody {
        &self.body
    }

    /// The variables of this level's attributes (named by `schema`) and
    /// dynamic blocks, and the nested levels to visit with their own
    /// schemas.
    pub fn visit(&self, schema: &BodySchema) -> (Vec<Traversal>, Vec<WalkVariablesChild>) {
        let mut extended = schema.clone();
        extended
            .blocks
            .push(BlockHeaderSchema::new(DYNAMIC).label("type"));
        let (container, _, _) = self.body.partial_content(&extended);
        let mut vars = Vec::new();
        let mut children = Vec::with_capacity(container.blocks.len());
        if self.include_content {
            for attribute in container.attributes.values() {
                for t in attribute.expr.variables() {
                    if !Iteration::defines(self.iteration.as_ref(), t.root_name().unwrap_or("")) {
                        vars.push(t);
                    }
                }
            }
        }
        let inner_schema = BodySchema::new()
            .attribute(AttributeSchema::optional("for_each"))
            .attribute(AttributeSchema::optional("labels"))
            .attribute(AttributeSchema::optional("iterator"))
            .block(BlockHeaderSchema::new("content"));
        for block in container.blocks {
            if block.type_name != DYNAMIC {
                children.push(WalkVariablesChild {
                    block_type: block.type_name,
                    node: WalkVariablesNode {
                        body: block.body,
                        iteration: self.iteration.clone(),
                        include_content: self.include_content,
                    },
                });
                continue;
            }
            let Some(block_type) = block.labels.first().cloned() else {
                continue;
            };
            let (inner, _, _) = block.body.partial_content(&inner_schema);
            let mut iterator = block_type.clone();
            if let Some(attr) = inner.attributes.get("iterator") {
                match attr.expr.static_traversal_abs() {
                    Ok(t) if !t.is_empty() => {
                        iterator = t.root_name().unwrap_or_default().to_owned();
                    }
                    _ => continue,
                }
            }
            let it = Iteration::child(
                self.iteration.as_ref(),
                &iterator,
                Value::dynamic(),
                Value::dynamic(),
                &mut None,
            );
            if let Some(attr) = inner.attributes.get("for_each") {
                for t in attr.expr.variables() {
                    if !it.inherits(t.root_name().unwrap_or("")) {
                        vars.push(t);
                    }
                }
            }
            if let Some(attr) = inner.attributes.get("labels") {
                for t in attr.expr.variables() {
                    if !Iteration::defines(Some(&it), t.root_name().unwrap_or("")) {
                        vars.push(t);
                    }
                }
            }
            for content in inner.blocks {
                children.push(WalkVariablesChild {
                    block_type: block_type.clone(),
                    node: WalkVariablesNode {
                        body: content.body,
                        iteration: Some(Arc::clone(&it)),
                        include_content: self.include_content,
                    },
                });
            }
        }
        (vars, children)
    }
}
