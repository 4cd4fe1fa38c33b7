//! The configuration language layer: input variables (`variable` blocks,
//! `var.NAME`), local values (`locals` blocks, `local.NAME`), user
//! functions (`function` blocks), dynamic blocks, and several files decoded
//! as one configuration. The [`Decoder`](crate::Decoder) options switch
//! each feature on ([`Decoder::variable_blocks`](crate::Decoder::variable_blocks),
//! [`Decoder::locals`](crate::Decoder::locals),
//! [`Decoder::user_functions`](crate::Decoder::user_functions); dynamic
//! blocks are on by default, [`Decoder::dynamic_blocks`](crate::Decoder::dynamic_blocks)).
//!
//! The layer runs before the application's struct is decoded: it takes the
//! `variable`, `locals` and `function` blocks out of the body (the struct
//! never sees them), computes the variables' values (default < environment
//! < variable files < explicit inputs), the user functions, then the
//! locals in dependency order, and expands the `dynamic` blocks of what is
//! left in a context that has all of them. A value that could not be
//! computed is unknown from then on, and an unknown value produces no
//! second error.
//!
//! # What sees what
//!
//! - `validation` conditions and `locals` see `var`, the functions (the
//!   application's and the user's); locals see each other.
//! - The rest of the configuration sees `var`, `local` and the functions.
//! - A user function's `result` sees its parameters, the functions (the
//!   application's, the library's and the other user functions), `var`
//!   and the application's own variables, but **not `local`**: locals may
//!   call the functions, so a function that read a local could make a
//!   cycle the references at the call do not show. A reference to a local
//!   is an error at the reference ("Pass the value as an argument
//!   instead"). This is HashiCorp's `ext/userfunc` with a context function
//!   in what its documentation calls "the simplest use": functions see "the
//!   same global variables and functions available elsewhere" (Terraform
//!   has no user functions to follow). A sensitive variable read by a
//!   function stays redacted wherever its text appears; a local's
//!   sensitivity follows the references written in it.
//!
//! # Sensitive values
//!
//! A `sensitive = true` variable's value never appears in a diagnostic:
//! its texts are redacted from every summary and detail, the source
//! ranges of its values (a default, a variable file's value) are masked
//! when the source is shown, and a validation message that refers to it
//! is withheld. A local that refers to a sensitive variable, or to a
//! sensitive local, is sensitive itself (as Terraform marks it): its
//! value's texts are redacted the same way and the diagnostics of its
//! own evaluation have their details hidden.
//! [`Evaluated::sensitive_locals`] names them.
//!
//! ```
//! use hcl_decode::prelude::*;
//! use hcl_decode::{Decoder, Value};
//!
//! #[derive(HclBody, Debug)]
//! struct Config { url: String, port: u16 }
//!
//! let src = r#"
//! variable "password" {
//!   sensitive = true
//! }
//! locals {
//!   url = "https://admin:${var.password}@db.internal/"
//! }
//! url  = local.url
//! port = local.url
//! "#;
//! let err = Decoder::new()
//!     .variable_blocks()
//!     .locals()
//!     .input("password", Value::string("s3cr3t-pw"))
//!     .decode_str::<Config>(src, "app.hcl")
//!     .unwrap_err();
//! assert!(!err.to_string().contains("s3cr3t-pw"));
//! ```
//!
//! # Resources
//!
//! Expanding a `dynamic` block costs a few dozen small allocations per
//! generated block, locals and variables a few dozen per item; each grows
//! linearly (`bench/benches/language.rs`). The user functions refer to
//! each other through a shared scope without a reference cycle: once the
//! decoder and what it returned are dropped, so is everything the
//! functions held.

pub(crate) mod files;
pub mod functions;
mod locals;
mod variables;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;

use hcl_core::body::{BlockHeaderSchema, BodySchema};
use hcl_core::{Diagnostic, Diagnostics, EvalContext, Range, Renderer, Type, Value};

use crate::handle::BodyHandle;

/// The language options of a [`Decoder`](crate::Decoder).
#[derive(Clone, Debug)]
pub(crate) struct Options {
    pub(crate) variable_blocks: bool,
    pub(crate) locals: bool,
    pub(crate) user_functions: bool,
    pub(crate) dynamic_blocks: bool,
    pub(crate) env_prefix: Option<String>,
    pub(crate) var_files: Vec<PathBuf>,
    pub(crate) inputs: BTreeMap<String, Value>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variable_blocks: false,
            locals: false,
            user_functions: false,
            dynamic_blocks: true,
            env_prefix: None,
            var_files: Vec::new(),
            inputs: BTreeMap::new(),
        }
    }
}

