//! Go's durations: `"1h30m"`, `"250ms"`, `"1.5h"`, `"300us"`, as
//! Terraform's `timeadd` reads them and Nomad, Consul and Vault write them.
//! The one home of Go's `time.ParseDuration` in the workspace: `timeadd`
//! uses [`parse_nanos`], and `hcl-decode`'s `Duration` fields use
//! [`parse`] and [`format`](fn@format).
//!
//! [`parse_nanos`] follows Go's `time.ParseDuration` exactly (its grammar,
//! its rounding of fractions, its range of a signed 64-bit count of
//! nanoseconds, about ±292 years, and its error messages). The grammar is
//! `[-+]? ( [0-9]* ( "." [0-9]* )? unit )+`, or `"0"` alone, with at
//! least one digit before each unit and the units `ns`, `us` (or `µs`,
//! `μs`), `ms`, `s`, `m` and `h`. A bare number (`"90"`) is not a
//! duration. [`parse`] gives a [`std::time::Duration`], which cannot be
//! negative: `"-1s"` is refused (`"-0s"` is zero).
//!
//! ```
//! use std::time::Duration;
//! use hcl_functions::duration;
//!
//! assert_eq!(duration::parse("1h30m"), Ok(Duration::from_secs(5400)));
//! assert_eq!(duration::parse("1.5h"), Ok(Duration::from_secs(5400)));
//! assert_eq!(duration::parse("250ms"), Ok(Duration::from_millis(250)));
//! assert_eq!(duration::parse("300µs"), Ok(Duration::from_micros(300)));
//! assert_eq!(duration::parse("0"), Ok(Duration::ZERO));
//! assert_eq!(duration::parse_nanos("-1.5s"), Ok(-1_500_000_000));
//! assert_eq!(
//!     duration::parse("90").unwrap_err().to_string(),
//!     "time: missing unit in duration \"90\""
//! );
//! ```

use std::fmt;
use std::time::Duration;

/// The form a duration is written in, for messages.
pub const EXPECTED_FORM: &str = "a duration is a sequence of numbers, each with a unit, such as \"1h30m\", \"250ms\" or \"1.5h\" (units: \"ns\", \"us\", \"ms\", \"s\", \"m\", \"h\")";

/// Why a text is not a duration (Go's messages), or a duration has no
/// [`std::time::Duration`] or Go form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DurationError {
    kind: ErrorKind,
    text: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ErrorKind {
    /// Not of the grammar, or out of Go's range.
    Invalid,
    MissingUnit,
    UnknownUnit(String),
    /// A negative duration where a `std::time::Duration` is wanted.
    Negative,
    /// A `std::time::Duration` longer than Go's longest.
    TooLong,
}

impl DurationError {
    fn new(kind: ErrorKind, text: &str) -> DurationError {
        DurationError {
            kind,
            text: text.to_owned(),
        }
    }
}

/// Go's `time.ParseDuration` messages (`time: invalid duration "x"`,
/// `time: missing unit in duration "90"`, `time: unknown unit "d" in
/// duration "1d"`), and two of ours for what Go has no word for.
impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = time_quote(&self.text);
        match &self.kind {
            ErrorKind::Invalid => write!(f, "time: invalid duration {text}"),
            ErrorKind::MissingUnit => write!(f, "time: missing unit in duration {text}"),
            ErrorKind::UnknownUnit(unit) => {
                write!(
                    f,
                    "time: unknown unit {} in duration {text}",
                    time_quote(unit)
                )
            }
            ErrorKind::Negative => write!(f, "a duration cannot be negative, not {text}"),
            ErrorKind::TooLong => write!(
                f,
                "{text} is too long a duration (at most 2562047h47m16.854775807s)"
            ),
        }
    }
}

impl std::error::Error for DurationError {}

