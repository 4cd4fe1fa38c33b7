#![doc = include_str!("../../docs/schema.md")]

pub(crate) mod derive;
mod hcldec;
mod json;
mod json_schema;
mod template;
mod model;

#[cfg(test)]
mod tests;

pub use model::{
    AllowedValue, Attribute, BlockContent, BlockType, Body, Constraint, Doc, Nesting, Variant,
};

use hcl_core::{Type, Value};

use crate::Decoder;
use crate::decode::HclBody;

/// The schema of a configuration: what its root body holds, in HCL's
/// terms. See the [module documentation](self).
#[derive(Clone, Debug, PartialEq)]
pub struct Schema {
    /// The root body.
    pub body: Body,
}

impl Schema {
    /// The schema of a body decoded into `T`, as its derive describes it:
    /// attributes with their types, defaults, docs and constraints; block
    /// types with their labels, nesting and bodies.
    ///
    /// ```
    /// use hcl_decode::prelude::*;
    /// use hcl_decode::schema::{Nesting, Schema};
    ///
    /// /// The server.
    /// #[derive(HclBody)]
    /// struct Config {
    ///     /// The port to listen on.
    ///     #[hcl(default = 8080)]
    ///     port: u16,
    ///     #[hcl(block)]
    ///     listener: Vec<Listener>,
    /// }
    ///
    /// #[derive(HclBody)]
    /// struct Listener {
    ///     #[hcl(label)]
    ///     name: String,
    ///     address: String,
    /// }
    ///
    /// let schema = Schema::of::<Config>();
    /// assert_eq!(schema.body.doc.summary.as_deref(), Some("The server."));
    /// let port = schema.body.attribute("port").unwrap();
    /// assert_eq!(port.default, Some(hcl_decode::Value::number(8080)));
    /// assert!(!port.required);
    /// let listener = schema.body.block("listener").unwrap();
    /// assert_eq!((listener.labels.as_slice(), listener.nesting), (&["name".to_owned()][..], Nesting::List));
    /// ```
    pub fn of<T: HclBody>() -> Schema {
        Schema {
            body: derive::root_of::<T>(),
        }
    }
}

impl Decoder {
    /// The schema of a body this decoder decodes into `T`:
    /// [`Schema::of`], plus the blocks of the configuration-language layer
    /// the decoder enables — `variable`, `locals` and `function` at the
    /// root, and `dynamic` in every body that has block types.
    ///
    /// ```
    /// use hcl_decode::prelude::*;
    /// use hcl_decode::Decoder;
    ///
    /// #[derive(HclBody)]
    /// struct Config {
    ///     name: String,
    /// }
    ///
    /// let schema = Decoder::new().variable_blocks().locals().schema::<Config>();
    /// let names: Vec<&str> = schema.body.blocks.iter().map(|b| b.name.as_str()).collect();
    /// assert_eq!(names, ["variable", "locals"]);
    /// ```
    pub fn schema<T: HclBody>(&self) -> Schema {
        let mut schema = Schema::of::<T>();
        let language = &self.language;
        if language.dynamic_blocks {
            add_dynamic(&mut schema.body);
        }
        if language.variable_blocks {
            schema.body.blocks.push(variable_block());
        }
        if language.locals {
            schema.body.blocks.push(locals_block());
        }
        if language.user_functions {
            schema.body.blocks.push(function_block());
        }
        schema
    }
}

fn attribute(name: &str, ty: Type, required: bool, summary: &str) -> Attribute {
    Attribute {
        required,
        doc: Doc {
            summary: Some(summary.to_owned()),
            detail: None,
        },
        ..Attribute::new(name, ty)
    }
}

fn doc(summary: &str) -> Doc {
    Doc {
        summary: Some(summary.to_owned()),
        detail: None,
    }
}

