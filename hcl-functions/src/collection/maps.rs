//! The functions on maps and objects.

use std::collections::BTreeMap;

use hcl_core::convert::convert_with;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::quote::go_quote;
use hcl_core::{Type, Value};

/// `keys(inputMap)`: the keys of a map as a list of strings, or the
/// attribute names of an object as a tuple of strings, in lexicographic
/// order. An object's names are known from its type even when the object
/// is unknown.
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
/// assert_eq!(eval("keys({a = 1, c = 2, d = 3})"), r#"["a", "c", "d"]"#);
/// ```
pub fn keys() -> Function {
    Function::builder()
        .description("Returns a list of the keys of the given map in lexicographical order.")
        .param(
            Parameter::new("inputMap", Type::Dynamic)
                .with_description("The map to extract keys from. May instead be an object-typed value, in which case the result is a tuple of the object attributes.")
                .allow_unknown(),
        )
        .return_type(|args| match args[0].ty() {
            Type::Map(_) => Ok(Type::list(Type::String)),
            Type::Object(o) => Ok(Type::tuple(o.attributes().keys().map(|_| Type::String))),
            _ => Err(FunctionError::argument(0, "must have map or object type")),
        })
        .build(|args, ty| {
            let m = &args[0];
            if let Type::Object(o) = m.ty() {
                return Ok(Value::tuple(
                    o.attributes().keys().map(|k| Value::string(k.as_str())),
                ));
            }
            let Some(attributes) = m.attributes() else {
                return Ok(Value::unknown(ty.clone()));
            };
            Ok(Value::list_of(
                Type::String,
                attributes.keys().map(|k| Value::string(k.as_str())),
            )?)
        })
}

