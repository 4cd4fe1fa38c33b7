//! Layered partial decoding: an application decodes what it knows, hands
//! the rest of the body to plugins, each decoding its part with its own
//! derived struct, and at the end whatever nobody consumed is reported
//! once, with "Did you mean …?" suggestions drawn from every layer's
//! schema.
//!
//! Two ways to do it:
//!
//! - [`Layers`] drives it: [`Layers::decode`] once per layer, then
//!   [`Layers::finish`].
//! - By hand, when the remaining body travels through the application
//!   (say in a `#[hcl(remain)]` field): [`decode_partial`] per layer, then
//!   [`unconsumed`] with every layer's schema.
//!
//! ```
//! use hcl_decode::{Decoder, HclBody};
//!
//! #[derive(HclBody, Debug)]
//! struct App {
//!     name: String,
//! }
//!
//! #[derive(HclBody, Debug)]
//! struct Metrics {
//!     #[hcl(default = 9090)]
//!     metrics_port: u16,
//! }
//!
//! let src = "name = \"api\"\nmetrics_port = 9100\nmetrics_prot = 1\n";
//! let mut layers = Decoder::new().text(src, "app.hcl").layers().unwrap();
//! let app: Option<App> = layers.decode();
//! let metrics: Option<Metrics> = layers.decode();
//! assert_eq!(app.unwrap().name, "api");
//! assert_eq!(metrics.unwrap().metrics_port, 9100);
//!
//! // One diagnostic for what nobody consumed, with a suggestion from the
//! // plugin's schema.
//! let err = layers.finish().unwrap_err();
//! assert_eq!(
//!     err.diagnostics().to_string(),
//!     "app.hcl:3,1-13: Unsupported argument; An argument named \"metrics_prot\" is not expected here. Did you mean \"metrics_port\"?"
//! );
//! ```

use hcl_core::body::{AttributeSchema, BodySchema};
use hcl_core::{Diagnostics, EvalContext};

use crate::decode::{Content, DecodeContext, HclBody};
use crate::error::{Error, Warnings};
use crate::handle::BodyHandle;
use crate::pipeline::Finish;

/// A layered decoding of one configuration, made by
/// [`Decoder::layers`](crate::Decoder::layers): each [`Layers::decode`]
/// takes the attributes and blocks its struct names from what is left;
/// [`Layers::finish`] reports what is left over, and every diagnostic of
/// every layer, in the final form the decoder's other entry points give
/// them.
pub struct Layers {
    rest: BodyHandle,
    ctx: EvalContext,
    schemas: Vec<BodySchema>,
    diags: Diagnostics,
    /// A source has syntax errors: no layer gets a value.
    syntax_errors: bool,
    finish: Finish<'static>,
}

impl std::fmt::Debug for Layers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Layers")
            .field("rest", &self.rest)
            .field("layers", &self.schemas.len())
            .finish_non_exhaustive()
    }
}

impl Layers {
    /// Starts with a whole body, evaluating expressions in `ctx` (no
    /// source text: see [`Layers::with_source`]).
    pub fn new(body: BodyHandle, ctx: EvalContext) -> Layers {
        Layers {
            rest: body,
            ctx,
            schemas: Vec::new(),
            diags: Diagnostics::new(),
            syntax_errors: false,
            finish: Finish::default(),
        }
    }

    /// The layers of a configuration that the pipeline brought up to the
    /// decode step.
    pub(crate) fn started(started: crate::pipeline::Started<'_>) -> Layers {
        Layers {
            rest: started.body,
            ctx: started.ctx,
            schemas: Vec::new(),
            diags: Diagnostics::new(),
            syntax_errors: started.syntax_errors,
            finish: started.finish.into_owned(),
        }
    }

    /// Registers a file's text, to show its lines in [`Layers::finish`]'s
    /// error.
    pub fn with_source(mut self, file_name: &str, text: &str) -> Layers {
        self.finish.add_source(file_name, text);
        self
    }

