//! Lossless editing of native-syntax files, like Go's `hclwrite`: parse a
//! file into a [`Document`], read and change it through its [`EditBody`]
//! (attributes, blocks and their bodies), and print it back.
//!
//! Printing an unedited document gives the input byte for byte: comments,
//! blank lines, alignment, CRLF line ends, trailing blanks and heredocs
//! included. (A byte order mark is a syntax error, as the native syntax
//! specification says, so a file that starts with one gives diagnostics.) After edits, every untouched byte stays
//! as it was and the edited parts are laid out as the formatter
//! ([`crate::format`]) would lay them out in the printed file: indented
//! for their nesting, spaced, and with `=` and end-of-line comments aligned
//! with their neighbours (the `=` and the comments of the run of aligned
//! lines an edited line joins are realigned with it, as `hclfmt` would
//! realign them; only their blanks change). New lines use the document's
//! line ending (that of its first line; Go's `hclwrite` always writes
//! `\n`).
//!
//! As in `hclwrite`, the comment lines directly above an attribute or a
//! block and the comment at the end of its last line belong to it: they
//! stay when its value changes and go when it is removed. A document built
//! from [`Document::new`] is edited with the same calls.
//!
//! The editable parts are named [`EditBody`], [`EditBlock`] and
//! [`EditAttribute`]: the `Edit` prefix keeps them apart from the
//! information model's [`Body`](crate::Body),
//! [`Block`](crate::body::Block) and [`Attribute`](crate::body::Attribute),
//! which are read-only views for decoding.
//!
//! ```
//! use hcl_core::edit::Document;
//! use hcl_core::Value;
//!
//! let src = "# Service settings\nservice \"web\" {\n  port    = 80   # public\n  workers = 4\n}\n";
//! let mut doc = Document::parse(src, "app.hcl").unwrap();
//! assert_eq!(doc.to_string(), src);
//!
//! let web = doc.body_mut().block_mut("service", &["web"]).unwrap();
//! web.body_mut().set_attribute_value("port", &Value::from(8080)).unwrap();
//! web.body_mut().set_attribute_value("name", &Value::from("web")).unwrap();
//! assert_eq!(web.body().attribute("workers").unwrap().value(), Some(Value::from(4)));
//! assert!(web.body_mut().remove_attribute("workers"));
//! assert_eq!(
//!     doc.to_string(),
//!     "# Service settings\nservice \"web\" {\n  port = 8080 # public\n  name = \"web\"\n}\n"
//! );
//!
//! let mut fresh = Document::new();
//! fresh.body_mut().append_block("terraform", &[]).body_mut()
//!     .set_attribute_value("required_version", &Value::from(">= 1.5")).unwrap();
//! assert_eq!(fresh.to_string(), "terraform {\n  required_version = \">= 1.5\"\n}\n");
//! ```

mod attribute;
mod block;
mod body;
mod build;
mod print;
mod token;

use std::fmt;
use std::sync::Arc;

pub use attribute::EditAttribute;
pub use block::EditBlock;
pub use body::EditBody;

use crate::Diagnostics;
use crate::native::lexer::TokenKind;
use token::Tok;

/// An editable native-syntax file.
///
/// ```
/// use hcl_core::edit::Document;
///
/// let src = "a = 1   # kept\r\n\r\nb = <<EOT\nx\nEOT\n  ";
/// let doc = Document::parse(src, "f.hcl").unwrap();
/// assert_eq!(doc.to_string(), src);
/// assert_eq!(doc.to_bytes(), src.as_bytes());
///
/// let err = Document::parse("a = [1,\n", "bad.hcl").unwrap_err();
/// assert!(err.has_errors());
/// ```
#[derive(Clone)]
pub struct Document {
    body: EditBody,
    /// The end token (its gap: whatever follows the last token) and its
    /// text.
    end: (Arc<str>, Tok),
    /// The line ending of new lines.
    newline: &'static str,
    /// Whether the body was ever lent out for editing (if not, nothing is
    /// fresh and printing need not look).
    touched: bool,
}

impl Document {
    /// Parses native-syntax text; the parser's diagnostics when it has
    /// errors. `file_name` names the file in diagnostics.
    pub fn parse(text: &str, file_name: &str) -> Result<Document, Diagnostics> {
        build::parse_document(text, file_name)
    }

    /// An empty document, to build a file from scratch.
    pub fn new() -> Document {
        Document {
            body: EditBody::empty(),
            end: (
                Arc::from(""),
                Tok {
                    kind: TokenKind::Eof,
                    fresh: false,
                    gap: 0,
                    start: 0,
                    end: 0,
                },
            ),
            newline: "\n",
            touched: false,
        }
    }

    /// The top-level body.
    pub fn body(&self) -> &EditBody {
        &self.body
    }

    /// The top-level body, for editing.
    pub fn body_mut(&mut self) -> &mut EditBody {
        self.touched = true;
        &mut self.body
    }

    /// The printed file, as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        print::print(self).into_bytes()
    }
}

impl Default for Document {
    fn default() -> Self {
        Document::new()
    }
}

/// The printed file.
impl fmt::Display for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print::print(self))
    }
}

impl fmt::Debug for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Document")
            .field("body", &self.body)
            .finish()
    }
}

#[cfg(test)]
mod tests;
