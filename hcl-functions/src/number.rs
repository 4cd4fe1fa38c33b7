//! The number functions.
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`abs`] | `abs(num)` | the absolute value (hcldec's: [`crate::hcldec::abs`]) |
//! | [`int`] | `int(num)` | the number truncated toward zero (hcldec's: [`crate::hcldec::int`]) |
//! | [`ceil`] | `ceil(num)` | the smallest whole number not less than `num` |
//! | [`floor`] | `floor(num)` | the greatest whole number not greater than `num` |
//! | [`log`] | `log(num, base)` | the logarithm of `num` in `base` (computed in `f64`, as Go does) |
//! | [`pow`] | `pow(num, power)` | `num` raised to `power` (computed in `f64`, as Go does) |
//! | [`signum`] | `signum(num)` | `-1`, `0` or `1`: the sign of a whole number |
//! | [`parseint`] | `parseint(number, base)` | the integer a string writes in base 2 to 62 |
//! | [`max`] | `max(numbers...)` | the greatest number (hcldec's: [`crate::hcldec::max`]) |
//! | [`min`] | `min(numbers...)` | the smallest number (hcldec's: [`crate::hcldec::min`]) |
//! | [`sum`] | `sum(list)` | the sum of a list, set or tuple of numbers (Terraform's) |
//!
//! All but `sum` are go-cty's (`function/stdlib/number.go`), with its
//! messages; `sum` is Terraform's (`lang/funcs/collection.go`).
//!
//! # Differences from Go
//!
//! - `log` and `pow` whose `f64` result is not a number (`log(-1, 10)`,
//!   `pow(-8, 0.5)`, `log(0, 0)`) fail with "the result is not a number";
//!   Go's implementation panics (`Float.SetFloat64(NaN)`), and the call fails
//!   with "panic in function implementation" and a Go stack trace.
//! - `parseint` refuses a string whose value would be longer than
//!   [`MAX_INTEGER_BITS`] bits (an
//!   integer the core's numbers could not hold exactly), so that parsing
//!   stays fast; Go has no limit.

use hcl_core::convert;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::number::MAX_INTEGER_BITS;
use hcl_core::{Number, Type, Value};
use num_bigint::{BigInt, BigUint, Sign};

fn number_arg(args: &[Value], index: usize) -> Result<&Number, FunctionError> {
    args.get(index)
        .and_then(Value::as_number)
        .ok_or_else(|| FunctionError::argument(index, "a number is required"))
}

/// A number as Go's `gocty.FromCtyValue` into a `float64` takes it: rounded
/// to the nearest `f64`; a finite number too large for one is an error.
fn f64_arg(args: &[Value], index: usize) -> Result<f64, FunctionError> {
    let n = number_arg(args, index)?;
    let v = n.to_f64();
    if v.is_infinite() && n.is_finite() {
        return Err(FunctionError::failed(format!(
            "value must be between {:.6} and {:.6} inclusive",
            -f64::MAX,
            f64::MAX
        )));
    }
    Ok(v)
}

fn float_result(v: f64) -> Result<Value, FunctionError> {
    Number::from_f64_shortest(v)
        .map(Value::number)
        .ok_or_else(|| FunctionError::failed("the result is not a number"))
}

fn unary(description: &str, f: fn(&Number) -> Number) -> Function {
    Function::builder()
        .description(description)
        .param(Parameter::new("num", Type::Number))
        .returns(Type::Number)
        .build(move |args, _| Ok(Value::number(f(number_arg(args, 0)?))))
}

/// `int(num)`: the number truncated toward zero (`int(-2.7)` is `-2`);
/// hcldec's [`crate::hcldec::int`] (hcldec has it; Terraform does
/// not).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("int(-2.7)").unwrap(), "-2");
/// ```
pub fn int() -> Function {
    crate::hcldec::int()
}

/// `abs(num)`: the absolute value (`abs(-3)` is `3`); hcldec's
/// [`crate::hcldec::abs`].
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("abs(-12.5)").unwrap(), "12.5");
/// ```
pub fn abs() -> Function {
    crate::hcldec::abs()
}

