//! The type-level half of conversion: from two types, a [`Plan`] saying
//! whether a conversion exists, how safe it is, what type it produces and
//! how to apply it to a value. Building the plan once and applying it to
//! many values (or many elements) keeps the per-value work to the values.

use std::collections::HashMap;

use super::Safety;
use super::unify::unify_types_with;
use crate::semantics::Semantics;
use crate::ty::{ObjectType, TupleType, Type};

/// A conversion from one type to another, decided by the types alone.
#[derive(Debug)]
pub(crate) struct Plan {
    /// The worst safety of every step.
    pub(crate) safety: Safety,
    /// The type of the result for a value of the source type.
    pub(crate) out: Type,
    /// What to do with a known, non-null value.
    pub(crate) step: Step,
}

/// How a plan converts a known, non-null value. Null and unknown values
/// become the null or unknown value of [`Plan::out`], except through
/// [`Step::Identity`], which passes every value through.
#[derive(Debug)]
pub(crate) enum Step {
    /// The value as it is (same type, or a target of the dynamic
    /// pseudo-type).
    Identity,
    /// From the dynamic pseudo-type: its only values are null and unknown.
    FromDynamic(Semantics),
    /// Every value, null included, becomes the unknown value of the dynamic
    /// pseudo-type (Go's unification of a collection or structural type
    /// with the dynamic pseudo-type).
    AllUnknown,
    BoolToString,
    NumberToString,
    StringToBool,
    StringToNumber,
    /// Go's string → number: exponents, a leading `+`, `.5`, `5.` and
    /// `Inf` accepted (`big.ParseFloat` in base 10).
    StringToNumberGo,
    /// Each element of a list, set or map by one plan, into a list, set or
    /// map (the kind of [`Plan::out`]).
    Elements(Box<Plan>),
    /// Each element of a tuple by the plan for its type, into a list or set.
    TupleToCollection(ElementPlans),
    /// Each element of a tuple by its own plan, into a tuple.
    TupleToTuple(Vec<Plan>),
    /// The elements of a list or set, one plan per tuple element.
    CollectionToTuple(Vec<Plan>),
    /// Each attribute of an object (in name order) by the plan for its
    /// type, into a map element.
    ObjectToMap(ElementPlans),
    /// The elements of a map into the attributes of an object (in name
    /// order); with `true`, map keys that are not attributes are dropped
    /// (Go) instead of being an error (the spec).
    MapToObject(Vec<(String, MapAttr)>, bool),
    /// The attributes of an object into those of another (in the target's
    /// name order).
    ObjectToObject(Vec<(String, ObjectAttr)>),
    /// One plan, then another.
    Chain(Box<Plan>, Box<Plan>),
}

/// The plans converting the elements of a tuple (or the attributes of an
/// object) to a collection's element type: one plan per distinct element
/// type, so that a tuple of many elements of few types needs few plans.
#[derive(Debug)]
pub(crate) struct ElementPlans {
    plans: Vec<Plan>,
    /// For each element, the index of its plan; empty when there is only
    /// one plan.
    which: Vec<usize>,
}

impl ElementPlans {
    /// The plan for element `i`.
    pub(crate) fn get(&self, i: usize) -> Option<&Plan> {
        if self.which.is_empty() {
            self.plans.first()
        } else {
            self.which.get(i).and_then(|&p| self.plans.get(p))
        }
    }

    fn safety(&self) -> Safety {
        worst(Safety::Safe, self.plans.iter())
    }
}

/// How one attribute of the target object is made from a map.
#[derive(Debug)]
pub(crate) struct MapAttr {
    /// The conversion of the map element, or, for an optional attribute the
    /// map's element type cannot convert to, the reason (an error only if
    /// the map has that key, as in the Go implementation).
    pub(crate) conversion: Result<Plan, String>,
    /// Whether the map may lack the key.
    pub(crate) optional: bool,
    /// The attribute's type in the result.
    pub(crate) out: Type,
}

/// How one attribute of the target object is made from the source object.
#[derive(Debug)]
pub(crate) enum ObjectAttr {
    /// From the source attribute of the same name.
    Convert(Plan),
    /// Absent from the source: the null value of this type.
    Missing(Type),
}

impl Plan {
    fn identity(from: &Type) -> Plan {
        Plan {
            safety: Safety::Safe,
            out: from.clone(),
            step: Step::Identity,
        }
    }

    pub(crate) fn is_identity(&self) -> bool {
        matches!(self.step, Step::Identity)
    }
}

