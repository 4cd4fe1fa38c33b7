//! The extended types: every base type, plus `int`, `none`, unions and the
//! eventual types `promise(T)` and `output(T)`.
//!
//! Types are immutable and cheap to clone (composite types share their
//! contents behind an [`Arc`]). Two constructors normalise:
//!
//! - [`ExtType::union`] flattens nested unions, removes duplicates and
//!   sorts the members into a canonical order, so that equality and hashing
//!   are structural on the normalised form and do not depend on how the
//!   union was written: `union(a, union(b, a))` is `union(a, b)`. A union
//!   of one type is that type, and a union with the dynamic pseudo-type
//!   among its members is the dynamic pseudo-type (which already accepts
//!   every value).
//! - [`ExtType::promise`] and [`ExtType::output`] do not nest eventual
//!   types: a promise of a promise is a promise, and an output of an
//!   output or of a promise, or a promise of an output, is an output. A
//!   value that is available eventually is available eventually whatever
//!   it waits for, and an output carries its information however deep.
//!
//! The union and eventual variants hold [`UnionType`] and [`EventualType`],
//! which can only be made through these constructors, so every `ExtType`
//! is normalised.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::ty::{CapsuleType, Type};

/// A type of the extended type system (`type-extensions.md`).
///
/// ```
/// use hcl_core::extended::ExtType;
///
/// let a = ExtType::union([ExtType::Int, ExtType::union([ExtType::String, ExtType::Int])]);
/// let b = ExtType::union([ExtType::String, ExtType::Int]);
/// assert_eq!(a, b);
/// assert_eq!(a.to_string(), "union(int,string)");
/// assert_eq!(ExtType::optional(ExtType::Number).to_string(), "union(number,none)");
/// assert_eq!(ExtType::output(ExtType::promise(ExtType::Bool)).to_string(), "output(bool)");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum ExtType {
    /// `true` or `false`.
    Bool,
    /// An arbitrary-precision number.
    Number,
    /// An arbitrary-precision integer.
    Int,
    /// A sequence of Unicode characters.
    String,
    /// An ordered sequence of values of one element type.
    List(Arc<ExtType>),
    /// Values of one element type addressed by string keys.
    Map(Arc<ExtType>),
    /// An unordered collection of distinct values of one element type.
    Set(Arc<ExtType>),
    /// Named attributes, each with its own type. An attribute that may be
    /// absent has a type that accepts `none` (`union(T, none)`).
    Object(Arc<BTreeMap<String, ExtType>>),
    /// A fixed sequence of elements, each with its own type.
    Tuple(Arc<[ExtType]>),
    /// An application-defined type, opaque to HCL.
    Capsule(CapsuleType),
    /// The dynamic pseudo-type: a placeholder for a type not yet known.
    Dynamic,
    /// The type of the null value, and only of it.
    None,
    /// Values of any one of a set of types.
    Union(UnionType),
    /// A value available eventually, with no further information.
    Promise(EventualType),
    /// A value available eventually that carries application-specific
    /// information.
    Output(EventualType),
}

/// The members of a union type: flattened, deduplicated and in canonical
/// order (at least two of them, or none for the empty union).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct UnionType(Arc<[ExtType]>);

impl UnionType {
    /// The member types, in canonical order.
    pub fn members(&self) -> &[ExtType] {
        &self.0
    }

    /// Whether `none` is a member (the union is an optional type).
    pub fn is_optional(&self) -> bool {
        self.0.contains(&ExtType::None)
    }
}

/// The element type of a promise or output type (never itself a promise or
/// an output).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct EventualType(Arc<ExtType>);

impl EventualType {
    /// The type of the value the promise or output resolves to.
    pub fn element(&self) -> &ExtType {
        &self.0
    }
}

/// How eventual a type is: whether values of it are available now, as a
/// promise, or as an output. Ordered: `Prompt < Promise < Output` (an
/// operation on several operands is as eventual as the most eventual one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Eventuality {
    /// Available now.
    Prompt,
    /// Available eventually, as a promise.
    Promise,
    /// Available eventually, as an output.
    Output,
}

