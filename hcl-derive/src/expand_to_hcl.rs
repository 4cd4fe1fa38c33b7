//! Code generation for encoding: the `ToHcl` and `ToValue` impls of a
//! checked [`Container`], the inverse of `expand`'s. Each field's trait is
//! named once, spanned at the field's type (or at the `with` path), so a
//! type that cannot be encoded is one error at the field.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use quote::quote_spanned;
use syn::spanned::Spanned;

use crate::attr::{Container, Derive, Field, Kind, Variant};

/// The generated impls.
pub(crate) fn expand(c: &Container<'_>) -> TokenStream {
    match (&c.variants, c.derive) {
        (Some(variants), Derive::ToValue) => expand_value_enum(c, variants),
        (Some(variants), _) if c.by_label.is_some() => expand_label_enum(c, variants),
        (Some(variants), _) => expand_block_enum(c, variants),
        (None, _) => expand_struct(c),
    }
}

fn name_lit(name: &str) -> syn::LitStr {
    syn::LitStr::new(name, Span::call_site())
}

/// Wraps the impls in the anonymous constant every derive uses.
fn wrap(c: &Container<'_>, impls: TokenStream) -> TokenStream {
    let krate = &c.krate;
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            use #krate::__private::encode as __e;
            #impls
        };
    }
}

/// A struct: `ToHcl` (labels, body, object) and `ToValue` (the object).
fn expand_struct(c: &Container<'_>) -> TokenStream {
    let krate = &c.krate;
    let ident = &c.input.ident;
    let (impl_generics, ty_generics, where_clause) = c.input.generics.split_for_impl();
    let labels: Vec<TokenStream> = c
        .fields
        .iter()
        .filter(|f| matches!(f.kind, Kind::Label))
        .map(|f| {
            let (ty, member) = (f.ty, f.member);
            quote_spanned!(ty.span()=> __e::label::<#ty>(&this.#member))
        })
        .collect();
    let encode: Vec<TokenStream> = c.fields.iter().map(encode_field).collect();
    wrap(
        c,
        quote! {
            /// Every field, into a body or an object: each field's type is
            /// named once.
            #[allow(unused_variables)]
            fn __encode #impl_generics (
                this: &#ident #ty_generics,
                sink: &mut __e::Sink<'_, '_>,
            ) -> ::core::result::Result<(), __e::EncodeError> #where_clause {
                #(#encode)*
                ::core::result::Result::Ok(())
            }

            #[automatically_derived]
            impl #impl_generics #krate::ToHcl for #ident #ty_generics #where_clause {
                #[allow(unused_variables)]
                fn labels(&self) -> ::std::vec::Vec<::std::string::String> {
                    let this = self;
                    ::std::vec![#(#labels),*]
                }

                fn encode_body(
                    &self,
                    body: &mut __e::BodyEncoder<'_>,
                ) -> ::core::result::Result<(), __e::EncodeError> {
                    __encode(self, &mut __e::Sink::Body(body))
                }

                fn __encode_object(
                    &self,
                    object: &mut ::std::collections::BTreeMap<::std::string::String, __e::Value>,
                ) -> ::core::result::Result<(), __e::EncodeError> {
                    __encode(self, &mut __e::Sink::Object(object))
                }
            }

            #[automatically_derived]
            impl #impl_generics #krate::ToValue for #ident #ty_generics #where_clause {
                fn to_value(&self) -> ::core::result::Result<__e::Value, __e::EncodeError> {
                    __e::object_value(self)
                }
            }
        },
    )
}

