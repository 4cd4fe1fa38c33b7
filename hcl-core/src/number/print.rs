//! [`Float`] to decimal text: the shortest decimal that reads back to the same 512-bit value,
//! in positional notation.
//!
//! This reproduces Go's `big.Float.Text('f', -1)` digit for digit (`math/big/ftoa.go`,
//! `roundShortest`), including its choices at the edges (the neighbours are taken half an ulp
//! away on both sides, even at a power of two; the bounds are inclusive when the mantissa is
//! even). Go computes the exact decimal expansions of the value and of the two bounds; here
//! only their leading digits are computed (the decision always falls within the first ~160
//! digits), which keeps printing fast for numbers with large exponents.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;

use super::float::{self, Float, PREC};

/// The leading decimal digits of a positive dyadic value.
struct Decimal {
    /// ASCII digits. When `more` is false these are all the digits, trailing zeros removed.
    digits: Vec<u8>,
    /// `value = 0.digits… × 10^exp`
    exp: i64,
    /// Whether nonzero digits follow the ones in `digits`.
    more: bool,
}

/// Not enough digits were computed to decide: retry with more.
struct NeedMore;

impl Decimal {
    /// Go's `decimal.at`: the digit at index `i`, or '0' past the end.
    fn at(&self, i: usize) -> Result<u8, NeedMore> {
        match self.digits.get(i) {
            Some(&d) => Ok(d),
            None if self.more => Err(NeedMore),
            None => Ok(b'0'),
        }
    }

    /// Compares `n` with the length of the full (trimmed) digit string.
    fn len_cmp(&self, n: usize) -> Result<std::cmp::Ordering, NeedMore> {
        if self.more {
            if n < self.digits.len() {
                Ok(std::cmp::Ordering::Greater)
            } else {
                Err(NeedMore)
            }
        } else {
            Ok(self.digits.len().cmp(&n))
        }
    }
}

/// `10^k`, `5^k` with `k = |s|`, shared between the three expansions.
struct Scale {
    s: i64,
    pow5: BigUint,
}

impl Scale {
    fn new(s: i64) -> Self {
        let k = u32::try_from(s.unsigned_abs()).unwrap_or(u32::MAX);
        Scale {
            s,
            pow5: BigUint::from(5u32).pow(k),
        }
    }

    /// The decimal digits of `floor(m × 2^e × 10^s)` and whether the floor was inexact.
    fn digits(&self, m: &BigUint, e: i64) -> Decimal {
        // m × 2^e × 10^s = m × 5^s × 2^(e+s)
        let sh = e + self.s;
        let (q, inexact) = if self.s >= 0 {
            let num = m * &self.pow5;
            if sh >= 0 {
                (num << to_usize(sh), false)
            } else {
                let n = sh.unsigned_abs();
                let inexact = num.trailing_zeros().is_some_and(|tz| tz < n);
                (num >> to_usize(-sh), inexact)
            }
        } else {
            let (num, den) = if sh >= 0 {
                (m << to_usize(sh), self.pow5.clone())
            } else {
                (m.clone(), &self.pow5 << to_usize(-sh))
            };
            let (q, r) = num.div_rem(&den);
            (q, !r.is_zero())
        };
        let mut digits = if q.is_zero() {
            Vec::new()
        } else {
            q.to_str_radix(10).into_bytes()
        };
        let exp = digits.len() as i64 - self.s;
        if !inexact {
            while digits.last() == Some(&b'0') {
                digits.pop();
            }
        }
        Decimal {
            digits,
            exp,
            more: inexact,
        }
    }
}

fn to_usize(n: i64) -> usize {
    usize::try_from(n).unwrap_or(0)
}

/// How many significant digits to compute first; the decision needs at most about 160.
const FIRST_DIGITS: i64 = 180;

pub(super) fn float_to_string(x: &Float) -> String {
    let mut want = FIRST_DIGITS;
    loop {
        if let Ok(s) = try_format(x, want) {
            return s;
        }
        want *= 2;
    }
}

fn try_format(x: &Float, want: i64) -> Result<String, NeedMore> {
    let (digits, exp) = shortest(x, want)?;
    Ok(fmt_f(x.neg, &digits, exp))
}