fn variable_block() -> BlockType {
    let mut validation = Body::new();
    validation.attributes = vec![
        attribute(
            "condition",
            Type::Bool,
            true,
            "An expression that is true when the value is valid.",
        ),
        attribute(
            "error_message",
            Type::String,
            true,
            "The message when the condition is false.",
        ),
    ];
    let mut body = Body::new();
    body.attributes = vec![
        attribute(
            "type",
            Type::Dynamic,
            false,
            "The type constraint of the value (a type expression).",
        ),
        attribute(
            "default",
            Type::Dynamic,
            false,
            "The value when none is given.",
        ),
        attribute(
            "description",
            Type::String,
            false,
            "What the variable is for.",
        ),
        Attribute {
            default: Some(Value::bool(false)),
            ..attribute(
                "sensitive",
                Type::Bool,
                false,
                "Whether the value is hidden from every output.",
            )
        },
        Attribute {
            default: Some(Value::bool(true)),
            ..attribute(
                "nullable",
                Type::Bool,
                false,
                "Whether the value may be null.",
            )
        },
    ];
    body.blocks = vec![BlockType {
        name: "validation".to_owned(),
        labels: Vec::new(),
        nesting: Nesting::List,
        content: BlockContent::Body(validation),
        doc: doc("A condition the value must meet."),
        deprecated: None,
    }];
    BlockType {
        name: "variable".to_owned(),
        labels: vec!["name".to_owned()],
        nesting: Nesting::Map,
        content: BlockContent::Body(body),
        doc: doc("An input variable, read as `var.NAME`."),
        deprecated: None,
    }
}

fn locals_block() -> BlockType {
    BlockType {
        name: "locals".to_owned(),
        labels: Vec::new(),
        nesting: Nesting::List,
        content: BlockContent::Body(Body {
            exhaustive: false,
            ..Body::new()
        }),
        doc: doc("Local values, each attribute read as `local.NAME`."),
        deprecated: None,
    }
}

fn function_block() -> BlockType {
    let mut body = Body::new();
    body.attributes = vec![
        attribute(
            "params",
            Type::list(Type::String),
            true,
            "The names of the parameters.",
        ),
        attribute(
            "variadic_param",
            Type::String,
            false,
            "The name of the parameter taking the remaining arguments, as a list.",
        ),
        attribute(
            "result",
            Type::Dynamic,
            true,
            "The expression giving the result.",
        ),
    ];
    BlockType {
        name: "function".to_owned(),
        labels: vec!["name".to_owned()],
        nesting: Nesting::Map,
        content: BlockContent::Body(body),
        doc: doc("A function, called as `NAME(...)`."),
        deprecated: None,
    }
}

/// Adds the `dynamic` block type to every body with block types.
fn add_dynamic(body: &mut Body) {
    for block in &mut body.blocks {
        match &mut block.content {
            BlockContent::Body(b) => add_dynamic(b),
            BlockContent::ByLabel { variants, .. } => {
                for v in variants {
                    add_dynamic(&mut v.body);
                }
            }
        }
    }
    if body.blocks.is_empty() {
        return;
    }
    let mut content = Body::new();
    content.exhaustive = false;
    content.doc = doc("The body of each block made.");
    let mut dynamic = Body::new();
    dynamic.attributes = vec![
        attribute(
            "for_each",
            Type::Dynamic,
            true,
            "The collection to make a block for each element of.",
        ),
        attribute(
            "iterator",
            Type::Dynamic,
            false,
            "The name of the element variable (the block type by default).",
        ),
        attribute(
            "labels",
            Type::list(Type::String),
            false,
            "The labels of each block made.",
        ),
    ];
    dynamic.blocks = vec![BlockType {
        name: "content".to_owned(),
        labels: Vec::new(),
        nesting: Nesting::Single,
        content: BlockContent::Body(content),
        doc: doc("The body of each block made."),
        deprecated: None,
    }];
    body.blocks.push(BlockType {
        name: "dynamic".to_owned(),
        labels: vec!["type".to_owned()],
        nesting: Nesting::List,
        content: BlockContent::Body(dynamic),
        doc: doc("Blocks of the labelled type, one per element of a collection."),
        deprecated: None,
    });
}
