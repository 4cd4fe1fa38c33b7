//! The date and time functions. Timestamps are strings in RFC 3339 syntax,
//! read as Go's `time.Parse(time.RFC3339, ...)` reads them (with go-cty's
//! messages for what it rejects), and written as Go's `time.RFC3339`
//! format writes them (whole seconds, `Z` for UTC, otherwise the offset).
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`formatdate`] | `formatdate(format, time) → string` | a timestamp in another format |
//! | [`timeadd`] | `timeadd(timestamp, duration) → string` | a timestamp plus a Go duration (`"1h30m"`) |
//! | [`timecmp`] | `timecmp(timestamp_a, timestamp_b) → number` | -1, 0 or 1 as the first is before, at or after the second |
//! | [`timestamp`] (impure) | `timestamp() → string` | the current time, in UTC |

use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::quote::go_quote;
use hcl_core::{Type, Value};

use crate::args::str_arg;

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("formatdate", formatdate()),
        ("timeadd", timeadd()),
        ("timecmp", timecmp()),
    ]
}

/// The family's impure functions, by name.
pub(crate) fn impure_functions() -> Vec<(&'static str, Function)> {
    vec![("timestamp", timestamp())]
}

/// An instant with the UTC offset it was written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Time {
    /// Seconds since 1970-01-01T00:00:00Z.
    unix: i64,
    /// Nanoseconds within the second.
    nanos: u32,
    /// The UTC offset in seconds (`None`: UTC, written `Z`).
    offset: i32,
}

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

fn days_in(m: i64, y: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The broken-down local time of an instant.
struct Civil {
    year: i64,
    month: u32,
    day: u32,
    hour: u32,
    minute: u32,
    second: u32,
    weekday: usize,
}

impl Time {
    fn civil(&self) -> Civil {
        let local = self.unix + i64::from(self.offset);
        let days = local.div_euclid(86_400);
        let secs = local.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        Civil {
            year,
            month,
            day,
            hour: (secs / 3600) as u32,
            minute: (secs / 60 % 60) as u32,
            second: (secs % 60) as u32,
            // 1970-01-01 was a Thursday.
            weekday: (days + 4).rem_euclid(7) as usize,
        }
    }

    /// Go's `Format("Z07:00")`, `"-0700"` or `"-07:00"`.
    fn zone(&self, z_for_utc: bool, colon: bool) -> String {
        if self.offset == 0 && z_for_utc {
            return "Z".to_owned();
        }
        let sign = if self.offset < 0 { '-' } else { '+' };
        let abs = self.offset.unsigned_abs() / 60;
        if colon {
            format!("{sign}{:02}:{:02}", abs / 60, abs % 60)
        } else {
            format!("{sign}{:02}{:02}", abs / 60, abs % 60)
        }
    }

    /// Go's `Format(time.RFC3339)`.
    fn rfc3339(&self) -> String {
        let c = self.civil();
        format!(
            "{}-{:02}-{:02}T{:02}:{:02}:{:02}{}",
            go_year(c.year),
            c.month,
            c.day,
            c.hour,
            c.minute,
            c.second,
            self.zone(true, true)
        )
    }
}

/// A year as Go's `2006` verb writes it: at least four digits, a sign for
/// negative years.
fn go_year(y: i64) -> String {
    if y < 0 {
        format!("-{:04}", y.unsigned_abs())
    } else {
        format!("{y:04}")
    }
}

/// Go's `time.ParseError` fields that go-cty's message uses.
struct GoParseError {
    layout_elem: &'static str,
    value_elem: String,
    message: String,
}

fn is_digit(s: &[u8], i: usize) -> bool {
    s.get(i).is_some_and(u8::is_ascii_digit)
}

/// Go's `getnum`.
fn getnum(s: &[u8], fixed: bool) -> Result<(i64, &[u8]), ()> {
    if !is_digit(s, 0) {
        return Err(());
    }
    if !is_digit(s, 1) {
        if fixed {
            return Err(());
        }
        return Ok((i64::from(s[0] - b'0'), &s[1..]));
    }
    Ok((
        i64::from(s[0] - b'0') * 10 + i64::from(s[1] - b'0'),
        &s[2..],
    ))
}

/// Go's `time.atoi`.
fn atoi(s: &[u8]) -> Result<i64, ()> {
    let (neg, s) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        // leadingInt of "" is 0 with no remainder: Go accepts it.
        if s.is_empty() {
            return Ok(0);
        }
        return Err(());
    }
    let mut x: i64 = 0;
    for &c in s {
        x = x
            .checked_mul(10)
            .ok_or(())?
            .checked_add(i64::from(c - b'0'))
            .ok_or(())?;
    }
    Ok(if neg { -x } else { x })
}

