//! The exported JSON Schema agrees with the decoder: documents in the
//! JSON syntax, valid and invalid, generated from several schemas, are
//! judged by an independent JSON Schema validator (the `jsonschema`
//! crate) and by decoding; the verdicts must be equal on every one.
//!
//! Left out, as no JSON Schema can judge them: `${…}` templates, integers
//! beyond a Rust integer's range, durations too long.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::time::Duration;

use hcl_decode::prelude::*;
use hcl_decode::schema::{Attribute, BlockContent, BlockType, Body, Constraint, Nesting, Schema};
use hcl_decode::{FromValue, Type};

#[derive(FromValue, ToValue, Debug, Clone, Copy)]
enum Level {
    Debug,
    Info,
    Warn,
}

#[derive(HclBody, Debug)]
struct App {
    name: String,
    #[hcl(default = 8080)]
    port: u16,
    level: Option<Level>,
    #[hcl(optional)]
    tags: Vec<String>,
    timeout: Option<Duration>,
    ratio: Option<f64>,
    enabled: Option<bool>,
    #[hcl(optional)]
    levels: Vec<Level>,
    #[hcl(block)]
    listener: Vec<Listener>,
    #[hcl(block)]
    tls: Option<Tls>,
    #[hcl(block)]
    limits: Limits,
}

#[derive(HclBody, Debug)]
struct Listener {
    #[hcl(label)]
    name: String,
    port: u16,
    #[hcl(optional)]
    hosts: Vec<String>,
}

#[derive(HclBody, Debug)]
struct Tls {
    cert: String,
    #[hcl(default = Level::Info)]
    level: Level,
}

#[derive(HclBody, Debug)]
struct Limits {
    #[hcl(default = 10)]
    burst: i8,
    #[hcl(block)]
    inner: Option<Inner>,
}

#[derive(HclBody, Debug)]
struct Inner {
    depth: u8,
    #[hcl(optional)]
    weights: BTreeMap<String, u32>,
}

#[derive(HclBody, Debug)]
struct Routes {
    #[hcl(block)]
    route: BTreeMap<String, Route>,
    #[hcl(blocks)]
    steps: Vec<Step>,
    #[hcl(block)]
    backend: Option<Backend>,
    #[hcl(block)]
    rule: Vec<Rule>,
}

#[derive(HclBody, Debug)]
struct Route {
    #[hcl(label)]
    path: String,
    target: String,
    #[hcl(default = 30)]
    weight: u8,
}

#[derive(HclBody, Debug)]
enum Step {
    Run(RunStep),
    Build(BuildStep),
}

#[derive(HclBody, Debug)]
struct RunStep {
    command: String,
    retries: Option<u8>,
}

#[derive(HclBody, Debug)]
struct BuildStep {
    #[hcl(label)]
    target: String,
}

#[derive(HclBody, Debug)]
#[hcl(by_label = "kind")]
enum Backend {
    Local(LocalBackend),
    S3(S3Backend),
}

#[derive(HclBody, Debug)]
struct LocalBackend {
    #[hcl(label)]
    name: String,
    path: String,
}

#[derive(HclBody, Debug)]
struct S3Backend {
    #[hcl(label)]
    name: String,
    bucket: String,
    region: Option<String>,
}

#[derive(HclBody, Debug)]
struct Rule {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    #[hcl(optional)]
    allow: bool,
}

#[derive(HclBody, Debug)]
struct Open {
    id: i16,
    #[hcl(remain)]
    rest: hcl_decode::BodyHandle,
}

/// A small deterministic generator (xorshift), so that a failure repeats.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Writes documents: each decision may, while `faults` remain, take a
/// choice meant to be invalid.
struct Gen {
    rng: Rng,
    faults: u32,
}

impl Gen {
    fn fault(&mut self) -> bool {
        if self.faults > 0 && self.rng.chance(12) {
            self.faults -= 1;
            true
        } else {
            false
        }
    }

