use super::*;
use std::error::Error;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A function with the given positional parameters and optional
/// variadic parameter, returning a string that lists its arguments.
fn echo(params: Vec<Parameter>, variadic: Option<Parameter>) -> Function {
    let mut b = Function::builder().params(params).returns(Type::String);
    if let Some(v) = variadic {
        b = b.variadic(v);
    }
    b.build(|args, _| {
        Ok(Value::string(
            args.iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(","),
        ))
    })
}

fn s(text: &str) -> Value {
    Value::string(text)
}

/// A function whose implementation counts its runs.
fn counted(param: Parameter, runs: Arc<AtomicUsize>) -> Function {
    Function::builder()
        .param(param)
        .returns(Type::String)
        .build(move |_, _| {
            runs.fetch_add(1, Ordering::SeqCst);
            Ok(Value::string("ran"))
        })
}

// --- Mapping arguments to parameters ---

#[test]
fn each_positional_parameter_takes_the_next_argument() {
    let f = Function::builder()
        .param(Parameter::new("a", Type::String))
        .param(Parameter::new("b", Type::Number))
        .returns(Type::String)
        .build(|args, _| Ok(Value::string(format!("{}|{}", args[0], args[1]))));
    assert_eq!(f.call(&[s("x"), Value::number(2)]).unwrap(), s("\"x\"|2"));
}

#[test]
fn call_with_too_few_arguments_is_erroneous() {
    let f = echo(
        vec![
            Parameter::new("a", Type::String),
            Parameter::new("b", Type::String),
        ],
        None,
    );
    let err = f.call(&[s("x")]).unwrap_err();
    assert_eq!(
        err,
        FunctionError::Arity {
            expected: 2,
            got: 1,
            variadic: false
        }
    );
    assert_eq!(
        err.to_string(),
        "not enough arguments (2 required; 1 given)"
    );
    assert_eq!(err.argument_index(), None);
}

#[test]
fn call_with_too_few_arguments_for_variadic_function_is_erroneous() {
    let f = echo(
        vec![Parameter::new("a", Type::String)],
        Some(Parameter::new("rest", Type::String)),
    );
    let err = f.call(&[]).unwrap_err();
    assert_eq!(
        err,
        FunctionError::Arity {
            expected: 1,
            got: 0,
            variadic: true
        }
    );
    assert_eq!(
        err.to_string(),
        "not enough arguments (at least 1 required; 0 given)"
    );
}

#[test]
fn call_with_too_many_arguments_without_variadic_is_erroneous() {
    let f = echo(vec![Parameter::new("a", Type::String)], None);
    let err = f.call(&[s("x"), s("y")]).unwrap_err();
    assert_eq!(
        err,
        FunctionError::Arity {
            expected: 1,
            got: 2,
            variadic: false
        }
    );
    assert_eq!(
        err.to_string(),
        "too many arguments (only 1 accepted; 2 given)"
    );
}

#[test]
fn variadic_parameter_collects_remaining_arguments() {
    let f = echo(
        vec![Parameter::new("a", Type::String)],
        Some(Parameter::new("rest", Type::Number)),
    );
    assert_eq!(f.call(&[s("x")]).unwrap(), s("\"x\""));
    assert_eq!(
        f.call(&[s("x"), Value::number(1), Value::number(2)])
            .unwrap(),
        s("\"x\",1,2")
    );
    assert_eq!(f.parameter_for(0).map(Parameter::name), Some("a"));
    assert_eq!(f.parameter_for(5).map(Parameter::name), Some("rest"));
}

#[test]
fn variadic_arguments_are_checked_against_the_variadic_parameter() {
    let f = echo(
        vec![Parameter::new("a", Type::String)],
        Some(Parameter::new("rest", Type::Number)),
    );
    let err = f.call(&[s("x"), Value::number(1), s("two")]).unwrap_err();
    // The index is the argument's position in the call.
    assert_eq!(
        err,
        FunctionError::argument(2, "number required, but received string")
    );
    let err = f
        .call(&[s("x"), Value::number(1), Value::null(Type::Number)])
        .unwrap_err();
    assert_eq!(err, FunctionError::argument(2, "argument must not be null"));
}

