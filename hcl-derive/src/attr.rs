//! The model of a derive input: `#[hcl(...)]` parsed into a container and
//! its fields. Errors here are about the syntax of one annotation (an
//! unknown or repeated option, two kinds on one field, a value of the wrong
//! form); whether the options fit together is for `check`.

use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, Ident, LitStr, Token};

use crate::case::{RULES, RenameRule};
use crate::ctxt::Ctxt;
use crate::suggest::did_you_mean;

/// Which derive is expanding.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Derive {
    HclBody,
    FromValue,
    /// The inverse of `HclBody`: encoding, same vocabulary.
    ToHcl,
    /// The inverse of `FromValue`.
    ToValue,
}

impl Derive {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Derive::HclBody => "HclBody",
            Derive::FromValue => "FromValue",
            Derive::ToHcl => "ToHcl",
            Derive::ToValue => "ToValue",
        }
    }

    /// Whether the derive is about bodies (`HclBody`, `ToHcl`), not about
    /// value enums (`FromValue`, `ToValue`).
    pub(crate) fn is_body(self) -> bool {
        matches!(self, Derive::HclBody | Derive::ToHcl)
    }

    /// The value derive of the same direction (`FromValue` or `ToValue`).
    pub(crate) fn value_derive(self) -> Derive {
        match self {
            Derive::HclBody | Derive::FromValue => Derive::FromValue,
            Derive::ToHcl | Derive::ToValue => Derive::ToValue,
        }
    }

    /// The body derive of the same direction (`HclBody` or `ToHcl`).
    pub(crate) fn body_derive(self) -> Derive {
        match self {
            Derive::HclBody | Derive::FromValue => Derive::HclBody,
            Derive::ToHcl | Derive::ToValue => Derive::ToHcl,
        }
    }
}

/// A struct or enum deriving `HclBody`, or an enum deriving `FromValue`.
pub(crate) struct Container<'a> {
    pub(crate) input: &'a DeriveInput,
    pub(crate) derive: Derive,
    /// The path of the `hcl_decode` crate.
    pub(crate) krate: syn::Path,
    /// The fields of a struct (none for an enum).
    pub(crate) fields: Vec<Field<'a>>,
    /// The variants of an enum (`None` for a struct).
    pub(crate) variants: Option<Vec<Variant<'a>>>,
    /// `validate = path` on the container, with the option's place.
    pub(crate) validate: Option<(syn::Path, Span)>,
    /// `by_label` (or `by_label = "name"`): the first label's name, and
    /// the option's place.
    pub(crate) by_label: Option<(String, Span)>,
    /// The doc comment and `#[deprecated]`, for the schema.
    pub(crate) docs: Docs,
}

/// What the schema takes from the Rust attributes of a container, field
/// or variant: the `#[doc]` strings (the `///` lines) and the note of
/// `#[deprecated]` (empty without one).
#[derive(Clone, Default)]
pub(crate) struct Docs {
    pub(crate) doc: Vec<String>,
    pub(crate) deprecated: Option<String>,
}

impl Docs {
    /// Reads `#[doc = "..."]` and `#[deprecated]` (in its three forms);
    /// anything else is left alone (rustc checks them).
    pub(crate) fn from_attrs(attrs: &[syn::Attribute]) -> Docs {
        let mut docs = Docs::default();
        for attr in attrs {
            if attr.path().is_ident("doc") {
                if let syn::Meta::NameValue(nv) = &attr.meta
                    && let syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }) = &nv.value
                {
                    docs.doc.push(s.value());
                }
            } else if attr.path().is_ident("deprecated") {
                let note = match &attr.meta {
                    syn::Meta::NameValue(nv) => match &nv.value {
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(s),
                            ..
                        }) => s.value(),
                        _ => String::new(),
                    },
                    syn::Meta::List(_) => {
                        let mut note = String::new();
                        // Malformed arguments are rustc's to report.
                        let _ = attr.parse_nested_meta(|meta| {
                            if meta.path.is_ident("note") {
                                let lit: LitStr = meta.value()?.parse()?;
                                note = lit.value();
                            } else if meta.input.peek(Token![=]) {
                                let _: syn::Expr = meta.value()?.parse()?;
                            }
                            Ok(())
                        });
                        note
                    }
                    syn::Meta::Path(_) => String::new(),
                };
                docs.deprecated = Some(note);
            }
        }
        docs
    }
}

