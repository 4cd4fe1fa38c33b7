//! The lossless document: arbitrary bytes (as text) through
//! `hcl_core::edit::Document`, checking that parse-then-print is byte for
//! byte and that edits never panic nor break the document.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    tests::fuzz_edit::exercise_edit(data);
});
