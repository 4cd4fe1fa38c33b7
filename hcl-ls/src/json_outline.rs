//! The structure of a `.hcl.json` file, read tolerantly (a half-typed
//! document still has its objects and property names): objects with their
//! properties' names and ranges, arrays, and scalars. What a property means
//! (an attribute, a block type, a label) depends on the schema; the
//! [`Path`] of a position says which properties lead to it, so that the
//! schema can be followed as the JSON syntax maps blocks: a block type's
//! value is an object (or an array of objects) whose keys are the labels,
//! one level per label, then the block's body.

use std::ops::Range;

use hcl_decode::schema::{BlockContent, Body, Schema};

/// How deep values nest before the outline stops descending.
const MAX_DEPTH: usize = 256;

/// A JSON value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// `{ "name": value, ... }`, with the range between the braces.
    Object(Vec<Property>, Range<usize>),
    /// `[ value, ... ]`.
    Array(Vec<Node>, Range<usize>),
    /// Anything else (a string, number, literal), or what could not be read.
    Scalar(Range<usize>),
}

impl Node {
    /// The byte range of the value.
    pub fn span(&self) -> Range<usize> {
        match self {
            Node::Object(_, span) | Node::Array(_, span) | Node::Scalar(span) => span.clone(),
        }
    }
}

/// One property of an object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    /// The name, unescaped.
    pub name: String,
    /// The bytes of the name, quotes included.
    pub name_span: Range<usize>,
    /// The value (a scalar with an empty range when it is missing).
    pub value: Node,
}

/// Reads a JSON text: its root value (an empty object when there is none).
pub fn parse(text: &str) -> Node {
    let mut reader = Reader {
        bytes: text.as_bytes(),
        text,
        at: 0,
    };
    reader.skip_blank();
    if reader.at >= reader.bytes.len() {
        return Node::Object(Vec::new(), 0..0);
    }
    reader.value(0)
}

struct Reader<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn skip_blank(&mut self) {
        while self.at < self.bytes.len() && self.bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn value(&mut self, depth: usize) -> Node {
        self.skip_blank();
        match self.peek() {
            Some(b'{') if depth < MAX_DEPTH => self.object(depth),
            Some(b'[') if depth < MAX_DEPTH => self.array(depth),
            Some(b'"') => {
                let start = self.at;
                self.string();
                Node::Scalar(start..self.at)
            }
            Some(b'{' | b'[') => {
                // Too deep: skipped as one scalar.
                let start = self.at;
                self.skip_nested();
                Node::Scalar(start..self.at)
            }
            _ => {
                let start = self.at;
                while let Some(b) = self.peek() {
                    if matches!(b, b',' | b'}' | b']' | b'"' | b':' | b'{' | b'[')
                        || b.is_ascii_whitespace()
                    {
                        break;
                    }
                    self.at += 1;
                }
                Node::Scalar(start..self.at)
            }
        }
    }

    /// Skips a nested value without reading it (past the depth limit),
    /// counting brackets outside strings.
    fn skip_nested(&mut self) {
        let mut depth = 0usize;
        while let Some(b) = self.peek() {
            match b {
                b'"' => {
                    self.string();
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.at += 1;
                        return;
                    }
                }
                _ => {}
            }
            self.at += 1;
        }
    }

    /// A string at the cursor: its unescaped text (the cursor moves past
    /// the closing quote, or to the end of the line when it is missing).
    fn string(&mut self) -> String {
        self.at += 1;
        let mut out = String::new();
        while let Some(b) = self.peek() {
            match b {
                b'"' => {
                    self.at += 1;
                    return out;
                }
                b'\n' => return out,
                b'\\' => {
                    self.at += 1;
                    match self.peek() {
                        Some(b'n') => out.push('\n'),
                        Some(b't') => out.push('\t'),
                        Some(b'r') => out.push('\r'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'u') => {
                            let hex = self.text.get(self.at + 1..self.at + 5);
                            if let Some(c) = hex
                                .and_then(|h| u32::from_str_radix(h, 16).ok())
                                .and_then(char::from_u32)
                            {
                                out.push(c);
                                self.at += 4;
                            }
                        }
                        Some(other) if other.is_ascii() => out.push(char::from(other)),
                        _ => continue,
                    }
                    self.at += 1;
                }
                _ => {
                    let rest = &self.text[self.at..];
                    let c = rest.chars().next().unwrap_or('\u{fffd}');
                    out.push(c);
                    self.at += c.len_utf8().max(1);
                }
            }
        }
        out
    }

    fn object(&mut self, depth: usize) -> Node {
        let open = self.at;
        self.at += 1;
        let mut properties = Vec::new();
        loop {
            self.skip_blank();
            match self.peek() {
                None => return Node::Object(properties, open + 1..self.at),
                Some(b'}') => {
                    let end = self.at;
                    self.at += 1;
                    return Node::Object(properties, open + 1..end);
                }
                Some(b',') => self.at += 1,
                Some(b'"') => {
                    let start = self.at;
                    let name = self.string();
                    let name_span = start..self.at;
                    self.skip_blank();
                    let value = if self.peek() == Some(b':') {
                        self.at += 1;
                        self.value(depth + 1)
                    } else {
                        Node::Scalar(self.at..self.at)
                    };
                    properties.push(Property {
                        name,
                        name_span,
                        value,
                    });
                }
                // Anything else: skipped, a byte at a time, to the next
                // property or the end of the object.
                Some(_) => self.at += 1,
            }
        }
    }

    fn array(&mut self, depth: usize) -> Node {
        let open = self.at;
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.skip_blank();
            match self.peek() {
                None => return Node::Array(items, open..self.at),
                Some(b']') => {
                    self.at += 1;
                    return Node::Array(items, open..self.at);
                }
                Some(b',') => self.at += 1,
                Some(b'}') => return Node::Array(items, open..self.at),
                Some(_) => {
                    let before = self.at;
                    items.push(self.value(depth + 1));
                    if self.at == before {
                        self.at += 1;
                    }
                }
            }
        }
    }
}

