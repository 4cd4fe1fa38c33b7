//! Dynamic block expansion, in both syntaxes, with Go's diagnostics.

#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use super::*;
use crate::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::diagnostic::Diagnostics;
use crate::native::{ParseOptions, parse_config};
use crate::traversal::Traversal;
use crate::ty::Type;
use crate::value::Value;

fn native(src: &str) -> DynBody {
    let (file, diags) = parse_config(src.as_bytes(), "test.hcl", &ParseOptions::default());
    assert!(diags.is_empty(), "{diags:?}");
    Arc::new(file.body())
}

fn json(src: &str) -> DynBody {
    let (file, diags) = crate::json::parse(src.as_bytes(), "test.json");
    assert!(diags.is_empty(), "{diags:?}");
    Arc::new(file.body())
}

fn vars(pairs: &[(&str, Value)]) -> EvalContext {
    let mut ctx = EvalContext::new();
    for (name, value) in pairs {
        ctx.declare_variable(*name, value.clone()).unwrap();
    }
    ctx
}

/// Each expanded block's labels and attribute values.
type Expanded = Vec<(Vec<String>, Vec<Value>)>;

/// The blocks of type `ty` (with `labels` label names) and the value of
/// each one's attributes `names`, evaluated in `ctx`.
fn expand_blocks(
    body: DynBody,
    ctx: &EvalContext,
    ty: &str,
    labels: usize,
    names: &[&str],
) -> (Expanded, Diagnostics) {
    let body = expand(body, ctx);
    let mut header = BlockHeaderSchema::new(ty);
    for i in 0..labels {
        header = header.label(format!("l{i}"));
    }
    let (content, mut diags) = body.content(&BodySchema::new().block(header));
    let mut out = Vec::new();
    for block in content.blocks {
        let mut schema = BodySchema::new();
        for n in names {
            schema = schema.attribute(AttributeSchema::optional(*n));
        }
        let (inner, d) = block.body.content(&schema);
        diags.extend(d);
        let values = names
            .iter()
            .map(|n| {
                inner
                    .attributes
                    .get(*n)
                    .map(|a| {
                        let (v, d) = a.expr.value(ctx);
                        diags.extend(d);
                        v
                    })
                    .unwrap_or_else(|| Value::null(Type::Dynamic))
            })
            .collect();
        out.push((block.labels, values));
    }
    (out, diags)
}

fn summaries(diags: &Diagnostics) -> Vec<(String, String, String)> {
    diags
        .iter()
        .map(|d| {
            let subject = d
                .subject
                .as_ref()
                .map(|r| r.to_string())
                .unwrap_or_default();
            (d.summary.to_string(), d.detail.to_string(), subject)
        })
        .collect()
}

#[test]
fn a_list_gives_one_block_per_element_with_index_keys() {
    let body = native(
        r#"
dynamic "listener" {
  for_each = [80, 443]
  content {
    port = listener.value
    index = listener.key
  }
}
listener {
  port = 8080
}
"#,
    );
    let (blocks, diags) =
        expand_blocks(body, &EvalContext::new(), "listener", 0, &["port", "index"]);
    assert!(diags.is_empty(), "{diags:?}");
    let values: Vec<_> = blocks.into_iter().map(|(_, v)| v).collect();
    assert_eq!(
        values,
        [
            vec![Value::number(80), Value::number(0)],
            vec![Value::number(443), Value::number(1)],
            vec![Value::number(8080), Value::null(Type::Dynamic)],
        ]
    );
}

#[test]
fn a_map_gives_keys_and_labels_and_a_named_iterator() {
    let body = native(
        r#"
dynamic "service" {
  for_each = var.services
  iterator = svc
  labels   = [svc.key]
  content {
    port = svc.value
  }
}
"#,
    );
    let services = Value::object([("api", Value::number(80)), ("web", Value::number(443))]);
    let ctx = vars(&[("var", Value::object([("services", services)]))]);
    let (blocks, diags) = expand_blocks(body, &ctx, "service", 1, &["port"]);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(
        blocks,
        [
            (vec!["api".to_owned()], vec![Value::number(80)]),
            (vec!["web".to_owned()], vec![Value::number(443)]),
        ]
    );
}

