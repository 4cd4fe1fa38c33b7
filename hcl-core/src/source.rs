//! Source files: the text of one file with a line index, turning compact
//! byte spans into full [`Range`]s (line and column) only when asked.
//!
//! Syntax trees store [`Span`]s (two `u32` byte offsets); a diagnostic or
//! an API call that needs a [`Range`] asks the [`SourceFile`]. Columns count
//! grapheme clusters, starting at 1, as the Go implementation counts them
//! (a tab is one column). Both syntaxes use it.
//!
//! A position is counted from the start of its line, except on a long
//! line (a minified JSON document is one): the first position asked for
//! far into a line (over 4 KiB from its start) builds a table of
//! checkpoints for that line (a cluster boundary every kilobyte, with the
//! number of clusters before it), and a position far into the line is
//! then counted from the nearest checkpoint before it, by
//! [`SourceFile::pos`] as by [`SourceFile::ranges`]. So a position on a
//! long line costs its distance from a checkpoint, not from the start of
//! the line, and the positions of many values on one line are not
//! quadratic in its length.
//!
//! ```
//! use hcl_core::{SourceFile, Span};
//!
//! let file = SourceFile::new("main.hcl", "a = 1\nbé = 2\n");
//! let r = file.range(Span::new(10, 11));
//! assert_eq!(r.to_string(), "main.hcl:2,4-5");
//! assert_eq!(file.text_of(Span::new(6, 9)), "bé");
//! ```

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

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

/// A position at most this many bytes after the start of its line is
/// counted from the start of the line; one further is counted from a
/// checkpoint of the line.
const LONG_LINE: usize = 4096;

/// The distance in bytes between two checkpoints of a long line.
const CHECKPOINT_STEP: usize = 1024;

/// The checkpoints of one long line: cluster boundaries (offsets from the
/// line start, the first 0) each with the number of clusters before it.
type Checkpoints = Box<[(u32, u32)]>;

/// The text of a source file: shared, or owned (taken from a caller's
/// `String` without copying it).
#[derive(Debug)]
enum Text {
    Shared(Arc<str>),
    Owned(String),
}

impl Text {
    #[inline]
    fn as_str(&self) -> &str {
        match self {
            Text::Shared(s) => s,
            Text::Owned(s) => s,
        }
    }
}

/// The text of one source file, its name, and the offsets where its lines
/// start.
///
/// The line index is built on first use (the first position or range
/// asked for), so that a parse that reports nothing never pays for it;
/// the checkpoints of a long line (see the documentation of `source.rs`)
/// are built the first time a position far into it is asked for.
///
/// A file may be a snippet of a larger one ([`SourceFile::with_base`]):
/// positions are then shifted by the snippet's base position, as the Go
/// implementation shifts them when given a start position.
#[derive(Debug)]
pub struct SourceFile {
    name: Arc<str>,
    text: Text,
    line_starts: OnceLock<Vec<u32>>,
    /// The checkpoints of the long lines asked about, by line index.
    checkpoints: Mutex<HashMap<usize, Checkpoints>>,
    base: Pos,
    /// The line of the last position asked for: decoders ask for positions
    /// in source order, so the next one is usually on it or the next line.
    last_line: AtomicUsize,
}

