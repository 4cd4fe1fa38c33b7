//! Local values: `locals { NAME = EXPR ... }` blocks, each value evaluated
//! once, in dependency order. A local that refers to a sensitive variable,
//! or to a sensitive local, is sensitive itself (as Terraform marks it).

use std::collections::{BTreeMap, BTreeSet};

use hcl_core::body::{Block, DynExpression};
use hcl_core::{Diagnostic, Diagnostics, EvalContext, Range, Traverser, Value};

struct Local {
    name: String,
    range: Range,
    expr: DynExpression,
    deps: Vec<usize>,
    /// Undeclared names it refers to (unknown in its evaluation).
    missing: BTreeSet<String>,
    /// It refers to a sensitive variable (or to `var` as a whole while
    /// some variable is sensitive).
    reads_sensitive_var: bool,
}

/// The locals' values (unknown where in error), whether any failed, and
/// the names of the sensitive ones.
pub(super) struct Output {
    pub(super) values: BTreeMap<String, Value>,
    pub(super) failed: bool,
    pub(super) sensitive: BTreeSet<String>,
}

/// Evaluates the locals of `blocks` in `ctx` (which has `var` and the
/// functions); `sensitive_vars` are the names of the sensitive variables.
/// The diagnostics of a sensitive local's evaluation have their details
/// hidden.
pub(super) fn evaluate(
    blocks: &[Block],
    ctx: &EvalContext,
    sensitive_vars: &BTreeSet<String>,
    diags: &mut Diagnostics,
) -> Output {
    let mut locals: Vec<Local> = Vec::new();
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    let mut failed = false;
    for block in blocks {
        let (attrs, d) = block.body.just_attributes();
        failed |= d.has_errors();
        diags.extend(d);
        let mut attrs: Vec<_> = attrs.into_values().collect();
        attrs.sort_by(|a, b| a.range.cmp(&b.range));
        for attr in attrs {
            if let Some(&first) = index.get(&attr.name) {
                let first = &locals[first];
                failed = true;
                diags.push(
                    Diagnostic::error("Duplicate local value definition")
                        .with_detail(format!(
                            "A local value named {:?} is defined again at {}. Local value names must be unique.",
                            attr.name, attr.range
                        ))
                        .with_subject(first.range.clone()),
                );
                diags.push(
                    Diagnostic::error("Duplicate local value definition")
                        .with_detail(format!(
                            "A local value named {:?} was already defined at {}. Local value names must be unique.",
                            attr.name, first.range
                        ))
                        .with_subject(attr.range.clone()),
                );
                continue;
            }
            index.insert(attr.name.clone(), locals.len());
            locals.push(Local {
                name: attr.name.clone(),
                range: attr.range.clone(),
                expr: attr.expr.clone(),
                deps: Vec::new(),
                missing: BTreeSet::new(),
                reads_sensitive_var: false,
            });
        }
    }

    // References.
    for local in &mut locals {
        let mut deps = BTreeSet::new();
        for t in local.expr.variables() {
            if t.root_name() == Some("var") && !sensitive_vars.is_empty() {
                local.reads_sensitive_var |= match t.steps().get(1) {
                    Some(Traverser::Attr { name, .. }) => sensitive_vars.contains(name),
                    Some(Traverser::Index { key, .. }) => key
                        .as_str()
                        .is_none_or(|name| sensitive_vars.contains(name)),
                    // `var` as a whole (or as a splat) holds them all.
                    _ => true,
                };
            }
            if t.root_name() != Some("local") {
                continue;
            }
            let (name, range) = match t.steps().get(1) {
                Some(Traverser::Attr { name, range }) => (name.clone(), range.clone()),
                Some(Traverser::Index { key, range }) if key.as_str().is_some() => {
                    (key.as_str().unwrap_or_default().to_owned(), range.clone())
                }
                _ => continue,
            };
            match index.get(&name) {
                Some(&i) => {
                    deps.insert(i);
                }
                None => {
                    failed = true;
                    let suggestion = hcl_core::suggestion(&name, index.keys().map(String::as_str))
                        .map(|s| format!(" Did you mean {s:?}?"))
                        .unwrap_or_default();
                    let root = t.steps()[0].range();
                    diags.push(
                        Diagnostic::error("Reference to undeclared local value")
                            .with_detail(format!(
                                "A local value with the name {name:?} has not been declared.{suggestion}"
                            ))
                            .with_subject(Range::new(root.filename.clone(), root.start, range.end)),
                    );
                    local.missing.insert(name);
                }
            }
        }
        local.deps = deps.into_iter().collect();
    }

    // Strongly connected components (Tarjan, iterative), dependencies first.
    let n = locals.len();
    let mut order = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut components: Vec<Vec<usize>> = Vec::new();
    let mut counter = 0;
    for root in 0..n {
        if order[root] != usize::MAX {
            continue;
        }
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut next)) = call.last_mut() {
            if let Some(&w) = locals[v].deps.get(*next) {
                *next += 1;
                if order[w] == usize::MAX {
                    order[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == order[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                components.push(component);
            }
        }
    }

    let mut values: Vec<Option<Value>> = vec![None; n];
    let mut sensitive = vec![false; n];
    for mut component in components {
        let cyclic = component.len() > 1 || locals[component[0]].deps.contains(&component[0]);
        if cyclic {
            failed = true;
            component.sort_by(|a, b| locals[*a].range.cmp(&locals[*b].range));
            let members: Vec<String> = component
                .iter()
                .map(|&i| format!("local.{} ({})", locals[i].name, locals[i].range))
                .collect();
            let detail = if component.len() == 1 {
                format!(
                    "The local value {} refers to itself, so it cannot be evaluated.",
                    members[0]
                )
            } else {
                format!(
                    "These local values refer to each other in a cycle, so none of them can be evaluated: {}.",
                    members.join(", ")
                )
            };
            diags.push(
                Diagnostic::error("Cycle in local values")
                    .with_detail(detail)
                    .with_subject(locals[component[0]].range.clone()),
            );
            for i in component {
                values[i] = Some(Value::dynamic());
            }
            continue;
        }
        let i = component[0];
        let local = &locals[i];
        sensitive[i] = local.reads_sensitive_var || local.deps.iter().any(|&d| sensitive[d]);
        let object = Value::object(
            local
                .deps
                .iter()
                .map(|&d| {
                    (
                        locals[d].name.clone(),
                        values[d].clone().unwrap_or_else(Value::dynamic),
                    )
                })
                .chain(local.missing.iter().map(|m| (m.clone(), Value::dynamic()))),
        );
        let mut c = ctx.new_child();
        let _ = c.declare_variable("local", object);
        let (v, mut d) = local.expr.value(&c);
        if sensitive[i] {
            d = super::variables::hide(d, &format!("local.{}", local.name));
        }
        if d.has_errors() {
            failed = true;
            diags.extend(d);
            values[i] = Some(Value::dynamic());
        } else {
            diags.extend(d);
            values[i] = Some(v);
        }
    }
    let sensitive = locals
        .iter()
        .zip(&sensitive)
        .filter(|(_, s)| **s)
        .map(|(l, _)| l.name.clone())
        .collect();
    let values = locals
        .into_iter()
        .zip(values)
        .map(|(l, v)| (l.name, v.unwrap_or_else(Value::dynamic)))
        .collect();
    Output {
        values,
        failed,
        sensitive,
    }
}
