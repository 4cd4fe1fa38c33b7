//! The function table of the `hcldec` tool: the fifteen functions that Go's
//! `cmd/hcldec` makes available to spec files, with the semantics (and
//! messages) of their originals in go-cty's `function/stdlib`.
//!
//! Each function is a [`Function`] built with the core's builder, declaring
//! Go's parameter flags (accepting nulls, unknown values, the dynamic
//! pseudo-type), so that the checks of a call (null arguments, unknown
//! arguments, argument types) are the core's, as in Go they are cty's.
//! [`hcldec_functions`] returns them all by name, ready for an
//! [`EvalContext`](hcl_core::EvalContext).
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
//! use hcl_functions::hcldec::hcldec_functions;
//! use hcl_core::{EvalContext, Expression, Pos, Value};
//!
//! let mut ctx = EvalContext::new();
//! for (name, f) in hcldec_functions() {
//!     ctx.declare_function(name, f).unwrap();
//! }
//! let src = br#"upper(substr(jsondecode("{\"name\":\"world\"}").name, 0, 3))"#;
//! let (file, id, _) = parse_expression(src, "t", Pos::start(), &ParseOptions::default());
//! let (value, diags) = NativeExpression::new(file, id).value(&ctx);
//! assert!(diags.is_empty());
//! assert_eq!(value, Value::string("WOR"));
//! ```

use std::collections::BTreeMap;

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
/// use hcl_functions::hcldec::hcldec_functions;
///
/// let table = hcldec_functions();
/// assert_eq!(table.len(), 15);
/// assert!(table.contains_key("jsonencode"));
/// ```
pub fn hcldec_functions() -> BTreeMap<String, Function> {
    type Constructor = fn() -> Function;
    let table: [(&str, Constructor); 15] = [
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
        .map(|(name, make)| (name.to_owned(), make()))
        .collect()
}
