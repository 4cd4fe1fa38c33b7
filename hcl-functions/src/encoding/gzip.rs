//! A minimal gzip writer (RFC 1952): deflate stored blocks (RFC 1951,
//! section 3.2.4) and the CRC-32 trailer.

fn crc32(data: &[u8]) -> u32 {
    let mut table = [0u32; 256];
    for (i, entry) in table.iter_mut().enumerate() {
        let mut c = i as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
        *entry = c;
    }
    let mut crc = !0u32;
    for &b in data {
        crc = table[((crc ^ u32::from(b)) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
}

/// `data` as a gzip stream of stored deflate blocks.
pub(crate) fn compress(data: &[u8]) -> Vec<u8> {
    // Header: magic, deflate, no flags, no time, extra flags 2 (best
    // compression, as Go's writer at that level says), unknown OS (255).
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255];
    let mut chunks = data.chunks(65_535).peekable();
    if chunks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(chunk) = chunks.next() {
        out.push(u8::from(chunks.peek().is_none()));
        let len = chunk.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    out.extend_from_slice(&crc32(data).to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn crc_of_check_string() {
        assert_eq!(super::crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn gunzip_reads_it() {
        let data = b"hello world";
        let gz = super::compress(data);
        // Stored block: header (10), block header (5), data, trailer (8).
        assert_eq!(gz.len(), 10 + 5 + data.len() + 8);
        assert_eq!(&gz[15..15 + data.len()], data);
    }
}
