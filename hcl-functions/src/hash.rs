//! The hash functions: Terraform's digests of strings and `uuidv5` (the
//! `hash` feature).
//!
//! A string is hashed as its UTF-8 bytes. Hexadecimal digests are in lower
//! case; `base64sha256` and `base64sha512` give the standard (padded)
//! Base64 encoding of the raw digest.
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`md5`](fn@md5) | `md5(str) → string` | the MD5 digest, in hexadecimal |
//! | [`sha1`](fn@sha1) | `sha1(str) → string` | the SHA-1 digest, in hexadecimal |
//! | [`sha256`] | `sha256(str) → string` | the SHA-256 digest, in hexadecimal |
//! | [`sha512`] | `sha512(str) → string` | the SHA-512 digest, in hexadecimal |
//! | [`base64sha256`] | `base64sha256(str) → string` | the SHA-256 digest, in Base64 |
//! | [`base64sha512`] | `base64sha512(str) → string` | the SHA-512 digest, in Base64 |
//! | [`uuidv5`] | `uuidv5(namespace, name) → string` | a name-based (SHA-1) UUID |

use crate::args::str_arg;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::{Type, Value};
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use crate::encoding::base64_encode;

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("base64sha256", base64sha256()),
        ("base64sha512", base64sha512()),
        ("md5", md5()),
        ("sha1", sha1()),
        ("sha256", sha256()),
        ("sha512", sha512()),
        ("uuidv5", uuidv5()),
    ]
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

/// The MD5 digest of `b`, in hexadecimal.
pub(crate) fn md5_hex(b: &[u8]) -> String {
    hex(&Md5::digest(b))
}

/// The SHA-1 digest of `b`, in hexadecimal.
pub(crate) fn sha1_hex(b: &[u8]) -> String {
    hex(&Sha1::digest(b))
}

/// The SHA-256 digest of `b`, in hexadecimal.
pub(crate) fn sha256_hex(b: &[u8]) -> String {
    hex(&Sha256::digest(b))
}

/// The SHA-512 digest of `b`, in hexadecimal.
pub(crate) fn sha512_hex(b: &[u8]) -> String {
    hex(&Sha512::digest(b))
}

/// The SHA-256 digest of `b`, in standard Base64.
pub(crate) fn sha256_base64(b: &[u8]) -> String {
    base64_encode(&Sha256::digest(b))
}

/// The SHA-512 digest of `b`, in standard Base64.
pub(crate) fn sha512_base64(b: &[u8]) -> String {
    base64_encode(&Sha512::digest(b))
}

fn hash_function(description: &str, digest: fn(&[u8]) -> String) -> Function {
    Function::builder()
        .description(description)
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .build(move |args, _| Ok(Value::string(digest(str_arg(args, 0)?.as_bytes()))))
}

/// `md5(str)`: the MD5 digest of the string's UTF-8 bytes, as 32
/// hexadecimal digits.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"md5("hello world")"#), Value::string("5eb63bbbe01eeed093cb22bb8f5acdc3"));
/// ```
pub fn md5() -> Function {
    hash_function(
        "Computes the MD5 hash of a given string and encodes it with hexadecimal digits.",
        md5_hex,
    )
}

/// `sha1(str)`: the SHA-1 digest of the string's UTF-8 bytes, as 40
/// hexadecimal digits.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"sha1("hello world")"#), Value::string("2aae6c35c94fcfb415dbe95f408b9ce91ee846ed"));
/// ```
pub fn sha1() -> Function {
    hash_function(
        "Computes the SHA1 hash of a given string and encodes it with hexadecimal digits.",
        sha1_hex,
    )
}

/// `sha256(str)`: the SHA-256 digest of the string's UTF-8 bytes, as 64
/// hexadecimal digits.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"sha256("hello world")"#),
///     Value::string("b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9")
/// );
/// ```
pub fn sha256() -> Function {
    hash_function(
        "Computes the SHA256 hash of a given string and encodes it with hexadecimal digits.",
        sha256_hex,
    )
}

/// `sha512(str)`: the SHA-512 digest of the string's UTF-8 bytes, as 128
/// hexadecimal digits.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// let v = eval(r#"sha512("hello world")"#);
/// assert!(v.as_str().unwrap().starts_with("309ecc489c12d6eb4cc40f50c902f2b4"));
/// ```
pub fn sha512() -> Function {
    hash_function(
        "Computes the SHA512 hash of a given string and encodes it with hexadecimal digits.",
        sha512_hex,
    )
}

