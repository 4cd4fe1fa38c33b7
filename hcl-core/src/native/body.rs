//! Native-syntax bodies as [`Body`]s: schema-driven, partial and
//! dynamic-attributes processing of the attributes and blocks of a parsed
//! file, with the Go implementation's (`hclsyntax`) diagnostics.
//!
//! A [`NativeBody`] is a cheap view: the parsed file (shared), the id of a
//! body in its syntax tree, and the sets of attribute names and block types
//! hidden by earlier partial processing. The remaining body returned by
//! [`Body::partial_content`] is a new view over the same tree with more
//! names hidden; nothing of the tree is copied.
//!
//! ```
//! use hcl_core::body::{AttributeSchema, BlockHeaderSchema, Body, BodySchema};
//! use hcl_core::native::parse_config_str;
//!
//! let src = "name = \"web\"\nlistener \"tcp\" {\n  port = 8080\n}\n";
//! let (file, diags) = parse_config_str(src, "app.hcl");
//! assert!(diags.is_empty());
//!
//! let schema = BodySchema::new()
//!     .attribute(AttributeSchema::required("name"))
//!     .block(BlockHeaderSchema::new("listener").label("protocol"));
//! let (content, diags) = file.body().content(&schema);
//! assert!(diags.is_empty());
//!
//! // The attribute's expression, unevaluated, and where it is written.
//! let name = &content.attributes["name"];
//! assert_eq!(name.expr.range().to_string(), "app.hcl:1,8-13");
//!
//! // The block, its labels and its own body, processed in turn.
//! let listener = &content.blocks[0];
//! assert_eq!(listener.labels, ["tcp"]);
//! let inner = BodySchema::new().attribute(AttributeSchema::optional("port"));
//! let (inner, diags) = listener.body.content(&inner);
//! assert!(diags.is_empty());
//! assert_eq!(inner.attributes["port"].expr.range().to_string(), "app.hcl:3,10-14");
//! ```
//!
//! Where the diagnostics and behaviour differ from Go's `hclsyntax.Body`:
//! unsupported arguments are reported in source order (Go: hash order),
//! "Did you mean" suggestions are the closest name rather than the first in
//! schema order, an invalid schema is reported ([`BodySchema::validate`]),
//! and dynamic-attributes processing of a remaining body ignores the block
//! types hidden by the partial processing that made it (Go reports them:
//! hashicorp/hcl#646).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use crate::body::hidden::HiddenNames;
use crate::body::{
    Attribute, Attributes, Block, BlockHeaderSchema, Body, BodyContent, BodySchema, DynBody,
    missing_attribute, unexpected_attribute, unexpected_block,
};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::native::ast::{AttributeNode, BlockNode, BodyId, BodyNode};
use crate::native::expression::NativeExpression;
use crate::native::file::ParsedFile;
use crate::pos::Range;
use crate::quote::go_quote;
use crate::source::Span;

/// A body of a parsed native-syntax file, seen through the names hidden by
/// earlier partial processing. Cloning it is cheap.
#[derive(Clone)]
pub struct NativeBody {
    file: Arc<ParsedFile>,
    /// `None` for a file that has no body (one parsed as an expression):
    /// an empty body.
    body: Option<BodyId>,
    hidden_attributes: HiddenNames,
    hidden_blocks: HiddenNames,
}

impl fmt::Debug for NativeBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NativeBody")
            .field("file", self.file.source().name())
            .field("body", &self.body)
            .field("range", &self.range())
            .field("hidden_attributes", &self.hidden_attributes())
            .field("hidden_blocks", &self.hidden_blocks())
            .finish()
    }
}

impl ParsedFile {
    /// The file's top-level body as a [`Body`] (an empty body if the file
    /// was not parsed as a configuration file).
    pub fn body(self: &Arc<Self>) -> NativeBody {
        NativeBody {
            body: self.root(),
            file: Arc::clone(self),
            hidden_attributes: HiddenNames::default(),
            hidden_blocks: HiddenNames::default(),
        }
    }
}

/// How [`NativeBody::process`] treats the elements the schema does not
/// name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Schema-driven processing: they are errors.
    Exhaustive,
    /// Partial processing: they remain.
    Partial,
}

impl NativeBody {
    /// A view of body `body` of `file`, with nothing hidden.
    pub fn new(file: Arc<ParsedFile>, body: BodyId) -> NativeBody {
        NativeBody {
            file,
            body: Some(body),
            hidden_attributes: HiddenNames::default(),
            hidden_blocks: HiddenNames::default(),
        }
    }

