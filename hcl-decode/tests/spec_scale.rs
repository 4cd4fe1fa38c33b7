//! The spec language at scale: an `object` spec naming many attributes is
//! read and applied in time linear in their number (each name is found by
//! a map, not by searching the members). No timing is asserted: a quadratic
//! walk over this many members would not finish.

use std::fmt::Write as _;

use hcl_core::native::parse_config_str;
use hcl_core::{EvalContext, Value};
use hcl_decode::spec::{decode, implied_schema, parse_spec_file};

const N: usize = 160_000;

#[test]
fn object_spec_with_many_attributes() {
    let mut spec = String::from("object {\n");
    for i in 0..N {
        let required = if i == 7 { "\n    required = true" } else { "" };
        let _ = write!(
            spec,
            "  attr \"a{i}\" {{\n    name = \"n{i}\"\n    type = number{required}\n  }}\n"
        );
    }
    // A name given twice: the last spec wins (and keeps its first place).
    spec.push_str("  attr \"a1\" {\n    name = \"again\"\n    type = string\n  }\n}\n");
    let (spec, diags) = parse_spec_file(spec.as_bytes(), "s.hcldec");
    assert!(diags.is_empty(), "{diags}");

    let schema = implied_schema(&spec.root);
    assert_eq!(schema.attributes.len(), N);
    assert_eq!(schema.attributes[0].name, "n0");
    assert_eq!(schema.attributes[1].name, "again");
    assert_eq!(schema.attributes[N - 1].name, format!("n{}", N - 1));
    assert!(schema.attributes[7].required);
    assert_eq!(schema.attributes.iter().filter(|a| a.required).count(), 1);

    let mut input = String::new();
    for i in (0..N).step_by(2) {
        let _ = writeln!(input, "n{i} = {i}");
    }
    input.push_str("again = \"x\"\nbogus = 1\n");
    let (file, diags) = parse_config_str(&input, "in.hcl");
    assert!(diags.is_empty(), "{diags}");
    let (value, diags) = decode(&file.body(), &spec.root, &EvalContext::literal_only());
    // The one required attribute (n7) is missing, and `bogus` is unknown.
    let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_ref()).collect();
    assert_eq!(
        summaries,
        ["Missing required argument", "Unsupported argument"],
        "{diags}"
    );
    assert!(diags.iter().any(|d| d.detail.contains("\"n7\"")), "{diags}");
    assert_eq!(value.len(), Some(N));
    assert_eq!(value.get("a0"), Some(&Value::number(0)));
    assert_eq!(value.get("a1"), Some(&Value::string("x")));
    assert!(value.get("a3").is_some_and(Value::is_null));
    let last = N - 2;
    assert_eq!(
        value.get(&format!("a{last}")),
        Some(&Value::number(last as i64))
    );
}
