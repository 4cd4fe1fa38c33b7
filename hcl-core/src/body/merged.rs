//! Merged bodies: several bodies (several files of one configuration)
//! processed as one.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::pos::Range;
use crate::quote::go_quote;

use super::{Attribute, AttributeSchema, Attributes, Body, BodyContent, BodySchema, DynBody};

/// Bodies processed as one, as the Go implementation's `MergeBodies`:
/// several files of one configuration, say.
///
/// Each processing is applied to every part in order and the results are
/// joined: attributes from all parts, blocks from all parts (part by part,
/// each part's in source order). An attribute found in two parts is a
/// "Duplicate argument" error about the second definition naming the
/// first; a required attribute need only be in one part (if it is in none,
/// "Missing required argument" is reported once, without a subject, as in
/// Go). Partial processing returns the merged remaining bodies of the
/// parts. The missing-item range is the first part's (also in the merged
/// content, where Go leaves it zero).
///
/// ```
/// use hcl_core::body::{merge_bodies, BodySchema, Body};
/// let merged = merge_bodies(Vec::new());
/// let (content, diags) = merged.content(&BodySchema::new());
/// assert!(diags.is_empty() && content.attributes.is_empty());
/// ```
pub fn merge_bodies(bodies: Vec<DynBody>) -> DynBody {
    Arc::new(MergedBodies { bodies })
}

/// The body made by [`merge_bodies`].
#[derive(Debug)]
struct MergedBodies {
    bodies: Vec<DynBody>,
}

/// The "Duplicate argument" error of merged bodies.
fn duplicate_argument(name: &str, existing: &Attribute, duplicate: &Attribute) -> Diagnostic {
    Diagnostic::error("Duplicate argument")
        .with_detail(format!(
            "Argument {} was already set at {}",
            go_quote(name),
            existing.name_range
        ))
        .with_subject(duplicate.name_range.clone())
}

/// Adds a part's attributes, reporting those already present.
fn merge_attributes(into: &mut Attributes, part: Attributes, diags: &mut Diagnostics) {
    // A part's attributes come by name; report duplicates in source order.
    let mut part: Vec<(String, Attribute)> = part.into_iter().collect();
    part.sort_by(|a, b| a.1.name_range.cmp(&b.1.name_range));
    for (name, attr) in part {
        match into.get(&name) {
            Some(existing) => diags.push(duplicate_argument(&name, existing, &attr)),
            None => {
                into.insert(name, attr);
            }
        }
    }
}

impl MergedBodies {
    fn merged(&self, schema: &BodySchema, partial: bool) -> (BodyContent, DynBody, Diagnostics) {
        if let Err(e) = schema.validate() {
            let diags = e.to_diagnostic(self.missing_item_range()).into();
            let rest = merge_bodies(self.bodies.clone());
            return (BodyContent::empty(self.missing_item_range()), rest, diags);
        }
        // Each part is asked with every attribute optional: a required
        // attribute need only be in one of them.
        let relaxed = BodySchema {
            attributes: schema
                .attributes
                .iter()
                .map(|a| AttributeSchema::optional(a.name.clone()))
                .collect(),
            blocks: schema.blocks.clone(),
        };
        let mut content = BodyContent::empty(self.missing_item_range());
        let mut rest = Vec::new();
        let mut diags = Diagnostics::new();
        for body in &self.bodies {
            let (part, part_diags) = if partial {
                let (c, r, d) = body.partial_content(&relaxed);
                rest.push(r);
                (c, d)
            } else {
                body.content(&relaxed)
            };
            diags.extend(part_diags);
            merge_attributes(&mut content.attributes, part.attributes, &mut diags);
            content.blocks.extend(part.blocks);
        }
        for a in &schema.attributes {
            if a.required && !content.attributes.contains_key(&a.name) {
                // Go has no context for a better subject here, and gives
                // none.
                diags.push(
                    Diagnostic::error("Missing required argument")
                        .with_kind(crate::DiagnosticKind::MissingItem)
                        .with_detail(format!(
                            "The argument {} is required, but was not set.",
                            go_quote(&a.name)
                        )),
                );
            }
        }
        (content, merge_bodies(rest), diags)
    }
}