/// `lookup(inputMap, key, default?)`: the element of a map (or attribute of
/// an object) with the given key, or the default when there is none
/// (Terraform's, whose default is optional where go-cty's is required).
/// For a map, the default must convert to the element type; without a
/// default, a missing key is an error ("lookup failed to find key ...";
/// for an object, "the given object has no attribute ...").
///
/// ```
/// # use hcl_functions::eval_for_docs as eval;
/// assert_eq!(eval(r#"lookup({a = "ay", b = "bee"}, "a", "what?")"#).unwrap(), r#""ay""#);
/// assert_eq!(eval(r#"lookup({a = "ay", b = "bee"}, "c", "what?")"#).unwrap(), r#""what?""#);
/// assert_eq!(eval(r#"lookup({a = "ay"}, "a")"#).unwrap(), r#""ay""#);
/// assert!(eval(r#"lookup(tomap({a = "ay"}), "c")"#).unwrap_err().contains(r#"lookup failed to find key "c""#));
/// ```
pub fn lookup() -> Function {
    Function::builder()
        .description("Retrieves the value of a single element from a map, given its key. If the given key does not exist, the given default value is returned instead.")
        .param(Parameter::new("inputMap", Type::Dynamic).allow_unknown())
        .param(Parameter::new("key", Type::String).allow_unknown())
        .variadic(
            Parameter::new("default", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic()
                .allow_null(),
        )
        .return_type_with_semantics(|args, sem| {
            if args.len() > 3 {
                return Err(FunctionError::failed(format!(
                    "lookup() takes two or three arguments, got {}",
                    args.len()
                )));
            }
            let (map, key, default) = (&args[0], &args[1], args.get(2));
            match map.ty() {
                Type::Object(o) => {
                    let Some(key) = key.as_str() else {
                        return Ok(Type::Dynamic);
                    };
                    match (o.attribute(key), default) {
                        (Some(t), _) => Ok(t.clone()),
                        (None, Some(default)) => Ok(default.ty().clone()),
                        (None, None) => Err(FunctionError::argument(
                            0,
                            format!("the given object has no attribute {}", go_quote(key)),
                        )),
                    }
                }
                Type::Map(e) => {
                    if default.is_some_and(|d| convert_with(d, e, sem).is_err()) {
                        return Err(FunctionError::argument(
                            2,
                            "the default value must have the same type as the map elements",
                        ));
                    }
                    Ok(e.as_ref().clone())
                }
                _ => Err(FunctionError::argument(
                    0,
                    "lookup() requires a map as the first argument",
                )),
            }
        })
        .build_with_semantics(|args, ty, sem| {
            let (map, key, default) = (&args[0], &args[1], args.get(2));
            if !map.is_known() || !key.is_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            let key = key.as_str().unwrap_or_default();
            if let Some(v) = map.get(key) {
                return Ok(v.clone());
            }
            match default {
                Some(default) => convert_with(default, ty, sem)
                    .map_err(|e| FunctionError::failed(e.to_string())),
                None => Err(FunctionError::failed(format!(
                    "lookup failed to find key {}",
                    go_quote(key)
                ))),
            }
        })
}

/// `merge(maps...)`: the elements of maps, or attributes of objects, taken
/// together; a key given again takes the later value. Maps of one type
/// give a map; otherwise the result is an object. Null arguments are
/// skipped.
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
///     eval(r#"merge({a = "b", c = "d"}, {e = "f", c = "z"})"#),
///     r#"{ "a" = "b", "c" = "z", "e" = "f" }"#
/// );
/// ```
pub fn merge() -> Function {
    Function::builder()
        .description("Merges all of the elements from the given maps into a single map, or the attributes from given objects into a single object.")
        .variadic(
            Parameter::new("maps", Type::Dynamic)
                .allow_dynamic()
                .allow_null(),
        )
        .return_type(|args| {
            let Some(first) = args.first() else {
                return Ok(Type::empty_object());
            };
            let mut attrs: BTreeMap<String, Type> = BTreeMap::new();
            let mut attrs_known = true;
            for arg in args {
                let ty = arg.ty();
                if ty.is_dynamic() {
                    return Ok(Type::Dynamic);
                }
                match ty {
                    Type::Object(o) => {
                        if !arg.is_null() {
                            for (name, t) in o.attributes() {
                                attrs.insert(name.clone(), t.clone());
                            }
                        }
                    }
                    Type::Map(e) => {
                        if arg.is_null() {
                        } else if let Some(elements) = arg.attributes() {
                            for name in elements.keys() {
                                attrs.insert(name.clone(), e.as_ref().clone());
                            }
                        } else {
                            attrs_known = false;
                        }
                    }
                    other => {
                        return Err(FunctionError::failed(format!(
                            "arguments must be maps or objects, got {}",
                            go_quote(&other.friendly_name())
                        )));
                    }
                }
            }
            if args.iter().all(|a| a.ty() == first.ty()) {
                return Ok(first.ty().clone());
            }
            if !attrs_known {
                return Ok(Type::Dynamic);
            }
            Ok(Type::object(attrs))
        })
        .build(|args, ty| {
            let mut out: BTreeMap<String, Value> = BTreeMap::new();
            for arg in args {
                if let Some(elements) = arg.attributes() {
                    for (k, v) in elements {
                        out.insert(k.clone(), v.clone());
                    }
                }
            }
            match ty {
                Type::Map(e) => Ok(Value::map_of(e.as_ref().clone(), out)?),
                _ => Ok(Value::object(out)),
            }
        })
}

/// `values(mapping)`: the elements of a map as a list, or the attributes
/// of an object as a tuple, in the lexicographic order of their keys.
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
/// assert_eq!(eval(r#"values({a = 3, c = 2, d = 1})"#), "[3, 2, 1]");
/// ```
pub fn values() -> Function {
    Function::builder()
        .description("Returns the values of elements of a given map, or the values of attributes of a given object, in lexicographic order by key or attribute name.")
        .param(Parameter::new("mapping", Type::Dynamic))
        .return_type(|args| match args[0].ty() {
            Type::Map(e) => Ok(Type::list(e.as_ref().clone())),
            Type::Object(o) => Ok(Type::tuple(o.attributes().values().cloned())),
            _ => Err(FunctionError::failed(
                "values() requires a map as the first argument",
            )),
        })
        .build(|args, ty| {
            let values = args[0]
                .attributes()
                .map(|a| a.values().cloned().collect::<Vec<_>>())
                .unwrap_or_default();
            match ty {
                Type::Tuple(_) => Ok(Value::tuple(values)),
                _ => Ok(Value::list_of(
                    ty.element_type().cloned().unwrap_or(Type::Dynamic),
                    values,
                )?),
            }
        })
}

/// `zipmap(keys, values)`: a map from the list of keys to the elements of
/// the list of values at the same indices (an object when the values are
/// a tuple). The lists must have the same length; a key given twice takes
/// the later value.
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
/// assert_eq!(eval(r#"zipmap(["a", "b"], [1, 2])"#), r#"{ "a" = 1, "b" = 2 }"#);
/// ```
pub fn zipmap() -> Function {
    Function::builder()
        .description("Constructs a map from a list of keys and a corresponding list of values, which must both be of the same length.")
        .param(Parameter::new("keys", Type::list(Type::String)))
        .param(Parameter::new("values", Type::Dynamic))
        .return_type(|args| {
            let (keys, values) = (&args[0], &args[1]);
            match values.ty() {
                Type::List(e) => Ok(Type::map(e.as_ref().clone())),
                Type::Tuple(t) => {
                    if !keys.is_wholly_known() {
                        return Ok(Type::Dynamic);
                    }
                    let names = keys.elements().unwrap_or_default();
                    if names.len() != t.len() {
                        return Err(length_mismatch(names.len(), t.len()));
                    }
                    let mut attrs = BTreeMap::new();
                    for (i, (name, ty)) in names.iter().zip(t.elements()).enumerate() {
                        let Some(name) = name.as_str() else {
                            return Err(null_key(i));
                        };
                        attrs.insert(name.to_owned(), ty.clone());
                    }
                    Ok(Type::object(attrs))
                }
                _ => Err(FunctionError::failed(
                    "values argument must be a list or tuple value",
                )),
            }
        })
        .build(|args, ty| {
            let (keys, values) = (&args[0], &args[1]);
            if !keys.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            let names = keys.elements().unwrap_or_default();
            let items = values.elements().unwrap_or_default();
            if names.len() != items.len() {
                return Err(length_mismatch(names.len(), items.len()));
            }
            let mut out = BTreeMap::new();
            for (i, (name, v)) in names.iter().zip(items).enumerate() {
                let Some(name) = name.as_str() else {
                    return Err(null_key(i));
                };
                out.insert(name.to_owned(), v.clone());
            }
            match ty {
                Type::Map(e) => Ok(Value::map_of(e.as_ref().clone(), out)?),
                _ => Ok(Value::object(out)),
            }
        })
}

fn length_mismatch(keys: usize, values: usize) -> FunctionError {
    FunctionError::failed(format!(
        "number of keys ({keys}) does not match number of values ({values})"
    ))
}

fn null_key(i: usize) -> FunctionError {
    FunctionError::failed(format!("keys list has null value at index {i}"))
}

/// `transpose(values)`: a map of lists of strings with keys and values
/// swapped (Terraform): each string of the input lists becomes a key whose
/// list holds, sorted, the input keys whose lists hold it. A null list or
/// a null string inside is an error.
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
///     eval(r#"transpose({"a" = ["1", "2"], "b" = ["2", "3"]})"#),
///     r#"{ "1" = ["a"], "2" = ["a", "b"], "3" = ["b"] }"#
/// );
/// ```
pub fn transpose() -> Function {
    let ty = Type::map(Type::list(Type::String));
    Function::builder()
        .description("Takes a map of lists of strings and swaps the keys and values to produce a new map of lists of strings.")
        .param(Parameter::new("values", ty.clone()))
        .returns(ty)
        .build(|args, ty| {
            let input = &args[0];
            if !input.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            let mut out: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
            for (key, list) in input.attributes().into_iter().flatten() {
                let Some(items) = list.elements() else {
                    return Err(FunctionError::argument(
                        0,
                        format!("the list for key {} is null", go_quote(key)),
                    ));
                };
                for item in items {
                    let Some(s) = item.as_str() else {
                        return Err(FunctionError::argument(
                            0,
                            format!("the list for key {} holds a null string", go_quote(key)),
                        ));
                    };
                    out.entry(s).or_default().push(key);
                }
            }
            let out = out
                .into_iter()
                .map(|(k, mut keys)| {
                    keys.sort_unstable();
                    Value::list_of(Type::String, keys.into_iter().map(Value::string))
                        .map(|list| (k, list))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::map_of(Type::list(Type::String), out)?)
        })
}