    /// The parsed file.
    pub fn file(&self) -> &Arc<ParsedFile> {
        &self.file
    }

    /// The id of the body in the file's syntax tree (`None` for the empty
    /// body of a file that has none).
    pub fn body_id(&self) -> Option<BodyId> {
        self.body
    }

    /// The whole body, as the parser recorded it (Go's `SrcRange`): for a
    /// block's body, from its `{` to its `}`; for a file's, the file from
    /// its first token.
    pub fn range(&self) -> Range {
        match self.node() {
            Some(node) => self.file.range(node.span),
            None => self.file.range(Span::at(0)),
        }
    }

    /// An empty range at the final token of the body (its `}`, or the end
    /// of the file), as Go's `EndRange`.
    pub fn end_range(&self) -> Range {
        match self.node() {
            Some(node) => self.file.range(node.end),
            None => self.file.range(Span::at(0)),
        }
    }

    /// The attribute names hidden from this view, sorted.
    pub fn hidden_attributes(&self) -> Vec<&str> {
        self.hidden_attributes.to_vec()
    }

    /// The block types hidden from this view, sorted.
    pub fn hidden_blocks(&self) -> Vec<&str> {
        self.hidden_blocks.to_vec()
    }

    /// Partial processing returning the remaining body as a `NativeBody`
    /// (what [`Body::partial_content`] returns, before type erasure).
    pub fn partial_content_view(
        &self,
        schema: &BodySchema,
    ) -> (BodyContent, NativeBody, Diagnostics) {
        self.process(schema, Mode::Partial)
    }

    fn node(&self) -> Option<&BodyNode> {
        self.body.map(|id| self.file.ast().body(id))
    }

    fn attribute_nodes(&self) -> &[AttributeNode] {
        match self.node() {
            Some(node) => self.file.ast().body_attributes(node),
            None => &[],
        }
    }

    fn block_nodes(&self) -> &[BlockNode] {
        match self.node() {
            Some(node) => self.file.ast().body_blocks(node),
            None => &[],
        }
    }

    fn attribute(&self, node: &AttributeNode) -> Attribute {
        Attribute {
            name: self.file.span_text(node.name).to_owned(),
            expr: Arc::new(NativeExpression::new(Arc::clone(&self.file), node.expr)),
            range: self.file.range(node.span()),
            name_range: self.file.range(node.name),
        }
    }

    fn block(&self, node: &BlockNode) -> Block {
        let labels = self.file.ast().block_labels(node);
        let header_end = labels.last().map_or(node.type_name.end, |l| l.span.end);
        Block {
            type_name: self.file.span_text(node.type_name).to_owned(),
            labels: labels
                .iter()
                .map(|l| self.file.text(l.text).to_owned())
                .collect(),
            body: Arc::new(NativeBody::new(Arc::clone(&self.file), node.body)),
            def_range: self.file.range(Span::new(node.type_name.start, header_end)),
            type_range: self.file.range(node.type_name),
            label_ranges: labels.iter().map(|l| self.file.range(l.span)).collect(),
        }
    }

    /// The label-count error of a block of a wanted type, if any (Go's
    /// "Extraneous label for …" and "Missing … for …").
    fn label_error(&self, node: &BlockNode, schema: &BlockHeaderSchema) -> Option<Diagnostic> {
        let labels = self.file.ast().block_labels(node);
        let want = schema.label_names.len();
        let type_name = self.file.span_text(node.type_name);
        let context = self
            .file
            .range(Span::new(node.type_name.start, node.open_brace.end));
        if labels.len() > want {
            let detail = if want == 0 {
                format!("No labels are expected for {type_name} blocks.")
            } else {
                format!(
                    "Only {want} labels ({}) are expected for {type_name} blocks.",
                    schema.label_names.join(", ")
                )
            };
            Some(
                Diagnostic::error(format!("Extraneous label for {type_name}"))
                    .with_detail(detail)
                    .with_subject(self.file.range(labels[want].span))
                    .with_context(context),
            )
        } else if labels.len() < want {
            Some(
                Diagnostic::error(format!(
                    "Missing {} for {type_name}",
                    schema.label_names[labels.len()]
                ))
                .with_kind(crate::DiagnosticKind::MissingItem)
                .with_detail(format!(
                    "All {type_name} blocks must have {want} labels ({}).",
                    schema.label_names.join(", ")
                ))
                .with_subject(self.file.range(node.open_brace))
                .with_context(context),
            )
        } else {
            None
        }
    }

