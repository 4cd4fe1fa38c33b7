//! Completion at a position: after `var.` and `local.` the names the
//! configuration declares; in an expression the functions (with their
//! signatures), `var`, `local`, `true`, `false` and `null`.

use std::collections::BTreeMap;

use hcl_core::function::Function;
use lsp_types::{
    CompletionItem, CompletionItemKind, Documentation, InsertTextFormat, MarkupContent, MarkupKind,
};

use crate::document::Document;
use crate::hover::signature;
use crate::syntax::{Item, ReferenceKind};

/// What a configuration declares, gathered from its files.
#[derive(Debug, Default)]
pub struct Declarations {
    /// Names by kind, each with a short description (a variable's type and
    /// description, a local's expression).
    pub names: BTreeMap<(ReferenceKind, String), String>,
}

/// The items for a position of a document.
pub fn complete(
    doc: &Document,
    offset: usize,
    declarations: &Declarations,
    functions: &BTreeMap<String, Function>,
) -> Vec<CompletionItem> {
    let text = doc.text();
    let before = &text[..offset.min(text.len())];
    let word_start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .map_or(0, |i| {
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        });
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
    if head.ends_with('.') || !in_expression(doc, word_start) {
        return Vec::new();
    }
    let mut items: Vec<CompletionItem> = ["true", "false", "null"]
        .into_iter()
        .map(|k| CompletionItem {
            label: k.to_owned(),
            kind: Some(CompletionItemKind::KEYWORD),
            ..CompletionItem::default()
        })
        .collect();
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
            documentation: function.description().map(|d| {
                Documentation::MarkupContent(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: d.to_owned(),
                })
            }),
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

/// Whether an offset is in an attribute's expression (after its `=`): an
/// attribute of the innermost block around the offset (or of the file).
fn in_expression(doc: &Document, offset: usize) -> bool {
    let outline = doc.outline();
    let blocks = outline.blocks_at(offset);
    let body = blocks.last().map_or(&outline.body, |b| &b.body);
    let at = body.partition_point(|item| item.span().start <= offset);
    at > 0
        && matches!(&body[at - 1], Item::Attribute(a) if {
            let equals_end = doc.text()[a.name_span.end..]
                .find('=')
                .map_or(a.name_span.end, |i| a.name_span.end + i + 1);
            equals_end <= offset && offset <= a.value_span.end.max(equals_end)
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
        let items = complete(&doc, at, &decls, &functions());
        assert_eq!(labels(&items), ["region"]);
        assert_eq!(items[0].detail.as_deref(), Some("string"));
        let at = src.find("local.zo").unwrap() + 8;
        assert_eq!(labels(&complete(&doc, at, &decls, &functions())), ["zone"]);
    }

    #[test]
    fn functions_and_keywords_in_expressions_only() {
        let src = "a = up\nb {\n  \n}\n";
        let doc = Document::new(src.to_owned(), 1);
        let decls = declarations([&doc]);
        let items = complete(&doc, src.find("up").unwrap() + 2, &decls, &functions());
        assert_eq!(
            labels(&items),
            ["true", "false", "null", "var", "local", "upper"]
        );
        assert_eq!(items[5].detail.as_deref(), Some("upper(str string) string"));
        assert_eq!(items[5].insert_text.as_deref(), Some("upper($1)"));
        // In a body, where an attribute or block name goes: nothing
        // without a schema.
        let at = src.find("  \n").unwrap() + 2;
        assert!(complete(&doc, at, &decls, &functions()).is_empty());
    }
}
