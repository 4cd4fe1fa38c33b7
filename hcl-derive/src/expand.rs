//! Code generation: the `HclBody` and `FromValue` impls of a checked
//! [`Container`], and the compile-time checks that need other types.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::attr::{Container, DefaultValue, Derive, Docs, Field, Kind, Variant, hcl_name_of};

/// The generated impls.
pub(crate) fn expand(c: &Container<'_>) -> TokenStream {
    match (&c.variants, c.derive) {
        (Some(variants), Derive::FromValue | Derive::ToValue) => expand_value_enum(c, variants),
        (Some(variants), _) if c.by_label.is_some() => expand_label_enum(c, variants),
        (Some(variants), _) => expand_block_enum(c, variants),
        (None, _) => expand_struct(c),
    }
}

/// The impls of a struct: `HclBody` and `FromValue`.
fn expand_struct(c: &Container<'_>) -> TokenStream {
    let krate = &c.krate;
    let ident = &c.input.ident;
    let (impl_generics, ty_generics, where_clause) = c.input.generics.split_for_impl();
    let generic = !c.input.generics.params.is_empty();

    let labels: Vec<&str> = c
        .fields
        .iter()
        .filter(|f| matches!(f.kind, Kind::Label))
        .map(|f| f.name.as_str())
        .collect();
    let own_names: Vec<&str> = c
        .fields
        .iter()
        .filter(|f| matches!(f.kind, Kind::Attr | Kind::Expr | Kind::Block))
        .map(|f| f.name.as_str())
        .collect();
    let flattened: Vec<&Field<'_>> = c
        .fields
        .iter()
        .filter(|f| matches!(f.kind, Kind::Flatten))
        .collect();
    let flat_tys: Vec<&syn::Type> = flattened.iter().map(|f| f.ty).collect();
    // A `body` field keeps the whole body for later, so the attributes and
    // blocks it holds are no error here: processing is partial, as with
    // `remain`.
    let has_remain = c
        .fields
        .iter()
        .any(|f| matches!(f.kind, Kind::Remain | Kind::Body));
    let enum_names: Vec<TokenStream> = c
        .fields
        .iter()
        .filter(|f| matches!(f.kind, Kind::Blocks))
        .map(|f| {
            let tb = typed_blocks_trait(f.ty);
            quote!(#tb::__NAMES)
        })
        .collect();

    let checks = const_checks(c, &own_names, &flattened);
    let (inline_checks, item_checks) = if generic {
        (quote!(#(const { #checks })*), quote!())
    } else {
        (quote!(), quote!(#(const _: () = { #checks };)*))
    };

    let vars: Vec<syn::Ident> = (0..c.fields.len())
        .map(|i| format_ident!("__f{}", i))
        .collect();
    let members: Vec<&syn::Ident> = c.fields.iter().map(|f| f.member).collect();
    let describe: Vec<TokenStream> = c.fields.iter().map(describe_field).collect();
    let decode: Vec<TokenStream> = c.fields.iter().map(|f| decode_field(c, f)).collect();
    let object: Vec<TokenStream> = c.fields.iter().map(object_field).collect();
    let schema_fields: Vec<TokenStream> = c.fields.iter().map(schema_field).collect();
    let constraints: Vec<TokenStream> = c.fields.iter().map(constraint_field).collect();
    let own_remain = c
        .fields
        .iter()
        .any(|f| matches!(f.kind, Kind::Remain | Kind::Body));
    let container_meta = meta(&c.docs, false, c.validate.is_some());
    let from_object: Vec<TokenStream> = c.fields.iter().map(|f| from_object_field(c, f)).collect();
    let build = match &c.validate {
        None => quote!(::core::option::Option::Some(Self { #(#members: #vars?,)* })),
        Some((path, _)) => {
            let table: Vec<TokenStream> = c
                .fields
                .iter()
                .filter(|f| f.kind.is_named() || matches!(f.kind, Kind::Flatten))
                .map(|f| {
                    let member = syn::LitStr::new(&f.member.to_string(), Span::call_site());
                    let name = name_lit(f);
                    quote!((#member, #name))
                })
                .collect();
            let validator = quote_spanned!(path.span()=> __p::struct_validator::<Self>(#path));
            quote! {
                let value = (|| ::core::option::Option::Some(Self { #(#members: #vars?,)* }))();
                __p::validate_struct::<Self>(content, cx, value, &[#(#table),*], #validator)
            }
        }
    };

    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, deprecated, clippy::all)]
        const _: () = {
            use #krate::__private as __p;

            #[automatically_derived]
            impl #impl_generics #krate::HclBody for #ident #ty_generics #where_clause {
                const LABELS: &'static [&'static str] = &[#(#labels),*];

                const __PARTIAL: bool = #has_remain #(|| <#flat_tys as #krate::HclBody>::__PARTIAL)*;

                const __NAMES: __p::Names = __p::Names {
                    own: &[#(#own_names),*],
                    nested: &[#(&<#flat_tys as #krate::HclBody>::__NAMES,)* #(#enum_names,)*],
                };

                #[allow(unused_variables)]
                fn describe(schema: &mut __p::BodySchema) {
                    #inline_checks
                    #(#describe)*
                }

                #[allow(unused_variables)]
                fn decode_content(
                    content: &__p::Content<'_>,
                    cx: &mut __p::DecodeContext<'_>,
                ) -> ::core::option::Option<Self> {
                    #(let #vars = #decode;)*
                    #build
                }

                #[allow(unused_mut)]
                fn __schema() -> __p::schema::BlockContent {
                    #[allow(unused_imports)]
                    use __p::schema::{DefaultByValue as _, DefaultUnknown as _};
                    let mut body = __p::schema::body(&#container_meta, !#own_remain);
                    #(#schema_fields)*
                    __p::schema::BlockContent::Body(body)
                }

                #[allow(unused_variables, unused_mut)]
                fn __object_type() -> __p::Type {
                    let mut ty = __p::ObjectType::new();
                    #(#object)*
                    ty.build()
                }

                #[allow(unused_variables)]
                fn __from_object(
                    value: &__p::Value,
                    range: &__p::Range,
                    labels: &[::std::string::String],
                ) -> ::core::result::Result<Self, __p::ValueError> {
                    ::core::result::Result::Ok(Self { #(#members: #from_object?,)* })
                }
            }

            #[automatically_derived]
            impl #impl_generics #krate::FromValue for #ident #ty_generics #where_clause {
                fn hcl_type() -> __p::Type {
                    <Self as #krate::HclBody>::__object_type()
                }

                fn from_value(
                    value: &__p::Value,
                    range: &__p::Range,
                ) -> ::core::result::Result<Self, __p::ValueError> {
                    __p::object_from_value::<Self>(value, range)
                }

                #[allow(unused_mut)]
                fn value_constraint() -> ::core::option::Option<__p::schema::Constraint> {
                    let mut parts = ::std::vec::Vec::new();
                    #(#constraints)*
                    __p::schema::object(parts)
                }
            }

            #item_checks
        };
    }
}

/// The bodies of the constant checks (labels of flattened structs,
/// colliding names, maps of blocks without labels), each spanned at the
/// annotation at fault.
fn const_checks(
    c: &Container<'_>,
    own_names: &[&str],
    flattened: &[&Field<'_>],
) -> Vec<TokenStream> {
    let krate = &c.krate;
    let mut out = Vec::new();
    for (i, f) in flattened.iter().enumerate() {
        let ty = f.ty;
        let span = f.kind_span;
        out.push(quote_spanned! {span=>
            if <#ty as #krate::HclBody>::LABELS.len() != 0 {
                ::core::panic!("a flattened struct cannot have `label` fields: its labels would have no block");
            }
        });
        out.push(quote_spanned! {span=>
            if let ::core::option::Option::Some(name) = #krate::__private::collision(
                &#krate::__private::Names { own: &[#(#own_names),*], nested: &[] },
                &<#ty as #krate::HclBody>::__NAMES,
            ) {
                ::core::panic!("{}", #krate::__private::Message::new(
                    "the flattened struct declares the name ",
                    name,
                    ", which this struct declares already",
                ).as_str());
            }
        });
        for g in &flattened[..i] {
            let other = g.ty;
            out.push(quote_spanned! {span=>
                if let ::core::option::Option::Some(name) = #krate::__private::collision(
                    &<#other as #krate::HclBody>::__NAMES,
                    &<#ty as #krate::HclBody>::__NAMES,
                ) {
                    ::core::panic!("{}", #krate::__private::Message::new(
                        "the flattened struct declares the name ",
                        name,
                        ", which another flattened struct declares already",
                    ).as_str());
                }
            });
        }
    }
    for f in c.fields.iter().filter(|f| matches!(f.kind, Kind::Blocks)) {
        let tb = typed_blocks_trait(f.ty);
        let span = f.kind_span;
        out.push(quote_spanned! {span=>
            if let ::core::option::Option::Some(name) = #krate::__private::collision(
                &#krate::__private::Names { own: &[#(#own_names),*], nested: &[] },
                #tb::__NAMES,
            ) {
                ::core::panic!("{}", #krate::__private::Message::new(
                    "the enum's variants declare the block type ",
                    name,
                    ", which this struct declares already",
                ).as_str());
            }
        });
    }
    for f in c.fields.iter().filter(|f| matches!(f.kind, Kind::Block)) {
        let ty = f.ty;
        let span = f.ty.span();
        out.push(quote_spanned! {span=>
            if <#ty as #krate::FromBlocks>::KEYED
                && <<#ty as #krate::FromBlocks>::Block as #krate::HclBody>::LABELS.len() == 0
            {
                ::core::panic!("a map of blocks is keyed by the blocks' first label, but the block's struct has no `label` field");
            }
        });
    }
    out
}

/// `<Ty as FromTypedBlocks>`, written the same way at every use, so that a
/// type that is no `Vec` of block-type enum is one error.
fn typed_blocks_trait(ty: &syn::Type) -> TokenStream {
    quote_spanned!(ty.span()=> <#ty as __p::FromTypedBlocks>)
}

fn name_lit(f: &Field<'_>) -> syn::LitStr {
    syn::LitStr::new(&f.name, Span::call_site())
}

/// Whether an absent attribute is allowed.
fn attr_optional(f: &Field<'_>) -> bool {
    f.option_inner.is_some() || f.optional || f.default.is_some()
}

/// What an attribute field becomes when absent or null.
fn fallback(f: &Field<'_>) -> TokenStream {
    let ty = f.ty;
    let span = ty.span();
    match &f.default {
        Some(DefaultValue::Trait) => {
            quote_spanned!(span=> ::core::option::Option::Some(__p::default::<#ty> as fn() -> #ty))
        }
        Some(DefaultValue::Str(s)) => {
            // The literal's type is inferred from the closure's return
            // type, so that a field no string makes is one error at the
            // literal.
            let make = quote_spanned!(s.span()=> __p::StrDefault::from_literal(#s));
            quote_spanned! {s.span()=>
                ::core::option::Option::Some((|| -> #ty { #make }) as fn() -> #ty)
            }
        }
        Some(DefaultValue::Expr(e)) => quote_spanned! {e.span()=>
            ::core::option::Option::Some((|| -> #ty { #e }) as fn() -> #ty)
        },
        None if f.option_inner.is_some() => quote_spanned! {span=>
            ::core::option::Option::Some((|| -> #ty { ::core::option::Option::None }) as fn() -> #ty)
        },
        None if f.optional => {
            quote_spanned!(span=> ::core::option::Option::Some(__p::default::<#ty> as fn() -> #ty))
        }
        None => quote!(::core::option::Option::None),
    }
}

/// The custom conversion closure of a `with` field. The function is first
/// given to `__p::with`, whose parameter spells out the signature, so that
/// a function of another signature is one error at the annotation.
fn with_closure(f: &Field<'_>, with: &syn::Path) -> TokenStream {
    let ty = f.ty;
    let span = with.span();
    let target = f.option_inner.unwrap_or(ty);
    let checked = quote_spanned!(span=> __p::with::<#target, _>(#with));
    if f.option_inner.is_some() {
        quote! {
            |v: &__p::Value, r: &__p::Range| -> ::core::result::Result<#ty, __p::ValueError> {
                (#checked)(v, r).map(::core::option::Option::Some).map_err(::core::convert::Into::into)
            }
        }
    } else {
        quote! {
            |v: &__p::Value, r: &__p::Range| -> ::core::result::Result<#ty, __p::ValueError> {
                (#checked)(v, r).map_err(::core::convert::Into::into)
            }
        }
    }
}

/// The `FromValue` functions of a type, named once each.
fn value_fns(ty: &syn::Type) -> TokenStream {
    let span = ty.span();
    quote_spanned! {span=>
        (
            <#ty as __p::FromValue>::hcl_type,
            <#ty as __p::FromValue>::from_value,
        )
    }
}

/// The `FromExpression` functions of a type.
fn expr_fns(ty: &syn::Type) -> TokenStream {
    let span = ty.span();
    quote_spanned! {span=>
        (
            <#ty as __p::FromExpression>::from_expression,
            <#ty as __p::FromExpression>::absent,
        )
    }
}

/// A `__p::schema::Meta` of docs and flags.
fn meta(docs: &Docs, sensitive: bool, validated: bool) -> TokenStream {
    let doc = &docs.doc;
    let deprecated = match &docs.deprecated {
        Some(note) => quote!(::core::option::Option::Some(#note)),
        None => quote!(::core::option::Option::None),
    };
    quote! {
        __p::schema::Meta {
            doc: &[#(#doc),*],
            deprecated: #deprecated,
            sensitive: #sensitive,
            validated: #validated,
        }
    }
}

/// The field's part of the body's schema (`__schema`).
fn schema_field(f: &Field<'_>) -> TokenStream {
    let ty = f.ty;
    let span = ty.span();
    let name = name_lit(f);
    let meta = meta(&f.docs, f.sensitive, f.validate.is_some());
    match &f.kind {
        Kind::Attr => {
            let required = !attr_optional(f);
            let (hcl_type, constraint) = if f.with.is_some() {
                (
                    quote!(__p::Type::Dynamic),
                    quote!(::core::option::Option::None),
                )
            } else {
                (
                    quote_spanned!(span=> <#ty as __p::FromValue>::hcl_type()),
                    quote_spanned!(span=> <#ty as __p::FromValue>::value_constraint()),
                )
            };
            let default = match &f.default {
                Some(DefaultValue::Str(s)) => quote!(__p::schema::str_default(#s)),
                None if f.option_inner.is_some() || !f.optional => {
                    quote!(::core::option::Option::None)
                }
                _ => {
                    let fallback = fallback(f);
                    quote_spanned! {span=>
                        (&&__p::schema::DefaultProbe::<#ty>::new()).default_value(#fallback)
                    }
                }
            };
            quote! {
                __p::schema::attribute(&mut body, #name, #hcl_type, #constraint, #required, #default, &#meta);
            }
        }
        Kind::Expr => {
            let optional = f.optional;
            quote_spanned! {span=>
                __p::schema::attribute(
                    &mut body,
                    #name,
                    __p::Type::Dynamic,
                    ::core::option::Option::None,
                    !(#optional || <#ty as __p::FromExpression>::OPTIONAL),
                    ::core::option::Option::None,
                    &#meta,
                );
            }
        }
        Kind::Block => quote_spanned! {span=>
            <#ty as __p::FromBlocks>::__schema_block(&mut body, #name, &#meta);
        },
        Kind::Flatten => quote_spanned! {span=>
            __p::schema::flatten(&mut body, <#ty as __p::HclBody>::__schema());
        },
        Kind::Blocks => {
            let tb = typed_blocks_trait(ty);
            quote!(#tb::__schema_blocks(&mut body.blocks);)
        }
        _ => quote!(),
    }
}

/// The field's part of the struct's constraint as an object value.
fn constraint_field(f: &Field<'_>) -> TokenStream {
    let ty = f.ty;
    let span = ty.span();
    let name = name_lit(f);
    match &f.kind {
        Kind::Attr if f.with.is_none() => quote_spanned! {span=>
            __p::schema::object_attribute(&mut parts, #name, <#ty as __p::FromValue>::value_constraint());
        },
        Kind::Flatten => quote_spanned! {span=>
            __p::schema::object_flatten(&mut parts, <#ty as __p::FromValue>::value_constraint());
        },
        _ => quote!(),
    }
}

/// The metas of the variants that hold a payload, in `payloads` order.
fn payload_metas(variants: &[Variant<'_>]) -> Vec<TokenStream> {
    variants
        .iter()
        .filter(|v| v.ty.is_some())
        .map(|v| meta(&v.docs, false, false))
        .collect()
}

fn describe_field(f: &Field<'_>) -> TokenStream {
    let ty = f.ty;
    let span = ty.span();
    let name = name_lit(f);
    match &f.kind {
        Kind::Attr => {
            let required = !attr_optional(f);
            quote!(__p::attribute(schema, #name, #required);)
        }
        Kind::Expr => {
            let optional = f.optional;
            quote_spanned! {span=>
                __p::attribute(schema, #name, !(#optional || <#ty as __p::FromExpression>::OPTIONAL));
            }
        }
        Kind::Block => quote_spanned! {span=>
            __p::block(schema, #name, <<#ty as __p::FromBlocks>::Block as __p::HclBody>::LABELS);
        },
        Kind::Flatten => quote_spanned!(span=> <#ty as __p::HclBody>::describe(schema);),
        Kind::Blocks => {
            let tb = typed_blocks_trait(ty);
            quote!(__p::typed_blocks_schema(schema, #tb::describe);)
        }
        _ => quote!(),
    }
}

fn decode_field(c: &Container<'_>, f: &Field<'_>) -> TokenStream {
    let decoded = decode_field_value(c, f);
    match &f.validate {
        Some(path) => {
            let ty = f.ty;
            let name = name_lit(f);
            let validator = quote_spanned!(path.span()=> __p::field_validator::<#ty>(#path));
            quote! {{
                let decoded = #decoded;
                __p::validate_attr::<#ty>(content, #name, cx, decoded, #validator)
            }}
        }
        None => decoded,
    }
}

fn decode_field_value(c: &Container<'_>, f: &Field<'_>) -> TokenStream {
    let ty = f.ty;
    let span = ty.span();
    let name = name_lit(f);
    match &f.kind {
        Kind::Attr => {
            let fallback = fallback(f);
            match &f.with {
                Some(with) => {
                    let closure = with_closure(f, with);
                    quote!(__p::attr_with(content, #name, cx, #fallback, #closure))
                }
                None => {
                    let fns = value_fns(ty);
                    quote!(__p::attr(content, #name, cx, #fallback, #fns))
                }
            }
        }
        Kind::Expr => {
            let optional = f.optional;
            let fns = expr_fns(ty);
            quote_spanned! {span=>
                __p::expr(content, #name, #optional || <#ty as __p::FromExpression>::OPTIONAL, #fns)
            }
        }
        Kind::Block => quote_spanned! {span=>
            __p::blocks(content, #name, cx, <#ty as __p::FromBlocks>::from_blocks)
        },
        Kind::Label => {
            let index = label_index(c, f);
            quote_spanned!(span=> __p::label(content, #index, <#ty as __p::FromLabel>::from_label))
        }
        Kind::Remain => {
            quote_spanned!(span=> __p::remain(content, <#ty as __p::FromBody>::from_body))
        }
        Kind::Body => quote_spanned!(span=> __p::body(content, <#ty as __p::FromBody>::from_body)),
        Kind::Flatten => quote_spanned!(span=> <#ty as __p::HclBody>::decode_content(content, cx)),
        Kind::Blocks => {
            let tb = typed_blocks_trait(ty);
            quote!(__p::typed_blocks(content, cx, #tb::from_blocks))
        }
        Kind::DefRange => {
            quote_spanned!(span=> __p::def_range(content, <#ty as __p::FromRange>::from_range))
        }
        Kind::AttrRange(target) => {
            let target = hcl_name_of(&c.fields, &target.value()).unwrap_or_default();
            quote_spanned! {span=>
                __p::attr_range(content, #target, <#ty as __p::FromRange>::from_range)
            }
        }
        Kind::ValueRange(target) => {
            let target = hcl_name_of(&c.fields, &target.value()).unwrap_or_default();
            quote_spanned! {span=>
                __p::value_range(content, #target, <#ty as __p::FromRange>::from_range)
            }
        }
        Kind::Skip => quote_spanned! {span=>
            ::core::option::Option::Some(<#ty as ::core::default::Default>::default())
        },
    }
}

fn label_index(c: &Container<'_>, f: &Field<'_>) -> usize {
    c.fields
        .iter()
        .filter(|g| matches!(g.kind, Kind::Label))
        .position(|g| g.member == f.member)
        .unwrap_or_default()
}

fn object_field(f: &Field<'_>) -> TokenStream {
    let ty = f.ty;
    let span = ty.span();
    let name = name_lit(f);
    match &f.kind {
        Kind::Attr => {
            let optional = attr_optional(f);
            if f.with.is_some() {
                quote!(ty.attribute(#name, __p::Type::Dynamic, #optional);)
            } else {
                quote_spanned! {span=>
                    ty.attribute(#name, <#ty as __p::FromValue>::hcl_type(), #optional);
                }
            }
        }
        Kind::Expr => quote!(ty.attribute(#name, __p::Type::Dynamic, true);),
        Kind::Block => quote_spanned! {span=>
            ty.attribute(
                #name,
                <#ty as __p::FromBlocks>::value_type(),
                !<#ty as __p::FromBlocks>::REQUIRED,
            );
        },
        Kind::Flatten => quote_spanned! {span=>
            ty.flatten(<#ty as __p::HclBody>::__object_type());
        },
        _ => quote!(),
    }
}

fn from_object_field(c: &Container<'_>, f: &Field<'_>) -> TokenStream {
    let decoded = from_object_field_value(c, f);
    match &f.validate {
        Some(path) => {
            let ty = f.ty;
            let name = name_lit(f);
            let validator = quote_spanned!(path.span()=> __p::field_validator::<#ty>(#path));
            quote!(__p::validate_value::<#ty>(#decoded, #name, #validator))
        }
        None => decoded,
    }
}

fn from_object_field_value(c: &Container<'_>, f: &Field<'_>) -> TokenStream {
    let ty = f.ty;
    let span = ty.span();
    let name = name_lit(f);
    match &f.kind {
        Kind::Attr => {
            let fallback = fallback(f);
            match &f.with {
                Some(with) => {
                    let closure = with_closure(f, with);
                    quote!(__p::value_attr_with(value, #name, range, #fallback, #closure))
                }
                None => {
                    let fns = value_fns(ty);
                    quote!(__p::value_attr(value, #name, range, #fallback, #fns))
                }
            }
        }
        Kind::Expr => {
            let optional = f.optional;
            let fns = expr_fns(ty);
            quote_spanned! {span=>
                __p::value_expr(value, #name, range, #optional || <#ty as __p::FromExpression>::OPTIONAL, #fns)
            }
        }
        Kind::Block => quote_spanned! {span=>
            __p::value_blocks(
                value,
                #name,
                range,
                <#ty as __p::FromBlocks>::REQUIRED,
                <#ty as __p::FromBlocks>::from_value,
            )
        },
        Kind::Label => {
            let index = label_index(c, f);
            quote_spanned! {span=>
                __p::value_label(labels, #index, #name, <#ty as __p::FromLabel>::from_label)
            }
        }
        Kind::Remain | Kind::Body | Kind::Blocks => {
            let member = syn::LitStr::new(&f.member.to_string(), Span::call_site());
            quote_spanned!(span=> __p::value_unsupported::<#ty>(#member))
        }
        Kind::Flatten => {
            quote_spanned!(span=> <#ty as __p::HclBody>::__from_object(value, range, labels))
        }
        Kind::DefRange | Kind::AttrRange(_) | Kind::ValueRange(_) => {
            quote_spanned!(span=> __p::value_range_field(range, <#ty as __p::FromRange>::from_range))
        }
        Kind::Skip => quote_spanned! {span=>
            ::core::result::Result::<#ty, __p::ValueError>::Ok(<#ty as ::core::default::Default>::default())
        },
    }
}

/// The variants' payload types and HCL names (every variant has a payload
/// once `check` passed).
fn payloads<'v>(variants: &'v [Variant<'_>]) -> (Vec<&'v syn::Type>, Vec<syn::LitStr>) {
    variants
        .iter()
        .filter_map(|v| {
            v.ty.map(|ty| (ty, syn::LitStr::new(&v.name, Span::call_site())))
        })
        .unzip()
}

/// An enum of block types: `HclBlocks`. Each variant's block type has its
/// struct's labels; a block is decoded by the variant its type names,
/// with the variant's schema made once per program.
fn expand_block_enum(c: &Container<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let krate = &c.krate;
    let ident = &c.input.ident;
    let (tys, names) = payloads(variants);
    let metas = payload_metas(variants);
    let idents: Vec<&syn::Ident> = variants.iter().map(|v| v.ident).collect();
    let labels: Vec<TokenStream> = tys
        .iter()
        .map(|ty| quote_spanned!(ty.span()=> <#ty as __p::HclBody>::LABELS))
        .collect();
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, deprecated, clippy::all)]
        const _: () = {
            use #krate::__private as __p;

            #[automatically_derived]
            impl #krate::HclBlocks for #ident {
                const TYPES: &'static [&'static str] = &[#(#names),*];

                const __NAMES: __p::Names = __p::Names {
                    own: &[#(#names),*],
                    nested: &[],
                };

                fn describe(schema: &mut __p::BodySchema) {
                    #(__p::block(schema, #names, #labels);)*
                }

                fn __schema_blocks(out: &mut ::std::vec::Vec<__p::schema::BlockType>) {
                    #(__p::schema::variant_block::<#tys>(out, #names, &#metas);)*
                }

                fn decode_block(
                    block: &__p::Block,
                    cx: &mut __p::DecodeContext<'_>,
                ) -> ::core::option::Option<Self> {
                    match block.type_name.as_str() {
                        #(#names => {
                            static SCHEMA: __p::SchemaCache = __p::SchemaCache::new();
                            __p::variant_block::<#tys>(block, 0, &SCHEMA, cx).map(Self::#idents)
                        })*
                        _ => ::core::option::Option::None,
                    }
                }
            }
        };
    }
}

/// An enum chosen by a block's first label: `HclBody`, its labels the
/// first label and then the first variant's (every variant must have as
/// many, a compile-time check).
fn expand_label_enum(c: &Container<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let krate = &c.krate;
    let ident = &c.input.ident;
    let enum_name = syn::LitStr::new(&ident.to_string(), Span::call_site());
    let (label_name, label_span) = c
        .by_label
        .clone()
        .unwrap_or_else(|| ("type".to_owned(), Span::call_site()));
    let label_lit = syn::LitStr::new(&label_name, Span::call_site());
    let (tys, names) = payloads(variants);
    let metas = payload_metas(variants);
    let idents: Vec<&syn::Ident> = variants.iter().map(|v| v.ident).collect();
    let Some(first) = tys.first() else {
        return quote!();
    };
    let same_labels: Vec<TokenStream> = tys
        .iter()
        .skip(1)
        .map(|ty| {
            quote_spanned! {ty.span()=>
                const _: () = if <#ty as #krate::HclBody>::LABELS.len()
                    != <#first as #krate::HclBody>::LABELS.len()
                {
                    ::core::panic!("every variant of a `by_label` enum has as many `label` fields as the first variant: the blocks share one header");
                };
            }
        })
        .collect();
    let label_count = quote_spanned!(label_span=> 1 + <#first as #krate::HclBody>::LABELS.len());
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, deprecated, clippy::all)]
        const _: () = {
            use #krate::__private as __p;

            const __LABEL_COUNT: usize = #label_count;
            const __LABELS: [&'static str; __LABEL_COUNT] = {
                let mut all = [""; __LABEL_COUNT];
                all[0] = #label_lit;
                let rest = <#first as #krate::HclBody>::LABELS;
                let mut i = 0;
                while i < rest.len() {
                    all[i + 1] = rest[i];
                    i += 1;
                }
                all
            };
            const __VARIANTS: &[&str] = &[#(#names),*];

            #[automatically_derived]
            impl #krate::HclBody for #ident {
                const LABELS: &'static [&'static str] = &__LABELS;

                const __PARTIAL: bool = false;

                const __NAMES: __p::Names = __p::Names { own: &[], nested: &[] };

                fn describe(schema: &mut __p::BodySchema) {}

                fn decode_content(
                    content: &__p::Content<'_>,
                    cx: &mut __p::DecodeContext<'_>,
                ) -> ::core::option::Option<Self> {
                    match content.block() {
                        ::core::option::Option::Some(block) => {
                            <Self as #krate::HclBody>::__decode_block_at(
                                block,
                                content.label_offset(),
                                &__p::BodySchema::new(),
                                cx,
                            )
                        }
                        ::core::option::Option::None => ::core::option::Option::None,
                    }
                }

                fn decode_body(
                    body: &#krate::BodyHandle,
                    cx: &mut __p::DecodeContext<'_>,
                ) -> ::core::option::Option<Self> {
                    __p::label_enum_without_block(body, #enum_name, cx);
                    ::core::option::Option::None
                }

                fn __decode_block_at(
                    block: &__p::Block,
                    label_offset: usize,
                    _schema: &__p::BodySchema,
                    cx: &mut __p::DecodeContext<'_>,
                ) -> ::core::option::Option<Self> {
                    match block.labels.get(label_offset).map(::std::string::String::as_str) {
                        #(::core::option::Option::Some(#names) => {
                            static SCHEMA: __p::SchemaCache = __p::SchemaCache::new();
                            __p::variant_block::<#tys>(block, label_offset + 1, &SCHEMA, cx).map(Self::#idents)
                        })*
                        ::core::option::Option::Some(_) => {
                            cx.push(__p::unknown_label(block, label_offset, #label_lit, __VARIANTS));
                            ::core::option::Option::None
                        }
                        // The body reported the missing label.
                        ::core::option::Option::None => ::core::option::Option::None,
                    }
                }

                fn __schema() -> __p::schema::BlockContent {
                    let mut variants = ::std::vec::Vec::new();
                    #(__p::schema::label_variant::<#tys>(&mut variants, #names, &#metas);)*
                    __p::schema::by_label(#label_lit, variants)
                }

                fn __object_type() -> __p::Type {
                    __p::Type::Dynamic
                }

                fn __from_object(
                    value: &__p::Value,
                    range: &__p::Range,
                    labels: &[::std::string::String],
                ) -> ::core::result::Result<Self, __p::ValueError> {
                    match __p::first_label(labels, #label_lit)? {
                        #(#names => __p::variant_from_object::<#tys>(value, range, &labels[1..]).map(Self::#idents),)*
                        other => ::core::result::Result::Err(__p::unknown_label_value(other, #label_lit, __VARIANTS)),
                    }
                }
            }

            #(#same_labels)*
        };
    }
}

/// A value enum: `FromValue` from a string, one variant per accepted
/// value.
fn expand_value_enum(c: &Container<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let krate = &c.krate;
    let ident = &c.input.ident;
    let (impl_generics, ty_generics, where_clause) = c.input.generics.split_for_impl();
    let names: Vec<syn::LitStr> = variants
        .iter()
        .map(|v| syn::LitStr::new(&v.name, Span::call_site()))
        .collect();
    let metas: Vec<TokenStream> = variants.iter().map(|v| meta(&v.docs, false, false)).collect();
    let arms: Vec<TokenStream> = variants
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let variant = v.ident;
            if i + 1 == variants.len() {
                quote!(_ => ::core::result::Result::Ok(Self::#variant),)
            } else {
                quote!(#i => ::core::result::Result::Ok(Self::#variant),)
            }
        })
        .collect();
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, deprecated, clippy::all)]
        const _: () = {
            use #krate::__private as __p;

            #[automatically_derived]
            impl #impl_generics #krate::FromValue for #ident #ty_generics #where_clause {
                fn hcl_type() -> __p::Type {
                    __p::Type::String
                }

                fn from_value(
                    value: &__p::Value,
                    _range: &__p::Range,
                ) -> ::core::result::Result<Self, __p::ValueError> {
                    match __p::value_enum_index(value, &[#(#names),*])? {
                        #(#arms)*
                    }
                }

                fn value_constraint() -> ::core::option::Option<__p::schema::Constraint> {
                    __p::schema::one_of(&[#((#names, #metas)),*])
                }
            }
        };
    }
}