/// Go's `time.quote`: ASCII kept (with `"` and `\` escaped), other bytes
/// as `\xNN`.
fn time_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if (c as u32) >= 0x80 || c < ' ' {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

const NANOSECOND: u64 = 1;
const MICROSECOND: u64 = 1_000 * NANOSECOND;
const MILLISECOND: u64 = 1_000 * MICROSECOND;
const SECOND: u64 = 1_000 * MILLISECOND;
const MINUTE: u64 = 60 * SECOND;
const HOUR: u64 = 60 * MINUTE;
const LIMIT: u64 = 1 << 63;

fn unit(name: &[u8]) -> Option<u64> {
    Some(match name {
        b"ns" => NANOSECOND,
        // U+00B5 (micro sign) and U+03BC (Greek small letter mu), as Go.
        b"us" | [0xC2, 0xB5, b's'] | [0xCE, 0xBC, b's'] => MICROSECOND,
        b"ms" => MILLISECOND,
        b"s" => SECOND,
        b"m" => MINUTE,
        b"h" => HOUR,
        _ => return None,
    })
}

/// Writes a duration as Go's `time.Duration.String` does (`"1h30m0s"`,
/// `"250ms"`, `"1.5µs"`, `"0s"`), which [`parse`] reads back; a duration
/// longer than Go's limit (`2^63 - 1` nanoseconds) is an error.
///
/// ```
/// use std::time::Duration;
/// use hcl_functions::duration;
///
/// assert_eq!(duration::format(Duration::from_secs(5400)).unwrap(), "1h30m0s");
/// assert_eq!(duration::format(Duration::from_micros(1500)).unwrap(), "1.5ms");
/// assert_eq!(duration::format(Duration::ZERO).unwrap(), "0s");
/// assert!(duration::format(Duration::MAX).is_err());
/// ```
pub fn format(d: Duration) -> Result<String, DurationError> {
    let u = u64::try_from(d.as_nanos())
        .ok()
        .filter(|&n| n < LIMIT)
        .ok_or_else(|| DurationError::new(ErrorKind::TooLong, &format!("{}s", d.as_secs())))?;
    // `u / 10^prec` with its fraction, trailing zeros (and a bare point)
    // dropped, as Go's `fmtFrac` and `fmtInt`.
    fn with_fraction(out: &mut String, u: u64, prec: u32) {
        let scale = 10u64.pow(prec);
        out.push_str(&(u / scale).to_string());
        let frac = u % scale;
        if frac != 0 {
            let digits = format!("{frac:0width$}", width = prec as usize);
            out.push('.');
            out.push_str(digits.trim_end_matches('0'));
        }
    }
    let mut out = String::new();
    if u < SECOND {
        let (prec, unit) = match u {
            0 => return Ok("0s".to_owned()),
            u if u < MICROSECOND => (0, "ns"),
            u if u < MILLISECOND => (3, "\u{b5}s"),
            _ => (6, "ms"),
        };
        with_fraction(&mut out, u, prec);
        out.push_str(unit);
        return Ok(out);
    }
    let seconds = u / SECOND;
    let (hours, minutes) = (seconds / 3600, seconds / 60 % 60);
    if hours > 0 {
        out.push_str(&format!("{hours}h"));
    }
    if hours > 0 || minutes > 0 {
        out.push_str(&format!("{minutes}m"));
    }
    with_fraction(&mut out, u % MINUTE, 9);
    out.push('s');
    Ok(out)
}

/// Parses a duration as Go's `time.ParseDuration` does, into a
/// [`std::time::Duration`]; a negative one is an error.
pub fn parse(text: &str) -> Result<Duration, DurationError> {
    let nanos = parse_nanos(text)?;
    u64::try_from(nanos)
        .map(Duration::from_nanos)
        .map_err(|_| DurationError::new(ErrorKind::Negative, text))
}

/// Go's `time.ParseDuration`: the duration in nanoseconds (negative
/// durations too), or Go's error.
///
/// ```
/// use hcl_functions::duration::parse_nanos;
///
/// assert_eq!(parse_nanos("1h30m"), Ok(5_400_000_000_000));
/// assert_eq!(parse_nanos("-1µs"), Ok(-1_000));
/// assert_eq!(
///     parse_nanos("1d").unwrap_err().to_string(),
///     "time: unknown unit \"d\" in duration \"1d\""
/// );
/// ```
pub fn parse_nanos(text: &str) -> Result<i64, DurationError> {
    let err = |kind| DurationError::new(kind, text);
    let mut s = text.as_bytes();
    let mut negative = false;
    if let Some(&c) = s.first()
        && (c == b'-' || c == b'+')
    {
        negative = c == b'-';
        s = &s[1..];
    }
    if s == b"0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(err(ErrorKind::Invalid));
    }
    let mut total: u64 = 0;
    while !s.is_empty() {
        // The next character must be [0-9.].
        if !(s[0] == b'.' || s[0].is_ascii_digit()) {
            return Err(err(ErrorKind::Invalid));
        }
        // [0-9]*
        let before = s.len();
        let (mut v, rest) = leading_int(s).ok_or_else(|| err(ErrorKind::Invalid))?;
        s = rest;
        let pre = before != s.len();
        // (\.[0-9]*)?
        let mut post = false;
        let (mut f, mut scale) = (0u64, 1f64);
        if s.first() == Some(&b'.') {
            s = &s[1..];
            let before = s.len();
            (f, scale, s) = leading_fraction(s);
            post = before != s.len();
        }
        if !pre && !post {
            // No digits (".s", "-.s").
            return Err(err(ErrorKind::Invalid));
        }
        // The unit: everything up to the next [0-9.].
        let i = s
            .iter()
            .position(|&c| c == b'.' || c.is_ascii_digit())
            .unwrap_or(s.len());
        if i == 0 {
            return Err(err(ErrorKind::MissingUnit));
        }
        let (name, rest) = s.split_at(i);
        s = rest;
        let Some(unit) = unit(name) else {
            let name = String::from_utf8_lossy(name).into_owned();
            return Err(err(ErrorKind::UnknownUnit(name)));
        };
        if v > LIMIT / unit {
            return Err(err(ErrorKind::Invalid));
        }
        v *= unit;
        if f > 0 {
            // As Go: a float64 is precise enough for fractions of hours.
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                clippy::cast_precision_loss
            )]
            let fraction = (f as f64 * (unit as f64 / scale)) as u64;
            v += fraction;
            if v > LIMIT {
                return Err(err(ErrorKind::Invalid));
            }
        }
        total += v;
        if total > LIMIT {
            return Err(err(ErrorKind::Invalid));
        }
    }
    if negative {
        // Down to -2^63, which `i64` holds.
        return Ok(0i64.wrapping_sub_unsigned(total));
    }
    i64::try_from(total).map_err(|_| err(ErrorKind::Invalid))
}

