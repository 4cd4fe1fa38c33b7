//! The string functions.
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`chomp`] | `chomp(str)` | the string without its trailing newlines (`\n`, `\r\n`, `\r`) |
//! | [`format`](fn@format) | `format(spec, values...)` | a string built from a `printf`-like spec (cty's verbs) |
//! | [`formatlist`] | `formatlist(spec, values...)` | `format` once per element of the list arguments |
//! | [`indent`] | `indent(spaces, str)` | every line but the first prefixed by `spaces` spaces |
//! | [`join`] | `join(separator, lists...)` | the elements of the lists, separated |
//! | [`lower`] | `lower(str)` | the string in lower case |
//! | [`upper`] | `upper(str)` | the string in upper case |
//! | [`replace`] | `replace(str, substr, replacement)` | every occurrence replaced; `/re/` is a regular expression |
//! | [`split`] | `split(separator, str)` | the parts of the string between separators |
//! | [`strrev`] | `strrev(str)` | the characters in reverse order |
//! | [`substr`] | `substr(str, offset, length)` | part of the string, by characters |
//! | [`title`] | `title(str)` | the first letter of each word in title case |
//! | [`trim`] | `trim(str, cutset)` | the string without leading and trailing characters of the cutset |
//! | [`trimprefix`] | `trimprefix(str, prefix)` | the string without the prefix, if it starts with it |
//! | [`trimsuffix`] | `trimsuffix(str, suffix)` | the string without the suffix, if it ends with it |
//! | [`trimspace`] | `trimspace(str)` | the string without leading and trailing white space |
//! | [`strlen`] | `strlen(str)` | the number of characters (hcldec's; Terraform has `length`) |
//! | [`templatestring`] | `templatestring(ref, vars)` | the string `ref` refers to, rendered as a template (Terraform's) |
//! | [`startswith`] | `startswith(str, prefix)` | whether the string starts with the prefix (Terraform's) |
//! | [`endswith`] | `endswith(str, suffix)` | whether the string ends with the suffix (Terraform's) |
//! | [`strcontains`] | `strcontains(str, substr)` | whether the string contains the substring (Terraform's) |
//!
//! The functions are go-cty's (`function/stdlib/string.go`, `format.go`,
//! `string_replace.go`) with its messages, except `replace`, which is
//! Terraform's (cty's plain replacement, or a regular expression between
//! slashes), and `startswith`, `endswith` and `strcontains`, which only
//! Terraform has. "Characters" are grapheme clusters, as in Go.
//!
//! # Limits
//!
//! A result longer than [`MAX_RESULT_BYTES`] (64 MiB) is an error ("the
//! result would be longer than ... bytes") rather than an allocation of
//! gigabytes: `indent`, `replace`, `format` and `formatlist` can build long
//! strings from short arguments. A width or precision in a `format` verb is
//! at most [`MAX_FORMAT_WIDTH`] (1,000,000, the bound Go's `fmt` itself
//! applies to the numbers it formats).
//!
//! # `format` and `formatlist`
//!
//! The verbs are cty's: `%%`, `%v` (strings and numbers as themselves,
//! other values as JSON, `null` for null), `%#v` (JSON), `%t`, `%b`, `%d`,
//! `%o`, `%x`, `%X` (whole numbers), `%e`, `%E`, `%f`, `%g`, `%G`, `%s`,
//! `%q` (a JSON string); the flags `0 # - + space`, a width, a `.precision`
//! and an explicit argument index `[n]`. Numbers are formatted exactly, as
//! Go formats its 512-bit `big.Float` (`format("%.30f", 0.1)` shows the
//! digits of the binary value nearest to 0.1).

use crate::args::str_arg;
use hcl_core::function::{Function, FunctionError, Parameter};

use hcl_core::{Type, Value};

mod format;
mod templatestring;

pub use crate::hcldec::strlen;
pub use templatestring::templatestring;

/// The longest string a function of this family builds, in bytes.
pub const MAX_RESULT_BYTES: usize = 64 << 20;

/// The largest width or precision of a `format` verb.
pub const MAX_FORMAT_WIDTH: usize = 1_000_000;

fn too_long() -> String {
    format!("the result would be longer than {MAX_RESULT_BYTES} bytes")
}