/// Where an input variable's value came from.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueSource {
    /// The declared `default` (its range).
    Default(Range),
    /// An environment variable (its name, e.g. `APP_VAR_port`).
    Environment(String),
    /// A variable file (the range of the value in that file).
    VarFile(Range),
    /// An explicit input ([`Decoder::input`](crate::Decoder::input)).
    Input,
    /// Nowhere: a required variable without a value (an error).
    Unset,
}

/// An input variable after decoding: its declaration and its value.
#[derive(Clone, Debug)]
pub struct InputVariable {
    /// The name (`var.NAME`).
    pub name: String,
    /// The value, converted to the type constraint with the optional
    /// attributes' defaults filled in (unknown if it was in error).
    pub value: Value,
    /// Where the value came from.
    pub source: ValueSource,
    /// The type constraint (`any` when none was given).
    pub ty: Type,
    /// `description`.
    pub description: Option<String>,
    /// `sensitive`: the value never appears in a diagnostic.
    pub sensitive: bool,
    /// The `variable "NAME"` header.
    pub decl_range: Range,
}

/// A value decoded with the language layer, and what the layer computed:
/// the input variables and the local values (for the application's own
/// use, e.g. printing a plan), and the warnings.
///
/// Returned by [`Decoder::decode_files_evaluated`](crate::Decoder::decode_files_evaluated)
/// and [`Decoder::decode_str_evaluated`](crate::Decoder::decode_str_evaluated).
#[derive(Clone, Debug)]
pub struct Evaluated<T> {
    /// The value.
    pub value: T,
    /// The input variables, by name.
    pub variables: BTreeMap<String, InputVariable>,
    /// The local values, by name.
    pub locals: BTreeMap<String, Value>,
    /// The names of the sensitive locals: those derived from a sensitive
    /// variable (directly or through other locals). Their values never
    /// appear in a diagnostic.
    pub sensitive_locals: BTreeSet<String>,
    /// The warnings, in source order.
    pub warnings: Diagnostics,
    pub(crate) renderer: Renderer,
}

impl<T> Evaluated<T> {
    /// The value of `var.NAME`.
    pub fn variable(&self, name: &str) -> Option<&Value> {
        self.variables.get(name).map(|v| &v.value)
    }

    /// The value of `local.NAME`.
    pub fn local(&self, name: &str) -> Option<&Value> {
        self.locals.get(name)
    }

    /// The warnings rendered with their source lines.
    pub fn render_warnings(&self) -> String {
        self.renderer.render(&self.warnings).trim_end().to_owned()
    }

    pub(crate) fn map<U>(self, f: impl FnOnce(T) -> U) -> Evaluated<U> {
        Evaluated {
            value: f(self.value),
            variables: self.variables,
            locals: self.locals,
            sensitive_locals: self.sensitive_locals,
            warnings: self.warnings,
            renderer: self.renderer,
        }
    }
}

/// What the layer made of a body: the body the struct decodes (the
/// layer's blocks taken out, dynamic blocks expanded), the context, and
/// the layer's own diagnostics.
pub(crate) struct Prepared {
    pub(crate) body: BodyHandle,
    pub(crate) ctx: EvalContext,
    pub(crate) diags: Diagnostics,
    pub(crate) variables: BTreeMap<String, InputVariable>,
    pub(crate) locals: BTreeMap<String, Value>,
    /// The locals derived from sensitive values.
    pub(crate) sensitive_locals: BTreeSet<String>,
    /// Some value could not be computed (it is unknown downstream).
    pub(crate) failed: bool,
    /// Ranges of sensitive values in source files (masked when shown).
    pub(crate) masks: Vec<Range>,
    /// Texts of sensitive values (redacted from diagnostic text).
    pub(crate) secrets: Vec<String>,
    /// Variable files read: name and text, for the renderer.
    pub(crate) var_files: Vec<(String, Arc<str>)>,
    /// `variable_blocks()` and `locals()`: only then does the layer own
    /// `var`/`local` and word unresolved references to them itself.
    variables_on: bool,
    locals_on: bool,
}

fn declare(ctx: &mut EvalContext, name: &str, value: Value, diags: &mut Diagnostics) {
    if let Err(e) = ctx.declare_variable(name.to_owned(), value) {
        diags.push(
            Diagnostic::error("Invalid decoder options").with_detail(format!(
                "The configuration language needs the variable {name:?}, but: {e}."
            )),
        );
    }
}

