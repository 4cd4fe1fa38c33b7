//! The encoding functions: Base64, URL query escaping, JSON, CSV and YAML.
//!
//! `jsonencode` and `jsondecode` are hcldec's ([`crate::hcldec`]);
//! `csvdecode` is go-cty's; the others are Terraform's.
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`base64encode`] | `base64encode(str) → string` | the string's UTF-8 bytes in standard Base64 |
//! | [`base64decode`] | `base64decode(str) → string` | the UTF-8 text that a Base64 string encodes |
//! | [`base64gzip`] | `base64gzip(str) → string` | the string gzip-compressed, in Base64 |
//! | [`textencodebase64`] | `textencodebase64(string, encoding) → string` | the string in another character encoding, in Base64 |
//! | [`textdecodebase64`] | `textdecodebase64(source, encoding) → string` | the text that Base64 bytes in a character encoding spell |
//! | [`urlencode`] | `urlencode(str) → string` | the string escaped for a URL query (Go's `url.QueryEscape`) |
//! | [`jsonencode`] | `jsonencode(val) → string` | a value as JSON text |
//! | [`jsondecode`] | `jsondecode(str) → any` | the value a JSON text describes |
//! | [`csvdecode`] | `csvdecode(str) → list(object)` | the rows of a CSV text (RFC 4180), as objects named by the header row |
//! | [`yamlencode`] | `yamlencode(val) → string` | a value as a YAML document |
//! | [`yamldecode`] | `yamldecode(str) → any` | the value a YAML document describes |

use crate::args::str_arg;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::{Type, Value};

mod csv;
#[cfg(feature = "compression")]
mod gzip;
mod text;
#[cfg(feature = "yaml")]
mod yaml;