#[test]
fn function_without_parameters_accepts_no_arguments() {
    let f = echo(vec![], None);
    assert_eq!(f.call(&[]).unwrap(), s(""));
    assert!(matches!(
        f.call(&[s("x")]),
        Err(FunctionError::Arity {
            expected: 0,
            got: 1,
            ..
        })
    ));
    assert!(f.parameter_for(0).is_none());
}

// --- Checking each argument ---

#[test]
fn argument_not_matching_type_specification_is_erroneous() {
    let f = echo(vec![Parameter::new("a", Type::String)], None);
    let err = f.call(&[Value::number(1)]).unwrap_err();
    assert_eq!(
        err,
        FunctionError::argument(0, "string required, but received number")
    );
    assert_eq!(err.argument_index(), Some(0));
    assert_eq!(err.to_string(), "string required, but received number");
}

#[test]
fn argument_of_identical_type_matches_its_specification() {
    let spec = Type::map(Type::list(Type::Bool));
    let f = echo(vec![Parameter::new("m", spec.clone())], None);
    let arg = Value::map([("k", Value::list([Value::bool(true)]).unwrap())]).unwrap();
    assert_eq!(arg.ty(), &spec);
    assert!(f.call(&[arg]).is_ok());
    let other = Value::map([("k", Value::list([s("x")]).unwrap())]).unwrap();
    assert_eq!(
        f.call(&[other]).unwrap_err(),
        FunctionError::argument_at(
            0,
            Path::root()
                .index(Value::unknown(Type::String))
                .index(Value::unknown(Type::Number)),
            "bool required, but received string"
        )
    );
}

#[test]
fn function_does_not_convert_arguments() {
    // "1" would convert to a number, but converting is the caller's job.
    let f = echo(vec![Parameter::new("n", Type::Number)], None);
    assert!(matches!(
        f.call(&[s("1")]),
        Err(FunctionError::Argument { index: 0, .. })
    ));
}

#[test]
fn argument_matching_dynamic_type_specification_is_accepted() {
    let f = echo(vec![Parameter::new("a", Type::Dynamic)], None);
    assert_eq!(f.call(&[Value::number(1)]).unwrap(), s("1"));
    let g = echo(vec![Parameter::new("l", Type::list(Type::Dynamic))], None);
    let list = Value::list([s("a")]).unwrap();
    assert!(g.call(&[list]).is_ok());
    let set = Value::set([s("a")]).unwrap();
    let err = g.call(&[set]).unwrap_err();
    assert_eq!(
        err,
        FunctionError::argument(0, "list of dynamic required, but received set of string")
    );
}

#[test]
fn nested_type_mismatch_reports_path_to_the_difference() {
    let spec = Type::object([("name", Type::String), ("ports", Type::list(Type::Number))]);
    let f = echo(vec![Parameter::new("o", spec)], None);
    let arg = Value::object([
        ("name", s("web")),
        ("ports", Value::list([s("80")]).unwrap()),
    ]);
    let err = f.call(&[arg]).unwrap_err();
    assert_eq!(
        err,
        FunctionError::argument_at(
            0,
            Path::root()
                .attr("ports")
                .index(Value::unknown(Type::Number)),
            "number required, but received string"
        )
    );

    let arg = Value::object([("name", s("web"))]);
    assert_eq!(
        f.call(&[arg]).unwrap_err(),
        FunctionError::argument(0, "missing required attribute \"ports\"")
    );
    let arg = Value::object([
        ("name", s("web")),
        ("ports", Value::list_of(Type::Number, []).unwrap()),
        ("extra", Value::bool(true)),
    ]);
    assert_eq!(
        f.call(&[arg]).unwrap_err(),
        FunctionError::argument(0, "unsupported attribute \"extra\"")
    );

    let t = echo(
        vec![Parameter::new("t", Type::tuple([Type::String, Type::Bool]))],
        None,
    );
    assert_eq!(
        t.call(&[Value::tuple([s("a")])]).unwrap_err(),
        FunctionError::argument(0, "2 elements are required, but got 1")
    );
    assert_eq!(
        t.call(&[Value::tuple([s("a"), s("b")])]).unwrap_err(),
        FunctionError::argument_at(
            0,
            Path::root().index(Value::number(1)),
            "bool required, but received string"
        )
    );
}

