//! One front door for both syntaxes, as Go's `hclparse`: [`parse`] reads
//! a configuration file in the native or the JSON syntax, chosen by the
//! file's name ([`Syntax::from_file_name`]: `.json` is JSON, whatever its
//! case) or explicitly ([`parse_as`]), into a [`ConfigFile`] whose
//! [`body`](ConfigFile::body) is a [`DynBody`]; a [`Parser`] does the same
//! for several files, keeps each parsed file by its name, and supplies
//! their text to render the diagnostics of all of them
//! ([`Parser::renderer`]).
//!
//! ```
//! use hcl_core::parse::{Parser, Syntax};
//!
//! let mut parser = Parser::new();
//! let (app, diags) = parser.parse("name = \"api\"\n", "app.hcl", Syntax::Native);
//! assert!(diags.is_empty());
//! assert_eq!(app.body().just_attributes().0.len(), 1);
//!
//! // The syntax by the file's name; a syntax error in the second file.
//! let (_, diags) = parser.parse(r#"{"port": 80,}"#, "extra.JSON", Syntax::from_file_name("extra.JSON"));
//! assert!(diags.has_errors());
//! // The parser knows the text of every file it parsed.
//! let text = parser.renderer().render(&diags);
//! assert!(text.contains("on extra.JSON line 1:\n   1: {\"port\": 80,}\n"));
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::body::DynBody;
use crate::diagnostic::{Diagnostic, Diagnostics, Renderer};
use crate::json::ParsedJson;
use crate::native::{ParseOptions, ParsedFile, parse_config, parse_config_owned};
use crate::quote::go_quote;

/// The syntax of a configuration file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// The native syntax (`.hcl`).
    Native,
    /// The JSON syntax (`.json`, `.hcl.json`).
    Json,
}

impl Syntax {
    /// The syntax a file name implies: JSON for a name ending in `.json`,
    /// in any case (`app.hcl.json`, `app.json`, `APP.JSON`), else native.
    ///
    /// ```
    /// use hcl_core::parse::Syntax;
    ///
    /// assert_eq!(Syntax::from_file_name("app.hcl.json"), Syntax::Json);
    /// assert_eq!(Syntax::from_file_name("APP.Json"), Syntax::Json);
    /// assert_eq!(Syntax::from_file_name("app.hcl"), Syntax::Native);
    /// assert_eq!(Syntax::from_file_name("app.conf"), Syntax::Native);
    /// ```
    pub fn from_file_name(name: &str) -> Syntax {
        let name = name.as_bytes();
        let suffix = b".json";
        if name.len() >= suffix.len()
            && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
        {
            Syntax::Json
        } else {
            Syntax::Native
        }
    }
}

/// A configuration file parsed in either syntax.
///
/// The body is usable, possibly partial, even when parsing reported
/// errors: each syntax recovers what it can.
#[derive(Clone, Debug)]
pub enum ConfigFile {
    /// A file in the native syntax.
    Native(Arc<ParsedFile>),
    /// A file in the JSON syntax.
    Json(Arc<ParsedJson>),
}

impl ConfigFile {
    /// The syntax the file was read in.
    pub fn syntax(&self) -> Syntax {
        match self {
            ConfigFile::Native(_) => Syntax::Native,
            ConfigFile::Json(_) => Syntax::Json,
        }
    }

    /// The file's top-level body.
    pub fn body(&self) -> DynBody {
        match self {
            ConfigFile::Native(f) => Arc::new(f.body()),
            ConfigFile::Json(f) => Arc::new(f.body()),
        }
    }

    /// The text the file was parsed from, as the parser kept it (the text
    /// that diagnostics' positions count in).
    pub fn text(&self) -> &str {
        match self {
            ConfigFile::Native(f) => f.source().text(),
            ConfigFile::Json(f) => f.source(),
        }
    }
}

/// Parses a configuration file, in the syntax its name implies
/// ([`Syntax::from_file_name`]), with the default options.
///
/// ```
/// use hcl_core::parse::{Syntax, parse};
///
/// let (file, diags) = parse(br#"{"name": "api"}"#, "app.hcl.json");
/// assert!(diags.is_empty());
/// assert_eq!(file.syntax(), Syntax::Json);
/// let (attrs, _) = file.body().just_attributes();
/// assert!(attrs.contains_key("name"));
/// ```
pub fn parse(source: &[u8], file_name: &str) -> (ConfigFile, Diagnostics) {
    parse_as(
        source,
        file_name,
        Syntax::from_file_name(file_name),
        &ParseOptions::default(),
    )
}

/// Parses a configuration file in the given syntax (`options` apply to
/// the native syntax).
///
/// ```
/// use hcl_core::native::ParseOptions;
/// use hcl_core::parse::{Syntax, parse_as};
///
/// // A `.json` name, read in the native syntax.
/// let (file, diags) = parse_as(b"a = 1\n", "odd.json", Syntax::Native, &ParseOptions::default());
/// assert!(diags.is_empty());
/// assert_eq!(file.syntax(), Syntax::Native);
/// assert_eq!(file.text(), "a = 1\n");
/// ```
pub fn parse_as(
    source: &[u8],
    file_name: &str,
    syntax: Syntax,
    options: &ParseOptions,
) -> (ConfigFile, Diagnostics) {
    match syntax {
        Syntax::Native => {
            let (file, diags) = parse_config(source, file_name, options);
            (ConfigFile::Native(file), diags)
        }
        Syntax::Json => {
            let (file, diags) = crate::json::parse(source, file_name);
            (ConfigFile::Json(file), diags)
        }
    }
}