    /// Decodes one layer from what is left: `T`'s attributes and blocks
    /// are taken (and hidden from later layers); a `remain` field of `T`
    /// sees what is left after it. `None` if `T` could not be decoded (the
    /// diagnostics are kept for [`Layers::finish`]), and always `None` for
    /// a configuration with syntax errors (its layers are decoded all the
    /// same, so that `finish` reports every mistake).
    pub fn decode<T: HclBody>(&mut self) -> Option<T> {
        let mut cx = DecodeContext::new(&self.ctx);
        let (value, rest) = decode_partial::<T>(&self.rest, &mut cx);
        self.diags.extend(cx.into_diagnostics());
        self.schemas.push(T::schema());
        self.rest = rest;
        if self.syntax_errors {
            return None;
        }
        value
    }

    /// What no layer has consumed yet.
    pub fn remaining(&self) -> &BodyHandle {
        &self.rest
    }

    /// Ends the decoding: every attribute and block that no layer consumed
    /// is an error (once, with a suggestion from every layer's schema);
    /// with the layers' diagnostics, the syntax errors and the language
    /// layer's, each in its final form (as
    /// [`Decoder::decode`](crate::Decoder::decode) gives them). `Err` if
    /// there is any error; `Ok` holds the warnings.
    pub fn finish(self) -> Result<Warnings, Error> {
        let mut diags = self.diags;
        diags.extend(unconsumed(&self.rest, &self.schemas));
        let report = self.finish.finish(diags);
        if report.diagnostics.has_errors() || self.syntax_errors {
            Err(Error::from_report(report).with_io_error(self.finish.io_error()))
        } else {
            Ok(Warnings::from_report(report))
        }
    }
}

/// Decodes `T` from `body` by partial processing, whatever `T` says: the
/// attributes and blocks `T` names are taken, everything else is returned
/// as the remaining body, for the next layer. Diagnostics go to `cx`.
pub fn decode_partial<T: HclBody>(
    body: &BodyHandle,
    cx: &mut DecodeContext<'_>,
) -> (Option<T>, BodyHandle) {
    let (content, rest, diags) = body.partial_content(&T::schema());
    let failed = diags
        .errors()
        .any(|d| d.is(hcl_core::DiagnosticKind::InvalidSchema));
    cx.extend(diags);
    if failed {
        return (None, rest);
    }
    let value = T::decode_content(&Content::new(&content, body, Some(&rest), None), cx);
    (value, rest)
}

/// The final check of a layered decoding: one "Unsupported argument" or
/// "Unsupported block type" error for each attribute or block left in
/// `rest`, with a "Did you mean …?" suggestion drawn from all the
/// `schemas` (every layer's).
///
/// ```
/// use hcl_decode::{layered, Decoder, HclBody};
///
/// #[derive(HclBody)]
/// struct Core {
///     name: String,
///     #[hcl(remain)]
///     plugins: hcl_decode::BodyHandle,
/// }
///
/// #[derive(HclBody)]
/// struct Cache {
///     #[hcl(block)]
///     redis: Option<Redis>,
/// }
///
/// #[derive(HclBody)]
/// struct Redis {
///     url: String,
/// }
///
/// let core: Core = hcl_decode::from_str("name = \"x\"\nrediss { url = \"u\" }\n", "a.hcl").unwrap();
/// let ctx = hcl_decode::EvalContext::new();
/// let mut cx = hcl_decode::DecodeContext::new(&ctx);
/// let (cache, rest) = layered::decode_partial::<Cache>(&core.plugins, &mut cx);
/// assert!(cache.unwrap().redis.is_none());
/// let diags = layered::unconsumed(&rest, &[Core::schema(), Cache::schema()]);
/// assert_eq!(
///     diags.to_string(),
///     "a.hcl:2,1-7: Unsupported block type; Blocks of type \"rediss\" are not expected here. Did you mean \"redis\"?"
/// );
/// ```
pub fn unconsumed(rest: &BodyHandle, schemas: &[BodySchema]) -> Diagnostics {
    let mut all = BodySchema::new();
    for s in schemas {
        all = all.union(s);
    }
    // Only the suggestions matter: nothing is required any more, and the
    // names of the schemas are hidden from `rest` already.
    all.attributes = all
        .attributes
        .into_iter()
        .map(|a| AttributeSchema::optional(a.name))
        .collect();
    let (_, diags) = rest.content(&all);
    diags
}
