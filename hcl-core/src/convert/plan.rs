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
    // This function recurses once per nesting level of the types: every
    // case with locals of its own is in a function of its own, so that its
    // frame stays small (a debug build gives every temporary a slot).
    if let Some(plan) = leaf_plan(from, to, sem) {
        return plan;
    }
    let go = sem.is_go();
    match (from, to) {
        (
            Type::List(_) | Type::Set(_) | Type::Map(_),
            Type::List(_) | Type::Set(_) | Type::Map(_),
        ) => elements(from, to, sem),
        (Type::Tuple(_), Type::List(_) | Type::Set(_)) | (Type::Object(_), Type::Map(_)) => {
            structural_to_collection(from, to, sem)
        }
        // Go has no conversion from a list or set to a tuple.
        (Type::List(f) | Type::Set(f), Type::Tuple(t)) if !go => collection_to_tuple(f, t, sem),
        (Type::Tuple(a), Type::Tuple(b)) => tuple_to_tuple(from, a, b, sem),
        (Type::Map(f), Type::Object(o)) => map_to_object(f, o, sem, go),
        (Type::Object(a), Type::Object(b)) => object_to_object(from, a, b, sem, go),
        _ => None,
    }
}

/// The plans that need no recursion (identity, from the dynamic
/// pseudo-type, between primitive types), or `None` for a structural pair.
#[inline(never)]
fn leaf_plan(from: &Type, to: &Type, sem: Semantics) -> Option<Option<Plan>> {
    if to.is_dynamic() || (from == to && !has_optional(to)) {
        return Some(Some(Plan::identity(from)));
    }
    if from.is_dynamic() {
        return Some(Some(Plan {
            safety: Safety::Unsafe,
            out: strip_optional(to),
            step: Step::FromDynamic(sem),
        }));
    }
    let primitive = |safety, out, step| Some(Some(Plan { safety, out, step }));
    match (from, to) {
        (Type::Bool, Type::String) => primitive(Safety::Safe, Type::String, Step::BoolToString),
        (Type::Number, Type::String) => primitive(Safety::Safe, Type::String, Step::NumberToString),
        (Type::String, Type::Bool) => primitive(Safety::Unsafe, Type::Bool, Step::StringToBool),
        (Type::String, Type::Number) => primitive(
            Safety::Unsafe,
            Type::Number,
            if sem.is_go() {
                Step::StringToNumberGo
            } else {
                Step::StringToNumber
            },
        ),
        (Type::Bool | Type::Number | Type::String | Type::Capsule(_), _)
        | (_, Type::Bool | Type::Number | Type::String | Type::Capsule(_)) => Some(None),
        _ => None,
    }
}

/// One case of [`plan_with`], in its own function: `plan_with` recurses
/// once per nesting level, so its frame is kept small.
#[inline(never)]
fn collection_to_tuple(f: &Type, t: &TupleType, sem: Semantics) -> Option<Plan> {
    let mut plans = Vec::with_capacity(t.len());
    for e in t.elements() {
        plans.push(plan_with(f, e, sem)?);
    }
    Some(finish_collection_to_tuple(plans))
}

#[inline(never)]
fn finish_collection_to_tuple(plans: Vec<Plan>) -> Plan {
    Plan {
        safety: Safety::Unsafe,
        out: Type::tuple(plans.iter().map(|p| p.out.clone())),
        step: Step::CollectionToTuple(plans),
    }
}

/// One case of [`plan_with`], in its own function: `plan_with` recurses
/// once per nesting level, so its frame is kept small.
#[inline(never)]
fn tuple_to_tuple(from: &Type, a: &TupleType, b: &TupleType, sem: Semantics) -> Option<Plan> {
    if a.len() != b.len() {
        return None;
    }
    let mut plans = Vec::with_capacity(a.len());
    for (f, e) in a.elements().iter().zip(b.elements()) {
        plans.push(plan_with(f, e, sem)?);
    }
    Some(finish_tuple_to_tuple(from, plans))
}

#[inline(never)]
fn finish_tuple_to_tuple(from: &Type, plans: Vec<Plan>) -> Plan {
    if plans.iter().all(Plan::is_identity) {
        return Plan::identity(from);
    }
    Plan {
        safety: worst(Safety::Safe, plans.iter()),
        out: Type::tuple(plans.iter().map(|p| p.out.clone())),
        step: Step::TupleToTuple(plans),
    }
}

