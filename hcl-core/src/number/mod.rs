//! Arbitrary-precision numbers: [`Number`].
//!
//! HCL's number type is "an arbitrary-precision floating point value" with positive and
//! negative infinity and no NaN. [`Number`] implements it as:
//!
//! - **exact integers** of up to [`MAX_INTEGER_BITS`] bits (65,536). Machine-sized values are
//!   stored inline and their arithmetic does not allocate; larger ones are shared behind an
//!   `Arc`. Sums, differences, products, exact quotients and remainders of integers are exact.
//!   An integer result longer than the limit is rounded into a float (below).
//! - **binary floating point** numbers with a [`PRECISION`]-bit (512) mantissa, rounded half to
//!   even — exactly Go's `big.Float` with precision 512 and `ToNearestEven`, which the Go
//!   implementation of HCL (cty) uses, so results agree digit for digit (`11 % 5.1`, `1 / 3`).
//!   Every non-integer is such a float, shared behind an `Arc` so that clones are cheap.
//!   A float whose value is an integer below `2^512` in magnitude is always turned into an
//!   exact integer; integral floats at or above `2^512` stay floats (their value was rounded).
//!   The magnitude of a nonzero float lies in `[2^-1048577, 2^1048576)`
//!   ([`MIN_EXPONENT`], [`MAX_EXPONENT`]): arithmetic that goes beyond overflows to an infinity
//!   or underflows to zero.
//! - **positive and negative infinity**. An operation that would give NaN returns an
//!   [`ArithmeticError`] instead, with the message of Go's cty standard library.
//!
//! There is no negative zero. Equality and ordering are numeric and total: `+Inf` is greater
//! than every other number and `-Inf` less; each equals itself. Hashing agrees with equality.
//!
//! Decimal text is parsed exactly and then rounded once to 512 bits, if not an integer. A
//! literal out of the limits above (an integer longer than 65,536 bits, or a non-integer
//! outside the exponent range) is a [`ParseNumberError`], found without building the huge
//! value. Printing ([`Display`](fmt::Display)) gives all the digits of an integer, and for a
//! float the shortest decimal that reads back to the same 512-bit value (Go's
//! `Text('f', -1)`), never with an exponent; infinities print as `+Inf` and `-Inf`.
//!
//! # Differences from Go's cty
//!
//! Results agree with cty digit for digit (tens of thousands of random and edge cases were
//! compared), except where cty's behaviour is an accident of its representation:
//!
//! - Integers are exact up to [`MAX_INTEGER_BITS`] bits, as the HCL specification asks; cty
//!   rounds every number, integers included, to 512 bits. Integer arithmetic beyond `2^512`
//!   therefore gives exact results where cty gives rounded ones, and a remainder whose operand
//!   is such an integer and the other a non-integer rounds that integer first, as cty does.
//! - There is no negative zero: cty prints `-1 * 0` as `-0` and `1 / (-1 * 0)` as `-Inf`.
//! - Decimal text is rounded correctly (once, half to even). Go's `big.ParseFloat` divides by
//!   a rounded power of five, so for long literals that fall on or very near a tie between two
//!   512-bit values it can round the other way.
//! - A remainder with an infinite operand is the product of the operands. cty means to do the
//!   same, but only recognises its own infinity constants (by pointer), so infinities that
//!   come from parsing or arithmetic reach its division path instead.

mod float;
mod parse;
mod print;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};

use float::{Dy, Float};

/// The mantissa width, in bits, of numbers that are not exact integers.
pub const PRECISION: u32 = float::PREC as u32;
/// The largest bit length of an exact integer; longer integer results are rounded to
/// [`PRECISION`] bits.
pub const MAX_INTEGER_BITS: u32 = float::MAX_INT_BITS as u32;
/// Every finite number is below `2^MAX_EXPONENT` in magnitude.
pub const MAX_EXPONENT: i32 = float::MAX_EXP as i32;
/// Every nonzero number is at least `2^(MIN_EXPONENT - 1)` in magnitude.
pub const MIN_EXPONENT: i32 = float::MIN_EXP as i32;

