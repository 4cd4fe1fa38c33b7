//! Native-syntax text inside JSON strings: templates (evaluation in full
//! expression mode) and expressions (the static call and static traversal
//! analyses), with every source range mapped back to the exact bytes of
//! the JSON source.
//!
//! The native parser reads the *decoded* string, so its ranges are offsets
//! into that text. A [`StringMap`] knows where each escape of the string
//! sits in the source (`\n` is two bytes of source for one of text,
//! `\u00e9` six for two) and rewrites every range that comes back: the
//! subjects and contexts of diagnostics (and ranges written in their
//! details), the steps of traversals, the ranges of expressions. Lines and
//! columns are then those of the JSON file. A [`Mapped`] expression wraps a
//! native one and applies the map to everything it returns.

use std::fmt;
use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

use crate::body::{DynExpression, Expression, StaticCall, StaticPair};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::native::{NativeExpression, ParseOptions, parse_expression, parse_template};
use crate::pos::{Pos, Range};
use crate::source::{SourceFile, Span};
use crate::traversal::{Traversal, Traverser};
use crate::value::Value;

use super::char_pos;
use super::tree::NOT_ESCAPED;

/// One escape sequence of a string: where its decoded text is in the
/// string's text, and where its source is (relative to the first byte
/// after the opening quote).
#[derive(Clone, Copy, Debug)]
struct Escape {
    text_start: u32,
    text_len: u32,
    source_start: u32,
    source_len: u32,
}

/// How the text of one JSON string maps onto its source.
pub(crate) struct StringMap {
    source: Arc<SourceFile>,
    /// The offset in the JSON text of the string's first content byte.
    content: u32,
    escapes: Box<[Escape]>,
    /// The decoded text (to read line and column of ranges written in
    /// diagnostic details).
    text: Box<str>,
}

impl fmt::Debug for StringMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StringMap")
            .field("file", self.source.name())
            .field("content", &self.content)
            .field("escapes", &self.escapes.len())
            .finish()
    }
}

/// Whether the text holds a template sequence (`${` or `%{`): without one,
/// a template is its text.
pub(crate) fn has_template_sequence(text: &str) -> bool {
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(p) = b
        .get(from..)
        .and_then(|s| s.iter().position(|&c| c == b'{'))
    {
        let at = from + p;
        if at > 0 && matches!(b[at - 1], b'$' | b'%') {
            return true;
        }
        from = at + 1;
    }
    false
}

/// The escapes of a string's source content (the string is valid: the
/// parser has checked it), decoded as the parser decodes them.
fn escapes_of(source: &[u8]) -> Vec<Escape> {
    let mut out = Vec::new();
    let mut text_at = 0u32;
    let mut i = 0usize;
    let hex4 = |s: Option<&[u8]>| -> Option<u32> {
        let s = s?;
        let mut v = 0;
        for &b in s {
            v = v * 16 + (b as char).to_digit(16)?;
        }
        Some(v)
    };
    while i < source.len() {
        if source[i] != b'\\' {
            text_at += 1;
            i += 1;
            continue;
        }
        let (source_len, text_len) = match source.get(i + 1) {
            Some(b'u') => {
                let unit = hex4(source.get(i + 2..i + 6)).unwrap_or(0xFFFD);
                if (0xD800..0xDC00).contains(&unit) && source.get(i + 6..i + 8) == Some(b"\\u") {
                    match hex4(source.get(i + 8..i + 12)) {
                        Some(0xDC00..=0xDFFF) => (12, 4),
                        _ => (6, 3),
                    }
                } else {
                    let len = char::from_u32(unit).map_or(3, char::len_utf8);
                    (6, len as u32)
                }
            }
            _ => (2, 1),
        };
        out.push(Escape {
            text_start: text_at,
            text_len,
            source_start: i as u32,
            source_len: source_len as u32,
        });
        text_at += text_len;
        i += source_len;
    }
    out
}

