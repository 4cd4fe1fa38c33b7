//! The schema of an hcldec spec file: the body its root spec decodes.

use super::Schema;
use super::derive::normalise_default;
use super::model::{Attribute, BlockContent, BlockType, Body, Doc, Nesting};
use crate::error::Error;
use crate::spec::{Spec, parse_spec_file};

impl Schema {
    /// The schema of the body that an hcldec spec file decodes (see
    /// [`crate::spec`]): each `attr` an attribute of its type (with the
    /// value of a `default` spec's `literal` fallback as its default),
    /// `block` a block that is required or optional, `block_list` and
    /// `block_set` any number of blocks, `block_map` blocks keyed by their
    /// labels, `block_attrs` a block of any attributes; `validate` marks
    /// what it wraps as validated, `transform` and `literal` say nothing
    /// of the body. A spec file has no doc comments, so the schema has
    /// none. The schema equals [`Schema::of`] for a struct that decodes
    /// the same body.
    ///
    /// A spec file with errors is an [`Error`] with its diagnostics.
    ///
    /// ```
    /// use hcl_decode::schema::{Nesting, Schema};
    ///
    /// let schema = Schema::from_hcldec_spec(r#"
    /// object {
    ///   attr "name" {
    ///     type     = string
    ///     required = true
    ///   }
    ///   default "port" {
    ///     attr {
    ///       name = "port"
    ///       type = number
    ///     }
    ///     literal { value = 8080 }
    ///   }
    ///   block_list "listener" {
    ///     object {
    ///       attr "address" { type = string }
    ///     }
    ///   }
    /// }
    /// "#, "app.hcldec").unwrap();
    /// assert!(schema.body.attribute("name").unwrap().required);
    /// assert_eq!(schema.body.attribute("port").unwrap().default, Some(hcl_decode::Value::number(8080)));
    /// assert_eq!(schema.body.block("listener").unwrap().nesting, Nesting::List);
    ///
    /// let err = Schema::from_hcldec_spec("object { attr {} }", "bad.hcldec").unwrap_err();
    /// assert!(err.to_string().contains("Missing name for attr"), "{err}");
    /// ```
    pub fn from_hcldec_spec(text: &str, file_name: &str) -> Result<Schema, Error> {
        let (file, diags) = parse_spec_file(text.as_bytes(), file_name);
        if diags.has_errors() {
            return Err(Error::new(diags).with_source(file_name, text));
        }
        let mut body = Body::new();
        member(&file.root, &mut body);
        Ok(Schema { body })
    }
}

/// What `spec`, decoded from `body`, says of it.
fn member(spec: &Spec, body: &mut Body) {
    match spec {
        Spec::Object(members) => {
            for (_, m) in members {
                member(m, body);
            }
        }
        Spec::Tuple(elements) => {
            for m in elements {
                member(m, body);
            }
        }
        Spec::Attr(a) => {
            if body.attribute(&a.name).is_none() {
                body.attributes.push(Attribute {
                    required: a.required,
                    ..Attribute::new(a.name.clone(), a.ty.clone())
                });
            }
        }
        Spec::Literal(_) => {}
        Spec::Block(b) => push_block(
            body,
            &b.type_name,
            Vec::new(),
            if b.required {
                Nesting::Single
            } else {
                Nesting::Optional
            },
            nested_body(&b.nested),
        ),
        Spec::BlockList(b) | Spec::BlockSet(b) => push_block(
            body,
            &b.type_name,
            Vec::new(),
            Nesting::List,
            nested_body(&b.nested),
        ),
        Spec::BlockMap(b) => push_block(
            body,
            &b.type_name,
            b.labels.clone(),
            Nesting::Map,
            nested_body(&b.nested),
        ),
        Spec::BlockAttrs(b) => push_block(
            body,
            &b.type_name,
            Vec::new(),
            if b.required {
                Nesting::Single
            } else {
                Nesting::Optional
            },
            Body {
                exhaustive: false,
                ..Body::new()
            },
        ),
        Spec::Default(d) => {
            member(&d.primary, body);
            match (&*d.primary, &*d.fallback) {
                (Spec::Attr(a), Spec::Literal(v)) => {
                    if let Some(attr) = body.attributes.iter_mut().find(|x| x.name == a.name) {
                        attr.required = false;
                        attr.default = (!v.is_null()).then(|| normalise_default(v.clone(), &a.ty));
                    }
                }
                _ => member(&d.fallback, body),
            }
        }
        Spec::Transform(t) => member(&t.wrapped, body),
        Spec::Validate(v) => {
            member(&v.wrapped, body);
            match &*v.wrapped {
                Spec::Attr(a) => {
                    if let Some(attr) = body.attributes.iter_mut().find(|x| x.name == a.name) {
                        attr.validated = true;
                    }
                }
                _ => body.validated = true,
            }
        }
    }
}

fn nested_body(spec: &Spec) -> Body {
    let mut body = Body::new();
    member(spec, &mut body);
    body
}

fn push_block(body: &mut Body, name: &str, labels: Vec<String>, nesting: Nesting, inner: Body) {
    if body.block(name).is_some() {
        return;
    }
    body.blocks.push(BlockType {
        name: name.to_owned(),
        labels,
        nesting,
        content: BlockContent::Body(inner),
        doc: Doc::default(),
        deprecated: None,
    });
}
