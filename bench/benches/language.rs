//! The configuration language layer at scale, each at two sizes to show
//! linearity: locals in one dependency chain, many variables, a dynamic
//! block expanding many times.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench language

use std::time::Instant;

use hcl_decode::prelude::*;
use hcl_decode::{BodyHandle, Decoder};

#[derive(HclBody)]
struct Chain {
    last: u64,
}

#[derive(HclBody)]
struct Rest {
    #[hcl(remain)]
    _rest: BodyHandle,
}

#[derive(HclBody)]
struct Item {
    v: u64,
}

#[derive(HclBody)]
struct Items {
    #[hcl(block)]
    item: Vec<Item>,
}

fn best(mut f: impl FnMut()) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    let d = Decoder::new().variable_blocks().locals();
    for n in [5_000usize, 10_000] {
        let mut src = String::from("locals {\n  l0 = 0\n");
        for i in 1..n {
            src.push_str(&format!("  l{i} = local.l{} + 1\n", i - 1));
        }
        src.push_str(&format!("}}\nlast = local.l{}\n", n - 1));
        let ms = best(|| {
            let c: Chain = d.decode_str(&src, "chain.hcl").unwrap();
            assert_eq!(c.last, n as u64 - 1);
        });
        println!("locals chain   {n:>7}: {ms:>9.1} ms");
    }
    for n in [5_000usize, 10_000] {
        let mut src = String::new();
        for i in 0..n {
            src.push_str(&format!("variable \"v{i}\" {{\n  type = number\n  default = {i}\n}}\n"));
        }
        let ms = best(|| {
            let _: Rest = d.decode_str(&src, "vars.hcl").unwrap();
        });
        println!("variables      {n:>7}: {ms:>9.1} ms");
    }
    for n in [50_000usize, 100_000] {
        let src = format!(
            "dynamic \"item\" {{\n  for_each = range({n})\n  content {{\n    v = item.value\n  }}\n}}\n"
        );
        let range = hcl_core::Function::builder()
            .params([hcl_core::Parameter::new("n", hcl_core::Type::Number)])
            .return_type(|_| Ok(hcl_core::Type::Dynamic))
            .build(|args, _| {
                let n: i64 = args[0].as_number().unwrap().to_string().parse().unwrap();
                Ok(hcl_core::Value::tuple((0..n).map(hcl_core::Value::number)))
            });
        let d = Decoder::new().function("range", range);
        let ms = best(|| {
            let items: Items = d.decode_str(&src, "dyn.hcl").unwrap();
            assert_eq!(items.item.len(), n);
            assert_eq!(items.item.last().map(|i| i.v), Some(n as u64 - 1));
        });
        println!("dynamic blocks {n:>7}: {ms:>9.1} ms");
    }
}
