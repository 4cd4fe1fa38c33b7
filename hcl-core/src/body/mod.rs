//! Bodies, expressions and schemas: the structural half of the
//! information model ("Structural Elements", "Body Content",
//! "Expressions", "Static Analysis").
//!
//! A [`Body`] is opaque: its content is reached only through a
//! [`BodySchema`], by schema-driven processing ([`Body::content`]), partial
//! processing ([`Body::partial_content`], which also returns the remaining
//! body) or dynamic-attributes processing ([`Body::just_attributes`]). Each
//! syntax implements `Body` and [`Expression`] (the native syntax:
//! [`crate::native::NativeBody`]); [`merge_bodies`] makes several bodies
//! (several files) behave as one.
//!
//! Rules every `Body` of this crate keeps:
//!
//! - A schema must pass [`BodySchema::validate`] (no attribute named twice,
//!   no block type named like an attribute). `content` and
//!   `partial_content` check it first and report a bad schema as one
//!   "Invalid body schema" error diagnostic, with empty content; they never
//!   panic.
//! - The two-step rule: partial processing with one schema, then any
//!   processing of the remaining body with another, equals processing with
//!   the union of the two. The names the first step took are hidden from
//!   the remaining body, including from [`Body::just_attributes`].
//! - Diagnostics are deterministic: elements are reported in source order
//!   and "Did you mean" suggestions come from [`suggestion`].
//!
//! ```
//! use hcl_core::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
//!
//! let schema = BodySchema::new()
//!     .attribute(AttributeSchema::required("name"))
//!     .attribute(AttributeSchema::optional("port"))
//!     .block(BlockHeaderSchema::new("listener").label("address"));
//! assert!(schema.validate().is_ok());
//!
//! let bad = BodySchema::new()
//!     .attribute(AttributeSchema::optional("tls"))
//!     .block(BlockHeaderSchema::new("tls"));
//! assert!(bad.validate().is_err());
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::suggest::suggestion;
use crate::traversal::Traversal;
use crate::value::Value;

/// The schema of one expected attribute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttributeSchema {
    /// The attribute name.
    pub name: String,
    /// Whether the attribute must be present.
    pub required: bool,
}

impl AttributeSchema {
    /// An attribute that must be present.
    pub fn required(name: impl Into<String>) -> AttributeSchema {
        AttributeSchema {
            name: name.into(),
            required: true,
        }
    }

    /// An attribute that may be absent.
    pub fn optional(name: impl Into<String>) -> AttributeSchema {
        AttributeSchema {
            name: name.into(),
            required: false,
        }
    }
}

/// The schema of one expected block type: its type name and the names of
/// its labels.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockHeaderSchema {
    /// The block type name.
    pub type_name: String,
    /// The semantic names of the labels, in order.
    pub label_names: Vec<String>,
}

impl BlockHeaderSchema {
    /// A block type with no labels.
    pub fn new(type_name: impl Into<String>) -> BlockHeaderSchema {
        BlockHeaderSchema {
            type_name: type_name.into(),
            label_names: Vec::new(),
        }
    }

    /// Adds a label.
    pub fn label(mut self, name: impl Into<String>) -> BlockHeaderSchema {
        self.label_names.push(name.into());
        self
    }
}

/// What a body is expected to contain.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BodySchema {
    /// The attribute schemata.
    pub attributes: Vec<AttributeSchema>,
    /// The block header schemata.
    pub blocks: Vec<BlockHeaderSchema>,
}

/// A schema that names an attribute twice, or an attribute and a block
/// type alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaError {
    /// The name at fault.
    pub name: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SchemaError {}

impl SchemaError {
    /// The diagnostic a body reports for a schema that fails
    /// [`BodySchema::validate`]: an error "Invalid body schema" whose
    /// detail is the message, about the body (`subject`, usually its
    /// missing-item range). The fault is the calling program's, not the
    /// configuration author's, but it is reported as a diagnostic all the
    /// same, never as a panic.
    pub fn to_diagnostic(&self, subject: Range) -> Diagnostic {
        Diagnostic::error("Invalid body schema")
            .with_detail(format!(
                "The schema used to process this body is invalid: {}.",
                self.message
            ))
            .with_subject(subject)
    }
}

