//! Quick fixes for names that are not known where they stand: an attribute
//! or block type the schema does not have in that body, a `var.NAME`,
//! `local.NAME` or function the configuration does not declare. Each fix
//! renames to the close name "Did you mean" finds (`hcl_core::suggest`, the
//! same rule the decoder's messages use).

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use hcl_core::function::Function;
use hcl_core::suggestion;
use hcl_decode::schema::Schema;
use lsp_types::{CodeAction, CodeActionKind, TextEdit, Uri, WorkspaceEdit};

use crate::completion::Declarations;
use crate::document::Document;
use crate::line_index::Encoding;
use crate::schema_at;
use crate::syntax::{Item, ReferenceKind};

/// A name at a byte range and the name it should likely be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The bytes of the unknown name.
    pub span: Range<usize>,
    /// What it is now.
    pub from: String,
    /// What to write instead.
    pub to: String,
}

/// Every fix whose name overlaps a byte range.
pub fn fixes(
    doc: &Document,
    range: Range<usize>,
    declarations: &Declarations,
    functions: &BTreeMap<String, Function>,
    schema: Option<&Schema>,
) -> Vec<Fix> {
    let overlaps = |span: &Range<usize>| span.start <= range.end && range.start <= span.end;
    let mut out = Vec::new();
    for r in doc
        .outline()
        .references
        .iter()
        .filter(|r| overlaps(&r.name_span))
    {
        let known = match r.kind {
            ReferenceKind::Function => {
                functions.contains_key(&r.name)
                    || declarations.names.contains_key(&(r.kind, r.name.clone()))
            }
            _ => declarations.names.contains_key(&(r.kind, r.name.clone())),
        };
        if known {
            continue;
        }
        let declared = declarations
            .names
            .keys()
            .filter(|(k, _)| *k == r.kind)
            .map(|(_, n)| n.as_str());
        let candidates: Vec<&str> = match r.kind {
            ReferenceKind::Function => declared
                .chain(functions.keys().map(String::as_str))
                .collect(),
            _ => declared.collect(),
        };
        if let Some(to) = suggestion(&r.name, candidates) {
            out.push(Fix {
                span: r.name_span.clone(),
                from: r.name.clone(),
                to: to.to_owned(),
            });
        }
    }
    let Some(schema) = schema else {
        return out;
    };
    // Names of items, checked against the body each stands in.
    let mut stack: Vec<&[Item]> = vec![&doc.outline().body];
    while let Some(items) = stack.pop() {
        for item in items {
            let (name, span, inner) = match item {
                Item::Attribute(a) => (&a.name, &a.name_span, None),
                Item::Block(b) => (&b.block_type, &b.type_span, Some(&b.body)),
            };
            if let Some(inner) = inner {
                stack.push(inner);
            }
            if !overlaps(span) {
                continue;
            }
            let Some((body, _)) = schema_at::body_at(schema, doc.outline(), span.start) else {
                continue;
            };
            if !body.exhaustive {
                continue;
            }
            let (known, candidates): (bool, Vec<&str>) = match item {
                Item::Attribute(_) => (
                    body.attribute(name).is_some(),
                    body.attributes.iter().map(|a| a.name.as_str()).collect(),
                ),
                Item::Block(_) => (
                    body.block(name).is_some(),
                    body.blocks.iter().map(|b| b.name.as_str()).collect(),
                ),
            };
            if known {
                continue;
            }
            if let Some(to) = suggestion(name, candidates) {
                out.push(Fix {
                    span: span.clone(),
                    from: name.clone(),
                    to: to.to_owned(),
                });
            }
        }
    }
    out.sort_by_key(|f| f.span.start);
    out
}

/// A fix as the protocol's quick-fix code action on a document.
pub fn to_code_action(doc: &Document, uri: &Uri, fix: &Fix, encoding: Encoding) -> CodeAction {
    let edit = TextEdit {
        range: doc.range(fix.span.clone(), encoding),
        new_text: fix.to.clone(),
    };
    CodeAction {
        title: format!("Change \"{}\" to \"{}\"", fix.from, fix.to),
        kind: Some(CodeActionKind::QUICKFIX),
        is_preferred: Some(true),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
            ..WorkspaceEdit::default()
        }),
        ..CodeAction::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::completion::declarations;
    use hcl_core::Type;
    use hcl_decode::schema::{Attribute, BlockContent, BlockType, Body, Doc, Nesting};

    #[test]
    fn unknown_references_and_names_get_the_close_name() {
        let src = "variable \"region\" {}\nlocals {\n  zone = var.regoin\n}\nprot = local.zon\nlistner {\n  x = 1\n}\nlistener {\n  adress = 1\n}\n";
        let doc = Document::new(src.to_owned(), 1);
        let decls = declarations([&doc]);
        let mut listener = Body::new();
        listener
            .attributes
            .push(Attribute::new("address", Type::String));
        let mut root = Body::new();
        root.attributes.push(Attribute::new("port", Type::Number));
        root.blocks.push(BlockType {
            name: "listener".to_owned(),
            labels: vec![],
            nesting: Nesting::List,
            content: BlockContent::Body(listener),
            doc: Doc::default(),
            deprecated: None,
        });
        root.blocks.push(BlockType {
            name: "variable".to_owned(),
            labels: vec!["name".to_owned()],
            nesting: Nesting::Map,
            content: BlockContent::Body(Body {
                exhaustive: false,
                ..Body::new()
            }),
            doc: Doc::default(),
            deprecated: None,
        });
        root.blocks.push(BlockType {
            name: "locals".to_owned(),
            labels: vec![],
            nesting: Nesting::List,
            content: BlockContent::Body(Body {
                exhaustive: false,
                ..Body::new()
            }),
            doc: Doc::default(),
            deprecated: None,
        });
        let schema = Schema { body: root };
        let found: Vec<(String, String)> =
            fixes(&doc, 0..src.len(), &decls, &BTreeMap::new(), Some(&schema))
                .into_iter()
                .map(|f| (f.from, f.to))
                .collect();
        let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        assert_eq!(
            found,
            pairs(&[
                ("regoin", "region"),
                ("prot", "port"),
                ("zon", "zone"),
                ("listner", "listener"),
                ("adress", "address")
            ])
        );
        // Inside a block the schema does not know (`listner`), nothing is
        // known of the names. Only what overlaps the range asked about:
        let at = src.find("prot").unwrap();
        let one = fixes(&doc, at..at, &decls, &BTreeMap::new(), Some(&schema));
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].to, "port");
    }
}