    fn body(&mut self, body: &Body) -> String {
        let mut props: Vec<String> = Vec::new();
        if self.rng.chance(20) {
            props.push(r#""//": "a comment""#.to_owned());
        }
        for a in &body.attributes {
            if let Some(v) = self.attribute(a) {
                props.push(format!("{:?}: {v}", a.name));
            }
        }
        for b in &body.blocks {
            if let Some(v) = self.block(b) {
                props.push(format!("{:?}: {v}", b.name));
            }
        }
        if self.fault() {
            props.push(r#""bogus": 1"#.to_owned());
        } else if !body.exhaustive && self.rng.chance(50) {
            props.push(r#""extra": [1, 2]"#.to_owned());
        }
        format!("{{{}}}", props.join(", "))
    }

    fn attribute(&mut self, a: &Attribute) -> Option<String> {
        if self.fault() {
            // Absent, or null, whatever the attribute.
            return self.rng.chance(50).then(|| "null".to_owned());
        }
        if !a.required {
            match self.rng.below(4) {
                0 => return None,
                1 => return Some("null".to_owned()),
                _ => {}
            }
        }
        Some(self.value(&a.ty, a.constraint.as_ref()))
    }

    fn value(&mut self, ty: &Type, c: Option<&Constraint>) -> String {
        let bad = self.fault();
        match (ty, c) {
            (_, Some(Constraint::OneOf(values))) => {
                if bad {
                    (*self.rng.pick(&[r#""nope""#, "1", "[]"])).to_owned()
                } else {
                    format!("{:?}", self.rng.pick(values).value)
                }
            }
            (_, Some(Constraint::Integer { min, max, .. })) => {
                let min = min.to_i64().unwrap_or(i64::MIN / 2);
                let max = max.to_i64().unwrap_or(i64::MAX / 2);
                if bad {
                    match self.rng.below(4) {
                        0 => format!("{}", max + 1),
                        1 => format!("{}", min - 1),
                        2 => "1.5".to_owned(),
                        _ => r#""ten""#.to_owned(),
                    }
                } else {
                    let span = (max - min).min(1000) as usize + 1;
                    let n = min + self.rng.below(span) as i64;
                    if self.rng.chance(25) {
                        format!("\"{n}\"")
                    } else {
                        n.to_string()
                    }
                }
            }
            (_, Some(Constraint::Duration)) => {
                let good = [r#""1h30m""#, r#""250ms""#, r#""0""#, r#""1.5h""#, r#""300us""#];
                let wrong = [r#""90""#, r#""-1s""#, r#""soon""#, "true"];
                (*self.rng.pick(if bad { &wrong[..] } else { &good[..] })).to_owned()
            }
            (Type::String, _) => {
                let good = [r#""web""#, r#""a b""#, "12", "true", r#""""#];
                let wrong = ["[]", "{}"];
                (*self.rng.pick(if bad { &wrong[..] } else { &good[..] })).to_owned()
            }
            (Type::Number, _) => {
                let good = ["1.5", "42", r#""3.25""#, "-7"];
                let wrong = [r#""x""#, "true", "[]"];
                (*self.rng.pick(if bad { &wrong[..] } else { &good[..] })).to_owned()
            }
            (Type::Bool, _) => {
                let good = ["true", "false", r#""true""#, r#""false""#];
                let wrong = [r#""yes""#, "1", "{}"];
                (*self.rng.pick(if bad { &wrong[..] } else { &good[..] })).to_owned()
            }
            (Type::List(e) | Type::Set(e), c) => {
                if bad {
                    return (*self.rng.pick(&["[null]", r#""x""#, "{}"])).to_owned();
                }
                let inner = match c {
                    Some(Constraint::Elements(i)) => Some(&**i),
                    _ => None,
                };
                let n = self.rng.below(3);
                let items: Vec<String> = (0..n).map(|_| self.value(e, inner)).collect();
                format!("[{}]", items.join(", "))
            }
            (Type::Map(e), c) => {
                if bad {
                    return (*self.rng.pick(&[r#"{"a": null}"#, "[]"])).to_owned();
                }
                let inner = match c {
                    Some(Constraint::Elements(i)) => Some(&**i),
                    _ => None,
                };
                let n = self.rng.below(3);
                let items: Vec<String> = (0..n)
                    .map(|i| format!("\"k{i}\": {}", self.value(e, inner)))
                    .collect();
                format!("{{{}}}", items.join(", "))
            }
            _ => "1".to_owned(),
        }
    }

    /// A block type's property, or `None` for absent.
    fn block(&mut self, b: &BlockType) -> Option<String> {
        let count = match (b.nesting, self.fault()) {
            (Nesting::Single, false) => 1,
            (Nesting::Single, true) => *self.rng.pick(&[0, 2]),
            (Nesting::Optional, false) => self.rng.below(2),
            (Nesting::Optional, true) => 2,
            (Nesting::List | Nesting::Map, _) => self.rng.below(4),
        };
        if count == 0 {
            return match self.rng.below(3) {
                0 => None,
                1 if b.nesting != Nesting::Single => Some("null".to_owned()),
                _ if b.labels.is_empty() => Some("[]".to_owned()),
                _ => Some("{}".to_owned()),
            };
        }
        // The blocks, each as its labels and body.
        let mut blocks: Vec<(Vec<String>, String)> = Vec::new();
        for i in 0..count {
            let (mut labels, body) = match &b.content {
                BlockContent::Body(body) => (Vec::new(), self.body(body)),
                BlockContent::ByLabel { variants, .. } => {
                    let v = self.rng.pick(variants);
                    let first = if self.fault() { "unknown".to_owned() } else { v.name.clone() };
                    let body = self.body(&v.body);
                    (vec![first], body)
                }
            };
            while labels.len() < b.labels.len() {
                // With a map, a repeated key is a fault.
                let key = if b.nesting == Nesting::Map && labels.is_empty() && self.fault() {
                    "k0".to_owned()
                } else {
                    format!("k{}", if labels.is_empty() { i } else { self.rng.below(2) })
                };
                labels.push(key);
            }
            blocks.push((labels, body));
        }
        Some(nest(&blocks, 0, b.labels.len()))
    }
}

/// The JSON form of blocks: one level of objects per label (blocks that
/// share a label at a level share its object), then one body or an array.
fn nest(blocks: &[(Vec<String>, String)], level: usize, labels: usize) -> String {
    if level == labels {
        if blocks.len() == 1 && labels > 0 {
            return blocks[0].1.clone();
        }
        let bodies: Vec<&str> = blocks.iter().map(|(_, b)| b.as_str()).collect();
        if bodies.len() == 1 {
            return bodies[0].to_owned();
        }
        return format!("[{}]", bodies.join(", "));
    }
    let mut keys: Vec<&str> = Vec::new();
    for (l, _) in blocks {
        if !keys.contains(&l[level].as_str()) {
            keys.push(&l[level]);
        }
    }
    let parts: Vec<String> = keys
        .iter()
        .map(|k| {
            let group: Vec<(Vec<String>, String)> =
                blocks.iter().filter(|(l, _)| l[level] == *k).cloned().collect();
            format!("{k:?}: {}", nest(&group, level + 1, labels))
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

fn agree<T: HclBody + std::fmt::Debug>(seed: u64, documents: usize) -> (usize, usize) {
    let schema = Schema::of::<T>();
    let json_schema: serde_json::Value =
        serde_json::from_str(&schema.to_json_schema()).expect("the JSON Schema is JSON");
    let validator = jsonschema::validator_for(&json_schema).expect("a valid JSON Schema");
    let mut g = Gen {
        rng: Rng(seed),
        faults: 0,
    };
    let (mut valid, mut invalid) = (0, 0);
    for i in 0..documents {
        g.faults = if i % 2 == 0 { 0 } else { 1 + (i % 3) as u32 };
        let text = g.body(&schema.body);
        let instance: serde_json::Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("generated invalid JSON {e}: {text}"));
        let by_schema = validator.is_valid(&instance);
        let decoded = hcl_decode::from_str::<T>(&text, "config.hcl.json");
        assert_eq!(
            by_schema,
            decoded.is_ok(),
            "the JSON Schema says {by_schema}, the decoder {decoded:?}, on\n{text}\n\nschema:\n{}",
            schema.to_json_schema()
        );
        if by_schema {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    (valid, invalid)
}

#[test]
fn the_json_schema_and_the_decoder_agree() {
    let mut total = (0, 0);
    for (valid, invalid) in [
        agree::<App>(0x9e37_79b9_7f4a_7c15, 500),
        agree::<Routes>(0x2545_f491_4f6c_dd1d, 500),
        agree::<Limits>(0x1234_5678_9abc_def1, 200),
        agree::<Open>(0x0f0f_f0f0_1357_9bdf, 100),
    ] {
        assert!(valid > 0 && invalid > 0, "{valid} valid, {invalid} invalid");
        total.0 += valid;
        total.1 += invalid;
    }
    eprintln!("{} valid and {} invalid documents, judged alike", total.0, total.1);
    assert!(total.0 + total.1 >= 1000);
    assert!(total.0 >= 300 && total.1 >= 300, "{total:?}");
}

#[test]
fn the_json_schema_is_deterministic_and_documents_the_body() {
    let text = Schema::of::<App>().to_json_schema();
    assert_eq!(text, Schema::of::<App>().to_json_schema());
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["additionalProperties"], serde_json::json!(false));
    assert_eq!(v["required"], serde_json::json!(["name", "limits"]));
    assert_eq!(v["properties"]["port"]["default"], serde_json::json!(8080));
    assert_eq!(
        v["properties"]["level"]["anyOf"][0]["enum"],
        serde_json::json!(["debug", "info", "warn"])
    );
    let _ = u8::value_constraint();
}
