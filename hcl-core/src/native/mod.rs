//! The native syntax (`native-syntax.md`): lexer, parser, syntax tree,
//! evaluation and templates.

pub mod ast;
pub mod body;
pub mod dump;
mod eval;
mod eval_call;
mod eval_ops;
mod eval_ranges;
#[cfg(test)]
mod eval_tests;
pub mod expression;
pub mod file;
pub mod lexer;
mod parse;
mod parser;
mod static_analysis;
mod template_eval;
mod variables;

pub use body::NativeBody;
pub use expression::NativeExpression;
pub use file::{ParseOptions, ParsedFile};
pub use parse::{
    parse_config, parse_config_owned, parse_config_str, parse_expression, parse_template,
    parse_traversal_abs,
};