fn simple(
    description: &str,
    params: &[&str],
    returns: Type,
    f: impl Fn(&[&str]) -> Result<Value, FunctionError> + Send + Sync + 'static,
) -> Function {
    let mut builder = Function::builder().description(description);
    for name in params {
        builder = builder.param(Parameter::new(*name, Type::String));
    }
    builder.returns(returns).build(move |args, _| {
        let strs = (0..args.len())
            .map(|i| str_arg(args, i))
            .collect::<Result<Vec<_>, _>>()?;
        f(&strs)
    })
}

/// `chomp(str)`: the string without the newlines (`\n`, `\r\n` or a lone
/// `\r`) at its end.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"chomp("hello\n")"#).unwrap(), r#""hello""#);
/// assert_eq!(eval(r#"chomp("hello\r\n\n")"#).unwrap(), r#""hello""#);
/// ```
pub fn chomp() -> Function {
    simple(
        "Removes one or more newline characters from the end of the given string.",
        &["str"],
        Type::String,
        |s| Ok(Value::string(s[0].trim_end_matches(['\r', '\n']))),
    )
}

/// `format(spec, values...)`: a string built by applying the verbs of
/// `spec` to the values (see the [module documentation](self)). Every
/// value must be used; an unknown value (or one with unknown parts, or of
/// unknown type, as current go-cty, which Terraform uses, has it) gives an
/// unknown string.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"format("Hello, %s!", "Ander")"#).unwrap(), r#""Hello, Ander!""#);
/// assert_eq!(eval(r#"format("There are %d lights", 4)"#).unwrap(), r#""There are 4 lights""#);
/// assert_eq!(eval(r#"format("%6.2f|%-4s|%03d", 3.14159, "ab", 7)"#).unwrap(), r#""  3.14|ab  |007""#);
/// assert!(eval(r#"format("%9999999d", 1)"#).unwrap_err().contains("at most 1000000"));
/// ```
pub fn format() -> Function {
    Function::builder()
        .description("Constructs a string by applying formatting verbs to a series of arguments, using a similar syntax to the C function \"printf\".")
        .param(Parameter::new("format", Type::String))
        .variadic(
            Parameter::new("args", Type::Dynamic)
                .allow_null()
                .allow_dynamic(),
        )
        .returns(Type::String)
        .build_with_semantics(|args, _, sem| {
            if args[1..].iter().any(|a| !a.is_wholly_known()) {
                return Ok(Value::unknown(Type::String));
            }
            let spec = str_arg(args, 0)?;
            format::format_fsm(spec, &args[1..], sem)
                .map(Value::string)
                .map_err(format::FormatError::into_function_error)
        })
}

