//! Line and column positions of a JSON source, computed on demand.
//!
//! JSON is often minified: a whole file on one line. Counting grapheme
//! clusters from the start of the line for every position (as
//! [`crate::source::SourceFile`] does) would make the ranges of a long line
//! quadratic, so a long line gets, the first time a position on it is
//! asked for, a table of checkpoints (one cluster boundary every
//! [`STEP`] bytes, with the number of clusters before it); a position is
//! then counted from the nearest checkpoint. Nothing is indexed until a
//! position is asked for, so parsing pays nothing for it.
//!
//! The positions are the same as [`crate::source::SourceFile`] gives: a
//! column counts grapheme clusters from 1 (a tab is one column), and a
//! text that starts at `base` shifts byte offsets, lines and the columns
//! of its first line.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use unicode_segmentation::UnicodeSegmentation;

use crate::pos::{Pos, Range};
use crate::source::Span;

/// Lines at most this long are counted from their start.
const LONG: usize = 4096;

/// The distance between two checkpoints of a long line.
const STEP: usize = 1024;

/// One checkpoint: a cluster boundary (offset from the line start) and the
/// number of clusters before it.
type Checkpoint = (u32, u32);

/// The text of a JSON source with its name and its lazily built line index.
pub(crate) struct Lines {
    name: Arc<str>,
    text: Arc<str>,
    base: Pos,
    starts: OnceLock<Vec<u32>>,
    checkpoints: Mutex<HashMap<usize, Arc<[Checkpoint]>>>,
}

impl std::fmt::Debug for Lines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lines")
            .field("name", &self.name)
            .field("len", &self.text.len())
            .field("base", &self.base)
            .finish()
    }
}

/// The number of clusters in `s` (a fast path for ASCII, where each byte
/// is one: a `\r\n` pair cannot be inside one line's prefix).
fn clusters(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.graphemes(true).count()
    }
}

impl Lines {
    /// The index of `text`, which starts at `base` in its file.
    pub(crate) fn new(name: Arc<str>, text: Arc<str>, base: Pos) -> Lines {
        Lines {
            name,
            text,
            base: Pos::new(base.byte, base.line.max(1), base.column.max(1)),
            starts: OnceLock::new(),
            checkpoints: Mutex::new(HashMap::new()),
        }
    }

    pub(crate) fn name(&self) -> &Arc<str> {
        &self.name
    }

    pub(crate) fn text(&self) -> &Arc<str> {
        &self.text
    }

    pub(crate) fn base(&self) -> Pos {
        self.base
    }

    fn starts(&self) -> &[u32] {
        self.starts.get_or_init(|| {
            let bytes = self.text.as_bytes();
            let mut starts = Vec::with_capacity(1 + bytes.len() / 32);
            starts.push(0);
            starts.extend(
                bytes
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| b == b'\n')
                    .map(|(i, _)| i as u32 + 1),
            );
            starts
        })
    }

    /// The position of a byte offset of the text (clamped to the text, and
    /// moved back to the start of a character it falls inside).
    pub(crate) fn pos(&self, offset: u32) -> Pos {
        let mut offset = (offset as usize).min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let starts = self.starts();
        let index = match starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = starts.get(index).copied().unwrap_or(0) as usize;
        let before = if offset - start <= LONG {
            clusters(self.text.get(start..offset).unwrap_or(""))
        } else {
            self.count_long(index, start, offset)
        };
        let column = if index == 0 {
            self.base.column as usize + before
        } else {
            before + 1
        };
        Pos::new(
            self.base.byte + offset,
            self.base.line.saturating_add(index as u32),
            column as u32,
        )
    }

    /// The clusters before `offset` on a long line, from a checkpoint.
    fn count_long(&self, index: usize, start: usize, offset: usize) -> usize {
        let table = {
            let mut map = match self.checkpoints.lock() {
                Ok(m) => m,
                Err(poisoned) => poisoned.into_inner(),
            };
            map.entry(index)
                .or_insert_with(|| self.build_checkpoints(index, start))
                .clone()
        };
        let local = (offset - start) as u32;
        let at = match table.binary_search_by(|&(b, _)| b.cmp(&local)) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let (b, n) = table.get(at).copied().unwrap_or((0, 0));
        let from = start + b as usize;
        n as usize + clusters(self.text.get(from..offset).unwrap_or(""))
    }

    fn build_checkpoints(&self, index: usize, start: usize) -> Arc<[Checkpoint]> {
        let end = self
            .starts()
            .get(index + 1)
            .map_or(self.text.len(), |&e| e as usize);
        let line = self.text.get(start..end).unwrap_or("");
        let mut table = vec![(0u32, 0u32)];
        let mut next = STEP;
        for (count, (at, _)) in line.grapheme_indices(true).enumerate() {
            if at >= next {
                table.push((at as u32, count as u32));
                next = at + STEP;
            }
        }
        table.into()
    }

    /// The range of a span of the text.
    pub(crate) fn range(&self, span: Span) -> Range {
        let start = self.pos(span.start);
        let end = if span.end == span.start {
            start
        } else {
            self.pos(span.end)
        };
        Range::new(self.name.clone(), start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    fn check(text: &str, base: Pos) {
        let lines = Lines::new("f".into(), text.into(), base);
        let file = SourceFile::with_base("f", text, base);
        // Every offset of a short text; a sample of a long one (the
        // reference counts from the line start each time).
        let step = if text.len() > 2000 { 53 } else { 1 };
        for offset in (0..=text.len() as u32).step_by(step) {
            if text.is_char_boundary(offset as usize) {
                assert_eq!(lines.pos(offset), file.pos(offset), "offset {offset}");
            }
        }
    }

    #[test]
    fn positions_match_the_source_file() {
        check("ab\n\te\u{301}x\n{\"é\": 1}\r\n", Pos::start());
        check("ab\ncd", Pos::new(10, 3, 7));
        check("", Pos::start());
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
        check(&text, Pos::start());
    }

    #[test]
    fn offsets_inside_a_character_move_back() {
        let lines = Lines::new("f".into(), "é".into(), Pos::start());
        assert_eq!(lines.pos(1), Pos::new(0, 1, 1));
        assert_eq!(lines.pos(99), Pos::new(2, 1, 2));
    }
}
