//! Decimal text to [`Number`]: exact, then rounded once to 512 bits.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::Zero;

use super::float::{self, MAX_EXP, MAX_INT_BITS, MIN_EXP, OutOfRange, PREC};
use super::{Number, ParseNumberError, ParseNumberErrorKind, Repr};

/// `log2(10)`, slightly overestimated: used only for conservative range checks.
const LOG2_10_HI: f64 = std::f64::consts::LOG2_10 * (1.0 + 1e-9);
/// `log2(10)`, slightly underestimated.
const LOG2_10_LO: f64 = std::f64::consts::LOG2_10 * (1.0 - 1e-9);
/// Decimal digit strings longer than this are parsed by divide and conquer.
const DC_THRESHOLD: usize = 1200;

fn invalid() -> ParseNumberError {
    ParseNumberError {
        kind: ParseNumberErrorKind::Invalid,
    }
}

fn out_of_range() -> ParseNumberError {
    ParseNumberError {
        kind: ParseNumberErrorKind::OutOfRange,
    }
}

/// The parts of a scanned decimal number.
struct Scanned<'a> {
    neg: bool,
    int_digits: &'a [u8],
    frac_digits: &'a [u8],
    /// The decimal exponent; `None` when it does not fit an `i64`.
    exp: Option<i64>,
}

fn digits_at(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// `[+-]? (digits ("." digits?)? | "." digits) ([eE] [+-]? digits)?`
fn scan_literal(s: &[u8]) -> Option<Scanned<'_>> {
    let mut i = 0;
    let mut neg = false;
    if let Some(&c @ (b'+' | b'-')) = s.first() {
        neg = c == b'-';
        i = 1;
    }
    let int_end = digits_at(s, i);
    let int_digits = &s[i..int_end];
    i = int_end;
    let mut frac_digits: &[u8] = &[];
    if s.get(i) == Some(&b'.') {
        let frac_end = digits_at(s, i + 1);
        frac_digits = &s[i + 1..frac_end];
        i = frac_end;
    }
    if int_digits.is_empty() && frac_digits.is_empty() {
        return None;
    }
    let mut exp = Some(0i64);
    if let Some(b'e' | b'E') = s.get(i) {
        i += 1;
        let mut exp_neg = false;
        if let Some(&c @ (b'+' | b'-')) = s.get(i) {
            exp_neg = c == b'-';
            i += 1;
        }
        let exp_end = digits_at(s, i);
        let exp_digits = &s[i..exp_end];
        if exp_digits.is_empty() {
            return None;
        }
        i = exp_end;
        let mut v: Option<i64> = Some(0);
        for &d in exp_digits {
            let digit = i64::from(d - b'0');
            v = v.and_then(|v| v.checked_mul(10)).and_then(|v| {
                if exp_neg {
                    v.checked_sub(digit)
                } else {
                    v.checked_add(digit)
                }
            });
        }
        exp = v;
    }
    if i != s.len() {
        return None;
    }
    Some(Scanned {
        neg,
        int_digits,
        frac_digits,
        exp,
    })
}

/// `-? digits ("." digits)?`
fn scan_decimal(s: &[u8]) -> Option<Scanned<'_>> {
    let mut i = 0;
    let mut neg = false;
    if s.first() == Some(&b'-') {
        neg = true;
        i = 1;
    }
    let int_end = digits_at(s, i);
    let int_digits = &s[i..int_end];
    if int_digits.is_empty() {
        return None;
    }
    i = int_end;
    let mut frac_digits: &[u8] = &[];
    if s.get(i) == Some(&b'.') {
        let frac_end = digits_at(s, i + 1);
        frac_digits = &s[i + 1..frac_end];
        if frac_digits.is_empty() {
            return None;
        }
        i = frac_end;
    }
    if i != s.len() {
        return None;
    }
    Some(Scanned {
        neg,
        int_digits,
        frac_digits,
        exp: Some(0),
    })
}

pub(super) fn parse_literal(text: &str) -> Result<Number, ParseNumberError> {
    let s = scan_literal(text.as_bytes()).ok_or_else(invalid)?;
    evaluate(&s)
}

pub(super) fn parse_decimal(text: &str) -> Result<Number, ParseNumberError> {
    match text {
        "+Inf" => return Ok(Number::INFINITY),
        "-Inf" => return Ok(Number::NEG_INFINITY),
        _ => {}
    }
    let s = scan_decimal(text.as_bytes()).ok_or_else(invalid)?;
    evaluate(&s)
}

/// The digits of the integer and fraction parts, seen as one sequence.
struct Digits<'a> {
    a: &'a [u8],
    b: &'a [u8],
}

impl Digits<'_> {
    fn len(&self) -> usize {
        self.a.len() + self.b.len()
    }
    fn at(&self, i: usize) -> u8 {
        if i < self.a.len() {
            self.a[i]
        } else {
            self.b[i - self.a.len()]
        }
    }
}

