//! The set functions, with cty's semantics and messages (go-cty's
//! `function/stdlib`).
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`setintersection`] | `setintersection(first_set, other_sets...)` | the elements in every set |
//! | [`setproduct`] | `setproduct(sets...)` | the Cartesian product of sets or lists, as tuples |
//! | [`setsubtract`] | `setsubtract(a, b)` | the elements of `a` not in `b` |
//! | [`setunion`] | `setunion(first_set, other_sets...)` | the elements in any of the sets |
//!
//! The sets' element types unify to one type, to which every element is
//! converted before the operation (so `1` and `"1"` may merge). A set with
//! unknown elements makes the result of `setintersection` and
//! `setsubtract` unknown; `setunion` keeps them.
//!
//! Limits: `setproduct` makes at most [`SETPRODUCT_LIMIT`] (1,000,000)
//! tuples; a larger product is an error. Membership is found by hashing,
//! so the other operations take time about linear in the sizes of the sets.
//!
//! ```
//! use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
//! use hcl_core::{EvalContext, Expression, Pos, Value};
//!
//! let mut ctx = EvalContext::new();
//! hcl_functions::Library::empty()
//!     .family(hcl_functions::Family::Set)
//!     .install(&mut ctx)
//!     .unwrap();
//! let src = br#"setsubtract(setunion(["a", "b"], ["c"]), ["b"])"#;
//! let (file, id, _) = parse_expression(src, "t", Pos::start(), &ParseOptions::default());
//! let (value, diags) = NativeExpression::new(file, id).value(&ctx);
//! assert!(diags.is_empty());
//! assert_eq!(value, Value::set([Value::string("a"), Value::string("c")]).unwrap());
//! ```

use hcl_core::convert::{convert_with, unify_with};
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::{Semantics, Type, Value};

use crate::collection::util::{Buckets, length_known};

/// The most tuples [`setproduct`] makes.
pub const SETPRODUCT_LIMIT: usize = 1_000_000;

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("setintersection", setintersection()),
        ("setproduct", setproduct()),
        ("setsubtract", setsubtract()),
        ("setunion", setunion()),
    ]
}

fn set_param(name: &str) -> Parameter {
    Parameter::new(name, Type::set(Type::Dynamic)).allow_dynamic()
}

/// cty's `setOperationReturnType`: a set of the type the element types
/// unify to (by the rules of `sem`), skipping known empty sets of the
/// dynamic pseudo-type.
fn set_operation_type(args: &[Value], sem: Semantics) -> Result<Type, FunctionError> {
    let types: Vec<Type> = args
        .iter()
        .filter_map(|arg| {
            let ety = arg.ty().element_type().cloned().unwrap_or(Type::Dynamic);
            let empty_dynamic = arg.is_known() && arg.is_empty() && ety.is_dynamic();
            (!empty_dynamic).then_some(ety)
        })
        .collect();
    if types.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    unify_with(&types, sem)
        .map(|u| Type::set(u.ty))
        .ok_or_else(|| FunctionError::failed("given sets must all have compatible element types"))
}

/// The sets converted to the result type (by the rules of `sem`); `None`
/// when one has unknown parts and the operation needs them known.
fn converted(
    args: &[Value],
    ty: &Type,
    allow_unknowns: bool,
    sem: Semantics,
) -> Result<Option<Vec<Value>>, FunctionError> {
    let mut out = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        let set =
            convert_with(arg, ty, sem).map_err(|e| FunctionError::argument(i, e.to_string()))?;
        if !allow_unknowns && !set.is_wholly_known() {
            return Ok(None);
        }
        out.push(set);
    }
    Ok(Some(out))
}

fn elements(v: &Value) -> &[Value] {
    v.elements().unwrap_or_default()
}

fn set_of(ty: &Type, elements: Vec<Value>) -> Result<Value, FunctionError> {
    let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
    Ok(Value::set_of(ety, elements)?)
}

/// `setunion(first_set, other_sets...)`: the elements of all the sets.
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
/// assert_eq!(eval(r#"setunion(["a", "b"], ["b", "c"], ["d"])"#), r#"["a", "b", "c", "d"]"#);
/// ```
pub fn setunion() -> Function {
    Function::builder()
        .description("Returns the union of all given sets.")
        .param(set_param("first_set"))
        .variadic(set_param("other_sets"))
        .return_type_with_semantics(set_operation_type)
        .build_with_semantics(|args, ty, sem| {
            let Some(sets) = converted(args, ty, true, sem)? else {
                return Ok(Value::unknown(ty.clone()));
            };
            let all: Vec<Value> = sets
                .iter()
                .flat_map(|s| elements(s).iter().cloned())
                .collect();
            set_of(ty, all)
        })
}

