//! Type expressions in spec files (`type = list(string)`).

use hcl_core::{Diagnostics, Expression, Type};

/// The type a spec file's type expression (the `type` of `attr`, the
/// `element_type` of `block_attrs`) stands for: `any`, `string`, `number`,
/// `bool`, `list(T)`, `set(T)`, `map(T)`, `object({name = T, ...})` and
/// `tuple([T, ...])`. As in Go's `hcldec`, the expression is evaluated with
/// the type keywords as variables and the constructors as functions
/// ([`hcl_core::typeexpr::eval_type_expr`]); an absent argument or `null`
/// is `any`.
///
/// ```
/// use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// use hcl_core::{Pos, Type};
/// use hcl_decode::spec::type_expression;
///
/// let (file, id, _) = parse_expression(b"map(list(number))", "t", Pos::start(), &ParseOptions::default());
/// let (ty, diags) = type_expression(&NativeExpression::new(file, id));
/// assert!(diags.is_empty());
/// assert_eq!(ty, Type::map(Type::list(Type::Number)));
///
/// let (file, id, _) = parse_expression(b"null", "t", Pos::start(), &ParseOptions::default());
/// assert_eq!(type_expression(&NativeExpression::new(file, id)).0, Type::Dynamic);
/// ```
pub fn type_expression(expr: &dyn Expression) -> (Type, Diagnostics) {
    hcl_core::typeexpr::eval_type_expr(expr)
}
