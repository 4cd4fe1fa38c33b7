//! The random functions (the `uuid` feature): the impure `uuid`, which
//! [`Library::impure`](crate::Library::impure) adds.
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`uuid`](fn@uuid) (impure) | `uuid() → string` | a random (version 4) UUID |

use hcl_core::function::Function;
use hcl_core::{Type, Value};

/// The impure functions, by name.
pub(crate) fn impure_functions() -> Vec<(&'static str, Function)> {
    vec![("uuid", uuid())]
}

/// `uuid()` (impure): a random UUID (version 4, RFC 4122 section 4.4), a
/// different one at each call.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::empty().impure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// let id = eval("uuid()");
/// assert_eq!(id.as_str().unwrap().len(), 36);
/// assert_ne!(id, eval("uuid()"));
/// ```
pub fn uuid() -> Function {
    Function::builder()
        .description("Generates a random UUID, as described in RFC 4122 section 4.4.")
        .returns(Type::String)
        .build(|_, _| {
            Ok(Value::string(
                ::uuid::Uuid::new_v4().hyphenated().to_string(),
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_is_version_4() {
        let v = uuid().call(&[]).ok();
        let s = v.as_ref().and_then(Value::as_str).unwrap_or_default();
        assert_eq!(s.len(), 36);
        assert_eq!(s.as_bytes()[14], b'4');
    }
}
