//! The names hidden from a remaining body.
//!
//! Partial processing ([`Body::partial_content`]) returns the rest of a
//! body as a new view of the same syntax tree, with the names the schema
//! took hidden from it (the two-step rule). Each syntax keeps one
//! [`HiddenNames`] per kind of name it hides: the native syntax one for
//! attribute names and one for block types, the JSON syntax one for
//! property names (where attributes and blocks share a namespace).
//!
//! [`Body::partial_content`]: super::Body::partial_content

use std::collections::BTreeSet;
use std::sync::Arc;

/// A set of names hidden from a view of a body, shared between views:
/// cloning it, or adding names it already holds, copies nothing. The
/// default hides nothing (the state of every body fresh from a parser) and
/// allocates nothing.
#[derive(Clone, Debug, Default)]
pub(crate) struct HiddenNames(Option<Arc<BTreeSet<Box<str>>>>);

impl HiddenNames {
    /// Whether `name` is hidden.
    pub(crate) fn contains(&self, name: &str) -> bool {
        self.0.as_ref().is_some_and(|set| set.contains(name))
    }

    /// These names with `more` added (a new set only when something is
    /// new; otherwise this one, shared).
    pub(crate) fn with<'a>(&self, more: impl IntoIterator<Item = &'a str>) -> HiddenNames {
        let mut set: Option<BTreeSet<Box<str>>> = None;
        for name in more {
            if self.contains(name) || set.as_ref().is_some_and(|s| s.contains(name)) {
                continue;
            }
            set.get_or_insert_with(|| self.0.as_deref().cloned().unwrap_or_default())
                .insert(name.into());
        }
        match set {
            Some(set) => HiddenNames(Some(Arc::new(set))),
            None => self.clone(),
        }
    }

    /// The hidden names, sorted.
    pub(crate) fn to_vec(&self) -> Vec<&str> {
        self.0
            .iter()
            .flat_map(|set| set.iter().map(|s| &**s))
            .collect()
    }

    /// Whether both hold one and the same (shared) non-empty set.
    #[cfg(test)]
    pub(crate) fn shares_set_with(&self, other: &HiddenNames) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HiddenNames;

    #[test]
    fn adding_names_shares_the_set_unless_something_is_new() {
        let none = HiddenNames::default();
        assert!(none.to_vec().is_empty());
        assert!(!none.contains("a"));
        // Adding nothing to nothing allocates no set.
        assert!(!none.with([]).shares_set_with(&none));
        assert!(none.with([]).to_vec().is_empty());

        let ab = none.with(["b", "a", "b"]);
        assert_eq!(ab.to_vec(), ["a", "b"]);
        assert!(ab.contains("a") && !ab.contains("c"));
        assert!(none.to_vec().is_empty());

        let again = ab.with(["a"]);
        assert!(again.shares_set_with(&ab));
        let abc = ab.with(["c", "a"]);
        assert!(!abc.shares_set_with(&ab));
        assert_eq!(abc.to_vec(), ["a", "b", "c"]);
        assert_eq!(ab.to_vec(), ["a", "b"]);
    }
}
