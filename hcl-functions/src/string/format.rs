//! go-cty's `format` machinery: the verb scanner (`format_fsm.rl`), the
//! formatting of each verb (`format.go`), and the parts of Go's `fmt`,
//! `big.Int.Format` and `big.Float.Format` that cty leans on for numbers.

use std::fmt::Write as _;

use hcl_core::convert;
use hcl_core::function::FunctionError;
use hcl_core::quote::go_quote;
use hcl_core::{Number, Type, Value};
use num_bigint::{BigInt, BigUint, Sign};
use unicode_segmentation::UnicodeSegmentation;

use super::{MAX_FORMAT_WIDTH, MAX_RESULT_BYTES, too_long};

/// One formatting verb, as the scanner found it.
#[derive(Debug, Default)]
struct Verb<'a> {
    raw: &'a str,
    offset: usize,
    arg_num: usize,
    mode: char,
    zero: bool,
    sharp: bool,
    plus: bool,
    minus: bool,
    space: bool,
    /// `None` when absent.
    prec: Option<usize>,
    width: Option<usize>,
}

/// Why formatting failed: an error about one argument of the call (by its
/// position in the call, the format string being 0), or a plain failure.
#[derive(Debug)]
pub(super) enum FormatError {
    Argument(usize, String),
    Failed(String),
}

impl FormatError {
    pub(super) fn message(&self) -> &str {
        match self {
            FormatError::Argument(_, m) | FormatError::Failed(m) => m,
        }
    }

    pub(super) fn into_function_error(self) -> FunctionError {
        match self {
            FormatError::Argument(i, m) => FunctionError::argument(i, m),
            FormatError::Failed(m) => FunctionError::failed(m),
        }
    }
}

fn failed(message: String) -> FormatError {
    FormatError::Failed(message)
}

/// Go's `%q` of a rune (`strconv.QuoteRune`).
fn quote_rune(c: char) -> String {
    match c {
        '\'' => r"'\''".to_owned(),
        '"' => "'\"'".to_owned(),
        c => {
            let q = go_quote(c.encode_utf8(&mut [0; 4]));
            format!("'{}'", &q[1..q.len() - 1])
        }
    }
}

/// Scanner states (the Ragel machine of cty's `format_fsm.rl`).
#[derive(Clone, Copy, PartialEq)]
enum State {
    /// Literal text (the only final state).
    Text,
    /// After `%`: `%`, flags, `[`, width, `.`, or a verb letter.
    Percent,
    /// In the flags: more flags, `[`, width, `.`, or a verb letter.
    Flags,
    /// After `[`: the first digit (1-9) of the argument number.
    ArgStart,
    /// In the argument number: digits or `]`.
    ArgDigits,
    /// After `]`: width, `.` or a verb letter.
    AfterArg,
    /// In the width: digits, `.` or a verb letter.
    Width,
    /// In the precision: digits or a verb letter.
    Prec,
}