/// `base64sha256(str)`: the SHA-256 digest of the string's UTF-8 bytes, in
/// standard Base64 (not the Base64 of the hexadecimal digest).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"base64sha256("hello world")"#),
///     Value::string("uU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek=")
/// );
/// ```
pub fn base64sha256() -> Function {
    hash_function(
        "Computes the SHA256 hash of a given string and encodes it with Base64.",
        sha256_base64,
    )
}

/// `base64sha512(str)`: the SHA-512 digest of the string's UTF-8 bytes, in
/// standard Base64.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// let v = eval(r#"base64sha512("hello world")"#);
/// assert!(v.as_str().unwrap().starts_with("MJ7MSJwS1utMxA9QyQLytNDtd+5RGnx6m808qG1M2G+Y"));
/// ```
pub fn base64sha512() -> Function {
    hash_function(
        "Computes the SHA512 hash of a given string and encodes it with Base64.",
        sha512_base64,
    )
}

/// The namespaces of RFC 4122, appendix C.
const NAMESPACE_DNS: [u8; 16] = [
    0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
];
const NAMESPACE_URL: [u8; 16] = [
    0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
];
const NAMESPACE_OID: [u8; 16] = [
    0x6b, 0xa7, 0xb8, 0x12, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
];
const NAMESPACE_X500: [u8; 16] = [
    0x6b, 0xa7, 0xb8, 0x14, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
];

