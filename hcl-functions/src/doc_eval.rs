//! The helper the examples of this crate's documentation evaluate with.

use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
use hcl_core::{EvalContext, Expression, Pos};

/// Evaluates one native-syntax expression with every pure function of the
/// library, for the examples of this crate's documentation: the value as
/// cty's JSON (`"a"`, `1.5`, `["x"]`), or the diagnostics' details.
#[doc(hidden)]
pub fn eval_for_docs(expr: &str) -> Result<String, String> {
    let mut ctx = EvalContext::new();
    crate::Library::pure()
        .install(&mut ctx)
        .map_err(|e| e.to_string())?;
    let (file, id, diags) = parse_expression(
        expr.as_bytes(),
        "doc.hcl",
        Pos::start(),
        &ParseOptions::default(),
    );
    if diags.has_errors() {
        return Err(diags
            .iter()
            .map(|d| d.summary.to_string())
            .collect::<Vec<_>>()
            .join("; "));
    }
    let (value, diags) = NativeExpression::new(file, id).value(&ctx);
    if diags.has_errors() {
        return Err(diags
            .iter()
            .map(|d| format!("{}: {}", d.summary, d.detail))
            .collect::<Vec<_>>()
            .join("; "));
    }
    if !value.is_wholly_known() {
        return Ok("(unknown)".into());
    }
    hcl_core::cty_json::marshal(&value, value.ty()).map_err(|e| e.to_string())
}
