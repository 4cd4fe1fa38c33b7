//! `#[derive(HclBody)]`: compile-time body schemas and decoders for
//! `hcl-decode`.
//!
//! This crate is the thin proc-macro half of `hcl-decode`, which re-exports
//! the derive next to the trait of the same name (as serde does with
//! `Deserialize`); depend on `hcl-decode` and see its documentation for the
//! vocabulary. As serde_derive does (attr → check → expand), the macro
//! parses the `#[hcl(...)]` annotations into a model of the struct
//! (`attr`, with `case` for `rename_all`), checks everything the syntax
//! alone can tell about how the options and fields fit together (`check`),
//! collecting every error of both steps (`ctxt`), and generates the
//! `HclBody` and `FromValue` implementations (`expand`), which call only
//! `hcl_decode::__private`. Checks that need other types (a block type that
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
mod suggest;

use proc_macro::TokenStream;

/// Derives `hcl_decode::HclBody` and `hcl_decode::FromValue` for a struct
/// with named fields. See `hcl_decode`'s documentation.
#[proc_macro_derive(HclBody, attributes(hcl))]
pub fn derive_hcl_body(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    let cx = ctxt::Ctxt::default();
    let container = attr::Container::from_ast(&cx, &input);
    if let Some(container) = &container {
        check::check(&cx, container);
    }
    match (cx.check(), container) {
        (Ok(()), Some(container)) => expand::expand(&container).into(),
        (Err(e), _) => e.to_compile_error().into(),
        (Ok(()), None) => TokenStream::new(),
    }
}
