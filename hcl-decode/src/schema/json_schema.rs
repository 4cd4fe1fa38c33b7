//! A JSON Schema (draft 2020-12) for the configuration written in HCL's
//! JSON syntax: [`Schema::to_json_schema`].

use hcl_core::{Type, Value, cty_json};

use super::Schema;
use super::model::{Attribute, BlockContent, BlockType, Body, Constraint, Doc, Nesting};

/// A string holding a number in plain decimal notation (what every rule
/// set converts to a number).
const NUMBER_STRING: &str = "^-?[0-9]+(\\.[0-9]+)?$";
/// A string holding a whole number.
const INTEGER_STRING: &str = "^-?[0-9]+$";
/// A Go duration that is not negative (`"1h30m"`, `"250ms"`, `"0"`).
const DURATION: &str = "^\\+?(0|(([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$";
/// A string with an interpolation or directive: a template whose value
/// no schema can know.
const TEMPLATE: &str = "\\$\\{|%\\{";

impl Schema {
    /// A JSON Schema (draft 2020-12) for the configuration written in the
    /// JSON syntax (`.hcl.json`), for JSON editors and validators.
    ///
    /// Each body is an object whose properties are its attributes and
    /// block types (plus `"//"`, the JSON syntax's comment), with
    /// `additionalProperties: false` where the body is exhaustive;
    /// required attributes and `single` blocks are `required`. Each
    /// property carries the doc comment as `description`, the default as
    /// `default` (never for a sensitive attribute), `deprecated`, and the
    /// accepted strings of a value enum as `enum`. Values are accepted as
    /// HCL's conversions accept them: a number or a bool where a string is
    /// expected, a string holding a number (in plain decimal notation) or
    /// `"true"`/`"false"` where a number or a bool is, `null` for an
    /// optional attribute, and any string with a `${`/`%{` template, whose
    /// value only evaluation knows. A block type is an object (one block)
    /// or an array of objects (one block each), inside one level of
    /// objects per label (none of them empty: that is a missing label),
    /// or `null` for no block where it has no labels; a `by_label` block
    /// type lists the accepted first labels, each with its body.
    ///
    /// What a JSON Schema cannot judge is left to the decoder: the values
    /// of templates, integers beyond a double's precision, durations too
    /// long, two blocks with one key written as two JSON properties of the
    /// same name.
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
    /// let schema = Schema::of::<Config>().to_json_schema();
    /// assert!(schema.contains(r#""$schema": "https://json-schema.org/draft/2020-12/schema""#));
    /// assert!(schema.contains(r#""description": "The port.""#));
    /// assert!(schema.contains(r#""maximum": 65535"#));
    /// ```
    pub fn to_json_schema(&self) -> String {
        let mut root = body(&self.body);
        if let J::Object(members) = &mut root {
            members.insert(
                0,
                (
                    "$schema".to_owned(),
                    J::str("https://json-schema.org/draft/2020-12/schema"),
                ),
            );
        }
        let mut out = String::with_capacity(4096);
        root.write(&mut out, 0);
        out.push('\n');
        out
    }
}

/// A JSON value being built.
enum J {
    Object(Vec<(String, J)>),
    Array(Vec<J>),
    /// JSON text, written as it is.
    Raw(String),
}

impl J {
    fn str(s: &str) -> J {
        J::Raw(quote(s))
    }

    fn bool(b: bool) -> J {
        J::Raw(if b { "true" } else { "false" }.to_owned())
    }

    fn obj<const N: usize>(members: [(&str, J); N]) -> J {
        J::Object(
            members
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        )
    }

    /// `true`: any value.
    fn any() -> J {
        J::Object(Vec::new())
    }

    fn write(&self, out: &mut String, indent: usize) {
        match self {
            J::Raw(text) => out.push_str(text),
            J::Object(members) if members.is_empty() => out.push_str("{}"),
            J::Array(items) if items.is_empty() => out.push_str("[]"),
            J::Object(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, indent + 1);
                    out.push_str(&quote(k));
                    out.push_str(": ");
                    v.write(out, indent + 1);
                }
                newline(out, indent);
                out.push('}');
            }
            J::Array(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, indent + 1);
                    v.write(out, indent + 1);
                }
                newline(out, indent);
                out.push(']');
            }
        }
    }
}

fn newline(out: &mut String, indent: usize) {
    out.push('\n');
    for _ in 0..indent {
        out.push_str("  ");
    }
}

fn quote(s: &str) -> String {
    cty_json::marshal(&Value::string(s), &Type::String).unwrap_or_default()
}

fn describe(members: &mut Vec<(String, J)>, doc: &Doc, deprecated: &Option<String>) {
    let mut text = doc.text();
    if let Some(note) = deprecated {
        let line = if note.is_empty() {
            "Deprecated.".to_owned()
        } else {
            format!("Deprecated: {note}")
        };
        text = Some(match text {
            Some(t) => format!("{t}\n\n{line}"),
            None => line,
        });
    }
    if let Some(text) = text {
        members.push(("description".to_owned(), J::str(&text)));
    }
    if deprecated.is_some() {
        members.push(("deprecated".to_owned(), J::bool(true)));
    }
}