/// The plan converting values of type `from` to type (specification) `to`,
/// or `None` when there is no conversion (the spec's rules).
pub(crate) fn plan(from: &Type, to: &Type) -> Option<Plan> {
    plan_with(from, to, Semantics::Spec)
}

/// Like [`plan`], by the rules of `sem`.
pub(crate) fn plan_with(from: &Type, to: &Type, sem: Semantics) -> Option<Plan> {
    let go = sem.is_go();
    if to.is_dynamic() || (from == to && !has_optional(to)) {
        return Some(Plan::identity(from));
    }
    if from.is_dynamic() {
        return Some(Plan {
            safety: Safety::Unsafe,
            out: strip_optional(to),
            step: Step::FromDynamic(sem),
        });
    }
    let primitive = |safety, out, step| Some(Plan { safety, out, step });
    match (from, to) {
        (Type::Bool, Type::String) => primitive(Safety::Safe, Type::String, Step::BoolToString),
        (Type::Number, Type::String) => primitive(Safety::Safe, Type::String, Step::NumberToString),
        (Type::String, Type::Bool) => primitive(Safety::Unsafe, Type::Bool, Step::StringToBool),
        (Type::String, Type::Number) => primitive(
            Safety::Unsafe,
            Type::Number,
            if go {
                Step::StringToNumberGo
            } else {
                Step::StringToNumber
            },
        ),
        (Type::List(f), Type::List(e)) => elements(from, f, e, Type::list, Safety::Safe, true, sem),
        (Type::Set(f), Type::Set(e)) => elements(from, f, e, Type::set, Safety::Safe, true, sem),
        (Type::Map(f), Type::Map(e)) => elements(from, f, e, Type::map, Safety::Safe, true, sem),
        (Type::Set(f), Type::List(e)) => elements(from, f, e, Type::list, Safety::Safe, false, sem),
        (Type::List(f), Type::Set(e)) => {
            elements(from, f, e, Type::set, Safety::Unsafe, false, sem)
        }
        (Type::Tuple(t), Type::List(e)) => tuple_to_list(t, e, sem),
        (Type::Tuple(t), Type::Set(e)) => tuple_to_set(t, e, sem, go),
        (Type::Object(o), Type::Map(e)) => object_to_map(o, e, sem),
        // Go has no conversion from a list or set to a tuple.
        (Type::List(f) | Type::Set(f), Type::Tuple(t)) if !go => collection_to_tuple(f, t, sem),
        (Type::Tuple(a), Type::Tuple(b)) => tuple_to_tuple(from, a, b, sem),
        (Type::Map(f), Type::Object(o)) => map_to_object(f, o, sem, go),
        (Type::Object(a), Type::Object(b)) => object_to_object(from, a, b, sem, go),
        _ => None,
    }
}

/// One case of [`plan_with`], in its own function: `plan_with` recurses
/// once per nesting level, so its frame is kept small.
#[inline(never)]
fn tuple_to_list(t: &TupleType, e: &Type, sem: Semantics) -> Option<Plan> {
    let (plans, element) = structural_elements(t.elements().iter(), e, sem, true)?;
    Some(Plan {
        safety: plans.safety(),
        out: Type::list(element),
        step: Step::TupleToCollection(plans),
    })
}

/// One case of [`plan_with`], in its own function: `plan_with` recurses
/// once per nesting level, so its frame is kept small.
#[inline(never)]
fn tuple_to_set(t: &TupleType, e: &Type, sem: Semantics, go: bool) -> Option<Plan> {
    let (plans, element) = structural_elements(t.elements().iter(), e, sem, true)?;
    Some(Plan {
        // Go calls it safe when the elements convert safely.
        safety: if go { plans.safety() } else { Safety::Unsafe },
        out: Type::set(element),
        step: Step::TupleToCollection(plans),
    })
}

/// One case of [`plan_with`], in its own function: `plan_with` recurses
/// once per nesting level, so its frame is kept small.
#[inline(never)]
fn object_to_map(o: &ObjectType, e: &Type, sem: Semantics) -> Option<Plan> {
    let (plans, element) = structural_elements(o.attributes().values(), e, sem, false)?;
    Some(Plan {
        safety: plans.safety(),
        out: Type::map(element),
        step: Step::ObjectToMap(plans),
    })
}

/// One case of [`plan_with`], in its own function: `plan_with` recurses
/// once per nesting level, so its frame is kept small.
#[inline(never)]
fn collection_to_tuple(f: &Type, t: &TupleType, sem: Semantics) -> Option<Plan> {
    let plans = t
        .elements()
        .iter()
        .map(|e| plan_with(f, e, sem))
        .collect::<Option<Vec<Plan>>>()?;
    Some(Plan {
        safety: Safety::Unsafe,
        out: Type::tuple(plans.iter().map(|p| p.out.clone())),
        step: Step::CollectionToTuple(plans),
    })
}

