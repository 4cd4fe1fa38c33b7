//! Property tests of `Number`: text round trips, a total order consistent with equality and
//! hashing, the algebra of the operations, and exact integer arithmetic.

use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use hcl_core::Number;
use num_bigint::BigInt;
use proptest::prelude::*;

fn hash_of(n: &Number) -> u64 {
    let mut h = DefaultHasher::new();
    n.hash(&mut h);
    h.finish()
}

/// A decimal literal: `[-]digits[.digits][e[-]exp]`.
fn literal() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        "[0-9]{1,40}",
        proptest::option::of("[0-9]{1,40}"),
        proptest::option::of(-400i32..400),
    )
        .prop_map(|(neg, int, frac, exp)| {
            let mut s = String::new();
            if neg {
                s.push('-');
            }
            s.push_str(&int);
            if let Some(frac) = frac {
                s.push('.');
                s.push_str(&frac);
            }
            if let Some(exp) = exp {
                s.push_str(&format!("e{exp}"));
            }
            s
        })
}

/// An integer of up to `32 × max_digits` bits.
fn big_int_of(max_digits: usize) -> impl Strategy<Value = BigInt> {
    (
        any::<bool>(),
        proptest::collection::vec(any::<u32>(), 1..=max_digits),
    )
        .prop_map(|(neg, digits)| {
            let sign = if neg {
                num_bigint::Sign::Minus
            } else {
                num_bigint::Sign::Plus
            };
            BigInt::from_slice(sign, &digits)
        })
}

fn big_int() -> impl Strategy<Value = BigInt> {
    big_int_of(40)
}

/// Numbers of every kind: small and big integers, parsed decimals, rounded quotients,
/// huge and tiny floats, and the infinities.
fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        4 => any::<i64>().prop_map(Number::from),
        2 => (-1000i64..1000).prop_map(Number::from),
        2 => big_int().prop_map(Number::from),
        4 => literal().prop_map(|s| Number::parse_literal(&s).unwrap_or(Number::ZERO)),
        2 => (any::<i64>(), 1i64..1_000_000).prop_map(|(a, b)| {
            Number::from(a).div(&Number::from(b)).unwrap_or(Number::ZERO)
        }),
        1 => (literal(), big_int()).prop_map(|(s, b)| {
            // A float times a big integer: possibly an integral float above 2^512.
            let f = Number::parse_literal(&s).unwrap_or(Number::ONE);
            f.mul(&Number::from(b)).unwrap_or(Number::ZERO)
        }),
        1 => any::<f64>().prop_filter_map("NaN", Number::from_f64),
        1 => Just(Number::INFINITY),
        1 => Just(Number::NEG_INFINITY),
    ]
}

fn finite() -> impl Strategy<Value = Number> {
    number().prop_filter("finite", Number::is_finite)
}