/// An HCL number: an exact integer, a 512-bit binary float, or an infinity.
///
/// See the [module documentation](self) for the representation and its limits.
///
/// ```
/// use hcl_core::Number;
///
/// let a = Number::parse_literal("11").unwrap();
/// let b = Number::parse_literal("5.1").unwrap();
/// let r = a.rem(&b).unwrap();
/// assert!(r.to_string().starts_with("0.8000000000"));
///
/// let third = Number::ONE.div(&Number::from(3)).unwrap();
/// assert_eq!(third.to_string().len(), 157);
/// assert_eq!(Number::from(2).mul(&Number::from(21)).unwrap(), Number::from(42));
/// assert_eq!(Number::ONE.div(&Number::ZERO).unwrap(), Number::INFINITY);
/// assert!(Number::ZERO.div(&Number::ZERO).is_err());
/// assert_eq!("0.1".parse::<Number>().unwrap().to_string(), "0.1");
/// ```
#[derive(Clone)]
pub struct Number(Repr);

#[derive(Clone)]
enum Repr {
    /// Every integer that fits an `i64`.
    Small(i64),
    /// Integers outside the `i64` range, of at most `MAX_INT_BITS` bits.
    Big(Arc<BigInt>),
    /// Non-integers, and integral values of at least `2^PREC` that were rounded.
    Float(Arc<Float>),
    PosInf,
    NegInf,
}

/// The kind of a [`ParseNumberError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseNumberErrorKind {
    /// The text is not a number in the expected syntax.
    Invalid,
    /// The text is a number, but beyond the limits of [`Number`].
    OutOfRange,
}

/// Why a text could not be parsed as a [`Number`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNumberError {
    kind: ParseNumberErrorKind,
}

impl ParseNumberError {
    /// Whether the text was malformed or out of range.
    pub fn kind(&self) -> ParseNumberErrorKind {
        self.kind
    }
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

/// The operation that an [`ArithmeticError`] came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ArithmeticErrorKind {
    /// `+Inf + -Inf`.
    SumOfOpposingInfinities,
    /// `+Inf - +Inf` or `-Inf - -Inf`.
    SubtractInfinityFromItself,
    /// `0 × ±Inf`.
    MultiplyZeroByInfinity,
    /// `0 / 0` or `±Inf / ±Inf`.
    DivideZeroByZeroOrInfinityByInfinity,
    /// A remainder with zero and an infinity.
    ModuloWithZeroAndInfinity,
}

/// An arithmetic operation that has no numeric result (it would be NaN).
///
/// The message is the one of Go's cty standard library for the same operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArithmeticError {
    kind: ArithmeticErrorKind,
}

impl ArithmeticError {
    fn new(kind: ArithmeticErrorKind) -> Self {
        ArithmeticError { kind }
    }

    /// Which operation failed.
    pub fn kind(&self) -> ArithmeticErrorKind {
        self.kind
    }
}

impl fmt::Display for ArithmeticError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            ArithmeticErrorKind::SumOfOpposingInfinities => {
                "can't compute sum of opposing infinities"
            }
            ArithmeticErrorKind::SubtractInfinityFromItself => {
                "can't subtract infinity from itself"
            }
            ArithmeticErrorKind::MultiplyZeroByInfinity => "can't multiply zero by infinity",
            ArithmeticErrorKind::DivideZeroByZeroOrInfinityByInfinity => {
                "can't divide zero by zero or infinity by infinity"
            }
            ArithmeticErrorKind::ModuloWithZeroAndInfinity => {
                "can't use modulo with zero and infinity"
            }
        })
    }
}

impl std::error::Error for ArithmeticError {}

/// A number that is not a whole number in the range of the requested type.
///
/// The message follows Go's gocty: `value must be a whole number, between -128 and 127`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberRangeError {
    min: Option<i128>,
    max: Option<u128>,
}

