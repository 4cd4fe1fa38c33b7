//! [`ToValue`]: the Rust types an attribute's value is encoded from, the
//! inverse of the decoding targets ([`crate::target`]).
//!
//! Each value is the one the HCL literal written for it evaluates to:
//! sequences (`Vec`, sets, tuples) are tuples, maps and structs are
//! objects, so elements of different types (a `Vec<Value>`) need no common
//! type. Decoding converts them back to the declared type.
//!
//! | Rust type | value | notes |
//! |---|---|---|
//! | `bool` | `bool` | |
//! | integers, [`BigInt`], [`Number`], `NonZero*` | `number` | exact |
//! | `f32`, `f64` | `number` | the shortest decimal that reads back as the same float; NaN and infinities are errors |
//! | `String`, `str`, `Box<str>`, `Arc<str>`, `Rc<str>`, `Cow<str>`, `char` | `string` | |
//! | `PathBuf`, `Path` | `string` | an error if not UTF-8 |
//! | [`Duration`] | `string` | Go's notation (`"1h30m0s"`), see [`crate::duration::format`] |
//! | `IpAddr`, `SocketAddr`, … | `string` | their `Display` |
//! | `url::Url` (feature `url`) | `string` | |
//! | `Option<T>` | `T` or `null` | a `None` attribute is omitted |
//! | `Vec<T>`, `VecDeque<T>`, `[T]`, `[T; N]`, sets, tuples | tuple | sets in their order (a `HashSet`'s elements sorted by the core's set order) |
//! | `BTreeMap<K, T>`, `HashMap<K, T>` | object | keys must encode as strings |
//! | `Box<T>`, `Arc<T>`, `Rc<T>`, `&T` | `T` | |
//! | [`Value`] | itself | |
//! | a struct deriving `ToHcl` | object | its attributes and blocks |
//! | an enum deriving `ToValue` | `string` | the variant's name |
//!
//! ```
//! use hcl_decode::encode::ToValue;
//! use hcl_decode::Value;
//!
//! assert_eq!(8080u16.to_value(), Ok(Value::number(8080)));
//! assert_eq!(
//!     vec!["a", "b"].to_value(),
//!     Ok(Value::tuple([Value::string("a"), Value::string("b")]))
//! );
//! assert!(f64::NAN.to_value().is_err());
//! ```

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize, NonZeroU8,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize,
};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use hcl_core::{Number, PathStep, Type, Value};
use num_bigint::BigInt;

use super::EncodeError;

/// A Rust type an attribute's value is encoded from: the inverse of
/// [`FromValue`](crate::FromValue).
///
/// Implement it for your own types when a field of a struct deriving
/// `ToHcl` holds them, or give the field `#[hcl(with = path)]`.
///
/// ```
/// use hcl_decode::encode::{EncodeError, ToValue};
/// use hcl_decode::Value;
///
/// struct Percent(u8);
///
/// impl ToValue for Percent {
///     fn to_value(&self) -> Result<Value, EncodeError> {
///         if self.0 > 100 {
///             return Err(EncodeError::new("a percentage is at most 100"));
///         }
///         self.0.to_value()
///     }
/// }
///
/// assert_eq!(Percent(42).to_value(), Ok(Value::number(42)));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded as an HCL value",
    label = "`{Self}` does not implement `ToValue`",
    note = "a struct can derive `ToHcl`, an enum of unit variants `ToValue`; or give the field `#[hcl(with = path)]`"
)]
pub trait ToValue {
    /// The value (known; numbers finite).
    fn to_value(&self) -> Result<Value, EncodeError>;

    /// The value of an attribute holding `self`: `None` when the attribute
    /// is omitted (an `Option` that is `None`), else
    /// [`ToValue::to_value`].
    fn to_attribute_value(&self) -> Result<Option<Value>, EncodeError> {
        self.to_value().map(Some)
    }
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> Result<Value, EncodeError> {
        (**self).to_value()
    }
    fn to_attribute_value(&self) -> Result<Option<Value>, EncodeError> {
        (**self).to_attribute_value()
    }
}