impl Eventuality {
    /// `ty` made this eventual: unchanged for [`Eventuality::Prompt`].
    pub fn wrap(self, ty: ExtType) -> ExtType {
        match self {
            Eventuality::Prompt => ty,
            Eventuality::Promise => ExtType::promise(ty),
            Eventuality::Output => ExtType::output(ty),
        }
    }
}

impl ExtType {
    /// The list type with the given element type.
    pub fn list(element: ExtType) -> ExtType {
        ExtType::List(Arc::new(element))
    }

    /// The map type with the given element type.
    pub fn map(element: ExtType) -> ExtType {
        ExtType::Map(Arc::new(element))
    }

    /// The set type with the given element type.
    pub fn set(element: ExtType) -> ExtType {
        ExtType::Set(Arc::new(element))
    }

    /// The object type with the given attributes (a name given twice keeps
    /// its last type).
    pub fn object<K: Into<String>>(attributes: impl IntoIterator<Item = (K, ExtType)>) -> ExtType {
        ExtType::Object(Arc::new(
            attributes.into_iter().map(|(k, t)| (k.into(), t)).collect(),
        ))
    }

    /// The tuple type with the given element types.
    pub fn tuple(elements: impl IntoIterator<Item = ExtType>) -> ExtType {
        ExtType::Tuple(elements.into_iter().collect())
    }

    /// The union of the given types, normalised: nested unions are
    /// flattened, duplicates removed and the members put in canonical
    /// order. A union of a single type is that type; a union including the
    /// dynamic pseudo-type is the dynamic pseudo-type; the union of no types
    /// is the empty union, which has no values (it converts to every type
    /// and is the identity of unification).
    ///
    /// ```
    /// use hcl_core::extended::ExtType;
    ///
    /// let ab = ExtType::union([ExtType::Bool, ExtType::String]);
    /// assert_eq!(ExtType::union([ExtType::String, ab.clone(), ExtType::Bool]), ab);
    /// assert_eq!(ExtType::union([ExtType::Int]), ExtType::Int);
    /// assert_eq!(ExtType::union([ExtType::Int, ExtType::Dynamic]), ExtType::Dynamic);
    /// ```
    pub fn union(members: impl IntoIterator<Item = ExtType>) -> ExtType {
        let mut flat: Vec<ExtType> = Vec::new();
        for member in members {
            match member {
                ExtType::Union(u) => flat.extend(u.members().iter().cloned()),
                ExtType::Dynamic => return ExtType::Dynamic,
                other => flat.push(other),
            }
        }
        flat.sort();
        flat.dedup();
        if flat.len() == 1 {
            return flat.pop().unwrap_or(ExtType::None);
        }
        ExtType::Union(UnionType(flat.into()))
    }

    /// The empty union: the type with no values.
    pub fn empty_union() -> ExtType {
        ExtType::Union(UnionType(Arc::new([])))
    }

    /// The optional type of `ty`: `union(ty, none)`.
    pub fn optional(ty: ExtType) -> ExtType {
        ExtType::union([ty, ExtType::None])
    }

    /// The promise type resolving to `element`. A promise of a promise is
    /// that promise; a promise of an output is that output.
    pub fn promise(element: ExtType) -> ExtType {
        match element {
            ExtType::Promise(_) | ExtType::Output(_) => element,
            other => ExtType::Promise(EventualType(Arc::new(other))),
        }
    }

    /// The output type resolving to `element`. An output of an output or of
    /// a promise is an output of their element type.
    pub fn output(element: ExtType) -> ExtType {
        match element {
            ExtType::Output(_) => element,
            ExtType::Promise(e) => ExtType::Output(e),
            other => ExtType::Output(EventualType(Arc::new(other))),
        }
    }

    /// Whether this is bool, number, int or string.
    pub fn is_primitive(&self) -> bool {
        matches!(
            self,
            ExtType::Bool | ExtType::Number | ExtType::Int | ExtType::String
        )
    }

    /// Whether this is the dynamic pseudo-type.
    pub fn is_dynamic(&self) -> bool {
        matches!(self, ExtType::Dynamic)
    }

    /// Whether this is the `none` type.
    pub fn is_none(&self) -> bool {
        matches!(self, ExtType::None)
    }

