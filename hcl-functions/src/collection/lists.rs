//! The functions on lists, sets and tuples.

use hcl_core::convert::{convert_with, unify_with};
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::{Number, Semantics, Type, Value};
use unicode_segmentation::UnicodeSegmentation;

use super::util::{Buckets, WHOLE_NUMBER, count, go_int, length_known};

/// The most elements [`range`] generates (cty's limit).
pub const RANGE_LIMIT: usize = 1024;

/// The element type of a list type (the dynamic pseudo-type for anything
/// else).
fn element_of(ty: &Type) -> Type {
    ty.element_type().cloned().unwrap_or(Type::Dynamic)
}

/// The elements of a known list, set or tuple (none for anything else).
fn elements(v: &Value) -> &[Value] {
    v.elements().unwrap_or_default()
}

/// `chunklist(list, size)`: the list split into lists of `size` elements
/// (the last may be shorter); a size of zero gives one chunk holding the
/// whole list. The result has as many elements as the list, whatever the
/// size.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"chunklist(["a", "b", "c"], 2)"#), r#"[["a", "b"], ["c"]]"#);
/// ```
pub fn chunklist() -> Function {
    Function::builder()
        .description("Splits a single list into multiple lists where each has at most the given number of elements.")
        .param(Parameter::new("list", Type::list(Type::Dynamic)).with_description("The list to split into chunks."))
        .param(Parameter::new("size", Type::Number).with_description("The maximum length of each chunk. All but the last element of the result is guaranteed to be of exactly this size."))
        .return_type(|args| Ok(Type::list(args[0].ty().clone())))
        .build(|args, _| {
            let list = &args[0];
            let size = args[1]
                .as_number()
                .and_then(go_int)
                .ok_or_else(|| FunctionError::failed(format!("invalid size: {WHOLE_NUMBER}")))?;
            if size < 0 {
                return Err(FunctionError::failed("the size argument must be positive"));
            }
            let items = elements(list);
            if items.is_empty() {
                return Ok(Value::list_of(list.ty().clone(), [])?);
            }
            if size == 0 {
                return Ok(Value::list([list.clone()])?);
            }
            let size = usize::try_from(size).unwrap_or(usize::MAX);
            let ety = element_of(list.ty());
            let chunks = items
                .chunks(size)
                .map(|c| Value::list_of(ety.clone(), c.iter().cloned()))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::list(chunks)?)
        })
}

