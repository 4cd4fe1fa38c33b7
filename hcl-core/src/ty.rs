//! Value types: primitive, collection, structural, capsule and the dynamic
//! pseudo-type ("Values and Value Types" in the information model).
//!
//! A [`Type`] is cheap to clone: every composite type shares its contents
//! behind an [`Arc`]. Two types are *identical* when they are equal by
//! [`PartialEq`]; a type *matches* a type specification by
//! [`Type::matches`], where the dynamic pseudo-type stands for any type.
//!
//! ```
//! use hcl_core::Type;
//!
//! let names = Type::list(Type::String);
//! assert_eq!(names.to_string(), "list(string)");
//! assert!(names.matches(&Type::list(Type::Dynamic)));
//! assert!(!Type::set(Type::String).matches(&Type::list(Type::Dynamic)));
//! ```

use std::any::{Any, TypeId};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The type of an HCL value.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// `true` or `false`.
    Bool,
    /// An arbitrary-precision number.
    Number,
    /// A sequence of Unicode characters, kept in NFC.
    String,
    /// An ordered sequence of values of one element type.
    List(Arc<Type>),
    /// Values of one element type addressed by string keys.
    Map(Arc<Type>),
    /// An unordered collection of distinct values of one element type.
    Set(Arc<Type>),
    /// Named attributes, each with its own type.
    Object(Arc<ObjectType>),
    /// A fixed sequence of elements, each with its own type.
    Tuple(Arc<TupleType>),
    /// An application-defined type, opaque to HCL.
    Capsule(CapsuleType),
    /// The dynamic pseudo-type: a placeholder for a type not yet known.
    Dynamic,
}

/// The attributes of an object type, in name order, with the set of those
/// that are optional (meaningful only in a type constraint).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ObjectType {
    attributes: BTreeMap<String, Type>,
    optional: BTreeSet<String>,
}

/// The element types of a tuple type.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct TupleType {
    elements: Vec<Type>,
}

impl Type {
    /// The list type with the given element type.
    pub fn list(element: Type) -> Type {
        Type::List(Arc::new(element))
    }

    /// The map type with the given element type.
    pub fn map(element: Type) -> Type {
        Type::Map(Arc::new(element))
    }

    /// The set type with the given element type.
    pub fn set(element: Type) -> Type {
        Type::Set(Arc::new(element))
    }

    /// The object type with the given attributes, none of them optional.
    ///
    /// ```
    /// use hcl_core::Type;
    /// let t = Type::object([("name", Type::String), ("port", Type::Number)]);
    /// assert_eq!(t.to_string(), "object({name=string,port=number})");
    /// ```
    pub fn object<K: Into<String>>(attributes: impl IntoIterator<Item = (K, Type)>) -> Type {
        let attributes: Vec<(String, Type)> =
            attributes.into_iter().map(|(k, t)| (k.into(), t)).collect();
        Type::object_from(attributes)
    }

    /// [`Type::object`] past its generic part, so that the sort
    /// `BTreeMap::from_iter` runs is compiled once, not once per iterator
    /// type a caller passes.
    fn object_from(attributes: Vec<(String, Type)>) -> Type {
        Type::Object(Arc::new(ObjectType {
            attributes: attributes.into_iter().collect(),
            optional: BTreeSet::new(),
        }))
    }

    /// The object type with the given attributes, where those named in
    /// `optional` may be absent from a value converted to it (a type
    /// constraint). Names in `optional` that are not attributes are ignored.
    pub fn object_with_optional<K: Into<String>, O: Into<String>>(
        attributes: impl IntoIterator<Item = (K, Type)>,
        optional: impl IntoIterator<Item = O>,
    ) -> Type {
        let attributes: Vec<(String, Type)> =
            attributes.into_iter().map(|(k, t)| (k.into(), t)).collect();
        // From a `Vec`, as in `object_from`: one copy of the sort.
        let attributes: BTreeMap<String, Type> = attributes.into_iter().collect();
        let optional = optional
            .into_iter()
            .map(Into::into)
            .filter(|name| attributes.contains_key(name))
            .collect();
        Type::Object(Arc::new(ObjectType {
            attributes,
            optional,
        }))
    }

    /// The object type with no attributes.
    pub fn empty_object() -> Type {
        Type::Object(Arc::new(ObjectType::default()))
    }

    /// The tuple type with the given element types.
    pub fn tuple(elements: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(Arc::new(TupleType {
            elements: elements.into_iter().collect(),
        }))
    }