/// Computes the value of a scanned number: `D × 10^p` with `D` its significant digits.
fn evaluate(s: &Scanned<'_>) -> Result<Number, ParseNumberError> {
    let digits = Digits {
        a: s.int_digits,
        b: s.frac_digits,
    };
    let len = digits.len();
    let Some(first) = (0..len).find(|&i| digits.at(i) != b'0') else {
        // Zero, whatever the exponent (as long as it was a valid one).
        return if s.exp.is_some() {
            Ok(Number::ZERO)
        } else {
            Err(out_of_range())
        };
    };
    let exp = s.exp.ok_or_else(out_of_range)?;
    let last = (first..len)
        .rev()
        .find(|&i| digits.at(i) != b'0')
        .unwrap_or(first);
    let n = (last - first + 1) as i128;
    // value = D × 10^p, D having n digits, the last one nonzero.
    let p = i128::from(exp) - s.frac_digits.len() as i128 + (len - 1 - last) as i128;
    // 10^(dexp - 1) <= value < 10^dexp
    let dexp = n + p;

    if p >= 0 {
        // An integer: it must be exact, so at most MAX_INT_BITS bits.
        if (dexp - 1) as f64 * LOG2_10_LO > MAX_INT_BITS as f64 {
            return Err(out_of_range());
        }
        let p = p as u32; // < 20000 here
        if n <= 19 && p <= 19 {
            let d = small_digits(&digits, first, last);
            if let Some(v) = 10u64.checked_pow(p).and_then(|m| d.checked_mul(m)) {
                return Ok(signed_u64(s.neg, v));
            }
        }
        let d = big_digits(&digits, first, last);
        let v = d * BigUint::from(10u32).pow(p);
        if v.bits() > MAX_INT_BITS {
            return Err(out_of_range());
        }
        let sign = if s.neg { Sign::Minus } else { Sign::Plus };
        return Ok(float::int_result(BigInt::from_biguint(sign, v)));
    }

    // Not an integer: D / 10^j, rounded once. First a cheap check of the exponent range.
    if (dexp - 1) as f64 * LOG2_10_LO > (MAX_EXP + 1) as f64
        || (dexp as f64) * LOG2_10_HI < (MIN_EXP - 2) as f64
    {
        return Err(out_of_range());
    }
    let j = u32::try_from(-p).map_err(|_| out_of_range())?;
    let d = big_digits(&digits, first, last);
    // D / (5^j × 2^j): scale so that the quotient keeps PREC + 3 bits.
    let five_j = BigUint::from(5u32).pow(j);
    let s_shift = (PREC as i64 + 3 + float::bits(&five_j) - float::bits(&d)).max(0);
    let num = d << usize::try_from(s_shift).map_err(|_| out_of_range())?;
    let (q, r) = num.div_rem(&five_j);
    let rounded = float::round(s.neg, q, -s_shift - i64::from(j), !r.is_zero());
    match float::finish(rounded) {
        Ok(v) => Ok(v),
        Err(OutOfRange::Overflow { .. } | OutOfRange::Underflow) => Err(out_of_range()),
    }
}

fn signed_u64(neg: bool, v: u64) -> Number {
    if neg {
        if v <= i64::MAX as u64 + 1 {
            return Number(Repr::Small(0i64.wrapping_sub_unsigned(v)));
        }
        float::int_result(-BigInt::from(v))
    } else {
        Number::from(v)
    }
}

/// Digits `first..=last` (at most 19) as a `u64`.
fn small_digits(digits: &Digits<'_>, first: usize, last: usize) -> u64 {
    (first..=last).fold(0u64, |acc, i| acc * 10 + u64::from(digits.at(i) - b'0'))
}

/// Digits `first..=last` as a `BigUint`.
fn big_digits(digits: &Digits<'_>, first: usize, last: usize) -> BigUint {
    let bytes: Vec<u8> = (first..=last).map(|i| digits.at(i) - b'0').collect();
    digits_to_biguint(&bytes)
}

/// Decimal digit values (0..=9), most significant first, to a `BigUint`: chunks of 19 digits
/// for short strings, divide and conquer (subquadratic with num-bigint's multiplication) for
/// long ones.
fn digits_to_biguint(d: &[u8]) -> BigUint {
    if d.len() <= DC_THRESHOLD {
        let mut acc = BigUint::zero();
        for chunk in d.chunks(19) {
            let v = chunk.iter().fold(0u64, |a, &x| a * 10 + u64::from(x));
            acc = acc * 10u64.pow(chunk.len() as u32) + v;
        }
        return acc;
    }
    let low_len = d.len() / 2;
    let (high, low) = d.split_at(d.len() - low_len);
    let scale = BigUint::from(10u32).pow(low_len as u32);
    digits_to_biguint(high) * scale + digits_to_biguint(low)
}
