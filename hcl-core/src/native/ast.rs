//! The syntax tree of the native syntax.
//!
//! The tree is an arena: every node lives in a vector of the [`Ast`] and
//! refers to others by index ([`ExprId`], [`BodyId`], ...), and to source
//! text by [`Span`]. Identifiers and string literals without escapes are
//! not copied: their text is sliced from the source when needed. This
//! keeps a parsed file small (a few times the size of its text) and makes
//! the handles given to callers (`Arc<ParsedFile>` plus an index) cheap.
//!
//! Lists of children (tuple elements, call arguments, template parts,
//! attributes of a body, ...) are contiguous runs of a shared vector,
//! addressed by a [`List`]. A parser builds each run on a scratch stack and
//! appends it when the enclosing node is finished, so runs never
//! interleave.
//!
//! The node kinds mirror the Go implementation's (`hclsyntax`), so that
//! evaluation and diagnostics can follow it closely: template `if` and
//! `for` directives are represented as a conditional and as a
//! [`ExprKind::TemplateJoin`] over a tuple `for` expression, exactly as Go
//! desugars them.
//!
//! The tree is internal to the crate: outside it, a file is read through
//! [`NativeBody`](crate::native::NativeBody),
//! [`NativeExpression`](crate::native::NativeExpression) and
//! [`ParsedFile::body_outlines`](crate::native::ParsedFile::body_outlines),
//! and only [`ExprId`] and [`BodyId`] are public, as opaque handles. Only the
//! parser builds trees, so a tree has no dangling ids and no cycles, and the
//! code that reads one indexes it directly ([`Ast::get`] is the one checked
//! access, for ids given from outside).

use crate::number::Number;
use crate::source::Span;

/// An expression of a parsed file: the handle that
/// [`parse_expression`](crate::native::parse_expression) and
/// [`parse_template`](crate::native::parse_template) return with the file,
/// for [`NativeExpression::new`](crate::native::NativeExpression::new) and
/// the type checker. Only the parser makes them; an id is meaningful with
/// the file it came with only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(pub(crate) u32);

/// A body of a parsed file (see
/// [`ParsedFile::root`](crate::native::ParsedFile::root)). Only the parser
/// makes them; an id is meaningful with the file it came with only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BodyId(pub(crate) u32);

/// Index of a `for` expression's details in [`Ast::fors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ForId(pub u32);

/// Index of a function call's details in [`Ast::calls`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CallId(pub u32);

/// Index of a number in [`Ast::numbers`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct NumberId(pub u32);

/// A run of `len` items starting at `start` in one of the arena's shared
/// vectors (which one depends on the field: [`Ast::expr_lists`],
/// [`Ast::steps`], [`Ast::attributes`], [`Ast::blocks`], [`Ast::labels`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct List {
    /// First item.
    pub(crate) start: u32,
    /// Number of items.
    pub(crate) len: u32,
}

impl List {
    /// The empty run.
    pub(crate) const EMPTY: List = List { start: 0, len: 0 };

    /// The indices covered.
    pub(crate) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// Literal text: either a slice of the source (no escapes, nothing
/// stripped) or an owned string in [`Ast::strings`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Text {
    /// The source bytes of this span, verbatim.
    Source(Span),
    /// The string at this index of [`Ast::strings`].
    Owned(u32),
}

/// A parsed file: the root body and every node.
#[derive(Debug, Default)]
pub(crate) struct Ast {
    /// Expression nodes.
    pub(crate) exprs: Vec<Expr>,
    /// Runs of expression ids (children lists). For an object, the run
    /// holds key and value ids alternately.
    pub(crate) expr_lists: Vec<ExprId>,
    /// Traversal steps, in runs.
    pub(crate) steps: Vec<Step>,
    /// `for` expression details.
    pub(crate) fors: Vec<ForExpr>,
    /// Function call details.
    pub(crate) calls: Vec<CallExpr>,
    /// Number literals.
    pub(crate) numbers: Vec<Number>,
    /// Literal texts that differ from their source (escapes, stripping,
    /// heredoc indentation removed).
    pub(crate) strings: Vec<Box<str>>,
    /// Bodies; the file's own body is [`Ast::root`].
    pub(crate) bodies: Vec<BodyNode>,
    /// Attributes, in runs (one run per body, in source order).
    pub(crate) attributes: Vec<AttributeNode>,
    /// Blocks, in runs (one run per body, in source order).
    pub(crate) blocks: Vec<BlockNode>,
    /// Block labels, in runs (one run per block).
    pub(crate) labels: Vec<LabelNode>,
    /// The file's top-level body.
    pub(crate) root: Option<BodyId>,
}

