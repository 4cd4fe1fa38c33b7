//! Native targets: the Rust types an attribute's value decodes into.
//!
//! Every target implements [`FromValue`]: it declares the HCL type it
//! accepts ([`FromValue::hcl_type`]), the value is converted to that type
//! by the core's rules first ([`hcl_core::convert::convert`], so
//! `port = "8080"` fills a `u16`), and only then extracted
//! ([`FromValue::from_value`]). [`decode_value`] does both steps.
//!
//! | Rust type | HCL type | notes |
//! |---|---|---|
//! | `String`, `Box<str>`, `Arc<str>` | `string` | |
//! | `PathBuf` | `string` | as written (a relative path is not resolved) |
//! | `bool` | `bool` | |
//! | `i8` … `i128`, `isize`, `u8` … `u128`, `usize` | `number` | whole numbers in range, else "value must be a whole number, between 0 and 255 inclusive" |
//! | `f32`, `f64` | `number` | the nearest float |
//! | [`num_bigint::BigInt`] | `number` | whole numbers of any size |
//! | [`Number`] | `number` | exact |
//! | `Vec<T>`, `VecDeque<T>` | `list(T)` | |
//! | `HashSet<T>`, `BTreeSet<T>` | `set(T)` | |
//! | `HashMap<String, T>`, `BTreeMap<String, T>` | `map(T)` | |
//! | `Option<T>` | `T` | `null` is `None` |
//! | `(A,)` … `(A, B, C, D, E, F, G, H)` | `tuple([A, …])` | |
//! | `Box<T>`, `Arc<T>`, `Rc<T>` | `T` | |
//! | `Rc<str>`, `Cow<'static, str>` | `string` | (`Cow::Owned`) |
//! | [`std::time::Duration`] | `string` | Go's duration notation: `"1h30m"`, `"250ms"`, `"1.5h"`, `"300us"`, `"0"` (see [`crate::duration`]); a bare number or a negative duration is refused |
//! | `IpAddr`, `Ipv4Addr`, `Ipv6Addr` | `string` | `"10.0.0.1"`, `"fe80::1"` |
//! | `SocketAddr`, `SocketAddrV4`, `SocketAddrV6` | `string` | `"127.0.0.1:8080"`, `"[::1]:8080"` (an IP address, not a host name) |
//! | `NonZeroU8` … `NonZeroUsize`, `NonZeroI8` … `NonZeroIsize` | `number` | whole numbers in range, other than 0 |
//! | `char` | `string` | exactly one character (after normalisation to NFC) |
//! | `url::Url` (feature `url`) | `string` | an absolute URL |
//! | [`Value`] | any | the value as it is (null and unknown included) |
//! | a struct deriving [`HclBody`](crate::HclBody) | `object({…})` | its fields as attributes |
//! | [`Serde<T>`](crate::Serde) for `T: serde::de::DeserializeOwned` | any | the serde bridge |
//!
//! A value that converts to the declared type but does not fit (`"90"`
//! for a `Duration`, `"localhost:80"` for a `SocketAddr`, `0` for a
//! `NonZeroU16`) is an "Invalid attribute value" at the value's range,
//! whose message shows the form expected: "the unit is missing in "90";
//! a duration is a sequence of numbers, each with a unit, such as
//! "1h30m", …".
//!
//! Null values are refused ("a null value is not allowed here") except by
//! `Option` and `Value` (and by an attribute with a default, which then
//! takes its default); unknown values are refused except by `Value`.
//!
//! ```
//! use hcl_decode::{decode_value, Range, Pos, Value};
//!
//! let at = Range::at("x.hcl", Pos::start());
//! let port: u16 = decode_value(&Value::string("8080"), &at).unwrap();
//! assert_eq!(port, 8080);
//!
//! let err = decode_value::<Vec<u8>>(&Value::tuple([Value::number(1), Value::number(300)]), &at)
//!     .unwrap_err();
//! assert_eq!(err.to_string(), "[1]: value must be a whole number, between 0 and 255 inclusive");
//! ```

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};
use std::sync::Arc;

use hcl_core::convert::convert;
use hcl_core::{Number, PathStep, Range, Type, Value};
use num_bigint::BigInt;

use crate::error::FromValueError;

/// A Rust type an HCL value decodes into.
///
/// Implement it for your own types when a derived struct's field should
/// hold them; or use `#[hcl(with = path)]` on the field for a one-off
/// conversion.
///
/// ```
/// use hcl_decode::{FromValue, Range, Type, Value, FromValueError};
///
/// #[derive(Debug, PartialEq)]
/// struct Percent(u8);
///
/// impl FromValue for Percent {
///     fn hcl_type() -> Type {
///         Type::Number
///     }
///     fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
///         let n = u8::from_value(value, range)?;
///         if n > 100 {
///             return Err(FromValueError::new("a percentage is at most 100"));
///         }
///         Ok(Percent(n))
///     }
/// }
///
/// let at = Range::at("x.hcl", hcl_decode::Pos::start());
/// assert_eq!(hcl_decode::decode_value::<Percent>(&Value::string("42"), &at), Ok(Percent(42)));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from an HCL value",
    label = "`{Self}` does not implement `FromValue`",
    note = "a struct can derive `HclBody`; any `serde::Deserialize` type can be wrapped in `hcl_decode::Serde`; or give the field `#[hcl(with = path)]`"
)]
pub trait FromValue: Sized {
    /// The HCL type (or type constraint: `any` for the dynamic pseudo-type,
    /// optional object attributes) a value is converted to before
    /// [`FromValue::from_value`] sees it.
    fn hcl_type() -> Type;

