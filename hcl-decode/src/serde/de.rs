//! The serde `Deserializer` over an evaluated body ([`super::tree`]): a body
//! and a label level are maps, two or more blocks of one type and labels a
//! sequence, one block a map that also reads as a one-element sequence,
//! an attribute's value whatever [`ValueDeserializer`] makes of it.
//!
//! Errors ([`Failure`]) are placed where they arise: a value's at the
//! value (or the element at fault inside a literal), an unknown field at
//! the attribute, block or label that names it, a missing field and any
//! other error of a block at its header (a file's at the end of its last
//! item). On the way out each level prepends its step of the path
//! (`job.group[0].task["web"].count`), and the top turns the failure into
//! a [`Diagnostic`].

use std::fmt;

use ::serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess,
    SeqAccess, Unexpected, VariantAccess, Visitor,
};
use hcl_core::body::{AttributeSchema, Attributes, BlockHeaderSchema, BodySchema};
use hcl_core::body::{missing_attribute, unexpected_attribute, unexpected_block};
use hcl_core::suggestion;
use hcl_core::{Diagnostic, DynExpression, Number, Path, PathStep, Range, Value};

use super::tree::{BodyNode, Entry, LabelsNode, Node};
use super::value::{DeError, ValueDeserializer, unknown_field_message};
use crate::error::element_range;

/// Deserializes `T` from an evaluated body; `Err` is the one diagnostic
/// serde stopped at.
pub(crate) fn deserialize<T: DeserializeOwned>(body: &BodyNode) -> Result<T, Box<Diagnostic>> {
    let de = NodeDe {
        node: Ref::Body(body),
        place: &body.missing,
    };
    T::deserialize(de).map_err(|f| Box::new(f.into_diagnostic()))
}

/// What went wrong, where, and by which path.
#[derive(Debug)]
pub(crate) struct Failure(Box<Inner>);

#[derive(Debug)]
struct Inner {
    kind: Kind,
    summary: String,
    /// The message: serde's, or whole sentences.
    message: String,
    hint: Option<String>,
    path: Path,
    subject: Option<Range>,
    context: Option<Range>,
}

#[derive(Debug)]
enum Kind {
    Other,
    UnknownField {
        field: String,
        expected: &'static [&'static str],
    },
    MissingField(&'static str),
}

const BODY_SUMMARY: &str = "Invalid configuration";
const BLOCK_SUMMARY: &str = "Invalid block";

impl Failure {
    fn new(kind: Kind, message: String) -> Failure {
        Failure(Box::new(Inner {
            kind,
            summary: BODY_SUMMARY.to_owned(),
            message,
            hint: None,
            path: Path::root(),
            subject: None,
            context: None,
        }))
    }

    fn placed(&self) -> bool {
        self.0.subject.is_some()
    }

    fn within(mut self, step: PathStep) -> Failure {
        self.0.path.prepend(step);
        self
    }

    /// A value's error, at the value (or the literal element at fault).
    fn at_value(e: DeError, expr: &DynExpression) -> Failure {
        let e = e.0;
        let whole = expr.range();
        let subject = element_range(expr, e.path()).unwrap_or_else(|| whole.clone());
        let context = (subject != whole).then_some(whole);
        Failure(Box::new(Inner {
            kind: Kind::Other,
            summary: e.summary().to_owned(),
            message: e.message().to_owned(),
            hint: e.hint().map(str::to_owned),
            path: e.path().clone(),
            subject: Some(subject),
            context,
        }))
    }

    /// Places an error not placed yet at `range`, with `summary`.
    fn place(mut self, range: &Range, summary: &str) -> Failure {
        if !self.placed() {
            self.0.summary = summary.to_owned();
            self.0.subject = Some(range.clone());
        }
        self
    }

    /// Places an error of a body not placed yet: a missing field at the
    /// block (with "Did you mean" when a near name is present), anything
    /// else at the block's header or the file's end.
    fn at_body(self, body: &BodyNode) -> Failure {
        if self.placed() {
            return self;
        }
        if let Kind::MissingField(field) = self.0.kind {
            let d = missing_attribute(field, body.missing.clone());
            let mut f = self.place(&body.missing, &d.summary);
            f.0.message = d.detail.into_owned();
            let present = body.entries.iter().map(|e| e.key.as_str());
            if let Some(near) = suggestion(field, present) {
                f.0.hint = Some(format!(
                    "An argument named {near:?} is present: did you mean {field:?}?"
                ));
            }
            return f;
        }
        let summary = if body.header.is_some() {
            BLOCK_SUMMARY
        } else {
            BODY_SUMMARY
        };
        self.place(&body.missing, summary)
    }