/// One variant of an enum.
pub(crate) struct Variant<'a> {
    pub(crate) variant: &'a syn::Variant,
    pub(crate) ident: &'a Ident,
    /// The HCL name: block type, first label or string value.
    pub(crate) name: String,
    /// The tokens that give the name (`rename = "..."` or the variant).
    pub(crate) name_span: Span,
    /// The type of a one-field tuple variant.
    pub(crate) ty: Option<&'a syn::Type>,
    /// The doc comment and `#[deprecated]`, for the schema.
    pub(crate) docs: Docs,
}

/// What a field holds.
#[derive(Clone)]
pub(crate) enum Kind {
    Attr,
    Expr,
    Block,
    Label,
    Remain,
    Body,
    Flatten,
    /// Blocks of the types of an enum's variants.
    Blocks,
    DefRange,
    /// The range of the attribute of the named field.
    AttrRange(LitStr),
    /// The range of the value of the attribute of the named field.
    ValueRange(LitStr),
    Skip,
}

impl Kind {
    pub(crate) fn keyword(&self) -> &'static str {
        match self {
            Kind::Attr => "attr",
            Kind::Expr => "expr",
            Kind::Block => "block",
            Kind::Label => "label",
            Kind::Remain => "remain",
            Kind::Body => "body",
            Kind::Flatten => "flatten",
            Kind::Blocks => "blocks",
            Kind::DefRange => "def_range",
            Kind::AttrRange(_) => "attr_range",
            Kind::ValueRange(_) => "value_range",
            Kind::Skip => "skip",
        }
    }

    /// Whether the field names an attribute or a block type.
    pub(crate) fn is_named(&self) -> bool {
        matches!(self, Kind::Attr | Kind::Expr | Kind::Block | Kind::Label)
    }
}

/// `default` or `default = EXPR`.
pub(crate) enum DefaultValue {
    Trait,
    Str(LitStr),
    Expr(syn::Expr),
}

/// One field.
pub(crate) struct Field<'a> {
    pub(crate) member: &'a Ident,
    pub(crate) ty: &'a syn::Type,
    pub(crate) kind: Kind,
    /// The tokens of the kind keyword (the field itself when implied), for
    /// errors about the kind.
    pub(crate) kind_span: Span,
    /// The HCL name: attribute, block type or label name.
    pub(crate) name: String,
    /// The tokens that give the name (`rename = "..."` or the field).
    pub(crate) name_span: Span,
    pub(crate) optional: bool,
    pub(crate) default: Option<DefaultValue>,
    pub(crate) with: Option<syn::Path>,
    pub(crate) validate: Option<syn::Path>,
    /// Where the options were written, for `check` to point at.
    pub(crate) spans: OptionSpans,
    /// `T` for a field of type `Option<T>`.
    pub(crate) option_inner: Option<&'a syn::Type>,
    /// `sensitive`: the value is a secret (for the schema only).
    pub(crate) sensitive: bool,
    /// The doc comment and `#[deprecated]`, for the schema.
    pub(crate) docs: Docs,
}

fn path_name(path: &syn::Path) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}

/// `T` if `ty` is written `Option<T>` (any path ending in `Option`).
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else {
        return None;
    };
    if p.qself.is_some() {
        return None;
    }
    let last = p.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first() {
        Some(syn::GenericArgument::Type(t)) if args.args.len() == 1 => Some(t),
        _ => None,
    }
}

