//! The value-level half of conversion: applying a [`Plan`] to a value.
//!
//! Errors are built without a path and given one step per container on the
//! way out, so that a conversion that succeeds never builds a path.

use std::collections::BTreeMap;

use super::mismatch::mismatch;
use super::plan::{ElementPlans, MapAttr, ObjectAttr, Plan, Step};
use super::{ConversionError, convert_with};
use crate::number::Number;
use crate::path::{Path, PathStep};
use crate::ty::Type;
use crate::value::Value;

fn error(message: impl Into<String>) -> ConversionError {
    ConversionError::new(Path::root(), message)
}

/// The value does not have the representation its type promises (only
/// possible for values built inconsistently inside the crate).
fn inconsistent(value: &Value, plan: &Plan) -> ConversionError {
    mismatch(value.ty(), &plan.out)
}

fn required(ty: &Type) -> String {
    format!("{} required", ty.friendly_name_for_constraint())
}

fn index_step(i: usize) -> PathStep {
    PathStep::Index(Value::number(i64::try_from(i).unwrap_or(i64::MAX)))
}

fn key_step(key: &str) -> PathStep {
    PathStep::Index(Value::string(key))
}

/// Whether the value is a set whose length is not yet known: unknown
/// elements may turn out equal to others and merge (the Go implementation's
/// rule: a set of one element always has length one).
fn set_length_unknown(value: &Value) -> bool {
    matches!(value.ty(), Type::Set(_)) && value.len().unwrap_or(0) > 1 && !value.is_wholly_known()
}

/// Converts `value` (of the plan's source type) by `plan`.
pub(crate) fn apply(plan: &Plan, value: &Value) -> Result<Value, ConversionError> {
    if plan.is_identity() {
        return Ok(value.clone());
    }
    if matches!(plan.step, Step::AllUnknown) {
        return Ok(Value::unknown(Type::Dynamic));
    }
    if !value.is_known() {
        return Ok(Value::unknown(plan.out.clone()));
    }
    if value.is_null() {
        return Ok(Value::null(plan.out.clone()));
    }
    match &plan.step {
        Step::Identity => Ok(value.clone()),
        Step::AllUnknown => Ok(Value::unknown(Type::Dynamic)),
        Step::Elements(element) => apply_elements(plan, element, value),
        Step::TupleToCollection(plans) => tuple_to_collection(plan, plans, value),
        Step::TupleToTuple(plans) => tuple_to_tuple(plan, plans, value),
        Step::CollectionToTuple(plans) => collection_to_tuple(plan, plans, value),
        Step::ObjectToMap(plans) => object_to_map(plan, plans, value),
        Step::MapToObject(attrs, drop_extra) => map_to_object(plan, attrs, *drop_extra, value),
        Step::ObjectToObject(attrs) => object_to_object(plan, attrs, value),
        Step::Chain(first, then) => apply(then, &apply(first, value)?),
        _ => apply_primitive(plan, value),
    }
}

/// The steps of [`apply`] that convert a primitive value (or one of the
/// dynamic pseudo-type), kept out of its frame.
#[inline(never)]
fn apply_primitive(plan: &Plan, value: &Value) -> Result<Value, ConversionError> {
    match &plan.step {
        Step::FromDynamic(sem) => {
            // Values of the dynamic pseudo-type are null or unknown; any
            // other value given for one converts by its own type.
            if value.ty().is_dynamic() {
                Err(inconsistent(value, plan))
            } else {
                convert_with(value, &plan.out, *sem)
            }
        }
        Step::BoolToString => match value.as_bool() {
            Some(b) => Ok(Value::string(if b { "true" } else { "false" })),
            None => Err(inconsistent(value, plan)),
        },
        Step::NumberToString => match value.as_number() {
            Some(n) => Ok(Value::string(n.to_string())),
            None => Err(inconsistent(value, plan)),
        },
        Step::StringToBool => match value.as_str() {
            Some("true" | "1") => Ok(Value::bool(true)),
            Some("false" | "0") => Ok(Value::bool(false)),
            Some(s) => Err(error(match s.to_lowercase().as_str() {
                "true" => "a bool is required; to convert from string, use lowercase \"true\"",
                "false" => "a bool is required; to convert from string, use lowercase \"false\"",
                _ => "a bool is required",
            })),
            None => Err(inconsistent(value, plan)),
        },
        Step::StringToNumber => match value.as_str() {
            Some(s) => Number::parse_decimal(s)
                .map(Value::number)
                .map_err(|e| error(e.to_string())),
            None => Err(inconsistent(value, plan)),
        },
        Step::StringToNumberGo => match value.as_str() {
            Some(s) => parse_number_go(s)
                .map(Value::number)
                .ok_or_else(|| error("a number is required")),
            None => Err(inconsistent(value, plan)),
        },
        _ => Err(inconsistent(value, plan)),
    }
}

