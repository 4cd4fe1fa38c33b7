//! The application's schema at a position: the body the cursor is in (found
//! by following the enclosing blocks through the schema, a block chosen by
//! its first label through its variant, a `dynamic "X"` block's `content`
//! through `X`), and what the schema says of the names there.

use hcl_decode::schema::{Attribute, BlockContent, BlockType, Body, Constraint, Nesting, Schema};

use crate::syntax::{Block, Item, Outline};

/// The schema body of the innermost block around `offset` (the root body
/// outside every block), with the outline's items of that body; `None`
/// where a block is not in the schema.
pub fn body_at<'s, 'o>(
    schema: &'s Schema,
    outline: &'o Outline,
    offset: usize,
) -> Option<(&'s Body, &'o [Item])> {
    let blocks = outline.blocks_at(offset);
    let mut body = &schema.body;
    let mut dynamic_of: Option<&'s BlockType> = None;
    for block in &blocks {
        if let Some(target) = dynamic_of.take() {
            // The `content` block of `dynamic "X"` has X's body.
            if block.block_type != "content" {
                return None;
            }
            body = block_body(target, block)?;
            continue;
        }
        if block.block_type == "dynamic" {
            let label = block.labels.first().map(|(l, _)| l.as_str())?;
            dynamic_of = Some(body.block(label)?);
            continue;
        }
        let block_type = body.block(&block.block_type)?;
        body = block_body(block_type, block)?;
    }
    if dynamic_of.is_some() {
        // Directly in a `dynamic` block: its own attributes (`for_each`,
        // `labels`, `iterator`) and `content` are the language's.
        return None;
    }
    let items = blocks
        .last()
        .map_or(outline.body.as_slice(), |b| b.body.as_slice());
    Some((body, items))
}

/// The body of a block of a type: the type's own, or the variant its first
/// label chooses.
fn block_body<'s>(block_type: &'s BlockType, block: &Block) -> Option<&'s Body> {
    match &block_type.content {
        BlockContent::Body(body) => Some(body),
        BlockContent::ByLabel { variants, .. } => {
            let first = block.labels.first().map(|(l, _)| l.as_str())?;
            variants.iter().find(|v| v.name == first).map(|v| &v.body)
        }
    }
}

/// Markdown describing an attribute: its type in HCL's terms, whether it is
/// required, its default and accepted values, then its doc.
pub fn describe_attribute(a: &Attribute) -> String {
    let mut text = format!("```hcl\n{} = {}\n```\n\n", a.name, a.ty);
    text.push_str(if a.required { "Required" } else { "Optional" });
    if let Some(default) = &a.default {
        if a.sensitive {
            text.push_str(", with a default (sensitive)");
        } else {
            text.push_str(&format!(", default `{default}`"));
        }
    }
    text.push('.');
    if let Some(Constraint::OneOf(values)) = &a.constraint {
        let values: Vec<String> = values
            .iter()
            .map(|v| format!("`\"{}\"`", v.value))
            .collect();
        text.push_str(&format!(" One of {}.", values.join(", ")));
    }
    if let Some(note) = &a.deprecated {
        text.push_str(&format!("\n\n**Deprecated.** {note}"));
    }
    if let Some(doc) = a.doc.text() {
        text.push_str("\n\n");
        text.push_str(&doc);
    }
    text
}

/// Markdown describing a block type: its header with the label names, how
/// many the body may hold, then its doc.
pub fn describe_block(b: &BlockType) -> String {
    let mut header = b.name.clone();
    for label in &b.labels {
        header.push_str(&format!(" \"{label}\""));
    }
    let mut text = format!("```hcl\n{header} {{ … }}\n```\n\n");
    text.push_str(match b.nesting {
        Nesting::Single => "Required: exactly one block.",
        Nesting::Optional => "Optional: at most one block.",
        Nesting::List => "Any number of blocks.",
        Nesting::Map => "Any number of blocks, each with its own first label.",
    });
    if let BlockContent::ByLabel { label, variants } = &b.content {
        let names: Vec<String> = variants
            .iter()
            .map(|v| format!("`\"{}\"`", v.name))
            .collect();
        text.push_str(&format!(" The {label} is one of {}.", names.join(", ")));
    }
    if let Some(note) = &b.deprecated {
        text.push_str(&format!("\n\n**Deprecated.** {note}"));
    }
    if let Some(doc) = b.doc.text() {
        text.push_str("\n\n");
        text.push_str(&doc);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcl_core::Type;
    use hcl_decode::schema::{Doc, Variant};

    fn schema() -> Schema {
        let mut task = Body::new();
        task.attributes.push(Attribute::new("image", Type::String));
        let mut exec = Body::new();
        exec.attributes
            .push(Attribute::new("command", Type::String));
        let mut docker = Body::new();
        docker
            .attributes
            .push(Attribute::new("image", Type::String));
        let mut root = Body::new();
        root.blocks.push(BlockType {
            name: "task".to_owned(),
            labels: vec!["name".to_owned()],
            nesting: Nesting::Map,
            content: BlockContent::Body(task),
            doc: Doc::default(),
            deprecated: None,
        });
        root.blocks.push(BlockType {
            name: "driver".to_owned(),
            labels: vec!["kind".to_owned()],
            nesting: Nesting::List,
            content: BlockContent::ByLabel {
                label: "kind".to_owned(),
                variants: vec![
                    Variant {
                        name: "exec".to_owned(),
                        doc: Doc::default(),
                        deprecated: None,
                        body: exec,
                    },
                    Variant {
                        name: "docker".to_owned(),
                        doc: Doc::default(),
                        deprecated: None,
                        body: docker,
                    },
                ],
            },
            doc: Doc::default(),
            deprecated: None,
        });
        Schema { body: root }
    }

    fn attribute_names(body: &Body) -> Vec<&str> {
        body.attributes.iter().map(|a| a.name.as_str()).collect()
    }

    #[test]
    fn bodies_through_blocks_variants_and_dynamic_content() {
        let schema = schema();
        let src = "task \"a\" {\n  x\n}\ndriver \"exec\" {\n  y\n}\ndynamic \"task\" {\n  content {\n    z\n  }\n}\nunknown {\n  w\n}\n";
        let outline = Outline::of(src);
        let at = |s: &str| {
            let offset = src.find(&format!("\n  {s}\n")).unwrap() + 3;
            body_at(&schema, &outline, offset).map(|(b, _)| attribute_names(b))
        };
        assert_eq!(at("x"), Some(vec!["image"]));
        assert_eq!(at("y"), Some(vec!["command"]));
        let z = src.find("    z").unwrap() + 4;
        let z = body_at(&schema, &outline, z).map(|(b, _)| attribute_names(b));
        assert_eq!(z, Some(vec!["image"]));
        assert_eq!(at("w"), None);
        assert_eq!(
            body_at(&schema, &outline, 0).map(|(b, _)| b.blocks.len()),
            Some(2)
        );
    }
}