/// Go's `leadingInt`: the leading `[0-9]*`, or `None` on overflow.
fn leading_int(s: &[u8]) -> Option<(u64, &[u8])> {
    let mut x: u64 = 0;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        if x > LIMIT / 10 {
            return None;
        }
        x = x * 10 + u64::from(s[i] - b'0');
        if x > LIMIT {
            return None;
        }
        i += 1;
    }
    Some((x, &s[i..]))
}

/// Go's `leadingFraction`: the leading `[0-9]*` after a point, and its
/// scale; digits past what a `u64` holds are dropped.
fn leading_fraction(s: &[u8]) -> (u64, f64, &[u8]) {
    let mut x: u64 = 0;
    let mut scale = 1f64;
    let mut overflow = false;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        if !overflow {
            if x > (LIMIT - 1) / 10 {
                overflow = true;
            } else {
                let y = x * 10 + u64::from(s[i] - b'0');
                if y > LIMIT {
                    overflow = true;
                } else {
                    x = y;
                    scale *= 10.0;
                }
            }
        }
        i += 1;
    }
    (x, scale, &s[i..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ns(n: u64) -> Duration {
        Duration::from_nanos(n)
    }

    #[test]
    fn go_cases() {
        // From Go's time package tests (parseDurationTests), the
        // non-negative ones.
        let cases: &[(&str, u64)] = &[
            ("0", 0),
            ("5s", 5 * SECOND),
            ("30s", 30 * SECOND),
            ("1478s", 1478 * SECOND),
            ("-0", 0),
            ("+5s", 5 * SECOND),
            ("-0s", 0),
            ("+0s", 0),
            ("5.0s", 5 * SECOND),
            ("5.6s", 5 * SECOND + 600 * MILLISECOND),
            ("5.s", 5 * SECOND),
            (".5s", 500 * MILLISECOND),
            ("1.0s", SECOND),
            ("1.00s", SECOND),
            ("1.004s", SECOND + 4 * MILLISECOND),
            ("1.0040s", SECOND + 4 * MILLISECOND),
            ("100.00100s", 100 * SECOND + MILLISECOND),
            ("10ns", 10),
            ("11us", 11 * MICROSECOND),
            ("12µs", 12 * MICROSECOND),
            ("12μs", 12 * MICROSECOND),
            ("13ms", 13 * MILLISECOND),
            ("14s", 14 * SECOND),
            ("15m", 15 * MINUTE),
            ("16h", 16 * HOUR),
            ("3h30m", 3 * HOUR + 30 * MINUTE),
            ("10.5s4m", 4 * MINUTE + 10 * SECOND + 500 * MILLISECOND),
            (
                "1h2m3s4ms5us6ns",
                HOUR + 2 * MINUTE + 3 * SECOND + 4 * MILLISECOND + 5 * MICROSECOND + 6,
            ),
            (
                "39h9m14.425s",
                39 * HOUR + 9 * MINUTE + 14 * SECOND + 425 * MILLISECOND,
            ),
            ("52763797000ns", 52763797000),
            ("0.3333333333333333333h", 20 * MINUTE),
            ("9007199254740993ns", (1 << 53) + 1),
            ("9223372036854775807ns", (1 << 63) - 1),
            ("9223372036854775.807us", (1 << 63) - 1),
            ("9223372036s854ms775us807ns", (1 << 63) - 1),
            ("0.100000000000000000000h", 6 * MINUTE),
            (
                "0.830103483285477580700h",
                49 * MINUTE + 48 * SECOND + 372539827,
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text), Ok(ns(*want)), "{text}");
        }
    }

    #[test]
    fn format_is_go_string_and_reads_back() {
        let cases: &[(u64, &str)] = &[
            (0, "0s"),
            (1, "1ns"),
            (1100, "1.1\u{b5}s"),
            (2200 * MICROSECOND, "2.2ms"),
            (3300 * MILLISECOND, "3.3s"),
            (4 * MINUTE + 5 * SECOND, "4m5s"),
            (4 * MINUTE + 5001 * MILLISECOND, "4m5.001s"),
            (5 * HOUR + 6 * MINUTE + 7001 * MILLISECOND, "5h6m7.001s"),
            (8 * MINUTE + 1, "8m0.000000001s"),
            (HOUR, "1h0m0s"),
            ((1 << 63) - 1, "2562047h47m16.854775807s"),
        ];
        for (n, text) in cases {
            assert_eq!(format(ns(*n)).as_deref(), Ok(*text));
            assert_eq!(parse(text), Ok(ns(*n)), "{text}");
        }
        assert!(format(ns(1 << 63)).is_err());
    }

    #[test]
    fn go_errors() {
        for text in [
            "",
            "3",
            "-",
            "s",
            ".",
            "-.",
            ".s",
            "+.s",
            "1d",
            "\u{ffff}",
            "hello \u{ffff} world",
            "9223372036854775810ns",
            "9223372036854775808ns",
            "9223372036854775.808us",
            "9223372036854ms775us808ns",
            "3000000h",
            "1h 30m",
            " 1h",
        ] {
            assert!(parse(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn negative_durations_are_refused() {
        assert_eq!(
            parse("-1s").unwrap_err().to_string(),
            "a duration cannot be negative, not \"-1s\""
        );
        assert_eq!(parse("-0s"), Ok(Duration::ZERO));
        assert_eq!(parse_nanos("-1.5s"), Ok(-1_500_000_000));
        assert_eq!(parse_nanos("-9223372036854775808ns"), Ok(i64::MIN));
        assert!(parse_nanos("9223372036854775808ns").is_err());
    }

    #[test]
    fn messages_are_go_s() {
        // As Go's time.ParseDuration prints them.
        for (text, message) in [
            ("90", "time: missing unit in duration \"90\""),
            ("1d", "time: unknown unit \"d\" in duration \"1d\""),
            ("abc", "time: invalid duration \"abc\""),
            ("3000000h", "time: invalid duration \"3000000h\""),
            (
                "1é",
                "time: unknown unit \"\\xc3\\xa9\" in duration \"1\\xc3\\xa9\"",
            ),
        ] {
            assert_eq!(
                parse_nanos(text).unwrap_err().to_string(),
                message,
                "{text}"
            );
        }
        assert_eq!(
            format(Duration::MAX).unwrap_err().to_string(),
            "\"18446744073709551615s\" is too long a duration (at most 2562047h47m16.854775807s)"
        );
    }
}
