//! The native syntax (`native-syntax.md`): lexer, parser, syntax tree,
//! evaluation and templates.

pub mod ast;
pub mod file;

pub use file::{ParseOptions, ParsedFile};