/// cty's `formatFSM`: the format string applied to the values.
pub(super) fn format_fsm(format: &str, args: &[Value]) -> Result<String, FormatError> {
    let bytes = format.as_bytes();
    let mut buf = String::new();
    let mut next_arg = 1usize;
    let mut highest = 0usize;
    let mut verb = Verb::default();
    let mut state = State::Text;
    let mut text_start = 0usize;
    let mut p = 0usize;
    let unrecognized = |p: usize| {
        let c = format[p..].chars().next().unwrap_or('\u{fffd}');
        failed(format!(
            "unrecognized format character {} at offset {p}",
            quote_rune(c)
        ))
    };
    while p < bytes.len() {
        let c = bytes[p];
        match state {
            State::Text => {
                if c == b'%' {
                    buf.push_str(&format[text_start..p]);
                    verb = Verb {
                        arg_num: next_arg,
                        offset: p,
                        ..Verb::default()
                    };
                    state = State::Percent;
                }
            }
            State::Percent | State::Flags => match c {
                b'%' if state == State::Percent => {
                    buf.push('%');
                    state = State::Text;
                    text_start = p + 1;
                }
                b'0' => (verb.zero, state) = (true, State::Flags),
                b'#' => (verb.sharp, state) = (true, State::Flags),
                b'-' => (verb.minus, state) = (true, State::Flags),
                b'+' => (verb.plus, state) = (true, State::Flags),
                b' ' => (verb.space, state) = (true, State::Flags),
                b'[' => {
                    verb.arg_num = 0;
                    state = State::ArgStart;
                }
                _ => state = after_arg(c, &mut verb).ok_or_else(|| unrecognized(p))?,
            },
            State::ArgStart => match c {
                b'1'..=b'9' => {
                    verb.arg_num = usize::from(c - b'0');
                    state = State::ArgDigits;
                }
                _ => return Err(unrecognized(p)),
            },
            State::ArgDigits => match c {
                b'0'..=b'9' => {
                    verb.arg_num = verb
                        .arg_num
                        .saturating_mul(10)
                        .saturating_add(usize::from(c - b'0'));
                }
                b']' => state = State::AfterArg,
                _ => return Err(unrecognized(p)),
            },
            State::AfterArg => state = after_arg(c, &mut verb).ok_or_else(|| unrecognized(p))?,
            State::Width => match c {
                b'0'..=b'9' => {
                    verb.width = verb
                        .width
                        .map(|w| w.saturating_mul(10).saturating_add(usize::from(c - b'0')));
                }
                b'.' => {
                    verb.prec = Some(0);
                    state = State::Prec;
                }
                _ => state = mode(c, &mut verb).ok_or_else(|| unrecognized(p))?,
            },
            State::Prec => match c {
                b'0'..=b'9' => {
                    verb.prec = verb
                        .prec
                        .map(|w| w.saturating_mul(10).saturating_add(usize::from(c - b'0')));
                }
                _ => state = mode(c, &mut verb).ok_or_else(|| unrecognized(p))?,
            },
        }
        if state == State::Text && verb.mode != '\0' {
            // A verb letter was just read.
            verb.raw = &format[verb.offset..=p];
            highest = highest.max(verb.arg_num);
            format_append(&mut verb, &mut buf, args)?;
            next_arg = verb.arg_num.saturating_add(1);
            verb.mode = '\0';
            text_start = p + 1;
        }
        p += 1;
    }
    if state != State::Text {
        return Err(failed(format!(
            "invalid format string starting at offset {p}"
        )));
    }
    buf.push_str(&format[text_start..]);
    if buf.len() > MAX_RESULT_BYTES {
        return Err(failed(too_long()));
    }
    if highest < args.len() {
        let first_bad = highest + 1;
        if highest == 0 {
            return Err(FormatError::Argument(
                first_bad,
                "too many arguments; no verbs in format string".into(),
            ));
        }
        return Err(FormatError::Argument(
            first_bad,
            format!("too many arguments; only {highest} used by format string"),
        ));
    }
    Ok(buf)
}

/// After the flags or an argument index: the width's first digit, `.` or
/// the verb letter.
fn after_arg(c: u8, verb: &mut Verb<'_>) -> Option<State> {
    match c {
        b'1'..=b'9' => {
            verb.width = Some(usize::from(c - b'0'));
            Some(State::Width)
        }
        b'.' => {
            verb.prec = Some(0);
            Some(State::Prec)
        }
        _ => mode(c, verb),
    }
}

fn mode(c: u8, verb: &mut Verb<'_>) -> Option<State> {
    if c.is_ascii_alphabetic() {
        verb.mode = char::from(c);
        Some(State::Text)
    } else {
        None
    }
}

