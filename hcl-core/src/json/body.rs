//! JSON bodies as [`Body`]s ("Structural Elements" of the JSON syntax
//! spec), with the Go implementation's diagnostics.
//!
//! A body is an object, or an array of objects whose properties are
//! visited in order, as one sequence. The schema tells attributes from
//! blocks: a property named like an attribute of the schema defines it
//! (twice is an error); one named like a block type defines zero or more
//! blocks: after one level of nested objects (or arrays of objects) per
//! label, each property name a label, an object is one block's body, an
//! array of objects one block each, and `null` no block. The property
//! `"//"` of a body is a comment, ignored.
//!
//! A [`JsonBody`] is a cheap view: the parsed document (shared), the value
//! that is the body, and the names hidden by earlier partial processing.
//! The remaining body of [`Body::partial_content`] is a new view over the
//! same tree with more names hidden; nothing is copied.
//!
//! ```
//! use hcl_core::body::{AttributeSchema, BlockHeaderSchema, Body, BodySchema};
//!
//! let src = br#"{
//!   "//": "A comment, ignored.",
//!   "region": "eu-west-1",
//!   "listener": {
//!     "tcp": [ { "port": 80 }, { "port": 443 } ]
//!   },
//!   "extra": true
//! }"#;
//! let (file, diags) = hcl_core::json::parse(src, "app.json");
//! assert!(diags.is_empty());
//!
//! let schema = BodySchema::new()
//!     .attribute(AttributeSchema::required("region"))
//!     .block(BlockHeaderSchema::new("listener").label("protocol"));
//! let (content, rest, diags) = file.body().partial_content(&schema);
//! assert!(diags.is_empty());
//! assert_eq!(content.blocks.len(), 2);
//! assert_eq!(content.blocks[1].labels, ["tcp"]);
//!
//! // What the schema did not name remains.
//! let (attributes, diags) = rest.just_attributes();
//! assert!(diags.is_empty());
//! assert_eq!(attributes.keys().collect::<Vec<_>>(), ["extra"]);
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use crate::body::hidden::HiddenNames;
use crate::body::{
    Attribute, Attributes, Block, BlockHeaderSchema, Body, BodyContent, BodySchema, DynBody,
};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::pos::Range;
use crate::quote::go_quote;
use crate::source::Span;
use crate::suggest::suggestion;

use super::expression::JsonExpression;
use super::tree::{Kind, NodeId, ParsedJson, Prop};

/// The name of the comment property of a body.
const COMMENT: &str = "//";

/// A JSON body: a value of a parsed document (an object, or an array of
/// objects), seen through the names hidden by earlier partial processing.
/// Cloning it is cheap.
#[derive(Clone)]
pub struct JsonBody {
    file: Arc<ParsedJson>,
    /// `None` for the empty body of a document whose root is not an object
    /// or an array.
    value: Option<NodeId>,
    hidden: HiddenNames,
    /// Set in a remaining body: errors about the shape of the body (an
    /// array element that is not an object, say) were reported by the
    /// processing that made it, and are not reported again.
    shape_reported: bool,
}

impl fmt::Debug for JsonBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JsonBody")
            .field("file", &self.file.filename())
            .field("range", &self.range())
            .field("hidden", &self.hidden_names())
            .finish()
    }
}

/// How [`JsonBody::process`] treats the properties the schema does not
/// name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Exhaustive,
    Partial,
}

impl JsonBody {
    pub(crate) fn new(file: Arc<ParsedJson>, value: Option<NodeId>) -> JsonBody {
        JsonBody {
            file,
            value,
            hidden: HiddenNames::default(),
            shape_reported: false,
        }
    }

    /// The parsed document.
    pub fn file(&self) -> &Arc<ParsedJson> {
        &self.file
    }

    /// The whole value that is the body (for a document whose root is not
    /// an object or an array, an empty range at its start).
    pub fn range(&self) -> Range {
        match self.value {
            Some(id) => self.file.range(self.file.node(id).span),
            None => self.empty_range(),
        }
    }