impl BodySchema {
    /// An empty schema.
    pub fn new() -> BodySchema {
        BodySchema::default()
    }

    /// Adds an attribute schema.
    pub fn attribute(mut self, attribute: AttributeSchema) -> BodySchema {
        self.attributes.push(attribute);
        self
    }

    /// Adds a block header schema.
    pub fn block(mut self, block: BlockHeaderSchema) -> BodySchema {
        self.blocks.push(block);
        self
    }

    /// Checks the rules of the spec ("Schema-driven Processing"): no
    /// attribute named twice, no block type named like an attribute.
    ///
    /// A block type listed twice is allowed (the spec does not forbid it):
    /// as in the Go implementation, the last listing decides the labels.
    ///
    /// [`Body::content`] and [`Body::partial_content`] of every body of this
    /// crate call it first; a schema it rejects is reported as one "Invalid
    /// body schema" error diagnostic (see [`SchemaError::to_diagnostic`])
    /// and no content is extracted.
    pub fn validate(&self) -> Result<(), SchemaError> {
        let mut names = BTreeSet::new();
        for a in &self.attributes {
            if !names.insert(a.name.as_str()) {
                return Err(SchemaError {
                    name: a.name.clone(),
                    message: format!("attribute {:?} is named twice in the schema", a.name),
                });
            }
        }
        for b in &self.blocks {
            if names.contains(b.type_name.as_str()) {
                return Err(SchemaError {
                    name: b.type_name.clone(),
                    message: format!(
                        "{:?} is named in the schema both as an attribute and as a block type",
                        b.type_name
                    ),
                });
            }
        }
        Ok(())
    }

    /// The attribute schema of that name.
    pub fn find_attribute(&self, name: &str) -> Option<&AttributeSchema> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The block header schema of that type (the last one, if the type is
    /// listed twice, as the bodies use it).
    pub fn find_block(&self, type_name: &str) -> Option<&BlockHeaderSchema> {
        self.blocks.iter().rev().find(|b| b.type_name == type_name)
    }

    /// The union of two schemas (attributes of both, blocks of both; a name
    /// in both is kept once, as `self` has it).
    pub fn union(&self, other: &BodySchema) -> BodySchema {
        let mut out = self.clone();
        for a in &other.attributes {
            if out.find_attribute(&a.name).is_none() {
                out.attributes.push(a.clone());
            }
        }
        for b in &other.blocks {
            if out.find_block(&b.type_name).is_none() {
                out.blocks.push(b.clone());
            }
        }
        out
    }

    /// Every attribute name and block type name, for suggestions.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.attributes
            .iter()
            .map(|a| a.name.as_str())
            .chain(self.blocks.iter().map(|b| b.type_name.as_str()))
    }
}

/// A shared, type-erased expression.
pub type DynExpression = Arc<dyn Expression>;

/// A shared, type-erased body.
pub type DynBody = Arc<dyn Body>;

/// An attribute of body content: a name and its (unevaluated) expression.
#[derive(Clone, Debug)]
pub struct Attribute {
    /// The attribute name.
    pub name: String,
    /// The value expression.
    pub expr: DynExpression,
    /// The whole definition, name to end of expression.
    pub range: Range,
    /// The name alone.
    pub name_range: Range,
}

impl Attribute {
    /// The range of the value expression.
    pub fn expr_range(&self) -> Range {
        self.expr.range()
    }
}

/// A block of body content: type, labels and the (unprocessed) body.
#[derive(Clone, Debug)]
pub struct Block {
    /// The block type name.
    pub type_name: String,
    /// The labels, in order.
    pub labels: Vec<String>,
    /// The block's own body.
    pub body: DynBody,
    /// The header: from the type name to the end of the last label (the
    /// type name alone when there is no label), as Go's `DefRange`.
    pub def_range: Range,
    /// The type name alone.
    pub type_range: Range,
    /// Each label's range.
    pub label_ranges: Vec<Range>,
}

