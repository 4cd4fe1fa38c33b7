//! Values to serde: [`ValueDeserializer`], a serde `Deserializer` over a
//! [`Value`], the one home of the value-to-serde mapping. The body-level
//! deserializer ([`from_str`](super::from_str) and its siblings) reads
//! every attribute's value through it, and so does a derived struct's
//! field of type [`Serde<T>`] (or of type `T` with
//! `#[hcl(with = hcl_decode::serde::from_value)]`).
//!
//! What `T` asks for guides conversion by the core's rules: a `u16` asked
//! of the string `"8080"` converts it to a number first, a `String` asked
//! of `true` gives `"true"`. Errors carry the path inside the value.
//!
//! ```
//! use hcl_decode::{HclBody, Serde};
//! use serde::Deserialize;
//!
//! #[derive(Deserialize, Debug, PartialEq)]
//! #[serde(rename_all = "lowercase")]
//! enum Level {
//!     Debug,
//!     Info,
//! }
//!
//! #[derive(Deserialize, Debug)]
//! struct Retry {
//!     attempts: u8,
//!     backoff: Vec<f64>,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Config {
//!     level: Serde<Level>,
//!     #[hcl(with = hcl_decode::serde::from_value)]
//!     retry: Retry,
//! }
//!
//! let src = "level = \"info\"\nretry = { attempts = \"3\", backoff = [0.5, 1] }\n";
//! let config: Config = hcl_decode::from_str(src, "app.hcl").unwrap();
//! assert_eq!(*config.level, Level::Info);
//! assert_eq!(config.retry.attempts, 3);
//!
//! let err = hcl_decode::from_str::<Config>(
//!     "level = \"loud\"\nretry = { attempts = 3, backoff = [\"x\"] }\n",
//!     "app.hcl",
//! )
//! .unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "app.hcl:1,9-15: Invalid attribute value; Inappropriate value for attribute \"level\": unknown variant `loud`, expected `debug` or `info`.\n\
//!      app.hcl:2,36-39: Incorrect attribute value type; Inappropriate value for attribute \"retry\": .backoff[0]: a number is required."
//! );
//! ```

use std::fmt;
use std::ops::{Deref, DerefMut};

use ::serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess,
    SeqAccess, VariantAccess, Visitor,
};
use hcl_core::convert::convert;
use hcl_core::{Number, PathStep, Range, Type, Value};

use crate::error::FromValueError;
use crate::target::FromValue;

/// A `serde::de::DeserializeOwned` type as a decoding target: decoded from
/// the value by serde, through [`ValueDeserializer`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Serde<T>(pub T);

impl<T> Serde<T> {
    /// The decoded value.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for Serde<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Serde<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// Any value: serde's requests guide the conversions.
impl<T: DeserializeOwned> FromValue for Serde<T> {
    fn hcl_type() -> Type {
        Type::Dynamic
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        from_value(value, range).map(Serde)
    }
}

/// Decodes a value into any `serde::de::DeserializeOwned` type: the
/// function for `#[hcl(with = hcl_decode::serde::from_value)]`.
pub fn from_value<T: DeserializeOwned>(value: &Value, _range: &Range) -> Result<T, FromValueError> {
    T::deserialize(ValueDeserializer::new(value)).map_err(|e| e.0)
}

/// The error of [`ValueDeserializer`]: a [`FromValueError`] (with the path
/// inside the value).
#[derive(Clone, Debug, PartialEq)]
pub struct DeError(pub FromValueError);

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<M: fmt::Display>(msg: M) -> Self {
        DeError(FromValueError::new(msg.to_string()))
    }

    /// serde's message, and "Did you mean" when a field is named closely.
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        let mut e = FromValueError::new(unknown_field_message(field, expected));
        if let Some(near) = hcl_core::suggestion(field, expected.iter().copied()) {
            e = e.with_hint(format!("Did you mean {near:?}?"));
        }
        DeError(e)
    }
}

/// serde's wording for an unknown field: "unknown field `x`, expected `a`
/// or `b`".
pub(crate) fn unknown_field_message(field: &str, expected: &[&str]) -> String {
    let names: Vec<String> = expected.iter().map(|n| format!("`{n}`")).collect();
    match names.as_slice() {
        [] => format!("unknown field `{field}`, there are no fields"),
        [one] => format!("unknown field `{field}`, expected {one}"),
        [a, b] => format!("unknown field `{field}`, expected {a} or {b}"),
        all => format!(
            "unknown field `{field}`, expected one of {}",
            all.join(", ")
        ),
    }
}

