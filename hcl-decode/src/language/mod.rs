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
//! [`Decoded::sensitive_locals`](crate::Decoded::sensitive_locals) names them.
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

pub(crate) mod functions;
mod locals;
mod variables;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;

use hcl_core::body::{BlockHeaderSchema, BodySchema};
use hcl_core::{Diagnostic, DiagnosticKind, Diagnostics, EvalContext, Range, Type, Value};

pub use functions::MAX_CALL_DEPTH;

use crate::handle::BodyHandle;
use crate::redact::Redaction;

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
///
/// `Debug` shows a sensitive variable's value as `(sensitive value)`.
#[derive(Clone)]
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
    /// What no diagnostic may show (see [`crate::redact`]).
    pub(crate) redaction: Redaction,
    /// Variable files read: name and text, for the renderer.
    pub(crate) var_files: Vec<(String, Arc<str>)>,
    /// The names the layer owns, to word references to others.
    pub(crate) references: References,
}

/// The names of `var` and `local` when the layer owns them
/// ([`Decoder::variable_blocks`](crate::Decoder::variable_blocks),
/// [`Decoder::locals`](crate::Decoder::locals)): a misspelt reference to
/// one is worded as such, with a suggestion.
#[derive(Clone, Debug, Default)]
pub(crate) struct References {
    variables: Option<Vec<String>>,
    locals: Option<Vec<String>>,
}

impl std::fmt::Debug for InputVariable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("InputVariable");
        d.field("name", &self.name);
        if self.sensitive {
            d.field("value", &format_args!("(sensitive value)"));
        } else {
            d.field("value", &self.value);
        }
        d.field("source", &self.source)
            .field("ty", &self.ty)
            .field("description", &self.description)
            .field("sensitive", &self.sensitive)
            .field("decl_range", &self.decl_range)
            .finish()
    }
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

/// Runs the layer over `body` in `base` (the decoder's context);
/// `dynamic` says whether the body may hold `dynamic` blocks. A layer with
/// nothing to do costs nothing: the body and the context go through.
pub(crate) fn prepare(
    options: &Options,
    body: &BodyHandle,
    base: &EvalContext,
    dynamic: bool,
) -> Prepared {
    let mut prepared = Prepared {
        body: body.clone(),
        ctx: base.clone(),
        diags: Diagnostics::new(),
        variables: BTreeMap::new(),
        locals: BTreeMap::new(),
        sensitive_locals: BTreeSet::new(),
        failed: false,
        redaction: Redaction::default(),
        var_files: Vec::new(),
        references: References::default(),
    };
    let any = options.variable_blocks || options.locals || options.user_functions;
    if !any {
        if options.dynamic_blocks && dynamic {
            prepared.body = expand_dynamic(body, base);
        }
        return prepared;
    }
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
    let (content, rest, d) = body.partial_content(&schema);
    diags.extend(d);
    prepared.body = rest;
    let blocks = |ty: &'static str| content.blocks_of_type(ty).cloned().collect::<Vec<_>>();

    // Variables first: functions, validations and locals see them.
    let mut fn_ctx = base.new_child();
    let mut vars = None;
    if options.variable_blocks {
        let out = variables::evaluate(options, &blocks("variable"), base.semantics(), &mut diags);
        prepared.redaction.add_masks(out.masks);
        prepared.redaction.add_secrets(out.secrets);
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
        let mut secrets = Vec::new();
        for name in &out.sensitive {
            if let Some(value) = out.values.get(name) {
                variables::secrets_of(value, &mut secrets);
            }
        }
        prepared.redaction.add_secrets(secrets);
        prepared.locals = out.values;
        prepared.sensitive_locals = out.sensitive;
    }

    if options.dynamic_blocks && dynamic {
        prepared.body = expand_dynamic(&prepared.body, &ctx);
    }
    if options.variable_blocks {
        prepared.references.variables = Some(prepared.variables.keys().cloned().collect());
    }
    if options.locals {
        prepared.references.locals = Some(prepared.locals.keys().cloned().collect());
    }
    prepared.ctx = ctx;
    prepared.diags = diags;
    prepared
}

fn expand_dynamic(body: &BodyHandle, ctx: &EvalContext) -> BodyHandle {
    BodyHandle::from_dyn(hcl_core::dynblock::expand(body.clone().into_dyn(), ctx))
}

impl References {
    /// A misspelt `var.NAME`/`local.NAME` (an unsupported attribute of
    /// the object the layer declared) worded as such, with a suggestion,
    /// its subject the whole reference; `text` is the source text of the
    /// diagnostic's file. Any other diagnostic is returned as it is.
    pub(crate) fn reword(&self, mut d: Diagnostic, text: Option<&[u8]>) -> Diagnostic {
        if !d.is(DiagnosticKind::UnsupportedAttribute) {
            return d;
        }
        let (Some(subject), Some(text)) = (d.subject.clone(), text) else {
            return d;
        };
        // The subject is the step: `.NAME`.
        let Some(name) = text
            .get(subject.start.offset()..subject.end.offset())
            .and_then(|step| step.strip_prefix(b"."))
            .and_then(|name| std::str::from_utf8(name).ok())
        else {
            return d;
        };
        let before = &text[..subject.start.offset().min(text.len())];
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
        let (root, names) = match (&self.locals, &self.variables) {
            (Some(names), _) if is_root("local") => ("local", names),
            (_, Some(names)) if is_root("var") => ("var", names),
            _ => return d,
        };
        let suggestion = hcl_core::suggestion(name, names.iter().map(String::as_str))
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
}