/// The attribute map of body content, by name.
pub type Attributes = BTreeMap<String, Attribute>;

/// The result of applying a schema to a body.
#[derive(Clone, Debug)]
pub struct BodyContent {
    /// The attributes found, by name.
    pub attributes: Attributes,
    /// The blocks found, in source order.
    pub blocks: Vec<Block>,
    /// Where an item missing from the body would be reported: the body's
    /// [`Body::missing_item_range`] (for a native block body, an empty range
    /// at its opening brace).
    pub missing_item_range: Range,
}

impl BodyContent {
    /// Empty content reporting missing items at `missing_item_range`.
    pub fn empty(missing_item_range: Range) -> BodyContent {
        BodyContent {
            attributes: Attributes::new(),
            blocks: Vec::new(),
            missing_item_range,
        }
    }

    /// The blocks of one type.
    pub fn blocks_of_type<'a>(&'a self, type_name: &'a str) -> impl Iterator<Item = &'a Block> {
        self.blocks.iter().filter(move |b| b.type_name == type_name)
    }
}

/// A body: a container of attributes and blocks whose content is reached
/// through a schema. Implemented by each syntax.
pub trait Body: fmt::Debug + Send + Sync {
    /// Schema-driven processing with an exhaustive schema: every attribute
    /// or block the schema does not name is an error (with a "Did you mean"
    /// suggestion where a close name exists), and so is a missing required
    /// attribute. The content is returned even when there are errors.
    ///
    /// A schema that fails [`BodySchema::validate`] yields empty content
    /// and one "Invalid body schema" error.
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics);

    /// Partial processing: like [`Body::content`], but elements the schema
    /// does not name are no error; they stay in the returned remaining body,
    /// from which the attributes and block types the schema names are
    /// hidden. Processing the remaining body exhaustively with a second
    /// schema is equivalent to processing this body with the union of both
    /// schemas (the spec's two-step rule).
    ///
    /// A schema that fails [`BodySchema::validate`] yields empty content,
    /// one "Invalid body schema" error and a remaining body equal to this
    /// one.
    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, DynBody, Diagnostics);

    /// Dynamic-attributes processing: every attribute (except those hidden
    /// by an earlier partial processing), as if the schema named each one;
    /// a block (other than those hidden) is an error. The attributes are
    /// returned even when there are errors.
    fn just_attributes(&self) -> (Attributes, Diagnostics);

    /// Where an item missing from this body would be reported.
    fn missing_item_range(&self) -> Range;
}

/// A call found by the static-call analysis: the function name and the
/// argument expressions, uninterpreted.
#[derive(Clone, Debug)]
pub struct StaticCall {
    /// The called function's name.
    pub name: String,
    /// Where the name is written.
    pub name_range: Range,
    /// The argument expressions.
    pub arguments: Vec<DynExpression>,
    /// Whether the last argument is followed by `...`.
    pub expand_final: bool,
    /// The whole call.
    pub range: Range,
    /// From the opening to the closing parenthesis.
    pub args_range: Range,
}

/// One pair found by the static-map analysis.
#[derive(Clone, Debug)]
pub struct StaticPair {
    /// The key expression, uninterpreted (not necessarily a string).
    pub key: DynExpression,
    /// The value expression.
    pub value: DynExpression,
}

/// An expression: evaluated to a value in an evaluation context.
/// Implemented by each syntax. The static analyses default to "not
/// applicable" (an error diagnostic); a syntax overrides those that apply
/// to its expressions.
pub trait Expression: fmt::Debug + Send + Sync {
    /// Evaluates the expression. On error the value is a placeholder
    /// (usually the dynamic value) and the diagnostics say why.
    fn value(&self, ctx: &EvalContext) -> (Value, Diagnostics);