/// `setintersection(first_set, other_sets...)`: the elements that are in
/// every set.
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
/// assert_eq!(eval(r#"setintersection(["a", "b"], ["b", "c"], ["b", "d"])"#), r#"["b"]"#);
/// ```
pub fn setintersection() -> Function {
    Function::builder()
        .description("Returns the intersection of all given sets.")
        .param(set_param("first_set"))
        .variadic(set_param("other_sets"))
        .return_type_with_semantics(set_operation_type)
        .build_with_semantics(|args, ty, sem| {
            let Some(sets) = converted(args, ty, false, sem)? else {
                return Ok(Value::unknown(ty.clone()));
            };
            let mut kept: Vec<Value> = sets
                .first()
                .map(|s| elements(s).to_vec())
                .unwrap_or_default();
            for other in &sets[1..] {
                let mut members = Buckets::new(sem);
                for e in elements(other) {
                    members.insert(e);
                }
                kept.retain(|e| members.contains(e));
            }
            set_of(ty, kept)
        })
}

/// `setsubtract(a, b)`: the elements of `a` that are not in `b`.
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
/// assert_eq!(eval(r#"setsubtract(["a", "b", "c"], ["a", "c"])"#), r#"["b"]"#);
/// ```
pub fn setsubtract() -> Function {
    Function::builder()
        .description("Returns the relative complement of the two given sets.")
        .param(set_param("a"))
        .param(set_param("b"))
        .return_type_with_semantics(set_operation_type)
        .build_with_semantics(|args, ty, sem| {
            let Some(sets) = converted(args, ty, false, sem)? else {
                return Ok(Value::unknown(ty.clone()));
            };
            let mut removed = Buckets::new(sem);
            for e in sets.get(1).map(elements).unwrap_or_default() {
                removed.insert(e);
            }
            let kept: Vec<Value> = sets
                .first()
                .map(elements)
                .unwrap_or_default()
                .iter()
                .filter(|e| !removed.contains(e))
                .cloned()
                .collect();
            set_of(ty, kept)
        })
}

