//! Body processing of the native syntax ("Body Content" of the information
//! model), and the syntax-agnostic merged bodies, over parsed HCL text.
//!
//! Every expected diagnostic (summary, detail, subject and context ranges)
//! was produced by the Go implementation (`hclsyntax.ParseConfig` then
//! `Body.Content`, `PartialContent` or `JustAttributes`, or
//! `hcl.MergeFiles`), except where a test says it checks a deviation.

use std::collections::BTreeMap;
use std::sync::Arc;

use hcl_core::body::{
    AttributeSchema, Attributes, BlockHeaderSchema, Body, BodyContent, BodySchema, DynBody,
    merge_bodies,
};
use hcl_core::native::{NativeBody, ParsedFile, parse_config_str};
use hcl_core::{Diagnostics, Range};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// Helpers

fn parse(name: &str, src: &str) -> Arc<ParsedFile> {
    let (file, diags) = parse_config_str(src, name);
    assert!(diags.is_empty(), "parse errors in {name}: {diags:?}");
    file
}

fn body(name: &str, src: &str) -> DynBody {
    Arc::new(parse(name, src).body())
}

/// A schema in a short notation: `name` an optional attribute, `name!` a
/// required one, `@type:label1:label2` a block type with its label names.
fn schema(spec: &str) -> BodySchema {
    let mut schema = BodySchema::new();
    for item in spec.split_whitespace() {
        if let Some(block) = item.strip_prefix('@') {
            let mut parts = block.split(':');
            let mut header = BlockHeaderSchema::new(parts.next().unwrap_or_default());
            for label in parts {
                header = header.label(label);
            }
            schema = schema.block(header);
        } else if let Some(name) = item.strip_suffix('!') {
            schema = schema.attribute(AttributeSchema::required(name));
        } else {
            schema = schema.attribute(AttributeSchema::optional(item));
        }
    }
    schema
}

fn opt(range: &Option<Range>) -> String {
    range
        .as_ref()
        .map_or_else(|| "-".to_owned(), ToString::to_string)
}

/// Each diagnostic as `summary | detail | subject`, with ` | context`
/// when there is one.
fn diags(diags: &Diagnostics) -> Vec<String> {
    diags
        .iter()
        .map(|d| {
            let mut line = format!("{} | {} | {}", d.summary, d.detail, opt(&d.subject));
            if d.context.is_some() {
                line.push_str(&format!(" | {}", opt(&d.context)));
            }
            line
        })
        .collect()
}

/// Attributes as `name range name_range expr_range`, by name.
fn attrs(attributes: &Attributes) -> Vec<String> {
    attributes
        .iter()
        .map(|(name, a)| format!("{name} {} {} {}", a.range, a.name_range, a.expr.range()))
        .collect()
}