/// `max(numbers...)`: the greatest of one or more numbers; hcldec's
/// [`crate::hcldec::max`].
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("max(12, 54, 3)").unwrap(), "54");
/// ```
pub fn max() -> Function {
    crate::hcldec::max()
}

/// `min(numbers...)`: the smallest of one or more numbers; hcldec's
/// [`crate::hcldec::min`].
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("min(12, 54, 3)").unwrap(), "3");
/// ```
pub fn min() -> Function {
    crate::hcldec::min()
}

/// `ceil(num)`: the smallest whole number greater than or equal to `num`;
/// infinities stay as they are.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("ceil(5.1)").unwrap(), "6");
/// assert_eq!(eval("ceil(-5.9)").unwrap(), "-5");
/// ```
pub fn ceil() -> Function {
    unary(
        "Returns the smallest whole number that is greater than or equal to the given value.",
        Number::ceil,
    )
}

/// `floor(num)`: the greatest whole number less than or equal to `num`;
/// infinities stay as they are.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("floor(4.9)").unwrap(), "4");
/// assert_eq!(eval("floor(-4.1)").unwrap(), "-5");
/// ```
pub fn floor() -> Function {
    unary(
        "Returns the greatest whole number that is less than or equal to the given value.",
        Number::floor,
    )
}

/// `log(num, base)`: the logarithm of `num` in `base`, computed as Go does
/// in `f64` (`ln(num) / ln(base)`), so the result has the precision of an
/// `f64`. A result that is not a number (`log(-1, 10)`) is an error.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("log(16, 2)").unwrap(), "4");
/// assert_eq!(eval("log(10, 10)").unwrap(), "1");
/// ```
pub fn log() -> Function {
    Function::builder()
        .description("Returns the logarithm of the given number in the given base.")
        .param(Parameter::new("num", Type::Number))
        .param(Parameter::new("base", Type::Number))
        .returns(Type::Number)
        .build(|args, _| {
            let num = f64_arg(args, 0)?;
            let base = f64_arg(args, 1)?;
            float_result(num.ln() / base.ln())
        })
}

/// `pow(num, power)`: `num` raised to `power`, computed as Go does in
/// `f64` (Go's `math.Pow`, whose special cases Rust's `powf` shares). A
/// result that is not a number (`pow(-8, 0.5)`) is an error.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("pow(3, 2)").unwrap(), "9");
/// assert_eq!(eval("pow(4, 0)").unwrap(), "1");
/// ```
pub fn pow() -> Function {
    Function::builder()
        .description("Returns the given number raised to the given power (exponentiation).")
        .param(Parameter::new("num", Type::Number))
        .param(Parameter::new("power", Type::Number))
        .returns(Type::Number)
        .build(|args, _| {
            let num = f64_arg(args, 0)?;
            let power = f64_arg(args, 1)?;
            float_result(go_pow(num, power))
        })
}

/// Go's `math.Pow` where it differs from IEEE `pow` (which Rust's `powf`
/// follows): `pow(-1, ±Inf)` is 1 in both; `pow(1, y)` is 1 in both; Go
/// returns NaN for `pow(x, y)` with `x < 0` and `y` not an integer, as does
/// `powf`. The only difference is none, but the special cases are spelt
/// out here so that a platform `powf` cannot change them.
fn go_pow(x: f64, y: f64) -> f64 {
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if y.is_nan() || x.is_nan() {
        return f64::NAN;
    }
    x.powf(y)
}

/// `signum(num)`: `-1`, `0` or `1`, the sign of a whole number. As cty's
/// `SignumFunc`, the number must be a whole number that fits 64 bits
/// (`signum(0.5)` is an error).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("signum(-13)").unwrap(), "-1");
/// assert_eq!(eval("signum(0)").unwrap(), "0");
/// assert_eq!(eval("signum(344)").unwrap(), "1");
/// ```
pub fn signum() -> Function {
    Function::builder()
        .description("Returns 0 if the given number is zero, 1 if the given number is positive, or -1 if the given number is negative.")
        .param(Parameter::new("num", Type::Number))
        .returns(Type::Number)
        .build(|args, _| {
            let n = number_arg(args, 0)?
                .to_i64()
                .map_err(|e| FunctionError::failed(e.to_string()))?;
            Ok(Value::number(n.signum()))
        })
}