macro_rules! pointer_values {
    ($($p:ident),*) => {$(
        impl<T: ToValue + ?Sized> ToValue for $p<T> {
            fn to_value(&self) -> Result<Value, EncodeError> {
                (**self).to_value()
            }
            fn to_attribute_value(&self) -> Result<Option<Value>, EncodeError> {
                (**self).to_attribute_value()
            }
        }
    )*};
}

pointer_values!(Box, Arc, Rc);

impl ToValue for Value {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(self.clone())
    }
}

impl ToValue for bool {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(Value::bool(*self))
    }
}

macro_rules! number_values {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Result<Value, EncodeError> {
                Ok(Value::number(Number::from(*self)))
            }
        }
    )*};
}

number_values!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

macro_rules! nonzero_values {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Result<Value, EncodeError> {
                self.get().to_value()
            }
        }
    )*};
}

nonzero_values!(
    NonZeroI8,
    NonZeroI16,
    NonZeroI32,
    NonZeroI64,
    NonZeroI128,
    NonZeroIsize,
    NonZeroU8,
    NonZeroU16,
    NonZeroU32,
    NonZeroU64,
    NonZeroU128,
    NonZeroUsize
);

impl ToValue for BigInt {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(Value::number(Number::from(self)))
    }
}

impl ToValue for Number {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(Value::number(self.clone()))
    }
}

/// The float's shortest decimal (`{:e}`), exact as a number.
fn float(text: String, nan: bool, infinite: bool) -> Result<Value, EncodeError> {
    if nan {
        return Err(EncodeError::new("NaN is not a number HCL can write"));
    }
    if infinite {
        return Err(EncodeError::new("an infinite number has no literal in HCL"));
    }
    Number::parse_literal(&text)
        .map(Value::number)
        .map_err(|e| EncodeError::new(e.to_string()))
}

/// The shortest decimal that reads back as the same `f64`.
impl ToValue for f64 {
    fn to_value(&self) -> Result<Value, EncodeError> {
        float(format!("{self:e}"), self.is_nan(), self.is_infinite())
    }
}

/// The shortest decimal that reads back as the same `f32`.
impl ToValue for f32 {
    fn to_value(&self) -> Result<Value, EncodeError> {
        float(format!("{self:e}"), self.is_nan(), self.is_infinite())
    }
}

macro_rules! string_values {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Result<Value, EncodeError> {
                Ok(Value::string(<str as ToOwned>::to_owned(::core::convert::AsRef::<str>::as_ref(self))))
            }
        }
    )*};
}

string_values!(str, String, Cow<'_, str>);

impl ToValue for char {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(Value::string(self.to_string()))
    }
}

impl ToValue for std::path::Path {
    fn to_value(&self) -> Result<Value, EncodeError> {
        self.to_str().map(Value::string).ok_or_else(|| {
            EncodeError::new(format!(
                "the path {:?} is not valid UTF-8, which an HCL string must be",
                self.display().to_string()
            ))
        })
    }
}

impl ToValue for std::path::PathBuf {
    fn to_value(&self) -> Result<Value, EncodeError> {
        self.as_path().to_value()
    }
}

/// Go's notation: `"1h30m0s"`, `"250ms"`, `"0s"`.
impl ToValue for Duration {
    fn to_value(&self) -> Result<Value, EncodeError> {
        crate::duration::format(*self)
            .map(Value::string)
            .map_err(|e| EncodeError::new(e.to_string()))
    }
}

macro_rules! display_values {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Result<Value, EncodeError> {
                Ok(Value::string(self.to_string()))
            }
        }
    )*};
}

display_values!(
    IpAddr,
    Ipv4Addr,
    Ipv6Addr,
    SocketAddr,
    SocketAddrV4,
    SocketAddrV6
);