    /// The names hidden from this view by earlier partial processing,
    /// sorted.
    pub fn hidden_names(&self) -> Vec<&str> {
        self.hidden.to_vec()
    }

    /// Partial processing returning the remaining body as a `JsonBody`
    /// (what [`Body::partial_content`] returns, before type erasure).
    pub fn partial_content_view(
        &self,
        schema: &BodySchema,
    ) -> (BodyContent, JsonBody, Diagnostics) {
        self.process(schema, Mode::Partial)
    }

    fn empty_range(&self) -> Range {
        Range::at(self.file.filename(), self.file.start())
    }

    fn name(&self, prop: &Prop) -> &str {
        self.file.prop_name(prop)
    }

    fn start_range(&self, id: NodeId) -> Range {
        let node = self.file.node(id);
        self.file.range(self.file.start_span(&node))
    }

    /// The properties of a body or of a label level: those of an object,
    /// or of each object of an array, in order (Go's `collectDeepAttrs`).
    /// `null` has none; another value is an error (reported when `diags`
    /// is given; `label` tailors the message to a label level). An invalid
    /// value has none, silently: the parser reported it.
    fn collect(
        &self,
        id: NodeId,
        label: Option<&str>,
        diags: Option<&mut Diagnostics>,
    ) -> Vec<u32> {
        let node = self.file.node(id);
        let mut out = Vec::new();
        let mut errors = Vec::new();
        match node.kind {
            Kind::Object(list) => out.extend(list.range().map(|p| p as u32)),
            Kind::Array(list) => {
                for &e in self.file.tree.items(list) {
                    match self.file.node(e).kind {
                        Kind::Object(inner) => out.extend(inner.range().map(|p| p as u32)),
                        Kind::Invalid => {}
                        _ => errors.push((e, false)),
                    }
                }
            }
            Kind::Null | Kind::Invalid => {}
            _ => errors.push((id, true)),
        }
        if let Some(diags) = diags {
            for (at, whole) in errors {
                let detail = match (label, whole) {
                    (Some(l), false) => format!(
                        "A JSON object is required here, to specify {l} labels for this block."
                    ),
                    (Some(l), true) => format!(
                        "Either a JSON object or JSON array of objects is required here, to specify {l} labels for this block."
                    ),
                    (None, false) => {
                        "A JSON object is required here, to define arguments and child blocks."
                            .to_owned()
                    }
                    (None, true) => "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.".to_owned(),
                };
                diags.push(
                    Diagnostic::error("Incorrect JSON value type")
                        .with_detail(detail)
                        .with_subject(self.start_range(at)),
                );
            }
        }
        out
    }

    fn attribute(&self, name: &str, prop: &Prop) -> Attribute {
        let value = self.file.node(prop.value);
        Attribute {
            name: name.to_owned(),
            expr: Arc::new(JsonExpression::node(Arc::clone(&self.file), prop.value)),
            range: self.file.range(prop.name.cover(value.span)),
            name_range: self.file.range(prop.name),
        }
    }

