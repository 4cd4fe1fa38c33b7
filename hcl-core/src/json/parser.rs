//! The JSON parser: a lexer over the input bytes and an iterative parser
//! (an explicit stack of open objects and arrays, never recursion), so that
//! no input can overflow the stack.
//!
//! It reproduces the Go implementation's parser (`hcl/v2/json`) token for
//! token, error recovery included, so that the diagnostics of invalid
//! input are Go's: the same summaries and details at the same places, and
//! the same later diagnostics after a recovery. The differences: the place
//! of a bad escape is the escape itself (Go reports the byte after it), a
//! string that is not valid UTF-8 is an error (Go replaces the bytes), a
//! byte order mark is skipped (Go rejects it), and nesting deeper than the
//! limit is one "Nesting too deep" error.

use std::borrow::Cow;

use crate::number::Number;
use crate::quote::go_quote;
use crate::suggest::suggestion;

use super::tree::{Kind, List, NOT_ESCAPED, Node, NodeId, Prop, Tree};
use crate::source::Span;

/// A diagnostic found by the parser, with spans still to be turned into
/// ranges.
#[derive(Debug)]
pub(crate) struct RawDiag {
    pub(crate) summary: &'static str,
    pub(crate) detail: Cow<'static, str>,
    pub(crate) subject: Span,
    /// The subject is one column at `subject.start` (as Go reports the end
    /// of an unterminated string, even past the end of a line).
    pub(crate) one_column: bool,
    pub(crate) context: Option<Span>,
}

impl RawDiag {
    fn new(summary: &'static str, detail: impl Into<Cow<'static, str>>, subject: Span) -> RawDiag {
        RawDiag {
            summary,
            detail: detail.into(),
            subject,
            one_column: false,
            context: None,
        }
    }
}

const VALUE_START: &str =
    "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";
const STRING_SYNTAX: &str = "There is a syntax error in the given JSON string.";

/// What the lexer found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum T {
    BraceO,
    BraceC,
    BrackO,
    BrackC,
    Comma,
    Colon,
    /// Only to remind the user that JSON uses colons.
    Equals,
    Keyword,
    /// A string token: from its opening quote to its closing quote, or to
    /// (not including) the control character or end of input that ended
    /// it early.
    Str {
        terminated: bool,
        escaped: bool,
    },
    /// The bytes `-+.eE0-9` that may form a number.
    Number,
    Eof,
    /// A byte (a character) that cannot start a token. The lexer stops
    /// after it, as Go's scanner does.
    Invalid,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    t: T,
    span: Span,
}