#[test]
fn a_set_iterates_with_the_element_as_key() {
    let body = native(
        "dynamic \"tag\" {\n  for_each = toset\n  content {\n    k = tag.key\n    v = tag.value\n  }\n}\n",
    );
    let set = Value::set([Value::string("a"), Value::string("b")]).unwrap();
    let ctx = vars(&[("toset", set)]);
    let (blocks, diags) = expand_blocks(body, &ctx, "tag", 0, &["k", "v"]);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(
        blocks.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
        [
            vec![Value::string("a"), Value::string("a")],
            vec![Value::string("b"), Value::string("b")],
        ]
    );
}

#[test]
fn nested_dynamic_blocks_see_the_outer_iterator() {
    let body = native(
        r#"
dynamic "group" {
  for_each = ["g1", "g2"]
  content {
    name = group.value
    dynamic "member" {
      for_each = [1, 2]
      content {
        id = "${group.value}-${member.value}"
      }
    }
  }
}
"#,
    );
    let body = expand(body, &EvalContext::new());
    let (content, diags) = body.content(&BodySchema::new().block(BlockHeaderSchema::new("group")));
    assert!(diags.is_empty(), "{diags:?}");
    let mut ids = Vec::new();
    for group in &content.blocks {
        let schema = BodySchema::new()
            .attribute(AttributeSchema::required("name"))
            .block(BlockHeaderSchema::new("member"));
        let (inner, diags) = group.body.content(&schema);
        assert!(diags.is_empty(), "{diags:?}");
        for member in &inner.blocks {
            let (m, diags) = member
                .body
                .content(&BodySchema::new().attribute(AttributeSchema::required("id")));
            assert!(diags.is_empty(), "{diags:?}");
            ids.push(m.attributes["id"].expr.value(&EvalContext::new()).0);
        }
    }
    let want: Vec<Value> = ["g1-1", "g1-2", "g2-1", "g2-2"]
        .into_iter()
        .map(Value::string)
        .collect();
    assert_eq!(ids, want);
}

#[test]
fn an_unknown_for_each_gives_one_block_with_an_unknown_body() {
    let body = native(
        "dynamic \"rule\" {\n  for_each = var.rules\n  content {\n    port = 80\n    inner {\n      x = 1\n    }\n  }\n}\n",
    );
    let ctx = vars(&[(
        "var",
        Value::object([("rules", Value::unknown(Type::list(Type::Number)))]),
    )]);
    let body = expand(body, &ctx);
    let (content, diags) = body.content(&BodySchema::new().block(BlockHeaderSchema::new("rule")));
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(content.blocks.len(), 1);
    let schema = BodySchema::new()
        .attribute(AttributeSchema::required("port"))
        .block(BlockHeaderSchema::new("inner"));
    let (inner, diags) = content.blocks[0].body.content(&schema);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(
        inner.attributes["port"].expr.value(&ctx).0,
        Value::dynamic()
    );
    let (nested, _) = inner.blocks[0]
        .body
        .content(&BodySchema::new().attribute(AttributeSchema::required("x")));
    assert_eq!(nested.attributes["x"].expr.value(&ctx).0, Value::dynamic());
}

