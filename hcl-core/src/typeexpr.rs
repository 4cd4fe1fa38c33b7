//! Type expressions: types and type constraints written in the native
//! syntax, as the Go implementation's `ext/typeexpr` reads them.
//!
//! A type expression is a keyword (`string`, `number`, `bool`, and in a type
//! constraint `any`) or a constructor call: `list(T)`, `set(T)`, `map(T)`,
//! `object({name = T, ...})` and `tuple([T, ...])`. Inside `object({...})`,
//! an attribute of a type constraint may be written `optional(T)`: it may be
//! absent from a value converted to the type.
//!
//! The expression is never evaluated: it is read through the static analyses
//! of [`Expression`] (keyword = a static traversal of one name, constructor =
//! a static call, `{...}` = a static map, `[...]` = a static list), so any
//! syntax that offers them can hold type expressions. Errors are reported
//! with Go's wording ("Invalid type specification") and ranges, about the
//! part at fault.
//!
//! ```
//! use hcl_core::typeexpr::{parse_type_constraint, type_string};
//! use hcl_core::Type;
//!
//! let ty = parse_type_constraint("map(object({name = string, port = optional(number)}))", "t").unwrap();
//! assert_eq!(
//!     ty,
//!     Type::map(Type::object_with_optional(
//!         [("name", Type::String), ("port", Type::Number)],
//!         ["port"],
//!     ))
//! );
//! assert_eq!(type_string(&ty), "map(object({name=string,port=number}))");
//!
//! let err = parse_type_constraint("list(strin)", "t").unwrap_err();
//! let d = err.iter().next().unwrap();
//! assert_eq!(d.summary, "Invalid type specification");
//! assert_eq!(d.detail, "The keyword \"strin\" is not a valid type specification.");
//! assert_eq!(d.subject.as_ref().unwrap().to_string(), "t:1,6-11");
//! ```
//!
//! [`eval_type_expr`] is the other reading of type expressions, the one of
//! Go's `cmd/hcldec` spec files: there the expression *is* evaluated, in a
//! context whose variables are the keywords and whose functions are the
//! constructors.

use std::sync::OnceLock;

use crate::body::Expression;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::function::{Function, FunctionError, Parameter};
use crate::native::{NativeExpression, ParseOptions, parse_expression};
use crate::pos::{Pos, Range};
use crate::quote::go_quote;
use crate::ty::{CapsuleType, Type};
use crate::value::Value;

const INVALID_TYPE: &str = "Invalid type specification";

/// How deeply type expressions may nest (as deeply as the native parser
/// allows; this guards other syntaxes).
const MAX_DEPTH: usize = 1_024;

/// Reads a type constraint (Go's `typeexpr.TypeConstraint`): a type
/// expression in which the keyword `any` stands for the dynamic
/// pseudo-type and object attributes may be `optional(T)`.
///
/// Returns the error diagnostics if the expression is not a valid type
/// constraint (there may be several, one for each invalid part).
///
/// ```
/// use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// use hcl_core::typeexpr::type_constraint;
/// use hcl_core::{Pos, Type};
///
/// let (file, id, _) = parse_expression(b"list(any)", "t", Pos::start(), &ParseOptions::default());
/// let expr = NativeExpression::new(file, id);
/// assert_eq!(type_constraint(&expr).unwrap(), Type::list(Type::Dynamic));
/// ```
pub fn type_constraint(expr: &dyn Expression) -> Result<Type, Diagnostics> {
    let mut diags = Diagnostics::new();
    let ty = get_type(expr, Kind::Constraint, &mut diags, 0);
    diags.into_result(ty)
}

/// Reads a type constraint whose optional object attributes may have
/// defaults, `optional(T, DEFAULT)` (Go's
/// `typeexpr.TypeConstraintWithDefaults`): the type, and the defaults to
/// fill in after a value is converted to it ([`Defaults::apply`]); `None`
/// when the constraint has no default anywhere.
///
/// A default is a constant expression (evaluated without variables or
/// functions) converted to the attribute's type.
///
/// ```
/// use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// use hcl_core::typeexpr::type_constraint_with_defaults;
/// use hcl_core::convert::convert;
/// use hcl_core::{Pos, Value};
///
/// let src = b"object({name = string, port = optional(number, 8080)})";
/// let (file, id, _) = parse_expression(src, "t", Pos::start(), &ParseOptions::default());
/// let (ty, defaults) = type_constraint_with_defaults(&NativeExpression::new(file, id)).unwrap();
/// let given = Value::object([("name", Value::string("api"))]);
/// let value = defaults.unwrap().apply(&convert(&given, &ty).unwrap());
/// assert_eq!(value.get("port"), Some(&Value::number(8080)));
/// ```
pub fn type_constraint_with_defaults(
    expr: &dyn Expression,
) -> Result<(Type, Option<Defaults>), Diagnostics> {
    let mut diags = Diagnostics::new();
    let ty = get_type(expr, Kind::WithDefaults, &mut diags, 0);
    if diags.has_errors() {
        return Err(diags);
    }
    let defaults = collect_defaults(expr, &ty, &mut diags, 0);
    diags.into_result((ty, defaults))
}

