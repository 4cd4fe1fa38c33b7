//! `Serialize` and `Deserialize` for [`Value`] (the optional `serde`
//! feature).
//!
//! A value serializes as the data it holds: null as a unit (`null` in
//! JSON), a bool as a bool, a number as an integer when it is a whole number
//! that fits 128 bits and as the nearest `f64` otherwise, a string as a
//! string, a list, set or tuple as a sequence, a map or object as a map with
//! string keys. Unknown values and capsules cannot be serialized (an error).
//!
//! Deserializing builds the value the data describes, as the JSON syntax
//! would: a sequence becomes a tuple, a map an object (keys must be
//! strings), a unit or `None` the null value of the dynamic pseudo-type.
//! A floating-point NaN is an error (HCL numbers have none).
//!
//! Decoding a value *into* a `serde::Deserialize` type is the job of
//! `hcl-decode`'s serde bridge.
//!
//! ```
//! use hcl_core::Value;
//! use serde::Deserialize;
//! use serde::de::value::{Error, SeqDeserializer};
//!
//! let de: SeqDeserializer<_, Error> = SeqDeserializer::new(vec![1i64, 2].into_iter());
//! let value = Value::deserialize(de).unwrap();
//! assert_eq!(value, Value::tuple([Value::number(1), Value::number(2)]));
//! ```

use std::fmt;

use ::serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use ::serde::ser::{self, Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::number::Number;
use crate::ty::Type;
use crate::value::Value;

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if !self.is_known() {
            return Err(ser::Error::custom("an unknown value cannot be serialized"));
        }
        if self.is_null() {
            return serializer.serialize_unit();
        }
        match self.ty() {
            Type::Bool => serializer.serialize_bool(self.is_true()),
            Type::Number => match self.as_number() {
                Some(n) => serialize_number(n, serializer),
                None => Err(ser::Error::custom("malformed number value")),
            },
            Type::String => serializer.serialize_str(self.as_str().unwrap_or_default()),
            Type::List(_) | Type::Set(_) | Type::Tuple(_) => {
                let elements = self.elements().unwrap_or_default();
                let mut seq = serializer.serialize_seq(Some(elements.len()))?;
                for e in elements {
                    seq.serialize_element(e)?;
                }
                seq.end()
            }
            Type::Map(_) | Type::Object(_) => {
                let mut map = serializer.serialize_map(self.len())?;
                if let Some(attributes) = self.attributes() {
                    for (k, v) in attributes {
                        map.serialize_entry(k, v)?;
                    }
                }
                map.end()
            }
            Type::Capsule(c) => Err(ser::Error::custom(format!(
                "a value of capsule type {} cannot be serialized",
                c.name()
            ))),
            Type::Dynamic => serializer.serialize_unit(),
        }
    }
}

fn serialize_number<S: Serializer>(n: &Number, serializer: S) -> Result<S::Ok, S::Error> {
    if let Ok(v) = n.to_i64() {
        serializer.serialize_i64(v)
    } else if let Ok(v) = n.to_u64() {
        serializer.serialize_u64(v)
    } else if let Ok(v) = n.to_i128() {
        serializer.serialize_i128(v)
    } else if let Ok(v) = n.to_u128() {
        serializer.serialize_u128(v)
    } else {
        serializer.serialize_f64(n.to_f64())
    }
}

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_number(self, serializer)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any HCL value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::number(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::number(v))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Ok(Value::number(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Ok(Value::number(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Number::from_f64(v)
            .map(Value::number)
            .ok_or_else(|| E::custom("NaN is not a number HCL can represent"))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::string(v))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::string(v))
    }

    fn visit_char<E: de::Error>(self, v: char) -> Result<Value, E> {
        Ok(Value::string(v.to_string()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::null(Type::Dynamic))
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::null(Type::Dynamic))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        Value::deserialize(deserializer)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Value, D::Error> {
        Value::deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut elements = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(e) = seq.next_element::<Value>()? {
            elements.push(e);
        }
        Ok(Value::tuple(elements))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut attributes = Vec::new();
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            attributes.push((k, v));
        }
        Ok(Value::object(attributes))
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::serde::de::value::{Error, MapDeserializer, SeqDeserializer};

    #[test]
    fn deserializes_sequences_as_tuples_and_maps_as_objects() {
        let seq: SeqDeserializer<_, Error> = SeqDeserializer::new(vec!["a", "b"].into_iter());
        assert_eq!(
            Value::deserialize(seq).ok(),
            Some(Value::tuple([Value::string("a"), Value::string("b")]))
        );
        let map: MapDeserializer<'_, _, Error> =
            MapDeserializer::new(vec![("port", 80i64), ("replicas", 3)].into_iter());
        assert_eq!(
            Value::deserialize(map).ok(),
            Some(Value::object([
                ("port", Value::number(80)),
                ("replicas", Value::number(3))
            ]))
        );
        let nan: Result<Value, Error> = ValueVisitor.visit_f64(f64::NAN);
        assert!(nan.is_err());
    }
}