/// `parseint(number, base)`: the integer that the string `number` writes
/// in `base` (2 to 62), as Go's `big.Int.SetString`: an optional sign,
/// then digits `0-9`, letters `a-z` (and, up to base 36, `A-Z` alike) for
/// 10 to 35, and above base 36 `A-Z` for 36 to 61. No prefix (`0x`), no
/// underscore, no spaces.
///
/// A value longer than
/// [`MAX_INTEGER_BITS`] (65,536) bits is
/// an error.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"parseint("100", 10)"#).unwrap(), "100");
/// assert_eq!(eval(r#"parseint("FF", 16)"#).unwrap(), "255");
/// assert_eq!(eval(r#"parseint("-10", 16)"#).unwrap(), "-16");
/// assert_eq!(eval(r#"parseint("1011111011101111", 2)"#).unwrap(), "48879");
/// assert_eq!(eval(r#"parseint("aA", 62)"#).unwrap(), "656");
/// assert!(eval(r#"parseint("12", 2)"#).unwrap_err().contains(r#"cannot parse "12" as a base 2 integer"#));
/// ```
pub fn parseint() -> Function {
    Function::builder()
        .description("Parses the given string as a representation of an integer in the specified base and returns the resulting number. The base must be between 2 and 62 inclusive.")
        .param(Parameter::new("number", Type::Dynamic))
        .param(Parameter::new("base", Type::Number))
        .return_type(|args| {
            if args[0].ty() != &Type::String {
                return Err(FunctionError::argument(
                    0,
                    format!(
                        "first argument must be a string, not {}",
                        args[0].ty().friendly_name()
                    ),
                ));
            }
            Ok(Type::Number)
        })
        .build(|args, _| {
            let text = args[0]
                .as_str()
                .ok_or_else(|| FunctionError::argument(0, "string value is required"))?;
            let base = number_arg(args, 1)?
                .to_i64()
                .map_err(|e| FunctionError::argument(1, e.to_string()))?;
            if !(2..=62).contains(&base) {
                return Err(FunctionError::argument(
                    1,
                    "base must be a whole number between 2 and 62 inclusive",
                ));
            }
            let base = u32::try_from(base).unwrap_or(10);
            let cannot = || {
                FunctionError::argument(
                    0,
                    format!(
                        "cannot parse {} as a base {base} integer",
                        hcl_core::quote::go_quote(text)
                    ),
                )
            };
            let n = parse_int(text, base).ok_or_else(cannot)?;
            match n {
                Some(n) => Ok(Value::number(Number::from(n))),
                None => Err(FunctionError::argument(
                    0,
                    format!(
                        "cannot parse {} as a base {base} integer: the value is longer than {MAX_INTEGER_BITS} bits",
                        hcl_core::quote::go_quote(text)
                    ),
                )),
            }
        })
}

/// Go's `big.Int.SetString(text, base)` for a base in `2..=62`: `None` if
/// the text is not an integer in that base, `Some(None)` if it is one
/// longer than [`MAX_INTEGER_BITS`].
fn parse_int(text: &str, base: u32) -> Option<Option<BigInt>> {
    let (sign, digits) = match text.as_bytes().first() {
        Some(b'-') => (Sign::Minus, &text[1..]),
        Some(b'+') => (Sign::Plus, &text[1..]),
        _ => (Sign::Plus, text),
    };
    if digits.is_empty() {
        return None;
    }
    let mut values = Vec::with_capacity(digits.len());
    for b in digits.bytes() {
        let d = match b {
            b'0'..=b'9' => u32::from(b - b'0'),
            b'a'..=b'z' => u32::from(b - b'a') + 10,
            b'A'..=b'Z' if base <= 36 => u32::from(b - b'A') + 10,
            b'A'..=b'Z' => u32::from(b - b'A') + 36,
            _ => return None,
        };
        if d >= base {
            return None;
        }
        values.push(u8::try_from(d).unwrap_or(u8::MAX));
    }
    let start = values.iter().position(|&d| d != 0).unwrap_or(values.len());
    let significant = &values[start..];
    // Each digit carries at most log2(base) < 6 bits; at least floor(log2(base)).
    let min_bits_per_digit = u64::from(base.ilog2());
    let len = significant.len() as u64;
    if len.saturating_sub(1) * min_bits_per_digit > u64::from(MAX_INTEGER_BITS) {
        return Some(None);
    }
    let magnitude = BigUint::from_radix_be(significant, base).unwrap_or_default();
    if magnitude.bits() > u64::from(MAX_INTEGER_BITS) {
        return Some(None);
    }
    Some(Some(BigInt::from_biguint(sign, magnitude)))
}

