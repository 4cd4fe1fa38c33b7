//! `coalesce`, `concat`, `hasindex` and `length` (cty's `general.go`,
//! `sequence.go` and `collection.go`).

use hcl_core::Semantics;
use hcl_core::Type;
use hcl_core::Value;
use hcl_core::convert::{convert_with, unify_with};
use hcl_core::function::{Function, FunctionError, Parameter};

/// `coalesce(vals...)`: the first argument that is not null, converted to
/// the type that all the arguments' types unify to ("all arguments must have
/// the same type" when there is none). An unknown argument before the first
/// non-null one makes the result unknown; no non-null argument is an error
/// ("no non-null arguments").
///
/// Unification follows the rules of the call's [`Semantics`]
/// (`convert::unify_with`): the specification's by default, which differ
/// from Go's for some types (`docs/deviations.md`: `coalesce(null, 1,
/// true)` is `"1"` by the specification, an error in Go).
///
/// ```
/// use hcl_functions::hcldec::coalesce;
/// use hcl_core::{Type, Value};
///
/// let args = [Value::null(Type::String), Value::number(8080)];
/// assert_eq!(coalesce().call(&args).unwrap(), Value::string("8080"));
/// ```
pub fn coalesce() -> Function {
    Function::builder()
        .description("Returns the first of the given arguments that isn't null, or raises an error if there are no non-null arguments.")
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
                if !arg.is_known() {
                    return Ok(Value::unknown(ty.clone()));
                }
                if arg.is_null() {
                    continue;
                }
                return convert_with(arg, ty, sem)
                    .map_err(|e| FunctionError::failed(e.to_string()));
            }
            Err(FunctionError::failed("no non-null arguments"))
        })
}

/// `concat(seqs...)`: the lists and tuples given, one after the other, in
/// one sequence. When every argument is a list and their types unify, the
/// result is a list of the unified type (by the rules of the call's
/// [`Semantics`]); otherwise it is a tuple (whose type needs the length of
/// every list argument: with an unknown list it is the dynamic
/// pseudo-type).
///
/// ```
/// use hcl_functions::hcldec::concat;
/// use hcl_core::{Type, Value};
///
/// let a = Value::list([Value::string("a")]).unwrap();
/// let b = Value::list([Value::string("b"), Value::string("c")]).unwrap();
/// let got = concat().call(&[a.clone(), b]).unwrap();
/// assert_eq!(got.ty(), &Type::list(Type::String));
/// assert_eq!(got.len(), Some(3));
///
/// let t = Value::tuple([Value::bool(true)]);
/// let got = concat().call(&[a, t]).unwrap();
/// assert_eq!(got.ty(), &Type::tuple([Type::String, Type::Bool]));
/// ```
pub fn concat() -> Function {
    Function::builder()
        .description("Concatenates together all of the given lists or tuples into a single sequence, preserving the input order.")
        .variadic(Parameter::new("seqs", Type::Dynamic))
        .return_type_with_semantics(|args, sem| {
            let Some(first) = args.first() else {
                return Err(FunctionError::failed("at least one argument is required"));
            };
            if matches!(first.ty(), Type::List(_))
                && args.iter().all(|a| matches!(a.ty(), Type::List(_)))
            {
                let types: Vec<Type> = args.iter().map(|v| v.ty().clone()).collect();
                if let Some(u) = unify_with(&types, sem) {
                    return Ok(u.ty);
                }
            }
            let mut elements = Vec::new();
            for (index, arg) in args.iter().enumerate() {
                match arg.ty() {
                    Type::Tuple(t) => elements.extend(t.elements().iter().cloned()),
                    Type::List(e) => {
                        let Some(len) = arg.len() else {
                            // An unknown list: its length, and so the tuple
                            // type, is not known yet.
                            return Ok(Type::Dynamic);
                        };
                        elements.extend(std::iter::repeat_n(e.as_ref().clone(), len));
                    }
                    other => {
                        return Err(FunctionError::argument(
                            index,
                            format!(
                                "all arguments must be lists or tuples; got {}",
                                other.friendly_name()
                            ),
                        ));
                    }
                }
            }
            Ok(Type::tuple(elements))
        })
        .build_with_semantics(|args, ty, sem| match ty {
            Type::List(ety) => {
                let mut elements = Vec::new();
                for (index, arg) in args.iter().enumerate() {
                    let list = convert_with(arg, ty, sem)
                        .map_err(|e| FunctionError::argument(index, e.to_string()))?;
                    elements.extend(list.elements().unwrap_or_default().iter().cloned());
                }
                Ok(Value::list_of(ety.as_ref().clone(), elements)?)
            }
            _ => Ok(Value::tuple(
                args.iter()
                    .flat_map(|a| a.elements().unwrap_or_default().iter().cloned()),
            )),
        })
}