/// One case of [`plan_with`], in its own function: `plan_with` recurses
/// once per nesting level, so its frame is kept small.
#[inline(never)]
fn tuple_to_tuple(from: &Type, a: &TupleType, b: &TupleType, sem: Semantics) -> Option<Plan> {
    if a.len() != b.len() {
        return None;
    }
    let plans = a
        .elements()
        .iter()
        .zip(b.elements())
        .map(|(f, e)| plan_with(f, e, sem))
        .collect::<Option<Vec<Plan>>>()?;
    if plans.iter().all(Plan::is_identity) {
        return Some(Plan::identity(from));
    }
    Some(Plan {
        safety: worst(Safety::Safe, plans.iter()),
        out: Type::tuple(plans.iter().map(|p| p.out.clone())),
        step: Step::TupleToTuple(plans),
    })
}

/// One case of [`plan_with`], in its own function: `plan_with` recurses
/// once per nesting level, so its frame is kept small.
#[inline(never)]
fn map_to_object(f: &Type, o: &ObjectType, sem: Semantics, go: bool) -> Option<Plan> {
    let mut attrs = Vec::with_capacity(o.len());
    for (name, ty) in o.attributes() {
        let optional = o.is_optional(name);
        let attr = match plan_with(f, ty, sem) {
            Some(p) => MapAttr {
                out: p.out.clone(),
                conversion: Ok(p),
                optional,
            },
            None if optional => MapAttr {
                out: strip_optional(ty),
                conversion: Err(super::mismatch::mismatch_message(f, ty)),
                optional,
            },
            None => return None,
        };
        attrs.push((name.clone(), attr));
    }
    Some(Plan {
        safety: Safety::Unsafe,
        out: Type::object(attrs.iter().map(|(name, a)| (name.clone(), a.out.clone()))),
        step: Step::MapToObject(attrs, go),
    })
}

/// One case of [`plan_with`], in its own function: `plan_with` recurses
/// once per nesting level, so its frame is kept small.
#[inline(never)]
fn object_to_object(
    from: &Type,
    a: &ObjectType,
    b: &ObjectType,
    sem: Semantics,
    go: bool,
) -> Option<Plan> {
    let mut attrs = Vec::with_capacity(b.len());
    let mut safety = Safety::Safe;
    let mut identity = true;
    for (name, ty) in b.attributes() {
        let attr = match a.attribute(name) {
            Some(source) => {
                let p = plan_with(source, ty, sem)?;
                safety = safety.max(p.safety);
                identity &= p.is_identity();
                ObjectAttr::Convert(p)
            }
            // Go requires every attribute that is not optional.
            None if go && !b.is_optional(name) => return None,
            None => {
                identity = false;
                ObjectAttr::Missing(strip_optional(ty))
            }
        };
        attrs.push((name.clone(), attr));
    }
    if a.attributes()
        .keys()
        .any(|name| b.attribute(name).is_none())
    {
        // Dropping attributes loses information (Go calls it safe).
        if !go {
            safety = Safety::Unsafe;
        }
        identity = false;
    }
    if identity {
        return Some(Plan::identity(from));
    }
    let out = Type::object(attrs.iter().map(|(name, attr)| {
        let ty = match attr {
            ObjectAttr::Convert(p) => p.out.clone(),
            ObjectAttr::Missing(ty) => ty.clone(),
        };
        (name.clone(), ty)
    }));
    Some(Plan {
        safety,
        out,
        step: Step::ObjectToObject(attrs),
    })
}

/// A collection → collection plan converting each element by one plan.
/// When source and target are of the same kind and the element plan is the
/// identity, so is the whole.
fn elements(
    from: &Type,
    source_element: &Type,
    target_element: &Type,
    make: fn(Type) -> Type,
    safety: Safety,
    same_kind: bool,
    sem: Semantics,
) -> Option<Plan> {
    let element = plan_with(source_element, target_element, sem)?;
    if same_kind && element.is_identity() {
        return Some(Plan::identity(from));
    }
    Some(Plan {
        safety: safety.max(element.safety),
        out: make(element.out.clone()),
        step: Step::Elements(Box::new(element)),
    })
}

