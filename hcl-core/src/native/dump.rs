//! A readable dump of a parsed file's tree and of diagnostics, for tests
//! and debugging.
//!
//! One node a line, indented by depth, with every source range written as
//! `line,column-line,column@start-end` (bytes). The format is the one the
//! golden tests use; it is also what a small Go program prints for the Go
//! implementation's trees, so that the two parsers can be compared.
//!
//! Only the crate's tests use it (the parser's golden tests in
//! `native/parser/tests.rs`); the tree is internal to the crate.

use std::fmt::Write as _;

use unicode_normalization::UnicodeNormalization;

use crate::diagnostic::{Diagnostics, Severity};
use crate::native::ast::{BodyId, CallExpr, ExprId, ExprKind, Step, StepKey, UnaryOp};
use crate::native::file::ParsedFile;
use crate::pos::Range;
use crate::source::Span;

/// Writes a range as the dumps do: `line,column-line,column@start-end`.
pub fn range_string(r: &Range) -> String {
    format!(
        "{},{}-{},{}@{}-{}",
        r.start.line, r.start.column, r.end.line, r.end.column, r.start.byte, r.end.byte
    )
}

/// Quotes a string for a dump: `"`, `\` and control characters escaped,
/// everything else verbatim. (Not Go's `%q`,
/// [`go_quote`](crate::quote::go_quote): control characters are written
/// `\u{..}` and other characters verbatim, as the golden files and the Go
/// program that dumps Go's trees for comparison have them.)
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// String values are shown normalized (NFC), as values hold them.
fn nfc(s: &str) -> String {
    s.nfc().collect()
}

/// Dumps diagnostics: severity and summary, then the detail, subject and
/// context on their own lines.
pub fn dump_diagnostics(diags: &Diagnostics) -> String {
    let mut out = String::new();
    for d in diags {
        let sev = match d.severity {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
        };
        let _ = writeln!(out, "{sev}: {}", d.summary);
        if !d.detail.is_empty() {
            let _ = writeln!(out, "  detail: {}", d.detail);
        }
        if let Some(s) = &d.subject {
            let _ = writeln!(out, "  subject: {}", range_string(s));
        }
        if let Some(c) = &d.context {
            let _ = writeln!(out, "  context: {}", range_string(c));
        }
    }
    out
}

struct Dumper<'f> {
    file: &'f ParsedFile,
    out: String,
}

