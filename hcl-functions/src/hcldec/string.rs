//! `upper`, `lower`, `reverse`, `strlen` and `substr` (cty's `string.go`).
//!
//! "Characters" are grapheme clusters, as in Go, and case mapping is
//! Unicode's *simple* (one character to one character) mapping, as Go's
//! `strings.ToUpper` / `strings.ToLower` do: `ß` stays `ß`, `İ` lowers to
//! `i`, and a final `Σ` lowers to `σ`.

use unicode_segmentation::UnicodeSegmentation;

use hcl_core::Type;
use hcl_core::Value;
use hcl_core::function::{Function, FunctionError, Parameter};

fn str_arg(args: &[Value], index: usize) -> Result<&str, FunctionError> {
    args.get(index)
        .and_then(Value::as_str)
        .ok_or_else(|| FunctionError::argument(index, "a string is required"))
}

fn string_function(
    description: &str,
    returns: Type,
    f: impl Fn(&str) -> Value + Send + Sync + 'static,
) -> Function {
    Function::builder()
        .description(description)
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(returns)
        .build(move |args, _| Ok(f(str_arg(args, 0)?)))
}

/// `upper(str)`: the string with every letter in upper case (Unicode's
/// simple case mapping, as Go's `strings.ToUpper`).
///
/// ```
/// use hcl_functions::hcldec::upper;
/// use hcl_core::Value;
///
/// assert_eq!(upper().call(&[Value::string("straße")]).unwrap(), Value::string("STRAßE"));
/// ```
pub fn upper() -> Function {
    string_function(
        "Returns the given string with all Unicode letters translated to their uppercase equivalents.",
        Type::String,
        |s| Value::string(s.chars().map(simple_upper).collect::<String>()),
    )
}

/// `lower(str)`: the string with every letter in lower case (Unicode's
/// simple case mapping, as Go's `strings.ToLower`).
///
/// ```
/// use hcl_functions::hcldec::lower;
/// use hcl_core::Value;
///
/// assert_eq!(lower().call(&[Value::string("ΣΑΣ")]).unwrap(), Value::string("σασ"));
/// ```
pub fn lower() -> Function {
    string_function(
        "Returns the given string with all Unicode letters translated to their lowercase equivalents.",
        Type::String,
        |s| Value::string(s.chars().map(simple_lower).collect::<String>()),
    )
}

/// `reverse(str)`: the string with its characters (grapheme clusters) in
/// reverse order. (In the hcldec function table, `reverse` is cty's string
/// `ReverseFunc`, not the list function.)
///
/// ```
/// use hcl_functions::hcldec::reverse;
/// use hcl_core::Value;
///
/// assert_eq!(reverse().call(&[Value::string("héllo")]).unwrap(), Value::string("olléh"));
/// ```
pub fn reverse() -> Function {
    string_function(
        "Returns the given string with all of its Unicode characters in reverse order.",
        Type::String,
        |s| Value::string(s.graphemes(true).rev().collect::<String>()),
    )
}

/// `strlen(str)`: the number of characters (grapheme clusters) in the
/// string.
///
/// ```
/// use hcl_functions::hcldec::strlen;
/// use hcl_core::Value;
///
/// // "e" and a combining acute accent are one character.
/// assert_eq!(strlen().call(&[Value::string("cafe\u{301}")]).unwrap(), Value::number(4));
/// ```
pub fn strlen() -> Function {
    string_function(
        "Returns the number of Unicode characters (technically: grapheme clusters) in the given string.",
        Type::Number,
        |s| Value::number(i64::try_from(s.graphemes(true).count()).unwrap_or(i64::MAX)),
    )
}

/// `substr(str, offset, length)`: at most `length` characters (grapheme
/// clusters) of the string, from character `offset`.
///
/// As Go's `stdlib.SubstrFunc`, quirks included: a negative offset counts
/// from the end (and one beyond the start means the start); a negative
/// length means "to the end"; a zero length gives `""`, except with a
/// negative offset, where it means "to the end" too (`substr("hello", -1,
/// 0)` is `"o"`). Offsets and lengths must be whole numbers that fit 64
/// bits.
///
/// ```
/// use hcl_functions::hcldec::substr;
/// use hcl_core::Value;
///
/// let call = |s: &str, o: i64, l: i64| {
///     substr().call(&[Value::string(s), Value::number(o), Value::number(l)]).unwrap()
/// };
/// assert_eq!(call("hello world", 6, 5), Value::string("world"));
/// assert_eq!(call("hello", -3, -1), Value::string("llo"));
/// assert_eq!(call("hello", 1, 100), Value::string("ello"));
/// ```
pub fn substr() -> Function {
    Function::builder()
        .description("Extracts a substring from the given string.")
        .param(
            Parameter::new("str", Type::String)
                .allow_dynamic()
                .with_description("The input string."),
        )
        .param(
            Parameter::new("offset", Type::Number)
                .allow_dynamic()
                .with_description("The starting offset in Unicode characters."),
        )
        .param(
            Parameter::new("length", Type::Number)
                .allow_dynamic()
                .with_description("The maximum length of the result in Unicode characters."),
        )
        .returns(Type::String)
        .build(|args, _| {
            let s = str_arg(args, 0)?;
            let int = |index: usize| -> Result<i64, FunctionError> {
                let n = args
                    .get(index)
                    .and_then(Value::as_number)
                    .ok_or_else(|| FunctionError::argument(index, "a number is required"))?;
                n.to_i64().map_err(|e| FunctionError::failed(e.to_string()))
            };
            let offset = int(1)?;
            let length = int(2)?;
            Ok(Value::string(substring(s, offset, length)))
        })
}

