//! Completion at a position: after `var.` and `local.` the names the
//! configuration declares; in an expression the functions (with their
//! signatures), `var`, `local`, `true`, `false` and `null`.

use std::collections::BTreeMap;

use hcl_core::function::Function;
use lsp_types::{
    CompletionItem, CompletionItemKind, Documentation, InsertTextFormat, MarkupContent, MarkupKind,
};

use hcl_decode::schema::{Attribute, BlockContent, BlockType, Body, Constraint, Nesting, Schema};

use crate::document::Document;
use crate::hover::signature;
use crate::schema_at;
use crate::syntax::{Item, ReferenceKind};

/// What a configuration declares, gathered from its files.
#[derive(Debug, Default)]
pub struct Declarations {
    /// Names by kind, each with a short description (a variable's type and
    /// description, a local's expression).
    pub names: BTreeMap<(ReferenceKind, String), String>,
}

/// The items for a position of a document whose labels start with the
/// word before the cursor (quotes aside).
pub fn complete(
    doc: &Document,
    offset: usize,
    declarations: &Declarations,
    functions: &BTreeMap<String, Function>,
    schema: Option<&Schema>,
) -> Vec<CompletionItem> {
    let mut items = candidates(doc, offset, declarations, functions, schema);
    let text = doc.text();
    let before = &text[..offset.min(text.len())];
    let prefix = &before[word_start(before)..];
    if !prefix.is_empty() {
        items.retain(|i| i.label.trim_start_matches('"').starts_with(prefix));
    }
    items
}

/// The start of the word that ends at the end of `before`.
fn word_start(before: &str) -> usize {
    before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c.is_alphanumeric() || c == '_' || c == '-')
        .last()
        .map_or(before.len(), |(i, _)| i)
}

fn candidates(
    doc: &Document,
    offset: usize,
    declarations: &Declarations,
    functions: &BTreeMap<String, Function>,
    schema: Option<&Schema>,
) -> Vec<CompletionItem> {
    let text = doc.text();
    if let Some(items) = schema.and_then(|s| complete_from_schema(doc, offset, s)) {
        return items;
    }
    let before = &text[..offset.min(text.len())];
    let word_start = word_start(before);
    let head = &before[..word_start];
    let kind = if head.ends_with("var.") && !preceded_by_dot(head, "var.") {
        Some(ReferenceKind::Variable)
    } else if head.ends_with("local.") && !preceded_by_dot(head, "local.") {
        Some(ReferenceKind::Local)
    } else {
        None
    };
    if let Some(kind) = kind {
        return declarations
            .names
            .iter()
            .filter(|((k, _), _)| *k == kind)
            .map(|((_, name), detail)| CompletionItem {
                label: name.clone(),
                kind: Some(CompletionItemKind::VARIABLE),
                detail: (!detail.is_empty()).then(|| detail.clone()),
                ..CompletionItem::default()
            })
            .collect();
    }
    if head.ends_with('.') {
        return Vec::new();
    }
    let Some(attribute) = attribute_at(doc, word_start) else {
        return Vec::new();
    };
    let mut items: Vec<CompletionItem> = Vec::new();
    // The accepted strings of the attribute, first.
    let constraint = schema
        .and_then(|s| schema_at::body_at(s, doc.outline(), offset))
        .and_then(|(body, _)| body.attribute(&attribute))
        .and_then(|a| a.constraint.as_ref());
    if let Some(Constraint::OneOf(values)) = constraint {
        items.extend(values.iter().map(|v| CompletionItem {
            label: format!("\"{}\"", v.value),
            kind: Some(CompletionItemKind::ENUM_MEMBER),
            documentation: v.doc.text().map(markdown),
            ..CompletionItem::default()
        }));
    }
    items.extend(
        ["true", "false", "null"]
            .into_iter()
            .map(|k| CompletionItem {
                label: k.to_owned(),
                kind: Some(CompletionItemKind::KEYWORD),
                ..CompletionItem::default()
            }),
    );
    for (root, what) in [("var", "input variables"), ("local", "local values")] {
        items.push(CompletionItem {
            label: root.to_owned(),
            kind: Some(CompletionItemKind::MODULE),
            detail: Some(what.to_owned()),
            ..CompletionItem::default()
        });
    }
    let user_functions = declarations
        .names
        .iter()
        .filter(|((k, _), _)| *k == ReferenceKind::Function);
    for ((_, name), detail) in user_functions {
        items.push(CompletionItem {
            label: name.clone(),
            kind: Some(CompletionItemKind::FUNCTION),
            detail: Some(detail.clone()),
            insert_text: Some(format!("{name}($1)")),
            insert_text_format: Some(InsertTextFormat::SNIPPET),
            ..CompletionItem::default()
        });
    }
    for (name, function) in functions {
        items.push(CompletionItem {
            label: name.clone(),
            kind: Some(CompletionItemKind::FUNCTION),
            detail: Some(signature(name, function)),
            documentation: function.description().map(|d| markdown(d.to_owned())),
            insert_text: Some(format!("{name}($1)")),
            insert_text_format: Some(InsertTextFormat::SNIPPET),
            ..CompletionItem::default()
        });
    }
    items
}