/// One step of [`apply`], in its own function: `apply` recurses once per
/// nesting level, so its frame is kept small.
#[inline(never)]
fn tuple_to_collection(
    plan: &Plan,
    plans: &ElementPlans,
    value: &Value,
) -> Result<Value, ConversionError> {
    let Some(elements) = value.elements() else {
        return Err(inconsistent(value, plan));
    };
    let mut converted = Vec::with_capacity(elements.len());
    for (i, v) in elements.iter().enumerate() {
        let Some(p) = plans.get(i) else {
            return Err(inconsistent(value, plan));
        };
        converted.push(apply(p, v).map_err(|e| e.within(index_step(i)))?);
    }
    sequence(plan, converted)
}

/// One step of [`apply`], in its own function: `apply` recurses once per
/// nesting level, so its frame is kept small.
#[inline(never)]
fn tuple_to_tuple(plan: &Plan, plans: &[Plan], value: &Value) -> Result<Value, ConversionError> {
    let Some(elements) = value.elements() else {
        return Err(inconsistent(value, plan));
    };
    if elements.len() != plans.len() {
        return Err(inconsistent(value, plan));
    }
    let mut converted = Vec::with_capacity(elements.len());
    for (i, (v, p)) in elements.iter().zip(plans).enumerate() {
        converted.push(apply(p, v).map_err(|e| e.within(index_step(i)))?);
    }
    Ok(Value::from_elements_unchecked(plan.out.clone(), converted))
}

/// One step of [`apply`], in its own function: `apply` recurses once per
/// nesting level, so its frame is kept small.
#[inline(never)]
fn collection_to_tuple(
    plan: &Plan,
    plans: &[Plan],
    value: &Value,
) -> Result<Value, ConversionError> {
    let Some(elements) = value.elements() else {
        return Err(inconsistent(value, plan));
    };
    if set_length_unknown(value) {
        return Ok(Value::unknown(plan.out.clone()));
    }
    if elements.len() != plans.len() {
        let kind = if matches!(value.ty(), Type::Set(_)) {
            "set"
        } else {
            "list"
        };
        return Err(error(format!("incorrect {kind} element count")));
    }
    let mut converted = Vec::with_capacity(elements.len());
    for (i, (v, p)) in elements.iter().zip(plans).enumerate() {
        converted.push(apply(p, v).map_err(|e| e.within(index_step(i)))?);
    }
    Ok(Value::from_elements_unchecked(plan.out.clone(), converted))
}

/// One step of [`apply`], in its own function: `apply` recurses once per
/// nesting level, so its frame is kept small.
#[inline(never)]
fn object_to_map(
    plan: &Plan,
    plans: &ElementPlans,
    value: &Value,
) -> Result<Value, ConversionError> {
    let Some(attributes) = value.attributes() else {
        return Err(inconsistent(value, plan));
    };
    let mut converted = BTreeMap::new();
    for (i, (name, v)) in attributes.iter().enumerate() {
        let Some(p) = plans.get(i) else {
            return Err(inconsistent(value, plan));
        };
        let v = apply(p, v).map_err(|e| e.within(key_step(name)))?;
        converted.insert(name.clone(), v);
    }
    mapping(plan, converted)
}

/// One step of [`apply`], in its own function: `apply` recurses once per
/// nesting level, so its frame is kept small.
#[inline(never)]
fn map_to_object(
    plan: &Plan,
    attrs: &[(String, MapAttr)],
    drop_extra: bool,
    value: &Value,
) -> Result<Value, ConversionError> {
    let Some(elements) = value.attributes() else {
        return Err(inconsistent(value, plan));
    };
    let mut converted = BTreeMap::new();
    for (key, v) in elements {
        let Ok(i) = attrs.binary_search_by(|(name, _)| name.as_str().cmp(key)) else {
            if drop_extra {
                continue;
            }
            return Err(error(format!("unsupported attribute {key:?}")));
        };
        let (_, attr) = &attrs[i];
        let v = match &attr.conversion {
            Ok(p) => apply(p, v).map_err(|e| e.within(key_step(key)))?,
            Err(why) => {
                return Err(error(format!(
                    "map element type is incompatible with attribute {key:?}: {why}"
                )));
            }
        };
        converted.insert(key.clone(), v);
    }
    for (name, attr) in attrs {
        if !converted.contains_key(name) {
            if !attr.optional {
                return Err(error(format!(
                    "map has no element for required attribute {name:?}"
                )));
            }
            converted.insert(name.clone(), Value::null(attr.out.clone()));
        }
    }
    Ok(Value::from_attributes_unchecked(
        plan.out.clone(),
        converted,
    ))
}

