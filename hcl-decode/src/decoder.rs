//! Reading files into derived structs: [`from_file`], [`from_str`],
//! [`from_slice`], and the [`Decoder`] with its options (variables,
//! functions, literal-only mode, exhaustive or partial processing, the
//! syntax, the configuration language) and its sources; every entry point
//! runs the one [pipeline](crate::pipeline).

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use hcl_core::function::Function;
use hcl_core::native::ParseOptions;
use hcl_core::parse::Syntax;
use hcl_core::{Diagnostic, Diagnostics, EvalContext, EvalContextError, Semantics, Value};
use hcl_functions::Library;

use crate::decode::{DecodeContext, HclBody, decode_struct};
use crate::error::{Error, Warnings};
use crate::handle::BodyHandle;
use crate::language::InputVariable;
use crate::layered::Layers;
use crate::pipeline::{self, Computed, Input};
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

/// Whether elements a struct does not name are errors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Every attribute or block the struct does not name is an error,
    /// unless the struct has a `remain` field.
    #[default]
    Exhaustive,
    /// Attributes and blocks the top-level struct does not name are no
    /// error, as if the struct had a `remain` field (to decode them in
    /// turns, see [`Decoder::layers`]). Nested blocks are still decoded by
    /// their own structs' rules.
    Partial,
}