/// cty's `formatAppend`: one verb applied to its argument.
fn format_append(verb: &mut Verb<'_>, buf: &mut String, args: &[Value]) -> Result<(), FormatError> {
    let raw = go_quote(verb.raw);
    let offset = verb.offset;
    let index = verb.arg_num.saturating_sub(1);
    let Some(arg) = args.get(index) else {
        return Err(failed(format!(
            "not enough arguments for {raw} at {offset}: need index {} but have {} total",
            verb.arg_num,
            args.len()
        )));
    };
    if verb.mode != 'v' && arg.is_null() {
        return Err(failed(format!(
            "unsupported value for {raw} at {offset}: null value cannot be formatted"
        )));
    }
    for (what, n) in [("width", verb.width), ("precision", verb.prec)] {
        if n.is_some_and(|n| n > MAX_FORMAT_WIDTH) {
            return Err(failed(format!(
                "unsupported {what} for {raw} at {offset}: at most {MAX_FORMAT_WIDTH} is supported"
            )));
        }
    }
    let unsupported = |msg: &str| failed(format!("unsupported value for {raw} at {offset}: {msg}"));
    let before = buf.len();
    match verb.mode {
        'v' => append_as_is(verb, buf, arg).map_err(|m| unsupported(&m))?,
        't' => {
            let b = convert::convert(arg, &Type::Bool).map_err(|e| unsupported(&e.to_string()))?;
            buf.push_str(if b.is_true() { "true" } else { "false" });
        }
        'b' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G' => {
            let n =
                convert::convert(arg, &Type::Number).map_err(|e| unsupported(&e.to_string()))?;
            let n = n
                .as_number()
                .ok_or_else(|| unsupported("a number is required"))?;
            if matches!(verb.mode, 'b' | 'd' | 'o' | 'x' | 'X') {
                let i = n
                    .to_bigint()
                    .map_err(|_| unsupported("an integer is required"))?;
                append_integer(verb, buf, &i);
            } else {
                append_float(verb, buf, n);
            }
        }
        's' | 'q' => {
            let s =
                convert::convert(arg, &Type::String).map_err(|e| unsupported(&e.to_string()))?;
            let s = s.as_str().unwrap_or("");
            let s = match verb.prec {
                Some(p) if p > 0 => match s.grapheme_indices(true).nth(p) {
                    Some((i, _)) => &s[..i],
                    None => s,
                },
                _ => s,
            };
            if verb.mode == 's' {
                pad_width(verb, buf, s);
            } else {
                let json = hcl_core::stdlib::json::marshal(&Value::string(s), &Type::String)
                    .map_err(|e| unsupported(&e.to_string()))?;
                pad_width(verb, buf, &json);
            }
        }
        m => {
            return Err(failed(format!(
                "unsupported format verb {} in {raw} at offset {offset}",
                quote_rune(m)
            )));
        }
    }
    if buf.len() > MAX_RESULT_BYTES || buf.len() - before > MAX_RESULT_BYTES {
        return Err(failed(too_long()));
    }
    Ok(())
}

/// cty's `formatAppendAsIs` (`%v` and `%#v`).
fn append_as_is(verb: &Verb<'_>, buf: &mut String, arg: &Value) -> Result<(), String> {
    if !verb.sharp && !arg.is_null() {
        if let Some(s) = arg.as_str() {
            pad_width(verb, buf, s);
            return Ok(());
        }
        if let Some(n) = arg.as_number() {
            let text = float_text(n, b'g', None);
            pad_width(verb, buf, &text);
            return Ok(());
        }
    }
    let json = hcl_core::stdlib::json::marshal(arg, arg.ty()).map_err(|e| e.to_string())?;
    pad_width(verb, buf, &json);
    Ok(())
}

/// cty's `formatPadWidth`: pads to the width in grapheme clusters, with
/// spaces (or zeros with the `0` flag), on the left (or right with `-`).
fn pad_width(verb: &Verb<'_>, buf: &mut String, text: &str) {
    let Some(width) = verb.width else {
        buf.push_str(text);
        return;
    };
    let len = text.graphemes(true).count();
    if len >= width {
        buf.push_str(text);
        return;
    }
    let pad = if verb.zero { "0" } else { " " }.repeat(width - len);
    if verb.minus {
        buf.push_str(text);
        buf.push_str(&pad);
    } else {
        buf.push_str(&pad);
        buf.push_str(text);
    }
}

/// Go's `fmt.Sprintf(verb, *big.Int)` (`big.Int.Format`).
fn append_integer(verb: &Verb<'_>, buf: &mut String, i: &BigInt) {
    let (base, prefix) = match verb.mode {
        'b' => (2, "0b"),
        'o' => (8, "0"),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        _ => (10, ""),
    };
    let sign = if i.sign() == Sign::Minus {
        "-"
    } else if verb.plus {
        "+"
    } else if verb.space {
        " "
    } else {
        ""
    };
    let prefix = if verb.sharp { prefix } else { "" };
    let mut digits = i.magnitude().to_str_radix(base);
    if verb.mode == 'X' {
        digits.make_ascii_uppercase();
    }
    let mut zeros = 0;
    if let Some(p) = verb.prec {
        if digits.len() < p {
            zeros = p - digits.len();
        } else if digits == "0" && p == 0 {
            return;
        }
    }
    let (mut left, mut right) = (0, 0);
    let length = sign.len() + prefix.len() + zeros + digits.len();
    if let Some(width) = verb.width.filter(|&w| length < w) {
        let d = width - length;
        // Go's fmt turns the `0` flag off when `-` is given.
        if verb.minus {
            right = d;
        } else if verb.zero && verb.prec.is_none() {
            zeros = d;
        } else {
            left = d;
        }
    }
    push_n(buf, ' ', left);
    buf.push_str(sign);
    buf.push_str(prefix);
    push_n(buf, '0', zeros);
    buf.push_str(&digits);
    push_n(buf, ' ', right);
}

