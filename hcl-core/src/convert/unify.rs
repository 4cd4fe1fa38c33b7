//! Type unification: the single type to which several types convert.
//!
//! The rules of "Type Unification" in the information model apply to the
//! inputs as a set (never pair by pair), so that the result cannot depend on
//! their order:
//!
//! 1. The dynamic pseudo-type is set aside; it is the result only when every
//!    input is dynamic.
//! 2. Identical inputs count once; a single remaining type is the result.
//! 3. Distinct primitive types unify as string. Number and bool each unify
//!    with string by preferring it, and the rules "apply transitively", so
//!    number and bool, with or without string, also unify as string (Go's
//!    `Unify` finds no type for number and bool alone: see
//!    `docs/deviations.md`).
//! 4. Lists, sets and tuples unify as a tuple when there is a tuple, each
//!    element the unification of the tuples' elements at that position and
//!    of the lists' and sets' element types; tuples of different lengths
//!    unify as a list instead (as in the Go implementation). Without a
//!    tuple: a list when there is a list, otherwise a set, of the unified
//!    element types.
//! 5. Maps and objects unify as an object when there is an object, whose
//!    attributes are the union of the objects' attributes, each the
//!    unification of that attribute's types and of the maps' element types.
//!    Without an object: a map of the unified element types.
//! 6. Anything else (mixed kinds, distinct capsule types) does not unify.

use std::collections::{BTreeMap, HashSet};

use crate::semantics::Semantics;
use crate::ty::{ObjectType, TupleType, Type};

/// [`unify_types`] by the rules of `sem` (Go's: `go-cty`'s `UnifyUnsafe`).
pub(crate) fn unify_types_with<'a>(
    types: impl IntoIterator<Item = &'a Type>,
    sem: Semantics,
) -> Option<Type> {
    match sem {
        Semantics::Spec => unify_types(types),
        Semantics::Go => {
            let types: Vec<&Type> = types.into_iter().collect();
            super::unify_go::unify_type(&types)
        }
    }
}

/// The unified type of `types`, or `None`. Checking that every input
/// converts to it is left to the caller.
pub(crate) fn unify_types<'a>(types: impl IntoIterator<Item = &'a Type>) -> Option<Type> {
    // Unification recurses once per nesting level of the types: the work
    // is split into functions whose frames hold only their own locals (a
    // debug build gives every temporary a slot).
    let distinct = distinct_types(types)?;
    unify_distinct(&distinct)
}

/// The distinct types other than the dynamic pseudo-type, in order; `None`
/// when there are no types at all.
#[inline(never)]
fn distinct_types<'a>(types: impl IntoIterator<Item = &'a Type>) -> Option<Vec<&'a Type>> {
    let mut any = false;
    let mut seen: HashSet<&Type> = HashSet::new();
    let mut distinct: Vec<&Type> = Vec::new();
    for ty in types {
        any = true;
        if !ty.is_dynamic() && seen.insert(ty) {
            distinct.push(ty);
        }
    }
    any.then_some(distinct)
}

/// [`unify_types`] of distinct types.
#[inline(never)]
fn unify_distinct(distinct: &[&Type]) -> Option<Type> {
    match distinct {
        [] => return Some(Type::Dynamic),
        [only] => return Some((*only).clone()),
        _ => {}
    }
    if distinct.iter().all(|t| t.is_primitive()) {
        // At least two distinct primitive types: string is among them, or
        // they are number and bool, which meet at string (rule 3).
        return Some(Type::String);
    }
    if distinct
        .iter()
        .all(|t| matches!(t, Type::List(_) | Type::Set(_) | Type::Tuple(_)))
    {
        return unify_sequences(distinct);
    }
    if distinct
        .iter()
        .all(|t| matches!(t, Type::Map(_) | Type::Object(_)))
    {
        return unify_mappings(distinct);
    }
    None
}

/// Lists, sets and tuples (rule 4).
fn unify_sequences(types: &[&Type]) -> Option<Type> {
    let (tuples, elements, has_list) = split_sequences(types)?;
    if tuples.is_empty() {
        let element = unify_types(elements)?;
        return Some(if has_list {
            Type::list(element)
        } else {
            Type::set(element)
        });
    }
    let length = tuples[0].len();
    if tuples.iter().all(|t| t.len() == length) {
        return unify_tuples(&tuples, &elements);
    }
    Some(Type::list(unify_types(all_elements(&tuples, &elements))?))
}

/// The tuples among `types` and the element types of the lists and sets,
/// and whether there is a list; `None` if another type is among them.
#[allow(clippy::type_complexity)]
#[inline(never)]
fn split_sequences<'a>(types: &[&'a Type]) -> Option<(Vec<&'a TupleType>, Vec<&'a Type>, bool)> {
    let mut tuples: Vec<&TupleType> = Vec::new();
    let mut elements: Vec<&Type> = Vec::new();
    let mut has_list = false;
    for ty in types {
        match ty {
            Type::Tuple(t) => tuples.push(t),
            Type::List(e) => {
                has_list = true;
                elements.push(e);
            }
            Type::Set(e) => elements.push(e),
            _ => return None,
        }
    }
    Some((tuples, elements, has_list))
}

/// Tuples of one length (and collection element types): a tuple of the
/// unified types at each position.
#[inline(never)]
fn unify_tuples(tuples: &[&TupleType], elements: &[&Type]) -> Option<Type> {
    let length = tuples.first().map_or(0, |t| t.len());
    let mut unified = Vec::with_capacity(length);
    for i in 0..length {
        unified.push(unify_types(at_position(tuples, elements, i))?);
    }
    Some(Type::tuple(unified))
}

/// The element types at position `i` of the tuples, then `elements`.
#[inline(never)]
fn at_position<'a>(tuples: &[&'a TupleType], elements: &[&'a Type], i: usize) -> Vec<&'a Type> {
    let mut at_i: Vec<&Type> = tuples.iter().filter_map(|t| t.elements().get(i)).collect();
    at_i.extend_from_slice(elements);
    at_i
}

/// Every element type of the tuples, then `elements`.
#[inline(never)]
fn all_elements<'a>(tuples: &[&'a TupleType], elements: &[&'a Type]) -> Vec<&'a Type> {
    let mut all: Vec<&Type> = tuples.iter().flat_map(|t| t.elements()).collect();
    all.extend_from_slice(elements);
    all
}

/// Maps and objects (rule 5).
fn unify_mappings(types: &[&Type]) -> Option<Type> {
    let mut objects: Vec<&ObjectType> = Vec::new();
    let mut elements: Vec<&Type> = Vec::new();
    for ty in types {
        match ty {
            Type::Object(o) => objects.push(o),
            Type::Map(e) => elements.push(e),
            _ => return None,
        }
    }
    if objects.is_empty() {
        return Some(Type::map(unify_types(elements)?));
    }
    let mut attributes: BTreeMap<&str, Vec<&Type>> = BTreeMap::new();
    for o in &objects {
        for (name, ty) in o.attributes() {
            attributes.entry(name.as_str()).or_default().push(ty);
        }
    }
    let mut unified = Vec::with_capacity(attributes.len());
    for (name, types) in attributes {
        let ty = unify_types(types.into_iter().chain(elements.iter().copied()))?;
        unified.push((name, ty));
    }
    Some(Type::object(unified))
}