    /// Whether this is a promise or an output type.
    pub fn is_eventual(&self) -> bool {
        matches!(self, ExtType::Promise(_) | ExtType::Output(_))
    }

    /// The members of a union type.
    pub fn union_members(&self) -> Option<&[ExtType]> {
        match self {
            ExtType::Union(u) => Some(u.members()),
            _ => None,
        }
    }

    /// The element type of a list, map, set, promise or output type.
    pub fn element_type(&self) -> Option<&ExtType> {
        match self {
            ExtType::List(e) | ExtType::Map(e) | ExtType::Set(e) => Some(e),
            ExtType::Promise(e) | ExtType::Output(e) => Some(e.element()),
            _ => None,
        }
    }

    /// How eventual this type is, and the type of its values once
    /// available. A union with eventual members is as eventual as its most
    /// eventual member, and resolves to the union of what its members
    /// resolve to:
    ///
    /// ```
    /// use hcl_core::extended::{Eventuality, ExtType};
    ///
    /// let t = ExtType::optional(ExtType::output(ExtType::String));
    /// assert_eq!(t.resolved(), (Eventuality::Output, ExtType::optional(ExtType::String)));
    /// assert_eq!(ExtType::Int.resolved(), (Eventuality::Prompt, ExtType::Int));
    /// ```
    pub fn resolved(&self) -> (Eventuality, ExtType) {
        match self {
            ExtType::Promise(e) => (Eventuality::Promise, e.element().clone()),
            ExtType::Output(e) => (Eventuality::Output, e.element().clone()),
            ExtType::Union(u) if u.members().iter().any(ExtType::is_eventual) => {
                let mut eventuality = Eventuality::Prompt;
                let members: Vec<ExtType> = u
                    .members()
                    .iter()
                    .map(|m| {
                        let (e, t) = m.resolved();
                        eventuality = eventuality.max(e);
                        t
                    })
                    .collect();
                (eventuality, ExtType::union(members))
            }
            other => (Eventuality::Prompt, other.clone()),
        }
    }

    /// The base type for this type, where there is one with the same
    /// values: `int` is a `number` (every int value is a number value),
    /// `union(T, none)` is `T` (the base model's types all have a null
    /// value) and an object attribute of such a type is an optional
    /// attribute. `none`, other unions and the eventual types have no base
    /// counterpart.
    ///
    /// ```
    /// use hcl_core::extended::ExtType;
    /// use hcl_core::Type;
    ///
    /// let t = ExtType::object([("port", ExtType::Int), ("host", ExtType::optional(ExtType::String))]);
    /// let base = Type::object_with_optional([("port", Type::Number), ("host", Type::String)], ["host"]);
    /// assert_eq!(t.to_base(), Some(base.clone()));
    /// assert_eq!(ExtType::from(&base), ExtType::object([
    ///     ("port", ExtType::Number),
    ///     ("host", ExtType::optional(ExtType::String)),
    /// ]));
    /// assert_eq!(ExtType::promise(ExtType::Int).to_base(), None);
    /// ```
    pub fn to_base(&self) -> Option<Type> {
        Some(match self {
            ExtType::Bool => Type::Bool,
            ExtType::Number | ExtType::Int => Type::Number,
            ExtType::String => Type::String,
            ExtType::List(e) => Type::list(e.to_base()?),
            ExtType::Map(e) => Type::map(e.to_base()?),
            ExtType::Set(e) => Type::set(e.to_base()?),
            ExtType::Object(attrs) => {
                let mut converted = Vec::with_capacity(attrs.len());
                let mut optional = Vec::new();
                for (name, ty) in attrs.iter() {
                    match ty.non_none_member() {
                        Some(inner) => {
                            optional.push(name.clone());
                            converted.push((name.clone(), inner.to_base()?));
                        }
                        None => converted.push((name.clone(), ty.to_base()?)),
                    }
                }
                Type::object_with_optional(converted, optional)
            }
            ExtType::Tuple(elements) => Type::tuple(
                elements
                    .iter()
                    .map(ExtType::to_base)
                    .collect::<Option<Vec<Type>>>()?,
            ),
            ExtType::Capsule(c) => Type::Capsule(c.clone()),
            ExtType::Dynamic => Type::Dynamic,
            ExtType::Union(_) => self.non_none_member()?.to_base()?,
            ExtType::None | ExtType::Promise(_) | ExtType::Output(_) => return None,
        })
    }