impl SourceFile {
    /// A file of this text. Text longer than `u32::MAX` bytes is the
    /// caller's to refuse (the parsers do, with a diagnostic).
    pub fn new(name: impl Into<Arc<str>>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: Text::Shared(text.into()),
            line_starts: OnceLock::new(),
            checkpoints: Mutex::new(HashMap::new()),
            last_line: AtomicUsize::new(0),
            base: Pos::start(),
        }
    }

    /// A file of this text, taking ownership of it (no copy is made, as
    /// `Arc<str>::from(String)` would make).
    pub fn from_string(name: impl Into<Arc<str>>, text: String) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: Text::Owned(text),
            line_starts: OnceLock::new(),
            checkpoints: Mutex::new(HashMap::new()),
            last_line: AtomicUsize::new(0),
            base: Pos::start(),
        }
    }

    /// The offsets where lines start (the first is 0), built on first use.
    fn line_starts(&self) -> &[u32] {
        self.line_starts
            .get_or_init(|| index_lines(self.text.as_str().as_bytes()))
    }

    /// Indexes a snippet that starts at `base` in a larger file: byte
    /// offsets and lines are shifted by it, and so are the columns of the
    /// snippet's first line.
    ///
    /// ```
    /// use hcl_core::Pos;
    /// use hcl_core::{SourceFile, Span};
    ///
    /// let file = SourceFile::with_base("main.hcl", "a.b\nc", Pos::new(100, 5, 10));
    /// assert_eq!(file.range(Span::new(2, 3)).to_string(), "main.hcl:5,12-13");
    /// assert_eq!(file.pos(4), Pos::new(104, 6, 1));
    /// ```
    pub fn with_base(
        name: impl Into<Arc<str>>,
        text: impl Into<Arc<str>>,
        base: Pos,
    ) -> SourceFile {
        SourceFile::new(name, text).based_at(base)
    }

    /// This file as a snippet starting at `base` (see
    /// [`SourceFile::with_base`]).
    pub fn based_at(mut self, base: Pos) -> SourceFile {
        self.base = Pos::new(base.offset(), base.line.max(1), base.column.max(1));
        self
    }

    /// The position of the snippet's first byte (the start of the file
    /// unless made with [`SourceFile::with_base`]).
    pub fn base(&self) -> Pos {
        self.base
    }

    /// The file name.
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }

    /// The whole text.
    #[inline]
    pub fn text(&self) -> &str {
        self.text.as_str()
    }

    /// The text of a span (empty if the span does not fit the text or cuts
    /// a character).
    pub fn text_of(&self, span: Span) -> &str {
        self.text()
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }

    /// The position of a byte offset (clamped to the text).
    pub fn pos(&self, offset: u32) -> Pos {
        let text = self.text();
        let line_starts = self.line_starts();
        let offset = (offset as usize).min(text.len());
        let on_line = |i: usize| {
            line_starts.get(i).is_some_and(|&s| s as usize <= offset)
                && line_starts.get(i + 1).is_none_or(|&s| offset < s as usize)
        };
        let hint = self.last_line.load(Ordering::Relaxed);
        let line_index = if on_line(hint) {
            hint
        } else if on_line(hint + 1) {
            hint + 1
        } else {
            match line_starts.binary_search(&(offset as u32)) {
                Ok(i) => i,
                Err(i) => i.saturating_sub(1),
            }
        };
        self.last_line.store(line_index, Ordering::Relaxed);
        let line_start = line_starts.get(line_index).copied().unwrap_or(0) as usize;
        let before = if offset - line_start <= LONG_LINE {
            text.get(line_start..offset)
                .map_or_else(|| lossy_prefix(text, line_start, offset), clusters)
        } else {
            // Far into a long line: from the checkpoint before it (a cut
            // character counts as in `lossy_prefix`).
            let mut end = offset;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let (from, counted) = self.checkpoint(line_index, line_start, end);
            counted + text.get(from..end).map_or(0, clusters)
        };
        self.shifted(offset, line_index, before)
    }

    /// The checkpoint of line `line_index` (which starts at `line_start`)
    /// nearest before `offset`: its offset in the text and the number of
    /// clusters on the line before it. The line's checkpoints are built
    /// the first time it is asked about.
    fn checkpoint(&self, line_index: usize, line_start: usize, offset: usize) -> (usize, usize) {
        let mut map = match self.checkpoints.lock() {
            Ok(map) => map,
            Err(poisoned) => poisoned.into_inner(),
        };
        let table = map
            .entry(line_index)
            .or_insert_with(|| self.build_checkpoints(line_index, line_start));
        let local = (offset - line_start) as u32;
        let at = table
            .partition_point(|&(b, _)| b <= local)
            .saturating_sub(1);
        let (b, n) = table.get(at).copied().unwrap_or((0, 0));
        (line_start + b as usize, n as usize)
    }

    /// The checkpoints of a line: a cluster boundary at least every
    /// [`CHECKPOINT_STEP`] bytes (the first at the line start).
    fn build_checkpoints(&self, line_index: usize, line_start: usize) -> Checkpoints {
        let text = self.text();
        let line_end = self
            .line_starts()
            .get(line_index + 1)
            .map_or(text.len(), |&e| e as usize);
        let line = text.get(line_start..line_end).unwrap_or("");
        let mut table = vec![(0u32, 0u32)];
        let mut next = CHECKPOINT_STEP;
        for (count, (at, _)) in line.grapheme_indices(true).enumerate() {
            if at >= next {
                table.push((at as u32, count as u32));
                next = at + CHECKPOINT_STEP;
            }
        }
        table.into_boxed_slice()
    }

    /// A position from a local offset, its line index and the number of
    /// grapheme clusters before it on its line.
    fn shifted(&self, offset: usize, line_index: usize, before: usize) -> Pos {
        let column = if line_index == 0 {
            self.base.column as usize + before
        } else {
            before + 1
        };
        Pos::new(
            self.base.offset() + offset,
            self.base.line.saturating_add(line_index as u32),
            column as u32,
        )
    }

    /// The ranges of many spans at once, in one sweep over the lines they
    /// touch: each line is segmented at most once, however many spans
    /// fall on it (so many diagnostics on one long line stay cheap).
    pub fn ranges(&self, spans: &[Span]) -> Vec<Range> {
        let text = self.text();
        let line_starts = self.line_starts();
        let mut offsets: Vec<(u32, usize)> = Vec::with_capacity(spans.len() * 2);
        for (i, s) in spans.iter().enumerate() {
            offsets.push((s.start, 2 * i));
            offsets.push((s.end, 2 * i + 1));
        }
        offsets.sort_unstable();
        let mut positions = vec![Pos::start(); offsets.len()];
        let mut current_line = usize::MAX;
        let mut line_start = 0usize;
        // Where the sweep of the current line starts: its start, or the
        // checkpoint before its first offset when that is far into it.
        let mut sweep_start = 0usize;
        let mut graphemes: Option<unicode_segmentation::GraphemeIndices<'_>> = None;
        let mut counted = 0usize;
        let mut pending: Option<usize> = None;
        for &(offset, slot) in &offsets {
            let offset = (offset as usize).min(text.len());
            let line_index = match line_starts.binary_search(&(offset as u32)) {
                Ok(i) => i,
                Err(i) => i.saturating_sub(1),
            };
            if line_index != current_line {
                current_line = line_index;
                line_start = line_starts.get(line_index).copied().unwrap_or(0) as usize;
                let line_end = line_starts
                    .get(line_index + 1)
                    .map_or(text.len(), |&e| e as usize);
                sweep_start = line_start;
                counted = 0;
                if offset - line_start > LONG_LINE {
                    let mut end = offset;
                    while !text.is_char_boundary(end) {
                        end -= 1;
                    }
                    (sweep_start, counted) = self.checkpoint(line_index, line_start, end);
                }
                graphemes = text
                    .get(sweep_start..line_end)
                    .map(|l| l.grapheme_indices(true));
                pending = None;
            }
            let local = offset - sweep_start;
            let before = match graphemes.as_mut() {
                Some(iter) => {
                    // Count the clusters that start before `local`.
                    loop {
                        let start = match pending {
                            Some(s) => s,
                            None => match iter.next() {
                                Some((s, _)) => {
                                    pending = Some(s);
                                    s
                                }
                                None => break,
                            },
                        };
                        if start < local {
                            counted += 1;
                            pending = None;
                        } else {
                            break;
                        }
                    }
                    counted
                }
                None => lossy_prefix(text, line_start, offset),
            };
            if let Some(p) = positions.get_mut(slot) {
                *p = self.shifted(offset, line_index, before);
            }
        }
        spans
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let start = positions.get(2 * i).copied().unwrap_or_default();
                let end = if s.end == s.start {
                    start
                } else {
                    positions.get(2 * i + 1).copied().unwrap_or_default()
                };
                Range::new(self.name.clone(), start, end)
            })
            .collect()
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
        self.line_starts().len()
    }
}

