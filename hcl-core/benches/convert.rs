//! Benchmarks of conversion and unification: converting 10,000-element
//! collections, and unifying 1,000 types.
//!
//! Run with `cargo bench -p hcl-core --bench convert`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hcl_core::convert;
use hcl_core::{Type, Value};

const ELEMENTS: i64 = 10_000;
const TYPES: usize = 1_000;

fn numbers() -> Vec<Value> {
    (0..ELEMENTS)
        .map(|i| Value::number(i * 7 - 3_000))
        .collect()
}

fn conversion(c: &mut Criterion) {
    let tuple = Value::tuple(numbers());
    let list_string = Type::list(Type::String);
    c.bench_function("tuple of 10,000 numbers to list(string)", |b| {
        b.iter(|| convert::convert(black_box(&tuple), &list_string))
    });

    let Ok(list) = Value::list_of(Type::Number, numbers()) else {
        return;
    };
    let set_string = Type::set(Type::String);
    c.bench_function("list of 10,000 numbers to set(string)", |b| {
        b.iter(|| convert::convert(black_box(&list), &set_string))
    });

    let strings: Vec<Value> = (0..ELEMENTS)
        .map(|i| Value::string(i.to_string()))
        .collect();
    let Ok(strings) = Value::list_of(Type::String, strings) else {
        return;
    };
    let list_number = Type::list(Type::Number);
    c.bench_function("list of 10,000 strings to list(number)", |b| {
        b.iter(|| convert::convert(black_box(&strings), &list_number))
    });

    let list_dynamic = Type::list(Type::Dynamic);
    c.bench_function("tuple of 10,000 numbers to list(dynamic)", |b| {
        b.iter(|| convert::convert(black_box(&tuple), &list_dynamic))
    });

    let objects: Vec<Value> = (0..ELEMENTS)
        .map(|i| {
            Value::object([
                ("name", Value::string(format!("n{i}"))),
                ("port", Value::number(i)),
                ("tls", Value::bool(i % 2 == 0)),
            ])
        })
        .collect();
    let objects = Value::tuple(objects);
    let target = Type::list(Type::map(Type::String));
    c.bench_function("tuple of 10,000 objects to list(map(string))", |b| {
        b.iter(|| convert::convert(black_box(&objects), &target))
    });
}

fn unification(c: &mut Criterion) {
    // 1,000 object types over 50 attribute names, each with 10 attributes
    // of varying primitive types: the union has 50 attributes.
    let primitives = [Type::String, Type::Number, Type::Bool];
    let objects: Vec<Type> = (0..TYPES)
        .map(|i| {
            Type::object((0..10).map(|j| {
                let name = format!("attr{}", (i * 7 + j * 5) % 50);
                let ty = if (i + j) % 4 == 0 {
                    Type::String
                } else {
                    primitives[(i + j) % 2].clone()
                };
                (name, ty)
            }))
        })
        .collect();
    c.bench_function("unify 1,000 object types", |b| {
        b.iter(|| convert::unify(black_box(&objects)))
    });

    let mixed: Vec<Type> = (0..TYPES).map(|i| primitives[i % 3].clone()).collect();
    c.bench_function("unify 1,000 primitive types", |b| {
        b.iter(|| convert::unify(black_box(&mixed)))
    });

    let sequences: Vec<Type> = (0..TYPES)
        .map(|i| match i % 3 {
            0 => Type::list(primitives[i % 2].clone()),
            1 => Type::set(Type::String),
            _ => Type::tuple([Type::Number, Type::Bool, Type::String]),
        })
        .collect();
    c.bench_function("unify 1,000 list, set and tuple types", |b| {
        b.iter(|| convert::unify(black_box(&sequences)))
    });
}

criterion_group!(benches, conversion, unification);
criterion_main!(benches);
