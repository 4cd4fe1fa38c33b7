//! What the server answers, each feature a function of the documents: the
//! outline (document symbols), semantic tokens, formatting, definitions and
//! references, and diagnostics as the protocol carries them.

use std::ops::Range as Span;

use hcl_core::parse::Syntax;
use hcl_core::{Diagnostic, Severity};
use lsp_types::{
    DiagnosticSeverity, DocumentSymbol, Position, Range, SemanticToken, SemanticTokenType,
    SymbolKind, TextEdit,
};

use crate::document::Document;
use crate::line_index::Encoding;
use crate::syntax::{Class, Item, ReferenceKind};

/// The legend of [`semantic_tokens`], in [`Class::ALL`]'s order.
pub fn semantic_token_legend() -> Vec<SemanticTokenType> {
    Class::ALL
        .iter()
        .map(|c| match c {
            Class::Type => SemanticTokenType::TYPE,
            Class::Label => SemanticTokenType::ENUM_MEMBER,
            Class::Property => SemanticTokenType::PROPERTY,
            Class::Variable => SemanticTokenType::VARIABLE,
            Class::Function => SemanticTokenType::FUNCTION,
            Class::Keyword => SemanticTokenType::KEYWORD,
            Class::String => SemanticTokenType::STRING,
            Class::Number => SemanticTokenType::NUMBER,
            Class::Comment => SemanticTokenType::COMMENT,
            Class::Operator => SemanticTokenType::OPERATOR,
        })
        .collect()
}

/// The block outline: a symbol per block (named by its type and labels)
/// and per attribute.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written, as `None`.
pub fn document_symbols(doc: &Document, encoding: Encoding) -> Vec<DocumentSymbol> {
    fn symbols(doc: &Document, items: &[Item], encoding: Encoding) -> Vec<DocumentSymbol> {
        items
            .iter()
            .map(|item| match item {
                Item::Attribute(a) => DocumentSymbol {
                    name: a.name.clone(),
                    detail: None,
                    kind: SymbolKind::PROPERTY,
                    tags: None,
                    deprecated: None,
                    range: doc.range(item.span(), encoding),
                    selection_range: doc.range(a.name_span.clone(), encoding),
                    children: None,
                },
                Item::Block(b) => {
                    let mut name = b.block_type.clone();
                    for (label, _) in &b.labels {
                        name.push_str(&format!(" \"{label}\""));
                    }
                    DocumentSymbol {
                        name,
                        detail: None,
                        kind: SymbolKind::STRUCT,
                        tags: None,
                        deprecated: None,
                        range: doc.range(b.span.clone(), encoding),
                        selection_range: doc.range(b.type_span.clone(), encoding),
                        children: Some(symbols(doc, &b.body, encoding)),
                    }
                }
            })
            .collect()
    }
    symbols(doc, &doc.outline().body, encoding)
}

/// The semantic tokens of a document, in the protocol's relative form; a
/// token over several lines (a comment block, a heredoc line) is split at
/// each line end.
pub fn semantic_tokens(doc: &Document, encoding: Encoding) -> Vec<SemanticToken> {
    let text = doc.text();
    let mut out = Vec::new();
    let mut last = Position::new(0, 0);
    for (span, class) in &doc.outline().classes(doc.text()) {
        let index = Class::ALL.iter().position(|c| c == class).unwrap_or(0);
        let mut start = span.start;
        while start < span.end {
            let line_end = text[start..span.end]
                .find('\n')
                .map_or(span.end, |i| start + i);
            let piece = start..line_end.min(span.end);
            let mut content_end = piece.end;
            if text[..content_end].ends_with('\r') && content_end > piece.start {
                content_end -= 1;
            }
            if content_end > piece.start {
                let from = doc.position(piece.start, encoding);
                let to = doc.position(content_end, encoding);
                let delta_line = from.line - last.line;
                let delta_start = if delta_line == 0 {
                    from.character - last.character
                } else {
                    from.character
                };
                out.push(SemanticToken {
                    delta_line,
                    delta_start,
                    length: to.character.saturating_sub(from.character),
                    token_type: crate::line_index::to_u32(index),
                    token_modifiers_bitset: 0,
                });
                last = from;
            }
            start = line_end + 1;
        }
    }
    out
}

/// The edits that format a document as `hclfmt` does: none when it is
/// already formatted, otherwise one edit replacing the whole text.
pub fn formatting(doc: &Document, encoding: Encoding) -> Vec<TextEdit> {
    if doc.syntax() != Syntax::Native {
        return Vec::new();
    }
    let formatted = hcl_core::format::format_str(doc.text());
    if formatted == doc.text() {
        return Vec::new();
    }
    vec![TextEdit {
        range: doc.range(0..doc.text().len(), encoding),
        new_text: formatted,
    }]
}

/// What a position names: a reference's kind and name, from a reference
/// at the position or from the declaration under it (`variable "x"`'s
/// label, a local's attribute name, `function "f"`'s label).
pub fn symbol_at(doc: &Document, offset: usize) -> Option<(ReferenceKind, String)> {
    let outline = doc.outline();
    if let Some(r) = outline
        .references
        .iter()
        .find(|r| r.name_span.start <= offset && offset <= r.name_span.end)
    {
        return Some((r.kind, r.name.clone()));
    }
    declarations(doc)
        .into_iter()
        .find(|(_, _, span)| span.start <= offset && offset <= span.end)
        .map(|(kind, name, _)| (kind, name))
}