#[test]
fn optional_attribute_of_type_specification_may_be_absent() {
    let spec =
        Type::object_with_optional([("name", Type::String), ("port", Type::Number)], ["port"]);
    let f = echo(vec![Parameter::new("o", spec)], None);
    assert!(f.call(&[Value::object([("name", s("web"))])]).is_ok());
}

#[test]
fn null_argument_rejected_unless_allowed() {
    let strict = echo(vec![Parameter::new("a", Type::String)], None);
    let err = strict.call(&[Value::null(Type::String)]).unwrap_err();
    assert_eq!(err, FunctionError::argument(0, "argument must not be null"));
    assert_eq!(err.to_string(), "argument must not be null");

    let lenient = echo(vec![Parameter::new("a", Type::String).allow_null()], None);
    assert_eq!(
        lenient.call(&[Value::null(Type::String)]).unwrap(),
        s("null")
    );
}

#[test]
fn null_check_comes_before_type_check() {
    // As in the Go implementation: a null of the wrong type is reported
    // as a null.
    let f = echo(vec![Parameter::new("a", Type::String)], None);
    assert_eq!(
        f.call(&[Value::null(Type::Number)]).unwrap_err(),
        FunctionError::argument(0, "argument must not be null")
    );
}

#[test]
fn first_erroneous_argument_is_reported() {
    let f = echo(
        vec![
            Parameter::new("a", Type::String),
            Parameter::new("b", Type::String),
        ],
        None,
    );
    let err = f
        .call(&[Value::number(1), Value::null(Type::String)])
        .unwrap_err();
    assert_eq!(err.argument_index(), Some(0));
}

#[test]
fn dynamic_argument_forces_dynamic_result_type() {
    let runs = Arc::new(AtomicUsize::new(0));
    let f = counted(Parameter::new("a", Type::String), runs.clone());
    assert_eq!(f.return_type(&[Value::dynamic()]).unwrap(), Type::Dynamic);
    // The dynamic value is unknown, so the result is the dynamic value.
    assert_eq!(f.call(&[Value::dynamic()]).unwrap(), Value::dynamic());
    assert_eq!(runs.load(Ordering::SeqCst), 0);
}

#[test]
fn dynamic_argument_reaches_implementation_only_if_unknowns_allowed() {
    // As the spec's execution step and the Go implementation do: the
    // forced result type is the dynamic pseudo-type, and the dynamic
    // value, being unknown, reaches the implementation only when the
    // parameter accepts unknown values.
    let f = Function::builder()
        .param(Parameter::new("a", Type::String).allow_unknown())
        .returns(Type::String)
        .build(|args, ty| {
            assert_eq!(ty, &Type::Dynamic);
            assert_eq!(args[0], Value::dynamic());
            Ok(Value::bool(true))
        });
    assert_eq!(f.call(&[Value::dynamic()]).unwrap(), Value::bool(true));
}

#[test]
fn dynamic_argument_does_not_run_result_type_definition() {
    let runs = Arc::new(AtomicUsize::new(0));
    let counter = runs.clone();
    let f = Function::builder()
        .param(Parameter::new("a", Type::Number))
        .return_type(move |_| {
            counter.fetch_add(1, Ordering::SeqCst);
            Ok(Type::Number)
        })
        .build(|args, _| Ok(args[0].clone()));
    assert_eq!(f.return_type(&[Value::dynamic()]).unwrap(), Type::Dynamic);
    assert_eq!(runs.load(Ordering::SeqCst), 0);
}