    /// For `union(T, none)`, `T`.
    fn non_none_member(&self) -> Option<&ExtType> {
        match self.union_members()? {
            [a, ExtType::None] | [ExtType::None, a] => Some(a),
            _ => None,
        }
    }

    /// A base type standing for this type where an approximation will do
    /// (function result types): [`ExtType::to_base`] where it gives one;
    /// otherwise the resolved type of an eventual type, the unified base
    /// type of a union's members, and the dynamic pseudo-type for the rest.
    pub(crate) fn approximate_base(&self) -> Type {
        if let Some(t) = self.to_base() {
            return t;
        }
        match self {
            ExtType::List(e) => Type::list(e.approximate_base()),
            ExtType::Map(e) => Type::map(e.approximate_base()),
            ExtType::Set(e) => Type::set(e.approximate_base()),
            ExtType::Object(attrs) => Type::object(
                attrs
                    .iter()
                    .map(|(name, t)| (name.clone(), t.approximate_base())),
            ),
            ExtType::Tuple(elements) => Type::tuple(elements.iter().map(ExtType::approximate_base)),
            ExtType::Promise(e) | ExtType::Output(e) => e.element().approximate_base(),
            ExtType::Union(u) => {
                let members: Vec<Type> = u
                    .members()
                    .iter()
                    .filter(|m| !m.is_none())
                    .map(ExtType::approximate_base)
                    .collect();
                crate::convert::unify(&members).map_or(Type::Dynamic, |u| u.ty)
            }
            _ => Type::Dynamic,
        }
    }

    /// The position of this type's kind in the canonical order.
    fn rank(&self) -> u8 {
        match self {
            ExtType::None => 0,
            ExtType::Bool => 1,
            ExtType::Int => 2,
            ExtType::Number => 3,
            ExtType::String => 4,
            ExtType::List(_) => 5,
            ExtType::Set(_) => 6,
            ExtType::Map(_) => 7,
            ExtType::Tuple(_) => 8,
            ExtType::Object(_) => 9,
            ExtType::Capsule(_) => 10,
            ExtType::Union(_) => 11,
            ExtType::Promise(_) => 12,
            ExtType::Output(_) => 13,
            ExtType::Dynamic => 14,
        }
    }
}