/// Blocks as `type [labels] def_range type_range [label_ranges]
/// body_missing_item_range`, in order.
fn blocks(content: &BodyContent) -> Vec<String> {
    content
        .blocks
        .iter()
        .map(|b| {
            let ranges: Vec<String> = b.label_ranges.iter().map(ToString::to_string).collect();
            format!(
                "{} {:?} {} {} [{}] {}",
                b.type_name,
                b.labels,
                b.def_range,
                b.type_range,
                ranges.join(" "),
                b.body.missing_item_range()
            )
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Schema-driven processing

const APP: &str = r#"name = "web"
port = 8080
listener "tcp" {
  addr = ":80"
}
extra = true
plugin "x" {}
listener "udp" {}
"#;

#[test]
fn schema_driven_processing_returns_attributes_and_blocks_in_source_order() {
    let (content, d) =
        body("app.hcl", APP).content(&schema("name! port extra @listener:proto @plugin:n"));
    assert_eq!(diags(&d), Vec::<String>::new());
    assert_eq!(
        attrs(&content.attributes),
        [
            "extra app.hcl:6,1-13 app.hcl:6,1-6 app.hcl:6,9-13",
            "name app.hcl:1,1-13 app.hcl:1,1-5 app.hcl:1,8-13",
            "port app.hcl:2,1-12 app.hcl:2,1-5 app.hcl:2,8-12",
        ]
    );
    assert_eq!(
        blocks(&content),
        [
            r#"listener ["tcp"] app.hcl:3,1-15 app.hcl:3,1-9 [app.hcl:3,10-15] app.hcl:3,16-16"#,
            r#"plugin ["x"] app.hcl:7,1-11 app.hcl:7,1-7 [app.hcl:7,8-11] app.hcl:7,12-12"#,
            r#"listener ["udp"] app.hcl:8,1-15 app.hcl:8,1-9 [app.hcl:8,10-15] app.hcl:8,16-16"#,
        ]
    );
    assert_eq!(content.missing_item_range.to_string(), "app.hcl:1,1-1");
}

#[test]
fn schema_driven_processing_of_a_block_body() {
    let (content, _) =
        body("app.hcl", APP).content(&schema("name! port extra @listener:proto @plugin:n"));
    let (inner, d) = content.blocks[0].body.content(&schema("addr!"));
    assert!(d.is_empty());
    assert_eq!(
        attrs(&inner.attributes),
        ["addr app.hcl:4,3-15 app.hcl:4,3-7 app.hcl:4,10-15"]
    );
    assert_eq!(inner.missing_item_range.to_string(), "app.hcl:3,16-16");

    // An empty one-line block body: a missing attribute is reported at its
    // opening brace.
    let (_, d) = content.blocks[1].body.content(&schema("id!"));
    assert_eq!(
        diags(&d),
        [
            "Missing required argument | The argument \"id\" is required, but no definition was found. | app.hcl:7,12-12"
        ]
    );
}

const MAIN: &str = r#"# comment
name = "web"
prot = 80
tls = true
listener "tcp" "extra" {
  port = 8080
}
listener {
}
storage "s3" {}
portt {}
hosts = []
"#;

#[test]
fn schema_driven_processing_rejects_unexpected_attribute() {
    let (_, d) = body("main.hcl", MAIN).content(&schema(
        "name port host tls2 @listener:a:b @storage:k @portt",
    ));
    assert_eq!(
        diags(&d),
        [
            "Missing a for listener | All listener blocks must have 2 labels (a, b). | main.hcl:8,10-11 | main.hcl:8,1-11",
            "Unsupported argument | An argument named \"prot\" is not expected here. Did you mean \"port\"? | main.hcl:3,1-5",
            "Unsupported argument | An argument named \"tls\" is not expected here. Did you mean \"tls2\"? | main.hcl:4,1-4",
            "Unsupported argument | An argument named \"hosts\" is not expected here. Did you mean \"host\"? | main.hcl:12,1-6",
        ]
    );
}

#[test]
fn schema_driven_processing_rejects_unexpected_block_type() {
    let (_, d) = body("main.hcl", MAIN).content(&schema("name prot tls hosts @listener:a:b @port"));
    assert_eq!(
        diags(&d),
        [
            "Missing a for listener | All listener blocks must have 2 labels (a, b). | main.hcl:8,10-11 | main.hcl:8,1-11",
            "Unsupported block type | Blocks of type \"storage\" are not expected here. | main.hcl:10,1-8",
            "Unsupported block type | Blocks of type \"portt\" are not expected here. Did you mean \"port\"? | main.hcl:11,1-6",
        ]
    );
}

#[test]
fn schema_driven_processing_reports_every_problem_as_go_does() {
    let (content, d) = body("main.hcl", MAIN).content(&schema(
        "name! port host @listener:protocol @tls @storage @ports:x",
    ));
    assert_eq!(
        attrs(&content.attributes),
        ["name main.hcl:2,1-13 main.hcl:2,1-5 main.hcl:2,8-13"]
    );
    assert!(content.blocks.is_empty());
    assert_eq!(
        diags(&d),
        [
            "Extraneous label for listener | Only 1 labels (protocol) are expected for listener blocks. | main.hcl:5,16-23 | main.hcl:5,1-25",
            "Missing protocol for listener | All listener blocks must have 1 labels (protocol). | main.hcl:8,10-11 | main.hcl:8,1-11",
            "Extraneous label for storage | No labels are expected for storage blocks. | main.hcl:10,9-13 | main.hcl:10,1-15",
            "Unsupported argument | An argument named \"prot\" is not expected here. Did you mean \"port\"? | main.hcl:3,1-5",
            "Unsupported argument | An argument named \"tls\" is not expected here. Did you mean to define a block of type \"tls\"? | main.hcl:4,1-4",
            "Unsupported argument | An argument named \"hosts\" is not expected here. Did you mean \"host\"? | main.hcl:12,1-6",
            "Unsupported block type | Blocks of type \"portt\" are not expected here. Did you mean \"ports\"? | main.hcl:11,1-6",
        ]
    );
}

#[test]
fn schema_driven_processing_missing_required_attribute() {
    let (_, d) = body("main.hcl", MAIN).content(&schema(
        "region! name prot tls hosts @storage:kind:name @listener:a:b @portt",
    ));
    assert_eq!(
        diags(&d),
        [
            "Missing required argument | The argument \"region\" is required, but no definition was found. | main.hcl:1,1-1",
            "Missing a for listener | All listener blocks must have 2 labels (a, b). | main.hcl:8,10-11 | main.hcl:8,1-11",
            "Missing name for storage | All storage blocks must have 2 labels (kind, name). | main.hcl:10,14-15 | main.hcl:10,1-15",
        ]
    );
}

#[test]
fn attribute_given_where_block_expected() {
    let (_, d) = body("main.hcl", MAIN).content(&schema(
        "prot tls hosts @name @listener:a:b @storage:k @portt",
    ));
    assert_eq!(
        diags(&d),
        [
            "Missing a for listener | All listener blocks must have 2 labels (a, b). | main.hcl:8,10-11 | main.hcl:8,1-11",
            "Unsupported argument | An argument named \"name\" is not expected here. Did you mean to define a block of type \"name\"? | main.hcl:2,1-5",
        ]
    );
}

#[test]
fn block_given_where_attribute_expected() {
    let (_, d) = body("b.hcl", "storage {}\nstorage \"x\" {}\n").content(&schema("storage"));
    let message = "Blocks of type \"storage\" are not expected here. Did you mean to define argument \"storage\"? If so, use the equals sign to assign it a value.";
    assert_eq!(
        diags(&d),
        [
            format!("Unsupported block type | {message} | b.hcl:1,1-8"),
            format!("Unsupported block type | {message} | b.hcl:2,1-8"),
        ]
    );
}

#[test]
fn did_you_mean_is_deterministic() {
    // "nme" is one edit away from both "name" and "nmae": the closest name
    // wins, ties going to the name that sorts first, whatever the schema
    // order (Go takes the first in schema order).
    for spec in ["name nmae", "nmae name"] {
        let (_, d) = body("d.hcl", "nme = 1\n").content(&schema(spec));
        assert_eq!(
            diags(&d),
            [
                "Unsupported argument | An argument named \"nme\" is not expected here. Did you mean \"name\"? | d.hcl:1,1-4"
            ]
        );
    }
    // Closer beats earlier and name order: "colour_mode" is 2 edits from
    // "color_mod", 1 from "colour_modes".
    let (_, d) = body("d.hcl", "colour_mode = 1\n").content(&schema("color_mod colour_modes"));
    assert_eq!(
        diags(&d),
        [
            "Unsupported argument | An argument named \"colour_mode\" is not expected here. Did you mean \"colour_modes\"? | d.hcl:1,1-12"
        ]
    );
    // Block types likewise: "servic" is one edit from both.
    for spec in ["@service @servics", "@servics @service"] {
        let (_, d) = body("d.hcl", "servic {}\n").content(&schema(spec));
        assert_eq!(
            diags(&d),
            [
                "Unsupported block type | Blocks of type \"servic\" are not expected here. Did you mean \"service\"? | d.hcl:1,1-7"
            ]
        );
    }
}

#[test]
fn did_you_mean_skips_attributes_already_defined() {
    // As Go: an attribute found in the body is no suggestion.
    let (_, d) = body("d.hcl", "name = 1\nnme = 2\n").content(&schema("name"));
    assert_eq!(
        diags(&d),
        ["Unsupported argument | An argument named \"nme\" is not expected here. | d.hcl:2,1-4"]
    );
}

#[test]
fn missing_item_range_of_file_and_block_bodies() {
    let file = parse(
        "m.hcl",
        "\n\n   a = 1\nb {\n  # c\n   c = 1\n}\nd {}\ne { f = 1 }\n",
    );
    let root = file.body();
    assert_eq!(root.missing_item_range().to_string(), "m.hcl:1,1-1");
    let (content, d) = root.content(&schema("a! @b @d @e"));
    assert!(d.is_empty());
    let missing: Vec<String> = content
        .blocks
        .iter()
        .map(|b| b.body.missing_item_range().to_string())
        .collect();
    // As Go: a one-line block's body starts at its attribute, not at its
    // brace.
    assert_eq!(missing, ["m.hcl:4,3-3", "m.hcl:8,3-3", "m.hcl:9,5-5"]);
    assert_eq!(content.blocks[2].def_range.to_string(), "m.hcl:9,1-2");

    let empty = parse("e.hcl", "");
    let (_, d) = empty.body().content(&schema("a!"));
    assert_eq!(
        diags(&d),
        [
            "Missing required argument | The argument \"a\" is required, but no definition was found. | e.hcl:1,1-1"
        ]
    );
    let (attributes, d) = empty.body().just_attributes();
    assert!(attributes.is_empty() && d.is_empty());
}

#[test]
fn block_labels_quoted_and_bare() {
    let (content, d) =
        body("l.hcl", "resource aws_instance \"web\" {}\n").content(&schema("@resource:type:name"));
    assert!(d.is_empty());
    assert_eq!(
        blocks(&content),
        [
            r#"resource ["aws_instance", "web"] l.hcl:1,1-28 l.hcl:1,1-9 [l.hcl:1,10-22 l.hcl:1,23-28] l.hcl:1,29-29"#
        ]
    );
}

#[test]
fn redefined_attribute_keeps_the_first_definition() {
    let (file, d) = parse_config_str("a = 1\na = 2\n", "r.hcl");
    assert_eq!(
        diags(&d),
        [
            "Attribute redefined | The argument \"a\" was already set at r.hcl:1,1-2. Each argument may be set only once. | r.hcl:2,1-2"
        ]
    );
    let (content, d) = file.body().content(&schema("a"));
    assert!(d.is_empty());
    assert_eq!(
        attrs(&content.attributes),
        ["a r.hcl:1,1-6 r.hcl:1,1-2 r.hcl:1,5-6"]
    );
    // Unsupported, it is reported once, at its first definition.
    let (_, d) = file.body().content(&schema(""));
    assert_eq!(
        diags(&d),
        ["Unsupported argument | An argument named \"a\" is not expected here. | r.hcl:1,1-2"]
    );
    let (attributes, _) = file.body().just_attributes();
    assert_eq!(
        attrs(&attributes),
        ["a r.hcl:1,1-6 r.hcl:1,1-2 r.hcl:1,5-6"]
    );
}

// ---------------------------------------------------------------------------
// Schema validation

#[test]
fn schema_rejects_attribute_named_twice() {
    let s = schema("a a!");
    assert!(s.validate().is_err());
    let (content, d) = body("s.hcl", "a = 1\n").content(&s);
    assert!(content.attributes.is_empty());
    assert_eq!(
        diags(&d),
        [
            "Invalid body schema | The schema used to process this body is invalid: attribute \"a\" is named twice in the schema. | s.hcl:1,1-1"
        ]
    );
}

#[test]
fn schema_rejects_attribute_and_block_type_alike() {
    let s = schema("a @a");
    assert!(s.validate().is_err());
    let b = body("s.hcl", "a = 1\nb = 2\n");
    let (content, rest, d) = b.partial_content(&s);
    assert!(content.attributes.is_empty());
    assert_eq!(
        diags(&d),
        [
            "Invalid body schema | The schema used to process this body is invalid: \"a\" is named in the schema both as an attribute and as a block type. | s.hcl:1,1-1"
        ]
    );
    // Nothing was consumed: the remaining body is the whole body.
    assert_eq!(rest.just_attributes().0.len(), 2);
}

#[test]
fn schema_may_list_a_block_type_twice_the_last_decides() {
    let (content, d) = body("s.hcl", "b x {}\n").content(&schema("@b @b:name"));
    assert!(d.is_empty());
    assert_eq!(content.blocks[0].labels, ["x"]);
}

// ---------------------------------------------------------------------------
// Partial processing

#[test]
fn partial_processing_returns_remaining_body() {
    let b = body("app.hcl", APP);
    let (content, rest, d) = b.partial_content(&schema("name! @listener:proto"));
    assert!(d.is_empty());
    assert_eq!(
        attrs(&content.attributes),
        ["name app.hcl:1,1-13 app.hcl:1,1-5 app.hcl:1,8-13"]
    );
    assert_eq!(content.blocks.len(), 2);

    let (content, d) = rest.content(&schema("port extra @plugin:n"));
    assert!(d.is_empty());
    assert_eq!(
        attrs(&content.attributes),
        [
            "extra app.hcl:6,1-13 app.hcl:6,1-6 app.hcl:6,9-13",
            "port app.hcl:2,1-12 app.hcl:2,1-5 app.hcl:2,8-12",
        ]
    );
    assert_eq!(
        blocks(&content),
        [r#"plugin ["x"] app.hcl:7,1-11 app.hcl:7,1-7 [app.hcl:7,8-11] app.hcl:7,12-12"#]
    );

    // What the first step took is hidden from the remaining body.
    let (_, d) = rest.content(&schema("port extra @plugin:n"));
    assert!(d.is_empty());
    let (_, d) = rest.content(&schema(""));
    assert_eq!(
        diags(&d),
        [
            "Unsupported argument | An argument named \"port\" is not expected here. | app.hcl:2,1-5",
            "Unsupported argument | An argument named \"extra\" is not expected here. | app.hcl:6,1-6",
            "Unsupported block type | Blocks of type \"plugin\" are not expected here. | app.hcl:7,1-7",
        ]
    );
    // ... and the original body still has everything.
    let (_, d) = b.content(&schema("name port extra @listener:p @plugin:n"));
    assert!(d.is_empty());
}

#[test]
fn partial_processing_chains() {
    let b = body("app.hcl", APP);
    let (_, rest, _) = b.partial_content(&schema("name @listener:proto"));
    let (c, rest, d) = rest.partial_content(&schema("port"));
    assert!(d.is_empty());
    assert_eq!(c.attributes.len(), 1);
    let (c, d) = rest.content(&schema("extra @plugin:n"));
    assert!(d.is_empty());
    assert_eq!((c.attributes.len(), c.blocks.len()), (1, 1));
}

#[test]
fn remaining_body_hides_consumed_names_from_later_schemas() {
    // As Go: a name taken by the first step is absent from the remaining
    // body, so a later schema requiring it finds it missing.
    let (_, rest, _) = body("app.hcl", APP).partial_content(&schema("name @listener:p"));
    let (content, d) = rest.content(&schema("name! port extra @listener:p @plugin:n"));
    assert!(!content.attributes.contains_key("name"));
    assert!(content.blocks.iter().all(|b| b.type_name != "listener"));
    assert_eq!(
        diags(&d),
        [
            "Missing required argument | The argument \"name\" is required, but no definition was found. | app.hcl:1,1-1"
        ]
    );
}

#[test]
fn partial_processing_hides_block_types_with_label_errors() {
    // A block type named by the schema is consumed even when a block of it
    // has the wrong labels (the error is reported once, by that step).
    let (c, rest, d) = body("h.hcl", "b {}\nb x {}\n").partial_content(&schema("@b:name"));
    assert_eq!(c.blocks.len(), 1);
    assert_eq!(
        diags(&d),
        [
            "Missing name for b | All b blocks must have 1 labels (name). | h.hcl:1,3-4 | h.hcl:1,1-4"
        ]
    );
    let (_, d) = rest.content(&schema(""));
    assert!(d.is_empty());
}

#[test]
fn native_remaining_body_view() {
    let file = parse("app.hcl", APP);
    let root: NativeBody = file.body();
    let (_, rest, _) = root.partial_content_view(&schema("name absent @listener:p"));
    assert_eq!(rest.hidden_attributes(), ["name"]);
    assert_eq!(rest.hidden_blocks(), ["listener"]);
    assert!(Arc::ptr_eq(rest.file(), &file));
    assert_eq!(rest.body_id(), root.body_id());
    assert_eq!(rest.range(), root.range());
    assert!(root.hidden_attributes().is_empty());
}

#[test]
fn two_step_processing_equals_union_schema() {
    let first = schema("name! absent @listener:proto");
    let second = schema("port extra region! @plugin:n @portt");
    let b = body("app.hcl", APP);
    let (one, d1) = b.content(&first.union(&second));
    let (c1, rest, d2a) = b.partial_content(&first);
    let (c2, d2b) = rest.content(&second);
    assert_eq!(
        normalise(&one, &d1),
        normalise_steps(&[(c1, d2a), (c2, d2b)])
    );
}

// ---------------------------------------------------------------------------
// Dynamic-attributes processing

#[test]
fn dynamic_attributes_processing_returns_every_attribute() {
    let (attributes, d) = body("j.hcl", "a = 1\nb = \"x\"\n").just_attributes();
    assert!(d.is_empty());
    assert_eq!(
        attrs(&attributes),
        [
            "a j.hcl:1,1-6 j.hcl:1,1-2 j.hcl:1,5-6",
            "b j.hcl:2,1-8 j.hcl:2,1-2 j.hcl:2,5-8"
        ]
    );
}

#[test]
fn dynamic_attributes_processing_rejects_blocks() {
    // One error, about the first block; the attributes are returned anyway.
    let (attributes, d) = body("app.hcl", APP).just_attributes();
    assert_eq!(attributes.len(), 3);
    assert_eq!(
        diags(&d),
        ["Unexpected \"listener\" block | Blocks are not allowed here. | app.hcl:3,1-9"]
    );
}

/// Deviation from Go (hashicorp/hcl#646): blocks consumed by partial
/// processing do not make dynamic-attributes processing of the remaining
/// body fail. Go reports `Unexpected "inner" block` here.
#[test]
fn dynamic_attributes_processing_of_remaining_body() {
    let b = body(
        "example.hcl",
        "inner {\n  foo = \"foo\"\n}\nbar = \"bar\"\n",
    );
    let (content, rest, d) = b.partial_content(&schema("@inner"));
    assert!(d.is_empty());
    assert_eq!(content.blocks.len(), 1);
    let (attributes, d) = rest.just_attributes();
    assert_eq!(diags(&d), Vec::<String>::new());
    assert_eq!(
        attrs(&attributes),
        ["bar example.hcl:4,1-12 example.hcl:4,1-4 example.hcl:4,7-12"]
    );

    // Hidden attributes do not reappear, and a block left over is still an
    // error: the first one left, not the first one of the file.
    let (_, rest, _) = body("app.hcl", APP).partial_content(&schema("name @listener:p"));
    let (attributes, d) = rest.just_attributes();
    assert_eq!(attributes.keys().collect::<Vec<_>>(), ["extra", "port"]);
    assert_eq!(
        diags(&d),
        ["Unexpected \"plugin\" block | Blocks are not allowed here. | app.hcl:7,1-7"]
    );
    let (_, rest, _) = rest.partial_content(&schema("port @plugin:n"));
    let (attributes, d) = rest.just_attributes();
    assert!(d.is_empty());
    assert_eq!(attributes.keys().collect::<Vec<_>>(), ["extra"]);
}

/// Deviation from Go (hashicorp/hcl#646, the pull request's own example):
/// Go's `JustAttributes` rejects any block of the body, even one hidden by
/// the `PartialContent` that made the remaining body, and reports
/// `example.hcl:2,1-6: Unexpected "inner" block; Blocks are not allowed
/// here.` We only reject the blocks left in the remaining body.
#[test]
fn deviation_just_attributes_of_remaining_body_ignores_consumed_blocks() {
    let b = body(
        "example.hcl",
        "\ninner {\n\tfoo = \"foo\"\n}\nbar = \"bar\"\n",
    );
    let (_, rest, d) = b.partial_content(&schema("@inner"));
    assert!(d.is_empty());
    let (attributes, d) = rest.just_attributes();
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(attributes.keys().collect::<Vec<_>>(), ["bar"]);
}

/// Deviation from Go: the spec says "it is an error to request the same
/// attribute name twice or to request a block type whose name is also an
/// attribute name"; Go does not check, and uses such a schema as given
/// (here it would return attribute `port` and report no error).
#[test]
fn deviation_schema_naming_a_name_twice_is_an_error() {
    let (content, d) = body("s.hcl", "port = 1\n").content(&schema("port @port"));
    assert!(content.attributes.is_empty());
    assert_eq!(
        diags(&d),
        [
            "Invalid body schema | The schema used to process this body is invalid: \"port\" is named in the schema both as an attribute and as a block type. | s.hcl:1,1-1"
        ]
    );
}

// ---------------------------------------------------------------------------
// Merged bodies

fn three_files() -> DynBody {
    merge_bodies(vec![
        body("a.hcl", "name = \"a\"\nregion = \"eu\"\nsvc \"one\" {}\n"),
        body("b.hcl", "name = \"b\"\nsvc \"two\" {}\nzone = 1\n"),
        body("c.hcl", "svc \"three\" {}\nregion = \"us\"\nextra = 1\n"),
    ])
}

#[test]
fn merged_bodies_duplicate_attribute_names_both_places() {
    let (content, d) = three_files().content(&schema("name! region zone! token! @svc:n"));
    assert_eq!(
        attrs(&content.attributes),
        [
            "name a.hcl:1,1-11 a.hcl:1,1-5 a.hcl:1,8-11",
            "region a.hcl:2,1-14 a.hcl:2,1-7 a.hcl:2,10-14",
            "zone b.hcl:3,1-9 b.hcl:3,1-5 b.hcl:3,8-9",
        ]
    );
    assert_eq!(
        blocks(&content),
        [
            r#"svc ["one"] a.hcl:3,1-10 a.hcl:3,1-4 [a.hcl:3,5-10] a.hcl:3,11-11"#,
            r#"svc ["two"] b.hcl:2,1-10 b.hcl:2,1-4 [b.hcl:2,5-10] b.hcl:2,11-11"#,
            r#"svc ["three"] c.hcl:1,1-12 c.hcl:1,1-4 [c.hcl:1,5-12] c.hcl:1,13-13"#,
        ]
    );
    assert_eq!(
        diags(&d),
        [
            "Duplicate argument | Argument \"name\" was already set at a.hcl:1,1-5 | b.hcl:1,1-5",
            "Unsupported argument | An argument named \"extra\" is not expected here. | c.hcl:3,1-6",
            "Duplicate argument | Argument \"region\" was already set at a.hcl:2,1-7 | c.hcl:2,1-7",
            "Missing required argument | The argument \"token\" is required, but was not set. | -",
        ]
    );
}

#[test]
fn merged_bodies_required_attribute_satisfied_by_any_part() {
    let merged = merge_bodies(vec![body("a.hcl", "a = 1\n"), body("b.hcl", "b = 2\n")]);
    let (content, d) = merged.content(&schema("a! b!"));
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(content.attributes.len(), 2);
    assert_eq!(merged.missing_item_range().to_string(), "a.hcl:1,1-1");
    // The merged content reports missing items where the merged body does
    // (Go leaves that range zero).
    assert_eq!(content.missing_item_range.to_string(), "a.hcl:1,1-1");
}

#[test]
fn merged_bodies_partial_processing_returns_merged_remaining_body() {
    let merged = three_files();
    let (content, rest, d) = merged.partial_content(&schema("name @svc:n"));
    assert_eq!(content.blocks.len(), 3);
    assert_eq!(
        diags(&d),
        ["Duplicate argument | Argument \"name\" was already set at a.hcl:1,1-5 | b.hcl:1,1-5"]
    );
    let (content, d) = rest.content(&schema("region zone"));
    assert_eq!(content.attributes.len(), 2);
    assert_eq!(
        diags(&d),
        [
            "Unsupported argument | An argument named \"extra\" is not expected here. | c.hcl:3,1-6",
            "Duplicate argument | Argument \"region\" was already set at a.hcl:2,1-7 | c.hcl:2,1-7",
        ]
    );
    // Dynamic-attributes processing of the merged remaining body: the
    // consumed blocks are no error (Go reports one per file: #646).
    let (attributes, d) = rest.just_attributes();
    assert_eq!(
        attributes.keys().collect::<Vec<_>>(),
        ["extra", "region", "zone"]
    );
    assert_eq!(
        diags(&d),
        ["Duplicate argument | Argument \"region\" was already set at a.hcl:2,1-7 | c.hcl:2,1-7"]
    );
}

#[test]
fn merged_bodies_just_attributes() {
    let merged = merge_bodies(vec![
        body("a.hcl", "x = 1\nb {}\n"),
        body("b.hcl", "x = 2\ny = 3\n"),
    ]);
    let (attributes, d) = merged.just_attributes();
    assert_eq!(
        attrs(&attributes),
        [
            "x a.hcl:1,1-6 a.hcl:1,1-2 a.hcl:1,5-6",
            "y b.hcl:2,1-6 b.hcl:2,1-2 b.hcl:2,5-6"
        ]
    );
    assert_eq!(
        diags(&d),
        [
            "Unexpected \"b\" block | Blocks are not allowed here. | a.hcl:2,1-2",
            "Duplicate argument | Argument \"x\" was already set at a.hcl:1,1-2 | b.hcl:1,1-2",
        ]
    );
}

#[test]
fn merged_bodies_two_step_processing_equals_union_schema() {
    let first = schema("name @svc:n");
    let second = schema("region zone! extra");
    let merged = three_files();
    let (one, d1) = merged.content(&first.union(&second));
    let (c1, rest, d2a) = merged.partial_content(&first);
    let (c2, d2b) = rest.content(&second);
    assert_eq!(
        normalise(&one, &d1),
        normalise_steps(&[(c1, d2a), (c2, d2b)])
    );
}

// ---------------------------------------------------------------------------
// The two-step rule, property-tested

/// Content and diagnostics in a comparable form: attributes by name,
/// blocks in source order, diagnostics sorted and without "Did you mean"
/// hints (which depend on the names the schema of a step offers).
#[derive(Debug, PartialEq)]
struct Outcome {
    attributes: BTreeMap<String, String>,
    blocks: Vec<String>,
    diagnostics: Vec<String>,
}

fn normalise(content: &BodyContent, d: &Diagnostics) -> Outcome {
    normalise_steps(&[(content.clone(), d.clone())])
}

fn normalise_steps(steps: &[(BodyContent, Diagnostics)]) -> Outcome {
    let mut out = Outcome {
        attributes: BTreeMap::new(),
        blocks: Vec::new(),
        diagnostics: Vec::new(),
    };
    let mut blocks = Vec::new();
    for (content, d) in steps {
        for (name, a) in &content.attributes {
            let previous = out
                .attributes
                .insert(name.clone(), format!("{} {}", a.range, a.expr.range()));
            assert!(previous.is_none(), "{name} returned by two steps");
        }
        for b in &content.blocks {
            blocks.push((
                b.def_range.clone(),
                format!("{} {:?} {}", b.type_name, b.labels, b.def_range),
            ));
        }
        for line in diags(d) {
            let line = match line.find(" Did you mean") {
                Some(at) => {
                    let rest = &line[at..];
                    let end = rest.find(" | ").map_or(line.len(), |e| at + e);
                    format!("{}{}", &line[..at], &line[end..])
                }
                None => line,
            };
            out.diagnostics.push(line);
        }
    }
    blocks.sort();
    out.blocks = blocks.into_iter().map(|(_, b)| b).collect();
    out.diagnostics.sort();
    out
}

const NAMES: &[&str] = &["a", "b", "c", "ab", "bc", "x", "y"];

#[derive(Clone, Debug)]
enum Item {
    Attribute(usize, usize),
    Block(usize, Vec<(bool, usize)>, bool),
}

fn item() -> impl Strategy<Value = Item> {
    prop_oneof![
        (0..NAMES.len(), 0..4usize).prop_map(|(n, v)| Item::Attribute(n, v)),
        (
            0..NAMES.len(),
            prop::collection::vec((any::<bool>(), 0..3usize), 0..3),
            any::<bool>()
        )
            .prop_map(|(t, l, nested)| Item::Block(t, l, nested)),
    ]
}

fn render(items: &[Item]) -> String {
    let mut out = String::new();
    let mut seen = std::collections::BTreeSet::new();
    for item in items {
        match item {
            Item::Attribute(n, v) => {
                if !seen.insert(*n) {
                    continue; // no redefinitions: the parser rejects them
                }
                let value = ["1", "\"s\"", "[1, x.y]", "{ k = true }"][*v];
                out.push_str(&format!("{} = {value}\n", NAMES[*n]));
            }
            Item::Block(t, labels, nested) => {
                out.push_str(NAMES[*t]);
                for (quoted, l) in labels {
                    let l = ["l0", "l1", "l2"][*l];
                    if *quoted {
                        out.push_str(&format!(" \"{l}\""));
                    } else {
                        out.push_str(&format!(" {l}"));
                    }
                }
                if *nested {
                    out.push_str(" {\n  inner = 1\n}\n");
                } else {
                    out.push_str(" {}\n");
                }
            }
        }
    }
    out
}

/// A valid schema over [`NAMES`], each element tagged with the step (0 to
/// `steps - 1`) that names it.
#[derive(Clone, Debug)]
struct Split {
    attributes: Vec<(usize, bool, usize)>,
    blocks: Vec<(usize, usize, usize)>,
}

fn split(steps: usize) -> impl Strategy<Value = Split> {
    prop::collection::vec((0..4usize, any::<bool>(), 0..3usize, 0..steps), NAMES.len()).prop_map(
        |picks| {
            let mut split = Split {
                attributes: Vec::new(),
                blocks: Vec::new(),
            };
            // Each name is absent (0), an attribute (1), or a block type (2, 3)
            // of the schema: never both, never twice.
            for (n, (kind, required, labels, step)) in picks.into_iter().enumerate() {
                match kind {
                    0 => {}
                    1 => split.attributes.push((n, required, step)),
                    _ => split.blocks.push((n, labels, step)),
                }
            }
            split
        },
    )
}

fn step_schema(split: &Split, step: Option<usize>) -> BodySchema {
    let mut s = BodySchema::new();
    for &(n, required, st) in &split.attributes {
        if step.is_none_or(|x| x == st) {
            s = s.attribute(if required {
                AttributeSchema::required(NAMES[n])
            } else {
                AttributeSchema::optional(NAMES[n])
            });
        }
    }
    for &(n, labels, st) in &split.blocks {
        if step.is_none_or(|x| x == st) {
            let mut h = BlockHeaderSchema::new(NAMES[n]);
            for l in 0..labels {
                h = h.label(format!("label{l}"));
            }
            s = s.block(h);
        }
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Partial processing with the schema of each step but the last, then
    /// exhaustive processing of what remains with the last one, equals
    /// exhaustive processing with the union of the schemata.
    #[test]
    fn two_step_rule_holds_for_random_bodies(
        items in prop::collection::vec(item(), 0..8),
        steps in 2..4usize,
        split in split(3),
    ) {
        let src = render(&items);
        let b = body("p.hcl", &src);
        let union = step_schema(&split, None);
        prop_assert!(union.validate().is_ok());
        let (one, d) = b.content(&union);
        // The elements tagged with a step at or past the last go to the
        // last step.
        let last = (steps - 1..3).fold(BodySchema::new(), |acc, st| acc.union(&step_schema(&split, Some(st))));
        let mut rest = b.clone();
        let mut results = Vec::new();
        for step in 0..steps - 1 {
            let (c, r, d) = rest.partial_content(&step_schema(&split, Some(step)));
            results.push((c, d));
            rest = r;
        }
        results.push(rest.content(&last));
        prop_assert_eq!(normalise(&one, &d), normalise_steps(&results), "source:\n{}", src);
    }

    /// Dynamic-attributes processing of a remaining body returns exactly
    /// the attributes the partial processing did not take, and fails only
    /// when a block of a type the schema did not name is left.
    #[test]
    fn dynamic_attributes_of_remaining_body_for_random_bodies(
        items in prop::collection::vec(item(), 0..8),
        split in split(1),
    ) {
        let src = render(&items);
        let file = parse("p.hcl", &src);
        let s = step_schema(&split, None);
        let (_, rest, _) = file.body().partial_content(&s);
        let (remaining, d) = rest.just_attributes();
        // Every attribute of the body but those the schema names.
        let mut expected: Vec<String> = items
            .iter()
            .filter_map(|i| match i {
                Item::Attribute(n, _) if s.find_attribute(NAMES[*n]).is_none() => Some(NAMES[*n].to_owned()),
                _ => None,
            })
            .collect();
        expected.sort();
        expected.dedup();
        prop_assert_eq!(remaining.keys().cloned().collect::<Vec<_>>(), expected);
        let leftover_block = items.iter().any(|i| matches!(i, Item::Block(t, _, _) if s.find_block(NAMES[*t]).is_none()));
        prop_assert_eq!(d.has_errors(), leftover_block, "source:\n{}", src);
    }
}

#[test]
fn block_types_lists_each_visible_type_once_in_order_with_its_first_label_count() {
    let b = body(
        "t.hcl",
        "a = 1\nservice \"x\" {}\nlocals {}\nservice \"y\" \"z\" {}\nlocals {}\n",
    );
    assert_eq!(
        b.block_types(),
        Some(vec![("service".to_owned(), 1), ("locals".to_owned(), 0)])
    );
    // Partial processing hides what it took.
    let (_, rest, _) = b.partial_content(&schema("@locals"));
    assert_eq!(rest.block_types(), Some(vec![("service".to_owned(), 1)]));
    // Merged bodies: the union, in the parts' order.
    let merged = merge_bodies(vec![body("u.hcl", "job {}\n"), b]);
    assert_eq!(
        merged.block_types(),
        Some(vec![
            ("job".to_owned(), 0),
            ("service".to_owned(), 1),
            ("locals".to_owned(), 0)
        ])
    );
}
