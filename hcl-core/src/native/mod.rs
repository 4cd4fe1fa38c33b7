//! The native syntax (`native-syntax.md`): lexer, parser, syntax tree,
//! evaluation and templates.
//!
//! # Performance
//!
//! Parsing is the hot path of every user, so the parser is built for
//! throughput and a small, predictable memory footprint (the benchmark,
//! `bench/benches/parse.rs`, compares it with `hcl-edit` on a generated
//! Terraform-style corpus of 1 MB to 100 MB):
//!
//! - **One copy of the text, or none.** [`parse_config_owned`] takes the
//!   bytes (a `String` read from a file converts for free) and keeps them
//!   as the file's source; [`parse_config`] copies borrowed bytes once.
//!   Identifiers and literals without escapes are spans into that text,
//!   never copied.
//! - **A compact arena.** The tree is a few flat vectors of small nodes
//!   addressed by `u32` ids and [`Span`](crate::source::Span)s (an
//!   expression node is 24 bytes; rare big details such as function
//!   calls and `for` expressions sit in side tables; spans that a node's
//!   own span determines are not stored). Children lists are contiguous
//!   runs, built on reused scratch stacks.
//! - **Arenas sized from the input.** Each vector is reserved once at the
//!   density of typical configurations; a denser input grows it to the
//!   size its beginning predicts, rather than by repeated doubling (which
//!   copies and briefly holds both copies). The whole tree is about 3.3
//!   times the input, and the input itself is the only other memory held.
//! - **Positions on demand.** Nodes hold byte spans; lines and columns are
//!   computed only when a range is asked for, from a line index built on
//!   first use (a parse without diagnostics never builds it), in one sweep
//!   for all the diagnostics of a parse.
//! - **A batched, mostly table-driven lexer.** The parser takes tokens in
//!   batches (scanning does not depend on parsing), so there is no call
//!   per token; the common tokens (identifiers, numbers, punctuation,
//!   plain quoted text, blanks) take fast paths that scan eight bytes at a
//!   time; comments are folded into newlines (or dropped) as they are
//!   scanned, so the parser's look-ahead is one comparison.
//! - **Little work per token in the parser.** A peeked token is consumed
//!   without looking it up again; common shapes (a term without
//!   traversals, a quoted string without template sequences, a leaf node)
//!   skip the general machinery; small integers are parsed without big
//!   numbers.
//! - **Linear time.** Nothing is quadratic: attribute names are checked
//!   for duplicates by scanning small bodies and hashing big ones, and the
//!   arenas grow geometrically at worst, so 100 MB parses at the speed per
//!   byte of 1 MB (CPU-bound; page faults for fresh memory are a large
//!   part of the cost, which is why the footprint matters).
//!
//! Recursion is bounded by [`ParseOptions::max_depth`], so deep nesting
//! reports a diagnostic instead of overflowing the stack.

pub(crate) mod ast;
pub mod body;
#[cfg(test)]
mod dump;
mod eval;
pub mod expression;
pub mod file;
pub(crate) mod lexer;
mod parser;
mod static_analysis;
mod tree;
mod variables;

pub use ast::{BodyId, ExprId};
pub use body::NativeBody;
pub use expression::NativeExpression;
pub use file::{BlockOutline, BodyOutline, ParseOptions, ParsedFile};
pub use lexer::is_identifier;
pub use parser::{
    parse_config, parse_config_owned, parse_config_str, parse_expression, parse_template,
    parse_traversal_abs,
};