/// Whether `ty` is written as an expression handle (`ExpressionHandle`, `Expression`,
/// `DynExpression`, or an `Option` of one).
fn is_expression(ty: &syn::Type) -> bool {
    let ty = option_inner(ty).unwrap_or(ty);
    let syn::Type::Path(p) = ty else {
        return false;
    };
    p.qself.is_none()
        && p.path.segments.last().is_some_and(|s| {
            s.ident == "ExpressionHandle" || s.ident == "Expression" || s.ident == "DynExpression"
        })
}

/// The field's name without a raw-identifier prefix.
fn unraw(ident: &Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_owned).unwrap_or(s)
}

/// The field options as written, each with its place.
pub(crate) struct OptionSpans {
    /// `rename = "..."`: the string.
    pub(crate) rename: Option<LitStr>,
    /// `optional`, `default` and `with`: the option's name.
    pub(crate) optional: Option<Span>,
    pub(crate) default: Option<Span>,
    pub(crate) with: Option<Span>,
    pub(crate) validate: Option<Span>,
    pub(crate) sensitive: Option<Span>,
}

struct FieldAttrs {
    kind: Option<(Kind, Span)>,
    rename: Option<LitStr>,
    optional: Option<Span>,
    default: Option<(DefaultValue, Span)>,
    with: Option<(syn::Path, Span)>,
    validate: Option<(syn::Path, Span)>,
    sensitive: Option<Span>,
}

impl Container<'_> {
    /// Parses the input into the model; every syntax error goes to `cx`.
    /// `None` when the input's shape does not fit the derive at all.
    pub(crate) fn from_ast<'a>(
        cx: &Ctxt,
        input: &'a DeriveInput,
        derive: Derive,
    ) -> Option<Container<'a>> {
        let attrs = container_attrs(cx, input);
        let rename_all = attrs.rename_all;
        let mut container = Container {
            input,
            derive,
            krate: attrs.krate,
            fields: Vec::new(),
            variants: None,
            validate: attrs.validate,
            by_label: attrs.by_label,
            docs: Docs::from_attrs(&input.attrs),
        };
        match (&input.data, derive) {
            (Data::Struct(s), Derive::HclBody | Derive::ToHcl) => match &s.fields {
                Fields::Named(named) => {
                    container.fields = named
                        .named
                        .iter()
                        .filter_map(|f| field_from_ast(cx, f, rename_all))
                        .collect();
                }
                Fields::Unnamed(_) | Fields::Unit => {
                    cx.error_spanned_by(
                        &input.ident,
                        format!(
                            "{} can only be derived for a struct with named fields, or an enum",
                            derive.name()
                        ),
                    );
                    return None;
                }
            },
            (Data::Enum(e), _) => {
                container.variants = Some(
                    e.variants
                        .iter()
                        .map(|v| variant_from_ast(cx, v, rename_all))
                        .collect(),
                );
            }
            (Data::Struct(s), Derive::FromValue | Derive::ToValue) => {
                cx.error_spanned_by(
                    s.struct_token,
                    format!(
                        "{} is derived for an enum of unit variants (a value given as a string); \
                         a struct derives `{}`, which implements `{}` too",
                        derive.name(),
                        derive.body_derive().name(),
                        derive.name()
                    ),
                );
                return None;
            }
            (Data::Union(u), _) => {
                cx.error_spanned_by(
                    u.union_token,
                    format!(
                        "{} can only be derived for a struct or an enum, not a union",
                        derive.name()
                    ),
                );
                return None;
            }
        }
        Some(container)
    }

    /// Whether the container is an enum.
    pub(crate) fn is_enum(&self) -> bool {
        self.variants.is_some()
    }
}

