//! The iterator of a level of dynamic blocks (Go's `iteration.go`).

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use crate::eval::EvalContext;
use crate::ty::Type;
use crate::value::Value;

/// The iterator of one level of dynamic blocks: its name, its value (an
/// object of the current key and value), and the iterator of the
/// enclosing level.
///
/// One is made per generated block, and everything derived from it is
/// made once: the object, and the context of the level's `labels` and of
/// its nested `for_each` expressions (allocations per generated block are
/// what expansion costs).
#[derive(Debug)]
pub(super) struct Iteration {
    pub(super) name: String,
    pub(super) object: Value,
    pub(super) parent: Option<Arc<Iteration>>,
    /// The `for_each` context of the level with the iterators declared.
    pub(super) scope: OnceLock<EvalContext>,
}

impl Iteration {
    /// The iterator of a level nested in `parent` (if any). `types` keeps
    /// the type of the last iterator object made, with its key and value
    /// types: the elements of a collection share it.
    pub(super) fn child(
        parent: Option<&Arc<Iteration>>,
        name: &str,
        key: Value,
        value: Value,
        types: &mut Option<(Type, Type, Type)>,
    ) -> Arc<Iteration> {
        let ty = match types {
            Some((k, v, ty)) if k == key.ty() && v == value.ty() => ty.clone(),
            _ => {
                let ty = Type::object([("key", key.ty().clone()), ("value", value.ty().clone())]);
                *types = Some((key.ty().clone(), value.ty().clone(), ty.clone()));
                ty
            }
        };
        let attributes = BTreeMap::from([("key".to_owned(), key), ("value".to_owned(), value)]);
        Arc::new(Iteration {
            name: name.to_owned(),
            object: Value::from_attributes_unchecked(ty, attributes),
            parent: parent.cloned(),
            scope: OnceLock::new(),
        })
    }

    /// This iterator and the enclosing ones, the nearest first.
    pub(super) fn chain(&self) -> impl Iterator<Item = &Iteration> {
        std::iter::successors(Some(self), |it| it.parent.as_deref())
    }

    /// A child of `base` in which this iterator and the enclosing ones are
    /// declared.
    pub(super) fn eval_context(&self, base: &EvalContext) -> EvalContext {
        let mut ctx = base.new_child();
        // The outermost first, so that a nearer iterator of the same name
        // shadows it. A literal-only context declares nothing; the
        // expressions then report their references themselves.
        let mut levels: Vec<&Iteration> = self.chain().collect();
        levels.reverse();
        for it in levels {
            let _ = ctx.declare_variable(it.name.clone(), it.object.clone());
        }
        ctx
    }

    /// [`Iteration::eval_context`] of the level's `for_each` context
    /// (always the same one for an iteration), made once.
    pub(super) fn scope(&self, for_each_ctx: &EvalContext) -> &EvalContext {
        self.scope.get_or_init(|| self.eval_context(for_each_ctx))
    }

    /// Whether `name` is this iterator's or an enclosing one's.
    pub(super) fn defines(this: Option<&Arc<Iteration>>, name: &str) -> bool {
        this.is_some_and(|it| it.chain().any(|it| it.name == name))
    }

    /// Whether `name` is an enclosing iterator's (not this one's).
    pub(super) fn inherits(&self, name: &str) -> bool {
        self.parent
            .as_deref()
            .is_some_and(|p| p.chain().any(|it| it.name == name))
    }
}