/// Whether `head` (which ends with `root`) has a `.` before the root: an
/// attribute of something else (`a.var.`), not a reference.
fn preceded_by_dot(head: &str, root: &str) -> bool {
    head[..head.len() - root.len()].ends_with('.')
}

/// The name of the attribute whose expression (after its `=`) holds an
/// offset: an attribute of the innermost block around the offset (or of
/// the file).
fn attribute_at(doc: &Document, offset: usize) -> Option<String> {
    let outline = doc.outline();
    let blocks = outline.blocks_at(offset);
    let body = blocks.last().map_or(&outline.body, |b| &b.body);
    let at = body.partition_point(|item| item.span().start <= offset);
    match body.get(at.checked_sub(1)?)? {
        Item::Attribute(a) => {
            let equals_end = doc.text()[a.name_span.end..]
                .find('=')
                .map_or(a.name_span.end, |i| a.name_span.end + i + 1);
            (equals_end <= offset && offset <= a.value_span.end.max(equals_end))
                .then(|| a.name.clone())
        }
        Item::Block(_) => None,
    }
}

/// Completion the schema decides: at the start of a line in a body, the
/// attributes and block types the body may still take; in a block header,
/// the accepted first labels. `None` elsewhere.
fn complete_from_schema(
    doc: &Document,
    offset: usize,
    schema: &Schema,
) -> Option<Vec<CompletionItem>> {
    let text = doc.text();
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..offset].trim_start();
    let is_name = |s: &str| {
        s.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    };
    let (body, items) = schema_at::body_at(schema, doc.outline(), offset)?;
    if is_name(line) {
        return Some(body_items(body, items));
    }
    // `type "partial` or `type partial`: the first label of a block.
    let (block_type, rest) = line.split_once(char::is_whitespace)?;
    let rest = rest.trim_start();
    let partial = rest.strip_prefix('"').unwrap_or(rest);
    if !is_name(block_type) || !is_name(partial) {
        return None;
    }
    let quoted = rest.starts_with('"');
    let block = body.block(block_type)?;
    let BlockContent::ByLabel { variants, .. } = &block.content else {
        return Some(Vec::new());
    };
    Some(
        variants
            .iter()
            .map(|v| CompletionItem {
                label: v.name.clone(),
                kind: Some(CompletionItemKind::ENUM_MEMBER),
                documentation: v.doc.text().map(markdown),
                insert_text: Some(if quoted {
                    v.name.clone()
                } else {
                    format!("\"{}\"", v.name)
                }),
                deprecated: v.deprecated.is_some().then_some(true),
                ..CompletionItem::default()
            })
            .collect(),
    )
}

