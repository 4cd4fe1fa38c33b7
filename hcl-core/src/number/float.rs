//! Binary floating point at 512 bits: exact dyadic intermediates, rounding half-to-even, and the
//! normalisation of results into [`Number`]s.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::sync::Arc;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use super::{Number, Repr};

/// Mantissa bits of a non-integer number (Go's `big.Float` precision used by cty).
pub(super) const PREC: u64 = 512;
/// The largest bit length of an exact integer.
pub(super) const MAX_INT_BITS: u64 = 65_536;
/// A finite float `x` has `2^(MIN_EXP - 1) <= |x| < 2^MAX_EXP`.
pub(super) const MAX_EXP: i64 = 1 << 20;
/// See [`MAX_EXP`].
pub(super) const MIN_EXP: i64 = -(1 << 20);

/// A finite, nonzero binary float `(-1)^neg × mant × 2^exp`.
///
/// Invariants: `mant` is odd and has at most [`PREC`] bits; the value is either not an integer
/// (`exp < 0`) or an integer of magnitude at least `2^PREC`; its top bit position
/// (`mant.bits() + exp`) lies in `MIN_EXP..=MAX_EXP`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Float {
    pub(super) neg: bool,
    pub(super) mant: BigUint,
    pub(super) exp: i64,
}

impl Float {
    /// The position of the top bit: `2^(top-1) <= |x| < 2^top`.
    pub(super) fn top(&self) -> i64 {
        bits(&self.mant) + self.exp
    }

    pub(super) fn is_integer(&self) -> bool {
        self.exp >= 0
    }

    pub(super) fn as_dy(&self) -> Dy<'_> {
        Dy {
            neg: self.neg,
            mant: Cow::Borrowed(&self.mant),
            exp: self.exp,
        }
    }

    /// The exact integer value of an integral float.
    pub(super) fn to_bigint(&self) -> Option<BigInt> {
        if self.exp < 0 {
            return None;
        }
        let mag = &self.mant << usize::try_from(self.exp).ok()?;
        Some(BigInt::from_biguint(sign_of(self.neg), mag))
    }
}

/// The bit length of a `BigUint`, as `i64` (bit lengths here are far below `i64::MAX`).
pub(super) fn bits(m: &BigUint) -> i64 {
    i64::try_from(m.bits()).unwrap_or(i64::MAX)
}

fn sign_of(neg: bool) -> Sign {
    if neg { Sign::Minus } else { Sign::Plus }
}

/// Shift amounts here are bounded by the sizes of the operands (see the callers), so they
/// always fit a `usize`; a negative amount is treated as zero.
fn shl(m: &BigUint, n: i64) -> BigUint {
    m << usize::try_from(n).unwrap_or(0)
}

/// An exact dyadic rational `(-1)^neg × mant × 2^exp` (zero when `mant` is zero), with an
/// unlimited exponent: intermediate results of the 512-bit operations.
#[derive(Clone, Debug)]
pub(super) struct Dy<'a> {
    pub(super) neg: bool,
    pub(super) mant: Cow<'a, BigUint>,
    pub(super) exp: i64,
}

impl Dy<'static> {
    pub(super) fn owned(neg: bool, mant: BigUint, exp: i64) -> Self {
        Dy {
            neg,
            mant: Cow::Owned(mant),
            exp,
        }
    }

    pub(super) fn zero() -> Self {
        Dy::owned(false, BigUint::zero(), 0)
    }
}

impl Dy<'_> {
    pub(super) fn is_zero(&self) -> bool {
        self.mant.is_zero()
    }

    fn top(&self) -> i64 {
        bits(&self.mant) + self.exp
    }

    pub(super) fn negated(mut self) -> Self {
        self.neg = !self.neg;
        self
    }

    /// Truncation toward zero (the integer part), exact.
    pub(super) fn trunc(&self) -> Dy<'static> {
        if self.exp >= 0 {
            return Dy::owned(self.neg, self.mant.clone().into_owned(), self.exp);
        }
        let shift = self.exp.unsigned_abs();
        if shift >= self.mant.bits() {
            return Dy::zero();
        }
        let m = self.mant.as_ref() >> usize::try_from(shift).unwrap_or(usize::MAX);
        Dy::owned(self.neg, m, 0)
    }
}

