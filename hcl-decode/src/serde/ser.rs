//! `Serialize` values written as HCL ([`super::to_string`]): the value
//! built as a [`Value`] (serde's data model as the JSON syntax reads it:
//! sequences as tuples, maps and structs as objects, enums externally
//! tagged), then written through the [`BodyEncoder`]: a nested map as a
//! block where [`from_str`](super::from_str) reads the block back as the
//! same value, anything else as an attribute.

use std::fmt;

use ::serde::ser::{self, Serialize};
use hcl_core::{Number, PathStep, Type, Value};

use crate::encode::{BodyEncoder, EncodeError};

impl ser::Error for EncodeError {
    fn custom<T: fmt::Display>(msg: T) -> EncodeError {
        EncodeError::new(msg.to_string())
    }
}

/// The value `value` serializes to.
pub(crate) fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, EncodeError> {
    value.serialize(ValueSerializer)
}

/// Writes an object's attributes as a body.
pub(crate) fn write_body(body: &mut BodyEncoder<'_>, object: &Value) -> Result<(), EncodeError> {
    let Some(attributes) = object.attributes().filter(|_| !object.is_null()) else {
        return Err(EncodeError::new(format!(
            "a body is written from a map or a struct, not from {}",
            object.ty().friendly_name()
        )));
    };
    for (name, value) in attributes {
        if blockable(name, value) {
            body.block(name, &[], |inner| write_body(inner, value))?;
        } else if let Some(items) = blocks(name, value) {
            for item in items {
                body.block(name, &[], |inner| write_body(inner, item))?;
            }
        } else {
            body.attribute(name, value)?;
        }
    }
    Ok(())
}

/// Whether `value` under `name` reads back the same written as a block:
/// an object whose keys can all be written in a body.
fn blockable(name: &str, value: &Value) -> bool {
    hcl_core::native::is_identifier(name)
        && !value.is_null()
        && value.is_known()
        && matches!(value.ty(), Type::Object(_) | Type::Map(_))
        && value
            .attributes()
            .is_some_and(|a| a.keys().all(|k| hcl_core::native::is_identifier(k)))
}

/// Two or more blockable objects: repeated blocks read back as the same
/// sequence (one block would read back as a map).
fn blocks<'a>(name: &str, value: &'a Value) -> Option<&'a [Value]> {
    let items = value
        .elements()
        .filter(|_| value.is_known() && !value.is_null())?;
    (matches!(value.ty(), Type::Tuple(_) | Type::List(_))
        && items.len() >= 2
        && items.iter().all(|v| blockable(name, v)))
    .then_some(items)
}

struct ValueSerializer;

fn number(n: impl Into<Number>) -> Result<Value, EncodeError> {
    Ok(Value::number(n))
}

fn float(v: f64) -> Result<Value, EncodeError> {
    Number::from_f64_shortest(v)
        .map(Value::number)
        .ok_or_else(|| EncodeError::new("NaN is not a number HCL can write"))
}

fn tagged(variant: &str, value: Value) -> Value {
    Value::object([(variant, value)])
}

impl ser::Serializer for ValueSerializer {
    type Ok = Value;
    type Error = EncodeError;
    type SerializeSeq = Seq;
    type SerializeTuple = Seq;
    type SerializeTupleStruct = Seq;
    type SerializeTupleVariant = Seq;
    type SerializeMap = Object;
    type SerializeStruct = Object;
    type SerializeStructVariant = Object;