fn push_n(buf: &mut String, c: char, n: usize) {
    buf.extend(std::iter::repeat_n(c, n));
}

/// Go's `fmt.Sprintf(verb, *big.Float)` (`big.Float.Format`) for `e`, `E`,
/// `f`, `g` and `G`.
fn append_float(verb: &Verb<'_>, buf: &mut String, n: &Number) {
    let fmt = match verb.mode {
        'e' => b'e',
        'E' => b'E',
        'f' => b'f',
        'G' => b'G',
        _ => b'g',
    };
    let prec = match verb.prec {
        Some(p) => Some(p),
        None if matches!(fmt, b'g' | b'G') => None,
        None => Some(6),
    };
    let text = float_text(n, fmt, prec);
    let (sign, body) = if let Some(rest) = text.strip_prefix('-') {
        ("-", rest)
    } else if let Some(rest) = text.strip_prefix('+') {
        (if verb.space { " " } else { "+" }, rest)
    } else if verb.plus {
        ("+", text.as_str())
    } else if verb.space {
        (" ", text.as_str())
    } else {
        ("", text.as_str())
    };
    let padding = verb
        .width
        .filter(|&w| w > sign.len() + body.len())
        .map_or(0, |w| w - sign.len() - body.len());
    // Go's fmt turns the `0` flag off when `-` is given.
    if verb.zero && !verb.minus && !n.is_infinite() {
        buf.push_str(sign);
        push_n(buf, '0', padding);
        buf.push_str(body);
    } else if verb.minus {
        buf.push_str(sign);
        buf.push_str(body);
        push_n(buf, ' ', padding);
    } else {
        push_n(buf, ' ', padding);
        buf.push_str(sign);
        buf.push_str(body);
    }
}

/// A decimal number `0.mant × 10^exp` (Go's `math/big.decimal`): `mant`
/// holds ASCII digits without leading or trailing zeros; empty is zero.
#[derive(Debug, Clone, PartialEq)]
struct Decimal {
    mant: Vec<u8>,
    exp: i64,
}

impl Decimal {
    /// From the digits of a decimal integer and a power of ten to scale by.
    fn from_digits(digits: &str, scale: i64) -> Decimal {
        let digits = digits.trim_start_matches('0');
        let exp = digits.len() as i64 + scale;
        let mant = digits.trim_end_matches('0').as_bytes().to_vec();
        if mant.is_empty() {
            return Decimal { mant, exp: 0 };
        }
        Decimal { mant, exp }
    }

    fn at(&self, i: i64) -> u8 {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.mant.get(i).copied())
            .unwrap_or(b'0')
    }

    fn len(&self) -> i64 {
        self.mant.len() as i64
    }

    fn round(&mut self, n: i64) {
        if n < 0 || n >= self.len() {
            return;
        }
        let n_us = usize::try_from(n).unwrap_or(0);
        let up = if self.mant[n_us] == b'5' && n_us + 1 == self.mant.len() {
            n_us > 0 && (self.mant[n_us - 1] - b'0') & 1 != 0
        } else {
            self.mant[n_us] >= b'5'
        };
        if up {
            self.round_up(n_us);
        } else {
            self.round_down(n_us);
        }
    }

    fn round_up(&mut self, mut n: usize) {
        while n > 0 && self.mant[n - 1] >= b'9' {
            n -= 1;
        }
        if n == 0 {
            self.mant.truncate(1);
            self.mant[0] = b'1';
            self.exp += 1;
            return;
        }
        self.mant[n - 1] += 1;
        self.mant.truncate(n);
    }

    fn round_down(&mut self, n: usize) {
        self.mant.truncate(n);
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
        if self.mant.is_empty() {
            self.exp = 0;
        }
    }
}

