//! Arbitrary-precision numbers (SKELETON: being implemented; see module docs of the final version).
#![allow(dead_code, unused_variables, clippy::todo)]

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use num_bigint::BigInt;

/// An HCL number.
#[derive(Clone, Debug)]
pub struct Number(Repr);

#[derive(Clone, Debug)]
enum Repr {
    Small(i64),
    Big(Arc<BigInt>),
    PosInf,
    NegInf,
}

/// Why a number could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNumberError {
    kind: ParseNumberErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ParseNumberErrorKind {
    Invalid,
    OutOfRange,
}

impl fmt::Display for ParseNumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ParseNumberErrorKind::Invalid => f.write_str("a number is required"),
            ParseNumberErrorKind::OutOfRange => f.write_str("number is out of range"),
        }
    }
}
impl std::error::Error for ParseNumberError {}

/// An arithmetic operation with no numeric result (it would be NaN).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArithmeticError {
    message: &'static str,
}
impl fmt::Display for ArithmeticError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message)
    }
}
impl std::error::Error for ArithmeticError {}

/// A number that does not fit the requested native type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberRangeError {
    message: String,
}
impl fmt::Display for NumberRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
impl std::error::Error for NumberRangeError {}

impl Number {
    pub const ZERO: Number = Number(Repr::Small(0));
    pub const ONE: Number = Number(Repr::Small(1));
    pub const INFINITY: Number = Number(Repr::PosInf);
    pub const NEG_INFINITY: Number = Number(Repr::NegInf);

    /// Parses a numeric literal as the syntaxes write it (exponent allowed).
    pub fn parse_literal(text: &str) -> Result<Number, ParseNumberError> {
        todo!()
    }
    /// Parses the string form that `Display` produces (no exponent), for string→number conversion.
    pub fn parse_decimal(text: &str) -> Result<Number, ParseNumberError> {
        todo!()
    }
    pub fn from_f64(v: f64) -> Option<Number> {
        todo!()
    }
    pub fn is_integer(&self) -> bool {
        todo!()
    }
    pub fn is_infinite(&self) -> bool {
        matches!(self.0, Repr::PosInf | Repr::NegInf)
    }
    pub fn is_zero(&self) -> bool {
        todo!()
    }
    pub fn is_negative(&self) -> bool {
        todo!()
    }
    pub fn add(&self, other: &Number) -> Result<Number, ArithmeticError> {
        todo!()
    }
    pub fn sub(&self, other: &Number) -> Result<Number, ArithmeticError> {
        todo!()
    }
    pub fn mul(&self, other: &Number) -> Result<Number, ArithmeticError> {
        todo!()
    }
    pub fn div(&self, other: &Number) -> Result<Number, ArithmeticError> {
        todo!()
    }
    pub fn rem(&self, other: &Number) -> Result<Number, ArithmeticError> {
        todo!()
    }
    pub fn neg(&self) -> Number {
        todo!()
    }
    pub fn abs(&self) -> Number {
        todo!()
    }
    pub fn trunc(&self) -> Number {
        todo!()
    }
    pub fn to_i64(&self) -> Result<i64, NumberRangeError> {
        todo!()
    }
    pub fn to_u64(&self) -> Result<u64, NumberRangeError> {
        todo!()
    }
    pub fn to_i128(&self) -> Result<i128, NumberRangeError> {
        todo!()
    }
    pub fn to_u128(&self) -> Result<u128, NumberRangeError> {
        todo!()
    }
    pub fn to_bigint(&self) -> Result<BigInt, NumberRangeError> {
        todo!()
    }
    pub fn to_f64(&self) -> f64 {
        todo!()
    }
    pub fn to_f32(&self) -> f32 {
        todo!()
    }
}

impl From<i64> for Number {
    fn from(v: i64) -> Self {
        Number(Repr::Small(v))
    }
}
impl From<i32> for Number {
    fn from(v: i32) -> Self {
        Number(Repr::Small(v.into()))
    }
}
impl From<BigInt> for Number {
    fn from(v: BigInt) -> Self {
        Number(Repr::Big(Arc::new(v)))
    }
}
impl PartialEq for Number {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Number {}
impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Number {
    fn cmp(&self, other: &Self) -> Ordering {
        todo!()
    }
}
impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        todo!()
    }
}
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        todo!()
    }
}
impl std::str::FromStr for Number {
    type Err = ParseNumberError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Number::parse_literal(s)
    }
}