/// The attributes and block types a body may still take: not those present
/// already when only one is allowed.
fn body_items(body: &Body, present: &[Item]) -> Vec<CompletionItem> {
    let has_attribute = |name: &str| {
        present
            .iter()
            .any(|i| matches!(i, Item::Attribute(a) if a.name == name))
    };
    let has_block = |name: &str| {
        present
            .iter()
            .any(|i| matches!(i, Item::Block(b) if b.block_type == name))
    };
    schema_items(
        body,
        &has_attribute,
        &has_block,
        &|a| format!("{} = $0", a.name),
        &block_snippet,
    )
}

/// The completion items of a body's attributes and block types, in either
/// syntax: those present already (`has_attribute`, `has_block`) left out
/// where only one is allowed, each inserted as the syntax writes it.
pub(crate) fn schema_items(
    body: &Body,
    has_attribute: &dyn Fn(&str) -> bool,
    has_block: &dyn Fn(&str) -> bool,
    attribute_text: &dyn Fn(&Attribute) -> String,
    block_text: &dyn Fn(&BlockType) -> String,
) -> Vec<CompletionItem> {
    let mut out = Vec::new();
    for a in body.attributes.iter().filter(|a| !has_attribute(&a.name)) {
        out.push(CompletionItem {
            label: a.name.clone(),
            kind: Some(CompletionItemKind::PROPERTY),
            detail: Some(format!(
                "{}{}",
                a.ty,
                if a.required { " (required)" } else { "" }
            )),
            documentation: Some(markdown(schema_at::describe_attribute(a))),
            insert_text: Some(attribute_text(a)),
            insert_text_format: Some(InsertTextFormat::SNIPPET),
            deprecated: a.deprecated.is_some().then_some(true),
            ..CompletionItem::default()
        });
    }
    for b in &body.blocks {
        let single = matches!(b.nesting, Nesting::Single | Nesting::Optional);
        if single && has_block(&b.name) {
            continue;
        }
        out.push(CompletionItem {
            label: b.name.clone(),
            kind: Some(CompletionItemKind::STRUCT),
            detail: Some("block".to_owned()),
            documentation: Some(markdown(schema_at::describe_block(b))),
            insert_text: Some(block_text(b)),
            insert_text_format: Some(InsertTextFormat::SNIPPET),
            deprecated: b.deprecated.is_some().then_some(true),
            ..CompletionItem::default()
        });
    }
    out
}

/// A new block: its labels and required attributes as placeholders.
fn block_snippet(b: &BlockType) -> String {
    let mut n = 0;
    let mut next = || {
        n += 1;
        n
    };
    let mut out = b.name.clone();
    for (i, label) in b.labels.iter().enumerate() {
        match &b.content {
            // The first label of a block chosen by label: a choice of the
            // accepted ones.
            BlockContent::ByLabel { variants, .. } if i == 0 && !variants.is_empty() => {
                let names: Vec<&str> = variants.iter().map(|v| v.name.as_str()).collect();
                out.push_str(&format!(" \"${{{}|{}|}}\"", next(), names.join(",")));
            }
            _ => out.push_str(&format!(" \"${{{}:{label}}}\"", next())),
        }
    }
    out.push_str(" {\n");
    if let BlockContent::Body(body) = &b.content {
        for a in body.attributes.iter().filter(|a| a.required) {
            out.push_str(&format!("  {} = ${}\n", a.name, next()));
        }
    }
    out.push_str("  $0\n}");
    out
}

pub(crate) fn markdown(value: String) -> Documentation {
    Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value,
    })
}