/// The shortest decimal that identifies `n` (Go's `roundShortest` with a
/// 512-bit precision): the digits of the number's display form.
fn shortest_decimal(n: &Number) -> Decimal {
    let text = n.abs().to_string();
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let all = format!("{int}{frac}");
    Decimal::from_digits(&all, -(frac.len() as i64))
}

/// The exact decimal value of a finite `n`.
fn exact_decimal(n: &Number) -> Decimal {
    let n = n.abs();
    if let Ok(i) = n.to_bigint() {
        return Decimal::from_digits(&i.to_string(), 0);
    }
    // A non-integer is m × 2^e with m of at most 512 bits. Multiplying by
    // 2^s (exactly) for an s ≥ -e found from the display form gives an
    // integer M, and n = M × 5^s / 10^s.
    let text = n.to_string();
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let leading = if int.trim_start_matches('0').is_empty() {
        frac.len() - frac.trim_start_matches('0').len()
    } else {
        0
    };
    let mut s = 600 + (leading as u64 + 1) * 10 / 3 + 1;
    loop {
        let mut scaled = n.clone();
        let mut left = s;
        while left > 0 {
            let step = left.min(500_000);
            let p = Number::from(BigInt::from(1) << step);
            scaled = match scaled.mul(&p) {
                Ok(v) => v,
                Err(_) => return shortest_decimal(&n),
            };
            left -= step;
        }
        if let Ok(m) = scaled.to_bigint() {
            let m = m.magnitude().clone();
            let tz = m.trailing_zeros().unwrap_or(0).min(s);
            let m: BigUint = m >> tz;
            let shift = s - tz;
            let digits =
                (m * BigUint::from(5u32).pow(u32::try_from(shift).unwrap_or(u32::MAX))).to_string();
            return Decimal::from_digits(&digits, -(shift as i64));
        }
        if s > 4_000_000 {
            return shortest_decimal(&n);
        }
        s *= 2;
    }
}

/// Go's `big.Float.Text(fmt, prec)` for `e`, `E`, `f`, `g`, `G`; `None` is
/// the shortest representation (precision -1).
pub(super) fn float_text(n: &Number, fmt: u8, prec: Option<usize>) -> String {
    let mut buf = String::new();
    if n.is_negative() {
        buf.push('-');
    }
    if n.is_infinite() {
        if !n.is_negative() {
            buf.push('+');
        }
        buf.push_str("Inf");
        return buf;
    }
    let to_i64 = |p: usize| i64::try_from(p).unwrap_or(i64::MAX / 4);
    let (mut d, prec, shortest) = match prec {
        None => {
            let d = shortest_decimal(n);
            let prec = match fmt {
                b'e' | b'E' => d.len() - 1,
                b'f' => (d.len() - d.exp).max(0),
                _ => d.len(),
            };
            (d, prec, true)
        }
        Some(p) => {
            let mut d = exact_decimal(n);
            let mut prec = to_i64(p);
            match fmt {
                b'e' | b'E' => d.round(1 + prec),
                b'f' => d.round(d.exp + prec),
                _ => {
                    if prec == 0 {
                        prec = 1;
                    }
                    d.round(prec);
                }
            }
            (d, prec, false)
        }
    };
    match fmt {
        b'e' | b'E' => fmt_e(&mut buf, fmt, prec, &d),
        b'f' => fmt_f(&mut buf, prec, &d),
        _ => {
            let mut eprec = prec;
            if eprec > d.len() && d.len() >= d.exp {
                eprec = d.len();
            }
            if shortest {
                eprec = 6;
            }
            let exp = d.exp - 1;
            let mut prec = prec;
            if exp < -4 || exp >= eprec {
                if prec > d.len() {
                    prec = d.len();
                }
                let e = if fmt == b'g' { b'e' } else { b'E' };
                fmt_e(&mut buf, e, prec - 1, &d);
            } else {
                if prec > d.exp {
                    prec = d.len();
                }
                fmt_f(&mut buf, (prec - d.exp).max(0), &d);
            }
        }
    }
    d.mant.clear();
    buf
}

