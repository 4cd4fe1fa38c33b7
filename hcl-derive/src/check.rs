//! Checks on the model: whether the options of a field fit its kind and
//! each other, and whether the fields fit together (names used twice, two
//! `remain` or `body` fields, range fields naming no attribute). Checks
//! that need other types (does a block type derive `HclBody`? do flattened
//! names collide?) are left to the generated code (`expand`), which points
//! its errors at the same places.

use crate::attr::{Container, Derive, Field, Kind, Variant};
use crate::ctxt::Ctxt;

/// Every check on a parsed container; the problems go to `cx`.
pub(crate) fn check(cx: &Ctxt, container: &Container<'_>) {
    check_container(cx, container);
    for field in &container.fields {
        check_options(cx, field);
    }
    check_fields(cx, &container.fields);
    if let Some(variants) = &container.variants {
        check_variants(cx, container, variants);
    }
}

/// Container options that do not fit the container.
fn check_container(cx: &Ctxt, c: &Container<'_>) {
    if let Some((_, span)) = &c.validate
        && c.is_enum()
    {
        cx.syn_error(syn::Error::new(
                *span,
                "`validate` on the container applies to a struct: validate each variant's struct instead",
            ));
    }
    let body = c.derive.body_derive().name();
    if let Some((_, span)) = &c.by_label
        && (!c.is_enum() || !c.derive.is_body())
    {
        cx.syn_error(syn::Error::new(
                *span,
                format!("`by_label` applies to an enum deriving `{body}`: its variants are chosen by a block's first label"),
            ));
    }
    if c.is_enum() && c.derive.is_body() && !c.input.generics.params.is_empty() {
        cx.error_spanned_by(
            &c.input.generics,
            format!(
                "an enum deriving `{body}` cannot be generic: name the variants' structs instead"
            ),
        );
    }
}

/// Variants of the right shape, with distinct names.
fn check_variants(cx: &Ctxt, c: &Container<'_>, variants: &[Variant<'_>]) {
    let what = match (c.derive.is_body(), c.by_label.is_some()) {
        (false, _) => "value",
        (true, true) => "label",
        (true, false) => "block type",
    };
    let body = c.derive.body_derive().name();
    if variants.is_empty() {
        cx.error_spanned_by(
            &c.input.ident,
            format!(
                "an enum deriving `{}` needs at least one variant",
                c.derive.name()
            ),
        );
    }
    let all_unit = !variants.is_empty()
        && variants
            .iter()
            .all(|v| matches!(v.variant.fields, syn::Fields::Unit));
    if c.derive.is_body() && all_unit {
        cx.error_spanned_by(
            &c.input.ident,
            format!(
                "an enum of unit variants is a value enum: derive `{}` for it \
                 (`{body}` on an enum dispatches blocks, each variant holding a struct deriving `{body}`)",
                c.derive.value_derive().name()
            ),
        );
    }
    let mut seen: Vec<&Variant<'_>> = Vec::new();
    for v in variants {
        match c.derive {
            Derive::FromValue | Derive::ToValue => {
                if !matches!(v.variant.fields, syn::Fields::Unit) {
                    cx.error_spanned_by(
                        &v.variant.fields,
                        "a value enum has unit variants only: each variant is one string value",
                    );
                }
            }
            Derive::HclBody | Derive::ToHcl => {
                if v.ty.is_none() && !all_unit {
                    cx.error_spanned_by(
                        v.variant,
                        format!(
                            "each variant of a {what} enum holds one struct deriving `{body}`: write `{}({}Config)`",
                            v.ident, v.ident
                        ),
                    );
                }
            }
        }
        if let Some(d) = &v.variant.discriminant
            && c.derive.is_body()
        {
            cx.error_spanned_by(&d.1, "a variant holding a struct has no discriminant");
        }
        if let Some(other) = seen.iter().find(|o| o.name == v.name) {
            cx.syn_error(syn::Error::new(
                v.name_span,
                format!(
                    "the {what} {:?} is already used by variant `{}`",
                    v.name, other.ident
                ),
            ));
        } else {
            seen.push(v);
        }
    }
}

/// Options that do not apply to the field's kind, or that contradict each
/// other.
fn check_options(cx: &Ctxt, field: &Field<'_>) {
    let spans = &field.spans;
    let kind = field.kind.keyword();
    if let Some(lit) = &spans.rename
        && !field.kind.is_named()
    {
        cx.error_spanned_by(
            lit,
            format!("`rename` does not apply to a `{kind}` field: it has no name in HCL"),
        );
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
    if let Some(span) = spans.default
        && !matches!(field.kind, Kind::Attr)
    {
        cx.syn_error(syn::Error::new(
            span,
            format!("`default` applies to attributes, not to a `{kind}` field"),
        ));
    }
    if let Some(span) = spans.validate
        && !matches!(field.kind, Kind::Attr)
    {
        cx.syn_error(syn::Error::new(
            span,
            format!(
                "`validate` on a field applies to attributes, not to a `{kind}` field \
                     (a struct's own `#[hcl(validate = path)]` sees every field)"
            ),
        ));
    }
    if let Some(span) = spans.sensitive
        && !attr_like
    {
        cx.syn_error(syn::Error::new(
            span,
            format!("`sensitive` applies to attributes, not to a `{kind}` field"),
        ));
    }
    if let Some(span) = spans.with
        && !matches!(field.kind, Kind::Attr)
    {
        cx.syn_error(syn::Error::new(
            span,
            format!("`with` applies to attributes, not to a `{kind}` field"),
        ));
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