fn text(s: &[u8]) -> String {
    String::from_utf8_lossy(s).into_owned()
}

/// Go's `time.Parse(time.RFC3339, s)` (Go 1.19's general parser, which
/// accepts a one-digit hour and a comma before the fraction).
fn parse_go_rfc3339(s: &str) -> Result<Time, GoParseError> {
    let err = |layout_elem: &'static str, value: &[u8]| GoParseError {
        layout_elem,
        value_elem: text(value),
        message: String::new(),
    };
    let range = |layout_elem: &'static str, value: &[u8], what: &str| GoParseError {
        layout_elem,
        value_elem: text(value),
        message: format!(": {what} out of range"),
    };
    fn skip<'v>(v: &'v [u8], c: u8, elem: &'static str) -> Result<&'v [u8], GoParseError> {
        if v.first() == Some(&c) {
            Ok(&v[1..])
        } else {
            Err(GoParseError {
                layout_elem: elem,
                value_elem: text(v),
                message: String::new(),
            })
        }
    }
    let v = s.as_bytes();
    // 2006
    if v.len() < 4 || !is_digit(v, 0) {
        return Err(err("2006", v));
    }
    let year = atoi(&v[..4]).map_err(|()| err("2006", &v[4..]))?;
    let v = &v[4..];
    // -01
    let v = skip(v, b'-', "-")?;
    let (month, v) = getnum(v, true).map_err(|()| err("01", v))?;
    if !(1..=12).contains(&month) {
        return Err(range("01", v, "month"));
    }
    // -02
    let v = skip(v, b'-', "-")?;
    let (day, v) = getnum(v, true).map_err(|()| err("02", v))?;
    // T15
    let v = skip(v, b'T', "T")?;
    let (hour, v) = getnum(v, false).map_err(|()| err("15", v))?;
    if !(0..24).contains(&hour) {
        return Err(range("15", v, "hour"));
    }
    // :04
    let v = skip(v, b':', ":")?;
    let (minute, v) = getnum(v, true).map_err(|()| err("04", v))?;
    if !(0..60).contains(&minute) {
        return Err(range("04", v, "minute"));
    }
    // :05 and an optional fraction
    let v = skip(v, b':', ":")?;
    let (second, mut v) = getnum(v, true).map_err(|()| err("05", v))?;
    if !(0..60).contains(&second) {
        return Err(range("05", v, "second"));
    }
    let mut nanos: i64 = 0;
    if v.len() >= 2 && matches!(v[0], b'.' | b',') && is_digit(v, 1) {
        let mut n = 2;
        while n < v.len() && is_digit(v, n) {
            n += 1;
        }
        let digits = &v[1..n.min(10)];
        let mut ns = atoi(digits).map_err(|()| err("05", &v[n..]))?;
        for _ in 0..(10 - n.min(10)) {
            ns *= 10;
        }
        nanos = ns;
        v = &v[n..];
    }
    // Z07:00
    let offset: i64 = if v.first() == Some(&b'Z') {
        v = &v[1..];
        0
    } else {
        if v.len() < 6 || v[3] != b':' {
            return Err(err("Z07:00", v));
        }
        let (sign, h, m) = (v[0], &v[1..3], &v[4..6]);
        let rest = &v[6..];
        let hr = atoi(h).map_err(|()| err("Z07:00", rest))?;
        let mm = atoi(m).map_err(|()| err("Z07:00", rest))?;
        let off = (hr * 60 + mm) * 60;
        let off = match sign {
            b'+' => off,
            b'-' => -off,
            _ => return Err(err("Z07:00", rest)),
        };
        v = rest;
        off
    };
    if !v.is_empty() {
        return Err(GoParseError {
            layout_elem: "",
            value_elem: text(v),
            message: format!(": extra text: {}", text(v)),
        });
    }
    if day < 1 || day > days_in(month, year) {
        return Err(GoParseError {
            layout_elem: "",
            value_elem: String::new(),
            message: ": day out of range".to_owned(),
        });
    }
    let days = days_from_civil(year, month, day);
    let unix = days * 86_400 + hour * 3600 + minute * 60 + second - offset;
    Ok(Time {
        unix,
        nanos: nanos as u32,
        offset: offset as i32,
    })
}

