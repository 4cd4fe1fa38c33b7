//! Native-syntax expressions as [`Expression`]s: evaluation, the variables
//! an expression uses, its source ranges, and the static analyses.
//!
//! A [`NativeExpression`] is a cheap handle: the parsed file (shared) and
//! the id of one expression node in it. Evaluation follows the native
//! syntax spec and, where the spec is silent, the Go implementation
//! (`hclsyntax`), whose diagnostics it reproduces: summary, detail, subject
//! range and context range.
//!
//! Unknown values and the dynamic pseudo-type flow through every operation
//! as the spec says: an arithmetic operator with an unknown operand gives an
//! unknown number, a template with an unknown part an unknown string, a
//! conditional with an unknown predicate an unknown value of the unified
//! type of its results, a `for` expression over an unknown collection (or
//! with an unknown condition, key or element) the dynamic value.
//!
//! ```
//! use hcl_core::function::{Function, Parameter};
//! use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
//! use hcl_core::{EvalContext, Expression, Pos, Type, Value};
//!
//! let (file, id, diags) = parse_expression(
//!     br#"[for s in services: "${upper(s)}:${port + 1}" if s != "skip"]"#,
//!     "example.hcl",
//!     Pos::start(),
//!     &ParseOptions::default(),
//! );
//! assert!(diags.is_empty());
//! let expr = NativeExpression::new(file, id);
//!
//! let upper = Function::builder()
//!     .param(Parameter::new("str", Type::String))
//!     .returns(Type::String)
//!     .build(|args, _| Ok(Value::string(args[0].as_str().unwrap_or_default().to_uppercase())));
//! let mut ctx = EvalContext::new();
//! ctx.declare_variable("port", Value::number(8080)).unwrap();
//! ctx.declare_variable(
//!     "services",
//!     Value::tuple([Value::string("web"), Value::string("skip"), Value::string("db")]),
//! )
//! .unwrap();
//! ctx.declare_function("upper", upper).unwrap();
//!
//! let (value, diags) = expr.value(&ctx);
//! assert!(diags.is_empty());
//! assert_eq!(
//!     value,
//!     Value::tuple([Value::string("WEB:8081"), Value::string("DB:8081")])
//! );
//!
//! // The variables the expression needs (not the `for` expression's own).
//! let names: Vec<String> = expr.variables().iter().map(|t| t.to_string()).collect();
//! assert_eq!(names, ["services", "port"]);
//!
//! // An unknown variable is reported where it is written.
//! let (_, diags) = expr.value(&EvalContext::new());
//! let d = diags.iter().next().unwrap();
//! assert_eq!(d.summary, "Unknown variable");
//! assert_eq!(d.subject.as_ref().unwrap().to_string(), "example.hcl:1,11-19");
//! ```

use std::sync::Arc;

use crate::body::{DynExpression, Expression, StaticCall, StaticPair};
use crate::diagnostic::Diagnostics;
use crate::eval::EvalContext;
use crate::native::ast::ExprId;
use crate::native::file::ParsedFile;
use crate::pos::Range;
use crate::traversal::Traversal;
use crate::value::Value;

use super::eval::evaluate;
use super::static_analysis;
use super::tree::{expr_span, start_span};
use super::variables::variables;

/// One expression of a parsed native-syntax file.
#[derive(Clone, Debug)]
pub struct NativeExpression {
    file: Arc<ParsedFile>,
    id: ExprId,
}

impl NativeExpression {
    /// A handle to expression `id` of `file`: an id returned with `file`
    /// by [`parse_expression`](crate::native::parse_expression) or
    /// [`parse_template`](crate::native::parse_template), or
    /// [`NativeExpression::id`] of an expression of `file`. (Ids are
    /// indices into the file's tree: using an id with another file is a
    /// bug, which makes evaluation panic or read the wrong expression.)
    pub fn new(file: Arc<ParsedFile>, id: ExprId) -> NativeExpression {
        NativeExpression { file, id }
    }

    /// The file.
    pub fn file(&self) -> &Arc<ParsedFile> {
        &self.file
    }

    /// The node id.
    pub fn id(&self) -> ExprId {
        self.id
    }
}

impl Expression for NativeExpression {
    fn value(&self, ctx: &EvalContext) -> (Value, Diagnostics) {
        evaluate(&self.file, self.id, ctx)
    }

    fn variables(&self) -> Vec<Traversal> {
        variables(&self.file, self.id)
    }

    fn range(&self) -> Range {
        self.file.range(expr_span(self.file.ast(), self.id))
    }

    fn start_range(&self) -> Range {
        self.file.range(start_span(&self.file, self.id))
    }

    fn static_list(&self) -> Result<Vec<DynExpression>, Diagnostics> {
        static_analysis::static_list(&self.file, self.id)
    }

    fn static_map(&self) -> Result<Vec<StaticPair>, Diagnostics> {
        static_analysis::static_map(&self.file, self.id)
    }

    fn static_call(&self) -> Result<StaticCall, Diagnostics> {
        static_analysis::static_call(&self.file, self.id)
    }

    fn static_traversal_abs(&self) -> Result<Traversal, Diagnostics> {
        static_analysis::static_traversal_abs(&self.file, self.id)
    }

    fn static_traversal_rel(&self) -> Result<Traversal, Diagnostics> {
        static_analysis::static_traversal_rel(&self.file, self.id)
    }
}
