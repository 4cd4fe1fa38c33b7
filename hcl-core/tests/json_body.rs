//! Body processing of the JSON syntax ("Structural Elements" of the JSON
//! syntax spec, "Body Content" of the information model).
//!
//! The first part has one test per rule of the spec's structural sections,
//! named after the rule. The second part is the JSON twin of every test of
//! `native_body.rs`: the same configuration written as JSON, which decodes
//! to the same attributes, blocks and labels; the diagnostics are the JSON
//! syntax's own.
//!
//! Every expected diagnostic (summary, detail, subject and context ranges)
//! was produced by the Go implementation (`json.Parse` then `Body.Content`,
//! `PartialContent` or `JustAttributes`), except where a test says it
//! checks a deviation (`docs/deviations.md`).

use std::collections::BTreeMap;
use std::sync::Arc;

use hcl_core::body::{
    AttributeSchema, Attributes, BlockHeaderSchema, Body, BodyContent, BodySchema, DynBody,
    merge_bodies,
};
use hcl_core::json::{JsonBody, ParsedJson};
use hcl_core::native::parse_config_str;
use hcl_core::{Diagnostics, EvalContext, Range, Value};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// Helpers

fn parse(name: &str, src: &str) -> Arc<ParsedJson> {
    let (file, diags) = hcl_core::json::parse(src.as_bytes(), name);
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

/// Blocks as `type [labels]` only.
fn block_labels(content: &BodyContent) -> Vec<String> {
    content
        .blocks
        .iter()
        .map(|b| format!("{} {:?}", b.type_name, b.labels))
        .collect()
}

/// The literal value of each attribute, by name.
fn values(attributes: &Attributes) -> BTreeMap<String, Value> {
    attributes
        .iter()
        .map(|(name, a)| (name.clone(), a.expr.value(&EvalContext::new()).0))
        .collect()
}

// ---------------------------------------------------------------------------
// Structural Elements: the rules of the JSON syntax spec

#[test]
fn body_is_an_object_or_an_array_of_objects() {
    // "A body is represented in JSON as either a single JSON object or a
    // JSON array of objects."
    let object = body("o.json", r#"{"a": 1, "b": 2}"#);
    let array = body("a.json", r#"[{"a": 1}, {"b": 2}]"#);
    for b in [object, array] {
        let (content, d) = b.content(&schema("a b"));
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(
            values(&content.attributes),
            BTreeMap::from([
                ("a".to_owned(), Value::number(1)),
                ("b".to_owned(), Value::number(2))
            ])
        );
    }
    // Any other root is an error, and the body is empty.
    let (file, d) = hcl_core::json::parse(b"\"hello\"", "s.json");
    assert_eq!(
        diags(&d),
        [
            "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | s.json:1,1-8"
        ]
    );
    let (attributes, d) = file.body().just_attributes();
    assert!(attributes.is_empty() && d.is_empty());
}

#[test]
fn body_properties_are_visited_in_order() {
    // Properties of an object in order; an array's elements in order, each
    // element's properties in order: one sequence.
    let b = body(
        "v.json",
        r#"[{"svc": {"a": {}}, "svc": {"b": {}}}, {"svc": {"c": {}}}, {"svc": {"d": {}}, "x": 1}]"#,
    );
    let (content, d) = b.content(&schema("x @svc:n"));
    assert!(d.is_empty());
    assert_eq!(
        block_labels(&content),
        [
            r#"svc ["a"]"#,
            r#"svc ["b"]"#,
            r#"svc ["c"]"#,
            r#"svc ["d"]"#
        ]
    );
}

#[test]
fn body_array_element_that_is_not_an_object_is_an_error() {
    // "If any element of the array is not a JSON object then the input is
    // erroneous." The objects are still read; `null` is an error here too
    // (as in Go), and so is an array.)
    let b = body("arr.json", r#"[{"a": 1}, 2, {"b": 2}, null, [{"d": 4}]]"#);
    let (content, d) = b.content(&schema("a b"));
    assert_eq!(content.attributes.len(), 2);
    assert_eq!(
        diags(&d),
        [
            "Incorrect JSON value type | A JSON object is required here, to define arguments and child blocks. | arr.json:1,12-13",
            "Incorrect JSON value type | A JSON object is required here, to define arguments and child blocks. | arr.json:1,25-29",
            "Incorrect JSON value type | A JSON object is required here, to define arguments and child blocks. | arr.json:1,31-32",
        ]
    );
    // A block body that is neither an object nor an array.
    let (content, _) = body("b.json", r#"{"b": [3]}"#).content(&schema("@b"));
    let (_, d) = content.blocks[0].body.content(&schema(""));
    assert_eq!(
        diags(&d),
        [
            "Incorrect JSON value type | Either a JSON object or JSON array of objects is required here, to define arguments and child blocks. | b.json:1,8-9"
        ]
    );
}

#[test]
fn dynamic_attributes_mode_requires_a_single_object() {
    // "When a body is being processed in the dynamic attributes mode, the
    // allowance of a JSON array ... does not apply and instead a single
    // JSON object is always required."
    let (attributes, d) = body("a.json", r#"[{"a": 1}]"#).just_attributes();
    assert!(attributes.is_empty());
    assert_eq!(
        diags(&d),
        [
            "Incorrect JSON value type | A JSON object is required here, setting the arguments for this block. | a.json:1,1-2"
        ]
    );
}

#[test]
fn dynamic_attributes_mode_makes_every_property_an_attribute() {
    // "Each object property serves as an attribute definition for the
    // attribute whose name matches the property name", whatever its value.
    let (attributes, d) =
        body("d.json", r#"{"a": 1, "b": {"c": {}}, "d": [1], "e": null}"#).just_attributes();
    assert!(d.is_empty());
    assert_eq!(
        attrs(&attributes),
        [
            "a d.json:1,2-8 d.json:1,2-5 d.json:1,7-8",
            "b d.json:1,10-24 d.json:1,10-13 d.json:1,15-24",
            "d d.json:1,26-34 d.json:1,26-29 d.json:1,31-34",
            "e d.json:1,36-45 d.json:1,36-39 d.json:1,41-45",
        ]
    );
}

#[test]
fn schema_tells_attributes_from_blocks() {
    // The same JSON read with two schemas: the schema decides whether a
    // property is an attribute or a block.
    let b = body("s.json", r#"{"thing": {"x": {"y": 1}}}"#);
    let (content, d) = b.content(&schema("thing"));
    assert!(d.is_empty());
    assert_eq!(
        values(&content.attributes)["thing"],
        Value::object([("x", Value::object([("y", Value::number(1))]))])
    );
    let (content, d) = b.content(&schema("@thing:name"));
    assert!(d.is_empty());
    assert_eq!(block_labels(&content), [r#"thing ["x"]"#]);
}

#[test]
fn comment_property_is_ignored_in_bodies() {
    // "The special property name "//", when used in an object representing
    // a HCL body, is parsed and ignored."
    let b = body(
        "c.json",
        r#"{"//": "top", "a": 1, "blk": {"//": "inner", "x": 2}, "//": ["any", "value"]}"#,
    );
    let (content, d) = b.content(&schema("a @blk"));
    assert!(d.is_empty(), "{d:?}");
    let (inner, d) = content.blocks[0].body.content(&schema("x"));
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(inner.attributes.len(), 1);
    let (attributes, d) = b.just_attributes();
    assert!(d.is_empty());
    assert_eq!(attributes.keys().collect::<Vec<_>>(), ["a", "blk"]);
    let (_, rest, _) = b.partial_content(&schema("a"));
    let (attributes, _) = rest.just_attributes();
    assert_eq!(attributes.keys().collect::<Vec<_>>(), ["blk"]);
}

#[test]
fn comment_property_is_not_special_in_expressions_or_labels() {
    // "This special property name is not processed in this way for any
    // other HCL constructs that are represented as JSON objects."
    let b = body("c.json", r#"{"obj": {"//": "kept"}, "blk": {"//": {}}}"#);
    let (content, d) = b.content(&schema("obj @blk:name"));
    assert!(d.is_empty());
    assert_eq!(
        values(&content.attributes)["obj"],
        Value::object([("//", Value::string("kept"))])
    );
    assert_eq!(block_labels(&content), [r#"blk ["//"]"#]);
}

#[test]
fn attribute_is_the_property_named_by_the_schema() {
    // The spec's example: a schema calling for "foo".
    let (content, d) = body("f.json", r#"{"foo": "bar baz"}"#).content(&schema("foo!"));
    assert!(d.is_empty());
    assert_eq!(
        attrs(&content.attributes),
        ["foo f.json:1,2-18 f.json:1,2-7 f.json:1,9-18"]
    );
    assert_eq!(values(&content.attributes)["foo"], Value::string("bar baz"));
}

#[test]
fn attribute_value_is_an_expression() {
    // "The value of an attribute definition property is interpreted as an
    // expression": evaluated later, in a context.
    let (content, _) =
        body("e.json", r#"{"greeting": "Hello, ${name}!"}"#).content(&schema("greeting"));
    let expr = &content.attributes["greeting"].expr;
    let mut ctx = EvalContext::new();
    ctx.declare_variable("name", Value::string("world"))
        .expect("declare");
    assert_eq!(expr.value(&ctx).0, Value::string("Hello, world!"));
    assert_eq!(
        expr.value(&EvalContext::literal_only()).0,
        Value::string("Hello, ${name}!")
    );
}

#[test]
fn duplicate_attribute_is_an_error() {
    // "Attribute names are unique within a given body": a property named
    // twice is an error; the first definition is kept.
    let (content, d) = body("r.json", r#"{"a": 1, "a": 2}"#).content(&schema("a"));
    assert_eq!(values(&content.attributes)["a"], Value::number(1));
    assert_eq!(
        diags(&d),
        [
            "Duplicate argument | The argument \"a\" was already set at r.json:1,2-8. | r.json:1,10-13 | r.json:1,10-13"
        ]
    );
}

#[test]
fn block_property_defines_zero_or_more_blocks() {
    // Each property with the block type's name defines blocks; several
    // properties of that name are all kept.
    let (content, d) =
        body("b.json", r#"{"b": {}, "x": 1, "b": [{}, {}], "b": []}"#).content(&schema("x @b"));
    assert!(d.is_empty());
    assert_eq!(content.blocks.len(), 3);
}

#[test]
fn spec_examples_of_unlabelled_blocks() {
    // The spec's three examples for a block type "foo" with no labels.
    let one = r#"{"foo": {"child_attr": "baz"}}"#;
    let two = r#"{"foo": [{"child_attr": "baz"}, {"child_attr": "boz"}]}"#;
    let zero = r#"{"foo": []}"#;
    let mut counts = Vec::new();
    let mut children = Vec::new();
    for src in [one, two, zero] {
        let (content, d) = body("f.json", src).content(&schema("@foo"));
        assert!(d.is_empty());
        counts.push(content.blocks.len());
        for b in &content.blocks {
            let (inner, d) = b.body.content(&schema("child_attr"));
            assert!(d.is_empty());
            children.push(values(&inner.attributes)["child_attr"].clone());
        }
    }
    assert_eq!(counts, [1, 2, 0]);
    assert_eq!(
        children,
        [
            Value::string("baz"),
            Value::string("baz"),
            Value::string("boz")
        ]
    );
}

const TWO_LABEL_EXAMPLES: [&str; 4] = [
    r#"{"foo": {"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}, "boz": {"baz": {"child_attr": "baz"}}}}"#,
    r#"{"foo": {"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}, "boz": {"baz": [{"child_attr": "baz"}, {"child_attr": "boz"}]}}}"#,
    r#"{"foo": [{"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}}, {"bar": {"baz": [{"child_attr": "baz"}, {"child_attr": "boz"}]}}]}"#,
    r#"{"foo": {"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}, "bar": {"baz": [{"child_attr": "baz"}, {"child_attr": "boz"}]}}}"#,
];

#[test]
fn spec_examples_of_two_labelled_blocks() {
    // The spec's four examples for a block type "foo" with two labels.
    let expected: [&[&str]; 4] = [
        &["bar baz baz", "bar boz baz", "boz baz baz"],
        &["bar baz baz", "bar boz baz", "boz baz baz", "boz baz boz"],
        &["bar baz baz", "bar boz baz", "bar baz baz", "bar baz boz"],
        &["bar baz baz", "bar boz baz", "bar baz baz", "bar baz boz"],
    ];
    for (src, want) in TWO_LABEL_EXAMPLES.iter().zip(expected) {
        let (content, d) = body("f.json", src).content(&schema("@foo:a:b"));
        assert!(d.is_empty(), "{d:?}");
        let got: Vec<String> = content
            .blocks
            .iter()
            .map(|b| {
                let (inner, _) = b.body.content(&schema("child_attr"));
                let child = values(&inner.attributes)["child_attr"].clone();
                format!("{} {}", b.labels.join(" "), child.as_str().unwrap_or(""))
            })
            .collect();
        assert_eq!(got, want, "{src}");
    }
}

#[test]
fn labels_are_levels_of_nested_objects() {
    // "A nested JSON object or JSON array of objects is required for each
    // labelling level ... Each object property serves as a label value at
    // the corresponding level."
    let (content, d) = body(
        "l.json",
        r#"{"resource": {"aws_instance": {"web": {}, "db": {}}, "aws_vpc": [{"main": {}}, {"edge": {}}]}}"#,
    )
    .content(&schema("@resource:type:name"));
    assert!(d.is_empty());
    assert_eq!(
        blocks(&content),
        [
            r#"resource ["aws_instance", "web"] l.json:1,39-40 l.json:1,2-12 [l.json:1,15-29 l.json:1,32-37] l.json:1,40-41"#,
            r#"resource ["aws_instance", "db"] l.json:1,49-50 l.json:1,2-12 [l.json:1,15-29 l.json:1,43-47] l.json:1,50-51"#,
            r#"resource ["aws_vpc", "main"] l.json:1,75-76 l.json:1,2-12 [l.json:1,54-63 l.json:1,67-73] l.json:1,76-77"#,
            r#"resource ["aws_vpc", "edge"] l.json:1,89-90 l.json:1,2-12 [l.json:1,54-63 l.json:1,81-87] l.json:1,90-91"#,
        ]
    );
}

#[test]
fn label_levels_require_objects() {
    // A label level that is not an object (or array of objects), or that
    // has no property, is an error (Go's diagnostics).
    let (content, d) = body(
        "l.json",
        r#"{"a": null, "b": {}, "c": [{"x": {}}, 2], "d": "s", "e": []}"#,
    )
    .content(&schema("@a:l @b:l @c:l @d:l @e:l"));
    assert_eq!(block_labels(&content), [r#"c ["x"]"#]);
    assert_eq!(
        diags(&d),
        [
            "Missing block label | At least one object property is required, whose name represents the a block's l. | l.json:1,7-11",
            "Missing block label | At least one object property is required, whose name represents the b block's l. | l.json:1,18-19",
            "Incorrect JSON value type | A JSON object is required here, to specify l labels for this block. | l.json:1,39-40",
            "Incorrect JSON value type | Either a JSON object or JSON array of objects is required here, to specify l labels for this block. | l.json:1,48-51",
            "Missing block label | At least one object property is required, whose name represents the d block's l. | l.json:1,48-51",
            "Missing block label | At least one object property is required, whose name represents the e block's l. | l.json:1,58-59",
        ]
    );
}

#[test]
fn block_body_is_an_object_or_an_array_of_objects() {
    // "After any labelling levels, the next nested value is either a JSON
    // object representing a single block body, or a JSON array of JSON
    // objects that each represent a single block body."
    let (content, d) = body(
        "b.json",
        r#"{"one": {"x": 1}, "many": [{"x": 2}, {"x": 3}], "bad": 3, "lab": {"l": "s"}}"#,
    )
    .content(&schema("@one @many @bad @lab:name"));
    let xs: Vec<Value> = content
        .blocks
        .iter()
        .map(|b| values(&b.body.content(&schema("x")).0.attributes)["x"].clone())
        .collect();
    assert_eq!(xs, [Value::number(1), Value::number(2), Value::number(3)]);
    assert_eq!(
        diags(&d),
        [
            "Incorrect JSON value type | Either a JSON object or a JSON array is required, representing the contents of one or more \"bad\" blocks. | b.json:1,56-57",
            "Incorrect JSON value type | Either a JSON object or a JSON array is required, representing the contents of one or more \"lab\" blocks. | b.json:1,72-75",
        ]
    );
}

#[test]
fn null_block_value_defines_no_block() {
    // `null` as a block's value (after the labels) is no block, as in Go.
    let (content, d) =
        body("n.json", r#"{"a": null, "b": {"x": null, "y": {}}}"#).content(&schema("@a @b:l"));
    assert!(d.is_empty());
    assert_eq!(block_labels(&content), [r#"b ["y"]"#]);
}

#[test]
fn arrays_at_any_level_preserve_order() {
    // "Arrays can be introduced at either the label definition or block
    // body definition levels to define multiple definitions of the same
    // block type or labels while preserving order."
    let (content, d) = body(
        "o.json",
        r#"{"foo": [{"z": [{"n": 1}, {"n": 2}]}, {"a": {"n": 3}}, {"z": {"n": 4}}]}"#,
    )
    .content(&schema("@foo:l"));
    assert!(d.is_empty());
    let got: Vec<String> = content
        .blocks
        .iter()
        .map(|b| {
            let n = values(&b.body.content(&schema("n")).0.attributes)["n"].clone();
            format!(
                "{} {}",
                b.labels[0],
                n.as_number().map(ToString::to_string).unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(got, ["z 1", "z 2", "a 3", "z 4"]);
}

#[test]
fn duplicate_block_properties_are_all_kept_in_order() {
    // "A JSON HCL parser must support duplicate definitions of the same
    // property name within a single object, preserving all of them and the
    // relative ordering between them."
    let (content, d) = body(
        "d.json",
        r#"{"b": {"x": {}}, "a": 1, "b": {"y": {}}, "b": {"x": {}}}"#,
    )
    .content(&schema("a @b:l"));
    assert!(d.is_empty());
    assert_eq!(
        block_labels(&content),
        [r#"b ["x"]"#, r#"b ["y"]"#, r#"b ["x"]"#]
    );
}

#[test]
fn missing_item_range_is_the_closing_brace_or_the_opening_bracket() {
    // As Go: an object body reports missing items at its closing brace, an
    // array body at its opening bracket.
    assert_eq!(
        body("o.json", "{\n  \"a\": 1\n}\n")
            .missing_item_range()
            .to_string(),
        "o.json:3,1-2"
    );
    assert_eq!(
        body("a.json", " [{}]").missing_item_range().to_string(),
        "a.json:1,2-3"
    );
}

#[test]
fn json_remaining_body_view() {
    let file = parse(
        "app.json",
        r#"{"name": 1, "listener": {"a": {}}, "extra": 2}"#,
    );
    let root: JsonBody = file.body();
    let (_, rest, _) = root.partial_content_view(&schema("name absent @listener:p"));
    assert_eq!(rest.hidden_names(), ["listener", "name"]);
    assert!(Arc::ptr_eq(rest.file(), &file));
    assert_eq!(rest.range(), root.range());
    assert!(root.hidden_names().is_empty());
    assert!(format!("{rest:?}").contains("app.json"));
}

#[test]
fn json_and_native_bodies_merge() {
    // A JSON body and a native one processed as one configuration.
    let (native, d) = parse_config_str("name = \"web\"\nsvc \"a\" {}\n", "a.hcl");
    assert!(d.is_empty());
    let merged = merge_bodies(vec![
        Arc::new(native.body()),
        body(
            "b.json",
            r#"{"svc": {"b": {}}, "port": 8080, "name": "dup"}"#,
        ),
    ]);
    let (content, d) = merged.content(&schema("name! port @svc:n"));
    assert_eq!(
        values(&content.attributes),
        BTreeMap::from([
            ("name".to_owned(), Value::string("web")),
            ("port".to_owned(), Value::number(8080))
        ])
    );
    assert_eq!(block_labels(&content), [r#"svc ["a"]"#, r#"svc ["b"]"#]);
    assert_eq!(
        diags(&d),
        ["Duplicate argument | Argument \"name\" was already set at a.hcl:1,1-5 | b.json:1,34-40"]
    );
    let (_, rest, _) = merged.partial_content(&schema("name @svc:n"));
    let (attributes, d) = rest.just_attributes();
    assert_eq!(attributes.keys().collect::<Vec<_>>(), ["port"]);
    assert!(d.is_empty());
}

/// Everything a body decodes to with `schema` (blocks' bodies with
/// `inner`): attribute names and values, block types and labels, in order.
fn decode(b: &dyn Body, schema_spec: &str, inner: &str) -> Vec<String> {
    let (content, d) = b.content(&schema(schema_spec));
    assert!(!d.has_errors(), "{d:?}");
    let mut out: Vec<String> = values(&content.attributes)
        .iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect();
    for block in &content.blocks {
        out.push(format!("{} {:?} {{", block.type_name, block.labels));
        out.extend(decode(block.body.as_ref(), inner, ""));
        out.push("}".to_owned());
    }
    out
}

#[test]
fn json_twins_decode_to_the_same_content_as_native() {
    let pairs = [
        (
            "name = \"web\"\nport = 8080\nlistener \"tcp\" {\n  addr = \":80\"\n}\nextra = true\nplugin \"x\" {}\nlistener \"udp\" {}\n",
            APP,
            "name! port extra @listener:proto @plugin:n",
            "addr",
        ),
        (
            "resource \"aws_instance\" \"web\" {\n  count = 2\n  tags = { Name = \"web\", n = [1, 2.5, null] }\n}\nresource \"aws_instance\" \"db\" {\n  count = 1\n}\n",
            r#"{"resource": {"aws_instance": {"web": {"count": 2, "tags": {"Name": "web", "n": [1, 2.5, null]}}, "db": {"count": 1}}}}"#,
            "@resource:type:name",
            "count tags",
        ),
        (
            "svc \"a\" { port = 1 }\nsvc \"a\" { port = 2 }\nsvc \"b\" { port = 3 }\nx = \"${1 + 2}\"\n",
            r#"{"svc": {"a": [{"port": 1}, {"port": 2}], "b": {"port": 3}}, "x": "${1 + 2}"}"#,
            "x @svc:n",
            "port",
        ),
    ];
    for (native, json, outer, inner) in pairs {
        let (file, d) = parse_config_str(native, "n.hcl");
        assert!(d.is_empty(), "{d:?}");
        let native_body = file.body();
        assert_eq!(
            decode(&native_body, outer, inner),
            decode(body("j.json", json).as_ref(), outer, inner),
            "{json}"
        );
    }
}

// ---------------------------------------------------------------------------
// Twins of `native_body.rs`: schema-driven processing

const APP: &str = r#"{
  "name": "web",
  "port": 8080,
  "listener": {
    "tcp": {
      "addr": ":80"
    }
  },
  "extra": true,
  "plugin": {"x": {}},
  "listener": {"udp": {}}
}
"#;

#[test]
fn schema_driven_processing_returns_attributes_and_blocks_in_source_order() {
    let (content, d) =
        body("app.json", APP).content(&schema("name! port extra @listener:proto @plugin:n"));
    assert_eq!(diags(&d), Vec::<String>::new());
    assert_eq!(
        attrs(&content.attributes),
        [
            "extra app.json:9,3-16 app.json:9,3-10 app.json:9,12-16",
            "name app.json:2,3-16 app.json:2,3-9 app.json:2,11-16",
            "port app.json:3,3-15 app.json:3,3-9 app.json:3,11-15",
        ]
    );
    assert_eq!(
        blocks(&content),
        [
            r#"listener ["tcp"] app.json:5,12-13 app.json:4,3-13 [app.json:5,5-10] app.json:7,5-6"#,
            r#"plugin ["x"] app.json:10,19-20 app.json:10,3-11 [app.json:10,14-17] app.json:10,20-21"#,
            r#"listener ["udp"] app.json:11,23-24 app.json:11,3-13 [app.json:11,16-21] app.json:11,24-25"#,
        ]
    );
    assert_eq!(content.missing_item_range.to_string(), "app.json:12,1-2");
    // The same content as the native syntax's APP.
    assert_eq!(
        values(&content.attributes),
        BTreeMap::from([
            ("extra".to_owned(), Value::bool(true)),
            ("name".to_owned(), Value::string("web")),
            ("port".to_owned(), Value::number(8080))
        ])
    );
}

#[test]
fn schema_driven_processing_of_a_block_body() {
    let (content, _) =
        body("app.json", APP).content(&schema("name! port extra @listener:proto @plugin:n"));
    let (inner, d) = content.blocks[0].body.content(&schema("addr!"));
    assert!(d.is_empty());
    assert_eq!(
        attrs(&inner.attributes),
        ["addr app.json:6,7-20 app.json:6,7-13 app.json:6,15-20"]
    );
    assert_eq!(inner.missing_item_range.to_string(), "app.json:7,5-6");

    // An empty block body: a missing attribute is reported at its closing
    // brace (Go's MissingItemRange of an object).
    let (_, d) = content.blocks[1].body.content(&schema("id!"));
    assert_eq!(
        diags(&d),
        [
            "Missing required argument | The argument \"id\" is required, but no definition was found. | app.json:10,20-21"
        ]
    );
}

/// The native syntax's MAIN: `listener "tcp" "extra" {…}`, `listener {}`,
/// `storage "s3" {}` and `portt {}` become nested objects. How many of the
/// nesting levels are labels is the schema's to say, so a wrong label count
/// shows differently: a missing label is a "Missing block label", an
/// extraneous one is read as part of the body.
const MAIN: &str = r#"{
  "//": "comment",
  "name": "web",
  "prot": 80,
  "tls": true,
  "listener": {"tcp": {"extra": {"port": 8080}}},
  "listener": {},
  "storage": {"s3": {}},
  "portt": {},
  "hosts": []
}
"#;

#[test]
fn schema_driven_processing_rejects_unexpected_attribute() {
    let (_, d) = body("main.json", MAIN).content(&schema(
        "name port host tls2 @listener:a:b @storage:k @portt",
    ));
    assert_eq!(
        diags(&d),
        [
            "Missing block label | At least one object property is required, whose name represents the listener block's a. | main.json:7,15-16",
            "Extraneous JSON object property | No argument or block type is named \"prot\". Did you mean \"port\"? | main.json:4,3-9 | main.json:4,3-9",
            "Extraneous JSON object property | No argument or block type is named \"tls\". Did you mean \"tls2\"? | main.json:5,3-8 | main.json:5,3-8",
            "Extraneous JSON object property | No argument or block type is named \"hosts\". Did you mean \"host\"? | main.json:10,3-10 | main.json:10,3-10",
        ]
    );
}

#[test]
fn schema_driven_processing_rejects_unexpected_block_type() {
    let (_, d) =
        body("main.json", MAIN).content(&schema("name prot tls hosts @listener:a:b @port"));
    assert_eq!(
        diags(&d),
        [
            "Missing block label | At least one object property is required, whose name represents the listener block's a. | main.json:7,15-16",
            "Extraneous JSON object property | No argument or block type is named \"storage\". | main.json:8,3-12 | main.json:8,3-12",
            "Extraneous JSON object property | No argument or block type is named \"portt\". Did you mean \"port\"? | main.json:9,3-10 | main.json:9,3-10",
        ]
    );
}

#[test]
fn schema_driven_processing_reports_every_problem_as_go_does() {
    let (content, d) = body("main.json", MAIN).content(&schema(
        "name! port host @listener:protocol @tls @storage @ports:x",
    ));
    assert_eq!(
        attrs(&content.attributes),
        ["name main.json:3,3-16 main.json:3,3-9 main.json:3,11-16"]
    );
    // With one label, "extra" is read as part of the listener's body; with
    // none, "s3" as part of the storage's.
    assert_eq!(
        block_labels(&content),
        [r#"listener ["tcp"]"#, "storage []"]
    );
    assert_eq!(
        diags(&d),
        [
            "Incorrect JSON value type | Either a JSON object or a JSON array is required, representing the contents of one or more \"tls\" blocks. | main.json:5,10-14",
            "Missing block label | At least one object property is required, whose name represents the listener block's protocol. | main.json:7,15-16",
            "Extraneous JSON object property | No argument or block type is named \"prot\". Did you mean \"port\"? | main.json:4,3-9 | main.json:4,3-9",
            "Extraneous JSON object property | No argument or block type is named \"portt\". Did you mean \"port\"? | main.json:9,3-10 | main.json:9,3-10",
            "Extraneous JSON object property | No argument or block type is named \"hosts\". Did you mean \"host\"? | main.json:10,3-10 | main.json:10,3-10",
        ]
    );
}

#[test]
fn schema_driven_processing_missing_required_attribute() {
    let (_, d) = body("main.json", MAIN).content(&schema(
        "region! name prot tls hosts @storage:kind:name @listener:a:b @portt",
    ));
    assert_eq!(
        diags(&d),
        [
            "Missing block label | At least one object property is required, whose name represents the listener block's a. | main.json:7,15-16",
            "Missing block label | At least one object property is required, whose name represents the storage block's name. | main.json:8,21-22",
            "Missing required argument | The argument \"region\" is required, but no definition was found. | main.json:11,1-2",
        ]
    );
}

#[test]
fn attribute_given_where_block_expected() {
    let (_, d) = body("main.json", MAIN).content(&schema(
        "prot tls hosts @name @listener:a:b @storage:k @portt",
    ));
    assert_eq!(
        diags(&d),
        [
            "Incorrect JSON value type | Either a JSON object or a JSON array is required, representing the contents of one or more \"name\" blocks. | main.json:3,11-16",
            "Missing block label | At least one object property is required, whose name represents the listener block's a. | main.json:7,15-16",
        ]
    );
}

#[test]
fn block_given_where_attribute_expected() {
    // In JSON an object is a valid attribute value: the first property is
    // the attribute, the second a duplicate.
    let b = body("b.json", r#"{"storage": {}, "storage": {"x": {}}}"#);
    let (content, d) = b.content(&schema("storage"));
    assert_eq!(
        values(&content.attributes)["storage"],
        Value::empty_object()
    );
    assert_eq!(
        diags(&d),
        [
            "Duplicate argument | The argument \"storage\" was already set at b.json:1,2-15. | b.json:1,17-26 | b.json:1,17-26"
        ]
    );
}

#[test]
fn did_you_mean_is_deterministic() {
    // The closest name wins, ties going to the name that sorts first,
    // whatever the schema order (Go takes the first in schema order).
    for spec in ["name nmae", "nmae name"] {
        let (_, d) = body("d.json", r#"{"nme": 1}"#).content(&schema(spec));
        assert_eq!(
            diags(&d),
            [
                "Extraneous JSON object property | No argument or block type is named \"nme\". Did you mean \"name\"? | d.json:1,2-7 | d.json:1,2-7"
            ]
        );
    }
    // Closer beats earlier and name order.
    let (_, d) = body("d.json", r#"{"colour_mode": 1}"#).content(&schema("color_mod colour_modes"));
    assert_eq!(
        diags(&d),
        [
            "Extraneous JSON object property | No argument or block type is named \"colour_mode\". Did you mean \"colour_modes\"? | d.json:1,2-15 | d.json:1,2-15"
        ]
    );
    for spec in ["@service @servics", "@servics @service"] {
        let (_, d) = body("d.json", r#"{"servic": {}}"#).content(&schema(spec));
        assert_eq!(
            diags(&d),
            [
                "Extraneous JSON object property | No argument or block type is named \"servic\". Did you mean \"service\"? | d.json:1,2-10 | d.json:1,2-10"
            ]
        );
    }
}

#[test]
fn did_you_mean_skips_attributes_already_defined() {
    let (_, d) = body("d.json", r#"{"name": 1, "nme": 2}"#).content(&schema("name"));
    assert_eq!(
        diags(&d),
        [
            "Extraneous JSON object property | No argument or block type is named \"nme\". | d.json:1,13-18 | d.json:1,13-18"
        ]
    );
}

#[test]
fn missing_item_range_of_file_and_block_bodies() {
    let file = parse(
        "m.json",
        "\n\n   {\"a\": 1,\n\"b\": {\n  \"//\": \"c\",\n   \"c\": 1\n},\n\"d\": {},\n\"e\": { \"f\": 1 }}\n",
    );
    let root = file.body();
    assert_eq!(root.missing_item_range().to_string(), "m.json:9,16-17");
    let (content, d) = root.content(&schema("a! @b @d @e"));
    assert!(d.is_empty());
    let missing: Vec<String> = content
        .blocks
        .iter()
        .map(|b| b.body.missing_item_range().to_string())
        .collect();
    assert_eq!(missing, ["m.json:7,1-2", "m.json:8,7-8", "m.json:9,15-16"]);
    assert_eq!(content.blocks[2].def_range.to_string(), "m.json:9,6-7");

    let empty = parse("e.json", "{}");
    let (_, d) = empty.body().content(&schema("a!"));
    assert_eq!(
        diags(&d),
        [
            "Missing required argument | The argument \"a\" is required, but no definition was found. | e.json:1,2-3"
        ]
    );
    let (attributes, d) = empty.body().just_attributes();
    assert!(attributes.is_empty() && d.is_empty());
}

#[test]
fn block_labels_quoted_and_bare() {
    // JSON labels are always property names.
    let (content, d) = body("l.json", r#"{"resource": {"aws_instance": {"web": {}}}}"#)
        .content(&schema("@resource:type:name"));
    assert!(d.is_empty());
    assert_eq!(
        blocks(&content),
        [
            r#"resource ["aws_instance", "web"] l.json:1,39-40 l.json:1,2-12 [l.json:1,15-29 l.json:1,32-37] l.json:1,40-41"#
        ]
    );
}

#[test]
fn redefined_attribute_keeps_the_first_definition() {
    // The parser keeps both definitions; body processing reports the
    // second and keeps the first.
    let (file, d) = hcl_core::json::parse(br#"{"a": 1, "a": 2}"#, "r.json");
    assert!(d.is_empty());
    let (content, d) = file.body().content(&schema("a"));
    assert_eq!(
        attrs(&content.attributes),
        ["a r.json:1,2-8 r.json:1,2-5 r.json:1,7-8"]
    );
    assert_eq!(
        diags(&d),
        [
            "Duplicate argument | The argument \"a\" was already set at r.json:1,2-8. | r.json:1,10-13 | r.json:1,10-13"
        ]
    );
    // Unsupported, each definition is reported (as Go does).
    let (_, d) = file.body().content(&schema(""));
    assert_eq!(
        diags(&d),
        [
            "Extraneous JSON object property | No argument or block type is named \"a\". | r.json:1,2-5 | r.json:1,2-5",
            "Extraneous JSON object property | No argument or block type is named \"a\". | r.json:1,10-13 | r.json:1,10-13",
        ]
    );
    let (attributes, d) = file.body().just_attributes();
    assert_eq!(
        attrs(&attributes),
        ["a r.json:1,2-8 r.json:1,2-5 r.json:1,7-8"]
    );
    assert_eq!(
        diags(&d),
        [
            "Duplicate attribute definition | The argument \"a\" was already set at r.json:1,2-8. | r.json:1,10-13"
        ]
    );
}

// ---------------------------------------------------------------------------
// Schema validation

#[test]
fn schema_rejects_attribute_named_twice() {
    let s = schema("a a!");
    assert!(s.validate().is_err());
    let (content, d) = body("s.json", r#"{"a": 1, "b": 2}"#).content(&s);
    assert!(content.attributes.is_empty());
    assert_eq!(
        diags(&d),
        [
            "Invalid body schema | The schema used to process this body is invalid: attribute \"a\" is named twice in the schema. | s.json:1,16-17"
        ]
    );
}

#[test]
fn schema_rejects_attribute_and_block_type_alike() {
    let s = schema("a @a");
    let b = body("s.json", r#"{"a": 1, "b": 2}"#);
    let (content, rest, d) = b.partial_content(&s);
    assert!(content.attributes.is_empty());
    assert_eq!(
        diags(&d),
        [
            "Invalid body schema | The schema used to process this body is invalid: \"a\" is named in the schema both as an attribute and as a block type. | s.json:1,16-17"
        ]
    );
    assert_eq!(rest.just_attributes().0.len(), 2);
}

#[test]
fn schema_may_list_a_block_type_twice_the_last_decides() {
    let (content, d) = body("s.json", r#"{"b": {"x": {}}}"#).content(&schema("@b @b:name"));
    assert!(d.is_empty());
    assert_eq!(content.blocks[0].labels, ["x"]);
}

/// As `native_body::deviation_schema_naming_a_name_twice_is_an_error`
/// (row 19 of `docs/deviations.md`): Go would return attribute `port`.
#[test]
fn schema_naming_a_name_twice_is_an_error() {
    let (content, d) = body("port.json", r#"{"port": 1}"#).content(&schema("port @port"));
    assert!(content.attributes.is_empty());
    assert_eq!(
        diags(&d),
        [
            "Invalid body schema | The schema used to process this body is invalid: \"port\" is named in the schema both as an attribute and as a block type. | port.json:1,11-12"
        ]
    );
}

// ---------------------------------------------------------------------------
// Partial processing

#[test]
fn partial_processing_returns_remaining_body() {
    let b = body("app.json", APP);
    let (content, rest, d) = b.partial_content(&schema("name! @listener:proto"));
    assert!(d.is_empty());
    assert_eq!(
        attrs(&content.attributes),
        ["name app.json:2,3-16 app.json:2,3-9 app.json:2,11-16"]
    );
    assert_eq!(content.blocks.len(), 2);

    let (content, d) = rest.content(&schema("port extra @plugin:n"));
    assert!(d.is_empty());
    assert_eq!(
        attrs(&content.attributes),
        [
            "extra app.json:9,3-16 app.json:9,3-10 app.json:9,12-16",
            "port app.json:3,3-15 app.json:3,3-9 app.json:3,11-15",
        ]
    );
    assert_eq!(
        blocks(&content),
        [
            r#"plugin ["x"] app.json:10,19-20 app.json:10,3-11 [app.json:10,14-17] app.json:10,20-21"#
        ]
    );

    let (_, d) = rest.content(&schema(""));
    assert_eq!(
        diags(&d),
        [
            "Extraneous JSON object property | No argument or block type is named \"port\". | app.json:3,3-9 | app.json:3,3-9",
            "Extraneous JSON object property | No argument or block type is named \"extra\". | app.json:9,3-10 | app.json:9,3-10",
            "Extraneous JSON object property | No argument or block type is named \"plugin\". | app.json:10,3-11 | app.json:10,3-11",
        ]
    );
    let (_, d) = b.content(&schema("name port extra @listener:p @plugin:n"));
    assert!(d.is_empty());
}

#[test]
fn partial_processing_chains() {
    let b = body("app.json", APP);
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
    let (_, rest, _) = body("app.json", APP).partial_content(&schema("name @listener:p"));
    let (content, d) = rest.content(&schema("name! port extra @listener:p @plugin:n"));
    assert!(!content.attributes.contains_key("name"));
    assert!(content.blocks.iter().all(|b| b.type_name != "listener"));
    assert_eq!(
        diags(&d),
        [
            "Missing required argument | The argument \"name\" is required, but no definition was found. | app.json:12,1-2"
        ]
    );
}

#[test]
fn partial_processing_hides_block_types_with_label_errors() {
    let (c, rest, d) =
        body("h.json", r#"{"b": {}, "b": {"x": {}}}"#).partial_content(&schema("@b:name"));
    assert_eq!(c.blocks.len(), 1);
    assert_eq!(
        diags(&d),
        [
            "Missing block label | At least one object property is required, whose name represents the b block's name. | h.json:1,7-8"
        ]
    );
    let (_, d) = rest.content(&schema(""));
    assert!(d.is_empty());
}

#[test]
fn two_step_processing_equals_union_schema() {
    let first = schema("name! absent @listener:proto");
    let second = schema("port extra region! @plugin:n @portt");
    let b = body("app.json", APP);
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
    let (attributes, d) = body("j.json", "{\"a\": 1,\n\"b\": \"x\"}\n").just_attributes();
    assert!(d.is_empty());
    assert_eq!(
        attrs(&attributes),
        [
            "a j.json:1,2-8 j.json:1,2-5 j.json:1,7-8",
            "b j.json:2,1-9 j.json:2,1-4 j.json:2,6-9"
        ]
    );
}

#[test]
fn dynamic_attributes_processing_rejects_blocks() {
    // JSON has no blocks without a schema: in dynamic-attributes mode
    // every property is an attribute, the block-like ones included (the
    // spec's rule); a name given twice is the error.
    let (attributes, d) = body("app.json", APP).just_attributes();
    assert_eq!(
        attributes.keys().collect::<Vec<_>>(),
        ["extra", "listener", "name", "plugin", "port"]
    );
    assert_eq!(
        diags(&d),
        [
            "Duplicate attribute definition | The argument \"listener\" was already set at app.json:4,3-8,4. | app.json:11,3-13"
        ]
    );
}

#[test]
fn dynamic_attributes_processing_of_remaining_body() {
    let b = body(
        "example.json",
        "{\n\"inner\": {\n  \"foo\": \"foo\"\n},\n\"bar\": \"bar\"}\n",
    );
    let (content, rest, d) = b.partial_content(&schema("@inner"));
    assert!(d.is_empty());
    assert_eq!(content.blocks.len(), 1);
    let (attributes, d) = rest.just_attributes();
    assert_eq!(diags(&d), Vec::<String>::new());
    assert_eq!(
        attrs(&attributes),
        ["bar example.json:5,1-13 example.json:5,1-6 example.json:5,8-13"]
    );

    let (_, rest, _) = body("app.json", APP).partial_content(&schema("name @listener:p"));
    let (attributes, d) = rest.just_attributes();
    assert!(d.is_empty());
    assert_eq!(
        attributes.keys().collect::<Vec<_>>(),
        ["extra", "plugin", "port"]
    );
    let (_, rest, _) = rest.partial_content(&schema("port @plugin:n"));
    let (attributes, d) = rest.just_attributes();
    assert!(d.is_empty());
    assert_eq!(attributes.keys().collect::<Vec<_>>(), ["extra"]);
}

/// The twin of `native_body::deviation_just_attributes_of_remaining_body_ignores_consumed_blocks`:
/// for JSON bodies Go already hides the consumed blocks (they are property
/// names), so here both agree.
#[test]
fn just_attributes_of_remaining_body_ignores_consumed_blocks() {
    let b = body(
        "example.json",
        "{\n\"inner\": {\n\t\"foo\": \"foo\"\n},\n\"bar\": \"bar\"\n}\n",
    );
    let (_, rest, d) = b.partial_content(&schema("@inner"));
    assert!(d.is_empty());
    let (attributes, d) = rest.just_attributes();
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(attributes.keys().collect::<Vec<_>>(), ["bar"]);
}

// ---------------------------------------------------------------------------
// Merged bodies

fn three_files() -> DynBody {
    merge_bodies(vec![
        body(
            "a.json",
            r#"{"name": "a", "region": "eu", "svc": {"one": {}}}"#,
        ),
        body("b.json", r#"{"name": "b", "svc": {"two": {}}, "zone": 1}"#),
        body(
            "c.json",
            r#"{"svc": {"three": {}}, "region": "us", "extra": 1}"#,
        ),
    ])
}

#[test]
fn merged_bodies_duplicate_attribute_names_both_places() {
    let (content, d) = three_files().content(&schema("name! region zone! token! @svc:n"));
    assert_eq!(
        attrs(&content.attributes),
        [
            "name a.json:1,2-13 a.json:1,2-8 a.json:1,10-13",
            "region a.json:1,15-29 a.json:1,15-23 a.json:1,25-29",
            "zone b.json:1,35-44 b.json:1,35-41 b.json:1,43-44",
        ]
    );
    assert_eq!(
        block_labels(&content),
        [r#"svc ["one"]"#, r#"svc ["two"]"#, r#"svc ["three"]"#]
    );
    assert_eq!(
        diags(&d),
        [
            "Duplicate argument | Argument \"name\" was already set at a.json:1,2-8 | b.json:1,2-8",
            "Extraneous JSON object property | No argument or block type is named \"extra\". | c.json:1,40-47 | c.json:1,40-47",
            "Duplicate argument | Argument \"region\" was already set at a.json:1,15-23 | c.json:1,24-32",
            "Missing required argument | The argument \"token\" is required, but was not set. | -",
        ]
    );
}

#[test]
fn merged_bodies_required_attribute_satisfied_by_any_part() {
    let merged = merge_bodies(vec![
        body("a.json", r#"{"a": 1}"#),
        body("b.json", r#"{"b": 2}"#),
    ]);
    let (content, d) = merged.content(&schema("a! b!"));
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(content.attributes.len(), 2);
    assert_eq!(merged.missing_item_range().to_string(), "a.json:1,8-9");
}

#[test]
fn merged_bodies_partial_processing_returns_merged_remaining_body() {
    let merged = three_files();
    let (content, rest, d) = merged.partial_content(&schema("name @svc:n"));
    assert_eq!(content.blocks.len(), 3);
    assert_eq!(
        diags(&d),
        ["Duplicate argument | Argument \"name\" was already set at a.json:1,2-8 | b.json:1,2-8"]
    );
    let (content, d) = rest.content(&schema("region zone"));
    assert_eq!(content.attributes.len(), 2);
    assert_eq!(
        diags(&d),
        [
            "Extraneous JSON object property | No argument or block type is named \"extra\". | c.json:1,40-47 | c.json:1,40-47",
            "Duplicate argument | Argument \"region\" was already set at a.json:1,15-23 | c.json:1,24-32",
        ]
    );
    let (attributes, d) = rest.just_attributes();
    assert_eq!(
        attributes.keys().collect::<Vec<_>>(),
        ["extra", "region", "zone"]
    );
    assert_eq!(
        diags(&d),
        [
            "Duplicate argument | Argument \"region\" was already set at a.json:1,15-23 | c.json:1,24-32"
        ]
    );
}

#[test]
fn merged_bodies_just_attributes() {
    let merged = merge_bodies(vec![
        body("a.json", r#"{"x": 1, "b": {}}"#),
        body("b.json", r#"{"x": 2, "y": 3}"#),
    ]);
    let (attributes, d) = merged.just_attributes();
    assert_eq!(
        attrs(&attributes),
        [
            "b a.json:1,10-17 a.json:1,10-13 a.json:1,15-17",
            "x a.json:1,2-8 a.json:1,2-5 a.json:1,7-8",
            "y b.json:1,10-16 b.json:1,10-13 b.json:1,15-16"
        ]
    );
    assert_eq!(
        diags(&d),
        ["Duplicate argument | Argument \"x\" was already set at a.json:1,2-5 | b.json:1,2-5"]
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
// Deviations from Go (`docs/deviations.md`)

/// Go's `Content` reports an error about the shape of a body (an array
/// element that is not an object) twice, once from its `PartialContent`
/// and once more itself, and each remaining body made from the body
/// reports it again (here Go gives 2 + 1 + 2 errors for one mistake, and
/// the two-step rule fails). We report it once, in the step that first
/// processes the body.
#[test]
fn deviation_json_body_shape_error_is_reported_once() {
    let b = body("arr.json", r#"[{"a": 1}, 2, {"b": 2}]"#);
    let (_, d) = b.content(&schema("a b"));
    assert_eq!(
        diags(&d),
        [
            "Incorrect JSON value type | A JSON object is required here, to define arguments and child blocks. | arr.json:1,12-13"
        ]
    );
    let (_, rest, d) = b.partial_content(&schema("a"));
    assert_eq!(d.len(), 1);
    let (content, d) = rest.content(&schema("b"));
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(content.attributes.len(), 1);
}

/// The spec: the property "//" of a body "is parsed and ignored". Go
/// ignores it only where the schema does not name it: a schema asking for
/// an attribute "//" gets the comment. We ignore it always.
#[test]
fn deviation_json_comment_property_ignored_even_when_named() {
    let b = body("c.json", r#"{"//": 1, "a": 2}"#);
    let (content, d) = b.content(&schema("// a"));
    assert!(d.is_empty());
    assert_eq!(content.attributes.keys().collect::<Vec<_>>(), ["a"]);
    // Nor is it ever suggested.
    let (_, d) = body("c.json", r#"{"/": 1}"#).content(&schema("//"));
    assert_eq!(
        diags(&d),
        [
            "Extraneous JSON object property | No argument or block type is named \"/\". | c.json:1,2-5 | c.json:1,2-5"
        ]
    );
}

/// A value the parser rejected (and reported) is not reported again by body
/// processing. Go reports `{"b": tru}` twice: "Invalid JSON keyword" from
/// the parser, then "Incorrect JSON value type" when `b` is read as a
/// block.
#[test]
fn deviation_json_invalid_value_is_not_reported_again() {
    let (file, d) = hcl_core::json::parse(br#"{"b": tru, "l": {"x": tru}}"#, "i.json");
    assert_eq!(d.len(), 2);
    let (content, d) = file.body().content(&schema("@b @l:n"));
    assert!(d.is_empty(), "{d:?}");
    assert!(content.blocks.is_empty());
}

/// A document whose root is not an object reports missing items at its
/// start; Go reports them at a zero range with no file name (`:0,0-0`).
#[test]
fn deviation_json_missing_item_range_of_invalid_root() {
    let (file, _) = hcl_core::json::parse(b"\n\"hello\"", "root.json");
    let (_, d) = file.body().content(&schema("a!"));
    assert_eq!(
        diags(&d),
        [
            "Missing required argument | The argument \"a\" is required, but no definition was found. | root.json:1,1-1"
        ]
    );
}

// ---------------------------------------------------------------------------
// The two-step rule, property-tested

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
                (
                    b.type_range.clone(),
                    b.label_ranges.clone(),
                    b.body.missing_item_range(),
                ),
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

const NAMES: &[&str] = &["a", "b", "c", "ab", "bc", "x", "//"];

/// One property of a generated body: an attribute-like value, or a
/// block-like nesting of objects (arrays, nulls, scalars mixed in).
#[derive(Clone, Debug)]
enum Item {
    Value(usize, usize),
    Nested(usize, Vec<(bool, usize)>, usize),
}

fn item() -> impl Strategy<Value = Item> {
    prop_oneof![
        (0..NAMES.len(), 0..5usize).prop_map(|(n, v)| Item::Value(n, v)),
        (
            0..NAMES.len(),
            prop::collection::vec((any::<bool>(), 0..3usize), 0..3),
            0..4usize
        )
            .prop_map(|(t, l, body)| Item::Nested(t, l, body)),
    ]
}

fn render_item(item: &Item) -> String {
    match item {
        Item::Value(n, v) => {
            let value = ["1", "\"s\"", "[1, \"${x.y}\"]", "{\"k\": true}", "null"][*v];
            format!("\"{}\": {value}", NAMES[*n])
        }
        Item::Nested(t, labels, body) => {
            let mut value =
                ["{}", "{\"inner\": 1}", "[{}, {\"inner\": 2}]", "null"][*body].to_owned();
            for (array, l) in labels.iter().rev() {
                let l = ["l0", "l1", "l2"][*l];
                value = if *array {
                    format!("[{{\"{l}\": {value}}}]")
                } else {
                    format!("{{\"{l}\": {value}}}")
                };
            }
            format!("\"{}\": {value}", NAMES[*t])
        }
    }
}

/// A body: one object, or an array of objects (some items per element).
fn render(items: &[Item], as_array: bool) -> String {
    let props: Vec<String> = items.iter().map(render_item).collect();
    if as_array {
        let chunks: Vec<String> = props
            .chunks(2)
            .map(|c| format!("{{{}}}", c.join(", ")))
            .collect();
        format!("[{}]", chunks.join(",\n"))
    } else {
        format!("{{{}}}", props.join(",\n"))
    }
}

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
        as_array in any::<bool>(),
        steps in 2..4usize,
        split in split(3),
    ) {
        let src = render(&items, as_array);
        let b = body("p.json", &src);
        let union = step_schema(&split, None);
        prop_assert!(union.validate().is_ok());
        let (one, d) = b.content(&union);
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
    /// the properties the partial processing did not take (the first
    /// definition of each name, "//" aside), and fails only for an array
    /// body or a name defined twice.
    #[test]
    fn dynamic_attributes_of_remaining_body_for_random_bodies(
        items in prop::collection::vec(item(), 0..8),
        split in split(1),
    ) {
        let src = render(&items, false);
        let file = parse("p.json", &src);
        let s = step_schema(&split, None);
        let (_, rest, _) = file.body().partial_content(&s);
        let (remaining, d) = rest.just_attributes();
        let names: Vec<&str> = items
            .iter()
            .map(|i| match i {
                Item::Value(n, _) | Item::Nested(n, _, _) => NAMES[*n],
            })
            .filter(|n| *n != "//")
            .collect();
        let taken = |n: &str| {
            s.find_block(n).is_some()
                || (s.find_attribute(n).is_some() && names.contains(&n))
        };
        let mut expected: Vec<String> = names.iter().filter(|n| !taken(n)).map(|n| (*n).to_owned()).collect();
        expected.sort();
        expected.dedup();
        prop_assert_eq!(remaining.keys().cloned().collect::<Vec<_>>(), expected);
        let mut seen = std::collections::BTreeSet::new();
        let twice = names.iter().filter(|n| !taken(n)).any(|n| !seen.insert(*n));
        prop_assert_eq!(d.has_errors(), twice, "source:\n{}", src);
    }
}