/// Parses `text` and reads it with [`type_constraint_with_defaults`].
pub fn parse_type_constraint_with_defaults(
    text: &str,
    filename: &str,
) -> Result<(Type, Option<Defaults>), Diagnostics> {
    let expr = parse(text, filename)?;
    type_constraint_with_defaults(&expr)
}

/// The defaults of a type constraint's optional attributes (Go's
/// `typeexpr.Defaults`): at this level (an object type), the default of
/// each attribute that has one; below it, the defaults of the attributes'
/// types (by attribute name), of a collection's elements (the key `""`) or
/// of a tuple's elements (by index, in decimal).
#[derive(Clone, Debug, PartialEq)]
pub struct Defaults {
    /// The type this level applies to.
    pub ty: Type,
    /// Attribute name → default value (already of the attribute's type).
    pub values: std::collections::BTreeMap<String, Value>,
    /// The defaults of nested types.
    pub children: std::collections::BTreeMap<String, Defaults>,
}

impl Defaults {
    /// Fills the defaults into a value already converted to the
    /// constraint: every null optional attribute that has a default gets
    /// it, at every level (a default that is itself an object gets its own
    /// nested defaults). Unknown and null values are left as they are.
    pub fn apply(&self, value: &Value) -> Value {
        self.apply_at(value, 0)
    }

    fn apply_at(&self, value: &Value, depth: usize) -> Value {
        if value.is_null() || !value.is_known() || depth > MAX_DEPTH {
            return value.clone();
        }
        let ty = value.ty().clone();
        if ty.as_object().is_some() {
            let Some(attrs) = value.attributes() else {
                return value.clone();
            };
            let mut out = attrs.clone();
            for (name, default) in &self.values {
                if out.get(name).is_some_and(Value::is_null) {
                    out.insert(name.clone(), default.clone());
                }
            }
            for (name, child) in &self.children {
                if let Some(v) = out.get(name) {
                    let v = child.apply_at(v, depth + 1);
                    out.insert(name.clone(), v);
                }
            }
            return Value::object(out);
        }
        if let Some(elements) = value.elements() {
            if let Some(t) = ty.as_tuple() {
                let _ = t;
                let elems = elements.iter().enumerate().map(|(i, e)| {
                    match self.children.get(&i.to_string()) {
                        Some(child) => child.apply_at(e, depth + 1),
                        None => e.clone(),
                    }
                });
                return Value::tuple(elems.collect::<Vec<_>>());
            }
            let Some(child) = self.children.get("") else {
                return value.clone();
            };
            let elems: Vec<Value> = elements
                .iter()
                .map(|e| child.apply_at(e, depth + 1))
                .collect();
            let elem_ty = elems.first().map_or_else(
                || ty.element_type().cloned().unwrap_or(Type::Dynamic),
                |e| e.ty().clone(),
            );
            let rebuilt = match ty {
                Type::Set(_) => Value::set_of(elem_ty, elems),
                _ => Value::list_of(elem_ty, elems),
            };
            return rebuilt.unwrap_or_else(|_| value.clone());
        }
        if let (Some(attrs), Some(child)) = (value.attributes(), self.children.get("")) {
            let elems: Vec<(String, Value)> = attrs
                .iter()
                .map(|(k, e)| (k.clone(), child.apply_at(e, depth + 1)))
                .collect();
            let elem_ty = elems.first().map_or_else(
                || ty.element_type().cloned().unwrap_or(Type::Dynamic),
                |(_, e)| e.ty().clone(),
            );
            return Value::map_of(elem_ty, elems).unwrap_or_else(|_| value.clone());
        }
        value.clone()
    }
}