/// `coalesce(vals...)`: the first argument that is neither null nor, when
/// the arguments unify to strings, the empty string (Terraform's, which
/// skips empty strings where go-cty's returns them). The arguments are
/// converted to their unified type first (`coalesce("", 1)` is `"1"`); an
/// unknown argument before the first usable one makes the result unknown;
/// none is an error ("no non-null, non-empty-string arguments").
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"coalesce("", "b")"#).unwrap(), r#""b""#);
/// assert_eq!(eval("coalesce(null, 1, 2)").unwrap(), "1");
/// assert_eq!(eval(r#"coalesce("", 1)"#).unwrap(), r#""1""#);
/// assert!(eval(r#"coalesce("", null)"#).unwrap_err().contains("no non-null, non-empty-string arguments"));
/// ```
pub fn coalesce() -> Function {
    Function::builder()
        .description(
            "Takes any number of arguments and returns the first one that isn't null or empty.",
        )
        .variadic(
            Parameter::new("vals", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic()
                .allow_null(),
        )
        .return_type_with_semantics(|args, sem| {
            let types: Vec<Type> = args.iter().map(|v| v.ty().clone()).collect();
            unify_with(&types, sem)
                .map(|u| u.ty)
                .ok_or_else(|| FunctionError::failed("all arguments must have the same type"))
        })
        .build_with_semantics(|args, ty, sem| {
            for arg in args {
                let arg =
                    convert_with(arg, ty, sem).map_err(|e| FunctionError::failed(e.to_string()))?;
                if !arg.is_known() {
                    return Ok(Value::unknown(ty.clone()));
                }
                if arg.is_null() || (*ty == Type::String && arg.as_str() == Some("")) {
                    continue;
                }
                return Ok(arg);
            }
            Err(FunctionError::failed(
                "no non-null, non-empty-string arguments",
            ))
        })
}

/// `length(value)`: the number of elements of a list, set, map or tuple,
/// of attributes of an object, or of characters (grapheme clusters, as
/// [`strlen`](crate::string::strlen) counts them) of a string
/// (Terraform's; go-cty's takes only lists, maps, sets and tuples). The
/// length of a tuple or an object is known from its type, even when the
/// value is unknown.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"length("hello")"#).unwrap(), "5");
/// assert_eq!(eval(r#"length("cafe\u0301")"#).unwrap(), "4");
/// assert_eq!(eval("length({a = 1, b = true})").unwrap(), "2");
/// assert_eq!(eval("length([1, \"two\"])").unwrap(), "2");
/// assert!(eval("length(5)").unwrap_err().contains("argument must be a string, a collection type, or a structural type"));
/// ```
pub fn length() -> Function {
    Function::builder()
        .description("Determines the length of a given list, map, or string.")
        .param(
            Parameter::new("value", Type::Dynamic)
                .allow_dynamic()
                .allow_unknown(),
        )
        .return_type(|args| match args[0].ty() {
            Type::String
            | Type::Tuple(_)
            | Type::Object(_)
            | Type::List(_)
            | Type::Map(_)
            | Type::Set(_)
            | Type::Dynamic => Ok(Type::Number),
            _ => Err(FunctionError::failed(
                "argument must be a string, a collection type, or a structural type",
            )),
        })
        .build(|args, _| {
            let value = &args[0];
            match value.ty() {
                Type::Tuple(t) => return Ok(count(t.len())),
                Type::Object(o) => return Ok(count(o.attributes().len())),
                _ => {}
            }
            if let Some(s) = value.as_str() {
                return Ok(count(s.graphemes(true).count()));
            }
            if !value.is_known() || !length_known(value) {
                return Ok(Value::unknown(Type::Number));
            }
            Ok(count(value.len().unwrap_or(0)))
        })
}

/// A function that Terraform removed in v0.12 and keeps only to say so:
/// any call is an error naming the syntax that replaces it.
fn removed(description: &str, message: &'static str) -> Function {
    Function::builder()
        .description(description)
        .variadic(
            Parameter::new("vals", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic()
                .allow_null(),
        )
        .return_type(move |_| Err(FunctionError::failed(message)))
        .build(move |_, _| Err(FunctionError::failed(message)))
}

/// `list(vals...)`: always an error, as in Terraform, which removed it in
/// v0.12: a list is written `tolist([...])`.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert!(eval(r#"list("a")"#).unwrap_err().contains("use tolist([ ... ]) syntax to write a literal list"));
/// ```
pub fn list() -> Function {
    removed(
        "Removed: use tolist([ ... ]) to write a literal list.",
        "the \"list\" function was deprecated in Terraform v0.12 and is no longer available; use tolist([ ... ]) syntax to write a literal list",
    )
}

/// `map(vals...)`: always an error, as in Terraform, which removed it in
/// v0.12: a map is written `tomap({...})`.
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert!(eval(r#"map("a", 1)"#).unwrap_err().contains("use tomap({ ... }) syntax to write a literal map"));
/// ```
pub fn map() -> Function {
    removed(
        "Removed: use tomap({ ... }) to write a literal map.",
        "the \"map\" function was deprecated in Terraform v0.12 and is no longer available; use tomap({ ... }) syntax to write a literal map",
    )
}

/// `coalescelist(vals...)`: the first of the lists or tuples that is not
/// null and not empty. An unknown argument before it makes the result
/// unknown; none is an error ("no non-null arguments").
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"coalescelist([], ["a", "b"], ["c"])"#), r#"["a", "b"]"#);
/// ```
pub fn coalescelist() -> Function {
    Function::builder()
        .description(
            "Returns the first of the given sequences that has a length greater than zero.",
        )
        .variadic(
            Parameter::new("vals", Type::Dynamic)
                .with_description("List or tuple values to test in the given order.")
                .allow_unknown()
                .allow_dynamic()
                .allow_null(),
        )
        .return_type(|args| {
            if args.is_empty() {
                return Err(FunctionError::failed("at least one argument is required"));
            }
            for arg in args {
                if !arg.is_known() {
                    return Ok(Type::Dynamic);
                }
                if !matches!(arg.ty(), Type::List(_) | Type::Tuple(_)) {
                    return Err(FunctionError::failed(
                        "coalescelist arguments must be lists or tuples",
                    ));
                }
            }
            let first = args[0].ty();
            if args.iter().all(|a| a.ty() == first) {
                Ok(first.clone())
            } else {
                Ok(Type::Dynamic)
            }
        })
        .build(|args, ty| {
            for arg in args {
                if !arg.is_known() {
                    return Ok(Value::unknown(ty.clone()));
                }
                if arg.is_null() {
                    continue;
                }
                if !arg.is_empty() {
                    return Ok(arg.clone());
                }
            }
            Err(FunctionError::failed("no non-null arguments"))
        })
}

/// `compact(list)`: the list of strings without its empty strings and
/// nulls. A list holding unknown strings gives an unknown list.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"compact(["a", "", "b", null])"#), r#"["a", "b"]"#);
/// ```
pub fn compact() -> Function {
    Function::builder()
        .description("Removes all empty string elements from the given list of strings.")
        .param(Parameter::new("list", Type::list(Type::String)))
        .returns(Type::list(Type::String))
        .build(|args, ty| {
            let list = &args[0];
            if !list.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            let kept = elements(list)
                .iter()
                .filter(|v| !v.is_null() && v.as_str() != Some(""))
                .cloned();
            Ok(Value::list_of(Type::String, kept)?)
        })
}

/// `contains(list, value)`: whether the list, tuple or set has an element
/// equal to the value. Unknown elements that might be equal make the
/// result unknown, unless a known element is equal. The value may be null
/// (whether the list holds a null), as current go-cty (v1.14 on), which
/// Terraform uses, has it (go-cty 1.12 rejected a null).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"contains(["a", "b", "c"], "a")"#), "true");
/// assert_eq!(eval(r#"contains(["a", "b", "c"], "d")"#), "false");
/// assert_eq!(eval(r#"contains(["a", null], null)"#), "true");
/// ```
pub fn contains() -> Function {
    Function::builder()
        .description("Returns true if the given value is a value in the given list, tuple, or set, or false otherwise.")
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("value", Type::Dynamic).allow_null())
        .returns(Type::Bool)
        .build_with_semantics(|args, _, sem| {
            let (list, value) = (&args[0], &args[1]);
            if !matches!(list.ty(), Type::List(_) | Type::Tuple(_) | Type::Set(_)) {
                return Err(FunctionError::failed("argument must be list, tuple, or set"));
            }
            let mut unknown = false;
            for e in elements(list) {
                let eq = value.equals_with(e, sem);
                if !eq.is_known() {
                    unknown = true;
                } else if eq.is_true() {
                    return Ok(Value::bool(true));
                }
            }
            if unknown {
                return Ok(Value::unknown(Type::Bool));
            }
            Ok(Value::bool(false))
        })
}

/// `distinct(list)`: the list without its duplicate elements, the first of
/// each kept in order. A list holding unknown values gives an unknown list.
/// Time is linear in the length (equal elements are found by hashing).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"distinct(["a", "b", "a", "c", "b"])"#), r#"["a", "b", "c"]"#);
/// ```
pub fn distinct() -> Function {
    Function::builder()
        .description("Removes any duplicate values from the given list, preserving the order of remaining elements.")
        .param(Parameter::new("list", Type::list(Type::Dynamic)))
        .return_type(|args| Ok(args[0].ty().clone()))
        .build_with_semantics(|args, ty, sem| {
            let list = &args[0];
            if !list.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            let mut seen = Buckets::new(sem);
            let kept: Vec<Value> = elements(list)
                .iter()
                .filter(|v| seen.insert(v))
                .cloned()
                .collect();
            Ok(Value::list_of(element_of(ty), kept)?)
        })
}

/// `element(list, index)`: the element of a list or tuple at the index,
/// wrapped around modulo the length; a negative index counts from the end
/// (`element(l, -1)` is the last element), as current go-cty (v1.13 on),
/// which Terraform uses, has it (go-cty 1.12 rejected it). An empty list is
/// an error.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"element(["a", "b", "c"], 1)"#), r#""b""#);
/// assert_eq!(eval(r#"element(["a", "b", "c"], 3)"#), r#""a""#);
/// assert_eq!(eval(r#"element(["a", "b", "c"], -1)"#), r#""c""#);
/// ```
pub fn element() -> Function {
    Function::builder()
        .description("Returns the element with the given index from the given list or tuple, applying the modulo operation to the given index if it's greater than the number of elements.")
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("index", Type::Number))
        .return_type(|args| {
            let (list, index) = (&args[0], &args[1]);
            match list.ty() {
                Type::List(e) => Ok(e.as_ref().clone()),
                Type::Tuple(t) => {
                    let Some(n) = index.as_number() else {
                        return Ok(Type::Dynamic);
                    };
                    let i = element_index(n)?;
                    let types = t.elements();
                    if types.is_empty() {
                        return Err(empty_element_list());
                    }
                    Ok(types[wrap(i, types.len())].clone())
                }
                other => Err(FunctionError::failed(format!(
                    "cannot read elements from {}",
                    other.friendly_name()
                ))),
            }
        })
        .build(|args, _| {
            let index = match args[1].as_number() {
                Some(n) => element_index(n)?,
                None => return Err(FunctionError::failed(format!("invalid index: {WHOLE_NUMBER}"))),
            };
            let items = elements(&args[0]);
            if items.is_empty() {
                return Err(empty_element_list());
            }
            Ok(items[wrap(index, items.len())].clone())
        })
}

/// `index` modulo `len` (not zero), in `0..len`: Go's `index % len`, plus
/// `len` when negative.
fn wrap(index: i64, len: usize) -> usize {
    let len = i64::try_from(len).unwrap_or(i64::MAX);
    usize::try_from(index.rem_euclid(len)).unwrap_or(0)
}

fn empty_element_list() -> FunctionError {
    FunctionError::failed("cannot use element function with an empty list")
}

/// An index of `element`: a whole number that fits Go's `int`.
fn element_index(n: &Number) -> Result<i64, FunctionError> {
    go_int(n).ok_or_else(|| FunctionError::failed(format!("invalid index: {WHOLE_NUMBER}")))
}

/// `flatten(list)`: a list, set or tuple whose elements that are lists,
/// sets or tuples are replaced by their own elements, at any depth, as a
/// tuple. Nesting of any depth is flattened without recursion. Unknown
/// nested sequences make the result unknown.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"flatten([["a", "b"], [], ["c", ["d"]]])"#), r#"["a", "b", "c", "d"]"#);
/// ```
pub fn flatten() -> Function {
    Function::builder()
        .description("Transforms a list, set, or tuple value into a tuple by replacing any given elements that are themselves sequences with a flattened tuple of all of the nested elements concatenated together.")
        .param(Parameter::new("list", Type::Dynamic))
        .return_type(|args| {
            let list = &args[0];
            if !list.is_wholly_known() {
                return Ok(Type::Dynamic);
            }
            if !is_sequence(list.ty()) {
                return Err(FunctionError::failed("can only flatten lists, sets and tuples"));
            }
            match flattened(list) {
                Some(out) => Ok(Type::tuple(out.iter().map(|v| v.ty().clone()))),
                None => Ok(Type::Dynamic),
            }
        })
        .build(|args, ty| {
            let list = &args[0];
            if list.is_empty() {
                return Ok(Value::empty_tuple());
            }
            match flattened(list) {
                Some(out) => Ok(Value::tuple(out)),
                None => Ok(Value::unknown(ty.clone())),
            }
        })
}

fn is_sequence(ty: &Type) -> bool {
    matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_))
}

