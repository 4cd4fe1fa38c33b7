//! The formatter: arbitrary bytes through the lossless token scanner and
//! `hcl_core::format::format`, checking that only blanks change.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    tests::fuzz_format::exercise_format(data);
});