impl StringMap {
    /// The map of a string token at `span` of the JSON text, whose decoded
    /// text is `text`.
    pub(crate) fn new(source: Arc<SourceFile>, span: Span, escaped: u32, text: &str) -> StringMap {
        let content = span.start + 1;
        let escapes = if escaped == NOT_ESCAPED {
            Vec::new()
        } else {
            let end = span.end.saturating_sub(1) as usize;
            escapes_of(
                source
                    .text()
                    .as_bytes()
                    .get(content as usize..end)
                    .unwrap_or(&[]),
            )
        };
        StringMap {
            source,
            content,
            escapes: escapes.into(),
            text: text.into(),
        }
    }

    /// The JSON-text offset of an offset of the string's text (an offset
    /// inside the text of an escape goes to the start of the escape).
    fn offset(&self, at: usize) -> u32 {
        let at = (at.min(self.text.len())) as u32;
        let i = self
            .escapes
            .partition_point(|e| e.text_start + e.text_len <= at);
        if let Some(e) = self.escapes.get(i)
            && at >= e.text_start
        {
            return self.content + e.source_start;
        }
        let (text_base, source_base) = match i.checked_sub(1).and_then(|j| self.escapes.get(j)) {
            Some(e) => (e.text_start + e.text_len, e.source_start + e.source_len),
            None => (0, 0),
        };
        self.content + source_base + (at - text_base)
    }

    /// A range of the string's text, as a range of the JSON source.
    pub(crate) fn range(&self, r: &Range) -> Range {
        let start = char_pos(&self.source, self.offset(r.start.offset()));
        let end = if r.end.byte == r.start.byte {
            start
        } else {
            char_pos(&self.source, self.offset(r.end.offset()))
        };
        Range::new(self.source.name().clone(), start, end)
    }

    /// The offset of a line and column of the string's text (as the
    /// native parser counts them, from line 1, column 1).
    fn offset_of(&self, line: u32, column: u32) -> Option<usize> {
        let mut at = 0usize;
        for (i, l) in self.text.split_inclusive('\n').enumerate() {
            if i + 1 == line as usize {
                let mut offset = at;
                let mut graphemes = l.grapheme_indices(true);
                for _ in 1..column {
                    match graphemes.next() {
                        Some((_, g)) => offset += g.len(),
                        None => break,
                    }
                }
                return Some(offset);
            }
            at += l.len();
        }
        (line <= 1).then_some(0)
    }

