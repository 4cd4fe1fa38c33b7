//! A parsed native-syntax file: its source (with the line index) and its
//! syntax tree. Handles to bodies and expressions of the file share it
//! through an `Arc`.

use crate::native::ast::{Ast, AttributeNode, BlockNode, BodyId, BodyNode, Text};
use crate::pos::Range;
use crate::source::{SourceFile, Span};

/// Options for parsing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOptions {
    /// How deeply brackets, braces, parentheses, blocks, templates and
    /// operators may nest before the parser stops with a diagnostic
    /// instead of recursing further. The expression trees are bounded too:
    /// at most twice this height (a template directive is two nodes; a
    /// chain like `a + b + c` is as tall as it has operators).
    pub max_depth: usize,
}

impl ParseOptions {
    /// The default nesting limit: 1,024 levels, so that generated files
    /// nesting 1,000 levels parse. Parsing and then evaluating, analysing or
    /// converting such a tree fits a thread's default 2 MiB stack even in a
    /// debug build (`hcl-core/tests/nesting.rs` checks each path); Go has
    /// no limit.
    pub const DEFAULT_MAX_DEPTH: usize = 1_024;
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
    pub(crate) fn new(source: SourceFile, ast: Ast) -> ParsedFile {
        ParsedFile { source, ast }
    }

    /// The source file.
    pub fn source(&self) -> &SourceFile {
        &self.source
    }

    /// The syntax tree.
    pub(crate) fn ast(&self) -> &Ast {
        &self.ast
    }

    /// The header of the top-level block that contains byte `offset`
    /// (`resource "aws_instance" "web"`: the type and the labels, each
    /// label quoted), as Go's `ContextString`, which HCL's diagnostic
    /// printers show after the line number; `None` outside every block.
    ///
    /// ```
    /// use hcl_core::native::{ParseOptions, parse_config};
    ///
    /// let src = b"a = 1\nresource \"x\" \"y\" {\n  b = 2\n}\n";
    /// let (file, _) = parse_config(src, "main.tf", &ParseOptions::default());
    /// assert_eq!(file.context_string(30).as_deref(), Some("resource \"x\" \"y\""));
    /// assert_eq!(file.context_string(2), None);
    /// ```
    pub fn context_string(&self, offset: usize) -> Option<String> {
        let ast = self.ast();
        let root = ast.body(self.root()?);
        let block = ast.body_blocks(root).iter().find(|b| {
            let start = self.range(b.type_name).start.offset();
            let end = self.range(b.close_brace).end.offset();
            offset >= start && offset < end
        })?;
        let mut out = self.span_text(block.type_name).to_owned();
        for label in ast.block_labels(block) {
            out.push(' ');
            out.push_str(&crate::quote::go_quote(self.text(label.text)));
        }
        Some(out)
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
    pub(crate) fn text(&self, text: Text) -> &str {
        self.ast.text(self.source.text(), text)
    }

    /// A readable dump of the root body's tree, one node a line (the
    /// format of `native::dump`, for the parser's golden tests).
    #[cfg(test)]
    pub(crate) fn dump(&self) -> String {
        crate::native::dump::dump_file(self)
    }

    /// An outline of every body of the file (the root's and those of all
    /// blocks, in the parser's order, which is not source order): where
    /// each is, where its attributes are, and its blocks' braces and
    /// bodies. For tools that relate diagnostics to the structure of a file
    /// that failed to parse; reading a configuration goes through
    /// [`ParsedFile::body`] instead.
    ///
    /// ```
    /// use hcl_core::native::parse_config_str;
    ///
    /// let (file, _) = parse_config_str("a = 1\nb {\n  c = 2\n}\n", "t.hcl");
    /// let outlines: Vec<_> = file.body_outlines().collect();
    /// assert_eq!(outlines.len(), 2);
    /// // The block `b` and its body.
    /// let block = outlines.iter().flat_map(|b| b.blocks()).next().unwrap();
    /// let inner = &outlines[block.body_index()];
    /// let texts: Vec<&str> = inner.attribute_spans().map(|s| file.span_text(s)).collect();
    /// assert_eq!(texts, ["c = 2"]);
    /// assert_eq!(file.span_text(block.close_brace()), "}");
    /// ```
    pub fn body_outlines(&self) -> impl ExactSizeIterator<Item = BodyOutline<'_>> + '_ {
        self.ast.bodies.iter().map(|node| BodyOutline {
            node,
            attributes: self.ast.body_attributes(node),
            blocks: self.ast.body_blocks(node),
        })
    }

    /// The size of each arena of the syntax tree and the number of nodes of
    /// each kind, one item a line: for profiling the parser's memory use
    /// (`bench/examples/profile_parse.rs`). The format is for people and
    /// may change.
    pub fn arena_report(&self) -> String {
        use std::collections::BTreeMap;
        use std::fmt::Write as _;

        /// One arena: its name, length, capacity and item size.
        fn arena<T>(out: &mut String, name: &str, v: &Vec<T>, input: usize) {
            let size = std::mem::size_of::<T>();
            let _ = writeln!(
                out,
                "{name:12} len {:9} cap {:9} item {size:3}B  bytes/in {:.3} (cap {:.3})",
                v.len(),
                v.capacity(),
                std::mem::size_of_val(v.as_slice()) as f64 / input as f64,
                (v.capacity() * size) as f64 / input as f64,
            );
        }
        /// The name of a variant, from its debug form.
        fn variant(debug: String) -> String {
            debug.split(['(', ' ', '{']).next().unwrap_or("").to_owned()
        }

        let a = &self.ast;
        let input = self.source.text().len();
        let mut out = String::new();
        arena(&mut out, "exprs", &a.exprs, input);
        arena(&mut out, "expr_lists", &a.expr_lists, input);
        arena(&mut out, "steps", &a.steps, input);
        arena(&mut out, "fors", &a.fors, input);
        arena(&mut out, "calls", &a.calls, input);
        arena(&mut out, "numbers", &a.numbers, input);
        arena(&mut out, "strings", &a.strings, input);
        arena(&mut out, "bodies", &a.bodies, input);
        arena(&mut out, "attributes", &a.attributes, input);
        arena(&mut out, "blocks", &a.blocks, input);
        arena(&mut out, "labels", &a.labels, input);
        let _ = writeln!(out, "lines {}", self.source.line_count());
        let mut kinds = BTreeMap::<String, usize>::new();
        for e in &a.exprs {
            *kinds.entry(variant(format!("{:?}", e.kind))).or_default() += 1;
        }
        for (k, v) in kinds {
            let _ = writeln!(out, "  {k:20} {v}");
        }
        let mut steps = BTreeMap::<String, usize>::new();
        for s in &a.steps {
            *steps.entry(variant(format!("{s:?}"))).or_default() += 1;
        }
        let _ = writeln!(out, "steps {steps:?}");
        out
    }
}

/// The outline of one body of a parsed file (see
/// [`ParsedFile::body_outlines`]): spans only, to be read with
/// [`ParsedFile::span_text`] and [`ParsedFile::range`].
#[derive(Clone, Copy, Debug)]
pub struct BodyOutline<'a> {
    node: &'a BodyNode,
    attributes: &'a [AttributeNode],
    blocks: &'a [BlockNode],
}