/// cty's `flattener`, with an explicit stack: the flattened elements, or
/// `None` when some nested sequence (or the dynamic value) is unknown.
fn flattened(list: &Value) -> Option<Vec<Value>> {
    if !length_known(list) {
        return None;
    }
    let mut out = Vec::new();
    let mut stack: Vec<std::slice::Iter<'_, Value>> = vec![elements(list).iter()];
    while let Some(top) = stack.last_mut() {
        let Some(v) = top.next() else {
            stack.pop();
            continue;
        };
        if !v.is_known() && v.ty().is_dynamic() {
            return None;
        }
        if !v.is_null() && is_sequence(v.ty()) {
            if !v.is_known() || !length_known(v) {
                return None;
            }
            stack.push(elements(v).iter());
        } else {
            out.push(v.clone());
        }
    }
    Some(out)
}

/// `index(list, value)`: the index of the first element of the list or
/// tuple equal to the value (Terraform). An empty list, or no element
/// equal, is an error. An unknown comparison before a match makes the
/// result unknown.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"index(["a", "b", "c"], "b")"#), "1");
/// ```
pub fn index() -> Function {
    Function::builder()
        .description("Finds the element index for a given value in a list.")
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("value", Type::Dynamic))
        .returns(Type::Number)
        .build_with_semantics(|args, _, sem| {
            let (list, value) = (&args[0], &args[1]);
            if !matches!(list.ty(), Type::List(_) | Type::Tuple(_)) {
                return Err(FunctionError::failed("argument must be a list or tuple"));
            }
            let items = elements(list);
            if items.is_empty() {
                return Err(FunctionError::failed("cannot search an empty list"));
            }
            for (i, v) in items.iter().enumerate() {
                let eq = v.equals_with(value, sem);
                if !eq.is_known() {
                    return Ok(Value::unknown(Type::Number));
                }
                if eq.is_true() {
                    return Ok(count(i));
                }
            }
            Err(FunctionError::failed("item not found"))
        })
}

