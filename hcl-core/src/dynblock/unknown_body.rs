//! The body an unknown `for_each` expands to (Go's `unknown_body.go`).

use std::sync::Arc;

use crate::body::{Attributes, Block, Body, BodyContent, BodySchema, DynBody, StaticExpression};
use crate::diagnostic::Diagnostics;
use crate::pos::Range;
use crate::value::Value;

/// The body of the one block an unknown `for_each` expands to: its
/// structure is the content's, every attribute's value the dynamic unknown
/// value.
#[derive(Debug)]
pub(super) struct UnknownBody {
    pub(super) template: DynBody,
}

impl UnknownBody {
    pub(super) fn fix_content(content: BodyContent) -> BodyContent {
        BodyContent {
            attributes: Self::fix_attributes(content.attributes),
            blocks: content
                .blocks
                .into_iter()
                .map(|b| Block {
                    body: Arc::new(UnknownBody { template: b.body }),
                    ..b
                })
                .collect(),
            missing_item_range: content.missing_item_range,
        }
    }

    pub(super) fn fix_attributes(attributes: Attributes) -> Attributes {
        attributes
            .into_iter()
            .map(|(name, mut attribute)| {
                attribute.expr = Arc::new(StaticExpression::new(
                    Value::dynamic(),
                    attribute.expr.range(),
                ));
                (name, attribute)
            })
            .collect()
    }
}

impl Body for UnknownBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, diags) = self.template.content(schema);
        (Self::fix_content(content), diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, DynBody, Diagnostics) {
        let (content, remain, diags) = self.template.partial_content(schema);
        let remain: DynBody = Arc::new(UnknownBody { template: remain });
        (Self::fix_content(content), remain, diags)
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let (attributes, diags) = self.template.just_attributes();
        (Self::fix_attributes(attributes), diags)
    }

    fn missing_item_range(&self) -> Range {
        self.template.missing_item_range()
    }

    fn block_types(&self) -> Option<Vec<(String, usize)>> {
        self.template.block_types()
    }
}