/// Whether any of the lowest `n` bits of `m` is set.
fn low_bits_nonzero(m: &BigUint, n: u64) -> bool {
    n > 0 && m.trailing_zeros().is_some_and(|tz| tz < n)
}

/// Rounds `(-1)^neg × (mant + sticky·ε) × 2^exp` (with `0 < ε < 1`) to [`PREC`] bits, half to
/// even. When `sticky` is set, `mant` must have at least `PREC + 2` bits.
pub(super) fn round(neg: bool, mut mant: BigUint, mut exp: i64, sticky: bool) -> Dy<'static> {
    let n = mant.bits();
    if n > PREC {
        let shift = n - PREC;
        let half = mant.bit(shift - 1);
        let rest = sticky || low_bits_nonzero(&mant, shift - 1);
        mant >>= usize::try_from(shift).unwrap_or(usize::MAX);
        exp += i64::try_from(shift).unwrap_or(i64::MAX);
        if half && (rest || mant.bit(0)) {
            mant += 1u32;
        }
    } else {
        debug_assert!(!sticky, "sticky rounding needs guard bits");
    }
    Dy::owned(neg, mant, exp)
}

/// `a` rounded to [`PREC`] bits (borrowed as it is when it already fits).
pub(super) fn rounded_operand(a: Dy<'_>) -> Dy<'_> {
    if a.mant.bits() <= PREC {
        return a;
    }
    round(a.neg, a.mant.into_owned(), a.exp, false)
}

/// The sum `a + b`, rounded to [`PREC`] bits.
pub(super) fn add_rounded(a: &Dy<'_>, b: &Dy<'_>) -> Dy<'static> {
    if a.is_zero() {
        return round(b.neg, b.mant.clone().into_owned(), b.exp, false);
    }
    if b.is_zero() {
        return round(a.neg, a.mant.clone().into_owned(), a.exp, false);
    }
    let (big, small) = if a.top() >= b.top() { (a, b) } else { (b, a) };
    // Every number of PREC bits near `big`, and every midpoint between two of them, is a
    // multiple of 2^g, and so is `big`; a `small` below 2^g only decides on which side of
    // `big` the sum falls, so it can be replaced by any value of that sign below 2^g. That
    // keeps the alignment shift small however far apart the exponents are.
    let low_big = big.exp + big.mant.trailing_zeros().map_or(0, |t| t as i64);
    let g = low_big.min(big.top() - (PREC as i64 + 2));
    let one = BigUint::from(1u32);
    let (small_mant, small_exp): (&BigUint, i64) = if small.top() <= g {
        (&one, g - 1)
    } else {
        (small.mant.as_ref(), small.exp)
    };
    let e = big.exp.min(small_exp);
    let mb = shl(&big.mant, big.exp - e);
    let ms = shl(small_mant, small_exp - e);
    if big.neg == small.neg {
        round(big.neg, mb + ms, e, false)
    } else {
        match mb.cmp(&ms) {
            Ordering::Equal => Dy::zero(),
            Ordering::Greater => round(big.neg, mb - ms, e, false),
            Ordering::Less => round(small.neg, ms - mb, e, false),
        }
    }
}

/// The product `a × b`, rounded to [`PREC`] bits.
pub(super) fn mul_rounded(a: &Dy<'_>, b: &Dy<'_>) -> Dy<'static> {
    if a.is_zero() || b.is_zero() {
        return Dy::zero();
    }
    let m = a.mant.as_ref() * b.mant.as_ref();
    round(a.neg != b.neg, m, a.exp + b.exp, false)
}

/// The quotient `a / b` (`b` nonzero), correctly rounded to [`PREC`] bits.
pub(super) fn div_rounded(a: &Dy<'_>, b: &Dy<'_>) -> Dy<'static> {
    if a.is_zero() {
        return Dy::zero();
    }
    // Scale so that the quotient has at least PREC + 3 bits: a round bit and a guard bit above
    // the sticky remainder.
    let s = (PREC as i64 + 3 + bits(&b.mant) - bits(&a.mant)).max(0);
    let num = shl(&a.mant, s);
    let (q, r) = num.div_rem(b.mant.as_ref());
    round(a.neg != b.neg, q, a.exp - b.exp - s, !r.is_zero())
}

/// A rounded result that left the exponent range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OutOfRange {
    Overflow { neg: bool },
    Underflow,
}

