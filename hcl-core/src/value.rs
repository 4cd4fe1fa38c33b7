//! Values of every type, with null and unknown values and the dynamic
//! value ("Values and Value Types" in the information model).
//!
//! A [`Value`] is immutable and cheap to clone: its contents are shared
//! behind reference counts. Strings are normalised to NFC once, when the
//! value is made, so that string equality is a byte comparison. Maps and
//! objects iterate in key order and sets in the Go implementation's set
//! order, so nothing observable depends on hashing.
//!
//! [`PartialEq`] on values is *raw* equality: the same type and the same
//! representation, with an unknown equal to the unknown of the same type. The
//! equality *operation* of the spec, whose result is an unknown bool when an
//! operand is unknown, is [`Value::equals`].
//!
//! ```
//! use hcl_core::{Type, Value};
//!
//! let tags = Value::list([Value::string("web"), Value::string("prod")]).unwrap();
//! assert_eq!(tags.ty(), &Type::list(Type::String));
//! assert_eq!(tags.len(), Some(2));
//!
//! // "é" precomposed and "e" followed by a combining acute accent are equal.
//! assert!(Value::string("caf\u{e9}").equals(&Value::string("cafe\u{301}")).is_true());
//!
//! // Comparing with an unknown value gives an unknown bool.
//! let eq = Value::number(1).equals(&Value::unknown(Type::Number));
//! assert!(!eq.is_known());
//! ```

use std::any::Any;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

use crate::number::Number;
use crate::semantics::Semantics;
use crate::ty::{CapsuleType, Type};

/// An HCL value: a type and, unless it is null or unknown, its content.
#[derive(Clone)]
pub struct Value {
    ty: Type,
    repr: Repr,
}

#[derive(Clone)]
enum Repr {
    Null,
    Unknown,
    Bool(bool),
    Number(Number),
    String(Arc<str>),
    /// The elements of a list, a set (deduplicated, in set order) or a tuple.
    Elements(Arc<Vec<Value>>),
    /// The elements of a map or the attributes of an object, by name.
    Attributes(Arc<BTreeMap<String, Value>>),
    Capsule(Arc<dyn Any + Send + Sync>),
}

/// A value could not be built: its parts do not fit the type asked for.
/// Dropping a value whose collections nest deeply would recurse once per
/// level and could exhaust the stack (values built through the API have no
/// nesting limit): a collection owned by nobody else hands its nested
/// collections to an explicit stack instead, so dropping takes constant
/// stack whatever the depth.
impl Drop for Repr {
    fn drop(&mut self) {
        if !has_nested_collection(self) {
            return;
        }
        let mut stack = Vec::new();
        take_children(self, &mut stack);
        while let Some(mut value) = stack.pop() {
            if has_nested_collection(&value.repr) {
                take_children(&mut value.repr, &mut stack);
            }
            // `value` now holds no nested collection: it drops shallowly.
        }
    }
}

/// Whether a representation owns (alone) a collection with a collection
/// among its elements: the only case whose drop would recurse further.
fn has_nested_collection(repr: &Repr) -> bool {
    let nested = |v: &Value| matches!(v.repr, Repr::Elements(_) | Repr::Attributes(_));
    match repr {
        Repr::Elements(arc) => Arc::strong_count(arc) == 1 && arc.iter().any(nested),
        Repr::Attributes(arc) => Arc::strong_count(arc) == 1 && arc.values().any(nested),
        _ => false,
    }
}