/// Bytes that end the fast scan of a string: `"`, `\` and controls.
static STRING_STOP: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 32 {
        table[i] = true;
        i += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

/// The first offset from `pos` of a byte that ends the fast scan of a
/// string (see [`STRING_STOP`]), eight bytes at a time.
fn skip_string_bytes(src: &[u8], mut pos: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    while let Some(chunk) = src.get(pos..pos + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let quote = w ^ (ONES * u64::from(b'"'));
        let backslash = w ^ (ONES * u64::from(b'\\'));
        // A byte is flagged if it is zero after the xor (a quote or a
        // backslash) or below 0x20. Flags after the first true one may be
        // false (borrows), so only the first is used.
        let flags = ((quote.wrapping_sub(ONES) & !quote)
            | (backslash.wrapping_sub(ONES) & !backslash)
            | (w.wrapping_sub(ONES * 0x20) & !w))
            & HIGHS;
        if flags != 0 {
            return pos + (flags.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    }
    while pos < src.len() && !STRING_STOP[src[pos] as usize] {
        pos += 1;
    }
    pos
}

struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// Set after an invalid token: every later token is the end of input.
    stopped: bool,
}

impl Lexer<'_> {
    fn next(&mut self) -> Token {
        let src = self.src;
        let mut pos = self.pos;
        if !self.stopped {
            while let Some(b' ' | b'\n' | b'\r' | b'\t') = src.get(pos) {
                pos += 1;
            }
        }
        let start = pos;
        let Some(&first) = src.get(pos).filter(|_| !self.stopped) else {
            self.pos = pos;
            return Token {
                t: T::Eof,
                span: Span::at(pos as u32),
            };
        };
        let t = match first {
            b'{' => T::BraceO,
            b'}' => T::BraceC,
            b'[' => T::BrackO,
            b']' => T::BrackC,
            b',' => T::Comma,
            b':' => T::Colon,
            b'=' => T::Equals,
            b'"' => {
                pos += 1;
                let mut escaped = false;
                let terminated = loop {
                    pos = skip_string_bytes(src, pos);
                    match src.get(pos) {
                        Some(b'"') => {
                            pos += 1;
                            break true;
                        }
                        Some(b'\\') => {
                            escaped = true;
                            match src.get(pos + 1) {
                                Some(&c) if c >= 32 => pos += 2,
                                _ => {
                                    pos += 1;
                                    break false;
                                }
                            }
                        }
                        _ => break false,
                    }
                };
                self.pos = pos;
                return Token {
                    t: T::Str {
                        terminated,
                        escaped,
                    },
                    span: Span::new(start as u32, pos as u32),
                };
            }
            b'-' | b'+' | b'.' | b'0'..=b'9' => {
                while let Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') = src.get(pos) {
                    pos += 1;
                }
                self.pos = pos;
                return Token {
                    t: T::Number,
                    span: Span::new(start as u32, pos as u32),
                };
            }
            b'a'..=b'z' | b'A'..=b'Z' => {
                while let Some(b'a'..=b'z' | b'A'..=b'Z' | b'_') = src.get(pos) {
                    pos += 1;
                }
                self.pos = pos;
                return Token {
                    t: T::Keyword,
                    span: Span::new(start as u32, pos as u32),
                };
            }
            _ => {
                // The whole character, if it is one.
                let len = match first {
                    0xC0..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    0xF0..=0xF7 => 4,
                    _ => 1,
                };
                let len = if std::str::from_utf8(src.get(pos..pos + len).unwrap_or(&[])).is_ok() {
                    len
                } else {
                    1
                };
                self.stopped = true;
                self.pos = pos + len;
                return Token {
                    t: T::Invalid,
                    span: Span::new(start as u32, (pos + len) as u32),
                };
            }
        };
        self.pos = pos + 1;
        Token {
            t,
            span: Span::new(start as u32, pos as u32 + 1),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// An object, at the top of its loop: `}` or a property name next.
    ObjectTop,
    /// An object waiting for a property name (a value, checked when given).
    ObjectKey,
    /// An object waiting for the value of a property.
    ObjectValue,
    /// An array, at the top of its loop: `]` or a value next.
    ArrayTop,
    /// An array waiting for an element.
    ArrayValue,
}

#[derive(Debug)]
struct Frame {
    state: State,
    open: Span,
    /// Where this container's entries start in the scratch stack.
    mark: usize,
    /// The name of the property whose value is awaited.
    key: (Span, u32),
}

/// What the parser does next.
enum Next {
    /// Parse a value.
    Value,
    /// Give a finished value to the container that awaits it.
    Deliver(NodeId),
    /// Stop: the rest of the input cannot be read (nesting too deep, and
    /// never closed).
    Abort,
}

/// The result of parsing.
pub(crate) struct Parsed {
    pub(crate) tree: Tree,
    /// The value parsed; `None` after an abort.
    pub(crate) value: Option<NodeId>,
    pub(crate) diags: Vec<RawDiag>,
    /// Whether the nesting limit was hit.
    pub(crate) too_deep: bool,
}

pub(crate) struct Parser<'a> {
    lex: Lexer<'a>,
    text: &'a str,
    /// Offsets of the bytes that are not valid UTF-8, in order.
    invalid_utf8: &'a [u32],
    peeked: Option<Token>,
    tree: Tree,
    diags: Vec<RawDiag>,
    stack: Vec<Frame>,
    scratch_props: Vec<Prop>,
    scratch_items: Vec<NodeId>,
    max_depth: usize,
    too_deep: bool,
}

/// Whether `s` is a number by JSON's grammar:
/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
fn is_json_number(s: &[u8]) -> bool {
    let mut i = 0;
    if s.first() == Some(&b'-') {
        i = 1;
    }
    match s.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            while let Some(b'0'..=b'9') = s.get(i) {
                i += 1;
            }
        }
        _ => return false,
    }
    if s.get(i) == Some(&b'.') {
        i += 1;
        let from = i;
        while let Some(b'0'..=b'9') = s.get(i) {
            i += 1;
        }
        if i == from {
            return false;
        }
    }
    if let Some(b'e' | b'E') = s.get(i) {
        i += 1;
        if let Some(b'+' | b'-') = s.get(i) {
            i += 1;
        }
        let from = i;
        while let Some(b'0'..=b'9') = s.get(i) {
            i += 1;
        }
        if i == from {
            return false;
        }
    }
    i == s.len()
}

