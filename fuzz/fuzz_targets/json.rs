//! JSON syntax: arbitrary bytes through parsing, body processing,
//! evaluation (templates in strings included), static analyses and
//! diagnostic rendering.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    tests::fuzz::exercise_json(data);
});
