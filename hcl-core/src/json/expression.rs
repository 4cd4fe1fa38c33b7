//! JSON values as [`Expression`]s ("Expressions" of the JSON syntax spec).
//!
//! An object is an object value (its property names are strings too, so
//! templates in full expression mode), an array a tuple, a number the exact
//! number written, `true` and `false` booleans, `null` the null of the
//! dynamic pseudo-type. A string is, in literal-only mode, its text; in
//! full expression mode, a standalone template of the native syntax,
//! parsed once (the first time it is needed) and kept with the document.
//! Every range a template reports (diagnostics, variables, static
//! analyses) is a range of the JSON source, escapes included.
//!
//! The static analyses: static list of an array, static map of an object
//! (its names as string expressions), and static call and static traversal
//! of a string, whose text is parsed as a native-syntax expression.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::body::{DynExpression, Expression, StaticCall, StaticPair};
use crate::convert::convert;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::quote::go_quote;
use crate::source::Span;
use crate::traversal::Traversal;
use crate::ty::Type;
use crate::value::Value;

use super::template::{
    Template, has_template_sequence, parse_string_expression, parse_string_template,
};
use super::tree::{Kind, NodeId, ParsedJson, template_key};

/// What a [`JsonExpression`] stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// A value of the tree.
    Node(NodeId),
    /// The name of a property, as a string expression (a key of the static
    /// map analysis).
    Name(u32),
}

/// A JSON value (or an object's property name) as an expression. Cloning
/// it is cheap: the parsed document is shared.
#[derive(Clone)]
pub struct JsonExpression {
    file: Arc<ParsedJson>,
    target: Target,
}

impl fmt::Debug for JsonExpression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JsonExpression")
            .field("kind", &self.kind_name())
            .field("range", &self.range())
            .finish()
    }
}

/// A string: where it is, how to read it, and its template-cache key.
#[derive(Clone, Copy)]
struct Str {
    span: Span,
    escaped: u32,
    key: u64,
}

const TRAVERSAL_REQUIRED: &str = "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.";

impl JsonExpression {
    pub(crate) fn node(file: Arc<ParsedJson>, id: NodeId) -> JsonExpression {
        JsonExpression {
            file,
            target: Target::Node(id),
        }
    }

    pub(crate) fn name(file: Arc<ParsedJson>, prop: u32) -> JsonExpression {
        JsonExpression {
            file,
            target: Target::Name(prop),
        }
    }

    /// The parsed document the expression belongs to.
    pub fn file(&self) -> &Arc<ParsedJson> {
        &self.file
    }

    #[cfg(test)]
    pub(crate) fn node_id(&self) -> Option<NodeId> {
        match self.target {
            Target::Node(id) => Some(id),
            Target::Name(_) => None,
        }
    }