/// The defaults of the type expression `expr` (already read as `ty`
/// without errors).
fn collect_defaults(
    expr: &dyn Expression,
    ty: &Type,
    diags: &mut Diagnostics,
    depth: usize,
) -> Option<Defaults> {
    if depth > MAX_DEPTH || keyword(expr).is_some() {
        return None;
    }
    let call = expr.static_call().ok()?;
    let arg = call.arguments.first()?;
    let mut children = std::collections::BTreeMap::new();
    let mut values = std::collections::BTreeMap::new();
    match call.name.as_str() {
        "list" | "set" | "map" => {
            let elem = ty.element_type()?;
            if let Some(d) = collect_defaults(arg.as_ref(), elem, diags, depth + 1) {
                children.insert(String::new(), d);
            }
        }
        "tuple" => {
            let elements = arg.static_list().ok()?;
            let types = ty.as_tuple()?.elements().to_vec();
            for (i, (e, t)) in elements.iter().zip(&types).enumerate() {
                if let Some(d) = collect_defaults(e.as_ref(), t, diags, depth + 1) {
                    children.insert(i.to_string(), d);
                }
            }
        }
        "object" => {
            let pairs = arg.static_map().ok()?;
            let object = ty.as_object()?;
            for pair in &pairs {
                let Some(name) = keyword(pair.key.as_ref()) else {
                    continue;
                };
                let Some(aty) = object.attribute(&name) else {
                    continue;
                };
                let mut aty_expr = pair.value.clone();
                if let Ok(opt) = pair.value.static_call()
                    && opt.name == "optional"
                    && !opt.arguments.is_empty()
                {
                    aty_expr = opt.arguments[0].clone();
                    if let Some(default) = opt.arguments.get(1) {
                        let (v, d) = default.value(&EvalContext::literal_only());
                        let failed = d.has_errors();
                        diags.extend(d);
                        if !failed {
                            match crate::convert::convert(&v, aty) {
                                    Ok(v) => {
                                        values.insert(name.clone(), v);
                                    }
                                    Err(e) => diags.push(
                                        Diagnostic::error("Invalid default value for optional attribute")
                                            .with_detail(format!(
                                                "This default value is not compatible with the attribute's type constraint: {e}."
                                            ))
                                            .with_subject(default.range()),
                                    ),
                                }
                        }
                    }
                }
                if let Some(d) = collect_defaults(aty_expr.as_ref(), aty, diags, depth + 1) {
                    children.insert(name, d);
                }
            }
        }
        _ => return None,
    }
    if values.is_empty() && children.is_empty() {
        return None;
    }
    Some(Defaults {
        ty: ty.clone(),
        values,
        children,
    })
}

/// Reads an exact type (Go's `typeexpr.Type`): like [`type_constraint`],
/// but `any` and `optional(...)` are errors.
///
/// ```
/// use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// use hcl_core::typeexpr::type_of;
/// use hcl_core::{Pos, Type};
///
/// let (file, id, _) = parse_expression(b"tuple([string, bool])", "t", Pos::start(), &ParseOptions::default());
/// let expr = NativeExpression::new(file, id);
/// assert_eq!(type_of(&expr).unwrap(), Type::tuple([Type::String, Type::Bool]));
///
/// let (file, id, _) = parse_expression(b"any", "t", Pos::start(), &ParseOptions::default());
/// let err = type_of(&NativeExpression::new(file, id)).unwrap_err();
/// assert!(err.iter().next().unwrap().detail.contains("an exact type is required"));
/// ```
pub fn type_of(expr: &dyn Expression) -> Result<Type, Diagnostics> {
    let mut diags = Diagnostics::new();
    let ty = get_type(expr, Kind::Exact, &mut diags, 0);
    diags.into_result(ty)
}

/// Parses `text` as a native-syntax expression (in a file named
/// `filename`) and reads it as a type constraint ([`type_constraint`]).
/// Syntax errors are returned as they are.
///
/// ```
/// use hcl_core::typeexpr::parse_type_constraint;
/// use hcl_core::Type;
///
/// assert_eq!(parse_type_constraint("set(number)", "t").unwrap(), Type::set(Type::Number));
/// assert!(parse_type_constraint("list(", "t").is_err());
/// ```
pub fn parse_type_constraint(text: &str, filename: &str) -> Result<Type, Diagnostics> {
    let expr = parse(text, filename)?;
    type_constraint(&expr)
}

/// Parses `text` as a native-syntax expression and reads it as an exact
/// type ([`type_of`]).
///
/// ```
/// use hcl_core::typeexpr::parse_type;
/// use hcl_core::Type;
///
/// assert_eq!(parse_type("map(bool)", "t").unwrap(), Type::map(Type::Bool));
/// assert!(parse_type("map(any)", "t").is_err());
/// ```
pub fn parse_type(text: &str, filename: &str) -> Result<Type, Diagnostics> {
    let expr = parse(text, filename)?;
    type_of(&expr)
}

fn parse(text: &str, filename: &str) -> Result<NativeExpression, Diagnostics> {
    let (file, id, diags) = parse_expression(
        text.as_bytes(),
        filename,
        Pos::start(),
        &ParseOptions::default(),
    );
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(NativeExpression::new(file, id))
}