/// `formatlist(spec, values...)`: `format` applied once for each element
/// of the list, set and tuple arguments (which must have the same length),
/// other arguments being used each time. The result is a list of strings;
/// an element whose values are not all known is unknown (and the whole
/// list, for a value of unknown type, as current go-cty has it).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(
///     eval(r#"formatlist("Hello, %s!", ["Valentina", "Ander"])"#).unwrap(),
///     r#"["Hello, Valentina!","Hello, Ander!"]"#
/// );
/// assert_eq!(
///     eval(r#"formatlist("%s, %s!", "Salutations", ["Valentina", "Ander"])"#).unwrap(),
///     r#"["Salutations, Valentina!","Salutations, Ander!"]"#
/// );
/// ```
pub fn formatlist() -> Function {
    Function::builder()
        .description("Constructs a list of strings by applying formatting verbs to a series of arguments, using a similar syntax to the C function \"printf\".")
        .param(Parameter::new("format", Type::String))
        .variadic(
            Parameter::new("args", Type::Dynamic)
                .allow_null()
                .allow_unknown()
                .allow_dynamic(),
        )
        .returns(Type::list(Type::String))
        .build_with_semantics(|args, ty, sem| {
            let spec = str_arg(args, 0)?;
            let values = &args[1..];
            if values.is_empty() {
                let s = format::format_fsm(spec, values, sem)
                    .map_err(format::FormatError::into_function_error)?;
                return Ok(Value::list([Value::string(s)])?);
            }
            let mut iter_len: Option<(usize, usize)> = None;
            let mut unknown = false;
            for (i, arg) in values.iter().enumerate() {
                let t = arg.ty();
                let sequence = matches!(t, Type::List(_) | Type::Set(_) | Type::Tuple(_));
                if sequence && !arg.is_null() {
                    // A set's length is unknown while any part of it is
                    // (unknown elements may turn out equal).
                    let length_unknown = matches!(t, Type::Set(_)) && !arg.is_wholly_known();
                    if !matches!(t, Type::Tuple(_)) && (!arg.is_known() || length_unknown) {
                        unknown = true;
                        continue;
                    }
                    let len = match t {
                        Type::Tuple(tt) => tt.len(),
                        _ => arg.len().unwrap_or(0),
                    };
                    match iter_len {
                        None => iter_len = Some((len, i)),
                        Some((l, chooser)) if l != len => {
                            return Err(FunctionError::argument(
                                i + 1,
                                format!(
                                    "argument {} has length {len}, which is inconsistent with argument {} of length {l}",
                                    i + 1,
                                    chooser + 1
                                ),
                            ));
                        }
                        Some(_) => {}
                    }
                    if !arg.is_known() {
                        unknown = true;
                    }
                } else if t.is_dynamic() && !arg.is_known() {
                    unknown = true;
                }
            }
            if unknown {
                return Ok(Value::unknown(ty.clone()));
            }
            let count = match iter_len {
                Some((0, _)) => return Ok(Value::list_of(Type::String, [])?),
                Some((n, _)) => n,
                None => 1,
            };
            let mut out = Vec::with_capacity(count);
            let mut total = 0usize;
            let mut fmt_args = Vec::with_capacity(values.len());
            for index in 0..count {
                fmt_args.clear();
                for arg in values {
                    let sequence = matches!(arg.ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_));
                    if sequence && !arg.is_null() {
                        let e = arg.elements().and_then(|e| e.get(index)).cloned();
                        fmt_args.push(e.unwrap_or_else(Value::dynamic));
                    } else {
                        fmt_args.push(arg.clone());
                    }
                }
                if fmt_args.iter().any(|a| !a.is_wholly_known()) {
                    out.push(Value::unknown(Type::String));
                    continue;
                }
                let s = format::format_fsm(spec, &fmt_args, sem).map_err(|e| {
                    FunctionError::failed(format!(
                        "error on format iteration {index}: {}",
                        e.message()
                    ))
                })?;
                total = total.saturating_add(s.len());
                if total > MAX_RESULT_BYTES {
                    return Err(FunctionError::failed(too_long()));
                }
                out.push(Value::string(s));
            }
            Ok(Value::list_of(Type::String, out)?)
        })
}

/// `indent(spaces, str)`: the string with `spaces` spaces after each
/// newline (the first line is not indented). `spaces` must be a whole
/// number from 0 (a negative count is an error; Go panics); a result longer
/// than [`MAX_RESULT_BYTES`] is an error.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"indent(2, "a\nb\n")"#).unwrap(), r#""a\n  b\n  ""#);
/// ```
pub fn indent() -> Function {
    Function::builder()
        .description(
            "Adds a given number of spaces after each newline character in the given string.",
        )
        .param(Parameter::new("spaces", Type::Number))
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            let spaces = args[0]
                .as_number()
                .ok_or_else(|| FunctionError::argument(0, "a number is required"))?
                .to_i64()
                .map_err(|e| FunctionError::failed(e.to_string()))?;
            let spaces = usize::try_from(spaces)
                .map_err(|_| FunctionError::failed("the number of spaces must not be negative"))?;
            let data = str_arg(args, 1)?;
            let lines = data.bytes().filter(|&b| b == b'\n').count();
            let len = lines
                .checked_mul(spaces)
                .and_then(|n| n.checked_add(data.len()));
            if len.is_none_or(|n| n > MAX_RESULT_BYTES) {
                return Err(FunctionError::failed(too_long()));
            }
            let pad = format!("\n{}", " ".repeat(spaces));
            Ok(Value::string(data.replace('\n', &pad)))
        })
}

