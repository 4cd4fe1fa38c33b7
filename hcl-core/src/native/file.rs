//! A parsed native-syntax file: its source (with the line index) and its
//! syntax tree. Handles to bodies and expressions of the file share it
//! through an `Arc`.

use crate::native::ast::{Ast, BodyId, Text};
use crate::pos::Range;
use crate::source::{SourceFile, Span};

/// Options for parsing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOptions {
    /// How deeply brackets, braces, parentheses, blocks, templates and
    /// operator chains may nest before the parser stops with a diagnostic
    /// instead of recursing further.
    pub max_depth: usize,
}

impl ParseOptions {
    /// The default nesting limit.
    pub const DEFAULT_MAX_DEPTH: usize = 256;
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            max_depth: Self::DEFAULT_MAX_DEPTH,
        }
    }
}

/// One parsed file.
#[derive(Debug)]
pub struct ParsedFile {
    source: SourceFile,
    ast: Ast,
}

impl ParsedFile {
    /// Joins a source file and the tree parsed from it.
    pub fn new(source: SourceFile, ast: Ast) -> ParsedFile {
        ParsedFile { source, ast }
    }

    /// The source file.
    pub fn source(&self) -> &SourceFile {
        &self.source
    }

    /// The syntax tree.
    pub fn ast(&self) -> &Ast {
        &self.ast
    }

    /// The file's top-level body, if the file was parsed as a
    /// configuration file.
    pub fn root(&self) -> Option<BodyId> {
        self.ast.root
    }

    /// The full range of a span of this file.
    pub fn range(&self, span: Span) -> Range {
        self.source.range(span)
    }

    /// The source text of a span.
    pub fn span_text(&self, span: Span) -> &str {
        self.source.text_of(span)
    }

    /// The value of a literal text.
    pub fn text(&self, text: Text) -> &str {
        self.ast.text(self.source.text(), text)
    }

    /// A readable dump of the root body's tree, one node a line (the
    /// format of [`crate::native::dump`]).
    pub fn dump(&self) -> String {
        crate::native::dump::dump_file(self)
    }
}