#[cfg(feature = "url")]
impl ToValue for url::Url {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(Value::string(self.as_str()))
    }
}

/// `null` inside a collection; an attribute that is `None` is omitted.
impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        match self {
            Some(v) => v.to_value(),
            None => Ok(Value::null(Type::Dynamic)),
        }
    }
    fn to_attribute_value(&self) -> Result<Option<Value>, EncodeError> {
        match self {
            Some(v) => v.to_value().map(Some),
            None => Ok(None),
        }
    }
}

fn index_step(i: usize) -> PathStep {
    PathStep::Index(Value::number(Number::from(i)))
}

/// A tuple of the elements, in order.
pub(crate) fn sequence<'a, T: ToValue + 'a>(
    elements: impl IntoIterator<Item = &'a T>,
) -> Result<Value, EncodeError> {
    let values = elements
        .into_iter()
        .enumerate()
        .map(|(i, e)| e.to_value().map_err(|err| err.within(index_step(i))))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::tuple(values))
}

impl<T: ToValue> ToValue for [T] {
    fn to_value(&self) -> Result<Value, EncodeError> {
        sequence(self)
    }
}

impl<T: ToValue, const N: usize> ToValue for [T; N] {
    fn to_value(&self) -> Result<Value, EncodeError> {
        sequence(self)
    }
}

impl<T: ToValue> ToValue for Vec<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        sequence(self)
    }
}

impl<T: ToValue> ToValue for VecDeque<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        sequence(self)
    }
}

impl<T: ToValue> ToValue for BTreeSet<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        sequence(self)
    }
}

/// The elements in the core's set order (a hash set's own order changes
/// from run to run), when they share a type; else in the set's order.
impl<T: ToValue, S> ToValue for HashSet<T, S> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        let tuple = sequence(self)?;
        let elements = tuple.elements().unwrap_or_default();
        match Value::set(elements.iter().cloned()) {
            Ok(set) => Ok(Value::tuple(
                set.elements().unwrap_or_default().iter().cloned(),
            )),
            Err(_) => Ok(tuple),
        }
    }
}

/// An object of the entries; each key must encode as a string.
fn entries<'a, K: ToValue + 'a, T: ToValue + 'a>(
    entries: impl IntoIterator<Item = (&'a K, &'a T)>,
) -> Result<Value, EncodeError> {
    let mut out = BTreeMap::new();
    for (k, v) in entries {
        let key = k.to_value()?;
        let Some(key) = key.as_str().filter(|_| key.is_known()) else {
            return Err(EncodeError::new(format!(
                "a map key must be a string, not {}",
                key.ty().friendly_name()
            )));
        };
        let value = v
            .to_value()
            .map_err(|e| e.within(PathStep::Index(Value::string(key))))?;
        out.insert(key.to_owned(), value);
    }
    Ok(Value::object(out))
}

impl<K: ToValue, T: ToValue> ToValue for BTreeMap<K, T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        entries(self)
    }
}

impl<K: ToValue, T: ToValue, S> ToValue for HashMap<K, T, S> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        entries(self)
    }
}

macro_rules! tuple_values {
    ($($name:ident $index:tt),+) => {
        impl<$($name: ToValue),+> ToValue for ($($name,)+) {
            fn to_value(&self) -> Result<Value, EncodeError> {
                Ok(Value::tuple([$(
                    self.$index.to_value().map_err(|e| e.within(index_step($index)))?,
                )+]))
            }
        }
    };
}

