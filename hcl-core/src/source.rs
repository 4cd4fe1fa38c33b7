//! Source files: the text of one file with a line index, turning compact
//! byte spans into full [`Range`]s (line and column) only when asked.
//!
//! Syntax trees store [`Span`]s (two `u32` byte offsets); a diagnostic or
//! an API call that needs a [`Range`] asks the [`SourceFile`]. Columns count
//! grapheme clusters, starting at 1, as the Go implementation counts them
//! (a tab is one column).
//!
//! ```
//! use hcl_core::source::{SourceFile, Span};
//!
//! let file = SourceFile::new("main.hcl", "a = 1\nbé = 2\n");
//! let r = file.range(Span::new(9, 10));
//! assert_eq!(r.to_string(), "main.hcl:2,4-5");
//! assert_eq!(file.text_of(Span::new(6, 9)), "bé");
//! ```

use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

use crate::pos::{Pos, Range};

/// A span of bytes in one source file: `start..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// The first byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from its byte offsets.
    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// An empty span at one offset.
    pub const fn at(offset: u32) -> Span {
        Span::new(offset, offset)
    }

    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// The number of bytes covered.
    pub fn len(self) -> u32 {
        self.end.saturating_sub(self.start)
    }

    /// Whether no bytes are covered.
    pub fn is_empty(self) -> bool {
        self.end <= self.start
    }

    /// An empty span at the start.
    pub fn start_point(self) -> Span {
        Span::at(self.start)
    }

    /// An empty span at the end.
    pub fn end_point(self) -> Span {
        Span::at(self.end)
    }
}

/// The text of one source file, its name, and the offsets where its lines
/// start.
#[derive(Debug)]
pub struct SourceFile {
    name: Arc<str>,
    text: Arc<str>,
    line_starts: Vec<u32>,
}

impl SourceFile {
    /// Indexes a file. Text longer than `u32::MAX` bytes is the caller's
    /// to refuse (the parsers do, with a diagnostic).
    pub fn new(name: impl Into<Arc<str>>, text: impl Into<Arc<str>>) -> SourceFile {
        let text: Arc<str> = text.into();
        let mut line_starts = Vec::with_capacity(text.len() / 32 + 1);
        line_starts.push(0);
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push((i + 1) as u32);
            }
        }
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// The file name.
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The shared text.
    pub fn shared_text(&self) -> &Arc<str> {
        &self.text
    }

    /// The text of a span (empty if the span does not fit the text or cuts
    /// a character).
    pub fn text_of(&self, span: Span) -> &str {
        self.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }

    /// The position of a byte offset (clamped to the text).
    pub fn pos(&self, offset: u32) -> Pos {
        let offset = (offset as usize).min(self.text.len());
        let line_index = match self.line_starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let line_start = self.line_starts.get(line_index).copied().unwrap_or(0) as usize;
        let before = self
            .text
            .get(line_start..offset)
            .map_or_else(|| lossy_prefix(&self.text, line_start, offset), |s| s.graphemes(true).count());
        Pos::new(offset, (line_index + 1) as u32, (before + 1) as u32)
    }

    /// The range of a span.
    pub fn range(&self, span: Span) -> Range {
        let start = self.pos(span.start);
        let end = if span.end == span.start {
            start
        } else {
            self.pos(span.end)
        };
        Range::new(self.name.clone(), start, end)
    }

    /// The number of lines.
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

/// Counts graphemes up to `offset` when `offset` falls inside a character:
/// the count of the whole characters before it.
fn lossy_prefix(text: &str, line_start: usize, offset: usize) -> usize {
    let mut end = offset;
    while end > line_start && !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(line_start..end).map_or(0, |s| s.graphemes(true).count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_is_two_u32() {
        assert_eq!(std::mem::size_of::<Span>(), 8);
    }

    #[test]
    fn positions_count_lines_and_grapheme_columns() {
        let f = SourceFile::new("f", "ab\n\te\u{301}x\n");
        assert_eq!(f.pos(0), Pos::new(0, 1, 1));
        assert_eq!(f.pos(2), Pos::new(2, 1, 3));
        assert_eq!(f.pos(3), Pos::new(3, 2, 1));
        assert_eq!(f.pos(4), Pos::new(4, 2, 2));
        // "e" + combining accent is one grapheme cluster.
        assert_eq!(f.pos(7), Pos::new(7, 2, 3));
        assert_eq!(f.pos(9), Pos::new(9, 3, 1));
        assert_eq!(f.pos(1000), Pos::new(9, 3, 1));
    }

    #[test]
    fn position_inside_a_character_does_not_panic() {
        let f = SourceFile::new("f", "é");
        assert_eq!(f.pos(1).column, 1);
    }

    #[test]
    fn range_of_empty_span() {
        let f = SourceFile::new("f", "abc");
        assert_eq!(f.range(Span::at(1)).to_string(), "f:1,2-2");
    }
}