    fn serialize_bool(self, v: bool) -> Result<Value, EncodeError> {
        Ok(Value::bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Value, EncodeError> {
        number(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Value, EncodeError> {
        number(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Value, EncodeError> {
        number(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Value, EncodeError> {
        number(v)
    }
    fn serialize_i128(self, v: i128) -> Result<Value, EncodeError> {
        number(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Value, EncodeError> {
        number(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Value, EncodeError> {
        number(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Value, EncodeError> {
        number(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Value, EncodeError> {
        number(v)
    }
    fn serialize_u128(self, v: u128) -> Result<Value, EncodeError> {
        number(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Value, EncodeError> {
        float(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Value, EncodeError> {
        float(v)
    }
    fn serialize_char(self, v: char) -> Result<Value, EncodeError> {
        Ok(Value::string(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Value, EncodeError> {
        Ok(Value::string(v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, EncodeError> {
        Ok(Value::tuple(v.iter().map(|b| Value::number(*b))))
    }
    fn serialize_none(self) -> Result<Value, EncodeError> {
        Ok(Value::null(Type::Dynamic))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, EncodeError> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, EncodeError> {
        Ok(Value::null(Type::Dynamic))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Value, EncodeError> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Value, EncodeError> {
        Ok(Value::string(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Value, EncodeError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value, EncodeError> {
        let inner = value
            .serialize(ValueSerializer)
            .map_err(|e| e.within(PathStep::Attr(variant.to_owned())))?;
        Ok(tagged(variant, inner))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq, EncodeError> {
        Ok(Seq {
            items: Vec::with_capacity(len.unwrap_or(0)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq, EncodeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Seq, EncodeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Seq, EncodeError> {
        Ok(Seq {
            items: Vec::with_capacity(len),
            variant: Some(variant),
        })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Object, EncodeError> {
        Ok(Object::default())
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Object, EncodeError> {
        Ok(Object::default())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Object, EncodeError> {
        Ok(Object {
            variant: Some(variant),
            ..Object::default()
        })
    }
}

struct Seq {
    items: Vec<Value>,
    variant: Option<&'static str>,
}

impl Seq {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), EncodeError> {
        let i = self.items.len();
        let v = value
            .serialize(ValueSerializer)
            .map_err(|e| e.within(PathStep::Index(Value::number(Number::from(i)))))?;
        self.items.push(v);
        Ok(())
    }

    fn done(self) -> Result<Value, EncodeError> {
        let tuple = Value::tuple(self.items);
        Ok(match self.variant {
            Some(variant) => tagged(variant, tuple),
            None => tuple,
        })
    }
}

impl ser::SerializeSeq for Seq {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), EncodeError> {
        self.push(value)
    }
    fn end(self) -> Result<Value, EncodeError> {
        self.done()
    }
}

impl ser::SerializeTuple for Seq {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), EncodeError> {
        self.push(value)
    }
    fn end(self) -> Result<Value, EncodeError> {
        self.done()
    }
}

impl ser::SerializeTupleStruct for Seq {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), EncodeError> {
        self.push(value)
    }
    fn end(self) -> Result<Value, EncodeError> {
        self.done()
    }
}

impl ser::SerializeTupleVariant for Seq {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), EncodeError> {
        self.push(value)
    }
    fn end(self) -> Result<Value, EncodeError> {
        self.done()
    }
}

#[derive(Default)]
struct Object {
    entries: Vec<(String, Value)>,
    key: Option<String>,
    variant: Option<&'static str>,
}

impl Object {
    fn insert<T: Serialize + ?Sized>(&mut self, key: String, value: &T) -> Result<(), EncodeError> {
        let v = value
            .serialize(ValueSerializer)
            .map_err(|e| e.within(PathStep::Attr(key.clone())))?;
        self.entries.push((key, v));
        Ok(())
    }

    fn done(self) -> Result<Value, EncodeError> {
        let object = Value::object(self.entries);
        Ok(match self.variant {
            Some(variant) => tagged(variant, object),
            None => object,
        })
    }
}

impl ser::SerializeMap for Object {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), EncodeError> {
        let key = key.serialize(ValueSerializer)?;
        let text = match key.as_str() {
            Some(s) => s.to_owned(),
            None if key.as_number().is_some() || key.as_bool().is_some() => {
                key.to_string().trim_matches('"').to_owned()
            }
            None => return Err(EncodeError::new("a map key must be a string")),
        };
        self.key = Some(text);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), EncodeError> {
        let key = self.key.take().unwrap_or_default();
        self.insert(key, value)
    }
    fn end(self) -> Result<Value, EncodeError> {
        self.done()
    }
}

impl ser::SerializeStruct for Object {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), EncodeError> {
        self.insert(key.to_owned(), value)
    }
    fn end(self) -> Result<Value, EncodeError> {
        self.done()
    }
}

impl ser::SerializeStructVariant for Object {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), EncodeError> {
        self.insert(key.to_owned(), value)
    }
    fn end(self) -> Result<Value, EncodeError> {
        self.done()
    }
}