fn field_from_ast<'a>(
    cx: &Ctxt,
    f: &'a syn::Field,
    rename_all: Option<RenameRule>,
) -> Option<Field<'a>> {
    let member = f.ident.as_ref()?;
    let attrs = field_attrs(cx, f);
    let (kind, kind_span) = match attrs.kind.clone() {
        Some(k) => k,
        None if is_expression(&f.ty) => (Kind::Expr, member.span()),
        None => (Kind::Attr, member.span()),
    };
    let (name, name_span) = match &attrs.rename {
        Some(lit) => (lit.value(), lit.span()),
        None => {
            let plain = unraw(member);
            let name = match rename_all {
                Some(rule) => rule.apply(&plain),
                None => plain,
            };
            (name, member.span())
        }
    };
    let (default, default_span) = attrs.default.unzip();
    let (with, with_span) = attrs.with.unzip();
    let (validate, validate_span) = attrs.validate.unzip();
    Some(Field {
        member,
        ty: &f.ty,
        kind,
        kind_span,
        name,
        name_span,
        optional: attrs.optional.is_some(),
        default,
        with,
        validate,
        spans: OptionSpans {
            rename: attrs.rename,
            optional: attrs.optional,
            default: default_span,
            with: with_span,
            validate: validate_span,
            sensitive: attrs.sensitive,
        },
        option_inner: option_inner(&f.ty),
        sensitive: attrs.sensitive.is_some(),
        docs: Docs::from_attrs(&f.attrs),
    })
}

fn variant_from_ast<'a>(
    cx: &Ctxt,
    v: &'a syn::Variant,
    rename_all: Option<RenameRule>,
) -> Variant<'a> {
    let mut rename: Option<LitStr> = None;
    for attr in &v.attrs {
        if !attr.path().is_ident("hcl") {
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename") {
                let lit: LitStr = meta.value()?.parse()?;
                if rename.is_some() {
                    return Err(syn::Error::new(
                        meta.path.span(),
                        "duplicate hcl attribute `rename`",
                    ));
                }
                if lit.value().is_empty() {
                    return Err(syn::Error::new(lit.span(), "a name cannot be empty"));
                }
                rename = Some(lit);
                Ok(())
            } else {
                let name = path_name(&meta.path);
                let hint = did_you_mean(&name, &["rename"]);
                Err(meta.error(format!(
                    "unknown hcl variant attribute `{name}`{hint}, expected `rename`",
                )))
            }
        });
        if let Err(e) = result {
            cx.syn_error(e);
        }
    }
    let (name, name_span) = match &rename {
        Some(lit) => (lit.value(), lit.span()),
        None => {
            let snake = crate::case::snake_case(&unraw(&v.ident));
            let name = match rename_all {
                Some(rule) => rule.apply(&snake),
                None => snake,
            };
            (name, v.ident.span())
        }
    };
    let ty = match &v.fields {
        Fields::Unnamed(u) if u.unnamed.len() == 1 => u.unnamed.first().map(|f| &f.ty),
        _ => None,
    };
    Variant {
        variant: v,
        ident: &v.ident,
        name,
        name_span,
        ty,
        docs: Docs::from_attrs(&v.attrs),
    }
}

/// The container options.
struct ContainerAttrs {
    krate: syn::Path,
    rename_all: Option<RenameRule>,
    validate: Option<(syn::Path, Span)>,
    by_label: Option<(String, Span)>,
}

