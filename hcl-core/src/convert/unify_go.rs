//! Unification by the rules of HashiCorp's Go implementation: a port of
//! `go-cty` 1.12's `convert.UnifyUnsafe` (`unify.go`, `sort_types.go`,
//! `compare_types.go`) at the level of types, for [`Semantics::Go`].
//!
//! Where every input is of one structural kind (maps, lists, sets, objects
//! or tuples, possibly with the dynamic pseudo-type), a new type is built
//! from their parts: collections of the unified element types; objects with
//! identical attribute names attribute by attribute, otherwise a map of
//! every attribute type; tuples of one length element by element, otherwise
//! a list. Maps with objects, and lists with tuples, are first tried as
//! maps and lists. A collection or structural kind meeting the dynamic
//! pseudo-type gives the dynamic pseudo-type, every input converting to its
//! unknown value. Otherwise the inputs are tried in Go's order of
//! preference (string before the other primitives, collections before
//! structural types, the dynamic pseudo-type last), and the first to which
//! every input converts is the result.
//!
//! [`Semantics::Go`]: crate::Semantics::Go

use super::plan::plan_with;
use crate::semantics::Semantics;
use crate::ty::{ObjectType, TupleType, Type};

/// The outcome of Go's unification.
#[derive(Debug)]
pub(crate) enum GoUnified {
    /// Every input converts to this type.
    Type(Type),
    /// A collection or structural type met the dynamic pseudo-type: the
    /// result is the dynamic pseudo-type, and every input converts to its
    /// unknown value (`unifyAllAsDynamic`).
    AllDynamic,
}

/// The unified type (the dynamic pseudo-type for [`GoUnified::AllDynamic`]).
pub(crate) fn unify_type(types: &[&Type]) -> Option<Type> {
    unify_type_mode(types, true)
}

/// `UnifyUnsafe`.
pub(crate) fn unify(types: &[&Type]) -> Option<GoUnified> {
    unify_mode(types, true)
}

fn unify_type_mode(types: &[&Type], unsafe_: bool) -> Option<Type> {
    unify_mode(types, unsafe_).map(|u| match u {
        GoUnified::Type(t) => t,
        GoUnified::AllDynamic => Type::Dynamic,
    })
}

/// Whether Go has a conversion (`GetConversionUnsafe`, or with `unsafe_`
/// false, `GetConversion`) from `from` to `to`; identical types always
/// convert (Go's callers test for that first).
fn converts(from: &Type, to: &Type, unsafe_: bool) -> bool {
    from == to
        || if unsafe_ {
            plan_with(from, to, Semantics::Go).is_some()
        } else {
            safe_conversion_exists(from, to)
        }
}

fn all_convert(types: &[&Type], to: &Type, unsafe_: bool) -> bool {
    types.iter().all(|t| converts(t, to, unsafe_))
}

/// `unify(types, unsafe_)`.
fn unify_mode(types: &[&Type], unsafe_: bool) -> Option<GoUnified> {
    if types.is_empty() {
        return None;
    }
    let (mut maps, mut lists, mut sets, mut objects, mut tuples, mut dynamics) = (0, 0, 0, 0, 0, 0);
    for t in types {
        match t {
            Type::Map(_) => maps += 1,
            Type::List(_) => lists += 1,
            Type::Set(_) => sets += 1,
            Type::Object(_) => objects += 1,
            Type::Tuple(_) => tuples += 1,
            Type::Dynamic => dynamics += 1,
            _ => {}
        }
    }
    let n = types.len();
    let has_dynamic = dynamics > 0;
    // The first matching case decides, as in Go's `switch`; the two
    // "as maps" / "as a list" attempts fall through to the preference order.
    if maps > 0 && maps + dynamics == n {
        return collection(Type::map, types, has_dynamic, unsafe_);
    } else if maps > 0 && maps + objects + dynamics == n {
        if let Some(t) = objects_as_maps(types, unsafe_) {
            return Some(GoUnified::Type(t));
        }
    } else if lists > 0 && lists + dynamics == n {
        return collection(Type::list, types, has_dynamic, unsafe_);
    } else if lists > 0 && lists + tuples + dynamics == n {
        if let Some(t) = tuples_as_list(types, unsafe_) {
            return Some(GoUnified::Type(t));
        }
    } else if sets > 0 && sets + dynamics == n {
        return collection(Type::set, types, has_dynamic, unsafe_);
    } else if objects > 0 && objects + dynamics == n {
        return object_types(types, has_dynamic, unsafe_);
    } else if tuples > 0 && tuples + dynamics == n {
        return tuple_types(types, has_dynamic, unsafe_);
    } else if objects > 0 && tuples > 0 {
        return None;
    }
    sort_types(types)
        .into_iter()
        .map(|i| types[i])
        .find(|want| all_convert(types, want, unsafe_))
        .map(|want| GoUnified::Type(want.clone()))
}

