//! Unit tests of the type checker.

use super::*;
use crate::native::{ParseOptions, parse_expression};
use crate::pos::Pos;

fn check(src: &str, scope: &Scope) -> (ExtType, Diagnostics) {
    let (file, expr, diags) = parse_expression(
        src.as_bytes(),
        "t.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    assert!(diags.is_empty(), "{diags}");
    check_expression(&file, expr, scope, &FunctionSignatures::new())
}

#[test]
fn literals() {
    let s = Scope::new();
    assert_eq!(check("42", &s).0, ExtType::Int);
    assert_eq!(check("4.2", &s).0, ExtType::Number);
    assert_eq!(check("1e3", &s).0, ExtType::Number);
    assert_eq!(check("null", &s).0, ExtType::None);
    assert_eq!(check("\"a\"", &s).0, ExtType::String);
}

#[test]
fn iteration_types_of_each_collection() {
    use ExtType as T;
    assert_eq!(iteration_types(&T::list(T::Bool)), Ok((T::Int, T::Bool)));
    assert_eq!(iteration_types(&T::set(T::Bool)), Ok((T::Bool, T::Bool)));
    assert_eq!(iteration_types(&T::map(T::Bool)), Ok((T::String, T::Bool)));
    assert_eq!(
        iteration_types(&T::tuple([T::Bool, T::Int])),
        Ok((T::Int, T::union([T::Bool, T::Int])))
    );
    assert_eq!(iteration_types(&T::tuple([])), Ok((T::Int, T::Dynamic)));
    assert_eq!(
        iteration_types(&T::object([("a", T::Int)])),
        Ok((T::String, T::Int))
    );
    assert_eq!(
        iteration_types(&T::optional(T::list(T::Int))),
        Ok((T::Int, T::Int)),
        "a union iterates as its iterable members"
    );
    assert!(iteration_types(&T::None).is_err());
    assert!(iteration_types(&T::String).is_err());
    assert!(iteration_types(&T::optional(T::Int)).is_err());
}

#[test]
fn diagnostics_carry_subject_and_context_ranges() {
    let scope = Scope::new().with("b", ExtType::Bool);
    let (_, diags) = check("1 + b", &scope);
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Invalid operand");
    assert_eq!(d.subject.as_ref().unwrap().to_string(), "t.hcl:1,5-6");
    assert_eq!(d.context.as_ref().unwrap().to_string(), "t.hcl:1,1-6");
}

/// (Was in `tests/extended_check.rs`: it reads the syntax tree, internal to
/// the crate, for the ids of the operands. Its scope is that file's,
/// reduced to the variables the expression uses.)
#[test]
fn checker_records_every_node_type() {
    use ExtType as T;
    let (file, expr, _) = parse_expression(
        b"out.port + i",
        "t.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    let server = T::object([
        ("name", T::String),
        ("port", T::Int),
        ("tags", T::list(T::String)),
        ("labels", T::map(T::String)),
        ("host", T::optional(T::String)),
    ]);
    let scope = Scope::new()
        .with("out", T::output(server))
        .with("i", T::Int);
    let functions = FunctionSignatures::new();
    let mut checker = TypeChecker::new(&file, &scope, &functions);
    assert_eq!(checker.check(expr), T::output(T::Int));
    let ast = file.ast();
    let ExprKind::Binary { lhs, rhs, .. } = ast.expr(expr).kind else {
        panic!("a binary expression");
    };
    assert_eq!(checker.type_of(lhs), Some(&T::output(T::Int)));
    assert_eq!(checker.type_of(rhs), Some(&T::Int));
    assert!(checker.diagnostics().is_empty());
}