impl<'a> BodyOutline<'a> {
    /// The whole body, as Go's `SrcRange`: for a block, from `{` to `}`
    /// (for a one-line block `a { b = 1 }`, the attribute); for a file,
    /// from its first token to its end.
    pub fn span(&self) -> Span {
        self.node.span
    }

    /// Each attribute definition, from its name to the end of its
    /// expression, in source order.
    pub fn attribute_spans(&self) -> impl ExactSizeIterator<Item = Span> + 'a {
        self.attributes.iter().map(AttributeNode::span)
    }

    /// The blocks, in source order.
    pub fn blocks(&self) -> impl ExactSizeIterator<Item = BlockOutline> + 'a {
        self.blocks.iter().map(|b| BlockOutline {
            body: b.body.0 as usize,
            open_brace: b.open_brace,
            close_brace: b.close_brace,
        })
    }
}

/// The outline of one block (see [`BodyOutline::blocks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockOutline {
    body: usize,
    open_brace: Span,
    close_brace: Span,
}

impl BlockOutline {
    /// The position of the block's body in [`ParsedFile::body_outlines`].
    pub fn body_index(&self) -> usize {
        self.body
    }

    /// Where the `{` is; after a syntax error that left the block without
    /// braces, the text there is something else.
    pub fn open_brace(&self) -> Span {
        self.open_brace
    }

    /// Where the `}` is; for a block left unclosed by a syntax error, the
    /// text there is something else.
    pub fn close_brace(&self) -> Span {
        self.close_brace
    }
}