#[test]
fn errors_are_gos() {
    let cases: &[(&str, usize, (&str, &str, &str))] = &[
        (
            "dynamic \"b\" {\n  for_each = 5\n  content {}\n}\n",
            0,
            (
                "Invalid dynamic for_each value",
                "Cannot use a number value in for_each. An iterable collection is required.",
                "test.hcl:2,14-15",
            ),
        ),
        (
            "dynamic \"b\" {\n  for_each = null\n  content {}\n}\n",
            0,
            (
                "Invalid dynamic for_each value",
                "Cannot use a null value in for_each.",
                "test.hcl:2,14-18",
            ),
        ),
        (
            "dynamic \"b\" {\n  for_each = [1]\n}\n",
            0,
            (
                "Missing dynamic content block",
                "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.",
                "test.hcl:1,13-13",
            ),
        ),
        (
            "dynamic \"b\" {\n  for_each = [1]\n  content {}\n  content {}\n}\n",
            0,
            (
                "Extraneous dynamic content block",
                "Only one nested content block is allowed for each dynamic block.",
                "test.hcl:4,3-10",
            ),
        ),
        (
            "dynamic \"b\" {\n  for_each = [1]\n  labels = [\"x\", \"y\"]\n  content {}\n}\n",
            1,
            (
                "Extraneous dynamic block label",
                "Blocks of type \"b\" require 1 label(s).",
                "test.hcl:3,18-21",
            ),
        ),
        (
            "dynamic \"b\" {\n  for_each = [1]\n  labels = []\n  content {}\n}\n",
            1,
            (
                "Insufficient dynamic block labels",
                "Blocks of type \"b\" require 1 label(s).",
                "test.hcl:3,12-14",
            ),
        ),
        (
            "dynamic \"b\" {\n  for_each = [1]\n  labels = [null]\n  content {}\n}\n",
            1,
            (
                "Invalid dynamic block label",
                "Cannot use a null value as a dynamic block label.",
                "test.hcl:3,13-17",
            ),
        ),
        (
            "dynamic \"b\" {\n  for_each = [1]\n  iterator = a.b\n  content {}\n}\n",
            0,
            (
                "Invalid dynamic iterator name",
                "Dynamic iterator must be a single variable name.",
                "test.hcl:3,14-17",
            ),
        ),
        (
            "dynamic \"zzz\" {\n  for_each = [1]\n  content {}\n}\n",
            0,
            (
                "Unsupported block type",
                "Blocks of type \"zzz\" are not expected here.",
                "test.hcl:1,9-14",
            ),
        ),
        (
            "dynamic \"prot\" {\n  for_each = [1]\n  content {}\n}\n",
            0,
            (
                "Unsupported block type",
                "Blocks of type \"prot\" are not expected here. Did you mean \"port\"?",
                "test.hcl:1,9-15",
            ),
        ),
    ];
    for (src, labels, want) in cases {
        let ty = if src.contains("prot") { "port" } else { "b" };
        let (_, diags) = expand_blocks(native(src), &EvalContext::new(), ty, *labels, &[]);
        let got = summaries(&diags);
        let want = vec![(want.0.to_owned(), want.1.to_owned(), want.2.to_owned())];
        assert_eq!(got, want, "{src}");
    }
}

#[test]
fn partial_content_hides_what_it_took() {
    let body =
        native("name = \"x\"\ndynamic \"b\" {\n  for_each = [1, 2]\n  content {}\n}\nother = 1\n");
    let body = expand(body, &EvalContext::new());
    let schema = BodySchema::new()
        .attribute(AttributeSchema::required("name"))
        .block(BlockHeaderSchema::new("b"));
    let (content, remain, diags) = body.partial_content(&schema);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(content.blocks.len(), 2);
    let (attributes, diags) = remain.just_attributes();
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(attributes.keys().collect::<Vec<_>>(), ["other"]);
    let (rest, diags) =
        remain.content(&BodySchema::new().attribute(AttributeSchema::required("other")));
    assert!(diags.is_empty(), "{diags:?}");
    assert!(rest.blocks.is_empty());
}

#[test]
fn json_syntax_expands_alike() {
    let body = json(
        r#"{
  "dynamic": {
    "listener": {
      "for_each": "${[80, 443]}",
      "content": {
        "port": "${listener.value}"
      }
    }
  }
}"#,
    );
    let (blocks, diags) = expand_blocks(body, &EvalContext::new(), "listener", 0, &["port"]);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(
        blocks.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
        [vec![Value::number(80)], vec![Value::number(443)]]
    );
}