/// One step of [`apply`], in its own function: `apply` recurses once per
/// nesting level, so its frame is kept small.
#[inline(never)]
fn object_to_object(
    plan: &Plan,
    attrs: &[(String, ObjectAttr)],
    value: &Value,
) -> Result<Value, ConversionError> {
    let Some(source) = value.attributes() else {
        return Err(inconsistent(value, plan));
    };
    let mut converted = BTreeMap::new();
    for (name, attr) in attrs {
        let v = match attr {
            ObjectAttr::Convert(p) => {
                let Some(v) = source.get(name) else {
                    return Err(inconsistent(value, plan));
                };
                apply(p, v).map_err(|e| e.within(PathStep::Attr(name.clone())))?
            }
            ObjectAttr::Missing(ty) => Value::null(ty.clone()),
        };
        converted.insert(name.clone(), v);
    }
    Ok(Value::from_attributes_unchecked(
        plan.out.clone(),
        converted,
    ))
}

/// A list, set or map converted element by element.
fn apply_elements(plan: &Plan, element: &Plan, value: &Value) -> Result<Value, ConversionError> {
    if let Some(elements) = value.elements() {
        if matches!(plan.out, Type::List(_)) && set_length_unknown(value) {
            return Ok(Value::unknown(plan.out.clone()));
        }
        // Loops rather than iterator adaptors: this is on the recursion
        // path, and each adaptor is a frame of its own in a debug build.
        let mut converted = Vec::with_capacity(elements.len());
        for (i, v) in elements.iter().enumerate() {
            converted.push(apply(element, v).map_err(|e| e.within(index_step(i)))?);
        }
        sequence(plan, converted)
    } else if let Some(attributes) = value.attributes() {
        let mut converted = BTreeMap::new();
        for (k, v) in attributes {
            let v = apply(element, v).map_err(|e| e.within(key_step(k)))?;
            converted.insert(k.clone(), v);
        }
        mapping(plan, converted)
    } else {
        Err(inconsistent(value, plan))
    }
}

/// Builds the list or set of `plan.out` from converted elements, checking
/// that they all have its element type.
fn sequence(plan: &Plan, elements: Vec<Value>) -> Result<Value, ConversionError> {
    let (kind, element) = match &plan.out {
        Type::List(e) => ("list", e),
        Type::Set(e) => ("set", e),
        _ => return Err(error(required(&plan.out))),
    };
    if elements.iter().any(|v| v.ty() != &**element) {
        return Err(error(format!(
            "element types must all match for conversion to {kind}"
        )));
    }
    Ok(Value::from_elements_unchecked(plan.out.clone(), elements))
}

/// Builds the map of `plan.out` from converted elements, checking that they
/// all have its element type.
fn mapping(plan: &Plan, elements: BTreeMap<String, Value>) -> Result<Value, ConversionError> {
    let Type::Map(element) = &plan.out else {
        return Err(error(required(&plan.out)));
    };
    if elements.values().any(|v| v.ty() != &**element) {
        return Err(error("element types must all match for conversion to map"));
    }
    Ok(Value::from_attributes_unchecked(plan.out.clone(), elements))
}

/// A string read as Go's `big.ParseFloat(s, 10, 512, ToNearestEven)` reads
/// it (what `go-cty` converts strings to numbers with): an optional sign,
/// then `Inf`/`inf`, or decimal digits with an optional point (`5.`, `.5`)
/// and an optional decimal exponent. (Go also takes a binary `p`
/// exponent; it is not accepted here.)
pub(crate) fn parse_number_go(s: &str) -> Option<Number> {
    let (negative, rest) = match s.as_bytes().first()? {
        b'+' => (false, &s[1..]),
        b'-' => (true, &s[1..]),
        _ => (false, s),
    };
    let magnitude = if rest == "Inf" || rest == "inf" {
        Number::INFINITY
    } else {
        let (mantissa, exponent) = match rest.find(['e', 'E']) {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        if mantissa.is_empty()
            || mantissa == "."
            || !mantissa.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        {
            return None;
        }
        let mut text = String::with_capacity(rest.len() + 2);
        if mantissa.starts_with('.') {
            text.push('0');
        }
        text.push_str(mantissa);
        if mantissa.ends_with('.') {
            text.push('0');
        }
        if let Some(e) = exponent {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            text.push('e');
            text.push_str(e);
        }
        Number::parse_literal(&text).ok()?
    };
    Some(if negative { magnitude.neg() } else { magnitude })
}