    /// The tuple type with no elements.
    pub fn empty_tuple() -> Type {
        Type::Tuple(Arc::new(TupleType::default()))
    }

    /// Whether this is bool, number or string.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::Bool | Type::Number | Type::String)
    }

    /// Whether this is a list, map or set type.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Map(_) | Type::Set(_))
    }

    /// Whether this is an object or tuple type.
    pub fn is_structural(&self) -> bool {
        matches!(self, Type::Object(_) | Type::Tuple(_))
    }

    /// Whether this is the dynamic pseudo-type itself.
    pub fn is_dynamic(&self) -> bool {
        matches!(self, Type::Dynamic)
    }

    /// Whether the dynamic pseudo-type appears anywhere in this type.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::List(e) | Type::Map(e) | Type::Set(e) => e.has_dynamic(),
            Type::Object(o) => o.attributes.values().any(Type::has_dynamic),
            Type::Tuple(t) => t.elements.iter().any(Type::has_dynamic),
            Type::Bool | Type::Number | Type::String | Type::Capsule(_) => false,
        }
    }

    /// The element type of a list, map or set type.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Map(e) | Type::Set(e) => Some(e),
            _ => None,
        }
    }

    /// The attributes of an object type.
    pub fn as_object(&self) -> Option<&ObjectType> {
        match self {
            Type::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The elements of a tuple type.
    pub fn as_tuple(&self) -> Option<&TupleType> {
        match self {
            Type::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// The *matches* relation of a type with a type specification: a type
    /// matches any type identical to it and the dynamic pseudo-type, and a
    /// composite type matches a specification of the same kind whose parts
    /// it matches. Optional attributes of the specification may be absent.
    pub fn matches(&self, spec: &Type) -> bool {
        match (self, spec) {
            (_, Type::Dynamic) => true,
            (Type::List(a), Type::List(b))
            | (Type::Map(a), Type::Map(b))
            | (Type::Set(a), Type::Set(b)) => a.matches(b),
            (Type::Object(a), Type::Object(b)) => {
                a.attributes
                    .iter()
                    .all(|(name, ty)| b.attributes.get(name).is_some_and(|spec| ty.matches(spec)))
                    && b.attributes
                        .keys()
                        .all(|name| a.attributes.contains_key(name) || b.optional.contains(name))
            }
            (Type::Tuple(a), Type::Tuple(b)) => {
                a.elements.len() == b.elements.len()
                    && a.elements
                        .iter()
                        .zip(&b.elements)
                        .all(|(t, s)| t.matches(s))
            }
            _ => self == spec,
        }
    }

    /// A short English name for messages, as the Go implementation words
    /// them: `string`, `list of number`, `object`, `tuple`, `dynamic`.
    pub fn friendly_name(&self) -> String {
        match self {
            Type::Bool => "bool".into(),
            Type::Number => "number".into(),
            Type::String => "string".into(),
            Type::List(e) => format!("list of {}", e.friendly_name()),
            Type::Map(e) => format!("map of {}", e.friendly_name()),
            Type::Set(e) => format!("set of {}", e.friendly_name()),
            Type::Object(_) => "object".into(),
            Type::Tuple(_) => "tuple".into(),
            Type::Capsule(c) => c.name().into(),
            Type::Dynamic => "dynamic".into(),
        }
    }

    /// Like [`Type::friendly_name`], for a type used as a constraint: the
    /// dynamic pseudo-type reads "any type" and a collection of it "any
    /// single type".
    pub fn friendly_name_for_constraint(&self) -> String {
        match self {
            Type::Dynamic => "any type".into(),
            Type::List(e) | Type::Map(e) | Type::Set(e) if e.is_dynamic() => {
                let kind = match self {
                    Type::List(_) => "list",
                    Type::Map(_) => "map",
                    _ => "set",
                };
                format!("{kind} of any single type")
            }
            Type::List(e) => format!("list of {}", e.friendly_name_for_constraint()),
            Type::Map(e) => format!("map of {}", e.friendly_name_for_constraint()),
            Type::Set(e) => format!("set of {}", e.friendly_name_for_constraint()),
            _ => self.friendly_name(),
        }
    }
}

impl ObjectType {
    /// The attributes, in name order.
    pub fn attributes(&self) -> &BTreeMap<String, Type> {
        &self.attributes
    }

    /// The type of one attribute.
    pub fn attribute(&self, name: &str) -> Option<&Type> {
        self.attributes.get(name)
    }

    /// Whether the named attribute is optional.
    pub fn is_optional(&self, name: &str) -> bool {
        self.optional.contains(name)
    }

    /// The names of the optional attributes, in name order.
    pub fn optional(&self) -> &BTreeSet<String> {
        &self.optional
    }

    /// The number of attributes.
    pub fn len(&self) -> usize {
        self.attributes.len()
    }

    /// Whether there are no attributes.
    pub fn is_empty(&self) -> bool {
        self.attributes.is_empty()
    }
}

impl TupleType {
    /// The element types, in order.
    pub fn elements(&self) -> &[Type] {
        &self.elements
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }
}

/// An application-defined type whose values are opaque to HCL.
///
/// A capsule type is identical only to itself (the same `CapsuleType`
/// created by one call to [`CapsuleType::new`], or a clone of it). The
/// equality of two of its values is the Rust type's own [`PartialEq`].
///
/// ```
/// use hcl_core::{CapsuleType, Type, Value};
///
/// #[derive(Debug, PartialEq)]
/// struct Bytes(Vec<u8>);
///
/// let bytes = CapsuleType::new::<Bytes>("bytes");
/// let a = Value::capsule(&bytes, Bytes(vec![1, 2]));
/// let b = Value::capsule(&bytes, Bytes(vec![1, 2]));
/// assert_eq!(a.ty(), &Type::Capsule(bytes.clone()));
/// assert!(a.equals(&b).is_true());
/// assert_eq!(a.as_capsule::<Bytes>(), Some(&Bytes(vec![1, 2])));
/// assert_ne!(Type::Capsule(bytes), Type::Capsule(CapsuleType::new::<Bytes>("bytes")));
/// ```
#[derive(Clone)]
pub struct CapsuleType(Arc<CapsuleInfo>);

struct CapsuleInfo {
    name: String,
    native: TypeId,
    native_name: &'static str,
    equals: fn(&dyn Any, &dyn Any) -> bool,
}

impl CapsuleType {
    /// A new capsule type for values of the Rust type `T`, named `name` in
    /// messages. Each call makes a distinct type.
    pub fn new<T: Any + PartialEq + fmt::Debug + Send + Sync>(name: impl Into<String>) -> Self {
        fn equals<T: Any + PartialEq>(a: &dyn Any, b: &dyn Any) -> bool {
            match (a.downcast_ref::<T>(), b.downcast_ref::<T>()) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            }
        }
        CapsuleType(Arc::new(CapsuleInfo {
            name: name.into(),
            native: TypeId::of::<T>(),
            native_name: std::any::type_name::<T>(),
            equals: equals::<T>,
        }))
    }

    /// The name given at creation, used in messages.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// Whether values of this capsule type hold a `T`.
    pub fn holds<T: Any>(&self) -> bool {
        self.0.native == TypeId::of::<T>()
    }

    /// Compares two encapsulated values by the Rust type's equality.
    pub(crate) fn values_equal(&self, a: &dyn Any, b: &dyn Any) -> bool {
        (self.0.equals)(a, b)
    }
}

impl PartialEq for CapsuleType {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for CapsuleType {}

impl Hash for CapsuleType {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::ptr::hash(Arc::as_ptr(&self.0), state);
    }
}

impl fmt::Debug for CapsuleType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "capsule({:?} of {})", self.0.name, self.0.native_name)
    }
}

