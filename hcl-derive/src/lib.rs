//! `#[derive(HclBody)]` and `#[derive(FromValue)]`: compile-time body
//! schemas and decoders for `hcl-decode`; `#[derive(ToHcl)]` and
//! `#[derive(ToValue)]`, their inverses (encoding, `expand_to_hcl`).
//!
//! This crate is the thin proc-macro half of `hcl-decode`, which re-exports
//! the derive next to the trait of the same name (as serde does with
//! `Deserialize`); depend on `hcl-decode` and see its documentation for the
//! vocabulary. As serde_derive does (attr → check → expand), the macro
//! parses the `#[hcl(...)]` annotations into a model of the struct
//! (`attr`, with `case` for `rename_all`), checks everything the syntax
//! alone can tell about how the options and fields fit together (`check`),
//! collecting every error of both steps (`ctxt`), and generates the
//! implementations (`expand`: `HclBody` and `FromValue` for a struct,
//! `HclBlocks` for an enum of block types, `HclBody` for an enum chosen by
//! label, `FromValue` for a value enum; `expand_to_hcl`: `ToHcl` and
//! `ToValue` for a struct, `ToHclBlocks` for an enum of block types,
//! `ToHcl` for an enum chosen by label, `ToValue` for a value enum), which
//! call only `hcl_decode::__private`. The encoding derives share the model
//! and the checks, so the vocabulary and its compile errors are the same;
//! options only decoding uses (`default`, `optional`, `validate`, the
//! range and `expr`/`remain`/`body` fields) are accepted and generate
//! nothing. Checks that need other types (a block type that
//! does not derive `HclBody`, flattened names that collide) are compile
//! errors from the generated code, spanned at the annotation or type at
//! fault.
//!
//! The crate depends on `syn`, `quote` and `proc-macro2` only (its
//! "did you mean" is `suggest`), so that `hcl-core` is compiled once, for
//! the target, and not a second time for the host.

mod attr;
mod case;
mod check;
mod ctxt;
mod expand;
mod expand_to_hcl;
mod suggest;

use proc_macro::TokenStream;

/// Derives `hcl_decode::HclBody` and `hcl_decode::FromValue` for a struct
/// with named fields; `hcl_decode::HclBlocks` for an enum of block types;
/// `hcl_decode::HclBody` for an enum chosen by a block's first label
/// (`#[hcl(by_label)]`). See `hcl_decode`'s documentation.
#[proc_macro_derive(HclBody, attributes(hcl))]
pub fn derive_hcl_body(input: TokenStream) -> TokenStream {
    derive(input, attr::Derive::HclBody)
}

/// Derives `hcl_decode::FromValue` for an enum of unit variants, decoded
/// from a string. See `hcl_decode`'s documentation.
#[proc_macro_derive(FromValue, attributes(hcl))]
pub fn derive_from_value(input: TokenStream) -> TokenStream {
    derive(input, attr::Derive::FromValue)
}

/// Derives `hcl_decode::ToHcl` and `hcl_decode::ToValue` for a struct with
/// named fields; `hcl_decode::encode::ToHclBlocks` for an enum of block
/// types; `hcl_decode::ToHcl` for an enum chosen by a block's first label:
/// the inverse of `HclBody`, with the same vocabulary. See `hcl_decode`'s
/// documentation.
#[proc_macro_derive(ToHcl, attributes(hcl))]
pub fn derive_to_hcl(input: TokenStream) -> TokenStream {
    derive(input, attr::Derive::ToHcl)
}

/// Derives `hcl_decode::ToValue` for an enum of unit variants, encoded as
/// a string: the inverse of `FromValue`. See `hcl_decode`'s documentation.
#[proc_macro_derive(ToValue, attributes(hcl))]
pub fn derive_to_value(input: TokenStream) -> TokenStream {
    derive(input, attr::Derive::ToValue)
}

fn derive(input: TokenStream, which: attr::Derive) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    let cx = ctxt::Ctxt::default();
    let container = attr::Container::from_ast(&cx, &input, which);
    if let Some(container) = &container {
        check::check(&cx, container);
    }
    match (cx.check(), container) {
        (Ok(()), Some(container)) => match which {
            attr::Derive::HclBody | attr::Derive::FromValue => expand::expand(&container).into(),
            attr::Derive::ToHcl | attr::Derive::ToValue => expand_to_hcl::expand(&container).into(),
        },
        (Err(e), _) => e.to_compile_error().into(),
        (Ok(()), None) => TokenStream::new(),
    }
}