/// The declarations of the documents of a configuration.
pub fn declarations<'a>(docs: impl IntoIterator<Item = &'a Document>) -> Declarations {
    let mut out = Declarations::default();
    for doc in docs {
        for item in &doc.outline().body {
            let Item::Block(b) = item else { continue };
            match (b.block_type.as_str(), b.labels.as_slice()) {
                ("variable", [(name, _)]) => {
                    let detail = describe_variable(doc, &b.body);
                    out.names
                        .insert((ReferenceKind::Variable, name.clone()), detail);
                }
                ("function", [(name, _)]) => {
                    let params = attribute_text(doc, &b.body, "params").unwrap_or("[]");
                    out.names.insert(
                        (ReferenceKind::Function, name.clone()),
                        format!("{name}{params}"),
                    );
                }
                ("locals", []) => {
                    for inner in &b.body {
                        if let Item::Attribute(a) = inner {
                            let value = doc.text().get(a.value_span.clone()).unwrap_or("");
                            out.names
                                .insert((ReferenceKind::Local, a.name.clone()), value.to_owned());
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// `type` and `description` of a variable block: the type as written,
/// then the description's text (unquoted when it is a plain string).
pub(crate) fn describe_variable(doc: &Document, body: &[Item]) -> String {
    let ty = attribute_text(doc, body, "type");
    let description = attribute_text(doc, body, "description").map(|d| {
        d.strip_prefix('"')
            .and_then(|d| d.strip_suffix('"'))
            .filter(|d| !d.contains(['"', '\\', '$', '%']))
            .unwrap_or(d)
    });
    match (ty, description) {
        (Some(t), Some(d)) => format!("{t} — {d}"),
        (Some(t), None) => t.to_owned(),
        (None, Some(d)) => d.to_owned(),
        (None, None) => String::new(),
    }
}

/// The text of an attribute's expression in a body.
pub(crate) fn attribute_text<'a>(doc: &'a Document, body: &[Item], name: &str) -> Option<&'a str> {
    body.iter().find_map(|item| match item {
        Item::Attribute(a) if a.name == name => doc.text().get(a.value_span.clone()),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcl_core::Type;
    use hcl_core::function::Parameter;

    fn functions() -> BTreeMap<String, Function> {
        let upper = Function::builder()
            .param(Parameter::new("str", Type::String))
            .description("Converts letters to upper case.")
            .returns(Type::String)
            .build(|args, _| Ok(args[0].clone()));
        BTreeMap::from([("upper".to_owned(), upper)])
    }

    fn labels(items: &[CompletionItem]) -> Vec<&str> {
        items.iter().map(|i| i.label.as_str()).collect()
    }

    #[test]
    fn names_after_var_and_local() {
        let src = "variable \"region\" {\n  type = string\n}\nlocals {\n  zone = \"a\"\n}\nx = var.\ny = local.zo\n";
        let doc = Document::new(src.to_owned(), 1);
        let decls = declarations([&doc]);
        let at = src.find("var.\n").unwrap() + 4;
        let items = complete(&doc, at, &decls, &functions(), None);
        assert_eq!(labels(&items), ["region"]);
        assert_eq!(items[0].detail.as_deref(), Some("string"));
        let at = src.find("local.zo").unwrap() + 8;
        assert_eq!(
            labels(&complete(&doc, at, &decls, &functions(), None)),
            ["zone"]
        );
    }

    #[test]
    fn functions_and_keywords_in_expressions_only() {
        let src = "a = up\nb {\n  \n}\n";
        let doc = Document::new(src.to_owned(), 1);
        let decls = declarations([&doc]);
        let items = complete(
            &doc,
            src.find("up").unwrap() + 1,
            &decls,
            &functions(),
            None,
        );
        assert_eq!(labels(&items), ["upper"]);
        assert_eq!(items[0].detail.as_deref(), Some("upper(str string) string"));
        assert_eq!(items[0].insert_text.as_deref(), Some("upper($1)"));
        let after_equals = complete(&doc, src.find("up").unwrap(), &decls, &functions(), None);
        assert_eq!(
            labels(&after_equals),
            ["true", "false", "null", "var", "local", "upper"]
        );
        // In a body, where an attribute or block name goes: nothing
        // without a schema.
        let at = src.find("  \n").unwrap() + 2;
        assert!(complete(&doc, at, &decls, &functions(), None).is_empty());
    }
}

#[cfg(test)]
mod schema_tests {
    use super::*;
    use hcl_core::Type;
    use hcl_decode::schema::{AllowedValue, Attribute, Doc, Variant};

    fn schema() -> Schema {
        let mut service = Body::new();
        service
            .attributes
            .push(Attribute::new("image", Type::String));
        service.attributes.push(Attribute {
            required: false,
            constraint: Some(Constraint::OneOf(vec![
                AllowedValue {
                    value: "tcp".to_owned(),
                    doc: Doc::default(),
                },
                AllowedValue {
                    value: "udp".to_owned(),
                    doc: Doc::default(),
                },
            ])),
            ..Attribute::new("protocol", Type::String)
        });
        let mut root = Body::new();
        root.attributes.push(Attribute::new("name", Type::String));
        root.blocks.push(BlockType {
            name: "service".to_owned(),
            labels: vec!["name".to_owned()],
            nesting: Nesting::Map,
            content: BlockContent::Body(service),
            doc: Doc::default(),
            deprecated: None,
        });
        root.blocks.push(BlockType {
            name: "logging".to_owned(),
            labels: vec![],
            nesting: Nesting::Optional,
            content: BlockContent::Body(Body::new()),
            doc: Doc::default(),
            deprecated: None,
        });
        root.blocks.push(BlockType {
            name: "driver".to_owned(),
            labels: vec!["kind".to_owned()],
            nesting: Nesting::List,
            content: BlockContent::ByLabel {
                label: "kind".to_owned(),
                variants: vec![Variant {
                    name: "docker".to_owned(),
                    doc: Doc::default(),
                    deprecated: None,
                    body: Body::new(),
                }],
            },
            doc: Doc::default(),
            deprecated: None,
        });
        Schema { body: root }
    }

    fn labels(items: &[CompletionItem]) -> Vec<&str> {
        items.iter().map(|i| i.label.as_str()).collect()
    }

    #[test]
    fn names_a_body_may_still_take() {
        let src = "name = \"x\"\nlogging {}\n\nservice \"web\" {\n  \n}\n";
        let doc = Document::new(src.to_owned(), 1);
        let schema = schema();
        let decls = declarations([&doc]);
        let root = complete(
            &doc,
            src.find("\n\n").unwrap() + 1,
            &decls,
            &BTreeMap::new(),
            Some(&schema),
        );
        // `name` and `logging` are present and allowed once: left out.
        assert_eq!(labels(&root), ["service", "driver"]);
        // Its required attribute is a placeholder of the new block.
        assert_eq!(
            root[0].insert_text.as_deref(),
            Some("service \"${1:name}\" {\n  image = $2\n  $0\n}")
        );
        let inner = complete(
            &doc,
            src.find("  \n").unwrap() + 2,
            &decls,
            &BTreeMap::new(),
            Some(&schema),
        );
        assert_eq!(labels(&inner), ["image", "protocol"]);
        assert_eq!(inner[0].detail.as_deref(), Some("string (required)"));
    }

    #[test]
    fn labels_and_accepted_values() {
        let src = "driver \"d\"\nservice \"a\" {\n  protocol = \n}\n";
        let doc = Document::new(src.to_owned(), 1);
        let schema = schema();
        let decls = declarations([&doc]);
        let at = src.find("\"d").unwrap() + 2;
        assert_eq!(
            labels(&complete(&doc, at, &decls, &BTreeMap::new(), Some(&schema))),
            ["docker"]
        );
        let at = src.find("= \n").unwrap() + 2;
        let items = complete(&doc, at, &decls, &BTreeMap::new(), Some(&schema));
        assert_eq!(&labels(&items)[..3], ["\"tcp\"", "\"udp\"", "true"]);
        // A word typed: only what starts with it.
        let src = "service \"a\" {\n  protocol = \"u\n}\n";
        let doc = Document::new(src.to_owned(), 1);
        let at = src.find("\"u").unwrap() + 2;
        assert_eq!(
            labels(&complete(&doc, at, &decls, &BTreeMap::new(), Some(&schema))),
            ["\"udp\""]
        );
    }
}
