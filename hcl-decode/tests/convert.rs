//! `hcl_decode::convert`: native → JSON → native on real-world files
//! (the formatter corpus of Terraform modules and Terragrunt files, and
//! Terraform-style fixtures), comments kept or counted, and the JSON
//! syntax's ambiguities reported without a schema.

use std::path::Path;

use hcl_decode::Type;
use hcl_decode::convert::{
    json_to_native, json_to_native_converted, native_to_json, native_to_json_converted,
};
use hcl_decode::hcl_core::edit::{self, Document};
use hcl_decode::hcl_core::format::format_str;
use hcl_decode::schema::{Attribute, BlockContent, BlockType, Body, Nesting, Schema};

/// The schema a native file implies: its attributes (of any type) and
/// block types (with their number of labels), bodies of one type merged.
fn implied(body: &edit::EditBody, into: &mut Body) {
    for a in body.attributes() {
        if into.attribute(a.name()).is_none() {
            into.attributes.push(Attribute {
                required: false,
                ..Attribute::new(a.name(), Type::Dynamic)
            });
        }
    }
    for b in body.blocks() {
        let i = match into.blocks.iter().position(|t| t.name == b.block_type()) {
            Some(i) => i,
            None => {
                into.blocks.push(BlockType {
                    name: b.block_type().to_owned(),
                    labels: (0..b.labels().len()).map(|i| format!("l{i}")).collect(),
                    nesting: Nesting::List,
                    content: BlockContent::Body(Body::new()),
                    doc: Default::default(),
                    deprecated: None,
                });
                into.blocks.len() - 1
            }
        };
        if let BlockContent::Body(inner) = &mut into.blocks[i].content {
            implied(b.body(), inner);
        }
    }
}

fn schema_of(text: &str) -> Schema {
    let doc = Document::parse(text, "f.hcl").expect("parses");
    let mut body = Body::new();
    implied(doc.body(), &mut body);
    Schema { body }
}

/// An expression's value when it is a constant. (`edit::Attribute::value`
/// would do, but for a heredoc, whose expression text ends without the
/// newline its closing marker needs.)
fn constant(expr: &str) -> Option<hcl_decode::Value> {
    use hcl_decode::hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
    use hcl_decode::hcl_core::{EvalContext, Expression, Pos};
    let text = format!("{expr}\n");
    let (file, id, diags) =
        parse_expression(text.as_bytes(), "e", Pos::start(), &ParseOptions::default());
    if diags.has_errors() {
        return None;
    }
    let (value, diags) = NativeExpression::new(file, id).value(&EvalContext::new());
    (!diags.has_errors() && value.is_wholly_known()).then_some(value)
}

/// Every attribute's constant value, by path, in order.
fn values(body: &edit::EditBody, path: &str, out: &mut Vec<String>) {
    let mut attrs: Vec<_> = body.attributes().collect();
    attrs.sort_by(|a, b| a.name().cmp(b.name()));
    for a in attrs {
        out.push(format!(
            "{path}{} = {:?}",
            a.name(),
            constant(a.expression())
        ));
    }
    let mut blocks: Vec<_> = body.blocks().collect();
    // JSON groups the blocks of a type: compare them by type and labels.
    blocks.sort_by(|a, b| (a.block_type(), a.labels()).cmp(&(b.block_type(), b.labels())));
    for b in blocks {
        values(
            b.body(),
            &format!("{path}{}{:?}.", b.block_type(), b.labels()),
            out,
        );
    }
}

fn all_values(text: &str) -> Vec<String> {
    let doc = Document::parse(text, "f.hcl").expect("parses");
    let mut out = Vec::new();
    values(doc.body(), "", &mut out);
    out
}

/// native → JSON → native: the constant values are the same, and a
/// second round changes nothing (the first lays out the file as the
/// formatter does, expressions included).
fn round_trip(text: &str, name: &str) {
    let json = native_to_json(text, name, None).unwrap_or_else(|e| panic!("{name}: {e}"));
    let (_, diags) = hcl_decode::hcl_core::json::parse(json.as_bytes(), "f.json");
    assert!(!diags.has_errors(), "{name}: {diags}\n{json}");
    let schema = schema_of(text);
    let native = json_to_native(&json, "f.json", Some(&schema))
        .unwrap_or_else(|e| panic!("{name}: {e}\n{json}"));
    let (got, want) = (all_values(&native), all_values(text));
    if got != want {
        let diff: Vec<_> = got.iter().filter(|v| !want.contains(v)).collect();
        let missing: Vec<_> = want.iter().filter(|v| !got.contains(v)).collect();
        panic!("{name}: values differ: {diff:?} instead of {missing:?}\n{native}");
    }
    let json2 =
        native_to_json(&native, "g.hcl", None).unwrap_or_else(|e| panic!("{name}: {e}\n{native}"));
    let native2 = json_to_native(&json2, "g.json", Some(&schema))
        .unwrap_or_else(|e| panic!("{name}: {e}\n{json2}"));
    if native2 != native {
        let (a, b): (Vec<&str>, Vec<&str>) = (native2.lines().collect(), native.lines().collect());
        let i = a
            .iter()
            .zip(&b)
            .position(|(x, y)| x != y)
            .unwrap_or(a.len().min(b.len()));
        panic!(
            "{name}: not a fixed point at line {i}:\n{:?}\n{:?}\n---\n{native}",
            a.get(i),
            b.get(i)
        );
    }
}

