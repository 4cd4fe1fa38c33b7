//! Compile-fail tests: every misuse of `#[derive(HclBody)]` is a compile
//! error pointing at the annotation or type at fault. The `.stderr`
//! snapshots are pinned to the toolchain this project uses.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
