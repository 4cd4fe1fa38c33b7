//! Diagnostics as the Go tool prints them: the text writer of the HCL
//! version Debian packages (`hcl.NewDiagnosticTextWriter`, v2.14): the
//! severity and summary, `on FILE line N, in BLOCK:`, the source lines the
//! subject and context cover (no carets; the subject underlined in bold
//! when colour is on), then the detail word-wrapped to the width.

use std::collections::HashMap;
use std::sync::Arc;

use hcl_core::native::ParsedFile;
use hcl_core::{Diagnostic, Range, Severity};

/// Writes diagnostics, knowing the files parsed so far.
#[derive(Debug)]
pub struct DiagWriter {
    width: usize,
    color: bool,
    files: HashMap<String, (Arc<ParsedFile>, Vec<u8>)>,
}

impl DiagWriter {
    /// A writer wrapping details at `width` characters (0: no wrapping),
    /// with VT100 colours when `color`.
    pub fn new(width: usize, color: bool) -> DiagWriter {
        DiagWriter {
            width,
            color,
            files: HashMap::new(),
        }
    }

    /// Registers a parsed file under its name, with its bytes as read.
    pub fn add_file(&mut self, name: &str, file: Arc<ParsedFile>, src: Vec<u8>) {
        self.files.insert(name.to_owned(), (file, src));
    }

    /// Whether a file of this name was parsed already.
    pub fn has_file(&self, name: &str) -> bool {
        self.files.contains_key(name)
    }

    /// Renders one diagnostic.
    pub fn write(&self, out: &mut Vec<u8>, d: &Diagnostic) {
        let (color, highlight, reset) = match (self.color, d.severity) {
            (false, _) => ("", "", ""),
            (true, Severity::Error) => ("\x1b[31m", "\x1b[1;4m", "\x1b[0m"),
            (true, Severity::Warning) => ("\x1b[33m", "\x1b[1;4m", "\x1b[0m"),
        };
        let severity = match d.severity {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
        };
        out.extend_from_slice(format!("{color}{severity}{reset}: {}\n\n", d.summary).as_bytes());
        if let Some(subject) = &d.subject {
            let mut snip = match &d.context {
                Some(context) => range_over(subject, context),
                None => (subject.start.offset(), subject.end.offset()),
            };
            let mut mark = (subject.start.offset(), subject.end.offset());
            for r in [&mut snip, &mut mark] {
                if r.0 == r.1 {
                    r.1 += 1;
                }
            }
            match self.files.get(&*subject.filename) {
                None => out.extend_from_slice(
                    format!(
                        "  on {} line {}:\n  (source code not available)\n\n",
                        subject.filename, subject.start.line
                    )
                    .as_bytes(),
                ),
                Some((file, src)) => {
                    let context = context_string(file, subject.start.offset());
                    let context = match context {
                        Some(c) => format!(", in {c}"),
                        None => String::new(),
                    };
                    out.extend_from_slice(
                        format!(
                            "  on {} line {}{context}:\n",
                            subject.filename, subject.start.line
                        )
                        .as_bytes(),
                    );
                    for line in ScanLines::new(src) {
                        if !overlaps(line.range, snip) {
                            continue;
                        }
                        out.extend_from_slice(format!("{:>4}: ", line.number).as_bytes());
                        match overlap(line.range, mark) {
                            Some((s, e)) => {
                                out.extend_from_slice(&src[line.range.0..s]);
                                out.extend_from_slice(highlight.as_bytes());
                                out.extend_from_slice(&src[s..e]);
                                out.extend_from_slice(reset.as_bytes());
                                out.extend_from_slice(&src[e..line.range.1]);
                            }
                            None => out.extend_from_slice(line.text),
                        }
                        out.push(b'\n');
                    }
                    out.push(b'\n');
                }
            }
        }
        if !d.detail.is_empty() {
            let detail = match self.width {
                0 => d.detail.to_string(),
                w => wrap_string(&d.detail, w),
            };
            out.extend_from_slice(detail.as_bytes());
            out.extend_from_slice(b"\n\n");
        }
    }
}

/// Go's `RangeOver` on byte offsets (an empty range gives way to the other).
fn range_over(a: &Range, b: &Range) -> (usize, usize) {
    let (a, b) = (
        (a.start.offset(), a.end.offset()),
        (b.start.offset(), b.end.offset()),
    );
    if a.0 == a.1 {
        return b;
    }
    if b.0 == b.1 {
        return a;
    }
    (a.0.min(b.0), a.1.max(b.1))
}

fn contains(r: (usize, usize), offset: usize) -> bool {
    offset >= r.0 && offset < r.1
}