/// One expression node: its kind and the span of the whole expression.
///
/// A node is 24 bytes: the kinds keep at most three ids or a run and an id
/// inline, bigger details (function calls, `for` expressions) are in side
/// tables, and spans that the node's own span determines are not stored
/// (see [`Expr::first_byte`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Expr {
    /// What the expression is.
    pub(crate) kind: ExprKind,
    /// The whole expression's source span.
    pub(crate) span: Span,
}

impl Expr {
    /// The one-byte span at the start of the node: the `[` of a
    /// [`ExprKind::Tuple`], the `{` of an [`ExprKind::Object`], the `-` or
    /// `!` of an [`ExprKind::Unary`].
    #[inline]
    pub(crate) fn first_byte(&self) -> Span {
        Span::new(self.span.start, self.span.start.saturating_add(1))
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum UnaryOp {
    /// `-a`
    Negate,
    /// `!a`
    Not,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BinaryOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `>`
    Greater,
    /// `>=`
    GreaterOrEqual,
    /// `<`
    Less,
    /// `<=`
    LessOrEqual,
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`
    Divide,
    /// `%`
    Modulo,
}

impl BinaryOp {
    /// Precedence level from the spec: higher binds tighter.
    pub(crate) fn precedence(self) -> u8 {
        match self {
            BinaryOp::Or => 1,
            BinaryOp::And => 2,
            BinaryOp::Equal | BinaryOp::NotEqual => 3,
            BinaryOp::Greater
            | BinaryOp::GreaterOrEqual
            | BinaryOp::Less
            | BinaryOp::LessOrEqual => 4,
            BinaryOp::Add | BinaryOp::Subtract => 5,
            BinaryOp::Multiply | BinaryOp::Divide | BinaryOp::Modulo => 6,
        }
    }

    /// The operator as written.
    #[cfg(test)]
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "||",
            BinaryOp::And => "&&",
            BinaryOp::Equal => "==",
            BinaryOp::NotEqual => "!=",
            BinaryOp::Greater => ">",
            BinaryOp::GreaterOrEqual => ">=",
            BinaryOp::Less => "<",
            BinaryOp::LessOrEqual => "<=",
            BinaryOp::Add => "+",
            BinaryOp::Subtract => "-",
            BinaryOp::Multiply => "*",
            BinaryOp::Divide => "/",
            BinaryOp::Modulo => "%",
        }
    }
}

/// The kinds of expression, after the Go implementation's node types.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ExprKind {
    /// A number literal.
    Number(NumberId),
    /// `true` or `false`.
    Bool(bool),
    /// `null`: the null value of the dynamic pseudo-type.
    Null,
    /// A literal string: a template literal part, or the whole of a quoted
    /// string with no interpolation (Go: a string `LiteralValueExpr`).
    String(Text),
    /// A template: its parts (literal strings, interpolated expressions,
    /// directives) are concatenated as strings.
    Template {
        /// The parts, in [`Ast::expr_lists`].
        parts: List,
    },
    /// A template that is a single interpolation: its value is returned
    /// unconverted (interpolation unwrapping).
    TemplateWrap {
        /// The interpolated expression.
        inner: ExprId,
    },
    /// The result of a template `for` directive: a tuple whose elements
    /// are strings, joined.
    TemplateJoin {
        /// A tuple `for` expression.
        tuple: ExprId,
    },
    /// A variable with attribute and index steps: `a.b[0]`.
    ScopeTraversal {
        /// The steps (the first is the root), in [`Ast::steps`].
        steps: List,
    },
    /// Attribute and index steps applied to another expression's value.
    RelativeTraversal {
        /// The expression the steps apply to.
        source: ExprId,
        /// The steps, in [`Ast::steps`].
        steps: List,
    },
    /// A function call; its details are in [`Ast::calls`].
    FunctionCall(CallId),
    /// `cond ? a : b`.
    Conditional {
        /// The predicate.
        condition: ExprId,
        /// Chosen when true.
        true_result: ExprId,
        /// Chosen when false.
        false_result: ExprId,
    },
    /// A binary operation.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Left operand.
        lhs: ExprId,
        /// Right operand.
        rhs: ExprId,
    },
    /// A unary operation.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: ExprId,
        /// The operator symbol.
        symbol: Span,
    },
    /// `[a, b]`. The `[` is the node's [`Expr::first_byte`].
    Tuple {
        /// The elements, in [`Ast::expr_lists`].
        elements: List,
    },
    /// `{k = v, ...}`. The `{` is the node's [`Expr::first_byte`].
    Object {
        /// Key and value ids alternately, in [`Ast::expr_lists`]. Keys are
        /// [`ExprKind::ObjectKey`] nodes.
        items: List,
    },
    /// An object key: a bare identifier is a literal name unless
    /// parenthesised.
    ObjectKey {
        /// The key expression.
        wrapped: ExprId,
        /// Set when the key was parenthesised: never a literal name.
        force_non_literal: bool,
    },
    /// A `for` expression.
    For(ForId),
    /// `coll[key]` where the key is not constant (constant keys become
    /// traversal steps). As in Go, only a number or a single literal
    /// string is a constant key: `coll[true]`, `coll[(0)]` and `coll[-1]`
    /// are `Index` nodes, and so is a legacy index whose number is invalid
    /// (`a.0.1`, with an [`ExprKind::Invalid`] key, after its diagnostic).
    ///
    /// The brackets span from `open` to the end of the node's span.
    Index {
        /// The collection.
        collection: ExprId,
        /// The key.
        key: ExprId,
        /// Byte offset of the `[` (of the `.` of a legacy index); one byte
        /// wide.
        open: u32,
    },
    /// `source.*...` or `source[*]...`. The `.*` or `[*]` marker is the
    /// span of the `item` node.
    Splat {
        /// The value splatted.
        source: ExprId,
        /// The expression applied to each element; refers to `item`.
        each: ExprId,
        /// The [`ExprKind::AnonSymbol`] standing for each element.
        item: ExprId,
    },
    /// The element currently visited by a splat.
    AnonSymbol,
    /// `(expr)`.
    Parens {
        /// The inner expression.
        inner: ExprId,
    },
    /// Stands where an expression failed to parse (its diagnostic has been
    /// reported), including a number literal out of range; evaluates to the
    /// dynamic value without further errors. Its span is where the parser
    /// stopped (Go's placeholder range).
    Invalid,
}

/// The details of a `for` expression.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ForExpr {
    /// The key variable, when two are given.
    pub(crate) key_var: Option<Span>,
    /// The value variable.
    pub(crate) value_var: Span,
    /// The collection iterated.
    pub(crate) collection: ExprId,
    /// The key expression (object `for` only).
    pub(crate) key: Option<ExprId>,
    /// The value (or element) expression.
    pub(crate) value: ExprId,
    /// The `if` condition.
    pub(crate) condition: Option<ExprId>,
    /// Grouping mode: `...` after the value.
    pub(crate) group: bool,
    /// The opening `[` or `{`.
    pub(crate) open: Span,
    /// The closing `]` or `}`.
    pub(crate) close: Span,
}

/// The details of a function call.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CallExpr {
    /// The function name.
    pub(crate) name: Span,
    /// The arguments, in [`Ast::expr_lists`].
    pub(crate) args: List,
    /// Whether the last argument is followed by `...`.
    pub(crate) expand_final: bool,
    /// Byte offset of the `(` (one byte wide).
    pub(crate) open_paren: u32,
    /// Byte offset of the `)` (one byte wide).
    pub(crate) close_paren: u32,
}

/// A traversal step.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Step {
    /// The variable name at the start of a scope traversal.
    Root {
        /// The name.
        name: Span,
    },
    /// `.name`.
    Attr {
        /// The name.
        name: Span,
        /// The dot and the name.
        span: Span,
    },
    /// A constant index: `[0]`, `["key"]`, or the legacy `.0`.
    Index {
        /// The key.
        key: StepKey,
        /// The brackets and key (or the dot and digits).
        span: Span,
    },
}

/// The constant key of an index step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepKey {
    /// A number.
    Number(NumberId),
    /// A string.
    String(Text),
}

/// A body: runs of attributes and blocks.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BodyNode {
    /// The attributes, in [`Ast::attributes`], in source order.
    pub(crate) attributes: List,
    /// The blocks, in [`Ast::blocks`], in source order.
    pub(crate) blocks: List,
    /// The whole body, as Go's `SrcRange`: for a block, from `{` to `}`
    /// (for a one-line block `a { b = 1 }`, the attribute); for a file,
    /// from its first token to its end.
    pub(crate) span: Span,
    /// Go's `EndRange`: an empty span just after the body's final token
    /// (after the `}`, or at the end of the file).
    pub(crate) end: Span,
}

/// An attribute definition `name = expr`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct AttributeNode {
    /// The name.
    pub(crate) name: Span,
    /// The value.
    pub(crate) expr: ExprId,
    /// Where the definition ends (see [`AttributeNode::span`]).
    pub(crate) end: u32,
    /// Byte offset of the `=` (one byte wide).
    pub(crate) equals: u32,
}

impl AttributeNode {
    /// The whole definition: from the name to the end of the expression.
    #[inline]
    pub(crate) fn span(&self) -> Span {
        Span::new(self.name.start, self.end)
    }
}

/// A block `type "label" label { ... }`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BlockNode {
    /// The type name.
    pub(crate) type_name: Span,
    /// The labels, in [`Ast::labels`].
    pub(crate) labels: List,
    /// The block's body.
    pub(crate) body: BodyId,
    /// The `{`.
    pub(crate) open_brace: Span,
    /// The `}`.
    pub(crate) close_brace: Span,
}

/// A block label: a quoted string or a bare identifier.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LabelNode {
    /// The label's value.
    pub(crate) text: Text,
    /// Where it is written (quotes included).
    pub(crate) span: Span,
}

impl Ast {
    /// The expression node with this id, if this tree has it: the one
    /// checked access, for an id that may come from another file (the
    /// type checker's entry point). Everything else indexes directly:
    /// ids are made by the parser of this tree only.
    pub(crate) fn get(&self, id: ExprId) -> Option<&Expr> {
        self.exprs.get(id.0 as usize)
    }

    /// The expression node with this id.
    pub(crate) fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.0 as usize]
    }

    /// The ids of a run of [`Ast::expr_lists`].
    pub(crate) fn expr_list(&self, list: List) -> &[ExprId] {
        &self.expr_lists[list.range()]
    }

    /// The steps of a run of [`Ast::steps`].
    pub(crate) fn step_list(&self, list: List) -> &[Step] {
        &self.steps[list.range()]
    }

    /// The body with this id.
    pub(crate) fn body(&self, id: BodyId) -> &BodyNode {
        &self.bodies[id.0 as usize]
    }

    /// The attributes of a body, in source order.
    pub(crate) fn body_attributes(&self, body: &BodyNode) -> &[AttributeNode] {
        &self.attributes[body.attributes.range()]
    }

    /// The blocks of a body, in source order.
    pub(crate) fn body_blocks(&self, body: &BodyNode) -> &[BlockNode] {
        &self.blocks[body.blocks.range()]
    }

    /// The labels of a block.
    pub(crate) fn block_labels(&self, block: &BlockNode) -> &[LabelNode] {
        &self.labels[block.labels.range()]
    }

    /// The function call details with this id.
    pub(crate) fn call(&self, id: CallId) -> &CallExpr {
        &self.calls[id.0 as usize]
    }

    /// The `for` details with this id.
    pub(crate) fn for_expr(&self, id: ForId) -> &ForExpr {
        &self.fors[id.0 as usize]
    }

    /// The number with this id.
    pub(crate) fn number(&self, id: NumberId) -> &Number {
        &self.numbers[id.0 as usize]
    }

    /// Resolves literal text against the source it was parsed from.
    pub(crate) fn text<'a>(&'a self, source: &'a str, text: Text) -> &'a str {
        match text {
            Text::Source(span) => source
                .get(span.start as usize..span.end as usize)
                .unwrap_or(""),
            Text::Owned(i) => &self.strings[i as usize],
        }
    }

    /// Adds an expression node and returns its id.
    pub(crate) fn push_expr(&mut self, kind: ExprKind, span: Span) -> ExprId {
        let id = ExprId(self.exprs.len() as u32);
        self.exprs.push(Expr { kind, span });
        id
    }

    /// Appends a run of expression ids and returns it (the parser builds
    /// runs on scratch stacks instead; this is for trees built by tests).
    #[cfg(test)]
    pub(crate) fn push_expr_list(&mut self, ids: &[ExprId]) -> List {
        let start = self.expr_lists.len() as u32;
        self.expr_lists.extend_from_slice(ids);
        List {
            start,
            len: ids.len() as u32,
        }
    }

    /// Appends a run of traversal steps and returns it (for trees built by
    /// tests, as [`Ast::push_expr_list`]).
    #[cfg(test)]
    pub(crate) fn push_steps(&mut self, steps: &[Step]) -> List {
        let start = self.steps.len() as u32;
        self.steps.extend_from_slice(steps);
        List {
            start,
            len: steps.len() as u32,
        }
    }

    /// Stores a number and returns its id.
    pub(crate) fn push_number(&mut self, n: Number) -> NumberId {
        let id = NumberId(self.numbers.len() as u32);
        self.numbers.push(n);
        id
    }

    /// Stores an owned literal text.
    pub(crate) fn push_string(&mut self, s: impl Into<Box<str>>) -> Text {
        let id = self.strings.len() as u32;
        self.strings.push(s.into());
        Text::Owned(id)
    }

    /// Stores function call details.
    pub(crate) fn push_call(&mut self, c: CallExpr) -> CallId {
        let id = CallId(self.calls.len() as u32);
        self.calls.push(c);
        id
    }

    /// Stores `for` details.
    pub(crate) fn push_for(&mut self, f: ForExpr) -> ForId {
        let id = ForId(self.fors.len() as u32);
        self.fors.push(f);
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_sizes_stay_small() {
        assert!(
            std::mem::size_of::<ExprKind>() <= 16,
            "{}",
            std::mem::size_of::<ExprKind>()
        );
        assert!(
            std::mem::size_of::<Expr>() <= 24,
            "{}",
            std::mem::size_of::<Expr>()
        );
        assert!(std::mem::size_of::<Step>() <= 24);
        assert!(std::mem::size_of::<AttributeNode>() <= 20);
    }

    /// (Replaces `native::eval_tests::ids_and_runs_out_of_range_are_harmless`,
    /// which fed made-up ids to every walk: ids now come from the parser
    /// only, and one of another file is caught where ids come in.)
    #[test]
    fn an_id_of_another_file_is_caught_by_the_checked_access() {
        use crate::extended::{ExtType, FunctionSignatures, Scope, check_expression};
        use crate::native::{ParseOptions, parse_config_str, parse_expression};
        use crate::pos::Pos;

        let (small, _) = parse_config_str("a = 1\n", "small.hcl");
        let (big, id, _) = parse_expression(
            b"[1, 2, 3, 4, 5]",
            "big.hcl",
            Pos::start(),
            &ParseOptions::default(),
        );
        assert!(big.ast().get(id).is_some());
        assert!(small.ast().get(id).is_none());
        let (ty, diags) = check_expression(&small, id, &Scope::new(), &FunctionSignatures::new());
        assert_eq!(ty, ExtType::Dynamic);
        assert!(diags.is_empty());
    }

    #[test]
    fn precedence_levels_follow_the_spec() {
        assert!(BinaryOp::Multiply.precedence() > BinaryOp::Add.precedence());
        assert!(BinaryOp::Add.precedence() > BinaryOp::Less.precedence());
        assert!(BinaryOp::Less.precedence() > BinaryOp::Equal.precedence());
        assert!(BinaryOp::Equal.precedence() > BinaryOp::And.precedence());
        assert!(BinaryOp::And.precedence() > BinaryOp::Or.precedence());
    }
}