#[test]
fn real_world_files_round_trip() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hcl-core/tests/format");
    let mut done = 0;
    for dir in [
        "terraform-aws-eks",
        "terraform-aws-vpc",
        "terragrunt",
        "hclwrite-format-test",
    ] {
        let mut entries: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("corpus")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "out"))
            .collect();
        entries.sort();
        for path in entries {
            let text = std::fs::read_to_string(&path).expect("text");
            let (_, diags) = hcl_decode::hcl_core::native::parse_config_str(&text, "f.hcl");
            if diags.has_errors() {
                continue;
            }
            round_trip(&text, &path.display().to_string());
            done += 1;
        }
    }
    assert!(done >= 50, "{done} files");
}

#[test]
fn terraform_fixtures_round_trip() {
    for name in ["terraform.tf", "plain.tf"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/convert")
            .join(name);
        let text = std::fs::read_to_string(path).unwrap();
        round_trip(&text, name);
    }
}

#[test]
fn a_file_without_comments_or_blank_lines_in_blocks_comes_back_as_written() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/convert/plain.tf");
    let text = std::fs::read_to_string(path).unwrap();
    let json = native_to_json(&text, "plain.tf", None).unwrap();
    let back = json_to_native(&json, "plain.tf.json", Some(&schema_of(&text))).unwrap();
    assert_eq!(back, format_str(&text));
}

#[test]
fn expressions_and_comments_survive() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/convert/terraform.tf");
    let text = std::fs::read_to_string(path).unwrap();
    let converted = native_to_json_converted(&text, "terraform.tf", None).unwrap();
    let json = &converted.text;
    for wanted in [
        r#""//": "A Terraform-style module, for the conversion tests.""#,
        r#""//": "The region,\n   for every resource.""#,
        r#""//": "merged""#,
        r#""tags": "${merge(var.tags, { Name = local.name })}""#,
        r#""literal": "costs $${price} and %%{not a directive}""#,
        r#""joined": "${join(\",\", [\"a\", \"b\"])}-x""#,
        r#""numbers": [1, 2.5, -3, 1e3]"#,
        r#""unicode": "h\u00e9llo 😀""#,
        r#""plain": "no interpolation here\n""#,
        r#""multi": "${<<-EOT\n    line one\n    line ${local.name}\n  EOT\n}""#,
        r#""object": {"a": 1, "b c": [true, null]}"#,
        r#""ingress": [
"#,
    ] {
        assert!(json.contains(wanted), "{wanted}\n---\n{json}");
    }
    // The comment inside the list literal has no place in JSON.
    assert_eq!(converted.lost_comments, 1);
    let back = json_to_native(json, "t.json", Some(&schema_of(&text))).unwrap();
    for wanted in [
        "# A Terraform-style module, for the conversion tests.\n",
        "  tags = merge(var.tags, { Name = local.name })\n  # merged\n",
        "  joined  = \"${join(\",\", [\"a\", \"b\"])}-x\"\n",
        "  literal = \"costs $${price} and %%{not a directive}\"\n",
        "  multi   = <<-EOT\n    line one\n    line ${local.name}\n  EOT\n  plain   = \"no interpolation here\\n\"\n",
        "  dynamic \"tag\" {\n",
    ] {
        assert!(back.contains(wanted), "{wanted:?}\n---\n{back}");
    }
}

#[test]
fn without_a_schema_objects_are_attributes_and_said_to_be_ambiguous() {
    let json = r#"{"name": "x", "listener": {"a": {"port": 1}}, "tags": {"k": "v"}, "//": "kept", "//": 3}"#;
    let c = json_to_native_converted(json, "f.json", None).unwrap();
    assert_eq!(
        c.text,
        "name = \"x\"\nlistener = {\n  a = {\n    port = 1\n  }\n}\ntags = {\n  k = \"v\"\n}\n# kept\n"
    );
    assert_eq!(c.lost_comments, 1);
    assert_eq!(
        c.ambiguous,
        [
            "\"listener\" is an object, written as an attribute; it may be a block",
            "\"tags\" is an object, written as an attribute; it may be a block"
        ]
    );
    // With a schema, `listener` is a block type with one label.
    let schema = Schema::from_hcldec_spec(
        "object {\n  attr \"name\" { type = string }\n  attr \"tags\" { type = map(string) }\n  block_map \"listener\" {\n    labels = [\"name\"]\n    attr {\n      name = \"port\"\n      type = number\n    }\n  }\n}\n",
        "s.hcldec",
    )
    .unwrap();
    let c = json_to_native_converted(json, "f.json", Some(&schema)).unwrap();
    assert_eq!(
        c.text,
        "name = \"x\"\nlistener \"a\" {\n  port = 1\n}\ntags = {\n  k = \"v\"\n}\n# kept\n"
    );
    assert!(c.ambiguous.is_empty());
}