    /// Schema-driven or partial processing, as Go's `Body.Content` and
    /// `Body.PartialContent`. The remaining body is built only in partial
    /// mode.
    fn process(&self, schema: &BodySchema, mode: Mode) -> (BodyContent, NativeBody, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut content = BodyContent::empty(self.missing_item_range());
        if let Err(e) = schema.validate() {
            diags.push(e.to_diagnostic(self.missing_item_range()));
            return (content, self.clone(), diags);
        }

        // Attributes: the first definition of each wanted, visible name
        // (the parser has reported any redefinition).
        let wanted_attributes: BTreeSet<&str> =
            schema.attributes.iter().map(|a| a.name.as_str()).collect();
        for node in self.attribute_nodes() {
            let name = self.file.span_text(node.name);
            if wanted_attributes.contains(name)
                && !self.hidden_attributes.contains(name)
                && !content.attributes.contains_key(name)
            {
                content
                    .attributes
                    .insert(name.to_owned(), self.attribute(node));
            }
        }
        for a in &schema.attributes {
            if a.required && !content.attributes.contains_key(&a.name) {
                diags.push(missing_attribute(&a.name, self.missing_item_range()));
            }
        }

        // Blocks, in source order; the last listing of a type decides.
        let wanted_blocks: BTreeMap<&str, &BlockHeaderSchema> = schema
            .blocks
            .iter()
            .map(|b| (b.type_name.as_str(), b))
            .collect();
        for node in self.block_nodes() {
            let type_name = self.file.span_text(node.type_name);
            if self.hidden_blocks.contains(type_name) {
                continue;
            }
            let Some(block_schema) = wanted_blocks.get(type_name) else {
                continue;
            };
            match self.label_error(node, block_schema) {
                Some(d) => diags.push(d),
                None => content.blocks.push(self.block(node)),
            }
        }

        let remaining = match mode {
            Mode::Partial => NativeBody {
                file: Arc::clone(&self.file),
                body: self.body,
                hidden_attributes: self
                    .hidden_attributes
                    .with(content.attributes.keys().map(|k| k.as_str())),
                hidden_blocks: self.hidden_blocks.with(wanted_blocks.keys().copied()),
            },
            Mode::Exhaustive => {
                self.report_unsupported(schema, &content.attributes, &wanted_blocks, &mut diags);
                self.clone()
            }
        };
        (content, remaining, diags)
    }

    /// The errors of exhaustive processing: every visible attribute and
    /// block the schema does not name, in source order.
    fn report_unsupported(
        &self,
        schema: &BodySchema,
        found: &Attributes,
        wanted_blocks: &BTreeMap<&str, &BlockHeaderSchema>,
        diags: &mut Diagnostics,
    ) {
        let mut reported = BTreeSet::new();
        for node in self.attribute_nodes() {
            let name = self.file.span_text(node.name);
            if found.contains_key(name)
                || self.hidden_attributes.contains(name)
                || !reported.insert(name)
            {
                continue;
            }
            diags.push(unexpected_attribute(
                name,
                self.file.range(node.name),
                schema,
                found,
            ));
        }
        for node in self.block_nodes() {
            let type_name = self.file.span_text(node.type_name);
            if wanted_blocks.contains_key(type_name) || self.hidden_blocks.contains(type_name) {
                continue;
            }
            diags.push(unexpected_block(
                type_name,
                self.file.range(node.type_name),
                schema,
            ));
        }
    }
}