pub use crate::hcldec::{jsondecode, jsonencode};
#[cfg(feature = "yaml")]
pub use yaml::{MAX_YAML_NODES, yamldecode, yamlencode};

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("base64decode", base64decode()),
        ("base64encode", base64encode()),
        #[cfg(feature = "compression")]
        ("base64gzip", base64gzip()),
        ("csvdecode", csvdecode()),
        ("jsondecode", jsondecode()),
        ("textdecodebase64", textdecodebase64()),
        ("textencodebase64", textencodebase64()),
        ("jsonencode", jsonencode()),
        ("urlencode", urlencode()),
        #[cfg(feature = "yaml")]
        ("yamldecode", yamldecode()),
        #[cfg(feature = "yaml")]
        ("yamlencode", yamlencode()),
    ]
}

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard Base64 with padding (Go's `base64.StdEncoding`).
pub(crate) fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(BASE64[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn base64_digit(c: u8) -> Option<u32> {
    match c {
        b'A'..=b'Z' => Some(u32::from(c - b'A')),
        b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
        b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Decodes standard padded Base64 as Go's `base64.StdEncoding` does: line
/// breaks (`\r`, `\n`) are ignored, padding is required, trailing bits
/// need not be zero.
pub(crate) fn base64_decode(text: &str) -> Option<Vec<u8>> {
    base64_decode_at(text.as_bytes()).ok()
}

/// Go's `base64.StdEncoding.DecodeString`, failing with the offset of its
/// `CorruptInputError`.
fn base64_decode_at(src: &[u8]) -> Result<Vec<u8>, usize> {
    let skip_breaks = |mut si: usize| {
        while si < src.len() && matches!(src[si], b'\n' | b'\r') {
            si += 1;
        }
        si
    };
    let mut out = Vec::with_capacity(src.len() / 4 * 3);
    let mut si = 0;
    while si < src.len() {
        let mut dbuf = [0u32; 4];
        let mut dlen = 4;
        let mut j = 0;
        let mut err = None;
        while j < 4 {
            if si == src.len() {
                if j == 0 {
                    return Ok(out);
                }
                return Err(si - j);
            }
            let c = src[si];
            si += 1;
            if let Some(v) = base64_digit(c) {
                dbuf[j] = v;
                j += 1;
                continue;
            }
            if c == b'\n' || c == b'\r' {
                continue;
            }
            if c != b'=' || j < 2 {
                return Err(si - 1);
            }
            if j == 2 {
                si = skip_breaks(si);
                if si == src.len() {
                    return Err(src.len());
                }
                if src[si] != b'=' {
                    return Err(si - 1);
                }
                si += 1;
            }
            si = skip_breaks(si);
            if si < src.len() {
                err = Some(si);
            }
            dlen = j;
            break;
        }
        let val = dbuf[0] << 18 | dbuf[1] << 12 | dbuf[2] << 6 | dbuf[3];
        let bytes = [(val >> 16) as u8, (val >> 8) as u8, val as u8];
        out.extend_from_slice(&bytes[..dlen - 1]);
        if let Some(e) = err {
            return Err(e);
        }
    }
    Ok(out)
}

/// `base64encode(str)`: the string's UTF-8 bytes in standard Base64 (RFC
/// 4648, with padding).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"base64encode("Hello World")"#), Value::string("SGVsbG8gV29ybGQ="));
/// ```
pub fn base64encode() -> Function {
    Function::builder()
        .description("Applies Base64 encoding to a string.")
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .build(|args, _| Ok(Value::string(base64_encode(str_arg(args, 0)?.as_bytes()))))
}

/// `base64decode(str)`: the text that a standard Base64 string encodes
/// (padding required, line breaks ignored). Invalid Base64 is an error
/// (``failed to decode base64 data "..."``), and so are decoded bytes that
/// are not UTF-8.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"base64decode("SGVsbG8gV29ybGQ=")"#), Value::string("Hello World"));
/// ```
pub fn base64decode() -> Function {
    Function::builder()
        .description("Decodes a string containing a base64 sequence.")
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            let text = str_arg(args, 0)?;
            let bytes = base64_decode(text).ok_or_else(|| {
                FunctionError::failed(format!(
                    "failed to decode base64 data {}",
                    hcl_core::quote::go_quote(text)
                ))
            })?;
            let text = String::from_utf8(bytes).map_err(|_| {
                FunctionError::failed(
                    "the result of decoding the provided string is not valid UTF-8",
                )
            })?;
            Ok(Value::string(text))
        })
}

/// `base64gzip(str)`: the string's UTF-8 bytes compressed with gzip, in
/// standard Base64. The compressed bytes are a valid gzip stream (RFC
/// 1952) compressed at the best level, with the header Go writes (no name,
/// no time, unknown OS), whose decompression gives the string; the deflate
/// data itself is `miniz_oxide`'s, not byte for byte what Go's compressor
/// writes.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// let v = eval(r#"base64gzip("hello")"#);
/// assert!(v.as_str().unwrap().starts_with("H4sI"));
/// ```
#[cfg(feature = "compression")]
pub fn base64gzip() -> Function {
    Function::builder()
        .description("Compresses the given string with gzip and then encodes the result to Base64.")
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            let text = str_arg(args, 0)?;
            Ok(Value::string(base64_encode(&gzip::compress(
                text.as_bytes(),
            ))))
        })
}

/// `textencodebase64(string, encoding)`: the string in the character
/// encoding named (an IANA name or alias, any case: `UTF-8`, `UTF-16LE`,
/// `UTF-16BE`, `UTF-16` (with a byte order mark), `ISO-8859-1` and its
/// aliases — fewer than Terraform knows), in standard Base64. A character
/// that the encoding cannot represent is an error.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"textencodebase64("Hello World", "UTF-16LE")"#),
///     Value::string("SABlAGwAbABvACAAVwBvAHIAbABkAA==")
/// );
/// ```
pub fn textencodebase64() -> Function {
    Function::builder()
        .description("Encodes the input string (UTF-8) to the destination encoding. The output is base64 to account for cty limiting strings to NFC normalised UTF-8 strings.")
        .param(Parameter::new("string", Type::String))
        .param(Parameter::new("encoding", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            let enc = lookup_encoding(str_arg(args, 1)?)?;
            let bytes = enc.encode(str_arg(args, 0)?).ok_or_else(|| {
                FunctionError::argument(
                    0,
                    format!(
                        "the given string contains characters that cannot be represented in {}",
                        enc.name()
                    ),
                )
            })?;
            Ok(Value::string(base64_encode(&bytes)))
        })
}

fn lookup_encoding(name: &str) -> Result<text::Encoding, FunctionError> {
    text::Encoding::lookup(name).ok_or_else(|| {
        FunctionError::argument(
            1,
            format!(
                "{} is not a supported IANA encoding name or alias",
                hcl_core::quote::go_quote(name)
            ),
        )
    })
}

/// `textdecodebase64(source, encoding)`: the text that the Base64 bytes of
/// `source` spell in the character encoding named (as for
/// [`textencodebase64`]). Invalid Base64 is an error giving the offset of
/// the bad symbol, and so are bytes the encoding does not define.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"textdecodebase64("SABlAGwAbABvACAAVwBvAHIAbABkAA==", "UTF-16LE")"#),
///     Value::string("Hello World")
/// );
/// ```
pub fn textdecodebase64() -> Function {
    Function::builder()
        .description(
            "Decodes the base64 encoded input string in the given encoding into a UTF-8 string.",
        )
        .param(Parameter::new("source", Type::String))
        .param(Parameter::new("encoding", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            let enc = lookup_encoding(str_arg(args, 1)?)?;
            let bytes = base64_decode_at(str_arg(args, 0)?.as_bytes()).map_err(|at| {
                FunctionError::argument(
                    0,
                    format!("the given value is has an invalid base64 symbol at offset {at}"),
                )
            })?;
            let text = enc.decode(&bytes).ok_or_else(|| {
                FunctionError::argument(
                    0,
                    format!(
                        "the given string contains symbols that are not defined for {}",
                        enc.name()
                    ),
                )
            })?;
            Ok(Value::string(text))
        })
}

/// `urlencode(str)`: the string escaped for use in a URL query, as Go's
/// `url.QueryEscape` does: letters, digits, `-`, `_`, `.` and `~` stay, a
/// space becomes `+`, every other byte of the UTF-8 encoding becomes
/// `%XX`.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"urlencode("Hello World!")"#), Value::string("Hello+World%21"));
/// ```
pub fn urlencode() -> Function {
    Function::builder()
        .description("Applies URL encoding to a given string.")
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            let text = str_arg(args, 0)?;
            let mut out = String::with_capacity(text.len());
            for b in text.bytes() {
                match b {
                    b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                        out.push(b as char);
                    }
                    b' ' => out.push('+'),
                    _ => {
                        const HEX: &[u8; 16] = b"0123456789ABCDEF";
                        out.push('%');
                        out.push(HEX[usize::from(b >> 4)] as char);
                        out.push(HEX[usize::from(b & 15)] as char);
                    }
                }
            }
            Ok(Value::string(out))
        })
}