/// `join(separator, lists...)`: the strings of one or more lists, in order,
/// with the separator between them. A null element is an error; an unknown
/// one gives an unknown string.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"join(", ", ["foo", "bar", "baz"])"#).unwrap(), r#""foo, bar, baz""#);
/// assert_eq!(eval(r#"join("-", ["a"], ["b", "c"])"#).unwrap(), r#""a-b-c""#);
/// ```
pub fn join() -> Function {
    Function::builder()
        .description("Concatenates together the string elements of one or more lists with a given separator.")
        .param(Parameter::new("separator", Type::String))
        .variadic(Parameter::new("lists", Type::list(Type::String)))
        .returns(Type::String)
        .build(|args, _| {
            let sep = str_arg(args, 0)?;
            let lists = &args[1..];
            if lists.is_empty() {
                return Err(FunctionError::failed("at least one list is required"));
            }
            if lists.iter().any(|l| !l.is_wholly_known()) {
                return Ok(Value::unknown(Type::String));
            }
            let mut out = String::new();
            let mut first = true;
            for (li, list) in lists.iter().enumerate() {
                for (ei, v) in list.elements().unwrap_or_default().iter().enumerate() {
                    let Some(s) = v.as_str() else {
                        let msg = if lists.len() > 1 {
                            format!(
                                "element {ei} of list {} is null; cannot concatenate null values",
                                li + 1
                            )
                        } else {
                            format!("element {ei} is null; cannot concatenate null values")
                        };
                        return Err(FunctionError::argument(li + 1, msg));
                    };
                    if !first {
                        out.push_str(sep);
                    }
                    first = false;
                    out.push_str(s);
                    if out.len() > MAX_RESULT_BYTES {
                        return Err(FunctionError::failed(too_long()));
                    }
                }
            }
            Ok(Value::string(out))
        })
}

/// `lower(str)`: the string in lower case (hcldec's
/// [`crate::hcldec::lower`]).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"lower("HELLO")"#).unwrap(), r#""hello""#);
/// ```
pub fn lower() -> Function {
    crate::hcldec::lower()
}

/// `upper(str)`: the string in upper case (hcldec's
/// [`crate::hcldec::upper`]).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"upper("hello")"#).unwrap(), r#""HELLO""#);
/// ```
pub fn upper() -> Function {
    crate::hcldec::upper()
}

/// `strrev(str)`: the characters (grapheme clusters) in reverse order (the
/// core's [`crate::hcldec::reverse`]).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"strrev("hello")"#).unwrap(), r#""olleh""#);
/// ```
pub fn strrev() -> Function {
    crate::hcldec::reverse()
}

/// `substr(str, offset, length)`: at most `length` characters from
/// character `offset` (negative: from the end); a negative length means "to
/// the end" (hcldec's [`crate::hcldec::substr`]).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"substr("hello world", 1, 4)"#).unwrap(), r#""ello""#);
/// assert_eq!(eval(r#"substr("hello world", -5, -1)"#).unwrap(), r#""world""#);
/// ```
pub fn substr() -> Function {
    crate::hcldec::substr()
}

/// `replace(str, substr, replacement)`: every occurrence of `substr`
/// replaced. As Terraform's `replace`, a `substr` between slashes
/// (`"/a+/"`) is a regular expression (the syntax of the [`regex`](mod@crate::regex)
/// family), and `$1`, `${1}`, `$name` in the replacement stand for its
/// groups (`$$` for a dollar sign), as Go's `Regexp.ReplaceAllString`.
/// The regular-expression form needs the `regex` feature; without it, such
/// a call is an error that says so.
///
/// A result longer than [`MAX_RESULT_BYTES`] is an error.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"replace("1 + 2 + 3", "+", "-")"#).unwrap(), r#""1 - 2 - 3""#);
/// assert_eq!(eval(r#"replace("hello world", "/w.*d/", "everybody")"#).unwrap(), r#""hello everybody""#);
/// assert_eq!(eval(r#"replace("a-1 b-2", "/([a-z])-(\\d)/", "$2$1")"#).unwrap(), r#""1a 2b""#);
/// ```
pub fn replace() -> Function {
    simple(
        "Replaces all occurrences of a given substring in the given string, where a substring between slashes is a regular expression.",
        &["str", "substr", "replace"],
        Type::String,
        |s| {
            let (str, substr, replacement) = (s[0], s[1], s[2]);
            if substr.len() > 1 && substr.starts_with('/') && substr.ends_with('/') {
                return replace_regex(str, &substr[1..substr.len() - 1], replacement);
            }
            let count = if substr.is_empty() {
                str.chars().count() + 1
            } else {
                str.matches(substr).count()
            };
            let len = count
                .checked_mul(replacement.len())
                .and_then(|n| n.checked_add(str.len()));
            if len.is_none_or(|n| n > MAX_RESULT_BYTES) {
                return Err(FunctionError::failed(too_long()));
            }
            Ok(Value::string(go_replace(str, substr, replacement)))
        },
    )
}