/// Runs the layer over `body` in `base` (the decoder's context).
pub(crate) fn prepare(options: &Options, body: &BodyHandle, base: &EvalContext) -> Prepared {
    let mut diags = Diagnostics::new();
    let mut schema = BodySchema::new();
    if options.variable_blocks {
        schema = schema.block(BlockHeaderSchema::new("variable").label("name"));
    }
    if options.locals {
        schema = schema.block(BlockHeaderSchema::new("locals"));
    }
    if options.user_functions {
        schema = schema.block(BlockHeaderSchema::new("function").label("name"));
    }
    let any = options.variable_blocks || options.locals || options.user_functions;
    let (content, rest) = if any {
        let (content, rest, d) = body.partial_content(&schema);
        diags.extend(d);
        (Some(content), rest)
    } else {
        (None, body.clone())
    };
    let blocks = |ty: &'static str| {
        content
            .as_ref()
            .map(|c| c.blocks_of_type(ty).cloned().collect::<Vec<_>>())
            .unwrap_or_default()
    };

    let mut prepared = Prepared {
        body: rest,
        ctx: base.clone(),
        diags: Diagnostics::new(),
        variables: BTreeMap::new(),
        locals: BTreeMap::new(),
        sensitive_locals: BTreeSet::new(),
        failed: false,
        masks: Vec::new(),
        secrets: Vec::new(),
        var_files: Vec::new(),
        variables_on: options.variable_blocks,
        locals_on: options.locals,
    };

    // Variables first: functions, validations and locals see them.
    let mut fn_ctx = base.new_child();
    let mut vars = None;
    if options.variable_blocks {
        let out = variables::evaluate(options, &blocks("variable"), base.semantics(), &mut diags);
        prepared.masks = out.masks;
        prepared.secrets = out.secrets;
        prepared.var_files = out.var_files;
        prepared.failed |= out.failed;
        let object = variables::object(&out.variables);
        declare(&mut fn_ctx, "var", object, &mut diags);
        vars = Some((out.variables, out.validations));
    }

    // User functions see their parameters, `var`, the application's
    // variables and the functions, not `local` (see the module docs).
    if options.user_functions {
        let (funcs, d) = functions::linked_functions(&blocks("function"), &fn_ctx);
        prepared.failed |= d.has_errors();
        diags.extend(d);
        for (name, f) in funcs {
            if let Err(e) = fn_ctx.declare_function(name, f) {
                diags.push(Diagnostic::error("Invalid decoder options").with_detail(e.to_string()));
            }
        }
    }

    // Validations, now that functions exist.
    if let Some((mut variables, validations)) = vars {
        if variables::validate(&mut variables, &validations, &fn_ctx, &mut diags) {
            prepared.failed = true;
            let object = variables::object(&variables);
            let mut child = fn_ctx.new_child();
            declare(&mut child, "var", object, &mut diags);
            fn_ctx = child;
        }
        prepared.variables = variables;
    }

    let mut ctx = fn_ctx.new_child();
    if options.locals {
        let sensitive_vars = prepared
            .variables
            .values()
            .filter(|v| v.sensitive)
            .map(|v| v.name.clone())
            .collect();
        let out = locals::evaluate(&blocks("locals"), &fn_ctx, &sensitive_vars, &mut diags);
        prepared.failed |= out.failed;
        let object = Value::object(out.values.iter().map(|(k, v)| (k.clone(), v.clone())));
        declare(&mut ctx, "local", object, &mut diags);
        // A local derived from a sensitive value is sensitive: its texts
        // are redacted as the variables' are.
        for name in &out.sensitive {
            if let Some(value) = out.values.get(name) {
                variables::secrets_of(value, &mut prepared.secrets);
            }
        }
        prepared
            .secrets
            .sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        prepared.secrets.dedup();
        prepared.locals = out.values;
        prepared.sensitive_locals = out.sensitive;
    }

    if options.dynamic_blocks {
        prepared.body =
            BodyHandle::from_dyn(hcl_core::dynblock::expand(prepared.body.into_dyn(), &ctx));
    }
    prepared.ctx = ctx;
    prepared.diags = diags;
    prepared
}