/// The plans converting each element (or attribute) type of a tuple (or
/// object) to the element type of a collection, and the element type of
/// the result. Where the target element type is or contains the dynamic
/// pseudo-type, the element results may differ in type: they are then
/// unified and converted once more, as the Go implementation does.
///
/// In Go mode, a target element type that is exactly the dynamic
/// pseudo-type is first replaced by the unification of the element types,
/// as `go-cty` does; for a list or set (`sequence`), that unification may
/// be dynamic only if every element type is.
fn structural_elements<'a>(
    types: impl Iterator<Item = &'a Type>,
    target_element: &Type,
    sem: Semantics,
    sequence: bool,
) -> Option<(ElementPlans, Type)> {
    // The distinct element types (a run of equal types is common, so the
    // previous one is tried before the table).
    let mut distinct: Vec<&Type> = Vec::new();
    let mut index: HashMap<&Type, usize> = HashMap::new();
    let mut which: Vec<usize> = Vec::new();
    for ty in types {
        let i = match distinct.last() {
            Some(last) if *last == ty => distinct.len() - 1,
            _ => *index.entry(ty).or_insert_with(|| {
                distinct.push(ty);
                distinct.len() - 1
            }),
        };
        which.push(i);
    }
    if distinct.len() <= 1 {
        which = Vec::new();
    }
    if sem.is_go() && target_element.is_dynamic() && !distinct.is_empty() {
        let element = super::unify_go::unify_type(&distinct)?;
        if sequence && element.is_dynamic() && !distinct.iter().all(|t| t.is_dynamic()) {
            return None;
        }
        let plans = distinct
            .iter()
            .map(|t| plan_with(t, &element, sem))
            .collect::<Option<Vec<Plan>>>()?;
        return Some((ElementPlans { plans, which }, element));
    }
    let mut plans = distinct
        .iter()
        .map(|t| plan_with(t, target_element, sem))
        .collect::<Option<Vec<Plan>>>()?;
    let element = unify_outputs(&mut plans, target_element, sem)?;
    Some((ElementPlans { plans, which }, element))
}

/// The collection element type for element plans to `target_element`,
/// chaining a further conversion to the unified type where the plans'
/// results differ (possible only when the target holds the dynamic
/// pseudo-type).
fn unify_outputs(plans: &mut [Plan], target_element: &Type, sem: Semantics) -> Option<Type> {
    let Some(first) = plans.first().map(|p| &p.out) else {
        return Some(strip_optional(target_element));
    };
    if !target_element.has_dynamic() {
        return Some(strip_optional(target_element));
    }
    if plans.iter().all(|p| &p.out == first) {
        return Some(first.clone());
    }
    let unified = unify_types_with(plans.iter().map(|p| &p.out), sem)?;
    for p in plans.iter_mut() {
        if p.out != unified {
            let then = plan_with(&p.out, &unified, sem)?;
            if then.out != unified {
                return None;
            }
            let first = std::mem::replace(p, Plan::identity(&unified));
            *p = chain(first, then);
        }
    }
    Some(unified)
}

/// One plan, then the other.
fn chain(first: Plan, then: Plan) -> Plan {
    if then.is_identity() {
        return first;
    }
    if first.is_identity() {
        return then;
    }
    Plan {
        safety: first.safety.max(then.safety),
        out: then.out.clone(),
        step: Step::Chain(Box::new(first), Box::new(then)),
    }
}

/// The worst of `base` and the safeties of `plans`.
fn worst<'a>(base: Safety, plans: impl Iterator<Item = &'a Plan>) -> Safety {
    plans.fold(base, |s, p| s.max(p.safety))
}

/// Whether an object type with optional attributes appears in `ty`.
fn has_optional(ty: &Type) -> bool {
    match ty {
        Type::Object(o) => !o.optional().is_empty() || o.attributes().values().any(has_optional),
        Type::List(e) | Type::Set(e) | Type::Map(e) => has_optional(e),
        Type::Tuple(t) => t.elements().iter().any(has_optional),
        _ => false,
    }
}

/// `ty` without optional attribute markers, at any depth: the type of
/// values made for a type specification.
pub(crate) fn strip_optional(ty: &Type) -> Type {
    if !has_optional(ty) {
        return ty.clone();
    }
    match ty {
        Type::Object(o) => Type::object(
            o.attributes()
                .iter()
                .map(|(name, t)| (name.clone(), strip_optional(t))),
        ),
        Type::List(e) => Type::list(strip_optional(e)),
        Type::Set(e) => Type::set(strip_optional(e)),
        Type::Map(e) => Type::map(strip_optional(e)),
        Type::Tuple(t) => Type::tuple(t.elements().iter().map(strip_optional)),
        _ => ty.clone(),
    }
}
