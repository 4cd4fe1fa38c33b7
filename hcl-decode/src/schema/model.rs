//! The schema's data: a [`Body`] of [`Attribute`]s and [`BlockType`]s, in
//! HCL's terms only.

use hcl_core::{Number, Type, Value};

/// A doc comment, split as rustdoc splits it: the first paragraph is the
/// summary, the rest the detail.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Doc {
    /// The first paragraph (joined into one line), if any.
    pub summary: Option<String>,
    /// The paragraphs after the first, as written (blank lines kept).
    pub detail: Option<String>,
}

impl Doc {
    /// The doc of the `///` lines given (each line as rustdoc stores it,
    /// with its leading space): the first paragraph becomes the summary,
    /// joined into one line, and the rest the detail.
    ///
    /// ```
    /// use hcl_decode::schema::Doc;
    ///
    /// let doc = Doc::from_lines([" The port to listen on,", " as a number.", "", " Below 1024 needs root."]);
    /// assert_eq!(doc.summary.as_deref(), Some("The port to listen on, as a number."));
    /// assert_eq!(doc.detail.as_deref(), Some("Below 1024 needs root."));
    /// ```
    pub fn from_lines<'a>(lines: impl IntoIterator<Item = &'a str>) -> Doc {
        let mut text: Vec<&str> = Vec::new();
        for chunk in lines {
            // A `#[doc = "..."]` may hold several lines.
            for line in chunk.split('\n') {
                text.push(line.strip_prefix(' ').unwrap_or(line).trim_end());
            }
        }
        let start = text.iter().position(|l| !l.is_empty()).unwrap_or(text.len());
        let end = text.iter().rposition(|l| !l.is_empty()).map_or(start, |i| i + 1);
        let text = &text[start..end];
        let split = text.iter().position(|l| l.is_empty()).unwrap_or(text.len());
        let summary = text[..split]
            .iter()
            .map(|l| l.trim())
            .collect::<Vec<_>>()
            .join(" ");
        let rest = &text[split..];
        let rest_start = rest.iter().position(|l| !l.is_empty()).unwrap_or(rest.len());
        let detail = rest[rest_start..].join("\n");
        Doc {
            summary: (!summary.is_empty()).then_some(summary),
            detail: (!detail.is_empty()).then_some(detail),
        }
    }

    /// Whether there is neither summary nor detail.
    pub fn is_empty(&self) -> bool {
        self.summary.is_none() && self.detail.is_none()
    }

    /// The summary and the detail as one text, separated by a blank line.
    pub fn text(&self) -> Option<String> {
        match (&self.summary, &self.detail) {
            (None, None) => None,
            (Some(s), None) => Some(s.clone()),
            (None, Some(d)) => Some(d.clone()),
            (Some(s), Some(d)) => Some(format!("{s}\n\n{d}")),
        }
    }
}

/// What a value must be beyond its type: the accepted strings of an enum,
/// the range of a whole number, a duration; or such constraints on the
/// parts of a collection or object.
#[derive(Clone, Debug, PartialEq)]
pub enum Constraint {
    /// One of these strings (a value enum: `#[derive(FromValue)]`).
    OneOf(Vec<AllowedValue>),
    /// A whole number between `min` and `max` inclusive (an integer
    /// target); `nonzero` excludes 0 (`NonZeroU16` and the like).
    Integer {
        /// The least value.
        min: Number,
        /// The greatest value.
        max: Number,
        /// Whether 0 is excluded.
        nonzero: bool,
    },
    /// A string in Go's duration notation (`"1h30m"`, `"250ms"`; see
    /// [`crate::duration`]).
    Duration,
    /// Each element of a list or set, or each value of a map.
    Elements(Box<Constraint>),
    /// Some attributes of an object (the others have none).
    Attributes(Vec<(String, Constraint)>),
    /// Some elements of a tuple, by index (the others have none).
    Tuple(Vec<(usize, Constraint)>),
}

impl Constraint {
    /// An integer range.
    pub fn integer(min: impl Into<Number>, max: impl Into<Number>) -> Constraint {
        Constraint::Integer {
            min: min.into(),
            max: max.into(),
            nonzero: false,
        }
    }

    /// The accepted strings, without docs.
    pub fn one_of<'a>(values: impl IntoIterator<Item = &'a str>) -> Constraint {
        Constraint::OneOf(
            values
                .into_iter()
                .map(|v| AllowedValue {
                    value: v.to_owned(),
                    doc: Doc::default(),
                })
                .collect(),
        )
    }
}

/// One accepted string of a value enum, with its variant's doc.
#[derive(Clone, Debug, PartialEq)]
pub struct AllowedValue {
    /// The string.
    pub value: String,
    /// The variant's doc comment.
    pub doc: Doc,
}