    /// The traversals (variable references) the expression uses, in source
    /// order.
    fn variables(&self) -> Vec<Traversal>;

    /// The range of the whole expression.
    fn range(&self) -> Range;

    /// A range for the start of the expression, to report where it begins.
    fn start_range(&self) -> Range;

    /// Static list: the element expressions of list/tuple construction.
    fn static_list(&self) -> Result<Vec<DynExpression>, Diagnostics> {
        Err(not_applicable(
            self.range(),
            "A static list expression is required.",
        ))
    }

    /// Static map: the key/value expression pairs of map/object
    /// construction.
    fn static_map(&self) -> Result<Vec<StaticPair>, Diagnostics> {
        Err(not_applicable(
            self.range(),
            "A static map expression is required.",
        ))
    }

    /// Static call: the name and argument expressions of a function call.
    fn static_call(&self) -> Result<StaticCall, Diagnostics> {
        Err(not_applicable(
            self.range(),
            "A static function call is required.",
        ))
    }

    /// Static traversal, absolute: a variable reference with constant
    /// attribute and index steps.
    fn static_traversal_abs(&self) -> Result<Traversal, Diagnostics> {
        Err(not_applicable(
            self.range(),
            "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.",
        ))
    }

    /// Static traversal, relative: constant attribute and index steps from
    /// an implied starting value.
    fn static_traversal_rel(&self) -> Result<Traversal, Diagnostics> {
        Err(not_applicable(
            self.range(),
            "A relative traversal is required: only attribute access and indexing with constant keys are allowed here.",
        ))
    }
}

fn not_applicable(range: Range, detail: &str) -> Diagnostics {
    Diagnostic::error("Invalid expression")
        .with_detail(detail)
        .with_subject(range)
        .into()
}

/// The diagnostic for an attribute an exhaustive schema does not name, as
/// the Go implementation words it: "Unsupported argument", about the name.
///
/// The hint is, in this order: the closest attribute name of the schema not
/// already found in the body (`found`), chosen deterministically by
/// [`suggestion`]; else, when the schema has a block type of that very
/// name, advice to write a block.
pub fn unexpected_attribute(
    name: &str,
    name_range: Range,
    schema: &BodySchema,
    found: &Attributes,
) -> Diagnostic {
    let candidates = schema
        .attributes
        .iter()
        .map(|a| a.name.as_str())
        .filter(|n| !found.contains_key(*n));
    let hint = match suggestion(name, candidates) {
        Some(s) => format!(" Did you mean {}?", quote(s)),
        None if schema.blocks.iter().any(|b| b.type_name == name) => {
            format!(" Did you mean to define a block of type {}?", quote(name))
        }
        None => String::new(),
    };
    Diagnostic::error("Unsupported argument")
        .with_detail(format!(
            "An argument named {} is not expected here.{hint}",
            quote(name)
        ))
        .with_subject(name_range)
}

/// The diagnostic for a block of a type an exhaustive schema does not name,
/// as the Go implementation words it: "Unsupported block type", about the
/// type name.
///
/// The hint is, in this order: the closest block type of the schema,
/// chosen deterministically by [`suggestion`]; else, when the schema has an
/// attribute of that very name, advice to use the equals sign.
pub fn unexpected_block(type_name: &str, type_range: Range, schema: &BodySchema) -> Diagnostic {
    let hint = match suggestion(
        type_name,
        schema.blocks.iter().map(|b| b.type_name.as_str()),
    ) {
        Some(s) => format!(" Did you mean {}?", quote(s)),
        None if schema.attributes.iter().any(|a| a.name == type_name) => format!(
            " Did you mean to define argument {}? If so, use the equals sign to assign it a value.",
            quote(type_name)
        ),
        None => String::new(),
    };
    Diagnostic::error("Unsupported block type")
        .with_detail(format!(
            "Blocks of type {} are not expected here.{hint}",
            quote(type_name)
        ))
        .with_subject(type_range)
}

