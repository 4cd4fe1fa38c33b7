//! Conversion between HCL's two syntaxes, driven by a schema where the
//! JSON syntax needs one.
//!
//! [`native_to_json`] writes a native-syntax file in the JSON syntax: each
//! attribute a property (a literal as its JSON value, a quoted template as
//! a JSON string template, any other expression as `"${…}"`), the blocks
//! of a type one property, nested one object per label, several blocks an
//! array; each comment of a body a `"//"` property at its place. The
//! native syntax says what is a block, so no schema is needed (one may be
//! given, for symmetry). Comments inside an expression have no place in
//! JSON: they are counted ([`Converted::lost_comments`]).
//!
//! [`json_to_native`] is the inverse. The JSON syntax does not say which
//! properties are blocks: with a [`Schema`], its block types (and their
//! labels) are blocks, and everything else an attribute; without one, the
//! JSON syntax's own rule applies (every property is an attribute), and
//! each object that may have been a block is listed
//! ([`Converted::ambiguous`]). `"//"` properties become comments; a string
//! that is one `${…}` becomes its expression, any other string a quoted
//! template.
//!
//! ```
//! use hcl_decode::convert::{json_to_native, native_to_json};
//! use hcl_decode::schema::Schema;
//!
//! let native = "# The service.\nname = \"web\"\nport = 8080\nhost = var.host\n\nlistener \"public\" {\n  address = \"0.0.0.0:${port}\"\n}\n";
//! let json = native_to_json(native, "app.hcl", None).unwrap();
//! assert_eq!(json, r#"{
//!   "//": "The service.",
//!   "name": "web",
//!   "port": 8080,
//!   "host": "${var.host}",
//!   "listener": {
//!     "public": {
//!       "address": "0.0.0.0:${port}"
//!     }
//!   }
//! }
//! "#);
//!
//! let schema = Schema::from_hcldec_spec(r#"
//! object {
//!   attr "name" { type = string }
//!   attr "port" { type = number }
//!   attr "host" { type = string }
//!   block_map "listener" {
//!     labels = ["name"]
//!     object {
//!       attr "address" { type = string }
//!     }
//!   }
//! }
//! "#, "app.hcldec").unwrap();
//! let back = json_to_native(&json, "app.hcl.json", Some(&schema)).unwrap();
//! assert_eq!(back, "# The service.\nname = \"web\"\nport = 8080\nhost = var.host\nlistener \"public\" {\n  address = \"0.0.0.0:${port}\"\n}\n");
//! ```

mod json_read;
mod native_read;
mod strings;
mod to_json;
mod to_native;

#[cfg(test)]
mod tests;

use hcl_core::{Diagnostic, Diagnostics};

use crate::error::Error;
use crate::schema::Schema;

/// A conversion's text and what did not carry over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The converted file.
    pub text: String,
    /// How many comments had no place in the result (comments inside an
    /// expression, for JSON; `"//"` properties whose value is no string,
    /// for the native syntax).
    pub lost_comments: usize,
    /// The constructs whose reading was a guess, one sentence each (JSON
    /// objects written as attributes without a schema saying so).
    pub ambiguous: Vec<String>,
}

#[derive(Default)]
struct Notes {
    lost_comments: usize,
    ambiguous: Vec<String>,
}

/// A native-syntax file in the JSON syntax (see the [module
/// documentation](self)). A file with syntax errors is an [`Error`] with
/// its diagnostics.
pub fn native_to_json(
    text: &str,
    file_name: &str,
    schema: Option<&Schema>,
) -> Result<String, Error> {
    native_to_json_converted(text, file_name, schema).map(|c| c.text)
}

/// A JSON-syntax file in the native syntax, formatted as `hclfmt` formats
/// it (see the [module documentation](self)). A file with syntax errors
/// is an [`Error`] with its diagnostics.
pub fn json_to_native(
    text: &str,
    file_name: &str,
    schema: Option<&Schema>,
) -> Result<String, Error> {
    json_to_native_converted(text, file_name, schema).map(|c| c.text)
}

/// [`native_to_json`], with what did not carry over.
pub fn native_to_json_converted(
    text: &str,
    file_name: &str,
    _schema: Option<&Schema>,
) -> Result<Converted, Error> {
    let (_, diags) = hcl_core::native::parse_config_str(text, file_name);
    if diags.has_errors() {
        return Err(Error::new(diags).with_source(file_name, text));
    }
    let mut lost = 0;
    let text_no_bom = text.strip_prefix('\u{feff}').unwrap_or(text);
    let items = native_read::read(text_no_bom)
        .ok_or_else(|| unsupported(file_name, "its layout could not be read"))?;
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    to_json::body(&mut out, &items, 0, &mut lost);
    out.push('\n');
    Ok(Converted {
        text: out,
        lost_comments: lost,
        ambiguous: Vec::new(),
    })
}

/// [`json_to_native`], with what did not carry over and what was a guess.
pub fn json_to_native_converted(
    text: &str,
    file_name: &str,
    schema: Option<&Schema>,
) -> Result<Converted, Error> {
    let (_, diags) = hcl_core::json::parse(text.as_bytes(), file_name);
    if diags.has_errors() {
        return Err(Error::new(diags).with_source(file_name, text));
    }
    let Some(json_read::JValue::Object(props)) = json_read::read(text) else {
        return Err(unsupported(
            file_name,
            "the root of a configuration in the JSON syntax is an object",
        ));
    };
    let mut notes = Notes::default();
    let mut out = String::with_capacity(text.len());
    to_native::body(&mut out, &props, schema.map(|s| &s.body), &mut notes)
        .map_err(|why| unsupported(file_name, &why))?;
    Ok(Converted {
        text: hcl_core::format::format_str(&out),
        lost_comments: notes.lost_comments,
        ambiguous: notes.ambiguous,
    })
}

fn unsupported(file_name: &str, why: &str) -> Error {
    let d = Diagnostic::error("Cannot convert").with_detail(format!(
        "The file {file_name:?} cannot be converted: {why}."
    ));
    Error::new(Diagnostics::from(d))
}