#[test]
fn json_round_trips_through_the_native_syntax() {
    let json = "{\n  \"//\": \"top\",\n  \"a\": \"${var.x + 1}\",\n  \"b\": \"pre-${var.y}\",\n  \"c\": [1, \"two\", {\"d\": null}],\n  \"block\": [\n    {\n      \"e\": true\n    },\n    {\n      \"e\": false\n    }\n  ]\n}\n";
    let schema = Schema::from_hcldec_spec(
        "object {\n  block_list \"block\" {\n    attr {\n      name = \"e\"\n      type = bool\n    }\n  }\n}\n",
        "s.hcldec",
    )
    .unwrap();
    let native = json_to_native(json, "f.json", Some(&schema)).unwrap();
    assert_eq!(
        native,
        "# top\na = var.x + 1\nb = \"pre-${var.y}\"\nc = [1, \"two\", {\n  d = null\n}]\nblock {\n  e = true\n}\nblock {\n  e = false\n}\n"
    );
    let back = native_to_json(&native, "f.hcl", None).unwrap();
    assert_eq!(
        back,
        "{\n  \"//\": \"top\",\n  \"a\": \"${var.x + 1}\",\n  \"b\": \"pre-${var.y}\",\n  \"c\": [1, \"two\", {\"d\": null}],\n  \"block\": [\n    {\n      \"e\": true\n    },\n    {\n      \"e\": false\n    }\n  ]\n}\n"
    );
}

#[test]
fn invalid_input_is_an_error_with_diagnostics() {
    let err = native_to_json("a = \n", "bad.hcl", None).unwrap_err();
    assert!(err.to_string().contains("bad.hcl"), "{err}");
    let err = json_to_native("{\"a\": }", "bad.json", None).unwrap_err();
    assert!(err.to_string().contains("bad.json"), "{err}");
    let err = json_to_native("[1]", "list.json", None).unwrap_err();
    assert!(err.to_string().contains("the root"), "{err}");
    let err = json_to_native("{\"not a name\": 1}", "names.json", None).unwrap_err();
    assert!(err.to_string().contains("no attribute name"), "{err}");
}

#[test]
fn deep_nesting_and_crlf_convert_without_overflow() {
    // 500 nested blocks and a 500-deep list, on a 2 MiB thread.
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let depth = 500;
            let mut text = String::new();
            for _ in 0..depth {
                text.push_str("b {\n");
            }
            text.push_str(&format!(
                "x = {}1{}\n",
                "[".repeat(depth),
                "]".repeat(depth)
            ));
            for _ in 0..depth {
                text.push_str("}\n");
            }
            let json = native_to_json(&text, "deep.hcl", None).expect("converts");
            let native = json_to_native(&json, "deep.json", Some(&schema_of(&text))).expect("back");
            assert_eq!(
                native_to_json(&native, "again.hcl", None).expect("again"),
                json
            );
        })
        .expect("spawns");
    handle.join().expect("no overflow");

    let crlf = "# c\r\na = 1\r\nb {\r\n  c = <<EOT\r\nx\r\nEOT\r\n}\r\n";
    let json = native_to_json(crlf, "crlf.hcl", None).expect("converts");
    assert!(json.contains("\"//\": \"c\",\n  \"a\": 1,"), "{json}");
    assert!(json.contains("\"c\": \"x\\r\\n\""), "{json}");
}

/// Mutated inputs (bytes deleted, duplicated or replaced by syntax
/// characters) give a result or an error, never a panic.
#[test]
fn mutated_input_never_panics() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/convert/terraform.tf");
    let native = std::fs::read_to_string(path).unwrap();
    let json = native_to_json(&native, "t.tf", None).unwrap();
    let schema = schema_of(&native);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    const PIECES: &[&str] = &[
        "{", "}", "\"", "${", "%{", "<<EOT\n", "\n", "#", "/*", "[", "]", "\\", "=", "é",
    ];
    for round in 0..1500 {
        let base = if round % 2 == 0 { &native } else { &json };
        let mut bytes = base.as_bytes().to_vec();
        for _ in 0..1 + next() % 3 {
            let at = (next() % bytes.len() as u64) as usize;
            match next() % 3 {
                0 => {
                    bytes.remove(at);
                }
                1 => {
                    let piece = PIECES[(next() % PIECES.len() as u64) as usize];
                    bytes.splice(at..at, piece.bytes());
                }
                _ => {
                    let len = (next() % 20) as usize;
                    let end = (at + len).min(bytes.len());
                    let copy = bytes[at..end].to_vec();
                    bytes.splice(at..at, copy);
                }
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if round % 2 == 0 {
            let _ = native_to_json(&text, "m.hcl", None);
        } else {
            let _ = json_to_native(&text, "m.json", Some(&schema));
            let _ = json_to_native(&text, "m.json", None);
        }
    }
}
