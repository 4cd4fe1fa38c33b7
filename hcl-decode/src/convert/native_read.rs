//! The structure of a native-syntax file that parsed without errors:
//! attributes (name and expression text), blocks (type, labels, body) and
//! comments, in source order. A scan over the text, not a second parse:
//! expressions are kept as written, found by their end (a newline outside
//! brackets, strings and heredocs).

/// One item of a body.
#[derive(Debug)]
pub(super) enum Item<'a> {
    /// `name = expression`; the expression as written, and how many
    /// comments it holds.
    Attribute {
        name: &'a str,
        expr: &'a str,
        comments: usize,
    },
    /// A block with its labels (decoded) and its body.
    Block {
        type_name: &'a str,
        labels: Vec<String>,
        body: Vec<Item<'a>>,
    },
    /// A comment's text, without its markers.
    Comment(String),
}

/// Reads a file's items. `None` if the text is not what the scan expects
/// (which a file that parsed never is).
pub(super) fn read(src: &str) -> Option<Vec<Item<'_>>> {
    let mut r = Reader {
        s: src.as_bytes(),
        src,
        pos: 0,
        comments: 0,
        depth: 0,
    };
    let items = r.body()?;
    (r.pos >= r.s.len()).then_some(items)
}

struct Reader<'a> {
    s: &'a [u8],
    src: &'a str,
    pos: usize,
    /// The comments met inside the current expression.
    comments: usize,
    depth: usize,
}

/// Blocks nest at most this deep (the parser's own limit is the same
/// order).
const MAX_DEPTH: usize = 1024;

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn at(&self, text: &str) -> bool {
        self.s[self.pos.min(self.s.len())..].starts_with(text.as_bytes())
    }

    fn skip_blanks(&mut self) {
        while let Some(b' ' | b'\t' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    /// A comment at the position, if any: its text (markers and the
    /// newline of a line comment excluded).
    fn comment(&mut self) -> Option<String> {
        let start = self.pos;
        if self.at("#") || self.at("//") {
            let from = start + if self.at("#") { 1 } else { 2 };
            let end = self.s[from..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(self.s.len(), |i| from + i);
            self.pos = end;
            Some(self.src[from..end].trim().to_owned())
        } else if self.at("/*") {
            let from = start + 2;
            let end = self.src[from..]
                .find("*/")
                .map_or(self.s.len(), |i| from + i);
            self.pos = (end + 2).min(self.s.len());
            Some(self.src[from..end].trim().to_owned())
        } else {
            None
        }
    }

    fn identifier(&mut self) -> Option<&'a str> {
        let start = self.pos;
        let rest = &self.src[start..];
        let mut chars = rest.char_indices();
        let (_, first) = chars.next()?;
        if !(first.is_alphabetic() || first == '_') {
            return None;
        }
        let len = chars
            .find(|(_, c)| !(c.is_alphanumeric() || *c == '_' || *c == '-'))
            .map_or(rest.len(), |(i, _)| i);
        self.pos += len;
        Some(&self.src[start..start + len])
    }

    fn body(&mut self) -> Option<Vec<Item<'a>>> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let mut items = Vec::new();
        loop {
            self.skip_blanks();
            match self.peek() {
                None => break,
                Some(b'\n') => self.pos += 1,
                Some(b'}') => break,
                Some(_) => {
                    if let Some(text) = self.comment() {
                        items.push(Item::Comment(text));
                        continue;
                    }
                    let name = self.identifier()?;
                    self.skip_blanks();
                    if self.peek() == Some(b'=') {
                        self.pos += 1;
                        self.comments = 0;
                        let expr = self.expression()?;
                        items.push(Item::Attribute {
                            name,
                            expr,
                            comments: self.comments,
                        });
                        self.skip_blanks();
                        if let Some(text) = self.comment() {
                            items.push(Item::Comment(text));
                        }
                    } else {
                        items.push(self.block(name)?);
                    }
                }
            }
        }
        self.depth -= 1;
        Some(items)
    }

    fn block(&mut self, type_name: &'a str) -> Option<Item<'a>> {
        let mut labels = Vec::new();
        loop {
            self.skip_blanks();
            match self.peek()? {
                b'{' => break,
                b'"' => {
                    let start = self.pos;
                    self.string()?;
                    labels.push(decode_label(&self.src[start + 1..self.pos - 1])?);
                }
                _ => labels.push(self.identifier()?.to_owned()),
            }
        }
        self.pos += 1;
        let body = self.body()?;
        if self.peek() != Some(b'}') {
            return None;
        }
        self.pos += 1;
        Some(Item::Block {
            type_name,
            labels,
            body,
        })
    }

    /// The expression from here to its end: a newline (or a comment, or
    /// the `}` of a one-line block) outside brackets, strings and
    /// heredocs. Comments inside are counted as lost.
    fn expression(&mut self) -> Option<&'a str> {
        self.skip_blanks();
        let start = self.pos;
        let mut stack: Vec<u8> = Vec::new();
        while let Some(b) = self.peek() {
            match b {
                b'\n' if stack.is_empty() => break,
                b'}' if stack.is_empty() => break,
                b'#' | b'/' if self.at("#") || self.at("//") || self.at("/*") => {
                    if stack.is_empty() {
                        break;
                    }
                    self.comment();
                    self.comments += 1;
                }
                b'(' | b'[' | b'{' => {
                    stack.push(b);
                    self.pos += 1;
                }
                b')' | b']' | b'}' => {
                    stack.pop();
                    self.pos += 1;
                }
                b'"' => self.string()?,
                b'<' if self.at("<<") && self.heredoc_start() => self.heredoc()?,
                _ => self.pos += 1,
            }
        }
        Some(self.src[start..self.pos].trim_end())
    }

    /// Whether `<<` here opens a heredoc (`<<ID` or `<<-ID` then a newline).
    fn heredoc_start(&self) -> bool {
        let rest = &self.s[self.pos + 2..];
        let rest = rest.strip_prefix(b"-").unwrap_or(rest);
        rest.first()
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
    }

    fn heredoc(&mut self) -> Option<()> {
        self.pos += 2;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let marker = self.identifier()?;
        let line_end = self.src[self.pos..].find('\n')? + self.pos;
        self.pos = line_end + 1;
        loop {
            let end = self.src[self.pos..]
                .find('\n')
                .map_or(self.s.len(), |i| self.pos + i);
            let line = &self.src[self.pos..end];
            if line.trim() == marker {
                // The expression goes on after the marker (its newline
                // ends it).
                self.pos = self.pos + line.len() - line.trim_start().len() + marker.len();
                return Some(());
            }
            if end >= self.s.len() {
                return None;
            }
            self.pos = end + 1;
        }
    }

    /// A quoted template, from its `"` to after its closing `"`, with the
    /// expressions of its interpolations and directives.
    fn string(&mut self) -> Option<()> {
        self.pos += 1;
        loop {
            match self.peek()? {
                b'\\' => self.pos += 2,
                b'"' => {
                    self.pos += 1;
                    return Some(());
                }
                c @ (b'$' | b'%') => {
                    let next = self.s.get(self.pos + 1).copied();
                    if next == Some(c) && self.s.get(self.pos + 2) == Some(&b'{') {
                        // `$${` and `%%{` are literal text.
                        self.pos += 3;
                    } else if next == Some(b'{') {
                        self.pos += 2;
                        self.interpolation()?;
                    } else {
                        self.pos += 1;
                    }
                }
                b'\n' => return None,
                _ => self.pos += 1,
            }
        }
    }

    /// The inside of `${ … }` or `%{ … }`, up to after its `}`.
    fn interpolation(&mut self) -> Option<()> {
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                b'{' | b'(' | b'[' => {
                    depth += 1;
                    self.pos += 1;
                }
                b'}' if depth == 0 => {
                    self.pos += 1;
                    return Some(());
                }
                b'}' | b')' | b']' => {
                    depth = depth.saturating_sub(1);
                    self.pos += 1;
                }
                b'"' => self.string()?,
                b'<' if self.at("<<") && self.heredoc_start() => self.heredoc()?,
                _ => self.pos += 1,
            }
        }
    }
}

