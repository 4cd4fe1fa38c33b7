//! Benchmarks of `Number`: parsing, printing, and arithmetic on small integers, big
//! integers and 512-bit floats.
//!
//! Run with `cargo bench -p hcl-core --bench number`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hcl_core::Number;

fn num(text: &str) -> Number {
    Number::parse_literal(text).unwrap_or(Number::ZERO)
}

fn parse(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    for (name, text) in [
        ("small int", "1234567"),
        ("decimal", "3.14159"),
        ("exponent", "6.02214076e23"),
        (
            "60 digits",
            "0.123456789012345678901234567890123456789012345678901234567890e-20",
        ),
        (
            "200-digit int",
            "12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890",
        ),
    ] {
        g.bench_function(name, |b| b.iter(|| Number::parse_literal(black_box(text))));
    }
    g.finish();
}

fn print(c: &mut Criterion) {
    let third = Number::ONE.div(&Number::from(3)).unwrap_or(Number::ZERO);
    let tiny = num("1e-300").mul(&num("1e-300")).unwrap_or(Number::ZERO);
    let huge = num("1e400").div(&num("3")).unwrap_or(Number::ZERO);
    let big = num("2").mul(&num("1e200")).unwrap_or(Number::ZERO);
    let mut g = c.benchmark_group("print");
    for (name, n) in [
        ("small int", Number::from(-1234567)),
        ("decimal 0.1", num("0.1")),
        ("200-digit int", big),
        ("1/3", third),
        ("1e-600", tiny),
        ("1e400/3", huge),
    ] {
        g.bench_function(name, |b| b.iter(|| black_box(&n).to_string()));
    }
    g.finish();
}

type Op = fn(&Number, &Number) -> Result<Number, hcl_core::number::ArithmeticError>;

const OPS: [(&str, Op); 4] = [
    ("add", Number::add),
    ("mul", Number::mul),
    ("div", Number::div),
    ("rem", Number::rem),
];

fn arithmetic(c: &mut Criterion) {
    let big_a = num(
        "123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345",
    );
    let big_b = num(
        "98765432109876543210987654321098765432109876543210987654321098765432109876543210987654321",
    );
    let pairs = [
        ("small ints", Number::from(1_234_567), Number::from(-891)),
        ("big ints (1000 bits)", big_a, big_b),
        ("floats", num("3.14159"), num("2.71828")),
        ("float and int", num("0.1"), Number::from(7)),
    ];
    for (kind, a, b) in &pairs {
        let mut g = c.benchmark_group(format!("arithmetic/{kind}"));
        for (name, op) in OPS {
            g.bench_function(name, |bench| bench.iter(|| op(black_box(a), black_box(b))));
        }
        g.bench_function("cmp", |bench| bench.iter(|| black_box(a).cmp(black_box(b))));
        g.finish();
    }
    let exact = Number::from(1_234_567 * 891);
    c.bench_function("arithmetic/small ints/div exact", |bench| {
        bench.iter(|| black_box(&exact).div(black_box(&Number::from(891))))
    });
}

criterion_group!(benches, parse, print, arithmetic);
criterion_main!(benches);