/// `csvdecode(str)`: the rows of a CSV text (RFC 4180, as Go's
/// `encoding/csv` reads it: `,` separated, `"` quoted, empty lines
/// skipped), as a list of objects whose attributes are named by the first
/// row, all strings. The header row alone gives an empty list. Errors, in
/// go-cty's words: an empty text ("missing header line"), a repeated column
/// name, a row whose number of fields differs from the header's, a quote
/// out of place ("CSV parse error on line 2: bare \" in non-quoted-field").
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// let v = eval(r#"csvdecode("a,b\n1,2\n3,4")"#);
/// let row = |a: &str, b: &str| Value::object([("a", Value::string(a)), ("b", Value::string(b))]);
/// assert_eq!(v, Value::list([row("1", "2"), row("3", "4")]).unwrap());
/// ```
pub fn csvdecode() -> Function {
    Function::builder()
        .description("Parses the given string as Comma Separated Values (as defined by RFC 4180) and returns a map of objects representing the table of data, using the first row as a header row to define the object attributes.")
        .param(Parameter::new("str", Type::String))
        .return_type(|args| {
            let Some(text) = args.first().filter(|v| v.is_known()).and_then(Value::as_str) else {
                return Ok(Type::Dynamic);
            };
            let mut reader = csv::Reader::new(text.as_bytes(), 0);
            let headers = match reader.read() {
                Err(csv::ReadError::Eof) => {
                    return Err(FunctionError::failed("missing header line"));
                }
                Err(csv::ReadError::Parse(e)) => return Err(FunctionError::failed(e.message())),
                Ok(h) => h,
            };
            let mut attrs = std::collections::BTreeMap::new();
            for name in headers {
                if attrs.contains_key(&name) {
                    return Err(FunctionError::failed(format!(
                        "duplicate column name {}",
                        hcl_core::quote::go_quote(&name)
                    )));
                }
                attrs.insert(name, Type::String);
            }
            Ok(Type::list(Type::object(attrs)))
        })
        .build(|args, ty| {
            let text = str_arg(args, 0)?;
            let Type::List(element) = ty else {
                return Ok(Value::unknown(ty.clone()));
            };
            let width = element.as_object().map_or(0, |o| o.len());
            let mut reader = csv::Reader::new(text.as_bytes(), width);
            let headers = match reader.read() {
                Ok(h) => h,
                Err(csv::ReadError::Eof) => return Err(FunctionError::failed("EOF")),
                Err(csv::ReadError::Parse(e)) => return Err(FunctionError::failed(e.message())),
            };
            let mut rows = Vec::new();
            loop {
                match reader.read() {
                    Err(csv::ReadError::Eof) => break,
                    Err(csv::ReadError::Parse(e)) => {
                        return Err(FunctionError::failed(e.message()));
                    }
                    Ok(cols) => rows.push(Value::object(
                        headers.iter().cloned().zip(cols.into_iter().map(Value::string)),
                    )),
                }
            }
            Ok(Value::list_of((**element).clone(), rows)?)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(f: Function, args: &[&str]) -> Result<String, String> {
        let args: Vec<Value> = args.iter().map(|s| Value::string(*s)).collect();
        f.call(&args)
            .map(|v| v.as_str().unwrap_or_default().to_owned())
            .map_err(|e| e.to_string())
    }

    fn ok(f: Function, args: &[&str]) -> String {
        call(f, args).unwrap_or_else(|e| format!("error: {e}"))
    }

    #[test]
    fn terraform_base64_examples() {
        assert_eq!(ok(base64encode(), &["Hello World"]), "SGVsbG8gV29ybGQ=");
        assert_eq!(ok(base64decode(), &["SGVsbG8gV29ybGQ="]), "Hello World");
        assert_eq!(ok(base64decode(), &["SGVs\r\nbG8gV29ybGQ="]), "Hello World");
        assert_eq!(ok(base64encode(), &[""]), "");
        assert_eq!(ok(base64encode(), &["a"]), "YQ==");
        assert_eq!(ok(base64encode(), &["ab"]), "YWI=");
        assert_eq!(
            ok(base64decode(), &["SGVsbG8"]),
            "error: failed to decode base64 data \"SGVsbG8\""
        );
        assert_eq!(
            ok(base64decode(), &["/w=="]),
            "error: the result of decoding the provided string is not valid UTF-8"
        );
        assert_eq!(ok(base64decode(), &["YR=="]), "a");
    }

    #[test]
    fn go_base64_offsets() {
        assert_eq!(base64_decode_at(b"YQ==YQ=="), Err(4));
        assert_eq!(base64_decode_at(b"YQ="), Err(3));
        assert_eq!(base64_decode_at(b"Y"), Err(0));
        assert_eq!(base64_decode_at(b"YQ!="), Err(2));
        assert_eq!(base64_decode_at(b"=QQQ"), Err(0));
        assert_eq!(base64_decode_at(b"YWJj\nZA=="), Ok(b"abcd".to_vec()));
    }

    #[test]
    fn terraform_text_base64_examples() {
        assert_eq!(
            ok(textencodebase64(), &["Hello World", "UTF-16LE"]),
            "SABlAGwAbABvACAAVwBvAHIAbABkAA=="
        );
        assert_eq!(
            ok(
                textdecodebase64(),
                &["SABlAGwAbABvACAAVwBvAHIAbABkAA==", "UTF-16LE"]
            ),
            "Hello World"
        );
        assert_eq!(ok(textencodebase64(), &["é", "latin1"]), "6Q==");
        assert_eq!(ok(textdecodebase64(), &["6Q==", "ISO-8859-1"]), "é");
        assert_eq!(
            ok(textencodebase64(), &["€", "ISO-8859-1"]),
            "error: the given string contains characters that cannot be represented in ISO-8859-1"
        );
        assert_eq!(
            ok(textencodebase64(), &["x", "EBCDIC"]),
            "error: \"EBCDIC\" is not a supported IANA encoding name or alias"
        );
        assert_eq!(
            ok(textdecodebase64(), &["/w==", "UTF-8"]),
            "error: the given string contains symbols that are not defined for UTF-8"
        );
        assert_eq!(
            ok(textdecodebase64(), &["YQ!=", "UTF-8"]),
            "error: the given value is has an invalid base64 symbol at offset 2"
        );
        assert_eq!(ok(textencodebase64(), &["a", "utf-16"]), "/v8AYQ==");
        assert_eq!(ok(textdecodebase64(), &["/v8AYQ==", "UTF-16"]), "a");
    }

    #[test]
    fn terraform_urlencode_examples() {
        assert_eq!(ok(urlencode(), &["Hello World!"]), "Hello+World%21");
        assert_eq!(ok(urlencode(), &["☃"]), "%E2%98%83");
        assert_eq!(
            ok(urlencode(), &["foo:bar@localhost?foo=bar&bar=baz"]),
            "foo%3Abar%40localhost%3Ffoo%3Dbar%26bar%3Dbaz"
        );
        assert_eq!(ok(urlencode(), &["a-b_c.d~e"]), "a-b_c.d~e");
    }

    #[test]
    #[cfg(feature = "compression")]
    fn base64gzip_decompresses() {
        use std::io::Read as _;
        let b64 = ok(base64gzip(), &["test"]);
        let bytes = base64_decode(&b64).unwrap_or_default();
        let mut out = String::new();
        let _ = flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut out);
        assert_eq!(out, "test");
    }
}
