//! Checks on the model: whether the options of a field fit its kind and
//! each other, and whether the fields fit together (names used twice, two
//! `remain` or `body` fields, range fields naming no attribute). Checks
//! that need other types (does a block type derive `HclBody`? do flattened
//! names collide?) are left to the generated code (`expand`), which points
//! its errors at the same places.

use crate::attr::{Container, Field, Kind};
use crate::ctxt::Ctxt;

/// Every check on a parsed container; the problems go to `cx`.
pub(crate) fn check(cx: &Ctxt, container: &Container<'_>) {
    for field in &container.fields {
        check_options(cx, field);
    }
    check_fields(cx, &container.fields);
}

/// Options that do not apply to the field's kind, or that contradict each
/// other.
fn check_options(cx: &Ctxt, field: &Field<'_>) {
    let spans = &field.spans;
    let kind = field.kind.keyword();
    if let Some(lit) = &spans.rename {
        if !field.kind.is_named() {
            cx.error_spanned_by(
                lit,
                format!("`rename` does not apply to a `{kind}` field: it has no name in HCL"),
            );
        }
    }
    let attr_like = matches!(field.kind, Kind::Attr | Kind::Expr);
    if let Some(span) = spans.optional {
        if !attr_like {
            cx.syn_error(syn::Error::new(
                span,
                format!("`optional` applies to attributes, not to a `{kind}` field"),
            ));
        } else if let Some(default_span) = spans.default {
            cx.syn_error(syn::Error::new(
                default_span,
                "`default` and `optional` together: `default` already makes the attribute optional",
            ));
        }
    }
    if let Some(span) = spans.default {
        if !matches!(field.kind, Kind::Attr) {
            cx.syn_error(syn::Error::new(
                span,
                format!("`default` applies to attributes, not to a `{kind}` field"),
            ));
        }
    }
    if let Some(span) = spans.with {
        if !matches!(field.kind, Kind::Attr) {
            cx.syn_error(syn::Error::new(
                span,
                format!("`with` applies to attributes, not to a `{kind}` field"),
            ));
        }
    }
}

/// Checks across fields: names used twice, two `remain` or `body` fields,
/// range fields naming no attribute.
fn check_fields(cx: &Ctxt, fields: &[Field<'_>]) {
    let mut names: Vec<(&str, &Field<'_>)> = Vec::new();
    let mut labels: Vec<&str> = Vec::new();
    let mut remain: Option<&Field<'_>> = None;
    let mut body: Option<&Field<'_>> = None;
    for f in fields {
        match &f.kind {
            Kind::Attr | Kind::Expr | Kind::Block => {
                if let Some((_, other)) = names.iter().find(|(n, _)| *n == f.name) {
                    cx.syn_error(syn::Error::new(
                        f.name_span,
                        format!(
                            "the name `{}` is already used by field `{}`",
                            f.name, other.member
                        ),
                    ));
                } else {
                    names.push((&f.name, f));
                }
            }
            Kind::Label => {
                if labels.contains(&f.name.as_str()) {
                    cx.syn_error(syn::Error::new(
                        f.name_span,
                        format!("a label named `{}` is already declared", f.name),
                    ));
                } else {
                    labels.push(&f.name);
                }
            }
            Kind::Remain => match remain {
                Some(first) => cx.syn_error(syn::Error::new(
                    f.kind_span,
                    format!(
                        "only one `remain` field is allowed, and `{}` is one already",
                        first.member
                    ),
                )),
                None => remain = Some(f),
            },
            Kind::Body => match body {
                Some(first) => cx.syn_error(syn::Error::new(
                    f.kind_span,
                    format!(
                        "only one `body` field is allowed, and `{}` is one already",
                        first.member
                    ),
                )),
                None => body = Some(f),
            },
            _ => {}
        }
    }
    for f in fields {
        if let Kind::AttrRange(target) | Kind::ValueRange(target) = &f.kind {
            let found = fields
                .iter()
                .any(|g| matches!(g.kind, Kind::Attr | Kind::Expr) && g.member == &target.value());
            if !found {
                cx.error_spanned_by(
                    target,
                    format!(
                        "there is no `attr` or `expr` field named `{}` in this struct",
                        target.value()
                    ),
                );
            }
        }
    }
}
