//! `hcl-derive/src/suggest.rs` is a copy of `hcl-core/src/suggest.rs` (the
//! proc-macro crate may not depend on `hcl-core`): the rule's three
//! functions are the same text, up to their visibility.

use std::path::Path;

/// The text from the first function of the rule to the end of the last one
/// (`edit_distance`), with visibilities made alike.
fn rule(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join(path)).expect(path);
    let start = text
        .find("/// The closest candidate")
        .expect("suggestion's documentation");
    let last = text
        .find("pub fn edit_distance")
        .or_else(|| text.find("pub(crate) fn edit_distance"));
    let last = last.expect("edit_distance");
    let end = last + text[last..].find("\n}\n").expect("edit_distance's end") + 3;
    text[start..end].replace("pub(crate) fn", "pub fn")
}

#[test]
fn the_derive_suggests_by_the_core_rule() {
    assert_eq!(
        rule("hcl-derive/src/suggest.rs"),
        rule("hcl-core/src/suggest.rs")
    );
}