impl DeError {
    fn within(self, step: PathStep) -> DeError {
        DeError(self.0.within(step))
    }
}

/// A serde `Deserializer` over a [`Value`].
///
/// `deserialize_any` gives the value as it is (null as unit, a whole
/// number as an integer, other numbers as `f64`, lists, sets and tuples as
/// sequences, maps and objects as maps). The typed requests convert first,
/// by the core's rules: `deserialize_u16` of `"8080"` gives 8080,
/// `deserialize_string` of `5` gives `"5"`. Enums are a string (unit
/// variant) or an object of one attribute (the variant and its content).
/// Unknown values are an error.
#[derive(Clone, Copy, Debug)]
pub struct ValueDeserializer<'a> {
    value: &'a Value,
}

impl<'a> ValueDeserializer<'a> {
    /// A deserializer of `value`.
    pub fn new(value: &'a Value) -> ValueDeserializer<'a> {
        ValueDeserializer { value }
    }

    fn known(&self) -> Result<&'a Value, DeError> {
        if self.value.is_known() {
            Ok(self.value)
        } else {
            Err(DeError(FromValueError::unknown()))
        }
    }

    fn converted(&self, ty: &Type) -> Result<Value, DeError> {
        let v = self.known()?;
        if v.is_null() {
            return Err(DeError(FromValueError::null()));
        }
        convert(v, ty).map_err(|e| DeError(FromValueError::conversion(e)))
    }

    fn number(&self) -> Result<Number, DeError> {
        let v = self.converted(&Type::Number)?;
        v.as_number()
            .cloned()
            .ok_or_else(|| DeError(FromValueError::unknown()))
    }
}

fn index(i: usize) -> PathStep {
    PathStep::Index(Value::number(Number::from(i)))
}

macro_rules! deserialize_integer {
    ($($method:ident => $to:ident, $visit:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
            let n = self.number()?;
            let v = n.$to().map_err(|e| DeError(FromValueError::from(e)))?;
            visitor.$visit(v)
        }
    )*};
}