/// The diagnostic for a required attribute that is absent from one body,
/// about the body's missing-item range.
pub fn missing_attribute(name: &str, missing_item_range: Range) -> Diagnostic {
    Diagnostic::error("Missing required argument")
        .with_detail(format!(
            "The argument {} is required, but no definition was found.",
            quote(name)
        ))
        .with_subject(missing_item_range)
}

/// A string quoted as Go's `%q` quotes it (for the names in diagnostics).
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c if c.is_control() => {
                let n = c as u32;
                if n < 0x80 {
                    out.push_str(&format!("\\x{n:02x}"));
                } else if n < 0x10000 {
                    out.push_str(&format!("\\u{n:04x}"));
                } else {
                    out.push_str(&format!("\\U{n:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Bodies processed as one, as the Go implementation's `MergeBodies`:
/// several files of one configuration, say.
///
/// Each processing is applied to every part in order and the results are
/// joined: attributes from all parts, blocks from all parts (part by part,
/// each part's in source order). An attribute found in two parts is a
/// "Duplicate argument" error about the second definition naming the
/// first; a required attribute need only be in one part (if it is in none,
/// "Missing required argument" is reported once, without a subject, as in
/// Go). Partial processing returns the merged remaining bodies of the
/// parts. The missing-item range is the first part's (also in the merged
/// content, where Go leaves it zero).
///
/// ```
/// use hcl_core::body::{merge_bodies, BodySchema, Body};
/// let merged = merge_bodies(Vec::new());
/// let (content, diags) = merged.content(&BodySchema::new());
/// assert!(diags.is_empty() && content.attributes.is_empty());
/// ```
pub fn merge_bodies(bodies: Vec<DynBody>) -> DynBody {
    Arc::new(MergedBodies { bodies })
}

/// The body made by [`merge_bodies`].
#[derive(Debug)]
struct MergedBodies {
    bodies: Vec<DynBody>,
}

/// The "Duplicate argument" error of merged bodies.
fn duplicate_argument(name: &str, existing: &Attribute, duplicate: &Attribute) -> Diagnostic {
    Diagnostic::error("Duplicate argument")
        .with_detail(format!(
            "Argument {} was already set at {}",
            quote(name),
            existing.name_range
        ))
        .with_subject(duplicate.name_range.clone())
}

/// Adds a part's attributes, reporting those already present.
fn merge_attributes(into: &mut Attributes, part: Attributes, diags: &mut Diagnostics) {
    // A part's attributes come by name; report duplicates in source order.
    let mut part: Vec<(String, Attribute)> = part.into_iter().collect();
    part.sort_by(|a, b| a.1.name_range.cmp(&b.1.name_range));
    for (name, attr) in part {
        match into.get(&name) {
            Some(existing) => diags.push(duplicate_argument(&name, existing, &attr)),
            None => {
                into.insert(name, attr);
            }
        }
    }
}

impl MergedBodies {
    fn merged(&self, schema: &BodySchema, partial: bool) -> (BodyContent, DynBody, Diagnostics) {
        if let Err(e) = schema.validate() {
            let diags = e.to_diagnostic(self.missing_item_range()).into();
            let rest = merge_bodies(self.bodies.clone());
            return (BodyContent::empty(self.missing_item_range()), rest, diags);
        }
        // Each part is asked with every attribute optional: a required
        // attribute need only be in one of them.
        let relaxed = BodySchema {
            attributes: schema
                .attributes
                .iter()
                .map(|a| AttributeSchema::optional(a.name.clone()))
                .collect(),
            blocks: schema.blocks.clone(),
        };
        let mut content = BodyContent::empty(self.missing_item_range());
        let mut rest = Vec::new();
        let mut diags = Diagnostics::new();
        for body in &self.bodies {
            let (part, part_diags) = if partial {
                let (c, r, d) = body.partial_content(&relaxed);
                rest.push(r);
                (c, d)
            } else {
                body.content(&relaxed)
            };
            diags.extend(part_diags);
            merge_attributes(&mut content.attributes, part.attributes, &mut diags);
            content.blocks.extend(part.blocks);
        }
        for a in &schema.attributes {
            if a.required && !content.attributes.contains_key(&a.name) {
                // Go has no context for a better subject here, and gives
                // none.
                diags.push(
                    Diagnostic::error("Missing required argument").with_detail(format!(
                        "The argument {} is required, but was not set.",
                        quote(&a.name)
                    )),
                );
            }
        }
        (content, merge_bodies(rest), diags)
    }
}

impl Body for MergedBodies {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, _, diags) = self.merged(schema, false);
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, DynBody, Diagnostics) {
        self.merged(schema, true)
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let mut attributes = Attributes::new();
        let mut diags = Diagnostics::new();
        for body in &self.bodies {
            let (attrs, d) = body.just_attributes();
            diags.extend(d);
            merge_attributes(&mut attributes, attrs, &mut diags);
        }
        (attributes, diags)
    }

    fn missing_item_range(&self) -> Range {
        match self.bodies.first() {
            Some(b) => b.missing_item_range(),
            // Go returns a range of the file "<empty>" at the zero position.
            None => Range::at("<empty>", crate::pos::Pos::default()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::body::tests::{build, lines};

    fn dyn_body(name: &str, src: &str) -> DynBody {
        Arc::new(build(name, src).body())
    }

    #[test]
    fn schema_validation_follows_the_spec() {
        let ok = BodySchema::new()
            .attribute(AttributeSchema::required("a"))
            .block(BlockHeaderSchema::new("b"))
            .block(BlockHeaderSchema::new("b").label("x"));
        assert_eq!(ok.validate(), Ok(()));
        assert_eq!(ok.find_block("b").map(|b| b.label_names.len()), Some(1));

        let twice = BodySchema::new()
            .attribute(AttributeSchema::optional("a"))
            .attribute(AttributeSchema::required("a"));
        let err = twice.validate().expect_err("named twice");
        assert_eq!(err.name, "a");
        assert_eq!(
            err.to_string(),
            "attribute \"a\" is named twice in the schema"
        );

        let alike = BodySchema::new()
            .block(BlockHeaderSchema::new("a"))
            .attribute(AttributeSchema::optional("a"));
        let err = alike.validate().expect_err("attribute and block");
        assert_eq!(
            err.to_string(),
            "\"a\" is named in the schema both as an attribute and as a block type"
        );
    }

    #[test]
    fn schema_union_keeps_each_name_once() {
        let a = BodySchema::new()
            .attribute(AttributeSchema::required("x"))
            .block(BlockHeaderSchema::new("b"));
        let b = BodySchema::new()
            .attribute(AttributeSchema::optional("x"))
            .attribute(AttributeSchema::optional("y"))
            .block(BlockHeaderSchema::new("b").label("l"))
            .block(BlockHeaderSchema::new("c"));
        let u = a.union(&b);
        assert_eq!(u.names().collect::<Vec<_>>(), ["x", "y", "b", "c"]);
        assert!(u.attributes[0].required);
        assert!(u.blocks[0].label_names.is_empty());
    }

    #[test]
    fn quote_matches_go_percent_q() {
        assert_eq!(quote("a"), "\"a\"");
        assert_eq!(
            quote("a\"b\\c\n\t\u{7}\u{1}\u{85}é"),
            "\"a\\\"b\\\\c\\n\\t\\a\\x01\\u0085é\""
        );
    }

    #[test]
    fn unexpected_attribute_prefers_a_close_name_to_the_block_hint() {
        let schema = BodySchema::new()
            .attribute(AttributeSchema::optional("tl"))
            .block(BlockHeaderSchema::new("tls"));
        let range = Range::at("f", crate::pos::Pos::start());
        let d = unexpected_attribute("tls", range.clone(), &schema, &Attributes::new());
        assert_eq!(
            d.detail,
            "An argument named \"tls\" is not expected here. Did you mean \"tl\"?"
        );
        let d = unexpected_block("tl", range, &schema);
        assert_eq!(
            d.detail,
            "Blocks of type \"tl\" are not expected here. Did you mean \"tls\"?"
        );
    }

    #[test]
    fn merged_bodies_join_parts_and_report_duplicates() {
        let merged = merge_bodies(vec![
            dyn_body("a.hcl", "name = \"a\"\nregion = \"eu\"\nsvc one {}\n"),
            dyn_body("b.hcl", "name = \"b\"\nsvc two {}\nzone = 1\n"),
            dyn_body("c.hcl", "svc three {}\nregion = \"us\"\nextra = 1\n"),
        ]);
        assert_eq!(merged.missing_item_range().to_string(), "a.hcl:1,1-1");
        let schema = BodySchema::new()
            .attribute(AttributeSchema::required("name"))
            .attribute(AttributeSchema::optional("region"))
            .attribute(AttributeSchema::required("zone"))
            .attribute(AttributeSchema::required("token"))
            .block(BlockHeaderSchema::new("svc").label("n"));
        let (content, diags) = merged.content(&schema);
        assert_eq!(
            content.attributes["zone"].name_range.to_string(),
            "b.hcl:3,1-5"
        );
        let labels: Vec<&str> = content
            .blocks
            .iter()
            .map(|b| b.labels[0].as_str())
            .collect();
        assert_eq!(labels, ["one", "two", "three"]);
        assert_eq!(
            lines(&diags),
            [
                "Duplicate argument | Argument \"name\" was already set at a.hcl:1,1-5 | b.hcl:1,1-5",
                "Unsupported argument | An argument named \"extra\" is not expected here. | c.hcl:3,1-6",
                "Duplicate argument | Argument \"region\" was already set at a.hcl:2,1-7 | c.hcl:2,1-7",
                "Missing required argument | The argument \"token\" is required, but was not set. | -",
            ]
        );

        // Partial processing returns the merged remaining bodies.
        let (_, rest, diags) = merged.partial_content(
            &BodySchema::new()
                .attribute(AttributeSchema::optional("name"))
                .block(BlockHeaderSchema::new("svc").label("n")),
        );
        assert_eq!(diags.len(), 1);
        let (attrs, diags) = rest.just_attributes();
        assert_eq!(
            attrs.keys().collect::<Vec<_>>(),
            ["extra", "region", "zone"]
        );
        assert_eq!(
            lines(&diags),
            [
                "Duplicate argument | Argument \"region\" was already set at a.hcl:2,1-7 | c.hcl:2,1-7"
            ]
        );
    }

    #[test]
    fn merged_bodies_with_an_invalid_schema_report_it_once() {
        let merged = merge_bodies(vec![
            dyn_body("a.hcl", "a = 1\n"),
            dyn_body("b.hcl", "b = 1\n"),
        ]);
        let schema = BodySchema::new()
            .attribute(AttributeSchema::optional("a"))
            .block(BlockHeaderSchema::new("a"));
        let (content, rest, diags) = merged.partial_content(&schema);
        assert!(content.attributes.is_empty());
        assert_eq!(diags.len(), 1);
        assert_eq!(
            diags.iter().next().map(|d| d.summary.as_str()),
            Some("Invalid body schema")
        );
        assert_eq!(rest.just_attributes().0.len(), 2);
    }

    #[test]
    fn empty_merged_body() {
        let empty = merge_bodies(Vec::new());
        assert_eq!(empty.missing_item_range().to_string(), "<empty>:0,0-0");
        let (content, diags) =
            empty.content(&BodySchema::new().attribute(AttributeSchema::required("a")));
        assert!(content.attributes.is_empty());
        assert_eq!(
            lines(&diags),
            ["Missing required argument | The argument \"a\" is required, but was not set. | -"]
        );
        let (attrs, diags) = empty.just_attributes();
        assert!(attrs.is_empty() && diags.is_empty());
    }
}
