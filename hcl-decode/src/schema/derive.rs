//! What the derive's generated code calls to build a schema (through
//! `hcl_decode::__private`), and the defaults of the traits' schema
//! functions for hand-written implementations.

use std::cell::RefCell;
use std::marker::PhantomData;

use hcl_core::body::BodySchema;
use hcl_core::{Type, Value};

use super::model::{AllowedValue, Attribute, Doc, Nesting};
pub use super::model::{BlockContent, BlockType, Body, Constraint, Variant};
use crate::decode::{FromBlocks, HclBody};
use crate::encode::ToValue;

/// What the derive knows of a field, a struct or a variant beyond its
/// name and type: its doc comment (the `#[doc]` strings), `#[deprecated]`
/// (with its note), `#[hcl(sensitive)]` and whether it is validated.
#[derive(Debug, Clone, Copy)]
pub struct Meta {
    /// The strings of the `#[doc]` attributes, as written.
    pub doc: &'static [&'static str],
    /// The note of `#[deprecated]` (empty without one).
    pub deprecated: Option<&'static str>,
    /// `#[hcl(sensitive)]`.
    pub sensitive: bool,
    /// `#[hcl(validate = ...)]`.
    pub validated: bool,
}

impl Meta {
    fn doc(&self) -> Doc {
        Doc::from_lines(self.doc.iter().copied())
    }

    fn deprecated(&self) -> Option<String> {
        self.deprecated.map(str::to_owned)
    }
}

/// The nesting of blocks by the `FromBlocks` constants.
pub const fn nesting(keyed: bool, required: bool) -> Nesting {
    if keyed {
        Nesting::Map
    } else if required {
        Nesting::Single
    } else {
        Nesting::List
    }
}

/// A constraint on each element, if the elements have one.
pub fn elements(inner: Option<Constraint>) -> Option<Constraint> {
    inner.map(|c| Constraint::Elements(Box::new(c)))
}

/// The constraints of a tuple's elements, if any has one.
pub fn tuple<const N: usize>(elements: [(usize, Option<Constraint>); N]) -> Option<Constraint> {
    let parts: Vec<(usize, Constraint)> = elements
        .into_iter()
        .filter_map(|(i, c)| c.map(|c| (i, c)))
        .collect();
    (!parts.is_empty()).then_some(Constraint::Tuple(parts))
}

/// The schema of a hand-written [`HclBody`]: what its `BodySchema` says.
pub fn from_body_schema(schema: &BodySchema) -> BlockContent {
    let mut body = Body::new();
    for a in &schema.attributes {
        let mut attr = Attribute::new(a.name.clone(), Type::Dynamic);
        attr.required = a.required;
        body.attributes.push(attr);
    }
    for b in &schema.blocks {
        body.blocks.push(BlockType {
            name: b.type_name.clone(),
            labels: b.label_names.clone(),
            nesting: Nesting::List,
            content: BlockContent::Body(Body {
                exhaustive: false,
                ..Body::new()
            }),
            doc: Doc::default(),
            deprecated: None,
        });
    }
    BlockContent::Body(body)
}

/// A struct's body, before its fields.
pub fn body(meta: &Meta, exhaustive: bool) -> Body {
    Body {
        doc: meta.doc(),
        exhaustive,
        validated: meta.validated,
        ..Body::new()
    }
}

/// An attribute field.
#[allow(clippy::too_many_arguments)]
pub fn attribute(
    body: &mut Body,
    name: &str,
    ty: Type,
    constraint: Option<Constraint>,
    required: bool,
    default: Option<Value>,
    meta: &Meta,
) {
    let default = default.map(|v| normalise_default(v, &ty));
    body.attributes.push(Attribute {
        name: name.to_owned(),
        ty,
        constraint,
        required,
        default,
        doc: meta.doc(),
        deprecated: meta.deprecated(),
        sensitive: meta.sensitive,
        validated: meta.validated,
    });
}

/// A default value as the attribute's type holds it (so that the JSON
/// document, which gives values by the attribute's type, round-trips).
pub(crate) fn normalise_default(value: Value, ty: &Type) -> Value {
    if ty.is_dynamic() || value.ty() == ty {
        return value;
    }
    hcl_core::convert::convert(&value, ty).unwrap_or(value)
}

/// The default of a `default = "text"` attribute.
pub fn str_default(text: &str) -> Option<Value> {
    Some(Value::string(text))
}

/// A `block` field of type `F`.
pub fn block<F: FromBlocks>(body: &mut Body, name: &str, meta: &Meta) {
    body.blocks.push(BlockType {
        name: name.to_owned(),
        labels: labels::<F::Block>(),
        nesting: F::__NESTING,
        content: content_of::<F::Block>(),
        doc: meta.doc(),
        deprecated: meta.deprecated(),
    });
}

/// A `flatten` field: the attributes and block types of the struct's
/// schema join the body.
pub fn flatten(body: &mut Body, content: BlockContent) {
    if let BlockContent::Body(inner) = content {
        body.absorb(inner);
    }
}