/// go-cty's `parseTimestamp`: the messages for what Go rejects.
fn parse_timestamp(s: &str) -> Result<Time, String> {
    parse_go_rfc3339(s).map_err(|e| {
        if e.layout_elem.is_empty() && e.value_elem.is_empty() && !e.message.is_empty() {
            return format!("not a valid RFC3339 timestamp{}", e.message);
        }
        let what = match e.layout_elem {
            "2006" => "year",
            "01" => "month",
            "02" => "day of month",
            "15" => "hour",
            "04" => "minute",
            "05" => "second",
            "Z07:00" => "UTC offset",
            "T" => {
                return "not a valid RFC3339 timestamp: missing required time introducer 'T'"
                    .to_owned();
            }
            ":" | "-" => {
                return if e.value_elem.is_empty() {
                    format!(
                        "not a valid RFC3339 timestamp: end of string where {} is expected",
                        go_quote(e.layout_elem)
                    )
                } else {
                    format!(
                        "not a valid RFC3339 timestamp: found {} where {} is expected",
                        go_quote(&e.value_elem),
                        go_quote(e.layout_elem)
                    )
                };
            }
            _ => "timestamp segment",
        };
        if e.value_elem.is_empty() {
            format!("not a valid RFC3339 timestamp: end of string before {what}")
        } else {
            format!(
                "not a valid RFC3339 timestamp: cannot use {} as {what}",
                go_quote(&e.value_elem)
            )
        }
    })
}

