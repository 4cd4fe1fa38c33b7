//! The JSON syntax (`json-syntax.md`): being written.