    /// What kind of JSON value this is: `"object"`, `"array"`, `"string"`,
    /// `"number"`, `"bool"`, `"null"`, or `"invalid"` for a value the
    /// parser rejected.
    pub fn kind_name(&self) -> &'static str {
        match self.target {
            Target::Name(_) => "string",
            Target::Node(id) => match self.file.node(id).kind {
                Kind::Null => "null",
                Kind::Bool(_) => "bool",
                Kind::Number(_) => "number",
                Kind::String(_) => "string",
                Kind::Object(_) => "object",
                Kind::Array(_) => "array",
                Kind::Invalid => "invalid",
            },
        }
    }

    /// The text of a JSON string (its escapes decoded), or `None` for
    /// another kind of value: what the expression evaluates to in
    /// literal-only mode.
    pub fn as_str(&self) -> Option<&str> {
        self.string().map(|s| self.text(&s))
    }

    fn span(&self) -> Span {
        match self.target {
            Target::Node(id) => self.file.node(id).span,
            Target::Name(p) => self.file.prop(p).name,
        }
    }

    fn string(&self) -> Option<Str> {
        match self.target {
            Target::Node(id) => match self.file.node(id).kind {
                Kind::String(escaped) => Some(Str {
                    span: self.file.node(id).span,
                    escaped,
                    key: template_key(false, id),
                }),
                _ => None,
            },
            Target::Name(p) => {
                let prop = self.file.prop(p);
                Some(Str {
                    span: prop.name,
                    escaped: prop.escaped,
                    key: template_key(true, p),
                })
            }
        }
    }

    fn text(&self, s: &Str) -> &str {
        self.file
            .tree
            .string(self.file.source.text(), s.span, s.escaped)
    }

    /// The parsed template of a string (cached in the document).
    fn template(&self, s: &Str) -> Arc<Template> {
        let cache = |f: &ParsedJson| {
            let guard = match f.templates.lock() {
                Ok(g) => g,
                Err(poisoned) => poisoned.into_inner(),
            };
            guard.get(&s.key).cloned()
        };
        if let Some(t) = cache(&self.file) {
            return t;
        }
        let template = Arc::new(parse_string_template(
            &self.file.source,
            s.span,
            s.escaped,
            self.text(s),
            self.file.max_depth,
        ));
        let mut guard = match self.file.templates.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        };
        Arc::clone(guard.entry(s.key).or_insert(template))
    }

    fn eval_string(&self, s: &Str, ctx: &EvalContext, diags: &mut Diagnostics) -> Value {
        let text = self.text(s);
        if ctx.is_literal_only() || !has_template_sequence(text) {
            return Value::string(text);
        }
        let template = self.template(s);
        diags.extend(template.diags.clone());
        if template.diags.has_errors() {
            return Value::dynamic();
        }
        match &template.expr {
            Some(expr) => {
                let (value, d) = expr.value(ctx);
                diags.extend(d);
                value
            }
            None => Value::dynamic(),
        }
    }

    fn eval(&self, target: Target, ctx: &EvalContext, diags: &mut Diagnostics) -> Value {
        let at = JsonExpression {
            file: Arc::clone(&self.file),
            target,
        };
        if let Some(s) = at.string() {
            return at.eval_string(&s, ctx, diags);
        }
        let Target::Node(id) = target else {
            return Value::dynamic();
        };
        let tree = &self.file.tree;
        match self.file.node(id).kind {
            Kind::Null => Value::null(Type::Dynamic),
            Kind::Bool(b) => Value::bool(b),
            Kind::Number(i) => tree
                .numbers
                .get(i as usize)
                .map_or_else(Value::dynamic, |n| Value::number(n.clone())),
            Kind::Array(list) => Value::tuple(
                tree.items(list)
                    .iter()
                    .map(|&e| self.eval(Target::Node(e), ctx, diags))
                    .collect::<Vec<_>>(),
            ),
            Kind::Object(list) => self.eval_object(list, ctx, diags),
            Kind::String(_) | Kind::Invalid => Value::dynamic(),
        }
    }

    /// An object: names evaluated as strings, each converted to a string,
    /// no name twice (after evaluation); an unknown name makes the whole
    /// object the dynamic value.
    fn eval_object(
        &self,
        list: super::tree::List,
        ctx: &EvalContext,
        diags: &mut Diagnostics,
    ) -> Value {
        let mut attributes = BTreeMap::new();
        let mut defined: BTreeMap<String, Range> = BTreeMap::new();
        let mut known = true;
        for p in list.range() {
            let p = p as u32;
            let prop = self.file.prop(p);
            let name = self.eval(Target::Name(p), ctx, diags);
            let value = self.eval(Target::Node(prop.value), ctx, diags);
            self.add_property(
                prop.name,
                &name,
                value,
                &mut attributes,
                &mut defined,
                &mut known,
                diags,
            );
        }
        if !known {
            return Value::dynamic();
        }
        Value::object(attributes)
    }

    /// One property of an object whose name and value are evaluated: the
    /// name's checks and the attribute. Kept out of
    /// [`JsonExpression::eval_object`], which recurses, so that its frame
    /// stays small.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn add_property(
        &self,
        name_span: Span,
        name: &Value,
        value: Value,
        attributes: &mut BTreeMap<String, Value>,
        defined: &mut BTreeMap<String, Range>,
        known: &mut bool,
        diags: &mut Diagnostics,
    ) {
        let name_range = || self.file.range(name_span);
        let name = match convert(name, &Type::String) {
            Ok(n) => n,
            Err(e) => {
                diags.push(
                    Diagnostic::error("Invalid object key expression")
                        .with_detail(format!("Cannot use this expression as an object key: {e}."))
                        .with_subject(name_range()),
                );
                return;
            }
        };
        if name.is_null() {
            diags.push(
                Diagnostic::error("Invalid object key expression")
                    .with_detail("Cannot use null value as an object key.")
                    .with_subject(name_range()),
            );
            return;
        }
        let Some(name) = name.as_str().filter(|_| name.is_known()) else {
            *known = false;
            return;
        };
        if let Some(previous) = defined.get(name) {
            diags.push(
                Diagnostic::error("Duplicate object attribute")
                    .with_detail(format!(
                        "An attribute named {} was already defined at {previous}.",
                        go_quote(name)
                    ))
                    .with_subject(name_range()),
            );
            return;
        }
        defined.insert(name.to_owned(), name_range());
        attributes.insert(name.to_owned(), value);
    }

    fn collect_variables(&self, target: Target, out: &mut Vec<Traversal>) {
        let at = JsonExpression {
            file: Arc::clone(&self.file),
            target,
        };
        if let Some(s) = at.string() {
            if has_template_sequence(at.text(&s)) {
                let template = at.template(&s);
                if !template.diags.has_errors()
                    && let Some(expr) = &template.expr
                {
                    out.extend(expr.variables());
                }
            }
            return;
        }
        let Target::Node(id) = target else {
            return;
        };
        match self.file.node(id).kind {
            Kind::Array(list) => {
                for &e in self.file.tree.items(list) {
                    self.collect_variables(Target::Node(e), out);
                }
            }
            Kind::Object(list) => {
                for p in list.range() {
                    let p = p as u32;
                    self.collect_variables(Target::Name(p), out);
                    self.collect_variables(Target::Node(self.file.prop(p).value), out);
                }
            }
            _ => {}
        }
    }

    fn invalid(range: Range, detail: &'static str) -> Diagnostics {
        Diagnostic::error("Invalid expression")
            .with_detail(detail)
            .with_subject(range)
            .into()
    }

    /// The string's text as a native-syntax expression, if it is a string
    /// and its text parses.
    fn as_native(&self) -> Option<super::template::Mapped> {
        let s = self.string()?;
        parse_string_expression(
            &self.file.source,
            s.span,
            s.escaped,
            self.text(&s),
            self.file.max_depth,
        )
    }
}