impl Prepared {
    /// The layer's diagnostics and the decoding's, as the user should see
    /// them: no "not known yet" error derived from an earlier one, a
    /// misspelt `var.NAME`/`local.NAME` worded as such (with a
    /// suggestion), and no sensitive value in any text.
    pub(crate) fn combine(
        &self,
        decoding: Diagnostics,
        texts: &dyn Fn(&str) -> Option<Arc<str>>,
    ) -> Diagnostics {
        let mut all = self.diags.clone();
        for d in decoding {
            if self.failed && d.detail.contains("the value is not known yet") {
                continue;
            }
            all.push(self.reword_reference(d, texts));
        }
        self.redact(all)
    }

    fn reword_reference(
        &self,
        mut d: Diagnostic,
        texts: &dyn Fn(&str) -> Option<Arc<str>>,
    ) -> Diagnostic {
        if d.summary != "Unsupported attribute" {
            return d;
        }
        let Some(subject) = d.subject.clone() else {
            return d;
        };
        let Some(name) = d
            .detail
            .strip_prefix("This object does not have an attribute named \"")
            // The core may add its own "Did you mean" after the name.
            .and_then(|s| s.split_once("\".").map(|(name, _)| name))
        else {
            return d;
        };
        let Some(text) = texts(&subject.filename) else {
            return d;
        };
        let before = &text.as_bytes()[..subject.start.offset().min(text.len())];
        // `local` as a whole name (not the end of `mylocal`).
        let is_root = |root: &str| {
            before.ends_with(root.as_bytes())
                && !before[..before.len() - root.len()]
                    .last()
                    .is_some_and(|&b| {
                        b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | 0x80..)
                    })
        };
        // With a feature off, `local`/`var` are whatever the application
        // declared (or nothing): the core's wording stands.
        let (root, names): (&str, Vec<&str>) = if self.locals_on && is_root("local") {
            ("local", self.locals.keys().map(String::as_str).collect())
        } else if self.variables_on && is_root("var") {
            ("var", self.variables.keys().map(String::as_str).collect())
        } else {
            return d;
        };
        let suggestion = hcl_core::suggest::suggestion(name, names)
            .map(|s| format!(" Did you mean {s:?}?"))
            .unwrap_or_default();
        if root == "local" {
            d.summary = "Reference to undeclared local value".into();
            d.detail =
                format!("A local value with the name {name:?} has not been declared.{suggestion}")
                    .into();
        } else {
            d.summary = "Reference to undeclared input variable".into();
            d.detail = format!(
                "An input variable with the name {name:?} has not been declared.{suggestion}"
            )
            .into();
        }
        let start = hcl_core::Pos {
            byte: subject.start.byte.saturating_sub(root.len() as u32),
            line: subject.start.line,
            column: subject.start.column.saturating_sub(root.len() as u32),
        };
        d.subject = Some(Range::new(subject.filename.clone(), start, subject.end));
        d
    }

    /// Replaces every sensitive text in the diagnostics' summaries and
    /// details.
    pub(crate) fn redact(&self, diags: Diagnostics) -> Diagnostics {
        if self.secrets.is_empty() {
            return diags;
        }
        diags
            .into_iter()
            .map(|mut d| {
                for s in &self.secrets {
                    if d.detail.contains(s.as_str()) {
                        d.detail = d.detail.replace(s.as_str(), "(sensitive value)").into();
                    }
                    if d.summary.contains(s.as_str()) {
                        d.summary = d.summary.replace(s.as_str(), "(sensitive value)").into();
                    }
                }
                d
            })
            .collect()
    }

    /// A file's text with the sensitive values in it masked.
    pub(crate) fn masked(&self, name: &str, text: &str) -> String {
        let mut bytes = text.as_bytes().to_vec();
        for r in self.masks.iter().filter(|r| *r.filename == *name) {
            let (start, end) = (
                r.start.offset().min(bytes.len()),
                r.end.offset().min(bytes.len()),
            );
            // Every byte but line breaks, so that byte offsets (and the
            // ranges of other diagnostics) stay where they were.
            for b in &mut bytes[start..end] {
                if *b != b'\n' && *b != b'\r' {
                    *b = b'*';
                }
            }
        }
        String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned())
    }

    /// A renderer of these files (masked) and of the variable files read.
    pub(crate) fn renderer<'a>(
        &self,
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Renderer {
        let mut renderer = Renderer::new();
        for (name, text) in files {
            renderer.add_source(name, self.masked(name, text));
        }
        for (name, text) in &self.var_files {
            renderer.add_source(name.as_str(), self.masked(name, text));
        }
        renderer
    }
}