impl Body for NativeBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, _, diags) = self.process(schema, Mode::Exhaustive);
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, DynBody, Diagnostics) {
        let (content, remaining, diags) = self.process(schema, Mode::Partial);
        (content, Arc::new(remaining), diags)
    }

    /// Every visible attribute; the first visible block, if any, is an
    /// error ("Unexpected … block", as Go), but the attributes are
    /// returned all the same. Blocks of the types hidden by the partial
    /// processing that made this view are not visible (unlike Go:
    /// hashicorp/hcl#646).
    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let mut diags = Diagnostics::new();
        let first_block = self.block_nodes().iter().find(|b| {
            !self
                .hidden_blocks
                .contains(self.file.span_text(b.type_name))
        });
        if let Some(block) = first_block {
            diags.push(
                Diagnostic::error(format!(
                    "Unexpected {} block",
                    go_quote(self.file.span_text(block.type_name))
                ))
                .with_detail("Blocks are not allowed here.")
                .with_subject(self.file.range(block.type_name)),
            );
        }
        let mut attributes = Attributes::new();
        for node in self.attribute_nodes() {
            let name = self.file.span_text(node.name);
            if !self.hidden_attributes.contains(name) && !attributes.contains_key(name) {
                attributes.insert(name.to_owned(), self.attribute(node));
            }
        }
        (attributes, diags)
    }

    /// Every visible block type, in order of first appearance, with the
    /// label count of its first block.
    fn block_types(&self) -> Option<Vec<(String, usize)>> {
        let mut seen = BTreeSet::new();
        let mut types = Vec::new();
        for node in self.block_nodes() {
            let type_name = self.file.span_text(node.type_name);
            if !self.hidden_blocks.contains(type_name) && seen.insert(type_name) {
                let labels = self.file.ast().block_labels(node).len();
                types.push((type_name.to_owned(), labels));
            }
        }
        Some(types)
    }

    /// An empty range at the start of the body, as Go's (`SrcRange.Start`):
    /// for a block's body, its opening brace (for a one-line block with an
    /// attribute, `b { a = 1 }`, the attribute's name, as the Go parser
    /// has it); for a file's, its first token other than an inline comment
    /// (line 1, column 1 for most files).
    fn missing_item_range(&self) -> Range {
        match self.node() {
            Some(node) => self.file.range(node.span.start_point()),
            None => self.file.range(Span::at(0)),
        }
    }

    fn first_item_range(&self) -> Option<Range> {
        let attributes = self.attribute_nodes().iter().map(|a| a.name.start);
        let blocks = self.block_nodes().iter().map(|b| b.type_name.start);
        let first = attributes.chain(blocks).min()?;
        Some(self.file.range(Span::at(first)))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    //! Unit tests over hand-built syntax trees (the HCL-text tests, which
    //! need the parser, are in `tests/native_body.rs`).

    use super::*;
    use crate::body::{AttributeSchema, BlockHeaderSchema};
    use crate::native::ast::{
        Ast, AttributeNode, BlockNode, BodyNode, ExprKind, LabelNode, List, Text,
    };
    use crate::source::SourceFile;

    /// Builds the tree of a tiny subset of the syntax, one item a line:
    /// `name = anything`, `type label... {`, `}` and `type label... {}`.
    pub(crate) fn build(name: &str, src: &str) -> Arc<ParsedFile> {
        struct Open {
            attributes: Vec<AttributeNode>,
            blocks: Vec<BlockNode>,
            header: Option<(Span, List, Span)>,
        }
        let mut ast = Ast::default();
        let mut stack = vec![Open {
            attributes: Vec::new(),
            blocks: Vec::new(),
            header: None,
        }];
        let close = |ast: &mut Ast, open: Open, span: Span, end: Span| -> BodyId {
            let attributes = List {
                start: ast.attributes.len() as u32,
                len: open.attributes.len() as u32,
            };
            ast.attributes.extend(open.attributes);
            let blocks = List {
                start: ast.blocks.len() as u32,
                len: open.blocks.len() as u32,
            };
            ast.blocks.extend(open.blocks);
            ast.bodies.push(BodyNode {
                attributes,
                blocks,
                span,
                end,
            });
            BodyId(ast.bodies.len() as u32 - 1)
        };
        let mut offset = 0u32;
        for line in src.split_inclusive('\n') {
            let text = line.trim_end();
            let indent = (text.len() - text.trim_start().len()) as u32;
            let start = offset + indent;
            let words: Vec<&str> = text.split_whitespace().collect();
            if words.first() == Some(&"}") {
                let open = stack.pop().expect("open block");
                let (type_name, labels, open_brace) = open.header.expect("a block");
                let close_brace = Span::new(start, start + 1);
                let body = close(
                    &mut ast,
                    open,
                    open_brace.cover(close_brace),
                    close_brace.end_point(),
                );
                stack.last_mut().expect("parent").blocks.push(BlockNode {
                    type_name,
                    labels,
                    body,
                    open_brace,
                    close_brace,
                });
            } else if words.get(1) == Some(&"=") {
                let name = Span::new(start, start + words[0].len() as u32);
                let value_at = start + text.trim_start().find('=').expect("=") as u32 + 2;
                let value = Span::new(value_at, offset + text.len() as u32);
                let expr = ast.push_expr(ExprKind::Null, value);
                stack
                    .last_mut()
                    .expect("body")
                    .attributes
                    .push(AttributeNode {
                        name,
                        expr,
                        end: name.cover(value).end,
                        equals: value_at - 2,
                    });
            } else if !words.is_empty() {
                let type_name = Span::new(start, start + words[0].len() as u32);
                let mut at = type_name.end;
                let mut labels = Vec::new();
                for word in &words[1..] {
                    let pos = at + line[(at - offset) as usize..].find(word).expect("word") as u32;
                    let span = Span::new(pos, pos + word.len() as u32);
                    at = span.end;
                    if word.starts_with('{') {
                        break;
                    }
                    let inner = if word.starts_with('"') {
                        Span::new(span.start + 1, span.end - 1)
                    } else {
                        span
                    };
                    labels.push(LabelNode {
                        text: Text::Source(inner),
                        span,
                    });
                }
                let labels_list = List {
                    start: ast.labels.len() as u32,
                    len: labels.len() as u32,
                };
                ast.labels.extend(labels);
                let brace_at = offset + text.rfind('{').expect("{") as u32;
                let open_brace = Span::new(brace_at, brace_at + 1);
                let open = Open {
                    attributes: Vec::new(),
                    blocks: Vec::new(),
                    header: Some((type_name, labels_list, open_brace)),
                };
                if text.ends_with("{}") {
                    let close_brace = Span::new(brace_at + 1, brace_at + 2);
                    let body = close(
                        &mut ast,
                        open,
                        open_brace.cover(close_brace),
                        close_brace.end_point(),
                    );
                    stack.last_mut().expect("parent").blocks.push(BlockNode {
                        type_name,
                        labels: labels_list,
                        body,
                        open_brace,
                        close_brace,
                    });
                } else {
                    stack.push(open);
                }
            }
            offset += line.len() as u32;
        }
        let root = stack.pop().expect("root");
        assert!(stack.is_empty(), "unclosed block");
        let len = src.len() as u32;
        let id = close(&mut ast, root, Span::new(0, len), Span::at(len));
        ast.root = Some(id);
        Arc::new(ParsedFile::new(SourceFile::new(name, src), ast))
    }

    pub(crate) fn lines(diags: &Diagnostics) -> Vec<String> {
        diags
            .iter()
            .map(|d| {
                let subject = d
                    .subject
                    .as_ref()
                    .map_or("-".to_owned(), ToString::to_string);
                format!("{} | {} | {subject}", d.summary, d.detail)
            })
            .collect()
    }

    const SRC: &str = "name = \"web\"\nport = 8080\nlistener \"tcp\" {\n  addr = \":80\"\n}\nextra = true\nplugin x {}\nlistener \"udp\" {}\n";

    #[test]
    fn content_returns_attributes_and_blocks_with_go_ranges() {
        let file = build("app.hcl", SRC);
        let schema = BodySchema::new()
            .attribute(AttributeSchema::required("name"))
            .attribute(AttributeSchema::optional("port"))
            .attribute(AttributeSchema::optional("extra"))
            .block(BlockHeaderSchema::new("listener").label("proto"))
            .block(BlockHeaderSchema::new("plugin").label("n"));
        let (content, diags) = file.body().content(&schema);
        assert!(diags.is_empty(), "{diags:?}");
        let name = &content.attributes["name"];
        assert_eq!(name.range.to_string(), "app.hcl:1,1-13");
        assert_eq!(name.name_range.to_string(), "app.hcl:1,1-5");
        assert_eq!(name.expr.range().to_string(), "app.hcl:1,8-13");
        let blocks: Vec<String> = content
            .blocks
            .iter()
            .map(|b| {
                format!(
                    "{} {:?} {} {}",
                    b.type_name,
                    b.labels,
                    b.def_range,
                    b.body.missing_item_range()
                )
            })
            .collect();
        assert_eq!(
            blocks,
            [
                "listener [\"tcp\"] app.hcl:3,1-15 app.hcl:3,16-16",
                "plugin [\"x\"] app.hcl:7,1-9 app.hcl:7,10-10",
                "listener [\"udp\"] app.hcl:8,1-15 app.hcl:8,16-16",
            ]
        );
        assert_eq!(content.missing_item_range.to_string(), "app.hcl:1,1-1");
    }

    #[test]
    fn remaining_body_is_a_view_with_more_names_hidden() {
        let file = build("app.hcl", SRC);
        let body = file.body();
        let schema = BodySchema::new()
            .attribute(AttributeSchema::required("name"))
            .attribute(AttributeSchema::optional("absent"))
            .block(BlockHeaderSchema::new("listener").label("proto"));
        let (content, rest, diags) = body.partial_content_view(&schema);
        assert!(diags.is_empty());
        assert_eq!(content.attributes.len(), 1);
        assert_eq!(content.blocks.len(), 2);
        // Only names found are hidden among attributes; every block type of
        // the schema is hidden.
        assert_eq!(rest.hidden_attributes(), ["name"]);
        assert_eq!(rest.hidden_blocks(), ["listener"]);
        assert!(Arc::ptr_eq(rest.file(), body.file()));
        assert_eq!(rest.body_id(), body.body_id());
        // The original view is unchanged.
        assert!(body.hidden_attributes().is_empty());

        // A schema hiding nothing new shares the sets.
        let (_, again, _) = rest.partial_content_view(&BodySchema::new());
        assert_eq!(again.hidden_attributes(), ["name"]);
        assert!(
            again
                .hidden_attributes
                .shares_set_with(&rest.hidden_attributes)
        );

        let (attrs, diags) = rest.just_attributes();
        assert_eq!(attrs.keys().collect::<Vec<_>>(), ["extra", "port"]);
        assert_eq!(
            lines(&diags),
            ["Unexpected \"plugin\" block | Blocks are not allowed here. | app.hcl:7,1-7"]
        );
    }

    #[test]
    fn content_reports_unsupported_and_label_errors() {
        let file = build("app.hcl", SRC);
        let schema = BodySchema::new()
            .attribute(AttributeSchema::required("name"))
            .attribute(AttributeSchema::required("region"))
            .attribute(AttributeSchema::optional("plugin"))
            .block(BlockHeaderSchema::new("listener"))
            .block(BlockHeaderSchema::new("extra"));
        let (content, diags) = file.body().content(&schema);
        assert!(content.blocks.is_empty());
        assert_eq!(
            lines(&diags),
            [
                "Missing required argument | The argument \"region\" is required, but no definition was found. | app.hcl:1,1-1",
                "Extraneous label for listener | No labels are expected for listener blocks. | app.hcl:3,10-15",
                "Extraneous label for listener | No labels are expected for listener blocks. | app.hcl:8,10-15",
                "Unsupported argument | An argument named \"port\" is not expected here. | app.hcl:2,1-5",
                "Unsupported argument | An argument named \"extra\" is not expected here. Did you mean to define a block of type \"extra\"? | app.hcl:6,1-6",
                "Unsupported block type | Blocks of type \"plugin\" are not expected here. Did you mean to define argument \"plugin\"? If so, use the equals sign to assign it a value. | app.hcl:7,1-7",
            ]
        );
        assert_eq!(
            diags
                .iter()
                .nth(1)
                .and_then(|d| d.context.clone())
                .map(|r| r.to_string()),
            Some("app.hcl:3,1-17".to_owned())
        );
    }

    #[test]
    fn invalid_schema_is_a_diagnostic() {
        let file = build("app.hcl", SRC);
        let schema = BodySchema::new()
            .attribute(AttributeSchema::optional("name"))
            .attribute(AttributeSchema::optional("name"));
        let (content, rest, diags) = file.body().partial_content_view(&schema);
        assert!(content.attributes.is_empty());
        assert!(rest.hidden_attributes().is_empty());
        assert_eq!(
            lines(&diags),
            [
                "Invalid body schema | The schema used to process this body is invalid: attribute \"name\" is named twice in the schema. | app.hcl:1,1-1"
            ]
        );
    }

    #[test]
    fn file_without_body_is_empty() {
        let mut ast = Ast::default();
        ast.push_expr(ExprKind::Null, Span::new(0, 4));
        let file = Arc::new(ParsedFile::new(SourceFile::new("e.hcl", "null"), ast));
        let body = file.body();
        let (content, diags) =
            body.content(&BodySchema::new().attribute(AttributeSchema::required("a")));
        assert!(content.attributes.is_empty());
        assert_eq!(
            lines(&diags),
            [
                "Missing required argument | The argument \"a\" is required, but no definition was found. | e.hcl:1,1-1"
            ]
        );
        assert!(format!("{body:?}").contains("e.hcl"));
    }
}