fn body(b: &Body) -> J {
    let mut members = vec![("type".to_owned(), J::str("object"))];
    describe(&mut members, &b.doc, &None);
    let mut properties = vec![(
        "//".to_owned(),
        J::obj([("description", J::str("A comment, ignored."))]),
    )];
    let mut required = Vec::new();
    for a in &b.attributes {
        properties.push((a.name.clone(), attribute(a)));
        if a.required {
            required.push(J::str(&a.name));
        }
    }
    for bt in &b.blocks {
        properties.push((bt.name.clone(), block(bt)));
        if bt.nesting == Nesting::Single {
            required.push(J::str(&bt.name));
        }
    }
    members.push(("properties".to_owned(), J::Object(properties)));
    if !required.is_empty() {
        members.push(("required".to_owned(), J::Array(required)));
    }
    if b.exhaustive {
        members.push(("additionalProperties".to_owned(), J::bool(false)));
    }
    J::Object(members)
}

fn attribute(a: &Attribute) -> J {
    let mut members = Vec::new();
    describe(&mut members, &a.doc, &a.deprecated);
    if let Some(v) = &a.default
        && !a.sensitive
        && let Ok(text) = cty_json::marshal(v, v.ty())
    {
        members.push(("default".to_owned(), J::Raw(text)));
    }
    let mut options = vec![value(&a.ty, a.constraint.as_ref()), template()];
    if !a.required {
        options.push(J::obj([("type", J::str("null"))]));
    }
    if a.ty.is_dynamic() && a.constraint.is_none() {
        return J::Object(members);
    }
    members.push(("anyOf".to_owned(), J::Array(options)));
    J::Object(members)
}

fn template() -> J {
    J::obj([("type", J::str("string")), ("pattern", J::str(TEMPLATE))])
}

/// A value of type `ty` (converted by HCL's rules), meeting `c`.
fn value(ty: &Type, c: Option<&Constraint>) -> J {
    match (ty, c) {
        (_, Some(Constraint::OneOf(values))) => J::obj([(
            "enum",
            J::Array(values.iter().map(|v| J::str(&v.value)).collect()),
        )]),
        (_, Some(Constraint::Duration)) => J::obj([
            ("type", J::str("string")),
            ("pattern", J::str(DURATION)),
        ]),
        (_, Some(Constraint::Integer { min, max, nonzero })) => {
            let mut number = vec![
                ("type".to_owned(), J::str("integer")),
                ("minimum".to_owned(), J::Raw(min.to_string())),
                ("maximum".to_owned(), J::Raw(max.to_string())),
            ];
            if *nonzero {
                number.push(("not".to_owned(), J::obj([("const", J::Raw("0".into()))])));
            }
            J::obj([(
                "anyOf",
                J::Array(vec![
                    J::Object(number),
                    J::obj([
                        ("type", J::str("string")),
                        ("pattern", J::str(INTEGER_STRING)),
                    ]),
                ]),
            )])
        }
        (Type::String, _) => J::obj([(
            "type",
            J::Array(vec![J::str("string"), J::str("number"), J::str("boolean")]),
        )]),
        (Type::Number, _) => J::obj([(
            "anyOf",
            J::Array(vec![
                J::obj([("type", J::str("number"))]),
                J::obj([
                    ("type", J::str("string")),
                    ("pattern", J::str(NUMBER_STRING)),
                ]),
            ]),
        )]),
        (Type::Bool, _) => J::obj([(
            "anyOf",
            J::Array(vec![
                J::obj([("type", J::str("boolean"))]),
                J::obj([(
                    "enum",
                    J::Array(vec![J::str("true"), J::str("false")]),
                )]),
            ]),
        )]),
        (Type::List(e) | Type::Set(e), c) => J::obj([
            ("type", J::str("array")),
            ("items", element(e, elements_of(c))),
        ]),
        (Type::Map(e), c) => J::obj([
            ("type", J::str("object")),
            ("additionalProperties", element(e, elements_of(c))),
        ]),
        (Type::Object(o), c) => {
            let parts = match c {
                Some(Constraint::Attributes(parts)) => parts.as_slice(),
                _ => &[],
            };
            let mut properties = Vec::new();
            let mut required = Vec::new();
            for (name, ty) in o.attributes() {
                let c = parts.iter().find(|(n, _)| n == name).map(|(_, c)| c);
                let optional = o.is_optional(name);
                let mut options = vec![value(ty, c), template()];
                if optional {
                    options.push(J::obj([("type", J::str("null"))]));
                } else {
                    required.push(J::str(name));
                }
                properties.push((name.clone(), J::obj([("anyOf", J::Array(options))])));
            }
            let mut members = vec![
                ("type".to_owned(), J::str("object")),
                ("properties".to_owned(), J::Object(properties)),
            ];
            if !required.is_empty() {
                members.push(("required".to_owned(), J::Array(required)));
            }
            J::Object(members)
        }
        (Type::Tuple(t), c) => {
            let parts = match c {
                Some(Constraint::Tuple(parts)) => parts.as_slice(),
                _ => &[],
            };
            let items: Vec<J> = t
                .elements()
                .iter()
                .enumerate()
                .map(|(i, ty)| {
                    let c = parts.iter().find(|(n, _)| *n == i).map(|(_, c)| c);
                    element(ty, c)
                })
                .collect();
            let n = items.len().to_string();
            J::obj([
                ("type", J::str("array")),
                ("prefixItems", J::Array(items)),
                ("minItems", J::Raw(n.clone())),
                ("maxItems", J::Raw(n)),
            ])
        }
        _ => J::any(),
    }
}