/// Go's `Range.Overlaps`: empty ranges overlap nothing.
fn overlaps(a: (usize, usize), b: (usize, usize)) -> bool {
    if a.0 == a.1 || b.0 == b.1 {
        return false;
    }
    contains(a, b.0) || contains(a, b.1) || contains(b, a.0) || contains(b, a.1)
}

/// Go's `Range.Overlap`, `None` when it is empty.
fn overlap(a: (usize, usize), b: (usize, usize)) -> Option<(usize, usize)> {
    if !overlaps(a, b) {
        return None;
    }
    let r = (a.0.max(b.0), a.1.min(b.1));
    (r.0 != r.1 && r.0 < r.1).then_some(r)
}

/// One line as Go's `RangeScanner` with `bufio.ScanLines` gives it.
struct Line<'a> {
    /// The line number: one more than the line breaks before it, where
    /// a lone `\r` counts as a break too (as Go counts positions).
    number: usize,
    /// The line without its `\n` and a `\r` before that.
    text: &'a [u8],
    /// The bytes of `text` in the source.
    range: (usize, usize),
}

struct ScanLines<'a> {
    src: &'a [u8],
    pos: usize,
    number: usize,
}

impl<'a> ScanLines<'a> {
    fn new(src: &'a [u8]) -> ScanLines<'a> {
        ScanLines {
            src,
            pos: 0,
            number: 1,
        }
    }
}

impl<'a> Iterator for ScanLines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        if self.pos >= self.src.len() {
            return None;
        }
        let rest = &self.src[self.pos..];
        let (advance, mut text) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, &rest[..i]),
            None => (rest.len(), rest),
        };
        if let [head @ .., b'\r'] = text {
            text = head;
        }
        let start = self.pos;
        let line = Line {
            number: self.number,
            text,
            range: (start, start + text.len()),
        };
        let advanced = &rest[..advance];
        let breaks = advanced
            .iter()
            .enumerate()
            .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && advanced.get(i + 1) != Some(&b'\n')))
            .count();
        self.number += breaks;
        self.pos += advance;
        Some(line)
    }
}

/// Go's `ContextString` for a native file: the header of the top-level
/// block containing the offset (`resource "a" "b"`).
fn context_string(file: &ParsedFile, offset: usize) -> Option<String> {
    file.context_string(offset)
}

/// `wordwrap.WrapString` (github.com/mitchellh/go-wordwrap): wraps at
/// white space so that lines stay within `limit` characters where words
/// allow.
pub fn wrap_string(s: &str, limit: usize) -> String {
    let mut out = String::with_capacity(s.len());
    let mut current = 0usize;
    let (mut word, mut space) = (String::new(), String::new());
    let (mut word_len, mut space_len) = (0usize, 0usize);
    for c in s.chars() {
        if c == '\n' {
            if word.is_empty() {
                if current + space_len <= limit {
                    out.push_str(&space);
                }
            } else {
                out.push_str(&space);
                out.push_str(&word);
                word.clear();
                word_len = 0;
            }
            space.clear();
            space_len = 0;
            out.push(c);
            current = 0;
        } else if c.is_whitespace() && c != '\u{a0}' {
            if space.is_empty() || !word.is_empty() {
                current += space_len + word_len;
                out.push_str(&space);
                out.push_str(&word);
                space.clear();
                space_len = 0;
                word.clear();
                word_len = 0;
            }
            space.push(c);
            space_len += 1;
        } else {
            word.push(c);
            word_len += 1;
            if current + word_len + space_len > limit && word_len < limit {
                out.push('\n');
                current = 0;
                space.clear();
                space_len = 0;
            }
        }
    }
    if word.is_empty() {
        if current + space_len <= limit {
            out.push_str(&space);
        }
    } else {
        out.push_str(&space);
        out.push_str(&word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_as_go_wordwrap() {
        assert_eq!(wrap_string("aaa bbb ccc", 7), "aaa bbb\nccc");
        assert_eq!(wrap_string("a very long line", 4), "a\nvery\nlong\nline");
        assert_eq!(wrap_string("x\n  y", 80), "x\n  y");
        assert_eq!(wrap_string("abcdefghij", 4), "abcdefghij");
    }

    #[test]
    fn lines_as_go_scans_them() {
        let lines: Vec<_> = ScanLines::new(b"a\r\nb\rc\n\nd")
            .map(|l| (l.number, l.text.to_vec(), l.range))
            .collect();
        assert_eq!(
            lines,
            [
                (1, b"a".to_vec(), (0, 1)),
                (2, b"b\rc".to_vec(), (3, 6)),
                (4, b"".to_vec(), (7, 7)),
                (5, b"d".to_vec(), (8, 9)),
            ]
        );
    }
}
