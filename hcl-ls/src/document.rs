//! An open document: its text, version and line index, kept in step with
//! the client's incremental changes.

use hcl_core::parse::Syntax;
use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

use crate::json_outline;
use crate::line_index::{Encoding, LineIndex};
use crate::syntax::Outline;

/// One open file.
#[derive(Clone, Debug)]
pub struct Document {
    text: String,
    version: i32,
    syntax: Syntax,
    index: LineIndex,
    outline: Outline,
    json: Option<json_outline::Node>,
}

impl Document {
    /// A native-syntax document as the client opened it.
    #[cfg(test)]
    pub fn new(text: String, version: i32) -> Document {
        Document::with_syntax(text, version, Syntax::Native)
    }

    /// A document in a syntax (its outline, used for symbols, tokens,
    /// completion and navigation, is read for the native syntax only).
    pub fn with_syntax(text: String, version: i32, syntax: Syntax) -> Document {
        let index = LineIndex::new(&text);
        let outline = Outline::for_syntax(&text, syntax);
        let json = (syntax == Syntax::Json).then(|| json_outline::parse(&text));
        Document {
            text,
            version,
            syntax,
            index,
            outline,
            json,
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The client's version number of the text.
    pub fn version(&self) -> i32 {
        self.version
    }

    /// The syntax, chosen by the file's name.
    pub fn syntax(&self) -> Syntax {
        self.syntax
    }

    /// The structure of a JSON-syntax text (`None` for the native syntax).
    pub fn json(&self) -> Option<&json_outline::Node> {
        self.json.as_ref()
    }

    /// The syntax outline of the text.
    pub fn outline(&self) -> &Outline {
        &self.outline
    }

    /// Applies the client's changes, in order: a change with a range
    /// replaces that range (positions are clamped into the text, so a
    /// confused client cannot make the server fail), one without replaces
    /// the whole text.
    pub fn apply(
        &mut self,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
        encoding: Encoding,
    ) {
        for change in changes {
            match change.range {
                Some(range) => {
                    let start = self.offset(range.start, encoding);
                    let end = self.offset(range.end, encoding).max(start);
                    self.text.replace_range(start..end, &change.text);
                }
                None => self.text = change.text,
            }
            self.index = LineIndex::new(&self.text);
        }
        self.version = version;
        self.outline = Outline::for_syntax(&self.text, self.syntax);
        if self.syntax == Syntax::Json {
            self.json = Some(json_outline::parse(&self.text));
        }
    }

    /// The byte offset of a position.
    pub fn offset(&self, position: Position, encoding: Encoding) -> usize {
        self.index.offset(&self.text, position, encoding)
    }

    /// The position of a byte offset.
    pub fn position(&self, offset: usize, encoding: Encoding) -> Position {
        self.index.position(&self.text, offset, encoding)
    }

    /// The protocol range of a byte range.
    pub fn range(&self, span: std::ops::Range<usize>, encoding: Encoding) -> Range {
        Range::new(
            self.position(span.start, encoding),
            self.position(span.end, encoding),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(
        range: Option<((u32, u32), (u32, u32))>,
        text: &str,
    ) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: range.map(|((l1, c1), (l2, c2))| {
                Range::new(Position::new(l1, c1), Position::new(l2, c2))
            }),
            range_length: None,
            text: text.to_owned(),
        }
    }

    #[test]
    fn incremental_changes_apply_in_order() {
        let mut doc = Document::new("a = 1\nb = 2\n".to_owned(), 1);
        doc.apply(
            vec![
                change(Some(((0, 4), (0, 5))), "10"),
                change(Some(((1, 0), (1, 1))), "c"),
                change(Some(((2, 0), (2, 0))), "d = \"é\"\n"),
            ],
            2,
            Encoding::Utf16,
        );
        assert_eq!(doc.text(), "a = 10\nc = 2\nd = \"é\"\n");
        assert_eq!(doc.version(), 2);
        doc.apply(vec![change(None, "x = 1\n")], 3, Encoding::Utf16);
        assert_eq!(doc.text(), "x = 1\n");
    }

    #[test]
    fn out_of_range_and_reversed_edits_do_not_fail() {
        let mut doc = Document::new("a = 1\n".to_owned(), 1);
        doc.apply(vec![change(Some(((5, 0), (0, 2))), "!")], 2, Encoding::Utf8);
        assert_eq!(doc.text(), "a = 1\n!");
    }
}