/// `range(end)`, `range(start, end)`, `range(start, end, step)`: the
/// numbers from `start` (default 0) up to but not including `end`, `step`
/// apart (default 1, or -1 when `end` is less than `start`).
///
/// At most [`RANGE_LIMIT`] (1,024) numbers are generated, as in cty: more
/// is an error ("more than 1024 values were generated; ..."). As in cty, a
/// step of zero is not refused as such: it generates the start until that
/// limit (or nothing, when start and end are equal).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval("range(3)"), "[0, 1, 2]");
/// assert_eq!(eval("range(1, 4)"), "[1, 2, 3]");
/// assert_eq!(eval("range(10, 0, -3)"), "[10, 7, 4, 1]");
/// ```
pub fn range() -> Function {
    Function::builder()
        .description("Returns a list of numbers spread evenly over a particular range.")
        .variadic(Parameter::new("params", Type::Number))
        .returns(Type::list(Type::Number))
        .build(|args, _| {
            let nums: Vec<&Number> = args.iter().filter_map(Value::as_number).collect();
            if nums.len() != args.len() {
                return Err(FunctionError::failed("must have one, two, or three arguments"));
            }
            let one = Number::ONE;
            let minus_one = Number::ONE.neg();
            let zero = Number::ZERO;
            let (start, end, step) = match nums[..] {
                [end] => (&zero, end, if end < &zero { &minus_one } else { &one }),
                [start, end] => (start, end, if end < start { &minus_one } else { &one }),
                [start, end, step] => (start, end, step),
                _ => return Err(FunctionError::failed("must have one, two, or three arguments")),
            };
            // cty compares the step with its own zero constant by identity,
            // so a zero step given by the caller is never refused here.
            let down = step < &zero;
            if down {
                if end > start {
                    return Err(FunctionError::argument(
                        1,
                        "end must be less than start when step is negative",
                    ));
                }
            } else if end < start {
                return Err(FunctionError::argument(
                    1,
                    "end must be greater than start when step is positive",
                ));
            }
            let mut values = Vec::new();
            let mut num = start.clone();
            loop {
                if (down && &num <= end) || (!down && &num >= end) {
                    break;
                }
                if values.len() >= RANGE_LIMIT {
                    return Err(FunctionError::failed(format!(
                        "more than {RANGE_LIMIT} values were generated; either decrease the difference between start and end or use a smaller step"
                    )));
                }
                let next = num.add(step).map_err(FunctionError::other)?;
                values.push(Value::number(num));
                num = next;
            }
            Ok(Value::list_of(Type::Number, values)?)
        })
}