/// The value given to a `with` function: `Option<&T>`.
fn with_argument(f: &Field<'_>) -> TokenStream {
    let member = f.member;
    if f.option_inner.is_some() {
        quote!(::core::option::Option::as_ref(&this.#member))
    } else {
        quote!(::core::option::Option::Some(&this.#member))
    }
}

fn encode_field(f: &Field<'_>) -> TokenStream {
    let (ty, member) = (f.ty, f.member);
    let span = ty.span();
    let name = name_lit(&f.name);
    match &f.kind {
        Kind::Attr => match &f.with {
            Some(with) => {
                let target = f.option_inner.unwrap_or(ty);
                let arg = with_argument(f);
                let call = quote_spanned!(with.span()=> __e::encode_attr_with::<#target, _>);
                quote!(#call(sink, #name, #arg, #with)?;)
            }
            None => quote_spanned!(span=> __e::encode_attr::<#ty>(sink, #name, &this.#member)?;),
        },
        Kind::Block => {
            quote_spanned!(span=> __e::encode_blocks::<#ty>(sink, #name, &this.#member)?;)
        }
        Kind::Flatten => {
            quote_spanned!(span=> __e::encode_flattened::<#ty>(sink, &this.#member)?;)
        }
        Kind::Blocks => {
            quote_spanned!(span=> __e::encode_typed_blocks::<#ty>(sink, &this.#member)?;)
        }
        // Labels are the block's header; expressions, bodies and ranges
        // hold what a file gave; skipped fields are not in the file.
        Kind::Label
        | Kind::Expr
        | Kind::Remain
        | Kind::Body
        | Kind::DefRange
        | Kind::AttrRange(_)
        | Kind::ValueRange(_)
        | Kind::Skip => quote!(),
    }
}

/// The variants with their payload types and HCL names (every variant has
/// a payload once `check` passed).
fn payloads<'v>(variants: &'v [Variant<'_>]) -> Vec<(&'v syn::Ident, &'v syn::Type, syn::LitStr)> {
    variants
        .iter()
        .filter_map(|v| v.ty.map(|ty| (v.ident, ty, name_lit(&v.name))))
        .collect()
}

/// An enum of block types: `ToHclBlocks`, each value the block of its
/// variant's type.
fn expand_block_enum(c: &Container<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let ident = &c.input.ident;
    let arms: Vec<TokenStream> = payloads(variants)
        .into_iter()
        .map(|(variant, ty, name)| {
            let call = quote_spanned!(ty.span()=> __e::variant_block::<#ty>);
            quote!(Self::#variant(v) => #call(body, #name, v),)
        })
        .collect();
    wrap(
        c,
        quote! {
            #[automatically_derived]
            impl __e::ToHclBlocks for #ident {
                fn to_block(
                    &self,
                    body: &mut __e::BodyEncoder<'_>,
                ) -> ::core::result::Result<(), __e::EncodeError> {
                    match self {
                        #(#arms)*
                    }
                }
            }
        },
    )
}

/// An enum chosen by a block's first label: `ToHcl`, its labels the
/// variant's name and then its struct's.
fn expand_label_enum(c: &Container<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let krate = &c.krate;
    let ident = &c.input.ident;
    let payloads = payloads(variants);
    let labels = payloads.iter().map(|(variant, ty, name)| {
        let call = quote_spanned!(ty.span()=> __e::variant_labels::<#ty>);
        quote!(Self::#variant(v) => #call(#name, v),)
    });
    let bodies = payloads.iter().map(|(variant, ty, _)| {
        let call = quote_spanned!(ty.span()=> <#ty as __e::ToHcl>::encode_body);
        quote!(Self::#variant(v) => #call(v, body),)
    });
    let objects = payloads.iter().map(|(variant, ty, _)| {
        let call = quote_spanned!(ty.span()=> <#ty as __e::ToHcl>::__encode_object);
        quote!(Self::#variant(v) => #call(v, object),)
    });
    wrap(
        c,
        quote! {
            #[automatically_derived]
            impl #krate::ToHcl for #ident {
                fn labels(&self) -> ::std::vec::Vec<::std::string::String> {
                    match self {
                        #(#labels)*
                    }
                }

                fn encode_body(
                    &self,
                    body: &mut __e::BodyEncoder<'_>,
                ) -> ::core::result::Result<(), __e::EncodeError> {
                    match self {
                        #(#bodies)*
                    }
                }

                fn __encode_object(
                    &self,
                    object: &mut ::std::collections::BTreeMap<::std::string::String, __e::Value>,
                ) -> ::core::result::Result<(), __e::EncodeError> {
                    match self {
                        #(#objects)*
                    }
                }
            }
        },
    )
}

/// A value enum: `ToValue`, the variant's name as a string.
fn expand_value_enum(c: &Container<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let krate = &c.krate;
    let ident = &c.input.ident;
    let (impl_generics, ty_generics, where_clause) = c.input.generics.split_for_impl();
    let arms = variants.iter().map(|v| {
        let variant = v.ident;
        let name = name_lit(&v.name);
        quote!(Self::#variant => #name,)
    });
    wrap(
        c,
        quote! {
            #[automatically_derived]
            impl #impl_generics #krate::ToValue for #ident #ty_generics #where_clause {
                fn to_value(&self) -> ::core::result::Result<__e::Value, __e::EncodeError> {
                    __e::variant_value(match self {
                        #(#arms)*
                    })
                }
            }
        },
    )
}