/// `replace` with a regular expression (`pattern`, without its slashes).
#[cfg(feature = "regex")]
fn replace_regex(str: &str, pattern: &str, replacement: &str) -> Result<Value, FunctionError> {
    let re =
        crate::regex::compile_cached(pattern).map_err(|e| FunctionError::failed(e.to_string()))?;
    crate::regex::replace_all(&re, str, replacement)
        .map(Value::string)
        .ok_or_else(|| FunctionError::failed(too_long()))
}

/// `replace` with a regular expression, without the `regex` feature.
#[cfg(not(feature = "regex"))]
fn replace_regex(_: &str, _: &str, _: &str) -> Result<Value, FunctionError> {
    Err(FunctionError::failed(
        "a substring between slashes is a regular expression, and this build of hcl-functions has no regular expressions (its `regex` feature is off)",
    ))
}

/// Go's `strings.Replace(s, old, new, -1)`: an empty `old` matches at the
/// start and after each character.
fn go_replace(s: &str, old: &str, new: &str) -> String {
    if !old.is_empty() {
        return s.replace(old, new);
    }
    let mut out = String::with_capacity(s.len() + new.len() * (s.len() + 1));
    out.push_str(new);
    for c in s.chars() {
        out.push(c);
        out.push_str(new);
    }
    out
}

/// `split(separator, str)`: the parts of the string between the
/// separators, as a list. An empty separator splits between characters
/// (Unicode code points, as Go's `strings.Split`).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"split(",", "foo,bar,baz")"#).unwrap(), r#"["foo","bar","baz"]"#);
/// assert_eq!(eval(r#"split(",", "foo")"#).unwrap(), r#"["foo"]"#);
/// assert_eq!(eval(r#"split(",", "")"#).unwrap(), r#"[""]"#);
/// ```
pub fn split() -> Function {
    simple(
        "Produces a list of one or more strings by splitting the given string at all instances of a given separator substring.",
        &["separator", "str"],
        Type::list(Type::String),
        |s| {
            let (sep, str) = (s[0], s[1]);
            let parts: Vec<Value> = if sep.is_empty() {
                let mut buf = [0; 4];
                str.chars()
                    .map(|c| Value::string(&*c.encode_utf8(&mut buf)))
                    .collect()
            } else {
                str.split(sep).map(Value::string).collect()
            };
            Ok(Value::list_of(Type::String, parts)?)
        },
    )
}

/// `title(str)`: the first letter of each word in title case (Go's
/// `strings.Title`: a word starts after anything but a letter, a digit or
/// `_`... precisely, after an ASCII character that is not a letter, digit or
/// underscore, or after Unicode white space).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"title("hello world")"#).unwrap(), r#""Hello World""#);
/// assert_eq!(eval(r#"title("ǆemal x_y a-b")"#).unwrap(), r#""ǅemal X_y A-B""#);
/// ```
pub fn title() -> Function {
    simple(
        "Replaces one letter after each non-letter and non-digit character with its uppercase equivalent.",
        &["str"],
        Type::String,
        |s| {
            let mut prev = ' ';
            let out: String = s[0]
                .chars()
                .map(|c| {
                    let r = if is_separator(prev) { to_title(c) } else { c };
                    prev = c;
                    r
                })
                .collect();
            Ok(Value::string(out))
        },
    )
}

/// Go's `strings.isSeparator`.
fn is_separator(c: char) -> bool {
    if c.is_ascii() {
        return !(c.is_ascii_alphanumeric() || c == '_');
    }
    // Letters and digits are never white space, so Go's test comes to this.
    c.is_whitespace()
}

/// Unicode's simple title-case mapping (Go's `unicode.ToTitle`).
fn to_title(c: char) -> char {
    match u32::from(c) {
        // The digraphs, whose title case is their own form.
        0x01C4..=0x01C6 => '\u{01C5}',
        0x01C7..=0x01C9 => '\u{01C8}',
        0x01CA..=0x01CC => '\u{01CB}',
        0x01F1..=0x01F3 => '\u{01F2}',
        // Georgian Mkhedruli letters title-case to themselves.
        0x10D0..=0x10FA | 0x10FD..=0x10FF => c,
        _ => crate::hcldec::simple_upper(c),
    }
}

