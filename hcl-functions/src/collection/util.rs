//! Helpers shared by the collection and set functions: Go's integer
//! conversion of an argument, lengths as cty reports them, and buckets that
//! find equal values without comparing every pair.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use hcl_core::{Number, Semantics, Type, Value};

/// gocty's message when a number does not fit a Go `int`.
pub(crate) const WHOLE_NUMBER: &str =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/// The number as a Go `int` (64 bits), if it is a whole number in range
/// (gocty's `FromCtyValue` into an `int`).
pub(crate) fn go_int(n: &Number) -> Option<i64> {
    if let Ok(i) = n.to_i64() {
        return Some(i);
    }
    if !n.is_finite() || !n.is_integer() {
        return None;
    }
    n.to_bigint().ok().and_then(|b| i64::try_from(b).ok())
}

/// A count as a number value.
pub(crate) fn count(n: usize) -> Value {
    Value::number(i64::try_from(n).unwrap_or(i64::MAX))
}

/// cty's `Length().IsKnown()`: a tuple's length is always known; a set
/// holding unknown values has a known length only if it holds one element
/// (the unknown values may turn out equal to others).
pub(crate) fn length_known(v: &Value) -> bool {
    if matches!(v.ty(), Type::Tuple(_)) {
        return true;
    }
    let Some(len) = v.len() else {
        return false;
    };
    !matches!(v.ty(), Type::Set(_)) || len == 1 || v.is_wholly_known()
}

/// A hash of a value that equal values share (by the equality operation):
/// strings by their bytes, numbers by their value, sets whatever the order
/// of their elements. Unequal values may share it too; it only narrows
/// down the candidates to compare.
pub(crate) fn value_hash(v: &Value) -> u64 {
    let mut h = DefaultHasher::new();
    feed(v, &mut h);
    h.finish()
}

fn feed(v: &Value, h: &mut DefaultHasher) {
    if v.is_null() {
        h.write_u8(0);
    } else if !v.is_known() {
        h.write_u8(1);
    } else if let Some(b) = v.as_bool() {
        h.write_u8(2);
        b.hash(h);
    } else if let Some(n) = v.as_number() {
        h.write_u8(3);
        n.hash(h);
    } else if let Some(s) = v.as_str() {
        h.write_u8(4);
        s.hash(h);
    } else if let Some(elements) = v.elements() {
        if matches!(v.ty(), Type::Set(_)) {
            // Independent of the order of the elements.
            h.write_u8(5);
            let sum = elements
                .iter()
                .fold(0u64, |acc, e| acc.wrapping_add(value_hash(e)));
            h.write_u64(sum);
        } else {
            h.write_u8(6);
            h.write_usize(elements.len());
            for e in elements {
                feed(e, h);
            }
        }
    } else if let Some(attributes) = v.attributes() {
        h.write_u8(7);
        for (k, e) in attributes {
            k.hash(h);
            feed(e, h);
        }
    } else {
        // Capsules: compared by their type's equality.
        h.write_u8(8);
    }
}

/// Values added one by one, each found again by the equality operation of
/// a rule set ([`Value::equals_with`]) in time proportional to the number
/// of values sharing its hash.
pub(crate) struct Buckets<'a> {
    buckets: HashMap<u64, Vec<(usize, &'a Value)>>,
    len: usize,
    sem: Semantics,
}

impl<'a> Buckets<'a> {
    /// No values yet; they will be compared by the rules of `sem`.
    pub(crate) fn new(sem: Semantics) -> Buckets<'a> {
        Buckets {
            buckets: HashMap::new(),
            len: 0,
            sem,
        }
    }

    /// The position (in the order of adding) of the value added that is
    /// equal to `v` (the equality operation giving a known `true`).
    pub(crate) fn find(&self, v: &Value) -> Option<usize> {
        self.buckets
            .get(&value_hash(v))?
            .iter()
            .find(|(_, w)| w.equals_with(v, self.sem).is_true())
            .map(|(i, _)| *i)
    }

    /// Whether a value equal to `v` was added.
    pub(crate) fn contains(&self, v: &Value) -> bool {
        self.find(v).is_some()
    }

    /// Adds `v` unless an equal value was added; whether it was added.
    pub(crate) fn insert(&mut self, v: &'a Value) -> bool {
        self.insert_at(v, self.len)
    }

    /// Adds `v`, known by position `at`, unless an equal value was added;
    /// whether it was added.
    pub(crate) fn insert_at(&mut self, v: &'a Value, at: usize) -> bool {
        self.len += 1;
        let bucket = self.buckets.entry(value_hash(v)).or_default();
        if bucket
            .iter()
            .any(|(_, w)| w.equals_with(v, self.sem).is_true())
        {
            return false;
        }
        bucket.push((at, v));
        true
    }
}