/// `sum(list)`: the sum of the numbers in a list, set or tuple (Terraform's
/// `sum`). Elements that are not numbers are converted to numbers
/// (`sum(["1", 2])` is `3`); an empty collection, a null element or one that
/// does not convert is an error, and so is adding opposite infinities.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval("sum([10, 13, 6, 4.5])").unwrap(), "33.5");
/// assert!(eval("sum([])").unwrap_err().contains("cannot sum an empty list"));
/// ```
pub fn sum() -> Function {
    Function::builder()
        .description("Returns the total sum of the elements of the given list of numbers.")
        .param(Parameter::new("list", Type::Dynamic))
        .returns(Type::Number)
        .build_with_semantics(|args, _, sem| {
            let list = &args[0];
            let ty = list.ty();
            let iterable = ty.is_collection() || ty.is_structural();
            if !iterable {
                return Err(FunctionError::argument(0, "cannot sum noniterable"));
            }
            if list.len() == Some(0) {
                return Err(FunctionError::argument(0, "cannot sum an empty list"));
            }
            if !matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
                return Err(FunctionError::argument(
                    0,
                    format!(
                        "argument must be list, set, or tuple. Received {}",
                        ty.friendly_name()
                    ),
                ));
            }
            if !list.is_wholly_known() {
                return Ok(Value::unknown(Type::Number));
            }
            let not_numbers = || {
                FunctionError::argument(0, "argument must be list, set, or tuple of number values")
            };
            let mut total: Option<Number> = None;
            for element in list.elements().unwrap_or_default() {
                if element.is_null() {
                    return Err(not_numbers());
                }
                let n = convert::convert_with(element, &Type::Number, sem)
                    .map_err(|_| not_numbers())?;
                let n = n.as_number().ok_or_else(not_numbers)?.clone();
                total = Some(match total {
                    None => n,
                    Some(t) => t.add(&n).map_err(|_| {
                        FunctionError::failed("can't compute sum of opposing infinities")
                    })?,
                });
            }
            Ok(Value::number(total.unwrap_or(Number::ZERO)))
        })
}

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("abs", abs()),
        ("int", int()),
        ("ceil", ceil()),
        ("floor", floor()),
        ("log", log()),
        ("max", max()),
        ("min", min()),
        ("parseint", parseint()),
        ("pow", pow()),
        ("signum", signum()),
        ("sum", sum()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_int_follows_go_set_string() {
        let ok = |s: &str, b: u32| parse_int(s, b).flatten().map(|n| n.to_string());
        assert_eq!(ok("ff", 16).as_deref(), Some("255"));
        assert_eq!(ok("FF", 16).as_deref(), Some("255"));
        assert_eq!(ok("+7", 8).as_deref(), Some("7"));
        assert_eq!(ok("Z", 62).as_deref(), Some("61"));
        assert_eq!(ok("z", 62).as_deref(), Some("35"));
        assert_eq!(ok("Z", 36).as_deref(), Some("35"));
        assert_eq!(ok("0000", 2).as_deref(), Some("0"));
        assert!(parse_int("", 10).is_none());
        assert!(parse_int("-", 10).is_none());
        assert!(parse_int("0x10", 16).is_none());
        assert!(parse_int("1_000", 10).is_none());
        assert!(parse_int(" 1", 10).is_none());
        assert!(parse_int("Z", 35).is_none());
        let long = "1".repeat(70_000);
        assert_eq!(parse_int(&long, 2), Some(None));
        let zeros = format!("{}1", "0".repeat(1_000_000));
        assert_eq!(ok(&zeros, 10).as_deref(), Some("1"));
    }

    #[test]
    fn go_pow_special_cases() {
        assert_eq!(go_pow(f64::NAN, 0.0), 1.0);
        assert_eq!(go_pow(1.0, f64::NAN), 1.0);
        assert!(go_pow(-8.0, 0.5).is_nan());
        assert_eq!(go_pow(2.0, 10.0), 1024.0);
        assert_eq!(go_pow(0.0, -1.0), f64::INFINITY);
    }
}