    /// Schema-driven or partial processing, as Go's `Body.Content` and
    /// `Body.PartialContent`.
    fn process(&self, schema: &BodySchema, mode: Mode) -> (BodyContent, JsonBody, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut content = BodyContent::empty(self.missing_item_range());
        if let Err(e) = schema.validate() {
            diags.push(e.to_diagnostic(self.missing_item_range()));
            return (content, self.clone(), diags);
        }
        let props = match self.value {
            Some(id) => self.collect(id, None, (!self.shape_reported).then_some(&mut diags)),
            None => Vec::new(),
        };
        let wanted_attributes: BTreeSet<&str> =
            schema.attributes.iter().map(|a| a.name.as_str()).collect();
        let wanted_blocks: BTreeMap<&str, &BlockHeaderSchema> = schema
            .blocks
            .iter()
            .map(|b| (b.type_name.as_str(), b))
            .collect();
        for &p in &props {
            let prop = self.file.prop(p);
            let name = self.name(&prop);
            if name == COMMENT || self.hidden.contains(name) {
                continue;
            }
            if wanted_attributes.contains(name) {
                if let Some(existing) = content.attributes.get(name) {
                    let range = self.file.range(prop.name);
                    diags.push(
                        Diagnostic::error("Duplicate argument")
                            .with_detail(format!(
                                "The argument {} was already set at {}.",
                                go_quote(name),
                                existing.range
                            ))
                            .with_subject(range.clone())
                            .with_context(range),
                    );
                    continue;
                }
                content
                    .attributes
                    .insert(name.to_owned(), self.attribute(name, &prop));
            } else if let Some(block) = wanted_blocks.get(name) {
                let mut labels = Vec::new();
                self.unpack_block(
                    prop.value,
                    block,
                    prop.name,
                    &mut labels,
                    &mut content.blocks,
                    &mut diags,
                );
            }
        }
        for a in &schema.attributes {
            if a.required && !content.attributes.contains_key(&a.name) {
                diags.push(
                    Diagnostic::error("Missing required argument")
                        .with_kind(crate::DiagnosticKind::MissingItem)
                        .with_detail(format!(
                            "The argument {} is required, but no definition was found.",
                            go_quote(&a.name)
                        ))
                        .with_subject(self.missing_item_range()),
                );
            }
        }
        let remaining = match mode {
            Mode::Partial => JsonBody {
                file: Arc::clone(&self.file),
                value: self.value,
                hidden: self.hidden.with(
                    content
                        .attributes
                        .keys()
                        .map(String::as_str)
                        .chain(wanted_blocks.keys().copied()),
                ),
                shape_reported: true,
            },
            Mode::Exhaustive => {
                self.report_extraneous(&props, schema, &content, &wanted_blocks, &mut diags);
                self.clone()
            }
        };
        (content, remaining, diags)
    }

    /// The errors of exhaustive processing: every visible property the
    /// schema does not name, in order (Go's "Extraneous JSON object
    /// property").
    fn report_extraneous(
        &self,
        props: &[u32],
        schema: &BodySchema,
        content: &BodyContent,
        wanted_blocks: &BTreeMap<&str, &BlockHeaderSchema>,
        diags: &mut Diagnostics,
    ) {
        for &p in props {
            let prop = self.file.prop(p);
            let name = self.name(&prop);
            if name == COMMENT
                || self.hidden.contains(name)
                || content.attributes.contains_key(name)
                || wanted_blocks.contains_key(name)
            {
                continue;
            }
            // As Go: attributes not already used, and every block type.
            let candidates = schema
                .attributes
                .iter()
                .map(|a| a.name.as_str())
                .filter(|n| {
                    *n != COMMENT
                        && !content.attributes.contains_key(*n)
                        && !self.hidden.contains(n)
                })
                .chain(schema.blocks.iter().map(|b| b.type_name.as_str()));
            let hint = suggestion(name, candidates)
                .map(|s| format!(" Did you mean {}?", go_quote(s)))
                .unwrap_or_default();
            let range = self.file.range(prop.name);
            diags.push(
                Diagnostic::error("Extraneous JSON object property")
                    .with_detail(format!(
                        "No argument or block type is named {}.{hint}",
                        go_quote(name)
                    ))
                    .with_subject(range.clone())
                    .with_context(range),
            );
        }
    }