/// The canonical order, used to normalise unions: by kind (none, bool, int,
/// number, string, list, set, map, tuple, object, capsule, union, promise,
/// output, dynamic), then by contents. Capsule types order by name, then by
/// identity (stable within one run of a program).
impl Ord for ExtType {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (ExtType::List(a), ExtType::List(b))
            | (ExtType::Set(a), ExtType::Set(b))
            | (ExtType::Map(a), ExtType::Map(b)) => a.cmp(b),
            (ExtType::Promise(a), ExtType::Promise(b))
            | (ExtType::Output(a), ExtType::Output(b)) => a.element().cmp(b.element()),
            (ExtType::Tuple(a), ExtType::Tuple(b)) => a.cmp(b),
            (ExtType::Object(a), ExtType::Object(b)) => a.iter().cmp(b.iter()),
            (ExtType::Union(a), ExtType::Union(b)) => a.members().cmp(b.members()),
            (ExtType::Capsule(a), ExtType::Capsule(b)) => a
                .name()
                .cmp(b.name())
                .then_with(|| capsule_address(a).cmp(&capsule_address(b))),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl PartialOrd for ExtType {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A number identifying a capsule type (its identity), for ordering.
fn capsule_address(c: &CapsuleType) -> String {
    // `CapsuleType` exposes its identity only through equality and its
    // `Hash`; hashing with a fixed hasher gives a stable number for it.
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    c.hash(&mut h);
    format!("{:016x}", h.finish())
}

impl From<&Type> for ExtType {
    /// The extended type with the same values as a base type. An optional
    /// attribute of an object type (a type constraint) becomes an attribute
    /// of type `union(T, none)`.
    fn from(ty: &Type) -> ExtType {
        match ty {
            Type::Bool => ExtType::Bool,
            Type::Number => ExtType::Number,
            Type::String => ExtType::String,
            Type::List(e) => ExtType::list(ExtType::from(&**e)),
            Type::Map(e) => ExtType::map(ExtType::from(&**e)),
            Type::Set(e) => ExtType::set(ExtType::from(&**e)),
            Type::Object(o) => ExtType::object(o.attributes().iter().map(|(name, t)| {
                let t = ExtType::from(t);
                let t = if o.is_optional(name) {
                    ExtType::optional(t)
                } else {
                    t
                };
                (name.clone(), t)
            })),
            Type::Tuple(t) => ExtType::tuple(t.elements().iter().map(ExtType::from)),
            Type::Capsule(c) => ExtType::Capsule(c.clone()),
            Type::Dynamic => ExtType::Dynamic,
        }
    }
}

impl From<Type> for ExtType {
    fn from(ty: Type) -> ExtType {
        ExtType::from(&ty)
    }
}

/// Writes a type in the type-expression form of the base types (`string`,
/// `list(number)`, `object({name=string})`, `tuple([bool,string])`, `any`
/// for the dynamic pseudo-type), with `int`, `none`, `union(a,b)`,
/// `promise(t)` and `output(t)` for the extensions.
impl fmt::Display for ExtType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtType::Bool => f.write_str("bool"),
            ExtType::Number => f.write_str("number"),
            ExtType::Int => f.write_str("int"),
            ExtType::String => f.write_str("string"),
            ExtType::List(e) => write!(f, "list({e})"),
            ExtType::Map(e) => write!(f, "map({e})"),
            ExtType::Set(e) => write!(f, "set({e})"),
            ExtType::Object(attrs) => {
                f.write_str("object({")?;
                for (i, (name, ty)) in attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{name}={ty}")?;
                }
                f.write_str("})")
            }
            ExtType::Tuple(elements) => {
                f.write_str("tuple([")?;
                write_list(f, elements)?;
                f.write_str("])")
            }
            ExtType::Capsule(c) => f.write_str(c.name()),
            ExtType::Dynamic => f.write_str("any"),
            ExtType::None => f.write_str("none"),
            ExtType::Union(u) => {
                f.write_str("union(")?;
                // `none` sorts first; written last, as in `union(T, none)`.
                let (none, rest): (Vec<&ExtType>, Vec<&ExtType>) =
                    u.members().iter().partition(|m| m.is_none());
                for (i, ty) in rest.iter().chain(none.iter()).enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{ty}")?;
                }
                f.write_str(")")
            }
            ExtType::Promise(e) => write!(f, "promise({})", e.element()),
            ExtType::Output(e) => write!(f, "output({})", e.element()),
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, types: &[ExtType]) -> fmt::Result {
    for (i, ty) in types.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{ty}")?;
    }
    Ok(())
}

impl fmt::Debug for ExtType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Debug for UnionType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.members()).finish()
    }
}