/// Writes a type as a type expression (Go's `typeexpr.TypeString`):
/// `string`, `list(number)`, `object({a=bool,b=string})` (attributes in
/// name order; a name that is not a valid identifier quoted, as
/// `object({"a b"=string})`), `tuple([bool,string])`, `any` for the dynamic
/// pseudo-type.
///
/// As in Go, optional attributes are written like the others (without
/// `optional(...)`), so the text of a constraint with optional attributes
/// reads back as the constraint without them. A capsule type, which has no
/// type expression (Go panics), is written as its name.
///
/// ```
/// use hcl_core::typeexpr::type_string;
/// use hcl_core::Type;
///
/// assert_eq!(type_string(&Type::list(Type::Dynamic)), "list(any)");
/// let obj = Type::object([("b", Type::Bool), ("a", Type::tuple([Type::String]))]);
/// assert_eq!(type_string(&obj), "object({a=tuple([string]),b=bool})");
/// ```
pub fn type_string(ty: &Type) -> String {
    let mut out = String::new();
    write_type(ty, &mut out);
    out
}

fn write_type(ty: &Type, out: &mut String) {
    match ty {
        Type::String => out.push_str("string"),
        Type::Bool => out.push_str("bool"),
        Type::Number => out.push_str("number"),
        Type::Dynamic => out.push_str("any"),
        Type::Capsule(c) => out.push_str(c.name()),
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            out.push_str(match ty {
                Type::List(_) => "list(",
                Type::Set(_) => "set(",
                _ => "map(",
            });
            write_type(e, out);
            out.push(')');
        }
        Type::Object(o) => {
            out.push_str("object({");
            for (i, (name, aty)) in o.attributes().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if crate::native::is_identifier(name) {
                    out.push_str(name);
                } else {
                    out.push_str(&go_quote(name));
                }
                out.push('=');
                write_type(aty, out);
            }
            out.push_str("})");
        }
        Type::Tuple(t) => {
            out.push_str("tuple([");
            for (i, ety) in t.elements().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(ety, out);
            }
            out.push_str("])");
        }
    }
}

/// The name of a keyword expression (Go's `hcl.ExprAsKeyword`): a static
/// traversal of exactly one step.
fn keyword(expr: &dyn Expression) -> Option<String> {
    let traversal = expr.static_traversal_abs().ok()?;
    if traversal.steps().len() == 1 {
        traversal.root_name().map(str::to_owned)
    } else {
        None
    }
}

fn invalid(detail: impl Into<std::borrow::Cow<'static, str>>, subject: Range) -> Diagnostic {
    Diagnostic::error(INVALID_TYPE)
        .with_detail(detail)
        .with_subject(subject)
}

/// Go's `getType` (without defaults): the type, with the diagnostics of the
/// invalid parts appended to `diags`. On error the type is (or contains)
/// the dynamic pseudo-type.
/// Which reading of a type expression.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `typeexpr.Type`.
    Exact,
    /// `typeexpr.TypeConstraint`.
    Constraint,
    /// `typeexpr.TypeConstraintWithDefaults`.
    WithDefaults,
}

fn get_type(expr: &dyn Expression, kind: Kind, diags: &mut Diagnostics, depth: usize) -> Type {
    if depth > MAX_DEPTH {
        diags.push(invalid(
            "The type specification is nested too deeply.",
            expr.range(),
        ));
        return Type::Dynamic;
    }
    // The checks are in their own function: this one recurses, so its
    // frame is kept small (a debug build gives every temporary a slot).
    let call = match type_call(expr, kind, diags) {
        Ok(call) => call,
        Err(ty) => return ty,
    };
    let name = call.name.as_str();
    match (name, call.arguments.first()) {
        ("list", Some(arg)) => Type::list(get_type(arg.as_ref(), kind, diags, depth + 1)),
        ("set", Some(arg)) => Type::set(get_type(arg.as_ref(), kind, diags, depth + 1)),
        ("map", Some(arg)) => Type::map(get_type(arg.as_ref(), kind, diags, depth + 1)),
        ("object", Some(arg)) => object_type(expr, arg.as_ref(), kind, diags, depth),
        ("tuple", Some(arg)) => tuple_type(expr, arg.as_ref(), kind, diags, depth),
        _ => not_a_constructor(expr, &call, name, diags),
    }
}

