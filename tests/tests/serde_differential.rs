//! `hcl_decode::serde` against hcl-rs: the real-world files of the
//! formatter corpus (`hcl-core/tests/format/`: terraform-aws-eks,
//! terraform-aws-vpc, terragrunt, ...) decoded into `serde_json::Value`
//! through both crates must be equal where the input uses no expression
//! hcl-rs cannot evaluate.
//!
//! hcl-rs does not evaluate: it gives a reference, call, operation or
//! template as its text. So each file is first reduced, through hcl-rs's
//! own parser, to its literal attributes (null, bools, numbers, strings
//! without interpolation, and lists and objects of those), every block
//! kept; the reduced file is written back by hcl-rs and decoded by both.
//! Numbers compare by value (HCL's are exact and have no integer/float
//! distinction: `1.0` is 1 to us, a float to hcl-rs).

#![allow(clippy::unwrap_used)]

use std::path::Path;

use hcl::expr::{Expression, ObjectKey};
use hcl::structure::{Body, Structure};
use serde_json::Value as Json;

/// Whether hcl-rs gives this expression's value as we would.
fn literal(expr: &Expression) -> bool {
    match expr {
        Expression::Null | Expression::Bool(_) | Expression::Number(_) => true,
        Expression::String(s) => !s.contains("${") && !s.contains("%{"),
        Expression::Array(items) => items.iter().all(literal),
        Expression::Object(object) => object.iter().all(|(key, value)| {
            let key_ok = match key {
                ObjectKey::Identifier(_) => true,
                ObjectKey::Expression(Expression::String(s)) => !s.contains("${"),
                _ => false,
            };
            key_ok && literal(value)
        }),
        _ => false,
    }
}

/// The body with only its literal attributes, every block kept.
fn reduce(body: Body) -> Body {
    body.into_iter()
        .filter_map(|structure| match structure {
            Structure::Attribute(attr) => literal(&attr.expr).then_some(Structure::Attribute(attr)),
            Structure::Block(mut block) => {
                block.body = reduce(block.body);
                Some(Structure::Block(block))
            }
        })
        .collect()
}

/// Numbers by value.
fn normalize(v: Json) -> Json {
    match v {
        Json::Number(n) => n
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map_or(Json::Null, Json::Number),
        Json::Array(items) => Json::Array(items.into_iter().map(normalize).collect()),
        Json::Object(map) => {
            Json::Object(map.into_iter().map(|(k, v)| (k, normalize(v))).collect())
        }
        other => other,
    }
}

#[test]
fn real_world_files_decode_as_hcl_rs_decodes_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hcl-core/tests/format");
    let mut compared = 0;
    let mut blocks = 0;
    for dir in [
        "terraform-aws-eks",
        "terraform-aws-vpc",
        "terragrunt",
        "hclwrite-format-test",
    ] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            // Files hcl-rs cannot parse are not compared.
            let Ok(body) = hcl::parse(&text) else {
                continue;
            };
            let reduced = hcl::to_string(&reduce(body)).unwrap();
            let Ok(theirs) = hcl::from_str::<Json>(&reduced) else {
                continue;
            };
            let name = path.display().to_string();
            let ours: Json = match hcl_decode::serde::from_str(&reduced, &name) {
                Ok(v) => v,
                Err(e) => panic!("{name}: hcl-rs decodes it, we do not:\n{e}\n---\n{reduced}"),
            };
            assert_eq!(normalize(ours), normalize(theirs), "{name}\n---\n{reduced}");
            compared += 1;
            blocks += reduced.matches('{').count();
        }
    }
    assert!(compared >= 30, "only {compared} files compared");
    assert!(blocks >= 300, "only {blocks} blocks and objects compared");
}