/// `2^512`: integral floats at or above it print rounded digits.
fn two_512() -> Number {
    Number::from(BigInt::from(1u32) << 512)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn printed_text_reads_back_as_the_same_number(n in number()) {
        let text = n.to_string();
        let back = Number::parse_decimal(&text);
        prop_assert!(back.is_ok(), "{text} does not parse");
        let back = back.unwrap_or(Number::ZERO);
        if back != n {
            // Only an integral float at or above 2^512 prints a rounded integer (shortest
            // digits, then zeros), which reads back as an exact integer within half an ulp.
            prop_assert!(n.is_integer() && n.abs() >= two_512(), "{text}");
            let err = back.sub(&n).unwrap_or(Number::INFINITY).abs();
            let ulp = n.abs().div(&two_512()).unwrap_or(Number::ZERO);
            prop_assert!(err <= ulp, "{text}");
        }
    }

    #[test]
    fn printing_never_uses_an_exponent(n in number()) {
        let text = n.to_string();
        prop_assert!(!text.contains(['e', 'E']), "{text}");
        if n.is_finite() {
            let digits = text.strip_prefix('-').unwrap_or(&text);
            prop_assert!(digits.bytes().all(|b| b.is_ascii_digit() || b == b'.'));
            prop_assert!(!digits.ends_with('.'), "{text}");
            if digits.contains('.') {
                prop_assert!(!digits.ends_with('0'), "{text}");
            }
        }
    }

    #[test]
    fn literals_round_trip_through_their_text(text in literal()) {
        if let Ok(n) = Number::parse_literal(&text) {
            prop_assert_eq!(Number::parse_literal(&n.to_string()), Ok(n.clone()));
            prop_assert_eq!(Number::parse_decimal(&n.to_string()), Ok(n));
        }
    }

    #[test]
    fn an_exponent_only_moves_the_decimal_point(
        neg in any::<bool>(),
        digits in "[1-9][0-9]{0,30}",
        exp in -60i32..60,
    ) {
        // digits × 10^exp, written with an exponent and positionally.
        let sign = if neg { "-" } else { "" };
        let with_exp = format!("{sign}{digits}e{exp}");
        let positional = if exp >= 0 {
            format!("{sign}{digits}{}", "0".repeat(exp as usize))
        } else {
            let k = exp.unsigned_abs() as usize;
            let padded = format!("{}{digits}", "0".repeat(k.saturating_sub(digits.len()) + 1));
            let (int, frac) = padded.split_at(padded.len() - k);
            format!("{sign}{int}.{frac}")
        };
        prop_assert_eq!(Number::parse_literal(&with_exp), Number::parse_decimal(&positional));
    }

    #[test]
    fn ordering_is_consistent_with_equality_and_hashing(a in number(), b in number()) {
        let ord = a.cmp(&b);
        prop_assert_eq!(ord == Ordering::Equal, a == b);
        prop_assert_eq!(b.cmp(&a), ord.reverse());
        prop_assert_eq!(a.partial_cmp(&b), Some(ord));
        if a == b {
            prop_assert_eq!(hash_of(&a), hash_of(&b));
        }
        prop_assert_eq!(a.clone(), a.clone());
        prop_assert_eq!(hash_of(&a), hash_of(&a.clone()));
    }

    #[test]
    fn ordering_is_transitive(a in number(), b in number(), c in number()) {
        let mut v = [a, b, c];
        v.sort();
        prop_assert!(v[0] <= v[1] && v[1] <= v[2] && v[0] <= v[2]);
    }

    #[test]
    fn ordering_agrees_with_subtraction(a in finite(), b in finite()) {
        let d = a.sub(&b);
        prop_assert!(d.is_ok());
        let d = d.unwrap_or(Number::ZERO);
        // The difference is rounded, but never across zero.
        match a.cmp(&b) {
            Ordering::Less => prop_assert!(d.is_negative()),
            Ordering::Equal => prop_assert!(d.is_zero()),
            Ordering::Greater => prop_assert!(d.is_positive()),
        }
    }

    #[test]
    fn equal_values_from_different_routes_hash_equally(b in big_int_of(16), shift in 0u32..700) {
        // An exact integer and the same value computed as a float.
        let exact = Number::from(b.clone() << shift);
        let half = Number::parse_literal("0.5").unwrap_or(Number::ONE);
        let via_float = half.mul(&Number::from(b << (shift + 1)));
        prop_assert_eq!(via_float.as_ref(), Ok(&exact));
        prop_assert_eq!(via_float.map(|v| hash_of(&v)), Ok(hash_of(&exact)));
    }

    #[test]
    fn addition_and_multiplication_commute(a in number(), b in number()) {
        prop_assert_eq!(a.add(&b), b.add(&a));
        prop_assert_eq!(a.mul(&b), b.mul(&a));
    }

    #[test]
    fn subtraction_is_adding_the_negation(a in finite(), b in number()) {
        prop_assert_eq!(a.sub(&b), a.add(&b.neg()));
    }

    #[test]
    fn identities_hold(a in number()) {
        prop_assert_eq!(a.add(&Number::ZERO), Ok(a.clone()));
        prop_assert_eq!(a.mul(&Number::ONE), Ok(a.clone()));
        prop_assert_eq!(a.div(&Number::ONE), Ok(a.clone()));
        prop_assert_eq!(a.neg().neg(), a.clone());
        prop_assert!(!a.abs().is_negative());
        if a.is_finite() {
            prop_assert_eq!(a.sub(&a), Ok(Number::ZERO));
            prop_assert_eq!(a.rem(&Number::ZERO), Ok(a.clone()));
            prop_assert!(a.trunc().is_integer());
            prop_assert!(a.floor() <= a && a <= a.ceil());
        }
    }

    #[test]
    fn integer_arithmetic_is_exact(a in big_int(), b in big_int()) {
        let (x, y) = (Number::from(a.clone()), Number::from(b.clone()));
        prop_assert_eq!(x.add(&y).map(|n| n.to_string()), Ok((&a + &b).to_string()));
        prop_assert_eq!(x.sub(&y).map(|n| n.to_string()), Ok((&a - &b).to_string()));
        prop_assert_eq!(x.mul(&y).map(|n| n.to_string()), Ok((&a * &b).to_string()));
        prop_assert_eq!(x.to_bigint(), Ok(a.clone()));
        if b != BigInt::ZERO {
            prop_assert_eq!(x.mul(&y).and_then(|p| p.div(&y)), Ok(x.clone()));
            prop_assert_eq!(x.rem(&y).map(|n| n.to_string()), Ok((&a % &b).to_string()));
        }
    }

    #[test]
    fn small_integer_arithmetic_matches_i128(a in any::<i64>(), b in any::<i64>()) {
        let (x, y) = (Number::from(a), Number::from(b));
        let (a, b) = (i128::from(a), i128::from(b));
        prop_assert_eq!(x.add(&y), Ok(Number::from(a + b)));
        prop_assert_eq!(x.sub(&y), Ok(Number::from(a - b)));
        prop_assert_eq!(x.mul(&y), Ok(Number::from(a * b)));
        if b != 0 {
            prop_assert_eq!(x.rem(&y), Ok(Number::from(a % b)));
            if a % b == 0 {
                prop_assert_eq!(x.div(&y), Ok(Number::from(a / b)));
            } else {
                prop_assert!(!x.div(&y).is_ok_and(|q| q.is_integer()));
            }
        }
        prop_assert_eq!(x.to_i128(), Ok(a));
    }

    #[test]
    fn f64_values_convert_exactly_both_ways(v in any::<f64>()) {
        match Number::from_f64(v) {
            None => prop_assert!(v.is_nan()),
            Some(n) => {
                prop_assert_eq!(n.to_f64(), if v == 0.0 { 0.0 } else { v });
                let shortest = Number::from_f64_shortest(v);
                prop_assert_eq!(shortest.map(|s| s.to_f64()), Some(if v == 0.0 { 0.0 } else { v }));
            }
        }
    }

    #[test]
    fn conversion_to_f64_is_monotonic(a in number(), b in number()) {
        if a <= b {
            prop_assert!(a.to_f64() <= b.to_f64());
            prop_assert!(a.to_f32() <= b.to_f32());
        }
    }
}
