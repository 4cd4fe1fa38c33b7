//! Validation after decoding: [`Validator`], what a struct validator
//! (`#[hcl(validate = path)]` on a struct) reports its errors through.

use hcl_core::{Diagnostic, Diagnostics, Range};

use crate::decode::Content;

/// What a struct validator reports errors through: each error is placed
/// at the attribute or block of the field it names, and joins the
/// decoding's other diagnostics (one pass reports everything).
///
/// A struct validator is a function `fn(&Self, &mut Validator<'_>)` named
/// by `#[hcl(validate = path)]` on the struct; it runs once the whole
/// struct has decoded, for rules across fields.
///
/// ```
/// use hcl_decode::prelude::*;
///
/// fn min_not_above_max(r: &Range_, v: &mut Validator<'_>) {
///     if r.min > r.max {
///         v.error(
///             "min",
///             "Invalid range",
///             format!("min ({}) must not exceed max ({}).", r.min, r.max),
///         );
///     }
/// }
///
/// #[derive(HclBody, Debug)]
/// #[hcl(validate = min_not_above_max)]
/// struct Range_ {
///     min: u32,
///     max: u32,
/// }
///
/// let err = hcl_decode::from_str::<Range_>("min = 10\nmax = 5\n", "r.hcl").unwrap_err();
/// assert_eq!(
///     err.diagnostics().to_string(),
///     "r.hcl:1,1-9: Invalid range; min (10) must not exceed max (5)."
/// );
/// ```
#[derive(Debug)]
pub struct Validator<'a> {
    content: &'a Content<'a>,
    /// Each field's Rust name and HCL name.
    fields: &'a [(&'a str, &'a str)],
    diags: Diagnostics,
}

impl<'a> Validator<'a> {
    pub(crate) fn new(content: &'a Content<'a>, fields: &'a [(&'a str, &'a str)]) -> Validator<'a> {
        Validator {
            content,
            fields,
            diags: Diagnostics::new(),
        }
    }

    /// Reports an error about `field` (the Rust field's name, or an HCL
    /// attribute or block type name), at its attribute (`name = value`)
    /// or its first block's header; for a field not written in the file,
    /// at the block's header (or the body's missing-item range).
    pub fn error(&mut self, field: &str, summary: impl Into<String>, detail: impl Into<String>) {
        let range = self.range(field);
        self.diags.push(
            Diagnostic::error(summary.into())
                .with_detail(detail.into())
                .with_subject(range),
        );
    }

    /// Reports a warning about `field` (placed as [`Validator::error`]
    /// places errors); a warning does not make the decoding fail.
    pub fn warning(&mut self, field: &str, summary: impl Into<String>, detail: impl Into<String>) {
        let range = self.range(field);
        self.diags.push(
            Diagnostic::warning(summary.into())
                .with_detail(detail.into())
                .with_subject(range),
        );
    }

    /// Where [`Validator::error`] reports an error about `field`.
    pub fn range(&self, field: &str) -> Range {
        let name = self
            .fields
            .iter()
            .find(|(member, _)| *member == field)
            .map_or(field, |(_, name)| *name);
        let content = self.content.content();
        if let Some(attr) = content.attributes.get(name) {
            return attr.range.clone();
        }
        if let Some(block) = content.blocks_of_type(name).next() {
            return block.def_range.clone();
        }
        match self.content.block() {
            Some(block) => block.def_range.clone(),
            None => content.missing_item_range.clone(),
        }
    }

    /// Whether an error was reported so far.
    pub fn has_errors(&self) -> bool {
        self.diags.has_errors()
    }

    pub(crate) fn into_diagnostics(self) -> Diagnostics {
        self.diags
    }
}
