//! Quoting text the way Go does: its `%q` verb and its `encoding/json`
//! strings.
//!
//! HCL's diagnostics name attributes, blocks, labels and values inside
//! double quotes written by Go's `strconv.Quote`. Every message of the
//! workspace that quotes a name goes through [`go_quote`], so they agree
//! with each other and with HashiCorp's tools. Every JSON string the
//! workspace writes as Go would (values as `cty/json` marshals them,
//! diagnostics as JSON, `hcldec`'s output) goes through
//! [`write_json_string`].

use std::fmt::Write as _;

/// Quotes `s` as Go's `%q` (`strconv.Quote`) does: `"` and `\` escaped,
/// the C escapes (`\a \b \f \n \r \t \v`), other control characters as
/// `\xHH`, other non-printable characters as `\uHHHH` or `\UHHHHHHHH`,
/// printable characters as themselves.
///
/// ```
/// use hcl_core::quote::go_quote;
///
/// assert_eq!(go_quote("name"), r#""name""#);
/// assert_eq!(go_quote("a\"b\\c\n"), r#""a\"b\\c\n""#);
/// assert_eq!(go_quote("\u{1}\u{7f}"), r#""\x01\x7f""#);
/// assert_eq!(go_quote("\u{feff}é"), r#""\ufeffé""#);
/// ```
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if is_go_printable(c) => out.push(c),
            c if (c as u32) < 0x10000 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\U{:08x}", c as u32);
            }
        }
    }
    out.push('"');
    out
}

/// Appends `s` as a JSON string, escaped as Go's `encoding/json` escapes
/// it (HTML-safe): `"` and `\`, `\n`, `\r` and `\t` by name, the other
/// control characters, the HTML characters `<`, `>` and `&`, and U+2028
/// and U+2029 as `\u00XX`/`\u20XX`; everything else verbatim.
///
/// ```
/// use hcl_core::quote::write_json_string;
///
/// let mut out = String::new();
/// write_json_string(&mut out, "a\"b\n<é>");
/// assert_eq!(out, r#""a\"b\n\u003cé\u003e""#);
/// ```
pub fn write_json_string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    // Runs of characters that need no escape are copied whole.
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let named = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            b'<' | b'>' | b'&' | 0..=0x1f => "",
            // U+2028 and U+2029: E2 80 A8 and E2 80 A9.
            0xE2 if bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)) =>
            {
                ""
            }
            _ => {
                i += 1;
                continue;
            }
        };
        // `i` is at an ASCII byte or at the start of a character: a
        // boundary.
        out.push_str(&s[start..i]);
        let width = if b == 0xE2 { 3 } else { 1 };
        if named.is_empty() {
            let c = s[i..].chars().next().unwrap_or_default();
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push_str(named);
        }
        i += width;
        start = i;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Go's `strconv.IsPrint`, approximated: letters, marks, numbers,
/// punctuation, symbols and the ASCII space; not other spaces, controls,
/// format characters or private-use characters.
fn is_go_printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    !matches!(
        c,
        '\u{ad}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{e000}'..='\u{f8ff}'
            | '\u{f0000}'..
    )
}

#[cfg(test)]
mod tests {
    use super::{go_quote, write_json_string};

    #[test]
    fn json_strings_are_escaped_as_go_does() {
        // Moved from `hcldec`'s output, one of three copies this replaces.
        let mut out = String::new();
        write_json_string(&mut out, "a\"b\\c\n\t\u{1}<>&\u{2028}é\u{7f}\u{2029}\r");
        assert_eq!(
            out,
            "\"a\\\"b\\\\c\\n\\t\\u0001\\u003c\\u003e\\u0026\\u2028é\u{7f}\\u2029\\r\""
        );
        // Characters of two, three and four bytes around an escape.
        let mut out = String::new();
        write_json_string(&mut out, "é€🎉\u{e2}<");
        assert_eq!(out, "\"é€🎉\u{e2}\\u003c\"");
    }

    #[test]
    fn matches_go_percent_q() {
        // Expected strings printed by Go's fmt.Sprintf("%q", ...).
        let cases = [
            ("", r#""""#),
            ("plain", r#""plain""#),
            ("tab\there", r#""tab\there""#),
            ("\u{0}", r#""\x00""#),
            ("\u{85}", r#""\u0085""#),
            ("\u{a0}", r#""\u00a0""#),
            ("\u{2028}", r#""\u2028""#),
            ("\u{e000}", r#""\ue000""#),
            ("\u{f0000}", r#""\U000f0000""#),
            ("日本", r#""日本""#),
            ("🎉", r#""🎉""#),
        ];
        for (input, want) in cases {
            assert_eq!(go_quote(input), want, "{input:?}");
        }
    }

    #[test]
    fn quotes_the_names_in_body_diagnostics() {
        // Moved from `body`, whose own `quote` this function replaces.
        assert_eq!(go_quote("a"), "\"a\"");
        assert_eq!(
            go_quote("a\"b\\c\n\t\u{7}\u{1}\u{85}é"),
            "\"a\\\"b\\\\c\\n\\t\\a\\x01\\u0085é\""
        );
    }
}