fn container_attrs(cx: &Ctxt, input: &DeriveInput) -> ContainerAttrs {
    let mut krate: Option<syn::Path> = None;
    let mut rename_all = None;
    let mut validate: Option<(syn::Path, Span)> = None;
    let mut by_label: Option<(String, Span)> = None;
    for attr in &input.attrs {
        if !attr.path().is_ident("hcl") {
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename_all") {
                let lit: LitStr = meta.value()?.parse()?;
                if rename_all.is_some() {
                    return Err(syn::Error::new(
                        lit.span(),
                        "duplicate hcl attribute `rename_all`",
                    ));
                }
                match RenameRule::from_name(&lit.value()) {
                    Some(rule) => rename_all = Some(rule),
                    None => {
                        let names: Vec<String> =
                            RULES.iter().map(|(n, _)| format!("{n:?}")).collect();
                        cx.error_spanned_by(
                            &lit,
                            format!(
                                "unknown rename rule `rename_all = {:?}`, expected one of {}",
                                lit.value(),
                                names.join(", ")
                            ),
                        );
                    }
                }
                Ok(())
            } else if meta.path.is_ident("crate") {
                let lit: LitStr = meta.value()?.parse()?;
                if krate.is_some() {
                    return Err(syn::Error::new(
                        lit.span(),
                        "duplicate hcl attribute `crate`",
                    ));
                }
                match lit.parse::<syn::Path>() {
                    Ok(p) => krate = Some(p),
                    Err(_) => cx.error_spanned_by(
                        &lit,
                        format!("`crate = {:?}` is not a path", lit.value()),
                    ),
                }
                Ok(())
            } else if meta.path.is_ident("validate") {
                let span = meta.path.span();
                if validate.is_some() {
                    return Err(syn::Error::new(span, "duplicate hcl attribute `validate`"));
                }
                validate = Some((function_path(meta.value()?.parse()?, "validate")?, span));
                Ok(())
            } else if meta.path.is_ident("by_label") {
                let span = meta.path.span();
                if by_label.is_some() {
                    return Err(syn::Error::new(span, "duplicate hcl attribute `by_label`"));
                }
                let name = if meta.input.peek(Token![=]) {
                    let lit: LitStr = meta.value()?.parse()?;
                    if lit.value().is_empty() {
                        return Err(syn::Error::new(lit.span(), "a name cannot be empty"));
                    }
                    lit.value()
                } else {
                    "type".to_owned()
                };
                by_label = Some((name, span));
                Ok(())
            } else {
                let name = path_name(&meta.path);
                let hint = did_you_mean(&name, CONTAINER_ATTRIBUTE_NAMES);
                Err(meta.error(format!(
                    "unknown hcl container attribute `{name}`{hint}, expected `rename_all`, `crate`, `validate` or `by_label`",
                )))
            }
        });
        if let Err(e) = result {
            cx.syn_error(e);
        }
    }
    ContainerAttrs {
        krate: krate.unwrap_or_else(|| syn::parse_quote!(::hcl_decode)),
        rename_all,
        validate,
        by_label,
    }
}

/// The container options, for suggestions.
const CONTAINER_ATTRIBUTE_NAMES: &[&str] = &["rename_all", "crate", "validate", "by_label"];

/// The path of a function given to `option` (`option = path` or
/// `option = "path"`).
fn function_path(expr: syn::Expr, option: &str) -> syn::Result<syn::Path> {
    match expr {
        syn::Expr::Path(p) if p.qself.is_none() => Ok(p.path),
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => s.parse::<syn::Path>().map_err(|_| {
            syn::Error::new(s.span(), format!("`{option}` takes the path of a function"))
        }),
        other => Err(syn::Error::new_spanned(
            other,
            format!("`{option}` takes the path of a function: `{option} = path::to::function`"),
        )),
    }
}

/// The field options, for suggestions.
const FIELD_ATTRIBUTE_NAMES: &[&str] = &[
    "attr",
    "expr",
    "block",
    "label",
    "remain",
    "body",
    "flatten",
    "blocks",
    "def_range",
    "attr_range",
    "value_range",
    "skip",
    "rename",
    "optional",
    "default",
    "with",
    "validate",
    "sensitive",
];

const FIELD_ATTRIBUTES: &str = "`attr`, `expr`, `block`, `blocks`, `label`, `remain`, `body`, \
`flatten`, `def_range`, `attr_range`, `value_range`, `skip`, `rename`, `optional`, `default`, `with`, \
`validate` or `sensitive`";

