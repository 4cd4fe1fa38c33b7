//! Schemas: what a body is expected to contain ("Schema-driven
//! Processing"), and the rules a schema must keep.

use std::collections::BTreeSet;
use std::fmt;

use crate::diagnostic::Diagnostic;
use crate::pos::Range;

#[cfg(doc)]
use super::Body;

/// The schema of one expected attribute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttributeSchema {
    /// The attribute name.
    pub name: String,
    /// Whether the attribute must be present.
    pub required: bool,
}

impl AttributeSchema {
    /// An attribute that must be present.
    pub fn required(name: impl Into<String>) -> AttributeSchema {
        AttributeSchema {
            name: name.into(),
            required: true,
        }
    }

    /// An attribute that may be absent.
    pub fn optional(name: impl Into<String>) -> AttributeSchema {
        AttributeSchema {
            name: name.into(),
            required: false,
        }
    }
}

/// The schema of one expected block type: its type name and the names of
/// its labels.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockHeaderSchema {
    /// The block type name.
    pub type_name: String,
    /// The semantic names of the labels, in order.
    pub label_names: Vec<String>,
}

impl BlockHeaderSchema {
    /// A block type with no labels.
    pub fn new(type_name: impl Into<String>) -> BlockHeaderSchema {
        BlockHeaderSchema {
            type_name: type_name.into(),
            label_names: Vec::new(),
        }
    }

    /// Adds a label.
    pub fn label(mut self, name: impl Into<String>) -> BlockHeaderSchema {
        self.label_names.push(name.into());
        self
    }
}

/// What a body is expected to contain.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BodySchema {
    /// The attribute schemata.
    pub attributes: Vec<AttributeSchema>,
    /// The block header schemata.
    pub blocks: Vec<BlockHeaderSchema>,
}

/// A schema that names an attribute twice, or an attribute and a block
/// type alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaError {
    /// The name at fault.
    pub name: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SchemaError {}

impl SchemaError {
    /// The diagnostic a body reports for a schema that fails
    /// [`BodySchema::validate`]: an error "Invalid body schema" whose
    /// detail is the message, about the body (`subject`, usually its
    /// missing-item range). The fault is the calling program's, not the
    /// configuration author's, but it is reported as a diagnostic all the
    /// same, never as a panic.
    pub fn to_diagnostic(&self, subject: Range) -> Diagnostic {
        Diagnostic::error("Invalid body schema")
            .with_kind(crate::DiagnosticKind::InvalidSchema)
            .with_detail(format!(
                "The schema used to process this body is invalid: {}.",
                self.message
            ))
            .with_subject(subject)
    }
}

impl BodySchema {
    /// An empty schema.
    pub fn new() -> BodySchema {
        BodySchema::default()
    }

    /// Adds an attribute schema.
    pub fn attribute(mut self, attribute: AttributeSchema) -> BodySchema {
        self.attributes.push(attribute);
        self
    }

    /// Adds a block header schema.
    pub fn block(mut self, block: BlockHeaderSchema) -> BodySchema {
        self.blocks.push(block);
        self
    }

    /// Checks the rules of the spec ("Schema-driven Processing"): no
    /// attribute named twice, no block type named like an attribute.
    ///
    /// A block type listed twice is allowed (the spec does not forbid it):
    /// as in the Go implementation, the last listing decides the labels.
    ///
    /// [`Body::content`] and [`Body::partial_content`] of every body of this
    /// crate call it first; a schema it rejects is reported as one "Invalid
    /// body schema" error diagnostic (see [`SchemaError::to_diagnostic`])
    /// and no content is extracted.
    pub fn validate(&self) -> Result<(), SchemaError> {
        let mut names = BTreeSet::new();
        for a in &self.attributes {
            if !names.insert(a.name.as_str()) {
                return Err(SchemaError {
                    name: a.name.clone(),
                    message: format!("attribute {:?} is named twice in the schema", a.name),
                });
            }
        }
        for b in &self.blocks {
            if names.contains(b.type_name.as_str()) {
                return Err(SchemaError {
                    name: b.type_name.clone(),
                    message: format!(
                        "{:?} is named in the schema both as an attribute and as a block type",
                        b.type_name
                    ),
                });
            }
        }
        Ok(())
    }

    /// The attribute schema of that name.
    pub fn find_attribute(&self, name: &str) -> Option<&AttributeSchema> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The block header schema of that type (the last one, if the type is
    /// listed twice, as the bodies use it).
    pub fn find_block(&self, type_name: &str) -> Option<&BlockHeaderSchema> {
        self.blocks.iter().rev().find(|b| b.type_name == type_name)
    }

    /// The union of two schemas (attributes of both, blocks of both; a name
    /// in both is kept once, as `self` has it).
    pub fn union(&self, other: &BodySchema) -> BodySchema {
        let mut out = self.clone();
        for a in &other.attributes {
            if out.find_attribute(&a.name).is_none() {
                out.attributes.push(a.clone());
            }
        }
        for b in &other.blocks {
            if out.find_block(&b.type_name).is_none() {
                out.blocks.push(b.clone());
            }
        }
        out
    }

    /// Every attribute name and block type name, for suggestions.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.attributes
            .iter()
            .map(|a| a.name.as_str())
            .chain(self.blocks.iter().map(|b| b.type_name.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_validation_follows_the_spec() {
        let ok = BodySchema::new()
            .attribute(AttributeSchema::required("a"))
            .block(BlockHeaderSchema::new("b"))
            .block(BlockHeaderSchema::new("b").label("x"));
        assert_eq!(ok.validate(), Ok(()));
        assert_eq!(ok.find_block("b").map(|b| b.label_names.len()), Some(1));

        let twice = BodySchema::new()
            .attribute(AttributeSchema::optional("a"))
            .attribute(AttributeSchema::required("a"));
        let err = twice.validate().expect_err("named twice");
        assert_eq!(err.name, "a");
        assert_eq!(
            err.to_string(),
            "attribute \"a\" is named twice in the schema"
        );

        let alike = BodySchema::new()
            .block(BlockHeaderSchema::new("a"))
            .attribute(AttributeSchema::optional("a"));
        let err = alike.validate().expect_err("attribute and block");
        assert_eq!(
            err.to_string(),
            "\"a\" is named in the schema both as an attribute and as a block type"
        );
    }

    #[test]
    fn schema_union_keeps_each_name_once() {
        let a = BodySchema::new()
            .attribute(AttributeSchema::required("x"))
            .block(BlockHeaderSchema::new("b"));
        let b = BodySchema::new()
            .attribute(AttributeSchema::optional("x"))
            .attribute(AttributeSchema::optional("y"))
            .block(BlockHeaderSchema::new("b").label("l"))
            .block(BlockHeaderSchema::new("c"));
        let u = a.union(&b);
        assert_eq!(u.names().collect::<Vec<_>>(), ["x", "y", "b", "c"]);
        assert!(u.attributes[0].required);
        assert!(u.blocks[0].label_names.is_empty());
    }
}