#[test]
fn deviation_dynamic_argument_still_checks_other_arguments() {
    // The spec makes the call erroneous if any argument is; the Go
    // implementation stops at the first dynamic argument instead.
    let f = echo(
        vec![
            Parameter::new("a", Type::String),
            Parameter::new("b", Type::String),
        ],
        None,
    );
    assert_eq!(
        f.call(&[Value::dynamic(), Value::null(Type::String)])
            .unwrap_err(),
        FunctionError::argument(1, "argument must not be null")
    );
    assert_eq!(
        f.call(&[Value::dynamic(), Value::number(1)]).unwrap_err(),
        FunctionError::argument(1, "string required, but received number")
    );
}

#[test]
fn go_mode_dynamic_argument_ends_the_checks() {
    // cty's ReturnTypeForValues returns the dynamic pseudo-type at the
    // first dynamic argument, before checking the later ones.
    let f = echo(
        vec![
            Parameter::new("a", Type::String),
            Parameter::new("b", Type::String),
        ],
        None,
    );
    let go = Semantics::Go;
    assert_eq!(
        f.call_with(&[Value::dynamic(), Value::null(Type::String)], go),
        Ok(Value::dynamic())
    );
    assert_eq!(
        f.call_with(&[Value::dynamic(), Value::number(1)], go),
        Ok(Value::dynamic())
    );
    // An error before the dynamic argument is still an error.
    assert_eq!(
        f.call_with(&[Value::number(1), Value::dynamic()], go)
            .unwrap_err(),
        FunctionError::argument(0, "string required, but received number")
    );
}

#[test]
fn dynamic_argument_accepted_when_allowed() {
    let f = Function::builder()
        .param(Parameter::new("a", Type::String).allow_dynamic())
        .returns(Type::Bool)
        .build(|_, _| Ok(Value::bool(true)));
    // The result type definition decides; the dynamic value is unknown,
    // so the result is the unknown value of that type.
    assert_eq!(f.return_type(&[Value::dynamic()]).unwrap(), Type::Bool);
    assert_eq!(
        f.call(&[Value::dynamic()]).unwrap(),
        Value::unknown(Type::Bool)
    );

    let g = Function::builder()
        .param(
            Parameter::new("a", Type::String)
                .allow_dynamic()
                .allow_unknown(),
        )
        .returns(Type::Bool)
        .build(|args, _| Ok(Value::bool(args[0].ty().is_dynamic())));
    assert_eq!(g.call(&[Value::dynamic()]).unwrap(), Value::bool(true));
}

#[test]
fn null_of_dynamic_type_forces_dynamic_result_type() {
    // A null of the dynamic pseudo-type is a value of that type: with
    // nulls allowed but not dynamic values, the result type is forced
    // and, the value being known, the implementation runs.
    let f = Function::builder()
        .param(Parameter::new("a", Type::String).allow_null())
        .returns(Type::String)
        .build(|args, ty| {
            assert_eq!(ty, &Type::Dynamic);
            Ok(Value::bool(args[0].is_null()))
        });
    assert_eq!(
        f.call(&[Value::null(Type::Dynamic)]).unwrap(),
        Value::bool(true)
    );
    let strict = echo(vec![Parameter::new("a", Type::String)], None);
    assert_eq!(
        strict.call(&[Value::null(Type::Dynamic)]).unwrap_err(),
        FunctionError::argument(0, "argument must not be null")
    );
}

#[test]
fn result_type_may_depend_on_argument_values() {
    // A toy "decode": the string names the result type.
    let decode = Function::builder()
        .param(Parameter::new("src", Type::String))
        .return_type(|args| {
            if !args[0].is_known() {
                return Ok(Type::Dynamic);
            }
            match args[0].as_str() {
                Some("number") => Ok(Type::Number),
                Some("bool") => Ok(Type::Bool),
                _ => Err(FunctionError::argument(0, "unsupported type name")),
            }
        })
        .build(|_, ty| match ty {
            Type::Number => Ok(Value::number(0)),
            _ => Ok(Value::bool(false)),
        });
    assert_eq!(decode.return_type(&[s("number")]).unwrap(), Type::Number);
    assert_eq!(decode.return_type(&[s("bool")]).unwrap(), Type::Bool);
    assert_eq!(
        decode.return_type(&[Value::unknown(Type::String)]).unwrap(),
        Type::Dynamic
    );
    assert_eq!(decode.call(&[s("number")]).unwrap(), Value::number(0));
    assert_eq!(
        decode.call(&[s("nope")]).unwrap_err(),
        FunctionError::argument(0, "unsupported type name")
    );
}