    /// Places an unknown field at the key that names it.
    fn at_key(mut self, entry: &Entry, label: bool) -> Failure {
        if self.placed() {
            return self;
        }
        let Kind::UnknownField { field, expected } = &self.0.kind else {
            return self;
        };
        let d = if label {
            let mut d = Diagnostic::error("Unsupported label")
                .with_detail(format!("{}.", unknown_field_message(field, expected)));
            if let Some(near) = suggestion(field, expected.iter().copied()) {
                d.detail = format!("{} Did you mean {near:?}?", d.detail).into();
            }
            d
        } else if matches!(entry.node, Node::Attribute { .. }) {
            let schema = expected.iter().fold(BodySchema::new(), |s, name| {
                s.attribute(AttributeSchema::optional(*name))
            });
            unexpected_attribute(field, entry.key_range.clone(), &schema, &Attributes::new())
        } else {
            let schema = expected.iter().fold(BodySchema::new(), |s, name| {
                s.block(BlockHeaderSchema::new(*name))
            });
            unexpected_block(field, entry.key_range.clone(), &schema)
        };
        self.0.summary = d.summary.into_owned();
        self.0.message = d.detail.into_owned();
        self.0.subject = Some(entry.key_range.clone());
        self
    }

    /// The diagnostic: the path, then the message, then the hint.
    fn into_diagnostic(self) -> Diagnostic {
        let Inner {
            summary,
            message,
            hint,
            path,
            subject,
            context,
            ..
        } = *self.0;
        let path = path.to_string();
        let path = path.strip_prefix('.').unwrap_or(&path);
        let mut detail = if path.is_empty() {
            message
        } else {
            format!("{path}: {message}")
        };
        if !detail.ends_with(['.', '?', '!']) {
            detail.push('.');
        }
        if let Some(hint) = hint {
            detail.push(' ');
            detail.push_str(&hint);
        }
        let mut d = Diagnostic::error(summary).with_detail(detail);
        if let Some(subject) = subject {
            d = d.with_subject(subject);
        }
        if let Some(context) = context {
            d = d.with_context(context);
        }
        d
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for Failure {}

impl de::Error for Failure {
    fn custom<M: fmt::Display>(msg: M) -> Failure {
        Failure::new(Kind::Other, msg.to_string())
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Failure {
        Failure::new(
            Kind::UnknownField {
                field: field.to_owned(),
                expected,
            },
            unknown_field_message(field, expected),
        )
    }

    fn missing_field(field: &'static str) -> Failure {
        Failure::new(
            Kind::MissingField(field),
            format!("missing field `{field}`"),
        )
    }
}

/// What a deserializer stands on.
#[derive(Clone, Copy)]
enum Ref<'a> {
    Body(&'a BodyNode),
    Labels(&'a LabelsNode),
    Blocks(&'a [BodyNode]),
    Value(&'a Value, &'a DynExpression),
}

impl<'a> Ref<'a> {
    fn of(node: &'a Node) -> Ref<'a> {
        match node {
            Node::Attribute { value, expr } => Ref::Value(value, expr),
            Node::Block(body) => Ref::Body(body),
            Node::Labels(level) => Ref::Labels(level),
            Node::Blocks(all) => Ref::Blocks(all),
        }
    }
}

/// The deserializer of a node; `place` is the range of the key that leads
/// to it (for errors of a label level or a sequence of blocks).
#[derive(Clone, Copy)]
struct NodeDe<'a> {
    node: Ref<'a>,
    place: &'a Range,
}

impl<'a> NodeDe<'a> {
    fn of(entry: &'a Entry) -> NodeDe<'a> {
        NodeDe {
            node: Ref::of(&entry.node),
            place: &entry.key_range,
        }
    }

    /// The error for a request a non-value node cannot meet.
    fn invalid<V: de::Expected>(&self, visitor: &V) -> Failure {
        let unexpected = match self.node {
            Ref::Blocks(_) => Unexpected::Seq,
            _ => Unexpected::Map,
        };
        self.placed(de::Error::invalid_type(unexpected, visitor))
    }

    fn placed(&self, e: Failure) -> Failure {
        match self.node {
            Ref::Body(body) => e.at_body(body),
            _ => e.place(self.place, BLOCK_SUMMARY),
        }
    }

    fn visit_map<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Failure> {
        let result = match self.node {
            Ref::Body(body) => visitor.visit_map(Entries {
                entries: &body.entries,
                next: 0,
                labels: false,
            }),
            Ref::Labels(level) => visitor.visit_map(Entries {
                entries: &level.entries,
                next: 0,
                labels: true,
            }),
            _ => return Err(self.invalid(&visitor)),
        };
        result.map_err(|e| self.placed(e))
    }
}

/// Forwards a request to the value, or refuses it for anything else.
macro_rules! forward {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Failure> {
            match self.node {
                Ref::Value(value, expr) => ValueDeserializer::new(value)
                    .$method($($arg,)* visitor)
                    .map_err(|e| Failure::at_value(e, expr)),
                _ => Err(self.invalid(&visitor)),
            }
        }
    )*};
}

impl<'de> Deserializer<'de> for NodeDe<'de> {
    type Error = Failure;

    forward! {
        deserialize_bool();
        deserialize_i8();
        deserialize_i16();
        deserialize_i32();
        deserialize_i64();
        deserialize_i128();
        deserialize_u8();
        deserialize_u16();
        deserialize_u32();
        deserialize_u64();
        deserialize_u128();
        deserialize_f32();
        deserialize_f64();
        deserialize_char();
        deserialize_str();
        deserialize_string();
        deserialize_bytes();
        deserialize_byte_buf();
        deserialize_unit();
        deserialize_unit_struct(name: &'static str);
        deserialize_identifier();
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.node {
            Ref::Value(value, expr) => ValueDeserializer::new(value)
                .deserialize_any(visitor)
                .map_err(|e| Failure::at_value(e, expr)),
            Ref::Blocks(all) => self.blocks(all, visitor),
            _ => self.visit_map(visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.node {
            Ref::Value(value, expr) => ValueDeserializer::new(value)
                .deserialize_option(visitor)
                .map_err(|e| Failure::at_value(e, expr)),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Failure> {
        match self.node {
            Ref::Value(value, expr) => ValueDeserializer::new(value)
                .deserialize_newtype_struct(name, visitor)
                .map_err(|e| Failure::at_value(e, expr)),
            _ => visitor.visit_newtype_struct(self),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.node {
            Ref::Value(value, expr) => ValueDeserializer::new(value)
                .deserialize_seq(visitor)
                .map_err(|e| Failure::at_value(e, expr)),
            Ref::Blocks(all) => self.blocks(all, visitor),
            // One block where a sequence is wanted: a sequence of one.
            Ref::Body(body) if body.header.is_some() => {
                self.blocks(std::slice::from_ref(body), visitor)
            }
            _ => Err(self.invalid(&visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Failure> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Failure> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        match self.node {
            Ref::Value(value, expr) => ValueDeserializer::new(value)
                .deserialize_map(visitor)
                .map_err(|e| Failure::at_value(e, expr)),
            _ => self.visit_map(visitor),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Failure> {
        match self.node {
            Ref::Value(value, expr) => ValueDeserializer::new(value)
                .deserialize_struct(name, fields, visitor)
                .map_err(|e| Failure::at_value(e, expr)),
            Ref::Blocks(all) => Err(duplicate_block(all, self.place)),
            _ => self.visit_map(visitor),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Failure> {
        let entries = match self.node {
            Ref::Value(value, expr) => {
                return ValueDeserializer::new(value)
                    .deserialize_enum(name, variants, visitor)
                    .map_err(|e| Failure::at_value(e, expr));
            }
            Ref::Body(body) => &body.entries,
            Ref::Labels(level) => &level.entries,
            Ref::Blocks(_) => return Err(self.invalid(&visitor)),
        };
        match entries.as_slice() {
            [entry] => visitor
                .visit_enum(OneEntry { entry })
                .map_err(|e| self.placed(e)),
            _ => Err(self.placed(de::Error::custom(
                "an enum is a string (its variant) or one item named by the variant",
            ))),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        visitor.visit_unit()
    }
}

impl<'de> NodeDe<'de> {
    fn blocks<V: Visitor<'de>>(
        self,
        all: &'de [BodyNode],
        visitor: V,
    ) -> Result<V::Value, Failure> {
        visitor
            .visit_seq(Blocks { all, next: 0 })
            .map_err(|e| e.place(self.place, BLOCK_SUMMARY))
    }
}

/// Several blocks where one is wanted: at the second one.
fn duplicate_block(all: &[BodyNode], place: &Range) -> Failure {
    let second = all.get(1).and_then(|b| b.header.clone());
    let mut f = Failure::new(
        Kind::Other,
        format!(
            "{} blocks of this type and labels are written, but only one is expected here",
            all.len()
        ),
    );
    f.0.summary = "Duplicate block".to_owned();
    f.0.subject = Some(second.unwrap_or_else(|| place.clone()));
    f
}

fn index(i: usize) -> PathStep {
    PathStep::Index(Value::number(Number::from(i)))
}

/// The entries of a body or of a label level.
struct Entries<'a> {
    entries: &'a [Entry],
    next: usize,
    labels: bool,
}

impl<'a> Entries<'a> {
    fn step(&self, entry: &Entry) -> PathStep {
        if self.labels {
            PathStep::Index(Value::string(entry.key.as_str()))
        } else {
            PathStep::Attr(entry.key.clone())
        }
    }
}

impl<'de> MapAccess<'de> for Entries<'de> {
    type Error = Failure;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Failure> {
        let Some(entry) = self.entries.get(self.next) else {
            return Ok(None);
        };
        let key: de::value::StrDeserializer<'_, Failure> = entry.key.as_str().into_deserializer();
        seed.deserialize(key)
            .map(Some)
            .map_err(|e| e.at_key(entry, self.labels))
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Failure> {
        let Some(entry) = self.entries.get(self.next) else {
            return Err(de::Error::custom("a map value was asked for past the end"));
        };
        self.next += 1;
        super::deeper(|| seed.deserialize(NodeDe::of(entry)))
            .map_err(|e| e.within(self.step(entry)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len() - self.next)
    }
}

/// Blocks as a sequence.
struct Blocks<'a> {
    all: &'a [BodyNode],
    next: usize,
}

impl<'de> SeqAccess<'de> for Blocks<'de> {
    type Error = Failure;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Failure> {
        let Some(body) = self.all.get(self.next) else {
            return Ok(None);
        };
        let i = self.next;
        self.next += 1;
        let de = NodeDe {
            node: Ref::Body(body),
            place: &body.missing,
        };
        super::deeper(|| seed.deserialize(de))
            .map(Some)
            .map_err(|e| e.within(index(i)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.all.len() - self.next)
    }
}

/// A map of one entry as an enum: the key names the variant.
struct OneEntry<'a> {
    entry: &'a Entry,
}

impl<'de> EnumAccess<'de> for OneEntry<'de> {
    type Error = Failure;
    type Variant = Self;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Failure> {
        let key: de::value::StrDeserializer<'_, Failure> =
            self.entry.key.as_str().into_deserializer();
        let v = seed
            .deserialize(key)
            .map_err(|e| e.place(&self.entry.key_range, BLOCK_SUMMARY))?;
        Ok((v, self))
    }
}

impl<'de> VariantAccess<'de> for OneEntry<'de> {
    type Error = Failure;

    fn unit_variant(self) -> Result<(), Failure> {
        match self.entry.node {
            Node::Attribute { ref value, .. } if value.is_null() => Ok(()),
            _ => Err(de::Error::custom("a unit variant has no content"))
                .map_err(|e: Failure| e.place(&self.entry.key_range, BLOCK_SUMMARY)),
        }
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, Failure> {
        let step = PathStep::Attr(self.entry.key.clone());
        seed.deserialize(NodeDe::of(self.entry))
            .map_err(|e| e.within(step))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Failure> {
        let step = PathStep::Attr(self.entry.key.clone());
        NodeDe::of(self.entry)
            .deserialize_seq(visitor)
            .map_err(|e| e.within(step))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Failure> {
        let step = PathStep::Attr(self.entry.key.clone());
        NodeDe::of(self.entry)
            .deserialize_struct("", fields, visitor)
            .map_err(|e| e.within(step))
    }
}