impl fmt::Debug for EventualType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.element(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_is_flattened_deduplicated_and_order_independent() {
        let a = ExtType::Int;
        let b = ExtType::list(ExtType::String);
        let nested = ExtType::union([a.clone(), ExtType::union([b.clone(), a.clone()])]);
        let flat = ExtType::union([b.clone(), a.clone()]);
        assert_eq!(nested, flat);
        assert_eq!(flat.union_members().unwrap(), &[a, b]);
        use std::collections::hash_map::DefaultHasher;
        use std::hash::{Hash, Hasher};
        let hash = |t: &ExtType| {
            let mut h = DefaultHasher::new();
            t.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&nested), hash(&flat));
    }

    #[test]
    fn union_of_one_type_is_that_type() {
        assert_eq!(
            ExtType::union([ExtType::Bool, ExtType::Bool]),
            ExtType::Bool
        );
    }

    #[test]
    fn union_with_dynamic_is_dynamic() {
        assert_eq!(
            ExtType::union([ExtType::None, ExtType::Dynamic]),
            ExtType::Dynamic
        );
    }

    #[test]
    fn empty_union_has_no_members() {
        let e = ExtType::union(std::iter::empty());
        assert_eq!(e, ExtType::empty_union());
        assert_eq!(e.union_members(), Some(&[][..]));
        assert_eq!(e.to_string(), "union()");
    }

    #[test]
    fn eventual_types_do_not_nest() {
        let p = ExtType::promise(ExtType::Int);
        assert_eq!(ExtType::promise(p.clone()), p);
        assert_eq!(ExtType::output(p.clone()), ExtType::output(ExtType::Int));
        assert_eq!(
            ExtType::promise(ExtType::output(ExtType::Int)),
            ExtType::output(ExtType::Int)
        );
        assert_eq!(
            ExtType::output(ExtType::output(ExtType::Int)),
            ExtType::output(ExtType::Int)
        );
    }

    #[test]
    fn display_is_readable() {
        let t = ExtType::object([
            ("a", ExtType::optional(ExtType::Int)),
            (
                "b",
                ExtType::tuple([ExtType::Bool, ExtType::output(ExtType::String)]),
            ),
            ("c", ExtType::map(ExtType::promise(ExtType::Dynamic))),
        ]);
        assert_eq!(
            t.to_string(),
            "object({a=union(int,none),b=tuple([bool,output(string)]),c=map(promise(any))})"
        );
        assert_eq!(format!("{:?}", ExtType::set(ExtType::None)), "set(none)");
    }

    #[test]
    fn base_types_display_as_before() {
        for t in [
            Type::list(Type::map(Type::Bool)),
            Type::object([("x", Type::tuple([Type::Number, Type::Dynamic]))]),
            Type::set(Type::String),
        ] {
            assert_eq!(ExtType::from(&t).to_string(), t.to_string());
            assert_eq!(ExtType::from(&t).to_base(), Some(t));
        }
    }

    #[test]
    fn base_round_trip_with_int_gives_number() {
        assert_eq!(
            ExtType::list(ExtType::Int).to_base(),
            Some(Type::list(Type::Number))
        );
        assert_eq!(ExtType::None.to_base(), None);
        assert_eq!(
            ExtType::union([ExtType::Int, ExtType::String]).to_base(),
            None
        );
        assert_eq!(ExtType::optional(ExtType::Bool).to_base(), Some(Type::Bool));
    }

    #[test]
    fn approximate_base_of_extensions() {
        assert_eq!(
            ExtType::output(ExtType::list(ExtType::Int)).approximate_base(),
            Type::list(Type::Number)
        );
        assert_eq!(
            ExtType::union([ExtType::Int, ExtType::String]).approximate_base(),
            Type::String
        );
        assert_eq!(ExtType::None.approximate_base(), Type::Dynamic);
        // Bool and number unify as string (the rules apply transitively).
        assert_eq!(
            ExtType::union([ExtType::Bool, ExtType::Number]).approximate_base(),
            Type::String
        );
        assert_eq!(
            ExtType::union([ExtType::Bool, ExtType::list(ExtType::Number)]).approximate_base(),
            Type::Dynamic
        );
    }

    #[test]
    fn resolved_peels_eventual_types() {
        assert_eq!(
            ExtType::promise(ExtType::Int).resolved(),
            (Eventuality::Promise, ExtType::Int)
        );
        let mixed = ExtType::union([
            ExtType::promise(ExtType::Int),
            ExtType::output(ExtType::String),
        ]);
        assert_eq!(
            mixed.resolved(),
            (
                Eventuality::Output,
                ExtType::union([ExtType::Int, ExtType::String])
            )
        );
    }

    #[test]
    fn capsule_types_order_deterministically_by_name() {
        #[derive(Debug, PartialEq)]
        struct A;
        let x = ExtType::Capsule(CapsuleType::new::<A>("x"));
        let y = ExtType::Capsule(CapsuleType::new::<A>("y"));
        assert_eq!(
            ExtType::union([y.clone(), x.clone()]).to_string(),
            "union(x,y)"
        );
        assert!(x < y);
    }
}