/// `trim(str, cutset)`: the string without the leading and trailing
/// characters that appear in `cutset`.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"trim("?!hello?!", "!?")"#).unwrap(), r#""hello""#);
/// ```
pub fn trim() -> Function {
    simple(
        "Removes the specified set of characters from the start and end of the given string.",
        &["str", "cutset"],
        Type::String,
        |s| {
            let cutset = s[1];
            Ok(Value::string(s[0].trim_matches(|c| cutset.contains(c))))
        },
    )
}

/// `trimprefix(str, prefix)`: the string without `prefix` at its start (the
/// string unchanged if it does not start with it).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"trimprefix("helloworld", "hello")"#).unwrap(), r#""world""#);
/// assert_eq!(eval(r#"trimprefix("helloworld", "cat")"#).unwrap(), r#""helloworld""#);
/// ```
pub fn trimprefix() -> Function {
    simple(
        "Removes the given prefix from the start of the given string, if present.",
        &["str", "prefix"],
        Type::String,
        |s| Ok(Value::string(s[0].strip_prefix(s[1]).unwrap_or(s[0]))),
    )
}

/// `trimsuffix(str, suffix)`: the string without `suffix` at its end (the
/// string unchanged if it does not end with it).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"trimsuffix("helloworld", "world")"#).unwrap(), r#""hello""#);
/// ```
pub fn trimsuffix() -> Function {
    simple(
        "Removes the given suffix from the start of the given string, if present.",
        &["str", "suffix"],
        Type::String,
        |s| Ok(Value::string(s[0].strip_suffix(s[1]).unwrap_or(s[0]))),
    )
}

/// `trimspace(str)`: the string without the white space (Unicode's) at its
/// start and end.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"trimspace("  hello\n\n")"#).unwrap(), r#""hello""#);
/// ```
pub fn trimspace() -> Function {
    simple(
        "Removes any consecutive space characters (as defined by Unicode) from the start and end of the given string.",
        &["str"],
        Type::String,
        |s| Ok(Value::string(s[0].trim())),
    )
}

/// `startswith(str, prefix)`: whether the string starts with `prefix`
/// (Terraform's). Even an unknown string starts with `""`.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"startswith("hello world", "hello")"#).unwrap(), "true");
/// assert_eq!(eval(r#"startswith("hello world", "world")"#).unwrap(), "false");
/// ```
pub fn startswith() -> Function {
    Function::builder()
        .description("Determines if the input string starts with the given prefix.")
        .param(Parameter::new("str", Type::String).allow_unknown())
        .param(Parameter::new("prefix", Type::String))
        .returns(Type::Bool)
        .build(|args, _| {
            let prefix = str_arg(args, 1)?;
            if !args[0].is_known() {
                if prefix.is_empty() {
                    return Ok(Value::bool(true));
                }
                return Ok(Value::unknown(Type::Bool));
            }
            Ok(Value::bool(str_arg(args, 0)?.starts_with(prefix)))
        })
}

/// `endswith(str, suffix)`: whether the string ends with `suffix`
/// (Terraform's).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"endswith("hello world", "world")"#).unwrap(), "true");
/// assert_eq!(eval(r#"endswith("hello world", "hello")"#).unwrap(), "false");
/// ```
pub fn endswith() -> Function {
    simple(
        "Determines if the input string ends with the given suffix.",
        &["str", "suffix"],
        Type::Bool,
        |s| Ok(Value::bool(s[0].ends_with(s[1]))),
    )
}

