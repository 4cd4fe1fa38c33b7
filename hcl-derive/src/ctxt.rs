//! Collects every error found in a derive input, so that all are reported
//! at once (as serde_derive's `Ctxt`).

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// The errors found so far. [`Ctxt::check`] hands them over and must be
/// called: dropping a `Ctxt` that was never checked panics (unless the
/// thread is panicking already), so that no error can be lost silently.
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
    checked: bool,
}

impl Ctxt {
    /// An error about the tokens of `at`.
    pub(crate) fn error_spanned_by<A: ToTokens, M: Display>(&self, at: A, message: M) {
        self.errors
            .borrow_mut()
            .push(syn::Error::new_spanned(at.into_token_stream(), message));
    }

    /// An error made elsewhere (by syn's parser).
    pub(crate) fn syn_error(&self, error: syn::Error) {
        self.errors.borrow_mut().push(error);
    }

    /// All errors combined into one, if any. Consumes the context.
    pub(crate) fn check(mut self) -> Result<(), syn::Error> {
        self.checked = true;
        let mut errors = std::mem::take(self.errors.get_mut()).into_iter();
        let Some(mut first) = errors.next() else {
            return Ok(());
        };
        for e in errors {
            first.combine(e);
        }
        Err(first)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !self.checked && !std::thread::panicking() {
            panic!(
                "hcl-derive bug: a Ctxt was dropped without Ctxt::check ({} error(s) never reported)",
                self.errors.get_mut().len()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use proc_macro2::Span;

    use super::*;

    #[test]
    fn check_combines_the_errors_in_order() {
        let cx = Ctxt::default();
        assert!(Ctxt::default().check().is_ok());
        cx.syn_error(syn::Error::new(Span::call_site(), "first"));
        cx.error_spanned_by(quote::quote!(x), "second");
        let messages: Vec<String> = cx
            .check()
            .expect_err("two errors")
            .into_iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(messages, ["first", "second"]);
    }

    #[test]
    #[should_panic(expected = "dropped without Ctxt::check (1 error(s) never reported)")]
    fn dropping_an_unchecked_context_panics() {
        let cx = Ctxt::default();
        cx.syn_error(syn::Error::new(Span::call_site(), "lost"));
    }

    #[test]
    #[should_panic(expected = "dropped without Ctxt::check (0 error(s) never reported)")]
    fn dropping_an_unchecked_context_panics_even_without_errors() {
        let _cx = Ctxt::default();
    }

    #[test]
    fn no_second_panic_while_unwinding() {
        let result = std::panic::catch_unwind(|| {
            let _cx = Ctxt::default();
            panic!("first panic");
        });
        let payload = result.expect_err("panicked");
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"first panic"));
    }
}