/// Decoding with options: variables and functions for expressions,
/// literal-only mode, exhaustive or partial processing, a forced syntax,
/// the configuration language; and sources ([`Decoder::file`],
/// [`Decoder::files`], [`Decoder::text`]), which [`Decoder::decode`] or
/// [`Decoder::layers`] decode as one configuration. The one-liners
/// ([`Decoder::decode_str`], ...) decode their own source instead.
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
    sources: Vec<Input<'static>>,
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
            sources: Vec::new(),
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
    /// assert!(err.to_string().contains("Function not enabled"));
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
    /// differ ([`Decoded::warnings`]);
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
    /// let spec = Decoder::new().text(src, "c.hcl").decode::<Config>().unwrap();
    /// assert_eq!(spec.value.tags.to_string(), "{ \"name\" = null }");
    /// let warning = spec.warnings().diagnostics().iter().next().unwrap();
    /// assert_eq!(warning.summary, "Result differs from HashiCorp's HCL");
    ///
    /// let go = Decoder::new()
    ///     .semantics(Semantics::Go)
    ///     .text(src, "c.hcl")
    ///     .decode::<Config>()
    ///     .unwrap();
    /// assert_eq!(go.value.tags.to_string(), "{}");
    /// assert!(go.warnings().is_empty());
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

    /// Adds a file to the configuration that [`Decoder::decode`] and
    /// [`Decoder::layers`] decode (native or JSON, by its name, unless a
    /// [syntax](Decoder::syntax) is set). A file that cannot be read is an
    /// error of the decoding, reported with the others.
    pub fn file(mut self, path: impl AsRef<Path>) -> Decoder {
        self.sources.push(Input::File(path.as_ref().to_path_buf()));
        self
    }

    /// Adds files to the configuration, in this order (see
    /// [`Decoder::file`]).
    pub fn files<P: AsRef<Path>>(mut self, paths: impl IntoIterator<Item = P>) -> Decoder {
        for path in paths {
            self.sources.push(Input::File(path.as_ref().to_path_buf()));
        }
        self
    }

    /// Adds text to the configuration; `file_name` names it in
    /// diagnostics and (unless a syntax is set) chooses the syntax.
    pub fn text(mut self, text: impl AsRef<[u8]>, file_name: impl Into<String>) -> Decoder {
        self.sources.push(Input::Text {
            name: file_name.into().into(),
            text: text.as_ref().to_vec().into(),
        });
        self
    }

    /// The sources added, borrowed.
    pub(crate) fn inputs(&self) -> Vec<Input<'_>> {
        self.sources
            .iter()
            .map(|input| match input {
                Input::Text { name, text } => Input::Text {
                    name: Cow::Borrowed(&**name),
                    text: Cow::Borrowed(&**text),
                },
                other => other.clone(),
            })
            .collect()
    }

    /// Decodes the sources added ([`Decoder::file`], [`Decoder::files`],
    /// [`Decoder::text`]) as one configuration: their bodies merged, the
    /// language blocks pooled, every diagnostic of every file at once,
    /// file by file in the order given. `Ok` holds the value, the warnings,
    /// the input variables and the local values.
    ///
    /// ```
    /// use hcl_decode::language::ValueSource;
    /// use hcl_decode::{Decoder, HclBody, Value};
    ///
    /// #[derive(HclBody, Debug)]
    /// struct Config {
    ///     name: String,
    /// }
    ///
    /// let decoded = Decoder::new()
    ///     .variable_blocks()
    ///     .locals()
    ///     .input("env", Value::string("prod"))
    ///     .text("variable \"env\" {}\n", "vars.hcl")
    ///     .text("locals { name = \"api-${var.env}\" }\nname = local.name\n", "main.hcl")
    ///     .decode::<Config>()
    ///     .unwrap();
    /// assert_eq!(decoded.value.name, "api-prod");
    /// assert_eq!(decoded.inputs()["env"].source, ValueSource::Input);
    /// assert_eq!(decoded.locals()["name"], Value::string("api-prod"));
    /// assert!(decoded.warnings().is_empty());
    /// ```
    pub fn decode<T: HclBody>(&self) -> Result<Decoded<T>, Error> {
        pipeline::run(self, self.inputs(), |body, ctx, diags| {
            self.decode_step::<T>(body, ctx, diags)
        })
    }

    /// Starts a layered decoding of the sources added (see [`Layers`]):
    /// the language layer has run; each [`Layers::decode`] decodes one
    /// struct from what is left, and [`Layers::finish`] reports everything.
    ///
    /// A file with syntax errors is decoded too, so that
    /// [`Layers::finish`] reports every mistake at once (as
    /// [`Decoder::decode`] does); but no layer gets a value from it.
    /// `Err` only for invalid options (see [`Decoder::literal_only`]).
    pub fn layers(&self) -> Result<Layers, Error> {
        pipeline::start(self, self.inputs()).map(Layers::started)
    }

    /// The decode step of [`Decoder::decode`]: `T` from the body.
    fn decode_step<T: HclBody>(
        &self,
        body: &BodyHandle,
        ctx: &EvalContext,
        diags: &mut Diagnostics,
    ) -> Option<T> {
        let mut cx = DecodeContext::new(ctx);
        let partial = T::__PARTIAL || self.mode == Mode::Partial;
        let (value, _) = decode_struct::<T>(body, None, partial, &mut cx);
        diags.extend(cx.into_diagnostics());
        value
    }

    /// Decodes `inputs` alone (not the sources added).
    fn decode_inputs<T: HclBody>(&self, inputs: Vec<Input<'_>>) -> Result<T, Error> {
        pipeline::run(self, inputs, |body, ctx, diags| {
            self.decode_step::<T>(body, ctx, diags)
        })
        .map(Decoded::into_value)
    }

    /// Decodes several files (native or JSON, by name) as one
    /// configuration (see [`Decoder::decode`]); the sources added are not
    /// among them.
    pub fn decode_files<T: HclBody, P: AsRef<Path>>(
        &self,
        paths: impl IntoIterator<Item = P>,
    ) -> Result<T, Error> {
        let inputs = paths
            .into_iter()
            .map(|p| Input::File(p.as_ref().to_path_buf()))
            .collect();
        self.decode_inputs(inputs)
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
            // The library's table, shared: the decoder's own functions
            // and variables go in a child.
            None => EvalContext::with_functions(self.library.table()).new_child(),
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
        if !literal && self.base.is_some() {
            // The library is the lowest layer: a base context's functions
            // and the decoder's own override it.
            for (name, function) in self.library.table().iter() {
                let shadowed = self
                    .base
                    .as_ref()
                    .is_some_and(|b| b.function(name).is_some());
                if !shadowed {
                    ctx.declare_function(name.clone(), function.clone())?;
                }
            }
        }
        if !literal {
            // A call to a function the library leaves out says how to
            // enable it.
            ctx.set_function_advice(self.library.advice());
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
    /// one set). `Err` holds the syntax errors. [`Decoder::decode_body`]
    /// shows its diagnostics with this text.
    pub fn parse_slice(&self, source: &[u8], file_name: &str) -> Result<BodyHandle, Error> {
        let parsed = self.parse_recovering(source, file_name);
        if parsed.diags.has_errors() {
            let mut diags = parsed.diags;
            diags.sort_by_source();
            return Err(Error::new(diags)
                .with_source(file_name, String::from_utf8_lossy(source).into_owned()));
        }
        Ok(parsed.body.with_source(file_name, source))
    }

    /// Parses, keeping the tree the parser recovered from syntax errors.
    pub(crate) fn parse_recovering(&self, source: &[u8], file_name: &str) -> Parsed {
        let syntax = self
            .syntax
            .unwrap_or_else(|| Syntax::from_file_name(file_name));
        crate::syntax::parse(source, file_name, syntax, &self.parse_options)
    }

    /// Decodes text into `T`; `file_name` names the file in diagnostics and
    /// (unless a syntax is set) chooses the syntax. The sources added are
    /// not decoded: this is [`Decoder::text`] then [`Decoder::decode`],
    /// the warnings dropped.
    ///
    /// Every mistake of the file is reported at once, in source order:
    /// syntax errors, and the decoding errors of the tree the parser
    /// recovered, except those the syntax errors already explain (an
    /// attribute whose text is broken is not reported again as a wrong
    /// value, an item in text the parser skipped is not reported missing).
    /// A file with a syntax error never decodes.
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
        self.decode_inputs(vec![Input::Text {
            name: Cow::Borrowed(file_name),
            text: Cow::Borrowed(source),
        }])
    }

    /// Reads and decodes a file (the sources added are not decoded).
    pub fn decode_file<T: HclBody>(&self, path: impl AsRef<Path>) -> Result<T, Error> {
        self.decode_inputs(vec![Input::File(path.as_ref().to_path_buf())])
    }

    /// Decodes a parsed body into `T`, with the language layer as for text
    /// (the sources added are not decoded); a body from
    /// [`Decoder::parse_slice`] shows its diagnostics with its text.
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
    /// let err = decoder.decode_body::<Core>(&body).unwrap_err();
    /// assert!(err.to_string().starts_with("Error: Unsupported argument\n\n  on a.hcl line 2:"));
    /// // Partial processing leaves `plugin` alone.
    /// let core: Core = decoder.clone().partial().decode_body(&body).unwrap();
    /// assert_eq!(core.name, "api");
    /// ```
    pub fn decode_body<T: HclBody>(&self, body: &BodyHandle) -> Result<T, Error> {
        self.decode_inputs(vec![Input::Body(body.clone())])
    }
}

