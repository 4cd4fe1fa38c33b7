//! What a `dynamic` block says, and the elements it iterates over (Go's
//! `expand_spec.go`).

use std::sync::Arc;

use crate::body::{Block, DynBody, DynExpression};
use crate::convert::convert;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::ty::Type;
use crate::value::Value;

use super::iteration::Iteration;

/// What a `dynamic` block says.
pub(super) struct ExpandSpec {
    pub(super) block_type: String,
    pub(super) block_type_range: Range,
    pub(super) def_range: Range,
    pub(super) for_each: Value,
    pub(super) iterator: String,
    pub(super) labels: Vec<DynExpression>,
    pub(super) content: DynBody,
}

impl ExpandSpec {
    /// The block of iteration `it` (made in `base`, the `for_each`
    /// context of the dynamic block), or `None` after a label error.
    pub(super) fn new_block(
        &self,
        it: &Iteration,
        base: &EvalContext,
        diags: &mut Diagnostics,
    ) -> Option<Block> {
        let mut labels = Vec::with_capacity(self.labels.len());
        let mut label_ranges = Vec::with_capacity(self.labels.len());
        for expr in &self.labels {
            let (value, label_diags) = expr.value(it.scope(base));
            let failed = label_diags.has_errors();
            diags.extend(label_diags);
            if failed {
                return None;
            }
            let invalid = |detail: String| {
                Diagnostic::error("Invalid dynamic block label")
                    .with_detail(detail)
                    .with_subject(expr.range())
            };
            let value = match convert(&value, &Type::String) {
                Ok(v) => v,
                Err(e) => {
                    diags.push(invalid(format!(
                        "Cannot use this value as a dynamic block label: {e}."
                    )));
                    return None;
                }
            };
            if value.is_null() {
                diags.push(invalid(
                    "Cannot use a null value as a dynamic block label.".into(),
                ));
                return None;
            }
            let Some(text) = value.as_str() else {
                diags.push(invalid(
                    "This value is not yet known. Dynamic block labels must be immediately-known \
                     values."
                        .into(),
                ));
                return None;
            };
            labels.push(text.to_owned());
            label_ranges.push(expr.range());
        }
        Some(Block {
            type_name: self.block_type.clone(),
            labels,
            body: Arc::clone(&self.content),
            def_range: self.def_range.clone(),
            type_range: self.block_type_range.clone(),
            label_ranges,
        })
    }
}

/// The key and value of each element of an iterable known value, in
/// cty's order: index and element for lists and tuples, the element twice
/// for sets, key and value for maps and objects.
pub(super) fn elements(collection: &Value) -> Vec<(Value, Value)> {
    if let Some(attributes) = collection.attributes() {
        return attributes
            .iter()
            .map(|(k, v)| (Value::string(k.clone()), v.clone()))
            .collect();
    }
    let Some(elements) = collection.elements() else {
        return Vec::new();
    };
    if matches!(collection.ty(), Type::Set(_)) {
        return elements.iter().map(|e| (e.clone(), e.clone())).collect();
    }
    elements
        .iter()
        .enumerate()
        .map(|(i, e)| {
            (
                Value::number(i64::try_from(i).unwrap_or(i64::MAX)),
                e.clone(),
            )
        })
        .collect()
}
