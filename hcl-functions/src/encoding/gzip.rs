//! gzip (RFC 1952) at the best compression level, with the header Go's
//! `gzip.NewWriterLevel(w, gzip.BestCompression)` writes.

use std::io::Write as _;

use flate2::Compression;
use flate2::write::GzEncoder;

/// `data` as a gzip stream.
pub(crate) fn compress(data: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(data);
    encoder.finish().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use std::io::Read as _;

    #[test]
    fn round_trip_and_header() {
        let data = "hello world ".repeat(100);
        let gz = super::compress(data.as_bytes());
        assert!(gz.len() < data.len() / 4);
        // Magic, deflate, no flags, no time, best compression, unknown OS.
        assert_eq!(&gz[..10], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);
        let mut out = String::new();
        let read = flate2::read::GzDecoder::new(&gz[..]).read_to_string(&mut out);
        assert!(read.is_ok());
        assert_eq!(out, data);
    }
}
