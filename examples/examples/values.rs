//! Builds HCL values and converts them by the information model's rules:
//! the kind of work every decoder does once an expression is evaluated.
//!
//! Run with `cargo run -p examples --example values`.

use hcl_core::convert::{self, Safety};
use hcl_core::{Number, Type, Value};

fn main() {
    // A service definition as a configuration file would produce it: a port
    // written as a string, tags as a tuple, and a timeout with a fraction.
    let service = Value::object([
        ("name", Value::string("api")),
        ("port", Value::string("8080")),
        (
            "tags",
            Value::tuple([Value::string("web"), Value::bool(true), Value::number(7)]),
        ),
        ("timeout", Value::number(parse("2.5"))),
    ]);
    println!("input:     {service}");
    println!("its type:  {}", service.ty());

    // The type the application wants.
    let wanted = Type::object([
        ("name", Type::String),
        ("port", Type::Number),
        ("tags", Type::list(Type::String)),
        ("timeout", Type::Number),
        ("replicas", Type::Number),
    ]);
    println!("wanted:    {wanted}");
    match convert::conversion_safety(service.ty(), &wanted) {
        Some(Safety::Safe) => println!("safety:    safe"),
        Some(Safety::Unsafe) => println!("safety:    unsafe (may fail for some values)"),
        None => println!("safety:    no conversion exists"),
    }
    match convert::convert(&service, &wanted) {
        Ok(v) => println!("converted: {v}"),
        Err(e) => println!("error:     {e}"),
    }

    // A value that cannot convert: the error carries the path to the part.
    let broken = Value::object([(
        "tags",
        Value::tuple([Value::string("web"), Value::empty_object()]),
    )]);
    let want = Type::object([("tags", Type::list(Type::String))]);
    match convert::convert(&broken, &want) {
        Ok(v) => println!("converted: {v}"),
        Err(e) => println!("error:     {e}"),
    }

    // Unification finds one type that several values can all convert to.
    let types = [Type::Number, Type::String, Type::Bool, Type::String];
    match convert::unify(&types) {
        Some(u) => println!("unify {types:?} = {}", u.ty),
        None => println!("unify {types:?}: no common type"),
    }

    // Numbers are exact integers or 512-bit binary floats, printed without
    // exponent: the same digits as the Go implementation.
    let eleven = parse("11");
    let rem = eleven.rem(&parse("5.1")).map(|n| n.to_string());
    println!("11 % 5.1 = {}", rem.unwrap_or_else(|e| e.to_string()));
    let third = Number::from(1).div(&Number::from(3)).map(|n| n.to_string());
    println!("1 / 3    = {}", third.unwrap_or_else(|e| e.to_string()));
}

fn parse(text: &str) -> Number {
    Number::parse_literal(text).unwrap_or(Number::ZERO)
}
