//! A value as the HCL expression that denotes it: the core's printer
//! ([`hcl_core::format::value`]), with its errors as [`EncodeError`]s and
//! a nesting limit, so that whatever is written reads back.

use hcl_core::format::value::{UnwritableReason, write_expression};
use hcl_core::{PathStep, Value};

use super::EncodeError;

/// How deep values and blocks may nest in the text written: the native
/// parser's own limit.
pub(crate) const MAX_DEPTH: usize = 256;

/// Appends the expression of `value`, nested `depth` levels deep in the
/// file, to `out`.
pub(crate) fn write(out: &mut String, value: &Value, depth: usize) -> Result<(), EncodeError> {
    check_depth(value, depth)?;
    write_expression(out, value).map_err(|e| {
        let message = match e.reason() {
            UnwritableReason::Unknown => "an unknown value has no HCL text",
            UnwritableReason::Capsule => "a capsule value has no HCL text",
            UnwritableReason::Infinite => "an infinite number has no HCL literal",
            _ => "the value has no HCL text",
        };
        e.path()
            .steps()
            .iter()
            .rev()
            .fold(EncodeError::new(message), |err, step| {
                err.within(step.clone())
            })
    })
}

/// An error if `value` nests deeper than [`MAX_DEPTH`] counting `depth`
/// levels above it (so that the printer's recursion is bounded too).
fn check_depth(value: &Value, depth: usize) -> Result<(), EncodeError> {
    if depth >= MAX_DEPTH {
        return Err(EncodeError::new(format!(
            "it is nested more than {MAX_DEPTH} levels deep, more than HCL reads back"
        )));
    }
    if let Some(attributes) = value.attributes() {
        for (k, v) in attributes.iter() {
            check_depth(v, depth + 1)
                .map_err(|e| e.within(PathStep::Index(Value::string(k.as_str()))))?;
        }
    } else if let Some(elements) = value.elements() {
        for (i, e) in elements.iter().enumerate() {
            check_depth(e, depth + 1).map_err(|err| {
                err.within(PathStep::Index(Value::number(
                    i64::try_from(i).unwrap_or(i64::MAX),
                )))
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcl_core::{Number, Type};

    fn written(value: &Value) -> Result<String, EncodeError> {
        let mut out = String::new();
        write(&mut out, value, 0).map(|()| out)
    }

    #[test]
    fn what_cannot_be_written_names_its_path() {
        let v = Value::object([(
            "a",
            Value::tuple([Value::number(1), Value::unknown(Type::Number)]),
        )]);
        assert_eq!(
            written(&v).unwrap_err().to_string(),
            ".a[1]: an unknown value has no HCL text"
        );
        let inf = Value::number(Number::INFINITY);
        assert_eq!(
            written(&inf).unwrap_err().to_string(),
            "an infinite number has no HCL literal"
        );
    }

    #[test]
    fn deep_values_are_an_error_not_a_crash() {
        let mut v = Value::number(1);
        for _ in 0..300 {
            v = Value::tuple([v]);
        }
        assert!(written(&v).unwrap_err().message().contains("256 levels"));
    }

    #[test]
    fn keywords_are_identifiers() {
        use hcl_core::native::is_identifier;
        for name in ["null", "for", "a-b", "_x", "é"] {
            assert!(is_identifier(name), "{name}");
        }
        for name in ["", "1a", "a b", "-a"] {
            assert!(!is_identifier(name), "{name}");
        }
    }
}