/// The type constructor call of a type specification, or (`Err`) the type
/// it stands for when it is a keyword or a malformed call (with the
/// diagnostic).
#[inline(never)]
fn type_call(
    expr: &dyn Expression,
    kind: Kind,
    diags: &mut Diagnostics,
) -> Result<crate::body::StaticCall, Type> {
    if let Some(kw) = keyword(expr) {
        let detail = match kw.as_str() {
            "bool" => return Err(Type::Bool),
            "string" => return Err(Type::String),
            "number" => return Err(Type::Number),
            "any" if kind != Kind::Exact => return Err(Type::Dynamic),
            "any" => format!(
                "The keyword {} cannot be used in this type specification: an exact type is required.",
                go_quote(&kw)
            ),
            "list" | "map" | "set" => format!(
                "The {kw} type constructor requires one argument specifying the element type."
            ),
            "object" => "The object type constructor requires one argument specifying the attribute types and values as a map.".to_owned(),
            "tuple" => "The tuple type constructor requires one argument specifying the element types as a list.".to_owned(),
            _ => format!("The keyword {} is not a valid type specification.", go_quote(&kw)),
        };
        diags.push(invalid(detail, expr.range()));
        return Err(Type::Dynamic);
    }

    let Ok(call) = expr.static_call() else {
        diags.push(invalid(
            "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
            expr.range(),
        ));
        return Err(Type::Dynamic);
    };

    let name = call.name.as_str();
    match name {
        "bool" | "string" | "number" => {
            diags.push(invalid(
                format!(
                    "Primitive type keyword {} does not expect arguments.",
                    go_quote(name)
                ),
                call.args_range.clone(),
            ));
            return Err(Type::Dynamic);
        }
        "any" => {
            diags.push(invalid(
                format!(
                    "Type constraint keyword {} does not expect arguments.",
                    go_quote(name)
                ),
                call.args_range.clone(),
            ));
            return Err(Type::Dynamic);
        }
        _ => {}
    }

    if call.arguments.len() != 1 {
        let detail = match name {
            "list" | "set" | "map" => Some(format!(
                "The {name} type constructor requires one argument specifying the element type."
            )),
            "object" => Some("The object type constructor requires one argument specifying the attribute types and values as a map.".to_owned()),
            "tuple" => Some("The tuple type constructor requires one argument specifying the element types as a list.".to_owned()),
            _ => None,
        };
        if let Some(detail) = detail {
            // Too many arguments (as opposed to too few): the extra ones
            // are the subject.
            let subject = match (call.arguments.get(1), call.arguments.last()) {
                (Some(second), Some(last)) => {
                    let (second, last) = (second.range(), last.range());
                    Range::new(second.filename.clone(), second.start, last.end)
                }
                _ => call.args_range.clone(),
            };
            diags.push(invalid(detail, subject).with_context(call.args_range.clone()));
            return Err(Type::Dynamic);
        }
    }

    Ok(call)
}

/// `tuple([...])`: the element types.
#[inline(never)]
fn tuple_type(
    expr: &dyn Expression,
    arg: &dyn Expression,
    kind: Kind,
    diags: &mut Diagnostics,
    depth: usize,
) -> Type {
    let Ok(elements) = arg.static_list() else {
        diags.push(
            invalid(
                "Tuple type constructor requires a list of element types.",
                arg.range(),
            )
            .with_context(expr.range()),
        );
        return Type::Dynamic;
    };
    let types: Vec<Type> = elements
        .iter()
        .map(|e| get_type(e.as_ref(), kind, diags, depth + 1))
        .collect();
    Type::tuple(types)
}

/// A call that is not a type constructor (`optional` outside an object
/// type, or an unknown name).
#[cold]
#[inline(never)]
fn not_a_constructor(
    expr: &dyn Expression,
    call: &crate::body::StaticCall,
    name: &str,
    diags: &mut Diagnostics,
) -> Type {
    match name {
        "optional" => {
            diags.push(invalid(
                format!(
                    "Keyword {} is valid only as a modifier for object type attributes.",
                    go_quote(name)
                ),
                call.name_range.clone(),
            ));
            Type::Dynamic
        }
        _ => {
            diags.push(invalid(
                format!(
                    "Keyword {} is not a valid type constructor.",
                    go_quote(name)
                ),
                expr.range(),
            ));
            Type::Dynamic
        }
    }
}