/// `reverse(list)`: the list or tuple with its elements in reverse order (a
/// set gives a list, in reverse set order). This is Terraform's `reverse`
/// (cty's `ReverseListFunc`); the string reverse is `strrev`.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval("reverse([1, 2, 3])"), "[3, 2, 1]");
/// ```
pub fn reverse() -> Function {
    Function::builder()
        .description("Returns the given list with its elements in reverse order.")
        .param(Parameter::new("list", Type::Dynamic))
        .return_type(|args| match args[0].ty() {
            Type::Tuple(t) => Ok(Type::tuple(t.elements().iter().rev().cloned())),
            Type::List(e) | Type::Set(e) => Ok(Type::list(e.as_ref().clone())),
            other => Err(FunctionError::argument(
                0,
                format!(
                    "can only reverse list or tuple values, not {}",
                    other.friendly_name()
                ),
            )),
        })
        .build(|args, ty| {
            let reversed = elements(&args[0]).iter().rev().cloned();
            match ty {
                Type::Tuple(_) => Ok(Value::tuple(reversed)),
                _ => Ok(Value::list_of(element_of(ty), reversed)?),
            }
        })
}

/// `slice(list, start_index, end_index)`: the elements of a list or tuple
/// from `start_index` up to but not including `end_index`.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"slice(["a", "b", "c", "d"], 1, 3)"#), r#"["b", "c"]"#);
/// ```
pub fn slice() -> Function {
    Function::builder()
        .description("Extracts a subslice of the given list or tuple value.")
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("start_index", Type::Number))
        .param(Parameter::new("end_index", Type::Number))
        .return_type(|args| {
            let ty = args[0].ty();
            if matches!(ty, Type::Set(_)) {
                return Err(FunctionError::argument(0, "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important"));
            }
            if !matches!(ty, Type::List(_) | Type::Tuple(_)) {
                return Err(FunctionError::argument(0, "must be a list or tuple value"));
            }
            let bounds = slice_indexes(args)?;
            match (ty, bounds) {
                (Type::Tuple(t), Some((start, end))) => {
                    Ok(Type::tuple(t.elements().get(start..end).unwrap_or_default().iter().cloned()))
                }
                (Type::Tuple(_), None) => Ok(Type::Dynamic),
                _ => Ok(ty.clone()),
            }
        })
        .build(|args, ty| {
            if ty.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let Some((start, end)) = slice_indexes(args)? else {
                return Ok(Value::unknown(ty.clone()));
            };
            let part = elements(&args[0]).get(start..end).unwrap_or_default().iter().cloned();
            match ty {
                Type::Tuple(_) => Ok(Value::tuple(part)),
                _ => Ok(Value::list_of(element_of(ty), part)?),
            }
        })
}

