//! Symbols, hover and completion of property names in `.hcl.json` files,
//! by the schema's reading of the JSON syntax ([`json_outline`]).

use hcl_decode::schema::Schema;
use lsp_types::{
    CompletionItem, DocumentSymbol, Hover, HoverContents, MarkupContent, MarkupKind, SymbolKind,
};

use crate::completion;
use crate::document::Document;
use crate::json_outline::{Meaning, Node, Property, objects_at};
use crate::line_index::Encoding;
use crate::schema_at;

/// A symbol per property whose value is an object or array, and per
/// property of such objects, nested as the document nests them.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written, as `None`.
pub fn symbols(doc: &Document, root: &Node, encoding: Encoding) -> Vec<DocumentSymbol> {
    fn of(doc: &Document, node: &Node, encoding: Encoding, depth: usize) -> Vec<DocumentSymbol> {
        let properties: Vec<&Property> = match node {
            Node::Object(props, _) => props.iter().collect(),
            Node::Array(items, _) => {
                return items
                    .iter()
                    .flat_map(|i| of(doc, i, encoding, depth + 1))
                    .collect();
            }
            Node::Scalar(_) => return Vec::new(),
        };
        // A symbol's name may not be empty (editors refuse it): a property
        // still being typed (`""`) is left out.
        properties
            .into_iter()
            .filter(|p| !p.name.is_empty())
            .map(|p| {
                let span = p.name_span.start..p.value.span().end.max(p.name_span.end);
                let nested = !matches!(p.value, Node::Scalar(_));
                DocumentSymbol {
                    name: p.name.clone(),
                    detail: None,
                    kind: if nested {
                        SymbolKind::STRUCT
                    } else {
                        SymbolKind::PROPERTY
                    },
                    tags: None,
                    deprecated: None,
                    range: doc.range(span, encoding),
                    selection_range: doc.range(p.name_span.clone(), encoding),
                    children: (nested && depth < 64)
                        .then(|| of(doc, &p.value, encoding, depth + 1)),
                }
            })
            .collect()
    }
    of(doc, root, encoding, 0)
}

/// The schema's description of the property named at an offset.
pub fn hover(
    doc: &Document,
    root: &Node,
    schema: &Schema,
    offset: usize,
    encoding: Encoding,
) -> Option<Hover> {
    let objects = objects_at(root, schema, offset);
    let (properties, meaning) = objects.last()?;
    let Meaning::Body(body) = meaning else {
        return None;
    };
    let property = properties
        .iter()
        .find(|p| p.name_span.start <= offset && offset <= p.name_span.end)?;
    let value = match (body.attribute(&property.name), body.block(&property.name)) {
        (Some(a), _) => schema_at::describe_attribute(a),
        (None, Some(b)) => schema_at::describe_block(b),
        (None, None) => return None,
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(doc.range(property.name_span.clone(), encoding)),
    })
}

/// The property names an object may still take, where a property name
/// goes: after `{` or `,`, or in a name being typed there.
pub fn complete(
    doc: &Document,
    root: &Node,
    schema: &Schema,
    offset: usize,
) -> Vec<CompletionItem> {
    let text = doc.text();
    let before = &text[..offset.min(text.len())];
    let typed_start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .map_or(0, |i| i + 1);
    let mut head = before[..typed_start].trim_end();
    let quoted = head.ends_with('"');
    if quoted {
        head = head[..head.len() - 1].trim_end();
    }
    if !(head.ends_with('{') || head.ends_with(',')) {
        return Vec::new();
    }
    let objects = objects_at(root, schema, offset);
    let Some((properties, Meaning::Body(body))) = objects.last() else {
        return Vec::new();
    };
    let present = |name: &str| {
        properties
            .iter()
            .any(|p| p.name == name && p.name_span.end < typed_start.saturating_sub(1))
    };
    let quote = if quoted { "" } else { "\"" };
    let prefix = &before[typed_start..];
    let mut out = completion::schema_items(
        body,
        &present,
        &present,
        &|a| format!("{quote}{}\": $0", a.name),
        &|b| format!("{quote}{}\": {{$0}}", b.name),
    );
    out.retain(|i| i.label.starts_with(prefix));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json_outline::parse;
    use hcl_core::Type;
    use hcl_core::parse::Syntax;
    use hcl_decode::schema::{Attribute, BlockContent, BlockType, Body, Doc, Nesting};

    fn schema() -> Schema {
        let mut listener = Body::new();
        listener
            .attributes
            .push(Attribute::new("address", Type::String));
        let mut root = Body::new();
        root.attributes.push(Attribute::new("port", Type::Number));
        root.blocks.push(BlockType {
            name: "listener".to_owned(),
            labels: vec!["name".to_owned()],
            nesting: Nesting::Map,
            content: BlockContent::Body(listener),
            doc: Doc::default(),
            deprecated: None,
        });
        Schema { body: root }
    }

    fn labels(items: &[CompletionItem]) -> Vec<&str> {
        items.iter().map(|i| i.label.as_str()).collect()
    }

    #[test]
    fn names_through_labels_and_arrays() {
        let src = "{\n  \"port\": 1,\n  \"listener\": {\n    \"web\": [{\n      \"ad\n    }]\n  },\n  \n}";
        let doc = Document::with_syntax(src.to_owned(), 1, Syntax::Json);
        let root = parse(src);
        let schema = schema();
        let at = src.find("\"ad").unwrap() + 3;
        assert_eq!(labels(&complete(&doc, &root, &schema, at)), ["address"]);
        let at = src.find("  \n}").unwrap() + 2;
        // After `,` at the root: port is present.
        assert_eq!(labels(&complete(&doc, &root, &schema, at)), ["listener"]);
        // Not where a value goes.
        let at = src.find(": 1").unwrap() + 2;
        assert!(complete(&doc, &root, &schema, at).is_empty());
    }

    #[test]
    fn hover_and_symbols() {
        let src = "{\"port\": 1, \"listener\": {\"web\": {\"address\": \"x\"}}}";
        let doc = Document::with_syntax(src.to_owned(), 1, Syntax::Json);
        let root = parse(src);
        let schema = schema();
        let text = |offset| match hover(&doc, &root, &schema, offset, Encoding::Utf16) {
            Some(Hover {
                contents: HoverContents::Markup(m),
                ..
            }) => m.value,
            _ => String::new(),
        };
        assert!(text(src.find("address").unwrap()).starts_with("```hcl\naddress = string\n```"));
        assert!(text(src.find("port").unwrap()).starts_with("```hcl\nport = number\n```"));
        // A label is not a name of the schema.
        assert_eq!(text(src.find("web").unwrap()), "");
        let symbols = symbols(&doc, &root, Encoding::Utf16);
        assert_eq!(symbols.len(), 2);
        assert_eq!(symbols[1].children.as_ref().unwrap()[0].name, "web");
    }
}
