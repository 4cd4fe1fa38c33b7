//! The formatter's fuzzing harness: arbitrary bytes through the lossless
//! token scanner and the formatter. Besides not panicking, it checks what
//! must hold for any input: the tokens and their gaps give the input back
//! byte for byte, and formatting changes only blanks (the output without
//! spaces and tabs is the input without them and without a leading byte
//! order mark).

use hcl_core::format::{format, tokens::Tokens};

/// Runs `data` through the scanner and the formatter; panics on a broken
/// invariant.
pub fn exercise_format(data: &[u8]) {
    let tokens = Tokens::lex(data);
    assert_eq!(tokens.write_original(), data, "lexing is not lossless");
    let out = format(data);
    let body = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    let strip = |b: &[u8]| -> Vec<u8> {
        b.iter()
            .copied()
            .filter(|&c| c != b' ' && c != b'\t')
            .collect()
    };
    assert_eq!(
        strip(&out),
        strip(body),
        "formatting changed more than blanks"
    );
}