    /// Extracts the Rust value from a value already converted to
    /// [`FromValue::hcl_type`]. `range` is where the value was written
    /// (the whole expression).
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError>;

    /// What a value must be beyond [`FromValue::hcl_type`], for the
    /// [schema](crate::schema): the accepted strings of a value enum, the
    /// range of an integer, a duration. `None` (the default) says nothing
    /// more.
    ///
    /// ```
    /// use hcl_decode::FromValue;
    /// use hcl_decode::schema::Constraint;
    ///
    /// assert_eq!(u8::value_constraint(), Some(Constraint::integer(0, 255)));
    /// assert_eq!(String::value_constraint(), None);
    /// ```
    fn value_constraint() -> Option<crate::schema::Constraint> {
        None
    }
}

/// Converts `value` to `T`'s HCL type by the core's rules, then extracts
/// it.
pub fn decode_value<T: FromValue>(value: &Value, range: &Range) -> Result<T, FromValueError> {
    let ty = T::hcl_type();
    if value.ty() == &ty || ty.is_dynamic() {
        return T::from_value(value, range);
    }
    let converted = convert(value, &ty)?;
    T::from_value(&converted, range)
}

/// The value, unless it is null or unknown.
fn known(value: &Value) -> Result<&Value, FromValueError> {
    if !value.is_known() {
        Err(FromValueError::unknown())
    } else if value.is_null() {
        Err(FromValueError::null())
    } else {
        Ok(value)
    }
}

fn wrong_type(value: &Value, wanted: &str) -> FromValueError {
    FromValueError::new(format!(
        "{wanted} is required, not {}",
        value.ty().friendly_name()
    ))
}

impl FromValue for String {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
        known(value)?
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| wrong_type(value, "a string"))
    }
}

impl FromValue for Box<str> {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
        known(value)?
            .as_str()
            .map(Box::from)
            .ok_or_else(|| wrong_type(value, "a string"))
    }
}

impl FromValue for Arc<str> {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
        known(value)?
            .as_str()
            .map(Arc::from)
            .ok_or_else(|| wrong_type(value, "a string"))
    }
}

/// A path, from a string (as written: relative paths are not resolved).
impl FromValue for std::path::PathBuf {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
        known(value)?
            .as_str()
            .map(std::path::PathBuf::from)
            .ok_or_else(|| wrong_type(value, "a string"))
    }
}

impl FromValue for bool {
    fn hcl_type() -> Type {
        Type::Bool
    }
    fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
        known(value)?
            .as_bool()
            .ok_or_else(|| wrong_type(value, "a bool"))
    }
}

fn number(value: &Value) -> Result<&Number, FromValueError> {
    known(value)?
        .as_number()
        .ok_or_else(|| wrong_type(value, "a number"))
}

macro_rules! integer_targets {
    ($($t:ty => $to:ident),* $(,)?) => {$(
        /// A whole number in the type's range.
        impl FromValue for $t {
            fn hcl_type() -> Type {
                Type::Number
            }
            fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
                Ok(number(value)?.$to()?)
            }
            fn value_constraint() -> Option<crate::schema::Constraint> {
                Some(crate::schema::Constraint::integer(<$t>::MIN, <$t>::MAX))
            }
        }
    )*};
}

integer_targets! {
    i8 => to_i8, i16 => to_i16, i32 => to_i32, i64 => to_i64, i128 => to_i128, isize => to_isize,
    u8 => to_u8, u16 => to_u16, u32 => to_u32, u64 => to_u64, u128 => to_u128, usize => to_usize,
}

/// The nearest `f64` (infinities included).
impl FromValue for f64 {
    fn hcl_type() -> Type {
        Type::Number
    }
    fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
        Ok(number(value)?.to_f64())
    }
}

/// The nearest `f32` (infinities included).
impl FromValue for f32 {
    fn hcl_type() -> Type {
        Type::Number
    }
    fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
        Ok(number(value)?.to_f32())
    }
}

/// A whole number of any size.
impl FromValue for BigInt {
    fn hcl_type() -> Type {
        Type::Number
    }
    fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
        Ok(number(value)?.to_bigint()?)
    }
}

impl FromValue for Number {
    fn hcl_type() -> Type {
        Type::Number
    }
    fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
        Ok(number(value)?.clone())
    }
}

