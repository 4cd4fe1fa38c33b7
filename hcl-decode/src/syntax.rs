//! Parsing a file in either syntax into a [`Body`].

use hcl_core::Diagnostics;
use hcl_core::native::{ParseOptions, parse_config};

use crate::from::Syntax;
use crate::handle::Body;

/// Parses `source` in `syntax`; the body is usable (possibly partial) even
/// when there are errors.
pub(crate) fn parse(
    source: &[u8],
    file_name: &str,
    syntax: Syntax,
    options: &ParseOptions,
) -> (Body, Diagnostics) {
    match syntax {
        Syntax::Native => {
            let (file, diags) = parse_config(source, file_name, options);
            (Body::new(file.body()), diags)
        }
        Syntax::Json => {
            let (file, diags) = hcl_core::json::parse(source, file_name);
            (Body::new(file.body()), diags)
        }
    }
}