impl<'de> Deserializer<'de> for ValueDeserializer<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let v = self.known()?;
        if v.is_null() {
            return visitor.visit_unit();
        }
        match v.ty() {
            Type::Bool => visitor.visit_bool(v.is_true()),
            Type::Number => {
                let n = v.as_number().cloned().unwrap_or_default();
                if let Ok(i) = n.to_i64() {
                    visitor.visit_i64(i)
                } else if let Ok(u) = n.to_u64() {
                    visitor.visit_u64(u)
                } else if let Ok(i) = n.to_i128() {
                    visitor.visit_i128(i)
                } else if let Ok(u) = n.to_u128() {
                    visitor.visit_u128(u)
                } else {
                    visitor.visit_f64(n.to_f64())
                }
            }
            Type::String => visitor.visit_str(v.as_str().unwrap_or_default()),
            Type::List(_) | Type::Set(_) | Type::Tuple(_) => visitor.visit_seq(Seq {
                elements: v.elements().unwrap_or_default(),
                next: 0,
            }),
            Type::Map(_) | Type::Object(_) => visitor.visit_map(Map {
                entries: v
                    .attributes()
                    .map(|a| a.iter().collect())
                    .unwrap_or_default(),
                next: 0,
            }),
            Type::Capsule(c) => Err(DeError(FromValueError::new(format!(
                "a value of capsule type {} cannot be deserialized",
                c.name()
            )))),
            Type::Dynamic => visitor.visit_unit(),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let v = self.converted(&Type::Bool)?;
        visitor.visit_bool(v.is_true())
    }

    deserialize_integer! {
        deserialize_i8 => to_i8, visit_i8;
        deserialize_i16 => to_i16, visit_i16;
        deserialize_i32 => to_i32, visit_i32;
        deserialize_i64 => to_i64, visit_i64;
        deserialize_i128 => to_i128, visit_i128;
        deserialize_u8 => to_u8, visit_u8;
        deserialize_u16 => to_u16, visit_u16;
        deserialize_u32 => to_u32, visit_u32;
        deserialize_u64 => to_u64, visit_u64;
        deserialize_u128 => to_u128, visit_u128;
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_f32(self.number()?.to_f32())
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_f64(self.number()?.to_f64())
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_string(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_string(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let v = self.converted(&Type::String)?;
        visitor.visit_str(v.as_str().unwrap_or_default())
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let v = self.converted(&Type::String)?;
        visitor.visit_bytes(v.as_str().unwrap_or_default().as_bytes())
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        if self.known()?.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        if self.known()?.is_null() {
            visitor.visit_unit()
        } else {
            Err(DeError(FromValueError::new("null is required")))
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let v = self.known()?;
        match v.elements() {
            Some(elements) if !v.is_null() => visitor.visit_seq(Seq { elements, next: 0 }),
            _ if v.is_null() => Err(DeError(FromValueError::null())),
            _ => Err(DeError(FromValueError::new(format!(
                "a list is required, not {}",
                v.ty().friendly_name()
            )))),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let v = self.known()?;
        match v.attributes() {
            Some(a) if !v.is_null() => visitor.visit_map(Map {
                entries: a.iter().collect(),
                next: 0,
            }),
            _ if v.is_null() => Err(DeError(FromValueError::null())),
            _ => Err(DeError(FromValueError::new(format!(
                "an object is required, not {}",
                v.ty().friendly_name()
            )))),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        let v = self.known()?;
        if v.ty() == &Type::String && !v.is_null() {
            let name = v.as_str().unwrap_or_default().to_owned();
            return visitor.visit_enum(name.into_deserializer());
        }
        match v.attributes() {
            Some(a) if a.len() == 1 && !v.is_null() => {
                let (variant, content) = a
                    .iter()
                    .next()
                    .map(|(k, v)| (k.as_str(), v))
                    .unwrap_or(("", v));
                visitor.visit_enum(Enum { variant, content })
            }
            _ => Err(DeError(FromValueError::new(
                "an enum is a string (its variant) or an object with one attribute (the variant and its content)",
            ))),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_string(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }
}

impl<'de> IntoDeserializer<'de, DeError> for ValueDeserializer<'_> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

struct Seq<'a> {
    elements: &'a [Value],
    next: usize,
}

impl<'de> SeqAccess<'de> for Seq<'_> {
    type Error = DeError;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, DeError> {
        let Some(e) = self.elements.get(self.next) else {
            return Ok(None);
        };
        let i = self.next;
        self.next += 1;
        crate::serde::deeper(|| seed.deserialize(ValueDeserializer::new(e)))
            .map(Some)
            .map_err(|err| err.within(index(i)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.elements.len() - self.next)
    }
}

struct Map<'a> {
    entries: Vec<(&'a String, &'a Value)>,
    next: usize,
}

impl<'de> MapAccess<'de> for Map<'_> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        let Some((k, _)) = self.entries.get(self.next) else {
            return Ok(None);
        };
        let key: de::value::StrDeserializer<'_, DeError> = k.as_str().into_deserializer();
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, DeError> {
        let Some((k, v)) = self.entries.get(self.next) else {
            return Err(de::Error::custom("a map value was asked for past the end"));
        };
        self.next += 1;
        crate::serde::deeper(|| seed.deserialize(ValueDeserializer::new(v)))
            .map_err(|err| err.within(PathStep::Attr((*k).clone())))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len() - self.next)
    }
}

struct Enum<'a> {
    variant: &'a str,
    content: &'a Value,
}

impl<'de, 'a> EnumAccess<'de> for Enum<'a> {
    type Error = DeError;
    type Variant = Variant<'a>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Variant<'a>), DeError> {
        let name: de::value::StrDeserializer<'_, DeError> = self.variant.into_deserializer();
        let v = seed.deserialize(name)?;
        Ok((
            v,
            Variant {
                variant: self.variant,
                content: self.content,
            },
        ))
    }
}

struct Variant<'a> {
    variant: &'a str,
    content: &'a Value,
}

impl Variant<'_> {
    fn step(&self) -> PathStep {
        PathStep::Attr(self.variant.to_owned())
    }
}

impl<'de> VariantAccess<'de> for Variant<'_> {
    type Error = DeError;

    fn unit_variant(self) -> Result<(), DeError> {
        if self.content.is_null() {
            Ok(())
        } else {
            Err(DeError(FromValueError::new("a unit variant has no content")).within(self.step()))
        }
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, DeError> {
        let step = self.step();
        seed.deserialize(ValueDeserializer::new(self.content))
            .map_err(|e| e.within(step))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, DeError> {
        let step = self.step();
        ValueDeserializer::new(self.content)
            .deserialize_seq(visitor)
            .map_err(|e| e.within(step))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        let step = self.step();
        ValueDeserializer::new(self.content)
            .deserialize_map(visitor)
            .map_err(|e| e.within(step))
    }
}
