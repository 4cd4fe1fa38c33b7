//! Reading files into derived structs: [`from_file`], [`from_str`],
//! [`from_slice`], and the [`Decoder`] with its options (variables,
//! functions, literal-only mode, exhaustive or partial processing, the
//! syntax).

use std::collections::BTreeMap;
use std::path::Path;

use hcl_core::function::Function;
use hcl_core::native::ParseOptions;
use hcl_core::parse::Syntax;
use hcl_core::{
    Diagnostic, Diagnostics, EvalContext, EvalContextError, Renderer, Semantics, Value,
};
use hcl_functions::Library;

use crate::decode::{DecodeContext, HclBody, decode_struct};
use crate::error::Error;
use crate::handle::BodyHandle;
use crate::layered::Layers;
use crate::syntax::Parsed;

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
pub fn from_body<T: HclBody>(body: &BodyHandle, ctx: &EvalContext) -> Result<T, Diagnostics> {
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
    /// in the remaining body, as if the struct had a `remain` field
    /// ([`Decoder::decode_partial_str`] returns it, and is partial in
    /// either mode). Nested blocks are still
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
#[derive(Clone, Debug)]
pub struct Decoder {
    variables: BTreeMap<String, Value>,
    functions: BTreeMap<String, Function>,
    library: Library,
    base: Option<EvalContext>,
    literal_only: bool,
    semantics: Option<Semantics>,
    mode: Mode,
    syntax: Option<Syntax>,
    parse_options: ParseOptions,
    pub(crate) language: crate::language::Options,
}

impl Default for Decoder {
    fn default() -> Decoder {
        Decoder {
            variables: BTreeMap::new(),
            functions: BTreeMap::new(),
            library: Library::pure(),
            language: crate::language::Options::default(),
            base: None,
            literal_only: false,
            semantics: None,
            mode: Mode::default(),
            syntax: None,
            parse_options: ParseOptions::default(),
        }
    }
}

impl Decoder {
    /// A decoder in full-expression mode with no variables, every pure
    /// function of the [function library](crate::functions) (what
    /// Terraform users expect: `upper`, `merge`, `lookup`, `try`, ...),
    /// exhaustive, choosing the syntax by file name.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// The functions of the [function library](crate::functions) that
    /// expressions may call: [`Library::pure`] unless told otherwise,
    /// [`Library::empty`] for none, or a choice of families, impure
    /// functions and filesystem functions under a root directory. Functions
    /// declared with [`Decoder::function`] (or in a base
    /// [context](Decoder::eval_context)) override the library's.
    ///
    /// ```
    /// use hcl_decode::functions::{Family, Library};
    /// use hcl_decode::prelude::*;
    ///
    /// #[derive(HclBody, Debug)]
    /// struct Config {
    ///     name: String,
    /// }
    ///
    /// let src = "name = upper(\"api\")\n";
    /// let strings = Decoder::new().function_library(Library::empty().family(Family::String));
    /// assert_eq!(strings.decode_str::<Config>(src, "c.hcl").unwrap().name, "API");
    ///
    /// let none = Decoder::new().function_library(Library::empty());
    /// let err = none.decode_str::<Config>(src, "c.hcl").unwrap_err();
    /// assert!(err.to_string().contains("Call to unknown function"));
    /// ```
    pub fn function_library(mut self, library: Library) -> Decoder {
        self.library = library;
        self
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
    ///
    /// A literal-only decoder with variables or functions (declared on it,
    /// or in a base context) is a contradiction: decoding with it fails at
    /// once with an "Invalid decoder options" error, as declaring a
    /// variable in a literal-only [`EvalContext`] does.
    pub fn literal_only(mut self) -> Decoder {
        self.literal_only = true;
        self
    }

    /// The rule set for values where the HCL specification and HashiCorp's
    /// implementation disagree (`docs/deviations.md`): [`Semantics::Spec`]
    /// (the default, or a base [context](Decoder::eval_context)'s choice)
    /// follows the specification, and warns where HashiCorp's result would
    /// differ (the `*_with_warnings` methods return the warnings);
    /// [`Semantics::Go`] gives HashiCorp's results, as Terraform users
    /// expect, without such warnings.
    ///
    /// ```
    /// use hcl_decode::{Decoder, HclBody, Semantics, Value};
    ///
    /// #[derive(HclBody, Debug)]
    /// struct Config {
    ///     tags: Value,
    /// }
    ///
    /// // An empty object where a map was meant: the two rule sets part.
    /// let src = "tags = false ? { name = \"n\" } : {}\n";
    ///
    /// let spec = Decoder::new().decode_str_with_warnings::<Config>(src, "c.hcl").unwrap();
    /// assert_eq!(spec.value.tags.to_string(), "{ \"name\" = null }");
    /// let warning = spec.warnings.iter().next().unwrap();
    /// assert_eq!(warning.summary, "Result differs from HashiCorp's HCL");
    ///
    /// let go = Decoder::new()
    ///     .semantics(Semantics::Go)
    ///     .decode_str_with_warnings::<Config>(src, "c.hcl")
    ///     .unwrap();
    /// assert_eq!(go.value.tags.to_string(), "{}");
    /// assert!(go.warnings.is_empty());
    /// ```
    pub fn semantics(mut self, semantics: Semantics) -> Decoder {
        self.semantics = Some(semantics);
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

    /// Enables input variables: `variable "NAME" { type, default,
    /// description, sensitive, nullable, validation }` blocks (taken out of
    /// the body) and `var.NAME` references. See the crate documentation's
    /// [input variables](crate#input-variables).
    pub fn variable_blocks(mut self) -> Decoder {
        self.language.variable_blocks = true;
        self
    }

    /// Enables `locals { NAME = EXPR }` blocks (any number, taken out of
    /// the body) and `local.NAME` references.
    pub fn locals(mut self) -> Decoder {
        self.language.locals = true;
        self
    }

    /// Enables `function "NAME" { params, variadic_param, result }` blocks
    /// (Go's `ext/userfunc`), callable from the rest of the configuration.
    pub fn user_functions(mut self) -> Decoder {
        self.language.user_functions = true;
        self
    }

    /// Whether `dynamic "NAME"` blocks are expanded (Go's `ext/dynblock`;
    /// on by default). Turn it off for an application with its own
    /// `dynamic` block type.
    pub fn dynamic_blocks(mut self, on: bool) -> Decoder {
        self.language.dynamic_blocks = on;
        self
    }

    /// Environment variables named `PREFIX` + a variable's name give it a
    /// value (above its default): the text as it is for a `string`
    /// variable, otherwise parsed as an HCL expression, as Terraform's
    /// `TF_VAR_`.
    pub fn env_prefix(mut self, prefix: impl Into<String>) -> Decoder {
        self.language.env_prefix = Some(prefix.into());
        self
    }

    /// A variable file (attributes only; native, or JSON for `.json`),
    /// above the environment; later files above earlier ones.
    pub fn var_file(mut self, path: impl AsRef<Path>) -> Decoder {
        self.language.var_files.push(path.as_ref().to_path_buf());
        self
    }

    /// An explicit value for an input variable, above every other source.
    /// A name the configuration does not declare is an error.
    pub fn input(mut self, name: impl Into<String>, value: Value) -> Decoder {
        self.language.inputs.insert(name.into(), value);
        self
    }

    /// Decodes several files (native or JSON, by name) as one
    /// configuration: their bodies merged, the language blocks pooled, every
    /// diagnostic of every file at once, file by file in the order given.
    pub fn decode_files<T: HclBody, P: AsRef<Path>>(
        &self,
        paths: impl IntoIterator<Item = P>,
    ) -> Result<T, Error> {
        self.decode_files_evaluated(paths).map(|e| e.value)
    }

    /// [`Decoder::decode_files`], with the input variables, the local values
    /// and the warnings.
    pub fn decode_files_evaluated<T: HclBody, P: AsRef<Path>>(
        &self,
        paths: impl IntoIterator<Item = P>,
    ) -> Result<crate::Evaluated<T>, Error> {
        let ctx = self.eval_context_or_error().map_err(Error::new)?;
        let files = crate::language::files::Files::read(self, paths);
        files
            .decode::<T>(self, &ctx, false)
            .map(|e| e.map(|(value, _)| value))
    }

    /// [`Decoder::decode_str`], with the input variables, the local values
    /// and the warnings.
    pub fn decode_str_evaluated<T: HclBody>(
        &self,
        source: &str,
        file_name: &str,
    ) -> Result<crate::Evaluated<T>, Error> {
        self.decode_evaluated(source.as_bytes(), file_name, false)
            .map(|e| e.map(|(value, _)| value))
    }

    /// Starts a layered decoding of several files as one configuration
    /// (see [`Decoder::decode_files`] and [`Layers`]).
    pub fn layers_files<P: AsRef<Path>>(
        &self,
        paths: impl IntoIterator<Item = P>,
    ) -> Result<Layers, Error> {
        let ctx = self.eval_context_or_error().map_err(Error::new)?;
        Ok(crate::language::files::Files::read(self, paths).layers(self, &ctx))
    }

    fn decode_evaluated<T: HclBody>(
        &self,
        source: &[u8],
        file_name: &str,
        partial: bool,
    ) -> Result<crate::Evaluated<(T, BodyHandle)>, Error> {
        let ctx = self
            .eval_context_or_error()
            .map_err(|d| Error::new(d).with_renderer(renderer(source, file_name)))?;
        let source = crate::language::files::Source {
            name: file_name.to_owned(),
            text: source.to_vec(),
        };
        crate::language::files::Files::parse(self, vec![source]).decode::<T>(self, &ctx, partial)
    }

    /// The evaluation context the options describe; an error for a
    /// literal-only decoder with variables or functions (see
    /// [`Decoder::literal_only`]).
    pub fn build_eval_context(&self) -> Result<EvalContext, EvalContextError> {
        let literal =
            self.literal_only || self.base.as_ref().is_some_and(EvalContext::is_literal_only);
        let mut ctx = match &self.base {
            _ if literal => EvalContext::literal_only(),
            Some(base) => base.new_child(),
            None => EvalContext::new(),
        };
        if let Some(semantics) = self
            .semantics
            .or(self.base.as_ref().map(EvalContext::semantics))
        {
            ctx.set_semantics(semantics);
        }
        if literal {
            // The base's own variables and functions: declaring any of them
            // in the literal-only context is the error to report.
            if let Some(base) = &self.base {
                if let Some((name, value)) = base.variables().next() {
                    ctx.declare_variable(name.to_owned(), value.clone())?;
                }
                if let Some((name, function)) = base.functions().next() {
                    ctx.declare_function(name.to_owned(), function.clone())?;
                }
            }
        }
        if !literal {
            // The library is the lowest layer: a base context's functions
            // and the decoder's own override it.
            for (name, function) in self.library.functions() {
                let shadowed = self
                    .base
                    .as_ref()
                    .is_some_and(|b| b.function(&name).is_some());
                if !shadowed {
                    ctx.declare_function(name, function)?;
                }
            }
        }
        for (name, value) in &self.variables {
            ctx.declare_variable(name.clone(), value.clone())?;
        }
        for (name, function) in &self.functions {
            ctx.declare_function(name.clone(), function.clone())?;
        }
        Ok(ctx)
    }

    /// [`Decoder::build_eval_context`], its error as a decoding error.
    pub(crate) fn eval_context_or_error(&self) -> Result<EvalContext, Diagnostics> {
        self.build_eval_context().map_err(|e| {
            Diagnostics::from(
                Diagnostic::error("Invalid decoder options").with_detail(format!(
                    "A literal-only decoder has no variables or functions, but this one was given some: {e}."
                )),
            )
        })
    }

    /// Parses text into a body, in the syntax its name implies (or the
    /// one set). `Err` holds the syntax errors.
    pub fn parse_slice(&self, source: &[u8], file_name: &str) -> Result<BodyHandle, Error> {
        let parsed = self.parse_recovering(source, file_name);
        if parsed.diags.has_errors() {
            let mut diags = parsed.diags;
            diags.sort_by_source();
            return Err(Error::new(diags).with_renderer(renderer(source, file_name)));
        }
        Ok(parsed.body)
    }

    /// Parses, keeping the tree the parser recovered from syntax errors.
    pub(crate) fn parse_recovering(&self, source: &[u8], file_name: &str) -> Parsed {
        let syntax = self
            .syntax
            .unwrap_or_else(|| Syntax::from_file_name(file_name));
        crate::syntax::parse(source, file_name, syntax, &self.parse_options)
    }

    /// Decodes text into `T`; `file_name` names the file in diagnostics and
    /// (unless a syntax is set) chooses the syntax.
    ///
    /// Every mistake of the file is reported at once, in source order:
    /// syntax errors, and the decoding errors of the tree the parser
    /// recovered, except those the syntax errors already explain (an
    /// attribute whose text is broken is not reported again as a wrong
    /// value, an item in text the parser skipped is not reported missing).
    /// A file with a syntax error never decodes. Warnings do not make the
    /// decoding fail; [`Decoder::decode_str_with_warnings`] returns them.
    ///
    /// ```
    /// use hcl_decode::HclBody;
    ///
    /// #[derive(HclBody, Debug)]
    /// struct Config {
    ///     name: String,
    ///     port: u16,
    /// }
    ///
    /// let err = hcl_decode::Decoder::new()
    ///     .decode_str::<Config>("name = [\"api\"\nport = 70000\n", "app.hcl")
    ///     .unwrap_err();
    /// // The unclosed bracket swallowed `port`: it is not reported missing,
    /// // and `name`'s broken value is not reported again.
    /// assert_eq!(
    ///     err.diagnostics().to_string(),
    ///     "app.hcl:2,1-5: Missing item separator; Expected a comma to mark the beginning of the next item."
    /// );
    ///
    /// let err = hcl_decode::Decoder::new()
    ///     .decode_str::<Config>("name = \"api\" }\nport = 70000\n", "app.hcl")
    ///     .unwrap_err();
    /// // A syntax error and a decoding error, together.
    /// assert_eq!(
    ///     err.diagnostics().to_string(),
    ///     "app.hcl:1,14-15: Missing newline after argument; An argument definition must end with a newline.\n\
    ///      app.hcl:2,8-13: Invalid attribute value; Inappropriate value for attribute \"port\": value must be a whole number, between 0 and 65535 inclusive."
    /// );
    /// ```
    pub fn decode_str<T: HclBody>(&self, source: &str, file_name: &str) -> Result<T, Error> {
        self.decode_slice(source.as_bytes(), file_name)
    }

    /// [`Decoder::decode_str`] for bytes.
    pub fn decode_slice<T: HclBody>(&self, source: &[u8], file_name: &str) -> Result<T, Error> {
        self.decode_slice_with_warnings(source, file_name)
            .map(|d| d.value)
    }

    /// Reads and decodes a file.
    pub fn decode_file<T: HclBody>(&self, path: impl AsRef<Path>) -> Result<T, Error> {
        self.decode_file_with_warnings(path).map(|d| d.value)
    }

    /// [`Decoder::decode_str`], and the warnings found on the way.
    ///
    /// ```
    /// use hcl_decode::{Decoder, HclBody};
    ///
    /// #[derive(HclBody, Debug)]
    /// struct Config {
    ///     name: String,
    /// }
    ///
    /// let decoded = Decoder::new()
    ///     .decode_str_with_warnings::<Config>("name = \"api\"\n", "app.hcl")
    ///     .unwrap();
    /// assert_eq!(decoded.value.name, "api");
    /// assert!(decoded.warnings.is_empty());
    /// ```
    pub fn decode_str_with_warnings<T: HclBody>(
        &self,
        source: &str,
        file_name: &str,
    ) -> Result<Decoded<T>, Error> {
        self.decode_slice_with_warnings(source.as_bytes(), file_name)
    }

    /// [`Decoder::decode_slice`], and the warnings found on the way.
    pub fn decode_slice_with_warnings<T: HclBody>(
        &self,
        source: &[u8],
        file_name: &str,
    ) -> Result<Decoded<T>, Error> {
        self.decode_source(source, file_name, false)
            .map(|d| d.map(|(value, _)| value))
    }

    /// [`Decoder::decode_file`], and the warnings found on the way.
    pub fn decode_file_with_warnings<T: HclBody>(
        &self,
        path: impl AsRef<Path>,
    ) -> Result<Decoded<T>, Error> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        self.decode_slice_with_warnings(&bytes, &path.to_string_lossy())
    }

    /// Decodes text into `T` by partial processing of the top-level body
    /// (whatever the [`Mode`]), and returns the remaining body: what `T`
    /// does not name, which is no error here (hand it to another layer,
    /// or report it with [`layered::unconsumed`](crate::layered::unconsumed)).
    pub fn decode_partial_str<T: HclBody>(
        &self,
        source: &str,
        file_name: &str,
    ) -> Result<(T, BodyHandle), Error> {
        self.decode_source(source.as_bytes(), file_name, true)
            .map(|d| d.value)
    }

    /// Parses (keeping the recovered tree) and decodes.
    fn decode_source<T: HclBody>(
        &self,
        source: &[u8],
        file_name: &str,
        partial: bool,
    ) -> Result<Decoded<(T, BodyHandle)>, Error> {
        self.decode_evaluated(source, file_name, partial)
            .map(|e| Decoded {
                value: e.value,
                warnings: e.warnings,
                renderer: e.renderer,
            })
    }

    /// Decodes a body: the value (with the remaining body) if it could be
    /// built, and every diagnostic, in source order. `partial` forces
    /// partial processing of the top-level body.
    fn decode_in<T: HclBody>(
        &self,
        body: &BodyHandle,
        ctx: &EvalContext,
        partial: bool,
    ) -> (Option<(T, BodyHandle)>, Diagnostics) {
        let prepared = crate::language::prepare(&self.language, body, ctx);
        let (value, diags) = self.decode_plain::<T>(&prepared.body, &prepared.ctx, partial);
        let mut diags = prepared.combine(diags, &|_| None);
        diags.sort_by_source();
        (value, diags)
    }

    /// Decodes a body without the language layer.
    pub(crate) fn decode_plain<T: HclBody>(
        &self,
        body: &BodyHandle,
        ctx: &EvalContext,
        partial: bool,
    ) -> (Option<(T, BodyHandle)>, Diagnostics) {
        let mut cx = DecodeContext::new(ctx);
        let partial = partial || T::__PARTIAL || self.mode == Mode::Partial;
        let (value, rest) = decode_struct::<T>(body, None, partial, &mut cx);
        let diags = cx.into_diagnostics();
        let value = value.map(|v| {
            let rest = rest.unwrap_or_else(|| body.partial_content(&T::schema()).1);
            (v, rest)
        });
        (value, diags)
    }

    /// Decodes a parsed body into `T`; `Err` holds every diagnostic, in
    /// source order.
    pub fn decode_body<T: HclBody>(&self, body: &BodyHandle) -> Result<T, Diagnostics> {
        let ctx = self.eval_context_or_error()?;
        match self.decode_in::<T>(body, &ctx, false) {
            (Some((value, _)), diags) if !diags.has_errors() => Ok(value),
            (_, diags) => Err(diags),
        }
    }

    /// [`Decoder::decode_body`], and the warnings found on the way (the
    /// [`Decoded`] has no source text to show them with).
    pub fn decode_body_with_warnings<T: HclBody>(
        &self,
        body: &BodyHandle,
    ) -> Result<Decoded<T>, Diagnostics> {
        let ctx = self.eval_context_or_error()?;
        match self.decode_in::<T>(body, &ctx, false) {
            (Some((value, _)), warnings) if !warnings.has_errors() => Ok(Decoded {
                value,
                warnings,
                renderer: Renderer::new(),
            }),
            (_, diags) => Err(diags),
        }
    }

    /// Decodes a parsed body into `T` by partial processing (whatever the
    /// [`Mode`]) and returns the remaining body: what `T` does not name,
    /// which is no error here (see [`Decoder::decode_partial_str`]).
    ///
    /// ```
    /// use hcl_decode::prelude::*;
    ///
    /// #[derive(HclBody, Debug)]
    /// struct Core {
    ///     name: String,
    /// }
    ///
    /// let decoder = Decoder::new();
    /// let body = decoder.parse_slice(b"name = \"api\"\nplugin = 1\n", "a.hcl").unwrap();
    /// let (core, rest) = decoder.decode_body_partial::<Core>(&body).unwrap();
    /// assert_eq!(core.name, "api");
    /// assert_eq!(rest.just_attributes().0.keys().collect::<Vec<_>>(), ["plugin"]);
    /// // `decode_body` is exhaustive (by default): `plugin` is an error there.
    /// assert!(decoder.decode_body::<Core>(&body).is_err());
    /// ```
    pub fn decode_body_partial<T: HclBody>(
        &self,
        body: &BodyHandle,
    ) -> Result<(T, BodyHandle), Diagnostics> {
        let ctx = self.eval_context_or_error()?;
        match self.decode_in::<T>(body, &ctx, true) {
            (Some(value), diags) if !diags.has_errors() => Ok(value),
            (_, diags) => Err(diags),
        }
    }

    /// Parses text and starts a layered decoding of it (see [`Layers`]),
    /// with this decoder's evaluation context.
    ///
    /// A file with syntax errors is decoded too, so that
    /// [`Layers::finish`] reports every mistake at once (as
    /// [`Decoder::decode_str`] does); but no layer gets a value from it.
    /// `Err` only for invalid options (see [`Decoder::literal_only`]).
    pub fn layers_str(&self, source: &str, file_name: &str) -> Result<Layers, Error> {
        self.layers_slice(source.as_bytes(), file_name)
    }

    /// Reads a file and starts a layered decoding of it; `Err` if it
    /// cannot be read.
    pub fn layers_file(&self, path: impl AsRef<Path>) -> Result<Layers, Error> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        self.layers_slice(&bytes, &path.to_string_lossy())
    }

    fn layers_slice(&self, source: &[u8], file_name: &str) -> Result<Layers, Error> {
        let ctx = self
            .eval_context_or_error()
            .map_err(|d| Error::new(d).with_renderer(renderer(source, file_name)))?;
        let source = crate::language::files::Source {
            name: file_name.to_owned(),
            text: source.to_vec(),
        };
        Ok(crate::language::files::Files::parse(self, vec![source]).layers(self, &ctx))
    }
}

/// A renderer that knows the text of one file.
fn renderer(source: &[u8], file_name: &str) -> Renderer {
    let mut renderer = Renderer::new();
    renderer.add_source(file_name, String::from_utf8_lossy(source).into_owned());
    renderer
}

/// A decoded value, and the warnings found while decoding it (in source
/// order; errors would have made the decoding fail).
///
/// Returned by [`Decoder::decode_str_with_warnings`] and its siblings.
/// `render_warnings` shows the warnings with their source lines, as
/// [`Error`]'s `Display` shows errors.
#[derive(Clone, Debug)]
pub struct Decoded<T> {
    /// The value.
    pub value: T,
    /// The warnings, in source order.
    pub warnings: Diagnostics,
    renderer: Renderer,
}

impl<T> Decoded<T> {
    /// The value, dropping the warnings.
    pub fn into_value(self) -> T {
        self.value
    }

    /// The warnings rendered with their source lines (empty when there is
    /// none).
    pub fn render_warnings(&self) -> String {
        self.renderer.render(&self.warnings).trim_end().to_owned()
    }

    fn map<U>(self, f: impl FnOnce(T) -> U) -> Decoded<U> {
        Decoded {
            value: f(self.value),
            warnings: self.warnings,
            renderer: self.renderer,
        }
    }
}
