//! Reading files into derived structs: [`from_file`], [`from_str`],
//! [`from_slice`], and the [`Decoder`] with its options (variables,
//! functions, literal-only mode, exhaustive or partial processing, the
//! syntax).

use std::collections::BTreeMap;
use std::path::Path;

use hcl_core::function::Function;
use hcl_core::native::ParseOptions;
use hcl_core::{Diagnostics, EvalContext, Renderer, Value};

use crate::decode::{DecodeContext, HclBody, decode_with};
use crate::error::Error;
use crate::handle::Body;
use crate::layered::Layers;

/// The syntax of a configuration file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// The native syntax (`.hcl`).
    Native,
    /// The JSON syntax (`.json`, `.hcl.json`).
    Json,
}

impl Syntax {
    /// The syntax a file name implies: JSON for a name ending in `.json`
    /// (`app.hcl.json`, `app.json`), else native.
    ///
    /// ```
    /// use hcl_decode::Syntax;
    /// assert_eq!(Syntax::from_file_name("app.hcl.json"), Syntax::Json);
    /// assert_eq!(Syntax::from_file_name("app.hcl"), Syntax::Native);
    /// assert_eq!(Syntax::from_file_name("app.conf"), Syntax::Native);
    /// ```
    pub fn from_file_name(name: &str) -> Syntax {
        if name.to_ascii_lowercase().ends_with(".json") {
            Syntax::Json
        } else {
            Syntax::Native
        }
    }
}

/// Decodes a file into `T`, the syntax chosen by the file's extension
/// (see [`Syntax::from_file_name`]), with the default [`Decoder`].
pub fn from_file<T: HclBody>(path: impl AsRef<Path>) -> Result<T, Error> {
    Decoder::new().decode_file(path)
}

/// Decodes text into `T`; `file_name` names the file in diagnostics and
/// chooses the syntax.
///
/// ```
/// use hcl_decode::HclBody;
///
/// #[derive(HclBody, Debug)]
/// struct Config {
///     name: String,
///     #[hcl(default = 30)]
///     timeout_secs: u64,
/// }
///
/// let config: Config = hcl_decode::from_str("name = \"api\"\n", "app.hcl").unwrap();
/// assert_eq!((config.name.as_str(), config.timeout_secs), ("api", 30));
/// ```
pub fn from_str<T: HclBody>(source: &str, file_name: &str) -> Result<T, Error> {
    Decoder::new().decode_str(source, file_name)
}

/// Decodes bytes (UTF-8 text) into `T`; `file_name` names the file in
/// diagnostics and chooses the syntax.
pub fn from_slice<T: HclBody>(source: &[u8], file_name: &str) -> Result<T, Error> {
    Decoder::new().decode_slice(source, file_name)
}

/// Decodes a body already parsed, in an evaluation context; `Err` holds
/// every diagnostic (in source order) if there is an error.
pub fn from_body<T: HclBody>(body: &Body, ctx: &EvalContext) -> Result<T, Diagnostics> {
    let mut cx = DecodeContext::new(ctx);
    let value = T::decode_body(body, &mut cx);
    let diags = cx.into_diagnostics();
    match value {
        Some(v) if !diags.has_errors() => Ok(v),
        _ => Err(diags),
    }
}

/// Whether elements a struct does not name are errors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Every attribute or block the struct does not name is an error,
    /// unless the struct has a `remain` field.
    #[default]
    Exhaustive,
    /// Attributes and blocks the top-level struct does not name are left
    /// in the remaining body ([`Decoder::decode_partial_str`] returns it),
    /// as if the struct had a `remain` field. Nested blocks are still
    /// decoded by their own structs' rules.
    Partial,
}

/// Decoding with options: variables and functions for expressions,
/// literal-only mode, exhaustive or partial processing, a forced syntax.
///
/// ```
/// use hcl_decode::{Decoder, HclBody, Value};
///
/// #[derive(HclBody, Debug)]
/// struct Config {
///     url: String,
/// }
///
/// let config: Config = Decoder::new()
///     .variable("host", Value::string("example.com"))
///     .decode_str("url = \"https://${host}/\"\n", "app.hcl")
///     .unwrap();
/// assert_eq!(config.url, "https://example.com/");
///
/// // In literal-only mode a variable is an error.
/// let err = Decoder::new()
///     .literal_only()
///     .decode_str::<Config>("url = host\n", "app.hcl")
///     .unwrap_err();
/// assert_eq!(err.diagnostics().len(), 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    variables: BTreeMap<String, Value>,
    functions: BTreeMap<String, Function>,
    base: Option<EvalContext>,
    literal_only: bool,
    mode: Mode,
    syntax: Option<Syntax>,
    parse_options: ParseOptions,
}

impl Decoder {
    /// A decoder in full-expression mode with no variables and functions,
    /// exhaustive, choosing the syntax by file name.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Declares a variable for expressions.
    pub fn variable(mut self, name: impl Into<String>, value: Value) -> Decoder {
        self.variables.insert(name.into(), value);
        self
    }

    /// Declares a function for expressions.
    pub fn function(mut self, name: impl Into<String>, function: Function) -> Decoder {
        self.functions.insert(name.into(), function);
        self
    }

    /// Evaluates in (a child of) this context: its variables and functions
    /// are available, those given by [`Decoder::variable`] and
    /// [`Decoder::function`] shadow them.
    pub fn eval_context(mut self, ctx: EvalContext) -> Decoder {
        self.base = Some(ctx);
        self
    }

    /// Literal-only mode: expressions may not use variables or functions
    /// (the JSON syntax then reads strings as literals, not templates).
    /// Variables and functions declared on the decoder are not used.
    pub fn literal_only(mut self) -> Decoder {
        self.literal_only = true;
        self
    }

