//! The regular expression functions.
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`regex`](fn@regex) | `regex(pattern, string)` | the first match: a string, or its capture groups as a tuple or an object |
//! | [`regexall`] | `regexall(pattern, string)` | every match, as a list of what `regex` gives |
//!
//! Both are go-cty's (`function/stdlib/regexp.go`), with its messages. The
//! result type depends on the pattern: with no capture group, the matched
//! text (`string`); with unnamed groups only, a tuple of their texts; with
//! named groups only, an object of them (a group that took no part in the
//! match is null); mixing named and unnamed groups is an error.
//!
//! # Syntax
//!
//! Patterns are Go's RE2 syntax, matched by the `regex` crate (which, like
//! RE2, has no backtracking: matching takes time linear in the input, so no
//! pattern is catastrophic). The pattern is adjusted so that the two agree:
//!
//! - `\d`, `\w`, `\s` and `\b`, `\B` are ASCII-only, as in Go (the crate's
//!   are Unicode-aware): `\s` is `[\t\n\f\r ]`, without `\v`.
//! - What Go rejects is rejected with Go's message (`invalid regexp
//!   pattern: invalid escape sequence in \u`): repetition counts above
//!   1000, stacked repetitions (`a**`), the flags `x`, `u` and `R`, the
//!   escapes `\u`, `\U`, `\<`, `\>`, `\b{start}` and their kin.
//! - A `{` that does not start a valid repetition (`a{`, `a{,2}`) is a
//!   literal, as in Go.
//!
//! Differences that remain:
//!
//! - Inside a bracket class, `[`, `&&`, `--` and `~~` are nested classes
//!   and set operations here, literal characters in Go (`[a[b]` is a
//!   syntax error here).
//! - `(?<name>re)` is accepted, as Go accepts it since 1.22 (Go 1.19 did
//!   not).
//! - The text that Go's messages quote (`in (?x`) is found the same way
//!   for the common errors, approximately for the rest.
//! - A compiled pattern larger than the crate's size limit (10 MiB; for
//!   instance nested counted repetitions) is an error, "expression too
//!   large", where Go's limits differ.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use std::fmt;

use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::{Type, Value};
use regex::Regex;
use regex_syntax::ast::{self, Ast, ClassPerlKind, ClassSet, ClassSetItem, ErrorKind};

use crate::string::MAX_RESULT_BYTES;

/// Why a pattern is not a valid Go regular expression: Go's error code and
/// the part of the pattern it quotes (`regexp/syntax.Error`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PatternError {
    code: &'static str,
    expr: String,
}

impl fmt::Display for PatternError {
    /// Go's `syntax.Error.Error()`: ``error parsing regexp: CODE: `EXPR` ``.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

const MISSING_PAREN: &str = "missing closing )";
const UNEXPECTED_PAREN: &str = "unexpected )";
const MISSING_BRACKET: &str = "missing closing ]";
const INVALID_RANGE: &str = "invalid character class range";
const INVALID_ESCAPE: &str = "invalid escape sequence";
const TRAILING_BACKSLASH: &str = "trailing backslash at end of expression";
const INVALID_PERL_OP: &str = "invalid or unsupported Perl syntax";
const INVALID_NAMED_CAPTURE: &str = "invalid named capture";
const MISSING_REPEAT_ARG: &str = "missing argument to repetition operator";
const INVALID_REPEAT_OP: &str = "invalid nested repetition operator";
const INVALID_REPEAT_SIZE: &str = "invalid repeat count";
const NESTING_DEPTH: &str = "expression nests too deeply";
const TOO_LARGE: &str = "expression too large";
const INVALID_CHAR_CLASS: &str = "invalid character class";

/// Go's limit on the nesting of a pattern.
const MAX_NESTING: u32 = 1000;

/// A compiled pattern and Go's names of its capture groups (the crate's
/// names are `_0`, `_1`, ... so that any name Go accepts is accepted).
#[derive(Debug, Clone)]
pub(crate) struct GoRegex {
    re: Regex,
    /// For each group (0 being the whole match), its name in the pattern.
    names: Vec<Option<String>>,
}

impl GoRegex {
    fn captures<'t>(&self, text: &'t str) -> Option<regex::Captures<'t>> {
        self.re.captures(text)
    }
}