/// Every declaration of a document: `variable "NAME"` and
/// `function "NAME"` blocks (their label) and the attributes of `locals`
/// blocks, at the top level.
pub fn declarations(doc: &Document) -> Vec<(ReferenceKind, String, Span<usize>)> {
    let mut out = Vec::new();
    for item in &doc.outline().body {
        let Item::Block(b) = item else { continue };
        match (b.block_type.as_str(), b.labels.as_slice()) {
            ("variable", [(name, span)]) => {
                out.push((ReferenceKind::Variable, name.clone(), span.clone()));
            }
            ("function", [(name, span)]) => {
                out.push((ReferenceKind::Function, name.clone(), span.clone()));
            }
            ("locals", []) => {
                for inner in &b.body {
                    if let Item::Attribute(a) = inner {
                        out.push((ReferenceKind::Local, a.name.clone(), a.name_span.clone()));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// A diagnostic as the protocol carries it: the summary and, on the next
/// line, the detail; the subject's range (an empty one widened to one
/// character so that editors show it).
pub fn to_lsp_diagnostic(
    doc: &Document,
    d: &Diagnostic,
    encoding: Encoding,
) -> lsp_types::Diagnostic {
    let span = d
        .subject
        .as_ref()
        .map_or(0..0, |r| r.start.offset()..r.end.offset());
    let mut span = span.start.min(doc.text().len())..span.end.min(doc.text().len());
    if span.is_empty() {
        let text = doc.text();
        if let Some(c) = text[span.start..].chars().next().filter(|&c| c != '\n') {
            span.end = span.start + c.len_utf8();
        } else if let Some(c) = text[..span.start].chars().next_back() {
            span.start -= c.len_utf8();
        }
    }
    let message = if d.detail.is_empty() {
        d.summary.to_string()
    } else {
        format!("{}\n{}", d.summary, d.detail)
    };
    lsp_types::Diagnostic {
        range: doc.range(span, encoding),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        source: Some("hcl".to_owned()),
        message,
        ..lsp_types::Diagnostic::default()
    }
}

/// The range of a byte span, for results that name another document.
pub fn range_in(doc: &Document, span: Span<usize>, encoding: Encoding) -> Range {
    doc.range(span, encoding)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_nest_blocks_and_name_them_by_labels() {
        let doc = Document::new("a = 1\nservice \"web\" {\n  port = 80\n}\n".to_owned(), 1);
        let symbols = document_symbols(&doc, Encoding::Utf16);
        assert_eq!(symbols.len(), 2);
        assert_eq!(symbols[1].name, "service \"web\"");
        assert_eq!(
            symbols[1].range,
            Range::new(Position::new(1, 0), Position::new(3, 1))
        );
        let children = symbols[1].children.as_ref().unwrap();
        assert_eq!(children[0].name, "port");
    }

    #[test]
    fn semantic_tokens_are_relative_and_split_at_line_ends() {
        let doc = Document::new("a = true # c\nb {\n}\n".to_owned(), 1);
        let tokens = semantic_tokens(&doc, Encoding::Utf16);
        let decoded: Vec<_> = tokens
            .iter()
            .map(|t| (t.delta_line, t.delta_start, t.length, t.token_type))
            .collect();
        // a (property), true (keyword), "# c" (comment), b (type)
        assert_eq!(
            decoded,
            [(0, 0, 1, 2), (0, 4, 4, 5), (0, 5, 3, 8), (1, 0, 1, 0)]
        );
    }

    #[test]
    fn formatting_is_one_edit_or_none() {
        let doc = Document::new("a=1\n".to_owned(), 1);
        let edits = formatting(&doc, Encoding::Utf16);
        assert_eq!(edits.len(), 1);
        assert_eq!(edits[0].new_text, "a = 1\n");
        let done = Document::new("a = 1\n".to_owned(), 1);
        assert!(formatting(&done, Encoding::Utf16).is_empty());
    }

    #[test]
    fn declarations_and_symbol_at() {
        let src = "variable \"x\" {}\nlocals {\n  y = var.x\n}\nfunction \"f\" {\n  params = []\n  result = 1\n}\n";
        let doc = Document::new(src.to_owned(), 1);
        let decls: Vec<_> = declarations(&doc)
            .into_iter()
            .map(|(k, n, _)| (k, n))
            .collect();
        assert_eq!(
            decls,
            [
                (ReferenceKind::Variable, "x".to_owned()),
                (ReferenceKind::Local, "y".to_owned()),
                (ReferenceKind::Function, "f".to_owned()),
            ]
        );
        let at_ref = src.find("var.x").unwrap() + 4;
        assert_eq!(
            symbol_at(&doc, at_ref),
            Some((ReferenceKind::Variable, "x".to_owned()))
        );
        let at_decl = src.find("y =").unwrap();
        assert_eq!(
            symbol_at(&doc, at_decl),
            Some((ReferenceKind::Local, "y".to_owned()))
        );
    }
}