/// An element of a collection: never null (unless of any type).
fn element(ty: &Type, c: Option<&Constraint>) -> J {
    if ty.is_dynamic() && c.is_none() {
        return J::any();
    }
    J::obj([("anyOf", J::Array(vec![value(ty, c), template()]))])
}

fn elements_of(c: Option<&Constraint>) -> Option<&Constraint> {
    match c {
        Some(Constraint::Elements(inner)) => Some(inner),
        _ => None,
    }
}

/// How many blocks a block type's property may hold, level by level.
#[derive(Clone, Copy)]
struct Limits {
    /// At least one block (`single`): no empty object or array.
    at_least_one: bool,
    /// At most one key at each level but the outermost, and one body per
    /// array (`single`, `optional`, `map`: one block per first label).
    one_inner: bool,
    /// At most one key at the outermost level too (`single`, `optional`).
    one_outer: bool,
}

/// The property of a block type: one level of objects per label, then
/// one block's body or an array of bodies.
fn block(b: &BlockType) -> J {
    let limits = Limits {
        at_least_one: b.nesting == Nesting::Single,
        one_inner: b.nesting != Nesting::List,
        one_outer: matches!(b.nesting, Nesting::Single | Nesting::Optional),
    };
    let mut out = match &b.content {
        BlockContent::Body(inner) => levels(&body(inner), b.labels.len(), limits, true),
        BlockContent::ByLabel { variants, .. } => {
            let rest = b.labels.len().saturating_sub(1);
            let mut properties = Vec::new();
            for v in variants {
                let mut inner = body(&v.body);
                if let J::Object(members) = &mut inner {
                    let mut extra = Vec::new();
                    describe(&mut extra, &v.doc, &v.deprecated);
                    members.splice(1..1, extra);
                }
                properties.push((v.name.clone(), levels(&inner, rest, limits, false)));
            }
            let mut members = vec![
                ("type".to_owned(), J::str("object")),
                ("properties".to_owned(), J::Object(properties)),
                ("additionalProperties".to_owned(), J::bool(false)),
            ];
            // An empty object is a missing label, not zero blocks.
            counts(&mut members, "Properties", true, limits.one_outer);
            J::Object(members)
        }
    };
    if let J::Object(members) = &mut out {
        let mut extra = Vec::new();
        describe(&mut extra, &b.doc, &b.deprecated);
        members.splice(0..0, extra);
    }
    // `null` is no block; for a block type with labels, a missing label.
    if b.nesting != Nesting::Single && b.labels.is_empty() {
        out = J::obj([(
            "anyOf",
            J::Array(vec![out, J::obj([("type", J::str("null"))])]),
        )]);
    }
    out
}

/// `minProperties`/`maxProperties` (or `Items`) of 1 as asked.
fn counts(members: &mut Vec<(String, J)>, what: &str, min: bool, max: bool) {
    if min {
        members.push((format!("min{what}"), J::Raw("1".into())));
    }
    if max {
        members.push((format!("max{what}"), J::Raw("1".into())));
    }
}

/// `labels` levels of objects keyed by label above `body`: the last level
/// is one body or an array of bodies. `outermost` says whether the first
/// level is the property's own (else a level above chose already).
fn levels(body: &J, labels: usize, limits: Limits, outermost: bool) -> J {
    let mut array = vec![
        ("type".to_owned(), J::str("array")),
        ("items".to_owned(), copy(body)),
    ];
    let whole = outermost && labels == 0;
    counts(
        &mut array,
        "Items",
        limits.at_least_one,
        if whole { limits.one_outer } else { limits.one_inner },
    );
    let mut level = J::obj([("anyOf", J::Array(vec![copy(body), J::Object(array)]))]);
    for i in 0..labels {
        let mut members = vec![
            ("type".to_owned(), J::str("object")),
            ("additionalProperties".to_owned(), level),
        ];
        let first = outermost && i + 1 == labels;
        // An empty object is a missing label, not zero blocks.
        counts(
            &mut members,
            "Properties",
            true,
            if first { limits.one_outer } else { limits.one_inner },
        );
        level = J::Object(members);
    }
    level
}

fn copy(j: &J) -> J {
    match j {
        J::Object(m) => J::Object(m.iter().map(|(k, v)| (k.clone(), copy(v))).collect()),
        J::Array(a) => J::Array(a.iter().map(copy).collect()),
        J::Raw(r) => J::Raw(r.clone()),
    }
}