tuple_values!(A 0);
tuple_values!(A 0, B 1);
tuple_values!(A 0, B 1, C 2);
tuple_values!(A 0, B 1, C 2, D 3);
tuple_values!(A 0, B 1, C 2, D 3, E 4);
tuple_values!(A 0, B 1, C 2, D 3, E 4, F 5);
tuple_values!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple_values!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode_value;
    use hcl_core::{Pos, Range};

    fn at() -> Range {
        Range::at("x.hcl", Pos::start())
    }

    #[test]
    fn floats_are_their_shortest_decimal_and_read_back() {
        for f in [
            0.1,
            -2.5e-300,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            1.0 / 3.0,
        ] {
            let v = f.to_value().unwrap();
            assert_eq!(decode_value::<f64>(&v, &at()), Ok(f), "{f}");
        }
        assert_eq!(
            0.1f64.to_value().unwrap().as_number().unwrap().to_string(),
            "0.1"
        );
        assert_eq!(
            0.1f32.to_value().unwrap().as_number().unwrap().to_string(),
            "0.1"
        );
        assert_eq!(
            decode_value::<f32>(&f32::MAX.to_value().unwrap(), &at()),
            Ok(f32::MAX)
        );
    }

    #[test]
    fn nan_and_infinities_are_errors() {
        assert_eq!(
            f64::NAN.to_value().unwrap_err().message(),
            "NaN is not a number HCL can write"
        );
        assert!(f32::INFINITY.to_value().is_err());
        assert!(f64::NEG_INFINITY.to_value().is_err());
    }

    #[test]
    fn integers_are_exact_at_the_extremes() {
        assert_eq!(
            decode_value::<i64>(&i64::MIN.to_value().unwrap(), &at()),
            Ok(i64::MIN)
        );
        assert_eq!(
            decode_value::<u64>(&u64::MAX.to_value().unwrap(), &at()),
            Ok(u64::MAX)
        );
        assert_eq!(
            decode_value::<u128>(&u128::MAX.to_value().unwrap(), &at()),
            Ok(u128::MAX)
        );
    }

    #[test]
    fn an_element_error_names_its_index() {
        let e = vec![1.0, f64::NAN].to_value().unwrap_err();
        assert_eq!(e.to_string(), "[1]: NaN is not a number HCL can write");
        let mut m = BTreeMap::new();
        m.insert("k".to_owned(), vec![f64::INFINITY]);
        assert_eq!(
            m.to_value().unwrap_err().to_string(),
            "[\"k\"][0]: an infinite number has no literal in HCL"
        );
    }

    #[test]
    fn a_map_key_must_be_a_string() {
        let mut m = BTreeMap::new();
        m.insert(1u8, true);
        assert_eq!(
            m.to_value().unwrap_err().message(),
            "a map key must be a string, not number"
        );
    }

    #[test]
    fn hash_sets_have_a_stable_order() {
        let s: HashSet<u32> = (0..50).collect();
        let v = s.to_value().unwrap();
        let back: Vec<u32> = decode_value(&v, &at()).unwrap();
        assert_eq!(back, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn none_is_an_omitted_attribute_but_null_in_a_list() {
        assert_eq!(None::<u8>.to_attribute_value(), Ok(None));
        assert_eq!(
            vec![Some(1u8), None].to_value(),
            Ok(Value::tuple([Value::number(1), Value::null(Type::Dynamic)]))
        );
    }

    #[cfg(feature = "url")]
    #[test]
    fn a_url_is_its_text() {
        let u = url::Url::parse("https://example.com/a?b=c").unwrap();
        assert_eq!(u.to_value(), Ok(Value::string("https://example.com/a?b=c")));
        assert_eq!(
            decode_value::<url::Url>(&u.to_value().unwrap(), &at()),
            Ok(u)
        );
    }

    #[test]
    fn everyday_types_are_their_text() {
        let d = Duration::from_millis(5_400_250);
        assert_eq!(d.to_value(), Ok(Value::string("1h30m0.25s")));
        assert_eq!(
            decode_value::<Duration>(&d.to_value().unwrap(), &at()),
            Ok(d)
        );
        let a: SocketAddr = "[::1]:8080".parse().unwrap();
        assert_eq!(a.to_value(), Ok(Value::string("[::1]:8080")));
        assert_eq!('x'.to_value(), Ok(Value::string("x")));
        assert_eq!(NonZeroU16::new(7).unwrap().to_value(), Ok(Value::number(7)));
    }
}
