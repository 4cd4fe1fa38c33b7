//! Native targets: each converts by the core's rules first, then extracts;
//! errors carry the path inside the value and point at the element at
//! fault.

// Some fields are only there to be decoded.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::Arc;

use hcl_decode::{
    FromValue, FromValueError, HclBody, Number, Pos, Range, Serde, Type, Value, decode_value,
};
use num_bigint::BigInt;

fn at() -> Range {
    Range::at("v.hcl", Pos::start())
}

fn ok<T: FromValue>(v: Value) -> T {
    match decode_value::<T>(&v, &at()) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

fn err<T: FromValue + std::fmt::Debug>(v: Value) -> String {
    match decode_value::<T>(&v, &at()) {
        Ok(t) => panic!("decoded {t:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn strings_bools_and_conversions() {
    assert_eq!(ok::<String>(Value::string("a")), "a");
    assert_eq!(ok::<String>(Value::number(5)), "5");
    assert_eq!(ok::<String>(Value::bool(true)), "true");
    assert_eq!(&*ok::<Box<str>>(Value::string("b")), "b");
    assert_eq!(&*ok::<Arc<str>>(Value::string("c")), "c");
    assert_eq!(
        ok::<std::path::PathBuf>(Value::string("certs/tls.crt")),
        std::path::Path::new("certs/tls.crt")
    );
    assert_eq!(
        err::<std::path::PathBuf>(Value::tuple([])),
        "string required"
    );
    assert!(ok::<bool>(Value::string("true")));
    assert_eq!(err::<bool>(Value::string("yes")), "a bool is required");
    assert_eq!(err::<String>(Value::tuple([])), "string required");
    assert_eq!(
        err::<String>(Value::null(Type::String)),
        "a null value is not allowed here"
    );
    assert_eq!(
        err::<String>(Value::unknown(Type::String)),
        "the value is not known yet"
    );
}

#[test]
fn every_integer_width_is_range_checked() {
    assert_eq!(ok::<i8>(Value::number(-128)), -128);
    assert_eq!(ok::<i16>(Value::number(-300)), -300);
    assert_eq!(ok::<i32>(Value::string("70000")), 70000);
    assert_eq!(ok::<i64>(Value::number(i64::MIN)), i64::MIN);
    assert_eq!(
        ok::<i128>(Value::number(Number::from(i128::MAX))),
        i128::MAX
    );
    assert_eq!(ok::<isize>(Value::number(-1)), -1);
    assert_eq!(ok::<u8>(Value::number(255)), 255);
    assert_eq!(ok::<u16>(Value::string("8080")), 8080);
    assert_eq!(ok::<u32>(Value::number(4_000_000_000u32)), 4_000_000_000);
    assert_eq!(ok::<u64>(Value::number(u64::MAX)), u64::MAX);
    assert_eq!(
        ok::<u128>(Value::number(Number::from(u128::MAX))),
        u128::MAX
    );
    assert_eq!(ok::<usize>(Value::number(7)), 7);

    assert_eq!(
        err::<u8>(Value::number(256)),
        "value must be a whole number, between 0 and 255 inclusive"
    );
    assert_eq!(
        err::<u8>(Value::number(-1)),
        "value must be a whole number, between 0 and 255 inclusive"
    );
    assert_eq!(
        err::<i8>(Value::number(128)),
        "value must be a whole number, between -128 and 127"
    );
    assert_eq!(
        err::<u16>(Value::number(Number::parse_literal("1.5").unwrap())),
        "value must be a whole number, between 0 and 65535 inclusive"
    );
    assert_eq!(
        err::<i64>(Value::number(Number::from(u64::MAX))),
        "value must be a whole number, between -9223372036854775808 and 9223372036854775807"
    );
    assert_eq!(err::<u32>(Value::string("ten")), "a number is required");
}

#[test]
fn floats_and_big_numbers() {
    assert_eq!(ok::<f64>(Value::string("1.5")), 1.5);
    assert_eq!(
        ok::<f32>(Value::number(Number::parse_literal("0.25").unwrap())),
        0.25
    );
    assert_eq!(ok::<f64>(Value::number(Number::INFINITY)), f64::INFINITY);
    let big = Number::parse_literal("123456789012345678901234567890").unwrap();
    assert_eq!(
        ok::<BigInt>(Value::number(big.clone())).to_string(),
        "123456789012345678901234567890"
    );
    assert_eq!(ok::<Number>(Value::number(big.clone())), big);
    assert_eq!(
        err::<BigInt>(Value::number(Number::parse_literal("0.5").unwrap())),
        "value must be a whole number"
    );
}

#[test]
fn collections_options_and_tuples() {
    let list = Value::tuple([Value::number(1), Value::string("2")]);
    assert_eq!(ok::<Vec<u8>>(list.clone()), [1, 2]);
    assert_eq!(ok::<VecDeque<u8>>(list.clone()), [1, 2]);
    assert_eq!(ok::<BTreeSet<u8>>(list.clone()).len(), 2);
    assert_eq!(
        ok::<HashSet<String>>(Value::tuple([Value::string("a"), Value::string("a")])).len(),
        1
    );
    let map = Value::object([("a", Value::number(1)), ("b", Value::string("2"))]);
    assert_eq!(ok::<BTreeMap<String, u8>>(map.clone())["b"], 2);
    assert_eq!(ok::<HashMap<String, u64>>(map)["a"], 1);
    assert_eq!(ok::<Option<u8>>(Value::null(Type::Number)), None);
    assert_eq!(ok::<Option<u8>>(Value::number(3)), Some(3));
    assert_eq!(
        ok::<Vec<Option<u8>>>(Value::tuple([Value::null(Type::Dynamic), Value::number(1)])),
        [None, Some(1)]
    );
    assert_eq!(ok::<Box<u8>>(Value::number(3)), Box::new(3));
    assert_eq!(
        ok::<(String, u8)>(Value::tuple([Value::string("a"), Value::string("1")])),
        ("a".to_owned(), 1)
    );
    assert_eq!(ok::<(bool,)>(Value::tuple([Value::bool(true)])), (true,));
    let eight = Value::tuple((1..=8).map(Value::number));
    assert_eq!(ok::<(u8, u8, u8, u8, u8, u8, u8, u8)>(eight).7, 8);

    // Errors carry the path inside the value.
    assert_eq!(
        err::<Vec<u8>>(Value::tuple([Value::number(1), Value::number(300)])),
        "[1]: value must be a whole number, between 0 and 255 inclusive"
    );
    assert_eq!(
        err::<BTreeMap<String, Vec<bool>>>(Value::object([(
            "x",
            Value::tuple([Value::bool(true), Value::string("no")])
        )])),
        "[\"x\"][1]: a bool is required"
    );
    assert_eq!(
        err::<(u8, u8)>(Value::tuple([Value::number(1)])),
        "tuple required"
    );
    assert_eq!(
        err::<Vec<u8>>(Value::tuple([Value::null(Type::Number)])),
        "[0]: a null value is not allowed here"
    );
}

#[test]
fn values_are_taken_as_they_are() {
    let v = Value::object([("a", Value::unknown(Type::String))]);
    assert_eq!(ok::<Value>(v.clone()), v);
    assert_eq!(
        ok::<Value>(Value::null(Type::Dynamic)),
        Value::null(Type::Dynamic)
    );
}

#[derive(serde::Deserialize, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Shape {
    Circle { radius: f64 },
    Square(u32),
    Dot,
}

#[derive(serde::Deserialize, Debug, PartialEq)]
struct Point {
    x: i32,
    y: i32,
    label: Option<String>,
    #[serde(default)]
    tags: Vec<String>,
}

#[test]
fn serde_bridge() {
    let p: Serde<Point> = ok(Value::object([
        ("x", Value::number(1)),
        ("y", Value::string("-2")),
    ]));
    assert_eq!(
        p.into_inner(),
        Point {
            x: 1,
            y: -2,
            label: None,
            tags: vec![]
        }
    );
    let shapes: Serde<Vec<Shape>> = ok(Value::tuple([
        Value::object([("circle", Value::object([("radius", Value::number(2))]))]),
        Value::object([("square", Value::number(3))]),
        Value::string("dot"),
    ]));
    assert_eq!(
        shapes.0,
        [Shape::Circle { radius: 2.0 }, Shape::Square(3), Shape::Dot]
    );
    assert_eq!(
        err::<Serde<Point>>(Value::object([
            ("x", Value::number(1)),
            ("y", Value::string("up"))
        ])),
        ".y: a number is required"
    );
    assert_eq!(
        err::<Serde<Vec<Point>>>(Value::tuple([Value::object([("x", Value::number(1))])])),
        "[0]: missing field `y`"
    );
    assert_eq!(
        err::<Serde<u8>>(Value::number(300)),
        "value must be a whole number, between 0 and 255 inclusive"
    );
    // Any value through serde_json's own types.
    let j: Serde<serde_json::Value> = ok(Value::object([(
        "a",
        Value::tuple([Value::number(1), Value::bool(true)]),
    )]));
    assert_eq!(j.0, serde_json::json!({"a": [1, true]}));
}

#[test]
fn value_implements_serialize_and_deserialize() {
    let v = Value::object([
        ("name", Value::string("web")),
        (
            "ports",
            Value::list([Value::number(80), Value::number(443)]).unwrap(),
        ),
        (
            "ratio",
            Value::number(Number::parse_literal("0.5").unwrap()),
        ),
        ("none", Value::null(Type::String)),
    ]);
    let json = serde_json::to_string(&v).unwrap();
    assert_eq!(
        json,
        r#"{"name":"web","none":null,"ports":[80,443],"ratio":0.5}"#
    );
    let back: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        back,
        Value::object([
            ("name", Value::string("web")),
            ("none", Value::null(Type::Dynamic)),
            (
                "ports",
                Value::tuple([Value::number(80), Value::number(443)])
            ),
            (
                "ratio",
                Value::number(Number::parse_literal("0.5").unwrap())
            ),
        ])
    );
    assert!(serde_json::to_string(&Value::unknown(Type::String)).is_err());
}

#[derive(HclBody, Debug)]
struct Ports {
    ports: Vec<u16>,
    limits: BTreeMap<String, u8>,
    server: Option<Server>,
}

#[derive(HclBody, Debug)]
struct Server {
    host: String,
    port: u16,
}

#[test]
fn errors_point_at_the_element_at_fault() {
    let src = "ports = [80, \"http\", 443]\nlimits = { cpu = 1, \"mem\" = 300 }\nserver = { host = \"h\", port = [1] }\n";
    let e = hcl_decode::from_str::<Ports>(src, "p.hcl").unwrap_err();
    let lines: Vec<String> = e.diagnostics().iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "p.hcl:1,14-20: Incorrect attribute value type; Inappropriate value for attribute \"ports\": [1]: a number is required.",
            "p.hcl:2,29-32: Invalid attribute value; Inappropriate value for attribute \"limits\": [\"mem\"]: value must be a whole number, between 0 and 255 inclusive.",
            "p.hcl:3,31-34: Incorrect attribute value type; Inappropriate value for attribute \"server\": .port: number required.",
        ]
    );
    // The whole expression is the context.
    let first = e.diagnostics().iter().next().unwrap();
    assert_eq!(
        first.context.as_ref().map(ToString::to_string).as_deref(),
        Some("p.hcl:1,9-26")
    );
    // Not a literal collection: the whole expression.
    let e = hcl_decode::Decoder::new()
        .variable("p", Value::tuple([Value::string("x")]))
        .decode_str::<Ports>("ports = p\nlimits = {}\n", "p.hcl")
        .unwrap_err();
    assert_eq!(
        e.diagnostics().to_string(),
        "p.hcl:1,9-10: Incorrect attribute value type; Inappropriate value for attribute \"ports\": [0]: a number is required."
    );
}

#[test]
fn value_error_conversions() {
    let e: FromValueError = "plain".into();
    assert_eq!(
        (e.summary(), e.message()),
        ("Invalid attribute value", "plain")
    );
    let e = FromValueError::new("deep")
        .within(hcl_decode::PathStep::Attr("b".into()))
        .within(hcl_decode::PathStep::Index(Value::number(0)))
        .with_summary("Bad");
    assert_eq!(e.to_string(), "[0].b: deep");
    assert_eq!(e.path().steps().len(), 2);
    assert_eq!(e.summary(), "Bad");
}