impl Body for MergedBodies {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, _, diags) = self.merged(schema, false);
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, DynBody, Diagnostics) {
        self.merged(schema, true)
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let mut attributes = Attributes::new();
        let mut diags = Diagnostics::new();
        for body in &self.bodies {
            let (attrs, d) = body.just_attributes();
            diags.extend(d);
            merge_attributes(&mut attributes, attrs, &mut diags);
        }
        (attributes, diags)
    }

    /// The union of the parts' block types, in the parts' order (the
    /// first block of a type met decides its label count); `None` when no
    /// part can tell.
    fn block_types(&self) -> Option<Vec<(String, usize)>> {
        let mut any = false;
        let mut types: Vec<(String, usize)> = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for body in &self.bodies {
            if let Some(part) = body.block_types() {
                any = true;
                for (name, labels) in part {
                    if seen.insert(name.clone()) {
                        types.push((name, labels));
                    }
                }
            }
        }
        any.then_some(types)
    }

    /// The start of the first item of the first body that has one (Go's is
    /// the first body's start, which may be a comment), else the first
    /// body's own range.
    fn missing_item_range(&self) -> Range {
        if let Some(first) = self.first_item_range() {
            return first;
        }
        match self.bodies.first() {
            Some(b) => b.missing_item_range(),
            // Go returns a range of the file "<empty>" at the zero position.
            None => Range::at("<empty>", crate::pos::Pos::default()),
        }
    }

    fn first_item_range(&self) -> Option<Range> {
        self.bodies.iter().find_map(|b| b.first_item_range())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::BlockHeaderSchema;
    use crate::native::body::tests::{build, lines};

    fn dyn_body(name: &str, src: &str) -> DynBody {
        Arc::new(build(name, src).body())
    }

    #[test]
    fn merged_bodies_join_parts_and_report_duplicates() {
        let merged = merge_bodies(vec![
            dyn_body("a.hcl", "name = \"a\"\nregion = \"eu\"\nsvc one {}\n"),
            dyn_body("b.hcl", "name = \"b\"\nsvc two {}\nzone = 1\n"),
            dyn_body("c.hcl", "svc three {}\nregion = \"us\"\nextra = 1\n"),
        ]);
        assert_eq!(merged.missing_item_range().to_string(), "a.hcl:1,1-1");
        let schema = BodySchema::new()
            .attribute(AttributeSchema::required("name"))
            .attribute(AttributeSchema::optional("region"))
            .attribute(AttributeSchema::required("zone"))
            .attribute(AttributeSchema::required("token"))
            .block(BlockHeaderSchema::new("svc").label("n"));
        let (content, diags) = merged.content(&schema);
        assert_eq!(
            content.attributes["zone"].name_range.to_string(),
            "b.hcl:3,1-5"
        );
        let labels: Vec<&str> = content
            .blocks
            .iter()
            .map(|b| b.labels[0].as_str())
            .collect();
        assert_eq!(labels, ["one", "two", "three"]);
        assert_eq!(
            lines(&diags),
            [
                "Duplicate argument | Argument \"name\" was already set at a.hcl:1,1-5 | b.hcl:1,1-5",
                "Unsupported argument | An argument named \"extra\" is not expected here. | c.hcl:3,1-6",
                "Duplicate argument | Argument \"region\" was already set at a.hcl:2,1-7 | c.hcl:2,1-7",
                "Missing required argument | The argument \"token\" is required, but was not set. | -",
            ]
        );

        // Partial processing returns the merged remaining bodies.
        let (_, rest, diags) = merged.partial_content(
            &BodySchema::new()
                .attribute(AttributeSchema::optional("name"))
                .block(BlockHeaderSchema::new("svc").label("n")),
        );
        assert_eq!(diags.len(), 1);
        let (attrs, diags) = rest.just_attributes();
        assert_eq!(
            attrs.keys().collect::<Vec<_>>(),
            ["extra", "region", "zone"]
        );
        assert_eq!(
            lines(&diags),
            [
                "Duplicate argument | Argument \"region\" was already set at a.hcl:2,1-7 | c.hcl:2,1-7"
            ]
        );
    }

    #[test]
    fn merged_bodies_with_an_invalid_schema_report_it_once() {
        let merged = merge_bodies(vec![
            dyn_body("a.hcl", "a = 1\n"),
            dyn_body("b.hcl", "b = 1\n"),
        ]);
        let schema = BodySchema::new()
            .attribute(AttributeSchema::optional("a"))
            .block(BlockHeaderSchema::new("a"));
        let (content, rest, diags) = merged.partial_content(&schema);
        assert!(content.attributes.is_empty());
        assert_eq!(diags.len(), 1);
        assert_eq!(
            diags.iter().next().map(|d| d.summary.as_ref()),
            Some("Invalid body schema")
        );
        assert_eq!(rest.just_attributes().0.len(), 2);
    }

    #[test]
    fn empty_merged_body() {
        let empty = merge_bodies(Vec::new());
        assert_eq!(empty.missing_item_range().to_string(), "<empty>:0,0-0");
        let (content, diags) =
            empty.content(&BodySchema::new().attribute(AttributeSchema::required("a")));
        assert!(content.attributes.is_empty());
        assert_eq!(
            lines(&diags),
            ["Missing required argument | The argument \"a\" is required, but was not set. | -"]
        );
        let (attrs, diags) = empty.just_attributes();
        assert!(attrs.is_empty() && diags.is_empty());
    }
}