fn element(ty: &Type) -> &Type {
    match ty {
        Type::List(e) | Type::Set(e) | Type::Map(e) => e,
        _ => &Type::Dynamic,
    }
}

fn object(ty: &Type) -> Option<&ObjectType> {
    match ty {
        Type::Object(o) => Some(o),
        _ => None,
    }
}

fn tuple(ty: &Type) -> Option<&TupleType> {
    match ty {
        Type::Tuple(t) => Some(t),
        _ => None,
    }
}

/// `unifyCollectionTypes`.
fn collection(
    make: fn(Type) -> Type,
    types: &[&Type],
    has_dynamic: bool,
    unsafe_: bool,
) -> Option<GoUnified> {
    if has_dynamic {
        return Some(GoUnified::AllDynamic);
    }
    let elements: Vec<&Type> = types.iter().map(|t| element(t)).collect();
    let ty = make(unify_type_mode(&elements, unsafe_)?);
    all_convert(types, &ty, unsafe_).then_some(GoUnified::Type(ty))
}

/// `unifyObjectsAsMaps`: the objects as one map type, then everything.
fn objects_as_maps(types: &[&Type], unsafe_: bool) -> Option<Type> {
    let objects: Vec<&Type> = types
        .iter()
        .copied()
        .filter(|t| object(t).is_some())
        .collect();
    let map = objects_to_map(&objects, unsafe_)?;
    let mapped: Vec<&Type> = types
        .iter()
        .map(|t| if object(t).is_some() { &map } else { *t })
        .collect();
    match unify_mode(&mapped, unsafe_)? {
        GoUnified::Type(t @ Type::Map(_)) => Some(t),
        _ => None,
    }
}

/// `unifyTuplesAsList`: the tuples as one list type, then everything.
fn tuples_as_list(types: &[&Type], unsafe_: bool) -> Option<Type> {
    let tuples: Vec<&Type> = types
        .iter()
        .copied()
        .filter(|t| tuple(t).is_some())
        .collect();
    let list = tuples_to_list(&tuples, unsafe_)?;
    let listed: Vec<&Type> = types
        .iter()
        .map(|t| if tuple(t).is_some() { &list } else { *t })
        .collect();
    match unify_mode(&listed, unsafe_)? {
        GoUnified::Type(t @ Type::List(_)) => Some(t),
        _ => None,
    }
}

/// `unifyObjectTypes`.
fn object_types(types: &[&Type], has_dynamic: bool, unsafe_: bool) -> Option<GoUnified> {
    if has_dynamic {
        return Some(GoUnified::AllDynamic);
    }
    let objects: Vec<&ObjectType> = types.iter().filter_map(|t| object(t)).collect();
    let first = objects.first()?;
    let same_names = objects.iter().all(|o| {
        o.len() == first.len() && o.attributes().keys().all(|k| first.attribute(k).is_some())
    });
    if !same_names {
        return objects_to_map(types, unsafe_).map(GoUnified::Type);
    }
    let mut attributes = Vec::with_capacity(first.len());
    for name in first.attributes().keys() {
        let across: Vec<&Type> = objects.iter().filter_map(|o| o.attribute(name)).collect();
        attributes.push((name.clone(), unify_type_mode(&across, unsafe_)?));
    }
    let ty = Type::object(attributes);
    if all_convert(types, &ty, unsafe_) {
        Some(GoUnified::Type(ty))
    } else {
        objects_to_map(types, unsafe_).map(GoUnified::Type)
    }
}