/// cty's `sliceIndexes`: the start and end when both are known, after
/// checking each known one against zero and the known length.
fn slice_indexes(args: &[Value]) -> Result<Option<(usize, usize)>, FunctionError> {
    let list = &args[0];
    let length = match list.ty() {
        Type::Tuple(t) => Some(t.len()),
        _ => list.len(),
    };
    let check = |index: usize, which: &str| -> Result<Option<usize>, FunctionError> {
        let Some(n) = args[index].as_number() else {
            return Ok(None);
        };
        let i = go_int(n).ok_or_else(|| {
            FunctionError::argument(index, format!("invalid {which} index: {WHOLE_NUMBER}"))
        })?;
        let Ok(i) = usize::try_from(i) else {
            return Err(FunctionError::argument(
                index,
                format!("{which} index must not be less than zero"),
            ));
        };
        if length.is_some_and(|len| i > len) {
            return Err(FunctionError::argument(
                index,
                format!("{which} index must not be greater than the length of the list"),
            ));
        }
        Ok(Some(i))
    };
    let start = check(1, "start")?;
    let end = check(2, "end")?;
    match (start, end) {
        (Some(s), Some(e)) if s > e => Err(FunctionError::argument(
            1,
            "start index must not be greater than end index",
        )),
        (Some(s), Some(e)) if length.is_some() => Ok(Some((s, e))),
        _ => Ok(None),
    }
}

