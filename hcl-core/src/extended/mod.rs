//! The extended type system (`type-extensions.md`, `pcl-syntax-and-types.md`): being written.