#[cfg(test)]
mod terraform_tests {
    use super::*;

    fn num(s: &str) -> Value {
        Value::number(Number::parse_literal(s).unwrap_or_default())
    }

    #[test]
    fn sum_follows_terraform() {
        let eval = crate::eval_for_docs;
        assert_eq!(eval("sum([10, 13, 6, 4.5])").as_deref(), Ok("33.5"));
        assert_eq!(eval(r#"sum(["1", 2])"#).as_deref(), Ok("3"));
        assert_eq!(eval("sum(toset([1, 2]))").as_deref(), Ok("3"));
        assert_eq!(eval("sum([-1/0, 5])").ok(), None, "-Inf has no JSON form");
        let err = |e: &str| eval(e).unwrap_err();
        assert!(err("sum([])").contains("cannot sum an empty list"));
        assert!(err(r#"sum("abc")"#).contains("cannot sum noniterable"));
        assert!(
            err("sum({a = 1})").contains("argument must be list, set, or tuple. Received object")
        );
        assert!(err("sum(tomap({a = 1}))").contains("Received map of number"));
        assert!(
            err("sum([1, null])").contains("argument must be list, set, or tuple of number values")
        );
        assert!(
            err(r#"sum([1, "x"])"#)
                .contains("argument must be list, set, or tuple of number values")
        );
        assert!(err("sum([1/0, -1/0])").contains("can't compute sum of opposing infinities"));
        let list = Value::list([Value::number(1), Value::unknown(Type::Number)])
            .unwrap_or_else(|_| Value::dynamic());
        assert_eq!(sum().call(&[list]), Ok(Value::unknown(Type::Number)));
        assert_eq!(
            sum().call(&[Value::unknown(Type::list(Type::Number))]),
            Ok(Value::unknown(Type::Number))
        );
        let infinite = sum().call(&[Value::tuple([
            Value::number(Number::INFINITY),
            Value::number(1),
        ])]);
        assert_eq!(infinite, Ok(Value::number(Number::INFINITY)));
    }

    #[test]
    fn infinities_and_not_a_number() {
        let inf = Value::number(Number::INFINITY);
        let ninf = Value::number(Number::NEG_INFINITY);
        assert_eq!(abs().call(std::slice::from_ref(&ninf)), Ok(inf.clone()));
        assert_eq!(ceil().call(std::slice::from_ref(&inf)), Ok(inf.clone()));
        assert_eq!(floor().call(std::slice::from_ref(&ninf)), Ok(ninf.clone()));
        assert_eq!(log().call(&[inf.clone(), num("2")]), Ok(inf.clone()));
        assert_eq!(log().call(&[num("0"), num("10")]), Ok(ninf.clone()));
        assert_eq!(pow().call(&[num("0"), num("-1")]), Ok(inf.clone()));
        assert_eq!(pow().call(&[num("2"), num("1024")]), Ok(inf.clone()));
        let nan = FunctionError::failed("the result is not a number");
        assert_eq!(log().call(&[num("-1"), num("10")]), Err(nan.clone()));
        assert_eq!(pow().call(&[num("-8"), num("0.5")]), Err(nan));
        assert!(log().call(&[num("1e400"), num("10")]).is_err());
        assert!(signum().call(&[inf]).is_err());
    }

    #[test]
    fn parseint_limits() {
        let s = Value::string("1".repeat(70_000));
        let err = parseint().call(&[s, Value::number(2)]).unwrap_err();
        assert!(err.to_string().contains("longer than 65536 bits"));
        let s = Value::string("z".repeat(10_000));
        assert!(parseint().call(&[s, Value::number(36)]).is_ok());
    }
}