/// Writes a type in the type-expression form: `string`, `list(number)`,
/// `object({name=string})`, `tuple([bool,string])`, `any` for the dynamic
/// pseudo-type, and `optional(...)` around optional attribute types.
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Bool => f.write_str("bool"),
            Type::Number => f.write_str("number"),
            Type::String => f.write_str("string"),
            Type::List(e) => write!(f, "list({e})"),
            Type::Map(e) => write!(f, "map({e})"),
            Type::Set(e) => write!(f, "set({e})"),
            Type::Object(o) => {
                f.write_str("object({")?;
                for (i, (name, ty)) in o.attributes.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    if o.optional.contains(name) {
                        write!(f, "{name}=optional({ty})")?;
                    } else {
                        write!(f, "{name}={ty}")?;
                    }
                }
                f.write_str("})")
            }
            Type::Tuple(t) => {
                f.write_str("tuple([")?;
                for (i, ty) in t.elements.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{ty}")?;
                }
                f.write_str("])")
            }
            Type::Capsule(c) => f.write_str(c.name()),
            Type::Dynamic => f.write_str("any"),
        }
    }
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_size_is_two_words() {
        assert_eq!(std::mem::size_of::<Type>(), 16);
    }

    #[test]
    fn primitive_types_are_identical_only_to_themselves() {
        let all = [Type::Bool, Type::Number, Type::String, Type::Dynamic];
        for (i, a) in all.iter().enumerate() {
            for (j, b) in all.iter().enumerate() {
                assert_eq!(a == b, i == j, "{a} vs {b}");
            }
        }
    }

    #[test]
    fn collection_types_identical_by_kind_and_element() {
        assert_eq!(Type::list(Type::String), Type::list(Type::String));
        assert_ne!(Type::list(Type::String), Type::set(Type::String));
        assert_ne!(Type::list(Type::String), Type::list(Type::Number));
        assert_ne!(Type::map(Type::String), Type::list(Type::String));
    }

    #[test]
    fn structural_types_identical_by_kind_and_parts() {
        let a = Type::object([("a", Type::String), ("b", Type::Number)]);
        let b = Type::object([("b", Type::Number), ("a", Type::String)]);
        assert_eq!(a, b);
        assert_ne!(a, Type::object([("a", Type::String)]));
        assert_ne!(a, Type::object([("a", Type::String), ("b", Type::Bool)]));
        assert_eq!(
            Type::tuple([Type::String, Type::Bool]),
            Type::tuple([Type::String, Type::Bool])
        );
        assert_ne!(
            Type::tuple([Type::String, Type::Bool]),
            Type::tuple([Type::Bool, Type::String])
        );
        assert_ne!(Type::empty_tuple(), Type::empty_object());
    }

    #[test]
    fn optional_attributes_are_part_of_object_type_identity() {
        let plain = Type::object([("a", Type::String)]);
        let opt = Type::object_with_optional([("a", Type::String)], ["a"]);
        assert_ne!(plain, opt);
        assert_eq!(opt.to_string(), "object({a=optional(string)})");
    }

    #[test]
    fn dynamic_pseudo_type_identical_only_to_itself() {
        assert_eq!(Type::Dynamic, Type::Dynamic);
        assert_ne!(Type::Dynamic, Type::String);
        assert_ne!(Type::list(Type::Dynamic), Type::list(Type::String));
    }

    #[test]
    fn capsule_type_identical_only_to_itself() {
        let a = CapsuleType::new::<u8>("byte");
        let b = CapsuleType::new::<u8>("byte");
        assert_eq!(Type::Capsule(a.clone()), Type::Capsule(a.clone()));
        assert_ne!(Type::Capsule(a.clone()), Type::Capsule(b));
        assert!(a.holds::<u8>());
        assert!(!a.holds::<u16>());
        assert_eq!(Type::Capsule(a).friendly_name(), "byte");
    }

    #[test]
    fn type_specification_matches_identical_type() {
        for t in [
            Type::String,
            Type::list(Type::Number),
            Type::object([("x", Type::Bool)]),
            Type::tuple([Type::String]),
        ] {
            assert!(t.matches(&t));
        }
        assert!(!Type::String.matches(&Type::Number));
    }

    #[test]
    fn type_specification_matches_dynamic_pseudo_type() {
        assert!(Type::String.matches(&Type::Dynamic));
        assert!(Type::list(Type::String).matches(&Type::list(Type::Dynamic)));
        assert!(Type::list(Type::map(Type::Bool)).matches(&Type::list(Type::Dynamic)));
        assert!(!Type::set(Type::String).matches(&Type::list(Type::Dynamic)));
        assert!(Type::object([("a", Type::String)]).matches(&Type::object([("a", Type::Dynamic)])));
        assert!(!Type::Dynamic.matches(&Type::String));
    }

    #[test]
    fn type_specification_optional_attribute_may_be_absent() {
        let spec = Type::object_with_optional([("a", Type::String), ("b", Type::Number)], ["b"]);
        assert!(Type::object([("a", Type::String)]).matches(&spec));
        assert!(!Type::object([("b", Type::Number)]).matches(&spec));
    }

    #[test]
    fn friendly_names_follow_go_wording() {
        assert_eq!(Type::list(Type::String).friendly_name(), "list of string");
        assert_eq!(Type::empty_object().friendly_name(), "object");
        assert_eq!(
            Type::list(Type::Dynamic).friendly_name_for_constraint(),
            "list of any single type"
        );
        assert_eq!(Type::Dynamic.friendly_name_for_constraint(), "any type");
    }

    #[test]
    fn display_is_type_expression_syntax() {
        let t = Type::map(Type::tuple([Type::Bool, Type::set(Type::Dynamic)]));
        assert_eq!(t.to_string(), "map(tuple([bool,set(any)]))");
    }
}