/// `unifyObjectTypesToMap`: a map of every attribute type.
fn objects_to_map(types: &[&Type], unsafe_: bool) -> Option<Type> {
    let attributes: Vec<&Type> = types
        .iter()
        .filter_map(|t| object(t))
        .flat_map(|o| o.attributes().values())
        .collect();
    let ty = Type::map(unify_type_mode(&attributes, unsafe_)?);
    all_convert(types, &ty, unsafe_).then_some(ty)
}

/// `unifyTupleTypes`.
fn tuple_types(types: &[&Type], has_dynamic: bool, unsafe_: bool) -> Option<GoUnified> {
    if has_dynamic {
        return Some(GoUnified::AllDynamic);
    }
    let tuples: Vec<&TupleType> = types.iter().filter_map(|t| tuple(t)).collect();
    let first = tuples.first()?;
    if tuples.iter().any(|t| t.len() != first.len()) {
        return tuples_to_list(types, unsafe_).map(GoUnified::Type);
    }
    let mut elements = Vec::with_capacity(first.len());
    for i in 0..first.len() {
        let across: Vec<&Type> = tuples.iter().filter_map(|t| t.elements().get(i)).collect();
        elements.push(unify_type_mode(&across, unsafe_)?);
    }
    let ty = Type::tuple(elements);
    if all_convert(types, &ty, unsafe_) {
        Some(GoUnified::Type(ty))
    } else {
        tuples_to_list(types, unsafe_).map(GoUnified::Type)
    }
}

/// `unifyTupleTypesToList`: a list of every element type.
fn tuples_to_list(types: &[&Type], unsafe_: bool) -> Option<Type> {
    let elements: Vec<&Type> = types
        .iter()
        .filter_map(|t| tuple(t))
        .flat_map(|t| t.elements())
        .collect();
    let ty = Type::list(unify_type_mode(&elements, unsafe_)?);
    all_convert(types, &ty, unsafe_).then_some(ty)
}

/// Whether Go's `GetConversion` (safe conversions only) has a conversion
/// from `from` to `to` (`getConversionKnown` with `unsafe` false). Types
/// that are identical where Go compares them need no conversion and count
/// as converting.
pub(crate) fn safe_conversion_exists(from: &Type, to: &Type) -> bool {
    let converts = |f: &Type, t: &Type| f == t || safe_conversion_exists(f, t);
    match (from, to) {
        (_, Type::Dynamic) => true,
        (Type::Dynamic, _) => false,
        (Type::Number | Type::Bool, Type::String) => true,
        (Type::Object(f), Type::Object(t)) => {
            t.attributes()
                .iter()
                .all(|(name, ty)| match f.attribute(name) {
                    Some(source) => converts(source, ty),
                    None => t.is_optional(name),
                })
        }
        (Type::Tuple(f), Type::Tuple(t)) => {
            f.len() == t.len()
                && f.elements()
                    .iter()
                    .zip(t.elements())
                    .all(|(a, b)| converts(a, b))
        }
        (Type::List(f) | Type::Set(f), Type::List(t)) => converts(f, t),
        (Type::Set(f), Type::Set(t)) => converts(f, t),
        // `getConversion` of identical element types is nil here.
        (Type::Map(f), Type::Map(t)) => safe_conversion_exists(f, t),
        (Type::Tuple(f), Type::List(e) | Type::Set(e)) => {
            let elements: Vec<&Type> = f.elements().iter().collect();
            if elements.is_empty() {
                return true;
            }
            let target = if e.is_dynamic() {
                let Some(u) = unify_type_mode(&elements, false) else {
                    return false;
                };
                if u.is_dynamic() && !elements.iter().all(|t| t.is_dynamic()) {
                    return false;
                }
                u
            } else {
                (**e).clone()
            };
            elements.iter().all(|t| converts(t, &target))
        }
        (Type::Object(f), Type::Map(e)) => {
            let attributes: Vec<&Type> = f.attributes().values().collect();
            if attributes.is_empty() {
                return true;
            }
            let target = if e.is_dynamic() {
                match unify_type_mode(&attributes, false) {
                    Some(u) => u,
                    None => return false,
                }
            } else {
                (**e).clone()
            };
            attributes.iter().all(|t| converts(t, &target))
        }
        _ => false,
    }
}

