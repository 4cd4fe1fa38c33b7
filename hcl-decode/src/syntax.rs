//! Parsing a file in either syntax into a [`BodyHandle`], and what its syntax
//! errors damaged ([`Damage`]), so that decoding the recovered tree adds
//! only the mistakes the syntax errors do not already explain.

use hcl_core::native::{ParseOptions, ParsedFile};
use hcl_core::parse::{ConfigFile, Syntax};
use hcl_core::{Diagnostic, Diagnostics, Range};

use crate::handle::BodyHandle;

/// A parsed file: the body (usable, possibly partial, even when there are
/// errors), the syntax diagnostics, and what the errors damaged.
pub(crate) struct Parsed {
    pub(crate) body: BodyHandle,
    pub(crate) diags: Diagnostics,
    pub(crate) damage: Damage,
}

/// Parses `source` in `syntax`, through the core's front door.
pub(crate) fn parse(
    source: &[u8],
    file_name: &str,
    syntax: Syntax,
    options: &ParseOptions,
) -> Parsed {
    let (file, diags) = hcl_core::parse::parse_as(source, file_name, syntax, options);
    let damage = match &file {
        ConfigFile::Native(native) => Damage::native(native, &diags),
        ConfigFile::Json(json) => {
            let mut damage = Damage::conservative(&diags);
            // Nothing was recovered: there is nothing to decode either.
            let root = json.body().range();
            damage.everything = damage.is_damaged() && root.start.byte == root.end.byte;
            damage
        }
    };
    Parsed {
        body: BodyHandle::from_dyn(file.body()),
        diags,
        damage,
    }
}

/// A byte interval `[start, end)` of one file.
#[derive(Clone, Debug)]
struct Zone {
    file: std::sync::Arc<str>,
    start: usize,
    end: usize,
}

impl Zone {
    fn of(range: &Range) -> Zone {
        Zone {
            file: range.filename.clone(),
            start: range.start.offset(),
            end: range.end.offset().max(range.start.offset()),
        }
    }

    /// Whether the two share a byte, or an empty one lies within (ends
    /// included) the other.
    fn overlaps(&self, other: &Zone) -> bool {
        if self.file != other.file {
            return false;
        }
        if self.start == self.end {
            return other.start <= self.start && self.start <= other.end;
        }
        if other.start == other.end {
            return self.start <= other.start && other.start <= self.end;
        }
        self.start < other.end && other.start < self.end
    }

    /// Whether `range` starts within this zone (ends included).
    fn holds(&self, range: &Range) -> bool {
        *self.file == *range.filename
            && self.start <= range.start.offset()
            && range.start.offset() <= self.end
    }
}

/// What the syntax errors of a file damaged: decoding the recovered tree
/// reports, besides them, only what they do not explain.
///
/// A decoding diagnostic is dropped when
///
/// - its subject overlaps a syntax error's (the same problem, twice: an
///   invalid expression is also a value that is "not known yet");
/// - it lies inside an attribute whose text holds a syntax error (the
///   expression was recovered from broken text: its evaluation errors and
///   wrong types are consequences), or after a syntax error in a block left
///   unclosed (what the parser put there belongs elsewhere);
/// - it says an item is missing from a body that a syntax error left
///   incomplete (the item may be in the text the parser skipped to
///   recover).
///
/// A body is incomplete when one of its attributes holds a syntax error
/// and spans several lines (an unclosed bracket swallows the items that
/// follow), when it holds a block left unclosed (which swallows the rest
/// of the body), and when it is the empty body the parser gave a block it
/// could not read. An error that the parser recovers from at the end of
/// its line (a missing newline, a stray comma, a missing operand) leaves
/// the body complete: its missing items are still reported. For the JSON syntax, whose
/// tree is not open to this analysis, a missing item is dropped when a
/// syntax error follows the start of its body, and when the parser could
/// not recover the document's root, nothing but the syntax errors is
/// reported.
#[derive(Clone, Debug, Default)]
pub(crate) struct Damage {
    errors: Vec<Zone>,
    broken_items: Vec<Zone>,
    /// Where incomplete bodies report missing items (their start).
    incomplete_bodies: Vec<(std::sync::Arc<str>, usize)>,
    /// The JSON rule for missing items.
    conservative: bool,
    /// Nothing could be recovered: every decoding diagnostic is noise.
    everything: bool,
}

fn error_zones(diags: &Diagnostics) -> Vec<Zone> {
    diags
        .errors()
        .filter_map(|d| d.subject.as_ref())
        .map(Zone::of)
        .collect()
}