/// `hasindex(collection, key)`: whether indexing the collection with the
/// key would succeed: a list or tuple needs a whole number key in range, a
/// map or an object a string key it has (a key of another type gives
/// `false`, never an error).
///
/// Objects are collections by the specification's rules (hcldec's spec
/// format: `hasindex(val, idx)` "returns true if the expression `val[idx]`
/// could succeed", and `obj["name"]` does); Go's `hasindex`
/// ([`Semantics::Go`]) refuses them, as it refuses every other type
/// ("collection must be a list, a map or a tuple"). Sets are refused in
/// both.
///
/// ```
/// use hcl_functions::hcldec::hasindex;
/// use hcl_core::{Semantics, Value};
///
/// let list = Value::list([Value::string("a"), Value::string("b")]).unwrap();
/// let f = hasindex();
/// assert_eq!(f.call(&[list.clone(), Value::number(1)]).unwrap(), Value::bool(true));
/// assert_eq!(f.call(&[list.clone(), Value::number(2)]).unwrap(), Value::bool(false));
/// assert_eq!(f.call(&[list, Value::string("1")]).unwrap(), Value::bool(false));
///
/// let object = Value::object([("name", Value::string("web"))]);
/// assert_eq!(f.call(&[object.clone(), Value::string("name")]).unwrap(), Value::bool(true));
/// assert!(f.call_with(&[object, Value::string("name")], Semantics::Go).is_err());
/// ```
pub fn hasindex() -> Function {
    Function::builder()
        .description("Returns true if if the given collection can be indexed with the given key without producing an error, or false otherwise.")
        .param(Parameter::new("collection", Type::Dynamic).allow_dynamic())
        .param(Parameter::new("key", Type::Dynamic).allow_dynamic())
        .return_type_with_semantics(|args, sem| match (args.first().map(Value::ty), sem) {
            (Some(Type::Tuple(_) | Type::List(_) | Type::Map(_) | Type::Dynamic), _)
            | (Some(Type::Object(_)), Semantics::Spec) => Ok(Type::Bool),
            (_, Semantics::Spec) => Err(FunctionError::failed(
                "collection must be a list, a map, an object or a tuple",
            )),
            (_, Semantics::Go) => Err(FunctionError::failed(
                "collection must be a list, a map or a tuple",
            )),
        })
        .build(|args, _| {
            let (Some(collection), Some(key)) = (args.first(), args.get(1)) else {
                return Ok(Value::unknown(Type::Bool));
            };
            Ok(has_index(collection, key))
        })
}

/// cty's `Value.HasIndex`, and the same for an object's attributes.
fn has_index(collection: &Value, key: &Value) -> Value {
    if key.ty().is_dynamic() || collection.ty().is_dynamic() {
        return Value::unknown(Type::Bool);
    }
    match collection.ty() {
        Type::List(_) | Type::Tuple(_) => {
            if key.ty() != &Type::Number {
                return Value::bool(false);
            }
            let (Some(n), Some(len)) = (key.as_number(), collection.len()) else {
                return Value::unknown(Type::Bool);
            };
            let len = match collection.ty() {
                Type::Tuple(t) => t.len(),
                _ => len,
            };
            Value::bool(
                n.to_i64()
                    .is_ok_and(|i| usize::try_from(i).is_ok_and(|i| i < len)),
            )
        }
        Type::Map(_) => {
            if key.ty() != &Type::String {
                return Value::bool(false);
            }
            match (key.as_str(), collection.attributes()) {
                (Some(k), Some(m)) => Value::bool(m.contains_key(k)),
                _ => Value::unknown(Type::Bool),
            }
        }
        Type::Object(o) => {
            if key.ty() != &Type::String {
                return Value::bool(false);
            }
            match key.as_str() {
                Some(k) => Value::bool(o.attribute(k).is_some()),
                None => Value::unknown(Type::Bool),
            }
        }
        _ => Value::unknown(Type::Bool),
    }
}

/// `length(collection)`: the number of elements of a list, map, set,
/// tuple or object (its attributes). A set with unknown elements has an
/// unknown length (they may turn out equal to others), unless it holds just
/// one element. Any other type is an error, strings included.
///
/// Objects are collections by the specification's rules (hcldec's spec
/// format: `length(collection)` "returns the number of elements in the
/// given collection (list, set, map, object, or tuple)"); Go's `length`
/// ([`Semantics::Go`]) refuses them ("collection must be a list, a map or a
/// tuple").
///
/// ```
/// use hcl_functions::hcldec::length;
/// use hcl_core::{Semantics, Value};
///
/// let map = Value::map([("a", Value::number(1)), ("b", Value::number(2))]).unwrap();
/// assert_eq!(length().call(&[map]).unwrap(), Value::number(2));
/// assert!(length().call(&[Value::string("abc")]).is_err());
///
/// let object = Value::object([("a", Value::number(1)), ("b", Value::bool(true))]);
/// assert_eq!(length().call(&[object.clone()]).unwrap(), Value::number(2));
/// assert!(length().call_with(&[object], Semantics::Go).is_err());
/// ```
pub fn length() -> Function {
    Function::builder()
        .description("Returns the number of elements in the given collection.")
        .param(Parameter::new("collection", Type::Dynamic).allow_dynamic())
        .return_type_with_semantics(|args, sem| match (args.first().map(Value::ty), sem) {
            (
                Some(Type::Tuple(_) | Type::List(_) | Type::Map(_) | Type::Set(_) | Type::Dynamic),
                _,
            )
            | (Some(Type::Object(_)), Semantics::Spec) => Ok(Type::Number),
            (_, Semantics::Spec) => Err(FunctionError::failed(
                "collection must be a list, a set, a map, an object or a tuple",
            )),
            (_, Semantics::Go) => Err(FunctionError::failed(
                "collection must be a list, a map or a tuple",
            )),
        })
        .build(|args, _| {
            let Some(collection) = args.first() else {
                return Ok(Value::unknown(Type::Number));
            };
            match collection.ty() {
                Type::Tuple(t) => return Ok(count(t.len())),
                Type::Object(o) => return Ok(count(o.attributes().len())),
                _ => {}
            }
            let Some(len) = collection.len() else {
                return Ok(Value::unknown(Type::Number));
            };
            if matches!(collection.ty(), Type::Set(_)) && len != 1 && !collection.is_wholly_known()
            {
                return Ok(Value::unknown(Type::Number));
            }
            Ok(count(len))
        })
}

fn count(n: usize) -> Value {
    Value::number(i64::try_from(n).unwrap_or(i64::MAX))
}
