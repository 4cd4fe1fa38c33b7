//! [`BodyEncoder`]: attributes and blocks written as native-syntax text,
//! in the layout of Go's `gohcl.EncodeIntoBody` (a blank line around each
//! run of blocks of one type); the text is formatted afterwards.

use hcl_core::format::value::quoted_string;
use hcl_core::{PathStep, Value};

use super::EncodeError;
use super::expr::{self, MAX_DEPTH};
use hcl_core::native::is_identifier;

/// What was written last in a body, for the blank lines between items.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Last {
    Nothing,
    Attribute,
    Block(String),
}

/// A body being written: attributes and blocks, in the order given.
///
/// [`ToHcl`](super::ToHcl) implementations write their fields into it;
/// [`to_string`](super::to_string) formats the result.
///
/// ```
/// use hcl_decode::encode::{BodyEncoder, EncodeError, ToHcl};
/// use hcl_decode::Value;
///
/// struct Raw;
///
/// impl ToHcl for Raw {
///     fn encode_body(&self, body: &mut BodyEncoder<'_>) -> Result<(), EncodeError> {
///         body.attribute("name", &Value::string("api"))?;
///         body.block("listener", &["http".to_owned()], |inner| {
///             inner.attribute("port", &Value::number(8080))
///         })
///     }
/// }
///
/// assert_eq!(
///     hcl_decode::to_string(&Raw).unwrap(),
///     "name = \"api\"\n\nlistener \"http\" {\n  port = 8080\n}\n"
/// );
/// ```
#[derive(Debug)]
pub struct BodyEncoder<'a> {
    out: &'a mut String,
    depth: usize,
    last: Last,
}

impl<'a> BodyEncoder<'a> {
    pub(crate) fn new(out: &'a mut String) -> BodyEncoder<'a> {
        BodyEncoder {
            out,
            depth: 0,
            last: Last::Nothing,
        }
    }

    /// Writes the attribute `name = value`. The name must be an identifier
    /// and the value known, with finite numbers.
    pub fn attribute(&mut self, name: &str, value: &Value) -> Result<(), EncodeError> {
        let step = || PathStep::Attr(name.to_owned());
        if !is_identifier(name) {
            return Err(EncodeError::new(format!(
                "{name:?} is not a valid attribute name (a letter or `_`, then letters, digits, `_` and `-`)"
            ))
            .within(step()));
        }
        let mut text = String::new();
        expr::write(&mut text, value, self.depth).map_err(|e| e.within(step()))?;
        if matches!(self.last, Last::Block(_)) {
            self.out.push('\n');
        }
        self.out.push_str(name);
        self.out.push_str(" = ");
        self.out.push_str(&text);
        // A heredoc ends with its own newline.
        if !text.ends_with('\n') {
            self.out.push('\n');
        }
        self.last = Last::Attribute;
        Ok(())
    }

    /// Writes a block of type `type_name` with `labels`, its body written
    /// by `body`.
    pub fn block(
        &mut self,
        type_name: &str,
        labels: &[String],
        body: impl FnOnce(&mut BodyEncoder<'_>) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        if !is_identifier(type_name) {
            return Err(EncodeError::new(format!(
                "{type_name:?} is not a valid block type (a letter or `_`, then letters, digits, `_` and `-`)"
            ))
            .within(PathStep::Attr(type_name.to_owned())));
        }
        if self.depth + 1 >= MAX_DEPTH {
            return Err(EncodeError::new(format!(
                "blocks are nested more than {MAX_DEPTH} levels deep, more than HCL reads back"
            )));
        }
        let same_run = matches!(&self.last, Last::Block(t) if t == type_name);
        if self.last != Last::Nothing && !same_run {
            self.out.push('\n');
        }
        self.out.push_str(type_name);
        for label in labels {
            self.out.push(' ');
            self.out.push_str(&quoted_string(label));
        }
        self.out.push_str(" {\n");
        let mut inner = BodyEncoder {
            out: &mut *self.out,
            depth: self.depth + 1,
            last: Last::Nothing,
        };
        body(&mut inner)?;
        self.out.push_str("}\n");
        self.last = Last::Block(type_name.to_owned());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(f: impl FnOnce(&mut BodyEncoder<'_>) -> Result<(), EncodeError>) -> String {
        let mut out = String::new();
        f(&mut BodyEncoder::new(&mut out)).unwrap();
        out
    }

    #[test]
    fn runs_of_blocks_of_one_type_are_set_apart() {
        let text = written(|b| {
            b.block("a", &[], |_| Ok(()))?;
            b.block("a", &[], |_| Ok(()))?;
            b.block("b", &[], |_| Ok(()))?;
            b.attribute("x", &Value::number(1))?;
            b.attribute("y", &Value::number(2))
        });
        assert_eq!(text, "a {\n}\na {\n}\n\nb {\n}\n\nx = 1\ny = 2\n");
    }

    #[test]
    fn a_name_that_is_no_identifier_is_an_error() {
        let mut out = String::new();
        let mut b = BodyEncoder::new(&mut out);
        let e = b.attribute("my key", &Value::number(1)).unwrap_err();
        assert_eq!(e.path().to_string(), ".my key");
        assert!(b.block("1x", &[], |_| Ok(())).is_err());
    }

    #[test]
    fn labels_are_quoted_and_escaped() {
        let text = written(|b| b.block("t", &["a \"b\" ${c}".to_owned()], |_| Ok(())));
        assert_eq!(text, "t \"a \\\"b\\\" $${c}\" {\n}\n");
    }

    #[test]
    fn deep_blocks_are_an_error_not_a_crash() {
        fn nest(b: &mut BodyEncoder<'_>, n: usize) -> Result<(), EncodeError> {
            if n == 0 {
                return Ok(());
            }
            b.block("x", &[], |inner| nest(inner, n - 1))
        }
        let mut out = String::new();
        let e = nest(&mut BodyEncoder::new(&mut out), 10_000).unwrap_err();
        assert!(e.message().contains("nested more than 256 levels"));
    }
}