/// `strcontains(str, substr)`: whether the string contains `substr`
/// (Terraform's).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"strcontains("hello world", "wor")"#).unwrap(), "true");
/// assert_eq!(eval(r#"strcontains("hello world", "wod")"#).unwrap(), "false");
/// ```
pub fn strcontains() -> Function {
    simple(
        "Determines if the input string contains the given substring.",
        &["str", "substr"],
        Type::Bool,
        |s| Ok(Value::bool(s[0].contains(s[1]))),
    )
}

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("chomp", chomp()),
        ("endswith", endswith()),
        ("format", format()),
        ("formatlist", formatlist()),
        ("indent", indent()),
        ("join", join()),
        ("lower", lower()),
        ("replace", replace()),
        ("split", split()),
        ("startswith", startswith()),
        ("strcontains", strcontains()),
        ("strlen", strlen()),
        ("strrev", strrev()),
        ("substr", substr()),
        ("templatestring", templatestring()),
        ("title", title()),
        ("trim", trim()),
        ("trimprefix", trimprefix()),
        ("trimspace", trimspace()),
        ("trimsuffix", trimsuffix()),
        ("upper", upper()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn eval(expr: &str) -> Result<String, String> {
        crate::eval_for_docs(expr)
    }

    fn call(f: &Function, args: &[Value]) -> Result<Value, FunctionError> {
        f.call(args)
    }

    /// Go's results were recorded with go-cty's `stdlib.FormatFunc` and
    /// `FormatListFunc` (`tests/differential/cases/semantics.txt`).
    #[test]
    fn go_mode_format_converts_arguments_by_go_rules() {
        use hcl_core::Semantics;
        let s = Value::string;
        let args = [s("%d|%f"), s("1e3"), s("2.5e1")];
        // Go: `format("%d|%f", "1e3", "2.5e1")` is "1000|25.000000".
        let go = format().call_with(&args, Semantics::Go);
        assert_eq!(go.map_err(|e| e.to_string()), Ok(s("1000|25.000000")));
        let err = format().call_with(&args, Semantics::Spec).err();
        assert!(err.is_some_and(|e| e.to_string().contains("a number is required")));
        // Go: `formatlist("%d", ["1e3", "2e0"])` is ["1000", "2"].
        let list = Value::list([s("1e3"), s("2e0")]).expect("list");
        let args = [s("%d"), list];
        let go = formatlist().call_with(&args, Semantics::Go);
        let want = Value::list([s("1000"), s("2")]).expect("list");
        assert_eq!(go.map_err(|e| e.to_string()), Ok(want));
        assert!(formatlist().call_with(&args, Semantics::Spec).is_err());
    }

    #[test]
    fn terraform_documented_examples() {
        let cases = [
            (r#"startswith("hello world", "hello")"#, "true"),
            (r#"startswith("hello world", "world")"#, "false"),
            (r#"endswith("hello world", "world")"#, "true"),
            (r#"endswith("hello world", "hello")"#, "false"),
            (r#"strcontains("hello world", "wor")"#, "true"),
            (r#"strcontains("hello world", "wod")"#, "false"),
            (r#"replace("1 + 2 + 3", "+", "-")"#, r#""1 - 2 - 3""#),
            (
                r#"replace("hello world", "/w.*d/", "everybody")"#,
                r#""hello everybody""#,
            ),
            (
                r#"replace("hello world 123", "/[0-9]/", "X")"#,
                r#""hello world XXX""#,
            ),
            (
                r#"replace("John Doe (jd@example.com)", "/([a-zA-Z]+) ([a-zA-Z]+) \\(([^)]+)\\)/", "$2, $1 - $3")"#,
                r#""Doe, John - jd@example.com""#,
            ),
            (r#"replace("a-b", "/(?P<x>a)/", "$${x}$${x}")"#, r#""aa-b""#),
            (r#"replace("abc", "/", "x")"#, r#""abc""#),
            (r#"replace("a/b", "/", "x")"#, r#""axb""#),
            (r#"replace("/a/", "/a/", "x")"#, r#""/x/""#),
            (r#"replace("xyz", "//", "-")"#, r#""-x-y-z-""#),
            (r#"replace("hello", "", "-")"#, r#""-h-e-l-l-o-""#),
        ];
        for (expr, want) in cases {
            assert_eq!(eval(expr).as_deref(), Ok(want), "{expr}");
        }
        let err = eval(r#"replace("a", "/(/", "b")"#).unwrap_err();
        assert!(
            err.contains("error parsing regexp: missing closing ): `(`"),
            "{err}"
        );
    }

    #[test]
    fn terraform_functions_and_unknowns() {
        let u = Value::unknown(Type::String);
        let s = |x: &str| Value::string(x);
        assert_eq!(
            call(&startswith(), &[u.clone(), s("")]),
            Ok(Value::bool(true))
        );
        assert_eq!(
            call(&startswith(), &[u.clone(), s("a")]),
            Ok(Value::unknown(Type::Bool))
        );
        assert_eq!(
            call(&endswith(), &[u.clone(), s("")]),
            Ok(Value::unknown(Type::Bool))
        );
        assert_eq!(
            call(&strcontains(), &[s("a"), u]),
            Ok(Value::unknown(Type::Bool))
        );
        assert!(call(&startswith(), &[Value::null(Type::String), s("")]).is_err());
    }

    #[test]
    fn long_results_are_errors_not_allocations() {
        let start = Instant::now();
        let many_lines = r"\n".repeat(1000);
        for expr in [
            format!(r#"indent(100000000, "{many_lines}")"#),
            format!(r#"indent(9223372036854775807, "{many_lines}")"#),
            r#"replace(join("", formatlist("%1000000s", split("", "abcdefghij"))), "", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")"#.to_owned(),
            r#"replace(format("%1000000s", "a"), "/ /", format("%1000s", "b"))"#.to_owned(),
            r#"format("%1000001s", "a")"#.to_owned(),
            r#"format("%.1000001f", 1)"#.to_owned(),
            r#"format("%99999999999999999999999d", 1)"#.to_owned(),
        ] {
            let err = eval(&expr).unwrap_err();
            assert!(
                err.contains("longer than") || err.contains("at most 1000000"),
                "{err}"
            );
        }
        assert!(
            eval(r#"indent(-1, "a\nb")"#)
                .unwrap_err()
                .contains("must not be negative")
        );
        let wide = eval(r#"format("%1000000s|%-1000000d", "a", 1)"#).unwrap_or_default();
        assert_eq!(wide.len(), 2_000_003);
        let err = eval(&format!(
            "formatlist(\"%1000000s\", [{}])",
            vec!["\"a\""; 100].join(",")
        ))
        .unwrap_err();
        assert!(err.contains("longer than"), "{err}");
        assert!(start.elapsed().as_secs() < 60);
    }

    #[test]
    fn extreme_numbers_format_in_bounded_time() {
        let start = Instant::now();
        let out = eval(r#"format("%e|%.3f|%.5g|%.2f", 1e-30000, 1e-30000, 1e-30000, 3e3000)"#);
        let out = out.unwrap_or_default();
        assert!(
            out.starts_with(r#""1.000000e-30000|0.000|1e-30000|3000000"#),
            "{out}"
        );
        let err = eval(r#"format("%.25000e", 1e-30000)"#).unwrap_err();
        assert!(err.contains("more than 20000 significant digits"), "{err}");
        // A precision beyond the exact digits is only padding.
        let out = eval(r#"format("%.1000000f", 0.5)"#).unwrap_or_default();
        assert_eq!(out.len(), 1_000_004);
        assert!(start.elapsed().as_secs() < 60);
    }

    #[test]
    fn title_follows_go() {
        let t = |x: &str| call(&title(), &[Value::string(x)]);
        assert_eq!(t("hello wORLD"), Ok(Value::string("Hello WORLD")));
        assert_eq!(
            t("a\u{a0}b\u{2003}c"),
            Ok(Value::string("A\u{a0}B\u{2003}C"))
        );
        assert_eq!(t("é-é—é"), Ok(Value::string("É-É—é")));
        assert_eq!(t("ǆ ǉ ǌ ǳ ა"), Ok(Value::string("ǅ ǈ ǋ ǲ ა")));
        assert_eq!(t("ᾳ"), Ok(Value::string("ᾼ")));
    }

    #[test]
    fn split_and_chomp_edge_cases() {
        let list = |v: &[&str]| Value::list_of(Type::String, v.iter().map(|s| Value::string(*s)));
        let sp = |a: &str, b: &str| call(&split(), &[Value::string(a), Value::string(b)]);
        assert_eq!(
            sp("", "héé"),
            Ok(list(&["h", "é", "é"]).unwrap_or_else(|_| Value::dynamic()))
        );
        assert_eq!(
            sp("", ""),
            Ok(list(&[]).unwrap_or_else(|_| Value::dynamic()))
        );
        let ch = |a: &str| call(&chomp(), &[Value::string(a)]);
        assert_eq!(ch("a\r\n\r\n"), Ok(Value::string("a")));
        assert_eq!(ch("a\n\r"), Ok(Value::string("a")));
        assert_eq!(ch("\n"), Ok(Value::string("")));
    }
}