/// The stand-in for a byte of the input that is not part of valid UTF-8,
/// in the text of a [`SourceFile`]: a control character, one byte long
/// (so byte offsets are kept) and always a grapheme cluster of its own.
pub(crate) const INVALID_BYTE_STAND_IN: char = '\u{1A}';

/// The text of `src`, each byte that is not part of a valid UTF-8
/// sequence replaced by [`INVALID_BYTE_STAND_IN`], for both syntaxes'
/// parsers. `invalid` is called with the offset of each such byte, in
/// order (the JSON parser records them; the native one passes `|_| {}`).
pub(crate) fn sanitize(src: &[u8], mut invalid: impl FnMut(u32)) -> String {
    let mut out = String::with_capacity(src.len());
    let mut rest = src;
    let mut at = 0usize;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(valid).unwrap_or(""));
                at += valid.len();
                let bad = e.error_len().unwrap_or(after.len()).max(1).min(after.len());
                for i in 0..bad {
                    out.push(INVALID_BYTE_STAND_IN);
                    invalid((at + i) as u32);
                }
                at += bad;
                rest = after.get(bad..).unwrap_or(&[]);
                if rest.is_empty() {
                    break;
                }
            }
        }
    }
    out
}

/// The offsets where the lines of `bytes` start (the first is 0).
fn index_lines(bytes: &[u8]) -> Vec<u32> {
    // Count first (a loop the compiler vectorizes), so that the index is
    // allocated once at its exact size.
    let lines = bytes.iter().filter(|&&b| b == b'\n').count();
    let mut line_starts = Vec::with_capacity(lines + 1);
    line_starts.push(0);
    // Eight bytes at a time: most words hold no newline.
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const NEWLINES: u64 = ONES * b'\n' as u64;
    let mut words = bytes.chunks_exact(8);
    let mut at = 0usize;
    for word in words.by_ref() {
        let mut buf = [0u8; 8];
        buf.copy_from_slice(word);
        let x = u64::from_le_bytes(buf) ^ NEWLINES;
        if (x.wrapping_sub(ONES) & !x & HIGHS) != 0 {
            for (j, &b) in word.iter().enumerate() {
                if b == b'\n' {
                    line_starts.push((at + j + 1) as u32);
                }
            }
        }
        at += 8;
    }
    for (j, &b) in words.remainder().iter().enumerate() {
        if b == b'\n' {
            line_starts.push((at + j + 1) as u32);
        }
    }
    line_starts
}