/// One case of [`plan_with`], in its own function: `plan_with` recurses
/// once per nesting level, so its frame is kept small.
#[inline(never)]
fn map_to_object(f: &Type, o: &ObjectType, sem: Semantics, go: bool) -> Option<Plan> {
    let mut attrs = Vec::with_capacity(o.len());
    for (name, ty) in o.attributes() {
        let plan = plan_with(f, ty, sem);
        attrs.push(map_attr(f, o, name, ty, plan)?);
    }
    Some(finish_map_to_object(attrs, go))
}

/// How attribute `name` (of type `ty`) of `o` is made from a map element of
/// type `f` by `plan`; `None` when it cannot be.
#[inline(never)]
fn map_attr(
    f: &Type,
    o: &ObjectType,
    name: &str,
    ty: &Type,
    plan: Option<Plan>,
) -> Option<(String, MapAttr)> {
    let optional = o.is_optional(name);
    let attr = match plan {
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
    Some((name.to_owned(), attr))
}

#[inline(never)]
fn finish_map_to_object(attrs: Vec<(String, MapAttr)>, go: bool) -> Plan {
    Plan {
        safety: Safety::Unsafe,
        out: Type::object(attrs.iter().map(|(name, a)| (name.clone(), a.out.clone()))),
        step: Step::MapToObject(attrs, go),
    }
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
    Some(finish_object_to_object(
        from, a, b, go, attrs, safety, identity,
    ))
}

/// The object → object plan from the attribute plans: kept out of
/// [`object_to_object`], which recurses.
#[inline(never)]
fn finish_object_to_object(
    from: &Type,
    a: &ObjectType,
    b: &ObjectType,
    go: bool,
    attrs: Vec<(String, ObjectAttr)>,
    mut safety: Safety,
    mut identity: bool,
) -> Plan {
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
        return Plan::identity(from);
    }
    let out = Type::object(attrs.iter().map(|(name, attr)| {
        let ty = match attr {
            ObjectAttr::Convert(p) => p.out.clone(),
            ObjectAttr::Missing(ty) => ty.clone(),
        };
        (name.clone(), ty)
    }));
    Plan {
        safety,
        out,
        step: Step::ObjectToObject(attrs),
    }
}

/// A collection → collection plan converting each element by one plan
/// (list, set and map to the same kind, set to list and list to set).
/// When source and target are of the same kind and the element plan is the
/// identity, so is the whole.
#[inline(never)]
fn elements(from: &Type, to: &Type, sem: Semantics) -> Option<Plan> {
    let (source_element, target_element) = (from.element_type()?, to.element_type()?);
    let (safety, same_kind) = match (from, to) {
        (Type::List(_), Type::List(_))
        | (Type::Set(_), Type::Set(_))
        | (Type::Map(_), Type::Map(_)) => (Safety::Safe, true),
        (Type::Set(_), Type::List(_)) => (Safety::Safe, false),
        (Type::List(_), Type::Set(_)) => (Safety::Unsafe, false),
        _ => return None,
    };
    let element = plan_with(source_element, target_element, sem)?;
    if same_kind && element.is_identity() {
        return Some(Plan::identity(from));
    }
    let out = match to {
        Type::List(_) => Type::list(element.out.clone()),
        Type::Set(_) => Type::set(element.out.clone()),
        _ => Type::map(element.out.clone()),
    };
    Some(Plan {
        safety: safety.max(element.safety),
        out,
        step: Step::Elements(Box::new(element)),
    })
}

/// A tuple → list or set, or object → map plan: the plans converting
/// each element (or attribute) type to the element type of the collection,
/// and the element type of the result. Where the target element type is or
/// contains the dynamic pseudo-type, the element results may differ in
/// type: they are then unified and converted once more, as the Go
/// implementation does.
///
/// In Go mode, a target element type that is exactly the dynamic
/// pseudo-type is first replaced by the unification of the element types,
/// as `go-cty` does; for a list or set, that unification may be dynamic
/// only if every element type is.
///
/// This is on the recursion path of nested types: only what lives across
/// the recursive calls is in its frame, the rest is in functions of its
/// own.
#[inline(never)]
fn structural_to_collection(from: &Type, to: &Type, sem: Semantics) -> Option<Plan> {
    let prepared = prepare_collection(from, to, sem)?;
    let plans = element_plans(&prepared.distinct, prepared.target(), sem)?;
    finish_collection(prepared, plans, sem)
}