/// `sort(list)`: the list of strings in lexicographic order (by their
/// UTF-8 bytes, which is the order of their code points). A list holding
/// unknown strings gives an unknown list; a null string is an error.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"sort(["e", "d", "a", "x"])"#), r#"["a", "d", "e", "x"]"#);
/// ```
pub fn sort() -> Function {
    Function::builder()
        .description("Applies a lexicographic sort to the elements of the given list.")
        .param(Parameter::new("list", Type::list(Type::String)))
        .returns(Type::list(Type::String))
        .build(|args, ty| {
            let list = &args[0];
            if !list.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            let mut strings = Vec::with_capacity(list.len().unwrap_or(0));
            for (i, v) in elements(list).iter().enumerate() {
                let Some(s) = v.as_str() else {
                    return Err(FunctionError::failed(format!(
                        "given list element {i} is null; a null string cannot be sorted"
                    )));
                };
                strings.push(s);
            }
            strings.sort_unstable();
            Ok(Value::list_of(
                Type::String,
                strings.into_iter().map(Value::string),
            )?)
        })
}

/// `alltrue(list)`: whether every element of the list of bools is true
/// (Terraform); true for an empty list, false if an element is null. An
/// unknown element before a false one makes the result unknown.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"alltrue(["true", true])"#), "true");
/// assert_eq!(eval("alltrue([true, false])"), "false");
/// ```
pub fn alltrue() -> Function {
    Function::builder()
        .description("Returns true if all elements in a given collection are true or \"true\". It also returns true if the collection is empty.")
        .param(Parameter::new("list", Type::list(Type::Bool)))
        .returns(Type::Bool)
        .build(|args, _| {
            for v in elements(&args[0]) {
                if !v.is_known() {
                    return Ok(Value::unknown(Type::Bool));
                }
                if !v.is_true() {
                    return Ok(Value::bool(false));
                }
            }
            Ok(Value::bool(true))
        })
}

/// `anytrue(list)`: whether some element of the list of bools is true
/// (Terraform); false for an empty list. Nulls count as false; unknown
/// elements make a result without a true element unknown.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval(r#"anytrue(["true"])"#), "true");
/// assert_eq!(eval("anytrue([])"), "false");
/// ```
pub fn anytrue() -> Function {
    Function::builder()
        .description("Returns true if any of the elements in a given collection are true or \"true\". It also returns false if the collection is empty.")
        .param(Parameter::new("list", Type::list(Type::Bool)))
        .returns(Type::Bool)
        .build(|args, _| {
            let mut unknown = false;
            for v in elements(&args[0]) {
                if !v.is_known() {
                    unknown = true;
                } else if v.is_true() {
                    return Ok(Value::bool(true));
                }
            }
            if unknown {
                return Ok(Value::unknown(Type::Bool));
            }
            Ok(Value::bool(false))
        })
}

const ONE_MESSAGE: &str = "must be a list, set, or tuple value with either zero or one elements";

/// `one(list)`: the element of a list, set or tuple with one element, or
/// null when it has none (Terraform). More elements are an error.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// assert_eq!(eval("one([])"), "null");
/// assert_eq!(eval(r#"one(["hello"])"#), r#""hello""#);
/// ```
pub fn one() -> Function {
    Function::builder()
        .description("Returns either the first element of a one-element list, or null if given a zero-element list.")
        .param(Parameter::new("list", Type::Dynamic))
        .return_type(|args| match args[0].ty() {
            Type::List(e) | Type::Set(e) => Ok(e.as_ref().clone()),
            Type::Tuple(t) if t.is_empty() => Ok(Type::Dynamic),
            Type::Tuple(t) if t.len() == 1 => Ok(t.elements()[0].clone()),
            _ => Err(FunctionError::argument(0, ONE_MESSAGE)),
        })
        .build(|args, ty| {
            let list = &args[0];
            if !length_known(list) {
                return Ok(Value::unknown(ty.clone()));
            }
            match elements(list) {
                [] => Ok(Value::null(ty.clone())),
                [only] => Ok(only.clone()),
                _ => Err(FunctionError::argument(0, ONE_MESSAGE)),
            }
        })
}