/// `object({...})`: the attribute types, with `optional(T)` attributes.
fn object_type(
    expr: &dyn Expression,
    arg: &dyn Expression,
    kind: Kind,
    diags: &mut Diagnostics,
    depth: usize,
) -> Type {
    let Ok(pairs) = arg.static_map() else {
        diags.push(
            invalid(
                "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
                arg.range(),
            )
            .with_context(expr.range()),
        );
        return Type::Dynamic;
    };

    let mut attributes: Vec<(String, Type)> = Vec::with_capacity(pairs.len());
    let mut optional: Vec<String> = Vec::new();
    for pair in &pairs {
        let Some(attr_name) = keyword(pair.key.as_ref()) else {
            diags.push(
                invalid(
                    "Object constructor map keys must be attribute names.",
                    pair.key.range(),
                )
                .with_context(expr.range()),
            );
            continue;
        };

        let mut aty_expr = pair.value.clone();
        if let Ok(call) = pair.value.static_call()
            && call.name == "optional"
        {
            let Some(first) = call.arguments.first() else {
                diags.push(
                    invalid(
                        "Optional attribute modifier requires the attribute type as its argument.",
                        call.args_range.clone(),
                    )
                    .with_context(pair.value.range()),
                );
                continue;
            };
            if kind == Kind::Exact {
                diags.push(
                        invalid(
                            "Optional attribute modifier is only for type constraints, not for exact types.",
                            call.name_range.clone(),
                        )
                        .with_context(pair.value.range()),
                    );
            } else if call.arguments.len() == 1
                || (call.arguments.len() == 2 && kind == Kind::WithDefaults)
            {
                optional.push(attr_name.clone());
            } else if kind != Kind::WithDefaults {
                // Go's TypeConstraint (without defaults) takes one
                // argument; TypeConstraintWithDefaults reads a default.
                diags.push(
                        invalid(
                            "Optional attribute modifier expects only one argument: the attribute type.",
                            call.args_range.clone(),
                        )
                        .with_context(pair.value.range()),
                    );
            } else {
                diags.push(
                        invalid(
                            "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
                            call.args_range.clone(),
                        )
                        .with_context(pair.value.range()),
                    );
            }
            aty_expr = first.clone();
        }

        let aty = get_type(aty_expr.as_ref(), kind, diags, depth + 1);
        // A name given twice keeps its last type (the object type's map
        // keeps the last entry), as Go's map does.
        attributes.push((attr_name, aty));
    }
    Type::object_with_optional(attributes, optional)
}

// ---------------------------------------------------------------------------
// cmd/hcldec's type expressions

/// The capsule type of the values that stand for types in
/// [`type_eval_context`] (Go's `typeType` in `cmd/hcldec`, named `type`).
pub fn type_capsule_type() -> &'static CapsuleType {
    static TYPE: OnceLock<CapsuleType> = OnceLock::new();
    TYPE.get_or_init(|| CapsuleType::new::<Type>("type"))
}

fn wrap_type(ty: Type) -> Value {
    Value::capsule(type_capsule_type(), ty)
}

fn unwrap_type(value: &Value) -> Option<Type> {
    value.as_capsule::<Type>().cloned()
}

/// The evaluation context in which Go's `hcldec` evaluates the type
/// expressions of a spec file (`typeEvalCtx` in `cmd/hcldec/type_expr.go`):
/// variables `string`, `bool`, `number` and `any`, and functions `list`,
/// `set`, `map` (of one type), `tuple` (of a list of types) and `object`
/// (of a map of types), over values of the capsule type
/// [`type_capsule_type`].
///
/// ```
/// use hcl_core::typeexpr::{type_capsule_type, type_eval_context};
/// use hcl_core::Type;
///
/// let ctx = type_eval_context();
/// let string = ctx.variable("string").unwrap();
/// assert_eq!(string.ty(), &Type::Capsule(type_capsule_type().clone()));
/// assert!(ctx.function("list").is_some());
/// ```
pub fn type_eval_context() -> EvalContext {
    static CTX: OnceLock<EvalContext> = OnceLock::new();
    CTX.get_or_init(build_type_eval_context).clone()
}

fn build_type_eval_context() -> EvalContext {
    let capsule = Type::Capsule(type_capsule_type().clone());
    let mut ctx = EvalContext::new();
    let variables = [
        ("string", Type::String),
        ("bool", Type::Bool),
        ("number", Type::Number),
        ("any", Type::Dynamic),
    ];
    for (name, ty) in variables {
        // A fresh context is never literal-only, so declaring cannot fail.
        let _ = ctx.declare_variable(name, wrap_type(ty));
    }

    let collection = |make: fn(Type) -> Type| {
        Function::builder()
            .param(Parameter::new("element_type", capsule.clone()))
            .returns(capsule.clone())
            .build(move |args, _| {
                let ety = args.first().and_then(unwrap_type).ok_or_else(not_a_type)?;
                Ok(wrap_type(make(ety)))
            })
    };
    let _ = ctx.declare_function("list", collection(Type::list));
    let _ = ctx.declare_function("set", collection(Type::set));
    let _ = ctx.declare_function("map", collection(Type::map));

    let tuple = Function::builder()
        .param(Parameter::new("element_types", Type::list(capsule.clone())))
        .returns(capsule.clone())
        .build(|args, _| {
            let elements = args
                .first()
                .and_then(Value::elements)
                .ok_or_else(not_a_type)?;
            let types = elements
                .iter()
                .map(|e| unwrap_type(e).ok_or_else(not_a_type))
                .collect::<Result<Vec<Type>, FunctionError>>()?;
            Ok(wrap_type(Type::tuple(types)))
        });
    let _ = ctx.declare_function("tuple", tuple);

    let object = Function::builder()
        .param(Parameter::new(
            "attribute_types",
            Type::map(capsule.clone()),
        ))
        .returns(capsule)
        .build(|args, _| {
            let attributes = args
                .first()
                .and_then(Value::attributes)
                .ok_or_else(not_a_type)?;
            let types = attributes
                .iter()
                .map(|(k, v)| {
                    unwrap_type(v)
                        .map(|t| (k.clone(), t))
                        .ok_or_else(not_a_type)
                })
                .collect::<Result<Vec<(String, Type)>, FunctionError>>()?;
            Ok(wrap_type(Type::object(types)))
        });
    let _ = ctx.declare_function("object", object);
    ctx
}

