//! Conversion between byte offsets and the protocol's positions (a line and
//! a character offset in UTF-16 code units, the protocol's default, or in
//! UTF-8 bytes when the client offers it).

use lsp_types::Position;

/// How a position's `character` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-16 code units (the protocol's default).
    Utf16,
    /// UTF-8 bytes.
    Utf8,
}

/// The start of each line of a text. Lines end at `\n`; a `\r` before it
/// belongs to the line, as the protocol counts it.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    /// The index of `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = Vec::with_capacity(text.len() / 32 + 1);
        starts.push(0);
        starts.extend(memchr_newlines(text.as_bytes()).map(|i| i + 1));
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    /// The position of a byte offset (clamped to the text, and moved back
    /// to a character boundary).
    pub fn position(&self, text: &str, offset: usize, encoding: Encoding) -> Position {
        let mut offset = offset.min(self.len);
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character = match encoding {
            Encoding::Utf8 => offset - start,
            Encoding::Utf16 => text[start..offset].chars().map(char::len_utf16).sum(),
        };
        Position::new(to_u32(line), to_u32(character))
    }

    /// The byte offset of a position. A line past the end gives the end of
    /// the text; a character past the end of its line gives the line's end
    /// (before its newline), as the protocol asks.
    pub fn offset(&self, text: &str, position: Position, encoding: Encoding) -> usize {
        let line = position.line as usize;
        let Some(&start) = self.starts.get(line) else {
            return self.len;
        };
        let end = self.starts.get(line + 1).map_or(self.len, |&next| next - 1);
        let line_text = &text[start..end];
        let line_text = line_text.strip_suffix('\r').unwrap_or(line_text);
        let want = position.character as usize;
        match encoding {
            Encoding::Utf8 => {
                let mut at = want.min(line_text.len());
                while !line_text.is_char_boundary(at) {
                    at -= 1;
                }
                start + at
            }
            Encoding::Utf16 => {
                let mut units = 0;
                for (i, c) in line_text.char_indices() {
                    if units >= want {
                        return start + i;
                    }
                    units += c.len_utf16();
                }
                start + line_text.len()
            }
        }
    }
}

fn memchr_newlines(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes
        .iter()
        .enumerate()
        .filter_map(|(i, &b)| (b == b'\n').then_some(i))
}

/// A count as the protocol's `u32`, saturating (a text of 4 GiB is far past
/// what an editor sends).
pub(crate) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_counts_surrogate_pairs_and_utf8_counts_bytes() {
        let text = "a = \"é😀x\"\nb = 1\n";
        let index = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(
            index.position(text, x, Encoding::Utf16),
            Position::new(0, 8)
        );
        assert_eq!(
            index.position(text, x, Encoding::Utf8),
            Position::new(0, 11)
        );
        assert_eq!(index.offset(text, Position::new(0, 8), Encoding::Utf16), x);
        assert_eq!(index.offset(text, Position::new(0, 11), Encoding::Utf8), x);
        let b = text.find('b').unwrap();
        assert_eq!(
            index.position(text, b, Encoding::Utf16),
            Position::new(1, 0)
        );
    }

    #[test]
    fn out_of_range_positions_clamp() {
        let text = "ab\r\ncd";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(text, Position::new(0, 99), Encoding::Utf16), 2);
        assert_eq!(index.offset(text, Position::new(9, 0), Encoding::Utf16), 6);
        assert_eq!(
            index.position(text, 99, Encoding::Utf16),
            Position::new(1, 2)
        );
        // Inside a multi-byte character: moved back to its start.
        let text = "é";
        let index = LineIndex::new(text);
        assert_eq!(index.position(text, 1, Encoding::Utf8), Position::new(0, 0));
        assert_eq!(index.offset(text, Position::new(0, 1), Encoding::Utf8), 0);
    }
}