impl NumberRangeError {
    fn bounded(min: i128, max: u128) -> Self {
        NumberRangeError {
            min: Some(min),
            max: Some(max),
        }
    }

    fn whole() -> Self {
        NumberRangeError {
            min: None,
            max: None,
        }
    }

    /// The smallest value of the requested type, if it has one.
    pub fn min(&self) -> Option<i128> {
        self.min
    }

    /// The largest value of the requested type, if it has one.
    pub fn max(&self) -> Option<u128> {
        self.max
    }
}

impl fmt::Display for NumberRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (Some(0), Some(max)) => write!(
                f,
                "value must be a whole number, between 0 and {max} inclusive"
            ),
            (Some(min), Some(max)) => {
                write!(f, "value must be a whole number, between {min} and {max}")
            }
            _ => f.write_str("value must be a whole number"),
        }
    }
}

impl std::error::Error for NumberRangeError {}

/// The operands of arithmetic, by kind.
enum Op {
    Small(i64),
    Big,
    Float,
    Inf { neg: bool },
}

macro_rules! to_native_int {
    ($($(#[$doc:meta])* $name:ident -> $t:ty;)*) => {$(
        $(#[$doc])*
        pub fn $name(&self) -> Result<$t, NumberRangeError> {
            let err = || NumberRangeError::bounded(<$t>::MIN as i128, <$t>::MAX as u128);
            match &self.0 {
                Repr::Small(v) => <$t>::try_from(*v).map_err(|_| err()),
                Repr::Big(b) => b.as_ref().try_into().map_err(|_| err()),
                _ => Err(err()),
            }
        }
    )*};
}

impl Number {
    /// Zero.
    pub const ZERO: Number = Number(Repr::Small(0));
    /// One.
    pub const ONE: Number = Number(Repr::Small(1));
    /// Positive infinity, greater than any other number.
    pub const INFINITY: Number = Number(Repr::PosInf);
    /// Negative infinity, less than any other number.
    pub const NEG_INFINITY: Number = Number(Repr::NegInf);

    /// Parses a numeric literal as the syntaxes write it:
    /// `[+-]? (digits ("." digits?)? | "." digits) ([eE] [+-]? digits)?`, e.g. `42`, `-1.5`,
    /// `1e5`, `1.5E-3` (Go's `big.ParseFloat` in base 10, without its `p` exponents and
    /// infinities).
    ///
    /// The value is exact if it is an integer (an error if longer than [`MAX_INTEGER_BITS`]),
    /// and otherwise rounded once to [`PRECISION`] bits.
    ///
    /// ```
    /// # use hcl_core::Number;
    /// assert_eq!(Number::parse_literal("1.5e3").unwrap(), Number::from(1500));
    /// assert!(Number::parse_literal("1e99999999").is_err());
    /// assert!(Number::parse_literal("0x10").is_err());
    /// ```
    pub fn parse_literal(text: &str) -> Result<Number, ParseNumberError> {
        parse::parse_literal(text)
    }

    /// Parses the text that [`Display`](fmt::Display) produces: `-? digits ("." digits)?`
    /// (leading zeros allowed, no exponent, no `+`), or `+Inf` / `-Inf`. This is the
    /// string-to-number conversion of the HCL information model.
    ///
    /// ```
    /// # use hcl_core::Number;
    /// assert_eq!(Number::parse_decimal("007.50").unwrap().to_string(), "7.5");
    /// assert_eq!(Number::parse_decimal("-Inf").unwrap(), Number::NEG_INFINITY);
    /// assert!(Number::parse_decimal("1e5").is_err());
    /// ```
    pub fn parse_decimal(text: &str) -> Result<Number, ParseNumberError> {
        parse::parse_decimal(text)
    }

    /// The exact value of an `f64` (infinities included); `None` for NaN.
    ///
    /// Note that `0.1_f64` is not one tenth: its exact value has 55 decimal digits. To get
    /// the number that Go's cty shows for a `float64` result (the shortest decimal that
    /// round-trips the `f64`), use [`Number::from_f64_shortest`].
    pub fn from_f64(v: f64) -> Option<Number> {
        if v.is_nan() {
            return None;
        }
        if v.is_infinite() {
            return Some(if v > 0.0 {
                Number::INFINITY
            } else {
                Number::NEG_INFINITY
            });
        }
        if v == 0.0 {
            return Some(Number::ZERO);
        }
        let bits = v.to_bits();
        let neg = bits >> 63 == 1;
        let exp_bits = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1u64 << 52) - 1);
        let (mant, exp) = if exp_bits == 0 {
            (frac, -1074)
        } else {
            (frac | (1u64 << 52), exp_bits - 1075)
        };
        Some(float::finish_arith(Dy::owned(
            neg,
            BigUint::from(mant),
            exp,
        )))
    }

    /// The exact value of an `f32` (infinities included); `None` for NaN.
    pub fn from_f32(v: f32) -> Option<Number> {
        Number::from_f64(f64::from(v))
    }

    /// The number written by the shortest decimal that reads back as `v` (Rust's and Go's
    /// shortest round-trip formatting), rounded to [`PRECISION`] bits; `None` for NaN.
    ///
    /// This is how a result computed in `f64` (a power, a logarithm) should come back: it
    /// prints the way Go's cty prints a `float64` result.
    ///
    /// ```
    /// # use hcl_core::Number;
    /// let n = Number::from_f64_shortest(2f64.sqrt()).unwrap();
    /// assert_eq!(n.to_string(), "1.4142135623730951");
    /// ```
    pub fn from_f64_shortest(v: f64) -> Option<Number> {
        if !v.is_finite() {
            return Number::from_f64(v);
        }
        // `{:e}` is the shortest round-trip form; f64 values are well within the limits.
        Number::parse_literal(&format!("{v:e}")).ok()
    }

    /// Whether this is a whole number (infinities are not).
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small(_) | Repr::Big(_) => true,
            Repr::Float(f) => f.is_integer(),
            Repr::PosInf | Repr::NegInf => false,
        }
    }

    /// Whether this is `+Inf` or `-Inf`.
    pub fn is_infinite(&self) -> bool {
        matches!(self.0, Repr::PosInf | Repr::NegInf)
    }

    /// Whether this is neither `+Inf` nor `-Inf`.
    pub fn is_finite(&self) -> bool {
        !self.is_infinite()
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    /// Whether this is less than zero (`-Inf` included).
    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Small(v) => *v < 0,
            Repr::Big(b) => b.is_negative(),
            Repr::Float(f) => f.neg,
            Repr::PosInf => false,
            Repr::NegInf => true,
        }
    }

    /// Whether this is greater than zero (`+Inf` included).
    pub fn is_positive(&self) -> bool {
        !self.is_zero() && !self.is_negative()
    }

    fn op(&self) -> Op {
        match &self.0 {
            Repr::Small(v) => Op::Small(*v),
            Repr::Big(_) => Op::Big,
            Repr::Float(_) => Op::Float,
            Repr::PosInf => Op::Inf { neg: false },
            Repr::NegInf => Op::Inf { neg: true },
        }
    }

    fn infinity(neg: bool) -> Number {
        if neg {
            Number::NEG_INFINITY
        } else {
            Number::INFINITY
        }
    }

    /// The exact value of a finite number as a dyadic rational.
    fn dy(&self) -> Dy<'_> {
        match &self.0 {
            Repr::Small(v) => Dy::owned(*v < 0, BigUint::from(v.unsigned_abs()), 0),
            Repr::Big(b) => Dy {
                neg: b.is_negative(),
                mant: std::borrow::Cow::Borrowed(b.magnitude()),
                exp: 0,
            },
            Repr::Float(f) => f.as_dy(),
            Repr::PosInf | Repr::NegInf => Dy::zero(),
        }
    }

    /// The value of an integer operand.
    fn int_value(&self) -> Option<std::borrow::Cow<'_, BigInt>> {
        match &self.0 {
            Repr::Small(v) => Some(std::borrow::Cow::Owned(BigInt::from(*v))),
            Repr::Big(b) => Some(std::borrow::Cow::Borrowed(b)),
            _ => None,
        }
    }

    /// The sum. `+Inf + -Inf` is an error.
    pub fn add(&self, other: &Number) -> Result<Number, ArithmeticError> {
        self.add_impl(other, false)
    }

    /// The difference. `+Inf - +Inf` and `-Inf - -Inf` are errors.
    pub fn sub(&self, other: &Number) -> Result<Number, ArithmeticError> {
        self.add_impl(other, true)
    }

    fn add_impl(&self, other: &Number, negate: bool) -> Result<Number, ArithmeticError> {
        match (self.op(), other.op()) {
            (Op::Small(a), Op::Small(b)) => {
                let r = if negate {
                    a.checked_sub(b)
                } else {
                    a.checked_add(b)
                };
                Ok(match r {
                    Some(r) => Number(Repr::Small(r)),
                    None if negate => Number::from(i128::from(a) - i128::from(b)),
                    None => Number::from(i128::from(a) + i128::from(b)),
                })
            }
            (Op::Inf { neg: a }, Op::Inf { neg: b }) => {
                if a == (b != negate) {
                    Ok(Number::infinity(a))
                } else if negate {
                    Err(ArithmeticError::new(
                        ArithmeticErrorKind::SubtractInfinityFromItself,
                    ))
                } else {
                    Err(ArithmeticError::new(
                        ArithmeticErrorKind::SumOfOpposingInfinities,
                    ))
                }
            }
            (Op::Inf { neg }, _) => Ok(Number::infinity(neg)),
            (_, Op::Inf { neg }) => Ok(Number::infinity(neg != negate)),
            (Op::Small(_) | Op::Big, Op::Small(_) | Op::Big) => {
                let (Some(a), Some(b)) = (self.int_value(), other.int_value()) else {
                    return Ok(Number::ZERO);
                };
                let r = if negate {
                    a.as_ref() - b.as_ref()
                } else {
                    a.as_ref() + b.as_ref()
                };
                Ok(float::int_result(r))
            }
            _ => {
                let b = other.dy();
                let b = if negate { b.negated() } else { b };
                Ok(float::finish_arith(float::add_rounded(&self.dy(), &b)))
            }
        }
    }

    /// The product. Zero times an infinity is an error.
    pub fn mul(&self, other: &Number) -> Result<Number, ArithmeticError> {
        match (self.op(), other.op()) {
            (Op::Small(a), Op::Small(b)) => Ok(match a.checked_mul(b) {
                Some(r) => Number(Repr::Small(r)),
                None => Number::from(i128::from(a) * i128::from(b)),
            }),
            (Op::Inf { neg: a }, Op::Inf { neg: b }) => Ok(Number::infinity(a != b)),
            (Op::Inf { neg }, _) => {
                if other.is_zero() {
                    Err(ArithmeticError::new(
                        ArithmeticErrorKind::MultiplyZeroByInfinity,
                    ))
                } else {
                    Ok(Number::infinity(neg != other.is_negative()))
                }
            }
            (_, Op::Inf { neg }) => {
                if self.is_zero() {
                    Err(ArithmeticError::new(
                        ArithmeticErrorKind::MultiplyZeroByInfinity,
                    ))
                } else {
                    Ok(Number::infinity(neg != self.is_negative()))
                }
            }
            (Op::Small(_) | Op::Big, Op::Small(_) | Op::Big) => {
                let (Some(a), Some(b)) = (self.int_value(), other.int_value()) else {
                    return Ok(Number::ZERO);
                };
                Ok(float::int_result(a.as_ref() * b.as_ref()))
            }
            _ => Ok(float::finish_arith(float::mul_rounded(
                &self.dy(),
                &other.dy(),
            ))),
        }
    }

    /// The quotient, exact when both are integers and the division is exact, and otherwise
    /// rounded to [`PRECISION`] bits. A nonzero number divided by zero is an infinity of its
    /// sign; `0 / 0` and `±Inf / ±Inf` are errors.
    pub fn div(&self, other: &Number) -> Result<Number, ArithmeticError> {
        let nan =
            || ArithmeticError::new(ArithmeticErrorKind::DivideZeroByZeroOrInfinityByInfinity);
        match (self.op(), other.op()) {
            (Op::Inf { .. }, Op::Inf { .. }) => Err(nan()),
            (Op::Inf { neg }, _) => Ok(Number::infinity(neg != other.is_negative())),
            (_, Op::Inf { .. }) => Ok(Number::ZERO),
            _ if other.is_zero() => {
                if self.is_zero() {
                    Err(nan())
                } else {
                    Ok(Number::infinity(self.is_negative()))
                }
            }
            (Op::Small(a), Op::Small(b)) if a.checked_rem(b) == Some(0) => {
                Ok(match a.checked_div(b) {
                    Some(q) => Number(Repr::Small(q)),
                    None => Number::from(-i128::from(a)),
                })
            }
            (Op::Small(_) | Op::Big, Op::Small(_) | Op::Big) => {
                let (Some(a), Some(b)) = (self.int_value(), other.int_value()) else {
                    return Ok(Number::ZERO);
                };
                let (q, r) = a.as_ref().div_rem(b.as_ref());
                if r.is_zero() {
                    Ok(float::int_result(q))
                } else {
                    Ok(float::finish_arith(float::div_rounded(
                        &self.dy(),
                        &other.dy(),
                    )))
                }
            }
            _ => Ok(float::finish_arith(float::div_rounded(
                &self.dy(),
                &other.dy(),
            ))),
        }
    }

    /// The remainder of the division truncated toward zero (it has the sign of `self`), as Go's
    /// cty computes it: `x % 0` is `x`; with an infinity the result is `self × other` (an
    /// error for zero and an infinity); otherwise `self - other × trunc(self / other)`, each
    /// step rounded to [`PRECISION`] bits unless both operands are integers (then exact).
    pub fn rem(&self, other: &Number) -> Result<Number, ArithmeticError> {
        match (self.op(), other.op()) {
            (Op::Inf { .. }, _) | (_, Op::Inf { .. }) => self
                .mul(other)
                .map_err(|_| ArithmeticError::new(ArithmeticErrorKind::ModuloWithZeroAndInfinity)),
            _ if other.is_zero() => Ok(self.clone()),
            (Op::Small(a), Op::Small(b)) => Ok(Number(Repr::Small(a.checked_rem(b).unwrap_or(0)))),
            (Op::Small(_) | Op::Big, Op::Small(_) | Op::Big) => {
                let (Some(a), Some(b)) = (self.int_value(), other.int_value()) else {
                    return Ok(Number::ZERO);
                };
                Ok(float::int_result(a.as_ref() % b.as_ref()))
            }
            _ => {
                // Go's operands are 512-bit floats: an exact integer longer than that is
                // rounded first, so that the steps below give Go's results.
                let (a, b) = (
                    float::rounded_operand(self.dy()),
                    float::rounded_operand(other.dy()),
                );
                let rat = float::div_rounded(&a, &b);
                let whole = rat.trunc();
                if whole.is_zero() {
                    return Ok(self.clone());
                }
                let prod = float::mul_rounded(&b, &whole);
                Ok(float::finish_arith(float::add_rounded(&a, &prod.negated())))
            }
        }
    }

    /// The negation.
    pub fn neg(&self) -> Number {
        match &self.0 {
            Repr::Small(v) => match v.checked_neg() {
                Some(n) => Number(Repr::Small(n)),
                None => Number::from(-i128::from(*v)),
            },
            Repr::Big(b) => float::int_result(-b.as_ref()),
            Repr::Float(f) => Number(Repr::Float(Arc::new(Float {
                neg: !f.neg,
                mant: f.mant.clone(),
                exp: f.exp,
            }))),
            Repr::PosInf => Number::NEG_INFINITY,
            Repr::NegInf => Number::INFINITY,
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> Number {
        if self.is_negative() {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// The integer part: rounds toward zero. Infinities stay as they are.
    pub fn trunc(&self) -> Number {
        match &self.0 {
            Repr::Float(f) if !f.is_integer() => float::finish_arith(f.as_dy().trunc()),
            _ => self.clone(),
        }
    }

    /// The largest integer not greater than this. Infinities stay as they are.
    pub fn floor(&self) -> Number {
        let t = self.trunc();
        if self.is_negative() && !self.is_integer() && self.is_finite() {
            t.sub(&Number::ONE).unwrap_or(t)
        } else {
            t
        }
    }

    /// The smallest integer not less than this. Infinities stay as they are.
    pub fn ceil(&self) -> Number {
        let t = self.trunc();
        if self.is_positive() && !self.is_integer() && self.is_finite() {
            t.add(&Number::ONE).unwrap_or(t)
        } else {
            t
        }
    }

    to_native_int! {
        /// The value as an `i8`, if it is a whole number in range.
        to_i8 -> i8;
        /// The value as an `i16`, if it is a whole number in range.
        to_i16 -> i16;
        /// The value as an `i32`, if it is a whole number in range.
        to_i32 -> i32;
        /// The value as an `i64`, if it is a whole number in range.
        to_i64 -> i64;
        /// The value as an `i128`, if it is a whole number in range.
        to_i128 -> i128;
        /// The value as an `isize`, if it is a whole number in range.
        to_isize -> isize;
        /// The value as a `u8`, if it is a whole number in range.
        to_u8 -> u8;
        /// The value as a `u16`, if it is a whole number in range.
        to_u16 -> u16;
        /// The value as a `u32`, if it is a whole number in range.
        to_u32 -> u32;
        /// The value as a `u64`, if it is a whole number in range.
        to_u64 -> u64;
        /// The value as a `u128`, if it is a whole number in range.
        to_u128 -> u128;
        /// The value as a `usize`, if it is a whole number in range.
        to_usize -> usize;
    }

    /// The value as a `BigInt`, if it is a whole number (finite).
    pub fn to_bigint(&self) -> Result<BigInt, NumberRangeError> {
        match &self.0 {
            Repr::Small(v) => Ok(BigInt::from(*v)),
            Repr::Big(b) => Ok(b.as_ref().clone()),
            Repr::Float(f) => f.to_bigint().ok_or_else(NumberRangeError::whole),
            Repr::PosInf | Repr::NegInf => Err(NumberRangeError::whole()),
        }
    }

    /// The nearest `f64` (half to even); infinities stay infinities and numbers too large for
    /// an `f64` become infinities, numbers too small zero.
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small(v) => *v as f64,
            Repr::Big(b) => {
                float::to_native_float(b.is_negative(), b.magnitude(), 0, 53, -1074, 1024)
            }
            Repr::Float(f) => float::to_native_float(f.neg, &f.mant, f.exp, 53, -1074, 1024),
            Repr::PosInf => f64::INFINITY,
            Repr::NegInf => f64::NEG_INFINITY,
        }
    }

    /// The nearest `f32` (half to even), like [`Number::to_f64`].
    pub fn to_f32(&self) -> f32 {
        let (neg, mant, exp): (bool, std::borrow::Cow<'_, BigUint>, i64) = match &self.0 {
            Repr::Small(v) => (
                *v < 0,
                std::borrow::Cow::Owned(BigUint::from(v.unsigned_abs())),
                0,
            ),
            Repr::Big(b) => (
                b.is_negative(),
                std::borrow::Cow::Borrowed(b.magnitude()),
                0,
            ),
            Repr::Float(f) => (f.neg, std::borrow::Cow::Borrowed(&f.mant), f.exp),
            Repr::PosInf => return f32::INFINITY,
            Repr::NegInf => return f32::NEG_INFINITY,
        };
        // The result is an f32 value (or an infinity), held exactly by the f64.
        float::to_native_float(neg, &mant, exp, 24, -149, 128) as f32
    }
}

impl Default for Number {
    /// Zero.
    fn default() -> Self {
        Number::ZERO
    }
}

macro_rules! from_small_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Number {
            fn from(v: $t) -> Self {
                Number(Repr::Small(i64::from(v)))
            }
        }
    )*};
}
from_small_int!(i8, i16, i32, i64, u8, u16, u32);