impl Expression for JsonExpression {
    fn value(&self, ctx: &EvalContext) -> (Value, Diagnostics) {
        let mut diags = Diagnostics::new();
        let value = self.eval(self.target, ctx, &mut diags);
        (value, diags)
    }

    fn variables(&self) -> Vec<Traversal> {
        let mut out = Vec::new();
        self.collect_variables(self.target, &mut out);
        out
    }

    fn range(&self) -> Range {
        self.file.range(self.span())
    }

    fn start_range(&self) -> Range {
        match self.target {
            Target::Node(id) => {
                let node = self.file.node(id);
                self.file.range(self.file.start_span(&node))
            }
            Target::Name(_) => self.range(),
        }
    }

    /// The elements of an array.
    fn static_list(&self) -> Result<Vec<DynExpression>, Diagnostics> {
        if let Target::Node(id) = self.target
            && let Kind::Array(list) = self.file.node(id).kind
        {
            return Ok(self
                .file
                .tree
                .items(list)
                .iter()
                .map(|&e| Arc::new(JsonExpression::node(Arc::clone(&self.file), e)) as _)
                .collect());
        }
        Err(Self::invalid(
            self.start_range(),
            "A static list expression is required.",
        ))
    }

    /// The properties of an object: each name as a string expression (a
    /// template in full expression mode), each value.
    fn static_map(&self) -> Result<Vec<StaticPair>, Diagnostics> {
        if let Target::Node(id) = self.target
            && let Kind::Object(list) = self.file.node(id).kind
        {
            return Ok(list
                .range()
                .map(|p| {
                    let p = p as u32;
                    let value = self.file.prop(p).value;
                    StaticPair {
                        key: Arc::new(JsonExpression::name(Arc::clone(&self.file), p)),
                        value: Arc::new(JsonExpression::node(Arc::clone(&self.file), value)),
                    }
                })
                .collect());
        }
        Err(Self::invalid(
            self.start_range(),
            "A static map expression is required.",
        ))
    }

    /// A string whose text is a native-syntax function call.
    fn static_call(&self) -> Result<StaticCall, Diagnostics> {
        self.as_native()
            .and_then(|e| e.static_call().ok())
            .ok_or_else(|| Self::invalid(self.start_range(), "A static function call is required."))
    }

    /// A string whose text is a native-syntax variable reference.
    fn static_traversal_abs(&self) -> Result<Traversal, Diagnostics> {
        self.as_native()
            .and_then(|e| e.static_traversal_abs().ok())
            .ok_or_else(|| Self::invalid(self.range(), TRAVERSAL_REQUIRED))
    }

    /// As [`Expression::static_traversal_abs`], the root taken as the first
    /// attribute step (Go's `RelTraversalForExpr`).
    fn static_traversal_rel(&self) -> Result<Traversal, Diagnostics> {
        self.as_native()
            .and_then(|e| e.static_traversal_rel().ok())
            .ok_or_else(|| Self::invalid(self.range(), TRAVERSAL_REQUIRED))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{JsonOptions, parse_expression};

    fn cached(e: &JsonExpression) -> usize {
        e.file.templates.lock().map(|t| t.len()).unwrap_or(0)
    }

    #[test]
    fn templates_are_parsed_once_and_literals_never() {
        let (e, d) = parse_expression(
            br#"{"${k}": "${a + 1}", "plain": "text", "k2": "${a + 1}"}"#,
            "t.json",
            &JsonOptions::default(),
        );
        assert!(d.is_empty());
        assert_eq!(cached(&e), 0);
        let mut ctx = EvalContext::new();
        ctx.declare_variable("a", Value::number(1))
            .expect("declare");
        ctx.declare_variable("k", Value::string("key"))
            .expect("declare");
        let first = e.value(&ctx);
        // Three strings with template sequences (a name, two values); the
        // literal ones are not parsed.
        assert_eq!(cached(&e), 3);
        for _ in 0..5 {
            assert_eq!(e.value(&ctx), first);
            let _ = e.variables();
        }
        assert_eq!(cached(&e), 3);
        // Literal-only mode parses nothing.
        let (e, _) = parse_expression(br#"["${x}"]"#, "t.json", &JsonOptions::default());
        let _ = e.value(&EvalContext::literal_only());
        assert_eq!(cached(&e), 0);
    }
}
