//! The schema as a JSON document of its own (`docs/schema-format.md`):
//! [`Schema::to_json`] and [`Schema::from_json`].

use hcl_core::cty_json;
use hcl_core::typeexpr::{parse_type, parse_type_constraint};
use hcl_core::{Diagnostic, Number, Type, Value};

use super::Schema;
use super::derive::normalise_default;
use super::model::{
    AllowedValue, Attribute, BlockContent, BlockType, Body, Constraint, Doc, Nesting, Variant,
};
use crate::error::Error;

/// The `format` member of every schema document.
pub const FORMAT: &str = "hcl-schema";
/// The version of the document's layout this crate writes and reads.
pub const VERSION: u32 = 1;

impl Schema {
    /// The schema as a JSON document (see `docs/schema-format.md` in the
    /// repository): versioned, deterministic (members in a fixed order,
    /// attributes and blocks in declaration order), and read back by
    /// [`Schema::from_json`] into an equal schema.
    ///
    /// ```
    /// use hcl_decode::prelude::*;
    /// use hcl_decode::schema::Schema;
    ///
    /// #[derive(HclBody)]
    /// struct Config {
    ///     /// The port.
    ///     #[hcl(default = 8080)]
    ///     port: u16,
    /// }
    ///
    /// let json = Schema::of::<Config>().to_json();
    /// assert!(json.starts_with(r#"{"format":"hcl-schema","version":1,"body":"#));
    /// assert!(json.contains(r#""name":"port","type":"number","required":false,"default":8080"#));
    /// assert_eq!(Schema::from_json(&json).unwrap(), Schema::of::<Config>());
    /// ```
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(1024);
        out.push_str(r#"{"format":"#);
        string(&mut out, FORMAT);
        out.push_str(&format!(r#","version":{VERSION},"body":"#));
        body(&mut out, &self.body);
        out.push('}');
        out
    }

    /// Reads a document written by [`Schema::to_json`] (any version up to
    /// this crate's). A document that is not one is an [`Error`] saying
    /// where (as a path of members) and what is wrong.
    ///
    /// ```
    /// use hcl_decode::schema::Schema;
    ///
    /// let err = Schema::from_json(r#"{"format":"hcl-schema","version":99,"body":{}}"#).unwrap_err();
    /// assert!(err.to_string().contains("version 99"), "{err}");
    /// ```
    pub fn from_json(text: &str) -> Result<Schema, Error> {
        let root = cty_json::decode(text).map_err(|e| invalid("", &e.to_string()))?;
        let r = Reader { path: String::new() };
        if r.str(&root, "format")? != FORMAT {
            return Err(invalid("format", "the document is not an HCL schema"));
        }
        let version = r.number(&root, "version")?;
        if version.to_u32().map_or(true, |v| v == 0 || v > VERSION) {
            return Err(invalid(
                "version",
                &format!("version {version} is not supported (at most {VERSION})"),
            ));
        }
        let body = read_body(&r.enter("body"), r.member(&root, "body")?)?;
        Ok(Schema { body })
    }
}

fn invalid(path: &str, message: &str) -> Error {
    let at = if path.is_empty() {
        String::new()
    } else {
        format!(" at {path}")
    };
    Error::new(
        Diagnostic::error("Invalid schema document")
            .with_detail(format!("The schema document is invalid{at}: {message}."))
            .into(),
    )
}

// ---- writing ----

fn string(out: &mut String, s: &str) {
    // A string value always marshals.
    if let Ok(text) = cty_json::marshal(&Value::string(s), &Type::String) {
        out.push_str(&text);
    }
}

fn key(out: &mut String, name: &str) {
    out.push(',');
    string(out, name);
    out.push(':');
}

fn doc(out: &mut String, d: &Doc) {
    if d.is_empty() {
        return;
    }
    key(out, "doc");
    out.push('{');
    let mut first = true;
    for (name, text) in [("summary", &d.summary), ("detail", &d.detail)] {
        if let Some(text) = text {
            if !first {
                out.push(',');
            }
            first = false;
            string(out, name);
            out.push(':');
            string(out, text);
        }
    }
    out.push('}');
}

fn deprecated(out: &mut String, d: &Option<String>) {
    if let Some(note) = d {
        key(out, "deprecated");
        string(out, note);
    }
}

fn body(out: &mut String, b: &Body) {
    out.push_str(r#"{"exhaustive":"#);
    out.push_str(if b.exhaustive { "true" } else { "false" });
    if b.validated {
        out.push_str(r#","validated":true"#);
    }
    doc(out, &b.doc);
    out.push_str(r#","attributes":["#);
    for (i, a) in b.attributes.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        attribute(out, a);
    }
    out.push_str(r#"],"blocks":["#);
    for (i, bt) in b.blocks.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        block(out, bt);
    }
    out.push_str("]}");
}

fn attribute(out: &mut String, a: &Attribute) {
    out.push_str(r#"{"name":"#);
    string(out, &a.name);
    key(out, "type");
    string(out, &a.ty.to_string());
    out.push_str(r#","required":"#);
    out.push_str(if a.required { "true" } else { "false" });
    if let Some(v) = &a.default
        && let Ok(text) = cty_json::marshal(v, v.ty())
    {
        key(out, "default");
        out.push_str(&text);
        if v.ty() != &a.ty {
            key(out, "default_type");
            string(out, &v.ty().to_string());
        }
    }
    if let Some(c) = &a.constraint {
        key(out, "constraint");
        constraint(out, c);
    }
    doc(out, &a.doc);
    deprecated(out, &a.deprecated);
    if a.sensitive {
        out.push_str(r#","sensitive":true"#);
    }
    if a.validated {
        out.push_str(r#","validated":true"#);
    }
    out.push('}');
}

fn constraint(out: &mut String, c: &Constraint) {
    match c {
        Constraint::OneOf(values) => {
            out.push_str(r#"{"one_of":["#);
            for (i, v) in values.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(r#"{"value":"#);
                string(out, &v.value);
                doc(out, &v.doc);
                out.push('}');
            }
            out.push_str("]}");
        }
        Constraint::Integer { min, max, nonzero } => {
            out.push_str(&format!(r#"{{"integer":{{"min":{min},"max":{max}"#));
            if *nonzero {
                out.push_str(r#","nonzero":true"#);
            }
            out.push_str("}}");
        }
        Constraint::Duration => out.push_str(r#"{"duration":true}"#),
        Constraint::Elements(inner) => {
            out.push_str(r#"{"elements":"#);
            constraint(out, inner);
            out.push('}');
        }
        Constraint::Attributes(parts) => {
            out.push_str(r#"{"attributes":["#);
            for (i, (name, c)) in parts.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(r#"{"name":"#);
                string(out, name);
                key(out, "constraint");
                constraint(out, c);
                out.push('}');
            }
            out.push_str("]}");
        }
        Constraint::Tuple(parts) => {
            out.push_str(r#"{"tuple":["#);
            for (i, (index, c)) in parts.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&format!(r#"{{"index":{index}"#));
                key(out, "constraint");
                constraint(out, c);
                out.push('}');
            }
            out.push_str("]}");
        }
    }
}

fn block(out: &mut String, b: &BlockType) {
    out.push_str(r#"{"name":"#);
    string(out, &b.name);
    out.push_str(r#","labels":["#);
    for (i, l) in b.labels.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, l);
    }
    out.push(']');
    key(out, "nesting");
    string(out, b.nesting.name());
    doc(out, &b.doc);
    deprecated(out, &b.deprecated);
    match &b.content {
        BlockContent::Body(inner) => {
            key(out, "body");
            body(out, inner);
        }
        BlockContent::ByLabel { label, variants } => {
            out.push_str(r#","by_label":{"label":"#);
            string(out, label);
            out.push_str(r#","variants":["#);
            for (i, v) in variants.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(r#"{"name":"#);
                string(out, &v.name);
                doc(out, &v.doc);
                deprecated(out, &v.deprecated);
                key(out, "body");
                body(out, &v.body);
                out.push('}');
            }
            out.push_str("]}");
        }
    }
    out.push('}');
}

// ---- reading ----

/// Reads members, knowing the path to the current object for errors.
struct Reader {
    path: String,
}

impl Reader {
    fn enter(&self, step: &str) -> Reader {
        Reader {
            path: if self.path.is_empty() {
                step.to_owned()
            } else if step.starts_with('[') {
                format!("{}{step}", self.path)
            } else {
                format!("{}.{step}", self.path)
            },
        }
    }

    fn at(&self, name: &str) -> String {
        self.enter(name).path
    }

    fn object<'v>(&self, v: &'v Value) -> Result<&'v Value, Error> {
        if v.attributes().is_some() && !v.is_null() {
            Ok(v)
        } else {
            Err(invalid(&self.path, "an object is expected"))
        }
    }

    fn optional<'v>(&self, v: &'v Value, name: &str) -> Result<Option<&'v Value>, Error> {
        Ok(self.object(v)?.get(name).filter(|m| !m.is_null()))
    }

    fn member<'v>(&self, v: &'v Value, name: &str) -> Result<&'v Value, Error> {
        self.optional(v, name)?
            .ok_or_else(|| invalid(&self.at(name), "the member is missing"))
    }

    fn str<'v>(&self, v: &'v Value, name: &str) -> Result<&'v str, Error> {
        self.member(v, name)?
            .as_str()
            .ok_or_else(|| invalid(&self.at(name), "a string is expected"))
    }

    fn opt_str(&self, v: &Value, name: &str) -> Result<Option<String>, Error> {
        match self.optional(v, name)? {
            None => Ok(None),
            Some(m) => m
                .as_str()
                .map(|s| Some(s.to_owned()))
                .ok_or_else(|| invalid(&self.at(name), "a string is expected")),
        }
    }

    fn bool(&self, v: &Value, name: &str, absent: bool) -> Result<bool, Error> {
        match self.optional(v, name)? {
            None => Ok(absent),
            Some(m) => m
                .as_bool()
                .ok_or_else(|| invalid(&self.at(name), "true or false is expected")),
        }
    }

    fn number<'v>(&self, v: &'v Value, name: &str) -> Result<&'v Number, Error> {
        self.member(v, name)?
            .as_number()
            .ok_or_else(|| invalid(&self.at(name), "a number is expected"))
    }

    fn array<'v>(&self, v: &'v Value, name: &str) -> Result<&'v [Value], Error> {
        match self.optional(v, name)? {
            None => Ok(&[]),
            Some(m) => m
                .elements()
                .ok_or_else(|| invalid(&self.at(name), "an array is expected")),
        }
    }

    fn doc(&self, v: &Value) -> Result<Doc, Error> {
        match self.optional(v, "doc")? {
            None => Ok(Doc::default()),
            Some(d) => {
                let r = self.enter("doc");
                Ok(Doc {
                    summary: r.opt_str(d, "summary")?,
                    detail: r.opt_str(d, "detail")?,
                })
            }
        }
    }

    fn ty(&self, v: &Value, name: &str, constraint: bool) -> Result<Type, Error> {
        let text = self.str(v, name)?;
        let parsed = if constraint {
            parse_type_constraint(text, "schema.json")
        } else {
            parse_type(text, "schema.json")
        };
        parsed.map_err(|d| {
            let why = d
                .errors()
                .next()
                .map(|e| if e.detail.is_empty() { e.summary.clone() } else { e.detail.clone() })
                .unwrap_or_default();
            invalid(&self.at(name), &format!("{text:?} is not a type: {why}"))
        })
    }
}

fn read_body(r: &Reader, v: &Value) -> Result<Body, Error> {
    let mut body = Body {
        doc: r.doc(v)?,
        exhaustive: r.bool(v, "exhaustive", true)?,
        validated: r.bool(v, "validated", false)?,
        ..Body::new()
    };
    for (i, a) in r.array(v, "attributes")?.iter().enumerate() {
        body.attributes
            .push(read_attribute(&r.enter(&format!("attributes[{i}]")), a)?);
    }
    for (i, b) in r.array(v, "blocks")?.iter().enumerate() {
        body.blocks
            .push(read_block(&r.enter(&format!("blocks[{i}]")), b)?);
    }
    Ok(body)
}

fn read_attribute(r: &Reader, v: &Value) -> Result<Attribute, Error> {
    let ty = r.ty(v, "type", true)?;
    let default = match r.optional(v, "default")? {
        None => None,
        Some(d) => {
            let target = match r.optional(v, "default_type")? {
                Some(_) => r.ty(v, "default_type", false)?,
                None => ty.clone(),
            };
            let value = if target.is_dynamic() {
                d.clone()
            } else {
                hcl_core::convert::convert(d, &target).map_err(|e| {
                    invalid(
                        &r.at("default"),
                        &format!("the value is not a {target}: {e}"),
                    )
                })?
            };
            Some(normalise_default(value, &ty))
        }
    };
    let constraint = match r.optional(v, "constraint")? {
        None => None,
        Some(c) => Some(read_constraint(&r.enter("constraint"), c)?),
    };
    Ok(Attribute {
        name: r.str(v, "name")?.to_owned(),
        ty,
        constraint,
        required: r.bool(v, "required", false)?,
        default,
        doc: r.doc(v)?,
        deprecated: r.opt_str(v, "deprecated")?,
        sensitive: r.bool(v, "sensitive", false)?,
        validated: r.bool(v, "validated", false)?,
    })
}

fn read_constraint(r: &Reader, v: &Value) -> Result<Constraint, Error> {
    if let Some(values) = r.optional(v, "one_of")? {
        let r = r.enter("one_of");
        let values = values
            .elements()
            .ok_or_else(|| invalid(&r.path, "an array is expected"))?;
        let mut out = Vec::with_capacity(values.len());
        for (i, value) in values.iter().enumerate() {
            let r = r.enter(&format!("[{i}]"));
            out.push(AllowedValue {
                value: r.str(value, "value")?.to_owned(),
                doc: r.doc(value)?,
            });
        }
        return Ok(Constraint::OneOf(out));
    }
    if let Some(range) = r.optional(v, "integer")? {
        let r = r.enter("integer");
        return Ok(Constraint::Integer {
            min: r.number(range, "min")?.clone(),
            max: r.number(range, "max")?.clone(),
            nonzero: r.bool(range, "nonzero", false)?,
        });
    }
    if r.bool(v, "duration", false)? {
        return Ok(Constraint::Duration);
    }
    if let Some(inner) = r.optional(v, "elements")? {
        return Ok(Constraint::Elements(Box::new(read_constraint(
            &r.enter("elements"),
            inner,
        )?)));
    }
    if r.optional(v, "attributes")?.is_some() {
        let mut parts = Vec::new();
        for (i, p) in r.array(v, "attributes")?.iter().enumerate() {
            let r = r.enter(&format!("attributes[{i}]"));
            parts.push((
                r.str(p, "name")?.to_owned(),
                read_constraint(&r.enter("constraint"), r.member(p, "constraint")?)?,
            ));
        }
        return Ok(Constraint::Attributes(parts));
    }
    if r.optional(v, "tuple")?.is_some() {
        let mut parts = Vec::new();
        for (i, p) in r.array(v, "tuple")?.iter().enumerate() {
            let r = r.enter(&format!("tuple[{i}]"));
            let index = r
                .number(p, "index")?
                .to_usize()
                .map_err(|_| invalid(&r.at("index"), "an index is expected"))?;
            parts.push((
                index,
                read_constraint(&r.enter("constraint"), r.member(p, "constraint")?)?,
            ));
        }
        return Ok(Constraint::Tuple(parts));
    }
    Err(invalid(
        &r.path,
        "one of \"one_of\", \"integer\", \"duration\", \"elements\", \"attributes\" or \"tuple\" is expected",
    ))
}

fn read_block(r: &Reader, v: &Value) -> Result<BlockType, Error> {
    let mut labels = Vec::new();
    for (i, l) in r.array(v, "labels")?.iter().enumerate() {
        labels.push(
            l.as_str()
                .ok_or_else(|| invalid(&r.at(&format!("labels[{i}]")), "a string is expected"))?
                .to_owned(),
        );
    }
    let nesting_name = r.str(v, "nesting")?;
    let nesting = Nesting::from_name(nesting_name).ok_or_else(|| {
        invalid(
            &r.at("nesting"),
            &format!(
                "{nesting_name:?} is not a nesting (\"single\", \"optional\", \"list\" or \"map\")"
            ),
        )
    })?;
    let content = match r.optional(v, "by_label")? {
        Some(by) => {
            let r = r.enter("by_label");
            let mut variants = Vec::new();
            for (i, variant) in r.array(by, "variants")?.iter().enumerate() {
                let r = r.enter(&format!("variants[{i}]"));
                variants.push(Variant {
                    name: r.str(variant, "name")?.to_owned(),
                    doc: r.doc(variant)?,
                    deprecated: r.opt_str(variant, "deprecated")?,
                    body: read_body(&r.enter("body"), r.member(variant, "body")?)?,
                });
            }
            BlockContent::ByLabel {
                label: r.str(by, "label")?.to_owned(),
                variants,
            }
        }
        None => BlockContent::Body(read_body(&r.enter("body"), r.member(v, "body")?)?),
    };
    Ok(BlockType {
        name: r.str(v, "name")?.to_owned(),
        labels,
        nesting,
        content,
        doc: r.doc(v)?,
        deprecated: r.opt_str(v, "deprecated")?,
    })
}