    /// Exhaustive or partial processing of the top-level body.
    pub fn mode(mut self, mode: Mode) -> Decoder {
        self.mode = mode;
        self
    }

    /// Partial processing of the top-level body (see [`Mode::Partial`]).
    pub fn partial(self) -> Decoder {
        self.mode(Mode::Partial)
    }

    /// Reads every file in this syntax, whatever its name.
    pub fn syntax(mut self, syntax: Syntax) -> Decoder {
        self.syntax = Some(syntax);
        self
    }

    /// Options for the native-syntax parser.
    pub fn parse_options(mut self, options: ParseOptions) -> Decoder {
        self.parse_options = options;
        self
    }

    /// The evaluation context the options describe.
    pub fn build_eval_context(&self) -> EvalContext {
        if self.literal_only {
            return EvalContext::literal_only();
        }
        let mut ctx = match &self.base {
            Some(base) if base.is_literal_only() => return base.clone(),
            Some(base) => base.new_child(),
            None => EvalContext::new(),
        };
        for (name, value) in &self.variables {
            // A full-expression context accepts every declaration.
            let _ = ctx.declare_variable(name.clone(), value.clone());
        }
        for (name, function) in &self.functions {
            let _ = ctx.declare_function(name.clone(), function.clone());
        }
        ctx
    }

    /// Parses text into a body, in the syntax its name implies (or the
    /// one set). `Err` holds the syntax errors.
    pub fn parse_slice(&self, source: &[u8], file_name: &str) -> Result<Body, Error> {
        let syntax = self
            .syntax
            .unwrap_or_else(|| Syntax::from_file_name(file_name));
        let (body, diags) = crate::syntax::parse(source, file_name, syntax, &self.parse_options);
        let mut renderer = Renderer::new();
        renderer.add_source(file_name, String::from_utf8_lossy(source).into_owned());
        if diags.has_errors() {
            let mut diags = diags;
            diags.sort_by_source();
            return Err(Error::new(diags).with_renderer(renderer));
        }
        Ok(body)
    }

    /// Decodes text into `T`; `file_name` names the file in diagnostics and
    /// (unless a syntax is set) chooses the syntax.
    ///
    /// Syntax errors are reported alone (decoding a broken file would only
    /// add noise); otherwise every decoding diagnostic is reported, in
    /// source order. Warnings do not make the decoding fail.
    pub fn decode_str<T: HclBody>(&self, source: &str, file_name: &str) -> Result<T, Error> {
        self.decode_slice(source.as_bytes(), file_name)
    }

    /// [`Decoder::decode_str`] for bytes.
    pub fn decode_slice<T: HclBody>(&self, source: &[u8], file_name: &str) -> Result<T, Error> {
        self.decode_partial_slice(source, file_name).map(|(v, _)| v)
    }

    /// Reads and decodes a file.
    pub fn decode_file<T: HclBody>(&self, path: impl AsRef<Path>) -> Result<T, Error> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        self.decode_slice(&bytes, &path.to_string_lossy())
    }

    /// Decodes text into `T` and returns the remaining body: what the
    /// top-level struct does not name when processing is partial (a view
    /// with nothing left when exhaustive).
    pub fn decode_partial_str<T: HclBody>(
        &self,
        source: &str,
        file_name: &str,
    ) -> Result<(T, Body), Error> {
        self.decode_partial_slice(source.as_bytes(), file_name)
    }

    fn decode_partial_slice<T: HclBody>(
        &self,
        source: &[u8],
        file_name: &str,
    ) -> Result<(T, Body), Error> {
        let body = self.parse_slice(source, file_name)?;
        let mut renderer = Renderer::new();
        renderer.add_source(file_name, String::from_utf8_lossy(source).into_owned());
        self.decode_body_partial::<T>(&body)
            .map_err(|e| Error::new(e).with_renderer(renderer))
    }

    /// Decodes a parsed body into `T`; `Err` holds every diagnostic, in
    /// source order.
    pub fn decode_body<T: HclBody>(&self, body: &Body) -> Result<T, Diagnostics> {
        self.decode_body_partial(body).map(|(v, _)| v)
    }

    /// Decodes a parsed body into `T` and returns the remaining body (see
    /// [`Decoder::decode_partial_str`]).
    pub fn decode_body_partial<T: HclBody>(&self, body: &Body) -> Result<(T, Body), Diagnostics> {
        let ctx = self.build_eval_context();
        let mut cx = DecodeContext::new(&ctx);
        let partial = T::__PARTIAL || self.mode == Mode::Partial;
        let (value, rest) = decode_with::<T>(body, None, partial, &mut cx);
        let diags = cx.into_diagnostics();
        match value {
            Some(v) if !diags.has_errors() => {
                let rest = rest.unwrap_or_else(|| body.partial_content(&T::schema()).1);
                Ok((v, rest))
            }
            _ => Err(diags),
        }
    }

    /// Parses text and starts a layered decoding of it (see [`Layers`]),
    /// with this decoder's evaluation context.
    pub fn layers_str(&self, source: &str, file_name: &str) -> Result<Layers, Error> {
        let body = self.parse_slice(source.as_bytes(), file_name)?;
        Ok(Layers::new(body, self.build_eval_context()).with_source(file_name, source))
    }

    /// Reads a file and starts a layered decoding of it.
    pub fn layers_file(&self, path: impl AsRef<Path>) -> Result<Layers, Error> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        let name = path.to_string_lossy();
        let body = self.parse_slice(&bytes, &name)?;
        Ok(Layers::new(body, self.build_eval_context())
            .with_source(name.as_ref(), String::from_utf8_lossy(&bytes).as_ref()))
    }
}