/// `setproduct(sets...)`: every combination of one element of each
/// argument, as tuples. With only lists (and tuples) the result is a list
/// in their order; with a set among them, a set. At most
/// [`SETPRODUCT_LIMIT`] tuples: a larger product is an error.
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
/// assert_eq!(
///     eval(r#"setproduct(["development", "staging"], ["app1", "app2"])"#),
///     r#"[["development", "app1"], ["development", "app2"], ["staging", "app1"], ["staging", "app2"]]"#
/// );
/// ```
pub fn setproduct() -> Function {
    Function::builder()
        .description("Calculates the cartesian product of two or more sets.")
        .variadic(Parameter::new("sets", Type::Dynamic).with_description("The sets to consider. Also accepts lists and tuples, and if all arguments are of list or tuple type then the result will preserve the input ordering"))
        .return_type_with_semantics(|args, sem| {
            if args.len() < 2 {
                return Err(FunctionError::failed("at least two arguments are required"));
            }
            let mut lists = 0;
            let mut etys = Vec::with_capacity(args.len());
            for (i, arg) in args.iter().enumerate() {
                match arg.ty() {
                    Type::Set(e) => etys.push(e.as_ref().clone()),
                    Type::List(e) => {
                        etys.push(e.as_ref().clone());
                        lists += 1;
                    }
                    Type::Tuple(t) => {
                        lists += 1;
                        if t.is_empty() {
                            etys.push(Type::Dynamic);
                            continue;
                        }
                        let u = unify_with(t.elements(), sem).ok_or_else(|| {
                            FunctionError::argument(i, "all elements must be of the same type")
                        })?;
                        etys.push(u.ty);
                    }
                    _ => return Err(FunctionError::argument(i, "a set or a list is required")),
                }
            }
            let tuple = Type::tuple(etys);
            Ok(if lists == args.len() {
                Type::list(tuple)
            } else {
                Type::set(tuple)
            })
        })
        .build_with_semantics(|args, ty, sem| {
            let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            if args.iter().any(|a| !length_known(a)) {
                return Ok(Value::unknown(ty.clone()));
            }
            let lengths: Vec<usize> = args.iter().map(|a| elements(a).len()).collect();
            let total = if lengths.contains(&0) {
                Some(0)
            } else {
                lengths.iter().try_fold(1usize, |acc, &n| acc.checked_mul(n))
            };
            let total = match total {
                Some(t) if t <= SETPRODUCT_LIMIT => t,
                _ => {
                    return Err(FunctionError::failed(format!(
                        "the product would have more than {SETPRODUCT_LIMIT} elements"
                    )));
                }
            };
            let sub_types: Vec<Type> = ety
                .as_tuple()
                .map(|t| t.elements().to_vec())
                .unwrap_or_default();
            // Each argument's elements, converted to the tuple's element type.
            let mut columns: Vec<Vec<Value>> = Vec::with_capacity(args.len());
            for (j, arg) in args.iter().enumerate() {
                let target = sub_types.get(j).cloned().unwrap_or(Type::Dynamic);
                let column = elements(arg)
                    .iter()
                    .map(|v| {
                        if v.ty() == &target {
                            Ok(v.clone())
                        } else {
                            convert_with(v, &target, sem).map_err(|e| {
                                FunctionError::argument(j, e.to_string())
                            })
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                columns.push(column);
            }
            let mut product = Vec::with_capacity(total);
            if total > 0 {
                let mut n = vec![0usize; columns.len()];
                for _ in 0..total {
                    product.push(Value::tuple(
                        n.iter().zip(&columns).map(|(&i, c)| c[i].clone()),
                    ));
                    for j in (0..n.len()).rev() {
                        n[j] += 1;
                        if n[j] < columns[j].len() {
                            break;
                        }
                        n[j] = 0;
                    }
                }
            }
            match ty {
                Type::List(_) => Ok(Value::list_of(ety, product)?),
                _ => Ok(Value::set_of(ety, product)?),
            }
        })
}

#[cfg(test)]
mod tests {
    use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
    use hcl_core::{EvalContext, Expression, Pos};

    use super::*;

    /// The value of an expression, or the detail of its first diagnostic.
    fn eval(src: &str) -> Result<Value, String> {
        let mut ctx = EvalContext::new();
        crate::Library::empty()
            .family(crate::Family::Set)
            .family(crate::Family::Collection)
            .install(&mut ctx)
            .expect("functions");
        let (file, id, _) = parse_expression(
            src.as_bytes(),
            "test.hcl",
            Pos::start(),
            &ParseOptions::default(),
        );
        let (value, diags) = NativeExpression::new(file, id).value(&ctx);
        match diags.iter().next() {
            Some(d) => Err(d.detail.to_string()),
            None => Ok(value),
        }
    }

    #[test]
    fn terraform_documented_examples() {
        let set = |items: &[&str]| Value::set(items.iter().map(|s| Value::string(*s))).unwrap();
        assert_eq!(
            eval(r#"setintersection(["a", "b"], ["b", "c"], ["b", "d"])"#),
            Ok(set(&["b"]))
        );
        assert_eq!(
            eval(r#"setsubtract(["a", "b", "c"], ["a", "c"])"#),
            Ok(set(&["b"]))
        );
        assert_eq!(
            eval(r#"setunion(["a", "b"], ["b", "c"], ["d"])"#),
            Ok(set(&["a", "b", "c", "d"]))
        );
        let product = eval(r#"setproduct(["development", "staging"], ["app1", "app2"])"#).unwrap();
        assert_eq!(
            product.ty(),
            &Type::list(Type::tuple([Type::String, Type::String]))
        );
        assert_eq!(product.len(), Some(4));
        assert_eq!(eval(r#"setproduct([], ["a"])"#).unwrap().len(), Some(0));
    }

    #[test]
    fn setproduct_limit() {
        let big = eval("setproduct(range(1000), range(100))").unwrap();
        assert_eq!(big.len(), Some(100_000));
        let empty = eval("setproduct(range(1000), range(1000), range(1000), [])").unwrap();
        assert_eq!(empty.len(), Some(0));
        assert_eq!(
            eval("setproduct(range(1000), range(1000), [1, 2])").unwrap_err(),
            r#"Call to function "setproduct" failed: the product would have more than 1000000 elements."#
        );
        // Counting the product does not overflow.
        let many = ["range(1024)"; 12].join(", ");
        assert!(
            eval(&format!("setproduct({many})"))
                .unwrap_err()
                .contains("more than 1000000")
        );
    }

    #[test]
    fn set_operations_are_not_quadratic() {
        let n = 100_000;
        let a = Value::set((0..n).map(Value::number)).unwrap();
        let b = Value::set((0..n).map(|i| Value::number(i + n / 2))).unwrap();
        let both = setintersection().call(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(both.len(), Some(50_000));
        let rest = setsubtract().call(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(rest.len(), Some(50_000));
        let all = setunion().call(&[a, b]).unwrap();
        assert_eq!(all.len(), Some(150_000));
    }

    #[test]
    fn unknown_elements() {
        let with_unknown = Value::set([Value::string("a"), Value::unknown(Type::String)]).unwrap();
        let known = Value::set([Value::string("a")]).unwrap();
        let union = setunion()
            .call(&[with_unknown.clone(), known.clone()])
            .unwrap();
        assert_eq!(union.len(), Some(2));
        assert_eq!(
            setintersection()
                .call(&[known.clone(), with_unknown.clone()])
                .unwrap(),
            Value::unknown(Type::set(Type::String))
        );
        assert_eq!(
            setsubtract().call(&[with_unknown, known]).unwrap(),
            Value::unknown(Type::set(Type::String))
        );
    }

    // Go's results below were recorded with go-cty's `function/stdlib`
    // (`tests/differential/cases/set.txt` and `semantics.txt`). The
    // arguments are what the evaluator passes: each converted to
    // `set(any)`.

    fn object(name: &str, n: i64) -> Value {
        Value::object([(name, Value::number(n))])
    }

    #[test]
    fn go_mode_set_operations_unify_objects_as_maps() {
        let a = Value::set([object("a", 1)]).unwrap();
        let b = Value::set([object("b", 2)]).unwrap();
        let map = |name: &str, n: i64| Value::map([(name, Value::number(n))]).unwrap();
        // Go: `setunion([{a = 1}], [{b = 2}])` is set(map(number)).
        let go = setunion().call_with(&[a.clone(), b.clone()], Semantics::Go);
        assert_eq!(go.unwrap(), Value::set([map("a", 1), map("b", 2)]).unwrap());
        // The spec: objects holding both attributes.
        let spec = setunion().call_with(&[a.clone(), b.clone()], Semantics::Spec);
        let both = Type::object([("a", Type::Number), ("b", Type::Number)]);
        assert_eq!(spec.unwrap().ty(), &Type::set(both));
        // Go: `setsubtract([{a = 1}, {b = 2}], [{a = 1}])` is [{b = 2}] as a
        // set(map(number)) (the first argument, converted to `set(any)` by
        // Go's rules, is a set of maps).
        let ab = Value::set([map("a", 1), map("b", 2)]).unwrap();
        let go = setsubtract().call_with(&[ab, a], Semantics::Go);
        assert_eq!(go.unwrap(), Value::set([map("b", 2)]).unwrap());
    }

    #[test]
    fn go_mode_set_operations_refuse_numbers_with_bools() {
        let s_num = Value::set([Value::number(1), Value::number(2)]).unwrap();
        let bools = Value::set([Value::bool(true)]).unwrap();
        let args = [s_num, bools];
        // Go: "given sets must all have compatible element types".
        for f in [setunion(), setintersection(), setsubtract()] {
            let err = f.call_with(&args, Semantics::Go).unwrap_err();
            assert!(
                err.to_string().contains("compatible element types"),
                "{err}"
            );
            // The spec: they meet at string.
            let spec = f.call_with(&args, Semantics::Spec).unwrap();
            assert_eq!(spec.ty(), &Type::set(Type::String));
        }
    }

    #[test]
    fn go_mode_setproduct_unifies_tuple_elements_by_go_rules() {
        let l_str = Value::list([Value::string("a")]).unwrap();
        // Go: `setproduct(l_str, [1, true])`: "all elements must be of the
        // same type", on the second argument.
        let mixed = Value::tuple([Value::number(1), Value::bool(true)]);
        let err = setproduct()
            .call_with(&[l_str.clone(), mixed.clone()], Semantics::Go)
            .unwrap_err();
        assert_eq!(err.argument_index(), Some(1));
        assert!(
            err.to_string()
                .contains("all elements must be of the same type")
        );
        assert!(
            setproduct()
                .call_with(&[l_str.clone(), mixed], Semantics::Spec)
                .is_ok()
        );
        // Go: `setproduct(["a"], [{a = 1}, {b = 2}])` is
        // list(tuple([string, map(number)])).
        let objects = Value::tuple([object("a", 1), object("b", 2)]);
        let go = setproduct()
            .call_with(&[l_str, objects], Semantics::Go)
            .unwrap();
        let pair = Type::tuple([Type::String, Type::map(Type::Number)]);
        assert_eq!(go.ty(), &Type::list(pair));
        assert_eq!(go.len(), Some(2));
    }
}