fn fmt_e(buf: &mut String, fmt: u8, prec: i64, d: &Decimal) {
    buf.push(char::from(d.mant.first().copied().unwrap_or(b'0')));
    if prec > 0 {
        buf.push('.');
        for i in 1..=prec {
            buf.push(char::from(d.at(i)));
        }
    }
    buf.push(char::from(fmt));
    let exp = if d.mant.is_empty() { 0 } else { d.exp - 1 };
    buf.push(if exp < 0 { '-' } else { '+' });
    let exp = exp.unsigned_abs();
    if exp < 10 {
        buf.push('0');
    }
    let _ = write!(buf, "{exp}");
}

fn fmt_f(buf: &mut String, prec: i64, d: &Decimal) {
    if d.exp > 0 {
        for i in 0..d.exp {
            buf.push(char::from(d.at(i)));
        }
    } else {
        buf.push('0');
    }
    if prec > 0 {
        buf.push('.');
        for i in 0..prec {
            buf.push(char::from(d.at(d.exp + i)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> Number {
        Number::parse_literal(s).expect("number")
    }

    #[test]
    fn exact_decimal_of_a_tenth_has_all_its_digits() {
        let d = exact_decimal(&num("0.1"));
        assert_eq!(d.exp, 0);
        assert!(d.mant.starts_with(b"1000000000000000000000"));
        assert!(d.mant.len() > 100);
        assert_eq!(exact_decimal(&num("0.5")), Decimal::from_digits("5", -1));
        assert_eq!(exact_decimal(&num("1200")), Decimal::from_digits("12", 2));
        let tiny = exact_decimal(&num("1e-1000"));
        assert_eq!(tiny.exp, -999);
    }

    #[test]
    fn float_text_matches_go() {
        let t = |n: &str, f: u8, p: Option<usize>| float_text(&num(n), f, p);
        assert_eq!(t("1000000", b'g', None), "1e+06");
        assert_eq!(t("123456", b'g', None), "123456");
        assert_eq!(t("0.0001", b'g', None), "0.0001");
        assert_eq!(t("0.00001", b'g', None), "1e-05");
        assert_eq!(t("3.14159", b'f', Some(2)), "3.14");
        assert_eq!(t("2.5", b'f', Some(0)), "2");
        assert_eq!(t("3.5", b'f', Some(0)), "4");
        assert_eq!(t("0.5", b'f', Some(0)), "0");
        assert_eq!(t("-0.001", b'f', Some(1)), "-0.0");
        assert_eq!(t("0.0009", b'f', Some(3)), "0.001");
        assert_eq!(t("123.456", b'e', Some(2)), "1.23e+02");
        assert_eq!(t("0", b'e', Some(2)), "0.00e+00");
        assert_eq!(t("0", b'g', None), "0");
        assert_eq!(t("1e100", b'g', Some(3)), "1e+100");
        assert_eq!(t("123.456", b'g', Some(4)), "123.5");
        assert_eq!(t("0.1", b'f', Some(30)), "0.100000000000000000000000000000");
    }

    #[test]
    fn verbs_scan_as_cty_does() {
        let f = |s: &str, args: &[Value]| match format_fsm(s, args) {
            Ok(s) => s,
            Err(e) => format!("error: {}", e.message()),
        };
        let n = |i: i64| Value::number(i);
        assert_eq!(f("%d%%", &[n(5)]), "5%");
        assert_eq!(
            f("%[2]d %d %[1]d", &[n(1), n(2)]),
            "error: not enough arguments for \"%d\" at 6: need index 3 but have 2 total"
        );
        assert_eq!(f("%[2]d %[1]d", &[n(1), n(2)]), "2 1");
        assert_eq!(
            f("%", &[]),
            "error: invalid format string starting at offset 1"
        );
        assert_eq!(
            f("%!", &[]),
            "error: unrecognized format character '!' at offset 1"
        );
        assert_eq!(
            f("%05d|%-5d|%+d|% d", &[n(42), n(42), n(42), n(42)]),
            "00042|42   |+42| 42"
        );
        assert_eq!(
            f("%#x %X %o %b", &[n(255), n(255), n(8), n(5)]),
            "0xff FF 10 101"
        );
        assert_eq!(f("%.3d|%.0d", &[n(7), n(0)]), "007|");
    }
}
