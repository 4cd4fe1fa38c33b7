//! Paths to a part of a value: `.name`, `[2]`, `["key"]`.
//!
//! Conversion errors carry the path of the offending element so that a
//! message can say exactly where inside a value the problem is.
//!
//! ```
//! use hcl_core::{Path, PathStep, Value};
//!
//! let path = Path::root().attr("listeners").index(Value::number(2)).attr("port");
//! assert_eq!(path.to_string(), ".listeners[2].port");
//! assert_eq!(path.steps().len(), 3);
//! assert!(matches!(path.steps()[0], PathStep::Attr(_)));
//! ```

use std::fmt;

use crate::value::Value;

/// One step of a [`Path`].
#[derive(Clone, Debug, PartialEq)]
pub enum PathStep {
    /// An object attribute, by name.
    Attr(String),
    /// A list or tuple element by number, a map element by string key, or a
    /// set element by its value.
    Index(Value),
}

/// A sequence of steps from a value to one of its parts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Path {
    steps: Vec<PathStep>,
}

impl Path {
    /// The empty path: the value itself.
    pub fn root() -> Path {
        Path::default()
    }

    /// This path followed by an attribute step.
    pub fn attr(mut self, name: impl Into<String>) -> Path {
        self.steps.push(PathStep::Attr(name.into()));
        self
    }

    /// This path followed by an index step.
    pub fn index(mut self, key: impl Into<Value>) -> Path {
        self.steps.push(PathStep::Index(key.into()));
        self
    }

    /// Adds a step at the end.
    pub fn push(&mut self, step: PathStep) {
        self.steps.push(step);
    }

    /// Removes the last step.
    pub fn pop(&mut self) -> Option<PathStep> {
        self.steps.pop()
    }

    /// Adds a step at the start (used when an error found in a part is
    /// reported from its container).
    pub fn prepend(&mut self, step: PathStep) {
        self.steps.insert(0, step);
    }

    /// The steps, from the outermost value inwards.
    pub fn steps(&self) -> &[PathStep] {
        &self.steps
    }

    /// Whether this is the empty path.
    pub fn is_root(&self) -> bool {
        self.steps.is_empty()
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.steps {
            match step {
                PathStep::Attr(name) => write!(f, ".{name}")?,
                PathStep::Index(key) => write!(f, "[{key}]")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_displays_attribute_and_index_steps() {
        let p = Path::root()
            .attr("foo")
            .index(Value::number(2))
            .index(Value::string("k"));
        assert_eq!(p.to_string(), ".foo[2][\"k\"]");
        assert_eq!(Path::root().to_string(), "");
    }

    #[test]
    fn prepend_adds_outer_step() {
        let mut p = Path::root().attr("inner");
        p.prepend(PathStep::Index(Value::number(0)));
        assert_eq!(p.to_string(), "[0].inner");
    }
}