#[test]
fn variables_are_walked_without_iterators() {
    let body = native(
        r#"
a = var.a
dynamic "outer" {
  for_each = var.list
  labels = [outer.key, local.label]
  content {
    x = outer.value + var.x
    dynamic "inner" {
      for_each = outer.value
      content {
        y = inner.value + outer.key + var.y
      }
    }
  }
}
"#,
    );
    let names = |ts: &[Traversal]| {
        ts.iter()
            .map(|t| match t.steps() {
                [_, crate::traversal::Traverser::Attr { name, .. }, ..] => {
                    format!("{}.{name}", t.root_name().unwrap_or(""))
                }
                _ => t.root_name().unwrap_or("").to_owned(),
            })
            .collect::<Vec<_>>()
    };
    let root = walk_variables(body);
    let schema = BodySchema::new()
        .attribute(AttributeSchema::optional("a"))
        .block(BlockHeaderSchema::new("outer").label("name").label("extra"));
    let (vars, children) = root.visit(&schema);
    assert_eq!(names(&vars), ["var.a", "var.list", "local.label"]);
    assert_eq!(children.len(), 1);
    assert_eq!(children[0].block_type, "outer");
    let schema = BodySchema::new()
        .attribute(AttributeSchema::optional("x"))
        .block(BlockHeaderSchema::new("inner"));
    let (vars, children) = children[0].node.visit(&schema);
    assert_eq!(names(&vars), ["var.x"]);
    let (vars, _) = children[0]
        .node
        .visit(&BodySchema::new().attribute(AttributeSchema::optional("y")));
    assert_eq!(names(&vars), ["var.y"]);

    // Only what the expansion needs.
    let (file, _) = parse_config(
        b"a = var.a\ndynamic \"b\" {\n  for_each = var.list\n  content {}\n}\n",
        "t.hcl",
        &ParseOptions::default(),
    );
    let (vars, _) = walk_expand_variables(Arc::new(file.body())).visit(
        &BodySchema::new()
            .attribute(AttributeSchema::optional("a"))
            .block(BlockHeaderSchema::new("b")),
    );
    assert_eq!(names(&vars), ["var.list"]);
}

#[test]
fn deviation_dynblock_just_attributes_sees_iterators_and_hides_taken_names() {
    // Go's expanded body answers JustAttributes with the original body's
    // attributes: inside a dynamic block's content they cannot see the
    // iterator ("Unknown variable"), and after partial processing the
    // names it took (and its blocks, `dynamic` ones included) come back.
    let body = native("dynamic \"b\" {\n  for_each = [7]\n  content {\n    x = b.value\n  }\n}\n");
    let body = expand(body, &EvalContext::new());
    let (content, diags) = body.content(&BodySchema::new().block(BlockHeaderSchema::new("b")));
    assert!(diags.is_empty(), "{diags:?}");
    let (attributes, diags) = content.blocks[0].body.just_attributes();
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(
        attributes["x"].expr.value(&EvalContext::new()).0,
        Value::number(7)
    );

    let body = native("name = 1\ndynamic \"b\" {\n  for_each = [1]\n  content {}\n}\nother = 2\n");
    let body = expand(body, &EvalContext::new());
    let schema = BodySchema::new()
        .attribute(AttributeSchema::required("name"))
        .block(BlockHeaderSchema::new("b"));
    let (_, remain, diags) = body.partial_content(&schema);
    assert!(diags.is_empty(), "{diags:?}");
    let (attributes, diags) = remain.just_attributes();
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(attributes.keys().collect::<Vec<_>>(), ["other"]);

    // A dynamic block nobody took is still an error.
    let body = native("dynamic \"c\" {\n  for_each = [1]\n  content {}\n}\nother = 2\n");
    let body = expand(body, &EvalContext::new());
    let (_, remain, _) =
        body.partial_content(&BodySchema::new().block(BlockHeaderSchema::new("b")));
    let (_, diags) = remain.just_attributes();
    assert_eq!(
        summaries(&diags),
        [(
            "Unexpected \"dynamic\" block".to_owned(),
            "Blocks are not allowed here.".to_owned(),
            "test.hcl:1,1-8".to_owned()
        )]
    );
}

#[test]
fn block_types_count_a_dynamic_block_as_its_generated_type() {
    let src = "a {}\ndynamic \"b\" {\n  for_each = [1]\n  labels = [\"x\", \"y\"]\n  content {}\n}\ndynamic \"c\" {\n  for_each = [1]\n  content {}\n}\n";
    let body = expand(native(src), &EvalContext::new());
    assert_eq!(
        body.block_types(),
        Some(vec![
            ("a".to_owned(), 0),
            ("b".to_owned(), 2),
            ("c".to_owned(), 0)
        ])
    );
    // What partial processing took is hidden, generated types included.
    let schema = BodySchema::new().block(BlockHeaderSchema::new("b").label("p").label("q"));
    let (_, rest, _) = body.partial_content(&schema);
    assert_eq!(
        rest.block_types(),
        Some(vec![("a".to_owned(), 0), ("c".to_owned(), 0)])
    );
    // JSON cannot tell blocks from attributes without a schema.
    assert_eq!(
        expand(json("{\"a\": {}}"), &EvalContext::new()).block_types(),
        None
    );
}