fn not_a_type() -> FunctionError {
    FunctionError::failed("a type is required")
}

/// Evaluates a type expression as Go's `hcldec` does for the `type` and
/// `element_type` arguments of its spec files (`evalTypeExpr`): the
/// expression is evaluated in [`type_eval_context`], and its value must be
/// a type.
///
/// Unlike [`type_constraint`], this accepts anything that evaluates to a
/// type (`true ? string : number`), allows `any` anywhere, has no
/// `optional(...)`, and takes object attribute names from any string key
/// (`object({"a b" = string})`). Its errors are evaluation errors ("Unknown
/// variable", "Call to unknown function", ...); a value that is not a type
/// adds "Invalid type expression" (without a subject, as in Go). A null
/// value gives the dynamic pseudo-type with no error, as in Go.
///
/// The type is the dynamic pseudo-type whenever there are errors.
///
/// ```
/// use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// use hcl_core::typeexpr::eval_type_expr;
/// use hcl_core::{Pos, Type};
///
/// let (file, id, _) = parse_expression(b"object({\"a b\" = list(any)})", "spec.hcldec", Pos::start(), &ParseOptions::default());
/// let (ty, diags) = eval_type_expr(&NativeExpression::new(file, id));
/// assert!(diags.is_empty());
/// assert_eq!(ty, Type::object([("a b", Type::list(Type::Dynamic))]));
///
/// let (file, id, _) = parse_expression(b"\"string\"", "spec.hcldec", Pos::start(), &ParseOptions::default());
/// let (ty, diags) = eval_type_expr(&NativeExpression::new(file, id));
/// assert_eq!(ty, Type::Dynamic);
/// assert_eq!(diags.iter().next().unwrap().detail, "A type is required, not string.");
/// ```
pub fn eval_type_expr(expr: &dyn Expression) -> (Type, Diagnostics) {
    let (value, mut diags) = expr.value(&type_eval_context());
    if value.is_null() {
        return (Type::Dynamic, diags);
    }
    let is_type = matches!(value.ty(), Type::Capsule(c) if c == type_capsule_type());
    match unwrap_type(&value) {
        Some(ty) if is_type => (ty, diags),
        _ => {
            diags.push(
                Diagnostic::error("Invalid type expression").with_detail(format!(
                    "A type is required, not {}.",
                    value.ty().friendly_name()
                )),
            );
            (Type::Dynamic, diags)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_identifiers_as_the_native_syntax() {
        for name in ["a", "_a", "a-b", "a_1", "é", "x\u{301}"] {
            assert!(crate::native::is_identifier(name), "{name}");
        }
        for name in ["", "1a", "-a", "a b", "a.b", "\"a\""] {
            assert!(!crate::native::is_identifier(name), "{name}");
        }
    }

    #[test]
    fn nesting_beyond_the_limit_is_an_error() {
        // Deeper than the native parser allows, through a hand-made chain.
        #[derive(Debug)]
        struct Nested(usize);
        impl Expression for Nested {
            fn value(&self, _: &EvalContext) -> (Value, Diagnostics) {
                (Value::dynamic(), Diagnostics::new())
            }
            fn variables(&self) -> Vec<crate::traversal::Traversal> {
                Vec::new()
            }
            fn range(&self) -> Range {
                Range::at("t", Pos::start())
            }
            fn start_range(&self) -> Range {
                self.range()
            }
            fn static_call(&self) -> Result<crate::body::StaticCall, Diagnostics> {
                let arguments: Vec<crate::body::DynExpression> = if self.0 == 0 {
                    Vec::new()
                } else {
                    vec![std::sync::Arc::new(Nested(self.0 - 1))]
                };
                Ok(crate::body::StaticCall {
                    name: "list".into(),
                    name_range: self.range(),
                    arguments,
                    expand_final: false,
                    range: self.range(),
                    args_range: self.range(),
                })
            }
        }
        // The innermost `list()` has no argument: that is the only error.
        let err = type_constraint(&Nested(MAX_DEPTH - 1)).unwrap_err();
        assert_eq!(err.len(), 1);
        assert!(
            err.iter()
                .all(|d| d.detail.starts_with("The list type constructor"))
        );
        let err = type_constraint(&Nested(MAX_DEPTH + 10)).unwrap_err();
        assert!(
            err.iter()
                .any(|d| d.detail == "The type specification is nested too deeply.")
        );
    }

    fn with_defaults(text: &str) -> (Type, Option<Defaults>) {
        parse_type_constraint_with_defaults(text, "t").unwrap()
    }

    fn apply(text: &str, value: Value) -> Value {
        let (ty, defaults) = with_defaults(text);
        let converted = crate::convert::convert(&value, &ty).unwrap();
        defaults.map_or(converted.clone(), |d| d.apply(&converted))
    }

    #[test]
    fn optional_with_default_is_read_only_with_defaults() {
        let text = "object({a = optional(string, \"x\")})";
        let err = parse_type_constraint(text, "t").unwrap_err();
        assert!(
            err.iter()
                .any(|d| d.detail.contains("expects only one argument"))
        );
        let (ty, defaults) = with_defaults(text);
        assert_eq!(ty, Type::object_with_optional([("a", Type::String)], ["a"]));
        let defaults = defaults.unwrap();
        assert_eq!(defaults.values["a"], Value::string("x"));
        // No default anywhere: no defaults.
        assert!(with_defaults("object({a = optional(string)})").1.is_none());
        // Three arguments are an error in both readings.
        let err = parse_type_constraint_with_defaults("object({a = optional(string, 1, 2)})", "t")
            .unwrap_err();
        assert!(
            err.iter()
                .any(|d| d.detail.contains("at most two arguments"))
        );
    }

    #[test]
    fn defaults_fill_absent_and_null_attributes_only() {
        let v = apply(
            "object({a = optional(string, \"x\"), b = optional(number, 1), c = string})",
            Value::object([("b", Value::number(5)), ("c", Value::string("c"))]),
        );
        assert_eq!(v.get("a"), Some(&Value::string("x")));
        assert_eq!(v.get("b"), Some(&Value::number(5)));
        // A default is converted to the attribute's type.
        let v = apply("object({a = optional(string, 7)})", Value::empty_object());
        assert_eq!(v.get("a"), Some(&Value::string("7")));
    }

    #[test]
    fn defaults_reach_nested_objects_and_collection_elements() {
        let text = "object({
            ports = list(object({n = number, proto = optional(string, \"tcp\")})),
            tags = map(object({v = optional(bool, true)})),
            inner = optional(object({x = optional(number, 3)}), {}),
            pair = tuple([object({q = optional(string, \"q\")}), string]),
        })";
        let v = apply(
            text,
            Value::object([
                (
                    "ports",
                    Value::tuple([
                        Value::object([("n", Value::number(80))]),
                        Value::object([("n", Value::number(53)), ("proto", Value::string("udp"))]),
                    ]),
                ),
                ("tags", Value::object([("k", Value::empty_object())])),
                (
                    "pair",
                    Value::tuple([Value::empty_object(), Value::string("s")]),
                ),
            ]),
        );
        let ports = v.get("ports").unwrap().elements().unwrap();
        assert_eq!(ports[0].get("proto"), Some(&Value::string("tcp")));
        assert_eq!(ports[1].get("proto"), Some(&Value::string("udp")));
        assert_eq!(
            v.get("tags").unwrap().get("k").unwrap().get("v"),
            Some(&Value::bool(true))
        );
        // A default object gets its own nested defaults.
        assert_eq!(v.get("inner").unwrap().get("x"), Some(&Value::number(3)));
        let pair = v.get("pair").unwrap().elements().unwrap();
        assert_eq!(pair[0].get("q"), Some(&Value::string("q")));
    }

    #[test]
    fn an_incompatible_default_is_an_error_at_the_default() {
        let err =
            parse_type_constraint_with_defaults("object({a = optional(number, \"no\")})", "t")
                .unwrap_err();
        let d = err.iter().next().unwrap();
        assert_eq!(d.summary, "Invalid default value for optional attribute");
        assert_eq!(d.subject.as_ref().unwrap().to_string(), "t:1,30-34");
        // A default that is not constant is an error too.
        assert!(
            parse_type_constraint_with_defaults("object({a = optional(string, var.x)})", "t")
                .is_err()
        );
    }

    #[test]
    fn unknown_and_null_values_are_left_alone() {
        let (ty, d) = with_defaults("object({a = optional(string, \"x\")})");
        let d = d.unwrap();
        assert_eq!(d.apply(&Value::null(ty.clone())), Value::null(ty.clone()));
        assert_eq!(d.apply(&Value::unknown(ty.clone())), Value::unknown(ty));
    }
}
