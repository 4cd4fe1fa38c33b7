//! [`EncodeError`]: a value that cannot be written as HCL, with the path
//! of the field at fault.

use std::fmt;

use hcl_core::{Diagnostic, Path, PathStep};

/// Why a Rust value could not be written as HCL: where (a [`Path`] from
/// the value encoded: `.server["web"].timeout`) and why.
///
/// A custom encoder (`#[hcl(with = path)]` on a field of a struct deriving
/// `ToHcl`) returns it, or anything that converts into it (a `String` or
/// `&str`, the message).
///
/// ```
/// use hcl_decode::encode::EncodeError;
/// use hcl_decode::PathStep;
///
/// let e = EncodeError::new("a NaN is not a number").within(PathStep::Attr("ratio".into()));
/// assert_eq!(e.to_string(), ".ratio: a NaN is not a number");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct EncodeError {
    // Boxed: a `Result` carrying it stays small.
    inner: Box<(Path, String)>,
}

impl EncodeError {
    /// An error about the value as a whole.
    pub fn new(message: impl Into<String>) -> EncodeError {
        EncodeError {
            inner: Box::new((Path::root(), message.into())),
        }
    }

    /// The same error seen from a container: `step` leads from the
    /// container to the value the error was found in.
    pub fn within(mut self, step: PathStep) -> EncodeError {
        self.inner.0.prepend(step);
        self
    }

    /// The path from the encoded value to the part at fault.
    pub fn path(&self) -> &Path {
        &self.inner.0
    }

    /// The message, without the path.
    pub fn message(&self) -> &str {
        &self.inner.1
    }

    /// The diagnostic of this error: "Value cannot be written as HCL",
    /// naming the path.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let detail = if self.inner.0.is_root() {
            format!("The value cannot be written as HCL: {}.", self.inner.1)
        } else {
            format!(
                "The value at {} cannot be written as HCL: {}.",
                self.inner.0, self.inner.1
            )
        };
        Diagnostic::error("Value cannot be written as HCL").with_detail(detail)
    }
}

/// The path and the message: `.port: …`; the message alone for the value
/// as a whole.
impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.inner.0.is_root() {
            f.write_str(&self.inner.1)
        } else {
            write!(f, "{}: {}", self.inner.0, self.inner.1)
        }
    }
}

impl std::error::Error for EncodeError {}

impl From<String> for EncodeError {
    fn from(message: String) -> EncodeError {
        EncodeError::new(message)
    }
}

impl From<&str> for EncodeError {
    fn from(message: &str) -> EncodeError {
        EncodeError::new(message)
    }
}

impl From<EncodeError> for crate::Error {
    fn from(e: EncodeError) -> crate::Error {
        crate::Error::new(e.to_diagnostic().into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcl_core::Value;

    #[test]
    fn the_diagnostic_names_the_path() {
        let e = EncodeError::new("an unknown value has no text")
            .within(PathStep::Attr("timeout".into()))
            .within(PathStep::Index(Value::string("web")))
            .within(PathStep::Attr("server".into()));
        let d = e.to_diagnostic();
        assert_eq!(d.summary, "Value cannot be written as HCL");
        assert_eq!(
            d.detail,
            "The value at .server[\"web\"].timeout cannot be written as HCL: an unknown value has no text."
        );
    }

    #[test]
    fn a_root_error_has_no_path() {
        assert_eq!(EncodeError::new("x").to_string(), "x");
        assert_eq!(
            EncodeError::new("x").to_diagnostic().detail,
            "The value cannot be written as HCL: x."
        );
    }
}