/// A UUID in its canonical text form (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`).
fn format_uuid(b: &[u8; 16]) -> String {
    let h = hex(b);
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// A UUID in one of the forms Go's `github.com/google/uuid.Parse` accepts
/// (canonical, `urn:uuid:` prefixed, in braces, or 32 bare hexadecimal
/// digits), with its messages.
fn parse_uuid(s: &str) -> Result<[u8; 16], String> {
    let b = s.as_bytes();
    let body: &[u8] = match b.len() {
        36 => b,
        45 => {
            if !b[..9].eq_ignore_ascii_case(b"urn:uuid:") {
                let prefix = String::from_utf8_lossy(&b[..9]);
                return Err(format!(
                    "invalid urn prefix: {}",
                    hcl_core::quote::go_quote(&prefix)
                ));
            }
            &b[9..]
        }
        38 => {
            if b[0] != b'{' || b[37] != b'}' {
                return Err("invalid UUID format".to_owned());
            }
            &b[1..37]
        }
        32 => {
            let mut out = [0u8; 16];
            for (i, pair) in b.chunks(2).enumerate() {
                match (hex_value(pair[0]), hex_value(pair[1])) {
                    (Some(h), Some(l)) => out[i] = h << 4 | l,
                    _ => return Err("invalid UUID format".to_owned()),
                }
            }
            return Ok(out);
        }
        n => return Err(format!("invalid UUID length: {n}")),
    };
    if body[8] != b'-' || body[13] != b'-' || body[18] != b'-' || body[23] != b'-' {
        return Err("invalid UUID format".to_owned());
    }
    let mut out = [0u8; 16];
    for (i, x) in [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34]
        .into_iter()
        .enumerate()
    {
        match (hex_value(body[x]), hex_value(body[x + 1])) {
            (Some(h), Some(l)) => out[i] = h << 4 | l,
            _ => return Err("invalid UUID format".to_owned()),
        }
    }
    Ok(out)
}

/// `uuidv5(namespace, name)`: the name-based UUID (version 5, SHA-1) of
/// `name` in `namespace`, which is `"dns"`, `"url"`, `"oid"`, `"x500"` (the
/// namespaces of RFC 4122) or a UUID of its own. Another namespace is an
/// error: ``uuidv5() doesn't support namespace x (invalid UUID length: 1)``.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"uuidv5("dns", "www.terraform.io")"#),
///     Value::string("a5008fae-b28c-5ba5-96cd-82b4c53552d6")
/// );
/// ```
pub fn uuidv5() -> Function {
    Function::builder()
        .description("Generates a name-based UUID, as described in RFC 4122 section 4.3.")
        .param(Parameter::new("namespace", Type::String))
        .param(Parameter::new("name", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            let namespace = str_arg(args, 0)?;
            let name = str_arg(args, 1)?;
            let ns = match namespace {
                "dns" => NAMESPACE_DNS,
                "url" => NAMESPACE_URL,
                "oid" => NAMESPACE_OID,
                "x500" => NAMESPACE_X500,
                other => parse_uuid(other).map_err(|e| {
                    FunctionError::failed(format!(
                        "uuidv5() doesn't support namespace {other} ({e})"
                    ))
                })?,
            };
            let mut h = Sha1::new();
            h.update(ns);
            h.update(name.as_bytes());
            let digest = h.finalize();
            let mut u = [0u8; 16];
            u.copy_from_slice(&digest[..16]);
            u[6] = (u[6] & 0x0f) | 0x50;
            u[8] = (u[8] & 0x3f) | 0x80;
            Ok(Value::string(format_uuid(&u)))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(f: Function, args: &[&str]) -> Result<Value, FunctionError> {
        let args: Vec<Value> = args.iter().map(|s| Value::string(*s)).collect();
        f.call(&args)
    }

    fn ok(f: Function, args: &[&str]) -> String {
        call(f, args)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    #[test]
    fn terraform_examples() {
        assert_eq!(
            ok(md5(), &["hello world"]),
            "5eb63bbbe01eeed093cb22bb8f5acdc3"
        );
        assert_eq!(
            ok(sha1(), &["hello world"]),
            "2aae6c35c94fcfb415dbe95f408b9ce91ee846ed"
        );
        assert_eq!(
            ok(sha256(), &["hello world"]),
            "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9"
        );
        assert_eq!(
            ok(sha512(), &["hello world"]),
            "309ecc489c12d6eb4cc40f50c902f2b4d0ed77ee511a7c7a9bcd3ca86d4cd86f989dd35bc5ff499670da34255b45b0cfd830e81f605dcf7dc5542e93ae9cd76f"
        );
        assert_eq!(
            ok(base64sha256(), &["hello world"]),
            "uU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek="
        );
        assert_eq!(
            ok(base64sha512(), &["hello world"]),
            "MJ7MSJwS1utMxA9QyQLytNDtd+5RGnx6m808qG1M2G+YndNbxf9JlnDaNCVbRbDP2DDoH2Bdz33FVC6TrpzXbw=="
        );
        assert_eq!(
            ok(uuidv5(), &["dns", "www.terraform.io"]),
            "a5008fae-b28c-5ba5-96cd-82b4c53552d6"
        );
        assert_eq!(
            ok(uuidv5(), &["url", "https://www.terraform.io/"]),
            "9db6f67c-dd95-5ea0-aa5b-e70e5c5f7cf5"
        );
        assert_eq!(
            ok(uuidv5(), &["oid", "1.3.6.1.4"]),
            "af9d40a5-7a36-5c07-b23a-851cd99fbfa5"
        );
        assert_eq!(
            ok(uuidv5(), &["x500", "CN=Example,C=GB"]),
            "84e09961-4aa4-57f8-95b7-03edb1073253"
        );
        assert_eq!(
            ok(
                uuidv5(),
                &["6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.terraform.io"]
            ),
            "a5008fae-b28c-5ba5-96cd-82b4c53552d6"
        );
    }

    #[test]
    fn hashes_of_empty_and_unicode() {
        assert_eq!(ok(md5(), &[""]), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(ok(sha1(), &["é"]).len(), 40);
    }

    #[test]
    fn uuidv5_namespaces() {
        for ns in [
            "{6ba7b810-9dad-11d1-80b4-00c04fd430c8}",
            "urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8",
            "6ba7b8109dad11d180b400c04fd430c8",
            "6BA7B810-9DAD-11D1-80B4-00C04FD430C8",
        ] {
            assert_eq!(
                ok(uuidv5(), &[ns, "www.terraform.io"]),
                "a5008fae-b28c-5ba5-96cd-82b4c53552d6",
                "{ns}"
            );
        }
        let err = |ns: &str| {
            call(uuidv5(), &[ns, "x"])
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert_eq!(
            err("foo"),
            "uuidv5() doesn't support namespace foo (invalid UUID length: 3)"
        );
        assert_eq!(
            err("6ba7b810x9dad-11d1-80b4-00c04fd430c8"),
            "uuidv5() doesn't support namespace 6ba7b810x9dad-11d1-80b4-00c04fd430c8 (invalid UUID format)"
        );
        assert_eq!(
            err("urx:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
            "uuidv5() doesn't support namespace urx:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8 (invalid urn prefix: \"urx:uuid:\")"
        );
    }

    #[test]
    fn unknown_and_null() {
        assert_eq!(
            md5().call(&[Value::unknown(Type::String)]).ok(),
            Some(Value::unknown(Type::String))
        );
        assert!(md5().call(&[Value::null(Type::String)]).is_err());
    }
}