/// Go's `SubstrFunc` algorithm, step for step.
fn substring(s: &str, mut offset: i64, length: i64) -> &str {
    let clusters: Vec<&str> = s.graphemes(true).collect();
    if offset < 0 {
        offset = offset.saturating_add(i64::try_from(clusters.len()).unwrap_or(i64::MAX));
    } else if length == 0 {
        return "";
    }

    let mut sub = s;
    if offset > 0 {
        let mut i = 0usize;
        let mut pos = 0i64;
        for cluster in &clusters {
            i += cluster.len();
            pos += 1;
            if pos == offset {
                break;
            }
            if i >= s.len() {
                return "";
            }
        }
        sub = s.get(i..).unwrap_or("");
    }

    if length < 0 {
        return sub;
    }
    let mut i = 0usize;
    let mut pos = 0i64;
    for cluster in sub.graphemes(true) {
        i += cluster.len();
        pos += 1;
        if pos == length {
            break;
        }
    }
    sub.get(..i).unwrap_or(sub)
}

/// Unicode's simple uppercase mapping (Go's `unicode.ToUpper`). Rust's
/// `char::to_uppercase` is the full mapping; where that has more than one
/// character, the simple mapping is the character itself, except for the
/// Greek letters with ypogegrammeni, which map to their title-case forms.
///
/// ```
/// use hcl_functions::hcldec::simple_upper;
///
/// assert_eq!(simple_upper('a'), 'A');
/// assert_eq!(simple_upper('ß'), 'ß'); // the full mapping is "SS"
/// assert_eq!(simple_upper('\u{1FB3}'), '\u{1FBC}');
/// ```
pub fn simple_upper(c: char) -> char {
    let mut full = c.to_uppercase();
    match (full.next(), full.next()) {
        (Some(u), None) => u,
        _ => match u32::from(c) {
            n @ (0x1F80..=0x1F87 | 0x1F90..=0x1F97 | 0x1FA0..=0x1FA7) => {
                char::from_u32(n + 8).unwrap_or(c)
            }
            0x1FB3 => '\u{1FBC}',
            0x1FC3 => '\u{1FCC}',
            0x1FF3 => '\u{1FFC}',
            _ => c,
        },
    }
}

/// Unicode's simple lowercase mapping (Go's `unicode.ToLower`): the full
/// mapping where it is one character; `İ` (whose full mapping is `i` and a
/// combining dot) lowers to `i`.
pub(crate) fn simple_lower(c: char) -> char {
    let mut full = c.to_lowercase();
    match (full.next(), full.next()) {
        (Some(l), None) => l,
        _ if c == '\u{130}' => 'i',
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substring_follows_go_step_by_step() {
        let cases = [
            ("hello", -1, 0, "o"),
            ("hello", -10, 2, "he"),
            ("hello", 0, 0, ""),
            ("hello", 1, 0, ""),
            ("hello", 5, 1, ""),
            ("hello", 6, 1, ""),
            ("hello", 2, -1, "llo"),
            ("hello", 2, -5, "llo"),
            ("hello", 2, 100, "llo"),
            ("", 0, 1, ""),
            ("", 1, 1, ""),
            ("", -1, 1, ""),
            ("hello", -3, -1, "llo"),
            ("hello", -5, 2, "he"),
            ("hello", -6, 2, "he"),
            ("hello", 0, -1, "hello"),
            ("hello", i64::MIN, 1, "h"),
            ("hello", i64::MAX, 1, ""),
            ("hello", 1, i64::MAX, "ello"),
        ];
        for (s, offset, length, want) in cases {
            assert_eq!(
                substring(s, offset, length),
                want,
                "{s:?} {offset} {length}"
            );
        }
    }

    #[test]
    fn simple_case_mapping_is_one_to_one() {
        assert_eq!(simple_upper('ß'), 'ß');
        assert_eq!(simple_upper('ŉ'), 'ŉ');
        assert_eq!(simple_upper('ᾀ'), 'ᾈ');
        assert_eq!(simple_upper('ᾈ'), 'ᾈ');
        assert_eq!(simple_upper('ᾳ'), 'ᾼ');
        assert_eq!(simple_upper('ǅ'), 'Ǆ');
        assert_eq!(simple_lower('İ'), 'i');
        assert_eq!(simple_lower('Σ'), 'σ');
        assert_eq!(simple_lower('ǅ'), 'ǆ');
    }
}