/// [`parse_as`] taking ownership of the text, which a native-syntax file
/// keeps as its source without a copy.
pub fn parse_owned(
    source: Vec<u8>,
    file_name: &str,
    syntax: Syntax,
    options: &ParseOptions,
) -> (ConfigFile, Diagnostics) {
    match syntax {
        Syntax::Native => {
            let (file, diags) = parse_config_owned(source, file_name, options);
            (ConfigFile::Native(file), diags)
        }
        Syntax::Json => parse_as(&source, file_name, syntax, options),
    }
}

/// Parses configuration files and keeps them by name, as Go's
/// `hclparse.Parser` does: parsing a name again gives the file parsed
/// first, with no diagnostics; [`Parser::renderer`] knows the text of
/// every file parsed, to render their diagnostics together.
///
/// ```
/// use hcl_core::parse::{Parser, Syntax};
///
/// let mut parser = Parser::new();
/// let (_, diags) = parser.parse("a = [1\n", "a.hcl", Syntax::Native);
/// assert_eq!(diags.len(), 1);
/// // Again: the file parsed first, its diagnostics already given.
/// let (again, diags) = parser.parse("ignored", "a.hcl", Syntax::Native);
/// assert!(diags.is_empty());
/// assert_eq!(again.text(), "a = [1\n");
///
/// // A file that cannot be read is a diagnostic, as in Go.
/// let (file, diags) = parser.parse_file("no/such/file.hcl");
/// assert!(file.is_none());
/// assert_eq!(
///     diags.to_string(),
///     "Failed to read file; The configuration file \"no/such/file.hcl\" could not be read."
/// );
/// assert_eq!(parser.files().map(|(name, _)| name).collect::<Vec<_>>(), ["a.hcl"]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Parser {
    files: BTreeMap<String, ConfigFile>,
    options: ParseOptions,
}

impl Parser {
    /// A parser with no files yet and the default options.
    pub fn new() -> Parser {
        Parser::default()
    }

    /// A parser with these options for the native syntax.
    pub fn with_options(options: ParseOptions) -> Parser {
        Parser {
            files: BTreeMap::new(),
            options,
        }
    }

    /// Parses text in `syntax` (Go's `ParseHCL` and `ParseJSON`), unless a
    /// file of this name was parsed already: then that file, and no
    /// diagnostics.
    pub fn parse(
        &mut self,
        source: impl Into<Vec<u8>>,
        file_name: &str,
        syntax: Syntax,
    ) -> (ConfigFile, Diagnostics) {
        if let Some(file) = self.files.get(file_name) {
            return (file.clone(), Diagnostics::new());
        }
        let (file, diags) = parse_owned(source.into(), file_name, syntax, &self.options);
        self.files.insert(file_name.to_owned(), file.clone());
        (file, diags)
    }

    /// Reads and parses a file, in the syntax its name implies
    /// ([`Syntax::from_file_name`]).
    pub fn parse_file(&mut self, path: &str) -> (Option<ConfigFile>, Diagnostics) {
        self.parse_file_as(path, Syntax::from_file_name(path))
    }

    /// Reads and parses a file in `syntax` (Go's `ParseHCLFile` and
    /// `ParseJSONFile`); `None` with Go's diagnostic when it cannot be
    /// read. A file parsed already is not read again (see
    /// [`Parser::parse`]).
    pub fn parse_file_as(
        &mut self,
        path: &str,
        syntax: Syntax,
    ) -> (Option<ConfigFile>, Diagnostics) {
        if let Some(file) = self.files.get(path) {
            return (Some(file.clone()), Diagnostics::new());
        }
        match std::fs::read(path) {
            Ok(source) => {
                let (file, diags) = self.parse(source, path, syntax);
                (Some(file), diags)
            }
            Err(_) => (None, Diagnostics::from(read_error(path, syntax))),
        }
    }

    /// The file parsed under this name, if any.
    pub fn file(&self, file_name: &str) -> Option<&ConfigFile> {
        self.files.get(file_name)
    }

    /// Every file parsed, by name (in name order).
    pub fn files(&self) -> impl Iterator<Item = (&str, &ConfigFile)> {
        self.files.iter().map(|(name, file)| (name.as_str(), file))
    }

    /// A renderer that knows the text of every file parsed.
    pub fn renderer(&self) -> Renderer {
        let mut renderer = Renderer::new();
        for (name, file) in &self.files {
            renderer.add_source(name.as_str(), file.text());
        }
        renderer
    }
}

/// Go's diagnostic for a file that cannot be read (`hclparse` for the
/// native syntax, `json.ParseFile` for JSON).
fn read_error(path: &str, syntax: Syntax) -> Diagnostic {
    match syntax {
        Syntax::Native => Diagnostic::error("Failed to read file").with_detail(format!(
            "The configuration file {} could not be read.",
            go_quote(path)
        )),
        Syntax::Json => Diagnostic::error("Failed to open file")
            .with_detail(format!("The file {} could not be opened.", go_quote(path))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_suffix_in_any_case() {
        for name in ["a.json", "a.JSON", "a.hcl.Json", ".json"] {
            assert_eq!(Syntax::from_file_name(name), Syntax::Json, "{name}");
        }
        for name in ["json", "a.jsonx", "a.hcl", "", "ajson"] {
            assert_eq!(Syntax::from_file_name(name), Syntax::Native, "{name}");
        }
    }

    #[test]
    fn unreadable_json_file_has_the_json_diagnostic() {
        let mut parser = Parser::new();
        let (file, diags) = parser.parse_file("no/such/file.json");
        assert!(file.is_none());
        assert_eq!(
            diags.to_string(),
            "Failed to open file; The file \"no/such/file.json\" could not be opened."
        );
        assert_eq!(parser.files().count(), 0);
    }
}