/// Any value, as it is: no conversion, null and unknown values included.
impl FromValue for Value {
    fn hcl_type() -> Type {
        Type::Dynamic
    }
    fn from_value(value: &Value, _: &Range) -> Result<Self, FromValueError> {
        Ok(value.clone())
    }
}

/// `None` for null.
impl<T: FromValue> FromValue for Option<T> {
    fn hcl_type() -> Type {
        T::hcl_type()
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        T::value_constraint()
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        if value.is_null() {
            Ok(None)
        } else {
            T::from_value(value, range).map(Some)
        }
    }
}

impl<T: FromValue> FromValue for Box<T> {
    fn hcl_type() -> Type {
        T::hcl_type()
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        T::value_constraint()
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        T::from_value(value, range).map(Box::new)
    }
}

fn index_step(i: usize) -> PathStep {
    PathStep::Index(Value::number(Number::from(i)))
}

/// The elements of a converted list, set or tuple, each extracted.
fn elements<T: FromValue, C: FromIterator<T>>(
    value: &Value,
    range: &Range,
    set: bool,
) -> Result<C, FromValueError> {
    let elements = known(value)?
        .elements()
        .ok_or_else(|| wrong_type(value, "a collection"))?;
    elements
        .iter()
        .enumerate()
        .map(|(i, e)| {
            T::from_value(e, range).map_err(|err| {
                // A set element is reached by its value, a list element by
                // its index.
                err.within(if set {
                    PathStep::Index(e.clone())
                } else {
                    index_step(i)
                })
            })
        })
        .collect()
}

impl<T: FromValue> FromValue for Vec<T> {
    fn hcl_type() -> Type {
        Type::list(T::hcl_type())
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        crate::schema::derive::elements(T::value_constraint())
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        elements(value, range, false)
    }
}

impl<T: FromValue> FromValue for VecDeque<T> {
    fn hcl_type() -> Type {
        Type::list(T::hcl_type())
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        crate::schema::derive::elements(T::value_constraint())
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        elements(value, range, false)
    }
}

impl<T: FromValue + Eq + Hash, S: BuildHasher + Default> FromValue for HashSet<T, S> {
    fn hcl_type() -> Type {
        Type::set(T::hcl_type())
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        crate::schema::derive::elements(T::value_constraint())
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        elements(value, range, true)
    }
}

impl<T: FromValue + Ord> FromValue for BTreeSet<T> {
    fn hcl_type() -> Type {
        Type::set(T::hcl_type())
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        crate::schema::derive::elements(T::value_constraint())
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        elements(value, range, true)
    }
}

/// The entries of a converted map, each extracted.
fn entries<T: FromValue, C: FromIterator<(String, T)>>(
    value: &Value,
    range: &Range,
) -> Result<C, FromValueError> {
    let attributes = known(value)?
        .attributes()
        .ok_or_else(|| wrong_type(value, "a map"))?;
    attributes
        .iter()
        .map(|(k, v)| {
            T::from_value(v, range)
                .map(|v| (k.clone(), v))
                .map_err(|err| err.within(PathStep::Index(Value::string(k.as_str()))))
        })
        .collect()
}

impl<T: FromValue> FromValue for BTreeMap<String, T> {
    fn hcl_type() -> Type {
        Type::map(T::hcl_type())
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        crate::schema::derive::elements(T::value_constraint())
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        entries(value, range)
    }
}

impl<T: FromValue, S: BuildHasher + Default> FromValue for HashMap<String, T, S> {
    fn hcl_type() -> Type {
        Type::map(T::hcl_type())
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        crate::schema::derive::elements(T::value_constraint())
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        entries(value, range)
    }
}

macro_rules! tuple_targets {
    ($($len:literal => ($($name:ident $index:tt),+);)*) => {$(
        impl<$($name: FromValue),+> FromValue for ($($name,)+) {
            fn hcl_type() -> Type {
                Type::tuple([$($name::hcl_type()),+])
            }
            fn value_constraint() -> Option<crate::schema::Constraint> {
                crate::schema::derive::tuple([$(($index, $name::value_constraint())),+])
            }
            fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
                let elements = known(value)?
                    .elements()
                    .filter(|e| e.len() == $len)
                    .ok_or_else(|| wrong_type(value, concat!("a tuple of ", $len, " elements")))?;
                Ok(($(
                    $name::from_value(&elements[$index], range)
                        .map_err(|e| e.within(index_step($index)))?,
                )+))
            }
        }
    )*};
}

tuple_targets! {
    1 => (A 0);
    2 => (A 0, B 1);
    3 => (A 0, B 1, C 2);
    4 => (A 0, B 1, C 2, D 3);
    5 => (A 0, B 1, C 2, D 3, E 4);
    6 => (A 0, B 1, C 2, D 3, E 4, F 5);
    7 => (A 0, B 1, C 2, D 3, E 4, F 5, G 6);
    8 => (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
}
