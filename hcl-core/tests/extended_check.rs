//! The static type checker of the extended type system: the type of each
//! kind of native-syntax expression, the propagation of eventual types,
//! and the diagnostics for provably invalid operations.

use hcl_core::Diagnostics;
use hcl_core::extended::{
    ExtType, FunctionSignatures, Scope, Signature, check_expression, check_file,
};
use hcl_core::function::{Function, Parameter};
use hcl_core::native::{ParseOptions, parse_config_str, parse_expression};
use hcl_core::{Pos, Type, Value};

use ExtType as T;

fn scope() -> Scope {
    let server = T::object([
        ("name", T::String),
        ("port", T::Int),
        ("tags", T::list(T::String)),
        ("labels", T::map(T::String)),
        ("host", T::optional(T::String)),
    ]);
    Scope::new()
        .with("server", server.clone())
        .with("servers", T::list(server.clone()))
        .with("out", T::output(server.clone()))
        .with("prom", T::promise(server.clone()))
        .with("maybe", T::optional(server))
        .with("flag", T::Bool)
        .with("n", T::Number)
        .with("i", T::Int)
        .with("s", T::String)
        .with("pair", T::tuple([T::String, T::Int]))
        .with("names", T::set(T::String))
        .with("anything", T::Dynamic)
        .with("nothing", T::None)
        .with("out_i", T::output(T::Int))
        .with("prom_s", T::promise(T::String))
        .with("out_flag", T::output(T::Bool))
        .with("out_list", T::output(T::list(T::Int)))
}

fn functions() -> FunctionSignatures {
    FunctionSignatures::new()
        .with("upper", Signature::new(T::String).param("str", T::String))
        .with(
            "join",
            Signature::new(T::String)
                .param("separator", T::String)
                .variadic("lists", T::list(T::String)),
        )
        .with("length", Signature::new(T::Int).param("value", T::Dynamic))
        .with(
            "coalesce",
            Signature::new(T::Dynamic)
                .variadic("vals", T::Dynamic)
                .returns_with(|args| Ok(hcl_core::extended::unify_all(args).unwrap_or(T::Dynamic))),
        )
        .with(
            "secret",
            Signature::new(T::output(T::String)).param("value", T::String),
        )
        .with(
            "await",
            Signature::new(T::Dynamic)
                .param("value", T::output(T::Dynamic))
                .returns_with(|args| Ok(args[0].resolved().1)),
        )
        .with(
            "fail",
            Signature::new(T::Dynamic)
                .param("value", T::Dynamic)
                .returns_with(|_| Err("this always fails".into())),
        )
}