    /// Ranges of the string's text written in a diagnostic detail (as
    /// `file:3,5-9` or `file:3,5-4,2`), rewritten.
    fn detail(&self, detail: &str) -> String {
        let prefix = format!("{}:", self.source.name());
        let mut out = String::with_capacity(detail.len());
        let mut rest = detail;
        while let Some(p) = rest.find(&prefix) {
            out.push_str(&rest[..p]);
            let after = &rest[p + prefix.len()..];
            match self.parse_range(after) {
                Some((range, used)) => {
                    out.push_str(&range.to_string());
                    rest = &after[used..];
                }
                None => {
                    out.push_str(&prefix);
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// `L,C-C` or `L,C-L,C` at the start of `s`, mapped, with the length
    /// read.
    fn parse_range(&self, s: &str) -> Option<(Range, usize)> {
        let number = |s: &str| -> Option<(u32, usize)> {
            let len = s.bytes().take_while(u8::is_ascii_digit).count();
            Some((s.get(..len)?.parse().ok()?, len))
        };
        let (l1, a) = number(s)?;
        let s1 = s.get(a..)?.strip_prefix(',')?;
        let (c1, b) = number(s1)?;
        let s2 = s1.get(b..)?.strip_prefix('-')?;
        let (x, c) = number(s2)?;
        let mut used = a + 1 + b + 1 + c;
        let (l2, c2) = match s2.get(c..).and_then(|t| t.strip_prefix(',')) {
            Some(t) => {
                let (c2, d) = number(t)?;
                used += 1 + d;
                (x, c2)
            }
            None => (l1, x),
        };
        let start = self.offset_of(l1, c1)?;
        let end = self.offset_of(l2, c2)?;
        let r = Range::new(
            self.source.name().clone(),
            Pos::new(start, l1, c1),
            Pos::new(end, l2, c2),
        );
        Some((self.range(&r), used))
    }

    pub(crate) fn diagnostic(&self, mut d: Diagnostic) -> Diagnostic {
        d.subject = d.subject.as_ref().map(|r| self.range(r));
        d.context = d.context.as_ref().map(|r| self.range(r));
        if d.detail.contains(&**self.source.name()) {
            d.detail = self.detail(&d.detail).into();
        }
        d
    }

    pub(crate) fn diagnostics(&self, diags: Diagnostics) -> Diagnostics {
        let mut out = Diagnostics::new();
        for d in diags.into_vec() {
            out.push(self.diagnostic(d));
        }
        out
    }

    pub(crate) fn traversal(&self, t: &Traversal) -> Traversal {
        Traversal::new(
            t.steps()
                .iter()
                .map(|step| match step {
                    Traverser::Root { name, range } => Traverser::Root {
                        name: name.clone(),
                        range: self.range(range),
                    },
                    Traverser::Attr { name, range } => Traverser::Attr {
                        name: name.clone(),
                        range: self.range(range),
                    },
                    Traverser::Index { key, range } => Traverser::Index {
                        key: key.clone(),
                        range: self.range(range),
                    },
                    Traverser::Splat { each, range } => Traverser::Splat {
                        each: self.traversal(each),
                        range: self.range(range),
                    },
                })
                .collect(),
        )
    }
}

/// A native-syntax expression parsed from a JSON string, seen through the
/// string's [`StringMap`]: every range it reports is a range of the JSON
/// source.
#[derive(Clone)]
pub(crate) struct Mapped {
    inner: DynExpression,
    map: Arc<StringMap>,
}

impl fmt::Debug for Mapped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JsonStringExpression")
            .field("range", &self.range())
            .finish()
    }
}

impl Mapped {
    fn wrap(&self, inner: DynExpression) -> DynExpression {
        Arc::new(Mapped {
            inner,
            map: Arc::clone(&self.map),
        })
    }
}

impl Expression for Mapped {
    fn value(&self, ctx: &EvalContext) -> (Value, Diagnostics) {
        let (value, diags) = self.inner.value(ctx);
        (value, self.map.diagnostics(diags))
    }

    fn variables(&self) -> Vec<Traversal> {
        self.inner
            .variables()
            .iter()
            .map(|t| self.map.traversal(t))
            .collect()
    }

    fn range(&self) -> Range {
        self.map.range(&self.inner.range())
    }

    fn start_range(&self) -> Range {
        self.map.range(&self.inner.start_range())
    }

    fn static_list(&self) -> Result<Vec<DynExpression>, Diagnostics> {
        match self.inner.static_list() {
            Ok(list) => Ok(list.into_iter().map(|e| self.wrap(e)).collect()),
            Err(d) => Err(self.map.diagnostics(d)),
        }
    }

    fn static_map(&self) -> Result<Vec<StaticPair>, Diagnostics> {
        match self.inner.static_map() {
            Ok(pairs) => Ok(pairs
                .into_iter()
                .map(|p| StaticPair {
                    key: self.wrap(p.key),
                    value: self.wrap(p.value),
                })
                .collect()),
            Err(d) => Err(self.map.diagnostics(d)),
        }
    }

    fn static_call(&self) -> Result<StaticCall, Diagnostics> {
        match self.inner.static_call() {
            Ok(call) => Ok(StaticCall {
                name: call.name,
                name_range: self.map.range(&call.name_range),
                arguments: call.arguments.into_iter().map(|e| self.wrap(e)).collect(),
                expand_final: call.expand_final,
                range: self.map.range(&call.range),
                args_range: self.map.range(&call.args_range),
            }),
            Err(d) => Err(self.map.diagnostics(d)),
        }
    }

    fn static_traversal_abs(&self) -> Result<Traversal, Diagnostics> {
        match self.inner.static_traversal_abs() {
            Ok(t) => Ok(self.map.traversal(&t)),
            Err(d) => Err(self.map.diagnostics(d)),
        }
    }

    fn static_traversal_rel(&self) -> Result<Traversal, Diagnostics> {
        match self.inner.static_traversal_rel() {
            Ok(t) => Ok(self.map.traversal(&t)),
            Err(d) => Err(self.map.diagnostics(d)),
        }
    }
}

/// The template of one string, parsed once.
#[derive(Debug)]
pub(crate) struct Template {
    /// The template expression (`None` only if the parser produced none).
    pub(crate) expr: Option<Mapped>,
    /// The parser's diagnostics, mapped.
    pub(crate) diags: Diagnostics,
}

/// The native parser's options: the JSON parser's nesting limit, the
/// defaults otherwise.
fn native_options(max_depth: usize) -> ParseOptions {
    ParseOptions { max_depth }
}

/// Parses the text of a string as a template.
pub(crate) fn parse_string_template(
    source: &Arc<SourceFile>,
    span: Span,
    escaped: u32,
    text: &str,
    max_depth: usize,
) -> Template {
    let map = Arc::new(StringMap::new(Arc::clone(source), span, escaped, text));
    let options = native_options(max_depth);
    let (file, id, diags) = parse_template(text.as_bytes(), source.name(), Pos::start(), &options);
    Template {
        expr: Some(Mapped {
            inner: Arc::new(NativeExpression::new(file, id)),
            map: Arc::clone(&map),
        }),
        diags: map.diagnostics(diags),
    }
}

/// Parses the text of a string as a native expression; `None` if it has
/// errors.
pub(crate) fn parse_string_expression(
    source: &Arc<SourceFile>,
    span: Span,
    escaped: u32,
    text: &str,
    max_depth: usize,
) -> Option<Mapped> {
    let options = native_options(max_depth);
    let (file, id, diags) =
        parse_expression(text.as_bytes(), source.name(), Pos::start(), &options);
    if diags.has_errors() {
        return None;
    }
    let map = Arc::new(StringMap::new(Arc::clone(source), span, escaped, text));
    Some(Mapped {
        inner: Arc::new(NativeExpression::new(file, id)),
        map,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(json_string: &str) -> (StringMap, String) {
        let src = format!("  {json_string}");
        let (file, diags) = super::super::parse_expression(
            src.as_bytes(),
            "m.json",
            &super::super::JsonOptions::default(),
        );
        assert!(diags.is_empty(), "{diags:?}");
        let node = file.file().node(file.node_id().unwrap_or(0));
        let text = file.file().string_text(&node).to_owned();
        let super::super::tree::Kind::String(escaped) = node.kind else {
            panic!("not a string");
        };
        (
            StringMap::new(Arc::clone(&file.file().source), node.span, escaped, &text),
            text,
        )
    }

    #[test]
    fn offsets_skip_escapes() {
        let (m, text) = map(r#""a\nb\u00e9c\ud83d\ude00d\\""#);
        assert_eq!(text, "a\nbéc😀d\\");
        // a=3, \n=4..6, b=6, \u00e9=7..13, c=13, pair=14..26, d=26, \\=27..29
        let expect = [
            (0, 3),
            (1, 4),
            (2, 6),
            (3, 7),
            (4, 7),
            (5, 13),
            (6, 14),
            (8, 14),
            (10, 26),
            (11, 27),
            (12, 29),
        ];
        for (t, s) in expect {
            assert_eq!(m.offset(t), s, "text offset {t}");
        }
    }

    #[test]
    fn template_sequences_are_found() {
        assert!(has_template_sequence("a${b}"));
        assert!(has_template_sequence("%{ if x }"));
        assert!(has_template_sequence("$${b}"));
        assert!(!has_template_sequence("a{b} $ % {"));
        assert!(!has_template_sequence("{"));
    }

    #[test]
    fn lone_surrogates_are_one_replacement_character() {
        let (m, text) = map(r#""\ud800x\udc00""#);
        assert_eq!(text, "\u{FFFD}x\u{FFFD}");
        assert_eq!(m.offset(3), 9);
        assert_eq!(m.offset(4), 10);
        assert_eq!(m.offset(7), 16);
    }
}