/// Go's `roundShortest` on the expansions of x and of x ∓ ½ulp; returns the digits and the
/// decimal exponent of the result.
fn shortest(x: &Float, want: i64) -> Result<(Vec<u8>, i64), NeedMore> {
    // x = mant2 × 2^exp2 with mant2 having PREC + 1 bits (its lsb is ½ ulp).
    let nbits = float::bits(&x.mant);
    let shift = PREC as i64 + 1 - nbits;
    let mant2 = &x.mant << to_usize(shift);
    let exp2 = x.exp - shift;
    // The bounds are possible outputs only if the PREC-bit mantissa is even.
    let inclusive = nbits < PREC as i64;

    // Choose s so that x × 10^s has about `want` digits.
    let top = x.top();
    let dexp_est = ((top - 1) as f64 * std::f64::consts::LOG10_2).floor() as i64 + 1;
    let scale = Scale::new(want - dexp_est);

    let mut d = scale.digits(&x.mant, x.exp);
    let lower = scale.digits(&(&mant2 - 1u32), exp2);
    let upper = scale.digits(&(&mant2 + 1u32), exp2);

    let mut i = 0usize;
    loop {
        if i >= d.digits.len() {
            if d.more {
                return Err(NeedMore);
            }
            // Went through all of d's digits: it is already the shortest.
            break;
        }
        let m = d.digits[i];
        let l = lower.at(i)?;
        let u = upper.at(i)?;
        // Okay to round down (truncate) if lower has a different digit or if lower is
        // inclusive and is exactly the result of rounding down (i.e., and we have reached the
        // final digit of lower).
        let okdown = l != m || inclusive && lower.len_cmp(i + 1)?.is_eq();
        // Okay to round up if upper has a different digit and either upper is inclusive or
        // upper is bigger than the result of rounding up.
        let okup = m != u && (inclusive || m + 1 < u || upper.len_cmp(i + 1)?.is_gt());
        let n = i + 1;
        match (okdown, okup) {
            (true, true) => {
                round(&mut d, n)?;
                break;
            }
            (true, false) => {
                round_down(&mut d, n)?;
                break;
            }
            (false, true) => {
                round_up(&mut d, n)?;
                break;
            }
            (false, false) => i += 1,
        }
    }
    Ok((d.digits, d.exp))
}

/// Go's `decimal.round`: to `n` digits, half to even (a lone final 5 rounds to even).
fn round(d: &mut Decimal, n: usize) -> Result<(), NeedMore> {
    if d.len_cmp(n)?.is_le() {
        return Ok(());
    }
    // len > n: digit n exists in `digits` (or we returned NeedMore).
    let c = d.at(n)?;
    let up = if c == b'5' && d.len_cmp(n + 1)?.is_eq() {
        n > 0 && (d.digits[n - 1] - b'0') & 1 != 0
    } else {
        c >= b'5'
    };
    if up { round_up(d, n) } else { round_down(d, n) }
}

/// Go's `decimal.roundUp`.
fn round_up(d: &mut Decimal, n: usize) -> Result<(), NeedMore> {
    if d.len_cmp(n)?.is_le() {
        return Ok(());
    }
    let mut n = n;
    while n > 0 && d.digits[n - 1] >= b'9' {
        n -= 1;
    }
    if n == 0 {
        d.digits.clear();
        d.digits.push(b'1');
        d.exp += 1;
    } else {
        d.digits[n - 1] += 1;
        d.digits.truncate(n);
    }
    d.more = false;
    Ok(())
}

/// Go's `decimal.roundDown`.
fn round_down(d: &mut Decimal, n: usize) -> Result<(), NeedMore> {
    if d.len_cmp(n)?.is_le() {
        return Ok(());
    }
    d.digits.truncate(n);
    while d.digits.last() == Some(&b'0') {
        d.digits.pop();
    }
    d.more = false;
    Ok(())
}

/// Go's `fmtF` with the precision of the shortest mode: all the digits, no exponent.
fn fmt_f(neg: bool, digits: &[u8], exp: i64) -> String {
    let len = digits.len() as i64;
    let int_len = exp.max(1);
    let frac_len = (len - exp).max(0);
    let mut out = String::with_capacity((int_len + frac_len + 2) as usize);
    if neg {
        out.push('-');
    }
    let at = |i: i64| -> char {
        if 0 <= i && i < len {
            char::from(digits[i as usize])
        } else {
            '0'
        }
    };
    if exp > 0 {
        for i in 0..exp {
            out.push(at(i));
        }
    } else {
        out.push('0');
    }
    if frac_len > 0 {
        out.push('.');
        for i in 0..frac_len {
            out.push(at(exp + i));
        }
    }
    out
}