/// `sortTypes`: indices of `types`, most general first (a topological sort
/// of the "more general than" relation, incomparable types in input order).
fn sort_types(types: &[&Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n.saturating_sub(1) {
        for j in i + 1..n {
            match compare_types(types[i], types[j]) {
                c if c < 0 => edges[i].push(j),
                c if c > 0 => edges[j].push(i),
                _ => {}
            }
        }
    }
    let mut in_degree = vec![0usize; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut result: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut next = 0;
    while next < result.len() {
        let i = result[next];
        next += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                result.push(j);
            }
        }
    }
    // Go returns a slice of length n whatever happened; types left in a
    // cycle (impossible for this relation) would be index 0 there.
    result.resize(n, 0);
    result
}

/// `compareTypes`: negative when `a` is preferred (more general), positive
/// when `b` is, zero when neither.
fn compare_types(a: &Type, b: &Type) -> i32 {
    if a.is_dynamic() || b.is_dynamic() {
        return match (a.is_dynamic(), b.is_dynamic()) {
            (false, _) => -1,
            (_, false) => 1,
            _ => 0,
        };
    }
    if a.is_primitive() && b.is_primitive() && (*a == Type::String || *b == Type::String) {
        return match (*a == Type::String, *b == Type::String) {
            (false, _) => 1,
            (_, false) => -1,
            _ => 0,
        };
    }
    match (a, b) {
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => return compare_types(x, y),
        _ => {}
    }
    let (a, b, swap) = match (a, b) {
        (Type::Tuple(_), Type::List(_))
        | (Type::Object(_), Type::Map(_))
        | (Type::Set(_), Type::Tuple(_))
        | (Type::Set(_), Type::List(_)) => (b, a, -1),
        _ => (a, b, 1),
    };
    if matches!(b, Type::Set(_)) && matches!(a, Type::Tuple(_) | Type::List(_)) {
        return -swap;
    }
    if matches!(a, Type::List(_)) && matches!(b, Type::Tuple(_)) {
        return -swap;
    }
    if matches!(a, Type::Map(_)) && matches!(b, Type::Object(_)) {
        return -swap;
    }
    let pairs: Vec<(&Type, &Type)> = match (a, b) {
        (Type::Object(x), Type::Object(y)) => {
            if x.len() != y.len() {
                return 0;
            }
            let mut pairs = Vec::with_capacity(x.len());
            for (name, tx) in x.attributes() {
                let Some(ty) = y.attribute(name) else {
                    return 0;
                };
                pairs.push((tx, ty));
            }
            pairs
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return 0;
            }
            x.elements().iter().zip(y.elements()).collect()
        }
        _ => return 0,
    };
    let (mut a_super, mut b_super) = (false, false);
    for (x, y) in pairs {
        match compare_types(x, y) {
            c if c < 0 => a_super = true,
            c if c > 0 => b_super = true,
            _ => {}
        }
    }
    match (a_super, b_super) {
        (true, false) => -swap,
        (false, true) => swap,
        _ => 0,
    }
}