/// Compiles a pattern in Go's syntax (see the [module documentation](self)).
pub(crate) fn compile(pattern: &str) -> Result<GoRegex, PatternError> {
    let (pattern, go_names) = preprocess(pattern)?;
    let re = compile_adjusted(pattern)?;
    let names = re
        .capture_names()
        .map(|n| {
            n.and_then(|n| n.strip_prefix('_'))
                .and_then(|k| k.parse::<usize>().ok())
                .and_then(|k| go_names.get(k).cloned())
        })
        .collect();
    Ok(GoRegex { re, names })
}

/// The most patterns [`compile_cached`] keeps; past it the cache starts
/// afresh.
const CACHE_CAPACITY: usize = 256;

/// [`compile`], remembered by pattern: a configuration usually calls the
/// same few patterns many times (in `for` expressions, over many blocks),
/// and compiling costs more than matching.
pub(crate) fn compile_cached(pattern: &str) -> Result<Arc<GoRegex>, PatternError> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<GoRegex>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(re) = cache.lock().ok().and_then(|c| c.get(pattern).cloned()) {
        return Ok(re);
    }
    let re = Arc::new(compile(pattern)?);
    if let Ok(mut c) = cache.lock() {
        if c.len() >= CACHE_CAPACITY {
            c.clear();
        }
        c.insert(pattern.to_owned(), Arc::clone(&re));
    }
    Ok(re)
}