/// The variant of an enum of block types: a block type of any number of
/// blocks, in source order.
pub fn variant_block<T: HclBody>(out: &mut Vec<BlockType>, name: &str, meta: &Meta) {
    out.push(BlockType {
        name: name.to_owned(),
        labels: labels::<T>(),
        nesting: Nesting::List,
        content: content_of::<T>(),
        doc: meta.doc(),
        deprecated: meta.deprecated(),
    });
}

/// A variant of an enum chosen by label.
pub fn label_variant<T: HclBody>(out: &mut Vec<Variant>, name: &str, meta: &Meta) {
    let body = match content_of::<T>() {
        BlockContent::Body(body) => body,
        // A `by_label` enum's variant holds a struct (checked at compile
        // time), so this is not reached.
        BlockContent::ByLabel { .. } => Body::new(),
    };
    out.push(Variant {
        name: name.to_owned(),
        doc: meta.doc(),
        deprecated: meta.deprecated(),
        body,
    });
}

/// The content of an enum chosen by label.
pub fn by_label(label: &str, variants: Vec<Variant>) -> BlockContent {
    BlockContent::ByLabel {
        label: label.to_owned(),
        variants,
    }
}

/// The accepted strings of a value enum, with the variants' docs.
pub fn one_of(values: &[(&str, Meta)]) -> Option<Constraint> {
    Some(Constraint::OneOf(
        values
            .iter()
            .map(|(value, meta)| AllowedValue {
                value: (*value).to_owned(),
                doc: meta.doc(),
            })
            .collect(),
    ))
}

/// Adds the constraint of an object attribute (a struct's field).
pub fn object_attribute(out: &mut Vec<(String, Constraint)>, name: &str, c: Option<Constraint>) {
    if let Some(c) = c {
        out.push((name.to_owned(), c));
    }
}

/// Adds the constraints of a flattened struct's attributes.
pub fn object_flatten(out: &mut Vec<(String, Constraint)>, c: Option<Constraint>) {
    if let Some(Constraint::Attributes(parts)) = c {
        out.extend(parts);
    }
}

/// The constraint of a struct as an object value.
pub fn object(parts: Vec<(String, Constraint)>) -> Option<Constraint> {
    (!parts.is_empty()).then_some(Constraint::Attributes(parts))
}

fn labels<T: HclBody>() -> Vec<String> {
    T::LABELS.iter().map(|l| (*l).to_owned()).collect()
}

thread_local! {
    /// The types whose schema is being built, to cut a recursive type.
    static BUILDING: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// The schema of `T`'s body; a type met a third time inside itself (a
/// block that holds blocks of its own type) is an empty body that is not
/// exhaustive there, so that a schema of a recursive type is finite and
/// still shows the type once inside itself.
fn content_of<T: HclBody>() -> BlockContent {
    let name = std::any::type_name::<T>();
    let recursive = BUILDING.with(|b| b.borrow().iter().filter(|n| **n == name).count() >= 2);
    if recursive {
        return BlockContent::Body(Body {
            exhaustive: false,
            ..Body::new()
        });
    }
    BUILDING.with(|b| b.borrow_mut().push(name));
    let content = T::__schema();
    BUILDING.with(|b| {
        b.borrow_mut().pop();
    });
    content
}

/// The schema of `T` as a root body.
pub(crate) fn root_of<T: HclBody>() -> Body {
    match content_of::<T>() {
        BlockContent::Body(body) => body,
        // An enum chosen by label decodes blocks only; as a root, it
        // accepts nothing.
        BlockContent::ByLabel { .. } => Body::new(),
    }
}

/// The default value of a field, when its type can be written as a value
/// (`ToValue`): chosen at compile time by autoref, so that a type without
/// `ToValue` gives none.
#[derive(Debug)]
pub struct DefaultProbe<T>(PhantomData<T>);

impl<T> DefaultProbe<T> {
    /// The probe of `T`.
    pub fn new() -> DefaultProbe<T> {
        DefaultProbe(PhantomData)
    }
}

impl<T> Default for DefaultProbe<T> {
    fn default() -> DefaultProbe<T> {
        DefaultProbe::new()
    }
}

/// The default of a type that is `ToValue`.
pub trait DefaultByValue<T> {
    /// `make()` as a value.
    fn default_value(&self, make: Option<fn() -> T>) -> Option<Value>;
}

impl<T: ToValue> DefaultByValue<T> for &DefaultProbe<T> {
    fn default_value(&self, make: Option<fn() -> T>) -> Option<Value> {
        make.and_then(|f| f().to_attribute_value().ok().flatten())
    }
}

/// The default of any other type: unknown to the schema.
pub trait DefaultUnknown<T> {
    /// `None`.
    fn default_value(&self, make: Option<fn() -> T>) -> Option<Value>;
}

impl<T> DefaultUnknown<T> for DefaultProbe<T> {
    fn default_value(&self, _make: Option<fn() -> T>) -> Option<Value> {
        None
    }
}
