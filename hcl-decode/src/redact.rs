//! Redaction of sensitive values: the one place where diagnostics and the
//! source text shown with them lose a sensitive value's text. The language
//! layer says what is sensitive (the texts of sensitive values, the source
//! ranges that hold them: a default, a variable file's value); the
//! pipeline's `finish` applies it to every diagnostic and to every source
//! a renderer shows, so that the plain, colour, JSON and miette renderings
//! and `Debug`/`Display` of [`Error`](crate::Error) and
//! [`Warnings`](crate::Warnings) never hold one.

use std::borrow::Cow;

use hcl_core::{Diagnostics, Range};

/// What to hide: texts anywhere in a diagnostic, ranges of source text.
#[derive(Clone, Debug, Default)]
pub(crate) struct Redaction {
    /// Longest first, so that a secret containing another is replaced
    /// whole.
    secrets: Vec<String>,
    masks: Vec<Range>,
}

/// What a sensitive text becomes in a diagnostic.
const REDACTED: &str = "(sensitive value)";

impl Redaction {
    /// Hides these texts.
    pub(crate) fn add_secrets(&mut self, secrets: impl IntoIterator<Item = String>) {
        self.secrets
            .extend(secrets.into_iter().filter(|s| !s.is_empty()));
        self.secrets
            .sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        self.secrets.dedup();
    }

    /// Masks these ranges of source text.
    pub(crate) fn add_masks(&mut self, masks: impl IntoIterator<Item = Range>) {
        self.masks.extend(masks);
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
                        d.detail = d.detail.replace(s.as_str(), REDACTED).into();
                    }
                    if d.summary.contains(s.as_str()) {
                        d.summary = d.summary.replace(s.as_str(), REDACTED).into();
                    }
                }
                d
            })
            .collect()
    }

    /// A file's text as a renderer may show it: every masked range
    /// starred, but line breaks, so that byte offsets (and the ranges of
    /// other diagnostics) stay where they were.
    pub(crate) fn masked<'t>(&self, name: &str, text: &'t str) -> Cow<'t, str> {
        let mut ranges = self
            .masks
            .iter()
            .filter(|r| *r.filename == *name)
            .peekable();
        if ranges.peek().is_none() {
            return Cow::Borrowed(text);
        }
        let mut bytes = text.as_bytes().to_vec();
        for r in ranges {
            let (start, end) = (
                r.start.offset().min(bytes.len()),
                r.end.offset().min(bytes.len()),
            );
            // Every byte of a multi-byte character is starred, so that
            // the text stays UTF-8.
            for b in &mut bytes[start..end] {
                if *b != b'\n' && *b != b'\r' {
                    *b = b'*';
                }
            }
        }
        Cow::Owned(String::from_utf8(bytes).unwrap_or_else(|_| "*".repeat(text.len())))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use hcl_core::{Diagnostic, Pos};

    #[test]
    fn secrets_leave_diagnostics_and_source_text() {
        let mut r = Redaction::default();
        r.add_secrets(["pw".to_owned(), "pw-long".to_owned()]);
        r.add_masks([
            Range::new("a.hcl", Pos::new(4, 1, 5), Pos::new(7, 1, 8)),
            Range::new("a.hcl", Pos::new(13, 2, 6), Pos::new(15, 2, 8)),
        ]);
        let diags: Diagnostics = Diagnostic::error("bad pw-long").with_detail("pw").into();
        let out = r.redact(diags);
        let d = out.iter().next().unwrap();
        assert_eq!(
            (d.summary.as_ref(), d.detail.as_ref()),
            ("bad (sensitive value)", "(sensitive value)")
        );
        assert_eq!(
            r.masked("a.hcl", "x = abc\ny = \"pw\"\n"),
            "x = ***\ny = \"**\"\n"
        );
        assert_eq!(r.masked("b.hcl", "z = 1\n"), "z = 1\n");
    }
}