/// Rewrites what the crate's parser does not take as Go does: `\Q...\E`
/// (outside classes) becomes escaped literal text, and each named group
/// `(?P<name>` or `(?<name>` becomes `(?P<_k>`, its name checked as Go
/// checks it and kept in the list returned.
fn preprocess(pattern: &str) -> Result<(String, Vec<String>), PatternError> {
    let mut out = String::with_capacity(pattern.len());
    let mut names = Vec::new();
    let mut rest = pattern;
    let mut in_class = false;
    while let Some(c) = rest.chars().next() {
        if c == '\\' {
            if !in_class && rest.starts_with("\\Q") {
                let lit = &rest[2..];
                let (lit, after) = match lit.find("\\E") {
                    Some(i) => (&lit[..i], &lit[i + 2..]),
                    None => (lit, ""),
                };
                out.push_str(&regex_syntax::escape(lit));
                rest = after;
                continue;
            }
            let len = rest[1..].chars().next().map_or(0, char::len_utf8);
            out.push_str(&rest[..1 + len]);
            rest = &rest[1 + len..];
            continue;
        }
        if in_class {
            if rest.starts_with("[:")
                && let Some(end) = rest.find(":]")
            {
                out.push_str(&rest[..end + 2]);
                rest = &rest[end + 2..];
                continue;
            }
            if c == ']' {
                in_class = false;
            }
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        if c == '[' {
            in_class = true;
            out.push('[');
            rest = &rest[1..];
            // A `]` first (after an optional `^`) is a literal.
            for prefix in ["^]", "]", "^"] {
                if let Some(r) = rest.strip_prefix(prefix) {
                    out.push_str(prefix);
                    rest = r;
                    break;
                }
            }
            continue;
        }
        let open = ["(?P<", "(?<"].into_iter().find(|o| rest.starts_with(o));
        let lookbehind = rest.starts_with("(?<=") || rest.starts_with("(?<!");
        if let Some(open) = open.filter(|_| !lookbehind) {
            let Some(end) = rest.find('>') else {
                return Err(PatternError {
                    code: INVALID_NAMED_CAPTURE,
                    expr: rest.to_owned(),
                });
            };
            let name = &rest[open.len()..end];
            if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                return Err(PatternError {
                    code: INVALID_NAMED_CAPTURE,
                    expr: rest[..=end].to_owned(),
                });
            }
            out.push_str(&format!("(?P<_{}>", names.len()));
            names.push(name.to_owned());
            rest = &rest[end + 1..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Ok((out, names))
}

fn compile_adjusted(mut pattern: String) -> Result<Regex, PatternError> {
    // Each retry escapes one `{` that Go takes literally, so this ends.
    for _ in 0..=pattern.len() {
        let parsed = ast::parse::ParserBuilder::new()
            .nest_limit(MAX_NESTING)
            .build()
            .parse(&pattern);
        let tree = match parsed {
            Ok(tree) => tree,
            Err(e) => {
                let start = e.span().start.offset;
                let literal_brace = matches!(
                    e.kind(),
                    ErrorKind::RepetitionCountUnclosed
                        | ErrorKind::RepetitionCountDecimalEmpty
                        | ErrorKind::RepetitionMissing
                        | ErrorKind::DecimalEmpty
                        | ErrorKind::DecimalInvalid
                        | ErrorKind::SpecialWordOrRepetitionUnexpectedEof
                );
                if literal_brace
                    && let Some(brace) = pattern[..=start.min(pattern.len().saturating_sub(1))]
                        .rfind('{')
                        .filter(|&b| !is_escaped(&pattern, b))
                {
                    pattern.insert(brace, '\\');
                    continue;
                }
                return Err(parse_error(&pattern, &e));
            }
        };
        let mut edits = Vec::new();
        check(&tree, &pattern, &mut edits)?;
        edits.sort_by_key(|e| std::cmp::Reverse(e.0));
        let mut adjusted = pattern.clone();
        for (start, end, text) in edits {
            adjusted.replace_range(start..end, &text);
        }
        if let Err(regex_syntax::Error::Translate(e)) = regex_syntax::ParserBuilder::new()
            .nest_limit(MAX_NESTING + 10)
            .build()
            .parse(&adjusted)
        {
            let span = e.span();
            let expr = adjusted
                .get(span.start.offset..span.end.offset)
                .unwrap_or("")
                .to_owned();
            let code = match e.kind() {
                regex_syntax::hir::ErrorKind::UnicodeNotAllowed
                | regex_syntax::hir::ErrorKind::InvalidUtf8 => INVALID_PERL_OP,
                _ => INVALID_RANGE,
            };
            return Err(PatternError { code, expr });
        }
        return regex::RegexBuilder::new(&adjusted)
            .nest_limit(MAX_NESTING + 10)
            .build()
            .map_err(|e| PatternError {
                code: if matches!(e, regex::Error::CompiledTooBig(_)) {
                    TOO_LARGE
                } else {
                    INVALID_PERL_OP
                },
                expr: pattern.clone(),
            });
    }
    Err(PatternError {
        code: INVALID_PERL_OP,
        expr: pattern,
    })
}

/// Whether the character at byte `at` is preceded by an odd number of
/// backslashes.
fn is_escaped(s: &str, at: usize) -> bool {
    s[..at].bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1
}

/// Go's error for a pattern the parser rejected.
fn parse_error(pattern: &str, e: &ast::Error) -> PatternError {
    let span = e.span();
    let (start, end) = (span.start.offset, span.end.offset.max(span.start.offset));
    let at = |s: usize, e: usize| pattern.get(s..e).unwrap_or("").to_owned();
    // The group that starts before the error: `(?` ... up to the error.
    let group = || {
        let open = pattern[..start.min(pattern.len())].rfind("(?").unwrap_or(0);
        at(open, (end.max(start + 1)).min(pattern.len()))
    };
    let (code, expr) = match e.kind() {
        ErrorKind::GroupUnclosed => (MISSING_PAREN, pattern.to_owned()),
        ErrorKind::GroupUnopened => (UNEXPECTED_PAREN, pattern.to_owned()),
        ErrorKind::ClassUnclosed => (MISSING_BRACKET, at(start, pattern.len())),
        ErrorKind::ClassRangeInvalid | ErrorKind::ClassRangeLiteral => {
            (INVALID_RANGE, at(start, end))
        }
        ErrorKind::EscapeUnexpectedEof => (TRAILING_BACKSLASH, String::new()),
        ErrorKind::ClassEscapeInvalid
        | ErrorKind::EscapeUnrecognized
        | ErrorKind::EscapeHexEmpty
        | ErrorKind::EscapeHexInvalid
        | ErrorKind::EscapeHexInvalidDigit
        | ErrorKind::SpecialWordBoundaryUnclosed
        | ErrorKind::SpecialWordBoundaryUnrecognized
        | ErrorKind::UnsupportedBackreference => (INVALID_ESCAPE, at(start, end)),
        ErrorKind::UnicodeClassInvalid => (INVALID_CHAR_CLASS, at(start, end)),
        ErrorKind::GroupNameEmpty
        | ErrorKind::GroupNameInvalid
        | ErrorKind::GroupNameUnexpectedEof
        | ErrorKind::GroupNameDuplicate { .. } => (INVALID_NAMED_CAPTURE, group()),
        ErrorKind::RepetitionMissing => (MISSING_REPEAT_ARG, repetition_operator(pattern, start)),
        ErrorKind::RepetitionCountInvalid => (INVALID_REPEAT_SIZE, at(start, end)),
        ErrorKind::NestLimitExceeded(_) => (NESTING_DEPTH, String::new()),
        ErrorKind::CaptureLimitExceeded => (TOO_LARGE, pattern.to_owned()),
        ErrorKind::FlagDanglingNegation => {
            // Go stops at the `)` or `:` after the `-`.
            let open = pattern[..start.min(pattern.len())].rfind("(?").unwrap_or(0);
            let after = pattern[start..]
                .char_indices()
                .nth(1)
                .map_or(pattern.len(), |(i, c)| start + i + c.len_utf8());
            (INVALID_PERL_OP, at(open, after))
        }
        _ => (INVALID_PERL_OP, group()),
    };
    PatternError { code, expr }
}

/// The repetition operator at byte `start` (`*`, `+?`, `{2,3}`).
fn repetition_operator(pattern: &str, start: usize) -> String {
    let rest = pattern.get(start..).unwrap_or("");
    let len = if rest.starts_with('{') {
        rest.find('}').map_or(rest.len(), |i| i + 1)
    } else {
        rest.chars().next().map_or(0, char::len_utf8)
    };
    let len = if rest[len..].starts_with('?') {
        len + 1
    } else {
        len
    };
    rest[..len].to_owned()
}

/// Walks the tree: rejects what Go rejects, and records the edits that
/// make the crate's classes and word boundaries Go's (ASCII).
fn check(
    node: &Ast,
    pattern: &str,
    edits: &mut Vec<(usize, usize, String)>,
) -> Result<(), PatternError> {
    let text = |span: &ast::Span| pattern[span.start.offset..span.end.offset].to_owned();
    match node {
        Ast::Empty(_) | Ast::Dot(_) | Ast::ClassUnicode(_) => {}
        Ast::Flags(f) => check_flags(&f.flags, pattern)?,
        Ast::Literal(l) => check_literal(l, pattern)?,
        Ast::Assertion(a) => match a.kind {
            ast::AssertionKind::WordBoundary => {
                edits.push((a.span.start.offset, a.span.end.offset, r"(?-u:\b)".into()));
            }
            ast::AssertionKind::NotWordBoundary => {
                edits.push((a.span.start.offset, a.span.end.offset, r"(?-u:\B)".into()));
            }
            ast::AssertionKind::StartLine
            | ast::AssertionKind::EndLine
            | ast::AssertionKind::StartText
            | ast::AssertionKind::EndText => {}
            _ => {
                let t = text(&a.span);
                return Err(PatternError {
                    code: INVALID_ESCAPE,
                    expr: t.get(..2).unwrap_or(&t).to_owned(),
                });
            }
        },
        Ast::ClassPerl(c) => {
            edits.push((c.span.start.offset, c.span.end.offset, perl_class(c, false)));
        }
        Ast::ClassBracketed(c) => check_class_set(&c.kind, pattern, edits)?,
        Ast::Repetition(r) => {
            if let Ast::Repetition(inner) = &*r.ast {
                return Err(PatternError {
                    code: INVALID_REPEAT_OP,
                    expr: pattern[inner.op.span.start.offset..r.op.span.end.offset].to_owned(),
                });
            }
            if let ast::RepetitionKind::Range(range) = &r.op.kind {
                let (min, max) = match *range {
                    ast::RepetitionRange::Exactly(n) => (n, n),
                    ast::RepetitionRange::AtLeast(n) => (n, n),
                    ast::RepetitionRange::Bounded(a, b) => (a, b),
                };
                if min > 1000 || max > 1000 {
                    return Err(PatternError {
                        code: INVALID_REPEAT_SIZE,
                        expr: text(&r.op.span),
                    });
                }
            }
            check(&r.ast, pattern, edits)?;
        }
        Ast::Group(g) => {
            if let ast::GroupKind::NonCapturing(flags) = &g.kind {
                check_flags(flags, pattern)?;
            }
            check(&g.ast, pattern, edits)?;
        }
        Ast::Alternation(a) => {
            for x in &a.asts {
                check(x, pattern, edits)?;
            }
        }
        Ast::Concat(c) => {
            for x in &c.asts {
                check(x, pattern, edits)?;
            }
        }
    }
    Ok(())
}

fn check_flags(flags: &ast::Flags, pattern: &str) -> Result<(), PatternError> {
    for item in &flags.items {
        if let ast::FlagsItemKind::Flag(
            ast::Flag::IgnoreWhitespace | ast::Flag::Unicode | ast::Flag::CRLF,
        ) = item.kind
        {
            let open = pattern[..flags.span.start.offset].rfind("(?").unwrap_or(0);
            return Err(PatternError {
                code: INVALID_PERL_OP,
                expr: pattern[open..item.span.end.offset].to_owned(),
            });
        }
    }
    Ok(())
}

fn check_literal(l: &ast::Literal, pattern: &str) -> Result<(), PatternError> {
    let bad = matches!(
        l.kind,
        ast::LiteralKind::HexFixed(
            ast::HexLiteralKind::UnicodeShort | ast::HexLiteralKind::UnicodeLong
        ) | ast::LiteralKind::HexBrace(
            ast::HexLiteralKind::UnicodeShort | ast::HexLiteralKind::UnicodeLong
        )
    );
    if bad {
        let t = &pattern[l.span.start.offset..l.span.end.offset];
        return Err(PatternError {
            code: INVALID_ESCAPE,
            expr: t.get(..2).unwrap_or(t).to_owned(),
        });
    }
    Ok(())
}

fn check_class_set(
    set: &ClassSet,
    pattern: &str,
    edits: &mut Vec<(usize, usize, String)>,
) -> Result<(), PatternError> {
    match set {
        ClassSet::Item(item) => check_class_item(item, pattern, edits),
        ClassSet::BinaryOp(op) => {
            check_class_set(&op.lhs, pattern, edits)?;
            check_class_set(&op.rhs, pattern, edits)
        }
    }
}

fn check_class_item(
    item: &ClassSetItem,
    pattern: &str,
    edits: &mut Vec<(usize, usize, String)>,
) -> Result<(), PatternError> {
    match item {
        ClassSetItem::Perl(c) => {
            edits.push((c.span.start.offset, c.span.end.offset, perl_class(c, true)));
        }
        ClassSetItem::Literal(l) => check_literal(l, pattern)?,
        ClassSetItem::Range(r) => {
            check_literal(&r.start, pattern)?;
            check_literal(&r.end, pattern)?;
        }
        ClassSetItem::Bracketed(b) => {
            let text = &pattern[b.span.start.offset..b.span.end.offset];
            if text.starts_with("[:") && text.ends_with(":]") {
                // Go reads `[:name:]` as a class name, unknown here.
                return Err(PatternError {
                    code: INVALID_RANGE,
                    expr: text.to_owned(),
                });
            }
            check_class_set(&b.kind, pattern, edits)?;
        }
        ClassSetItem::Union(u) => {
            for i in &u.items {
                check_class_item(i, pattern, edits)?;
            }
        }
        ClassSetItem::Empty(_) | ClassSetItem::Ascii(_) | ClassSetItem::Unicode(_) => {}
    }
    Ok(())
}

/// Go's (ASCII) meaning of `\d`, `\s`, `\w` and their negations, as a
/// class (or, inside a bracket class, its items).
fn perl_class(c: &ast::ClassPerl, in_brackets: bool) -> String {
    let items = match c.kind {
        ClassPerlKind::Digit => "0-9",
        ClassPerlKind::Space => r"\t\n\x0C\r\x20",
        ClassPerlKind::Word => "0-9A-Za-z_",
    };
    match (c.negated, in_brackets) {
        (false, true) => items.to_owned(),
        (false, false) => format!("[{items}]"),
        (true, _) => format!("[^{items}]"),
    }
}

/// Go's `Regexp.ReplaceAllString`: every match replaced by the template,
/// with `$1`, `${1}`, `$name`, `${name}` expanded and `$$` a dollar sign;
/// `None` if the result would be longer than [`MAX_RESULT_BYTES`].
pub(crate) fn replace_all(re: &GoRegex, text: &str, template: &str) -> Option<String> {
    let mut out = String::new();
    let mut last = 0;
    for caps in re.re.captures_iter(text) {
        let m = caps.get(0)?;
        out.push_str(&text[last..m.start()]);
        expand(re, &caps, template, &mut out);
        last = m.end();
        if out.len() > MAX_RESULT_BYTES {
            return None;
        }
    }
    out.push_str(&text[last..]);
    (out.len() <= MAX_RESULT_BYTES).then_some(out)
}

/// Go's `Regexp.expand`.
fn expand(re: &GoRegex, caps: &regex::Captures<'_>, mut template: &str, out: &mut String) {
    while let Some(i) = template.find('$') {
        out.push_str(&template[..i]);
        template = &template[i..];
        if template.as_bytes().get(1) == Some(&b'$') {
            out.push('$');
            template = &template[2..];
            continue;
        }
        let Some((name, rest)) = extract(template) else {
            out.push('$');
            template = &template[1..];
            continue;
        };
        template = rest;
        let group = match name.parse::<usize>() {
            Ok(n) if name.bytes().all(|b| b.is_ascii_digit()) => caps.get(n),
            _ => re
                .names
                .iter()
                .enumerate()
                .filter(|(_, n)| n.as_deref() == Some(name))
                .find_map(|(i, _)| caps.get(i)),
        };
        if let Some(g) = group {
            out.push_str(g.as_str());
        }
    }
    out.push_str(template);
}

/// Go's `extract`: the name after `$` (`name` or `{name}`) and the rest.
fn extract(s: &str) -> Option<(&str, &str)> {
    let s = s.strip_prefix('$')?;
    let (braced, body) = match s.strip_prefix('{') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let end = body
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    if end == 0 {
        return None;
    }
    let name = &body[..end];
    if braced {
        let rest = body[end..].strip_prefix('}')?;
        Some((name, rest))
    } else {
        Some((name, &body[end..]))
    }
}

/// The result type for a pattern's capture groups (cty's
/// `regexPatternResultType`).
fn result_type(pattern: &str) -> Result<(Arc<GoRegex>, Type), FunctionError> {
    let re = compile_cached(pattern).map_err(|e| {
        FunctionError::argument(
            0,
            format!("invalid regexp pattern: {} in {}", e.code, e.expr),
        )
    })?;
    let names: Vec<Option<&str>> = re.names.iter().skip(1).map(Option::as_deref).collect();
    let named = names.iter().filter(|n| n.is_some()).count();
    let unnamed = names.len() - named;
    let ty = match (unnamed, named) {
        (0, 0) => Type::String,
        (u, n) if u > 0 && n > 0 => {
            return Err(FunctionError::argument(
                0,
                "invalid regexp pattern: cannot mix both named and unnamed capture groups",
            ));
        }
        (u, _) if u > 0 => Type::tuple(vec![Type::String; u]),
        _ => Type::object(names.iter().flatten().map(|n| (*n, Type::String))),
    };
    Ok((re, ty))
}

/// One match, as the result type says (cty's `regexPatternResult`).
fn match_value(re: &GoRegex, caps: &regex::Captures<'_>, ty: &Type) -> Value {
    let group = |i: usize| {
        caps.get(i)
            .map_or_else(|| Value::null(Type::String), |m| Value::string(m.as_str()))
    };
    match ty {
        Type::Tuple(t) => Value::tuple((1..=t.len()).map(group)),
        Type::Object(_) => Value::object(
            re.names
                .iter()
                .enumerate()
                .filter_map(|(i, n)| n.as_deref().map(|n| (n, group(i)))),
        ),
        _ => group(0),
    }
}

fn pattern_and_string() -> [Parameter; 2] {
    [
        Parameter::new("pattern", Type::String),
        Parameter::new("string", Type::String),
    ]
}

/// `regex(pattern, string)`: the first match of the pattern in the string:
/// the matched text, or its capture groups as a tuple (unnamed groups) or
/// an object (named groups). No match is an error. With an unknown pattern
/// the result is the dynamic value.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"regex("[a-z]+", "53453453.345345aaabbbccc23454")"#).unwrap(), r#""aaabbbccc""#);
/// assert_eq!(
///     eval(r#"regex("(\\d\\d\\d\\d)-(\\d\\d)-(\\d\\d)", "2019-02-01")"#).unwrap(),
///     r#"["2019","02","01"]"#
/// );
/// assert_eq!(
///     eval(r#"regex("^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?", "https://terraform.io/docs/")"#).unwrap(),
///     r#"{"authority":"terraform.io","scheme":"https"}"#
/// );
/// assert!(eval(r#"regex("[a-z]+", "12345")"#).unwrap_err().contains("did not match"));
/// ```
pub fn regex() -> Function {
    Function::builder()
        .description("Applies the given regular expression pattern to the given string and returns information about a single match, or raises an error if there is no match.")
        .params(pattern_and_string())
        .return_type(|args| {
            let Some(pattern) = args[0].as_str().filter(|_| args[0].is_known()) else {
                return Ok(Type::Dynamic);
            };
            result_type(pattern).map(|(_, ty)| ty)
        })
        .build(|args, ty| {
            if ty.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let pattern = args[0].as_str().unwrap_or("");
            let text = args[1].as_str().unwrap_or("");
            let (re, ty) = result_type(pattern)?;
            let caps = re.captures(text).ok_or_else(|| {
                FunctionError::failed("pattern did not match any part of the given string")
            })?;
            Ok(match_value(&re, &caps, &ty))
        })
}

/// `regexall(pattern, string)`: every non-overlapping match of the pattern
/// in the string, as a list of what [`regex`](fn@regex) gives for one (an empty list
/// when there is none).
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"regexall("[a-z]+", "1234abcd5678efgh9")"#).unwrap(), r#"["abcd","efgh"]"#);
/// assert_eq!(eval(r#"regexall("[a-z]+", "123456789")"#).unwrap(), "[]");
/// ```
pub fn regexall() -> Function {
    Function::builder()
        .description("Applies the given regular expression pattern to the given string and returns a list of information about all non-overlapping matches, or an empty list if there are no matches.")
        .params(pattern_and_string())
        .return_type(|args| {
            let Some(pattern) = args[0].as_str().filter(|_| args[0].is_known()) else {
                return Ok(Type::list(Type::Dynamic));
            };
            result_type(pattern).map(|(_, ty)| Type::list(ty))
        })
        .build(|args, ty| {
            let element = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            if element.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let pattern = args[0].as_str().unwrap_or("");
            let text = args[1].as_str().unwrap_or("");
            let (re, _) = result_type(pattern)?;
            let matches: Vec<Value> = re
                .re
                .captures_iter(text)
                .map(|caps| match_value(&re, &caps, &element))
                .collect();
            Ok(Value::list_of(element, matches)?)
        })
}

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![("regex", regex()), ("regexall", regexall())]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(p: &str) -> String {
        compile(p)
            .map(|_| String::new())
            .unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn classes_are_ascii_as_in_go() {
        let re = compile(r"^\w+\s\d$").expect("compiles").re;
        assert!(re.is_match("ab_9 7"));
        assert!(!re.is_match("é 7"));
        assert!(!re.is_match("a ٣"));
        assert!(!re.is_match("a\u{b}7"));
        let re = compile(r"[\d\s]+").expect("compiles").re;
        assert_eq!(re.find("x1 2y").map(|m| m.as_str()), Some("1 2"));
        let re = compile(r"[^\D]").expect("compiles").re;
        assert_eq!(re.find("a5").map(|m| m.as_str()), Some("5"));
        let re = compile(r"\bé").expect("compiles").re;
        assert!(!re.is_match(" é"));
        assert!(compile(r"\bx\B").expect("compiles").re.is_match(" xy"));
    }

    #[test]
    fn go_rejections() {
        assert_eq!(
            err("a{1001}"),
            "error parsing regexp: invalid repeat count: `{1001}`"
        );
        assert_eq!(
            err("a**"),
            "error parsing regexp: invalid nested repetition operator: `**`"
        );
        assert_eq!(
            err("(?x)a"),
            "error parsing regexp: invalid or unsupported Perl syntax: `(?x`"
        );
        assert_eq!(
            err(r"\u0041"),
            "error parsing regexp: invalid escape sequence: `\\u`"
        );
        assert_eq!(err("(a"), "error parsing regexp: missing closing ): `(a`");
        assert_eq!(err("a)"), "error parsing regexp: unexpected ): `a)`");
        assert_eq!(err("[a"), "error parsing regexp: missing closing ]: `[a`");
        assert_eq!(
            err(r"\q"),
            "error parsing regexp: invalid escape sequence: `\\q`"
        );
        assert_eq!(
            err("*"),
            "error parsing regexp: missing argument to repetition operator: `*`"
        );
    }

    #[test]
    fn literal_braces_as_in_go() {
        for (p, s) in [
            ("a{", "a{"),
            ("a{,2}", "a{,2}"),
            ("{x}", "{x}"),
            ("a{1", "a{1"),
        ] {
            let re = compile(p).unwrap_or_else(|e| panic!("{p}: {e}")).re;
            assert!(re.is_match(s), "{p}");
        }
    }

    #[test]
    fn go_syntax_the_crate_lacks() {
        let re = compile(r"\Qa.b\E+").expect("compiles").re;
        assert!(re.is_match("a.bb") && !re.is_match("axb"));
        let re = compile("(?P<1a>x)(?P<d>y)(?P<d>z)").expect("compiles");
        let names: Vec<_> = re.names.iter().map(|n| n.as_deref()).collect();
        assert_eq!(names, [None, Some("1a"), Some("d"), Some("d")]);
        assert_eq!(
            err("(?P<a.b>x)"),
            "error parsing regexp: invalid named capture: `(?P<a.b>`"
        );
        assert_eq!(
            err("[[:foo:]]"),
            "error parsing regexp: invalid character class range: `[:foo:]`"
        );
        assert_eq!(
            err(r"\pX"),
            "error parsing regexp: invalid character class range: `\\pX`"
        );
        assert!(compile("[]a]").expect("compiles").re.is_match("]"));
        assert!(compile("[[:alpha:]]").expect("compiles").re.is_match("q"));
        assert!(compile("(?<=a)b").is_err());
    }

    #[test]
    fn no_catastrophic_patterns() {
        let start = std::time::Instant::now();
        let re = compile("(a*)*b").expect("compiles").re;
        assert!(!re.is_match(&"a".repeat(100_000)));
        let re = compile("(x+x+)+y").expect("compiles").re;
        assert!(!re.is_match(&"x".repeat(100_000)));
        assert!(compile("((a{1000}){1000}){1000}").is_err());
        assert!(compile(&"(".repeat(2000)).is_err());
        assert!(start.elapsed().as_secs() < 30);
    }

    #[test]
    fn replace_expands_as_go() {
        let re = compile("(?P<x>a)(b)?").expect("compiles");
        let r = |t: &str| replace_all(&re, "ab a", t).unwrap_or_default();
        assert_eq!(
            r("[$1|$2|$x|${x}y|$xy|$$|$]"),
            "[a|b|a|ay||$|$] [a||a|ay||$|$]"
        );
        assert_eq!(r("${1"), "${1 ${1");
        let empty = compile("a*").expect("compiles");
        assert_eq!(replace_all(&empty, "baaac", "-").as_deref(), Some("-b-c-"));
    }
}