#[test]
fn result_type_definition_sees_unknown_arguments() {
    let f = Function::builder()
        .param(Parameter::new("a", Type::String))
        .return_type(|args| {
            Ok(if args[0].is_known() {
                Type::String
            } else {
                Type::Number
            })
        })
        .build(|args, _| Ok(args[0].clone()));
    assert_eq!(
        f.call(&[Value::unknown(Type::String)]).unwrap(),
        Value::unknown(Type::Number)
    );
}

#[test]
fn return_type_for_types_uses_unknown_values() {
    let f = echo(vec![Parameter::new("a", Type::String)], None);
    assert_eq!(
        f.return_type_for_types(&[Type::String]).unwrap(),
        Type::String
    );
    assert!(f.return_type_for_types(&[Type::Bool]).is_err());
    assert_eq!(
        f.return_type_for_types(&[Type::Dynamic]).unwrap(),
        Type::Dynamic
    );
}

// --- Executing the call ---

#[test]
fn unknown_argument_forces_unknown_result() {
    let runs = Arc::new(AtomicUsize::new(0));
    let f = counted(Parameter::new("a", Type::String), runs.clone());
    assert_eq!(
        f.call(&[Value::unknown(Type::String)]).unwrap(),
        Value::unknown(Type::String)
    );
    assert_eq!(runs.load(Ordering::SeqCst), 0);
    assert_eq!(f.call(&[s("x")]).unwrap(), s("ran"));
    assert_eq!(runs.load(Ordering::SeqCst), 1);
}

#[test]
fn call_returns_unknown_only_for_unknown_or_dynamic_arguments() {
    // "Unknown values and the dynamic pseudo-type must never be returned
    // from operations unless at least one operand is unknown or dynamic."
    let f = echo(
        vec![Parameter::new("a", Type::String)],
        Some(Parameter::new("rest", Type::Dynamic)),
    );
    let known = f.call(&[s("a"), Value::bool(true), s("b")]).unwrap();
    assert!(known.is_known());
    assert_eq!(known.ty(), &Type::String);
    let unknown = f
        .call(&[s("a"), Value::bool(true), Value::unknown(Type::Bool)])
        .unwrap();
    assert_eq!(unknown, Value::unknown(Type::String));
    let dynamic = f.call(&[s("a"), Value::dynamic()]).unwrap();
    assert_eq!(dynamic, Value::dynamic());
}

#[test]
fn unknown_variadic_argument_forces_unknown_result() {
    let f = echo(vec![], Some(Parameter::new("rest", Type::String)));
    assert_eq!(
        f.call(&[s("a"), Value::unknown(Type::String)]).unwrap(),
        Value::unknown(Type::String)
    );
}

#[test]
fn unknown_argument_reaches_implementation_when_allowed() {
    let runs = Arc::new(AtomicUsize::new(0));
    let f = counted(
        Parameter::new("a", Type::String).allow_unknown(),
        runs.clone(),
    );
    assert_eq!(f.call(&[Value::unknown(Type::String)]).unwrap(), s("ran"));
    assert_eq!(runs.load(Ordering::SeqCst), 1);
}

#[test]
fn unknown_argument_is_still_type_checked() {
    let f = echo(vec![Parameter::new("a", Type::String)], None);
    assert!(matches!(
        f.call(&[Value::unknown(Type::Number)]),
        Err(FunctionError::Argument { index: 0, .. })
    ));
}

#[test]
fn implementation_determines_result_value() {
    let f = Function::builder()
        .param(Parameter::new("a", Type::Number))
        .param(Parameter::new("b", Type::Number))
        .returns(Type::Bool)
        .build(|args, ty| {
            assert_eq!(ty, &Type::Bool);
            Ok(args[0].equals(&args[1]))
        });
    assert_eq!(
        f.call(&[Value::number(1), Value::number(1)]).unwrap(),
        Value::bool(true)
    );
}