/// The number of grapheme clusters of `s`, a prefix of a line: one per byte
/// when it is ASCII (it holds no newline, so no `\r\n` pair), a fast path
/// for the common case.
fn clusters(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.graphemes(true).count()
    }
}

/// Counts graphemes up to `offset` when `offset` falls inside a character:
/// the count of the whole characters before it.
fn lossy_prefix(text: &str, line_start: usize, offset: usize) -> usize {
    let mut end = offset;
    while end > line_start && !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(line_start..end)
        .map_or(0, |s| s.graphemes(true).count())
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
    fn batch_ranges_match_single_ranges() {
        let text = "ab\n\te\u{301}x y\nz\u{1F600}w\n\n";
        let f = SourceFile::new("f", text);
        let spans: Vec<Span> = (0..=text.len() as u32)
            .filter(|&i| text.is_char_boundary(i as usize))
            .flat_map(|i| {
                [
                    Span::new(i, i),
                    Span::new(i, (i + 1).min(text.len() as u32)),
                ]
            })
            .filter(|s| text.is_char_boundary(s.end as usize))
            .collect();
        let batch = f.ranges(&spans);
        for (s, r) in spans.iter().zip(batch) {
            assert_eq!(r, f.range(*s), "{s:?}");
        }
    }

    #[test]
    fn base_position_shifts_bytes_lines_and_first_line_columns() {
        let f = SourceFile::with_base("f", "ab\ncd", Pos::new(10, 3, 7));
        assert_eq!(f.pos(1), Pos::new(11, 3, 8));
        assert_eq!(f.pos(4), Pos::new(14, 4, 2));
        let r = f.ranges(&[Span::new(1, 4)]);
        assert_eq!(r[0], f.range(Span::new(1, 4)));
    }

    #[test]
    fn owned_text_gives_the_same_positions() {
        let text = "ab\n\te\u{301}x y\nz\n";
        let shared = SourceFile::new("f", text);
        let owned = SourceFile::from_string("f", text.to_owned()).based_at(Pos::new(3, 2, 4));
        let based = SourceFile::with_base("f", text, Pos::new(3, 2, 4));
        assert_eq!(owned.text(), shared.text());
        assert_eq!(owned.line_count(), 4);
        for i in 0..=text.len() as u32 {
            assert_eq!(owned.pos(i), based.pos(i));
        }
        let spans = [Span::new(0, 2), Span::new(4, 9), Span::at(12)];
        assert_eq!(owned.ranges(&spans), based.ranges(&spans));
    }

    #[test]
    fn sanitize_replaces_each_invalid_byte_and_reports_its_offset() {
        let mut invalid = Vec::new();
        let text = sanitize(b"a\xffb\xe2\x82c\xf0\x9f\x98", |at| invalid.push(at));
        assert_eq!(text, "a\u{1A}b\u{1A}\u{1A}c\u{1A}\u{1A}\u{1A}");
        assert_eq!(text.len(), 9);
        assert_eq!(invalid, [1, 3, 4, 6, 7, 8]);
        assert_eq!(sanitize("é".as_bytes(), |_| unreachable!()), "é");
    }

    /// The position of `offset` (a character boundary) counted the plain
    /// way, from the start of its line.
    fn counted_from_line_start(text: &str, base: Pos, offset: u32) -> Pos {
        let offset = (offset as usize).min(text.len());
        let bytes = text.as_bytes();
        let line_start = bytes[..offset]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line_index = bytes[..line_start].iter().filter(|&&b| b == b'\n').count();
        let before = text[line_start..offset].graphemes(true).count();
        let column = if line_index == 0 {
            base.column as usize + before
        } else {
            before + 1
        };
        Pos::new(
            base.offset() + offset,
            base.line + line_index as u32,
            column as u32,
        )
    }

    /// Checks every position of a short text, a sample of a long one,
    /// against [`counted_from_line_start`], and the batch ranges against
    /// the single ones.
    fn check_positions(text: &str, base: Pos) {
        let file = SourceFile::with_base("f", text, base);
        let base = file.base();
        let step = if text.len() > 2000 { 53 } else { 1 };
        let offsets: Vec<u32> = (0..=text.len() as u32)
            .step_by(step)
            .filter(|&o| text.is_char_boundary(o as usize))
            .collect();
        let expected: Vec<Pos> = offsets
            .iter()
            .map(|&o| counted_from_line_start(text, base, o))
            .collect();
        for (&offset, want) in offsets.iter().zip(&expected) {
            assert_eq!(file.pos(offset), *want, "offset {offset}");
        }
        // Out of order too (the remembered line is then no help).
        for (&offset, want) in offsets.iter().zip(&expected).rev() {
            assert_eq!(file.pos(offset), *want, "offset {offset}");
        }
        let spans: Vec<Span> = offsets.windows(2).map(|w| Span::new(w[0], w[1])).collect();
        let fresh = SourceFile::with_base("f", text, base);
        let batch = fresh.ranges(&spans);
        for (s, r) in spans.iter().zip(batch) {
            assert_eq!(r, file.range(*s), "{s:?}");
        }
    }

    #[test]
    fn positions_are_counted_from_the_line_start() {
        check_positions("ab\n\te\u{301}x\n{\"é\": 1}\r\n", Pos::start());
        check_positions("ab\ncd", Pos::new(10, 3, 7));
        check_positions("", Pos::start());
    }

    #[test]
    fn long_lines_use_checkpoints_and_agree() {
        let mut text = String::new();
        for i in 0..3000 {
            text.push_str(if i % 7 == 0 {
                "e\u{301}🇫🇷🇩🇪"
            } else {
                "{\"a\":1},"
            });
        }
        text.push('\n');
        text.push_str(&"x".repeat(10_000));
        check_positions(&text, Pos::start());

        // Only the long lines asked about far from their start have
        // checkpoints.
        let file = SourceFile::new(
            "f",
            format!("{}\nab\n{}", "x".repeat(5000), "y".repeat(5000)),
        );
        assert_eq!(file.pos(4999).column, 5000);
        assert_eq!(file.pos(5002).column, 2);
        let lines_with_checkpoints = |f: &SourceFile| {
            let mut lines: Vec<usize> = f.checkpoints.lock().unwrap().keys().copied().collect();
            lines.sort_unstable();
            lines
        };
        assert_eq!(lines_with_checkpoints(&file), [0]);
        assert_eq!(file.pos(5004 + 4097).column, 4098);
        assert_eq!(lines_with_checkpoints(&file), [0, 2]);
    }

    #[test]
    fn position_inside_a_character_far_into_a_long_line() {
        let text = format!("{}é", "x".repeat(5000));
        let file = SourceFile::new("f", text.as_str());
        // As on a short line: the whole characters before it.
        assert_eq!(file.pos(5001), Pos::new(5001, 1, 5001));
        assert_eq!(SourceFile::new("f", "xé").pos(2), Pos::new(2, 1, 2));
        assert_eq!(
            file.range(Span::new(5001, 5002)).end,
            Pos::new(5002, 1, 5002)
        );
    }

    #[test]
    fn range_of_empty_span() {
        let f = SourceFile::new("f", "abc");
        assert_eq!(f.range(Span::at(1)).to_string(), "f:1,2-2");
    }
}