/// A quoted label's text: the escapes of a quoted template.
fn decode_label(raw: &str) -> Option<String> {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            '"' => out.push('"'),
            '\\' => out.push('\\'),
            'u' => out.push(hex(&mut chars, 4)?),
            'U' => out.push(hex(&mut chars, 8)?),
            _ => return None,
        }
    }
    Some(out)
}

fn hex(chars: &mut std::str::Chars<'_>, n: usize) -> Option<char> {
    let digits: String = chars.take(n).collect();
    char::from_u32(u32::from_str_radix(&digits, 16).ok()?)
}

/// The end (after its `}`) of the interpolation or directive whose
/// content starts at `start` in a template's text.
pub(super) fn interpolation_end(text: &str, start: usize) -> Option<usize> {
    let mut r = Reader {
        s: text.as_bytes(),
        src: text,
        pos: start,
        comments: 0,
        depth: 0,
    };
    r.interpolation()?;
    Some(r.pos)
}

/// Whether `expr` is one quoted template and nothing else.
pub(super) fn is_one_string(expr: &str) -> bool {
    expr.starts_with('"') && string_end(expr, 0) == Some(expr.len())
}

/// The end (after its closing `"`) of the quoted template at `start`.
pub(super) fn string_end(text: &str, start: usize) -> Option<usize> {
    let mut r = Reader {
        s: text.as_bytes(),
        src: text,
        pos: start,
        comments: 0,
        depth: 0,
    };
    r.string()?;
    Some(r.pos)
}
