//! Everyday targets beside the basic ones of [`crate::target`]: durations,
//! network addresses, non-zero integers, characters, shared and
//! copy-on-write pointers, and (feature `url`) URLs.
//!
//! Each declares the HCL type it accepts, so the value is converted by the
//! core's rules first (`port = "8080"` still fills a `NonZeroU16`; the
//! number `90` becomes the string `"90"` for a `Duration`, which is then
//! refused for its missing unit), and a value that does not fit is an
//! "Invalid attribute value" at the value's range whose message shows the
//! form expected.

use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize, NonZeroU8,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize,
};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use hcl_core::{Range, Type, Value};

use crate::error::FromValueError;
use crate::target::FromValue;

/// The string of an already converted value (null and unknown refused).
fn text(value: &Value, range: &Range) -> Result<String, FromValueError> {
    String::from_value(value, range)
}

/// A duration in Go's notation (`"1h30m"`, `"250ms"`, `"1.5h"`): see
/// [`crate::duration`].
impl FromValue for Duration {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        let s = text(value, range)?;
        crate::duration::parse(&s)
            .map_err(|e| FromValueError::new(format!("{e}; {}", crate::duration::EXPECTED_FORM)))
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        Some(crate::schema::Constraint::Duration)
    }
}

/// A target parsed from a string by `FromStr`, with the form expected in
/// the message of a string that does not parse.
macro_rules! parsed_targets {
    ($($t:ty => $what:literal, $form:literal;)*) => {$(
        impl FromValue for $t {
            fn hcl_type() -> Type {
                Type::String
            }
            fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
                let s = text(value, range)?;
                s.parse().map_err(|_| {
                    FromValueError::new(format!(
                        concat!("{:?} is not ", $what, "; ", $form),
                        s
                    ))
                })
            }
        }
    )*};
}

parsed_targets! {
    IpAddr => "an IP address",
        "an IPv4 address such as \"10.0.0.1\" or an IPv6 address such as \"fe80::1\" is expected";
    Ipv4Addr => "an IPv4 address",
        "four numbers from 0 to 255 separated by dots, such as \"10.0.0.1\", are expected";
    Ipv6Addr => "an IPv6 address",
        "an address such as \"fe80::1\" or \"2001:db8::8a2e:370:7334\" is expected";
    SocketAddr => "a socket address",
        "an IP address and a port, such as \"127.0.0.1:8080\" or \"[::1]:8080\", are expected";
    SocketAddrV4 => "an IPv4 socket address",
        "an IPv4 address and a port, such as \"127.0.0.1:8080\", are expected";
    SocketAddrV6 => "an IPv6 socket address",
        "an IPv6 address in brackets and a port, such as \"[::1]:8080\", are expected";
}

/// One character (one Unicode scalar value, after HCL's normalisation of
/// strings to NFC).
impl FromValue for char {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        let s = text(value, range)?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(FromValueError::new(format!(
                "a single character is required, such as \"x\", not {s:?}"
            ))),
        }
    }
}

macro_rules! nonzero_unsigned {
    ($($t:ty => $inner:ty),* $(,)?) => {$(
        /// A whole number from 1 to the type's maximum.
        impl FromValue for $t {
            fn hcl_type() -> Type {
                Type::Number
            }
            fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
                let wrong = || FromValueError::new(format!(
                    "value must be a whole number, between 1 and {} inclusive",
                    <$inner>::MAX
                ));
                match <$inner>::from_value(value, range) {
                    Ok(n) => <$t>::new(n).ok_or_else(wrong),
                    // Null and unknown values keep their own message.
                    Err(e) if value.is_null() || !value.is_known() => Err(e),
                    Err(_) => Err(wrong()),
                }
            }
            fn value_constraint() -> Option<crate::schema::Constraint> {
                Some(crate::schema::Constraint::Integer {
                    min: 1.into(),
                    max: <$inner>::MAX.into(),
                    nonzero: false,
                })
            }
        }
    )*};
}

macro_rules! nonzero_signed {
    ($($t:ty => $inner:ty),* $(,)?) => {$(
        /// A whole number in the type's range, other than 0.
        impl FromValue for $t {
            fn hcl_type() -> Type {
                Type::Number
            }
            fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
                let wrong = || FromValueError::new(format!(
                    "value must be a whole number other than 0, between {} and {} inclusive",
                    <$inner>::MIN,
                    <$inner>::MAX
                ));
                match <$inner>::from_value(value, range) {
                    Ok(n) => <$t>::new(n).ok_or_else(wrong),
                    Err(e) if value.is_null() || !value.is_known() => Err(e),
                    Err(_) => Err(wrong()),
                }
            }
            fn value_constraint() -> Option<crate::schema::Constraint> {
                Some(crate::schema::Constraint::Integer {
                    min: <$inner>::MIN.into(),
                    max: <$inner>::MAX.into(),
                    nonzero: true,
                })
            }
        }
    )*};
}

nonzero_unsigned! {
    NonZeroU8 => u8, NonZeroU16 => u16, NonZeroU32 => u32, NonZeroU64 => u64,
    NonZeroU128 => u128, NonZeroUsize => usize,
}

nonzero_signed! {
    NonZeroI8 => i8, NonZeroI16 => i16, NonZeroI32 => i32, NonZeroI64 => i64,
    NonZeroI128 => i128, NonZeroIsize => isize,
}

impl<T: FromValue> FromValue for Arc<T> {
    fn hcl_type() -> Type {
        T::hcl_type()
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        T::value_constraint()
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        T::from_value(value, range).map(Arc::new)
    }
}

impl<T: FromValue> FromValue for Rc<T> {
    fn hcl_type() -> Type {
        T::hcl_type()
    }
    fn value_constraint() -> Option<crate::schema::Constraint> {
        T::value_constraint()
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        T::from_value(value, range).map(Rc::new)
    }
}

impl FromValue for Rc<str> {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        text(value, range).map(Rc::from)
    }
}

/// Always `Cow::Owned`.
impl FromValue for Cow<'static, str> {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        text(value, range).map(Cow::Owned)
    }
}

/// An absolute URL (feature `url`), parsed by [`url::Url::parse`].
#[cfg(feature = "url")]
impl FromValue for url::Url {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_value(value: &Value, range: &Range) -> Result<Self, FromValueError> {
        let s = text(value, range)?;
        url::Url::parse(&s).map_err(|e| {
            FromValueError::new(format!(
                "{s:?} is not a URL ({e}); an absolute URL such as \"https://example.com/path\" is expected"
            ))
        })
    }
}