/// A YAML timestamp as go-cty-yaml reads it (`2001-12-14`,
/// `2001-12-14t21:59:43.10-05:00`, `2001-12-14 21:59:43.10`, ...), in RFC
/// 3339 as Go's `time.RFC3339` writes it; `None` if it is not one.
#[cfg(feature = "yaml")]
pub(crate) fn parse_yaml_timestamp(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits != 4 || b.get(4) != Some(&b'-') {
        return None;
    }
    // "2006-1-2" then optionally [Tt ]"15:4:5.999999999" and, after T/t, a
    // zone "Z07:00".
    fn num(v: &[u8]) -> Option<(i64, &[u8])> {
        getnum(v, false).ok()
    }
    let year = atoi(&b[..4]).ok()?;
    let (month, v) = num(&b[5..])?;
    let v = v.strip_prefix(b"-")?;
    let (day, v) = num(v)?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in(month, year) {
        return None;
    }
    let (mut hour, mut minute, mut second, mut offset) = (0, 0, 0, 0);
    if !v.is_empty() {
        let sep = v[0];
        if !matches!(sep, b'T' | b't' | b' ') {
            return None;
        }
        let (h, v) = num(&v[1..])?;
        let v = v.strip_prefix(b":")?;
        let (m, v) = num(v)?;
        let v = v.strip_prefix(b":")?;
        let (sec, mut v) = num(v)?;
        if h >= 24 || m >= 60 || sec >= 60 {
            return None;
        }
        if v.first() == Some(&b'.') {
            let n = v[1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if n == 0 || n > 9 {
                return None;
            }
            v = &v[1 + n..];
        }
        if sep == b' ' {
            if !v.is_empty() {
                return None;
            }
        } else if v == b"Z" {
        } else {
            if v.len() != 6 || v[3] != b':' || !matches!(v[0], b'+' | b'-') {
                return None;
            }
            let oh = atoi(&v[1..3]).ok()?;
            let om = atoi(&v[4..6]).ok()?;
            offset = (oh * 60 + om) * 60 * if v[0] == b'-' { -1 } else { 1 };
        }
        (hour, minute, second) = (h, m, sec);
    }
    let unix =
        days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset;
    Some(
        Time {
            unix,
            nanos: 0,
            offset: offset as i32,
        }
        .rfc3339(),
    )
}

/// `formatdate(format, time)`: the RFC 3339 timestamp `time` written in
/// `format`, whose letters are go-cty's verbs: `YYYY`/`YY` year,
/// `MMMM`/`MMM`/`MM`/`M` month, `DD`/`D` day, `EEEE`/`EEE` weekday,
/// `hh`/`h` 24-hour, `HH`/`H` 12-hour, `AA`/`aa` AM/PM, `mm`/`m` minute,
/// `ss`/`s` second, `ZZZZZ`/`ZZZZ`/`ZZZ`/`Z` zone; text in single quotes
/// is literal (`''` is a quote); other characters are copied.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"formatdate("DD MMM YYYY hh:mm ZZZ", "2018-01-02T23:12:01Z")"#),
///     Value::string("02 Jan 2018 23:12 UTC")
/// );
/// ```
pub fn formatdate() -> Function {
    Function::builder()
        .description("Formats a timestamp given in RFC 3339 syntax into another timestamp in some other machine-oriented time syntax, as described in the format string.")
        .param(Parameter::new("format", Type::String))
        .param(Parameter::new("time", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            let format = str_arg(args, 0)?;
            let t = parse_timestamp(str_arg(args, 1)?)
                .map_err(|e| FunctionError::argument(1, e))?;
            format_date(format, &t).map(Value::string)
        })
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

fn is_verb(b: u8) -> bool {
    b.is_ascii_alphabetic()
}

/// go-cty's `splitDateFormat` tokens.
fn date_tokens(f: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < f.len() {
        let rest = &f[i..];
        let n = if rest[0] == b'\'' {
            if rest.len() > 1 && rest[1] == b'\'' {
                2
            } else {
                let mut j = 1;
                let mut end = rest.len();
                while j < rest.len() {
                    if rest[j] == b'\'' {
                        if j + 1 < rest.len() && rest[j + 1] == b'\'' {
                            j += 2;
                            continue;
                        }
                        end = j + 1;
                        break;
                    }
                    j += 1;
                }
                end
            }
        } else if is_verb(rest[0]) {
            rest.iter().take_while(|&&b| b == rest[0]).count()
        } else {
            1 + rest[1..]
                .iter()
                .take_while(|&&b| b != b'\'' && !is_verb(b))
                .count()
        };
        out.push(&rest[..n]);
        i += n;
    }
    out
}

fn format_date(format: &str, t: &Time) -> Result<String, FunctionError> {
    let c = t.civil();
    let mut buf: Vec<u8> = Vec::new();
    let bad = |tok: &[u8], detail: &str| {
        FunctionError::argument(
            0,
            format!(
                "invalid date format verb {}{detail}",
                go_quote(&String::from_utf8_lossy(tok))
            ),
        )
    };
    let push = |buf: &mut Vec<u8>, s: String| buf.extend_from_slice(s.as_bytes());
    for tok in date_tokens(format.as_bytes()) {
        let n = tok.len();
        match tok[0] {
            b'\'' => {
                if tok[n - 1] != b'\'' || n == 1 {
                    return Err(FunctionError::argument(0, "unterminated literal '"));
                }
                if n == 2 {
                    buf.push(b'\'');
                } else {
                    let raw = &tok[1..n - 1];
                    let mut i = 0;
                    while i < raw.len() {
                        buf.push(raw[i]);
                        if raw[i] == b'\'' {
                            i += 1;
                        }
                        i += 1;
                    }
                }
            }
            b'Y' => match n {
                2 => push(&mut buf, format!("{:02}", c.year % 100)),
                4 => push(&mut buf, format!("{:04}", c.year)),
                _ => {
                    return Err(bad(tok, ": year must either be \"YY\" or \"YYYY\""));
                }
            },
            b'M' => match n {
                1 => push(&mut buf, c.month.to_string()),
                2 => push(&mut buf, format!("{:02}", c.month)),
                3 => push(&mut buf, MONTHS[c.month as usize - 1][..3].to_owned()),
                4 => push(&mut buf, MONTHS[c.month as usize - 1].to_owned()),
                _ => {
                    return Err(bad(
                        tok,
                        ": month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"",
                    ));
                }
            },
            b'D' => match n {
                1 => push(&mut buf, c.day.to_string()),
                2 => push(&mut buf, format!("{:02}", c.day)),
                _ => {
                    return Err(bad(tok, ": day of month must either be \"D\" or \"DD\""));
                }
            },
            b'E' => match n {
                3 => push(&mut buf, WEEKDAYS[c.weekday][..3].to_owned()),
                4 => push(&mut buf, WEEKDAYS[c.weekday].to_owned()),
                _ => {
                    return Err(bad(tok, ": day of week must either be \"EEE\" or \"EEEE\""));
                }
            },
            b'h' => match n {
                1 => push(&mut buf, c.hour.to_string()),
                2 => push(&mut buf, format!("{:02}", c.hour)),
                _ => {
                    return Err(bad(tok, ": 24-hour must either be \"h\" or \"hh\""));
                }
            },
            b'H' => {
                let h = match c.hour % 12 {
                    0 => 12,
                    h => h,
                };
                match n {
                    1 => push(&mut buf, h.to_string()),
                    2 => push(&mut buf, format!("{h:02}")),
                    _ => {
                        return Err(bad(tok, ": 12-hour must either be \"H\" or \"HH\""));
                    }
                }
            }
            b'A' | b'a' => {
                if n != 2 {
                    let l = tok[0] as char;
                    return Err(bad(tok, &format!(": must be \"{l}{l}\"")));
                }
                let pm = c.hour >= 12;
                let s = match (tok[0] == b'A', pm) {
                    (true, false) => "AM",
                    (true, true) => "PM",
                    (false, false) => "am",
                    (false, true) => "pm",
                };
                push(&mut buf, s.to_owned());
            }
            b'm' => match n {
                1 => push(&mut buf, c.minute.to_string()),
                2 => push(&mut buf, format!("{:02}", c.minute)),
                _ => {
                    return Err(bad(tok, ": minute must either be \"m\" or \"mm\""));
                }
            },
            b's' => match n {
                1 => push(&mut buf, c.second.to_string()),
                2 => push(&mut buf, format!("{:02}", c.second)),
                _ => {
                    return Err(bad(tok, ": second must either be \"s\" or \"ss\""));
                }
            },
            b'Z' => match n {
                1 => push(&mut buf, t.zone(true, true)),
                3 => {
                    let z = t.zone(false, false);
                    push(&mut buf, if z == "+0000" { "UTC".to_owned() } else { z });
                }
                4 => push(&mut buf, t.zone(false, false)),
                5 => push(&mut buf, t.zone(false, true)),
                _ => {
                    return Err(bad(tok, ": timezone must be Z, ZZZZ, or ZZZZZ"));
                }
            },
            b if is_verb(b) => return Err(bad(tok, "")),
            _ => buf.extend_from_slice(tok),
        }
    }
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

/// `timeadd(timestamp, duration)`: the RFC 3339 timestamp plus a duration
/// in Go's syntax (`"1h30m"`, `"-10s"`, `"1.5h"`; units `ns`, `us`, `µs`,
/// `ms`, `s`, `m`, `h`; at most about 292 years), in RFC 3339 with the
/// same UTC offset (whole seconds).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"timeadd("2017-11-22T00:00:00Z", "10m")"#),
///     Value::string("2017-11-22T00:10:00Z")
/// );
/// ```
pub fn timeadd() -> Function {
    Function::builder()
        .description("Adds the duration represented by the given duration string to the given RFC 3339 timestamp string, returning another RFC 3339 timestamp.")
        .param(Parameter::new("timestamp", Type::String))
        .param(Parameter::new("duration", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            let t = parse_timestamp(str_arg(args, 0)?).map_err(FunctionError::failed)?;
            let d = crate::duration::parse_nanos(str_arg(args, 1)?)
                .map_err(|e| FunctionError::failed(e.to_string()))?;
            let total = i128::from(t.unix) * 1_000_000_000 + i128::from(t.nanos) + i128::from(d);
            let unix = total.div_euclid(1_000_000_000) as i64;
            let nanos = total.rem_euclid(1_000_000_000) as u32;
            Ok(Value::string(Time { unix, nanos, offset: t.offset }.rfc3339()))
        })
}

/// `timecmp(timestamp_a, timestamp_b)`: -1, 0 or 1 as the instant of the
/// first RFC 3339 timestamp is before, the same as or after the second's
/// (offsets taken into account).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"timecmp("2017-11-22T01:00:00+01:00", "2017-11-22T00:00:00Z")"#),
///     Value::number(0)
/// );
/// ```
pub fn timecmp() -> Function {
    Function::builder()
        .description("Compares two timestamps, returning -1, 0, or 1 as the first is before, equal to, or after the second.")
        .param(Parameter::new("timestamp_a", Type::String))
        .param(Parameter::new("timestamp_b", Type::String))
        .returns(Type::Number)
        .build(|args, _| {
            let a = parse_timestamp(str_arg(args, 0)?).map_err(|e| FunctionError::argument(0, e))?;
            let b = parse_timestamp(str_arg(args, 1)?).map_err(|e| FunctionError::argument(1, e))?;
            let ord = (a.unix, a.nanos).cmp(&(b.unix, b.nanos));
            Ok(Value::number(ord as i64))
        })
}

/// `timestamp()` (impure): the current time in UTC, in RFC 3339 (whole
/// seconds).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().impure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"timecmp(timestamp(), "2000-01-01T00:00:00Z")"#), Value::number(1));
/// ```
pub fn timestamp() -> Function {
    Function::builder()
        .description("Returns a string representation of the current date and time.")
        .returns(Type::String)
        .build(|_, _| {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_err(FunctionError::other)?;
            let unix = i64::try_from(now.as_secs()).map_err(FunctionError::other)?;
            Ok(Value::string(
                Time {
                    unix,
                    nanos: 0,
                    offset: 0,
                }
                .rfc3339(),
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(f: Function, args: &[&str]) -> Result<String, String> {
        let args: Vec<Value> = args.iter().map(|s| Value::string(*s)).collect();
        f.call(&args)
            .map(|v| {
                v.as_str()
                    .map(str::to_owned)
                    .unwrap_or_else(|| format!("{v:?}"))
            })
            .map_err(|e| e.to_string())
    }

    #[test]
    fn terraform_formatdate_examples() {
        let ts = "2018-01-02T23:12:01Z";
        for (f, want) in [
            ("DD MMM YYYY hh:mm ZZZ", "02 Jan 2018 23:12 UTC"),
            (
                "EEEE, DD-MMM-YY hh:mm:ss ZZZ",
                "Tuesday, 02-Jan-18 23:12:01 UTC",
            ),
            (
                "EEE, DD MMM YYYY hh:mm:ss ZZZ",
                "Tue, 02 Jan 2018 23:12:01 UTC",
            ),
            ("MMM DD, YYYY", "Jan 02, 2018"),
            ("HH:mmaa", "11:12pm"),
            ("h 'o''clock'", "23 o'clock"),
        ] {
            assert_eq!(
                call(formatdate(), &[f, ts])
                    .as_deref()
                    .map_err(String::as_str),
                Ok(want),
                "{f}"
            );
        }
        assert_eq!(
            call(formatdate(), &["ZZZZZ Z ZZZZ", "2018-01-02T23:12:01-08:00"])
                .as_deref()
                .map_err(String::as_str),
            Ok("-08:00 -08:00 -0800")
        );
    }

    #[test]
    fn terraform_timeadd_examples() {
        assert_eq!(
            call(timeadd(), &["2017-11-22T00:00:00Z", "10m"])
                .as_deref()
                .map_err(String::as_str),
            Ok("2017-11-22T00:10:00Z")
        );
        assert_eq!(
            call(timeadd(), &["2017-11-22T00:00:00Z", "-1h30m"])
                .as_deref()
                .map_err(String::as_str),
            Ok("2017-11-21T22:30:00Z")
        );
        assert_eq!(
            call(timeadd(), &["2017-11-22T00:00:00.999+05:30", "1.5s"])
                .as_deref()
                .map_err(String::as_str),
            Ok("2017-11-22T00:00:02+05:30")
        );
        assert_eq!(
            call(timeadd(), &["2017-11-22T00:00:00Z", "1x"])
                .as_deref()
                .map_err(String::as_str),
            Err("time: unknown unit \"x\" in duration \"1x\"")
        );
        assert_eq!(
            call(timeadd(), &["2017-11-22T00:00:00Z", "1"])
                .as_deref()
                .map_err(String::as_str),
            Err("time: missing unit in duration \"1\"")
        );
    }

    #[test]
    fn terraform_timecmp_examples() {
        let n = |a: &str, b: &str| {
            timecmp()
                .call(&[Value::string(a), Value::string(b)])
                .ok()
                .and_then(|v| v.as_number().and_then(|n| n.to_i64().ok()))
        };
        assert_eq!(n("2017-11-22T00:00:00Z", "2017-11-22T00:00:00Z"), Some(0));
        assert_eq!(n("2017-11-22T00:00:00Z", "2017-11-22T01:00:00Z"), Some(-1));
        assert_eq!(n("2017-11-22T01:00:00Z", "2017-11-22T00:00:00Z"), Some(1));
        assert_eq!(
            n("2017-11-22T01:00:00Z", "2017-11-22T00:00:00-01:00"),
            Some(0)
        );
        assert!(
            timecmp()
                .call(&[Value::string("x"), Value::string("2017-11-22T00:00:00Z")])
                .is_err()
        );
    }

    #[test]
    fn rfc3339_messages() {
        let e = |s: &str| parse_timestamp(s).err().unwrap_or_default();
        assert_eq!(
            e(""),
            "not a valid RFC3339 timestamp: end of string before year"
        );
        assert_eq!(
            e("2017-11-22"),
            "not a valid RFC3339 timestamp: missing required time introducer 'T'"
        );
        assert_eq!(
            e("2017-13-22T00:00:00Z"),
            "not a valid RFC3339 timestamp: cannot use \"-22T00:00:00Z\" as month"
        );
        assert_eq!(
            e("2017-02-30T00:00:00Z"),
            "not a valid RFC3339 timestamp: day out of range"
        );
        assert_eq!(
            e("2017-11-22T00:00:00Zx"),
            "not a valid RFC3339 timestamp: cannot use \"x\" as timestamp segment"
        );
        assert_eq!(
            e("2017/11-22T00:00:00Z"),
            "not a valid RFC3339 timestamp: found \"/11-22T00:00:00Z\" where \"-\" is expected"
        );
        assert!(parse_timestamp("2017-11-22T1:00:00,5+01:00").is_ok());
    }

    #[test]
    fn civil_round_trip() {
        for days in [-1_000_000i64, -1, 0, 1, 59, 365, 11_016, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, i64::from(m), i64::from(d)), days);
        }
    }
}