#[test]
fn result_not_conforming_to_result_type_is_an_error() {
    let f = Function::builder()
        .returns(Type::String)
        .build(|_, _| Ok(Value::number(1)));
    let err = f.call(&[]).unwrap_err();
    assert_eq!(
        err,
        FunctionError::ResultType {
            expected: Type::String,
            actual: Type::Number
        }
    );
    assert_eq!(
        err.to_string(),
        "the function returned a value of type number, \
         which does not conform to its result type string"
    );
}

#[test]
fn result_conforms_to_dynamic_parts_of_result_type() {
    let f = Function::builder()
        .returns(Type::list(Type::Dynamic))
        .build(|_, _| Ok(Value::list([Value::number(1)])?));
    assert!(f.call(&[]).is_ok());
}

#[test]
fn default_result_type_is_dynamic() {
    let f = Function::builder().build(|_, _| Ok(Value::number(1)));
    assert_eq!(f.return_type(&[]).unwrap(), Type::Dynamic);
    assert_eq!(f.call(&[]).unwrap(), Value::number(1));
}

#[test]
fn implementation_errors_are_returned() {
    let f = Function::builder()
        .variadic(Parameter::new("n", Type::Number))
        .returns(Type::Number)
        .build(|args, _| {
            if args.len() > 2 {
                return Err(FunctionError::argument(2, "at most two numbers"));
            }
            Err(FunctionError::failed("always fails"))
        });
    let args = [Value::number(1), Value::number(2), Value::number(3)];
    assert_eq!(
        f.call(&args).unwrap_err(),
        FunctionError::argument(2, "at most two numbers")
    );
    let err = f.call(&[]).unwrap_err();
    assert_eq!(err.to_string(), "always fails");
    assert!(err.source().is_none());
}

#[test]
fn value_errors_convert_to_failures_with_source() {
    let f = Function::builder()
        .returns(Type::list(Type::Dynamic))
        .build(|_, _| Ok(Value::list([Value::number(1), Value::string("x")])?));
    let err = f.call(&[]).unwrap_err();
    assert!(matches!(err, FunctionError::Failed { .. }));
    assert!(err.source().is_some());
    assert!(!err.to_string().is_empty());
}

// --- The definition itself ---

#[test]
fn parameter_flags_and_accessors() {
    let p = Parameter::new("x", Type::Number)
        .allow_null()
        .allow_unknown()
        .allow_dynamic()
        .with_description("a number");
    assert_eq!(p.name(), "x");
    assert_eq!(p.ty(), &Type::Number);
    assert_eq!(p.description(), Some("a number"));
    assert!(p.allows_null() && p.allows_unknown() && p.allows_dynamic());
    let q = Parameter::new("y", Type::String);
    assert!(!q.allows_null() && !q.allows_unknown() && !q.allows_dynamic());
    assert_eq!(q.description(), None);
}

#[test]
fn function_accessors_and_cheap_clone() {
    let f = Function::builder()
        .description("joins")
        .param(Parameter::new("sep", Type::String))
        .variadic(Parameter::new("parts", Type::String))
        .returns(Type::String)
        .build(|_, _| Ok(Value::string("")));
    let g = f.clone();
    assert!(Arc::ptr_eq(&f.0, &g.0));
    assert_eq!(g.description(), Some("joins"));
    assert_eq!(g.params().len(), 1);
    assert_eq!(g.params()[0].name(), "sep");
    assert_eq!(g.variadic().map(Parameter::name), Some("parts"));
    assert!(format!("{g:?}").contains("sep"));
    let h = Function::builder().build(|_, _| Ok(Value::bool(true)));
    assert_eq!(h.description(), None);
    assert!(h.variadic().is_none());
}

#[test]
fn functions_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Function>();
    assert_send_sync::<FunctionError>();
    assert_send_sync::<Parameter>();
}