fn check(src: &str) -> (ExtType, Diagnostics) {
    let (file, expr, diags) = parse_expression(
        src.as_bytes(),
        "t.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    assert!(diags.is_empty(), "{src}: {diags}");
    check_expression(&file, expr, &scope(), &functions())
}

/// The type of a valid expression.
#[track_caller]
fn ty(src: &str) -> ExtType {
    let (t, diags) = check(src);
    assert!(diags.is_empty(), "{src}: {diags}");
    t
}

/// The diagnostics of an invalid expression, as text.
#[track_caller]
fn errors(src: &str) -> String {
    let (t, diags) = check(src);
    assert!(diags.has_errors(), "{src} has type {t} and no error");
    diags.to_string()
}

// ----- literals, variables, collections -----

#[test]
fn literals_have_their_types() {
    assert_eq!(ty("1"), T::Int);
    assert_eq!(
        ty("123456789012345678901234567890123456789012345678901234567890"),
        T::Int
    );
    assert_eq!(ty("1.5"), T::Number);
    assert_eq!(ty("1.0"), T::Number);
    assert_eq!(ty("2e3"), T::Number);
    assert_eq!(ty("true"), T::Bool);
    assert_eq!(ty("null"), T::None);
    assert_eq!(ty("\"x\""), T::String);
    assert_eq!(ty("<<EOT\nhello\nEOT\n"), T::String);
}

#[test]
fn tuple_and_object_constructors() {
    assert_eq!(
        ty("[1, \"a\", null]"),
        T::tuple([T::Int, T::String, T::None])
    );
    assert_eq!(ty("[]"), T::tuple([]));
    assert_eq!(
        ty("{a = 1, \"b\" = s, 3 = flag, true = n, null = null}"),
        T::object([
            ("a", T::Int),
            ("b", T::String),
            ("3", T::Bool),
            ("true", T::Number),
            ("null", T::None),
        ])
    );
    assert_eq!(ty("{a = 1, a = \"x\"}"), T::object([("a", T::String)]));
}

#[test]
fn object_with_non_constant_key_is_a_map() {
    assert_eq!(ty("{(s) = 1, b = 2.5}"), T::map(T::Number));
    assert_eq!(ty("{\"${s}\" = 1}"), T::map(T::Int));
    assert_eq!(ty("{(prom_s) = 1}"), T::promise(T::map(T::Int)));
}

#[test]
fn object_key_errors() {
    assert!(errors("{(pair) = 1}").contains("Incorrect key type"));
    assert!(errors("{(nothing) = 1}").contains("Null value as key"));
    assert!(errors("{a.b = 1}").contains("Ambiguous attribute key"));
}

#[test]
fn scope_traversals() {
    assert_eq!(ty("server.name"), T::String);
    assert_eq!(ty("server.tags[0]"), T::String);
    assert_eq!(ty("server[\"port\"]"), T::Int);
    assert_eq!(ty("server.labels.any"), T::String);
    assert_eq!(ty("pair[1]"), T::Int);
    assert_eq!(ty("anything.a[3].b"), T::Dynamic);
    assert_eq!(ty("maybe.port"), T::optional(T::Int));
    assert_eq!(ty("maybe.host"), T::optional(T::String));
}

#[test]
fn traversal_errors_point_at_the_step() {
    assert_eq!(
        errors("server.nmae"),
        "t.hcl:1,7-12: Unsupported attribute; This object does not have an attribute named \"nmae\". Did you mean \"name\"?"
    );
    assert_eq!(
        errors("pair[2]"),
        "t.hcl:1,5-8: Invalid index; The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection."
    );
    assert!(errors("names[0]").contains("Elements of a set"));
    assert!(errors("servers.name").contains("list of objects"));
    assert!(errors("nothing.a").contains("Attempt to get attribute from null value"));
    assert!(errors("i.a").contains("primitive-typed value (int)"));
}

#[test]
fn unknown_variable_with_suggestion() {
    assert_eq!(
        errors("sever.name"),
        "t.hcl:1,1-6: Unknown variable; There is no variable named \"sever\". Did you mean \"server\"?"
    );
}

#[test]
fn index_expression_with_typed_key() {
    assert_eq!(ty("server.tags[i]"), T::String);
    assert_eq!(ty("server.labels[s]"), T::String);
    assert_eq!(ty("pair[i]"), T::union([T::String, T::Int]));
    assert_eq!(ty("server.tags[out_i]"), T::output(T::String));
    assert!(errors("server.tags[pair]").contains("a number is required"));
    assert!(errors("server.tags[nothing]").contains("null value as an indexing key"));
}

#[test]
fn relative_traversal_of_an_expression() {
    assert_eq!(ty("[server][0].port"), T::Int);
    assert_eq!(ty("(out).name"), T::output(T::String));
}

// ----- operators -----

#[test]
fn arithmetic_keeps_int_where_the_result_is_integral() {
    assert_eq!(ty("1 + 2"), T::Int);
    assert_eq!(ty("i * 2 - 1 % 3"), T::Int);
    assert_eq!(ty("i / 2"), T::Number);
    assert_eq!(ty("i + n"), T::Number);
    assert_eq!(ty("\"3\" + 1"), T::Number);
    assert_eq!(ty("-i"), T::Int);
    assert_eq!(ty("-1.5"), T::Number);
    assert_eq!(ty("anything + 1"), T::Number);
}

#[test]
fn comparison_and_logic_give_bool() {
    assert_eq!(ty("i < n"), T::Bool);
    assert_eq!(ty("flag && !flag || \"true\""), T::Bool);
    assert_eq!(ty("server == null"), T::Bool);
    assert_eq!(ty("pair != names"), T::Bool);
}

#[test]
fn invalid_operands_are_errors() {
    assert_eq!(
        errors("flag + 1"),
        "t.hcl:1,1-5: Invalid operand; Unsuitable value for left operand: a number is required, but the value is of type bool."
    );
    assert!(errors("1 + nothing").contains("right operand: argument must not be null"));
    assert!(errors("i && flag").contains("a bool is required"));
    assert!(errors("!server").contains("unary operand"));
    assert!(errors("-pair").contains("unary operand"));
}

#[test]
fn operators_on_eventual_operands_are_eventual() {
    assert_eq!(ty("out_i + 1"), T::output(T::Int));
    assert_eq!(ty("out.port * 2.5"), T::output(T::Number));
    assert_eq!(ty("prom.port > i"), T::promise(T::Bool));
    assert_eq!(ty("prom.port + out_i"), T::output(T::Int));
    assert_eq!(ty("out_flag == flag"), T::output(T::Bool));
    assert_eq!(ty("!out_flag"), T::output(T::Bool));
    assert_eq!(ty("-out_i"), T::output(T::Int));
    assert!(errors("out + 1").contains("left operand"));
}

#[test]
fn conditionals_unify_their_results() {
    assert_eq!(ty("flag ? 1 : 2.5"), T::Number);
    assert_eq!(ty("flag ? 1 : \"x\""), T::String);
    assert_eq!(ty("flag ? s : null"), T::optional(T::String));
    assert_eq!(ty("flag ? 1 : true"), T::union([T::Int, T::Bool]));
    assert_eq!(ty("flag ? out_i : 1"), T::output(T::Int));
    assert_eq!(ty("out_flag ? 1 : 2"), T::output(T::Int));
    assert_eq!(ty("flag ? prom_s : out_i"), T::output(T::String));
    assert_eq!(
        ty("flag ? {a = 1} : {b = true}"),
        T::object([("a", T::optional(T::Int)), ("b", T::optional(T::Bool))])
    );
}

#[test]
fn condition_must_convert_to_bool() {
    assert_eq!(
        errors("pair ? 1 : 2"),
        "t.hcl:1,1-5: Incorrect condition type; The condition expression must be of type bool, not tuple([string,int])."
    );
    assert!(errors("nothing ? 1 : 2").contains("The condition value is null"));
    assert_eq!(
        ty("s ? 1 : 2"),
        T::Int,
        "string to bool is an unsafe conversion"
    );
}

// ----- templates -----

#[test]
fn templates_are_strings() {
    assert_eq!(ty("\"a ${i} b ${n} ${flag} ${s}\""), T::String);
    assert_eq!(
        ty("\"${pair}\""),
        T::tuple([T::String, T::Int]),
        "a single interpolation is unwrapped"
    );
    assert_eq!(ty("\"%{if flag}yes%{else}no%{endif}\""), T::String);
    assert_eq!(ty("\"%{for x in server.tags}${x},%{endfor}\""), T::String);
    assert_eq!(
        ty("\"${maybe.host}!\""),
        T::String,
        "an optional string may be non-null"
    );
}

#[test]
fn eventual_interpolation_makes_an_eventual_template() {
    assert_eq!(ty("\"port ${out.port}\""), T::output(T::String));
    assert_eq!(ty("\"name ${prom.name}\""), T::promise(T::String));
    assert_eq!(ty("\"${prom.name}-${out.name}\""), T::output(T::String));
    assert_eq!(
        ty("\"%{for x in out.tags}${x}%{endfor}\""),
        T::output(T::String)
    );
    assert_eq!(ty("\"%{if out_flag}a%{endif}\""), T::output(T::String));
}

#[test]
fn invalid_interpolations_are_errors() {
    assert_eq!(
        errors("\"x ${server.tags}\""),
        "t.hcl:1,6-17: Invalid template interpolation value; Cannot include a value of type list(string) in a string template: a string is required."
    );
    assert!(errors("\"x ${nothing}\"").contains("The expression result is null"));
}

// ----- for expressions -----

#[test]
fn for_expressions_over_each_kind_of_collection() {
    assert_eq!(ty("[for t in server.tags: upper(t)]"), T::list(T::String));
    assert_eq!(ty("[for k, v in server.tags: k]"), T::list(T::Int));
    assert_eq!(ty("[for k, v in names: k]"), T::list(T::String));
    assert_eq!(ty("{for k, v in server.labels: v => k}"), T::map(T::String));
    assert_eq!(
        ty("[for k, v in server: v]"),
        T::list(T::union([
            T::String,
            T::Int,
            T::list(T::String),
            T::map(T::String),
            T::None,
        ]))
    );
    assert_eq!(
        ty("[for k, v in pair: v]"),
        T::list(T::union([T::String, T::Int]))
    );
    assert_eq!(
        ty("{for s in servers: s.name => s.port...}"),
        T::map(T::list(T::Int))
    );
    assert_eq!(ty("[for x in anything: x.y]"), T::list(T::Dynamic));
    assert_eq!(
        ty("[for x in servers: x.port if x.port > 80]"),
        T::list(T::Int)
    );
}

#[test]
fn for_over_an_eventual_collection_is_eventual() {
    assert_eq!(ty("[for t in out.tags: t]"), T::output(T::list(T::String)));
    assert_eq!(ty("[for x in out_list: x + 1]"), T::output(T::list(T::Int)));
    assert_eq!(
        ty("[for x in server.tags: x if out_flag]"),
        T::output(T::list(T::String))
    );
    assert_eq!(
        ty("{for x in server.tags: prom_s => x}"),
        T::promise(T::map(T::String))
    );
    assert_eq!(
        ty("[for x in server.tags: out_i]"),
        T::list(T::output(T::Int)),
        "the element is eventual, not the list"
    );
}

#[test]
fn for_expression_errors() {
    assert!(errors("[for x in 1: x]").contains("Iteration over non-iterable value"));
    assert!(errors("[for x in nothing: x]").contains("Iteration over null value"));
    assert_eq!(
        ty("[for x in names: x if x]"),
        T::list(T::String),
        "string to bool is unsafe"
    );
    assert!(errors("[for x in names: x if pair]").contains("Invalid 'for' condition"));
    assert!(errors("{for x in names: pair => x}").contains("Invalid object key"));
    assert!(errors("[for x in server.tags: y]").contains("Unknown variable"));
}

#[test]
fn for_variables_shadow_the_scope_and_go_out_of_scope() {
    assert_eq!(ty("[for s in [1]: s]"), T::list(T::Int));
    assert_eq!(
        ty("[[for s in [1]: s], s]"),
        T::tuple([T::list(T::Int), T::String])
    );
    assert!(errors("[[for x in [1]: x], x]").contains("There is no variable named \"x\""));
}

// ----- splats -----

#[test]
fn splats() {
    assert_eq!(ty("servers[*].name"), T::list(T::String));
    assert_eq!(ty("servers.*.port"), T::list(T::Int));
    assert_eq!(
        ty("pair[*]"),
        T::tuple(vec![T::union([T::String, T::Int]); 2])
    );
    assert_eq!(ty("server[*].port"), T::tuple([T::Int]));
    assert_eq!(ty("nothing[*].port"), T::tuple([]));
    assert_eq!(ty("anything[*].port"), T::Dynamic);
    assert_eq!(
        ty("maybe[*].port"),
        T::union([T::tuple([T::Int]), T::tuple([])])
    );
    assert_eq!(ty("out[*].name"), T::output(T::tuple([T::String])));
    assert!(errors("servers[*].nmae").contains("Unsupported attribute"));
}

// ----- function calls -----

#[test]
fn function_calls_have_their_result_types() {
    assert_eq!(ty("upper(s)"), T::String);
    assert_eq!(ty("upper(i)"), T::String, "int converts safely to string");
    assert_eq!(ty("join(\",\", server.tags, [\"a\"])"), T::String);
    assert_eq!(ty("join(\",\")"), T::String);
    assert_eq!(ty("length(pair)"), T::Int);
    assert_eq!(ty("coalesce(i, n, null)"), T::optional(T::Number));
    assert_eq!(ty("secret(s)"), T::output(T::String));
}

#[test]
fn calls_with_eventual_arguments_are_eventual() {
    assert_eq!(ty("upper(out.name)"), T::output(T::String));
    assert_eq!(ty("upper(prom.name)"), T::promise(T::String));
    assert_eq!(ty("join(prom_s, out.tags)"), T::output(T::String));
    assert_eq!(ty("secret(prom_s)"), T::output(T::String));
    assert_eq!(
        ty("length(out)"),
        T::output(T::Int),
        "a parameter of the dynamic pseudo-type takes the resolved value"
    );
    assert_eq!(
        ty("await(out_i)"),
        T::Int,
        "an eventual parameter takes the output itself"
    );
    assert_eq!(ty("await(prom_s)"), T::String);
}

#[test]
fn call_errors() {
    assert_eq!(
        errors("uper(s)"),
        "t.hcl:1,1-5: Call to unknown function; There is no function named \"uper\". Did you mean \"upper\"?"
    );
    assert!(errors("upper()").contains("Not enough function arguments"));
    assert!(errors("upper(s, s)").contains("Too many function arguments"));
    assert_eq!(
        errors("upper(pair)"),
        "t.hcl:1,7-11: Invalid function argument; Invalid value for \"str\" parameter of function \"upper\": a value of type tuple([string,int]) cannot be converted to string."
    );
    assert!(errors("upper(null)").contains("argument must not be null"));
    assert_eq!(ty("join(\",\", [1], names, [true])"), T::String);
    assert!(errors("join(\",\", [1], [[1]])").contains("\"lists\" parameter"));
    assert!(errors("fail(1)").contains("Call to function \"fail\" failed: this always fails."));
    assert_eq!(
        ty("await(s)"),
        T::String,
        "a prompt value converts to an output"
    );
}

#[test]
fn expanded_final_argument() {
    assert_eq!(ty("join(\",\", [server.tags, names]...)"), T::String);
    assert_eq!(ty("join(\",\", servers[*].tags...)"), T::String);
    assert_eq!(ty("upper([s]...)"), T::String);
    assert_eq!(ty("upper(server.tags...)"), T::String);
    assert_eq!(ty("join(s, [out.tags]...)"), T::output(T::String));
    assert_eq!(ty("upper(out.tags...)"), T::output(T::String));
    assert!(errors("upper([s, s]...)").contains("Too many function arguments"));
    assert!(errors("upper(s...)").contains("Invalid expanding argument value"));
    assert!(errors("upper(nothing...)").contains("must not be null"));
    assert!(errors("join(\",\", [[[1]]]...)").contains("Invalid function argument"));
}

#[test]
fn signatures_from_base_functions() {
    let upper = Function::builder()
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .build(|_, _| panic!("type checking never calls a function"));
    let tolist = Function::builder()
        .param(Parameter::new("v", Type::Dynamic))
        .return_type(|args| {
            Ok(match args[0].ty() {
                Type::Tuple(t) => {
                    Type::list(t.elements().first().cloned().unwrap_or(Type::Dynamic))
                }
                other => other.clone(),
            })
        })
        .build(|_, _| panic!("type checking never calls a function"));
    let functions = FunctionSignatures::from_functions([("upper", &upper), ("tolist", &tolist)]);
    let (file, expr, _) = parse_expression(
        b"[upper(i), tolist([1, 2]), upper(out.name), tolist(pair)]",
        "t.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    let (t, diags) = check_expression(&file, expr, &scope(), &functions);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(
        t,
        T::tuple([
            T::String,
            T::list(T::Number),
            T::output(T::String),
            T::list(T::String),
        ])
    );
}

#[test]
fn signatures_and_scope_from_an_eval_context() {
    let mut ctx = hcl_core::EvalContext::new();
    ctx.declare_variable("port", Value::number(8080)).unwrap();
    ctx.declare_function(
        "upper",
        Function::builder()
            .param(Parameter::new("str", Type::String))
            .returns(Type::String)
            .build(|args, _| Ok(args[0].clone())),
    )
    .unwrap();
    let (file, diags) = parse_config_str("a = upper(port)\nb = port + 1\n", "c.hcl");
    assert!(diags.is_empty());
    let (types, diags) = check_file(
        &file,
        &Scope::from_eval_context(&ctx),
        &FunctionSignatures::from_eval_context(&ctx),
    );
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(types["a"], T::String);
    assert_eq!(types["b"], T::Number);
}

// ----- files -----

#[test]
fn check_file_types_each_attribute_and_collects_diagnostics() {
    let (file, diags) = parse_config_str(
        "a = 1\nb = server.nope\nblock {\n  c = 1\n}\nd = [for x in 1: x]\n",
        "main.hcl",
    );
    assert!(diags.is_empty());
    let (types, diags) = check_file(&file, &scope(), &functions());
    assert_eq!(types.keys().collect::<Vec<_>>(), ["a", "b", "d"]);
    assert_eq!(types["a"], T::Int);
    assert_eq!(types["b"], T::Dynamic);
    assert_eq!(types["d"], T::list(T::Dynamic));
    let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_ref()).collect();
    assert_eq!(
        summaries,
        ["Unsupported attribute", "Iteration over non-iterable value"]
    );
    let iteration = diags.iter().nth(1).unwrap();
    assert_eq!(
        iteration.subject.as_ref().unwrap().to_string(),
        "main.hcl:6,15-16"
    );
    assert_eq!(
        iteration.context.as_ref().unwrap().to_string(),
        "main.hcl:6,5-20"
    );
}

#[test]
fn invalid_syntax_checks_as_dynamic_without_further_errors() {
    let (file, expr, diags) =
        parse_expression(b"1 +", "t.hcl", Pos::start(), &ParseOptions::default());
    assert!(diags.has_errors());
    let (_, diags) = check_expression(&file, expr, &scope(), &functions());
    assert!(diags.is_empty(), "{diags}");
    let (file, expr, diags) = parse_expression(
        b"[for x in : x]",
        "t.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    assert!(diags.has_errors());
    let (_, diags) = check_expression(&file, expr, &scope(), &functions());
    assert!(diags.is_empty(), "{diags}");
}

#[test]
fn deeply_nested_expressions_stop_with_a_diagnostic() {
    let depth = 3000;
    let src = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
    let options = ParseOptions { max_depth: 5000 };
    let (file, expr, _) = parse_expression(src.as_bytes(), "t.hcl", Pos::start(), &options);
    let result = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let (t, diags) = check_expression(&file, expr, &scope(), &functions());
            (t, diags.to_string())
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(result.0, T::Dynamic);
    assert!(
        result.1.contains("Expression too deeply nested"),
        "{}",
        result.1
    );
}
