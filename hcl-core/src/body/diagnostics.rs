//! The diagnostics every syntax's bodies share, worded as the Go
//! implementation words them: an attribute or a block type an exhaustive
//! schema does not name, and a missing required attribute (absent, or, by
//! the specification's rules, null).

use crate::diagnostic::Diagnostic;
use crate::pos::Range;
use crate::quote::go_quote;
use crate::semantics::Semantics;
use crate::suggest::suggestion;
use crate::value::Value;

use super::{Attribute, Attributes, BodySchema};

/// The diagnostic for an attribute an exhaustive schema does not name, as
/// the Go implementation words it: "Unsupported argument", about the name.
///
/// The hint is, in this order: the closest attribute name of the schema not
/// already found in the body (`found`), chosen deterministically by
/// [`suggestion`]; else, when the schema has a block type of that very
/// name, advice to write a block.
pub fn unexpected_attribute(
    name: &str,
    name_range: Range,
    schema: &BodySchema,
    found: &Attributes,
) -> Diagnostic {
    let candidates = schema
        .attributes
        .iter()
        .map(|a| a.name.as_str())
        .filter(|n| !found.contains_key(*n));
    let hint = match suggestion(name, candidates) {
        Some(s) => format!(" Did you mean {}?", go_quote(s)),
        None if schema.blocks.iter().any(|b| b.type_name == name) => {
            format!(
                " Did you mean to define a block of type {}?",
                go_quote(name)
            )
        }
        None => String::new(),
    };
    Diagnostic::error("Unsupported argument")
        .with_detail(format!(
            "An argument named {} is not expected here.{hint}",
            go_quote(name)
        ))
        .with_subject(name_range)
}

/// The diagnostic for a block of a type an exhaustive schema does not name,
/// as the Go implementation words it: "Unsupported block type", about the
/// type name.
///
/// The hint is, in this order: the closest block type of the schema,
/// chosen deterministically by [`suggestion`]; else, when the schema has an
/// attribute of that very name, advice to use the equals sign.
pub fn unexpected_block(type_name: &str, type_range: Range, schema: &BodySchema) -> Diagnostic {
    let hint = match suggestion(
        type_name,
        schema.blocks.iter().map(|b| b.type_name.as_str()),
    ) {
        Some(s) => format!(" Did you mean {}?", go_quote(s)),
        None if schema.attributes.iter().any(|a| a.name == type_name) => format!(
            " Did you mean to define argument {}? If so, use the equals sign to assign it a value.",
            go_quote(type_name)
        ),
        None => String::new(),
    };
    Diagnostic::error("Unsupported block type")
        .with_detail(format!(
            "Blocks of type {} are not expected here.{hint}",
            go_quote(type_name)
        ))
        .with_subject(type_range)
}

/// The diagnostic for a required attribute that is absent from one body,
/// about the body's missing-item range.
pub fn missing_attribute(name: &str, missing_item_range: Range) -> Diagnostic {
    Diagnostic::error("Missing required argument")
        .with_kind(crate::DiagnosticKind::MissingItem)
        .with_detail(format!(
            "The argument {} is required, but no definition was found.",
            go_quote(name)
        ))
        .with_subject(missing_item_range)
}

/// The null-required rule, the one home of it: a required attribute whose
/// value is null. The information model: "Calling applications _should_
/// consider an attribute with a null value as equivalent to the value not
/// being present at all", so by the specification's rules
/// ([`Semantics::Spec`]) a null required attribute is missing, as an
/// absent one is ([`missing_attribute`]), and this is its error, about the
/// expression; HashiCorp's decoders accept the null
/// ([`Semantics::Go`]), and so does this rule then (`None`).
///
/// ```
/// use hcl_core::body::null_required_attribute;
/// use hcl_core::native::parse_config_str;
/// use hcl_core::{Body, Semantics, Type, Value};
///
/// let (file, _) = parse_config_str("name = null\n", "f.hcl");
/// let (attrs, _) = file.body().just_attributes();
/// let null = Value::null(Type::Dynamic);
/// let d = null_required_attribute(&attrs["name"], &null, Semantics::Spec).unwrap();
/// assert_eq!(
///     d.to_string(),
///     "f.hcl:1,8-12: Missing required argument; The argument \"name\" is required, but its value is null, which counts as no value."
/// );
/// assert!(null_required_attribute(&attrs["name"], &null, Semantics::Go).is_none());
/// assert!(null_required_attribute(&attrs["name"], &Value::number(1), Semantics::Spec).is_none());
/// ```
pub fn null_required_attribute(
    attr: &Attribute,
    value: &Value,
    semantics: Semantics,
) -> Option<Diagnostic> {
    if !value.is_null() || semantics != Semantics::Spec {
        return None;
    }
    Some(
        Diagnostic::error("Missing required argument")
            .with_kind(crate::DiagnosticKind::MissingItem)
            .with_detail(format!(
                "The argument {} is required, but its value is null, which counts as no value.",
                go_quote(&attr.name)
            ))
            .with_subject(attr.expr.range())
            .with_context(attr.range.clone()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::{AttributeSchema, BlockHeaderSchema};

    #[test]
    fn unexpected_attribute_prefers_a_close_name_to_the_block_hint() {
        let schema = BodySchema::new()
            .attribute(AttributeSchema::optional("tl"))
            .block(BlockHeaderSchema::new("tls"));
        let range = Range::at("f", crate::pos::Pos::start());
        let d = unexpected_attribute("tls", range.clone(), &schema, &Attributes::new());
        assert_eq!(
            d.detail,
            "An argument named \"tls\" is not expected here. Did you mean \"tl\"?"
        );
        let d = unexpected_block("tl", range, &schema);
        assert_eq!(
            d.detail,
            "Blocks of type \"tl\" are not expected here. Did you mean \"tls\"?"
        );
    }
}