/// A decoded value, with what decoding it found: the warnings (in their
/// final form; errors would have made the decoding fail), the input
/// variables and the local values (for the application's own use, e.g.
/// printing a plan).
///
/// Returned by [`Decoder::decode`]. `Debug` shows sensitive values (a
/// sensitive variable's, a sensitive local's) as `(sensitive value)`.
#[derive(Clone)]
pub struct Decoded<T> {
    /// The value.
    pub value: T,
    pub(crate) warnings: Warnings,
    pub(crate) computed: Computed,
}

impl<T> Decoded<T> {
    /// The value, dropping the rest.
    pub fn into_value(self) -> T {
        self.value
    }

    /// The warnings, in source order, rendered as [`Error`] renders
    /// errors.
    pub fn warnings(&self) -> &Warnings {
        &self.warnings
    }

    /// The input variables ([`Decoder::variable_blocks`]), by name, each
    /// with its value and where the value came from.
    pub fn inputs(&self) -> &BTreeMap<String, InputVariable> {
        &self.computed.inputs
    }

    /// The local values ([`Decoder::locals`]), by name, the sensitive ones
    /// included.
    pub fn locals(&self) -> &BTreeMap<String, Value> {
        &self.computed.locals
    }

    /// The names of the sensitive locals: those derived from a sensitive
    /// variable (directly or through other locals). Their values never
    /// appear in a diagnostic.
    pub fn sensitive_locals(&self) -> &BTreeSet<String> {
        &self.computed.sensitive_locals
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Decoded<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        struct Locals<'a>(&'a Computed);
        impl std::fmt::Debug for Locals<'_> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let mut map = f.debug_map();
                for (name, value) in &self.0.locals {
                    if self.0.sensitive_locals.contains(name) {
                        map.entry(name, &format_args!("(sensitive value)"));
                    } else {
                        map.entry(name, value);
                    }
                }
                map.finish()
            }
        }
        f.debug_struct("Decoded")
            .field("value", &self.value)
            .field("warnings", &self.warnings)
            .field("inputs", &self.computed.inputs)
            .field("locals", &Locals(&self.computed))
            .field("sensitive_locals", &self.computed.sensitive_locals)
            .finish()
    }
}
