//! Source positions and ranges.
//!
//! A [`Pos`] is a byte offset with its 1-based line and column; a
//! [`Range`] is a file name with a start and an end position (the end is
//! exclusive). Columns count Unicode characters, starting at 1.
//!
//! ```
//! use hcl_core::{Pos, Range};
//!
//! let r = Range::new("main.hcl", Pos::new(4, 1, 5), Pos::new(9, 1, 10));
//! assert_eq!(r.to_string(), "main.hcl:1,5-10");
//! assert_eq!(r.slice("abc foo=1 bar"), Some("foo=1"));
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// A position in a source file: twelve bytes, so that a [`Range`] (and a
/// diagnostic, which holds two) stays small.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pos {
    /// Byte offset from the start of the file, starting at 0. The parsers
    /// refuse files of more than `u32::MAX` bytes, so every offset fits.
    pub byte: u32,
    /// Line number, starting at 1.
    pub line: u32,
    /// Column number in characters, starting at 1.
    pub column: u32,
}

impl Pos {
    /// A position from its byte offset, line and column. An offset past
    /// `u32::MAX` (which no parsed file has) is taken as `u32::MAX`.
    pub const fn new(byte: usize, line: u32, column: u32) -> Pos {
        let byte = if byte > u32::MAX as usize {
            u32::MAX
        } else {
            byte as u32
        };
        Pos { byte, line, column }
    }

    /// The byte offset as an index into the file's text.
    pub const fn offset(&self) -> usize {
        self.byte as usize
    }

    /// The first position of a file: byte 0, line 1, column 1.
    pub const fn start() -> Pos {
        Pos::new(0, 1, 1)
    }
}

impl PartialOrd for Pos {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Positions order by byte offset.
impl Ord for Pos {
    fn cmp(&self, other: &Self) -> Ordering {
        self.byte
            .cmp(&other.byte)
            .then(self.line.cmp(&other.line))
            .then(self.column.cmp(&other.column))
    }
}

/// A span of a source file, from `start` (inclusive) to `end` (exclusive).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Range {
    /// The file name as it was given to the parser.
    pub filename: Arc<str>,
    /// Where the range starts.
    pub start: Pos,
    /// Where the range ends (exclusive).
    pub end: Pos,
}

impl Range {
    /// A range of the named file.
    pub fn new(filename: impl Into<Arc<str>>, start: Pos, end: Pos) -> Range {
        Range {
            filename: filename.into(),
            start,
            end,
        }
    }

    /// An empty range at one position.
    pub fn at(filename: impl Into<Arc<str>>, pos: Pos) -> Range {
        Range::new(filename, pos, pos)
    }

    /// Whether the range covers no bytes.
    pub fn is_empty(&self) -> bool {
        self.start.byte >= self.end.byte
    }

    /// The number of bytes covered.
    pub fn len(&self) -> usize {
        self.end.byte.saturating_sub(self.start.byte) as usize
    }

    /// Whether `pos` lies within the range.
    pub fn contains(&self, pos: Pos) -> bool {
        pos.byte >= self.start.byte && pos.byte < self.end.byte
    }

    /// Whether the two ranges share at least one byte (an empty range
    /// overlaps a range that contains its position).
    pub fn overlaps(&self, other: &Range) -> bool {
        if self.filename != other.filename {
            return false;
        }
        if self.is_empty() {
            return other.contains(self.start) || self.start == other.start;
        }
        if other.is_empty() {
            return self.contains(other.start) || self.start == other.start;
        }
        self.start.byte < other.end.byte && other.start.byte < self.end.byte
    }

    /// The smallest range covering both (in the file of `self`).
    pub fn cover(&self, other: &Range) -> Range {
        Range {
            filename: self.filename.clone(),
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The text of `source` within the range, if the range fits it.
    pub fn slice<'a>(&self, source: &'a str) -> Option<&'a str> {
        source.get(self.start.offset()..self.end.offset())
    }
}

/// Written as the Go implementation writes a range: `file:3,5-9` on one
/// line, `file:3,5-4,2` across lines.
impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start.line == self.end.line {
            write!(
                f,
                "{}:{},{}-{}",
                self.filename, self.start.line, self.start.column, self.end.column
            )
        } else {
            write!(
                f,
                "{}:{},{}-{},{}",
                self.filename, self.start.line, self.start.column, self.end.line, self.end.column
            )
        }
    }
}

impl fmt::Debug for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} (bytes {}..{})", self.start.byte, self.end.byte)
    }
}

impl PartialOrd for Range {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Ranges order by file name, then start, then end: source order.
impl Ord for Range {
    fn cmp(&self, other: &Self) -> Ordering {
        self.filename
            .cmp(&other.filename)
            .then(self.start.cmp(&other.start))
            .then(self.end.cmp(&other.end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(a: usize, b: usize) -> Range {
        Range::new(
            "f",
            Pos::new(a, 1, a as u32 + 1),
            Pos::new(b, 1, b as u32 + 1),
        )
    }

    #[test]
    fn pos_is_twelve_bytes_and_its_offset_an_index() {
        assert_eq!(std::mem::size_of::<Pos>(), 12);
        let p = Pos::new(7, 2, 3);
        assert_eq!((p.byte, p.offset()), (7, 7));
        assert_eq!(r(2, 5).slice("abcdefg"), Some("cde"));
        // No parsed file reaches past `u32::MAX` bytes.
        assert_eq!(Pos::new(usize::MAX, 1, 1).byte, u32::MAX);
    }

    #[test]
    fn range_display_single_and_multi_line() {
        assert_eq!(r(0, 3).to_string(), "f:1,1-4");
        let multi = Range::new("a.hcl", Pos::new(0, 1, 1), Pos::new(20, 3, 2));
        assert_eq!(multi.to_string(), "a.hcl:1,1-3,2");
    }

    #[test]
    fn range_overlap_and_cover() {
        assert!(r(0, 5).overlaps(&r(4, 8)));
        assert!(!r(0, 4).overlaps(&r(4, 8)));
        assert!(r(2, 2).overlaps(&r(0, 5)));
        assert_eq!(r(0, 2).cover(&r(5, 9)), r(0, 9));
    }

    #[test]
    fn range_slice_checks_bounds() {
        assert_eq!(r(1, 3).slice("abcd"), Some("bc"));
        assert_eq!(r(1, 9).slice("abcd"), None);
    }
}
