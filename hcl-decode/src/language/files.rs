//! Several files as one configuration: each parsed (native or JSON by its
//! name), merged into one body, run through the layer and decoded; every
//! diagnostic in source order, file by file.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use hcl_core::body::merge_bodies;
use hcl_core::{Diagnostics, EvalContext};

use super::{Evaluated, Prepared, prepare};
use crate::decode::HclBody;
use crate::decoder::Decoder;
use crate::error::Error;
use crate::handle::BodyHandle;
use crate::syntax::Parsed;

/// One file's text.
pub(crate) struct Source {
    pub(crate) name: String,
    pub(crate) text: Vec<u8>,
}

/// The parsed files of a configuration.
pub(crate) struct Files {
    files: Vec<(Source, Parsed)>,
    /// Files that could not be read.
    unreadable: Diagnostics,
}

impl Files {
    pub(crate) fn parse(decoder: &Decoder, sources: Vec<Source>) -> Files {
        let mut seen = BTreeSet::new();
        let mut files = Vec::new();
        for source in sources {
            if !seen.insert(source.name.clone()) {
                continue;
            }
            let parsed = decoder.parse_recovering(&source.text, &source.name);
            files.push((source, parsed));
        }
        Files {
            files,
            unreadable: Diagnostics::new(),
        }
    }

    pub(crate) fn read<P: AsRef<std::path::Path>>(
        decoder: &Decoder,
        paths: impl IntoIterator<Item = P>,
    ) -> Files {
        let mut sources = Vec::new();
        let mut unreadable = Diagnostics::new();
        for path in paths {
            let path = path.as_ref();
            match std::fs::read(path) {
                Ok(text) => sources.push(Source {
                    name: path.to_string_lossy().into_owned(),
                    text,
                }),
                Err(e) => unreadable.extend(Error::io(path, e).into_diagnostics()),
            }
        }
        let mut files = Files::parse(decoder, sources);
        files.unreadable = unreadable;
        files
    }

    /// The configuration's body: the files' bodies merged.
    pub(crate) fn body(&self) -> BodyHandle {
        match self.files.as_slice() {
            [(_, one)] => one.body.clone(),
            files => BodyHandle::from_dyn(merge_bodies(
                files.iter().map(|(_, p)| p.body.as_dyn().clone()).collect(),
            )),
        }
    }

    /// Whether a file could not be read or has a syntax error.
    pub(crate) fn has_errors(&self) -> bool {
        self.unreadable.has_errors() || self.files.iter().any(|(_, p)| p.diags.has_errors())
    }

    fn texts(&self) -> BTreeMap<String, Arc<str>> {
        self.files
            .iter()
            .map(|(s, _)| (s.name.clone(), Arc::from(String::from_utf8_lossy(&s.text))))
            .collect()
    }

    /// Every diagnostic as the user sees it: syntax errors, the layer's and
    /// the decoding's (less what the syntax errors explain, and what the
    /// layer's errors explain), in source order, file by file.
    pub(crate) fn finish(&self, prepared: &Prepared, decoding: Diagnostics) -> Diagnostics {
        let texts = self.texts();
        let lookup = |name: &str| texts.get(name).cloned();
        let all = prepared.combine(decoding, &lookup);
        let mut by_file: BTreeMap<String, Diagnostics> = BTreeMap::new();
        let mut others = Diagnostics::new();
        for d in all {
            match &d.subject {
                Some(s) if texts.contains_key(&*s.filename) => {
                    by_file.entry(s.filename.to_string()).or_default().push(d)
                }
                _ => others.push(d),
            }
        }
        let mut out = self.unreadable.clone();
        for (source, parsed) in &self.files {
            let mine = by_file.remove(&source.name).unwrap_or_default();
            out.extend(
                parsed
                    .damage
                    .merge(&prepared.redact(parsed.diags.clone()), mine),
            );
        }
        // Diagnostics in other files (variable files) and without a place.
        let mut rest: Diagnostics = by_file.into_values().flatten().collect();
        rest.sort_by_source();
        out.extend(rest);
        out.extend(others);
        out
    }

    pub(crate) fn renderer(&self, prepared: &Prepared) -> hcl_core::Renderer {
        let texts = self.texts();
        prepared.renderer(texts.iter().map(|(n, t)| (n.as_str(), &**t)))
    }

    /// Runs the layer and decodes `T`.
    pub(crate) fn decode<T: HclBody>(
        &self,
        decoder: &Decoder,
        ctx: &EvalContext,
        partial: bool,
    ) -> Result<Evaluated<(T, BodyHandle)>, Error> {
        let prepared = prepare(&decoder.language, &self.body(), ctx);
        let (value, decoding) = decoder.decode_plain::<T>(&prepared.body, &prepared.ctx, partial);
        let diags = self.finish(&prepared, decoding);
        let renderer = self.renderer(&prepared);
        match value {
            Some(value) if !diags.has_errors() => Ok(Evaluated {
                value,
                variables: prepared.variables,
                locals: prepared.locals,
                sensitive_locals: prepared.sensitive_locals,
                warnings: diags,
                renderer,
            }),
            _ => Err(Error::new(diags).with_renderer(renderer)),
        }
    }

    /// Starts a layered decoding of the configuration.
    pub(crate) fn layers(&self, decoder: &Decoder, ctx: &EvalContext) -> crate::Layers {
        let prepared = prepare(&decoder.language, &self.body(), ctx);
        let renderer = self.renderer(&prepared);
        let texts = self.texts();
        let lookup = |name: &str| texts.get(name).cloned();
        let layer_diags = prepared.combine(Diagnostics::new(), &lookup);
        let mut syntax = self.unreadable.clone();
        let mut damage = crate::syntax::Damage::none();
        for (_, parsed) in &self.files {
            syntax.extend(parsed.diags.clone());
            damage.absorb(&parsed.damage);
        }
        crate::Layers::new(prepared.body.clone(), prepared.ctx.clone())
            .with_renderer(renderer)
            .with_syntax(syntax, damage)
            .with_language(layer_diags, prepared.failed)
    }
}