impl Damage {
    /// Nothing damaged.
    pub(crate) fn none() -> Damage {
        Damage::default()
    }

    /// Whether there are syntax errors.
    pub(crate) fn is_damaged(&self) -> bool {
        !self.errors.is_empty()
    }

    fn conservative(diags: &Diagnostics) -> Damage {
        Damage {
            errors: error_zones(diags),
            conservative: true,
            ..Damage::default()
        }
    }

    fn native(file: &ParsedFile, diags: &Diagnostics) -> Damage {
        let errors = error_zones(diags);
        if errors.is_empty() {
            return Damage::none();
        }
        let bodies: Vec<_> = file.body_outlines().collect();
        let name = file.source().name();
        let zone = |span: hcl_core::Span| Zone {
            file: name.clone(),
            start: span.start as usize,
            end: span.end.max(span.start) as usize,
        };
        let n = bodies.len();
        let mut parent: Vec<Option<usize>> = vec![None; n];
        let mut closed = vec![true; n];
        let mut incomplete = vec![false; n];
        let mut broken_items: Vec<Zone> = Vec::new();
        for (i, body) in bodies.iter().enumerate() {
            // An attribute whose text holds an error (or is followed right
            // away by one: a missing operand) is broken; one spanning
            // several lines may have swallowed the items that followed it.
            for attr in body.attribute_spans() {
                let z = zone(attr);
                if errors.iter().any(|e| z.overlaps(e) || e.start == z.end) {
                    if file.span_text(attr).contains('\n') {
                        incomplete[i] = true;
                    }
                    broken_items.push(z);
                }
            }
            for block in body.blocks() {
                let child = block.body_index();
                if child < n {
                    parent[child] = Some(i);
                    closed[child] = file.span_text(block.close_brace()) == "}";
                    // The empty body given to a block without braces.
                    if file.span_text(block.open_brace()) != "{" {
                        incomplete[child] = true;
                    }
                }
            }
        }
        let zones: Vec<Zone> = bodies.iter().map(|b| zone(b.span())).collect();
        for e in &errors {
            // An unclosed block takes in what followed it: the items after
            // the error are misplaced there, and missing from the bodies
            // around it (outwards while those are unclosed too).
            let innermost = zones
                .iter()
                .enumerate()
                .filter(|(_, z)| z.overlaps(e))
                .min_by_key(|(_, z)| z.end - z.start)
                .map(|(i, _)| i);
            let mut at = innermost;
            while let Some(i) = at {
                if closed[i] {
                    break;
                }
                incomplete[i] = true;
                broken_items.push(Zone {
                    start: e.start,
                    ..zones[i].clone()
                });
                at = parent[i];
                if let Some(p) = at {
                    incomplete[p] = true;
                }
            }
        }
        let incomplete_bodies = zones
            .iter()
            .zip(&incomplete)
            .filter(|(_, inc)| **inc)
            .map(|(z, _)| (z.file.clone(), z.start))
            .collect();
        Damage {
            errors,
            broken_items,
            incomplete_bodies,
            conservative: false,
            everything: false,
        }
    }

    /// Whether the syntax errors explain a decoding diagnostic.
    fn explains(&self, d: &Diagnostic) -> bool {
        if self.everything {
            return true;
        }
        let Some(subject) = &d.subject else {
            return false;
        };
        let missing = d.is(hcl_core::DiagnosticKind::MissingItem);
        if missing && self.conservative {
            return self
                .errors
                .iter()
                .any(|e| *e.file == *subject.filename && e.start >= subject.start.offset());
        }
        // A native body reports a missing item at the point where it
        // starts (which may be where its first item starts, too): only
        // whether the body is complete matters.
        if missing && subject.start.byte == subject.end.byte {
            return self.incomplete_bodies.iter().any(|(file, start)| {
                **file == *subject.filename && *start == subject.start.offset()
            });
        }
        let z = Zone::of(subject);
        self.errors.iter().any(|e| e.overlaps(&z))
            || self.broken_items.iter().any(|item| item.holds(subject))
    }

    /// The syntax diagnostics and the decoding diagnostics they do not
    /// explain, in source order.
    pub(crate) fn merge(&self, syntax: &Diagnostics, decoding: Diagnostics) -> Diagnostics {
        if syntax.is_empty() {
            let mut decoding = decoding;
            decoding.sort_by_source();
            return decoding;
        }
        let mut all = syntax.clone();
        all.extend(
            decoding
                .into_iter()
                .filter(|d| !(self.is_damaged() && self.explains(d)))
                .collect(),
        );
        all.sort_by_source();
        all
    }
}