/// Moves the elements of a collection owned by nobody else onto `stack`.
fn take_children(repr: &mut Repr, stack: &mut Vec<Value>) {
    match repr {
        Repr::Elements(arc) => {
            if let Some(elements) = Arc::get_mut(arc) {
                stack.append(elements);
            }
        }
        Repr::Attributes(arc) => {
            if let Some(attributes) = Arc::get_mut(arc) {
                stack.extend(std::mem::take(attributes).into_values());
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    message: String,
}

impl ValueError {
    fn new(message: String) -> Self {
        ValueError { message }
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValueError {}

/// Normalises text to NFC, skipping the work when a quick check says it
/// already is.
fn nfc_owned(text: String) -> String {
    match is_nfc_quick(text.chars()) {
        IsNormalized::Yes => text,
        IsNormalized::No | IsNormalized::Maybe => text.nfc().collect(),
    }
}

impl Value {
    /// The null value of a type.
    pub fn null(ty: Type) -> Value {
        Value {
            ty,
            repr: Repr::Null,
        }
    }

    /// The unknown value of a type.
    pub fn unknown(ty: Type) -> Value {
        Value {
            ty,
            repr: Repr::Unknown,
        }
    }

    /// The dynamic value: the unknown value of the dynamic pseudo-type.
    pub fn dynamic() -> Value {
        Value::unknown(Type::Dynamic)
    }

    /// A bool value.
    pub fn bool(value: bool) -> Value {
        Value {
            ty: Type::Bool,
            repr: Repr::Bool(value),
        }
    }

    /// A number value.
    pub fn number(value: impl Into<Number>) -> Value {
        Value {
            ty: Type::Number,
            repr: Repr::Number(value.into()),
        }
    }

    /// A string value, normalised to NFC.
    pub fn string(value: impl Into<String>) -> Value {
        Value {
            ty: Type::String,
            repr: Repr::String(Arc::from(nfc_owned(value.into()))),
        }
    }

    /// A list of the given elements, which must all have the same type; the
    /// list's element type is that type. Use [`Value::list_of`] for a list
    /// that may be empty.
    pub fn list(elements: impl IntoIterator<Item = Value>) -> Result<Value, ValueError> {
        let elements: Vec<Value> = elements.into_iter().collect();
        let Some(first) = elements.first() else {
            return Err(ValueError::new(
                "an empty list needs an element type: use Value::list_of".into(),
            ));
        };
        let ty = first.ty.clone();
        Value::list_of(ty, elements)
    }

    /// A list whose elements all have type `element`.
    pub fn list_of(
        element: Type,
        elements: impl IntoIterator<Item = Value>,
    ) -> Result<Value, ValueError> {
        let elements = check_elements("list", &element, elements)?;
        Ok(Value {
            ty: Type::list(element),
            repr: Repr::Elements(Arc::new(elements)),
        })
    }

    /// A set of the given elements, which must all have the same type.
    /// Duplicates are dropped. Use [`Value::set_of`] for a set that may be
    /// empty.
    pub fn set(elements: impl IntoIterator<Item = Value>) -> Result<Value, ValueError> {
        let elements: Vec<Value> = elements.into_iter().collect();
        let Some(first) = elements.first() else {
            return Err(ValueError::new(
                "an empty set needs an element type: use Value::set_of".into(),
            ));
        };
        let ty = first.ty.clone();
        Value::set_of(ty, elements)
    }

    /// A set whose elements all have type `element`. Equal elements are kept
    /// once, and the elements are put in set order.
    pub fn set_of(
        element: Type,
        elements: impl IntoIterator<Item = Value>,
    ) -> Result<Value, ValueError> {
        let elements = check_elements("set", &element, elements)?;
        Ok(Value {
            ty: Type::set(element),
            repr: Repr::Elements(Arc::new(set_order(elements))),
        })
    }

    /// A map of the given elements, which must all have the same type. Use
    /// [`Value::map_of`] for a map that may be empty. A key given twice keeps
    /// its last value.
    pub fn map<K: Into<String>>(
        elements: impl IntoIterator<Item = (K, Value)>,
    ) -> Result<Value, ValueError> {
        let elements = collect_attributes(elements);
        let Some(first) = elements.values().next() else {
            return Err(ValueError::new(
                "an empty map needs an element type: use Value::map_of".into(),
            ));
        };
        let ty = first.ty.clone();
        Value::map_of(ty, elements)
    }

    /// A map whose elements all have type `element`.
    pub fn map_of<K: Into<String>>(
        element: Type,
        elements: impl IntoIterator<Item = (K, Value)>,
    ) -> Result<Value, ValueError> {
        let elements = collect_attributes(elements);
        if let Some((key, bad)) = elements.iter().find(|(_, v)| v.ty != element) {
            return Err(ValueError::new(format!(
                "map element {key:?} has type {}, not the map's element type {element}",
                bad.ty
            )));
        }
        Ok(Value {
            ty: Type::map(element),
            repr: Repr::Attributes(Arc::new(elements)),
        })
    }

    /// An object with the given attributes. An attribute given twice keeps
    /// its last value.
    pub fn object<K: Into<String>>(attributes: impl IntoIterator<Item = (K, Value)>) -> Value {
        let attributes = collect_attributes(attributes);
        let ty = Type::object(attributes.iter().map(|(k, v)| (k.clone(), v.ty.clone())));
        Value {
            ty,
            repr: Repr::Attributes(Arc::new(attributes)),
        }
    }

    /// The object with no attributes.
    pub fn empty_object() -> Value {
        Value::object(std::iter::empty::<(String, Value)>())
    }

    /// A tuple of the given elements.
    pub fn tuple(elements: impl IntoIterator<Item = Value>) -> Value {
        let elements: Vec<Value> = elements.into_iter().collect();
        let ty = Type::tuple(elements.iter().map(|v| v.ty.clone()));
        Value {
            ty,
            repr: Repr::Elements(Arc::new(elements)),
        }
    }

    /// The tuple with no elements.
    pub fn empty_tuple() -> Value {
        Value::tuple([])
    }

    /// A value of a capsule type, holding `value`. The capsule type must
    /// have been made for `T`.
    ///
    /// # Panics
    ///
    /// If `ty` was made for another Rust type than `T`: that is a mistake in
    /// the calling program, not in its input.
    pub fn capsule<T: Any + Send + Sync>(ty: &CapsuleType, value: T) -> Value {
        assert!(
            ty.holds::<T>(),
            "capsule type {} does not hold {}",
            ty.name(),
            std::any::type_name::<T>()
        );
        Value {
            ty: Type::Capsule(ty.clone()),
            repr: Repr::Capsule(Arc::new(value)),
        }
    }

    /// The value's type.
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// Whether this is a null value.
    pub fn is_null(&self) -> bool {
        matches!(self.repr, Repr::Null)
    }

    /// Whether this value is known (it may still contain unknown parts).
    pub fn is_known(&self) -> bool {
        !matches!(self.repr, Repr::Unknown)
    }

    /// Whether this value and everything inside it are known.
    pub fn is_wholly_known(&self) -> bool {
        match &self.repr {
            Repr::Unknown => false,
            Repr::Elements(e) => e.iter().all(Value::is_wholly_known),
            Repr::Attributes(a) => a.values().all(Value::is_wholly_known),
            _ => true,
        }
    }

    /// Whether this value's type, and that of everything inside it, is
    /// free of the dynamic pseudo-type.
    pub fn has_wholly_known_type(&self) -> bool {
        match &self.repr {
            // A null is a known value, whatever its type.
            Repr::Null => true,
            Repr::Unknown => !self.ty.has_dynamic(),
            Repr::Elements(e) => e.iter().all(Value::has_wholly_known_type),
            Repr::Attributes(a) => a.values().all(Value::has_wholly_known_type),
            _ => true,
        }
    }

    /// The content of a known bool.
    pub fn as_bool(&self) -> Option<bool> {
        match self.repr {
            Repr::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// Whether this is the known bool `true`.
    pub fn is_true(&self) -> bool {
        self.as_bool() == Some(true)
    }

    /// Whether this is the known bool `false`.
    pub fn is_false(&self) -> bool {
        self.as_bool() == Some(false)
    }

    /// The content of a known number.
    pub fn as_number(&self) -> Option<&Number> {
        match &self.repr {
            Repr::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The content of a known string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.repr {
            Repr::String(s) => Some(s),
            _ => None,
        }
    }

    /// The elements of a known list, set or tuple, in order (set order for a
    /// set).
    pub fn elements(&self) -> Option<&[Value]> {
        match &self.repr {
            Repr::Elements(e) => Some(e),
            _ => None,
        }
    }

    /// The elements of a known map or the attributes of a known object, in
    /// key order.
    pub fn attributes(&self) -> Option<&BTreeMap<String, Value>> {
        match &self.repr {
            Repr::Attributes(a) => Some(a),
            _ => None,
        }
    }

    /// One attribute of a known object, or one element of a known map.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.attributes().and_then(|a| a.get(name))
    }

    /// The number of elements or attributes of a known collection or
    /// structural value; `None` for anything else.
    pub fn len(&self) -> Option<usize> {
        match &self.repr {
            Repr::Elements(e) => Some(e.len()),
            Repr::Attributes(a) => Some(a.len()),
            _ => None,
        }
    }

    /// Whether a known collection or structural value has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    /// The Rust value inside a known capsule value, if it is a `T`.
    pub fn as_capsule<T: Any>(&self) -> Option<&T> {
        match &self.repr {
            Repr::Capsule(c) => c.downcast_ref::<T>(),
            _ => None,
        }
    }

    /// The equality operation of the spec. Two values are equal if and only
    /// if they have identical types and equal contents: strings by their NFC
    /// form, numbers numerically, collections and structures element by
    /// element, capsules by their type's equality. A null value equals the
    /// null value of the same type. The result is an unknown bool when an
    /// operand is unknown (or holds unknown parts that decide the answer),
    /// except where the types alone already prove the values unequal. The
    /// dynamic pseudo-type stands for whatever type the other operand has.
    pub fn equals(&self, other: &Value) -> Value {
        self.equals_with(other, Semantics::Spec)
    }

    /// [`Value::equals`] by the rules of `sem`. In Go mode (`go-cty`'s
    /// `Value.Equals`) any two nulls are equal whatever their types, and a
    /// comparison with an unknown value is unknown when the other operand is
    /// null or the unknown value's type has dynamic parts (else `false` for
    /// different types, unknown for the same type).
    ///
    /// ```
    /// use hcl_core::{Semantics, Type, Value};
    ///
    /// let (s, n) = (Value::null(Type::String), Value::null(Type::Number));
    /// assert!(s.equals_with(&n, Semantics::Spec).is_false());
    /// assert!(s.equals_with(&n, Semantics::Go).is_true());
    /// let unknown = Value::unknown(Type::Number);
    /// assert!(s.equals_with(&unknown, Semantics::Spec).is_false());
    /// assert!(!s.equals_with(&unknown, Semantics::Go).is_known());
    /// ```
    pub fn equals_with(&self, other: &Value, sem: Semantics) -> Value {
        match equality(self, other, sem.is_go()) {
            Some(b) => Value::bool(b),
            None => Value::unknown(Type::Bool),
        }
    }

    /// Builds a value of the same type, in the same kind of container,
    /// from new parts. Used by conversion and evaluation; `ty` must be
    /// consistent with `elements`.
    pub(crate) fn from_elements_unchecked(ty: Type, elements: Vec<Value>) -> Value {
        let elements = if matches!(ty, Type::Set(_)) {
            set_order(elements)
        } else {
            elements
        };
        Value {
            ty,
            repr: Repr::Elements(Arc::new(elements)),
        }
    }

    /// Like [`Value::from_elements_unchecked`], for a map or an object.
    pub(crate) fn from_attributes_unchecked(
        ty: Type,
        attributes: BTreeMap<String, Value>,
    ) -> Value {
        Value {
            ty,
            repr: Repr::Attributes(Arc::new(attributes)),
        }
    }
}

fn check_elements(
    kind: &str,
    element: &Type,
    elements: impl IntoIterator<Item = Value>,
) -> Result<Vec<Value>, ValueError> {
    let elements: Vec<Value> = elements.into_iter().collect();
    if let Some((i, bad)) = elements.iter().enumerate().find(|(_, v)| &v.ty != element) {
        return Err(ValueError::new(format!(
            "{kind} element {i} has type {}, not the {kind}'s element type {element}",
            bad.ty
        )));
    }
    Ok(elements)
}

fn collect_attributes<K: Into<String>>(
    items: impl IntoIterator<Item = (K, Value)>,
) -> BTreeMap<String, Value> {
    let items: Vec<(String, Value)> = items
        .into_iter()
        .map(|(k, v)| (nfc_owned(k.into()), v))
        .collect();
    attributes_from(items)
}

/// The map of `items` (later keys winning). Not generic, so that the sort
/// `BTreeMap::from_iter` runs is compiled once, not once per iterator type
/// a caller of `Value::object` passes (each copy is kilobytes of code).
fn attributes_from(items: Vec<(String, Value)>) -> BTreeMap<String, Value> {
    items.into_iter().collect()
}

/// Three-valued equality: `None` is unknown. `go`: Go's rules for nulls.
fn equality(a: &Value, b: &Value, go: bool) -> Option<bool> {
    match (a.is_known(), b.is_known()) {
        (false, false) => return None,
        (true, false) if go => return unknown_side_go(a, b),
        (false, true) if go => return unknown_side_go(b, a),
        (true, false) => return unknown_side(a, b),
        (false, true) => return unknown_side(b, a),
        (true, true) => {}
    }
    if go && (a.is_null() || b.is_null()) {
        // Go: nulls are equal whatever their types.
        return Some(a.is_null() && b.is_null());
    }
    if a.is_null() || b.is_null() {
        // Typed nulls: equal when their types are identical, the dynamic
        // pseudo-type standing for whatever type the other one has.
        return Some(a.is_null() && b.is_null() && types_may_conform(&a.ty, &b.ty));
    }
    if !a.has_wholly_known_type() || !b.has_wholly_known_type() {
        // Parts of the dynamic value inside: unequal only if no type they
        // may become could make the types identical.
        return if types_may_conform(&a.ty, &b.ty) {
            None
        } else {
            Some(false)
        };
    }
    if a.ty != b.ty {
        return Some(false);
    }
    match (&a.repr, &b.repr) {
        (Repr::Null, Repr::Null) => Some(true),
        (Repr::Null, _) | (_, Repr::Null) => Some(false),
        (Repr::Bool(x), Repr::Bool(y)) => Some(x == y),
        (Repr::Number(x), Repr::Number(y)) => Some(x == y),
        (Repr::String(x), Repr::String(y)) => Some(x == y),
        (Repr::Elements(x), Repr::Elements(y)) if matches!(a.ty, Type::Set(_)) => {
            set_equality(x, y, go)
        }
        (Repr::Elements(x), Repr::Elements(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            all_equal(x.iter().zip(y.iter()), go)
        }
        (Repr::Attributes(x), Repr::Attributes(y)) => {
            if x.len() != y.len() || !x.keys().eq(y.keys()) {
                return Some(false);
            }
            all_equal(x.values().zip(y.values()), go)
        }
        (Repr::Capsule(x), Repr::Capsule(y)) => match &a.ty {
            Type::Capsule(c) => Some(c.values_equal(x.as_ref(), y.as_ref())),
            _ => Some(false),
        },
        _ => Some(false),
    }
}

/// Equality when `known` is known and `unknown` is not.
fn unknown_side(known: &Value, unknown: &Value) -> Option<bool> {
    if known.is_null() || unknown.ty.has_dynamic() || known.ty.has_dynamic() {
        if types_may_conform(&known.ty, &unknown.ty) {
            None
        } else {
            Some(false)
        }
    } else if known.ty != unknown.ty {
        Some(false)
    } else {
        None
    }
}

/// Go's equality when `known` is known and `unknown` is not: unknown if
/// the known value is null or the unknown one's type has dynamic parts,
/// else `false` for different types.
fn unknown_side_go(known: &Value, unknown: &Value) -> Option<bool> {
    if known.is_null() || unknown.ty.has_dynamic() || known.ty == unknown.ty {
        None
    } else {
        Some(false)
    }
}

/// In order, the first pair that is unequal decides `false`, and the first
/// pair whose equality is unknown decides unknown (as the Go implementation
/// walks a list).
fn all_equal<'a>(pairs: impl Iterator<Item = (&'a Value, &'a Value)>, go: bool) -> Option<bool> {
    for (x, y) in pairs {
        match equality(x, y, go) {
            Some(true) => {}
            other => return other,
        }
    }
    Some(true)
}

/// Two sets are equal when every element of each is in the other; a set
/// holding an unknown element compares as unknown.
fn set_equality(x: &[Value], y: &[Value], go: bool) -> Option<bool> {
    if x.iter().chain(y).any(|v| !v.is_wholly_known()) {
        return None;
    }
    let contains = |set: &[Value], v: &Value| set.iter().any(|w| equality(v, w, go) == Some(true));
    Some(x.len() == y.len() && x.iter().all(|v| contains(y, v)) && y.iter().all(|v| contains(x, v)))
}

/// Whether two types could become identical once every dynamic part is
/// known (the dynamic pseudo-type conforms to anything).
fn types_may_conform(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Dynamic, _) | (_, Type::Dynamic) => true,
        (Type::List(x), Type::List(y))
        | (Type::Map(x), Type::Map(y))
        | (Type::Set(x), Type::Set(y)) => types_may_conform(x, y),
        (Type::Object(x), Type::Object(y)) => {
            x.len() == y.len()
                && x.attributes()
                    .iter()
                    .zip(y.attributes())
                    .all(|((kx, tx), (ky, ty))| kx == ky && types_may_conform(tx, ty))
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            x.len() == y.len()
                && x.elements()
                    .iter()
                    .zip(y.elements())
                    .all(|(tx, ty)| types_may_conform(tx, ty))
        }
        _ => a == b,
    }
}

/// Deduplicates set elements (by the equality operation: unknown elements
/// are never merged) and sorts them in the Go implementation's set order:
/// known values first, then unknown values, then null; strings by their
/// bytes, numbers numerically, false before true; other types by a
/// canonical text of their content. Ties keep their given order.
fn set_order(elements: Vec<Value>) -> Vec<Value> {
    let mut unique: Vec<Value> = Vec::with_capacity(elements.len());
    let mut keyed: Vec<(SetKey, Value)> = Vec::with_capacity(elements.len());
    for v in elements {
        let key = SetKey::of(&v);
        keyed.push((key, v));
    }
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    // Equal values have equal keys, so duplicates are neighbours within a
    // run of equal keys.
    let mut run_start = 0;
    for (i, (key, v)) in keyed.iter().enumerate() {
        if i > 0 && keyed[i - 1].0.cmp(key) != Ordering::Equal {
            run_start = unique.len();
        }
        if !unique[run_start..]
            .iter()
            .any(|u| equality(u, v, false) == Some(true))
        {
            unique.push(v.clone());
        }
    }
    unique
}

/// The sort key of a set element.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum SetKey {
    Bool(bool),
    Number(Number),
    String(Arc<str>),
    Canonical(String),
    Capsule,
    Unknown,
    Null,
}

impl SetKey {
    fn of(v: &Value) -> SetKey {
        match &v.repr {
            Repr::Null => SetKey::Null,
            Repr::Unknown => SetKey::Unknown,
            Repr::Bool(b) => SetKey::Bool(*b),
            Repr::Number(n) => SetKey::Number(n.clone()),
            Repr::String(s) => SetKey::String(s.clone()),
            Repr::Capsule(_) => SetKey::Capsule,
            Repr::Elements(_) | Repr::Attributes(_) => {
                let mut text = String::new();
                canonical_text(v, &mut text);
                SetKey::Canonical(text)
            }
        }
    }
}

/// The Go implementation's set-hash text of a value: `?` unknown, `~`
/// null, `T`/`F`, numbers, quoted strings, `[..;]` for lists and sets,
/// `{k:v;}` for maps, `<..;>` for objects and tuples.
fn canonical_text(v: &Value, out: &mut String) {
    use std::fmt::Write as _;
    match &v.repr {
        Repr::Unknown => out.push('?'),
        Repr::Null => out.push('~'),
        Repr::Bool(true) => out.push('T'),
        Repr::Bool(false) => out.push('F'),
        Repr::Number(n) => {
            let _ = write!(out, "{n}");
        }
        Repr::String(s) => {
            let _ = write!(out, "{s:?}");
        }
        Repr::Capsule(_) => out.push_str("«?»"),
        Repr::Elements(e) => {
            let (open, close) = match v.ty {
                Type::Tuple(_) => ('<', '>'),
                _ => ('[', ']'),
            };
            out.push(open);
            for x in e.iter() {
                canonical_text(x, out);
                out.push(';');
            }
            out.push(close);
        }
        Repr::Attributes(a) => {
            let is_map = matches!(v.ty, Type::Map(_));
            out.push(if is_map { '{' } else { '<' });
            for (k, x) in a.iter() {
                if is_map {
                    let _ = write!(out, "{k:?}:");
                }
                canonical_text(x, out);
                out.push(';');
            }
            out.push(if is_map { '}' } else { '>' });
        }
    }
}

/// Raw equality: identical types and identical content; unknowns of the
/// same type are equal to each other, and so are nulls of the same type.
impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        if self.ty != other.ty {
            return false;
        }
        match (&self.repr, &other.repr) {
            (Repr::Null, Repr::Null) | (Repr::Unknown, Repr::Unknown) => true,
            (Repr::Bool(x), Repr::Bool(y)) => x == y,
            (Repr::Number(x), Repr::Number(y)) => x == y,
            (Repr::String(x), Repr::String(y)) => x == y,
            (Repr::Elements(x), Repr::Elements(y)) => x == y,
            (Repr::Attributes(x), Repr::Attributes(y)) => x == y,
            (Repr::Capsule(x), Repr::Capsule(y)) => match &self.ty {
                Type::Capsule(c) => c.values_equal(x.as_ref(), y.as_ref()),
                _ => false,
            },
            _ => false,
        }
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Value::bool(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Self {
        Value::string(v)
    }
}

impl From<String> for Value {
    fn from(v: String) -> Self {
        Value::string(v)
    }
}

impl From<Number> for Value {
    fn from(v: Number) -> Self {
        Value::number(v)
    }
}

macro_rules! value_from_integer {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Self {
                Value::number(Number::from(v))
            }
        }
    )*};
}
value_from_integer!(i64);

/// Writes a value in HCL's own expression syntax: `"text"`, `42`, `true`,
/// `["a", "b"]`, `{ name = "x" }`; `null` and `(unknown string)` for null
/// and unknown values.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.repr {
            Repr::Null => f.write_str("null"),
            Repr::Unknown => write!(f, "(unknown {})", self.ty),
            Repr::Bool(b) => write!(f, "{b}"),
            Repr::Number(n) => write!(f, "{n}"),
            Repr::String(s) => write!(f, "{s:?}"),
            Repr::Capsule(_) => write!(f, "({})", self.ty),
            Repr::Elements(e) => {
                f.write_str("[")?;
                for (i, x) in e.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("]")
            }
            Repr::Attributes(a) => {
                if a.is_empty() {
                    return f.write_str("{}");
                }
                f.write_str("{ ")?;
                for (i, (k, x)) in a.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k:?} = {x}")?;
                }
                f.write_str(" }")
            }
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.repr {
            Repr::Null => write!(f, "null({})", self.ty),
            _ => fmt::Display::fmt(self, f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Value {
        Value::string(text)
    }

    fn n(v: i64) -> Value {
        Value::number(v)
    }

    fn is_unknown_bool(v: &Value) -> bool {
        !v.is_known() && v.ty() == &Type::Bool
    }

    #[test]
    fn value_size_is_five_words() {
        assert_eq!(std::mem::size_of::<Value>(), 40);
    }

    #[test]
    fn equal_values_need_identical_types() {
        assert!(s("1").equals(&n(1)).is_false());
        assert!(Value::bool(true).equals(&s("true")).is_false());
        let l = Value::list([s("a")]).unwrap();
        let set = Value::set([s("a")]).unwrap();
        assert!(l.equals(&set).is_false());
        assert!(Value::tuple([s("a")]).equals(&l).is_false());
    }

    #[test]
    fn string_equality_is_by_nfc_form() {
        let precomposed = s("caf\u{e9}");
        let decomposed = s("cafe\u{301}");
        assert!(precomposed.equals(&decomposed).is_true());
        assert_eq!(precomposed, decomposed);
        assert_eq!(decomposed.as_str(), Some("caf\u{e9}"));
        assert!(s("a").equals(&s("b")).is_false());
    }

    #[test]
    fn nfc_applies_to_map_keys_and_attribute_names() {
        let a = Value::object([("cafe\u{301}", n(1))]);
        assert!(a.get("caf\u{e9}").is_some());
        let m = Value::map([("cafe\u{301}", n(1))]).unwrap();
        assert!(m.get("caf\u{e9}").is_some());
    }

    #[test]
    fn bool_values_equal_when_both_true_or_both_false() {
        assert!(Value::bool(true).equals(&Value::bool(true)).is_true());
        assert!(Value::bool(false).equals(&Value::bool(false)).is_true());
        assert!(Value::bool(true).equals(&Value::bool(false)).is_false());
    }

    #[test]
    fn number_equality_is_numeric() {
        assert!(n(3).equals(&Value::number(Number::from(3i32))).is_true());
        assert!(n(3).equals(&n(4)).is_false());
        let inf = Value::number(Number::INFINITY);
        let ninf = Value::number(Number::NEG_INFINITY);
        assert!(inf.equals(&inf).is_true());
        assert!(ninf.equals(&ninf).is_true());
        assert!(inf.equals(&ninf).is_false());
    }

    #[test]
    fn structural_values_equal_when_all_attributes_or_elements_equal() {
        let a = Value::object([("x", n(1)), ("y", s("a"))]);
        let b = Value::object([("y", s("a")), ("x", n(1))]);
        let c = Value::object([("x", n(2)), ("y", s("a"))]);
        assert!(a.equals(&b).is_true());
        assert!(a.equals(&c).is_false());
        assert!(
            Value::tuple([n(1), s("a")])
                .equals(&Value::tuple([n(1), s("a")]))
                .is_true()
        );
        assert!(
            Value::tuple([n(1), s("a")])
                .equals(&Value::tuple([n(1), s("b")]))
                .is_false()
        );
    }

    #[test]
    fn collection_values_equal_when_same_length_and_elements_equal() {
        let l1 = Value::list([n(1), n(2)]).unwrap();
        let l2 = Value::list([n(1), n(2)]).unwrap();
        let l3 = Value::list([n(2), n(1)]).unwrap();
        assert!(l1.equals(&l2).is_true());
        assert!(l1.equals(&l3).is_false());
        let m1 = Value::map([("a", n(1))]).unwrap();
        let m2 = Value::map([("a", n(1)), ("b", n(2))]).unwrap();
        assert!(m1.equals(&m2).is_false());
        let s1 = Value::set([n(1), n(2)]).unwrap();
        let s2 = Value::set([n(2), n(1), n(2)]).unwrap();
        assert!(s1.equals(&s2).is_true());
        assert_eq!(s2.len(), Some(2));
    }

    #[test]
    fn collection_types_identical_only_with_same_element_type() {
        assert!(
            Value::list_of(Type::String, [])
                .unwrap()
                .equals(&Value::list_of(Type::Number, []).unwrap())
                .is_false()
        );
        assert!(
            Value::list_of(Type::String, [])
                .unwrap()
                .equals(&Value::list_of(Type::String, []).unwrap())
                .is_true()
        );
    }

    #[test]
    fn collection_elements_must_share_the_element_type() {
        let err = Value::list([s("a"), n(1)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "list element 1 has type number, not the list's element type string"
        );
        assert!(Value::set_of(Type::String, [n(1)]).is_err());
        assert!(Value::map_of(Type::String, [("k", n(1))]).is_err());
        assert!(Value::list(std::iter::empty()).is_err());
    }

    #[test]
    fn null_value_of_a_type_is_equal_to_itself() {
        let null = Value::null(Type::String);
        assert!(null.equals(&null).is_true());
        assert!(null.equals(&s("")).is_false());
        assert!(s("").equals(&null).is_false());
    }

    #[test]
    fn deviation_null_values_of_different_types_are_not_equal() {
        // The spec: equal only with identical types. Go: all nulls are equal.
        assert!(
            Value::null(Type::String)
                .equals(&Value::null(Type::Number))
                .is_false()
        );
    }

    #[test]
    fn go_mode_null_values_of_any_types_are_equal() {
        // go-cty's Value.Equals: nulls are equal whatever their types, and
        // a null compared with an unknown value is unknown.
        let go = Semantics::Go;
        let null_s = Value::null(Type::String);
        assert!(null_s.equals_with(&Value::null(Type::Number), go).is_true());
        assert!(
            Value::null(Type::list(Type::Bool))
                .equals_with(&Value::null(Type::map(Type::Bool)), go)
                .is_true()
        );
        assert!(null_s.equals_with(&s("x"), go).is_false());
        assert!(
            !null_s
                .equals_with(&Value::unknown(Type::Number), go)
                .is_known()
        );
        assert!(
            null_s
                .equals_with(&Value::unknown(Type::Number), Semantics::Spec)
                .is_false()
        );
        // An unknown whose type has dynamic parts is unknown against
        // anything; otherwise different types are unequal.
        let dyn_object = Type::object([("a", Type::Dynamic)]);
        assert!(
            !Value::unknown(dyn_object.clone())
                .equals_with(&s("x"), go)
                .is_known()
        );
        assert!(
            Value::unknown(dyn_object.clone())
                .equals_with(&s("x"), Semantics::Spec)
                .is_false()
        );
        let known = Value::object([("a", Value::null(Type::Dynamic))]);
        assert!(
            known
                .equals_with(&Value::unknown(Type::String), go)
                .is_false()
        );
        // Otherwise as the spec.
        assert!(s("x").equals_with(&s("x"), go).is_true());
        assert!(s("1").equals_with(&Value::number(1), go).is_false());
    }

    #[test]
    fn null_of_dynamic_pseudo_type_equals_null_of_any_type() {
        let dynnull = Value::null(Type::Dynamic);
        assert!(dynnull.equals(&Value::null(Type::String)).is_true());
        assert!(
            Value::null(Type::list(Type::Number))
                .equals(&dynnull)
                .is_true()
        );
        assert!(dynnull.equals(&s("x")).is_false());
    }

    #[test]
    fn known_values_of_different_types_with_dynamic_parts_are_unequal() {
        // Wholly known on both sides: the types must be identical.
        let empty_dyn = Value::list_of(Type::Dynamic, []).unwrap();
        let empty_str = Value::list_of(Type::String, []).unwrap();
        assert!(empty_dyn.equals(&empty_str).is_false());
        // A null inside is known too.
        let t = Value::tuple([Value::null(Type::Dynamic)]);
        assert!(t.equals(&t).is_true());
        assert!(t.equals(&Value::tuple([s("x")])).is_false());
        // Only the dynamic value (unknown) leaves the answer open.
        let u = Value::tuple([Value::dynamic()]);
        assert!(is_unknown_bool(&u.equals(&Value::tuple([s("x")]))));
        assert!(u.equals(&Value::tuple([s("x"), s("y")])).is_false());
    }

    #[test]
    fn every_type_has_a_distinct_unknown_value() {
        let us = Value::unknown(Type::String);
        let un = Value::unknown(Type::Number);
        assert!(!us.is_known());
        assert_ne!(us, un);
        assert_eq!(us, Value::unknown(Type::String));
        assert_eq!(us.ty(), &Type::String);
    }

    #[test]
    fn comparing_unknown_values_yields_unknown_bool() {
        let u = Value::unknown(Type::String);
        assert!(is_unknown_bool(&u.equals(&u)));
        assert!(is_unknown_bool(&u.equals(&s("a"))));
        assert!(is_unknown_bool(&s("a").equals(&u)));
        assert!(is_unknown_bool(&Value::dynamic().equals(&n(1))));
        assert!(is_unknown_bool(&Value::dynamic().equals(&Value::dynamic())));
    }

    #[test]
    fn unknown_of_another_type_is_provably_unequal() {
        assert!(s("a").equals(&Value::unknown(Type::Number)).is_false());
        assert!(
            Value::null(Type::String)
                .equals(&Value::unknown(Type::Number))
                .is_false()
        );
        assert!(is_unknown_bool(
            &Value::null(Type::String).equals(&Value::unknown(Type::String))
        ));
    }

    #[test]
    fn unknown_elements_make_collection_equality_unknown() {
        let a = Value::list([Value::unknown(Type::Number), n(1)]).unwrap();
        let b = Value::list([n(0), n(1)]).unwrap();
        assert!(is_unknown_bool(&a.equals(&b)));
        // A difference found before the unknown element decides.
        let c = Value::list([n(5), Value::unknown(Type::Number)]).unwrap();
        let d = Value::list([n(6), n(1)]).unwrap();
        assert!(c.equals(&d).is_false());
        let set = Value::set([Value::unknown(Type::Number)]).unwrap();
        assert!(is_unknown_bool(&set.equals(&set)));
    }

    #[test]
    fn dynamic_value_is_unknown_of_dynamic_pseudo_type() {
        let d = Value::dynamic();
        assert!(!d.is_known());
        assert_eq!(d.ty(), &Type::Dynamic);
        assert!(!d.has_wholly_known_type());
        assert!(!Value::tuple([d]).has_wholly_known_type());
    }

    #[test]
    fn wholly_known_looks_inside() {
        let v = Value::object([("a", Value::unknown(Type::Bool))]);
        assert!(v.is_known());
        assert!(!v.is_wholly_known());
        assert!(Value::object([("a", n(1))]).is_wholly_known());
    }

    #[test]
    fn capsule_equality_is_defined_by_the_application() {
        #[derive(Debug)]
        struct Approx(i32);
        impl PartialEq for Approx {
            fn eq(&self, other: &Self) -> bool {
                (self.0 - other.0).abs() <= 1
            }
        }
        let ty = CapsuleType::new::<Approx>("approx");
        let a = Value::capsule(&ty, Approx(10));
        let b = Value::capsule(&ty, Approx(11));
        let c = Value::capsule(&ty, Approx(13));
        assert!(a.equals(&b).is_true());
        assert!(a.equals(&c).is_false());
        let other = CapsuleType::new::<Approx>("approx");
        assert!(a.equals(&Value::capsule(&other, Approx(10))).is_false());
    }

    #[test]
    fn maps_and_objects_iterate_in_key_order() {
        let m = Value::map([("b", n(2)), ("a", n(1)), ("c", n(3))]).unwrap();
        let keys: Vec<_> = m.attributes().unwrap().keys().cloned().collect();
        assert_eq!(keys, ["a", "b", "c"]);
        let o = Value::object([("z", n(0)), ("y", n(0))]);
        assert_eq!(o.to_string(), "{ \"y\" = 0, \"z\" = 0 }");
    }

    #[test]
    fn sets_iterate_in_go_set_order() {
        let strings = Value::set([s("b"), s("a"), s("B")]).unwrap();
        assert_eq!(strings.to_string(), "[\"B\", \"a\", \"b\"]");
        let numbers = Value::set([n(10), n(-1), n(2)]).unwrap();
        assert_eq!(numbers.to_string(), "[-1, 2, 10]");
        let bools = Value::set([Value::bool(true), Value::bool(false)]).unwrap();
        assert_eq!(bools.to_string(), "[false, true]");
        // Known values first, then unknown ones, then null.
        let mixed = Value::set([
            Value::null(Type::Number),
            Value::unknown(Type::Number),
            n(1),
        ])
        .unwrap();
        assert_eq!(mixed.to_string(), "[1, (unknown number), null]");
        // Other element types order by their canonical text.
        let lists =
            Value::set([Value::list([n(9)]).unwrap(), Value::list([n(10)]).unwrap()]).unwrap();
        assert_eq!(lists.to_string(), "[[10], [9]]");
    }

    #[test]
    fn set_keeps_distinct_unknown_elements() {
        let u = Value::unknown(Type::String);
        let set = Value::set([u.clone(), u, s("a"), s("a")]).unwrap();
        assert_eq!(set.len(), Some(3));
    }

    #[test]
    fn set_of_equal_values_after_nfc_keeps_one() {
        let set = Value::set([s("caf\u{e9}"), s("cafe\u{301}")]).unwrap();
        assert_eq!(set.len(), Some(1));
    }

    #[test]
    fn display_writes_hcl_syntax() {
        let v = Value::object([
            ("list", Value::list([s("a"), s("b")]).unwrap()),
            ("null", Value::null(Type::String)),
            ("unknown", Value::unknown(Type::Number)),
        ]);
        assert_eq!(
            v.to_string(),
            "{ \"list\" = [\"a\", \"b\"], \"null\" = null, \"unknown\" = (unknown number) }"
        );
    }
}