macro_rules! from_wide_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Number {
            fn from(v: $t) -> Self {
                match i64::try_from(v) {
                    Ok(v) => Number(Repr::Small(v)),
                    Err(_) => Number(Repr::Big(Arc::new(BigInt::from(v)))),
                }
            }
        }
    )*};
}
from_wide_int!(u64, i128, u128, isize, usize);

impl From<BigInt> for Number {
    /// An exact integer; one longer than [`MAX_INTEGER_BITS`] is rounded to
    /// [`PRECISION`] bits.
    fn from(v: BigInt) -> Self {
        float::int_result(v)
    }
}

impl From<&BigInt> for Number {
    /// Like `From<BigInt>`.
    fn from(v: &BigInt) -> Self {
        match v.to_i64() {
            Some(i) => Number(Repr::Small(i)),
            None => float::int_result(v.clone()),
        }
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a == b,
            _ => self.cmp(other) == Ordering::Equal,
        }
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
        fn rank(n: &Number) -> u8 {
            match n.0 {
                Repr::NegInf => 0,
                Repr::PosInf => 4,
                _ if n.is_negative() => 1,
                _ if n.is_zero() => 2,
                _ => 3,
            }
        }
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0) {
            return a.cmp(b);
        }
        let (ra, rb) = (rank(self), rank(other));
        if ra != rb || ra % 2 == 0 {
            // Different signs, or both zero, or both the same infinity.
            return ra.cmp(&rb);
        }
        let neg = ra == 1;
        let magnitude = match (&self.0, &other.0) {
            (Repr::Big(a), Repr::Big(b)) => a.magnitude().cmp(b.magnitude()),
            // A `Big` is outside the `i64` range.
            (Repr::Small(_), Repr::Big(_)) => Ordering::Less,
            (Repr::Big(_), Repr::Small(_)) => Ordering::Greater,
            _ => float::cmp_magnitude(&self.dy(), &other.dy()),
        };
        if neg { magnitude.reverse() } else { magnitude }
    }
}

impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Small(v) => {
                state.write_u8(0);
                state.write_i64(*v);
            }
            // A `Big` may equal an integral `Float`: both hash as sign, odd part and exponent.
            Repr::Big(b) => {
                let tz = b.magnitude().trailing_zeros().unwrap_or(0);
                let odd = b.magnitude() >> usize::try_from(tz).unwrap_or(0);
                hash_dyadic(state, b.is_negative(), &odd, tz as i64);
            }
            Repr::Float(f) => hash_dyadic(state, f.neg, &f.mant, f.exp),
            Repr::PosInf => state.write_u8(2),
            Repr::NegInf => state.write_u8(3),
        }
    }
}

fn hash_dyadic<H: Hasher>(state: &mut H, neg: bool, odd: &BigUint, exp: i64) {
    state.write_u8(1);
    state.write_u8(u8::from(neg));
    state.write_i64(exp);
    for d in odd.iter_u64_digits() {
        state.write_u64(d);
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => fmt::Display::fmt(v, f),
            Repr::Big(b) => fmt::Display::fmt(b.as_ref(), f),
            Repr::Float(x) => f.pad(&print::float_to_string(x)),
            Repr::PosInf => f.pad("+Inf"),
            Repr::NegInf => f.pad("-Inf"),
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

impl std::str::FromStr for Number {
    type Err = ParseNumberError;

    /// Same as [`Number::parse_literal`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Number::parse_literal(s)
    }
}
