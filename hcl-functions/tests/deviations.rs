//! The function library's rows of `docs/deviations.md`: where a call that
//! go-cty or Terraform answers (or crashes on) gives an error here, by a
//! limit this crate documents.

use hcl_functions::eval_for_docs as eval;

/// The error's text, which must exist.
fn error(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => panic!("{expr} gave {v}, not an error"),
        Err(e) => e,
    }
}

#[test]
fn deviation_format_width_is_limited() {
    // Go writes the 10 MB the width asks for.
    let e = error(r#"format("%9999999d", 1)"#);
    assert!(e.contains("Error in function call"), "{e}");
    assert_eq!(eval(r#"strlen(format("%999999d", 1))"#).unwrap(), "999999");
}

#[test]
fn deviation_results_longer_than_64_mib_are_errors() {
    // Go builds the string, however long.
    let e = error(r#"indent(70000000, "a\nb")"#);
    assert!(e.contains("the result would be longer than"), "{e}");
}

#[test]
fn deviation_results_that_are_not_numbers_are_errors() {
    // Go panics (big.Float has no NaN).
    let e = error("pow(-8, 0.5)");
    assert!(e.contains("not a number"), "{e}");
}

#[test]
fn deviation_negative_indent_is_an_error() {
    // Go panics (strings.Repeat with a negative count).
    let e = error(r#"indent(-1, "a\nb")"#);
    assert!(
        e.contains("Invalid function argument") || e.contains("Error in function call"),
        "{e}"
    );
}

#[test]
fn deviation_parseint_is_limited_to_65536_bits() {
    // Go returns the (rounded) 512-bit float.
    let e = error(r#"parseint(format("1%070000d", 0), 2)"#);
    assert!(!e.is_empty());
    assert_eq!(eval(r#"parseint("ff", 16)"#).unwrap(), "255");
}

#[test]
fn deviation_regex_brackets_inside_a_class_nest() {
    // In Go's RE2 syntax `[[]` is a class holding `[`; the regex crate
    // reads a `[` inside a class as the start of a nested class.
    assert!(eval(r#"regex("[[]", "[")"#).is_err());
    assert_eq!(eval(r#"regex("[\\[]", "[")"#).unwrap(), "\"[\"");
}
