//! The lossless document's fuzzing harness: arbitrary bytes (as text)
//! through `hcl_core::edit::Document`. Besides not panicking, it checks
//! that a document that parses prints back byte for byte, and that after a
//! series of edits (set, raw set, remove, append, rename) the printed
//! document still parses.

use hcl_core::Value;
use hcl_core::edit::Document;

/// Runs `data` through parsing, printing and edits; panics on a broken
/// invariant.
pub fn exercise_edit(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(mut doc) = Document::parse(&text, "fuzz.hcl") else {
        return;
    };
    assert_eq!(doc.to_string(), text, "printing is not lossless");
    let body = doc.body_mut();
    let first_attr = body.attributes().next().map(|a| a.name().to_owned());
    let first_block = body
        .blocks()
        .next()
        .map(|b| (b.block_type().to_owned(), b.labels().to_vec()));
    if let Some(name) = &first_attr {
        let _ = body.attribute(name).map(|a| a.value());
        body.set_attribute_value(name, &Value::from("edited\n${x}\n"))
            .expect("a value sets");
    }
    body.set_attribute_raw("fuzz_added", "[1, { a = b }]")
        .expect("a raw expression sets");
    if let Some((ty, labels)) = &first_block {
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        if let Some(block) = body.block_mut(ty, &labels) {
            block.set_labels(&["renamed", "\"q\""]);
            block
                .body_mut()
                .set_attribute_value("inner", &Value::from(1))
                .expect("a value sets");
            block.body_mut().append_block("nested", &[]);
        }
    }
    let printed = doc.to_string();
    if let Err(diags) = Document::parse(&printed, "edited.hcl") {
        panic!("edited document does not parse: {diags}\n{printed}");
    }
    let body = doc.body_mut();
    if let Some(name) = &first_attr {
        assert!(body.remove_attribute(name));
    }
    if first_block.is_some() {
        assert!(body.remove_block(
            first_block.as_ref().map_or("", |b| b.0.as_str()),
            &["renamed", "\"q\""]
        ));
    }
    body.append_block("tail", &["x"]);
    let printed = doc.to_string();
    if let Err(diags) = Document::parse(&printed, "edited.hcl") {
        panic!("edited document does not parse: {diags}\n{printed}");
    }
}