/// What [`structural_to_collection`] works out before the element plans.
struct Prepared<'a> {
    to: &'a Type,
    /// The distinct element types, and which each element has.
    distinct: Vec<&'a Type>,
    which: Vec<usize>,
    /// The target's element type.
    target_element: &'a Type,
    /// Go's unified element type, when it chose one.
    go_element: Option<Type>,
}

impl Prepared<'_> {
    /// The type each element converts to.
    fn target(&self) -> &Type {
        self.go_element.as_ref().unwrap_or(self.target_element)
    }
}

#[inline(never)]
fn prepare_collection<'a>(from: &'a Type, to: &'a Type, sem: Semantics) -> Option<Prepared<'a>> {
    let (distinct, which) = match from {
        Type::Tuple(t) => distinct_types(t.elements().iter()),
        Type::Object(o) => distinct_types(o.attributes().values()),
        _ => return None,
    };
    let target_element = to.element_type()?;
    let sequence = !matches!(to, Type::Map(_));
    let go_element = match go_element_type(&distinct, target_element, sem, sequence) {
        Some(Some(t)) => Some(t),
        Some(None) => return None,
        None => None,
    };
    Some(Prepared {
        to,
        distinct,
        which,
        target_element,
        go_element,
    })
}

/// The plans converting each of `distinct` to `target`: a loop rather than
/// iterator adaptors (each a frame of its own in a debug build), as this
/// is on the recursion path.
#[inline(never)]
fn element_plans(distinct: &[&Type], target: &Type, sem: Semantics) -> Option<Vec<Plan>> {
    let mut plans = Vec::with_capacity(distinct.len());
    for t in distinct {
        plans.push(plan_with(t, target, sem)?);
    }
    Some(plans)
}

/// The tuple → list or set, or object → map plan from its element plans.
#[inline(never)]
fn finish_collection(prepared: Prepared<'_>, mut plans: Vec<Plan>, sem: Semantics) -> Option<Plan> {
    let Prepared {
        to,
        which,
        target_element,
        go_element,
        ..
    } = prepared;
    let element = match go_element {
        Some(element) => element,
        None => unify_outputs(&mut plans, target_element, sem)?,
    };
    let safety = worst(Safety::Safe, plans.iter());
    let (safety, out) = match to {
        Type::List(_) => (safety, Type::list(element)),
        // Go calls it safe when the elements convert safely.
        Type::Set(_) if sem.is_go() => (safety, Type::set(element)),
        Type::Set(_) => (Safety::Unsafe, Type::set(element)),
        _ => (safety, Type::map(element)),
    };
    let plans = ElementPlans { plans, which };
    let step = if matches!(to, Type::Map(_)) {
        Step::ObjectToMap(plans)
    } else {
        Step::TupleToCollection(plans)
    };
    Some(Plan { safety, out, step })
}

/// The distinct types of a tuple's elements (or an object's attributes),
/// and which of them each element has (empty when there is one).
#[inline(never)]
fn distinct_types<'a>(types: impl Iterator<Item = &'a Type>) -> (Vec<&'a Type>, Vec<usize>) {
    // A run of equal types is common, so the previous one is tried before
    // the table.
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
    (distinct, which)
}

/// In Go mode, when the target element type is exactly the dynamic
/// pseudo-type: the unification of the element types (`Some(None)` when
/// there is none, or, for a list or set, when it is dynamic while not every
/// element type is). `None` otherwise.
#[inline(never)]
fn go_element_type(
    distinct: &[&Type],
    target_element: &Type,
    sem: Semantics,
    sequence: bool,
) -> Option<Option<Type>> {
    if !(sem.is_go() && target_element.is_dynamic() && !distinct.is_empty()) {
        return None;
    }
    let Some(element) = super::unify_go::unify_type(distinct) else {
        return Some(None);
    };
    if sequence && element.is_dynamic() && !distinct.iter().all(|t| t.is_dynamic()) {
        return Some(None);
    }
    Some(Some(element))
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