impl Dumper<'_> {
    fn r(&self, span: Span) -> String {
        range_string(&self.file.range(span))
    }

    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn body(&mut self, depth: usize, id: BodyId) {
        let ast = self.file.ast();
        let Some(body) = ast.bodies.get(id.0 as usize) else {
            self.line(depth, "<missing body>");
            return;
        };
        let head = format!("Body {} end={}", self.r(body.span), self.r(body.end));
        self.line(depth, &head);
        for a in ast.body_attributes(body) {
            let head = format!(
                "Attribute {} {} name={} eq={}",
                self.file.span_text(a.name),
                self.r(a.span()),
                self.r(a.name),
                self.r(Span::new(a.equals, a.equals.saturating_add(1)))
            );
            self.line(depth + 1, &head);
            self.expr(depth + 2, "", a.expr);
        }
        for b in ast.body_blocks(body) {
            let labels: Vec<String> = ast
                .block_labels(b)
                .iter()
                .map(|l| format!("{} {}", quote(self.file.text(l.text)), self.r(l.span)))
                .collect();
            let head = format!(
                "Block {} type={} labels=[{}] open={} close={}",
                self.file.span_text(b.type_name),
                self.r(b.type_name),
                labels.join(", "),
                self.r(b.open_brace),
                self.r(b.close_brace)
            );
            self.line(depth + 1, &head);
            self.body(depth + 2, b.body);
        }
    }

    fn steps(&mut self, depth: usize, steps: &[Step]) {
        for s in steps {
            let text = match s {
                Step::Root { name } => {
                    format!("Root {} {}", self.file.span_text(*name), self.r(*name))
                }
                Step::Attr { name, span } => {
                    format!("Attr {} {}", self.file.span_text(*name), self.r(*span))
                }
                Step::Index { key, span } => {
                    let k = match key {
                        StepKey::Number(_) => format!("#{}", self.file.span_text(*span)),
                        StepKey::String(t) => quote(&nfc(self.file.text(*t))),
                    };
                    format!("Index {k} {}", self.r(*span))
                }
            };
            self.line(depth, &text);
        }
    }

    fn expr(&mut self, depth: usize, label: &str, id: ExprId) {
        let file = self.file;
        let ast = file.ast();
        let Some(e) = ast.exprs.get(id.0 as usize) else {
            self.line(depth, "<missing expression>");
            return;
        };
        let pre = if label.is_empty() {
            String::new()
        } else {
            format!("{label}: ")
        };
        let r = self.r(e.span);
        match &e.kind {
            ExprKind::Number(_) => self.line(
                depth,
                &format!("{pre}Number {} {r}", file.span_text(e.span)),
            ),
            ExprKind::Bool(b) => self.line(depth, &format!("{pre}Bool {b} {r}")),
            ExprKind::Null => self.line(depth, &format!("{pre}Null {r}")),
            ExprKind::String(t) => self.line(
                depth,
                &format!("{pre}String {} {r}", quote(&nfc(file.text(*t)))),
            ),
            ExprKind::Invalid => self.line(depth, &format!("{pre}Invalid {r}")),
            ExprKind::AnonSymbol => self.line(depth, &format!("{pre}AnonSymbol {r}")),
            ExprKind::Template { parts } => {
                self.line(depth, &format!("{pre}Template {r}"));
                for &p in ast.expr_list(*parts) {
                    self.expr(depth + 1, "", p);
                }
            }
            ExprKind::TemplateWrap { inner } => {
                self.line(depth, &format!("{pre}TemplateWrap {r}"));
                self.expr(depth + 1, "", *inner);
            }
            ExprKind::TemplateJoin { tuple } => {
                self.line(depth, &format!("{pre}TemplateJoin {r}"));
                self.expr(depth + 1, "", *tuple);
            }
            ExprKind::ScopeTraversal { steps } => {
                self.line(depth, &format!("{pre}ScopeTraversal {r}"));
                self.steps(depth + 1, ast.step_list(*steps));
            }
            ExprKind::RelativeTraversal { source, steps } => {
                self.line(depth, &format!("{pre}RelativeTraversal {r}"));
                self.expr(depth + 1, "source", *source);
                self.steps(depth + 1, ast.step_list(*steps));
            }
            ExprKind::FunctionCall(call) => {
                let CallExpr {
                    name,
                    args,
                    expand_final,
                    open_paren,
                    close_paren,
                } = ast.call(*call);
                let head = format!(
                    "{pre}FunctionCall {} {r} name={} open={} close={} expand={expand_final}",
                    file.span_text(*name),
                    self.r(*name),
                    self.r(Span::new(*open_paren, *open_paren + 1)),
                    self.r(Span::new(*close_paren, (*close_paren + 1).min(e.span.end))),
                );
                self.line(depth, &head);
                for &a in ast.expr_list(*args) {
                    self.expr(depth + 1, "", a);
                }
            }
            ExprKind::Conditional {
                condition,
                true_result,
                false_result,
            } => {
                self.line(depth, &format!("{pre}Conditional {r}"));
                self.expr(depth + 1, "cond", *condition);
                self.expr(depth + 1, "true", *true_result);
                self.expr(depth + 1, "false", *false_result);
            }
            ExprKind::Binary { op, lhs, rhs } => {
                self.line(depth, &format!("{pre}Binary {} {r}", op.symbol()));
                self.expr(depth + 1, "", *lhs);
                self.expr(depth + 1, "", *rhs);
            }
            ExprKind::Unary {
                op,
                operand,
                symbol,
            } => {
                let sym = match op {
                    UnaryOp::Negate => "-",
                    UnaryOp::Not => "!",
                };
                self.line(
                    depth,
                    &format!("{pre}Unary {sym} {r} symbol={}", self.r(*symbol)),
                );
                self.expr(depth + 1, "", *operand);
            }
            ExprKind::Tuple { elements } => {
                let open = e.first_byte();
                self.line(depth, &format!("{pre}Tuple {r} open={}", self.r(open)));
                for &x in ast.expr_list(*elements) {
                    self.expr(depth + 1, "", x);
                }
            }
            ExprKind::Object { items } => {
                let open = e.first_byte();
                self.line(depth, &format!("{pre}Object {r} open={}", self.r(open)));
                for pair in ast.expr_list(*items).chunks(2) {
                    if let [k, v] = pair {
                        self.expr(depth + 1, "key", *k);
                        self.expr(depth + 1, "value", *v);
                    }
                }
            }
            ExprKind::ObjectKey {
                wrapped,
                force_non_literal,
            } => {
                self.line(
                    depth,
                    &format!("{pre}ObjectKey force={force_non_literal} {r}"),
                );
                self.expr(depth + 1, "", *wrapped);
            }
            ExprKind::For(fid) => {
                let f = ast.for_expr(*fid);
                let key = f
                    .key_var
                    .map_or(String::new(), |s| file.span_text(s).to_owned());
                let head = format!(
                    "{pre}For key={} val={} group={} {r} open={} close={}",
                    quote(&key),
                    quote(file.span_text(f.value_var)),
                    f.group,
                    self.r(f.open),
                    self.r(f.close)
                );
                self.line(depth, &head);
                self.expr(depth + 1, "coll", f.collection);
                if let Some(k) = f.key {
                    self.expr(depth + 1, "key", k);
                }
                self.expr(depth + 1, "value", f.value);
                if let Some(c) = f.condition {
                    self.expr(depth + 1, "cond", c);
                }
            }
            ExprKind::Index {
                collection,
                key,
                open,
            } => {
                let head = format!(
                    "{pre}Index {r} open={} bracket={}",
                    self.r(Span::new(*open, open.saturating_add(1))),
                    self.r(Span::new(*open, e.span.end))
                );
                self.line(depth, &head);
                self.expr(depth + 1, "coll", *collection);
                self.expr(depth + 1, "key", *key);
            }
            ExprKind::Splat { source, each, item } => {
                let marker = ast.expr(*item).span;
                self.line(depth, &format!("{pre}Splat {r} marker={}", self.r(marker)));
                self.expr(depth + 1, "source", *source);
                self.expr(depth + 1, "each", *each);
                self.expr(depth + 1, "item", *item);
            }
            ExprKind::Parens { inner } => {
                self.line(depth, &format!("{pre}Parens {r}"));
                self.expr(depth + 1, "", *inner);
            }
        }
    }
}

/// Dumps a parsed file's root body (or nothing if it has none).
pub fn dump_file(file: &ParsedFile) -> String {
    let mut d = Dumper {
        file,
        out: String::new(),
    };
    if let Some(root) = file.root() {
        d.body(0, root);
    }
    d.out
}

/// Dumps one expression of a parsed file.
pub fn dump_expr(file: &ParsedFile, id: ExprId) -> String {
    let mut d = Dumper {
        file,
        out: String::new(),
    };
    d.expr(0, "", id);
    d.out
}

#[cfg(test)]
mod tests {
    use crate::native::parse_config_str;

    /// The format, on a small file (this was the module's example).
    #[test]
    fn dump_of_a_small_file() {
        let (file, _) = parse_config_str("a = b.c\n", "t.hcl");
        assert_eq!(
            file.dump(),
            "Body 1,1-2,1@0-8 end=2,1-2,1@8-8\n  \
               Attribute a 1,1-1,8@0-7 name=1,1-1,2@0-1 eq=1,3-1,4@2-3\n    \
                 ScopeTraversal 1,5-1,8@4-7\n      \
                   Root b 1,5-1,6@4-5\n      \
                   Attr c 1,6-1,8@5-7\n"
        );
    }
}
