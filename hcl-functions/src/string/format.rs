//! go-cty's `format` machinery: the verb scanner (`format_fsm.rl`), the
//! formatting of each verb (`format.go`), and the parts of Go's `fmt`,
//! `big.Int.Format` and `big.Float.Format` that cty leans on for numbers.

use std::fmt::Write as _;

use hcl_core::convert;
use hcl_core::function::FunctionError;
use hcl_core::quote::go_quote;
use hcl_core::{Number, Semantics, Type, Value};
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

/// cty's `formatFSM`: the format string applied to the values, which
/// convert to what a verb needs by the rules of `sem`.
pub(super) fn format_fsm(
    format: &str,
    args: &[Value],
    sem: Semantics,
) -> Result<String, FormatError> {
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
            format_append(&mut verb, &mut buf, args, sem)?;
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
fn format_append(
    verb: &mut Verb<'_>,
    buf: &mut String,
    args: &[Value],
    sem: Semantics,
) -> Result<(), FormatError> {
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
            let b = convert::convert_with(arg, &Type::Bool, sem)
                .map_err(|e| unsupported(&e.to_string()))?;
            buf.push_str(if b.is_true() { "true" } else { "false" });
        }
        'b' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G' => {
            let n = convert::convert_with(arg, &Type::Number, sem)
                .map_err(|e| unsupported(&e.to_string()))?;
            let n = n
                .as_number()
                .ok_or_else(|| unsupported("a number is required"))?;
            if matches!(verb.mode, 'b' | 'd' | 'o' | 'x' | 'X') {
                let i = n
                    .to_bigint()
                    .map_err(|_| unsupported("an integer is required"))?;
                append_integer(verb, buf, &i);
            } else {
                append_float(verb, buf, n).map_err(|m| unsupported(&m))?;
            }
        }
        's' | 'q' => {
            let s = convert::convert_with(arg, &Type::String, sem)
                .map_err(|e| unsupported(&e.to_string()))?;
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
                let json = hcl_core::cty_json::marshal(&Value::string(s), &Type::String)
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
            let text = float_text(n, b'g', None)?;
            pad_width(verb, buf, &text);
            return Ok(());
        }
    }
    let json = hcl_core::cty_json::marshal(arg, arg.ty()).map_err(|e| e.to_string())?;
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
fn append_float(verb: &Verb<'_>, buf: &mut String, n: &Number) -> Result<(), String> {
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
    let text = float_text(n, fmt, prec)?;
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
    Ok(())
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

/// A finite non-integer `n` as `m / 2^k` with `m` odd (at most 512 bits,
/// the core's precision): multiplying by powers of two is exact, and the
/// smallest `2^s` that makes `n` an integer is found by doubling `s`.
fn binary_parts(n: &Number) -> Option<(BigUint, u64)> {
    let scale = |x: &Number, mut s: u64| -> Option<Number> {
        let mut x = x.clone();
        while s > 0 {
            let step = s.min(1 << 19);
            x = x.mul(&Number::from(BigInt::from(1) << step)).ok()?;
            s -= step;
        }
        Some(x)
    };
    let mut s = 1024u64;
    loop {
        let scaled = scale(n, s)?;
        if let Ok(i) = scaled.to_bigint() {
            let m = i.magnitude().clone();
            let tz = m.trailing_zeros().unwrap_or(0).min(s);
            return Some((m >> tz, s - tz));
        }
        if s > 1 << 23 {
            return None;
        }
        s *= 2;
    }
}

/// The first `count` significant decimal digits of `m / 2^k` (truncated),
/// the decimal exponent `e` (the value is `0.digits × 10^e`), and whether
/// any digit after them is nonzero.
fn leading_digits(m: &BigUint, k: u64, count: usize) -> (String, i64, bool) {
    // log10 of the value from its top bits, a little low: `e` is then
    // right or one too small, which one division by ten corrects.
    let bits = m.bits();
    let shift = bits.saturating_sub(60);
    let top = (m >> shift).to_u64_digits().first().copied().unwrap_or(1);
    let log2 = (top as f64).log2() + shift as f64 - k as f64;
    let mut e = (log2 * std::f64::consts::LOG10_2 - 1e-6).floor() as i64 + 1;
    let count_i = i64::try_from(count).unwrap_or(i64::MAX / 4);
    let ten = |p: i64| BigUint::from(10u32).pow(u32::try_from(p).unwrap_or(u32::MAX));
    for _ in 0..4 {
        let t = count_i - e;
        let (mut q, mut sticky) = if t >= 0 {
            // m × 10^t / 2^k = m × 5^t / 2^(k-t): only a power of five.
            let t_u = u64::try_from(t).unwrap_or(0);
            let five = BigUint::from(5u32).pow(u32::try_from(t).unwrap_or(u32::MAX));
            let num = m * five;
            if t_u >= k {
                (num << (t_u - k), false)
            } else {
                let shift = k - t_u;
                let sticky = num.trailing_zeros().is_some_and(|tz| tz < shift);
                (num >> shift, sticky)
            }
        } else {
            let den = ten(-t) << k;
            let sticky = (m % &den).bits() != 0;
            (m / &den, sticky)
        };
        let mut digits = q.to_string();
        if digits.len() == count + 1 {
            let ten = BigUint::from(10u32);
            sticky |= (&q % &ten).bits() != 0;
            q /= ten;
            digits = q.to_string();
            e += 1;
        }
        if digits.len() == count {
            return (digits, e, sticky);
        }
        e -= 1;
    }
    (String::new(), 0, false)
}

/// The most significant digits a number is formatted with: beyond this,
/// `format` fails rather than spend seconds on a number such as `1e-300000`
/// with a precision of thousands of digits.
pub(super) const MAX_SIGNIFICANT_DIGITS: usize = 20_000;

/// `n` (finite, nonzero) as a decimal that rounds as the exact value does
/// at digit `prec` (or, if `fixed`, `prec` digits after the point): the digits
/// up to one after that position, and a final `1` standing for any nonzero
/// digits beyond (so that Go's half-to-even test sees an exact half only
/// where there is one).
fn decimal_for_rounding(n: &Number, fixed: bool, prec: i64) -> Result<Decimal, String> {
    let n = n.abs();
    if let Ok(i) = n.to_bigint() {
        // Integers (at most 65,536 bits, so about 20,000 digits) in full.
        return Ok(Decimal::from_digits(&i.to_string(), 0));
    }
    let too_many = || {
        format!(
            "formatting this number needs more than {MAX_SIGNIFICANT_DIGITS} significant digits"
        )
    };
    let (m, k) = binary_parts(&n).ok_or_else(too_many)?;
    // The exact expansion has at most this many significant digits.
    let exact = (m.bits() as f64 * std::f64::consts::LOG10_2 + k as f64 * 0.7) as i64 + 2;
    let at = if fixed {
        // `%f`: the rounding position depends on the exponent.
        let (_, e, _) = leading_digits(&m, k, 1);
        if e + prec < 0 {
            // Every digit printed is a zero before the first significant one.
            return Ok(Decimal {
                mant: vec![b'1'],
                exp: e,
            });
        }
        e + prec
    } else {
        prec
    };
    let count = at.saturating_add(2).min(exact).max(1);
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    if count > MAX_SIGNIFICANT_DIGITS {
        return Err(too_many());
    }
    let (digits, e, sticky) = leading_digits(&m, k, count);
    if sticky {
        // The digits as they are (trailing zeros included), then a `1` for
        // the nonzero rest.
        let mut mant = digits.into_bytes();
        mant.push(b'1');
        return Ok(Decimal { mant, exp: e });
    }
    Ok(Decimal::from_digits(&digits, e - count as i64))
}

/// Go's `big.Float.Text(fmt, prec)` for `e`, `E`, `f`, `g`, `G`; `None` is
/// the shortest representation (precision -1).
pub(super) fn float_text(n: &Number, fmt: u8, prec: Option<usize>) -> Result<String, String> {
    let mut buf = String::new();
    if n.is_negative() {
        buf.push('-');
    }
    if n.is_infinite() {
        if !n.is_negative() {
            buf.push('+');
        }
        buf.push_str("Inf");
        return Ok(buf);
    }
    let to_i64 = |p: usize| i64::try_from(p).unwrap_or(i64::MAX / 4);
    let (d, prec, shortest) = match prec {
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
            let mut prec = to_i64(p);
            if matches!(fmt, b'g' | b'G') && prec == 0 {
                prec = 1;
            }
            let (fixed, at) = match fmt {
                b'e' | b'E' => (false, 1 + prec),
                b'f' => (true, prec),
                _ => (false, prec),
            };
            let mut d = if n.is_zero() {
                Decimal::from_digits("", 0)
            } else {
                decimal_for_rounding(n, fixed, at)?
            };
            d.round(if fixed { d.exp + prec } else { at });
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
    Ok(buf)
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
    fn binary_parts_and_leading_digits() {
        let (m, k) = binary_parts(&num("0.375")).expect("parts");
        assert_eq!((m, k), (BigUint::from(3u32), 3));
        let (m, k) = binary_parts(&num("0.1")).expect("parts");
        assert_eq!(m.bits(), 512);
        assert_eq!(leading_digits(&m, k, 5), ("10000".to_owned(), 0, true));
        let (m, k) = binary_parts(&num("1e-1000")).expect("parts");
        let (d, e, sticky) = leading_digits(&m, k, 3);
        assert_eq!((d.as_str(), e, sticky), ("100", -999, true));
        let (m, k) = binary_parts(&num("2.5")).expect("parts");
        assert_eq!(leading_digits(&m, k, 4), ("2500".to_owned(), 1, false));
    }

    #[test]
    fn float_text_matches_go() {
        let t = |n: &str, f: u8, p: Option<usize>| float_text(&num(n), f, p).unwrap_or_default();
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
        let f = |s: &str, args: &[Value]| match format_fsm(s, args, Semantics::Spec) {
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