/// Normalises a rounded (at most [`PREC`]-bit) dyadic into a [`Number`]: integers below
/// `2^PREC` become exact integers, everything else a [`Float`] (checked against the
/// exponent range).
pub(super) fn finish(d: Dy<'_>) -> Result<Number, OutOfRange> {
    if d.is_zero() {
        return Ok(Number::ZERO);
    }
    let mut mant = d.mant.into_owned();
    let mut exp = d.exp;
    let tz = mant.trailing_zeros().unwrap_or(0);
    if tz > 0 {
        mant >>= usize::try_from(tz).unwrap_or(usize::MAX);
        exp += tz as i64;
    }
    let top = bits(&mant) + exp;
    if exp >= 0 && top <= PREC as i64 {
        let mag = shl(&mant, exp);
        return Ok(int_result(BigInt::from_biguint(sign_of(d.neg), mag)));
    }
    if top > MAX_EXP {
        return Err(OutOfRange::Overflow { neg: d.neg });
    }
    if top < MIN_EXP {
        return Err(OutOfRange::Underflow);
    }
    Ok(Number(Repr::Float(Arc::new(Float {
        neg: d.neg,
        mant,
        exp,
    }))))
}

/// [`finish`] for arithmetic: overflow gives an infinity, underflow zero.
pub(super) fn finish_arith(d: Dy<'_>) -> Number {
    match finish(d) {
        Ok(n) => n,
        Err(OutOfRange::Overflow { neg: false }) => Number::INFINITY,
        Err(OutOfRange::Overflow { neg: true }) => Number::NEG_INFINITY,
        Err(OutOfRange::Underflow) => Number::ZERO,
    }
}

/// An exact integer result: machine-sized values inline, larger ones boxed, and beyond
/// [`MAX_INT_BITS`] rounded into a float.
pub(super) fn int_result(v: BigInt) -> Number {
    if let Some(i) = v.to_i64() {
        return Number(Repr::Small(i));
    }
    if v.bits() <= MAX_INT_BITS {
        return Number(Repr::Big(Arc::new(v)));
    }
    let (sign, mag) = v.into_parts();
    finish_arith(round(sign == Sign::Minus, mag, 0, false))
}

/// Compares the magnitudes of two nonzero dyadics.
pub(super) fn cmp_magnitude(a: &Dy<'_>, b: &Dy<'_>) -> Ordering {
    match a.top().cmp(&b.top()) {
        Ordering::Equal => {}
        other => return other,
    }
    // Same top bit: the exponent difference is at most the longer mantissa.
    if a.exp >= b.exp {
        shl(&a.mant, a.exp - b.exp).cmp(b.mant.as_ref())
    } else {
        a.mant.as_ref().cmp(&shl(&b.mant, b.exp - a.exp))
    }
}

/// The nearest binary floating point value with `mant_bits` significant bits, a smallest
/// exponent (of the last place) `min_q` and magnitudes below `2^max_top`, as an `f64`
/// (exact: the caller's format is at most as wide as `f64`).
pub(super) fn to_native_float(
    neg: bool,
    mant: &BigUint,
    exp: i64,
    mant_bits: i64,
    min_q: i64,
    max_top: i64,
) -> f64 {
    let signed = |v: f64| if neg { -v } else { v };
    if mant.is_zero() {
        return 0.0;
    }
    let top = bits(mant) + exp;
    if top > max_top {
        return signed(f64::INFINITY);
    }
    let q = (top - mant_bits).max(min_q);
    let shift = q - exp;
    let r: u64 = if shift <= 0 {
        // Exact: fewer than mant_bits bits.
        shl(mant, -shift).to_u64().unwrap_or(0)
    } else {
        let ushift = shift.unsigned_abs();
        if ushift > mant.bits() + 1 {
            0
        } else {
            let half = mant.bit(ushift - 1);
            let rest = low_bits_nonzero(mant, ushift - 1);
            let kept = (mant >> usize::try_from(ushift).unwrap_or(usize::MAX))
                .to_u64()
                .unwrap_or(0);
            if half && (rest || kept & 1 == 1) {
                kept + 1
            } else {
                kept
            }
        }
    };
    // r <= 2^mant_bits is exact in an f64, and so is r × 2^q unless it overflows.
    signed(r as f64 * pow2(q))
}

/// `2^q` as an `f64`, for `-1074 <= q <= 1023`.
fn pow2(q: i64) -> f64 {
    if q >= -1022 {
        f64::from_bits(((q + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (q + 1074))
    }
}
