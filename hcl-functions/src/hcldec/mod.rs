//! The function table of the `hcldec` tool: the fifteen functions that Go's
//! `cmd/hcldec` makes available to spec files, with the semantics (and
//! messages) of their originals in go-cty's `function/stdlib`. All but
//! `reverse` (of a string here; Terraform's, in [`crate::collection`],
//! reverses a list) are also the families' functions of those names.
//!
//! Each function is a [`Function`] built with the core's builder, declaring
//! Go's parameter flags (accepting nulls, unknown values, the dynamic
//! pseudo-type), so that the checks of a call (null arguments, unknown
//! arguments, argument types) are the core's, as in Go they are cty's.
//! [`Library::hcldec`](crate::Library::hcldec) chooses them all, ready
//! for an [`EvalContext`](hcl_core::EvalContext).
//!
//! | function | what it does |
//! |---|---|
//! | [`abs`]`(num)` | the absolute value |
//! | [`coalesce`]`(vals...)` | the first non-null argument |
//! | [`concat`](fn@concat)`(seqs...)` | lists and tuples, one after the other |
//! | [`hasindex`]`(collection, key)` | whether indexing would succeed |
//! | [`int`]`(num)` | the number truncated toward zero |
//! | [`jsondecode`]`(str)` | the value a JSON text describes |
//! | [`jsonencode`]`(val)` | a value as JSON text |
//! | [`length`]`(collection)` | the number of elements |
//! | [`lower`]`(str)` | the string in lower case |
//! | [`max`]`(numbers...)` | the greatest number |
//! | [`min`]`(numbers...)` | the smallest number |
//! | [`reverse`]`(str)` | the string's characters in reverse order |
//! | [`strlen`]`(str)` | the number of characters (grapheme clusters) |
//! | [`substr`]`(str, offset, length)` | part of a string, by characters |
//! | [`upper`]`(str)` | the string in upper case |
//!
//! ```
//! use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
//! use hcl_core::{EvalContext, Expression, Pos, Value};
//! use hcl_functions::Library;
//!
//! let mut ctx = EvalContext::new();
//! Library::hcldec().install(&mut ctx).unwrap();
//! let src = br#"upper(substr(jsondecode("{\"name\":\"world\"}").name, 0, 3))"#;
//! let (file, id, _) = parse_expression(src, "t", Pos::start(), &ParseOptions::default());
//! let (value, diags) = NativeExpression::new(file, id).value(&ctx);
//! assert!(diags.is_empty());
//! assert_eq!(value, Value::string("WOR"));
//! ```

use hcl_core::function::Function;

mod collection;
mod encoding;
mod number;
mod string;

pub use collection::{coalesce, concat, hasindex, length};
pub use encoding::{jsondecode, jsonencode};
pub use number::{abs, int, max, min};
pub use string::{lower, reverse, simple_upper, strlen, substr, upper};

/// The functions of Go's `cmd/hcldec` (`specFuncs`), by name: `abs`,
/// `coalesce`, `concat`, `hasindex`, `int`, `jsondecode`, `jsonencode`,
/// `length`, `lower`, `max`, `min`, `reverse`, `strlen`, `substr`, `upper`.
///
/// ```
/// let table = hcl_functions::hcldec::functions();
/// assert_eq!(table.len(), 15);
/// assert!(table.iter().any(|(name, _)| *name == "jsonencode"));
/// ```
pub fn functions() -> Vec<(&'static str, Function)> {
    type Constructor = fn() -> Function;
    let table: [(&'static str, Constructor); 15] = [
        ("abs", abs),
        ("coalesce", coalesce),
        ("concat", concat),
        ("hasindex", hasindex),
        ("int", int),
        ("jsondecode", jsondecode),
        ("jsonencode", jsonencode),
        ("length", length),
        ("lower", lower),
        ("max", max),
        ("min", min),
        ("reverse", reverse),
        ("strlen", strlen),
        ("substr", substr),
        ("upper", upper),
    ];
    table
        .into_iter()
        .map(|(name, make)| (name, make()))
        .collect()
}