/// `matchkeys(values, keys, searchset)`: the elements of `values` whose
/// counterparts in `keys` (at the same index) are in `searchset`, in order
/// (Terraform). `keys` and `searchset` must unify to one type; `values`
/// and `keys` must have the same length. Known keys are found in the
/// search set by hashing, so time is about linear in the lengths.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos};
/// # fn eval(src: &str) -> String {
/// #     let mut ctx = EvalContext::new();
/// #     hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// #     let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default());
/// #     NativeExpression::new(f, id).value(&ctx).0.to_string()
/// # }
/// let src = r#"matchkeys(["i-123", "i-abc", "i-def"], ["us-west", "us-east", "us-east"], ["us-east"])"#;
/// assert_eq!(eval(src), r#"["i-abc", "i-def"]"#);
/// ```
pub fn matchkeys() -> Function {
    Function::builder()
        .description("Constructs a new list by taking a subset of elements from one list whose indexes match the corresponding indexes of values in another list.")
        .param(Parameter::new("values", Type::list(Type::Dynamic)))
        .param(Parameter::new("keys", Type::list(Type::Dynamic)))
        .param(Parameter::new("searchset", Type::list(Type::Dynamic)))
        .return_type_with_semantics(|args, sem| {
            key_type(args, sem)?;
            Ok(args[0].ty().clone())
        })
        .build_with_semantics(|args, ty, sem| {
            let (values, keys, searchset) = (&args[0], &args[1], &args[2]);
            let ety = element_of(ty);
            if values.len() != keys.len() {
                return Err(FunctionError::failed("length of keys and values should be equal"));
            }
            let kty = key_type(args, sem)?;
            let keys =
                convert_with(keys, &kty, sem).map_err(|e| FunctionError::failed(e.to_string()))?;
            let searchset = convert_with(searchset, &kty, sem)
                .map_err(|e| FunctionError::failed(e.to_string()))?;
            let search = elements(&searchset);
            if search.is_empty() {
                return Ok(Value::list_of(ety, [])?);
            }
            if !values.is_wholly_known() || !keys.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            // The search elements whose comparison with a known key may be
            // unknown are checked one by one; the others by hashing.
            let mut certain = Buckets::new(sem);
            let mut uncertain = Vec::new();
            for (i, s) in search.iter().enumerate() {
                if s.is_wholly_known() && s.has_wholly_known_type() {
                    certain.insert_at(s, i);
                } else {
                    uncertain.push(i);
                }
            }
            let mut out = Vec::new();
            for (key, value) in elements(&keys).iter().zip(elements(values)) {
                // cty walks the search set in order: the first element
                // whose comparison is unknown, before any equal one, makes
                // the whole result an empty list.
                let first_unknown = uncertain
                    .iter()
                    .copied()
                    .find(|&i| !key.equals_with(&search[i], sem).is_false());
                let matched = certain.find(key);
                match (first_unknown, matched) {
                    (Some(u), m) if m.is_none_or(|m| u < m) => {
                        if !key.equals_with(&search[u], sem).is_known() {
                            return Ok(Value::list_of(ety, [])?);
                        }
                        out.push(value.clone());
                    }
                    (_, Some(_)) => out.push(value.clone()),
                    _ => {}
                }
            }
            Ok(Value::list_of(ety, out)?)
        })
}

/// The type `keys` and `searchset` unify to by the rules of `sem`.
fn key_type(args: &[Value], sem: Semantics) -> Result<Type, FunctionError> {
    unify_with(&[args[1].ty().clone(), args[2].ty().clone()], sem)
        .map(|u| u.ty)
        .ok_or_else(|| FunctionError::failed("keys and searchset must be of the same type"))
}