/// What an object of the document is in the schema's terms.
#[derive(Clone, Copy, Debug)]
pub enum Meaning<'s> {
    /// A body: its properties are attributes and block types.
    Body(&'s Body),
    /// The value of a block type with labels left to give: its keys are
    /// labels.
    Labels,
    /// An attribute's value, or something the schema does not describe.
    Value,
}

/// The objects that contain a byte offset, outermost first, each with its
/// meaning; the innermost one's properties are what completion offers.
pub fn objects_at<'n, 's>(
    root: &'n Node,
    schema: &'s Schema,
    offset: usize,
) -> Vec<(&'n [Property], Meaning<'s>)> {
    let mut out = Vec::new();
    let mut node = root;
    let mut meaning = Meaning::Body(&schema.body);
    // Labels still to give before the body of the block being read.
    let mut pending: Option<(&'s hcl_decode::schema::BlockType, usize)> = None;
    loop {
        match node {
            Node::Object(properties, span) if span.start <= offset && offset <= span.end => {
                out.push((properties.as_slice(), meaning));
                let Some(inside) = properties.iter().find(|p| {
                    let s = p.value.span();
                    s.start <= offset && offset <= s.end && !matches!(p.value, Node::Scalar(_))
                }) else {
                    return out;
                };
                (meaning, pending) = step(meaning, pending, &inside.name);
                node = &inside.value;
            }
            Node::Array(items, span) if span.start <= offset && offset <= span.end => {
                // An array of blocks (or of values): the same meaning for
                // each element.
                let Some(item) = items.iter().find(|i| {
                    let s = i.span();
                    s.start <= offset && offset <= s.end
                }) else {
                    return out;
                };
                node = item;
            }
            _ => return out,
        }
    }
}

/// The meaning of a property's value, from the meaning of its object.
fn step<'s>(
    meaning: Meaning<'s>,
    pending: Option<(&'s hcl_decode::schema::BlockType, usize)>,
    name: &str,
) -> (
    Meaning<'s>,
    Option<(&'s hcl_decode::schema::BlockType, usize)>,
) {
    match (meaning, pending) {
        (Meaning::Body(body), _) => {
            if let Some(block) = body.block(name) {
                enter(block, 0, None)
            } else {
                (Meaning::Value, None)
            }
        }
        (Meaning::Labels, Some((block, given))) => {
            let first = if given == 0 { Some(name) } else { None };
            enter(block, given + 1, first)
        }
        _ => (Meaning::Value, None),
    }
}

/// A block type's value after `given` labels (the first of them `first`).
fn enter<'s>(
    block: &'s hcl_decode::schema::BlockType,
    given: usize,
    first: Option<&str>,
) -> (
    Meaning<'s>,
    Option<(&'s hcl_decode::schema::BlockType, usize)>,
) {
    if given < block.labels.len() {
        return (Meaning::Labels, Some((block, given)));
    }
    let body = match &block.content {
        BlockContent::Body(body) => Some(body),
        BlockContent::ByLabel { variants, .. } => first
            .and_then(|f| variants.iter().find(|v| v.name == f))
            .map(|v| &v.body),
    };
    match body {
        Some(body) => (Meaning::Body(body), None),
        None => (Meaning::Value, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(node: &Node) -> Vec<&str> {
        match node {
            Node::Object(props, _) => props.iter().map(|p| p.name.as_str()).collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn objects_arrays_and_escaped_names() {
        let src = r#"{"a": 1, "b\u0041": {"c": [1, {"d": true}]}, "e": "x\"y"}"#;
        let root = parse(src);
        assert_eq!(names(&root), ["a", "bA", "e"]);
        let Node::Object(props, _) = &root else {
            panic!()
        };
        assert_eq!(&src[props[1].name_span.clone()], r#""b\u0041""#);
        assert_eq!(&src[props[2].value.span()], r#""x\"y""#);
    }

    #[test]
    fn half_typed_documents_keep_their_properties() {
        let src = "{\n  \"name\": \"api\",\n  \"port\": 1\n  \"serv\n}";
        let root = parse(src);
        assert_eq!(names(&root), ["name", "port", "serv"]);
        assert!(matches!(parse(""), Node::Object(p, _) if p.is_empty()));
        assert!(matches!(parse("{\"a\": [1, 2"), Node::Object(p, _) if p.len() == 1));
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let depth = 100_000;
        let src = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert!(matches!(parse(&src), Node::Array(..)));
        let src = format!("{}{}", "{\"a\":".repeat(depth), "}".repeat(depth));
        assert!(matches!(parse(&src), Node::Object(..)));
    }
}
