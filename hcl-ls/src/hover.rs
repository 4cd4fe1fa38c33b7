//! Hover: a function's signature and description at a call; a variable's
//! declaration (type, default, description) at `var.NAME`; a local's
//! expression at `local.NAME`.

use std::collections::BTreeMap;

use hcl_core::Type;
use hcl_core::function::Function;
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use hcl_decode::schema::Schema;

use crate::completion::Declarations;
use crate::document::Document;
use crate::line_index::Encoding;
use crate::schema_at;
use crate::syntax::{Item, ReferenceKind};

/// A function's signature as HCL users read it: `format(format string,
/// args... any) string`.
pub fn signature(name: &str, function: &Function) -> String {
    let mut params: Vec<String> = function
        .params()
        .iter()
        .map(|p| format!("{} {}", p.name(), p.ty()))
        .collect();
    if let Some(v) = function.variadic() {
        params.push(format!("{}... {}", v.name(), v.ty()));
    }
    let mut types: Vec<Type> = function.params().iter().map(|p| p.ty().clone()).collect();
    if let Some(v) = function.variadic() {
        types.push(v.ty().clone());
    }
    let result = match function.return_type_for_types(&types) {
        Ok(ty) => ty.to_string(),
        Err(_) => "any".to_owned(),
    };
    format!("{name}({}) {result}", params.join(", "))
}

/// The hover of a position, if it names something the server knows.
pub fn hover(
    doc: &Document,
    offset: usize,
    declarations: &Declarations,
    functions: &BTreeMap<String, Function>,
    schema: Option<&Schema>,
    encoding: Encoding,
) -> Option<Hover> {
    if let Some(found) = schema.and_then(|s| hover_from_schema(doc, offset, s, encoding)) {
        return Some(found);
    }
    let reference = doc
        .outline()
        .references
        .iter()
        .find(|r| r.name_span.start <= offset && offset <= r.name_span.end)?;
    let value = match reference.kind {
        ReferenceKind::Function => match functions.get(&reference.name) {
            Some(f) => {
                let mut text = format!("```hcl\n{}\n```", signature(&reference.name, f));
                if let Some(d) = f.description() {
                    text.push_str("\n\n");
                    text.push_str(d);
                }
                text
            }
            None => {
                let detail = declarations
                    .names
                    .get(&(ReferenceKind::Function, reference.name.clone()))?;
                format!("```hcl\n{detail}\n```\n\nA user function of this configuration.")
            }
        },
        ReferenceKind::Variable => {
            let detail = declarations
                .names
                .get(&(ReferenceKind::Variable, reference.name.clone()))?;
            let mut text = format!("```hcl\nvar.{}\n```\n\nAn input variable.", reference.name);
            if !detail.is_empty() {
                text.push_str("\n\n");
                text.push_str(detail);
            }
            text
        }
        ReferenceKind::Local => {
            let expression = declarations
                .names
                .get(&(ReferenceKind::Local, reference.name.clone()))?;
            format!("```hcl\nlocal.{} = {expression}\n```", reference.name)
        }
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(doc.range(reference.name_span.clone(), encoding)),
    })
}

/// The schema's description of the attribute or block type named at an
/// offset (on an attribute's name or a block's type).
fn hover_from_schema(
    doc: &Document,
    offset: usize,
    schema: &Schema,
    encoding: Encoding,
) -> Option<Hover> {
    let (body, items) = schema_at::body_at(schema, doc.outline(), offset)?;
    let (value, span) = items.iter().find_map(|item| match item {
        Item::Attribute(a) if a.name_span.start <= offset && offset <= a.name_span.end => Some((
            schema_at::describe_attribute(body.attribute(&a.name)?),
            a.name_span.clone(),
        )),
        Item::Block(b) if b.type_span.start <= offset && offset <= b.type_span.end => Some((
            schema_at::describe_block(body.block(&b.block_type)?),
            b.type_span.clone(),
        )),
        _ => None,
    })?;
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(doc.range(span, encoding)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::completion::declarations;
    use hcl_core::function::Parameter;

    #[test]
    fn signatures_name_parameters_and_result() {
        let f = Function::builder()
            .param(Parameter::new("format", Type::String))
            .variadic(Parameter::new("args", Type::Number))
            .returns(Type::String)
            .build(|_, _| Ok(hcl_core::Value::string("")));
        assert_eq!(
            signature("format", &f),
            "format(format string, args... number) string"
        );
        // A result that depends on an argument of any type is not known
        // before the call.
        let f = Function::builder()
            .param(Parameter::new("v", Type::Dynamic))
            .returns(Type::String)
            .build(|_, _| Ok(hcl_core::Value::string("")));
        assert_eq!(signature("f", &f), "f(v any) any");
    }

    #[test]
    fn hover_on_variables_locals_and_functions() {
        let src = "variable \"port\" {\n  type = number\n  description = \"The port.\"\n}\nlocals {\n  p = var.port + 1\n}\nx = local.p\ny = max(1)\n";
        let doc = Document::new(src.to_owned(), 1);
        let decls = declarations([&doc]);
        let max = Function::builder()
            .variadic(Parameter::new("numbers", Type::Number))
            .description("Returns the greatest number.")
            .returns(Type::Number)
            .build(|_, _| Ok(hcl_core::Value::number(1)));
        let functions = BTreeMap::from([("max".to_owned(), max)]);
        let text = |offset| match hover(&doc, offset, &decls, &functions, None, Encoding::Utf16) {
            Some(Hover {
                contents: HoverContents::Markup(m),
                ..
            }) => m.value,
            _ => String::new(),
        };
        assert_eq!(
            text(src.find("var.port").unwrap() + 5),
            "```hcl\nvar.port\n```\n\nAn input variable.\n\nnumber — The port."
        );
        assert_eq!(
            text(src.find("local.p").unwrap() + 6),
            "```hcl\nlocal.p = var.port + 1\n```"
        );
        assert_eq!(
            text(src.find("max").unwrap()),
            "```hcl\nmax(numbers... number) number\n```\n\nReturns the greatest number."
        );
        assert_eq!(text(0), "");
    }
}