    /// The blocks of one property of a wanted type (Go's `unpackBlock`):
    /// one level of properties per label, then the block bodies.
    fn unpack_block(
        &self,
        value: NodeId,
        schema: &BlockHeaderSchema,
        type_span: Span,
        labels: &mut Vec<(String, Span)>,
        blocks: &mut Vec<Block>,
        diags: &mut Diagnostics,
    ) {
        if let Some(label) = schema.label_names.get(labels.len()) {
            let props = self.collect(value, Some(label), Some(diags));
            if props.is_empty() {
                if self.file.node(value).kind != Kind::Invalid {
                    diags.push(
                        Diagnostic::error("Missing block label")
                            .with_kind(crate::DiagnosticKind::MissingItem)
                            .with_detail(format!(
                                "At least one object property is required, whose name represents the {} block's {label}.",
                                schema.type_name
                            ))
                            .with_subject(self.start_range(value)),
                    );
                }
                return;
            }
            for p in props {
                let prop = self.file.prop(p);
                labels.push((self.name(&prop).to_owned(), prop.name));
                self.unpack_block(prop.value, schema, type_span, labels, blocks, diags);
                labels.pop();
            }
            return;
        }
        let node = self.file.node(value);
        let mut block = |body: NodeId, def: Span| {
            blocks.push(Block {
                type_name: schema.type_name.clone(),
                labels: labels.iter().map(|(l, _)| l.clone()).collect(),
                body: Arc::new(JsonBody::new(Arc::clone(&self.file), Some(body))),
                def_range: self.file.range(def),
                type_range: self.file.range(type_span),
                label_ranges: labels.iter().map(|(_, s)| self.file.range(*s)).collect(),
            });
        };
        match node.kind {
            Kind::Null | Kind::Invalid => {}
            Kind::Object(_) => block(value, self.file.start_span(&node)),
            Kind::Array(list) => {
                let open = self.file.start_span(&node);
                for &e in self.file.tree.items(list) {
                    block(e, open);
                }
            }
            _ => diags.push(
                Diagnostic::error("Incorrect JSON value type")
                    .with_detail(format!(
                        "Either a JSON object or a JSON array is required, representing the contents of one or more {} blocks.",
                        go_quote(&schema.type_name)
                    ))
                    .with_subject(self.start_range(value)),
            ),
        }
    }
}

impl Body for JsonBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, _, diags) = self.process(schema, Mode::Exhaustive);
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, DynBody, Diagnostics) {
        let (content, remaining, diags) = self.process(schema, Mode::Partial);
        (content, Arc::new(remaining), diags)
    }

    /// Every visible property of the body's object, as an attribute (a
    /// name defined twice is an error: the first definition is kept). The
    /// body must be one object: an array is an error here, as the spec
    /// says.
    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut attributes = Attributes::new();
        let Some(id) = self.value else {
            return (attributes, diags);
        };
        let node = self.file.node(id);
        let list = match node.kind {
            Kind::Object(list) => list,
            Kind::Invalid => return (attributes, diags),
            _ => {
                diags.push(
                    Diagnostic::error("Incorrect JSON value type")
                        .with_detail(
                            "A JSON object is required here, setting the arguments for this block.",
                        )
                        .with_subject(self.start_range(id)),
                );
                return (attributes, diags);
            }
        };
        for p in list.range() {
            let prop = self.file.prop(p as u32);
            let name = self.name(&prop);
            if name == COMMENT || self.hidden.contains(name) {
                continue;
            }
            if let Some(existing) = attributes.get(name) {
                diags.push(
                    Diagnostic::error("Duplicate attribute definition")
                        .with_detail(format!(
                            "The argument {} was already set at {}.",
                            go_quote(name),
                            existing.range
                        ))
                        .with_subject(self.file.range(prop.name)),
                );
                continue;
            }
            attributes.insert(name.to_owned(), self.attribute(name, &prop));
        }
        (attributes, diags)
    }

    /// Where Go reports a missing item: the closing brace of an object, the
    /// opening bracket of an array, the value itself otherwise (for a
    /// document whose root is not an object or an array, the start of the
    /// document).
    fn missing_item_range(&self) -> Range {
        let Some(id) = self.value else {
            return self.empty_range();
        };
        let node = self.file.node(id);
        match node.kind {
            Kind::Object(_) => self
                .file
                .range(Span::new(node.span.end.saturating_sub(1), node.span.end)),
            _ => self.file.range(self.file.start_span(&node)),
        }
    }
}