/// The value of a valid JSON number: a machine integer directly, anything
/// else through [`Number::parse_literal`] (exact, then rounded once).
fn number_value(s: &str) -> Option<Number> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.len() <= 18 && digits.bytes().all(|b| b.is_ascii_digit()) {
        let mut v: i64 = 0;
        for b in digits.bytes() {
            v = v * 10 + i64::from(b - b'0');
        }
        return Some(Number::from(if s.starts_with('-') { -v } else { v }));
    }
    Number::parse_literal(s).ok()
}

fn hex4(s: &[u8]) -> Option<u32> {
    let mut v = 0;
    for &b in s.get(..4)? {
        v = v * 16 + (b as char).to_digit(16)?;
    }
    Some(v)
}

impl<'a> Parser<'a> {
    pub(crate) fn new(
        src: &'a [u8],
        text: &'a str,
        invalid_utf8: &'a [u32],
        max_depth: usize,
    ) -> Parser<'a> {
        Parser {
            lex: Lexer {
                src,
                pos: 0,
                stopped: false,
            },
            text,
            invalid_utf8,
            peeked: None,
            tree: Tree {
                // Generous estimates: memory reserved and not used is never
                // touched.
                nodes: Vec::with_capacity(src.len() / 8),
                props: Vec::with_capacity(src.len() / 16),
                items: Vec::with_capacity(src.len() / 32),
                ..Tree::default()
            },
            diags: Vec::new(),
            stack: Vec::new(),
            scratch_props: Vec::new(),
            scratch_items: Vec::new(),
            max_depth,
            too_deep: false,
        }
    }

    fn peek(&mut self) -> Token {
        match self.peeked {
            Some(t) => t,
            None => {
                let t = self.lex.next();
                self.peeked = Some(t);
                t
            }
        }
    }

    /// The next token, consumed (the end of input is never consumed).
    fn read(&mut self) -> Token {
        let t = self.peek();
        if t.t != T::Eof {
            self.peeked = None;
        }
        t
    }

    fn push(&mut self, kind: Kind, span: Span) -> NodeId {
        let id = self.tree.nodes.len() as NodeId;
        self.tree.nodes.push(Node { kind, span });
        id
    }

    fn error(&mut self, summary: &'static str, detail: impl Into<Cow<'static, str>>, at: Span) {
        self.diags.push(RawDiag::new(summary, detail, at));
    }

    /// Parses one value and what follows it up to the end of input.
    pub(crate) fn parse(mut self, check_trailing: bool) -> Parsed {
        let value = self.parse_value();
        if value.is_some() && check_trailing && self.diags.is_empty() {
            let next = self.peek();
            if next.t != T::Eof {
                self.error(
                    "Extraneous data after value",
                    "Extra characters appear after the JSON value.",
                    next.span,
                );
            }
        }
        Parsed {
            tree: self.tree,
            value,
            diags: self.diags,
            too_deep: self.too_deep,
        }
    }

    fn parse_value(&mut self) -> Option<NodeId> {
        let mut next = Next::Value;
        loop {
            next = match next {
                Next::Value => self.start_value(),
                Next::Deliver(id) => {
                    if self.stack.is_empty() {
                        return Some(id);
                    }
                    self.deliver(id)
                }
                Next::Abort => return None,
            };
        }
    }

    /// Go's `parseValue`: a scalar is finished at once; an object or an
    /// array is opened.
    fn start_value(&mut self) -> Next {
        let tok = self.peek();
        match tok.t {
            T::BraceO | T::BrackO => {
                self.read();
                if self.stack.len() >= self.max_depth {
                    return self.too_deep(tok);
                }
                let object = tok.t == T::BraceO;
                self.stack.push(Frame {
                    state: if object {
                        State::ObjectTop
                    } else {
                        State::ArrayTop
                    },
                    open: tok.span,
                    mark: if object {
                        self.scratch_props.len()
                    } else {
                        self.scratch_items.len()
                    },
                    key: (Span::default(), NOT_ESCAPED),
                });
                self.top()
            }
            T::Number => {
                self.read();
                Next::Deliver(self.number(tok))
            }
            T::Str { .. } => {
                self.read();
                Next::Deliver(self.string_node(tok))
            }
            T::Keyword => {
                self.read();
                Next::Deliver(self.keyword(tok))
            }
            T::BraceC => {
                self.error("Missing JSON value", VALUE_START, tok.span);
                Next::Deliver(self.push(Kind::Invalid, tok.span))
            }
            T::BrackC => {
                self.error("Missing array element value", VALUE_START, tok.span);
                Next::Deliver(self.push(Kind::Invalid, tok.span))
            }
            T::Eof => {
                self.error("Missing value", "The JSON data ends prematurely.", tok.span);
                Next::Deliver(self.push(Kind::Invalid, tok.span))
            }
            _ => {
                self.error("Invalid start of value", VALUE_START, tok.span);
                Next::Deliver(self.push(Kind::Invalid, tok.span))
            }
        }
    }

    /// Nesting beyond the limit: one error, then the value is skipped by
    /// counting brackets; if it never closes, parsing stops.
    fn too_deep(&mut self, open: Token) -> Next {
        if !self.too_deep {
            self.too_deep = true;
            let detail = format!(
                "This value is nested more than {} levels deep, the limit for this parser.",
                self.max_depth
            );
            self.error("Nesting too deep", detail, open.span);
        }
        let mut level = 1usize;
        loop {
            let t = self.read();
            match t.t {
                T::BraceO | T::BrackO => level += 1,
                T::BraceC | T::BrackC => {
                    level -= 1;
                    if level == 0 {
                        return Next::Deliver(
                            self.push(Kind::Invalid, Span::new(open.span.start, t.span.end)),
                        );
                    }
                }
                T::Eof => {
                    self.stack.clear();
                    return Next::Abort;
                }
                _ => {}
            }
        }
    }

    /// The top of the loop of the innermost container.
    fn top(&mut self) -> Next {
        let Some(state) = self.stack.last().map(|f| f.state) else {
            return Next::Abort;
        };
        match state {
            State::ObjectTop => {
                if self.peek().t == T::BraceC {
                    let close = self.read();
                    return self.close(close.span);
                }
                if let Some(frame) = self.stack.last_mut() {
                    frame.state = State::ObjectKey;
                }
                Next::Value
            }
            State::ArrayTop => {
                if self.peek().t == T::BrackC {
                    let close = self.read();
                    return self.close(close.span);
                }
                if let Some(frame) = self.stack.last_mut() {
                    frame.state = State::ArrayValue;
                }
                Next::Value
            }
            _ => Next::Value,
        }
    }

    /// Gives a finished value to the innermost container.
    fn deliver(&mut self, id: NodeId) -> Next {
        let Some(frame) = self.stack.last() else {
            return Next::Abort;
        };
        match frame.state {
            State::ObjectKey => self.object_key(id),
            State::ObjectValue => self.object_value(id),
            State::ArrayValue => self.array_value(id),
            State::ObjectTop | State::ArrayTop => Next::Abort,
        }
    }

    fn object_key(&mut self, id: NodeId) -> Next {
        let node = self.tree.node(id);
        let Kind::String(escaped) = node.kind else {
            let start = match node.kind {
                Kind::Object(_) | Kind::Array(_) => Span::new(node.span.start, node.span.start + 1),
                _ => node.span,
            };
            self.error(
                "Invalid object property name",
                "A JSON object property name must be a string",
                start,
            );
            return self.fail();
        };
        // The name lives on in the property, not as a node.
        if id as usize + 1 == self.tree.nodes.len() {
            self.tree.nodes.pop();
        }
        let colon = self.read();
        if colon.t != T::Colon {
            self.recover_object(colon);
            let (summary, detail) = match colon.t {
                T::BraceC | T::Comma => (
                    "Missing object value",
                    "A JSON object attribute must have a value, introduced by a colon.",
                ),
                T::Equals => (
                    "Missing property value colon",
                    "JSON uses a colon as its name/value delimiter, not an equals sign.",
                ),
                _ => (
                    "Missing property value colon",
                    "A colon must appear between an object property's name and its value.",
                ),
            };
            self.error(summary, detail, colon.span);
            return self.fail();
        }
        if let Some(frame) = self.stack.last_mut() {
            frame.key = (node.span, escaped);
            frame.state = State::ObjectValue;
        }
        Next::Value
    }

    fn object_value(&mut self, id: NodeId) -> Next {
        if let Some(frame) = self.stack.last() {
            self.scratch_props.push(Prop {
                name: frame.key.0,
                escaped: frame.key.1,
                value: id,
            });
        }
        let next = self.peek();
        match next.t {
            T::Comma => {
                let comma = self.read();
                if self.peek().t == T::BraceC {
                    self.error(
                        "Trailing comma in object",
                        "JSON does not permit a trailing comma after the final property in an object.",
                        comma.span,
                    );
                    return self.fail();
                }
                if let Some(frame) = self.stack.last_mut() {
                    frame.state = State::ObjectKey;
                }
                Next::Value
            }
            T::Eof => {
                let open = self.stack.last().map(|f| f.open).unwrap_or_default();
                self.error(
                    "Unclosed object",
                    "No closing brace was found for this JSON object.",
                    open,
                );
                self.fail()
            }
            T::BrackC => {
                self.read();
                let at = self.peek().span;
                self.error(
                    "Mismatched braces",
                    "A JSON object must be closed with a brace, not a bracket.",
                    at,
                );
                self.fail()
            }
            T::BraceC => {
                let close = self.read();
                self.close(close.span)
            }
            _ => {
                let t = self.read();
                self.recover_object(t);
                let at = self.peek().span;
                self.error(
                    "Missing attribute seperator comma",
                    "A comma must appear between each property definition in an object.",
                    at,
                );
                self.fail()
            }
        }
    }

    fn array_value(&mut self, id: NodeId) -> Next {
        self.scratch_items.push(id);
        let next = self.peek();
        let (summary, detail) = match next.t {
            T::Comma => {
                let comma = self.read();
                if self.peek().t == T::BrackC {
                    self.error(
                        "Trailing comma in array",
                        "JSON does not permit a trailing comma after the final value in an array.",
                        comma.span,
                    );
                    return self.fail();
                }
                return Next::Value;
            }
            T::BrackC => {
                let close = self.read();
                return self.close(close.span);
            }
            T::Colon => (
                "Invalid array value",
                "A colon is not used to introduce values in a JSON array.",
            ),
            T::Eof => {
                let t = self.read();
                self.recover_array(t);
                let open = self.stack.last().map(|f| f.open).unwrap_or_default();
                self.error(
                    "Unclosed object",
                    "No closing bracket was found for this JSON array.",
                    open,
                );
                return self.fail();
            }
            T::BraceC => (
                "Mismatched brackets",
                "A JSON array must be closed with a bracket, not a brace.",
            ),
            _ => (
                "Missing attribute seperator comma",
                "A comma must appear between each value in an array.",
            ),
        };
        let t = self.read();
        self.recover_array(t);
        let at = self.peek().span;
        self.error(summary, detail, at);
        self.fail()
    }

    /// Go's `recover` of an object: reads up to the first closing brace
    /// that brings the count of braces back to one (or to the end).
    fn recover_object(&mut self, mut tok: Token) {
        let mut open = 1i64;
        loop {
            match tok.t {
                T::BraceO => open += 1,
                T::BraceC => {
                    open -= 1;
                    if open <= 1 {
                        return;
                    }
                }
                T::Eof => return,
                _ => {}
            }
            tok = self.read();
        }
    }

    /// Go's `recover` of an array, with brackets.
    fn recover_array(&mut self, mut tok: Token) {
        let mut open = 1i64;
        loop {
            match tok.t {
                T::BrackO => open += 1,
                T::BrackC => {
                    open -= 1;
                    if open <= 1 {
                        return;
                    }
                }
                T::Eof => return,
                _ => {}
            }
            tok = self.read();
        }
    }

    /// Closes the innermost container at its closing bracket.
    fn close(&mut self, close: Span) -> Next {
        let Some(frame) = self.stack.pop() else {
            return Next::Abort;
        };
        let span = Span::new(frame.open.start, close.end);
        let kind = if matches!(frame.state, State::ObjectTop | State::ObjectValue) {
            let start = self.tree.props.len() as u32;
            let entries = self.scratch_props.get(frame.mark..).unwrap_or(&[]);
            self.tree.props.extend_from_slice(entries);
            let len = self.scratch_props.len().saturating_sub(frame.mark) as u32;
            self.scratch_props.truncate(frame.mark);
            Kind::Object(List { start, len })
        } else {
            let start = self.tree.items.len() as u32;
            let entries = self.scratch_items.get(frame.mark..).unwrap_or(&[]);
            self.tree.items.extend_from_slice(entries);
            let len = self.scratch_items.len().saturating_sub(frame.mark) as u32;
            self.scratch_items.truncate(frame.mark);
            Kind::Array(List { start, len })
        };
        Next::Deliver(self.push(kind, span))
    }

    /// Abandons the innermost container after an error: it becomes an
    /// invalid value at its opening bracket (Go's `invalidVal`).
    fn fail(&mut self) -> Next {
        let Some(frame) = self.stack.pop() else {
            return Next::Abort;
        };
        if matches!(
            frame.state,
            State::ObjectTop | State::ObjectKey | State::ObjectValue
        ) {
            self.scratch_props.truncate(frame.mark);
        } else {
            self.scratch_items.truncate(frame.mark);
        }
        Next::Deliver(self.push(Kind::Invalid, frame.open))
    }

    fn number(&mut self, tok: Token) -> NodeId {
        let text = self
            .text
            .get(tok.span.start as usize..tok.span.end as usize)
            .unwrap_or("");
        if !is_json_number(text.as_bytes()) {
            self.error(
                "Invalid JSON number",
                "There is a syntax error in the given JSON number.",
                tok.span,
            );
            return self.push(Kind::Invalid, tok.span);
        }
        match number_value(text) {
            Some(n) => {
                let index = self.tree.numbers.len() as u32;
                self.tree.numbers.push(n);
                self.push(Kind::Number(index), tok.span)
            }
            None => {
                self.error(
                    "Invalid JSON number",
                    "This number is beyond the range of HCL numbers: integers of at most 65,536 bits, and other numbers with a binary exponent of at most 2^20 in magnitude.",
                    tok.span,
                );
                self.push(Kind::Invalid, tok.span)
            }
        }
    }

    fn keyword(&mut self, tok: Token) -> NodeId {
        let text = self
            .text
            .get(tok.span.start as usize..tok.span.end as usize)
            .unwrap_or("");
        let kind = match text {
            "true" => Kind::Bool(true),
            "false" => Kind::Bool(false),
            "null" => Kind::Null,
            "undefined" | "NaN" | "Infinity" => {
                let detail = format!(
                    "The JavaScript identifier {} cannot be used in JSON.",
                    go_quote(text)
                );
                self.error("Invalid JSON keyword", detail, tok.span);
                Kind::Invalid
            }
            _ => {
                let hint = suggestion(text, ["false", "true", "null"])
                    .map(|s| format!(" Did you mean {}?", go_quote(s)))
                    .unwrap_or_default();
                let detail = format!("{} is not a valid JSON keyword.{hint}", go_quote(text));
                self.error("Invalid JSON keyword", detail, tok.span);
                Kind::Invalid
            }
        };
        self.push(kind, tok.span)
    }

    fn string_node(&mut self, tok: Token) -> NodeId {
        match self.string(tok) {
            Ok(escaped) => self.push(Kind::String(escaped), tok.span),
            Err(d) => {
                self.diags.push(d);
                self.push(Kind::Invalid, tok.span)
            }
        }
    }

    /// The first byte that is not valid UTF-8 in `from..to`, if any.
    fn first_invalid(&self, from: u32, to: u32) -> Option<u32> {
        let i = self.invalid_utf8.partition_point(|&o| o < from);
        self.invalid_utf8.get(i).copied().filter(|&o| o < to)
    }

    fn invalid_utf8_error(at: u32, token: Span) -> RawDiag {
        RawDiag {
            context: Some(token),
            ..RawDiag::new(
                "Invalid JSON string",
                "The string contains a byte that is not valid UTF-8. JSON text must be encoded in UTF-8.",
                Span::new(at, at + 1),
            )
        }
    }

    /// Checks and decodes a string token: [`NOT_ESCAPED`] when its text is
    /// the source between its quotes, else the index of its decoded text.
    fn string(&mut self, tok: Token) -> Result<u32, RawDiag> {
        let T::Str {
            terminated,
            escaped,
        } = tok.t
        else {
            return Err(RawDiag::new("Invalid JSON string", STRING_SYNTAX, tok.span));
        };
        let start = tok.span.start + 1;
        let end = if terminated {
            tok.span.end - 1
        } else {
            tok.span.end
        };
        let unterminated = || RawDiag {
            one_column: true,
            context: Some(tok.span),
            ..RawDiag::new("Invalid JSON string", STRING_SYNTAX, Span::at(tok.span.end))
        };
        if !escaped {
            if let Some(at) = self.first_invalid(start, end) {
                return Err(Self::invalid_utf8_error(at, tok.span));
            }
            return if terminated {
                Ok(NOT_ESCAPED)
            } else {
                Err(unterminated())
            };
        }
        let src = self.lex.src;
        let text = self.text;
        let out_start = self.tree.decoded.len();
        let mut i = start as usize;
        let end = end as usize;
        let mut run = i;
        let result = loop {
            let Some(at) = src
                .get(i..end)
                .and_then(|rest| rest.iter().position(|&b| b == b'\\'))
                .map(|p| i + p)
            else {
                if let Some(bad) = self.first_invalid(i as u32, end as u32) {
                    break Err(Self::invalid_utf8_error(bad, tok.span));
                }
                self.tree.decoded.push_str(text.get(run..end).unwrap_or(""));
                break Ok(());
            };
            if let Some(bad) = self.first_invalid(i as u32, at as u32) {
                break Err(Self::invalid_utf8_error(bad, tok.span));
            }
            self.tree.decoded.push_str(text.get(run..at).unwrap_or(""));
            let bad_escape = |len: usize| RawDiag {
                context: Some(tok.span),
                ..RawDiag::new(
                    "Invalid JSON string",
                    STRING_SYNTAX,
                    Span::new(at as u32, (at + len).min(end) as u32),
                )
            };
            let Some(&c) = src.get(at + 1).filter(|_| at + 1 < end) else {
                break Err(unterminated());
            };
            let simple = match c {
                b'"' => Some('"'),
                b'\\' => Some('\\'),
                b'/' => Some('/'),
                b'b' => Some('\u{8}'),
                b'f' => Some('\u{c}'),
                b'n' => Some('\n'),
                b'r' => Some('\r'),
                b't' => Some('\t'),
                _ => None,
            };
            if let Some(ch) = simple {
                self.tree.decoded.push(ch);
                i = at + 2;
                run = i;
                continue;
            }
            if c != b'u' {
                let len = text
                    .get(at + 1..)
                    .and_then(|s| s.chars().next())
                    .map_or(1, char::len_utf8);
                break Err(bad_escape(1 + len));
            }
            // \uXXXX: the hex digits must be there (the closing quote of
            // the token, if reached, is not one).
            let hex_end = (at + 6).min(tok.span.end as usize);
            let digits = src.get(at + 2..hex_end).unwrap_or(&[]);
            if let Some(p) = digits.iter().position(|b| !b.is_ascii_hexdigit()) {
                break Err(bad_escape(2 + p));
            }
            let Some(unit) = hex4(digits) else {
                break Err(unterminated());
            };
            let mut next = at + 6;
            let ch = match unit {
                0xD800..=0xDBFF => {
                    // A high surrogate makes a pair with a following low
                    // one; anything else leaves it alone, as U+FFFD.
                    let low = if src.get(next) == Some(&b'\\') && src.get(next + 1) == Some(&b'u') {
                        src.get(next + 2..(next + 6).min(end)).and_then(hex4)
                    } else {
                        None
                    };
                    match low {
                        Some(low @ 0xDC00..=0xDFFF) => {
                            next += 6;
                            char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                        }
                        _ => None,
                    }
                }
                _ => char::from_u32(unit),
            };
            self.tree.decoded.push(ch.unwrap_or('\u{FFFD}'));
            i = next;
            run = i;
        };
        match result {
            Ok(()) if terminated => {
                let index = self.tree.escaped.len() as u32;
                self.tree
                    .escaped
                    .push((out_start as u32, self.tree.decoded.len() as u32));
                Ok(index)
            }
            Ok(()) => {
                self.tree.decoded.truncate(out_start);
                Err(unterminated())
            }
            Err(d) => {
                self.tree.decoded.truncate(out_start);
                Err(d)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_string_scan_finds_the_first_stop_byte() {
        let text = b"abcdefghijklmnopqrstuvwxyz\"";
        for stop in [b'"', b'\\', b'\n', 0u8, 0x1f] {
            for at in 0..text.len() {
                let mut t = text.to_vec();
                t[at] = stop;
                assert_eq!(skip_string_bytes(&t, 0), at, "{stop} at {at}");
            }
        }
        assert_eq!(skip_string_bytes("ééééé\x7f ~".as_bytes(), 0), 13);
        assert_eq!(skip_string_bytes(b"abc", 0), 3);
    }

    #[test]
    fn json_number_grammar() {
        for ok in [
            "0",
            "-0",
            "1",
            "10",
            "1.5",
            "1e5",
            "1E+5",
            "-1.25e-10",
            "123456",
        ] {
            assert!(is_json_number(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "", "-", "+1", "01", "1.", ".5", "1e", "1e+", "1.2.3", "--1", "1-", "0x1", "1e5e5",
        ] {
            assert!(!is_json_number(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn number_values_are_exact() {
        assert_eq!(number_value("-123"), Some(Number::from(-123)));
        assert_eq!(
            number_value("999999999999999999"),
            Some(Number::from(999_999_999_999_999_999i64))
        );
        assert_eq!(
            number_value("0.1").map(|n| n.to_string()),
            Some("0.1".to_owned())
        );
        assert!(number_value("1e99999999999").is_none());
    }
}