/// An attribute of a body.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// The attribute's name.
    pub name: String,
    /// The type constraint its value is converted to (`any` for the
    /// dynamic pseudo-type: any value, or an expression kept unevaluated).
    pub ty: Type,
    /// What the value must be beyond its type.
    pub constraint: Option<Constraint>,
    /// Whether the attribute must be present.
    pub required: bool,
    /// The value an absent attribute takes, when it is known (an optional
    /// attribute without one is null, or its type's empty value).
    pub default: Option<Value>,
    /// The doc comment.
    pub doc: Doc,
    /// `Some` when deprecated, with the note (possibly empty).
    pub deprecated: Option<String>,
    /// Whether the value is a secret (`#[hcl(sensitive)]`): tools never
    /// show it, and a template leaves it as a placeholder.
    pub sensitive: bool,
    /// Whether the application checks the value further
    /// (`#[hcl(validate = ...)]`, a `validate` spec).
    pub validated: bool,
}

impl Attribute {
    /// A required attribute of a type, with nothing else said.
    pub fn new(name: impl Into<String>, ty: Type) -> Attribute {
        Attribute {
            name: name.into(),
            ty,
            constraint: None,
            required: true,
            default: None,
            doc: Doc::default(),
            deprecated: None,
            sensitive: false,
            validated: false,
        }
    }
}

/// How many blocks of a type a body holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nesting {
    /// Exactly one.
    Single,
    /// At most one.
    Optional,
    /// Any number, in source order.
    List,
    /// Any number, each with a distinct first label (the key).
    Map,
}

impl Nesting {
    /// The name used in the JSON document: `single`, `optional`, `list`,
    /// `map`.
    pub fn name(self) -> &'static str {
        match self {
            Nesting::Single => "single",
            Nesting::Optional => "optional",
            Nesting::List => "list",
            Nesting::Map => "map",
        }
    }

    /// The nesting of a name given by [`Nesting::name`].
    pub fn from_name(name: &str) -> Option<Nesting> {
        Some(match name {
            "single" => Nesting::Single,
            "optional" => Nesting::Optional,
            "list" => Nesting::List,
            "map" => Nesting::Map,
            _ => return None,
        })
    }

    /// Whether a body without such a block is invalid.
    pub fn is_required(self) -> bool {
        self == Nesting::Single
    }
}

/// A block type of a body.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockType {
    /// The block type's name.
    pub name: String,
    /// The names of the labels, in order (every block of the type has
    /// exactly these).
    pub labels: Vec<String>,
    /// How many blocks the body may hold.
    pub nesting: Nesting,
    /// What a block's body holds.
    pub content: BlockContent,
    /// The doc comment of the field or enum variant declaring the block.
    pub doc: Doc,
    /// `Some` when deprecated, with the note (possibly empty).
    pub deprecated: Option<String>,
}

/// What the body of a block holds.
#[derive(Clone, Debug, PartialEq)]
pub enum BlockContent {
    /// One body for every block.
    Body(Body),
    /// A body chosen by the first label (an enum with `#[hcl(by_label)]`):
    /// the label's name and, per accepted value, the body.
    ByLabel {
        /// The name of the first label.
        label: String,
        /// The accepted first labels, each with its body.
        variants: Vec<Variant>,
    },
}

/// One choice of a [`BlockContent::ByLabel`] block.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// The first label that chooses it.
    pub name: String,
    /// The variant's doc comment.
    pub doc: Doc,
    /// `Some` when deprecated, with the note (possibly empty).
    pub deprecated: Option<String>,
    /// The body of a block with this first label.
    pub body: Body,
}

/// A body: its attributes and block types.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    /// The doc comment of the struct (or spec) describing the body.
    pub doc: Doc,
    /// The attributes, in declaration order.
    pub attributes: Vec<Attribute>,
    /// The block types, in declaration order.
    pub blocks: Vec<BlockType>,
    /// Whether anything else in the body is an error (false when the
    /// application keeps the rest of the body for later).
    pub exhaustive: bool,
    /// Whether the application checks the body as a whole further.
    pub validated: bool,
}

impl Default for Body {
    fn default() -> Body {
        Body::new()
    }
}

impl Body {
    /// An empty, exhaustive body.
    pub fn new() -> Body {
        Body {
            doc: Doc::default(),
            attributes: Vec::new(),
            blocks: Vec::new(),
            exhaustive: true,
            validated: false,
        }
    }

    /// The attribute named `name`.
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The block type named `name`.
    pub fn block(&self, name: &str) -> Option<&BlockType> {
        self.blocks.iter().find(|b| b.name == name)
    }

    /// Adds the attributes and block types of `other` (a flattened
    /// struct): its doc is not this body's, and if it keeps the rest of
    /// the body, so does this one.
    pub fn absorb(&mut self, other: Body) {
        self.attributes.extend(other.attributes);
        self.blocks.extend(other.blocks);
        self.exhaustive &= other.exhaustive;
        self.validated |= other.validated;
    }
}
