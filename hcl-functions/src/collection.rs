//! The collection functions: lists, sets, tuples, maps and objects, with
//! cty's semantics and messages (go-cty's `function/stdlib`), and
//! Terraform's own where cty has none (`index`, `alltrue`, `anytrue`,
//! `one`, `transpose`, `matchkeys`).
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`alltrue`] | `alltrue(list)` | whether every bool of the list is true |
//! | [`anytrue`] | `anytrue(list)` | whether some bool of the list is true |
//! | [`chunklist`] | `chunklist(list, size)` | the list cut into lists of `size` elements |
//! | [`coalesce`] | `coalesce(vals...)` | the first argument that is neither null nor an empty string |
//! | [`coalescelist`] | `coalescelist(vals...)` | the first list or tuple that is not empty |
//! | [`compact`] | `compact(list)` | the list of strings without empty strings and nulls |
//! | [`concat`](concat()) | `concat(seqs...)` | lists and tuples, one after the other |
//! | [`contains`] | `contains(list, value)` | whether a list, tuple or set holds the value |
//! | [`distinct`] | `distinct(list)` | the list without duplicates |
//! | [`element`] | `element(list, index)` | the element at the index, wrapping around |
//! | [`flatten`] | `flatten(list)` | nested lists, sets and tuples as one tuple |
//! | [`index`] | `index(list, value)` | the index of the first element equal to the value |
//! | [`keys`] | `keys(map)` | the keys of a map or attribute names of an object, sorted |
//! | [`hasindex`] | `hasindex(collection, key)` | whether indexing would succeed (hcldec's) |
//! | [`length`] | `length(value)` | the number of elements, attributes or characters |
//! | [`list`] | `list(vals...)` | an error: removed in Terraform v0.12, use `tolist([...])` |
//! | [`lookup`] | `lookup(map, key, default?)` | the element with the key, or the default |
//! | [`map`] | `map(vals...)` | an error: removed in Terraform v0.12, use `tomap({...})` |
//! | [`matchkeys`] | `matchkeys(values, keys, searchset)` | the values whose keys are in the search set |
//! | [`merge`] | `merge(maps...)` | maps or objects merged, later keys winning |
//! | [`one`] | `one(list)` | the only element, or null for none |
//! | [`range`] | `range(start?, end, step?)` | a list of numbers (at most 1,024) |
//! | [`reverse`] | `reverse(list)` | the list or tuple in reverse order |
//! | [`slice`](slice()) | `slice(list, start, end)` | consecutive elements of a list or tuple |
//! | [`sort`] | `sort(list)` | the list of strings in lexicographic order |
//! | [`transpose`] | `transpose(map)` | a map of lists of strings with keys and values swapped |
//! | [`values`] | `values(map)` | the elements of a map or attributes of an object, by key |
//! | [`zipmap`] | `zipmap(keys, values)` | a map from a list of keys and a list of values |
//!
//! `concat` and `hasindex` are the core's ([`crate::hcldec`]), which
//! are cty's. `length`, `lookup` and `coalesce` are Terraform's, which
//! differ from cty's (those remain hcldec's, in [`crate::hcldec`]):
//! `length` also counts the characters of a string and the attributes of
//! an object, `lookup`'s default is optional, and `coalesce` skips empty
//! strings. The crate documentation lists every such difference.
//!
//! Limits: `range` generates at most [`RANGE_LIMIT`] numbers, as cty does.
//! `flatten` walks nesting of any depth without recursion; `distinct` and
//! `matchkeys` find equal values by hashing, so their time is about linear.
//!
//! ```
//! use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
//! use hcl_core::{EvalContext, Expression, Pos, Value};
//!
//! let mut ctx = EvalContext::new();
//! hcl_functions::Library::empty()
//!     .family(hcl_functions::Family::Collection)
//!     .install(&mut ctx)
//!     .unwrap();
//! let src = br#"element(sort(keys(merge({b = 1}, {a = 2}))), 1)"#;
//! let (file, id, _) = parse_expression(src, "t", Pos::start(), &ParseOptions::default());
//! let (value, diags) = NativeExpression::new(file, id).value(&ctx);
//! assert!(diags.is_empty());
//! assert_eq!(value, Value::string("b"));
//! ```

use hcl_core::function::Function;

mod lists;
mod maps;
pub(crate) mod util;

#[cfg(test)]
mod tests;

pub use crate::hcldec::{concat, hasindex};
pub use lists::{
    RANGE_LIMIT, alltrue, anytrue, chunklist, coalesce, coalescelist, compact, contains, distinct,
    element, flatten, index, length, list, map, matchkeys, one, range, reverse, slice, sort,
};
pub use maps::{keys, lookup, merge, transpose, values, zipmap};

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("alltrue", alltrue()),
        ("anytrue", anytrue()),
        ("chunklist", chunklist()),
        ("coalesce", coalesce()),
        ("coalescelist", coalescelist()),
        ("compact", compact()),
        ("concat", concat()),
        ("contains", contains()),
        ("distinct", distinct()),
        ("element", element()),
        ("flatten", flatten()),
        ("index", index()),
        ("keys", keys()),
        ("hasindex", hasindex()),
        ("length", length()),
        ("list", list()),
        ("lookup", lookup()),
        ("map", map()),
        ("matchkeys", matchkeys()),
        ("merge", merge()),
        ("one", one()),
        ("range", range()),
        ("reverse", reverse()),
        ("slice", slice()),
        ("sort", sort()),
        ("transpose", transpose()),
        ("values", values()),
        ("zipmap", zipmap()),
    ]
}