fn field_attrs(cx: &Ctxt, field: &syn::Field) -> FieldAttrs {
    let mut out = FieldAttrs {
        kind: None,
        rename: None,
        optional: None,
        default: None,
        with: None,
        validate: None,
        sensitive: None,
    };
    for attr in &field.attrs {
        if !attr.path().is_ident("hcl") {
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            let path = &meta.path;
            let span = path.span();
            let simple = [
                ("attr", Kind::Attr),
                ("expr", Kind::Expr),
                ("block", Kind::Block),
                ("label", Kind::Label),
                ("remain", Kind::Remain),
                ("body", Kind::Body),
                ("flatten", Kind::Flatten),
                ("blocks", Kind::Blocks),
                ("def_range", Kind::DefRange),
                ("skip", Kind::Skip),
            ];
            let mut kind = simple
                .iter()
                .find(|(name, _)| path.is_ident(name))
                .map(|(_, k)| k.clone());
            if path.is_ident("attr_range") {
                kind = Some(Kind::AttrRange(meta.value()?.parse()?));
            } else if path.is_ident("value_range") {
                kind = Some(Kind::ValueRange(meta.value()?.parse()?));
            }
            if let Some(kind) = kind {
                if let Some((previous, _)) = &out.kind {
                    return Err(syn::Error::new(
                        span,
                        format!(
                            "`{}` conflicts with `{}`: a field is of one kind",
                            kind.keyword(),
                            previous.keyword()
                        ),
                    ));
                }
                out.kind = Some((kind, span));
                return Ok(());
            }
            if path.is_ident("rename") {
                let lit: LitStr = meta.value()?.parse()?;
                if out.rename.is_some() {
                    return Err(syn::Error::new(span, "duplicate hcl attribute `rename`"));
                }
                if lit.value().is_empty() {
                    return Err(syn::Error::new(lit.span(), "a name cannot be empty"));
                }
                out.rename = Some(lit);
            } else if path.is_ident("optional") {
                if out.optional.is_some() {
                    return Err(syn::Error::new(span, "duplicate hcl attribute `optional`"));
                }
                out.optional = Some(span);
            } else if path.is_ident("default") {
                if out.default.is_some() {
                    return Err(syn::Error::new(span, "duplicate hcl attribute `default`"));
                }
                let value = if meta.input.peek(Token![=]) {
                    match meta.value()?.parse::<syn::Expr>()? {
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(s),
                            ..
                        }) => DefaultValue::Str(s),
                        e => DefaultValue::Expr(e),
                    }
                } else {
                    DefaultValue::Trait
                };
                out.default = Some((value, span));
            } else if path.is_ident("sensitive") {
                if out.sensitive.is_some() {
                    return Err(syn::Error::new(span, "duplicate hcl attribute `sensitive`"));
                }
                out.sensitive = Some(span);
            } else if path.is_ident("with") {
                if out.with.is_some() {
                    return Err(syn::Error::new(span, "duplicate hcl attribute `with`"));
                }
                let p = function_path(meta.value()?.parse()?, "with")?;
                out.with = Some((p, span));
            } else if path.is_ident("validate") {
                if out.validate.is_some() {
                    return Err(syn::Error::new(span, "duplicate hcl attribute `validate`"));
                }
                out.validate = Some((function_path(meta.value()?.parse()?, "validate")?, span));
            } else {
                let name = path_name(path);
                let hint = did_you_mean(&name, FIELD_ATTRIBUTE_NAMES);
                return Err(meta.error(format!(
                    "unknown hcl field attribute `{name}`{hint}, expected {FIELD_ATTRIBUTES}",
                )));
            }
            Ok(())
        });
        if let Err(e) = result {
            cx.syn_error(e);
        }
    }
    out
}

/// The HCL name of the field named `member`.
pub(crate) fn hcl_name_of<'f>(fields: &'f [Field<'_>], member: &str) -> Option<&'f str> {
    fields
        .iter()
        .find(|f| f.member == member)
        .map(|f| f.name.as_str())
}
